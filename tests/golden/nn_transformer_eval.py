# The Transformer modules in eval mode under torch.no_grad() with batch_first=True, where PyTorch takes
# its fused fast paths: the same values at print precision, and TransformerEncoder's nested-tensor path
# returning zeros at padded positions. The fused kernels and MKL's GEMMs round differently from the
# engine in the last bits, so values are shown to 3 decimals.
import torch
import torch.nn as nn


def r(t):
    return t.round(decimals=3)


torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2, batch_first=True).eval()
x = torch.randn(2, 4, 8)
pad = torch.tensor([[False, False, True, True], [False, False, False, False]])
with torch.no_grad():
    out, w = mha(x, x, x)
    print(r(out))
    print(r(w))
    out, w = mha(x, x, x, key_padding_mask=pad)
    print(r(out[0]))
    print(r(w[0]))
    out, w = mha(x, x, x, need_weights=False)
    print(r(out[1]), w)

layer = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)
enc = nn.TransformerEncoder(layer, 2, norm=nn.LayerNorm(8))
print(enc.use_nested_tensor)
enc.eval()
with torch.no_grad():
    print(r(layer.eval()(x)))
    print(r(layer(x, src_key_padding_mask=pad)[0]))
    print(r(enc(x)))
    print(r(enc(x, src_key_padding_mask=pad)))
    print(r(enc(x, src_key_padding_mask=torch.tensor([[True, False, False, False], [False] * 4]))[0]))
    print(r(enc(x, mask=nn.Transformer.generate_square_subsequent_mask(4))[1]))
print(r(enc(x, src_key_padding_mask=pad)[0].detach()))
enc2 = nn.TransformerEncoder(layer, 1, enable_nested_tensor=False).eval()
with torch.no_grad():
    print(r(enc2(x, src_key_padding_mask=pad)[0]))

torch.manual_seed(1)
t = nn.Transformer(8, 2, 1, 1, 16, batch_first=True).eval()
src = torch.randn(2, 5, 8)
tgt = torch.randn(2, 3, 8)
with torch.no_grad():
    y = t(src, tgt, tgt_mask=t.generate_square_subsequent_mask(3),
          src_key_padding_mask=torch.tensor([[False] * 4 + [True], [False] * 5]),
          memory_key_padding_mask=torch.tensor([[False] * 4 + [True], [False] * 5]))
    print(r(y))
