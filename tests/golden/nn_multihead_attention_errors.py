# nn.MultiheadAttention's checks, in PyTorch's words; the last one ends the script.
import torch
import torch.nn as nn

def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

attempt(lambda: nn.MultiheadAttention(8, 0))
attempt(lambda: nn.MultiheadAttention(-1, 2))
torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2)
x = torch.randn(4, 2, 8)
attempt(lambda: mha(x, x, x, attn_mask=torch.zeros(3, 4)))
attempt(lambda: mha(x, x, x, attn_mask=torch.zeros(2, 4, 4)))
attempt(lambda: mha(x, x, x, attn_mask=torch.zeros(1, 1, 4, 4)))
attempt(lambda: mha(x, x, x, attn_mask=torch.zeros(4, 4, dtype=torch.int64)))
attempt(lambda: mha(x, x, x, key_padding_mask=torch.zeros(3, 4, dtype=torch.bool)))
attempt(lambda: mha(x, x, x, key_padding_mask=torch.zeros(2, 5, dtype=torch.bool)))
attempt(lambda: mha(x, x, x, key_padding_mask=torch.zeros(4, dtype=torch.bool)))
attempt(lambda: mha(x, x, x, is_causal=True))
attempt(lambda: mha(x, x[0], x))
attempt(lambda: mha(torch.randn(4, 2, 6), torch.randn(4, 2, 6), torch.randn(4, 2, 6)))
attempt(lambda: mha(x, x, torch.randn(5, 2, 8)))
attempt(lambda: mha(torch.randn(2, 3, 4, 8), x, x))
attempt(lambda: mha(x[0], x[0], x[0], attn_mask=torch.zeros(3, 2, 2)))
nn.MultiheadAttention(10, 3)
