import torch

a = torch.arange(12)
b = a.reshape(3, 4)
print(b)
print(b.stride())

# reshape returns a view when it can
b[0, 0] = 99
print(a[0].item())

# reshape of a non-contiguous tensor copies
t = b.t()
print(t.is_contiguous(), t.stride())
r = t.reshape(12)
print(r)
r[0] = -5
print(b[0, 0].item(), t[0, 0].item())

# contiguous() makes a packed copy only when needed
c = t.contiguous()
print(c.is_contiguous(), c.stride())
c[0, 0] = 7
print(t[0, 0].item())
print(b.contiguous().is_contiguous())

# reshape with -1
print(a.reshape(-1, 2).shape)
print(a.reshape(2, 2, -1).shape)
print(t.reshape(-1).tolist())

# transpose then contiguous then view: the head-merge pattern
x = torch.arange(24).view(1, 2, 3, 4)
y = x.transpose(1, 2)
print(y.shape, y.stride(), y.is_contiguous())
z = y.contiguous()
print(z.shape, z.stride(), z.is_contiguous())
print(z.view(1, 3, 8))
print(y.reshape(1, 3, 8))

# reshape of a slice with a step
s = torch.arange(10)[::2]
print(s, s.stride(), s.is_contiguous())
print(s.reshape(5, 1))
print(s.contiguous().stride())

# a 1-element and a 0-d reshape
print(torch.tensor([3]).reshape(()).shape)
print(torch.tensor(3).reshape(1, 1))

# expand results are not contiguous either
e = torch.tensor([[1], [2]]).expand(2, 3)
print(e.stride(), e.is_contiguous())
print(e.reshape(6))
print(e.contiguous().stride())
