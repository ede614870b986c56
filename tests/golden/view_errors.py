import torch

x = torch.arange(12).view(3, 4)
t = x.t()
print(t.shape, t.stride(), t.is_contiguous())
print(t.contiguous().view(12))
print(t.reshape(12))

# view on a transposed tensor cannot merge the dims
y = t.view(12)
print("unreachable", y)
