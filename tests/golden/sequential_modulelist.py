import copy
import torch
import torch.nn as nn

torch.manual_seed(0)
seq = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
print(seq)
print(len(seq))
print(seq[0])
print(seq[-1])
print(seq[1:])
with torch.no_grad():
    print(seq(torch.ones(3, 4)))

# add_module / named modules
enc = nn.Sequential()
for i in range(3):
    enc.add_module("layer" + str(i), nn.Linear(2, 2))
print(enc)
print(enc.layer1)

# ModuleList of deep copies: same initial weights
lin = nn.Linear(3, 3)
layers = nn.ModuleList([copy.deepcopy(lin) for _ in range(4)])
print(layers)
print(len(layers))
print(torch.equal(layers[0].weight, layers[3].weight))
print(layers[0].weight is layers[3].weight)

# ModuleList of new modules: different weights
torch.manual_seed(0)
fresh = nn.ModuleList([nn.Linear(3, 3) for _ in range(4)])
print(torch.equal(fresh[0].weight, fresh[1].weight))

# iterate and zip
x = torch.ones(1, 3)
with torch.no_grad():
    outs = [l(t) for l, t in zip(fresh, (x, x * 2, x * 3))]
print([tuple(o.shape) for o in outs])
print(outs[2])

# append / extend
ml = nn.ModuleList()
ml.append(nn.ReLU())
ml.extend([nn.Tanh(), nn.Sigmoid()])
print(ml)
for m in ml:
    print(m(torch.tensor([-1.0, 1.0])))

# parameter count of the list
print(sum(p.numel() for p in fresh.parameters()))

# a Sequential inside a Module, with a ModuleList of blocks
class Stack(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(2, 2) for _ in range(n)])
        self.head = nn.Sequential(nn.Linear(2, 1), nn.Sigmoid())

    def forward(self, x):
        for layer in self.layers:
            x = torch.relu(layer(x))
        return self.head(x)

torch.manual_seed(0)
s = Stack(2)
print(s)
with torch.no_grad():
    print(s(torch.tensor([[1.0, -1.0]])))

# nn.ModuleDict
md = nn.ModuleDict({"q": nn.Linear(2, 2), "k": nn.Linear(2, 2)})
print(md)
print(list(md.keys()))
