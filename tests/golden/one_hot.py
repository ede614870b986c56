import torch
import torch.nn.functional as F

labels = torch.tensor([0, 2, 1, 3])
oh = F.one_hot(labels)
print(oh)
print(oh.dtype, oh.shape)

print(F.one_hot(labels, num_classes=6))
print(F.one_hot(torch.tensor([[0, 1], [2, 0]]), 3))
print(F.one_hot(torch.tensor(1), 4))

# as float for computing a loss
y = F.one_hot(labels, 4).float()
print(y)

# label smoothing from the one-hot
alpha = 0.1
K = 4
smooth = y * (1 - alpha) + alpha / K
print(smooth)
print(smooth.sum(dim=-1))

# argmax inverts one_hot
print(oh.argmax(dim=-1))
print(torch.equal(oh.argmax(dim=-1), labels))

# building one-hot by hand with scatter_
z = torch.zeros(4, 4)
z.scatter_(1, labels.unsqueeze(1), 1.0)
print(z)
print(torch.equal(z, y))

# one_hot of token ids in a padded batch
ids = torch.tensor([[2, 3, 1, 0], [1, 1, 0, 0]])
print(F.one_hot(ids, num_classes=5).shape)
print(F.one_hot(ids, num_classes=5)[1])

# eye indexing is another way
print(torch.eye(4)[labels])
