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

ids = [21, 4, 33, 7, 15]
sample1_tensor = torch.zeros(bs, sl, dtype=torch.long)
sample1_tensor[:, :len(ids)] = torch.tensor(ids)
tokens = ["커피", "가", "맛", "이", "좋네요"] + ["<pad>"] * (sl - len(ids))
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
q_u = linears[0](src)
k_u = linears[1](src)
v_u = linears[2](src)
q_u = q_u.view(bs, -1, n_heads, head_dim)
k_u = q_u.view(bs, -1, n_heads, head_dim)
v_u = q_u.view(bs, -1, n_heads, head_dim)
q_u = q_u.transpose(1, 2)
k_u = q_u.transpose(1, 2)
v_u = q_u.transpose(1, 2)
# k_u: [bs, sl, n_heads, head_dim]
print(q_u.shape, k_u.shape, v_u.shape)
print(torch.equal(q_u, q), torch.equal(k_u.transpose(1, 2), q_u), torch.equal(k_u.transpose(1, 2), k))
