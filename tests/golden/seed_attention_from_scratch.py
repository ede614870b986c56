import math
import torch

# self-attention from scratch: "I love you" -> 3 tokens, one fused weight [d, 3d]
torch.manual_seed(0)
d = 4
embedding_matrix = torch.randn(3, d)
print(embedding_matrix)

W = torch.randn(d, d * 3)
W_q = W[:, :d]
W_k = W[:, d:d * 2]
W_v = W[:, d * 2:]
print(W_q.shape, W_k.shape, W_v.shape)
print(W_q.is_contiguous(), W_q.stride())

qkv = torch.matmul(embedding_matrix, W)
print(qkv.shape)
q = qkv[:, :d]
k = qkv[:, d:d * 2]
v = qkv[:, d * 2:]
print(torch.allclose(q, embedding_matrix @ W_q), torch.allclose(v, embedding_matrix @ W_v))
print(q)

attention_score = torch.matmul(q, k.T)
print(f'attention_score : \n{attention_score}')
dk = torch.tensor(d, dtype=torch.float32)
scaled_attention_score = attention_score / torch.sqrt(dk)
print(f'scaled_attention_score : \n{scaled_attention_score}')
attention_weight = torch.softmax(scaled_attention_score, dim=-1)
print(f'attention_weight : \n{attention_weight}')
print(attention_weight.sum(dim=-1))
output = torch.matmul(attention_weight, v)
print(f'output : \n{output}')

# the same split with chunk and split
q2, k2, v2 = qkv.chunk(3, dim=-1)
print(torch.equal(q2, q), torch.equal(k2, k), torch.equal(v2, v))
print([t.shape for t in qkv.split(d, dim=-1)])

# multi-head: 2 heads of size 2, concatenated back to d
heads = []
for h in range(2):
    qh, kh, vh = q[:, h * 2:(h + 1) * 2], k[:, h * 2:(h + 1) * 2], v[:, h * 2:(h + 1) * 2]
    wh = torch.softmax(qh @ kh.T / math.sqrt(2), dim=-1)
    heads.append(wh @ vh)
concat = torch.cat(heads, dim=-1)
print(concat.shape)
print(concat)

# at d = 512 only the shapes are printed
torch.manual_seed(0)
emb = torch.randn(3, 512)
W = torch.randn(512, 512 * 3)
qkv = emb @ W
q, k, v = qkv[:, :512], qkv[:, 512:1024], qkv[:, 1024:]
print(W.shape, qkv.shape, q.shape, k.shape, v.shape)
score = q @ k.T / math.sqrt(512)
weight = torch.softmax(score, dim=-1)
out = weight @ v
print(score.shape, weight.shape, out.shape)
print(torch.allclose(weight.sum(-1), torch.ones(3)))

# llama-style: additive causal mask and scores.float().type_as(xq)
xq = torch.ones(1, 2, 3, 4)
keys = torch.ones(1, 2, 3, 4)
mask = torch.full((3, 3), float("-inf")).triu(diagonal=1)
scores = torch.matmul(xq, keys.transpose(2, 3)) / math.sqrt(4)
scores = scores + mask
scores = torch.softmax(scores.float(), dim=-1).type_as(xq)
print(scores[0, 0])
output = torch.matmul(scores, keys)
print(output.transpose(1, 2).contiguous().view(1, 3, -1).shape)
