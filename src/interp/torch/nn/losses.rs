//! The losses, as functions (`F.cross_entropy`) and modules (`nn.CrossEntropyLoss`).

use std::rc::Rc;

use crate::tensor::ops::loss::{self, Reduction};

use super::super::args::Params;
use crate::interp::Interpreter;
use crate::interp::error::PyResult;
use crate::interp::value::{Args, Value};

use super::*;

pub(super) fn reduction_arg(p: &Params) -> String {
    match p.kw("reduction") {
        Some(Value::Str(s)) => s.to_string(),
        _ => "mean".to_string(),
    }
}

pub(super) fn f_nll_loss(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("nll_loss", args);
    let logp = p.tensor(0, "input")?;
    let target = p.tensor(1, "target")?;
    let ignore = p.int_opt(usize::MAX, "ignore_index")?.unwrap_or(-100);
    let options = loss::ClassLossOptions {
        ignore_index: ignore,
        reduction: Reduction::parse(&reduction_arg(&p))?,
        label_smoothing: 0.0,
    };
    Ok(Value::Tensor(loss::nll_loss(&logp, &target, options)?))
}

pub(super) fn f_cross_entropy(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("cross_entropy", args);
    let x = p.tensor(0, "input")?;
    let target = p.tensor(1, "target")?;
    let ignore = p.int_opt(usize::MAX, "ignore_index")?.unwrap_or(-100);
    let smoothing = p.float_opt(usize::MAX, "label_smoothing")?.unwrap_or(0.0);
    let options = loss::ClassLossOptions {
        ignore_index: ignore,
        reduction: Reduction::parse(&reduction_arg(&p))?,
        label_smoothing: smoothing,
    };
    Ok(Value::Tensor(loss::cross_entropy(&x, &target, options)?))
}

pub(super) fn f_mse_loss(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("mse_loss", args);
    let a = p.tensor(0, "input")?;
    let b = p.tensor(1, "target")?;
    let reduction = Reduction::parse(&reduction_arg(&p))?;
    Ok(Value::Tensor(loss::mse_loss(&a, &b, reduction)?))
}

pub(super) fn loss_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "Loss");
    inst.set("training", Value::Bool(true));
    inst.set("reduction", p.kw("reduction").unwrap_or(Value::str("mean")));
    if let Some(i) = p.kw("ignore_index") {
        inst.set("ignore_index", i);
    }
    if let Some(s) = p.kw("label_smoothing") {
        inst.set("label_smoothing", s);
    }
    Ok(Value::None)
}

pub(super) fn loss_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mut a = args;
    a.pos.remove(0);
    for key in ["reduction", "ignore_index", "label_smoothing"] {
        if let Some(v) = inst.get(key) {
            a.kw.push((Rc::from(key), v));
        }
    }
    match inst.class.native_tag() {
        Some("CrossEntropyLoss") => f_cross_entropy(interp, a),
        Some("NLLLoss") => f_nll_loss(interp, a),
        Some("KLDivLoss") => f_kl_div(interp, a),
        _ => f_mse_loss(interp, a),
    }
}

/// `F.kl_div(input, target, reduction)`: input holds log-probabilities, target probabilities;
/// pointwise `target * (log(target) - input)` with 0 where target is 0.
pub(super) fn f_kl_div(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("kl_div", args);
    let input = p.tensor(0, "input")?;
    let target = p.tensor(1, "target")?;
    let log_target = p.bool_or(usize::MAX, "log_target", false)?;
    let reduction = loss::KlDivReduction::parse(&reduction_arg(&p))?;
    Ok(Value::Tensor(loss::kl_div(
        &input, &target, reduction, log_target,
    )?))
}
