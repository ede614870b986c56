# nn.MultiheadAttention: initialisation under a seed, printing, the default (need_weights) path with
# batched and unbatched inputs, bool and float masks, padding masks, batch_first, kdim/vdim and the
# per-head weights.
import torch
import torch.nn as nn

torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2)
print(mha)
for name, p in mha.named_parameters():
    print(name, tuple(p.shape))
print(list(mha.state_dict().keys()))
print(mha.embed_dim, mha.num_heads, mha.head_dim, mha.batch_first, mha.dropout)
with torch.no_grad():
    print(mha.in_proj_weight[:3])
    print(mha.in_proj_bias)
    print(mha.out_proj.weight[0])
    print(mha.out_proj.bias)

x = torch.randn(4, 2, 8)
out, w = mha(x, x, x)
print(out.shape, w.shape)
print(out)
print(w)
with torch.no_grad():
    out, w = mha(x, x, x)
    print(out[0])
    print(w.sum(-1))

# per-head weights
out, w = mha(x, x, x, average_attn_weights=False)
print(w.shape)
with torch.no_grad():
    print(w[0, 1])

# a different key and value (cross-attention)
mem = torch.randn(5, 2, 8)
out, w = mha(x, mem, mem)
print(out.shape, w.shape)
with torch.no_grad():
    print(out[-1])
    print(w[1])

# three different tensors
k = torch.randn(5, 2, 8)
v = torch.randn(5, 2, 8)
with torch.no_grad():
    out, w = mha(x, k, v)
    print(out[1])

# masks
causal = torch.triu(torch.ones(4, 4, dtype=torch.bool), diagonal=1)
with torch.no_grad():
    out, w = mha(x, x, x, attn_mask=causal)
    print(w)
    fmask = torch.zeros(4, 4).masked_fill(causal, float("-inf"))
    out2, w2 = mha(x, x, x, attn_mask=fmask)
    print(torch.equal(out, out2), torch.equal(w, w2))
    pad = torch.tensor([[False, False, False, True], [False, False, True, True]])
    out, w = mha(x, x, x, key_padding_mask=pad)
    print(w)
    print(out[2])
    out, w = mha(x, x, x, key_padding_mask=pad, attn_mask=causal)
    print(w)
    out, w = mha(x, x, x, attn_mask=causal, is_causal=True)
    print(w[0])
    m3 = torch.randn(4, 4, 4)
    out, w = mha(x, x, x, attn_mask=m3)
    print(out[3])

# unbatched
with torch.no_grad():
    xu = torch.randn(3, 8)
    out, w = mha(xu, xu, xu)
    print(out.shape, w.shape)
    print(out)
    print(w)
    out, w = mha(xu, xu, xu, key_padding_mask=torch.tensor([False, True, False]))
    print(w)
out, w = mha(xu, xu, xu)
print(out.grad_fn.name(), w.grad_fn.name())

# batch_first
torch.manual_seed(1)
bf = nn.MultiheadAttention(6, 3, batch_first=True)
xb = torch.randn(2, 5, 6)
out, w = bf(xb, xb, xb)
print(out.shape, w.shape)
print(out[1])
print(w[0])

# no biases, kdim / vdim, bias_kv and zero attention
torch.manual_seed(2)
nb = nn.MultiheadAttention(4, 2, bias=False)
print([n for n, _ in nb.named_parameters()])
print(nb.in_proj_bias, nb.out_proj)
with torch.no_grad():
    xs = torch.randn(3, 1, 4)
    print(nb(xs, xs, xs)[0])
kv = nn.MultiheadAttention(4, 2, kdim=3, vdim=5)
print([(n, tuple(p.shape)) for n, p in kv.named_parameters()])
with torch.no_grad():
    q = torch.randn(2, 1, 4)
    out, w = kv(q, torch.randn(3, 1, 3), torch.randn(3, 1, 5))
    print(out)
    print(w)
bkv = nn.MultiheadAttention(4, 2, add_bias_kv=True, add_zero_attn=True)
print([(n, tuple(p.shape)) for n, p in bkv.named_parameters()])
with torch.no_grad():
    print(bkv.bias_k)
    out, w = bkv(q, q, q)
    print(out)
    print(w)
