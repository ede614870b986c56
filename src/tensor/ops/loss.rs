//! Losses of `torch.nn.functional`: `nll_loss`, `cross_entropy` (with `ignore_index` and
//! `label_smoothing`), `mse_loss` and `kl_div`, and the `reduction=` argument they share
//! (`torch/nn/_reduction.py`, `aten/src/ATen/native/Loss.cpp`, `LossNLL.cpp`).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
use crate::tensor::{Scalar, Tensor};

/// How a loss reduces its per-element values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reduction {
    /// `'none'`: the per-element losses.
    None,
    /// `'mean'` (also the deprecated `'elementwise_mean'`).
    Mean,
    /// `'sum'`.
    Sum,
}

impl Reduction {
    /// `_Reduction.get_enum`: anything but 'none', 'mean' ('elementwise_mean') or 'sum' is a ValueError.
    ///
    /// ```
    /// use transformer_tutor::tensor::ops::loss::Reduction;
    /// assert_eq!(Reduction::parse("sum").unwrap(), Reduction::Sum);
    /// let err = Reduction::parse("avg").unwrap_err();
    /// assert_eq!(err.to_string(), "avg is not a valid value for reduction");
    /// assert_eq!(err.python_type(), "ValueError");
    /// ```
    pub fn parse(value: &str) -> Result<Reduction> {
        match value {
            "none" => Ok(Reduction::None),
            "mean" | "elementwise_mean" => Ok(Reduction::Mean),
            "sum" => Ok(Reduction::Sum),
            _ => Err(TensorError::InvalidReduction {
                value: value.to_string(),
            }),
        }
    }

    /// `apply_loss_reduction`: the losses, their sum or their mean.
    pub fn apply(self, loss: Tensor) -> Result<Tensor> {
        match self {
            Reduction::None => Ok(loss),
            Reduction::Sum => loss.sum(None, false),
            Reduction::Mean => loss.mean(None, false),
        }
    }
}

/// `kl_div`'s reduction: the usual three, or `'batchmean'` (the sum divided by the batch size).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KlDivReduction {
    Plain(Reduction),
    BatchMean,
}

impl KlDivReduction {
    pub fn parse(value: &str) -> Result<KlDivReduction> {
        match value {
            "batchmean" => Ok(KlDivReduction::BatchMean),
            other => Reduction::parse(other).map(KlDivReduction::Plain),
        }
    }
}

/// The class-index losses' options (`F.nll_loss`, `F.cross_entropy`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ClassLossOptions {
    /// Targets equal to this contribute 0 and are left out of the mean (`-100` by default).
    pub ignore_index: i64,
    pub reduction: Reduction,
    /// `label_smoothing` of cross_entropy (0 for nll_loss).
    pub label_smoothing: f64,
}

impl Default for ClassLossOptions {
    fn default() -> Self {
        ClassLossOptions {
            ignore_index: -100,
            reduction: Reduction::Mean,
            label_smoothing: 0.0,
        }
    }
}

/// `F.nll_loss(log_probs, target)` for `[N, C]` log-probabilities and `N` class indices.
pub fn nll_loss(log_probs: &Tensor, target: &Tensor, options: ClassLossOptions) -> Result<Tensor> {
    class_loss("nll_loss", log_probs, target, options)
}

/// `F.cross_entropy(logits, target)`: `log_softmax` over dim 1, then the negative log-likelihood, with
/// optional label smoothing (`(1 - s) * nll + s * mean_c(-log p_c)`).
pub fn cross_entropy(
    logits: &Tensor,
    target: &Tensor,
    options: ClassLossOptions,
) -> Result<Tensor> {
    let log_probs = logits.softmax(1, true)?;
    class_loss("cross_entropy", &log_probs, target, options)
}

fn class_loss(
    op: &'static str,
    log_probs: &Tensor,
    target: &Tensor,
    options: ClassLossOptions,
) -> Result<Tensor> {
    if log_probs.ndim() != 2 {
        return Err(TensorError::LossInputNotBatched {
            op,
            shape: log_probs.shape().to_vec(),
        });
    }
    let (n, c) = (log_probs.shape()[0], log_probs.shape()[1]);
    let lp = log_probs.to_vec::<f32>();
    let tg = target.to_vec::<i64>();
    if tg.len() != n {
        return Err(TensorError::LossBatchMismatch {
            op,
            input: n,
            target: tg.len(),
        });
    }
    let smoothing = options.label_smoothing;
    let mut losses = Vec::with_capacity(n);
    let mut count = 0usize;
    for (i, &t) in tg.iter().enumerate() {
        if t == options.ignore_index {
            losses.push(0.0f32);
            continue;
        }
        if t < 0 || t >= c as i64 {
            return Err(TensorError::TargetOutOfBounds {
                op,
                target: t,
                classes: c,
            });
        }
        count += 1;
        let row = &lp[i * c..(i + 1) * c];
        let nll = -row[t as usize];
        let loss = if smoothing > 0.0 {
            let smooth = -row.iter().sum::<f32>() / c as f32;
            (1.0 - smoothing as f32) * nll + smoothing as f32 * smooth
        } else {
            nll
        };
        losses.push(loss);
    }
    match options.reduction {
        Reduction::None => Tensor::from_vec(losses, &[n]),
        Reduction::Sum => Tensor::from_vec(losses, &[n])?.sum(None, false),
        Reduction::Mean => {
            // The mean over the targets that were not ignored.
            let total = losses.iter().map(|&x| x as f64).sum::<f64>() as f32;
            Tensor::from_vec(vec![total / count.max(1) as f32], &[])
        }
    }
}

/// `F.mse_loss(input, target)`: `(input - target)²`, broadcast, then reduced.
pub fn mse_loss(input: &Tensor, target: &Tensor, reduction: Reduction) -> Result<Tensor> {
    let diff = binary(
        BinaryOp::Sub,
        Operand::Tensor(input),
        Operand::Tensor(target),
    )?;
    let squared = binary(
        BinaryOp::Mul,
        Operand::Tensor(&diff),
        Operand::Tensor(&diff),
    )?;
    reduction.apply(squared)
}

/// `F.kl_div(input, target)`: `input` holds log-probabilities, `target` probabilities (or
/// log-probabilities with `log_target`); pointwise `target * (log(target) - input)`, 0 where the
/// target is not positive.
pub fn kl_div(
    input: &Tensor,
    target: &Tensor,
    reduction: KlDivReduction,
    log_target: bool,
) -> Result<Tensor> {
    let shape = broadcast_shapes(input.shape(), target.shape())?;
    let a = input.broadcast_to(&shape)?.to_vec::<f32>();
    let b = target.broadcast_to(&shape)?.to_vec::<f32>();
    let pointwise: Vec<f32> = a
        .iter()
        .zip(&b)
        .map(|(&x, &t)| {
            // ATen's formulas (Loss.cpp): `exp(t) * (t - x)`, else `xlogy(t, t) - t * x`, where xlogy
            // is 0 for t == 0 and t·ln t otherwise, so a negative target gives nan, as in PyTorch.
            if log_target {
                t.exp() * (t - x)
            } else {
                let xlogy = if t == 0.0 { 0.0 } else { t * t.ln() };
                xlogy - t * x
            }
        })
        .collect();
    let loss = Tensor::from_vec(pointwise, &shape)?;
    match reduction {
        KlDivReduction::Plain(r) => r.apply(loss),
        KlDivReduction::BatchMean => {
            let batch = shape.first().copied().unwrap_or(1).max(1) as f64;
            let total = loss.sum(None, false)?;
            binary(
                BinaryOp::Div,
                Operand::Tensor(&total),
                Operand::Scalar(Scalar::Float(batch)),
            )
        }
    }
}
