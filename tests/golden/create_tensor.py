import torch

# from nested Python lists: dtype is inferred
a = torch.tensor([1, 2, 3])
print(a)
print(a.dtype, a.shape)

b = torch.tensor([1.0, 2.5, -3.0])
print(b)
print(b.dtype)

c = torch.tensor([[1, 2], [3, 4], [5, 6]])
print(c)
print(c.shape, c.dim(), c.numel())

# mixed ints and floats become float32
d = torch.tensor([1, 2.5])
print(d, d.dtype)

# booleans
e = torch.tensor([True, False, True])
print(e)
print(e.dtype)

# 0-d tensors
s = torch.tensor(3.5)
print(s)
print(s.shape, s.dim())
print(torch.tensor(7))

# explicit dtypes
print(torch.tensor([1, 2, 3], dtype=torch.float32))
print(torch.tensor([1.7, -2.7], dtype=torch.int64))
print(torch.tensor([0, 1, 2], dtype=torch.bool))
print(torch.tensor([5, 6], dtype=torch.int32))

# torch.Tensor (legacy constructor) always gives float32
f = torch.Tensor([1, 2, 3])
print(f, f.dtype)
print(torch.Tensor([10000.0]))

# empty tensors
g = torch.tensor([])
print(g, g.shape, g.dtype)
print(torch.zeros(0, 3))

# 3-D
h = torch.tensor([[[1, 2], [3, 4]], [[5, 6], [7, 8]]])
print(h)
print(h.shape)
print(len(h), h.size(), h.size(0), h.size(-1))

# size() returns torch.Size, a tuple subclass
print(type(h.shape).__name__)
print(list(h.shape), tuple(h.shape))
print(h.shape[0] * h.shape[1])
print(h.shape == (2, 2, 2))
