//! Order statistics and running extremes along one dim: `kthvalue`, `median`, `nanmedian`, `mode`,
//! `cummax`, `cummin` and `logcumsumexp`.
//!
//! Which index a tie reports is part of PyTorch's printout, so each op picks it as ATen's CPU kernel
//! does (`native/Sorting.cpp`, `SortingUtils.h`, `ReduceOpsKernel.cpp`): `kthvalue` runs ATen's
//! quickselect, `median` takes the middle of the (value, index) order, `mode` the last index of the
//! most frequent value (an insertion sort keeps the order for the small rows lessons use), and the
//! running extremes move on ties (`>=`).

use std::cmp::Ordering;

use super::sort::total;
use super::stl;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::storage::Element;
use crate::tensor::{DType, Tensor};
use crate::with_dtype;

/// A value and the int64 position it came from, as the named tuples return them.
#[derive(Debug, Clone)]
pub struct Picked {
    pub values: Tensor,
    pub indices: Tensor,
}

/// The rows along `dim` (moved last, contiguous), the row length and the shape without the dim.
fn rows(x: &Tensor, dim: i64) -> Result<(Tensor, usize, Vec<usize>, usize)> {
    if x.ndim() == 0 {
        wrap_dim(dim, 1)?;
        return Ok((x.reshape(&[1])?, 1, vec![], 0));
    }
    let d = wrap_dim(dim, x.ndim())?;
    let moved = x.transpose(d as i64, -1)?.contiguous();
    let n = x.shape()[d];
    let mut kept = x.shape().to_vec();
    kept.remove(d);
    Ok((moved, n, kept, d))
}

/// The reduced results shaped back: the dim dropped, or kept as 1.
fn reduced(
    x: &Tensor,
    values: Tensor,
    indices: Vec<i64>,
    kept: &[usize],
    d: usize,
    keepdim: bool,
) -> Result<Picked> {
    let mut shape = kept.to_vec();
    if keepdim && x.ndim() > 0 {
        shape.insert(d, 1);
    }
    Ok(Picked {
        values: values.reshape(&shape.iter().map(|&n| n as i64).collect::<Vec<_>>())?,
        indices: Tensor::from_vec(indices, &shape)?,
    })
}

fn is_nan<T: Element>(v: T) -> bool {
    v.to_f64().is_nan()
}

/// ATen's `quick_select_template` (SortingUtils.h), with its comparison `gt_or_nan`, moving values and
/// indices together.
fn quick_select<T: Element>(vals: &mut [T], idx: &mut [i64], k: usize) {
    let gt = |a: T, b: T| (is_nan(a) && !is_nan(b)) || total(a, b) == Ordering::Greater;
    let swap = |vals: &mut [T], idx: &mut [i64], i: usize, j: usize| {
        vals.swap(i, j);
        idx.swap(i, j);
    };
    let (mut l, mut r) = (0i64, vals.len() as i64 - 1);
    let k = k as i64;
    loop {
        if r <= l {
            return;
        }
        if r == l + 1 {
            if gt(vals[l as usize], vals[r as usize]) {
                swap(vals, idx, l as usize, r as usize);
            }
            return;
        }
        let p = l + (r - l) / 2;
        swap(vals, idx, p as usize, (l + 1) as usize);
        if gt(vals[(l + 1) as usize], vals[r as usize]) {
            swap(vals, idx, (l + 1) as usize, r as usize);
        }
        if gt(vals[l as usize], vals[r as usize]) {
            swap(vals, idx, l as usize, r as usize);
        }
        if gt(vals[(l + 1) as usize], vals[l as usize]) {
            swap(vals, idx, (l + 1) as usize, l as usize);
        }
        let (mut i, mut j) = (l + 1, r);
        let piv = vals[l as usize];
        loop {
            loop {
                i += 1;
                if !gt(piv, vals[i as usize]) {
                    break;
                }
            }
            loop {
                j -= 1;
                if !gt(vals[j as usize], piv) {
                    break;
                }
            }
            if j < i {
                break;
            }
            swap(vals, idx, i as usize, j as usize);
        }
        swap(vals, idx, l as usize, j as usize);
        if j <= k {
            l = i;
        }
        if j >= k {
            r = j - 1;
        }
    }
}

/// `x.kthvalue(k, dim, keepdim)`: the `k`-th smallest of each row (1-based) and where it was.
pub fn kthvalue(x: &Tensor, k: i64, dim: i64, keepdim: bool) -> Result<Picked> {
    let (moved, n, kept, d) = rows(x, dim)?;
    if k < 1 || k as usize > n {
        return Err(TensorError::runtime(format!(
            "kthvalue(): selected number k out of range for dimension {d}"
        )));
    }
    let mut indices = Vec::new();
    let values = with_dtype!(x.dtype(), T => {
        let all = moved.to_vec::<T>();
        let mut out = Vec::new();
        for row in all.chunks(n) {
            let mut vals = row.to_vec();
            let mut idx: Vec<i64> = (0..n as i64).collect();
            quick_select(&mut vals, &mut idx, k as usize - 1);
            out.push(vals[k as usize - 1]);
            indices.push(idx[k as usize - 1]);
        }
        Tensor::from_vec(out, &[indices.len()])?
    });
    reduced(x, values, indices, &kept, d, keepdim)
}

/// `x.median(dim, keepdim)` (`ignore_nan` for `nanmedian`): the lower middle of each row in (value,
/// index) order, or its first NaN when NaN is not ignored.
pub fn median_dim(x: &Tensor, dim: i64, keepdim: bool, ignore_nan: bool) -> Result<Picked> {
    let (moved, n, kept, d) = rows(x, dim)?;
    if n == 0 {
        return Err(TensorError::Index(format!(
            "median(): Expected reduction dim {d} to have non-zero size."
        )));
    }
    let mut indices = Vec::new();
    let values = with_dtype!(x.dtype(), T => {
        let all = moved.to_vec::<T>();
        let mut out = Vec::new();
        for row in all.chunks(n) {
            let first_nan = row.iter().position(|&v| is_nan(v));
            if let (Some(at), false) = (first_nan, ignore_nan) {
                out.push(row[at]);
                indices.push(at as i64);
                continue;
            }
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by(|&a, &b| total(row[a], row[b]).then(a.cmp(&b)));
            let nans = row.iter().filter(|&&v| is_nan(v)).count();
            let at = if nans == n { 0 } else { (n - nans - 1) / 2 };
            out.push(row[order[at]]);
            indices.push(order[at] as i64);
        }
        Tensor::from_vec(out, &[indices.len()])?
    });
    reduced(x, values, indices, &kept, d, keepdim)
}

/// `x.median()` / `x.nanmedian()` over all elements: the lower middle value, NaN if any (unless
/// ignored).
pub fn median_all(x: &Tensor, ignore_nan: bool) -> Result<Tensor> {
    if x.numel() == 0 {
        return Tensor::full(&[], crate::tensor::Scalar::Float(f64::NAN), x.dtype());
    }
    let flat = x.reshape(&[-1])?;
    let picked = median_dim(&flat, 0, false, ignore_nan)?;
    Ok(picked.values)
}

/// `x.mode(dim, keepdim)`: the most frequent value of each row (the smallest on a tie) and the last
/// place it appears.
pub fn mode(x: &Tensor, dim: i64, keepdim: bool) -> Result<Picked> {
    let (moved, n, kept, d) = rows(x, dim)?;
    if n == 0 {
        return Err(TensorError::Index(format!(
            "mode(): Expected reduction dim {d} to have non-zero size."
        )));
    }
    let mut indices = Vec::new();
    let values = with_dtype!(x.dtype(), T => {
        let all = moved.to_vec::<T>();
        let mut out = Vec::new();
        // ATen's `mode_kernel_impl`: `std::sort` of (value, index) pairs by `value <`, then the
        // longest run of `==` values, reported at its last pair (libstdc++'s introsort decides
        // which index that is among equal values; NaN compares unequal to everything).
        let lt = |a: T, b: T| {
            if T::DTYPE.is_floating_point() {
                a.to_f64() < b.to_f64()
            } else {
                a.to_i64() < b.to_i64()
            }
        };
        let ne = |a: T, b: T| {
            if T::DTYPE.is_floating_point() {
                a.to_f64() != b.to_f64()
            } else {
                a.to_i64() != b.to_i64()
            }
        };
        for row in all.chunks(n) {
            let mut pairs: Vec<(T, usize)> = row.iter().copied().zip(0..).collect();
            stl::sort(&mut pairs, &|a: &(T, usize), b: &(T, usize)| lt(a.0, b.0));
            let (mut best, mut best_at, mut best_freq, mut run) = (pairs[0].0, 0usize, 0usize, 0usize);
            for i in 0..n {
                run += 1;
                if i == n - 1 || ne(pairs[i].0, pairs[i + 1].0) {
                    if run > best_freq {
                        best = pairs[i].0;
                        best_at = pairs[i].1;
                        best_freq = run;
                    }
                    run = 0;
                }
            }
            out.push(best);
            indices.push(best_at as i64);
        }
        Tensor::from_vec(out, &[indices.len()])?
    });
    reduced(x, values, indices, &kept, d, keepdim)
}

/// `x.cummax(dim)` / `x.cummin(dim)`: the running extreme and where it was last reached (a NaN
/// sticks, as in ATen's `cummax_cummin_helper`).
pub fn cum_extreme(x: &Tensor, dim: i64, largest: bool) -> Result<Picked> {
    let (moved, n, _, d) = rows(x, dim)?;
    let mut indices = Vec::new();
    let values = with_dtype!(x.dtype(), T => {
        let all = moved.to_vec::<T>();
        let mut out = Vec::with_capacity(all.len());
        for row in all.chunks(n.max(1)) {
            let (mut best, mut at) = (row[0], 0i64);
            for (i, &v) in row.iter().enumerate() {
                let better = if largest {
                    total(v, best) != Ordering::Less
                } else {
                    total(v, best) != Ordering::Greater
                };
                if is_nan(v) || (!is_nan(best) && better) {
                    best = v;
                    at = i as i64;
                }
                out.push(best);
                indices.push(at);
            }
        }
        Tensor::from_vec(out, moved.shape())?
    });
    if x.ndim() == 0 {
        return Ok(Picked {
            values: values.reshape(&[])?,
            indices: Tensor::from_vec(indices, &[])?,
        });
    }
    let indices = Tensor::from_vec(indices, moved.shape())?;
    Ok(Picked {
        values: values.transpose(d as i64, -1)?.contiguous(),
        indices: indices.transpose(d as i64, -1)?.contiguous(),
    })
}

/// ATen's `log_add_exp_helper` for the running sum, in double as `logcumsumexp`'s accumulator is.
fn log_add_exp(x: f64, y: f64) -> f64 {
    let min = if y.is_nan() { y } else { x.min(y) };
    let max = if y.is_nan() { y } else { x.max(y) };
    let (min, max) = if x.is_nan() && !y.is_nan() {
        (x, x)
    } else {
        (min, max)
    };
    if min != max || min.is_finite() {
        (min - max).exp().ln_1p() + max
    } else {
        x
    }
}

/// `x.logcumsumexp(dim)`: `log(cumsum(exp(x)))` without overflow, float32 only (ATen has no
/// integer kernel).
pub fn logcumsumexp(x: &Tensor, dim: i64) -> Result<Tensor> {
    if x.dtype().is_reduced_float() {
        return x.widened(|w| logcumsumexp(w, dim));
    }
    if x.dtype() == DType::Float64 {
        // The same running log-sum-exp, kept in double.
        let (moved, n, _, d) = rows(x, dim)?;
        let all = moved.to_vec::<f64>();
        let mut out = Vec::with_capacity(all.len());
        for row in all.chunks(n.max(1)) {
            let mut acc = f64::NEG_INFINITY;
            for &v in row {
                acc = log_add_exp(v, acc);
                out.push(acc);
            }
        }
        let values = Tensor::from_vec(out, moved.shape())?;
        if x.ndim() == 0 {
            return values.reshape(&[]);
        }
        return Ok(values.transpose(d as i64, -1)?.contiguous());
    }
    if x.dtype() != DType::Float32 {
        return Err(TensorError::NotImplemented(format!(
            "\"logcumsumexp_out_cpu\" not implemented for '{}'",
            x.dtype().scalar_type_name()
        )));
    }
    let (moved, n, _, d) = rows(x, dim)?;
    let all = moved.to_vec::<f32>();
    let mut out = Vec::with_capacity(all.len());
    for row in all.chunks(n.max(1)) {
        let mut acc = f64::NEG_INFINITY;
        for &v in row {
            acc = log_add_exp(f64::from(v), acc);
            out.push(acc as f32);
        }
    }
    let values = Tensor::from_vec(out, moved.shape())?;
    if x.ndim() == 0 {
        return values.reshape(&[]);
    }
    Ok(values.transpose(d as i64, -1)?.contiguous())
}
