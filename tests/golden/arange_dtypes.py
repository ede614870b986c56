import torch

a = torch.arange(5)
print(a, a.dtype)

b = torch.arange(2, 10)
print(b)

c = torch.arange(0, 10, 3)
print(c)

d = torch.arange(0, 12)
print(d, d.shape)

# float arguments give float32
e = torch.arange(0.0, 1.0, 0.25)
print(e, e.dtype)

f = torch.arange(0, 8, 2).float()
print(f, f.dtype)

g = torch.arange(5, dtype=torch.float32)
print(g)

h = torch.arange(10, 0, -2)
print(h)

i = torch.arange(1, 2.5, 0.5)
print(i)

# linspace
print(torch.linspace(0, 1, 5))
print(torch.linspace(-1, 1, steps=3))

# dtype conversions
x = torch.tensor([-1.7, -0.5, 0.0, 0.5, 1.7, 2.9])
print(x.long())
print(x.int())
print(x.bool())
print(x.to(torch.int64))
print(x.type(torch.int32))
print(x.long().float())

y = torch.tensor([0, 1, 2, 3])
print(y.float())
print(y.to(torch.float32).dtype)
print(y.bool())
print(y.int().dtype)

z = torch.tensor([True, False])
print(z.long(), z.float(), z.int())

# dtype objects
print(torch.float32, torch.int64, torch.int32, torch.bool)
print(torch.float, torch.long, torch.int)
print(torch.float32 == torch.float, torch.int64 == torch.long)
print(a.dtype == torch.int64, e.dtype is torch.float32)
print(a.is_floating_point(), e.is_floating_point())

# element sizes
print(a.element_size(), e.element_size(), y.int().element_size(), z.element_size())
