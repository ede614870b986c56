lengths = [3, 5, 0]
total = 0
for n in lengths:
    total += n
print("mean length", total / len(lengths))
counts = []
print("about to divide by", len(counts))
print(total / len(counts))
