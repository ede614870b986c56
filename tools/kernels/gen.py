#!/usr/bin/env python3
"""Generate bit-exact reference data for src/kernels.rs from real PyTorch (CPU).

Every expected value is produced by torch; inputs are produced by torch's RNG
(seeded) or by simple deterministic constructions, and stored as raw float32
bits so the Rust tests can replay them.

Line format (one case per line):
    <op> <param>... : <input bits hex>... : <output bits hex>...
Big cases leave the input empty; the tests rebuild it with synth() (see below).

Usage (from the crate root):
    /work/.venv/bin/python gen/gen.py > src/kernels_testdata.txt

The other files in gen/ are development tools, not needed by the tests: oracle.c and
dump.c call the SLEEF and MKL routines inside libtorch_cpu.so (used to identify which
routines torch uses and to check the SLEEF port on 70M inputs); probe_*.py are the
experiments that identified the kernels.
"""
import math
import sys

import torch

torch.set_num_threads(1)



def bits(t):
    t = t.detach().contiguous().view(-1).to(torch.float32)
    return " ".join("%08x" % (v & 0xFFFFFFFF) for v in t.view(torch.int32).tolist())


out_lines = []


def emit(op, params, inputs, outputs):
    ins = " ".join(bits(t) for t in inputs if t.numel() > 0)
    outs = bits(outputs)
    out_lines.append("%s %s : %s : %s" % (op, " ".join(str(p) for p in params), ins, outs))


def row(kind, n, seed):
    g = torch.Generator().manual_seed(seed)
    if kind == "randn":
        return torch.randn(n, generator=g)
    if kind == "wide":
        return torch.randn(n, generator=g) * 10 + 3
    if kind == "rand":
        return torch.rand(n, generator=g)
    if kind == "int":
        return torch.randint(-5, 6, (n,), generator=g).float()
    if kind == "equal":
        return torch.full((n,), float(torch.randn(1, generator=g)))
    if kind == "tiny":
        return torch.randn(n, generator=g) * 1e-3
    if kind == "big":
        return torch.randn(n, generator=g) * 1e4
    if kind == "mask_inf":  # causal-style: tail masked with -inf (at least one finite)
        x = torch.randn(n, generator=g)
        k = int(torch.randint(1, n + 1, (1,), generator=g))
        x[k:] = float("-inf")
        return x
    if kind == "mask_1e9":
        x = torch.randn(n, generator=g)
        m = torch.rand(n, generator=g) < 0.4
        m[0] = False
        return x.masked_fill(m, -1e9)
    if kind == "mask_1e10":
        x = torch.randn(n, generator=g) / math.sqrt(8.0)
        m = torch.rand(n, generator=g) < 0.5
        m[int(torch.randint(0, n, (1,), generator=g))] = False
        return x.masked_fill(m, -1e10)
    if kind == "special":  # non-finite and extreme values mixed into a normal row
        x = torch.randn(n, generator=g)
        vals = [float("inf"), float("-inf"), float("nan"), 3e38, -3e38, 1e-40, -0.0, 0.0]
        k = int(torch.randint(0, len(vals), (1,), generator=g))
        p = int(torch.randint(0, n, (1,), generator=g))
        x[p] = vals[k]
        return x
    if kind == "all_inf":
        return torch.full((n,), float("-inf"))
    raise ValueError(kind)


SMALL = list(range(1, 71))
MID = list(range(1, 41)) + [47, 48, 63, 64, 65, 70]
BIG = [128, 129, 512, 1000, 2048]

# ---------------------------------------------------------------- sums
seed = 1000
for kind in ["randn", "rand", "int", "equal", "wide", "special"]:
    for n in SMALL + (BIG if kind in ("randn", "rand") else []):
        seed += 1
        x = row(kind, n, seed)
        emit("sum", [n], [x], x.sum())
        if kind in ("randn", "int") and n <= 70:
            x2 = torch.stack([row(kind, n, seed + 50000), x])
            emit("sumrows", [2, n], [x2], x2.sum(-1))
for rows, cols in [(r, c) for r in [1, 2, 3, 5, 8, 17, 33] for c in [1, 3, 4, 5, 7, 8, 9, 15, 16, 31, 32, 33, 40, 63, 64, 65]]:
    seed += 1
    x = torch.randn(rows, cols, generator=torch.Generator().manual_seed(seed))
    emit("sumouter", [rows, cols], [x], x.sum(0))
for rows, cols in [(512, 8), (1000, 3), (100, 70)]:
    seed += 1
    x = torch.randn(rows, cols, generator=torch.Generator().manual_seed(seed))
    emit("sumouter", [rows, cols], [x], x.sum(0))

# ---------------------------------------------------------------- mean / var / std
# 1-D tensor: outputs mean, var(c=1), var(c=0), std(c=1), std(c=0)  (var/std NaN/inf cases included)
# [2, n] tensor over dim -1: outputs mean(-1), var(-1, c=1), var(-1, c=0), std(-1, c=1), std(-1, c=0)
for kind in ["randn", "wide", "int", "equal", "special"]:
    for n in SMALL + (BIG if kind == "randn" else []):
        seed += 1
        x = row(kind, n, seed)
        emit("moments", [n], [x], torch.stack([x.mean(), x.var(correction=1), x.var(correction=0),
                                               x.std(correction=1), x.std(correction=0)]))
        if n <= 70:
            x2 = torch.stack([x, row(kind, n, seed + 50000)])
            emit("momentsrows", [2, n], [x2], torch.cat([x2.mean(-1), x2.var(-1, correction=1),
                                                         x2.var(-1, correction=0), x2.std(-1, correction=1),
                                                         x2.std(-1, correction=0)]))

# ---------------------------------------------------------------- softmax (outputs: softmax rows then log_softmax rows)
def sm(x):
    return torch.cat([torch.softmax(x, -1).reshape(-1), torch.log_softmax(x, -1).reshape(-1)])


for kind in ["randn", "wide", "int", "equal", "tiny", "big", "mask_inf", "mask_1e9", "mask_1e10", "special"]:
    lens = SMALL if kind in ("randn", "mask_inf", "mask_1e9") else MID
    for n in lens + (BIG if kind in ("randn", "mask_1e9") else []):
        seed += 1
        x = row(kind, n, seed).unsqueeze(0)
        emit("softmax", [1, n], [x], sm(x))
for n in [1, 2, 5, 8, 9, 16, 17]:
    x = row("all_inf", n, 0).unsqueeze(0)
    emit("softmax", [1, n], [x], sm(x))
# attention-like: q @ k^T / sqrt(d) with a causal mask, rows of length T
for T, d in [(4, 8), (7, 16), (10, 32), (16, 64), (33, 16)]:
    seed += 1
    g = torch.Generator().manual_seed(seed)
    q = torch.randn(T, d, generator=g)
    k = torch.randn(T, d, generator=g)
    s = (q @ k.T) / math.sqrt(d)
    s = s.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), 1), float("-inf"))
    emit("softmax", [T, T], [s], sm(s))

# ---------------------------------------------------------------- layer norm
LN = torch.nn.functional.layer_norm
for kind in ["randn", "wide", "int", "equal", "tiny", "big", "special"]:
    lens = SMALL if kind in ("randn", "wide") else MID
    for n in lens + ([128, 129, 512, 1000] if kind == "randn" else []):
        seed += 1
        g = torch.Generator().manual_seed(seed)
        x = row(kind, n, seed).unsqueeze(0)
        w = torch.randn(n, generator=g) * 0.5 + 1
        b = torch.randn(n, generator=g) * 0.1
        emit("layernorm", [1, n, repr(1e-5), "wb"], [x, w, b], LN(x, (n,), w, b, 1e-5))
        if kind in ("randn", "tiny") and n <= 70:
            emit("layernorm", [1, n, repr(1e-12), "wb"], [x, w, b], LN(x, (n,), w, b, 1e-12))
            emit("layernorm", [1, n, repr(1e-5), "none"], [x], LN(x, (n,), None, None, 1e-5))
        if kind in ("randn", "int") and n <= 40:
            emit("layernorm", [1, n, repr(1e-6), "w"], [x, w], LN(x, (n,), w, None, 1e-6))
            emit("layernorm", [1, n, repr(1e-5), "b"], [x, b], LN(x, (n,), None, b, 1e-5))
            emit("layernorm", [1, n, repr(1e-5), "wb"], [x, torch.ones(n), torch.zeros(n)],
                 LN(x, (n,), torch.ones(n), torch.zeros(n), 1e-5))

# ---------------------------------------------------------------- elementwise
EW_LEN = list(range(1, 34)) + [64, 65, 100]


def ew_inputs(n, seed):
    g = torch.Generator().manual_seed(seed)
    return [
        ("randn", torch.randn(n, generator=g)),
        ("wide", torch.randn(n, generator=g) * 8),
        ("pos", torch.rand(n, generator=g) * 20 + 1e-3),
    ]


FUNCS = {
    "exp": torch.exp,
    "log": torch.log,
    "sin": torch.sin,
    "cos": torch.cos,
    "tanh": torch.tanh,
    "sigmoid": torch.sigmoid,
    "sqrt": torch.sqrt,
    "rsqrt": torch.rsqrt,
    # gelu: see gen_unary.py (oneDNN picks its kernel by the CPU, so it is recorded there with the
    # other elementwise functions, on the machine the sweep data come from).
    "relu": torch.relu,
}
for name, f in FUNCS.items():
    for n in EW_LEN:
        seed += 1
        for kind, x in ew_inputs(n, seed):
            if name in ("log", "sqrt", "rsqrt") and kind != "pos":
                x = x.abs() + 1e-4
            emit(name, [n], [x], f(x))
    specials = torch.tensor([0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 10.0, -10.0, 88.0, 89.0, -87.0, -104.0, -110.0,
                             float("inf"), float("-inf"), 1e-30, -1e-30, 1e-45, 3.0e38, -3.0e38, 100.0, 1000.0,
                             12345.678, -7.5, 3.1415927, 1.5707964, float("nan"), 0.25, -0.25, 5.5, -5.5, 20.0])
    emit(name, [specials.numel()], [specials], f(specials))

# positional-encoding style inputs (the table of the tutorial)
for d, npos in [(8, 50), (16, 50), (64, 40), (512, 12)]:
    ar = torch.arange(0, d, 2).float()
    arg = ar * (-math.log(10000.0) / d)
    div = torch.exp(arg)
    emit("exp", [arg.numel()], [arg], div)
    pos = torch.arange(0, npos).float().unsqueeze(1)
    prod = (pos * div).reshape(-1)
    emit("sin", [prod.numel()], [prod], torch.sin(prod))
    emit("cos", [prod.numel()], [prod], torch.cos(prod))


# ---------------------------------------------------------------- softmax over another dim
# softmaxdim <outer> <dim> <inner> <threads> : x : softmax(dim=1) then log_softmax(dim=1)
for (o, d, i) in [(1, 3, 2), (2, 5, 3), (3, 4, 8), (2, 7, 17), (1, 10, 64), (4, 3, 33), (5, 16, 9),
                  (2, 1, 12), (1, 33, 7), (3, 2, 40), (2, 70, 11)]:
    seed += 1
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(o, d, i, generator=g) * 2
    if seed % 2 == 0:
        x = x.masked_fill(torch.rand(o, d, i, generator=g) < 0.2, float("-inf"))
        x[:, 0, :] = torch.randn(o, i, generator=g)
    emit("softmaxdim", [o, d, i, 1], [x], torch.cat([torch.softmax(x, 1).reshape(-1), torch.log_softmax(x, 1).reshape(-1)]))

# ---------------------------------------------------------------- layer norm statistics
# lnstats <n> <eps> : x : mean rstd   (torch.native_layer_norm)
for kind in ["randn", "wide", "tiny", "big", "equal"]:
    big = [128, 129, 256, 300, 512, 1000, 2048, 4096] if kind in ("randn", "wide") else [300, 1000]
    for n in MID + big:
        seed += 1
        x = row(kind, n, seed)
        _, m, r = torch.native_layer_norm(x.unsqueeze(0), (n,), None, None, 1e-5)
        emit("lnstats", [n, repr(1e-5)], [x], torch.cat([m.reshape(-1), r.reshape(-1)]))


# ---------------------------------------------------------------- multi-threaded reductions
# Inputs of these big cases are not stored: the tests rebuild them with synth() below
# (exact integer arithmetic); only torch's outputs are stored.
def synth(n, seed):
    i = torch.arange(n, dtype=torch.int64)
    u = (i * 2654435761 + seed * 40503) % (1 << 32)
    return (u >> 8).to(torch.float32) * (2.0 ** -23) - 1.0


def emit_synth(op, params, outputs):
    out_lines.append("%s %s : : %s" % (op, " ".join(str(p) for p in params), bits(outputs)))


for threads in [2, 3, 4]:
    torch.set_num_threads(threads)
    for n in [32767, 32768, 32769, 40000, 65536, 100003]:
        seed += 1
        x = synth(n, seed)
        emit_synth("sumthreads", [n, threads, seed], x.sum())
        emit_synth("momentsthreads", [n, threads, seed],
                   torch.stack([x.mean(), x.var(correction=1), x.std(correction=0)]))
    for n in [32768, 33001, 40000]:
        seed += 1
        x = synth(n, seed) * 8
        y = torch.sigmoid(x)
        half = (n + threads - 1) // threads
        for start in [0, half - 40, n - 40]:
            emit_synth("sigmoidthreads", [n, threads, seed, start, 40], y[start:start + 40])
torch.set_num_threads(1)

# softmaxdimwin <outer> <dim> <inner> <threads> <seed> <start> <len> : : window of
# cat(softmax(x, 1).flatten(), log_softmax(x, 1).flatten()) for x = synth(...) * 4
for (o, d, i, threads) in [(1, 3000, 20, 1), (1, 5000, 3, 1), (3, 2, 6001, 2), (1, 4, 8195, 2), (2, 3, 9001, 3)]:
    torch.set_num_threads(threads)
    seed += 1
    x = (synth(o * d * i, seed) * 4).reshape(o, d, i)
    y = torch.cat([torch.softmax(x, 1).reshape(-1), torch.log_softmax(x, 1).reshape(-1)])
    total = o * d * i
    cols = o * i
    grain = max(32768 // d, 1)
    used = 1 if cols <= grain else min(threads, (cols + grain - 1) // grain)
    chunk = (cols + used - 1) // used
    bounds = [k * chunk for k in range(1, used)] + [i - 8]
    flat = [(c // i) * d * i + (d - 1) * i + c % i for c in bounds]
    starts = sorted(set([0, total - 48, total, 2 * total - 48] +
                        [max(0, min(total - 48, f - 24)) for f in flat] +
                        [max(0, min(2 * total - 48, total + f - 24)) for f in flat]))
    for st in starts:
        emit_synth("softmaxdimwin", [o, d, i, threads, seed, st, 48], y[st:st + 48])
torch.set_num_threads(1)

# lnstatssynth <n> <seed> <scale exponent> <offset bits> : : mean rstd  (eps 1e-5) for
# x = synth(n, seed) * synth(n, seed + 7) * 2^k + offset (all float32 arithmetic)
g = torch.Generator().manual_seed(4242)
for _ in range(2000):
    seed += 1
    n = int(torch.randint(8, 2600, (1,), generator=g))
    k = int(torch.randint(-10, 11, (1,), generator=g))
    off = (torch.randn(1, generator=g) * (2.0 ** k) * float(torch.randint(0, 20, (1,), generator=g))).to(torch.float32)
    x = synth(n, seed) * synth(n, seed + 7) * (2.0 ** k) + off
    _, m, r = torch.native_layer_norm(x.unsqueeze(0), (n,), None, None, 1e-5)
    emit_synth("lnstatssynth", [n, seed, k, "%08x" % (off.view(torch.int32).item() & 0xFFFFFFFF)],
               torch.cat([m.reshape(-1), r.reshape(-1)]))

sys.stdout.write("\n".join(out_lines) + "\n")
