import torch
out=[]
g=torch.Generator().manual_seed(5)
for n in [256, 257, 300, 384, 511, 512, 640, 768, 1000, 1024, 1500, 2048, 3000, 4096, 4100, 6000, 8192]:
    for k in range(60):
        x=torch.randn(n, generator=g)*(10**(k%4-1)) + (k%3)
        y,m,r=torch.native_layer_norm(x.unsqueeze(0),(n,),None,None,1e-5)
        b=lambda t: '%08x'%(t.view(torch.int32).item()&0xffffffff)
        out.append('%d %s %s : %s'%(n,b(m),b(r),' '.join('%08x'%(v&0xffffffff) for v in x.view(torch.int32).tolist())))
open('/tmp/probe_ln.txt','w').write('\n'.join(out)+'\n')
