bs = 1
sl = 7
hid_dim = 8
pf_dim = 16
print('### cell 1')
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_grad_enabled(False)
torch.manual_seed(0)

class PositionwiseFeedForward(nn.Module):
    def __init__(self, hid_dim, pf_dim, dropout):
        super().__init__()
        self.fc1 = nn.Linear(hid_dim, pf_dim)
        self.fc2 = nn.Linear(pf_dim, hid_dim)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        x = self.fc1(x)                      # [bs, sl, hid_dim] -> [bs, sl, pf_dim]
        x = self.dropout(torch.relu(x))      # shape unchanged
        x = self.fc2(x)                      # [bs, sl, pf_dim] -> [bs, sl, hid_dim]
        return x

ff = PositionwiseFeedForward(hid_dim, pf_dim, 0.1)
ff.eval()
print(ff)
# ff.fc1.weight: [pf_dim, hid_dim]
# ff.fc1.bias: [pf_dim]
# ff.fc2.weight: [hid_dim, pf_dim]
# ff.fc2.bias: [hid_dim]
print("fc1.weight", ff.fc1.weight.shape, " fc2.weight", ff.fc2.weight.shape)
print('### cell 2')
x = torch.randn(bs, sl, hid_dim)
# x: [bs, sl, hid_dim]
h = ff.fc1(x)
# h: [bs, sl, pf_dim]
print("x.shape", x.shape)
print("h.shape", h.shape)
print('### cell 3')
try:
    ff.fc2(x)
    print('!!! expected RuntimeError was not raised')
except RuntimeError as _e:
    print('RuntimeError:', _e)
print('### cell 4')
r = torch.relu(h)
# r: [bs, sl, pf_dim]
# heatmap: r[0]
print("h[0, 0]", h[0, 0])
print("r[0, 0]", r[0, 0])
print("zeros in r:", (r == 0).sum().item(), "of", r.numel())
print("dropout in eval mode is the identity:", torch.equal(ff.dropout(r), r))
print('### cell 5')
out = ff.fc2(ff.dropout(r))
# out: [bs, sl, hid_dim]
print("out[0, 0]", out[0, 0])
print("same as ff(x):", torch.equal(out, ff(x)))
print('### cell 6')
W1, b1 = ff.fc1.weight, ff.fc1.bias
W2, b2 = ff.fc2.weight, ff.fc2.bias
ffn_out = torch.relu(x @ W1.T + b1) @ W2.T + b2
def _check_():
    # `ffn_out` should have one vector of hid_dim numbers per position, like `x`.
    # ffn_out: [bs, sl, hid_dim]
    
    # The ReLU is missing: max(0, ·) must zero the negative inner features before the second layer.
    assert not torch.allclose(ffn_out, (x @ W1.T + b1) @ W2.T + b2, atol=1e-5)
    
    # `ffn_out` should equal `ff(x)`, which is `torch.relu(x @ W1.T + b1) @ W2.T + b2`.
    assert torch.allclose(ffn_out, ff(x), atol=1e-5)
_check_()
del _check_
print('### cell 7')
mid = sl // 2
one = ff(x[0, mid])
# one: [hid_dim]
print("position mid alone == position mid in the sentence:", torch.allclose(one, out[0, mid], atol=1e-6))
print("reversed input gives reversed output:", torch.allclose(ff(x.flip(1)), out.flip(1), atol=1e-6))
print('### cell 8')
W, b = ff.fc1.weight, ff.fc1.bias
kernel = W.unsqueeze(-1)
# kernel: [pf_dim, hid_dim, 1]
x_cf = x.transpose(1, 2)
# x_cf: [bs, hid_dim, sl]
conv = (kernel[:, :, 0] @ x_cf + b.unsqueeze(-1)).transpose(1, 2)
# conv: [bs, sl, pf_dim]
per_pos = torch.stack([W @ x[0, t] + b for t in range(sl)]).unsqueeze(0)
# per_pos: [1, sl, pf_dim]
matrix = x @ W.T + b
print("conv k=1 == fc1(x):   ", torch.allclose(conv, h, atol=1e-6))
print("W @ x_t + b == fc1(x):", torch.allclose(per_pos, h[:1], atol=1e-6))
print("x @ W.T + b == fc1(x):", torch.allclose(matrix, h, atol=1e-6))
print('### cell 9')
conv3 = nn.Linear(3 * hid_dim, pf_dim)
def width3(x):
    xp = F.pad(x, (0, 0, 1, 1))
    windows = torch.cat([xp[:, :-2], xp[:, 1:-1], xp[:, 2:]], dim=-1)
    return conv3(windows)

x2 = x.clone()
x2[0, mid] = x2[0, mid] + 1.0
print("kernel 1, changed positions:", (ff.fc1(x2) != ff.fc1(x)).any(-1)[0])
print("kernel 3, changed positions:", (width3(x2) != width3(x)).any(-1)[0])
print('### cell 10')
d_model, d_ff = 512, 2048
ff_big = PositionwiseFeedForward(d_model, d_ff, 0.1)
ff_big.eval()
print("fc1.weight", ff_big.fc1.weight.shape, " fc2.weight", ff_big.fc2.weight.shape)
n_ff = sum(p.numel() for p in ff_big.parameters())
n_attn = 4 * sum(p.numel() for p in nn.Linear(d_model, d_model).parameters())
print("FFN parameters:", n_ff)
print("attention projections (4 x Linear(512, 512)):", n_attn)
x_big = torch.randn(bs, sl, d_model)
h_big = ff_big.fc1(x_big)
# h_big: [bs, sl, 2048]
print("x_big", x_big.shape, "-> fc1", h_big.shape, "-> ff", ff_big(x_big).shape)
