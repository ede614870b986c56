"""Which implementation does torch use for each float32 elementwise function? Compares torch (contiguous,
strided and one-element tensors) with SLEEF u10/u35 (called inside libtorch_cpu.so through oracle8.c), glibc
and MKL VML (HA mode). Run: ATEN_CPU_CAPABILITY=avx2 .venv/bin/python tools/kernels/probe_unary.py [fn ...]
after building oracle8.c (see its header). Prints, per candidate, how many of 4096 values differ from torch."""
import ctypes, os, sys
import numpy as np, torch
torch.set_num_threads(1)
TL = os.path.dirname(torch.__file__) + "/lib/libtorch_cpu.so"
tl = ctypes.CDLL(TL)
o8 = ctypes.CDLL(os.environ.get("ORACLE8", "/tmp/oracle8.so"))
libm = ctypes.CDLL("libm.so.6")
vp = ctypes.c_void_p
def sleef(name, x):
    x = np.ascontiguousarray(x, np.float32); out = np.empty_like(x)
    fp = ctypes.cast(getattr(tl, name), vp)
    o8.apply8(fp, x.ctypes.data_as(vp), out.ctypes.data_as(vp), ctypes.c_int(len(x)))
    return out
def glibc(name, x):
    f = getattr(libm, name); f.restype = ctypes.c_float; f.argtypes = [ctypes.c_float]
    return np.array([f(float(v)) for v in x], np.float32)
def mkl(name, x, mode=0x2 | 0x00140000 | 0x100):
    x = np.ascontiguousarray(x, np.float32); out = np.empty_like(x)
    f = getattr(tl, name); f.argtypes = [ctypes.c_longlong, vp, vp, ctypes.c_longlong]
    f(len(x), x.ctypes.data_as(vp), out.ctypes.data_as(vp), mode)
    return out
def mism(a, b):
    a = a.view(np.uint32); b = b.view(np.uint32)
    nan = np.isnan(a.view(np.float32)) & np.isnan(b.view(np.float32))
    return int(((a != b) & ~nan).sum())
F = {  # torch fn, sleef base, glibc, mkl, domain
 "sin": (torch.sin, "sinf", "sinf", "vmsSin", "any"),
 "cos": (torch.cos, "cosf", "cosf", "vmsCos", "any"),
 "tan": (torch.tan, "tanf", "tanf", "vmsTan", "any"),
 "exp": (torch.exp, "expf", "expf", "vmsExp", "any"),
 "expm1": (torch.expm1, "expm1f", "expm1f", "vmsExpm1", "any"),
 "atan": (torch.atan, "atanf", "atanf", "vmsAtan", "any"),
 "log": (torch.log, "logf", "logf", "vmsLn", "pos"),
 "log10": (torch.log10, "log10f", "log10f", "vmsLog10", "pos"),
 "log2": (torch.log2, "log2f", "log2f", "vmsLog2", "pos"),
 "log1p": (torch.log1p, "log1pf", "log1pf", "vmsLog1p", "gtm1"),
 "tanh": (torch.tanh, "tanhf", "tanhf", "vmsTanh", "any"),
 "erf": (torch.erf, "erff", "erff", "vmsErf", "any"),
}
g = torch.Generator().manual_seed(1)
n = 4096
base = torch.cat([torch.randn(n//2, generator=g)*3, torch.randn(n//2, generator=g)*30])
for name in (sys.argv[1:] or F):
    tf, sl, gl, mk, dom = F[name]
    x = base.clone()
    if dom == "pos": x = x.abs() + 1e-3
    if dom == "gtm1": x = x.abs() - 0.999
    xn = x.numpy()
    res = {}
    t_contig = tf(x).numpy()
    t_one = np.array([tf(x[i:i+1]).item() for i in range(300)], np.float32)
    xs = torch.stack([x, x], 1)[:, 0]  # non-contiguous
    t_nc = tf(xs).numpy()
    cands = {}
    for u in ("u10", "u35", "u15", "u05"):
        try: cands["sleef_"+u] = sleef("Sleef_%s8_%savx2" % (sl, u), xn)
        except AttributeError: pass
    cands["glibc"] = glibc(gl, xn)
    try: cands["mkl_ha"] = mkl(mk, xn)
    except AttributeError: pass
    cands["cr"] = getattr(np, {"log":"log"}.get(name, name), None)(xn.astype(np.float64)).astype(np.float32) if hasattr(np, name) else None
    line = []
    for k, c in cands.items():
        if c is None: continue
        line.append("%s: contig %d / noncontig %d / one %d" % (k, mism(t_contig, c), mism(t_nc, c), mism(t_one, c[:300])))
    print(name, "(n=%d, one=300)" % n); print("   " + "\n   ".join(line))
