import ctypes, torch, numpy as np
lib = ctypes.CDLL('./oracle.so')
f32=np.float32
def sleef(which, x):
    x = np.ascontiguousarray(x, dtype=np.float32); out = np.empty_like(x)
    lib.sleef(ctypes.c_int(which), x.ctypes.data_as(ctypes.c_void_p), out.ctypes.data_as(ctypes.c_void_p), ctypes.c_int(len(x))); return out
def erf_poly(x):
    x=x.astype(f32)
    p=f32(0.3275911); p1=f32(0.254829592); p2=f32(-0.284496736); p3=f32(1.421413741); p4=f32(-1.453152027); p5=f32(1.061405429)
    sign=np.signbit(x); a=np.abs(x)
    t=f32(1)/np.array([fma(p,v,f32(1)) for v in a],dtype=f32)
    r=np.array([fma(fma(fma(fma(p5,tt,p4),tt,p3),tt,p2),tt,p1) for tt in t],dtype=f32)
    e=sleef(0,(-(x*x)).astype(f32))
    tmp6=(-e*t).astype(f32)
    tmp7=np.array([fma(a_,b_,f32(1)) for a_,b_ in zip(tmp6,r)],dtype=f32)
    return np.where(sign,-tmp7,tmp7).astype(f32)
from fractions import Fraction as F
def fma(a,b,c): return f32(float(F(float(a))*F(float(b))+F(float(c))))
torch.manual_seed(0)
x=(torch.randn(4096)*3).numpy()
ref=torch.nn.functional.gelu(torch.from_numpy(x)).numpy()
a=(x*f32(0.70710677)).astype(f32)
for name,e in [('sleef_erf',sleef(9,a)),('poly',erf_poly(a))]:
    g=((x*f32(0.5)).astype(f32)*(f32(1)+e).astype(f32)).astype(f32)
    print(name,(g!=ref).sum())
