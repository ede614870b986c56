# repeat always copies: a repeated size-1 dim is not a stride-0 view of the input, and writing to the
# result leaves the input alone.
import torch
x = torch.randn(3, 8).unsqueeze(0)
r = x.repeat(2, 1, 1)
print(r.stride(), r.is_contiguous())
r[0, 0, 0] = 100.
print(x[0, 0, 0] == 100.)
y = torch.arange(6).view(2, 3)
z = y.repeat(1, 1)
z[0, 0] = 9
print(y[0, 0].item(), z.stride(), y.repeat(2, 2).stride(), y.repeat(2, 1, 3).shape)
