# list, dict and set comprehensions, nested, with conditions

squares = [x * x for x in range(6)]
print(squares)
evens = [x for x in range(10) if x % 2 == 0]
print(evens)
labels = ["even" if x % 2 == 0 else "odd" for x in range(4)]
print(labels)

grid = [[r * 3 + c for c in range(3)] for r in range(2)]
print(grid)
flat = [v for row in grid for v in row]
print(flat)
pairs = [(a, b) for a in range(3) for b in range(3) if a < b]
print(pairs)

words = ["커피가", "맛이", "좋네요"]
lengths = {w: len(w) for w in words}
print(lengths)
index = {w: i for i, w in enumerate(words)}
print(index)
inverse = {i: w for w, i in index.items()}
print(inverse)

# set comprehension of small ints (printed sorted to be safe)
mods = {x % 4 for x in range(20)}
print(sorted(mods), len(mods))

# comprehension with a function call and zip
names = ["q", "k", "v"]
dims = [8, 8, 8]
print([f"{n}:{d}" for n, d in zip(names, dims)])
print({n: d * 2 for n, d in zip(names, dims)})

# sum/min/max over comprehensions (generator expressions)
print(sum(x for x in range(101)))
print(max(len(w) for w in words))
print(any(x > 4 for x in squares), all(x >= 0 for x in squares))

# nested comprehension building a padded batch
seqs = [[5, 2, 9], [7], [3, 3]]
max_len = max(len(s) for s in seqs)
padded = [s + [0] * (max_len - len(s)) for s in seqs]
print(padded)
masks = [[1 if t != 0 else 0 for t in s] for s in padded]
print(masks)

# transposing with a comprehension
matrix = [[1, 2, 3], [4, 5, 6]]
print([[row[i] for row in matrix] for i in range(3)])

# enumerate with a start
print([(i, ch) for i, ch in enumerate("abc", start=1)])

# list of lists built without aliasing
rows = [[0] * 3 for _ in range(2)]
rows[0][0] = 1
print(rows)
aliased = [[0] * 3] * 2
aliased[0][0] = 1
print(aliased)

# dict comprehension with a condition
counts = {"a": 3, "b": 0, "c": 5}
print({k: v for k, v in counts.items() if v > 0})

# conditional comprehension over strings
print([c.upper() for c in "hello" if c not in "aeiou"])
