bs = 3
sl = 7
n_heads = 2
print('### cell 1')
import torch

ids = [21, 4, 33, 7, 15][:sl]
sample1_tensor = torch.zeros(1, sl, dtype=torch.long)
sample1_tensor[:, :len(ids)] = torch.tensor(ids)
sentences = [ids, [21, 12], [5, 21, 4, 18, 33, 7, 15]]
batch = torch.zeros(bs, sl, dtype=torch.long)
for i in range(bs):
    s = sentences[i % len(sentences)][:sl]
    batch[i, :len(s)] = torch.tensor(s)
tokens = (["커피", "가", "맛", "이", "좋네요"] + ["<pad>"] * sl)[:sl]
# sample1_tensor: [1, sl]
# batch: [bs, sl]
print(batch)
print(tokens)
print('### cell 2')
not_pad = batch != 0
# not_pad: [bs, sl]
pad_mask = not_pad.unsqueeze(1).unsqueeze(2)
# pad_mask: [bs, 1, 1, sl]
print(pad_mask)
print('### cell 3')
key_mask = (batch != 0).unsqueeze(1).unsqueeze(2)
print(key_mask.shape)
def _check_():
    # A `<pad>` key (a column of the scores) should get weight 0 from every query. A mask with `sl` in the query position, [bs, 1, sl, 1], hides query rows instead: the `sl` axis of the mask must be the last one, the key axis.
    assert torch.equal(torch.softmax(torch.zeros(bs, 1, sl, sl).masked_fill(key_mask == 0, -1e10), dim=-1) * (batch == 0)[:, None, None, :], torch.zeros(bs, 1, sl, sl))
    
    # The weights are right; now give `key_mask` the shape of `pad_mask`, [bs, 1, 1, sl], so it fits every head and every query.
    assert key_mask.shape == (bs, 1, 1, sl)
_check_()
del _check_
print('### cell 4')
wrong = not_pad.unsqueeze(1).unsqueeze(-1)
# wrong: [bs, 1, sl, 1]
flat = torch.zeros(bs, 1, sl, sl)
w_wrong = torch.softmax(flat.masked_fill(wrong == 0, -1e10), dim=-1)
w_right = torch.softmax(flat.masked_fill(key_mask == 0, -1e10), dim=-1)
# heatmap: w_wrong[0, 0] labels=tokens
# heatmap: w_right[0, 0] labels=tokens
print(w_wrong[0, 0, 0])
print(w_right[0, 0, 0])
print('### cell 5')
sub_mask = torch.tril(torch.ones((sl, sl))).bool()
# sub_mask: [sl, sl]
# heatmap: sub_mask labels=tokens
print(sub_mask)
print('### cell 6')
trg_mask = pad_mask & sub_mask
# trg_mask: [bs, 1, sl, sl]
# heatmap: trg_mask[0, 0] labels=tokens
print(trg_mask[0, 0])
print(trg_mask.sum(dim=-1))
print('### cell 7')
src_mask = pad_mask
# src_mask: [bs, 1, 1, sl]
# trg_mask: [bs, 1, sl, sl]
print(src_mask.shape, trg_mask.shape)
print(src_mask.expand(bs, 1, sl, sl).sum(dim=-1)[0, 0, 0], trg_mask.sum(dim=-1)[0, 0, 0])
print('### cell 8')
torch.manual_seed(0)
scores = torch.randn(bs, n_heads, sl, sl)
# scores: [bs, n_heads, sl, sl]
masked = scores.masked_fill(trg_mask == 0, -1e10)
# masked: [bs, n_heads, sl, sl]
print(masked[0, 0, 2])
print('### cell 9')
weights = torch.softmax(masked, dim=-1)
# weights: [bs, n_heads, sl, sl]
# heatmap: weights[0, 0] labels=tokens
print(weights[0, 0])
print('### cell 10')
enc_weights = torch.softmax(scores.masked_fill(src_mask == 0, -1e10), dim=-1)
# enc_weights: [bs, n_heads, sl, sl]
# heatmap: enc_weights[0, 0] labels=tokens
print(enc_weights[0, 0, :3])
print('### cell 11')
w_1e9 = torch.softmax(scores.masked_fill(trg_mask == 0, -1e9), dim=-1)
w_inf = torch.softmax(scores.masked_fill(trg_mask == 0, float('-inf')), dim=-1)
print(torch.equal(weights, w_1e9), torch.equal(weights, w_inf))
print(torch.finfo(torch.float32).min)
print(torch.tensor([torch.finfo(torch.float32).min]) + torch.finfo(torch.float32).min)
print('### cell 13')
short = ids[:sl - 1]
left = torch.zeros(1, sl, dtype=torch.long)
left[:, sl - len(short):] = torch.tensor(short)
left_mask = (left != 0).unsqueeze(1).unsqueeze(2) & sub_mask
# left_mask: [1, 1, sl, sl]
one = scores[:1, :1]
print(left_mask[0, 0, :3])
print(torch.softmax(one.masked_fill(left_mask == 0, -1e10), dim=-1)[0, 0, :3])
w_nan = torch.softmax(one.masked_fill(left_mask == 0, float('-inf')), dim=-1)
print(w_nan[0, 0, :3])
print('### cell 14')
torch.manual_seed(1)
v = torch.randn(1, 1, sl, 2)
out = w_nan @ v
print(out[0, 0, :3])
print((w_nan @ out)[0, 0, :3])
print('### cell 15')
add_mask = torch.zeros(sl, sl).masked_fill(~sub_mask, float('-inf'))
# add_mask: [sl, sl]
# heatmap: add_mask labels=tokens
print(add_mask)
print(torch.equal(add_mask, torch.triu(torch.full((sl, sl), float('-inf')), diagonal=1)))
print('### cell 16')
w_add = torch.softmax(scores + add_mask, dim=-1)
w_fill = torch.softmax(scores.masked_fill(sub_mask == 0, -1e10), dim=-1)
print(torch.equal(w_add, w_fill))
print(w_add[-1, -1, -1])
