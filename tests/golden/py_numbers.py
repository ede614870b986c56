# Python numbers: int/float arithmetic, division, rounding, float repr

print(7 / 2, 7 // 2, 7 % 2, -7 / 2, -7 // 2, -7 % 2, 7 // -2, 7 % -2)
print(2 ** 10, 2 ** -2, (-2) ** 3, -2 ** 2, 10 ** 0)
print(7.0 // 2, 7.5 % 2, -7.5 // 2, 1e3, 1.0e-4, 1.5e-5)
print(0.1 + 0.2, 0.1 * 3, 1 - 0.9, 3.0 * 1.1)
print(1 / 3, 2 / 3, 10 / 3, 100 / 7)
print(1e16, 1e15, 123456789012345678.0, 1.0e-5, 0.0001, 12345.6789)
print(float(2 ** 53), 2 ** 53 + 1, 9007199254740993.0)
print(int(1e9), int(2.5e3), 10 ** 9 + 7)
print(3 == 3.0, 0.1 + 0.2 == 0.3, abs(0.1 + 0.2 - 0.3) < 1e-9)
print(True + True, True * 5, False - 1)
print(round(0.125, 2), round(0.375, 2), round(1.005, 2), round(-1.5), round(0.5))
print(5 // 0.3, 5 % 0.3)
print(max(1, 2.0), min(-0.0, 0.0), abs(-0.0))
print(float("inf") > 1e308, float("inf") - float("inf"))
print(1e308 * 10, -1e308 * 10, 5e-324, 5e-324 / 2)
print(int("0010"), int("-0"), float("-0"), float(".5"), float("5."))
print(17 & 5, 17 | 5, 17 ^ 5, 1 << 4, 256 >> 3, ~5)
print(divmod(7.5, 2), pow(10, -2))

x = 10
x += 5
x -= 3
x *= 2
x //= 5
x **= 3
x %= 7
print(x)
y = 1.5
y /= 4
print(y)

# sqrt(d_k) scaling for a few head sizes
for d_k in [4, 8, 64, 512]:
    print(d_k, d_k ** 0.5, 1 / d_k ** 0.5)

# integer division of dims
hid_dim, n_heads = 8, 2
print(hid_dim // n_heads, hid_dim % n_heads == 0, hid_dim / n_heads)

# big ints within 64 bits
print(2 ** 62 + (2 ** 62 - 1), -(2 ** 63))
print(123456789 * 987654321)
