# `object`: a base, a type every value is an instance of, and a sentinel no other value equals.
import torch

print(isinstance(1, object), isinstance("a", object), isinstance(None, object), isinstance(torch.ones(1), object))


class A(object):
    pass


class B:
    pass


print(isinstance(A(), object), issubclass(A, object), issubclass(B, object), object.__name__)
missing = object()
seen = {"a": 1}
print(seen.get("b", missing) is missing, seen.get("a", missing) is missing, missing == object())
print(type(missing).__name__, type(object).__name__ if False else "type")
