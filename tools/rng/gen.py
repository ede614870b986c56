#!/usr/bin/env python3
"""Records bit-exact PyTorch random draws for src/tensor/random.rs's tests.

Writes tests/data/rng/avx2.json and tests/data/rng/baseline.json, which the tests in
src/tensor/random.rs load with include_str!. Each file is recorded by a child process of this
script with ATEN_CPU_CAPABILITY set (avx2, default), so one run on an x86 CPU with AVX2 writes both;
the CPU must not be Intel's (bernoulli uses MKL there, see random.rs). Run with the project's
PyTorch (2.15, CPU) from anywhere:

    .venv/bin/python tools/rng/gen.py           # write both files
    .venv/bin/python tools/rng/gen.py --check   # compare with the committed files

A file is {"generator", "torch", "cpu_capability", "default_seed", "cases": [...]}, one case per
line: {"cat", "name", "seed", "steps": [[op, expect], ...]}, run in order on a generator seeded
with `seed`. An op is {"Seed": s}, {"Rand": n}, {"Uniform": [n, "from", "to"]}, {"Randn": n},
{"Normal": [n, "mean", "std"]}, {"Linear": [in, out, bias]}, {"Embedding": [n, dim]},
{"Randint": [n, low, high]}, {"RandomI64": n}, {"Randperm": n}, {"Bernoulli": [n, "p"]} or
{"Dropout": [n, "p"]} (float arguments as Python reprs, parsed exactly by Rust's str::parse).
An expect is "Nothing", {"F32": ["0x3efe1558", ...]} (IEEE bits), {"I64": [...]}, or for more than
128 floats {"Summary": {"len", "fnv" (FNV-1a 64 of the little-endian bits), "first", "last"}}.
"""

import argparse
import json
import os
import subprocess
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
OUT_DIR = os.path.join(HERE, "..", "..", "tests", "data", "rng")

DEFAULT_SEED = torch.Generator().initial_seed()
SEEDS = [0, 42, 1234, DEFAULT_SEED]

# file name -> (ATEN_CPU_CAPABILITY, what torch.backends.cpu.get_cpu_capability() must then say)
KINDS = {"avx2": ("avx2", "AVX2"), "baseline": ("default", "DEFAULT")}

# Integer draws and the bernoulli kernel do not depend on the CPU capability,
# so the baseline file leaves them out.
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


def json_op(op):
    kind, args = op[0], list(op[1:])
    args = [repr(a) if isinstance(a, float) else a for a in args]
    return {kind: args[0] if len(args) == 1 else args}


def json_expect(res):
    if res is None:
        return "Nothing"
    kind, vals = res
    if kind == "i64":
        return {"I64": vals}
    if len(vals) <= FULL_LIMIT:
        return {"F32": [f"0x{v:08x}" for v in vals]}
    return {
        "Summary": {
            "len": len(vals),
            "fnv": f"0x{fnv1a(vals):016x}",
            "first": f"0x{vals[0]:08x}",
            "last": f"0x{vals[-1]:08x}",
        }
    }


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


def build_cases(kind):
    out = []
    for seed in SEEDS:
        for cat, name, ops in cases_for_seed(seed):
            if kind == "baseline" and cat in KERNEL_INDEPENDENT:
                continue
            torch.manual_seed(seed)
            steps = [[json_op(op), json_expect(run_op(op))] for op in ops]
            out.append({"cat": cat, "name": name, "seed": seed, "steps": steps})
    # A freshly constructed torch.Generator() (not the global one).
    g = torch.Generator()
    steps = [
        (("Rand", 5), f32_bits(torch.rand(5, generator=g))),
        (("Randn", 20), f32_bits(torch.randn(20, generator=g))),
        (("Randn", 3), f32_bits(torch.randn(3, generator=g))),
    ]
    out.append(
        {
            "cat": "generator",
            "name": "torch.Generator()",
            "seed": DEFAULT_SEED,
            "steps": [[json_op(op), json_expect(("f32", bits))] for op, bits in steps],
        }
    )
    # A seed above 2**32: only the low 32 bits seed mt19937, initial_seed keeps all 64.
    big = 2**32 + 5
    torch.manual_seed(big)
    assert torch.initial_seed() == big
    op = ("Rand", 4)
    out.append(
        {
            "cat": "generator",
            "name": "seed 2**32+5",
            "seed": big,
            "steps": [[json_op(op), json_expect(run_op(op))]],
        }
    )
    return out


def render(kind, cases):
    lines = [
        "{",
        '  "generator": "tools/rng/gen.py",',
        '  "torch": %s,' % json.dumps(torch.__version__),
        '  "cpu_capability": %s,' % json.dumps(torch.backends.cpu.get_cpu_capability()),
        '  "default_seed": %d,' % DEFAULT_SEED,
        '  "cases": [',
    ]
    body = [json.dumps(c) for c in cases]
    lines += ["    " + b + ("," if i + 1 < len(body) else "") for i, b in enumerate(body)]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def child(kind):
    """Runs in a process started with ATEN_CPU_CAPABILITY set; prints the file's text."""
    want = KINDS[kind][1]
    cap = torch.backends.cpu.get_cpu_capability()
    assert cap == want, f"{kind}: torch runs the {cap} kernels, not {want}"
    cases = build_cases(kind)
    sys.stdout.write(render(kind, cases))
    print(f"{kind}: {len(cases)} cases, {sum(len(c['steps']) for c in cases)} steps", file=sys.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the files, write nothing")
    ap.add_argument("--child", choices=sorted(KINDS), help=argparse.SUPPRESS)
    args = ap.parse_args()
    assert DEFAULT_SEED == 67280421310721, DEFAULT_SEED
    # Bernoulli/dropout use MKL on Intel CPUs only; the reference must come from the
    # generic kernel.
    vendor = open("/proc/cpuinfo").read()
    assert "GenuineIntel" not in vendor, "bernoulli reference must be generated on a non-Intel CPU"
    if args.child:
        child(args.child)
        return
    differ = []
    for kind, (capability, _) in KINDS.items():
        env = dict(os.environ, ATEN_CPU_CAPABILITY=capability)
        text = subprocess.run(
            [sys.executable, os.path.abspath(__file__), "--child", kind],
            env=env, check=True, stdout=subprocess.PIPE, encoding="utf-8",
        ).stdout
        path = os.path.join(OUT_DIR, kind + ".json")
        if args.check:
            try:
                with open(path, encoding="utf-8", newline="") as f:
                    if f.read() != text:
                        differ.append(kind)
            except FileNotFoundError:
                differ.append(kind)
            continue
        os.makedirs(OUT_DIR, exist_ok=True)
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    if args.check:
        print("differ: " + (" ".join(differ) if differ else "none"), file=sys.stderr)
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
