import torch
import torch.nn as nn

torch.manual_seed(0)
emb = nn.Embedding(5, 2)
ids = torch.tensor([[1, 2, 4]])
print(emb(ids).shape)
bad = torch.tensor([[1, 5]])
print(emb(bad))
