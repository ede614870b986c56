//! mean, var and std (`ReduceOps.cpp`, `ReduceOpsKernel.cpp`).

use super::sum::{sum_inner, sum_inner_threads};
use super::vec::{GRAIN_SIZE, thread_chunks};

/// torch.mean of a contiguous row: [`sum_inner`] divided by `n` converted to f32
/// (`sum_out(...).div_(n)`). An empty row gives NaN like torch.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn mean_inner(row: &[f32]) -> f32 {
    sum_inner(row) / row.len() as f32
}

/// [`mean_inner`] of a single-output mean computed by torch with `threads` threads.
pub fn mean_inner_threads(row: &[f32], threads: usize) -> f32 {
    sum_inner_threads(row, threads) / row.len() as f32
}

/// Variance of one row of a reduction with several outputs (`x.var(-1)` on a matrix):
/// torch's `WelfordOps<float, double>` run in double, then rounded to f32 (whether
/// torch fuses the `m2` update cannot be seen in float results; it is not fused here). `correction` is 1 for the unbiased default, 0 for biased; a row no
/// longer than `correction` gives inf or NaN like torch. When the whole result has a
/// single element torch uses another algorithm: call [`var_all`] then.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn var_inner(row: &[f32], correction: f64) -> f32 {
    welford_var(row, correction) as f32
}

/// Standard deviation counterpart of [`var_inner`] (square root taken in double).
pub fn std_inner(row: &[f32], correction: f64) -> f32 {
    welford_var(row, correction).sqrt() as f32
}

#[inline(always)]
fn welford_var(row: &[f32], correction: f64) -> f64 {
    let mut mean = 0.0f64;
    let mut m2 = 0.0f64;
    let mut n = 0.0f64;
    for &x in row {
        let x = f64::from(x);
        n += 1.0;
        let delta = x - mean;
        mean += delta / n;
        m2 += delta * (x - mean);
    }
    let divisor = if n > correction { n - correction } else { 0.0 };
    m2 / divisor
}

/// Variance when the result tensor has exactly one element (`x.var()`, or
/// `x.var(-1)` of a vector): torch's `std_var_all_cpu`, i.e. the float mean of
/// [`mean_inner`] then the sum of squared deviations in double, divided by
/// `max(0, n - correction)` and rounded to f32.
pub fn var_all(data: &[f32], correction: f64) -> f32 {
    var_all_f64(data, correction, 1) as f32
}

/// Standard deviation counterpart of [`var_all`].
pub fn std_all(data: &[f32], correction: f64) -> f32 {
    var_all_f64(data, correction, 1).sqrt() as f32
}

/// [`var_all`] computed by torch with `threads` threads (matters from 32768 elements).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn var_all_threads(data: &[f32], correction: f64, threads: usize) -> f32 {
    var_all_f64(data, correction, threads) as f32
}

/// [`std_all`] computed by torch with `threads` threads (matters from 32768 elements).
pub fn std_all_threads(data: &[f32], correction: f64, threads: usize) -> f32 {
    var_all_f64(data, correction, threads).sqrt() as f32
}

fn var_all_f64(data: &[f32], correction: f64, threads: usize) -> f64 {
    let threads = threads.clamp(1, 1024);
    squared_deviations(
        data,
        f64::from(mean_inner_threads(data, threads)),
        correction,
        threads,
    )
}

/// Variance of all of a float64 tensor's elements, as torch computes it with `threads` threads:
/// the mean from the thread-split sum, then the squared deviations (`std_var_all_cpu`).
pub fn var_all_f64_threads(data: &[f64], correction: f64, threads: usize) -> f64 {
    let threads = threads.clamp(1, 1024);
    let mean = super::sum::sum_inner_f64_threads(data, threads) / data.len() as f64;
    squared_deviations(data, mean, correction, threads)
}

/// `std_var_all_cpu`'s second pass: the squared deviations from `mean` summed in double, split as
/// `at::parallel_reduce` splits them, divided by `n - correction`.
fn squared_deviations<T: Copy + Into<f64>>(
    data: &[T],
    mean: f64,
    correction: f64,
    threads: usize,
) -> f64 {
    let n = data.len();
    if n == 0 {
        return f64::NAN;
    }
    let partial = |chunk: &[T]| {
        let mut local = 0.0f64;
        for &x in chunk {
            let dx = x.into() - mean;
            local += dx * dx;
        }
        0.0 + local
    };
    // at::parallel_reduce: serial up to GRAIN_SIZE items, else one partial per thread
    // combined in thread order starting from 0.
    let sum_dx2 = if n <= GRAIN_SIZE || threads == 1 {
        partial(data)
    } else {
        let mut acc = 0.0f64;
        for (b, e) in thread_chunks(n, GRAIN_SIZE, threads) {
            acc += partial(&data[b..e]);
        }
        acc
    };
    sum_dx2 / (0.0f64).max(n as f64 - correction)
}
