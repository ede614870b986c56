//! Ops that only change the layout (views), plus the few shape ops that must copy (`reshape` fallback,
//! `cat`, `stack`). Rules follow aten/src/ATen/native/TensorShape.cpp.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::{Layout, contiguous_strides, infer_size, view_strides, wrap_dim};
use crate::tensor::sym::{self, Sym};
use crate::tensor::{DType, Tensor};
use crate::with_dtype;

impl Tensor {
    /// `view(*shape)`: same storage, new shape; fails when the strides can't express it.
    pub fn view(&self, shape: &[i64]) -> Result<Tensor> {
        let new_shape = infer_size(shape, self.numel())?;
        let strides = view_strides(self.shape(), self.strides(), &new_shape)
            .ok_or(TensorError::ViewIncompatible)?;
        Ok(self.with_layout(Layout {
            shape: new_shape,
            strides,
            offset: self.storage_offset(),
        }))
    }

    /// `view` whose arguments carry symbols (one per entry of `shape`; the `-1` entry's is ignored): the
    /// result's axes are the arguments', and the inferred one balances the product.
    pub fn view_named(&self, shape: &[i64], args: &[Option<Sym>]) -> Result<Tensor> {
        let out = self.view(shape)?;
        Ok(self.name_reshaped(out, shape, args))
    }

    /// `reshape` whose arguments carry symbols (see [`Tensor::view_named`]).
    pub fn reshape_named(&self, shape: &[i64], args: &[Option<Sym>]) -> Result<Tensor> {
        let out = self.reshape(shape)?;
        Ok(self.name_reshaped(out, shape, args))
    }

    fn name_reshaped(&self, out: Tensor, shape: &[i64], args: &[Option<Sym>]) -> Tensor {
        if self.axes().is_none() && args.is_empty() {
            return out;
        }
        let args = sym::args_or_literals(args, shape);
        if args.len() != shape.len() {
            return out;
        }
        let infer = shape.iter().position(|&s| s == -1);
        let axes = sym::view(self.axes(), self.ndim(), &args, infer);
        out.with_axes(axes)
    }

    /// `reshape(*shape)`: a view when the strides allow it, else a contiguous copy.
    pub fn reshape(&self, shape: &[i64]) -> Result<Tensor> {
        let new_shape = infer_size(shape, self.numel())?;
        match view_strides(self.shape(), self.strides(), &new_shape) {
            Some(strides) => Ok(self.with_layout(Layout {
                shape: new_shape,
                strides,
                offset: self.storage_offset(),
            })),
            None => {
                let copy = self.deep_copy();
                Ok(copy.with_layout(Layout::contiguous(&new_shape)))
            }
        }
    }

    pub fn transpose(&self, dim0: i64, dim1: i64) -> Result<Tensor> {
        let n = self.ndim();
        let a = wrap_dim(dim0, n)?;
        let b = wrap_dim(dim1, n)?;
        let mut layout = self.layout().clone();
        let mut order: Vec<usize> = (0..n).collect();
        if n > 0 {
            layout.shape.swap(a, b);
            layout.strides.swap(a, b);
            order.swap(a, b);
        }
        Ok(self
            .with_layout(layout)
            .with_axes(sym::permute(self.axes(), &order)))
    }

    /// `t()`: transpose of a ≤ 2-D tensor.
    pub fn t(&self) -> Result<Tensor> {
        if self.ndim() > 2 {
            return Err(TensorError::runtime(format!(
                "t() expects a tensor with <= 2 dimensions, but self is {}D",
                self.ndim()
            )));
        }
        if self.ndim() < 2 {
            return Ok(self.clone());
        }
        self.transpose(0, 1)
    }

    /// `.mT`: transpose of the last two dims.
    pub fn mt(&self) -> Result<Tensor> {
        if self.ndim() < 2 {
            return Err(TensorError::runtime(format!(
                "tensor.mT is only supported on matrices or batches of matrices. Got {}-D tensor.",
                self.ndim()
            )));
        }
        self.transpose(-2, -1)
    }

    pub fn permute(&self, dims: &[i64]) -> Result<Tensor> {
        let n = self.ndim();
        if dims.len() != n {
            return Err(TensorError::runtime(format!(
                "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = {} is not equal to len(dims) = {}",
                n,
                dims.len()
            )));
        }
        let mut seen = vec![false; n];
        let mut order = Vec::with_capacity(n);
        let mut layout = Layout {
            shape: Vec::with_capacity(n),
            strides: Vec::with_capacity(n),
            offset: self.storage_offset(),
        };
        for &d in dims {
            let d = wrap_dim(d, n)?;
            if seen[d] {
                return Err(TensorError::runtime(
                    "permute(): duplicate dims are not allowed.",
                ));
            }
            seen[d] = true;
            order.push(d);
            layout.shape.push(self.shape()[d]);
            layout.strides.push(self.strides()[d]);
        }
        Ok(self
            .with_layout(layout)
            .with_axes(sym::permute(self.axes(), &order)))
    }

    pub fn unsqueeze(&self, dim: i64) -> Result<Tensor> {
        let n = self.ndim();
        let d = wrap_dim(dim, n + 1)?;
        let mut layout = self.layout().clone();
        let stride = if d >= n {
            1
        } else {
            layout.shape[d] * layout.strides[d]
        };
        layout.shape.insert(d, 1);
        layout.strides.insert(d, stride);
        let axes = sym::insert(self.axes(), n, d, Some(Sym::constant(1)));
        Ok(self.with_layout(layout).with_axes(axes))
    }

    /// `squeeze()` with no dim drops every size-1 dim; with dims, only those of size 1.
    pub fn squeeze(&self, dims: Option<&[i64]>) -> Result<Tensor> {
        let n = self.ndim();
        let mut drop = vec![false; n];
        match dims {
            None => {
                for (i, &s) in self.shape().iter().enumerate() {
                    drop[i] = s == 1;
                }
            }
            Some(ds) => {
                for &d in ds {
                    let d = wrap_dim(d, n)?;
                    if n > 0 && self.shape()[d] == 1 {
                        drop[d] = true;
                    }
                }
            }
        }
        let mut layout = Layout {
            shape: vec![],
            strides: vec![],
            offset: self.storage_offset(),
        };
        for ((&size, &stride), &gone) in self.shape().iter().zip(self.strides()).zip(&drop) {
            if !gone {
                layout.shape.push(size);
                layout.strides.push(stride);
            }
        }
        Ok(self
            .with_layout(layout)
            .with_axes(sym::remove(self.axes(), &drop)))
    }

    /// `expand(*sizes)`: size-1 dims grow with stride 0; -1 keeps a size.
    pub fn expand(&self, sizes: &[i64]) -> Result<Tensor> {
        let n = self.ndim();
        if sizes.len() < n {
            return Err(TensorError::ExpandTooFewSizes {
                dtype: self.dtype(),
                shape: self.shape().to_vec(),
                sizes: sizes.to_vec(),
            });
        }
        let lead = sizes.len() - n;
        let mut layout = Layout {
            shape: vec![0; sizes.len()],
            strides: vec![0; sizes.len()],
            offset: self.storage_offset(),
        };
        for i in (0..sizes.len()).rev() {
            let target = sizes[i];
            if i < lead {
                if target < 0 {
                    return Err(TensorError::runtime(format!(
                        "The expanded size of the tensor ({target}) isn't allowed in a leading, non-existing dimension {i}"
                    )));
                }
                layout.shape[i] = target as usize;
                // `inferExpandGeometry`: a new dim of size 1 gets the stride a contiguous dim there would
                // have (the next dim's size times its stride), any other new dim stride 0.
                layout.strides[i] = if target == 1 && i + 1 < sizes.len() {
                    layout.shape[i + 1] * layout.strides[i + 1]
                } else {
                    0
                };
                continue;
            }
            let j = i - lead;
            let size = self.shape()[j];
            let stride = self.strides()[j];
            if target == -1 || target as usize == size {
                layout.shape[i] = size;
                layout.strides[i] = stride;
            } else if size == 1 && target >= 0 {
                layout.shape[i] = target as usize;
                layout.strides[i] = 0;
            } else {
                return Err(TensorError::ExpandMismatch {
                    target,
                    existing: size,
                    dim: i,
                    target_sizes: sizes.to_vec(),
                    tensor_sizes: self.shape().to_vec(),
                });
            }
        }
        // A view is free, but anything that reads it materialises every element: the sandbox's cap applies.
        crate::tensor::settings::check_numel(&layout.shape)?;
        let axes = sym::broadcast(&[(self.axes(), self.shape())], &layout.shape);
        Ok(self.with_layout(layout).with_axes(axes))
    }

    /// `expand` whose sizes carry symbols: a grown or new axis is its argument's; a kept one (`-1`, or the
    /// same size) is this tensor's where known, else the argument's.
    pub fn expand_named(&self, sizes: &[i64], args: &[Option<Sym>]) -> Result<Tensor> {
        let out = self.expand(sizes)?;
        if self.axes().is_none() && args.is_empty() {
            return Ok(out);
        }
        let args = sym::args_or_literals(args, sizes);
        if args.len() != sizes.len() {
            return Ok(out);
        }
        let lead = sizes.len() - self.ndim();
        let one = Sym::constant(1);
        let axes: Vec<Option<Sym>> = (0..sizes.len())
            .map(|i| {
                let arg = if sizes[i] == -1 {
                    None
                } else {
                    args[i].clone()
                };
                if i < lead {
                    return arg;
                }
                let own = self.axis(i - lead);
                let grown = self.shape()[i - lead] != out.shape()[i];
                match (grown, own) {
                    (false, Some(s)) if s != one => Some(s),
                    (false, own) => arg.or(own),
                    (true, _) => arg,
                }
            })
            .collect();
        Ok(out.with_axes(sym::axes(axes)))
    }

    pub fn broadcast_to(&self, shape: &[usize]) -> Result<Tensor> {
        if shape == self.shape() {
            return Ok(self.clone());
        }
        let sizes: Vec<i64> = shape.iter().map(|&s| s as i64).collect();
        self.expand(&sizes)
    }

    /// `flatten(start_dim, end_dim)`: merges the range into one dim (a view when possible).
    pub fn flatten(&self, start: i64, end: i64) -> Result<Tensor> {
        if self.ndim() == 0 {
            return self.reshape(&[1]);
        }
        let n = self.ndim();
        let s = wrap_dim(start, n)?;
        let e = wrap_dim(end, n)?;
        if s > e {
            return Err(TensorError::runtime(
                "flatten() has invalid args: start_dim cannot come after end_dim",
            ));
        }
        if s == e {
            return Ok(self.clone());
        }
        let mut shape: Vec<i64> = self.shape()[..s].iter().map(|&x| x as i64).collect();
        shape.push(self.shape()[s..=e].iter().product::<usize>() as i64);
        shape.extend(self.shape()[e + 1..].iter().map(|&x| x as i64));
        let out = self.reshape(&shape)?;
        let ins = sym::axes_vec(self.axes(), n);
        let mut axes: Vec<Option<Sym>> = ins[..s].to_vec();
        axes.push(Sym::product(ins[s..=e].iter().map(Option::as_ref)));
        axes.extend(ins[e + 1..].iter().cloned());
        Ok(out.with_axes(sym::axes(axes)))
    }

    /// `select(dim, index)`: drops a dim (integer indexing).
    pub fn select(&self, dim: i64, index: i64) -> Result<Tensor> {
        let n = self.ndim();
        if n == 0 {
            return Err(TensorError::Index(
                "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number".into(),
            ));
        }
        let d = wrap_dim(dim, n)?;
        let size = self.shape()[d] as i64;
        if index < -size || index >= size {
            return Err(TensorError::Index(format!(
                "index {index} is out of bounds for dimension {d} with size {size}"
            )));
        }
        let i = if index < 0 { index + size } else { index } as usize;
        let mut layout = self.layout().clone();
        layout.offset += i * layout.strides[d];
        layout.shape.remove(d);
        layout.strides.remove(d);
        let mut gone = vec![false; n];
        gone[d] = true;
        Ok(self
            .with_layout(layout)
            .with_axes(sym::remove(self.axes(), &gone)))
    }

    /// Python slice `start:stop:step` on one dim, with Python's clamping (step > 0).
    pub fn slice(
        &self,
        dim: i64,
        start: Option<i64>,
        stop: Option<i64>,
        step: i64,
    ) -> Result<Tensor> {
        let n = self.ndim();
        let d = wrap_dim(dim, n)?;
        if step <= 0 {
            return Err(TensorError::Value("step must be greater than zero".into()));
        }
        let size = self.shape()[d] as i64;
        let clamp = |v: i64| -> i64 {
            let v = if v < 0 { v + size } else { v };
            v.clamp(0, size)
        };
        let begin = start.map_or(0, clamp);
        let end = stop.map_or(size, clamp).max(begin);
        let len = (end - begin + step - 1) / step;
        let mut layout = self.layout().clone();
        layout.offset += begin as usize * layout.strides[d];
        layout.shape[d] = len as usize;
        layout.strides[d] *= step as usize;
        // A slice that keeps the whole axis keeps what it is; any other is a new, unnamed length.
        let mut axes = sym::axes_vec(self.axes(), n);
        if len != size {
            axes[d] = None;
        }
        Ok(self.with_layout(layout).with_axes(sym::axes(axes)))
    }

    /// `narrow(dim, start, length)`.
    pub fn narrow(&self, dim: i64, start: i64, length: i64) -> Result<Tensor> {
        let d = wrap_dim(dim, self.ndim())?;
        let size = self.shape()[d] as i64;
        let start = if start < 0 { start + size } else { start };
        if start < 0 || length < 0 || start + length > size {
            return Err(TensorError::runtime(format!(
                "start ({start}) + length ({length}) exceeds dimension size ({size})."
            )));
        }
        self.slice(dim, Some(start), Some(start + length), 1)
    }

    /// `split(split_size, dim)` (an int size) or sizes given as a list.
    pub fn split(&self, sizes: SplitSizes, dim: i64) -> Result<Vec<Tensor>> {
        let d = wrap_dim(dim, self.ndim())?;
        if self.ndim() == 0 {
            return Err(TensorError::runtime(
                "split expects at least a 1-dimensional tensor",
            ));
        }
        let total = self.shape()[d];
        let lengths: Vec<usize> = match sizes {
            SplitSizes::Each(k) => {
                if k == 0 {
                    return Err(TensorError::runtime(
                        "split_size can only be 0 if dimension size is 0, but got dimension size of ".to_string()
                            + &total.to_string(),
                    ));
                }
                let mut v = vec![k; total / k];
                if !total.is_multiple_of(k) {
                    v.push(total % k);
                }
                if v.is_empty() {
                    v.push(0);
                }
                v
            }
            SplitSizes::List(list) => {
                let sum: usize = list.iter().sum();
                if sum != total {
                    return Err(TensorError::runtime(format!(
                        "split_with_sizes expects split_sizes to sum exactly to {total} (input tensor's size at dimension {d}), but got split_sizes={list:?}"
                    )));
                }
                list
            }
        };
        let mut out = Vec::with_capacity(lengths.len());
        let mut start = 0usize;
        for len in lengths {
            out.push(self.narrow(d as i64, start as i64, len as i64)?);
            start += len;
        }
        Ok(out)
    }

    /// `chunk(chunks, dim)`: splits into `ceil(size / chunks)`-sized pieces.
    pub fn chunk(&self, chunks: i64, dim: i64) -> Result<Vec<Tensor>> {
        if chunks <= 0 {
            return Err(TensorError::runtime(
                "chunk expects `chunks` to be greater than 0, got: ".to_string()
                    + &chunks.to_string(),
            ));
        }
        let d = wrap_dim(dim, self.ndim())?;
        let size = self.shape().get(d).copied().unwrap_or(1);
        let each = size.div_ceil(chunks as usize).max(1);
        self.split(SplitSizes::Each(each), dim)
    }

    /// `torch.cat(tensors, dim)`.
    pub fn cat(tensors: &[Tensor], dim: i64) -> Result<Tensor> {
        if tensors.is_empty() {
            return Err(TensorError::runtime(
                "torch.cat(): expected a non-empty list of Tensors",
            ));
        }
        if let Some(i) = tensors.iter().position(|t| t.ndim() == 0) {
            return Err(TensorError::runtime(format!(
                "zero-dimensional tensor (at position {i}) cannot be concatenated"
            )));
        }
        // ATen's legacy rule: 1-D empty tensors (`torch.tensor([])`) are skipped whatever their
        // neighbours' shapes; only their dtype still counts.
        let skip = |t: &Tensor| t.ndim() == 1 && t.numel() == 0;
        let kept: Vec<Tensor> = tensors.iter().filter(|t| !skip(t)).cloned().collect();
        if kept.is_empty() {
            let dtype = tensors
                .iter()
                .map(|t| t.dtype())
                .reduce(DType::promote)
                .unwrap_or(DType::Float32);
            return Tensor::zeros(&[0], dtype);
        }
        if kept.len() != tensors.len() {
            let dtype = tensors
                .iter()
                .map(|t| t.dtype())
                .reduce(DType::promote)
                .unwrap_or(DType::Float32);
            let kept: Vec<Tensor> = kept.iter().map(|t| t.to_dtype(dtype)).collect();
            return Tensor::cat(&kept, dim);
        }
        let first = &tensors[0];
        let n = first.ndim();
        let d = wrap_dim(dim, n)?;
        let dtype = tensors
            .iter()
            .map(|t| t.dtype())
            .reduce(DType::promote)
            .unwrap_or(DType::Float32);
        let mut out_shape = first.shape().to_vec();
        out_shape[d] = 0;
        for (i, t) in tensors.iter().enumerate() {
            if t.ndim() != n {
                return Err(TensorError::runtime(format!(
                    "Tensors must have same number of dimensions: got {} and {}",
                    n,
                    t.ndim()
                )));
            }
            for k in 0..n {
                if k != d && t.shape()[k] != first.shape()[k] {
                    return Err(TensorError::runtime(format!(
                        "Sizes of tensors must match except in dimension {}. Expected size {} but got size {} for tensor number {} in the list.",
                        d,
                        first.shape()[k],
                        t.shape()[k],
                        i
                    )));
                }
            }
            out_shape[d] += t.shape()[d];
        }
        let out = Tensor::zeros(&out_shape, dtype)?;
        let mut start = 0i64;
        for t in tensors {
            let len = t.shape()[d] as i64;
            out.narrow(d as i64, start, len)?.copy_from(t)?;
            start += len;
        }
        Ok(out.with_axes(joined_axes(tensors, d)))
    }

    /// `torch.stack(tensors, dim)`.
    pub fn stack(tensors: &[Tensor], dim: i64) -> Result<Tensor> {
        let first = tensors
            .first()
            .ok_or_else(|| TensorError::runtime("stack expects a non-empty TensorList"))?;
        let d = wrap_dim(dim, first.ndim() + 1)?;
        for (i, t) in tensors.iter().enumerate() {
            if t.shape() != first.shape() {
                return Err(TensorError::runtime(format!(
                    "stack expects each tensor to be equal size, but got {} at entry 0 and {} at entry {}",
                    shape_str(first.shape()),
                    shape_str(t.shape()),
                    i
                )));
            }
        }
        let parts: Vec<Tensor> = tensors
            .iter()
            .map(|t| t.unsqueeze(d as i64))
            .collect::<Result<_>>()?;
        let out = Tensor::cat(&parts, d as i64)?;
        let mut axes = sym::axes_vec(&joined_axes(tensors, usize::MAX), first.ndim());
        axes.insert(d, Some(Sym::constant(tensors.len() as i64)));
        Ok(out.with_axes(sym::axes(axes)))
    }

    /// A copy with contiguous strides whose storage holds exactly the view's elements (used before handing a
    /// tensor to code that wants a flat slice).
    pub fn to_contiguous_vec_layout(&self) -> Tensor {
        let t = self.contiguous();
        if t.storage_offset() == 0 && t.storage_len() == t.numel() {
            t
        } else {
            t.deep_copy()
        }
    }

    /// `tril`/`triu` keep elements with `j - i <= diagonal` / `j - i >= diagonal` in the last two dims.
    pub fn tri(&self, diagonal: i64, lower: bool) -> Result<Tensor> {
        if self.ndim() < 2 {
            let name = if lower { "tril" } else { "triu" };
            return Err(TensorError::runtime(format!(
                "{name}: input tensor must have at least 2 dimensions"
            )));
        }
        let out = self.deep_copy();
        let rows = self.shape()[self.ndim() - 2];
        let cols = self.shape()[self.ndim() - 1];
        let dtype = out.dtype();
        with_dtype!(dtype, T => {
            let mut values = out.to_vec::<T>();
            for (k, v) in values.iter_mut().enumerate() {
                let j = (k % cols) as i64;
                let i = ((k / cols) % rows.max(1)) as i64;
                let keep = if lower { j - i <= diagonal } else { j - i >= diagonal };
                if !keep {
                    *v = T::default();
                }
            }
            out.write_values(&values);
        });
        Ok(out)
    }

    /// Contiguous strides of this tensor's shape (what `contiguous()` would give).
    pub fn contiguous_strides(&self) -> Vec<usize> {
        contiguous_strides(self.shape())
    }
}

/// The axes of tensors joined along `d` (`cat`): the sum of theirs along `d`, the agreed one elsewhere
/// (`d` out of range: no joined axis, as for `stack`).
fn joined_axes(tensors: &[Tensor], d: usize) -> sym::Axes {
    if tensors.iter().all(|t| t.axes().is_none()) {
        return None;
    }
    let n = tensors.first().map_or(0, Tensor::ndim);
    let axes = (0..n)
        .map(|k| {
            if k == d {
                let syms: Vec<Option<Sym>> = tensors.iter().map(|t| t.axis(k)).collect();
                sym::sum(syms.iter().map(Option::as_ref))
            } else {
                tensors
                    .iter()
                    .map(|t| t.axis(k))
                    .reduce(sym::merge)
                    .flatten()
            }
        })
        .collect();
    sym::axes(axes)
}

/// How `split` divides a dim.
pub enum SplitSizes {
    Each(usize),
    List(Vec<usize>),
}

pub fn shape_str(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}
