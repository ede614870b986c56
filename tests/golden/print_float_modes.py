import torch

# all integral values: printed with a trailing dot
print(torch.tensor([1.0, 2.0, 3.0]))
print(torch.tensor([0.0, -0.0, 100.0]))
print(torch.tensor([-1.0, 10.0]))

# fixed mode with 4 decimals
print(torch.tensor([0.1, 0.25, 1.5]))
print(torch.tensor([3.14159, -2.71828]))
print(torch.tensor([123.456, 0.001]))
print(torch.tensor([1.0, 0.5, -0.125]))

# scientific mode: big ratio between largest and smallest magnitude
print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([1e10, 1.0]))
print(torch.tensor([12345.678, 0.001]))
print(torch.tensor([1e8]))
print(torch.tensor([1e9, 2e9]))
print(torch.tensor([0.0001, 0.0002]))
print(torch.tensor([0.00001]))
print(torch.tensor([-1e10, 0.5, 3.0]))

# large integral values switch to scientific
print(torch.tensor([1e8, 1.0]))
print(torch.tensor([99999999.0]))
print(torch.tensor([123456789.0, 1.0]))

# nan and inf
print(torch.tensor([float('nan'), 1.0]))
print(torch.tensor([float('inf'), -float('inf'), 2.0]))
print(torch.tensor([float('-inf'), 0.5]))
print(torch.tensor([float('nan')]))
print(torch.tensor([float('inf'), 1.5, 1e-6]))

# scalars
print(torch.tensor(0.5))
print(torch.tensor(2.0))
print(torch.tensor(1e-8))
print(torch.tensor(-3.25))
print(torch.tensor(float('-inf')))

# 2-D columns are padded to a common width
print(torch.tensor([[1.0, -2.5], [100.25, 0.0]]))
print(torch.tensor([[1e-3, 2.0], [3.0, 4e4]]))
print(torch.tensor([[-1e10, 1.0], [0.25, 0.75]]))

# rounding of the 4th decimal
print(torch.tensor([0.12345, 0.98765, 1.00005]))
print(torch.tensor([2.0 / 3.0, 1.0 / 3.0]))

# ints and bools
print(torch.tensor([1, -20, 300]))
print(torch.tensor([[1, 2], [-30, 4]]))
print(torch.tensor([[True, False], [False, True]]))
print(torch.tensor([1000000000, 1]))

# repr, str and f-strings agree
t = torch.tensor([0.5, 1.5])
print(repr(t))
print(str(t))
print(f"{t}")
print("value:", t)
print([t, t])
