bs = 1
sl = 3
hid_dim = 8
n_heads = 2
head_dim = hid_dim // n_heads
print('### cell 1')
import torch

a = torch.arange(0, 12)
# a: [12]
print(a)
print(a.shape, a.stride(), a.is_contiguous())
print('### cell 2')
b = a.view(2, 6)
c = a.view(2, 3, 2)
# b: [2, 6]
# c: [2, 3, 2]
print(b)
print(c)
print(b.stride(), c.stride(), b.data_ptr() == a.data_ptr(), c.data_ptr() == a.data_ptr())

a2 = torch.arange(0, 12)
a2.view(3, 4)[0, 0] = 100
print(a2)
print('### cell 3')
t = c.transpose(1, 2)
# t: [2, 2, 3]
print(t)
print(t.stride(), t.is_contiguous(), t.data_ptr() == a.data_ptr())
print('### cell 4')
try:
    t.view(2, 6)
    print('!!! expected RuntimeError was not raised')
except RuntimeError as _e:
    print('RuntimeError:', _e)
print('### cell 5')
d = t.contiguous()
print(d.stride(), d.is_contiguous(), d.data_ptr() == a.data_ptr())
print(d.view(2, 6))

r = t.reshape(2, 6)
print(r.data_ptr() == a.data_ptr(), b.reshape(3, 4).data_ptr() == a.data_ptr())
print('### cell 6')
e = d.reshape(2, 6)
print(e)
print(torch.equal(e, b))
print('### cell 7')
f = d.transpose(1, 2).contiguous()
back = f.view(2, 6)
print(back)
def _check_():
    # `f` should have the shape of `c` again, [2, 3, 2]: swap dims 1 and 2 back.
    # f: [2, 3, 2]
    
    # `f` has `c`'s shape but not `c`'s numbers in `c`'s order: `view` and `reshape` only re-read memory in its current order; it takes a `transpose` to undo a `transpose`.
    assert torch.equal(f, c)
    
    # `back` should equal `b`: rows 0 … 5 and 6 … 11.
    assert torch.equal(back, b)
_check_()
del _check_
print('### cell 8')
x = torch.arange(bs * n_heads * sl * head_dim).view(bs, n_heads, sl, head_dim)
# x: [bs, n_heads, sl, head_dim]
print(x)
print('### cell 9')
xt = x.transpose(1, 2)
# xt: [bs, sl, n_heads, head_dim]
print(xt[0, 0])
print(xt.stride(), xt.is_contiguous())
print('### cell 10')
merged = x.transpose(1, 2).contiguous().view(bs, -1, hid_dim)
# merged: [bs, sl, hid_dim]
print(merged)
print(torch.equal(merged, x.transpose(1, 2).reshape(bs, -1, hid_dim)))
print('### cell 11')
wrong = x.reshape(bs, -1, hid_dim)
# wrong: [bs, sl, hid_dim]
print(wrong)
print(torch.equal(wrong, merged))
print('### cell 12')
try:
    x.transpose(1, 2).view(bs, -1, hid_dim)
    print('!!! expected RuntimeError was not raised')
except RuntimeError as _e:
    print('RuntimeError:', _e)
