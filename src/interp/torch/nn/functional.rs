//! `torch.nn.functional`: each function parses its arguments and calls one engine op; `f_dispatch` records
//! the grad_fn its result carries.

use crate::interp::torch::state::state;
use crate::tensor::Tensor;
use crate::tensor::ops::elementwise::UnaryOp;
use crate::tensor::ops::{create, nn as tnn, pointwise, reorder};

use super::super::args::Params;
use crate::interp::Interpreter;
use crate::interp::error::{PyResult, exc, type_error};
use crate::interp::value::{Args, NativeFn, Value};

use super::*;

/// `torch.nn.functional`: (name, implementation, the grad_fn its result records).
pub(super) const F_FNS: &[(&str, NativeFn, Option<&str>)] = &[
    (
        "softmax",
        |i, a| f_softmax(i, "softmax", a),
        Some("SoftmaxBackward0"),
    ),
    (
        "log_softmax",
        |i, a| f_softmax(i, "log_softmax", a),
        Some("LogSoftmaxBackward0"),
    ),
    ("relu", f_relu, None),
    ("kl_div", f_kl_div, Some("SumBackward0")),
    (
        "gelu",
        |i, a| super::super::call_torch_fn(i, "gelu", a),
        None,
    ),
    (
        "tanh",
        |i, a| super::super::call_torch_fn(i, "tanh", a),
        None,
    ),
    (
        "sigmoid",
        |i, a| super::super::call_torch_fn(i, "sigmoid", a),
        None,
    ),
    (
        "silu",
        |i, a| super::super::call_torch_fn(i, "silu", a),
        None,
    ),
    ("leaky_relu", f_leaky_relu, Some("LeakyReluBackward0")),
    ("elu", f_elu, Some("EluBackward0")),
    ("softplus", f_softplus, Some("SoftplusBackward0")),
    ("layer_norm", f_layer_norm, Some("NativeLayerNormBackward0")),
    ("one_hot", f_one_hot, None),
    ("dropout", f_dropout, Some("NativeDropoutBackward0")),
    ("linear", f_linear, Some("linear")),
    ("embedding", f_embedding, Some("EmbeddingBackward0")),
    ("pad", f_pad, Some("ConstantPadNdBackward0")),
    ("scaled_dot_product_attention", f_sdpa, None),
    ("cross_entropy", f_cross_entropy, Some("NllLossBackward0")),
    ("nll_loss", f_nll_loss, Some("NllLossBackward0")),
    ("mse_loss", f_mse_loss, Some("MseLossBackward0")),
];

/// Runs a `torch.nn.functional` function and records the grad_pub(super) fn its result carries.
pub(super) fn f_dispatch(
    interp: &mut Interpreter,
    f: NativeFn,
    node: Option<&'static str>,
    args: Args,
) -> PyResult<Value> {
    let inputs: Vec<Value> = args
        .pos
        .iter()
        .chain(args.kw.iter().map(|(_, v)| v))
        .cloned()
        .collect();
    let record = super::super::autograd::recording(interp, &inputs.iter().collect::<Vec<_>>());
    let input_ndim = match args.pos.first() {
        Some(Value::Tensor(t)) => t.ndim(),
        _ => 0,
    };
    let has_bias = matches!(
        args.pos
            .get(2)
            .or(args.kw.iter().find(|(k, _)| &**k == "bias").map(|(_, v)| v)),
        Some(Value::Tensor(_))
    );
    let result = f(interp, args)?;
    match node {
        Some(_) if !record => Ok(result),
        Some("linear") => Ok(super::super::autograd::mark(
            result,
            linear_node(input_ndim, has_bias),
        )),
        Some(n) => Ok(super::super::autograd::mark(result, n)),
        None => Ok(result),
    }
}

pub(super) fn linear_node(input_ndim: usize, has_bias: bool) -> &'static str {
    match (input_ndim, has_bias) {
        (2, true) => "AddmmBackward0",
        (2, false) => "MmBackward0",
        _ => "UnsafeViewBackward0",
    }
}

pub(super) fn implicit_softmax_dim(interp: &mut Interpreter, x: &Tensor, log: bool) -> i64 {
    interp.warnings.push(format!(
        "UserWarning: Implicit dimension choice for {} has been deprecated. Change the call to include dim=X as an argument.",
        if log { "log_softmax" } else { "softmax" }
    ));
    if matches!(x.ndim(), 0 | 1 | 3) { 0 } else { 1 }
}

pub(super) fn f_softmax(
    interp: &mut Interpreter,
    name: &'static str,
    args: Args,
) -> PyResult<Value> {
    let p = Params::new(name, args);
    let x = p.tensor(0, "input")?;
    let dim = match p.int_opt(1, "dim")? {
        Some(d) => d,
        None => implicit_softmax_dim(interp, &x, name == "log_softmax"),
    };
    Ok(Value::Tensor(x.softmax(dim, name == "log_softmax")?))
}

pub(super) fn f_layer_norm(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("layer_norm", args);
    let x = p.tensor(0, "input")?;
    let shape =
        normalized_shape(&p.get(1, "normalized_shape").ok_or_else(|| {
            type_error("layer_norm() missing required argument 'normalized_shape'")
        })?)?;
    let w = match p.get(2, "weight") {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    let b = match p.get(3, "bias") {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    let eps = p.float_opt(4, "eps")?.unwrap_or(1e-5);
    Ok(Value::Tensor(x.layer_norm(
        &shape,
        w.as_ref(),
        b.as_ref(),
        eps,
    )?))
}

pub(super) fn f_one_hot(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("one_hot", args);
    let x = p.tensor(0, "input")?;
    Ok(Value::Tensor(create::one_hot(
        &x,
        p.int_opt(1, "num_classes")?.unwrap_or(-1),
    )?))
}

pub(super) fn f_dropout(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("dropout", args);
    let x = p.tensor(0, "input")?;
    let prob = p.float_opt(1, "p")?.unwrap_or(0.5);
    if !(0.0..=1.0).contains(&prob) {
        return Err(exc(
            "ValueError",
            format!(
                "dropout probability has to be between 0 and 1, but got {}",
                crate::interp::pyfmt::float_repr(prob)
            ),
        ));
    }
    let train = p.bool_or(2, "training", true)?;
    Ok(Value::Tensor(tnn::dropout(
        &x,
        prob,
        train,
        &mut state(interp).rng,
    )?))
}

pub(super) fn f_linear(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("linear", args);
    let x = p.tensor(0, "input")?;
    let w = p.tensor(1, "weight")?;
    let b = match p.get(2, "bias") {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    Ok(Value::Tensor(tnn::linear(&x, &w, b.as_ref())?))
}

pub(super) fn f_embedding(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("embedding", args);
    let idx = p.tensor(0, "input")?;
    let w = p.tensor(1, "weight")?;
    Ok(Value::Tensor(tnn::embedding(&idx, &w)?))
}

pub(super) fn f_pad(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("pad", args);
    let x = p.tensor(0, "input")?;
    let pads = p.int_list_at(1, "pad")?;
    let value = p
        .scalar_opt(3, "value")?
        .unwrap_or(crate::tensor::Scalar::Int(0));
    Ok(Value::Tensor(reorder::pad(&x, &pads, value)?))
}

pub(super) fn f_sdpa(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("scaled_dot_product_attention", args);
    let q = p.tensor(0, "query")?;
    let k = p.tensor(1, "key")?;
    let v = p.tensor(2, "value")?;
    let scale = p.float_opt(usize::MAX, "scale")?;
    let attn_mask = match p.get(3, "attn_mask") {
        Some(Value::Tensor(mask)) => Some(mask),
        _ => None,
    };
    let options = tnn::AttentionOptions {
        attn_mask: attn_mask.as_ref(),
        is_causal: p.bool_or(5, "is_causal", false)?,
        scale,
    };
    Ok(Value::Tensor(tnn::scaled_dot_product_attention(
        &q, &k, &v, &options,
    )?))
}

pub(super) fn f_leaky_relu(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("leaky_relu", args);
    let x = p.tensor(0, "input")?;
    Ok(Value::Tensor(tnn::leaky_relu(
        &x,
        p.float_opt(1, "negative_slope")?.unwrap_or(0.01),
    )?))
}

pub(super) fn f_elu(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("elu", args);
    let x = p.tensor(0, "input")?;
    Ok(Value::Tensor(tnn::elu(
        &x,
        p.float_opt(1, "alpha")?.unwrap_or(1.0),
    )?))
}

pub(super) fn f_softplus(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("softplus", args);
    let x = p.tensor(0, "input")?;
    let beta = p.float_opt(1, "beta")?.unwrap_or(1.0);
    let threshold = p.float_opt(2, "threshold")?.unwrap_or(20.0);
    Ok(Value::Tensor(tnn::softplus(&x, beta, threshold)?))
}

/// `F.relu(x, inplace=False)`.
pub(super) fn f_relu(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("relu", args);
    let x = p.tensor(0, "input")?;
    if p.bool_or(1, "inplace", false)? {
        pointwise::unary_inplace(UnaryOp::Relu, &x)?;
        return Ok(Value::Tensor(x));
    }
    super::super::call_torch_fn(interp, "relu", Args::new(vec![Value::Tensor(x)]))
}
