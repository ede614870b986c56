# The mistakes autograd catches before it computes anything: backward() on a tensor that has no
# graph, on a non-scalar without a gradient, and with a gradient of the wrong shape.
import torch

attempts = [
    ("no graph", lambda: torch.ones(2, 2).backward()),
    ("no graph, 0-d", lambda: torch.tensor(3.0).backward()),
    ("not a scalar", lambda: (torch.ones(2, requires_grad=True) * 2).backward()),
    ("leaf, not a scalar", lambda: torch.ones(2, requires_grad=True).backward()),
    ("gradient of another shape", lambda: torch.ones(2, requires_grad=True).sum().backward(torch.ones(3))),
    ("int tensor", lambda: torch.tensor([1, 2]).backward()),
]
for label, attempt in attempts:
    try:
        attempt()
    except RuntimeError as e:
        print(f"{label}: {type(e).__name__}: {e}")
