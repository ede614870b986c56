import torch
import torch.nn as nn
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0, 3.0], [1.0, 1.0, 1.0]])
print(torch.softmax(x, dim=-1))
print(F.softmax(x, dim=1))
print(x.softmax(dim=0))
print(F.softmax(x, dim=-1).sum(dim=-1))
print(nn.Softmax(dim=-1)(x))
print(nn.Softmax(dim=-1))

# log_softmax
print(F.log_softmax(x, dim=-1))
print(torch.log_softmax(x, dim=1))
print(nn.LogSoftmax(dim=-1)(x))
print(torch.log(torch.softmax(x, dim=-1)))

# big values are stable (max is subtracted first)
big = torch.tensor([1000.0, 1001.0, 1002.0])
print(torch.softmax(big, dim=0))
print(torch.softmax(torch.tensor([-1000.0, 0.0]), dim=0))

# masked positions
s = torch.tensor([2.0, -1e10, 0.5, -1e9])
print(torch.softmax(s, dim=0))
print(torch.softmax(torch.tensor([1.0, float('-inf'), 1.0]), dim=0))

# all -inf row gives nan, all -1e9 row gives uniform
print(torch.softmax(torch.tensor([float('-inf'), float('-inf')]), dim=0))
print(torch.softmax(torch.tensor([-1e9, -1e9, -1e9]), dim=0))

# temperature
logits = torch.tensor([2.0, 1.0, 0.1])
for T in [0.5, 1.0, 2.0]:
    print(T, torch.softmax(logits / T, dim=-1))

# softmax over a 4-D attention score
scores = torch.arange(2 * 2 * 3 * 3).view(2, 2, 3, 3).float() / 10
w = torch.softmax(scores, dim=-1)
print(w.shape)
print(w[0, 0])
print(w.sum(-1))

# argmax of probabilities equals argmax of logits
print(torch.softmax(logits, -1).argmax().item(), logits.argmax().item())

# sigmoid is softmax over [x, 0]
print(torch.sigmoid(torch.tensor([0.7])), torch.softmax(torch.tensor([0.7, 0.0]), 0)[0])

# cross entropy and nll
target = torch.tensor([2, 0])
print(F.cross_entropy(x, target))
print(F.nll_loss(F.log_softmax(x, dim=-1), target))
print(F.cross_entropy(x, target, reduction='none'))
print(nn.CrossEntropyLoss()(x, target))
