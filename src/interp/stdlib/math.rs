//! `math`: the functions and constants lessons use, on Python floats (and ints where `math` keeps them).

use rustpython_parser::ast::Operator;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, Positional, Unpack};
use super::super::builtins::Def;
use super::super::convert::{to_float, to_int};
use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::value::Value;

pub(super) fn constants() -> [(&'static str, Value); 5] {
    [
        ("pi", Value::Float(std::f64::consts::PI)),
        ("e", Value::Float(std::f64::consts::E)),
        ("tau", Value::Float(std::f64::consts::TAU)),
        ("inf", Value::Float(f64::INFINITY)),
        ("nan", Value::Float(f64::NAN)),
    ]
}

pub(super) static DEFS: [Def; 34] = [
    Def::new("math.sqrt(x, /)", Positional, |_, a| unary(a, f64::sqrt)),
    Def::new(
        "log(x, base=None, /)|count=math.log requires 1 to 2 arguments",
        Positional,
        log,
    ),
    Def::new("math.log2(x, /)", Positional, |_, a| unary(a, f64::log2)),
    Def::new("math.log10(x, /)", Positional, |_, a| unary(a, f64::log10)),
    Def::new("math.exp(x, /)", Positional, |_, a| unary(a, f64::exp)),
    Def::new("math.sin(x, /)", Positional, |_, a| unary(a, f64::sin)),
    Def::new("math.cos(x, /)", Positional, |_, a| unary(a, f64::cos)),
    Def::new("math.tan(x, /)", Positional, |_, a| unary(a, f64::tan)),
    Def::new("math.tanh(x, /)", Positional, |_, a| unary(a, f64::tanh)),
    Def::new("math.atan(x, /)", Positional, |_, a| unary(a, f64::atan)),
    Def::new("math.fabs(x, /)", Positional, |_, a| unary(a, f64::abs)),
    Def::new("math.erf(x, /)", Positional, |_, a| unary(a, libm::erf)),
    Def::new("math.degrees(x, /)", Positional, |_, a| {
        unary(a, f64::to_degrees)
    }),
    Def::new("math.radians(x, /)", Positional, |_, a| {
        unary(a, f64::to_radians)
    }),
    Def::new("math.asin(x, /)", Positional, |_, a| unary(a, f64::asin)),
    Def::new("math.acos(x, /)", Positional, |_, a| unary(a, f64::acos)),
    Def::new("math.log1p(x, /)", Positional, |_, a| unary(a, f64::ln_1p)),
    Def::new("math.expm1(x, /)", Positional, |_, a| unary(a, f64::exp_m1)),
    Def::new("math.sinh(x, /)", Positional, |_, a| unary(a, f64::sinh)),
    Def::new("math.cosh(x, /)", Positional, |_, a| unary(a, f64::cosh)),
    Def::new("math.floor(x, /)", Positional, |_, a| {
        rounded(a, f64::floor)
    }),
    Def::new("math.ceil(x, /)", Positional, |_, a| rounded(a, f64::ceil)),
    Def::new("math.trunc(x, /)", Positional, trunc),
    Def::new("math.hypot(*coordinates)", Positional, hypot),
    Def::new("math.atan2(y, x, /)", Unpack, |_, a| binary(a, f64::atan2)),
    Def::new("math.copysign(x, y, /)", Unpack, |_, a| {
        binary(a, f64::copysign)
    }),
    Def::new("math.pow(x, y, /)", Unpack, |_, a| binary(a, f64::powf)),
    Def::new(
        "isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0)",
        Clinic,
        isclose,
    ),
    Def::new("math.isnan(x, /)", Positional, |_, a| {
        Ok(Value::Bool(to_float(&a.arg(0)?)?.is_nan()))
    }),
    Def::new("math.isinf(x, /)", Positional, |_, a| {
        Ok(Value::Bool(to_float(&a.arg(0)?)?.is_infinite()))
    }),
    Def::new("prod(iterable, /, *, start=1)", Clinic, prod),
    Def::new("math.fsum(seq, /)", Positional, fsum),
    Def::new("math.gcd(*integers)", Positional, gcd),
    Def::new("math.factorial(n, /)", Positional, factorial),
];

fn domain_error() -> super::super::error::Unwind {
    exc(ExcKind::ValueError, "math domain error")
}

/// A function of one real number; a NaN from a number that was not NaN is outside its domain.
fn unary(a: Bound, f: fn(f64) -> f64) -> PyResult<Value> {
    let x = to_float(&a.arg(0)?)?;
    let y = f(x);
    if y.is_nan() && !x.is_nan() {
        return Err(domain_error());
    }
    Ok(Value::Float(y))
}

fn binary(a: Bound, f: fn(f64, f64) -> f64) -> PyResult<Value> {
    let x = to_float(&a.arg(0)?)?;
    let y = to_float(&a.arg(1)?)?;
    Ok(Value::Float(f(x, y)))
}

/// `floor` and `ceil`: an int stays itself, a real number rounds to an int.
fn rounded(a: Bound, f: fn(f64) -> f64) -> PyResult<Value> {
    match a.arg(0)? {
        Value::Int(i, _) => Ok(Value::int(i)),
        v => Ok(Value::int(f(to_float(&v)?) as i64)),
    }
}

fn log(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let x = to_float(&a.arg(0)?)?;
    if x <= 0.0 {
        return Err(domain_error());
    }
    match a.value(1) {
        Some(b) => Ok(Value::Float(x.ln() / to_float(&b)?.ln())),
        None => Ok(Value::Float(x.ln())),
    }
}

fn trunc(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match a.arg(0)? {
        v @ (Value::Int(_, _) | Value::Bool(_) | Value::Float(_) | Value::Tensor(_)) => {
            Ok(Value::int(to_float(&v)?.trunc() as i64))
        }
        other => Err(type_error(format!(
            "type {} doesn't define __trunc__ method",
            other.type_name()
        ))),
    }
}

fn hypot(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let xs: Vec<f64> = a.varargs().iter().map(to_float).collect::<PyResult<_>>()?;
    Ok(Value::Float(xs.iter().fold(0.0f64, |acc, &x| acc.hypot(x))))
}

fn isclose(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let x = to_float(&a.arg(0)?)?;
    let y = to_float(&a.arg(1)?)?;
    let rel = match a.value(2) {
        Some(v) => to_float(&v)?,
        None => 1e-9,
    };
    let abs = match a.value(3) {
        Some(v) => to_float(&v)?,
        None => 0.0,
    };
    if rel < 0.0 || abs < 0.0 {
        return Err(exc(ExcKind::ValueError, "tolerances must be non-negative"));
    }
    Ok(Value::Bool(
        x == y || (x - y).abs() <= (rel * x.abs().max(y.abs())).max(abs),
    ))
}

fn prod(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let items = interp.collect_iter(&a.arg(0)?)?;
    let mut acc = a.value(1).unwrap_or(Value::int(1));
    for v in items {
        acc = interp.binary_op(Operator::Mult, acc, v)?;
    }
    Ok(acc)
}

fn fsum(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let items = interp.collect_iter(&a.arg(0)?)?;
    // Neumaier summation: exact enough to match Python's fsum on lesson-sized inputs.
    let mut sum = 0.0f64;
    let mut c = 0.0f64;
    for v in items {
        let x = to_float(&v)?;
        let t = sum + x;
        if sum.abs() >= x.abs() {
            c += (sum - t) + x;
        } else {
            c += (x - t) + sum;
        }
        sum = t;
    }
    Ok(Value::Float(sum + c))
}

fn gcd(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let mut g = 0i64;
    for v in a.varargs() {
        let mut x = to_int(&v, "")?.abs();
        let mut y = g;
        while y != 0 {
            let t = x % y;
            x = y;
            y = t;
        }
        g = x;
    }
    Ok(Value::int(g))
}

fn factorial(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let n = to_int(&a.arg(0)?, "")?;
    if n < 0 {
        return Err(exc(
            ExcKind::ValueError,
            "factorial() not defined for negative values",
        ));
    }
    let mut acc: i64 = 1;
    for k in 2..=n {
        acc = acc.checked_mul(k).ok_or_else(|| {
            exc(
                ExcKind::OverflowError,
                "factorial too large for the tutor's 64-bit ints",
            )
        })?;
    }
    Ok(Value::int(acc))
}
