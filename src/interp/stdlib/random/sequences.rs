//! The integer and sequence methods of `random.Random` (`Lib/random.py`): `randrange`, `randint`,
//! `choice`, `shuffle`, `sample`, `choices`.

use rustpython_parser::ast::{CmpOp, Operator};

use super::super::super::Interpreter;
use super::super::super::args::Bound;
use super::super::super::convert::{index_of, to_float, to_int};
use super::super::super::error::{ExcKind, PyResult, exc, type_error, value_error};
use super::super::super::value::{Args, Value};
use super::{RandomObj, too_big};

/// `len(v)` as the built-in computes it.
fn py_len(interp: &mut Interpreter, v: &Value) -> PyResult<i64> {
    let len = interp
        .builtins
        .get("len")
        .cloned()
        .ok_or_else(|| type_error("len"))?;
    let n = interp.call_value(len, Args::new(vec![v.clone()]))?;
    to_int(&n, "")
}

/// `seq[i]` (a range's item computed, not the range listed).
pub(super) fn item(interp: &mut Interpreter, seq: &Value, i: i64) -> PyResult<Value> {
    match seq {
        Value::Range(start, _, step) => Ok(Value::int(start + step * i)),
        Value::List(l) if let Some(v) = l.borrow().get(i as usize) => Ok(v.clone()),
        Value::Tuple(t) if let Some(v) = t.get(i as usize) => Ok(v.clone()),
        _ => interp.get_item(seq, Value::int(i)),
    }
}

/// `_index(v)`, or `int(v)` for an integral number (CPython 3.11's deprecated path in `randrange`).
fn range_arg(interp: &mut Interpreter, v: &Value, what: &str) -> PyResult<i64> {
    if let Some(i) = index_of(v)? {
        return Ok(i);
    }
    let int = interp
        .builtins
        .get("int")
        .cloned()
        .ok_or_else(|| type_error("int"))?;
    let i = interp.call_value(int, Args::new(vec![v.clone()]))?;
    if !interp.equals(&i, v)? {
        interp
            .warnings
            .push("DeprecationWarning: randrange() will raise TypeError in the future".into());
        return Err(value_error(format!("non-integer {what} for randrange()")));
    }
    interp.warnings.push(
        "DeprecationWarning: non-integer arguments to randrange() have been deprecated since Python 3.10 and will be removed in a subsequent version".into(),
    );
    to_int(&i, "")
}

fn randrange_of(
    interp: &mut Interpreter,
    r: &RandomObj,
    start: &Value,
    stop: Option<Value>,
    step: Option<Value>,
) -> PyResult<Value> {
    let istart = range_arg(interp, start, "arg 1")?;
    let Some(stop) = stop.filter(|v| !matches!(v, Value::None)) else {
        if step.is_some() {
            return Err(type_error("Missing a non-None stop argument"));
        }
        if istart > 0 {
            return Ok(Value::int(r.below(istart)));
        }
        return Err(value_error("empty range for randrange()"));
    };
    let istop = range_arg(interp, &stop, "stop")?;
    let width = istop.checked_sub(istart).ok_or_else(too_big)?;
    let istep = match &step {
        Some(s) => range_arg(interp, s, "step")?,
        None => 1,
    };
    if istep == 1 {
        if width > 0 {
            return Ok(Value::int(istart + r.below(width)));
        }
        return Err(value_error(format!(
            "empty range for randrange() ({istart}, {istop}, {width})"
        )));
    }
    let n = if istep > 0 {
        floor_div(width + istep - 1, istep)
    } else if istep < 0 {
        floor_div(width + istep + 1, istep)
    } else {
        return Err(value_error("zero step for randrange()"));
    };
    if n <= 0 {
        return Err(value_error("empty range for randrange()"));
    }
    Ok(Value::int(istart + istep * r.below(n)))
}

/// Python's `//` on ints.
fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

pub(super) fn randrange(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let start = a.arg(1)?;
    randrange_of(interp, r, &start, a.value(2), a.value(3))
}

pub(super) fn randint(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let lo = a.arg(1)?;
    let hi = interp.binary_op(Operator::Add, a.arg(2)?, Value::int(1))?;
    randrange_of(interp, r, &lo, Some(hi), None)
}

pub(super) fn choice(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let seq = a.arg(1)?;
    let n = py_len(interp, &seq)?;
    if n == 0 {
        return Err(exc(
            ExcKind::IndexError,
            "Cannot choose from an empty sequence",
        ));
    }
    let i = r.below(n);
    item(interp, &seq, i)
}

pub(super) fn shuffle(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let x = a.arg(1)?;
    let n = py_len(interp, &x)?;
    for i in (1..n).rev() {
        let j = r.below(i + 1);
        if let Value::List(l) = &x {
            let mut items = l.borrow_mut();
            if (i as usize) < items.len() {
                items.swap(i as usize, j as usize);
                continue;
            }
        }
        let xj = interp.get_item(&x, Value::int(j))?;
        let xi = interp.get_item(&x, Value::int(i))?;
        interp.set_item(&x, Value::int(i), xj)?;
        interp.set_item(&x, Value::int(j), xi)?;
    }
    Ok(Value::None)
}

/// `bisect.bisect_right(a, x, lo, hi)` with Python's `<`.
pub(super) fn bisect_right(
    interp: &mut Interpreter,
    items: &[Value],
    x: &Value,
    mut lo: usize,
    mut hi: usize,
) -> PyResult<usize> {
    while lo < hi {
        let mid = (lo + hi) / 2;
        let less = interp.compare(CmpOp::Lt, x, &items[mid])?;
        if interp.truthy(&less)? {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok(lo)
}

/// `list(itertools.accumulate(values))` with Python's `+`.
fn accumulate(interp: &mut Interpreter, values: &Value) -> PyResult<Vec<Value>> {
    let items = interp.collect_iter(values)?;
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    for v in items {
        let next = match out.last() {
            Some(total) => interp.binary_op(Operator::Add, total.clone(), v)?,
            None => v,
        };
        out.push(next);
    }
    Ok(out)
}

fn is_sequence(v: &Value) -> bool {
    match v {
        Value::List(_) | Value::Tuple(_) | Value::Str(_) | Value::Range(..) | Value::Size(_) => {
            true
        }
        Value::Native(o) => o.native_type().name(v) == "collections.deque",
        _ => false,
    }
}

pub(super) fn sample(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let population = a.arg(1)?;
    let k = a.arg(2)?;
    if !is_sequence(&population) {
        return Err(type_error(
            "Population must be a sequence.  For dicts or sets, use sorted(d).",
        ));
    }
    let n = py_len(interp, &population)?;
    if let Some(counts) = a.value(3).filter(|v| !matches!(v, Value::None)) {
        let mut cum = accumulate(interp, &counts)?;
        if cum.len() as i64 != n {
            return Err(value_error(
                "The number of counts does not match the population",
            ));
        }
        let Some(total) = cum.pop() else {
            return Err(exc(ExcKind::IndexError, "pop from empty list"));
        };
        let total = match total {
            Value::Int(t, _) => t,
            Value::Bool(b) => b as i64,
            _ => return Err(type_error("Counts must be integers")),
        };
        if total <= 0 {
            return Err(value_error("Total of counts must be greater than zero"));
        }
        let picks = sample_indices(interp, r, &Value::Range(0, total, 1), total, &k)?;
        let mut out = Vec::with_capacity(picks.len());
        for s in picks {
            let i = bisect_right(interp, &cum, &s, 0, cum.len())?;
            out.push(item(interp, &population, i as i64)?);
        }
        return Ok(Value::list(out));
    }
    Ok(Value::list(sample_indices(interp, r, &population, n, &k)?))
}

/// The body of `Random.sample` without `counts`: a pool when the population is small, else a set of
/// the indices taken.
fn sample_indices(
    interp: &mut Interpreter,
    r: &RandomObj,
    population: &Value,
    n: i64,
    k: &Value,
) -> PyResult<Vec<Value>> {
    let k = match index_of(k)? {
        Some(k) => k,
        None => {
            // `0 <= k <= n` compares first; a float k that passes fails at `[None] * k`.
            let ok = interp.compare(CmpOp::LtE, &Value::int(0), k)?;
            let ok = interp.truthy(&ok)? && {
                let le = interp.compare(CmpOp::LtE, k, &Value::int(n))?;
                interp.truthy(&le)?
            };
            if !ok {
                return Err(value_error("Sample larger than population or is negative"));
            }
            return Err(type_error(format!(
                "can't multiply sequence by non-int of type '{}'",
                k.type_name()
            )));
        }
    };
    if !(0..=n).contains(&k) {
        return Err(value_error("Sample larger than population or is negative"));
    }
    super::super::super::reserve_values(k as usize)?;
    let mut setsize: i64 = 21;
    if k > 5 {
        let exp = ((k * 3) as f64).ln() / 4f64.ln();
        setsize += 4i64.saturating_pow(exp.ceil() as u32);
    }
    let mut result = Vec::with_capacity(k as usize);
    if n <= setsize {
        let mut pool = interp.collect_iter(population)?;
        for i in 0..k {
            let j = r.below(n - i) as usize;
            result.push(pool[j].clone());
            pool[j] = pool[(n - i - 1) as usize].clone();
        }
    } else {
        let mut selected = std::collections::HashSet::new();
        for _ in 0..k {
            let mut j = r.below(n);
            while selected.contains(&j) {
                j = r.below(n);
            }
            selected.insert(j);
            result.push(item(interp, population, j)?);
        }
    }
    Ok(result)
}

pub(super) fn choices(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let population = a.arg(1)?;
    let weights = a.value(2).filter(|v| !matches!(v, Value::None));
    let cum_weights = a.value(3).filter(|v| !matches!(v, Value::None));
    let k = a.value(4).unwrap_or(Value::int(1));
    let n = py_len(interp, &population)?;
    // `_repeat(None, k)`: an int count, nothing when negative.
    let count = |k: &Value| -> PyResult<usize> { Ok(to_int(k, "")?.max(0) as usize) };
    let cum = match (cum_weights, weights) {
        (None, None) => {
            let times = count(&k)?;
            super::super::super::reserve_values(times)?;
            let nf = n as f64;
            let mut out = Vec::with_capacity(times);
            for _ in 0..times {
                let i = (r.random() * nf).floor() as i64;
                out.push(item(interp, &population, i)?);
            }
            return Ok(Value::list(out));
        }
        (None, Some(w)) => match accumulate(interp, &w) {
            Ok(c) => c,
            Err(e) => {
                if let Value::Int(k, _) = w
                    && interp.collect_iter(&Value::Int(k, None)).is_err()
                {
                    return Err(type_error(format!(
                        "The number of choices must be a keyword argument: k={k}"
                    )));
                }
                return Err(e);
            }
        },
        (Some(c), None) => interp.collect_iter(&c)?,
        (Some(_), Some(_)) => {
            return Err(type_error(
                "Cannot specify both weights and cumulative weights",
            ));
        }
    };
    if cum.len() as i64 != n {
        return Err(value_error(
            "The number of weights does not match the population",
        ));
    }
    let Some(last) = cum.last().cloned() else {
        return Err(exc(ExcKind::IndexError, "list index out of range"));
    };
    let total = interp.binary_op(Operator::Add, last, Value::Float(0.0))?;
    let total = to_float(&total)?;
    if total <= 0.0 {
        return Err(value_error("Total of weights must be greater than zero"));
    }
    if !total.is_finite() {
        return Err(value_error("Total of weights must be finite"));
    }
    let times = count(&k)?;
    super::super::super::reserve_values(times)?;
    let hi = (n - 1) as usize;
    let mut out = Vec::with_capacity(times);
    for _ in 0..times {
        let x = Value::Float(r.random() * total);
        let i = bisect_right(interp, &cum, &x, 0, hi)?;
        out.push(item(interp, &population, i as i64)?);
    }
    Ok(Value::list(out))
}
