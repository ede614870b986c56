# Silently wrong before: torch.Size arithmetic gave plain tuples, Tensor.type() returned the tensor, and the
# name bound by `except ... as e` outlived its handler.
import torch
s = torch.Size([2, 3])
print(repr(s + (4,)), repr((1,) + s), repr(s + s), repr(s + ()))
for bad in [(1.5,), ('a',)]:
    try:
        print(repr(s + bad))
    except TypeError as e:
        print("TypeError", e)
print(repr(s * 2), repr(2 * s))
print(repr(torch.zeros(2, 3).shape + (1,)))
x = torch.zeros(2)
print(x.type(), x.long().type(), x.int().type(), x.bool().type())
print(x.type('torch.LongTensor'))
print(x.type('torch.IntTensor').dtype, x.type(torch.int64).dtype, x.type(None))
for arg in ['torch.Foo', 3]:
    try:
        x.type(arg)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    raise ValueError("x")
except ValueError as e:
    print("in handler", e)
try:
    print(e)
except NameError as err:
    print("NameError", err)
def f():
    try:
        1 / 0
    except ZeroDivisionError as err:
        return str(err)
print(f())
e = 5
try:
    raise KeyError(1)
except KeyError as e:
    pass
try:
    print(e)
except NameError as err:
    print("NameError", err)
