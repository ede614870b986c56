//! `collections`: `Counter`, `defaultdict`, `OrderedDict` (dicts with more behaviour, in `dicts`),
//! `deque`, and `namedtuple`.

use super::super::builtins::{builtin_with, type_object_with};
use super::super::value::Value;

mod deque;
mod dicts;
mod namedtuple;

pub(super) fn attrs() -> Vec<(&'static str, Value)> {
    vec![
        (
            "Counter",
            type_object_with("collections.Counter", dicts::new_counter),
        ),
        (
            "defaultdict",
            type_object_with("collections.defaultdict", dicts::new_defaultdict),
        ),
        (
            "OrderedDict",
            type_object_with("collections.OrderedDict", dicts::new_ordered_dict),
        ),
        (
            "deque",
            type_object_with("collections.deque", deque::new_deque),
        ),
        (
            "namedtuple",
            builtin_with("namedtuple", namedtuple::namedtuple),
        ),
    ]
}

/// `namedtuple(...)`, for the modules that make a named tuple type of their own (`CacheInfo`).
pub(super) fn namedtuple_class(
    interp: &mut super::super::Interpreter,
    args: super::super::value::Args,
) -> super::super::error::PyResult<Value> {
    namedtuple::namedtuple(interp, args)
}

/// `type(v)` for a value of this module: the class the module holds, so `type(c) is Counter`.
pub(crate) use dicts::{is_ordered_dict, mapping_entries, ordered_dict};

pub(crate) fn class_named(interp: &super::super::Interpreter, name: &str) -> Value {
    match interp.modules.get("collections") {
        Some(Value::Module(m)) => m.attrs.get(name).cloned().unwrap_or(Value::None),
        _ => Value::None,
    }
}
