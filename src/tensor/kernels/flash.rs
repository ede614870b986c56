//! The per-row arithmetic of ATen's CPU flash attention (`cpu_flash_attention` in
//! `aten/src/ATen/native/cpu/FlashAttentionKernel.cpp`), which `F.scaled_dot_product_attention`
//! runs for 4-D (and 3-D) inputs without dropout. For each query row and each block of up to 512
//! keys, the kernel takes the block's `q·k` products (a GEMM, done by the caller) and:
//!
//! 1. scales them, adding the mask when there is one (`_scale_attn_mask_fusion_kernel`: `a * scale + b`,
//!    which GCC contracts into one fused multiply-add, on whole vectors as on the tail: its AVX2
//!    intrinsics are plain vector arithmetic), or scales them and takes their maximum in one pass
//!    (`_mul_reduce_max_fusion_kernel`);
//! 2. takes the running maximum, and when it is `-inf` (every key so far masked) writes zeros;
//! 3. otherwise replaces each product by `exp(x - max)`: `Vectorized<float>::exp_u20` (a degree-5
//!    polynomial, not SLEEF) on whole vectors and `expf` on the tail, summing them in vector lanes
//!    reduced as `vec_reduce_all` does, then the tail in order (`_exp_reduce_sum_fusion_kernel`);
//! 4. rescales the row's running sum by `exp(old_max - max)` and returns that factor, by which the
//!    caller rescales the row's running output before adding the block's weights times v (a GEMM).
//!
//! At the end the caller multiplies each output row by `1 / sum` (not a division). Float64 runs the
//! same steps on 4-lane vectors, with SLEEF's `exp` (u10) for `exp_u20` and lanes added in order.

use super::glibc::glibc_expf;
use super::sleef_dd::sleef_exp;
use super::vec::{LANES, hreduce, reduce_all, vmaximum};

/// The mask of one query row within one key block: none, or one value per key.
#[derive(Debug, Clone, Copy)]
pub enum MaskRow<'a, T> {
    None,
    Each(&'a [T]),
}

/// A query row's running maximum and sum of exponentials, carried from one key block to the next.
#[derive(Debug, Clone, Copy)]
pub struct RowState<T> {
    pub max: T,
    pub sum: T,
}

/// `Vectorized<float>::exp_u20` (vec256_float.h) on one lane: `x = n·ln2 + r`, a degree-5 polynomial
/// in `r` by fused multiply-adds, times `2^(n-1)`, times 2. Below `ln(FLT_MIN)` it gives 0; a NaN
/// lane is clamped to `ln(FLT_MAX)` by `min_ps`, as the intrinsics do.
#[inline(always)]
pub fn exp_u20(x: f32) -> f32 {
    let ln_flt_min = f32::from_bits(0xc2ae_ac50);
    let ln_flt_max = f32::from_bits(0x42b1_7218);
    let log2e = f32::from_bits(0x3fb8_aa3b);
    let ln2 = f32::from_bits(0x3f31_7218);
    let less = x < ln_flt_min;
    // `_mm256_min_ps(x, max)` / `_mm256_max_ps(src, min)`: the second operand when unordered.
    let src = if x < ln_flt_max { x } else { ln_flt_max };
    let src = if src > ln_flt_min { src } else { ln_flt_min };
    let fx = src.mul_add(log2e, 0.5).floor();
    let r = (-fx).mul_add(ln2, src);
    // 0.00828929059f, 0.0418978221f, 0.166676521f, 0.499991506f, 0.999999701f (≈ 1/5!, 1/4!, 1/3!, 1/2!, 1/1!).
    let c = [
        0x3c07_cfce,
        0x3d2b_9d0d,
        0x3e2a_ad40,
        0x3eff_fee3,
        0x3f7f_fffb,
    ]
    .map(f32::from_bits);
    let mut res = r.mul_add(c[0], c[1]);
    res = r.mul_add(res, c[2]);
    res = r.mul_add(res, c[3]);
    res = r.mul_add(res, c[4]);
    res = r.mul_add(res, 1.0);
    // `_mm256_cvtps_epi32` of an integral value, plus the bias, shifted into the exponent.
    let n = (fx - 1.0) as i32;
    let pow = if less {
        0.0
    } else {
        f32::from_bits((n.wrapping_add(127) as u32) << 23)
    };
    res * pow * 2.0
}

/// `std::max(a, b)`: `a < b ? b : a`.
#[inline(always)]
fn std_max<T: PartialOrd>(a: T, b: T) -> T {
    if a < b { b } else { a }
}

/// Steps 1-4 of the module's description for one float32 query row and key block. `qk` holds the
/// block's `q·k` products and receives the unnormalised weights; keys from `limit` on are hidden (the
/// causal mask). Returns the factor the row's running output is to be multiplied by before this
/// block's weights times v are added, or `None` when the row is left as it was (every key so far
/// masked).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn block_f32(
    qk: &mut [f32],
    limit: usize,
    mask: MaskRow<'_, f32>,
    scale: f32,
    state: &mut RowState<f32>,
) -> Option<f32> {
    let n = qk.len();
    let full = n - n % LANES;
    for x in qk.iter_mut().skip(limit) {
        *x = f32::NEG_INFINITY;
    }
    let block_max = match mask {
        MaskRow::None => {
            let mut lanes = [f32::NEG_INFINITY; LANES];
            for chunk in qk[..full].chunks_exact_mut(LANES) {
                for (l, x) in chunk.iter_mut().enumerate() {
                    *x *= scale;
                    lanes[l] = vmaximum(lanes[l], *x);
                }
            }
            let mut tail = f32::NEG_INFINITY;
            for x in &mut qk[full..] {
                *x *= scale;
                tail = std_max(tail, *x);
            }
            std_max(tail, hreduce(lanes, vmaximum))
        }
        mask => {
            for (i, x) in qk.iter_mut().enumerate() {
                let b = match mask {
                    MaskRow::Each(m) => m[i],
                    MaskRow::None => 0.0,
                };
                *x = x.mul_add(scale, b);
            }
            reduce_all(qk, vmaximum)
        }
    };
    let max = if state.max > block_max {
        state.max
    } else {
        block_max
    };
    if max == f32::NEG_INFINITY {
        qk.fill(0.0);
        return None;
    }
    let mut lanes = [0.0f32; LANES];
    for chunk in qk[..full].chunks_exact_mut(LANES) {
        for (l, x) in chunk.iter_mut().enumerate() {
            *x = exp_u20(*x - max);
            lanes[l] += *x;
        }
    }
    let mut sum = hreduce(lanes, |a, b| a + b);
    for x in &mut qk[full..] {
        *x = glibc_expf(*x - max);
        sum += *x;
    }
    let factor = glibc_expf(state.max - max);
    state.sum = factor.mul_add(state.sum, sum);
    state.max = max;
    Some(factor)
}

/// Float64 lanes of `Vectorized<double>` (AVX2).
const LANES_F64: usize = 4;

/// [`block_f32`] for float64 (a copy rather than one generic function: the generic version measured
/// 15% slower at the paper's size, `[8, 8, 128, 64]`): 4-lane vectors, SLEEF `exp` (u10) for `exp_u20`, the C library's `exp`
/// on the tail, lanes added in order (`vec_reduce_all`'s generic form).
pub fn block_f64(
    qk: &mut [f64],
    limit: usize,
    mask: MaskRow<'_, f64>,
    scale: f64,
    state: &mut RowState<f64>,
) -> Option<f64> {
    let n = qk.len();
    let full = n - n % LANES_F64;
    for x in qk.iter_mut().skip(limit) {
        *x = f64::NEG_INFINITY;
    }
    let vmax = |a: f64, b: f64| {
        if a.is_nan() || b.is_nan() {
            f64::NAN
        } else if a > b {
            a
        } else {
            b
        }
    };
    let in_order = |lanes: [f64; LANES_F64], op: &dyn Fn(f64, f64) -> f64| {
        lanes[1..].iter().fold(lanes[0], |acc, &x| op(acc, x))
    };
    let block_max = match mask {
        MaskRow::None => {
            let mut lanes = [f64::NEG_INFINITY; LANES_F64];
            for chunk in qk[..full].chunks_exact_mut(LANES_F64) {
                for (l, x) in chunk.iter_mut().enumerate() {
                    *x *= scale;
                    lanes[l] = vmax(lanes[l], *x);
                }
            }
            let mut tail = f64::NEG_INFINITY;
            for x in &mut qk[full..] {
                *x *= scale;
                tail = std_max(tail, *x);
            }
            std_max(tail, in_order(lanes, &vmax))
        }
        mask => {
            for (i, x) in qk.iter_mut().enumerate() {
                let b = match mask {
                    MaskRow::Each(m) => m[i],
                    MaskRow::None => 0.0,
                };
                *x = x.mul_add(scale, b);
            }
            // `reduce_all` over 4-lane vectors, then the lanes in order.
            if n < LANES_F64 {
                qk[1..].iter().fold(qk[0], |acc, &x| vmax(acc, x))
            } else {
                let mut lanes = [0.0; LANES_F64];
                lanes.copy_from_slice(&qk[..LANES_F64]);
                for chunk in qk[LANES_F64..].chunks(LANES_F64) {
                    for (l, &x) in chunk.iter().enumerate() {
                        lanes[l] = vmax(lanes[l], x);
                    }
                }
                in_order(lanes, &vmax)
            }
        }
    };
    let max = if state.max > block_max {
        state.max
    } else {
        block_max
    };
    if max == f64::NEG_INFINITY {
        qk.fill(0.0);
        return None;
    }
    let mut lanes = [0.0f64; LANES_F64];
    for chunk in qk[..full].chunks_exact_mut(LANES_F64) {
        for (l, x) in chunk.iter_mut().enumerate() {
            *x = sleef_exp(*x - max);
            lanes[l] += *x;
        }
    }
    let mut sum = in_order(lanes, &|a, b| a + b);
    for x in &mut qk[full..] {
        *x = (*x - max).exp();
        sum += *x;
    }
    let factor = (state.max - max).exp();
    state.sum = factor.mul_add(state.sum, sum);
    state.max = max;
    Some(factor)
}
