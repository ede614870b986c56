//! Ops that read or write elements named by an index tensor along one dim: `gather`, `scatter`,
//! `index_fill`, `index_select`, `masked_select`, and `nonzero` (the coordinates of the true elements).
//! Python-style indexing (`t[idx]`) lives next door in `index.rs`.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::format::int_array;
use crate::tensor::layout::{contiguous_strides, wrap_dim};
use crate::tensor::ops::elementwise::Operand;
use crate::tensor::{DType, Scalar, Tensor, TensorIndex};
use crate::with_dtype;

/// An index entry checked against a dim of `size`: ATen's gather kernel refuses negative entries too.
fn wrap_index(op: &'static str, index: i64, dim: usize, size: usize) -> Result<usize> {
    let n = size as i64;
    if index < 0 || index >= n {
        return Err(TensorError::IndexOutOfBounds {
            op,
            index,
            dim,
            size,
        });
    }
    Ok(index as usize)
}

/// `torch.gather(x, dim, index)`: `out[i][j][k] = x[index[i][j][k]][j][k]` (for dim 0), shaped like `index`.
pub fn gather(x: &Tensor, dim: i64, index: &Tensor) -> Result<Tensor> {
    let d = wrap_dim(dim, x.ndim())?;
    if index.numel() > 0 && !matches!(index.dtype(), DType::Int64 | DType::Int32) {
        return Err(TensorError::runtime(
            "gather(): Expected dtype int32/int64 for index",
        ));
    }
    if index.ndim() != x.ndim() {
        return Err(TensorError::IndexRankMismatch {
            op: "gather",
            index: index.shape().to_vec(),
            input: x.shape().to_vec(),
        });
    }
    for k in 0..x.ndim() {
        if k != d && index.shape()[k] > x.shape()[k] {
            return Err(TensorError::runtime(format!(
                "Size does not match at dimension {k} expected index {} to be no larger than self {} apart from dimension {d}",
                int_array(index.shape()),
                int_array(x.shape())
            )));
        }
    }
    let index_shape = index.shape().to_vec();
    let entries = index.to_vec::<i64>();
    let x_shape = x.shape().to_vec();
    with_dtype!(x.dtype(), T => {
        let src = x.contiguous().to_vec::<T>();
        let strides = contiguous_strides(&x_shape);
        let mut out = Vec::with_capacity(entries.len());
        for (flat, &entry) in entries.iter().enumerate() {
            let mut rem = flat;
            let mut off = 0usize;
            for k in (0..index_shape.len()).rev() {
                let c = rem % index_shape[k];
                rem /= index_shape[k];
                let c = if k == d { wrap_index("gather", entry, d, x_shape[k])? } else { c };
                off += c * strides[k];
            }
            out.push(src.get(off).copied().unwrap_or_default());
        }
        Tensor::from_vec(out, &index_shape)
    })
}

/// `x.scatter_(dim, index, src)`: see [`super::scatter::scatter_`].
pub fn scatter_(x: &Tensor, dim: i64, index: &Tensor, src: Operand) -> Result<()> {
    super::scatter::scatter_(x, dim, index, src)
}

/// `x.scatter(dim, index, src)`: [`scatter_`] on a copy.
pub fn scatter(x: &Tensor, dim: i64, index: &Tensor, src: Operand) -> Result<Tensor> {
    let out = x.deep_copy();
    scatter_(&out, dim, index, src)?;
    Ok(out)
}

/// `x.index_fill_(dim, index, value)`: fills every slice `x.select(dim, i)` named by `index`, in place.
pub fn index_fill_(x: &Tensor, dim: i64, index: &Tensor, value: Scalar) -> Result<()> {
    let d = wrap_dim(dim, x.ndim())? as i64;
    if index.dtype() != DType::Int64 {
        return Err(TensorError::Index(
            "index_fill_(): Expected dtype int64 for index.".into(),
        ));
    }
    for i in index.to_vec::<i64>() {
        x.select(d, i)?.fill(value);
    }
    Ok(())
}

/// `x.index_fill(dim, index, value)`: [`index_fill_`] on a copy.
pub fn index_fill(x: &Tensor, dim: i64, index: &Tensor, value: Scalar) -> Result<Tensor> {
    let d = wrap_dim(dim, x.ndim())? as i64;
    let out = x.deep_copy();
    index_fill_(&out, d, index, value)?;
    Ok(out)
}

/// `x.index_select(dim, index)`: the slices named by `index` along `dim`, as `x[:, ..., index]`.
pub fn index_select(x: &Tensor, dim: i64, index: &Tensor) -> Result<Tensor> {
    let d = wrap_dim(dim, x.ndim())?;
    if !matches!(index.dtype(), DType::Int64 | DType::Int32) {
        return Err(TensorError::runtime(
            "index_select(): Expected dtype int32 or int64 for index",
        ));
    }
    if index.ndim() > 1 {
        return Err(TensorError::Index(
            "index_select(): Index is supposed to be a vector".into(),
        ));
    }
    // ATen's index_select takes no negative index, and a 0-d index selects one slice (kept as a dim).
    let size = if x.ndim() == 0 { 1 } else { x.shape()[d] } as i64;
    let index = index.reshape(&[-1])?;
    if let Some(bad) = index
        .to_vec::<i64>()
        .into_iter()
        .find(|&i| i < 0 || i >= size)
    {
        return Err(TensorError::runtime(format!(
            "INDICES element is out of DATA bounds, id={bad} axis_dim={size}"
        )));
    }
    let mut indices: Vec<TensorIndex> = (0..d).map(|_| TensorIndex::Slice(None, None, 1)).collect();
    indices.push(TensorIndex::Tensor(index.clone()));
    x.index(&indices)
}

/// `x.masked_select(mask)`: the elements where the mask (broadcast to `x`) is true, as a 1-D tensor.
pub fn masked_select(x: &Tensor, mask: &Tensor) -> Result<Tensor> {
    if mask.dtype() != DType::Bool {
        return Err(TensorError::runtime(
            "masked_select: expected BoolTensor for mask",
        ));
    }
    // Both broadcast to their common shape (the mask may have more dims than `x`).
    let shape = crate::tensor::layout::broadcast_shapes(mask.shape(), x.shape())?;
    x.broadcast_to(&shape)?
        .index(&[TensorIndex::Tensor(mask.broadcast_to(&shape)?.contiguous())])
}

/// `x.nonzero()`: an int64 `[count, ndim]` tensor of the coordinates of the non-zero elements, in
/// row-major order.
pub fn nonzero(x: &Tensor) -> Result<Tensor> {
    let values = x.to_dtype(DType::Bool).to_vec::<bool>();
    let shape = x.shape().to_vec();
    let mut coords = Vec::new();
    let mut count = 0usize;
    for (flat, &v) in values.iter().enumerate() {
        if v {
            let mut rem = flat;
            let mut c = vec![0i64; shape.len()];
            for d in (0..shape.len()).rev() {
                c[d] = (rem % shape[d]) as i64;
                rem /= shape[d];
            }
            coords.extend(c);
            count += 1;
        }
    }
    // ATen writes the coordinates column by column: the result's strides are (1, count).
    let ndim = shape.len();
    let mut columns = vec![0i64; coords.len()];
    for (i, row) in coords.chunks(ndim.max(1)).enumerate().take(count) {
        for (d, &v) in row.iter().enumerate() {
            columns[d * count + i] = v;
        }
    }
    Ok(Tensor::from_storage(
        <i64 as crate::tensor::Element>::into_storage(columns),
        crate::tensor::layout::Layout {
            shape: vec![count, ndim],
            strides: vec![1, count],
            offset: 0,
        },
    ))
}

/// `torch.where(cond)` / `nonzero(as_tuple=True)`: one 1-D int64 tensor of coordinates per dim.
pub fn nonzero_tuple(x: &Tensor) -> Result<Vec<Tensor>> {
    // A 0-d tensor counts as one element of a 1-D one.
    let x = if x.ndim() == 0 {
        x.reshape(&[1])?
    } else {
        x.clone()
    };
    let coords = nonzero(&x)?;
    (0..x.ndim() as i64)
        .map(|d| coords.select(1, d).map(|c| c.contiguous()))
        .collect()
}
