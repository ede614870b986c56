import torch

# why not reshape the attention output directly: the arange(0, 12) example
a = torch.arange(0, 12)
print(a)
b = a.view(2, 6)
print(b)

c = a.view(2, 3, 2)
print(c)
d = c.transpose(1, 2).contiguous()
print(d)
print(d.shape)

# reshaping d straight back gives a different arrangement
e = d.reshape(2, 6)
print(e)
print(torch.equal(e, b))

# undoing the transpose first gives b back
f = d.transpose(1, 2).contiguous()
print(f)
print(f.view(2, 6))
print(torch.equal(f.view(2, 6), b))
print(torch.equal(d.transpose(1, 2).reshape(2, 6), b))

# strides explain it
print(c.stride(), c.transpose(1, 2).stride(), d.stride())
print(c.transpose(1, 2).is_contiguous(), d.is_contiguous())

# view on the transposed tensor fails, contiguous() fixes it
t = c.transpose(1, 2)
try:
    t.view(2, 6)
except RuntimeError as err:
    print("RuntimeError:", err)
print(t.contiguous().view(2, 6))
print(t.reshape(2, 6))

# the same with heads: [bs, n_heads, sl, head_dim] -> [bs, sl, hid_dim]
bs, n_heads, sl, head_dim = 1, 2, 3, 4
x = torch.arange(bs * n_heads * sl * head_dim).view(bs, n_heads, sl, head_dim)
print(x)
right = x.transpose(1, 2).contiguous().view(bs, -1, n_heads * head_dim)
wrong = x.reshape(bs, -1, n_heads * head_dim)
print(right)
print(wrong)
print(torch.equal(right, wrong))

# splitting heads and merging them is a round trip
h = torch.arange(24).view(1, 3, 8)
split = h.view(1, -1, 2, 4).transpose(1, 2)
print(split.shape, split.stride())
merged = split.transpose(1, 2).contiguous().view(1, -1, 8)
print(torch.equal(merged, h))
