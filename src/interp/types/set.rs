//! The methods of `set` and `frozenset`.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::LazyLock;

use rustpython_parser::ast::Operator;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::Positional;
use super::super::error::PyResult;
use super::super::ops::hash_key;
use super::super::value::{Dict, Value};
use super::{Method, Table, key_error, table};

type Items = Rc<RefCell<Dict>>;

pub(crate) static METHODS: LazyLock<Table<Items>> = LazyLock::new(|| table(&LIST));

static LIST: [Method<Items>; 9] = [
    Method::new("set.add(elem, /)", Positional, add),
    Method::new("set.remove(elem, /)", Positional, remove),
    Method::new("set.discard(elem, /)", Positional, discard),
    Method::new("set.union(*others)", Positional, union),
    Method::new("set.intersection(*others)", Positional, intersection),
    Method::new("set.difference(*others)", Positional, difference),
    Method::new("set.update(*others)", Positional, update),
    Method::new("set.copy()", Positional, copy),
    Method::new("set.pop()", Positional, pop),
];

pub(crate) static FROZEN_METHODS: LazyLock<Table<Items>> = LazyLock::new(|| table(&FROZEN_LIST));

/// A frozenset has the methods that make new sets; they return frozensets.
static FROZEN_LIST: [Method<Items>; 4] = [
    Method::new("frozenset.union(*others)", Positional, |i, s, a| {
        frozen(combine(i, s, &a, Operator::BitOr))
    }),
    Method::new("frozenset.intersection(*others)", Positional, |i, s, a| {
        frozen(combine(i, s, &a, Operator::BitAnd))
    }),
    Method::new("frozenset.difference(*others)", Positional, |i, s, a| {
        frozen(combine(i, s, &a, Operator::Sub))
    }),
    // The frozenset itself: nothing can change it.
    Method::new("frozenset.copy()", Positional, |_, s, _| {
        Ok(Value::FrozenSet(Rc::clone(s)))
    }),
];

fn frozen(v: PyResult<Value>) -> PyResult<Value> {
    Ok(match v? {
        Value::Set(d) => Value::FrozenSet(d),
        other => other,
    })
}

fn add(_: &mut Interpreter, set: &Items, a: Bound) -> PyResult<Value> {
    let v = a.arg(0)?;
    set.borrow_mut().insert(hash_key(&v)?, v, Value::None)?;
    Ok(Value::None)
}

fn remove(interp: &mut Interpreter, set: &Items, a: Bound) -> PyResult<Value> {
    let v = a.arg(0)?;
    let removed = set.borrow_mut().remove(&hash_key(&v)?);
    match removed {
        Some(_) => Ok(Value::None),
        None => Err(key_error(interp, &v)),
    }
}

fn discard(_: &mut Interpreter, set: &Items, a: Bound) -> PyResult<Value> {
    set.borrow_mut().remove(&hash_key(&a.arg(0)?)?);
    Ok(Value::None)
}

/// `union`, `intersection`, `difference`: the set's operator applied to each argument in turn.
fn combine(interp: &mut Interpreter, set: &Items, a: &Bound, op: Operator) -> PyResult<Value> {
    let mut acc = Value::Set(Rc::new(RefCell::new(set.borrow().clone())));
    for it in a.varargs() {
        let mut other = Dict::default();
        for v in interp.collect_iter(&it)? {
            other.insert(hash_key(&v)?, v, Value::None)?;
        }
        acc = interp.binary_op(op, acc, Value::Set(Rc::new(RefCell::new(other))))?;
    }
    Ok(acc)
}

fn union(interp: &mut Interpreter, set: &Items, a: Bound) -> PyResult<Value> {
    combine(interp, set, &a, Operator::BitOr)
}

fn intersection(interp: &mut Interpreter, set: &Items, a: Bound) -> PyResult<Value> {
    combine(interp, set, &a, Operator::BitAnd)
}

fn difference(interp: &mut Interpreter, set: &Items, a: Bound) -> PyResult<Value> {
    combine(interp, set, &a, Operator::Sub)
}

fn update(interp: &mut Interpreter, set: &Items, a: Bound) -> PyResult<Value> {
    for it in a.varargs() {
        for v in interp.collect_iter(&it)? {
            set.borrow_mut().insert(hash_key(&v)?, v, Value::None)?;
        }
    }
    Ok(Value::None)
}

fn copy(_: &mut Interpreter, set: &Items, _: Bound) -> PyResult<Value> {
    Ok(Value::Set(Rc::new(RefCell::new(set.borrow().clone()))))
}

fn pop(interp: &mut Interpreter, set: &Items, _: Bound) -> PyResult<Value> {
    let first = set.borrow().entries.first().map(|(k, _)| k.clone());
    match first {
        Some(k) => {
            set.borrow_mut().remove(&hash_key(&k)?);
            Ok(k)
        }
        None => Err(key_error(interp, &Value::str("pop from an empty set"))),
    }
}
