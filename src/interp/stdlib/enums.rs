//! `enum`: `Enum`, `IntEnum` and `auto`, after CPython 3.11's `Lib/enum.py`. A class statement with an
//! enum base makes a class whose members are its instances, one per name in the body (a repeated value
//! makes an alias of the first member); the class iterates, subscripts by name and calls by value through
//! its native slots, as `EnumType` (the metaclass) does in CPython. Members print as 3.11 prints them:
//! `<Color.RED: 1>` and `Color.RED`; an `IntEnum` member is also its int (`str` is the int's).

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator};

use super::super::Interpreter;
use super::super::builtins::builtin_with;
use super::super::error::{PyResult, attribute_error, type_error, value_error};
use super::super::native::{NativeObject, NativeType};
use super::super::value::{Args, Class, HashKey, Instance, Value};

/// Where an enum class keeps its member names, in definition order (aliases left out).
const MEMBER_NAMES: &str = "_member_names_";

pub(crate) struct EnumType {
    int: bool,
}
static ENUM: EnumType = EnumType { int: false };
static INT_ENUM: EnumType = EnumType { int: true };

/// `auto()`: replaced by the next value when the class is made.
struct Auto;
impl NativeObject for Auto {
    fn native_type(&self) -> &'static dyn NativeType {
        &AUTO
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
struct AutoType;
static AUTO: AutoType = AutoType;
impl NativeType for AutoType {
    fn name(&self, _obj: &Value) -> String {
        "auto".into()
    }
}

fn is_auto(v: &Value) -> bool {
    matches!(v, Value::Native(o) if o.as_any().is::<Auto>())
}

pub(super) fn attrs() -> Vec<(&'static str, Value)> {
    let base = |name: &str, bases: Vec<Rc<Class>>, slots: &'static EnumType| {
        Rc::new(Class {
            name: Rc::from(name),
            bases,
            attrs: RefCell::new(vec![(Rc::from(MEMBER_NAMES), Value::tuple(Vec::new()))]),
            native: None,
            slots: Some(slots),
        })
    };
    let enum_class = base("Enum", Vec::new(), &ENUM);
    let int_enum = base("IntEnum", vec![Rc::clone(&enum_class)], &INT_ENUM);
    vec![
        ("Enum", Value::Class(enum_class)),
        ("IntEnum", Value::Class(int_enum)),
        (
            "auto",
            builtin_with("auto", |_, args: Args| {
                if !args.pos.is_empty() || !args.kw.is_empty() {
                    return Err(type_error("auto() takes no arguments"));
                }
                Ok(Value::Native(Rc::new(Auto)))
            }),
        ),
    ]
}

/// The members of an enum class, in definition order.
fn members(class: &Rc<Class>) -> Vec<Value> {
    let names = match class.lookup(MEMBER_NAMES) {
        Some((_, Value::Tuple(t))) => t.to_vec(),
        _ => Vec::new(),
    };
    names
        .iter()
        .filter_map(|n| match n {
            Value::Str(n) => class.lookup(n).map(|(_, v)| v),
            _ => None,
        })
        .collect()
}

/// The member `v` of an enum class: its instance, name and value.
fn member(v: &Value) -> Option<(&Rc<Instance>, Value, Value)> {
    match v {
        Value::Instance(i)
            if i.class()
                .slots()
                .is_some_and(|s| s.name(v) == "enum member") =>
        {
            Some((i, i.get("_name_")?, i.get("_value_")?))
        }
        _ => None,
    }
}

/// An `IntEnum` member as its int; anything else as itself.
fn plain(v: &Value) -> Value {
    match member(v) {
        Some((i, _, value))
            if i.class().slots().is_some_and(|s| {
                std::ptr::eq(
                    s as *const dyn NativeType as *const (),
                    &INT_ENUM as *const EnumType as *const (),
                )
            }) =>
        {
            value
        }
        _ => v.clone(),
    }
}

/// Whether a class-body value becomes a member: not a function, descriptor, class or dunder/sunder name.
fn becomes_member(name: &str, v: &Value) -> bool {
    let sunder = name.len() > 2 && name.starts_with('_') && name.ends_with('_');
    !sunder
        && !name.starts_with("__")
        && !matches!(
            v,
            Value::Function(_) | Value::Descriptor(_) | Value::Class(_) | Value::Builtin(_)
        )
}

impl NativeType for EnumType {
    fn name(&self, obj: &Value) -> String {
        match obj {
            // The core names an instance by its class; this name is what `member` checks.
            Value::Instance(_) => "enum member".into(),
            _ => "enum".into(),
        }
    }

    fn class_created(&self, interp: &mut Interpreter, class: Rc<Class>) -> PyResult<Value> {
        for base in class.mro().iter().skip(1) {
            if !members(base).is_empty() {
                return Err(type_error(format!(
                    "<enum '{}'> cannot extend <enum '{}'>",
                    class.name, base.name
                )));
            }
        }
        let slots: &'static EnumType = if self.int { &INT_ENUM } else { &ENUM };
        let own = class.attrs.borrow().clone();
        let new_class = Rc::new(Class {
            name: Rc::clone(&class.name),
            bases: class.bases.clone(),
            attrs: RefCell::new(Vec::new()),
            native: None,
            slots: Some(slots),
        });
        let mut attrs: Vec<(Rc<str>, Value)> = Vec::new();
        let mut names: Vec<Value> = Vec::new();
        let mut created: Vec<(Value, Value)> = Vec::new();
        for (name, v) in own {
            if let Value::Function(f) = &v
                && f.defining_class
                    .borrow()
                    .as_ref()
                    .is_some_and(|c| Rc::ptr_eq(c, &class))
            {
                *f.defining_class.borrow_mut() = Some(Rc::clone(&new_class));
            }
            if !becomes_member(&name, &v) {
                attrs.push((name, v));
                continue;
            }
            let value = if is_auto(&v) {
                next_value(interp, &created)?
            } else {
                v
            };
            let value = if self.int {
                match value {
                    Value::Int(..) | Value::Bool(_) => value,
                    other => {
                        let int = interp.builtins.get("int").cloned().unwrap_or(Value::None);
                        interp.call_value(int, Args::new(vec![other]))?
                    }
                }
            } else {
                value
            };
            // A value seen before makes an alias of the first member with it.
            let mut alias = None;
            for (v, m) in &created {
                if interp.equals(v, &value)? {
                    alias = Some(m.clone());
                    break;
                }
            }
            let m = match alias {
                Some(m) => m,
                None => {
                    let inst = Rc::new(Instance {
                        class: crate::interp::value::ClassCell::new(Rc::clone(&new_class)),
                        attrs: crate::interp::value::new_attrs(vec![
                            (Rc::from("_name_"), Value::Str(Rc::clone(&name))),
                            (Rc::from("_value_"), value.clone()),
                        ]),
                    });
                    let m = Value::Instance(inst);
                    created.push((value, m.clone()));
                    names.push(Value::Str(Rc::clone(&name)));
                    m
                }
            };
            attrs.push((name, m));
        }
        attrs.push((Rc::from(MEMBER_NAMES), Value::tuple(names)));
        *new_class.attrs.borrow_mut() = attrs;
        Ok(Value::Class(new_class))
    }

    /// `Color['RED']`.
    fn class_get_item(
        &self,
        interp: &mut Interpreter,
        class: &Rc<Class>,
        index: &Value,
    ) -> PyResult<Value> {
        if let Value::Str(name) = index
            && let Some(m) = members(class).into_iter().chain(aliases(class)).find(|m| {
                member(m).is_some_and(|(_, n, _)| matches!(&n, Value::Str(s) if s == name))
            })
        {
            return Ok(m);
        }
        if let Value::Str(name) = index
            && let Some((_, v)) = class.attrs.borrow().iter().find(|(k, _)| k == name)
            && member(v).is_some()
        {
            return Ok(v.clone());
        }
        Err(super::super::exceptions::key_error(interp, index))
    }

    fn class_iterate(&self, _interp: &mut Interpreter, class: &Rc<Class>) -> PyResult<Vec<Value>> {
        Ok(members(class))
    }

    /// `Color(1)`: the member with that value.
    fn construct(
        &self,
        interp: &mut Interpreter,
        class: &Rc<Class>,
        args: &Args,
    ) -> PyResult<Option<Value>> {
        let [value] = args.pos.as_slice() else {
            return Err(type_error(format!(
                "{}() takes 1 positional argument but {} were given",
                class.name,
                args.pos.len()
            )));
        };
        if let Some((i, _, _)) = member(value)
            && Rc::ptr_eq(&i.class(), class)
        {
            return Ok(Some(value.clone()));
        }
        for m in members(class) {
            if let Some((_, _, v)) = member(&m)
                && interp.equals(&v, value)?
            {
                return Ok(Some(m));
            }
        }
        Err(value_error(format!(
            "{} is not a valid {}",
            interp.repr(value)?,
            class.name
        )))
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        Ok(match (member(obj), name) {
            (Some((_, n, _)), "name") => Some(n),
            (Some((_, _, v)), "value") => Some(v),
            _ => None,
        })
    }

    fn set_attr(
        &self,
        _interp: &mut Interpreter,
        _obj: &Value,
        name: &str,
        _value: &Value,
    ) -> PyResult<bool> {
        if matches!(name, "name" | "value" | "_name_" | "_value_") {
            return Err(attribute_error(format!("cannot set attribute '{name}'")));
        }
        Ok(true)
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some((i, Value::Str(n), v)) = member(obj) else {
            return Ok(None);
        };
        Ok(Some(format!(
            "<{}.{n}: {}>",
            i.class().name,
            interp.repr(&v)?
        )))
    }

    fn str(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some((i, Value::Str(n), v)) = member(obj) else {
            return Ok(None);
        };
        if self.int {
            return interp.repr(&v).map(Some);
        }
        Ok(Some(format!("{}.{n}", i.class().name)))
    }

    fn format(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        spec: &str,
    ) -> PyResult<Option<String>> {
        if self.int
            && let Some((_, _, v)) = member(obj)
        {
            return interp.format_value(&v, spec).map(Some);
        }
        Ok(None)
    }

    fn hash_key(&self, obj: &Value) -> PyResult<Option<HashKey>> {
        match member(obj) {
            Some((_, _, v)) if self.int => super::super::ops::hash_key(&v).map(Some),
            // Hashed by class and name, as `Enum.__hash__` hashes the name.
            Some((inst, Value::Str(n), _)) => Ok(Some(HashKey::Tuple(vec![
                HashKey::Id(Rc::as_ptr(&inst.class()) as *const () as usize),
                HashKey::Str(n),
            ]))),
            _ => Ok(None),
        }
    }

    fn compare(
        &self,
        interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        if !self.int {
            return Ok(None);
        }
        let (l, r) = (plain(lhs), plain(rhs));
        if member(&l).is_some() || member(&r).is_some() {
            return Ok(None);
        }
        interp.compare(op, &l, &r).map(Some)
    }

    fn binary_op(
        &self,
        interp: &mut Interpreter,
        op: Operator,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Value> {
        let (l, r) = (plain(lhs), plain(rhs));
        if self.int && member(&l).is_none() && member(&r).is_none() {
            return interp.binary_op(op, l, r);
        }
        Err(type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            super::super::ops::op_symbol(op),
            lhs.type_name(),
            rhs.type_name()
        )))
    }

    fn truth(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<bool> {
        match member(obj) {
            Some((_, _, v)) if self.int => interp.truthy(&v),
            _ => Ok(true),
        }
    }

    fn deep_copy(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<Value>> {
        // Members are singletons.
        Ok(member(obj).map(|_| obj.clone()))
    }

    fn class_repr(&self, class: &Class) -> String {
        format!("<enum '{}'>", class.name)
    }
}

/// Names bound to an earlier member (aliases), which subscripting by name also finds.
fn aliases(class: &Rc<Class>) -> Vec<Value> {
    class
        .attrs
        .borrow()
        .iter()
        .filter(|(_, v)| member(v).is_some())
        .map(|(_, v)| v.clone())
        .collect()
}

/// `_generate_next_value_`: one more than the last value that is a number, else 1.
fn next_value(interp: &mut Interpreter, created: &[(Value, Value)]) -> PyResult<Value> {
    for (v, _) in created.iter().rev() {
        if let Ok(next) = interp.binary_op(Operator::Add, v.clone(), Value::int(1)) {
            return Ok(next);
        }
    }
    Ok(Value::int(1))
}
