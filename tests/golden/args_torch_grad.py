# Wrong calls of torch functions: grad: each prints the TypeError PyTorch raises. Written by
# tools/args/gen_wrong_calls.py; the expected output is real PyTorch's (tests/golden/generate.py).
import torch
import torch.nn as nn
import torch.nn.functional as F

T = torch.zeros(2, 3)


def check(call, f):
    print(call)
    try:
        f()
        print("no error")
    except TypeError as e:
        print(e)

check('torch.no_grad(foo=1)', lambda: torch.no_grad(foo=1))
check('torch.no_grad(0, 0, 0, 0, 0, 0, 0, 0, 0)', lambda: torch.no_grad(0, 0, 0, 0, 0, 0, 0, 0, 0))
check("torch.no_grad(T, 'x')", lambda: torch.no_grad(T, 'x'))
check('torch.no_grad(T, foo=1)', lambda: torch.no_grad(T, foo=1))
check('torch.enable_grad(foo=1)', lambda: torch.enable_grad(foo=1))
check('torch.enable_grad(0, 0, 0, 0, 0, 0, 0, 0, 0)', lambda: torch.enable_grad(0, 0, 0, 0, 0, 0, 0, 0, 0))
check("torch.enable_grad(T, 'x')", lambda: torch.enable_grad(T, 'x'))
check('torch.enable_grad(T, foo=1)', lambda: torch.enable_grad(T, foo=1))
check('torch.inference_mode(foo=1)', lambda: torch.inference_mode(foo=1))
check('torch.inference_mode(0, 0, 0, 0, 0, 0, 0, 0, 0)', lambda: torch.inference_mode(0, 0, 0, 0, 0, 0, 0, 0, 0))
check("torch.inference_mode(T, 'x')", lambda: torch.inference_mode(T, 'x'))
check('torch.inference_mode(T, foo=1)', lambda: torch.inference_mode(T, foo=1))
check('torch.set_grad_enabled()', lambda: torch.set_grad_enabled())
check('torch.set_grad_enabled(foo=1)', lambda: torch.set_grad_enabled(foo=1))
check("torch.set_grad_enabled('x')", lambda: torch.set_grad_enabled('x'))
check('torch.set_grad_enabled(0, 0, 0, 0, 0, 0, 0, 0, 0)', lambda: torch.set_grad_enabled(0, 0, 0, 0, 0, 0, 0, 0, 0))
check("torch.set_grad_enabled(T, 'x')", lambda: torch.set_grad_enabled(T, 'x'))
check('torch.set_grad_enabled(T, foo=1)', lambda: torch.set_grad_enabled(T, foo=1))
check('torch.is_grad_enabled(foo=1)', lambda: torch.is_grad_enabled(foo=1))
check("torch.is_grad_enabled('x')", lambda: torch.is_grad_enabled('x'))
check('torch.is_grad_enabled(0, 0, 0, 0, 0, 0, 0, 0, 0)', lambda: torch.is_grad_enabled(0, 0, 0, 0, 0, 0, 0, 0, 0))
check("torch.is_grad_enabled(T, 'x')", lambda: torch.is_grad_enabled(T, 'x'))
check('torch.set_grad_enabled(1)', lambda: torch.set_grad_enabled(1))
check('torch.no_grad(1, 2)', lambda: torch.no_grad(1, 2))
check('torch.inference_mode(1, 2)', lambda: torch.inference_mode(1, 2))
check('torch.is_grad_enabled(1)', lambda: torch.is_grad_enabled(1))
