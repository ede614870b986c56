bs = 1
sl = 7
hid_dim = 8
n_heads = 2
head_dim = hid_dim // n_heads
print('### cell 1')
import torch
import torch.nn as nn
import copy

torch.manual_seed(0)
torch.set_grad_enabled(False)

ids = [21, 4, 33, 7, 15][:sl]
sample1_tensor = torch.zeros(bs, sl, dtype=torch.long)
sample1_tensor[:, :len(ids)] = torch.tensor(ids)
tokens = (["커피", "가", "맛", "이", "좋네요"] + ["<pad>"] * sl)[:sl]
# sample1_tensor: [bs, sl]
print(sample1_tensor)

embedding = nn.Embedding(40, hid_dim, padding_idx=0)
src = embedding(sample1_tensor)
# src: [bs, sl, hid_dim]
print("src", src.shape)
print('### cell 2')
fc_q = nn.Linear(hid_dim, hid_dim)
q = fc_q(src)
# q: [bs, sl, hid_dim]
print(q[0, 0])
print("q", q.shape, q.stride())
print('### cell 3')
q4 = q.view(bs, -1, n_heads, head_dim)
# q4: [bs, sl, n_heads, head_dim]
print(q4[0, 0])
print("q4", q4.shape, q4.stride(), q4.is_contiguous())
print('### cell 4')
qh = q4.transpose(1, 2)
# qh: [bs, n_heads, sl, head_dim]
print("qh", qh.shape)
print('### cell 5')
print("q4", q4.shape, q4.stride(), q4.is_contiguous())
print("qh", qh.shape, qh.stride(), qh.is_contiguous())
print("same memory:", qh.data_ptr() == q.data_ptr())
print('### cell 6')
print(qh[0, 1, 0])
print(q[0, 0, head_dim:2 * head_dim])
print(torch.equal(qh[0, 1, 0], q[0, 0, head_dim:2 * head_dim]))
print(qh[0, 0])
print('### cell 7')
a = torch.randn(1, 3, 2, 5)
print(a.shape, a.stride())
a = a.transpose(0, 2)
# a: [2, 3, 1, 5]
print(a.shape, a.stride())
print('### cell 8')
linears = nn.ModuleList([copy.deepcopy(nn.Linear(hid_dim, hid_dim)) for _ in range(4)])
q, k, v = [l(x).view(bs, -1, n_heads, head_dim).transpose(1, 2) for l, x in zip(linears, (src, src, src))]
# q: [bs, n_heads, sl, head_dim]
# k: [bs, n_heads, sl, head_dim]
# v: [bs, n_heads, sl, head_dim]
print(q.shape, k.shape, v.shape)
print(k.stride(), k.is_contiguous())
print('### cell 9')
k_flat = linears[1](src)
kh = k_flat.view(bs, -1, n_heads, head_dim).transpose(1, 2)
print(kh.shape)
def _check_():
    # `kh` should be split into heads with the head axis in front.
    # kh: [bs, n_heads, sl, head_dim]
    
    # The shape is right but the numbers are mixed up: head h of token t should be features h * head_dim to (h + 1) * head_dim - 1 of token t, as in `k`. A `view` only cuts each row in memory order, and there the features of one token come first.
    assert torch.equal(kh, linears[1](src).view(bs, -1, n_heads, head_dim).transpose(1, 2))
_check_()
del _check_
print('### cell 10')
bad = k_flat.view(bs, n_heads, -1, head_dim)
print(bad[0, 0, 1])
print(k_flat[0, 0, head_dim:2 * head_dim])
print(torch.equal(bad[0, 0, 1], k_flat[0, 0, head_dim:2 * head_dim]), torch.equal(bad, kh))
