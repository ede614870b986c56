//! Ops torch builds from other ops (`native/TensorShape.cpp`, `ReduceOps.cpp`, ...): splits and stacks,
//! `take`, `diff`, `roll`, `trace`, the NaN-ignoring sums and `addcmul`/`addcdiv`. Each follows the
//! composition torch uses, so views stay views and values are the composed ops' values.

use super::elementwise::{Operand, binary};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::storage::Element;
use crate::tensor::{BinaryOp, DType, Scalar, Tensor};

/// How `tensor_split` cuts: into a number of pieces or at indices.
pub enum SplitAt {
    Sections(i64),
    Indices(Vec<i64>),
}

/// `torch.tensor_split(x, sections | indices, dim)`: views; `n % sections` first pieces one longer.
pub fn tensor_split(x: &Tensor, at: &SplitAt, dim: i64) -> Result<Vec<Tensor>> {
    if x.ndim() == 0 {
        return Err(TensorError::runtime(
            "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims",
        ));
    }
    let d = wrap_dim(dim, x.ndim())?;
    let size = x.shape()[d] as i64;
    match at {
        SplitAt::Sections(sections) => {
            if *sections <= 0 {
                return Err(TensorError::runtime(format!(
                    "number of sections must be larger than 0, got {sections}"
                )));
            }
            let (base, extra) = (size / sections, size % sections);
            let mut start = 0;
            (0..*sections)
                .map(|i| {
                    let len = base + i64::from(i < extra);
                    let piece = x.narrow(d as i64, start, len);
                    start += len;
                    piece
                })
                .collect()
        }
        SplitAt::Indices(indices) => {
            let mut bounds = vec![0];
            bounds.extend(indices.iter().copied());
            bounds.push(size);
            bounds
                .windows(2)
                .map(|w| {
                    let clamp = |i: i64| {
                        let i = if i < 0 { i + size } else { i };
                        i.clamp(0, size)
                    };
                    let (s, e) = (clamp(w[0]), clamp(w[1]));
                    x.narrow(d as i64, s, (e - s).max(0))
                })
                .collect()
        }
    }
}

/// `torch.hsplit`/`vsplit`/`dsplit`: `tensor_split` along dim 1 (0 for 1-D), 0 or 2, a number of
/// sections having to divide the dim.
pub fn split_along(x: &Tensor, at: &SplitAt, which: &str) -> Result<Vec<Tensor>> {
    let (dim, min_dims) = match which {
        "hsplit" => (usize::from(x.ndim() > 1), 1),
        "vsplit" => (0, 2),
        _ => (2, 3),
    };
    if x.ndim() < min_dims {
        return Err(TensorError::runtime(format!(
            "torch.{which} requires a tensor with at least {min_dims} dimension, but got a tensor with {} dimensions!",
            x.ndim()
        )));
    }
    if let SplitAt::Sections(s) = at {
        let size = x.shape()[dim] as i64;
        if *s != 0 && size % s != 0 {
            return Err(TensorError::runtime(format!(
                "torch.{which} attempted to split along dimension {dim}, but the size of the dimension {size} is not divisible by the split_size {s}!"
            )));
        }
    }
    tensor_split(x, at, dim as i64)
}

/// `torch.atleast_{n}d(x)`: 0-d becomes `[1]`, `[1, 1]` or `[1, 1, 1]`; 1-D `[n]` becomes `[1, n]` and
/// `[1, n, 1]`; 2-D `[m, n]` becomes `[m, n, 1]` (views).
pub fn atleast(x: &Tensor, n: usize) -> Result<Tensor> {
    let s: Vec<i64> = x.shape().iter().map(|&v| v as i64).collect();
    let shape: Vec<i64> = match (x.ndim(), n) {
        (nd, _) if nd >= n => return Ok(x.clone()),
        (0, n) => vec![1; n],
        (1, 2) => vec![1, s[0]],
        (1, _) => vec![1, s[0], 1],
        _ => vec![s[0], s[1], 1],
    };
    x.reshape(&shape)
}

/// `torch.column_stack(tensors)`: 0-d and 1-D tensors as columns, then `hstack`.
pub fn column_stack(tensors: &[Tensor]) -> Result<Tensor> {
    if tensors.is_empty() {
        return Err(TensorError::runtime(
            "column_stack expects a non-empty TensorList",
        ));
    }
    let cols: Vec<Tensor> = tensors
        .iter()
        .map(|t| {
            if t.ndim() <= 1 {
                t.reshape(&[t.numel() as i64, 1])
            } else {
                Ok(t.clone())
            }
        })
        .collect::<Result<_>>()?;
    super::reorder::hstack(&cols)
}

/// `torch.dstack(tensors)`: each made at least 3-D, joined along dim 2.
pub fn dstack(tensors: &[Tensor]) -> Result<Tensor> {
    if tensors.is_empty() {
        return Err(TensorError::runtime(
            "dstack expects a non-empty TensorList",
        ));
    }
    let parts: Vec<Tensor> = tensors
        .iter()
        .map(|t| atleast(t, 3))
        .collect::<Result<_>>()?;
    Tensor::cat(&parts, 2)
}

/// `torch.take(x, index)`: `x` read as 1-D at `index`, shaped like `index`.
pub fn take(x: &Tensor, index: &Tensor) -> Result<Tensor> {
    if index.dtype() != DType::Int64 {
        return Err(TensorError::runtime(format!(
            "take(): Expected a long tensor for index, but got {}",
            index.dtype().scalar_type_name()
        )));
    }
    let n = x.numel() as i64;
    let flat = x.reshape(&[-1])?;
    let idx = index.to_vec::<i64>();
    for &i in &idx {
        if i < -n || i >= n {
            return Err(TensorError::Index(format!(
                "out of range: tried to access index {i} on a tensor of {n} elements."
            )));
        }
    }
    let wrapped: Vec<i64> = idx.iter().map(|&i| if i < 0 { i + n } else { i }).collect();
    let picked = super::gather::index_select(&flat, 0, &Tensor::from_vec(wrapped, &[idx.len()])?)?;
    let shape: Vec<i64> = index.shape().iter().map(|&v| v as i64).collect();
    picked.reshape(&shape)
}

/// `torch.diff(x, n, dim, prepend, append)`: `n` times `x[1:] - x[:-1]` along `dim` (`logical_xor`
/// for bools), after joining `prepend` and `append`.
pub fn diff(
    x: &Tensor,
    n: i64,
    dim: i64,
    prepend: Option<&Tensor>,
    append: Option<&Tensor>,
) -> Result<Tensor> {
    if x.ndim() == 0 {
        return Err(TensorError::runtime(
            "diff expects input to be at least one-dimensional",
        ));
    }
    if n < 0 {
        return Err(TensorError::runtime(format!(
            "order must be non-negative but got {n}"
        )));
    }
    let d = wrap_dim(dim, x.ndim())? as i64;
    let mut cur = match (prepend, append) {
        (None, None) => x.clone(),
        _ => {
            let mut parts = Vec::new();
            parts.extend(prepend.cloned());
            parts.push(x.clone());
            parts.extend(append.cloned());
            Tensor::cat(&parts, d)?
        }
    };
    for _ in 0..n {
        let len = cur.shape()[d as usize] as i64;
        if len == 0 {
            break;
        }
        let hi = cur.narrow(d, 1, len - 1)?;
        let lo = cur.narrow(d, 0, len - 1)?;
        cur = if cur.dtype() == DType::Bool {
            binary(BinaryOp::Ne, Operand::Tensor(&hi), Operand::Tensor(&lo))?
        } else {
            binary(BinaryOp::Sub, Operand::Tensor(&hi), Operand::Tensor(&lo))?
        };
    }
    Ok(cur)
}

/// `torch.roll(x, shifts, dims)`: a copy with elements moved `shifts` places along `dims` (along the
/// flattened tensor when `dims` is empty).
pub fn roll(x: &Tensor, shifts: &[i64], dims: &[i64]) -> Result<Tensor> {
    if dims.is_empty() {
        if shifts.len() != 1 {
            return Err(TensorError::runtime(format!(
                "shifts and dimensions must align. shifts: {}, dims:{}",
                shifts.len(),
                dims.len()
            )));
        }
        let shape: Vec<i64> = x.shape().iter().map(|&v| v as i64).collect();
        return roll(&x.reshape(&[-1])?, shifts, &[0])?.reshape(&shape);
    }
    if shifts.len() != dims.len() {
        return Err(TensorError::runtime(format!(
            "shifts and dimensions must align. shifts: {}, dims:{}",
            shifts.len(),
            dims.len()
        )));
    }
    let mut out = x.clone();
    for (&s, &dim) in shifts.iter().zip(dims) {
        let d = wrap_dim(dim, x.ndim())? as i64;
        let size = out.shape()[d as usize] as i64;
        if size == 0 {
            continue;
        }
        let k = s.rem_euclid(size);
        if k == 0 {
            out = out.deep_copy();
            continue;
        }
        let tail = out.narrow(d, size - k, k)?;
        let head = out.narrow(d, 0, size - k)?;
        out = Tensor::cat(&[tail, head], d)?;
    }
    Ok(out)
}

/// `torch.trace(x)` of a matrix: the diagonal summed in order, floats in a double accumulator
/// (`trace_cpu`), integers and bools as int64.
pub fn trace(x: &Tensor) -> Result<Tensor> {
    if x.ndim() != 2 {
        return Err(TensorError::runtime(format!(
            "trace: expected a matrix, but got tensor with dim {}",
            x.ndim()
        )));
    }
    if x.dtype() == DType::Bool {
        return Err(TensorError::NotImplemented(
            "\"trace\" not implemented for 'Bool'".into(),
        ));
    }
    let n = x.shape()[0].min(x.shape()[1]);
    let diag = super::reorder::diagonal(x, 0, 0, 1)?;
    match x.dtype() {
        // Every float type sums in double, then rounds to its own type.
        d if d.is_floating_point() => {
            let sum = diag.to_vec::<f64>().iter().fold(0.0f64, |a, &v| a + v);
            Tensor::full(&[], Scalar::Float(sum), d)
        }
        _ => {
            let v = diag.to_dtype(DType::Int64).to_vec::<i64>();
            let sum = v.iter().take(n).fold(0i64, |a, &b| a.wrapping_add(b));
            Tensor::full(&[], Scalar::Int(sum), DType::Int64)
        }
    }
}

/// `torch.nansum(x, dims, keepdim)`: the sum with NaN read as zero.
pub fn nansum(x: &Tensor, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
    if x.dtype().is_floating_point() {
        let zeroed = crate::with_dtype!(x.dtype(), T => super::elementwise::map::<T, T>(x, |v| {
            if v.to_f64().is_nan() { T::default() } else { v }
        })?);
        zeroed.sum(dims, keepdim)
    } else {
        x.sum(dims, keepdim)
    }
}

/// `torch.nanmean(x, dims, keepdim)`: `nansum` divided by the count of non-NaN elements.
pub fn nanmean(x: &Tensor, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
    if !x.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "nanmean(): expected input to have floating point or complex dtype but got {}",
            x.dtype().scalar_type_name()
        )));
    }
    let counts = super::elementwise::map::<f32, f32>(x, |v| if v.is_nan() { 0.0 } else { 1.0 })?
        .sum(dims, keepdim)?;
    binary(
        BinaryOp::Div,
        Operand::Tensor(&nansum(x, dims, keepdim)?),
        Operand::Tensor(&counts),
    )
}

/// `torch.addcmul(x, t1, t2, value)` = `x + value * t1 * t2` and `addcdiv` = `x + value * t1 / t2`,
/// computed in ATen's order: `(value * t1) * t2` (or `/ t2`), then added to `x`.
pub fn addc(x: &Tensor, t1: &Tensor, t2: &Tensor, value: Scalar, div: bool) -> Result<Tensor> {
    if div && !t1.dtype().is_floating_point() && !t2.dtype().is_floating_point() {
        return Err(TensorError::runtime(
            "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all dtypes.",
        ));
    }
    let scaled = binary(BinaryOp::Mul, Operand::Tensor(t1), Operand::Scalar(value))?;
    if !div && scaled.dtype() == DType::Float32 {
        return fused_add(x, &scaled, t2);
    }
    let op = if div { BinaryOp::Div } else { BinaryOp::Mul };
    let term = binary(op, Operand::Tensor(&scaled), Operand::Tensor(t2))?;
    binary(BinaryOp::Add, Operand::Tensor(x), Operand::Tensor(&term))
}

/// `x + a * b` in float32 with one rounding for the product and sum, as the AVX2 build of ATen's
/// `addcmul` kernel computes `self + scalar * t1 * t2` (the compiler fuses the last multiply and the add).
fn fused_add(x: &Tensor, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    let shape = crate::tensor::layout::broadcast_shapes(
        &crate::tensor::layout::broadcast_shapes(x.shape(), a.shape())?,
        b.shape(),
    )?;
    let dtype = crate::tensor::dtype::result_type(&[
        Operand::Tensor(x).promo(),
        Operand::Tensor(a).promo(),
        Operand::Tensor(b).promo(),
    ]);
    if dtype != DType::Float32 {
        let term = binary(BinaryOp::Mul, Operand::Tensor(a), Operand::Tensor(b))?;
        return binary(BinaryOp::Add, Operand::Tensor(x), Operand::Tensor(&term));
    }
    let sizes: Vec<i64> = shape.iter().map(|&v| v as i64).collect();
    let values = |t: &Tensor| -> Result<Vec<f32>> {
        Ok(t.to_dtype(DType::Float32).expand(&sizes)?.to_vec::<f32>())
    };
    let (xv, av, bv) = (values(x)?, values(a)?, values(b)?);
    let out: Vec<f32> = xv
        .iter()
        .zip(&av)
        .zip(&bv)
        .map(|((&x, &a), &b)| a.mul_add(b, x))
        .collect();
    let out = Tensor::from_vec(out, &shape)?;
    Ok(super::elementwise::follow_inputs(
        out,
        &[
            &Operand::Tensor(x),
            &Operand::Tensor(a),
            &Operand::Tensor(b),
        ],
    ))
}

/// `torch.movedim(x, source, destination)` with lists: the dims in `source` go to the places in
/// `destination`, the others keep their order in the places left (a view).
pub fn movedim(x: &Tensor, source: &[i64], destination: &[i64]) -> Result<Tensor> {
    let fmt = |v: &[i64]| {
        let parts: Vec<String> = v.iter().map(|d| d.to_string()).collect();
        format!("[{}]", parts.join(", "))
    };
    if source.len() != destination.len() {
        return Err(TensorError::runtime(format!(
            "movedim: Invalid source or destination dims: source ({} dims) should contain the same number of dims as destination ({} dims)",
            fmt(source),
            fmt(destination)
        )));
    }
    let n = x.ndim();
    let wrap = |v: &[i64]| -> Result<Vec<usize>> { v.iter().map(|&d| wrap_dim(d, n)).collect() };
    let (src, dst) = (wrap(source)?, wrap(destination)?);
    for (name, list, given) in [("source", &src, source), ("destination", &dst, destination)] {
        let mut seen = vec![false; n];
        for &d in list.iter() {
            if std::mem::replace(&mut seen[d], true) {
                return Err(TensorError::runtime(format!(
                    "movedim: repeated dim in `{name}` ({})",
                    fmt(given)
                )));
            }
        }
    }
    let mut perm: Vec<Option<usize>> = vec![None; n];
    for (&s, &d) in src.iter().zip(&dst) {
        perm[d] = Some(s);
    }
    let mut rest = (0..n).filter(|d| !src.contains(d));
    let perm: Vec<i64> = perm
        .into_iter()
        .map(|p| p.or_else(|| rest.next()).unwrap_or(0) as i64)
        .collect();
    x.permute(&perm)
}

/// `torch.nn.utils.rnn.pad_sequence` (ATen's `pad_sequence`): the sequences, each `[len, *]`, stacked
/// along a new batch dim (first with `batch_first`, else second) and padded to the longest with
/// `padding_value`, on the right or the left. The result has the first sequence's dtype and trailing
/// sizes; each sequence is copied into its slot as `copy_` copies (cast, broadcast).
pub fn pad_sequence(
    sequences: &[Tensor],
    batch_first: bool,
    padding_value: f64,
    padding_side: &str,
) -> Result<Tensor> {
    let Some(first) = sequences.first() else {
        return Err(TensorError::runtime("received an empty list of sequences"));
    };
    if first.ndim() == 0 {
        return Err(TensorError::runtime(
            "ArrayRef: invalid slice, N = 1; size = 0",
        ));
    }
    let lengths = sequences
        .iter()
        .map(|s| match s.shape().first() {
            Some(&n) => Ok(n),
            None => Err(TensorError::NoDimensions {
                op: "pad_sequence",
                dim: 0,
            }),
        })
        .collect::<Result<Vec<_>>>()?;
    let max_len = lengths.iter().copied().max().unwrap_or(0);
    let mut shape = if batch_first {
        vec![sequences.len(), max_len]
    } else {
        vec![max_len, sequences.len()]
    };
    shape.extend_from_slice(&first.shape()[1..]);
    let out = Tensor::full(&shape, Scalar::Float(padding_value), first.dtype())?;
    let left = match padding_side {
        "left" => true,
        "right" => false,
        other => {
            return Err(TensorError::runtime(format!(
                "Expected padding_side to be one of left or right, but got {other}."
            )));
        }
    };
    for (i, (seq, &len)) in sequences.iter().zip(&lengths).enumerate() {
        let start = if left { max_len - len } else { 0 } as i64;
        let slot = if batch_first {
            out.select(0, i as i64)?.narrow(0, start, len as i64)?
        } else {
            out.narrow(0, start, len as i64)?.select(1, i as i64)?
        };
        slot.copy_from(seq)?;
    }
    Ok(out)
}
