# torch.fmod follows C's sign rule (the dividend's sign), torch.remainder Python's (the divisor's), swept
# over dtypes, scalar and tensor divisors, broadcasting, negative and zero divisors and the in-place forms;
# then in-place arithmetic on an expanded tensor, which PyTorch refuses.
import torch

dividends = [
    torch.tensor([-7, 7, -8, 5, 0, -1]),
    torch.tensor([-7, 7, -8, 5, 0, -1], dtype=torch.int32),
    torch.tensor([-7.5, 7.5, -0.0, 2.0, 5.25, -1.0]),
]
for a in dividends:
    for d in [3, -3, 2.5, torch.tensor(4), torch.tensor([3, -3, 5, -2, 7, 1])]:
        for name, f in [("fmod", torch.fmod), ("remainder", torch.remainder)]:
            try:
                print(name, a.dtype, d if not torch.is_tensor(d) else d.tolist(), f(a, d))
            except RuntimeError as e:
                print(name, "RuntimeError", e)

# Broadcast: a column against a row.
col = torch.tensor([[-9], [9], [-4]])
row = torch.tensor([4, -4, 3])
print(torch.fmod(col, row))
print(torch.remainder(col, row))
print(col.fmod(row).shape, torch.fmod(col.float(), row))

# Non-contiguous dividend.
m = torch.arange(-6, 6).view(3, 4).t()
print(m.is_contiguous(), torch.fmod(m, 4))

# Division by zero.
for d in [0, torch.tensor([1, 0, 1, 1, 1, 1])]:
    try:
        torch.fmod(dividends[0], d)
    except RuntimeError as e:
        print("RuntimeError", e)
print(torch.fmod(torch.tensor([1.0, -1.0, 0.0]), 0))

# In-place forms.
x = torch.tensor([5.0, -5.0, 7.5])
x.fmod_(3)
print(x)
y = torch.tensor([5, -5, 7])
y.remainder_(3)
print(y)
z = torch.tensor([5, -5, 7])
z.fmod_(torch.tensor([3, 3, -4]))
print(z)

# In-place arithmetic on an expanded tensor: more than one element shares a slot.
base = torch.arange(3.0)
for name in ["add_", "sub_", "mul_", "div_", "pow_", "fmod_", "remainder_"]:
    e = base.expand(2, 3)
    try:
        getattr(e, name)(2)
        print(name, "allowed")
    except RuntimeError as err:
        print(name, "RuntimeError", err)
e = base.expand(2, 3)
try:
    e += 1
except RuntimeError as err:
    print("+= RuntimeError", err)
# A row of the expanded view is an ordinary view: writing through it is allowed.
row0 = base.expand(2, 3)[0]
row0.add_(1)
print(base)
# A size-1 dim of stride 0 holds one element: allowed.
one = torch.zeros(1).expand(1, 1)
one.add_(1)
print(one)
# The overlap is checked before the shapes.
col0 = torch.zeros(3, 1).expand(3, 4)
try:
    col0.add_(torch.ones(5))
except RuntimeError as err:
    print("RuntimeError", err)
