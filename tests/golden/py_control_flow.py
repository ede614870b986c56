# if / elif / else, for, while, break, continue, else on loops, pass

def classify(n):
    if n < 0:
        return "negative"
    elif n == 0:
        return "zero"
    elif n % 2 == 0:
        return "even"
    else:
        return "odd"

for n in [-3, 0, 4, 7]:
    print(n, classify(n))

total = 0
for i in range(10):
    if i == 7:
        break
    if i % 2 == 1:
        continue
    total += i
print("total", total)

i = 0
while i < 5:
    i += 1
    if i == 2:
        pass
print("i", i)

count = 10
while True:
    count -= 3
    if count < 0:
        break
print("count", count)

# for ... else and while ... else
for x in [1, 3, 5]:
    if x % 2 == 0:
        print("found even")
        break
else:
    print("no even number")

n = 3
while n > 0:
    n -= 1
else:
    print("while finished, n =", n)

# nested loops
for a in range(3):
    for b in range(3):
        if a == b:
            continue
        if a + b == 3:
            print("pair", a, b)

# ternary expression and chained comparisons
for v in [0, 5, 10]:
    label = "small" if v < 5 else "big"
    print(v, label, 0 < v <= 5)

# truthiness
for thing in [0, 1, "", "a", [], [0], None, 0.0]:
    if thing:
        print(repr(thing), "is truthy")
    else:
        print(repr(thing), "is falsy")

# and / or return operands
print(0 or 5, 3 and 4, None or "default", [] and 1)
print(not 0, not [1])

# range forms
print(list(range(5)), list(range(2, 8, 2)), list(range(5, 0, -1)))
print(len(range(0, 10, 3)))
