import torch

# more than 1000 elements: summarised with ... (3 edge items)
a = torch.arange(2000)
print(a)

b = torch.arange(1200).float()
print(b)

c = torch.arange(40 * 30).view(40, 30)
print(c)

d = torch.arange(1001 * 2).view(2, 1001) / 7
print(d)

e = torch.ones(11, 11, 11)
print(e)

# exactly 1000 elements: printed in full but wrapped
f = torch.arange(1000).view(10, 100)
print(f[:2])

# long 1-D rows wrap at 80 characters
g = torch.arange(30)
print(g)
h = torch.arange(25).float() / 3
print(h)
i = torch.arange(20) * 1000
print(i)

# wide 2-D rows wrap too
j = torch.arange(48).view(2, 24).float()
print(j)
k = (torch.arange(36).view(3, 12) - 18) / 4
print(k)

# a 512-wide embedding row wraps and (with 3 rows of 512) summarises
torch.manual_seed(0)
emb = torch.randn(3, 512)
print(emb)
print(emb[0, :20])

# bool and int tensors summarised
m = torch.arange(1500) % 3 == 0
print(m)
print(torch.zeros(1100, dtype=torch.int64))

# 3-D tensor blocks
n = torch.arange(24).view(2, 3, 4)
print(n)
o = torch.arange(2 * 3 * 30).view(2, 3, 30)
print(o)
