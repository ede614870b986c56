"""Sweep cases for the second round of API coverage (issue 19): strided views (unfold, as_strided),
sum_to_size, the conjugate transposes, writes at listed positions (index_put_, put_, masked_scatter),
torch.range and logspace, and the small Tensor methods (dim_order, is_set_to, detach_, new_empty, ...)."""

G = "more_api"


def register(case, inp):
    strided(case, inp)
    small_methods(case, inp)
    puts(case, inp)
    ranges(case)
    blas(case)


def strided(case, inp):
    for name in ["f", "ft", "f3", "i", "f0", "fempty", "fstep", "fexp"]:
        for k, args in enumerate(["0, 1, 1", "-1, 2, 1", "0, 2, 2", "1, 2, 1", "-1, 1, 3", "0, 0, 1",
                                  "0, 9, 1", "0, 1, 0", "0, -1, 1", "5, 1, 1"]):
            case(G, f"unfold/{name}/{k}", ["Tensor.unfold"], inp(name) + f"r = x.unfold({args})\nshow(r)\nsame(r, x)")
    for k, args in enumerate(["(3, 3), (1, 1)", "(3, 3), (2, 1)", "(2,), (-1,)", "(2, 2), (1,)", "(2,), (1,), 5",
                              "(2,), (1,), -1", "(2, 3), (1, 2)", "(0, 4), (1, 1), 30", "(), ()", "(2,), (0,), 3",
                              "size=(2, 2), stride=(3, 1), storage_offset=1", "(2, -1), (1, 1)"]):
        for name in ["f", "ft"]:
            case(G, f"as_strided/{name}/{k}", ["torch.as_strided"], inp(name) + f"r = torch.as_strided(x, {args})\nshow(r)\nsame(r, x)")
            case(G, f"as_strided/{name}/{k}/method", ["Tensor.as_strided"], inp(name) + f"show(x.as_strided({args}))")
    case(G, "as_strided/sliced", ["Tensor.as_strided"], "x = torch.arange(10.)[3:]\nshow(x.as_strided((2,), (2,)))")
    case(G, "as_strided/write", ["Tensor.as_strided"], "x = torch.zeros(6)\nx.as_strided((2, 2), (1, 2)).fill_(1)\nshow(x)")
    for name in ["f", "ft", "f3", "i", "f0", "b"]:
        for k, size in enumerate(["1, 3", "3", "2, 1", "(2, 3)", "4", "1, 1, 3", "[]", "1", "1, 1", "3, 4", "2, 3, 4",
                                  "1, 3, 1", "torch.Size([1, 3])"]):
            case(G, f"sum_to_size/{name}/{k}", ["Tensor.sum_to_size"], inp(name) + f"r = x.sum_to_size({size})\nshow(r)\nprint(r is x)")


def small_methods(case, inp):
    for name in ["f", "ft", "f3", "i", "f0", "fempty", "b"]:
        for prop in ["H", "mH"]:
            case(G, f"{prop}/{name}", [f"Tensor.{prop}"], inp(name) + f"r = x.{prop}\nshow(r)\nsame(r, x)")
        case(G, f"dim_order/{name}", ["Tensor.dim_order"], inp(name) + "show(x.dim_order())")
        case(G, f"is_pinned/{name}", ["Tensor.is_pinned"], inp(name) + "show(x.is_pinned())")
        case(G, f"pin_memory/{name}", ["Tensor.pin_memory"], inp(name) + "x.pin_memory()")
    for k, v in enumerate(["torch.zeros(2, 1, 3).permute(2, 0, 1)", "torch.zeros(2, 3, 4).transpose(0, 2)",
                           "torch.zeros(1, 1)", "torch.zeros(4, 1).t()", "torch.zeros(2, 3)[:, ::2]",
                           "torch.zeros(3).expand(2, 3)"]):
        case(G, f"dim_order/layout/{k}", ["Tensor.dim_order"], f"x = {v}\nshow(x.dim_order())")
    case(G, "dim_order/kw", ["Tensor.dim_order"], inp("f") + "show(x.dim_order(ambiguity_check=False))")
    for k, other in enumerate(["x", "x[:]", "x.view(6)", "x.clone()", "x.t().t()", "x[0:1]", "x.detach()"]):
        case(G, f"is_set_to/{k}", ["Tensor.is_set_to"], inp("f") + f"show(x.is_set_to({other}))")
    for k, pre in enumerate(["x = torch.ones(2)\n", "x = torch.ones(2, requires_grad=True)\n",
                             "x = torch.ones(2, requires_grad=True) * 2\n"]):
        case(G, f"retain_grad/{k}", ["Tensor.retain_grad"], pre + "show(x.retain_grad())\nshow(x.requires_grad)")
        case(G, f"register_hook/{k}", ["Tensor.register_hook"], pre + "h = x.register_hook(lambda g: g * 2)\nshow(h.remove())")
        case(G, f"detach_/{k}", ["Tensor.detach_"], pre + "r = x.detach_()\nprint(r is x, x.requires_grad, x.grad_fn)\nshow(x)")
    for k, args in enumerate(["2, 3", "(2,)", "[0, 4]", "2, dtype=torch.int32", "(), dtype=torch.bool", "size=(3,)",
                              "-1", "2, requires_grad=True"]):
        for name in ["f", "i"]:
            case(G, f"new_empty/{name}/{k}", ["Tensor.new_empty"],
                 inp(name) + f"r = x.new_empty({args})\nprint(r.shape, r.dtype, r.requires_grad, r.is_contiguous())")


def puts(case, inp):
    m = "m = torch.tensor([[True, False, True], [False, True, True]])\n"
    s = "s = torch.arange(10.)\n"
    for k, (pre, call) in enumerate([
            (m + s, "m, s"), (m + s, "m[0], s"), (m + s, "m, s[:2]"), (m + s, "m.int(), s"), (m + s, "m, s.long()"),
            (m + s, "m, s.reshape(2, 5)"), (m + s, "m.byte(), s"), (m + s, "torch.zeros(2, 3, dtype=torch.bool), s[:0]"),
            (m + s, "m.t().contiguous().t(), s"), (m + s, "torch.tensor(True), s"), (s, "torch.tensor([True, False, True]), s")]):
        for name in ["f", "ft", "f0"]:
            case(G, f"masked_scatter/{name}/{k}", ["torch.masked_scatter"], inp(name) + pre + f"show(torch.masked_scatter(x, {call}))")
            case(G, f"masked_scatter/{name}/{k}/method", ["Tensor.masked_scatter"], inp(name) + pre + f"show(x.masked_scatter({call}))")
            case(G, f"masked_scatter_/{name}/{k}", ["Tensor.masked_scatter_"],
                 inp(name) + pre + f"r = x.masked_scatter_({call})\nshow(x)\nsame(r, x)")
    case(G, "masked_scatter/int", ["Tensor.masked_scatter"], inp("i") + m + "show(x.masked_scatter(m, torch.arange(10)))")
    for k, (idx, src, acc) in enumerate([
            ("[0, 5, -1]", "[1., 2., 3.]", ""), ("[0, 0]", "[1., 2.]", ", accumulate=True"), ("[0, 0]", "[1., 2.]", ""),
            ("[6]", "[1.]", ""), ("[0, 1]", "[1.]", ""), ("[-7]", "[1.]", ""), ("[[0, 1], [2, 3]]", "[[1., 2.], [3., 4.]]", ""),
            ("[1, 1, 1]", "[0.5, 0.25, 2.0]", ", accumulate=True"), ("[]", "[]", "")]):
        for name in ["f", "ft", "f0", "fempty"]:
            pre = inp(name) + f"i = torch.tensor({idx}, dtype=torch.int64)\nv = torch.tensor({src})\n"
            case(G, f"put_/{name}/{k}", ["Tensor.put_"], pre + f"r = x.put_(i, v{acc})\nshow(x)\nsame(r, x)")
            case(G, f"put/{name}/{k}", ["torch.put"], pre + f"r = torch.put(x, i, v{acc})\nshow(r)\nshow(x)")
            case(G, f"put/{name}/{k}/method", ["Tensor.put"], pre + f"show(x.put(i, v{acc}))")
    case(G, "put_/float_index", ["Tensor.put_"], inp("f") + "x.put_(torch.tensor([0.]), torch.tensor([1.]))")
    case(G, "put_/dtype", ["Tensor.put_"], inp("f") + "x.put_(torch.tensor([0]), torch.tensor([1]))")
    case(G, "put_/int", ["Tensor.put_"], inp("i") + "x.put_(torch.tensor([0, 0]), torch.tensor([5, 6]), accumulate=True)\nshow(x)")
    for k, (idx, v, acc) in enumerate([
            ("(torch.tensor([0, 1]), torch.tensor([2, 0]))", "torch.tensor([5., 6.])", ""),
            ("(torch.tensor([0, 0]),)", "torch.tensor(1.)", ", accumulate=True"),
            ("(torch.tensor([0, 0]), torch.tensor([1, 1]))", "torch.tensor([1., 2.])", ", accumulate=True"),
            ("(torch.tensor([0, 0]), torch.tensor([1, 1]))", "torch.tensor([1., 2.])", ""),
            ("(torch.tensor([[True, False, True], [False, True, True]]),)", "torch.tensor(9.)", ""),
            ("[torch.tensor([1])]", "torch.tensor([1., 2., 3.])", ""),
            ("(torch.tensor([5]),)", "torch.tensor(1.)", ""),
            ("(torch.tensor([0]),)", "torch.tensor([1, 2, 3])", ""),
            ("(torch.tensor([0]),)", "torch.tensor([1., 2.])", ""),
            ("(torch.tensor([-1]), torch.tensor([0, 2]))", "torch.tensor([7., 8.])", ", accumulate=True"),
            ("(torch.tensor([1]),)", "torch.tensor([[1., 2., 3.]])", ", True")]):
        for name in ["f", "ft"]:
            case(G, f"index_put_/{name}/{k}", ["Tensor.index_put_"], inp(name) + f"r = x.index_put_({idx}, {v}{acc})\nshow(x)\nsame(r, x)")
            case(G, f"index_put/{name}/{k}", ["torch.index_put"], inp(name) + f"show(torch.index_put(x, {idx}, {v}{acc}))\nshow(x)")
            case(G, f"index_put/{name}/{k}/method", ["Tensor.index_put"], inp(name) + f"show(x.index_put({idx}, {v}{acc}))")
    case(G, "index_put_/torch", ["torch.index_put_"], inp("f") + "r = torch.index_put_(x, (torch.tensor([1]),), torch.tensor(3.))\nshow(x)\nsame(r, x)")
    case(G, "index_put_/int_acc", ["Tensor.index_put_"], inp("i") + "x.index_put_((torch.tensor([1, 1]),), torch.tensor([[1, 2, 3]]), accumulate=True)\nshow(x)")
    case(G, "index_put_/half_acc", ["Tensor.index_put_"],
         "x = torch.zeros(3, dtype=torch.float16)\nx.index_put_((torch.tensor([0, 0, 0]),), torch.tensor([0.1, 0.2, 0.3], dtype=torch.float16), accumulate=True)\nshow(x)")


def ranges(case):
    for k, args in enumerate(["1, 4", "0, 1, 0.3", "1, 4, dtype=torch.int64", "3, 1, -1", "0.5, 3.7, dtype=torch.int32",
                              "1, 0", "0, 1, 0", "0, float('inf')", "0, 10, 3", "-1.5, 1.5, 0.5", "0, 1, 0.1",
                              "start=2, end=5", "0, 2, 0.5, dtype=torch.float64", "0, 1, 0.25, dtype=torch.float16",
                              "5", "True, 3", "0, 100000, 7"]):
        case(G, f"range/{k}", ["torch.range"], f"show(torch.range({args}))")
    for k, args in enumerate(["0, 2, 5", "-1, 1, 4, base=2", "0, 3, 4, dtype=torch.int64", "0, 1, 1", "0, 1, 0",
                              "0, 10, 7, dtype=torch.float64", "0.1, 2.3, 9, dtype=torch.float16", "-3, 3, 50",
                              "torch.tensor(1.), 2, 3", "0, 1, -1", "2, 0, 5", "0, 1, 3, base=0.5", "1, 1, 4",
                              "-2, 2, 11, base=torch.e if hasattr(torch, 'e') else 2.718281828459045",
                              "0, 2, 5, dtype=torch.bfloat16", "start=0, end=1, steps=3, base=3.0", "0, 40, 5, dtype=torch.int32"]):
        case(G, f"logspace/{k}", ["torch.logspace"], f"show(torch.logspace({args}))")
    case(G, "logspace/out", ["torch.logspace"], "o = torch.zeros(3)\nr = torch.logspace(0, 1, 3, out=o)\nshow(o)\nsame(r, o)")
    for k, (o, call) in enumerate([("torch.zeros(3)", "arange(3, out=o)"), ("torch.zeros(4)", "arange(0, 1, 0.25, out=o)"),
                                   ("torch.zeros(4)", "linspace(0, 1, 4, out=o)"), ("torch.zeros(4)", "zeros(4, out=o)"),
                                   ("torch.zeros(2, 2)", "ones(2, 2, out=o)"), ("torch.zeros(4)", "full((4,), 2.5, out=o)"),
                                   ("torch.zeros(4, dtype=torch.int64)", "arange(4, out=o)"), ("torch.zeros(2, 2)", "eye(2, out=o)"),
                                   ("torch.zeros(3, dtype=torch.int64)", "arange(0.5, 3, out=o)"), ("torch.zeros(5)", "arange(3, out=o)")]):
        case(G, f"factory_out/{k}", ["torch." + call.split("(")[0]], f"o = {o}\nr = torch.{call}\nshow(o)\nshow(r)\nsame(r, o)")
    case(G, "range/out", ["torch.range"], "o = torch.zeros(3)\nr = torch.range(0, 2, out=o)\nshow(o)\nsame(r, o)")


def split_first(call):
    """The first argument of a call's argument text and the rest (commas inside brackets kept)."""
    depth = 0
    for i, ch in enumerate(call):
        depth += ch in "([" and 1 or ch in ")]" and -1 or 0
        if ch == "," and depth == 0:
            return call[:i], call[i + 2:]
    return call, ""


def blas(case):
    a = "A = torch.tensor([[1.5, -2.0, 0.25], [3.0, 0.5, -1.0]])\nv = torch.tensor([0.5, 2.0, -1.5])\ny = torch.tensor([1.0, -1.0])\n"
    r = "P = torch.tensor([[0.1, 0.7, -0.3], [1.3, -2.9, 0.45]])\nq = torch.tensor([0.33, -1.7, 2.1])\n"
    for k, (pre, call) in enumerate([
            (a, "y, A, v"), (a, "y, A, v, beta=0.5, alpha=2"), (a, "torch.tensor(1.), A, v"), (a, "y, A, v[:2]"),
            (a, "y, v, v"), (a, "y, A, A"), (a, "torch.ones(3), A, v"), (a, "y, A, v.long()"),
            (a, "y.long(), A.long(), v.long(), beta=2"), (a, "y, A, v, beta=0"), (a + r, "y, P, q"),
            (a + r, "torch.tensor([0.1, 0.2]), P, q, alpha=0.3, beta=0.7"), (a, "torch.tensor([float('nan'), 1.0]), A, v, beta=0"),
            (a, "y, A.t().contiguous().t(), v"), (a, "y, A.double(), v.double()")]):
        case(G, f"addmv/{k}", ["torch.addmv"], pre + f"show(torch.addmv({call}))")
        first, rest = split_first(call)
        case(G, f"addmv/{k}/method", ["Tensor.addmv"], pre + f"show(({first}).addmv({rest}))")
    for k, (pre, call) in enumerate([
            (a, "torch.zeros(2, 3), y, v"), (a, "torch.ones(2, 3), y, v, beta=0.5, alpha=-2"), (a, "torch.ones(3), y, v"),
            (a, "torch.ones(2, 3), A, v"), (a, "torch.ones(2, 3), y, v.long()"),
            (a, "torch.ones(2, 3, dtype=torch.bool), y.bool(), v.bool()"), (a, "torch.ones(2, 3).long(), y.long(), v.long(), beta=2, alpha=3"),
            (a, "torch.ones(2, 3), y, v, beta=0"), (a + r, "P[:, :3].t()[:2].t().t(), torch.tensor([0.3, 0.9]), q, alpha=0.7"),
            (a + r, "P, torch.tensor([0.3, 0.9]), q, beta=1.3, alpha=0.7"), (a, "torch.ones(2, 4), y, v")]):
        case(G, f"addr/{k}", ["torch.addr"], pre + f"show(torch.addr({call}))")
        first, rest = split_first(call)
        case(G, f"addr/{k}/method", ["Tensor.addr"], pre + f"show(({first}).addr({rest}))")
    b = "B1 = torch.arange(12.).reshape(2, 2, 3) / 7\nB2 = torch.arange(12.).reshape(2, 3, 2) / 3\n"
    for k, call in enumerate(["torch.ones(2, 2), B1, B2", "torch.ones(2, 2), B1, B2, beta=0.5, alpha=0.25", "torch.ones(2), B1, B2",
                              "torch.ones(2, 2), B1[0], B2", "torch.ones(2, 2), B1, B2[:1]", "torch.ones(2, 2), B1, B1",
                              "torch.tensor(3.), B1, B2, beta=0", "torch.ones(3, 2), torch.ones(2, 3), torch.ones(2, 3, 2)",
                              "torch.ones(2, 2).long(), B1.long(), B2.long()"]):
        case(G, f"addbmm/{k}", ["torch.addbmm"], b + f"show(torch.addbmm({call}))")
        first, rest = split_first(call)
        case(G, f"addbmm/{k}/method", ["Tensor.addbmm"], b + f"show(({first}).addbmm({rest}))")
    for k, call in enumerate(["A, A.t(), A", "A", "A, v", "A, A.t()", "A.t(), A, A.t(), A", "A, A"]):
        case(G, f"chain_matmul/{k}", ["torch.chain_matmul"], a + f"show(torch.chain_matmul({call}))")
    for k, (m, n) in enumerate([("torch.tensor([[1., 1.], [1., 0.]])", 10), ("torch.tensor([[1, 1], [1, 0]])", 0),
                                ("A", 2), ("v", 2), ("torch.tensor([[2., 0.], [0., 4.]])", -1),
                                ("torch.tensor([[1.5, 0.5], [0.25, -1.0]])", 5), ("torch.tensor([[0.3, 0.7], [-0.2, 0.9]])", 7),
                                ("torch.tensor([[0.3, 0.7], [-0.2, 0.9]])", 1), ("torch.tensor([[0.3, 0.7], [-0.2, 0.9]])", 3),
                                ("torch.arange(8.).reshape(2, 2, 2) / 5", 6), ("torch.tensor([[1, 2], [3, 4]])", 4)]):
        case(G, f"matrix_power/{k}", ["torch.matrix_power"], a + f"show(torch.matrix_power({m}, {n}))")
        case(G, f"matrix_power/{k}/method", ["Tensor.matrix_power"], a + f"show(({m}).matrix_power({n}))")
    c = "u = torch.tensor([1.5, -2.0, 0.25])\nw = torch.tensor([0.3, 0.7, -1.1])\n"
    for k, call in enumerate(["u, w", "u, w, dim=0", "torch.ones(2, 3), torch.ones(2, 3), dim=1", "torch.ones(2, 3), torch.ones(2, 3), dim=0",
                              "torch.ones(3, 2), torch.ones(1, 2)", "u, w.long()", "u.long(), w.long() * 3",
                              "torch.arange(9.).reshape(3, 3) / 7, w", "torch.arange(9.).reshape(3, 3) / 7, w, dim=1",
                              "torch.arange(9.).reshape(3, 3) / 7, w, -1", "u, w, dim=2"]):
        case(G, f"cross/{k}", ["torch.cross"], c + f"show(torch.cross({call}))")
        first, rest = split_first(call)
        case(G, f"cross/{k}/method", ["Tensor.cross"], c + f"show(({first}).cross({rest}))")
