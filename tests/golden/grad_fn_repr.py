import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
fc = nn.Linear(3, 2)
x = torch.tensor([[1.0, 0.0, -1.0]])

# outputs of layers print their grad_fn
y = fc(x)
print(y)
print(fc(torch.ones(2, 2, 3)))
print(fc(torch.ones(3)))
print(y * 2)
print(y + 1)
print(y - y)
print(y / 2)
print(torch.relu(y))
print(F.relu(y))
print(torch.softmax(y, dim=-1))
print(F.log_softmax(y, dim=-1))
print(y.sum())
print(y.mean())
print(y.t())
print(y.view(2))
print(y.unsqueeze(0))
print(y[0])
print(torch.tanh(y))
print(torch.sigmoid(y))
print(y.exp())
print(y @ torch.ones(2, 1))

emb = nn.Embedding(4, 2)
print(emb(torch.tensor([1, 3])))

ln = nn.LayerNorm(2)
print(ln(y))

# requires_grad=True leaf and a derived tensor
w = torch.tensor([1.0, 2.0], requires_grad=True)
print(w)
print(w * 3)
print(w.pow(2).sum())

# grad_fn attribute itself
print(y.grad_fn is not None, x.grad_fn)
print(type(y.grad_fn).__name__)

# the parameters themselves
print(fc.bias)
