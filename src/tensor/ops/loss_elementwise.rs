//! The losses that are an elementwise formula and a reduction (`aten/src/ATen/native/Loss.cpp`,
//! `BinaryOpsKernel.cpp`, `LossBinaryCrossEntropy` in `Loss.cpp`): `l1_loss`, `smooth_l1_loss`,
//! `huber_loss`, `binary_cross_entropy` (and `_with_logits`), `soft_margin_loss`,
//! `margin_ranking_loss`, `hinge_embedding_loss`. Where ATen composes tensor ops, so do these, in its
//! order, so that each step rounds as PyTorch's does; the reduction is `apply_loss_reduction`
//! (the tensor's own `sum` / `mean`).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::ops::elementwise::{
    BinaryOp, Operand, UnaryOp, binary, binary_inplace, clamp, follow_inputs, unary, where_,
    zip_map,
};
use crate::tensor::ops::loss::Reduction;
use crate::tensor::storage::Element;
use crate::tensor::{DType, Scalar, Tensor};

/// The kernels of `BinaryOpsKernel.cpp` dispatch on floating types; their names appear in the error.
fn float_kernel(input: &Tensor, target: &Tensor, kernel: &str) -> Result<()> {
    let dtype = DType::promote(input.dtype(), target.dtype());
    if dtype.is_floating_point() {
        return Ok(());
    }
    Err(TensorError::NotImplemented(format!(
        "\"{kernel}\" not implemented for '{}'",
        dtype.scalar_type_name()
    )))
}

/// `F.l1_loss(input, target)`: `(input - target).abs()`, reduced.
pub fn l1_loss(input: &Tensor, target: &Tensor, reduction: Reduction) -> Result<Tensor> {
    let diff = binary(
        BinaryOp::Sub,
        Operand::Tensor(input),
        Operand::Tensor(target),
    )?;
    reduction.apply(unary(UnaryOp::Abs, &diff)?)
}

/// A binary loss kernel over the broadcast of `input` and `target`, in their promoted type: double
/// (`f64`) when either is float64 (TensorIterator's common dtype, the other operand widened exactly),
/// else float (`f`, half and bfloat16 widened to it).
fn pointwise(
    input: &Tensor,
    target: &Tensor,
    f: impl Fn(f32, f32) -> f32 + Sync,
    f64: impl Fn(f64, f64) -> f64 + Sync,
) -> Result<Tensor> {
    let shape = broadcast_shapes(input.shape(), target.shape())?;
    let out = if DType::promote(input.dtype(), target.dtype()) == DType::Float64 {
        let a = input.to_dtype(DType::Float64);
        let b = target.to_dtype(DType::Float64);
        zip_map::<f64, f64>(&a, &b, &shape, f64)?
    } else {
        super::loss::on_float32_loss("loss", input, target, |input, target| {
            let a = input.to_dtype(DType::Float32);
            let b = target.to_dtype(DType::Float32);
            zip_map::<f32, f32>(&a, &b, &shape, f)
        })?
    };
    // TensorIterator's output follows the inputs' memory order (`x.t()` gives a transposed loss).
    Ok(follow_inputs(
        out,
        &[&Operand::Tensor(input), &Operand::Tensor(target)],
    ))
}

/// `F.smooth_l1_loss(input, target, beta)`: with `z = |input - target|`, `0.5 z² / beta` below
/// `beta`, else `z - 0.5 beta` (`smooth_l1_kernel`); `beta == 0` is the L1 loss.
pub fn smooth_l1_loss(
    input: &Tensor,
    target: &Tensor,
    reduction: Reduction,
    beta: f64,
) -> Result<Tensor> {
    if beta < 0.0 {
        return Err(TensorError::runtime(
            "smooth_l1_loss does not support negative values for beta.",
        ));
    }
    if beta == 0.0 {
        return l1_loss(input, target, reduction);
    }
    float_kernel(input, target, "smooth_l1_cpu")?;
    let beta32 = beta as f32;
    let loss = pointwise(
        input,
        target,
        move |x, y| {
            let z = (x - y).abs();
            if z < beta32 {
                0.5 * z * z / beta32
            } else {
                z - 0.5 * beta32
            }
        },
        move |x, y| {
            let z = (x - y).abs();
            if z < beta {
                0.5 * z * z / beta
            } else {
                z - 0.5 * beta
            }
        },
    )?;
    reduction.apply(loss)
}

/// `F.huber_loss(input, target, delta)`: `0.5 z²` below `delta`, else `delta (z - 0.5 delta)`
/// (`huber_kernel`).
pub fn huber_loss(
    input: &Tensor,
    target: &Tensor,
    reduction: Reduction,
    delta: f64,
) -> Result<Tensor> {
    if delta <= 0.0 {
        return Err(TensorError::runtime(
            "huber_loss does not support non-positive values for delta.",
        ));
    }
    float_kernel(input, target, "huber_cpu")?;
    let delta32 = delta as f32;
    let loss = pointwise(
        input,
        target,
        move |x, y| {
            let z = (x - y).abs();
            if z < delta32 {
                0.5 * z * z
            } else {
                delta32 * (z - 0.5 * delta32)
            }
        },
        move |x, y| {
            let z = (x - y).abs();
            if z < delta {
                0.5 * z * z
            } else {
                delta * (z - 0.5 * delta)
            }
        },
    )?;
    // `huber_loss_out` writes into `empty_like(input)`: a double result is cast to the input's type.
    let loss = if loss.dtype() != input.dtype() {
        crate::tensor::ops::elementwise::check_cast(loss.dtype(), input.dtype())?;
        loss.to_dtype(input.dtype())
    } else {
        loss
    };
    reduction.apply(loss)
}

/// `F.binary_cross_entropy(input, target, weight)`: ATen's scalar kernel
/// `(t - 1) * max(log1p(-x), -100) - t * max(log(x), -100)` (glibc `log1pf`/`logf`, no fused
/// multiply-add: checked against torch on 3000 random pairs), each value checked to lie in `[0, 1]`,
/// then `loss.mul_(weight)` and the reduction.
pub fn binary_cross_entropy(
    input: &Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
    reduction: Reduction,
) -> Result<Tensor> {
    if !input.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"binary_cross_entropy\" not implemented for '{}'",
            input.dtype().scalar_type_name()
        )));
    }
    // The TensorIterator of `binary_cross_entropy_out_cpu` takes all operands in the loss's type.
    if target.dtype() != input.dtype() {
        return Err(TensorError::runtime(format!(
            "Found dtype {} but expected {}",
            target.dtype().scalar_type_name(),
            input.dtype().scalar_type_name()
        )));
    }
    if input.dtype() == DType::Float64 {
        return bce_with::<f64>(input, target, weight, reduction);
    }
    super::loss::on_float32_loss("binary_cross_entropy", input, target, |input, target| {
        bce_with::<f32>(input, target, weight, reduction)
    })
}

/// The scalar kernel in `T` (glibc's `log1p`/`log` for double, `log1pf`/`logf` for float).
fn bce_with<T: Element + num_traits::Float>(
    input: &Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
    reduction: Reduction,
) -> Result<Tensor> {
    let xs = input.to_vec::<T>();
    let ts = target.to_vec::<T>();
    if xs.len() != ts.len() {
        return Err(TensorError::runtime(format!(
            "The size of tensor a ({}) must match the size of tensor b ({})",
            xs.len(),
            ts.len()
        )));
    }
    let (zero, one) = (T::zero(), T::one());
    let floor = -T::from(100.0).unwrap_or_else(T::max_value);
    let mut out = Vec::with_capacity(xs.len());
    for (&x, &t) in xs.iter().zip(&ts) {
        if !(x >= zero && x <= one) {
            return Err(TensorError::runtime(
                "all elements of input should be between 0 and 1",
            ));
        }
        if !(t >= zero && t <= one) {
            return Err(TensorError::runtime(
                "all elements of target should be between 0 and 1",
            ));
        }
        let log1m = cpp_max((-x).ln_1p(), floor);
        let log = cpp_max(x.ln(), floor);
        out.push((t - one) * log1m - t * log);
    }
    // `at::empty_like(input)`: the loss keeps a dense input's strides.
    let loss = follow_inputs(
        Tensor::from_vec(out, input.shape())?,
        &[&Operand::Tensor(input)],
    );
    if let Some(w) = weight {
        binary_inplace(BinaryOp::Mul, &loss, Operand::Tensor(w))?;
    }
    reduction.apply(loss)
}

/// `std::max(a, b)`: `a < b ? b : a`.
fn cpp_max<T: PartialOrd>(a: T, b: T) -> T {
    if a < b { b } else { a }
}

/// `F.binary_cross_entropy_with_logits(input, target, weight, pos_weight)`, composed as ATen does:
/// `log_sigmoid(input)`, times `(pos_weight - 1) * target + 1` when given, then
/// `(1 - target) * input - that`, times `weight`, reduced.
pub fn binary_cross_entropy_with_logits(
    input: &Tensor,
    target: &Tensor,
    weight: Option<&Tensor>,
    pos_weight: Option<&Tensor>,
    reduction: Reduction,
) -> Result<Tensor> {
    let log_sigmoid_input = super::activation::log_sigmoid(input)?;
    if let Some(pw) = pos_weight {
        let minus_one = binary(
            BinaryOp::Sub,
            Operand::Tensor(pw),
            Operand::Scalar(Scalar::Int(1)),
        )?;
        let log_weight = binary(
            BinaryOp::Mul,
            Operand::Tensor(&minus_one),
            Operand::Tensor(target),
        )?;
        binary_inplace(BinaryOp::Add, &log_weight, Operand::Scalar(Scalar::Int(1)))?;
        binary_inplace(
            BinaryOp::Mul,
            &log_sigmoid_input,
            Operand::Tensor(&log_weight),
        )?;
    }
    let loss = binary(
        BinaryOp::Sub,
        Operand::Scalar(Scalar::Int(1)),
        Operand::Tensor(target),
    )?;
    binary_inplace(BinaryOp::Mul, &loss, Operand::Tensor(input))?;
    binary_inplace(BinaryOp::Sub, &loss, Operand::Tensor(&log_sigmoid_input))?;
    if let Some(w) = weight {
        binary_inplace(BinaryOp::Mul, &loss, Operand::Tensor(w))?;
    }
    reduction.apply(loss)
}

/// `F.soft_margin_loss(input, target)`: `soft_margin_loss_out` computes
/// `neg_out(output, input).mul_(target).exp_().log1p_()` in an output of the input's shape and dtype,
/// so a target that would grow it, or an integer input, is refused as an in-place op refuses them.
pub fn soft_margin_loss(input: &Tensor, target: &Tensor, reduction: Reduction) -> Result<Tensor> {
    let output = unary(UnaryOp::Neg, input)?.deep_copy();
    binary_inplace(BinaryOp::Mul, &output, Operand::Tensor(target))?;
    let e = unary(UnaryOp::Exp, &output)?;
    crate::tensor::ops::elementwise::check_cast(e.dtype(), output.dtype())?;
    let loss = unary(UnaryOp::Log1p, &e)?;
    reduction.apply(loss)
}

/// `F.margin_ranking_loss(x1, x2, target, margin)`: `(-target * (x1 - x2) + margin).clamp_min_(0)`.
pub fn margin_ranking_loss(
    input1: &Tensor,
    input2: &Tensor,
    target: &Tensor,
    margin: f64,
    reduction: Reduction,
) -> Result<Tensor> {
    let neg_target = unary(UnaryOp::Neg, target)?;
    let diff = binary(
        BinaryOp::Sub,
        Operand::Tensor(input1),
        Operand::Tensor(input2),
    )?;
    let prod = binary(
        BinaryOp::Mul,
        Operand::Tensor(&neg_target),
        Operand::Tensor(&diff),
    )?;
    let shifted = binary(
        BinaryOp::Add,
        Operand::Tensor(&prod),
        Operand::Scalar(Scalar::Float(margin)),
    )?;
    reduction.apply(clamp(&shifted, Some(Scalar::Int(0)), None)?)
}

/// `F.hinge_embedding_loss(input, target, margin)`: `input` where `target != -1`, plus
/// `max(margin - input, 0)` where `target != 1`. `margin - input` is C++'s `Scalar - Tensor`
/// (`empty_like(input).fill_(margin).sub_(input)`), so it keeps the input's dtype.
pub fn hinge_embedding_loss(
    input: &Tensor,
    target: &Tensor,
    margin: f64,
    reduction: Reduction,
) -> Result<Tensor> {
    let zeros = Tensor::full(input.shape(), Scalar::Int(0), input.dtype())?;
    let margin = if input.dtype().is_floating_point() {
        Scalar::Float(margin)
    } else {
        Scalar::Int(margin as i64)
    };
    let filled = Tensor::full(input.shape(), margin, input.dtype())?;
    binary_inplace(BinaryOp::Sub, &filled, Operand::Tensor(input))?;
    let margin_clamp = clamp(&filled, Some(Scalar::Int(0)), None)?;
    let not_one = binary(
        BinaryOp::Ne,
        Operand::Tensor(target),
        Operand::Scalar(Scalar::Int(1)),
    )?;
    let not_minus_one = binary(
        BinaryOp::Ne,
        Operand::Tensor(target),
        Operand::Scalar(Scalar::Int(-1)),
    )?;
    let output_margin = where_(
        &not_one,
        Operand::Tensor(&margin_clamp),
        Operand::Tensor(&zeros),
    )?;
    let output_self = where_(
        &not_minus_one,
        Operand::Tensor(input),
        Operand::Tensor(&zeros),
    )?;
    let output = binary(
        BinaryOp::Add,
        Operand::Tensor(&output_margin),
        Operand::Tensor(&output_self),
    )?;
    reduction.apply(output)
}
