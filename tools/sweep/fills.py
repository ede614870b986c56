"""Sweep cases for the random fills over layouts: in-place draws (`uniform_`, `normal_`, `bernoulli_`,
`exponential_`, `random_`), the `*_like` factories and the dropouts, on contiguous, transposed,
permuted, step-sliced, 0-d, empty and one-element tensors of several dtypes. ATen writes a draw per
element in the order TensorIterator walks the tensor (memory order for a transposed tensor), `normal_`
takes its vectorised path only for 16 or more contiguous elements, and a dropout's noise is laid out as
its input. Every case seeds the generator and draws again afterwards, so the count of draws is checked."""

G = "fills"
SEED = "torch.manual_seed(0)\n"
AFTER = "\nshow(torch.rand(2))"

LAYOUTS = {
    "c": "torch.zeros(4, 5, dtype={d})",
    "c24": "torch.zeros(4, 6, dtype={d})",
    "t": "torch.zeros(5, 4, dtype={d}).t()",
    "t24": "torch.zeros(6, 4, dtype={d}).t()",
    "perm": "torch.zeros(2, 3, 4, dtype={d}).permute(2, 0, 1)",
    "step": "torch.zeros(4, 10, dtype={d})[:, ::2]",
    "stept": "torch.zeros(10, 8, dtype={d})[::2].t()",
    "d0": "torch.zeros((), dtype={d})",
    "empty": "torch.zeros(0, 3, dtype={d})",
    "one": "torch.zeros(1, 1, dtype={d})",
}
DTYPES = {"f32": "torch.float32", "f64": "torch.float64", "i64": "torch.int64", "f16": "torch.float16",
          "bool": "torch.bool"}

INPLACE = {
    "uniform_": ["Tensor.uniform_", ["()", "(-2, 3)"]],
    "normal_": ["Tensor.normal_", ["()", "(1, 2)"]],
    "bernoulli_": ["Tensor.bernoulli_", ["(0.3)", "(torch.tensor(0.6))"]],
    "exponential_": ["Tensor.exponential_", ["()"]],
    "random_": ["Tensor.random_", ["(10)", "(2, 9)"]],
}


def register(case, inp):
    inplace(case)
    likes(case)
    dropouts(case)
    errors(case)
    attention(case)
    initializers(case)


def inplace(case):
    for name, (op, arglists) in INPLACE.items():
        for ak, args in enumerate(arglists):
            for dk, d in DTYPES.items():
                for lk, layout in LAYOUTS.items():
                    src = f"x = {layout.format(d=d)}\nr = x.{name}{args}\nshow(x)\nsame(r, x)" + AFTER
                    case(G, f"{name}/{ak}/{dk}/{lk}", [op], SEED + src)


def likes(case):
    for fn, args in [("rand_like", ""), ("randn_like", ""), ("randint_like", ", 10")]:
        for dk, d in DTYPES.items():
            if dk == "bool":
                continue
            for lk, layout in LAYOUTS.items():
                src = f"x = {layout.format(d=d)}\nshow(torch.{fn}(x{args}))" + AFTER
                case(G, f"{fn}/{dk}/{lk}", [f"torch.{fn}"], SEED + src)


def dropouts(case):
    fns = [("dropout", "torch.nn.functional.dropout", "F.dropout(x + 1, 0.4)"),
           ("dropout_inplace", "torch.nn.functional.dropout", "F.dropout(x + 1, 0.4, inplace=True)"),
           ("alpha_dropout", "torch.nn.functional.alpha_dropout", "F.alpha_dropout(x + 1, 0.4, True)"),
           ("feature_alpha_dropout", "torch.nn.functional.feature_alpha_dropout",
            "F.feature_alpha_dropout(x + 1, 0.4, True)"),
           ("dropout1d", "torch.nn.functional.dropout1d", "F.dropout1d(x + 1, 0.4)"),
           ("dropout2d", "torch.nn.functional.dropout2d", "F.dropout2d(x + 1, 0.4)"),
           ("module", "torch.nn.Dropout", "torch.nn.Dropout(0.25)(x + 1)"),
           ("torch_dropout", "torch.dropout", "torch.dropout(x + 1, 0.5, True)")]
    for key, op, expr in fns:
        for dk in ["f32", "f64", "f16"]:
            for lk, layout in LAYOUTS.items():
                if lk in ("d0",) and key != "dropout":
                    continue
                src = ("import torch.nn.functional as F\n" + f"x = {layout.format(d=DTYPES[dk])}\n"
                       + f"show({expr})" + AFTER)
                case(G, f"{key}/{dk}/{lk}", [op], SEED + src)


def errors(case):
    for k, src in enumerate([
        "torch.zeros(3).uniform_(3, 2)", "torch.zeros(3).uniform_(1, 1)\nshow(torch.rand(1))",
        "torch.zeros(3, dtype=torch.float64).uniform_(2, -2)", "torch.zeros(3).normal_(0, -1)",
        "show(torch.zeros(3).normal_(0, 0))", "torch.zeros(3, dtype=torch.int32).uniform_()",
        "torch.zeros(3, dtype=torch.int32).normal_()", "torch.zeros(3, dtype=torch.bool).normal_(1, 2)",
        "torch.zeros(3).expand(2, 3).uniform_()", "torch.zeros(3).expand(2, 3).normal_()",
        "torch.zeros(3).expand(2, 3).bernoulli_(0.5)", "torch.zeros(3).bernoulli_(1.5)",
        "show(torch.zeros(3).uniform_(float('-inf'), 0))",
    ]):
        op = "Tensor.uniform_" if "uniform_" in src else "Tensor.normal_" if "normal_" in src else "Tensor.bernoulli_"
        case(G, f"errors/{k}", [op], SEED + src)


SDPA = "torch.nn.functional.scaled_dot_product_attention"
QKV = ("q = torch.randn(2, 3, 4, 5)\nk = torch.randn(2, 3, 6, 5)\nv = torch.randn(2, 3, 6, 5)\n")


def attention(case):
    """Attention dropout, which PyTorch draws on its math path whenever dropout_p > 0 (in training or
    not), and the modules that pass their dropout to it in training mode."""
    for k, src in enumerate([
        "show(F.scaled_dot_product_attention(q, k, v, dropout_p=0.3))",
        "show(F.scaled_dot_product_attention(q, k, v, None, 0.5))",
        "show(F.scaled_dot_product_attention(q[0], k[0], v[0], dropout_p=0.2))",
        "show(F.scaled_dot_product_attention(q[0, 0], k[0, 0], v[0, 0], dropout_p=0.2))",
        "show(F.scaled_dot_product_attention(q.unsqueeze(0), k.unsqueeze(0), v.unsqueeze(0), dropout_p=0.2))",
        "show(F.scaled_dot_product_attention(q, k, v, attn_mask=torch.rand(4, 6) > 0.3, dropout_p=0.4))",
        "show(F.scaled_dot_product_attention(q, k, v, attn_mask=torch.randn(2, 1, 4, 6), dropout_p=0.4))",
        "show(F.scaled_dot_product_attention(q, k[:, :, :4], v[:, :, :4], is_causal=True, dropout_p=0.25))",
        "show(F.scaled_dot_product_attention(q, k, v, dropout_p=0.3, scale=0.7))",
        "show(F.scaled_dot_product_attention(q, k, v, dropout_p=0.3, scale=-0.7))",
        "show(F.scaled_dot_product_attention(q, k[:, :1], v[:, :1], dropout_p=0.3, enable_gqa=True))",
        "m = torch.ones(4, 6, dtype=torch.bool)\nm[1] = False\nshow(F.scaled_dot_product_attention(q, k, v, attn_mask=m, dropout_p=0.3))",
        "show(F.scaled_dot_product_attention(q.double(), k.double(), v.double(), dropout_p=0.3))",
        "show(F.scaled_dot_product_attention(q.half(), k.half(), v.half(), dropout_p=0.3))",
        "show(F.scaled_dot_product_attention(q.bfloat16(), k.bfloat16(), v.bfloat16(), dropout_p=0.3))",
        "show(F.scaled_dot_product_attention(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), dropout_p=0.3))",
        "show(F.scaled_dot_product_attention(q, k, v, dropout_p=1.0))",
        "F.scaled_dot_product_attention(q, k, v, dropout_p=1.5)",
        "F.scaled_dot_product_attention(q, k, v, dropout_p=-0.5)",
        "show(F.scaled_dot_product_attention(q[0], k[0], v[0], dropout_p=-0.5))",
        "F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(3, 3, 4, 6, dtype=torch.bool), dropout_p=0.5)",
        "F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(4, 6, dtype=torch.bool), is_causal=True, dropout_p=0.5)",
        "q.requires_grad_()\nr = F.scaled_dot_product_attention(q, k, v, dropout_p=0.3)\nprint(r.grad_fn.name())",
        "q.requires_grad_()\nr = F.scaled_dot_product_attention(q[0], k[0], v[0], dropout_p=0.3)\nprint(r.grad_fn.name())",
        "out = [F.scaled_dot_product_attention(q, k, v, dropout_p=0.1) for _ in range(3)]\nshow(out[2])",
    ]):
        case(G, f"sdpa_dropout/{k}", [SDPA], SEED + QKV + src + AFTER)
    x = "x = torch.randn(2, 3, 8)\n"
    for k, (ops, src) in enumerate([
        (["torch.nn.MultiheadAttention"], "m = nn.MultiheadAttention(8, 2, dropout=0.5, batch_first=True)\nshow(m(x, x, x))"),
        (["torch.nn.MultiheadAttention"], "m = nn.MultiheadAttention(8, 2, dropout=0.5)\nshow(m(x, x, x, need_weights=False)[0])"),
        (["torch.nn.MultiheadAttention"], "m = nn.MultiheadAttention(8, 2, dropout=0.5, batch_first=True)\nshow(m(x, x, x, need_weights=False)[0])"),
        (["torch.nn.MultiheadAttention"], "m = nn.MultiheadAttention(8, 2, dropout=0.5, batch_first=True)\nmask = nn.Transformer.generate_square_subsequent_mask(3)\nshow(m(x, x, x, attn_mask=mask, need_weights=False, is_causal=True)[0])"),
        (["torch.nn.TransformerEncoderLayer"], "l = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)\nshow(l(x))"),
        (["torch.nn.TransformerEncoderLayer"], "l = nn.TransformerEncoderLayer(8, 2, 16)\nshow(l(x))"),
        (["torch.nn.TransformerEncoderLayer"], "l = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.3, batch_first=True, norm_first=True)\nshow(l(x))"),
        (["torch.nn.TransformerEncoderLayer"], "l = nn.TransformerEncoderLayer(8, 2, 16, batch_first=True)\nshow(l(x, src_key_padding_mask=torch.tensor([[False, False, True], [False, False, False]])))"),
        (["torch.nn.TransformerDecoderLayer"], "l = nn.TransformerDecoderLayer(8, 2, 16, batch_first=True)\nshow(l(x, x.flip(1), tgt_is_causal=True, tgt_mask=nn.Transformer.generate_square_subsequent_mask(3)))"),
        (["torch.nn.TransformerEncoder", "torch.nn.TransformerEncoderLayer"], "e = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), 2, enable_nested_tensor=False)\nshow(e(x))"),
    ]):
        case(G, f"modules_training/{k}", ops, SEED + x + src + AFTER)


def initializers(case):
    """torch.nn.init's fills: on transposed weights and slices (the draws follow memory order), with a
    `generator=` (drawn from it, the default generator untouched), float64, and eye_."""
    inits = {
        "normal_": "nn.init.normal_(w{g})", "normal_ms": "nn.init.normal_(w, 0.5, 2.0{g})",
        "uniform_": "nn.init.uniform_(w, -1, 1{g})", "xavier_uniform_": "nn.init.xavier_uniform_(w{g})",
        "xavier_normal_": "nn.init.xavier_normal_(w, gain=2.0{g})",
        "kaiming_uniform_": "nn.init.kaiming_uniform_(w, a=5 ** 0.5{g})", "eye_": "nn.init.eye_(w)",
        "constant_": "nn.init.constant_(w, 0.25)", "zeros_": "nn.init.zeros_(w)",
    }
    weights = {"c": "torch.empty(4, 6)", "c20": "torch.empty(5, 4)", "t": "torch.empty(6, 4).t()",
               "t20": "torch.empty(4, 5).t()", "slice": "torch.zeros(6, 8)[1:5, ::2]",
               "f64": "torch.empty(4, 6, dtype=torch.float64)", "i64": "torch.zeros(2, 3, dtype=torch.long)"}
    for name, expr in inits.items():
        fn = "torch.nn.init." + name.split("_ms")[0].rstrip("_") + "_"
        for wk, w in weights.items():
            for gk, g in [("", ""), ("g", ", generator=gen")]:
                if gk and "{g}" not in expr:
                    continue
                src = (f"gen = torch.Generator().manual_seed(7)\nw = {w}\nr = {expr.format(g=g)}\nshow(w)\nsame(r, w)"
                       + AFTER)
                case(G, f"init/{name}/{wk}/{gk or 'default'}", [fn], SEED + src)
    for k, src in enumerate([
        "nn.init.eye_(torch.empty(3))", "nn.init.eye_(torch.empty(2, 2, 2))", "show(nn.init.eye_(torch.empty(0, 3)))",
        "w = nn.Linear(4, 4).weight\nnn.init.eye_(w)\nshow(w)",
        "w = nn.Linear(6, 4).weight\nwith torch.no_grad():\n    nn.init.eye_(w.data[:2, 1:5])\nshow(w)",
    ]):
        case(G, f"init/eye_extra/{k}", ["torch.nn.init.eye_"], SEED + src + AFTER)
    for k, src in enumerate([
        "x = torch.ones(2, 6)\nr = F.dropout(x, 0.25, True, True)\nshow(x)\nsame(r, x)",
        "x = torch.ones(2, 6)\nr = F.dropout(x, p=0.5, inplace=True)\nshow(x)\nsame(r, x)",
        "x = torch.ones(6, 2).t()\nr = F.dropout(x, 0.5, inplace=True)\nshow(x)\nsame(r, x)",
        "x = torch.ones(2, 6)\nr = F.dropout(x, 0.5, False, True)\nshow(x)\nsame(r, x)",
        "x = torch.ones(2, 6)\nr = F.dropout(x, 1.0, inplace=True)\nshow(x)\nsame(r, x)",
        "x = torch.ones(2, 6, dtype=torch.float64)\nr = F.dropout(x, 0.5, inplace=True)\nshow(x)\nsame(r, x)",
        "x = torch.ones(2, 3, 4)\nr = nn.Dropout(0.5, inplace=True)(x)\nshow(x)\nsame(r, x)",
    ]):
        case(G, f"dropout_inplace_effect/{k}", ["torch.nn.functional.dropout"] + (["torch.nn.Dropout"] if "nn.Dropout" in src else []),
             SEED + src + AFTER)
