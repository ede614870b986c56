import torch
a = torch.arange(4.).view(2, 2)
alias = a
a @= torch.eye(2) * 2
print(a)
print(alias)
print(a is alias)
