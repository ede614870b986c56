//! The `torch` module: its own functions (one table, by concept: `creation`, `random`, `joining`, `grad`
//! and `misc`), the `torch` functions of the tensor table (`torch.transpose(t, 0, 1)`), dtypes and
//! constants.

mod creation;
mod grad;
mod grid;
mod joining;
mod misc;
mod random;
mod sampling;

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::interp::Interpreter;
use crate::interp::builtins::{builtin_with, type_object_with};
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::{DType, Tensor};

use super::call::{Def, Prepared};
use super::tensor;

pub(crate) use creation::tensor_from_value;

static TABLE: LazyLock<Vec<Prepared>> = LazyLock::new(|| {
    let defs: [&'static [Def]; 7] = [
        creation::DEFS,
        random::DEFS,
        sampling::DEFS,
        joining::DEFS,
        grad::DEFS,
        grid::DEFS,
        misc::DEFS,
    ];
    defs.into_iter().flatten().map(Prepared::new).collect()
});

/// Runs one of the module's own functions.
fn call(interp: &mut Interpreter, p: &'static Prepared, args: Args) -> PyResult<Value> {
    let generator = tensor::generator_arg(&args);
    let call = p.bind_function(args).map_err(creation::legacy_message)?;
    let result = tensor::with_generator(interp, generator.as_ref(), |interp| {
        (p.def.run)(interp, &call)
    })?;
    // `out=` of the module's own functions (`torch.arange(3, out=o)`): written into `o`, returned.
    // A factory computes in `out`'s dtype (`torch.arange(0.5, 3, out=long_tensor)`).
    let factory = p.def.sigs.iter().any(|s| s.contains("ScalarType? dtype"));
    match (call.out(), result) {
        (Some(out), Value::Tensor(r)) => {
            let r = if factory && r.dtype() != out.dtype() {
                r.to_dtype(out.dtype())
            } else {
                r
            };
            Ok(Value::Tensor(tensor::write_out(interp, &out, &r)?))
        }
        (_, r) => Ok(r),
    }
}

pub(crate) fn torch_module() -> HashMap<&'static str, Value> {
    let mut attrs: HashMap<&'static str, Value> = HashMap::new();
    for p in tensor::torch_functions() {
        let name = p.def.name;
        attrs.insert(
            name,
            builtin_with(name, move |i, a| tensor::call_function(i, p, a)),
        );
    }
    for p in TABLE.iter() {
        let name = p.def.name;
        let value = match name {
            // The type objects: `type(t)` is `torch.Tensor`, `type(t.shape)` is `torch.Size`.
            "Tensor" => type_object_with("torch.Tensor", move |i, a| call(i, p, a)),
            "Size" => type_object_with("torch.Size", move |i, a| call(i, p, a)),
            _ => builtin_with(name, move |i, a| call(i, p, a)),
        };
        attrs.insert(name, value);
    }
    for (name, d) in [
        ("float32", DType::Float32),
        ("float", DType::Float32),
        ("float64", DType::Float64),
        ("double", DType::Float64),
        ("float16", DType::Float16),
        ("half", DType::Float16),
        ("bfloat16", DType::BFloat16),
        ("int64", DType::Int64),
        ("long", DType::Int64),
        ("int32", DType::Int32),
        ("int", DType::Int32),
        ("int16", DType::Int16),
        ("short", DType::Int16),
        ("int8", DType::Int8),
        ("uint8", DType::UInt8),
        ("bool", DType::Bool),
    ] {
        attrs.insert(name, Value::DType(d));
    }
    attrs.insert("strided", tensor::strided());
    attrs.insert("default_generator", tensor::default_generator());
    for (name, format) in tensor::MemoryFormat::ALL {
        attrs.insert(name, Value::Native(std::rc::Rc::new(format)));
    }
    attrs.insert("pi", Value::Float(std::f64::consts::PI));
    attrs.insert("inf", Value::Float(f64::INFINITY));
    attrs.insert("nan", Value::Float(f64::NAN));
    attrs.insert(
        "__version__",
        Value::str("2.15.0 (transformer-tutor engine)"),
    );
    attrs
}

/// A shape of non-negative sizes, as a factory checks it.
pub(crate) fn shape_from(dims: &[i64]) -> PyResult<Vec<usize>> {
    match dims.iter().find(|&&d| d < 0) {
        Some(d) => Err(exc(
            ExcKind::RuntimeError,
            format!(
                "Trying to create tensor with negative dimension {d}: [{}]",
                dims.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )),
        None => Ok(dims.iter().map(|&d| d as usize).collect()),
    }
}

/// `requires_grad=True` of a factory: a leaf that requires grad (floating point only).
pub(crate) fn set_requires_grad(t: &Tensor, requires_grad: bool) -> PyResult<()> {
    if !requires_grad {
        return Ok(());
    }
    if !t.dtype().is_floating_point() {
        return Err(exc(
            ExcKind::RuntimeError,
            "Only Tensors of floating point and complex dtype can require gradients",
        ));
    }
    t.set_requires_grad(true);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_signature_parses() {
        for p in TABLE.iter() {
            super::super::call::check_def(p.def).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
