//! `heapq`: CPython's binary-heap algorithms (`Lib/heapq.py`, the same sifts as `Modules/_heapqmodule.c`)
//! on a list, comparing with Python's `<`, so a heap ends in CPython's arrangement.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::CmpOp;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Positional, PyDef, Unpack};
use super::super::builtins::Def;
use super::super::convert::to_int;
use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::types::list::sort_values;
use super::super::value::{Seq, Value};

pub(super) static DEFS: [Def; 7] = [
    Def::new("heappush(heap, item, /)", Unpack, heappush),
    Def::new("_heapq.heappop(heap, /)", Positional, heappop),
    Def::new("_heapq.heapify(heap, /)", Positional, heapify),
    Def::new("heapreplace(heap, item, /)", Unpack, heapreplace),
    Def::new("heappushpop(heap, item, /)", Unpack, heappushpop),
    Def::new("nlargest(n, iterable, key=None)", PyDef, |i, a| {
        n_best(i, a, true)
    }),
    Def::new("nsmallest(n, iterable, key=None)", PyDef, |i, a| {
        n_best(i, a, false)
    }),
];

fn less(interp: &mut Interpreter, a: &Value, b: &Value) -> PyResult<bool> {
    let lt = interp.compare(CmpOp::Lt, a, b)?;
    interp.truthy(&lt)
}

fn sift_down(
    interp: &mut Interpreter,
    heap: &mut [Value],
    start: usize,
    mut pos: usize,
) -> PyResult<()> {
    let new = heap[pos].clone();
    while pos > start {
        let parent = (pos - 1) >> 1;
        if less(interp, &new, &heap[parent])? {
            heap[pos] = heap[parent].clone();
            pos = parent;
            continue;
        }
        break;
    }
    heap[pos] = new;
    Ok(())
}

fn sift_up(interp: &mut Interpreter, heap: &mut [Value], mut pos: usize) -> PyResult<()> {
    let (end, start) = (heap.len(), pos);
    let new = heap[pos].clone();
    let mut child = 2 * pos + 1;
    while child < end {
        let right = child + 1;
        if right < end && !less(interp, &heap[child], &heap[right])? {
            child = right;
        }
        heap[pos] = heap[child].clone();
        pos = child;
        child = 2 * pos + 1;
    }
    heap[pos] = new;
    sift_down(interp, heap, start, pos)
}

/// The list a heap function works on, or CPython's `TypeError` naming the function.
fn heap_list(v: &Value, what: &str) -> PyResult<Rc<RefCell<Seq>>> {
    match v {
        Value::List(l) => Ok(Rc::clone(l)),
        other => Err(type_error(format!(
            "{what} must be list, not {}",
            other.type_name()
        ))),
    }
}

/// Runs `f` on a copy of the list's items and stores the result back (a comparison may run Python code).
fn with_heap<T>(
    interp: &mut Interpreter,
    list: &Rc<RefCell<Seq>>,
    f: impl FnOnce(&mut Interpreter, &mut Vec<Value>) -> PyResult<T>,
) -> PyResult<T> {
    let mut items: Vec<Value> = list.borrow().clone();
    let out = f(interp, &mut items)?;
    *list.borrow_mut() = Seq::from(items);
    Ok(out)
}

fn empty() -> super::super::error::Unwind {
    exc(ExcKind::IndexError, "index out of range")
}

fn heappush(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let list = heap_list(&a.arg(0)?, "heappush() argument 1")?;
    let item = a.arg(1)?;
    super::super::reserve_values(1)?;
    with_heap(interp, &list, |interp, h| {
        h.push(item);
        let last = h.len() - 1;
        sift_down(interp, h, 0, last)
    })?;
    Ok(Value::None)
}

fn heappop(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let list = heap_list(&a.arg(0)?, "heappop() argument")?;
    with_heap(interp, &list, |interp, h| {
        let last = h.pop().ok_or_else(empty)?;
        if h.is_empty() {
            return Ok(last);
        }
        let top = std::mem::replace(&mut h[0], last);
        sift_up(interp, h, 0)?;
        Ok(top)
    })
}

fn heapify(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let list = heap_list(&a.arg(0)?, "heapify() argument")?;
    with_heap(interp, &list, |interp, h| {
        for i in (0..h.len() / 2).rev() {
            sift_up(interp, h, i)?;
        }
        Ok(())
    })?;
    Ok(Value::None)
}

fn heapreplace(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let list = heap_list(&a.arg(0)?, "heapreplace() argument 1")?;
    let item = a.arg(1)?;
    with_heap(interp, &list, |interp, h| {
        if h.is_empty() {
            return Err(empty());
        }
        let top = std::mem::replace(&mut h[0], item);
        sift_up(interp, h, 0)?;
        Ok(top)
    })
}

fn heappushpop(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let list = heap_list(&a.arg(0)?, "heappushpop() argument 1")?;
    let item = a.arg(1)?;
    with_heap(interp, &list, |interp, h| {
        if !h.is_empty() && less(interp, &h[0], &item)? {
            let top = std::mem::replace(&mut h[0], item);
            sift_up(interp, h, 0)?;
            return Ok(top);
        }
        Ok(item)
    })
}

/// `nlargest` / `nsmallest`: as `sorted(iterable, key=key, reverse=largest)[:n]`, which is what
/// CPython's documented equivalence gives, ties included.
fn n_best(interp: &mut Interpreter, a: Bound, largest: bool) -> PyResult<Value> {
    let n = to_int(&a.arg(0)?, "")?;
    let items = interp.collect_iter(&a.arg(1)?)?;
    if n <= 0 {
        return Ok(Value::list(Vec::new()));
    }
    let key = a.value(2).filter(|v| !matches!(v, Value::None));
    let mut sorted = sort_values(interp, items, key, largest)?;
    sorted.truncate(n as usize);
    Ok(Value::list(sorted))
}
