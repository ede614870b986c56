//! Arithmetic built-ins: `abs`, `round`, `divmod`, `pow`.

use rustpython_parser::ast::Operator;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, Positional, Unpack};
use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::value::Value;
use super::{Def, to_int};

pub(super) static DEFS: [Def; 4] = [
    Def::new("abs(x, /)", Positional, abs),
    Def::new("round(number, ndigits=None)", Clinic, round),
    Def::new("divmod(x, y, /)", Unpack, divmod),
    Def::new("pow(base, exp, mod=None)", Clinic, pow),
];

fn abs(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match a.arg(0)? {
        Value::Int(i, _) => Ok(Value::int(i.wrapping_abs())),
        Value::Bool(b) => Ok(Value::int(b as i64)),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        other if let Some(ty) = interp.native_type(&other) => {
            ty.number_protocol(interp, &other, "abs")
        }
        other => Err(type_error(format!(
            "bad operand type for abs(): '{}'",
            other.type_name()
        ))),
    }
}

fn round(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let x = a.arg(0)?;
    let nd = a.value(1).filter(|v| !matches!(v, Value::None));
    match (x, nd) {
        (Value::Int(i, _), None) => Ok(Value::int(i)),
        (Value::Bool(b), None) => Ok(Value::int(b as i64)),
        (Value::Float(f), None) => {
            if !f.is_finite() {
                return Err(exc(
                    ExcKind::OverflowError,
                    "cannot convert float infinity to integer",
                ));
            }
            Ok(Value::int(f.round_ties_even() as i64))
        }
        (Value::Float(f), Some(n)) => {
            let n = to_int(&n, "")?;
            if !f.is_finite() {
                return Ok(Value::Float(f));
            }
            if n >= 0 {
                let s = format!("{:.*}", n.min(300) as usize, f);
                Ok(Value::Float(s.parse::<f64>().unwrap_or(f)))
            } else {
                let p = 10f64.powi((-n) as i32);
                Ok(Value::Float((f / p).round_ties_even() * p))
            }
        }
        (Value::Int(i, _), Some(n)) => {
            let n = to_int(&n, "")?;
            if n >= 0 {
                return Ok(Value::int(i));
            }
            let p = 10i64.checked_pow((-n) as u32).unwrap_or(i64::MAX);
            let q = (i as f64 / p as f64).round_ties_even() as i64;
            Ok(Value::int(q.saturating_mul(p)))
        }
        (other, _) if let Some(ty) = interp.native_type(&other) => {
            ty.number_protocol(interp, &other, "round")
        }
        (other, _) => Err(type_error(format!(
            "type {} doesn't define __round__ method",
            other.type_name()
        ))),
    }
}

fn divmod(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let (x, y) = (a.arg(0)?, a.arg(1)?);
    let q = interp.binary_op(Operator::FloorDiv, x.clone(), y.clone())?;
    let r = interp.binary_op(Operator::Mod, x, y)?;
    Ok(Value::tuple(vec![q, r]))
}

fn pow(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let (base, exp) = (a.arg(0)?, a.arg(1)?);
    let Some(m) = a.value(2).filter(|v| !matches!(v, Value::None)) else {
        return interp.binary_op(Operator::Pow, base, exp);
    };
    let (base, exp, m) = (to_int(&base, "")?, to_int(&exp, "")?, to_int(&m, "")?);
    if m == 0 {
        return Err(exc(ExcKind::ValueError, "pow() 3rd argument cannot be 0"));
    }
    if exp < 0 {
        return Err(exc(
            ExcKind::ValueError,
            "pow() 2nd argument cannot be negative when 3rd argument specified",
        ));
    }
    let mut result: i128 = 1;
    let mut b = (base as i128).rem_euclid(m as i128);
    let mut e = exp;
    while e > 0 {
        if e & 1 == 1 {
            result = (result * b).rem_euclid(m as i128);
        }
        b = (b * b).rem_euclid(m as i128);
        e >>= 1;
    }
    // Python's result takes the sign of the modulus.
    let r = result as i64;
    Ok(Value::int(if m < 0 && r > 0 { r + m } else { r }))
}
