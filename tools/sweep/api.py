"""Sweep cases for the ops added for API coverage (issue 19): the scatter/index-add family, scans,
searching and counting, products and the named-tuple reductions. gen.py calls `register` with its
`case` and `inp` helpers; the cases land in tests/data/sweep/api.json like every other group."""

G = "api"


def register(case, inp):
    scatter_family(case)
    grids(case, inp)
    order_stats(case, inp)
    products(case)
    einsums(case)
    small_views(case, inp)


def scatter_family(case):
    x = "x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\n"
    xi = "x = torch.tensor([[1, 2, 3], [4, 5, 6]])\n"
    idx = "idx = torch.tensor([[0, 0, 1], [1, 0, 1]])\n"
    src = "src = torch.tensor([[10.0, 20.0, 30.0], [40.0, 50.0, 60.0]])\n"
    srci = "src = torch.tensor([[10, 20, 30], [40, 50, 60]])\n"
    # scatter_add: values, the index smaller than self, int32 index, and every check.
    for k, (pre, call) in enumerate([
            (x + idx + src, "0, idx, src"), (x + idx + src, "1, idx, src"), (xi + idx + srci, "-1, idx, src"),
            (x + idx + src, "0, idx[:1], src"), (x + idx + src, "0, idx.int(), src"),
            (x + idx + src, "0, idx[:, :2], src"), (x + src, "0, torch.tensor([[0, 1, 0]]).expand(2, 3), src"),
            (x + idx + src, "0, idx, src.long()"), (x + idx + src, "0, idx[0], src"),
            (x + src, "0, torch.tensor([[0, 0, 0, 0]]), src"), (x + src, "0, torch.tensor([[2]]), src"),
            (x + src, "0, torch.tensor([[-1]]), src"), (x + src, "0, torch.tensor([[0.0]]), src"),
            (x + idx + src, "2, idx, src"), (x + idx + src, "dim=1, index=idx, src=src"),
            (x + src, "0, torch.tensor([], dtype=torch.int64).reshape(0, 3), src"),
            ("x = torch.zeros(5)\n", "0, torch.tensor([0, 1, 0, 4, 4, 4]), torch.tensor([0.1, 0.2, 0.3, 0.4, 0.5, 0.6])"),
            ("x = torch.zeros(3, 2).t()\n" + src, "1, torch.tensor([[2, 2], [0, 1]]), src"),
            (x + idx, "0, idx, torch.ones(3, 3)"), (x + idx, "0, idx, torch.ones(1, 3)")]):
        case(G, f"scatter_add/{k}", ["torch.scatter_add"], pre + f"show(torch.scatter_add(x, {call}))")
        case(G, f"scatter_add/{k}/method", ["Tensor.scatter_add"], pre + f"show(x.scatter_add({call}))")
        case(G, f"scatter_add_/{k}", ["Tensor.scatter_add_"], pre + f"r = x.scatter_add_({call})\nshow(x)\nsame(r, x)")
    # scatter_reduce: every reduction, with and without self, floats and ints, NaN, and the checks.
    for red in ["sum", "prod", "mean", "amax", "amin"]:
        for inc in ["True", "False"]:
            for pre, dim in [(x + idx + src, 0), (xi + idx + srci, 1)]:
                call = f"{dim}, idx, src, '{red}', include_self={inc}"
                kind = "f" if dim == 0 else "i"
                case(G, f"scatter_reduce/{red}/{inc}/{kind}", ["torch.scatter_reduce"], pre + f"show(torch.scatter_reduce(x, {call}))")
                case(G, f"scatter_reduce/{red}/{inc}/{kind}/method", ["Tensor.scatter_reduce"], pre + f"show(x.scatter_reduce({call}))")
                case(G, f"scatter_reduce_/{red}/{inc}/{kind}", ["Tensor.scatter_reduce_"],
                     pre + f"r = x.scatter_reduce_({call})\nshow(x)\nsame(r, x)")
        case(G, f"scatter_reduce/{red}/nan", ["Tensor.scatter_reduce"],
             "x = torch.tensor([1.0, float('nan'), 3.0])\n"
             f"show(x.scatter_reduce(0, torch.tensor([0, 0, 1, 2]), torch.tensor([float('nan'), 2.0, 5.0, -1.0]), '{red}'))")
        case(G, f"scatter_reduce/{red}/kw", ["torch.scatter_reduce"],
             x + idx + src + f"show(torch.scatter_reduce(x, dim=1, index=idx, src=src, reduce='{red}', include_self=False))")
    for k, call in enumerate(["0, idx, src, 'add'", "0, idx, src.long(), 'sum'", "0, idx, src"]):
        case(G, f"scatter_reduce/bad/{k}", ["Tensor.scatter_reduce"], x + idx + src + f"show(x.scatter_reduce({call}))")
    # The legacy reduce= of scatter.
    for k, (pre, call) in enumerate([(x + src, "1, torch.tensor([[1]]), 2.0, reduce='add'"),
                                     (x + src, "1, torch.tensor([[1]]), src, reduce='multiply'"),
                                     (x + idx + src, "0, idx, src, reduce='add'"),
                                     (xi + idx, "0, idx, 3, reduce='multiply'"),
                                     (xi + idx, "0, idx, 2.5, reduce='add'"),
                                     (x + src, "1, torch.tensor([[1]]), src, reduce='mean'")]):
        case(G, f"scatter/reduce/{k}", ["torch.scatter"], pre + f"show(torch.scatter(x, {call}))")
        case(G, f"scatter_/reduce/{k}", ["Tensor.scatter_"], pre + f"r = x.scatter_({call})\nshow(x)\nsame(r, x)")
    # index_add and index_copy: slices, alpha, 1-D, 0-d, and their checks.
    for k, (pre, call) in enumerate([
            (x + src, "0, torch.tensor([1, 1]), src"), (x + src, "1, torch.tensor([2, 0, 2]), src, alpha=2"),
            (xi, "1, torch.tensor([2, 0, 2]), x, alpha=2"), (x + src, "1, torch.tensor([2, 0, 2]), src, alpha=0.5"),
            ("x = torch.tensor([1.0, 2.0, 3.0])\n", "0, torch.tensor([0, 0, 2]), torch.tensor([0.1, 0.2, 0.3]), alpha=0.3"),
            ("x = torch.tensor([1.0, 2.0, 3.0])\n", "0, torch.tensor([2, 0]), torch.tensor([0.1, 0.7])"),
            (x + src, "0, torch.tensor([[1, 1]]), src"), (x + src, "0, torch.tensor([1, 1.0]), src"),
            (x + src, "0, torch.tensor([1, 5]), src"), (x + src, "0, torch.tensor([1, 5]), src, alpha=2"),
            (x + src, "0, torch.tensor([1]), src"), (xi + src, "0, torch.tensor([1, 0]), src"),
            (x + src, "0, torch.tensor([1, 0], dtype=torch.int32), src"), (x + src, "-1, torch.tensor([0, 0, 1]), src.t().t()"),
            (x + src, "0, torch.tensor([1, 0]), src.t().contiguous().t()"),
            ("x = torch.tensor(1.0)\n", "0, torch.tensor([0]), torch.tensor(5.0)"),
            (x, "0, torch.tensor([1, 0]), torch.ones(2, 4)"), (x + src, "dim=1, index=torch.tensor([0, 0, 0]), source=src, alpha=-1")]):
        case(G, f"index_add/{k}", ["torch.index_add"], pre + f"show(torch.index_add(x, {call}))")
        case(G, f"index_add/{k}/method", ["Tensor.index_add"], pre + f"show(x.index_add({call}))")
        case(G, f"index_add_/{k}", ["Tensor.index_add_"], pre + f"r = x.index_add_({call})\nshow(x)\nsame(r, x)")
    for k, (pre, call) in enumerate([
            (x + src, "0, torch.tensor([1, 0]), src"), (x + src, "0, torch.tensor([1, 1]), src"),
            (x + src, "1, torch.tensor([2, 0, 1]), src"), (x + src, "0, torch.tensor([1, 0], dtype=torch.int32), src"),
            (x + src, "0, torch.tensor([1, 7]), src"), (x + src, "1, torch.tensor([1, 7, 0]), src"),
            (x + src, "0, torch.tensor([-1, 0]), src"), (xi + src, "0, torch.tensor([1, 0]), src"),
            (x + src, "0, torch.tensor([1]), src"), (x + src, "0, torch.tensor([[1, 0]]), src"),
            ("x = torch.zeros(4)\n", "0, torch.tensor([3, 1]), torch.tensor([7.0, 8.0])"),
            (x, "0, torch.tensor([0]), torch.tensor(5.0)"), (x, "0, torch.tensor([1, 0]), torch.ones(2, 4)"),
            (x + src, "dim=0, index=torch.tensor([1, 0]), source=src")]):
        case(G, f"index_copy/{k}", ["torch.index_copy"], pre + f"show(torch.index_copy(x, {call}))")
        case(G, f"index_copy/{k}/method", ["Tensor.index_copy"], pre + f"show(x.index_copy({call}))")
        case(G, f"index_copy_/{k}", ["Tensor.index_copy_"], pre + f"r = x.index_copy_({call})\nshow(x)\nsame(r, x)")
    # Plain scatter and gather on the same checks: negative entries, an index of another rank.
    for k, (pre, call) in enumerate([(x + src, "0, torch.tensor([[-1, 0, 1]]), src"), (x + src, "1, torch.tensor([0, 1]), src"),
                                     (x, "1, torch.tensor([[-1]]), 7.0"), (x + src, "0, torch.tensor([[0, 1, 0, 1]]), src"),
                                     (x, "0, torch.tensor([[0, 1, 0, 1]]), 1.0"), (x + src, "0, torch.tensor([[0.0]]), src"),
                                     (x + src, "0, torch.tensor([[1]], dtype=torch.int32), src"), (x, "0, torch.tensor([[1]]).expand(2, 3), 1.0")]):
        case(G, f"scatter/checks/{k}", ["Tensor.scatter"], pre + f"show(x.scatter({call}))")
        case(G, f"scatter_/checks/{k}", ["Tensor.scatter_"], pre + f"r = x.scatter_({call})\nshow(x)\nsame(r, x)")
    for k, call in enumerate(["1, torch.tensor([[-1]])", "0, torch.tensor([1, 0])", "0, torch.tensor([[0, 1, 0, 1]])",
                              "0, torch.tensor([[1]], dtype=torch.int32)", "1, torch.tensor([[0, 1, 2, 0]])"]):
        case(G, f"gather/checks/{k}", ["Tensor.gather"], x + f"show(x.gather({call}))")


def grids(case, inp):
    a, b, c = "torch.tensor([1, 2, 3])", "torch.tensor([4, 5])", "torch.tensor(7)"
    for k, args in enumerate([f"{a}, {b}", f"{a}, {b}, indexing='ij'", f"{a}, {b}, indexing='xy'",
                              f"[{a}, {b}]", f"({a}, {b}), indexing='xy'", f"{a}", f"{a}, {c}",
                              f"{a}, {b}, {c}, indexing='xy'", f"{a}, torch.tensor([4.0, 5.0])",
                              f"{a}, {b}, indexing='foo'", "torch.tensor([], dtype=torch.int64), torch.tensor([1])",
                              f"{a}, {b}, {a}"]):
        case(G, f"meshgrid/{k}", ["torch.meshgrid"], f"r = torch.meshgrid({args})\nshow(r)")
    for k, args in enumerate([f"{a}, {b}", f"{a}, {a}", f"{a}", f"{a}, {b}, torch.tensor([0, 1])",
                              f"{a}, torch.ones(2, 2)", f"{a}, torch.tensor([1.0])", f"[{a}, {b}]",
                              "torch.tensor([], dtype=torch.int64), torch.tensor([1])"]):
        case(G, f"cartesian_prod/{k}", ["torch.cartesian_prod"], f"show(torch.cartesian_prod({args}))")
    case(G, "cartesian_prod/same", ["torch.cartesian_prod"], f"x = {a}\nr = torch.cartesian_prod(x)\nsame(r, x)")
    for k, args in enumerate(["x", "x, r=3", "x, with_replacement=True", "x, r=0", "x, r=5", "x, 3, True",
                              "torch.ones(2, 2)", "x, r=-1", "torch.tensor([], dtype=torch.int64)",
                              "torch.tensor([0.5, -1.5, 2.0, 3.25])", "torch.tensor([True, False]), with_replacement=True",
                              "x, 1"]):
        case(G, f"combinations/{k}", ["torch.combinations"], f"x = torch.tensor([1, 2, 3, 4])\nshow(torch.combinations({args}))")
    for k, args in enumerate(["torch.ones(2, 2), torch.tensor([5, 6]), torch.tensor(7.0)", "", "torch.ones(2, 2, 2)",
                              "torch.tensor([[1, 2], [3, 4]]), torch.tensor([[5]])", "torch.zeros(0, 2), torch.ones(1, 1)",
                              "torch.tensor([True]), torch.tensor([[2]], dtype=torch.int32)", "torch.ones(2, 3).t()"]):
        case(G, f"block_diag/{k}", ["torch.block_diag"], f"show(torch.block_diag({args}))")
    for k, (x, args) in enumerate([("torch.tensor([[1.0, 2.0], [3.0, 4.0]])", ""), ("torch.tensor([1, 2])", "offset=1"),
                                   ("torch.tensor([1, 2])", "offset=-1, dim1=0, dim2=1"), ("torch.tensor([[1, 2]])", "dim1=0, dim2=2"),
                                   ("torch.tensor([[1, 2]])", "dim1=0, dim2=0"), ("torch.tensor([1, 2])", "0, 1, 0"),
                                   ("torch.tensor(3)", ""), ("torch.arange(6.0).reshape(2, 3).t()", "2"),
                                   ("torch.tensor([1, 2])", "dim1=3")]):
        case(G, f"diag_embed/{k}", ["torch.diag_embed"], f"show(torch.diag_embed({x}{', ' + args if args else ''}))")
        case(G, f"diag_embed/{k}/method", ["Tensor.diag_embed"], f"show({x}.diag_embed({args}))")
    for k, (x, args) in enumerate([("torch.tensor([[1, 2], [3, 4]])", ""), ("torch.tensor([1, 2])", "1"),
                                   ("torch.tensor(3)", "-1"), ("torch.tensor([1.5, 2.5]).expand(2, 2)", "offset=-2"),
                                   ("torch.tensor([], dtype=torch.int64)", "")]):
        case(G, f"diagflat/{k}", ["torch.diagflat"], f"show(torch.diagflat({x}{', ' + args if args else ''}))")
        case(G, f"diagflat/{k}/method", ["Tensor.diagflat"], f"show({x}.diagflat({args}))")
    base = "x = torch.arange(6).reshape(2, 3)\n"
    for k, args in enumerate(["", "0", "1", "2", "3", "-1", "5", "1, [1, 0]", "1, [0, 0]", "1, [0]", "1, [0, 2]",
                              "k=2, dims=(-1, -2)", "1, [0, -2]"]):
        case(G, f"rot90/{k}", ["torch.rot90"], base + f"r = torch.rot90(x{', ' + args if args else ''})\nshow(r)\nsame(r, x)")
        case(G, f"rot90/{k}/method", ["Tensor.rot90"], base + f"show(x.rot90({args}))")
    case(G, "rot90/1d", ["torch.rot90"], "show(torch.rot90(torch.tensor([1, 2])))")
    case(G, "rot90/3d", ["torch.rot90"], "show(torch.rot90(torch.arange(8).reshape(2, 2, 2), 1, [1, 2]))")
    for name in ["f", "i", "b", "fspecial", "f0", "fempty", "b0", "ft"]:
        case(G, f"argwhere/{name}", ["torch.argwhere"], inp(name) + "show(torch.argwhere(x))")
        case(G, f"argwhere/{name}/method", ["Tensor.argwhere"], inp(name) + "show(x.argwhere())")
    for k, args in enumerate(["torch.tensor([1, 2, 3]), torch.tensor([2, 5])",
                              "torch.tensor([1.0, 2.0, float('nan')]), torch.tensor([2, 5, float('nan')])",
                              "torch.tensor([1, 2, 3]), 2", "2, torch.tensor([1, 2])",
                              "torch.tensor([1, 2, 3]), torch.tensor([2, 5]), invert=True",
                              "torch.tensor([[1, 2], [3, 4]]), torch.tensor([[4], [1]])",
                              "torch.tensor([1.5, 2.0]), torch.tensor([2])", "torch.tensor([True, False]), torch.tensor([1])",
                              "torch.tensor([1, 2]), torch.tensor([], dtype=torch.int64)",
                              "elements=torch.tensor([1, 2, 3]), test_elements=torch.tensor([3]), assume_unique=True"]):
        case(G, f"isin/{k}", ["torch.isin"], f"show(torch.isin({args}))")
    for k, args in enumerate(["torch.tensor([4, 1]), (2, 3)", "torch.tensor(5), (2, 3)", "7, (2, 3)",
                              "torch.tensor([1.0]), (2, 3)", "torch.tensor([[0, 7], [11, 3]]), (3, 4)",
                              "torch.tensor([7, -1]), (2, 3)", "torch.tensor([5]), 4", "torch.tensor([5]), (2, -3)",
                              "torch.tensor([3], dtype=torch.int32), [2, 2]", "torch.tensor([3]), ()"]):
        case(G, f"unravel_index/{k}", ["torch.unravel_index"], f"show(torch.unravel_index({args}))")
    for k, call in enumerate(["3, 3", "3, 4, 1", "4, 3, -1", "0, 3", "3, 3, dtype=torch.int32", "3, 3, 5",
                              "3, 3, -5", "2, 5, 2", "3, 3, dtype=torch.float32", "1, 1"]):
        case(G, f"triu_indices/{k}", ["torch.triu_indices"], f"show(torch.triu_indices({call}))")
    case(G, "tril_indices/float", ["torch.tril_indices"], "show(torch.tril_indices(3, 3, dtype=torch.float32))")


def order_stats(case, inp):
    rows = "x = torch.tensor([[3.0, 1.0, 3.0, 2.0], [1.0, 1.0, 0.0, 5.0]])\n"
    ties = "x = torch.tensor([2.0, 1.0, 2.0, 2.0, 1.0, 4.0, 1.0, 0.5])\n"
    ints = "x = torch.tensor([[5, 1, 4, 1, 5], [9, 2, 6, 5, 3]])\n"
    for name in ["cummax", "cummin"]:
        for k, (pre, args) in enumerate([(rows, "1"), (rows, "0"), (ties, "0"), (ints, "-1"),
                                         ("x = torch.tensor([1.0, float('nan'), 2.0, float('nan'), 0.0])\n", "0"),
                                         ("x = torch.tensor(3.0)\n", "0"), ("x = torch.tensor([True, False, True])\n", "0"),
                                         (rows, "2"), ("x = torch.zeros(0, 3)\n", "0"), (rows + "x = x.t()\n", "0")]):
            case(G, f"{name}/{k}", [f"torch.{name}"], pre + f"show(torch.{name}(x, {args}))")
            case(G, f"{name}/{k}/method", [f"Tensor.{name}"], pre + f"show(x.{name}({args}))")
        case(G, f"{name}/kw", [f"torch.{name}"], rows + f"print(torch.{name}(x, dim=1))")
    for k, (pre, args) in enumerate([(rows, "1"), (rows, "0"), (ties, "0"), ("x = torch.tensor([1, 2])\n", "0"),
                                     ("x = torch.tensor([float('-inf'), 0.0, float('inf'), float('nan')])\n", "0"),
                                     ("x = torch.tensor([-100.0, 50.0, 0.125, 88.0, 90.0])\n", "0"),
                                     ("x = torch.tensor(2.5)\n", "0"), (rows + "x = x.t()\n", "0")]):
        case(G, f"logcumsumexp/{k}", ["torch.logcumsumexp"], pre + f"show(torch.logcumsumexp(x, {args}))")
        case(G, f"logcumsumexp/{k}/method", ["Tensor.logcumsumexp"], pre + f"show(x.logcumsumexp({args}))")
    for k, (pre, args) in enumerate([(rows, "2, 1"), (rows, "1"), (ties, "3"), (ties, "2"), (ties, "8"), (ties, "5"),
                                     (ints, "3, 1, True"), (ints, "2, 0"), (rows, "5"), (rows, "0"),
                                     ("x = torch.tensor([1.0, float('nan'), 3.0, 2.0])\n", "4"),
                                     ("x = torch.tensor([1.0, float('nan'), 3.0, 2.0])\n", "2"),
                                     ("x = torch.tensor(7.0)\n", "1"), (rows, "k=2, dim=0, keepdim=True")]):
        case(G, f"kthvalue/{k}", ["torch.kthvalue"], pre + f"show(torch.kthvalue(x, {args}))")
        case(G, f"kthvalue/{k}/method", ["Tensor.kthvalue"], pre + f"show(x.kthvalue({args}))")
    for name in ["median", "nanmedian"]:
        for k, (pre, args) in enumerate([(rows, ""), (rows, "1"), (rows, "0"), (ties, "0"), (ints, "1, True"),
                                         ("x = torch.tensor([2.0, 1.0, 2.0, 1.0])\n", "0"),
                                         ("x = torch.tensor([1.0, float('nan'), 3.0, 2.0])\n", ""),
                                         ("x = torch.tensor([1.0, float('nan'), 3.0, 2.0])\n", "0"),
                                         ("x = torch.tensor([[1.0, float('nan')], [float('nan'), 4.0]])\n", "1"),
                                         ("x = torch.tensor(7.0)\n", ""), ("x = torch.zeros(0)\n", ""),
                                         ("x = torch.zeros(2, 0)\n", "1"), (ints, ""), (rows, "dim=-1, keepdim=True")]):
            case(G, f"{name}/{k}", [f"torch.{name}"], pre + f"show(torch.{name}(x{', ' + args if args else ''}))")
            case(G, f"{name}/{k}/method", [f"Tensor.{name}"], pre + f"show(x.{name}({args}))")
    for k, (pre, args) in enumerate([(rows, ""), (rows, "1"), (rows, "0"), (ties, ""),
                                     ("x = torch.tensor([2, 1, 2, 1, 3, 1, 2])\n", ""),
                                     ("x = torch.tensor([2.0, 1.0, 2.0, 1.0, 3.0])\n", ""), (ints, "1, True"),
                                     ("x = torch.tensor(4)\n", ""), (rows, "dim=0, keepdim=True")]):
        case(G, f"mode/{k}", ["torch.mode"], pre + f"show(torch.mode(x{', ' + args if args else ''}))")
        case(G, f"mode/{k}/method", ["Tensor.mode"], pre + f"show(x.mode({args}))")
    for k, args in enumerate(["torch.tensor([1, 3, 5, 7]), torch.tensor([3, 6, 9, 0])",
                              "torch.tensor([1, 3, 5, 7]), torch.tensor([3, 6, 9, 0]), right=True",
                              "torch.tensor([1, 3, 5, 7]), 3", "torch.tensor([[1, 3], [2, 4]]), torch.tensor([[2], [3]])",
                              "torch.tensor([1.0, 3.0]), torch.tensor([2, 3]), out_int32=True",
                              "torch.tensor([1.0, 3.0]), torch.tensor([2, 3]), side='right'",
                              "torch.tensor([1.0, 3.0]), torch.tensor([2, 3]), side='left', right=True",
                              "torch.tensor([1.0, 3.0]), torch.tensor([2, 3]), side='middle'",
                              "torch.tensor([3.0, 1.0]), torch.tensor([2, 3]), sorter=torch.tensor([1, 0])",
                              "torch.tensor([[1, 3], [2, 4]]), torch.tensor([2, 3])",
                              "torch.tensor([0.0, 1.0, float('nan')]), torch.tensor([0.5, float('nan'), 2.0])",
                              "torch.tensor([1, 3, 5]), torch.tensor([[0, 4], [6, 3]])",
                              "torch.tensor([], dtype=torch.int64), torch.tensor([1, 2])",
                              "torch.arange(0.0, 1.0, 0.125), torch.tensor([0.3, 0.625, 0.999])"]):
        case(G, f"searchsorted/{k}", ["torch.searchsorted"], f"show(torch.searchsorted({args}))")
    for k, args in enumerate(["torch.tensor([3, 6, 9]), torch.tensor([1, 3, 5, 7])",
                              "torch.tensor([3, 6, 9]), torch.tensor([1, 3, 5, 7]), right=True",
                              "3, torch.tensor([1, 3, 5, 7])", "torch.tensor([[0.5, 3.0], [7.5, 1.0]]), torch.tensor([1.0, 3.0, 5.0])",
                              "torch.tensor([1, 2]), torch.tensor([[1, 2]])",
                              "torch.tensor([1, 2]), torch.tensor([1, 3]), out_int32=True"]):
        case(G, f"bucketize/{k}", ["torch.bucketize"], f"show(torch.bucketize({args}))")
    for k, (x, args) in enumerate([("torch.tensor([0, 1, 1, 3])", ""), ("torch.tensor([0, 1, 1, 3])", "minlength=6"),
                                   ("torch.tensor([0, 1, 1, 3])", "weights=torch.tensor([0.5, 1.0, 0.25, 2.0])"),
                                   ("torch.tensor([0, -1])", ""), ("torch.tensor([], dtype=torch.int64)", ""),
                                   ("torch.tensor([], dtype=torch.int64)", "minlength=3"), ("torch.tensor([0.0])", ""),
                                   ("torch.tensor([[0, 1]])", ""), ("torch.tensor([2, 2], dtype=torch.int32)", ""),
                                   ("torch.tensor([0, 1])", "torch.tensor([1.0])"), ("torch.tensor([0, 1])", "None, -1")]):
        case(G, f"bincount/{k}", ["torch.bincount"], f"show(torch.bincount({x}{', ' + args if args else ''}))")
        case(G, f"bincount/{k}/method", ["Tensor.bincount"], f"show({x}.bincount({args}))")
    for k, (x, args) in enumerate([("torch.tensor([1.0, 2.0, 1.0, 4.0])", "bins=4, min=0, max=3"),
                                   ("torch.tensor([1.0, 2.0, 1.0, 4.0])", "bins=3"), ("torch.tensor([1, 2])", "bins=3"),
                                   ("torch.tensor([0.1, 0.2, 0.3, 0.7, 0.9, 1.0])", "5, 0, 1"),
                                   ("torch.tensor([2.0, 2.0])", "4"), ("torch.tensor([1.0, 2.0])", "0"),
                                   ("torch.tensor([1.0, 2.0])", "2, 3, 1"), ("torch.tensor([])", "3"),
                                   ("torch.arange(10.0)", ""), ("torch.tensor([0.3, 0.6, 0.9, 1.2])", "3, 0.3, 1.2")]):
        case(G, f"histc/{k}", ["torch.histc"], f"show(torch.histc({x}{', ' + args if args else ''}))")
        case(G, f"histc/{k}/method", ["Tensor.histc"], f"show({x}.histc({args}))")
    for k, (x, args) in enumerate([("torch.tensor([3, 1, 2, 3, 1])", ""),
                                   ("torch.tensor([3, 1, 2, 3, 1])", "return_inverse=True, return_counts=True"),
                                   ("torch.tensor([3, 1, 2, 3, 1])", "sorted=False"),
                                   ("torch.tensor([[3, 1], [2, 3]])", "return_inverse=True"),
                                   ("torch.tensor([3.0, float('nan'), 1.0, float('nan')])", "return_counts=True"),
                                   ("torch.tensor([True, False, True])", ""), ("torch.tensor([], dtype=torch.int64)", "return_inverse=True"),
                                   ("torch.tensor(5)", "return_inverse=True, return_counts=True"),
                                   ("torch.tensor([-0.0, 0.0, 1.5])", "return_counts=True")]):
        case(G, f"unique/{k}", ["torch.unique"], f"show(torch.unique({x}{', ' + args if args else ''}))")
        case(G, f"unique/{k}/method", ["Tensor.unique"], f"show({x}.unique({args}))")
    for k, (x, args) in enumerate([("torch.tensor([1, 1, 2, 2, 3, 1, 1, 2])", ""),
                                   ("torch.tensor([1, 1, 2, 2, 3, 1, 1, 2])", "return_inverse=True, return_counts=True"),
                                   ("torch.tensor([[1, 1], [2, 2]])", "return_counts=True"),
                                   ("torch.tensor([float('nan'), float('nan'), 1.0])", "return_counts=True"),
                                   ("torch.tensor([], dtype=torch.int64)", "")]):
        case(G, f"unique_consecutive/{k}", ["torch.unique_consecutive"], f"show(torch.unique_consecutive({x}{', ' + args if args else ''}))")
        case(G, f"unique_consecutive/{k}/method", ["Tensor.unique_consecutive"], f"show({x}.unique_consecutive({args}))")


def products(case):
    a = "a = torch.arange(24.0).reshape(2, 3, 4) / 7 - 1.5\n"
    b = "b = torch.arange(12.0).reshape(4, 3) / 5 - 0.75\n"
    for k, (pre, args) in enumerate([(a + b, "a, b, dims=1"), (a + b, "a, b, dims=([2], [0])"), (a + b, "a, b, ([1, 2], [1, 0])"),
                                     (a + b, "a, b, dims=0"), (a + b, "a, b, dims=3"), (a + b, "a, b, dims=([0], [0])"),
                                     (a + b, "a, b, dims=([2], [0, 1])"), (a + b, "a, b, dims=-1"),
                                     ("a = torch.arange(6).reshape(2, 3)\nb = torch.arange(6).reshape(3, 2)\n", "a, b, 1"),
                                     (a + b, "a, b, dims=(2, 0)"), (a + b, "a, b.t(), dims=([1], [0])")]):
        case(G, f"tensordot/{k}", ["torch.tensordot"], pre + f"show(torch.tensordot({args}))")
    for k, (x, y) in enumerate([("torch.tensor([1.0, 2.0, 3.0])", "torch.tensor([0.5, -1.0, 2.0])"),
                                ("torch.arange(6.0).reshape(2, 3) / 3", "torch.arange(12.0).reshape(4, 3) / 5"),
                                ("torch.tensor(2.5)", "torch.arange(4.0).reshape(2, 2)"), ("torch.ones(2, 3)", "torch.ones(3)"),
                                ("torch.tensor([1, 2])", "torch.tensor([3, 4])"), ("torch.ones(2, 3)", "torch.ones(2, 2)"),
                                ("torch.tensor([1.0, 2.0])", "torch.tensor([3, 4])")]):
        case(G, f"inner/{k}", ["torch.inner"], f"show(torch.inner({x}, {y}))")
        case(G, f"inner/{k}/method", ["Tensor.inner"], f"show(({x}).inner({y}))")
    for k, (x, y) in enumerate([("torch.tensor([1.0, 2.0, 3.0])", "torch.tensor([0.5, -1.0, 2.0])"),
                                ("torch.tensor([1, 2])", "torch.tensor([3, 4])"), ("torch.ones(2, 2)", "torch.ones(2)"),
                                ("torch.tensor([1.0, 2.0])", "torch.tensor([3, 4])"), ("torch.ones(2)", "torch.ones(3)")]):
        case(G, f"vdot/{k}", ["torch.vdot"], f"show(torch.vdot({x}, {y}))")
        case(G, f"vdot/{k}/method", ["Tensor.vdot"], f"show(({x}).vdot({y}))")
    for k, (x, y) in enumerate([("torch.tensor([[1, 2], [3, 4]])", "torch.tensor([[0, 1], [1, 0]])"),
                                ("torch.tensor([1.0, 2.0])", "torch.ones(2, 2)"), ("torch.eye(2)", "torch.tensor([[0.5, -1.0, 2.0]])"),
                                ("torch.tensor(3.0)", "torch.tensor([1, 2])"), ("torch.tensor([True, False])", "torch.tensor([2, 3])"),
                                ("torch.arange(4).reshape(2, 2).t()", "torch.arange(6).reshape(1, 2, 3)"),
                                ("torch.zeros(0, 2)", "torch.ones(2, 2)")]):
        case(G, f"kron/{k}", ["torch.kron"], f"show(torch.kron({x}, {y}))")
        case(G, f"kron/{k}/method", ["Tensor.kron"], f"show(({x}).kron({y}))")
    b1 = "b1 = torch.arange(24.0).reshape(2, 3, 4) / 7 - 1.5\n"
    b2 = "b2 = torch.arange(40.0).reshape(2, 4, 5) / 9 - 2.0\n"
    for k, (pre, args) in enumerate([("x = torch.ones(2, 3, 5) * 0.3\n", ""), ("x = torch.ones(2, 3, 5) * 0.3\n", "beta=0.5, alpha=2"),
                                     ("x = torch.full((2, 3, 5), float('nan'))\n", "beta=0"), ("x = torch.arange(5.0) / 3\n", "alpha=-1.5"),
                                     ("x = torch.ones(3, 1)\n", "beta=2"), ("x = torch.ones(2, 3, 4)\n", ""),
                                     ("x = torch.ones(2, 3, 5)\n", "beta=0.1, alpha=0.7"),
                                     ("x = torch.ones(2, 3, 5, dtype=torch.int64)\n", "")]):
        src = b1 + b2 + pre
        case(G, f"baddbmm/{k}", ["torch.baddbmm"], src + f"show(torch.baddbmm(x, b1, b2{', ' + args if args else ''}))")
        case(G, f"baddbmm/{k}/method", ["Tensor.baddbmm"], src + f"show(x.baddbmm(b1, b2{', ' + args if args else ''}))")
    case(G, "baddbmm/int", ["torch.baddbmm"], "x = torch.ones(1, 2, 2, dtype=torch.int64)\nb = torch.arange(4).reshape(1, 2, 2)\n"
         "show(torch.baddbmm(x, b, b, beta=2, alpha=3))")
    case(G, "baddbmm/2d", ["torch.baddbmm"], "show(torch.baddbmm(torch.ones(2, 2), torch.ones(2, 2), torch.ones(2, 2)))")
    case(G, "baddbmm/mismatch", ["torch.baddbmm"], "show(torch.baddbmm(torch.ones(1, 2, 2), torch.ones(1, 2, 3), torch.ones(1, 2, 2)))")


def einsums(case):
    q = "q = torch.arange(48.0).reshape(1, 2, 3, 8) / 11 - 1.5\n"
    k = "k = torch.arange(48.0).reshape(1, 2, 3, 8).flip(-1) / 13 - 1.0\n"
    m = "a = torch.arange(6.0).reshape(2, 3) / 3 - 0.5\nb = torch.arange(12.0).reshape(3, 4) / 5 - 1.0\n"
    v = "x = torch.tensor([1.0, 2.0, 3.0])\ny = torch.tensor([0.5, -1.0, 2.0])\n"
    for cid, pre, call in [
            ("attn", q + k, "'bhqd,bhkd->bhqk', q, k"), ("attn_v", q + k, "'bhqk,bhkd->bhqd', torch.einsum('bhqd,bhkd->bhqk', q, k), k"),
            ("mm", m, "'ij,jk->ik', a, b"), ("mm_t", m, "'ij,jk->ki', a, b"), ("mm_implicit", m, "'ij,jk', a, b"),
            ("list", m, "'ij,jk->ik', [a, b]"), ("dot", v, "'i,i->', x, y"), ("dot_implicit", v, "'i,i', x, y"),
            ("outer", v, "'i,j->ij', x, y"), ("mul", v, "'i,i->i', x, y"), ("transpose", m, "'ij->ji', a"),
            ("sum", m, "'ij->i', a"), ("sum_all", m, "'ij->', a"), ("implicit_t", m, "'ji', a"),
            ("spaces", m, "'i j , j k -> i k', a, b"), ("batch_mm", "a = torch.arange(24.0).reshape(2, 3, 4) / 7\nb = torch.arange(40.0).reshape(2, 4, 5) / 9\n", "'bij,bjk->bik', a, b"),
            ("sum_one_side", m, "'ij,jk->k', a, b"), ("three", m + v, "'ij,jk,k->i', a, b, torch.ones(4)"),
            ("int", "a = torch.arange(6).reshape(2, 3)\nb = torch.arange(12).reshape(3, 4)\n", "'ij,jk->ik', a, b"),
            ("bad_count", m, "'ij,jk->ik', a"), ("bad_dims", m, "'ijk,jk->ik', a, b"), ("bad_out", m, "'ij,jk->iz', a, b"),
            ("bad_char", m, "'i1,jk->ik', a, b"), ("bad_size", m, "'ij,ik->jk', a, b"), ("dtype", m, "'ij,jk->ik', a, b.long()"),
            ("no_operands", m, "'ij'"), ("out_twice", m, "'ij,jk->ii', a, b")]:
        case(G, f"einsum/{cid}", ["torch.einsum"], pre + f"show(torch.einsum({call}))")


def small_views(case, inp):
    for name in ["f", "ft", "f3", "i", "f1", "f0", "fempty"]:
        case(G, f"adjoint/{name}", ["torch.adjoint"], inp(name) + "r = torch.adjoint(x)\nshow(r)\nsame(r, x)")
        case(G, f"adjoint/{name}/method", ["Tensor.adjoint"], inp(name) + "show(x.adjoint())")
    for k, args in enumerate(["1, 1, 2", "0, 0, 1", "-1, 0, 0", "1, 2, 5", "0, -1, 1", "3, 0, 1"]):
        for name in ["f", "ft"]:
            case(G, f"narrow_copy/{name}/{k}", ["torch.narrow_copy"], inp(name) + f"r = torch.narrow_copy(x, {args})\nshow(r)\nsame(r, x)")
            case(G, f"narrow_copy/{name}/{k}/method", ["Tensor.narrow_copy"], inp(name) + f"show(x.narrow_copy({args}))")
    b = "y = torch.tensor([0.5, -1.0, 2.0])\n"
    for k, p in enumerate(["", "1", "float('inf')", "0", "3", "p=0.5", "float('-inf')"]):
        for name in ["f", "ft", "fspecial", "fempty"]:
            if name == "fspecial":
                pre = inp(name) + "y = torch.tensor(1.0)\n"
            elif name == "fempty":
                pre = inp(name) + "y = torch.zeros(3)\n"
            else:
                pre = inp(name) + b
            case(G, f"dist/{name}/{k}", ["torch.dist"], pre + f"show(torch.dist(x, y{', ' + p if p else ''}))")
            case(G, f"dist/{name}/{k}/method", ["Tensor.dist"], pre + f"show(x.dist(y{', ' + p if p else ''}))")
    case(G, "dist/int", ["torch.dist"], "show(torch.dist(torch.tensor([1, 2]), torch.tensor([1, 2])))")
    case(G, "dist/shape", ["torch.dist"], "show(torch.dist(torch.ones(2), torch.ones(3)))")
