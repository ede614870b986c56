bs = 1
sl = 7
hid_dim = 8
n_heads = 2
head_dim = hid_dim // n_heads
pf_dim = 16
n_layers = 3
src_vocab = 40
max_len = max(100, sl)
print('### cell 1')
import math
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_grad_enabled(False)
torch.manual_seed(0)

def sinusoid_table(max_len, d):
    pos = torch.arange(max_len).unsqueeze(1)
    div = torch.exp(torch.arange(0, d, 2) * (-math.log(10000.0) / d))
    pe = torch.zeros(max_len, d)
    pe[:, 0::2] = torch.sin(pos * div)
    pe[:, 1::2] = torch.cos(pos * div)
    return pe

ids = [21, 4, 33, 7, 15][:sl]
sample1_tensor = torch.zeros(bs, sl, dtype=torch.long)
sample1_tensor[:, :len(ids)] = torch.tensor(ids)
tokens = ["커피", "가", "맛", "이", "좋네요"][:sl] + ["<pad>"] * (sl - len(ids))
# sample1_tensor: [bs, sl]
emb = nn.Embedding(src_vocab, hid_dim, padding_idx=0)
src = emb(sample1_tensor) * math.sqrt(hid_dim) + sinusoid_table(sl, hid_dim)
# src: [bs, sl, hid_dim]
print("sample1_tensor", sample1_tensor)
print("src.shape", src.shape)
print('### cell 2')
src_mask = (sample1_tensor != 0).unsqueeze(1).unsqueeze(2)
# src_mask: [bs, 1, 1, sl]
print(src_mask)
print('### cell 3')
class MultiHeadAttention(nn.Module):
    def __init__(self, hid_dim, n_heads, dropout):
        super().__init__()
        assert hid_dim % n_heads == 0
        self.hid_dim = hid_dim
        self.n_heads = n_heads
        self.head_dim = hid_dim // n_heads
        self.linears = nn.ModuleList([nn.Linear(hid_dim, hid_dim) for _ in range(3)])
        self.fc = nn.Linear(hid_dim, hid_dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, q, k, v, mask=None):
        n = q.shape[0]
        q, k, v = [l(t).view(n, -1, self.n_heads, self.head_dim).transpose(1, 2)
                   for l, t in zip(self.linears, (q, k, v))]
        score = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        if mask is not None:
            score = score.masked_fill(mask == 0, -1e10)
        attn = torch.softmax(score, dim=-1)
        out = self.dropout(attn) @ v
        out = out.transpose(1, 2).contiguous().view(n, -1, self.hid_dim)
        return self.fc(out), attn


class PositionwiseFeedForward(nn.Module):
    def __init__(self, hid_dim, pf_dim, dropout):
        super().__init__()
        self.fc1 = nn.Linear(hid_dim, pf_dim)
        self.fc2 = nn.Linear(pf_dim, hid_dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return self.fc2(self.dropout(torch.relu(self.fc1(x))))

print("sub-layers defined")
print('### cell 4')
class EncoderLayer(nn.Module):
    def __init__(self, hid_dim, n_heads, pf_dim, dropout):
        super().__init__()
        self.self_attn = MultiHeadAttention(hid_dim, n_heads, dropout)
        self.attn_layer_norm = nn.LayerNorm(hid_dim)
        self.ff = PositionwiseFeedForward(hid_dim, pf_dim, dropout)
        self.ff_layer_norm = nn.LayerNorm(hid_dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, src, src_mask):
        _src, _ = self.self_attn(src, src, src, src_mask)
        src = self.attn_layer_norm(self.dropout(_src) + src)
        _src = self.ff(src)
        src = self.ff_layer_norm(self.dropout(_src) + src)
        return src

layer = EncoderLayer(hid_dim, n_heads, pf_dim, 0.1)
layer.eval()
print(layer)
print("parameters in one layer:", sum(p.numel() for p in layer.parameters()))
def _check_():
    _out = layer(src, src_mask)
    _a = layer.attn_layer_norm(layer.self_attn(src, src, src, src_mask)[0] + src)
    _ref = layer.ff_layer_norm(layer.ff(_a) + _a)
    _a_nomask = layer.attn_layer_norm(layer.self_attn(src, src, src)[0] + src)
    _ref_nomask = layer.ff_layer_norm(layer.ff(_a_nomask) + _a_nomask)
    
    # `forward` should return one tensor, the layer's output.
    assert isinstance(_out, torch.Tensor)
    
    # `layer(src, src_mask)` should have the shape of `src`: an encoder layer never changes the shape.
    assert _out.shape == src.shape
    
    # `forward` returns its input unchanged: fill in both sub-layers.
    assert not torch.equal(_out, src)
    
    # In a post-LN layer the output comes out of `ff_layer_norm`, so every position should have mean 0. Is the last step `self.ff_layer_norm(self.dropout(_src) + src)`?
    assert torch.allclose(_out.mean(-1), torch.zeros(bs, sl), atol=1e-5)
    
    # The `<pad>` keys are not masked: pass `src_mask` to `self.self_attn`.
    assert bool((sample1_tensor != 0).all()) or not torch.allclose(_out, _ref_nomask, atol=1e-5)
    
    # The output should be: attention on `src`, plus `src`, through `attn_layer_norm`; then `ff` on that result, plus that same result, through `ff_layer_norm`. Does the feed-forward step read the `src` updated by the first Add & Norm?
    assert torch.allclose(_out, _ref, atol=1e-5)
_check_()
del _check_
print('### cell 5')
_src, attn = layer.self_attn(src, src, src, src_mask)
# attn: [bs, n_heads, sl, sl]
# _src: [bs, sl, hid_dim]
# heatmap: attn[0, 0] labels=tokens
a = layer.attn_layer_norm(layer.dropout(_src) + src)
# a: [bs, sl, hid_dim]
print("attention weights, head 0 (rounded to 2 decimals):")
print(attn[0, 0].round(decimals=2))
print("total weight on the <pad> keys:", attn[0, :, :, len(ids):].sum().item())
print('### cell 6')
inner = layer.ff.fc1(a)
# inner: [bs, sl, pf_dim]
f = layer.ff(a)
# f: [bs, sl, hid_dim]
out_by_hand = layer.ff_layer_norm(layer.dropout(f) + a)
out = layer(src, src_mask)
# out: [bs, sl, hid_dim]
print("shapes:", tuple(src.shape), "->", tuple(_src.shape), "->", tuple(a.shape), "->",
      tuple(inner.shape), "->", tuple(f.shape), "->", tuple(out.shape))
print("out[0, 0] (rounded)", out[0, 0].round(decimals=2))
print("same as layer(src, src_mask):", torch.equal(out, out_by_hand))
print('### cell 7')
layers = nn.ModuleList([copy.deepcopy(layer) for _ in range(n_layers)])
fresh = nn.ModuleList([EncoderLayer(hid_dim, n_heads, pf_dim, 0.1) for _ in range(n_layers)])
layers.eval()
fresh.eval()
print("deepcopy: same initial values:", torch.equal(layers[0].ff.fc1.weight, layers[1].ff.fc1.weight))
print("deepcopy: same tensor object: ", layers[0].ff.fc1.weight is layers[1].ff.fc1.weight)
print("fresh:    same initial values:", torch.equal(fresh[0].ff.fc1.weight, fresh[1].ff.fc1.weight))
print("parameters in the stack:", sum(p.numel() for p in layers.parameters()))
print('### cell 8')
class Encoder(nn.Module):
    def __init__(self, vocab, hid_dim, n_heads, pf_dim, n_layers, dropout, max_len=100):
        super().__init__()
        self.hid_dim = hid_dim
        self.tok_emb = nn.Embedding(vocab, hid_dim, padding_idx=0)
        self.register_buffer('pe', sinusoid_table(max_len, hid_dim))
        one = EncoderLayer(hid_dim, n_heads, pf_dim, dropout)
        self.layers = nn.ModuleList([copy.deepcopy(one) for _ in range(n_layers)])
        self.dropout = nn.Dropout(dropout)

    def forward(self, src):
        src_mask = (src != 0).unsqueeze(1).unsqueeze(2)
        x = self.tok_emb(src) * math.sqrt(self.hid_dim) + self.pe[:src.shape[1]]
        x = self.dropout(x)
        for layer in self.layers:
            x = layer(x, src_mask)
        return x

encoder = Encoder(src_vocab, hid_dim, n_heads, pf_dim, n_layers, 0.1, max_len)
encoder.eval()
# encoder.pe: [max_len, hid_dim]
e = encoder.tok_emb(sample1_tensor)
# e: [bs, sl, hid_dim]
pe = encoder.pe[:sl]
# pe: [sl, hid_dim]
e = e * math.sqrt(hid_dim) + pe
# e: [bs, sl, hid_dim]
mask = (sample1_tensor != 0).unsqueeze(1).unsqueeze(2)
# mask: [bs, 1, 1, sl]
for i, enc_layer in enumerate(encoder.layers):
    e = enc_layer(e, mask)
    print("after layer", i, tuple(e.shape))
# e: [bs, sl, hid_dim]
enc_out = encoder(sample1_tensor)
# enc_out: [bs, sl, hid_dim]
print("buffers:", [name for name, _ in encoder.named_buffers()])
print("matches encoder(sample1_tensor):", torch.equal(enc_out, e))
print('### cell 9')
big = EncoderLayer(512, 8, 2048, 0.1)
big.eval()
n_attn = sum(p.numel() for p in big.self_attn.parameters())
n_ff = sum(p.numel() for p in big.ff.parameters())
n_ln = sum(p.numel() for p in big.attn_layer_norm.parameters()) * 2
n_layer = sum(p.numel() for p in big.parameters())
print("attention:", n_attn, " ffn:", n_ff, " layer norms:", n_ln)
print("one layer:", n_layer, " six layers:", 6 * n_layer)
x_big = torch.randn(bs, sl, 512)
_, attn_big = big.self_attn(x_big, x_big, x_big, src_mask)
# attn_big: [bs, 8, sl, sl]
print("head_dim:", big.self_attn.head_dim, " attn:", attn_big.shape, " out:", big(x_big, src_mask).shape)
