import torch

i = torch.tensor([1, 2, 3])
f = torch.tensor([0.5, 1.5, 2.5])
b = torch.tensor([True, False, True])
i32 = torch.tensor([1, 2, 3], dtype=torch.int32)

# int + float -> float
print(i + f, (i + f).dtype)
# int / int is true division -> float
print(i / 2, (i / 2).dtype)
print(i / i)
# floor division and modulo stay int
print(i // 2, (i // 2).dtype)
print(torch.tensor([-7, 7]) // 2)
print(torch.tensor([-7, 7]) % 3)
print(torch.tensor([-7.5, 7.5]) % 2)
# python scalars do not upcast floats, but floats upcast ints
print(i * 2, (i * 2).dtype)
print(i * 2.5, (i * 2.5).dtype)
print(f * 2, (f * 2).dtype)
# bool + int -> int, bool + bool -> ...
print(b + i, (b + i).dtype)
print(b + 1, (b + 1).dtype)
print(b * 1.5)
print((b & b).dtype, (b | torch.tensor([False, False, True])))
print(b.sum(), b.sum().dtype)
# int32 with int64 -> int64, int32 with python int stays int32
print((i32 + i).dtype, (i32 + 1).dtype, (i32 * 2.0).dtype)
print((i32 / 2).dtype)
# int tensor ** float
print(i ** 0.5)
print(i ** 2, (i ** 2).dtype)
# comparison results are bool
print(i > 1, (f == 1.5).dtype)
# mean of an int tensor needs a float dtype
print(i.float().mean())
print(i.sum().dtype, i.float().sum().dtype)
# torch.sqrt on an int tensor gives float
print(torch.sqrt(torch.tensor([4, 9])))
print(torch.exp(torch.tensor([0, 1])).dtype)
# result_type and promote_types
print(torch.result_type(i, f), torch.promote_types(torch.int32, torch.int64))
print(torch.result_type(i, 2.0), torch.result_type(i32, 5))
# a 0-d float tensor with an int tensor -> float
print(i * torch.tensor(2.0))
# a 0-d int64 tensor with an int32 tensor keeps int32
print((i32 + torch.tensor(1)).dtype)
# where with mixed scalars
print(torch.where(b, i, 0))
print(torch.where(b, f, -1.0))
