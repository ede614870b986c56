hid_dim = 8
for n_heads in [1, 2, 4, 8]:
    assert hid_dim % n_heads == 0
    print(n_heads, hid_dim // n_heads)
n_heads = 3
assert hid_dim % n_heads == 0, "hid_dim must be divisible by n_heads"
print("unreachable")
