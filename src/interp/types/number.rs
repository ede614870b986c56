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

static FLOAT_LIST: [Method<Value>; 5] = [
    Method::new("float.is_integer()", Positional, is_integer),
    Method::new("float.conjugate()", Positional, float_conjugate),
    Method::new("float.as_integer_ratio()", Positional, float_ratio),
    Method::new("float.hex()", Positional, float_hex),
    // A class method, also found on a float (`(1.0).fromhex('0x1p-2')`).
    Method::new("float.fromhex(string, /)", Positional, |_, _, a| {
        fromhex_value(&a.arg(0)?)
    }),
];

/// `float.fromhex(string)`, a class method: found on the type as well as on a float.
pub(crate) static FROMHEX: crate::interp::builtins::Def =
    crate::interp::builtins::Def::new("float.fromhex(string, /)", Positional, |_, a| {
        fromhex_value(&a.arg(0)?)
    });

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

/// `float.hex()`: CPython's `float_hex`, `[-]0x1.<13 hex digits>p<exp>` for a normal float, `0x0.` and
/// the exponent -1022 for a subnormal one.
fn float_hex(_: &mut Interpreter, v: &Value, _: Bound) -> PyResult<Value> {
    Ok(Value::str(&hex_repr(float_value(v))))
}

pub(crate) fn hex_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f < 0.0 { "-inf" } else { "inf" }.into();
    }
    let sign = if f.is_sign_negative() { "-" } else { "" };
    if f == 0.0 {
        return format!("{sign}0x0.0p+0");
    }
    let bits = f.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let mantissa = bits & ((1 << 52) - 1);
    if biased == 0 {
        format!("{sign}0x0.{mantissa:013x}p-1022")
    } else {
        format!("{sign}0x1.{mantissa:013x}p{:+}", biased - 1023)
    }
}

fn fromhex_value(v: &Value) -> PyResult<Value> {
    match v {
        Value::Str(s) => parse_hex_float(s).map(Value::Float),
        // CPython reads the argument with `PyUnicode_AsUTF8AndSize` (no parameter name in the message).
        _ => Err(crate::interp::error::type_error(
            "bad argument type for built-in operation",
        )),
    }
}

/// CPython's `float_fromhex`: optional sign, `inf`/`infinity`/`nan`, or hex digits with an optional
/// point and `0x`, and an optional binary exponent `p[+-]digits`; rounded half to even, subnormals
/// included. Surrounding whitespace is allowed.
pub(crate) fn parse_hex_float(text: &str) -> PyResult<f64> {
    let invalid = || {
        exc(
            ExcKind::ValueError,
            "invalid hexadecimal floating-point string",
        )
    };
    let s = text.trim_matches(|c: char| c.is_whitespace());
    let (negative, s) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let signed = |x: f64| if negative { -x } else { x };
    let lower = s.to_ascii_lowercase();
    if lower == "inf" || lower == "infinity" {
        return Ok(signed(f64::INFINITY));
    }
    if lower == "nan" {
        return Ok(signed(f64::NAN));
    }
    let s = lower
        .strip_prefix("0x")
        .unwrap_or(&lower)
        .as_bytes()
        .to_vec();
    let mut i = 0;
    let mut digits: Vec<u8> = Vec::new();
    let mut frac_len: i64 = 0;
    let mut seen_point = false;
    while i < s.len() {
        match s[i] {
            c @ (b'0'..=b'9' | b'a'..=b'f') => {
                digits.push((c as char).to_digit(16).unwrap_or(0) as u8);
                if seen_point {
                    frac_len += 1;
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        i += 1;
    }
    if digits.is_empty() {
        return Err(invalid());
    }
    let mut exp: i64 = 0;
    if i < s.len() && s[i] == b'p' {
        i += 1;
        let neg_exp = match s.get(i) {
            Some(b'-') => {
                i += 1;
                true
            }
            Some(b'+') => {
                i += 1;
                false
            }
            _ => false,
        };
        let start = i;
        while i < s.len() && s[i].is_ascii_digit() {
            exp = (exp * 10 + i64::from(s[i] - b'0')).min(1 << 40);
            i += 1;
        }
        if i == start {
            return Err(invalid());
        }
        if neg_exp {
            exp = -exp;
        }
    }
    if i != s.len() {
        return Err(invalid());
    }
    // The digits as a bit string from the first 1.
    let first = digits.iter().position(|&d| d != 0);
    let Some(first) = first else {
        return Ok(signed(0.0));
    };
    let digits = &digits[first..];
    let lead = digits[0].leading_zeros() as i64 - 4;
    let nbits = 4 * digits.len() as i64 - lead;
    let bit = |p: i64| -> u64 {
        if p < 0 || p >= nbits {
            return 0;
        }
        let q = p + lead;
        u64::from((digits[(q / 4) as usize] >> (3 - q % 4)) & 1)
    };
    // The value is in [2^top, 2^(top+1)).
    let top = nbits - 1 + exp - 4 * frac_len;
    let too_large = || {
        exc(
            ExcKind::OverflowError,
            "hexadecimal value too large to represent as a float",
        )
    };
    if top > 1023 {
        return Err(too_large());
    }
    let keep = if top >= -1022 { 53 } else { 53 - (-1022 - top) };
    let mut m: u64 = 0;
    for p in 0..keep.max(0) {
        m = (m << 1) | bit(p);
    }
    let half = bit(keep) == 1;
    let sticky = (keep + 1..nbits).any(|p| bit(p) == 1);
    if half && (sticky || m & 1 == 1) {
        m += 1;
    }
    // m * 2^scale, exact whenever it is representable: scale is at least -1074 (a subnormal's unit).
    let pow2 = |k: i64| f64::from_bits(((k + 1023) as u64) << 52);
    let scale = top - keep + 1;
    let value = if scale >= -1022 {
        m as f64 * pow2(scale)
    } else {
        m as f64 * pow2(scale + 52) * pow2(-52)
    };
    if value.is_infinite() {
        return Err(too_large());
    }
    Ok(signed(value))
}
