bs = 1
sl = 3
hid_dim = 8
n_heads = 2
head_dim = hid_dim // n_heads
qkv_dim = 3 * hid_dim
print('### cell 1')
import torch
import torch.nn as nn
import copy

tokens = ["I", "love", "you"]
torch.manual_seed(0)
x = torch.randn(sl, hid_dim)
# x: [sl, hid_dim]
print(x)
print('### cell 2')
torch.manual_seed(1)
W_q = nn.Linear(hid_dim, hid_dim, bias=False)
W_k = nn.Linear(hid_dim, hid_dim, bias=False)
W_v = nn.Linear(hid_dim, hid_dim, bias=False)
q, k, v = W_q(x), W_k(x), W_v(x)
# W_q.weight: [hid_dim, hid_dim]
# q: [sl, hid_dim]
# k: [sl, hid_dim]
# v: [sl, hid_dim]
print(q)
print('### cell 3')
W = torch.cat([W_q.weight.T, W_k.weight.T, W_v.weight.T], dim=1)
qkv = x @ W
# qkv: [sl, qkv_dim]
# W: [hid_dim, qkv_dim]
q2 = qkv[:, :hid_dim]
k2 = qkv[:, hid_dim:2 * hid_dim]
v2 = qkv[:, 2 * hid_dim:]
print(torch.allclose(q, q2, atol=1e-6), torch.allclose(k, k2, atol=1e-6), torch.allclose(v, v2, atol=1e-6))
print('### cell 4')
torch.manual_seed(2)
qkv_proj = nn.Linear(hid_dim, 3 * hid_dim)
# qkv_proj.weight: [qkv_dim, hid_dim]
q3, k3, v3 = qkv_proj(x).chunk(3, dim=-1)
# q3: [sl, hid_dim]
Wq3, Wk3, Wv3 = qkv_proj.weight.chunk(3, dim=0)
bq3, bk3, bv3 = qkv_proj.bias.chunk(3)
print(torch.allclose(q3, x @ Wq3.T + bq3, atol=1e-6), torch.allclose(v3, x @ Wv3.T + bv3, atol=1e-6))
print(q3.stride(), q3.is_contiguous())
print('### cell 5')
torch.manual_seed(0)
emb512 = torch.randn(3, 512)
W512 = torch.randn(512, 512 * 3)
qkv512 = emb512 @ W512
q512, k512, v512 = qkv512[:, :512], qkv512[:, 512:1024], qkv512[:, 1024:]
# qkv512: [3, 1536]
print(W512.shape, qkv512.shape)
print(q512.shape, k512.shape, v512.shape)
print(W512.numel(), 3 * 512 * 512)
print('### cell 6')
torch.manual_seed(3)
linears = nn.ModuleList([copy.deepcopy(nn.Linear(hid_dim, hid_dim)) for _ in range(4)])
print(linears)
base = nn.Linear(hid_dim, hid_dim)
clones = nn.ModuleList([copy.deepcopy(base) for _ in range(4)])
print(torch.equal(linears[0].weight, linears[1].weight))
print(torch.equal(clones[0].weight, clones[1].weight), clones[0].weight is clones[1].weight)
print('### cell 7')
src = x.unsqueeze(0).repeat(bs, 1, 1)
# src: [bs, sl, hid_dim]
q, k, v = src, src, src
q, k, v = [l(x) for l, x in zip(linears, (q, k, v))]
# q: [bs, sl, hid_dim]
# k: [bs, sl, hid_dim]
# v: [bs, sl, hid_dim]
print(q.shape, k.shape, v.shape, src.shape)
print(torch.equal(q, k))
print(x.shape)
print('### cell 8')
q, k, v = [l(x).view(bs, -1, n_heads, head_dim).transpose(1, 2) for l, x in zip(linears, (src, src, src))]
# q: [bs, n_heads, sl, head_dim]
# k: [bs, n_heads, sl, head_dim]
# v: [bs, n_heads, sl, head_dim]
print(q.shape, k.shape, v.shape)
print(q[0, 0])
print('### cell 9')
qu = linears[0](src)
ku = linears[1](src)
vu = linears[2](src)
qu = qu.view(bs, -1, n_heads, head_dim)
ku = ku.view(bs, -1, n_heads, head_dim)
vu = vu.view(bs, -1, n_heads, head_dim)
qu = qu.transpose(1, 2)
ku = ku.transpose(1, 2)
vu = vu.transpose(1, 2)
print(qu.shape, ku.shape, vu.shape)
def _check_():
    # `qu` should be split into heads, head axis in front: [bs, n_heads, sl, head_dim].
    # qu: [bs, n_heads, sl, head_dim]
    
    # `ku` should have the head axis in front, like `qu`. Which tensor does the line `ku = ....transpose(1, 2)` transpose?
    # ku: [bs, n_heads, sl, head_dim]
    
    # `vu` should have the head axis in front, like `qu`. Which tensor does the line `vu = ....transpose(1, 2)` transpose?
    # vu: [bs, n_heads, sl, head_dim]
    
    # `qu` should equal `q` of the one-line comprehension.
    assert torch.equal(qu, q)
    
    # `ku` holds the wrong numbers: the keys must come from the key projection `linears[1]`. Does `ku` get its `view` from `ku` or from `qu`?
    assert torch.equal(ku, k)
    
    # `vu` holds the wrong numbers: the values must come from the value projection `linears[2]`. Does `vu` get its `view` from `vu` or from `qu`?
    assert torch.equal(vu, v)
_check_()
del _check_
print('### cell 10')
ku_post = linears[0](src).view(bs, -1, n_heads, head_dim)
# ku_post: [bs, sl, n_heads, head_dim]
print(torch.equal(ku_post.transpose(1, 2), q), torch.equal(ku_post.transpose(1, 2), k))
print('### cell 11')
torch.manual_seed(0)
linears512 = nn.ModuleList([nn.Linear(512, 512) for _ in range(4)])
src512 = torch.randn(1, 3, 512)
q512, k512, v512 = [l(x).view(1, -1, 8, 64).transpose(1, 2) for l, x in zip(linears512, (src512, src512, src512))]
# q512: [1, 8, 3, 64]
print(q512.shape, k512.shape, v512.shape)
print(sum(p.numel() for p in linears512.parameters()))
