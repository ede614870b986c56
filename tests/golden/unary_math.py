import math
import torch

x = torch.tensor([-2.0, -0.5, 0.0, 0.5, 2.0])
print(torch.abs(x), x.abs())
print(torch.neg(x))
print(torch.exp(x))
print(torch.sin(x))
print(torch.cos(x))
print(torch.tanh(x))
print(torch.sigmoid(x))
print(torch.relu(x))
print(torch.sign(x))
print(torch.floor(x), torch.ceil(x))
print(torch.round(torch.tensor([0.5, 1.5, 2.5, -0.5, 1.4])))
print(torch.trunc(torch.tensor([-1.7, 1.7])))
print(torch.clamp(x, -1, 1))
print(x.clamp(min=0))
print(x.clamp(max=0.25))

p = torch.tensor([0.25, 1.0, 4.0, 9.0])
print(torch.sqrt(p), p.sqrt())
print(torch.rsqrt(p))
print(torch.log(p))
print(torch.log2(p), torch.log10(p))
print(torch.log(torch.tensor([0.0, -1.0])))
print(torch.sqrt(torch.tensor([-1.0])))
print(p.pow(2), p ** 0.5, torch.pow(2, torch.tensor([0.0, 1.0, 10.0])))
print(torch.pow(p, torch.tensor([1.0, 2.0, 0.5, 0.0])))
print(torch.reciprocal(p))
print(torch.square(x))
print(torch.exp(torch.tensor([100.0, -100.0])))
print(torch.log1p(torch.tensor([0.0, 1e-5])))

# math module values mixed with tensors
print(torch.tensor([math.pi, math.e]))
print(x * math.sqrt(2))
print(torch.sqrt(torch.tensor([8.0])))
print(torch.sqrt(torch.Tensor([64])))

# the log-space div_term: exp(arange * -(log(10000) / d))
d_model = 8
div = torch.exp(torch.arange(0, d_model, 2) * -(math.log(10000.0) / d_model))
print(div)
div2 = torch.exp(torch.arange(0, d_model, 2) * -(torch.log(torch.Tensor([10000.0])) / d_model))
print(div2)
print(1 / 10000 ** (torch.arange(0, d_model, 2).float() / d_model))

# in-place variants
y = x.clone()
y.abs_()
print(y)
y.mul_(2).add_(1)
print(y)
y.clamp_(max=4)
print(y)

# integer tensors
n = torch.tensor([-3, 0, 4])
print(n.abs(), n.neg(), n.sign(), n.clamp(0, 2))
print(torch.exp(n))
print(n.float().sigmoid())
print(torch.erf(torch.tensor([0.0, 0.5, 1.0])))
print(torch.atan(torch.tensor([1.0])), torch.asin(torch.tensor([1.0])))
