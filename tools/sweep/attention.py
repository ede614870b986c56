"""Sweep cases for `F.scaled_dot_product_attention` without dropout, on both of PyTorch's CPU paths.

`sdp::select_sdp_backend_cpp` sends 4-D (and 3-D, given a batch dim) queries, keys and values of one
batch size, with the same head dim, a unit-stride last dim, nonzero sequence lengths and a 2-D or 4-D
mask that does not require grad, to the flash kernel (`cpu_flash_attention`: q @ kᵀ by GEMM, scaled
and masked per row, exponentials by `Vectorized<float>::exp_u20` in blocks of 8 and `expf` on the
tail, the unnormalised weights times v by GEMM, then times the reciprocal of the row sum; key blocks
of 512 with the online-softmax rescaling beyond that); everything else to the math path
(`_scaled_dot_product_attention_math`: q and kᵀ each scaled by the scale's square root, the mask
added, `_safe_softmax`, times v). The cases cover sizes around the kernel's block edges (8 lanes, 32
query rows, 512 keys), masks of every accepted shape and dtype, causal masks, scales, grouped-query
attention, strided layouts, dtypes, and the inputs that fall back to the math path."""

G = "attention"
OP = "torch.nn.functional.scaled_dot_product_attention"

SIZES = {
    # (B, H, L, S, D)
    "tiny": (1, 1, 3, 5, 4),
    "small": (2, 3, 5, 7, 8),
    "tail": (2, 2, 9, 17, 16),
    "qblocks": (1, 2, 33, 40, 8),
    "wide": (1, 2, 6, 6, 64),
    "eights": (1, 1, 8, 16, 8),
    "clean": (1, 2, 6, 24, 8),
    "square": (2, 4, 16, 16, 32),
    "long": (1, 1, 40, 100, 12),
}
DTYPES = {"f32": "torch.float32", "f64": "torch.float64", "f16": "torch.float16", "bf16": "torch.bfloat16"}


def qkv(b, h, l, s, d, dtype="torch.float32", dv=None):
    dv = d if dv is None else dv
    return (f"torch.manual_seed(0)\nq = torch.randn({b}, {h}, {l}, {d}, dtype={dtype})\n"
            f"k = torch.randn({b}, {h}, {s}, {d}, dtype={dtype})\n"
            f"v = torch.randn({b}, {h}, {s}, {dv}, dtype={dtype})\n")


def register(case, inp):
    for sk, (b, h, l, s, d) in SIZES.items():
        for dk, dt in DTYPES.items():
            if dk != "f32" and sk not in ("small", "tail"):
                continue
            base = qkv(b, h, l, s, d, dt)
            case(G, f"{sk}/{dk}/plain", [OP], base + "show(F.scaled_dot_product_attention(q, k, v))")
            case(G, f"{sk}/{dk}/causal", [OP],
                 base + "show(F.scaled_dot_product_attention(q, k, v, is_causal=True))")
            case(G, f"{sk}/{dk}/scale", [OP],
                 base + "show(F.scaled_dot_product_attention(q, k, v, scale=0.3))")
            case(G, f"{sk}/{dk}/fmask", [OP],
                 base + f"m = torch.randn({l}, {s}, dtype={dt})\n"
                 "show(F.scaled_dot_product_attention(q, k, v, attn_mask=m))")
            case(G, f"{sk}/{dk}/bmask", [OP],
                 base + f"m = torch.rand({l}, {s}) > 0.4\nm[0] = False\n"
                 "show(F.scaled_dot_product_attention(q, k, v, attn_mask=m))")
            case(G, f"{sk}/{dk}/pad", [OP],
                 base + f"m = torch.ones({b}, 1, 1, {s}, dtype=torch.bool)\nm[..., {s} // 2:] = False\n"
                 "show(F.scaled_dot_product_attention(q, k, v, attn_mask=m))")
            case(G, f"{sk}/{dk}/mask4", [OP],
                 base + f"m = torch.randn({b}, {h}, {l}, {s}, dtype={dt})\n"
                 "show(F.scaled_dot_product_attention(q, k, v, attn_mask=m, scale=0.5))")
            case(G, f"{sk}/{dk}/3d", [OP],
                 base + "show(F.scaled_dot_product_attention(q[0], k[0], v[0]))")
            case(G, f"{sk}/{dk}/math2d", [OP],
                 base + "show(F.scaled_dot_product_attention(q[0, 0], k[0, 0], v[0, 0]))")
    # Key blocks of 512: the online softmax rescales the running sums and outputs.
    for s in (511, 512, 513, 600, 1030):
        base = qkv(1, 1, 4, s, 4)
        case(G, f"kv{s}/plain", [OP], base + "show(F.scaled_dot_product_attention(q, k, v))")
        case(G, f"kv{s}/causal", [OP], base + "show(F.scaled_dot_product_attention(q, k, v, is_causal=True))")
        case(G, f"kv{s}/fmask", [OP], base + f"m = torch.randn(4, {s})\n"
             "show(F.scaled_dot_product_attention(q, k, v, attn_mask=m))")
    base = qkv(1, 1, 600, 600, 4)
    case(G, "long/causal", [OP], base + "show(F.scaled_dot_product_attention(q, k, v, is_causal=True)[0, 0, ::97])")
    base = qkv(1, 1, 200, 40, 4)
    case(G, "q200/plain", [OP], base + "show(F.scaled_dot_product_attention(q, k, v)[0, 0, ::17])")
    base = qkv(2, 3, 6, 16, 8)
    tail = "show(F.scaled_dot_product_attention(q, k, v{}))"
    for name, setup, kw in [
        ("layout/transposed", "q, k, v = [t.transpose(1, 2).contiguous().transpose(1, 2) for t in (q, k, v)]\n", ""),
        ("layout/lastdim", "q = q.transpose(-1, -2).contiguous().transpose(-1, -2)\n", ""),
        ("layout/expanded", "k = k[:1].expand(2, 3, 16, 8)\n", ""),
        ("math/5d", "q, k, v = q[None], k[None], v[None]\n", ""),
        ("math/mixed", "k, v = k[0], v[0]\n", ""),
        ("math/bcast", "k, v = k[:1], v[:1]\n", ""),
        ("math/mask3d", "m = torch.randn(3, 6, 16)\n", ", attn_mask=m"),
        ("math/maskgrad", "m = torch.randn(6, 16, requires_grad=True)\n", ", attn_mask=m"),
        ("math/vdim", "v = torch.randn(2, 3, 16, 4)\n", ""),
        ("math/maskgrad-causal-free", "m = torch.zeros(1, 16, requires_grad=True)\n", ", attn_mask=m, scale=2.0"),
        ("mqa", "k, v = k[:, :1], v[:, :1]\n", ""),
        ("gqa", "q = torch.randn(2, 6, 6, 8)\n", ", enable_gqa=True"),
        ("gqa-mask", "q = torch.randn(2, 6, 6, 8)\nm = torch.rand(6, 16) > 0.3\n", ", attn_mask=m, enable_gqa=True"),
        ("mask/row1", "m = torch.randn(1, 16)\n", ", attn_mask=m"),
        ("mask/col1", "m = torch.randn(6, 1)\n", ", attn_mask=m"),
        ("mask/b1h1", "m = torch.randn(1, 1, 6, 16)\n", ", attn_mask=m"),
        ("mask/bh", "m = torch.randn(2, 1, 6, 16)\n", ", attn_mask=m"),
        ("mask/inf", "m = torch.zeros(6, 16)\nm[:, 3:] = float('-inf')\n", ", attn_mask=m"),
        ("mask/allinf", "m = torch.zeros(6, 16)\nm[2] = float('-inf')\n", ", attn_mask=m"),
        ("mask/large", "m = torch.randn(6, 16) * 100\n", ", attn_mask=m"),
        ("values/large", "q = q * 30\n", ""),
        ("values/neg-scale", "", ", scale=-0.7"),
        ("causal/wide", "q = q[:, :, :3]\n", ", is_causal=True"),
        ("causal/tall", "k, v = k[:, :, :3], v[:, :, :3]\n", ", is_causal=True"),
        ("grad", "q.requires_grad_()\n", ""),
        ("grad3d", "q.requires_grad_()\nq, k, v = q[0], k[0], v[0]\n", ""),
    ]:
        case(G, name, [OP], base + setup + tail.format(kw))
    base3 = qkv(1, 3, 5, 20, 16)[:-1].replace("(1, 3,", "(3,") + "\n"
    for name, setup in [("3d/mask1d", "m = torch.randn(20)\n"), ("3d/mask3d-1", "m = torch.randn(1, 5, 20)\n"),
                        ("3d/mask3d-h", "m = torch.randn(3, 5, 20)\n"), ("3d/mask2d", "m = torch.rand(5, 20) > 0.2\n"),
                        ("3d/mask0d", "m = torch.tensor(0.5)\n")]:
        case(G, name, [OP], base3 + setup + "show(F.scaled_dot_product_attention(q, k, v, attn_mask=m))")
        case(G, name + "/grad", [OP], base3 + setup + "q.requires_grad_()\n"
             "print(F.scaled_dot_product_attention(q, k, v, attn_mask=m).grad_fn.name())")
