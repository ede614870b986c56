#!/usr/bin/env python3
"""Reference data for the special-function kernels of src/tensor/kernels/special.rs, from real PyTorch.

Writes tests/data/kernels/special_values.txt (replayed by src/tensor/kernels/tests_special.rs), lines
    <op> <n> <param> : <input bits hex>... : <output bits hex>...
in the format of gen_unary.py (float32 inputs and torch's outputs as raw bits; `param` is logit's eps,
polygamma's n, or `-`).

Run from the crate root, on the machine the sweep data come from:
    .venv/bin/python tools/kernels/gen_special.py > tests/data/kernels/special_values.txt
"""
import os
import sys

os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import torch  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inputs import SPECIALS, mixed  # noqa: E402

torch.set_num_threads(1)
lines = []


def bits(t):
    t = t.detach().contiguous().view(-1).to(torch.float32)
    return " ".join("%08x" % (v & 0xFFFFFFFF) for v in t.view(torch.int32).tolist())


def emit(op, param, x, y):
    lines.append("%s %d %s : %s : %s" % (op, x.numel(), param, bits(x), bits(y)))


OPS = {
    "lgamma": (torch.lgamma, lambda x: x),
    "digamma": (torch.digamma, lambda x: x),
    "erfinv": (torch.erfinv, lambda x: torch.tanh(x / 3)),
    "i0": (torch.i0, lambda x: x),
    "trigamma": (lambda x: torch.polygamma(1, x), lambda x: x),
    "polygamma2": (lambda x: torch.polygamma(2, x), lambda x: x),
    "polygamma3": (lambda x: torch.polygamma(3, x), lambda x: x),
    "logit": (torch.logit, lambda x: torch.sigmoid(x)),
    "logit_eps": (lambda x: torch.logit(x, 0.05), lambda x: torch.sigmoid(x)),
}
seed = 9000
for name, (f, shape) in OPS.items():
    param = "-"
    for n in list(range(1, 34)) + [4096]:
        seed += 1
        x = shape(mixed(n, seed))
        emit(name, param, x, f(x))
    extra = torch.tensor([0.0, 1.0, 0.5, 0.999, 0.05, 0.95, 1e-8, 1 - 1e-7, 2.0, -0.5])
    for xs in [SPECIALS, extra]:
        emit(name, param, xs, f(xs))
        for v in xs:
            emit(name, param, v.reshape(1), f(v.reshape(1)))
sys.stdout.write("\n".join(lines) + "\n")
