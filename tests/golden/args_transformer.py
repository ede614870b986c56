# Wrong calls of nn.MultiheadAttention and the Transformer modules, worded as Python words them.
import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


torch.manual_seed(0)
x = torch.randn(3, 2, 4)
attempt(lambda: nn.MultiheadAttention(8))
attempt(lambda: nn.MultiheadAttention(8, 2, heads=2))
attempt(lambda: nn.MultiheadAttention(8, 2, 0.0, True, False, False, None, None, False, None, None, 1))
mha = nn.MultiheadAttention(4, 2)
attempt(lambda: mha(x))
attempt(lambda: mha(x, x, x, mask=None))
attempt(lambda: mha(5, x, x))
attempt(lambda: mha(x, x, x, attn_mask=3))
attempt(lambda: nn.TransformerEncoderLayer(4))
attempt(lambda: nn.TransformerEncoderLayer(4, 2, nheads=2))
layer = nn.TransformerEncoderLayer(4, 2, 8)
attempt(lambda: layer())
attempt(lambda: layer(x, mask=None))
attempt(lambda: nn.TransformerEncoder(layer))
attempt(lambda: nn.TransformerEncoder(layer, 2, None, True, True, 5))
attempt(lambda: nn.TransformerDecoderLayer(4, 2)(x))
attempt(lambda: nn.TransformerDecoder(nn.TransformerDecoderLayer(4, 2, 8)))
attempt(lambda: nn.Transformer(4, 2, 1, 1, 8)(x))
attempt(lambda: nn.Transformer(4, 2, 1, 1, 8, foo=1))
attempt(lambda: nn.Transformer.generate_square_subsequent_mask())
attempt(lambda: nn.Transformer.generate_square_subsequent_mask(2, None, None, 1))
attempt(lambda: F.multi_head_attention_forward(x, x, x))
print(nn.Transformer.generate_square_subsequent_mask(sz=2))
attempt(lambda: layer(x, src_mask=3))
attempt(lambda: layer(5))
attempt(lambda: layer(x, src_key_padding_mask="pad"))
attempt(lambda: layer(x, src_mask=torch.zeros(3, 3, dtype=torch.int64)))
enc = nn.TransformerEncoder(layer, 1)
attempt(lambda: enc(x, mask=[1]))
attempt(lambda: enc(None))
attempt(lambda: enc(x, src_key_padding_mask=1.5))
attempt(lambda: nn.TransformerEncoder(layer, 0)(x))
