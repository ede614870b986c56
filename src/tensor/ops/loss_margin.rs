//! The embedding, margin and count losses: `cosine_embedding_loss`, `triplet_margin_loss` and
//! `poisson_nll_loss` (ATen's compositions in `Loss.cpp`, op by op), `multi_margin_loss`
//! (`LossMultiMargin.cpp`) and `multilabel_margin_loss` (`LossMultiLabelMargin.cpp`), whose kernels
//! sum in float per sample and in double across samples, and the two PyTorch writes in Python,
//! `multilabel_soft_margin_loss` and `gaussian_nll_loss`.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::activation::log_sigmoid;
use crate::tensor::ops::elementwise::{
    BinaryOp, Operand, UnaryOp, binary, clamp, masked_fill, unary, where_,
};
use crate::tensor::ops::loss::Reduction;
use crate::tensor::ops::similarity::pairwise_distance;
use crate::tensor::{DType, Scalar, Tensor};

fn tt(op: BinaryOp, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(op, Operand::Tensor(a), Operand::Tensor(b))
}

fn ts(op: BinaryOp, a: &Tensor, s: Scalar) -> Result<Tensor> {
    binary(op, Operand::Tensor(a), Operand::Scalar(s))
}

/// `Scalar - Tensor` / `Scalar * Tensor` as C++ writes them (`1 - cos`).
fn st(op: BinaryOp, s: Scalar, a: &Tensor) -> Result<Tensor> {
    binary(op, Operand::Scalar(s), Operand::Tensor(a))
}

fn list(shape: &[usize]) -> String {
    let parts: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// `torch.cosine_embedding_loss`: `1 - cos` where the target is 1, `max(cos - margin, 0)` where it
/// is -1, zero elsewhere; `cos` from sums of products along the last dim, each squared norm plus
/// `1e-12`.
pub fn cosine_embedding_loss(
    input1: &Tensor,
    input2: &Tensor,
    target: &Tensor,
    margin: f64,
    reduction: Reduction,
) -> Result<Tensor> {
    let targ_dim = target.ndim();
    if targ_dim > 1 {
        return Err(TensorError::runtime(
            "0D or 1D target tensor expected, multi-target not supported".to_string(),
        ));
    }
    let want = if targ_dim == 1 { 2 } else { 1 };
    if input1.ndim() != want || input2.ndim() != want {
        return Err(TensorError::runtime(format!(
            "{}D target tensor expects {want}D input tensors, but found inputs with sizes {} and {}.",
            targ_dim,
            list(input1.shape()),
            list(input2.shape())
        )));
    }
    let dim = [targ_dim as i64];
    let prod_sum = tt(BinaryOp::Mul, input1, input2)?.sum(Some(&dim), false)?;
    let eps = Scalar::Float(1e-12);
    let mag1 = ts(
        BinaryOp::Add,
        &tt(BinaryOp::Mul, input1, input1)?.sum(Some(&dim), false)?,
        eps,
    )?;
    let mag2 = ts(
        BinaryOp::Add,
        &tt(BinaryOp::Mul, input2, input2)?.sum(Some(&dim), false)?,
        eps,
    )?;
    let denom = unary(UnaryOp::Sqrt, &tt(BinaryOp::Mul, &mag1, &mag2)?)?;
    let cos = tt(BinaryOp::Div, &prod_sum, &denom)?;
    let zeros = Tensor::zeros(cos.shape(), cos.dtype())?;
    let pos = st(BinaryOp::Sub, Scalar::Int(1), &cos)?;
    let neg = clamp(
        &ts(BinaryOp::Sub, &cos, Scalar::Float(margin))?,
        Some(Scalar::Int(0)),
        None,
    )?;
    let is_pos = ts(BinaryOp::Eq, target, Scalar::Int(1))?;
    let is_neg = ts(BinaryOp::Eq, target, Scalar::Int(-1))?;
    let out_pos = where_(&is_pos, Operand::Tensor(&pos), Operand::Tensor(&zeros))?;
    let out_neg = where_(&is_neg, Operand::Tensor(&neg), Operand::Tensor(&zeros))?;
    reduction.apply(tt(BinaryOp::Add, &out_pos, &out_neg)?)
}

/// `torch.triplet_margin_loss`: `max(margin + d(a, p) - d(a, n), 0)` with `pairwise_distance`; with
/// `swap`, `d(a, n)` is the smaller of it and `d(p, n)`.
#[allow(clippy::too_many_arguments)]
pub fn triplet_margin_loss(
    anchor: &Tensor,
    positive: &Tensor,
    negative: &Tensor,
    margin: f64,
    p: f64,
    eps: f64,
    swap: bool,
    reduction: Reduction,
) -> Result<Tensor> {
    let (a, pd, n) = (anchor.ndim(), positive.ndim(), negative.ndim());
    if a != pd || pd != n {
        return Err(TensorError::runtime(format!(
            "The anchor, positive, and negative tensors are expected to have the same number of dimensions, but got: anchor {a}D, positive {pd}D, and negative {n}D inputs"
        )));
    }
    let dist_pos = pairwise_distance(anchor, positive, p, eps, false)?;
    let mut dist_neg = pairwise_distance(anchor, negative, p, eps, false)?;
    if swap {
        let dist_swap = pairwise_distance(positive, negative, p, eps, false)?;
        dist_neg = tt(BinaryOp::Minimum, &dist_neg, &dist_swap)?;
    }
    let shifted = st(BinaryOp::Add, Scalar::Float(margin), &dist_pos)?;
    let out = clamp(
        &tt(BinaryOp::Sub, &shifted, &dist_neg)?,
        Some(Scalar::Int(0)),
        None,
    )?;
    reduction.apply(out)
}

/// `torch.poisson_nll_loss`: `exp(input) - target · input` (log input) or
/// `input - target · log(input + eps)`, plus Stirling's term where `target > 1` when `full`.
pub fn poisson_nll_loss(
    input: &Tensor,
    target: &Tensor,
    log_input: bool,
    full: bool,
    eps: f64,
    reduction: Reduction,
) -> Result<Tensor> {
    let mut loss = if log_input {
        tt(
            BinaryOp::Sub,
            &unary(UnaryOp::Exp, input)?,
            &tt(BinaryOp::Mul, target, input)?,
        )?
    } else {
        let log = unary(UnaryOp::Log, &ts(BinaryOp::Add, input, Scalar::Float(eps))?)?;
        tt(BinaryOp::Sub, input, &tt(BinaryOp::Mul, target, &log)?)?
    };
    if full {
        let tlogt = tt(BinaryOp::Mul, target, &unary(UnaryOp::Log, target)?)?;
        let two_pi_t = st(
            BinaryOp::Mul,
            Scalar::Float(2.0 * std::f64::consts::PI),
            target,
        )?;
        let half_log = st(
            BinaryOp::Mul,
            Scalar::Float(0.5),
            &unary(UnaryOp::Log, &two_pi_t)?,
        )?;
        let stirling = tt(
            BinaryOp::Add,
            &tt(BinaryOp::Sub, &tlogt, target)?,
            &half_log,
        )?;
        let small = ts(BinaryOp::Le, target, Scalar::Int(1))?;
        let term = masked_fill(&stirling, &small, Scalar::Int(0))?;
        loss = tt(BinaryOp::Add, &loss, &term)?;
    }
    reduction.apply(loss)
}

/// The shapes `multi_margin_loss` and `multilabel_margin_loss` accept: `(nframe, dim)`.
fn frames(input: &Tensor) -> Result<(usize, usize)> {
    let s = input.shape();
    let ok = match s.len() {
        2 => s[1] != 0,
        1 => s[0] != 0,
        0 => true,
        _ => false,
    };
    if !ok {
        return Err(TensorError::runtime(format!(
            "Expected non-empty vector or matrix with optional 0-dim batch size, but got: {}",
            list(s)
        )));
    }
    Ok(match s.len() {
        2 => (s[0], s[1]),
        1 => (1, s[0]),
        _ => (1, 1),
    })
}

fn long_target(target: &Tensor) -> Result<Vec<i64>> {
    if target.dtype() != DType::Int64 {
        return Err(TensorError::runtime(format!(
            "expected scalar type Long but found {}",
            target.dtype().scalar_type_name()
        )));
    }
    Ok(target.to_vec::<i64>())
}

fn float_kernel(input: &Tensor, kernel: &str) -> Result<()> {
    if matches!(input.dtype(), DType::Float32 | DType::Float64) {
        return Ok(());
    }
    Err(TensorError::NotImplemented(format!(
        "\"{kernel}\" not implemented for '{}'",
        input.dtype().scalar_type_name()
    )))
}

/// `multi_margin_loss`: per sample, `Σ_{d ≠ y} max(0, margin - x[y] + x[d])^p · w[y]`, divided by
/// the number of classes.
pub fn multi_margin_loss(
    input: &Tensor,
    target: &Tensor,
    p: i64,
    margin: f64,
    weight: Option<&Tensor>,
    reduction: Reduction,
) -> Result<Tensor> {
    if p != 1 && p != 2 {
        return Err(TensorError::runtime(
            "only p == 1 and p == 2 supported".to_string(),
        ));
    }
    let (nframe, dim) = frames(input)?;
    if target.ndim() > 1 || target.numel() != nframe {
        return Err(TensorError::runtime(format!(
            "multi_margin_loss: target tensor should be 1-D with size equal to the number of input samples (batch size). Expected target size [{nframe}], but got {}. Input has shape {}.",
            list(target.shape()),
            list(input.shape())
        )));
    }
    if let Some(w) = weight
        && (w.ndim() > 1 || w.numel() != dim)
    {
        return Err(TensorError::runtime(format!(
            "inconsistent weight size, expected {dim} but got {}",
            list(w.shape())
        )));
    }
    let per_sample = reduction == Reduction::None && target.ndim() > 0;
    let out_shape: &[usize] = if per_sample { &[nframe] } else { &[] };
    if input.numel() == 0 {
        return Tensor::zeros(out_shape, input.dtype());
    }
    float_kernel(input, "multi_margin_loss_cpu_kernel")?;
    let targets = long_target(target)?;
    macro_rules! run {
        ($t:ty) => {{
            let x = input.to_vec::<$t>();
            let w = weight.map(|w| w.to_vec::<$t>());
            let margin = margin as $t;
            let mut rows = Vec::with_capacity(nframe);
            for t in 0..nframe {
                let y = targets[t];
                if y < 0 || y as usize >= dim {
                    return Err(TensorError::runtime("target out of range".to_string()));
                }
                let y = y as usize;
                let row = &x[t * dim..(t + 1) * dim];
                let mut sum: $t = 0.0;
                for (d, &v) in row.iter().enumerate() {
                    if d == y {
                        continue;
                    }
                    let z = margin - row[y] + v;
                    if z > 0.0 {
                        let mut h = if p == 1 { z } else { z * z };
                        if let Some(w) = &w {
                            h *= w[y];
                        }
                        sum += h;
                    }
                }
                rows.push(sum / dim as $t);
            }
            if per_sample {
                Tensor::from_vec(rows, out_shape)
            } else {
                let mut total = rows.iter().fold(0.0f64, |s, &v| s + v as f64);
                if reduction == Reduction::Mean {
                    total /= nframe as f64;
                }
                Tensor::from_vec(vec![total as $t], &[])
            }
        }};
    }
    if input.dtype() == DType::Float64 {
        run!(f64)
    } else {
        run!(f32)
    }
}

/// `multilabel_margin_loss`: each sample's targets are its class indices up to the first `-1`; the
/// loss sums `max(0, 1 - x[target] + x[d])` over targets and non-target classes, divided by the
/// number of classes.
pub fn multilabel_margin_loss(
    input: &Tensor,
    target: &Tensor,
    reduction: Reduction,
) -> Result<Tensor> {
    let (nframe, dim) = frames(input)?;
    let ok = if input.ndim() <= 1 {
        target.ndim() <= 1 && target.numel() == dim
    } else {
        target.ndim() == 2 && target.shape() == [nframe, dim]
    };
    if !ok {
        return Err(TensorError::runtime(format!(
            "inconsistent target size: {} for input of size: {}",
            list(target.shape()),
            list(input.shape())
        )));
    }
    let scalar_out = reduction != Reduction::None || target.ndim() <= 1;
    let out_shape: &[usize] = if scalar_out { &[] } else { &[nframe] };
    if input.numel() == 0 {
        return Tensor::zeros(out_shape, input.dtype());
    }
    let targets = long_target(target)?;
    if targets.iter().any(|&t| t < -1) || targets.iter().any(|&t| t >= dim as i64) {
        return Err(TensorError::runtime(
            "argument #2 'target' is out of range".to_string(),
        ));
    }
    float_kernel(input, "multilabel_margin_loss_forward_out_frame")?;
    macro_rules! run {
        ($t:ty) => {{
            let x = input.to_vec::<$t>();
            let mut rows: Vec<$t> = Vec::with_capacity(nframe);
            for f in 0..nframe {
                let row = &x[f * dim..(f + 1) * dim];
                let tgt = &targets[f * dim..(f + 1) * dim];
                let mut is_target = vec![false; dim];
                for &t in tgt.iter().take_while(|&&t| t >= 0) {
                    is_target[t as usize] = true;
                }
                let mut sum = 0.0f64;
                for &t in tgt.iter().take_while(|&&t| t >= 0) {
                    let xt = row[t as usize];
                    for (d, &v) in row.iter().enumerate() {
                        if !is_target[d] {
                            let z = 1.0 - xt + v;
                            if z > 0.0 {
                                sum += z as f64;
                            }
                        }
                    }
                }
                rows.push(sum as $t);
            }
            if scalar_out {
                let mut total = rows.iter().fold(0.0f64, |s, &v| s + v as f64);
                total /= dim as f64;
                if reduction == Reduction::Mean {
                    total /= nframe as f64;
                }
                Tensor::from_vec(vec![total as $t], &[])
            } else {
                let rows: Vec<$t> = rows.iter().map(|&v| v / dim as $t).collect();
                Tensor::from_vec(rows, out_shape)
            }
        }};
    }
    if input.dtype() == DType::Float64 {
        run!(f64)
    } else {
        run!(f32)
    }
}

/// `F.multilabel_soft_margin_loss` (Python): `-(t · logsigmoid(x) + (1 - t) · logsigmoid(-x))`,
/// weighted, summed over the class dim and divided by the number of classes, then reduced.
pub fn multilabel_soft_margin_loss(
    input: &Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
) -> Result<Tensor> {
    let pos = tt(BinaryOp::Mul, target, &log_sigmoid(input)?)?;
    let neg_in = unary(UnaryOp::Neg, input)?;
    let neg = tt(
        BinaryOp::Mul,
        &st(BinaryOp::Sub, Scalar::Int(1), target)?,
        &log_sigmoid(&neg_in)?,
    )?;
    let mut loss = unary(UnaryOp::Neg, &tt(BinaryOp::Add, &pos, &neg)?)?;
    if let Some(w) = weight {
        loss = tt(BinaryOp::Mul, &loss, w)?;
    }
    let class_dim = input.ndim() as i64 - 1;
    let classes = input.shape().last().copied().unwrap_or(1);
    ts(
        BinaryOp::Div,
        &loss.sum(Some(&[class_dim]), false)?,
        Scalar::Int(classes as i64),
    )
}

/// `F.gaussian_nll_loss` (Python) once `var` has its shape and is clamped:
/// `0.5 · (log(var) + (input - target)² / var)`, plus `0.5 · log(2π)` when `full`.
pub fn gaussian_nll_loss(
    input: &Tensor,
    target: &Tensor,
    var: &Tensor,
    full: bool,
) -> Result<Tensor> {
    let diff = tt(BinaryOp::Sub, input, target)?;
    let sq = ts(BinaryOp::Pow, &diff, Scalar::Int(2))?;
    let inner = tt(
        BinaryOp::Add,
        &unary(UnaryOp::Log, var)?,
        &tt(BinaryOp::Div, &sq, var)?,
    )?;
    let loss = st(BinaryOp::Mul, Scalar::Float(0.5), &inner)?;
    if full {
        let c = 0.5 * (2.0 * std::f64::consts::PI).ln();
        return ts(BinaryOp::Add, &loss, Scalar::Float(c));
    }
    Ok(loss)
}
