import math
import torch
from torch import nn
from copy import deepcopy

# a toy encoder-decoder built from the walkthrough's pieces, d_model 8, h 2, vocab 10
class Attention:
    def __init__(self, dropout=0.):
        self.dropout = nn.Dropout(dropout)
        self.softmax = nn.Softmax(dim=-1)

    def forward(self, query, key, value, mask=None):
        d_k = query.size(-1)
        scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, -1e9)
        return torch.matmul(self.dropout(self.softmax(scores)), value)

    def __call__(self, query, key, value, mask=None):
        return self.forward(query, key, value, mask)

class MultiHeadAttention(nn.Module):
    def __init__(self, h=2, d_model=8):
        super(MultiHeadAttention, self).__init__()
        self.d_k = d_model // h
        self.h = h
        self.attn = Attention()
        self.linears = nn.ModuleList([deepcopy(nn.Linear(d_model, d_model)) for _ in range(4)])
        self.final_linear = nn.Linear(d_model, d_model, bias=False)

    def forward(self, query, key, value, mask=None):
        if mask is not None:
            mask = mask.unsqueeze(1)
        nbatches = query.size(0)
        query, key, value = [l(x).view(nbatches, -1, self.h, self.d_k).transpose(1, 2)
                             for l, x in zip(self.linears, (query, key, value))]
        x = self.attn(query, key, value, mask=mask)
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        return self.final_linear(x)

class Layer(nn.Module):
    def __init__(self, d_model=8, cross=False):
        super(Layer, self).__init__()
        self.self_attn = MultiHeadAttention()
        self.src_attn = MultiHeadAttention() if cross else None
        self.ff = nn.Sequential(nn.Linear(d_model, 16), nn.ReLU(), nn.Linear(16, d_model))
        self.norms = nn.ModuleList([nn.LayerNorm(d_model) for _ in range(3)])

    def forward(self, x, memory, src_mask, tgt_mask):
        x = x + self.self_attn(self.norms[0](x), self.norms[0](x), self.norms[0](x), tgt_mask)
        if self.src_attn is not None:
            y = self.norms[1](x)
            x = x + self.src_attn(y, memory, memory, src_mask)
        return x + self.ff(self.norms[2](x))

class Toy(nn.Module):
    def __init__(self, vocab=10, d_model=8, n=2):
        super(Toy, self).__init__()
        self.d_model = d_model
        self.src_embed = nn.Embedding(vocab, d_model)
        self.tgt_embed = nn.Embedding(vocab, d_model)
        self.encoder = nn.ModuleList([deepcopy(Layer()) for _ in range(n)])
        self.decoder = nn.ModuleList([deepcopy(Layer(cross=True)) for _ in range(n)])
        self.out = nn.Sequential(nn.Linear(d_model, vocab), nn.LogSoftmax(dim=-1))

    def forward(self, src, tgt, src_mask, tgt_mask):
        m = self.src_embed(src) * math.sqrt(self.d_model)
        for layer in self.encoder:
            m = layer(m, None, None, src_mask)
        x = self.tgt_embed(tgt) * math.sqrt(self.d_model)
        for layer in self.decoder:
            x = layer(x, m, src_mask, tgt_mask)
        return self.out(x)

torch.manual_seed(0)
model = Toy()
for p in model.parameters():
    if p.dim() > 1:
        nn.init.xavier_uniform_(p)
model.eval()
print(sum(p.numel() for p in model.parameters()))
print(model.out)
print(model.encoder[0].self_attn.linears[0].weight.data[0])

src = torch.tensor([[1, 2, 3, 4, 5]])
src_mask = torch.tensor([[1, 1, 1, 1, 1]])
tgt = torch.tensor([[6, 7, 8, 0, 0]])
tgt_mask = torch.tensor([[1, 1, 1, 0, 0]])
with torch.no_grad():
    result = model(src, tgt, src_mask, tgt_mask)
print(result.shape)
print(result[0, 0])
print(result.exp().sum(-1))
print(result.argmax(dim=-1))
