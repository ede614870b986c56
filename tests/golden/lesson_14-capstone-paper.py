bs = 1
src_len = 7
trg_len = 5
gen_len = 6
hid_dim = 512
n_heads = 8
head_dim = hid_dim // n_heads
pf_dim = 2048
n_layers = 6
src_vocab = 37000
trg_vocab = 37000
max_len = max(100, src_len, trg_len, gen_len)
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


class DecoderLayer(nn.Module):
    def __init__(self, hid_dim, n_heads, pf_dim, dropout):
        super().__init__()
        self.self_attn = MultiHeadAttention(hid_dim, n_heads, dropout)
        self.self_attn_layer_norm = nn.LayerNorm(hid_dim)
        self.enc_attn = MultiHeadAttention(hid_dim, n_heads, dropout)
        self.enc_attn_layer_norm = nn.LayerNorm(hid_dim)
        self.ff = PositionwiseFeedForward(hid_dim, pf_dim, dropout)
        self.ff_layer_norm = nn.LayerNorm(hid_dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, trg, enc_src, trg_mask, src_mask):
        _trg, _ = self.self_attn(trg, trg, trg, trg_mask)
        trg = self.self_attn_layer_norm(trg + self.dropout(_trg))
        _trg, attn = self.enc_attn(trg, enc_src, enc_src, src_mask)
        trg = self.enc_attn_layer_norm(trg + self.dropout(_trg))
        _trg = self.ff(trg)
        trg = self.ff_layer_norm(trg + self.dropout(_trg))
        return trg, attn

print("parts defined")
print('### cell 2')
class Encoder(nn.Module):
    def __init__(self, vocab, hid_dim, n_heads, pf_dim, n_layers, dropout, max_len):
        super().__init__()
        self.hid_dim = hid_dim
        self.tok_emb = nn.Embedding(vocab, hid_dim, padding_idx=0)
        self.register_buffer('pe', sinusoid_table(max_len, hid_dim))
        self.layers = nn.ModuleList([EncoderLayer(hid_dim, n_heads, pf_dim, dropout) for _ in range(n_layers)])
        self.dropout = nn.Dropout(dropout)

    def forward(self, src, src_mask):
        x = self.dropout(self.tok_emb(src) * math.sqrt(self.hid_dim) + self.pe[:src.shape[1]])
        for layer in self.layers:
            x = layer(x, src_mask)
        return x


class Decoder(nn.Module):
    def __init__(self, vocab, hid_dim, n_heads, pf_dim, n_layers, dropout, max_len):
        super().__init__()
        self.hid_dim = hid_dim
        self.tok_emb = nn.Embedding(vocab, hid_dim, padding_idx=0)
        self.register_buffer('pe', sinusoid_table(max_len, hid_dim))
        self.layers = nn.ModuleList([DecoderLayer(hid_dim, n_heads, pf_dim, dropout) for _ in range(n_layers)])
        self.dropout = nn.Dropout(dropout)

    def forward(self, trg, enc_src, trg_mask, src_mask):
        x = self.dropout(self.tok_emb(trg) * math.sqrt(self.hid_dim) + self.pe[:trg.shape[1]])
        for layer in self.layers:
            x, attn = layer(x, enc_src, trg_mask, src_mask)
        return x, attn

print("stacks defined")
print('### cell 3')
def make_src_mask(src):
    return (src != 0).unsqueeze(1).unsqueeze(2)

def make_trg_mask(trg):
    pad_mask = (trg != 0).unsqueeze(1).unsqueeze(2)
    # the size comes from trg itself, so a prefix of any length gets its own square
    sub_mask = torch.tril(torch.ones(trg.shape[1], trg.shape[1])).bool()
    return pad_mask & sub_mask
def _check_():
    # For a 1-token prefix, make_trg_mask should return [bs, 1, 1, 1]: take the size from trg.shape[1], not from trg_len.
    assert make_trg_mask(torch.ones(bs, 1, dtype=torch.long)).shape == (bs, 1, 1, 1)
    probe = torch.ones(bs, trg_len + 1, dtype=torch.long)
    probe[:, -1] = 0
    ref = (probe != 0).unsqueeze(1).unsqueeze(2) & torch.tril(torch.ones(trg_len + 1, trg_len + 1)).bool()
    # For trg_len + 1 tokens (the last one <pad>) the mask should be pad_mask & tril(ones(trg_len + 1, trg_len + 1)).
    assert torch.equal(make_trg_mask(probe), ref)
_check_()
del _check_
print('### cell 4')
class Transformer(nn.Module):
    def __init__(self, src_vocab, trg_vocab, hid_dim, n_heads, pf_dim, n_layers, dropout, max_len):
        super().__init__()
        self.encoder = Encoder(src_vocab, hid_dim, n_heads, pf_dim, n_layers, dropout, max_len)
        self.decoder = Decoder(trg_vocab, hid_dim, n_heads, pf_dim, n_layers, dropout, max_len)
        self.generator = nn.Linear(hid_dim, trg_vocab)

    def forward(self, src, trg):
        src_mask = make_src_mask(src)
        trg_mask = make_trg_mask(trg)
        enc_src = self.encoder(src, src_mask)
        out, attn = self.decoder(trg, enc_src, trg_mask, src_mask)
        return self.generator(out), attn

model = Transformer(src_vocab, trg_vocab, hid_dim, n_heads, pf_dim, n_layers, 0.1, max_len)
model.eval()
for name, child in model.named_children():
    print(name, type(child).__name__)
print("buffers:", [name for name, _ in model.named_buffers()])
print('### cell 5')
fc1 = model.encoder.layers[0].ff.fc1
print("fc1.weight", tuple(fc1.weight.shape), " default bound 1/sqrt(fan_in):", round(1 / math.sqrt(hid_dim), 4),
      " max |w|:", round(fc1.weight.abs().max().item(), 4))
print("pad row of the source embedding is zero:", bool((model.encoder.tok_emb.weight[0] == 0).all()))
bias_before = fc1.bias.clone()

def init_xavier(model):
    for p in model.parameters():
        if p.dim() > 1:
            nn.init.xavier_uniform_(p)

init_xavier(model)

xavier_bound = math.sqrt(6 / (hid_dim + pf_dim))
print("xavier bound sqrt(6 / (hid_dim + pf_dim)):", round(xavier_bound, 4),
      " max |w|:", round(fc1.weight.abs().max().item(), 4),
      " inside:", bool(fc1.weight.abs().max() <= xavier_bound))
print("biases unchanged:", torch.equal(fc1.bias, bias_before), " all zero:", bool((fc1.bias == 0).all()))
print("LayerNorm weight still all ones:", bool((model.encoder.layers[0].ff_layer_norm.weight == 1).all()))
print("pad row of the source embedding is zero:", bool((model.encoder.tok_emb.weight[0] == 0).all()))
print('### cell 6')
def count(module):
    return sum(p.numel() for p in module.parameters())

rows = [("encoder.tok_emb", model.encoder.tok_emb), ("encoder.layers", model.encoder.layers),
        ("decoder.tok_emb", model.decoder.tok_emb), ("decoder.layers", model.decoder.layers),
        ("generator", model.generator)]
for name, module in rows:
    print(f"{name:<16}{count(module):>12,}")
total = count(model)
print(f"{'total':<16}{total:>12,}")

def layer_params(h, p):
    attn = 4 * (h * h + h)
    ffn = 2 * h * p + p + h
    return attn + ffn + 2 * 2 * h, 2 * attn + ffn + 3 * 2 * h

enc_layer, dec_layer = layer_params(hid_dim, pf_dim)
by_formula = (src_vocab * hid_dim + n_layers * enc_layer
              + trg_vocab * hid_dim + n_layers * dec_layer
              + trg_vocab * hid_dim + trg_vocab)
print("one encoder layer:", enc_layer, " one decoder layer:", dec_layer, " formula total:", by_formula,
      " equal:", by_formula == total)
print('### cell 7')
V, d, d_ff, N = 37000, 512, 2048, 6
enc_p, dec_p = layer_params(d, d_ff)
stacks = N * enc_p + N * dec_p
separate = 3 * V * d + V + stacks
shared = V * d + V + stacks
print(f"encoder layers      {N * enc_p:>12,}")
print(f"decoder layers      {N * dec_p:>12,}")
print(f"one V x d matrix    {V * d:>12,}")
print(f"separate matrices   {separate:>12,}  ({separate / 1e6:.1f}M)")
print(f"shared matrix       {shared:>12,}  ({shared / 1e6:.1f}M)   paper: 65M")
print('### cell 8')
tied = copy.deepcopy(model)
tied.generator.weight = tied.decoder.tok_emb.weight
print("same tensor:", tied.generator.weight is tied.decoder.tok_emb.weight)
print("parameters:", count(model), "->", count(tied), " saved:", count(model) - count(tied),
      "= trg_vocab * hid_dim =", trg_vocab * hid_dim)
print('### cell 9')
vocab = ['<pad>', '<sos>', '<eos>', 'the', 'coffee', 'tastes', 'good', 'is', 'very', 'nice', 'bad']
sos_idx = 1

def word(i):
    return vocab[i] if i < len(vocab) else f"<{i}>"

ids = [21, 4, 33, 7, 15][:src_len]
src = torch.zeros(bs, src_len, dtype=torch.long)
src[:, :len(ids)] = torch.tensor(ids)
tokens = (["커피", "가", "맛", "이", "좋네요"] + ["<pad>"] * src_len)[:src_len]
trg_ids = [1, 3, 4, 5, 6][:trg_len]
trg_in = torch.zeros(bs, trg_len, dtype=torch.long)
trg_in[:, :len(trg_ids)] = torch.tensor(trg_ids)
# src: [bs, src_len]
# trg_in: [bs, trg_len]
logits, attn = model(src, trg_in)
# logits: [bs, trg_len, trg_vocab]
# attn: [bs, n_heads, trg_len, src_len]
print("reads:    ", [word(i) for i in trg_in[0].tolist()])
print("predicts: ", [word(i) for i in logits[0].argmax(-1).tolist()])
print('### cell 10')
src_mask = make_src_mask(src)
enc_src = model.encoder(src, src_mask)
# src_mask: [bs, 1, 1, src_len]
# enc_src: [bs, src_len, hid_dim]
trg = torch.full((bs, 1), sos_idx)
# trg: [bs, 1]
print(trg)
print('### cell 11')
def append_next(trg, logits):
    # trg: the ids so far, [bs, t]; logits: [bs, t, trg_vocab], scores for the word after each position
    next_tok = logits[:, -1].argmax(-1)
    return torch.cat([trg, next_tok.unsqueeze(1)], dim=1)
def _check_():
    probe_trg = torch.full((bs, 3), sos_idx)
    probe_logits = torch.zeros(bs, 3, trg_vocab)
    probe_logits[:, 0, 0] = 1.0
    probe_logits[:, -1, trg_vocab - 1] = 1.0
    r = append_next(probe_trg, probe_logits)
    # append_next should return a tensor with one more column: [bs, t + 1] for a trg of [bs, t].
    assert isinstance(r, torch.Tensor) and tuple(r.shape) == (bs, 4)
    # The columns trg already had must come back unchanged, and the new one goes at the end: torch.cat([trg, ...], dim=1).
    assert torch.equal(r[:, :3], probe_trg)
    # The new column should be the argmax over the vocabulary (dim -1) at the LAST position, logits[:, -1], not position 0.
    assert torch.equal(r[:, 3], torch.full((bs,), trg_vocab - 1))
_check_()
del _check_
print('### cell 12')
for step in range(gen_len - 1):
    trg_mask = make_trg_mask(trg)
    out, attn = model.decoder(trg, enc_src, trg_mask, src_mask)
    logits = model.generator(out)
    print("step", step, " trg", trg.shape, " trg_mask", trg_mask.shape, " out", out.shape)
    trg = append_next(trg, logits)
# trg: [bs, gen_len]
# heatmap: trg_mask[0, 0]
# heatmap: attn[0, 0]
print("trg", trg.shape)
print("written:", [word(i) for i in trg[0].tolist()])
print('### cell 13')
logits_all, _ = model(src, trg[:, :-1])
print("one pass predicts:", [word(i) for i in logits_all[0].argmax(-1).tolist()])
print("the loop wrote:   ", [word(i) for i in trg[0, 1:].tolist()])
print("same:", torch.equal(logits_all.argmax(-1), trg[:, 1:]))
print('### cell 14')
def length_penalty(length, alpha):
    return (5 + length) ** alpha / (5 + 1) ** alpha

hyps = {
    "short": (torch.tensor([-0.5, -0.9, -0.5]),
              torch.tensor([[0.80, 0.10, 0.03, 0.02, 0.05],
                            [0.05, 0.05, 0.10, 0.10, 0.70],
                            [0.20, 0.20, 0.20, 0.20, 0.20]])),
    "good": (torch.tensor([-0.4, -0.5, -0.6, -0.5, -0.5]),
             torch.tensor([[0.40, 0.30, 0.10, 0.10, 0.10],
                           [0.70, 0.20, 0.04, 0.03, 0.03],
                           [0.05, 0.10, 0.55, 0.25, 0.05],
                           [0.05, 0.05, 0.10, 0.20, 0.60],
                           [0.10, 0.25, 0.15, 0.30, 0.20]])),
    "long": (torch.tensor([-0.4, -0.5, -0.6, -0.5, -0.4, -0.3, -0.5]),
             torch.tensor([[0.40, 0.30, 0.10, 0.10, 0.10],
                           [0.70, 0.20, 0.04, 0.03, 0.03],
                           [0.05, 0.10, 0.55, 0.25, 0.05],
                           [0.05, 0.05, 0.10, 0.10, 0.70],
                           [0.05, 0.05, 0.10, 0.10, 0.70],
                           [0.05, 0.05, 0.10, 0.20, 0.60],
                           [0.10, 0.25, 0.15, 0.30, 0.20]])),
}
attn_short = hyps["short"][1]
# attn_short: [3, 5]
# heatmap: attn_short
for name, h in hyps.items():
    print(f"{name:<6} |Y|={len(h[0])}  log P={h[0].sum().item():.2f}  attention per source word:", h[1].sum(0))
print('### cell 15')
def coverage_penalty(attn, beta):
    # attn: [|Y|, |X|]; attn[j, i] = p_ij, the attention of target word j on source word i
    return beta * attn.sum(dim=0).clamp(max=1.0).log().sum()
def _check_():
    a_short = hyps["short"][1]
    a_long = hyps["long"][1]
    ref_short = a_short.sum(dim=0).clamp(max=1.0).log().sum()
    # coverage_penalty(attn, 0.0) should be 0: β multiplies the whole sum.
    assert abs(float(coverage_penalty(a_short, 0.0))) < 1e-6
    # Σ_j p_ij adds up the attention each SOURCE word received, over all target words: sum over dim 0, one total per source word. Summing a row (dim 1) always gives 1, and log(1) = 0.
    assert abs(float(coverage_penalty(a_short, 1.0)) - ref_short.item()) < 1e-5
    # With β = 0.3 the penalty should be 0.3 times the sum of the logs.
    assert abs(float(coverage_penalty(a_short, 0.3)) - 0.3 * ref_short.item()) < 1e-5
    # A source word that received more than 1 must add 0, never a positive number: keep min(..., 1.0) (clamp(max=1.0)).
    assert abs(float(coverage_penalty(a_long, 1.0)) - a_long.sum(dim=0).clamp(max=1.0).log().sum().item()) < 1e-5
_check_()
del _check_
print('### cell 16')
def score(logp, attn, alpha, beta):
    return logp.sum().item() / length_penalty(len(logp), alpha) + float(coverage_penalty(attn, beta))

for name, h in hyps.items():
    print(f"{name:<6} lp(0.6)={length_penalty(len(h[0]), 0.6):.4f}  lp(2.0)={length_penalty(len(h[0]), 2.0):.4f}"
          f"  cp(beta=1)={float(coverage_penalty(h[1], 1.0)):.4f}")
print()
print("alpha  beta   short    good    long   winner")
for alpha in (0.0, 0.6, 2.0):
    for beta in (0.0, 0.3):
        s = {name: score(h[0], h[1], alpha, beta) for name, h in hyps.items()}
        best = max(s, key=s.get)
        print(f"{alpha:5.1f} {beta:5.1f} {s['short']:7.3f} {s['good']:7.3f} {s['long']:7.3f}   {best}")
