"""Writes src/interp/torch/python_functions.txt: the exposed names that PyTorch writes in Python (type()
says `function`, not `builtin_function_or_method`), so the tutor's built-ins for them answer `type()`
and `repr()` as PyTorch's do. Run with the project's venv: `.venv/bin/python tools/engine/python_functions.py`."""
import inspect
from pathlib import Path

import torch
import torch.nn.functional  # noqa: F401
import torch.nn.utils.rnn  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
MODULES = ["torch.nn.functional", "torch.nn.init", "torch.nn.utils.rnn", "torch.linalg", "torch"]

names = []
for line in (ROOT / "tests" / "data" / "sweep" / "exposed.txt").read_text().split():
    module, _, attr = line.rpartition(".")
    if module not in MODULES:
        continue
    obj = eval(module)
    value = getattr(obj, attr, None)
    if inspect.isfunction(value):
        names.append(line)
header = "# Exposed names PyTorch writes in Python (tools/engine/python_functions.py writes this file).\n"
(ROOT / "src" / "interp" / "torch" / "python_functions.txt").write_text(header + "".join(f"{n}\n" for n in names))
print(len(names), "python functions")
