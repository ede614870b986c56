"""Sweep cases for the draws added late in issue 19: Tensor.exponential_, torch.multinomial (with and
without replacement, one sample and many, rows, every float dtype, non-contiguous probabilities, the
checks), torch.poisson (both of sample_poisson's methods) and F.gumbel_softmax (soft and hard). Each
case seeds the generator, and most draw again afterwards, so the number of draws taken is checked too."""

SEED = "torch.manual_seed(0)\n"
P = "p = torch.tensor([0.1, 0.2, 0.3, 0.4])\n"
W = "w = torch.rand(4, 6)\n"


def register(case, inp):
    exponential(case)
    multinomial(case)
    poisson(case)
    gumbel(case)


def exponential(case):
    g = "draws"
    for k, src in enumerate([
        "show(torch.empty(5).exponential_())", "show(torch.empty(5).exponential_(2.5))", "show(torch.empty(3, dtype=torch.float64).exponential_(0.5))",
        "show(torch.empty(4).half().exponential_())", "show(torch.empty(4).bfloat16().exponential_(3))", "show(torch.empty(3, 4).t().exponential_())",
        "y = torch.zeros(2, 6)\ny[:, ::2].exponential_()\nshow(y)", "show(torch.empty(0).exponential_())", "show(torch.empty(()).exponential_(lambd=4))",
        "show(torch.empty(40).exponential_(1e-3))", "show(torch.empty(3).exponential_(float('inf')))", "x = torch.empty(3)\nsame(x, x.exponential_())",
        "show(torch.empty(2).exponential_())\nshow(torch.rand(2))", "show(torch.empty(700).exponential_().sum())\nshow(torch.rand(2))",
        "torch.empty(3).exponential_(0)", "torch.empty(3).exponential_(-1.5)", "torch.empty(3).exponential_(float('nan'))",
        "torch.empty(3, dtype=torch.long).exponential_()", "torch.empty(3, dtype=torch.bool).exponential_()", "torch.empty(3).exponential_('a')",
        "torch.zeros(3).expand(2, 3).exponential_()",
    ]):
        case(g, f"exponential_/{k}", ["Tensor.exponential_"], SEED + src)


def multinomial(case):
    g = "draws"
    for k, src in enumerate([
        "show(torch.multinomial(p, 1))", "show(torch.multinomial(p, 4))", "show(torch.multinomial(p, 2, True))", "show(torch.multinomial(p, 1, replacement=True))",
        "show(torch.multinomial(p, 20, replacement=True))", "show(p.multinomial(3))", "show(p.multinomial(num_samples=6, replacement=True))",
        "show(torch.multinomial(w, 3))", "show(torch.multinomial(w, 1))", "show(torch.multinomial(w, 9, True))", "show(torch.multinomial(w.t(), 2))",
        "show(torch.multinomial(w.t(), 5, True))", "show(torch.multinomial(w.double(), 6))", "show(torch.multinomial(w.double(), 8, True))",
        "show(torch.multinomial(w.half(), 7, True))", "show(torch.multinomial(w.bfloat16(), 7, True))", "show(torch.multinomial(w.half(), 3))",
        "show(torch.multinomial(torch.tensor([5.0, 0.0, 1.0, 3.0]), 10, True))", "show(torch.multinomial(torch.tensor([0.0, 2.0, 0.0]), 1))",
        "show(torch.multinomial(torch.tensor([1e-30, 1.0]), 12, True))", "show(torch.multinomial(torch.ones(0, 3), 2))", "show(torch.multinomial(w[:, :1], 1))",
        "show(torch.multinomial(torch.rand(2, 40), 5, True))", "show(torch.multinomial(torch.rand(100), 10))",
        "o = torch.empty(3, dtype=torch.long)\ntorch.multinomial(p, 3, out=o)\nshow(o)",
        "show(torch.multinomial(p, 2))\nshow(torch.rand(2))", "show(torch.multinomial(p, 5, True))\nshow(torch.rand(2))",
        "torch.multinomial(torch.tensor([1, 2]), 1)", "torch.multinomial(torch.ones(2, 2, 2), 1)", "torch.multinomial(torch.tensor(1.0), 1)",
        "torch.multinomial(p, 0)", "torch.multinomial(p, -1, True)", "torch.multinomial(p, 5)", "torch.multinomial(torch.zeros(2), 1)",
        "torch.multinomial(torch.zeros(2), 2, True)", "torch.multinomial(torch.tensor([-1.0, 2.0]), 2, True)", "torch.multinomial(torch.tensor([-1.0, 2.0]), 1)",
        "torch.multinomial(torch.tensor([float('inf'), 2.0]), 2, True)", "torch.multinomial(torch.tensor([float('nan'), 2.0]), 2, True)",
        "torch.multinomial(torch.tensor([float('nan'), 2.0]), 1)", "torch.multinomial(torch.tensor([[1.0, 1.0], [0.0, 0.0]]), 1)",
        "torch.multinomial(torch.ones(3, 0), 2, True)", "torch.multinomial(p, 1.5)", "torch.multinomial(p)",
    ]):
        case(g, f"multinomial/{k}", ["torch.multinomial"] + (["Tensor.multinomial"] if "p.multinomial" in src else []), SEED + P + W + src)


def poisson(case):
    g = "draws"
    for k, src in enumerate([
        "show(torch.poisson(torch.tensor([0.5, 3.0, 12.0, 100.0, 0.0, 9.99])))", "show(torch.poisson(torch.rand(3, 4) * 30))",
        "show(torch.poisson(torch.rand(3, 4, dtype=torch.float64) * 5))", "show(torch.poisson((torch.rand(4, 3) * 20).t()))",
        "show(torch.poisson(torch.full((20,), 1000.0)))", "show(torch.poisson(torch.full((6,), 1e-3)))", "show(torch.poisson(torch.rand(5).half() * 15))",
        "show(torch.poisson(torch.rand(5).bfloat16() * 15))", "show(torch.poisson(torch.tensor(4.0)))", "show(torch.poisson(torch.zeros(0, 2)))",
        "show(torch.poisson(torch.tensor([2.0, 50.0])))\nshow(torch.rand(2))", "show(torch.poisson(torch.ones(2, 3).expand(2, 2, 3) * 11))",
        "torch.poisson(torch.tensor([-1.0]))", "torch.poisson(torch.tensor([1]))", "torch.poisson(torch.tensor([True]))", "torch.poisson(3.0)",
        "torch.poisson(torch.tensor([float('nan')]))",
    ]):
        case(g, f"poisson/{k}", ["torch.poisson"], SEED + src)


def gumbel(case):
    g = "draws"
    x = "x = torch.randn(3, 5)\n"
    for k, src in enumerate([
        "show(F.gumbel_softmax(x))", "show(F.gumbel_softmax(x, tau=0.5))", "show(F.gumbel_softmax(x, hard=True))", "show(F.gumbel_softmax(x, 2.0, True, dim=0))",
        "show(F.gumbel_softmax(x.double(), dim=0))", "show(F.gumbel_softmax(x.t(), hard=True))", "show(F.gumbel_softmax(x[0]))", "show(F.gumbel_softmax(torch.tensor(2.0)))",
        "show(F.gumbel_softmax(x, eps=0.1))", "show(F.gumbel_softmax(x, tau=2))", "show(F.gumbel_softmax(torch.zeros(0, 4)))",
        "x.requires_grad_()\nprint(F.gumbel_softmax(x).grad_fn.name(), F.gumbel_softmax(x, hard=True).grad_fn.name())",
        "show(F.gumbel_softmax(x))\nshow(torch.rand(2))",
        "F.gumbel_softmax([1.0, 2.0])", "F.gumbel_softmax(torch.tensor([1, 2]))", "F.gumbel_softmax(x, dim=3)", "F.gumbel_softmax(x, tau='a')",
    ]):
        case(g, f"gumbel_softmax/{k}", ["torch.nn.functional.gumbel_softmax"], SEED + x + src)
