bs = 1
sl = 7
hid_dim = 8
print('### cell 1')
import math
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_grad_enabled(False)
torch.manual_seed(0)
x = torch.randn(bs, sl, hid_dim)
sublayer = nn.Linear(hid_dim, hid_dim)
sub_out = sublayer(x)
y = x + sub_out
# x: [bs, sl, hid_dim]
# sub_out: [bs, sl, hid_dim]
# y: [bs, sl, hid_dim]
print("x[0, 0]      ", x[0, 0])
print("sub_out[0, 0]", sub_out[0, 0])
print("y[0, 0]      ", y[0, 0])
print('### cell 2')
silent = nn.Linear(hid_dim, hid_dim)
nn.init.zeros_(silent.weight)
nn.init.zeros_(silent.bias)
print("x + silent(x) == x:", torch.equal(x + silent(x), x))
print('### cell 3')
mean = y.mean(-1, keepdim=True)
# mean: [bs, sl, 1]
var_biased = ((y - mean) ** 2).mean(-1, keepdim=True)
var_unbiased = y.var(-1, keepdim=True)
# var_biased: [bs, sl, 1]
print("mean        ", mean[0, :, 0])
print("var (N)     ", var_biased[0, :, 0])
print("var (N - 1) ", var_unbiased[0, :, 0])
print("same as var(unbiased=False):", torch.allclose(var_biased, y.var(-1, keepdim=True, unbiased=False)))
print('### cell 4')
eps = 1e-5
gamma = torch.ones(hid_dim)
beta = torch.zeros(hid_dim)
h = gamma * (y - mean) / torch.sqrt(var_biased + eps) + beta
def _check_():
    # `h` should keep the shape of `y`, one normalized vector per position.
    # h: [bs, sl, hid_dim]
    
    # `h` is smaller than it should be by the factor sqrt((N - 1) / N): LayerNorm divides by the biased variance `var_biased`, not by `var_unbiased`.
    assert not torch.allclose(h, (y - mean) / torch.sqrt(var_unbiased + eps), atol=1e-6)
    
    # `h` should be gamma * (y - mean) / sqrt(var_biased + eps) + beta, so that every position has mean 0 and variance 1. Did you divide by `torch.sqrt(var_biased + eps)`?
    assert torch.allclose(h, gamma * (y - mean) / torch.sqrt(var_biased + eps) + beta, atol=1e-6)
_check_()
del _check_
print('### cell 5')
# heatmap: h[0]
print("h[0, 0]", h[0, 0])
print("every row has mean ~0:", bool(h.mean(-1).abs().max() < 1e-6))
print("std of each row:", h.std(-1, unbiased=False)[0])
print('### cell 6')
ln = nn.LayerNorm(hid_dim)
print(ln)
# ln.weight: [hid_dim]
# ln.bias: [hid_dim]
print("weight (gamma)", ln.weight.data)
print("bias   (beta) ", ln.bias.data)
print("ln(y)[0, 0]", ln(y)[0, 0])
print("matches the hand-made h:", torch.allclose(ln(y), h, atol=1e-6))
print('### cell 7')
class BlogLayerNorm(nn.Module):
    def __init__(self, features, eps=1e-6):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(features))
        self.beta = nn.Parameter(torch.zeros(features))
        self.eps = eps

    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        std = x.std(-1, keepdim=True)
        return self.gamma * (x - mean) / (std + self.eps) + self.beta

blog_ln = BlogLayerNorm(hid_dim)
print("blog  [0, 0]", blog_ln(y)[0, 0])
print("torch [0, 0]", ln(y)[0, 0])
print("ratio [0, 0]", blog_ln(y)[0, 0] / ln(y)[0, 0])
print("sqrt((N - 1) / N) =", round(math.sqrt((hid_dim - 1) / hid_dim), 4))
row = torch.tensor([1., 2., 3., 4.])
print("torch layer_norm", F.layer_norm(row, (4,)))
print("blog formula    ", (row - row.mean()) / (row.std() + 1e-6))
print('### cell 8')
small = torch.tensor([0.001, 0.002, 0.003, 0.004])
mu = small.mean()
var_s = small.var(unbiased=False)
print("biased var", var_s)
print("eps inside sqrt ", (small - mu) / torch.sqrt(var_s + 1e-5))
print("eps outside sqrt", (small - mu) / (torch.sqrt(var_s) + 1e-5))
print("F.layer_norm    ", F.layer_norm(small, (4,), eps=1e-5))
print('### cell 9')
drop = nn.Dropout(0.1)
drop.eval()
post_ln = ln(x + drop(sublayer(x)))
pre_ln = x + drop(sublayer(ln(x)))
def _check_():
    # `post_ln` should be a tensor with one vector per position, like `x`.
    # post_ln: [bs, sl, hid_dim]
    
    # In post-LN the LayerNorm comes last, so every position of `post_ln` should have mean 0. Is `ln(...)` the outermost call?
    assert torch.allclose(post_ln.mean(-1), torch.zeros(bs, sl), atol=1e-5)
    
    # `post_ln` should be `ln(x + drop(sublayer(x)))`: the sub-layer reads `x`, and its output is added to that same `x` before the norm.
    assert torch.allclose(post_ln, ln(x + drop(sublayer(x))), atol=1e-6)
_check_()
del _check_
print('### cell 10')
# pre_ln: [bs, sl, hid_dim]
print("post-LN std per position", post_ln.std(-1, unbiased=False)[0])
print("pre-LN  std per position", pre_ln.std(-1, unbiased=False)[0])
print("pre-LN + final norm std ", ln(pre_ln).std(-1, unbiased=False)[0])
print('### cell 11')
d_model = 512
ln_big = nn.LayerNorm(d_model)
n_ln = sum(p.numel() for p in ln_big.parameters())
print("params per LayerNorm:", n_ln)
print("encoder, 6 layers x 2 norms:", 6 * 2 * n_ln)
print("decoder, 6 layers x 3 norms:", 6 * 3 * n_ln)
print("one Linear(512, 512):", sum(p.numel() for p in nn.Linear(d_model, d_model).parameters()))
x_big = torch.randn(bs, sl, d_model)
# x_big: [bs, sl, 512]
print("ln_big(x_big).shape", ln_big(x_big).shape)
