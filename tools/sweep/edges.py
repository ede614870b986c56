"""Sweep cases for the edges a learner's experiments hit (issue 15, classes 1 and 2): the order of
PyTorch's checks and their words (matmul's mixed dtypes, addmm, amax/aminmax of empty tensors, index
dtypes, nll_loss's target, mse_loss and layer_norm on integers, zeros/eye with negative sizes), Python
indexing with True/False and the position PyTorch names in an index error, setitem's expansion, memory
formats, the in-place clamps, torch.device and the generator torch.manual_seed returns."""

G = "edges"


def register(case, inp):
    products(case)
    empties(case)
    indexing(case)
    formats(case)
    clamps(case, inp)
    losses(case)
    unbatched_losses(case)
    generators(case)
    objects(case)
    walks(case)
    layer_norms(case)
    powers(case)
    names(case)
    reduced_softmax(case)
    spatial_losses(case)
    attention_checks(case)
    norm_tails(case)
    function_types(case)
    grad_nodes(case)
    learner_errors(case)
    tie_breaks(case)
    quoted_defaults(case)
    reduction_grad_nodes(case)
    sdpa_checks(case)
    special_namespace(case)
    rounding(case)
    tensor_data(case)


def products(case):
    shapes = {"v3": "(3,)", "v4": "(4,)", "m23": "(2, 3)", "m24": "(2, 4)", "m34": "(3, 4)", "m43": "(4, 3)",
              "b234": "(2, 3, 4)", "b243": "(2, 4, 3)", "b253": "(2, 5, 3)", "b223": "(2, 2, 3)"}
    pairs = [("v3", "v3"), ("v3", "v4"), ("m23", "v3"), ("m24", "v3"), ("v3", "m34"), ("v4", "m34"), ("m23", "m34"),
             ("m23", "m43"), ("m23", "b234"), ("b234", "m43"), ("b234", "b243"), ("b234", "b253"), ("b223", "v3"),
             ("v3", "b234")]
    dtypes = [("float32", "int64"), ("int64", "float32"), ("float32", "float64"), ("int32", "int64"), ("float64", "float32")]
    for a, b in pairs:
        for da, db in dtypes:
            src = (f"a = torch.ones{shapes[a]}.to(torch.{da})\nb = torch.ones{shapes[b]}.to(torch.{db})\n")
            case(G, f"matmul/{a}-{b}/{da}-{db}", ["torch.matmul"], src + "show(torch.matmul(a, b))")
    for k, (s, m1, m2) in enumerate([
            ("torch.ones(1)", "torch.ones(2, 3)", "torch.ones(4, 3)"),
            ("torch.ones(1)", "torch.ones(2, 3)", "torch.ones(3, 4).long()"),
            ("torch.ones(1).long()", "torch.ones(2, 3)", "torch.ones(3, 4)"),
            ("torch.ones(1)", "torch.ones(2, 3).long()", "torch.ones(3, 4)"),
            ("torch.ones(1)", "torch.ones(3)", "torch.ones(3, 4)"),
            ("torch.ones(1)", "torch.ones(2, 3)", "torch.ones(3)"),
            ("torch.ones(5)", "torch.ones(2, 3)", "torch.ones(3, 4)"),
            ("torch.ones(2, 1)", "torch.ones(2, 3)", "torch.ones(3, 4)"),
            ("torch.ones(3, 4)", "torch.ones(2, 3)", "torch.ones(3, 4)")]):
        case(G, f"addmm/{k}", ["torch.addmm"], f"show(torch.addmm({s}, {m1}, {m2}))")
        case(G, f"addmm/{k}/scaled", ["torch.addmm"], f"show(torch.addmm({s}, {m1}, {m2}, beta=2, alpha=0.5))")
    for k, (a, b) in enumerate([("torch.ones(3)", "torch.ones(3).long()"), ("torch.ones(4)", "torch.ones(3).long()"),
                                ("torch.ones(4)", "torch.ones(3)"), ("torch.ones(3).double()", "torch.ones(3)")]):
        case(G, f"dot/{k}", ["torch.dot"], f"show(torch.dot({a}, {b}))")
    for k, (a, b) in enumerate([("torch.ones(2, 4)", "torch.ones(3).long()"), ("torch.ones(2, 3)", "torch.ones(3).long()"),
                                ("torch.ones(2, 3).long()", "torch.ones(3)")]):
        case(G, f"mv/{k}", ["torch.mv"], f"show(torch.mv({a}, {b}))")
    for k, (a, b) in enumerate([("torch.ones(2, 3, 4)", "torch.ones(2, 4, 3).long()"),
                                ("torch.ones(2, 3, 4).double()", "torch.ones(2, 4, 3).int()"),
                                ("torch.ones(2, 3, 4)", "torch.ones(2, 5, 3).long()")]):
        case(G, f"bmm/{k}", ["torch.bmm"], f"show(torch.bmm({a}, {b}))")


def empties(case):
    inputs = {"i1": "torch.tensor([], dtype=torch.int64)", "f03": "torch.zeros(0, 3)", "f30": "torch.zeros(3, 0)",
              "f203": "torch.zeros(2, 0, 3)"}
    dims = ["(0, -1)", "(0, 1)", "(1, -1)", "(1, 0)", "(-2,)", "(2, 1)", "(0, 5)", "(0, 0)", "()", "0", "-1"]
    for name, x in inputs.items():
        for k, d in enumerate(dims):
            for op in ["amax", "amin"]:
                case(G, f"{op}/{name}/{k}", [f"torch.{op}"], f"x = {x}\nshow(torch.{op}(x, {d}))")
                case(G, f"{op}/{name}/{k}/keep", [f"Tensor.{op}"], f"x = {x}\nshow(x.{op}(dim={d}, keepdim=True))")
        for d in ["None", "0", "1", "-1", "2"]:
            case(G, f"aminmax/{name}/{d}", ["torch.aminmax"], f"x = {x}\nshow(torch.aminmax(x, dim={d}))")


def indexing(case):
    x = "x = torch.arange(24).reshape(2, 3, 4)\n"
    for k, idx in enumerate(["0, 5", "1, 2, 7", ":, 5", "..., 9", "None, 0, 9", "..., 0, 9", "None, None, 5",
                             "torch.tensor([0]), 5", "0, torch.tensor([0]), 9", "True, 5", "True", "False", "True, 0",
                             "None, True", "0, True", "torch.tensor(True)", "torch.tensor(False)", "True, False",
                             "..., True", "0, ..., False", "torch.tensor(1)", "torch.tensor(True), 1",
                             "True, torch.tensor([1, 0])", "[True, False]", "-3", "0, -4"]):
        case(G, f"getitem/{k}", [], x + f"r = x[{idx}]\nshow(r)\nsame(r, x)")
    for k, (idx, v) in enumerate([(":, :, 1", "torch.tensor([1, 2])"), ("0", "torch.ones(4, 4)"),
                                  ("0", "torch.ones(2, 3, 4)"), ("0", "torch.ones(1, 1, 3, 4)"),
                                  ("0", "torch.ones(1, 3, 1)"), ("0", "torch.tensor(5)"), ("True", "torch.zeros(2, 3, 4)"),
                                  ("False", "torch.ones(1)"), ("0, 1", "torch.ones(1, 1, 4)"), (":, 1", "torch.ones(2, 1)"),
                                  ("...", "torch.ones(4)"), (":, 1", "torch.ones(3)")]):
        case(G, f"setitem/{k}", [], x + f"x[{idx}] = {v}\nshow(x)")
    f = "x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\n"
    for k, ix in enumerate(["torch.tensor([[0.0]])", "torch.tensor([[True]])", "torch.tensor([[0]], dtype=torch.int32)",
                            "torch.tensor([[0]], dtype=torch.uint8)", "torch.tensor([[0]], dtype=torch.int16)",
                            "torch.zeros(0, 1)", "torch.tensor([[0, 0, 0, 0]])"]):
        case(G, f"gather/{k}", ["torch.gather"], f + f"show(torch.gather(x, 1, {ix}))")
        case(G, f"index_fill/{k}", ["Tensor.index_fill"], f + f"show(x.index_fill(1, {ix}[0], 2.0))")
    for k, (m, v) in enumerate([("torch.tensor([True, False])", "torch.tensor([5.0])"),
                                ("torch.tensor([True, False, True])", "torch.tensor([5.0])"),
                                ("torch.tensor([True, False, True])", "torch.tensor([5.0, 6.0])"),
                                ("torch.tensor([[True], [False]])", "torch.tensor([5.0])")]):
        case(G, f"masked_fill/{k}", ["torch.masked_fill"], f + f"show(torch.masked_fill(x, {m}, {v}))")
        case(G, f"masked_fill_/{k}", ["Tensor.masked_fill_"], f + f"show(x.masked_fill_({m}, {v}))")
    for k, args in enumerate(["0", "1", "2"]):
        case(G, f"topk/0d/{k}", ["torch.topk"], f"show(torch.topk(torch.tensor(2.5), {args}))")
        case(G, f"topk/0d/{k}/smallest", ["Tensor.topk"], f"show(torch.tensor(-1).topk({args}, largest=False))")


def formats(case):
    for name in ["contiguous_format", "preserve_format", "channels_last", "channels_last_3d"]:
        case(G, f"format/{name}", [f"torch.{name}"],
             f"f = torch.{name}\nprint(f, repr(f), type(f), f == torch.{name}, f == torch.contiguous_format)")
    tensors = {"c4": "torch.arange(24.).reshape(1, 2, 3, 4)", "t2": "torch.arange(6.).reshape(2, 3).t()",
               "cl4": "torch.arange(24.).reshape(1, 2, 3, 4).to(memory_format=torch.channels_last)",
               "p4": "torch.arange(24.).reshape(2, 3, 4, 1).permute(0, 3, 1, 2)", "s": "torch.ones(1, 3, 1, 1)",
               "c5": "torch.arange(24.).reshape(1, 2, 3, 2, 2)"}
    for tn, src in tensors.items():
        pre = f"x = {src}\n"
        for name in ["contiguous_format", "preserve_format", "channels_last", "channels_last_3d"]:
            fmt = f"memory_format=torch.{name}"
            case(G, f"clone/{tn}/{name}", ["Tensor.clone"], pre + f"r = x.clone({fmt})\nshow(r)\nsame(r, x)")
            case(G, f"clone/{tn}/{name}/torch", ["torch.clone"], pre + f"show(torch.clone(x, {fmt}))")
            case(G, f"contiguous/{tn}/{name}", ["Tensor.contiguous"], pre + f"r = x.contiguous({fmt})\nshow(r)\nsame(r, x)\nprint(r is x)")
            case(G, f"is_contiguous/{tn}/{name}", ["Tensor.is_contiguous"], pre + f"print(x.is_contiguous({fmt}))")
            case(G, f"to/{tn}/{name}", ["Tensor.to"], pre + f"r = x.to({fmt})\nshow(r)\nprint(r is x)")
            case(G, f"to/{tn}/{name}/dtype", ["Tensor.to"], pre + f"show(x.to(torch.float64, {fmt}))")
            for like in ["empty_like", "zeros_like", "ones_like", "full_like"]:
                extra = ", 2.0" if like == "full_like" else ""
                case(G, f"{like}/{tn}/{name}", [f"torch.{like}"],
                     pre + f"r = torch.{like}(x{extra}, {fmt})\nprint(r.shape, r.stride())")


def clamps(case, inp):
    for name in ["i", "f", "ft", "b"]:
        for op, bound in [("clamp_min_", "0.5"), ("clamp_min_", "1"), ("clamp_max_", "0.5"), ("clamp_max_", "2"),
                          ("clamp_min_", "torch.tensor(0.5)"), ("clamp_max_", "torch.tensor([1, 2, 3])"),
                          ("clamp_min_", "torch.tensor([[0.5], [1.5]])"), ("clamp_max_", "True")]:
            pre = inp(name) + "y = x.clone()\n"
            case(G, f"{op}/{name}/{bound}", [f"Tensor.{op}"], pre + f"r = y.{op}({bound})\nshow(y)\nsame(r, y)")
            case(G, f"{op}/{name}/{bound}/torch", [f"torch.{op}"], pre + f"r = torch.{op}(y, {bound})\nshow(y)")
        for k, args in enumerate(["None, 0.5", "-1.5, 2", "-1, 2", "min=0.5", "max=torch.tensor(1.5)",
                                  "torch.tensor([0, 1, 2]), None", "True, None", "0, 1"]):
            pre = inp(name) + "y = x.clone()\n"
            case(G, f"clip_/{name}/{k}", ["Tensor.clip_"], pre + f"r = y.clip_({args})\nshow(y)\nsame(r, y)")
            case(G, f"clamp_/{name}/{k}", ["Tensor.clamp_"], pre + f"r = y.clamp_({args})\nshow(y)\nsame(r, y)")
    pairs = [("i", "f"), ("f", "i"), ("f", "f.double()"), ("i.int()", "i"), ("i", "i"), ("f", "f"), ("b", "b")]
    for k, (a, b) in enumerate(pairs):
        pre = "i = torch.tensor([[-3, 0, 2], [5, -1, 7]])\nf = torch.tensor([[-1.5, 0.0, 2.25], [3.0, -0.5, 1.0]])\n"
        pre += "b = i > 0\n"
        case(G, f"allclose/{k}", ["torch.allclose"], pre + f"show(torch.allclose({a}, {b}))")
        case(G, f"allclose/{k}/method", ["Tensor.allclose"], pre + f"show({a}.allclose({b}, equal_nan=True))")
    case(G, "allclose/nan", ["torch.allclose"],
         "a = torch.tensor([1.0, float('nan')])\nshow(torch.allclose(a, a))\nshow(torch.allclose(a, a, equal_nan=True))")


def losses(case):
    x = "x = torch.tensor([[1.0, 2.0, 0.5], [0.1, -1.0, 3.0]]).log_softmax(-1)\n"
    for k, t in enumerate(["torch.tensor([[0.5]])", "torch.tensor([[0]])", "torch.tensor([0.0, 1.0])",
                           "torch.tensor([[0.2, 0.3, 0.5], [1.0, 0.0, 0.0]])", "torch.tensor([[0, 1], [1, 2]])",
                           "torch.tensor([0, 1, 2])", "torch.tensor([2, 0])", "torch.tensor(1)"]):
        case(G, f"nll_loss/{k}", ["torch.nn.functional.nll_loss"], x + f"show(F.nll_loss(x, {t}))")
        case(G, f"cross_entropy/{k}", ["torch.nn.functional.cross_entropy"], x + f"show(F.cross_entropy(x, {t}))")
    for k, (a, b, red) in enumerate([("[1, 2]", "[1, 3]", "mean"), ("[1, 2]", "[1, 3]", "sum"), ("[1, 2]", "[1, 3]", "none"),
                                     ("[1, 2]", "[1., 3.]", "mean"), ("[True]", "[True]", "mean"),
                                     ("[1, 2]", "[1, 3, 4]", "mean"), ("[1.5, 2.]", "[1, 3]", "sum")]):
        case(G, f"mse_loss/{k}", ["torch.nn.functional.mse_loss"],
             f"show(F.mse_loss(torch.tensor({a}), torch.tensor({b}), reduction='{red}'))")
    for k, (x, w, b) in enumerate([("torch.arange(4)", "None", "None"), ("torch.arange(4).int()", "None", "None"),
                                   ("torch.tensor([True, False, True, True])", "None", "None"),
                                   ("torch.arange(4)", "torch.ones(4)", "torch.ones(4)"),
                                   ("torch.arange(4.)", "torch.ones(4).long()", "None"),
                                   ("torch.arange(4.).double()", "torch.ones(4)", "None"),
                                   ("torch.arange(4.)", "None", "torch.zeros(4).double()"),
                                   ("torch.arange(4.).half()", "torch.ones(4)", "torch.zeros(4)")]):
        case(G, f"layer_norm/{k}", ["torch.nn.functional.layer_norm"], f"show(F.layer_norm({x}, (4,), {w}, {b}))")


def objects(case):
    for k, f in enumerate(["zeros", "ones", "empty", "rand", "randn", "full"]):
        extra = ", 2.0" if f == "full" else ""
        for size in ["-1", "(2, -3)", "(0,)"]:
            case(G, f"{f}/{size}", [f"torch.{f}"], f"r = torch.{f}({size}{extra})\nprint(r.shape)")
    for k, args in enumerate(["-1", "2, -1", "0", "3, 0", "2, 3"]):
        case(G, f"eye/{k}", ["torch.eye"], f"show(torch.eye({args}))")
    for k, args in enumerate(["2", "2, 3", "-1", "torch.Size([2, 3])", "[2, 3]", "(2,)", "[]", "0"]):
        for ctor in ["Tensor", "FloatTensor", "LongTensor"]:
            case(G, f"{ctor}/{k}", [f"torch.{ctor}"], f"r = torch.{ctor}({args})\nprint(r.shape, r.dtype)")
    for k, args in enumerate(["'cpu'", "'cpu:0'", "'cpu', 0", "'cpu', 1", "type='cpu'", "torch.device('cpu')"]):
        case(G, f"device/{k}", ["torch.device"],
             f"d = torch.device({args})\nprint(d, repr(d), d.type, d.index, type(d))\n"
             "print(d == torch.device('cpu'), d == torch.device('cpu', 0), d != torch.device('cpu'))")
    case(G, "device/tensor", ["Tensor.device"],
         "x = torch.ones(2)\nprint(x.device, repr(x.device), x.device.type, x.device == torch.device('cpu'))\n"
         "print(torch.ones(2, device=x.device).device, x.to(x.device).device)")
    case(G, "device/dict", ["torch.device"], "d = {torch.device('cpu'): 1}\nprint(d[torch.device('cpu')])")
    case(G, "generator", ["torch.manual_seed"],
         "g = torch.manual_seed(3)\nprint(type(g).__name__, type(g), g.initial_seed())\nr = g.manual_seed(5)\n"
         "print(r is g, torch.initial_seed())\nprint(torch.rand(2))")
    case(G, "state_dict", ["torch.nn.Module.state_dict"],
         "torch.manual_seed(0)\nm = nn.Linear(3, 2)\nsd = m.state_dict()\nprint(type(sd).__name__, sd.keys())\n"
         "print(type(sd.values()).__name__, type(sd.items()).__name__, list(sd)[0])")
    case(G, "parameter/type", ["torch.nn.Parameter"],
         "p = nn.Parameter(torch.ones(2))\nprint(type(p), type(p).__name__, type(p * 2).__name__, type(p.data).__name__)\n"
         "print(isinstance(p, nn.Parameter), isinstance(p * 2, nn.Parameter), nn.Parameter)")
    for k, v in enumerate(["1", "1.5", "'a'", "[1]", "(1,)", "{1: 2}", "{1}", "None", "{}.keys()", "{}.items()",
                           "torch.ones(1)", "torch.float32", "torch.Size([2])", "range(3)", "True"]):
        case(G, f"class/{k}", [], f"v = {v}\nprint(v.__class__, v.__class__.__name__, v.__class__ is type(v))")


def unbatched_losses(case):
    """A `[C]` input with one class index (0-d or 1-D of size 1) or `[C]` probabilities: a batch of one."""
    x = "x = torch.tensor([0.5, -1.0, 2.0, 0.1])\n"
    targets = ["torch.tensor(2)", "torch.tensor([1])", "torch.tensor(-100)", "torch.tensor([-100])", "torch.tensor(0)",
               "torch.tensor(7)", "torch.tensor([1, 2])", "torch.tensor([], dtype=torch.long)", "torch.tensor([[1]])",
               "torch.tensor(1.)", "torch.tensor([1., 2.])", "torch.tensor(2, dtype=torch.int32)",
               "torch.tensor([0.1, 0.2, 0.3, 0.4])", "torch.tensor([0.1, 0.2, 0.3])"]
    options = ["", ", reduction='none'", ", reduction='sum'", ", weight=torch.tensor([1., 2., 3., 4.])",
               ", ignore_index=2", ", label_smoothing=0.2", ", weight=torch.tensor([1., 2., 3., 4.]), label_smoothing=0.3, reduction='none'"]
    for k, t in enumerate(targets):
        for j, opt in enumerate(options):
            if "label_smoothing" not in opt:
                case(G, f"unbatched/nll_loss/{k}/{j}", ["torch.nn.functional.nll_loss"],
                     x + f"show(F.nll_loss(F.log_softmax(x, 0), {t}{opt}))")
            case(G, f"unbatched/cross_entropy/{k}/{j}", ["torch.nn.functional.cross_entropy"],
                 x + f"show(F.cross_entropy(x, {t}{opt}))")
        case(G, f"unbatched/CrossEntropyLoss/{k}", ["torch.nn.CrossEntropyLoss"],
             x + f"show(nn.CrossEntropyLoss()(x, {t}))")
        case(G, f"unbatched/NLLLoss/{k}", ["torch.nn.NLLLoss"], x + f"show(nn.NLLLoss(reduction='none')(x, {t}))")


def generators(case):
    """`torch.Generator()`: its own MT19937 state (c10's default seed until `manual_seed`), which an op
    given `generator=` draws from, leaving the default generator where it was."""
    draws = {
        "rand": "torch.rand(3, generator=g)", "randn": "torch.randn(2, 2, generator=g)",
        "randint": "torch.randint(0, 10, (4,), generator=g)", "randint-high": "torch.randint(5, (3,), generator=g)",
        "randperm": "torch.randperm(6, generator=g)", "normal": "torch.normal(0.0, 1.0, (3,), generator=g)",
        "normal-tensor": "torch.normal(torch.zeros(3), torch.ones(3), generator=g)",
        "normal_": "torch.zeros(3).normal_(generator=g)", "uniform_": "torch.zeros(3).uniform_(-1, 1, generator=g)",
        "bernoulli": "torch.bernoulli(torch.full((5,), 0.5), generator=g)",
        "bernoulli_": "torch.zeros(4).bernoulli_(0.3, generator=g)",
        "multinomial": "torch.multinomial(torch.tensor([0.2, 0.3, 0.5]), 4, replacement=True, generator=g)",
        "exponential_": "torch.zeros(3).exponential_(generator=g)", "random_": "torch.zeros(3).random_(0, 9, generator=g)",
        "poisson": "torch.poisson(torch.full((3,), 2.0), generator=g)",
    }
    for name, draw in draws.items():
        for seed in ["", "g.manual_seed(0)\n", "g.manual_seed(1234)\n"]:
            src = ("torch.manual_seed(7)\ng = torch.Generator()\n" + seed + f"show({draw})\nshow({draw})\n"
                   "show(torch.rand(2))\n")
            case(G, f"generator/{name}/{len(seed)}", ["torch.Generator"], src)
    case(G, "generator/object", ["torch.Generator"],
         "g = torch.Generator()\nprint(type(g), g.device, g.initial_seed())\nprint(g.manual_seed(3) is g, g.initial_seed())\n"
         "g2 = torch.Generator(device='cpu')\nprint(g2.initial_seed())\n")
    case(G, "generator/state", ["torch.Generator"],
         "g = torch.Generator().manual_seed(0)\ns = g.get_state()\na = torch.rand(3, generator=g)\n"
         "print(g.set_state(s) is g)\nprint(torch.equal(a, torch.rand(3, generator=g)))\nprint(s.dtype, s.shape)\n")
    case(G, "generator/same-as-seeded-default", ["torch.Generator"],
         "torch.manual_seed(0)\na = torch.randn(4)\ng = torch.Generator().manual_seed(0)\nprint(torch.equal(a, torch.randn(4, generator=g)))\n")
    case(G, "generator/default", ["torch.default_generator"],
         "torch.default_generator.manual_seed(5)\na = torch.rand(2)\ntorch.manual_seed(5)\nprint(torch.equal(a, torch.rand(2)))\n"
         "print(torch.rand(2, generator=torch.default_generator))\nprint(torch.default_generator.initial_seed())\n")
    case(G, "generator/bad", ["torch.Generator"], "print(torch.rand(2, generator=3))\n")


def walks(case):
    """Sums and means over dims of permuted, stepped, expanded and channels-last tensors, and GELU of
    non-contiguous ones, at 1 to 4 threads: the results depend on the order TensorIterator walks the
    elements in and on how its threads share them (the tutor's `walk` module)."""
    summary = ("def summary(r):\n    print(tuple(r.shape), r.stride(), r.dtype)\n"
               "    f = r.flatten()\n    print(f[:: max(1, f.numel() // 40)].tolist())\n")
    inputs = {
        "perm": "torch.randn(8, 64, 70, dtype=D).permute(2, 0, 1)",
        "step": "torch.randn(8, 64, 70, dtype=D)[..., ::3]",
        "t": "torch.randn(8, 64, 70, dtype=D).transpose(1, 2)",
        "cl": "torch.randn(2, 16, 32, 33, dtype=D).contiguous(memory_format=torch.channels_last)",
        "exp": "torch.randn(1, 64, 70, dtype=D).expand(8, 64, 70)",
        "small": "torch.randn(2, 3, 4, dtype=D).permute(1, 2, 0)",
    }
    reductions = ["x.sum((0, 2))", "x.sum(1)", "x.mean((-1, -2))", "x.sum()", "x.mean()", "x.sum(0)",
                  "x.sum((0, 1), keepdim=True)"]
    for dt in ["float32", "float64"]:
        for name, make in inputs.items():
            for t in [1, 2, 3, 4]:
                src = (summary + f"torch.set_num_threads({t})\ntorch.manual_seed(0)\nD = torch.{dt}\nx = {make}\n"
                       + "".join(f"summary({r})\n" for r in reductions) + "torch.set_num_threads(1)\n")
                case(G, f"walk/{dt}/{name}/{t}", ["torch.sum", "torch.mean"], src)
    gelu_inputs = {
        "t": "torch.randn(40, 33).t() * 3", "t3": "torch.randn(8, 128, 64).transpose(0, 2) * 3",
        "step": "torch.randn(40, 33)[:, ::2] * 3", "rows": "torch.randn(40, 33)[::2] * 3",
        "exp": "torch.randn(1, 37).expand(5, 37) * 3", "big": "torch.randn(200, 100).t() * 3",
        "tiny": "torch.tensor([[-1.5, 0.0, 2.25], [3.0, -0.5, 1.0]]).t()",
    }
    for name, make in gelu_inputs.items():
        for t in [1, 2, 3]:
            src = (summary + f"torch.set_num_threads({t})\ntorch.manual_seed(0)\nx = {make}\nsummary(F.gelu(x))\n"
                   "summary(F.gelu(x, approximate='none'))\ntorch.set_num_threads(1)\n")
            case(G, f"walk/gelu/{name}/{t}", ["torch.nn.functional.gelu"], src)


def layer_norms(case):
    """float64 LayerNorm (RowwiseMoments on 4-lane double vectors, the fused forms of the float kernel)
    over rows of many lengths, with and without weight and bias; LayerNorm's `dtype=`."""
    for n in [1, 3, 5, 8, 17, 64, 65, 257, 1000]:
        src = (f"torch.manual_seed(0)\nx = torch.randn(3, {n}, dtype=torch.float64) * 5 + 2\n"
               f"w = torch.randn({n}, dtype=torch.float64)\nb = torch.randn({n}, dtype=torch.float64)\n"
               f"print(F.layer_norm(x, ({n},)).flatten().tolist()[:: max(1, {n} // 9)])\n"
               f"print(F.layer_norm(x, ({n},), w, b).flatten().tolist()[:: max(1, {n} // 9)])\n"
               f"print(F.layer_norm(x, ({n},), w).flatten().tolist()[:: max(1, {n} // 9)])\n"
               f"print(F.layer_norm(x, ({n},), None, b, eps=1e-3).flatten().tolist()[:: max(1, {n} // 9)])\n")
        case(G, f"layer_norm/float64/{n}", ["torch.nn.functional.layer_norm", "torch.float64"], src)
    case(G, "LayerNorm/dtype", ["torch.nn.LayerNorm", "torch.float64"],
         "m = nn.LayerNorm(6, dtype=torch.float64)\nprint(m.weight.dtype, m.bias.dtype)\n"
         "show(m(torch.arange(12.0, dtype=torch.float64).reshape(2, 6) / 3))\n"
         "torch.set_default_dtype(torch.float64)\nprint(nn.LayerNorm(3).weight.dtype)\ntorch.set_default_dtype(torch.float32)\n"
         "print(nn.LayerNorm(4, dtype=torch.float16).weight)\n")
    case(G, "LayerNorm/dtype-bad", ["torch.nn.LayerNorm"], "nn.LayerNorm(3, dtype=3)\n")


def powers(case):
    """`pow` and `atan2` as PowKernel and BinaryOpsKernel compute them: SLEEF on the vectorised blocks of
    16 (float32) or 8 (float64) of each contiguous run, C's pow/powf/atan2f on the rest, the special
    exponents of a number exponent; layouts that vectorise or not, and thread counts that cut the range."""
    summary = ("def summary(r):\n    print(tuple(r.shape), r.stride(), r.dtype)\n"
               "    f = r.flatten()\n    print(f[:: max(1, f.numel() // 60)].tolist())\n")
    bases = {
        "flat": "torch.rand(53, dtype=D) * 4",
        "t": "(torch.rand(6, 40, dtype=D) * 4).t()",
        "rows": "torch.rand(5, 37, dtype=D)[:, 2:] * 4",
        "step": "(torch.rand(90, dtype=D) * 4)[::2]",
        "neg": "torch.randn(48, dtype=D) * 3",
    }
    for dt in ["float32", "float64"]:
        for name, make in bases.items():
            src = (summary + f"torch.manual_seed(0)\nD = torch.{dt}\nx = {make}\n"
                   "y = torch.randn(x.shape, dtype=D) * 3\n"
                   "for e in [1.7, 4, -2, -0.5, 3, 2, -1, 2.5, -3.25]:\n    summary(x ** e)\n"
                   "summary(torch.pow(x, y))\nsummary(torch.pow(x, y.round()))\nsummary(1.5 ** y)\n"
                   "summary(torch.pow(x, torch.tensor(0.3, dtype=D)))\n"
                   "summary(torch.atan2(x, y))\nsummary(torch.atan2(y, x[..., :1]))\n")
            case(G, f"pow/{dt}/{name}", ["torch.pow", "torch.atan2"], src)
        src = (f"D = torch.{dt}\nx = torch.tensor([0.0, -0.0, float('inf'), -float('inf'), float('nan'), 1.0, -1.0, 2.0, -2.0, 0.5, "
               "1e-30, -1e30, 3.0, -0.25, 1e-40, 7.0], dtype=D)\n"
               "y = torch.tensor([0.5, -1.5, 2.0, 3.0, 1.0, float('nan'), float('inf'), -float('inf'), 3.0, -2.0, 0.0, 1e10, "
               "-1e-10, 33.0, 1.5, -7.0], dtype=D)\n"
               "for a in [x, y]:\n    for b in [x, y]:\n        print(torch.pow(a, b).tolist())\n        print(torch.atan2(a, b).tolist())\n"
               "print((x ** 2.5).tolist(), (x ** -3).tolist(), (2.0 ** x).tolist())\n")
        case(G, f"pow/{dt}/special", ["torch.pow", "torch.atan2"], src)
    for t in [1, 2, 3]:
        src = (summary + f"torch.set_num_threads({t})\ntorch.manual_seed(0)\nx = torch.rand(70001) * 3\n"
               "y = torch.randn(70001)\nsummary(x ** 1.37)\nsummary(torch.pow(x, y))\nsummary(torch.atan2(y, x))\n"
               "print((x ** 1.37)[34990:35020].tolist())\nprint(torch.pow(x, y)[23325:23345].tolist())\n"
               "torch.set_num_threads(1)\n")
        case(G, f"pow/threads/{t}", ["torch.pow", "torch.atan2"], src)


def names(case):
    """Names learners print or call once: the version string, `clip` and `clamp_`, `torch.seed`."""
    case(G, "names/version", ["torch.__version__"],
         "v = torch.__version__\nprint(v.split('+')[0].split(' ')[0], v >= '2.0', isinstance(v, str))\n")
    case(G, "names/clip", ["Tensor.clip", "torch.clamp_"],
         "x = torch.tensor([[1.0, -2.0, 3.0], [0.5, 4.0, -0.25]])\n"
         "print(x.clip(-1, 2), x.clip(min=0), x.clip(max=1.5), x.clip(torch.tensor([0.0, -1.0, 2.0])))\n"
         "print(torch.clamp_(x, -1, 1), x)\ny = torch.arange(6).reshape(2, 3)\nprint(y.clip(1, 4), torch.clamp_(y, max=2))\n"
         "x.clip()\n")
    case(G, "names/seed", ["torch.seed", "torch.initial_seed"],
         "s = torch.seed()\nprint(type(s).__name__, s >= 0, torch.initial_seed() == s)\n"
         "torch.manual_seed(0)\nprint(torch.initial_seed(), torch.rand(2))\n")


def reduced_softmax(case):
    """Softmax of float16 and bfloat16 over a dim that is not the last (`_vec_softmax` for reduced
    types: float exps divided by the float sum on blocks of 16 columns, exps rounded to the type on the
    other columns), with the columns shared among 1 to 3 threads; log-softmax over the last dim (the sum
    and its log stored in the type)."""
    shapes = [("(2, 4)", 0), ("(3, 40)", 0), ("(2, 5, 37)", 1), ("(4, 3, 16)", 0), ("(2, 3, 20)", 1), ("(6, 50)", 0),
              ("(2, 7, 3, 5)", 1)]
    for dt in ["float16", "bfloat16"]:
        for t in [1, 2, 3]:
            src = f"torch.set_num_threads({t})\ntorch.manual_seed(0)\n"
            for shape, d in shapes:
                src += (f"x = (torch.randn{shape} * 4).to(torch.{dt})\n"
                        f"print(torch.softmax(x, {d}).flatten().tolist())\n")
            src += "torch.set_num_threads(1)\n"
            case(G, f"softmax/{dt}/dims/{t}", ["torch.softmax", f"torch.{dt}"], src)
        src = "torch.manual_seed(0)\n"
        for n in [1, 3, 4, 8, 9, 15, 16, 17, 24, 31, 32, 33, 40, 100]:
            src += f"x = (torch.randn(3, {n}) * 4).to(torch.{dt})\nprint(torch.log_softmax(x, -1).flatten().tolist())\n"
        src += f"print(F.log_softmax((torch.randn(2, 3, 1) * 3).to(torch.{dt}), 1).flatten().tolist())\n"
        case(G, f"xlogy/{dt}", ["torch.xlogy", "torch.nn.functional.kl_div", f"torch.{dt}"],
             f"torch.manual_seed(0)\nx = (torch.rand(40) * 3).to(torch.{dt})\ny = (torch.rand(40) * 5).to(torch.{dt})\n"
             "print(torch.xlogy(x, y).tolist(), torch.xlogy(x, 2.5).tolist())\n"
             "print(torch.xlogy(torch.tensor([0.0, 1.0, 2.0, 0.0], dtype=x.dtype), torch.tensor([0.0, float('nan'), 0.0, -1.0], dtype=x.dtype)).tolist())\n"
             "p = torch.softmax(x.reshape(4, 10).float(), -1).to(x.dtype)\n"
             "print(F.kl_div(torch.log_softmax(y.reshape(4, 10), -1), p, reduction='none').tolist())\n")
        case(G, f"log_softmax/{dt}/lastdim", ["torch.log_softmax", "torch.nn.functional.log_softmax", f"torch.{dt}"], src)


def spatial_losses(case):
    """Class-index and probability losses over inputs with dims after the classes (`[N, C, d1, ...]`, a
    sequence's logits transposed), with ATen's target checks for them (nll_loss_nd, nll_loss2d)."""
    inputs = {
        "n3": "torch.manual_seed(0)\nx = torch.randn(2, 3, 4)\n",
        "n4": "torch.manual_seed(0)\nx = torch.randn(2, 3, 2, 2)\n",
        "n5": "torch.manual_seed(0)\nx = torch.randn(1, 3, 2, 1, 2)\n",
        "seq": "torch.manual_seed(0)\nx = torch.randn(2, 5, 7).transpose(1, 2)\n",
        "wide": "torch.manual_seed(0)\nx = torch.randn(4, 11, 300)\n",
    }
    targets = {
        "n3": ["torch.tensor([[0, 1, 2, 1], [2, 2, 0, -100]])", "torch.zeros(2, 5, dtype=torch.long)",
               "torch.zeros(3, 4, dtype=torch.long)", "torch.zeros(2, 4, dtype=torch.int)", "torch.zeros(2, dtype=torch.long)",
               "torch.full((2, 4), 3)", "torch.zeros(2, 4, 1, dtype=torch.long)", "torch.tensor(0)"],
        "n4": ["torch.tensor([[[0, 1], [2, 1]], [[2, 2], [0, 1]]])", "torch.zeros(2, 2, dtype=torch.long)",
               "torch.zeros(2, 2, 3, dtype=torch.long)", "torch.zeros(2, 2, 2, dtype=torch.int)", "torch.full((2, 2, 2), 5)"],
        "n5": ["torch.zeros(1, 2, 1, 2, dtype=torch.long)", "torch.zeros(1, 2, 2, dtype=torch.long)"],
        "seq": ["torch.tensor([[1, 2, 3, 0, 0], [4, 5, 6, 6, 0]])"],
        "wide": ["torch.randint(0, 11, (4, 300))"],
    }
    for name, pre in inputs.items():
        for k, t in enumerate(targets[name]):
            for red in ["mean", "sum", "none"]:
                case(G, f"spatial_nll/{name}/{k}/{red}", ["torch.nn.functional.nll_loss"],
                     pre + f"show(F.nll_loss(x.log_softmax(1), {t}, reduction='{red}'))")
                case(G, f"spatial_ce/{name}/{k}/{red}", ["torch.nn.functional.cross_entropy"],
                     pre + f"show(F.cross_entropy(x, {t}, reduction='{red}'))")
    t3 = "torch.tensor([[0, 1, 2, 1], [2, 2, 0, -100]])"
    for k, extra in enumerate([", label_smoothing=0.1", ", weight=torch.tensor([1., 2., 3.])",
                               ", weight=torch.tensor([1., 2., 3.]), label_smoothing=0.2, reduction='none'",
                               ", weight=torch.tensor([1., 2., 3.]), label_smoothing=0.2", ", ignore_index=1, label_smoothing=0.3, reduction='sum'",
                               ", weight=torch.ones(4)"]):
        case(G, f"spatial_ce_options/{k}", ["torch.nn.functional.cross_entropy"],
             inputs["n3"] + f"show(F.cross_entropy(x, {t3}{extra}))")
    p = "p = torch.softmax(torch.randn(2, 3, 4), 1)\n"
    for k, extra in enumerate(["", ", reduction='none'", ", reduction='sum'", ", label_smoothing=0.1, weight=torch.tensor([1., 2., 3.])"]):
        case(G, f"spatial_ce_probs/{k}", ["torch.nn.functional.cross_entropy"],
             inputs["n3"] + p + f"show(F.cross_entropy(x, p{extra}))")
    for k, (a, b) in enumerate([("torch.tensor(1.)", "torch.tensor(0)"), ("torch.tensor(1.)", "torch.tensor([0])"),
                                ("torch.tensor(1.)", "torch.tensor(0.5)")]):
        case(G, f"loss_0d/ce/{k}", ["torch.nn.functional.cross_entropy"], f"show(F.cross_entropy({a}, {b}))")
        case(G, f"loss_0d/nll/{k}", ["torch.nn.functional.nll_loss"], f"show(F.nll_loss({a}, {b}))")
    case(G, "spatial_modules/0", ["torch.nn.CrossEntropyLoss", "torch.nn.NLLLoss"],
         inputs["seq"] + "t = torch.tensor([[1, 2, 3, 0, 0], [4, 5, 6, 6, 0]])\n"
         "show(nn.CrossEntropyLoss(ignore_index=0)(x, t))\nshow(nn.NLLLoss(reduction='none')(x.log_softmax(1), t))")


def attention_checks(case):
    """scaled_dot_product_attention's refusal of an explicit mask together with is_causal."""
    pre = "torch.manual_seed(0)\nq = torch.randn(1, 2, 3, 4)\n"
    for k, mask in enumerate(["torch.ones(3, 3, dtype=torch.bool)", "torch.zeros(3, 3)"]):
        case(G, f"sdpa_causal_mask/{k}", ["torch.nn.functional.scaled_dot_product_attention"],
             pre + f"show(F.scaled_dot_product_attention(q, q, q, attn_mask={mask}, is_causal=True))")
    for shape in ["(3, 4)", "(2, 3, 4)", "(1, 2, 3, 4)", "(1, 1, 2, 3, 4)"]:
        for extra in ["", ", is_causal=True"]:
            case(G, f"sdpa_grad_fn/{shape}{extra}", ["torch.nn.functional.scaled_dot_product_attention"],
                 f"q = torch.ones{shape}.requires_grad_()\nr = F.scaled_dot_product_attention(q, q, q{extra})\n"
                 "print(r.requires_grad, r.grad_fn.name())\n"
                 "with torch.no_grad():\n    print(F.scaled_dot_product_attention(q, q, q).grad_fn)")
    # A query row with every key masked attends to nothing: zeros (ATen's `_safe_softmax`), at every rank.
    # (Equal scores keep the other rows exact: PyTorch's flash kernel is not bit-exact otherwise.)
    for shape in ["(2, 2)", "(1, 2, 2)", "(1, 1, 2, 2)", "(1, 1, 1, 2, 2)"]:
        for k, mask in enumerate(["torch.tensor([[False, False], [True, True]])",
                                  "torch.tensor([[float('-inf'), float('-inf')], [0.0, 0.0]])",
                                  "torch.tensor([[True, False], [False, False]])"]):
            case(G, f"sdpa_masked_row/{shape}/{k}", ["torch.nn.functional.scaled_dot_product_attention"],
                 f"torch.manual_seed(0)\nq = torch.ones{shape}\nv = torch.randn{shape}\n"
                 f"show(F.scaled_dot_product_attention(q, q, v, attn_mask={mask}))")
    case(G, "sdpa_masked_row/nan", ["torch.nn.functional.scaled_dot_product_attention"],
         "q = torch.tensor([[1.0, float('nan')], [1.0, 2.0]])\nshow(F.scaled_dot_product_attention(q, q, q))")
    case(G, "sdpa_masked_row/half", ["torch.nn.functional.scaled_dot_product_attention"],
         "q = torch.ones(1, 2, 2).half()\nshow(F.scaled_dot_product_attention(q, q, q, attn_mask=torch.tensor([[False, False], [True, True]])))")
    case(G, "sdpa_causal_mask/1d", ["torch.nn.functional.scaled_dot_product_attention"],
         "q = torch.ones(3)\nshow(F.scaled_dot_product_attention(q, q, q, attn_mask=torch.ones(3), is_causal=True))")


def norm_tails(case):
    """The vectorised 2-norm over a contiguous last dim at every tail length (the lanes, then the leftover
    squares as GCC compiles them), float32 and float64, one output and one per row."""
    for dtype in ["float32", "float64"]:
        for n in range(1, 21):
            pre = f"torch.manual_seed({n})\nx = torch.randn(6, {n}, dtype=torch.{dtype})\n"
            case(G, f"norm_tail/{dtype}/{n}/rows", ["Tensor.norm"], pre + "show(x.norm(dim=1))")
            case(G, f"norm_tail/{dtype}/{n}/all", ["Tensor.norm"], pre + "show(x[0].norm())")


def function_types(case):
    """type() of every exposed function of torch, torch.nn.functional, torch.nn.init, torch.linalg and
    torch.nn.utils.rnn: `function` where PyTorch writes it in Python, else `builtin_function_or_method`."""
    import inspect
    from pathlib import Path

    import torch
    import torch.nn.utils.rnn  # noqa: F401

    exposed = (Path(__file__).resolve().parents[2] / "tests" / "data" / "sweep" / "exposed.txt").read_text().split()
    for module in ["torch.nn.functional", "torch.nn.init", "torch.linalg", "torch.nn.utils.rnn", "torch"]:
        owner = eval(module)
        names = sorted(n.rpartition(".")[2] for n in exposed if n.rpartition(".")[0] == module)
        names = [n for n in names if inspect.isfunction(getattr(owner, n, None))
                 or inspect.isbuiltin(getattr(owner, n, None))]
        for k in range(0, len(names), 40):
            chunk = names[k:k + 40]
            case(G, f"function_types/{module}/{k // 40}", [f"{module}.{n}" for n in chunk],
                 f"import torch.nn.utils.rnn\nfor n in {chunk!r}:\n"
                 f"    print(n, type(getattr({module}, n)).__name__)")


def grad_nodes(case):
    """The grad_fn of ops whose result a learner prints while a parameter requires grad: sorts and
    selections, amax/amin, where, flips and rolls, the transpose properties, norms and dropout (MulBackward0
    on the CPU, or the input itself, its own node kept, outside training)."""
    pre = "y = torch.arange(6.).view(2, 3).requires_grad_() * 2\nw = torch.ones(2, 3, 4, requires_grad=True) * 2\n"
    calls = {
        "Tensor.T": "y.T", "Tensor.mT": "w.mT", "Tensor.H": "y.H", "Tensor.mH": "y.mH",
        "Tensor.sort": "y.sort(descending=True).values", "Tensor.msort": "y.msort()", "Tensor.topk": "y.topk(2).values",
        "Tensor.kthvalue": "y.kthvalue(1).values", "Tensor.median": "y.median()", "Tensor.nanmedian": "y.nanmedian()",
        "Tensor.mode": "y.mode().values", "Tensor.amax": "y.amax(dim=0)", "Tensor.amin": "y.amin(1)",
        "Tensor.logsumexp": "y.logsumexp(1)", "torch.where": "torch.where(y > 1, y, 0.)", "Tensor.roll": "y.roll(1)",
        "Tensor.flip": "y.flip(0)", "Tensor.fliplr": "y.fliplr()", "Tensor.flipud": "y.flipud()",
        "Tensor.rot90": "y.rot90()", "Tensor.cumprod": "y.cumprod(0)", "Tensor.cummax": "y.cummax(0).values",
        "Tensor.cummin": "y.cummin(0).values", "Tensor.nansum": "y.nansum()", "Tensor.norm": "y.norm(dim=-1)",
        "torch.norm": "torch.norm(y, p='fro')", "torch.nn.functional.dropout": "F.dropout(y, 0.5, training=False)",
        "torch.nn.RMSNorm": "nn.RMSNorm(3)(y)",
    }
    for k, (op, call) in enumerate(calls.items()):
        case(G, f"grad_nodes/{op}/{k}", [op],
             pre + f"r = {call}\nprint(r.requires_grad, r.is_leaf, r.grad_fn.name())\n"
             f"with torch.no_grad():\n    print({call}.requires_grad)")
    case(G, "grad_nodes/median_dim", ["Tensor.median"], pre + "print(y.median(dim=0).values.grad_fn.name())")
    case(G, "grad_nodes/dropout", ["torch.nn.functional.dropout"],
         pre + "torch.manual_seed(0)\nr = F.dropout(y, 0.5)\nprint(r, r is y)\nprint(F.dropout(y, 0.0) is y, "
         "F.dropout(y, training=False) is y)\nd = nn.Dropout(0.2)\nprint(d(y).grad_fn.name())\nd.eval()\n"
         "print(d(y).grad_fn.name())")
    case(G, "grad_nodes/in_list", ["torch.ones"],
         "a = torch.ones(2)\nb = torch.ones(2)\nc = torch.tensor(1.)\nprint(a in [a], c in [torch.tensor(1.)], "
         "3 in [torch.tensor(3)], [c] == [torch.tensor(1.)], [c, c].count(torch.tensor(1.)))\n"
         "for f in [lambda: a in [b], lambda: (a,) == (b,), lambda: [b, a].index(a), lambda: torch.tensor([]) in [torch.tensor([])]]:\n"
         "    try:\n        print(f())\n    except RuntimeError as e:\n        print('RuntimeError:', e)")


def learner_errors(case):
    """Errors fresh learner scripts made: mm of a non-matrix, an embedding looked up with a bool index."""
    for k, (a, b) in enumerate([("torch.ones(2, 3, 4)", "torch.ones(4, 2)"), ("torch.ones(2, 4)", "torch.ones(4, 2, 1)"),
                                ("torch.ones(4)", "torch.ones(4, 2)"), ("torch.tensor(1.0)", "torch.ones(1, 2)")]):
        case(G, f"mm_rank/{k}", ["torch.mm"], f"show(torch.mm({a}, {b}))")
        case(G, f"mm_rank/{k}/method", ["Tensor.mm"], f"show({a}.mm({b}))")
    for k, idx in enumerate(["torch.tensor([True])", "torch.tensor([1], dtype=torch.uint8)", "torch.tensor([1.0])",
                             "torch.tensor([1], dtype=torch.int16)"]):
        case(G, f"embedding_index/{k}", ["torch.nn.Embedding"],
             f"torch.manual_seed(0)\nshow(nn.Embedding(3, 2)({idx}))")
        case(G, f"embedding_index/{k}/F", ["torch.nn.functional.embedding"],
             f"show(F.embedding({idx}, torch.ones(3, 2)))")
    case(G, "sequential_ordered_dict", ["torch.nn.Sequential"],
         "from collections import OrderedDict\ntorch.manual_seed(0)\n"
         "m = nn.Sequential(OrderedDict([('fc', nn.Linear(2, 3)), ('act', nn.ReLU()), ('out', nn.Linear(3, 1))]))\n"
         "print(m)\nprint(m.fc, m[1], len(m))\nprint([n for n, _ in m.named_children()])\nshow(m(torch.ones(1, 2)))")
    case(G, "named_modules", ["torch.nn.Sequential"],
         "torch.manual_seed(0)\nshared = nn.Linear(2, 2)\n"
         "m = nn.Sequential(shared, nn.Sequential(nn.ReLU(), shared), nn.ModuleList([nn.Tanh()]))\n"
         "print([n for n, _ in m.named_modules()])\nprint([n for n, _ in m.named_modules(prefix='model')])\n"
         "print([n for n, _ in m.named_modules(remove_duplicate=False)])\nprint(len(list(m.modules())))\n"
         "print([type(x).__name__ for x in m.modules()])")
    for k, opts in enumerate(["max_norm=1.0", "max_norm=0.5, norm_type=1.0", "padding_idx=0, max_norm=2",
                              "scale_grad_by_freq=True, sparse=True", "norm_type=3"]):
        case(G, f"embedding_max_norm/{k}", ["torch.nn.Embedding"],
             f"torch.manual_seed(0)\ne = nn.Embedding(5, 3, {opts})\nprint(e)\nidx = torch.tensor([[0, 2], [2, 4]])\n"
             "with torch.no_grad():\n    show(e(idx))\nshow(e.weight.detach())\nprint(e.weight.norm(dim=1))")
    case(G, "tensor_type_attrs", ["Tensor.add", "Tensor.abs", "Tensor.sum", "Tensor.relu"],
         "t = torch.tensor([1., -2.])\nprint(hasattr(torch.Tensor, 'add'), hasattr(torch.Tensor, 'shape'), "
         "hasattr(torch.Tensor, 'nope'))\nprint(torch.Tensor.add(t, 1), torch.Tensor.abs(t), torch.Tensor.sum(t, dim=0))\n"
         "f = torch.Tensor.relu\nprint(f(t))\nfor g in [lambda: torch.Tensor.add(3, 1), lambda: torch.Tensor.add()]:\n"
         "    try:\n        print(g())\n    except TypeError as e:\n        print('TypeError', e)\n"
         "print(sorted(n for n in ['view', 'reshape', 'T', 'foo'] if hasattr(torch.Tensor, n)))")


def tie_breaks(case):
    """Which index comes out among equal values: topk runs libstdc++'s partial_sort (k * 64 <= n) or
    nth_element + sort, mode runs std::sort; rows of few distinct values (and NaN) with every path."""
    for n in [4, 7, 16, 17, 40, 70, 130, 300]:
        for seed in [1, 2]:
            pre = (f"g = torch.Generator().manual_seed({seed * 100 + n})\n"
                   f"x = torch.randint(0, 4, ({n},), generator=g).float()\n")
            if seed == 2:
                pre += "x[::5] = float('nan')\n"
            for k in sorted({1, 2, 3, n // 2, n - 1, n}):
                for largest in [True, False]:
                    case(G, f"topk_ties/{n}/{seed}/{k}/{largest}", ["torch.topk"],
                         pre + f"show(torch.topk(x, {k}, largest={largest}))")
            case(G, f"topk_ties/{n}/{seed}/unsorted", ["Tensor.topk"],
                 pre + f"show(x.topk({max(1, n // 3)}, sorted=False))")
            case(G, f"mode_ties/{n}/{seed}", ["torch.mode"], pre + "show(torch.mode(x))")
    pre = "g = torch.Generator().manual_seed(9)\nx = torch.randint(0, 3, (5, 40), generator=g)\n"
    case(G, "topk_ties/rows", ["Tensor.topk"], pre + "show(x.topk(6, dim=1))\nshow(x.topk(2, dim=0, largest=False))")
    case(G, "mode_ties/rows", ["Tensor.mode"], pre + "show(x.mode(1))\nshow(x.mode(0))\nshow(x.bool().mode(1))")
    case(G, "mode_ties/signed_zero", ["torch.mode"], "x = torch.tensor([0.0, -0.0, 1.0, -0.0, 0.0] * 5)\nshow(torch.mode(x))")
    case(G, "multinomial/ties", ["torch.multinomial"],
         "g = torch.Generator().manual_seed(1)\nshow(torch.multinomial(torch.ones(10), 5, generator=g))")


def quoted_defaults(case):
    """String defaults print with double quotes in PyTorch's 'invalid combination' errors."""
    case(G, "quoted_default/quantile", ["torch.quantile"],
         "show(torch.quantile(torch.ones(3), 0.5, None, False, 'lower'))")
    case(G, "quoted_default/nanquantile", ["torch.nanquantile"],
         "show(torch.nanquantile(torch.ones(3), 0.5, 0, True, 'lower'))")


def reduction_grad_nodes(case):
    """aminmax records AminmaxBackward0 on both results; quantile ends in a squeeze."""
    pre = "x = torch.arange(12.0).reshape(3, 4).requires_grad_()\n"
    for k, call in enumerate(["torch.aminmax(x)", "x.aminmax(dim=1)", "torch.aminmax(x, dim=0, keepdim=True)"]):
        case(G, f"grad_nodes/aminmax/{k}", ["torch.aminmax"], pre + f"r = {call}\nshow(r)\nprint(r.min.grad_fn.name(), r.max.grad_fn.name())")
    for k, call in enumerate(["torch.quantile(x, 0.3)", "x.quantile(torch.tensor([0.2, 0.7]), dim=1)",
                              "torch.nanquantile(x, 0.5, 0, True, interpolation='nearest')", "x.nanquantile(0.25, -1)"]):
        case(G, f"grad_nodes/quantile/{k}", ["torch.quantile"], pre + f"r = {call}\nshow(r)\nprint(r.grad_fn.name())")


def sdpa_checks(case):
    """scaled_dot_product_attention's checks before it computes: the mask's dtype, a mask of fewer than
    two dims for 4-D inputs (the CPU flash kernel reads its size(-2)), grouped-query attention."""
    op = ["torch.nn.functional.scaled_dot_product_attention"]
    pre = "q = torch.arange(64.0).reshape(1, 2, 4, 8) / 17 - 1\nm1 = torch.tensor([True, True, False, False])\n"
    for k, call in enumerate([
            "q, q, q, attn_mask=m1", "q, q, q, attn_mask=torch.tensor(True)", "q, q, q, attn_mask=torch.zeros(4)",
            "q[0], q[0], q[0], attn_mask=m1", "q, q[:, :1], q[:, :1], attn_mask=m1",
            "q, torch.cat([q, q]), torch.cat([q, q]), attn_mask=m1", "q, q, q, attn_mask=torch.zeros(4, requires_grad=True)",
            "q[..., :0], q[..., :0], q[..., :0], attn_mask=m1", "q[:, :, :0], q, q, attn_mask=m1",
            "q.transpose(-1, -2).contiguous().transpose(-1, -2), q, q, attn_mask=m1",
            "q, q, q, attn_mask=m1.double()", "q, q, q, attn_mask=m1.long()", "q.double(), q.double(), q.double(), attn_mask=m1",
            "q.double(), q.double(), q.double(), attn_mask=torch.zeros(4, 4).double()",
            "q, q, q, attn_mask=torch.zeros(4, 4).half()", "q, q, q, attn_mask=m1, is_causal=True",
            "q.repeat(1, 2, 1, 1), q, q, enable_gqa=True", "q.repeat(1, 2, 1, 1), q, q",
            "q.repeat(1, 2, 1, 1), q[:, :1], q, enable_gqa=True", "torch.cat([q, q[:, :1]], 1), q, q, enable_gqa=True",
            "q.repeat(1, 2, 1, 1)[0], q[0], q[0], enable_gqa=True", "q, q, q, enable_gqa=True",
            "q.repeat(1, 2, 1, 1), q, q, attn_mask=torch.ones(4, 4).bool().tril(), enable_gqa=True",
            "q[0, 0], q[0, 0], q[0, 0], enable_gqa=True"]):
        case(G, f"sdpa_checks/{k}", op, pre + f"show(F.scaled_dot_product_attention({call}))")
    case(G, "sdpa_checks/dropout", op, pre + "torch.manual_seed(0)\nshow(F.scaled_dot_product_attention(q, q, q, dropout_p=0.5))")


def special_namespace(case):
    """torch.special: the aliases of torch functions on a few inputs each, and entr/ndtr over dtypes,
    special values, 0-d, empty and non-contiguous inputs, and their grad_fn."""
    xs = {
        "f": "torch.tensor([-2.5, -1.0, -0.0, 0.0, 0.3, 0.5, 1.0, 2.0, 7.5, float('inf'), float('-inf'), float('nan')])",
        "p": "torch.tensor([0.0, 1e-30, 0.05, 0.25, 0.5, 0.75, 0.99, 1.0])",
        "i": "torch.tensor([-2, 0, 1, 3])",
        "d": "torch.tensor([-1.5, 0.0, 0.3, 2.0, 5.0], dtype=torch.float64)",
        "h": "torch.tensor([-1.5, 0.0, 0.3, 2.0, 5.0, 3.0]).half()",
        "b": "torch.tensor([-1.5, 0.0, 0.3, 2.0, 5.0, 3.0]).bfloat16()",
        "t": "torch.arange(12.0).reshape(3, 4).t() / 5 - 0.4",
        "z": "torch.tensor(0.7)",
        "e": "torch.zeros(0, 3)",
    }
    S = "torch.special."
    one = ["expit", "logit", "erf", "erfc", "erfinv", "exp2", "expm1", "log1p", "gammaln", "digamma", "psi", "i0",
           "sinc", "round", "entr", "ndtr"]
    for name in one:
        for key in (["f", "p", "i", "d", "t", "z"] if name not in ("entr", "ndtr") else list(xs)):
            case(G, f"special/{name}/{key}", [S + name], f"x = {xs[key]}\nshow({S}{name}(x))")
    for key in ["f", "p", "t"]:
        pre = f"x = {xs[key]}\n"
        case(G, f"special/softmax/{key}", [S + "softmax"], pre + f"show({S}softmax(x, 0))")
        case(G, f"special/log_softmax/{key}", [S + "log_softmax"], pre + f"show({S}log_softmax(x, -1))")
        case(G, f"special/logsumexp/{key}", [S + "logsumexp"], pre + f"show({S}logsumexp(x, 0, keepdim=True))")
        case(G, f"special/xlogy/{key}", [S + "xlogy"], pre + f"show({S}xlogy(x, x + 1))")
        case(G, f"special/gammainc/{key}", [S + "gammainc"], pre + f"show({S}gammainc(x.abs() + 0.5, x.abs()))")
        case(G, f"special/gammaincc/{key}", [S + "gammaincc"], pre + f"show({S}gammaincc(x.abs() + 0.5, x.abs()))")
        case(G, f"special/polygamma/{key}", [S + "polygamma"], pre + f"show({S}polygamma(1, x.abs() + 0.5))")
        case(G, f"special/multigammaln/{key}", [S + "multigammaln"], pre + f"show({S}multigammaln(x.abs() + 2, 2))")
    case(G, "special/round/decimals", [S + "round"], f"show({S}round(torch.tensor([1.2345, -2.5]), decimals=2))")
    pre = "x = torch.tensor([0.2, 0.7, 1.5], requires_grad=True)\n"
    for name in ["entr", "ndtr", "expit"]:
        case(G, f"special/{name}/grad", [S + name], pre + f"r = {S}{name}(x)\nshow(r)\nprint(r.grad_fn.name())")
    case(G, "special/entr/error", [S + "entr"], f"show({S}entr(3))")
    case(G, "special/ndtr/keyword", [S + "ndtr"], f"show({S}ndtr(input=torch.tensor([0.5])))")
    case(G, "special/entr/entropy", [S + "entr"],
         "p = torch.softmax(torch.tensor([[2.0, 1.0, 0.1], [0.0, 0.0, 0.0]]), -1)\n"
         f"show({S}entr(p).sum(-1))\nshow(-(p * p.log()).sum(-1))")


def rounding(case):
    """round and round_ with and without decimals over dtypes: integers keep their values without
    decimals and raise ATen's missing-kernel error with them; bools raise either way."""
    for dt in ["float32", "float64", "int64", "int32", "uint8", "bool", "float16"]:
        pre = f"x = torch.tensor([1.26, -2.5, 3.5, 0.0]).to(torch.{dt})\n"
        for k, kw in enumerate(["", "decimals=0", "decimals=1", "decimals=-1"]):
            case(G, f"round/{dt}/{k}", ["torch.round"], pre + f"show(torch.round(x{', ' + kw if kw else ''}))")
            case(G, f"round_/{dt}/{k}", ["Tensor.round_"], pre + f"r = x.round_({kw})\nshow(x)\nsame(r, x)")
        case(G, f"round_/{dt}/torch", ["torch.round_"], pre + "torch.round_(x)\nshow(x)")


def tensor_data(case):
    """torch.tensor of data that is not numbers: what PyTorch's dtype inference and size walk raise (a str
    at the top, a str as the first item of a list, a str later, None, dict, set, a generator, an object)."""
    for k, data in enumerate([
        "None", "[None]", "{1: 2}", "(x for x in [1])", "['a']", "'a'", "[1, 'a']", "object()", "[1, None]",
        "{1, 2}", "[[1], ['a']]", "[['a']]", "[[1, 2], [None, 3]]", "[1, [2]]", "[[1], 2]", "range(3)",
        "[range(2), range(2)]", "[(1, 2), [3, 4]]", "[True, 2.5]", "[[]]", "[[], []]", "[]",
    ]):
        case("edges", f"tensor_data/{k}", ["torch.tensor"], f"show(torch.tensor({data}))")

