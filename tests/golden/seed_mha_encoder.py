import copy
import math
import torch
import torch.nn as nn

# EncoderLayer from the inside, hid_dim 8, n_heads 2, pf_dim 16,
# run on the token ids of "커피가 맛이 좋네요" (padded to 7)
device = torch.device("cpu")
print(device)


class Attention:
    def __init__(self, device=device, dropout=.1):
        self.device = device
        self.dropout = nn.Dropout(dropout)
        self.dropout.eval()

    def forward(self, q, k, v, mask=None):
        head_dim = q.shape[-1]
        attn_score = torch.matmul(q, k.transpose(2, 3)) / torch.sqrt(torch.Tensor([head_dim])).to(self.device)
        print("  attn_score", attn_score.shape)
        if mask is not None:
            attn_score = attn_score.masked_fill(mask == 0, -1e10)
        attn_weights = torch.softmax(attn_score, dim=-1)
        x = torch.matmul(self.dropout(attn_weights), v)
        print("  x", x.shape)
        return x, attn_weights

    def __call__(self, q, k, v, mask=None):
        return self.forward(q, k, v, mask=mask)


class MultiHeadAttention(nn.Module):
    def __init__(self, hid_dim=8, n_heads=2, dropout=.1, device=device):
        super().__init__()
        self.device = device
        self.dropout = nn.Dropout(dropout)
        self.attn = Attention()
        assert hid_dim % n_heads == 0
        self.hid_dim = hid_dim
        self.n_heads = n_heads
        self.head_dim = hid_dim // n_heads
        self.linear_dim = (hid_dim, hid_dim)
        self.linears = nn.ModuleList([copy.deepcopy(nn.Linear(*self.linear_dim)) for _ in range(4)])
        self.fc = nn.Linear(*self.linear_dim)

    def forward(self, q, k, v, mask=None):
        bs = q.shape[0]
        q, k, v = [l(x).view(bs, -1, self.n_heads, self.head_dim).transpose(1, 2)
                   for l, x in zip(self.linears, (q, k, v))]
        print("  q k v", q.shape, k.shape, v.shape)
        x, attn_weights = self.attn(q, k, v, mask=mask)
        x = x.transpose(1, 2).contiguous()
        print("  merged", x.shape, x.is_contiguous())
        x = x.view(bs, -1, self.hid_dim)
        x = self.fc(x)
        return x, attn_weights


class PositionwiseFeedForwardLayer(nn.Module):
    def __init__(self, hid_dim=8, pf_dim=16, dropout=.1, device=device):
        super().__init__()
        self.device = device
        self.dropout = nn.Dropout(dropout)
        self.fc1 = nn.Linear(hid_dim, pf_dim)
        self.fc2 = nn.Linear(pf_dim, hid_dim)

    def forward(self, x):
        x = self.fc1(x)
        print("  fc1", x.shape)
        x = self.dropout(torch.relu(x))
        x = self.fc2(x)
        print("  fc2", x.shape)
        return x


class EncoderLayer(nn.Module):
    def __init__(self, hid_dim=8, pf_dim=16, n_heads=2, dropout=.1, device=device):
        super().__init__()
        self.device = device
        self.dropout = nn.Dropout(dropout)
        self.self_attn = MultiHeadAttention(hid_dim, n_heads, dropout, device)
        self.attn_layer_norm = nn.LayerNorm(hid_dim)
        self.ff = PositionwiseFeedForwardLayer(hid_dim, pf_dim, dropout, device)
        self.ff_layer_norm = nn.LayerNorm(hid_dim)

    def forward(self, src, src_mask):
        _src, _ = self.self_attn(src, src, src, src_mask)
        src = self.attn_layer_norm(self.dropout(_src) + src)
        _src = self.ff(src)
        src = self.ff_layer_norm(self.dropout(_src) + src)
        return src


torch.manual_seed(0)
sample1_tensor = torch.tensor([[21, 4, 33, 7, 15, 0, 0]])
print("sample1_tensor", sample1_tensor, sample1_tensor.shape)
embedding = nn.Embedding(40, 8, padding_idx=0).to(device)
layer = EncoderLayer().to(device)
layer.eval()
print(layer)
print(sum(p.numel() for p in layer.parameters()))

with torch.no_grad():
    src = embedding(sample1_tensor) * math.sqrt(8)
    print("src", src.shape)
    pad_mask = (sample1_tensor != 0).unsqueeze(1).unsqueeze(2).to(device)
    sl = src.shape[1]
    sub_mask = torch.tril(torch.ones((sl, sl), device=device)).bool()
    src_mask = pad_mask & sub_mask
    print("masks", pad_mask.shape, sub_mask.shape, src_mask.shape)
    out = layer(src, src_mask)
    print("out", out.shape)
    print(out[0, :2])
    _, attn_weights = layer.self_attn(src, src, src, src_mask)
    print(attn_weights.shape)
    print(attn_weights[0, 0])
    print(attn_weights.sum(-1))

# the unrolled version in the post derives k and v from q (a bug)
with torch.no_grad():
    q = k = v = src
    q = nn.Linear(8, 8)(q)
    k = nn.Linear(8, 8)(k)
    v = nn.Linear(8, 8)(v)
    q = q.view(1, -1, 2, 4)
    k = q.view(1, -1, 2, 4)
    v = q.view(1, -1, 2, 4)
    print(torch.equal(q, k), torch.equal(k, v), q.shape)
