import torch

a = torch.arange(12)
print(a.view(3, 4).shape)
print(a.view(2, -1).shape)
b = a.view(5, -1)
print("unreachable", b)
