sl = 128
hid_dim = 512
n_heads = 8
head_dim = hid_dim // n_heads
pf_dim = 2048
print('### cell 1')
import math
import torch

torch.set_grad_enabled(False)
torch.manual_seed(0)

q = torch.randn(1, n_heads, sl, head_dim)
k = torch.randn(1, n_heads, sl, head_dim)
# q: [1, n_heads, sl, head_dim]
# k: [1, n_heads, sl, head_dim]
scores = q @ k.transpose(-2, -1)
# scores: [1, n_heads, sl, sl]
print("elements:", scores.numel(), "=", n_heads, "*", sl, "*", sl)
print("bytes (float32):", scores.numel() * scores.element_size())
print('### cell 2')
lengths = [sl * 2 ** i for i in range(4)]
print(" length     elements     MiB   multiply-adds   x previous")
prev = None
for L in lengths:
    n = n_heads * L * L
    macs = n * head_dim
    grow = "" if prev is None else f"{macs / prev:.1f}"
    print(f"{L:7d} {n:12,} {n * 4 / 2 ** 20:7.1f} {macs:15,}   {grow}")
    prev = macs
print('### cell 4')
def layer_flops(L, d=hid_dim, d_ff=pf_dim):
    # Q, K, V and output projections
    proj = 4 * 2 * L * d * d
    # q @ k^T and weights @ v
    quad = 2 * 2 * L * L * d
    # fc1 and fc2
    ffn = 2 * 2 * L * d * d_ff
    return proj, quad, ffn

print(" length         proj      q@k^T+a@v            FFN   attention share")
for L in lengths:
    proj, quad, ffn = layer_flops(L)
    share = (proj + quad) / (proj + quad + ffn)
    print(f"{L:7d} {proj:14,} {quad:14,} {ffn:14,}   {share:.1%}")
print('### cell 5')
# 8·L·d² + 4·L²·d = 4·L·d·d_ff  =>  2·d + L = d_ff
crossover = pf_dim - 2 * hid_dim
def _check_():
    proj, quad, ffn = layer_flops(crossover)
    # At L = crossover the attention sub-layer, projections included (proj + quad), should cost exactly what the FFN costs. Divide the equation by 4·L·d and solve for L.
    assert proj + quad == ffn
    # Write crossover with the dims (hid_dim, pf_dim), so that it is right at every size.
    assert crossover == pf_dim - 2 * hid_dim
_check_()
del _check_
print('### cell 6')
print("naive crossover (L^2 matmuls vs FFN):", pf_dim)
print("with the projections:                ", crossover)
for L in (crossover // 2, crossover, crossover * 2):
    if L < 1:
        continue
    proj, quad, ffn = layer_flops(L)
    print(f"L={L:5d}  attention {proj + quad:15,}  FFN {ffn:15,}  attention/FFN = {(proj + quad) / ffn:.2f}")
print('### cell 8')
for T in lengths:
    print(f"T={T:5d}  positions without cache {T * (T + 1) // 2:9,}  with cache {T:5,}  ratio {(T + 1) / 2:.1f}")
cache_floats = 2 * sl * hid_dim
print("cache per layer for one sentence of sl tokens:", cache_floats, "floats =", cache_floats * 4 // 1024, "KiB")
