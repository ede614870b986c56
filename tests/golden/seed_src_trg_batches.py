import math
import torch
import torch.nn as nn

# padded source and target batches, 0 is padding
src = torch.tensor([[3, 6, 4, 9], [1, 3, 5, 0], [3, 2, 0, 0]])
trg = torch.tensor([[2, 5, 4, 0], [2, 5, 6, 0], [2, 7, 4, 9]])
print(src.shape, trg.shape)

# positions start at 1, padding gets 0
def positions(x):
    pos = torch.arange(1, x.size(1) + 1).unsqueeze(0).expand_as(x)
    return pos.masked_fill(x == 0, 0)

src_pos = positions(src)
trg_pos = positions(trg)
print(src_pos)
print(trg_pos)
print(torch.equal(src_pos, (src != 0).long().cumsum(dim=1) * (src != 0).long()))

# decoder input and gold: shift by one
trg_input = trg[:, :-1]
gold = trg[:, 1:]
print(trg_input)
print(gold)

# lengths and pad masks
print((src != 0).sum(dim=1))
print((src != 0).sum(dim=1).tolist())
print((src == 0).any(dim=1))

# embedding scaled by sqrt(d_model) plus a position embedding
torch.manual_seed(0)
d_model = 4
tok = nn.Embedding(10, d_model, padding_idx=0)
pos_emb = nn.Embedding(5, d_model, padding_idx=0)
with torch.no_grad():
    e = tok(src) * math.sqrt(d_model)
    p = pos_emb(src_pos)
    h = e + p
print(e.shape, p.shape, h.shape)
print(h[2])
print(h[2, 2:].abs().sum().item())

# flattening gold for a loss, ignoring padding
flat = gold.contiguous().view(-1)
print(flat)
print(flat != 0, (flat != 0).sum().item())
