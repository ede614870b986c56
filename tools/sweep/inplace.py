"""Sweep cases for what an in-place op does to the tensor object (issue 15, class 1; issue 19's
`transpose_`, `t_`, `resize_`): the in-place view ops change the object every name for it sees
(`squeeze_`, `unsqueeze_`, `t_`, `transpose_`, `swapdims_`, `swapaxes_`, `as_strided_`), `resize_` and
`resize_as_` give new sizes and grow the storage, views taken before keep their own layout; and
autograd's rules around writing in place: a leaf that requires grad (or a view of one) is refused in
grad mode, allowed under `no_grad`, a non-leaf records the in-place op's node, `out=` refuses inputs
that require grad; and `Module.load_state_dict`, which copies into every parameter in place."""

G = "inplace"

# Inputs whose layouts differ: contiguous, transposed, stepped, expanded, with size-1 dims, 0-d, empty.
LAYOUTS = {
    "m": "torch.arange(6.0).reshape(2, 3)",
    "t": "torch.arange(6.0).reshape(2, 3).t()",
    "step": "torch.arange(12.0)[1::3]",
    "exp": "torch.tensor([1.5, -2.0, 0.5]).expand(2, 3)",
    "ones": "torch.arange(6).reshape(1, 2, 1, 3)",
    "col": "torch.arange(4.0).reshape(4, 1)",
    "scalar": "torch.tensor(2.5)",
    "empty": "torch.zeros(0, 3)",
    "cube": "torch.arange(24).reshape(2, 3, 4)",
}

# What a learner checks after an in-place view op: the result is the object itself, the other name
# sees the change, an earlier view does not, and the values read through the new layout.
AFTER = ("show(x)\nprint(r is x, b is x, x.shape, x.stride(), x.storage_offset(), x.is_contiguous())\n"
         "show(v)\nsame(r, v)\n")


def register(case, inp):
    views(case)
    resizes(case)
    autograd(case)
    loading(case)


def views(case):
    calls = {
        "squeeze_": ["()", "(0)", "(-1)", "(1)", "((0, 2))", "(dim=0)", "(5)"],
        "unsqueeze_": ["(0)", "(-1)", "(1)", "(dim=2)", "(9)"],
        "t_": ["()"],
        "transpose_": ["(0, 1)", "(0, -1)", "(1, 1)", "(dim0=0, dim1=1)", "(0, 4)"],
        "swapdims_": ["(0, 1)", "(-1, 0)", "(0, 3)"],
        "swapaxes_": ["(0, 1)", "(axis0=1, axis1=0)", "(2, 0)"],
    }
    for op, arglists in calls.items():
        for name, x in LAYOUTS.items():
            for k, args in enumerate(arglists):
                src = f"x = {x}\nb = x\nv = x[...]\nr = x.{op}{args}\n" + AFTER
                case(G, f"{op}/{name}/{k}", [f"Tensor.{op}"], src)
    # A chain of in-place views, then ops on the result: every later op sees the new layout.
    case(G, "chain/unsqueeze-squeeze", ["Tensor.unsqueeze_", "Tensor.squeeze_"],
         "x = torch.arange(6).reshape(2, 3)\nb = x\nx.unsqueeze_(0).unsqueeze_(-1)\nprint(b.shape)\n"
         "x.squeeze_()\nshow(b)\nshow(b.sum(0))\nshow(b + 1)\n")
    case(G, "chain/t-then-write", ["Tensor.t_"],
         "x = torch.arange(6.0).reshape(2, 3)\nx.t_()\nx[0] = 9\nshow(x)\nshow(x.contiguous())\nshow(x.view(-1) if x.is_contiguous() else x.reshape(-1))\n")
    case(G, "chain/transpose-in-list", ["Tensor.transpose_"],
         "x = torch.arange(6.0).reshape(2, 3)\nitems = [x, {'k': x}]\nx.transpose_(0, 1)\nshow(items[0])\nshow(items[1]['k'])\n")
    case(G, "chain/t-in-module", ["Tensor.t_"],
         "lin = nn.Linear(3, 2)\nw = lin.weight.detach()\nw.t_()\nprint(lin.weight.shape, w.shape)\n")
    case(G, "t_/cube", ["Tensor.t_"], "x = torch.zeros(2, 3, 4)\nshow(x.t_())\n")
    for k, args in enumerate(["((2,), (2,), 1)", "((2, 2), (1, 2))", "((3,), (1,), 2)", "((2,), (1,), 9)",
                              "((2, 2), (2, 1), 0)", "(size=(2,), stride=(3,))", "((-1,), (1,))"]):
        for name in ["m", "t", "step"]:
            src = f"x = {LAYOUTS[name]}\nb = x\nv = x[...]\nr = x.as_strided_{args}\n" + AFTER
            case(G, f"as_strided_/{name}/{k}", ["Tensor.as_strided_"], src)
            case(G, f"as_strided_/{name}/{k}/torch", ["torch.as_strided_"],
                 f"x = {LAYOUTS[name]}\nr = torch.as_strided_(x, *{args})\nshow(x)\nprint(r is x)\n"
                 if not args.startswith("(size") else f"x = {LAYOUTS[name]}\nr = torch.as_strided_(x, {args[1:-1]})\nshow(x)\nprint(r is x)\n")


def resizes(case):
    sizes = ["(2, 3)", "(3, 2)", "(6,)", "(2, 2)", "(4, 3)", "(0,)", "(0, 5)", "()", "(1, 1, 1)", "((3, 2))",
             "([2, 3])", "(-1,)", "(2, -3)", "(2.5,)", "(size=(2, 2))"]
    for name in ["m", "t", "step", "exp", "scalar", "empty", "cube"]:
        for k, size in enumerate(sizes):
            args = size[1:-1] if size.startswith("(") and size != "()" else ""
            src = (f"x = {LAYOUTS[name]}\nb = x\nv = x[...]\nheld = x.untyped_storage().size() // x.element_size()\n"
                   f"r = x.resize_({args})\n")
            # Values the storage did not hold are uninitialised in PyTorch: print only the ones it held.
            src += ("n = min(x.numel(), held - x.storage_offset())\n"
                    "print(r is x, b is x, x.shape, x.stride(), x.storage_offset(), x.is_contiguous())\n"
                    "print(x.flatten()[:max(n, 0)].tolist() if x.is_contiguous() else x.shape)\n"
                    "print(v.shape, v.stride(), v.untyped_storage().size() // v.element_size())\n")
            case(G, f"resize_/{name}/{k}", ["Tensor.resize_"], src)
    for k, fmt in enumerate(["torch.contiguous_format", "torch.channels_last", "torch.preserve_format", "None"]):
        for name, x in [("m", LAYOUTS["m"]), ("t", LAYOUTS["t"]), ("nchw", "torch.arange(24.0).reshape(2, 3, 2, 2)")]:
            for j, size in enumerate(["2, 3", "2, 3, 2, 2", "3, 2, 2, 2"]):
                src = (f"x = {x}\nr = x.resize_({size}, memory_format={fmt})\n"
                       "print(r is x, x.shape, x.stride(), x.is_contiguous())\n")
                case(G, f"resize_/format/{k}/{name}/{j}", ["Tensor.resize_"], src)
    for k, other in enumerate(["torch.zeros(3, 2)", "torch.zeros(4, 4)", "torch.zeros(())", "torch.zeros(0)",
                               "torch.zeros(2, 3).t()", "torch.zeros(2, 1, 3, dtype=torch.int64)"]):
        for name in ["m", "t", "scalar"]:
            src = (f"x = {LAYOUTS[name]}\nr = x.resize_as_({other})\n"
                   "print(r is x, x.shape, x.stride(), x.dtype)\n")
            case(G, f"resize_as_/{name}/{k}", ["Tensor.resize_as_"], src)
            case(G, f"resize_as_/{name}/{k}/torch", ["torch.resize_as_"],
                 f"x = {LAYOUTS[name]}\nr = torch.resize_as_(x, {other})\nprint(r is x, x.shape, x.stride())\n")
    # Growing keeps what the storage held, and every view of it sees the same storage.
    case(G, "resize_/grow-shared", ["Tensor.resize_"],
         "x = torch.arange(4.0)\ny = x[1:3]\ny.resize_(3)\nprint(y.tolist(), y.storage_offset())\nprint(x.tolist())\n"
         "y.resize_(2, 2)\nprint(y.tolist())\nx.resize_(1)\nprint(x.tolist(), y.tolist())\n")
    case(G, "resize_/then-ops", ["Tensor.resize_"],
         "x = torch.arange(6.0)\nx.resize_(2, 3)\nshow(x @ x.t())\nshow(x.softmax(-1))\nx.resize_(3)\nshow(x * 2)\n")


INPLACE_OPS = {
    "add_": "(1)", "mul_": "(2)", "sub_": "(1)", "div_": "(2)", "fill_": "(1)", "zero_": "()", "exp_": "()",
    "clamp_": "(0)", "masked_fill_": "(torch.tensor([[True], [False]]), 1.0)", "copy_": "(torch.ones(2, 1))",
    "squeeze_": "()", "unsqueeze_": "(0)", "t_": "()", "transpose_": "(0, 1)", "relu_": "()",
    "sigmoid_": "()", "neg_": "()", "pow_": "(2)", "normal_": "()", "uniform_": "()", "index_fill_": "(0, torch.tensor([0]), 1.0)",
    "scatter_": "(0, torch.tensor([[0]]), 1.0)", "masked_scatter_": "(torch.tensor([[True], [False]]), torch.ones(2, 1))",
    "swapdims_": "(0, 1)", "as_strided_": "((2,), (1,))", "resize_": "(2)", "resize_as_": "(torch.zeros(2))",
    "requires_grad_": "(False)", "detach_": "()", "apply_": "(lambda v: v)",
}


def autograd(case):
    for op, args in INPLACE_OPS.items():
        name = [f"Tensor.{op}"]
        leaf = "p = torch.zeros(2, 1, requires_grad=True)\n"
        case(G, f"grad/leaf/{op}", name, leaf + f"r = p.{op}{args}\nprint(r is p, r.requires_grad, r.grad_fn is None, r.is_leaf)\n")
        case(G, f"grad/no_grad/{op}", name,
             leaf + f"with torch.no_grad():\n    r = p.{op}{args}\nprint(r is p, r.requires_grad, r.grad_fn is None, r.shape)\n")
        case(G, f"grad/view-of-leaf/{op}", name,
             leaf + f"v = p[0]\nr = v.{op}{args}\nprint(r is v, r.requires_grad)\n")
        case(G, f"grad/non-leaf/{op}", name,
             leaf + f"q = p * 2\nr = q.{op}{args}\nprint(r is q, r.requires_grad, r.is_leaf)\n"
             "print(r.grad_fn.name() if r.grad_fn is not None else None)\n")
        case(G, f"grad/other-requires/{op}", name,
             "p = torch.zeros(2, 1, requires_grad=True)\nx = torch.zeros(2, 1)\n"
             f"r = x.add_(p)\nr = x.{op}{args}\nprint(r.requires_grad, r.grad_fn.name() if r.grad_fn is not None else None)\n")
    for k, view in enumerate(["p[0]", "p[:, 0]", "p.view(2)", "p.t()", "p.unsqueeze(0)", "p.expand(2, 3)", "p.detach()",
                              "p.squeeze()", "p[0][0]", "p.narrow(0, 0, 1)", "p.reshape(2)", "p.flatten()",
                              "p.contiguous()", "p.clone()", "p[[0]]"]):
        src = f"p = torch.zeros(2, 1, requires_grad=True)\nv = {view}\n"
        case(G, f"grad/views/{k}/add_", ["Tensor.add_"], src + "r = v.add_(1)\nprint(r.requires_grad, r.grad_fn.name() if r.grad_fn is not None else None)\n")
        case(G, f"grad/views/{k}/setitem", [], src + "v[0] = 3\nprint(v.requires_grad, v.grad_fn.name() if v.grad_fn is not None else None)\n")
        case(G, f"grad/views/{k}/iadd", [], src + "v += 1\nprint(v.requires_grad, v.grad_fn.name() if v.grad_fn is not None else None)\n")
    for k, stmt in enumerate(["p += 1", "p -= 1", "p *= 2", "p /= 2", "p[0] = 1", "p[:] = 0", "p[p > 0] = 1",
                              "p.data += 1", "p.data[0] = 7", "p.detach()[0] = 7"]):
        src = f"p = torch.zeros(2, 1, requires_grad=True)\n{stmt}\nprint(p)\n"
        case(G, f"grad/statement/{k}", [], src)
        case(G, f"grad/statement/{k}/no_grad", [],
             f"p = torch.zeros(2, 1, requires_grad=True)\nwith torch.no_grad():\n    {stmt}\nprint(p)\n")
        case(G, f"grad/statement/{k}/non-leaf", [],
             f"w = torch.zeros(2, 1, requires_grad=True)\np = w * 1\n{stmt}\nprint(p)\n")
    case(G, "grad/param", ["Tensor.add_"],
         "lin = nn.Linear(2, 2)\ntry:\n    lin.weight.add_(1)\nexcept RuntimeError as e:\n    print(e)\n"
         "with torch.no_grad():\n    lin.weight.fill_(0.5)\n    lin.bias.zero_()\nprint(lin(torch.ones(1, 2)))\n")
    for op, call in [("add", "torch.add(p, 1, out=o)"), ("mul", "torch.mul(p, p, out=o)"), ("exp", "torch.exp(p, out=o)"),
                     ("matmul", "torch.matmul(p, p.t(), out=o)"), ("sum", "torch.sum(p, 0, out=o)")]:
        for k, o in enumerate(["torch.zeros(2, 1)", "torch.zeros(0)"]):
            case(G, f"grad/out/{op}/{k}", [f"torch.{op}"],
                 f"p = torch.zeros(2, 1, requires_grad=True)\no = {o}\nr = {call}\nshow(r)\n")
            case(G, f"grad/out/{op}/{k}/no_grad", [f"torch.{op}"],
                 f"p = torch.zeros(2, 1, requires_grad=True)\no = {o}\nwith torch.no_grad():\n    r = {call}\nshow(r)\n")
    for k, stmt in enumerate(["p[:] = 0", "p[...] = 0", "p[:] = torch.ones(3)", "p[:] = torch.ones(2, 3)", "p[p > 0] = 1",
                              "p[p > 0] = torch.tensor(1.)", "p[torch.tensor([0])] = 1", "p[0] = 1", "p[:, 1:] = 2",
                              "p[None] = 1", "p[0, torch.tensor([1])] = 4", "p[True] = 1", "p[False] = 1", "p[0:2] = 1",
                              "p[-5:10] = 1", "p[:, ::1] = 1", "p[:] = torch.tensor(2.)", "p[[0, 1]] = torch.ones(3)"]):
        src = f"w = torch.zeros(2, 3, requires_grad=True)\np = w * 1\n{stmt}\nprint(p.grad_fn.name())\nshow(p.detach())\n"
        case(G, f"grad/setitem-node/{k}", [], src)
        case(G, f"grad/setitem-leaf/{k}", [],
             f"p = torch.zeros(2, 3, requires_grad=True)\n{stmt}\nprint(p.grad_fn)\n")


MODELS = {
    "linear": "nn.Linear(3, 2)",
    "seq": "nn.Sequential(nn.Linear(2, 2), nn.LayerNorm(2), nn.Sequential(nn.Linear(2, 1)))",
    "bn": "nn.BatchNorm1d(2)",
    "mha": "nn.MultiheadAttention(4, 2)",
    "emb": "nn.Embedding(5, 3, padding_idx=0)",
    "enc": "nn.TransformerEncoderLayer(4, 2, dim_feedforward=8)",
}

# Changes to a state dict before loading it: each a line of Python over `sd`.
EDITS = {
    "same": "",
    "extra": "sd['extra'] = torch.zeros(1)",
    "missing": "del sd[next(iter(sd))]",
    "both": "sd['extra.weight'] = torch.zeros(1)\ndel sd[list(sd)[-2]]",
    "size": "k = next(iter(sd))\nsd[k] = torch.zeros(7, 1)",
    "int": "k = next(iter(sd))\nsd[k] = 1",
    "long": "k = next(iter(sd))\nsd[k] = torch.ones_like(sd[k]).long()",
    "plain-dict": "sd = dict(sd)",
    "nested": "sd['0.0.weight'] = torch.zeros(1)\nsd['9.bias'] = torch.zeros(1)",
}


def loading(case):
    for name, model in MODELS.items():
        for edit, line in EDITS.items():
            src = (f"torch.manual_seed(0)\na = {model}\ntorch.manual_seed(1)\nb = {model}\n"
                   "before = [id(p) for p in b.parameters()]\nsd = a.state_dict()\n" + line + "\n")
            for strict in ["True", "False"]:
                run = src + (f"r = b.load_state_dict(sd, strict={strict})\nprint(r)\nprint(r.missing_keys, r.unexpected_keys)\n"
                             "m, u = r\nprint(m == r.missing_keys, u == r.unexpected_keys)\n"
                             "print(before == [id(p) for p in b.parameters()])\n"
                             "print([(k, torch.equal(v, a.state_dict()[k]) if k in a.state_dict() else None) for k, v in b.state_dict().items()])\n"
                             "print([p.requires_grad for p in b.parameters()])\n")
                case(G, f"load_state_dict/{name}/{edit}/{strict}", [], run)
    case(G, "load_state_dict/not-a-mapping", [], "m = nn.Linear(2, 2)\nm.load_state_dict([1])\n")
    case(G, "load_state_dict/buffers", [],
         "class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(2, 2)\n"
         "        self.register_buffer('pe', torch.arange(4.0))\n        self.register_buffer('tmp', torch.zeros(2), persistent=False)\n"
         "m1, m2 = M(), M()\nm2.pe.zero_()\nm2.tmp.fill_(3)\nprint(m2.load_state_dict(m1.state_dict()))\nprint(m2.pe, m2.tmp)\n"
         "sd = m1.state_dict()\nsd['tmp'] = torch.ones(2)\nprint(m2.load_state_dict(sd, strict=False))\n")
    case(G, "load_state_dict/scalar-param", [],
         "class S(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.scale = nn.Parameter(torch.tensor(2.0))\n"
         "s = S()\nprint(s.load_state_dict({'scale': torch.tensor([5.0])}))\nprint(s.scale)\n")
