import ctypes, torch, numpy as np
lib = ctypes.CDLL('./oracle.so')
f32=np.float32
def sleef(which, x):
    x = np.ascontiguousarray(x, dtype=np.float32); out = np.empty_like(x)
    lib.sleef(ctypes.c_int(which), x.ctypes.data_as(ctypes.c_void_p), out.ctypes.data_as(ctypes.c_void_p), ctypes.c_int(len(x))); return out
def u20(x):
    x = np.ascontiguousarray(x, dtype=np.float32); out = np.empty_like(x)
    lib.expu20(x.ctypes.data_as(ctypes.c_void_p), out.ctypes.data_as(ctypes.c_void_p), ctypes.c_int(len(x))); return out
def hred(v, op):
    v=list(v)
    a=[op(v[i],v[(i+4)%8]) for i in range(8)]
    b=[op(a[i],a[i^2]) for i in range(8)]
    return op(b[0],b[1])
def reduce_all(x, op):
    n=len(x)
    if n<8:
        acc=x[0]
        for i in range(1,n): acc=op(acc,x[i])
        return acc
    acc=list(x[:8]); d=8
    while d < n-(n%8):
        acc=[op(acc[i],x[d+i]) for i in range(8)]; d+=8
    if n-d>0:
        for i in range(n-d): acc[i]=op(acc[i],x[d+i])
    return hred(acc, op)
mx=lambda a,b: a if a>b or np.isnan(a) else (b if not np.isnan(b) else b)
add=lambda a,b: f32(a+b)
def softmax(x, expf):
    m=reduce_all(x, lambda a,b: max(a,b))
    e=expf((x-f32(m)).astype(f32))
    s=reduce_all(e, add)
    r=f32(f32(1)/s)
    return (e*r).astype(f32)
torch.manual_seed(1)
for name, ef in [('sleef', lambda v: sleef(0,v)), ('u20', u20)]:
    bad=0; tot=0
    for n in list(range(1,70))+[512,1000]:
        for t in range(5):
            x=(torch.randn(n)*3).numpy()
            ref=torch.softmax(torch.from_numpy(x),-1).numpy()
            mine=softmax(x, ef)
            bad+=int((ref.view(np.uint32)!=mine.view(np.uint32)).sum()); tot+=n
    print(name, bad, tot)
def log_softmax(x):
    m=f32(reduce_all(x, lambda a,b: max(a,b)))
    e=sleef(0,(x-m).astype(f32))
    s=reduce_all(e, add)   # map_reduce_all same order as reduce_all
    ls=sleef(1,np.array([s],dtype=f32))[0]
    return ((x-m).astype(f32)-ls).astype(f32)
bad=0; tot=0
for n in list(range(1,70))+[512,1000]:
    for t in range(5):
        x=(torch.randn(n)*3).numpy()
        ref=torch.log_softmax(torch.from_numpy(x),-1).numpy()
        mine=log_softmax(x)
        bad+=int((ref.view(np.uint32)!=mine.view(np.uint32)).sum()); tot+=n
print('logsoftmax', bad, tot)
