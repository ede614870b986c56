//! Writes at listed positions: `index_put_`, `put_` (flat positions) and `masked_scatter_`, with
//! ATen's checks and messages. All of them go through [`Tensor::index_put`] and its accumulating twin.

use super::elementwise::check_no_overlap;
use super::gather::nonzero_tuple;
use super::index::TensorIndex;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::{DType, Tensor};

/// `x.index_put_(indices, values, accumulate=False)`: `x[indices] = values` (or `+=`, every
/// repeated index counted), with the source's dtype required to be `x`'s.
pub fn index_put_(x: &Tensor, indices: &[Tensor], values: &Tensor, accumulate: bool) -> Result<()> {
    let idx: Vec<TensorIndex> = indices.iter().cloned().map(TensorIndex::Tensor).collect();
    if values.dtype() != x.dtype() {
        // A shape mismatch is reported first.
        let target = x.index(&idx)?;
        if broadcast_shapes(values.shape(), target.shape())
            .ok()
            .as_deref()
            != Some(target.shape())
        {
            return x.index_put(&idx, values);
        }
        return Err(TensorError::runtime(format!(
            "Index put requires the source and destination dtypes match, got {} for the destination and {} for the source.",
            x.dtype().scalar_type_name(),
            values.dtype().scalar_type_name()
        )));
    }
    if accumulate {
        x.index_put_accumulate(&idx, values)
    } else {
        x.index_put(&idx, values)
    }
}

/// `x.put_(index, source, accumulate=False)`: `x` read as a flat row-major array, `source[i]` written
/// at `index[i]` (negative positions count from the end).
pub fn put_(x: &Tensor, index: &Tensor, source: &Tensor, accumulate: bool) -> Result<()> {
    if index.dtype() != DType::Int64 {
        return Err(TensorError::runtime(format!(
            "put_(): Expected a long tensor for index, but got {}",
            index.dtype().scalar_type_name()
        )));
    }
    if source.dtype() != x.dtype() {
        return Err(TensorError::runtime(format!(
            "put_(): self and source expected to have the same dtype, but got self.dtype = {} and source.dtype = {}",
            x.dtype().scalar_type_name(),
            source.dtype().scalar_type_name()
        )));
    }
    if source.numel() != index.numel() {
        return Err(TensorError::Index(format!(
            "put_(): Expected source and index to have the same number of elements, but got source.numel() = {}, index.numel() = {}",
            source.numel(),
            index.numel()
        )));
    }
    if index.numel() == 0 {
        return Ok(());
    }
    let n = x.numel() as i64;
    if n == 0 {
        return Err(TensorError::Index(
            "put_(): Tried to put elements into an empty tensor".into(),
        ));
    }
    check_no_overlap(x)?;
    // Each flat position as one index per dim of `x`.
    let mut per_dim: Vec<Vec<i64>> = vec![Vec::with_capacity(index.numel()); x.ndim()];
    for p in index.to_vec::<i64>() {
        if p < -n || p >= n {
            return Err(TensorError::Index(format!(
                "out of range: tried to access index {p} on a tensor of {n} elements."
            )));
        }
        let mut rest = if p < 0 { p + n } else { p };
        for (d, &size) in x.shape().iter().enumerate().rev() {
            per_dim[d].push(rest % size as i64);
            rest /= size as i64;
        }
    }
    let values = source.reshape(&[-1])?;
    if x.ndim() == 0 {
        return put_scalar(x, &values, accumulate);
    }
    let indices = per_dim
        .into_iter()
        .map(|v| {
            let len = v.len();
            Tensor::from_vec(v, &[len])
        })
        .collect::<Result<Vec<_>>>()?;
    let idx: Vec<TensorIndex> = indices.into_iter().map(TensorIndex::Tensor).collect();
    if accumulate {
        x.index_put_accumulate(&idx, &values)
    } else {
        x.index_put(&idx, &values)
    }
}

/// `put_` on a 0-d tensor: every position is 0, the last write (or the sum) wins.
fn put_scalar(x: &Tensor, values: &Tensor, accumulate: bool) -> Result<()> {
    let x1 = x.reshape(&[1])?;
    let zeros = Tensor::from_vec(vec![0i64; values.numel()], &[values.numel()])?;
    let idx = [TensorIndex::Tensor(zeros)];
    if accumulate {
        x1.index_put_accumulate(&idx, values)
    } else {
        x1.index_put(&idx, values)
    }
}

fn check_source_dtype(x: &Tensor, source: &Tensor) -> Result<()> {
    if x.dtype() != source.dtype() {
        return Err(TensorError::runtime(format!(
            "masked_scatter: expected self and source to have same dtypes but got{} and {}",
            x.dtype().scalar_type_name(),
            source.dtype().scalar_type_name()
        )));
    }
    Ok(())
}

fn check_mask_dtype(mask: &Tensor) -> Result<()> {
    if mask.dtype() != DType::Bool {
        return Err(TensorError::runtime(format!(
            "masked_scatter_ only supports boolean masks, but got mask with dtype {}",
            mask.dtype().scalar_type_name()
        )));
    }
    Ok(())
}

/// `x.masked_scatter_(mask, source)`: the positions where `mask` (broadcast to `x`) is true get
/// `source`'s elements, in row-major order.
pub fn masked_scatter_(x: &Tensor, mask: &Tensor, source: &Tensor) -> Result<()> {
    check_source_dtype(x, source)?;
    // ATen expands in C++, where the tensor's type prints as `CPUBoolType`.
    let mask =
        mask.expand(&x.shape().iter().map(|&s| s as i64).collect::<Vec<_>>())
            .map_err(|e| match e {
                TensorError::ExpandTooFewSizes { .. } => TensorError::Runtime(
                    e.to_string()
                        .replacen("torch.BoolTensor{", "CPUBoolType{", 1),
                ),
                other => other,
            })?;
    check_mask_dtype(&mask)?;
    scatter_where(x, &mask, source)
}

/// `torch.masked_scatter(x, mask, source)`: on a copy of `x` broadcast with `mask`.
pub fn masked_scatter(x: &Tensor, mask: &Tensor, source: &Tensor) -> Result<Tensor> {
    let shape: Vec<i64> = broadcast_shapes(mask.shape(), x.shape())?
        .into_iter()
        .map(|s| s as i64)
        .collect();
    let out = x.expand(&shape)?.deep_copy();
    check_source_dtype(x, source)?;
    check_mask_dtype(mask)?;
    scatter_where(&out, &mask.expand(&shape)?, source)?;
    Ok(out)
}

fn scatter_where(x: &Tensor, mask: &Tensor, source: &Tensor) -> Result<()> {
    let count = mask.to_vec::<bool>().iter().filter(|&&b| b).count();
    if source.numel() < count {
        return Err(TensorError::runtime(
            "Number of elements of source < number of ones in mask",
        ));
    }
    if count == 0 {
        return Ok(());
    }
    let values = source.reshape(&[-1])?.narrow(0, 0, count as i64)?;
    if x.ndim() == 0 {
        return x.copy_from(&values.reshape(&[])?);
    }
    let idx: Vec<TensorIndex> = nonzero_tuple(mask)?
        .into_iter()
        .map(TensorIndex::Tensor)
        .collect();
    x.index_put(&idx, &values)
}
