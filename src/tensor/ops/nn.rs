//! The neural-network ops of `torch.nn.functional` that are more than one elementwise kernel: `linear`,
//! the parametrised activations (`leaky_relu`, `elu`, `softplus`), dropout's masking and the embedding
//! lookup. Scaled dot-product attention has its own file, `attention.rs`, re-exported here.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary, map};
use crate::tensor::random::Generator;
use crate::tensor::{DType, Scalar, Tensor, TensorIndex};

pub use super::attention::{
    AttentionOptions, attention_math, flash_attention, flash_eligible, scaled_dot_product_attention,
};

/// `F.linear(x, weight, bias)`: `x @ weightᵀ (+ bias)`. With a bias PyTorch runs `addmm`, and a shape
/// error names it.
pub fn linear(input: &Tensor, weight: &Tensor, bias: Option<&Tensor>) -> Result<Tensor> {
    if input.dtype() != weight.dtype() {
        return Err(TensorError::DtypeMismatch {
            op: "linear",
            what: "mat1 and mat2",
            lhs: input.dtype(),
            rhs: weight.dtype(),
        });
    }
    let weight_t = weight.t()?;
    match bias {
        None => input.matmul(&weight_t),
        Some(b) => input.matmul_add_bias(&weight_t, b).map_err(|e| {
            match e.to_string().strip_prefix("mm: ") {
                Some(rest) => TensorError::runtime(format!("addmm: {rest}")),
                None => e,
            }
        }),
    }
}

/// `F.leaky_relu(x, negative_slope)`: `x` where positive, else `x * slope` (computed in float32).
pub fn leaky_relu(x: &Tensor, negative_slope: f64) -> Result<Tensor> {
    if x.dtype() == DType::Float64 {
        let out = map::<f64, f64>(x, move |v| if v > 0.0 { v } else { v * negative_slope })?;
        return Ok(follow(out.with_axes_of(x), x));
    }
    on_float32(x, "leaky_relu_cpu", |x| {
        let slope = negative_slope as f32;
        Ok(map::<f32, f32>(&x.to_dtype(DType::Float32), move |v| {
            if v > 0.0 { v } else { v * slope }
        })?
        .with_axes_of(x))
        .map(|out| follow(out, x))
    })
}

/// `F.elu(x, alpha)`: ATen's `elu_kernel` with `scale = input_scale = 1`.
pub fn elu(x: &Tensor, alpha: f64) -> Result<Tensor> {
    super::activation::elu_scaled(x, alpha, 1.0, 1.0)
}

/// `F.softplus(x, beta, threshold)`: `log(1 + exp(beta x)) / beta`, or `x` where `beta x > threshold`.
pub fn softplus(x: &Tensor, beta: f64, threshold: f64) -> Result<Tensor> {
    super::activation::softplus(x, beta, threshold)
}

/// ATen's activation kernels exist for floating point only; their dispatch names the kernel.
/// An op with only a float32 kernel here, on any float tensor: half and bfloat16 are widened to float and
/// the result rounded back (ATen computes them in float, its `opmath` type); float64 is refused, naming the
/// op, rather than computed in float32.
pub fn on_float32(
    x: &Tensor,
    kernel: &str,
    f: impl FnOnce(&Tensor) -> Result<Tensor>,
) -> Result<Tensor> {
    float_only(x, kernel)?;
    match x.dtype() {
        DType::Float32 => f(x),
        DType::Float64 => Err(float64_missing(kernel)),
        _ => x.widened(f),
    }
}

/// The error of an op whose float64 kernel the tutor does not have yet.
pub fn float64_missing(kernel: &str) -> TensorError {
    let op = kernel
        .trim_end_matches("_cpu")
        .trim_end_matches("_check")
        .trim_end_matches("_kernel");
    TensorError::NotImplemented(format!(
        "{op} on float64 tensors is not in the tutor yet (float32, float16 and bfloat16 are)"
    ))
}

pub fn float_only(x: &Tensor, kernel: &str) -> Result<()> {
    if x.dtype().is_floating_point() {
        return Ok(());
    }
    Err(TensorError::NotImplemented(format!(
        "\"{kernel}\" not implemented for '{}'",
        x.dtype().scalar_type_name()
    )))
}

/// An elementwise result laid out as its input (TensorIterator).
fn follow(out: Tensor, x: &Tensor) -> Tensor {
    crate::tensor::ops::elementwise::follow_inputs(out, &[&crate::tensor::Operand::Tensor(x)])
}

/// `F.dropout(x, p, training)`: in training, each element is kept with probability `1 - p` and scaled
/// by `1 / (1 - p)`, drawing from `rng` as PyTorch's CPU kernel does; otherwise (or with `p == 0`) the
/// input itself. The caller checks `0 <= p <= 1`.
pub fn dropout(x: &Tensor, p: f64, training: bool, rng: &mut Generator) -> Result<Tensor> {
    if !training || p == 0.0 {
        return Ok(x.clone());
    }
    if x.dtype() == DType::Float32 && x.is_contiguous() {
        // The same draws and products as `dropout_variant`, fused over one run of memory.
        let values = x.to_vec::<f32>();
        let kept = rng.dropout_f32(&values, p);
        return Ok(Tensor::from_vec(kept, x.shape())?.with_axes_of(x));
    }
    dropout_variant(x, p, training, false, false, rng)
}

/// `input * 0`, what ATen's dropouts return for `p == 1` (NaN and inf stay NaN).
fn times_zero(x: &Tensor) -> Result<Tensor> {
    binary(
        BinaryOp::Mul,
        Operand::Tensor(x),
        Operand::Tensor(&Tensor::zeros(&[], x.dtype())?),
    )
}

/// ATen's `_dropout_impl`, behind `dropout`, `feature_dropout`, `alpha_dropout` and
/// `feature_alpha_dropout`: the input itself when not training (or `p == 0`, or empty), `input * 0`
/// for `p == 1`; else a noise tensor of the input's dtype — laid out as the input (`empty_like`), or
/// one value per channel (`(N, C, 1, ...)`) for the feature forms — takes `bernoulli_(1 - p)` in the
/// order TensorIterator walks it and is divided by `1 - p`; the alpha forms instead give
/// `input · noise·a + (noise - 1)·alpha·a + alpha·a·p` with SELU's `alpha` and
/// `a = 1 / sqrt((alpha²·p + 1)(1 - p))`. Each step is one op of the input's dtype.
pub fn dropout_variant(
    x: &Tensor,
    p: f64,
    training: bool,
    feature: bool,
    alpha: bool,
    rng: &mut Generator,
) -> Result<Tensor> {
    if p == 0.0 || !training || x.numel() == 0 {
        return Ok(x.clone());
    }
    if p == 1.0 {
        return times_zero(x);
    }
    if feature && x.ndim() < 2 {
        return Err(TensorError::runtime(
            "Feature dropout requires at least 2 dimensions in the input".to_string(),
        ));
    }
    let noise = if feature {
        let shape: Vec<usize> = x
            .shape()
            .iter()
            .enumerate()
            .map(|(i, &d)| if i < 2 { d } else { 1 })
            .collect();
        Tensor::zeros(&shape, x.dtype())?
    } else {
        super::random_int::laid_out_like(x, &Tensor::zeros(&[x.numel()], x.dtype())?)?
    };
    super::init::bernoulli_(&noise, 1.0 - p, rng)?;
    let scalar =
        |op, t: &Tensor, v: f64| binary(op, Operand::Tensor(t), Operand::Scalar(Scalar::Float(v)));
    if !alpha {
        // `noise.div_(1 - p)`: in place, so an integer noise cannot take the float quotient.
        if !x.dtype().is_floating_point() {
            let quotient = DType::default_for(crate::tensor::dtype::Category::Float);
            super::elementwise::check_cast(quotient, x.dtype())?;
        }
        let noise = scalar(BinaryOp::Div, &noise, 1.0 - p)?;
        return binary(BinaryOp::Mul, Operand::Tensor(x), Operand::Tensor(&noise));
    }
    const ALPHA: f64 = 1.7580993408473766;
    let a = 1.0 / ((ALPHA * ALPHA * p + 1.0) * (1.0 - p)).sqrt();
    let shifted = binary(
        BinaryOp::Add,
        Operand::Tensor(&noise),
        Operand::Scalar(Scalar::Int(-1)),
    )?;
    let b = scalar(
        BinaryOp::Add,
        &scalar(BinaryOp::Mul, &shifted, ALPHA * a)?,
        ALPHA * a * p,
    )?;
    let noise = scalar(BinaryOp::Mul, &noise, a)?;
    let out = binary(BinaryOp::Mul, Operand::Tensor(x), Operand::Tensor(&noise))?;
    binary(BinaryOp::Add, Operand::Tensor(&out), Operand::Tensor(&b))
}

/// A training-mode kernel the tutor has for float32 only.
fn float32_training(x: &Tensor, what: &str) -> Result<()> {
    if x.dtype() != DType::Float32 {
        return Err(TensorError::NotImplemented(format!(
            "{what} in training on {} tensors is not in the tutor yet (float32 is)",
            x.dtype()
        )));
    }
    Ok(())
}

/// `torch.rrelu(x, lower, upper, training=True)` (`_rrelu_with_noise_train`): each element at or
/// below zero times its own `uniform(lower, upper)` draw (in double, rounded to float), in order.
pub fn rrelu_train(x: &Tensor, lower: f64, upper: f64, rng: &mut Generator) -> Result<Tensor> {
    if !x.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"rrelu_with_noise_out_cpu\" not implemented for '{}'",
            x.dtype().scalar_type_name()
        )));
    }
    float32_training(x, "rrelu")?;
    let (lo, hi) = (lower as f32 as f64, upper as f32 as f64);
    let out: Vec<f32> = x
        .to_vec::<f32>()
        .iter()
        .map(|&v| {
            if v <= 0.0 {
                v * rng.uniform_one_f64(lo, hi) as f32
            } else {
                v
            }
        })
        .collect();
    Tensor::from_vec(out, x.shape())
}

/// `F.embedding(indices, weight)`: the rows of `weight` named by int64/int32 `indices`, shaped
/// `indices.shape + [embedding_dim]`.
pub fn embedding(indices: &Tensor, weight: &Tensor) -> Result<Tensor> {
    let out = embedding_values(indices, weight)?;
    if indices.axes().is_none() && weight.axes().is_none() {
        return Ok(out);
    }
    let mut axes = crate::tensor::sym::axes_vec(indices.axes(), indices.ndim());
    axes.push(weight.axis(1));
    Ok(out.with_axes(crate::tensor::sym::axes(axes)))
}

fn embedding_values(indices: &Tensor, weight: &Tensor) -> Result<Tensor> {
    if indices.dtype() != DType::Int64 && indices.dtype() != DType::Int32 {
        return Err(TensorError::EmbeddingIndexDtype {
            dtype: indices.dtype(),
        });
    }
    let num_embeddings = weight.shape().first().copied().unwrap_or(0);
    let values = indices.to_vec::<i64>();
    if let Some(&bad) = values
        .iter()
        .find(|&&v| v < 0 || v >= num_embeddings as i64)
    {
        return Err(TensorError::EmbeddingIndexOutOfRange {
            index: bad,
            num_embeddings,
        });
    }
    let flat = Tensor::from_vec(values, &[indices.numel()])?;
    let rows = weight.index(&[TensorIndex::Tensor(flat)])?;
    let mut shape: Vec<i64> = indices.shape().iter().map(|&d| d as i64).collect();
    shape.push(weight.shape().get(1).copied().unwrap_or(0) as i64);
    Ok(rows.reshape(&shape)?.detach())
}
