import torch

u = torch.ones(3)
v = torch.ones(4)
print(u @ u)
w = u @ v
print("unreachable", w)
