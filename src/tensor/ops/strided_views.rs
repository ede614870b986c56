//! Views given by explicit strides (`unfold`, `as_strided`) and `sum_to_size`, the reduction that
//! undoes a broadcast.

use crate::tensor::Tensor;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::{Layout, wrap_dim};

fn list(v: &[impl std::fmt::Display]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `x.unfold(dimension, size, step)`: every window of `size` along `dimension`, `step` apart, as a new
/// last dim (a view).
pub fn unfold(x: &Tensor, dimension: i64, size: i64, step: i64) -> Result<Tensor> {
    let ndim = x.ndim().max(1);
    let d = wrap_dim(dimension, ndim)?;
    let mut layout = x.layout().clone();
    if layout.shape.is_empty() {
        layout.shape.push(1);
        layout.strides.push(1);
    }
    let len = layout.shape[d] as i64;
    if size > len {
        return Err(TensorError::runtime(format!(
            "maximum size for tensor at dimension {d} is {len} but size is {size}"
        )));
    }
    if size < 0 {
        return Err(TensorError::runtime(format!(
            "size is {size} but must be >= 0"
        )));
    }
    if step <= 0 {
        return Err(TensorError::runtime(format!(
            "step is {step} but must be > 0"
        )));
    }
    if x.ndim() == 0 {
        // A 0-d tensor is one window of its single element.
        layout.shape = vec![size as usize];
        return Ok(x.with_layout(layout));
    }
    let stride = layout.strides[d];
    layout.shape[d] = ((len - size) / step + 1) as usize;
    layout.strides[d] = stride * step as usize;
    layout.shape.push(size as usize);
    layout.strides.push(stride);
    Ok(x.with_layout(layout))
}

/// `x.as_strided(size, stride, storage_offset=None)`: a view of `x`'s storage with this layout.
pub fn as_strided(x: &Tensor, size: &[i64], stride: &[i64], offset: Option<i64>) -> Result<Tensor> {
    if size.len() != stride.len() {
        return Err(TensorError::runtime(
            "mismatch in length of strides and shape",
        ));
    }
    if stride.iter().any(|&s| s < 0) {
        return Err(TensorError::runtime(format!(
            "as_strided: Negative strides are not supported at the moment, got strides: [{}]",
            list(stride)
        )));
    }
    if size.iter().any(|&s| s < 0) {
        return Err(TensorError::runtime(format!(
            "Storage size calculation overflowed with sizes=[{}] and strides=[{}]",
            list(size),
            list(stride)
        )));
    }
    let offset = offset.unwrap_or(x.layout().offset as i64);
    if offset < 0 {
        return Err(TensorError::runtime(format!(
            "Tensor: invalid storage offset {offset}"
        )));
    }
    // The storage the layout needs, in elements: one past its last element (none when empty).
    let needed = if size.contains(&0) {
        0
    } else {
        offset
            + 1
            + size
                .iter()
                .zip(stride)
                .map(|(&n, &s)| (n - 1) * s)
                .sum::<i64>()
    };
    let have = x.storage_len() as i64;
    if needed > have {
        let item = x.dtype().size_in_bytes() as i64;
        return Err(TensorError::runtime(format!(
            "setStorage: sizes [{}], strides [{}], storage offset {offset}, and itemsize {item} requiring a storage size of {} are out of bounds for storage of size {}",
            list(size),
            list(stride),
            needed * item,
            have * item
        )));
    }
    Ok(x.with_layout(Layout {
        shape: size.iter().map(|&s| s as usize).collect(),
        strides: stride.iter().map(|&s| s as usize).collect(),
        offset: offset as usize,
    }))
}

/// `x.sum_to_size(*size)`: `x` summed over the dims a broadcast to `x.shape` would have added or
/// stretched (ATen's `sum_to`); `x` itself when there is nothing to sum.
pub fn sum_to_size(x: &Tensor, size: &[i64]) -> Result<Tensor> {
    let shape = x.shape();
    let expandable = size.len() <= shape.len()
        && size
            .iter()
            .rev()
            .zip(shape.iter().rev())
            .all(|(&s, &t)| s == t as i64 || s == 1);
    if !expandable {
        return Err(TensorError::runtime(format!(
            "size {{[{}]}} is not expandable to size {{[{}]}}.",
            list(size),
            list(shape)
        )));
    }
    if size.is_empty() {
        return x.sum(None, false);
    }
    let leading = shape.len() - size.len();
    let dims: Vec<i64> = (0..shape.len())
        .filter(|&i| i < leading || (size[i - leading] == 1 && shape[i] != 1))
        .map(|i| i as i64)
        .collect();
    let summed = if dims.is_empty() {
        x.clone()
    } else {
        x.sum(Some(&dims), true)?
    };
    if leading > 0 {
        summed.view(size)
    } else {
        Ok(summed)
    }
}
