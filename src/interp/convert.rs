//! Python's numeric conversions of values where an int or a float is expected (`__index__`, `__float__`):
//! ints and bools, floats, and the engine's one-element tensors, which stand for their number as
//! PyTorch's `Tensor.__index__` and `Tensor.__float__` make them.

use super::error::{PyResult, type_error};
use super::value::Value;

/// The integer `v` stands for as an index: an int, a bool, or a one-element integer tensor.
pub(crate) fn index_of(v: &Value) -> PyResult<Option<i64>> {
    Ok(match v {
        Value::Int(i, _) => Some(*i),
        Value::Bool(b) => Some(*b as i64),
        Value::Tensor(t) if t.numel() == 1 && !t.dtype().is_floating_point() => {
            Some(t.item()?.to_i64())
        }
        _ => None,
    })
}

/// An int-like value (`range(n)`, `chr(i)`): `TypeError` for anything else.
pub(crate) fn to_int(v: &Value, _what: &str) -> PyResult<i64> {
    index_of(v)?.ok_or_else(|| {
        type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        ))
    })
}

/// A real number (`math.sqrt(x)`): ints, bools, floats and one-element tensors.
pub(crate) fn to_float(v: &Value) -> PyResult<f64> {
    match v {
        Value::Int(i, _) => Ok(*i as f64),
        Value::Bool(b) => Ok(*b as i64 as f64),
        Value::Float(f) => Ok(*f),
        Value::Tensor(t) if t.numel() == 1 => Ok(t.item()?.to_f64()),
        other => Err(type_error(format!(
            "must be real number, not {}",
            other.type_name()
        ))),
    }
}
