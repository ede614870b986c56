import torch

a = torch.tensor([1, 2, 3, 4])
b = torch.tensor([4, 2, 1, 4])
print(a == b, a != b)
print(a < b, a <= b, a > b, a >= b)
print(a.eq(b), a.ne(2), a.lt(3), a.gt(1), torch.ge(a, 2), torch.le(a, b))
print(a == 2)

m = a > 1
n = b > 1
print(m & n, m | n, m ^ n, ~m)
print(torch.logical_and(m, n), torch.logical_or(m, n), torch.logical_not(m))
print(torch.logical_xor(m, n))
print(torch.logical_not(torch.tensor([0, 1, 2])))

# any / all
print(m.any(), m.all(), torch.tensor([True, True]).all())
print(torch.tensor([[True, False], [True, True]]).all(dim=1))
print(torch.tensor([[True, False], [False, False]]).any(dim=0))
print(bool(m.any()))

# where
print(torch.where(a > 2, a, b))
print(torch.where(a > 2, a * 10, torch.zeros_like(a)))
x = torch.tensor([[0.5, -1.0], [2.0, -3.0]])
print(torch.where(x > 0, x, torch.tensor(0.0)))
print(torch.where(x < 0))
print(x.nonzero())
print(torch.nonzero(a > 2))

# equal / allclose / isclose
print(torch.equal(a, a.clone()), torch.equal(a, b))
f = torch.tensor([1.0, 2.0, 3.0])
print(torch.allclose(f, f + 1e-7), torch.allclose(f, f + 1e-3))
print(torch.isclose(f, torch.tensor([1.0, 2.1, 3.0])))

# nan handling
z = torch.tensor([1.0, float('nan'), float('inf')])
print(z == z, torch.isnan(z), torch.isinf(z), torch.isfinite(z))

# counting True values
print((a > 1).sum(), (a > 1).sum().item())
print((a == b).float().mean())

# comparing with a python float
print(f > 1.5, f == 2)

# sorting-related comparisons: max/min of two tensors
print(torch.max(a, b), torch.min(a, b))

# bool tensor arithmetic
mask = torch.tensor([[True, False, False], [True, True, False]])
print(mask.long(), mask.sum(dim=1), mask == 0, mask == False)
print(~mask)
print(mask.logical_not().int())

# chained boolean of python comparisons of items
print(a[0].item() < a[1].item() < a[2].item())
