//! The losses, as functions (`F.cross_entropy`) and modules (`nn.CrossEntropyLoss`). The functions are
//! written in Python by PyTorch and pass their arguments to a C++ loss, bound here too.

use super::functional::py;
use crate::interp::Interpreter;
use crate::interp::args::Sig;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::loss::{self, ClassLossOptions, KlDivReduction, Reduction};
use crate::tensor::ops::loss_elementwise as loss_el;

use super::functional::{FDef, Node};
use super::*;
use crate::interp::args::Dialect;
use crate::interp::torch::call::Call;

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
pub(super) fn reduction_of(
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

static L1_LOSS: Sig = Sig::torch("l1_loss(Tensor input, Tensor target, int reduction=1)");
static SMOOTH_L1_LOSS: Sig =
    Sig::torch("smooth_l1_loss(Tensor input, Tensor target, int reduction=1, float beta=1.0)");
static HUBER_LOSS: Sig =
    Sig::torch("huber_loss(Tensor input, Tensor target, int reduction=1, float delta=1.0)");
static BCE: Sig = Sig::torch(
    "binary_cross_entropy(Tensor input, Tensor target, Tensor? weight=None, int reduction=1)",
);
static BCE_LOGITS: Sig = Sig::torch(
    "binary_cross_entropy_with_logits(Tensor input, Tensor target, Tensor? weight=None, Tensor? pos_weight=None, int reduction=1)",
);
static SOFT_MARGIN: Sig =
    Sig::torch("soft_margin_loss(Tensor input, Tensor target, int reduction=1)");
static MARGIN_RANKING: Sig = Sig::torch(
    "margin_ranking_loss(Tensor input1, Tensor input2, Tensor target, float margin=0.0, int reduction=1)",
);
static HINGE_EMBEDDING: Sig = Sig::torch(
    "hinge_embedding_loss(Tensor input, Tensor target, float margin=1.0, int reduction=1)",
);

/// `torch.Size([2, 3])`, as the Python losses format a size into their messages.
pub(super) fn size_repr(shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("torch.Size([{}])", dims.join(", "))
}

/// The tensor a Python loss reads `.size()` of.
fn tensor_arg(c: &Call, i: usize) -> PyResult<crate::tensor::Tensor> {
    match arg(c, i) {
        Value::Tensor(t) => Ok(t),
        other => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute 'size'", other.type_name()),
        )),
    }
}

/// `reduction=` as `_Reduction.get_enum` (or `legacy_get_enum`) reads it; `legacy` says whether the
/// function takes `size_average`/`reduce` at (`sa`, `re`).
fn reduction_at(
    interp: &mut Interpreter,
    c: &Call,
    red: usize,
    legacy: Option<(usize, usize)>,
) -> PyResult<Reduction> {
    let (sa, re) = match legacy {
        Some((sa, re)) => (c.value(sa), c.value(re)),
        None => (None, None),
    };
    let sa = sa.filter(|v| !matches!(v, Value::None));
    let re = re.filter(|v| !matches!(v, Value::None));
    let name = reduction_of(interp, c.value(red), sa, re)?;
    Ok(Reduction::parse(&name)?)
}

/// The weighted forms of `l1_loss` and `huber_loss`, written in Python: the unreduced loss times
/// `weight`, then its sum, its mean (l1: divided by the weights' sum) or itself.
fn weighted(
    interp: &mut Interpreter,
    c: &Call,
    red: usize,
    weight: &crate::tensor::Tensor,
    input: &crate::tensor::Tensor,
    unweighted: crate::tensor::Tensor,
    l1: bool,
) -> PyResult<Value> {
    use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
    if weight.shape() != input.shape() {
        return Err(exc(
            ExcKind::ValueError,
            "Weights and input must have the same size.",
        ));
    }
    let loss = binary(
        BinaryOp::Mul,
        Operand::Tensor(&unweighted),
        Operand::Tensor(weight),
    )?;
    let reduction = match c.value(red) {
        Some(Value::Str(s)) => s.to_string(),
        None => "mean".into(),
        Some(other) => interp.to_str(&other)?,
    };
    Ok(Value::Tensor(match reduction.as_str() {
        "none" => loss,
        "sum" => loss.sum(None, false)?,
        "mean" if l1 => binary(
            BinaryOp::Div,
            Operand::Tensor(&loss.sum(None, false)?),
            Operand::Tensor(&weight.sum(None, false)?),
        )?,
        "mean" => loss.mean(None, false)?,
        other => {
            return Err(exc(
                ExcKind::ValueError,
                format!("Invalid reduction mode: {other}. Expected one of 'none', 'mean', 'sum'."),
            ));
        }
    }))
}

fn l1(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let b = L1_LOSS.bind(Args::new(vec![arg(c, 0), arg(c, 1)]))?;
    let (input, target) = (b.tensor(0)?, b.tensor(1)?);
    if let Some(w) = c.opt_tensor(5)? {
        let diff = loss_el::l1_loss(&input, &target, Reduction::None)?;
        return weighted(interp, c, 4, &w, &input, diff, true);
    }
    let reduction = reduction_at(interp, c, 4, Some((2, 3)))?;
    Ok(Value::Tensor(loss_el::l1_loss(&input, &target, reduction)?))
}

fn smooth_l1(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let reduction = reduction_at(interp, c, 4, Some((2, 3)))?;
    let b = SMOOTH_L1_LOSS.bind(Args::new(vec![
        arg(c, 0),
        arg(c, 1),
        Value::int(1),
        arg(c, 5),
    ]))?;
    Ok(Value::Tensor(loss_el::smooth_l1_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        reduction,
        b.float(3)?,
    )?))
}

fn huber(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let b = HUBER_LOSS.bind(Args::new(vec![
        arg(c, 0),
        arg(c, 1),
        Value::int(1),
        arg(c, 3),
    ]))?;
    let (input, target) = (b.tensor(0)?, b.tensor(1)?);
    if let Some(w) = c.opt_tensor(4)? {
        let unweighted = loss_el::huber_loss(&input, &target, Reduction::None, b.float(3)?)?;
        return weighted(interp, c, 2, &w, &input, unweighted, false);
    }
    let reduction = reduction_at(interp, c, 2, None)?;
    Ok(Value::Tensor(loss_el::huber_loss(
        &input,
        &target,
        reduction,
        b.float(3)?,
    )?))
}

/// `torch.broadcast_shapes(target.size(), weight.size())` as `binary_cross_entropy` calls it.
fn broadcast_weight(target: &[usize], weight: &[usize]) -> PyResult<Vec<usize>> {
    let n = target.len().max(weight.len());
    let mut out: Vec<usize> = vec![1; n];
    out[n - target.len()..].copy_from_slice(target);
    for (k, &w) in weight.iter().rev().enumerate() {
        let slot = &mut out[n - 1 - k];
        if w == 1 || w == *slot {
            continue;
        }
        if *slot != 1 {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "Attempting to broadcast a dimension of length {w} at -{}! Mismatching argument at index 1 had {}; but expected shape should be broadcastable to [{}]",
                    k + 1,
                    size_repr(weight),
                    target
                        .iter()
                        .map(|d| d.to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
        *slot = w;
    }
    Ok(out)
}

fn bce(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let reduction = reduction_at(interp, c, 5, Some((3, 4)))?;
    let (input, target) = (tensor_arg(c, 0)?, tensor_arg(c, 1)?);
    if target.shape() != input.shape() {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "Using a target size ({}) that is different to the input size ({}) is deprecated. Please ensure they have the same size.",
                size_repr(target.shape()),
                size_repr(input.shape())
            ),
        ));
    }
    let weight = match c.opt_tensor(2)? {
        Some(w) => {
            let shape = broadcast_weight(target.shape(), w.shape())?;
            Some(w.broadcast_to(&shape)?)
        }
        None => None,
    };
    let b = BCE.bind(Args::new(vec![
        Value::Tensor(input),
        Value::Tensor(target),
        weight.map_or(Value::None, Value::Tensor),
    ]))?;
    let w = b.opt_tensor(2)?;
    Ok(Value::Tensor(loss_el::binary_cross_entropy(
        &b.tensor(0)?,
        &b.tensor(1)?,
        w.as_ref(),
        reduction,
    )?))
}

fn bce_logits(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let reduction = reduction_at(interp, c, 5, Some((3, 4)))?;
    let (input, target) = (tensor_arg(c, 0)?, tensor_arg(c, 1)?);
    if target.shape() != input.shape() {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "Target size ({}) must be the same as input size ({})",
                size_repr(target.shape()),
                size_repr(input.shape())
            ),
        ));
    }
    let b = BCE_LOGITS.bind(Args::new(vec![
        Value::Tensor(input),
        Value::Tensor(target),
        arg(c, 2),
        arg(c, 6),
    ]))?;
    let (w, pw) = (b.opt_tensor(2)?, b.opt_tensor(3)?);
    Ok(Value::Tensor(loss_el::binary_cross_entropy_with_logits(
        &b.tensor(0)?,
        &b.tensor(1)?,
        w.as_ref(),
        pw.as_ref(),
        reduction,
    )?))
}

fn soft_margin(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let reduction = reduction_at(interp, c, 4, Some((2, 3)))?;
    let b = SOFT_MARGIN.bind(Args::new(vec![arg(c, 0), arg(c, 1)]))?;
    Ok(Value::Tensor(loss_el::soft_margin_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        reduction,
    )?))
}

fn margin_ranking(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let reduction = reduction_at(interp, c, 6, Some((4, 5)))?;
    let (x1, x2, t) = (tensor_arg(c, 0)?, tensor_arg(c, 1)?, tensor_arg(c, 2)?);
    if x1.ndim() != x2.ndim() || x1.ndim() != t.ndim() {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "margin_ranking_loss : All input tensors should have same dimension but got sizes: input1: {}, input2: {}, target: {} ",
                size_repr(x1.shape()),
                size_repr(x2.shape()),
                size_repr(t.shape())
            ),
        ));
    }
    let b = MARGIN_RANKING.bind(Args::new(vec![
        Value::Tensor(x1),
        Value::Tensor(x2),
        Value::Tensor(t),
        arg(c, 3),
    ]))?;
    Ok(Value::Tensor(loss_el::margin_ranking_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        &b.tensor(2)?,
        b.float(3)?,
        reduction,
    )?))
}

fn hinge_embedding(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let reduction = reduction_at(interp, c, 5, Some((3, 4)))?;
    let b = HINGE_EMBEDDING.bind(Args::new(vec![arg(c, 0), arg(c, 1), arg(c, 2)]))?;
    Ok(Value::Tensor(loss_el::hinge_embedding_loss(
        &b.tensor(0)?,
        &b.tensor(1)?,
        b.float(2)?,
        reduction,
    )?))
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
    py(
        "l1_loss",
        "l1_loss(input, target, size_average=None, reduce=None, reduction='mean', weight=None)",
        l1,
        Node::Own,
    ),
    py(
        "smooth_l1_loss",
        "smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0)",
        smooth_l1,
        Node::Own,
    ),
    py(
        "huber_loss",
        "huber_loss(input, target, reduction='mean', delta=1.0, weight=None)",
        huber,
        Node::Own,
    ),
    py(
        "binary_cross_entropy",
        "binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean')",
        bce,
        Node::Own,
    ),
    py(
        "binary_cross_entropy_with_logits",
        "binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None)",
        bce_logits,
        Node::Own,
    ),
    py(
        "soft_margin_loss",
        "soft_margin_loss(input, target, size_average=None, reduce=None, reduction='mean')",
        soft_margin,
        Node::Own,
    ),
    py(
        "margin_ranking_loss",
        "margin_ranking_loss(input1, input2, target, margin=0, size_average=None, reduce=None, reduction='mean')",
        margin_ranking,
        Node::Own,
    ),
    py(
        "hinge_embedding_loss",
        "hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction='mean')",
        hinge_embedding,
        Node::Own,
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
static SMOOTH_L1_INIT: Sig = Sig::new(
    "SmoothL1Loss.__init__(self, size_average=None, reduce=None, reduction='mean', beta=1.0)",
    Dialect::PyDef,
);
static HUBER_INIT: Sig = Sig::new(
    "HuberLoss.__init__(self, reduction='mean', delta=1.0)",
    Dialect::PyDef,
);
static WEIGHTED_INIT: Sig = Sig::new(
    "_WeightedLoss.__init__(self, weight=None, size_average=None, reduce=None, reduction='mean')",
    Dialect::PyDef,
);
static BCE_LOGITS_INIT: Sig = Sig::new(
    "BCEWithLogitsLoss.__init__(self, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None)",
    Dialect::PyDef,
);
static MARGIN_RANKING_INIT: Sig = Sig::new(
    "MarginRankingLoss.__init__(self, margin=0.0, size_average=None, reduce=None, reduction='mean')",
    Dialect::PyDef,
);
static HINGE_EMBEDDING_INIT: Sig = Sig::new(
    "HingeEmbeddingLoss.__init__(self, margin=1.0, size_average=None, reduce=None, reduction='mean')",
    Dialect::PyDef,
);
static COSINE_EMBEDDING_INIT: Sig = Sig::new(
    "CosineEmbeddingLoss.__init__(self, margin=0.0, size_average=None, reduce=None, reduction='mean')",
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
    let tag = inst.class().native_tag().unwrap_or("MSELoss");
    let sig = match tag {
        "CrossEntropyLoss" => &CROSS_ENTROPY_INIT,
        "NLLLoss" => &NLL_LOSS_INIT,
        "KLDivLoss" => &KL_DIV_INIT,
        "SmoothL1Loss" => &SMOOTH_L1_INIT,
        "HuberLoss" => &HUBER_INIT,
        "BCELoss" => &WEIGHTED_INIT,
        "BCEWithLogitsLoss" => &BCE_LOGITS_INIT,
        "MarginRankingLoss" => &MARGIN_RANKING_INIT,
        "HingeEmbeddingLoss" => &HINGE_EMBEDDING_INIT,
        "CosineEmbeddingLoss" => &COSINE_EMBEDDING_INIT,
        _ => &MSE_LOSS_INIT,
    };
    let b = sig.bind(args)?;
    if tag == "HuberLoss" {
        let delta = b.value_or_default(2)?;
        if !matches!(delta, Value::Float(_) | Value::Int(..) | Value::Bool(_)) {
            let class = match &delta {
                Value::Tensor(_) => "torch.Tensor".to_string(),
                other => other.type_name(),
            };
            return Err(exc(
                ExcKind::TypeError,
                format!("delta must be a float or int, got: <class '{class}'>"),
            ));
        }
    }
    // (size_average, reduce, reduction) positions, and the weighted losses' weight.
    let (sa, re, red) = match tag {
        "CrossEntropyLoss" | "NLLLoss" => (2, 4, 5),
        "BCELoss"
        | "BCEWithLogitsLoss"
        | "MarginRankingLoss"
        | "HingeEmbeddingLoss"
        | "CosineEmbeddingLoss" => (2, 3, 4),
        // HuberLoss has no legacy arguments (positions past its last).
        "HuberLoss" => (9, 9, 1),
        _ => (1, 2, 3),
    };
    if tag == "BCEWithLogitsLoss" {
        match given(&b, 5) {
            None => {}
            Some(Value::Tensor(w)) => inst.set("pos_weight", Value::Tensor(w)),
            Some(other) => {
                return Err(exc(
                    ExcKind::TypeError,
                    format!(
                        "cannot assign '{}' object to buffer 'pos_weight' (torch Tensor or None required)",
                        other.type_name()
                    ),
                ));
            }
        }
    }
    match given(&b, 1) {
        _ if !matches!(
            tag,
            "CrossEntropyLoss" | "NLLLoss" | "BCELoss" | "BCEWithLogitsLoss"
        ) => {}
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
        "SmoothL1Loss" => inst.set("beta", b.value_or_default(4)?),
        "HuberLoss" => inst.set("delta", b.value_or_default(2)?),
        "MarginRankingLoss" | "HingeEmbeddingLoss" | "CosineEmbeddingLoss" => {
            inst.set("margin", b.value_or_default(1)?)
        }
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

/// The forward of a loss added with the elementwise ones: its signature and the function it calls.
fn elementwise_forward(tag: &str) -> Option<(&'static Sig, &'static str)> {
    macro_rules! forward {
        ($name:literal, $text:literal) => {{
            static SIG: Sig = Sig::new($text, Dialect::PyDef);
            Some((&SIG, $name))
        }};
    }
    match tag {
        "L1Loss" => forward!("l1_loss", "L1Loss.forward(self, input, target)"),
        "SmoothL1Loss" => forward!(
            "smooth_l1_loss",
            "SmoothL1Loss.forward(self, input, target)"
        ),
        "HuberLoss" => forward!("huber_loss", "HuberLoss.forward(self, input, target)"),
        "BCELoss" => forward!(
            "binary_cross_entropy",
            "BCELoss.forward(self, input, target)"
        ),
        "BCEWithLogitsLoss" => forward!(
            "binary_cross_entropy_with_logits",
            "BCEWithLogitsLoss.forward(self, input, target)"
        ),
        "SoftMarginLoss" => forward!(
            "soft_margin_loss",
            "SoftMarginLoss.forward(self, input, target)"
        ),
        "MarginRankingLoss" => forward!(
            "margin_ranking_loss",
            "MarginRankingLoss.forward(self, input1, input2, target)"
        ),
        "HingeEmbeddingLoss" => forward!(
            "hinge_embedding_loss",
            "HingeEmbeddingLoss.forward(self, input, target)"
        ),
        "CosineEmbeddingLoss" => forward!(
            "cosine_embedding_loss",
            "CosineEmbeddingLoss.forward(self, input1, input2, target)"
        ),
        _ => None,
    }
}

/// The loss modules of this file, in `torch.nn`.
pub(super) static LOSS_MODULES: &[&str] = &[
    "L1Loss",
    "SmoothL1Loss",
    "HuberLoss",
    "BCELoss",
    "BCEWithLogitsLoss",
    "SoftMarginLoss",
    "MarginRankingLoss",
    "HingeEmbeddingLoss",
    "CosineEmbeddingLoss",
];

/// A loss module's forward: the function with the module's options.
pub(super) fn loss_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let tag = inst.class().native_tag().unwrap_or("MSELoss");
    let (sig, function) = match tag {
        tag if elementwise_forward(tag).is_some() => {
            elementwise_forward(tag).unwrap_or((&MSE_LOSS_FORWARD, "mse_loss"))
        }
        "CrossEntropyLoss" => (&CROSS_ENTROPY_FORWARD, "cross_entropy"),
        "NLLLoss" => (&NLL_LOSS_FORWARD, "nll_loss"),
        "KLDivLoss" => (&KL_DIV_FORWARD, "kl_div"),
        _ => (&MSE_LOSS_FORWARD, "mse_loss"),
    };
    let b = sig.bind(args)?;
    let inputs = if matches!(tag, "MarginRankingLoss" | "CosineEmbeddingLoss") {
        3
    } else {
        2
    };
    let mut call = Args::new(
        (1..=inputs)
            .map(|i| b.value(i).unwrap_or(Value::None))
            .collect(),
    );
    for key in [
        "weight",
        "reduction",
        "ignore_index",
        "label_smoothing",
        "log_target",
        "beta",
        "delta",
        "margin",
        "pos_weight",
    ] {
        if let Some(v) = inst.get(key) {
            call.kw.push((key.into(), v));
        }
    }
    super::functional::run_f(interp, function, call)
}
