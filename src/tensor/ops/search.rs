//! Searching sorted data and counting: `searchsorted`, `bucketize`, `bincount`, `histc`,
//! `unique` and `unique_consecutive` (ATen's `Bucketization.cpp`, `SummaryOps.cpp`, `Unique.cpp`).

use std::cmp::Ordering;

use super::sort::total;
use crate::tensor::dtype::{self, Operand as Promo};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::format::int_array;
use crate::tensor::storage::Element;
use crate::tensor::{DType, Tensor};
use crate::with_dtype;

/// Where each value would go in its sorted row: the first place not below it (`right`: not at or
/// below it). `sorted` is 1-D or has `values`' leading dims; `sorter` reorders each row first.
pub fn searchsorted(
    sorted: &Tensor,
    values: &Tensor,
    out_int32: bool,
    right: bool,
    sorter: Option<&Tensor>,
) -> Result<Tensor> {
    if sorted.ndim() == 0 {
        return Err(TensorError::runtime(
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor [] and input value tensor ".to_string()
                + &int_array(values.shape()),
        ));
    }
    let batched = sorted.ndim() > 1;
    if batched
        && (values.ndim() != sorted.ndim()
            || sorted.shape()[..sorted.ndim() - 1] != values.shape()[..values.ndim() - 1])
    {
        return Err(TensorError::runtime(format!(
            "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries tensor and input value tensor must match, but we got boundaries tensor {} and input value tensor {}",
            int_array(sorted.shape()),
            int_array(values.shape())
        )));
    }
    if let Some(s) = sorter {
        if s.dtype() != DType::Int64 {
            return Err(TensorError::runtime(format!(
                "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype {}",
                s.dtype().scalar_type_name()
            )));
        }
        if s.shape() != sorted.shape() {
            return Err(TensorError::runtime(format!(
                "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor {}and got sorter tensor {}",
                int_array(sorted.shape()),
                int_array(s.shape())
            )));
        }
    }
    let common = dtype::result_type(&[
        Promo::Dimensioned(sorted.dtype()),
        Promo::Dimensioned(values.dtype()),
    ]);
    let n = sorted.shape()[sorted.ndim() - 1];
    let rows = (sorted.numel() / n.max(1)).max(1);
    let per_row = if batched {
        values.shape().last().copied().unwrap_or(1)
    } else {
        values.numel()
    };
    let order: Vec<i64> = match sorter {
        Some(s) => s.contiguous().to_vec::<i64>(),
        None => (0..rows as i64).flat_map(|_| 0..n as i64).collect(),
    };
    let found: Vec<i64> = with_dtype!(common, T => {
        let bounds = sorted.to_dtype(common).contiguous().to_vec::<T>();
        let vals = values.to_dtype(common).contiguous().to_vec::<T>();
        let mut out = Vec::with_capacity(vals.len());
        for (k, &v) in vals.iter().enumerate() {
            let r = if batched { k / per_row.max(1) } else { 0 };
            let base = r * n;
            let at = |i: usize| -> Result<T> {
                let o = order.get(base + i).copied().unwrap_or(0);
                if o < 0 || o as usize >= n {
                    return Err(TensorError::runtime("torch.searchsorted(): sorter index out of range"));
                }
                Ok(bounds[base + o as usize])
            };
            let (mut lo, mut hi) = (0usize, n);
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                let b = at(mid)?;
                // ATen's cus_lower_bound / cus_upper_bound: `!(mid >= val)` / `!(mid > val)`, so a
                // NaN on either side sends the search right.
                let go_right = match b.partial_cmp(&v) {
                    Some(Ordering::Greater) => false,
                    Some(Ordering::Equal) => right,
                    _ => true,
                };
                if go_right {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            out.push(lo as i64);
        }
        out
    });
    let out = Tensor::from_vec(found, values.shape())?;
    Ok(if out_int32 {
        out.to_dtype(DType::Int32)
    } else {
        out
    })
}

/// `torch.bucketize(input, boundaries, out_int32, right)`: `searchsorted` with 1-D boundaries.
pub fn bucketize(
    input: &Tensor,
    boundaries: &Tensor,
    out_int32: bool,
    right: bool,
) -> Result<Tensor> {
    if boundaries.ndim() != 1 {
        return Err(TensorError::runtime(format!(
            "boundaries tensor must be 1 dimension, but got dim({})",
            boundaries.ndim()
        )));
    }
    searchsorted(boundaries, input, out_int32, right, None)
}

/// `torch.bincount(input, weights, minlength)`: how often each non-negative int appears (or the sum
/// of its weights, in the weights' dtype).
pub fn bincount(input: &Tensor, weights: Option<&Tensor>, minlength: i64) -> Result<Tensor> {
    if input.dtype().is_floating_point() || input.dtype() == DType::Bool {
        return Err(TensorError::NotImplemented(format!(
            "\"bincount_cpu\" not implemented for '{}'",
            input.dtype().scalar_type_name()
        )));
    }
    if minlength < 0 {
        return Err(TensorError::runtime("minlength should be >= 0"));
    }
    if input.ndim() == 1 && input.numel() == 0 {
        return Tensor::zeros(
            &[minlength as usize],
            weights.map_or(DType::Int64, |w| w.dtype()),
        );
    }
    let values = input.to_dtype(DType::Int64).to_vec::<i64>();
    if input.ndim() != 1 || values.iter().any(|&v| v < 0) {
        return Err(TensorError::runtime(
            "bincount only supports 1-d non-negative integral inputs.",
        ));
    }
    if let Some(w) = weights
        && (w.ndim() != 1 || w.numel() != input.numel())
    {
        return Err(TensorError::runtime(
            "weights should be 1-d and have the same length as input",
        ));
    }
    let bins = (values.iter().copied().max().unwrap_or(0) + 1).max(minlength) as usize;
    crate::tensor::settings::check_numel(&[bins])?;
    match weights {
        None => {
            let mut out = vec![0i64; bins];
            for &v in &values {
                out[v as usize] += 1;
            }
            Tensor::from_vec(out, &[bins])
        }
        Some(w) if w.dtype() == DType::Float32 => {
            let ws = w.to_vec::<f32>();
            let mut out = vec![0f32; bins];
            for (&v, &x) in values.iter().zip(&ws) {
                out[v as usize] += x;
            }
            Tensor::from_vec(out, &[bins])
        }
        // Any other weights count in double.
        Some(w) => {
            let ws = w.to_vec::<f64>();
            let mut out = vec![0f64; bins];
            for (&v, &x) in values.iter().zip(&ws) {
                out[v as usize] += x;
            }
            Tensor::from_vec(out, &[bins])
        }
    }
}

/// `torch.histc(input, bins, min, max)`: counts in `bins` equal-width bins over `[min, max]` (the
/// data's range when both are 0); values outside are left out, `max` itself counts in the last bin.
/// float32 and float64 count in their own type; half and bfloat16 in float, rounded back.
pub fn histc(input: &Tensor, bins: i64, min: f64, max: f64) -> Result<Tensor> {
    match input.dtype() {
        DType::Float32 => histc_in::<f32>(input, bins, min, max),
        DType::Float64 => histc_in::<f64>(input, bins, min, max),
        d if d.is_floating_point() => {
            super::nn::on_float32(input, "histogram_cpu", |w| histc(w, bins, min, max))
        }
        d => Err(TensorError::NotImplemented(format!(
            "\"histogram_cpu\" not implemented for '{}'",
            d.scalar_type_name()
        ))),
    }
}

/// The bin edges of [`histc_in`]: ATen's `linspace` in the input's type.
trait HistcFloat: Element + num_traits::Float {
    fn edges(lo: Self, hi: Self, steps: usize) -> Result<Vec<Self>>;
}

impl HistcFloat for f32 {
    fn edges(lo: f32, hi: f32, steps: usize) -> Result<Vec<f32>> {
        Ok(super::create::linspace(f64::from(lo), f64::from(hi), steps)?.to_vec::<f32>())
    }
}

impl HistcFloat for f64 {
    fn edges(lo: f64, hi: f64, steps: usize) -> Result<Vec<f64>> {
        super::create::linspace_f64(lo, hi, steps)
    }
}

/// [`histc`] on a float32 or float64 input, every step in that type (ATen's `histogramdd_cpu_contiguous`).
fn histc_in<T: HistcFloat>(input: &Tensor, bins: i64, min: f64, max: f64) -> Result<Tensor> {
    if bins <= 0 {
        return Err(TensorError::runtime(format!(
            "torch.histogram(): bins must be > 0, but got {bins} for dimension 0"
        )));
    }
    let values = input.to_vec::<T>();
    let (mut lo, mut hi) = (<T as Element>::from_f64(min), <T as Element>::from_f64(max));
    if lo == hi && !values.is_empty() {
        lo = values.iter().copied().fold(T::infinity(), T::min);
        hi = values.iter().copied().fold(T::neg_infinity(), T::max);
    }
    if lo == hi {
        lo = lo - T::one();
        hi = hi + T::one();
    }
    if lo > hi {
        return Err(TensorError::runtime(
            "torch.histc: max must be larger than min",
        ));
    }
    let n = bins as usize;
    crate::tensor::settings::check_numel(&[n])?;
    let edges = T::edges(lo, hi, n + 1)?;
    let mut out = vec![T::zero(); n];
    let bins_t = <T as Element>::from_i64(n as i64);
    for &v in &values {
        if !(v >= lo && v <= hi) {
            continue;
        }
        // ATen's LINEAR_INTERPOLATION_WITH_LOCAL_SEARCH: a guess from the position, then a step to
        // the bin whose edges hold the value.
        let guess = ((v - lo) / (hi - lo)) * bins_t;
        let mut pos = Element::to_f64(guess) as i64;
        pos = pos.clamp(0, n as i64 - 1);
        let mut p = pos as usize;
        if p > 0 && v < edges[p] {
            p -= 1;
        } else if p + 1 < n && v >= edges[p + 1] {
            p += 1;
        }
        out[p] = out[p] + T::one();
    }
    Tensor::from_vec(out, &[n])
}

/// What `unique`/`unique_consecutive` return: the values, and on request the inverse and the counts.
pub struct Unique {
    pub values: Tensor,
    pub inverse: Tensor,
    pub counts: Tensor,
}

/// `torch.unique(x, sorted, return_inverse, return_counts)` over all elements (always sorted, as
/// the CPU kernel sorts; each NaN stays its own value, last).
pub fn unique(x: &Tensor) -> Result<Unique> {
    let n = x.numel();
    with_dtype!(x.dtype(), T => {
        let vals = x.contiguous().to_vec::<T>();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by(|&a, &b| total(vals[a], vals[b]).then(a.cmp(&b)));
        let mut out: Vec<T> = Vec::new();
        let mut counts: Vec<i64> = Vec::new();
        let mut inverse = vec![0i64; n];
        for &i in &order {
            let v = vals[i];
            let same = out.last().is_some_and(|&last| {
                total(last, v) == Ordering::Equal && !v.to_f64().is_nan()
            });
            if !same {
                out.push(v);
                counts.push(0);
            }
            if let Some(c) = counts.last_mut() {
                *c += 1;
            }
            inverse[i] = out.len() as i64 - 1;
        }
        let m = out.len();
        Ok(Unique {
            values: Tensor::from_vec(out, &[m])?,
            inverse: Tensor::from_vec(inverse, x.shape())?,
            counts: Tensor::from_vec(counts, &[m])?,
        })
    })
}

/// `torch.unique_consecutive(x)`: runs of equal neighbours collapsed to one, over all elements.
pub fn unique_consecutive(x: &Tensor) -> Result<Unique> {
    let n = x.numel();
    with_dtype!(x.dtype(), T => {
        let vals = x.contiguous().to_vec::<T>();
        let mut out: Vec<T> = Vec::new();
        let mut counts: Vec<i64> = Vec::new();
        let mut inverse = Vec::with_capacity(n);
        for &v in &vals {
            let same = out.last().is_some_and(|&last| last == v);
            if !same {
                out.push(v);
                counts.push(0);
            }
            if let Some(c) = counts.last_mut() {
                *c += 1;
            }
            inverse.push(out.len() as i64 - 1);
        }
        let m = out.len();
        Ok(Unique {
            values: Tensor::from_vec(out, &[m])?,
            inverse: Tensor::from_vec(inverse, x.shape())?,
            counts: Tensor::from_vec(counts, &[m])?,
        })
    })
}
