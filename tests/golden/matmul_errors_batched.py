import torch

q = torch.ones(2, 2, 5, 4)
k = torch.ones(2, 2, 5, 4)
print(torch.matmul(q, k.transpose(-2, -1)).shape)
# forgot to transpose k
scores = torch.matmul(q, k)
print("unreachable", scores.shape)
