//! The methods of Python's built-in types — str, list, tuple (and `torch.Size`, a tuple), dict, set, int,
//! float, bool — and Python's format-spec mini-language ([`format`]). Each type has one table, built once,
//! that finds a method by name: a [`Method`] declares its signature as CPython's `__text_signature__`
//! in the dialect of CPython's implementation (see `interp::args`) and runs on the receiver and the bound
//! arguments. The core asks [`has_method`] when it looks up an attribute and [`call_method`] when it calls
//! one.

use super::Interpreter;
use super::args::{Bound, Dialect, Sig};
use super::error::{PyResult, attribute_error};
use super::value::{Args, Value};

pub(crate) mod bytes;
pub(crate) mod dict;
pub mod format;
pub(crate) mod list;
pub(crate) mod number;
pub(crate) mod set;
pub(crate) mod str;
pub(crate) mod tuple;

/// A method of a built-in type whose receiver is an `R`: its signature, and the body that runs on the
/// receiver and the arguments bound to the signature.
pub(crate) struct Method<R: ?Sized + 'static> {
    pub sig: Sig,
    pub body: fn(&mut Interpreter, &R, Bound<'_>) -> PyResult<Value>,
}

impl<R: ?Sized + 'static> Method<R> {
    pub const fn new(
        text: &'static str,
        dialect: Dialect,
        body: fn(&mut Interpreter, &R, Bound<'_>) -> PyResult<Value>,
    ) -> Method<R> {
        Method {
            sig: Sig::new(text, dialect),
            body,
        }
    }

    /// Binds a call to the signature and runs the body on `receiver`.
    pub fn call(&self, interp: &mut Interpreter, receiver: &R, args: Args) -> PyResult<Value> {
        let bound = self.sig.bind(args)?;
        (self.body)(interp, receiver, bound)
    }
}

/// One type's methods by name (FxHash: the names are the tutor's own, and the table is looked up on every
/// method call, where SipHash's defence against chosen keys buys nothing).
pub(crate) type Table<R> = rustc_hash::FxHashMap<&'static str, &'static Method<R>>;

/// The table of a type's methods, keyed by the name each signature gives (`append` for `list.append`).
pub(crate) fn table<R: ?Sized>(methods: &'static [Method<R>]) -> Table<R> {
    methods.iter().map(|m| (m.sig.method_name(), m)).collect()
}

/// Whether `v` is a value of a built-in type that has a method called `name`.
pub(crate) fn has_method(v: &Value, name: &str) -> bool {
    match v {
        Value::Str(_) => str::METHODS.contains_key(name),
        Value::List(_) => list::METHODS.contains_key(name),
        Value::Tuple(_) => tuple::METHODS.contains_key(name),
        Value::Size(_) => tuple::SIZE_METHODS.contains_key(name),
        Value::Dict(_) => dict::METHODS.contains_key(name),
        Value::Set(_) => set::METHODS.contains_key(name),
        Value::FrozenSet(_) => set::FROZEN_METHODS.contains_key(name),
        Value::Int(_, _) | Value::Bool(_) => number::INT_METHODS.contains_key(name),
        Value::Float(_) => number::FLOAT_METHODS.contains_key(name),
        _ => false,
    }
}

/// The methods of a value of a built-in type (for `dir`).
pub(crate) fn method_names(v: &Value) -> Vec<&'static str> {
    fn names<R: ?Sized>(t: &Table<R>) -> Vec<&'static str> {
        t.keys().copied().collect()
    }
    match v {
        Value::Str(_) => names(&str::METHODS),
        Value::List(_) => names(&list::METHODS),
        Value::Tuple(_) => names(&tuple::METHODS),
        Value::Size(_) => names(&tuple::SIZE_METHODS),
        Value::Dict(_) => names(&dict::METHODS),
        Value::Set(_) => names(&set::METHODS),
        Value::FrozenSet(_) => names(&set::FROZEN_METHODS),
        Value::Int(_, _) | Value::Bool(_) => names(&number::INT_METHODS),
        Value::Float(_) => names(&number::FLOAT_METHODS),
        _ => Vec::new(),
    }
}

/// Whether the built-in type named `ty` has a method `name` (`str.upper`, `list.append`), which Python
/// also finds on the type itself, unbound (`map(str.strip, lines)`).
pub(crate) fn has_unbound_method(ty: &str, name: &str) -> bool {
    match ty {
        "str" => str::METHODS.contains_key(name),
        "list" => list::METHODS.contains_key(name),
        "tuple" => tuple::METHODS.contains_key(name),
        "dict" => dict::METHODS.contains_key(name),
        "set" => set::METHODS.contains_key(name),
        "frozenset" => set::FROZEN_METHODS.contains_key(name),
        "int" | "bool" => number::INT_METHODS.contains_key(name),
        "float" => number::FLOAT_METHODS.contains_key(name),
        _ => false,
    }
}

/// `ty.name(obj, *args)`: an unbound method of a built-in type called with its instance first.
pub(crate) fn call_unbound(
    interp: &mut Interpreter,
    ty: &str,
    name: &str,
    mut args: Args,
) -> PyResult<Value> {
    if args.pos.is_empty() {
        return Err(super::error::type_error(format!(
            "unbound method {ty}.{name}() needs an argument"
        )));
    }
    let recv = args.pos.remove(0);
    let fits = match ty {
        "str" => matches!(recv, Value::Str(_)),
        "list" => matches!(recv, Value::List(_)),
        "tuple" => matches!(recv, Value::Tuple(_) | Value::Size(_)),
        "dict" => matches!(recv, Value::Dict(_)),
        "set" => matches!(recv, Value::Set(_)),
        "frozenset" => matches!(recv, Value::FrozenSet(_)),
        "int" => matches!(recv, Value::Int(..) | Value::Bool(_)),
        "bool" => matches!(recv, Value::Bool(_)),
        "float" => matches!(recv, Value::Float(_)),
        _ => false,
    };
    if !fits {
        return Err(super::error::type_error(format!(
            "descriptor '{name}' for '{ty}' objects doesn't apply to a '{}' object",
            recv.type_name()
        )));
    }
    call_method(interp, &recv, name, args)
}

/// Whether `v` is a value of a built-in type whose methods live here.
pub(crate) fn is_builtin_type(v: &Value) -> bool {
    matches!(
        v,
        Value::Str(_)
            | Value::List(_)
            | Value::Tuple(_)
            | Value::Size(_)
            | Value::Dict(_)
            | Value::Set(_)
            | Value::FrozenSet(_)
            | Value::Int(_, _)
            | Value::Bool(_)
            | Value::Float(_)
    )
}

/// `recv.name(*args)` for a value of a built-in type.
pub(crate) fn call_method(
    interp: &mut Interpreter,
    recv: &Value,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    fn find<R: ?Sized>(table: &Table<R>, recv: &Value, name: &str) -> PyResult<&'static Method<R>> {
        table.get(name).copied().ok_or_else(|| {
            attribute_error(format!(
                "'{}' object has no attribute '{name}'",
                recv.type_name()
            ))
        })
    }
    match recv {
        Value::Str(s) => find(&str::METHODS, recv, name)?.call(interp, s, args),
        Value::List(l) => find(&list::METHODS, recv, name)?.call(interp, l, args),
        Value::Tuple(t) => find(&tuple::METHODS, recv, name)?.call(interp, t, args),
        Value::Size(s) => {
            let items: Vec<Value> = s.items();
            find(&tuple::SIZE_METHODS, recv, name)?.call(interp, &items, args)
        }
        Value::Dict(d) => find(&dict::METHODS, recv, name)?.call(interp, d, args),
        Value::Set(d) => find(&set::METHODS, recv, name)?.call(interp, d, args),
        Value::FrozenSet(d) => find(&set::FROZEN_METHODS, recv, name)?.call(interp, d, args),
        Value::Int(_, _) | Value::Bool(_) => {
            find(&number::INT_METHODS, recv, name)?.call(interp, recv, args)
        }
        Value::Float(_) => find(&number::FLOAT_METHODS, recv, name)?.call(interp, recv, args),
        _ => Err(attribute_error(format!(
            "'{}' object has no attribute '{name}'",
            recv.type_name()
        ))),
    }
}

pub(crate) use super::exceptions::key_error;
