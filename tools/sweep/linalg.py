"""Sweep cases for `torch.linalg` (the norms, vecdot, cross, matrix_power, multi_dot) and
`torch.nn.utils.rnn.pad_sequence`: dtypes, 0-d and empty inputs, non-contiguous and broadcast inputs,
every keyword, and the checks PyTorch makes, in its order and words."""

G = "linalg"

L = "torch.linalg."
PAD = "torch.nn.utils.rnn.pad_sequence"


def register(case, inp):
    vector_norms(case)
    matrix_norms(case)
    norms(case)
    products(case)
    grads(case)
    padding(case)


def vector_norms(case):
    op = [L + "vector_norm"]
    inputs = {
        "f": "torch.randn(3, 5)",
        "f3": "torch.randn(2, 3, 4)",
        "ft": "torch.randn(5, 3).t()",
        "fstep": "torch.randn(4, 10)[:, ::3]",
        "f0": "torch.tensor(-2.5)",
        "fe": "torch.randn(0, 3)",
        "d": "torch.randn(3, 5, dtype=torch.float64)",
        "h": "torch.randn(3, 5).half()",
        "b": "torch.randn(3, 5).bfloat16()",
        "i": "torch.arange(6).view(2, 3)",
        "bool": "torch.tensor([True, False])",
    }
    calls = ["", ", 1", ", 0", ", 3", ", 0.5", ", float('inf')", ", -float('inf')", ", -1", ", dim=1",
             ", dim=(0, 1)", ", dim=-1, keepdim=True", ", 2, 0", ", ord=1, dim=[0]", ", dim=5",
             ", dtype=torch.float64", ", dtype=torch.float32", ", dtype=torch.int64"]
    for name, src in inputs.items():
        for k, extra in enumerate(calls):
            case(G, f"vector_norm/{name}/{k}", op,
                 f"torch.manual_seed(0)\nx = {src}\nshow(torch.linalg.vector_norm(x{extra}))")
    case(G, "vector_norm/out", op,
         "torch.manual_seed(0)\nx = torch.randn(3, 4)\no = torch.empty(3)\n"
         "r = torch.linalg.vector_norm(x, dim=1, out=o)\nshow(o)\nprint(r is o)")
    case(G, "vector_norm/list", op, "show(torch.linalg.vector_norm([1.0, 2.0]))")
    case(G, "vector_norm/grad", op,
         "x = torch.ones(2, 3, requires_grad=True)\nprint(torch.linalg.vector_norm(x))")


def matrix_norms(case):
    op = [L + "matrix_norm"]
    inputs = {
        "f": "torch.randn(3, 4)",
        "f3": "torch.randn(2, 3, 4)",
        "ft": "torch.randn(4, 3).t()",
        "d": "torch.randn(3, 3, dtype=torch.float64)",
        "h": "torch.randn(3, 3).half()",
        "fe": "torch.randn(0, 3)",
        "v": "torch.randn(3)",
        "i": "torch.arange(6).view(2, 3)",
    }
    calls = ["", ", 'fro'", ", ord=1", ", -1", ", float('inf')", ", -float('inf')", ", 3", ", 'foo'",
             ", dim=(0, 1)", ", dim=(1, 0)", ", 1, dim=(-1, -2), keepdim=True", ", float('inf'), keepdim=True",
             ", -1, dim=(0, -1)", ", dim=(0,)", ", dim=(0, 0)", ", dim=(0, 3)", ", dtype=torch.float64",
             ", dtype=torch.int32", ", 1, dtype=torch.float16", ", ord='fro', keepdim=True"]
    for name, src in inputs.items():
        for k, extra in enumerate(calls):
            case(G, f"matrix_norm/{name}/{k}", op,
                 f"torch.manual_seed(0)\nx = {src}\nshow(torch.linalg.matrix_norm(x{extra}))")


def norms(case):
    op = [L + "norm"]
    inputs = {
        "v": "torch.randn(5)",
        "f": "torch.randn(3, 4)",
        "f3": "torch.randn(2, 3, 4)",
        "ft": "torch.randn(4, 3).t()",
        "d": "torch.randn(3, 3, dtype=torch.float64)",
        "i": "torch.arange(6).view(2, 3)",
        "f0": "torch.tensor(3.0)",
    }
    calls = ["", ", 1", ", 2.5", ", 'fro'", ", float('inf')", ", -1", ", dim=1", ", dim=(0, 1)", ", 1, dim=0",
             ", 1, dim=(0, 1)", ", 'fro', dim=(0, 1)", ", dim=(0, 1, 2)", ", 'fro', dim=(0, 1, 2)",
             ", keepdim=True", ", dim=-1, keepdim=True", ", dtype=torch.float64", ", ord=None, dim=None"]
    for name, src in inputs.items():
        for k, extra in enumerate(calls):
            case(G, f"norm/{name}/{k}", op,
                 f"torch.manual_seed(0)\nx = {src}\nshow(torch.linalg.norm(x{extra}))")


def products(case):
    vecdot = [L + "vecdot"]
    for k, (a, b, extra) in enumerate([
            ("torch.randn(3)", "torch.randn(3)", ""),
            ("torch.randn(2, 3)", "torch.randn(3)", ""),
            ("torch.randn(2, 3)", "torch.randn(4, 3)", ""),
            ("torch.randn(4, 3)", "torch.randn(4, 3)", ", dim=0"),
            ("torch.randn(3, 4).t()", "torch.randn(4, 3)", ", dim=-2"),
            ("torch.randn(2, 20)", "torch.randn(2, 20)", ""),
            ("torch.randn(2, 3, dtype=torch.float64)", "torch.randn(2, 3, dtype=torch.float64)", ""),
            ("torch.randn(3)", "torch.randn(3).double()", ""),
            ("torch.arange(3)", "torch.arange(3)", ""),
            ("torch.randn(3)", "torch.randn(4)", ""),
            ("torch.randn(3)", "torch.randn(3)", ", dim=1"),
            ("torch.randn(0, 3)", "torch.randn(0, 3)", ""),
            ("torch.randn(3, 0)", "torch.randn(3, 0)", "")]):
        case(G, f"vecdot/{k}", vecdot,
             f"torch.manual_seed(0)\nx = {a}\ny = {b}\nshow(torch.linalg.vecdot(x, y{extra}))")
    cross = [L + "cross"]
    for k, (a, b, extra) in enumerate([
            ("torch.randn(3)", "torch.randn(3)", ""),
            ("torch.randn(4, 3)", "torch.randn(4, 3)", ""),
            ("torch.randn(3, 4)", "torch.randn(3, 4)", ", dim=0"),
            ("torch.randn(3, 4)", "torch.randn(3, 4)", ""),
            ("torch.randn(2, 1, 3)", "torch.randn(4, 3)", ""),
            ("torch.randn(4, 3)", "torch.randn(3)", ""),
            ("torch.arange(3)", "torch.arange(3, 6)", ""),
            ("torch.randn(3)", "torch.randn(3).double()", "")]):
        case(G, f"cross/{k}", cross,
             f"torch.manual_seed(0)\nx = {a}\ny = {b}\nshow(torch.linalg.cross(x, y{extra}))")
    # The products go through mm, whose float bits are MKL's (README, known differences): small integers
    # keep every sum exact, so these cases compare the order, shapes, dtypes and checks.
    power = [L + "matrix_power"]
    for k, (a, n) in enumerate([
            ("torch.randn(3, 3)", "0"), ("torch.randn(3, 3)", "1"), ("torch.randint(-3, 4, (3, 3)).float()", "3"),
            ("torch.randint(-3, 4, (2, 3, 3)).float()", "2"), ("torch.arange(4).view(2, 2)", "5"), ("torch.randn(2, 3)", "2"),
            ("torch.randn(3)", "2")]):
        case(G, f"matrix_power/{k}", power,
             f"torch.manual_seed(0)\nx = {a}\nshow(torch.linalg.matrix_power(x, {n}))")
    multi = [L + "multi_dot"]
    for k, ms in enumerate([
            "torch.randint(-3, 4, (2, 3)).float(), torch.randint(-3, 4, (3, 4)).float()",
            "torch.randint(-3, 4, (3,)).float(), torch.randint(-3, 4, (3, 4)).float()",
            "torch.randint(-3, 4, (2, 3)).float(), torch.randint(-3, 4, (3,)).float()",
            "torch.randint(-3, 4, (2, 5)).float(), torch.randint(-3, 4, (5, 3)).float(), torch.randint(-3, 4, (3, 4)).float()",
            "torch.randint(-3, 4, (6, 2)).float(), torch.randint(-3, 4, (2, 6)).float(), torch.randint(-3, 4, (6, 3)).float()",
            "torch.randint(-3, 4, (2, 3)).float(), torch.randint(-3, 4, (3, 4)).float(), "
            "torch.randint(-3, 4, (4, 5)).float(), torch.randint(-3, 4, (5, 2)).float()",
            "torch.randint(-3, 4, (4, 3)).double(), torch.randint(-3, 4, (3, 4)).double()",
            "torch.randn(3), torch.randn(3)",
            "torch.randn(3), torch.randn(3, 4), torch.randn(4, 2), torch.randn(2)",
            "torch.randn(2, 3)",
            "torch.randn(2, 3, 1), torch.randn(1, 2)",
            "torch.randn(2, 3), torch.randn(3, 2, 1)",
            "torch.randn(2), torch.randn(2, 2, 2), torch.randn(2)",
            "torch.randn(2, 3), torch.randn(4, 2)",
            "torch.randn(2, 3), torch.randn(3, 2).double()",
            "torch.arange(6).view(2, 3), torch.arange(3)"]):
        case(G, f"multi_dot/{k}", multi,
             f"torch.manual_seed(0)\nshow(torch.linalg.multi_dot([{ms}]))")
    case(G, "multi_dot/tuple", multi,
         "torch.manual_seed(0)\nshow(torch.linalg.multi_dot((torch.randn(2, 2), torch.randn(2, 2))))")
    case(G, "multi_dot/empty", multi, "show(torch.linalg.multi_dot([]))")


def grads(case):
    """The grad_fn each result carries when an input requires grad (and none under no_grad)."""
    pre = ("torch.manual_seed(0)\nx = torch.randn(3, 3, requires_grad=True)\nv = torch.randn(3, requires_grad=True)\n"
           "b = torch.randn(2, 3, 3, requires_grad=True)\n")
    for k, (op, call) in enumerate([
            ("vector_norm", "L.vector_norm(x)"), ("vector_norm", "L.vector_norm(x, 1, dim=0, dtype=torch.float64)"),
            ("matrix_norm", "L.matrix_norm(x)"), ("matrix_norm", "L.matrix_norm(x, 1)"),
            ("matrix_norm", "L.matrix_norm(x, -float('inf'))"), ("norm", "L.norm(x)"), ("norm", "L.norm(x, 1)"),
            ("norm", "L.norm(v, 1)"), ("norm", "L.norm(x, 'fro')"), ("vecdot", "L.vecdot(v, v)"),
            ("vecdot", "L.vecdot(x, x)"), ("vecdot", "L.vecdot(v, x)"), ("cross", "L.cross(x, x)"),
            ("matrix_power", "L.matrix_power(x, 0)"), ("matrix_power", "L.matrix_power(x, 1)"),
            ("matrix_power", "L.matrix_power(x, 2)"), ("matrix_power", "L.matrix_power(b, 3)"),
            ("multi_dot", "L.multi_dot([x, x])"), ("multi_dot", "L.multi_dot([v, v])"),
            ("multi_dot", "L.multi_dot([x, x, x])")]):
        case(G, f"grad/{op}/{k}", [L + op],
             pre + f"L = torch.linalg\nr = {call}\nprint(r.requires_grad, r.grad_fn.name())\n"
             f"with torch.no_grad():\n    print({call}.grad_fn)")
    case(G, "grad/torch.cross", ["torch.cross"],
         "x = torch.ones(2, 3, requires_grad=True)\nprint(torch.cross(x, x, dim=1).grad_fn.name())")
    case(G, "grad/torch.matrix_power", ["torch.matrix_power"],
         "x = torch.ones(2, 2, requires_grad=True)\nfor n in range(3):\n    print(torch.matrix_power(x, n).grad_fn.name())")
    case(G, "grad/pad_sequence", [PAD],
         "from torch.nn.utils.rnn import pad_sequence\nx = torch.ones(2, requires_grad=True)\n"
         "r = pad_sequence([x, torch.ones(3)])\nprint(r.requires_grad, r.grad_fn.name())")


def padding(case):
    op = [PAD]
    pre = "from torch.nn.utils.rnn import pad_sequence\ntorch.manual_seed(0)\n"
    for k, (seqs, extra) in enumerate([
            ("[torch.randn(3), torch.randn(1), torch.randn(2)]", ""),
            ("[torch.randn(3), torch.randn(1), torch.randn(2)]", ", batch_first=True"),
            ("[torch.randn(3), torch.randn(1), torch.randn(2)]", ", True, -1.0"),
            ("[torch.randn(3), torch.randn(1)]", ", batch_first=True, padding_side='left'"),
            ("[torch.randn(3), torch.randn(1)]", ", padding_side='left'"),
            ("[torch.randn(2, 4), torch.randn(3, 4)]", ""),
            ("[torch.randn(2, 4), torch.randn(3, 4)]", ", batch_first=True, padding_value=9"),
            ("(torch.tensor([1, 2, 3]), torch.tensor([4]))", ", batch_first=True"),
            ("[torch.tensor([1, 2, 3]), torch.tensor([4.5])]", ", padding_value=2.5"),
            ("[torch.tensor([1.0, 2.0]), torch.tensor([4, 5, 6])]", ""),
            ("[torch.tensor([True]), torch.tensor([False, True])]", ", padding_value=0.5"),
            ("[torch.randn(3, 2).t(), torch.randn(1, 3)]", ", batch_first=True"),
            ("[torch.randn(0, 2), torch.randn(2, 2)]", ""),
            ("[torch.randn(0), torch.randn(0)]", ""),
            ("torch.arange(6).view(2, 3)", ""),
            ("torch.arange(6).view(2, 3)", ", batch_first=True"),
            ("iter([torch.ones(2), torch.ones(1)])", ""),
            ("[torch.ones(2, 3), torch.ones(3)]", ""),
            ("[torch.ones(2, 3), torch.ones(2, 4)]", ""),
            ("[]", ""),
            ("[torch.tensor(1.0)]", ""),
            ("[torch.ones(2), torch.tensor(1.0)]", ""),
            ("torch.tensor(3.0)", ""),
            ("3", ""),
            ("None", ""),
            ("[1, 2]", ""),
            ("'ab'", ""),
            ("[torch.ones(2)]", ", padding_side='up'"),
            ("[torch.ones(2)]", ", padding_value=None"),
            ("[torch.ones(2)]", ", batch_first=1")]):
        case(G, f"pad_sequence/{k}", op, pre + f"show(pad_sequence({seqs}{extra}))")
    case(G, "pad_sequence/alias", op,
         pre + "a = torch.randn(2)\np = pad_sequence([a, torch.randn(3)])\n"
         "same(p, a)\np[0, 0] = 5\nshow(a)")
