"""Sweep cases for the special functions (issue 19): lgamma, digamma, erfinv, i0, polygamma, logit and
mvlgamma, in every form PyTorch has, and igamma/igammac (group "igamma": every branch of ATen's
calc_igamma on random grids), on the shared input pool and on float64/float16/bfloat16."""

G = "special"
POOL = ["f", "fodd", "fspecial", "f0", "f1", "fempty", "ft", "fstep", "fexp", "f3", "i", "i0", "iempty", "it",
        "i32", "b", "b0"]
WIDE = "x = torch.tensor([-7.5, -2.5, -0.5, 1e-3, 0.25, 1.0, 1.5, 2.0, 3.7, 10.0, 35.5, 120.0])\n"
UNIT = "x = torch.tensor([-1.0, -0.99, -0.5, -1e-4, 0.0, 0.3, 0.7, 0.95, 0.999999, 1.0, 1.5])\n"


def register(case, inp):
    plain(case, inp)
    polygamma(case, inp)
    logit(case, inp)
    mvlgamma(case, inp)
    float_parts(case, inp)
    incomplete_gamma(case, inp)


def plain(case, inp):
    for op in ["lgamma", "digamma", "erfinv", "i0"]:
        for name in POOL:
            case(G, f"{op}/{name}", [f"torch.{op}"], inp(name) + f"show(torch.{op}(x))")
            case(G, f"{op}/{name}/method", [f"Tensor.{op}"], inp(name) + f"show(x.{op}())")
        wide = UNIT if op == "erfinv" else WIDE
        case(G, f"{op}/wide", [f"torch.{op}"], wide + f"show(torch.{op}(x))")
        for dt in ["float64", "float16", "bfloat16"]:
            case(G, f"{op}/{dt}", [f"torch.{op}"], wide + f"show(torch.{op}(x.to(torch.{dt})))")
        for name in ["f", "ft", "i", "b"]:
            case(G, f"{op}_/{name}", [f"Tensor.{op}_"], inp(name) + f"y = x.clone()\nr = y.{op}_()\nshow(y)\nsame(r, y)")
        case(G, f"{op}_/expanded", [f"Tensor.{op}_"], inp("fexp") + f"x.{op}_()")
        case(G, f"{op}_/torch", [f"torch.{op}_"], inp("f") + f"r = torch.{op}_(x)\nshow(x)\nsame(r, x)")
        case(G, f"{op}/out", [f"torch.{op}"], inp("f") + f"o = torch.empty(2, 3)\nr = torch.{op}(x, out=o)\nshow(o)\nsame(r, o)")
        case(G, f"{op}/list", [f"torch.{op}"], f"torch.{op}([1.0, 2.0])")


def polygamma(case, inp):
    for n in [0, 1, 2, 3, 4, 7]:
        for name in ["f", "fodd", "fspecial", "f0", "fempty", "ft", "i", "b"]:
            case(G, f"polygamma/{n}/{name}", ["torch.polygamma"], inp(name) + f"show(torch.polygamma({n}, x))")
            case(G, f"polygamma/{n}/{name}/method", ["Tensor.polygamma"], inp(name) + f"show(x.polygamma({n}))")
        case(G, f"polygamma/{n}/wide", ["torch.polygamma"], WIDE + f"show(torch.polygamma({n}, x))")
        for dt in ["float64", "float16", "bfloat16"]:
            case(G, f"polygamma/{n}/{dt}", ["torch.polygamma"], WIDE + f"show(torch.polygamma({n}, x.to(torch.{dt})))")
        case(G, f"polygamma_/{n}", ["Tensor.polygamma_"], WIDE + f"r = x.polygamma_({n})\nshow(x)\nsame(r, x)")
    case(G, "polygamma/negative", ["torch.polygamma"], inp("f") + "show(torch.polygamma(-1, x))")
    case(G, "polygamma/kw", ["torch.polygamma"], inp("f") + "show(torch.polygamma(n=2, input=x))")
    case(G, "polygamma/out", ["torch.polygamma"], inp("f") + "o = torch.empty(2, 3)\nr = torch.polygamma(1, x, out=o)\nshow(o)\nsame(r, o)")
    case(G, "polygamma_/int", ["Tensor.polygamma_"], inp("i") + "x.polygamma_(1)")
    case(G, "polygamma/float_n", ["torch.polygamma"], inp("f") + "torch.polygamma(1.0, x)")


def logit(case, inp):
    for k, eps in enumerate(["", "0.1", "eps=0.25", "None", "0.0", "-1.0", "0.5", "0.7"]):
        arg = f", {eps}" if eps else ""
        for name in ["f", "fspecial", "f0", "fempty", "ft", "fexp", "i", "b"]:
            case(G, f"logit/{k}/{name}", ["torch.logit"], inp(name) + f"show(torch.logit(x / 4 + 0.5{arg}))")
            case(G, f"logit/{k}/{name}/method", ["Tensor.logit"], inp(name) + f"show(x.logit({eps}))")
        case(G, f"logit/{k}/unit", ["torch.logit"], UNIT + f"show(torch.logit(x{arg}))")
        for dt in ["float64", "float16", "bfloat16"]:
            case(G, f"logit/{k}/{dt}", ["torch.logit"], UNIT + f"show(torch.logit(x.to(torch.{dt}){arg}))")
        case(G, f"logit_/{k}", ["Tensor.logit_"], UNIT + f"r = x.logit_({eps})\nshow(x)\nsame(r, x)")
        case(G, f"logit_/{k}/torch", ["torch.logit_"], UNIT + f"r = torch.logit_(x{arg})\nshow(x)\nsame(r, x)")
    case(G, "logit/long", ["torch.logit"], "show(torch.logit(torch.linspace(0.001, 0.999, 100)))")
    case(G, "logit/out", ["torch.logit"], UNIT + "o = torch.empty(11)\nr = torch.logit(x, out=o)\nshow(o)\nsame(r, o)")
    case(G, "logit_/int", ["Tensor.logit_"], inp("i") + "x.logit_()")


def mvlgamma(case, inp):
    for p in [1, 2, 3, 5]:
        for name in ["f", "f0", "fempty", "ft", "i", "i32"]:
            case(G, f"mvlgamma/{p}/{name}", ["torch.mvlgamma"], inp(name) + f"show(torch.mvlgamma(x + 3, {p}))")
            case(G, f"mvlgamma/{p}/{name}/method", ["Tensor.mvlgamma"], inp(name) + f"show(x.mvlgamma(p={p}))")
        case(G, f"mvlgamma/{p}/wide", ["torch.mvlgamma"], WIDE + f"show(torch.mvlgamma(x, {p}))")
        for dt in ["float64", "float16", "bfloat16"]:
            case(G, f"mvlgamma/{p}/{dt}", ["torch.mvlgamma"], WIDE + f"show(torch.mvlgamma(x.to(torch.{dt}), {p}))")
        case(G, f"mvlgamma_/{p}", ["Tensor.mvlgamma_"], WIDE + f"r = x.mvlgamma_({p})\nshow(x)\nsame(r, x)")
        case(G, f"mvlgamma_/{p}/int", ["Tensor.mvlgamma_"], inp("i") + f"x.mvlgamma_({p})")
    case(G, "mvlgamma/bool", ["torch.mvlgamma"], inp("b") + "torch.mvlgamma(x, 1)")
    case(G, "mvlgamma/p0", ["torch.mvlgamma"], inp("f") + "torch.mvlgamma(x, 0)")
    case(G, "mvlgamma/out", ["torch.mvlgamma"], WIDE + "o = torch.empty(12)\nr = torch.mvlgamma(x, 2, out=o)\nshow(o)\nsame(r, o)")


def float_parts(case, inp):
    for name in POOL:
        case(G, f"frexp/{name}", ["torch.frexp"], inp(name) + "show(torch.frexp(x))")
        case(G, f"frexp/{name}/method", ["Tensor.frexp"], inp(name) + "r = x.frexp()\nshow(r.mantissa)\nshow(r.exponent)")
    for dt in ["float64", "float16", "bfloat16"]:
        case(G, f"frexp/{dt}", ["torch.frexp"], WIDE + f"show(torch.frexp(x.to(torch.{dt})))")
    case(G, "frexp/tiny", ["torch.frexp"], "show(torch.frexp(torch.tensor([1e-40, -3e-45, 1e38, 0.1])))")
    for name in ["f", "fodd", "fspecial", "f0", "ft", "i", "i32", "b"]:
        for k, e in enumerate(["torch.tensor([3, -1, 0])", "torch.tensor(2)", "torch.tensor([1.5, 0.0, -2.0])", "torch.tensor([True, False, True])"]):
            case(G, f"ldexp/{name}/{k}", ["torch.ldexp"], inp(name) + f"show(torch.ldexp(x, {e}))")
            case(G, f"ldexp/{name}/{k}/method", ["Tensor.ldexp"], inp(name) + f"show(x.ldexp({e}))")
            case(G, f"ldexp_/{name}/{k}", ["Tensor.ldexp_"], inp(name) + f"r = x.ldexp_({e})\nshow(x)\nsame(r, x)")
            case(G, f"ldexp_/{name}/{k}/torch", ["torch.ldexp_"], inp(name) + f"r = torch.ldexp_(x, {e})\nshow(x)\nsame(r, x)")
        for k, e in enumerate(["2", "0.5", "-1", "torch.tensor([2, 3, 0])", "torch.tensor(0.5)", "True", "torch.tensor([[1.5, -1.0, 2.0]])"]):
            case(G, f"float_power/{name}/{k}", ["torch.float_power"], inp(name) + f"show(torch.float_power(x, {e}))")
            case(G, f"float_power/{name}/{k}/method", ["Tensor.float_power"], inp(name) + f"show(x.float_power({e}))")
            case(G, f"float_power_/{name}/{k}", ["Tensor.float_power_"], inp(name) + f"y = x.double()\nr = y.float_power_({e})\nshow(y)\nsame(r, y)")
        case(G, f"float_power_/{name}/notdouble", ["Tensor.float_power_"], inp(name) + "x.float_power_(2)")
    for k, b in enumerate(["2", "0.5", "-3", "True"]):
        case(G, f"float_power/scalar/{k}", ["torch.float_power"], f"show(torch.float_power({b}, torch.tensor([1, 2, -1])))")
    case(G, "float_power/out", ["torch.float_power"], "o = torch.zeros(3, dtype=torch.float64)\nr = torch.float_power(torch.tensor([1., 2., 3.]), 2, out=o)\nshow(o)\nsame(r, o)")


def incomplete_gamma(case, inp):
    g = "igamma"
    grids = [(1, 1), (5, 5), (30, 30), (0.3, 3), (300, 300), (100, 150), (3, 0.5), (1000, 1000), (50, 20), (2, 10),
             (0.01, 0.01), (10, 0.6), (600, 800), (1e4, 1.2e4), (1e-3, 50)]
    for op in ["igamma", "igammac"]:
        for sa, sx in grids:
            for dt in ["float32", "float64"]:
                src = (f"torch.manual_seed(7)\na = torch.rand(64, dtype=torch.{dt}) * {sa}\n"
                       f"x = torch.rand(64, dtype=torch.{dt}) * {sx}\nshow(torch.{op}(a, x))")
                case(g, f"{op}/grid/{sa}/{sx}/{dt}", [f"torch.{op}"], src)
        special = ("a = torch.tensor([0.0, 0.0, 0.0, -1.0, 1.0, 1.0, float('inf'), float('inf'), 2.0, float('nan'), 2.0, 1e-30, 1e30])\n"
                   "x = torch.tensor([0.0, 1.0, -1.0, 1.0, -1.0, 0.0, 1.0, float('inf'), float('inf'), 1.0, float('nan'), 1e-30, 1e30])\n")
        for k, src in enumerate([
            special + f"show(torch.{op}(a, x))", special + f"show(torch.{op}(a.double(), x.double()))",
            special + f"show(a.{op}(x))", "a = torch.tensor([[0.5], [2.0], [7.0]])\nx = torch.tensor([0.1, 1.0, 3.0, 9.0])\n" + f"show(torch.{op}(a, x))",
            "a = torch.tensor([0.5, 2.0, 7.0])\nx = torch.tensor([1.0, 3.0, 9.0], dtype=torch.float64)\n" + f"show(torch.{op}(a, x))",
            "a = torch.tensor([0.5, 2.0, 7.0]).half()\nx = torch.tensor([1.0, 3.0, 9.0]).half()\n" + f"show(torch.{op}(a, x))",
            "a = torch.tensor([0.5, 2.0, 7.0]).bfloat16()\nx = torch.tensor([1.0, 3.0, 9.0]).bfloat16()\n" + f"show(torch.{op}(a, x))",
            "a = torch.tensor([0.5, 2.0, 7.0])\nx = torch.tensor(3.0)\n" + f"show(torch.{op}(a, x))",
            "a = torch.rand(3, 4) * 4\nx = torch.rand(4, 3) * 4\n" + f"show(torch.{op}(a, x.t()))",
            "a = torch.rand(3, 4) * 4\nx = torch.rand(3, 4) * 4\ny = a.clone()\n" + f"r = y.{op}_(x)\nshow(y)\nsame(r, y)",
            "a = torch.rand(3) * 4\nx = torch.rand(3) * 4\no = torch.empty(3)\n" + f"torch.{op}(a, x, out=o)\nshow(o)",
            f"show(torch.{op}(torch.zeros(0), torch.zeros(0)))", f"show(torch.{op}(torch.tensor(2.0), torch.tensor(1.5)))",
            f"torch.{op}(torch.tensor([1, 2]), torch.tensor([3, 4]))", f"torch.{op}(torch.tensor([1.0]), 2.0)",
            f"torch.{op}(torch.ones(2), torch.ones(3))", f"torch.{op}(torch.tensor([True]), torch.tensor([True]))",
            f"torch.ones(3).{op}_(torch.ones(3).double())", f"torch.zeros(3).expand(2, 3).{op}_(torch.ones(3))",
        ]):
            src = "torch.manual_seed(0)\n" + src
            ops = [f"torch.{op}"] + ([f"Tensor.{op}"] if f"a.{op}(" in src else []) + ([f"Tensor.{op}_"] if f"{op}_(" in src else [])
            if f").{op}_(" in src:
                ops = [f"Tensor.{op}_"]
            case(g, f"{op}/{k}", ops, src)
