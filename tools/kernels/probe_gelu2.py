import torch
g=torch.Generator().manual_seed(77)
xs=[torch.randn(4096,generator=g)*s for s in [0.5,1,2,4,8]]
x=torch.cat(xs+[torch.linspace(-10,10,20000)])
y=torch.nn.functional.gelu(x)
b=lambda t:' '.join('%08x'%(v&0xffffffff) for v in t.view(torch.int32).tolist())
open('/tmp/gelu_probe.txt','w').write('gelu %d : %s : %s\n'%(x.numel(),b(x),b(y)))
