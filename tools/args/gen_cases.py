#!/usr/bin/env python3
"""Records what real CPython 3.11 and PyTorch 2.15 raise when a call does not fit a function's signature,
for tests/args.rs: each case pairs a signature as the tutor declares it (src/interp/args/) with the real
function it mirrors and a call; the test binds the same call to the tutor's signature and must produce the
same error line (or accept it).

Run with the project's venv: .venv/bin/python tools/args/gen_cases.py  (writes tests/data/args/cases.json;
--check compares instead of writing).
"""
import copy
import json
import math
import os
import sys

import torch
import torch.nn.functional as F

T = torch.zeros(2, 3)

# (dialect, tutor signature, real function, call arguments as Python source)
CASES = [
    # PyTorch's generated bindings: one signature
    ("Torch", "transpose(int dim0, int dim1)", "T.transpose", ["0", "0, 1, 2", "'a', 1", "0, dim1='a'", "0, 1, x=2",
                                                                "0, dim0=1", "", "True, 1", "None, 1", "0, 1"]),
    ("Torch", "transpose(Tensor input, int dim0, int dim1)", "torch.transpose", ["T", "", "T, 0, 1, 2", "T, 0, 1"]),
    ("Torch", "unsqueeze(int dim)", "T.unsqueeze", ["'a'", "1.0", "True", "None", "dim=1.5", "0", "torch.tensor(1)"]),
    ("Torch", "softmax(Tensor input, int dim, ScalarType? dtype=None)", "torch.softmax",
     ["T", "T, 'x'", "T, dim=0, dim2=1", "T, 0, dtype=3", "T, 0, None", "T, 0", "T, dim=0"]),
    ("Torch", "cat(Tensor[] tensors, int dim=0)", "torch.cat", ["", "T, 0, 1", "(T, T), dim='a'", "[T, 1]", "(T, T)"]),
    ("Torch", "matmul(Tensor input, Tensor other)", "torch.matmul", ["T", "T, 1", "T, T.t()"]),
    ("Torch", "tril(Tensor input, int diagonal=0)", "torch.tril", ["T, 'x'", "T, None", "T, diagonal='x'", "T, 1", "T, 1, 2"]),
    ("Torch", "tril(int diagonal=0)", "T.tril", ["1, 2", "diagonal=None", "1"]),
    ("Torch", "reshape(SymInt[] shape)", "T.reshape", ["2.0, 3", "2.0", "'a', 3", "2, 3.0", "[2.0, 3]", "None, 3", "2, 3"]),
    ("Torch", "flip(int[] dims)", "T.flip", ["1.0, 0", "0, 1", "(0,)"]),
    ("Torch", "expand(SymInt[] size, *, bool implicit=False)", "T.expand", ["'a'", "2, 'a'", "(2, 'a')", "2, 3", "(2, 3)", "[2, 3]"]),
    ("Torch", "permute(int[] dims)", "T.permute", ["", "0, 1.5", "1, 0", "(1, 0)"]),
    ("Torch", "flatten(int start_dim=0, int end_dim=-1)", "T.flatten", ["'a'", "0, 1", "0, 1, 2"]),
    ("Torch", "add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)", "torch.add",
     ["T, 'x'", "T, T, 'x'", "T, T, alpha='x'", "T, 2", "T, T"]),
    ("Torch", "zeros(SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
     "torch.zeros", ["'a'", "2, 'a'", "2, dtype='x'", "2, foo=1", "2, 3", "(2, 3)", "[]"]),
    ("Torch", "argmax(Tensor input, int? dim=None, bool keepdim=False)", "torch.argmax",
     ["T, dim=0, keepdim=0", "T, 0, True", "T, keepdim=1.5"]),
    ("Torch", "size(int? dim=None)", "T.size", ["0, 1", "0", ""]),
    ("Torch", "full(SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None)", "torch.full", ["(2,)", "(2,), 1.5", "(2,), 'a'"]),
    # Python functions in PyTorch (a def): CPython's wording
    ("PyDef", "relu(input, inplace=False)", "F.relu", ["", "T, False, 3", "T, inplace=False, x=1", "T, input=T", "T"]),
    ("PyDef", "manual_seed(seed)", "torch.manual_seed", ["", "1, 2"]),
    ("PyDef", "dropout(input, p=0.5, training=True, inplace=False)", "F.dropout", ["", "T, 0.5, True, False, 1", "T, q=1"]),
    # CPython built-ins
    ("Positional", "len(obj, /)", "len", ["", "1, 2", "x=1", "[]"]),
    ("Positional", "abs(x, /)", "abs", ["", "1, 2", "x=1"]),
    ("Positional", "chr(i, /)", "chr", ["", "65"]),
    ("Clinic", "round(number, ndigits=None)", "round", ["", "1, 2, 3", "number=1.5, nd=2", "1.5", "1.5, ndigits=1", "1.5, number=2"]),
    ("Clinic", "sum(iterable, /, start=0)", "sum", ["", "[1], 2, 3", "[1], start=2"]),
    ("Clinic", "enumerate(iterable, start=0)|nopos", "enumerate", ["", "[1], x=1", "[1], 1, 2"]),
    ("Clinic", "int(x=0, /, base=10)", "int", ["1, 2, 3", "x=1"]),
    ("Unpack", "isinstance(obj, class_or_tuple, /)", "isinstance", ["1", "1, 2, 3", "1, int"]),
    ("Unpack", "getattr(object, name, default=None, /)", "getattr", ["1", "1, 'real', 2, 3"]),
    ("Unpack", "range(start, stop=None, step=None, /)", "range", ["", "1, 2, 3, 4", "1"]),
    ("Unpack", "divmod(x, y, /)", "divmod", ["1", "1, 2"]),
    ("Unpack", "float(x=0, /)", "float", ["1, 2"]),
    ("Unpack", "get(key, default=None, /)", "{}.get", ["", "1, 2, 3", "1"]),
    ("Unpack", "insert(index, object, /)", "[].insert", ["1"]),
    ("Positional", "list.append(object, /)", "[].append", ["", "1, 2"]),
    ("Positional", "str.upper()", "'a'.upper", ["1"]),
    ("Positional", "str.startswith(prefix, start=None, end=None, /)", "'a'.startswith", ["", "'a', x=1", "1, 2, 3, 4"]),
    # keywords are refused before the arguments are counted (the call machinery checks them first)
    ("Unpack", "isinstance(obj, class_or_tuple, /)", "isinstance", ["1, 2, 3, x=1"]),
    ("Positional", "list.append(object, /)", "[].append", ["x=1", "1, 2, x=3"]),
    # Unpack counts without the type, refuses keywords with it
    ("Unpack", "list.insert(index, object, /)", "[].insert", ["1, x=2", "1, 2, 3"]),
    ("Unpack", "dict.pop(key, default=None, /)", "{1: 2}.pop", ["", "1, 2, 3", "key=1"]),
    # Unpack with keyword-only parameters: PyArg_ParseTupleAndKeywords parses the keywords on their own
    ("Unpack", "min(iterable, /, *args, key=None, default=None)", "min",
     ["", "zz=1", "[1], zz=1", "[], default=3, key=None, zz=1", "1, 2", "[1], key=None"]),
    ("Unpack", "zip(*iterables, strict=False)", "zip", ["[1], zz=1", "[1], strict=1, zz=2", "[1], [2]"]),
    # Unpack with **kwargs
    ("Unpack", "dict(mapping=None, /, **kwargs)", "dict", ["1, 2", "mapping=1", "[], x=1"]),
    ("Unpack", "dict.update(other=None, /, **kwargs)", "{}.update", ["1, 2", "x=1", "other=1"]),
    ("Unpack", "sorted(iterable, /, **kwargs)", "sorted", ["", "[1], 2"]),
    # a built-in's own count message
    ("Unpack", "map(func, iterable, /, *iterables)|count=map() must have at least two arguments.", "map",
     ["", "1", "x=1"]),
    ("Unpack", "super(type=None, obj=None, /)|count=super() expected at most 2 arguments, got {n}", "super",
     ["1, 2, 3", "x=1"]),
    ("Unpack", "type(object_or_name, bases=None, dict=None, /, **kwds)|count=type() takes 1 or 3 arguments",
     "type", ["", "1, 2, 3, 4"]),
    ("Positional", "log(x, base=None, /)|count=math.log requires 1 to 2 arguments", "math.log",
     ["", "1, 2, 3", "x=1", "2"]),
    # METH_VARARGS with *args
    ("Positional", "set.union(*others)", "set().union", ["x=1", "[1], [2]"]),
    ("Positional", "int.bit_length()", "True.bit_length", ["1", "x=1"]),
    # torch.Size: the tuple's methods keep the tuple's name; its own numel has Size's
    ("Positional", "tuple.count(value, /)", "torch.Size([2]).count", ["", "x=1", "2"]),
    ("Unpack", "tuple.index(value, start=0, stop=sys.maxsize, /)", "torch.Size([2]).index", ["", "x=1", "2, 0, 1, 2"]),
    ("Positional", "Size.numel()", "torch.Size([2]).numel", ["1", "x=1", ""]),
    ("Positional", "math.gcd(*integers)", "math.gcd", ["x=1", "4, 6"]),
    # Argument Clinic: the total count (with "keyword " when no positional argument is given), the positional
    # count, each parameter in order, a keyword repeating a position, an unknown keyword
    ("Clinic", "pow(base, exp, mod=None)", "pow",
     ["2", "2, 3, 4, 5", "base=2, exp=3, mod=None, zz=1", "zz=1", "2, zz=1", "2, 3, base=1", "exp=2, base=3"]),
    ("Clinic", "list.sort(*, key=None, reverse=False)", "[].sort", ["1", "1, 2, 3", "zz=1", "1, zz=1", "key=None"]),
    ("Clinic", "prod(iterable, /, *, start=1)", "math.prod", ["", "1, 2", "[1], zz=1", "[1], start=2", "iterable=[1]"]),
    ("Clinic", "str.split(sep=None, maxsplit=-1)", "'a b'.split", ["1, 2, 3", "None, 1, maxsplit=2", "zz=1", "None, sep=1"]),
    ("Clinic", "str.splitlines(keepends=False)", "'a'.splitlines", ["1, zz=1", "1, 2", "zz=1"]),
    ("Clinic", "isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)", "math.isclose", ["", "1, zz=1", "1, 2, 3", "1, 2, zz=1"]),
    ("Clinic", "print(*args, sep=' ', end='\\n', file=None, flush=False)", "print", ["zz=1", "1, 2, zz=3", "end=''"]),
    ("Clinic", "exec(source, globals=None, locals=None, /, *, closure=None)", "exec", ["", "'1', 2, 3, 4", "'1', zz=1"]),
    ("Clinic", "__import__(name, globals=None, locals=None, fromlist=(), level=0)", "__import__", ["", "zz=1"]),
    # enumerate's hand-written vectorcall
    ("Clinic", "enumerate(iterable, start=0)|nopos", "enumerate",
     ["start=1", "[1], iterable=2", "a=1, b=2, c=3", "start=1, iterable=[1]", "iterable=[1], start=1", "iterable=[1]",
      "[1], start=1", "iterable=[1], zz=1", "zz=1, start=1"]),
    # a def: each keyword in call order, then the positional count, then what is missing
    ("PyDef", "deepcopy(x, memo=None, _nil=[])", "copy.deepcopy", ["", "1, 2, 3, 4", "1, 2, 3, 4, zz=1", "1, x=2", "memo=None"]),
    ("PyDef", "copy(x)", "copy.copy", ["", "1, 2", "1, 2, zz=3", "y=1"]),
]

# The torch bindings' tables (src/interp/torch/**): a keyword given as None is still a keyword used.
TORCH_TABLE_CASES = [
    ("Torch", "zeros(SymInt[] size, *, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
     "torch.zeros", ["2, layout=None", "2, device=None, dtype=None, pin_memory=None", "2, layout=None, foo=1", "2, out=None"]),
    ("Torch", "softmax(Tensor input, int dim, ScalarType? dtype=None, *, Tensor out=None)", "torch.softmax",
     ["T, 0, dtype=None", "T, dim=0, out=None", "T, 0, None, None"]),
    ("Torch", "linear(Tensor input, Tensor weight, Tensor? bias=None)", "F.linear",
     ["T, T, bias=None", "T, T, None, 1", "T, weight=T, bias=None"]),
]


def call(fn, src):
    try:
        eval(f"{fn}({src})")
        return "OK"
    except Exception as e:  # noqa: BLE001 - we record whatever the real function raises
        return f"{type(e).__name__}: {e}"


def main():
    records = []
    for dialect, sig, fn, calls in CASES + TORCH_TABLE_CASES:
        for src in calls:
            records.append({"dialect": dialect, "signature": sig, "function": fn, "call": src,
                            "expected": call(fn, src)})
    text = json.dumps(records, indent=1, ensure_ascii=False) + "\n"
    out = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "args", "cases.json")
    if "--check" in sys.argv:
        with open(out, encoding="utf-8") as f:
            same = f.read() == text
        print("same" if same else "DIFFERENT")
        sys.exit(0 if same else 1)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"{len(records)} cases")


if __name__ == "__main__":
    main()
