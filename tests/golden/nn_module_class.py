import torch
import torch.nn as nn

class FeedForward(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.l1 = nn.Linear(d_model, d_ff)
        self.l2 = nn.Linear(d_ff, d_model)
        self.relu = nn.ReLU()
        self.dropout = nn.Dropout(0.1)

    def forward(self, x):
        return self.l2(self.dropout(self.relu(self.l1(x))))


class Block(nn.Module):
    def __init__(self, d_model=8, d_ff=16):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.ff = FeedForward(d_model, d_ff)
        self.scale = 2.0
        self.register_buffer("pe", torch.zeros(1, 4, d_model))

    def forward(self, x):
        return x + self.ff(self.norm(x)) * self.scale


torch.manual_seed(0)
block = Block()
print(block)
print(block.ff)
print(block.ff.l1)

# parameters
params = list(block.parameters())
print(len(params))
print(sum(p.numel() for p in block.parameters()))
print(sum(p.numel() for p in block.parameters() if p.requires_grad))
for name, p in block.named_parameters():
    print(name, tuple(p.shape))

# buffers are not parameters but are in the state_dict
print([name for name, b in block.named_buffers()])
print(list(block.state_dict().keys()))
print(block.pe.shape)

# children and modules
print([name for name, m in block.named_children()])
print(len(list(block.modules())))
print([type(m).__name__ for m in block.modules()])

# train / eval flags propagate
print(block.training, block.ff.dropout.training)
block.eval()
print(block.training, block.ff.dropout.training)
r = block.train()
print(block.training, block.ff.training, r is block)
block.train(False)
print(block.ff.relu.training)

# forward through __call__ in eval mode
block.eval()
x = torch.ones(1, 4, 8)
with torch.no_grad():
    y = block(x)
print(y.shape)
print(y[0, 0])

# plain attributes and isinstance
print(block.scale, isinstance(block, nn.Module), isinstance(block.ff.l1, nn.Linear))
print(type(block).__name__)

# requires_grad_(False) freezes parameters
block.ff.requires_grad_(False)
print(sum(p.numel() for p in block.parameters() if p.requires_grad))
