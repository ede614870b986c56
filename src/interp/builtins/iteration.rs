//! Built-ins over iterables: `len`, `range`, `enumerate`, `zip`, `map`, `filter`, `reversed`, `sorted`,
//! `iter`, `next`, `sum`, `min`, `max`, `any`, `all`. The tutor's iterators are eager: `zip`, `map` and
//! friends compute their items when called, except that `zip`, `map`, `enumerate` and `filter` over a
//! lazy iterator (`itertools.count()`) pull their items as they are asked for.

use rustpython_parser::ast::{CmpOp, Operator};

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, Positional, Unpack};
use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::types::list::{SORT, sort_values};
use super::super::value::{Args, Iter, LazyIter, Value};
use super::{Def, seq_iter, to_int};

pub(super) static DEFS: [Def; 15] = [
    Def::new("len(obj, /)", Positional, len),
    Def::new("range(start, stop=None, step=None, /)", Unpack, range),
    Def::new("enumerate(iterable, start=0)|nopos", Clinic, enumerate),
    Def::new("zip(*iterables, strict=False)", Unpack, zip),
    Def::new(
        "map(func, iterable, /, *iterables)|count=map() must have at least two arguments.",
        Unpack,
        map,
    ),
    Def::new("filter(function, iterable, /)", Unpack, filter),
    Def::new("reversed(sequence, /)", Unpack, reversed),
    // `sorted` counts its positional argument itself and hands the keywords to `list.sort`.
    Def::new("sorted(iterable, /, **kwargs)", Unpack, sorted),
    Def::new("iter(object, sentinel=None, /)", Unpack, iter),
    Def::new("next(iterator, default=None, /)", Unpack, next),
    Def::new("sum(iterable, /, start=0)", Clinic, sum),
    Def::new(
        "min(iterable, /, *args, key=None, default=None)",
        Unpack,
        min,
    ),
    Def::new(
        "max(iterable, /, *args, key=None, default=None)",
        Unpack,
        max,
    ),
    Def::new("any(iterable, /)", Positional, any),
    Def::new("all(iterable, /)", Positional, all),
];

fn len(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let v = a.arg(0)?;
    let n = match &v {
        Value::Str(s) => s.chars().count(),
        Value::List(l) => l.borrow().len(),
        Value::Tuple(t) => t.len(),
        Value::Size(s) => s.len(),
        Value::Dict(d) | Value::Set(d) | Value::FrozenSet(d) | Value::DictView(d, _) => {
            d.borrow().len()
        }
        Value::Range(a, b, c) => super::super::items::range_len(*a, *b, *c),
        Value::Instance(inst) if let Some((_, f)) = inst.class().lookup("__len__") => {
            return interp.call_value(f, Args::new(vec![v.clone()]));
        }
        Value::Class(c) if let Some(ty) = c.slots() => ty.class_iterate(interp, c)?.len(),
        other if let Some(ty) = interp.native_type(other) => {
            let n = ty.len(interp, other)?;
            return Ok(Value::measured(n as i64, ty.len_sym(other)));
        }
        other => {
            return Err(type_error(format!(
                "object of type '{}' has no len()",
                other.type_name()
            )));
        }
    };
    Ok(Value::measured(n as i64, None))
}

fn range(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let first = to_int(&a.arg(0)?, "")?;
    let (start, stop) = match a.value(1) {
        Some(stop) => (first, to_int(&stop, "")?),
        None => (0, first),
    };
    let step = match a.value(2) {
        Some(step) => to_int(&step, "")?,
        None => 1,
    };
    if step == 0 {
        return Err(exc(ExcKind::ValueError, "range() arg 3 must not be zero"));
    }
    Ok(Value::Range(start, stop, step))
}

fn enumerate(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let source = a.arg(0)?;
    let start = match a.value(1) {
        Some(v) => to_int(&v, "")?,
        None => 0,
    };
    if is_lazy(&source) {
        return Ok(Value::lazy(Enumerate {
            source,
            next: start,
        }));
    }
    let items = interp.collect_iter(&source)?;
    Ok(seq_iter(
        items
            .into_iter()
            .enumerate()
            .map(|(i, v)| Value::tuple(vec![Value::int(start + i as i64), v]))
            .collect(),
    ))
}

fn zip(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let strict = match a.value(0) {
        Some(v) => interp.truthy(&v)?,
        None => false,
    };
    if !strict && a.varargs().iter().any(is_lazy) {
        return lazily(interp, None, a.varargs());
    }
    let mut lists = Vec::new();
    for it in a.varargs() {
        lists.push(interp.collect_iter(&it)?);
    }
    let n = lists.iter().map(|l| l.len()).min().unwrap_or(0);
    if strict && lists.iter().any(|l| l.len() != n) {
        // `zip_next`: the first argument to run out, if it is not the first; else the first one longer.
        // (The tutor raises when zip() is called, CPython when the shortest runs out.)
        let (i, how) = match lists.iter().position(|l| l.len() == n) {
            Some(i) if i > 0 => (i, "shorter"),
            _ => (
                lists.iter().position(|l| l.len() > n).unwrap_or(0),
                "longer",
            ),
        };
        let others = if i == 1 {
            " 1".to_string()
        } else {
            format!("s 1-{i}")
        };
        return Err(exc(
            ExcKind::ValueError,
            format!("zip() argument {} is {how} than argument{others}", i + 1),
        ));
    }
    Ok(seq_iter(
        (0..n)
            .map(|i| Value::tuple(lists.iter().map(|l| l[i].clone()).collect()))
            .collect(),
    ))
}

fn map(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let f = a.arg(0)?;
    let mut sources = vec![a.arg(1)?];
    sources.extend(a.varargs());
    if sources.iter().any(is_lazy) {
        return lazily(interp, Some(f), sources);
    }
    let mut lists = vec![interp.collect_iter(&a.arg(1)?)?];
    for it in a.varargs() {
        lists.push(interp.collect_iter(&it)?);
    }
    let n = lists.iter().map(|l| l.len()).min().unwrap_or(0);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let call_args: Vec<Value> = lists.iter().map(|l| l[i].clone()).collect();
        out.push(interp.call_value(f.clone(), Args::new(call_args))?);
    }
    Ok(seq_iter(out))
}

fn filter(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let f = a.arg(0)?;
    if is_lazy(&a.arg(1)?) {
        return Ok(Value::lazy(Filter {
            func: f,
            source: a.arg(1)?,
        }));
    }
    let items = interp.collect_iter(&a.arg(1)?)?;
    let mut out = Vec::new();
    for v in items {
        let keep = if matches!(f, Value::None) {
            interp.truthy(&v)?
        } else {
            let r = interp.call_value(f.clone(), Args::new(vec![v.clone()]))?;
            interp.truthy(&r)?
        };
        if keep {
            out.push(v);
        }
    }
    Ok(seq_iter(out))
}

fn reversed(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let v = a.arg(0)?;
    // A sequence (or a dict and its views, 3.8+) reverses; a set or an iterator does not.
    if matches!(
        v,
        Value::None
            | Value::Bool(_)
            | Value::Int(_, _)
            | Value::Float(_)
            | Value::Set(_)
            | Value::FrozenSet(_)
            | Value::Iterator(_)
            | Value::Function(_)
            | Value::Builtin(_)
            | Value::Module(_)
    ) {
        return Err(type_error(format!(
            "'{}' object is not reversible",
            v.type_name()
        )));
    }
    let mut items = interp.collect_iter(&v)?;
    items.reverse();
    Ok(seq_iter(items))
}

fn sorted(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let items = interp.collect_iter(&a.arg(0)?)?;
    let list = Value::list(items);
    // `builtin_sorted`: the keywords go to `list.sort`, which checks them.
    let sort_args = Args {
        pos: Vec::new(),
        kw: a.varkw(),
    };
    let sort = SORT.sig.bind(sort_args)?;
    let reverse = match sort.value(1) {
        Some(v) => to_int(&v, "")? != 0,
        None => false,
    };
    let Value::List(l) = &list else {
        return Ok(list);
    };
    let items = l.borrow().clone();
    let sorted = sort_values(interp, items, sort.value(0), reverse)?;
    Ok(Value::list(sorted))
}

fn iter(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    if a.value(1).is_some() {
        let callable = matches!(
            a.arg(0)?,
            Value::Function(_) | Value::Builtin(_) | Value::NativeMethod(_) | Value::BoundMethod(_)
        );
        return Err(type_error(if callable {
            "iter(callable, sentinel) is not part of the tutor's Python subset"
        } else {
            "iter(v, w): v must be callable"
        }));
    }
    interp.iter(&a.arg(0)?)
}

fn next(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match interp.next(&a.arg(0)?)? {
        Some(v) => Ok(v),
        None => match a.value(1) {
            Some(d) => Ok(d),
            None => Err(exc(ExcKind::StopIteration, "")),
        },
    }
}

fn sum(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let items = interp.collect_iter(&a.arg(0)?)?;
    let mut acc = a.value(1).unwrap_or(Value::int(0));
    if let Value::Str(_) = acc {
        return Err(type_error(
            "sum() can't sum strings [use ''.join(seq) instead]",
        ));
    }
    for v in items {
        acc = interp.binary_op(Operator::Add, acc, v)?;
    }
    Ok(acc)
}

fn min(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    extreme(interp, a, false)
}

fn max(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    extreme(interp, a, true)
}

/// `min_max` in `Python/bltinmodule.c`: one argument is an iterable, several are the items.
fn extreme(interp: &mut Interpreter, a: Bound, largest: bool) -> PyResult<Value> {
    let name = if largest { "max" } else { "min" };
    let key = a.value(1).filter(|k| !matches!(k, Value::None));
    let default = a.value(2);
    let rest = a.varargs();
    let items = if rest.is_empty() {
        interp.collect_iter(&a.arg(0)?)?
    } else {
        if default.is_some() {
            return Err(type_error(format!(
                "Cannot specify a default for {name}() with multiple positional arguments"
            )));
        }
        std::iter::once(a.arg(0)?).chain(rest).collect()
    };
    let op = if largest { CmpOp::Gt } else { CmpOp::Lt };
    let mut best: Option<(Value, Value)> = None;
    for v in items {
        let k = match &key {
            Some(f) => interp.call_value(f.clone(), Args::new(vec![v.clone()]))?,
            None => v.clone(),
        };
        let replace = match &best {
            None => true,
            Some((_, bk)) => {
                let r = interp.compare(op, &k, bk)?;
                interp.truthy(&r)?
            }
        };
        if replace {
            best = Some((v, k));
        }
    }
    match (best, default) {
        (Some((v, _)), _) => Ok(v),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(exc(
            ExcKind::ValueError,
            format!("{name}() arg is an empty sequence"),
        )),
    }
}

/// `any` / `all`: items are taken one at a time, and the first that decides ends the walk (a generator
/// is not run past it).
fn any(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    first_with_truth(interp, &a.arg(0)?, true)
}

fn all(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    first_with_truth(interp, &a.arg(0)?, false).map(|found| match found {
        Value::Bool(b) => Value::Bool(!b),
        other => other,
    })
}

/// Whether some item of `iterable` has truth value `wanted`.
fn first_with_truth(interp: &mut Interpreter, iterable: &Value, wanted: bool) -> PyResult<Value> {
    let it = interp.iter(iterable)?;
    while let Some(v) = interp.next(&it)? {
        if interp.truthy(&v)? == wanted {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

/// Whether `v` is a lazy iterator (`itertools.count()`), which `zip` and `map` must not exhaust.
fn is_lazy(v: &Value) -> bool {
    matches!(v, Value::Iterator(it) if matches!(it.try_borrow().as_deref(), Ok(Iter::Lazy(_))))
}

/// `zip` (no function) or `map` over sources one of which is lazy: items are pulled as they are asked
/// for, and the first source to run out ends it, as in CPython.
struct LazyZip {
    func: Option<Value>,
    sources: Vec<Value>,
}

impl LazyIter for LazyZip {
    fn type_name(&self) -> &'static str {
        if self.func.is_some() { "map" } else { "zip" }
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        let mut row = Vec::with_capacity(self.sources.len());
        for src in &self.sources {
            match interp.next(src)? {
                Some(v) => row.push(v),
                None => return Ok(None),
            }
        }
        match &self.func {
            Some(f) => interp.call_value(f.clone(), Args::new(row)).map(Some),
            None => Ok(Some(Value::tuple(row))),
        }
    }
}

/// `enumerate` over a lazy iterator.
struct Enumerate {
    source: Value,
    next: i64,
}

impl LazyIter for Enumerate {
    fn type_name(&self) -> &'static str {
        "enumerate"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        let Some(v) = interp.next(&self.source)? else {
            return Ok(None);
        };
        let i = self.next;
        self.next += 1;
        Ok(Some(Value::tuple(vec![Value::int(i), v])))
    }
}

/// `filter` over a lazy iterator.
struct Filter {
    func: Value,
    source: Value,
}

impl LazyIter for Filter {
    fn type_name(&self) -> &'static str {
        "filter"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        while let Some(v) = interp.next(&self.source)? {
            let keep = if matches!(self.func, Value::None) {
                interp.truthy(&v)?
            } else {
                let r = interp.call_value(self.func.clone(), Args::new(vec![v.clone()]))?;
                interp.truthy(&r)?
            };
            if keep {
                return Ok(Some(v));
            }
        }
        Ok(None)
    }
}

fn lazily(interp: &mut Interpreter, func: Option<Value>, sources: Vec<Value>) -> PyResult<Value> {
    let mut iters = Vec::with_capacity(sources.len());
    for v in &sources {
        iters.push(interp.iter(v)?);
    }
    Ok(Value::lazy(LazyZip {
        func,
        sources: iters,
    }))
}
