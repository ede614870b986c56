bs = 1
sl = 7
hid_dim = 8
n_heads = 2
head_dim = hid_dim // n_heads
print('### cell 1')
import torch
import torch.nn as nn
import math

torch.manual_seed(0)
torch.set_grad_enabled(False)

ids = [21, 4, 33, 7, 15][:sl]
sample1_tensor = torch.zeros(bs, sl, dtype=torch.long)
sample1_tensor[:, :len(ids)] = torch.tensor(ids)
tokens = ["커피", "가", "맛", "이", "좋네요"][:sl] + ["<pad>"] * (sl - len(ids))
embedding = nn.Embedding(40, hid_dim, padding_idx=0)
src = embedding(sample1_tensor)
# src: [bs, sl, hid_dim]

pad_mask = (sample1_tensor != 0).unsqueeze(1).unsqueeze(2)
# pad_mask: [bs, 1, 1, sl]
sub_mask = torch.tril(torch.ones((sl, sl))).bool()
post_mask = pad_mask & sub_mask
# post_mask: [bs, 1, sl, sl]
src_mask = pad_mask
# src_mask: [bs, 1, 1, sl]
print("post's mask", post_mask.shape, " encoder's mask", src_mask.shape)
print('### cell 2')
class MultiHeadAttentionLayer(nn.Module):
    def __init__(self, hid_dim, n_heads, dropout):
        super().__init__()
        assert hid_dim % n_heads == 0
        self.hid_dim = hid_dim
        self.n_heads = n_heads
        self.head_dim = hid_dim // n_heads
        self.fc_q = nn.Linear(hid_dim, hid_dim)
        self.fc_k = nn.Linear(hid_dim, hid_dim)
        self.fc_v = nn.Linear(hid_dim, hid_dim)
        self.fc_o = nn.Linear(hid_dim, hid_dim)
        self.dropout = nn.Dropout(dropout)
        self.scale = math.sqrt(self.head_dim)

    def forward(self, query, key, value, mask=None):
        bs = query.shape[0]
        Q = self.fc_q(query).view(bs, -1, self.n_heads, self.head_dim).transpose(1, 2)
        K = self.fc_k(key).view(bs, -1, self.n_heads, self.head_dim).transpose(1, 2)
        V = self.fc_v(value).view(bs, -1, self.n_heads, self.head_dim).transpose(1, 2)
        energy = torch.matmul(Q, K.transpose(-2, -1)) / self.scale
        if mask is not None:
            energy = energy.masked_fill(mask == 0, -1e10)
        attention = torch.softmax(energy, dim=-1)
        x = torch.matmul(self.dropout(attention), V)
        x = x.transpose(1, 2).contiguous().view(bs, -1, self.hid_dim)
        x = self.fc_o(x)
        return x, attention
print('### cell 3')
mha = MultiHeadAttentionLayer(hid_dim, n_heads, dropout=0.1)
mha.eval()
print(mha)
print(mha.head_dim, mha.scale, mha.training)
print('### cell 4')
for name, p in mha.named_parameters():
    print(name, tuple(p.shape), p.numel())
n_params = sum(p.numel() for p in mha.parameters())
print(n_params, 4 * (hid_dim * hid_dim + hid_dim))
print('### cell 5')
out, attn = mha(src, src, src, src_mask)
# out: [bs, sl, hid_dim]
# attn: [bs, n_heads, sl, sl]
# heatmap: attn[0, 0] labels=tokens
# heatmap: attn[0, 1] labels=tokens
print(out.shape, attn.shape)
print(attn[0, 1, len(ids) - 1])
print('### cell 6')
_, attn_post = mha(src, src, src, post_mask)
# attn_post: [bs, n_heads, sl, sl]
# heatmap: attn_post[0, 0] labels=tokens
print("pad mask only, row 0:", attn[0, 0, 0])
print("post's mask,   row 0:", attn_post[0, 0, 0])
print('### cell 7')
Q = mha.fc_q(src).view(bs, -1, n_heads, head_dim).transpose(1, 2)
K = mha.fc_k(src).view(bs, -1, n_heads, head_dim).transpose(1, 2)
V = mha.fc_v(src).view(bs, -1, n_heads, head_dim).transpose(1, 2)
weights = torch.softmax((Q @ K.transpose(-2, -1) / math.sqrt(head_dim)).masked_fill(src_mask == 0, -1e10), dim=-1)
heads = weights @ V
# heads: [bs, n_heads, sl, head_dim]
print(torch.equal(weights, attn))
print('### cell 8')
concat = heads.transpose(1, 2).contiguous().view(bs, -1, hid_dim)
def _check_():
    # `concat` should be [bs, sl, hid_dim]: one row of hid_dim numbers per token.
    # concat: [bs, sl, hid_dim]
    
    # `concat` has the right shape but the wrong rows: row t must hold token t's part from every head. In `heads` the head dim comes before the token dim, so reading it in that order glues neighbouring tokens of one head together. Swap the head and token dims (`transpose(1, 2)`, then `contiguous()`) before the `view`.
    assert torch.equal(concat, heads.transpose(1, 2).reshape(bs, -1, hid_dim))
    
    # `fc_o(concat)` should give the module's output `out`.
    assert torch.allclose(mha.fc_o(concat), out, atol=1e-6)
_check_()
del _check_
print('### cell 9')
print(torch.equal(mha.fc_o(concat), out))
print('### cell 10')
no_head1 = concat.clone()
no_head1[:, :, head_dim:] = 0
change = mha.fc_o(no_head1) - out
print(change[0, 0])
print((change != 0).all())
print('### cell 11')
trg = torch.randn(bs, 4, hid_dim)
out_x, attn_x = mha(trg, src, src, src_mask)
# attn_x: [bs, n_heads, 4, sl]
# out_x: [bs, 4, hid_dim]
# heatmap: attn_x[0, 0]
print(out_x.shape, attn_x.shape)
print(attn_x[0, 0])
print('### cell 12')
big = MultiHeadAttentionLayer(512, 8, dropout=0.1)
big.eval()
x512 = torch.randn(bs, sl, 512)
out_big, attn_big = big(x512, x512, x512, src_mask)
# attn_big: [bs, 8, sl, sl]
# out_big: [bs, sl, 512]
print(big.head_dim, out_big.shape, attn_big.shape)
n_big = sum(p.numel() for p in big.parameters())
print(f"{n_big:,}", n_big == 4 * (512 * 512 + 512))
