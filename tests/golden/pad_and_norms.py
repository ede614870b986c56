# A learner batches sentences of different lengths, masks the padding, and compares embeddings by
# cosine similarity with torch.linalg's norms.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils.rnn import pad_sequence

torch.manual_seed(0)
vocab = {"<pad>": 0, "i": 1, "am": 2, "a": 3, "student": 4, "you": 5, "are": 6, "teacher": 7}
sentences = ["i am a student", "you are a teacher", "i am"]
ids = [torch.tensor([vocab[w] for w in s.split()]) for s in sentences]
batch = pad_sequence(ids, batch_first=True, padding_value=vocab["<pad>"])
print(batch, batch.shape, batch.dtype)
left = pad_sequence(ids, batch_first=True, padding_side="left")
print(left)
print(pad_sequence(ids))

pad_mask = batch == vocab["<pad>"]
print(pad_mask)
attn_mask = pad_mask[:, None, None, :]
print(attn_mask.shape)

emb = nn.Embedding(len(vocab), 6, padding_idx=0)
x = emb(batch)
print(x.shape)
print(torch.linalg.vector_norm(x, dim=-1))
norms = torch.linalg.norm(x, dim=-1, keepdim=True)
unit = x / norms.clamp_min(1e-12)
print(torch.linalg.vector_norm(unit, dim=-1))
sim = unit[0] @ unit[1].T
print(sim)
print(F.cosine_similarity(x[0, 1], x[1, 1], dim=0))
print(torch.linalg.vecdot(unit[0], unit[1]))
print(torch.linalg.matrix_norm(emb.weight))
print(torch.linalg.matrix_norm(emb.weight, ord=1), torch.linalg.matrix_norm(emb.weight, ord=float("inf")))
print(torch.linalg.norm(emb.weight), torch.linalg.norm(emb.weight, 1))
print(torch.linalg.vector_norm(emb.weight, ord=1, dim=0))
print(type(F.relu).__name__, type(torch.relu).__name__, type(pad_sequence).__name__)
try:
    pad_sequence([])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.linalg.matrix_norm(batch.float()[0])
except RuntimeError as e:
    print("RuntimeError:", e)
try:
    torch.linalg.vector_norm(batch)
except Exception as e:
    print(type(e).__name__, e)
