import torch

a = torch.arange(6).view(2, 3)
b = torch.arange(6, 12).view(2, 3)
print(torch.cat([a, b]))
print(torch.cat([a, b], dim=1))
print(torch.cat((a, b), dim=-1).shape)
print(torch.cat([a, torch.zeros(1, 3, dtype=torch.int64)], dim=0))
print(torch.cat([torch.tensor([1.0]), torch.tensor([2.0, 3.0])]))

# stack adds a new dim
print(torch.stack([a, b]))
print(torch.stack([a, b], dim=1))
print(torch.stack([a, b], dim=2).shape)
print(torch.stack([a, b], dim=-1).shape)
vs = [torch.tensor([1, 2]), torch.tensor([3, 4]), torch.tensor([5, 6])]
print(torch.stack(vs))
print(torch.stack(vs, 1))

# split and chunk
x = torch.arange(10)
print(torch.split(x, 3))
print(x.split(5))
print(x.split([2, 3, 5]))
print(torch.chunk(x, 3))
print(x.chunk(2))
y = torch.arange(12).view(3, 4)
for part in y.split(2, dim=1):
    print(part.shape, part.is_contiguous())
q, k, v = torch.arange(12).view(2, 6).chunk(3, dim=-1)
print(q, k, v)

# unbind
for row in y.unbind(0):
    print(row)
print(torch.unbind(y, dim=1)[0])

# building a batch from lists of ids
batch = [torch.tensor([3, 6, 4, 9]), torch.tensor([1, 3, 5, 0]), torch.tensor([3, 2, 0, 0])]
print(torch.stack(batch))

# concatenating heads along the last dim
heads = [torch.ones(1, 3, 2) * h for h in range(4)]
cat = torch.cat(heads, dim=-1)
print(cat.shape)
print(cat)

# hstack / vstack
print(torch.vstack([torch.tensor([1, 2]), torch.tensor([3, 4])]))
print(torch.hstack([torch.tensor([1, 2]), torch.tensor([3])]))

# flip
print(torch.flip(x, dims=[0]))
print(y.flip(1))
