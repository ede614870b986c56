# Reductions to one value over more than 32768 elements (PyTorch's grain): PyTorch gives each thread one
# chunk and combines the chunks in order, so the last bits depend on torch.set_num_threads. The tutor
# splits the same way for any count, whatever the cores that run it.
import torch

torch.manual_seed(0)
x = torch.rand(100003) * 0.02 + 0.99
m = torch.rand(300, 400) * 0.02 + 0.99
for threads in [1, 2, 3, 4, 7]:
    torch.set_num_threads(threads)
    print("threads", torch.get_num_threads())
    print(" prod", x.prod().item(), x.double().prod().item(), x[:40000].prod().item())
    print(" prod layouts", m.prod().item(), m.t().prod().item(), m[:, :250].prod().item(), m[:, ::2].prod().item())
    print(" prod half", x[:50000].half().prod().item(), x[:50000].bfloat16().prod().item())
    print(" sum", x.sum().item(), m.sum().item(), x.double().sum().item())
    print(" mean var std", x.mean().item(), x.var().item(), x.std().item())
    print(" rows", m.prod(1)[:3].tolist(), m.sum(1)[:3].tolist())
# Fewer outputs than threads: PyTorch shares the outputs out whole (parallel_dim_reduction), so each sum is
# the serial one at any thread count.
r = torch.randn(3, 100003)
for threads in [1, 2, 4, 7]:
    torch.set_num_threads(threads)
    print("few outputs", threads, r.sum(1).tolist(), r.mean(1).tolist(), r.double().sum(1).tolist())
    print("  ", r.var(1).tolist(), r.prod(1).tolist(), r.norm(dim=1).tolist(), r.t().sum(0).tolist(), r[:2].sum(1, keepdim=True).tolist())
# Vector norms of one output: one accumulator per thread for every order but the vectorised 2-norm of a
# contiguous run; a transposed tensor is walked in memory order.
v = torch.randn(100003)
M = torch.randn(64, 2048)
for threads in [1, 2, 3, 4]:
    torch.set_num_threads(threads)
    print("norms", threads, [v.norm(p).item() for p in [0, 1, 2, 3, 0.5, float("inf")]], [v.double().norm(p).item() for p in [1, 3]])
    print("  ", M.t().norm().item(), M.t().norm(1).item(), M.t().sum().item(), M.t().mean().item(), M.t().double().sum().item(), M.norm(dim=1)[:2].tolist())
# var_mean/std_mean: one Welford pass in double (not torch.mean's sum), its accumulators split per thread.
for threads in [1, 2, 3]:
    torch.set_num_threads(threads)
    print("var_mean", threads, [t.item() for t in torch.var_mean(v)], [t.item() for t in torch.std_mean(v.double(), correction=0)], torch.var_mean(M, 1)[1][:3].tolist(), [t.item() for t in torch.var_mean(M.t())])
