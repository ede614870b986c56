# nn.TransformerEncoderLayer / TransformerEncoder / TransformerDecoderLayer / TransformerDecoder /
# Transformer: printing, parameters, and outputs with dropout=0.0 and in eval mode.
import torch
import torch.nn as nn

torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0)
print(layer)
print([n for n, _ in layer.named_parameters()])
src = torch.randn(5, 2, 8)
out = layer(src)
print(out.shape)
print(out)
with torch.no_grad():
    print(layer.linear1.weight[0])

enc = nn.TransformerEncoder(layer, num_layers=2)
print(enc)
print(len(list(enc.parameters())))
with torch.no_grad():
    print(torch.equal(enc.layers[0].linear1.weight, enc.layers[1].linear1.weight))
    out = enc(src)
    print(out[0])
    mask = nn.Transformer.generate_square_subsequent_mask(5)
    print(mask)
    out = enc(src, mask=mask)
    print(out[4])
    out = enc(src, mask=mask, is_causal=True)
    print(out[4])
    pad = torch.tensor([[False, False, False, True, True], [False] * 5])
    out = enc(src, src_key_padding_mask=pad)
    print(out[1])

torch.manual_seed(1)
gl = nn.TransformerEncoderLayer(8, 4, 32, dropout=0.0, activation="gelu", norm_first=True, batch_first=True)
xb = torch.randn(2, 3, 8)
with torch.no_grad():
    print(gl(xb))

torch.manual_seed(2)
dl = nn.TransformerDecoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0)
print([n for n, _ in dl.named_parameters()])
tgt = torch.randn(4, 2, 8)
mem = torch.randn(5, 2, 8)
with torch.no_grad():
    print(dl(tgt, mem))
dec = nn.TransformerDecoder(dl, num_layers=2, norm=nn.LayerNorm(8))
print(dec)
with torch.no_grad():
    print(dec(tgt, mem, tgt_mask=nn.Transformer.generate_square_subsequent_mask(4))[3])

torch.manual_seed(3)
t = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=16)
t.eval()
print(t.training, t.encoder.layers[0].self_attn.training)
with torch.no_grad():
    print(t.encoder.layers[0].self_attn.in_proj_weight[0])
    print(t.decoder.layers[0].linear2.weight[0])
    s = torch.randn(6, 1, 8)
    g = torch.randn(3, 1, 8)
    y = t(s, g, tgt_mask=t.generate_square_subsequent_mask(3))
    print(y)
print(sum(p.numel() for p in t.parameters()))

# the causal mask in other dtypes, and its checks
print(nn.Transformer.generate_square_subsequent_mask(3, dtype=torch.bool))
print(nn.Transformer.generate_square_subsequent_mask(2, dtype=torch.float32))
for bad in [(3, torch.int64), (3, torch.int32), (-1, None), (2.5, None)]:
    try:
        nn.Transformer.generate_square_subsequent_mask(bad[0], dtype=bad[1])
    except (RuntimeError, TypeError) as e:
        print(type(e).__name__, e)
