import torch
import torch.nn as nn

# PyTorch errors, caught and printed
try:
    torch.arange(12).view(3, 4).t().view(12)
except RuntimeError as e:
    print(e)

try:
    torch.ones(2, 3) + torch.ones(4)
except RuntimeError as e:
    print(e)

try:
    torch.ones(3, 4) @ torch.ones(5, 2)
except RuntimeError as e:
    print(e)

try:
    torch.arange(12).view(5, -1)
except RuntimeError as e:
    print(e)

try:
    torch.ones(2, 3).sum(dim=3)
except IndexError as e:
    print(e)

try:
    torch.tensor([1.0, 2.0]).item()
except RuntimeError as e:
    print(e)

try:
    torch.cat([torch.ones(2, 3), torch.ones(2, 4)], dim=0)
except RuntimeError as e:
    print(e)

try:
    nn.Embedding(5, 2)(torch.tensor([7]))
except IndexError as e:
    print(e)

try:
    torch.stack([torch.ones(2), torch.ones(3)])
except RuntimeError as e:
    print(e)

try:
    torch.ones(2, 3).view(-1, -1)
except RuntimeError as e:
    print(e)

try:
    torch.ones(2, 3)[:, 5]
except IndexError as e:
    print(e)

try:
    nn.Linear(4, 2)(torch.ones(3, 5))
except RuntimeError as e:
    print(e)

try:
    torch.ones(2, 3).transpose(0, 2)
except IndexError as e:
    print(type(e).__name__, e)

# the message is also available as str(e) and e.args[0]
try:
    torch.ones(2, 2).view(3)
except RuntimeError as e:
    msg = str(e)
    print(msg == e.args[0], msg.startswith("shape"))
