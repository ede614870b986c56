"""Sweep cases for the dtypes beyond float32, int64, int32 and bool (issue 19): float64, float16,
bfloat16, int8, int16 and uint8 end to end -- creation and printing, conversions, the promotion table,
integer wrap-around, arithmetic, unary ops, reductions, products, masks and indexing, finfo/iinfo and
set_default_dtype. gen.py calls `register` with its `case` helper; the cases land in
tests/data/sweep/dtypes.json."""

G = "dtypes"

NEW = ["float64", "float16", "bfloat16", "int8", "int16", "uint8"]
ALL = ["float32", "float64", "float16", "bfloat16", "uint8", "int8", "int16", "int32", "int64", "bool"]
FLOATS = ["float64", "float16", "bfloat16"]
INTS = ["int8", "int16", "uint8"]
FDATA = "[[-1.5, 0.0, 2.25], [3.0, -0.5, 1.0]]"
FODD = "[0.1, -2.7, 5.3, 23.0, -0.0, 1e-3, 0.5, -1.0, 1000.5, 65519.0]"
IDATA = "[[3, 0, 2], [5, 1, 7]]"
SIGNED = "[[-3, 0, 2], [5, -1, 127]]"


def t(d):
    return f"torch.{d}"


def names(ops):
    """The exposed names of `F.x` and `nn.X` (`torch.nn.functional.x`, `torch.nn.X`)."""
    return [o.replace("F.", "torch.nn.functional.", 1) if o.startswith("F.") else
            o.replace("nn.", "torch.nn.", 1) if o.startswith("nn.") else o for o in ops]


def data(d):
    if d in FLOATS or d == "float32":
        return f"torch.tensor({FDATA}, dtype={t(d)})"
    if d == "bool":
        return "torch.tensor([[True, False, True], [False, False, True]])"
    return f"torch.tensor({IDATA}, dtype={t(d)})"


def register(case, inp):
    def named(group, cid, ops, src):
        case(group, cid, names(ops), src)

    run(named)


def run(case):
    creation(case)
    conversions(case)
    promotion(case)
    arithmetic(case)
    unary(case)
    reductions(case)
    products(case)
    masks(case)
    info(case)
    defaults(case)
    float_ops(case)
    activation_ops(case)


def creation(case):
    for d in NEW:
        ops = [t(d)]
        case(G, f"tensor/{d}", ops, f"show({data(d)})")
        case(G, f"tensor/{d}/odd", ops, f"show(torch.tensor({FODD}, dtype={t(d)}))")
        case(G, f"tensor/{d}/signed", ops, f"show(torch.tensor({SIGNED}, dtype={t(d)}))")
        case(G, f"tensor/{d}/0d", ops, f"x = torch.tensor(7, dtype={t(d)})\nshow(x)\nprint(x.item(), type(x.item()))")
        case(G, f"tensor/{d}/empty", ops, f"show(torch.zeros(0, 3, dtype={t(d)}))\nshow(torch.tensor([], dtype={t(d)}))")
        for f in ["zeros", "ones"]:
            case(G, f"{f}/{d}", ops + [f"torch.{f}"], f"show(torch.{f}(2, 3, dtype={t(d)}))")
        case(G, f"full/{d}", ops + ["torch.full"], f"show(torch.full((2, 2), 3, dtype={t(d)}))")
        case(G, f"arange/{d}", ops + ["torch.arange"], f"show(torch.arange(5, dtype={t(d)}))")
        case(G, f"eye/{d}", ops + ["torch.eye"], f"show(torch.eye(3, dtype={t(d)}))")
        case(G, f"elem/{d}", ops + ["Tensor.element_size"], f"x = {data(d)}\nprint(x.element_size(), x.dtype, x.is_floating_point())")
        case(G, f"tolist/{d}", ops + ["Tensor.tolist"], f"print(torch.tensor({FODD}).to({t(d)}).tolist())")
    case(G, "tensor/float64/digits", ["torch.float64"],
         "x = torch.tensor([0.1, 1 / 3, 2.0 ** 0.5], dtype=torch.float64)\nshow(x)\nprint(x[1].item())")
    case(G, "tensor/float16/big", ["torch.float16"], "show(torch.tensor([70000.0, 1e-8, 6e-5]).half())")
    case(G, "tensor/bfloat16/big", ["torch.bfloat16"], "show(torch.tensor([1e38, 3.14159, 1e-40]).bfloat16())")
    case(G, "linspace/float64", ["torch.linspace", "torch.float64"], "show(torch.linspace(0, 1, 7, dtype=torch.float64))")
    case(G, "rand/float64", ["torch.rand", "torch.manual_seed", "torch.float64"],
         "torch.manual_seed(0)\nshow(torch.rand(5, dtype=torch.float64))\nshow(torch.rand(17, dtype=torch.float64))")
    case(G, "randn/float64", ["torch.randn", "torch.manual_seed", "torch.float64"],
         "torch.manual_seed(0)\nshow(torch.randn(5, dtype=torch.float64))\nshow(torch.randn(20, dtype=torch.float64))")
    case(G, "randn_like/float64", ["torch.randn_like", "torch.manual_seed", "torch.float64"],
         "torch.manual_seed(1)\nshow(torch.randn_like(torch.zeros(2, 3, dtype=torch.float64)))")


def conversions(case):
    casts = {"double": "float64", "half": "float16", "bfloat16": "bfloat16", "byte": "uint8", "char": "int8",
             "short": "int16", "float": "float32", "long": "int64", "int": "int32", "bool": "bool"}
    sources = {"f": f"torch.tensor({FODD})", "neg": "torch.tensor([-1.0, -128.5, 300.7, 255.0, 256.0, -0.9])",
               "special": "torch.tensor([float('inf'), float('-inf'), float('nan'), 0.0])",
               "i": "torch.tensor([-129, -128, 127, 128, 255, 256, 70000])", "b": "torch.tensor([True, False])"}
    for m, d in casts.items():
        for name, src in sources.items():
            case(G, f"cast/{m}/{name}", [f"Tensor.{m}"], f"show({src}.{m}())")
    for a in NEW:
        for b in ALL:
            case(G, f"to/{a}/{b}", ["Tensor.to", t(a), t(b)], f"show({data(a)}.to({t(b)}))")
    case(G, "type/names", ["Tensor.type", "torch.float64"],
         "for d in [torch.float64, torch.float16, torch.bfloat16, torch.int8, torch.int16, torch.uint8]:\n"
         "    print(torch.zeros(1, dtype=d).type(), d, repr(d))")
    case(G, "type/str", ["Tensor.type"], "show(torch.ones(2).type('torch.DoubleTensor'))\nshow(torch.ones(2).type('torch.ByteTensor'))")
    case(G, "aliases", ["torch.double", "torch.half", "torch.short"],
         "print(torch.double, torch.half, torch.short, torch.double is torch.float64, torch.half == torch.float16)")


def promotion(case):
    for a in ALL:
        for b in ALL:
            case(G, f"add/{a}/{b}", [t(a), t(b)],
                 f"show(torch.ones(2, dtype={t(a)}) + torch.ones(2, dtype={t(b)}))")
            case(G, f"promote_types/{a}/{b}", ["torch.promote_types", t(a), t(b)],
                 f"print(torch.promote_types({t(a)}, {t(b)}))")
            case(G, f"can_cast/{a}/{b}", ["torch.can_cast", t(a), t(b)], f"print(torch.can_cast({t(a)}, {t(b)}))")
    for d in NEW:
        for k, other in enumerate(["2", "2.5", "True", "torch.tensor(2.5)", "torch.tensor(2.5, dtype=torch.float64)",
                                   "torch.tensor(3)", "torch.tensor(3, dtype=torch.int8)", "torch.tensor([3], dtype=torch.uint8)"]):
            case(G, f"result_type/{d}/{k}", ["torch.result_type", t(d)],
                 f"x = {data(d)}\nprint(torch.result_type(x, {other}))\nshow(x * {other})")
            case(G, f"result_type/{d}/{k}/0d", ["torch.result_type", t(d)],
                 f"x = torch.tensor(2, dtype={t(d)})\nprint(torch.result_type(x, {other}))\nshow(x + {other})")


def arithmetic(case):
    ops = {"add": "+", "sub": "-", "mul": "*", "div": "/", "floordiv": "//", "mod": "%", "pow": "**"}
    for d in NEW:
        x = f"x = {data(d)}\n" if d not in INTS or d == "uint8" else f"x = torch.tensor({SIGNED}, dtype={t(d)})\n"
        y = f"y = torch.tensor([[2, 3, 1], [4, 2, 5]], dtype={t(d)})\n"
        for name, op in ops.items():
            for k, other in enumerate(["y", "2", "0.1", "y[0]"]):
                case(G, f"{name}/{d}/{k}", [t(d)], x + y + f"show(x {op} {other})")
        case(G, f"inplace/{d}", [t(d), "Tensor.add_", "Tensor.mul_"],
             x + "x.add_(3)\nshow(x)\nx.mul_(2)\nshow(x)")
        case(G, f"inplace/{d}/float", [t(d), "Tensor.add_"], x + "x.add_(0.5)\nshow(x)")
        case(G, f"alpha/{d}", [t(d), "torch.add"], x + y + "show(torch.add(x, y, alpha=2))")
        for f in ["maximum", "minimum", "eq", "lt", "ge"]:
            case(G, f"{f}/{d}", [t(d), f"torch.{f}"], x + y + f"show(torch.{f}(x, y))")
    # Wrap-around, as C++'s fixed-width integers.
    for k, src in enumerate([
            "torch.tensor([200, 100], dtype=torch.uint8) + 100",
            "torch.tensor([1, 2], dtype=torch.uint8) - 3",
            "torch.tensor([127, -128], dtype=torch.int8) + 1",
            "torch.tensor([100, -100], dtype=torch.int8) * 3",
            "torch.tensor([30000], dtype=torch.int16) * 2",
            "-torch.tensor([1, 0, 255], dtype=torch.uint8)",
            "-torch.tensor([-128, 5], dtype=torch.int8)",
            "torch.tensor([-128, 5], dtype=torch.int8).abs()",
            "torch.tensor([-128, 5], dtype=torch.int8) // -1",
            "~torch.tensor([0, 5, 255], dtype=torch.uint8)",
            "~torch.tensor([0, 5, -1], dtype=torch.int8)",
            "torch.tensor([1, 3, 200], dtype=torch.uint8) << 2",
            "torch.tensor([1, 3, 200], dtype=torch.uint8) >> 1",
            "torch.tensor([12, 200], dtype=torch.uint8) & torch.tensor([10, 100], dtype=torch.uint8)",
            "torch.tensor([7, 9], dtype=torch.uint8) // torch.tensor([2, 4], dtype=torch.uint8)",
            "torch.tensor([7, 9], dtype=torch.uint8) % 4",
            "torch.tensor([2, 3], dtype=torch.uint8) ** 5",
            "torch.tensor([5], dtype=torch.uint8) // 0",
            "torch.tensor([-7, 9], dtype=torch.int8) % 4",
            "torch.tensor([-7, 9], dtype=torch.int16).fmod(4)",
            "torch.tensor([1, 2], dtype=torch.uint8) + torch.tensor([1, 2], dtype=torch.int8)",
            "torch.tensor([1, 2], dtype=torch.uint8) - torch.tensor([True, False])",
            "torch.tensor([1.0, 2.0], dtype=torch.float16) + torch.tensor([1.0, 2.0], dtype=torch.bfloat16)",
            "torch.tensor([0.1, 0.2], dtype=torch.float16) * 3",
            "torch.tensor([0.1, 0.2], dtype=torch.float16) * torch.tensor(3.3)",
            "torch.tensor([0.1, 0.2], dtype=torch.bfloat16) / 3",
            "torch.tensor([0.1, 0.2], dtype=torch.bfloat16) + 0.1",
            "torch.tensor([1000.0, 60000.0], dtype=torch.float16) * 2",
            "torch.tensor([0.1, 0.2], dtype=torch.float64) + 0.1",
            "torch.tensor([1, 2]) / torch.tensor([3, 3], dtype=torch.int8)"]):
        case(G, f"int/{k}", ["torch.int8"], f"show({src})")


def unary(case):
    names = ["abs", "neg", "exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil", "round",
             "trunc", "sign", "reciprocal", "rsqrt", "square", "log1p", "expm1", "erf", "isnan", "isinf", "signbit"]
    for d in NEW:
        src = f"x = torch.tensor({FODD}).to({t(d)})\n" if d not in INTS else f"x = torch.tensor({SIGNED}, dtype={t(d)})\n"
        for n in names:
            case(G, f"unary/{n}/{d}", [t(d), f"torch.{n}"], src + f"show(torch.{n}(x))")
        case(G, f"gelu/{d}", [t(d), "F.gelu"], src + "show(F.gelu(x))")
        case(G, f"clamp/{d}", [t(d), "torch.clamp"], src + "show(torch.clamp(x, 0, 5))")
        case(G, f"threshold/{d}", [t(d), "F.threshold"], src + "show(F.threshold(x, 1, 9))")
        case(G, f"nan_to_num/{d}", [t(d), "torch.nan_to_num"], src + "show(torch.nan_to_num(x))")


def reductions(case):
    for d in NEW:
        src = f"x = torch.tensor([[0.1, -2.7, 5.3, 23.0], [1e-3, 0.5, -1.0, 3.25]]).to({t(d)})\n"
        if d in INTS:
            src = f"x = torch.tensor([[3, 100, 5, 23], [1, 0, 120, 3]], dtype={t(d)})\n"
        for r in ["sum", "prod", "mean", "std", "var", "max", "min", "argmax", "argmin", "amax", "all", "any"]:
            case(G, f"{r}/{d}", [t(d), f"Tensor.{r}"], src + f"show(x.{r}())")
            case(G, f"{r}/{d}/dim", [t(d), f"Tensor.{r}"], src + f"show(x.{r}(1))")
            case(G, f"{r}/{d}/dim0", [t(d), f"Tensor.{r}"], src + f"show(x.{r}(0))")
        for r in ["cumsum", "cumprod", "softmax", "log_softmax"]:
            case(G, f"{r}/{d}", [t(d), f"torch.{r}"], src + f"show(torch.{r}(x, 1))")
            case(G, f"{r}/{d}/dim0", [t(d), f"torch.{r}"], src + f"show(torch.{r}(x, 0))")
        case(G, f"sort/{d}", [t(d), "torch.sort"], src + "show(torch.sort(x, 1))")
        case(G, f"topk/{d}", [t(d), "torch.topk"], src + "show(torch.topk(x, 2))")
        case(G, f"sum/{d}/dtype", [t(d), "torch.sum"], src + "show(torch.sum(x, dtype=torch.float64))")
        case(G, f"layer_norm/{d}", [t(d), "F.layer_norm"], src + "show(F.layer_norm(x, (4,)))")
    case(G, "sum/float64/long", ["torch.float64", "Tensor.sum"],
         "x = torch.arange(1000, dtype=torch.float64) / 7\nshow(x.sum())\nshow(x.reshape(10, 100).sum(1))")
    case(G, "sum/float16/long", ["torch.float16", "Tensor.sum"],
         "x = (torch.arange(1000) / 7).half()\nshow(x.sum())\nshow(x.mean())")


def products(case):
    for d in ["float64", "float16", "bfloat16", "int8", "uint8"]:
        a = f"a = torch.tensor([[1.5, -2.0, 0.25], [3.0, 0.5, -1.0]]).to({t(d)})\n"
        b = f"b = torch.tensor([[0.5, 1.0], [-1.5, 2.0], [2.0, 0.25]]).to({t(d)})\n"
        if d in INTS:
            a = f"a = torch.tensor([[1, 2, 3], [4, 5, 6]], dtype={t(d)})\n"
            b = f"b = torch.tensor([[7, 8], [9, 10], [11, 12]], dtype={t(d)})\n"
        case(G, f"matmul/{d}", [t(d), "torch.matmul"], a + b + "show(a @ b)")
        case(G, f"mm/{d}", [t(d), "torch.mm"], a + b + "show(torch.mm(a, b))")
        case(G, f"bmm/{d}", [t(d), "torch.bmm"], a + b + "show(torch.bmm(a[None], b[None]))")
        case(G, f"matmul/{d}/mixed", [t(d), "torch.matmul"], a + b + "show(a @ b.float())")
    case(G, "linear/float64", ["torch.float64", "F.linear"],
         "x = torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.float64)\nw = torch.tensor([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], dtype=torch.float64)\n"
         "show(F.linear(x, w))\nshow(F.linear(x, w, torch.tensor([1.0, -1.0], dtype=torch.float64)))")


def masks(case):
    case(G, "subsequent_mask", ["torch.uint8", "torch.triu", "torch.ones"],
         "attn_shape = (1, 4, 4)\nm = torch.triu(torch.ones(attn_shape), diagonal=1).type(torch.uint8)\nshow(m)\nshow(m == 0)")
    case(G, "index/mask/uint8", ["torch.uint8"], "x = torch.arange(4)\nshow(x[torch.tensor([1, 0, 1, 0], dtype=torch.uint8)])")
    case(G, "index/bad/int8", ["torch.int8"], "x = torch.arange(4)\nshow(x[torch.tensor([1, 0], dtype=torch.int8)])")
    case(G, "masked_fill/mask/uint8", ["torch.uint8", "Tensor.masked_fill"],
         "x = torch.zeros(3)\nshow(x.masked_fill(torch.tensor([1, 0, 1], dtype=torch.uint8), 1.0))")
    for d in NEW:
        case(G, f"masked_fill/{d}", [t(d), "Tensor.masked_fill"],
             f"x = {data(d)}\nshow(x.masked_fill(x > 1, 9))")
        case(G, f"where/{d}", [t(d), "torch.where"], f"x = {data(d)}\nshow(torch.where(x > 1, x, torch.zeros_like(x)))")
        case(G, f"cat/{d}", [t(d), "torch.cat"], f"x = {data(d)}\nshow(torch.cat([x, x.float()]))")
        case(G, f"index/{d}", [t(d)], f"x = {data(d)}\nshow(x[:, 1:])\nshow(x.t())\nshow(x[x > 1])")
        case(G, f"setitem/{d}", [t(d)], f"x = {data(d)}\nx[0, 0] = 100.7\nshow(x)")


def info(case):
    for d in ["float32", "float64", "float16", "bfloat16"]:
        case(G, f"finfo/{d}", ["torch.finfo", t(d)],
             f"f = torch.finfo({t(d)})\nprint(f)\nprint(f.eps, f.max, f.min, f.tiny, f.resolution, f.bits, f.dtype)")
    for d in ["uint8", "int8", "int16", "int32", "int64"]:
        case(G, f"iinfo/{d}", ["torch.iinfo", t(d)], f"f = torch.iinfo({t(d)})\nprint(f)\nprint(f.bits, f.max, f.min, f.dtype)")
    case(G, "finfo/int", ["torch.finfo"], "torch.finfo(torch.int8)")
    case(G, "iinfo/float", ["torch.iinfo"], "torch.iinfo(torch.float64)")


def defaults(case):
    ops = ["torch.set_default_dtype", "torch.get_default_dtype"]
    case(G, "default/float64", ops,
         "torch.set_default_dtype(torch.float64)\nprint(torch.get_default_dtype())\nshow(torch.tensor([1.5, 2.0]))\n"
         "show(torch.tensor([1.5], dtype=torch.float32))\nshow(torch.arange(3.0))\nshow(torch.zeros(2))\n"
         "show(torch.tensor([1, 2]) / 2)\nshow(torch.tensor([1, 2]) * 1.5)\nshow(torch.tensor([1, 2]).float() * 2)\n"
         "show(torch.linspace(0, 1, 3))\nshow(torch.full((2,), 1.5))\nshow(torch.tensor([], dtype=torch.float32))")
    case(G, "default/float64/sqrt", ops + ["torch.sqrt"],
         "torch.set_default_dtype(torch.float64)\nshow(torch.sqrt(torch.tensor([2, 3])))")
    case(G, "default/int", ops, "torch.set_default_dtype(torch.int64)")
    case(G, "default/float16", ops, "torch.set_default_dtype(torch.float16)\nshow(torch.tensor([1.5]))\nshow(torch.ones(2))")


# Float ops learners reach for, each on float64, float16 and bfloat16 inputs (and the int types where the
# op takes them): the same snippet as float32's, so a kernel that only knows float32 shows up here.
FLOAT_OPS = {
    "silu": ("F.silu", "F.silu(x)"), "softplus": ("F.softplus", "F.softplus(x)"), "elu": ("F.elu", "F.elu(x)"),
    "leaky_relu": ("F.leaky_relu", "F.leaky_relu(x, 0.1)"), "hardtanh": ("F.hardtanh", "F.hardtanh(x)"),
    "gelu_tanh": ("F.gelu", "F.gelu(x, approximate='tanh')"), "mish": ("F.mish", "F.mish(x)"),
    "softmax_dtype": ("F.softmax", "F.softmax(x, dim=-1, dtype=torch.float64)"),
    "dropout_eval": ("F.dropout", "F.dropout(x, 0.5, training=False)"),
    "normalize": ("F.normalize", "F.normalize(x, dim=-1)"),
    "layer_norm_wb": ("F.layer_norm", "F.layer_norm(x, (3,), torch.ones(3, dtype=x.dtype), torch.zeros(3, dtype=x.dtype))"),
    "linear_bias": ("F.linear", "F.linear(x, torch.ones(2, 3, dtype=x.dtype), torch.ones(2, dtype=x.dtype))"),
    "mse_loss": ("F.mse_loss", "F.mse_loss(x, torch.zeros_like(x))"),
    "l1_loss": ("F.l1_loss", "F.l1_loss(x, torch.ones_like(x))"),
    "cross_entropy": ("F.cross_entropy", "F.cross_entropy(x, torch.tensor([2, 0]))"),
    "kl_div": ("F.kl_div", "F.kl_div(F.log_softmax(x, -1), F.softmax(x, -1), reduction='batchmean')"),
    "lerp": ("torch.lerp", "torch.lerp(x, torch.ones_like(x), 0.25)"),
    "addcmul": ("torch.addcmul", "torch.addcmul(x, x, x, value=0.5)"),
    "logsumexp": ("torch.logsumexp", "torch.logsumexp(x, 1)"),
    "norm": ("torch.norm", "torch.norm(x)"), "norm_dim": ("torch.norm", "torch.norm(x, dim=1)"),
    "dist": ("torch.dist", "torch.dist(x, torch.zeros_like(x))"),
    "cosine": ("F.cosine_similarity", "F.cosine_similarity(x, x.flip(0))"),
    "isclose": ("torch.isclose", "torch.isclose(x, x + 1e-3)"), "allclose": ("torch.allclose", "torch.allclose(x, x)"),
    "tril": ("torch.tril", "torch.tril(x)"), "diff": ("torch.diff", "torch.diff(x)"),
    "einsum": ("torch.einsum", "torch.einsum('ij,kj->ik', x, x)"),
    "baddbmm": ("torch.baddbmm", "torch.baddbmm(torch.zeros(1, 2, 2, dtype=x.dtype), x[None], x.t()[None])"),
    "argsort": ("torch.argsort", "torch.argsort(x, 1)"), "median": ("torch.median", "torch.median(x)"),
    "kthvalue": ("torch.kthvalue", "torch.kthvalue(x, 2)"), "unique": ("torch.unique", "torch.unique(x)"),
    "cummax": ("torch.cummax", "torch.cummax(x, 1)"), "logcumsumexp": ("torch.logcumsumexp", "torch.logcumsumexp(x, 1)"),
    "histc": ("torch.histc", "torch.histc(x, 4)"),
    "searchsorted": ("torch.searchsorted", "torch.searchsorted(torch.sort(x.flatten())[0], x)"),
    "pad": ("F.pad", "F.pad(x, (1, 1), value=0.5)"), "where_scalar": ("torch.where", "torch.where(x > 0, x, 0.5)"),
    "clamp_t": ("torch.clamp", "torch.clamp(x, min=torch.zeros_like(x))"),
    "round_dec": ("torch.round", "torch.round(x, decimals=1)"), "fmod": ("torch.fmod", "torch.fmod(x, 0.7)"),
    "atan2": ("torch.atan2", "torch.atan2(x, torch.ones_like(x))"), "pow_t": ("torch.pow", "torch.pow(x.abs(), x)"),
    "sdpa": ("F.scaled_dot_product_attention", "F.scaled_dot_product_attention(x[None], x[None], x[None])"),
    "scatter_add": ("torch.scatter_add", "torch.scatter_add(x, 1, torch.tensor([[0, 0, 1], [2, 2, 2]]), x)"),
    "index_select": ("torch.index_select", "torch.index_select(x, 1, torch.tensor([2, 0]))"),
    "gather": ("torch.gather", "torch.gather(x, 1, torch.tensor([[0, 0], [2, 1]]))"),
    "masked_select": ("torch.masked_select", "torch.masked_select(x, x > 0)"),
    "nonzero": ("torch.nonzero", "torch.nonzero(x)"), "count_nonzero": ("torch.count_nonzero", "torch.count_nonzero(x)"),
    "mean_dtype": ("torch.mean", "torch.mean(x, dtype=torch.float64)"),
    "std_mean": ("torch.std_mean", "torch.std_mean(x, 1)"), "aminmax": ("torch.aminmax", "torch.aminmax(x)"),
    "max_dim": ("torch.max", "torch.max(x, 1)"), "cumsum0": ("torch.cumsum", "torch.cumsum(x, 0)"),
    "outer": ("torch.outer", "torch.outer(x[0], x[1])"), "dot": ("torch.dot", "torch.dot(x[0], x[1])"),
    "kron": ("torch.kron", "torch.kron(x, x[:1, :1])"), "item": ("Tensor.item", "x[0, 2].item()"),
    "float_of": ("Tensor.item", "float(x[1, 0]), int(x[1, 0]), bool(x[0, 1])"),
    "format": ("Tensor.item", "f'{x[0, 2]:.3f}'"),
    "isclose_tiny": ("torch.isclose", "torch.isclose(x, x + 1e-9, rtol=0, atol=1e-10)"),
    "allclose_tiny": ("torch.allclose", "torch.allclose(x, x + 1e-9, rtol=0, atol=1e-10)"),
    "trace": ("torch.trace", "torch.trace(x)"),
    "nansum": ("torch.nansum", "torch.nansum(torch.where(x > 2, torch.tensor(float('nan'), dtype=x.dtype), x))"),
    "dropout_train": ("F.dropout", "F.dropout(x, 0.5, training=True)"),
    "bincount_w": ("torch.bincount", "torch.bincount(torch.tensor([0, 2, 2]), weights=x[0])"),
}


def float_ops(case):
    for k, (name, snippet) in FLOAT_OPS.items():
        for d in ["float64", "float16", "bfloat16"]:
            case(G, f"op/{k}/{d}", [name, t(d)], f"x = {data(d)}\nshow({snippet})")
    for k, (name, snippet) in [("nn_linear", ("nn.Linear", "torch.manual_seed(0)\nm = nn.Linear(3, 2).double()\nshow(m(x))")),
                               ("module_to", ("nn.Linear", "torch.manual_seed(0)\nm = nn.Linear(3, 2).to(torch.float64)\nshow(m.weight)"))]:
        case(G, f"op/{k}", [name, "torch.float64"], f"x = {data('float64')}\n{snippet}")


# The activations and elementwise losses with their own float64 kernels: inputs that reach every branch,
# longer than one vector block with a tail that is not a multiple of 4 (`Vectorized<double>` blocks of 8
# go to SLEEF, the rest to glibc), and non-contiguous views (transposed: one run in memory order; a step
# in the last dim: scalar throughout; a step in the rows: a run per row).
ACT_SRC = "[-3.7, -0.0, 0.5, 2.25, -25.0, 30.0, 1e-3, -1.5, 4.0, -0.25, 21.0]"
ACT_OPS = {
    "elu": ("F.elu", "F.elu(x)"), "elu_alpha": ("F.elu", "F.elu(x, alpha=0.5)"),
    "selu": ("F.selu", "F.selu(x)"), "celu": ("F.celu", "F.celu(x, alpha=2.0)"),
    "softplus": ("F.softplus", "F.softplus(x)"),
    "softplus_bt": ("F.softplus", "F.softplus(x, beta=2.0, threshold=5.0)"),
    "mish": ("F.mish", "F.mish(x)"), "logsigmoid": ("F.logsigmoid", "F.logsigmoid(x)"),
    "hardsigmoid": ("F.hardsigmoid", "F.hardsigmoid(x)"), "hardswish": ("F.hardswish", "F.hardswish(x)"),
    "softshrink": ("F.softshrink", "F.softshrink(x)"), "softshrink_l": ("F.softshrink", "F.softshrink(x, lambd=1.5)"),
    "hardshrink": ("F.hardshrink", "F.hardshrink(x, lambd=0.75)"),
    "leaky_relu": ("F.leaky_relu", "F.leaky_relu(x, negative_slope=0.2)"),
}


def activation_ops(case):
    d = "float64"
    views = {
        "": f"x = torch.tensor({ACT_SRC}, dtype={t(d)})",
        "/long": f"x = torch.arange(-18, 19, dtype={t(d)}) * 0.45",
        "/t": f"x = (torch.arange(35, dtype={t(d)}) * 0.37 - 6).reshape(5, 7).t()",
        "/step": f"x = (torch.arange(50, dtype={t(d)}) * 0.37 - 9).reshape(5, 10)[:, ::2]",
        "/rows": f"x = (torch.arange(50, dtype={t(d)}) * 0.37 - 9).reshape(5, 10)[::2]",
    }
    for k, (name, snippet) in ACT_OPS.items():
        for v, src in views.items():
            ops = [name, t(d), "torch.arange"] if v else [name, t(d)]
            case(G, f"act/{k}/{d}{v}", ops, f"{src}\nshow({snippet})")
    case(G, "act/mish/float64/nan", ["F.mish", "F.softplus", "F.elu", t(d)],
         f"x = torch.tensor([float('nan'), float('inf'), -float('inf'), 800.0, -800.0, 1e-300], dtype={t(d)})\n"
         "show(F.mish(x))\nshow(F.softplus(x))\nshow(F.elu(x))\nshow(F.softshrink(x))\nshow(F.hardswish(x))")
    case(G, "act/softshrink/float64/neg", ["F.softshrink", t(d)], f"F.softshrink(torch.ones(3, dtype={t(d)}), -1.0)")
    case(G, "act/softshrink/float64/nan", ["F.softshrink", t(d)],
         f"F.softshrink(torch.ones(3, dtype={t(d)}), float('nan'))")
    case(G, "act/softshrink/float64/big", ["F.softshrink", t(d)],
         f"show(F.softshrink(torch.tensor([1e39, -2e39, 5.0], dtype={t(d)}), 1e39))")
    for k in ["softshrink", "hardsigmoid", "hardswish", "hardshrink", "mish", "elu"]:
        case(G, f"act/{k}/int64", [f"F.{k}"], f"F.{k}(torch.tensor([1, -2, 3]))")
    glu_src = f"x = (torch.arange(80, dtype={t(d)}) * 0.21 - 8).reshape(2, 40)"
    case(G, "act/glu/float64", ["F.glu", t(d), "torch.arange"], f"{glu_src}\nshow(F.glu(x))")
    case(G, "act/glu/float64/dim0", ["F.glu", t(d), "torch.arange"], f"{glu_src}\nshow(F.glu(x.reshape(4, 20), 0))")
    case(G, "act/glu/float64/small", ["F.glu", t(d)], f"show(F.glu(torch.tensor([[1.0, -2.0, 0.5, 3.0]], dtype={t(d)})))")
    pre = f"x = (torch.arange(24, dtype={t(d)}) * 0.5 - 6).reshape(2, 3, 4)"
    case(G, "act/prelu/float64", ["F.prelu", t(d), "torch.arange"],
         f"{pre}\nshow(F.prelu(x, torch.tensor([0.25, -0.5, 2.0], dtype={t(d)})))")
    case(G, "act/prelu/float64/one", ["F.prelu", t(d), "torch.arange"],
         f"{pre}\nshow(F.prelu(x, torch.tensor([0.1], dtype={t(d)})))")
    case(G, "act/prelu/float64/mixed", ["F.prelu", t(d)],
         f"F.prelu(torch.ones(3, dtype={t(d)}), torch.tensor([0.25]))")
    losses(case)


def losses(case):
    d = "float64"
    ab = (f"a = torch.arange(-18, 19, dtype={t(d)}) * 0.45\n"
          f"b = torch.arange(37, dtype={t(d)}).remainder(7) * 0.6 - 2")
    for k, (name, snippet) in {
        "smooth_l1": ("F.smooth_l1_loss", "F.smooth_l1_loss(a, b)"),
        "smooth_l1_none": ("F.smooth_l1_loss", "F.smooth_l1_loss(a, b, reduction='none', beta=0.5)"),
        "smooth_l1_sum": ("F.smooth_l1_loss", "F.smooth_l1_loss(a, b, reduction='sum', beta=2.0)"),
        "smooth_l1_t": ("F.smooth_l1_loss", "F.smooth_l1_loss(a[:36].reshape(6, 6).t(), b[:6], reduction='none')"),
        "smooth_l1_f32": ("F.smooth_l1_loss", "F.smooth_l1_loss(a.float(), b, reduction='none')"),
        "huber": ("F.huber_loss", "F.huber_loss(a, b)"),
        "huber_none": ("F.huber_loss", "F.huber_loss(a, b, reduction='none', delta=0.7)"),
        "huber_sum": ("F.huber_loss", "F.huber_loss(a, b, reduction='sum', delta=2.5)"),
        "huber_f32": ("F.huber_loss", "F.huber_loss(a.float(), b, reduction='none')"),
        "huber_f32_mean": ("F.huber_loss", "F.huber_loss(a.float(), b)"),
        "huber_int": ("F.huber_loss", "F.huber_loss(torch.tensor([1, 2]), torch.tensor([0.5, 1.0], dtype=torch.float64))"),
    }.items():
        case(G, f"loss/{k}/{d}", [name, t(d), "torch.arange"], f"{ab}\nshow({snippet})")
    pt = (f"p = torch.tensor([0.0, 1e-50, 0.1, 0.35, 0.5, 0.77, 0.999, 1.0, 0.25, 0.6, 0.05], dtype={t(d)})\n"
          f"y = torch.tensor([0.0, 1.0, 0.3, 1.0, 0.5, 0.0, 1.0, 0.2, 0.9, 0.0, 1.0], dtype={t(d)})")
    for k, snippet in {
        "bce": "F.binary_cross_entropy(p, y)",
        "bce_none": "F.binary_cross_entropy(p, y, reduction='none')",
        "bce_sum_w": "F.binary_cross_entropy(p, y, weight=torch.arange(11, dtype=torch.float64) * 0.3, reduction='sum')",
        "bce_w32": "F.binary_cross_entropy(p, y, weight=torch.full((11,), 0.3))",
        "bce_t": "F.binary_cross_entropy(p[:10].reshape(2, 5).t(), y[:10].reshape(5, 2), reduction='none')",
        "bce_f32_target": "F.binary_cross_entropy(p, y.float())",
        "bce_target_f64": "F.binary_cross_entropy(p.float(), y)",
        "bce_range": "F.binary_cross_entropy(p * 2, y)",
        "bce_logits": "F.binary_cross_entropy_with_logits(p * 40 - 20, y, reduction='none')",
        "bce_logits_pw": "F.binary_cross_entropy_with_logits(p * 40 - 20, y, pos_weight=torch.full((11,), 2.5, dtype=torch.float64), weight=y + 0.5)",
    }.items():
        name = "F.binary_cross_entropy_with_logits" if "logits" in k else "F.binary_cross_entropy"
        case(G, f"loss/{k}/{d}", [name, t(d)], f"{pt}\nshow({snippet})")
