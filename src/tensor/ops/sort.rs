//! `sort`, `argsort` and `topk` along one dim. `sort` is stable, so equal values keep their original
//! order (in both directions); `topk` selects as ATen does, with libstdc++'s algorithms (`stl`).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::ops::stl;
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

/// `x.topk(k, dim, largest, sorted)`: the `k` largest (or smallest) of each row, chosen as ATen's
/// `topk_impl_loop` chooses them: `std::partial_sort` of `(value, index)` pairs when `k * 64` is at
/// most the row's length, else `std::nth_element` and (when `sorted`) `std::sort` of the first
/// `k - 1`, so among equal values the same indices come out as in PyTorch. NaN counts as largest.
pub fn topk(x: &Tensor, k: i64, dim: i64, largest: bool, sorted: bool) -> Result<Sorted> {
    sort_rows(x, dim, largest, Some((k, sorted)))
}

/// One row of [`topk`]: the first `k` pairs of `queue` once ATen's algorithm has run.
fn topk_row<T: crate::tensor::storage::Element>(
    row: &[T],
    k: usize,
    largest: bool,
    sorted: bool,
) -> Vec<(T, usize)> {
    use std::cmp::Ordering;
    if k == 0 {
        return Vec::new();
    }
    let mut queue: Vec<(T, usize)> = row.iter().copied().zip(0..).collect();
    let want = if largest {
        Ordering::Greater
    } else {
        Ordering::Less
    };
    let less = |a: &(T, usize), b: &(T, usize)| total(a.0, b.0) == want;
    if k * 64 <= queue.len() {
        stl::partial_sort(&mut queue, k, &less);
    } else {
        stl::nth_element(&mut queue, k - 1, &less);
        if sorted {
            stl::sort(&mut queue[..k - 1], &less);
        }
    }
    queue.truncate(k);
    queue
}

fn sort_rows(x: &Tensor, dim: i64, descending: bool, topk: Option<(i64, bool)>) -> Result<Sorted> {
    let k = topk.map(|t| t.0);
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
            if let Some((_, sorted)) = topk {
                for (v, i) in topk_row(row, take, descending, sorted) {
                    out_values.push(v);
                    out_indices.push(i as i64);
                }
                continue;
            }
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
