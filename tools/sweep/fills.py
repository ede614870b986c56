"""Sweep cases for the random fills over layouts: in-place draws (`uniform_`, `normal_`, `bernoulli_`,
`exponential_`, `random_`), the `*_like` factories and the dropouts, on contiguous, transposed,
permuted, step-sliced, 0-d, empty and one-element tensors of several dtypes. ATen writes a draw per
element in the order TensorIterator walks the tensor (memory order for a transposed tensor), `normal_`
takes its vectorised path only for 16 or more contiguous elements, and a dropout's noise is laid out as
its input. Every case seeds the generator and draws again afterwards, so the count of draws is checked."""

G = "fills"
SEED = "torch.manual_seed(0)\n"
AFTER = "\nshow(torch.rand(2))"

LAYOUTS = {
    "c": "torch.zeros(4, 5, dtype={d})",
    "c24": "torch.zeros(4, 6, dtype={d})",
    "t": "torch.zeros(5, 4, dtype={d}).t()",
    "t24": "torch.zeros(6, 4, dtype={d}).t()",
    "perm": "torch.zeros(2, 3, 4, dtype={d}).permute(2, 0, 1)",
    "step": "torch.zeros(4, 10, dtype={d})[:, ::2]",
    "stept": "torch.zeros(10, 8, dtype={d})[::2].t()",
    "d0": "torch.zeros((), dtype={d})",
    "empty": "torch.zeros(0, 3, dtype={d})",
    "one": "torch.zeros(1, 1, dtype={d})",
}
DTYPES = {"f32": "torch.float32", "f64": "torch.float64", "i64": "torch.int64", "f16": "torch.float16",
          "bool": "torch.bool"}

INPLACE = {
    "uniform_": ["Tensor.uniform_", ["()", "(-2, 3)"]],
    "normal_": ["Tensor.normal_", ["()", "(1, 2)"]],
    "bernoulli_": ["Tensor.bernoulli_", ["(0.3)", "(torch.tensor(0.6))"]],
    "exponential_": ["Tensor.exponential_", ["()"]],
    "random_": ["Tensor.random_", ["(10)", "(2, 9)"]],
}


def register(case, inp):
    inplace(case)
    likes(case)
    dropouts(case)
    errors(case)


def inplace(case):
    for name, (op, arglists) in INPLACE.items():
        for ak, args in enumerate(arglists):
            for dk, d in DTYPES.items():
                for lk, layout in LAYOUTS.items():
                    src = f"x = {layout.format(d=d)}\nr = x.{name}{args}\nshow(x)\nsame(r, x)" + AFTER
                    case(G, f"{name}/{ak}/{dk}/{lk}", [op], SEED + src)


def likes(case):
    for fn, args in [("rand_like", ""), ("randn_like", ""), ("randint_like", ", 10")]:
        for dk, d in DTYPES.items():
            if dk == "bool":
                continue
            for lk, layout in LAYOUTS.items():
                src = f"x = {layout.format(d=d)}\nshow(torch.{fn}(x{args}))" + AFTER
                case(G, f"{fn}/{dk}/{lk}", [f"torch.{fn}"], SEED + src)


def dropouts(case):
    fns = [("dropout", "torch.nn.functional.dropout", "F.dropout(x + 1, 0.4)"),
           ("dropout_inplace", "torch.nn.functional.dropout", "F.dropout(x + 1, 0.4, inplace=True)"),
           ("alpha_dropout", "torch.nn.functional.alpha_dropout", "F.alpha_dropout(x + 1, 0.4, True)"),
           ("feature_alpha_dropout", "torch.nn.functional.feature_alpha_dropout",
            "F.feature_alpha_dropout(x + 1, 0.4, True)"),
           ("dropout1d", "torch.nn.functional.dropout1d", "F.dropout1d(x + 1, 0.4)"),
           ("dropout2d", "torch.nn.functional.dropout2d", "F.dropout2d(x + 1, 0.4)"),
           ("module", "torch.nn.Dropout", "torch.nn.Dropout(0.25)(x + 1)"),
           ("torch_dropout", "torch.dropout", "torch.dropout(x + 1, 0.5, True)")]
    for key, op, expr in fns:
        for dk in ["f32", "f64", "f16"]:
            for lk, layout in LAYOUTS.items():
                if lk in ("d0",) and key != "dropout":
                    continue
                src = ("import torch.nn.functional as F\n" + f"x = {layout.format(d=DTYPES[dk])}\n"
                       + f"show({expr})" + AFTER)
                case(G, f"{key}/{dk}/{lk}", [op], SEED + src)


def errors(case):
    for k, src in enumerate([
        "torch.zeros(3).uniform_(3, 2)", "torch.zeros(3).uniform_(1, 1)\nshow(torch.rand(1))",
        "torch.zeros(3, dtype=torch.float64).uniform_(2, -2)", "torch.zeros(3).normal_(0, -1)",
        "show(torch.zeros(3).normal_(0, 0))", "torch.zeros(3, dtype=torch.int32).uniform_()",
        "torch.zeros(3, dtype=torch.int32).normal_()", "torch.zeros(3, dtype=torch.bool).normal_(1, 2)",
        "torch.zeros(3).expand(2, 3).uniform_()", "torch.zeros(3).expand(2, 3).normal_()",
        "torch.zeros(3).expand(2, 3).bernoulli_(0.5)", "torch.zeros(3).bernoulli_(1.5)",
        "show(torch.zeros(3).uniform_(float('-inf'), 0))",
    ]):
        op = "Tensor.uniform_" if "uniform_" in src else "Tensor.normal_" if "normal_" in src else "Tensor.bernoulli_"
        case(G, f"errors/{k}", [op], SEED + src)
