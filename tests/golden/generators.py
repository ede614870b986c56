# Generator functions, as learners write them around the lessons: a batch iterator (the Annotated
# Transformer's data_gen), lazy evaluation interleaved with the caller, an endless generator taken a
# few items at a time, yield from, return inside, try bodies, and generators fed to builtins.
import itertools

import torch


def data_gen(vocab, batch_size, nbatches):
    for i in range(nbatches):
        data = torch.randint(1, vocab, size=(batch_size, 5))
        data[:, 0] = 1
        src = data.clone()
        tgt = data.clone()
        yield i, src, tgt


torch.manual_seed(0)
for i, src, tgt in data_gen(11, 2, 3):
    print(i, src.tolist(), tgt.shape)


def noisy(n):
    print("start")
    for k in range(n):
        print("  making", k)
        yield k * k
    print("end")


for v in noisy(3):
    print("got", v)

g = noisy(2)
print(type(g).__name__)
print(next(g))
print(next(g))
try:
    next(g)
except StopIteration:
    print("stopped")
print(next(g, "default"))


def naturals():
    n = 0
    while True:
        yield n
        n += 1


print(list(itertools.islice(naturals(), 5)))
print([x for x, _ in zip(naturals(), "abc")])


def chain(*parts):
    for p in parts:
        yield from p
    yield "done"


print(list(chain([1, 2], (3,), range(4, 6))))


def until_negative(xs):
    for x in xs:
        if x < 0:
            return
        elif x == 0:
            continue
        else:
            yield x
    yield "never"


print(list(until_negative([3, 0, 2, -1, 5])))


def guarded(xs):
    for x in xs:
        try:
            yield 10 / x
        except ZeroDivisionError:
            print("skipped zero")
        finally:
            print("after", x)


print(list(guarded([1, 0, 4])))


def received():
    got = yield "first"
    print("received", got)
    got = yield "second"
    print("received", got)


print(list(received()))


def nested(n):
    for i in range(n):
        for j in range(i):
            if (i + j) % 2:
                yield (i, j)
    k = 0
    while k < 2:
        k += 1
        if k == 1:
            yield "k one"
        else:
            yield "k two"


print(list(nested(4)))
print(sum(x * x for x in range(4)), sum(noisy(2)), max(naturals_ for naturals_ in range(3)))
print(any(v > 2 for v in noisy(5)))


class Tokens:
    def __init__(self, text):
        self.words = text.split()

    def __iter__(self):
        for w in self.words:
            yield w.lower()


print(list(Tokens("The Cat SAT")), sorted(Tokens("b A c")))
gen = (w for w in Tokens("x y"))
print(list(gen), list(gen))


def batches(t, size):
    for start in range(0, t.shape[0], size):
        yield t[start:start + size]


print([b.tolist() for b in batches(torch.arange(7), 3)])
print(dict(enumerate(batches(torch.arange(4), 2))))


def broken():
    yield 1
    raise ValueError("bad batch")


it = broken()
print(next(it))
try:
    next(it)
except ValueError as e:
    print("caught", e)
print(list(it))


def leaks_stop():
    yield next(iter([]))


try:
    list(leaks_stop())
except RuntimeError as e:
    print("RuntimeError:", e)
