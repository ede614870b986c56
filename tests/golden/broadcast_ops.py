import torch

a = torch.arange(6).view(2, 3)
b = torch.tensor([10, 20, 30])
print(a + b)
print(a * b)
print(a - torch.tensor([[1], [2]]))

# column + row -> matrix
col = torch.arange(3).view(3, 1)
row = torch.arange(4).view(1, 4)
print(col + row)
print((col * row).shape)

# scalars broadcast everywhere
print(a + 1)
print(2 * a)
print(a / 2)
print(10 - a)
print(1 / (a + 1))
print(a ** 2)
print(2 ** a)
print(-a)

# pe + pos: [10, 8] + [10, 1]
pe = torch.zeros(5, 4)
pos = torch.arange(0, 5).unsqueeze(1).float()
print(pe + pos)

# 3-D with 1-D and 2-D
x = torch.ones(2, 3, 4)
print((x + torch.arange(4)).shape)
print((x * torch.arange(3).view(3, 1)).sum())
print((x + torch.zeros(1, 1, 4)).shape)
print((torch.zeros(2, 1, 4) + torch.zeros(3, 1)).shape)

# mask shapes [bs, 1, 1, sl] against [bs, h, sl, sl]
mask = torch.ones(2, 1, 1, 5, dtype=torch.bool)
scores = torch.zeros(2, 2, 5, 5)
print((scores + mask).shape)

# torch.broadcast_shapes / broadcast_tensors
print(torch.broadcast_shapes((2, 1, 3), (4, 1)))
p, q = torch.broadcast_tensors(torch.tensor([1, 2]), torch.tensor([[3], [4]]))
print(p)
print(q)

# explicit functions
print(torch.add(a, b))
print(torch.mul(a, 2))
print(torch.sub(a, 1))
print(torch.div(a, 4))
print(a.add(b, alpha=2))
print(torch.maximum(a, torch.tensor([2, 2, 2])))
print(torch.minimum(a, torch.tensor(3)))

# elementwise ops between equal shapes
u = torch.tensor([1.0, 2.0, 3.0])
v = torch.tensor([4.0, 5.0, 6.0])
print(u + v, u - v, u * v, u / v)
print(u @ v)
