//! The embedding, margin and count losses of `torch.nn.functional`: `poisson_nll_loss`,
//! `gaussian_nll_loss`, `cosine_embedding_loss`, `triplet_margin_loss`, `multi_margin_loss`,
//! `multilabel_margin_loss` and `multilabel_soft_margin_loss`. Each is PyTorch's Python function
//! (its checks and its legacy `size_average`/`reduce`), then the C++ loss it calls, bound for the
//! wording of a wrong argument; the two written wholly in Python are composed here.

use crate::interp::Interpreter;
use crate::interp::args::Sig;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary, clamp};
use crate::tensor::ops::loss::Reduction;
use crate::tensor::ops::loss_margin as lm;
use crate::tensor::{Scalar, Tensor};

use super::functional::{FDef, Node, py};
use super::losses::reduction_of;
use crate::interp::torch::call::Call;

fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

/// `reduction=` at `red` (with the legacy pair at `sa`, `re`) as a C++ loss's enum.
fn reduction(
    interp: &mut Interpreter,
    c: &Call,
    red: usize,
    sa: usize,
    re: usize,
) -> PyResult<Reduction> {
    let given = |i: usize| c.value(i).filter(|v| !matches!(v, Value::None));
    let name = reduction_of(interp, given(red), given(sa), given(re))?;
    Ok(Reduction::parse(&name)?)
}

/// The reduction PyTorch's own Python applies (`'mean'`, `'sum'`, `'none'`; anything else is
/// `"<x> is not valid"`).
fn python_reduce(interp: &mut Interpreter, loss: Tensor, reduction: &Value) -> PyResult<Value> {
    let name = match reduction {
        Value::Str(s) => s.to_string(),
        other => interp.to_str(other)?,
    };
    match name.as_str() {
        "none" => t(loss),
        "mean" => t(loss.mean(None, false)?),
        "sum" => t(loss.sum(None, false)?),
        other => Err(exc(ExcKind::ValueError, format!("{other} is not valid"))),
    }
}

fn poisson_nll(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    static SIG: Sig = Sig::torch(
        "poisson_nll_loss(Tensor input, Tensor target, bool log_input, bool full, float eps, int reduction)",
    );
    let red = reduction(interp, c, 7, 4, 6)?;
    let b = SIG.bind(Args::new(vec![
        arg(c, 0),
        arg(c, 1),
        arg(c, 2),
        arg(c, 3),
        arg(c, 5),
        Value::int(1),
    ]))?;
    t(lm::poisson_nll_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        b.bool(2)?,
        b.bool(3)?,
        b.float(4)?,
        red,
    )?)
}

fn cosine_embedding(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    static SIG: Sig = Sig::torch(
        "cosine_embedding_loss(Tensor input1, Tensor input2, Tensor target, float margin=0.0, int reduction=1)",
    );
    let red = reduction(interp, c, 6, 4, 5)?;
    let b = SIG.bind(Args::new(vec![arg(c, 0), arg(c, 1), arg(c, 2), arg(c, 3)]))?;
    t(lm::cosine_embedding_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        &b.tensor(2)?,
        b.float(3)?,
        red,
    )?)
}

fn triplet_margin(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    static SIG: Sig = Sig::torch(
        "triplet_margin_loss(Tensor anchor, Tensor positive, Tensor negative, float margin=1.0, float p=2, float eps=1e-06, bool swap=False, int reduction=1)",
    );
    let red = reduction(interp, c, 9, 7, 8)?;
    let margin = arg(c, 3);
    let m = match &margin {
        Value::Int(i, _) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        _ => None,
    };
    if let Some(m) = m
        && m <= 0.0
    {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "margin must be greater than 0, got {}",
                interp.to_str(&margin)?
            ),
        ));
    }
    let b = SIG.bind(Args::new((0..7).map(|i| arg(c, i)).collect()))?;
    t(lm::triplet_margin_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        &b.tensor(2)?,
        b.float(3)?,
        b.float(4)?,
        b.float(5)?,
        b.bool(6)?,
        red,
    )?)
}

fn multi_margin(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    static SIG: Sig = Sig::torch(
        "multi_margin_loss(Tensor input, Tensor target, Scalar p=1, Scalar margin=1, Tensor? weight=None, int reduction=1)",
    );
    let red = reduction(interp, c, 7, 5, 6)?;
    let p = arg(c, 2);
    if !matches!(p, Value::Int(1 | 2, _))
        && !matches!(p, Value::Float(f) if f == 1.0 || f == 2.0)
        && !matches!(p, Value::Bool(true))
    {
        return Err(exc(ExcKind::ValueError, "only p == 1 and p == 2 supported"));
    }
    if let Value::Tensor(w) = arg(c, 4)
        && w.ndim() != 1
    {
        return Err(exc(ExcKind::ValueError, "weight must be one-dimensional"));
    }
    let b = SIG.bind(Args::new((0..5).map(|i| arg(c, i)).collect()))?;
    let w = b.opt_tensor(4)?;
    t(lm::multi_margin_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        b.scalar(2)?.to_f64() as i64,
        b.float(3)?,
        w.as_ref(),
        red,
    )?)
}

fn multilabel_margin(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    static SIG: Sig =
        Sig::torch("multilabel_margin_loss(Tensor input, Tensor target, int reduction=1)");
    let red = reduction(interp, c, 4, 2, 3)?;
    let b = SIG.bind(Args::new(vec![arg(c, 0), arg(c, 1)]))?;
    t(lm::multilabel_margin_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        red,
    )?)
}

/// A tensor the Python code computes with (`input.dim()`), or Python's `AttributeError`.
fn tensor_of(v: Value, attr: &str) -> PyResult<Tensor> {
    match v {
        Value::Tensor(t) => Ok(t),
        other => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute '{attr}'", other.type_name()),
        )),
    }
}

fn multilabel_soft_margin(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let given = |i: usize| c.value(i).filter(|v| !matches!(v, Value::None));
    let red = if given(3).is_some() || given(4).is_some() {
        Value::str(&reduction_of(interp, None, given(3), given(4))?)
    } else {
        arg(c, 5)
    };
    let input = tensor_of(arg(c, 0), "dim")?;
    let target = match arg(c, 1) {
        Value::Tensor(t) => t,
        other => Tensor::from_vec(vec![interp_float(&other)?], &[])?,
    };
    let weight = match arg(c, 2) {
        Value::Tensor(w) => Some(w),
        _ => None,
    };
    let loss = lm::multilabel_soft_margin_loss(&input, &target, weight.as_ref())?;
    python_reduce(interp, loss, &red)
}

fn interp_float(v: &Value) -> PyResult<f32> {
    match v {
        Value::Int(i, _) => Ok(*i as f32),
        Value::Float(f) => Ok(*f as f32),
        Value::Bool(b) => Ok(f32::from(u8::from(*b))),
        other => Err(exc(
            ExcKind::TypeError,
            format!(
                "mul(): argument 'other' (position 1) must be Tensor, not {}",
                other.type_name()
            ),
        )),
    }
}

fn gaussian_nll(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = tensor_of(arg(c, 0), "size")?;
    let target = tensor_of(arg(c, 1), "size")?;
    let negative = || exc(ExcKind::ValueError, "var has negative entry/entries");
    let mut var = match arg(c, 2) {
        Value::Float(v) => {
            if v < 0.0 {
                return Err(negative());
            }
            binary(
                BinaryOp::Mul,
                Operand::Scalar(Scalar::Float(v)),
                Operand::Tensor(&Tensor::full(input.shape(), Scalar::Int(1), input.dtype())?),
            )?
        }
        Value::Tensor(v) => {
            let neg = binary(
                BinaryOp::Lt,
                Operand::Tensor(&v),
                Operand::Scalar(Scalar::Int(0)),
            )?;
            if neg.to_vec::<bool>().iter().any(|&b| b) {
                return Err(negative());
            }
            v
        }
        // Not a float: `torch.any(var < 0)`, which a plain number does not fit.
        Value::Int(..) | Value::Bool(_) => {
            return Err(exc(
                ExcKind::TypeError,
                "any() received an invalid combination of arguments - got (bool), but expected one of:\n * (Tensor input, *, Tensor out = None)\n * (Tensor input, tuple of ints dim = None, bool keepdim = False, *, Tensor out = None)\n * (Tensor input, int dim, bool keepdim = False, *, Tensor out = None)\n",
            ));
        }
        other => {
            return Err(exc(
                ExcKind::TypeError,
                format!(
                    "'<' not supported between instances of '{}' and 'int'",
                    other.type_name()
                ),
            ));
        }
    };
    if var.shape() != input.shape() {
        let n = input.ndim();
        let differing: Vec<usize> = input
            .shape()
            .iter()
            .zip(var.shape())
            .filter(|(x, y)| x != y)
            .map(|(_, &y)| y)
            .collect();
        if n > 0 && input.shape()[..n - 1] == *var.shape() {
            var = var.unsqueeze(-1)?;
        } else if n == var.ndim() && differing.iter().sum::<usize>() == 1 {
        } else {
            return Err(exc(ExcKind::ValueError, "var is of incorrect size"));
        }
    }
    let red = arg(c, 5);
    let name = match &red {
        Value::Str(s) => s.to_string(),
        other => interp.to_str(other)?,
    };
    if !matches!(name.as_str(), "none" | "mean" | "sum") {
        return Err(exc(ExcKind::ValueError, format!("{name} is not valid")));
    }
    let eps = match arg(c, 4) {
        Value::Int(i, _) => i as f64,
        Value::Float(f) => f,
        _ => 1e-6,
    };
    let var = clamp(&var, Some(Scalar::Float(eps)), None)?;
    let full = interp.truthy(&arg(c, 3))?;
    let loss = lm::gaussian_nll_loss(&input, &target, &var, full)?;
    python_reduce(interp, loss, &red)
}

pub(super) static MARGIN_LOSS_DEFS: &[FDef] = &[
    py(
        "poisson_nll_loss",
        "poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-08, reduce=None, reduction='mean')",
        poisson_nll,
        Node::Fixed("MeanBackward0"),
    ),
    py(
        "gaussian_nll_loss",
        "gaussian_nll_loss(input, target, var, full=False, eps=1e-06, reduction='mean')",
        gaussian_nll,
        Node::Fixed("MeanBackward0"),
    ),
    py(
        "cosine_embedding_loss",
        "cosine_embedding_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean')",
        cosine_embedding,
        Node::Fixed("MeanBackward0"),
    ),
    py(
        "triplet_margin_loss",
        "triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, size_average=None, reduce=None, reduction='mean')",
        triplet_margin,
        Node::Fixed("MeanBackward0"),
    ),
    py(
        "multi_margin_loss",
        "multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction='mean')",
        multi_margin,
        Node::Fixed("MultiMarginLossBackward0"),
    ),
    py(
        "multilabel_margin_loss",
        "multilabel_margin_loss(input, target, size_average=None, reduce=None, reduction='mean')",
        multilabel_margin,
        Node::Fixed("MultilabelMarginLossBackward0"),
    ),
    py(
        "multilabel_soft_margin_loss",
        "multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction='mean')",
        multilabel_soft_margin,
        Node::Fixed("MeanBackward0"),
    ),
];
