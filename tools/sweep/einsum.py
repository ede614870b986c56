"""Sweep cases for `torch.einsum`: equations drawn at random (a fixed seed) over one, two and three
operands, with an ellipsis, repeated labels (diagonals), size-1 dims that broadcast, implicit and
explicit outputs in every order, spaces; float32, float64 and int64; transposed and expanded inputs;
the sublist format; the `grad_fn` its last op records; and every error ATen's parser and checks raise.
The result's strides are part of what is compared (ATen returns a permuted view of its `bmm`)."""

import random

G = "einsum"
OP = ["torch.einsum"]

LETTERS = "ijkbhqdn"


def register(case, inp):
    random_equations(case)
    layouts(case)
    sublists(case)
    grads(case)
    errors(case)


def tensor(name, shape, dtype, style):
    """A deterministic tensor of `shape`: float values from arange, scaled so products are inexact."""
    n = 1
    for s in shape:
        n *= s
    if style == "t" and len(shape) >= 2:
        # Built transposed, then viewed back: same shape, non-contiguous.
        tshape = list(shape)
        tshape[-1], tshape[-2] = tshape[-2], tshape[-1]
        base = f"(torch.arange({n}.0).reshape({tuple(tshape)}) / 7 - 1.25).transpose(-1, -2)"
    elif style == "x" and shape and shape[0] > 1:
        rest = tuple(shape[1:])
        m = max(1, n // shape[0])
        base = f"(torch.arange({m}.0).reshape({rest}) / 3 - 0.5).expand({tuple(shape)})"
    else:
        base = f"(torch.arange({n}.0).reshape({tuple(shape)}) / 7 - 1.25)"
    if dtype == "float64":
        base += ".double()"
    elif dtype == "int64":
        base = f"torch.arange({n}).reshape({tuple(shape)}) % 5 - 2"
    return f"{name} = {base}\n"


def random_equations(case):
    rng = random.Random(20261129)
    sizes = {"i": 2, "j": 3, "k": 4, "b": 2, "h": 3, "q": 2, "d": 5, "n": 3}
    made = 0
    tries = 0
    while made < 260 and tries < 5000:
        tries += 1
        nops = rng.choice([1, 1, 2, 2, 2, 2, 3])
        pool = rng.sample(LETTERS, rng.randint(2, 5))
        labels = []
        for _ in range(nops):
            k = rng.randint(1, min(4, len(pool)))
            ls = rng.sample(pool, k)
            if rng.random() < 0.12 and nops == 1:
                ls.append(ls[0])  # a diagonal
                rng.shuffle(ls)
            labels.append(ls)
        ell = rng.random() < 0.3
        ell_dims = [rng.choice([(), (2,), (3, 2), (1,), (2, 1)]) for _ in range(nops)] if ell else [()] * nops
        if ell:
            # Ellipsis shapes must broadcast from the right.
            width = max(len(e) for e in ell_dims)
            base = [rng.choice([2, 3]) for _ in range(width)]
            ell_dims = [tuple(base[width - len(e) + j] if e[j] != 1 else 1 for j in range(len(e))) for e in ell_dims]
        used = [l for ls in labels for l in ls]
        style = rng.random()
        if style < 0.25:
            rhs = None  # implicit output
        else:
            keep = [l for l in dict.fromkeys(used) if rng.random() < 0.5]
            rng.shuffle(keep)
            rhs = "".join(keep)
            if ell and rng.random() < 0.7:
                pos = rng.randint(0, len(rhs))
                rhs = rhs[:pos] + "..." + rhs[pos:]
        ops_src = []
        lhs_parts = []
        pre = ""
        for n, ls in enumerate(labels):
            shape = []
            part = ""
            if ell:
                at = rng.randint(0, len(ls))
                part = "".join(ls[:at]) + "..." + "".join(ls[at:])
                shape = [sizes[l] for l in ls[:at]] + list(ell_dims[n]) + [sizes[l] for l in ls[at:]]
            else:
                part = "".join(ls)
                shape = [sizes[l] for l in ls]
            # Some labels broadcast as size 1.
            if not ell and nops > 1 and rng.random() < 0.15 and shape:
                shape[rng.randrange(len(shape))] = 1
            dtype = "float32"
            kind = rng.choice(["c", "c", "c", "t", "x"])
            name = "abc"[n]
            pre += tensor(name, shape, dtype, kind)
            ops_src.append(name)
            lhs_parts.append(part)
        eq = ",".join(lhs_parts) + ("" if rhs is None else "->" + rhs)
        if rng.random() < 0.1:
            eq = eq.replace(",", " , ").replace("->", " -> ")
        case(G, f"random/{made}", OP, pre + f"show(torch.einsum('{eq}', {', '.join(ops_src)}))")
        made += 1


def layouts(case):
    """Output orders that decide which operand ATen puts on the left of its `bmm`."""
    pre = tensor("a", [2, 3, 6], "float32", "c") + tensor("b", [4, 5, 6], "float32", "c")
    for out in ["ikjl", "kilj", "ijkl", "klij", "kijl", "iklj", "ljki", "jilk", "kjli", "likj", "lkji", "jlik"]:
        case(G, f"order/{out}", OP, pre + f"show(torch.einsum('ijs,kls->{out}', a, b))")
    pre = tensor("a", [2, 3, 5], "float32", "c") + tensor("b", [2, 5, 4], "float32", "c")
    for out in ["bik", "bki", "kib", "ikb", "kbi", "ibk"]:
        case(G, f"batch/{out}", OP, pre + f"show(torch.einsum('bij,bjk->{out}', a, b))")
    pre = tensor("a", [1, 3], "float32", "c") + tensor("b", [3, 4], "float32", "c")
    for out in ["ik", "ki", "k", "i"]:
        case(G, f"ones/{out}", OP, pre + f"show(torch.einsum('ij,jk->{out}', a, b))")
    pre = tensor("a", [2, 3], "float32", "c") + tensor("b", [3, 1], "float32", "c")
    for out in ["ik", "ki"]:
        case(G, f"ones_right/{out}", OP, pre + f"show(torch.einsum('ij,jk->{out}', a, b))")
    for dtype in ["float64", "int64"]:
        pre = tensor("a", [2, 3], dtype, "c") + tensor("b", [3, 4], dtype, "c")
        for k, call in enumerate(["'ij,jk->ik', a, b", "'ij,jk->ki', a, b", "'ij,ij->', a, a", "'i j,j k', a, b",
                                  "'ij->ji', a", "'ij->j', a", "'ij,kj->ik', a, b.t()"]):
            case(G, f"dtype/{dtype}/{k}", OP, pre + f"show(torch.einsum({call}))")
    sq = tensor("m", [3, 3], "float32", "c")
    for eq in ["ii->i", "ii", "ii->", "ij->ji", "ij->"]:
        case(G, f"single/{eq}", OP, sq + f"r = torch.einsum('{eq}', m)\nshow(r)\nsame(r, m)")
    cube = tensor("c", [3, 2, 3], "float32", "c")
    for eq in ["iji->j", "iji->ji", "iji", "iji->ij"]:
        case(G, f"diag3/{eq}", OP, cube + f"show(torch.einsum('{eq}', c))")
    case(G, "diag/int", OP, tensor("m", [3, 3], "int64", "c") + "show(torch.einsum('ii->i', m))")
    case(G, "attention/heads", OP, tensor("q", [2, 3, 4, 5], "float32", "c") + tensor("k", [2, 3, 6, 5], "float32", "t")
         + "s = torch.einsum('bhqd,bhkd->bhqk', q, k)\nshow(s)\nshow(torch.einsum('bhqk,bhkd->bqhd', s.softmax(-1), k))")
    case(G, "attention/ellipsis", OP, tensor("q", [2, 3, 4, 5], "float32", "c")
         + "show(torch.einsum('...qd,...kd->...qk', q, q))")
    case(G, "mixed/mul", OP, tensor("a", [3], "float32", "c") + tensor("b", [4], "float64", "c")
         + "show(torch.einsum('i,j->ij', a, b))")
    case(G, "mixed/bmm", OP, tensor("a", [2, 3], "float32", "c") + tensor("b", [3, 4], "float64", "c")
         + "show(torch.einsum('ij,jk->ik', a, b))")
    case(G, "empty", OP, "a = torch.ones(0, 3)\nb = torch.ones(3, 4)\nshow(torch.einsum('ij,jk->ik', a, b))\n"
         "show(torch.einsum('ij,jk->k', a, b))")
    case(G, "zero_d", OP, "a = torch.tensor(2.5)\nb = torch.arange(3.0)\nshow(torch.einsum(',i->i', a, b))\n"
         "show(torch.einsum('->', a))")


def sublists(case):
    pre = tensor("a", [2, 3, 4], "float32", "c") + tensor("b", [2, 4, 5], "float32", "c")
    for k, args in enumerate(["a, [0, 1, 2], b, [0, 2, 3], [0, 1, 3]", "a, [0, 1, 2], b, [0, 2, 3]",
                              "a, [Ellipsis, 2], a, [Ellipsis, 2]", "a, [Ellipsis, 2], a, [Ellipsis, 2], [Ellipsis]",
                              "a, [26, 27, 28], [28, 27]", "a, [0, 60]", "a, [0, 1, 2], b, [0, 2, 3], [0, -1]",
                              "a, (0, 1, 2), b, (0, 2, 3), (3, 0)"]):
        case(G, f"sublist/{k}", OP, pre + f"show(torch.einsum({args}))")


def grads(case):
    pre = ("a = torch.arange(6.0).reshape(2, 3).requires_grad_()\n"
           "b = torch.arange(12.0).reshape(3, 4) / 5\nv = torch.arange(3.0)\n")
    for k, call in enumerate(["'ij,jk->ik', a, b", "'ij,jk->ki', a, b", "'ij->ji', a", "'ij->j', a", "'ij->', a",
                              "'i,j->ij', v, a[0]", "'ij,ij->ij', a, a", "'ij,ij->', a, a", "'ij,jk', a, b",
                              "'ij,j->i', a, v", "'ij,jk,k->i', a, b, torch.ones(4)"]):
        case(G, f"grad/{k}", OP, pre + f"r = torch.einsum({call})\nshow(r)\nprint(r.grad_fn.name(), r.requires_grad)")
    case(G, "grad/no_grad", OP, pre + "with torch.no_grad():\n    r = torch.einsum('ij,jk->ik', a, b)\n"
         "print(r.grad_fn, r.requires_grad)")
    case(G, "grad/diag", OP, "m = torch.arange(9.0).reshape(3, 3).requires_grad_()\n"
         "r = torch.einsum('ii->i', m)\nprint(r.grad_fn.name())")


def errors(case):
    m = tensor("a", [2, 3], "float32", "c") + tensor("b", [3, 4], "float32", "c")
    for k, call in enumerate([
            "'ij,jk->ik', a", "'ij,jk,k->ik', a, b", "'ij->ik', a", "'ij,jk->iz', a, b", "'i1,jk->ik', a, b",
            "'ij,ik->jk', a, b", "'ij'", "'ij,jk->ii', a, b", "'ijk,jk->ik', a, b", "'....', a", "'.i', a",
            "'...i...', a", "'ij->.', a", "'ij->......', a", "'ij->..', a", "'ii->i', a", "'...i,...i', a, b",
            "'ijkl...', a", "'ij,jk->ik', a, b, b", "'i-j', a", "'ij->i-', a", "5, a", "'ij,jk', a, 3",
            "'ij,jk', [a, b]", "'ij,jk', (a, b)", "'ij,jk', [a, 3]", "'ij->ij->', a", "'ij->j i', a",
            "'ij,jk->ik', a, b.t()", "'...ij,...jk', torch.ones(2, 2, 3), torch.ones(3, 3, 4)",
            "'ij,jk->ik', a.long(), b.long()", "'iI,Ik->ik', a, b", "'é,i', a, b"]):
        case(G, f"error/{k}", OP, m + f"show(torch.einsum({call}))")
    case(G, "error/none", OP, "show(torch.einsum())")
