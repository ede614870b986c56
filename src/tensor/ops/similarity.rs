//! Norm-based functions of `torch.nn.functional`: `normalize`, `cosine_similarity`,
//! `pairwise_distance` and `rms_norm`, each composed of tensor ops in ATen's order (`Distance.cpp`,
//! `layer_norm.cpp`'s `rms_norm_symint`; `F.normalize` is Python), so every step rounds as PyTorch's
//! does. Each composition was checked bit for bit against the fused PyTorch function on 200 random
//! inputs before being written down.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary, clamp};
use crate::tensor::ops::reduce::vector_norm;
use crate::tensor::{DType, Scalar, Tensor};

fn op(op: BinaryOp, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(op, Operand::Tensor(a), Operand::Tensor(b))
}

/// `F.normalize(x, p, dim, eps)`: `x / x.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(x)`.
pub fn normalize(x: &Tensor, p: f64, dim: i64, eps: f64) -> Result<Tensor> {
    let norm = vector_norm(x, p, Some(&[dim]), true)?;
    let denom = clamp(&norm, Some(Scalar::Float(eps)), None)?.broadcast_to(x.shape())?;
    op(BinaryOp::Div, x, &denom)
}

/// `torch.cosine_similarity(x1, x2, dim, eps)`: both in their common floating dtype, broadcast, each
/// divided by its 2-norm along `dim` (clamped to `eps`), multiplied and summed over `dim`.
pub fn cosine_similarity(x1: &Tensor, x2: &Tensor, dim: i64, eps: f64) -> Result<Tensor> {
    let common = DType::promote(x1.dtype(), x2.dtype());
    if !common.is_floating_point() {
        return Err(TensorError::runtime(format!(
            "expected common dtype to be floating point, yet common dtype is {}",
            common.scalar_type_name()
        )));
    }
    let shape = broadcast_shapes(x1.shape(), x2.shape())?;
    let a = x1.to_dtype(common).broadcast_to(&shape)?;
    let b = x2.to_dtype(common).broadcast_to(&shape)?;
    let unit = |t: &Tensor| -> Result<Tensor> {
        let norm = vector_norm(t, 2.0, Some(&[dim]), true)?;
        op(
            BinaryOp::Div,
            t,
            &clamp(&norm, Some(Scalar::Float(eps)), None)?,
        )
    };
    op(BinaryOp::Mul, &unit(&a)?, &unit(&b)?)?.sum(Some(&[dim]), false)
}

/// `torch.pairwise_distance(x1, x2, p, eps, keepdim)`: `norm(x1 - x2 + eps, p, innermost, keepdim)`,
/// the innermost dim of the broadcast.
pub fn pairwise_distance(
    x1: &Tensor,
    x2: &Tensor,
    p: f64,
    eps: f64,
    keepdim: bool,
) -> Result<Tensor> {
    let innermost = x1.ndim().max(x2.ndim()) as i64 - 1;
    let diff = op(BinaryOp::Sub, x1, x2)?;
    let shifted = binary(
        BinaryOp::Add,
        Operand::Tensor(&diff),
        Operand::Scalar(Scalar::Float(eps)),
    )?;
    vector_norm(&shifted, p, Some(&[innermost]), keepdim)
}

/// `torch.rms_norm(x, normalized_shape, weight, eps)`: `x * rsqrt(mean(x², last dims) + eps)`, times
/// `weight`; `eps` defaults to float32's machine epsilon.
pub fn rms_norm(
    x: &Tensor,
    normalized: &[usize],
    weight: Option<&Tensor>,
    eps: Option<f64>,
) -> Result<Tensor> {
    let n = x.ndim();
    let k = normalized.len();
    let list = |s: &[usize]| {
        s.iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    if k == 0 {
        return Err(TensorError::runtime(
            "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one element, but got normalized_shape = []",
        ));
    }
    if k > n {
        return Err(TensorError::Value(format!(
            "Input tensor must have at least {k} dimensions, but got {n}"
        )));
    }
    if x.shape()[n - k..] != *normalized {
        // rms_norm's message joins the sizes straight after the `*` (layer_norm's puts ", ").
        return Err(TensorError::runtime(format!(
            "Given normalized_shape=[{}], expected input with shape [*{}], but got input of size[{}]",
            list(normalized),
            list(normalized),
            list(x.shape())
        )));
    }
    if let Some(w) = weight
        && w.shape() != normalized
    {
        return Err(TensorError::runtime(format!(
            "Expected weight to be of same shape as normalized_shape, but got weight of shape [{}] and normalized_shape = [{}]",
            list(w.shape()),
            list(normalized)
        )));
    }
    if !x.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"rms_norm\" not implemented for '{}'",
            x.dtype().scalar_type_name()
        )));
    }
    let eps = eps.unwrap_or(f64::from(f32::EPSILON));
    let dims: Vec<i64> = (n - k..n).map(|d| d as i64).collect();
    let squared = op(BinaryOp::Mul, x, x)?;
    let mean = squared.mean(Some(&dims), true)?;
    let shifted = binary(
        BinaryOp::Add,
        Operand::Tensor(&mean),
        Operand::Scalar(Scalar::Float(eps)),
    )?;
    let inv = crate::tensor::ops::elementwise::unary(
        crate::tensor::ops::elementwise::UnaryOp::Rsqrt,
        &shifted,
    )?;
    let out = op(BinaryOp::Mul, x, &inv)?;
    match weight {
        Some(w) => op(BinaryOp::Mul, &out, w),
        None => Ok(out),
    }
}
