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
    /// Grouped-query attention: key and value heads are repeated to the query's head count.
    pub enable_gqa: bool,
}

/// `F.scaled_dot_product_attention(q, k, v)`: `softmax(q @ kᵀ · scale + mask) @ v`, computed as those
/// four steps (matmul, scale, mask, softmax over the last dim), then the product with `v`.
pub fn scaled_dot_product_attention(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
) -> Result<Tensor> {
    validate_attention(query, key, value, options)?;
    check_flash_mask(query, key, value, options.attn_mask)?;
    let (key, value) = &grouped_heads(query, key, value, options.enable_gqa)?;
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
        let (queries, keys) = (scores.shape()[n - 2], scores.shape()[n - 1]);
        let ones = Tensor::full(&[queries, keys], Scalar::Bool(true), DType::Bool)?;
        let future = unary(UnaryOp::Not, &ones.tri(0, true)?)?;
        scores = masked_fill(&scores, &future, Scalar::Float(f64::NEG_INFINITY))?;
    }
    let probs = zero_masked_rows(&scores, scores.softmax(-1, false)?)?;
    probs.matmul(value)
}

/// `validate_sdpa_input`'s checks (rank, the mask's dtype) and the explicit-mask-with-causal refusal.
fn validate_attention(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
) -> Result<()> {
    if [query, key, value].iter().any(|t| t.ndim() < 2) {
        return Err(TensorError::AttentionRank {
            query: query.shape().to_vec(),
            key: key.shape().to_vec(),
            value: value.shape().to_vec(),
        });
    }
    if let Some(mask) = options.attn_mask {
        let dt = mask.dtype();
        if !(dt == DType::Bool || dt == DType::Float32 || dt == query.dtype()) {
            return Err(TensorError::runtime(format!(
                "Expected attn_mask dtype to be bool or float or to match query dtype, but got attn_mask.dtype: {} and  query.dtype: {} instead.",
                dt.cpp_name(),
                query.dtype().cpp_name()
            )));
        }
    }
    if options.is_causal && options.attn_mask.is_some() {
        return Err(TensorError::runtime(
            "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True",
        ));
    }
    Ok(())
}

/// ATen's `_scaled_dot_product_attention_math`, the CPU path `scaled_dot_product_attention` takes when
/// `dropout_p > 0`: float16 and bfloat16 inputs widened to float; q and kᵀ each scaled by the square
/// root of the scale (q by its negative when the scale is negative); their product; the mask (a bool
/// one turned into 0 / -inf, or the causal lower triangle) added in place; `_safe_softmax`; dropout of
/// the weights (`at::dropout`, `p == 1` zeroing them without a draw); the product with v, rounded back
/// to the input's dtype.
pub fn attention_math(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
    dropout_p: f64,
    rng: &mut Generator,
) -> Result<Tensor> {
    validate_attention(query, key, value, options)?;
    let origin = query.dtype();
    let widen = |t: &Tensor| {
        if matches!(origin, DType::Float16 | DType::BFloat16) {
            t.to_dtype(DType::Float32)
        } else {
            t.clone()
        }
    };
    let (q, k, v) = (widen(query), widen(key), widen(value));
    let head_dim = *q.shape().last().unwrap_or(&1) as f64;
    let negative = options.scale.is_some_and(|s| s < 0.0);
    let factor = options.scale.map_or(1.0 / head_dim.sqrt(), f64::abs).sqrt();
    let times = |t: &Tensor, f: f64| {
        binary(
            BinaryOp::Mul,
            Operand::Tensor(t),
            Operand::Scalar(Scalar::Float(f)),
        )
    };
    let q = times(&q, if negative { 0.0 - factor } else { factor })?;
    let additive = |bool_mask: &Tensor| -> Result<Tensor> {
        let hidden = unary(UnaryOp::Not, bool_mask)?;
        masked_fill(
            &Tensor::zeros(bool_mask.shape(), origin)?,
            &hidden,
            Scalar::Float(f64::NEG_INFINITY),
        )
    };
    let mask = if options.is_causal {
        let (l, s) = (q.shape()[q.ndim() - 2], k.shape()[k.ndim() - 2]);
        Some(additive(
            &Tensor::full(&[l, s], Scalar::Bool(true), DType::Bool)?.tri(0, true)?,
        )?)
    } else {
        match options.attn_mask {
            Some(m) if m.dtype() == DType::Bool => Some(additive(m)?),
            Some(m) => Some(m.clone()),
            None => None,
        }
    };
    let (k, v) = &grouped_heads(&q, &k, &v, options.enable_gqa)?;
    let scores = q.matmul(&times(&k.transpose(-2, -1)?, factor)?)?;
    if let Some(m) = &mask {
        super::elementwise::binary_inplace(BinaryOp::Add, &scores, Operand::Tensor(m))?;
    }
    let mut weights = zero_masked_rows(&scores, scores.softmax(-1, false)?)?;
    if dropout_p > 0.0 {
        if dropout_p > 1.0 {
            return Err(TensorError::runtime(format!(
                "dropout probability has to be between 0 and 1, but got {}",
                super::activation::cpp_double(dropout_p)
            )));
        }
        weights = dropout(&weights, dropout_p, true, rng)?;
    }
    Ok(weights.matmul(v)?.to_dtype(origin))
}

/// The CPU flash kernel's eligibility checks read `attn_mask.size(-2)` when query, key and value are
/// 4-D, of one batch size, with a nonzero head dim and sequence lengths, and the mask does not require
/// grad: a mask of fewer than two dims then fails there with an `IndexError` (a 1-D padding mask
/// for 4-D inputs), before any broadcasting.
fn check_flash_mask(q: &Tensor, k: &Tensor, v: &Tensor, mask: Option<&Tensor>) -> Result<()> {
    let Some(mask) = mask else { return Ok(()) };
    if mask.ndim() >= 2 || mask.requires_grad() || [q, k, v].iter().any(|t| t.ndim() != 4) {
        return Ok(());
    }
    let (qs, ks, vs) = (q.shape(), k.shape(), v.shape());
    let same_batch = qs[0] == ks[0] && qs[0] == vs[0];
    let nonempty = qs[3] > 0 && qs[2] > 0 && ks[2] > 0 && vs[2] > 0;
    if !same_batch || !nonempty {
        return Ok(());
    }
    Err(TensorError::Index(if mask.ndim() == 0 {
        "Dimension specified as -2 but tensor has no dimensions".into()
    } else {
        "Dimension out of range (expected to be in range of [-1, 0], but got -2)".into()
    }))
}

/// ATen's `pre_process_group_query_attention_input`: with `enable_gqa`, key and value heads (dim -3)
/// must divide the query's and are repeated (`repeat_interleave`) up to it.
fn grouped_heads(q: &Tensor, k: &Tensor, v: &Tensor, gqa: bool) -> Result<(Tensor, Tensor)> {
    let heads = |t: &Tensor| t.shape()[t.ndim() - 3];
    if !gqa {
        return Ok((k.clone(), v.clone()));
    }
    if let Some(t) = [q, k, v].into_iter().find(|t| t.ndim() < 3) {
        let n = t.ndim();
        return Err(TensorError::Index(format!(
            "Dimension out of range (expected to be in range of [-{n}, {}], but got -3)",
            n - 1
        )));
    }
    let (hq, hk, hv) = (heads(q), heads(k), heads(v));
    if hk == 0 || hv == 0 || hq % hk != 0 || hq % hv != 0 {
        return Err(TensorError::runtime(
            "Number of heads in key and value must divide the number of heads in query",
        ));
    }
    if hq == hk && hk == hv {
        return Ok((k.clone(), v.clone()));
    }
    Ok((
        super::reorder::repeat_interleave(k, hq / hk, Some(-3))?,
        super::reorder::repeat_interleave(v, hq / hv, Some(-3))?,
    ))
}

/// ATen's `_safe_softmax`, which the attention kernels use: a query whose every score is `-inf` (all its
/// keys masked) attends to nothing, so its row is zeros rather than softmax's NaN. Only a row with a NaN
/// can be one, so rows are looked at only then.
fn zero_masked_rows(scores: &Tensor, probs: Tensor) -> Result<Tensor> {
    if !has_nan(&probs)? {
        return Ok(probs);
    }
    let neg_inf = binary(
        BinaryOp::Eq,
        Operand::Tensor(scores),
        Operand::Scalar(Scalar::Float(f64::NEG_INFINITY)),
    )?;
    let open = unary(UnaryOp::Not, &neg_inf)?.sum(Some(&[-1]), true)?;
    let masked = binary(
        BinaryOp::Eq,
        Operand::Tensor(&open),
        Operand::Scalar(Scalar::Int(0)),
    )?;
    super::masked::where_(
        &masked,
        Operand::Scalar(Scalar::Float(0.0)),
        Operand::Tensor(&probs),
    )
}

/// Whether any element is NaN. Float32 (every forward at the paper's sizes) is scanned in place;
/// other dtypes go through `isnan`.
fn has_nan(t: &Tensor) -> Result<bool> {
    if t.dtype() == DType::Float32 {
        return t.with_raw::<f32, _>(|data, layout| {
            let start = layout.offset;
            match data.get(start..start + layout.numel()) {
                Some(run) if layout.is_contiguous() => run.iter().any(|v| v.is_nan()),
                _ => t.to_vec::<f32>().iter().any(|v| v.is_nan()),
            }
        });
    }
    Ok(unary(UnaryOp::IsNan, t)?.to_vec::<bool>().contains(&true))
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
