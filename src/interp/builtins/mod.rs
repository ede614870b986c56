//! Python's built-in functions and exception classes. Every built-in is a [`Def`]: its signature, written
//! as CPython's `__text_signature__` and bound in the dialect of CPython's own implementation (see
//! `interp::args`), and a body that runs on the bound arguments. They are grouped by concept:
//! constructors and conversions, iteration, introspection, numbers, and what a cell may do outside itself
//! (print, and the built-ins the sandbox refuses). The standard-library modules live in `interp::stdlib`,
//! the methods of the built-in types in `interp::types`.

use std::cell::RefCell;
use std::rc::Rc;

use super::Interpreter;
use super::args::{Bound, Dialect, Sig};
use super::error::{ExcKind, PyResult, type_error};
use super::value::{Args, Builtin, BuiltinFn, Class, NativeFn, Value};

mod conversions;
mod introspection;
mod io;
mod iteration;
mod numbers;

pub(crate) use super::convert::{to_float, to_int};
pub(crate) use introspection::type_of_value;

/// A native function: its signature in the dialect of the real implementation, and the body that runs on
/// the arguments bound to it.
pub(crate) struct Def {
    pub sig: Sig,
    pub body: fn(&mut Interpreter, Bound<'_>) -> PyResult<Value>,
}

impl Def {
    pub const fn new(
        text: &'static str,
        dialect: Dialect,
        body: fn(&mut Interpreter, Bound<'_>) -> PyResult<Value>,
    ) -> Def {
        Def {
            sig: Sig::new(text, dialect),
            body,
        }
    }

    /// The name the function is found by (`sqrt` for `math.sqrt`).
    pub fn name(&self) -> &'static str {
        self.sig.method_name()
    }

    /// Binds a call to the signature (raising the real function's `TypeError` if it does not fit) and
    /// runs the body.
    pub fn call(&self, interp: &mut Interpreter, args: Args) -> PyResult<Value> {
        let bound = self.sig.bind(args)?;
        (self.body)(interp, bound)
    }

    /// The function as a Python value (`<built-in function len>`).
    pub fn value(&'static self) -> Value {
        builtin_with(self.name(), move |interp, args| self.call(interp, args))
    }

    /// The function as a type object (`<class 'int'>`), for the built-ins that are types.
    pub fn type_value(&'static self) -> Value {
        type_object_with(self.name(), move |interp, args| self.call(interp, args))
    }
}

pub(crate) fn builtin(name: &'static str, func: NativeFn) -> Value {
    Value::Builtin(Rc::new(Builtin::new(name, func)))
}

/// A type object whose constructor is a closure (`torch.Tensor`, which also carries factory keywords).
pub fn type_object_with(
    qualname: &'static str,
    func: impl Fn(&mut Interpreter, Args) -> PyResult<Value> + 'static,
) -> Value {
    Value::Builtin(Rc::new(Builtin {
        name: qualname.rsplit('.').next().unwrap_or(qualname),
        func: Box::new(func),
        type_qualname: Some(qualname),
        python: false,
    }))
}

/// A built-in that runs a closure (which carries what its binding table knew: its name, the function it
/// forwards to).
pub fn builtin_with(
    name: &'static str,
    func: impl Fn(&mut Interpreter, Args) -> PyResult<Value> + 'static,
) -> Value {
    closure_builtin(name, func, false)
}

/// A built-in that stands for a function its library writes in Python (see [`Builtin::python`]).
pub fn python_function(
    name: &'static str,
    func: impl Fn(&mut Interpreter, Args) -> PyResult<Value> + 'static,
) -> Value {
    closure_builtin(name, func, true)
}

fn closure_builtin(
    name: &'static str,
    func: impl Fn(&mut Interpreter, Args) -> PyResult<Value> + 'static,
    python: bool,
) -> Value {
    Value::Builtin(Rc::new(Builtin {
        name,
        func: Box::new(func),
        type_qualname: None,
        python,
    }))
}

/// A type object (`int`, `NoneType`, `torch.Tensor`): a built-in that prints as `<class 'qualname'>` and
/// constructs with `ctor`, or refuses to (`cannot create 'NoneType' instances`).
pub fn type_object(qualname: &'static str, ctor: Option<NativeFn>) -> Value {
    // A type without a constructor is one object per name (`type(None) is type(None)`).
    thread_local! {
        static PLAIN: std::cell::RefCell<std::collections::HashMap<&'static str, Value>> = Default::default();
    }
    if ctor.is_none() {
        return PLAIN.with(|p| {
            p.borrow_mut()
                .entry(qualname)
                .or_insert_with(|| new_type_object(qualname, None))
                .clone()
        });
    }
    new_type_object(qualname, ctor)
}

fn new_type_object(qualname: &'static str, ctor: Option<NativeFn>) -> Value {
    let name = qualname.rsplit('.').next().unwrap_or(qualname);
    let func: BuiltinFn = match ctor {
        Some(f) => Box::new(f),
        None => Box::new(move |_: &mut Interpreter, _: Args| {
            Err(type_error(format!("cannot create '{qualname}' instances")))
        }),
    };
    Value::Builtin(Rc::new(Builtin {
        name,
        func,
        type_qualname: Some(qualname),
        python: false,
    }))
}

/// `dict.fromkeys`, which the core finds as an attribute of the `dict` type.
pub(crate) fn dict_fromkeys(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    super::types::dict::FROMKEYS.call(interp, args)
}

/// `float.fromhex`, which the core finds as an attribute of the `float` type.
pub(crate) fn float_fromhex(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    super::types::number::FROMHEX.call(interp, args)
}

/// The built-ins that are types print as classes (`<class 'int'>`).
const TYPES: &[&str] = &[
    "int",
    "float",
    "str",
    "bool",
    "list",
    "dict",
    "tuple",
    "set",
    "frozenset",
    "range",
    "type",
    "slice",
];

pub(crate) fn install(interp: &mut Interpreter) {
    let groups: [&'static [Def]; 6] = [
        &conversions::DEFS,
        &super::descriptors::DEFS,
        &introspection::DEFS,
        &io::DEFS,
        &iteration::DEFS,
        &numbers::DEFS,
    ];
    for def in groups.into_iter().flatten() {
        let name = def.name();
        let value = if TYPES.contains(&name) {
            def.type_value()
        } else {
            def.value()
        };
        interp.builtins.insert(name, value);
    }
    interp.builtins.insert(
        "bytes",
        type_object_with("bytes", super::types::bytes::new_bytes),
    );
    interp.builtins.insert(
        "bytearray",
        type_object_with("bytearray", super::types::bytes::new_bytearray),
    );
    interp.builtins.insert(
        "memoryview",
        type_object_with("memoryview", super::types::bytes::new_memoryview),
    );
    interp.builtins.insert("None", Value::None);
    interp.builtins.insert("True", Value::Bool(true));
    interp.builtins.insert("False", Value::Bool(false));
    interp.builtins.insert("Ellipsis", Value::Ellipsis);
    interp.builtins.insert("NotImplemented", Value::None);
    install_exceptions(interp);
}

/// The exception classes, native-tagged with their own name, in CPython's hierarchy.
fn install_exceptions(interp: &mut Interpreter) {
    let object = Rc::new(Class {
        name: Rc::from("object"),
        bases: vec![],
        attrs: RefCell::new(vec![]),
        native: None,
        slots: None,
    });
    interp
        .exception_classes
        .insert("object", Rc::clone(&object));
    // `object` itself: a base to name (`class A(object)`), a type for isinstance, a sentinel (`object()`).
    interp
        .builtins
        .insert("object", Value::Class(Rc::clone(&object)));
    for kind in ExcKind::BUILTIN {
        let bases = match kind.parent() {
            Some(p) => interp
                .exception_classes
                .get(p.name())
                .map(|c| vec![Rc::clone(c)])
                .unwrap_or_default(),
            None => vec![Rc::clone(&object)],
        };
        let name = kind.name();
        let class = Rc::new(Class {
            name: Rc::from(name),
            bases,
            attrs: RefCell::new(vec![]),
            native: Some(name),
            slots: None,
        });
        interp.exception_classes.insert(name, Rc::clone(&class));
        interp.builtins.insert(name, Value::Class(class));
    }
}

/// An iterator over values already computed (the tutor's iterators are eager).
pub(crate) fn seq_iter(items: Vec<Value>) -> Value {
    Value::Iterator(Rc::new(RefCell::new(super::value::Iter::Seq {
        items: Rc::new(items.into()),
        pos: 0,
    })))
}
