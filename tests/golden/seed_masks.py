import torch

# pad mask and subsequent mask for a padded batch of token ids
sample = torch.tensor([[21, 4, 33, 7, 15, 0, 0],
                       [9, 12, 0, 0, 0, 0, 0]])
bs, sl = sample.shape
pad_mask = (sample != 0).unsqueeze(1).unsqueeze(2)
print(pad_mask.shape)
print(pad_mask)

sub_mask = torch.tril(torch.ones((sl, sl))).bool()
print(sub_mask.shape)
print(sub_mask)

src_mask = pad_mask & sub_mask
print(src_mask.shape)
print(src_mask[0, 0])
print(src_mask[1, 0])
print(src_mask.sum(dim=-1))

# masked_fill on scores [bs, n_heads, sl, sl]
torch.manual_seed(0)
scores = torch.randn(bs, 2, sl, sl)
s1 = scores.masked_fill(src_mask == 0, -1e10)
print(s1[0, 0, 2])
w1 = torch.softmax(s1, dim=-1)
print(w1[0, 0])
print(w1[1, 1])

# pad mask only: every query row sees all real tokens
s2 = scores.masked_fill(pad_mask == 0, -1e10)
w2 = torch.softmax(s2, dim=-1)
print(w2[1, 0, :3])

# -1e9 and -inf give the same weights when a row has a real token
w3 = torch.softmax(scores.masked_fill(src_mask == 0, -1e9), dim=-1)
w4 = torch.softmax(scores.masked_fill(src_mask == 0, float('-inf')), dim=-1)
print(torch.allclose(w1, w3), torch.allclose(w1, w4))
print(w4[0, 0, 0])

# a fully masked row: -1e10 gives a uniform row, -inf gives nan
full = torch.zeros(1, 4, dtype=torch.bool)
row = torch.tensor([[0.3, -1.2, 2.0, 0.5]])
print(torch.softmax(row.masked_fill(full == 0, -1e10), dim=-1))
print(torch.softmax(row.masked_fill(full == 0, -1e9), dim=-1))
print(torch.softmax(row.masked_fill(full == 0, float('-inf')), dim=-1))

# mask values and dtypes
print(pad_mask.dtype, sub_mask.dtype, (src_mask == 0).dtype)
print(torch.tril(torch.ones(3, 3)))
print((~sub_mask[:4, :4]).int())

# the same via an additive float mask
add_mask = torch.zeros(sl, sl).masked_fill(~sub_mask, float('-inf'))
print(add_mask[:3])
w5 = torch.softmax(scores[0, 0] + add_mask, dim=-1)
print(torch.allclose(w5, torch.softmax(scores[0, 0].masked_fill(~sub_mask, -1e10), dim=-1)))

# masked attention never looks ahead: weights above the diagonal are 0
print((w1[0, 0].triu(diagonal=1) == 0).all())
print(w1[0, 0].diagonal())
