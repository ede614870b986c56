"""Sweep cases for the view-scatter ops and the statistics added late in issue 19: slice_scatter,
select_scatter and diagonal_scatter (strides kept, dtype cast, size errors); renorm, cov, corrcoef,
the trapezoid family and quantile, over dtypes, 0-d, empty, non-contiguous inputs and keywords."""

X = "x = torch.zeros(3, 4)\n"
R = "torch.manual_seed(0)\nr = torch.randn(3, 5)\n"


def register(case, inp):
    embed(case)
    statistics(case)
    python_side(case)
    sampling(case)
    arrays(case)
    index_reduce(case)
    histograms(case)
    gradients(case)
    cdists(case)
    bags(case)
    products_order(case)
    lerps(case)


def embed(case):
    g = "embed"
    for k, src in enumerate([
        "show(torch.slice_scatter(x, torch.ones(3, 2), 1, 0, 4, 2))", "show(torch.slice_scatter(x, torch.ones(1, 4), 0, -1))",
        "show(torch.slice_scatter(x, torch.arange(8.0).reshape(2, 4)))" , "show(torch.slice_scatter(x, torch.ones(3, 2), dim=1, start=1, end=3))",
        "show(torch.slice_scatter(x, torch.ones(3, 4, dtype=torch.int64)))", "show(torch.slice_scatter(x.long(), torch.full((3, 4), 2.5)))",
        "show(torch.slice_scatter(x.t(), torch.ones(4, 1), 1, -1))", "show(torch.slice_scatter(x, torch.ones(3, 0), 1, 10, 4))",
        "show(torch.slice_scatter(x, torch.ones(3, 0), dim=1, start=3, end=1))", "show(torch.slice_scatter(x, torch.ones(2, 4), 0, None, None, 2))",
        "show(x.slice_scatter(torch.ones(3, 2), 1, 0, 4, 2))", "show(x.slice_scatter(torch.ones(3, 1), -1, -2, -1))",
        "show(torch.slice_scatter(torch.zeros(5), torch.tensor([1.0, 2.0]), start=-3, step=2))",
        "show(torch.slice_scatter(x, torch.ones(3, 4, dtype=torch.float64)))", "show(torch.slice_scatter(x.bool(), torch.ones(1, 4), 0, 1, 2))",
        "torch.slice_scatter(x, torch.ones(3, 2), 1, step=0)", "torch.slice_scatter(x, torch.ones(3, 2), 1, step=-1)",
        "torch.slice_scatter(x, torch.ones(3, 3), 1)", "torch.slice_scatter(x, torch.ones(4), 0, -1)", "torch.slice_scatter(x, torch.ones(3, 0), 2)",
        "torch.slice_scatter(x, torch.ones(3, 2), 1, 10, 4)", "torch.slice_scatter(x, 1.0, 1)",
        "y = torch.slice_scatter(x, torch.ones(3, 4))\nsame(x, y)\nshow(x)",
    ]):
        case(g, f"slice_scatter/{k}", ["torch.slice_scatter"] + (["Tensor.slice_scatter"] if "x.slice" in src else []), X + src)
    for k, src in enumerate([
        "show(torch.select_scatter(x, torch.ones(4), 0, -1))", "show(torch.select_scatter(x, torch.arange(3.0), 1, 2))",
        "show(torch.select_scatter(x, torch.arange(3), dim=-1, index=0))", "show(x.select_scatter(torch.ones(4), 0, 1))",
        "show(torch.select_scatter(torch.zeros(2, 3, 2), torch.ones(2, 2), 1, 1))", "show(torch.select_scatter(x.t(), torch.ones(4), 1, 0))",
        "show(torch.select_scatter(torch.zeros(3), torch.tensor(5.0), 0, 1))", "show(torch.select_scatter(x.int(), torch.full((4,), 2.7), 0, 0))",
        "torch.select_scatter(x, torch.ones(4), 0, 5)", "torch.select_scatter(x, torch.ones(4), 0, -4)", "torch.select_scatter(x, torch.ones(3), 0, -1)",
        "torch.select_scatter(x, torch.ones(()), 0, -1)", "torch.select_scatter(torch.zeros(()), torch.ones(()), 0, 0)",
        "torch.select_scatter(x, torch.ones(4), 2, 0)",
    ]):
        case(g, f"select_scatter/{k}", ["torch.select_scatter"] + (["Tensor.select_scatter"] if "x.select" in src else []), X + src)
    for k, src in enumerate([
        "show(torch.diagonal_scatter(x, torch.ones(3)))", "show(torch.diagonal_scatter(x, torch.ones(3), 1))",
        "show(torch.diagonal_scatter(x, torch.tensor([7.0, 8.0]), -1))", "show(torch.diagonal_scatter(x, torch.ones(1), offset=3))",
        "show(torch.diagonal_scatter(x, torch.ones(0), 4))", "show(x.diagonal_scatter(torch.arange(3.0), 0, 1, 0))",
        "show(torch.diagonal_scatter(torch.zeros(2, 3, 4), torch.ones(4, 2), 0, 0, 1))",
        "show(torch.diagonal_scatter(torch.zeros(2, 3, 4), torch.ones(2, 3), dim1=1, dim2=2))",
        "show(torch.diagonal_scatter(x.t(), torch.ones(3)))", "show(torch.diagonal_scatter(x.long(), torch.tensor([1.5, 2.5, 3.5])))",
        "torch.diagonal_scatter(x, torch.ones(2), 1)", "torch.diagonal_scatter(x, torch.ones(3), 0, 0, 0)",
        "torch.diagonal_scatter(x, torch.ones(3), 0, 0, 3)", "torch.diagonal_scatter(torch.zeros(3), torch.ones(3))",
    ]):
        case(g, f"diagonal_scatter/{k}", ["torch.diagonal_scatter"] + (["Tensor.diagonal_scatter"] if "x.diag" in src else []), X + src)


def statistics(case):
    g = "stats"
    pre = R + "a = torch.tensor([[1.0, 2.0, 4.0, 7.0], [0.5, -1.0, 3.0, 2.0], [2.0, 2.0, 2.0, 2.0]])\n"
    for k, src in enumerate([
        "show(torch.renorm(a, 2, 0, 5))", "show(torch.renorm(a, 1, 1, 3.5))", "show(torch.renorm(r, 2, 0, 1.0))",
        "show(torch.renorm(r, 3, 1, 0.5))", "show(torch.renorm(r, float('inf'), 0, 0.75))", "show(torch.renorm(r, 0.5, -1, 2))",
        "show(r.renorm(2, 0, 1.0))", "show(torch.renorm(r.double(), 2, 1, 0.5))", "show(torch.renorm(r.t(), 2, 0, 1))",
        "show(torch.renorm(r.reshape(3, 5, 1), 2, 1, 1.0))", "show(torch.renorm(torch.zeros(2, 0), 2, 0, 1.0))",
        "show(torch.renorm(a, p=2, dim=0, maxnorm=0))", "show(torch.renorm(r.half(), 2, 0, 1.0))",
        "y = r.clone()\nz = y.renorm_(2, 0, 1.0)\nshow(y)\nsame(y, z)", "torch.renorm(a, 0, 0, 1)", "torch.renorm(a, -1, 0, 1)",
        "torch.renorm(a, 2, 0, -1)", "torch.renorm(a, 2, 0, -0.25)", "torch.renorm(a[0], 2, 0, 1)", "torch.renorm(a, 2, 2, 1)",
        "torch.renorm(a.long(), 2, 0, 1)", "torch.renorm(torch.tensor(1.0), 2, 0, 1)",
    ]):
        case(g, f"renorm/{k}", ["torch.renorm"] + (["Tensor.renorm"] if "r.renorm" in src else [])
             + (["Tensor.renorm_"] if "renorm_" in src else []), pre + src)
    fw = "fw = torch.tensor([1, 2, 0, 3])\naw = torch.tensor([0.5, 1.0, 2.0, 0.25])\n"
    for k, src in enumerate([
        "show(torch.cov(a))", "show(torch.cov(a, correction=0))", "show(torch.cov(a, correction=2))", "show(torch.cov(r))",
        "show(torch.cov(a[0]))", "show(torch.cov(a, fweights=fw))", "show(torch.cov(a, aweights=aw))",
        "show(torch.cov(a, fweights=fw, aweights=aw))", "show(torch.cov(a, correction=0, fweights=fw, aweights=aw))",
        "show(torch.cov(a, correction=3, fweights=fw))", "show(torch.cov(a.double(), aweights=aw.double()))",
        "show(torch.cov(torch.tensor([[1, 2, 3], [4, 6, 9]])))", "show(torch.cov(a.t()))", "show(torch.cov(r.t()[:, ::2]))",
        "show(torch.cov(torch.tensor(3.0)))", "show(torch.cov(torch.tensor([2.0])))", "show(torch.cov(torch.zeros(2, 0)))",
        "show(torch.cov(a, correction=4))", "show(torch.cov(a[:, :1], fweights=torch.tensor([2])))\nshow(a)",
        "show(torch.cov(a[:, :1], aweights=torch.tensor([2.0])))", "show(torch.cov(a[:, :1], aweights=torch.tensor([2.0]), fweights=torch.tensor([3])))",
        "show(a.cov())", "show(torch.cov(a.half()))", "show(torch.cov(a, fweights=fw.int()))",
        "torch.cov(torch.zeros(2, 2, 2))", "torch.cov(a.bool())", "torch.cov(a, fweights=fw.float())", "torch.cov(a, fweights=fw[:3])",
        "torch.cov(a, fweights=-fw)", "torch.cov(a, fweights=fw.reshape(2, 2))", "torch.cov(a, aweights=fw)", "torch.cov(a, aweights=-aw)",
        "torch.cov(a, aweights=aw[:2])", "torch.cov(a, fweights=torch.zeros(4, dtype=torch.long))", "torch.cov(a, aweights=aw * 0)",
        "torch.cov(a, aweights=torch.tensor([0.5, float('nan'), 1.0, 1.0]))",
    ]):
        case(g, f"cov/{k}", ["torch.cov"] + (["Tensor.cov"] if "a.cov" in src else []), pre + fw + src)
    for k, src in enumerate([
        "show(torch.corrcoef(a))", "show(torch.corrcoef(r))", "show(torch.corrcoef(a[:2]))", "show(torch.corrcoef(a[0]))",
        "show(torch.corrcoef(torch.tensor([[1, 2, 3], [3, 2, 1]])))", "show(torch.corrcoef(r.double()))", "show(a.corrcoef())",
        "show(torch.corrcoef(torch.tensor(2.0)))", "show(torch.corrcoef(a.t()))", "show(torch.corrcoef(torch.zeros(2, 1)))",
        "torch.corrcoef(torch.zeros(2, 2, 2))", "torch.corrcoef(a.bool())",
    ]):
        case(g, f"corrcoef/{k}", ["torch.corrcoef"] + (["Tensor.corrcoef"] if "a.corrcoef" in src else []), pre + src)
    for name in ["trapezoid", "trapz", "cumulative_trapezoid"]:
        for k, src in enumerate([
            "show(torch.NAME(a))", "show(torch.NAME(a, dim=0))", "show(torch.NAME(a, dx=0.5))", "show(torch.NAME(a, dx=2, dim=0))",
            "show(torch.NAME(a, torch.tensor([0.0, 1.0, 3.0, 6.0])))", "show(torch.NAME(a, torch.tensor([0.0, 0.5, 2.0]), dim=0))",
            "show(torch.NAME(a, a * 2))", "show(torch.NAME(r, r.cumsum(1)))", "show(torch.NAME(a.long()))",
            "show(torch.NAME(torch.tensor([1, 4, 9]), torch.tensor([1, 2, 3])))", "show(torch.NAME(a.double(), dx=0.1))",
            "show(torch.NAME(torch.zeros(2, 0)))", "show(torch.NAME(torch.zeros(0, 3), dim=0))", "show(torch.NAME(a.t()))",
            "show(torch.NAME(a[:, ::2], torch.tensor([1.0, 5.0])))", "show(torch.NAME(a.reshape(3, 2, 2), torch.tensor([[0.0, 1.0], [2.0, 4.0]]), dim=1))",
            "show(torch.NAME(torch.tensor([2.0])))", "show(torch.NAME(a, dx=-1))", "show(torch.NAME(y=a, x=a, dim=-1))",
            "torch.NAME(a, torch.tensor([0.0, 1.0]))", "torch.NAME(a.bool())", "torch.NAME(a, a.bool())", "torch.NAME(a, dim=2)",
            "torch.NAME(a, dx=True)", "torch.NAME(torch.tensor(1.0))", "torch.NAME(a, dx=1, x=a)", "torch.NAME(a, torch.ones(2, 2))",
        ]):
            case(g, f"{name}/{k}", [f"torch.{name}"], pre + src.replace("NAME", name))
    for name in ["quantile", "nanquantile"]:
        n = "nan = torch.tensor([[1.0, float('nan'), 3.0, 0.5], [float('nan'), float('nan'), float('nan'), float('nan')], [2.0, 4.0, -1.0, 0.0]])\n"
        for k, src in enumerate([
            "show(torch.NAME(a, 0.5))", "show(torch.NAME(a, 0.3, dim=1))", "show(torch.NAME(a, 0.3, dim=0, keepdim=True))",
            "show(torch.NAME(a, torch.tensor([0.0, 0.25, 0.5, 0.9, 1.0]), dim=1))", "show(torch.NAME(r, torch.tensor([0.1, 0.7]), 0, True))",
            "show(torch.NAME(r, torch.tensor(0.35)))", "show(torch.NAME(r, 0.35, keepdim=True))", "show(torch.NAME(r.double(), 0.35, 1))",
            "show(torch.NAME(r.double(), torch.tensor([0.2, 0.8], dtype=torch.float64)))", "show(torch.NAME(nan, 0.5, dim=1))",
            "show(torch.NAME(nan, torch.tensor([0.0, 0.4, 1.0]), dim=1))", "show(torch.NAME(nan, 0.5))", "show(torch.NAME(nan, 0.5, 0))",
            "show(torch.NAME(torch.tensor(2.0), 0.5))", "show(torch.NAME(torch.tensor(2.0), 0.5, dim=0, keepdim=True))",
            "show(torch.NAME(r.t(), 0.6, dim=0))", "show(r.NAME(0.25, dim=-1))", "show(torch.NAME(r.reshape(3, 5, 1), 0.4, 1))",
            "show(torch.NAME(torch.tensor([1.0, 2.0, 3.0, 4.0]), torch.tensor([0.5]), interpolation='lower'))",
            "show(torch.NAME(torch.tensor([1.0, 2.0, 3.0, 4.0]), torch.tensor([0.5, 0.5 - 1 / 6, 0.2]), dim=0, interpolation='higher'))",
            "show(torch.NAME(torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0]), torch.tensor([0.125, 0.375, 0.625, 0.875]), interpolation='nearest'))",
            "show(torch.NAME(r, torch.tensor([0.1, 0.7]), 1, interpolation='midpoint'))", "show(torch.NAME(nan, 0.4, 1, interpolation='midpoint'))",
            "show(torch.NAME(nan, 0.4, 1, interpolation='nearest'))", "o = torch.empty(3)\ntorch.NAME(a, 0.5, 1, out=o)\nshow(o)",
            "torch.NAME(a, 1.5)", "torch.NAME(a, -0.1)", "torch.NAME(a, torch.tensor([0.5, 1.5]))", "torch.NAME(a, torch.tensor([[0.5]]))",
            "torch.NAME(a.long(), 0.5)", "torch.NAME(a, torch.tensor(0.5, dtype=torch.float64))", "torch.NAME(torch.zeros(0), 0.5)",
            "torch.NAME(a, 0.5, dim=2)", "torch.NAME(a, 0.5, interpolation='average')", "torch.NAME(a.half(), 0.5)",
            "torch.NAME(a, float('nan'))", "torch.NAME(a, torch.tensor([float('nan')]))",
        ]):
            case(g, f"{name}/{k}", [f"torch.{name}"] + ([f"Tensor.{name}"] if "r.NAME" in src else []),
                 pre + n + src.replace("NAME", name))


def python_side(case):
    g = "pyside"
    for k, src in enumerate([
        "x = torch.arange(6).reshape(2, 3)\nshow(x.apply_(lambda v: v * 2 + 1))", "x = torch.arange(6.0).reshape(2, 3)\ny = x.apply_(lambda v: v / 3)\nshow(x)\nsame(x, y)",
        "x = torch.arange(6.0).reshape(2, 3)\nshow(x.t().apply_(lambda v: 1))\nshow(x)", "show(torch.tensor([True, False]).apply_(lambda v: not v))",
        "show(torch.arange(3).apply_(lambda v: 2.7))", "show(torch.arange(3, dtype=torch.int8).apply_(lambda v: v + 126))",
        "show(torch.tensor(3).apply_(lambda v: -v))", "show(torch.zeros(0).apply_(lambda v: 1))", "show(torch.arange(4.0).half().apply_(lambda v: v / 3))",
        "seen = []\ntorch.arange(6).reshape(2, 3).t().apply_(lambda v: seen.append(v) or v)\nprint(seen)",
        "torch.ones(2).apply_(lambda v: 's')", "torch.arange(3).apply_(lambda v: None)", "torch.ones(2).apply_(5)",
        "torch.arange(3.0).requires_grad_().apply_(lambda v: v)", "torch.ones(2).apply_(lambda a, b: a)",
        "a = torch.ones(2, 3)\nshow(a.map_(torch.tensor([1.0, 2.0, 3.0]), lambda p, q: p + q * 10))",
        "a = torch.arange(3)\nshow(a.map_(torch.tensor([5, 6, 7]), lambda p, q: p * q))",
        "a = torch.ones(2, 3)\na.map_(torch.ones(3, 2), lambda p, q: p)", "torch.arange(3).map_(torch.tensor([1.5, 2.5, 3.5]), lambda p, q: p * q)",
        "torch.ones(3).map_(torch.ones(3), lambda p: p)", "torch.ones(3).requires_grad_().map_(torch.ones(3), lambda p, q: p)",
    ]):
        ops = (["Tensor.apply_"] if "apply_" in src else []) + (["Tensor.map_"] if "map_" in src else [])
        case(g, f"apply/{k}", ops, src)
    for k, src in enumerate([
        "x = torch.ones(2, 3)\nprint(x.is_shared())\ny = x.share_memory_()\nprint(y is x, x.is_shared(), x[0].is_shared(), x.clone().is_shared(), x.t().is_shared())",
        "x = torch.ones(2)\nprint(x.share_memory_().share_memory_().is_shared())", "print(torch.tensor(1).is_shared())",
    ]):
        case(g, f"shared/{k}", ["Tensor.is_shared"] + (["Tensor.share_memory_"] if "share_memory_" in src else []), src)
    for k, src in enumerate([
        "x = torch.ones(2)\nprint(x.layout, x.layout == torch.strided, x.layout != torch.strided, torch.strided)",
        "print(type(torch.ones(1).layout))", "print(repr(torch.zeros(2, 2).t().layout))",
        "show(torch.zeros(2, layout=torch.strided))", "show(torch.ones(2, 2, layout=torch.strided, dtype=torch.int64))",
    ]):
        case(g, f"layout/{k}", ["Tensor.layout", "torch.strided"] + (["torch.zeros"] if "zeros(2," in src else []) + (["torch.ones"] if "torch.ones(2, 2" in src else []), src)


def sampling(case):
    g = "sampling"
    seed = "torch.manual_seed(0)\n"
    for k, src in enumerate([
        "show(torch.normal(torch.zeros(3), torch.ones(3)))", "show(torch.normal(2.0, 3.0, (2, 2)))", "show(torch.normal(torch.arange(4.0), 2.0))",
        "show(torch.normal(1.0, torch.arange(4.0)))", "show(torch.normal(torch.zeros(2, 1), torch.ones(3)))", "show(torch.normal(torch.zeros(3).double(), torch.ones(3)))",
        "show(torch.normal(0, 1, (3,), dtype=torch.float64))", "show(torch.normal(mean=torch.ones(20), std=0.5))", "show(torch.normal(0., 1., size=(2,)))",
        "show(torch.normal(torch.zeros(3), torch.ones(3).double()))", "show(torch.normal(torch.arange(20.0), torch.arange(20.0) / 10))",
        "show(torch.normal(torch.zeros(17, dtype=torch.float64), 2.0))", "show(torch.normal(3.0, torch.ones(2, 3).t()))", "show(torch.normal(torch.zeros(0), 1.0))",
        "show(torch.normal(1.0, 2.0, (2, 3), requires_grad=True))", "o = torch.empty(4)\ntorch.normal(0.0, 1.0, (4,), out=o)\nshow(o)",
        "torch.normal(torch.zeros(3), -torch.ones(3))", "torch.normal(torch.zeros(3), -1.0)", "torch.normal(0.0, -1.0, (2,))", "torch.normal(0.0, -0.5, (2,))",
        "torch.normal(torch.zeros(3, dtype=torch.long), torch.ones(3))", "torch.normal(torch.zeros(2), torch.ones(3))", "torch.normal('a')",
        "show(torch.normal(torch.zeros(2), torch.ones(2)))\nshow(torch.randn(2))",
    ]):
        case(g, f"normal/{k}", ["torch.normal"], seed + src)
    x = "x = torch.zeros(2, 3)\n"
    for k, src in enumerate([
        "show(torch.randint_like(x, 10))", "show(torch.randint_like(x, 3, 10))", "show(torch.randint_like(x.t(), 3, 10))",
        "show(torch.randint_like(x.long(), 5, dtype=torch.int8))", "show(torch.randint_like(x, torch.tensor(5)))", "show(torch.randint_like(x.bool(), 2))",
        "show(torch.randint_like(x.long(), -2**40, 2**40))", "show(torch.randint_like(x.double(), 0, 2**33))", "show(torch.randint_like(x.long(), 0, 2**29))", "show(torch.randint(0, 2**29, (3,)))", "show(torch.randint_like(x, high=7, low=-7))",
        "show(torch.randint_like(x, 5, requires_grad=True))", "show(torch.randint_like(torch.zeros(0, 2), 5))",
        "torch.randint_like(x, 3, 3)", "torch.randint_like(x, 0)", "torch.randint_like(x, -3)", "torch.randint_like(x.bool(), 3)",
        "torch.randint_like(x.to(torch.uint8), -1, 3)", "torch.randint_like(x, 'a')",
    ]):
        case(g, f"randint_like/{k}", ["torch.randint_like"], seed + x + src)
    for k, src in enumerate([
        "show(torch.zeros(5).random_())", "show(torch.zeros(5, dtype=torch.int64).random_())", "show(torch.zeros(5, dtype=torch.int8).random_())",
        "show(torch.zeros(5, dtype=torch.uint8).random_())", "show(torch.zeros(5, dtype=torch.int16).random_())", "show(torch.zeros(5, dtype=torch.int32).random_())",
        "show(torch.zeros(5, dtype=torch.float64).random_())", "show(torch.zeros(5, dtype=torch.bool).random_())", "show(torch.zeros(5).half().random_())",
        "show(torch.zeros(5).bfloat16().random_())", "show(torch.zeros(5).random_(7))", "show(torch.zeros(5).random_(2, 7))", "show(torch.zeros(5).random_(-3, 7))",
        "show(torch.zeros(5).random_(2**30, 2**40))", "show(torch.zeros(5).random_(0, None))", "show(torch.zeros(5).random_(to=4))",
        "show(torch.zeros(2, 3).t().random_(10))", "y = torch.zeros(2, 4)\ny[:, ::2].random_(10)\nshow(y)", "show(torch.zeros(4, dtype=torch.int8).random_(-5, None))",
        "show(torch.zeros(4, dtype=torch.int32).random_(-2**31, 2**31 - 1))", "show(torch.zeros(4).random_(3, None))", "show(torch.zeros(4).double().random_(2**40, 2**41))",
        "show(torch.zeros(4).half().random_(1000, 5000))", "show(torch.zeros(4).random_(2**24 + 1, 2**24 + 7))", "show(torch.zeros(3, dtype=torch.int64).random_(-2**62 - 2**62, None))", "show(torch.zeros(3).random_(0, 2**29))", "show(torch.zeros(3, dtype=torch.int32).random_(0, 2**28 - 1))",
        "x = torch.zeros(3)\ny = x.random_(4)\nsame(x, y)",
        "torch.zeros(5).random_(7, 2)", "torch.zeros(5).random_(0)", "torch.zeros(5, dtype=torch.int8).random_(0, 300)",
        "torch.zeros(5).half().random_(0, 70000)", "torch.zeros(5).random_(to=4, from_=1)", "torch.zeros(5).random_('a')", "torch.zeros(5, dtype=torch.uint8).random_(-1, 2)",
    ]):
        case(g, f"random_/{k}", ["Tensor.random_"], seed + src)
    st = ("def st():\n    s = torch.get_rng_state()\n    le = lambda bs: sum(b << (8 * i) for i, b in enumerate(bs))\n"
          "    print(s.shape, s.dtype, le(s[0:8].tolist()), le(s[8:12].tolist()), le(s[16:24].tolist()), s[5040].item(), s.sum().item())\n")
    for k, src in enumerate([
        "st()", "torch.manual_seed(3)\nst()", "torch.manual_seed(2**40 + 5)\nst()\nprint(torch.initial_seed())",
        "torch.rand(3)\nst()", "torch.rand(700)\nst()", "torch.randn(3)\nst()", "torch.randn(17)\nst()", "torch.randn(1, dtype=torch.float64)\nst()",
        "torch.randint(0, 10, (5,))\nst()", "torch.randperm(10)\nst()", "F.dropout(torch.ones(20))\nst()", "torch.rand(624)\nst()", "torch.rand(625)\nst()",
        "s = torch.get_rng_state()\na = torch.rand(3)\ntorch.set_rng_state(s)\nprint(torch.equal(torch.rand(3), a))",
        "torch.randn(1, dtype=torch.float64)\ns = torch.get_rng_state()\na = torch.randn(3, dtype=torch.float64)\ntorch.set_rng_state(s)\nshow(torch.randn(3, dtype=torch.float64))\nshow(a)",
        "torch.rand(900)\ns = torch.get_rng_state()\ntorch.manual_seed(1)\ntorch.set_rng_state(s)\nshow(torch.rand(4))\nprint(torch.initial_seed())",
        "s = torch.get_rng_state()\nprint(s[24:40].tolist(), s[-16:].tolist())",
        "torch.set_rng_state(torch.get_rng_state()[:100])", "torch.set_rng_state(torch.get_rng_state()[:5048])",
        "torch.set_rng_state(torch.get_rng_state().long())", "torch.set_rng_state('a')",
        "s = torch.get_rng_state()\ns[8:12] = 0\ntorch.set_rng_state(s)", "s = torch.get_rng_state()\ns[12] = 0\ntorch.set_rng_state(s)",
        "s = torch.get_rng_state()\ns[16:18] = 255\ntorch.set_rng_state(s)",
    ]):
        ops = ["torch.get_rng_state"] + (["torch.set_rng_state"] if "set_rng_state" in src else [])
        case(g, f"rng_state/{k}", ops, seed + st + src)


def arrays(case):
    g = "arrays"
    x = "x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])\n"
    for k, src in enumerate([
        "show(torch.asarray([1, 2, 3]))", "show(torch.asarray([1.5, 2]))", "print(torch.asarray(x) is x)", "show(torch.asarray(x, dtype=torch.float64))",
        "y = torch.asarray(x, copy=True)\nprint(y is x)\nsame(x, y)\nshow(y)", "show(torch.asarray(3))", "print(torch.asarray(x, dtype=torch.float32, copy=False) is x)",
        "torch.asarray(x, dtype=torch.int64, copy=False)", "torch.asarray([[1, 2], [3]])", "show(torch.asarray((True, False)))", "torch.asarray([x[0], x[1]])",
        "show(torch.asarray(x, requires_grad=True))", "show(torch.asarray([1, 2], dtype=torch.float16))", "show(torch.asarray(2.5, device='cpu'))", "torch.asarray('abc')",
        "show(torch.asarray(x.t()))", "show(torch.asarray(x.t(), copy=True))", "show(torch.asarray(x.t(), dtype=torch.int32))", "show(torch.asarray([x[0, 0], x[1, 1]]))",
        "y = torch.asarray(x)\ny[0, 0] = 9\nshow(x)", "show(torch.asarray(range(4)))", "show(torch.asarray([[1, 2], [3, 4]], dtype=torch.float64))",
    ]):
        case(g, f"asarray/{k}", ["torch.asarray"], x + src)
    for k, src in enumerate([
        "show(torch.tensor([x[0, 0], x[1, 1]]))", "show(torch.tensor([[x[0, 0]], [x[1, 1]]]))", "show(torch.tensor([torch.tensor([1.0])]))",
        "torch.tensor([x[0], x[1]])", "show(torch.tensor([torch.tensor(2), 3.5]))", "torch.as_tensor([x[0], x[1]])",
    ]):
        case(g, f"tensor-nested/{k}", ["torch.tensor"] + (["torch.as_tensor"] if "as_tensor" in src else []), x + src)
    for k, src in enumerate([
        "y = torch.empty_strided((2, 3), (1, 2))\nprint(y.shape, y.stride(), y.dtype, y.untyped_storage().size())",
        "y = torch.empty_strided((2, 3), (4, 1))\nprint(y.stride(), y.untyped_storage().size(), y.is_contiguous())",
        "print(torch.empty_strided((2, 3), (3, 1), dtype=torch.int64).dtype)", "print(torch.empty_strided((2,), (0,)).stride())",
        "torch.empty_strided((2, 3), (1,))", "torch.empty_strided((2, -3), (1, 2))", "torch.empty_strided((2, 3), (-1, 2))",
        "show(torch.empty_strided((2, 3), (1, 2)).fill_(1.0))", "print(torch.empty_strided(size=(2, 2), stride=(2, 1), requires_grad=True).requires_grad)",
        "print(torch.empty_strided((0, 3), (3, 1)).shape, torch.empty_strided((0, 3), (3, 1)).untyped_storage().size())",
        "print(torch.empty_strided([], []).shape, torch.empty_strided([], []).untyped_storage().size())",
        "y = torch.empty_strided((3, 2), (1, 3))\ny.copy_(torch.arange(6.0).reshape(3, 2))\nshow(y)\nshow(y.contiguous())",
    ]):
        case(g, f"empty_strided/{k}", ["torch.empty_strided"], src)
    # linspace's fused steps on ranges that round (the hand-picked ones in `creation` mostly do not).
    for k, n in enumerate([5, 11, 16, 17, 37, 70]):
        for dt in ["", ", dtype=torch.float64"]:
            src = f"torch.manual_seed({k})\na, b = (torch.randn(2, dtype=torch.float64) * 10).tolist()\nshow(torch.linspace(a, b, {n}{dt}))"
            case(g, f"linspace/{k}{dt[9:]}", ["torch.linspace"], src)


def index_reduce(case):
    g = "index_reduce"
    pre = ("x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.5, -2.0, 0.5]])\n"
           "src = torch.tensor([[2.0, 0.5, -1.0], [3.0, 3.0, 3.0], [0.25, 4.0, -2.0], [1.0, 1.0, 1.0], [-5.0, 6.0, 0.0]])\n"
           "idx = torch.tensor([0, 2, 0, 3, 2])\n")
    k = 0
    for red in ["prod", "mean", "amax", "amin"]:
        for inc in ["", ", include_self=False"]:
            for form in ["torch.index_reduce(x, 0, idx, src, '{r}'{i})", "x.index_reduce(0, idx, src, '{r}'{i})",
                         "x.t().index_reduce(1, idx, src.t(), '{r}'{i})", "x.long().index_reduce(0, idx, (src * 2).long(), '{r}'{i})",
                         "x.double().index_reduce(0, idx, src.double(), '{r}'{i})", "x[:, 0].index_reduce(0, idx, src[:, 1], '{r}'{i})",
                         "x.index_reduce(1, torch.tensor([2, 2, 0]), src[:4], '{r}'{i})", "x.half().index_reduce(0, idx, src.half(), '{r}'{i})",
                         "x.int()[:, 0].index_reduce(0, idx, src.int()[:, 0] - 1, '{r}'{i})"]:
                src = "show(" + form.format(r=red, i=inc) + ")"
                ops = ["torch.index_reduce"] if src.startswith("show(torch.") else ["Tensor.index_reduce"]
                case(g, f"index_reduce/{red}/{k}", ops, pre + src)
                k += 1
    for k, src in enumerate([
        "y = x.clone()\nz = y.index_reduce_(0, idx, src, 'prod')\nshow(y)\nsame(y, z)", "y = x.clone()\ny.index_reduce_(0, idx, src, 'mean', include_self=False)\nshow(y)",
        "show(torch.tensor([1.0, float('nan'), 3.0]).index_reduce(0, torch.tensor([0, 1, 0]), torch.tensor([float('nan'), 2.0, 5.0]), 'amax'))",
        "show(torch.tensor([1.0, float('nan'), 3.0]).index_reduce(0, torch.tensor([0, 1, 0]), torch.tensor([float('nan'), 2.0, 5.0]), 'amin'))",
        "show(x.index_reduce(0, idx.int(), src, 'amax'))", "show(torch.tensor(2.0).index_reduce(0, torch.tensor([0, 0]), torch.tensor([3.0, 4.0]), 'prod'))",
        "show(x.index_reduce(0, torch.tensor([], dtype=torch.long), src[:0], 'mean'))", "show(x.index_reduce(-2, idx, src, 'mean'))",
        "o = torch.empty(4, 3)\ntorch.index_reduce(x, 0, idx, src, 'amin', out=o)\nshow(o)",
        "x.index_reduce(0, idx, src, 'sum')", "x.index_reduce(0, idx, src.double(), 'prod')", "x.index_reduce(0, idx.float(), src, 'prod')",
        "x.index_reduce(0, idx[:3], src, 'prod')", "x.index_reduce(0, torch.tensor([0, 9, 0, 3, 2]), src, 'prod')", "x.index_reduce(0, idx.reshape(5, 1), src, 'prod')",
        "x.index_reduce(0, idx, src[:, :2], 'prod')", "x.index_reduce(3, idx, src, 'prod')", "x[:, 0].index_reduce(0, idx, src, 'prod')",
        "x.index_reduce(0, torch.tensor([0, -1, 0, 3, 2]), src, 'prod')",
        "x.index_reduce(0, torch.tensor([0, 9, 0, 3, 2]), src, 'prod', include_self=False)",
        "x.index_reduce(0, torch.tensor([0, -1, 0, 3, 2]), src, 'amin', include_self=False)",
        "torch.zeros(3).index_reduce(0, torch.tensor([1]), torch.tensor(5.0), 'amax')",
        "show(torch.tensor(2.0).index_reduce(0, torch.tensor([0]), torch.tensor(5.0), 'mean', include_self=False))",
    ]):
        ops = ["torch.index_reduce"] if "torch.index_reduce" in src else (["Tensor.index_reduce_"] if "reduce_(" in src else ["Tensor.index_reduce"])
        case(g, f"index_reduce/more/{k}", ops, pre + src)


def histograms(case):
    g = "histogram"
    pre = "x = torch.tensor([1.0, 2.0, 1.0, 4.0, 2.5, 3.0])\ntorch.manual_seed(0)\nr = torch.randn(200)\n"
    for k, src in enumerate([
        "show(torch.histogram(x, 4))", "show(torch.histogram(x, torch.tensor([0.0, 1.5, 3.0, 5.0])))", "show(x.histogram(3, range=(0., 6.)))",
        "show(torch.histogram(x, 2, weight=torch.tensor([1., 2., 3., 4., 5., 6.]), density=True))", "torch.histogram(x, 0)",
        "torch.histogram(x.long(), 3)", "torch.histogram(x, torch.tensor([0.0, 1.5]).double())", "torch.histogram(x, 3, range=(5., 1.))",
        "torch.histogram(x, 3, range=(1., float('inf')))", "show(torch.histogram(torch.zeros(0), 3))", "show(torch.histogram(torch.full((3,), 2.0), 2))",
        "show(torch.histogram(x, torch.tensor([3.0, 1.0, 2.0])))", "torch.histogram(x, 3, weight=torch.ones(5))", "show(torch.histogram(x.reshape(2, 3), 3))",
        "torch.histogram(x, -1)", "torch.histogram(x, 3, range=(1.,))", "torch.histogram(x, torch.tensor([[0.0, 1.0]]))", "torch.histogram(x, torch.tensor(1.0))",
        "show(torch.histogram(x.double(), 5, density=True))", "show(torch.histogram(r, 10))", "show(torch.histogram(r, 7, density=True))",
        "show(torch.histogram(r.double(), 13, range=(-1.5, 2.0)))", "show(torch.histogram(r, torch.tensor([-2.0, -0.5, 0.0, 0.1, 3.0])))",
        "show(torch.histogram(r, 9, weight=r.abs()))", "show(torch.histogram(r.reshape(20, 10).t(), 6))", "show(torch.histogram(r))",
        "h, e = torch.histogram(x, 3)\nshow(h)\nshow(e)\nprint(type(torch.histogram(x, 2)).__name__)", "r = torch.histogram(x, 3)\nshow(r.hist)\nshow(r.bin_edges)",
        "show(torch.histogram(torch.tensor([0.0, float('nan'), 1.0]), torch.tensor([0.0, 0.5, 1.0])))", "torch.histogram(torch.tensor([0.0, float('nan')]), 2)",
        "show(torch.histogram(x, bins=3, range=[2, 3]))", "torch.histogram(x, 3, weight=torch.ones(6).double())",
        "h = torch.empty(3)\ne = torch.empty(4)\nres = torch.histogram(x, 3, out=(h, e))\nshow(h)\nshow(e)",
    ]):
        ops = ["Tensor.histogram"] if "x.histogram" in src else ["torch.histogram"]
        case(g, f"histogram/{k}", ops, pre + src)


def gradients(case):
    g = "gradient"
    pre = ("torch.manual_seed(0)\nv = torch.tensor([1.0, 2.0, 4.0, 8.0, 10.0, 9.5])\nm = torch.randn(4, 5)\n"
           "i = torch.tensor([[1, 2, 4, 7], [3, 9, 27, 81], [0, -1, 5, 2]])\ncx = torch.tensor([0.0, 1.0, 1.5, 3.5, 4.0, 6.0])\n")
    for k, src in enumerate([
        "show(torch.gradient(v))", "show(torch.gradient(v, spacing=2))", "show(torch.gradient(v, spacing=0.5, edge_order=2))",
        "show(torch.gradient(v, spacing=[3.0]))", "show(torch.gradient(v, spacing=(cx,)))", "show(torch.gradient(v, spacing=(cx,), edge_order=2))",
        "show(torch.gradient(m))", "show(torch.gradient(m, dim=1))", "show(torch.gradient(m, dim=-2, edge_order=2))", "show(torch.gradient(m, dim=[0, 1]))",
        "show(torch.gradient(m, spacing=2.0, dim=[1]))", "show(torch.gradient(m, spacing=[1.0, 2.0]))", "show(torch.gradient(m, spacing=[2], dim=0))",
        "show(torch.gradient(m, spacing=[2, 3], dim=[1, 0]))", "show(torch.gradient(m, spacing=(torch.arange(4.0) ** 2, torch.arange(5.0) * 0.5)))",
        "show(torch.gradient(m, spacing=(torch.tensor([0.0, 1.0, 3.0, 4.0, 7.0]),), dim=1, edge_order=2))",
        "show(torch.gradient(m, spacing=[torch.tensor([0, 2, 3, 7])], dim=[0]))", "show(torch.gradient(m.t()))", "show(torch.gradient(m[:, ::2]))",
        "show(torch.gradient(i))", "show(torch.gradient(i, spacing=2))", "show(torch.gradient(i, edge_order=2, dim=1))", "show(torch.gradient(i, spacing=[2, 3]))",
        "show(torch.gradient(i, spacing=(torch.tensor([0, 1, 3]), torch.tensor([0, 2, 3, 5]))))", "show(torch.gradient(i.double(), spacing=1.5))",
        "show(torch.gradient(i.to(torch.int8)))", "show(torch.gradient(v.half()))", "show(torch.gradient(v.double(), spacing=(cx.double(),)))",
        "show(torch.gradient(v, spacing=(cx.double(),)))", "show(torch.gradient(torch.tensor([True, False, True])))", "show(torch.gradient(torch.ones(2, 3, 4), dim=2))",
        "show(torch.gradient(v, spacing=True))", "show(torch.gradient(torch.zeros(3, 0), dim=0))",
        "torch.gradient(i.to(torch.uint8))", "torch.gradient(v, spacing=[1.0, 2.0])", "torch.gradient(m, spacing=[1.0], dim=[0, 1])",
        "torch.gradient(v, edge_order=3)", "torch.gradient(torch.tensor([1.0, 2.0]), edge_order=2)", "torch.gradient(torch.tensor([1.0]))",
        "torch.gradient(m, dim=2)", "torch.gradient(m, dim=[0, 0])", "torch.gradient(v, spacing=(torch.ones(2, 3),))", "torch.gradient(v, spacing='a')",
        "torch.gradient(v, 2.0)", "torch.gradient(torch.tensor(3.0))", "torch.gradient(m, spacing=(cx,), dim=1)",
    ]):
        case(g, f"gradient/{k}", ["torch.gradient"], pre + src)


def cdists(case):
    g = "cdist"
    pre = "torch.manual_seed(0)\n"
    srcs = []
    for m in [1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 33]:
        for dt in ["float32", "float64"]:
            srcs.append(f"a = torch.randn(6, {m}, dtype=torch.{dt})\nb = torch.randn(5, {m}, dtype=torch.{dt})\nshow(torch.cdist(a, b))")
    for p in ["0.0", "1.0", "0.5", "3.0", "float('inf')", "1.5"]:
        for dt in ["float32", "float64"]:
            srcs.append(f"a = torch.randn(4, 6, dtype=torch.{dt})\nb = torch.randn(3, 6, dtype=torch.{dt})\nb[0, 2] = a[1, 2]\nshow(torch.cdist(a, b, p={p}))")
    srcs += [
        "a = torch.randn(2, 3, 4)\nb = torch.randn(2, 5, 4)\nshow(torch.cdist(a, b))", "a = torch.randn(3, 1, 4, 5)\nb = torch.randn(2, 3, 5)\nshow(torch.cdist(a, b, p=1))",
        "a = torch.randn(4, 3).t()\nb = torch.randn(5, 4)[:, ::2]\nshow(torch.cdist(a, b[:, :2].contiguous().t().t(), p=2))",
        "a = torch.randn(5, 3)\nshow(torch.cdist(a, a))", "a = torch.randn(30, 4)\nb = torch.randn(6, 4)\nshow(torch.cdist(a, b, compute_mode='donot_use_mm_for_euclid_dist'))",
        "a = torch.randn(30, 4)\nb = torch.randn(6, 4)\nshow(torch.cdist(a, b, p=1))", "a = torch.randn(2, 40, 3)\nb = torch.randn(2, 4, 3)\nshow(torch.cdist(a, b, p=3, compute_mode='use_mm_for_euclid_dist'))",
        "show(torch.cdist(torch.zeros(0, 3), torch.ones(2, 3)))", "show(torch.cdist(torch.ones(2, 0), torch.ones(3, 0)))", "show(torch.cdist(torch.ones(0, 2, 3), torch.ones(2, 3)))",
        "a = torch.tensor([[float('nan'), 1.0], [2.0, float('inf')]])\nb = torch.tensor([[0.0, 1.0], [1.0, 2.0]])\nshow(torch.cdist(a, b, p=float('inf')))\nshow(torch.cdist(a, b, p=0))\nshow(torch.cdist(a, b))",
        "show(torch.cdist(torch.ones(2, 3), torch.ones(2, 3), 2))",
        "torch.cdist(torch.ones(3), torch.ones(2, 3))", "torch.cdist(torch.ones(2, 3), torch.ones(3))", "torch.cdist(torch.ones(2, 3), torch.ones(2, 4))",
        "torch.cdist(torch.ones(2, 3, dtype=torch.long), torch.ones(2, 3))", "torch.cdist(torch.ones(2, 3), torch.ones(2, 3).double())",
        "torch.cdist(torch.ones(2, 3).half(), torch.ones(2, 3).half())", "torch.cdist(torch.ones(2, 3), torch.ones(2, 3), p=-1.0)",
        "torch.cdist(torch.ones(2, 3), torch.ones(2, 3), compute_mode='fast')", "torch.cdist(torch.ones(2, 3), torch.ones(2, 3), p='a')",
        "torch.cdist([1.0], torch.ones(2, 3))", "torch.cdist(torch.ones(2, 2, 3), torch.ones(3, 2, 3))",
    ]
    for k, src in enumerate(srcs):
        case(g, f"cdist/{k}", ["torch.cdist"], pre + src)


def bags(case):
    g = "embedding_bag"
    pre = ("torch.manual_seed(0)\nw = torch.randn(10, 3)\ni = torch.tensor([1, 2, 4, 5, 4, 3, 2, 9])\no = torch.tensor([0, 4])\n"
           "i2 = torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]])\nps = torch.rand(8)\n")
    for k, src in enumerate([
        "show(F.embedding_bag(i, w, o))", "show(F.embedding_bag(i, w, o, mode='sum'))", "show(F.embedding_bag(i, w, o, mode='max'))",
        "show(F.embedding_bag(i2, w))", "show(F.embedding_bag(i2, w, mode='max'))", "show(F.embedding_bag(i, w, torch.tensor([0, 2, 2, 7])))",
        "show(F.embedding_bag(i, w, torch.tensor([0, 2, 2, 7]), mode='max'))", "show(F.embedding_bag(i, w, torch.tensor([0, 3, 8]), include_last_offset=True))",
        "show(F.embedding_bag(i, w, o, mode='sum', per_sample_weights=ps))", "show(F.embedding_bag(i2, w, mode='sum', per_sample_weights=ps.reshape(2, 4)))",
        "show(F.embedding_bag(i, w, o, padding_idx=4))", "show(F.embedding_bag(i, w, o, padding_idx=-6, mode='sum'))", "show(F.embedding_bag(i, w, o, padding_idx=2, mode='max'))",
        "show(F.embedding_bag(torch.tensor([2, 2]), w, torch.tensor([0]), padding_idx=2))", "show(F.embedding_bag(i.int(), w, o.int()))", "show(F.embedding_bag(i, w, o.int()))",
        "show(F.embedding_bag(i, w.double(), o))", "show(F.embedding_bag(i, w.double(), o, mode='sum', per_sample_weights=ps.double()))", "show(F.embedding_bag(i, w.half(), o, mode='sum'))",
        "show(F.embedding_bag(i, w.t().contiguous().t(), o))", "show(F.embedding_bag(torch.tensor([], dtype=torch.long), w, torch.tensor([0, 0])))",
        "show(F.embedding_bag(w, i, o))", "show(F.embedding_bag(i, w, torch.tensor([0, 4, 8]), include_last_offset=False))",
        "w2 = torch.randn(50, 17)\nj = torch.randint(0, 50, (40,))\nshow(F.embedding_bag(j, w2, torch.tensor([0, 5, 19, 33]), mode='mean'))",
        "w2 = torch.randn(50, 17)\nj = torch.randint(0, 50, (40,))\nshow(F.embedding_bag(j, w2, torch.tensor([0, 5, 19, 33]), mode='sum', per_sample_weights=torch.rand(40)))",
        "F.embedding_bag(i, w, torch.tensor([1, 4]))", "F.embedding_bag(i, w, torch.tensor([0, 9]))", "F.embedding_bag(torch.tensor([1, 12]), w, torch.tensor([0]))",
        "F.embedding_bag(i.float(), w, o)", "F.embedding_bag(i, w.long(), o)", "F.embedding_bag(i, w, torch.tensor([], dtype=torch.long), include_last_offset=True)",
        "F.embedding_bag(i, w, o, per_sample_weights=ps.double(), mode='sum')", "F.embedding_bag(torch.tensor([-1, 2]), w, torch.tensor([0]))",
        "F.embedding_bag(i, w, o, padding_idx=20)", "F.embedding_bag(i, w, o, per_sample_weights=ps)", "F.embedding_bag(i, w, o, per_sample_weights=ps[:3], mode='sum')",
        "F.embedding_bag(i, w[0], o)", "F.embedding_bag(i2, w, o)", "F.embedding_bag(i, w)", "F.embedding_bag(i, w, o.reshape(1, 2))", "F.embedding_bag(i2[None], w)",
        "F.embedding_bag(i, w, o, mode='min')", "F.embedding_bag(i, w, o, mode='max', scale_grad_by_freq=True)", "F.embedding_bag(i, w, o, mode='max', sparse=True)",
        "show(F.embedding_bag(i, w, o, max_norm=1.0))\nshow(w)", "show(F.embedding_bag(i, w, o, max_norm=0.5, norm_type=1.0, mode='sum'))\nshow(w)",
        "show(F.embedding(i, w, max_norm=1.2))\nshow(w)", "show(F.embedding(i2, w, max_norm=2, norm_type=3))\nshow(w)",
    ]):
        ops = ["torch.nn.functional.embedding"] if "F.embedding(" in src else ["torch.nn.functional.embedding_bag"]
        case(g, f"embedding_bag/{k}", ops, pre + src)
    mods = "torch.manual_seed(0)\n"
    for k, src in enumerate([
        "m = nn.EmbeddingBag(10, 3)\nprint(m)\nshow(m.weight)\nshow(m(torch.tensor([1, 2, 4, 5, 4, 3, 2, 9]), torch.tensor([0, 4])))",
        "m = nn.EmbeddingBag(10, 3, mode='sum', padding_idx=-2, max_norm=1.5, norm_type=1.0, scale_grad_by_freq=True)\nprint(m)\nshow(m.weight)\nshow(m(torch.tensor([[1, 8], [3, 4]])))",
        "m = nn.EmbeddingBag(5, 2, mode='max', include_last_offset=True)\nshow(m(torch.tensor([0, 1, 4]), torch.tensor([0, 2, 3])))",
        "m = nn.EmbeddingBag(6, 4, mode='sum')\nshow(m(torch.tensor([[0, 5, 5], [1, 2, 3]]), per_sample_weights=torch.rand(2, 3)))",
        "print(nn.Sequential(nn.EmbeddingBag(4, 2, padding_idx=0), nn.Linear(2, 1)))", "m = nn.EmbeddingBag(4, 2)\nprint(m.mode, m.sparse, m.include_last_offset, m.padding_idx, m.max_norm, m.norm_type)",
        "m = nn.EmbeddingBag(3, 2, _weight=torch.ones(3, 2))\nshow(m(torch.tensor([[0, 2]])))",
        "m = nn.EmbeddingBag(4, 2)\nm.requires_grad_(False)\nshow(m(torch.tensor([[0, 1]])))",
        "nn.EmbeddingBag(4, 2, padding_idx=4)", "nn.EmbeddingBag(4, 2, padding_idx=-5)", "nn.EmbeddingBag(3, 2, _weight=torch.ones(2, 2))",
        "nn.EmbeddingBag(4, 2)(torch.tensor([0, 1]))", "nn.EmbeddingBag(4, 2, mode='min')(torch.tensor([[0, 1]]))",
    ]):
        case(g, f"EmbeddingBag/{k}", ["torch.nn.EmbeddingBag"], mods + src)


def products_order(case):
    """torch.prod's order of multiplications (binary_kernel_reduce_vec): four vector accumulators over
    adjacent elements, one by one elsewhere; every dtype whose last bits show it, across the block sizes
    (32 float32, 16 float64, 64 half) and layouts."""
    g = "prod_order"
    pre = "torch.manual_seed(0)\n"
    srcs = []
    for dt in ["float32", "float64", "float16", "bfloat16"]:
        mk = f"(torch.rand({{}}) * 0.2 + 0.9).to(torch.{dt})"
        for n in [15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 129, 300, 1000]:
            srcs.append(f"x = {mk.format(n)}\nshow(x.prod())")
        srcs += [
            f"x = {mk.format('6, 150')}\nshow(x.prod(1))\nshow(x.prod(0))\nshow(x.prod(-1, keepdim=True))",
            f"x = {mk.format('6, 150')}\nshow(x.t().prod())\nshow(x.t().prod(0))\nshow(x.t().prod(1))",
            f"x = {mk.format('6, 150')}\nshow(x[:, :70].prod())\nshow(x[:, ::2].prod())\nshow(x[::2].prod(1))",
            f"x = {mk.format('3, 40, 50')}\nshow(x.prod(1))\nshow(x.prod())\nshow(torch.prod(x, 2, dtype=torch.float64))",
            f"x = {mk.format('70')}\nshow(x.expand(5, 70).prod())\nshow(x.expand(5, 70).prod(1))\nshow(x[:, None].expand(70, 3).prod(0))",
            f"x = {mk.format('2, 3, 60')}\nshow(x.permute(2, 0, 1).prod())\nshow(x.permute(1, 2, 0).prod(1))\nshow(x.transpose(0, 1).prod(2))",
        ]
    srcs += [
        "x = torch.rand(40) * 0.2 + 0.9\nshow(x.prod(dtype=torch.float64))\nshow(torch.prod(x.double(), 0, dtype=torch.float32))",
        "x = torch.rand(5, 40) * 3\nx[2, 7] = 0.0\nx[3, 33] = float('inf')\nx[4, 1] = float('nan')\nshow(x.prod(1))\nshow(x.prod())",
        "x = torch.randn(1, 100)\nshow(x.prod(1))\nshow(x.prod(0))",
    ]
    for k, src in enumerate(srcs):
        case(g, f"prod/{k}", ["torch.prod", "Tensor.prod"] if "torch.prod" in src else ["Tensor.prod"], pre + src)


def lerps(case):
    """torch.lerp with a weight tensor (one weight per element after broadcasting the three operands; its
    dtype must be the input's) and with a number or 0-d weight, over the float dtypes, both halves of
    ATen's formula (|weight| below and from 0.5), layouts, the forms and the dtype errors."""
    g = "lerp"
    pre = "torch.manual_seed(0)\na = torch.randn(3, 20)\nb = torch.randn(3, 20) * 4\nw = torch.rand(3, 20) * 3 - 1\n"
    srcs = []
    for dt in ["float32", "float64", "float16", "bfloat16"]:
        cv = f".to(torch.{dt})"
        srcs += [
            f"show(torch.lerp(a{cv}, b{cv}, w{cv}))",
            f"show(torch.lerp(a{cv}, b{cv}, 0.3))\nshow(torch.lerp(a{cv}, b{cv}, 0.7))\nshow(torch.lerp(a{cv}, b{cv}, -1.25))",
            f"show(a{cv}.lerp(b{cv}[0], w{cv}[:, :1]))",
            f"show(torch.lerp(a{cv}.t(), b{cv}.t(), w{cv}[0, :3]))",
            f"show(torch.lerp(a{cv}, b{cv}, torch.tensor(0.75, dtype=torch.float64)))",
        ]
    srcs += [
        "show(torch.lerp(a, b, w.double()))",
        "show(torch.lerp(a, b.double(), w))",
        "show(torch.lerp(a, b.double(), 0.5))",
        "show(torch.lerp(a.long(), b.long(), w.long()))",
        "show(torch.lerp(a.long(), b.long(), 0.5))",
        "show(torch.lerp(a, b, w > 0))",
        "show(torch.lerp(a, b, w[:, :7]))",
        "show(torch.lerp(a[0], b[:, :1], w[:2, None, :]))",
        "show(torch.lerp(a, b, torch.tensor(1)))",
        "show(torch.lerp(a, b, torch.tensor([0.5])))",
        "show(torch.lerp(a, b, weight=w))",
        "show(torch.lerp(input=a, end=b, weight=0.25))",
        "show(a.lerp(b, w))\nshow(a.lerp(end=b, weight=w))",
        "o = torch.empty(3, 20)\nr = torch.lerp(a, b, w, out=o)\nshow(o)\nsame(r, o)",
        "x = torch.tensor([float('nan'), float('inf'), -0.0, 1.0, 2.0])\ny = torch.tensor([1.0, float('-inf'), 0.0, float('inf'), float('nan')])\n"
        "show(torch.lerp(x, y, torch.tensor([0.0, 0.5, 1.0, 0.25, 0.75])))\nshow(torch.lerp(x, y, 0.5))",
        "show(torch.lerp(a[:, ::3], b[:, 1::3], w[:, 2::3]))",
        "show(torch.lerp(a, b, w.expand(2, 3, 20)))",
        "show(torch.lerp(torch.zeros(0, 3), torch.ones(3), torch.ones(1, 3)))",
    ]
    for k, src in enumerate(srcs):
        ops = ["torch.lerp"] if "torch.lerp" in src else ["Tensor.lerp"]
        case(g, f"lerp/{k}", ops, pre + src)
