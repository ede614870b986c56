# bin, oct, hex and ascii: signs before the prefix, bools and int tensors through __index__, and the errors
# for values without one.
import torch

for n in [0, 1, 5, 255, -1, -255, 2**40, -2**62 * 2, (2**62 - 1) * 2 + 1, True, False]:
    print(n, bin(n), oct(n), hex(n))
print(hex(torch.tensor(255)), bin(torch.tensor([6])), oct(torch.tensor(-8, dtype=torch.int32)))
print(int(hex(3054), 16), int(bin(77), 2), int(oct(99), 8))
for bad in [1.5, "12", None, [1], torch.tensor(2.0), torch.tensor([1, 2])]:
    for f in (bin, oct, hex):
        try:
            f(bad)
        except TypeError as e:
            print(f.__name__, "TypeError:", e)
print(ascii("abc"), ascii("토큰"), ascii("é"), ascii("𝄞"), ascii(["어텐션", 1, ("ü", None)]))
print(ascii(3.5), ascii({"key": "값"}), ascii('quote\'s'), ascii("tab\there"))
print(ascii(torch.tensor([1, 2])))
