# std/var with no degrees of freedom left: nan (or inf) and ATen's UserWarning, seen through
# warnings.catch_warnings(record=True), with the line it is attributed to.
import warnings
import torch


def caught(label, f):
    with warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter("always")
        r = f()
    print(label, r)
    for w in ws:
        print("  ", w.category.__name__, w.lineno, str(w.message)[:60])


caught("one element std", lambda: torch.tensor([1.0]).std())
caught("one element var", lambda: torch.tensor([1.0]).var())
caught("biased is fine", lambda: torch.tensor([1.0]).std(unbiased=False))
caught("empty", lambda: torch.tensor([]).std())
caught("per column", lambda: torch.tensor([[1.0, 2.0]]).std(0))
caught("correction 2", lambda: torch.std(torch.tensor([1.0, 2.0]), correction=2))
caught("correction 5.5 of 6", lambda: torch.zeros(2, 3).var((0, 1), correction=5.5))
caught("var_mean", lambda: torch.var_mean(torch.tensor([3.0])))
caught("std_mean", lambda: torch.std_mean(torch.tensor([[3.0]]), 0))
caught("float64", lambda: torch.tensor([2.0], dtype=torch.float64).var())
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        torch.tensor([1.0]).std()
    except UserWarning as e:
        print("as an error:", str(e)[:40])
