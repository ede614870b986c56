//! The elementwise activations of `torch.nn.functional` beyond relu/gelu/silu: the ELU family (`elu`,
//! `selu`, `celu`), `softplus`, `mish`, `logsigmoid`, the piecewise-linear ones (`hardtanh`, `relu6`,
//! `hardsigmoid`, `hardswish`, `softshrink`, `hardshrink`, `threshold`), `glu` and `prelu`.
//! Formulas and operation order from `aten/src/ATen/native/cpu/Activation.cpp` and `Activation.cpp`;
//! the transcendental ones run the kernels of [`crate::tensor::kernels::activation`].

use crate::tensor::error::{Result, TensorError};
use crate::tensor::kernels::activation as k;
use crate::tensor::ops::elementwise::{Operand, clamp, follow_inputs, map};
use crate::tensor::storage::Element;
use crate::tensor::{DType, Scalar, Tensor};

/// ATen's floating-point kernels exist for floating point only; their dispatch names the kernel.
use super::nn::on_float32;

/// An elementwise result laid out as its input (TensorIterator), with the input's axes.
fn like(out: Tensor, x: &Tensor) -> Tensor {
    follow_inputs(out.with_axes_of(x), &[&Operand::Tensor(x)])
}

/// Runs a kernel (a vectorised bulk and a scalar tail per run) over the input's values in the runs
/// TensorIterator hands `cpu_kernel_vec`: a contiguous input is one run, cut into the parallel parts;
/// a non-overlapping dense one (`x.t()`) is one run in memory order; otherwise each row of the last
/// dim is a run when that dim is contiguous (or broadcast), and every element takes the scalar path
/// when it is strided (`basic_loop`).
fn run_kernel<T: Element>(x: &Tensor, kernel: impl Fn(&mut [T]) + Sync) -> Result<Tensor> {
    let mut values = x.to_vec::<T>();
    if x.is_contiguous() || values.len() < 2 {
        super::unary::run_in_parts(&mut values, kernel);
    } else if crate::tensor::layout::is_non_overlapping_and_dense(x.shape(), x.strides()) {
        let offsets: Vec<usize> = x.layout().offsets().collect();
        let mut order: Vec<usize> = (0..values.len()).collect();
        order.sort_by_key(|&i| offsets[i]);
        let mut memory: Vec<T> = order.iter().map(|&i| values[i]).collect();
        super::unary::run_in_parts(&mut memory, kernel);
        for (&i, &v) in order.iter().zip(&memory) {
            values[i] = v;
        }
    } else {
        let last = x.shape().last().copied().unwrap_or(1).max(1);
        let run = match x.strides().last() {
            Some(0 | 1) => last,
            _ => 1,
        };
        values.chunks_mut(run).for_each(kernel);
    }
    Ok(like(Tensor::from_vec(values, x.shape())?, x))
}

/// A float64 map with the input's layout and axes (an op whose vectorised and scalar forms agree).
fn map_f64(x: &Tensor, f: impl Fn(f64) -> f64 + Sync) -> Result<Tensor> {
    Ok(like(map::<f64, f64>(x, f)?, x))
}

/// A float32 map with the input's layout and axes.
fn map_f32(x: &Tensor, f: impl Fn(f32) -> f32 + Sync) -> Result<Tensor> {
    Ok(like(map::<f32, f32>(x, f)?, x))
}

/// `torch._C._nn.elu(x, alpha, scale, input_scale)`: ATen's `elu_kernel`, whose coefficients are the
/// arguments in the kernel's type (`alpha.to<scalar_t>() * scale.to<scalar_t>()`): doubles for a
/// float64 tensor, floats otherwise.
pub fn elu_scaled(x: &Tensor, alpha: f64, scale: f64, input_scale: f64) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        let (neg, pos, negi) = (alpha * scale, scale, input_scale);
        return run_kernel(x, |v| k::elu_f64(v, neg, pos, negi));
    }
    on_float32(x, "elu_cpu", |x| {
        let c = k::EluCoefficients {
            negcoef: alpha as f32 * scale as f32,
            poscoef: scale as f32,
            negiptcoef: input_scale as f32,
        };
        run_kernel(x, |v| k::elu(v, c))
    })
}

/// `torch.selu`: `elu(x, alpha=SELU_ALPHA, scale=SELU_SCALE)` (the constants of `Activation.cpp`).
pub fn selu(x: &Tensor) -> Result<Tensor> {
    const SELU_ALPHA: f64 = 1.673_263_242_354_377_2;
    const SELU_SCALE: f64 = 1.050_700_987_355_480_5;
    elu_scaled(x, SELU_ALPHA, SELU_SCALE, 1.0)
}

/// `torch.celu(x, alpha)`: `elu(x, alpha, 1, 1 / alpha)`, the reciprocal taken in double.
pub fn celu(x: &Tensor, alpha: f64) -> Result<Tensor> {
    elu_scaled(x, alpha, 1.0, 1.0 / alpha)
}

/// `F.softplus(x, beta, threshold)`: `softplus_kernel`.
pub fn softplus(x: &Tensor, beta: f64, threshold: f64) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        return run_kernel(x, |v| k::softplus_f64(v, beta, threshold));
    }
    on_float32(x, "softplus_cpu", |x| {
        let (beta, threshold) = (beta as f32, threshold as f32);
        run_kernel(x, |v| k::softplus(v, beta, threshold))
    })
}

/// `F.mish(x)`: `mish_kernel`.
pub fn mish(x: &Tensor) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        return run_kernel(x, k::mish_f64);
    }
    on_float32(x, "mish_cpu", |x| run_kernel(x, k::mish))
}

/// `F.logsigmoid(x)`: `log_sigmoid_cpu_kernel`.
pub fn log_sigmoid(x: &Tensor) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        // `min(x, 0) - log1p(exp(-|x|))` with SLEEF on every element; the output is contiguous.
        let mut values = x.to_vec::<f64>();
        super::unary::run_in_parts(&mut values, k::log_sigmoid_f64);
        return Ok(Tensor::from_vec(values, x.shape())?.with_axes_of(x));
    }
    on_float32(x, "log_sigmoid_cpu", |x| {
        // `log_sigmoid_forward_out_cpu` allocates a contiguous output, whatever the input's layout.
        let mut values = x.to_vec::<f32>();
        super::unary::run_in_parts(&mut values, k::log_sigmoid);
        Ok(Tensor::from_vec(values, x.shape())?.with_axes_of(x))
    })
}

/// `F.hardtanh(x, min_val, max_val)`: `clamp(x, min, max)`; an integer tensor clamps to the bounds
/// truncated to integers (`hardtanh_out`'s "legacy behavior of boundaries not causing type promotion").
pub fn hardtanh(x: &Tensor, min: f64, max: f64) -> Result<Tensor> {
    if x.dtype() == DType::Bool {
        return Err(TensorError::NotImplemented(
            "Bool inputs not supported for hardtanh".into(),
        ));
    }
    let (lo, hi) = if x.dtype().is_floating_point() {
        (Scalar::Float(min), Scalar::Float(max))
    } else {
        (Scalar::Int(min as i64), Scalar::Int(max as i64))
    };
    clamp(x, Some(lo), Some(hi))
}

/// `F.hardsigmoid(x)`: `min(max(x + 3, 0), 6) / 6` (NaN stays NaN), in double for a float64 tensor
/// (`hardsigmoid_kernel`: its vectorised and scalar forms agree).
pub fn hardsigmoid(x: &Tensor) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        return map_f64(x, |v| clamp_0_6(v + 3.0) / 6.0);
    }
    on_float32(x, "hardsigmoid_cpu", |x| {
        map_f32(x, |v| clamp_0_6(v + 3.0) / 6.0)
    })
}

/// `F.hardswish(x)`: `x * min(max(x + 3, 0), 6) / 6`, left to right (in double for float64).
pub fn hardswish(x: &Tensor) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        return map_f64(x, |v| v * clamp_0_6(v + 3.0) / 6.0);
    }
    on_float32(x, "hardswish_cpu", |x| {
        map_f32(x, |v| v * clamp_0_6(v + 3.0) / 6.0)
    })
}

/// `std::min(std::max(v, 0), 6)`: a NaN passes through both.
fn clamp_0_6<F: num_traits::Float>(v: F) -> F {
    let (zero, six) = (F::zero(), F::from(6.0).unwrap_or_else(F::max_value));
    let lo = if v < zero { zero } else { v };
    if six < lo { six } else { lo }
}

/// `F.softshrink(x, lambd)`: `x - l` above `l`, `x + l` below `-l`, else zero (see
/// [`k::softshrink`] for its sign).
pub fn softshrink(x: &Tensor, lambd: f64) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        if !(0.0..=f64::MAX).contains(&lambd) {
            return Err(TensorError::runtime(format!(
                "lambda must be in range [0, 1.79769e+308] for input dtype Double, but found {}",
                cpp_double(lambd)
            )));
        }
        return run_kernel(x, |v| k::softshrink_f64(v, lambd));
    }
    on_float32(x, "softshrink_check", |x| {
        if !(0.0..=f64::from(f32::MAX)).contains(&lambd) {
            return Err(TensorError::runtime(format!(
                "lambda must be in range [0, 3.40282e+38] for input dtype Float, but found {}",
                cpp_double(lambd)
            )));
        }
        let l = lambd as f32;
        run_kernel(x, |v| k::softshrink(v, l))
    })
}

/// `F.hardshrink(x, lambd)`: 0 inside `[-l, l]`, else `x`.
pub fn hardshrink(x: &Tensor, lambd: f64) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        return map_f64(x, move |a| if a >= -lambd && a <= lambd { 0.0 } else { a });
    }
    on_float32(x, "hardshrink_cpu", |x| {
        let l = lambd as f32;
        map_f32(x, move |a| if a >= -l && a <= l { 0.0 } else { a })
    })
}

/// `F.threshold(x, threshold, value)`: `value` where `x <= threshold`, else `x`, in the input's dtype
/// (both numbers converted to it).
pub fn threshold(x: &Tensor, threshold: Scalar, value: Scalar) -> Result<Tensor> {
    let out = match x.dtype() {
        DType::Float32 => {
            let (t, v) = (threshold.to_f64() as f32, value.to_f64() as f32);
            map::<f32, f32>(x, move |a| if a <= t { v } else { a })?
        }
        DType::Int64 => {
            let (t, v) = (threshold.to_i64(), value.to_i64());
            map::<i64, i64>(x, move |a| if a <= t { v } else { a })?
        }
        DType::Bool => {
            return Err(TensorError::NotImplemented(
                "\"threshold_cpu\" not implemented for 'Bool'".into(),
            ));
        }
        DType::Float64 => {
            let (t, v) = (threshold.to_f64(), value.to_f64());
            map::<f64, f64>(x, move |a| if a <= t { v } else { a })?
        }
        d if d.is_reduced_float() => {
            // The threshold and value are converted to the tensor's type; comparing two values of it
            // widened to float is exact.
            let (t, v) = (
                crate::tensor::Tensor::scalar(threshold.to_f64())
                    .to_dtype(d)
                    .to_vec::<f32>()[0],
                crate::tensor::Tensor::scalar(value.to_f64())
                    .to_dtype(d)
                    .to_vec::<f32>()[0],
            );
            map::<f32, f32>(
                &x.to_dtype(DType::Float32),
                move |a| if a <= t { v } else { a },
            )?
            .to_dtype(d)
        }
        d => crate::with_dtype!(d, T => {
            let (t, v) = (T::from_i64(threshold.to_i64()), T::from_i64(value.to_i64()));
            map::<T, T>(x, move |a| if a.to_i64() <= t.to_i64() { v } else { a })?
        }),
    };
    Ok(like(out, x))
}

/// `F.glu(x, dim)`: the first half along `dim` times the sigmoid of the second (`glu_kernel`), each
/// contiguous run of the halves going through `cpu_kernel_vec` on its own.
pub fn glu(x: &Tensor, dim: i64) -> Result<Tensor> {
    let d = crate::tensor::layout::wrap_dim(dim, x.ndim())?;
    let size = x.shape()[d];
    if !size.is_multiple_of(2) {
        return Err(TensorError::runtime(format!(
            "Halving dimension must be even, but dimension {d} is size {size}"
        )));
    }
    if x.dtype() == DType::Float64 {
        return glu_runs(x, d, k::glu_f64);
    }
    on_float32(x, "glu_cpu", |x| glu_runs(x, d, k::glu))
}

/// `glu` over each contiguous run of the two halves along `d` (in the input's type `T`).
fn glu_runs<T: Element>(x: &Tensor, d: usize, kernel: impl Fn(&mut [T], &[T])) -> Result<Tensor> {
    let half = x.shape()[d] / 2;
    let inner: usize = x.shape()[d + 1..].iter().product();
    let outer: usize = x.shape()[..d].iter().product();
    let values = x.to_vec::<T>();
    let run = half * inner;
    let mut out = Vec::with_capacity(outer * run);
    for o in 0..outer {
        let base = o * 2 * run;
        let mut a = values[base..base + run].to_vec();
        kernel(&mut a, &values[base + run..base + 2 * run]);
        out.extend_from_slice(&a);
    }
    let mut shape = x.shape().to_vec();
    shape[d] = half;
    Tensor::from_vec(out, &shape)
}

/// `torch.prelu(x, weight)`: `x` where positive, else `weight * x`, one weight per channel (dim 1) or
/// one for all.
pub fn prelu(x: &Tensor, weight: &Tensor) -> Result<Tensor> {
    if x.dtype() != weight.dtype() {
        return Err(TensorError::runtime(format!(
            "prelu: Type promoting not supported. Got {} and {}",
            x.dtype().scalar_type_name(),
            weight.dtype().scalar_type_name()
        )));
    }
    let n = weight.numel();
    if n != 1 {
        if x.ndim() == 0 {
            return Err(TensorError::runtime("Not allow zero-dim input tensor."));
        }
        let channels = if x.ndim() > 1 { x.shape()[1] } else { 1 };
        if channels != n {
            return Err(TensorError::runtime(format!(
                "Mismatch of parameter numbers and input channel size. Found parameter numbers = {n} and channel size = {channels}."
            )));
        }
    }
    if weight.ndim() > 1 {
        return Err(TensorError::runtime(format!(
            "prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {}",
            weight.ndim()
        )));
    }
    if x.dtype() == DType::Float64 {
        // `prelu_kernel` in double: its vectorised and scalar forms agree.
        return prelu_with::<f64>(x, weight);
    }
    on_float32(x, "prelu_cpu", |x| prelu_with::<f32>(x, weight))
}

/// `x > 0 ? x : weight * x` in `T`, the weight of each element's channel (dim 1) or the only one.
fn prelu_with<T: Element + num_traits::Float>(x: &Tensor, weight: &Tensor) -> Result<Tensor> {
    let n = weight.numel();
    let w = weight.to_vec::<T>();
    let values = x.to_vec::<T>();
    // The channel of each element of a row-major walk: dim 1's index.
    let inner: usize = x.shape().iter().skip(2).product();
    let out: Vec<T> = values
        .iter()
        .enumerate()
        .map(|(i, &a)| {
            let c = if n == 1 { 0 } else { (i / inner.max(1)) % n };
            if a > T::zero() { a } else { w[c] * a }
        })
        .collect();
    Ok(like(Tensor::from_vec(out, x.shape())?, x))
}

/// A double as C++'s `operator<<` prints it (`%g`, six significant digits): `-1`, `0.25`, `1e+39`.
///
/// ```
/// use transformer_tutor::tensor::ops::activation::cpp_double;
/// assert_eq!(cpp_double(-1.0), "-1");
/// assert_eq!(cpp_double(-0.25), "-0.25");
/// assert_eq!(cpp_double(1e39), "1e+39");
/// assert_eq!(cpp_double(f64::from(f32::MAX)), "3.40282e+38");
/// assert_eq!(cpp_double(1e-5), "1e-05");
/// assert_eq!(cpp_double(123456789.0), "1.23457e+08");
/// ```
pub fn cpp_double(v: f64) -> String {
    if v.is_nan() {
        return "nan".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if v == 0.0 {
        return if v.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    let sci = format!("{v:.5e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let trim = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mantissa), exp.abs())
    } else {
        let decimals = (5 - exp).max(0) as usize;
        trim(&format!("{v:.decimals$}"))
    }
}
