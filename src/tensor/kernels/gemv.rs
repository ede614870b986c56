//! Matrix-vector products without packing: the float32 GEMM's elements when one operand is a single
//! row or column, computed as `matrixmultiply::sgemm` computes them, bit for bit.
//!
//! The tutor's GEMM is matrixmultiply's (PyTorch's is MKL's, closed source: see `ops/matmul.rs`). For
//! `W @ v` it packs all of `W` into panels before multiplying each weight once, and the packing cost
//! more than the arithmetic (`W` of `[2048, 512]` times a vector: 0.77 ms, PyTorch 0.09 ms). Here each
//! element of the result is one dot product read in place, in matrixmultiply's order, so the numbers do
//! not change with the path: `k` in blocks of [`KC`]; within a block one accumulator from +0.0 through
//! every `p` in order (a fused multiply-add where its kernel fuses: the AVX-512 and AVX2 + FMA kernels
//! on x86-64 and the NEON kernel; a rounded product then a rounded sum elsewhere); the block sums added
//! to the element in order (`beta = 1` after the first block, `alpha = 1`).
//!
//! Vectorised (AVX2 + FMA, chosen at run time) for the two layouts `nn.Linear` and `@` give: the vector
//! against contiguous rows (eight rows at a time, each 8 × 8 tile transposed in registers so a lane
//! holds one row's chain) and against contiguous columns (a lane per output, a row of the matrix per
//! step). Any other layout takes the scalar loop, which does the same arithmetic.

/// matrixmultiply's `S_KC`: the depth of one packed block, after which its kernel adds its accumulators
/// to C and starts again from zero.
pub const KC: usize = 256;

/// Whether matrixmultiply's sgemm kernel on this CPU fuses its multiply-adds (`sgemm_kernel::detect`:
/// AVX-512F, or FMA with AVX2, on x86-64; NEON on aarch64); the others round each product first.
pub fn gemm_uses_fma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        is_x86_feature_detected!("avx512f")
            || (is_x86_feature_detected!("fma") && is_x86_feature_detected!("avx2"))
    }
    #[cfg(target_arch = "aarch64")]
    {
        std::arch::is_aarch64_feature_detected!("neon")
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        false
    }
}

/// `out[t] = Σ_p u[p] · v[t·vt + p·vp]` for every `t`, each sum in matrixmultiply's order (see the
/// module). `fma` says how its kernel multiplies and adds ([`gemm_uses_fma`]). An empty `u` gives
/// zeros, as a GEMM with `k = 0` does. If `v` is too short for the last element read, nothing is
/// computed and `out` is filled with NaN (the callers check the layout first; this keeps the function
/// total).
pub fn gemv(out: &mut [f32], u: &[f32], v: &[f32], vt: usize, vp: usize, fma: bool) {
    let (n, k) = (out.len(), u.len());
    if n == 0 {
        return;
    }
    if k == 0 {
        out.fill(0.0);
        return;
    }
    let last = (n - 1)
        .checked_mul(vt)
        .zip((k - 1).checked_mul(vp))
        .and_then(|(a, b)| a.checked_add(b));
    if last.is_none_or(|last| last >= v.len()) {
        out.fill(f32::NAN);
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if fma && is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma") {
        // SAFETY: the CPU has AVX2 and FMA, and every index read, `t * vt + p * vp` with `t < n` and
        // `p < k`, is at most `last`, inside `v`.
        unsafe {
            if vp == 1 {
                x86::rows(out, u, v.as_ptr(), vt);
            } else if vt == 1 {
                x86::columns(out, u, v.as_ptr(), vp);
            } else {
                x86::any(out, u, v, vt, vp);
            }
        }
        return;
    }
    if fma {
        scalar::<true>(out, u, v, vt, vp);
    } else {
        scalar::<false>(out, u, v, vt, vp);
    }
}

/// The element loop of [`gemv`], for any layout.
#[inline(always)]
fn scalar<const FMA: bool>(out: &mut [f32], u: &[f32], v: &[f32], vt: usize, vp: usize) {
    for (t, o) in out.iter_mut().enumerate() {
        let row = &v[t * vt..];
        *o = blocks::<FMA>(u.len(), |p| (u[p], row[p * vp]));
    }
}

/// One element: the block sums of `term(p)`'s products over `0..k`, in matrixmultiply's order.
#[inline(always)]
fn blocks<const FMA: bool>(k: usize, term: impl Fn(usize) -> (f32, f32)) -> f32 {
    let mut total = 0.0f32;
    let mut start = 0;
    while start < k {
        let end = (start + KC).min(k);
        let mut acc = 0.0f32;
        for p in start..end {
            let (a, b) = term(p);
            acc = if FMA { a.mul_add(b, acc) } else { acc + a * b };
        }
        total = if start == 0 { acc } else { total + acc };
        start = end;
    }
    total
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    use super::{KC, blocks};

    /// [`super::scalar`] with fused multiply-adds, compiled for FMA so they are single instructions.
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn any(out: &mut [f32], u: &[f32], v: &[f32], vt: usize, vp: usize) {
        super::scalar::<true>(out, u, v, vt, vp);
    }

    /// Rows of `v` contiguous along `p` (`vp == 1`), `vt` apart: a lane per output, sixteen at a time
    /// (two independent chains), then eight, then one.
    ///
    /// # Safety
    /// The CPU has AVX2 and FMA; `v[t * vt + p]` is readable for every `t < out.len()`, `p < u.len()`.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn rows(out: &mut [f32], u: &[f32], v: *const f32, vt: usize) {
        let k = u.len();
        // SAFETY (the three closures): rows t.. of `v` that `drive` asks for are below `out.len()`, so
        // inside `v` (the caller's guarantee).
        drive::<2>(
            out,
            |t| unsafe { rows_n::<2>(u, v.add(t * vt), vt) },
            |t| unsafe { rows_n::<1>(u, v.add(t * vt), vt)[0] },
            |i| blocks::<true>(k, |p| (u[p], unsafe { *v.add(i * vt + p) })),
        );
    }

    /// The `8 N` sums of [`rows`] for the rows at `base`, `base + vt`, ...
    ///
    /// # Safety
    /// As [`rows`], for these rows.
    #[target_feature(enable = "avx2,fma")]
    unsafe fn rows_n<const N: usize>(u: &[f32], base: *const f32, vt: usize) -> [__m256; N] {
        let k = u.len();
        let mut total = [_mm256_setzero_ps(); N];
        let mut start = 0;
        while start < k {
            let end = (start + KC).min(k);
            let mut acc = [_mm256_setzero_ps(); N];
            let mut p = start;
            // A whole 64-byte line of each row per step where the block allows (rows a multiple of 4 KB
            // apart share cache sets: a line read twice may be gone the second time), a group's rows
            // at a time; the groups' chains are independent, so the CPU overlaps them.
            while p + 16 <= end {
                for (g, a) in acc.iter_mut().enumerate() {
                    for half in [0, 8] {
                        // SAFETY: columns p..p + 16 < k of rows 8 g..8 g + 8.
                        *a = unsafe {
                            tile(
                                *a,
                                &u[p + half..p + half + 8],
                                base.add(8 * g * vt + p + half),
                                vt,
                            )
                        };
                    }
                }
                p += 16;
            }
            if p + 8 <= end {
                for (g, a) in acc.iter_mut().enumerate() {
                    // SAFETY: columns p..p + 8 < k of rows 8 g..8 g + 8.
                    *a = unsafe { tile(*a, &u[p..p + 8], base.add(8 * g * vt + p), vt) };
                }
                p += 8;
            }
            while p < end {
                let x = _mm256_set1_ps(u[p]);
                for (g, a) in acc.iter_mut().enumerate() {
                    // SAFETY: column p < k of rows 8 g..8 g + 8.
                    let col = unsafe {
                        let at = |j: usize| *base.add((8 * g + j) * vt + p);
                        _mm256_setr_ps(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7))
                    };
                    *a = _mm256_fmadd_ps(col, x, *a);
                }
                p += 1;
            }
            // As in `in_blocks` (written out here: through a closure the tiles were not inlined).
            for (t, a) in total.iter_mut().zip(acc) {
                *t = if start == 0 { a } else { _mm256_add_ps(*t, a) };
            }
            start = end;
        }
        total
    }

    /// `acc` after eight fused multiply-adds, lane `j` taking `at[j * vt + q] * u[q]` for `q` in order: the
    /// 8 × 8 tile at `at` (rows `vt` apart) is transposed in registers so each lane holds one row.
    ///
    /// # Safety
    /// `u` has eight elements; `at[j * vt + q]` is readable for `j, q < 8`.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn tile(mut acc: __m256, u: &[f32], at: *const f32, vt: usize) -> __m256 {
        // SAFETY: the caller's guarantee.
        let row = |j: usize| unsafe { _mm256_loadu_ps(at.add(j * vt)) };
        let cols = transpose8([
            row(0),
            row(1),
            row(2),
            row(3),
            row(4),
            row(5),
            row(6),
            row(7),
        ]);
        for (col, &x) in cols.iter().zip(u) {
            acc = _mm256_fmadd_ps(*col, _mm256_set1_ps(x), acc);
        }
        acc
    }

    /// The 8 × 8 transpose: lane `j` of result `q` is lane `q` of input `j`.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn transpose8(r: [__m256; 8]) -> [__m256; 8] {
        let t0 = _mm256_unpacklo_ps(r[0], r[1]);
        let t1 = _mm256_unpackhi_ps(r[0], r[1]);
        let t2 = _mm256_unpacklo_ps(r[2], r[3]);
        let t3 = _mm256_unpackhi_ps(r[2], r[3]);
        let t4 = _mm256_unpacklo_ps(r[4], r[5]);
        let t5 = _mm256_unpackhi_ps(r[4], r[5]);
        let t6 = _mm256_unpacklo_ps(r[6], r[7]);
        let t7 = _mm256_unpackhi_ps(r[6], r[7]);
        let s0 = _mm256_shuffle_ps::<0x44>(t0, t2);
        let s1 = _mm256_shuffle_ps::<0xEE>(t0, t2);
        let s2 = _mm256_shuffle_ps::<0x44>(t1, t3);
        let s3 = _mm256_shuffle_ps::<0xEE>(t1, t3);
        let s4 = _mm256_shuffle_ps::<0x44>(t4, t6);
        let s5 = _mm256_shuffle_ps::<0xEE>(t4, t6);
        let s6 = _mm256_shuffle_ps::<0x44>(t5, t7);
        let s7 = _mm256_shuffle_ps::<0xEE>(t5, t7);
        [
            _mm256_permute2f128_ps::<0x20>(s0, s4),
            _mm256_permute2f128_ps::<0x20>(s1, s5),
            _mm256_permute2f128_ps::<0x20>(s2, s6),
            _mm256_permute2f128_ps::<0x20>(s3, s7),
            _mm256_permute2f128_ps::<0x31>(s0, s4),
            _mm256_permute2f128_ps::<0x31>(s1, s5),
            _mm256_permute2f128_ps::<0x31>(s2, s6),
            _mm256_permute2f128_ps::<0x31>(s3, s7),
        ]
    }

    /// Outputs contiguous in `v` (`vt == 1`), rows of `v` `vp` apart: a lane per output, 64 at a time
    /// (eight independent chains keep both FMA units busy), then eight, then one.
    ///
    /// # Safety
    /// The CPU has AVX2 and FMA; `v[t + p * vp]` is readable for every `t < out.len()`, `p < u.len()`.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn columns(out: &mut [f32], u: &[f32], v: *const f32, vp: usize) {
        let k = u.len();
        // SAFETY (the three closures): outputs t.. that `drive` asks for are below `out.len()`, so
        // inside `v`'s rows (the caller's guarantee).
        drive::<8>(
            out,
            |t| unsafe { columns_n::<8>(u, v.add(t), vp) },
            |t| unsafe { columns_n::<1>(u, v.add(t), vp)[0] },
            |i| blocks::<true>(k, |p| (u[p], unsafe { *v.add(i + p * vp) })),
        );
    }

    /// `8 N` outputs of [`columns`] starting at `base`.
    ///
    /// # Safety
    /// As [`columns`], for these outputs.
    #[target_feature(enable = "avx2,fma")]
    unsafe fn columns_n<const N: usize>(u: &[f32], base: *const f32, vp: usize) -> [__m256; N] {
        in_blocks::<N>(u.len(), |start, end, mut acc| {
            for (p, &x) in u.iter().enumerate().take(end).skip(start) {
                let x = _mm256_set1_ps(x);
                for (i, a) in acc.iter_mut().enumerate() {
                    // SAFETY: row p < k, outputs inside the 8 N given.
                    let row = unsafe { _mm256_loadu_ps(base.add(p * vp + 8 * i)) };
                    *a = _mm256_fmadd_ps(x, row, *a);
                }
            }
            acc
        })
    }

    /// The element order of the module for `N` vectors of sums: `k` in blocks of [`KC`], each block's
    /// accumulators (`block(start, end, zeros)`) from zero, the block sums added in order.
    #[inline(always)]
    fn in_blocks<const N: usize>(
        k: usize,
        mut block: impl FnMut(usize, usize, [__m256; N]) -> [__m256; N],
    ) -> [__m256; N] {
        // SAFETY: SSE is part of x86-64, and a zero `__m256` needs nothing more.
        let zero = unsafe { _mm256_setzero_ps() };
        let mut total = [zero; N];
        let mut start = 0;
        while start < k {
            let end = (start + KC).min(k);
            let acc = block(start, end, [zero; N]);
            for (t, a) in total.iter_mut().zip(acc) {
                // SAFETY: only inlined into the AVX2 kernels above.
                *t = if start == 0 {
                    a
                } else {
                    unsafe { _mm256_add_ps(*t, a) }
                };
            }
            start = end;
        }
        total
    }

    /// Fills `out`: `8 N` outputs at a time from `wide(t)`, then eight from `narrow(t)`, then one from
    /// `one(t)` (each gives the sums of the outputs from `t` on).
    #[inline(always)]
    fn drive<const N: usize>(
        out: &mut [f32],
        wide: impl Fn(usize) -> [__m256; N],
        narrow: impl Fn(usize) -> __m256,
        one: impl Fn(usize) -> f32,
    ) {
        let n = out.len();
        let mut t = 0;
        let store = |out: &mut [f32], t: usize, s: __m256| {
            // SAFETY: `_mm256_storeu_ps` needs only AVX (the kernels above have it) and writes
            // `out[t..t + 8]`, inside `out` wherever it is called.
            unsafe { _mm256_storeu_ps(out[t..t + 8].as_mut_ptr(), s) }
        };
        while t + 8 * N <= n {
            for (i, s) in wide(t).into_iter().enumerate() {
                store(out, t + 8 * i, s);
            }
            t += 8 * N;
        }
        while t + 8 <= n {
            store(out, t, narrow(t));
            t += 8;
        }
        for (i, o) in out.iter_mut().enumerate().skip(t) {
            *o = one(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// matrixmultiply's sgemm on the same operands: `A` is `[n, k]` with strides `(vt, vp)` over `v`,
    /// times `u` as a column.
    fn sgemm(u: &[f32], v: &[f32], n: usize, vt: usize, vp: usize) -> Vec<f32> {
        let k = u.len();
        let mut c = vec![f32::NAN; n];
        // SAFETY: the sizes and strides describe memory inside `v`, `u` and `c`.
        unsafe {
            matrixmultiply::sgemm(
                n,
                k,
                1,
                1.0,
                v.as_ptr(),
                vt as isize,
                vp as isize,
                u.as_ptr(),
                1,
                1,
                0.0,
                c.as_mut_ptr(),
                1,
                1,
            );
        }
        c
    }

    fn values(len: usize, seed: u32) -> Vec<f32> {
        // Products and sums that round differently in different orders, with some zeros, signs and
        // magnitudes mixed in.
        let mut s = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
        (0..len)
            .map(|i| {
                s ^= s << 13;
                s ^= s >> 17;
                s ^= s << 5;
                let x = (s as f32 / u32::MAX as f32 - 0.5) * 3.0;
                match i % 29 {
                    0 => 0.0,
                    7 => -0.0,
                    11 => x * 1e4,
                    _ => x,
                }
            })
            .collect()
    }

    #[test]
    fn every_layout_matches_the_gemm_bit_for_bit() {
        let fma = gemm_uses_fma();
        let mut cases = 0;
        for &(n, k) in &[
            (1, 1),
            (3, 5),
            (8, 8),
            (9, 17),
            (16, 255),
            (17, 256),
            (23, 257),
            (70, 513),
            (129, 1000),
        ] {
            for (layout, (vt, vp, len)) in [
                ("rows", (k, 1, n * k)),
                ("padded rows", (k + 3, 1, n * (k + 3))),
                ("columns", (1, n, n * k)),
                ("padded columns", (1, n + 5, k * (n + 5))),
                ("strided", (2 * k + 1, 2, n * (2 * k + 1))),
            ] {
                let v = values(len, (n * 1000 + k) as u32);
                let u = values(k, k as u32);
                let mut out = vec![f32::NAN; n];
                gemv(&mut out, &u, &v, vt, vp, fma);
                let want = sgemm(&u, &v, n, vt, vp);
                let bits = |x: &[f32]| x.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(&out), bits(&want), "{layout} n={n} k={k}");
                cases += 1;
            }
        }
        assert_eq!(cases, 45);
    }

    #[test]
    fn empty_and_short_inputs_do_not_panic() {
        let mut out = [1.0f32; 3];
        gemv(&mut out, &[], &[], 1, 1, true);
        assert_eq!(out, [0.0; 3]);
        gemv(&mut out, &[1.0, 2.0], &[1.0; 3], 1, 1, true);
        assert!(out.iter().all(|x| x.is_nan()));
        gemv(&mut [], &[1.0], &[], 1, 1, false);
    }
}
