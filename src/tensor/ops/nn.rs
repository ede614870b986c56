//! The neural-network ops of `torch.nn.functional` that are more than one elementwise kernel: scaled
//! dot-product attention, `linear`, the parametrised activations (`leaky_relu`, `elu`, `softplus`),
//! dropout's masking and the embedding lookup.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::elementwise::{
    BinaryOp, Operand, UnaryOp, binary, map, masked_fill, unary,
};
use crate::tensor::random::Generator;
use crate::tensor::{DType, Scalar, Tensor, TensorIndex};

/// The optional arguments of [`scaled_dot_product_attention`].
#[derive(Debug, Clone, Default)]
pub struct AttentionOptions<'a> {
    /// A bool mask (`True` = may attend) or an additive float mask, broadcast against the scores.
    pub attn_mask: Option<&'a Tensor>,
    /// Mask out keys after each query (a lower-triangular mask over the last two dims).
    pub is_causal: bool,
    /// The factor applied to `q @ kᵀ`; `1 / sqrt(head_dim)` when absent.
    pub scale: Option<f64>,
}

/// `F.scaled_dot_product_attention(q, k, v)`: `softmax(q @ kᵀ · scale + mask) @ v`, computed as those
/// four steps (matmul, scale, mask, softmax over the last dim), then the product with `v`.
pub fn scaled_dot_product_attention(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
) -> Result<Tensor> {
    let head_dim = *query.shape().last().unwrap_or(&1) as f64;
    let scale = options.scale.unwrap_or(1.0 / head_dim.sqrt());
    let scores = query.matmul(&key.transpose(-2, -1)?)?;
    let mut scores = binary(
        BinaryOp::Mul,
        Operand::Tensor(&scores),
        Operand::Scalar(Scalar::Float(scale)),
    )?;
    if let Some(mask) = options.attn_mask {
        scores = if mask.dtype() == DType::Bool {
            let hidden = unary(UnaryOp::Not, mask)?;
            masked_fill(&scores, &hidden, Scalar::Float(f64::NEG_INFINITY))?
        } else {
            binary(
                BinaryOp::Add,
                Operand::Tensor(&scores),
                Operand::Tensor(mask),
            )?
        };
    }
    if options.is_causal {
        let n = scores.ndim();
        if n < 2 {
            return Err(TensorError::AttentionRank {
                query: query.shape().to_vec(),
                key: key.shape().to_vec(),
                value: value.shape().to_vec(),
            });
        }
        let (queries, keys) = (scores.shape()[n - 2], scores.shape()[n - 1]);
        let ones = Tensor::full(&[queries, keys], Scalar::Bool(true), DType::Bool)?;
        let future = unary(UnaryOp::Not, &ones.tri(0, true)?)?;
        scores = masked_fill(&scores, &future, Scalar::Float(f64::NEG_INFINITY))?;
    }
    scores.softmax(-1, false)?.matmul(value)
}

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
    // PyTorch draws another way for the other float types; they are refused rather than drawn so.
    if x.dtype().is_floating_point() && x.dtype() != DType::Float32 {
        return Err(TensorError::NotImplemented(format!(
            "dropout in training on {} tensors is not in the tutor yet (float32 is)",
            x.dtype()
        )));
    }
    let values = x.to_dtype(DType::Float32).to_vec::<f32>();
    let kept = rng.dropout_f32(&values, p);
    Ok(Tensor::from_vec(kept, x.shape())?.with_axes_of(x))
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
