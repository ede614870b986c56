bs = 1
sl = 7
hid_dim = 8
n_heads = 2
head_dim = hid_dim // n_heads
print('### cell 1')
import torch
import torch.nn as nn
import math

torch.manual_seed(0)
torch.set_grad_enabled(False)

ids = [21, 4, 33, 7, 15][:sl]
sample1_tensor = torch.zeros(bs, sl, dtype=torch.long)
sample1_tensor[:, :len(ids)] = torch.tensor(ids)
tokens = (["커피", "가", "맛", "이", "좋네요"] + ["<pad>"] * sl)[:sl]
embedding = nn.Embedding(40, hid_dim, padding_idx=0)
src = embedding(sample1_tensor)

fc_q = nn.Linear(hid_dim, hid_dim)
fc_k = nn.Linear(hid_dim, hid_dim)
fc_v = nn.Linear(hid_dim, hid_dim)
q = fc_q(src).view(bs, -1, n_heads, head_dim).transpose(1, 2)
k = fc_k(src).view(bs, -1, n_heads, head_dim).transpose(1, 2)
v = fc_v(src).view(bs, -1, n_heads, head_dim).transpose(1, 2)
# q: [bs, n_heads, sl, head_dim]
# k: [bs, n_heads, sl, head_dim]
# v: [bs, n_heads, sl, head_dim]
print(q.shape, k.shape, v.shape)
print('### cell 2')
scores = q @ k.transpose(-2, -1)
# scores: [bs, n_heads, sl, sl]
print(scores[0, 0, 0])
print(scores[0, 0, 0, 1], (q[0, 0, 0] * k[0, 0, 1]).sum())
print('### cell 3')
scale = torch.sqrt(torch.Tensor([head_dim]))
print(scale, math.sqrt(head_dim))
scaled = scores / math.sqrt(head_dim)
# scaled: [bs, n_heads, sl, sl]
print(torch.equal(scaled, scores / scale))
print(scaled[0, 0, 0])
print('### cell 4')
torch.manual_seed(1)
for d in [head_dim, 64, 512]:
    qd = torch.randn(sl, d)
    kd = torch.randn(sl, d)
    s = qd @ kd.T
    print(d, f"{s.std().item():.2f}", f"{(s / math.sqrt(d)).std().item():.2f}")

w_raw = torch.softmax(s[0], dim=-1)
w_scaled = torch.softmax(s[0] / math.sqrt(d), dim=-1)
print("raw   ", w_raw.max(), (w_raw > 0.01).sum())
print("scaled", w_scaled.max(), (w_scaled > 0.01).sum())
print(w_scaled)
print('### cell 5')
def softmax_by_hand(x):
    x = x - x.max(dim=-1, keepdim=True).values
    e = torch.exp(x)
    return e / e.sum(dim=-1, keepdim=True)

big = torch.tensor([1000., 1001., 1002.])
print(torch.exp(big) / torch.exp(big).sum())
print(softmax_by_hand(big))
print(torch.softmax(big, dim=-1))
print(torch.allclose(softmax_by_hand(scaled), torch.softmax(scaled, dim=-1)))
print('### cell 6')
pad_mask = (sample1_tensor != 0).unsqueeze(1).unsqueeze(2)
sub_mask = torch.tril(torch.ones((sl, sl))).bool()
mask = pad_mask & sub_mask
# mask: [bs, 1, sl, sl]
# heatmap: mask[0, 0] labels=tokens
print(mask[0, 0])
print('### cell 7')
attn = torch.softmax(scaled.masked_fill(mask == 0, -1e10), dim=-1)
print(attn.sum(dim=-1)[0, 0])
def _check_():
    # `attn` has one weight per query and key, for every head.
    # attn: [bs, n_heads, sl, sl]
    
    # Each row of `attn` (one query) should sum to 1 over the keys. In `[bs, n_heads, sl, sl]` the keys are the last dim: softmax over dim=-1.
    assert torch.allclose(attn.sum(dim=-1), torch.ones(bs, n_heads, sl))
    
    # `attn` should be the softmax over the keys of the scaled scores filled with -1e10 where `mask` is False.
    assert torch.allclose(attn, torch.softmax(scaled.masked_fill(mask == 0, -1e10), dim=-1))
_check_()
del _check_
print('### cell 8')
# heatmap: attn[0, 0] labels=tokens
# heatmap: attn[0, 1] labels=tokens
print(attn[0, 0])
print('### cell 9')
print(attn[0, 1])
print(attn.sum(dim=-1))
print('### cell 10')
out = attn @ v
# out: [bs, n_heads, sl, head_dim]
print(out.shape)
print(out[0, 0, 2])
print((attn[0, 0, 2].unsqueeze(-1) * v[0, 0]).sum(dim=0))
print('### cell 11')
def attention(q, k, v, mask=None):
    scores = q @ k.transpose(-2, -1) / math.sqrt(q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e10)
    weights = torch.softmax(scores, dim=-1)
    return weights @ v, weights

out_f, attn_f = attention(q, k, v, mask)
print(attn_f[0, 0, 2])
def _check_():
    # `out_f` has one vector of head_dim numbers per head and query.
    # out_f: [bs, n_heads, sl, head_dim]
    # `attn_f` has one weight per query and key, for every head.
    # attn_f: [bs, n_heads, sl, sl]
    
    # The weights `attn_f` should be softmax(Q Kᵀ / √d_k). Are the scores divided by math.sqrt(head_dim) before the mask and the softmax?
    assert torch.allclose(attn_f, torch.softmax((q @ k.transpose(-2, -1) / math.sqrt(head_dim)).masked_fill(mask == 0, -1e10), dim=-1))
    
    # `out_f` should be the weights times the values, `attn_f @ v`.
    assert torch.allclose(out_f, attn_f @ v)
_check_()
del _check_
print('### cell 12')
print(torch.allclose(attn_f, attn), torch.allclose(out_f, out))
