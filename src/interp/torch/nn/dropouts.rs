//! The other dropouts and the randomised ReLU: `F.dropout1d`, `F.dropout2d`, `F.alpha_dropout`,
//! `F.feature_alpha_dropout`, `F.rrelu`, `F.gumbel_softmax`, and the modules `nn.Dropout1d`, `nn.AlphaDropout` and
//! `nn.RReLU`. Each function is PyTorch's Python (its probability check, its warnings, its handling
//! of an unbatched input), then the ATen op, which draws from the default generator as PyTorch's CPU
//! kernels do.

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Instance, Value};
use crate::tensor::Tensor;
use crate::tensor::ops::nn as tnn;

use super::super::call::Call;
use super::super::state::state;
use super::functional::{FDef, Node, py, run_f};
use super::utility::str_of;
use super::*;

fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

/// `if p < 0.0 or p > 1.0: raise ValueError(...)`, the probability as a float.
pub(super) fn probability(interp: &mut Interpreter, p: &Value) -> PyResult<f64> {
    let v = match p {
        Value::Int(n, _) => *n as f64,
        Value::Bool(b) => f64::from(u8::from(*b)),
        Value::Float(f) => *f,
        other => {
            return Err(exc(
                ExcKind::TypeError,
                format!(
                    "'<' not supported between instances of '{}' and 'float'",
                    other.type_name()
                ),
            ));
        }
    };
    if !(0.0..=1.0).contains(&v) {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "dropout probability has to be between 0 and 1, but got {}",
                interp.to_str(p)?
            ),
        ));
    }
    Ok(v)
}

/// The input as a tensor (`input.dim()` in Python).
fn input_tensor(v: Value) -> PyResult<Tensor> {
    match v {
        Value::Tensor(t) => Ok(t),
        other => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute 'dim'", other.type_name()),
        )),
    }
}

/// Runs one of ATen's dropouts on `x`, in place when asked (the result written back into `x`).
fn apply(
    interp: &mut Interpreter,
    x: &Tensor,
    p: f64,
    training: &Value,
    inplace: bool,
    feature: bool,
    alpha: bool,
) -> PyResult<Tensor> {
    static SIG: Sig = Sig::torch("feature_dropout(Tensor input, float p, bool train)");
    let b = SIG.bind(Args::new(vec![
        Value::Tensor(x.clone()),
        Value::Float(p),
        training.clone(),
    ]))?;
    let out = tnn::dropout_variant(x, p, b.bool(2)?, feature, alpha, &mut state(interp).rng)?;
    if inplace && !out.shares_storage(x) {
        x.copy_from(&out)?;
        return Ok(x.clone());
    }
    Ok(out)
}

fn dropout_nd(interp: &mut Interpreter, c: &Call, two_d: bool) -> PyResult<Value> {
    let p = probability(interp, &arg(c, 1))?;
    let x = input_tensor(arg(c, 0))?;
    let inplace = interp.truthy(&arg(c, 3))?;
    let nd = x.ndim();
    if two_d {
        if nd != 3 && nd != 4 {
            interp.warnings.push(format!(
                "UserWarning: dropout2d: Received a {nd}-D input to dropout2d, which is deprecated and will result in an error in a future release. To retain the behavior and silence this warning, please use dropout instead. Note that dropout2d exists to provide channel-wise dropout on inputs with 2 spatial dimensions, a channel dimension, and an optional batch dimension (i.e. 3D or 4D inputs)."
            ));
        }
        if nd == 3 {
            interp.warnings.push("UserWarning: dropout2d: Received a 3D input to dropout2d and assuming that channel-wise 1D dropout behavior is desired - input is interpreted as shape (N, C, L), where C is the channel dim. This behavior will change in a future release to interpret the input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D channel-wise dropout behavior, please switch to using dropout1d instead.".into());
        }
        return Ok(Value::Tensor(apply(
            interp,
            &x,
            p,
            &arg(c, 2),
            inplace,
            true,
            false,
        )?));
    }
    if nd != 2 && nd != 3 {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "dropout1d: Expected 2D or 3D input, but received a {nd}D input. Note that dropout1d exists to provide channel-wise dropout on inputs with 1 spatial dimension, a channel dimension, and an optional batch dimension (i.e. 2D or 3D inputs)."
            ),
        ));
    }
    if nd == 3 {
        return Ok(Value::Tensor(apply(
            interp,
            &x,
            p,
            &arg(c, 2),
            inplace,
            true,
            false,
        )?));
    }
    let batch = x.unsqueeze(0)?;
    let out = apply(interp, &batch, p, &arg(c, 2), inplace, true, false)?;
    if inplace {
        return Ok(Value::Tensor(x));
    }
    Ok(Value::Tensor(out.squeeze(Some(&[0]))?))
}

fn alpha(interp: &mut Interpreter, c: &Call, feature: bool) -> PyResult<Value> {
    let p = probability(interp, &arg(c, 1))?;
    let inplace = interp.truthy(&arg(c, 3))?;
    let x = match arg(c, 0) {
        Value::Tensor(t) => t,
        other => {
            static ALPHA: Sig = Sig::torch("alpha_dropout(Tensor input, float p, bool train)");
            static FEATURE: Sig =
                Sig::torch("feature_alpha_dropout(Tensor input, float p, bool train)");
            let sig = if feature { &FEATURE } else { &ALPHA };
            sig.bind(Args::new(vec![other, Value::Float(p), arg(c, 2)]))?;
            return Ok(Value::None);
        }
    };
    Ok(Value::Tensor(apply(
        interp,
        &x,
        p,
        &arg(c, 2),
        inplace,
        feature,
        true,
    )?))
}

fn rrelu(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    static SIG: Sig = Sig::torch(
        "rrelu(Tensor input, Scalar lower=0.125, Scalar upper=0.3333333333333333, bool training=False, Generator? generator=None)",
    );
    let inplace = interp.truthy(&arg(c, 4))?;
    let b = SIG.bind(Args::new((0..4).map(|i| arg(c, i)).collect()))?;
    let x = b.tensor(0)?;
    let (lower, upper) = (b.scalar(1)?.to_f64(), b.scalar(2)?.to_f64());
    let out = if b.bool(3)? {
        if upper < lower {
            return Err(exc(
                ExcKind::RuntimeError,
                "Lower bound should be less than or equal to the upper bound",
            ));
        }
        tnn::rrelu_train(&x, lower, upper, &mut state(interp).rng)?
    } else {
        tnn::leaky_relu(&x, (lower + upper) / 2.0)?
    };
    if inplace {
        x.copy_from(&out)?;
        return Ok(Value::Tensor(x));
    }
    Ok(Value::Tensor(out))
}

pub(super) static DROPOUT_DEFS: &[FDef] = &[
    py(
        "dropout1d",
        "dropout1d(input, p=0.5, training=True, inplace=False)",
        |i, c| dropout_nd(i, c, false),
        Node::Fixed("MulBackward0"),
    ),
    py(
        "dropout2d",
        "dropout2d(input, p=0.5, training=True, inplace=False)",
        |i, c| dropout_nd(i, c, true),
        Node::Fixed("MulBackward0"),
    ),
    py(
        "alpha_dropout",
        "alpha_dropout(input, p=0.5, training=False, inplace=False)",
        |i, c| alpha(i, c, false),
        Node::Fixed("AddBackward0"),
    ),
    py(
        "feature_alpha_dropout",
        "feature_alpha_dropout(input, p=0.5, training=False, inplace=False)",
        |i, c| alpha(i, c, true),
        Node::Fixed("AddBackward0"),
    ),
    py(
        "rrelu",
        "rrelu(input, lower=0.125, upper=0.3333333333333333, training=False, inplace=False)",
        rrelu,
        Node::Fixed("RreluWithNoiseBackward0"),
    ),
    py(
        "gumbel_softmax",
        "gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1)",
        gumbel_softmax,
        Node::Own,
    ),
];

/// `F.gumbel_softmax`, step by step as PyTorch's Python takes it: `-empty_like(logits).exponential_()
/// .log()` noise, `softmax((logits + noise) / tau, dim)`, and with `hard` the one-hot of the row's
/// maximum as `y_hard - y_soft.detach() + y_soft`.
fn gumbel_softmax(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    use super::functional::call_method;
    use rustpython_parser::ast::{Operator, UnaryOp};
    let logits = arg(c, 0);
    if !interp.equals(&arg(c, 3), &Value::Float(1e-10))? {
        interp
            .warnings
            .push("UserWarning: `eps` parameter is deprecated and has no effect.".into());
    }
    let x = match &logits {
        Value::Tensor(x) => x.clone(),
        other => {
            return Err(exc(
                ExcKind::TypeError,
                format!(
                    "empty_like(): argument 'input' (position 1) must be Tensor, not {}",
                    other.type_name()
                ),
            ));
        }
    };
    let noise = Value::Tensor(Tensor::zeros(x.shape(), x.dtype())?);
    let noise = call_method(interp, noise, "exponential_", Args::new(vec![]))?;
    let noise = call_method(interp, noise, "log", Args::new(vec![]))?;
    let noise = interp.unary_op(UnaryOp::USub, noise)?;
    let gumbels = interp.binary_op(Operator::Add, logits.clone(), noise)?;
    let gumbels = interp.binary_op(Operator::Div, gumbels, arg(c, 1))?;
    let y_soft = call_method(interp, gumbels, "softmax", Args::new(vec![arg(c, 4)]))?;
    if !interp.truthy(&arg(c, 2))? {
        return Ok(y_soft);
    }
    let mut max_args = Args::new(vec![arg(c, 4)]);
    max_args.kw.push(("keepdim".into(), Value::Bool(true)));
    let max = call_method(interp, y_soft.clone(), "max", max_args)?;
    let index = interp.get_item(&max, Value::int(1))?;
    let zeros = Value::Tensor(Tensor::zeros(x.shape(), x.dtype())?);
    let y_hard = call_method(
        interp,
        zeros,
        "scatter_",
        Args::new(vec![arg(c, 4), index, Value::Float(1.0)]),
    )?;
    let detached = call_method(interp, y_soft.clone(), "detach", Args::new(vec![]))?;
    let ret = interp.binary_op(Operator::Sub, y_hard, detached)?;
    interp.binary_op(Operator::Add, ret, y_soft)
}

// ---- the modules ----------------------------------------------------------------------------------

pub(super) static DROPOUT_MODULES: &[&str] = &["Dropout1d", "AlphaDropout", "RReLU"];

const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

pub(super) fn dropout_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static DROPOUT: Sig = def("_DropoutNd.__init__(self, p=0.5, inplace=False)");
    static RRELU: Sig =
        def("RReLU.__init__(self, lower=0.125, upper=0.3333333333333333, inplace=False)");
    let inst = this(&args)?;
    let tag = inst.class().native_tag().unwrap_or("");
    inst.set("training", Value::Bool(true));
    if tag == "RReLU" {
        let b = RRELU.bind(args)?;
        inst.set("lower", b.value_or_default(1)?);
        inst.set("upper", b.value_or_default(2)?);
        inst.set("inplace", b.value_or_default(3)?);
        return Ok(Value::None);
    }
    let b = DROPOUT.bind(args)?;
    let p = b.value_or_default(1)?;
    probability(interp, &p)?;
    inst.set("p", p);
    inst.set("inplace", b.value_or_default(2)?);
    Ok(Value::None)
}

pub(super) fn dropout_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static DROPOUT1D: Sig = def("Dropout1d.forward(self, input)");
    static ALPHA: Sig = def("AlphaDropout.forward(self, input)");
    static RRELU: Sig = def("RReLU.forward(self, input)");
    let inst = this(&args)?;
    let tag = inst.class().native_tag().unwrap_or("");
    let sig = match tag {
        "Dropout1d" => &DROPOUT1D,
        "AlphaDropout" => &ALPHA,
        _ => &RRELU,
    };
    let input = sig.bind(args)?.value(1).unwrap_or(Value::None);
    let get = |name: &str| inst.get(name).unwrap_or(Value::None);
    let training = Value::Bool(super::training(&inst));
    let (f, call) = match tag {
        "Dropout1d" => ("dropout1d", vec![input, get("p"), training, get("inplace")]),
        "AlphaDropout" => (
            "alpha_dropout",
            vec![input, get("p"), training, get("inplace")],
        ),
        _ => (
            "rrelu",
            vec![input, get("lower"), get("upper"), training, get("inplace")],
        ),
    };
    run_f(interp, f, Args::new(call))
}

/// The `extra_repr` of this file's modules (`None` for another module).
pub(super) fn extra_repr(inst: &Instance) -> Option<String> {
    let tag = inst.class().native_tag()?;
    if !DROPOUT_MODULES.contains(&tag) {
        return None;
    }
    let inplace = matches!(inst.get("inplace"), Some(Value::Bool(true)));
    Some(if tag == "RReLU" {
        format!(
            "lower={}, upper={}{}",
            str_of(inst.get("lower")),
            str_of(inst.get("upper")),
            if inplace { ", inplace=True" } else { "" }
        )
    } else {
        format!(
            "p={}, inplace={}",
            str_of(inst.get("p")),
            str_of(inst.get("inplace"))
        )
    })
}
