# list and dict operations

xs = [5, 3, 8]
xs.append(1)
xs.extend([9, 2])
xs.insert(0, 7)
print(xs)
print(xs.pop(), xs.pop(0), xs)
xs.remove(8)
print(xs, xs.index(3), xs.count(3))
xs.sort()
print(xs)
xs.sort(reverse=True)
print(xs)
xs.reverse()
print(xs)
ys = xs.copy()
ys.append(100)
print(xs, ys)
print(xs + [0], [0] * 3, 3 in xs, 4 not in xs)
del ys[0]
print(ys)
ys.clear()
print(ys, len(ys))

# nested lists
m = [[1, 2], [3, 4]]
m[1][0] = 30
m.append([5, 6])
print(m, len(m), m[-1][-1])

# list equality and comparison
print([1, 2] == [1, 2], [1, 2] < [1, 3], [1, 2] != [2, 1])

# dicts keep insertion order
d = {"src": [3, 6, 4], "trg": [2, 5]}
d["pad"] = 0
d["src"] = d["src"] + [9]
print(d)
print(d.keys(), d.values())
print(d.items())
print(list(d), len(d), "trg" in d, "x" in d)
print(d.get("pad"), d.get("missing"), d.get("missing", -1))
for k, v in d.items():
    print(k, "->", v)
print(d.pop("pad"), d)
d.update({"bos": 2, "eos": 3})
print(d)
print(d.setdefault("unk", 1), d.setdefault("bos", 99))
del d["src"]
print(d)
print(sorted(d), sorted(d.items(), key=lambda kv: str(kv[1])))

# counting with a dict
text = "the cat and the hat and the bat"
counts = {}
for w in text.split():
    counts[w] = counts.get(w, 0) + 1
print(counts)
print(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))

# nested dicts
cfg = {"model": {"d_model": 8, "heads": 2}, "train": {"lr": 0.001}}
cfg["model"]["layers"] = 6
print(cfg)
print(cfg["model"]["d_model"] // cfg["model"]["heads"])

# dict from zip and special tokens
special = dict(zip(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"], [0, 100, 101, 102, 103]))
print(special)
print({v: k for k, v in special.items()}[101])

# tuples
t = (1, "two", 3.0)
print(t, t[1], len(t), t + (4,), t.index(3.0), (1,) * 3)
a, b, c = t
print(a, b, c)
first, second = [10, 20]
print(first, second)
first, second = second, first
print(first, second)
(p, q), r = (1, 2), 3
print(p, q, r)
for i, (name, val) in enumerate([("a", 1), ("b", 2)]):
    print(i, name, val)
print(dict.fromkeys(["a", "b"], 0))
