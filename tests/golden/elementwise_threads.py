# Elementwise kernels with a vectorised bulk and a scalar tail (sigmoid, the tanh GELU, softplus, mish, ...)
# over 32768 elements or more: PyTorch cuts the array into one part per thread, and each part has its own
# tail, so the last bits of a few elements depend on torch.set_num_threads. So do float64 sums, means and
# variances of one output. The tutor splits the same way for any thread count.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
n = 40030
x = torch.randn(n) * 4
y = torch.randn(100003) * 3
w = (torch.arange(n) % 1000).double()
d = torch.randn(100003, dtype=torch.float64)
ops = [
    ("sigmoid", torch.sigmoid),
    ("silu", F.silu),
    ("gelu_tanh", lambda v: F.gelu(v, approximate="tanh")),
    ("gelu", F.gelu),
    ("elu", F.elu),
    ("celu", F.celu),
    ("selu", F.selu),
    ("softplus", F.softplus),
    ("mish", F.mish),
    ("logsigmoid", F.logsigmoid),
    ("softshrink", F.softshrink),
    ("hardswish", F.hardswish),
    ("expm1", torch.expm1),
    ("log1p", lambda v: torch.log1p(v.abs())),
]


def fingerprint(r):
    # Sums of pieces shorter than the grain, so the check itself does not depend on the thread count.
    v = r.double() * w[: r.numel()]
    return sum(v[k : k + 20000].sum().item() for k in range(0, r.numel(), 20000))


for threads in [1, 2, 3, 4, 7]:
    torch.set_num_threads(threads)
    print("threads", torch.get_num_threads())
    chunk = -(-n // threads)
    for name, f in ops:
        r = f(x)
        edges = [r[max(b - 3, 0) : b + 3].tolist() for b in range(chunk, n, chunk)]
        print(" ", name, fingerprint(r), edges, r[-17:].tolist())
    # GELU picks its own grain (numel / threads above 16384 elements).
    g = F.gelu(x[:20030], approximate="tanh")
    print("  gelu_tanh 20030", fingerprint(g), g[-17:].tolist(), [g[b - 2 : b + 2].tolist() for b in range(1, 20030) if b % -(-20030 // threads) == 0])
    print("  sigmoid 100003", fingerprint(torch.sigmoid(y)[:n]), torch.sigmoid(y)[-20:].tolist())
    print("  float64", d.sum().item(), d.mean().item(), d.var().item(), d.std().item(), d.var(correction=0).item())
    print("  float64 rows", d[:100000].reshape(2, 50000).sum(1).tolist(), d[:60000].sum().item())
