"""Sweep cases for the view-scatter ops and the statistics added late in issue 19: slice_scatter,
select_scatter and diagonal_scatter (strides kept, dtype cast, size errors); renorm, cov, corrcoef,
the trapezoid family and quantile, over dtypes, 0-d, empty, non-contiguous inputs and keywords."""

X = "x = torch.zeros(3, 4)\n"
R = "torch.manual_seed(0)\nr = torch.randn(3, 5)\n"


def register(case, inp):
    embed(case)


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
