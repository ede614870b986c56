//! The special functions with parameters (`logit`, `polygamma`, `mvlgamma`); the plain ones
//! (`lgamma`, `digamma`, `erfinv`, `i0`) are [`UnaryOp`]s. Kernels: `tensor::kernels::special`.

use super::elementwise::{BinaryOp, Operand, UnaryOp, binary, follow_inputs, map, unary};
use crate::tensor::dtype::Category;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::kernels::special as k;
use crate::tensor::storage::Element;
use crate::tensor::{DType, Scalar, Tensor};

/// The input of a float-only op: integers and bools become the default float dtype.
fn as_float(x: &Tensor) -> Tensor {
    if x.dtype().is_floating_point() {
        x.clone()
    } else {
        x.to_dtype(DType::default_for(Category::Float))
    }
}

/// `v` rounded to a value of `dtype` (c10's conversion).
fn round_in(dtype: DType, v: f64) -> f64 {
    crate::with_dtype!(dtype, T => T::from_f64(v).to_f64())
}

/// The result laid out like the input (TensorIterator's output for one input).
fn like_input(out: Tensor, x: &Tensor) -> Tensor {
    follow_inputs(out.with_axes_of(x), &[&Operand::Tensor(x)])
}

/// `torch.logit(x, eps=None)`: `log(x / (1 - x))`, with x clamped to [eps, 1 - eps] when eps is given.
pub fn logit(x: &Tensor, eps: Option<f64>) -> Result<Tensor> {
    let xf = as_float(x);
    let out = match xf.dtype() {
        DType::Float32 => {
            let mut v = xf.to_vec::<f32>();
            k::logit(&mut v, eps.map(|e| e as f32));
            Tensor::from_vec(v, xf.shape())?
        }
        // `vdLn` in torch; glibc's `log` here.
        DType::Float64 => map::<f64, f64>(&xf, move |x| {
            let x = match eps {
                Some(lo) if x < lo => lo,
                Some(lo) if x > 1.0 - lo => 1.0 - lo,
                _ => x,
            };
            if x == 1.0 {
                f64::INFINITY
            } else {
                (x / (1.0 - x)).ln()
            }
        })?,
        // Half and bfloat16: `1 - x` and the ratio rounded to the type, the log in float (ATen's
        // scalar_t arithmetic).
        reduced => {
            let round = |v: f64| round_in(reduced, v);
            let mut y = xf.clone();
            if let Some(e) = eps {
                let lo = round(e);
                let hi = round(1.0 - lo);
                // `x < lo ? lo : (x > hi ? hi : x)`: with eps above 0.5, lo wins below it.
                y = map::<f32, f32>(&y.to_dtype(DType::Float32), move |v| {
                    let (lo, hi) = (lo as f32, hi as f32);
                    if v < lo {
                        lo
                    } else if v > hi {
                        hi
                    } else {
                        v
                    }
                })?
                .to_dtype(reduced);
            }
            let one_minus = binary(
                BinaryOp::Sub,
                Operand::Scalar(Scalar::Float(1.0)),
                Operand::Tensor(&y),
            )?;
            let ratio = binary(
                BinaryOp::Div,
                Operand::Tensor(&y),
                Operand::Tensor(&one_minus),
            )?;
            unary(UnaryOp::Log, &ratio)?
        }
    };
    Ok(like_input(out, x))
}

/// `torch.polygamma(n, x)`: the n-th derivative of digamma.
pub fn polygamma(n: i64, x: &Tensor) -> Result<Tensor> {
    if n < 0 {
        return Err(TensorError::runtime(
            "polygamma(n, x) does not support negative n.",
        ));
    }
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    let xf = as_float(x);
    let out = match xf.dtype() {
        DType::Float32 => map::<f32, f32>(&xf, move |v| k::polygamma_f32(n, v))?,
        DType::Float64 => map::<f64, f64>(&xf, move |v| k::polygamma_f64(n, v))?,
        reduced => {
            let round = move |v: f32| round_in(reduced, f64::from(v)) as f32;
            let out = map::<f32, f32>(&xf.to_dtype(DType::Float32), move |v| {
                k::polygamma_reduced(n, v, round)
            })?;
            out.to_dtype(reduced)
        }
    };
    Ok(like_input(out, x))
}

/// `torch.mvlgamma(x, p)`, ATen's composite: `lgamma(x + [-(p-1)/2, ..., 0]).sum(-1)` plus
/// `p (p - 1) / 4 * log(pi)`.
pub fn mvlgamma(x: &Tensor, p: i64) -> Result<Tensor> {
    if x.dtype() == DType::Bool {
        return Err(TensorError::runtime(
            "The input tensor may not be a boolean tensor.",
        ));
    }
    if p < 1 {
        return Err(TensorError::runtime(
            "p has to be greater than or equal to 1",
        ));
    }
    let dtype = as_float(x).dtype();
    let start = -(p as f64) * 0.5 + 0.5;
    let args = super::create::arange(
        Scalar::Float(start),
        Scalar::Float(0.5),
        Scalar::Float(0.5),
        Some(dtype),
    )?;
    let args = binary(
        BinaryOp::Add,
        Operand::Tensor(&args),
        Operand::Tensor(&x.unsqueeze(-1)?),
    )?;
    let summed = unary(UnaryOp::Lgamma, &args)?.sum(Some(&[-1]), false)?;
    let constant = (p * (p - 1)) as f64 * std::f64::consts::PI.ln() * 0.25;
    binary(
        BinaryOp::Add,
        Operand::Tensor(&summed),
        Operand::Scalar(Scalar::Float(constant)),
    )
}
