import torch

loss = torch.tensor([0.25, 0.75])
print(loss.mean().item())
print(loss.item())
