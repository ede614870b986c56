//! torch's `at::vec::Vectorized<float>` (AVX2: 8 lanes) modelled lane by lane: loads, the
//! horizontal reduction order of `vec_reduce_all`, `maximum`, and `at::parallel_for`'s split.

/// Number of float lanes of `at::vec::Vectorized<float>` in torch's AVX2 kernels.
pub(super) const LANES: usize = 8;

/// `at::internal::GRAIN_SIZE`.
pub(super) const GRAIN_SIZE: usize = 32768;

pub(super) type V8 = [f32; LANES];

/// `Vectorized<float>::loadu(ptr, count)`: missing lanes read as 0.
#[inline(always)]
pub(super) fn load8(data: &[f32], at: usize) -> V8 {
    // Whole vectors (all but a row's last) in one bounds check, so the loads vectorise.
    if let Some(whole) = data.get(at..at.saturating_add(LANES))
        && let Ok(v) = <V8>::try_from(whole)
    {
        return v;
    }
    let mut v = [0.0f32; LANES];
    for (l, slot) in v.iter_mut().enumerate() {
        *slot = data.get(at + l).copied().unwrap_or(0.0);
    }
    v
}

/// The AVX2 specialisation of `vec_reduce_all` (functional_base.h): a 128-bit swap, a
/// 64-bit swap then a 32-bit swap, so lane 0 ends up with
/// `op(op(op(v0, v4), op(v2, v6)), op(op(v1, v5), op(v3, v7)))`.
#[inline(always)]
pub(super) fn hreduce(v: V8, op: impl Fn(f32, f32) -> f32) -> f32 {
    let mut a = [0.0f32; LANES];
    for (i, slot) in a.iter_mut().enumerate() {
        *slot = op(v[i], v[i ^ 4]);
    }
    let mut b = [0.0f32; LANES];
    for (i, slot) in b.iter_mut().enumerate() {
        *slot = op(a[i], a[i ^ 2]);
    }
    op(b[0], b[1])
}

/// `vec::reduce_all` (functional_base.h) over `data` (an empty slice gives 0).
#[inline(always)]
pub(super) fn reduce_all(data: &[f32], op: impl Fn(f32, f32) -> f32) -> f32 {
    let size = data.len();
    if size == 0 {
        return 0.0;
    }
    if size < LANES {
        // Slow path `vec_reduce_all(vec_fun, acc_vec, size)`: only lane 0 matters.
        let mut acc = data[0];
        for &x in &data[1..] {
            acc = op(acc, x);
        }
        return acc;
    }
    let mut acc = load8(data, 0);
    let full = size - size % LANES;
    let mut d = LANES;
    while d < full {
        for (l, a) in acc.iter_mut().enumerate() {
            *a = op(*a, data[d + l]);
        }
        d += LANES;
    }
    // `Vec::set(acc, vec_fun(acc, tail), size - d)`: only the loaded lanes change.
    for (a, &x) in acc.iter_mut().zip(&data[d..]) {
        *a = op(*a, x);
    }
    hreduce(acc, op)
}

/// `vec::maximum` on one lane: `_mm256_max_ps` or-ed with an unordered mask (NaN wins).
#[inline(always)]
pub(super) fn vmaximum(a: f32, b: f32) -> f32 {
    if a.is_nan() || b.is_nan() {
        f32::NAN
    } else if a > b {
        a
    } else {
        // maxps returns its second operand when the operands compare equal.
        b
    }
}

/// The `[begin, end)` ranges `at::parallel_for` / `parallel_reduce` hand to each thread
/// (OpenMP backend): at most `threads` chunks of `ceil(n / used)` items.
pub(crate) fn thread_chunks(n: usize, grain: usize, threads: usize) -> Vec<(usize, usize)> {
    let used = threads.max(1).min(n.div_ceil(grain.max(1)).max(1));
    let chunk = n.div_ceil(used).max(1);
    (0..used)
        .map(|t| (t * chunk, ((t + 1) * chunk).min(n)))
        .filter(|(b, e)| b < e)
        .collect()
}

/// `utils::CeilLog2` (ATen/native/cpu/utils.h): note it gives 1 for 0, 1 and 2.
#[inline(always)]
pub(super) fn ceil_log2(x: usize) -> u32 {
    if x <= 2 {
        1
    } else {
        usize::BITS - (x - 1).leading_zeros()
    }
}

/// `out[i] = f(x[i], y[i])`, where `x` or `y` may be one value for every `i` (a broadcast operand),
/// as three plain loops the compiler can vectorise.
#[inline(always)]
pub(crate) fn map2<T: Copy>(x: &[T], y: &[T], out: &mut [T], f: impl Fn(T, T) -> T) {
    let n = out.len();
    match (x.len() == n, y.len() == n) {
        (true, true) => {
            for ((o, &a), &b) in out.iter_mut().zip(x).zip(y) {
                *o = f(a, b);
            }
        }
        (true, false) => {
            let b = y[0];
            for (o, &a) in out.iter_mut().zip(x) {
                *o = f(a, b);
            }
        }
        _ => {
            let a = x[0];
            for (o, &b) in out.iter_mut().zip(y) {
                *o = f(a, b);
            }
        }
    }
}
