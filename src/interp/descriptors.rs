//! `staticmethod`, `classmethod` and `property`: the three descriptors a class body uses, and what they
//! do when an attribute is read from an instance or a class, set or deleted (Python's
//! `Objects/funcobject.c` and `Objects/descrobject.c`). A property is a data descriptor: it wins over the
//! instance's own attributes; the other two only change how the function is bound.

use std::rc::Rc;

use super::Interpreter;
use super::args::Bound;
use super::args::Dialect::{Clinic, Positional};
use super::builtins::Def;
use super::error::{ExcKind, PyResult, exc, type_error};
use super::value::{Args, Builtin, Value};

/// What a descriptor wraps. Always held in an `Rc` (`Value::Descriptor`), so the sizes of the variants
/// do not matter.
#[allow(clippy::large_enum_variant)]
pub enum Descriptor {
    /// `staticmethod(f)`: `f` itself from an instance or the class.
    Static(Value),
    /// `classmethod(f)`: `f` bound to the class.
    Class(Value),
    /// `property(fget, fset, fdel, doc)`.
    Property {
        get: Value,
        set: Value,
        delete: Value,
        doc: Value,
    },
}

impl Descriptor {
    pub fn type_name(&self) -> &'static str {
        match self {
            Descriptor::Static(_) => "staticmethod",
            Descriptor::Class(_) => "classmethod",
            Descriptor::Property { .. } => "property",
        }
    }
}

pub(super) static DEFS: [Def; 3] = [
    Def::new("staticmethod(function, /)", Positional, staticmethod),
    Def::new("classmethod(function, /)", Positional, classmethod),
    Def::new(
        "property(fget=None, fset=None, fdel=None, doc=None)",
        Clinic,
        property,
    ),
];

fn staticmethod(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    Ok(Value::Descriptor(Rc::new(Descriptor::Static(a.arg(0)?))))
}

fn classmethod(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    Ok(Value::Descriptor(Rc::new(Descriptor::Class(a.arg(0)?))))
}

fn property(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let arg = |i| a.value(i).unwrap_or(Value::None);
    Ok(Value::Descriptor(Rc::new(Descriptor::Property {
        get: arg(0),
        set: arg(1),
        delete: arg(2),
        doc: arg(3),
    })))
}

/// What reading `d` from the instance `obj` gives: the property's value, the plain function, or the
/// function bound to `class`.
pub(super) fn on_instance(
    interp: &mut Interpreter,
    d: &Descriptor,
    obj: &Value,
    class: Value,
    name: &str,
) -> PyResult<Value> {
    match d {
        Descriptor::Property { get, .. } => {
            accessor(interp, get, vec![obj.clone()], "getter", name, obj)
        }
        _ => Ok(on_class(d, class, Value::None)),
    }
}

/// What reading `d` from a class gives (`property` reads as itself, given as `this`).
pub(super) fn on_class(d: &Descriptor, class: Value, this: Value) -> Value {
    match d {
        Descriptor::Static(f) => f.clone(),
        Descriptor::Class(f) => Value::BoundMethod(Rc::new((class, f.clone()))),
        Descriptor::Property { .. } => this,
    }
}

/// `obj.name = value` where the class has a property `name`.
pub(super) fn set(
    interp: &mut Interpreter,
    d: &Descriptor,
    obj: &Value,
    name: &str,
    value: Value,
) -> PyResult<()> {
    if let Descriptor::Property { set, .. } = d {
        accessor(interp, set, vec![obj.clone(), value], "setter", name, obj)?;
    }
    Ok(())
}

/// `del obj.name` where the class has a property `name`.
pub(super) fn delete(
    interp: &mut Interpreter,
    d: &Descriptor,
    obj: &Value,
    name: &str,
) -> PyResult<()> {
    if let Descriptor::Property { delete, .. } = d {
        accessor(interp, delete, vec![obj.clone()], "deleter", name, obj)?;
    }
    Ok(())
}

/// Calls a property's `getter`/`setter`/`deleter` function `f`, or raises Python 3.11's
/// `property 'x' of 'A' object has no setter` when the property has none.
fn accessor(
    interp: &mut Interpreter,
    f: &Value,
    args: Vec<Value>,
    which: &str,
    name: &str,
    obj: &Value,
) -> PyResult<Value> {
    if matches!(f, Value::None) {
        return Err(exc(
            ExcKind::AttributeError,
            format!(
                "property '{name}' of '{}' object has no {which}",
                type_name_of(obj)
            ),
        ));
    }
    interp.call_value(f.clone(), Args::new(args))
}

/// The property named `name` on `class` (through its bases), if it has one.
pub(super) fn property_of(class: &Rc<super::value::Class>, name: &str) -> Option<Rc<Descriptor>> {
    match class.lookup(name) {
        Some((_, Value::Descriptor(d))) if matches!(d.as_ref(), Descriptor::Property { .. }) => {
            Some(d)
        }
        _ => None,
    }
}

fn type_name_of(obj: &Value) -> String {
    match obj {
        Value::Instance(i) => i.class().name.to_string(),
        other => other.type_name(),
    }
}

/// The attributes of a descriptor itself: `fget`/`fset`/`fdel`/`__doc__` and the `getter`/`setter`/
/// `deleter` decorators of a property, `__func__` of the other two.
pub(super) fn attr(d: &Rc<Descriptor>, name: &str) -> PyResult<Value> {
    match (d.as_ref(), name) {
        (Descriptor::Static(f) | Descriptor::Class(f), "__func__") => Ok(f.clone()),
        (Descriptor::Property { get, .. }, "fget") => Ok(get.clone()),
        (Descriptor::Property { set, .. }, "fset") => Ok(set.clone()),
        (Descriptor::Property { delete, .. }, "fdel") => Ok(delete.clone()),
        (Descriptor::Property { doc, get, .. }, "__doc__") => Ok(match (doc, get) {
            (Value::None, Value::Function(_)) => Value::None,
            _ => doc.clone(),
        }),
        (Descriptor::Property { .. }, "getter" | "setter" | "deleter") => {
            let which: &'static str = match name {
                "getter" => "getter",
                "setter" => "setter",
                _ => "deleter",
            };
            let original = Rc::clone(d);
            Ok(Value::Builtin(Rc::new(Builtin {
                name: which,
                func: Box::new(move |_, args: Args| {
                    let [f] = <[Value; 1]>::try_from(args.pos).map_err(|pos| {
                        type_error(format!(
                            "{which}() takes exactly one argument ({} given)",
                            pos.len()
                        ))
                    })?;
                    let Descriptor::Property {
                        get,
                        set,
                        delete,
                        doc,
                    } = original.as_ref()
                    else {
                        return Ok(Value::None);
                    };
                    let (mut get, mut set, mut delete) = (get.clone(), set.clone(), delete.clone());
                    match which {
                        "getter" => get = f,
                        "setter" => set = f,
                        _ => delete = f,
                    }
                    Ok(Value::Descriptor(Rc::new(Descriptor::Property {
                        get,
                        set,
                        delete,
                        doc: doc.clone(),
                    })))
                }),
                type_qualname: None,
                python: false,
            })))
        }
        _ => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute '{name}'", d.type_name()),
        )),
    }
}
