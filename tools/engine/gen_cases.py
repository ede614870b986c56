#!/usr/bin/env python3
"""Expected values for the engine's Rust tests (tests/engine_*.rs), computed by real PyTorch.

Run from the repository root with the project's PyTorch:

    /work/main/.venv/bin/python tools/engine/gen_cases.py          # writes tests/data/engine/*.json
    /work/main/.venv/bin/python tools/engine/gen_cases.py --check  # fails if a file would change

Every case names an op, its tensor inputs and its other arguments, and what PyTorch gave: tensors (dtype,
shape, values; float32 values as the hex of their bits), a bool, or the exception's class and message.
Inputs are built deterministically here (arange-based or seeded draws) and written out exactly, so the
Rust side reads the same bits rather than reproducing any random draw. A tensor input may be a view of a
contiguous base (`view`: transpose, step slices, expand, ...) so non-contiguous layouts are exercised.

The sweep follows PyTorch's OpInfo habits: the engine's dtypes (float32, int64, int32, bool), 0-d, empty,
one-element, broadcast and non-contiguous inputs, keyword variants and error inputs.

Where the engine does not give PyTorch's result today, the case stays, with `known_difference` (a one-line
reason, and for small numeric differences the tolerance the test still holds the values to). Those are
listed in KNOWN below; tests/engine_*.rs report how many there are and fail if one starts to match.
"""

import argparse
import json
import math
import os
import sys
import warnings
from pathlib import Path

# The engine reproduces torch's AVX2 CPU kernels (src/tensor/kernels.rs). On a CPU with AVX-512 torch
# would pick its AVX-512 kernels (other vector widths, other sums), so pin AVX2; one thread, as the golden
# scripts run.
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
# oneDNN (F.gelu) picks its kernels by the CPU too, not by ATEN_CPU_CAPABILITY: pin its AVX2 ones.
os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

warnings.simplefilter("ignore")
torch.set_num_threads(1)

OUT_DIR = Path(__file__).resolve().parents[2] / "tests" / "data" / "engine"

DTYPES = {
    torch.float32: "float32",
    torch.int64: "int64",
    torch.int32: "int32",
    torch.bool: "bool",
}
BY_NAME = {v: k for k, v in DTYPES.items()}

# ---- inputs -------------------------------------------------------------------------------------------


class In:
    """A tensor input: a contiguous base plus view steps the Rust side replays on the engine."""

    def __init__(self, base, steps=()):
        self.base = base.detach().contiguous()
        self.steps = list(steps)

    def _then(self, *step):
        return In(self.base, self.steps + [list(step)])

    def t(self):
        return self._then("t")

    def transpose(self, a, b):
        return self._then("transpose", a, b)

    def permute(self, *dims):
        return self._then("permute", list(dims))

    def slice(self, dim, start, stop, step):
        return self._then("slice", dim, start, stop, step)

    def expand(self, *shape):
        return self._then("expand", list(shape))

    def unsqueeze(self, d):
        return self._then("unsqueeze", d)

    def select(self, dim, i):
        return self._then("select", dim, i)

    def value(self):
        x = self.base.clone()
        for step in self.steps:
            kind, rest = step[0], step[1:]
            if kind == "t":
                x = x.t()
            elif kind == "transpose":
                x = x.transpose(*rest)
            elif kind == "permute":
                x = x.permute(*rest[0])
            elif kind == "slice":
                dim, start, stop, step_ = rest
                index = [slice(None)] * x.dim()
                index[dim] = slice(start, stop, step_)
                x = x[tuple(index)]
            elif kind == "expand":
                x = x.expand(*rest[0])
            elif kind == "unsqueeze":
                x = x.unsqueeze(rest[0])
            elif kind == "select":
                x = x.select(*rest)
            else:
                raise ValueError(kind)
        return x

    def enc(self):
        d = enc_values(self.base)
        if self.steps:
            d["view"] = self.steps
        return d


def as_in(v):
    return v if isinstance(v, In) else In(v)


def f32_bits(values):
    ints = values.view(torch.int32).tolist()
    return ["%08x" % (i & 0xFFFFFFFF) for i in ints]


def enc_values(t):
    t = t.detach()
    flat = t.contiguous().reshape(-1)
    d = {"dtype": DTYPES[t.dtype], "shape": list(t.shape)}
    if t.dtype == torch.float32:
        d["data"] = f32_bits(flat)
    else:
        d["data"] = flat.tolist()
    return d


def enc_out(t, view=False):
    d = enc_values(t)
    if view:
        d["strides"] = list(t.stride())
        d["offset"] = t.storage_offset()
    return d


def randn(*shape, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(*shape, generator=g)


def ar(*shape, dtype=torch.float32, start=0, scale=1.0):
    """arange-based values: start, start+1, ... times scale (floats), reshaped."""
    n = math.prod(shape)
    v = torch.arange(start, start + n, dtype=torch.float64) * scale
    return v.to(dtype).reshape(shape)


def ints(*shape, lo=-5, hi=6, seed=0, dtype=torch.int64):
    g = torch.Generator().manual_seed(seed)
    return torch.randint(lo, hi, shape, generator=g, dtype=dtype)


SPECIALS = torch.tensor([0.0, -0.0, 1.5, -2.25, float("inf"), float("-inf"), float("nan"), 1e-30, -40.0, 30.0])

# ---- cases --------------------------------------------------------------------------------------------

CASES = {}  # topic -> list of cases


def enc_arg(v):
    if isinstance(v, float) and not math.isfinite(v):
        return {"float": "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")}
    if isinstance(v, tuple):
        return [enc_arg(x) for x in v]
    if isinstance(v, list):
        return [enc_arg(x) for x in v]
    return v


def case(topic, name, op, inputs=None, **args):
    """Runs PY[op] on the inputs and args and records what PyTorch gave."""
    inputs = {k: as_in(v) if not isinstance(v, (list, tuple)) else [as_in(x) for x in v]
              for k, v in (inputs or {}).items()}
    values = {k: (v.value() if isinstance(v, In) else [x.value() for x in v]) for k, v in inputs.items()}
    try:
        out = PY[op](values, args)
        expected = encode_result(op, out)
    except Exception as e:  # noqa: BLE001 - every exception is an expected outcome
        expected = {"error": {"type": type(e).__name__, "message": str(e)}}
    full = f"{op}/{name}"
    c = {
        "name": full,
        "op": op,
        "inputs": {k: (v.enc() if isinstance(v, In) else [x.enc() for x in v]) for k, v in inputs.items()},
        "args": {k: enc_arg(v) for k, v in args.items()},
        "expected": expected,
    }
    if full in KNOWN:
        reason, tol = KNOWN[full]
        c["known_difference"] = {"reason": reason}
        if tol is not None:
            c["known_difference"]["tolerance"] = {"rtol": tol[0], "atol": tol[1]}
    CASES.setdefault(topic, []).append(c)


VIEW_OPS = {"diagonal", "movedim", "unflatten", "unbind", "broadcast_tensors", "index"}


def encode_result(op, out):
    view = op in VIEW_OPS
    if isinstance(out, bool):
        return {"bool": out}
    if isinstance(out, torch.Tensor):
        return {"tensor": enc_out(out, view)}
    if hasattr(out, "values") and hasattr(out, "indices"):
        return {"tensors": [enc_out(out.values), enc_out(out.indices)]}
    if isinstance(out, (tuple, list)):
        return {"tensors": [enc_out(t, view) for t in out]}
    raise TypeError(f"{op}: unexpected result {type(out)}")


# How each op is called in PyTorch (I: tensor inputs, A: other arguments). The Rust tests call the engine
# with the same names, one dispatcher per test file.
def _sdpa(I, A):
    return F.scaled_dot_product_attention(
        I["q"], I["k"], I["v"], attn_mask=I.get("mask"), is_causal=A.get("is_causal", False), scale=A.get("scale")
    )


def _dropout(I, A):
    torch.manual_seed(A["seed"])
    return F.dropout(I["x"], A["p"], A["training"])


def _scatter_(I, A):
    x = I["x"]
    src = I["src"] if "src" in I else A["value"]
    x.scatter_(A["dim"], I["index"], src)
    return x


def _scatter(I, A):
    src = I["src"] if "src" in I else A["value"]
    return I["x"].scatter(A["dim"], I["index"], src)


def _index_fill_(I, A):
    x = I["x"]
    x.index_fill_(A["dim"], I["index"], A["value"])
    return x


def py_index_item(spec, tensors):
    kind = spec[0]
    if kind == "int":
        return spec[1]
    if kind == "slice":
        return slice(spec[1], spec[2], spec[3])
    if kind == "none":
        return None
    if kind == "ellipsis":
        return Ellipsis
    if kind == "tensor":
        return tensors[spec[1]]
    raise ValueError(kind)


def _index(I, A):
    idx = tuple(py_index_item(s, I.get("indices", [])) for s in A["index"])
    return I["x"][idx]


def _index_put(I, A):
    x = I["x"]
    idx = tuple(py_index_item(s, I.get("indices", [])) for s in A["index"])
    x[idx] = I["value"]
    return x


def _binary(I, A):
    a = I["a"] if "a" in I else A["a"]
    b = I["b"] if "b" in I else A["b"]
    fn = {
        "add": torch.add, "sub": torch.sub, "mul": torch.mul, "div": torch.div, "floor_divide": torch.floor_divide,
        "remainder": torch.remainder, "pow": torch.pow, "maximum": torch.maximum, "minimum": torch.minimum,
        "eq": torch.eq, "ne": torch.ne, "lt": torch.lt, "le": torch.le, "gt": torch.gt, "ge": torch.ge,
        "bitwise_and": torch.bitwise_and, "bitwise_or": torch.bitwise_or, "bitwise_xor": torch.bitwise_xor,
    }[A["fn"]]
    if not isinstance(a, torch.Tensor):
        # A Python number on the left: the reflected operator, as `2 - t` runs.
        return {"add": lambda: a + b, "sub": lambda: a - b, "mul": lambda: a * b, "div": lambda: a / b,
                "pow": lambda: a ** b}[A["fn"]]()
    return fn(a, b)


def _binary_(I, A):
    a = I["a"]
    b = I["b"] if "b" in I else A["b"]
    getattr(a, A["fn"] + "_")(b)
    return a


def _where(I, A):
    a = I["a"] if "a" in I else A["a"]
    b = I["b"] if "b" in I else A["b"]
    return torch.where(I["cond"], a, b)


PY = {
    # nn
    "sdpa": _sdpa,
    "linear": lambda I, A: F.linear(I["x"], I["weight"], I.get("bias")),
    "leaky_relu": lambda I, A: F.leaky_relu(I["x"], A["negative_slope"]),
    "elu": lambda I, A: F.elu(I["x"], A["alpha"]),
    "softplus": lambda I, A: F.softplus(I["x"], A["beta"], A["threshold"]),
    "dropout": _dropout,
    "embedding": lambda I, A: F.embedding(I["indices"], I["weight"]),
    "one_hot": lambda I, A: F.one_hot(I["x"], A["num_classes"]),
    # loss
    "nll_loss": lambda I, A: F.nll_loss(I["input"], I["target"], ignore_index=A["ignore_index"],
                                        reduction=A["reduction"]),
    "cross_entropy": lambda I, A: F.cross_entropy(I["input"], I["target"], ignore_index=A["ignore_index"],
                                                  reduction=A["reduction"], label_smoothing=A["label_smoothing"]),
    "mse_loss": lambda I, A: F.mse_loss(I["input"], I["target"], reduction=A["reduction"]),
    "kl_div": lambda I, A: F.kl_div(I["input"], I["target"], reduction=A["reduction"], log_target=A["log_target"]),
    # index
    "gather": lambda I, A: torch.gather(I["x"], A["dim"], I["index"]),
    "scatter": _scatter,
    "scatter_": _scatter_,
    "index_fill": lambda I, A: I["x"].index_fill(A["dim"], I["index"], A["value"]),
    "index_fill_": _index_fill_,
    "index_select": lambda I, A: torch.index_select(I["x"], A["dim"], I["index"]),
    "masked_select": lambda I, A: torch.masked_select(I["x"], I["mask"]),
    "nonzero": lambda I, A: torch.nonzero(I["x"]),
    "nonzero_tuple": lambda I, A: torch.where(I["x"]),
    "index": _index,
    "index_put": _index_put,
    # reduce
    "cumsum": lambda I, A: torch.cumsum(I["x"], A["dim"]),
    "cumprod": lambda I, A: torch.cumprod(I["x"], A["dim"]),
    "logsumexp": lambda I, A: torch.logsumexp(I["x"], A["dims"], A["keepdim"]),
    "amax": lambda I, A: torch.amax(I["x"], A["dims"], A["keepdim"]),
    "amin": lambda I, A: torch.amin(I["x"], A["dims"], A["keepdim"]),
    "count_nonzero": lambda I, A: torch.count_nonzero(I["x"], A["dims"]),
    "norm": lambda I, A: I["x"].norm(dim=A["dims"], keepdim=A["keepdim"]),
    # reorder
    "flip": lambda I, A: torch.flip(I["x"], A["dims"]),
    "repeat": lambda I, A: I["x"].repeat(*A["repeats"]),
    "repeat_interleave": lambda I, A: I["x"].repeat_interleave(A["repeats"], dim=A["dim"]),
    "diagonal": lambda I, A: torch.diagonal(I["x"], A["offset"], A["dim1"], A["dim2"]),
    "diag": lambda I, A: torch.diag(I["x"]),
    "pad": lambda I, A: F.pad(I["x"], A["pad"], value=A["value"]),
    "movedim": lambda I, A: torch.movedim(I["x"], A["source"], A["destination"]),
    "unflatten": lambda I, A: I["x"].unflatten(A["dim"], A["sizes"]),
    "unbind": lambda I, A: torch.unbind(I["x"], A["dim"]),
    "vstack": lambda I, A: torch.vstack(I["tensors"]),
    "hstack": lambda I, A: torch.hstack(I["tensors"]),
    "broadcast_tensors": lambda I, A: torch.broadcast_tensors(*I["tensors"]),
    "tril_indices": lambda I, A: torch.tril_indices(A["row"], A["col"], A["offset"]),
    "sort": lambda I, A: torch.sort(I["x"], dim=A["dim"], descending=A["descending"]),
    "argsort": lambda I, A: torch.argsort(I["x"], dim=A["dim"], descending=A["descending"]),
    "topk": lambda I, A: torch.topk(I["x"], A["k"], dim=A["dim"], largest=A["largest"]),
    # broadcast and pointwise
    "binary": _binary,
    "binary_": _binary_,
    "binary_alpha": lambda I, A: getattr(torch, A["fn"])(I["a"], I["b"], alpha=A["alpha"]),
    "where": _where,
    "masked_fill": lambda I, A: I["x"].masked_fill(I["mask"], A["value"]),
    "isclose": lambda I, A: torch.isclose(I["a"], I["b"], rtol=A["rtol"], atol=A["atol"], equal_nan=A["equal_nan"]),
    "allclose": lambda I, A: torch.allclose(I["a"], I["b"], rtol=A["rtol"], atol=A["atol"]),
    "equal": lambda I, A: torch.equal(I["a"], I["b"]),
    "lerp": lambda I, A: torch.lerp(I["a"], I["b"], A["weight"]),
    "round": lambda I, A: torch.round(I["x"], decimals=A["decimals"]),
    "div_trunc": lambda I, A: torch.div(I["a"], I["b"] if "b" in I else A["b"], rounding_mode="trunc"),
    "logical": lambda I, A: getattr(torch, "logical_" + A["fn"])(I["a"], I["b"]),
    "logical_not": lambda I, A: torch.logical_not(I["x"]),
    "outer": lambda I, A: torch.outer(I["a"], I["b"]),
    "dot": lambda I, A: torch.dot(I["a"], I["b"]),
    "mv": lambda I, A: torch.mv(I["a"], I["b"]),
    "addmm": lambda I, A: torch.addmm(I["x"], I["a"], I["b"]),
    "contains": lambda I, A: (A["item"] in I["x"]) if "item" in A else (I["item"] in I["x"]),
}

# ---- known differences (case name -> (reason, (rtol, atol) or None)) ----------------------------------

KNOWN = {}

LAST_BITS = (1e-5, 1e-6)  # the tolerance kept for differences in the last bits of float32 results


def known(reason, names, tolerance=None):
    for n in names:
        KNOWN[n] = (reason, tolerance)


# nn
known("PyTorch's CPU flash attention computes q @ kT and the weights times v with MKL's sgemm, whose kernels "
      "for products this small (fewer than 4 query rows, fewer than 12 keys) sum in an order of their own "
      "(last bits)",
      ["sdpa/" + n for n in ["3d", "4d_heads", "bool_mask_tril", "bool_pad_mask_broadcast", "float_mask", "causal",
                             "scale", "fully_masked_row"]], LAST_BITS)
known("MKL's sgemm (which accumulates the bias) rounds differently from the engine's GEMM then bias add "
      "(last bits)",
      ["linear/" + n for n in ["2d_bias", "2d_no_bias", "3d_bias", "1d_bias", "transposed_weight"]], LAST_BITS)
# loss
known("PyTorch broadcasts input and target before it reads reduction=; the engine's caller parses reduction= "
      "first", ["mse_loss/err_broadcast_and_reduction"])
# index
known("index_fill of a 0-d tensor: PyTorch fills it, the engine's select() fails",
      ["index_fill/0d_x", "index_fill_/0d_x"])
known("PyTorch 2.15 accepts several '...' in an index; the engine raises IndexError", ["index/two_ellipsis"])
known("index_select goes through the engine's indexing, whose message differs from index_select's",
      ["index_select/err_out_of_range"])
# reduce
# reorder
known("PyTorch's message prints the dims as given (1, -1); the engine prints them wrapped",
      ["diagonal/err_same_dims"])
known("cropping more than a dim holds: PyTorch raises from narrow(), the engine leaves the dim empty",
      ["pad/crop_all"])
known("equal values: PyTorch's default sort is x86-simd-sort's vectorised quicksort (not stable); the engine's "
      "sort is stable", ["sort/ties_long", "sort/ties_long_desc"])
known("negative sizes: PyTorch raises, the engine counts them as 0", ["tril_indices/-1x3_off0"])
# broadcast
known("PyTorch has no integer kernel (NotImplementedError); the engine computes a result", ["round/int64"])
known("int / float with rounding_mode='trunc': PyTorch keeps float32, the engine casts back to the int dtype",
      ["div_trunc/int_float"])
known("PyTorch's BLAS dot/addmm sum (and add the input) in another order (last bit)", ["dot/float", "addmm/float"],
      LAST_BITS)

# ---- the sweep ----------------------------------------------------------------------------------------


def nn_cases():
    T = "nn"
    q, k, v = randn(2, 3, 4, seed=1), randn(2, 3, 4, seed=2), randn(2, 3, 4, seed=3)
    case(T, "3d", "sdpa", {"q": q, "k": k, "v": v})
    case(T, "4d_heads", "sdpa", {"q": randn(1, 2, 3, 4, seed=4), "k": randn(1, 2, 3, 4, seed=5),
                                 "v": randn(1, 2, 3, 4, seed=6)})
    case(T, "bool_mask_tril", "sdpa", {"q": q, "k": k, "v": v, "mask": torch.ones(3, 3).tril().bool()})
    case(T, "bool_pad_mask_broadcast", "sdpa",
         {"q": q, "k": k, "v": v, "mask": torch.tensor([True, True, False]).reshape(1, 1, 3)})
    case(T, "float_mask", "sdpa", {"q": q, "k": k, "v": v, "mask": randn(3, 3, seed=7)})
    case(T, "causal", "sdpa", {"q": q, "k": k, "v": v}, is_causal=True)
    case(T, "scale", "sdpa", {"q": q, "k": k, "v": v}, scale=0.5)
    case(T, "longer_keys", "sdpa", {"q": q, "k": randn(2, 5, 4, seed=8), "v": randn(2, 5, 6, seed=9)})
    case(T, "causal_rectangular", "sdpa", {"q": q, "k": randn(2, 5, 4, seed=8), "v": randn(2, 5, 6, seed=9)},
         is_causal=True)
    case(T, "noncontiguous_q", "sdpa", {"q": In(randn(2, 4, 3, seed=10)).transpose(1, 2), "k": k, "v": v})
    case(T, "fully_masked_row", "sdpa",
         {"q": q, "k": k, "v": v, "mask": torch.tensor([[True, True, True], [False, False, False], [True, False, True]])})
    case(T, "mask_and_causal", "sdpa", {"q": q, "k": k, "v": v, "mask": torch.ones(3, 3).bool()}, is_causal=True)
    case(T, "err_head_dim", "sdpa", {"q": q, "k": randn(2, 3, 5, seed=11), "v": v})
    case(T, "err_int", "sdpa", {"q": ints(2, 3, 4), "k": ints(2, 3, 4, seed=1), "v": ints(2, 3, 4, seed=2)})
    case(T, "err_1d", "sdpa", {"q": randn(4), "k": randn(4, seed=1), "v": randn(4, seed=2)})
    case(T, "err_1d_query_causal", "sdpa", {"q": randn(4), "k": randn(3, 4, seed=1), "v": randn(3, 4, seed=2)},
         is_causal=True)

    x, w, b = randn(2, 3, seed=12), randn(4, 3, seed=13), randn(4, seed=14)
    case(T, "2d_bias", "linear", {"x": x, "weight": w, "bias": b})
    case(T, "2d_no_bias", "linear", {"x": x, "weight": w})
    case(T, "3d_bias", "linear", {"x": randn(2, 5, 3, seed=15), "weight": w, "bias": b})
    case(T, "1d_bias", "linear", {"x": randn(3, seed=16), "weight": w, "bias": b})
    case(T, "transposed_weight", "linear", {"x": x, "weight": In(randn(3, 4, seed=17)).t(), "bias": b})
    case(T, "empty_batch", "linear", {"x": torch.zeros(0, 3), "weight": w, "bias": b})
    case(T, "err_dtype", "linear", {"x": ints(2, 3), "weight": w, "bias": b})
    case(T, "err_shape_bias", "linear", {"x": randn(2, 5), "weight": w, "bias": b})
    case(T, "err_shape_no_bias", "linear", {"x": randn(2, 5), "weight": w})

    xs = randn(3, 4, seed=18)
    for name, op, kw in [
        ("default", "leaky_relu", {"negative_slope": 0.01}),
        ("slope_0.2", "leaky_relu", {"negative_slope": 0.2}),
        ("slope_negative", "leaky_relu", {"negative_slope": -0.5}),
        ("alpha_1", "elu", {"alpha": 1.0}),
        ("alpha_0.5", "elu", {"alpha": 0.5}),
        ("beta_1", "softplus", {"beta": 1.0, "threshold": 20.0}),
        ("beta_2_threshold_1", "softplus", {"beta": 2.0, "threshold": 1.0}),
    ]:
        case(T, name, op, {"x": xs}, **kw)
        case(T, name + "_specials", op, {"x": SPECIALS}, **kw)
        case(T, name + "_0d", op, {"x": torch.tensor(-1.25)}, **kw)
        case(T, name + "_empty", op, {"x": torch.zeros(0, 3)}, **kw)
        case(T, name + "_transposed", op, {"x": In(xs).t()}, **kw)
        case(T, name + "_int64", op, {"x": ints(2, 3)}, **kw)
    case(T, "wide_range", "elu", {"x": ar(41, start=-20, scale=0.5)}, alpha=1.0)
    case(T, "wide_range", "softplus", {"x": ar(41, start=-20, scale=1.0)}, beta=1.0, threshold=20.0)

    xd = randn(4, 5, seed=19)
    case(T, "eval", "dropout", {"x": xd}, p=0.5, training=False, seed=0)
    case(T, "p0", "dropout", {"x": xd}, p=0.0, training=True, seed=0)
    case(T, "p1", "dropout", {"x": xd}, p=1.0, training=True, seed=0)
    case(T, "p_half_seed0", "dropout", {"x": xd}, p=0.5, training=True, seed=0)
    case(T, "p_0.2_seed7", "dropout", {"x": randn(3, 7, seed=20)}, p=0.2, training=True, seed=7)
    case(T, "transposed", "dropout", {"x": In(xd).t()}, p=0.5, training=True, seed=3)
    case(T, "int64", "dropout", {"x": ints(2, 3)}, p=0.5, training=True, seed=0)

    wt = randn(5, 4, seed=21)
    case(T, "2d_int64", "embedding", {"indices": torch.tensor([[0, 2, 4], [1, 1, 3]]), "weight": wt})
    case(T, "int32", "embedding", {"indices": torch.tensor([4, 0], dtype=torch.int32), "weight": wt})
    case(T, "0d", "embedding", {"indices": torch.tensor(3), "weight": wt})
    case(T, "empty", "embedding", {"indices": torch.zeros(0, dtype=torch.int64), "weight": wt})
    case(T, "transposed_weight", "embedding", {"indices": torch.tensor([1, 3]), "weight": In(randn(4, 5, seed=22)).t()})
    case(T, "noncontiguous_indices", "embedding",
         {"indices": In(torch.tensor([[0, 1], [2, 3], [4, 0]])).t(), "weight": wt})
    case(T, "err_float_indices", "embedding", {"indices": torch.tensor([0.0, 1.0]), "weight": wt})
    case(T, "err_bool_indices", "embedding", {"indices": torch.tensor([True]), "weight": wt})
    case(T, "err_out_of_range", "embedding", {"indices": torch.tensor([0, 5]), "weight": wt})
    case(T, "err_negative", "embedding", {"indices": torch.tensor([-1]), "weight": wt})

    case(T, "inferred", "one_hot", {"x": torch.tensor([0, 2, 1, 2])}, num_classes=-1)
    case(T, "given", "one_hot", {"x": torch.tensor([0, 2, 1])}, num_classes=5)
    case(T, "2d", "one_hot", {"x": torch.tensor([[0, 1], [3, 2]])}, num_classes=4)
    case(T, "0d", "one_hot", {"x": torch.tensor(2)}, num_classes=3)
    case(T, "empty_given", "one_hot", {"x": torch.zeros(0, dtype=torch.int64)}, num_classes=3)
    case(T, "err_empty_inferred", "one_hot", {"x": torch.zeros(0, dtype=torch.int64)}, num_classes=-1)
    case(T, "err_negative", "one_hot", {"x": torch.tensor([0, -1])}, num_classes=3)
    case(T, "err_too_large", "one_hot", {"x": torch.tensor([0, 3])}, num_classes=3)
    case(T, "err_int32", "one_hot", {"x": torch.tensor([0, 1], dtype=torch.int32)}, num_classes=2)
    case(T, "err_float", "one_hot", {"x": torch.tensor([0.0, 1.0])}, num_classes=2)


def loss_cases():
    T = "loss"
    logits = randn(4, 5, seed=30)
    logp = F.log_softmax(logits, 1)
    target = torch.tensor([1, 0, 4, 2])
    base = {"ignore_index": -100}
    for red in ["mean", "sum", "none"]:
        case(T, red, "nll_loss", {"input": logp, "target": target}, reduction=red, **base)
        case(T, red, "cross_entropy", {"input": logits, "target": target}, reduction=red, label_smoothing=0.0,
             **base)
        case(T, red + "_smoothing", "cross_entropy", {"input": logits, "target": target}, reduction=red,
             label_smoothing=0.1, **base)
    with_ignored = torch.tensor([1, -100, 4, 2])
    case(T, "ignored_default", "nll_loss", {"input": logp, "target": with_ignored}, reduction="mean", **base)
    case(T, "ignored_default", "cross_entropy", {"input": logits, "target": with_ignored}, reduction="mean",
         label_smoothing=0.0, **base)
    case(T, "ignored_smoothing", "cross_entropy", {"input": logits, "target": with_ignored}, reduction="mean",
         label_smoothing=0.2, **base)
    case(T, "ignore_index_2", "nll_loss", {"input": logp, "target": target}, reduction="mean", ignore_index=2)
    case(T, "ignore_index_2_none", "nll_loss", {"input": logp, "target": target}, reduction="none", ignore_index=2)
    case(T, "all_ignored_mean", "nll_loss", {"input": logp, "target": torch.full((4,), -100)}, reduction="mean",
         **base)
    case(T, "all_ignored_sum", "nll_loss", {"input": logp, "target": torch.full((4,), -100)}, reduction="sum",
         **base)
    case(T, "transposed_input", "cross_entropy", {"input": In(randn(5, 4, seed=31)).t(), "target": target},
         reduction="mean", label_smoothing=0.0, **base)
    case(T, "elementwise_mean", "nll_loss", {"input": logp, "target": target}, reduction="elementwise_mean", **base)
    case(T, "one_row", "nll_loss", {"input": logp[:1], "target": target[:1]}, reduction="mean", **base)
    case(T, "empty_batch_sum", "nll_loss", {"input": torch.zeros(0, 5), "target": torch.zeros(0, dtype=torch.int64)},
         reduction="sum", **base)
    case(T, "1d_input", "nll_loss", {"input": logp[0], "target": torch.tensor(1)}, reduction="mean", **base)
    case(T, "3d_input", "nll_loss", {"input": F.log_softmax(randn(2, 5, 3, seed=32), 1),
                                     "target": torch.tensor([[0, 1, 4], [2, 2, 3]])}, reduction="mean", **base)
    case(T, "1d_input", "cross_entropy", {"input": logits[0], "target": torch.tensor(1)}, reduction="mean",
         label_smoothing=0.0, **base)
    case(T, "prob_target", "cross_entropy", {"input": logits, "target": F.softmax(randn(4, 5, seed=33), 1)},
         reduction="mean", label_smoothing=0.0, **base)
    case(T, "err_target_out_of_bounds", "nll_loss", {"input": logp, "target": torch.tensor([1, 0, 5, 2])},
         reduction="mean", **base)
    case(T, "err_target_negative", "nll_loss", {"input": logp, "target": torch.tensor([1, -1, 0, 2])},
         reduction="mean", **base)
    case(T, "err_batch_mismatch", "nll_loss", {"input": logp, "target": torch.tensor([1, 0, 2])},
         reduction="mean", **base)
    case(T, "err_batch_mismatch", "cross_entropy", {"input": logits, "target": torch.tensor([1, 0, 2])},
         reduction="mean", label_smoothing=0.0, **base)
    case(T, "err_reduction", "nll_loss", {"input": logp, "target": target}, reduction="avg", **base)
    case(T, "err_reduction_batchmean", "nll_loss", {"input": logp, "target": target}, reduction="batchmean", **base)
    case(T, "err_reduction", "cross_entropy", {"input": logits, "target": target}, reduction="Mean",
         label_smoothing=0.0, **base)
    case(T, "int32_target", "nll_loss", {"input": logp, "target": target.int()}, reduction="mean", **base)

    a, b = randn(3, 4, seed=34), randn(3, 4, seed=35)
    for red in ["mean", "sum", "none"]:
        case(T, red, "mse_loss", {"input": a, "target": b}, reduction=red)
    case(T, "broadcast_target", "mse_loss", {"input": a, "target": randn(4, seed=36)}, reduction="mean")
    case(T, "0d", "mse_loss", {"input": torch.tensor(1.5), "target": torch.tensor(-0.25)}, reduction="mean")
    case(T, "empty_mean", "mse_loss", {"input": torch.zeros(0), "target": torch.zeros(0)}, reduction="mean")
    case(T, "transposed", "mse_loss", {"input": In(a).t(), "target": In(b).t()}, reduction="sum")
    case(T, "long_sum", "mse_loss", {"input": randn(1000, seed=37), "target": randn(1000, seed=38)}, reduction="sum")
    case(T, "int64", "mse_loss", {"input": ints(2, 3), "target": ints(2, 3, seed=1)}, reduction="none")
    case(T, "err_reduction", "mse_loss", {"input": a, "target": b}, reduction="foo")
    case(T, "err_broadcast", "mse_loss", {"input": a, "target": randn(3, seed=39)}, reduction="mean")
    case(T, "err_broadcast_and_reduction", "mse_loss", {"input": a, "target": randn(3, seed=39)}, reduction="foo")

    lp = F.log_softmax(randn(3, 4, seed=40), 1)
    tp = F.softmax(randn(3, 4, seed=41), 1)
    for red in ["batchmean", "sum", "mean", "none"]:
        case(T, red, "kl_div", {"input": lp, "target": tp}, reduction=red, log_target=False)
        case(T, red + "_log_target", "kl_div", {"input": lp, "target": F.log_softmax(randn(3, 4, seed=42), 1)},
             reduction=red, log_target=True)
    case(T, "zero_targets", "kl_div", {"input": lp, "target": torch.tensor([[0.5, 0.5, 0.0, 0.0]] * 3)},
         reduction="sum", log_target=False)
    case(T, "broadcast_target", "kl_div", {"input": lp, "target": tp[0]}, reduction="none", log_target=False)
    case(T, "0d_batchmean", "kl_div", {"input": torch.tensor(-1.0), "target": torch.tensor(0.5)},
         reduction="batchmean", log_target=False)
    case(T, "err_reduction", "kl_div", {"input": lp, "target": tp}, reduction="batch", log_target=False)


def index_cases():
    T = "index"
    x = ar(3, 4, scale=0.5)
    case(T, "dim1", "gather", {"x": x, "index": torch.tensor([[0, 3], [1, 1], [2, 0]])}, dim=1)
    case(T, "dim0", "gather", {"x": x, "index": torch.tensor([[2, 1, 0, 0], [0, 0, 1, 2]])}, dim=0)
    case(T, "negative_dim", "gather", {"x": x, "index": torch.tensor([[3], [2], [1]])}, dim=-1)
    case(T, "smaller_index", "gather", {"x": x, "index": torch.tensor([[1, 2]])}, dim=1)
    case(T, "int64_x", "gather", {"x": ints(3, 4), "index": torch.tensor([[0], [3], [1]])}, dim=1)
    case(T, "bool_x", "gather", {"x": torch.tensor([[True, False], [False, True]]),
                                 "index": torch.tensor([[1, 1], [0, 1]])}, dim=1)
    case(T, "transposed_x", "gather", {"x": In(x).t(), "index": torch.tensor([[0, 2], [1, 1], [2, 0], [0, 0]])}, dim=1)
    case(T, "transposed_index", "gather", {"x": x, "index": In(torch.tensor([[0, 1, 2], [3, 2, 1]])).t()}, dim=1)
    case(T, "0d", "gather", {"x": torch.tensor(2.5), "index": torch.tensor(0)}, dim=0)
    case(T, "empty_index", "gather", {"x": x, "index": torch.zeros(3, 0, dtype=torch.int64)}, dim=1)
    case(T, "negative_index", "gather", {"x": x, "index": torch.tensor([[-1], [0], [1]])}, dim=1)
    case(T, "err_out_of_bounds", "gather", {"x": x, "index": torch.tensor([[0], [4], [1]])}, dim=1)
    case(T, "err_rank", "gather", {"x": x, "index": torch.tensor([0, 1])}, dim=1)
    case(T, "err_dim", "gather", {"x": x, "index": torch.tensor([[0]])}, dim=2)
    case(T, "err_int32_index", "gather", {"x": x, "index": torch.tensor([[0], [1], [2]], dtype=torch.int32)}, dim=1)
    case(T, "err_index_too_big", "gather", {"x": x, "index": torch.zeros(4, 1, dtype=torch.int64)}, dim=1)

    z = torch.zeros(3, 5)
    src = ar(2, 5, start=1)
    idx = torch.tensor([[0, 1, 2, 0, 0], [2, 0, 0, 1, 2]])
    for op in ["scatter", "scatter_"]:
        case(T, "dim0_src", op, {"x": z, "index": idx, "src": src}, dim=0)
        case(T, "dim1_value", op, {"x": z, "index": torch.tensor([[1, 3], [0, 4], [2, 2]])}, dim=1, value=-1.5)
        case(T, "int_value_into_float", op, {"x": z, "index": torch.tensor([[4], [0], [1]])}, dim=1, value=7)
        case(T, "bigger_src", op, {"x": z, "index": torch.tensor([[0, 1], [2, 0]]), "src": ar(3, 6)}, dim=0)
        case(T, "err_out_of_bounds", op, {"x": z, "index": torch.tensor([[3, 0, 0, 0, 0]]), "src": src}, dim=0)
        case(T, "err_dtype_src", op, {"x": z, "index": idx, "src": ints(2, 5)}, dim=0)
    case(T, "int64_x", "scatter", {"x": ints(2, 3), "index": torch.tensor([[2, 0]]), "src": ints(1, 2, seed=4)},
         dim=1)
    case(T, "transposed_x", "scatter", {"x": In(ar(5, 3)).t(), "index": idx, "src": src}, dim=0)
    case(T, "negative_index", "scatter", {"x": z, "index": torch.tensor([[-1, 0, 0, 0, 0]]), "src": src}, dim=0)
    case(T, "transposed_x", "scatter_", {"x": In(ar(5, 3)).t(), "index": idx, "src": src}, dim=0)
    case(T, "err_index_more_dims", "scatter", {"x": z, "index": torch.zeros(1, 1, 1, dtype=torch.int64)}, dim=0,
         value=1.0)
    case(T, "index_fewer_dims", "scatter", {"x": z, "index": torch.tensor([2, 0])}, dim=0, value=1.0)

    for op in ["index_fill", "index_fill_"]:
        case(T, "dim1", op, {"x": x, "index": torch.tensor([0, 2])}, dim=1, value=-1.0)
        case(T, "dim0_int_value", op, {"x": x, "index": torch.tensor([1])}, dim=0, value=9)
        case(T, "negative_index", op, {"x": x, "index": torch.tensor([-1])}, dim=0, value=0.5)
        case(T, "int64_x", op, {"x": ints(3, 3), "index": torch.tensor([0, 2])}, dim=-1, value=100)
        case(T, "bool_x", op, {"x": torch.ones(2, 3, dtype=torch.bool), "index": torch.tensor([1])}, dim=1,
             value=False)
        case(T, "float_value_into_int", op, {"x": ints(2, 3), "index": torch.tensor([0])}, dim=0, value=2.7)
        case(T, "transposed", op, {"x": In(x).t(), "index": torch.tensor([1, 3])}, dim=0, value=-2.0)
        case(T, "0d_x", op, {"x": torch.tensor(3.0), "index": torch.tensor([0])}, dim=0, value=1.0)
        case(T, "err_out_of_range", op, {"x": x, "index": torch.tensor([4])}, dim=1, value=0.0)
        case(T, "err_dim", op, {"x": x, "index": torch.tensor([0])}, dim=2, value=0.0)

    case(T, "dim0", "index_select", {"x": x, "index": torch.tensor([2, 0])}, dim=0)
    case(T, "dim1_repeats", "index_select", {"x": x, "index": torch.tensor([3, 3, 1])}, dim=1)
    case(T, "negative_dim", "index_select", {"x": x, "index": torch.tensor([1])}, dim=-1)
    case(T, "int32_index", "index_select", {"x": x, "index": torch.tensor([1, 0], dtype=torch.int32)}, dim=0)
    case(T, "empty_index", "index_select", {"x": x, "index": torch.zeros(0, dtype=torch.int64)}, dim=0)
    case(T, "transposed_x", "index_select", {"x": In(x).t(), "index": torch.tensor([0, 2])}, dim=1)
    case(T, "3d", "index_select", {"x": ar(2, 3, 4), "index": torch.tensor([2, 0])}, dim=1)
    case(T, "err_out_of_range", "index_select", {"x": x, "index": torch.tensor([3])}, dim=0)
    case(T, "err_2d_index", "index_select", {"x": x, "index": torch.tensor([[0, 1]])}, dim=0)
    case(T, "err_float_index", "index_select", {"x": x, "index": torch.tensor([0.0])}, dim=0)

    m = x > 2.0
    case(T, "same_shape", "masked_select", {"x": x, "mask": m})
    case(T, "broadcast_mask", "masked_select", {"x": x, "mask": torch.tensor([True, False, False, True])})
    case(T, "transposed", "masked_select", {"x": In(x).t(), "mask": In(m).t()})
    case(T, "none_selected", "masked_select", {"x": x, "mask": torch.zeros(3, 4, dtype=torch.bool)})
    case(T, "int64_x", "masked_select", {"x": ints(2, 2), "mask": torch.tensor([[True, False], [True, True]])})
    case(T, "mask_broadcasts_x", "masked_select", {"x": torch.tensor([1.0, 2.0]), "mask": torch.tensor([[True, False], [True, True]])})
    case(T, "err_float_mask", "masked_select", {"x": x, "mask": torch.ones(3, 4)})
    case(T, "err_shape", "masked_select", {"x": x, "mask": torch.ones(3, dtype=torch.bool)})

    case(T, "float", "nonzero", {"x": torch.tensor([[0.0, 1.5, 0.0], [-2.0, 0.0, float("nan")]])})
    case(T, "bool", "nonzero", {"x": torch.tensor([[True, False], [False, True]])})
    case(T, "int32_3d", "nonzero", {"x": ints(2, 2, 3, lo=-1, hi=2, dtype=torch.int32)})
    case(T, "0d_true", "nonzero", {"x": torch.tensor(5)})
    case(T, "0d_false", "nonzero", {"x": torch.tensor(0.0)})
    case(T, "empty", "nonzero", {"x": torch.zeros(0, 3)})
    case(T, "none", "nonzero", {"x": torch.zeros(2, 3)})
    case(T, "transposed", "nonzero", {"x": In(torch.tensor([[0, 1, 2], [3, 0, 5]])).t()})
    case(T, "2d", "nonzero_tuple", {"x": torch.tensor([[True, False, True], [False, True, False]])})
    case(T, "1d_float", "nonzero_tuple", {"x": torch.tensor([0.0, 3.0, -1.0])})
    case(T, "empty", "nonzero_tuple", {"x": torch.zeros(2, 0, dtype=torch.bool)})

    y = ar(3, 4, 5)
    I = lambda *spec: list(spec)  # noqa: E731
    idx_cases = [
        ("int", [I("int", 1)], []),
        ("negative_int", [I("int", -1), I("int", 2)], []),
        ("slice_step", [I("slice", None, None, 2), I("slice", 1, None, 2)], []),
        ("slice_clamped", [I("slice", -10, 10, 1)], []),
        ("none_ellipsis", [I("none"), I("ellipsis"), I("int", 0)], []),
        ("ellipsis_middle", [I("int", 0), I("ellipsis"), I("slice", 1, 3, 1)], []),
        ("bool_mask", [I("tensor", 0)], [y.sum(-1) > 20]),
        ("bool_mask_1d", [I("slice", None, None, 1), I("tensor", 0)], [torch.tensor([True, False, True, False])]),
        ("int_tensor", [I("tensor", 0)], [torch.tensor([2, 0, 2])]),
        ("int_tensor_2d", [I("tensor", 0)], [torch.tensor([[0, 1], [2, 2]])]),
        ("two_tensors_broadcast", [I("tensor", 0), I("tensor", 1)], [torch.tensor([[0], [2]]), torch.tensor([1, 3])]),
        ("tensors_split_by_slice", [I("tensor", 0), I("slice", None, None, 1), I("tensor", 1)],
         [torch.tensor([0, 2]), torch.tensor([4, 1])]),
        ("int_and_tensor", [I("int", 1), I("tensor", 0)], [torch.tensor([3, 0])]),
        ("negative_tensor", [I("tensor", 0)], [torch.tensor([-1, -3])]),
        ("int32_tensor", [I("tensor", 0)], [torch.tensor([1], dtype=torch.int32)]),
        ("err_int_out_of_range", [I("int", 3)], []),
        ("err_too_many", [I("int", 0), I("int", 0), I("int", 0), I("int", 0)], []),
        ("err_tensor_out_of_range", [I("tensor", 0)], [torch.tensor([0, 3])]),
        ("err_float_tensor", [I("tensor", 0)], [torch.tensor([0.0])]),
        ("err_mask_shape", [I("tensor", 0)], [torch.tensor([True, False])]),
        ("two_ellipsis", [I("ellipsis"), I("ellipsis")], []),
    ]
    for name, spec, tensors in idx_cases:
        case(T, name, "index", {"x": y, "indices": tensors}, index=spec)
    case(T, "transposed_slice", "index", {"x": In(x).t(), "indices": []}, index=[I("slice", 1, None, 2)])
    case(T, "0d_ellipsis", "index", {"x": torch.tensor(4.0), "indices": []}, index=[I("ellipsis")])
    case(T, "0d_none", "index", {"x": torch.tensor(4.0), "indices": []}, index=[I("none")])
    case(T, "err_0d_int", "index", {"x": torch.tensor(4.0), "indices": []}, index=[I("int", 0)])

    put_cases = [
        ("slice_broadcast_row", [I("slice", None, None, 2)], [], ar(4, start=100)),
        ("int_scalar", [I("int", 1), I("int", 2)], [], torch.tensor(-1.0)),
        ("bool_mask_scalar", [I("tensor", 0)], [x > 3.0], torch.tensor(0.0)),
        ("int_tensor_rows", [I("tensor", 0)], [torch.tensor([2, 0])], ar(2, 4, start=-8)),
        ("two_tensors", [I("tensor", 0), I("tensor", 1)], [torch.tensor([0, 2]), torch.tensor([3, 3])],
         torch.tensor([5.0, 6.0])),
        ("int_value_into_float", [I("int", 0)], [], torch.tensor(7)),
        ("err_shape", [I("tensor", 0)], [torch.tensor([0, 1])], torch.ones(3)),
        ("err_slice_shape", [I("int", 0)], [], torch.ones(3)),
    ]
    for name, spec, tensors, value in put_cases:
        case(T, name, "index_put", {"x": x, "indices": tensors, "value": value}, index=spec)


def reduce_cases():
    T = "reduce"
    x = randn(3, 4, seed=50)
    for op in ["cumsum", "cumprod"]:
        for d in [0, 1, -1]:
            case(T, f"dim{d}", op, {"x": x}, dim=d)
        case(T, "int64", op, {"x": ints(3, 4, lo=-3, hi=4)}, dim=1)
        case(T, "int32", op, {"x": ints(3, 4, lo=-3, hi=4, dtype=torch.int32)}, dim=0)
        case(T, "bool", op, {"x": torch.tensor([[True, False, True], [True, True, False]])}, dim=1)
        case(T, "0d", op, {"x": torch.tensor(2.5)}, dim=0)
        case(T, "empty", op, {"x": torch.zeros(2, 0)}, dim=1)
        case(T, "transposed", op, {"x": In(x).t()}, dim=1)
        case(T, "step_slice", op, {"x": In(ar(3, 8, scale=0.25)).slice(1, None, None, 3)}, dim=1)
        case(T, "expanded", op, {"x": In(ar(1, 4, scale=0.5, start=1)).expand(3, 4)}, dim=0)
        case(T, "specials", op, {"x": SPECIALS}, dim=0)
        case(T, "err_dim", op, {"x": x}, dim=2)
    case(T, "long_row", "cumsum", {"x": randn(1000, seed=51)}, dim=0)
    case(T, "long_row", "cumprod", {"x": 1.0 + 0.01 * randn(300, seed=52)}, dim=0)

    for dims, keep in [((1,), False), ((0,), True), ((0, 1), False), ((-1,), True), ((), False)]:
        name = "dims_" + "_".join(str(d) for d in dims) + ("_keepdim" if keep else "")
        case(T, name, "logsumexp", {"x": x}, dims=list(dims), keepdim=keep)
        case(T, name, "amax", {"x": x}, dims=list(dims), keepdim=keep)
        case(T, name, "amin", {"x": x}, dims=list(dims), keepdim=keep)
    big = torch.tensor([[1000.0, 999.0, -float("inf")], [-float("inf"), -float("inf"), -float("inf")],
                        [float("inf"), 1.0, 2.0]])
    case(T, "infinities", "logsumexp", {"x": big}, dims=[1], keepdim=False)
    case(T, "int64", "logsumexp", {"x": ints(2, 3)}, dims=[1], keepdim=False)
    case(T, "0d", "logsumexp", {"x": torch.tensor(0.5)}, dims=[0], keepdim=False)
    case(T, "3d_two_dims", "logsumexp", {"x": randn(2, 3, 4, seed=53)}, dims=[0, 2], keepdim=True)
    case(T, "transposed", "logsumexp", {"x": In(x).t()}, dims=[1], keepdim=False)
    case(T, "err_dim", "logsumexp", {"x": x}, dims=[3], keepdim=False)
    for op in ["amax", "amin"]:
        case(T, "int64", op, {"x": ints(3, 4)}, dims=[0], keepdim=False)
        case(T, "bool", op, {"x": torch.tensor([[True, False], [False, False]])}, dims=[1], keepdim=False)
        case(T, "nan", op, {"x": torch.tensor([[1.0, float("nan"), 3.0], [0.0, -1.0, 2.0]])}, dims=[1],
             keepdim=False)
        case(T, "3d_two_dims", op, {"x": randn(2, 3, 4, seed=54)}, dims=[2, 0], keepdim=False)
        case(T, "expanded", op, {"x": In(ar(1, 4, start=-2)).expand(3, 4)}, dims=[0], keepdim=False)
        case(T, "0d", op, {"x": torch.tensor(-3.0)}, dims=[], keepdim=False)
        case(T, "err_empty", op, {"x": torch.zeros(0, 3)}, dims=[0], keepdim=False)
        case(T, "err_dim", op, {"x": x}, dims=[2], keepdim=False)

    xz = torch.tensor([[0.0, 1.0, -0.0], [2.0, 0.0, float("nan")]])
    case(T, "all", "count_nonzero", {"x": xz}, dims=None)
    case(T, "dim0", "count_nonzero", {"x": xz}, dims=[0])
    case(T, "dims_both", "count_nonzero", {"x": xz}, dims=[0, 1])
    case(T, "int64", "count_nonzero", {"x": ints(3, 4, lo=-1, hi=2)}, dims=[1])
    case(T, "bool", "count_nonzero", {"x": torch.tensor([True, False, True])}, dims=None)
    case(T, "empty", "count_nonzero", {"x": torch.zeros(0, 2)}, dims=[0])
    case(T, "transposed", "count_nonzero", {"x": In(xz).t()}, dims=[1])

    case(T, "all", "norm", {"x": x}, dims=None, keepdim=False)
    case(T, "dim1", "norm", {"x": x}, dims=[1], keepdim=False)
    case(T, "dim0_keepdim", "norm", {"x": x}, dims=[0], keepdim=True)
    case(T, "long_vector", "norm", {"x": randn(1000, seed=55)}, dims=None, keepdim=False)
    case(T, "int64", "norm", {"x": ints(2, 3)}, dims=None, keepdim=False)
    case(T, "transposed", "norm", {"x": In(x).t()}, dims=[0], keepdim=False)
    case(T, "0d", "norm", {"x": torch.tensor(-2.0)}, dims=None, keepdim=False)


def reorder_cases():
    T = "reorder"
    x = ar(2, 3, 4)
    for dims in [[0], [1, 2], [-1], [], [0, 1, 2]]:
        case(T, "dims_" + "_".join(str(d) for d in dims), "flip", {"x": x}, dims=dims)
    case(T, "int64", "flip", {"x": ints(3, 2)}, dims=[0])
    case(T, "bool", "flip", {"x": torch.tensor([True, False, False])}, dims=[0])
    case(T, "0d", "flip", {"x": torch.tensor(1.0)}, dims=[0])
    case(T, "empty", "flip", {"x": torch.zeros(0, 2)}, dims=[0])
    case(T, "transposed", "flip", {"x": In(ar(3, 4)).t()}, dims=[1])
    case(T, "err_duplicate", "flip", {"x": x}, dims=[0, -3])
    case(T, "err_dim", "flip", {"x": x}, dims=[3])

    y = ar(2, 3)
    for reps in [(2, 2), (1, 1, 3), (2, 0), (1, 1)]:
        case(T, "reps_" + "_".join(str(r) for r in reps), "repeat", {"x": y}, repeats=list(reps))
    case(T, "0d", "repeat", {"x": torch.tensor(7)}, repeats=[3])
    case(T, "empty", "repeat", {"x": torch.zeros(0, 2)}, repeats=[2, 2])
    case(T, "transposed", "repeat", {"x": In(y).t()}, repeats=[2, 1])
    case(T, "expanded", "repeat", {"x": In(ar(1, 3)).expand(2, 3)}, repeats=[1, 2])
    case(T, "bool", "repeat", {"x": torch.tensor([True, False])}, repeats=[2])
    case(T, "err_too_few", "repeat", {"x": y}, repeats=[2])

    for name, reps, dim in [("flat", 2, None), ("dim0", 2, 0), ("dim1", 3, 1), ("dim_neg", 2, -1), ("zero", 0, 0)]:
        case(T, name, "repeat_interleave", {"x": y}, repeats=reps, dim=dim)
    case(T, "0d_flat", "repeat_interleave", {"x": torch.tensor(5)}, repeats=3, dim=None)
    case(T, "err_0d_dim0", "repeat_interleave", {"x": torch.tensor(5)}, repeats=2, dim=0)
    case(T, "int64_transposed", "repeat_interleave", {"x": In(ints(2, 3)).t()}, repeats=2, dim=0)
    case(T, "err_dim", "repeat_interleave", {"x": y}, repeats=2, dim=2)

    m = ar(3, 4)
    for off, d1, d2 in [(0, 0, 1), (1, 0, 1), (-1, 0, 1), (5, 0, 1), (0, 1, 0), (-2, -1, -2)]:
        case(T, f"2d_off{off}_{d1}_{d2}", "diagonal", {"x": m}, offset=off, dim1=d1, dim2=d2)
    case(T, "3d_dims_1_2", "diagonal", {"x": x}, offset=0, dim1=1, dim2=2)
    case(T, "3d_dims_0_2_off1", "diagonal", {"x": x}, offset=1, dim1=0, dim2=2)
    case(T, "transposed", "diagonal", {"x": In(m).t()}, offset=1, dim1=0, dim2=1)
    case(T, "err_same_dims", "diagonal", {"x": m}, offset=0, dim1=1, dim2=-1)
    case(T, "err_1d", "diagonal", {"x": ar(3)}, offset=0, dim1=0, dim2=1)

    case(T, "1d", "diag", {"x": ar(3, start=1)})
    case(T, "1d_int64", "diag", {"x": torch.tensor([4, -5])})
    case(T, "2d_square", "diag", {"x": ar(3, 3)})
    case(T, "2d_wide", "diag", {"x": ar(2, 4)})
    case(T, "2d_tall", "diag", {"x": ar(4, 2)})
    case(T, "2d_transposed", "diag", {"x": In(ar(2, 3)).t()})
    case(T, "1d_empty", "diag", {"x": torch.zeros(0)})
    case(T, "0d", "diag", {"x": torch.tensor(2.0)})
    case(T, "3d", "diag", {"x": x})

    for name, pads in [("last", [1, 2]), ("two_dims", [1, 1, 2, 0]), ("crop", [-1, 1]), ("crop_all", [-2, -2]),
                       ("zero", [0, 0])]:
        case(T, name, "pad", {"x": y}, pad=pads, value=0.0)
    case(T, "value", "pad", {"x": y}, pad=[1, 0], value=2.5)
    case(T, "int_value", "pad", {"x": ints(2, 2)}, pad=[0, 1, 1, 0], value=-7)
    case(T, "bool", "pad", {"x": torch.tensor([True, False])}, pad=[1, 1], value=True)
    case(T, "3d_last", "pad", {"x": x}, pad=[2, 0], value=0.0)
    case(T, "transposed", "pad", {"x": In(y).t()}, pad=[1, 1], value=0.0)
    case(T, "err_odd", "pad", {"x": y}, pad=[1], value=0.0)
    case(T, "err_too_long", "pad", {"x": y}, pad=[1, 1, 1, 1, 1, 1], value=0.0)

    for s, d in [(0, 2), (-1, 0), (1, 1), (2, -2)]:
        case(T, f"{s}_to_{d}", "movedim", {"x": x}, source=s, destination=d)
    case(T, "transposed", "movedim", {"x": In(x).transpose(0, 2)}, source=0, destination=1)
    case(T, "err_dim", "movedim", {"x": x}, source=3, destination=0)

    z = ar(2, 12)
    case(T, "dim1", "unflatten", {"x": z}, dim=1, sizes=[3, 4])
    case(T, "inferred", "unflatten", {"x": z}, dim=-1, sizes=[-1, 4])
    case(T, "dim0", "unflatten", {"x": z}, dim=0, sizes=[2, 1])
    case(T, "err_sizes", "unflatten", {"x": z}, dim=1, sizes=[5])
    case(T, "err_noncontiguous", "unflatten", {"x": In(ar(12, 2)).t()}, dim=1, sizes=[3, 4])

    case(T, "dim0", "unbind", {"x": y}, dim=0)
    case(T, "dim1", "unbind", {"x": y}, dim=1)
    case(T, "dim_neg", "unbind", {"x": x}, dim=-1)
    case(T, "empty_dim", "unbind", {"x": torch.zeros(0, 2)}, dim=0)
    case(T, "err_0d", "unbind", {"x": torch.tensor(1.0)}, dim=0)

    case(T, "1d", "vstack", {"tensors": [ar(3), ar(3, start=3)]})
    case(T, "2d_and_1d", "vstack", {"tensors": [ar(2, 3), ar(3, start=10)]})
    case(T, "0d", "vstack", {"tensors": [torch.tensor(1.0), torch.tensor(2.0)]})
    case(T, "promotes", "vstack", {"tensors": [ints(1, 2), ar(2)]})
    case(T, "err_mismatch", "vstack", {"tensors": [ar(3), ar(2)]})
    case(T, "1d", "hstack", {"tensors": [ar(2), ar(3)]})
    case(T, "2d", "hstack", {"tensors": [ar(2, 1), ar(2, 3)]})
    case(T, "err_mismatch", "hstack", {"tensors": [ar(2, 1), ar(3, 1)]})

    case(T, "row_col", "broadcast_tensors", {"tensors": [ar(3, 1), ar(1, 4)]})
    case(T, "with_0d", "broadcast_tensors", {"tensors": [torch.tensor(1.0), ar(2, 2), ints(2)]})
    case(T, "err_mismatch", "broadcast_tensors", {"tensors": [ar(3), ar(4)]})

    for r, c, off in [(3, 3, 0), (3, 4, 1), (4, 3, -1), (0, 0, 0), (2, 5, -3), (-1, 3, 0)]:
        case(T, f"{r}x{c}_off{off}", "tril_indices", {}, row=r, col=c, offset=off)

    s = torch.tensor([[3.0, -1.0, 2.0, -1.0], [0.5, 0.5, -2.0, 7.0], [1.0, 0.0, -0.0, 1.0]])
    for dim in [-1, 0]:
        for desc in [False, True]:
            name = f"dim{dim}" + ("_desc" if desc else "")
            case(T, name, "sort", {"x": s}, dim=dim, descending=desc)
            case(T, name, "argsort", {"x": s}, dim=dim, descending=desc)
    case(T, "int64", "sort", {"x": ints(2, 5)}, dim=1, descending=False)
    case(T, "int64_big", "sort", {"x": torch.tensor([2**25 + 1, 2**25, 3])}, dim=0, descending=False)
    case(T, "bool", "sort", {"x": torch.tensor([True, False, True])}, dim=0, descending=True)
    case(T, "nan", "sort", {"x": torch.tensor([1.0, float("nan"), -1.0, 0.0])}, dim=0, descending=False)
    case(T, "0d", "sort", {"x": torch.tensor(4.0)}, dim=0, descending=False)
    case(T, "empty", "sort", {"x": torch.zeros(2, 0)}, dim=1, descending=False)
    case(T, "transposed", "sort", {"x": In(s).t()}, dim=1, descending=True)
    case(T, "ties_long", "sort", {"x": ints(40, lo=0, hi=3, seed=60).float()}, dim=0, descending=False)
    case(T, "ties_long_desc", "sort", {"x": ints(40, lo=0, hi=3, seed=61).float()}, dim=0, descending=True)
    case(T, "err_dim", "sort", {"x": s}, dim=2, descending=False)
    for k, dim, largest in [(2, -1, True), (1, 0, True), (3, 1, False), (0, 1, True), (4, 1, True)]:
        case(T, f"k{k}_dim{dim}" + ("" if largest else "_smallest"), "topk", {"x": s}, k=k, dim=dim,
             largest=largest)
    case(T, "int64", "topk", {"x": ints(3, 4)}, k=2, dim=1, largest=True)
    case(T, "err_k_too_big", "topk", {"x": s}, k=5, dim=1, largest=True)
    case(T, "err_k_negative", "topk", {"x": s}, k=-1, dim=1, largest=True)


def broadcast_cases():
    T = "broadcast"
    a34, a4, a31, a14 = randn(3, 4, seed=70), randn(4, seed=71), randn(3, 1, seed=72), randn(1, 4, seed=73)
    shapes = [
        ("same", a34, randn(3, 4, seed=74)),
        ("row", a34, a4),
        ("col_row", a31, a14),
        ("3d_2d", randn(2, 1, 4, seed=75), a31),
        ("0d_tensor", torch.tensor(2.5), a34),
        ("empty_rows", torch.zeros(0, 4), a14),
        ("empty_and_one", torch.zeros(0), torch.ones(1)),
        ("transposed_expanded", In(randn(4, 3, seed=76)).t(), In(a14).expand(3, 4)),
        ("step_slice", In(randn(3, 8, seed=77)).slice(1, 1, None, 2), a4),
    ]
    for name, a, b in shapes:
        for fn in ["add", "mul", "div", "maximum", "lt"]:
            case(T, f"{fn}_{name}", "binary", {"a": a, "b": b}, fn=fn)
    for fn in ["add", "sub", "mul", "div", "floor_divide", "remainder", "pow", "eq", "bitwise_and", "bitwise_xor"]:
        case(T, f"{fn}_int64_int32", "binary", {"a": ints(2, 3), "b": ints(3, seed=1, lo=1, hi=4, dtype=torch.int32)},
             fn=fn)
    case(T, "add_int64_float", "binary", {"a": ints(2, 3), "b": a14[0, :3]}, fn="add")
    case(T, "div_int_int", "binary", {"a": ints(2, 3), "b": ints(2, 3, seed=3, lo=1, hi=5)}, fn="div")
    case(T, "add_bool_bool", "binary", {"a": torch.tensor([True, False]), "b": torch.tensor([True, True])}, fn="add")
    case(T, "mul_bool_int", "binary", {"a": torch.tensor([True, False]), "b": torch.tensor([3, 4])}, fn="mul")
    case(T, "add_int_scalar_float", "binary", {"a": ints(3)}, b=2.5, fn="add")
    case(T, "mul_float_scalar_int", "binary", {"a": a4}, b=3, fn="mul")
    case(T, "add_int32_0d_int64", "binary", {"a": ints(3, dtype=torch.int32), "b": torch.tensor(5)}, fn="add")
    case(T, "sub_scalar_left", "binary", {"b": a4}, a=2, fn="sub")
    case(T, "pow_scalar_left", "binary", {"b": a4}, a=2.0, fn="pow")
    case(T, "pow_specials", "binary", {"a": SPECIALS, "b": torch.tensor(0.5)}, fn="pow")
    case(T, "err_mismatch_last", "binary", {"a": a34, "b": randn(3, seed=78)}, fn="add")
    case(T, "err_mismatch_middle", "binary", {"a": randn(2, 3, 4, seed=79), "b": randn(5, 4, seed=80)}, fn="mul")
    case(T, "err_mismatch_first_of_3", "binary", {"a": randn(2, 3, 4, seed=79), "b": randn(3, 3, 1, seed=81)},
         fn="sub")
    case(T, "err_empty_vs_3", "binary", {"a": torch.zeros(0), "b": ar(3)}, fn="add")
    case(T, "err_sub_bool", "binary", {"a": torch.tensor([True]), "b": torch.tensor([False])}, fn="sub")
    case(T, "err_bitwise_float", "binary", {"a": a4, "b": a4}, fn="bitwise_and")
    case(T, "err_int_negative_pow", "binary", {"a": ints(3)}, b=-1, fn="pow")

    case(T, "add_broadcast_b", "binary_", {"a": a34, "b": a4}, fn="add")
    case(T, "mul_scalar", "binary_", {"a": ints(3)}, b=2, fn="mul")
    case(T, "err_grow", "binary_", {"a": a4, "b": a34}, fn="add")
    case(T, "err_float_into_int", "binary_", {"a": ints(3), "b": a4[:3]}, fn="add")

    case(T, "add_alpha", "binary_alpha", {"a": a34, "b": a4}, fn="add", alpha=2)
    case(T, "sub_alpha_float", "binary_alpha", {"a": a34, "b": a31}, fn="sub", alpha=0.5)
    case(T, "add_alpha_int", "binary_alpha", {"a": ints(3), "b": ints(3, seed=2)}, fn="add", alpha=3)

    cond = torch.tensor([[True, False, True, False]])
    case(T, "tensors", "where", {"cond": cond, "a": a34, "b": a31})
    case(T, "scalars", "where", {"cond": cond}, a=1.0, b=0)
    case(T, "int_float", "where", {"cond": cond, "a": ints(4), "b": a4})
    case(T, "err_cond_dtype", "where", {"cond": ints(4), "a": a4, "b": a4})
    case(T, "err_shapes", "where", {"cond": cond, "a": a34, "b": randn(3, seed=82)})
    case(T, "broadcast_mask", "masked_fill", {"x": a34, "mask": cond}, value=-1e9)
    case(T, "mask_grows_x", "masked_fill", {"x": a4, "mask": torch.tensor([[True], [False]])}, value=0.0)
    case(T, "int_x_float_value", "masked_fill", {"x": ints(4), "mask": cond[0]}, value=2.7)
    case(T, "err_float_mask", "masked_fill", {"x": a4, "mask": torch.ones(4)}, value=0.0)

    close_b = a34 + torch.tensor([0.0, 1e-6, 1e-3, 1.0])
    for rtol, atol, eqn in [(1e-5, 1e-8, False), (1e-2, 0.0, False), (0.0, 1e-3, True)]:
        name = f"rtol{rtol}_atol{atol}" + ("_equal_nan" if eqn else "")
        case(T, name, "isclose", {"a": a34, "b": close_b}, rtol=rtol, atol=atol, equal_nan=eqn)
        case(T, name, "allclose", {"a": a34, "b": close_b}, rtol=rtol, atol=atol)
    nanv = torch.tensor([1.0, float("nan"), float("inf"), -float("inf"), 0.0])
    nanw = torch.tensor([1.0, float("nan"), float("inf"), float("inf"), -0.0])
    case(T, "specials", "isclose", {"a": nanv, "b": nanw}, rtol=1e-5, atol=1e-8, equal_nan=False)
    case(T, "specials_equal_nan", "isclose", {"a": nanv, "b": nanw}, rtol=1e-5, atol=1e-8, equal_nan=True)
    case(T, "broadcast", "isclose", {"a": a34, "b": a34[0]}, rtol=1e-5, atol=1e-8, equal_nan=False)
    case(T, "int64", "isclose", {"a": ints(3), "b": ints(3, seed=5)}, rtol=1e-5, atol=1e-8, equal_nan=False)
    case(T, "err_shape", "isclose", {"a": a34, "b": randn(3, seed=83)}, rtol=1e-5, atol=1e-8, equal_nan=False)
    case(T, "specials", "allclose", {"a": nanv, "b": nanw}, rtol=1e-5, atol=1e-8)
    case(T, "broadcast", "allclose", {"a": a34, "b": a34[:1]}, rtol=1e-5, atol=1e-8)
    case(T, "same", "equal", {"a": a34, "b": a34.clone()})
    case(T, "different_value", "equal", {"a": a34, "b": close_b})
    case(T, "different_shape", "equal", {"a": a34, "b": a34[:2]})
    case(T, "int_vs_float", "equal", {"a": torch.tensor([1, 2]), "b": torch.tensor([1.0, 2.0])})
    case(T, "nan", "equal", {"a": nanv, "b": nanv.clone()})
    for w in [0.0, 0.25, 0.5, 0.75, 1.0, 2.0]:
        case(T, f"w{w}", "lerp", {"a": a34, "b": randn(3, 4, seed=84)}, weight=w)
    case(T, "broadcast", "lerp", {"a": a34, "b": a4}, weight=0.3)
    case(T, "err_int", "lerp", {"a": ints(3), "b": ints(3, seed=2)}, weight=0.5)
    for d in [0, 1, 2, -1]:
        case(T, f"decimals{d}", "round", {"x": randn(3, 4, seed=85) * 100}, decimals=d)
    case(T, "halves", "round", {"x": torch.tensor([0.5, 1.5, 2.5, -0.5, -1.5])}, decimals=0)
    case(T, "int64", "round", {"x": ints(3)}, decimals=0)
    case(T, "float_float", "div_trunc", {"a": randn(3, 4, seed=86) * 10, "b": a4})
    case(T, "int_int", "div_trunc", {"a": ints(5, lo=-9, hi=10), "b": torch.tensor([2, -3, 4, 5, -2])})
    case(T, "int_scalar", "div_trunc", {"a": ints(5, lo=-9, hi=10)}, b=3)
    case(T, "int_float", "div_trunc", {"a": ints(4, lo=-9, hi=10), "b": a4})
    case(T, "err_int_zero", "div_trunc", {"a": ints(3), "b": torch.zeros(3, dtype=torch.int64)})
    for fn in ["and", "or", "xor"]:
        case(T, fn, "logical", {"a": torch.tensor([0.0, 1.5, -2.0, 0.0]), "b": torch.tensor([[1], [0]])}, fn=fn)
    case(T, "float", "logical_not", {"x": torch.tensor([0.0, -0.0, 2.0, float("nan")])})
    case(T, "int", "logical_not", {"x": ints(4)})
    case(T, "float", "outer", {"a": ar(3), "b": ar(2, start=1)})
    case(T, "int", "outer", {"a": torch.tensor([1, 2]), "b": torch.tensor([3, -1, 0])})
    case(T, "float", "dot", {"a": randn(5, seed=87), "b": randn(5, seed=88)})
    case(T, "int", "dot", {"a": torch.tensor([1, 2, 3]), "b": torch.tensor([4, 5, 6])})
    case(T, "err_2d", "dot", {"a": ar(2, 2), "b": ar(2)})
    case(T, "err_length", "dot", {"a": ar(3), "b": ar(4)})
    case(T, "float", "mv", {"a": randn(3, 4, seed=89), "b": randn(4, seed=90)})
    case(T, "err_rank", "mv", {"a": ar(4), "b": ar(4)})
    case(T, "err_length", "mv", {"a": ar(3, 4), "b": ar(3)})
    case(T, "float", "addmm", {"x": a4, "a": randn(3, 5, seed=91), "b": randn(5, 4, seed=92)})
    case(T, "err_shapes", "addmm", {"x": a4, "a": randn(3, 5, seed=91), "b": randn(4, 4, seed=92)})
    case(T, "scalar_present", "contains", {"x": torch.tensor([1.0, 2.5])}, item=2.5)
    case(T, "scalar_absent", "contains", {"x": torch.tensor([1, 2])}, item=3)
    case(T, "tensor_item", "contains", {"x": ar(2, 3), "item": torch.tensor(4.0)})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed files only")
    opts = parser.parse_args()
    for build in [nn_cases, loss_cases, index_cases, reduce_cases, reorder_cases, broadcast_cases]:
        build()
    stale = []
    summary = []
    for topic, cases in CASES.items():
        names = [c["name"] for c in cases]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            sys.exit(f"{topic}: duplicate case names {sorted(dup)}")
        doc = {
            "generated_by": "tools/engine/gen_cases.py",
            "torch": torch.__version__.split("+")[0],
            "cpu_capability": torch.backends.cpu.get_cpu_capability(),
            "topic": topic,
            "cases": cases,
        }
        # One case per line: small files whose diffs show which cases changed.
        head = json.dumps({k: v for k, v in doc.items() if k != "cases"}, allow_nan=False)[:-1]
        lines = [json.dumps(c, separators=(",", ":"), allow_nan=False) for c in cases]
        text = head + ', "cases": [\n' + ",\n".join(lines) + "\n]}\n"
        path = OUT_DIR / f"{topic}.json"
        if opts.check:
            if not path.exists() or path.read_text() != text:
                stale.append(str(path))
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
        known = sum(1 for c in cases if "known_difference" in c)
        summary.append(f"{topic}: {len(cases)} cases ({known} known differences)")
    print("\n".join(summary))
    unknown = set(KNOWN) - {c["name"] for cs in CASES.values() for c in cs}
    if unknown:
        sys.exit(f"KNOWN names cases that do not exist: {sorted(unknown)}")
    if stale:
        sys.exit("out of date: " + ", ".join(stale))


if __name__ == "__main__":
    main()
