def scaled(x, factor):
    return x * factor

print(scaled(3, 2))
print(scaled(x=1, factor=5))
print(scaled(1, 2, 3))
