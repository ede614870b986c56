"""Sweep cases for convolution, 1-d pooling and the channel normalisations (issue 19): F.conv1d/conv2d,
max_pool1d, avg_pool1d, adaptive_avg_pool1d, batch_norm, instance_norm, group_norm, local_response_norm
and their modules, in every form and option PyTorch has, on float32/float64/float16/bfloat16 and
integer inputs, non-contiguous views, empty batches and the inputs each must refuse.

Convolution inputs are multiples of 1/4 and 1/8, so every partial sum is exact and any summation order
gives PyTorch's number; the seeded random cases show where the order shows (oneDNN's blocking)."""

G = "channels"
X3 = "x = torch.arange(30.0).reshape(2, 3, 5) / 4 - 2\n"
W3 = "w = torch.arange(24.0).reshape(4, 3, 2) / 8 - 1\n"
B4 = "b = torch.tensor([0.5, -1.0, 0.25, 2.0])\n"
X4 = "x = torch.arange(96.0).reshape(2, 3, 4, 4) / 8 - 6\n"
W4 = "w = torch.arange(54.0).reshape(2, 3, 3, 3) / 4 - 6\n"
SEQ = "x = torch.tensor([[[1.0, -2.0, 3.5, 0.25, -0.5, 4.0, 2.0], [0.0, float('nan'), 1.0, -1.0, 2.5, float('-inf'), 3.0]]])\n"
RAND = "torch.manual_seed(0)\nx = torch.randn(4, 3, 6)\n"


def register(case, inp):
    dropouts(case)
    bernoullis(case)
    blocks(case)
    convolutions(case)
    pools(case)
    norms(case)
    modules(case)


def convolutions(case):
    pre = X3 + W3 + B4
    for k, opt in enumerate(["", ", b", ", bias=b", ", b, 2", ", b, stride=2, padding=1", ", padding=2", ", padding=(1,)",
                             ", dilation=2", ", b, 1, 1, 2", ", stride=(3,)", ", padding='valid'", ", padding='same'",
                             ", b, padding='same', dilation=2", ", None, [2], [0], [1], 1"]):
        case(G, f"conv1d/{k}", ["torch.nn.functional.conv1d"], pre + f"show(F.conv1d(x, w{opt}))")
    for k, src in enumerate([
        "show(F.conv1d(x[0], w))", "show(F.conv1d(x, w[:, :, :1]))", "show(F.conv1d(x, w.flip(2)))",
        "show(F.conv1d(x.transpose(1, 2).contiguous().transpose(1, 2), w, b))", "show(F.conv1d(x[:, :, ::2], w))",
        "show(F.conv1d(x.double(), w.double(), b.double()))", "show(F.conv1d(x.half(), w.half()))",
        "show(F.conv1d(x.bfloat16(), w.bfloat16(), b.bfloat16()))", "show(F.conv1d(torch.zeros(0, 3, 5), w))",
        "show(F.conv1d((x * 4).long(), (w * 8).long()))", "show(F.conv1d((x * 4).int(), (w * 8).int(), (b * 4).int(), padding=1))",
        "show(F.conv1d(torch.arange(12.0).reshape(1, 6, 2), torch.arange(12.0).reshape(6, 1, 2) / 4, groups=6))",
        "show(F.conv1d(torch.arange(24.0).reshape(1, 4, 6) / 2, torch.arange(16.0).reshape(2, 2, 4) / 4 - 2, groups=2, padding=1))",
        "show(F.conv1d(torch.arange(24.0).reshape(1, 4, 6) / 2, torch.arange(12.0).reshape(4, 1, 3) - 6, groups=4, padding='same'))",
        "show(F.conv1d(x, w, b, padding=3, dilation=3))",
        "F.conv1d(x.double(), w)", "F.conv1d(x, w.double())", "F.conv1d(x, w, b.double())", "F.conv1d(x.long(), w.long(), b)",
        "F.conv1d(x.bool(), w.bool())", "F.conv1d(x, w, torch.ones(3))", "F.conv1d(x, w, torch.ones(2, 2))", "F.conv1d(x, torch.ones(4, 2, 2))",
        "F.conv1d(x, torch.ones(4, 3))", "F.conv1d(torch.ones(5), w)", "F.conv1d(torch.ones(1, 2, 3, 5), w)", "F.conv1d(x, w, stride=0)",
        "F.conv1d(x, w, padding=-1)", "F.conv1d(x, w, dilation=0)", "F.conv1d(x, w, groups=0)", "F.conv1d(x, w, groups=2)",
        "F.conv1d(x, w, groups=3)", "F.conv1d(x, torch.ones(4, 3, 9))", "F.conv1d(x, w, padding='same', stride=2)",
        "F.conv1d(x, w, padding='foo')", "F.conv1d(x, w, stride=(1, 2))", "F.conv1d(x, torch.ones(0, 3, 2))",
        "F.conv1d(torch.ones(2, 3, 0), w)", "F.conv1d(x, w, dilation=3)", "F.conv1d(x, torch.ones(4, 3, 2, 2))",
        "F.conv1d(x, w, stride=1.5)", "F.conv1d(x, 2.0)", "F.conv1d([1.0], w)",
    ]):
        case(G, f"conv1d/more/{k}", ["torch.nn.functional.conv1d"], pre + src)
    pre = X4 + W4 + "b = torch.tensor([1.5, -0.25])\n"
    for k, opt in enumerate(["", ", b", ", b, 2", ", b, (1, 2), (1, 0)", ", padding=1", ", padding='same'", ", padding='valid'",
                             ", dilation=(1, 2), padding=(0, 1)", ", None, 1, 2, 1, 1", ", stride=(2, 1)"]):
        case(G, f"conv2d/{k}", ["torch.nn.functional.conv2d"], pre + f"show(F.conv2d(x, w{opt}))")
    for k, src in enumerate([
        "show(F.conv2d(x[1], w, b))", "show(F.conv2d(x, w[:, :, :2, :2], padding='same'))", "show(F.conv2d(x.transpose(2, 3), w))",
        "show(F.conv2d(x.double(), w.double()))", "show(F.conv2d((x * 8).long(), (w * 4).long(), padding=1))",
        "show(F.conv2d(torch.arange(32.0).reshape(1, 2, 4, 4) / 4, torch.arange(8.0).reshape(2, 1, 2, 2) - 3, groups=2))",
        "show(F.conv2d(x, w, b, stride=3, padding=2, dilation=2))", "show(F.conv2d(torch.zeros(0, 3, 4, 4), w))",
        "F.conv2d(x, w, stride=(1, 2, 3))", "F.conv2d(x[0, 0], w)", "F.conv2d(x, w[0])", "F.conv2d(x, torch.ones(2, 3, 5, 5))",
        "F.conv2d(x, w, padding='same', stride=(1, 2))", "F.conv2d(x, w, torch.ones(3))", "F.conv2d(x, torch.ones(2, 2, 3, 3))",
    ]):
        case(G, f"conv2d/more/{k}", ["torch.nn.functional.conv2d"], pre + src)
    case(G, "conv1d/random", ["torch.nn.functional.conv1d"],
         "torch.manual_seed(0)\nx = torch.randn(2, 3, 7)\nw = torch.randn(4, 3, 3)\nb = torch.randn(4)\nshow(F.conv1d(x, w, b, padding=1))")
    case(G, "conv2d/random", ["torch.nn.functional.conv2d"],
         "torch.manual_seed(0)\nx = torch.randn(1, 2, 5, 5)\nw = torch.randn(3, 2, 3, 3)\nshow(F.conv2d(x, w))")


def pools(case):
    for name, src in [("seq", SEQ), ("x3", X3), ("int", "x = torch.tensor([[[3, -1, 4, 1, -5, 9, 2, 6]]])\n"),
                      ("double", "x = torch.tensor([[0.5, -1.5, 2.0, 8.0, -3.0, 0.25]], dtype=torch.float64)\n"),
                      ("2d", "x = torch.tensor([[1.0, 5.0, -2.0, 0.5, 3.0], [-1.0, -3.0, 2.0, 2.0, 7.0]])\n"),
                      ("t", "x = (torch.arange(18.0).reshape(2, 9) / 4 - 1).t().unsqueeze(0)\n"),
                      ("half", "x = torch.tensor([[1.5, -2.0, 0.25, 3.0, 7.5]], dtype=torch.float16)\n"),
                      ("bf16", "x = torch.tensor([[1.5, -2.0, 0.25, 3.0, 7.5]], dtype=torch.bfloat16)\n"),
                      ("empty", "x = torch.zeros(0, 2, 6)\n")]:
        for k, opt in enumerate(["2", "3", "2, 1", "3, 2, 1", "kernel_size=3, stride=1, padding=1, dilation=1",
                                 "2, dilation=2", "3, 2, ceil_mode=True", "2, 2, 1, ceil_mode=True", "(3,), (1,), (1,)",
                                 "4, 3, 2, 2, True", "2, None, 0"]):
            case(G, f"max_pool1d/{name}/{k}", ["torch.nn.functional.max_pool1d"], src + f"show(F.max_pool1d(x, {opt}))")
            case(G, f"max_pool1d/{name}/{k}/indices", ["torch.nn.functional.max_pool1d"],
                 src + f"show(F.max_pool1d(x, {opt}, return_indices=True))")
        for k, opt in enumerate(["2", "3", "2, 1", "3, 2, 1", "3, 1, 1, count_include_pad=False", "3, 2, ceil_mode=True",
                                 "2, 2, 1, True", "2, 2, 1, True, False", "(4,), (3,), (2,), True", "kernel_size=5, stride=2, padding=2"]):
            case(G, f"avg_pool1d/{name}/{k}", ["torch.nn.functional.avg_pool1d"], src + f"show(F.avg_pool1d(x, {opt}))")
        for n in [1, 2, 3, 4, 5, 8, (2,), 0]:
            case(G, f"adaptive_avg_pool1d/{name}/{n}", ["torch.nn.functional.adaptive_avg_pool1d"],
                 src + f"show(F.adaptive_avg_pool1d(x, {n}))")
    for k, src in enumerate([
        "F.max_pool1d(x.long(), 2)", "F.max_pool1d(x.bool(), 2)", "F.max_pool1d(x, 2, padding=2)", "F.max_pool1d(x, 0)",
        "F.max_pool1d(x, 6)", "F.max_pool1d(torch.ones(5), 2)", "F.max_pool1d(torch.ones(1, 2, 3, 4), 2)",
        "F.max_pool1d(x, 2, return_indices=True, padding=2)", "F.max_pool1d(x, (2, 2))", "F.max_pool1d(x, 6, return_indices=True)",
        "F.max_pool1d(x, 2, 0)", "F.max_pool1d(x, 2, padding=-1)", "F.max_pool1d(x, 2, dilation=0)", "F.max_pool1d(x, 2, (1, 1))",
        "F.max_pool1d(x, 2, 0, return_indices=True)", "F.max_pool1d(x.bool(), 2, return_indices=True)",
        "F.max_pool1d(torch.ones(5), 2, return_indices=True)", "F.max_pool1d(x, (2, 2), return_indices=True)",
        "show(F.max_pool1d(x.long(), 2, return_indices=True))", "show(F.max_pool1d(x.int(), 3, 1, 1, return_indices=True))",
        "F.avg_pool1d(x.int(), 2)", "F.avg_pool1d(x.bool(), 2)", "F.avg_pool1d(x, 2, padding=2)", "F.avg_pool1d(x, 6)",
        "F.avg_pool1d(torch.ones(5), 2)", "F.avg_pool1d(x, 0)", "F.avg_pool1d(x, 2, stride=0)", "F.avg_pool1d(x, 2, -1)",
        "F.avg_pool1d(x, (2, 2))", "F.avg_pool1d(x, 0, 1)", "show(F.avg_pool1d((x * 4).long(), 2))",
        "show(F.avg_pool1d((x * 4).long(), 3, 1, 1, count_include_pad=False))",
        "F.adaptive_avg_pool1d(x.long(), 2)", "F.adaptive_avg_pool1d(x, -1)", "F.adaptive_avg_pool1d(torch.ones(5), 2)",
        "F.adaptive_avg_pool1d(x, (2, 3))", "F.adaptive_avg_pool1d(torch.ones(2, 3, 0), 2)", "F.adaptive_avg_pool1d(torch.ones(2, 0, 3), 2)",
        "show(F.adaptive_avg_pool1d(torch.ones(0, 2, 3), 2))", "show(F.adaptive_avg_pool1d(torch.arange(10.0).reshape(1, 10) / 3, 4))",
        "show(F.avg_pool1d(torch.arange(10.0).reshape(1, 10) / 3, 3))",
        "show(F.max_pool1d(torch.tensor([[float('nan'), 1.0, float('nan'), 2.0]]), 2, return_indices=True))",
        "show(F.max_pool1d(torch.tensor([[-0.0, 0.0, 0.0, -0.0]]), 2, return_indices=True))",
    ]):
        case(G, f"pools/{k}", ["torch.nn.functional.max_pool1d", "torch.nn.functional.avg_pool1d",
                               "torch.nn.functional.adaptive_avg_pool1d"], X3 + src)


def norms(case):
    stats = "rm = torch.tensor([0.5, -1.0, 0.25])\nrv = torch.tensor([1.0, 4.0, 0.25])\nw = torch.tensor([2.0, 0.5, -1.0])\nb = torch.tensor([0.0, 1.0, -2.0])\n"
    for name, src in [("x3", X3), ("rand", RAND), ("2d", "x = torch.tensor([[1.0, -2.0, 3.5], [0.5, 4.0, -1.0], [2.0, 0.0, 0.25], [-3.0, 1.5, 1.0]])\n"),
                      ("4d", "x = torch.arange(48.0).reshape(2, 3, 2, 4) / 5 - 4\n"), ("t", "x = (torch.arange(30.0).reshape(5, 3, 2) / 4 - 2).transpose(0, 2)\n")]:
        for k, opt in enumerate(["rm, rv", "rm, rv, w, b", "rm, rv, weight=w", "rm, rv, bias=b, eps=0.5",
                                 "rm, rv, training=True", "rm, rv, w, b, True, 0.3", "None, None, w, b, True",
                                 "rm, rv, None, None, True, 1.0, 1e-3", "None, None, training=True, eps=2.0"]):
            body = src + stats + f"r = F.batch_norm(x, {opt})\nshow(r)\nshow(rm)\nshow(rv)"
            case(G, f"batch_norm/{name}/{k}", ["torch.nn.functional.batch_norm"], body)
        for k, opt in enumerate(["", "rm, rv", "rm, rv, w, b", "weight=w, bias=b", "rm, rv, use_input_stats=False",
                                 "rm, rv, w, b, momentum=0.5, eps=0.1", "None, None, w"]):
            case(G, f"instance_norm/{name}/{k}", ["torch.nn.functional.instance_norm"],
                 src + stats + f"show(F.instance_norm(x, {opt}))\nshow(rm)\nshow(rv)")
        for k, opt in enumerate(["1", "3", "3, w, b", "1, w", "3, bias=b", "1, eps=0.5", "num_groups=3, weight=w, bias=b, eps=1e-3"]):
            case(G, f"group_norm/{name}/{k}", ["torch.nn.functional.group_norm"], src + stats + f"show(F.group_norm(x, {opt}))")
        for k, opt in enumerate(["1", "2", "3", "4", "2, alpha=0.5", "3, 1e-2, 0.5, 2.0", "2, beta=1.0", "2, k=0.5, beta=2"]):
            case(G, f"local_response_norm/{name}/{k}", ["torch.nn.functional.local_response_norm"],
                 src + f"show(F.local_response_norm(x, {opt}))")
    gn = "x = torch.arange(48.0).reshape(2, 4, 6) / 7 - 3\nw = torch.tensor([1.0, -2.0, 0.5, 3.0])\nb = torch.tensor([0.25, 0.0, -1.0, 2.0])\n"
    for k, opt in enumerate(["2", "4", "2, w, b", "4, w", "2, None, b", "1, w, b"]):
        case(G, f"group_norm/4ch/{k}", ["torch.nn.functional.group_norm"], gn + f"show(F.group_norm(x, {opt}))")
    case(G, "group_norm/random", ["torch.nn.functional.group_norm"],
         "torch.manual_seed(0)\nx = torch.randn(3, 6, 40)\nw = torch.randn(6)\nb = torch.randn(6)\nshow(F.group_norm(x, 2, w, b))\nshow(F.group_norm(x, 3))")
    case(G, "batch_norm/random", ["torch.nn.functional.batch_norm"],
         "torch.manual_seed(0)\nx = torch.randn(5, 4, 9) * 3 + 1\nw = torch.randn(4)\nb = torch.randn(4)\nrm = torch.randn(4)\nrv = torch.rand(4)\n"
         "show(F.batch_norm(x, rm, rv, w, b, True, 0.2))\nshow(rm)\nshow(rv)\nshow(F.batch_norm(x, rm, rv, w, b))")
    for k, src in enumerate([
        "show(F.batch_norm(x.double(), rm.double(), rv.double(), w.double(), b.double()))",
        "show(F.batch_norm(x.double(), rm.double(), rv.double(), training=True))\nshow(rm)",
        "rmd, rvd = rm.double(), rv.double()\nshow(F.batch_norm(x.double(), rmd, rvd, training=True, momentum=0.25))\nshow(rmd)\nshow(rvd)",
        "show(F.batch_norm(x.half(), rm, rv))", "show(F.batch_norm(x.bfloat16(), rm, rv, w, b))",
        "F.batch_norm(x.long(), rm, rv)", "F.batch_norm(x, torch.zeros(4), rv)", "F.batch_norm(x, rm, torch.ones(2))",
        "F.batch_norm(torch.ones(1, 3), rm, rv, training=True)", "F.batch_norm(torch.ones(1, 3, 1), None, None, training=True)",
        "F.batch_norm(torch.ones(3), rm, rv)", "F.batch_norm(x, None, None)", "F.batch_norm(x, rm, None)",
        "F.batch_norm(x.double(), rm, rv)", "F.batch_norm(x, rm, rv, weight=torch.ones(2))", "F.batch_norm(x, rm, rv, bias=torch.ones(4))",
        "F.batch_norm(x, rm, rv, training=True, eps=0.0)", "F.batch_norm(x, rm, rv, eps=-1.0)", "show(F.batch_norm(x, rm, rv, eps=0.0))",
        "show(F.batch_norm(torch.zeros(0, 3), rm, rv))", "F.batch_norm(x, rm.double(), rv.double())",
        "F.batch_norm(x, rm, rv, training=True, momentum='a')", "show(F.batch_norm(torch.ones(2, 3), None, None, training=True))",
        "show(F.batch_norm(x, rm, rv, training=1))",
        "F.group_norm(x, 2)", "F.group_norm(x.long(), 3)", "F.group_norm(torch.ones(3), 3)", "F.group_norm(x, 3, torch.ones(2))",
        "F.group_norm(x, 3, None, torch.ones(4))", "F.group_norm(torch.ones(1, 3, 1), 3)", "show(F.group_norm(x.double(), 3))",
        "F.group_norm(x, 0)", "F.group_norm(x, 1.5)", "show(F.group_norm(x.half(), 1))", "show(F.group_norm(torch.zeros(0, 3, 2), 3))",
        "F.group_norm(x, 3, torch.ones(3, 1))", "show(F.group_norm(x.bfloat16(), 3, w, b))", "F.group_norm(x.double(), 3, w, b)",
        "F.instance_norm(x.long())", "F.instance_norm(torch.ones(2, 3, 1))", "F.instance_norm(torch.ones(3, 5))",
        "F.instance_norm(x, use_input_stats=False)", "show(F.instance_norm(x.double()))", "F.instance_norm(x, rm, None, use_input_stats=False)",
        "F.instance_norm(x, torch.zeros(2), torch.ones(2))", "show(F.instance_norm(torch.ones(2, 3, 1), use_input_stats=False, running_mean=rm, running_var=rv))",
        "F.local_response_norm(torch.ones(3, 5), 2)", "show(F.local_response_norm(x.long(), 2))", "r = F.local_response_norm(torch.ones(0, 3, 5), 2)\nshow(r)",
        "show(F.local_response_norm(x.double(), 3, 0.5))", "show(F.local_response_norm(x, 5))", "show(F.local_response_norm(x, 2, 1, 1, 1))",
        "F.local_response_norm(x, 2.5)", "F.local_response_norm(x.int(), 2)", "show(F.local_response_norm(x.half(), 2))",
        "F.local_response_norm(torch.ones(2, 3, 2, 2).long(), 2)",
        "x = torch.ones(0, 3, 5)\nr = F.local_response_norm(x, 2)\nprint(r is x)",
    ]):
        case(G, f"norms/{k}", ["torch.nn.functional.batch_norm", "torch.nn.functional.group_norm",
                               "torch.nn.functional.instance_norm", "torch.nn.functional.local_response_norm"],
             X3 + stats + src)


def modules(case):
    conv_ops = ["torch.nn.Conv1d", "torch.nn.Conv2d", "torch.nn.Module"]
    for k, args in enumerate(["3, 4, 2", "3, 4, 3, stride=2", "3, 4, 2, padding=1, bias=False", "3, 6, 2, groups=3",
                              "3, 4, (3,), padding='same'", "3, 4, 2, padding='valid', dilation=2", "3, 2, 1, 1, 0, 1, 1, False"]):
        case(G, f"Conv1d/{k}", conv_ops, "torch.manual_seed(0)\n" + X3 + f"m = nn.Conv1d({args})\nprint(m)\nshow(m.weight)\nshow(m.bias)\n"
             "print([n for n, _ in m.named_parameters()])\nwith torch.no_grad():\n    m.weight.copy_((m.weight * 8).round() / 8)\n"
             "    if m.bias is not None:\n        m.bias.copy_((m.bias * 8).round() / 8)\n    show(m(x))")
    for k, args in enumerate(["3, 2, 3", "3, 2, (2, 3), stride=(2, 1)", "3, 4, 3, padding=1, bias=False", "3, 3, 2, groups=3, dilation=2",
                              "3, 2, 3, padding='same'", "3, 2, 2, padding=(1, 0), padding_mode='zeros'"]):
        case(G, f"Conv2d/{k}", conv_ops, "torch.manual_seed(0)\n" + X4 + f"m = nn.Conv2d({args})\nprint(m)\nshow(m.weight)\nshow(m.bias)\n"
             "with torch.no_grad():\n    m.weight.copy_((m.weight * 8).round() / 8)\n"
             "    if m.bias is not None:\n        m.bias.copy_((m.bias * 8).round() / 8)\n    show(m(x))")
    for k, src in enumerate([
        "nn.Conv1d(3, 4, 2, groups=0)", "nn.Conv1d(3, 4, 2, groups=2)", "nn.Conv1d(4, 3, 2, groups=2)", "nn.Conv1d(3, 4, 2, padding='full')",
        "nn.Conv1d(3, 4, 2, stride=2, padding='same')", "try:\n    nn.Conv1d(3, 4, 2, padding_mode='mirror')\nexcept ValueError as e:\n    print(str(e).split('}')[-1])",
        "print(nn.Conv1d(3, 4, 2, padding_mode='reflect'))", "print(nn.Conv2d(3, 4, (2, 3), stride=2, padding=1, dilation=2, bias=False))",
        "torch.manual_seed(0)\nm = nn.Conv1d(3, 4, 2)\nm(torch.ones(2, 4, 5))", "torch.manual_seed(0)\nm = nn.Conv1d(3, 4, 2)\nshow(m(torch.zeros(3, 5)))",
        "torch.manual_seed(0)\nm = nn.Conv1d(3, 4, 2)\nprint(list(m.state_dict().keys()))\nprint(m.kernel_size, m.stride, m.padding, m.dilation, m.groups, m.padding_mode)",
        "torch.manual_seed(0)\nm = nn.Sequential(nn.Conv1d(3, 4, 3, padding=1), nn.ReLU(), nn.MaxPool1d(2), nn.Flatten(), nn.Linear(8, 2))\nprint(m)\n"
        "print(sum(p.numel() for p in m.parameters()))\nwith torch.no_grad():\n    print(tuple(m(torch.ones(5, 3, 4)).shape))",
        "torch.manual_seed(0)\nm = nn.Conv1d(3, 4, 2)\nprint(m(torch.ones(2, 3, 5)).grad_fn.name())",
        "torch.manual_seed(0)\nm = nn.Conv1d(3, 4, 2)\nprint(m(torch.ones(3, 5)).grad_fn.name())",
    ]):
        case(G, f"conv_modules/{k}", conv_ops + ["torch.nn.Sequential", "torch.nn.ReLU", "torch.nn.MaxPool1d", "torch.nn.Flatten",
                                                 "torch.nn.Linear"], X3 + src)
    pool_ops = ["torch.nn.MaxPool1d", "torch.nn.AvgPool1d", "torch.nn.AdaptiveAvgPool1d", "torch.nn.Module"]
    for k, ctor in enumerate(["nn.MaxPool1d(2)", "nn.MaxPool1d(3, 1, 1)", "nn.MaxPool1d((2,), stride=1, dilation=2, ceil_mode=True)",
                              "nn.MaxPool1d(2, return_indices=True)", "nn.AvgPool1d(2)", "nn.AvgPool1d(3, stride=1, padding=1)",
                              "nn.AvgPool1d(3, 2, 1, ceil_mode=True, count_include_pad=False)", "nn.AdaptiveAvgPool1d(2)",
                              "nn.AdaptiveAvgPool1d((4,))", "nn.AdaptiveAvgPool1d(None)", "nn.MaxPool1d(0)", "nn.AvgPool1d(kernel_size=[2])"]):
        case(G, f"pool_modules/{k}", pool_ops, SEQ + f"m = {ctor}\nprint(m)\nprint(repr(m))\nshow(m(x))")
    norm_ops = ["torch.nn.BatchNorm1d", "torch.nn.InstanceNorm1d", "torch.nn.GroupNorm", "torch.nn.LocalResponseNorm", "torch.nn.Module"]
    for k, ctor in enumerate(["nn.BatchNorm1d(3)", "nn.BatchNorm1d(3, eps=1e-3, momentum=0.5)", "nn.BatchNorm1d(3, affine=False)",
                              "nn.BatchNorm1d(3, track_running_stats=False)", "nn.BatchNorm1d(3, momentum=None)", "nn.BatchNorm1d(3, bias=False)",
                              "nn.InstanceNorm1d(3)", "nn.InstanceNorm1d(3, affine=True)", "nn.InstanceNorm1d(3, track_running_stats=True)",
                              "nn.InstanceNorm1d(3, affine=True, track_running_stats=True, momentum=0.3)", "nn.GroupNorm(3, 3)",
                              "nn.GroupNorm(1, 3, eps=1e-3)", "nn.GroupNorm(3, 3, affine=False)", "nn.GroupNorm(1, 3, bias=False)",
                              "nn.LocalResponseNorm(2)", "nn.LocalResponseNorm(3, alpha=1e-2, beta=0.5, k=2.0)"]):
        case(G, f"norm_modules/{k}", norm_ops,
             X3 + f"m = {ctor}\nprint(m)\nprint([n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()])\n"
             "print(list(m.state_dict().keys()))\nwith torch.no_grad():\n    show(m(x))\n    show(m(x * 2))\n"
             "    print([repr(t) for t in m.buffers()])\n    m.eval()\n    show(m(x))")
    for k, src in enumerate([
        "m = nn.BatchNorm1d(3)\nm(torch.ones(2, 3, 4, 5))", "m = nn.BatchNorm1d(3)\nm(torch.ones(1, 3))", "m = nn.BatchNorm1d(4)\nm(x)",
        "m = nn.BatchNorm1d(3)\nwith torch.no_grad():\n    show(m(x[:, :, 0]))\nprint(m.num_batches_tracked, m.running_mean)",
        "m = nn.BatchNorm1d(3).eval()\nshow(m(torch.ones(1, 3)))", "m = nn.BatchNorm1d(3)\nprint(m(x).grad_fn.name())",
        "m = nn.InstanceNorm1d(4)\nshow(m(x))", "m = nn.InstanceNorm1d(4, affine=True)\nm(x)", "m = nn.InstanceNorm1d(3)\nshow(m(x[0]))",
        "m = nn.InstanceNorm1d(5)\nshow(m(x[0]))", "m = nn.InstanceNorm1d(3)\nm(torch.ones(3))", "m = nn.GroupNorm(2, 3)",
        "m = nn.GroupNorm(0, 3)", "m = nn.GroupNorm(3, 3)\nm(torch.ones(2, 4, 5))", "m = nn.LocalResponseNorm(2)\nm(torch.ones(3, 4))",
        "m = nn.InstanceNorm1d(3, track_running_stats=True)\nm.eval()\nshow(m(x))",
        "torch.manual_seed(0)\nm = nn.Sequential(nn.Conv1d(3, 4, 2), nn.BatchNorm1d(4), nn.ReLU())\nprint(m)\nprint(list(m.state_dict().keys()))",
        "m = nn.BatchNorm1d(3)\nm.double()\nshow(m.running_mean)\nshow(m(x.double()))",
    ]):
        case(G, f"norm_modules/more/{k}", norm_ops + ["torch.nn.Sequential", "torch.nn.Conv1d", "torch.nn.ReLU"], X3 + src)


def dropouts(case):
    """F.dropout1d / dropout2d / alpha_dropout / feature_alpha_dropout / rrelu and nn.Dropout1d,
    nn.AlphaDropout, nn.RReLU (group dropouts): seeded draws, eval mode, p = 0 and 1, in place."""
    g = "dropouts"
    x3 = "torch.manual_seed(0)\nx = torch.arange(1.0, 41.0).reshape(2, 4, 5) / 4 - 3\n"
    ops = ["torch.nn.functional.dropout1d", "torch.nn.functional.dropout2d", "torch.nn.functional.alpha_dropout",
           "torch.nn.functional.feature_alpha_dropout", "torch.nn.functional.rrelu"]
    for fn in ["dropout1d", "dropout2d", "alpha_dropout", "feature_alpha_dropout"]:
        train = "" if fn.startswith("dropout") else ", training=True"
        for k, opt in enumerate(["", ", 0.2", ", p=0.7", ", 0.0", ", 1.0", ", 0.5, False", ", training=False"]):
            case(g, f"{fn}/{k}", ops, x3 + f"show(F.{fn}(x{opt}{train if 'training' not in opt and 'False' not in opt else ''}))")
        for k, src in enumerate([
            f"show(F.{fn}(x[0]{train}))", f"show(F.{fn}(x.unsqueeze(-1){train}))", f"F.{fn}(x, 1.5{train})", f"F.{fn}(x, -0.1)",
            f"r = F.{fn}(x, 0.5{train}, inplace=True)\nshow(x)\nsame(r, x)", f"r = F.{fn}(x, 0.5, False)\nprint(r is x)",
            f"show(F.{fn}(torch.zeros(0, 3, 2){train}))", f"F.{fn}(2.0)", f"show(F.{fn}(x.t(){train}))",
            f"torch.manual_seed(1)\nshow(F.{fn}(torch.ones(3, 6, 2), 0.3{train}))",
        ]):
            case(g, f"{fn}/more/{k}", ops, x3 + src)
    for k, src in enumerate([
        "F.dropout1d(x[0, 0])", "F.dropout1d(x.unsqueeze(0))", "show(F.dropout2d(x[0, 0]))", "show(F.dropout2d(torch.ones(2, 3, 2, 2), 0.5))",
        "show(F.alpha_dropout(x))", "show(F.feature_alpha_dropout(x, 0.3))",
    ]):
        case(g, f"shapes/{k}", ops, x3 + src)
    for k, opt in enumerate(["", ", training=True", ", 0.1, 0.3, True", ", lower=0.2, upper=0.2, training=True", ", 0.5, 0.25, True",
                             ", upper=0.5", ", 1, 2, True"]):
        case(g, f"rrelu/{k}", ops, x3 + f"show(F.rrelu(x{opt}))")
    for k, src in enumerate([
        "r = F.rrelu(x, training=True, inplace=True)\nshow(x)\nsame(r, x)", "show(F.rrelu(torch.tensor([float('nan'), -1.0, 0.0, -0.0, 2.0]), training=True))",
        "F.rrelu(x.long(), training=True)", "F.rrelu(x.long())", "show(F.rrelu(x.double()))", "F.rrelu(2.0)",
    ]):
        case(g, f"rrelu/more/{k}", ops, x3 + src)
    mods = ["torch.nn.Dropout1d", "torch.nn.AlphaDropout", "torch.nn.RReLU", "torch.nn.Module"]
    for k, ctor in enumerate(["nn.Dropout1d()", "nn.Dropout1d(0.25)", "nn.Dropout1d(p=0.5, inplace=True)", "nn.AlphaDropout()",
                              "nn.AlphaDropout(0.2)", "nn.RReLU()", "nn.RReLU(0.1, 0.3)", "nn.RReLU(inplace=True)", "nn.Dropout1d(2.0)"]):
        case(g, f"modules/{k}", mods, x3 + f"m = {ctor}\nprint(m)\nshow(m(x.clone()))\nm.eval()\nshow(m(x.clone()))")


def blocks(case):
    """F.unfold / F.fold (group blocks): shapes, options, dtypes, overlap sums and errors."""
    g = "blocks"
    ops = ["torch.nn.functional.unfold", "torch.nn.functional.fold"]
    x = "x = torch.arange(32.0).reshape(1, 2, 4, 4) / 4 - 3\n"
    for k, opt in enumerate(["2", "(2, 3)", "2, padding=1", "2, stride=2", "3, dilation=2, padding=2", "(1, 2), 1, (0, 1), (2, 1)",
                             "kernel_size=3, stride=(1, 2)", "4"]):
        case(g, f"unfold/{k}", ops, x + f"show(F.unfold(x, {opt}))")
        case(g, f"roundtrip/{k}", ops, x + f"c = F.unfold(x, {opt})\nprint(tuple(c.shape))")
    for k, src in enumerate([
        "show(F.unfold(x[0], 2))", "show(F.unfold(x.double(), 2))", "show(F.unfold(x.half(), 2))", "show(F.unfold(x > 0, 3))",
        "show(F.unfold(torch.zeros(0, 2, 4, 4), 2))", "show(F.unfold(x.transpose(2, 3), 2))", "F.unfold(x.long(), 2)", "F.unfold(x, 5)",
        "F.unfold(x, 0)", "F.unfold(x[0, 0], 2)", "F.unfold(x, 2, stride=0)", "F.unfold(x, 2, padding=-1)", "F.unfold(x, 2, dilation=0)",
        "F.unfold(x.unsqueeze(0), 2)", "F.unfold(torch.zeros(1, 0, 4, 4), 2)",
        "show(F.fold(F.unfold(x, 2), (4, 4), 2))", "show(F.fold(F.unfold(x, 2, stride=2), (4, 4), 2, stride=2))",
        "show(F.fold(F.unfold(x, 3, padding=1), (4, 4), 3, padding=1))", "show(F.fold(torch.ones(1, 8, 9), (4, 4), 2))",
        "show(F.fold(torch.arange(72.0).reshape(8, 9) / 8, (4, 4), 2))", "show(F.fold(torch.ones(1, 8, 9).double(), (4, 4), 2))",
        "show(F.fold(torch.ones(1, 8, 9).half() / 3, (4, 4), 2))", "show(F.fold(torch.ones(1, 8, 9).bool(), (4, 4), 2))",
        "F.fold(torch.ones(1, 7, 9), (4, 4), 2)", "F.fold(torch.ones(1, 8, 8), (4, 4), 2)", "F.fold(torch.ones(1, 8, 9).long(), (4, 4), 2)",
        "F.fold(torch.ones(2, 1, 8, 9), (4, 4), 2)", "show(F.fold(torch.ones(1, 8, 4), (5, 5), 2, dilation=2, stride=2))",
        "F.fold(torch.ones(1, 8, 9), (1, 1), 2)", "F.fold(torch.ones(1, 8, 9), (4, 4), 0)", "F.fold(torch.ones(1, 8, 9), (0, 4), 2)",
        "show(F.fold(torch.zeros(0, 8, 9), (4, 4), 2))",
        "torch.manual_seed(0)\nc = torch.randn(2, 12, 6)\nshow(F.fold(c, (3, 4), (2, 2), padding=(1, 0), stride=(2, 1)))",
    ]):
        case(g, f"more/{k}", ops, x + src)


def bernoullis(case):
    """torch.bernoulli, Tensor.bernoulli and Tensor.bernoulli_ (group dropouts): seeded draws with a
    tensor of probabilities or one p, every dtype they take, and the inputs they refuse."""
    g = "dropouts"
    ops = ["torch.bernoulli", "Tensor.bernoulli", "Tensor.bernoulli_"]
    p = "torch.manual_seed(0)\np = torch.tensor([[0.1, 0.5, 0.9, 0.3], [0.7, 0.2, 0.0, 1.0]])\n"
    for k, src in enumerate([
        "show(torch.bernoulli(p))", "show(p.bernoulli())", "show(torch.bernoulli(p, 0.3))", "show(p.bernoulli(p=0.8))",
        "show(torch.bernoulli(p.double()))", "show(torch.bernoulli(p.t()))", "torch.bernoulli(torch.tensor([1.5]))",
        "torch.bernoulli(torch.tensor([1, 0]))", "show(torch.bernoulli(torch.zeros(0, 3)))",
        "x = torch.ones(2, 4)\nr = x.bernoulli_(0.5)\nshow(x)\nsame(r, x)", "x = torch.ones(2, 4)\nr = x.bernoulli_()\nshow(x)",
        "x = torch.ones(2, 4, dtype=torch.long)\nx.bernoulli_(0.5)\nshow(x)", "x = torch.ones(2, 4)\nx.bernoulli_(p)\nshow(x)",
        "x = torch.ones(2, 4)\nx.bernoulli_(torch.tensor([0.5, 0.1, 0.9, 0.5]))\nshow(x)", "torch.ones(3).bernoulli_(1.5)",
        "torch.ones(3).bernoulli_(-1)", "torch.ones(2).bernoulli_(torch.tensor([0.5, 2.0]))", "show(torch.ones(3).bernoulli_(1))",
        "x = torch.ones(2, 4, dtype=torch.float64)\nx.bernoulli_(0.5)\nshow(x)", "show([torch.bernoulli(p) for _ in range(3)][-1])",
        "torch.manual_seed(3)\nshow(torch.bernoulli(torch.full((40,), 0.5)))",
    ]):
        case(g, f"bernoulli/{k}", ops, p + src)
