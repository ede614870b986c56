# list.sort and sorted: stable (equal keys keep their order, also reversed), keys, and a list large
# enough that a quadratic sort would be noticed.
x = [(i * 7919) % 100003 for i in range(200000)]
x.sort()
print(x[:5], x[-3:], len(x))
pairs = [(1, 'b'), (0, 'a'), (1, 'a'), (0, 'b'), (2, 'c'), (0, 'c')]
print(sorted(pairs, key=lambda p: p[0]))
print(sorted(pairs, key=lambda p: p[0], reverse=True))
print(sorted(pairs, reverse=True))
words = ["pad", "Mask", "softmax", "q", "Key", "value", "mask"]
words.sort(key=lambda w: w.lower())
print(words)
words.sort(key=len, reverse=True)
print(words)
print(sorted([3.5, -1, 2, 0.0, -0.0, 2]))
print(sorted("transformer"))
print(sorted([[2, 1], [1, 9], [2, 0], [1]]))
try:
    sorted([1, "a", 2])
except TypeError as e:
    print("TypeError:", e)
