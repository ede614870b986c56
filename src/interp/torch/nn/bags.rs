//! `F.embedding_bag` and `nn.EmbeddingBag`: PyTorch's Python (the old argument order's warning, the shape checks, a 2-D
//! input turned into fixed-length bags, the mode names, `max_norm`'s renorm), then `torch.embedding_bag`'s
//! ATen op.

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::embedding_bag::{BagMode, embedding_bag as bag_op};
use crate::tensor::{DType, Tensor};

use super::super::call::Call;
use super::functional::{FDef, Node, py};
use super::losses::size_repr;

fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

fn tensor_arg(v: Value, what: &str) -> PyResult<Tensor> {
    match v {
        Value::Tensor(t) => Ok(t),
        other => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute '{what}'", other.type_name()),
        )),
    }
}

fn embedding_bag(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let mut input = tensor_arg(arg(c, 0), "dtype")?;
    let mut weight = tensor_arg(arg(c, 1), "dtype")?;
    let mut offsets = match arg(c, 2) {
        Value::None => None,
        v => Some(v),
    };
    let mut psw = match arg(c, 8) {
        Value::None => None,
        v => Some(tensor_arg(v, "size")?),
    };
    let mut include_last = interp.truthy(&arg(c, 9))?;
    if weight.dtype() == DType::Int64 && input.dtype().is_floating_point() {
        interp.warnings.push("UserWarning: Argument order of nn.functional.embedding_bag was changed. Usage `embedding_bag(weight, input, ...)` is deprecated, and should now be `embedding_bag(input, weight, ...)`.".into());
        std::mem::swap(&mut weight, &mut input);
    }
    if let Some(w) = &psw
        && w.shape() != input.shape()
    {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "embedding_bag: If per_sample_weights ({}) is not None, then it must have the same shape as the input ({})",
                size_repr(w.shape()),
                size_repr(input.shape())
            ),
        ));
    }
    if weight.ndim() != 2 {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "weight has to be a 2D Tensor, but got Tensor of dimension {}",
                weight.ndim()
            ),
        ));
    }
    match input.ndim() {
        2 => {
            if let Some(o) = &offsets {
                let ty = match o {
                    Value::Tensor(_) => "<class 'torch.Tensor'>".to_string(),
                    other => format!("<class '{}'>", other.type_name()),
                };
                return Err(exc(
                    ExcKind::ValueError,
                    format!(
                        "if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed length sequences. However, found offsets of type {ty}"
                    ),
                ));
            }
            let step = input.shape()[1].max(1);
            let starts: Vec<i64> = (0..input.numel()).step_by(step).map(|v| v as i64).collect();
            let n = starts.len();
            offsets = Some(Value::Tensor(
                Tensor::from_vec(starts, &[n])?.to_dtype(input.dtype()),
            ));
            include_last = false;
            input = input.reshape(&[-1])?;
            psw = psw.map(|w| w.reshape(&[-1])).transpose()?;
        }
        1 => match &offsets {
            None => {
                return Err(exc(
                    ExcKind::ValueError,
                    "offsets has to be a 1D Tensor but got None",
                ));
            }
            Some(o) => {
                if tensor_arg(o.clone(), "dim")?.ndim() != 1 {
                    return Err(exc(ExcKind::ValueError, "offsets has to be a 1D Tensor"));
                }
            }
        },
        n => {
            return Err(exc(
                ExcKind::ValueError,
                format!("input has to be 1D or 2D Tensor, but got Tensor of dimension {n}"),
            ));
        }
    }
    let mode_name = match arg(c, 6) {
        Value::Str(s) => s.to_string(),
        _ => String::new(),
    };
    let mode = match mode_name.as_str() {
        "sum" => BagMode::Sum,
        "mean" => BagMode::Mean,
        "max" => {
            if interp.truthy(&arg(c, 5))? {
                return Err(exc(
                    ExcKind::ValueError,
                    "max mode does not support scaling the gradient by the frequency",
                ));
            }
            if interp.truthy(&arg(c, 7))? {
                return Err(exc(
                    ExcKind::ValueError,
                    "max mode does not support sparse weights",
                ));
            }
            BagMode::Max
        }
        _ => {
            return Err(exc(
                ExcKind::ValueError,
                "mode has to be one of sum, mean or max",
            ));
        }
    };
    if !matches!(arg(c, 3), Value::None) {
        renorm(&weight, &input, &arg(c, 3), &arg(c, 4))?;
    }
    if psw.is_some() && mode != BagMode::Sum {
        return Err(exc(
            ExcKind::NotImplementedError,
            format!(
                "embedding_bag: per_sample_weights was not None. per_sample_weights is only supported for mode='sum' (got mode='{mode_name}'). Please open a feature request on GitHub."
            ),
        ));
    }
    let offsets = tensor_arg(offsets.unwrap_or(Value::None), "dim")?;
    let padding = match arg(c, 10) {
        Value::None => None,
        Value::Int(p, _) => Some(p),
        Value::Bool(b) => Some(i64::from(b)),
        other => {
            return Err(exc(
                ExcKind::TypeError,
                format!(
                    "embedding_bag(): argument 'padding_idx' must be int, not {}",
                    other.type_name()
                ),
            ));
        }
    };
    let out = bag_op(
        &weight,
        &input,
        &offsets,
        mode,
        psw.as_ref(),
        include_last,
        padding,
    )?;
    Ok(Value::Tensor(out))
}

/// `_no_grad_embedding_renorm_(weight, input, max_norm, norm_type)`: `torch.embedding_renorm_`, its
/// arguments bound as PyTorch binds them.
pub(super) fn renorm(
    weight: &Tensor,
    input: &Tensor,
    max_norm: &Value,
    norm_type: &Value,
) -> PyResult<()> {
    static RENORM: crate::interp::args::Sig = crate::interp::args::Sig::torch(
        "embedding_renorm_(Tensor self, Tensor indices, float max_norm, float norm_type)",
    );
    let b = RENORM.bind(Args::new(vec![
        Value::Tensor(weight.clone()),
        Value::Tensor(input.clone()),
        max_norm.clone(),
        norm_type.clone(),
    ]))?;
    crate::tensor::ops::embedding_bag::embedding_renorm_(weight, input, b.float(2)?, b.float(3)?)?;
    Ok(())
}

pub(super) static BAG_DEFS: &[FDef] = &[py(
    "embedding_bag",
    "embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode='mean', sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None)",
    embedding_bag,
    Node::Fixed("EmbeddingBagBackward0"),
)];

// ---- nn.EmbeddingBag -------------------------------------------------------------------------------

static BAG_INIT: crate::interp::args::Sig = crate::interp::args::Sig::new(
    "EmbeddingBag.__init__(self, num_embeddings, embedding_dim, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, mode='mean', sparse=False, _weight=None, include_last_offset=False, padding_idx=None, device=None, dtype=None)",
    crate::interp::args::Dialect::PyDef,
);
static BAG_FORWARD: crate::interp::args::Sig = crate::interp::args::Sig::new(
    "EmbeddingBag.forward(self, input, offsets=None, per_sample_weights=None)",
    crate::interp::args::Dialect::PyDef,
);

/// `nn.EmbeddingBag.__init__`: the attributes PyTorch stores, the padding index checked and wrapped,
/// and the weight drawn as `reset_parameters` draws it (`normal_`, then the padding row zeroed).
pub(super) fn bag_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = super::this(&args)?;
    let b = BAG_INIT.bind(args)?;
    let get = |i: usize| b.value_or_default(i);
    let int = |v: &Value, what: &str| -> PyResult<i64> {
        match v {
            Value::Int(n, _) => Ok(*n),
            other => Err(exc(
                ExcKind::TypeError,
                format!(
                    "empty(): argument 'size' failed to unpack the object at pos {what} with error \"type must be tuple of ints,but got {}\"",
                    other.type_name()
                ),
            )),
        }
    };
    let (n, d) = (int(&get(1)?, "1")?, int(&get(2)?, "2")?);
    if n < 0 || d < 0 {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "Trying to create tensor with negative dimension {}: [{n}, {d}]",
                n.min(d)
            ),
        ));
    }
    let padding = match get(10)? {
        Value::None => None,
        v => {
            let p = int(&v, "padding_idx")?;
            if (p > 0 && p >= n) || (p < 0 && p < -n) {
                return Err(exc(
                    ExcKind::AssertionError,
                    "padding_idx must be within num_embeddings",
                ));
            }
            Some(if p < 0 { p + n } else { p })
        }
    };
    if !matches!(get(12)?, Value::None | Value::DType(DType::Float32)) {
        return Err(exc(
            ExcKind::NotImplementedError,
            "nn.EmbeddingBag(dtype=...) other than float32 is not in the tutor yet",
        ));
    }
    let weight = match get(8)? {
        Value::None => {
            crate::tensor::settings::check_numel(&[n as usize, d as usize])?;
            let w = crate::tensor::random::embedding_init(
                &mut super::super::state::state(interp).rng,
                n as usize,
                d as usize,
                padding.map(|p| p as usize),
            );
            Tensor::from_vec(w, &[n as usize, d as usize])?
        }
        Value::Tensor(w) => {
            if w.shape() != [n as usize, d as usize] {
                return Err(exc(
                    ExcKind::AssertionError,
                    "Shape of weight does not match num_embeddings and embedding_dim",
                ));
            }
            w
        }
        other => {
            return Err(exc(
                ExcKind::TypeError,
                format!("'{}' object has no attribute 'shape'", other.type_name()),
            ));
        }
    };
    inst.set("training", Value::Bool(true));
    inst.set("num_embeddings", Value::int(n));
    inst.set("embedding_dim", Value::int(d));
    inst.set("max_norm", get(3)?);
    inst.set("norm_type", get(4)?);
    inst.set("scale_grad_by_freq", get(5)?);
    inst.set(
        "padding_idx",
        padding.map(Value::int).unwrap_or(Value::None),
    );
    inst.set("weight", super::param(weight));
    inst.set("mode", get(6)?);
    inst.set("sparse", get(7)?);
    inst.set("include_last_offset", get(9)?);
    Ok(Value::None)
}

/// `nn.EmbeddingBag.forward(input, offsets=None, per_sample_weights=None)`: `F.embedding_bag` with the
/// module's settings.
pub(super) fn bag_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = super::this(&args)?;
    let b = BAG_FORWARD.bind(args)?;
    let attr = |name: &str| inst.get(name).unwrap_or(Value::None);
    let call = vec![
        b.value_or_default(1)?,
        attr("weight"),
        b.value_or_default(2)?,
        attr("max_norm"),
        attr("norm_type"),
        attr("scale_grad_by_freq"),
        attr("mode"),
        attr("sparse"),
        b.value_or_default(3)?,
        attr("include_last_offset"),
        attr("padding_idx"),
    ];
    super::functional::run_f(interp, "embedding_bag", Args::new(call))
}

/// `EmbeddingBag.extra_repr`.
pub(super) fn extra_repr(inst: &crate::interp::value::Instance) -> Option<String> {
    if inst.class().native_tag()? != "EmbeddingBag" {
        return None;
    }
    let repr = |name: &str| match inst.get(name) {
        Some(Value::Str(s)) => format!("'{s}'"),
        v => super::utility::str_of(v),
    };
    let mut s = format!("{}, {}", repr("num_embeddings"), repr("embedding_dim"));
    if !matches!(inst.get("max_norm"), None | Some(Value::None)) {
        s.push_str(&format!(", max_norm={}", repr("max_norm")));
    }
    let two = matches!(inst.get("norm_type"), Some(Value::Float(f)) if f == 2.0)
        || matches!(inst.get("norm_type"), Some(Value::Int(2, _)));
    if !two {
        s.push_str(&format!(", norm_type={}", repr("norm_type")));
    }
    if !matches!(inst.get("scale_grad_by_freq"), Some(Value::Bool(false))) {
        s.push_str(&format!(
            ", scale_grad_by_freq={}",
            repr("scale_grad_by_freq")
        ));
    }
    s.push_str(&format!(", mode={}", repr("mode")));
    if !matches!(inst.get("padding_idx"), None | Some(Value::None)) {
        s.push_str(&format!(", padding_idx={}", repr("padding_idx")));
    }
    Some(s)
}
