import torch

a = torch.ones(3, 4)
b = torch.ones(4, 5)
print((a @ b).shape)
c = torch.ones(5, 2)
print("shapes:", a.shape, c.shape)
d = a @ c
print("unreachable", d)
