//! Attributes: `obj.name` and `obj.name = value` for instances, classes, modules and native values,
//! with the sandbox's refusal of the classic dunder escapes.

use super::descriptors;
use std::rc::Rc;

use super::Interpreter;
use super::error::{ExcKind, PyResult, exc};
use super::value::Value;

/// Attribute names a cell may not touch: the classic escapes from a Python sandbox.
pub(super) fn forbidden_attr(name: &str) -> bool {
    name.starts_with("__")
        && name.ends_with("__")
        && !matches!(
            name,
            "__init__"
                | "__call__"
                | "__name__"
                | "__class__"
                | "__len__"
                | "__getitem__"
                | "__repr__"
                | "__str__"
                | "__doc__"
                | "__eq__"
                | "__add__"
                | "__iter__"
                | "__next__"
                | "__contains__"
                | "__version__"
        )
}

pub(super) fn unreachable_attr(obj: &Value, name: &str) -> PyResult<Value> {
    Err(exc(
        ExcKind::AttributeError,
        format!("'{}' object has no attribute '{}'", obj.type_name(), name),
    ))
}

pub(super) fn bind(obj: &Value, v: Value) -> Value {
    match v {
        Value::Function(_) | Value::Builtin(_) => Value::BoundMethod(Rc::new((obj.clone(), v))),
        other => other,
    }
}

/// Why an instance of one of the engine's own classes has no `__dict__` here.
pub(crate) fn no_instance_dict(obj: &Value) -> super::error::Unwind {
    exc(
        ExcKind::NotImplementedError,
        format!(
            "the tutor keeps the attributes of a '{}' object elsewhere: its built-in classes (torch.nn modules, named tuples, exceptions) have no __dict__ here",
            obj.type_name()
        ),
    )
}

impl Interpreter {
    /// `obj.__dict__` of an instance of a Python class: the live dict of its attributes. Instances of
    /// the engine's own classes (modules, named tuples, exceptions) keep theirs elsewhere and have none.
    pub(crate) fn instance_dict(&self, obj: &Value) -> Option<Value> {
        match obj {
            Value::Instance(inst)
                if inst.class().slots().is_none_or(|t| t.has_instance_dict())
                    && !self.is_exception_class(&inst.class()) =>
            {
                Some(Value::Dict(Rc::clone(&inst.attrs)))
            }
            _ => None,
        }
    }

    pub fn get_attr(&mut self, obj: &Value, name: &str) -> PyResult<Value> {
        if name == "__dict__" && matches!(obj, Value::Instance(_)) {
            return self.instance_dict(obj).ok_or_else(|| no_instance_dict(obj));
        }
        if forbidden_attr(name) {
            return Err(exc(
                ExcKind::AttributeError,
                format!("the tutor's sandbox does not allow access to '{name}'"),
            ));
        }
        if name == "__class__" && !matches!(obj, Value::Instance(_)) {
            return super::builtins::type_of_value(self, obj);
        }
        match obj {
            Value::Instance(inst) => {
                // A property is a data descriptor: it wins over the instance's own attributes.
                if let Some(d) = descriptors::property_of(&inst.class(), name) {
                    let class = Value::Class(Rc::clone(&inst.class()));
                    return descriptors::on_instance(self, &d, obj, class, name);
                }
                let class_attr = inst.class().lookup(name).map(|(_, v)| v);
                if let Some(v) = inst.get(name) {
                    return Ok(v);
                }
                if name == "__class__" {
                    return Ok(Value::Class(Rc::clone(&inst.class())));
                }
                if let Some(Value::Descriptor(d)) = &class_attr {
                    let class = Value::Class(Rc::clone(&inst.class()));
                    return descriptors::on_instance(self, d, obj, class, name);
                }
                if let Some(v) = class_attr {
                    return Ok(bind(obj, v));
                }
                if let Some(ty) = inst.class().slots()
                    && let Some(v) = ty.get_attr(self, obj, name)?
                {
                    return Ok(v);
                }
                Err(exc(
                    ExcKind::AttributeError,
                    format!("'{}' object has no attribute '{}'", inst.class().name, name),
                ))
            }
            Value::Class(c) => {
                if name == "__name__" {
                    return Ok(Value::str(&c.name));
                }
                match c.lookup(name) {
                    Some((_, Value::Descriptor(d))) => {
                        let this = Value::Descriptor(Rc::clone(&d));
                        Ok(descriptors::on_class(&d, obj.clone(), this))
                    }
                    Some((_, v)) => Ok(v),
                    None => Err(exc(
                        ExcKind::AttributeError,
                        format!("type object '{}' has no attribute '{}'", c.name, name),
                    )),
                }
            }
            Value::Super(s) => {
                let (class, this) = (&s.0, &s.1);
                let mro = match this {
                    Value::Instance(i) => i.class().mro(),
                    // `super()` in a classmethod: the class it was called on.
                    Value::Class(c) => c.mro(),
                    _ => class.mro(),
                };
                let pos = mro.iter().position(|c| Rc::ptr_eq(c, class)).unwrap_or(0);
                for c in mro.iter().skip(pos + 1) {
                    let found = c
                        .attrs
                        .borrow()
                        .iter()
                        .find(|(k, _)| &**k == name)
                        .map(|(_, v)| v.clone());
                    match found {
                        Some(Value::Descriptor(d)) => {
                            let class = match this {
                                Value::Instance(i) => Value::Class(Rc::clone(&i.class())),
                                other => other.clone(),
                            };
                            return match this {
                                Value::Instance(_) => {
                                    descriptors::on_instance(self, &d, this, class, name)
                                }
                                _ => Ok(descriptors::on_class(
                                    &d,
                                    class,
                                    Value::Descriptor(Rc::clone(&d)),
                                )),
                            };
                        }
                        Some(v) => return Ok(bind(this, v)),
                        None => {}
                    }
                }
                if name == "__init__" {
                    // object.__init__
                    return Ok(Value::Builtin(Rc::new(super::value::Builtin::new(
                        "__init__",
                        |_, _| Ok(Value::None),
                    ))));
                }
                Err(exc(
                    ExcKind::AttributeError,
                    format!("'super' object has no attribute '{name}'"),
                ))
            }
            Value::Module(m) => m.attrs.get(name).cloned().ok_or_else(|| {
                exc(
                    ExcKind::AttributeError,
                    format!(
                        "module '{}' has no attribute '{}' (or the tutor does not provide it yet)",
                        m.name, name
                    ),
                )
            }),
            Value::Descriptor(d) => descriptors::attr(d, name),
            Value::Builtin(b) if name == "__name__" => Ok(Value::str(b.name)),
            Value::Builtin(b) if b.name == "dict" && name == "fromkeys" => Ok(
                super::builtins::builtin("fromkeys", super::builtins::dict_fromkeys),
            ),
            Value::Builtin(b) if b.name == "float" && name == "fromhex" => Ok(
                super::builtins::builtin("fromhex", super::builtins::float_fromhex),
            ),
            // `torch.Tensor.add`, `hasattr(torch.Tensor, "shape")`: the tensor type's methods and
            // properties, unbound (a method is then called with its tensor first).
            Value::Builtin(b)
                if b.type_qualname == Some("torch.Tensor")
                    && let Some(ty) = self.engine_types.tensor
                    && ty.attribute_names(obj).iter().any(|n| n == name) =>
            {
                Ok(Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name)))))
            }
            Value::Builtin(b)
                if b.type_qualname.is_some() && super::types::has_unbound_method(b.name, name) =>
            {
                Ok(Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name)))))
            }
            Value::Function(f) => match name {
                "__name__" => Ok(Value::Str(Rc::clone(&f.name))),
                _ => Err(exc(
                    ExcKind::AttributeError,
                    format!("'function' object has no attribute '{name}'"),
                )),
            },
            Value::Tensor(_) | Value::DType(_) | Value::Native(_) => match self.native_type(obj) {
                Some(ty) => match ty.get_attr(self, obj, name)? {
                    Some(v) => Ok(v),
                    None => Err(exc(
                        ExcKind::AttributeError,
                        format!("'{}' object has no attribute '{}'", ty.name(obj), name),
                    )),
                },
                None => unreachable_attr(obj, name),
            },
            Value::Int(i, _) if name == "real" => Ok(Value::int(*i)),
            Value::Float(f) if name == "real" => Ok(Value::Float(*f)),
            Value::Slice(s) => match name {
                "start" => Ok(s.0.clone()),
                "stop" => Ok(s.1.clone()),
                "step" => Ok(s.2.clone()),
                _ => unreachable_attr(obj, name),
            },
            _ => {
                if super::types::has_method(obj, name) {
                    Ok(Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name)))))
                } else {
                    unreachable_attr(obj, name)
                }
            }
        }
    }

    pub fn set_attr(&mut self, obj: &Value, name: &str, value: Value) -> PyResult<()> {
        if forbidden_attr(name) {
            return Err(exc(
                ExcKind::AttributeError,
                format!("the tutor's sandbox does not allow setting '{name}'"),
            ));
        }
        match obj {
            Value::Instance(inst) => {
                if let Some(d) = descriptors::property_of(&inst.class(), name) {
                    return descriptors::set(self, &d, obj, name, value);
                }
                // A native class (an nn module) sees the assignment first, to register a submodule or
                // refuse a bad parameter, and says whether the instance should store it.
                let store = match inst.class().slots() {
                    Some(ty) => ty.set_attr(self, obj, name, &value)?,
                    None => true,
                };
                if store {
                    inst.set(name, value);
                }
                Ok(())
            }
            Value::Class(c) => {
                let mut attrs = c.attrs.borrow_mut();
                if let Some(slot) = attrs.iter_mut().find(|(k, _)| &**k == name) {
                    slot.1 = value;
                } else {
                    attrs.push((Rc::from(name), value));
                }
                Ok(())
            }
            _ if let Some(ty) = self.native_type(obj) => {
                ty.set_attr(self, obj, name, &value)?;
                Ok(())
            }
            _ => Err(exc(
                ExcKind::AttributeError,
                format!("'{}' object has no attribute '{}'", obj.type_name(), name),
            )),
        }
    }

    /// `del obj.name` and `delattr(obj, name)`.
    pub(crate) fn del_attr(&mut self, obj: &Value, name: &str) -> PyResult<()> {
        if forbidden_attr(name) {
            return Err(exc(
                ExcKind::AttributeError,
                format!("the tutor's sandbox does not allow deleting '{name}'"),
            ));
        }
        match obj {
            Value::Instance(inst) => {
                if let Some(d) = descriptors::property_of(&inst.class(), name) {
                    return descriptors::delete(self, &d, obj, name);
                }
                if inst.remove(name) {
                    return Ok(());
                }
                Err(exc(
                    ExcKind::AttributeError,
                    format!("'{}' object has no attribute '{}'", inst.class().name, name),
                ))
            }
            Value::Class(c) => {
                if remove_named(&c.attrs, name) {
                    return Ok(());
                }
                Err(exc(
                    ExcKind::AttributeError,
                    format!("type object '{}' has no attribute '{}'", c.name, name),
                ))
            }
            _ => unreachable_attr(obj, name).map(|_| ()),
        }
    }
}

/// Removes the attribute `name` from an ordered attribute list; false when it was not there.
fn remove_named(attrs: &std::cell::RefCell<Vec<(Rc<str>, Value)>>, name: &str) -> bool {
    let mut attrs = attrs.borrow_mut();
    match attrs.iter().position(|(k, _)| &**k == name) {
        Some(i) => {
            attrs.remove(i);
            true
        }
        None => false,
    }
}
