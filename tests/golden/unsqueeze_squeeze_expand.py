import torch

x = torch.tensor([1, 2, 3])
print(x.unsqueeze(0), x.unsqueeze(0).shape)
print(x.unsqueeze(1), x.unsqueeze(1).shape)
print(x.unsqueeze(-1).shape)
print(x.unsqueeze(1).unsqueeze(2).shape)
print(x[None].shape, x[:, None].shape, x[None, :, None].shape)

y = torch.zeros(1, 3, 1, 2)
print(y.squeeze().shape)
print(y.squeeze(0).shape)
print(y.squeeze(2).shape)
print(y.squeeze(1).shape)
print(y.squeeze(-2).shape)
print(torch.tensor([[5]]).squeeze(), torch.tensor([[5]]).squeeze().shape)

# expand: size-1 dims broadcast without copying (stride 0)
c = torch.tensor([[1], [2], [3]])
e = c.expand(3, 4)
print(e)
print(e.stride())
print(c.expand(-1, 2))
print(torch.tensor([7, 8]).expand(3, 2))
print(torch.tensor([7, 8]).expand(2, 3, 2).shape)
print(c.expand_as(torch.zeros(3, 5)).shape)

# repeat copies
r = torch.tensor([1, 2]).repeat(3)
print(r)
print(torch.tensor([1, 2]).repeat(2, 2))
print(torch.tensor([[1, 2], [3, 4]]).repeat(1, 2))
print(torch.tensor([[1, 2], [3, 4]]).repeat_interleave(2, dim=0))

# a mask of shape [bs, 1, 1, sl]
ids = torch.tensor([[5, 7, 2, 0, 0]])
m = (ids != 0).unsqueeze(1).unsqueeze(2)
print(m.shape)
print(m)
print(m.squeeze().tolist())

# unsqueeze(-1).float() for a position column
pos = torch.arange(0, 4).unsqueeze(1).float()
print(pos)
print(pos.shape)
