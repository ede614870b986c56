import torch

a = torch.arange(6).view(2, 3)
print(a.t())
print(a.T)
print(a.transpose(0, 1))
print(a.transpose(1, 0).shape)
print(a.transpose(-1, -2).stride())

b = torch.arange(24).view(2, 3, 4)
print(b.transpose(0, 2).shape)
print(b.transpose(1, 2))
print(b.transpose(1, 2).stride())
print(b.transpose(-2, -1).shape)

# permute reorders all dims
p = b.permute(2, 0, 1)
print(p.shape, p.stride())
print(p[:, 0, :])
print(b.permute(0, 2, 1).equal(b.transpose(1, 2)))

# transpose shares storage
t = a.t()
t[0, 1] = 50
print(a)

# transpose of a 1-D tensor is itself
v = torch.arange(3)
print(v.t(), v.t().shape)

# the randn(1, 3, 2, 5) example: swap dims 0 and 2
torch.manual_seed(0)
x = torch.randn(1, 3, 2, 5)
print(x.shape)
x = x.transpose(0, 2)
print(x.shape)
print(x.stride())

# mT and swapaxes-style helpers
m = torch.arange(8).view(2, 2, 2)
print(m.mT)
print(m.transpose(-2, -1).tolist())

# double transpose gets the original back
print(b.transpose(0, 1).transpose(0, 1).is_contiguous())
print(torch.equal(b.transpose(0, 1).transpose(0, 1), b))

# movedim
print(b.movedim(0, -1).shape)
