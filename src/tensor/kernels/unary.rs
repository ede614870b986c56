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
/// rounded value beyond ([`sin_cos_wide`]; SLEEF's large-argument reduction is not ported).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn sin(xs: &mut [f32]) {
    trig(xs, sleef_sinf_u10_small, 0);
}

/// `torch.cos`: MKL `vmsCos` (HA) in torch; as [`sin`], SLEEF's `cosf_u10` for `|x| < 125`.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn cos(xs: &mut [f32]) {
    trig(xs, sleef_cosf_u10_small, 1);
}

/// The loop of [`sin`] and [`cos`]: blocks whose arguments all take the same path run that path alone,
/// so the compiler vectorises it; blocks that mix them go element by element.
#[inline(always)]
fn trig(xs: &mut [f32], small: impl Fn(f32) -> f32, quarter: u32) {
    for block in xs.chunks_mut(16) {
        if block.iter().all(|x| x.abs() < TRIG_RANGE_MAX2) {
            for x in block.iter_mut() {
                *x = small(*x);
            }
        } else if block
            .iter()
            .all(|x| (TRIG_RANGE_MAX2..WIDE_MAX).contains(&x.abs()))
        {
            for x in block.iter_mut() {
                *x = sin_cos_reduced(f64::from(*x), quarter);
            }
        } else {
            for x in block.iter_mut() {
                *x = if x.abs() < TRIG_RANGE_MAX2 {
                    small(*x)
                } else {
                    sin_cos_wide(*x, quarter)
                };
            }
        }
    }
}

/// Where [`sin_cos_wide`] stops reducing the argument itself: 2^20.
const WIDE_MAX: f32 = 1_048_576.0;

/// `sin(x)` (`quarter` 0) or `cos(x)` (`quarter` 1, as `sin(x + pi/2)`) of a float32, computed in double
/// and rounded once: the correctly rounded value except where the exact one lies within about 2^-52 of
/// a halfway point between two floats (as `(x as f64).sin() as f32`, several times faster). Below 2^20
/// the argument is reduced by fdlibm's three-part pi/2 (`k * PIO2_1` and `k * PIO2_2` exact, the error
/// of the second subtraction carried), the kernels are fdlibm's `__kernel_sin`/`__kernel_cos`; larger
/// arguments (and inf, NaN) take the C library's double `sin`/`cos`.
#[inline(always)]
fn sin_cos_wide(x: f32, quarter: u32) -> f32 {
    let xd = f64::from(x);
    if x.is_nan() || x.abs() >= WIDE_MAX {
        return if quarter == 0 { xd.sin() } else { xd.cos() } as f32;
    }
    sin_cos_reduced(xd, quarter)
}

/// [`sin_cos_wide`] for `|x| < 2^20`, without branches.
#[inline(always)]
fn sin_cos_reduced(xd: f64, quarter: u32) -> f32 {
    const PIO2_1: f64 = 1.570_796_326_734_125_6; // first 33 bits of pi/2
    const PIO2_2: f64 = 6.077_100_506_303_966e-11; // next 33 bits
    const PIO2_2T: f64 = 2.022_266_248_795_950_6e-21; // pi/2 - (PIO2_1 + PIO2_2)
    const S: [f64; 6] = [
        -1.666_666_666_666_663_2e-1,
        8.333_333_333_322_49e-3,
        -1.984_126_982_985_795e-4,
        2.755_731_370_707_006_8e-6,
        -2.505_076_025_340_686_3e-8,
        1.589_690_995_211_55e-10,
    ];
    const C: [f64; 6] = [
        4.166_666_666_666_66e-2,
        -1.388_888_888_887_411e-3,
        2.480_158_728_947_673e-5,
        -2.755_731_435_139_066_3e-7,
        2.087_572_321_298_175e-9,
        -1.135_964_755_778_819_5e-11,
    ];
    let k = (xd * std::f64::consts::FRAC_2_PI).round_ties_even();
    let t = xd - k * PIO2_1;
    let w = k * PIO2_2;
    let r0 = t - w;
    let r = r0 + (((t - r0) - w) - k * PIO2_2T);
    let z = r * r;
    let sin_r = r + z * r * (S[0] + z * (S[1] + z * (S[2] + z * (S[3] + z * (S[4] + z * S[5])))));
    let hz = 0.5 * z;
    let one_minus = 1.0 - hz;
    let cos_r = one_minus
        + (((1.0 - one_minus) - hz)
            + z * z * (C[0] + z * (C[1] + z * (C[2] + z * (C[3] + z * (C[4] + z * C[5]))))));
    // The quadrant from k's low bits (k + 1.5 * 2^52 holds k as an integer in its mantissa).
    let q = ((k + 6_755_399_441_055_744.0).to_bits() as u32).wrapping_add(quarter);
    let v = if q & 1 == 0 { sin_r } else { cos_r };
    (if q & 2 == 0 { v } else { -v }) as f32
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

/// `Vectorized<float>::erf` (vec256_float.h) on one lane: Abramowitz and Stegun's 7.1.26 with FMAs,
/// `exp(-x*x)` from SLEEF's `expf8_u10`, the sign put back at the end.
#[inline(always)]
fn vec_erf(x: f32) -> f32 {
    let sign = x.to_bits() & 0x8000_0000;
    let a = f32::from_bits(x.to_bits() ^ sign);
    let t = 1.0 / 0.327_591_1_f32.mul_add(a, 1.0);
    // 1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592 as floats.
    let r = 1.061_405_4_f32
        .mul_add(t, -1.453_152_1)
        .mul_add(t, 1.421_413_8)
        .mul_add(t, -0.284_496_72)
        .mul_add(t, 0.254_829_6);
    let e = sleef_expf_u10(-(x * x));
    let v = (-e * t).mul_add(r, 1.0);
    f32::from_bits(v.to_bits() ^ sign)
}

/// `F.gelu` (erf form) as ATen's own `GeluKernelImpl` computes it, which PyTorch runs where oneDNN is
/// not used (a non-contiguous input): over one contiguous run of `cpu_kernel_vec`'s walk, blocks of 16
/// from the start with the vectorised lambda (`x * 0.5 * (1 + erf(x * M_SQRT1_2))` with
/// `Vectorized<float>::erf`), the `len % 16` last elements with the scalar one (glibc `erff`).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn gelu_aten(xs: &mut [f32]) {
    let vec_end = xs.len() - xs.len() % (2 * LANES);
    let (head, tail) = xs.split_at_mut(vec_end);
    for x in head.iter_mut() {
        *x = *x * 0.5 * (1.0 + vec_erf(*x * std::f32::consts::FRAC_1_SQRT_2));
    }
    gelu_aten_scalar(tail);
}

/// [`gelu_aten`]'s scalar lambda alone (`basic_loop`: a walk whose runs are not contiguous).
pub fn gelu_aten_scalar(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = *x * 0.5 * (1.0 + glibc_erff(*x * std::f32::consts::FRAC_1_SQRT_2));
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
