//! The methods of `tuple`, and of `torch.Size`, a tuple of ints with `numel()`.

use std::sync::LazyLock;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Positional, Unpack};
use super::super::error::{ExcKind, PyResult, exc};
use super::super::value::Value;
use super::list::{index_window, positions};
use super::{Method, Table, table};

type Items = [Value];

pub(crate) static METHODS: LazyLock<Table<Items>> = LazyLock::new(|| table(&LIST));

/// `torch.Size`'s methods: the tuple's and its own `numel`.
pub(crate) static SIZE_METHODS: LazyLock<Table<Items>> = LazyLock::new(|| {
    let mut methods = table(&LIST);
    methods.extend(table(&SIZE_LIST));
    methods
});

static LIST: [Method<Items>; 2] = [
    Method::new(
        "tuple.index(value, start=0, stop=sys.maxsize, /)",
        Unpack,
        index,
    ),
    Method::new("tuple.count(value, /)", Positional, count),
];

static SIZE_LIST: [Method<Items>; 1] = [Method::new("Size.numel()", Positional, numel)];

fn index(interp: &mut Interpreter, items: &Items, a: Bound) -> PyResult<Value> {
    let (start, stop) = index_window(&a, items.len())?;
    match positions(interp, items, &a.arg(0)?, start, stop)?.first() {
        Some(&i) => Ok(Value::int(i as i64)),
        None => Err(exc(ExcKind::ValueError, "tuple.index(x): x not in tuple")),
    }
}

fn count(interp: &mut Interpreter, items: &Items, a: Bound) -> PyResult<Value> {
    let hits = positions(interp, items, &a.arg(0)?, 0, items.len())?;
    Ok(Value::int(hits.len() as i64))
}

fn numel(_: &mut Interpreter, items: &Items, _: Bound) -> PyResult<Value> {
    Ok(Value::int(
        items
            .iter()
            .map(|v| if let Value::Int(i, _) = v { *i } else { 1 })
            .product(),
    ))
}
