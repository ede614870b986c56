#!/usr/bin/env python3
"""Records PyTorch's repr(tensor) for src/tensor/format.rs's tests.

Writes tests/data/tensor_format/cases.json, which the tests in src/tensor/format.rs load with
include_str!. Run with the project's PyTorch (2.15, CPU) from anywhere:

    .venv/bin/python tools/fmt/gen_tensor.py           # write the file
    .venv/bin/python tools/fmt/gen_tensor.py --check   # compare with the committed file

The file is {"generator", "torch", "cases": [...]}, one case per line:
    name      a label for failure messages
    shape     the tensor's shape
    dtype     float32, float64, int64, int32 or bool
    data      the elements in row-major order, as one of
                {"floats": ["3.0", "nan", ...]}   Python floats as repr strings (parsed exactly by
                                                 Rust's str::parse; JSON has no nan/inf)
                {"ints": [...]} / {"bools": [...]}
                {"fm": [n, a, m, c, "dv", "sc"]}  [((i*a) % m - c) / dv * sc for i in range(n)] in f64
                {"im": [n, a, m, c]}              [(i*a) % m - c for i in range(n)]
                {"bm": [n, a, m, c]}              [(i*a) % m < c for i in range(n)]
              then cast to the dtype, like torch.tensor(list, dtype=dtype)
    suffixes  what the caller passes after the data (dtype=..., requires_grad=True, grad_fn=<...>)
    options   torch.set_printoptions: precision, threshold (null: math.inf), edgeitems, linewidth,
              sci_mode (null, true, false)
    checksum  sum of the float32 bit patterns torch held (0 for other dtypes): guards data identity
    repr      what repr(t) printed
"""
import argparse, json, math, os, sys
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "..", "tests", "data", "tensor_format", "cases.json")

F32, F64, I64, I32, BOOL = torch.float32, torch.float64, torch.int64, torch.int32, torch.bool
DEF = dict(precision=4, threshold=1000, edgeitems=3, linewidth=80, sci_mode=None)

def fm(n, a=1, m=1 << 40, c=0, dv=1, sc=1.0):
    return ("fm", (n, a, m, c, dv, sc), [((i * a) % m - c) / dv * sc for i in range(n)])

def im(n, a=1, m=1 << 40, c=0):
    return ("im", (n, a, m, c), [(i * a) % m - c for i in range(n)])

def bm(n, a=1, m=7, c=3):
    return ("bm", (n, a, m, c), [(i * a) % m < c for i in range(n)])

cases = []
def case(name, shape, dtype, data, opts=None, requires_grad=False, grad_fn=False):
    cases.append((name, shape, dtype, data, dict(DEF, **(opts or {})), requires_grad, grad_fn))

nan, inf = math.nan, math.inf
L = lambda *v: ("lit", None, list(v))

# ---- float32 0-d
for i, v in enumerate([3.0, 3.5, -0.0, 0.0, nan, inf, -inf, 1e-10, 123456789.0, 5e-05, 2.5e-05,
                       1e10, -2.0, 0.1, 1e8, 100000000.5, 99999.0, 1e-4, 12345.678]):
    case(f"scalar_f32_{i}", [], F32, L(v))
case("scalar_f32_grad", [], F32, L(2.5), requires_grad=True)
case("scalar_f64", [], F64, L(0.1))
case("scalar_i64", [], I64, L(3))
case("scalar_i64_neg", [], I64, L(-9223372036854775807))
case("scalar_i32", [], I32, L(-7))
case("scalar_bool", [], BOOL, L(True))
case("scalar_bool_f", [], BOOL, L(False))

# ---- float32 1-D small
small = {
    "ints": [1.0, 2.0, 3.0], "mixed": [1.5, -2.25, 3.0], "zeros": [0.0, 0.0],
    "negzero": [-0.0, 0.0], "nan_int": [nan, 1.0], "nan_frac": [nan, 1.5],
    "nonfinite": [inf, -inf, nan], "nonfinite_int": [inf, -inf, nan, 2.0],
    "nonfinite_frac": [inf, -inf, nan, 2.5], "nonfinite_sci": [inf, -inf, nan, 1e-5],
    "tiny": [1e-5, 1.0], "big_int": [1e10, 1.0], "big_frac": [1e10, 1.5],
    "1e8_int": [100000000.0, 1.0], "1e9": [1e9], "1e8": [1e8], "ratio_1000": [1.0, 1000.0],
    "ratio_1001": [1.0, 1001.0], "ratio_frac": [0.5, 500.0], "ratio_frac2": [0.5, 500.5],
    "min_1e-4": [0.0001, 1.0], "min_1e-4b": [0.00011, 1.0], "half_e4": [0.00005, 1.0],
    "q25e5": [2.5e-5, 1.0], "special": [1e-10, 123456789.0, -0.0], "tenths": [0.1, 0.2, 0.3],
    "round4": [0.00015, 0.00025, 1.00005, 2.00015, 0.12345, 0.99995],
    "neg_sci": [-1e-7, 3.0, -45000.0], "allneg": [-1.0, -2.0], "big_ints": [123456.0, -7.0],
    "huge": [3e38, -3e38, 1e-38], "denorm": [1e-45, 1.0], "int_1e16": [1e16, 2.0],
    "nan_only": [nan], "inf_only": [inf], "neginf_int": [-inf, 1.0],
    "nan_big": [nan, 1e10], "nan_neg": [nan, -123.5], "mixed_width": [-0.5, 10.25, 100.125],
    "int_neg_zero": [-0.0, 5.0, -3.0], "half_int": [0.5, 1.5, 2.5, 3.5],
}
for k, v in small.items():
    case(f"vec_f32_{k}", [len(v)], F32, L(*v))
case("vec_f64_mixed", [3], F64, L(0.1, 1e-3, 2.0))
case("vec_f64_sci", [2], F64, L(1e-300, 1e300))
case("vec_f64_int", [2], F64, L(1.0, -2.0))

# ---- wrapping 1-D
case("arange30", [30], F32, fm(30))
case("arange30_frac", [30], F32, fm(30, 1, 1 << 40, 0, 4))
case("linspace30", [30], F32, fm(30, 2, 1 << 40, 29, 29))
case("vec100", [100], F32, fm(100, 37, 1000, 500, 37))
case("vec100_grad", [100], F32, fm(100, 37, 1000, 500, 37), requires_grad=True)
case("vec100_gradfn", [100], F32, fm(100, 37, 1000, 500, 37), grad_fn=True)
case("vec12_grad", [12], F32, fm(12, 7, 100, 50, 3), requires_grad=True)
case("vec13_grad", [13], F32, fm(13, 7, 100, 50, 3), requires_grad=True)
case("vec9_grad", [9], F32, fm(9, 7, 100, 50, 3), requires_grad=True)
case("vec100_sci", [100], F32, fm(100, 37, 1000, 500, 37, 1e-6))
case("vec40_ints", [40], F32, fm(40, 13, 97, 40))
case("vec1001", [1001], F32, fm(1001, 1, 1 << 40, 0, 10))
case("vec1000", [1000], F32, fm(1000, 3, 1001, 500, 7))
case("vec2000", [2000], F32, fm(2000, 31, 2003, 1000, 13))
case("vec2000_sci", [2000], F32, fm(2000, 31, 2003, 1000, 13, 1e7))

# ---- 2-D .. 5-D float32
case("m2x3", [2, 3], F32, fm(6, 1, 100, 2, 2))
case("m5x20", [5, 20], F32, fm(100, 17, 101, 50, 7))
case("m3x40", [3, 40], F32, fm(120))
case("m2x2_nan", [2, 2], F32, L(1.0, nan, -inf, 0.25))
case("m4x1", [4, 1], F32, fm(4, 1, 100, 0, 3))
case("m1x4", [1, 4], F32, fm(4, 1, 100, 0, 3))
case("m3x5_grad", [3, 5], F32, fm(15, 7, 31, 15, 8), requires_grad=True)
case("m2x3_grad_long", [2, 3], F32, fm(6, 1, 100, 2, 7, 1e5), requires_grad=True)
case("t2x3x4", [2, 3, 4], F32, fm(24))
case("t2x2x30", [2, 2, 30], F32, fm(120, 7, 1000, 300, 9))
case("t3x1x2", [3, 1, 2], F32, fm(6, 1, 100, 3, 4))
case("q2x2x2x3", [2, 2, 2, 3], F32, fm(24, 5, 24, 12, 5))
case("q2x2x2x3_grad", [2, 2, 2, 3], F32, fm(24, 5, 24, 12, 5), requires_grad=True)
case("p2x1x2x1x3", [2, 1, 2, 1, 3], F32, fm(12, 1, 100, 6, 1))
case("m40x40", [40, 40], F32, fm(1600, 7, 1601, 800, 9))
case("t10x10x20", [10, 10, 20], F32, fm(2000, 11, 1999, 1000, 100))
case("q2x3x20x10", [2, 3, 20, 10], F32, fm(1200, 13, 1200, 600, 1000))
case("q8x8x4x5", [8, 8, 4, 5], F32, fm(1280, 3, 1280, 0, 1))
case("m1x2000", [1, 2000], F32, fm(2000, 1, 1 << 40, 0, 1))
case("m2000x1", [2000, 1], F32, fm(2000, 1, 1 << 40, 0, 1))
case("t7x7x21", [7, 7, 21], F32, fm(1029, 1, 1 << 40, 0, 1))
case("summ_sci", [40, 40], F32, fm(1600, 7, 1601, 800, 9, 1e-9))
case("summ_hidden_big", [1001], F32, fm(1001, 1, 998, 0, 1, 1e7))
case("summ_hidden_big2d", [1, 1001], F32, fm(1001, 1, 998, 0, 1, 1e7))

# ---- empty
case("empty_f32", [0], F32, L())
case("empty_2x0", [2, 0], F32, L())
case("empty_0x3", [0, 3], F32, L())
case("empty_2x0x3", [2, 0, 3], F32, L())
case("empty_i64", [0], I64, L())
case("empty_i64_2d", [3, 0], I64, L())
case("empty_i32", [0], I32, L())
case("empty_bool", [0], BOOL, L())
case("empty_f64", [1, 0], F64, L())
case("empty_grad", [0], F32, L(), requires_grad=True)

# ---- ints
case("i64_small", [3], I64, L(-1, 20, 300))
case("i64_neg", [100], I64, im(100, 12345, 1000003, 500000))
case("i64_2d", [4, 6], I64, im(24, 7, 50, 25))
case("i64_3d", [2, 3, 4], I64, im(24))
case("i64_big", [2], I64, L(-9223372036854775807 - 1, 9223372036854775807))
case("i64_2000", [2000], I64, im(2000, 7, 2001, 1000))
case("i64_40x40", [40, 40], I64, im(1600, 13, 1601, 800))
case("i64_wrap", [30], I64, im(30, 1, 1 << 40, 0))
case("i32_small", [3], I32, L(1, 2, 3))
case("i32_long", [25], I32, im(25, 1, 1 << 40, 0))
case("i32_long2", [26], I32, im(26, 1, 1 << 40, 0))
case("i32_wrap", [30], I32, im(30, 997, 10007, 5000))
case("i32_2d", [3, 4], I32, im(12, 5, 13, 6))
case("i32_sum", [50, 50], I32, im(2500, 3, 2500, 1250))

# ---- bools
case("bool_small", [2], BOOL, L(True, False))
case("bool_all_true", [3], BOOL, L(True, True, True))
case("bool_3d", [2, 3, 4], BOOL, bm(24))
case("bool_wrap", [30], BOOL, bm(30, 1, 5, 2))
case("bool_sum", [1200], BOOL, bm(1200, 1, 3, 1))

# ---- print options
case("opt_prec2", [4], F32, L(1.12345, 2.5, -0.125, 0.375), dict(precision=2))
case("opt_prec0", [3], F32, L(1.5, 2.5, -0.4), dict(precision=0))
case("opt_prec8", [3], F32, L(0.1, 1e-5, 2.0), dict(precision=8))
case("opt_prec8b", [3], F32, L(0.1, 0.5, 2.0), dict(precision=8))
case("opt_sci_true", [3], F32, L(1.5, 2.0, 300.0), dict(sci_mode=True))
case("opt_sci_true_int", [3], F32, L(1.0, 2.0, 300.0), dict(sci_mode=True))
case("opt_sci_false", [3], F32, L(1e-6, 2.0, 1e9), dict(sci_mode=False))
case("opt_sci_false_int", [3], F32, L(1.0, 2.0, 1e10), dict(sci_mode=False))
case("opt_sci_false_nan", [3], F32, L(nan, 1e-6, -inf), dict(sci_mode=False))
case("opt_lw40", [30], F32, fm(30, 7, 31, 15, 4), dict(linewidth=40))
case("opt_lw40_2d", [3, 10], F32, fm(30, 7, 31, 15, 4), dict(linewidth=40))
case("opt_lw40_grad", [10], F32, fm(10, 7, 31, 15, 4), dict(linewidth=40), requires_grad=True)
case("opt_lw5", [4], F32, fm(4), dict(linewidth=5))
case("opt_lw5_2d", [2, 3], I64, im(6), dict(linewidth=5))
case("opt_lw5_grad", [2], F32, fm(2), dict(linewidth=5), requires_grad=True)
case("opt_thr10", [20], F32, fm(20, 3, 20, 10, 2), dict(threshold=10, edgeitems=2))
case("opt_thr10_2d", [5, 6], I64, im(30), dict(threshold=10, edgeitems=2))
case("opt_thr10_3d", [5, 5, 5], F32, fm(125, 1, 1 << 40, 0, 4), dict(threshold=10, edgeitems=2))
case("opt_thr10_edge1", [4, 4, 4], I64, im(64), dict(threshold=10, edgeitems=1))
case("opt_edge0_1d", [20], F32, fm(20), dict(threshold=10, edgeitems=0))
case("opt_edge0_2d", [5, 6], I64, im(30), dict(threshold=10, edgeitems=0))
case("opt_edge0_small", [2, 3], F32, fm(6), dict(edgeitems=0))
case("opt_edge0_scalar", [], F32, L(1.5), dict(edgeitems=0))
case("opt_edge0_i32", [5], I32, im(5), dict(edgeitems=0))
case("opt_thr0_scalar", [], F32, L(1.5), dict(threshold=0))
case("opt_thr0", [3, 2], F32, fm(6), dict(threshold=0))
case("opt_full", [1001], I64, im(1001, 1, 10, 0), dict(threshold=math.inf))
case("opt_full_f", [3, 400], F32, fm(1200, 1, 10, 5, 2), dict(threshold=math.inf, linewidth=200))
case("opt_short", [3000], F32, fm(3000, 7, 3001, 1500, 11), dict(precision=2, edgeitems=2))
case("opt_edge10", [30, 40], F32, fm(1200, 7, 1201, 600, 9), dict(edgeitems=10))

def pyfloat(x):
    return repr(float(x))


DTYPE = {F32: "float32", F64: "float64", I64: "int64", I32: "int32", BOOL: "bool"}


def record(name, shape, dtype, data, opts, rg, gf):
    kind, params, values = data
    torch.set_printoptions(**opts)
    t = torch.tensor(values, dtype=dtype).reshape(shape)
    if rg or gf:
        t.requires_grad_(True)
    if gf:
        t = t * 1
    out = repr(t)
    assert str(t) == out
    # what the caller passes as suffixes
    suffixes = []
    if t.numel() == 0:
        if dtype != torch.get_default_dtype():
            suffixes.append("dtype=" + str(dtype))
    elif dtype not in (F32, I64, BOOL):
        suffixes.append("dtype=" + str(dtype))
    if gf:
        suffixes.append(f"grad_fn=<{type(t.grad_fn).__name__}>")
    elif rg:
        suffixes.append("requires_grad=True")
    checksum = 0
    if dtype == F32:
        bits = t.detach().reshape(-1).view(torch.int32).tolist()
        checksum = sum(b & 0xFFFFFFFF for b in bits)
    if kind == "lit":
        if dtype in (F32, F64):
            d = {"floats": [pyfloat(v) for v in values]}
        elif dtype == BOOL:
            d = {"bools": [bool(v) for v in values]}
        else:
            d = {"ints": [int(v) for v in values]}
    elif kind == "fm":
        n, a, m, c, dv, sc = params
        d = {"fm": [n, a, m, c, pyfloat(dv), pyfloat(sc)]}
    else:
        d = {kind: list(params)}
    threshold = None if opts["threshold"] == math.inf else int(opts["threshold"])
    return {
        "name": name,
        "shape": list(shape),
        "dtype": DTYPE[dtype],
        "data": d,
        "suffixes": suffixes,
        "options": {
            "precision": opts["precision"],
            "threshold": threshold,
            "edgeitems": opts["edgeitems"],
            "linewidth": opts["linewidth"],
            "sci_mode": opts["sci_mode"],
        },
        "checksum": checksum,
        "repr": out,
    }


def render(records):
    lines = [
        "{",
        '  "generator": "tools/fmt/gen_tensor.py",',
        '  "torch": %s,' % json.dumps(torch.__version__),
        '  "cases": [',
    ]
    body = [json.dumps(r, ensure_ascii=False) for r in records]
    lines += ["    " + b + ("," if i + 1 < len(body) else "") for i, b in enumerate(body)]
    lines += ["  ]", "}"]
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="compare with the file, write nothing")
    args = ap.parse_args()
    try:
        records = [record(*c) for c in cases]
    finally:
        torch.set_printoptions(profile="default")
    text = render(records)
    print(f"{len(records)} cases", file=sys.stderr)
    if args.check:
        try:
            with open(OUT, encoding="utf-8", newline="") as f:
                same = f.read() == text
        except FileNotFoundError:
            same = False
        print("differ: " + ("none" if same else os.path.relpath(OUT)), file=sys.stderr)
        sys.exit(0 if same else 1)
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    with open(OUT, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


if __name__ == "__main__":
    main()
