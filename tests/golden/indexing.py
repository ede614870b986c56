import torch

x = torch.arange(20).view(4, 5)
print(x)

# integers and negative integers
print(x[0])
print(x[-1])
print(x[1, 2], x[1][2])
print(x[-1, -1].item())

# slices
print(x[1:3])
print(x[:, 1:4])
print(x[:, -2:])
print(x[::2])
print(x[:, ::2])
print(x[1::2, 1::3])
print(x[:2, :2].shape, x[:2, :2].stride())
print(x[:, 0])
print(x[:, 0].is_contiguous(), x[:, 0].stride())
print(x[10:], x[10:].shape)

# None and Ellipsis
print(x[None].shape, x[:, None].shape)
print(x[..., 0])
print(x[..., None].shape)
y = torch.arange(24).view(2, 3, 4)
print(y[..., 1])
print(y[0, ..., 2])
print(y[:, 1].shape, y[:, :, 1].shape)

# boolean masks
m = x % 3 == 0
print(m)
print(x[m])
print(x[x > 15])
print(x[torch.tensor([True, False, True, False])])

# integer tensor and list indexing
print(x[torch.tensor([0, 2])])
print(x[[3, 1]])
print(x[[0, 1, 2], [4, 3, 2]])
print(x[:, [0, 4]])
idx = torch.tensor([[0, 1], [2, 3]])
print(x[idx].shape)
print(torch.arange(10)[torch.tensor([9, 0, 9])])

# index_select and gather
print(x.index_select(0, torch.tensor([3, 0])))
print(x.index_select(1, torch.tensor([1])))
print(torch.gather(x, 1, torch.tensor([[0], [1], [2], [3]])))

# scalar tensor as an index
i = torch.tensor(2)
print(x[i])

# indexing a 1-D tensor gives 0-d tensors
v = torch.tensor([10.0, 20.0, 30.0])
print(v[1], v[1].shape, v[1].dim())
for item in v:
    print(item)
