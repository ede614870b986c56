import torch

a = torch.arange(12)
print(a.shape, a.stride(), a.is_contiguous())

b = a.view(3, 4)
print(b)
print(b.shape, b.stride())

c = a.view(2, 3, 2)
print(c.shape, c.stride())

# -1 is inferred
print(a.view(-1, 6).shape)
print(a.view(4, -1).shape)
print(a.view(2, -1, 3).shape)
print(b.view(-1).shape)
print(a.view(1, 12).shape, a.view(12, 1).shape)

# views share storage with the base
b[0, 0] = 100
print(a[:4])
c[1, 2, 1] = -1
print(a)

# view of a view
d = b.view(6, 2).view(2, 2, 3)
print(d.shape, d.stride())

# view after slicing rows is fine, the rows are still contiguous
e = b[1:]
print(e.shape, e.stride(), e.is_contiguous())
print(e.view(8))

# view works on some non-contiguous tensors if dims merge cleanly
f = torch.arange(24).view(2, 3, 4)
g = f.transpose(0, 1)
print(g.shape, g.stride(), g.is_contiguous())
print(g.view(3, 2, 2, 2).shape)
print(g.view(3, 2, 2, 2).stride())

h = f[:, :, :2]
print(h.shape, h.stride(), h.is_contiguous())
print(h.view(2, 3, 2, 1).shape)

# view on a float tensor, and the -1 with a zero dim
x = torch.arange(6).float().view(2, 3)
print(x)
print(torch.zeros(0, 4).view(-1, 2).shape)

# view_as
y = torch.arange(6)
print(y.view_as(x))

# flatten and unflatten style
print(f.flatten().shape, f.flatten(1).shape, f.flatten(0, 1).shape)
print(f.view(f.size(0), -1).shape)

# size of a 0-d view
s = torch.tensor([5.0])
print(s.view(()).shape, s.view(()))
