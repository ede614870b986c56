# Products with a zero-sized dim: an empty result, or zeros (and the bias) when the shared dim is 0.
import torch
import torch.nn.functional as F

cases = [
    ((0, 4), (4, 5)),
    ((3, 0), (0, 4)),
    ((0, 4), (4,)),
    ((4,), (4, 0)),
    ((0,), (0,)),
    ((2, 0, 3), (2, 3, 5)),
    ((0, 2, 3), (0, 3, 4)),
    ((2, 3, 0), (0, 4)),
]
for a, b in cases:
    print(a, b, torch.matmul(torch.ones(a), torch.ones(b)))
print(torch.bmm(torch.ones(0, 2, 3), torch.ones(0, 3, 4)))
print(F.linear(torch.ones(0, 4), torch.ones(5, 4), torch.arange(5.0)))
print(F.linear(torch.ones(2, 3, 0), torch.ones(4, 0), torch.arange(4.0)))
print(F.linear(torch.ones(2, 3), torch.ones(0, 3), torch.ones(0)))
# Batch dims 2 and 0 do not broadcast, empty or not.
print(torch.matmul(torch.ones(2, 1, 4), torch.ones(0, 4, 3)))
