#!/usr/bin/env python3
"""The op sweep: cases for every name the tutor exposes, recorded from real PyTorch (tests/sweep.rs).

    .venv/bin/python tools/sweep/gen.py          # writes tests/data/sweep/<group>.json and unswept.txt
    .venv/bin/python tools/sweep/gen.py --check  # fails if a file would change

In the spirit of PyTorch's OpInfo tests, each op is run on a pool of inputs (float32, int64, int32 and bool;
0-d, empty, one element; broadcast pairs; non-contiguous views: transposed, sliced with a step, expanded;
inf/nan/-0.0), in its function, method, operator, in-place and keyword forms, and on inputs that must fail
(wrong shape, dtype, dim, index). A case is a snippet; what PyTorch prints for it is recorded, with the
exception's last traceback line when it raises. The snippets print through `show` (the PRELUDE): the
result's repr, its dtype, shape and strides and its exact values (`tolist`), and `same` says whether a
result shares storage with an input (aliasing is part of the contract).

The names come from tests/data/sweep/exposed.txt (what the tutor exposes; `SWEEP_UPDATE=1 cargo test
--release --test sweep exposed_names` rewrites it). A form the tutor does not expose is not generated, so
a newly exposed op brings its cases with it on the next run; an exposed name no case uses is written to
unswept.txt, which tests/sweep.rs holds the tutor to.
"""

import argparse
import contextlib
import io
import json
import os
import sys
import traceback
import warnings
from pathlib import Path

os.environ.setdefault("ATEN_CPU_CAPABILITY", "avx2")
# oneDNN (F.gelu) picks its kernels by the CPU too, not by ATEN_CPU_CAPABILITY: pin its AVX2 ones.
os.environ.setdefault("ONEDNN_MAX_CPU_ISA", "AVX2")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")
os.environ.setdefault("PYTHONHASHSEED", "0")

import torch  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
import api  # noqa: E402
import dtypes  # noqa: E402
import special  # noqa: E402
import more_api  # noqa: E402
import channels  # noqa: E402
import losses  # noqa: E402
import stats  # noqa: E402
import draws  # noqa: E402
import edges  # noqa: E402
import inplace  # noqa: E402
import linalg  # noqa: E402
import einsum  # noqa: E402
import resample  # noqa: E402
import fills  # noqa: E402
import attention  # noqa: E402

warnings.simplefilter("ignore")
torch.set_num_threads(1)

DATA = Path(__file__).resolve().parents[2] / "tests" / "data" / "sweep"

PRELUDE = '''import torch
import torch.nn as nn
import torch.nn.functional as F


def show(r):
    if isinstance(r, torch.Tensor):
        print(repr(r))
        print(r.dtype, tuple(r.shape), r.stride(), r.tolist())
    elif type(r) in (tuple, list):
        print(type(r).__name__, len(r))
        for x in r:
            show(x)
    else:
        print(repr(r))


def same(a, b):
    print("shares storage:", a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr())


'''

EXPOSED = set((DATA / "exposed.txt").read_text().split())

# ---- the input pool -----------------------------------------------------------------------------------

F32 = "torch.tensor([[-1.5, 0.0, 2.25], [3.0, -0.5, 1.0]])"
INPUTS = {
    "f": F32,
    "fodd": "torch.tensor([0.1, -2.7, 5.3, 23.0, -0.0, 1e-3, 0.5, -1.0])",
    "fspecial": "torch.tensor([float('inf'), float('-inf'), float('nan'), 0.0, -0.0, 1.0])",
    "f0": "torch.tensor(2.5)",
    "f1": "torch.tensor([4.0])",
    "fempty": "torch.zeros(0, 3)",
    "ft": F32 + ".t()",
    "fstep": "torch.arange(-5.0, 7.0)[::3]",
    "fexp": "torch.tensor([1.5, -2.0, 0.5]).expand(2, 3)",
    "f3": "torch.arange(24.0).reshape(2, 3, 4) / 7 - 1.5",
    "i": "torch.tensor([[-3, 0, 2], [5, -1, 7]])",
    "i0": "torch.tensor(3)",
    "iempty": "torch.tensor([], dtype=torch.int64)",
    "it": "torch.tensor([[-3, 0, 2], [5, -1, 7]]).t()",
    "i32": "torch.tensor([[-3, 0, 2], [5, -1, 7]], dtype=torch.int32)",
    "b": "torch.tensor([[True, False, True], [False, False, True]])",
    "b0": "torch.tensor(True)",
}
FLOATS = ["f", "fodd", "fspecial", "f0", "f1", "fempty", "ft", "fstep", "fexp", "f3"]
INTS = ["i", "i0", "iempty", "it", "i32"]
BOOLS = ["b", "b0"]
ALL = FLOATS + INTS + BOOLS
SMALL = ["f", "f0", "fempty", "ft", "fexp", "i", "i0", "i32", "b"]

GROUPS = {}


def case(group, cid, ops, src):
    """Adds a case when every name in `ops` is exposed (a form the tutor lacks is not generated)."""
    ops = [o for o in ops]
    if not all(o in EXPOSED for o in ops):
        return
    cases = GROUPS.setdefault(group, [])
    assert all(c["id"] != cid for c in cases), f"duplicate case {group}::{cid}"
    cases.append({"id": cid, "ops": ops, "src": src.strip("\n") + "\n"})


def inp(name, var="x"):
    return f"{var} = {INPUTS[name]}\n"


# ---- pointwise --------------------------------------------------------------------------------------

UNARY = """abs acos asin atan ceil cos erf exp exp2 expm1 floor log log10 log1p log2 neg reciprocal relu
round rsqrt sigmoid sign sin sqrt square tanh trunc bitwise_not logical_not isfinite isinf isnan
tan sinh cosh asinh acosh atanh arcsin arccos arctan arcsinh arccosh arctanh deg2rad rad2deg frac sinc erfc fix
negative absolute sgn signbit""".split()


def unary():
    for op in UNARY:
        for name in ALL:
            case("unary", f"{op}/{name}", [f"torch.{op}"], inp(name) + f"show(torch.{op}(x))")
            case("unary", f"{op}/{name}/method", [f"Tensor.{op}"], inp(name) + f"show(x.{op}())")
        for name in ["f", "ft", "i", "b", "f0"]:
            case("unary", f"{op}_/{name}", [f"Tensor.{op}_"],
                 inp(name) + f"y = x.clone()\nr = y.{op}_()\nshow(y)\nsame(r, y)")
        case("unary", f"{op}_/expanded", [f"Tensor.{op}_"], inp("fexp") + f"x.{op}_()")
        case("unary", f"{op}_/torch", [f"torch.{op}_"], inp("f") + f"r = torch.{op}_(x)\nshow(x)\nsame(r, x)")
        case("unary", f"{op}/out", [f"torch.{op}"],
             inp("f") + f"o = torch.empty(2, 3)\nr = torch.{op}(x, out=o)\nshow(o)\nsame(r, o)")
        case("unary", f"{op}/list", [f"torch.{op}"], f"torch.{op}([1.0, 2.0])")
    for name in ALL:
        for k, args in enumerate(["", "0.5", "nan=1.0, posinf=9.0, neginf=-9.0", "posinf=1e30", "neginf=-2"]):
            case("unary", f"nan_to_num/{name}/{k}", ["torch.nan_to_num"], inp(name) + f"show(torch.nan_to_num(x{', ' + args if args else ''}))")
            case("unary", f"nan_to_num/{name}/{k}/method", ["Tensor.nan_to_num"], inp(name) + f"show(x.nan_to_num({args}))")
    for d in [0, 1, 2, -1]:
        for name in ["f", "fodd", "fspecial"]:
            case("unary", f"round/decimals{d}/{name}", ["torch.round"], inp(name) + f"show(torch.round(x * 37.3, decimals={d}))")


OPERATORS = {"add": "+", "sub": "-", "mul": "*", "div": "/", "true_divide": "/", "floor_divide": "//",
             "remainder": "%", "pow": "**", "eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">",
             "ge": ">=", "bitwise_and": "&", "bitwise_or": "|", "bitwise_xor": "^",
             "bitwise_left_shift": "<<", "bitwise_right_shift": ">>"}
BINARY = """add sub mul div true_divide floor_divide remainder fmod pow maximum minimum eq ne lt le gt ge
logical_and logical_or logical_xor bitwise_and bitwise_or bitwise_xor bitwise_left_shift bitwise_right_shift
atan2 arctan2 hypot copysign logaddexp logaddexp2 xlogy fmax fmin nextafter heaviside gcd lcm subtract multiply
divide greater greater_equal less less_equal not_equal""".split()
PAIRS = [
    ("f", "f"), ("f", "bcast"), ("f", "2"), ("f", "-1.5"), ("f", "True"), ("f", "0"), ("i", "i"),
    ("i", "2"), ("i", "-2"), ("i", "2.5"), ("i", "f"), ("i32", "i"), ("i32", "3"), ("i32", "f0"),
    ("b", "b"), ("b", "i"), ("b", "True"), ("b", "2.5"), ("f0", "i"), ("i0", "f"), ("i0", "i32"),
    ("f", "ft"), ("fexp", "f"), ("f", "bad"), ("fempty", "bcast"), ("fodd", "fodd2"), ("f", "col"),
    ("fspecial", "fspecial2"), ("i", "izero"), ("f", "fzero"), ("f3", "bcast4"), ("f3", "f3b"),
]
RHS = {
    "bcast": "torch.tensor([1.0, -2.0, 0.5])",
    "bad": "torch.tensor([1.0, 2.0])",
    "fodd2": "torch.tensor([3.0, 0.7, -2.0, 0.5, 2.0, -4.0, 1e-3, 9.0])",
    "col": "torch.tensor([[2.0], [-3.0]])",
    "fspecial2": "torch.tensor([1.0, float('inf'), 0.0, float('nan'), -2.0, -0.0])",
    "izero": "torch.tensor([[1, 0, -2], [3, 2, 0]])",
    "fzero": "torch.tensor([[0.0, -0.0, 1.0], [0.0, 2.0, -1.0]])",
    "bcast4": "torch.tensor([0.5, -1.0, 2.0, 3.0])",
    # 24 contiguous elements against 24: the first 16 take a vectorised kernel's vector path.
    "f3b": "torch.arange(24.0).reshape(2, 3, 4).flip(0).contiguous() / 5 - 2.0",
}


def rhs(name):
    if name in RHS:
        return f"y = {RHS[name]}\n"
    if name in INPUTS:
        return inp(name, "y")
    return f"y = {name}\n"


def binary():
    for op in BINARY:
        for a, b in PAIRS:
            src = inp(a) + rhs(b)
            cid = f"{op}/{a}-{b}"
            case("binary", cid, [f"torch.{op}"], src + f"show(torch.{op}(x, y))")
            case("binary", cid + "/method", [f"Tensor.{op}"], src + f"show(x.{op}(y))")
            if op in OPERATORS:
                o = OPERATORS[op]
                case("binary", cid + "/operator", [f"Tensor.{op}"], src + f"show(x {o} y)")
                case("binary", cid + "/reflected", [f"Tensor.{op}"], src + f"show(y {o} x)")
            if a in ("f", "i", "b", "i32"):
                case("binary", cid + "/inplace", [f"Tensor.{op}_"],
                     src + f"z = x.clone()\nr = z.{op}_(y)\nshow(z)\nsame(r, z)")
                if op in OPERATORS and op not in ("eq", "ne", "lt", "le", "gt", "ge"):
                    o = OPERATORS[op]
                    case("binary", cid + "/augmented", [f"Tensor.{op}"],
                         src + f"z = x.clone()\nw = z\nz {o}= y\nshow(z)\nprint(w is z)")
        case("binary", f"{op}/out", [f"torch.{op}"],
             inp("f") + f"o = torch.empty(2, 3)\nr = torch.{op}(x, x, out=o)\nshow(o)\nsame(r, o)")
        case("binary", f"{op}/missing", [f"torch.{op}"], inp("f") + f"torch.{op}(x)")
        case("binary", f"{op}/string", [f"torch.{op}"], inp("f") + f"torch.{op}(x, 'a')")
    for mode in ["None", "'floor'", "'trunc'", "'round'"]:
        for a, b in [("f", "bcast"), ("i", "izero"), ("i", "2"), ("fodd", "fodd2"), ("i", "i")]:
            case("binary", f"div/mode-{mode.strip(chr(39))}/{a}-{b}", ["torch.div"],
                 inp(a) + rhs(b) + f"show(torch.div(x, y, rounding_mode={mode}))")
            case("binary", f"div/mode-{mode.strip(chr(39))}/{a}-{b}/method", ["Tensor.div_"],
                 inp(a) + rhs(b) + f"z = x.clone()\nz.div_(y, rounding_mode={mode})\nshow(z)")
    for op in ["add", "sub"]:
        for a, b, alpha in [("f", "bcast", "2"), ("f", "bcast", "-0.5"), ("i", "i", "3"), ("i", "i", "0.5"),
                            ("b", "b", "True")]:
            case("binary", f"{op}/alpha{alpha}/{a}-{b}", [f"torch.{op}"],
                 inp(a) + rhs(b) + f"show(torch.{op}(x, y, alpha={alpha}))")
            case("binary", f"{op}/alpha{alpha}/{a}-{b}/method", [f"Tensor.{op}_"],
                 inp(a) + rhs(b) + f"z = x.clone()\nz.{op}_(y, alpha={alpha})\nshow(z)")
    case("binary", "pow/scalar-base", ["torch.pow"], inp("f") + "show(torch.pow(2, x))")
    case("binary", "pow/scalar-base-int", ["torch.pow"], inp("i") + "show(torch.pow(2, x))")
    case("binary", "pow/int-negative", ["torch.pow"], inp("i") + "show(torch.pow(x, -1))")
    case("binary", "pow/half", ["torch.pow"], inp("fodd") + "show(torch.pow(x, 0.5))")
    case("binary", "pow/three", ["torch.pow"], inp("fodd") + "show(torch.pow(x, 3))")
    case("binary", "pow/minus-two", ["torch.pow"], inp("fodd") + "show(x ** -2)")


def ternary():
    for name in ["f", "fodd", "i", "fspecial", "ft"]:
        for lo, hi in [("-1", "1"), ("0", "None"), ("None", "0.5"), ("2", "-2"), ("-1.5", "2")]:
            src = inp(name)
            cid = f"clamp/{name}/{lo},{hi}"
            case("pointwise", cid, ["torch.clamp"], src + f"show(torch.clamp(x, {lo}, {hi}))")
            case("pointwise", cid + "/kw", ["Tensor.clamp"], src + f"show(x.clamp(min={lo}, max={hi}))")
            case("pointwise", cid + "/clip", ["torch.clip"], src + f"show(torch.clip(x, {lo}, {hi}))")
            case("pointwise", cid + "/inplace", ["Tensor.clamp_"], src + f"y = x.clone()\nr = y.clamp_({lo}, {hi})\nshow(y)\nsame(r, y)")
        case("pointwise", f"clamp/{name}/tensors", ["torch.clamp"],
             inp(name) + "show(torch.clamp(x, torch.tensor([-1, 0, 1]), torch.tensor([[1], [2]])))")
        for op in ["clamp_min", "clamp_max"]:
            case("pointwise", f"{op}/{name}", [f"torch.{op}"], inp(name) + f"show(torch.{op}(x, 0.5))")
            case("pointwise", f"{op}/{name}/method", [f"Tensor.{op}"], inp(name) + f"show(x.{op}(1))")
    case("pointwise", "clamp/none", ["torch.clamp"], inp("f") + "torch.clamp(x)")
    case("pointwise", "clamp/bool", ["torch.clamp"], inp("b") + "show(torch.clamp(x, 0, 1))")
    for name, other, w in [("f", "bcast", "0.25"), ("f", "bcast", "torch.tensor([0.0, 0.5, 1.0])"),
                           ("fodd", "fodd2", "0.75"), ("fodd", "fodd2", "1.5"), ("f", "bad", "0.5"),
                           ("i", "i", "0.5"), ("f0", "f", "0.5")]:
        src = inp(name) + rhs(other)
        case("pointwise", f"lerp/{name}-{other}/{w}", ["torch.lerp"], src + f"show(torch.lerp(x, y, {w}))")
        case("pointwise", f"lerp/{name}-{other}/{w}/method", ["Tensor.lerp"], src + f"show(x.lerp(y, {w}))")
    for cond, a, b in [("b", "f", "bcast"), ("b", "i", "0"), ("b", "f", "0"), ("b", "2.5", "i"), ("b0", "f", "i"),
                       ("i", "f", "0"), ("b", "f", "bad")]:
        src = inp(cond, "c") + rhs(a).replace("y =", "a =") + rhs(b)
        case("pointwise", f"where/{cond}-{a}-{b}", ["torch.where"], src + "show(torch.where(c, a, y))")
        if a in INPUTS or a in RHS:
            case("pointwise", f"where/{cond}-{a}-{b}/method", ["Tensor.where"], src + "show(a.where(c, y))")
    for name in ["f", "i", "b", "fspecial"]:
        case("pointwise", f"where/one/{name}", ["torch.where"], inp(name) + "show(torch.where(x))")
    for a, b in [("f", "f"), ("f", "bcast"), ("fspecial", "fspecial"), ("fspecial", "fspecial2"), ("i", "i"),
                 ("i", "f"), ("f", "bad"), ("fodd", "fodd2")]:
        src = inp(a) + rhs(b)
        case("pointwise", f"isclose/{a}-{b}", ["torch.isclose"], src + "show(torch.isclose(x, y))")
        case("pointwise", f"isclose/{a}-{b}/nan", ["Tensor.isclose"], src + "show(x.isclose(y, equal_nan=True, atol=0.5))")
        case("pointwise", f"allclose/{a}-{b}", ["torch.allclose"], src + "show(torch.allclose(x, y))")
        case("pointwise", f"allclose/{a}-{b}/tol", ["Tensor.allclose"], src + "show(x.allclose(y, rtol=0.5, atol=1.0))")
        case("pointwise", f"equal/{a}-{b}", ["torch.equal"], src + "show(torch.equal(x, y))")
        case("pointwise", f"equal/{a}-{b}/method", ["Tensor.equal"], src + "show(x.equal(y))")
    for name in ["f", "fodd", "fspecial", "f0", "fempty", "f3", "ft", "i"]:
        for op in ["softmax", "log_softmax"]:
            for dim in ["0", "-1", "1", "2"]:
                case("pointwise", f"{op}/{name}/{dim}", [f"torch.{op}"], inp(name) + f"show(torch.{op}(x, {dim}))")
                case("pointwise", f"{op}/{name}/{dim}/method", [f"Tensor.{op}"], inp(name) + f"show(x.{op}(dim={dim}))")
                case("pointwise", f"{op}/{name}/{dim}/F", [f"torch.nn.functional.{op}"],
                     inp(name) + f"show(F.{op}(x, dim={dim}))")
            case("pointwise", f"{op}/{name}/dtype", [f"torch.{op}"],
                 inp(name) + f"show(torch.{op}(x, -1, dtype=torch.float32))")
            case("pointwise", f"{op}/{name}/F-nodim", [f"torch.nn.functional.{op}"], inp(name) + f"show(F.{op}(x))")


# ---- reductions -------------------------------------------------------------------------------------

REDUCE_DIM = "sum mean prod amax amin logsumexp std var count_nonzero norm".split()
REDUCE_INPUTS = ["f", "fodd", "fspecial", "f0", "fempty", "ft", "f3", "fexp", "i", "i32", "b", "iempty"]


def reductions():
    for op in REDUCE_DIM + ["all", "any", "max", "min", "argmax", "argmin", "aminmax", "std_mean", "var_mean",
                            "cumsum", "cumprod"]:
        for name in REDUCE_INPUTS:
            src = inp(name)
            variants = [("all", "")] if op not in ("cumsum", "cumprod") else []
            variants += [("d0", "0"), ("d-1", "-1"), ("d1k", "1, keepdim=True"), ("d2", "2"), ("dkw", "dim=0")]
            if op in ("sum", "mean", "amax", "amin", "logsumexp", "std", "var", "count_nonzero", "norm", "std_mean",
                      "var_mean", "all", "any", "prod"):
                variants += [("dt", "(0, -1)"), ("dtk", "dim=(0, 1), keepdim=True"), ("dempty", "()")]
            if op in ("sum", "mean", "prod", "cumsum", "cumprod"):
                variants += [("dtype", "0, dtype=torch.float32"), ("dtypei", "-1, dtype=torch.int64")]
            if op in ("std", "var", "std_mean", "var_mean"):
                variants += [("unb", "0, unbiased=False"), ("corr", "dim=1, correction=0"),
                             ("corr2", "dim=None, correction=2")]
            if op == "norm":
                variants += [("p1", "1"), ("pinf", "float('inf')"), ("p1d", "1, dim=0"), ("p3d", "3, 1, True")]
            if op in ("max", "min"):
                variants = [("all", ""), ("d0", "0"), ("d-1", "-1"), ("d1k", "1, keepdim=True"), ("d2", "2"),
                            ("dkw", "dim=0")]
            if op in ("amax", "amin", "aminmax", "argmax", "argmin") and ("keepdim" not in "".join(v for _, v in variants)):
                pass
            for vid, args in variants:
                case("reduce", f"{op}/{name}/{vid}", [f"torch.{op}"], src + f"show(torch.{op}(x{', ' + args if args else ''}))")
                case("reduce", f"{op}/{name}/{vid}/method", [f"Tensor.{op}"], src + f"show(x.{op}({args}))")
    for name in ["f", "i"]:
        case("reduce", f"max/binary/{name}", ["torch.max"], inp(name) + "show(torch.max(x, torch.zeros(3)))")
        case("reduce", f"min/binary/{name}", ["torch.min"], inp(name) + "show(torch.min(x, torch.ones(3, dtype=torch.int64)))")
        case("reduce", f"max/fields/{name}", ["Tensor.max"], inp(name) + "r = x.max(1)\nshow(r.values)\nshow(r.indices)\nv, i = r\nshow(i)")
        case("reduce", f"aminmax/fields/{name}", ["torch.aminmax"], inp(name) + "r = torch.aminmax(x, dim=0)\nshow(r.min)\nshow(r.max)")
        case("reduce", f"sum/out/{name}", ["torch.sum"], inp(name) + "o = torch.empty(3, dtype=x.dtype)\ntorch.sum(x, 0, out=o)\nshow(o)")


# ---- shapes and views -------------------------------------------------------------------------------

def views():
    v = "views"
    x6 = "x = torch.arange(6.0).reshape(2, 3)\n"
    x24 = "x = torch.arange(24).reshape(2, 3, 4)\n"
    xt = "x = torch.arange(6.0).reshape(2, 3).t()\n"
    specs = [
        ("reshape", [x6 + "r = x.reshape(3, 2)", x6 + "r = x.reshape(-1)", x6 + "r = x.reshape((6, 1))",
                     x6 + "r = x.reshape(4, -1)", x6 + "r = x.reshape(-1, -1)", xt + "r = x.reshape(6)",
                     xt + "r = x.reshape(3, 2)", x6 + "r = x.reshape([])", "x = torch.tensor(5.0)\nr = x.reshape(1, 1)",
                     "x = torch.zeros(0, 3)\nr = x.reshape(-1, 0)", "x = torch.zeros(0, 3)\nr = x.reshape(3, -1)",
                     x6 + "r = x.reshape(2.0, 3)"]),
        ("view", [x6 + "r = x.view(3, 2)", x6 + "r = x.view(-1)", xt + "r = x.view(6)", xt + "r = x.view(3, 2)",
                  x24 + "r = x.view(6, 4)", x24 + "r = x.transpose(0, 1).view(3, 8)", x6 + "r = x.view(torch.int32)",
                  x6 + "r = x.view(7)", x6 + "r = x.view(2, -1, 1)", x6 + "r = x.view(torch.Size([3, 2]))",
                  x24 + "r = x[:, 1:, :].view(2, 8)", x24 + "r = x[:, :, ::2].view(12)"]),
        ("flatten", [x24 + "r = x.flatten()", x24 + "r = x.flatten(1)", x24 + "r = x.flatten(0, 1)",
                     x24 + "r = x.flatten(start_dim=-2)", x24 + "r = x.flatten(2, 0)", "x = torch.tensor(3.0)\nr = x.flatten()",
                     xt + "r = x.flatten()", x24 + "r = x.flatten(1, 1)"]),
        ("unflatten", [x24 + "r = x.unflatten(2, (2, 2))", x24 + "r = x.unflatten(-1, (-1, 2))", x24 + "r = x.unflatten(1, (2, 2))",
                       x24 + "r = x.unflatten(0, (1, 2))"]),
        ("squeeze", ["x = torch.zeros(1, 3, 1)\nr = x.squeeze()", "x = torch.zeros(1, 3, 1)\nr = x.squeeze(0)",
                     "x = torch.zeros(1, 3, 1)\nr = x.squeeze(1)", "x = torch.zeros(1, 3, 1)\nr = x.squeeze((0, 2))",
                     "x = torch.zeros(1, 3, 1)\nr = x.squeeze(3)", "x = torch.tensor(2.0)\nr = x.squeeze(0)",
                     "x = torch.zeros(1, 3, 1)\nr = x.squeeze(-1)"]),
        ("unsqueeze", [x6 + "r = x.unsqueeze(0)", x6 + "r = x.unsqueeze(-1)", x6 + "r = x.unsqueeze(2)",
                       x6 + "r = x.unsqueeze(3)", x6 + "r = x.unsqueeze(-4)", xt + "r = x.unsqueeze(1)",
                       "x = torch.tensor(2.0)\nr = x.unsqueeze(0)"]),
        ("permute", [x24 + "r = x.permute(2, 0, 1)", x24 + "r = x.permute((1, 2, 0))", x24 + "r = x.permute(0, 1)",
                     x24 + "r = x.permute(0, 0, 1)", x24 + "r = x.permute(-1, 0, 1)", x24 + "r = x.permute([2, 1, 0])"]),
        ("transpose", [x24 + "r = x.transpose(0, 2)", x24 + "r = x.transpose(-1, -2)", x24 + "r = x.transpose(1, 3)",
                       "x = torch.tensor(1.0)\nr = x.transpose(0, -1)", x6 + "r = x.transpose(dim0=1, dim1=0)"]),
        ("swapaxes", [x24 + "r = x.swapaxes(0, 2)", x24 + "r = x.swapaxes(1, 5)"]),
        ("t", [x6 + "r = x.t()", "x = torch.arange(3)\nr = x.t()", x24 + "r = x.t()", "x = torch.tensor(2)\nr = x.t()"]),
        ("movedim", [x24 + "r = x.movedim(0, 2)", x24 + "r = x.movedim((0, 1), (2, 0))", x24 + "r = x.movedim(-1, 0)",
                     x24 + "r = x.movedim(0, 3)"]),
        ("expand", ["x = torch.tensor([1.0, 2.0, 3.0])\nr = x.expand(2, 3)", "x = torch.tensor([[1.0], [2.0]])\nr = x.expand(2, 4)",
                    "x = torch.tensor([[1.0], [2.0]])\nr = x.expand(-1, 3)", "x = torch.tensor([1.0, 2.0, 3.0])\nr = x.expand(2, 4)",
                    "x = torch.tensor([1.0, 2.0, 3.0])\nr = x.expand(3)", "x = torch.tensor([1.0, 2.0, 3.0])\nr = x.expand((2, 1, 3))",
                    "x = torch.tensor(7)\nr = x.expand(2, 2)", "x = torch.tensor([1.0, 2.0, 3.0])\nr = x.expand(-1, 3)"]),
        ("repeat", [x6 + "r = x.repeat(2, 1)", x6 + "r = x.repeat(1, 2, 2)", x6 + "r = x.repeat(2)",
                    "x = torch.tensor([1, 2])\nr = x.repeat(3)", x6 + "r = x.repeat((2, 2))", x6 + "r = x.repeat(0, 1)"]),
        ("tile", [x6 + "r = x.tile(2)", x6 + "r = x.tile((2, 1, 1))", "x = torch.tensor([1, 2])\nr = x.tile((2, 2))"]),
        ("flip", [x24 + "r = x.flip(0)", x24 + "r = x.flip((0, 2))", x24 + "r = x.flip(-1)", x24 + "r = x.flip(3)",
                  xt + "r = x.flip(1)"]),
        ("fliplr", [x6 + "r = x.fliplr()", "x = torch.arange(3)\nr = x.fliplr()"]),
        ("narrow", [x6 + "r = x.narrow(1, 1, 2)", x6 + "r = x.narrow(0, -1, 1)", x6 + "r = x.narrow(1, 2, 2)",
                    x24 + "r = x.narrow(-1, 0, 0)"]),
        ("diagonal", [x24 + "r = x.diagonal()", x24 + "r = x.diagonal(1, 1, 2)", x6 + "r = x.diagonal(offset=-1)",
                      x6 + "r = x.diagonal(5)"]),
        ("diag", [x6 + "r = x.diag()", x6 + "r = x.diag(1)", "x = torch.tensor([1.0, 2.0])\nr = x.diag()",
                  "x = torch.tensor([1.0, 2.0])\nr = x.diag(-1)", x24 + "r = x.diag()"]),
        ("tril", [x6 + "r = x.tril()", x6 + "r = x.tril(1)", x24 + "r = x.tril(-1)", "x = torch.ones(3)\nr = x.tril()",
                  "x = torch.ones(3, 3, dtype=torch.bool)\nr = x.tril()"]),
        ("triu", [x6 + "r = x.triu()", x6 + "r = x.triu(1)", x24 + "r = x.triu(diagonal=-1)",
                  "x = torch.ones(4, 4)\nr = x.triu(2)"]),
        ("clone", [x6 + "r = x.clone()", xt + "r = x.clone()", "x = torch.tensor([1.0, 2.0]).expand(2, 2)\nr = x.clone()",
                   xt + "r = x.clone(memory_format=torch.contiguous_format)"]),
        ("contiguous", [x6 + "r = x.contiguous()", xt + "r = x.contiguous()"]),
        ("detach", [x6 + "r = x.detach()"]),
        ("view_as", [x6 + "r = x.view_as(torch.zeros(3, 2))", xt + "r = x.view_as(torch.zeros(6))"]),
        ("reshape_as", [x6 + "r = x.reshape_as(torch.zeros(3, 2))", xt + "r = x.reshape_as(torch.zeros(6))"]),
        ("expand_as", ["x = torch.tensor([1.0, 2.0, 3.0])\nr = x.expand_as(torch.zeros(2, 3))"]),
        ("T", [x6 + "r = x.T", x24 + "r = x.T", "x = torch.arange(3)\nr = x.T"]),
        ("mT", [x6 + "r = x.mT", x24 + "r = x.mT", "x = torch.arange(3)\nr = x.mT"]),
    ]
    for op, srcs in specs:
        for k, src in enumerate(srcs):
            case(v, f"{op}/{k}", [f"Tensor.{op}"], src + "\nshow(r)\nsame(r, x)")
            if f"torch.{op}" in EXPOSED and "r = x." in src:
                head, call = src.rsplit("r = x.", 1)
                name, rest = call.split("(", 1) if "(" in call else (call, ")")
                args = rest[:-1]
                fsrc = head + f"r = torch.{op}(x{', ' + args if args else ''})"
                case(v, f"{op}/{k}/torch", [f"torch.{op}"], fsrc + "\nshow(r)\nsame(r, x)")
    for op, srcs in [("squeeze_", ["x = torch.zeros(1, 3, 1)\nr = x.squeeze_()", "x = torch.zeros(1, 3, 1)\nr = x.squeeze_(0)"]),
                     ("unsqueeze_", ["x = torch.zeros(3)\nr = x.unsqueeze_(0)", "x = torch.zeros(3)\nr = x.unsqueeze_(2)"])]:
        for k, src in enumerate(srcs):
            case(v, f"{op}/{k}", [f"Tensor.{op}"], src + "\nshow(x)\nprint(r is x)")
    for op, calls in [("chunk", ["3", "2", "2, 1", "4, dim=1", "0"]), ("split", ["2", "[1, 1]", "1, 1", "(2, 1), dim=1", "[2, 2]", "4"]),
                      ("unbind", ["", "1", "dim=-1", "3"])]:
        for k, a in enumerate(calls):
            src = x6 + f"r = x.{op}({a})\nshow(r)\nprint([same(p, x) for p in r] if isinstance(r, tuple) else r)"
            case(v, f"{op}/{k}", [f"Tensor.{op}"], src)
            case(v, f"{op}/{k}/torch", [f"torch.{op}"], x6 + f"r = torch.{op}(x{', ' + a if a else ''})\nshow(r)")
    for k, call in enumerate(["0, 1", "1, -1", "-1, 2", "1, 5", "2, 0", "0, -3", "dim=1, index=0"]):
        for j, pre in enumerate([x6, x24, xt, "x = torch.tensor(3.0)\n", "x = torch.zeros(0, 3)\n"]):
            kid = f"select/{k}/{j}"
            case(v, kid, ["Tensor.select"], pre + f"r = x.select({call})\nshow(r)\nsame(r, x)")
            case(v, kid + "/torch", ["torch.select"], pre + f"r = torch.select(x, {call})\nshow(r)")
    for k, src in enumerate(["x = torch.arange(5)\nshow(x.tensor_split(2))"]):
        case(v, f"tensor_split/{k}", ["Tensor.tensor_split"], src)


# ---- joining and indexing ---------------------------------------------------------------------------

def joining():
    g = "joining"
    a = "a = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\n"
    b = "b = torch.tensor([[5.0, 6.0]])\n"
    bi = "b = torch.tensor([[5, 6]])\n"
    for op in ["cat", "concat", "concatenate"]:
        for k, (pre, call) in enumerate([(a + b, "(a, b)"), (a + b, "[a, b], 0"), (a + b, "(a, b), dim=1"),
                                         (a + b, "(a, b.t()), 1"), (a + bi, "(a, b)"), (a, "(a, torch.tensor([]))"),
                                         (a, "[a]"), (a, "[]"), (a + b, "(a, b), 2"), (a + b, "(a, b), -1"),
                                         (a, "(a, a.t()), 0"), (a, "(a, torch.tensor(1.0))")]):
            case(g, f"{op}/{k}", [f"torch.{op}"], pre + f"show(torch.{op}({call}))")
    for op in ["stack", "hstack", "vstack"]:
        for k, (pre, call) in enumerate([(a, "(a, a)"), (a, "(a, a), 1"), (a, "(a, a), dim=-1"), (a + b, "(a, b)"),
                                         (a, "(a, a.long())"), ("a = torch.tensor([1, 2])\n", "(a, a)"),
                                         ("a = torch.tensor(1.0)\n", "(a, a)"), (a, "[]"), (a, "(a, a), 3")]):
            case(g, f"{op}/{k}", [f"torch.{op}"], pre + f"show(torch.{op}({call}))")
    for k, (pre, call) in enumerate([("x = torch.zeros(2, 1)\ny = torch.zeros(3)\n", "x, y"),
                                     ("x = torch.zeros(2, 1)\ny = torch.zeros(2)\n", "x, y"),
                                     ("x = torch.zeros(2)\ny = torch.tensor(1)\n", "x, y")]):
        case(g, f"broadcast_tensors/{k}", ["torch.broadcast_tensors"], pre + f"r = torch.broadcast_tensors({call})\nshow(r)\nsame(r[0], x)")
    for k, call in enumerate(["(2, 1), (3,)", "(2, 1), (2,)", "(1,), ()", "[4, 1], [1, 5]", "3, (2, 3)"]):
        case(g, f"broadcast_shapes/{k}", ["torch.broadcast_shapes"], f"show(torch.broadcast_shapes({call}))")


def indexing():
    g = "indexing"
    x = "x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\n"
    xi = "x = torch.tensor([[1, 2, 3], [4, 5, 6]])\n"
    for k, (pre, call) in enumerate([(x, "1, torch.tensor([[0, 0], [1, 0]])"), (x, "0, torch.tensor([[1, 0, 1]])"),
                                     (x, "1, torch.tensor([[3]])"), (x, "1, torch.tensor([[0.0]])"),
                                     (x, "dim=1, index=torch.tensor([[2], [1]])"), (xi, "-1, torch.tensor([[2, 2]])"),
                                     (x, "2, torch.tensor([[0]])"), (x, "1, torch.tensor([0])")]):
        case(g, f"gather/{k}", ["torch.gather"], pre + f"show(torch.gather(x, {call}))")
        case(g, f"gather/{k}/method", ["Tensor.gather"], pre + f"show(x.gather({call}))")
    for k, (pre, call) in enumerate([(x, "1, torch.tensor([2, 0])"), (x, "0, torch.tensor([1, 1, 0])"),
                                     (x, "1, torch.tensor([3])"), (x, "1, torch.tensor([0.0])"),
                                     (x, "0, torch.tensor([[0]])"), (xi, "-1, torch.tensor([], dtype=torch.int64)"),
                                     (x, "1, torch.tensor(1)"), (x, "1, torch.tensor([0], dtype=torch.int32)")]):
        case(g, f"index_select/{k}", ["torch.index_select"], pre + f"show(torch.index_select(x, {call}))")
        case(g, f"index_select/{k}/method", ["Tensor.index_select"], pre + f"show(x.index_select({call}))")
    for k, (pre, call) in enumerate([(x, "1, torch.tensor([0, 2]), -1.0"), (xi, "0, torch.tensor([1]), 9"),
                                     (x, "1, torch.tensor([5]), 0.0"), (xi, "0, torch.tensor([1]), 2.5"),
                                     (x, "1, torch.tensor([0]), torch.tensor(7.0)")]):
        case(g, f"index_fill/{k}", ["torch.index_fill"], pre + f"show(torch.index_fill(x, {call}))")
        case(g, f"index_fill/{k}/method", ["Tensor.index_fill"], pre + f"show(x.index_fill({call}))")
        case(g, f"index_fill_/{k}", ["Tensor.index_fill_"], pre + f"r = x.index_fill_({call})\nshow(x)\nsame(r, x)")
    masks = ["torch.tensor([[True, False, True], [False, False, True]])", "torch.tensor([True, False, False])",
             "torch.tensor([[1, 0, 1], [0, 0, 1]])", "torch.tensor([True, False])", "torch.tensor(True)",
             "torch.tensor([[False], [True]])"]
    for k, m in enumerate(masks):
        for vid, val in [("f", "-1e9"), ("inf", "float('-inf')"), ("i", "0"), ("t", "torch.tensor(5.0)"),
                         ("t1", "torch.tensor([5.0])"), ("b", "True")]:
            for pre, pn in [(x, "f"), (xi, "i")]:
                src = pre + f"m = {m}\n"
                case(g, f"masked_fill/{k}/{pn}/{vid}", ["torch.masked_fill"], src + f"show(torch.masked_fill(x, m, {val}))")
                case(g, f"masked_fill/{k}/{pn}/{vid}/method", ["Tensor.masked_fill"], src + f"show(x.masked_fill(m, {val}))")
                case(g, f"masked_fill_/{k}/{pn}/{vid}", ["Tensor.masked_fill_"], src + f"r = x.masked_fill_(m, {val})\nshow(x)\nsame(r, x)")
        case(g, f"masked_select/{k}", ["torch.masked_select"], x + f"m = {m}\nshow(torch.masked_select(x, m))")
        case(g, f"masked_select/{k}/method", ["Tensor.masked_select"], xi + f"m = {m}\nshow(x.masked_select(m))")
    for name in ["f", "i", "b", "fspecial", "f0", "fempty", "b0", "ft"]:
        case(g, f"nonzero/{name}", ["torch.nonzero"], inp(name) + "show(torch.nonzero(x))")
        case(g, f"nonzero/{name}/tuple", ["Tensor.nonzero"], inp(name) + "show(x.nonzero(as_tuple=True))")
    for name in ["f", "fodd", "fspecial", "i", "b", "f3", "ft", "f0", "fempty"]:
        for vid, args in [("", ""), ("d0", "0"), ("desc", "dim=-1, descending=True"), ("stable", "stable=True"),
                          ("d5", "5")]:
            case(g, f"sort/{name}/{vid}", ["torch.sort"], inp(name) + f"show(torch.sort(x{', ' + args if args else ''}))")
            case(g, f"sort/{name}/{vid}/method", ["Tensor.sort"], inp(name) + f"show(x.sort({args}))")
            case(g, f"argsort/{name}/{vid}", ["torch.argsort"], inp(name) + f"show(torch.argsort(x{', ' + args if args else ''}))")
            case(g, f"argsort/{name}/{vid}/method", ["Tensor.argsort"], inp(name) + f"show(x.argsort({args}))")
        for vid, args in [("1", "1"), ("2", "2"), ("d0", "1, dim=0"), ("small", "2, largest=False"), ("all", "3, -1, True, True"),
                          ("big", "9"), ("zero", "0")]:
            case(g, f"topk/{name}/{vid}", ["torch.topk"], inp(name) + f"show(torch.topk(x, {args}))")
            case(g, f"topk/{name}/{vid}/method", ["Tensor.topk"], inp(name) + f"show(x.topk({args}))")
    for k, (pre, call) in enumerate([(x, "1, torch.tensor([[0, 1, 2]]), -1.0"), (x, "0, torch.tensor([[1, 0, 1]]), torch.tensor([[9.0, 8.0, 7.0]])"),
                                     (x, "1, torch.tensor([[3]]), 0.0"), (xi, "1, torch.tensor([[0], [2]]), 5"),
                                     (x, "1, torch.tensor([[1]]), 2.0, reduce='add'")]):
        case(g, f"scatter/{k}", ["torch.scatter"], pre + f"show(torch.scatter(x, {call}))")
        case(g, f"scatter/{k}/method", ["Tensor.scatter"], pre + f"show(x.scatter({call}))")
        case(g, f"scatter_/{k}", ["Tensor.scatter_"], pre + f"r = x.scatter_({call})\nshow(x)\nsame(r, x)")
    for k, (pre, call) in enumerate([("x = torch.tensor([1, 2, 3])\n", "2"), ("x = torch.tensor([1, 2, 3])\n", "torch.tensor([1, 0, 2])"),
                                     (x, "2, dim=0"), (x, "torch.tensor([1, 2]), dim=0"), (x, "2"),
                                     ("x = torch.tensor([1, 2, 3])\n", "torch.tensor([1, 2])"), (x, "-1")]):
        case(g, f"repeat_interleave/{k}", ["torch.repeat_interleave"], pre + f"show(torch.repeat_interleave(x, {call}))")
        case(g, f"repeat_interleave/{k}/method", ["Tensor.repeat_interleave"], pre + f"show(x.repeat_interleave({call}))")
    case(g, "repeat_interleave/counts", ["torch.repeat_interleave"], "show(torch.repeat_interleave(torch.tensor([2, 0, 1])))")
    for k, call in enumerate(["3, 3", "3, 3, 1", "2, 4, -1", "4, 3, offset=1", "0, 0", "3, 3, dtype=torch.int32"]):
        case(g, f"tril_indices/{k}", ["torch.tril_indices"], f"show(torch.tril_indices({call}))")
    # Python indexing (__getitem__ / __setitem__).
    base = "x = torch.arange(24).reshape(2, 3, 4)\n"
    for k, ix in enumerate(["0", "-1", "1, 2", "..., 1", ":, 1:", "::2", ":, ::-1" if False else ":, ::2", "None", "..., None",
                            "torch.tensor([1, 0])", "torch.tensor([True, False])", "[0, 1], [2, 0]", "x > 10",
                            "1, :, torch.tensor([0, 3])", "2", "0, 5", "torch.tensor([[0, 1]])", "True", "...",
                            "0, 1, 2, 3", "1.0", "slice(1, None)", ":, torch.tensor([2]), ::3"]):
        case(g, f"getitem/{k}", [], base + f"r = x[{ix}]\nshow(r)\nsame(r, x)")
    for k, (ix, val) in enumerate([("0", "-1"), (":, 1", "torch.tensor([7, 8, 9, 10])"), ("x > 10", "0"),
                                   ("..., 0", "2.7"), ("torch.tensor([1, 0])", "5"), ("0, 0, 0", "torch.tensor(3)"),
                                   (":, :, 1", "torch.tensor([1, 2])"), ("0", "torch.zeros(4)")]):
        case(g, f"setitem/{k}", [], base + f"x[{ix}] = {val}\nshow(x)")


# ---- matrix products --------------------------------------------------------------------------------

def products():
    g = "matmul"
    shapes = [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 3), (3, 4)), ((2, 2, 3), (3, 4)), ((2, 3), (2, 3, 4)),
              ((2, 1, 2, 3), (3, 3, 2)), ((2, 3), (4, 3)), ((), (3,)), ((0, 3), (3, 2)), ((2, 0), (0, 3)), ((3,), (4,))]

    def mk(name, shape, seed):
        n = 1
        for d in shape:
            n *= d
        return f"{name} = ((torch.arange({n}.0) * {seed}) % 7 - 3).reshape({tuple(shape)!r}) / 4\n"

    for k, (sa, sb) in enumerate(shapes):
        src = mk("a", sa, 3) + mk("b", sb, 5)
        case(g, f"matmul/{k}", ["torch.matmul"], src + "show(torch.matmul(a, b))")
        case(g, f"matmul/{k}/operator", ["Tensor.matmul"], src + "show(a @ b)")
        case(g, f"matmul/{k}/method", ["Tensor.matmul"], src + "show(a.matmul(b))")
        case(g, f"matmul/{k}/int", ["torch.matmul"], src + "show(torch.matmul(a.long(), b.long()))")
        case(g, f"matmul/{k}/mixed", ["torch.matmul"], src + "show(torch.matmul(a, b.long()))")
        if len(sa) == 2 and len(sb) == 2:
            case(g, f"mm/{k}", ["torch.mm"], src + "show(torch.mm(a, b))")
            case(g, f"mm/{k}/method", ["Tensor.mm"], src + "show(a.mm(b))")
            case(g, f"mm/{k}/T", ["torch.mm"], src + "show(torch.mm(b.t(), a.t()))")
            case(g, f"addmm/{k}", ["torch.addmm"], src + "show(torch.addmm(torch.ones(1), a, b))")
            case(g, f"addmm/{k}/kw", ["Tensor.addmm"], src + "show(torch.ones(1).addmm(a, b, beta=0.5, alpha=2))")
        if len(sa) == 3 and len(sb) == 3:
            case(g, f"bmm/{k}", ["torch.bmm"], src + "show(torch.bmm(a, b))")
        if len(sa) == 2 and len(sb) == 1:
            case(g, f"mv/{k}", ["torch.mv"], src + "show(torch.mv(a, b))")
            case(g, f"mv/{k}/method", ["Tensor.mv"], src + "show(a.mv(b))")
        if len(sa) == 1 and len(sb) == 1:
            case(g, f"dot/{k}", ["torch.dot"], src + "show(torch.dot(a, b))")
            case(g, f"dot/{k}/method", ["Tensor.dot"], src + "show(a.dot(b))")
            case(g, f"outer/{k}", ["torch.outer"], src + "show(torch.outer(a, b))")
            case(g, f"outer/{k}/method", ["Tensor.outer"], src + "show(a.outer(b))")
    for k, (sa, sb) in enumerate([((2, 2, 3), (2, 3, 4)), ((1, 2, 3), (2, 3, 4)), ((2, 2, 3), (2, 4, 3)), ((2, 3), (3, 4)),
                                  ((3, 1, 4), (3, 4, 2))]):
        src = mk("a", sa, 3) + mk("b", sb, 5)
        case(g, f"bmm/b{k}", ["torch.bmm"], src + "show(torch.bmm(a, b))")
        case(g, f"bmm/b{k}/method", ["Tensor.bmm"], src + "show(a.bmm(b))")
        case(g, f"bmm/b{k}/T", ["torch.bmm"], src + "show(torch.bmm(a, b.transpose(1, 2).contiguous().transpose(1, 2)))")
    case(g, "attention/tiny", ["torch.matmul", "torch.softmax"],
         "q = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\nk = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\n"
         "w = torch.softmax(q @ k.T / 2 ** 0.5, dim=-1)\nshow(w)\nshow(w.sum(-1))")
    case(g, "attention/seeded", ["torch.matmul", "torch.softmax"],
         "torch.manual_seed(0)\nq = torch.randn(2, 4, 8)\nk = torch.randn(2, 4, 8)\nv = torch.randn(2, 4, 8)\n"
         "w = torch.softmax(q @ k.transpose(-2, -1) / 8 ** 0.5, dim=-1)\nshow(w)\nshow(w @ v)\nshow(w.sum(-1))")


# ---- creation, random, conversion, properties -------------------------------------------------------

def creation():
    g = "creation"
    calls = {
        "tensor": ["[1, 2, 3]", "[1.0, 2]", "[[1, 2], [3, 4]]", "[]", "3.5", "True", "[True, 2]", "[[1], [2, 3]]",
                   "[1, 2], dtype=torch.float32", "[1.7, -2.7], dtype=torch.int64", "[1, 0], dtype=torch.bool",
                   "torch.tensor([1, 2])", "(1, 2)", "'a'", "[1, 2], requires_grad=True", "2 ** 63",
                   "[0.1, 1e-8, 1e8]", "[[[]]]", "[1.0, float('nan')]", "[[1.0, 2.0]], dtype=torch.int32"],
        "as_tensor": ["[1, 2]", "[1, 2], dtype=torch.float32", "torch.arange(3)"],
        "zeros": ["2, 3", "(2, 3)", "[2]", "0", "2, dtype=torch.int64", "2, dtype=torch.bool", "-1", "2, 3.0", ""],
        "ones": ["2, 3", "(1,)", "3, dtype=torch.int32", "2, 2, dtype=torch.bool", "torch.Size([2, 1])"],
        "full": ["(2, 3), 7", "(2,), 1.5", "(2,), True", "(2,), 3, dtype=torch.float32", "[2, 2], -1.0",
                 "2, 3", "(2,), 7, dtype=torch.bool"],
        "arange": ["5", "1, 4", "0, 1, 0.25", "5.0", "0, -3, -1", "1, 2.5, 0.5", "0, 10, 3", "0, 5, dtype=torch.float32",
                   "0, 1, 0", "3, 1", "-1.5, 1", "0, 1, 0.1", "10, dtype=torch.int32"],
        "linspace": ["0, 1, 5", "-1, 1, 4", "0, 10, 1", "0, 1, 0", "3, -3, 7", "0, 1, steps=11", "0, 10, 5, dtype=torch.int64",
                     "-3.0, 3.0, 12"],
        "eye": ["3", "2, 3", "3, dtype=torch.int64", "0", "2, 4, dtype=torch.bool"],
        "empty": ["0", "(0, 3)"],
        "randperm": [],
    }
    for op, args in calls.items():
        for k, a in enumerate(args):
            case(g, f"{op}/{k}", [f"torch.{op}"], f"show(torch.{op}({a}))")
    for op in ["zeros_like", "ones_like", "empty_like", "full_like", "rand_like", "randn_like"]:
        for k, (pre, a) in enumerate([(inp("f"), ""), (inp("i"), ""), (inp("b"), ""), (inp("f"), ", dtype=torch.int64"),
                                      (inp("ft"), "")]):
            extra = ", 7" if op == "full_like" else ""
            body = f"r = torch.{op}(x{extra}{a})\n"
            if op in ("empty_like",):
                body += "print(r.dtype, r.shape, r.stride())"
            elif op in ("rand_like", "randn_like"):
                body = "torch.manual_seed(3)\n" + body + "show(r)"
            else:
                body += "show(r)"
            case(g, f"{op}/{k}", [f"torch.{op}"], pre + body)
    for op in ["new_zeros", "new_ones", "new_full", "new_tensor"]:
        for k, (pre, a) in enumerate([(inp("f"), "(2,)"), (inp("i"), "(2, 1)"), (inp("b"), "[3]"), (inp("f"), "(2,), dtype=torch.int64")]):
            if op == "new_full":
                a = a.replace(")", "), 5", 1) if a.startswith("(") else a + ", 5"
            if op == "new_tensor":
                a = "[1, 2]" + (", dtype=torch.int64" if "dtype" in a else "")
            case(g, f"{op}/{k}", [f"Tensor.{op}"], pre + f"show(x.{op}({a}))")
    case(g, "empty/shape", ["torch.empty"], "r = torch.empty(2, 3)\nprint(r.dtype, r.shape, r.stride())")
    # Seeded random draws.
    for op, args in [("rand", ["3", "2, 2", "0", "(2, 3), dtype=torch.float32"]),
                     ("randn", ["3", "2, 4", "17", "(1, 5)"]),
                     ("randint", ["10, (5,)", "3, 8, (2, 3)", "5, (3,), dtype=torch.int32", "0, (3,)", "-2, 2, (6,)"]),
                     ("randperm", ["5", "1", "0", "10, dtype=torch.int32"])]:
        for k, a in enumerate(args):
            case(g, f"{op}/{k}", [f"torch.{op}", "torch.manual_seed"], f"torch.manual_seed(0)\nshow(torch.{op}({a}))")
            case(g, f"{op}/{k}/seed7", [f"torch.{op}", "torch.manual_seed"], f"torch.manual_seed(7)\nshow(torch.{op}({a}))\nshow(torch.{op}({a}))")
    for op, args in [("normal_", ["", "1.0, 0.5", "mean=-2, std=3"]), ("uniform_", ["", "-1, 1", "to=5"])]:
        for k, a in enumerate(args):
            case(g, f"{op}/{k}", [f"Tensor.{op}", "torch.manual_seed"],
                 f"torch.manual_seed(1)\nx = torch.empty(2, 3)\nr = x.{op}({a})\nshow(x)\nsame(r, x)")
    for k, (pre, a) in enumerate([(inp("f"), "0.5"), (inp("i"), "2"), (inp("b"), "False"), (inp("f"), "torch.tensor(3.0)")]):
        case(g, f"fill_/{k}", ["Tensor.fill_"], pre + f"r = x.fill_({a})\nshow(x)\nsame(r, x)")
        case(g, f"fill_/{k}/torch", ["torch.fill_"], pre + f"r = torch.fill_(x, {a})\nshow(x)")
        case(g, f"zero_/{k}", ["Tensor.zero_"], pre + "r = x.zero_()\nshow(x)\nsame(r, x)")
        case(g, f"zero_/{k}/torch", ["torch.zero_"], pre + "r = torch.zero_(x)\nshow(x)")
    for k, (pre, src) in enumerate([(inp("f"), "torch.zeros(2, 3)"), (inp("i"), "torch.tensor([1.7, -2.2, 3.0])"),
                                    (inp("f"), "torch.tensor([1, 2])"), (inp("f"), "torch.tensor(9)")]):
        case(g, f"copy_/{k}", ["Tensor.copy_"], pre + f"r = x.copy_({src})\nshow(x)\nsame(r, x)")


def conversion():
    g = "convert"
    for name in ["f", "fodd", "fspecial", "i", "i32", "b", "f0", "fempty", "ft"]:
        for op in ["float", "long", "int", "bool", "double", "half", "cpu", "contiguous"]:
            case(g, f"{op}/{name}", [f"Tensor.{op}"], inp(name) + f"r = x.{op}()\nshow(r)\nsame(r, x)")
        for k, a in enumerate(["torch.float32", "torch.int64", "dtype=torch.bool", "torch.int32", "'cpu'",
                               "torch.float32, copy=True", "torch.zeros(1, dtype=torch.int32)", "'cpu', torch.int64"]):
            case(g, f"to/{name}/{k}", ["Tensor.to"], inp(name) + f"r = x.to({a})\nshow(r)\nsame(r, x)")
        for k, a in enumerate(["", "torch.int64", "'torch.LongTensor'", "torch.float32"]):
            case(g, f"type/{name}/{k}", ["Tensor.type"], inp(name) + f"show(x.type({a}))")
        case(g, f"type_as/{name}", ["Tensor.type_as"], inp(name) + "show(x.type_as(torch.zeros(1, dtype=torch.int32)))")
        case(g, f"tolist/{name}", ["Tensor.tolist"], inp(name) + "print(x.tolist())")
        case(g, f"item/{name}", ["Tensor.item"], inp(name) + "print(repr(x.item()))")
        for op in ["float", "int", "bool", "long"]:
            case(g, f"torch.{op}/{name}", [f"torch.{op}"], inp(name) + f"print(torch.{op})\nshow(x.to(torch.{op}))")
        for conv in ["float", "int", "bool"]:
            case(g, f"py{conv}/{name}", ["Tensor.item"], inp(name) + f"print(repr({conv}(x)))")
    case(g, "cuda", ["Tensor.cuda"], inp("f") + "x.cuda()")
    case(g, "legacy", ["torch.FloatTensor", "torch.LongTensor", "torch.BoolTensor"],
         "show(torch.FloatTensor([1, 2]))\nshow(torch.LongTensor([1.5]))\nshow(torch.BoolTensor([0, 2]))\nshow(torch.FloatTensor(2, 3).shape)")
    case(g, "Tensor-ctor", ["torch.Tensor"], "show(torch.Tensor([1, 2]))\nshow(torch.Tensor(2).shape)\nprint(torch.Tensor)")
    case(g, "from_numpy", ["torch.from_numpy"], "torch.from_numpy([1])")


def properties():
    g = "props"
    for name in ALL:
        src = inp(name)
        case(g, f"attrs/{name}", ["Tensor.shape", "Tensor.dtype", "Tensor.ndim", "Tensor.size", "Tensor.stride",
                                  "Tensor.dim", "Tensor.numel", "Tensor.is_contiguous", "Tensor.storage_offset",
                                  "Tensor.element_size", "Tensor.itemsize", "Tensor.nelement", "Tensor.ndimension",
                                  "Tensor.is_floating_point", "Tensor.device", "Tensor.requires_grad", "Tensor.is_leaf",
                                  "Tensor.grad", "Tensor.grad_fn"],
             src + "print(x.shape, x.dtype, x.ndim, x.size(), x.stride(), x.dim(), x.numel(), x.is_contiguous())\n"
                   "print(x.storage_offset(), x.element_size(), x.itemsize, x.nelement(), x.ndimension())\n"
                   "print(x.is_floating_point(), x.device, x.requires_grad, x.is_leaf, x.grad, x.grad_fn)")
        case(g, f"size-dims/{name}", ["Tensor.size", "Tensor.stride"], src + "print(x.size(0), x.size(-1), x.stride(0))")
        case(g, f"torch-fns/{name}", ["torch.numel", "torch.is_tensor", "torch.is_floating_point"],
             src + "print(torch.numel(x), torch.is_tensor(x), torch.is_floating_point(x), torch.is_tensor(3))")
        case(g, f"data/{name}", ["Tensor.data"], src + "r = x.data\nshow(r)\nsame(r, x)")
        case(g, f"storage/{name}", ["Tensor.untyped_storage", "Tensor.data_ptr"],
             src + "print(x.untyped_storage().nbytes(), x.data_ptr() == x.untyped_storage().data_ptr() + x.storage_offset() * x.element_size())")
    case(g, "size-repr", ["torch.Size"], "s = torch.Size([2, 3])\nprint(s, len(s), s[0], s[-1], s[1:], s.numel(), list(s), s == (2, 3))")
    case(g, "device", ["torch.device"], "print(torch.device('cpu'), repr(torch.device('cpu')), torch.device('cpu') == torch.device('cpu'))")
    case(g, "constants", ["torch.pi", "torch.inf", "torch.nan", "torch.float", "torch.long", "torch.int", "torch.bool"],
         "print(torch.pi, torch.inf, torch.nan, torch.float, torch.long, torch.int, torch.bool)")
    case(g, "finfo", ["torch.finfo"], "f = torch.finfo(torch.float32)\nprint(f.eps, f.max, f.min, f.tiny, f.bits, f.resolution)\nprint(torch.finfo().eps)")
    for a, b in [("torch.int64", "torch.float32"), ("torch.bool", "torch.int32"), ("torch.int32", "torch.int64"),
                 ("torch.bool", "torch.bool")]:
        case(g, f"promote_types/{a}-{b}", ["torch.promote_types"], f"print(torch.promote_types({a}, {b}))")
    for a, b in [("torch.tensor([1])", "1.0"), ("torch.tensor([1])", "torch.tensor(1.0)"), ("torch.tensor([True])", "2"),
                 ("torch.tensor([1], dtype=torch.int32)", "torch.tensor(5)"), ("torch.tensor([1.0])", "torch.tensor([1])"),
                 ("2", "3.0")]:
        case(g, f"result_type/{a}-{b}", ["torch.result_type"], f"print(torch.result_type({a}, {b}))")
    case(g, "grad-mode", ["torch.no_grad", "torch.enable_grad", "torch.is_grad_enabled", "torch.set_grad_enabled",
                          "torch.inference_mode"],
         "print(torch.is_grad_enabled())\nwith torch.no_grad():\n    print(torch.is_grad_enabled())\n    with torch.enable_grad():\n"
         "        print(torch.is_grad_enabled())\nwith torch.set_grad_enabled(False):\n    print(torch.is_grad_enabled())\n"
         "with torch.inference_mode():\n    print(torch.is_grad_enabled())\nprint(torch.is_grad_enabled())")
    case(g, "cuda", ["torch.cuda.is_available", "torch.cuda.device_count"],
         "print(torch.cuda.is_available(), torch.cuda.device_count())\n"
         "device = 'cuda' if torch.cuda.is_available() else 'cpu'\nx = torch.ones(2, device=device)\nprint(x.device, x.to(device).device)")
    case(g, "grad-decorator", ["torch.no_grad", "torch.enable_grad", "torch.is_grad_enabled"],
         "@torch.no_grad()\ndef f(x, depth=2):\n    print('inside', torch.is_grad_enabled())\n    if depth:\n        f(x, depth - 1)\n    return x * 2\n"
         "x = torch.ones(2, requires_grad=True)\nshow(f(x))\nprint(torch.is_grad_enabled())\n"
         "@torch.enable_grad()\ndef g(x):\n    return x * 3\nwith torch.no_grad():\n    show(g(x))\n    print(torch.is_grad_enabled())\n"
         "@torch.no_grad()\ndef boom():\n    raise ValueError('no')\ntry:\n    boom()\nexcept ValueError as e:\n    print(e, torch.is_grad_enabled())")
    case(g, "get_default_dtype", ["torch.get_default_dtype"], "print(torch.get_default_dtype(), torch.ones(1).dtype == torch.get_default_dtype())")
    case(g, "grad_fn-name", ["Tensor.grad_fn"],
         "x = torch.ones(2, requires_grad=True)\nprint((x * 2).sum().grad_fn.name(), (x @ x).grad_fn.name(), x.relu().grad_fn.name())")
    # Training: PyTorch computes gradients; the tutor refuses with one NotImplementedError (known mismatches).
    case(g, "backward", ["Tensor.backward"],
         "x = torch.ones(2, requires_grad=True)\ny = (x * 3).sum()\ny.backward()\nprint(x.grad)")
    for opt in ["SGD", "Adam", "AdamW", "RMSprop", "Adagrad"]:
        case(g, f"optim/{opt}", [f"torch.optim.{opt}"],
             f"import torch.optim as optim\nw = torch.nn.Parameter(torch.ones(2))\no = optim.{opt}([w], lr=0.1)\nprint(type(o).__name__)")
    case(g, "seeds", ["torch.manual_seed", "torch.initial_seed"], "torch.manual_seed(42)\nprint(torch.initial_seed())\nprint(type(torch.manual_seed(1)).__name__)")
    case(g, "threads", ["torch.get_num_threads", "torch.set_num_threads"], "print(type(torch.get_num_threads()).__name__)")
    case(g, "requires_grad", ["Tensor.requires_grad_", "Tensor.detach", "Tensor.grad_fn"],
         "x = torch.tensor([1.0, 2.0]).requires_grad_()\ny = (x * 2).sum()\nprint(y)\nprint(type(y.grad_fn).__name__)\nprint(y.detach(), x.is_leaf, y.is_leaf)\n"
         "torch.tensor([1, 2]).requires_grad_()")
    big = "x = torch.arange(2000.0).reshape(40, 50) / 7 - 100\n"
    for k, opts in enumerate(["precision=2", "precision=0", "precision=8", "sci_mode=True", "sci_mode=False",
                              "threshold=5", "threshold=5, edgeitems=1", "edgeitems=5", "linewidth=40",
                              "linewidth=200", "profile='short'", "profile='full'", "profile='default'",
                              "profile='short', precision=6", "threshold=float('inf')"]):
        for name, src in [("small", inp("fodd")), ("ints", inp("i")), ("big", big), ("f", inp("f"))]:
            if name == "big" and "full" in opts or (name == "big" and "inf" in opts):
                src = "x = torch.arange(1100.0) / 3\n"
            case(g, f"set_printoptions/{k}/{name}", ["torch.set_printoptions"],
                 src + f"torch.set_printoptions({opts})\nprint(x)\nprint(x * 1e5)\nprint(x[:2] / 1e5)")
    case(g, "set_printoptions/sticky", ["torch.set_printoptions"],
         "x = torch.tensor([1.123456789, 22.5])\ntorch.set_printoptions(precision=6)\nprint(x)\n"
         "torch.set_printoptions(linewidth=100)\nprint(x)\ntorch.set_printoptions(sci_mode=True)\nprint(x)\n"
         "torch.set_printoptions()\nprint(x)\ntorch.set_printoptions(profile='default')\nprint(x)")
    case(g, "set_printoptions", ["torch.set_printoptions"],
         "x = torch.tensor([1.123456789, 22.5, -3.0])\ntorch.set_printoptions(precision=2)\nprint(x)\n"
         "torch.set_printoptions(sci_mode=True)\nprint(x)\ntorch.set_printoptions(profile='default')\nprint(x)")


# ---- torch.nn -------------------------------------------------------------------------------------------

def nn_cases():
    g = "nn"
    x = "x = torch.tensor([[-1.5, 0.0, 2.25, 0.3], [3.0, -0.5, 1.0, -2.0]])\n"
    for act, args in [("ReLU", ""), ("GELU", ""), ("GELU", "approximate='tanh'"), ("Tanh", ""), ("Sigmoid", ""),
                      ("SiLU", ""), ("ELU", ""), ("ELU", "alpha=0.5"), ("LeakyReLU", ""), ("LeakyReLU", "0.2"),
                      ("Softmax", "dim=-1"), ("Softmax", "0"), ("LogSoftmax", "dim=1"), ("Identity", ""),
                      ("Dropout", "0.5"), ("Dropout", "p=0.0")]:
        src = x + f"m = nn.{act}({args})\nprint(m)\nprint(repr(m))\n"
        if act == "Dropout":
            src += "m.eval()\n"
        case(g, f"{act}/{args}", [f"torch.nn.{act}", "torch.nn.Module"], src + "show(m(x))")
    for fn, args in [("relu", ""), ("gelu", ""), ("gelu", "approximate='tanh'"), ("tanh", ""), ("sigmoid", ""), ("silu", ""),
                     ("elu", ""), ("elu", "alpha=2.0"), ("leaky_relu", ""), ("leaky_relu", "0.3"), ("softplus", ""),
                     ("softplus", "beta=2, threshold=1")]:
        for name in ["f", "fodd", "fspecial", "f0", "fempty", "ft", "i"]:
            case(g, f"F.{fn}/{args}/{name}", [f"torch.nn.functional.{fn}"], inp(name) + f"show(F.{fn}(x{', ' + args if args else ''}))")
    # The activations of Activation.cpp: every input kind, a run long enough for the vectorised path
    # (blocks of 16, then a scalar tail) and the modules with their reprs.
    big = "x = torch.arange(37.0) / 3 - 6\n"
    for fn, args in [("hardtanh", ""), ("hardtanh", "-0.5, 2.0"), ("relu6", ""), ("hardsigmoid", ""), ("hardswish", ""),
                     ("selu", ""), ("celu", ""), ("celu", "alpha=0.5"), ("mish", ""), ("softshrink", ""),
                     ("softshrink", "lambd=1.0"), ("hardshrink", ""), ("hardshrink", "0.25"), ("tanhshrink", ""),
                     ("softsign", ""), ("logsigmoid", ""), ("threshold", "0.1, 20.0"), ("threshold", "1, -2"),
                     ("softmin", "dim=0"), ("softmin", "dim=-1"), ("glu", "dim=0"), ("elu", "alpha=0.3")]:
        for name in ["f", "fodd", "fspecial", "f0", "fempty", "ft", "fstep", "f3", "i", "b"]:
            case(g, f"F.{fn}/{args}/{name}", [f"torch.nn.functional.{fn}"], inp(name) + f"show(F.{fn}(x{', ' + args if args else ''}))")
        case(g, f"F.{fn}/{args}/big", [f"torch.nn.functional.{fn}"], big + f"show(F.{fn}(x{', ' + args if args else ''}))")
    for fn in ["softplus", "elu", "leaky_relu", "silu", "gelu"]:
        case(g, f"F.{fn}/big", [f"torch.nn.functional.{fn}"], big + f"show(F.{fn}(x))")
        case(g, f"F.{fn}/f3", [f"torch.nn.functional.{fn}"], inp("f3") + f"show(F.{fn}(x * 3))")
    for k, src in enumerate([
        "F.hardtanh(torch.ones(2), 2.0, 1.0)", "show(F.glu(torch.arange(12.0).reshape(2, 6) / 5 - 1))",
        "show(F.glu(torch.arange(40.0).reshape(2, 20, 1) / 9 - 2, 1))", "F.glu(torch.ones(3))", "F.glu(torch.tensor(1.0))",
        "F.glu(torch.ones(2, 4), 2)", "F.softshrink(torch.ones(2), -0.5)", "show(F.softmin(torch.tensor([[1.0, 2.0], [0.5, -1.0]])))",
        "show(F.prelu(torch.tensor([[-1.0, 2.0, -3.0], [4.0, -5.0, 0.0]]), torch.tensor([0.1, 0.2, 0.3])))",
        "show(F.prelu(torch.tensor([-1.0, 2.0, -3.0]), torch.tensor([0.5])))",
        "show(F.prelu(torch.arange(-6.0, 6.0).reshape(2, 2, 3), torch.tensor([0.25, -1.0])))",
        "F.prelu(torch.ones(2, 3), torch.ones(2))", "F.prelu(torch.tensor(1.0), torch.ones(2))", "F.prelu(torch.ones(2, 3, dtype=torch.int64), torch.ones(3))",
        "x = torch.tensor([-2.0, 0.5, 7.0])\nr = F.hardtanh(x, inplace=True)\nshow(x)\nsame(r, x)",
        "x = torch.tensor([-2.0, 0.5, 7.0])\nr = F.relu6(x, inplace=True)\nshow(x)\nsame(r, x)",
        "x = torch.tensor([-2.0, 0.5, 7.0])\nr = F.threshold(x, 0.0, 9.0, inplace=True)\nshow(x)\nsame(r, x)",
        "x = torch.tensor([-2.0, 0.5, 7.0])\nr = F.selu(x, inplace=True)\nshow(x)\nsame(r, x)",
        "x = torch.tensor([-2.0, 0.5, 7.0])\nr = F.relu_(x)\nshow(x)\nsame(r, x)",
        "show(F.relu_(torch.tensor([-1, 3])))",
        "show(F.hardtanh(torch.tensor([-3, 0, 2]), -1.5, 2.5))",
    ]):
        case(g, f"activations/{k}", ["torch.nn.functional.hardtanh", "torch.nn.functional.glu", "torch.nn.functional.softshrink",
                                      "torch.nn.functional.softmin", "torch.nn.functional.prelu", "torch.nn.functional.relu6",
                                      "torch.nn.functional.threshold", "torch.nn.functional.selu", "torch.nn.functional.relu_"], src)
    for act, args in [("Hardtanh", ""), ("Hardtanh", "-2, 2"), ("Hardtanh", "min_val=-0.5, max_val=1.5, inplace=True"),
                      ("ReLU6", ""), ("ReLU6", "inplace=True"), ("Hardsigmoid", ""), ("Hardswish", ""), ("SELU", ""),
                      ("SELU", "True"), ("CELU", ""), ("CELU", "alpha=0.5"), ("Mish", ""), ("Softplus", ""),
                      ("Softplus", "beta=2, threshold=1"), ("Softshrink", ""), ("Softshrink", "1"), ("Hardshrink", ""),
                      ("Hardshrink", "lambd=0.25"), ("Tanhshrink", ""), ("Softsign", ""), ("LogSigmoid", ""), ("GLU", ""),
                      ("GLU", "0"), ("Softmin", "dim=1"), ("Threshold", "0.1, 20"), ("Threshold", "0.5, -1.0, inplace=True"),
                      ("PReLU", ""), ("PReLU", "num_parameters=4, init=0.1"), ("Hardtanh", "1.0, 0.5"), ("Threshold", "")]:
        src = x + f"m = nn.{act}({args})\nprint(m)\nprint(repr(m))\n"
        case(g, f"{act}/{args}", [f"torch.nn.{act}", "torch.nn.Module"], src + "show(m(x))")
    case(g, "activations/model", ["torch.nn.Sequential", "torch.nn.PReLU", "torch.nn.Hardswish", "torch.nn.Softplus", "torch.nn.Linear"],
         "torch.manual_seed(0)\nm = nn.Sequential(nn.Linear(3, 4), nn.PReLU(), nn.Hardswish(), nn.Softplus(beta=0.5), nn.GLU())\n"
         "print(m)\nwith torch.no_grad():\n    show(m(torch.ones(2, 3)))\nprint([n for n, _ in m.named_parameters()])")
    # The elementwise losses: reductions (summation order included, over 24 and 60 elements), the
    # option of each, integer inputs, broadcasting and the errors.
    pairs = [("torch.tensor([1.0, 2.0, 4.0, -1.5])", "torch.tensor([1.5, 2.0, 0.0, 0.5])"),
             ("torch.tensor([[0.1, -2.7, 5.3], [23.0, -0.0, 1e-3]])", "torch.tensor([[0.0, -2.0, 5.0], [20.0, 0.5, 0.0]])"),
             ("torch.tensor([[0.1, -2.7, 5.3], [23.0, -0.0, 1e-3]])", "torch.tensor([0.5, -1.0, 2.0])"),
             ("torch.arange(24.0).reshape(2, 3, 4) / 7 - 1.5", "torch.ones(2, 3, 4) * 0.3"),
             ("torch.arange(60.0).reshape(6, 10) / 7 - 4", "(59 - torch.arange(60.0)).reshape(6, 10) / 11 - 2"),
             ("torch.tensor([float('inf'), float('nan'), 1.0])", "torch.tensor([1.0, 0.0, float('-inf')])"),
             ("torch.tensor([1, 2, 3])", "torch.tensor([3, 2, 0])"),
             ("torch.tensor(2.5)", "torch.tensor(-1.0)")]
    for fn, options in [("l1_loss", [""]), ("smooth_l1_loss", ["", ", beta=0.5", ", beta=0.0", ", beta=3.0"]),
                        ("huber_loss", ["", ", delta=0.5", ", delta=2.0"])]:
        for k, (a, b) in enumerate(pairs):
            for opt in options:
                for red in ["", ", reduction='sum'", ", reduction='none'"]:
                    case(g, f"{fn}/{k}{opt}{red}", [f"torch.nn.functional.{fn}"], f"show(F.{fn}({a}, {b}{opt}{red}))")
    for k, src in enumerate([
        "F.l1_loss(torch.ones(3), torch.zeros(3), reduction='avg')",
        "show(F.l1_loss(torch.tensor([1.0, 2.0, 4.0]), torch.zeros(3), weight=torch.tensor([1.0, 2.0, 0.5])))",
        "show(F.l1_loss(torch.tensor([1.0, 2.0, 4.0]), torch.zeros(3), weight=torch.tensor([1.0, 2.0, 0.5]), reduction='sum'))",
        "F.l1_loss(torch.ones(3), torch.zeros(3), weight=torch.ones(2))",
        "F.l1_loss(torch.ones(3), torch.zeros(3), weight=torch.ones(3), reduction='avg')",
        "F.l1_loss(torch.ones(3), torch.zeros(2))",
        "show(F.l1_loss(torch.ones(3), torch.zeros(3), size_average=False))",
        "show(F.l1_loss(torch.ones(3), torch.zeros(3), reduce=False))",
        "F.smooth_l1_loss(torch.ones(3), torch.zeros(3), beta=-1.0)",
        "F.huber_loss(torch.ones(3), torch.zeros(3), delta=0.0)",
        "show(F.huber_loss(torch.tensor([1.0, 2.0, 4.0]), torch.zeros(3), weight=torch.tensor([1.0, 2.0, 0.5])))",
        "show(F.huber_loss(torch.tensor([1.0, 2.0, 4.0]), torch.zeros(3), weight=torch.tensor([1.0, 2.0, 0.5]), reduction='none'))",
        "F.huber_loss(torch.tensor([1, 2]), torch.tensor([0, 0]))",
        "F.smooth_l1_loss(torch.tensor([1, 2]), torch.tensor([0, 0]))",
    ]):
        case(g, f"regression/{k}", ["torch.nn.functional.l1_loss", "torch.nn.functional.smooth_l1_loss",
                                     "torch.nn.functional.huber_loss"], src)
    probs = "torch.tensor([[0.2, 0.9, 0.5], [0.0, 1.0, 0.999]])"
    targets = "torch.tensor([[0.0, 1.0, 0.3], [0.0, 0.5, 1.0]])"
    logits = "torch.tensor([[1.5, -2.0, 0.0], [30.0, -30.0, 0.25]])"
    for k, src in enumerate([
        f"show(F.binary_cross_entropy({probs}, {targets}))",
        f"show(F.binary_cross_entropy({probs}, {targets}, reduction='none'))",
        f"show(F.binary_cross_entropy({probs}, {targets}, reduction='sum'))",
        f"show(F.binary_cross_entropy({probs}, {targets}, weight=torch.tensor([1.0, 2.0, 0.5])))",
        f"show(F.binary_cross_entropy({probs}, {targets}, weight=torch.tensor([[2.0], [0.5]]), reduction='none'))",
        "show(F.binary_cross_entropy(torch.arange(1.0, 41.0) / 41, torch.arange(40.0) % 2))",
        f"F.binary_cross_entropy({probs} * 2, {targets})",
        f"F.binary_cross_entropy({probs}, {targets} * 3)",
        f"F.binary_cross_entropy({probs}, torch.ones(3))",
        f"F.binary_cross_entropy({probs}, {targets}, weight=torch.ones(2))",
        "F.binary_cross_entropy(torch.tensor([1, 0]), torch.tensor([1, 0]))",
        f"F.binary_cross_entropy({probs}, {targets}, reduction='avg')",
        f"show(F.binary_cross_entropy_with_logits({logits}, {targets}))",
        f"show(F.binary_cross_entropy_with_logits({logits}, {targets}, reduction='none'))",
        f"show(F.binary_cross_entropy_with_logits({logits}, {targets}, reduction='sum'))",
        f"show(F.binary_cross_entropy_with_logits({logits}, {targets}, pos_weight=torch.tensor([1.0, 3.0, 0.5])))",
        f"show(F.binary_cross_entropy_with_logits({logits}, {targets}, weight=torch.tensor([1.0, 3.0, 0.5]), reduction='none'))",
        f"show(F.binary_cross_entropy_with_logits({logits}, {targets}, pos_weight=torch.tensor([2, 1, 3])))",
        "show(F.binary_cross_entropy_with_logits(torch.arange(40.0) / 4 - 5, torch.arange(40.0) % 3 / 2))",
        f"F.binary_cross_entropy_with_logits({logits}, torch.ones(3))",
        f"F.binary_cross_entropy_with_logits({logits}, {targets}, pos_weight=torch.ones(2))",
        "F.binary_cross_entropy_with_logits(torch.tensor([1, 0]), torch.tensor([1, 0]))",
    ]):
        case(g, f"bce/{k}", ["torch.nn.functional.binary_cross_entropy", "torch.nn.functional.binary_cross_entropy_with_logits"], src)
    x1 = "torch.tensor([[0.5, -1.0, 2.0], [0.0, 3.0, -0.25]])"
    x2 = "torch.tensor([[1.0, -1.0, 0.5], [0.5, 1.0, 0.25]])"
    y = "torch.tensor([[1.0, -1.0, 1.0], [-1.0, -1.0, 1.0]])"
    for k, src in enumerate([
        f"show(F.soft_margin_loss({x1}, {y}))", f"show(F.soft_margin_loss({x1}, {y}, reduction='none'))",
        f"show(F.soft_margin_loss({x1}, {y}, reduction='sum'))", f"show(F.soft_margin_loss({x1}, torch.tensor([1.0, -1.0, 1.0])))",
        f"F.soft_margin_loss(torch.tensor([1.0, -1.0, 1.0]), {y})", "F.soft_margin_loss(torch.tensor([1, 2]), torch.tensor([1, -1]))",
        f"show(F.margin_ranking_loss({x1}, {x2}, {y}))", f"show(F.margin_ranking_loss({x1}, {x2}, {y}, margin=0.5, reduction='none'))",
        f"show(F.margin_ranking_loss({x1}, {x2}, {y}, 0.25, reduction='sum'))", f"F.margin_ranking_loss({x1}, {x2}, torch.ones(3))",
        "show(F.margin_ranking_loss(torch.tensor([1, 2]), torch.tensor([2, 2]), torch.tensor([1, -1])))",
        f"show(F.hinge_embedding_loss({x1}, {y}))", f"show(F.hinge_embedding_loss({x1}, {y}, margin=0.5, reduction='none'))",
        f"show(F.hinge_embedding_loss({x1}, {y}, reduction='sum'))", f"show(F.hinge_embedding_loss({x1}, torch.tensor([1.0, 0.0, -1.0]), reduction='none'))",
        "F.hinge_embedding_loss(torch.tensor([1, 2]), torch.tensor([1, -1]))",
        "show(F.hinge_embedding_loss(torch.tensor([1, 2]), torch.tensor([1, -1]), reduction='none'))",
    ]):
        case(g, f"margin/{k}", ["torch.nn.functional.soft_margin_loss", "torch.nn.functional.margin_ranking_loss",
                                 "torch.nn.functional.hinge_embedding_loss"], src)
    for k, (mod, args, call) in enumerate([
        ("L1Loss", "", f"{x1}, {x2}"), ("L1Loss", "reduction='sum'", f"{x1}, {x2}"),
        ("SmoothL1Loss", "beta=0.5", f"{x1}, {x2}"), ("SmoothL1Loss", "reduction='none'", f"{x1}, {x2}"),
        ("HuberLoss", "", f"{x1}, {x2}"), ("HuberLoss", "reduction='sum', delta=0.3", f"{x1}, {x2}"),
        ("BCELoss", "", f"{probs}, {targets}"), ("BCELoss", "weight=torch.tensor([1.0, 2.0, 0.5])", f"{probs}, {targets}"),
        ("BCEWithLogitsLoss", "", f"{logits}, {targets}"), ("BCEWithLogitsLoss", "pos_weight=torch.tensor([1.0, 3.0, 0.5])", f"{logits}, {targets}"),
        ("SoftMarginLoss", "", f"{x1}, {y}"), ("MarginRankingLoss", "margin=0.5", f"{x1}, {x2}, {y}"),
        ("MarginRankingLoss", "", f"{x1}, {x2}, {y}"), ("HingeEmbeddingLoss", "margin=2.0", f"{x1}, {y}"),
        ("HingeEmbeddingLoss", "reduction='none'", f"{x1}, {y}"), ("L1Loss", "size_average=False", f"{x1}, {x2}"),
    ]):
        case(g, f"{mod}/{k}", [f"torch.nn.{mod}", "torch.nn.Module"], f"m = nn.{mod}({args})\nprint(m)\nshow(m({call}))")
    # Norm-based functions and the small modules.
    rows = "a = torch.arange(-40.0, 62.0).reshape(6, 17) / 9\nb = (70 - torch.arange(102.0)).reshape(6, 17) / 13\n"
    for k, src in enumerate([
        rows + "show(F.normalize(a))", rows + "show(F.normalize(a, dim=0))", rows + "show(F.normalize(a, p=1.0, dim=-1))",
        rows + "show(F.normalize(a.t(), dim=1))", "show(F.normalize(torch.tensor([[0.0, 0.0], [3.0, 4.0]])))",
        "show(F.normalize(torch.tensor([3.0, 4.0]), dim=0, eps=10.0))", "F.normalize(torch.tensor([[1, 2]]))",
        "F.normalize(torch.ones(3), dim=1)", "show(F.normalize(torch.arange(24.0).reshape(2, 3, 4) - 11))",
        rows + "show(F.cosine_similarity(a, b))", rows + "show(F.cosine_similarity(a, b, dim=0))",
        rows + "show(F.cosine_similarity(a, b[0]))", rows + "show(F.cosine_similarity(a, b, eps=100.0))",
        "show(F.cosine_similarity(torch.tensor([1.0, 2.0, 3.0]), torch.tensor([-1.0, 0.5, 2.0]), dim=0))",
        "show(F.cosine_similarity(torch.zeros(2, 3), torch.ones(2, 3)))",
        "F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[1, 2]]))",
        "show(F.cosine_similarity(torch.tensor([[1, 2]]), torch.tensor([[1.0, 2.5]])))",
        "F.cosine_similarity(torch.ones(2, 3), torch.ones(4, 3))",
        rows + "show(F.pairwise_distance(a, b))", rows + "show(F.pairwise_distance(a, b, p=1.0, keepdim=True))",
        rows + "show(F.pairwise_distance(a, b[2], eps=0.0))", rows + "show(F.pairwise_distance(a, b, p=3.0))",
        "show(F.pairwise_distance(torch.tensor([[1, 2]]), torch.tensor([[1, 3]])))",
        "show(F.pairwise_distance(torch.ones(3), torch.ones(3)))",
        rows + "show(F.rms_norm(a, (17,)))", rows + "show(F.rms_norm(a, [6, 17]))",
        rows + "show(F.rms_norm(a, (17,), weight=b[1], eps=1e-5))",
        "show(F.rms_norm(torch.arange(24.0).reshape(2, 3, 4) - 11, (3, 4)))",
        "F.rms_norm(torch.ones(2, 3), (4,))", "F.rms_norm(torch.ones(2, 3), (4, 5))", "F.rms_norm(torch.ones(3), (2, 3))",
        "F.rms_norm(torch.ones(2, 3), (3,), torch.ones(2))", "F.rms_norm(torch.ones(2, 3, dtype=torch.int64), (3,))",
    ]):
        case(g, f"norms/{k}", ["torch.nn.functional.normalize", "torch.nn.functional.cosine_similarity",
                                "torch.nn.functional.pairwise_distance", "torch.nn.functional.rms_norm"], src)
    x4 = "x = torch.arange(24.0).reshape(2, 3, 4) / 5 - 2\n"
    for k, (mod, args, call) in enumerate([
        ("Flatten", "", "x"), ("Flatten", "0, 1", "x"), ("Flatten", "start_dim=-2", "x"), ("Flatten", "", "torch.ones(3)"),
        ("Unflatten", "1, (3, 1)", "x"), ("Unflatten", "-1, [2, 2]", "x"), ("Unflatten", "2, (3, 2)", "x"),
        ("Unflatten", "1, 3", "x"), ("Unflatten", "1, (3, 1.0)", "x"),
        ("ConstantPad1d", "2, 3.5", "x"), ("ConstantPad1d", "(1, 0), -1", "x"), ("ZeroPad1d", "2", "x"),
        ("ZeroPad1d", "(0, 3)", "x"), ("ConstantPad2d", "1, 0.5", "x"), ("ZeroPad2d", "(1, 0, 2, 1)", "x"),
        ("ConstantPad1d", "[1, 2], 7", "torch.tensor([[1, 2]])"), ("ConstantPad3d", "1, -1.5", "x"),
        ("ZeroPad3d", "(1, 0, 0, 1, 1, 0)", "x"), ("ZeroPad3d", "(1, 0, 0, 1, 1, 0)", "x[0]"),
        ("CosineSimilarity", "", "x, x.flip(1)"), ("CosineSimilarity", "dim=-1, eps=1e-3", "x, x + 1"),
        ("PairwiseDistance", "", "x[0], x[1]"), ("PairwiseDistance", "p=1.0, keepdim=True", "x, x * 2"),
        ("RMSNorm", "4", "x"), ("RMSNorm", "[3, 4], eps=1e-5", "x"), ("RMSNorm", "(4,), elementwise_affine=False", "x"),
        ("RMSNorm", "3", "x"),
    ]):
        case(g, f"{mod}/{k}", [f"torch.nn.{mod}", "torch.nn.Module"],
             x4 + f"m = nn.{mod}({args})\nprint(m)\nwith torch.no_grad():\n    show(m({call}))")
    case(g, "RMSNorm/params", ["torch.nn.RMSNorm", "torch.nn.Sequential", "torch.nn.Flatten", "torch.nn.Linear"],
         "torch.manual_seed(0)\nm = nn.Sequential(nn.Flatten(), nn.Linear(6, 4), nn.RMSNorm(4))\nprint(m)\nm = nn.Sequential(nn.Flatten(), nn.RMSNorm(6))\n"
         "print([(n, tuple(p.shape)) for n, p in m.named_parameters()])\nwith torch.no_grad():\n    show(m(torch.arange(12.0).reshape(2, 2, 3)))")
    # ParameterList / ParameterDict: reprs (one entry prints on the module's line), names, items.
    for k, src in enumerate([
        "p = nn.ParameterList([nn.Parameter(torch.ones(2)), torch.zeros(3, 4)])\nprint(p)\nprint(len(p))\nshow(p[1])\nshow(p[-1])",
        "p = nn.ParameterList([torch.ones(2)])\nprint(p)\np.append(torch.zeros(1, 2))\np.extend([torch.ones(3)])\nprint(p)\n"
        "print([n for n, _ in p.named_parameters()])\nprint([tuple(t.shape) for t in p])",
        "print(nn.ParameterList())\nprint(nn.ParameterDict())",
        "p = nn.ParameterList([torch.ones(2), torch.ones(3)])\np[5]",
        "p = nn.ParameterList([torch.ones(2), torch.ones(3), torch.ones(4)])\nprint(p[1:])\np[0] = torch.full((2,), 3.0)\nshow(p[0])",
        "d = nn.ParameterDict({'a': nn.Parameter(torch.ones(2)), 'b': torch.zeros(2, 3)})\nprint(d)\nprint(list(d.keys()), len(d))\n"
        "show(d['a'])\nd['c'] = torch.ones(1)\nprint(d)\nprint([n for n, _ in d.named_parameters()])\nprint('a' in d, [k for k in d])",
        "d = nn.ParameterDict([('w', torch.ones(2)), ('v', torch.zeros(1))])\nprint(d)\nprint([k for k, _ in d.items()], [tuple(v.shape) for v in d.values()])\nd['zz']",
        "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.ps = nn.ParameterList([torch.ones(2), torch.ones(2, 2)])\n"
        "        self.pd = nn.ParameterDict({'w': torch.ones(3)})\nm = M()\nprint(m)\nprint([n for n, _ in m.named_parameters()])\n"
        "print(sum(p.numel() for p in m.parameters()))",
    ]):
        case(g, f"params/{k}", ["torch.nn.ParameterList", "torch.nn.ParameterDict", "torch.nn.Module"], src)
    case(g, "F.gelu/-3", ["torch.nn.functional.gelu"], "show(F.gelu(torch.tensor([-3.0, -2.5, -1.0, 0.5, 3.0])))\nprint(F.gelu(torch.tensor(-3.0)))")
    case(g, "F.relu/inplace", ["torch.nn.functional.relu"], inp("f") + "r = F.relu(x, inplace=True)\nshow(x)\nsame(r, x)")
    for k, src in enumerate([
        "torch.manual_seed(0)\nm = nn.Linear(4, 3)\nprint(m)\nshow(m.weight)\nshow(m.bias)\nshow(m(torch.ones(2, 4)))",
        "torch.manual_seed(0)\nm = nn.Linear(4, 2, bias=False)\nprint(m, m.bias)\nshow(m(torch.ones(4)))",
        "torch.manual_seed(0)\nm = nn.Linear(4, 2)\nm(torch.ones(2, 3))",
        "torch.manual_seed(0)\nm = nn.Linear(4, 2)\nprint([n for n, p in m.named_parameters()])\nprint(m.state_dict().keys())",
        "torch.manual_seed(0)\nm = nn.Linear(3, 2)\nshow(F.linear(torch.ones(3), m.weight, m.bias))\nshow(F.linear(torch.ones(2, 3), m.weight))",
        "torch.manual_seed(0)\nm = nn.Embedding(5, 3)\nprint(m)\nshow(m(torch.tensor([[0, 4], [2, 2]])))",
        "torch.manual_seed(0)\nm = nn.Embedding(5, 3, padding_idx=0)\nprint(m)\nshow(m.weight)",
        "torch.manual_seed(0)\nm = nn.Embedding(5, 3)\nm(torch.tensor([5]))",
        "torch.manual_seed(0)\nm = nn.Embedding(5, 3)\nm(torch.tensor([1.0]))",
        "w = torch.arange(6.0).reshape(3, 2)\nshow(F.embedding(torch.tensor([2, 0]), w))\nm = nn.Embedding.from_pretrained(w)\nprint(m)\nshow(m(torch.tensor([1])))",
        "m = nn.LayerNorm(4)\nprint(m)\nshow(m.weight)\nshow(m(torch.tensor([[1.0, 2.0, 3.0, 5.0], [0.5, 0.5, 0.5, 0.5]])))",
        "m = nn.LayerNorm([2, 2], eps=1e-3, elementwise_affine=False)\nprint(m)\nshow(m(torch.arange(8.0).reshape(2, 2, 2)))",
        "m = nn.LayerNorm(3)\nm(torch.ones(2, 4))",
        "show(F.layer_norm(torch.tensor([[0.1, -2.7, 5.3, 23.0]]), (4,)))\nshow(F.layer_norm(torch.arange(4.0), [4], torch.ones(4) * 2, torch.ones(4)))",
        "F.layer_norm(torch.arange(4), (4,))",
        "torch.manual_seed(0)\nm = nn.Sequential(nn.Linear(2, 3), nn.ReLU(), nn.Linear(3, 1))\nprint(m)\nprint(m[0])\nprint(len(m))\nshow(m(torch.ones(2)))",
        "m = nn.ModuleList([nn.ReLU(), nn.Tanh()])\nprint(m)\nprint(len(m), m[1])",
        "m = nn.ModuleDict({'a': nn.ReLU(), 'b': nn.Tanh()})\nprint(m)\nprint(list(m.keys()))",
        "p = nn.Parameter(torch.ones(2))\nprint(p)\nprint(p.requires_grad, type(p).__name__)",
        "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        torch.manual_seed(1)\n        self.a = nn.Linear(2, 2)\n"
        "    def forward(self, x):\n        return self.a(x).relu()\nm = M()\nprint(m)\nshow(m(torch.ones(1, 2)))\nprint(sum(p.numel() for p in m.parameters()))",
    ]):
        case(g, f"layers/{k}", ["torch.nn.Linear", "torch.nn.Embedding", "torch.nn.LayerNorm", "torch.nn.Sequential",
                                 "torch.nn.ModuleList", "torch.nn.ModuleDict", "torch.nn.Parameter",
                                 "torch.nn.functional.linear", "torch.nn.functional.embedding",
                                 "torch.nn.functional.layer_norm"], src)
    for k, src in enumerate([
        "torch.manual_seed(0)\nm = nn.LazyLinear(3)\nprint(m, m.weight, m.bias, m.in_features, m.out_features)\nprint(isinstance(m, nn.Linear), m.has_uninitialized_params())\nshow(m(torch.randn(2, 4)))\nprint(m, type(m).__name__, m.has_uninitialized_params() if hasattr(m, 'has_uninitialized_params') else '-')\nshow(m.weight)\nshow(m.bias)",
        "torch.manual_seed(0)\nm = nn.LazyLinear(2, bias=False)\nprint(m, m.bias)\nshow(m(torch.randn(3, 5)))\nprint(m)\nshow(m(torch.randn(5)))",
        "torch.manual_seed(0)\nm = nn.LazyLinear(2, dtype=torch.float64)\nshow(m(torch.randn(1, 3, dtype=torch.float64)))\nshow(m.weight)",
        "torch.manual_seed(0)\nm = nn.Sequential(nn.LazyLinear(4), nn.ReLU(), nn.LazyLinear(2))\nprint(m)\nshow(m(torch.randn(2, 3)))\nprint(m)",
        "torch.manual_seed(0)\nm = nn.LazyLinear(3)\nm.weight.shape",
        "torch.manual_seed(0)\nm = nn.LazyLinear(3)\nm(3)",
        "torch.manual_seed(0)\nm = nn.LazyLinear(3)\nm(torch.randn(2, 4))\nm(torch.randn(2, 5))",
        "torch.manual_seed(0)\nm = nn.Linear(3, 2, dtype=torch.float64)\nshow(m.weight)\nshow(m.bias)\nshow(m(torch.ones(3, dtype=torch.float64)))",
        "torch.manual_seed(0)\nm = nn.Linear(0, 2, dtype=torch.float64)\nshow(m.weight)\nshow(m.bias)",
        "nn.Linear(2, 3, dtype=torch.int64)",
        "torch.manual_seed(0)\nx = torch.empty(2, 3, dtype=torch.float64).uniform_(-2, 5)\nshow(x)",
    ]):
        case("lazy", f"lazy/{k}", ["torch.nn.LazyLinear"] if "Lazy" in src else ["torch.nn.Linear"] if "Linear" in src else ["Tensor.uniform_"], src)
    logits = "x = torch.tensor([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]])\n"
    for k, (t, extra) in enumerate([("torch.tensor([2, 0])", ""), ("torch.tensor([2, 0])", ", reduction='sum'"),
                                    ("torch.tensor([2, 0])", ", reduction='none'"), ("torch.tensor([2, -100])", ""),
                                    ("torch.tensor([2, 0])", ", ignore_index=0"), ("torch.tensor([2, 0])", ", label_smoothing=0.1"),
                                    ("torch.tensor([3, 0])", ""), ("torch.tensor([2.0, 0.0])", ""), ("torch.tensor([2])", ""),
                                    ("torch.tensor([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]])", ""),
                                    ("torch.tensor([2, 0])", ", weight=torch.tensor([1.0, 2.0, 0.5])")]):
        src = logits + f"t = {t}\n"
        case(g, f"cross_entropy/{k}", ["torch.nn.functional.cross_entropy"], src + f"show(F.cross_entropy(x, t{extra}))")
        case(g, f"CrossEntropyLoss/{k}", ["torch.nn.CrossEntropyLoss"], src + f"m = nn.CrossEntropyLoss({extra[2:]})\nprint(m)\nshow(m(x, t))")
        case(g, f"nll_loss/{k}", ["torch.nn.functional.nll_loss"], src + f"show(F.nll_loss(x.log_softmax(-1), t{extra}))")
        case(g, f"NLLLoss/{k}", ["torch.nn.NLLLoss"], src + f"show(nn.NLLLoss({extra[2:]})(x.log_softmax(-1), t))")
    for k, (a, b, extra) in enumerate([("torch.tensor([1.0, 2.0, 4.0])", "torch.tensor([1.5, 2.0, 0.0])", ""),
                                       ("torch.tensor([[1.0, 2.0]])", "torch.tensor([0.5, 0.0])", ", reduction='none'"),
                                       ("torch.tensor([1.0, 2.0])", "torch.tensor([1.0, 2.0, 3.0])", ""),
                                       ("torch.tensor([1, 2])", "torch.tensor([1, 3])", ""),
                                       ("torch.tensor([1.0, 2.0])", "torch.tensor([0.0, 3.0])", ", reduction='sum'")]):
        case(g, f"mse_loss/{k}", ["torch.nn.functional.mse_loss"], f"show(F.mse_loss({a}, {b}{extra}))")
        case(g, f"MSELoss/{k}", ["torch.nn.MSELoss"], f"m = nn.MSELoss({extra[2:]})\nprint(m)\nshow(m({a}, {b}))")
    for k, (t, extra) in enumerate([("torch.tensor([[0.2, 0.3, 0.5], [0.0, 0.5, 0.5]])", ", reduction='batchmean'"),
                                    ("torch.tensor([[0.2, 0.3, 0.5], [0.0, 0.5, 0.5]])", ""),
                                    ("torch.tensor([[0.2, 0.3, 0.5], [0.0, 0.5, 0.5]]).log()", ", log_target=True, reduction='sum'"),
                                    ("torch.tensor([[0.2, -0.3, 0.5], [0.0, float('nan'), 0.5]])", ", reduction='none'")]):
        src = logits + f"t = {t}\n"
        case(g, f"kl_div/{k}", ["torch.nn.functional.kl_div"], src + f"show(F.kl_div(x.log_softmax(-1), t{extra}))")
        case(g, f"KLDivLoss/{k}", ["torch.nn.KLDivLoss"], src + f"m = nn.KLDivLoss({extra[2:]})\nprint(m)\nshow(m(x.log_softmax(-1), t))")
    for k, (t, extra) in enumerate([("torch.tensor([0, 2, 1])", ""), ("torch.tensor([0, 2, 1])", ", num_classes=4"),
                                    ("torch.tensor([[0], [1]])", ""), ("torch.tensor([3])", ", 3"), ("torch.tensor([1.0])", ""),
                                    ("torch.tensor([-1])", "")]):
        case(g, f"one_hot/{k}", ["torch.nn.functional.one_hot"], f"show(F.one_hot({t}{extra}))")
    for k, (pre, a) in enumerate([(inp("f"), "(1, 1)"), (inp("f"), "(0, 2, 1, 0)"), (inp("f"), "(1, 1), value=-1.0"),
                                  (inp("i"), "(2, 0), 'constant', 9"), (inp("f"), "(-1, 1)"), (inp("f"), "(1,)"),
                                  (inp("f3"), "(0, 0, 0, 0, 1, 1)")]):
        case(g, f"pad/{k}", ["torch.nn.functional.pad"], pre + f"show(F.pad(x, {a}))")
    for k, (p, train) in enumerate([("0.5", "False"), ("0.0", "True"), ("1.0", "True"), ("1.5", "True")]):
        case(g, f"dropout/{k}", ["torch.nn.functional.dropout"], inp("f") + f"show(F.dropout(x, {p}, training={train}))")
    case(g, "dropout/seeded", ["torch.nn.functional.dropout", "torch.nn.Dropout"],
         "torch.manual_seed(0)\nx = torch.ones(4, 5)\nshow(F.dropout(x, 0.5))\nshow(nn.Dropout(0.2)(x))")
    sdpa = ("torch.manual_seed(0)\nq = torch.randn(2, 3, 4)\nk = torch.randn(2, 5, 4)\nv = torch.randn(2, 5, 4)\n")
    for k, extra in enumerate(["", ", is_causal=True", ", attn_mask=torch.ones(3, 5, dtype=torch.bool).tril()",
                               ", attn_mask=torch.zeros(3, 5)", ", scale=0.5"]):
        case(g, f"sdpa/{k}", ["torch.nn.functional.scaled_dot_product_attention"],
             sdpa + f"show(F.scaled_dot_product_attention(q, k, v{extra}))")
    for init, args in [("zeros_", ""), ("ones_", ""), ("constant_", ", 0.3"), ("normal_", ""), ("normal_", ", 1.0, 0.1"),
                       ("uniform_", ""), ("uniform_", ", -0.1, 0.1"), ("xavier_uniform_", ""), ("xavier_normal_", ""),
                       ("kaiming_uniform_", ""), ("kaiming_uniform_", ", a=5 ** 0.5")]:
        case(g, f"init.{init}/{args}", [f"torch.nn.init.{init}"],
             f"torch.manual_seed(0)\nw = torch.empty(3, 4)\nr = nn.init.{init}(w{args})\nshow(w)\nprint(r is w)")


# ---- ops torch composes from others -------------------------------------------------------------------

def composed():
    g = "compose"

    def both(name, cid, src, args, view=False):
        """The function and method forms of `name(x, args)`, with aliasing checked for views."""
        tail = "\nsame(r, x)" if view else ""
        case(g, f"{name}/{cid}", [f"torch.{name}"], src + f"r = torch.{name}(x{', ' + args if args else ''})\nshow(r){tail}")
        case(g, f"{name}/{cid}/method", [f"Tensor.{name}"], src + f"r = x.{name}({args})\nshow(r){tail}")

    x24 = "x = torch.arange(24.0).reshape(2, 3, 4)\n"
    for cid, src, args in [("t", inp("f"), "0, 1"), ("neg", x24, "-1, 0"), ("same", x24, "1, 1"), ("bad", inp("f"), "0, 2"),
                           ("0d", inp("f0"), "0, 0")]:
        both("swapdims", cid, src, args, view=True)
    for cid, src, args in [("one", x24, "0, -1"), ("list", x24, "[0], [2]"), ("bad", x24, "0, 3"), ("two", x24, "[0, 1], [1, 0]")]:
        both("moveaxis", cid, src, args, view=True)
    for name in ["f", "ft", "f0", "fempty", "f3", "i"]:
        both("ravel", name, inp(name), "", view=True)
        both("flipud", name, inp(name), "")
        both("positive", name, inp(name), "", view=True)
        both("isposinf", name, inp(name), "")
        both("isneginf", name, inp(name), "")
        both("isreal", name, inp(name), "")
        both("msort", name, inp(name), "")
        both("trace", name, inp(name), "")
        both("is_complex", name, inp(name), "")
    for name in ["fspecial", "b", "i32", "it", "fexp"]:
        both("isposinf", name, inp(name), "")
        both("isneginf", name, inp(name), "")
        both("flipud", name, inp(name), "")
        both("positive", name, inp(name), "")
        both("trace", name, inp(name), "")
        both("msort", name, inp(name), "")
    for name in ["f0", "f1", "fempty", "f", "i0", "b0"]:
        both("is_nonzero", name, inp(name), "")
    for cid, src, args in [("row", inp("f"), "(4, 2, 3)"), ("same", inp("f"), "[2, 3]"), ("bad", inp("f"), "(2, 4)"),
                           ("keep", inp("f"), "(-1, 3)"), ("0d", inp("f0"), "(3,)"), ("fewer", inp("f"), "(3,)")]:
        both("broadcast_to", cid, src, args, view=True)
    for cid, args in [("v", "torch.tensor([1.0, -2.0])"), ("i", "torch.tensor([3, 4, 5])"), ("0d", "torch.tensor(2.0)")]:
        both("ger", cid, "x = torch.tensor([1.5, -1.0, 0.5])\n", args)
    xs = "x = torch.arange(7.0)\n"
    x2 = "x = torch.arange(12).reshape(3, 4)\n"
    for cid, src, args in [("3", xs, "3"), ("idx", xs, "[1, 5]"), ("neg", xs, "[-2, 10]"), ("dim", x2, "3, dim=1"),
                           ("t", xs, "torch.tensor([2, 4])"), ("t0", xs, "torch.tensor(2)"), ("zero", xs, "0"),
                           ("0d", inp("f0"), "2"), ("big", xs, "9"), ("desc", xs, "[5, 1]")]:
        both("tensor_split", cid, src, args, view=True)
    for name in ["hsplit", "vsplit", "dsplit"]:
        for cid, src, args in [("1d", xs, "7"), ("2d", x2, "2"), ("idx", x2, "[1, 2]"), ("3d", x24, "2"), ("bad", x2, "3"),
                               ("3d-idx", x24, "[1]")]:
            both(name, cid, src, args)
    for cid, src, args in [("f", inp("f"), "torch.tensor([0, 5, -1])"), ("2d", inp("f"), "torch.tensor([[0, 2], [4, 1]])"),
                           ("out", inp("f"), "torch.tensor([6])"), ("float", inp("f"), "torch.tensor([0.0])"),
                           ("i", inp("i"), "torch.tensor([1, 1])")]:
        both("take", cid, src, args)
    for cid, src, args in [("none", inp("f"), "torch.tensor([0, 5])"), ("d1", inp("f"), "torch.tensor([[0], [2]]), dim=1"),
                           ("d0", inp("f"), "torch.tensor([[1, 0, 1]]), 0"), ("bcast", inp("f"), "torch.tensor([[2]]), 1"),
                           ("argmax", inp("f"), "x.argmax(1, keepdim=True), 1"), ("float", inp("f"), "torch.tensor([0.0]), 0"),
                           ("ndim", inp("f"), "torch.tensor([0]), 0")]:
        both("take_along_dim", cid, src, args)
    for op in ["addcmul", "addcdiv"]:
        for cid, src, args in [("f", inp("f") + rhs("bcast"), "y, x"), ("val", inp("f") + rhs("bcast"), "y, x, value=0.5"),
                               ("i", inp("i") + "y = torch.tensor([1, 2, 3])\n", "y, y, value=2"),
                               ("odd", inp("fodd") + rhs("fodd2"), "y, x, value=-1.5"), ("bad", inp("f"), "x, torch.ones(2)")]:
            both(op, cid, src, args)
            case(g, f"{op}_/{cid}", [f"Tensor.{op}_"], src + f"z = x.clone()\nr = z.{op}_({args})\nshow(z)\nsame(r, z)")
    for cid, src, args in [("f", inp("fodd"), ""), ("n2", inp("fodd"), "n=2"), ("d0", inp("f"), "dim=0"),
                           ("pre", inp("f"), "prepend=torch.zeros(2, 1), append=torch.ones(2, 2)"),
                           ("b", inp("b"), ""), ("i", inp("i"), "2, 0"), ("0d", inp("f0"), ""), ("n0", inp("f"), "0"),
                           ("big", inp("f"), "5")]:
        both("diff", cid, src, args)
    for cid, src, args in [("1", inp("fodd"), "1"), ("neg", inp("fodd"), "-3"), ("flat", inp("f"), "2"),
                           ("d1", inp("f"), "1, 1"), ("two", inp("f"), "(1, -1), (0, 1)"), ("big", inp("f"), "7, 0"),
                           ("mis", inp("f"), "(1, 2), 0"), ("i", inp("i"), "-1, 1")]:
        both("roll", cid, src, args)
    for op in ["nansum", "nanmean"]:
        for name in ["f", "fspecial", "f3", "fempty", "i", "b", "f0"]:
            for cid, args in [("all", ""), ("d0", "0"), ("dk", "dim=-1, keepdim=True"), ("dt", "(0, 1)")]:
                both(op, f"{name}/{cid}", inp(name), args)
    for name in ["atleast_1d", "atleast_2d", "atleast_3d"]:
        for inp_name in ["f0", "f1", "f", "f3"]:
            case(g, f"{name}/{inp_name}", [f"torch.{name}"], inp(inp_name) + f"r = torch.{name}(x)\nshow(r)\nsame(r, x)")
        case(g, f"{name}/many", [f"torch.{name}"], inp("f0") + f"show(torch.{name}(x, torch.ones(2)))")
        case(g, f"{name}/list", [f"torch.{name}"], inp("f0") + f"show(torch.{name}([x, torch.ones(2, 2)]))")
    for name in ["row_stack", "column_stack", "dstack"]:
        for cid, args in [("1d", "[torch.ones(3), torch.zeros(3)]"), ("2d", "(torch.ones(2, 2), torch.zeros(2, 1))"),
                          ("0d", "[torch.tensor(1.0), torch.tensor(2.0)]"), ("empty", "[]"),
                          ("mixed", "[torch.ones(2, 3), torch.arange(6).reshape(2, 3)]"), ("bad", "[torch.ones(2), torch.ones(3)]")]:
            case(g, f"{name}/{cid}", [f"torch.{name}"], f"show(torch.{name}({args}))")


def settings_cases():
    g = "props"
    for a, b in [("float32", "int64"), ("int64", "float32"), ("int32", "bool"), ("bool", "int32"), ("int64", "int32"),
                 ("float32", "bool"), ("bool", "bool")]:
        case(g, f"can_cast/{a}-{b}", ["torch.can_cast"], f"show(torch.can_cast(torch.{a}, torch.{b}))")
    case(g, "can_cast/int", ["torch.can_cast"], "torch.can_cast(1, torch.int64)")
    case(g, "can_cast/kw", ["torch.can_cast"], "show(torch.can_cast(from_=torch.int32, to=torch.float32))")
    case(g, "is_storage", ["torch.is_storage"], "show(torch.is_storage(torch.zeros(2)))\nshow(torch.is_storage([1]))")
    case(g, "is_inference_mode_enabled", ["torch.is_inference_mode_enabled"], "show(torch.is_inference_mode_enabled())")
    for p in ["'high'", "'medium'", "'highest'", "'bad'", "3"]:
        case(g, f"matmul_precision/{p}", ["torch.set_float32_matmul_precision", "torch.get_float32_matmul_precision"],
             f"show(torch.get_float32_matmul_precision())\nshow(torch.set_float32_matmul_precision({p}))\n"
             "show(torch.get_float32_matmul_precision())")
    for m in ["True", "False", "1", "'x'", "True, warn_only=True"]:
        case(g, f"deterministic/{m}", ["torch.use_deterministic_algorithms", "torch.are_deterministic_algorithms_enabled"],
             f"show(torch.are_deterministic_algorithms_enabled())\nshow(torch.use_deterministic_algorithms({m}))\n"
             "show(torch.are_deterministic_algorithms_enabled())")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--only", help="regenerate one group")
    args = ap.parse_args()
    for gen in [unary, binary, ternary, reductions, views, joining, indexing, products, creation, conversion,
                properties, nn_cases, composed, settings_cases, transformer_cases]:
        gen()
    api.register(case, inp)
    dtypes.register(case, inp)
    special.register(case, inp)
    more_api.register(case, inp)
    edges.register(case, inp)
    inplace.register(case, inp)
    linalg.register(case, inp)
    einsum.register(case, inp)
    resample.register(case, inp)
    channels.register(case, inp)
    losses.register(case, inp)
    stats.register(case, inp)
    draws.register(case, inp)
    fills.register(case, inp)
    attention.register(case, inp)
    swept = set()
    changed = []
    total = 0
    for group, cases in sorted(GROUPS.items()):
        if args.only and group != args.only:
            continue
        for c in cases:
            c["out"] = run(c["src"])
            swept.update(c["ops"])
        total += len(cases)
        text = json.dumps({"torch": torch.__version__.split("+")[0], "prelude": PRELUDE, "cases": cases},
                          indent=1, ensure_ascii=False) + "\n"
        changed += write(DATA / f"{group}.json", text, args.check)
    if not args.only:
        for c in (c for cases in GROUPS.values() for c in cases):
            swept.update(c["ops"])
        unswept = sorted(EXPOSED - swept)
        text = ("# Exposed names no sweep case uses yet (tools/sweep/gen.py writes this file).\n"
                + "".join(f"{n}\n" for n in unswept))
        changed += write(DATA / "unswept.txt", text, args.check)
        print(f"{total} cases over {len(swept & EXPOSED)} of {len(EXPOSED)} exposed names; {len(unswept)} unswept",
              file=sys.stderr)
    if args.check and changed:
        print("would change: " + ", ".join(changed), file=sys.stderr)
        sys.exit(1)


def write(path, text, check):
    old = path.read_text() if path.exists() else None
    if old == text:
        return []
    if not check:
        path.write_text(text)
    return [path.name]


def reset():
    torch.set_printoptions(profile="default")
    torch.set_printoptions(sci_mode=None)
    torch.set_grad_enabled(True)
    torch.set_default_dtype(torch.float32)
    torch.manual_seed(0)
    torch.set_float32_matmul_precision("highest")
    torch.use_deterministic_algorithms(False)


def run(src):
    """What PyTorch prints for PRELUDE + src, with the final traceback line when it raises."""
    reset()
    out = io.StringIO()
    env = {"__name__": "__main__"}
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(PRELUDE + src, "<sweep>", "exec"), env)
        except Exception as e:  # noqa: BLE001 - every exception is part of the record
            out.write(traceback.format_exception_only(type(e), e)[-1])
    reset()
    return out.getvalue()


# ---- nn.MultiheadAttention and the nn.Transformer family ---------------------------------------------
# The values are exact only where no GEMM of PyTorch's BLAS is involved whose summation order the engine
# does not share: the projections get weights on a grid of quarters (every product and sum is exact) and
# an identity out_proj, so what is checked to the last bit is the composition itself (masks, scaling,
# softmax, the small batched products, the head average). Initialisation under a seed is exact too.

MHA_GRID = """def grid(m):
    with torch.no_grad():
        for name, p in m.named_parameters():
            if name.endswith("out_proj.weight"):
                p.copy_(torch.eye(p.shape[0], p.shape[1]))
            elif p.dim() > 1 and "bias_" not in name:
                p.copy_((torch.arange(p.numel()).reshape(p.shape) % 7 - 3) / 4)
            elif "bias_" not in name:
                p.copy_((torch.arange(p.numel()) % 3 - 1) / 8)
    return m
x = (torch.arange(24.0).reshape(3, 2, 4) % 5 - 2) / 2
"""


def transformer_cases():
    g = "transformer"
    mha = "torch.nn.MultiheadAttention"
    case(g, "mha/print", [mha],
         "m = nn.MultiheadAttention(8, 2)\nprint(m)\nprint([(n, tuple(p.shape)) for n, p in m.named_parameters()])\n"
         "print(list(m.state_dict().keys()))\nprint(m.embed_dim, m.num_heads, m.head_dim, m.kdim, m.vdim, m.dropout, m.batch_first)")
    case(g, "mha/print-kv", [mha],
         "m = nn.MultiheadAttention(4, 2, bias=False, add_bias_kv=True, add_zero_attn=True, kdim=3, vdim=5)\nprint(m)\n"
         "print([(n, tuple(p.shape)) for n, p in m.named_parameters()])\nprint(m.in_proj_weight, m.in_proj_bias)")
    case(g, "mha/init", [mha],
         "torch.manual_seed(0)\nm = nn.MultiheadAttention(4, 2)\nshow(m.in_proj_weight)\nshow(m.in_proj_bias)\n"
         "show(m.out_proj.weight)\nshow(m.out_proj.bias)")
    case(g, "mha/init-separate", [mha],
         "torch.manual_seed(0)\nm = nn.MultiheadAttention(4, 2, kdim=2, vdim=3, add_bias_kv=True, bias=False)\n"
         "for n, p in m.named_parameters():\n    print(n)\n    show(p)")
    forwards = [
        ("default", "m(x, x, x)"),
        ("per-head", "m(x, x, x, average_attn_weights=False)"),
        ("bool-mask", "m(x, x, x, attn_mask=torch.tensor([[False, True, True], [False, False, True], [False, False, False]]))"),
        ("float-mask", "m(x, x, x, attn_mask=torch.tensor([[0.0, -1.0, 0.5], [0.25, 0.0, -2.0], [1.0, 0.0, 0.0]]))"),
        ("3d-mask", "m(x, x, x, attn_mask=torch.zeros(4, 3, 3))"),
        ("padding", "m(x, x, x, key_padding_mask=torch.tensor([[False, False, True], [False, True, True]]))"),
        ("padding-float", "m(x, x, x, key_padding_mask=torch.tensor([[0.0, 0.0, -1.0], [0.0, 0.5, 0.0]]))"),
        ("causal", "m(x, x, x, attn_mask=torch.triu(torch.ones(3, 3, dtype=torch.bool), 1), is_causal=True)"),
        ("cross", "m(x, x[:2], x[:2])"),
        ("three", "m(x, x * 2, x - 1)"),
        ("unbatched", "m(x[:, 0], x[:, 0], x[:, 0])"),
        ("unbatched-padding", "m(x[:, 1], x[:, 1], x[:, 1], key_padding_mask=torch.tensor([True, False, False]))"),
        ("no-weights", "m(x, x, x, need_weights=False)"),
    ]
    for k, call in forwards:
        case(g, f"mha/forward-{k}", [mha], MHA_GRID + f"m = grid(nn.MultiheadAttention(4, 2))\nshow({call})")
    case(g, "mha/batch-first", [mha],
         MHA_GRID + "m = grid(nn.MultiheadAttention(4, 2, batch_first=True))\nxb = x.transpose(0, 1)\nshow(m(xb, xb, xb))")
    case(g, "mha/no-bias", [mha], MHA_GRID + "m = grid(nn.MultiheadAttention(4, 2, bias=False))\nshow(m(x, x, x))")
    case(g, "mha/kdim-vdim", [mha],
         MHA_GRID + "m = grid(nn.MultiheadAttention(4, 2, kdim=2, vdim=3))\n"
         "show(m(x, x[:, :, :2], x[:, :, 1:]))")
    case(g, "mha/bias-kv-zero-attn", [mha],
         MHA_GRID + "torch.manual_seed(0)\nm = grid(nn.MultiheadAttention(4, 2, add_bias_kv=True, add_zero_attn=True))\n"
         "show(m(x, x, x, key_padding_mask=torch.tensor([[False, False, True], [False, False, False]])))")
    case(g, "mha/dtype-mismatch-warning", [mha],
         MHA_GRID + "m = grid(nn.MultiheadAttention(4, 2))\n"
         "show(m(x, x, x, key_padding_mask=torch.tensor([[False, False, True], [False, False, False]]), attn_mask=torch.zeros(3, 3)))")
    errors = [
        "nn.MultiheadAttention(6, 4)", "nn.MultiheadAttention(0, 2)", "nn.MultiheadAttention(4, -1)",
        "m(x, x, x, attn_mask=torch.zeros(2, 3))", "m(x, x, x, attn_mask=torch.zeros(3, 3, 3))",
        "m(x, x, x, attn_mask=torch.zeros(3, 3, dtype=torch.int64))",
        "m(x, x, x, key_padding_mask=torch.zeros(3, 3, dtype=torch.bool))",
        "m(x, x, x, key_padding_mask=torch.zeros(2, 2, dtype=torch.bool))", "m(x, x, x, is_causal=True)",
        "m(x, x[0], x)", "m(x, x, x[:2])", "m(x[..., :2], x[..., :2], x[..., :2])", "m(x[None], x, x)",
        "m(x[:, 0], x[:, 0], x[:, 0], attn_mask=torch.zeros(3, 3, 3))",
    ]
    for k, src in enumerate(errors):
        case(g, f"mha/error-{k}", [mha], MHA_GRID + f"m = grid(nn.MultiheadAttention(4, 2))\nshow({src})")

    fmha = "torch.nn.functional.multi_head_attention_forward"
    fargs = "m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0, m.out_proj.weight, m.out_proj.bias"
    for k, extra in enumerate(["", ", training=False", ", average_attn_weights=False, need_weights=True",
                               ", key_padding_mask=torch.tensor([[False, True, False], [False, False, False]])",
                               ", static_k=torch.ones(4, 2, 2) / 2, static_v=torch.arange(16.0).reshape(4, 2, 2) / 4",
                               ", static_k=torch.ones(3, 2, 2)", ", use_separate_proj_weight=True"]):
        case(g, f"F.mha/{k}", [fmha],
             MHA_GRID + f"m = grid(nn.MultiheadAttention(4, 2))\nshow(F.multi_head_attention_forward(x, x, x, 4, 2, {fargs}{extra}))")
    case(g, "F.mha/separate", [fmha],
         MHA_GRID + "m = grid(nn.MultiheadAttention(4, 2))\nw = m.in_proj_weight\n"
         f"show(F.multi_head_attention_forward(x, x * 2, x, 4, 2, None, {fargs[len('m.in_proj_weight, '):]}, "
         "use_separate_proj_weight=True, q_proj_weight=w[:4], k_proj_weight=w[4:8], v_proj_weight=w[8:]))")
    case(g, "F.mha/wrong-embed", [fmha],
         MHA_GRID + f"m = grid(nn.MultiheadAttention(4, 2))\nshow(F.multi_head_attention_forward(x, x, x, 8, 2, {fargs}))")

    enc_layer, enc = "torch.nn.TransformerEncoderLayer", "torch.nn.TransformerEncoder"
    dec_layer, dec, tr = "torch.nn.TransformerDecoderLayer", "torch.nn.TransformerDecoder", "torch.nn.Transformer"
    case(g, "encoder-layer/print", [enc_layer],
         "m = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16)\nprint(m)\nprint([n for n, _ in m.named_parameters()])\n"
         "print(m.norm_first, m.activation_relu_or_gelu, m.activation is F.relu)")
    case(g, "encoder-layer/gelu", [enc_layer],
         "m = nn.TransformerEncoderLayer(4, 2, 8, activation='gelu', norm_first=True, bias=False, layer_norm_eps=1e-6)\n"
         "print(m)\nprint(m.activation is F.gelu, m.activation_relu_or_gelu)")
    case(g, "encoder-layer/module-activation", [enc_layer],
         "m = nn.TransformerEncoderLayer(4, 2, 8, activation=nn.GELU())\nprint(m)\nprint(m.activation_relu_or_gelu)")
    case(g, "encoder-layer/bad-activation", [enc_layer], "nn.TransformerEncoderLayer(4, 2, 8, activation='tanh')")
    case(g, "encoder-layer/init", [enc_layer],
         "torch.manual_seed(0)\nm = nn.TransformerEncoderLayer(4, 2, 6)\nfor n, p in m.named_parameters():\n    print(n)\n    show(p)")
    case(g, "encoder-layer/forward", [enc_layer],
         MHA_GRID + "m = grid(nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0))\nshow(m(x))")
    case(g, "encoder/print", [enc_layer, enc],
         "m = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16), 3, norm=nn.LayerNorm(8))\nprint(m)\n"
         "print(m.num_layers, m.use_nested_tensor, m.enable_nested_tensor, len(list(m.parameters())))")
    case(g, "encoder/nested", [enc_layer, enc],
         "m = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), 2)\nprint(m.use_nested_tensor)\n"
         "m = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), 2, enable_nested_tensor=False)\n"
         "print(m.use_nested_tensor)")
    case(g, "encoder/copies", [enc_layer, enc],
         "torch.manual_seed(0)\nlayer = nn.TransformerEncoderLayer(4, 2, 6)\nm = nn.TransformerEncoder(layer, 2)\n"
         "print(m.layers[0] is layer, m.layers[0].linear1.weight is m.layers[1].linear1.weight)\n"
         "print(torch.equal(m.layers[0].linear1.weight, m.layers[1].linear1.weight))\nshow(m.layers[1].self_attn.in_proj_weight)")
    case(g, "encoder/forward", [enc_layer, enc],
         MHA_GRID + "m = grid(nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 6, dropout=0.0), 2))\nshow(m(x))\n"
         "show(m(x, mask=nn.Transformer.generate_square_subsequent_mask(3)))")
    case(g, "decoder-layer/print", [dec_layer],
         "m = nn.TransformerDecoderLayer(8, 2, dim_feedforward=16)\nprint(m)\nprint([n for n, _ in m.named_parameters()])")
    case(g, "decoder-layer/forward", [dec_layer],
         MHA_GRID + "m = grid(nn.TransformerDecoderLayer(4, 2, 6, dropout=0.0))\nshow(m(x, x[:2] * 2))")
    case(g, "decoder/print", [dec_layer, dec],
         "m = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16), 2)\nprint(m)\nprint(m.num_layers, m.norm)")
    case(g, "transformer/print", [tr],
         "m = nn.Transformer(8, 2, 1, 2, 16)\nprint(m)\nprint(sum(p.numel() for p in m.parameters()), m.d_model, m.nhead)")
    case(g, "transformer/init", [tr],
         "torch.manual_seed(0)\nm = nn.Transformer(4, 2, 1, 1, 6)\nshow(m.encoder.layers[0].self_attn.in_proj_weight)\n"
         "show(m.decoder.layers[0].linear1.weight)\nshow(m.encoder.norm.weight)")
    case(g, "transformer/mask", [tr],
         "show(nn.Transformer.generate_square_subsequent_mask(4))\nshow(nn.Transformer.generate_square_subsequent_mask(1))\n"
         "show(nn.Transformer.generate_square_subsequent_mask(0))")
    case(g, "transformer/forward", [tr],
         MHA_GRID + "m = grid(nn.Transformer(4, 2, 1, 1, 6, dropout=0.0))\nshow(m(x, x[:2]))")
    case(g, "transformer/errors", [tr],
         "m = nn.Transformer(4, 2, 1, 1, 6)\n"
         "for a, b in [(torch.zeros(3, 2, 4), torch.zeros(3, 1, 4)), (torch.zeros(3, 2, 4), torch.zeros(3, 2, 5))]:\n"
         "    try:\n        m(a, b)\n    except RuntimeError as e:\n        print(e)")


if __name__ == "__main__":
    main()
