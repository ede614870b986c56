//! Writing along a dim with a reduction: `scatter_add`, `scatter_reduce` (sum, prod, mean, amax,
//! amin, with or without `self`), `scatter(..., reduce=)`, `index_add` and `index_copy`.
//!
//! The checks and their messages are ATen's (`native/ScatterGatherChecks.h`, the meta functions of
//! `TensorAdvancedIndexing.cpp`); the kernels walk the index in its row-major order, which for every
//! target element is the order ATen's `cpu_scatter_gather_base_kernel` accumulates in (its inner loop
//! runs along `dim`), so float sums round as PyTorch's do.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::format::int_array;
use crate::tensor::layout::{contiguous_strides, is_non_overlapping_and_dense, wrap_dim};
use crate::tensor::ops::elementwise::Operand;
use crate::tensor::{DType, Scalar, Tensor};
use crate::with_dtype;

/// How `scatter_reduce` (and the legacy `scatter(reduce=)`) combines what lands on one element.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduce {
    Sum,
    Prod,
    Mean,
    Amax,
    Amin,
}

impl Reduce {
    /// `scatter_reduce`'s names (`use_new_options` in ATen).
    pub fn parse(name: &str) -> Result<Reduce> {
        Ok(match name {
            "sum" => Reduce::Sum,
            "prod" => Reduce::Prod,
            "mean" => Reduce::Mean,
            "amax" => Reduce::Amax,
            "amin" => Reduce::Amin,
            _ => {
                return Err(TensorError::runtime(format!(
                    "reduce argument must be either sum, prod, mean, amax or amin, got {name}"
                )));
            }
        })
    }

    /// `scatter(..., reduce=)`'s older names.
    pub fn parse_legacy(name: &str) -> Result<Reduce> {
        match name {
            "add" => Ok(Reduce::Sum),
            "multiply" => Ok(Reduce::Prod),
            _ => Err(TensorError::runtime(
                "reduce argument must be either add or multiply.",
            )),
        }
    }
}

/// The arithmetic a reduction needs, per element type: integers wrap, floats round at each step
/// and let NaN win `amax`/`amin` (`_isnan(src) ? src : std::max(self, src)`), bools act as logic.
trait Combine: Copy {
    fn identity(r: Reduce) -> Self;
    fn combine(self, r: Reduce, v: Self) -> Self;
    /// `self.div_(counts)` for floats, `div_(counts, rounding_mode="floor")` for integers.
    fn mean(self, count: i64) -> Self;
    /// `self + src * alpha`, as `index_add`'s loop for a 0-d or 1-d `self` writes it (no fused multiply-add:
    /// that loop is in a file ATen compiles without AVX2).
    fn add_scaled(self, v: Self, alpha: Self) -> Self;
    /// `self + alpha * src`, as the AVX2 add kernel computes it (one fused multiply-add for floats).
    fn add_fused(self, v: Self, alpha: Self) -> Self;
}

macro_rules! float_combine {
    ($t:ty) => {
        impl Combine for $t {
            fn identity(r: Reduce) -> $t {
                match r {
                    Reduce::Sum | Reduce::Mean => 0.0,
                    Reduce::Prod => 1.0,
                    Reduce::Amax => <$t>::NEG_INFINITY,
                    Reduce::Amin => <$t>::INFINITY,
                }
            }
            fn combine(self, r: Reduce, v: $t) -> $t {
                match r {
                    Reduce::Sum | Reduce::Mean => self + v,
                    Reduce::Prod => self * v,
                    Reduce::Amax if v.is_nan() || self.is_nan() => <$t>::NAN,
                    Reduce::Amin if v.is_nan() || self.is_nan() => <$t>::NAN,
                    Reduce::Amax => self.max(v),
                    Reduce::Amin => self.min(v),
                }
            }
            fn mean(self, count: i64) -> $t {
                self / count as $t
            }
            fn add_scaled(self, v: $t, alpha: $t) -> $t {
                self + v * alpha
            }
            fn add_fused(self, v: $t, alpha: $t) -> $t {
                v.mul_add(alpha, self)
            }
        }
    };
}
float_combine!(f32);
float_combine!(f64);

/// Half and bfloat16 combine as c10's operators do: each operation widens to float and rounds back.
macro_rules! reduced_combine {
    ($t:ty) => {
        impl Combine for $t {
            fn identity(r: Reduce) -> $t {
                <$t>::from_f32(<f32 as Combine>::identity(r))
            }
            fn combine(self, r: Reduce, v: $t) -> $t {
                <$t>::from_f32(f32::from(self).combine(r, f32::from(v)))
            }
            fn mean(self, count: i64) -> $t {
                <$t>::from_f32(f32::from(self) / count as f32)
            }
            fn add_scaled(self, v: $t, alpha: $t) -> $t {
                let product = <$t>::from_f32(f32::from(v) * f32::from(alpha));
                <$t>::from_f32(f32::from(self) + f32::from(product))
            }
            fn add_fused(self, v: $t, alpha: $t) -> $t {
                <$t>::from_f32(f32::from(self).add_fused(f32::from(v), f32::from(alpha)))
            }
        }
    };
}
reduced_combine!(half::f16);
reduced_combine!(half::bf16);

macro_rules! int_combine {
    ($t:ty) => {
        impl Combine for $t {
            fn identity(r: Reduce) -> $t {
                match r {
                    Reduce::Sum | Reduce::Mean => 0,
                    Reduce::Prod => 1,
                    Reduce::Amax => <$t>::MIN,
                    Reduce::Amin => <$t>::MAX,
                }
            }
            fn combine(self, r: Reduce, v: $t) -> $t {
                match r {
                    Reduce::Sum | Reduce::Mean => self.wrapping_add(v),
                    Reduce::Prod => self.wrapping_mul(v),
                    Reduce::Amax => self.max(v),
                    Reduce::Amin => self.min(v),
                }
            }
            fn mean(self, count: i64) -> $t {
                (self as i64).div_euclid(count) as $t
            }
            fn add_scaled(self, v: $t, alpha: $t) -> $t {
                self.wrapping_add(v.wrapping_mul(alpha))
            }
            fn add_fused(self, v: $t, alpha: $t) -> $t {
                self.wrapping_add(v.wrapping_mul(alpha))
            }
        }
    };
}
int_combine!(i64);
int_combine!(i32);
int_combine!(i16);
int_combine!(i8);
int_combine!(u8);

impl Combine for bool {
    fn identity(r: Reduce) -> bool {
        matches!(r, Reduce::Prod | Reduce::Amin)
    }
    fn combine(self, r: Reduce, v: bool) -> bool {
        match r {
            Reduce::Sum | Reduce::Mean | Reduce::Amax => self || v,
            Reduce::Prod | Reduce::Amin => self && v,
        }
    }
    fn mean(self, _count: i64) -> bool {
        self
    }
    fn add_scaled(self, v: bool, alpha: bool) -> bool {
        self || (v && alpha)
    }
    fn add_fused(self, v: bool, alpha: bool) -> bool {
        self || (v && alpha)
    }
}

/// A size of `t` as ATen's `ensure_nonempty_size` reads it (a 0-d tensor has one element along dim 0).
fn nonempty_size(t: &Tensor, d: usize) -> usize {
    if t.ndim() == 0 {
        1
    } else {
        t.shape().get(d).copied().unwrap_or(1)
    }
}

/// A `std::vector` as c10 streams it: the sizes separated by spaces, no brackets.
fn spaced(s: &[usize]) -> String {
    s.iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// `scatter_gather_dtype_check` and `scatter_shape_check`, in ATen's order.
fn check_scatter(
    op: &str,
    x: &Tensor,
    d: usize,
    index: &Tensor,
    src: Option<&Tensor>,
) -> Result<()> {
    if index.numel() != 0 && !matches!(index.dtype(), DType::Int64 | DType::Int32) {
        return Err(TensorError::runtime(format!(
            "{op}(): Expected dtype int32/int64 for index"
        )));
    }
    if let Some(s) = src
        && s.dtype() != x.dtype()
    {
        return Err(TensorError::runtime(format!(
            "{op}(): Expected self.dtype to be equal to src.dtype"
        )));
    }
    if index.numel() == 0 {
        return Ok(());
    }
    let dims = x.ndim().max(1);
    if dims != index.ndim().max(1) {
        return Err(TensorError::runtime(
            "Index tensor must have the same number of dimensions as self tensor",
        ));
    }
    let mut wrong = (0..dims).any(|k| k != d && nonempty_size(index, k) > nonempty_size(x, k));
    if let Some(s) = src {
        if !wrong {
            wrong = (0..dims).any(|k| nonempty_size(index, k) > nonempty_size(s, k));
        }
        if s.ndim().max(1) != index.ndim().max(1) {
            return Err(TensorError::runtime(
                "Index tensor must have the same number of dimensions as src tensor",
            ));
        }
        if wrong {
            return Err(TensorError::runtime(format!(
                "Expected index {} to be no larger than self {} apart from dimension {d} and to be no larger size than src {}",
                int_array(index.shape()),
                int_array(x.shape()),
                int_array(s.shape())
            )));
        }
    } else if wrong {
        return Err(TensorError::runtime(format!(
            "Expected index {} to be no larger than self {} apart from dimension {d}",
            int_array(index.shape()),
            int_array(x.shape())
        )));
    }
    Ok(())
}

/// Where each entry of `index` lands in `x` (row-major offset) and which element of `src` it reads,
/// in the index's row-major order; an entry outside `[0, size)` is ATen's kernel error.
fn targets(
    x: &Tensor,
    d: usize,
    index: &Tensor,
    src_shape: &[usize],
) -> Result<Vec<(usize, usize)>> {
    let index_shape = if index.ndim() == 0 {
        vec![1]
    } else {
        index.shape().to_vec()
    };
    let x_shape = if x.ndim() == 0 {
        vec![1]
    } else {
        x.shape().to_vec()
    };
    let src_shape = if src_shape.is_empty() {
        vec![1]
    } else {
        src_shape.to_vec()
    };
    let (x_strides, src_strides) = (contiguous_strides(&x_shape), contiguous_strides(&src_shape));
    let entries = index.to_dtype(DType::Int64).to_vec::<i64>();
    let mut out = Vec::with_capacity(entries.len());
    for (flat, &entry) in entries.iter().enumerate() {
        let (mut rem, mut x_off, mut src_off) = (flat, 0usize, 0usize);
        for k in (0..index_shape.len()).rev() {
            let c = rem % index_shape[k];
            rem /= index_shape[k];
            src_off += c * src_strides.get(k).copied().unwrap_or(0);
            let xc = if k == d {
                let size = x_shape[k];
                if entry < 0 || entry >= size as i64 {
                    return Err(TensorError::IndexOutOfBounds {
                        op: "scatter",
                        index: entry,
                        dim: d,
                        size,
                    });
                }
                entry as usize
            } else {
                c
            };
            x_off += xc * x_strides.get(k).copied().unwrap_or(0);
        }
        out.push((x_off, src_off));
    }
    Ok(out)
}

/// `x.scatter_reduce_(dim, index, src, reduce, include_self)` (and `scatter_add_`, and
/// `scatter_(…, reduce=)` with `legacy` names), in place through `x`'s view.
pub fn scatter_reduce_(
    op: &str,
    x: &Tensor,
    dim: i64,
    index: &Tensor,
    src: Operand,
    reduce: Reduce,
    include_self: bool,
) -> Result<()> {
    let d = wrap_dim(dim, x.ndim().max(1))?;
    let src = match src {
        Operand::Tensor(s) => {
            check_scatter(op, x, d, index, Some(s))?;
            s.clone()
        }
        Operand::Scalar(s) => {
            check_scatter(op, x, d, index, None)?;
            Tensor::full(&[1], s, x.dtype())?
        }
    };
    assert_no_overlap(x, index)?;
    assert_no_overlap(x, &src)?;
    let scalar_src = src.numel() == 1 && src.ndim() <= 1 && index.numel() > 1;
    let places = targets(x, d, index, if scalar_src { &[] } else { src.shape() })?;
    with_dtype!(x.dtype(), T => {
        let src_values = src.contiguous().to_vec::<T>();
        let mut values = x.to_vec::<T>();
        let mut counts = vec![i64::from(include_self); values.len()];
        if !include_self {
            for &(at, _) in &places {
                if let Some(slot) = values.get_mut(at) {
                    *slot = <T as Combine>::identity(reduce);
                }
            }
        }
        for &(at, from) in &places {
            let from = if scalar_src { 0 } else { from };
            if let (Some(slot), Some(&v)) = (values.get_mut(at), src_values.get(from)) {
                *slot = slot.combine(reduce, v);
                counts[at] += 1;
            }
        }
        if reduce == Reduce::Mean {
            for (v, &c) in values.iter_mut().zip(&counts) {
                *v = v.mean(c.max(1));
            }
        }
        x.write_values(&values);
        Ok(())
    })
}

/// `x.scatter_(dim, index, src|value)`: each entry's element of `src` (or the value) written to its
/// place in `x`, in place through `x`'s view; the last write to an element wins.
pub fn scatter_(x: &Tensor, dim: i64, index: &Tensor, src: Operand) -> Result<()> {
    let d = wrap_dim(dim, x.ndim().max(1))?;
    let src = match src {
        Operand::Tensor(s) => {
            check_scatter("scatter", x, d, index, Some(s))?;
            s.clone()
        }
        Operand::Scalar(s) => {
            check_scatter("scatter", x, d, index, None)?;
            Tensor::full(&[1], s, x.dtype())?
        }
    };
    assert_no_overlap(x, index)?;
    assert_no_overlap(x, &src)?;
    let scalar_src = src.numel() == 1 && src.ndim() <= 1 && index.numel() > 1;
    let places = targets(x, d, index, if scalar_src { &[] } else { src.shape() })?;
    with_dtype!(x.dtype(), T => {
        let src_values = src.contiguous().to_vec::<T>();
        let mut values = x.to_vec::<T>();
        for &(at, from) in &places {
            let from = if scalar_src { 0 } else { from };
            if let (Some(slot), Some(&v)) = (values.get_mut(at), src_values.get(from)) {
                *slot = v;
            }
        }
        x.write_values(&values);
        Ok(())
    })
}

/// [`scatter_reduce_`] on a copy.
pub fn scatter_reduce(
    op: &str,
    x: &Tensor,
    dim: i64,
    index: &Tensor,
    src: Operand,
    reduce: Reduce,
    include_self: bool,
) -> Result<Tensor> {
    let out = x.deep_copy();
    scatter_reduce_(op, &out, dim, index, src, reduce, include_self)?;
    Ok(out)
}

/// The checks `index_add`'s meta function makes (`index_func_meta_impl`).
pub(crate) fn check_index_func(
    func: &str,
    x: &Tensor,
    d: usize,
    index: &Tensor,
    source: &Tensor,
) -> Result<()> {
    if index.ndim() > 1 {
        return Err(TensorError::Index(format!(
            "{func}_(): Index is supposed to be a vector, but got dim: {} with type: {} and size: {}",
            index.ndim(),
            index.dtype().scalar_type_name(),
            int_array(index.shape())
        )));
    }
    if !matches!(index.dtype(), DType::Int64 | DType::Int32) {
        return Err(TensorError::runtime(format!(
            "{func}_(): Expected dtype int32/int64 for index but got: {}",
            index.dtype().scalar_type_name()
        )));
    }
    if x.dtype() != source.dtype() {
        return Err(TensorError::runtime(format!(
            "{func}_(): self ({}) and source ({}) must have the same scalar type",
            x.dtype().scalar_type_name(),
            source.dtype().scalar_type_name()
        )));
    }
    if !(d == 0 || d < source.ndim()) {
        return Err(TensorError::runtime(format!(
            "{func}_(): Indexing dim {d} is out of bounds of the source tensor with dim {}",
            source.ndim()
        )));
    }
    let source_size = if source.ndim() == 0 {
        1
    } else {
        source.shape()[d]
    };
    if index.numel() != source_size {
        return Err(TensorError::runtime(format!(
            "{func}_(): Number of indices ({}) should be equal to source.size(dim): ({source_size}), for dim: {d}",
            index.numel()
        )));
    }
    let same_apart = x.ndim() == source.ndim()
        && (0..x.ndim()).all(|k| k == d || x.shape()[k] == source.shape()[k]);
    if !same_apart {
        return Err(TensorError::runtime(format!(
            "source tensor shape must match self tensor shape, excluding the specified dimension. Got self.shape = {} source.shape = {}",
            int_array(x.shape()),
            int_array(source.shape())
        )));
    }
    Ok(())
}

/// ATen's `assert_no_overlap`: an in-place write refuses an input that shares memory with it
/// (tensors that are not dense are "too hard" there, and pass).
fn assert_no_overlap(out: &Tensor, input: &Tensor) -> Result<()> {
    if out.numel() == 0 || input.numel() == 0 || !out.shares_storage(input) {
        return Ok(());
    }
    let dense = |t: &Tensor| is_non_overlapping_and_dense(t.shape(), t.strides());
    if !dense(out) || !dense(input) {
        return Ok(());
    }
    let span = |t: &Tensor| {
        let size = t.dtype().size_in_bytes();
        (
            t.storage_offset() * size,
            (t.storage_offset() + t.numel()) * size,
        )
    };
    let ((a0, a1), (b0, b1)) = (span(out), span(input));
    if a0 < b1 && b0 < a1 {
        return Err(TensorError::runtime(
            "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.",
        ));
    }
    Ok(())
}

/// `x.index_add_(dim, index, source, alpha=)`: `x.select(dim, index[i]) += alpha * source.select(dim, i)`,
/// taking ATen's three roads (`index_add_cpu_out`): `scatter_add_` when it can, slice by slice
/// otherwise, and a plain loop for a 0-d or 1-d `x`.
pub fn index_add_(
    x: &Tensor,
    dim: i64,
    index: &Tensor,
    source: &Tensor,
    alpha: Scalar,
) -> Result<()> {
    let d = wrap_dim(dim, x.ndim().max(1))?;
    check_index_func("index_add", x, d, index, source)?;
    assert_no_overlap(x, index)?;
    assert_no_overlap(x, source)?;
    let numel = index.numel();
    let entries = index.to_dtype(DType::Int64).to_vec::<i64>();
    if x.ndim() > 1 {
        if numel == 0 || x.numel() == 0 {
            return Ok(());
        }
        let alpha_is_one = alpha.to_f64() == 1.0;
        if (d == 0 || d == x.ndim() - 1) && alpha_is_one && index.dtype() == DType::Int64 {
            let mut sizes = x.shape().iter().map(|&n| n as i64).collect::<Vec<_>>();
            sizes[d] = numel as i64;
            let mut view = vec![1i64; x.ndim()];
            view[d] = numel as i64;
            let ep_index = index.contiguous().reshape(&view)?.expand(&sizes)?;
            return scatter_reduce_(
                "scatter",
                x,
                d as i64,
                &ep_index,
                Operand::Tensor(source),
                Reduce::Sum,
                true,
            );
        }
        let size = x.shape()[d];
        for (i, &entry) in entries.iter().enumerate() {
            if entry < 0 || entry >= size as i64 {
                return Err(TensorError::Index("index out of range in self".into()));
            }
            let target = x.select(d as i64, entry)?;
            let piece = source
                .select(d as i64, i as i64)?
                .expand(&target.shape().iter().map(|&n| n as i64).collect::<Vec<_>>())?;
            with_dtype!(x.dtype(), T => {
                let a: T = alpha.cast::<T>();
                let now = target.to_vec::<T>();
                let add = piece.to_vec::<T>();
                let next: Vec<T> = now.iter().zip(&add).map(|(&s, &v)| s.add_fused(v, a)).collect();
                target.write_values(&next);
            });
        }
        return Ok(());
    }
    if source.ndim() > 1 {
        return Err(TensorError::runtime(format!(
            "source.dim() ({}) must one or zero for given self.dim() ({})",
            source.ndim(),
            x.ndim()
        )));
    }
    with_dtype!(x.dtype(), T => {
        let a: T = alpha.cast::<T>();
        let mut values = x.to_vec::<T>();
        let add = source.to_vec::<T>();
        for (i, &entry) in entries.iter().enumerate() {
            if entry < 0 || entry >= values.len() as i64 {
                return Err(TensorError::Index("index out of range in self".into()));
            }
            let slot = &mut values[entry as usize];
            *slot = slot.add_scaled(add.get(i).copied().unwrap_or_default(), a);
        }
        x.write_values(&values);
    });
    Ok(())
}

/// [`index_add_`] on a copy.
pub fn index_add(
    x: &Tensor,
    dim: i64,
    index: &Tensor,
    source: &Tensor,
    alpha: Scalar,
) -> Result<Tensor> {
    let out = x.deep_copy();
    index_add_(&out, dim, index, source, alpha)?;
    Ok(out)
}

/// `x.index_copy_(dim, index, source)`: `x.select(dim, index[i]) = source.select(dim, i)`, with the
/// checks of ATen's `index_copy` meta function and kernel.
pub fn index_copy_(x: &Tensor, dim: i64, index: &Tensor, source: &Tensor) -> Result<()> {
    let d = wrap_dim(dim, x.ndim().max(1))?;
    if index.ndim() >= 2 {
        return Err(TensorError::Index(format!(
            "index_copy_(): Index should have dimension 1 or 0 (got {})",
            index.ndim()
        )));
    }
    let numel = index.numel();
    if source.ndim() == 0 && numel != 1 {
        return Err(TensorError::Index(format!(
            "index_copy_(): When source is scalar, index should have one element (got {numel})"
        )));
    } else if source.ndim() != x.ndim() && source.ndim() != 0 && x.ndim() != 0 {
        return Err(TensorError::Index(format!(
            "index_copy_(): When source and destination are not scalars, their dimensionality must match. Source dimensionality ({}), destination dimensionality ({})",
            source.ndim(),
            x.ndim()
        )));
    }
    if index.dtype() != DType::Int64 {
        return Err(TensorError::runtime(format!(
            "index_copy_(): Expected a long tensor for index, but got {}",
            index.dtype().scalar_type_name()
        )));
    }
    if x.dtype() != source.dtype() {
        return Err(TensorError::runtime(format!(
            "index_copy_(): self and source expected to have the same dtype, but got (self) {} and (source) {}",
            x.dtype().scalar_type_name(),
            source.dtype().scalar_type_name()
        )));
    }
    assert_no_overlap(x, index)?;
    assert_no_overlap(x, source)?;
    let sliced = |s: &[usize]| {
        let mut s = s.to_vec();
        if !s.is_empty() {
            s.remove(d.min(s.len() - 1));
        }
        s
    };
    let (xs, ss) = (sliced(x.shape()), sliced(source.shape()));
    if xs != ss {
        return Err(TensorError::runtime(format!(
            "index_copy_(): Source/destination tensor must have same slice shapes. Destination slice shape: {} at dimension {d} and source slice shape: {} at dimension 0.",
            spaced(&xs),
            spaced(&ss)
        )));
    }
    let source_size = if source.ndim() == 0 {
        1
    } else {
        source.shape()[d]
    };
    if source.ndim() != 0 && numel != source_size {
        return Err(TensorError::Index(format!(
            "index_copy_(): Number of indices ({numel}) should be equal to source.size(dim) ({source_size})"
        )));
    }
    let size = if x.ndim() == 0 { 1 } else { x.shape()[d] };
    let entries = index.to_vec::<i64>();
    for &entry in &entries {
        if entry < 0 || entry >= size as i64 {
            return Err(TensorError::Index(format!(
                "index_copy_(): index {entry} is out of bounds for dimension {d} with size {size}"
            )));
        }
    }
    if x.ndim() == 0 {
        return x.copy_from(&source.reshape(&[])?);
    }
    for (i, &entry) in entries.iter().enumerate() {
        let piece = if source.ndim() == 0 {
            source.clone()
        } else {
            source.select(d as i64, i as i64)?
        };
        x.select(d as i64, entry)?.copy_from(&piece)?;
    }
    Ok(())
}

/// [`index_copy_`] on a copy.
pub fn index_copy(x: &Tensor, dim: i64, index: &Tensor, source: &Tensor) -> Result<Tensor> {
    let out = x.deep_copy();
    index_copy_(&out, dim, index, source)?;
    Ok(out)
}
