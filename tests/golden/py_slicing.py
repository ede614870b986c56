# slicing of lists, strings and tuples

xs = list(range(10))
print(xs[2:5], xs[:3], xs[7:], xs[-3:], xs[:-7])
print(xs[::2], xs[1::2], xs[::-1], xs[8:2:-2], xs[-1:-4:-1])
print(xs[5:2], xs[100:], xs[-100:2], xs[3:3])
print(xs[0], xs[-1], xs[len(xs) - 1])

# slice assignment and deletion
ys = xs[:]
ys[2:5] = ["a", "b"]
print(ys)
ys[::3] = [0, 0, 0]
print(ys)
del ys[1:3]
print(ys)
ys[:0] = [-1]
print(ys)

# strings and tuples slice the same way
s = "transformer"
print(s[:5], s[5:], s[::-1], s[1:-1], s[::3])
t = (1, 2, 3, 4, 5)
print(t[1:3], t[::-1], t[-2:])

# even / odd columns of a list of lists (like pe[:, 0::2])
row = [10, 11, 12, 13, 14, 15, 16, 17]
print(row[0::2], row[1::2])

# decoder input and gold shift
trg = [[2, 5, 4, 0], [2, 5, 6, 0], [2, 7, 4, 9]]
trg_input = [r[:-1] for r in trg]
gold = [r[1:] for r in trg]
print(trg_input)
print(gold)

# slice objects
sl = slice(1, 7, 2)
print(xs[sl], sl.start, sl.stop, sl.step)

# splitting into chunks
chunk = 3
print([xs[i:i + chunk] for i in range(0, len(xs), chunk)])

# copying via slicing does not alias
zs = xs[:]
zs[0] = 100
print(xs[0], zs[0])

# negative step on strings: palindrome check
for w in ["level", "token"]:
    print(w, w == w[::-1])

# windows
seq = [1, 2, 3, 4, 5]
print([seq[i:i + 2] for i in range(len(seq) - 1)])
print(list(zip(seq[:-1], seq[1:])))
