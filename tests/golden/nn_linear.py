import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
fc = nn.Linear(4, 3)
print(fc)
print(fc.in_features, fc.out_features)
print(fc.weight.shape, fc.bias.shape)

x = torch.arange(8).view(2, 4).float()
with torch.no_grad():
    y = fc(x)
print(y)
print(y.shape)

# the same as x @ W.T + b
print(torch.allclose(y, x @ fc.weight.data.T + fc.bias.data))
with torch.no_grad():
    print(F.linear(x, fc.weight, fc.bias))

# works on any number of leading dims
x3 = torch.ones(2, 5, 4)
with torch.no_grad():
    print(fc(x3).shape)
    print(fc(torch.ones(4)).shape)
    print(fc(torch.ones(4)))

# no bias
fc2 = nn.Linear(4, 2, bias=False)
print(fc2)
print(fc2.bias)
with torch.no_grad():
    print(fc2(x).shape)

# setting weights by hand inside no_grad
with torch.no_grad():
    fc2.weight.copy_(torch.tensor([[1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 1.0, 1.0]]))
    print(fc2(x))
print(fc2.weight)

# fill_ and zero_ on parameters under no_grad
with torch.no_grad():
    fc.weight.fill_(0.5)
    fc.bias.zero_()
    print(fc(x))

# parameter counting
n = sum(p.numel() for p in fc.parameters())
print(n)
print([name for name, p in fc.named_parameters()])
print([tuple(p.shape) for p in fc.parameters()])

# the init bound is 1/sqrt(in_features)
torch.manual_seed(1)
big = nn.Linear(16, 4)
print(big.weight.abs().max().item() <= 0.25)
print(big.bias.data)

# a Linear in a 512-wide model, only shapes
torch.manual_seed(0)
proj = nn.Linear(512, 1536)
print(proj.weight.shape, proj.bias.shape)
with torch.no_grad():
    print(proj(torch.zeros(3, 512)).shape)
