//! The same kernels on real 8-lane AVX2 vectors, instruction for instruction as torch's
//! `Vectorized<float>` and SLEEF's AVX2 build, so the results are the lane versions' bit for bit.
//! Callers check `is_x86_feature_detected!("avx2")` and `("fma")` first.

use std::arch::x86_64::*;

use super::sleef::{L2LF, L2UF, R_LN2F};
use super::vec::{LANES, hreduce, vmaximum};

/// `Sleef_expf8_u10`, as [`super::sleef::sleef_expf_u10`] on eight lanes.
#[target_feature(enable = "avx2,fma")]
fn exp8(d: __m256) -> __m256 {
    let q = _mm256_cvtps_epi32(_mm256_mul_ps(d, _mm256_set1_ps(R_LN2F)));
    let qf = _mm256_cvtepi32_ps(q);
    let mut s = _mm256_fmadd_ps(qf, _mm256_set1_ps(-L2UF), d);
    s = _mm256_fmadd_ps(qf, _mm256_set1_ps(-L2LF), s);
    let mut u = _mm256_set1_ps(f32::from_bits(0x3950_2bda));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(f32::from_bits(0x3ab6_96c9)));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(f32::from_bits(0x3c08_88a6)));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(f32::from_bits(0x3d2a_aa7a)));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(f32::from_bits(0x3e2a_aaab)));
    u = _mm256_fmadd_ps(u, s, _mm256_set1_ps(0.5));
    u = _mm256_add_ps(
        _mm256_set1_ps(1.0),
        _mm256_fmadd_ps(_mm256_mul_ps(s, s), u, s),
    );
    // ldexp2(u, q) = u * 2^(q >> 1) * 2^(q - (q >> 1))
    let half = _mm256_srai_epi32::<1>(q);
    let pow2i = |e: __m256i| {
        _mm256_castsi256_ps(_mm256_slli_epi32::<23>(_mm256_add_epi32(
            e,
            _mm256_set1_epi32(0x7f),
        )))
    };
    u = _mm256_mul_ps(
        _mm256_mul_ps(u, pow2i(half)),
        pow2i(_mm256_sub_epi32(q, half)),
    );
    let under = _mm256_cmp_ps::<_CMP_LT_OQ>(d, _mm256_set1_ps(-104.0));
    u = _mm256_andnot_ps(under, u);
    let over = _mm256_cmp_ps::<_CMP_LT_OQ>(_mm256_set1_ps(100.0), d);
    _mm256_blendv_ps(u, _mm256_set1_ps(f32::INFINITY), over)
}

/// `vec::reduce_all` with `maximum` or `+` (see [`super::vec::reduce_all`]).
#[target_feature(enable = "avx2,fma")]
fn reduce_all(data: &[f32], max: bool) -> f32 {
    let size = data.len();
    let op = |a: f32, b: f32| if max { vmaximum(a, b) } else { a + b };
    if size < LANES {
        return super::vec::reduce_all(data, op);
    }
    let vop = |a: __m256, b: __m256| {
        if max {
            // torch's `maximum`: maxps, with NaN lanes forced to NaN.
            let m = _mm256_max_ps(a, b);
            _mm256_or_ps(m, _mm256_cmp_ps::<_CMP_UNORD_Q>(a, b))
        } else {
            _mm256_add_ps(a, b)
        }
    };
    // SAFETY (all loads): `d + LANES <= size` is checked by the loop bounds.
    let mut acc = unsafe { _mm256_loadu_ps(data.as_ptr()) };
    let full = size - size % LANES;
    let mut d = LANES;
    while d < full {
        acc = vop(acc, unsafe { _mm256_loadu_ps(data.as_ptr().add(d)) });
        d += LANES;
    }
    let mut lanes = [0.0f32; LANES];
    // SAFETY: `lanes` holds eight floats.
    unsafe { _mm256_storeu_ps(lanes.as_mut_ptr(), acc) };
    for (a, &x) in lanes.iter_mut().zip(&data[d..]) {
        *a = op(*a, x);
    }
    hreduce(lanes, op)
}

/// [`super::layer_norm`]'s `welford_chunk` on one 8-lane vector register pair.
#[target_feature(enable = "avx2,fma")]
pub(super) fn welford_chunk(x: &[f32], m1v: &mut [f32; LANES], m2v: &mut [f32; LANES]) {
    // SAFETY (all loads and stores): the arrays hold eight floats, and so does each `v`.
    let (mut m1, mut m2) =
        unsafe { (_mm256_loadu_ps(m1v.as_ptr()), _mm256_loadu_ps(m2v.as_ptr())) };
    for (j, v) in x.chunks_exact(LANES).enumerate() {
        let c = _mm256_set1_ps(1.0f32 / (j + 1) as f32);
        let xv = unsafe { _mm256_loadu_ps(v.as_ptr()) };
        let delta = _mm256_sub_ps(xv, m1);
        m1 = _mm256_fmadd_ps(delta, c, m1);
        m2 = _mm256_fmadd_ps(delta, _mm256_sub_ps(xv, m1), m2);
    }
    unsafe {
        _mm256_storeu_ps(m1v.as_mut_ptr(), m1);
        _mm256_storeu_ps(m2v.as_mut_ptr(), m2);
    }
}

/// `_vec_softmax_lastdim` on one row (see [`super::softmax::softmax_row_lanes`]).
#[target_feature(enable = "avx2,fma")]
pub(super) fn softmax_row(row: &mut [f32]) {
    if row.is_empty() {
        return;
    }
    let max_input = _mm256_set1_ps(reduce_all(row, true));
    let mut chunks = row.chunks_exact_mut(LANES);
    for c in &mut chunks {
        // SAFETY: `c` holds exactly eight floats.
        unsafe {
            let x = _mm256_loadu_ps(c.as_ptr());
            _mm256_storeu_ps(c.as_mut_ptr(), exp8(_mm256_sub_ps(x, max_input)));
        }
    }
    let tail = chunks.into_remainder();
    if !tail.is_empty() {
        let mut lanes = [0.0f32; LANES];
        lanes[..tail.len()].copy_from_slice(tail);
        // SAFETY: `lanes` holds eight floats.
        unsafe {
            let x = _mm256_loadu_ps(lanes.as_ptr());
            _mm256_storeu_ps(lanes.as_mut_ptr(), exp8(_mm256_sub_ps(x, max_input)));
        }
        let n = tail.len();
        tail.copy_from_slice(&lanes[..n]);
    }
    let inv = _mm256_set1_ps(1.0 / reduce_all(row, false));
    let mut chunks = row.chunks_exact_mut(LANES);
    for c in &mut chunks {
        // SAFETY: `c` holds exactly eight floats.
        unsafe {
            let x = _mm256_loadu_ps(c.as_ptr());
            _mm256_storeu_ps(c.as_mut_ptr(), _mm256_mul_ps(x, inv));
        }
    }
    let inv = _mm256_cvtss_f32(inv);
    for x in chunks.into_remainder() {
        *x *= inv;
    }
}
