//! Tensor methods and properties: one table, name → entry, built once. A method's entry is a [`Def`]
//! (PyTorch's signature and the function that runs it), which also says whether `torch.name(input, ...)`
//! exists; the `torch` module takes those functions from here. The entries live by concept:
//! `props` (properties and what a tensor says about itself), `shape` (views and reshaping), `math`
//! (pointwise arithmetic, comparisons, matrix products), `reduce` (reductions, softmax, sorting), `index`
//! (selecting, gathering, scattering, masking), `convert` (dtypes, copies, in-place fills, new tensors);
//! `ops` holds Python's operators and indexing on tensors.

mod binary;
mod compose;
mod convert;
mod index;
mod math;
pub(crate) mod ops;
mod products;
mod props;
mod python;
mod reduce;
mod scatter;
mod select;
mod shape;
mod stats;
mod unary;

use rustc_hash::FxHashMap;
use std::rc::Rc;
use std::sync::LazyLock;

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::Tensor;

use super::autograd;
use super::call::{Def, Prepared};

pub(crate) use props::tensor_setattr;
pub(crate) use python::{MemoryFormat, cpu_device, default_generator, memory_format_arg, strided};

/// What `t.name` is.
enum Attr {
    Method(Prepared),
    Property(props::Getter),
}

static TABLE: LazyLock<FxHashMap<&'static str, Attr>> = LazyLock::new(|| {
    let mut table = FxHashMap::default();
    let defs: [&'static [Def]; 16] = [
        props::DEFS,
        compose::DEFS,
        unary::UNARY_DEFS,
        shape::DEFS,
        math::DEFS,
        reduce::DEFS,
        index::DEFS,
        scatter::DEFS,
        scatter::EMBED_DEFS,
        stats::DEFS,
        stats::HISTOGRAM_DEFS,
        python::DEFS,
        python::RANDOM_DEFS,
        select::DEFS,
        products::DEFS,
        convert::DEFS,
    ];
    let binary = binary::BINARY_DEFS.iter().copied().flatten();
    for def in defs.into_iter().flatten().chain(binary) {
        table.insert(def.name, Attr::Method(Prepared::new(def)));
    }
    for &(name, get) in props::PROPERTIES {
        table.insert(name, Attr::Property(get));
    }
    table
});

/// `t.name`: a property's value or a bound method.
pub(crate) fn tensor_attr(
    interp: &mut Interpreter,
    t: &Tensor,
    name: &str,
    obj: &Value,
) -> PyResult<Value> {
    match TABLE.get(name) {
        Some(Attr::Property(get)) => get(interp, t),
        Some(Attr::Method(p)) if p.method.is_some() => {
            Ok(Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name)))))
        }
        _ => Err(exc(
            ExcKind::AttributeError,
            format!("'Tensor' object has no attribute '{name}'"),
        )),
    }
}

/// The names of the Tensor's methods and properties.
pub(crate) fn attribute_names() -> impl Iterator<Item = &'static str> {
    TABLE.iter().filter_map(|(&n, a)| match a {
        Attr::Method(p) if p.method.is_none() => None,
        _ => Some(n),
    })
}

/// Whether `t.name` is a method (not a property).
pub(crate) fn has_method(name: &str) -> bool {
    matches!(TABLE.get(name), Some(Attr::Method(p)) if p.method.is_some())
}

/// The `torch` functions of the table's entries (`torch.transpose`, `torch.sum`, ...).
pub(crate) fn torch_functions() -> impl Iterator<Item = &'static Prepared> {
    TABLE.values().filter_map(|a| match a {
        Attr::Method(p) if p.function.is_some() => Some(p),
        _ => None,
    })
}

/// The entry of `torch.name`, when the table has one.
pub(crate) fn torch_function(name: &str) -> Option<&'static Prepared> {
    match TABLE.get(name) {
        Some(Attr::Method(p)) if p.function.is_some() => Some(p),
        _ => None,
    }
}

/// PyTorch 2.x names a reduction's backward node by whether it was given a dim.
fn has_dim(pos: &[Value], kw: &[(Rc<str>, Value)]) -> bool {
    pos.iter()
        .any(|v| !matches!(v, Value::Tensor(_) | Value::Bool(_)))
        || kw.iter().any(|(k, _)| &**k == "dim" || &**k == "decimals")
}

/// `t.name(*args)`.
pub(crate) fn call_method(
    interp: &mut Interpreter,
    this: &Tensor,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let Some(Attr::Method(p)) = TABLE.get(name) else {
        return Err(exc(
            ExcKind::AttributeError,
            format!("'Tensor' object has no attribute '{name}'"),
        ));
    };
    let record = autograd::recording_call(interp, Some(this), &args);
    let has_dim = has_dim(&args.pos, &args.kw);
    let call = p.bind_method(this, args)?;
    let result = (p.def.run)(interp, &call)?;
    Ok(record_grad(
        interp, p.def.name, this, result, record, has_dim,
    ))
}

/// `torch.name(*args)` for an entry of the table: the method's work on the input, with the same autograd
/// record.
pub(crate) fn call_function(
    interp: &mut Interpreter,
    p: &'static Prepared,
    args: Args,
) -> PyResult<Value> {
    let record = autograd::recording_call(interp, None, &args);
    let has_dim = has_dim(args.pos.get(1..).unwrap_or(&[]), &args.kw);
    let call = p.bind_function(args)?;
    let this = match call.value(0) {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    let result = (p.def.run)(interp, &call)?;
    let result = match (call.out(), result) {
        (Some(out), Value::Tensor(r)) => Value::Tensor(write_out(&out, &r)?),
        (_, result) => result,
    };
    Ok(match this {
        Some(t) => record_grad(interp, p.def.name, &t, result, record, has_dim),
        None => result,
    })
}

/// `out=`: the result written into the given tensor, which is what the call returns. The tensor keeps
/// its dtype (a result it cannot hold is refused, as TensorIterator refuses it) and must have the
/// result's shape: the tutor cannot resize a tensor the cell holds.
pub(crate) fn write_out(out: &Tensor, result: &Tensor) -> PyResult<Tensor> {
    if out.shares_storage(result) && out.shape() == result.shape() {
        return Ok(out.clone());
    }
    crate::tensor::ops::elementwise::check_cast(result.dtype(), out.dtype())?;
    if out.shape() != result.shape() {
        return Err(exc(
            ExcKind::NotImplementedError,
            format!(
                "the tutor cannot resize out= from {:?} to {:?}; pass a tensor of the result's shape",
                out.shape(),
                result.shape()
            ),
        ));
    }
    out.copy_from(result)?;
    Ok(out.clone())
}

fn record_grad(
    interp: &Interpreter,
    name: &str,
    this: &Tensor,
    result: Value,
    record: bool,
    has_dim: bool,
) -> Value {
    if name == "detach" {
        return result;
    }
    if !record {
        return autograd::mark_no_grad_view(interp, this, result);
    }
    match autograd::method_node(name, this, &result, has_dim) {
        Some(node) => autograd::mark(result, node),
        None => result,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every signature in the table parses, and every method form derives.
    #[test]
    fn every_signature_parses() {
        for attr in TABLE.values() {
            if let Attr::Method(p) = attr {
                super::super::call::check_def(p.def).unwrap_or_else(|e| panic!("{e}"));
            }
        }
    }
}
