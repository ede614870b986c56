import torch

a = torch.ones(2, 3)
b = torch.ones(3)
print((a + b).shape)
c = torch.ones(2, 1)
print((a + c).shape)
d = torch.ones(4)
print("about to add", a.shape, d.shape)
e = a + d
print("unreachable", e)
