//! `statistics`, after CPython 3.11's `Lib/statistics.py`: `mean`, `fmean`, `median`, `median_low`,
//! `median_high`, `mode`, `multimode`, `variance`, `pvariance`, `stdev`, `pstdev` and `StatisticsError`.
//! Sums and squared deviations are exact (rationals over big integers, as CPython's `Fraction`s), and a
//! result goes back to the data's type as CPython's `_convert` does: an int when the data are ints and
//! the result is whole, else the correctly rounded float.

use std::cell::RefCell;
use std::rc::Rc;

use num_traits::ToPrimitive;
use rustpython_parser::ast::Operator;

use super::super::Interpreter;
use super::super::builtins::builtin_with;
use super::super::error::{ExcKind, PyException, PyResult, Unwind, exc, type_error};
use super::super::value::{Args, Class, Dict, Instance, Value};
use super::bind;

mod fraction;

use fraction::{Frac, sqrt_of_frac};

pub(super) fn attrs(interp: &Interpreter) -> Vec<(&'static str, Value)> {
    let value_error = interp.exception_classes.get("ValueError").cloned();
    let error = Rc::new(Class {
        name: Rc::from("StatisticsError"),
        bases: value_error.into_iter().collect(),
        attrs: RefCell::new(Vec::new()),
        native: None,
        slots: None,
    });
    vec![
        ("mean", builtin_with("mean", mean)),
        ("fmean", builtin_with("fmean", fmean)),
        (
            "median",
            builtin_with("median", |i, a| median(i, a, "median")),
        ),
        (
            "median_low",
            builtin_with("median_low", |i, a| median(i, a, "median_low")),
        ),
        (
            "median_high",
            builtin_with("median_high", |i, a| median(i, a, "median_high")),
        ),
        ("mode", builtin_with("mode", mode)),
        ("multimode", builtin_with("multimode", multimode)),
        (
            "variance",
            builtin_with("variance", |i, a| spread(i, a, "variance")),
        ),
        (
            "pvariance",
            builtin_with("pvariance", |i, a| spread(i, a, "pvariance")),
        ),
        ("stdev", builtin_with("stdev", |i, a| spread(i, a, "stdev"))),
        (
            "pstdev",
            builtin_with("pstdev", |i, a| spread(i, a, "pstdev")),
        ),
        ("StatisticsError", Value::Class(error)),
    ]
}

/// `statistics.StatisticsError(message)`, raised as CPython names it.
fn statistics_error(interp: &Interpreter, message: &str) -> Unwind {
    let class = match interp.modules.get("statistics") {
        Some(Value::Module(m)) => match m.attrs.get("StatisticsError") {
            Some(Value::Class(c)) => Some(Rc::clone(c)),
            _ => None,
        },
        _ => None,
    };
    let Some(class) = class else {
        return exc(ExcKind::ValueError, message);
    };
    let inst = Rc::new(Instance {
        class: crate::interp::value::ClassCell::new(class),
        attrs: crate::interp::value::new_attrs(Vec::new()),
    });
    inst.set("args", Value::tuple(vec![Value::str(message)]));
    let mut e = PyException::new(
        ExcKind::User(Rc::from("statistics.StatisticsError")),
        message,
    );
    e.value = Some(Value::Instance(inst));
    Unwind::Exception(Box::new(e))
}

/// The data argument, as a list.
fn data_arg(
    interp: &mut Interpreter,
    func: &str,
    args: Args,
    extra: &[&str],
) -> PyResult<(Vec<Value>, Vec<Option<Value>>)> {
    let mut params = vec!["data"];
    params.extend_from_slice(extra);
    let a = bind(func, &params, args)?;
    let Some(data) = a[0].clone() else {
        return Err(type_error(format!(
            "{func}() missing 1 required positional argument: 'data'"
        )));
    };
    let items = interp.collect_iter(&data)?;
    Ok((items, a[1..].to_vec()))
}

/// The type `_sum` reports: int unless a float is present.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Int,
    Float,
}

/// A value's exact ratio, and its kind; `None` for a non-finite float (the result is then computed in
/// floats, which is what the exact path gives CPython too: nan or inf).
fn exact(v: &Value) -> PyResult<(Option<Frac>, Kind)> {
    match v {
        Value::Int(i, _) => Ok((Some(Frac::int(*i)), Kind::Int)),
        Value::Bool(b) => Ok((Some(Frac::int(*b as i64)), Kind::Int)),
        Value::Float(f) if f.is_finite() => Ok((Some(Frac::float(*f)), Kind::Float)),
        Value::Float(_) => Ok((None, Kind::Float)),
        other => Err(type_error(format!(
            "can't convert type '{}' to numerator/denominator",
            other.type_name()
        ))),
    }
}

/// CPython's `_sum`: the kind and the exact total (`None` when a value is not finite; then the float
/// sum is the answer).
fn exact_sum(data: &[Value]) -> PyResult<(Kind, Option<Frac>, f64)> {
    let mut kind = Kind::Int;
    let mut total = Some(Frac::int(0));
    let mut float_total = 0.0;
    for v in data {
        let (f, k) = exact(v)?;
        if k == Kind::Float {
            kind = Kind::Float;
        }
        float_total += match v {
            Value::Int(i, _) => *i as f64,
            Value::Bool(b) => *b as i64 as f64,
            Value::Float(x) => *x,
            _ => 0.0,
        };
        total = match (total, f) {
            (Some(t), Some(f)) => Some(t.add(&f)),
            _ => None,
        };
    }
    Ok((kind, total, float_total))
}

/// CPython's `_convert`: back to the data's type.
fn convert(value: &Frac, kind: Kind) -> Value {
    if kind == Kind::Int
        && value.is_integer()
        && let Some(i) = value.n.to_i64()
    {
        return Value::int(i);
    }
    Value::Float(value.to_f64())
}

fn mean(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (data, _) = data_arg(interp, "mean", args, &[])?;
    if data.is_empty() {
        return Err(statistics_error(
            interp,
            "mean requires at least one data point",
        ));
    }
    let (kind, total, float_total) = exact_sum(&data)?;
    Ok(match total {
        Some(t) => convert(&t.div_count(data.len()), kind),
        None => Value::Float(float_total / data.len() as f64),
    })
}

fn fmean(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (data, rest) = data_arg(interp, "fmean", args, &["weights"])?;
    if rest[0].as_ref().is_some_and(|w| !matches!(w, Value::None)) {
        return Err(type_error(
            "fmean(weights=...) is not supported by the tutor",
        ));
    }
    if data.is_empty() {
        return Err(statistics_error(
            interp,
            "fmean requires at least one data point",
        ));
    }
    let (_, total, float_total) = exact_sum(&data)?;
    // `fsum(data) / n`: the correctly rounded sum, then a float division.
    let sum = total.map_or(float_total, |t| t.to_f64());
    Ok(Value::Float(sum / data.len() as f64))
}

fn sorted(interp: &mut Interpreter, data: Vec<Value>) -> PyResult<Vec<Value>> {
    let sorted = interp
        .builtins
        .get("sorted")
        .cloned()
        .unwrap_or(Value::None);
    let list = interp.call_value(sorted, Args::new(vec![Value::list(data)]))?;
    interp.collect_iter(&list)
}

fn median(interp: &mut Interpreter, args: Args, func: &str) -> PyResult<Value> {
    let (data, _) = data_arg(interp, func, args, &[])?;
    let data = sorted(interp, data)?;
    let n = data.len();
    if n == 0 {
        return Err(statistics_error(interp, "no median for empty data"));
    }
    let i = n / 2;
    Ok(match func {
        _ if n % 2 == 1 => data[i].clone(),
        "median_low" => data[i - 1].clone(),
        "median_high" => data[i].clone(),
        _ => {
            let sum = interp.binary_op(Operator::Add, data[i - 1].clone(), data[i].clone())?;
            interp.binary_op(Operator::Div, sum, Value::int(2))?
        }
    })
}

/// Each distinct value and how often it occurs, in order of first appearance.
fn counts(data: &[Value]) -> PyResult<Vec<(Value, usize)>> {
    let mut index = Dict::default();
    let mut out: Vec<(Value, usize)> = Vec::new();
    for v in data {
        let key = super::super::ops::hash_key(v)?;
        match index.get(&key) {
            Some(Value::Int(i, _)) => {
                if let Some(slot) = out.get_mut(*i as usize) {
                    slot.1 += 1;
                }
            }
            _ => {
                index.insert(key, v.clone(), Value::int(out.len() as i64))?;
                out.push((v.clone(), 1));
            }
        }
    }
    Ok(out)
}

fn mode(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (data, _) = data_arg(interp, "mode", args, &[])?;
    let counted = counts(&data)?;
    let best = counted.iter().map(|(_, c)| *c).max();
    match best {
        Some(best) => Ok(counted
            .into_iter()
            .find(|(_, c)| *c == best)
            .map_or(Value::None, |(v, _)| v)),
        None => Err(statistics_error(interp, "no mode for empty data")),
    }
}

fn multimode(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (data, _) = data_arg(interp, "multimode", args, &[])?;
    let counted = counts(&data)?;
    let best = counted.iter().map(|(_, c)| *c).max().unwrap_or(0);
    Ok(Value::list(
        counted
            .into_iter()
            .filter(|(_, c)| *c == best)
            .map(|(v, _)| v)
            .collect(),
    ))
}

/// `variance`, `pvariance`, `stdev`, `pstdev` (each with its optional mean, `xbar` or `mu`).
fn spread(interp: &mut Interpreter, args: Args, func: &str) -> PyResult<Value> {
    let center = if func.starts_with('p') { "mu" } else { "xbar" };
    let (data, rest) = data_arg(interp, func, args, &[center])?;
    let n = data.len();
    let sample = !func.starts_with('p');
    if (sample && n < 2) || n < 1 {
        let need = if sample { "two" } else { "one" };
        return Err(statistics_error(
            interp,
            &format!(
                "{func} requires at least {need} data point{}",
                if sample { "s" } else { "" }
            ),
        ));
    }
    // CPython's `_ss`: with a given centre, the sum of `(x - c) * (x - c)` computed in Python's
    // arithmetic; otherwise the exact squared deviations from the exact mean.
    let (kind, ss, float_ss) = match rest[0].clone().filter(|c| !matches!(c, Value::None)) {
        Some(c) => {
            let mut squares = Vec::with_capacity(n);
            for x in &data {
                let d = interp.binary_op(Operator::Sub, x.clone(), c.clone())?;
                squares.push(interp.binary_op(Operator::Mult, d.clone(), d)?);
            }
            exact_sum(&squares)?
        }
        None => {
            let (kind, total, float_total) = exact_sum(&data)?;
            match total {
                Some(total) => {
                    let mean = total.div_count(n);
                    let mut ss = Frac::int(0);
                    for x in &data {
                        if let (Some(f), _) = exact(x)? {
                            let d = f.sub(&mean);
                            ss = ss.add(&d.mul(&d));
                        }
                    }
                    (kind, Some(ss), 0.0)
                }
                // A non-finite value: CPython's sum of squares is that value's square (inf or nan).
                None => (kind, None, float_total * float_total),
            }
        }
    };
    let divisor = if sample { n - 1 } else { n };
    let Some(ss) = ss else {
        let v = float_ss / divisor as f64;
        return Ok(Value::Float(if func.ends_with("dev") {
            v.sqrt()
        } else {
            v
        }));
    };
    let mss = ss.div_count(divisor);
    if func.ends_with("dev") {
        return Ok(Value::Float(sqrt_of_frac(&mss.n, &mss.d)));
    }
    Ok(convert(&mss, kind))
}
