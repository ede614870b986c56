import torch
import torch.nn as nn

torch.manual_seed(0)
print(torch.rand(3))
print(torch.rand(2, 3))
print(torch.randn(4))
print(torch.randn(2, 3))
print(torch.randint(0, 10, (5,)))
print(torch.randint(10, (2, 3)))

# the same seed gives the same numbers
torch.manual_seed(42)
a = torch.randn(3)
torch.manual_seed(42)
b = torch.randn(3)
print(a, b, torch.equal(a, b))

# 16 or more normals use a different (vectorised) path
torch.manual_seed(0)
print(torch.randn(16))
print(torch.randn(5, 4))
torch.manual_seed(1)
print(torch.rand(20))

# normal_ / uniform_ on existing tensors
torch.manual_seed(0)
t = torch.empty(2, 2).uniform_(-1, 1)
print(t)
print(torch.empty(3).normal_(0, 0.02))
print(torch.randperm(6))
print(torch.rand(1).item() < 1.0)

# nn.Linear weights are drawn from the global generator
torch.manual_seed(0)
lin = nn.Linear(3, 2)
print(lin.weight)
print(lin.bias)
print(lin.weight.data)
print(lin.weight.requires_grad, lin.weight.data.requires_grad)
with torch.no_grad():
    print(lin.weight)
    print(lin.weight * 1)
print(lin.weight.detach())
print(lin.weight.shape, lin.bias.shape)

# nn.Embedding weights are standard normal
torch.manual_seed(0)
emb = nn.Embedding(5, 3)
print(emb.weight)
print(emb.weight.data)
with torch.no_grad():
    print(emb(torch.tensor([1, 4])))

# a fresh seed in the middle changes what follows
torch.manual_seed(0)
lin2 = nn.Linear(3, 2)
print(torch.equal(lin2.weight.data, lin.weight.data))
print(torch.rand(2))

# the initial seed
torch.manual_seed(123)
print(torch.initial_seed())
print(torch.randn(2, 2))
