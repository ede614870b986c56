"""Prints what PyTorch says for every example in the doctests of src/tensor/layout.rs, so the values written
there come from PyTorch, not from the code they document. Run: /path/to/venv/bin/python layout_examples.py
and compare with the doctests (each line names the function and the example)."""
import torch


def attempt(f):
    try:
        return repr(f())
    except Exception as e:  # the message is what the doctest checks
        return f"{type(e).__name__}: {e}"


# contiguous_strides
for shape in [(2, 3, 4), (), (2, 0, 3), (5,)]:
    print("contiguous_strides", shape, torch.empty(shape).stride())

# wrap_dim: the dim a reduction over `dim` of an ndim-dims tensor reduces (sizes 2, 3, 4, ... tell which);
# a 0-d tensor accepts -1 and 0 (maybe_wrap_dim's wrap_scalar)
for dim, ndim in [(-1, 3), (2, 3), (-3, 3), (3, 3), (-4, 3), (-1, 0), (0, 0), (1, 0)]:
    t = torch.zeros(tuple(range(2, 2 + ndim)))
    print("wrap_dim", dim, ndim, attempt(lambda: tuple(t.sum(dim).shape)))

# infer_size: view of a contiguous tensor of numel elements
for shape, numel in [((-1, 4), 12), ((2, -1, 3), 12), ((-1, 4), 6), ((-1, -1), 4), ((-2, 3), 6),
                     ((3, 4), 12), ((5,), 12)]:
    print("infer_size", shape, numel, attempt(lambda: tuple(torch.arange(numel).view(*shape).shape)))

# view_strides (computeStride)
base = torch.arange(48).view(2, 6, 4)[:, :3, :]
print("view_strides slice", base.shape, base.stride(), "view(2, 12)", attempt(lambda: base.view(2, 12).stride()))
print("view_strides slice", base.shape, base.stride(), "view(6, 4)", attempt(lambda: base.view(6, 4).stride()))
t = torch.arange(6).view(2, 3).t()
print("view_strides t()", t.shape, t.stride(), "view(3, 1, 2)", attempt(lambda: t.view(3, 1, 2).stride()))
print("view_strides t()", t.shape, t.stride(), "view(6)", attempt(lambda: t.view(6).stride()))
e = torch.ones(1, 4).expand(3, 4)
print("view_strides expand", e.shape, e.stride(), "view(3, 2, 2)", attempt(lambda: e.view(3, 2, 2).stride()))
s = torch.tensor(5.0)
print("view_strides 0-d", s.shape, s.stride(), "view(1, 1)", attempt(lambda: s.view(1, 1).stride()))

# broadcast_shapes
for a, b in [((2, 1, 4), (3, 1)), ((), (2, 3)), ((3,), (4,)), ((2, 3), (3, 3)), ((5, 1), (1, 0))]:
    print("broadcast_shapes", a, b, attempt(lambda: tuple(torch.broadcast_shapes(a, b))),
          "|", attempt(lambda: tuple((torch.zeros(a) + torch.zeros(b)).shape)))
