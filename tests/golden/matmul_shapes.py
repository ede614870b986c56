import torch

a = torch.arange(6).view(2, 3).float()
b = torch.arange(12).view(3, 4).float()
print(a @ b)
print(torch.matmul(a, b).shape)
print(torch.mm(a, b))
print(a.matmul(b).shape)

# 1-D cases
v = torch.tensor([1.0, 0.0, -1.0])
print(v @ v, (v @ v).shape)
print(a @ v, (a @ v).shape)
print(v @ b, (v @ b).shape)
print(torch.dot(v, v))
print(torch.mv(a, v))

# batched
x = torch.arange(24).view(2, 3, 4).float()
w = torch.arange(8).view(4, 2).float()
print((x @ w).shape)
print(x @ w)
y = torch.ones(2, 4, 5)
print(torch.bmm(x, y).shape)
print(torch.matmul(x, y)[1])

# broadcasting batch dims
q = torch.ones(2, 2, 5, 4)
k = torch.ones(2, 2, 5, 4)
print(torch.matmul(q, k.transpose(2, 3)).shape)
print(torch.matmul(q, k.transpose(-2, -1)).shape)
print((torch.ones(3, 1, 2, 4) @ torch.ones(5, 4, 6)).shape)
print((torch.ones(2, 3) @ torch.ones(4, 3, 2)).shape)
print((torch.ones(4, 3, 2) @ torch.ones(2)).shape)
print((torch.ones(3) @ torch.ones(4, 3, 2)).shape)

# integer matmul stays integer
i = torch.tensor([[1, 2], [3, 4]])
print(i @ i, (i @ i).dtype)

# matmul with a transposed (non-contiguous) operand
print(a @ a.t())
print(a.t() @ a)

# x @ W.T + b is what nn.Linear computes
W = torch.tensor([[1.0, 0.0, 1.0], [0.0, 2.0, 0.0]])
bias = torch.tensor([0.5, -0.5])
print(a @ W.T + bias)
print(torch.addmm(bias, a, W.t()))

# einsum-free outer product
print(torch.outer(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0, 5.0])))
