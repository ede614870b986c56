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
pub(crate) mod python;
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
pub(crate) use python::{
    MemoryFormat, cpu_device, default_generator, generator_arg, memory_format_arg, new_generator,
    strided, with_generator,
};

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
    let in_place = autograd::writes_in_place(name);
    if in_place {
        autograd::check_in_place(interp, this, name)?;
    }
    let dims = if name == "scatter_" {
        // `scatter_(dim, index, value)` with a number is another overload, with its own node.
        let number = |v: &Value| matches!(v, Value::Float(_) | Value::Int(..));
        u8::from(
            args.pos.get(2).is_some_and(number) || args.kw.iter().any(|(k, _)| &**k == "value"),
        )
    } else {
        dims_form(&args)
    };
    let generator = python::generator_arg(&args);
    let call = p.bind_method(this, args)?;
    let result = python::with_generator(interp, generator.as_ref(), |interp| {
        (p.def.run)(interp, &call)
    })?;
    if in_place {
        if record {
            autograd::record_in_place(this, name, dims);
        }
        return Ok(result);
    }
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
    let generator = python::generator_arg(&args);
    let call = p.bind_function(args)?;
    let this = match call.value(0) {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    let in_place = autograd::writes_in_place(p.def.name);
    if let (true, Some(t)) = (in_place, &this) {
        autograd::check_in_place(interp, t, p.def.name)?;
    }
    let result = python::with_generator(interp, generator.as_ref(), |interp| {
        (p.def.run)(interp, &call)
    })?;
    if let (true, Some(t)) = (in_place, &this) {
        if record {
            autograd::record_in_place(t, p.def.name, u8::from(has_dim));
        }
        return Ok(result);
    }
    if record && call.out().is_some() {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "{}(): functions with out=... arguments don't support automatic differentiation, but one of the arguments requires grad.",
                p.def.name
            ),
        ));
    }
    let result = match (call.out(), result) {
        (Some(out), Value::Tensor(r)) => Value::Tensor(write_out(interp, &out, &r)?),
        (_, result) => result,
    };
    Ok(match this {
        Some(t) => record_grad(interp, p.def.name, &t, result, record, has_dim),
        None => result,
    })
}

/// `out=`: the result written into the given tensor, which is what the call returns. The tensor keeps
/// its dtype (a result it cannot hold is refused, as TensorIterator refuses it). One of another shape is
/// resized to the result's (laid out as the result is, when that is dense), as ATen's `resize_output`,
/// with its warning when it held elements.
pub(crate) fn write_out(
    interp: &mut Interpreter,
    out: &Tensor,
    result: &Tensor,
) -> PyResult<Tensor> {
    if out.shares_storage(result) && out.shape() == result.shape() {
        return Ok(out.clone());
    }
    crate::tensor::ops::elementwise::check_cast(result.dtype(), out.dtype())?;
    if out.shape() != result.shape() {
        if out.numel() != 0 {
            interp.warnings.push(format!(
                "UserWarning: An output with one or more elements was resized since it had shape {:?}, which does not match the required output shape {:?}. This behavior is deprecated, and in a future PyTorch release outputs will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, inplace, to zero elements with t.resize_(0). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)",
                out.shape(),
                result.shape()
            ));
        }
        let dense =
            crate::tensor::layout::is_non_overlapping_and_dense(result.shape(), result.strides());
        out.resize_in_place(result.shape(), dense.then(|| result.strides().to_vec()))?;
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
    let result = match autograd::method_node(name, this, &result, has_dim) {
        Some(node) => autograd::mark(result, node),
        None => result,
    };
    autograd::mark_view_of_leaf(this, &result);
    result
}

/// How a method was given its dims, for the node an in-place op records: none, one int, or a list.
fn dims_form(args: &Args) -> u8 {
    let given = args
        .pos
        .first()
        .or_else(|| args.kw.iter().find(|(k, _)| &**k == "dim").map(|(_, v)| v));
    match given {
        None | Some(Value::None) => 0,
        Some(Value::List(_) | Value::Tuple(_)) => 2,
        Some(_) => 1,
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
