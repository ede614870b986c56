# print(..., file=X): None is stdout; an object with a write method gets one call per argument,
# separator and end; anything else raises AttributeError (the tutor used to ignore `file`).
import torch
import torch.nn as nn

class W:
    def __init__(self):
        self.parts = []
    def write(self, s):
        self.parts.append(s)
        return len(s)

w = W()
print("a", 1, [2], file=w)
print(file=w)
print("x", "y", sep="--", end="!", file=w)
print("z", sep=None, end=None, file=w)
print(w.parts)
print("to stdout", file=None)

class NoWrite:
    pass

class Flushy(W):
    def __init__(self):
        super().__init__()
        self.flushed = 0
    def flush(self):
        self.flushed += 1

f = Flushy()
print("f", file=f, flush=True)
print(f.parts, f.flushed)

for bad in [3, "s", [1], NoWrite(), 2.5, None, torch.zeros(2), nn.Linear(2, 2), (1,), {}, print]:
    try:
        print("hi", file=bad)
        print("ok for", type(bad).__name__)
    except Exception as e:
        print(type(e).__name__ + ":", e)

try:
    print("hi", file=w, flush=True)
except Exception as e:
    print(type(e).__name__ + ":", e)
print(w.parts[-2:])

class WriteNotCallable:
    write = 5
try:
    print("hi", file=WriteNotCallable())
except Exception as e:
    print(type(e).__name__ + ":", e)

class Str:
    def __str__(self):
        print("str called", file=log)
        return "S"
class Log:
    def write(self, s):
        pass
log = Log()
class Late:
    def __getattr__(self, name):
        raise AttributeError("no " + name)
try:
    print(Str(), file=3)
except Exception as e:
    print(type(e).__name__ + ":", e)
try:
    print("a", file=3, sep=4)
except Exception as e:
    print(type(e).__name__ + ":", e)
class Bad:
    def write(self, s):
        raise ValueError("bad write " + repr(s))
try:
    print("a", "b", file=Bad())
except Exception as e:
    print(type(e).__name__ + ":", e)
r = []
class Order:
    def write(self, s):
        r.append(("w", s))
class Sv:
    def __init__(self, n): self.n = n
    def __str__(self):
        r.append(("s", self.n))
        return str(self.n)
print(Sv(1), Sv(2), file=Order())
print(r)
print(print("x", file=W()))
