import torch

ones = torch.ones(4, 4)
print(torch.tril(ones))
print(torch.triu(ones))
print(torch.triu(ones, diagonal=1))
print(torch.tril(ones, diagonal=-1))
print(ones.tril().bool())
print(torch.tril(torch.ones((3, 3)), 0).long())
print(torch.triu(torch.arange(9).view(3, 3)))

# subsequent mask as bool
sub = torch.tril(torch.ones((5, 5))).bool()
print(sub)
print(sub.dtype, sub.shape)
print(torch.triu(torch.ones(5, 5), diagonal=1) == 0)

# masked_fill with a bool mask
scores = torch.arange(16).view(4, 4).float()
mask = torch.tril(torch.ones(4, 4))
print(scores.masked_fill(mask == 0, -1e10))
print(scores.masked_fill(mask == 0, -1e9))
print(scores.masked_fill(mask == 0, float('-inf')))
print(scores.masked_fill(mask.bool(), 0.0))
print(scores.masked_fill(~mask.bool(), -1))

# masked_fill broadcasts the mask
s3 = torch.zeros(2, 3, 3)
pad = torch.tensor([[True, True, False], [True, False, False]]).unsqueeze(1)
print(pad.shape)
print(s3.masked_fill(pad == 0, -1e10))

# masked_fill on int tensors
i = torch.arange(6).view(2, 3)
print(i.masked_fill(i > 2, 0))
print(i.masked_fill(torch.tensor([True, False, True]), -7))

# masked_fill_ in place
t = torch.ones(3)
t.masked_fill_(torch.tensor([False, True, False]), 5.0)
print(t)

# additive mask (the Llama style)
add = torch.full((3, 3), float('-inf'))
add = torch.triu(add, diagonal=1)
print(add)
print(torch.zeros(3, 3) + add)
print(torch.softmax(torch.zeros(3, 3) + add, dim=-1))

# diag, diagonal
print(torch.diag(torch.tensor([1, 2, 3])))
print(torch.arange(9).view(3, 3).diagonal())
