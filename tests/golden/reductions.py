import torch

x = torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]])
print(x.sum(), x.sum(0), x.sum(1), x.sum(dim=-1))
print(x.sum(dim=1, keepdim=True))
print(x.sum(dim=(0, 1)))
print(x.mean(), x.mean(0), x.mean(dim=-1, keepdim=True))
print(x.prod(), x.prod(1))

# max / min with and without dim
print(x.max(), x.min())
print(x.max(dim=1))
values, indices = x.max(dim=0)
print(values, indices)
r = x.min(dim=1, keepdim=True)
print(r.values, r.indices)
print(r[0].shape)
print(x.argmax(), x.argmax(dim=1), x.argmin(dim=0))
print(x.argmax(dim=-1, keepdim=True))
print(torch.max(x, 1)[1])

# std / var: unbiased by default
print(x.std(), x.var())
print(x.std(dim=1), x.var(dim=1))
print(x.std(dim=1, unbiased=False), x.var(dim=1, unbiased=False))
print(x.std(-1, keepdim=True))
print(x.var(dim=1, correction=0))

# cumulative
print(x.cumsum(dim=1), x.cumsum(0))
print(torch.arange(1, 6).cumprod(0))

# integer reductions
i = torch.tensor([[1, 2], [3, 4]])
print(i.sum(), i.sum(0).dtype, i.max(), i.prod())
print(i.float().mean(), i.float().std())

# norm
print(x.norm(), torch.tensor([3.0, 4.0]).norm())
print(x.norm(dim=1))

# logsumexp and amax
print(torch.logsumexp(x, dim=1))
print(x.amax(dim=1), x.amin(dim=0))

# 3-D reductions over the last dim
y = torch.arange(24).view(2, 3, 4).float()
print(y.mean(-1))
print(y.sum(dim=(1, 2)))
print(y.max(dim=1).values)
print(y.mean(dim=1).shape, y.mean(dim=1, keepdim=True).shape)

# ties in argmax pick the first
t = torch.tensor([1, 3, 3, 0])
print(t.argmax(), t.max(dim=0))

# sort and topk
s = torch.tensor([3.0, 1.0, 4.0, 1.5, 5.0])
print(s.sort())
print(s.sort(descending=True).values)
print(torch.topk(s, 2))
print(s.topk(3, largest=False).indices)
print(torch.argsort(s))
