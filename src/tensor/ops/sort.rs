//! `sort`, `argsort` and `topk` along one dim. Rows are sorted by their float32 values with a stable
//! sort, so equal values keep their original order (in both directions).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::{DType, Tensor};

/// Sorted values (in the input's dtype) and the int64 positions they came from.
#[derive(Debug, Clone)]
pub struct Sorted {
    pub values: Tensor,
    pub indices: Tensor,
}

/// `x.sort(dim, descending)`.
pub fn sort(x: &Tensor, dim: i64, descending: bool) -> Result<Sorted> {
    sort_rows(x, dim, descending, None)
}

/// `x.argsort(dim, descending)`: the indices of [`sort`].
pub fn argsort(x: &Tensor, dim: i64, descending: bool) -> Result<Tensor> {
    Ok(sort_rows(x, dim, descending, None)?.indices)
}

/// `x.topk(k, dim, largest)`: the first `k` of each row sorted by size (largest first unless
/// `largest` is false); `k` is clamped to the row length.
pub fn topk(x: &Tensor, k: i64, dim: i64, largest: bool) -> Result<Sorted> {
    sort_rows(x, dim, largest, Some(k))
}

fn sort_rows(x: &Tensor, dim: i64, descending: bool, k: Option<i64>) -> Result<Sorted> {
    let d = wrap_dim(dim, x.ndim())? as i64;
    let moved = x.transpose(d, -1)?;
    let n = moved.shape().last().copied().unwrap_or(1);
    if let Some(k) = k
        && (k < 0 || k as usize > n)
    {
        return Err(TensorError::runtime("selected index k out of range"));
    }
    if k.is_some() && x.dtype() == DType::Bool {
        return Err(TensorError::NotImplemented(
            "topk does not support bool dtypes on CPU".into(),
        ));
    }
    // ATen's topk of a 0-d tensor copies it (k may be 0 or 1).
    if x.ndim() == 0 && k.is_some() {
        return Ok(Sorted {
            values: x.deep_copy(),
            indices: Tensor::from_vec(vec![0i64], &[])?,
        });
    }
    let take = k.map(|k| k as usize).unwrap_or(n);
    let mut shape = moved.shape().to_vec();
    if let Some(last) = shape.last_mut() {
        *last = take;
    }
    let mut out_indices = Vec::new();
    let values = crate::with_dtype!(x.dtype(), T => {
        let values = moved.to_vec::<T>();
        let mut out_values: Vec<T> = Vec::new();
        for row in values.chunks(n.max(1)) {
            let mut order: Vec<usize> = (0..row.len()).collect();
            // Stable, NaN above everything (last ascending, first descending), -0.0 equal to 0.0.
            order.sort_by(|&a, &b| {
                let o = total(row[a], row[b]);
                if descending { o.reverse() } else { o }
            });
            for &i in order.iter().take(take) {
                out_values.push(row[i]);
                out_indices.push(i as i64);
            }
        }
        Tensor::from_vec(out_values, &shape)?
    });
    let values = values.transpose(d, -1)?.row_major();
    let indices = Tensor::from_vec(out_indices, &shape)?
        .transpose(d, -1)?
        .row_major();
    // sort's outputs are laid out as its input (a transposed input sorts into transposed results).
    match x.preserved_strides() {
        Some(strides) if k.is_none() => Ok(Sorted {
            values: values.restrided(strides.clone()),
            indices: indices.restrided(strides),
        }),
        _ => Ok(Sorted { values, indices }),
    }
}

/// PyTorch's sort order: numbers by value, NaN after every number.
pub(crate) fn total<T: crate::tensor::storage::Element>(a: T, b: T) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (x, y) = (a.to_f64(), b.to_f64());
    match (x.is_nan(), y.is_nan()) {
        (true, true) => Ordering::Equal,
        (true, false) => Ordering::Greater,
        (false, true) => Ordering::Less,
        // Integers compare exactly (to_f64 would round above 2^53).
        _ if !T::DTYPE.is_floating_point() => a.to_i64().cmp(&b.to_i64()),
        _ => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
    }
}
