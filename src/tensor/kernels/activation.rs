//! The activations of `aten/src/ATen/native/cpu/Activation.cpp` that call a transcendental function.
//!
//! Each goes through `cpu_kernel_vec`: over a contiguous run, blocks of 16 elements from the start take
//! the `Vectorized<float>` lambda (SLEEF `expf8_u10`, `log1pf8_u10`, `tanhf8_u10`), the `len % 16` last
//! ones the scalar lambda (glibc `expf`, `log1pf`, `tanhf`), so the two halves of one tensor may round
//! differently. `log_sigmoid` is the exception: its hand-written loop loads the partial last vector, so
//! every element takes the SLEEF path.

use super::glibc::{glibc_expf, glibc_expm1f, glibc_tanhf};
use super::sleef::{sleef_expf_u10, sleef_expm1f_u10, sleef_log1pf_u10, sleef_tanhf_u10};
use super::vec::LANES;

/// The first `len - len % 16` elements, which `cpu_kernel_vec` hands to the vectorised lambda.
fn vector_end(len: usize) -> usize {
    len - len % (2 * LANES)
}

/// `(bulk, tail)` of one contiguous run.
fn split(xs: &mut [f32]) -> (&mut [f32], &mut [f32]) {
    let end = vector_end(xs.len());
    xs.split_at_mut(end)
}

/// glibc's `log1pf`, which the scalar lambdas call through `std::log1p(float)`; Rust's `ln_1p` is the
/// platform's `log1pf`, glibc's on Linux.
#[inline(always)]
fn scalar_log1pf(x: f32) -> f32 {
    x.ln_1p()
}

/// The coefficients of ATen's `elu_kernel` (`elu`, `selu`, `celu` all run it), each already a float.
#[derive(Debug, Clone, Copy)]
pub struct EluCoefficients {
    /// `alpha * scale` (two floats multiplied in float).
    pub negcoef: f32,
    /// `scale`.
    pub poscoef: f32,
    /// `input_scale`.
    pub negiptcoef: f32,
}

/// `elu_kernel`: `x <= 0 ? expm1(x * negiptcoef) * negcoef : x * poscoef` (torch 2.15 takes `expm1`,
/// so `elu(-0.0)` is `-0.0`).
pub fn elu(xs: &mut [f32], c: EluCoefficients) {
    let (bulk, tail) = split(xs);
    for x in bulk.iter_mut() {
        let a = *x;
        // `blendv(neg, pos, a > 0)`: NaN takes the negative branch, which keeps it NaN.
        *x = if a > 0.0 {
            a * c.poscoef
        } else {
            sleef_expm1f_u10(a * c.negiptcoef) * c.negcoef
        };
    }
    for x in tail.iter_mut() {
        let a = *x;
        *x = if a <= 0.0 {
            glibc_expm1f(a * c.negiptcoef) * c.negcoef
        } else {
            a * c.poscoef
        };
    }
}

/// `softplus_kernel`: `x * beta > threshold ? x : log1p(exp(x * beta)) / beta`.
pub fn softplus(xs: &mut [f32], beta: f32, threshold: f32) {
    let (bulk, tail) = split(xs);
    for x in bulk.iter_mut() {
        let a = *x;
        let scaled = a * beta;
        *x = if scaled > threshold {
            a
        } else {
            sleef_log1pf_u10(sleef_expf_u10(scaled)) / beta
        };
    }
    for x in tail.iter_mut() {
        let a = *x;
        let scaled = a * beta;
        *x = if scaled > threshold {
            a
        } else {
            scalar_log1pf(glibc_expf(scaled)) / beta
        };
    }
}

/// `mish_kernel`: `x * tanh(log1p(exp(x)))`.
pub fn mish(xs: &mut [f32]) {
    let (bulk, tail) = split(xs);
    for x in bulk.iter_mut() {
        *x *= sleef_tanhf_u10(sleef_log1pf_u10(sleef_expf_u10(*x)));
    }
    for x in tail.iter_mut() {
        *x *= glibc_tanhf(scalar_log1pf(glibc_expf(*x)));
    }
}

/// `_vec_log_sigmoid`: `min(x, 0) - log1p(exp(-|x|))`, SLEEF on every element (the last, partial
/// vector is loaded as one too). `vec::minimum` keeps a NaN.
pub fn log_sigmoid(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        let a = *x;
        // `_mm256_min_ps(x, 0)` (`x < 0 ? x : 0`), with `vec::minimum`'s NaN kept.
        let min = if a.is_nan() || a < 0.0 { a } else { 0.0 };
        *x = min - sleef_log1pf_u10(sleef_expf_u10(-a.abs()));
    }
}

/// `glu_kernel` over one contiguous run of the halves `a` and `b`: `a * (1 / (1 + exp(-b)))`, written
/// into `a`.
pub fn glu(a: &mut [f32], b: &[f32]) {
    let end = vector_end(a.len().min(b.len()));
    for (i, (x, &g)) in a.iter_mut().zip(b).enumerate() {
        let gate = if i < end {
            1.0 / (1.0 + sleef_expf_u10(-g))
        } else {
            1.0 / (1.0 + glibc_expf(-g))
        };
        *x *= gate;
    }
}

/// `silu_kernel`: `x / (1 + exp(-x))`.
pub fn silu(xs: &mut [f32]) {
    let (bulk, tail) = split(xs);
    for x in bulk.iter_mut() {
        *x /= 1.0 + sleef_expf_u10(-*x);
    }
    for x in tail.iter_mut() {
        *x /= 1.0 + glibc_expf(-*x);
    }
}

/// `softshrink_kernel`'s vectorised lambda (in-range values become `+0.0`, NaN stays) on the bulk, its
/// scalar one (`x * 0` in range, so `-0.0` for a negative) on the tail.
pub fn softshrink(xs: &mut [f32], l: f32) {
    let (bulk, tail) = split(xs);
    softshrink_parts(bulk, tail, l);
}

/// [`softshrink`]'s two lambdas over a bulk and a tail, for float and double.
fn softshrink_parts<T>(bulk: &mut [T], tail: &mut [T], l: T)
where
    T: Copy
        + PartialOrd
        + From<f32>
        + std::ops::Add<Output = T>
        + std::ops::Sub<Output = T>
        + std::ops::Mul<Output = T>
        + std::ops::Neg<Output = T>,
{
    let zero = T::from(0.0);
    let shrink = |a: T, inside: T| {
        if a > l {
            a - l
        } else if a < -l {
            a + l
        } else {
            inside
        }
    };
    for x in bulk.iter_mut() {
        let a = *x;
        // NaN (the only value that compares with nothing, itself included) stays.
        *x = if a.partial_cmp(&a).is_none() {
            a
        } else {
            shrink(a, zero)
        };
    }
    for x in tail.iter_mut() {
        let a = *x;
        *x = shrink(a, a * zero);
    }
}

// Float64: `Vectorized<double>` holds 4 lanes, so `cpu_kernel_vec` hands blocks of 8 to the vectorised
// lambda (SLEEF `expd4_u10`, `expm1d4_u10`, `log1pd4_u10`, `tanhd4_u10`) and the `len % 8` last
// elements to the scalar one (glibc `exp`, `expm1`, `log1p`, `tanh`).
use super::sleef_dd::{sleef_exp, sleef_expm1, sleef_log1p, sleef_tanh};

/// `(bulk, tail)` of one contiguous float64 run.
fn split_f64(xs: &mut [f64]) -> (&mut [f64], &mut [f64]) {
    let end = xs.len() - xs.len() % 8;
    xs.split_at_mut(end)
}

/// [`elu`] in double, the coefficients `alpha.to<double>() * scale.to<double>()` etc.
pub fn elu_f64(xs: &mut [f64], negcoef: f64, poscoef: f64, negiptcoef: f64) {
    let (bulk, tail) = split_f64(xs);
    for x in bulk.iter_mut() {
        let a = *x;
        *x = if a > 0.0 {
            a * poscoef
        } else {
            sleef_expm1(a * negiptcoef) * negcoef
        };
    }
    for x in tail.iter_mut() {
        let a = *x;
        *x = if a <= 0.0 {
            (a * negiptcoef).exp_m1() * negcoef
        } else {
            a * poscoef
        };
    }
}

/// [`softplus`] in double.
pub fn softplus_f64(xs: &mut [f64], beta: f64, threshold: f64) {
    let (bulk, tail) = split_f64(xs);
    for x in bulk.iter_mut() {
        let a = *x;
        let scaled = a * beta;
        *x = if scaled > threshold {
            a
        } else {
            sleef_log1p(sleef_exp(scaled)) / beta
        };
    }
    for x in tail.iter_mut() {
        let a = *x;
        let scaled = a * beta;
        *x = if scaled > threshold {
            a
        } else {
            scaled.exp().ln_1p() / beta
        };
    }
}

/// [`mish`] in double.
pub fn mish_f64(xs: &mut [f64]) {
    let (bulk, tail) = split_f64(xs);
    for x in bulk.iter_mut() {
        *x *= sleef_tanh(sleef_log1p(sleef_exp(*x)));
    }
    for x in tail.iter_mut() {
        *x *= x.exp().ln_1p().tanh();
    }
}

/// [`log_sigmoid`] in double: SLEEF on every element.
pub fn log_sigmoid_f64(xs: &mut [f64]) {
    for x in xs.iter_mut() {
        let a = *x;
        let min = if a.is_nan() || a < 0.0 { a } else { 0.0 };
        *x = min - sleef_log1p(sleef_exp(-a.abs()));
    }
}

/// [`glu`] in double.
pub fn glu_f64(a: &mut [f64], b: &[f64]) {
    let n = a.len().min(b.len());
    let end = n - n % 8;
    for (i, (x, &g)) in a.iter_mut().zip(b).enumerate() {
        let gate = if i < end {
            1.0 / (1.0 + sleef_exp(-g))
        } else {
            1.0 / (1.0 + (-g).exp())
        };
        *x *= gate;
    }
}

/// [`softshrink`] in double.
pub fn softshrink_f64(xs: &mut [f64], l: f64) {
    let (bulk, tail) = split_f64(xs);
    softshrink_parts(bulk, tail, l);
}
