import copy
import math
import torch
import torch.nn as nn

# math module
print(math.pi, math.e, math.inf, -math.inf)
print(math.sqrt(2), math.sqrt(16), math.sqrt(512))
print(math.exp(1), math.log(10000.0), math.log(8, 2), math.log2(1024), math.log10(1000))
print(math.sin(1), math.cos(1), math.tan(0.5), math.tanh(0.5))
print(math.floor(2.7), math.ceil(2.1), math.floor(-2.5), math.ceil(-2.5), math.trunc(-2.7))
print(math.pow(2, 0.5), math.fabs(-3), math.isclose(0.1 + 0.2, 0.3))
print(math.isnan(float("nan")), math.isinf(math.inf), math.factorial(6))
print(math.gcd(12, 18), math.hypot(3, 4), math.degrees(math.pi), math.radians(180))
print(math.erf(1.0), math.log1p(1e-10), math.expm1(1e-10))
print(1 / math.sqrt(64), 10000 ** (2 * 1 / 8), 1 / 10000 ** (2 / 8))

# the sinusoid for pos=1, i=0..3 by hand
d_model = 8
for i in range(0, d_model, 2):
    angle = 1 / (10000 ** (i / d_model))
    print(i, round(math.sin(angle), 4), round(math.cos(angle), 4))

# copy vs deepcopy of lists
a = [[1, 2], [3, 4]]
shallow = copy.copy(a)
deep = copy.deepcopy(a)
alias = a
a[0][0] = 99
a.append([5])
print(a)
print(shallow)
print(deep)
print(alias is a, shallow is a, shallow[0] is a[0], deep[0] is a[0])

d = {"layers": [1, 2], "name": "enc"}
d2 = copy.deepcopy(d)
d2["layers"].append(3)
print(d, d2)

# list slicing copy
b = a[:]
b[1] = "changed"
print(a[1], b[1])

# deepcopy of a module: equal weights, separate storage
torch.manual_seed(0)
lin = nn.Linear(2, 2)
lin_copy = copy.deepcopy(lin)
print(torch.equal(lin.weight, lin_copy.weight), lin.weight is lin_copy.weight)
with torch.no_grad():
    lin_copy.weight.fill_(1.0)
print(lin.weight.data)
print(lin_copy.weight.data)
print(lin_copy)

# deepcopy of a tensor
t = torch.tensor([1.0, 2.0])
t2 = copy.deepcopy(t)
t2[0] = -1.0
print(t, t2)

# copying a list of modules
layers = [copy.deepcopy(lin) for _ in range(3)]
with torch.no_grad():
    layers[1].bias.zero_()
print([l.bias.data.tolist() == lin.bias.data.tolist() for l in layers])
