//! The methods of `int` (and `bool`, which inherits them) and `float`.

use std::sync::LazyLock;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::Positional;
use super::super::error::{ExcKind, PyResult, exc};
use super::super::value::Value;
use super::{Method, Table, table};

pub(crate) static INT_METHODS: LazyLock<Table<Value>> = LazyLock::new(|| table(&INT_LIST));
pub(crate) static FLOAT_METHODS: LazyLock<Table<Value>> = LazyLock::new(|| table(&FLOAT_LIST));

static INT_LIST: [Method<Value>; 3] = [
    Method::new("int.bit_length()", Positional, bit_length),
    Method::new("int.conjugate()", Positional, int_conjugate),
    Method::new("int.as_integer_ratio()", Positional, int_ratio),
];

static FLOAT_LIST: [Method<Value>; 3] = [
    Method::new("float.is_integer()", Positional, is_integer),
    Method::new("float.conjugate()", Positional, float_conjugate),
    Method::new("float.as_integer_ratio()", Positional, float_ratio),
];

/// The int a bool or an int stands for.
fn int_value(v: &Value) -> i64 {
    match v {
        Value::Bool(b) => *b as i64,
        Value::Int(i, _) => *i,
        _ => 0,
    }
}

fn bit_length(_: &mut Interpreter, v: &Value, _: Bound) -> PyResult<Value> {
    Ok(Value::int(
        64 - int_value(v).unsigned_abs().leading_zeros() as i64,
    ))
}

/// `int.conjugate()` is the int itself (a bool's is an int).
fn int_conjugate(_: &mut Interpreter, v: &Value, _: Bound) -> PyResult<Value> {
    Ok(Value::int(int_value(v)))
}

fn int_ratio(_: &mut Interpreter, v: &Value, _: Bound) -> PyResult<Value> {
    Ok(Value::tuple(vec![Value::int(int_value(v)), Value::int(1)]))
}

fn float_value(v: &Value) -> f64 {
    match v {
        Value::Float(f) => *f,
        _ => 0.0,
    }
}

fn is_integer(_: &mut Interpreter, v: &Value, _: Bound) -> PyResult<Value> {
    let f = float_value(v);
    Ok(Value::Bool(f.is_finite() && f.fract() == 0.0))
}

fn float_conjugate(_: &mut Interpreter, v: &Value, _: Bound) -> PyResult<Value> {
    Ok(Value::Float(float_value(v)))
}

/// `float.as_integer_ratio()`: the exact fraction, in lowest terms with a positive denominator (from the
/// float's mantissa and binary exponent, as `float_as_integer_ratio_impl` does).
fn float_ratio(_: &mut Interpreter, v: &Value, _: Bound) -> PyResult<Value> {
    let f = float_value(v);
    if f.is_infinite() {
        return Err(exc(
            ExcKind::OverflowError,
            "cannot convert Infinity to integer ratio",
        ));
    }
    if f.is_nan() {
        return Err(exc(
            ExcKind::ValueError,
            "cannot convert NaN to integer ratio",
        ));
    }
    let too_big = || {
        exc(
            ExcKind::OverflowError,
            "integer too large for the tutor's 64-bit ints",
        )
    };
    if f == 0.0 {
        return Ok(Value::tuple(vec![Value::int(0), Value::int(1)]));
    }
    let bits = f.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64;
    let mut mantissa = (bits & ((1 << 52) - 1)) as i64;
    let mut exp2 = if exponent == 0 {
        -1074
    } else {
        mantissa |= 1 << 52;
        exponent - 1075
    };
    // Lowest terms: move the mantissa's trailing zeros into the exponent.
    let zeros = mantissa.trailing_zeros() as i64;
    mantissa >>= zeros;
    exp2 += zeros;
    let sign = if f < 0.0 { -1 } else { 1 };
    let (numerator, denominator) = if exp2 >= 0 {
        let shifted = u32::try_from(exp2)
            .ok()
            .and_then(|e| mantissa.checked_mul(1i64.checked_shl(e)?))
            .filter(|_| exp2 < 63)
            .ok_or_else(too_big)?;
        (shifted, 1)
    } else {
        let d = u32::try_from(-exp2)
            .ok()
            .filter(|e| *e < 63)
            .map(|e| 1i64 << e)
            .ok_or_else(too_big)?;
        (mantissa, d)
    };
    Ok(Value::tuple(vec![
        Value::int(sign * numerator),
        Value::int(denominator),
    ]))
}
