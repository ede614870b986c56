//! The same kernels on real 8-lane AVX2 vectors, instruction for instruction as torch's
//! `Vectorized<float>` and SLEEF's AVX2 build, so the results are the lane versions' bit for bit.
//!
//! The code is compiled twice and the CPU picks at run time: for AVX2 + FMA (`ymm`), and for the
//! same plus AVX-512VL (`evex`). Both run the same 256-bit operations, so their results are the same
//! bits; on a CPU with AVX-512 the compiler may use its encodings (32 vector registers, mask
//! registers), which the build for the machine's own CPU did before it became portable: softmax of
//! `[8,8,128,128]` 100 times took 94 ms of CPU with `evex`, 100 ms with `ymm` only, 96 ms before
//! (`perf stat -e task-clock`, four alternating runs each).

/// The kernels, compiled with the target features `$features`.
macro_rules! kernels {
    ($features:literal) => {
        use std::arch::x86_64::*;

        use super::super::sleef::{L2LF, L2UF, R_LN2F};
        use super::super::vec::{LANES, hreduce, vmaximum};

        /// `Sleef_expf8_u10`, as `sleef::sleef_expf_u10` on eight lanes.
        #[target_feature(enable = $features)]
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

        /// `Vectorized<float>` for the cascade sum: one ymm register.
        #[derive(Clone, Copy)]
        struct Ps(__m256);

        impl super::super::sum::SumAcc for Ps {
            // SAFETY: eight zero floats have the bits of a zero `__m256`.
            const ZERO: Ps = Ps(unsafe { std::mem::transmute::<[f32; 8], __m256>([0.0; 8]) });
            #[inline(always)]
            fn plus(self, other: Ps) -> Ps {
                // SAFETY: a `Ps` only exists inside this module's functions, compiled for (and only
                // called on a CPU with) AVX.
                Ps(unsafe { _mm256_add_ps(self.0, other.0) })
            }
        }

        impl super::super::sum::Lanes<f32> for Ps {
            const L: usize = 8;
            #[inline(always)]
            fn load(data: &[f32], at: usize) -> Ps {
                let v = &data[at..at + 8];
                // SAFETY: `v` holds eight floats; AVX as for `plus`.
                Ps(unsafe { _mm256_loadu_ps(v.as_ptr()) })
            }
            #[inline(always)]
            fn lane(&self, l: usize) -> f32 {
                // SAFETY: a `__m256` is eight floats.
                let lanes = unsafe { std::mem::transmute::<__m256, [f32; 8]>(self.0) };
                lanes[l]
            }
        }

        /// `Vectorized<double>` for the cascade sum.
        #[derive(Clone, Copy)]
        struct Pd(__m256d);

        impl super::super::sum::SumAcc for Pd {
            // SAFETY: four zero doubles have the bits of a zero `__m256d`.
            const ZERO: Pd = Pd(unsafe { std::mem::transmute::<[f64; 4], __m256d>([0.0; 4]) });
            #[inline(always)]
            fn plus(self, other: Pd) -> Pd {
                // SAFETY: as for `Ps`.
                Pd(unsafe { _mm256_add_pd(self.0, other.0) })
            }
        }

        impl super::super::sum::Lanes<f64> for Pd {
            const L: usize = 4;
            #[inline(always)]
            fn load(data: &[f64], at: usize) -> Pd {
                let v = &data[at..at + 4];
                // SAFETY: `v` holds four doubles; AVX as for `plus`.
                Pd(unsafe { _mm256_loadu_pd(v.as_ptr()) })
            }
            #[inline(always)]
            fn lane(&self, l: usize) -> f64 {
                // SAFETY: a `__m256d` is four doubles.
                let lanes = unsafe { std::mem::transmute::<__m256d, [f64; 4]>(self.0) };
                lanes[l]
            }
        }

        /// `cascade_sum`'s loop body on float32, with real vectors.
        #[target_feature(enable = $features)]
        pub(super) fn cascade_block_f32(
            input: &[f32],
            out: &mut [f32],
            b: super::super::sum::Block2d,
        ) {
            super::super::sum::cascade_block::<f32, Ps>(input, out, b)
        }

        /// `cascade_sum`'s loop body on float64, with real vectors.
        #[target_feature(enable = $features)]
        pub(super) fn cascade_block_f64(
            input: &[f64],
            out: &mut [f64],
            b: super::super::sum::Block2d,
        ) {
            super::super::sum::cascade_block::<f64, Pd>(input, out, b)
        }

        /// `vec::reduce_all` with `maximum` or `+` (see `vec::reduce_all`).
        #[target_feature(enable = $features)]
        fn reduce_all(data: &[f32], max: bool) -> f32 {
            let size = data.len();
            let op = |a: f32, b: f32| if max { vmaximum(a, b) } else { a + b };
            if size < LANES {
                return super::super::vec::reduce_all(data, op);
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

        /// `layer_norm::welford_chunk` on one 8-lane vector register pair.
        #[target_feature(enable = $features)]
        pub(in super::super) fn welford_chunk(
            x: &[f32],
            m1v: &mut [f32; LANES],
            m2v: &mut [f32; LANES],
        ) {
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

        /// SLEEF's float `pow` over a block (see `vec::map2`), compiled with FMA.
        #[target_feature(enable = $features)]
        pub(in super::super) fn powf_block(x: &[f32], y: &[f32], out: &mut [f32]) {
            super::super::vec::map2(
                x,
                y,
                out,
                #[inline(always)]
                |a, b| super::super::sleef::sleef_powf(a, b),
            );
        }

        /// SLEEF's double `pow` over a block.
        #[target_feature(enable = $features)]
        pub(in super::super) fn pow_block(x: &[f64], y: &[f64], out: &mut [f64]) {
            super::super::vec::map2(
                x,
                y,
                out,
                #[inline(always)]
                |a, b| super::super::sleef_dd::sleef_pow(a, b),
            );
        }

        /// SLEEF's float `atan2` over a block.
        #[target_feature(enable = $features)]
        pub(in super::super) fn atan2f_block(x: &[f32], y: &[f32], out: &mut [f32]) {
            super::super::vec::map2(
                x,
                y,
                out,
                #[inline(always)]
                |a, b| super::super::sleef::sleef_atan2f(a, b),
            );
        }

        /// SLEEF's double `atan2` over a block.
        #[target_feature(enable = $features)]
        pub(in super::super) fn atan2_block(x: &[f64], y: &[f64], out: &mut [f64]) {
            super::super::vec::map2(
                x,
                y,
                out,
                #[inline(always)]
                |a, b| super::super::sleef_dd::sleef_atan2(a, b),
            );
        }

        /// `_vec_softmax_lastdim` on one row (see `softmax::softmax_row_lanes`).
        #[target_feature(enable = $features)]
        pub(in super::super) fn softmax_row(row: &mut [f32]) {
            if row.is_empty() {
                return;
            }
            let max_input = _mm256_set1_ps(reduce_all(row, true));
            // Two vectors per step: their exps are independent, so the CPU overlaps them (a build for the
            // machine's own CPU unrolled this loop by itself; without target-cpu=native it must be written).
            let mut pairs = row.chunks_exact_mut(2 * LANES);
            for c in &mut pairs {
                // SAFETY: `c` holds exactly sixteen floats.
                unsafe {
                    let x0 = _mm256_loadu_ps(c.as_ptr());
                    let x1 = _mm256_loadu_ps(c.as_ptr().add(LANES));
                    let e0 = exp8(_mm256_sub_ps(x0, max_input));
                    let e1 = exp8(_mm256_sub_ps(x1, max_input));
                    _mm256_storeu_ps(c.as_mut_ptr(), e0);
                    _mm256_storeu_ps(c.as_mut_ptr().add(LANES), e1);
                }
            }
            let mut chunks = pairs.into_remainder().chunks_exact_mut(LANES);
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
    };
}

/// AVX2 + FMA.
mod ymm {
    kernels!("avx2,fma");
}

/// AVX2 + FMA with AVX-512 (F, VL, BW, DQ) available to the compiler for the same 256-bit code.
mod evex {
    kernels!("avx2,fma,avx512f,avx512vl,avx512bw,avx512dq");
}

/// Which compiled version this CPU can run, best first.
#[derive(Clone, Copy)]
enum Level {
    Evex,
    Ymm,
}

fn level() -> Option<Level> {
    if !(is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")) {
        return None;
    }
    let evex = is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512vl")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512dq");
    Some(if evex { Level::Evex } else { Level::Ymm })
}

/// `_vec_softmax_lastdim` on one row with the widest version the CPU has; `false` when it has no
/// AVX2 + FMA (the caller then runs the lane model).
pub(super) fn softmax_row(row: &mut [f32]) -> bool {
    match level() {
        // SAFETY: `level` checked that the CPU has every feature these versions are compiled for.
        Some(Level::Evex) => unsafe { evex::softmax_row(row) },
        // SAFETY: as above.
        Some(Level::Ymm) => unsafe { ymm::softmax_row(row) },
        None => return false,
    }
    true
}

/// Welford over the 8-lane vectors of one chunk with the widest version the CPU has; `false` when it
/// has no AVX2 + FMA (the caller then runs the lane model).
pub(super) fn welford_chunk(x: &[f32], m1v: &mut [f32; 8], m2v: &mut [f32; 8]) -> bool {
    match level() {
        // SAFETY: `level` checked that the CPU has every feature these versions are compiled for.
        Some(Level::Evex) => unsafe { evex::welford_chunk(x, m1v, m2v) },
        // SAFETY: as above.
        Some(Level::Ymm) => unsafe { ymm::welford_chunk(x, m1v, m2v) },
        None => return false,
    }
    true
}

/// `cascade_sum`'s loop body on float32 with the widest version the CPU has; `false` when it has no
/// AVX2 + FMA (the caller then runs the lane model).
pub(super) fn cascade_block_f32(input: &[f32], out: &mut [f32], b: super::sum::Block2d) -> bool {
    match level() {
        // SAFETY: `level` checked that the CPU has every feature these versions are compiled for.
        Some(Level::Evex) => unsafe { evex::cascade_block_f32(input, out, b) },
        // SAFETY: as above.
        Some(Level::Ymm) => unsafe { ymm::cascade_block_f32(input, out, b) },
        None => return false,
    }
    true
}

/// As [`cascade_block_f32`], on float64.
pub(super) fn cascade_block_f64(input: &[f64], out: &mut [f64], b: super::sum::Block2d) -> bool {
    match level() {
        // SAFETY: `level` checked that the CPU has every feature these versions are compiled for.
        Some(Level::Evex) => unsafe { evex::cascade_block_f64(input, out, b) },
        // SAFETY: as above.
        Some(Level::Ymm) => unsafe { ymm::cascade_block_f64(input, out, b) },
        None => return false,
    }
    true
}

/// Defines `$name(x, y, out) -> bool`: the block kernel `$name` with the widest version the CPU has;
/// `false` when it has no AVX2 + FMA (the caller then runs the portable build of the same function).
macro_rules! block_dispatch {
    ($name:ident, $t:ty) => {
        pub(super) fn $name(x: &[$t], y: &[$t], out: &mut [$t]) -> bool {
            match level() {
                // SAFETY: `level` checked that the CPU has every feature these versions are compiled for.
                Some(Level::Evex) => unsafe { evex::$name(x, y, out) },
                // SAFETY: as above.
                Some(Level::Ymm) => unsafe { ymm::$name(x, y, out) },
                None => return false,
            }
            true
        }
    };
}

block_dispatch!(powf_block, f32);
block_dispatch!(pow_block, f64);
block_dispatch!(atan2f_block, f32);
block_dispatch!(atan2_block, f64);
