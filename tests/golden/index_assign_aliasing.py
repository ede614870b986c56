import torch

x = torch.zeros(3, 4)
x[0] = 1
x[1, 2] = 5.5
x[:, 3] = torch.tensor([7.0, 8.0, 9.0])
x[2, :2] = -1
print(x)

# assignment through a mask
y = torch.arange(6).float()
y[y > 3] = 0
print(y)

# assigning into a step slice: the PE pattern
pe = torch.zeros(3, 6)
pe[:, 0::2] = torch.tensor([1.0, 2.0, 3.0])
pe[:, 1::2] = 9
print(pe)

# slices are views: writes show up in the base
base = torch.arange(10)
s = base[2:5]
s[0] = 100
print(base)
s += 1
print(base)
s.fill_(0)
print(base)

# a column view
m = torch.zeros(2, 3)
col = m[:, 1]
col[:] = torch.tensor([4.0, 5.0])
print(m)

# clone breaks the link
c = base.clone()
c[0] = -7
print(base[0].item(), c[0].item())

# plain assignment just renames
d = base
d[1] = 42
print(base[1].item())

# x = x + 1 creates a new tensor, x += 1 modifies in place
a = torch.ones(3)
b = a
a = a + 1
print(a, b)
a2 = torch.ones(3)
b2 = a2
a2 += 1
print(a2, b2)

# integer-list assignment
z = torch.zeros(5, dtype=torch.int64)
z[[0, 3]] = 1
print(z)
z[torch.tensor([1, 4])] = torch.tensor([6, 7])
print(z)

# assigning a float into an int tensor truncates
z[2] = 3.9
print(z)

# data_ptr-free aliasing check via storage offset
print(s.storage_offset(), base[5:].storage_offset(), m[:, 1].storage_offset())

# index_fill / masked assignment on rows
w = torch.arange(12).view(3, 4)
w[1] = torch.tensor([0, 0, 0, 0])
print(w)
w[w == 0] = -1
print(w)
