# A paper-size encoder layer (bs 8, sl 128, d_model 512, 8 heads, d_ff 2048), the lessons' own code,
# run once to warm up and then timed forward by forward. Runs under PyTorch and under `transformer-tutor exec`.
import math
import time
import torch
import torch.nn as nn

torch.set_num_threads(THREADS)
torch.manual_seed(0)
bs, sl, hid_dim, n_heads, pf_dim = 8, 128, 512, 8, 2048
head_dim = hid_dim // n_heads


class MultiHeadAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc_q = nn.Linear(hid_dim, hid_dim)
        self.fc_k = nn.Linear(hid_dim, hid_dim)
        self.fc_v = nn.Linear(hid_dim, hid_dim)
        self.fc_o = nn.Linear(hid_dim, hid_dim)
        self.scale = math.sqrt(head_dim)

    def forward(self, x, mask):
        q = self.fc_q(x).view(bs, -1, n_heads, head_dim).transpose(1, 2)
        k = self.fc_k(x).view(bs, -1, n_heads, head_dim).transpose(1, 2)
        v = self.fc_v(x).view(bs, -1, n_heads, head_dim).transpose(1, 2)
        energy = torch.matmul(q, k.transpose(-2, -1)) / self.scale
        energy = energy.masked_fill(mask == 0, -1e10)
        attn = torch.softmax(energy, dim=-1)
        out = torch.matmul(attn, v)
        out = out.transpose(1, 2).contiguous().view(bs, -1, hid_dim)
        return self.fc_o(out)


class EncoderLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = MultiHeadAttention()
        self.norm1 = nn.LayerNorm(hid_dim)
        self.fc1 = nn.Linear(hid_dim, pf_dim)
        self.fc2 = nn.Linear(pf_dim, hid_dim)
        self.norm2 = nn.LayerNorm(hid_dim)

    def forward(self, x, mask):
        x = self.norm1(x + self.attn(x, mask))
        return self.norm2(x + self.fc2(torch.relu(self.fc1(x))))


layer = EncoderLayer()
layer.eval()
x = torch.randn(bs, sl, hid_dim)
ids = torch.randint(1, 100, (bs, sl))
ids[:, 100:] = 0
mask = (ids != 0).unsqueeze(1).unsqueeze(2)
with torch.no_grad():
    y = layer(x, mask)
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        y = layer(x, mask)
        times.append(time.perf_counter() - start)
times.sort()
print(y.shape)
# The median forward (wall clock): on a shared machine it is steadier than the mean.
print(f"ms_per_forward {times[len(times) // 2] * 1000:.2f}")
