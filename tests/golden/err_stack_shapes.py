import torch

seqs = [torch.tensor([3, 6, 4, 9]), torch.tensor([1, 3, 5]), torch.tensor([3, 2])]
print([len(s) for s in seqs])
batch = torch.stack(seqs)
print(batch)
