#!/usr/bin/env python3
"""Writes the golden scripts of wrong calls (tests/golden/args_*.py): for every torch function, Tensor
method, torch.nn.functional function, nn module (constructor, forward, Module methods) and nn.init
function the tutor binds, calls that do not fit PyTorch's signature -- no arguments, an unexpected
keyword, a string where something else is expected, too many positional arguments -- each printed with
the TypeError PyTorch raises. The names come from the tutor's own tables (src/interp/torch/**), so a
newly bound name gets its cases when this is run again.

Every probe runs once here against real PyTorch; only calls that raise a TypeError are written (the
expected output itself is recorded by tests/golden/generate.py, as for every golden script). Calls the
tutor cannot word as PyTorch does yet are left out with the reason (EXCLUDED below), and reported.

Run with the project's venv from the repository root:
    .venv/bin/python tools/args/gen_wrong_calls.py          # writes tests/golden/args_*.py
    .venv/bin/python tests/golden/generate.py args_tensor_shape ...   # then record the .out files
"""
import glob
import os
import re
import sys
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
TORCH_SRC = os.path.join(ROOT, "src", "interp", "torch")
GOLDEN = os.path.join(ROOT, "tests", "golden")

# A table entry of the tutor's: `Def::both("name"`, `unary_def!("name"`, `py("name"` ...
ENTRY = re.compile(
    r'(?:Def::(?:both|method|function|noargs|python|class)|unary_def!|unary_inplace_def!|compare_def!|'
    r'logical_def!|extreme_def!|all_any_def!|cast_def!|cat_def!|legacy!|py|cpp)\(\s*"([A-Za-z_0-9]+)"'
)


def names(*files):
    out = []
    for f in files:
        with open(os.path.join(TORCH_SRC, f), encoding="utf-8") as fh:
            out += ENTRY.findall(fh.read())
    return list(dict.fromkeys(out))


# Calls the tutor does not word as PyTorch does yet, with the reason (listed in the report).
PYDEF_ORDER = ("CPython binds a def's keywords before it counts positionals, and a def never says "
               "'takes no keyword arguments' (src/interp/args/python.rs)")
NOARGS_ORDER = "CPython's METH_NOARGS checks keywords before the count (src/interp/args/python.rs)"
EXCLUDED = {
    "torch.seed(foo=1)": PYDEF_ORDER,
    "torch.seed(T, foo=1)": PYDEF_ORDER,
    "torch.initial_seed(foo=1)": PYDEF_ORDER,
    "torch.initial_seed(T, foo=1)": PYDEF_ORDER,
    "torch.broadcast_tensors(foo=1)": PYDEF_ORDER,
    "torch.broadcast_tensors(T, foo=1)": PYDEF_ORDER,
    "torch.broadcast_shapes(foo=1)": PYDEF_ORDER,
    "torch.broadcast_shapes(T, foo=1)": PYDEF_ORDER,
    "torch.broadcast_shapes('x')": "torch._refs._broadcast_shapes compares the characters of a string with 0",
    "torch.is_grad_enabled(T, foo=1)": NOARGS_ORDER,
    "torch.get_num_threads(T, foo=1)": NOARGS_ORDER,
    "torch.is_tensor(foo=1)": PYDEF_ORDER,
    "torch.is_tensor(T, foo=1)": PYDEF_ORDER,
    "F.tanh(T, T, foo=1)": PYDEF_ORDER,
    "F.sigmoid(T, T, foo=1)": PYDEF_ORDER,
}

HEADER = """# Wrong calls of {what}: each prints the TypeError PyTorch raises. Written by
# tools/args/gen_wrong_calls.py; the expected output is real PyTorch's (tests/golden/generate.py).
import torch
import torch.nn as nn
import torch.nn.functional as F

T = torch.zeros(2, 3)


def check(call, f):
    print(call)
    try:
        f()
        print("no error")
    except TypeError as e:
        print(e)

"""

T0 = torch.zeros(2, 3)


def tensor_probes(n):
    """Wrong calls of `T.n(...)` and `torch.n(...)`, for the forms PyTorch has."""
    out = []
    if callable(getattr(T0, n, None)):
        for a in ["", "foo=1", "'x'", "0, 0, 0, 0, 0, 0, 0", "T, 'x'"]:
            out.append(f"T.{n}({a})")
    f = getattr(torch, n, None)
    if callable(f) and not isinstance(f, torch.dtype):
        for a in ["", "T, foo=1", "'x'", "T, 0, 0, 0, 0, 0, 0, 0", "T, 'x'"]:
            out.append(f"torch.{n}({a})")
    return out


def function_probes(prefix, n):
    return [f"{prefix}{n}({a})" for a in
            ["", "foo=1", "'x'", "0, 0, 0, 0, 0, 0, 0, 0, 0", "T, 'x'", "T, foo=1"]]


EXTRA = {
    "args_torch_creation": [
        "torch.zeros(2, 'a')", "torch.ones((2, 'a'))", "torch.full((2,), 'a')", "torch.full(2, 1.0)",
        "torch.arange(1, 'a')", "torch.arange(0, 5, dtype='x')", "torch.eye('a')", "torch.eye(2, 'a')",
        "torch.linspace(0, 1)", "torch.linspace(0, 1, 'a')", "torch.zeros_like(T, dtype=1)",
        "torch.full_like(T)", "torch.tensor([1, 2], dtype='a')", "torch.empty(2, requires_grad='x')",
        "torch.Tensor(2, 'a')", "torch.LongTensor(T, 'a')", "torch.tril_indices(3)"],
    "args_torch_random": [
        "torch.rand(2, 'a')", "torch.randn((2, 3.0))", "torch.randint(10)", "torch.randint(0, 10)",
        "torch.randint(0, 10, 3)", "torch.randint(10, (2,), generator=1)", "torch.randperm('a')",
        "torch.rand_like(T, 1)", "torch.randn(2, dtype=1)"],
    "args_torch_joining": [
        "torch.cat([T, 1])", "torch.cat(T, T)", "torch.cat((T, T), dim='a')", "torch.stack([T, 'a'])",
        "torch.stack((T, T), 1, 2)", "torch.vstack(T, T)", "torch.hstack([T], foo=1)",
        "torch.where(T > 0, T)", "torch.where(T > 0, 'a', T)", "torch.where(T > 0, T, 'a')",
        "torch.broadcast_tensors(T, 1)", "torch.broadcast_shapes([1.5])", "torch.broadcast_shapes((2,), [1.5])"],
    "args_torch_grad": [
        "torch.set_grad_enabled(1)", "torch.set_grad_enabled()", "torch.no_grad(1, 2)",
        "torch.inference_mode(1, 2)", "torch.enable_grad(foo=1)", "torch.is_grad_enabled(1)"],
    "args_torch_misc": [
        "torch.finfo(1)", "torch.finfo(torch.float32, 1)", "torch.result_type(T)", "torch.result_type(T, 'a')",
        "torch.promote_types(torch.float32)", "torch.promote_types(torch.float32, 1)", "torch.device(1, 2, 3)",
        "torch.device(foo='cpu')", "torch.Size(1, 2)", "torch.Size(['a'])", "torch.Size(x=1)",
        "torch.get_num_threads(1)", "torch.set_num_threads()", "torch.set_num_threads(1, 2)",
        "torch.is_tensor()", "torch.is_tensor(T, T)", "torch.from_numpy()",
        "torch.set_printoptions(1, 2, 3, 4, 5, 6, 7)"],
}


# Mistakes a learner makes, beyond the generic probes.
COMMON_MISTAKES = [
    "T.view(2, 3.0)", "T.reshape(2, '3')", "T.view([2, 3.0])", "torch.zeros(2.0)", "torch.ones([2, 3.5])",
    "T.sum(dim=1.0)", "T.sum(1, True, 1)", "T.transpose(0)", "T.permute(0)", "T.permute(0, 1.0)",
    "torch.cat(T, T)", "torch.cat([T, T], 2.0)", "torch.stack(T)", "T.masked_fill(T > 0, 'a')",
    "T.masked_fill(T > 0)", "T.matmul(2)", "torch.matmul(T)", "T.unsqueeze()", "T.expand(3, 'a')",
    "torch.arange(2, 10, 0.5, 3)", "torch.randn(2, 3, 4.0)", "torch.tensor([1, 2], dtype=float)",
    "T.max(dim=1, keepdim=1)", "T.std(ddof=1)", "T.size(0, 1)", "torch.softmax(T)", "T.softmax()",
    "T.clamp(min='a')", "torch.full((2, 3))", "torch.full(2, 0.5)", "T.split(1, 1, 1)", "T.chunk()",
    "T.topk(k=1.5)", "T.argmax(dim=None, keepdim='a')", "torch.manual_seed()", "torch.randint(0, 10, size=3)",
    "torch.tril(T, 1.0)", "torch.where(T > 0, T)", "T.repeat()", "T.flatten(0, 1, 2)", "T.to('cpu', 'x')",
    "nn.Linear(3)", "nn.Linear(3.0, 2)", "nn.Embedding(10)", "nn.LayerNorm()", "nn.Dropout(0.1, True, 1)",
    "F.softmax(T, dim=0, dim2=1)", "F.relu(T, True, 1)", "F.cross_entropy(T)", "F.linear(T)",
    "F.scaled_dot_product_attention(T, T, T, T, 0.0, True, 1)", "F.one_hot(T.long(), num_classes=2.5)",
    # A parameter is a `Parameter` in PyTorch's messages.
    "torch.zeros(nn.Parameter(T))", "torch.max(nn.Parameter(T), 'x')", "T.std(nn.Parameter(T), True, True)",
    "torch.cat([T, 1], dim=nn.Parameter(T))",
]


def functional_probes():
    calls = []
    for n in names("nn/functional.rs", "nn/losses.rs", "nn/activations.rs", "nn/utility.rs"):
        for a in ["", "foo=1", "'x'", "T, 0, 0, 0, 0, 0, 0, 0, 0, 0", "T, 'x'", "T, T, foo=1"]:
            calls.append(f"F.{n}({a})")
    return calls + [
        "F.softmax(T, 'a')", "F.softmax(T, 0, dtype='a')", "F.relu(1)", "F.gelu(T, 'tanh')",
        "F.gelu(T, approximate=1)", "F.layer_norm(T, 3)", "F.layer_norm(T, (3,), eps='a')", "F.one_hot(T)",
        "F.one_hot(T.long(), 'a')", "F.linear(T, T, 'a')", "F.embedding(T, 'a')", "F.embedding('a', T)",
        "F.pad(T, 1)", "F.pad(T, (1, 1), value='a')", "F.scaled_dot_product_attention(T, T)",
        "F.scaled_dot_product_attention(T, T, T, scale='a')", "F.cross_entropy(T, 'a')", "F.nll_loss('a', T)",
        "F.kl_div(T, 'a')", "F.leaky_relu(T, 'a')", "F.elu(T, 'a')", "F.silu('a')", "F.tanh('a')",
        "F.sigmoid(1)", "F.softplus(T, 'a')", "F.dropout(T, training='a')"]


MODULES = ["Module", "Linear", "Embedding", "LayerNorm", "Dropout", "ReLU", "GELU", "Tanh", "Sigmoid",
           "Identity", "Softmax", "LogSoftmax", "LeakyReLU", "ELU", "SiLU", "CrossEntropyLoss", "NLLLoss",
           "MSELoss", "KLDivLoss", "ModuleDict", "Sequential", "ModuleList", "Parameter",
           "Hardtanh", "ReLU6", "Hardsigmoid", "Hardswish", "Mish", "SELU", "CELU", "GLU", "Hardshrink",
           "Softshrink", "Softplus", "Threshold", "Softmin", "PReLU", "LogSigmoid", "Softsign", "Tanhshrink",
           "L1Loss", "SmoothL1Loss", "HuberLoss", "BCELoss", "BCEWithLogitsLoss", "SoftMarginLoss",
           "MarginRankingLoss", "HingeEmbeddingLoss", "Flatten", "Unflatten", "ConstantPad1d", "ZeroPad1d",
           "ConstantPad2d", "ZeroPad2d", "CosineSimilarity", "PairwiseDistance", "RMSNorm", "ParameterList",
           "ParameterDict"]

BUILT = {"Linear": "nn.Linear(3, 2)", "Embedding": "nn.Embedding(4, 3)", "LayerNorm": "nn.LayerNorm(3)",
         "Dropout": "nn.Dropout()", "ReLU": "nn.ReLU()", "GELU": "nn.GELU()", "Tanh": "nn.Tanh()",
         "Sigmoid": "nn.Sigmoid()", "Identity": "nn.Identity()", "Softmax": "nn.Softmax(dim=0)",
         "LeakyReLU": "nn.LeakyReLU()", "ELU": "nn.ELU()", "SiLU": "nn.SiLU()",
         "CrossEntropyLoss": "nn.CrossEntropyLoss()", "NLLLoss": "nn.NLLLoss()", "MSELoss": "nn.MSELoss()",
         "KLDivLoss": "nn.KLDivLoss()", "Sequential": "nn.Sequential(nn.ReLU())",
         "Hardtanh": "nn.Hardtanh()", "PReLU": "nn.PReLU()", "Softplus": "nn.Softplus()", "GLU": "nn.GLU()",
         "L1Loss": "nn.L1Loss()", "BCELoss": "nn.BCELoss()", "MarginRankingLoss": "nn.MarginRankingLoss()",
         "Flatten": "nn.Flatten()", "ZeroPad1d": "nn.ZeroPad1d(1)", "CosineSimilarity": "nn.CosineSimilarity()",
         "RMSNorm": "nn.RMSNorm(3)"}


def module_probes():
    calls = []
    for m in MODULES:
        for a in ["1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1", "foo=1", "'x'", "T, T", ""]:
            calls.append(f"nn.{m}({a})")
    for ctor in BUILT.values():
        for a in ["", "T, T, T", "1", "input=T, foo=1"]:
            calls.append(f"{ctor}({a})")
    lin = "nn.Linear(3, 2)"
    for meth, a in [("train", "1, 2"), ("train", "1"), ("parameters", "1, 2"), ("named_parameters", "1, 2, 3, 4"),
                    ("children", "1"), ("named_children", "1"), ("modules", "1, 2"), ("eval", "1"),
                    ("zero_grad", "1, 2"), ("requires_grad_", "1, 2"), ("cpu", "1"), ("register_buffer", ""),
                    ("register_buffer", "1, T"), ("register_buffer", "'b', 1"), ("named_buffers", "1, 2, 3, 4"),
                    ("buffers", "1, 2"), ("add_module", "'a'"), ("add_module", "1, 2"), ("apply", ""),
                    ("extra_repr", "1"), ("forward", "")]:
        calls.append(f"{lin}.{meth}({a})")
    return calls + [
        "nn.ModuleList().append()", "nn.ModuleList().extend()", "nn.Sequential().append()",
        "nn.ModuleDict().keys(1)", "nn.ModuleDict().values(1)", "nn.ModuleDict().items(1)",
        "nn.Embedding.from_pretrained()", "nn.Embedding.from_pretrained(T, 1, 2, 3, 4, 5, 6, 7)",
        "nn.Embedding.from_pretrained(T, foo=1)", "nn.Linear(3, 'a')", "nn.Embedding('a', 3)",
        "nn.Parameter(1)"]


def init_probes():
    return [f"nn.init.{n}({a})" for n in names("nn/initializers.rs")
            for a in ["", "T, foo=1", "T, 0, 0, 0, 0, 0, 0", "tensor=T, a=1, b=2, c=3"]]


def type_error_of(call):
    """The TypeError message PyTorch raises for `call` (None when it raises something else, or nothing)."""
    env = {"torch": torch, "nn": nn, "F": F, "T": torch.zeros(2, 3)}
    try:
        eval(call, env)  # noqa: S307 - the calls are this file's own probes
    except TypeError as e:
        return str(e)
    except Exception:  # noqa: BLE001 - only TypeErrors are kept
        return None
    return None


def write(name, what, calls, covered):
    kept = [c for c in dict.fromkeys(calls) if c not in EXCLUDED and type_error_of(c) is not None]
    with open(os.path.join(GOLDEN, name + ".py"), "w", encoding="utf-8") as f:
        f.write(HEADER.format(what=what))
        for c in kept:
            f.write(f"check({c!r}, lambda: {c})\n")
    missing = [n for n in covered if not any(re.search(r"\b" + re.escape(n) + r"\(", c) for c in kept)]
    print(f"{name}: {len(kept)} calls" + (f"; no case for {missing}" if missing else ""))
    return len(kept), missing


def main():
    areas = [
        ("args_tensor_props", "tensor methods: metadata", "tensor/props.rs"),
        ("args_tensor_shape", "tensor methods and torch functions: views and reshaping", "tensor/shape.rs"),
        ("args_tensor_math", "tensor methods and torch functions: pointwise maths", "tensor/math.rs"),
        ("args_tensor_reduce", "tensor methods and torch functions: reductions", "tensor/reduce.rs"),
        ("args_tensor_index", "tensor methods and torch functions: indexing", "tensor/index.rs"),
        ("args_tensor_convert", "tensor methods and torch functions: conversions", "tensor/convert.rs"),
    ]
    total, gaps = 0, []
    for name, what, f in areas:
        ns = names(f)
        n, missing = write(name, what, [c for x in ns for c in tensor_probes(x)], ns)
        total, gaps = total + n, gaps + missing
    for name, f in [("args_torch_creation", "functions/creation.rs"), ("args_torch_random", "functions/random.rs"),
                    ("args_torch_joining", "functions/joining.rs"), ("args_torch_grad", "functions/grad.rs"),
                    ("args_torch_misc", "functions/misc.rs")]:
        ns = names(f)
        calls = [c for x in ns for c in function_probes("torch.", x)] + EXTRA[name]
        n, missing = write(name, "torch functions: " + name[len("args_torch_"):], calls, ns)
        total, gaps = total + n, gaps + missing
    n, _ = write("args_common_mistakes", "everyday mistakes", COMMON_MISTAKES, [])
    total += n
    n, missing = write("args_functional", "torch.nn.functional", functional_probes(),
                       names("nn/functional.rs", "nn/losses.rs", "nn/activations.rs", "nn/utility.rs"))
    total, gaps = total + n, gaps + missing
    n, missing = write("args_nn_modules", "nn modules (constructors, forward, Module methods)", module_probes(),
                       MODULES)
    total, gaps = total + n, gaps + missing
    n, missing = write("args_nn_init", "torch.nn.init", init_probes(), names("nn/initializers.rs"))
    total, gaps = total + n, gaps + missing
    print(f"{total} calls written; {len(EXCLUDED)} left out:")
    for call, why in EXCLUDED.items():
        print(f"  {call}: {why}")
    if gaps:
        print("names without a case:", gaps)
        sys.exit(1)


if __name__ == "__main__":
    main()
