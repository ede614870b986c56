//! Losses of `torch.nn.functional`: `nll_loss`, `cross_entropy` (with `ignore_index` and
//! `label_smoothing`), `mse_loss` and `kl_div`, and the `reduction=` argument they share
//! (`torch/nn/_reduction.py`, `aten/src/ATen/native/Loss.cpp`, `LossNLL.cpp`).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
use crate::tensor::storage::Element;
use crate::tensor::{DType, Scalar, Tensor};

/// How a loss reduces its per-element values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Reduction {
    /// `'none'`: the per-element losses.
    None,
    /// `'mean'` (also the deprecated `'elementwise_mean'`).
    #[default]
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

#[derive(Debug, Clone, Default)]
pub struct ClassLossOptions {
    /// Targets equal to this contribute 0 and are left out of the mean (`-100` by default).
    pub ignore_index: i64,
    pub reduction: Reduction,
    /// `label_smoothing` of cross_entropy (0 for nll_loss).
    pub label_smoothing: f64,
    /// `weight=`: one weight per class.
    pub weight: Option<Tensor>,
}

impl ClassLossOptions {
    /// The defaults of `F.cross_entropy` and `F.nll_loss`.
    pub fn new() -> Self {
        ClassLossOptions {
            ignore_index: -100,
            ..ClassLossOptions::default()
        }
    }
}

/// `F.nll_loss(log_probs, target)` for `[N, C]` log-probabilities and `N` class indices, or `[C]` and one
/// index.
pub fn nll_loss(log_probs: &Tensor, target: &Tensor, options: ClassLossOptions) -> Result<Tensor> {
    if let Some((input, target)) = unbatched(log_probs, target, false)? {
        let none = options.reduction == Reduction::None;
        let loss = nll_loss(&input, &target, options)?;
        return if none { loss.reshape(&[]) } else { Ok(loss) };
    }
    nll_nd("nll_loss", log_probs, target, &options)
}

/// `nll_loss_nd`: a `[N, C]` input as it is; one with dims after the classes (`[N, C, d1, ..., dk]`, a
/// sequence's logits transposed to put the classes second) after ATen's checks of its target
/// (`[N, d1, ..., dk]`), as the `[N·d1·…·dk, C]` rows `nll_loss2d` walks in the same order with the same
/// cascade of sums, so every bit is the 2-D kernel's; `'none'` keeps the target's shape.
fn nll_nd(
    op: &'static str,
    log_probs: &Tensor,
    target: &Tensor,
    options: &ClassLossOptions,
) -> Result<Tensor> {
    if log_probs.ndim() < 3 {
        check_classes(op, log_probs, target)?;
        return nll(op, log_probs, target, options);
    }
    let shape = log_probs.shape();
    let (n, c) = (shape[0], shape[1]);
    let target_rows = target.shape().first().copied().unwrap_or(0);
    if target_rows != n {
        return Err(TensorError::LossBatchMismatch {
            op,
            input: n,
            target: target_rows,
        });
    }
    let weight_ok = options.weight.as_ref().is_none_or(|w| w.numel() == c);
    let weight_error =
        || TensorError::runtime("weight tensor should be defined either for all or no classes");
    let sizes = crate::tensor::ops::shape::shape_str;
    if shape.len() == 4 {
        // `nll_loss2d`'s own checks.
        if target.ndim() != 3 {
            return Err(TensorError::runtime(format!(
                "only batches of spatial targets supported (3D tensors) but got targets of dimension: {}",
                target.ndim()
            )));
        }
        if !weight_ok {
            return Err(weight_error());
        }
        if target.shape()[1..] != shape[2..] {
            return Err(TensorError::runtime(format!(
                "size mismatch (got input: {} , target: {}",
                sizes(shape),
                sizes(target.shape())
            )));
        }
    } else {
        if target.ndim() == 0 || target.shape()[1..] != shape[2..] {
            let mut expected = vec![n];
            expected.extend(&shape[2..]);
            return Err(TensorError::runtime(format!(
                "Expected target size {}, got {}",
                sizes(&expected),
                sizes(target.shape())
            )));
        }
        if !weight_ok {
            return Err(weight_error());
        }
    }
    check_target_dtype(target)?;
    let rows = crate::tensor::ops::reorder::movedim(log_probs, 1, -1)?
        .contiguous()
        .reshape(&[-1, c as i64])?;
    let flat = target.reshape(&[-1])?;
    let loss = nll(op, &rows, &flat, options)?;
    if options.reduction == Reduction::None {
        let out: Vec<i64> = target.shape().iter().map(|&d| d as i64).collect();
        return loss.reshape(&out);
    }
    Ok(loss)
}

/// A class weight shaped to broadcast along dim 1 of an input of `ndim` dims (`[1, C, 1, ..., 1]`).
fn class_weight(w: &Tensor, ndim: usize) -> Result<Tensor> {
    let mut shape = vec![1i64; ndim.max(2)];
    shape[1] = w.numel() as i64;
    w.reshape(&shape)
}

/// A `[C]` input with one class index (0-d, or 1-D of size 1) or `[C]` probabilities: the batch of one
/// ATen makes of it (`no_batch_dim`), after the checks ATen makes of such a target. `None` for other
/// inputs.
fn unbatched(
    input: &Tensor,
    target: &Tensor,
    probs_allowed: bool,
) -> Result<Option<(Tensor, Tensor)>> {
    if input.ndim() != 1 {
        return Ok(None);
    }
    let c = input.shape()[0];
    let batch = input.reshape(&[1, c as i64])?;
    if probs_allowed && target.shape() == input.shape() {
        return Ok(Some((batch, target.reshape(&[1, c as i64])?)));
    }
    check_target(target)?;
    if target.ndim() == 1 && target.numel() != 1 {
        return Err(TensorError::Value(format!(
            "For 1D input, 1D target must have size 1, but got target size: {}",
            target.numel()
        )));
    }
    Ok(Some((batch, target.reshape(&[1])?)))
}

/// `F.cross_entropy(logits, target)`: `log_softmax` over dim 1, then the negative log-likelihood of class
/// indices (with label smoothing as `cross_entropy_loss_label_smoothing`), or, for a float target of
/// the logits' shape, the cross entropy of class probabilities (`cross_entropy_loss_prob_target`).
pub fn cross_entropy(
    logits: &Tensor,
    target: &Tensor,
    options: ClassLossOptions,
) -> Result<Tensor> {
    if let Some((input, batch_target)) = unbatched(logits, target, true)? {
        let none = options.reduction == Reduction::None;
        if options.label_smoothing > 0.0 && target.ndim() == 1 && target.shape() != logits.shape() {
            // ATen smooths a `[1]` target's losses into the 0-d result in place, which it refuses.
            return Err(TensorError::runtime(
                "output with shape [] doesn't match the broadcast shape [1]",
            ));
        }
        let loss = cross_entropy(&input, &batch_target, options)?;
        return if none { loss.reshape(&[]) } else { Ok(loss) };
    }
    if logits.ndim() == 0 {
        // ATen takes a 0-d target for class probabilities, then finds no class dim to soften over.
        if target.ndim() != 0 {
            return Err(TensorError::Index(
                "Dimension out of range (expected to be in range of [-1, 0], but got 1)".into(),
            ));
        }
        if !target.dtype().is_floating_point() {
            return Err(TensorError::runtime(format!(
                "Expected floating point type for target with class probabilities, got {}",
                target.dtype().scalar_type_name()
            )));
        }
        return Err(TensorError::Index(
            "Dimension specified as 1 but tensor has no dimensions".into(),
        ));
    }
    // A target of the input's shape holds class probabilities (ATen's `cross_entropy_loss`).
    if target.shape() == logits.shape() {
        if !target.dtype().is_floating_point() {
            return Err(TensorError::runtime(format!(
                "Expected floating point type for target with class probabilities, got {}",
                target.dtype().scalar_type_name()
            )));
        }
        if options.ignore_index >= 0 {
            return Err(TensorError::runtime(
                "ignore_index is not supported for floating point target",
            ));
        }
        return prob_target(&logits.softmax(1, true)?, target, &options);
    }
    let log_probs = logits.softmax(1, true)?;
    let nll_loss = nll_nd("cross_entropy", &log_probs, target, &options)?;
    let s = options.label_smoothing;
    if s <= 0.0 {
        return Ok(nll_loss);
    }
    let c = log_probs.shape()[1];
    let mul = |a: &Tensor, b: Operand| binary(BinaryOp::Mul, Operand::Tensor(a), b);
    let weighted = match &options.weight {
        Some(w) => mul(
            &log_probs,
            Operand::Tensor(&class_weight(w, log_probs.ndim())?),
        )?,
        None => log_probs.clone(),
    };
    let smooth = neg(&weighted.sum(Some(&[1]), false)?)?;
    let targets = target.to_vec::<i64>();
    let ignored: Vec<bool> = targets.iter().map(|&t| t == options.ignore_index).collect();
    let smooth = crate::tensor::ops::elementwise::masked_fill(
        &smooth,
        &Tensor::from_vec(ignored.clone(), target.shape())?,
        Scalar::Float(0.0),
    )?;
    let ret = match options.reduction {
        Reduction::None => smooth,
        Reduction::Sum => smooth.sum(None, false)?,
        Reduction::Mean => {
            let denominator = match &options.weight {
                Some(w) => {
                    // Gathered in the weight's own dtype (f64 holds a float32 or float64 weight exactly).
                    let wv = w.to_vec::<f64>();
                    let picked: Vec<f64> = targets
                        .iter()
                        .filter(|&&t| t != options.ignore_index)
                        .map(|&t| wv.get(t as usize).copied().unwrap_or(0.0))
                        .collect();
                    let n = picked.len();
                    Tensor::from_vec(picked, &[n])?
                        .to_dtype(w.dtype())
                        .sum(None, false)?
                }
                None => Tensor::scalar(ignored.iter().filter(|&&i| !i).count() as i64),
            };
            binary(
                BinaryOp::Div,
                Operand::Tensor(&smooth.sum(None, false)?),
                Operand::Tensor(&denominator),
            )?
        }
    };
    // (1 - s) * nll + ret * (s / C), each product rounded, as ATen writes it.
    let left = mul(&nll_loss, Operand::Scalar(Scalar::Float(1.0 - s)))?;
    let right = mul(&ret, Operand::Scalar(Scalar::Float(s / c as f64)))?;
    binary(
        BinaryOp::Add,
        Operand::Tensor(&left),
        Operand::Tensor(&right),
    )
}

fn neg(x: &Tensor) -> Result<Tensor> {
    crate::tensor::ops::elementwise::unary(crate::tensor::UnaryOp::Neg, x)
}

/// `cross_entropy_loss_prob_target`: `-(log_probs * target [* weight])` summed over the classes, then
/// reduced (the mean divides the total by the batch size).
fn prob_target(log_probs: &Tensor, target: &Tensor, options: &ClassLossOptions) -> Result<Tensor> {
    let c = log_probs.shape()[1];
    // The mean divides by the number of class distributions (`numel / C`: the batch, times the
    // positions of an input with dims after the classes).
    let n = log_probs.numel().checked_div(c).unwrap_or(0);
    let s = options.label_smoothing;
    let target = if s > 0.0 {
        let kept = binary(
            BinaryOp::Mul,
            Operand::Tensor(target),
            Operand::Scalar(Scalar::Float(1.0 - s)),
        )?;
        binary(
            BinaryOp::Add,
            Operand::Tensor(&kept),
            Operand::Scalar(Scalar::Float(s / c as f64)),
        )?
    } else {
        target.clone()
    };
    let mut product = binary(
        BinaryOp::Mul,
        Operand::Tensor(log_probs),
        Operand::Tensor(&target),
    )?;
    if let Some(w) = &options.weight {
        let w = class_weight(w, product.ndim())?;
        product = binary(
            BinaryOp::Mul,
            Operand::Tensor(&product),
            Operand::Tensor(&w),
        )?;
    }
    match options.reduction {
        Reduction::None => neg(&product.sum(Some(&[1]), false)?),
        Reduction::Sum => neg(&product.sum(None, false)?),
        Reduction::Mean => {
            let total = neg(&product.sum(None, false)?)?;
            if n == 0 {
                return Tensor::full(&[], Scalar::Float(f64::NAN), total.dtype());
            }
            binary(
                BinaryOp::Div,
                Operand::Tensor(&total),
                Operand::Scalar(Scalar::Int(n as i64)),
            )
        }
    }
}

/// ATen's checks of a class-index target: its rank (the meta function), then its dtype (the kernel).
fn check_target(target: &Tensor) -> Result<()> {
    if target.ndim() > 1 {
        return Err(TensorError::runtime(
            "0D or 1D target tensor expected, multi-target not supported",
        ));
    }
    check_target_dtype(target)
}

/// The kernels' check of a class-index target's dtype.
fn check_target_dtype(target: &Tensor) -> Result<()> {
    if target.dtype() != crate::tensor::DType::Int64 {
        return Err(TensorError::runtime(format!(
            "expected target dtype to be Long or Byte, but got {}",
            target.dtype().scalar_type_name()
        )));
    }
    Ok(())
}

/// What nll_loss checks of its input and target before computing.
fn check_classes(op: &'static str, log_probs: &Tensor, target: &Tensor) -> Result<()> {
    if log_probs.ndim() == 0 {
        return Err(TensorError::Value(
            "Expected 1 or more dimensions (got 0)".into(),
        ));
    }
    // `nll_loss_nd`'s batch check, then the meta function's target rank, then the kernel's dtype.
    // A 0-d target reads as batch size 0 there.
    let target_rows = target.shape().first().copied().unwrap_or(0);
    if target_rows != log_probs.shape()[0] {
        return Err(TensorError::LossBatchMismatch {
            op,
            input: log_probs.shape()[0],
            target: target_rows,
        });
    }
    check_target(target)?;
    if target.numel() != log_probs.shape()[0] {
        return Err(TensorError::LossBatchMismatch {
            op,
            input: log_probs.shape()[0],
            target: target.numel(),
        });
    }
    Ok(())
}

/// ATen's `nll_loss_out_frame` (2-D input): per-row losses, or their sum in its eight-level cascade
/// (accumulators of the input's type: double for float64, float otherwise), divided for the mean by
/// the sum of the targets' weights (or their count).
fn nll(
    op: &'static str,
    log_probs: &Tensor,
    target: &Tensor,
    options: &ClassLossOptions,
) -> Result<Tensor> {
    if log_probs.dtype() == DType::Float64 {
        return nll_frame::<f64>(op, log_probs, target, options);
    }
    on_float32_loss(op, log_probs, target, |lp, t| {
        nll_frame::<f32>(op, lp, t, options)
    })
}

/// A loss computed by float32 code here, for an input of any float type: half and bfloat16 are widened
/// (a float target too) and the loss rounded back, as ATen accumulates them in float; float64 is refused
/// rather than computed in float32. Integer inputs go through for `f`'s own checks.
pub(crate) fn on_float32_loss(
    op: &str,
    input: &Tensor,
    target: &Tensor,
    f: impl FnOnce(&Tensor, &Tensor) -> Result<Tensor>,
) -> Result<Tensor> {
    match input.dtype() {
        DType::Float64 => Err(super::nn::float64_missing(op)),
        d if d.is_reduced_float() => {
            let t = if target.dtype().is_floating_point() {
                target.to_dtype(DType::Float32)
            } else {
                target.clone()
            };
            let out = f(&input.to_dtype(DType::Float32), &t)?;
            Ok(if out.dtype() == DType::Float32 {
                out.to_dtype(d)
            } else {
                out
            })
        }
        _ => f(input, target),
    }
}

fn nll_frame<T: Element + num_traits::Float>(
    op: &'static str,
    log_probs: &Tensor,
    target: &Tensor,
    options: &ClassLossOptions,
) -> Result<Tensor> {
    let (n, c) = (log_probs.shape()[0], log_probs.shape()[1]);
    let lp = log_probs.to_vec::<T>();
    let tg = target.to_vec::<i64>();
    let weights = options.weight.as_ref().map(|w| w.to_vec::<T>());
    if let Some(w) = &weights
        && w.len() != c
    {
        return Err(TensorError::runtime(format!(
            "weight tensor should be defined either for all {c} classes or no classes but got weight tensor of shape: [{}]",
            w.len()
        )));
    }
    for &t in &tg {
        if t != options.ignore_index && (t < 0 || t >= c as i64) {
            return Err(TensorError::TargetOutOfBounds {
                op,
                target: t,
                classes: c,
            });
        }
    }
    let weight_of = |t: usize| weights.as_ref().map_or(T::one(), |w| w[t]);
    if options.reduction == Reduction::None {
        let losses: Vec<T> = tg
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                if t == options.ignore_index {
                    T::zero()
                } else {
                    -lp[i * c + t as usize] * weight_of(t as usize)
                }
            })
            .collect();
        return Tensor::from_vec(losses, &[n]);
    }
    const LEVELS: usize = 8;
    let level_power = 4.max(ceil_log2(n) / LEVELS as u32);
    let level_mask = (1usize << level_power) - 1;
    let mut loss_sums = [T::zero(); LEVELS];
    let mut weight_sums = [T::zero(); LEVELS];
    let mut ignored = 0usize;
    for (b, &t) in tg.iter().enumerate() {
        if t == options.ignore_index {
            ignored += 1;
            continue;
        }
        let data = lp[b * c + t as usize];
        if weights.is_some() {
            let w = weight_of(t as usize);
            loss_sums[0] = loss_sums[0] - data * w;
            weight_sums[0] = weight_sums[0] + w;
        } else {
            loss_sums[0] = loss_sums[0] - data;
        }
        for j in 0..LEVELS - 1 {
            let mask = level_mask << (j as u32 * level_power);
            if b & mask != 0 {
                break;
            }
            weight_sums[j + 1] = weight_sums[j + 1] + weight_sums[j];
            loss_sums[j + 1] = loss_sums[j + 1] + loss_sums[j];
            weight_sums[j] = T::zero();
            loss_sums[j] = T::zero();
        }
    }
    let total_weight = if weights.is_some() {
        weight_sums.iter().fold(T::zero(), |a, &x| a + x)
    } else {
        <T as Element>::from_i64((n - ignored) as i64)
    };
    let mut out = loss_sums.iter().fold(T::zero(), |a, &x| a + x);
    if options.reduction == Reduction::Mean {
        out = out / total_weight;
    }
    Tensor::from_vec(vec![out], &[])
}

/// `CeilLog2` of c10's utils (0 for 0 and 1).
fn ceil_log2(n: usize) -> u32 {
    if n <= 1 {
        0
    } else {
        usize::BITS - (n - 1).leading_zeros()
    }
}

/// `F.mse_loss(input, target)`: `(input - target)²`, broadcast, then reduced.
pub fn mse_loss(input: &Tensor, target: &Tensor, reduction: Reduction) -> Result<Tensor> {
    crate::tensor::layout::broadcast_shapes(input.shape(), target.shape())?;
    use crate::tensor::dtype::Operand as Kind;
    let kind = |t: &Tensor| {
        if t.ndim() == 0 {
            Kind::ZeroDim(t.dtype())
        } else {
            Kind::Dimensioned(t.dtype())
        }
    };
    let dtype = crate::tensor::dtype::result_type(&[kind(input), kind(target)]);
    if !dtype.is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"mse_cpu\" not implemented for '{}'",
            dtype.scalar_type_name()
        )));
    }
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
    // ATen's formulas (Loss.cpp), as tensor ops in the input's type: `exp(t) * (t - x)`, else
    // `xlogy(t, t) - t * x`, where xlogy is 0 for t == 0 and t·ln t otherwise, so a negative target
    // gives nan, as in PyTorch.
    let op =
        |o: BinaryOp, a: &Tensor, b: &Tensor| binary(o, Operand::Tensor(a), Operand::Tensor(b));
    let loss = if log_target {
        let e = crate::tensor::ops::elementwise::unary(
            crate::tensor::ops::elementwise::UnaryOp::Exp,
            target,
        )?;
        op(BinaryOp::Mul, &e, &op(BinaryOp::Sub, target, input)?)?
    } else {
        op(
            BinaryOp::Sub,
            &op(BinaryOp::Xlogy, target, target)?,
            &op(BinaryOp::Mul, target, input)?,
        )?
    };
    let shape = loss.shape().to_vec();
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
