//! `collections.namedtuple`: a class whose instances hold their fields as attributes (so `p.x` is an
//! ordinary attribute and a cell may subclass it) and behave as the tuple of those fields through the
//! class's native slots: indexing, unpacking, `len`, comparison, `+`, and CPython's repr
//! `Point(x=1, y=2)`. Argument errors are those of the generated `__new__`.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator};

use super::super::super::Interpreter;
use super::super::super::args::Dialect::PyDef;
use super::super::super::args::Sig;
use super::super::super::builtins::builtin_with;
use super::super::super::error::{PyResult, attribute_error, type_error, value_error};
use super::super::super::native::NativeType;
use super::super::super::value::{Args, Class, Dict, Instance, Value};

const KEYWORDS: [&str; 35] = [
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c == '_' || c.is_alphabetic() => chars.all(|c| c == '_' || c.is_alphanumeric()),
        _ => false,
    }
}

/// The field names of a namedtuple class (its `_fields`).
fn fields_of(class: &Rc<Class>) -> Vec<Rc<str>> {
    match class.lookup("_fields") {
        Some((_, Value::Tuple(t))) => t
            .iter()
            .filter_map(|v| match v {
                Value::Str(s) => Some(Rc::clone(s)),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn instance(v: &Value) -> Option<&Rc<Instance>> {
    match v {
        Value::Instance(i) if i.class().slots().is_some_and(|s| s.name(v) == "namedtuple") => {
            Some(i)
        }
        _ => None,
    }
}

/// The fields' values in order.
fn items_of(inst: &Instance) -> Vec<Value> {
    fields_of(&inst.class())
        .iter()
        .map(|f| inst.get(f).unwrap_or(Value::None))
        .collect()
}

fn as_tuple(v: &Value) -> Option<Value> {
    match v {
        Value::Tuple(_) => Some(v.clone()),
        Value::Size(s) => Some(Value::tuple(s.items())),
        _ => instance(v).map(|i| Value::tuple(items_of(i))),
    }
}

pub(super) struct NamedTupleType;
pub(super) static NAMED_TUPLE: NamedTupleType = NamedTupleType;

impl NativeType for NamedTupleType {
    /// The slots' own name, which [`instance`] checks; the core names an instance by its class.
    fn name(&self, _obj: &Value) -> String {
        "namedtuple".into()
    }

    fn hash_key(&self, obj: &Value) -> PyResult<Option<super::super::super::value::HashKey>> {
        match as_tuple(obj) {
            Some(t) if instance(obj).is_some() => super::super::super::ops::hash_key(&t).map(Some),
            _ => Ok(None),
        }
    }

    fn is_instance(&self, obj: &Value, type_name: &str) -> bool {
        type_name == "tuple" && instance(obj).is_some()
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        Ok(self
            .has_method(obj, name)
            .then(|| Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name))))))
    }

    fn set_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        _value: &Value,
    ) -> PyResult<bool> {
        let Some(inst) = instance(obj) else {
            return Ok(true);
        };
        if fields_of(&inst.class()).iter().any(|f| &**f == name) {
            return Err(attribute_error("can't set attribute"));
        }
        // The generated class has `__slots__ = ()`; a subclass a cell writes has a `__dict__`.
        if inst.class().slots.is_some() {
            return Err(attribute_error(format!(
                "'{}' object has no attribute '{name}'",
                inst.class().name
            )));
        }
        Ok(true)
    }

    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        matches!(name, "_asdict" | "_replace" | "count" | "index")
    }

    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        let Some(inst) = instance(obj) else {
            return Err(type_error("not a namedtuple"));
        };
        let fields = fields_of(&inst.class());
        match name {
            "_asdict" => {
                static SIG: Sig = Sig::new("_asdict(self)", PyDef);
                let mut a = args;
                a.pos.insert(0, obj.clone());
                SIG.bind(a)?;
                let mut d = Dict::default();
                for (f, v) in fields.iter().zip(items_of(inst)) {
                    d.insert(
                        super::super::super::value::HashKey::Str(Rc::clone(f)),
                        Value::Str(Rc::clone(f)),
                        v,
                    )?;
                }
                Ok(Value::Dict(Rc::new(RefCell::new(d))))
            }
            "_replace" => {
                static SIG: Sig = Sig::new("_replace(self, /, **kwds)", PyDef);
                let mut a = args;
                a.pos.insert(0, obj.clone());
                let bound = SIG.bind(a)?;
                let kwds = bound.varkw();
                let unknown: Vec<Value> = kwds
                    .iter()
                    .filter(|(k, _)| !fields.contains(k))
                    .map(|(k, _)| Value::Str(Rc::clone(k)))
                    .collect();
                if !unknown.is_empty() {
                    let shown = interp.repr(&Value::list(unknown))?;
                    return Err(value_error(format!("Got unexpected field names: {shown}")));
                }
                let new = Rc::new(Instance {
                    class: crate::interp::value::ClassCell::new(Rc::clone(&inst.class())),
                    attrs: crate::interp::value::new_attrs(inst.items()),
                });
                for (k, v) in kwds {
                    new.set(&k, v);
                }
                Ok(Value::Instance(new))
            }
            _ => {
                let t = Value::tuple(items_of(inst));
                super::super::super::types::call_method(interp, &t, name, args)
            }
        }
    }

    fn get_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        let t = as_tuple(obj).unwrap_or(Value::tuple(Vec::new()));
        interp.get_item(&t, index.clone())
    }

    fn iterate(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Vec<Value>> {
        Ok(instance(obj).map_or_else(Vec::new, |i| items_of(i)))
    }

    fn len(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<usize> {
        Ok(instance(obj).map_or(0, |i| fields_of(&i.class()).len()))
    }

    fn truth(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<bool> {
        Ok(instance(obj).is_some_and(|i| !fields_of(&i.class()).is_empty()))
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(inst) = instance(obj) else {
            return Ok(None);
        };
        let mut parts = Vec::new();
        for (f, v) in fields_of(&inst.class()).iter().zip(items_of(inst)) {
            parts.push(format!("{f}={}", interp.repr(&v)?));
        }
        Ok(Some(format!("{}({})", inst.class().name, parts.join(", "))))
    }

    fn compare(
        &self,
        interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        match (as_tuple(lhs), as_tuple(rhs)) {
            (Some(a), Some(b)) => interp.compare(op, &a, &b).map(Some),
            _ => Ok(None),
        }
    }

    fn binary_op(
        &self,
        interp: &mut Interpreter,
        op: Operator,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Value> {
        let l = as_tuple(lhs).unwrap_or(lhs.clone());
        let r = as_tuple(rhs).unwrap_or(rhs.clone());
        interp.binary_op(op, l, r)
    }

    fn class_repr(&self, class: &Class) -> String {
        format!("<class '__main__.{}'>", class.name)
    }
}

/// `namedtuple(typename, field_names, *, rename=False, defaults=None, module=None)`.
pub(super) fn namedtuple(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = Sig::new(
        "namedtuple(typename, field_names, *, rename=False, defaults=None, module=None)",
        PyDef,
    );
    let a = SIG.bind(args)?;
    let typename = a.arg(0)?;
    let names: Vec<Value> = match a.arg(1)? {
        Value::Str(s) => s
            .replace(',', " ")
            .split_whitespace()
            .map(Value::str)
            .collect(),
        other => {
            let mut out = Vec::new();
            for v in interp.collect_iter(&other)? {
                out.push(Value::str(&interp.to_str(&v)?));
            }
            out
        }
    };
    let rename = match a.value(2) {
        Some(v) => interp.truthy(&v)?,
        None => false,
    };
    let mut fields: Vec<Rc<str>> = Vec::new();
    for (i, v) in names.iter().enumerate() {
        let Value::Str(s) = v else { continue };
        let bad = !is_identifier(s)
            || KEYWORDS.contains(&&**s)
            || s.starts_with('_')
            || fields.contains(s);
        fields.push(if rename && bad {
            Rc::from(format!("_{i}").as_str())
        } else {
            Rc::clone(s)
        });
    }
    let Value::Str(typename) = typename else {
        return Err(type_error("Type names and field names must be strings"));
    };
    for name in std::iter::once(&typename).chain(fields.iter()) {
        if !is_identifier(name) {
            return Err(value_error(format!(
                "Type names and field names must be valid identifiers: {}",
                interp.repr(&Value::Str(Rc::clone(name)))?
            )));
        }
        if KEYWORDS.contains(&&**name) {
            return Err(value_error(format!(
                "Type names and field names cannot be a keyword: {}",
                interp.repr(&Value::Str(Rc::clone(name)))?
            )));
        }
    }
    let mut seen: Vec<Rc<str>> = Vec::new();
    for name in &fields {
        if name.starts_with('_') && !rename {
            return Err(value_error(format!(
                "Field names cannot start with an underscore: {}",
                interp.repr(&Value::Str(Rc::clone(name)))?
            )));
        }
        if seen.contains(name) {
            return Err(value_error(format!(
                "Encountered duplicate field name: {}",
                interp.repr(&Value::Str(Rc::clone(name)))?
            )));
        }
        seen.push(Rc::clone(name));
    }
    let defaults: Vec<Value> = match a.value(3) {
        Some(Value::None) | None => Vec::new(),
        Some(d) => interp.collect_iter(&d)?,
    };
    if defaults.len() > fields.len() {
        return Err(type_error("Got more default values than field names"));
    }
    let first_default = fields.len() - defaults.len();
    let mut field_defaults = Dict::default();
    for (f, v) in fields[first_default..].iter().zip(&defaults) {
        field_defaults.insert(
            super::super::super::value::HashKey::Str(Rc::clone(f)),
            Value::Str(Rc::clone(f)),
            v.clone(),
        )?;
    }
    // The generated `__new__(_cls, x, y=None)`: its text lives as long as the program (one small
    // string per class a cell defines).
    let params: Vec<String> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| {
            if i >= first_default {
                format!("{f}=None")
            } else {
                f.to_string()
            }
        })
        .collect();
    let text: &'static str =
        Box::leak(format!("{typename}.__new__(_cls, {})", params.join(", ")).into_boxed_str());
    let new_sig: &'static Sig = Box::leak(Box::new(Sig::new(text, PyDef)));
    let init_fields = fields.clone();
    let init = builtin_with("__init__", move |_interp, args: Args| {
        let bound = new_sig.bind(args)?;
        let Some(Value::Instance(this)) = bound.value(0) else {
            return Err(type_error("__new__ needs an instance"));
        };
        for (i, f) in init_fields.iter().enumerate() {
            let v = match bound.value(i + 1) {
                Some(v) => v,
                None => defaults[i - first_default].clone(),
            };
            this.set(f, v);
        }
        Ok(Value::None)
    });
    let class = Rc::new(Class {
        name: Rc::clone(&typename),
        bases: Vec::new(),
        attrs: RefCell::new(vec![
            (
                Rc::from("_fields"),
                Value::tuple(fields.iter().map(|f| Value::Str(Rc::clone(f))).collect()),
            ),
            (
                Rc::from("_field_defaults"),
                Value::Dict(Rc::new(RefCell::new(field_defaults))),
            ),
            (Rc::from("__init__"), init),
        ]),
        native: None,
        slots: Some(&NAMED_TUPLE),
    });
    // `_make(iterable)`: a class method; the class is held weakly so it can be dropped.
    let weak = Rc::downgrade(&class);
    let make = builtin_with("_make", move |interp, args: Args| {
        let Some(class) = weak.upgrade() else {
            return Err(type_error("the class is gone"));
        };
        let Some(src) = args.pos.first() else {
            return Err(type_error(
                "_make() missing 1 required positional argument: 'iterable'",
            ));
        };
        let items = interp.collect_iter(src)?;
        let n = fields_of(&class).len();
        if items.len() != n {
            return Err(type_error(format!(
                "Expected {n} arguments, got {}",
                items.len()
            )));
        }
        interp.call_value(Value::Class(class), Args::new(items))
    });
    class.attrs.borrow_mut().push((Rc::from("_make"), make));
    Ok(Value::Class(class))
}
