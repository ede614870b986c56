//! LayerNorm (`layer_norm_kernel.cpp`, `moments_utils.h`).

use super::vec::{LANES, V8, ceil_log2};

/// `kChunkSize` of moments_utils.h.
const K_CHUNK: usize = 16;

/// The float types LayerNorm's moments run in (`opmath_t`): float32 with 8 lanes, float64 with 4.
trait MomentFloat:
    Copy
    + Default
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + std::ops::AddAssign
{
    fn fma(self, a: Self, b: Self) -> Self;
    fn from_i64(n: i64) -> Self;
    fn root(self) -> Self;
    fn eps(eps: f64) -> Self;
    /// Welford over the `L`-lane vectors of one chunk (`x.len()` a multiple of `L`).
    fn welford_chunk<const L: usize>(x: &[Self], m1v: &mut [Self; L], m2v: &mut [Self; L]) {
        for (j, v) in x.chunks_exact(L).enumerate() {
            let c = Self::from_i64(1) / Self::from_i64(j as i64 + 1);
            for l in 0..L {
                let delta = v[l] - m1v[l];
                // Both updates fused (measured).
                m1v[l] = delta.fma(c, m1v[l]);
                m2v[l] = delta.fma(v[l] - m1v[l], m2v[l]);
            }
        }
    }
}

impl MomentFloat for f32 {
    #[inline(always)]
    fn fma(self, a: f32, b: f32) -> f32 {
        self.mul_add(a, b)
    }
    #[inline(always)]
    fn from_i64(n: i64) -> f32 {
        n as f32
    }
    #[inline(always)]
    fn root(self) -> f32 {
        self.sqrt()
    }
    #[inline(always)]
    fn eps(eps: f64) -> f32 {
        eps as f32
    }
    #[inline(always)]
    fn welford_chunk<const L: usize>(x: &[f32], m1v: &mut [f32; L], m2v: &mut [f32; L]) {
        #[cfg(target_arch = "x86_64")]
        if let (Ok(a), Ok(b)) = (
            <&mut V8>::try_from(&mut m1v[..]),
            <&mut V8>::try_from(&mut m2v[..]),
        ) && super::avx2::welford_chunk(x, a, b)
        {
            return;
        }
        for (j, v) in x.chunks_exact(L).enumerate() {
            let c = 1.0f32 / (j + 1) as f32;
            for l in 0..L {
                let delta = v[l] - m1v[l];
                m1v[l] = delta.mul_add(c, m1v[l]);
                m2v[l] = delta.mul_add(v[l] - m1v[l], m2v[l]);
            }
        }
    }
}

impl MomentFloat for f64 {
    #[inline(always)]
    fn fma(self, a: f64, b: f64) -> f64 {
        self.mul_add(a, b)
    }
    #[inline(always)]
    fn from_i64(n: i64) -> f64 {
        n as f64
    }
    #[inline(always)]
    fn root(self) -> f64 {
        self.sqrt()
    }
    #[inline(always)]
    fn eps(eps: f64) -> f64 {
        eps
    }
}

/// `AddMomentsVec`, one lane: Chan's merge. Measured against torch (4000 random rows
/// of 8 to 2600 elements, every placement tried): the mean update is not fused, the
/// `m2` update is `fma(delta * c, delta * m0, m2 + m2_add)`.
#[inline(always)]
fn add_moments_lane<T: MomentFloat>(
    m0_add: i64,
    m0: i64,
    m1_add: T,
    m2_add: T,
    m1: &mut T,
    m2: &mut T,
) {
    let n = m0 + m0_add;
    let c = if n == 0 {
        T::default()
    } else {
        T::from_i64(m0_add) / T::from_i64(n)
    };
    let delta = m1_add - *m1;
    *m1 += c * delta;
    *m2 = (delta * c).fma(delta * T::from_i64(m0), *m2 + m2_add);
}

/// Scalar `AddMoments`: measured against torch, `m1 = fma(c, delta, m1)` and
/// `m2 = m2 + fma(delta * delta * c, m0, m2_add)`.
#[inline(always)]
fn add_moments_scalar<T: MomentFloat>(
    m0_add: i64,
    m1_add: T,
    m2_add: T,
    m0: &mut i64,
    m1: &mut T,
    m2: &mut T,
) {
    let n = *m0 + m0_add;
    let c = if n == 0 {
        T::default()
    } else {
        T::from_i64(m0_add) / T::from_i64(n)
    };
    let delta = m1_add - *m1;
    *m1 = c.fma(delta, *m1);
    *m2 += (delta * delta * c).fma(T::from_i64(*m0), m2_add);
    *m0 = n;
}

/// Merges level `from` of the moment stacks into level `to`, lane by lane. A function, not a closure, so
/// that it is always inlined into the caller's FMA-compiled clone (a closure was left out of line, and its
/// `mul_add`s became calls to libm's `fmaf`).
#[inline(always)]
fn merge_moments<T: MomentFloat, const L: usize>(
    m0_stk: &mut [i64],
    m1_stk: &mut [[T; L]],
    m2_stk: &mut [[T; L]],
    from: usize,
    to: usize,
) {
    let (m0_add, m1_add, m2_add) = (m0_stk[from], m1_stk[from], m2_stk[from]);
    for l in 0..L {
        let (m1, m2) = (&mut m1_stk[to][l], &mut m2_stk[to][l]);
        add_moments_lane(m0_add, m0_stk[to], m1_add[l], m2_add[l], m1, m2);
    }
    m0_stk[to] += m0_add;
}

/// `RowwiseMoments` (moments_utils.h): Welford over 8-lane vectors in chunks of 16
/// vectors, chunks merged as a binary cascade, a scalar Welford tail, then the 8 lanes
/// merged into the tail. Returns (mean, biased variance).
#[inline(always)]
fn rowwise_moments<T: MomentFloat, const L: usize>(x: &[T]) -> (T, T) {
    let big_n = x.len();
    let n = big_n / L;
    let m = n.div_ceil(K_CHUNK);
    let depth = ceil_log2(m) as usize;
    let zero = T::default();
    // `depth` is at most 64 (a row of usize::MAX elements), so the stacks live on the stack.
    let (mut m0_arr, mut m1_arr, mut m2_arr) = ([0i64; 64], [[zero; L]; 64], [[zero; L]; 64]);
    let m0_stk = &mut m0_arr[..depth];
    let m1_stk = &mut m1_arr[..depth];
    let m2_stk = &mut m2_arr[..depth];
    for i in 0..m {
        let base = i * K_CHUNK * L;
        let m0 = K_CHUNK.min(n - i * K_CHUNK);
        let mut m1v = [zero; L];
        let mut m2v = [zero; L];
        T::welford_chunk(&x[base..base + m0 * L], &mut m1v, &mut m2v);
        // Merge the chunk into level 0 (stack slot `depth` is scratch).
        for l in 0..L {
            let (a, b) = (&mut m1_stk[0][l], &mut m2_stk[0][l]);
            add_moments_lane(m0 as i64, m0_stk[0], m1v[l], m2v[l], a, b);
        }
        m0_stk[0] += m0 as i64;
        let mut mask = i + 1;
        let mut j = 1;
        while j < depth && mask & 1 == 0 {
            merge_moments(m0_stk, m1_stk, m2_stk, j - 1, j);
            m0_stk[j - 1] = 0;
            m1_stk[j - 1] = [zero; L];
            m2_stk[j - 1] = [zero; L];
            mask >>= 1;
            j += 1;
        }
    }
    for i in 1..depth {
        merge_moments(m0_stk, m1_stk, m2_stk, i, 0);
    }
    let m1_arr = m1_stk.first().copied().unwrap_or([zero; L]);
    let m2_arr = m2_stk.first().copied().unwrap_or([zero; L]);
    let mut m0: i64 = 0;
    let mut m1 = zero;
    let mut m2 = zero;
    for &xv in &x[n * L..] {
        let delta = xv - m1;
        m0 += 1;
        m1 += delta / T::from_i64(m0);
        // Not fused (measured).
        m2 += delta * (xv - m1);
    }
    for l in 0..L {
        add_moments_scalar(n as i64, m1_arr[l], m2_arr[l], &mut m0, &mut m1, &mut m2);
    }
    (m1, m2 / T::from_i64(big_n as i64))
}

/// LayerNorm over one row in place (`F.layer_norm(x, (n,), weight, bias, eps)`):
/// mean and biased variance by `RowwiseMoments`, `rstd = 1 / sqrt(var + (float)eps)`,
/// then, as measured against torch:
/// * weight given: `y = fma((x - mean) * rstd, w, b)` (`b = 0` without bias);
/// * no weight:    `y = fma(x - mean, rstd, b)` (`b = 0` without bias).
///
/// A `weight` or `bias` shorter than the row is treated as absent.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn layer_norm_row(row: &mut [f32], weight: Option<&[f32]>, bias: Option<&[f32]>, eps: f64) {
    layer_norm_row_in::<f32, LANES>(row, weight, bias, eps)
}

/// [`layer_norm_row`] on float64: the same template instantiated for `double` (4-lane vectors).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn layer_norm_row_f64(row: &mut [f64], weight: Option<&[f64]>, bias: Option<&[f64]>, eps: f64) {
    layer_norm_row_in::<f64, 4>(row, weight, bias, eps)
}

#[inline(always)]
fn layer_norm_row_in<T: MomentFloat, const L: usize>(
    row: &mut [T],
    weight: Option<&[T]>,
    bias: Option<&[T]>,
    eps: f64,
) {
    let n = row.len();
    if n == 0 {
        return;
    }
    let weight = weight.filter(|w| w.len() >= n);
    let bias = bias.filter(|b| b.len() >= n);
    let (mean, var) = rowwise_moments::<T, L>(row);
    let rstd = T::from_i64(1) / (var + T::eps(eps)).root();
    let zero = T::default();
    // One loop per case, so each vectorises.
    match (weight, bias) {
        (Some(w), Some(b)) => {
            for ((x, &w), &b) in row.iter_mut().zip(&w[..n]).zip(&b[..n]) {
                *x = ((*x - mean) * rstd).fma(w, b);
            }
        }
        (Some(w), None) => {
            for (x, &w) in row.iter_mut().zip(&w[..n]) {
                *x = ((*x - mean) * rstd).fma(w, zero);
            }
        }
        (None, Some(b)) => {
            for (x, &b) in row.iter_mut().zip(&b[..n]) {
                *x = (*x - mean).fma(rstd, b);
            }
        }
        (None, None) => {
            for x in row.iter_mut() {
                *x = (*x - mean).fma(rstd, zero);
            }
        }
    }
}

/// LayerNorm's per-row statistics as torch returns them from `native_layer_norm`:
/// `(mean, rstd)`.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn layer_norm_stats(row: &[f32], eps: f64) -> (f32, f32) {
    let (mean, var) = rowwise_moments::<f32, LANES>(row);
    (mean, 1.0f32 / (var + eps as f32).sqrt())
}

/// `RowwiseMoments` of one row, as group norm reads it: `(mean, biased variance)`.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn row_moments(row: &[f32]) -> (f32, f32) {
    rowwise_moments::<f32, LANES>(row)
}
