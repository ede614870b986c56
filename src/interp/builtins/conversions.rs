//! The built-in types' constructors and the conversions between values: `int`, `float`, `str`, `bool`,
//! `list`, `tuple`, `set`, `dict`, `slice`, `repr`, `ascii`, `format`, `chr`, `ord`, `bin`, `oct`, `hex`.

use std::cell::RefCell;
use std::rc::Rc;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, Positional, Unpack};
use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::ops::hash_key;
use super::super::repr::str_repr;
use super::super::types::dict::update_from;
use super::super::value::{Dict, HashKey, Value};
use super::{Def, to_float, to_int};

pub(super) static DEFS: [Def; 18] = [
    Def::new("int(x=0, /, base=10)", Clinic, int),
    Def::new("float(x=0, /)", Unpack, float),
    Def::new(
        "str(object='', encoding='utf-8', errors='strict')",
        Clinic,
        str,
    ),
    Def::new("bool(x=False, /)", Unpack, bool),
    Def::new("list(iterable=(), /)", Unpack, list),
    Def::new("tuple(iterable=(), /)", Unpack, tuple),
    Def::new("set(iterable=(), /)", Unpack, set),
    Def::new("frozenset(iterable=(), /)", Unpack, frozenset),
    Def::new("dict(mapping=None, /, **kwargs)", Unpack, dict),
    Def::new("slice(start, stop=None, step=None, /)", Unpack, slice),
    Def::new("repr(obj, /)", Positional, repr),
    Def::new("format(value, format_spec='', /)", Unpack, format),
    Def::new("chr(i, /)", Positional, chr),
    Def::new("ord(c, /)", Positional, ord),
    Def::new("bin(number, /)", Positional, bin),
    Def::new("oct(number, /)", Positional, oct),
    Def::new("hex(number, /)", Positional, hex),
    Def::new("ascii(obj, /)", Positional, ascii),
];

/// `int(t)` / `float(t)` of a tensor that is not one element (`Tensor.__int__`'s message; `item()`
/// says its own).
fn scalar_tensor_error(_numel: usize) -> super::super::error::Unwind {
    exc(
        ExcKind::ValueError,
        "only one element tensors can be converted to Python scalars",
    )
}

fn int(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let base = a.value(1);
    let Some(v) = a.value(0) else {
        if base.is_some() {
            return Err(type_error("int() missing string argument"));
        }
        return Ok(Value::int(0));
    };
    if let Some(base) = base {
        let Value::Str(s) = &v else {
            return Err(type_error(
                "int() can't convert non-string with explicit base",
            ));
        };
        let base = to_int(&base, "")?;
        if base != 0 && !(2..=36).contains(&base) {
            return Err(exc(
                ExcKind::ValueError,
                "int() base must be >= 2 and <= 36, or 0",
            ));
        }
        return parse_int(s, base as u32);
    }
    match v {
        Value::Int(i, _) => Ok(Value::int(i)),
        Value::Bool(b) => Ok(Value::int(b as i64)),
        Value::Float(f) => {
            if f.is_nan() {
                return Err(exc(
                    ExcKind::ValueError,
                    "cannot convert float NaN to integer",
                ));
            }
            if f.is_infinite() {
                return Err(exc(
                    ExcKind::OverflowError,
                    "cannot convert float infinity to integer",
                ));
            }
            Ok(Value::int(f.trunc() as i64))
        }
        Value::Str(s) => parse_int(&s, 10),
        Value::Tensor(t) => {
            if t.numel() != 1 {
                return Err(scalar_tensor_error(t.numel()));
            }
            Ok(Value::int(match t.item()? {
                crate::tensor::Scalar::Float(f) => f.trunc() as i64,
                other => other.to_i64(),
            }))
        }
        other => Err(type_error(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            other.type_name()
        ))),
    }
}

/// `int(text, base)`: surrounding whitespace, a sign, underscores between digits, and with base 0 a
/// prefix that chooses it (`0x`, `0o`, `0b`).
fn parse_int(text: &str, base: u32) -> PyResult<Value> {
    let invalid = || {
        exc(
            ExcKind::ValueError,
            format!(
                "invalid literal for int() with base {base}: {}",
                str_repr(text)
            ),
        )
    };
    let t = text.trim();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let lower = digits.to_ascii_lowercase();
    let prefix = match base {
        0 | 16 if lower.starts_with("0x") => Some(16),
        0 | 8 if lower.starts_with("0o") => Some(8),
        0 | 2 if lower.starts_with("0b") => Some(2),
        _ => None,
    };
    let (radix, body) = match prefix {
        // One underscore may follow a prefix; elsewhere underscores only separate digits.
        Some(radix) => (radix, digits[2..].strip_prefix('_').unwrap_or(&digits[2..])),
        None if base == 0 => (10, digits),
        None => (base, digits),
    };
    if body.is_empty()
        || body.starts_with('_')
        || body.ends_with('_')
        || body.contains("__")
        || body.starts_with(['+', '-'])
    {
        return Err(invalid());
    }
    // Base 0 refuses leading zeros in a decimal (`int('010', 0)`), as Python's literals do.
    if base == 0 && radix == 10 && body.len() > 1 && body.starts_with('0') {
        if body.chars().all(|c| c == '0' || c == '_') {
            return Ok(Value::int(0));
        }
        return Err(invalid());
    }
    let clean: String = body.chars().filter(|c| *c != '_').collect();
    if !clean.chars().all(|c| c.is_digit(radix)) {
        return Err(invalid());
    }
    let magnitude = u128::from_str_radix(&clean, radix).unwrap_or(u128::MAX);
    let value = if negative {
        0i128.checked_sub_unsigned(magnitude)
    } else {
        i128::try_from(magnitude).ok()
    };
    value
        .and_then(|v| i64::try_from(v).ok())
        .map(Value::int)
        .ok_or_else(|| {
            exc(
                ExcKind::OverflowError,
                "integer too large for the tutor's 64-bit ints",
            )
        })
}

fn float(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let Some(v) = a.value(0) else {
        return Ok(Value::Float(0.0));
    };
    match v {
        Value::Str(s) => {
            let t = s.trim().to_lowercase();
            let parsed = match t.as_str() {
                "inf" | "+inf" | "infinity" | "+infinity" => Some(f64::INFINITY),
                "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
                "nan" | "+nan" | "-nan" => Some(f64::NAN),
                _ => t.replace('_', "").parse::<f64>().ok(),
            };
            parsed.map(Value::Float).ok_or_else(|| {
                exc(
                    ExcKind::ValueError,
                    format!("could not convert string to float: {}", str_repr(&s)),
                )
            })
        }
        Value::Tensor(t) if t.numel() != 1 => Err(scalar_tensor_error(t.numel())),
        other => Ok(Value::Float(to_float(&other)?)),
    }
}

fn str(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let object = a.value(0);
    if a.value(1).is_some() || a.value(2).is_some() {
        // Decoding bytes: the tutor has none.
        return match object {
            None => Ok(Value::str("")),
            Some(Value::Str(_)) => Err(type_error("decoding str is not supported")),
            Some(other) => Err(type_error(format!(
                "decoding to str: need a bytes-like object, {} found",
                other.type_name()
            ))),
        };
    }
    match object {
        Some(v) => Ok(Value::str(&interp.to_str(&v)?)),
        None => Ok(Value::str("")),
    }
}

fn bool(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match a.value(0) {
        Some(v) => Ok(Value::Bool(interp.truthy(&v)?)),
        None => Ok(Value::Bool(false)),
    }
}

fn list(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match a.value(0) {
        Some(v) => Ok(Value::list(interp.collect_iter(&v)?)),
        None => Ok(Value::list(vec![])),
    }
}

fn tuple(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match a.value(0) {
        Some(v) => Ok(Value::tuple(interp.collect_iter(&v)?)),
        None => Ok(Value::tuple(vec![])),
    }
}

fn set(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let mut d = Dict::default();
    if let Some(v) = a.value(0) {
        for x in interp.collect_iter(&v)? {
            d.insert(hash_key(&x)?, x, Value::None)?;
        }
    }
    Ok(Value::Set(Rc::new(RefCell::new(d))))
}

/// `frozenset(iterable)`; a frozenset given is returned as it is (CPython's `frozenset_new`).
fn frozenset(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match a.value(0) {
        Some(v @ Value::FrozenSet(_)) => Ok(v),
        v => {
            let mut d = Dict::default();
            if let Some(v) = v {
                for x in interp.collect_iter(&v)? {
                    d.insert(hash_key(&x)?, x, Value::None)?;
                }
            }
            Ok(Value::FrozenSet(Rc::new(RefCell::new(d))))
        }
    }
}

fn dict(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let d = Rc::new(RefCell::new(Dict::default()));
    if let Some(v) = a.value(0) {
        update_from(interp, &d, &v)?;
    }
    for (k, v) in a.varkw() {
        d.borrow_mut()
            .insert(HashKey::Str(Rc::clone(&k)), Value::Str(k), v)?;
    }
    Ok(Value::Dict(d))
}

fn slice(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let first = a.arg(0)?;
    let (start, stop) = match a.value(1) {
        Some(stop) => (first, stop),
        None => (Value::None, first),
    };
    let step = a.value(2).unwrap_or(Value::None);
    Ok(Value::Slice(Rc::new((start, stop, step))))
}

fn repr(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    Ok(Value::str(&interp.repr(&a.arg(0)?)?))
}

fn format(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let spec = match a.value(1) {
        Some(Value::Str(s)) => s.to_string(),
        None => String::new(),
        Some(other) => {
            return Err(type_error(format!(
                "format() argument 2 must be str, not {}",
                other.type_name()
            )));
        }
    };
    Ok(Value::str(&interp.format_value(&a.arg(0)?, &spec)?))
}

fn chr(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let i = to_int(&a.arg(0)?, "")?;
    char::from_u32(i as u32)
        .filter(|_| (0..=0x10FFFF).contains(&i))
        .map(|c| Value::str(&c.to_string()))
        .ok_or_else(|| exc(ExcKind::ValueError, "chr() arg not in range(0x110000)"))
}

fn ord(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match a.arg(0)? {
        Value::Str(s) if s.chars().count() == 1 => {
            Ok(Value::int(s.chars().next().map_or(0, |c| c as i64)))
        }
        Value::Str(s) => Err(type_error(format!(
            "ord() expected a character, but string of length {} found",
            s.chars().count()
        ))),
        other => Err(type_error(format!(
            "ord() expected string of length 1, but {} found",
            other.type_name()
        ))),
    }
}

/// `bin`, `oct`, `hex`: the integer (anything with `__index__`) in base 2, 8 or 16 with its prefix, the sign
/// before the prefix (`-0x1f`), as CPython's `PyNumber_ToBase`.
fn to_base(a: &Bound, prefix: &str, digits: fn(u64) -> String) -> PyResult<Value> {
    let v = a.arg(0)?;
    let i = match &v {
        // `Tensor.__index__` (torch/_tensor.py) refuses anything but one integer element.
        Value::Tensor(t) if t.numel() != 1 || t.dtype().is_floating_point() => {
            return Err(type_error(
                "only integer tensors of a single element can be converted to an index",
            ));
        }
        _ => to_int(&v, "")?,
    };
    let sign = if i < 0 { "-" } else { "" };
    Ok(Value::str(&format!(
        "{sign}{prefix}{}",
        digits(i.unsigned_abs())
    )))
}

fn bin(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    to_base(&a, "0b", |n| format!("{n:b}"))
}

fn oct(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    to_base(&a, "0o", |n| format!("{n:o}"))
}

fn hex(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    to_base(&a, "0x", |n| format!("{n:x}"))
}

/// `ascii(obj)`: `repr(obj)` with every non-ASCII character escaped as `\xhh`, `\uhhhh` or `\Uhhhhhhhh`.
fn ascii(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let text = interp.repr(&a.arg(0)?)?;
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c as u32 {
            0..=0x7f => out.push(c),
            n @ 0x80..=0xff => out.push_str(&format!("\\x{n:02x}")),
            n @ 0x100..=0xffff => out.push_str(&format!("\\u{n:04x}")),
            n => out.push_str(&format!("\\U{n:08x}")),
        }
    }
    Ok(Value::str(&out))
}
