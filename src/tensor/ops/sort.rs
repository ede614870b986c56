//! `sort`, `argsort` and `topk` along one dim. Rows are sorted by their float32 values with a stable
//! sort, so equal values keep their original order (in both directions).

use crate::tensor::error::Result;
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
    let moved = x.transpose(d, -1)?.to_dtype(DType::Float32);
    let n = moved.shape().last().copied().unwrap_or(1);
    let values = moved.to_vec::<f32>();
    let take = k.map(|k| k.max(0) as usize).unwrap_or(n).min(n);
    let mut out_values = Vec::new();
    let mut out_indices = Vec::new();
    for row in values.chunks(n.max(1)) {
        let mut order: Vec<usize> = (0..row.len()).collect();
        order.sort_by(|&a, &b| {
            let o = row[a]
                .partial_cmp(&row[b])
                .unwrap_or(std::cmp::Ordering::Equal);
            if descending { o.reverse() } else { o }
        });
        for &i in order.iter().take(take) {
            out_values.push(row[i]);
            out_indices.push(i as i64);
        }
    }
    let mut shape = moved.shape().to_vec();
    if let Some(last) = shape.last_mut() {
        *last = take;
    }
    let values = Tensor::from_vec(out_values, &shape)?
        .to_dtype(x.dtype())
        .transpose(d, -1)?
        .contiguous();
    let indices = Tensor::from_vec(out_indices, &shape)?
        .transpose(d, -1)?
        .contiguous();
    Ok(Sorted { values, indices })
}
