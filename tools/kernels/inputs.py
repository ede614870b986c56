"""The float32 inputs the kernel generators share: mixed scales and the special values."""
import torch


def mixed(n, seed):
    """Normal values at three scales, plus floats with uniformly drawn exponents (2^-30 to 2^7)."""
    g = torch.Generator().manual_seed(seed)
    k = n // 4
    a = torch.randn(k, generator=g)
    b = torch.randn(k, generator=g) * 4
    c = torch.randn(k, generator=g) * 30
    e = torch.randint(-30, 8, (n - 3 * k,), generator=g).float()
    m = torch.rand(n - 3 * k, generator=g) + 1
    s = torch.randint(0, 2, (n - 3 * k,), generator=g).float() * 2 - 1
    d = s * m * torch.pow(2.0, e)
    return torch.cat([a, b, c, d])[torch.randperm(n, generator=g)]


SPECIALS = torch.tensor([0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 3.0, -3.0, 10.0, -10.0, 20.0, -20.0, 88.0, 88.7,
                         89.0, -87.0, -104.0, -110.0, 1e-30, -1e-30, 1e-45, -1e-45, 1e-38, 3e38, -3e38,
                         float("inf"), float("-inf"), float("nan"), 5.55, -5.55, 8.66, -8.67, 0.999, -0.999,
                         -0.9999999, 1e38, 1.5e38, 0.34657359, 1.0397208, 23.0, -16.7, 5.3])
