import torch
import torch.nn as nn

torch.manual_seed(0)
fc = nn.Linear(8, 16)
x = torch.ones(2, 5, 8)
print(fc(x).shape)
y = torch.ones(2, 5, 16)
out = fc(y)
print("unreachable", out.shape)
