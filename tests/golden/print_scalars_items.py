import torch

x = torch.tensor([[1.5, 2.0], [3.25, -4.0]])

# item() returns a Python number
print(x[0, 0].item())
print(type(x[0, 0].item()).__name__)
print(x.sum().item())
print(torch.tensor(5).item(), type(torch.tensor(5).item()).__name__)
print(torch.tensor(True).item())
print(torch.tensor([0.1]).item())
print(torch.tensor(1.0 / 3.0).item())
print(torch.tensor(2.0).sqrt().item())

# tolist()
print(x.tolist())
print(torch.arange(4).tolist())
print(torch.tensor([True, False]).tolist())
print(torch.tensor(3).tolist())
print(torch.tensor([[0.1, 0.2], [0.3, 0.7]]).tolist())
print(torch.tensor([1.0 / 3.0]).tolist())
print(torch.arange(6).view(3, 2).tolist())

# int() / float() / bool() of one-element tensors
print(int(torch.tensor(7)), float(torch.tensor(7)), bool(torch.tensor(1)))
print(int(torch.tensor([3.9])), float(torch.tensor([2])))
print(int(torch.tensor(-3.9)))

# 0-d tensors in f-strings and format specs
t = torch.tensor(0.123456)
print(f"{t}")
print(f"{t.item():.3f}")
print(f"{t:.2f}")
print("{:.4f}".format(torch.tensor(2.5).item()))
print(round(t.item(), 2))

# shapes and sizes
print(x.shape)
print(x.size())
print(x.shape[0], x.shape[-1], x.size(1))
print(torch.Size([2, 3]))
print(torch.tensor(1.0).shape)
print(torch.zeros(2, 0, 3).shape)
print(x.numel(), x.dim(), x.ndim)
print(len(x))

# dtype and device
print(x.dtype, x.device)
print(x.is_contiguous(), x.t().is_contiguous())
print(x.stride(), x.t().stride(), x.stride(0))

# Python numbers vs tensors
print(x[1, 1] == -4.0)
print(bool(x[1, 1] == -4.0))
print(x.max().item() > 3)
