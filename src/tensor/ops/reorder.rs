//! Shape ops that reorder, repeat or pad elements (`flip`, `repeat`, `repeat_interleave`, `diag`,
//! `F.pad`, `vstack`/`hstack`), and the views built from several layout steps (`diagonal`, `movedim`,
//! `unflatten`, `unbind`, `broadcast_tensors`). The single-step views are in `shape.rs`.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::{broadcast_shapes, contiguous_strides, wrap_dim};
use crate::tensor::sym::Sym;
use crate::tensor::{Scalar, Tensor};
use crate::with_dtype;

/// `x.flip(dims)`: a copy with the elements of each listed dim in reverse order.
pub fn flip(x: &Tensor, dims: &[i64]) -> Result<Tensor> {
    let n = x.ndim();
    let mut flip_dim = vec![false; n];
    for &d in dims {
        let d = wrap_dim(d, n)?;
        if flip_dim.get(d).copied().unwrap_or(false) {
            return Err(TensorError::DuplicateDim { op: "flip", dim: d });
        }
        if let Some(f) = flip_dim.get_mut(d) {
            *f = true;
        }
    }
    let shape = x.shape().to_vec();
    let strides = contiguous_strides(&shape);
    with_dtype!(x.dtype(), T => {
        let src = x.to_vec::<T>();
        let mut out = Vec::with_capacity(src.len());
        for flat in 0..src.len() {
            let mut rem = flat;
            let mut off = 0usize;
            for k in (0..n).rev() {
                let c = rem % shape[k];
                rem /= shape[k];
                let c = if flip_dim[k] { shape[k] - 1 - c } else { c };
                off += c * strides[k];
            }
            out.push(src[off]);
        }
        Tensor::from_vec(out, &shape)
    })
    // Laid out as the input is (TensorIterator's output of a transposed input is transposed).
    .map(|out| super::elementwise::follow_inputs(out, &[&super::elementwise::Operand::Tensor(x)]))
}

/// `x.repeat(*repeats)` / `x.tile(...)`: the whole tensor tiled `repeats[k]` times along dim k (extra
/// leading repeats add dims).
pub fn repeat(x: &Tensor, repeats: &[i64]) -> Result<Tensor> {
    if repeats.len() < x.ndim() {
        return Err(TensorError::RepeatTooFewDims {
            repeats: repeats.to_vec(),
            shape: x.shape().to_vec(),
        });
    }
    let lead = repeats.len() - x.ndim();
    let mut src = x.clone();
    for _ in 0..lead {
        src = src.unsqueeze(0)?;
    }
    // View each dim k as [1, size[k]], expand it to [repeats[k], size[k]], then merge the pairs.
    let mut view_shape: Vec<i64> = Vec::new();
    let mut expanded_shape = Vec::new();
    for (k, &r) in repeats.iter().enumerate() {
        view_shape.push(1);
        view_shape.push(src.shape()[k] as i64);
        expanded_shape.push(r.max(0));
        expanded_shape.push(src.shape()[k] as i64);
    }
    let expanded = src.reshape(&view_shape)?.expand(&expanded_shape)?;
    let final_shape: Vec<i64> = repeats
        .iter()
        .zip(src.shape())
        .map(|(&r, &s)| r.max(0) * s as i64)
        .collect();
    // Always a copy with its own storage, as PyTorch's: a view of the expanded tensor would alias `x` (and
    // have stride 0 where a size-1 dim was repeated).
    let out = expanded.deep_copy().reshape(&final_shape)?;
    Ok(out)
}

/// `repeat` whose repeat counts carry symbols: axis k is `repeats[k] * x.shape[k]` as symbols
/// (`x.unsqueeze(0).repeat(bs, 1, 1)` is `[bs, sl, hid_dim]`), at every size.
pub fn repeat_named(x: &Tensor, repeats: &[i64], syms: &[Option<Sym>]) -> Result<Tensor> {
    let out = repeat(x, repeats)?;
    if x.axes().is_none() && syms.is_empty() {
        return Ok(out);
    }
    // Literal counts (`repeat(1, 2)`) are constants.
    let syms = crate::tensor::sym::args_or_literals(syms, repeats);
    if syms.len() != repeats.len() {
        return Ok(out);
    }
    let lead = repeats.len() - x.ndim();
    let one = Sym::constant(1);
    let axes = (0..repeats.len())
        .map(|k| {
            let own = if k < lead {
                Some(one.clone())
            } else {
                x.axis(k - lead)
            };
            own?.mul(syms[k].as_ref()?)
        })
        .collect();
    Ok(out.with_axes(crate::tensor::sym::axes(axes)))
}

/// `x.repeat_interleave(repeats, dim)`: each slice along `dim` repeated `repeats` times in place;
/// without a dim, over the flattened tensor.
pub fn repeat_interleave(x: &Tensor, repeats: usize, dim: Option<i64>) -> Result<Tensor> {
    repeat_interleave_counts(x, &[repeats], dim)
}

/// `repeat_interleave` with one count per slice along the dim (or one count for all of them).
pub fn repeat_interleave_counts(x: &Tensor, counts: &[usize], dim: Option<i64>) -> Result<Tensor> {
    let (src, d) = match dim {
        None => (x.reshape(&[-1])?, 0),
        Some(d) if x.ndim() == 0 => {
            // PyTorch unsqueezes `dim + 1`, which a 0-d input does not have (`Repeat.cpp`).
            let d = wrap_dim(d, 0)? as i64;
            return Err(TensorError::DimOutOfRange {
                min: -1,
                max: 0,
                got: d + 1,
            });
        }
        Some(d) => (x.clone(), wrap_dim(d, x.ndim())?),
    };
    let size = src.shape()[d];
    if counts.len() != 1 && counts.len() != size {
        return Err(TensorError::runtime(format!(
            "repeats must have the same size as input along dim, but got repeats.size(0) = {} and input.size(0) = {size}",
            counts.len()
        )));
    }
    let count = |i: usize| {
        if counts.len() == 1 {
            counts[0]
        } else {
            counts[i]
        }
    };
    let parts: Vec<Tensor> = (0..size)
        .flat_map(|i| (0..count(i)).map(move |_| i as i64))
        .map(|i| src.narrow(d as i64, i, 1))
        .collect::<Result<_>>()?;
    if parts.is_empty() {
        let mut shape = src.shape().to_vec();
        shape[d] = 0;
        return Tensor::zeros(&shape, src.dtype());
    }
    Tensor::cat(&parts, d as i64)
}

/// `x.diagonal(offset, dim1, dim2)`: a view of the diagonal of the `dim1`×`dim2` planes, moved last.
pub fn diagonal(x: &Tensor, offset: i64, dim1: i64, dim2: i64) -> Result<Tensor> {
    let d1 = wrap_dim(dim1, x.ndim())?;
    let d2 = wrap_dim(dim2, x.ndim())?;
    if d1 == d2 {
        return Err(TensorError::DiagonalSameDims { dim1: d1, dim2: d2 });
    }
    let mut layout = x.layout().clone();
    let (s1, s2) = (layout.shape[d1] as i64, layout.shape[d2] as i64);
    let len = if offset >= 0 {
        s1.min(s2 - offset)
    } else {
        (s1 + offset).min(s2)
    }
    .max(0) as usize;
    let start = if len == 0 {
        0
    } else if offset >= 0 {
        offset as usize * layout.strides[d2]
    } else {
        (-offset) as usize * layout.strides[d1]
    };
    let diag_stride = layout.strides[d1] + layout.strides[d2];
    layout.offset += start;
    let (hi, lo) = (d1.max(d2), d1.min(d2));
    layout.shape.remove(hi);
    layout.strides.remove(hi);
    layout.shape.remove(lo);
    layout.strides.remove(lo);
    layout.shape.push(len);
    layout.strides.push(diag_stride);
    Ok(x.with_layout(layout))
}

/// `x.diag()`: a 1-D tensor becomes the diagonal of a square matrix; a matrix gives its main diagonal.
pub fn diag(x: &Tensor) -> Result<Tensor> {
    diag_offset(x, 0)
}

/// `x.diag(diagonal)`: a 1-D tensor placed on the `diagonal`-th diagonal of a square matrix of side
/// `n + |diagonal|`, or a copy of a matrix's `diagonal`-th diagonal (above the main one when positive).
pub fn diag_offset(x: &Tensor, offset: i64) -> Result<Tensor> {
    match x.ndim() {
        1 => {
            let n = x.shape()[0];
            let side = n + offset.unsigned_abs() as usize;
            let out = Tensor::zeros(&[side, side], x.dtype())?;
            let (row0, col0) = if offset >= 0 {
                (0, offset as usize)
            } else {
                ((-offset) as usize, 0)
            };
            with_dtype!(x.dtype(), T => {
                let v = x.to_vec::<T>();
                let mut o = vec![T::default(); side * side];
                for (i, &value) in v.iter().enumerate() {
                    o[(row0 + i) * side + col0 + i] = value;
                }
                out.write_values(&o);
            });
            Ok(out)
        }
        2 => Ok(diagonal(x, offset, 0, 1)?.row_major().deep_copy()),
        n => Err(TensorError::runtime(format!(
            "diag(): Supports 1D or 2D tensors. Got {n}D"
        ))),
    }
}

/// `F.pad(x, pads, value=...)` in constant mode: `pads` holds (left, right) pairs from the last dim
/// backwards; negative pads crop.
pub fn pad(x: &Tensor, pads: &[i64], value: Scalar) -> Result<Tensor> {
    if !pads.len().is_multiple_of(2) || pads.len() / 2 > x.ndim() {
        return Err(TensorError::PadLength {
            pads: pads.len(),
            shape: x.shape().to_vec(),
        });
    }
    let n = x.ndim();
    let mut shape = x.shape().to_vec();
    for (k, pair) in pads.chunks(2).enumerate() {
        let d = n - 1 - k;
        shape[d] = (shape[d] as i64 + pair[0] + pair[1]).max(0) as usize;
    }
    let out = Tensor::full(&shape, value, x.dtype())?;
    let mut window = out.clone();
    let mut src = x.clone();
    for (k, pair) in pads.chunks(2).enumerate() {
        let d = (n - 1 - k) as i64;
        let (left, right) = (pair[0], pair[1]);
        let len = src.shape()[d as usize] as i64;
        // Negative pads crop the source.
        let start = (-left).max(0);
        let end = len - (-right).max(0);
        src = src.narrow(d, start, (end - start).max(0))?;
        window = window.narrow(d, left.max(0), (end - start).max(0))?;
    }
    window.copy_from(&src)?;
    Ok(out)
}

/// `x.movedim(source, destination)` for one dim: a view with that dim moved.
pub fn movedim(x: &Tensor, source: i64, destination: i64) -> Result<Tensor> {
    let src = wrap_dim(source, x.ndim())?;
    let dst = wrap_dim(destination, x.ndim())?;
    let mut order: Vec<i64> = (0..x.ndim() as i64)
        .filter(|&d| d as usize != src)
        .collect();
    order.insert(dst.min(order.len()), src as i64);
    x.permute(&order)
}

/// `x.unflatten(dim, sizes)`: a view with `dim` split into `sizes` (one may be -1).
pub fn unflatten(x: &Tensor, dim: i64, sizes: &[i64]) -> Result<Tensor> {
    let d = wrap_dim(dim, x.ndim())?;
    if sizes.is_empty() {
        return Err(TensorError::runtime("unflatten: sizes must be non-empty"));
    }
    // `infer_size` against the one dim; its "is invalid for input of size" becomes unflatten's words.
    let size = x.shape().get(d).copied().unwrap_or(1) as i64;
    let inferred = sizes.iter().filter(|&&s| s == -1).count();
    let known: i64 = sizes.iter().filter(|&&s| s != -1).product();
    let fits = if inferred == 1 {
        known != 0 && size % known == 0 || known == 0 && size == 0
    } else {
        known == size
    };
    if inferred <= 1 && sizes.iter().all(|&s| s >= -1) && !fits {
        let list: Vec<String> = sizes.iter().map(|s| s.to_string()).collect();
        return Err(TensorError::runtime(format!(
            "unflatten: Provided sizes [{}] don't multiply up to the size of dim {d} ({size}) in the input tensor",
            list.join(", ")
        )));
    }
    let mut shape: Vec<i64> = x.shape()[..d.min(x.ndim())]
        .iter()
        .map(|&s| s as i64)
        .collect();
    shape.extend(sizes);
    shape.extend(x.shape().iter().skip(d + 1).map(|&s| s as i64));
    x.view(&shape)
}

/// `x.unbind(dim)`: the views `x.select(dim, i)` for every `i`.
pub fn unbind(x: &Tensor, dim: i64) -> Result<Vec<Tensor>> {
    if x.ndim() == 0 {
        return Err(TensorError::NoDimensions { op: "unbind", dim });
    }
    let d = wrap_dim(dim, x.ndim())?;
    let size = x.shape().get(d).copied().unwrap_or(0);
    (0..size as i64).map(|i| x.select(d as i64, i)).collect()
}

/// `torch.vstack(tensors)`: 0-d and 1-D tensors become rows, then everything is joined along dim 0.
pub fn vstack(tensors: &[Tensor]) -> Result<Tensor> {
    if tensors.is_empty() {
        return Err(TensorError::runtime(
            "vstack expects a non-empty TensorList",
        ));
    }
    let rows: Vec<Tensor> = tensors
        .iter()
        .map(|t| {
            if t.ndim() < 2 {
                t.reshape(&[1, -1])
            } else {
                Ok(t.clone())
            }
        })
        .collect::<Result<_>>()?;
    Tensor::cat(&rows, 0)
}

/// `torch.hstack(tensors)`: each made at least 1-D, joined along dim 0 when the first is 1-D, else
/// along dim 1.
pub fn hstack(tensors: &[Tensor]) -> Result<Tensor> {
    if tensors.is_empty() {
        return Err(TensorError::runtime(
            "hstack expects a non-empty TensorList",
        ));
    }
    let parts: Vec<Tensor> = tensors
        .iter()
        .map(|t| {
            if t.ndim() == 0 {
                t.reshape(&[1])
            } else {
                Ok(t.clone())
            }
        })
        .collect::<Result<_>>()?;
    let dim = if parts[0].ndim() == 1 { 0 } else { 1 };
    Tensor::cat(&parts, dim)
}

/// `torch.broadcast_tensors(*tensors)`: views of every tensor expanded to their common shape.
pub fn broadcast_tensors(tensors: &[Tensor]) -> Result<Vec<Tensor>> {
    let mut shape: Vec<usize> = vec![];
    for t in tensors {
        shape = broadcast_shapes(&shape, t.shape())?;
    }
    tensors.iter().map(|t| t.broadcast_to(&shape)).collect()
}
