//! `bisect`: binary search and insertion in a sorted sequence (`Modules/_bisectmodule.c`), with Python's
//! `<` and an optional key applied to the sequence's items.

use rustpython_parser::ast::CmpOp;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::Clinic;
use super::super::builtins::Def;
use super::super::convert::to_int;
use super::super::error::{PyResult, value_error};
use super::super::value::{Args, Value};

pub(super) static DEFS: [Def; 6] = [
    Def::new(
        "bisect_right(a, x, lo=0, hi=None, *, key=None)",
        Clinic,
        |i, a| search(i, &a, true).map(|n| Value::int(n as i64)),
    ),
    Def::new(
        "bisect_left(a, x, lo=0, hi=None, *, key=None)",
        Clinic,
        |i, a| search(i, &a, false).map(|n| Value::int(n as i64)),
    ),
    Def::new(
        "insort_right(a, x, lo=0, hi=None, *, key=None)",
        Clinic,
        |i, a| insort(i, &a, true),
    ),
    Def::new(
        "insort_left(a, x, lo=0, hi=None, *, key=None)",
        Clinic,
        |i, a| insort(i, &a, false),
    ),
    // `bisect` and `insort` are the `_right` functions under another name.
    Def::new(
        "bisect_right(a, x, lo=0, hi=None, *, key=None)",
        Clinic,
        |i, a| search(i, &a, true).map(|n| Value::int(n as i64)),
    ),
    Def::new(
        "insort_right(a, x, lo=0, hi=None, *, key=None)",
        Clinic,
        |i, a| insort(i, &a, true),
    ),
];

pub(super) fn attrs() -> Vec<(&'static str, Value)> {
    let mut out: Vec<(&'static str, Value)> =
        DEFS[..4].iter().map(|d| (d.name(), d.value())).collect();
    out.push(("bisect", DEFS[4].value()));
    out.push(("insort", DEFS[5].value()));
    out
}

fn py_len(interp: &mut Interpreter, v: &Value) -> PyResult<i64> {
    let len = interp.builtins.get("len").cloned().unwrap_or(Value::None);
    let n = interp.call_value(len, Args::new(vec![v.clone()]))?;
    to_int(&n, "")
}

/// The insertion point of `x` (after equal items when `right`), searching `a[lo:hi]`; `x` is compared as
/// given, the items through the key.
fn search_in(
    interp: &mut Interpreter,
    seq: &Value,
    x: &Value,
    a: &Bound,
    right: bool,
) -> PyResult<usize> {
    let mut lo = match a.value(2) {
        Some(v) => to_int(&v, "")?,
        None => 0,
    };
    if lo < 0 {
        return Err(value_error("lo must be non-negative"));
    }
    let mut hi = match a.value(3).filter(|v| !matches!(v, Value::None)) {
        Some(v) => to_int(&v, "")?,
        None => py_len(interp, seq)?,
    };
    let key = a.value(4).filter(|v| !matches!(v, Value::None));
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let mut item = interp.get_item(seq, Value::int(mid))?;
        if let Some(k) = &key {
            item = interp.call_value(k.clone(), Args::new(vec![item]))?;
        }
        let go_left = if right {
            let lt = interp.compare(CmpOp::Lt, x, &item)?;
            interp.truthy(&lt)?
        } else {
            let lt = interp.compare(CmpOp::Lt, &item, x)?;
            !interp.truthy(&lt)?
        };
        if go_left {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok(lo as usize)
}

fn search(interp: &mut Interpreter, a: &Bound, right: bool) -> PyResult<usize> {
    let (seq, x) = (a.arg(0)?, a.arg(1)?);
    search_in(interp, &seq, &x, a, right)
}

fn insort(interp: &mut Interpreter, a: &Bound, right: bool) -> PyResult<Value> {
    let (seq, x) = (a.arg(0)?, a.arg(1)?);
    let probe = match a.value(4).filter(|v| !matches!(v, Value::None)) {
        Some(k) => interp.call_value(k, Args::new(vec![x.clone()]))?,
        None => x.clone(),
    };
    let at = search_in(interp, &seq, &probe, a, right)?;
    let insert = interp.get_attr(&seq, "insert")?;
    interp.call_value(insert, Args::new(vec![Value::int(at as i64), x]))?;
    Ok(Value::None)
}
