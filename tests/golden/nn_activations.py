import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([-3.0, -1.0, -0.1, 0.0, 0.1, 1.0, 3.0])

print(nn.ReLU()(x))
print(F.relu(x))
print(torch.relu(x))
print(x.relu())
print(nn.GELU()(x))
print(F.gelu(x))
print(F.gelu(x, approximate='tanh'))
print(nn.Tanh()(x))
print(nn.Sigmoid()(x))
print(F.silu(x))
print(F.leaky_relu(x, 0.1))
print(nn.LeakyReLU()(x))
print(F.elu(x))
print(F.softplus(x))
print(torch.clamp(x, min=0.0))

# reprs
print(nn.ReLU(), nn.GELU(), nn.Tanh(), nn.Sigmoid())
print(nn.LeakyReLU(0.2), nn.ELU(), nn.SiLU())

# relu keeps integer dtype
print(torch.relu(torch.tensor([-2, 0, 5])))

# max(0, x) written by hand
print(torch.max(x, torch.zeros_like(x)))
print(torch.maximum(x, torch.tensor(0.0)))
print(x * (x > 0))

# relu in place
y = x.clone()
F.relu(y, inplace=True)
print(y)
z = x.clone()
z.relu_()
print(z)
print(nn.ReLU(inplace=True))

# activations on a 2-D tensor keep the shape
m = torch.arange(-4, 4).view(2, 4).float()
print(F.relu(m))
print(torch.sigmoid(m).shape)
print(F.gelu(m))
