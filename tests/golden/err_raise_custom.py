def check_len(seq, max_len):
    if len(seq) > max_len:
        raise ValueError(f"sequence of length {len(seq)} exceeds max_len={max_len}")
    return seq + [0] * (max_len - len(seq))

print(check_len([5, 2], 4))
print(check_len([1, 2, 3, 4], 4))
print(check_len([1, 2, 3, 4, 5], 4))
