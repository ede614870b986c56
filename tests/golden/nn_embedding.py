import math
import torch
import torch.nn as nn

torch.manual_seed(0)
emb = nn.Embedding(10, 4)
print(emb)
print(emb.num_embeddings, emb.embedding_dim)
print(emb.weight.shape)

ids = torch.tensor([[1, 2, 4], [4, 3, 0]])
with torch.no_grad():
    out = emb(ids)
print(out.shape)
print(out)
print(torch.equal(out[0, 2], out[1, 0]))
print(torch.equal(out[0, 0], emb.weight.data[1]))

# padding_idx row starts at zero
torch.manual_seed(0)
pemb = nn.Embedding(6, 3, padding_idx=0)
print(pemb)
print(pemb.weight.data)
with torch.no_grad():
    print(pemb(torch.tensor([0, 5, 0])))

# scaled by sqrt(d_model)
d_model = 4
with torch.no_grad():
    scaled = emb(torch.tensor([1])) * math.sqrt(d_model)
print(scaled)

# lookup of a single index and a 0-d index
with torch.no_grad():
    print(emb(torch.tensor(3)).shape)
    print(emb(torch.tensor([7])).shape)

# from_pretrained
table = torch.tensor([[0.0, 0.0], [1.0, 2.0], [3.0, 4.0]])
pre = nn.Embedding.from_pretrained(table)
print(pre)
print(pre(torch.tensor([2, 1, 1])))
print(pre.weight.requires_grad)

# an Embedding inside a small model
class Embed(nn.Module):
    def __init__(self, vocab, d_model):
        super().__init__()
        self.d_model = d_model
        self.emb = nn.Embedding(vocab, d_model)
        self.scaling = math.sqrt(d_model)

    def forward(self, x):
        return self.emb(x) * self.scaling

torch.manual_seed(0)
e = Embed(10, 8)
print(e)
with torch.no_grad():
    print(e(torch.tensor([[1, 2, 3]])).shape)
    print(e(torch.tensor([[1]])))
