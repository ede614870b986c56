"""Sweep cases for the embedding, margin and count losses (issue 19): poisson_nll_loss, gaussian_nll_loss,
cosine_embedding_loss (and nn.CosineEmbeddingLoss), triplet_margin_loss, multi_margin_loss,
multilabel_margin_loss and multilabel_soft_margin_loss, with every reduction, the legacy
size_average/reduce, their options, float64, integer and broadcast inputs and the inputs each refuses."""

G = "losses"
REDS = ["", ", reduction='sum'", ", reduction='none'"]
A = "a = torch.tensor([[0.5, -1.0, 2.0, 0.25], [1.5, 0.0, -0.5, 3.0], [-2.0, 1.0, 0.75, -1.25]])\n"
B = "b = torch.tensor([[1.0, 0.5, -1.5, 0.0], [0.25, -2.0, 1.0, 2.5], [-1.0, -1.0, 0.5, 1.0]])\n"
N = "n = torch.tensor([[0.0, 1.0, 1.0, -1.0], [2.0, 0.5, -0.5, 0.0], [1.0, 2.0, -2.0, 0.5]])\n"
RAND = "torch.manual_seed(0)\na = torch.randn(5, 7)\nb = torch.randn(5, 7)\nn = torch.randn(5, 7)\n"


def register(case, inp):
    distances(case)
    pre = A + B + N
    for k, opt in enumerate(["", ", log_input=False", ", full=True", ", False, True", ", log_input=False, eps=0.5",
                             ", size_average=False", ", reduce=False"]):
        for red in REDS:
            case(G, f"poisson_nll_loss/{k}{red}", ["torch.nn.functional.poisson_nll_loss"],
                 pre + f"show(F.poisson_nll_loss(a, b.abs() * 2{opt}{red}))")
    for k, src in enumerate([
        "show(F.poisson_nll_loss(a.abs(), torch.tensor([0.0, 1.0, 2.0, 5.0]), log_input=False, full=True))",
        "show(F.poisson_nll_loss(a.double(), b.abs().double(), full=True, reduction='none'))",
        "show(F.poisson_nll_loss(torch.tensor([1, 2]), torch.tensor([0, 3])))",
        "F.poisson_nll_loss(a, b, reduction='avg')", "F.poisson_nll_loss(a, b[:2])", "show(F.poisson_nll_loss(a, b[0]))",
        "F.poisson_nll_loss(a, 2.0)", "show(F.poisson_nll_loss(a, b, reduce=False, size_average=True))",
    ]):
        case(G, f"poisson_nll_loss/more/{k}", ["torch.nn.functional.poisson_nll_loss"], pre + src)
    for k, opt in enumerate(["b.abs() + 0.5", "2.0", "0.5", "b.abs()", "b.abs()[:, :1] + 1", "torch.ones(3) * 0.25",
                             "b.abs() + 0.5, full=True", "b.abs() + 0.5, eps=0.3", "b.abs() + 0.5, True, 0.1"]):
        for red in REDS:
            case(G, f"gaussian_nll_loss/{k}{red}", ["torch.nn.functional.gaussian_nll_loss"],
                 pre + f"show(F.gaussian_nll_loss(a, n, {opt}{red}))")
    for k, src in enumerate([
        "F.gaussian_nll_loss(a, n, -1.0)", "F.gaussian_nll_loss(a, n, -b.abs() - 1)", "F.gaussian_nll_loss(a, n, torch.ones(2))",
        "F.gaussian_nll_loss(a, n, torch.ones(3, 2))", "F.gaussian_nll_loss(a, n, 1.0, reduction='avg')",
        "show(F.gaussian_nll_loss(a.double(), n.double(), b.abs().double() + 1))", "F.gaussian_nll_loss(a, n, 1)",
        "show(F.gaussian_nll_loss(a, n, torch.ones(1, 4)))", "show(F.gaussian_nll_loss(a[0], n[0], torch.tensor(2.0)))",
    ]):
        case(G, f"gaussian_nll_loss/more/{k}", ["torch.nn.functional.gaussian_nll_loss"], pre + src)
    y = "y = torch.tensor([1, -1, 1])\n"
    for k, opt in enumerate(["", ", 0.5", ", margin=-0.25", ", size_average=False", ", reduce=False"]):
        for red in REDS:
            case(G, f"cosine_embedding_loss/{k}{red}", ["torch.nn.functional.cosine_embedding_loss"],
                 pre + y + f"show(F.cosine_embedding_loss(a, b, y{opt}{red}))")
    for k, src in enumerate([
        "show(F.cosine_embedding_loss(a[0], b[0], torch.tensor(1)))", "show(F.cosine_embedding_loss(a[0], b[0], torch.tensor(-1.0), 0.1))",
        "show(F.cosine_embedding_loss(a, b, torch.tensor([1.0, 0.0, -1.0]), reduction='none'))",
        "show(F.cosine_embedding_loss(a.double(), b.double(), y))", "show(F.cosine_embedding_loss(torch.zeros(2, 3), torch.ones(2, 3), torch.tensor([1, -1])))",
        "F.cosine_embedding_loss(a, b, torch.ones(3, 1))", "F.cosine_embedding_loss(a[0], b[0], y)", "F.cosine_embedding_loss(a, b, torch.tensor(1))",
        "F.cosine_embedding_loss(a, b[:2], y)", "F.cosine_embedding_loss(a, b, y, reduction='avg')",
        "show(F.cosine_embedding_loss(torch.tensor([[1, 2], [3, 4]]), torch.tensor([[1, 0], [0, 1]]), torch.tensor([1, -1])))",
        RAND + "show(F.cosine_embedding_loss(a, b, torch.tensor([1, -1, 1, 1, -1]), reduction='none'))",
        "m = nn.CosineEmbeddingLoss()\nprint(m)\nshow(m(a, b, y))", "m = nn.CosineEmbeddingLoss(margin=0.5, reduction='sum')\nprint(m)\nshow(m(a, b, -y))",
        "m = nn.CosineEmbeddingLoss(0.2, reduction='none')\nprint(m.margin, m.reduction)\nshow(m(a, b, y))",
        "m = nn.CosineEmbeddingLoss(size_average=False)\nprint(m.reduction)\nshow(m(a, b, y))",
    ]):
        case(G, f"cosine_embedding_loss/more/{k}", ["torch.nn.functional.cosine_embedding_loss", "torch.nn.CosineEmbeddingLoss",
                                                   "torch.nn.Module"], pre + y + src)
    for k, opt in enumerate(["", ", margin=0.5", ", 2.0, 1", ", p=1.0", ", p=3.0, eps=0.0", ", swap=True", ", 0.25, 2, 1e-6, True",
                             ", size_average=False", ", reduce=False"]):
        for red in REDS:
            case(G, f"triplet_margin_loss/{k}{red}", ["torch.nn.functional.triplet_margin_loss"],
                 pre + f"show(F.triplet_margin_loss(a, b, n{opt}{red}))")
    for k, src in enumerate([
        "F.triplet_margin_loss(a, b, n, margin=0.0)", "F.triplet_margin_loss(a, b, n, margin=-1)", "F.triplet_margin_loss(a, b[0], n)",
        "show(F.triplet_margin_loss(a[0], b[0], n[0]))", "show(F.triplet_margin_loss(a.double(), b.double(), n.double(), swap=True))",
        "F.triplet_margin_loss(a, b, n, reduction='avg')", RAND + "show(F.triplet_margin_loss(a, b, n, reduction='none'))",
        "show(F.triplet_margin_loss(torch.tensor([[1, 2]]), torch.tensor([[1, 3]]), torch.tensor([[0, 0]])))",
    ]):
        case(G, f"triplet_margin_loss/more/{k}", ["torch.nn.functional.triplet_margin_loss"], pre + src)
    tgt = "t = torch.tensor([3, 0, 2])\n"
    for k, opt in enumerate(["", ", p=2", ", 1, 0.5", ", margin=2.0", ", weight=torch.tensor([1.0, 2.0, 0.5, 4.0])",
                             ", 2, 1.5, torch.tensor([0.5, 1.0, 2.0, 1.0])", ", size_average=False", ", reduce=False"]):
        for red in REDS:
            case(G, f"multi_margin_loss/{k}{red}", ["torch.nn.functional.multi_margin_loss"],
                 pre + tgt + f"show(F.multi_margin_loss(a, t{opt}{red}))")
    for k, src in enumerate([
        "show(F.multi_margin_loss(a[0], torch.tensor(1)))", "show(F.multi_margin_loss(a[0], torch.tensor([1]), reduction='none'))",
        "show(F.multi_margin_loss(a[0], torch.tensor(1), reduction='none'))", "show(F.multi_margin_loss(a.double(), t))",
        "F.multi_margin_loss(a, t, p=3)", "F.multi_margin_loss(a, t, weight=torch.ones(2, 2))", "F.multi_margin_loss(a, t, weight=torch.ones(3))",
        "F.multi_margin_loss(a, torch.tensor([0, 1]))", "F.multi_margin_loss(a, torch.tensor([0, 1, 4]))", "F.multi_margin_loss(a, t.int())",
        "F.multi_margin_loss(a.long(), t)", "F.multi_margin_loss(torch.zeros(3, 0), t)",         "F.multi_margin_loss(a.unsqueeze(0), t)", "F.multi_margin_loss(a, t, reduction='avg')", "F.multi_margin_loss(a, t.float())",
        RAND + "show(F.multi_margin_loss(a, torch.tensor([0, 6, 3, 2, 1]), p=2, reduction='none'))\nshow(F.multi_margin_loss(a, torch.tensor([0, 6, 3, 2, 1])))",
    ]):
        case(G, f"multi_margin_loss/more/{k}", ["torch.nn.functional.multi_margin_loss"], pre + tgt + src)
    lt = "t = torch.tensor([[3, 0, -1, 1], [1, 2, 3, -1], [0, -1, 2, 2]])\n"
    for k, opt in enumerate(["", ", size_average=False", ", reduce=False"]):
        for red in REDS:
            case(G, f"multilabel_margin_loss/{k}{red}", ["torch.nn.functional.multilabel_margin_loss"],
                 pre + lt + f"show(F.multilabel_margin_loss(a, t{opt}{red}))")
    for k, src in enumerate([
        "show(F.multilabel_margin_loss(a[0], t[0]))", "show(F.multilabel_margin_loss(a[0], t[0], reduction='none'))",
        "show(F.multilabel_margin_loss(a.double(), t))", "F.multilabel_margin_loss(a, t[0])", "F.multilabel_margin_loss(a, t.int())",
        "F.multilabel_margin_loss(a, t + 4)", "F.multilabel_margin_loss(a, t - 2)", "F.multilabel_margin_loss(a.long(), t)",
        "F.multilabel_margin_loss(a, t, reduction='avg')", "show(F.multilabel_margin_loss(a, torch.full((3, 4), -1)))",
        "F.multilabel_margin_loss(torch.zeros(2, 0), torch.zeros(2, 0, dtype=torch.long))",
        RAND + "show(F.multilabel_margin_loss(a, torch.tensor([[0, 6, -1, 0, 0, 0, 0]] * 5), reduction='none'))",
    ]):
        case(G, f"multilabel_margin_loss/more/{k}", ["torch.nn.functional.multilabel_margin_loss"], pre + lt + src)
    mt = "t = torch.tensor([[1.0, 0.0, 1.0, 0.0], [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 0.0, 0.0]])\n"
    for k, opt in enumerate(["", ", weight=torch.tensor([1.0, 2.0, 0.5, 1.5])", ", torch.tensor([2.0])", ", size_average=False",
                             ", reduce=False"]):
        for red in REDS:
            case(G, f"multilabel_soft_margin_loss/{k}{red}", ["torch.nn.functional.multilabel_soft_margin_loss"],
                 pre + mt + f"show(F.multilabel_soft_margin_loss(a, t{opt}{red}))")
    for k, src in enumerate([
        "show(F.multilabel_soft_margin_loss(a[0], t[0]))", "show(F.multilabel_soft_margin_loss(a.double(), t.double()))",
        "F.multilabel_soft_margin_loss(a, t, reduction='avg')", "show(F.multilabel_soft_margin_loss(a, t.long()))",
        "F.multilabel_soft_margin_loss(a, t[:2])", "show(F.multilabel_soft_margin_loss(a, t[0]))",
        RAND + "show(F.multilabel_soft_margin_loss(a, (b > 0).float(), reduction='none'))",
    ]):
        case(G, f"multilabel_soft_margin_loss/more/{k}", ["torch.nn.functional.multilabel_soft_margin_loss"], pre + mt + src)


def distances(case):
    """F.pdist and F.bilinear / nn.Bilinear (group distance)."""
    g = "distance"
    rows = "x = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5], [-2.0, 1.0, 0.75], [0.5, -1.0, 2.0]])\n"
    wide = "x = torch.arange(60.0).reshape(4, 15) / 8 - 3\n"
    for name, src in [("rows", rows), ("wide", wide), ("r5x11", "torch.manual_seed(0)\nx = torch.randn(5, 11)\n"),
                      ("r6x3", "torch.manual_seed(1)\nx = torch.randn(6, 3)\n"), ("r3x8", "torch.manual_seed(2)\nx = torch.randn(3, 8)\n")]:
        for k, p in enumerate(["", ", 1", ", p=2.0", ", 0", ", float('inf')", ", 3", ", 0.5"]):
            case(g, f"pdist/{name}/{k}", ["torch.nn.functional.pdist"], src + f"show(F.pdist(x{p}))")
    for k, src in enumerate([
        "show(F.pdist(x.double()))", "show(F.pdist(x.double(), 3))", "show(F.pdist(x[:1]))", "show(F.pdist(torch.zeros(3, 0)))",
        "show(F.pdist(x.t()))", "F.pdist(x[0])", "F.pdist(x.long())", "F.pdist(x, -1)", "show(F.pdist(x.half()))",
        "show(F.pdist(torch.tensor([[1.0, float('nan')], [0.0, 1.0], [2.0, 2.0]])))",
    ]):
        case(g, f"pdist/more/{k}", ["torch.nn.functional.pdist"], rows + src)
    pre = ("a = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]])\nb = torch.tensor([[1.0, 0.25], [-2.0, 0.5]])\n"
           "w = torch.arange(24.0).reshape(4, 3, 2) / 8 - 1\nbias = torch.tensor([0.5, -1.0, 0.25, 2.0])\n")
    for k, src in enumerate([
        "show(F.bilinear(a, b, w))", "show(F.bilinear(a, b, w, bias))", "show(F.bilinear(a[0], b[0], w, bias))",
        "show(F.bilinear(a.unsqueeze(0).expand(3, 2, 3), b.unsqueeze(0).expand(3, 2, 2), w))",
        "show(F.bilinear(a.double(), b.double(), w.double()))", "F.bilinear(a, b[0], w)", "F.bilinear(a, b[:1], w)",
        "F.bilinear(a, b, w[:, :2])", "F.bilinear(a, b, w[:, :, :1])", "F.bilinear(a, b, w, bias[:3])", "F.bilinear(a, b, w[0])",
        "F.bilinear(a.long(), b, w)", "show(F.bilinear(torch.zeros(0, 3), torch.zeros(0, 2), w))",
        "torch.manual_seed(0)\nm = nn.Bilinear(3, 2, 4)\nprint(m)\nshow(m.weight)\nshow(m.bias)\nprint([n for n, _ in m.named_parameters()])",
        "torch.manual_seed(0)\nm = nn.Bilinear(3, 2, 4, bias=False)\nprint(m)\nprint(m.bias)\nwith torch.no_grad():\n"
        "    m.weight.copy_(w)\n    show(m(a, b))",
        "torch.manual_seed(0)\nm = nn.Bilinear(3, 2, 4)\nwith torch.no_grad():\n    m.weight.copy_(w)\n    m.bias.copy_(bias)\n    show(m(a, b))",
        "nn.Bilinear(0, 2, 4)", "torch.manual_seed(0)\nm = nn.Bilinear(3, 2, 4)\nm(a, a)",
        "torch.manual_seed(0)\nx1 = torch.randn(5, 6)\nx2 = torch.randn(5, 7)\nm = nn.Bilinear(6, 7, 3)\nwith torch.no_grad():\n    show(m(x1, x2))",
    ]):
        case(g, f"bilinear/{k}", ["torch.nn.functional.bilinear", "torch.nn.Bilinear", "torch.nn.Module"], pre + src)
