bs = 2
sl = 6
vocab = 17
d_model = 4
print('### cell 1')
import torch
import torch.nn as nn
import torch.nn.functional as F
import math

vocab_list = ["<PAD>", "<UNK>", "[CLS]", "[SEP]", "[MASK]", "커", "커피", "차", "빵", "맛", "좋", "식었",
              "##가", "##이", "##도", "##네요", "##아요"]
tok2id = {t: i for i, t in enumerate(vocab_list)}
sentences = [["커피", "##가", "맛", "##이", "좋", "##네요"], ["좋", "##네요"]]

def encode(tokens):
    return [tok2id[t] for t in tokens][:sl]

src = torch.zeros(bs, sl, dtype=torch.long)       # every position starts as <PAD> (id 0)
for i in range(bs):
    ids = encode(sentences[i % len(sentences)])
    src[i, :len(ids)] = torch.tensor(ids)         # the sentence's ids at the front
# src: [bs, sl]
print(src)

torch.manual_seed(0)
emb = nn.Embedding(vocab, d_model, padding_idx=0)
# emb.weight: [vocab, d_model]
print(emb)
print(emb.weight[:7])
print('### cell 2')
x = emb(src)
# x: [bs, sl, d_model]
# heatmap: x[0]
print(x[0])
print(torch.equal(x[0, 0], emb.weight[tok2id["커피"]]))
print('### cell 3')
print(x[1])
print(emb.weight[0])
print('### cell 4')
rows = emb.weight[src]
def _check_():
    # `rows` should have one vector of d_model numbers per id of `src`: [bs, sl, d_model].
    # rows: [bs, sl, d_model]
    # `rows[b, t]` should be row `src[b, t]` of `emb.weight`, exactly what `emb(src)` gives.
    assert torch.equal(rows, emb(src))
_check_()
del _check_
print('### cell 5')
one_hot = F.one_hot(src, vocab).float()
# one_hot: [bs, sl, vocab]
print(one_hot[0, :2])
via_matmul = one_hot @ emb.weight
# via_matmul: [bs, sl, d_model]
print(torch.equal(via_matmul, x))
print('### cell 6')
class Embed(nn.Module):
    def __init__(self, vocab, d_model):
        super().__init__()
        self.emb = nn.Embedding(vocab, d_model, padding_idx=0)
        self.scaling = math.sqrt(d_model)

    def forward(self, x):
        return self.emb(x) * self.scaling

torch.manual_seed(0)
embed = Embed(vocab, d_model)
y = embed(src)
# y: [bs, sl, d_model]
print(embed.scaling)
print(y[0, :2])
print(torch.equal(y, x * math.sqrt(d_model)))
print('### cell 7')
try:
    emb(torch.tensor([[vocab]]))
    print('!!! expected IndexError was not raised')
except IndexError as _e:
    print('IndexError:', _e)
print('### cell 8')
torch.manual_seed(0)
big = nn.Embedding(37000, 512, padding_idx=0)
# big.weight: [37000, 512]
print(big.weight.shape, big.weight.numel())
print(big(src).shape)
nn.init.xavier_uniform_(big.weight)
row = big.weight[tok2id["커피"]]
print(round(math.sqrt(6 / (512 + 37000)), 4), round(big.weight.abs().max().item(), 4))
print(round(row.norm().item(), 2), round((row * math.sqrt(512)).norm().item(), 2), math.sqrt(512 / 2))
print(bool(big.weight[0].abs().sum() > 0))
