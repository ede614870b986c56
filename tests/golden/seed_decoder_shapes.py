import math
import torch
import torch.nn as nn
import torch.nn.functional as F

# decoder cross-attention: queries from the target (length 4),
# keys and values from the encoder memory (length 6)
torch.manual_seed(0)
bs, src_len, trg_len, hid_dim, n_heads, vocab = 2, 6, 4, 8, 2, 11
head_dim = hid_dim // n_heads

src = torch.tensor([[5, 3, 8, 2, 0, 0], [7, 1, 4, 9, 6, 2]])
trg = torch.tensor([[1, 4, 6, 0], [1, 2, 3, 10]])
memory = torch.randn(bs, src_len, hid_dim)
x = torch.randn(bs, trg_len, hid_dim)

src_mask = (src != 0).unsqueeze(1).unsqueeze(2)
trg_pad = (trg != 0).unsqueeze(1).unsqueeze(2)
trg_sub = torch.tril(torch.ones(trg_len, trg_len)).bool()
trg_mask = trg_pad & trg_sub
print("src_mask", src_mask.shape, "trg_mask", trg_mask.shape)

w_q = nn.Linear(hid_dim, hid_dim)
w_k = nn.Linear(hid_dim, hid_dim)
w_v = nn.Linear(hid_dim, hid_dim)
w_o = nn.Linear(hid_dim, hid_dim)

def split(t):
    return t.view(bs, -1, n_heads, head_dim).transpose(1, 2)

with torch.no_grad():
    # masked self-attention over the target
    q, k, v = split(w_q(x)), split(w_k(x)), split(w_v(x))
    s = q @ k.transpose(-2, -1) / math.sqrt(head_dim)
    s = s.masked_fill(trg_mask == 0, -1e10)
    print("self scores", s.shape)
    a = torch.softmax(s, dim=-1)
    print(a[0, 0])

    # cross-attention: query length 4, key length 6
    q = split(w_q(x))
    k = split(w_k(memory))
    v = split(w_v(memory))
    print("q", q.shape, "k", k.shape, "v", v.shape)
    s = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(head_dim)
    print("cross scores", s.shape)
    s = s.masked_fill(src_mask == 0, -1e9)
    a = F.softmax(s, dim=-1)
    print("cross weights", a.shape)
    print(a[0, 1])
    print(a[0, :, :, 4:].abs().max().item())
    ctx = torch.matmul(a, v)
    print("context", ctx.shape)
    ctx = ctx.transpose(1, 2).contiguous().view(bs, -1, hid_dim)
    out = w_o(ctx)
    print("merged", out.shape)

    # output layer: Linear then log_softmax over the vocabulary
    generator = nn.Linear(hid_dim, vocab)
    logits = generator(out)
    logp = F.log_softmax(logits, dim=-1)
    print("log probs", logp.shape)
    print(logp[0, 0])
    print(logp.exp().sum(-1))
    pred = logp.argmax(dim=-1)
    print("pred", pred, pred.shape, pred.dtype)
    print(logits.argmax(-1).equal(pred))
    print(logp.max(dim=-1).values)

# decoder input and gold are shifted by one
trg_input = trg[:, :-1]
gold = trg[:, 1:]
print(trg_input)
print(gold)
print(trg_input.shape, gold.shape)
print(gold.contiguous().view(-1))
