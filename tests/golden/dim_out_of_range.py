import torch

x = torch.ones(2, 3)
print(x.sum(dim=1))
print(x.sum(dim=-2))
print(x.transpose(0, -1).shape)
y = x.softmax(dim=2)
print("unreachable", y)
