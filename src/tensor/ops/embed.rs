//! `slice_scatter`, `select_scatter` and `diagonal_scatter`: a copy of `self` that keeps its strides,
//! with `src` written into one view of it (ATen's `TensorShape.cpp`: `clone_preserve_strides`, the view,
//! a size check, `copy_`).

use crate::tensor::Tensor;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::format::int_array;
use crate::tensor::layout::wrap_dim;
use crate::tensor::ops::reorder;

/// Copies `x`, takes `view` of the copy, and writes `src` (same size, any dtype) into it.
fn embed(x: &Tensor, src: &Tensor, view: impl FnOnce(&Tensor) -> Result<Tensor>) -> Result<Tensor> {
    let out = x.clone_preserve();
    let slot = view(&out)?;
    if slot.shape() != src.shape() {
        return Err(TensorError::runtime(format!(
            "expected src to have a size equal to the slice of self. src size = {}, slice size = {}",
            int_array(src.shape()),
            int_array(slot.shape())
        )));
    }
    slot.copy_from(src)?;
    Ok(out)
}

/// `slice_scatter(self, src, dim, start, end, step)`.
pub fn slice_scatter(
    x: &Tensor,
    src: &Tensor,
    dim: i64,
    start: Option<i64>,
    end: Option<i64>,
    step: i64,
) -> Result<Tensor> {
    if step <= 0 {
        return Err(TensorError::runtime("slice step must be positive"));
    }
    embed(x, src, |out| out.slice(dim, start, end, step))
}

/// `torch.select(self, dim, index)` with ATen's messages (indexing `x[i]` has its own).
pub fn select(x: &Tensor, dim: i64, index: i64) -> Result<Tensor> {
    if x.ndim() == 0 {
        return Err(TensorError::Index(
            "select() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    let d = wrap_dim(dim, x.ndim())?;
    let size = x.shape()[d] as i64;
    if index < -size || index >= size {
        return Err(TensorError::Index(format!(
            "select(): index {index} out of range for tensor of size {} at dimension {d}",
            int_array(x.shape())
        )));
    }
    x.select(d as i64, index)
}

/// `select_scatter(self, src, dim, index)`.
pub fn select_scatter(x: &Tensor, src: &Tensor, dim: i64, index: i64) -> Result<Tensor> {
    embed(x, src, |out| select(out, dim, index))
}

/// `diagonal_scatter(self, src, offset, dim1, dim2)`.
pub fn diagonal_scatter(
    x: &Tensor,
    src: &Tensor,
    offset: i64,
    dim1: i64,
    dim2: i64,
) -> Result<Tensor> {
    embed(x, src, |out| reorder::diagonal(out, offset, dim1, dim2))
}
