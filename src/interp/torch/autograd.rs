//! The tutor computes no gradients, but PyTorch prints `grad_fn=<...Backward0>` on every tensor made from
//! one that requires grad (outside `no_grad`), so results carry the name of the op that made them.
//! Names follow `torch/csrc/autograd/generated` as torch 2.x prints them.

use crate::interp::torch::state::no_grad_depth;
use crate::tensor::Tensor;

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc};
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
            // `values` of sort/topk/max(dim)/..., `min` and `max` of aminmax (indices are ints).
            for field in ["values", "min", "max"] {
                if let Some(v) = inst.get(field) {
                    inst.set(field, mark(v, name));
                }
            }
            Value::Instance(inst)
        }
        other => other,
    }
}

/// Whether the method `name` writes into its tensor (PyTorch's trailing underscore), as autograd sees it:
/// `requires_grad_`, `detach_` and `share_memory_` change no data; `apply_` and `map_` refuse any tensor
/// that requires grad themselves.
pub(crate) fn writes_in_place(name: &str) -> bool {
    name.ends_with('_')
        && !name.starts_with("__")
        && !matches!(
            name,
            "requires_grad_" | "detach_" | "share_memory_" | "apply_" | "map_"
        )
}

/// PyTorch's refusals before the in-place method `name` writes into `t`: a leaf that requires grad, or a
/// view of one, in grad mode; any tensor that requires grad for `resize_`.
pub(crate) fn check_in_place(interp: &Interpreter, t: &Tensor, name: &str) -> PyResult<()> {
    let g = t.grad_info();
    let requires = g.requires_grad || g.grad_fn.is_some();
    match name {
        "resize_" | "resize_as_" if requires => {
            return Err(exc(
                ExcKind::RuntimeError,
                "cannot resize variables that require grad",
            ));
        }
        _ => {}
    }
    if no_grad_depth(interp) > 0 {
        return Ok(());
    }
    if g.requires_grad && g.grad_fn.is_none() {
        return Err(exc(
            ExcKind::RuntimeError,
            "a leaf Variable that requires grad is being used in an in-place operation.",
        ));
    }
    if g.view_of_leaf {
        return Err(view_of_leaf_error());
    }
    Ok(())
}

/// `t[i] = v` in grad mode: writing through a view that basic indexing makes (`view`) of a leaf that
/// requires grad, or into a view of one, is refused as a view; writing into the leaf itself as a leaf.
pub(crate) fn check_setitem(interp: &Interpreter, t: &Tensor, view: bool) -> PyResult<()> {
    let g = t.grad_info();
    if no_grad_depth(interp) > 0 {
        return Ok(());
    }
    let leaf = g.requires_grad && g.grad_fn.is_none();
    if g.view_of_leaf || (leaf && view) {
        return Err(view_of_leaf_error());
    }
    if leaf {
        return Err(exc(
            ExcKind::RuntimeError,
            "a leaf Variable that requires grad is being used in an in-place operation.",
        ));
    }
    Ok(())
}

fn view_of_leaf_error() -> crate::interp::error::Unwind {
    exc(
        ExcKind::RuntimeError,
        "a view of a leaf Variable that requires grad is being used in an in-place operation.",
    )
}

/// After an in-place op that autograd records (grad mode, an input that requires grad; a leaf was refused
/// before), the object's grad_fn becomes the in-place op's node: `add_` records `AddBackward0`, `t_`
/// `TBackward1`, an op without an out-of-place node here its own name's (`uniform_`: `UniformBackward0`).
/// `dims` is how the dims were given (`squeeze_()`, `squeeze_(1)`, `squeeze_((1,))`: 0, 1, 2), or for
/// `scatter_` whether the value was a number (1).
pub(crate) fn record_in_place(t: &Tensor, name: &str, dims: u8) {
    let node = match name {
        "squeeze_" => {
            ["SqueezeBackward3", "SqueezeBackward4", "SqueezeBackward5"][dims.min(2) as usize]
        }
        "unsqueeze_" => "UnsqueezeBackward1",
        "scatter_" => ["ScatterBackward0", "ScatterBackward1"][dims.min(1) as usize],
        "t_" => "TBackward1",
        "transpose_" | "swapdims_" | "swapaxes_" => "TransposeBackward1",
        "as_strided_" => "AsStridedBackward1",
        "fill_" => "FillBackward2",
        "zero_" => "ZeroBackward0",
        "copy_" => "CopyBackwards",
        "__iop__" => return,
        _ => {
            let base = name.trim_end_matches('_');
            match method_node(base, t, &Value::Tensor(t.clone()), dims > 0) {
                Some(node) => node,
                None => own_node(base),
            }
        }
    };
    record_node(t, node);
}

/// `index_fill` → `IndexFillBackward0`: the name autograd's codegen gives an op's first backward node.
fn own_node(base: &str) -> &'static str {
    static NAMES: std::sync::LazyLock<
        std::sync::Mutex<rustc_hash::FxHashMap<String, &'static str>>,
    > = std::sync::LazyLock::new(Default::default);
    let Ok(mut names) = NAMES.lock() else {
        return "CopyBackwards";
    };
    names.entry(base.to_string()).or_insert_with(|| {
        let camel: String = base
            .split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            })
            .collect();
        Box::leak(format!("{camel}Backward0").into_boxed_str())
    })
}

/// Gives the object `t` the grad_fn `node` (an in-place op it went through).
pub(crate) fn record_node(t: &Tensor, node: &'static str) {
    let mut g = t.grad_info();
    g.grad_fn = Some(node);
    t.set_grad_info(g);
}

/// A view made in grad mode of a leaf that requires grad (or of such a view) is marked, so writing into
/// it is refused as PyTorch refuses it.
pub(crate) fn mark_view_of_leaf(base: &Tensor, result: &Value) {
    let g = base.grad_info();
    if !(g.view_of_leaf || (g.requires_grad && g.grad_fn.is_none())) {
        return;
    }
    let mark = |t: &Tensor| {
        if t.shares_storage(base) && t.object_id() != base.object_id() {
            let mut r = t.grad_info();
            r.view_of_leaf = true;
            t.set_grad_info(r);
        }
    };
    match result {
        Value::Tensor(t) => mark(t),
        Value::Tuple(items) => items.iter().for_each(|v| {
            if let Value::Tensor(t) = v {
                mark(t)
            }
        }),
        _ => {}
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
                view_of_leaf: false,
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
        "cross" => "LinalgCrossBackward0",
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
        // `Tensor.norm` (written in Python) calls `linalg.vector_norm` for every `p` it takes.
        "norm" => "LinalgVectorNormBackward0",
        "sort" | "msort" => "SortBackward0",
        "topk" => "TopkBackward0",
        "kthvalue" => "KthvalueBackward0",
        "median" if has_dim => "MedianBackward1",
        "median" => "MedianBackward0",
        "nanmedian" if has_dim => "NanmedianBackward1",
        "nanmedian" => "NanmedianBackward0",
        "mode" => "ModeBackward0",
        "amax" => "AmaxBackward0",
        "amin" => "AminBackward0",
        "aminmax" => "AminmaxBackward0",
        "logsumexp" => "LogsumexpBackward0",
        "quantile" | "nanquantile" => "SqueezeBackward4",
        "roll" => "RollBackward0",
        "flip" | "fliplr" | "flipud" => "FlipBackward0",
        "rot90" => "Rot90Backward0",
        "cumprod" => "CumprodBackward0",
        "cummax" => "CummaxBackward0",
        "cummin" => "CumminBackward0",
        "nansum" => "NansumBackward0",
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
