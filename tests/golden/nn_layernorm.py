import torch
import torch.nn as nn
import torch.nn.functional as F

ln = nn.LayerNorm(4)
print(ln)
print(ln.weight, ln.bias)
print(ln.normalized_shape, ln.eps)

x = torch.tensor([[1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 6.0]])
with torch.no_grad():
    y = ln(x)
print(y)
print(y.mean(-1), y.var(-1, unbiased=False))

# the same by hand (biased variance, eps inside the sqrt)
mean = x.mean(-1, keepdim=True)
var = x.var(-1, unbiased=False, keepdim=True)
print((x - mean) / torch.sqrt(var + 1e-5))
print(torch.allclose(y, (x - mean) / torch.sqrt(var + 1e-5), atol=1e-6))

# functional form
print(F.layer_norm(x, (4,)))

# eps and elementwise_affine
ln2 = nn.LayerNorm(4, eps=1e-6)
print(ln2)
ln3 = nn.LayerNorm(4, elementwise_affine=False)
print(ln3)
print(ln3.weight)
print(ln3(x))

# gamma and beta
with torch.no_grad():
    ln.weight.fill_(2.0)
    ln.bias.fill_(0.5)
    print(ln(x))

# a constant row normalises to zero (plus beta)
with torch.no_grad():
    print(ln(torch.full((1, 4), 3.0)))

# over the last dim of a 3-D tensor
torch.manual_seed(0)
h = torch.randn(2, 3, 8)
ln8 = nn.LayerNorm(8)
with torch.no_grad():
    out = ln8(h)
print(out.shape)
print(out[0, 0])
print(out.mean(-1).abs().max().item() < 1e-6)

# normalising over the last two dims
ln_2d = nn.LayerNorm([3, 8])
print(ln_2d)
with torch.no_grad():
    print(ln_2d(h).shape)
print(sum(p.numel() for p in ln_2d.parameters()))
