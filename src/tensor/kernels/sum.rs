//! Cascade sums (`aten/src/ATen/native/cpu/SumKernel.cpp`).

use super::vec::{GRAIN_SIZE, LANES, V8, ceil_log2, load8, thread_chunks};

trait SumAcc: Copy {
    const ZERO: Self;
    fn plus(self, other: Self) -> Self;
}

impl SumAcc for f32 {
    const ZERO: f32 = 0.0;
    fn plus(self, other: f32) -> f32 {
        self + other
    }
}

impl SumAcc for f64 {
    const ZERO: f64 = 0.0;
    fn plus(self, other: f64) -> f64 {
        self + other
    }
}

/// Four double lanes: `Vectorized<double>` under AVX2.
type V4d = [f64; 4];

impl SumAcc for V4d {
    const ZERO: V4d = [0.0; 4];
    fn plus(self, other: V4d) -> V4d {
        let mut r = self;
        for (a, b) in r.iter_mut().zip(other) {
            *a += b;
        }
        r
    }
}

impl SumAcc for V8 {
    const ZERO: V8 = [0.0; LANES];
    fn plus(self, other: V8) -> V8 {
        let mut r = self;
        for (a, b) in r.iter_mut().zip(other) {
            *a += b;
        }
        r
    }
}

/// `multi_row_sum`: `NR` independent cascade sums over `size` rows, with 4 levels of
/// partial sums each `2^level_power` rows long.
#[inline(always)]
fn multi_row_sum<T: SumAcc, const NR: usize>(
    size: usize,
    load: impl Fn(usize, usize) -> T,
) -> [T; NR] {
    const NUM_LEVELS: usize = 4;
    let level_power = (ceil_log2(size) / NUM_LEVELS as u32).max(4);
    let level_step = 1u64 << level_power;
    let level_mask = level_step - 1;
    let mut acc = [[T::ZERO; NR]; NUM_LEVELS];
    let mut i = 0usize;
    while (i as u64) + level_step <= size as u64 {
        for _ in 0..level_step {
            for (k, a) in acc[0].iter_mut().enumerate() {
                *a = a.plus(load(i, k));
            }
            i += 1;
        }
        for j in 1..NUM_LEVELS {
            let (lower, upper) = acc.split_at_mut(j);
            for (hi, lo) in upper[0].iter_mut().zip(lower[j - 1].iter_mut()) {
                *hi = hi.plus(*lo);
                *lo = T::ZERO;
            }
            let mask = level_mask.checked_shl(j as u32 * level_power).unwrap_or(0);
            if (i as u64) & mask != 0 {
                break;
            }
        }
    }
    while i < size {
        for (k, a) in acc[0].iter_mut().enumerate() {
            *a = a.plus(load(i, k));
        }
        i += 1;
    }
    let [mut total, rest @ ..] = acc;
    for level in rest {
        for (t, v) in total.iter_mut().zip(level) {
            *t = t.plus(v);
        }
    }
    total
}

/// `row_sum`: the row seen as `(-1, 4)`, four interleaved cascade sums, the leftover
/// items added to the first one, then the four added in order.
#[inline(always)]
fn row_sum<T: SumAcc>(size: usize, load: impl Fn(usize) -> T) -> T {
    const ILP: usize = 4;
    let size_ilp = size / ILP;
    let mut partial = multi_row_sum::<T, ILP>(size_ilp, |i, k| load(i * ILP + k));
    for i in size_ilp * ILP..size {
        partial[0] = partial[0].plus(load(i));
    }
    for k in 1..ILP {
        partial[0] = partial[0].plus(partial[k]);
    }
    partial[0]
}

/// The value `cascade_sum` accumulates for one contiguous row (before the store).
#[inline(always)]
fn inner_sum_acc(row: &[f32]) -> f32 {
    let n = row.len();
    if n >= LANES {
        // vectorized_inner_sum: 8-lane cascade over whole vectors, then the scalar tail
        // and the 8 lanes added in order to a zero accumulator.
        let vec_size = n / LANES;
        let vec_acc = row_sum::<V8>(vec_size, |i| load8(row, i * LANES));
        let mut final_acc = 0.0f32;
        for &x in &row[vec_size * LANES..] {
            final_acc += x;
        }
        for lane in vec_acc {
            final_acc += lane;
        }
        final_acc
    } else {
        row_sum::<f32>(n, |i| row[i])
    }
}

/// torch.sum of one contiguous row (`x.sum()`, `x.sum(-1)`), float32 accumulation.
///
/// Rows of 8 or more elements take `vectorized_inner_sum`, shorter rows the scalar
/// `row_sum`. The result is stored as `0 + acc` like torch's `CastStoreAccumulate`
/// into a zero-filled output, so the sum of `[-0.0]` is `+0.0`. Serial result: see
/// [`sum_inner_threads`] for a single-output sum of 32768 elements or more.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn sum_inner(row: &[f32]) -> f32 {
    0.0 + inner_sum_acc(row)
}

/// [`sum_inner`] for a reduction with a single output (`x.sum()`, `x.mean()`) run by
/// torch with `threads` threads: from 32768 elements on, torch's `two_pass_reduction`
/// sums one contiguous chunk per thread into a zeroed buffer of `threads` slots and
/// then sums that buffer. Several-output reductions (`x.sum(-1)` of a matrix) are
/// split by rows and need no such model: use [`sum_inner`] per row.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn sum_inner_threads(row: &[f32], threads: usize) -> f32 {
    two_pass(row, threads, inner_sum_acc, sum_inner)
}

/// `two_pass_reduction` of a single-output sum: serial below the grain or on one thread (`whole`),
/// else each thread's chunk summed (`part`) into its slot of a zeroed buffer of `threads` slots, and
/// that buffer summed as a row (`whole`).
#[inline(always)]
fn two_pass<T: Copy + Default + std::ops::AddAssign>(
    row: &[T],
    threads: usize,
    part: impl Fn(&[T]) -> T,
    whole: impl Fn(&[T]) -> T,
) -> T {
    let n = row.len();
    let threads = threads.clamp(1, 1024);
    if n < GRAIN_SIZE || threads == 1 {
        return whole(row);
    }
    let mut buffer = vec![T::default(); threads];
    for (slot, (b, e)) in buffer.iter_mut().zip(thread_chunks(n, GRAIN_SIZE, threads)) {
        *slot += part(&row[b..e]);
    }
    whole(&buffer)
}

/// Column sums of a contiguous row-major `[rows, cols]` block (`x.sum(0)`; for a
/// reduction over a middle dimension apply it to each outer block).
///
/// `vectorized_outer_sum` for `cols >= 8` (blocks of 32 columns use one cascade per
/// column, the following blocks of 8 and the last `< 8` columns use the interleaved
/// `row_sum`), `scalar_outer_sum` otherwise (groups of 4 columns, then `row_sum`). A
/// single column is an inner reduction for torch (size-1 dims are dropped) and is
/// summed like [`sum_inner`]. If `data` is shorter than `rows * cols`, only the
/// complete rows are summed.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn sum_outer(data: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    if cols == 0 {
        return Vec::new();
    }
    let rows = rows.min(data.len() / cols);
    if cols == 1 {
        return vec![sum_inner(&data[..rows])];
    }
    let at = |i: usize, j: usize| data[i * cols + j];
    let mut out = vec![0.0f32; cols];
    let mut j = 0usize;
    if cols >= LANES {
        while j + 4 * LANES <= cols {
            let sums = multi_row_sum::<V8, 4>(rows, |i, k| load8(data, i * cols + j + k * LANES));
            for (k, s) in sums.iter().enumerate() {
                for (l, v) in s.iter().enumerate() {
                    out[j + k * LANES + l] += v;
                }
            }
            j += 4 * LANES;
        }
        while j + LANES <= cols {
            let s = row_sum::<V8>(rows, |i| load8(data, i * cols + j));
            for (l, v) in s.iter().enumerate() {
                out[j + l] += v;
            }
            j += LANES;
        }
    } else {
        while j + 3 < cols {
            let sums = multi_row_sum::<f32, 4>(rows, |i, k| at(i, j + k));
            for (k, v) in sums.iter().enumerate() {
                out[j + k] += v;
            }
            j += 4;
        }
    }
    while j < cols {
        out[j] += row_sum::<f32>(rows, |i| at(i, j));
        j += 1;
    }
    out
}

/// [`sum_inner`] for float64: the same cascade over 4-lane double vectors (`Vectorized<double>` under
/// AVX2), then the scalar tail and the lanes in order.
pub fn sum_inner_f64(row: &[f64]) -> f64 {
    const L: usize = 4;
    let n = row.len();
    if n < L {
        return 0.0 + row_sum::<f64>(n, |i| row[i]);
    }
    let vec_size = n / L;
    let load = |i: usize| -> V4d {
        let mut v = [0.0; L];
        v.copy_from_slice(&row[i * L..i * L + L]);
        v
    };
    let vec_acc = row_sum::<V4d>(vec_size, load);
    let mut final_acc = 0.0f64;
    for &x in &row[vec_size * L..] {
        final_acc += x;
    }
    for lane in vec_acc {
        final_acc += lane;
    }
    0.0 + final_acc
}

/// [`sum_inner_f64`] for a single-output sum run by torch with `threads` threads: as
/// [`sum_inner_threads`], one chunk per thread from 32768 elements on, the partial sums in a
/// zeroed buffer of `threads` slots, then that buffer summed.
pub fn sum_inner_f64_threads(row: &[f64], threads: usize) -> f64 {
    two_pass(row, threads, sum_inner_f64, sum_inner_f64)
}
