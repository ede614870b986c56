//! Cascade sums (`aten/src/ATen/native/cpu/SumKernel.cpp`).

use super::vec::{GRAIN_SIZE, LANES, V8, ceil_log2, load8, thread_chunks};

pub trait SumAcc: Copy {
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

/// The walk of one contiguous row reduced to one output.
fn row_block(n: usize) -> Block2d {
    Block2d {
        size: [n, 1],
        in_strides: [1, 0],
        out_strides: [0, 0],
        in_at: 0,
        out_at: 0,
    }
}

/// torch.sum of one contiguous row (`x.sum()`, `x.sum(-1)`), float32 accumulation.
///
/// Rows of 8 or more elements take `vectorized_inner_sum`, shorter rows the scalar
/// `row_sum`. The result is stored as `0 + acc` like torch's `CastStoreAccumulate`
/// into a zero-filled output, so the sum of `[-0.0]` is `+0.0`. Serial result: see
/// [`sum_inner_threads`] for a single-output sum of 32768 elements or more.
pub fn sum_inner(row: &[f32]) -> f32 {
    let mut out = [0.0f32];
    cascade_block_f32(row, &mut out, row_block(row.len()));
    out[0]
}

/// [`sum_inner`] for a reduction with a single output (`x.sum()`, `x.mean()`) run by
/// torch with `threads` threads: from 32768 elements on, torch's `two_pass_reduction`
/// sums one contiguous chunk per thread into a zeroed buffer of `threads` slots and
/// then sums that buffer. Several-output reductions (`x.sum(-1)` of a matrix) are
/// split by rows and need no such model: use [`sum_inner`] per row.
pub fn sum_inner_threads(row: &[f32], threads: usize) -> f32 {
    two_pass(row, threads, sum_inner, sum_inner)
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

/// Column sums of a contiguous row-major `[rows, cols]` block (`x.sum(0)`): `vectorized_outer_sum`
/// for `cols >= 8` (blocks of 32 columns use one cascade per column, the following blocks of 8 and the
/// last `< 8` columns use the interleaved `row_sum`), `scalar_outer_sum` otherwise (groups of 4
/// columns, then `row_sum`). If `data` is shorter than `rows * cols`, only the complete rows are summed.
pub fn sum_outer(data: &[f32], rows: usize, cols: usize) -> Vec<f32> {
    if cols == 0 {
        return Vec::new();
    }
    let rows = rows.min(data.len() / cols);
    let mut out = vec![0.0f32; cols];
    let block = Block2d {
        size: [rows, cols],
        in_strides: [cols, 1],
        out_strides: [0, 1],
        in_at: 0,
        out_at: 0,
    };
    cascade_block_f32(data, &mut out, block);
    out
}

/// [`sum_inner`] for float64: the same cascade over 4-lane double vectors (`Vectorized<double>` under
/// AVX2), then the scalar tail and the lanes in order.
pub fn sum_inner_f64(row: &[f64]) -> f64 {
    let mut out = [0.0f64];
    cascade_block_f64(row, &mut out, row_block(row.len()));
    out[0]
}

/// [`sum_inner_f64`] for a single-output sum run by torch with `threads` threads: as
/// [`sum_inner_threads`], one chunk per thread from 32768 elements on, the partial sums in a
/// zeroed buffer of `threads` slots, then that buffer summed.
pub fn sum_inner_f64_threads(row: &[f64], threads: usize) -> f64 {
    two_pass(row, threads, sum_inner_f64, sum_inner_f64)
}

/// The element types `cascade_sum` runs on here (float32, float64).
pub trait CascadeFloat:
    SumAcc + Default + std::ops::AddAssign + std::ops::DivAssign + Send + Sync + 'static
{
    /// The count of reduced elements a mean divides by (`div_(n)`: an integer scalar, in the tensor's type).
    fn count(n: usize) -> Self;
    /// `cascade_sum`'s loop body for this type (see [`cascade_block_f32`]).
    fn block(input: &[Self], out: &mut [Self], b: Block2d);
}

impl CascadeFloat for f32 {
    fn count(n: usize) -> f32 {
        n as f32
    }
    fn block(input: &[f32], out: &mut [f32], b: Block2d) {
        cascade_block_f32(input, out, b)
    }
}

impl CascadeFloat for f64 {
    fn count(n: usize) -> f64 {
        n as f64
    }
    fn block(input: &[f64], out: &mut [f64], b: Block2d) {
        cascade_block_f64(input, out, b)
    }
}

/// `Vectorized<T>` as the cascade uses it: a sum of lanes, loaded from adjacent elements.
pub trait Lanes<T>: SumAcc {
    /// Its lanes (8 floats or 4 doubles under AVX2).
    const L: usize;
    /// `loadu` of `L` adjacent elements from `data[at..]` (always in bounds in the cascade).
    fn load(data: &[T], at: usize) -> Self;
    /// Lane `l`.
    fn lane(&self, l: usize) -> T;
}

impl Lanes<f32> for V8 {
    const L: usize = LANES;
    #[inline(always)]
    fn load(data: &[f32], at: usize) -> V8 {
        load8(data, at)
    }
    #[inline(always)]
    fn lane(&self, l: usize) -> f32 {
        self[l]
    }
}

impl Lanes<f64> for V4d {
    const L: usize = 4;
    #[inline(always)]
    fn load(data: &[f64], at: usize) -> V4d {
        let mut v = [0.0; 4];
        for (l, slot) in v.iter_mut().enumerate() {
            *slot = data.get(at + l).copied().unwrap_or(0.0);
        }
        v
    }
    #[inline(always)]
    fn lane(&self, l: usize) -> f64 {
        self[l]
    }
}

/// One call of `cascade_sum`'s 2-d loop: the first two dims of (a part of) TensorIterator's walk, each
/// with its size and the input's and the output's strides (in elements; the output's is 0 on a
/// reduced dim), starting at `input[in_at]` and `out[out_at]`.
#[derive(Clone, Copy, Debug)]
pub struct Block2d {
    pub size: [usize; 2],
    pub in_strides: [usize; 2],
    pub out_strides: [usize; 2],
    pub in_at: usize,
    pub out_at: usize,
}

/// `vectorized_inner_sum`'s value for one contiguous row of at least `L` elements: the cascade over
/// whole vectors, then the scalar tail and the lanes added in order to a zero accumulator.
#[inline(always)]
fn inner_vec_acc<T: CascadeFloat, V: Lanes<T>>(row: &[T]) -> T {
    let n = row.len();
    let vec_size = n / V::L;
    let vec_acc = row_sum::<V>(vec_size, |i| V::load(row, i * V::L));
    let mut final_acc = T::ZERO;
    for &x in &row[vec_size * V::L..] {
        final_acc += x;
    }
    for l in 0..V::L {
        final_acc += vec_acc.lane(l);
    }
    final_acc
}

/// `cascade_sum`'s loop body (SumKernel.cpp) over one [`Block2d`]: each partial sum is added to the
/// output it belongs to (`CastStoreAccumulate`), so a reduction whose reduced elements TensorIterator
/// cannot walk as one run is summed run by run into its output. Strides must stay inside `input` and
/// `out` (they come from a tensor's own layout).
#[inline(always)]
pub(super) fn cascade_block<T: CascadeFloat, V: Lanes<T>>(input: &[T], out: &mut [T], b: Block2d) {
    let [mut s0, mut s1] = b.size;
    let [mut i0, mut i1] = b.in_strides;
    let [mut o0, mut o1] = b.out_strides;
    let (ib, ob) = (b.in_at, b.out_at);
    // Move the reduction to the first dim.
    if o0 != 0 && o1 == 0 {
        std::mem::swap(&mut s0, &mut s1);
        std::mem::swap(&mut i0, &mut i1);
        std::mem::swap(&mut o0, &mut o1);
    }
    if o0 != 0 && o1 != 0 {
        // Not a true reduction: out = out + in.
        for j in 0..s1 {
            for i in 0..s0 {
                let o = ob + i * o0 + j * o1;
                out[o] = out[o].plus(input[ib + i * i0 + j * i1]);
            }
        }
        return;
    }
    let os = o1;
    let l = V::L;
    if i0 == 1 && s0 >= l {
        for j in 0..s1 {
            let row = &input[ib + j * i1..ib + j * i1 + s0];
            out[ob + j * os] += inner_vec_acc::<T, V>(row);
        }
    } else if i1 == 1 && s1 >= l {
        // vectorized_outer_sum: 4 vectors of columns at a time, then one vector, then single columns.
        let mut j = 0;
        while j + 4 * l <= s1 {
            let sums = multi_row_sum::<V, 4>(s0, |i, k| V::load(input, ib + i * i0 + j + k * l));
            for (k, s) in sums.iter().enumerate() {
                for lane in 0..l {
                    out[ob + (j + k * l + lane) * os] += s.lane(lane);
                }
            }
            j += 4 * l;
        }
        while j + l <= s1 {
            let s = row_sum::<V>(s0, |i| V::load(input, ib + i * i0 + j));
            for lane in 0..l {
                out[ob + (j + lane) * os] += s.lane(lane);
            }
            j += l;
        }
        while j < s1 {
            out[ob + j * os] += row_sum::<T>(s0, |i| input[ib + i * i0 + j]);
            j += 1;
        }
    } else if i0 < i1 {
        for j in 0..s1 {
            out[ob + j * os] += row_sum::<T>(s0, |i| input[ib + j * i1 + i * i0]);
        }
    } else {
        // scalar_outer_sum: 4 columns at a time, then single columns.
        let mut j = 0;
        while j + 3 < s1 {
            let sums = multi_row_sum::<T, 4>(s0, |i, k| input[ib + i * i0 + (j + k) * i1]);
            for (k, s) in sums.into_iter().enumerate() {
                out[ob + (j + k) * os] += s;
            }
            j += 4;
        }
        while j < s1 {
            out[ob + j * os] += row_sum::<T>(s0, |i| input[ib + i * i0 + j * i1]);
            j += 1;
        }
    }
}

/// [`cascade_block`] for float32: on AVX2 registers where the CPU has them (the lane model's
/// arrays are not turned into vector code by the compiler: `[8,128,512].sum(-1)` took 0.42 ms with them,
/// scalar adds and spills), else the lane model compiled per instruction set. The same bits either way.
pub fn cascade_block_f32(input: &[f32], out: &mut [f32], b: Block2d) {
    #[cfg(target_arch = "x86_64")]
    if super::avx2::cascade_block_f32(input, out, b) {
        return;
    }
    cascade_block_lanes_f32(input, out, b)
}

#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
fn cascade_block_lanes_f32(input: &[f32], out: &mut [f32], b: Block2d) {
    cascade_block::<f32, V8>(input, out, b)
}

/// [`cascade_block`] for float64, as [`cascade_block_f32`].
pub fn cascade_block_f64(input: &[f64], out: &mut [f64], b: Block2d) {
    #[cfg(target_arch = "x86_64")]
    if super::avx2::cascade_block_f64(input, out, b) {
        return;
    }
    cascade_block_lanes_f64(input, out, b)
}

#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
fn cascade_block_lanes_f64(input: &[f64], out: &mut [f64], b: Block2d) {
    cascade_block::<f64, V4d>(input, out, b)
}
