import torch
import torch.nn as nn

torch.manual_seed(0)
fc = nn.Linear(2, 2)
x = torch.tensor([[1.0, 2.0]])

print(x.requires_grad)
print(fc.weight.requires_grad, fc.bias.requires_grad)
print(torch.is_grad_enabled())

with torch.no_grad():
    print(torch.is_grad_enabled())
    y = fc(x)
    print(y.requires_grad)
    print(y)
print(torch.is_grad_enabled())

# outside no_grad an output of a layer requires grad
z = fc(x)
print(z.requires_grad)
print(z.detach())
print(z.detach().requires_grad)
print(z.data)
print(z.tolist())
print(z.sum().item())
print(z.shape)

# a tensor created with requires_grad=True
w = torch.ones(2, requires_grad=True)
print(w)
print(w.requires_grad, (w * 1).requires_grad)
with torch.no_grad():
    print((w * 2).requires_grad)
print(w.detach() * 2)

# in-place update of parameters is allowed under no_grad
with torch.no_grad():
    fc.weight.mul_(0.0)
    fc.bias.add_(1.0)
print(fc.weight.data)
print(fc.bias.data)
with torch.no_grad():
    print(fc(x))

# requires_grad_ flips the flag
t = torch.zeros(3)
t.requires_grad_()
print(t.requires_grad)
print(t)

# torch.inference_mode behaves like no_grad for printing
with torch.inference_mode():
    print(fc(x))

# set_grad_enabled
with torch.set_grad_enabled(False):
    print(fc(x).requires_grad)

# .data and .detach() share storage
d = fc.bias.data
d[0] = 5.0
print(fc.bias.detach())
