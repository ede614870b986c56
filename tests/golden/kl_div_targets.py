# kl_div over targets that are positive, zero, negative and nan, with every reduction, log_target and the
# module form; values printed exactly (tolist) so the formula's float order is checked too.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
inp = F.log_softmax(torch.randn(3, 4), dim=1)
targets = [
    F.softmax(torch.randn(3, 4), dim=1),
    torch.tensor([[0.2, 0.0, 0.8, 0.0], [0.5, 0.5, 0.0, 0.0], [0.25, 0.25, 0.25, 0.25]]),
    torch.tensor([[-0.1, 0.3, 0.8, 0.0], [0.0, 0.0, 1.0, 0.0], [0.1, 0.2, 0.3, 0.4]]),
    torch.tensor([[float("nan"), 0.3, 0.7, 0.0], [0.0, 0.0, 1.0, 0.0], [0.1, 0.2, 0.3, 0.4]]),
]
for target in targets:
    print(F.kl_div(inp, target, reduction="none").tolist())
    for red in ["sum", "batchmean"]:
        print(red, F.kl_div(inp, target, reduction=red).item())
        print(red, nn.KLDivLoss(reduction=red)(inp, target).item())
    print("log_target", F.kl_div(inp, inp, reduction="sum", log_target=True).item())
# A zero target against a -inf log-probability: 0 * -inf is nan in both formulas.
print(F.kl_div(torch.tensor([float("-inf"), 0.0]), torch.tensor([0.0, 1.0]), reduction="none"))
