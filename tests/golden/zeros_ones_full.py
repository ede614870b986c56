import torch

print(torch.zeros(3))
print(torch.zeros(2, 3))
print(torch.zeros((2, 2)))
print(torch.ones(2, 4))
print(torch.ones(3, dtype=torch.int64))
print(torch.ones(2, 2, dtype=torch.bool))
print(torch.zeros(2, 3, dtype=torch.int32))

print(torch.full((2, 3), 7))
print(torch.full((2, 2), 0.5))
print(torch.full((3,), -1e9))
print(torch.full((2,), True))

x = torch.tensor([[1, 2], [3, 4]])
print(torch.zeros_like(x))
print(torch.ones_like(x))
print(torch.full_like(x, 9))
print(torch.zeros_like(x, dtype=torch.float32))

y = torch.tensor([1.5, 2.5])
print(torch.ones_like(y))
print(torch.zeros_like(y).dtype)

print(torch.eye(3))
print(torch.eye(2, 3))

# new_* style factories keep the dtype of the source
print(y.new_zeros(3))
print(x.new_ones(2))
print(x.new_full((2,), 5))
print(y.new_tensor([1, 2]))

z = torch.zeros(4)
z[1] = 2.0
z[-1] = 3.0
print(z)

# max_len x d_model table of zeros, as in the PE walkthrough
max_len, d_model = 10, 8
pe = torch.zeros(max_len, d_model)
print(pe)
print(pe.shape)
