//! Vector norms (`torch.linalg.vector_norm`, which `torch.norm` and `F.normalize` reach), in ATen's
//! accumulation order.

use super::reduce::{Rows, for_each_row, reduced_dims, rows, single_output_rows};
use super::rows::fold_parts;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::{DType, Tensor};

/// `torch.linalg.vector_norm(x, ord, dim, keepdim)` (what `torch.norm` calls for a number `p` or
/// `'fro'`), computed as ATen's `norm_kernel_tensor_iterator_impl`: the 2-norm of rows that end a
/// contiguous tensor in eight float lanes (a multiply, then an add), every other case one accumulator per
/// output (`NormZeroOps`, `NormOneOps`, `NormTwoOps`, `AbsMaxOps`, `AbsMinOps`, `NormOps`).
pub fn vector_norm(x: &Tensor, ord: f64, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
    // Half and bfloat16 accumulate in float, as ATen's `acc_type` for them.
    if x.dtype().is_reduced_float() {
        return x.widened(|w| vector_norm(w, ord, dims, keepdim));
    }
    if !x.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "linalg.vector_norm: Expected a floating point or complex tensor as input. Got {}",
            x.dtype().scalar_type_name()
        )));
    }
    let reduce = reduced_dims(x.ndim(), dims)?;
    if x.numel() == 0 && (ord < 0.0 || ord == f64::INFINITY) {
        let named: Vec<i64> = dims.unwrap_or(&[]).to_vec();
        if named.is_empty() {
            return Err(TensorError::runtime(format!(
                "linalg.vector_norm cannot compute the {} norm on an empty tensor because the operation does not have an identity",
                scalar_text(ord)
            )));
        }
        for d in named {
            let w = wrap_dim(d, x.ndim())?;
            if x.ndim() > 0 && x.shape()[w] == 0 {
                return Err(TensorError::runtime(format!(
                    "linalg.vector_norm cannot compute the {} norm on the dimension {d}because this dimension is empty and the operation does not have an identity",
                    scalar_text(ord)
                )));
            }
        }
    }
    // ATen's vectorised 2-norm runs when the reduced dims, coalesced, are the last and contiguous.
    // TensorIterator moves the reduced dims innermost, so one reduced dim (of more than one element)
    // with stride 1 is the contiguous last dim it vectorises over, whatever the other dims' order.
    let first_reduced = reduce.iter().position(|&b| b).unwrap_or(x.ndim());
    let mut long_reduced = (0..x.ndim()).filter(|&d| reduce[d] && x.shape()[d] > 1);
    let one_unit_stride = match (long_reduced.next(), long_reduced.next()) {
        (Some(d), None) => x.strides()[d] == 1,
        _ => false,
    };
    let lastdim =
        (x.is_contiguous() && reduce[first_reduced..].iter().all(|&b| b)) || one_unit_stride;
    // One output: `binary_kernel_reduce` splits the elements between the threads (one accumulator each,
    // combined in thread order); several outputs are shared out whole.
    let single = (0..x.ndim()).all(|d| reduce[d] || x.shape()[d] == 1);
    let threads = if single {
        crate::tensor::settings::num_threads()
    } else {
        1
    };
    // A reduction to one value of a permuted contiguous tensor is walked in memory order, one contiguous
    // run, so the vectorised 2-norm applies to it too.
    fn read<T: crate::tensor::storage::Element>(
        x: &Tensor,
        dims: Option<&[i64]>,
        keepdim: bool,
        single: bool,
        lastdim: bool,
    ) -> Result<(Rows<T>, bool)> {
        if single {
            let (r, walked) = single_output_rows::<T>(x, dims, keepdim)?;
            return Ok((r, lastdim || walked));
        }
        Ok((rows::<T>(x, dims, keepdim)?, lastdim))
    }
    if x.dtype() == DType::Float64 {
        // `Vectorized<double>` holds 4 lanes under AVX2.
        let (r, lastdim) = read::<f64>(x, dims, keepdim, single, lastdim)?;
        let out = for_each_row(&r, |row| norm_row::<f64, 4>(row, ord, lastdim, threads));
        return Tensor::from_vec(out, &r.out_shape);
    }
    let (r, lastdim) = read::<f32>(x, dims, keepdim, single, lastdim)?;
    let out = for_each_row(&r, |row| norm_row::<f32, 8>(row, ord, lastdim, threads));
    Tensor::from_vec(out, &r.out_shape)
}

/// One output's norm in the row's own float type, with ATen's accumulator for `ord`; the 2-norm of a
/// contiguous last dim over `L` vector lanes; `threads` splits the other folds as [`fold_parts`].
fn norm_row<F: num_traits::Float, const L: usize>(
    row: &[F],
    ord: f64,
    lastdim: bool,
    threads: usize,
) -> F {
    let zero = F::zero();
    if row.is_empty() {
        return if ord < 0.0 { F::infinity() } else { zero };
    }
    let nan_max = |a: F, b: F| {
        if a.is_nan() || b.is_nan() {
            F::nan()
        } else {
            a.max(b)
        }
    };
    let nan_min = |a: F, b: F| {
        if a.is_nan() || b.is_nan() {
            F::nan()
        } else {
            a.min(b)
        }
    };
    let add = |a: F, b: F| a + b;
    let sum = |term: &dyn Fn(F) -> F| fold_parts(row, threads, zero, |a, v| a + term(v), add);
    match ord {
        2.0 if lastdim => norm_two_lanes::<F, L>(row),
        0.0 => sum(&|v| if v == zero { zero } else { F::one() }),
        1.0 => sum(&|v| v.abs()),
        2.0 => sum(&|v| v * v).sqrt(),
        f64::INFINITY => fold_parts(row, threads, zero, |a, v| nan_max(a, v.abs()), nan_max),
        f64::NEG_INFINITY => fold_parts(
            row,
            threads,
            F::infinity(),
            |a, v| nan_min(a, v.abs()),
            nan_min,
        ),
        _ => {
            let p = <F as num_traits::NumCast>::from(ord).unwrap_or_else(F::nan);
            sum(&|v| v.abs().powf(p)).powf(F::one() / p)
        }
    }
}

/// `norm_two_reduce_step` over `L` lanes, the lanes added in order, then the tail one by one.
fn norm_two_lanes<F: num_traits::Float, const L: usize>(row: &[F]) -> F {
    let mut lanes = [F::zero(); L];
    let bulk = row.len() - row.len() % L;
    for chunk in row[..bulk].chunks_exact(L) {
        for (acc, &v) in lanes.iter_mut().zip(chunk) {
            // `acc_vec += data_vec * data_vec`: a multiply then an add (measured: with a fused
            // multiply-add, rows of 17 differ from torch in the last bit).
            *acc = *acc + v * v;
        }
    }
    let mut acc = lanes[0];
    for &l in &lanes[1..] {
        acc = acc + l;
    }
    // The tail is scalar C++ (`buffer[0] += data_val * data_val`) as GCC compiles it in PyTorch's AVX2
    // build: for float, the squares of each whole group of four (an SSE register) rounded, then added in
    // order; the rest (all of a double tail) contracted into fused multiply-adds. Measured against torch
    // on every tail length.
    let tail = &row[bulk..];
    let group = if L == 8 { 4 } else { usize::MAX };
    let grouped = tail.len() - tail.len() % group;
    for &v in &tail[..grouped] {
        acc = acc + v * v;
    }
    for &v in &tail[grouped..] {
        acc = v.mul_add(v, acc);
    }
    acc.sqrt()
}

/// A number as c10's `Scalar` prints it in messages (C++'s default stream: `inf`, `-1`, `0.5`).
fn scalar_text(v: f64) -> String {
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if v.fract() == 0.0 && v.abs() < 1e16 {
        return format!("{}", v as i64);
    }
    format!("{v}")
}

/// ATen's `check_linalg_norm_dtype`: the `dtype=` of a norm is a float type the input widens to.
pub fn check_norm_dtype(dtype: Option<DType>, input: DType, name: &str) -> Result<()> {
    let Some(d) = dtype else {
        return Ok(());
    };
    if !d.is_floating_point() {
        return Err(TensorError::runtime(format!(
            "{name}: dtype should be floating point or complex, but got {}",
            d.scalar_type_name()
        )));
    }
    if DType::promote(input, d) != d {
        return Err(TensorError::runtime(format!(
            "{name}: the dtype of the input ({}) should be convertible without narrowing to the specified dtype ({})",
            input.scalar_type_name(),
            d.scalar_type_name()
        )));
    }
    Ok(())
}

/// The order of a matrix norm: `'fro'`, `'nuc'` or a number (1, -1, 2, -2, inf, -inf).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MatrixOrd {
    Fro,
    Nuc,
    Number(f64),
}

/// `torch.linalg.matrix_norm(A, ord, dim, keepdim, dtype=)` as ATen composes it: `'fro'` is the
/// vector 2-norm over both dims; 1 and inf (and their negatives) the largest (smallest) vector 1-norm
/// of the columns or rows. The spectral norms (2, -2, `'nuc'`) need singular values, which the tutor
/// does not compute.
pub fn matrix_norm(
    a: &Tensor,
    ord: MatrixOrd,
    dims: &[i64],
    keepdim: bool,
    dtype: Option<DType>,
) -> Result<Tensor> {
    const NAME: &str = "linalg.matrix_norm";
    if let MatrixOrd::Number(p) = ord
        && ![1.0, 2.0, f64::INFINITY].contains(&p.abs())
    {
        return Err(TensorError::runtime(format!(
            "{NAME}: Order {} not supported.",
            scalar_text(p)
        )));
    }
    if a.ndim() < 2 {
        return Err(TensorError::runtime(format!(
            "{NAME}: The input tensor A must have at least 2 dimensions."
        )));
    }
    let spectral = matches!(ord, MatrixOrd::Nuc)
        || ord == MatrixOrd::Number(2.0)
        || ord == MatrixOrd::Number(-2.0);
    if !a.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "{NAME}: Expected a floating point or complex tensor as input. Got {}",
            a.dtype().scalar_type_name()
        )));
    }
    if spectral && a.dtype().is_reduced_float() {
        return Err(TensorError::runtime(format!(
            "{NAME}: Low precision dtypes not supported. Got {}",
            a.dtype().scalar_type_name()
        )));
    }
    if dims.len() != 2 {
        return Err(TensorError::runtime(format!(
            "{NAME}: dim must be a 2-tuple. Got {}",
            dims.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )));
    }
    let (d0, d1) = (wrap_dim(dims[0], a.ndim())?, wrap_dim(dims[1], a.ndim())?);
    if d0 == d1 {
        return Err(TensorError::runtime(format!(
            "{NAME}: dims must be different. Got ({d0}, {d1})"
        )));
    }
    check_norm_dtype(dtype, a.dtype(), NAME)?;
    // ATen casts inside the reduction, walking the input's own layout.
    let x = match dtype {
        Some(d) => a.to_dtype_preserve(d),
        None => a.clone(),
    };
    match ord {
        MatrixOrd::Fro => vector_norm(&x, 2.0, Some(&[d0 as i64, d1 as i64]), keepdim),
        MatrixOrd::Number(p) if p.abs() == 1.0 || p.abs() == f64::INFINITY => {
            // The inf-norm is the 1-norm of the transpose.
            let (first, mut second) = if p.abs() == 1.0 { (d0, d1) } else { (d1, d0) };
            if !keepdim && first < second {
                second -= 1;
            }
            let sums = vector_norm(&x, 1.0, Some(&[first as i64]), keepdim)?;
            if p > 0.0 && sums.shape()[second] == 0 {
                // PyTorch 2.15 gives 0 for the largest of no sums (and refuses the smallest).
                return sums.sum(Some(&[second as i64]), keepdim);
            }
            super::reduce::amax(&sums, &[second as i64], keepdim, p > 0.0)
        }
        _ => Err(TensorError::NotImplemented(format!(
            "{NAME}: the 2-norm, -2-norm and nuclear norm need singular values, which the tutor does not compute"
        ))),
    }
}
