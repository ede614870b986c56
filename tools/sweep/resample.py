"""Sweep cases for `F.interpolate` (issue 19): every mode on the ranks it takes (nearest,
nearest-exact, linear, bilinear, bicubic, trilinear, area), by size and by scale factor (with and
without `recompute_scale_factor`), `align_corners`, `antialias`; contiguous, channels-last, transposed
and stepped inputs; the channel counts where PyTorch's channels-last kernel switches between its
vector lanes and its scalar tail (1, 3, 4, 9, 17); float64, float16, bfloat16 and uint8; outputs
large enough to take the generic kernel (height + width > 128); and the errors of the Python function
and of the C++ ops, in their order."""

G = "interpolate"
OP = ["torch.nn.functional.interpolate"]


def data(shape, dtype=None):
    n = 1
    for s in shape:
        n *= s
    src = f"((torch.arange({n}) * 7 % 11).float() / 3 - 1.5).reshape{tuple(shape)}"
    if dtype:
        src = f"({src} * 40 + 60).to({dtype})" if dtype == "torch.uint8" else f"{src}.to({dtype})"
    return src


INPUTS = {
    3: {"c": data((1, 2, 5)), "b": data((2, 3, 4)), "t": data((2, 4, 3)) + ".transpose(1, 2)",
        "s": data((1, 2, 9)) + "[..., ::2]"},
    4: {"c": data((1, 2, 3, 4)), "b": data((2, 3, 5, 2)), "one": data((1, 1, 4, 3)),
        "cl": data((1, 4, 3, 3)) + ".contiguous(memory_format=torch.channels_last)",
        "v9": data((1, 9, 3, 4)), "v17": data((1, 17, 2, 3)),
        "t": data((1, 2, 4, 3)) + ".transpose(2, 3)", "s": data((1, 2, 3, 8)) + "[..., ::2]"},
    5: {"c": data((1, 2, 2, 3, 2)), "cl": data((1, 4, 2, 3, 2)) + ".contiguous(memory_format=torch.channels_last_3d)",
        "t": data((1, 2, 3, 2, 2)) + ".transpose(2, 4)"},
}
SIZES = {3: ["1", "3", "7", "(10,)", "[4]"], 4: ["(1, 1)", "(3, 5)", "(7, 2)", "(6, 9)", "4", "[2, 3]"],
         5: ["(2, 3, 4)", "(1, 5, 3)", "2"]}
SCALES = {3: ["0.5", "1.7", "2", "(3.0,)"], 4: ["(0.6, 1.5)", "2.0", "(2.5, 1.3)", "0.5"],
          5: ["(1.5, 2.0, 0.8)", "2.0"]}
MODES = {3: ["nearest", "nearest-exact", "linear", "area"],
         4: ["nearest", "nearest-exact", "bilinear", "bicubic", "area"],
         5: ["nearest", "nearest-exact", "trilinear", "area"]}


def register(case, inp):
    for nd in (3, 4, 5):
        for iname, x in INPUTS[nd].items():
            for mode in MODES[nd]:
                aligns = [None] if mode in ("nearest", "nearest-exact", "area") else [False, True]
                for ac in aligns:
                    akw = "" if ac is None else f", align_corners={ac}"
                    sizes = SIZES[nd][:3] if iname in ("v9", "v17") else SIZES[nd]
                    for k, s in enumerate(sizes):
                        case(G, f"{nd}d/{iname}/{mode}/ac{ac}/size{k}", OP,
                             f"x = {x}\nshow(F.interpolate(x, size={s}, mode='{mode}'{akw}))\n")
                    for k, s in enumerate(SCALES[nd]):
                        case(G, f"{nd}d/{iname}/{mode}/ac{ac}/scale{k}", OP,
                             f"x = {x}\nshow(F.interpolate(x, scale_factor={s}, mode='{mode}'{akw}))\n")
                        if k < 2:
                            case(G, f"{nd}d/{iname}/{mode}/ac{ac}/scale{k}/recompute", OP,
                                 f"x = {x}\nshow(F.interpolate(x, scale_factor={s}, mode='{mode}'{akw}, "
                                 f"recompute_scale_factor=True))\n")
    # Outputs with height + width > 128 take the generic kernel instead of the channels-last one.
    for mode in ["nearest", "nearest-exact", "bilinear", "bicubic"]:
        for iname in ["c", "b", "cl"]:
            akw = "" if mode.startswith("nearest") else ", align_corners=False"
            case(G, f"big/{iname}/{mode}", OP,
                 f"x = {INPUTS[4][iname]}\ny = F.interpolate(x, size=(70, 61), mode='{mode}'{akw})\n"
                 "print(y.shape, y.stride())\nprint(y[0, :, ::9, ::7].tolist())\n")
    case(G, "big/ac/bilinear", OP,
         f"x = {INPUTS[4]['b']}\ny = F.interpolate(x, size=(70, 61), mode='bilinear', align_corners=True)\n"
         "print(y[1, :, ::9, ::7].tolist())\n")
    # Antialiasing (bilinear and bicubic on 4-d inputs).
    for mode in ["bilinear", "bicubic"]:
        for iname in ["c", "b", "one", "v9"]:
            for k, s in enumerate(["(1, 1)", "(2, 2)", "(3, 5)", "(7, 2)", "(6, 9)"]):
                case(G, f"aa/{iname}/{mode}/{k}", OP,
                     f"x = {INPUTS[4][iname]}\nshow(F.interpolate(x, size={s}, mode='{mode}', antialias=True))\n")
        case(G, f"aa/{mode}/align", OP,
             f"x = {INPUTS[4]['c']}\nshow(F.interpolate(x, size=(2, 3), mode='{mode}', antialias=True, align_corners=True))\n")
        case(G, f"aa/{mode}/scale", OP,
             f"x = {INPUTS[4]['c']}\nshow(F.interpolate(x, scale_factor=0.7, mode='{mode}', antialias=True))\n")
    # Other dtypes.
    for dt in ["torch.float64", "torch.float16", "torch.bfloat16", "torch.uint8", "torch.int64", "torch.int32", "torch.bool"]:
        for nd, shape in [(3, (1, 2, 5)), (4, (1, 2, 3, 4)), (5, (1, 2, 2, 3, 2))]:
            x = data(shape, dt) if dt != "torch.bool" else data(shape) + " > 0"
            for mode in MODES[nd]:
                akw = "" if mode in ("nearest", "nearest-exact", "area") else ", align_corners=False"
                size = {3: "7", 4: "(5, 7)", 5: "(3, 2, 4)"}[nd]
                case(G, f"dtype/{dt[6:]}/{nd}d/{mode}", OP,
                     f"x = {x}\nshow(F.interpolate(x, size={size}, mode='{mode}'{akw}))\n")
        if dt in ("torch.float64", "torch.uint8"):
            for mode in ["bilinear", "bicubic"]:
                case(G, f"dtype/{dt[6:]}/aa/{mode}", OP,
                     f"x = {data((1, 2, 3, 4), dt)}\nshow(F.interpolate(x, size=(2, 3), mode='{mode}', antialias=True))\n")
                case(G, f"dtype/{dt[6:]}/up/{mode}/ac", OP,
                     f"x = {data((1, 3, 3, 4), dt)}\nshow(F.interpolate(x, scale_factor=2.5, mode='{mode}', align_corners=True))\n")
    for dt in ["torch.float16", "torch.bfloat16"]:
        case(G, f"dtype/{dt[6:]}/v17", OP,
             f"x = {data((1, 17, 2, 3), dt)}\nshow(F.interpolate(x, size=(3, 4), mode='bilinear'))\n")
        case(G, f"dtype/{dt[6:]}/cl-area", OP,
             f"x = {data((1, 17, 3, 3), dt)}.contiguous(memory_format=torch.channels_last)\nshow(F.interpolate(x, size=(2, 2), mode='area'))\n")
    # Autograd: the node of each op.
    for nd, mode in [(3, "nearest"), (3, "linear"), (3, "area"), (4, "bilinear"), (4, "bicubic"), (4, "nearest-exact"),
                     (4, "area"), (5, "trilinear"), (5, "area"), (5, "nearest")]:
        shape = {3: (1, 2, 4), 4: (1, 2, 3, 4), 5: (1, 1, 2, 2, 3)}[nd]
        for size in (["1", "3"] if nd == 3 else ["(1, 1)", "(3, 5)"] if nd == 4 else ["(1, 1, 1)", "(2, 3, 4)"]):
            case(G, f"grad/{nd}d/{mode}/{size}", OP,
                 f"x = {data(shape)}.requires_grad_()\ny = F.interpolate(x, size={size}, mode='{mode}')\n"
                 "print(y.requires_grad, y.grad_fn.name())\n")
    case(G, "grad/aa", OP,
         f"x = {data((1, 2, 3, 4))}.requires_grad_()\ny = F.interpolate(x, size=(2, 2), mode='bilinear', antialias=True)\nprint(y.grad_fn.name())\n")
    case(G, "grad/no_grad", OP,
         f"x = {data((1, 2, 3, 4))}.requires_grad_()\nwith torch.no_grad():\n    y = F.interpolate(x, size=(2, 2))\nprint(y.requires_grad, y.grad_fn)\n")
    # Errors, in the order the Python function and then the op check.
    c4 = INPUTS[4]["c"]
    errors = {
        "both": f"F.interpolate({c4}, size=2, scale_factor=2.0)",
        "neither": f"F.interpolate({c4})",
        "size-len": f"F.interpolate({c4}, size=(2, 3, 4))",
        "size-len-list": f"F.interpolate({c4}, size=[5])",
        "size-float": f"F.interpolate({c4}, size=(2.0, 3))",
        "scale-len": f"F.interpolate({c4}, scale_factor=(2.0, 3.0, 1.0))",
        "align-nearest": f"F.interpolate({c4}, size=2, align_corners=True)",
        "align-area": f"F.interpolate({c4}, size=2, mode='area', align_corners=False)",
        "recompute-size": f"F.interpolate({c4}, size=2, mode='bilinear', recompute_scale_factor=True)",
        "aa-nearest": f"F.interpolate({c4}, size=2, antialias=True)",
        "aa-3d": f"F.interpolate({INPUTS[3]['c']}, size=2, mode='linear', antialias=True)",
        "bilinear-3d": f"F.interpolate({INPUTS[3]['c']}, size=2, mode='bilinear')",
        "trilinear-3d": f"F.interpolate({INPUTS[3]['c']}, size=2, mode='trilinear')",
        "linear-4d": f"F.interpolate({c4}, size=2, mode='linear')",
        "trilinear-4d": f"F.interpolate({c4}, size=2, mode='trilinear')",
        "linear-5d": f"F.interpolate({INPUTS[5]['c']}, size=2, mode='linear')",
        "bilinear-5d": f"F.interpolate({INPUTS[5]['c']}, size=2, mode='bilinear')",
        "bicubic-3d": f"F.interpolate({INPUTS[3]['c']}, size=2, mode='bicubic')",
        "2d-input": "F.interpolate(torch.zeros(2, 3), size=2)",
        "2d-input-list": "F.interpolate(torch.zeros(2, 3), size=[])",
        "6d-input": "F.interpolate(torch.zeros(1, 1, 1, 1, 1, 2), size=2)",
        "mode-unknown": f"F.interpolate({c4}, size=2, mode='cubic')",
        "mode-none": f"F.interpolate({c4}, size=2, mode=None)",
        "size-zero": f"F.interpolate({c4}, size=0)",
        "size-zero-linear": f"F.interpolate({INPUTS[3]['c']}, size=0, mode='linear')",
        "size-neg": f"F.interpolate({c4}, size=(-1, 2), mode='bilinear')",
        "scale-tiny": f"F.interpolate({c4}, scale_factor=0.1)",
        "scale-zero-3d": f"F.interpolate({INPUTS[5]['c']}, scale_factor=0.1, mode='trilinear')",
        "scale-tiny-recompute": f"F.interpolate({c4}, scale_factor=0.1, recompute_scale_factor=True)",
        "empty-channels": "F.interpolate(torch.zeros(1, 0, 2, 2), size=3)",
        "empty-batch": "F.interpolate(torch.zeros(0, 2, 2, 2), size=3, mode='bilinear')",
        "empty-spatial": "F.interpolate(torch.zeros(1, 2, 0, 2), size=3)",
        "area-empty": "F.interpolate(torch.zeros(1, 2, 0, 2), size=3, mode='area')",
        "area-empty-batch": "F.interpolate(torch.zeros(0, 2, 3, 2), size=(1, 1), mode='area')",
        "not-tensor": "F.interpolate([1.0, 2.0], size=2)",
        "lanczos-align": f"F.interpolate({c4}, size=2, mode='lanczos', align_corners=True)",
        "lanczos-no-aa": f"F.interpolate({c4}, size=2, mode='lanczos')",
        "int-nearest": f"F.interpolate({data((1, 2, 3), 'torch.int64')}, size=5)",
        "int-area": f"F.interpolate({data((1, 2, 3, 3), 'torch.int64')}, size=2, mode='area')",
        "bool-bilinear": f"F.interpolate({data((1, 2, 3, 3))} > 0, size=2, mode='bilinear')",
        "f16-aa": f"F.interpolate({data((1, 2, 3, 4), 'torch.float16')}, size=2, mode='bilinear', antialias=True)",
    }
    for name, call in errors.items():
        case(G, f"error/{name}", OP, f"show({call})\n")
    case(G, "kw/positional", OP, f"x = {c4}\nshow(F.interpolate(x, (3, 2), None, 'bilinear', True))\n")
    case(G, "kw/scale-int", OP, f"x = {c4}\nshow(F.interpolate(x, scale_factor=2, mode='nearest'))\n")
    case(G, "kw/size-tensor", OP, f"x = {c4}\nshow(F.interpolate(x, size=(torch.tensor(3), 2)))\n")
    case(G, "kw/recompute-false", OP,
         f"x = {c4}\nshow(F.interpolate(x, scale_factor=1.5, mode='bilinear', recompute_scale_factor=False))\n")
    case(G, "kw/align-none-bilinear", OP,
         f"x = {c4}\nshow(F.interpolate(x, size=(2, 5), mode='bilinear', align_corners=None))\n")
    case(G, "kw/size-list-mixed", OP, f"x = {c4}\nshow(F.interpolate(x, size=[2, True]))\n")
