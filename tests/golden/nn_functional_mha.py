# F.multi_head_attention_forward called with a module's weights, with separate projection weights and
# with static keys and values; its checks in PyTorch's words.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
m = nn.MultiheadAttention(8, 2)
x = torch.randn(3, 2, 8)
with torch.no_grad():
    out, w = F.multi_head_attention_forward(
        x, x, x, 8, 2, m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0,
        m.out_proj.weight, m.out_proj.bias, training=False)
    ref, rw = m(x, x, x)
    print(torch.equal(out, ref), torch.equal(w, rw))
    print(out[0])
    out, w = F.multi_head_attention_forward(
        x, x, x, 8, 2, None, m.in_proj_bias, None, None, False, 0.0,
        m.out_proj.weight, m.out_proj.bias, training=False, use_separate_proj_weight=True,
        q_proj_weight=m.in_proj_weight[:8], k_proj_weight=m.in_proj_weight[8:16],
        v_proj_weight=m.in_proj_weight[16:], average_attn_weights=False)
    print(w.shape)
    print(w[1, 0])
    sk = torch.randn(4, 5, 4)
    sv = torch.randn(4, 5, 4)
    out, w = F.multi_head_attention_forward(
        x, x, x, 8, 2, m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0,
        m.out_proj.weight, None, training=False, static_k=sk, static_v=sv)
    print(out.shape, w.shape)
    print(w[0])
out, w = F.multi_head_attention_forward(
    x[:, 0], x[:, 0], x[:, 0], 8, 2, m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0,
    m.out_proj.weight, m.out_proj.bias, training=False)
print(out.grad_fn.name(), w.grad_fn.name(), out.shape, w.shape)


def attempt(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


args = (m.in_proj_weight, m.in_proj_bias, None, None, False, 0.0, m.out_proj.weight, m.out_proj.bias)
attempt(lambda: F.multi_head_attention_forward(x, x, x, 6, 2, *args))
attempt(lambda: F.multi_head_attention_forward(x, x, x, 8, 3, *args))
attempt(lambda: F.multi_head_attention_forward(x, x, x, 8, 2, *args, static_k=torch.zeros(3, 5, 4)))
attempt(lambda: F.multi_head_attention_forward(x, x, x, 8, 2, *args, static_v=torch.zeros(4, 5, 3)))
attempt(lambda: F.multi_head_attention_forward(x, x, x, 8, 2, *args, use_separate_proj_weight=True))
attempt(lambda: F.multi_head_attention_forward(x, x, x, 8, 2, None, *args[1:]))
