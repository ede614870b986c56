# Generator expressions are lazy, as in Python: the outermost iterable is evaluated at once, the rest as
# items are asked for; builtins that stop early (any, in, next) do not run them further.
import torch
xs = [1, 2, 3]
print("".join(str(x) for x in xs), sorted(x * -1 for x in xs), dict((x, x * x) for x in xs), tuple(x for x in xs if x > 1))
print(max((x for x in xs), key=lambda v: -v), min(x for x in xs), set(x % 2 for x in xs))
print(list(zip((x for x in xs), (y for y in "ab"))), list(map(str, (x for x in xs))))
print(torch.stack(tuple(torch.tensor([x]) for x in xs)))
g = (x for x in xs)
print(next(g), list(g), list(g))
print([(a, b) for a in range(3) for b in range(a)], list((a, b) for a in range(3) for b in range(a) if b))
print(2 in (x for x in xs), sum(1 for _ in range(5)), list(enumerate(c for c in "hi")))
try:
    torch.tensor(x for x in xs)
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.cat(t for t in [torch.ones(1)])
except Exception as e:
    print(type(e).__name__, e)
def f():
    return (i for i in range(3))
print(type(f()).__name__, list(f()))
h = (1 / x for x in [1, 0, 2])
print(next(h))
try:
    next(h)
except ZeroDivisionError as e:
    print("zde", e)
print(list(h))
