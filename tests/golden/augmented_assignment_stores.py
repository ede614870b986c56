# `target[index] op= value` is get, in-place op, then store, as Python runs it: an advanced index
# (tensor, list, bool mask) updates a copy that only the store writes back.
import torch
y = torch.zeros(3, 4)
y[:, [1, 3]] += 1
y[..., [1]] /= 2
y[0][torch.tensor([0, 2])] -= 5
m = y > 0
y[m] *= 10
x = torch.arange(6.).reshape(2, 3)
v = x[0]
x[0] += 1
print(y, x, v)
t = ([1], 2)
try:
    t[0] += [5]
except TypeError as e:
    print(type(e).__name__, e)
print(t)
d = {"a": 1}
d["a"] += 2
l = [torch.ones(2)]
l[0] += 1
print(d, l)
w = torch.zeros(4, requires_grad=True).clone()
w[1:3] += 1
print(w)
