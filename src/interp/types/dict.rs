//! The methods of `dict`, and `dict.fromkeys`.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::LazyLock;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Positional, Unpack};
use super::super::builtins::Def;
use super::super::error::{ExcKind, PyResult, Unwind, exc, type_error};
use super::super::ops::hash_key;
use super::super::value::{Args, Dict, HashKey, Value};
use super::{Method, Table, key_error, table};

type Items = Rc<RefCell<Dict>>;

pub(crate) static METHODS: LazyLock<Table<Items>> = LazyLock::new(|| table(&LIST));

static LIST: [Method<Items>; 10] = [
    Method::new("dict.keys()", Positional, keys),
    Method::new("dict.values()", Positional, values),
    Method::new("dict.items()", Positional, items),
    Method::new("dict.get(key, default=None, /)", Unpack, get),
    Method::new("dict.pop(key, default=None, /)", Unpack, pop),
    Method::new("dict.setdefault(key, default=None, /)", Unpack, setdefault),
    Method::new("dict.update(other=None, /, **kwargs)", Unpack, update),
    Method::new("dict.copy()", Positional, copy),
    Method::new("dict.clear()", Positional, clear),
    // A class method, also found on a dict (`{}.fromkeys("ab")`).
    Method::new(
        "dict.fromkeys(iterable, value=None, /)",
        Unpack,
        |interp, _, a| fromkeys(interp, a),
    ),
];

/// `dict.fromkeys(iterable, value=None)`, a class method: found on the type, not on a dict.
pub(crate) static FROMKEYS: Def =
    Def::new("dict.fromkeys(iterable, value=None, /)", Unpack, fromkeys);

fn keys(_: &mut Interpreter, d: &Items, _: Bound) -> PyResult<Value> {
    Ok(Value::DictView(Rc::clone(d), 0))
}

fn values(_: &mut Interpreter, d: &Items, _: Bound) -> PyResult<Value> {
    Ok(Value::DictView(Rc::clone(d), 1))
}

fn items(_: &mut Interpreter, d: &Items, _: Bound) -> PyResult<Value> {
    Ok(Value::DictView(Rc::clone(d), 2))
}

fn get(_: &mut Interpreter, d: &Items, a: Bound) -> PyResult<Value> {
    let found = d.borrow().get(&hash_key(&a.arg(0)?)?).cloned();
    Ok(found.or_else(|| a.value(1)).unwrap_or(Value::None))
}

fn pop(interp: &mut Interpreter, d: &Items, a: Bound) -> PyResult<Value> {
    let k = a.arg(0)?;
    let removed = d.borrow_mut().remove(&hash_key(&k)?);
    match (removed, a.value(1)) {
        (Some(v), _) => Ok(v),
        (None, Some(default)) => Ok(default),
        (None, None) => Err(key_error(interp, &k)),
    }
}

fn setdefault(_: &mut Interpreter, d: &Items, a: Bound) -> PyResult<Value> {
    let k = a.arg(0)?;
    let default = a.value(1).unwrap_or(Value::None);
    let hk = hash_key(&k)?;
    let existing = d.borrow().get(&hk).cloned();
    Ok(match existing {
        Some(v) => v,
        None => {
            d.borrow_mut().insert(hk, k, default.clone())?;
            default
        }
    })
}

/// `dict(other)` and `d.update(other)`: a dict's items, or an iterable of key/value pairs.
pub(crate) fn update_from(interp: &mut Interpreter, d: &Items, other: &Value) -> PyResult<()> {
    let pairs: Vec<(Value, Value)> = match other {
        Value::Dict(o) => o.borrow().entries.clone(),
        // A mapping (`Counter`, `OrderedDict`): its `keys()`, each looked up (CPython's `PyDict_Merge`).
        Value::Native(_)
            if interp
                .native_type(other)
                .is_some_and(|t| t.has_method(other, "keys")) =>
        {
            let keys = interp.get_attr(other, "keys")?;
            let keys = interp.call_value(keys, Args::default())?;
            let mut pairs = Vec::new();
            for k in interp.collect_iter(&keys)? {
                let v = interp.get_item(other, k.clone())?;
                pairs.push((k, v));
            }
            pairs
        }
        _ => {
            let mut pairs = Vec::new();
            for (i, item) in interp.collect_iter(other)?.into_iter().enumerate() {
                let kv = match interp.collect_iter(&item) {
                    Ok(kv) => kv,
                    Err(Unwind::Exception(e)) if e.kind == ExcKind::TypeError => {
                        return Err(type_error(format!(
                            "cannot convert dictionary update sequence element #{i} to a sequence"
                        )));
                    }
                    Err(e) => return Err(e),
                };
                let [k, v] = <[Value; 2]>::try_from(kv).map_err(|kv| {
                    exc(
                        ExcKind::ValueError,
                        format!(
                            "dictionary update sequence element #{i} has length {}; 2 is required",
                            kv.len()
                        ),
                    )
                })?;
                pairs.push((k, v));
            }
            pairs
        }
    };
    let mut dm = d.borrow_mut();
    for (k, v) in pairs {
        dm.insert(hash_key(&k)?, k, v)?;
    }
    Ok(())
}

fn update(interp: &mut Interpreter, d: &Items, a: Bound) -> PyResult<Value> {
    if let Some(other) = a.value(0) {
        update_from(interp, d, &other)?;
    }
    let mut dm = d.borrow_mut();
    for (k, v) in a.varkw() {
        dm.insert(HashKey::Str(Rc::clone(&k)), Value::Str(k), v)?;
    }
    Ok(Value::None)
}

fn copy(_: &mut Interpreter, d: &Items, _: Bound) -> PyResult<Value> {
    Ok(Value::Dict(Rc::new(RefCell::new(d.borrow().clone()))))
}

fn clear(_: &mut Interpreter, d: &Items, _: Bound) -> PyResult<Value> {
    *d.borrow_mut() = Dict::default();
    Ok(Value::None)
}

fn fromkeys(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let keys = interp.collect_iter(&a.arg(0)?)?;
    let value = a.value(1).unwrap_or(Value::None);
    let mut d = Dict::default();
    for k in keys {
        d.insert(hash_key(&k)?, k, value.clone())?;
    }
    Ok(Value::Dict(Rc::new(RefCell::new(d))))
}
