import torch
import torch.nn as nn


class PositionwiseFeedForwardLayer(nn.Module):
    def __init__(self, hid_dim=8, pf_dim=16, dropout=.1):
        super().__init__()
        self.dropout = nn.Dropout(dropout)
        self.fc1 = nn.Linear(hid_dim, pf_dim)
        self.fc2 = nn.Linear(pf_dim, hid_dim)

    def forward(self, x):
        x = self.fc1(x)
        print("after fc1:", x.shape)
        x = self.dropout(torch.relu(x))
        print("after relu/dropout:", x.shape)
        x = self.fc2(x)
        print("after fc2:", x.shape)
        return x


torch.manual_seed(0)
ff = PositionwiseFeedForwardLayer()
ff.eval()
print(ff)
src = torch.randn(1, 7, 8)
with torch.no_grad():
    out = ff(src)
print(out.shape)
print(out[0, 0])

# fc1 widens to pf_dim (16), not hid_dim
print(ff.fc1.weight.shape, ff.fc2.weight.shape)
print(sum(p.numel() for p in ff.parameters()))

# position-wise: each position is processed on its own
with torch.no_grad():
    one = ff.fc2(torch.relu(ff.fc1(src[0, 3])))
print(torch.allclose(one, out[0, 3], atol=1e-6))
with torch.no_grad():
    rows = torch.stack([ff.fc2(torch.relu(ff.fc1(src[0, i]))) for i in range(7)])
print(torch.allclose(rows, out[0], atol=1e-6))

# FFN(x) = max(0, x W1 + b1) W2 + b2 written with matrices
W1, b1 = ff.fc1.weight.data.T, ff.fc1.bias.data
W2, b2 = ff.fc2.weight.data.T, ff.fc2.bias.data
manual = torch.clamp(src @ W1 + b1, min=0) @ W2 + b2
print(torch.allclose(manual, out, atol=1e-6))

# the FeedForward of the walkthrough, with nn.ReLU as a module
class FeedForward(nn.Module):
    def __init__(self, d_model=512, d_ff=2048, dropout=.1):
        super().__init__()
        self.l1 = nn.Linear(d_model, d_ff)
        self.l2 = nn.Linear(d_ff, d_model)
        self.relu = nn.ReLU()
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return self.l2(self.dropout(self.relu(self.l1(x))))

torch.manual_seed(0)
big = FeedForward()
big.eval()
print(big)
print(big.l1.weight.shape, big.l2.weight.shape)
print(sum(p.numel() for p in big.parameters()))
with torch.no_grad():
    y = big(torch.zeros(2, 3, 512))
print(y.shape)
print(torch.allclose(y[0, 0], big.l2(torch.relu(big.l1.bias.data)), atol=1e-5))
