#!/usr/bin/env python3
"""Generate bit-exact PyTorch reference data for src/random.rs.

Every expected number in the Rust tests comes from this script running real
PyTorch on the CPU. Float results are emitted as raw IEEE-754 bit patterns.

Usage:
    python gen.py                   # print the generated Rust block
    python gen.py --splice FILE     # replace the generated block in FILE
    ATEN_CPU_CAPABILITY=default python gen.py ...   # baseline (non-AVX2) kernels

The block for the active CPU capability is written between
`// BEGIN GENERATED <KIND>` and `// END GENERATED <KIND>` where KIND is AVX2 or
BASELINE, so both can live in the same file.
"""

import argparse
import math
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

DEFAULT_SEED = torch.Generator().initial_seed()
SEEDS = [0, 42, 1234, DEFAULT_SEED]

# Integer draws and the bernoulli kernel do not depend on the CPU capability,
# so the baseline block leaves them out.
KERNEL_INDEPENDENT = {"randint", "randperm", "bernoulli", "dropout"}

# Results with more elements than this are summarised (len, FNV-1a, first, last).
FULL_LIMIT = 128


def f32_bits(t):
    t = t.detach().contiguous().to(torch.float32).flatten()
    return [v & 0xFFFFFFFF for v in t.view(torch.int32).tolist()]


def fnv1a(words):
    h = 0xCBF29CE484222325
    for w in words:
        for b in w.to_bytes(4, "little"):
            h ^= b
            h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def dropout_input(n):
    # Mirrored exactly in the Rust tests.
    return (torch.arange(n, dtype=torch.float32) - (n // 2)) * 0.37


def run_op(op):
    """Run one op on the global CPU generator; return ('f32', bits) / ('i64', ints) / None."""
    kind = op[0]
    if kind == "Seed":
        torch.manual_seed(op[1])
        return None
    if kind == "Rand":
        return "f32", f32_bits(torch.rand(op[1]))
    if kind == "Uniform":
        return "f32", f32_bits(torch.empty(op[1]).uniform_(op[2], op[3]))
    if kind == "Randn":
        return "f32", f32_bits(torch.randn(op[1]))
    if kind == "Normal":
        return "f32", f32_bits(torch.empty(op[1]).normal_(op[2], op[3]))
    if kind == "Linear":
        lin = nn.Linear(op[1], op[2], bias=op[3])
        bits = f32_bits(lin.weight)
        if lin.bias is not None:
            bits += f32_bits(lin.bias)
        return "f32", bits
    if kind == "Embedding":
        return "f32", f32_bits(nn.Embedding(op[1], op[2]).weight)
    if kind == "Randint":
        return "i64", torch.randint(op[2], op[3], (op[1],)).tolist()
    if kind == "RandomI64":
        return "i64", torch.empty(op[1], dtype=torch.int64).random_().tolist()
    if kind == "Randperm":
        return "i64", torch.randperm(op[1]).tolist()
    if kind == "Bernoulli":
        return "f32", f32_bits(torch.empty(op[1]).bernoulli_(op[2]))
    if kind == "Dropout":
        return "f32", f32_bits(F.dropout(dropout_input(op[1]), op[2], training=True))
    raise ValueError(op)


def rust_op(op):
    kind = op[0]
    args = []
    for a in op[1:]:
        if isinstance(a, bool):
            args.append("true" if a else "false")
        elif isinstance(a, float):
            args.append(repr(a) if ("." in repr(a) or "e" in repr(a)) else repr(a) + ".0")
        else:
            args.append(str(a))
    return f"Op::{kind}({', '.join(args)})"


def rust_expect(res):
    if res is None:
        return "Expect::Nothing"
    kind, vals = res
    if kind == "i64":
        return "Expect::I64(&[" + ", ".join(str(v) for v in vals) + "])"
    if len(vals) <= FULL_LIMIT:
        return "Expect::F32(&[" + ", ".join(f"0x{v:08x}" for v in vals) + "])"
    return (
        f"Expect::Summary {{ len: {len(vals)}, fnv: 0x{fnv1a(vals):016x}, "
        f"first: 0x{vals[0]:08x}, last: 0x{vals[-1]:08x} }}"
    )


def cases_for_seed(seed):
    """(category, name, ops) for one seed."""
    c = []
    # uniform
    c.append(("rand", "rand(5)", [("Rand", 5)]))
    c.append(("rand", "rand(3,4)", [("Rand", 12)]))
    c.append(("rand", "rand(1000)", [("Rand", 1000)]))
    c.append(("rand", "uniform_(-0.3,0.7) x50", [("Uniform", 50, -0.3, 0.7)]))
    c.append(("rand", "uniform_(2.5,2.5000002) x20", [("Uniform", 20, 2.5, 2.5000002)]))
    c.append(("rand", "uniform_(1,1.0000005) x300", [("Uniform", 300, 1.0, 1.0000005)]))
    c.append(("rand", "uniform_(-2,-2) x3", [("Uniform", 3, -2.0, -2.0)]))
    c.append(("rand", "uniform_(-0.577,0.577) x200", [("Uniform", 200, -0.5773502691896258, 0.5773502691896258)]))
    # normal
    for n in (1, 2, 5, 15, 16, 17, 31, 32, 33, 100, 21, 1000):
        c.append(("randn", f"randn({n})", [("Randn", n)]))
    c.append(("randn", "normal_(0.3,2.7) x7", [("Normal", 7, 0.3, 2.7)]))
    c.append(("randn", "normal_(0.3,2.7) x40", [("Normal", 40, 0.3, 2.7)]))
    c.append(("randn", "normal_(-1.5,0.02) x300", [("Normal", 300, -1.5, 0.02)]))
    # state carried across calls, including the cached Box-Muller sample
    c.append(
        (
            "interleave",
            "randn/rand interleaved",
            [
                ("Randn", 5),
                ("Rand", 3),
                ("Randn", 16),
                ("Randn", 2),
                ("Rand", 2),
                ("Randn", 1),
                ("Randn", 1),
                ("Randn", 20),
                ("Randn", 3),
                ("Randint", 4, 0, 100),
                ("Randn", 1),
                ("Seed", seed),
                ("Randn", 1),
                ("Randn", 1),
            ],
        )
    )
    c.append(
        (
            "interleave",
            "mixed ops",
            [
                ("Rand", 700),
                ("Randn", 3),
                ("Randperm", 7),
                ("Randn", 3),
                ("Bernoulli", 5, 0.5),
                ("Rand", 2),
            ],
        )
    )
    # nn init
    c.append(("linear", "Linear(3,2)", [("Linear", 3, 2, True)]))
    c.append(("linear", "Linear(8,8)", [("Linear", 8, 8, True)]))
    c.append(("linear", "Linear(5,3,bias=False)", [("Linear", 5, 3, False)]))
    c.append(("linear", "Linear(1,4)", [("Linear", 1, 4, True)]))
    c.append(("linear", "Linear(512,2048)", [("Linear", 512, 2048, True)]))
    c.append(("linear", "two Linears", [("Linear", 4, 3, True), ("Linear", 3, 1, True)]))
    c.append(("embedding", "Embedding(10,8)", [("Embedding", 10, 8)]))
    c.append(("embedding", "Embedding(3,4)", [("Embedding", 3, 4)]))
    c.append(("embedding", "Embedding(100,32)", [("Embedding", 100, 32)]))
    # integers
    c.append(("randint", "randint(0,10,(20,))", [("Randint", 20, 0, 10)]))
    c.append(("randint", "randint(-5,5,(10,))", [("Randint", 10, -5, 5)]))
    c.append(("randint", "randint(3,4,(3,))", [("Randint", 3, 3, 4)]))
    c.append(("randint", "randint(-2**40,2**40,(6,))", [("Randint", 6, -(2**40), 2**40)]))
    c.append(("randint", "randint(0,2**32,(4,))", [("Randint", 4, 0, 2**32)]))
    c.append(("randint", "random_() int64", [("RandomI64", 8)]))
    for n in (0, 1, 2, 10, 100):
        c.append(("randperm", f"randperm({n})", [("Randperm", n)]))
    # bernoulli / dropout (the non-MKL CPU path: see module docs)
    c.append(("bernoulli", "bernoulli_(0.3) x64", [("Bernoulli", 64, 0.3)]))
    c.append(("bernoulli", "bernoulli_(0) x5", [("Bernoulli", 5, 0.0), ("Rand", 2)]))
    c.append(("bernoulli", "bernoulli_(1) x5", [("Bernoulli", 5, 1.0), ("Rand", 2)]))
    c.append(("dropout", "dropout(p=0.1) x64", [("Dropout", 64, 0.1)]))
    c.append(("dropout", "dropout(p=0.5) x20", [("Dropout", 20, 0.5)]))
    c.append(("dropout", "dropout(p=0.9) x33", [("Dropout", 33, 0.9)]))
    c.append(("dropout", "dropout(p=0) x5", [("Dropout", 5, 0.0), ("Rand", 2)]))
    c.append(("dropout", "dropout(p=1) x5", [("Dropout", 5, 1.0), ("Rand", 2)]))
    return c


def build_block(kind):
    out = []
    out.append(f"// Generated by gen/gen.py with torch {torch.__version__}, CPU capability "
               f"{torch.backends.cpu.get_cpu_capability()}. Do not edit by hand.")
    out.append(f"const {kind}_TORCH_VERSION: &str = \"{torch.__version__}\";")
    out.append(f"const {kind}_TORCH_GENERATOR_DEFAULT_SEED: u64 = {DEFAULT_SEED};")
    out.append("#[rustfmt::skip]")
    out.append(f"const {kind}_CASES: &[Case] = &[")
    for seed in SEEDS:
        for cat, name, ops in cases_for_seed(seed):
            if kind == "BASELINE" and cat in KERNEL_INDEPENDENT:
                continue
            torch.manual_seed(seed)
            steps = []
            for op in ops:
                steps.append(f"({rust_op(op)}, {rust_expect(run_op(op))})")
            out.append(
                f"    Case {{ cat: \"{cat}\", name: \"{name}\", seed: {seed}, steps: &["
                + ", ".join(steps)
                + "] },"
            )
    # A freshly constructed torch.Generator() (not the global one).
    g = torch.Generator()
    steps = [
        ("Rand", 5, f32_bits(torch.rand(5, generator=g))),
        ("Randn", 20, f32_bits(torch.randn(20, generator=g))),
        ("Randn", 3, f32_bits(torch.randn(3, generator=g))),
    ]
    rs = ", ".join(f"({rust_op(s[:2])}, {rust_expect(('f32', s[2]))})" for s in steps)
    out.append(
        f"    Case {{ cat: \"generator\", name: \"torch.Generator()\", seed: {DEFAULT_SEED}, "
        f"steps: &[{rs}] }},"
    )
    # A seed above 2**32: only the low 32 bits seed mt19937, initial_seed keeps all 64.
    big = 2**32 + 5
    torch.manual_seed(big)
    assert torch.initial_seed() == big
    rs = f"({rust_op(('Rand', 4))}, {rust_expect(run_op(('Rand', 4)))})"
    out.append(
        f"    Case {{ cat: \"generator\", name: \"seed 2**32+5\", seed: {big}, steps: &[{rs}] }},"
    )
    out.append("];")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--splice", help="Rust file whose generated block is replaced")
    args = ap.parse_args()
    assert DEFAULT_SEED == 67280421310721, DEFAULT_SEED
    cap = torch.backends.cpu.get_cpu_capability()
    kind = "AVX2" if cap in ("AVX2", "AVX512") else "BASELINE"
    # Bernoulli/dropout use MKL on Intel CPUs only; the reference must come from the
    # generic kernel.
    vendor = open("/proc/cpuinfo").read()
    assert "GenuineIntel" not in vendor, "bernoulli reference must be generated on a non-Intel CPU"
    block = build_block(kind)
    if not args.splice:
        sys.stdout.write(block)
        return
    begin = f"// BEGIN GENERATED {kind}\n"
    end = f"// END GENERATED {kind}\n"
    src = open(args.splice).read()
    i = src.index(begin) + len(begin)
    j = src.index(end)
    # keep the indentation of the END marker line
    k = src.rfind("\n", 0, j) + 1
    src = src[:i] + block + src[k:]
    open(args.splice, "w").write(src)
    print(f"spliced {kind} block ({len(block)} bytes) into {args.splice}", file=sys.stderr)


if __name__ == "__main__":
    main()
