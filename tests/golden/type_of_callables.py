# `type()` of the callables and singletons a learner inspects: functions, built-ins, bound methods, `...`.
import torch
import math


def f():
    pass


class A:
    def m(self):
        pass


print(type(f), type(len), type(torch.relu), type(math.sqrt), type(print), type(lambda: 0))
print(type(A().m), type(A.m), type(torch.tensor(1).add), type(A), type(int), type(torch.Tensor))
print(type(...), type(slice(1, 2)), type(None), type(range(2)))
print(type(len) is type(math.sqrt), type(f).__name__, type(len).__name__, type(A().m).__name__)
