//! The normalisations over channels: `F.batch_norm` (`Normalization.cpp` and
//! `cpu/batch_norm_kernel.cpp`), `F.instance_norm` (batch norm of the `(1, N·C, *)` view, as
//! `at::instance_norm` computes it), `F.group_norm` (`cpu/group_norm_kernel.cpp` over
//! `RowwiseMoments`) and `F.local_response_norm` (PyTorch's Python: squares averaged over a window of
//! channels, then `x / (k + alpha · avg)^beta`).
//!
//! Batch norm's rounding, measured against torch on random inputs: the batch mean is a double sum
//! rounded to float, the variance sum a double sum of float squares rounded to float, divided by the
//! count in float, `invstd = 1 / sqrt(var + eps)` in double; the output is
//! `fma(x, alpha, fma(-mean, alpha, bias))` with `alpha = invstd · weight`; the running mean is updated
//! in float and the running variance in double (`Normalization.cpp` mixes the two).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::kernels;
use crate::tensor::ops::conv::{Pool1d, avg_pool1d};
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
use crate::tensor::ops::reorder;
use crate::tensor::{DType, Scalar, Tensor};

fn runtime(msg: impl Into<String>) -> TensorError {
    TensorError::runtime(msg.into())
}

/// The optional tensors and options of [`batch_norm`].
#[derive(Debug, Clone, Copy)]
pub struct BatchNorm<'a> {
    pub running_mean: Option<&'a Tensor>,
    pub running_var: Option<&'a Tensor>,
    pub weight: Option<&'a Tensor>,
    pub bias: Option<&'a Tensor>,
    pub training: bool,
    pub momentum: f64,
    pub eps: f64,
}

/// `torch.batch_norm`: normalises each channel (dim 1) by the batch's statistics (`training`, which
/// also moves the running statistics given towards them) or by the running statistics.
pub fn batch_norm(input: &Tensor, a: &BatchNorm) -> Result<Tensor> {
    let channels = if input.ndim() > 1 {
        input.shape()[1]
    } else {
        0
    };
    for (name, t, needed) in [
        ("running_mean", a.running_mean, !a.training),
        ("running_var", a.running_var, !a.training),
        ("weight", a.weight, false),
        ("bias", a.bias, false),
    ] {
        match t {
            Some(t) if t.numel() != channels => {
                return Err(runtime(format!(
                    "{name} should contain {channels} elements not {}",
                    t.numel()
                )));
            }
            None if needed => {
                return Err(runtime(format!(
                    "{name} must be defined in evaluation mode"
                )));
            }
            _ => {}
        }
    }
    let dtype = input.dtype();
    if !dtype.is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"batch_norm\" not implemented for '{}'",
            dtype.scalar_type_name()
        )));
    }
    check_mixed(input, &[a.running_mean, a.running_var, a.weight, a.bias])?;
    if input.numel() == 0 {
        return Ok(input.deep_copy());
    }
    if !input.is_contiguous() && !dtype.is_reduced_float() {
        return batch_norm_strided(input, a);
    }
    let n = input.shape()[0];
    let plane = input.numel() / n / channels;
    let count = n * plane;
    if dtype == DType::Float64 {
        let x = input.to_vec::<f64>();
        let stats = if a.training {
            let (mean, var_sum) = channel_stats(&x, n, channels, plane, |v| v, |s| s, |v| v);
            let invstd: Vec<f64> = var_sum
                .iter()
                .map(|&v| inv_std(v / count as f64, a.eps))
                .collect();
            update_running(a, &mean, &var_sum, count)?;
            (mean, invstd)
        } else {
            eval_stats(a, |v: f64| 1.0 / (v + a.eps).sqrt())
        };
        let out = transform(&x, n, channels, plane, &stats, a, f64::mul_add);
        return Tensor::from_vec(out, input.shape());
    }
    let x = input.to_vec::<f32>();
    let stats = if a.training {
        let (mean, var_sum) = channel_stats(
            &x,
            n,
            channels,
            plane,
            |v| v as f64,
            |s| s as f32,
            |v| v as f64,
        );
        let invstd: Vec<f32> = var_sum
            .iter()
            .map(|&v| inv_std((v / count as f32) as f64, a.eps) as f32)
            .collect();
        update_running(a, &mean, &var_sum, count)?;
        (mean, invstd)
    } else {
        eval_stats(a, |v: f32| 1.0 / (v + a.eps as f32).sqrt())
    };
    let out = transform(&x, n, channels, plane, &stats, a, f32::mul_add);
    Ok(Tensor::from_vec(out, input.shape())?.to_dtype(dtype))
}

/// `checkMixedDataTypes`: the parameters share the input's type, or are float for a 16-bit input.
pub(crate) fn check_mixed(input: &Tensor, params: &[Option<&Tensor>]) -> Result<()> {
    let dtype = input.dtype();
    let ok = |d: DType| d == dtype || (dtype.is_reduced_float() && d == DType::Float32);
    if params.iter().flatten().any(|p| !ok(p.dtype())) {
        return Err(runtime(if dtype == DType::Float32 {
            "mixed dtype (CPU): expect parameter to have scalar type of Float"
        } else {
            "mixed dtype (CPU): all inputs must share same datatype."
        }));
    }
    Ok(())
}

/// Batch norm of a non-contiguous input (`Normalization.cpp`'s TensorIterator path): the batch mean by
/// `mean`, the variance sum in double around it, the running statistics updated in double, and the
/// output `((x - mean) · invstd) · weight + bias` one rounding at a time.
fn batch_norm_strided(input: &Tensor, a: &BatchNorm) -> Result<Tensor> {
    let shape = input.shape();
    let channels = shape[1];
    let moved = input.transpose(0, 1)?.contiguous();
    let plane = input.numel() / channels;
    let dims: Vec<i64> = std::iter::once(0).chain(2..shape.len() as i64).collect();
    let wide = moved.to_vec::<f64>();
    let (mean, invstd): (Vec<f64>, Vec<f64>) = if a.training {
        let mean = input.mean(Some(&dims), false)?.to_vec::<f64>();
        let mut invstd = Vec::with_capacity(channels);
        let mut var_sums = Vec::with_capacity(channels);
        for (c, &m) in mean.iter().enumerate() {
            let var_sum: f64 = wide[c * plane..(c + 1) * plane]
                .iter()
                .fold(0.0, |s, &v| s + (v - m) * (v - m));
            var_sums.push(var_sum);
            invstd.push(inv_std(var_sum / plane as f64, a.eps));
        }
        let m = a.momentum;
        if let Some(rm) = a.running_mean {
            let new: Vec<f64> = rm
                .to_vec::<f64>()
                .iter()
                .zip(&mean)
                .map(|(&r, &v)| m * v + (1.0 - m) * r)
                .collect();
            write_f64(rm, &new)?;
        }
        if let Some(rv) = a.running_var {
            let new: Vec<f64> = rv
                .to_vec::<f64>()
                .iter()
                .zip(&var_sums)
                .map(|(&r, &v)| m * (v / (plane as f64 - 1.0)) + (1.0 - m) * r)
                .collect();
            write_f64(rv, &new)?;
        }
        (mean, invstd)
    } else {
        let mean = a
            .running_mean
            .map(|t| t.to_vec::<f64>())
            .unwrap_or_default();
        let var = a.running_var.map(|t| t.to_vec::<f64>()).unwrap_or_default();
        let invstd = if input.dtype() == DType::Float64 {
            var.iter().map(|&v| 1.0 / (v + a.eps).sqrt()).collect()
        } else {
            var.iter()
                .map(|&v| (1.0 / (v as f32 + a.eps as f32).sqrt()) as f64)
                .collect()
        };
        (mean, invstd)
    };
    let w = a.weight.map(|t| t.to_vec::<f64>());
    let b = a.bias.map(|t| t.to_vec::<f64>());
    let out: Vec<f64> = if input.dtype() == DType::Float64 {
        (0..wide.len())
            .map(|i| {
                let c = i / plane;
                let y = (wide[i] - mean[c]) * invstd[c] * w.as_ref().map_or(1.0, |w| w[c]);
                y + b.as_ref().map_or(0.0, |b| b[c])
            })
            .collect()
    } else {
        (0..wide.len())
            .map(|i| {
                let c = i / plane;
                let (x, m, s) = (wide[i] as f32, mean[c] as f32, invstd[c] as f32);
                let y = (x - m) * s * w.as_ref().map_or(1.0, |w| w[c] as f32);
                (y + b.as_ref().map_or(0.0, |b| b[c] as f32)) as f64
            })
            .collect()
    };
    let mut moved_shape = shape.to_vec();
    moved_shape.swap(0, 1);
    Tensor::from_vec(out, &moved_shape)?
        .to_dtype(input.dtype())
        .transpose(0, 1)
        .map(|t| t.contiguous())
}

/// `InvStd`: `1 / sqrt(var + eps)`, zero when both are zero.
fn inv_std(var: f64, eps: f64) -> f64 {
    if var != 0.0 || eps != 0.0 {
        1.0 / (var + eps).sqrt()
    } else {
        0.0
    }
}

/// Per channel: the mean (a sum in double, rounded) and the sum of squared deviations (double sum of
/// the type's squares, rounded).
fn channel_stats<T: Copy + std::ops::Sub<Output = T> + std::ops::Mul<Output = T>>(
    x: &[T],
    n: usize,
    channels: usize,
    plane: usize,
    wide: impl Fn(T) -> f64,
    narrow: impl Fn(f64) -> T,
    wide_sq: impl Fn(T) -> f64,
) -> (Vec<T>, Vec<T>) {
    let count = (n * plane) as f64;
    let mut means = Vec::with_capacity(channels);
    let mut var_sums = Vec::with_capacity(channels);
    for c in 0..channels {
        let rows = (0..n).map(|b| &x[(b * channels + c) * plane..(b * channels + c + 1) * plane]);
        let sum: f64 = rows.clone().flatten().fold(0.0, |s, &v| s + wide(v));
        let mean = narrow(sum / count);
        let var: f64 = rows
            .flatten()
            .fold(0.0, |s, &v| s + wide_sq((v - mean) * (v - mean)));
        means.push(mean);
        var_sums.push(narrow(var));
    }
    (means, var_sums)
}

/// The running statistics as the evaluation path reads them: `(mean, invstd)` per channel.
fn eval_stats<T: crate::tensor::Element>(a: &BatchNorm, inv: impl Fn(T) -> T) -> (Vec<T>, Vec<T>) {
    let mean = a.running_mean.map(|t| t.to_vec::<T>()).unwrap_or_default();
    let var = a.running_var.map(|t| t.to_vec::<T>()).unwrap_or_default();
    (mean, var.into_iter().map(inv).collect())
}

/// `output = fma(x, alpha, beta)` with `alpha = invstd · weight`, `beta = fma(-mean, alpha, bias)`.
fn transform<T: crate::tensor::Element + num_like::Float>(
    x: &[T],
    n: usize,
    channels: usize,
    plane: usize,
    (mean, invstd): &(Vec<T>, Vec<T>),
    a: &BatchNorm,
    fma: impl Fn(T, T, T) -> T,
) -> Vec<T> {
    let w = a.weight.map(|t| t.to_vec::<T>());
    let b = a.bias.map(|t| t.to_vec::<T>());
    let mut out = x.to_vec();
    for c in 0..channels {
        let wc = w.as_ref().map_or(T::one(), |w| w[c]);
        let bc = b.as_ref().map_or(T::zero(), |b| b[c]);
        let alpha = invstd[c] * wc;
        let beta = fma(-mean[c], alpha, bc);
        for batch in 0..n {
            let start = (batch * channels + c) * plane;
            for v in &mut out[start..start + plane] {
                *v = fma(*v, alpha, beta);
            }
        }
    }
    out
}

/// Moves the running statistics given towards the batch's: the mean in the parameters' type, the
/// variance (unbiased, `var_sum / (n - 1)` in that type) in double.
fn update_running<T: crate::tensor::Element + num_like::Float>(
    a: &BatchNorm,
    mean: &[T],
    var_sum: &[T],
    count: usize,
) -> Result<()> {
    if let Some(rm) = a.running_mean {
        let m = a.momentum;
        let old = rm.to_vec::<f64>();
        let new: Vec<f64> = if rm.dtype() == DType::Float64 {
            old.iter()
                .zip(mean)
                .map(|(&r, &v)| m * v.wide() + (1.0 - m) * r)
                .collect()
        } else {
            let m = m as f32;
            old.iter()
                .zip(mean)
                .map(|(&r, &v)| (m * v.wide() as f32 + (1.0 - m) * r as f32) as f64)
                .collect()
        };
        write_f64(rm, &new)?;
    }
    if let Some(rv) = a.running_var {
        let old = rv.to_vec::<f64>();
        let new: Vec<f64> = if rv.dtype() == DType::Float64 {
            let m = a.momentum;
            old.iter()
                .zip(var_sum)
                .map(|(&r, &v)| m * (v.wide() / (count as f64 - 1.0)) + (1.0 - m) * r)
                .collect()
        } else {
            let m = a.momentum as f32;
            old.iter()
                .zip(var_sum)
                .map(|(&r, &v)| {
                    let unbiased = (v.wide() as f32 / (count as f32 - 1.0)) as f64;
                    ((m as f64) * unbiased + ((1.0 - m) * r as f32) as f64) as f32 as f64
                })
                .collect()
        };
        write_f64(rv, &new)?;
    }
    Ok(())
}

/// Writes `values` into `t` in its own dtype.
fn write_f64(t: &Tensor, values: &[f64]) -> Result<()> {
    t.copy_from(&Tensor::from_vec(values.to_vec(), t.shape())?.to_dtype(t.dtype()))
}

/// The float arithmetic [`transform`] needs, for `f32` and `f64`.
mod num_like {
    pub trait Float:
        Copy + std::ops::Mul<Output = Self> + std::ops::Neg<Output = Self> + PartialOrd
    {
        fn one() -> Self;
        fn zero() -> Self;
        fn wide(self) -> f64;
    }
    impl Float for f32 {
        fn one() -> Self {
            1.0
        }
        fn zero() -> Self {
            0.0
        }
        fn wide(self) -> f64 {
            self as f64
        }
    }
    impl Float for f64 {
        fn one() -> Self {
            1.0
        }
        fn zero() -> Self {
            0.0
        }
        fn wide(self) -> f64 {
            self
        }
    }
}

/// `torch.instance_norm`: batch norm of `input` viewed as `(1, N·C, *)`, the weight, bias and running
/// statistics repeated `N` times; the running statistics given become the mean over the batch of the
/// updated copies.
pub fn instance_norm(input: &Tensor, a: &BatchNorm) -> Result<Tensor> {
    if !a.training && (a.running_mean.is_none() || a.running_var.is_none()) {
        return Err(runtime(
            "Expected running_mean and running_var to be defined when use_input_stats is false",
        ));
    }
    if input.ndim() < 2 {
        return Err(runtime(format!(
            "instance_norm: expected at least a 2-d input, got {}-d",
            input.ndim()
        )));
    }
    let (b, c) = (input.shape()[0], input.shape()[1]);
    let repeat = |t: Option<&Tensor>| t.map(|t| reorder::repeat(t, &[b as i64])).transpose();
    let weight = repeat(a.weight)?;
    let bias = repeat(a.bias)?;
    let rm = repeat(a.running_mean)?;
    let rv = repeat(a.running_var)?;
    let mut shape: Vec<i64> = input.shape().iter().map(|&d| d as i64).collect();
    shape[0] = 1;
    shape[1] = (b * c) as i64;
    let reshaped = input.contiguous().view(&shape)?;
    let out = batch_norm(
        &reshaped,
        &BatchNorm {
            running_mean: rm.as_ref(),
            running_var: rv.as_ref(),
            weight: weight.as_ref(),
            bias: bias.as_ref(),
            ..*a
        },
    )?;
    for (given, copy) in [(a.running_mean, &rm), (a.running_var, &rv)] {
        if let (Some(given), Some(copy)) = (given, copy) {
            let avg = copy.view(&[b as i64, c as i64])?.mean(Some(&[0]), false)?;
            given.copy_from(&avg)?;
        }
    }
    out.reshape(&input.shape().iter().map(|&d| d as i64).collect::<Vec<_>>())
}

/// `torch.group_norm`: each sample's channels split into `groups`, each group normalised by its own
/// mean and biased variance, then scaled and shifted per channel.
pub fn group_norm(
    input: &Tensor,
    groups: i64,
    weight: Option<&Tensor>,
    bias: Option<&Tensor>,
    eps: f64,
) -> Result<Tensor> {
    let shape = input.shape();
    let (n, c) = (shape[0], shape[1]);
    let dims = |t: &Tensor| {
        let parts: Vec<String> = t.shape().iter().map(|d| d.to_string()).collect();
        format!("[{}]", parts.join(", "))
    };
    if groups <= 0 || !c.is_multiple_of(groups as usize) {
        return Err(runtime(format!(
            "Expected number of channels in input to be divisible by num_groups, but got input of shape {} and num_groups={groups}",
            dims(input)
        )));
    }
    for (name, t) in [("weight", weight), ("bias", bias)] {
        if let Some(t) = t
            && (t.ndim() != 1 || t.numel() != c)
        {
            return Err(runtime(format!(
                "Expected {name} to be a vector of size equal to the number of channels in input, but got {name} of shape {} and input of shape {}",
                dims(t),
                dims(input)
            )));
        }
    }
    let dtype = input.dtype();
    if !dtype.is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"GroupNormKernelImpl\" not implemented for '{}'",
            dtype.scalar_type_name()
        )));
    }
    check_mixed(input, &[weight, bias])?;
    if input.numel() == 0 {
        return Ok(input.deep_copy());
    }
    let g = groups as usize;
    let d = c / g;
    let plane = input.numel() / n / c;
    let inner = d * plane;
    if dtype == DType::Float64 {
        let mut x = input.to_vec::<f64>();
        let w = weight.map(|t| t.to_vec::<f64>());
        let b = bias.map(|t| t.to_vec::<f64>());
        for (i, row) in x.chunks_mut(inner).enumerate() {
            let len = row.len() as f64;
            let mean = kernels::sum_inner_f64(row) / len;
            let dev: Vec<f64> = row.iter().map(|&v| (v - mean) * (v - mean)).collect();
            let rstd = 1.0 / (kernels::sum_inner_f64(&dev) / len + eps).sqrt();
            scale_group(
                row,
                i % g,
                d,
                plane,
                mean,
                rstd,
                w.as_deref(),
                b.as_deref(),
                f64::mul_add,
            );
        }
        return Tensor::from_vec(x, shape);
    }
    let mut x = input.to_vec::<f32>();
    let w = weight.map(|t| t.to_vec::<f32>());
    let b = bias.map(|t| t.to_vec::<f32>());
    for (i, row) in x.chunks_mut(inner).enumerate() {
        let (mean, var) = kernels::row_moments(row);
        let rstd = (1.0 / (var.max(0.0) as f64 + eps).sqrt()) as f32;
        scale_group(
            row,
            i % g,
            d,
            plane,
            mean,
            rstd,
            w.as_deref(),
            b.as_deref(),
            f32::mul_add,
        );
    }
    Ok(Tensor::from_vec(x, shape)?.to_dtype(dtype))
}

/// One group's output: `(x - mean) · rstd` without parameters, else per channel
/// `fma(scale, x, fma(-scale, mean, beta))` with `scale = rstd · gamma`.
#[allow(clippy::too_many_arguments)]
fn scale_group<T: Copy + num_like::Float + std::ops::Sub<Output = T>>(
    row: &mut [T],
    group: usize,
    d: usize,
    plane: usize,
    mean: T,
    rstd: T,
    w: Option<&[T]>,
    b: Option<&[T]>,
    fma: impl Fn(T, T, T) -> T,
) {
    if w.is_none() && b.is_none() {
        for v in row.iter_mut() {
            *v = (*v - mean) * rstd;
        }
        return;
    }
    for j in 0..d {
        let ch = group * d + j;
        let scale = rstd * w.map_or(T::one(), |w| w[ch]);
        let shift = fma(-scale, mean, b.map_or(T::zero(), |b| b[ch]));
        for v in &mut row[j * plane..(j + 1) * plane] {
            *v = fma(scale, *v, shift);
        }
    }
}

/// `F.local_response_norm(x, size, alpha, beta, k)` for an input of 3 or more dims (checked by the
/// caller): `x / (k + alpha · avg)^beta`, `avg` the mean of the squares over `size` neighbouring
/// channels (zero-padded, `size // 2` before and `(size - 1) // 2` after), each step in the input's
/// arithmetic as PyTorch's Python composes it.
pub fn local_response_norm(
    x: &Tensor,
    size: i64,
    alpha: Scalar,
    beta: Scalar,
    k: Scalar,
) -> Result<Tensor> {
    if x.numel() == 0 {
        return Ok(x.clone());
    }
    let op =
        |op: BinaryOp, a: &Tensor, s: Scalar| binary(op, Operand::Tensor(a), Operand::Scalar(s));
    let sq = binary(BinaryOp::Mul, Operand::Tensor(x), Operand::Tensor(x))?;
    let shape = x.shape().to_vec();
    let (n, c) = (shape[0], shape[1]);
    let rest = x.numel() / n / c;
    // Channels last, one row per (sample, position): the window runs along the row.
    let rows = sq
        .reshape(&[n as i64, c as i64, rest as i64])?
        .transpose(1, 2)?
        .contiguous()
        .reshape(&[(n * rest) as i64, c as i64])?;
    let padded = reorder::pad(&rows, &[size / 2, (size - 1) / 2], Scalar::Int(0))?;
    let pool = Pool1d {
        kernel: size,
        stride: 1,
        padding: 0,
        dilation: 1,
        ceil_mode: false,
    };
    let avg = avg_pool1d(&padded, &pool, true).map_err(|e| match e {
        TensorError::NotImplemented(m) if x.ndim() > 3 => {
            TensorError::NotImplemented(m.replace("avg_pool2d", "avg_pool3d"))
        }
        other => other,
    })?;
    let avg = avg
        .reshape(&[n as i64, rest as i64, c as i64])?
        .transpose(1, 2)?
        .contiguous()
        .reshape(&shape.iter().map(|&d| d as i64).collect::<Vec<_>>())?;
    let div = op(
        BinaryOp::Pow,
        &op(BinaryOp::Add, &op(BinaryOp::Mul, &avg, alpha)?, k)?,
        beta,
    )?;
    binary(BinaryOp::Div, Operand::Tensor(x), Operand::Tensor(&div))
}
