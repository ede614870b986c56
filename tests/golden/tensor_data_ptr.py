# data_ptr() relations PyTorch guarantees (the addresses themselves differ from run to run): views of one
# storage differ by their offset in bytes, a new storage is another address, and the allocator aligns
# a fresh storage to 64 bytes.
import torch

a = torch.arange(12.)
b = a[3:]
c = a.view(3, 4)[1]
t = a.view(3, 4).t()
print(b.data_ptr() - a.data_ptr(), c.data_ptr() - a.data_ptr(), t.data_ptr() == a.data_ptr())
print(a.view(3, 4)[2, 1:].data_ptr() - a.data_ptr(), a.view(3, 4)[:, 2].data_ptr() - a.data_ptr())
i = torch.arange(10)
print(i[2:].data_ptr() - i.data_ptr(), i[::3][1].data_ptr() - i.data_ptr())
j = torch.zeros(4, dtype=torch.int32)
print(j[1:].data_ptr() - j.data_ptr())
d = torch.zeros(3)
print(d.data_ptr() == a.data_ptr(), a.clone().data_ptr() == a.data_ptr())
print(a.contiguous().data_ptr() == a.data_ptr(), t.contiguous().data_ptr() == a.data_ptr())
print(a.reshape(2, 6).data_ptr() == a.data_ptr(), a[5:].data_ptr() == a[5:].data_ptr())
print(a.data_ptr() % 64 == 0, d.data_ptr() % 64 == 0, b.data_ptr() % 64 == 0)
keep = [torch.zeros(2) for _ in range(5)]
print(len(set(x.data_ptr() for x in keep + [a, d, i, j])))
print(type(a.data_ptr()).__name__, a.data_ptr() > 0)
