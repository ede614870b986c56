//! The losses, as functions (`F.cross_entropy`) and modules (`nn.CrossEntropyLoss`). The functions are
//! written in Python by PyTorch and pass their arguments to a C++ loss, bound here too.

use crate::interp::Interpreter;
use crate::interp::args::Sig;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::loss::{self, ClassLossOptions, KlDivReduction, Reduction};

use super::functional::{FDef, Node};
use super::*;
use crate::interp::args::Dialect;
use crate::interp::torch::call::{Call, Def};

static CROSS_ENTROPY: Sig = Sig::torch(
    "cross_entropy_loss(Tensor input, Tensor target, Tensor? weight=None, int reduction=1, SymInt ignore_index=-100, float label_smoothing=0.0)",
);
static NLL_LOSS: Sig = Sig::torch(
    "nll_loss_nd(Tensor input, Tensor target, Tensor? weight=None, int reduction=1, SymInt ignore_index=-100)",
);
static MSE_LOSS: Sig = Sig::torch("mse_loss(Tensor input, Tensor target, int reduction=1)");
static KL_DIV: Sig =
    Sig::torch("kl_div(Tensor input, Tensor target, int reduction=1, *, bool log_target=False)");

/// The argument at `i` as the Python function passes it on: the value given or its default.
fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

/// `reduction=`, or the legacy `size_average=`/`reduce=` when either is given
/// (`_Reduction.legacy_get_string`).
fn reduction_of(
    interp: &mut Interpreter,
    reduction: Option<Value>,
    size_average: Option<Value>,
    reduce: Option<Value>,
) -> PyResult<String> {
    if size_average.is_some() || reduce.is_some() {
        let size_average = match size_average {
            Some(v) => interp.truthy(&v)?,
            None => true,
        };
        let reduce = match reduce {
            Some(v) => interp.truthy(&v)?,
            None => true,
        };
        return Ok(match (size_average, reduce) {
            (_, false) => "none",
            (true, true) => "mean",
            (false, true) => "sum",
        }
        .into());
    }
    match reduction {
        None => Ok("mean".into()),
        Some(Value::Str(s)) => Ok(s.to_string()),
        Some(other) => Err(exc(
            ExcKind::ValueError,
            format!(
                "{} is not a valid value for reduction",
                interp.repr(&other)?
            ),
        )),
    }
}

fn no_weight(c: &Call, i: usize, name: &str) -> PyResult<()> {
    match c.value(i) {
        None => Ok(()),
        Some(_) => Err(exc(
            ExcKind::RuntimeError,
            format!("the tutor's {name} does not support weight="),
        )),
    }
}

/// `F.cross_entropy` and `F.nll_loss`.
fn class_loss(interp: &mut Interpreter, c: &Call, smoothing: bool) -> PyResult<Value> {
    let reduction = reduction_of(interp, c.value(6), c.value(3), c.value(5))?;
    let reduction = Reduction::parse(&reduction)?;
    let given = |i: usize| arg(c, i);
    let weight = c.opt_tensor(2)?;
    let (input, target, ignore_index, label_smoothing) = if smoothing {
        let b = CROSS_ENTROPY.bind(Args::new(vec![
            given(0),
            given(1),
            Value::None,
            Value::int(1),
            c.value(4).unwrap_or(Value::int(-100)),
            c.value(7).unwrap_or(Value::Float(0.0)),
        ]))?;
        (b.tensor(0)?, b.tensor(1)?, b.int(4)?, b.float(5)?)
    } else {
        let b = NLL_LOSS.bind(Args::new(vec![
            given(0),
            given(1),
            Value::None,
            Value::int(1),
            c.value(4).unwrap_or(Value::int(-100)),
        ]))?;
        (b.tensor(0)?, b.tensor(1)?, b.int(4)?, 0.0)
    };
    let options = ClassLossOptions {
        ignore_index,
        reduction,
        label_smoothing,
        weight,
    };
    let out = if smoothing {
        loss::cross_entropy(&input, &target, options)?
    } else {
        loss::nll_loss(&input, &target, options)?
    };
    Ok(Value::Tensor(out))
}

fn mse(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    no_weight(c, 5, "mse_loss")?;
    let reduction = reduction_of(interp, c.value(4), c.value(2), c.value(3))?;
    let reduction = Reduction::parse(&reduction)?;
    let b = MSE_LOSS.bind(Args::new(vec![arg(c, 0), arg(c, 1)]))?;
    Ok(Value::Tensor(loss::mse_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        reduction,
    )?))
}

fn kl_div(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let reduction = reduction_of(interp, c.value(4), c.value(2), c.value(3))?;
    let reduction = KlDivReduction::parse(&reduction)?;
    let log_target = match c.value(5) {
        Some(v) => interp.truthy(&v)?,
        None => false,
    };
    let b = KL_DIV.bind(Args::new(vec![arg(c, 0), arg(c, 1)]))?;
    Ok(Value::Tensor(loss::kl_div(
        &b.tensor(0)?,
        &b.tensor(1)?,
        reduction,
        log_target,
    )?))
}

const fn py(
    name: &'static str,
    text: &'static str,
    run: crate::interp::torch::call::Run,
    node: Node,
) -> FDef {
    FDef {
        def: Def::python(name, text, Dialect::PyDef, run),
        node,
    }
}

pub(super) static LOSS_DEFS: &[FDef] = &[
    py(
        "cross_entropy",
        "cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0)",
        |i, c| class_loss(i, c, true),
        Node::Fixed("NllLossBackward0"),
    ),
    py(
        "nll_loss",
        "nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean')",
        |i, c| class_loss(i, c, false),
        Node::Fixed("NllLossBackward0"),
    ),
    py(
        "mse_loss",
        "mse_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)",
        mse,
        Node::Fixed("MseLossBackward0"),
    ),
    py(
        "kl_div",
        "kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False)",
        kl_div,
        Node::Fixed("SumBackward0"),
    ),
];

static CROSS_ENTROPY_INIT: Sig = Sig::new(
    "CrossEntropyLoss.__init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0)",
    Dialect::PyDef,
);
static NLL_LOSS_INIT: Sig = Sig::new(
    "NLLLoss.__init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean')",
    Dialect::PyDef,
);
static MSE_LOSS_INIT: Sig = Sig::new(
    "_Loss.__init__(self, size_average=None, reduce=None, reduction='mean')",
    Dialect::PyDef,
);
static KL_DIV_INIT: Sig = Sig::new(
    "KLDivLoss.__init__(self, size_average=None, reduce=None, reduction='mean', log_target=False)",
    Dialect::PyDef,
);

/// A bound value, `None` when absent or `None`.
fn given(b: &crate::interp::args::Bound, i: usize) -> Option<Value> {
    match b.value(i) {
        Some(Value::None) | None => None,
        other => other,
    }
}

pub(super) fn loss_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let tag = inst.class.native_tag().unwrap_or("MSELoss");
    let sig = match tag {
        "CrossEntropyLoss" => &CROSS_ENTROPY_INIT,
        "NLLLoss" => &NLL_LOSS_INIT,
        "KLDivLoss" => &KL_DIV_INIT,
        _ => &MSE_LOSS_INIT,
    };
    let b = sig.bind(args)?;
    // (size_average, reduce, reduction) positions, and the weighted losses' weight.
    let (sa, re, red) = match tag {
        "CrossEntropyLoss" | "NLLLoss" => (2, 4, 5),
        _ => (1, 2, 3),
    };
    match given(&b, 1) {
        _ if !matches!(tag, "CrossEntropyLoss" | "NLLLoss") => {}
        None => {}
        Some(Value::Tensor(w)) => inst.set("weight", Value::Tensor(w)),
        Some(other) => {
            return Err(exc(
                ExcKind::TypeError,
                format!(
                    "cannot assign '{}' object to buffer 'weight' (torch Tensor or None required)",
                    other.type_name()
                ),
            ));
        }
    }
    let reduction = reduction_of(interp, given(&b, red), given(&b, sa), given(&b, re))?;
    inst.set("training", Value::Bool(true));
    inst.set("reduction", Value::str(&reduction));
    match tag {
        "CrossEntropyLoss" | "NLLLoss" => {
            inst.set("ignore_index", b.value_or_default(3)?);
            if tag == "CrossEntropyLoss" {
                inst.set("label_smoothing", b.value_or_default(6)?);
            }
        }
        "KLDivLoss" => inst.set("log_target", b.value_or_default(4)?),
        _ => {}
    }
    Ok(Value::None)
}

static CROSS_ENTROPY_FORWARD: Sig = Sig::new(
    "CrossEntropyLoss.forward(self, input, target)",
    Dialect::PyDef,
);
static NLL_LOSS_FORWARD: Sig = Sig::new("NLLLoss.forward(self, input, target)", Dialect::PyDef);
static MSE_LOSS_FORWARD: Sig = Sig::new("MSELoss.forward(self, input, target)", Dialect::PyDef);
static KL_DIV_FORWARD: Sig = Sig::new("KLDivLoss.forward(self, input, target)", Dialect::PyDef);

/// A loss module's forward: the function with the module's options.
pub(super) fn loss_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let tag = inst.class.native_tag().unwrap_or("MSELoss");
    let (sig, function) = match tag {
        "CrossEntropyLoss" => (&CROSS_ENTROPY_FORWARD, "cross_entropy"),
        "NLLLoss" => (&NLL_LOSS_FORWARD, "nll_loss"),
        "KLDivLoss" => (&KL_DIV_FORWARD, "kl_div"),
        _ => (&MSE_LOSS_FORWARD, "mse_loss"),
    };
    let b = sig.bind(args)?;
    let mut call = Args::new(vec![
        b.value(1).unwrap_or(Value::None),
        b.value(2).unwrap_or(Value::None),
    ]);
    for key in [
        "weight",
        "reduction",
        "ignore_index",
        "label_smoothing",
        "log_target",
    ] {
        if let Some(v) = inst.get(key) {
            call.kw.push((key.into(), v));
        }
    }
    super::functional::run_f(interp, function, call)
}
