//! Statistics torch builds from other ops: `renorm` (`Normalization.cpp`), `cov` and `corrcoef`
//! (`Correlation.cpp`), the trapezoid rule (`Integration.cpp`) and `quantile`/`nanquantile`
//! (`Sorting.cpp`). Each follows ATen's composition step by step, so every intermediate rounds
//! where PyTorch's does; `quantile`'s rank-and-lerp arithmetic runs per element in the input's dtype.

use super::elementwise::{Operand, binary};
use super::unary::{UnaryOp, unary};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::ops::activation::cpp_double;
use crate::tensor::ops::masked::clamp;
use crate::tensor::ops::norm::vector_norm;
use crate::tensor::ops::reorder;
use crate::tensor::ops::sort::sort;
use crate::tensor::storage::Element;
use crate::tensor::{BinaryOp, DType, Scalar, Tensor};

fn bin(op: BinaryOp, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(op, Operand::Tensor(a), Operand::Tensor(b))
}

fn bin_s(op: BinaryOp, a: &Tensor, b: Scalar) -> Result<Tensor> {
    binary(op, Operand::Tensor(a), Operand::Scalar(b))
}

/// `isIntegralType(t, /*includeBool=*/false)`.
fn is_integer(t: DType) -> bool {
    !t.is_floating_point() && t != DType::Bool
}

/// A 0-d tensor's value as a number (`is_scalar_tensor_true` and friends).
fn number(x: &Tensor) -> Result<f64> {
    Ok(x.item()?.to_f64())
}

/// `torch.renorm(x, p, dim, maxnorm)`: each slice along `dim` whose `p`-norm exceeds `maxnorm` is
/// scaled by `maxnorm / (norm + 1e-7)` (ATen's `renorm_scale_factor` kernel), the others kept.
pub fn renorm(x: &Tensor, p: f64, dim: i64, maxnorm: f64) -> Result<Tensor> {
    if p.is_nan() || p <= 0.0 {
        return Err(TensorError::runtime(
            "renorm: non-positive-norm not supported",
        ));
    }
    if maxnorm.is_nan() || maxnorm < 0.0 {
        return Err(TensorError::runtime(format!(
            "renorm: expected maxnorm to be >= 0 but got {}",
            cpp_double(maxnorm)
        )));
    }
    if x.ndim() <= 1 {
        return Err(TensorError::runtime(format!(
            "renorm: input needs at least 2 dimensions, got {} dimensions",
            x.ndim()
        )));
    }
    let d = wrap_dim(dim, x.ndim())?;
    let reduce: Vec<i64> = (0..x.ndim() as i64).filter(|&i| i != d as i64).collect();
    // Half and bfloat16 take the norm in float (`toAccumulateType(..., is_cuda=true)`).
    let wide = if x.dtype().is_reduced_float() {
        x.to_dtype(DType::Float32)
    } else {
        x.clone()
    };
    let norm = vector_norm(&wide, p, Some(&reduce), true)?;
    let factor = match norm.dtype() {
        DType::Float64 => scale_factor::<f64>(&norm, maxnorm)?,
        _ => scale_factor::<f32>(&norm, maxnorm)?,
    };
    // The structured kernel allocates a contiguous output, whatever the input's strides.
    let out = bin(BinaryOp::Mul, x, &factor.to_dtype(x.dtype()))?.contiguous();
    Ok(out.with_axes_of(x))
}

fn scale_factor<T: Element + num_traits::Float>(norm: &Tensor, maxnorm: f64) -> Result<Tensor> {
    let max = T::from(maxnorm).unwrap_or_else(T::infinity);
    let eps = T::from(1e-7).unwrap_or_else(T::epsilon);
    let values: Vec<T> = norm
        .to_vec::<T>()
        .into_iter()
        .map(|n| if n > max { max / (n + eps) } else { T::one() })
        .collect();
    Tensor::from_vec(values, norm.shape())
}

/// What `cov` says when its degrees of freedom are not positive (a `UserWarning`).
pub const COV_DOF_WARNING: &str = "cov(): degrees of freedom is <= 0. Correction should be strictly less than the number of observations.";

/// `torch.cov(x, correction=, fweights=, aweights=)`, and whether PyTorch warns (degrees of freedom
/// <= 0). Rows are variables, columns observations. Like ATen, a single observation with exactly one
/// kind of weight zeroes `x` itself before the product.
pub fn cov(
    x: &Tensor,
    correction: i64,
    fweights: Option<&Tensor>,
    aweights: Option<&Tensor>,
) -> Result<(Tensor, bool)> {
    if x.ndim() > 2 {
        return Err(TensorError::runtime(format!(
            "cov(): expected input to have two or fewer dimensions but got an input with {} dimensions",
            x.ndim()
        )));
    }
    if x.dtype() == DType::Bool {
        return Err(TensorError::NotImplemented(
            "cov(): bool dtype is not supported for input".into(),
        ));
    }
    let mut input = if x.ndim() < 2 {
        x.view(&[1, -1])?
    } else {
        x.clone()
    };
    let n = input.shape()[1] as i64;
    let mut w: Option<Tensor> = None;
    if let Some(fw) = fweights {
        check_weights("fweights", fw, n)?;
        if !is_integer(fw.dtype()) {
            return Err(TensorError::runtime(format!(
                "cov(): expected fweights to have integral dtype but got fweights with {} dtype",
                fw.dtype().scalar_type_name()
            )));
        }
        check_count("fweights", fw, n)?;
        w = Some(fw.clone());
    }
    if let Some(aw) = aweights {
        check_weights("aweights", aw, n)?;
        if !aw.dtype().is_floating_point() {
            return Err(TensorError::runtime(format!(
                "cov(): expected aweights to have floating point dtype but got aweights with {} dtype",
                aw.dtype().scalar_type_name()
            )));
        }
        check_count("aweights", aw, n)?;
        w = Some(match &w {
            Some(fw) => bin(BinaryOp::Mul, fw, aw)?,
            None => aw.clone(),
        });
    }
    let w_sum = match &w {
        Some(w) => w.sum(None, false)?,
        None => Tensor::scalar(n),
    };
    if w.is_some() && number(&w_sum)? == 0.0 {
        return Err(TensorError::runtime(
            "cov(): weights sum to zero, can't be normalized",
        ));
    }
    let weighted = |t: &Tensor| match &w {
        Some(w) => bin(BinaryOp::Mul, t, w),
        None => Ok(t.clone()),
    };
    let avg = bin(
        BinaryOp::Div,
        &weighted(&input)?.sum(Some(&[1]), false)?,
        &w_sum,
    )?;
    let norm_factor = match (&w, aweights) {
        (None, _) => Tensor::scalar(n - correction),
        (Some(_), _) if correction == 0 => w_sum.clone(),
        (Some(_), None) => bin_s(BinaryOp::Sub, &w_sum, Scalar::Int(correction))?,
        (Some(_), Some(_)) if fweights.is_none() && n == 1 && correction == 1 => {
            Tensor::scalar(0i64)
        }
        (Some(w), Some(aw)) => {
            let wa = bin(BinaryOp::Mul, w, aw)?.sum(None, false)?;
            let scaled = bin_s(BinaryOp::Mul, &wa, Scalar::Int(correction))?;
            let ratio = bin(BinaryOp::Div, &scaled, &w_sum)?;
            bin(BinaryOp::Sub, &w_sum, &ratio)?
        }
    };
    let warned = number(&norm_factor)? <= 0.0;
    let norm_factor = if warned {
        Tensor::zeros(&[], norm_factor.dtype())?
    } else {
        norm_factor
    };
    if n == 1 && fweights.is_some() != aweights.is_some() {
        input.fill(Scalar::Int(0));
        if is_integer(input.dtype()) {
            input = input.to_dtype(DType::Float32);
        }
    } else {
        input = bin(BinaryOp::Sub, &input, &avg.unsqueeze(1)?)?;
    }
    let c = input.mm(&weighted(&input)?.t()?)?;
    let out = bin(BinaryOp::Div, &c, &norm_factor)?.squeeze(None)?;
    Ok((out, warned))
}

fn check_weights(name: &str, w: &Tensor, _n: i64) -> Result<()> {
    if w.ndim() > 1 {
        return Err(TensorError::runtime(format!(
            "cov(): expected {name} to have one or fewer dimensions but got {name} with {} dimensions",
            w.ndim()
        )));
    }
    Ok(())
}

fn check_count(name: &str, w: &Tensor, n: i64) -> Result<()> {
    if w.numel() as i64 != n {
        return Err(TensorError::runtime(format!(
            "cov(): expected {name} to have the same numel as there are observations in the input but got {} != {n}",
            w.numel()
        )));
    }
    let least = if n != 0 {
        number(&w.max_all(false)?)?
    } else {
        0.0
    };
    if least.is_nan() || least < 0.0 {
        return Err(TensorError::runtime(format!(
            "cov(): {name} cannot be negative"
        )));
    }
    Ok(())
}

/// `torch.corrcoef(x)`: `cov(x)` divided by the outer product of the standard deviations, clipped
/// to [-1, 1] as NumPy does.
pub fn corrcoef(x: &Tensor) -> Result<(Tensor, bool)> {
    if x.ndim() > 2 {
        return Err(TensorError::runtime(format!(
            "corrcoef(): expected input to have two or fewer dimensions but got an input with {} dimensions",
            x.ndim()
        )));
    }
    let (c, warned) = cov(x, 1, None, None)?;
    if c.ndim() == 0 {
        return Ok((bin(BinaryOp::Div, &c, &c)?, warned));
    }
    let stddev = unary(UnaryOp::Sqrt, &reorder::diagonal(&c, 0, 0, 1)?)?;
    let c = bin(BinaryOp::Div, &c, &stddev.view(&[-1, 1])?)?;
    let c = bin(BinaryOp::Div, &c, &stddev.view(&[1, -1])?)?;
    Ok((
        clamp(&c, Some(Scalar::Int(-1)), Some(Scalar::Int(1)))?,
        warned,
    ))
}

/// The spacing of the trapezoid rule: sample points `x`, or one constant step.
pub enum Spacing<'a> {
    Points(&'a Tensor),
    Step(Scalar),
}

/// `maybe_wrap_dim(dim, y)` without wrapping a scalar: a 0-d `y` has no dim to integrate along.
fn sample_dim(y: &Tensor, dim: i64) -> Result<usize> {
    if y.ndim() == 0 {
        return Err(TensorError::NoDimensions {
            op: "trapezoid",
            dim,
        });
    }
    wrap_dim(dim, y.ndim())
}

/// `torch.trapezoid(y, x | dx=, dim=)` (and `trapz`).
pub fn trapezoid(y: &Tensor, spacing: Spacing, dim: i64) -> Result<Tensor> {
    let d = sample_dim(y, dim)?;
    if y.shape()[d] == 0 {
        let mut shape = y.shape().to_vec();
        shape.remove(d);
        return Tensor::zeros(&shape, y.dtype());
    }
    let name = "trapezoid";
    match spacing {
        Spacing::Points(x) => {
            let dx = point_spacing(name, y, x, d)?;
            let (left, right) = ends(y, d)?;
            let sum = bin(BinaryOp::Add, &left, &right)?;
            let summed = bin(BinaryOp::Mul, &sum, &dx)?.sum(Some(&[d as i64]), false)?;
            bin_s(BinaryOp::Div, &summed, Scalar::Float(2.0))
        }
        Spacing::Step(dx) => {
            let dx = step_spacing(name, y, dx)?;
            let total = y.sum(Some(&[d as i64]), false)?;
            let first = y.select(d as i64, 0)?;
            let last = y.select(d as i64, -1)?;
            let ends = bin(BinaryOp::Add, &first, &last)?;
            let half = bin_s(BinaryOp::Mul, &ends, Scalar::Float(0.5))?;
            let inner = bin(BinaryOp::Sub, &total, &half)?;
            bin_s(BinaryOp::Mul, &inner, Scalar::Float(dx))
        }
    }
}

/// `torch.cumulative_trapezoid(y, x | dx=, dim=)`.
pub fn cumulative_trapezoid(y: &Tensor, spacing: Spacing, dim: i64) -> Result<Tensor> {
    let d = wrap_dim(dim, y.ndim())?;
    if y.ndim() == 0 {
        return Err(TensorError::Index(
            "slice() cannot be applied to a 0-dim tensor.".into(),
        ));
    }
    let name = "cumulative_trapezoid";
    let (left, right) = match &spacing {
        Spacing::Points(x) => {
            point_spacing(name, y, x, d)?;
            ends(y, d)?
        }
        Spacing::Step(_) => ends(y, d)?,
    };
    let sum = bin(BinaryOp::Add, &left, &right)?;
    match spacing {
        Spacing::Points(x) => {
            let dx = point_spacing(name, y, x, d)?;
            let scaled = bin(BinaryOp::Mul, &sum, &dx)?;
            let cum = super::reduce::cumsum(&scaled, d as i64)?;
            bin_s(BinaryOp::Div, &cum, Scalar::Float(2.0))
        }
        Spacing::Step(dx) => {
            let dx = step_spacing(name, y, dx)?;
            let scaled = bin_s(BinaryOp::Mul, &sum, Scalar::Float(dx / 2.0))?;
            super::reduce::cumsum(&scaled, d as i64)
        }
    }
}

/// `y` without its last and without its first sample along `d`.
fn ends(y: &Tensor, d: usize) -> Result<(Tensor, Tensor)> {
    Ok((
        y.slice(d as i64, Some(0), Some(-1), 1)?,
        y.slice(d as i64, Some(1), None, 1)?,
    ))
}

/// `dx = x[1:] - x[:-1]` along `d`, `x` viewed to line up with `y` as ATen views it.
fn point_spacing(name: &str, y: &Tensor, x: &Tensor, d: usize) -> Result<Tensor> {
    if y.dtype() == DType::Bool || x.dtype() == DType::Bool {
        return Err(TensorError::NotImplemented(format!(
            "{name}: received a bool input for `x` or `y`, but bool is not supported"
        )));
    }
    let viewed = if x.ndim() == 1 {
        if x.shape()[0] != y.shape()[d] {
            return Err(TensorError::runtime(format!(
                "{name}: There must be one `x` value for each sample point"
            )));
        }
        let mut shape = vec![1i64; y.ndim()];
        shape[d] = x.shape()[0] as i64;
        x.view(&shape)?
    } else if x.ndim() < y.ndim() {
        let mut shape = vec![1i64; y.ndim() - x.ndim()];
        shape.extend(x.shape().iter().map(|&s| s as i64));
        x.view(&shape)?
    } else {
        x.clone()
    };
    let (left, right) = ends(&viewed, d)?;
    bin(BinaryOp::Sub, &right, &left)
}

fn step_spacing(name: &str, y: &Tensor, dx: Scalar) -> Result<f64> {
    if y.dtype() == DType::Bool {
        return Err(TensorError::NotImplemented(format!(
            "{name}: received a bool input for `y`, but bool is not supported"
        )));
    }
    if let Scalar::Bool(_) = dx {
        return Err(TensorError::runtime(format!(
            "{name}: Currently, we only support dx as a real number."
        )));
    }
    Ok(dx.to_f64())
}

/// How `quantile` picks between the two samples around a rank.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Interpolation {
    Linear,
    Lower,
    Higher,
    Midpoint,
    Nearest,
}

impl Interpolation {
    pub fn parse(s: &str) -> Result<Interpolation> {
        Ok(match s {
            "linear" => Interpolation::Linear,
            "lower" => Interpolation::Lower,
            "higher" => Interpolation::Higher,
            "midpoint" => Interpolation::Midpoint,
            "nearest" => Interpolation::Nearest,
            _ => {
                return Err(TensorError::runtime(format!(
                    "quantile() interpolation must be one of linear, lower, higher, midpoint or nearest, but got {s}"
                )));
            }
        })
    }
}

/// `quantile`'s `q`: one number (checked here, as ATen's double overload does) or a tensor.
pub enum Quantiles<'a> {
    Number(f64),
    Tensor(&'a Tensor),
}

/// `torch.quantile` (`ignore_nan` false) and `torch.nanquantile` (true).
pub fn quantile(
    x: &Tensor,
    q: Quantiles,
    dim: Option<i64>,
    keepdim: bool,
    interpolation: Interpolation,
    ignore_nan: bool,
) -> Result<Tensor> {
    let q = match q {
        Quantiles::Number(v) => {
            if !(0.0..=1.0).contains(&v) {
                return Err(TensorError::runtime(format!(
                    "quantile() q must be in the range [0, 1] but got {}",
                    cpp_double(v)
                )));
            }
            Tensor::full(&[], Scalar::Float(v), x.dtype())?
        }
        Quantiles::Tensor(q) => q.clone(),
    };
    if x.numel() == 0 {
        return Err(TensorError::runtime(
            "quantile() input tensor must be non-empty",
        ));
    }
    if q.ndim() > 1 {
        return Err(TensorError::runtime(
            "quantile() q must be a scalar or 1D tensor",
        ));
    }
    if !matches!(x.dtype(), DType::Float32 | DType::Float64) {
        return Err(TensorError::runtime(
            "quantile() input tensor must be either float or double dtype",
        ));
    }
    if x.dtype() != q.dtype() {
        return Err(TensorError::runtime(
            "quantile() q tensor must be same dtype as the input tensor",
        ));
    }
    let wrapped = match dim {
        Some(d) => Some(wrap_dim(d, x.ndim())?),
        None => {
            wrap_dim(0, x.ndim())?;
            None
        }
    };
    let in_range = q.to_vec::<f64>().iter().all(|v| (0.0..=1.0).contains(v));
    if !in_range {
        return Err(TensorError::runtime(
            "quantile() q values must be in the range [0, 1]",
        ));
    }
    let out_shape: Vec<usize> = match wrapped {
        Some(d) if x.ndim() > 0 => {
            let mut s = x.shape().to_vec();
            if keepdim {
                s[d] = 1;
            } else {
                s.remove(d);
            }
            s
        }
        _ if keepdim => vec![1; x.ndim()],
        _ => Vec::new(),
    };
    // Rows to reduce, each sorted ascending with NaN last.
    let rows = match wrapped {
        None => x.flatten(0, -1)?,
        Some(d) if x.ndim() == 0 || d == x.ndim() - 1 => x.clone(),
        Some(d) => x.unsqueeze(-1)?.transpose(d as i64, -1)?,
    };
    let sorted = sort(&rows, -1, false)?.values.contiguous();
    let len = sorted.shape().last().copied().unwrap_or(1);
    // ATen gathers into `[rows..., quantiles]` and returns that moved to `[quantiles, rows...]`: a view
    // whose quantile dim has stride 1.
    let mut shape = out_shape;
    if q.ndim() > 0 {
        shape.push(q.numel());
    }
    let picked = match x.dtype() {
        DType::Float64 => Tensor::from_vec(
            pick::<f64>(&sorted, len, &q, interpolation, ignore_nan),
            &shape,
        )?,
        _ => Tensor::from_vec(
            pick::<f32>(&sorted, len, &q, interpolation, ignore_nan),
            &shape,
        )?,
    };
    if q.ndim() == 0 {
        return Ok(picked);
    }
    let last = shape.len() as i64 - 1;
    let order: Vec<i64> = std::iter::once(last).chain(0..last).collect();
    picked.permute(&order)
}

/// The quantiles of each sorted row of `len` values, row-major then quantile. PyTorch 2.15 takes the
/// rank `q * (n - 1)` (and its floor, ceil or rounding) in double, rounds the weight `rank - below`
/// to the input's dtype and lerps there (measured against torch on random rows).
fn pick<T: Element + num_traits::Float>(
    sorted: &Tensor,
    len: usize,
    q: &Tensor,
    mode: Interpolation,
    ignore_nan: bool,
) -> Vec<T> {
    let values = sorted.to_vec::<T>();
    let qs = q.to_vec::<f64>();
    let half = T::from(0.5).unwrap_or_else(T::one);
    let mut out = Vec::with_capacity(qs.len() * values.len() / len.max(1));
    for row in values.chunks(len.max(1)) {
        let nans = row.iter().filter(|v| v.is_nan()).count();
        for &q in &qs {
            let last = (len - 1) as f64;
            let rank = if ignore_nan {
                (q * ((len - nans) as f64 - 1.0)).max(0.0)
            } else if nans > 0 {
                last
            } else {
                q * last
            };
            let rank = match mode {
                Interpolation::Lower => rank.floor(),
                Interpolation::Higher => rank.ceil(),
                Interpolation::Nearest => rank.round_ties_even(),
                _ => rank,
            };
            let below = (rank as usize).min(len - 1);
            let low = row[below];
            let value = match mode {
                Interpolation::Linear | Interpolation::Midpoint => {
                    let weight = if mode == Interpolation::Midpoint {
                        half
                    } else {
                        T::from(rank - below as f64).unwrap_or_else(T::zero)
                    };
                    let above = (rank.ceil() as usize).min(len - 1);
                    lerp(low, row[above], weight)
                }
                _ => low,
            };
            out.push(value);
        }
    }
    out
}

/// ATen's `lerp` (see [`crate::tensor::kernels::lerp_one`]), in any float type.
fn lerp<T: num_traits::Float>(start: T, end: T, weight: T) -> T {
    let diff = end - start;
    if weight.abs() < T::from(0.5).unwrap_or_else(T::one) {
        weight.mul_add(diff, start)
    } else {
        (weight - T::one()).mul_add(diff, end)
    }
}
