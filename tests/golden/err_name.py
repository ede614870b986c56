hid_dim = 8
n_heads = 2
head_dim = hid_dim // n_heads
print(hid_dim, n_heads, head_dim)
print(qqq_never_defined_zzz)
