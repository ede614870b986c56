# float.hex and float.fromhex (CPython's float_hex / float_fromhex), and the methods of the built-in
# types found on the types themselves, unbound (`map(str.strip, lines)`, `sorted(words, key=str.lower)`).
import random

random.seed(7)
values = [0.0, -0.0, 1.0, -1.5, 0.1, 1 / 3, 5e-324, 2.0 ** -1022, 2.0 ** -1023, 1.7976931348623157e308,
          float("inf"), float("-inf"), float("nan"), 123456.789, 2.0 ** 52, 2.0 ** 53 + 2]
for _ in range(40):
    values.append(random.uniform(-1e6, 1e6))
    values.append(random.random() * 2.0 ** random.randint(-1074, 1023))
for v in values:
    h = v.hex()
    back = float.fromhex(h)
    print(h, back == v or (back != back and v != v))

strings = ["0x1.8p+0", "0x1.999999999999ap-4", "-0x1p-1074", " 0x1.fffp10 ", "inf", "-Infinity", "nan",
           "0x.8p1", "1.8", "0X1P+3", "abc", "0x1.00000000000008p0", "0x1.00000000000018p0",
           "0x1.000000000000080000001p0", "0x1p-1075", "0x1.8p-1075", "0x1.0000000000001p-1023",
           "0x1.00000000000008p-1022", "0x3p-1076", "0x1.fffffffffffff8p1023", "0x0.00001p-1050",
           "+0x10.0p-4", "0x0p99999", "0x1p-99999", "\t0xA.Bp2\n", "0x123456789abcdef123p-20", "1p"]
for s in strings:
    try:
        print(repr(s), repr(float.fromhex(s)))
    except (ValueError, OverflowError) as e:
        print(repr(s), type(e).__name__, e)

print(str.upper("a"), list(map(str.strip, [" a ", "b  "])), sorted(["b", "A", "c"], key=str.lower))
print(float.is_integer(2.0), int.bit_length(5), int.bit_length(True), (2.0).fromhex("0x3p0"))
print(str.upper, list.append, float.hex, dict.keys)
items = []
list.append(items, 3)
print(items, str.join(",", ["a", "b"]), tuple.count((1, 1, 2), 1), dict.get({"a": 1}, "a"))
for bad in [lambda: str.upper(3), lambda: str.upper(), lambda: list.append((1,), 2),
            lambda: int.bit_length(2.0), lambda: float.fromhex(3), lambda: float.fromhex("0x1p99999")]:
    try:
        bad()
    except (TypeError, ValueError, OverflowError) as e:
        print(type(e).__name__, e)
