//! Built-ins that look at values and their types: `isinstance`, `issubclass`, `type`, `hasattr`,
//! `getattr`, `setattr`, `callable`, `hash`, `id`, `super`, `dir`.

use std::rc::Rc;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Positional, Unpack};
use super::super::error::{ExcKind, PyResult, Unwind, exc, type_error};
use super::super::ops::hash_key;
use super::super::value::{HashKey, Value};
use super::{Def, type_object};

pub(super) static DEFS: [Def; 12] = [
    Def::new("dir(arg=<unrepresentable>, /)", Unpack, dir),
    Def::new("isinstance(obj, class_or_tuple, /)", Unpack, isinstance),
    Def::new("issubclass(cls, class_or_tuple, /)", Unpack, issubclass),
    // `type_new` counts its own arguments; one argument with keywords is refused by `type_vectorcall`.
    Def::new(
        "type(object_or_name, bases=None, dict=None, /, **kwds)|count=type() takes 1 or 3 arguments",
        Unpack,
        type_of,
    ),
    Def::new("hasattr(obj, name, /)", Unpack, hasattr),
    Def::new("getattr(object, name, default=None, /)", Unpack, getattr),
    Def::new("setattr(obj, name, value, /)", Unpack, setattr),
    Def::new("delattr(obj, name, /)", Unpack, delattr),
    Def::new("callable(obj, /)", Positional, callable),
    Def::new("hash(obj, /)", Positional, hash),
    Def::new("id(obj, /)", Positional, id),
    Def::new(
        "super(type=None, obj=None, /)|count=super() expected at most 2 arguments, got {n}",
        Unpack,
        super_,
    ),
];

fn isinstance_of(interp: &Interpreter, v: &Value, spec: &Value) -> PyResult<bool> {
    match spec {
        Value::Tuple(items) => {
            for s in items.iter() {
                if isinstance_of(interp, v, s)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Builtin(b) => Ok(match b.name {
            "int" => matches!(v, Value::Int(_, _) | Value::Bool(_)),
            "float" => matches!(v, Value::Float(_)),
            "str" => matches!(v, Value::Str(_)),
            "bool" => matches!(v, Value::Bool(_)),
            "list" => matches!(v, Value::List(_)),
            // A `Counter` is a dict and a namedtuple a tuple: their native types say so.
            "dict" | "tuple"
                if interp
                    .native_type(v)
                    .is_some_and(|ty| ty.is_instance(v, b.name)) =>
            {
                true
            }
            "dict" => matches!(v, Value::Dict(_)),
            "tuple" => matches!(v, Value::Tuple(_) | Value::Size(_)),
            "set" => matches!(v, Value::Set(_)),
            "frozenset" => matches!(v, Value::FrozenSet(_)),
            "range" => matches!(v, Value::Range(..)),
            "object" => true,
            name => interp
                .native_type(v)
                .is_some_and(|ty| ty.is_instance(v, name)),
        }),
        Value::Class(c) => Ok(match v {
            Value::Instance(i) => i.class().is_subclass_of(c),
            _ => c.name.as_ref() == "object",
        }),
        other => Err(type_error(format!(
            "isinstance() arg 2 must be a type, a tuple of types, or a union, not {}",
            other.type_name()
        ))),
    }
}

fn isinstance(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    Ok(Value::Bool(isinstance_of(interp, &a.arg(0)?, &a.arg(1)?)?))
}

fn issubclass(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match (a.arg(0)?, a.arg(1)?) {
        (Value::Class(a), Value::Class(b)) => Ok(Value::Bool(a.is_subclass_of(&b))),
        _ => Err(type_error("issubclass() arg 1 must be a class")),
    }
}

fn type_of(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    if a.value(1).is_some() {
        if a.value(2).is_none() {
            return Err(type_error("type() takes 1 or 3 arguments"));
        }
        return Err(type_error(
            "type(name, bases, dict) (making a class at run time) is not part of the tutor's Python subset; use a class statement",
        ));
    }
    if !a.varkw().is_empty() {
        return Err(type_error("type() takes no keyword arguments"));
    }
    type_of_value(interp, &a.arg(0)?)
}

/// `type(v)` (and `v.__class__`).
pub(crate) fn type_of_value(interp: &mut Interpreter, v: &Value) -> PyResult<Value> {
    let builtin = |interp: &Interpreter, name: &str| {
        interp.builtins.get(name).cloned().unwrap_or(Value::None)
    };
    Ok(match v {
        Value::Instance(i) => Value::Class(Rc::clone(&i.class())),
        Value::Int(_, _) => builtin(interp, "int"),
        Value::Float(_) => builtin(interp, "float"),
        Value::Str(_) => builtin(interp, "str"),
        Value::Bool(_) => builtin(interp, "bool"),
        Value::List(_) => builtin(interp, "list"),
        Value::Dict(_) => builtin(interp, "dict"),
        Value::Tuple(_) => builtin(interp, "tuple"),
        Value::Set(_) => builtin(interp, "set"),
        Value::FrozenSet(_) => builtin(interp, "frozenset"),
        Value::Tensor(_) | Value::Size(_) | Value::DType(_) | Value::Native(_) => {
            match interp.native_type(v) {
                Some(ty) => ty.type_object(interp, v)?,
                None => type_object("object", None),
            }
        }
        Value::None => type_object("NoneType", None),
        Value::Range(..) => builtin(interp, "range"),
        Value::Function(_) => type_object("function", None),
        Value::Class(_) => builtin(interp, "type"),
        Value::Module(_) => type_object("module", None),
        Value::DictView(_, k) => {
            use crate::interp::value::{VIEW_KIND, VIEW_OF_ORDERED};
            let names = if k & VIEW_OF_ORDERED != 0 {
                ["odict_keys", "odict_values", "odict_items"]
            } else {
                ["dict_keys", "dict_values", "dict_items"]
            };
            type_object(names[((k & VIEW_KIND) as usize).min(2)], None)
        }
        Value::Builtin(b) if b.type_qualname == Some("torch.Tensor") => {
            type_object("torch._C._TensorMeta", None)
        }
        Value::Builtin(b) if b.type_qualname.is_some() => builtin(interp, "type"),
        Value::Slice(_) => builtin(interp, "slice"),
        Value::Builtin(b) if b.python => type_object("function", None),
        Value::Builtin(_) | Value::NativeMethod(_) => {
            type_object("builtin_function_or_method", None)
        }
        Value::BoundMethod(_) => type_object("method", None),
        Value::Ellipsis => type_object("ellipsis", None),
        Value::Iterator(it) => match it.try_borrow().as_deref() {
            Ok(crate::interp::value::Iter::Lazy(l)) => type_object(l.type_name(), None),
            _ => type_object("object", None),
        },
        _ => type_object("object", None),
    })
}

fn attr_name(v: &Value) -> PyResult<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(type_error(format!(
            "attribute name must be string, not '{}'",
            other.type_name()
        ))),
    }
}

fn hasattr(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let obj = a.arg(0)?;
    let name = attr_name(&a.arg(1)?)?;
    match interp.get_attr(&obj, &name) {
        Ok(_) => Ok(Value::Bool(true)),
        Err(Unwind::Exception(e)) if e.kind == ExcKind::AttributeError => Ok(Value::Bool(false)),
        Err(e) => Err(e),
    }
}

fn getattr(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let obj = a.arg(0)?;
    let name = attr_name(&a.arg(1)?)?;
    match (interp.get_attr(&obj, &name), a.value(2)) {
        (Ok(v), _) => Ok(v),
        (Err(Unwind::Exception(e)), Some(d)) if e.kind == ExcKind::AttributeError => Ok(d),
        (Err(e), _) => Err(e),
    }
}

fn delattr(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let obj = a.arg(0)?;
    match a.arg(1)? {
        Value::Str(name) => {
            interp.del_attr(&obj, &name)?;
            Ok(Value::None)
        }
        other => Err(type_error(format!(
            "attribute name must be string, not '{}'",
            other.type_name()
        ))),
    }
}

fn setattr(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let obj = a.arg(0)?;
    let name = attr_name(&a.arg(1)?)?;
    interp.set_attr(&obj, &name, a.arg(2)?)?;
    Ok(Value::None)
}

fn callable(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    Ok(Value::Bool(match &a.arg(0)? {
        Value::Function(_)
        | Value::Builtin(_)
        | Value::NativeMethod(_)
        | Value::BoundMethod(_)
        | Value::Class(_) => true,
        Value::Instance(i) => i.class().lookup("__call__").is_some(),
        _ => false,
    }))
}

fn hash(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match hash_key(&a.arg(0)?)? {
        HashKey::Int(i) => Ok(Value::int(i)),
        _ => Err(exc(
            ExcKind::TypeError,
            "hash() of this value is not deterministic across runs; the tutor leaves it out",
        )),
    }
}

fn id(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    Ok(Value::int(a.arg(0)?.identity().unwrap_or(0) as i64))
}

/// `super(cls, obj)`; `super()` with no arguments is resolved by the evaluator, which knows the method's
/// class and first argument.
fn super_(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match (a.value(0), a.value(1)) {
        (Some(Value::Class(c)), Some(this)) => Ok(Value::Super(Rc::new((c, this)))),
        (Some(Value::Class(_)), None) => Err(type_error(
            "super() with one argument (an unbound super object) is not part of the tutor's Python subset",
        )),
        (Some(other), _) => Err(type_error(format!(
            "super() argument 1 must be a type, not {}",
            other.type_name()
        ))),
        (None, _) => Err(exc(ExcKind::RuntimeError, "super(): no arguments")),
    }
}

/// `dir(object)` in CPython 3.11: what every object has from `object`.
const OBJECT_ATTRS: &[&str] = &[
    "__class__",
    "__delattr__",
    "__dir__",
    "__doc__",
    "__eq__",
    "__format__",
    "__ge__",
    "__getattribute__",
    "__getstate__",
    "__gt__",
    "__hash__",
    "__init__",
    "__init_subclass__",
    "__le__",
    "__lt__",
    "__ne__",
    "__new__",
    "__reduce__",
    "__reduce_ex__",
    "__repr__",
    "__setattr__",
    "__sizeof__",
    "__str__",
    "__subclasshook__",
];

/// What a `class` statement adds to a class's namespace besides its body: `__module__` and `__doc__`,
/// and, on the first class below `object`, `__dict__` and `__weakref__`.
const CLASS_ATTRS: &[&str] = &["__dict__", "__doc__", "__module__", "__weakref__"];

/// The names a module has besides its attributes (`__name__`, `__spec__`, ...).
const MODULE_ATTRS: &[&str] = &[
    "__doc__",
    "__loader__",
    "__name__",
    "__package__",
    "__spec__",
];

/// A script's own globals before its first line (`python script.py`).
const SCRIPT_GLOBALS: &[&str] = &[
    "__annotations__",
    "__builtins__",
    "__cached__",
    "__doc__",
    "__file__",
    "__loader__",
    "__name__",
    "__package__",
    "__spec__",
];

/// `dir(obj)`: the sorted attribute names. Exact for a learner's own classes and their instances
/// (the instance's `__dict__`, each class's namespace, `object`'s attributes) and for the module scope
/// (`dir()` at the top of a cell); for the tutor's built-in values it lists the names the tutor provides,
/// which are fewer than CPython's or PyTorch's.
fn dir(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let mut names: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    let mut add = |n: &str| {
        names.insert(n.to_string());
    };
    let Some(obj) = a.value(0) else {
        if interp.frames.len() > 1 {
            return Err(exc(
                ExcKind::NotImplementedError,
                "dir() without an argument inside a function: the tutor lists the module's names only (call it at the top level, or pass an object)",
            ));
        }
        for k in interp.globals.borrow().vars.keys() {
            add(k);
        }
        SCRIPT_GLOBALS.iter().for_each(|n| add(n));
        return Ok(sorted_names(names));
    };
    let class_names = |c: &Rc<super::super::value::Class>, add: &mut dyn FnMut(&str)| {
        for k in c.mro() {
            if &*k.name == "object" && k.bases.is_empty() {
                continue;
            }
            for (n, _) in k.attrs.borrow().iter() {
                add(n);
            }
            if k.native.is_none() {
                CLASS_ATTRS.iter().for_each(|n| add(n));
            }
        }
        OBJECT_ATTRS.iter().for_each(|n| add(n));
    };
    match &obj {
        Value::Instance(inst) => {
            if let Some(Value::Dict(d)) = interp.instance_dict(&obj) {
                for (k, _) in d.borrow().entries.iter() {
                    if let Value::Str(s) = k {
                        add(s);
                    }
                }
            } else {
                for (k, _) in inst.items() {
                    add(&k);
                }
            }
            class_names(&inst.class(), &mut add);
        }
        Value::Class(c) => class_names(c, &mut add),
        Value::Module(m) => {
            m.attrs.keys().for_each(|n| add(n));
            MODULE_ATTRS.iter().for_each(|n| add(n));
        }
        other => {
            for n in super::super::types::method_names(other) {
                add(n);
            }
            if let Some(ty) = interp.native_type(other) {
                for n in ty.attribute_names(other) {
                    add(&n);
                }
            }
            OBJECT_ATTRS.iter().for_each(|n| add(n));
        }
    }
    Ok(sorted_names(names))
}

fn sorted_names(names: std::collections::BTreeSet<String>) -> Value {
    Value::list(names.iter().map(|n| Value::str(n)).collect())
}
