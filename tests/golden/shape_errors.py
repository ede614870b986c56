# The shape errors learners meet first (matmul without transpose, view after transpose, broadcast and mask
# mismatches, a Linear fed the wrong size): PyTorch checks broadcasting from the right and names the mask
# "tensor a" in masked_fill.
import torch
import torch.nn as nn
def t(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
q = torch.randn(1, 2, 7, 4)
k = torch.randn(1, 2, 7, 4)
t(lambda: q @ k)
t(lambda: torch.matmul(q, k))
t(lambda: q.transpose(1, 2).view(1, -1, 8))
t(lambda: q + torch.randn(1, 7, 2, 4))
s = torch.randn(1, 2, 7, 7)
t(lambda: s.masked_fill(torch.ones(1, 7, 1, 1).bool(), 0))
t(lambda: s.masked_fill(torch.ones(7, 7, 1).bool(), 0))
fc = nn.Linear(8, 16)
t(lambda: fc(torch.randn(1, 7, 4)))
t(lambda: torch.cat([q, torch.randn(1, 3, 7, 4)], dim=-1))
e = nn.Embedding(10, 8)
t(lambda: e(torch.randn(1, 7)))
t(lambda: q.view(1, 7, 3))
t(lambda: torch.randn(7, 4) @ torch.randn(7, 4))
