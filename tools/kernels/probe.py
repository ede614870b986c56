import ctypes, torch, numpy as np
import torch  # load libtorch first
lib = ctypes.CDLL('./oracle.so')
def call(fn, which, x):
    x = np.ascontiguousarray(x, dtype=np.float32); out = np.empty_like(x)
    fn(ctypes.c_int(which), x.ctypes.data_as(ctypes.c_void_p), out.ctypes.data_as(ctypes.c_void_p), ctypes.c_int(len(x)))
    return out
torch.manual_seed(0)
x = (torch.randn(100000)*5).numpy()
ax = np.abs(x)
big = (torch.randn(100000)*1e4).numpy()
def cmp(name, t, s):
    print(name, 'mismatch', int((t.view(np.uint32)!=s.view(np.uint32)).sum()))
cmp('exp sleef', torch.exp(torch.from_numpy(x)).numpy(), call(lib.sleef,0,x))
cmp('exp mkl', torch.exp(torch.from_numpy(x)).numpy(), call(lib.mkl,0,x))
cmp('log sleef u10', torch.log(torch.from_numpy(ax)).numpy(), call(lib.sleef,1,ax))
cmp('log sleef u35', torch.log(torch.from_numpy(ax)).numpy(), call(lib.sleef,2,ax))
cmp('log mkl', torch.log(torch.from_numpy(ax)).numpy(), call(lib.mkl,1,ax))
for xx,nm in [(x,'small'),(big,'big')]:
    t=torch.sin(torch.from_numpy(xx)).numpy()
    cmp('sin u10 '+nm, t, call(lib.sleef,3,xx)); cmp('sin u35 '+nm, t, call(lib.sleef,4,xx)); cmp('sin mkl '+nm, t, call(lib.mkl,2,xx))
    t=torch.cos(torch.from_numpy(xx)).numpy()
    cmp('cos u10 '+nm, t, call(lib.sleef,5,xx)); cmp('cos u35 '+nm, t, call(lib.sleef,6,xx)); cmp('cos mkl '+nm, t, call(lib.mkl,3,xx))
t=torch.tanh(torch.from_numpy(x)).numpy()
cmp('tanh u10', t, call(lib.sleef,7,x)); cmp('tanh u35', t, call(lib.sleef,8,x)); cmp('tanh mkl', t, call(lib.mkl,4,x))
