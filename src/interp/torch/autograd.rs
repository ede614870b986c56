//! The tutor computes no gradients, but PyTorch prints `grad_fn=<...Backward0>` on every tensor made from
//! one that requires grad (outside `no_grad`), so results carry the name of the op that made them.
//! Names follow `torch/csrc/autograd/generated` as torch 2.x prints them.

use crate::interp::torch::state::no_grad_depth;
use crate::tensor::Tensor;

use crate::interp::Interpreter;
use crate::interp::value::{Args, Value};

/// Whether results of an op on these inputs are recorded by autograd.
pub(crate) fn recording(interp: &Interpreter, inputs: &[&Value]) -> bool {
    no_grad_depth(interp) == 0
        && inputs
            .iter()
            .any(|v| matches!(v, Value::Tensor(t) if t.requires_grad()))
}

/// Whether results of `this.op(*args)` are recorded by autograd (without gathering the inputs).
pub(crate) fn recording_call(interp: &Interpreter, this: Option<&Tensor>, args: &Args) -> bool {
    let requires = |v: &Value| matches!(v, Value::Tensor(t) if t.requires_grad());
    no_grad_depth(interp) == 0
        && (this.is_some_and(Tensor::requires_grad)
            || args.pos.iter().any(requires)
            || args.kw.iter().any(|(_, v)| requires(v)))
}

pub(crate) fn recording_tensors(interp: &Interpreter, inputs: &[&Tensor]) -> bool {
    no_grad_depth(interp) == 0 && inputs.iter().any(|t| t.requires_grad())
}

/// Gives every float tensor in `v` the grad_fn `name` (tuples and named tuples too).
pub(crate) fn mark(v: Value, name: &'static str) -> Value {
    match v {
        Value::Tensor(t) if t.dtype().is_floating_point() => Value::Tensor(t.with_grad_fn(name)),
        Value::Tuple(items) => Value::tuple(items.iter().map(|x| mark(x.clone(), name)).collect()),
        Value::Instance(inst) if inst.class().has_native("namedtuple") => {
            if let Some(v) = inst.get("values") {
                inst.set("values", mark(v, name));
            }
            Value::Instance(inst)
        }
        other => other,
    }
}

/// Views made under `no_grad` of a tensor that requires grad still report `requires_grad=True` in PyTorch
/// (they are leaves created in no-grad mode); other results do not.
pub(crate) fn mark_no_grad_view(interp: &Interpreter, base: &Tensor, result: Value) -> Value {
    match result {
        Value::Tensor(t)
            if no_grad_depth(interp) > 0 && base.requires_grad() && t.shares_storage(base) =>
        {
            if t.object_id() == base.object_id() {
                return Value::Tensor(t);
            }
            Value::Tensor(t.with_grad_info(crate::tensor::GradInfo {
                requires_grad: true,
                is_param: false,
                grad_fn: None,
            }))
        }
        Value::Tuple(items) if no_grad_depth(interp) > 0 && base.requires_grad() => Value::tuple(
            items
                .iter()
                .map(|v| mark_no_grad_view(interp, base, v.clone()))
                .collect(),
        ),
        other => other,
    }
}

/// The backward node a tensor method (or the torch function of the same name) records.
pub(crate) fn method_node(
    name: &str,
    this: &Tensor,
    result: &Value,
    has_dim: bool,
) -> Option<&'static str> {
    let same_view = |r: &Value| matches!(r, Value::Tensor(t) if t.shares_storage(this) && t.layout() == this.layout());
    Some(match name {
        "add" => "AddBackward0",
        "sub" => "SubBackward0",
        "mul" => "MulBackward0",
        "div" | "true_divide" => "DivBackward0",
        "pow" => "PowBackward0",
        "matmul" => return Some(matmul_node(this, result)),
        "mm" => "MmBackward0",
        "bmm" => "BmmBackward0",
        "dot" => "DotBackward0",
        "neg" => "NegBackward0",
        "abs" => "AbsBackward0",
        "exp" => "ExpBackward0",
        "log" => "LogBackward0",
        "sqrt" => "SqrtBackward0",
        "rsqrt" => "RsqrtBackward0",
        "sin" => "SinBackward0",
        "cos" => "CosBackward0",
        "tanh" => "TanhBackward0",
        "sigmoid" => "SigmoidBackward0",
        "relu" => "ReluBackward0",
        "gelu" => "GeluBackward0",
        "silu" => "SiluBackward0",
        "clamp" | "clip" => "ClampBackward1",
        "clamp_min" => "ClampMinBackward0",
        "clamp_max" => "ClampMaxBackward0",
        "square" => "PowBackward0",
        "reciprocal" => "ReciprocalBackward0",
        "maximum" => "MaximumBackward0",
        "minimum" => "MinimumBackward0",
        "masked_fill" => "MaskedFillBackward0",
        "where" => "WhereBackward0",
        "tril" => "TrilBackward0",
        "triu" => "TriuBackward0",
        "sum" => {
            if has_dim {
                "SumBackward1"
            } else {
                "SumBackward0"
            }
        }
        "mean" => {
            if has_dim {
                "MeanBackward1"
            } else {
                "MeanBackward0"
            }
        }
        "prod" => {
            if has_dim {
                "ProdBackward1"
            } else {
                "ProdBackward0"
            }
        }
        "std" => "StdBackward0",
        "var" => "VarBackward0",
        "max" | "min" => {
            let up = if name == "max" {
                ("MaxBackward0", "MaxBackward1")
            } else {
                ("MinBackward0", "MinBackward1")
            };
            if has_dim { up.0 } else { up.1 }
        }
        "softmax" => "SoftmaxBackward0",
        "log_softmax" => "LogSoftmaxBackward0",
        "view" | "view_as" | "flatten" | "unflatten" => {
            if same_view(result) {
                return None;
            }
            "ViewBackward0"
        }
        "reshape" | "reshape_as" => match result {
            Value::Tensor(t) if t.shares_storage(this) => {
                if t.layout() == this.layout() {
                    return None;
                }
                "ViewBackward0"
            }
            _ => "UnsafeViewBackward0",
        },
        "t" => "TBackward0",
        "transpose" | "swapaxes" => "TransposeBackward0",
        "permute" | "movedim" => "PermuteBackward0",
        "unsqueeze" => "UnsqueezeBackward0",
        "squeeze" => {
            if has_dim {
                "SqueezeBackward1"
            } else {
                "SqueezeBackward0"
            }
        }
        "expand" | "expand_as" => "ExpandBackward0",
        "contiguous" => {
            if same_view(result) {
                return None;
            }
            "CloneBackward0"
        }
        "clone" => "CloneBackward0",
        "split" | "chunk" => "SplitBackward0",
        "unbind" => "UnbindBackward0",
        "narrow" => "SliceBackward0",
        "repeat" => "RepeatBackward0",
        "index_select" => "IndexSelectBackward0",
        "gather" => "GatherBackward0",
        "cumsum" => "CumsumBackward0",
        "norm" => "NormBackward1",
        "floor" => "FloorBackward0",
        "ceil" => "CeilBackward0",
        // `round(decimals=...)` is another overload with its own node.
        "round" if has_dim => "RoundBackward1",
        "round" => "RoundBackward0",
        "trunc" => "TruncBackward0",
        "sign" => "SignBackward0",
        "outer" => "MulBackward0",
        "addmm" => "AddmmBackward0",
        "masked_select" => "MaskedSelectBackward0",
        "diag" => "DiagEmbedBackward0",
        "float" | "to" | "type" => {
            if same_view(result) {
                return None;
            }
            "ToCopyBackward0"
        }
        _ => return None,
    })
}

pub(crate) fn matmul_node(a: &Tensor, result: &Value) -> &'static str {
    let out_dims = match result {
        Value::Tensor(t) => t.ndim(),
        _ => 0,
    };
    match (a.ndim(), out_dims) {
        (1, 0) => "DotBackward0",
        (2, 2) => "MmBackward0",
        (2, 1) => "MvBackward0",
        (1, 1) => "SqueezeBackward4",
        _ => "UnsafeViewBackward0",
    }
}
