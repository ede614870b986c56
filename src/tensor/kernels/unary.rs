//! Elementwise functions of contiguous float32 tensors.

use super::glibc::{glibc_erff, glibc_expf, glibc_tanhf};
use super::onednn::onednn_gelu_erf;
use super::sleef::{
    TRIG_RANGE_MAX2, sleef_cosf_u10_small, sleef_expf_u10, sleef_expm1f_u10, sleef_log1pf_u10,
    sleef_sinf_u10_small, sleef_tanhf_u10,
};
use super::vec::{GRAIN_SIZE, LANES, thread_chunks};

/// `torch.exp`: MKL `vmsExp` (HA) in torch; correctly rounded here. Measured: differs
/// from torch by one ulp on about 1% of random inputs (never more than one ulp).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn exp(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = f64::from(*x).exp() as f32;
    }
}

/// `torch.log`: MKL `vmsLn` (HA) in torch; correctly rounded here. Measured: one-ulp
/// differences on about 7% of random inputs.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn log(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = f64::from(*x).ln() as f32;
    }
}

/// `torch.sin`: MKL `vmsSin` (HA) in torch, closed source. SLEEF's `sinf_u10` is the
/// closest open implementation measured (1.5% of the test inputs one ulp away from torch,
/// against 4.3% for the correctly rounded value; cos: 2.5% against 4.4%); it is used for `|x| < 125`, the correctly
/// rounded value beyond (SLEEF's large-argument reduction is not ported).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn sin(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = if x.abs() < TRIG_RANGE_MAX2 {
            sleef_sinf_u10_small(*x)
        } else {
            f64::from(*x).sin() as f32
        };
    }
}

/// `torch.cos`: MKL `vmsCos` (HA) in torch; as [`sin`], SLEEF's `cosf_u10` for `|x| < 125`.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn cos(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = if x.abs() < TRIG_RANGE_MAX2 {
            sleef_cosf_u10_small(*x)
        } else {
            f64::from(*x).cos() as f32
        };
    }
}

/// `torch.tanh`: MKL `vmsTanh` (HA) in torch; correctly rounded here. Measured:
/// one-ulp differences on about 0.1% of inputs.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn tanh(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = f64::from(*x).tanh() as f32;
    }
}

/// `torch.atan`: MKL `vmsAtan` (HA) in torch, closed source; here the platform's `atanf`
/// (glibc's on Linux), which is closer to MKL than the correctly rounded value (measured on
/// the test inputs: 3.7% against 4.6% one ulp away).
pub fn atan(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = x.atan();
    }
}

/// `torch.log10`: MKL `vmsLog10` (HA) in torch; correctly rounded here.
pub fn log10(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = f64::from(*x).log10() as f32;
    }
}

/// `torch.log2`: MKL `vmsLog2` (HA) in torch; correctly rounded here.
pub fn log2(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = f64::from(*x).log2() as f32;
    }
}

/// `torch.erf`: MKL `vmsErf` (HA) in torch, closed source; correctly rounded here (1.5% of
/// the test inputs one ulp away from torch; glibc's `erff` is further, 2.4%).
pub fn erf(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = libm::erf(f64::from(*x)) as f32;
    }
}

/// `torch.sqrt`: MKL `vmsSqrt` in torch, which on this AVX2 machine is NOT correctly
/// rounded (errors up to 0.75 ulp); correctly rounded here. Measured: one-ulp
/// differences on about 18% of inputs.
pub fn sqrt(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = x.sqrt();
    }
}

/// `torch.rsqrt`: `1 / sqrt(x)` in float32 in both torch paths (bit-exact).
pub fn rsqrt(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = 1.0 / x.sqrt();
    }
}

/// `torch.relu` (`clamp_min(x, 0)`): NaN stays NaN and `-0.0` stays `-0.0` (bit-exact).
pub fn relu(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = relu_one(*x);
    }
}

/// [`relu`] of one value, for loops that write elsewhere than in place. Written as a select, not a
/// branch: on real data half the signs are random and a branch mispredicts.
#[inline(always)]
pub fn relu_one(x: f32) -> f32 {
    if x < 0.0 { 0.0 } else { x }
}

/// `torch.sigmoid` of a contiguous tensor (bit-exact): `cpu_kernel_vec` computes
/// `1 / ((0 - x).exp() + 1)` with SLEEF exp on blocks of 16 elements from the start
/// and `1 / (1 + expf(-x))` with glibc on the `len % 16` last ones. Serial result:
/// see [`sigmoid_threads`] from 32768 elements on.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn sigmoid(xs: &mut [f32]) {
    let vec_end = xs.len() - xs.len() % (2 * LANES);
    let (head, tail) = xs.split_at_mut(vec_end);
    for x in head.iter_mut() {
        *x = 1.0 / (sleef_expf_u10(0.0 - *x) + 1.0);
    }
    for x in tail.iter_mut() {
        *x = 1.0 / (1.0 + glibc_expf(-*x));
    }
}

/// [`sigmoid`] as torch runs it with `threads` threads: tensors of 32768 elements or
/// more are cut into per-thread chunks, each with its own scalar tail.
pub fn sigmoid_threads(xs: &mut [f32], threads: usize) {
    let n = xs.len();
    if n < GRAIN_SIZE {
        sigmoid(xs);
        return;
    }
    for (b, e) in thread_chunks(n, GRAIN_SIZE, threads.clamp(1, 1024)) {
        sigmoid(&mut xs[b..e]);
    }
}

/// `torch.expm1` (bit-exact): MKL has no `expm1` in torch's `vml.h`, so ATen's fallback maps
/// `Vectorized<float>::expm1()` (SLEEF `Sleef_expm1f8_u10`) over the whole array, the partial
/// last vector included; a strided input is first copied into a buffer, so every element, and
/// a single one, takes the SLEEF path.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn expm1(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = sleef_expm1f_u10(*x);
    }
}

/// `torch.log1p` (bit-exact): SLEEF `Sleef_log1pf8_u10` on every element, as [`expm1`].
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn log1p(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = sleef_log1pf_u10(*x);
    }
}

/// `torch.nn.functional.gelu` (erf form, `approximate='none'`), bit-exact: a contiguous
/// tensor of more than one element goes to oneDNN's `eltwise_gelu_erf` (torch's
/// `use_mkldnn`; its AVX2 kernel, see [`super::onednn`]), a single element to ATen's
/// scalar `x * 0.5 * (1 + erff(x * M_SQRT1_2))` (glibc erff).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn gelu(xs: &mut [f32]) {
    if let [x] = xs {
        *x = *x * 0.5 * (1.0 + glibc_erff(*x * std::f32::consts::FRAC_1_SQRT_2));
        return;
    }
    for x in xs.iter_mut() {
        *x = onednn_gelu_erf(*x);
    }
}

/// `kBeta` of ATen's tanh GELU: `M_SQRT2 * M_2_SQRTPI * 0.5` (in double), as a float.
const GELU_BETA: f32 = (std::f64::consts::SQRT_2 * std::f64::consts::FRAC_2_SQRT_PI * 0.5) as f32;
/// `kKappa`: 0.044715 as a float.
const GELU_KAPPA: f32 = 0.044715;

/// `F.gelu(x, approximate='tanh')` (bit-exact): ATen's `GeluKernelImpl` (oneDNN is only used
/// for the erf form) through `cpu_kernel_vec`: blocks of 16 elements from the start use
/// `Vectorized<float>::tanh()` (SLEEF `Sleef_tanhf8_u10`), the `len % 16` last ones the scalar
/// lambda with glibc `tanhf`. In both, GCC fuses `x + kKappa * x_cube` into one multiply-add.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn gelu_tanh(xs: &mut [f32]) {
    let vec_end = xs.len() - xs.len() % (2 * LANES);
    let (head, tail) = xs.split_at_mut(vec_end);
    for x in head.iter_mut() {
        let v = *x;
        let inner = GELU_BETA * GELU_KAPPA.mul_add(v * v * v, v);
        *x = 0.5 * v * (1.0 + sleef_tanhf_u10(inner));
    }
    for x in tail.iter_mut() {
        let v = *x;
        let inner = GELU_BETA * GELU_KAPPA.mul_add(v * v * v, v);
        *x = 0.5 * v * (1.0 + glibc_tanhf(inner));
    }
}

/// `torch.atanh`: `cpu_kernel_vec` with SLEEF's `Sleef_atanhf8_u10` on blocks of 16 elements from the
/// start and `std::atanh` (the platform's `atanhf`) on the `len % 16` last ones. The blocks take the
/// double-precision value rounded to float32 here (measured: 2 of 4096 random inputs one ulp away from SLEEF); the tail is
/// bit-exact.
pub fn atanh(xs: &mut [f32]) {
    let vec_end = xs.len() - xs.len() % (2 * LANES);
    let (head, tail) = xs.split_at_mut(vec_end);
    for x in head.iter_mut() {
        *x = f64::from(*x).atanh() as f32;
    }
    for x in tail.iter_mut() {
        *x = super::libm::libm_atanh(*x);
    }
}
