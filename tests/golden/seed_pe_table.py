import math
import torch
import torch.nn as nn

max_len, d_model = 10, 8

# step by step: zeros, positions, idx
pe = torch.zeros(max_len, d_model)
print(pe.shape)
pos = torch.arange(0, max_len).unsqueeze(1).float()
print(pos.shape)
print(pe + pos)
idx = torch.arange(0, d_model, 2).float()
idx /= d_model
idx = 1 / 10000 ** idx
print(idx)

# the mistake: cos is taken of the column that already holds sin
bad = pe + pos
bad[:, 0::2] = torch.sin(bad[:, 0::2] * idx)
bad[:, 1::2] = torch.cos(bad[:, 0::2] * idx)
print(bad)
print(bad[1, 1].item(), math.cos(1))

# the correct table
good = torch.zeros(max_len, d_model)
good[:, 0::2] = torch.sin(pos * idx)
good[:, 1::2] = torch.cos(pos * idx)
print(good)
print(round(good[1, 1].item(), 4))
print(torch.equal(bad[:, 0::2], good[:, 0::2]), torch.allclose(bad, good))

# the log-space form gives the same numbers
position = torch.arange(0, max_len).unsqueeze(1)
div_term = torch.exp(torch.arange(0, d_model, 2) * -(math.log(10000.0) / d_model))
print(div_term)
pe2 = torch.zeros(max_len, d_model)
pe2[:, 0::2] = torch.sin(position * div_term)
pe2[:, 1::2] = torch.cos(position * div_term)
print(torch.allclose(pe2, good, atol=1e-6))
print((pe2 - good).abs().max() < 1e-5)

# the common mis-reading: sin((pos / 10000) ** (2i / d_model))
wrong = torch.zeros(max_len, d_model)
wrong[:, 0::2] = torch.sin((pos / 10000) ** (torch.arange(0, d_model, 2).float() / d_model))
print(wrong[:3, 0::2])

# as a module with a buffer
class PositionalEncoding(nn.Module):
    def __init__(self, d_model, dropout=0.1, max_len=50):
        super().__init__()
        self.dropout = nn.Dropout(dropout)
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2) * -(torch.log(torch.Tensor([10000.0])) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        pe = pe.unsqueeze(0)
        self.register_buffer('pe', pe)

    def forward(self, x):
        x = x + self.pe[:, :x.size(1)]
        return self.dropout(x)

pe_layer = PositionalEncoding(d_model, max_len=51)
pe_layer.eval()
print(pe_layer)
print(pe_layer.pe.shape, pe_layer.pe.requires_grad)
print(list(pe_layer.state_dict().keys()), len(list(pe_layer.parameters())))
out = pe_layer(torch.zeros(2, 4, d_model))
print(out.shape)
print(out[1])
print(pe_layer.pe[0, 50])
