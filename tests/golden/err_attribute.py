import torch
import torch.nn as nn

torch.manual_seed(0)
fc = nn.Linear(2, 3)
print(fc.weight.shape)
print(fc.out_features)
print(fc.qqq_no_such_thing)
