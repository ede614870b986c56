#!/usr/bin/env python3
"""Reference data for the elementwise kernels of src/tensor/kernels/unary.rs, from real PyTorch.

Writes tests/data/kernels/unary_values.txt (replayed by src/tensor/kernels/tests_unary.rs), lines
    <op> <param>... : <input bits hex>... : <output bits hex>...
with the float32 inputs and torch's outputs as raw bits.

Run from the crate root, on the machine the sweep data come from:
    .venv/bin/python tools/kernels/gen_unary.py > tests/data/kernels/unary_values.txt

torch is pinned to what an AVX2 CPU runs: ATen's AVX2 kernels (ATEN_CPU_CAPABILITY) and oneDNN's
AVX2 kernels (ONEDNN_MAX_CPU_ISA, which GELU needs), one thread. The `gelu512` lines come from a
second run without the oneDNN pin (oneDNN's AVX-512 GELU; needs a CPU with AVX-512). MKL (sin,
log10, ...) picks its code by the CPU too; its results were the same with MKL_ENABLE_INSTRUCTIONS=AVX2.
"""
import os
import subprocess
import sys

if os.environ.get("GEN_UNARY_GELU512") == "1":
    os.environ.pop("ONEDNN_MAX_CPU_ISA", None)
else:
    os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")
os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import torch  # noqa: E402

torch.set_num_threads(1)
F = torch.nn.functional
out_lines = []


def bits(t):
    t = t.detach().contiguous().view(-1).to(torch.float32)
    return " ".join("%08x" % (v & 0xFFFFFFFF) for v in t.view(torch.int32).tolist())


def emit(op, params, inputs, output):
    ins = " ".join(bits(t) for t in inputs if t.numel() > 0)
    out_lines.append("%s %s : %s : %s" % (op, " ".join(str(p) for p in params), ins, bits(output)))


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inputs import SPECIALS, mixed  # noqa: E402


def gelu_lines(op):
    seed = 6000
    for n in list(range(1, 40)) + [4096]:
        seed += 1
        x = mixed(n, seed)
        emit(op, [n], [x], F.gelu(x))
    emit(op, [SPECIALS.numel()], [SPECIALS], F.gelu(SPECIALS))


if os.environ.get("GEN_UNARY_GELU512") == "1":
    gelu_lines("gelu512")
    sys.stdout.write("\n".join(out_lines) + "\n")
    sys.exit(0)

seed = 7000
UNARY = {
    "expm1": torch.expm1,
    "log1p": torch.log1p,
    "gelu": F.gelu,
    "gelutanh": lambda x: F.gelu(x, approximate="tanh"),
    # MKL VML in torch: the tests check these stay within one ulp, at the measured rates.
    "sin": torch.sin, "cos": torch.cos, "exp": torch.exp, "log": torch.log, "tanh": torch.tanh,
    "atan": torch.atan, "log10": torch.log10, "log2": torch.log2, "erf": torch.erf,
}
POSITIVE = ("log", "log10", "log2")
for name, f in UNARY.items():
    for n in list(range(1, 40)) + [4096]:
        seed += 1
        x = mixed(n, seed)
        if name in POSITIVE:
            x = x.abs()
        if name == "log1p":
            x = torch.where(x < -1, -x, x)
        emit(name, [n], [x], f(x))
    emit(name, [SPECIALS.numel()], [SPECIALS], f(SPECIALS))
    # each special value alone: a one-element tensor may take another path
    for v in SPECIALS:
        x = v.reshape(1)
        emit(name, [1], [x], f(x))

# lerp with a Python-number weight: lerp <n> <weight> : start end : out
for w in [0.0, 0.25, 0.4999, 0.5, 0.75, 1.0, 1.5, -0.5, 2.0, 0.1]:
    for n in list(range(1, 34)) + [1000]:
        seed += 1
        g = torch.Generator().manual_seed(seed)
        a = torch.randn(n, generator=g) * 3
        b = torch.randn(n, generator=g) * 3
        emit("lerp", [n, repr(w)], [a, b], torch.lerp(a, b, w))

# oneDNN reads its ISA limit once per process: the AVX-512 GELU lines come from a second run.
env = dict(os.environ, GEN_UNARY_GELU512="1")
gelu512 = subprocess.run([sys.executable, __file__], env=env, check=True, capture_output=True, text=True).stdout
sys.stdout.write("\n".join(out_lines) + "\n" + gelu512)
