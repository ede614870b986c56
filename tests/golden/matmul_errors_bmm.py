import torch

x = torch.ones(2, 3, 4)
y = torch.ones(3, 4, 5)
print(torch.bmm(x, torch.ones(2, 4, 5)).shape)
z = torch.bmm(x, y)
print("unreachable", z.shape)
