//! Elementwise functions of contiguous float32 tensors.

use super::glibc::{glibc_erff, glibc_expf};
use super::onednn::onednn_gelu_erf;
use super::sleef::sleef_expf_u10;
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

/// `torch.sin`: MKL `vmsSin` (HA) in torch; correctly rounded here. Measured: one-ulp
/// differences on about 3 to 5% of inputs.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn sin(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = f64::from(*x).sin() as f32;
    }
}

/// `torch.cos`: MKL `vmsCos` (HA) in torch; correctly rounded here. Measured: one-ulp
/// differences on about 3 to 5% of inputs.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn cos(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = f64::from(*x).cos() as f32;
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

/// `torch.nn.functional.gelu` (erf form, `approximate='none'`), bit-exact: a tensor of
/// more than one element goes to oneDNN's `eltwise_gelu_erf` (torch's `use_mkldnn`), a
/// single element to torch's scalar `x * 0.5 * (1 + erff(x * M_SQRT1_2))` (glibc erff).
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
