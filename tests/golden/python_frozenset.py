# frozenset: the immutable, hashable set (a dict key, a set member), its operators (the left operand's
# type wins), the methods that make new sets, copy and the errors of a set method it lacks.
import copy
a = frozenset([3, 1, 2, 1])
b = frozenset()
print(a, b, len(a), 2 in a, 5 in a, bool(b), type(a).__name__, isinstance(a, frozenset), isinstance(a, set))
print(a == {1, 2, 3}, {1, 2, 3} == a, a == frozenset({1, 2, 3}), a != {1})
print(a | {4}, {4} | a, a & {1, 9}, a - {1}, type({4} | a).__name__)
print(a.union([7]), a.intersection({1, 2}), a.difference([3]), a.copy() is a, frozenset(a) is a)
d = {a: "x", frozenset({"k"}): 1}
print(d[frozenset({1, 2, 3})], d[frozenset(["k"])], frozenset([1, 2, 3]) in d)
s = {frozenset({1}), frozenset({1}), frozenset({2})}
print(len(s), sorted(a), list(frozenset("ab")) == list(frozenset("ab")))
print(repr(frozenset({"x"})), str(frozenset({1.5})))
c = copy.copy(a); e = copy.deepcopy(a)
print(c is a, e == a)
for bad in [lambda: a.add(1), lambda: frozenset([[1]]), lambda: frozenset(1), lambda: frozenset.union(), lambda: a.update([1])]:
    try:
        bad()
    except (AttributeError, TypeError) as err:
        print(type(err).__name__, err)
print(frozenset.union(a, [5]), sorted(dir(frozenset())) == sorted(dir(a)))
print({1, 2} <= {1, 2, 3} if False else "", frozenset((1, 2)))
