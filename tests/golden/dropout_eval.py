import torch
import torch.nn as nn
import torch.nn.functional as F

drop = nn.Dropout(0.5)
print(drop)
print(drop.p, drop.training)

x = torch.arange(1, 9).float().view(2, 4)

# in eval mode dropout is the identity
drop.eval()
print(drop.training)
print(drop(x))
print(torch.equal(drop(x), x))

# p=0.0 is the identity even in training mode
d0 = nn.Dropout(p=0.0)
print(d0, d0.training)
print(d0(x))

# functional dropout with training=False
print(F.dropout(x, p=0.3, training=False))

# p=1.0 in training zeroes everything
d1 = nn.Dropout(1.0)
print(d1(x))

# model.eval() switches every nested dropout
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.dropout = nn.Dropout(0.1)

    def forward(self, x):
        return self.dropout(self.fc(x))

torch.manual_seed(0)
net = Net()
print(net.dropout.training)
net.eval()
print(net.dropout.training)
with torch.no_grad():
    a = net(x)
    b = net(x)
print(torch.equal(a, b))
print(a)

# reusing one Dropout module in several places is fine in eval mode
shared = nn.Dropout(0.2).eval()
print(shared(torch.ones(3)), shared(torch.zeros(2)))
print(nn.Dropout(0.1, inplace=True))
