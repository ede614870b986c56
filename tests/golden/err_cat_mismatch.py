import torch

a = torch.zeros(2, 3)
b = torch.ones(2, 4)
print(torch.cat([a, b], dim=1).shape)
print(torch.cat([a, b], dim=0))
