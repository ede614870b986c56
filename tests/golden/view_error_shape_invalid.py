import torch

a = torch.arange(0, 12)
print(a.view(2, 6).shape)
b = a.view(3, 5)
print("unreachable", b)
