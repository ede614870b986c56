import torch

a = torch.arange(24)
print(a.view(2, 3, -1).shape)
b = a.view(-1, 2, -1)
print("unreachable", b)
