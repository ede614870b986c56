bs = 2
sl = 6
max_len = max(10, sl)
d_model = 8
n_freq = d_model // 2
vocab = 17
print('### cell 1')
import torch
import torch.nn as nn
import math

pe = torch.zeros(max_len, d_model)
pos = torch.arange(0, max_len).unsqueeze(1).float()
# pe: [max_len, d_model]
# pos: [max_len, 1]
print(pe + pos)
print('### cell 2')
idx = torch.arange(0, d_model, 2).float()
idx /= d_model
idx = 1 / 10000 ** idx
# idx: [n_freq]
print(idx)
print('### cell 3')
angle = pos * idx
# angle: [max_len, n_freq]
print(angle[:3])
print('### cell 4')
pe[:, 0::2] = torch.sin(angle)
pe[:, 1::2] = torch.cos(angle)
# pe: [max_len, d_model]
# heatmap: pe
print(pe[:, :4])
print('### cell 5')
i2 = torch.arange(0, d_model, 2)
misread = torch.sin((pos / 10000) ** (i2 / d_model))
correct = torch.sin(pos / 10000 ** (i2 / d_model))
print(misread[:4])
print(correct[:4])
print('### cell 6')
table = torch.zeros(max_len, d_model) + pos
angle_t = table[:, 0::2] * idx
table[:, 0::2] = torch.sin(angle_t)
table[:, 1::2] = torch.cos(angle_t)
print(table[:4, :2])
def _check_():
    # `table` should have one row per position and one column per dimension, like `pe`.
    # table: [max_len, d_model]
    # The even columns of `table` should hold sin(pos * idx), as in step 4.
    assert torch.allclose(table[:, 0::2], torch.sin(pos * idx), atol=1e-6)
    # The odd columns should hold cos(pos * idx), e.g. cos(1) = 0.5403 at position 1, column 1. When the second line reads `table[:, 0::2]`, do those columns still hold the angles?
    assert torch.allclose(table[:, 1::2], torch.cos(pos * idx), atol=1e-6)
_check_()
del _check_
print('### cell 7')
print(math.cos(1), math.cos(math.sin(1)))
print(torch.cos(torch.sin(pos[:4] * idx[0])))
print(torch.equal(table, pe))
print('### cell 8')
i2f = torch.arange(0, d_model, 2)
power = 10000 ** (i2f / d_model)
direct = 1 / power
div_term = torch.exp(i2f * (-math.log(10000.0) / d_model))
# div_term: [n_freq]
# direct: [n_freq]
print(power.max(), torch.finfo(torch.float32).max)
print(div_term)
print(((div_term - direct).abs() / direct).max(), torch.finfo(torch.float32).eps)
print(torch.allclose(div_term, direct), torch.allclose(div_term, idx))
print('### cell 9')
def positional_encoding(max_len, d_model):
    pe = torch.zeros(max_len, d_model)
    position = torch.arange(0, max_len).unsqueeze(1)
    div_term = torch.exp(torch.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
    pe[:, 0::2] = torch.sin(position * div_term)
    pe[:, 1::2] = torch.cos(position * div_term)
    return pe

print(torch.allclose(positional_encoding(max_len, d_model), pe, atol=1e-4))
print('### cell 10')
pe_big = positional_encoding(50, 128)
# pe_big: [50, 128]
# heatmap: pe_big[:50, :128]
print(pe_big.shape)
print('### cell 11')
class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len):
        super().__init__()
        self.register_buffer("pe", positional_encoding(max_len, d_model).unsqueeze(0))

    def forward(self, x):
        return x + self.pe[:, :x.size(1)]

torch.manual_seed(0)
emb = nn.Embedding(vocab, d_model, padding_idx=0)
pos_enc = PositionalEncoding(d_model, max_len)
sentences = [[6, 12, 9, 13, 10, 15], [10, 15, 10, 15]]

src = torch.zeros(bs, sl, dtype=torch.long)       # every position starts as <PAD> (id 0)
for i in range(bs):
    ids = sentences[i % len(sentences)][:sl]
    src[i, :len(ids)] = torch.tensor(ids)         # the sentence's ids at the front
e = emb(src) * math.sqrt(d_model)
x = pos_enc(e)
# x: [bs, sl, d_model]
# src: [bs, sl]
# pos_enc.pe: [1, max_len, d_model]
print([name for name, _ in pos_enc.named_buffers()], len(list(pos_enc.parameters())))
print(torch.equal(e[1, 0], e[1, 2]), torch.equal(x[1, 0], x[1, 2]))
print(x[1, :3])
print('### cell 12')
pe512 = positional_encoding(5000, 512)
# pe512: [5000, 512]
print(pe512.shape)
print(pe512[1, :4])
print(pe512[1, -4:])
print(PositionalEncoding(512, 5000).pe.shape)
