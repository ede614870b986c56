//! `torch.nn.functional`: each function binds PyTorch's signature — a `def` in Python for most, whose
//! inner call into C++ is bound too so a wrong type is worded as PyTorch words it — and runs one engine
//! op; [`f_dispatch`] records the grad_fn its result carries.

use std::sync::LazyLock;

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::elementwise::{UnaryOp, unary};
use crate::tensor::ops::{create, nn as tnn, reorder};
use crate::tensor::{Scalar, Tensor};

use super::super::call::{Call, Def, Prepared};
use super::super::state::state;
use super::super::tensor;

/// The grad_fn a function's result records when an input requires grad.
#[derive(Clone, Copy)]
pub(super) enum Node {
    /// Recorded by the tensor op it calls, or none.
    Own,
    Fixed(&'static str),
    /// `linear`'s node depends on the input's dims and the bias.
    Linear,
    /// One node for an input of the given rank, another for any other (an unbatched input is
    /// squeezed back).
    ByRank(usize, &'static str, &'static str),
    /// `scaled_dot_product_attention`: the CPU flash kernel's node for 4-D queries (3-D ones are
    /// unsqueezed for it and squeezed back); the math path's last product otherwise.
    Attention,
}

pub(super) struct FDef {
    pub def: Def,
    pub node: Node,
}

pub(super) const fn py(
    name: &'static str,
    text: &'static str,
    run: super::super::call::Run,
    node: Node,
) -> FDef {
    FDef {
        def: Def::python(name, text, Dialect::PyDef, run),
        node,
    }
}

pub(super) const fn cpp(
    name: &'static str,
    sig: &'static [&'static str],
    run: super::super::call::Run,
    node: Node,
) -> FDef {
    FDef {
        def: Def::function(name, sig, run),
        node,
    }
}

/// `torch.nn.functional`, built once.
pub(super) static F_TABLE: LazyLock<rustc_hash::FxHashMap<&'static str, (Prepared, Node)>> =
    LazyLock::new(|| {
        F_DEFS
            .iter()
            .chain(super::losses::LOSS_DEFS)
            .chain(super::transformer::MHA_F_DEFS)
            .chain(super::activations::ACT_DEFS)
            .chain(super::utility::UTILITY_DEFS)
            .chain(super::channels::CHANNEL_DEFS)
            .chain(super::margin_losses::MARGIN_LOSS_DEFS)
            .chain(super::dropouts::DROPOUT_DEFS)
            .chain(super::bags::BAG_DEFS)
            .chain(super::resize::RESIZE_DEFS)
            .map(|f| (f.def.name, (Prepared::new(&f.def), f.node)))
            .collect()
    });

/// Runs `F.name` without recording a grad_fn (a module's forward, which records its own).
pub(super) fn run_f(interp: &mut Interpreter, name: &str, args: Args) -> PyResult<Value> {
    let (p, _) = F_TABLE
        .get(name)
        .ok_or_else(|| exc(ExcKind::RuntimeError, format!("internal: no F.{name}")))?;
    let call = p.bind_function(args)?;
    (p.def.run)(interp, &call)
}

// The C++ functions the Python ones pass their arguments to.
static LEAKY_RELU: Sig = Sig::torch("leaky_relu(Tensor input, Scalar negative_slope=0.01)");
static ELU: Sig =
    Sig::torch("elu(Tensor input, Scalar alpha=1, Scalar scale=1, Scalar input_scale=1)");
static SILU: Sig = Sig::torch("silu(Tensor input)");
static LAYER_NORM: Sig = Sig::torch(
    "layer_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, Tensor? bias=None, float eps=1e-05, bool cudnn_enable=True)",
);
static DROPOUT: Sig = Sig::torch("dropout(Tensor input, float p, bool train)");
static EMBEDDING: Sig = Sig::torch(
    "embedding(Tensor weight, Tensor indices, SymInt padding_idx=-1, bool scale_grad_by_freq=False, bool sparse=False)",
);
static PAD: Sig =
    Sig::torch("pad(Tensor input, SymInt[] pad, str mode=\"constant\", float? value=None)");

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

/// The argument at `i` as the Python function passes it on: the value given or its default.
fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

pub(super) static F_DEFS: &[FDef] = &[
    py(
        "softmax",
        "softmax(input, dim=None, _stacklevel=3, dtype=None)",
        |i, c| softmax(i, c, false),
        Node::Own,
    ),
    py(
        "log_softmax",
        "log_softmax(input, dim=None, _stacklevel=3, dtype=None)",
        |i, c| softmax(i, c, true),
        Node::Own,
    ),
    py("relu", "relu(input, inplace=False)", relu, Node::Own),
    cpp(
        "gelu",
        &["gelu(Tensor input, *, str approximate=\"none\")"],
        |_, c| {
            let op = match c.str(1)?.as_deref() {
                Some("tanh") => UnaryOp::GeluTanh,
                Some("none") | None => UnaryOp::Gelu,
                Some(_) => {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        "approximate argument must be either none or tanh.",
                    ));
                }
            };
            let x = c.tensor(0)?;
            tnn::float_only(&x, "GeluKernelImpl")?;
            t(unary(op, &x)?)
        },
        Node::Fixed("GeluBackward0"),
    ),
    py(
        "tanh",
        "tanh(input)",
        |i, c| method(i, c, "tanh"),
        Node::Own,
    ),
    py(
        "sigmoid",
        "sigmoid(input)",
        |i, c| method(i, c, "sigmoid"),
        Node::Own,
    ),
    py(
        "silu",
        "silu(input, inplace=False)",
        |_, c| {
            let x = SILU.bind(Args::new(vec![arg(c, 0)]))?.tensor(0)?;
            tnn::float_only(&x, "silu_cpu")?;
            t(unary(UnaryOp::Silu, &x)?)
        },
        Node::Fixed("SiluBackward0"),
    ),
    py(
        "leaky_relu",
        "leaky_relu(input, negative_slope=0.01, inplace=False)",
        |_, c| {
            let b = LEAKY_RELU.bind(Args::new(vec![arg(c, 0), arg(c, 1)]))?;
            t(tnn::leaky_relu(&b.tensor(0)?, b.float(1)?)?)
        },
        Node::Fixed("LeakyReluBackward0"),
    ),
    py(
        "elu",
        "elu(input, alpha=1.0, inplace=False)",
        |_, c| {
            let b = ELU.bind(Args::new(vec![arg(c, 0), arg(c, 1)]))?;
            t(tnn::elu(&b.tensor(0)?, b.float(1)?)?)
        },
        Node::Fixed("EluBackward0"),
    ),
    cpp(
        "softplus",
        &["softplus(Tensor input, Scalar beta=1, Scalar threshold=20)"],
        |_, c| t(tnn::softplus(&c.tensor(0)?, c.float(1)?, c.float(2)?)?),
        Node::Fixed("SoftplusBackward0"),
    ),
    py(
        "layer_norm",
        "layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)",
        |_, c| {
            let b = LAYER_NORM.bind(Args::new((0..5).map(|i| arg(c, i)).collect()))?;
            let shape: Vec<usize> = b.int_list(1)?.iter().map(|&d| d.max(0) as usize).collect();
            let (w, bias) = (b.opt_tensor(2)?, b.opt_tensor(3)?);
            t(b.tensor(0)?
                .layer_norm(&shape, w.as_ref(), bias.as_ref(), b.float(4)?)?)
        },
        Node::Fixed("NativeLayerNormBackward0"),
    ),
    cpp(
        "one_hot",
        &["one_hot(Tensor input, int num_classes=-1)"],
        |_, c| {
            let x = c.tensor(0)?;
            let out = create::one_hot(&x, c.int(1)?)?;
            // The input's axes, then the classes (`num_classes=vocab`).
            let mut axes = crate::tensor::sym::axes_vec(x.axes(), x.ndim());
            axes.push(c.int_sym(1).filter(|_| c.int(1).is_ok_and(|n| n >= 0)));
            t(out.with_axes(crate::tensor::sym::axes(axes)))
        },
        Node::Own,
    ),
    py(
        "dropout",
        "dropout(input, p=0.5, training=True, inplace=False)",
        dropout,
        // ATen's CPU `_dropout`: the input times a scaled Bernoulli mask.
        Node::Fixed("MulBackward0"),
    ),
    cpp(
        "linear",
        &["linear(Tensor input, Tensor weight, Tensor? bias=None)"],
        |_, c| {
            let bias = c.opt_tensor(2)?;
            t(tnn::linear(&c.tensor(0)?, &c.tensor(1)?, bias.as_ref())?)
        },
        Node::Linear,
    ),
    py(
        "embedding",
        "embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False)",
        |_, c| {
            let b = EMBEDDING.bind(Args::new(vec![arg(c, 1), arg(c, 0)]))?;
            let (weight, input) = (b.tensor(0)?, b.tensor(1)?);
            if !matches!(arg(c, 3), Value::None) {
                super::bags::renorm(&weight, &input, &arg(c, 3), &arg(c, 4))?;
            }
            t(tnn::embedding(&input, &weight)?)
        },
        Node::Fixed("EmbeddingBackward0"),
    ),
    py(
        "pad",
        "pad(input, pad, mode='constant', value=None)",
        |_, c| {
            let b = PAD.bind(Args::new((0..4).map(|i| arg(c, i)).collect()))?;
            if b.str(2)?.as_deref() != Some("constant") {
                return Err(exc(
                    ExcKind::NotImplementedError,
                    "the tutor's pad supports mode='constant' only",
                ));
            }
            let value = b.opt_float(3)?.map_or(Scalar::Int(0), Scalar::Float);
            t(reorder::pad(&b.tensor(0)?, &b.int_list(1)?, value)?)
        },
        Node::Fixed("ConstantPadNdBackward0"),
    ),
    cpp(
        "scaled_dot_product_attention",
        &[
            "scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, Tensor? attn_mask=None, float dropout_p=0.0, bool is_causal=False, *, float? scale=None, bool enable_gqa=False)",
        ],
        |interp, c| {
            let mask = c.opt_tensor(3)?;
            let options = tnn::AttentionOptions {
                attn_mask: mask.as_ref(),
                is_causal: c.bool(5)?,
                scale: c.opt_float(6)?,
                enable_gqa: c.bool(7)?,
            };
            let (q, k, v) = (c.tensor(0)?, c.tensor(1)?, c.tensor(2)?);
            let dropout_p = c.float(4)?;
            if dropout_p > 0.0 {
                // PyTorch drops attention weights whenever dropout_p > 0, in training or not, on
                // its math path.
                return t(tnn::attention_math(
                    &q,
                    &k,
                    &v,
                    &options,
                    dropout_p,
                    &mut state(interp).rng,
                )?);
            }
            if dropout_p < 0.0 && [&q, &k, &v].iter().all(|t| matches!(t.ndim(), 3 | 4)) {
                // A negative probability is not "> 0", so the flash kernel is picked (3-D inputs
                // gain a batch dim for it), and it refuses any nonzero one.
                return Err(exc(
                    ExcKind::RuntimeError,
                    "scaled_dot_product_attention_flash_attention: Currently do not support dropout > 0",
                ));
            }
            t(tnn::scaled_dot_product_attention(&q, &k, &v, &options)?)
        },
        Node::Attention,
    ),
];

/// Runs a `torch.nn.functional` function and records the grad_fn its result carries.
pub(super) fn f_dispatch(
    interp: &mut Interpreter,
    p: &'static Prepared,
    node: Node,
    args: Args,
) -> PyResult<Value> {
    let inputs: Vec<&Value> = args
        .pos
        .iter()
        .chain(args.kw.iter().map(|(_, v)| v))
        .collect();
    let record = super::super::autograd::recording(interp, &inputs);
    let call = p.bind_function(args)?;
    let input_ndim = match call.value(0) {
        Some(Value::Tensor(t)) => t.ndim(),
        _ => 0,
    };
    let has_bias = matches!(node, Node::Linear) && matches!(call.value(2), Some(Value::Tensor(_)));
    let result = (p.def.run)(interp, &call)?;
    let unchanged =
        matches!(call.value(0), Some(input) if crate::interp::ops::is_same(&input, &result));
    match node {
        // An op that returned its input (dropout outside training) leaves its grad_fn as it was.
        _ if !record || unchanged => Ok(result),
        Node::Own => Ok(result),
        Node::Linear => Ok(super::super::autograd::mark(
            result,
            linear_node(input_ndim, has_bias),
        )),
        Node::Fixed(n) => Ok(super::super::autograd::mark(result, n)),
        Node::ByRank(rank, batched, other) => Ok(super::super::autograd::mark(
            result,
            if input_ndim == rank { batched } else { other },
        )),
        Node::Attention => Ok(super::super::autograd::mark(
            result,
            match (takes_flash(&call), input_ndim) {
                // 3-D inputs gain a batch dim for either kernel, squeezed off its result.
                (_, 3) => "SqueezeBackward1",
                (true, _) => "ScaledDotProductFlashAttentionForCpuBackward0",
                // The math path's last op is `matmul(weights, v)`.
                (false, 2) => "MmBackward0",
                (false, _) => "UnsafeViewBackward0",
            },
        )),
    }
}

/// Whether `scaled_dot_product_attention` ran the CPU flash kernel for this call (no dropout, and the
/// inputs [`tnn::flash_eligible`] accepts), which decides its result's grad_fn.
fn takes_flash(call: &crate::interp::torch::call::Call<'_>) -> bool {
    let tensor = |i: usize| match call.value(i) {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    if matches!(call.value(4), Some(Value::Float(p)) if p > 0.0) {
        return false;
    }
    let (Some(q), Some(k), Some(v)) = (tensor(0), tensor(1), tensor(2)) else {
        return false;
    };
    let mask = tensor(3);
    let options = tnn::AttentionOptions {
        attn_mask: mask.as_ref(),
        enable_gqa: matches!(call.value(7), Some(Value::Bool(true))),
        ..Default::default()
    };
    tnn::flash_eligible(&q, &k, &v, &options)
}

pub(super) fn linear_node(input_ndim: usize, has_bias: bool) -> &'static str {
    match (input_ndim, has_bias) {
        (2, true) => "AddmmBackward0",
        (2, false) => "MmBackward0",
        // `matmul` of a vector: `unsqueeze(0).mm(..).squeeze_(0)`.
        (1, false) => "SqueezeBackward4",
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

/// `input.name(*args)`, as a function written in Python calls a method of its argument.
pub(super) fn call_method(
    interp: &mut Interpreter,
    input: Value,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let m = interp.get_attr(&input, name)?;
    interp.call_value(m, args)
}

fn method(interp: &mut Interpreter, c: &Call, name: &str) -> PyResult<Value> {
    call_method(interp, arg(c, 0), name, Args::new(vec![]))
}

/// `F.softmax(input, dim=None, _stacklevel=3, dtype=None)`: `input.softmax(dim)`, with PyTorch's
/// implicit dim (and warning) when none is given.
fn softmax(interp: &mut Interpreter, c: &Call, log: bool) -> PyResult<Value> {
    let input = arg(c, 0);
    let dim = match c.value(1) {
        Some(d) => d,
        None => {
            let ndim = call_method(interp, input.clone(), "dim", Args::new(vec![]))?;
            let x = match &input {
                Value::Tensor(x) => x.clone(),
                _ => return Ok(ndim),
            };
            Value::int(implicit_softmax_dim(interp, &x, log))
        }
    };
    let mut args = Args::new(vec![dim]);
    if let Some(d) = c.value(3) {
        args.kw.push(("dtype".into(), d));
    }
    call_method(
        interp,
        input,
        if log { "log_softmax" } else { "softmax" },
        args,
    )
}

/// `F.relu(input, inplace=False)`: `torch.relu(input)` or `torch.relu_(input)`.
fn relu(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let inplace = match c.value(1) {
        Some(v) => interp.truthy(&v)?,
        None => false,
    };
    let name = if inplace { "relu_" } else { "relu" };
    let f = tensor::torch_function(name)
        .ok_or_else(|| exc(ExcKind::RuntimeError, format!("internal: no torch.{name}")))?;
    tensor::call_function(interp, f, Args::new(vec![arg(c, 0)]))
}

/// `F.dropout(input, p=0.5, training=True, inplace=False)`.
fn dropout(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let prob = super::dropouts::probability(interp, &arg(c, 1))?;
    let training = match c.value(2) {
        Some(v) => v,
        None => Value::Bool(true),
    };
    let b = DROPOUT.bind(Args::new(vec![arg(c, 0), Value::Float(prob), training]))?;
    let x = b.tensor(0)?;
    if prob == 0.0 || !b.bool(2)? || x.numel() == 0 {
        // ATen's `_dropout` returns its input itself then.
        return Ok(arg(c, 0));
    }
    let out = tnn::dropout(&x, prob, b.bool(2)?, &mut state(interp).rng)?;
    if interp.truthy(&arg(c, 3))? {
        // `inplace=True`: ATen's `_dropout<true>` multiplies the input by the noise in place.
        x.copy_from(&out)?;
        return Ok(arg(c, 0));
    }
    t(out)
}
