import torch
import torch.nn as nn
import torch.nn.functional as F

# y_ls = y * (1 - alpha) + alpha / K
K = 5
alpha = 0.1
target = torch.tensor([2, 0, 4])
y = F.one_hot(target, num_classes=K).float()
y_ls = y * (1 - alpha) + alpha / K
print(y)
print(y_ls)
print(y_ls.sum(dim=1))
print(y_ls.max(dim=1).values, y_ls.min().item())

# for K in a few sizes: the target keeps 1 - alpha + alpha / K
for k in [2, 5, 10, 30000]:
    print(k, round((1 - alpha) + alpha / k, 6), round(alpha / k, 8))

# Annotated-Transformer style: padding index 0 gets no mass
size, padding_idx, smoothing = 6, 0, 0.4
confidence = 1.0 - smoothing
tgt = torch.tensor([2, 1, 0, 5])
true_dist = torch.zeros(4, size)
true_dist.fill_(smoothing / (size - 2))
true_dist.scatter_(1, tgt.unsqueeze(1), confidence)
true_dist[:, padding_idx] = 0
mask = torch.nonzero(tgt == padding_idx)
print(mask, mask.shape)
true_dist.index_fill_(0, mask.squeeze(), 0.0)
print(true_dist)
print(true_dist.sum(dim=1))

# KL divergence against log-probabilities
logits = torch.tensor([[0.1, 0.2, 2.0, 0.1, 0.3, 0.0],
                       [0.5, 1.5, 0.2, 0.1, 0.0, 0.3],
                       [1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
                       [0.0, 0.1, 0.2, 0.3, 0.4, 2.5]])
logp = F.log_softmax(logits, dim=-1)
kl = F.kl_div(logp, true_dist, reduction='sum')
print(kl)
print(nn.KLDivLoss(reduction='sum')(logp, true_dist))

# cross entropy with label_smoothing equals the manual formula
ce = F.cross_entropy(logits, torch.tensor([2, 1, 3, 5]), label_smoothing=0.1)
print(ce)
sm = F.one_hot(torch.tensor([2, 1, 3, 5]), 6).float() * 0.9 + 0.1 / 6
manual = -(sm * logp).sum(dim=-1).mean()
print(manual)
print(torch.allclose(ce, manual))
print(F.cross_entropy(logits, torch.tensor([2, 1, 3, 5])))
print(nn.CrossEntropyLoss(label_smoothing=0.1, ignore_index=0)(logits, torch.tensor([2, 1, 0, 5])))
