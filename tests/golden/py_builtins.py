# print sep/end, len range enumerate zip sum min max abs round sorted reversed
# isinstance list dict tuple set str int float bool

print("a", "b", "c")
print("a", "b", "c", sep="-")
print("no newline", end="")
print(" <- continued")
print("x", 1, 2.5, None, True, sep=", ", end=".\n")
print()
print("", end="")
print(*[1, 2, 3])
print(*["q", "k", "v"], sep="|")

xs = [3, -1, 4, -1, 5, -9, 2]
print(len(xs), sum(xs), min(xs), max(xs))
print(sum(xs, 10), sum([0.1] * 10), sum([]))
print(min(3, 7), max("apple", "pear"), min([[2, 1], [1, 5]]))
print(max(xs, key=abs), min(["bbb", "a", "cc"], key=len))
print(abs(-7), abs(-2.5), abs(3))

# round uses banker's rounding
print(round(2.5), round(3.5), round(-0.5), round(2.675, 2), round(3.14159, 3))
print(round(7), round(7.6), type(round(7.6)).__name__, round(1234.5, -2))

print(sorted(xs), sorted(xs, reverse=True), sorted(["b", "C", "a"]))
print(list(reversed(xs)), list(reversed("abc")))
print(list(enumerate(["a", "b"])), list(enumerate("xy", 5)))
print(list(zip([1, 2, 3], "ab")), list(zip()))
print(list(range(3)), list(range(1, 10, 4)))

# conversions
print(int("42"), int(3.99), int(-3.99), int("-7"), int(True), int("ff", 16))
print(float("2.5"), float(3), float("inf"), float("-inf"), float("1e-3"))
print(str(3), str(2.0), str([1, "a"]), str(None))
print(bool(0), bool(2), bool(""), bool("0"), bool([]), bool(0.0))
print(list("abc"), list((1, 2)), list({"k": 1, "j": 2}))
print(tuple([1, 2]), tuple("ab"), tuple())
print(dict([("a", 1), ("b", 2)]), dict(x=1, y=2))
print(set([3, 1, 2, 3]), sorted(set("banana")))
print(len({1, 2, 2, 3}), 2 in {1, 2}, {1, 2} | {3}, {1, 2, 3} & {2, 3, 4})

# isinstance / type
print(isinstance(3, int), isinstance(3.0, float), isinstance(True, int))
print(isinstance("s", str), isinstance([1], (list, tuple)), isinstance(None, int))
print(type(3).__name__, type(2.0).__name__, type("").__name__, type([]).__name__,
      type({}).__name__, type(()).__name__, type(None).__name__, type(True).__name__)

# divmod, pow, hex-free numeric builtins
print(divmod(17, 5), divmod(-17, 5), pow(2, 10), pow(2, -1), pow(3, 2, 5))

# any / all / map / filter
print(any([0, 0, 1]), all([1, 2, 0]), any([]), all([]))
print(list(map(str, [1, 2])), list(map(int, ["3", "4"])))
print(list(filter(None, [0, 1, "", "a"])))

# chr / ord / len of unicode
print(ord("A"), chr(65), len("좋네요"))

# printing floats
print(0.1, 1 / 3, 2 / 2, 1e20, 1e-5, 123456789.0, 1.5e300 * 1e10, -0.0)
print(3 * 0.1, 10 / 4, 7 // 2, -7 // 2, 7 % 3, -7 % 3, 2 ** 10, 2 ** 0.5)
print(float("nan"), 10 ** 18, 2 ** 62, -2 ** 4)
