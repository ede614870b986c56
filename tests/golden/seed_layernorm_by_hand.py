import torch
import torch.nn as nn

x = torch.tensor([[1.0, 2.0, 3.0, 4.0],
                  [2.0, 4.0, 4.0, 10.0]])

mean = x.mean(-1, keepdim=True)
print(mean)

# unbiased (divide by K - 1) vs biased (divide by K)
std_unbiased = x.std(-1, keepdim=True)
std_biased = x.std(-1, keepdim=True, unbiased=False)
print(std_unbiased)
print(std_biased)
print(((x - mean) ** 2).sum(-1) / 3, ((x - mean) ** 2).mean(-1))
print(torch.sqrt(((x - mean) ** 2).mean(-1)))


# the LayerNorm written in the walkthrough: unbiased std, eps added to std
class LayerNorm(nn.Module):
    def __init__(self, features, eps=1e-6):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(features))
        self.beta = nn.Parameter(torch.zeros(features))
        self.eps = eps

    def forward(self, x):
        mean = x.mean(-1, keepdim=True)
        std = x.std(-1, keepdim=True)
        return self.gamma * (x - mean) / (std + self.eps) + self.beta


by_hand = LayerNorm(4)
print(by_hand)
print([name for name, p in by_hand.named_parameters()])
with torch.no_grad():
    a = by_hand(x)
print(a)

# nn.LayerNorm: biased variance, eps inside the square root
ln = nn.LayerNorm(4)
with torch.no_grad():
    b = ln(x)
print(b)
print(torch.allclose(a, b, atol=1e-4))
print((b - a).abs().max().item() > 0.1)

# matching nn.LayerNorm by hand
var = x.var(-1, keepdim=True, unbiased=False)
c = (x - mean) / torch.sqrt(var + 1e-5)
print(torch.allclose(b, c, atol=1e-6))

# the size of the unbiased correction: sqrt(K / (K - 1))
print((a / b)[0])
print((4 / 3) ** 0.5)

# eps only matters when the variance is tiny
flat = torch.tensor([[5.0, 5.0, 5.0, 5.0]])
with torch.no_grad():
    print(by_hand(flat), ln(flat))
near = torch.tensor([[1.0, 1.0001, 1.0, 1.0001]])
with torch.no_grad():
    print(by_hand(near))
    print(ln(near))

# gamma and beta
with torch.no_grad():
    by_hand.gamma.fill_(2.0)
    by_hand.beta.fill_(1.0)
    print(by_hand(x))

# residual then norm (post-LN) vs norm then residual (pre-LN)
torch.manual_seed(0)
sub = nn.Linear(4, 4)
ln2 = nn.LayerNorm(4)
with torch.no_grad():
    post = ln2(x + sub(x))
    pre = x + sub(ln2(x))
print(post)
print(pre)
