bs = 1
trg_len = 5
src_len = 7
hid_dim = 8
n_heads = 2
head_dim = hid_dim // n_heads
pf_dim = 16
trg_vocab = 11
print('### cell 1')
import math
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

ids = [21, 4, 33, 7, 15][:src_len]
src = torch.zeros(bs, src_len, dtype=torch.long)
src[:, :len(ids)] = torch.tensor(ids)
# src: [bs, src_len]
vocab = ['<pad>', '<sos>', '<eos>', 'the', 'coffee', 'tastes', 'good', 'is', 'very', 'nice', 'bad']
vocab = vocab[:trg_vocab] + [f'w{i}' for i in range(len(vocab), trg_vocab)]
trg_ids, gold_ids = [1, 3, 4, 5, 6][:trg_len], [3, 4, 5, 6, 2][:trg_len]
trg_in = torch.zeros(bs, trg_len, dtype=torch.long)
trg_in[:, :len(trg_ids)] = torch.tensor(trg_ids)
gold = torch.zeros(bs, trg_len, dtype=torch.long)
gold[:, :len(gold_ids)] = torch.tensor(gold_ids)
# trg_in: [bs, trg_len]
# gold: [bs, trg_len]
trg_tokens = [vocab[i] for i in trg_in[0].tolist()]
print("decoder reads:   ", trg_tokens)
print("decoder predicts:", [vocab[i] for i in gold[0].tolist()])

enc_src = torch.randn(bs, src_len, hid_dim)
# enc_src: [bs, src_len, hid_dim]
trg_emb = nn.Embedding(trg_vocab, hid_dim, padding_idx=0)
y = trg_emb(trg_in) * math.sqrt(hid_dim) + sinusoid_table(trg_len, hid_dim)
# y: [bs, trg_len, hid_dim]
print("enc_src", enc_src.shape, " y", y.shape)
print('### cell 2')
src_mask = (src != 0).unsqueeze(1).unsqueeze(2)
# src_mask: [bs, 1, 1, src_len]
trg_pad_mask = (trg_in != 0).unsqueeze(1).unsqueeze(2)
# trg_pad_mask: [bs, 1, 1, trg_len]
print(src_mask[0, 0, 0])
print(trg_pad_mask[0, 0, 0])
print('### cell 3')
trg_sub_mask = torch.tril(torch.ones(trg_len, trg_len)).bool()
trg_mask = trg_pad_mask & trg_sub_mask
def _check_():
    # `trg_sub_mask` should be a trg_len × trg_len table: one row per query position, one column per key position.
    # trg_sub_mask: [trg_len, trg_len]
    
    # `trg_mask` should be `trg_pad_mask & trg_sub_mask`, broadcast to one table per sentence.
    # trg_mask: [bs, 1, trg_len, trg_len]
    
    # `trg_sub_mask` should hold booleans (True = may look), like the pad mask: add `.bool()`.
    assert trg_sub_mask.dtype == torch.bool
    
    # `trg_sub_mask` is the wrong triangle: it lets each position see the later ones. `tril` keeps j <= i, `triu` keeps j >= i.
    assert not torch.equal(trg_sub_mask, torch.triu(torch.ones(trg_len, trg_len)).bool())
    
    # Position i should see positions 0 … i and nothing after them: the lower triangle of a table of ones, diagonal included.
    assert torch.equal(trg_sub_mask, torch.tril(torch.ones(trg_len, trg_len)).bool())
    
    # `trg_mask` should be `trg_pad_mask & trg_sub_mask`.
    assert torch.equal(trg_mask, trg_pad_mask & trg_sub_mask)
_check_()
del _check_
print('### cell 4')
# heatmap: trg_mask[0, 0] labels=trg_tokens
print(trg_mask[0, 0])
print('### cell 5')
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

dec_layer = DecoderLayer(hid_dim, n_heads, pf_dim, 0.1)
dec_layer.eval()
print("sub-modules:", [name for name, _ in dec_layer.named_children()])
print("parameters in one decoder layer:", sum(p.numel() for p in dec_layer.parameters()))
print('### cell 6')
_y, self_w = dec_layer.self_attn(y, y, y, trg_mask)
# self_w: [bs, n_heads, trg_len, trg_len]
# heatmap: self_w[0, 0] labels=trg_tokens
a = dec_layer.self_attn_layer_norm(y + dec_layer.dropout(_y))
# a: [bs, trg_len, hid_dim]
print("masked self-attention, head 0 (rounded):")
print(self_w[0, 0].round(decimals=2))
print('### cell 7')
_c, cross_w = dec_layer.enc_attn(a, enc_src, enc_src, src_mask)
# cross_w: [bs, n_heads, trg_len, src_len]
# _c: [bs, trg_len, hid_dim]
# heatmap: cross_w[0, 0]
q = dec_layer.enc_attn.linears[0](a).view(bs, -1, n_heads, head_dim).transpose(1, 2)
# q: [bs, n_heads, trg_len, head_dim]
k = dec_layer.enc_attn.linears[1](enc_src).view(bs, -1, n_heads, head_dim).transpose(1, 2)
# k: [bs, n_heads, src_len, head_dim]
print("q", q.shape, "@ k^T", k.transpose(-2, -1).shape, "->", (q @ k.transpose(-2, -1)).shape)
print("cross-attention, head 0 (rounded), rows = target, columns = source:")
print(cross_w[0, 0].round(decimals=2))
print('### cell 8')
b = dec_layer.enc_attn_layer_norm(a + dec_layer.dropout(_c))
by_hand = dec_layer.ff_layer_norm(b + dec_layer.dropout(dec_layer.ff(b)))
dec_out, _ = dec_layer(y, enc_src, trg_mask, src_mask)
# dec_out: [bs, trg_len, hid_dim]
print("dec_out.shape", dec_out.shape)
print("same as the steps by hand:", torch.equal(dec_out, by_hand))
print('### cell 9')
fc_out = nn.Linear(hid_dim, trg_vocab)
logits = fc_out(dec_out)
# logits: [bs, trg_len, trg_vocab]
print("logits[0, 0]", logits[0, 0])
print('### cell 10')
log_probs = F.log_softmax(logits, dim=-1)
def _check_():
    # `log_probs` should keep the shape of `logits`.
    # log_probs: [bs, trg_len, trg_vocab]
    
    # `log_probs` should hold log-probabilities, which are never positive: did you use `softmax` instead of `log_softmax`?
    assert bool((log_probs <= 0).all())
    
    # Each position needs a distribution over the vocabulary, so `log_probs.exp()` should sum to 1 along the last dim (the `trg_vocab` words), not along the positions. Which `dim` is normalized?
    assert torch.allclose(log_probs.exp().sum(-1), torch.ones(bs, trg_len), atol=1e-5)
    
    # `log_probs` should be `F.log_softmax(logits, dim=-1)`.
    assert torch.allclose(log_probs, F.log_softmax(logits, dim=-1), atol=1e-6)
_check_()
del _check_
print('### cell 11')
print("log_probs[0, 0]", log_probs[0, 0])
print("equals logits - logsumexp:", torch.allclose(log_probs, logits - logits.logsumexp(-1, keepdim=True), atol=1e-6))
print("each row of exp sums to 1:", torch.allclose(log_probs.exp().sum(-1), torch.ones(bs, trg_len)))
print('### cell 12')
pred = log_probs.argmax(-1)
# pred: [bs, trg_len]
print("pred ids:  ", pred)
print("pred words:", [vocab[i] for i in pred[0].tolist()])
print("gold words:", [vocab[i] for i in gold[0].tolist()])
nll = F.nll_loss(log_probs.view(-1, trg_vocab), gold.view(-1))
ce = F.cross_entropy(logits.view(-1, trg_vocab), gold.view(-1))
print("nll_loss", nll, " cross_entropy", ce, " log(11) =", round(math.log(trg_vocab), 4))
print('### cell 13')
alpha = 0.1
one_hot = F.one_hot(gold, trg_vocab).float()
# one_hot: [bs, trg_len, trg_vocab]
y_ls = one_hot * (1 - alpha) + alpha / trg_vocab
# y_ls: [bs, trg_len, trg_vocab]
print("smoothed target for position 0:", y_ls[0, 0])
print("rows sum to 1:", torch.allclose(y_ls.sum(-1), torch.ones(bs, trg_len)))
ls_by_hand = -(y_ls * log_probs).sum(-1).mean()
ls_torch = F.cross_entropy(logits.view(-1, trg_vocab), gold.view(-1), label_smoothing=alpha)
print("by hand", ls_by_hand, " F.cross_entropy", ls_torch)
print("equal:", torch.allclose(ls_by_hand, ls_torch))
print('### cell 14')
def length_penalty(length, alpha):
    return (5 + length) ** alpha / (5 + 1) ** alpha

hyps = [("short", 3, -2.0), ("long", 7, -2.4)]
for a in (0.0, 0.6):
    for name, length, logp in hyps:
        lp = length_penalty(length, a)
        print(f"alpha={a}  {name:5}  |Y|={length}  log P={logp:.2f}  lp={lp:.4f}  score={logp / lp:.4f}")
    best = max(hyps, key=lambda h: h[2] / length_penalty(h[1], a))
    print(f"alpha={a}  winner: {best[0]}")
print('### cell 15')
d_model, vocab_big = 512, 37000
big = DecoderLayer(d_model, 8, 2048, 0.1)
big.eval()
n_layer = sum(p.numel() for p in big.parameters())
print("one decoder layer:", n_layer, " six layers:", 6 * n_layer)
print("output projection Linear(512, 37000):", d_model * vocab_big + vocab_big)
y_big = torch.randn(bs, trg_len, d_model)
enc_big = torch.randn(bs, src_len, d_model)
out_big, cross_big = big(y_big, enc_big, trg_mask, src_mask)
# out_big: [bs, trg_len, 512]
# cross_big: [bs, 8, trg_len, src_len]
print("out", out_big.shape, " cross-attention", cross_big.shape)
print("logits would be", (bs, trg_len, vocab_big))
