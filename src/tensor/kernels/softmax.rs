//! Softmax and log_softmax (`aten/src/ATen/native/cpu/SoftMaxKernel.cpp`).

use super::glibc::glibc_expf;
use super::sleef::{sleef_expf_u10, sleef_logf_u10};
use super::vec::{GRAIN_SIZE, LANES, reduce_all, thread_chunks, vmaximum};

/// `x.softmax(-1)` of one contiguous row, in place (`_vec_softmax_lastdim`): max by
/// `reduce_all`, `exp(x - max)` with SLEEF, sum by `reduce_all`, then a multiply by
/// `1 / sum`.
pub fn softmax_row(row: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    if super::avx2::softmax_row(row) {
        return;
    }
    softmax_row_lanes(row);
}

/// [`softmax_row`] one lane at a time (the reference the AVX2 version is tested against).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn softmax_row_lanes(row: &mut [f32]) {
    if row.is_empty() {
        return;
    }
    let max_input = reduce_all(row, vmaximum);
    for x in row.iter_mut() {
        *x = sleef_expf_u10(*x - max_input);
    }
    let tmp_sum = 1.0 / reduce_all(row, |a, b| a + b);
    for x in row.iter_mut() {
        *x *= tmp_sum;
    }
}

/// `x.log_softmax(-1)` of one contiguous row, in place (`_vec_log_softmax_lastdim`):
/// `x - max - log(sum(exp(x - max)))`, SLEEF exp and log, `reduce_all` order.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn log_softmax_row(row: &mut [f32]) {
    if row.is_empty() {
        return;
    }
    let max_input = reduce_all(row, vmaximum);
    let exps: Vec<f32> = row.iter().map(|&x| sleef_expf_u10(x - max_input)).collect();
    let log_sum = sleef_logf_u10(reduce_all(&exps, |a, b| a + b));
    for x in row.iter_mut() {
        *x = *x - max_input - log_sum;
    }
}

/// `x.log_softmax(-1)` of one half or bfloat16 row (widened to float), in place: torch runs
/// `serial_vec_log_softmax_lastdim_range` on the reduced type itself, so the sum of the SLEEF exps
/// (`map_reduce_all` for reduced types: two float vectors per 16 elements, a masked tail, lanes
/// summed in order below 16) is stored in the type (`round`), its SLEEF log too, and
/// `x - max - log` is rounded once more by the caller.
pub fn log_softmax_row_reduced(row: &mut [f32], round: fn(f32) -> f32) {
    let n = row.len();
    if n == 0 {
        return;
    }
    let max_input = reduce_all(row, vmaximum);
    let map = |x: f32| sleef_expf_u10(x - max_input);
    // Lanes read past the row (a partial load) are 0, mapped like any other.
    let lane = |i: usize| map(row.get(i).copied().unwrap_or(0.0));
    let sum = if n < 2 * LANES {
        let mut v: [f32; LANES] = std::array::from_fn(lane);
        let used = if n > LANES {
            for (l, x) in v.iter_mut().enumerate().take(n - LANES) {
                *x += lane(LANES + l);
            }
            LANES
        } else {
            n
        };
        v[1..used].iter().fold(v[0], |acc, &x| acc + x)
    } else {
        let mut acc0: [f32; LANES] = std::array::from_fn(lane);
        let mut acc1: [f32; LANES] = std::array::from_fn(|l| lane(LANES + l));
        let full = n - n % (2 * LANES);
        let mut d = 2 * LANES;
        while d < full {
            for l in 0..LANES {
                acc0[l] += lane(d + l);
                acc1[l] += lane(d + LANES + l);
            }
            d += 2 * LANES;
        }
        let rest = n - d;
        if rest > LANES {
            for (l, a) in acc0.iter_mut().enumerate() {
                *a += lane(d + l);
            }
            for (l, a) in acc1.iter_mut().enumerate().take(rest - LANES) {
                *a += lane(d + LANES + l);
            }
        } else {
            for (l, a) in acc0.iter_mut().enumerate().take(rest) {
                *a += lane(d + l);
            }
        }
        let both: [f32; LANES] = std::array::from_fn(|l| acc0[l] + acc1[l]);
        super::vec::hreduce(both, |a, b| a + b)
    };
    let log_sum = round(sleef_logf_u10(round(sum)));
    for x in row.iter_mut() {
        *x = *x - max_input - log_sum;
    }
}

/// Checked number of complete `[outer, dim, inner]` blocks available in `len` items.
fn dim_shape(len: usize, outer: usize, dim: usize, inner: usize) -> Option<(usize, usize)> {
    let block = dim.checked_mul(inner)?;
    if block == 0 {
        return None;
    }
    Some((outer.min(len / block), block))
}

/// The loop of `_vec_softmax` over the `outer * inner` columns of `[outer, dim, inner]` blocks (`block`
/// elements each), cut into `chunks`: `STEP` neighbouring columns at once with SLEEF exp kept and a
/// division by the sum when they fit in both the row and the chunk, one column at a time with glibc
/// `expf` otherwise, each exp passed through `round_tail` (the reduced types store it in the type) before
/// the division.
#[inline(always)]
fn softmax_columns<const STEP: usize>(
    data: &mut [f32],
    (block, dim, inner): (usize, usize, usize),
    chunks: &[(usize, usize)],
    round_tail: impl Fn(f32) -> f32,
) {
    let at = |o: usize, d: usize, i: usize| o * block + d * inner + i;
    for &(begin, end) in chunks {
        let mut idx = begin;
        while idx < end {
            let (o, i) = (idx / inner, idx % inner);
            if i + STEP <= inner && idx + STEP <= end {
                let mut max = [0.0f32; STEP];
                for (l, m) in max.iter_mut().enumerate() {
                    *m = data[at(o, 0, i + l)];
                }
                for d in 1..dim {
                    for (l, m) in max.iter_mut().enumerate() {
                        *m = vmaximum(*m, data[at(o, d, i + l)]);
                    }
                }
                let mut sum = [0.0f32; STEP];
                for d in 0..dim {
                    for l in 0..STEP {
                        let p = at(o, d, i + l);
                        let e = sleef_expf_u10(data[p] - max[l]);
                        data[p] = e;
                        sum[l] += e;
                    }
                }
                for d in 0..dim {
                    for (l, s) in sum.iter().enumerate() {
                        data[at(o, d, i + l)] /= s;
                    }
                }
                idx += STEP;
            } else {
                let tail = if idx + STEP > end {
                    end - idx
                } else {
                    inner - i
                };
                for t in 0..tail {
                    let (o, i) = ((idx + t) / inner, (idx + t) % inner);
                    let mut max = data[at(o, 0, i)];
                    for d in 1..dim {
                        // std::max(a, b) is `a < b ? b : a`.
                        let v = data[at(o, d, i)];
                        if max < v {
                            max = v;
                        }
                    }
                    let mut sum = 0.0f32;
                    for d in 0..dim {
                        let p = at(o, d, i);
                        let e = glibc_expf(data[p] - max);
                        sum += e;
                        data[p] = round_tail(e);
                    }
                    for d in 0..dim {
                        data[at(o, d, i)] /= sum;
                    }
                }
                idx += tail;
            }
        }
    }
}

/// Softmax over a dimension that is not the last one, in place: `data` is a contiguous
/// `[outer, dim, inner]` tensor normalised along the middle axis (torch's `_vec_softmax`
/// for `softmax(dim)` with trailing size `inner > 1` or `dim` not last).
///
/// torch walks the `outer * inner` columns in `at::parallel_for` chunks (grain
/// `32768 / dim`) and handles 8 neighbouring columns at once with SLEEF exp and a
/// vector division when they fit in both the row and the thread's chunk, one column at
/// a time with glibc `expf` otherwise; `threads` is `torch.get_num_threads()` (only
/// matters when `outer * inner` exceeds the grain).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn softmax_dim(data: &mut [f32], outer: usize, dim: usize, inner: usize, threads: usize) {
    let Some((outer, block)) = dim_shape(data.len(), outer, dim, inner) else {
        return;
    };
    let total = outer * inner;
    let grain = (GRAIN_SIZE / dim).max(1);
    let chunks = if total <= grain {
        vec![(0, total)]
    } else {
        thread_chunks(total, grain, threads.clamp(1, 1024))
    };
    softmax_columns::<LANES>(data, (block, dim, inner), &chunks, |v| v);
}

/// Softmax of half or bfloat16 over a dimension that is not the last one, on the values widened to
/// float, in place (torch's `_vec_softmax` for reduced types): columns in blocks of 16 (one
/// `Vectorized<Half>`) keep the SLEEF exps in float and divide by the float sum; the other columns
/// (`tail_number`) store each glibc exp rounded to the type (`round`), then divide that by the sum.
/// The parallel_for has grain 0: every thread gets a share of the columns, whatever their number.
/// Results are left for the caller to round.
pub fn softmax_dim_reduced(
    data: &mut [f32],
    (outer, dim, inner): (usize, usize, usize),
    threads: usize,
    round: fn(f32) -> f32,
) {
    let Some((outer, block)) = dim_shape(data.len(), outer, dim, inner) else {
        return;
    };
    let total = outer * inner;
    let chunks = thread_chunks(total, 1, threads.clamp(1, 1024));
    softmax_columns::<16>(data, (block, dim, inner), &chunks, round);
}

/// Log-softmax over a dimension that is not the last one, in place (torch's
/// `_vec_logsoftmax`); same layout as [`softmax_dim`]. Columns are processed in blocks
/// of `CHUNK_SIZE = max(32768 / dim, 8)` rounded down to a multiple of 8; inside a
/// block the first multiple of 8 columns use SLEEF exp, the rest glibc `expf`, and the
/// logarithm is SLEEF's for every column. Thread chunking does not change the result.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub fn log_softmax_dim(data: &mut [f32], outer: usize, dim: usize, inner: usize) {
    let Some((outer, block)) = dim_shape(data.len(), outer, dim, inner) else {
        return;
    };
    let chunk = ((128 * 1024 / dim / 4).max(LANES) / LANES) * LANES;
    let at = |o: usize, d: usize, i: usize| o * block + d * inner + i;
    let mut max = vec![0.0f32; chunk];
    let mut sum = vec![0.0f32; chunk];
    for o in 0..outer {
        let mut begin = 0;
        while begin < inner {
            let size = chunk.min(inner - begin);
            let vec_end = size - size % LANES;
            max[..size].fill(f32::NEG_INFINITY);
            sum[..size].fill(0.0);
            for d in 0..dim {
                for (c, m) in max[..size].iter_mut().enumerate() {
                    // blendv(max, x, x > max) and `x > max ? x : max`: NaN never wins.
                    let x = data[at(o, d, begin + c)];
                    if x > *m {
                        *m = x;
                    }
                }
            }
            for d in 0..dim {
                for c in 0..size {
                    let x = data[at(o, d, begin + c)] - max[c];
                    sum[c] += if c < vec_end {
                        sleef_expf_u10(x)
                    } else {
                        glibc_expf(x)
                    };
                }
            }
            for s in sum[..size].iter_mut() {
                *s = sleef_logf_u10(*s);
            }
            for d in 0..dim {
                for c in 0..size {
                    let p = at(o, d, begin + c);
                    data[p] = data[p] - max[c] - sum[c];
                }
            }
            begin += size;
        }
    }
}
