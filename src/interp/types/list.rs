//! The methods of `list`, and the stable sort `sorted` shares with `list.sort`.

use std::cell::RefCell;
use std::cmp::Ordering;
use std::sync::LazyLock;

use rustpython_parser::ast::CmpOp;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, Positional, Unpack};
use super::super::convert::to_int;
use super::super::error::{ExcKind, PyResult, exc};
use super::super::value::{Args, Value};
use super::{Method, Table, table};

type Items = RefCell<crate::interp::value::Seq>;

pub(crate) static METHODS: LazyLock<Table<Items>> = LazyLock::new(|| {
    let mut methods = table(&LIST);
    methods.insert(SORT.sig.method_name(), &SORT);
    methods
});

/// `list.sort`, whose signature `sorted` binds its keywords to.
pub(crate) static SORT: Method<Items> =
    Method::new("list.sort(*, key=None, reverse=False)", Clinic, sort);

static LIST: [Method<Items>; 10] = [
    Method::new("list.append(object, /)", Positional, append),
    Method::new("list.extend(iterable, /)", Positional, extend),
    Method::new("list.insert(index, object, /)", Unpack, insert),
    Method::new("list.pop(index=-1, /)", Unpack, pop),
    Method::new("list.remove(value, /)", Positional, remove),
    Method::new(
        "list.index(value, start=0, stop=sys.maxsize, /)",
        Unpack,
        index,
    ),
    Method::new("list.count(value, /)", Positional, count),
    Method::new("list.reverse()", Positional, reverse),
    Method::new("list.copy()", Positional, copy),
    Method::new("list.clear()", Positional, clear),
];

/// Asks the memory account before a list's buffer grows to hold `more` items (a full buffer doubles).
pub(crate) fn reserve_growth(items: &[Value], capacity: usize, more: usize) -> PyResult<()> {
    if items.len().saturating_add(more) > capacity {
        crate::interp::reserve_values(capacity.max(more).max(4))?;
    }
    Ok(())
}

fn append(_: &mut Interpreter, list: &Items, a: Bound) -> PyResult<Value> {
    let mut l = list.borrow_mut();
    reserve_growth(&l, l.capacity(), 1)?;
    l.push(a.arg(0)?);
    Ok(Value::None)
}

fn extend(interp: &mut Interpreter, list: &Items, a: Bound) -> PyResult<Value> {
    let items = interp.collect_iter(&a.arg(0)?)?;
    let mut l = list.borrow_mut();
    reserve_growth(&l, l.capacity(), items.len())?;
    l.extend(items);
    Ok(Value::None)
}

fn insert(_: &mut Interpreter, list: &Items, a: Bound) -> PyResult<Value> {
    let i = to_int(&a.arg(0)?, "")?;
    let v = a.arg(1)?;
    let mut l = list.borrow_mut();
    reserve_growth(&l, l.capacity(), 1)?;
    let n = l.len() as i64;
    let i = if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
    l.insert(i, v);
    Ok(Value::None)
}

fn pop(_: &mut Interpreter, list: &Items, a: Bound) -> PyResult<Value> {
    let i = match a.value(0) {
        Some(v) => to_int(&v, "")?,
        None => -1,
    };
    let mut l = list.borrow_mut();
    if l.is_empty() {
        return Err(exc(ExcKind::IndexError, "pop from empty list"));
    }
    let n = l.len() as i64;
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(exc(ExcKind::IndexError, "pop index out of range"));
    }
    Ok(l.remove(j as usize))
}

/// The positions of the items equal to `target`, among `items[start..stop]`.
pub(super) fn positions(
    interp: &mut Interpreter,
    items: &[Value],
    target: &Value,
    start: usize,
    stop: usize,
) -> PyResult<Vec<usize>> {
    let mut hits = Vec::new();
    for (i, x) in items.iter().enumerate().take(stop).skip(start) {
        if interp.equals(x, target)? {
            hits.push(i);
        }
    }
    Ok(hits)
}

/// `index`'s `start` and `stop` (`_PyEval_SliceIndexNotNone`): negative counts from the end, both
/// clipped to the sequence.
pub(super) fn index_window(a: &Bound, len: usize) -> PyResult<(usize, usize)> {
    let len = len as i64;
    let bound = |i: usize, default: i64| -> PyResult<i64> {
        let Some(v) = a.value(i) else {
            return Ok(default);
        };
        let n = super::super::convert::index_of(&v)?.ok_or_else(|| {
            super::super::error::type_error(
                "slice indices must be integers or have an __index__ method",
            )
        })?;
        Ok(if n < 0 { (n + len).max(0) } else { n.min(len) })
    };
    Ok((bound(1, 0)? as usize, bound(2, len)? as usize))
}

fn remove(interp: &mut Interpreter, list: &Items, a: Bound) -> PyResult<Value> {
    let items = list.borrow().clone();
    let n = items.len();
    match positions(interp, &items, &a.arg(0)?, 0, n)?.first() {
        Some(&i) => {
            list.borrow_mut().remove(i);
            Ok(Value::None)
        }
        None => Err(exc(ExcKind::ValueError, "list.remove(x): x not in list")),
    }
}

fn index(interp: &mut Interpreter, list: &Items, a: Bound) -> PyResult<Value> {
    let items = list.borrow().clone();
    let target = a.arg(0)?;
    let (start, stop) = index_window(&a, items.len())?;
    match positions(interp, &items, &target, start, stop)?.first() {
        Some(&i) => Ok(Value::int(i as i64)),
        None => Err(exc(
            ExcKind::ValueError,
            format!("{} is not in list", interp.repr(&target)?),
        )),
    }
}

fn count(interp: &mut Interpreter, list: &Items, a: Bound) -> PyResult<Value> {
    let items = list.borrow().clone();
    let n = items.len();
    let hits = positions(interp, &items, &a.arg(0)?, 0, n)?;
    Ok(Value::int(hits.len() as i64))
}

fn sort(interp: &mut Interpreter, list: &Items, a: Bound) -> PyResult<Value> {
    let reverse = match a.value(1) {
        Some(v) => to_int(&v, "")? != 0,
        None => false,
    };
    let items = list.borrow().clone();
    let sorted = sort_values(interp, items, a.value(0), reverse)?;
    *list.borrow_mut() = sorted.into();
    Ok(Value::None)
}

fn reverse(_: &mut Interpreter, list: &Items, _: Bound) -> PyResult<Value> {
    list.borrow_mut().reverse();
    Ok(Value::None)
}

fn copy(_: &mut Interpreter, list: &Items, _: Bound) -> PyResult<Value> {
    Ok(Value::list(list.borrow().clone()))
}

fn clear(_: &mut Interpreter, list: &Items, _: Bound) -> PyResult<Value> {
    list.borrow_mut().clear();
    Ok(Value::None)
}

/// Stable sort by a key with Python's comparisons (`sorted`, `list.sort`): a bottom-up merge sort of
/// positions, O(n log n) comparisons, each counted as a step so a huge sort meets the step and time budget,
/// and the first failing comparison (`1 < "a"`) ends it with that error.
pub(crate) fn sort_values(
    interp: &mut Interpreter,
    items: Vec<Value>,
    key: Option<Value>,
    reverse: bool,
) -> PyResult<Vec<Value>> {
    let n = items.len();
    // The keys, and two position buffers.
    crate::interp::reserve_values(n)?;
    crate::interp::reserve_bytes(crate::interp::bytes_of(
        n,
        2 * std::mem::size_of::<usize>(),
        0,
    ))?;
    let keys: Vec<Value> = match &key {
        Some(f) if !matches!(f, Value::None) => {
            let mut keys = Vec::with_capacity(n);
            for v in &items {
                keys.push(interp.call_value(f.clone(), Args::new(vec![v.clone()]))?);
            }
            keys
        }
        _ => items.clone(),
    };
    // Whether the item at `right` goes before the one at `left` (equal keys keep their order, also when
    // reversed, as in Python).
    let before = |interp: &mut Interpreter, right: usize, left: usize| -> PyResult<bool> {
        interp.tick()?;
        let (a, b) = if reverse {
            (left, right)
        } else {
            (right, left)
        };
        Ok(interp.order(&keys[a], &keys[b], CmpOp::Lt)? == Some(Ordering::Less))
    };
    let mut order: Vec<usize> = (0..n).collect();
    let mut merged: Vec<usize> = Vec::with_capacity(n);
    let mut width = 1;
    while width < n {
        merged.clear();
        for start in (0..n).step_by(2 * width) {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut l, mut r) = (start, mid);
            while l < mid && r < end {
                if before(interp, order[r], order[l])? {
                    merged.push(order[r]);
                    r += 1;
                } else {
                    merged.push(order[l]);
                    l += 1;
                }
            }
            merged.extend_from_slice(&order[l..mid]);
            merged.extend_from_slice(&order[r..end]);
        }
        std::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    let mut slots: Vec<Option<Value>> = items.into_iter().map(Some).collect();
    Ok(order.iter().filter_map(|&i| slots[i].take()).collect())
}
