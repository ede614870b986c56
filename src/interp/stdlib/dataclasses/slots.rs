//! The native slots of dataclass instances: the `__repr__`, `__eq__`, ordering, `__hash__` and frozen
//! `__setattr__` that CPython's `dataclasses` generates, each as its class's parameters ask.

use std::rc::Rc;

use rustpython_parser::ast::CmpOp;

use super::super::super::Interpreter;
use super::super::super::error::{PyResult, type_error};
use super::super::super::native::NativeType;
use super::super::super::ops::hash_key;
use super::super::super::value::{HashKey, Instance, Value};
use super::{Info, field_values, frozen_error, instance_info};

pub(crate) struct DataclassType;
pub(crate) static DATACLASS: DataclassType = DataclassType;

/// The values of the fields that take part in comparisons (`compare=True`), as a tuple.
fn compared(inst: &Instance, info: &Info) -> PyResult<Value> {
    let values = field_values(inst, info)?;
    Ok(Value::tuple(
        info.fields
            .iter()
            .zip(values)
            .filter(|(f, _)| f.compare)
            .map(|(_, v)| v)
            .collect(),
    ))
}

impl NativeType for DataclassType {
    fn has_instance_dict(&self) -> bool {
        true
    }

    fn name(&self, obj: &Value) -> String {
        match obj {
            Value::Instance(i) => i.class().name.to_string(),
            _ => "object".into(),
        }
    }

    fn set_attr(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        _value: &Value,
    ) -> PyResult<bool> {
        match instance_info(obj) {
            Some((_, info)) if info.params.frozen => Err(frozen_error(
                interp,
                format!("cannot assign to field '{name}'"),
            )),
            _ => Ok(true),
        }
    }

    /// `eq=True`: unhashable unless frozen (or `unsafe_hash`), then the hash of the compared fields;
    /// `eq=False`: by identity.
    fn hash_key(&self, obj: &Value) -> PyResult<Option<HashKey>> {
        let Some((inst, info)) = instance_info(obj) else {
            return Ok(None);
        };
        let p = info.params;
        if p.unsafe_hash || (p.eq && p.frozen) {
            let values = field_values(inst, &info)?;
            let hashed: Vec<Value> = info
                .fields
                .iter()
                .zip(values)
                .filter(|(f, _)| f.hash.unwrap_or(f.compare))
                .map(|(_, v)| v)
                .collect();
            return hash_key(&Value::tuple(hashed)).map(Some);
        }
        if p.eq {
            return Err(type_error(format!(
                "unhashable type: '{}'",
                inst.class().name
            )));
        }
        Ok(None)
    }

    /// `==` and `!=` with `eq=True`, the orderings with `order=True`, between instances of the very same
    /// class (anything else is `NotImplemented`).
    fn compare(
        &self,
        interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        let (Some((a, info)), Some((b, _))) = (instance_info(lhs), instance_info(rhs)) else {
            return Ok(None);
        };
        if !Rc::ptr_eq(&a.class(), &b.class()) {
            return Ok(None);
        }
        let wanted = match op {
            CmpOp::Eq | CmpOp::NotEq => info.params.eq,
            _ => info.params.order,
        };
        if !wanted {
            return Ok(None);
        }
        let (x, y) = (compared(a, &info)?, compared(b, &info)?);
        interp.compare(op, &x, &y).map(Some)
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some((inst, info)) = instance_info(obj) else {
            return Ok(None);
        };
        if !info.params.repr {
            return Ok(None);
        }
        // A dataclass that contains itself prints `...` there, as `reprlib.recursive_repr` makes it.
        let id = Rc::as_ptr(inst) as *const () as usize;
        if interp.repr_stack.contains(&id) {
            return Ok(Some("...".into()));
        }
        interp.repr_stack.push(id);
        let result = (|| {
            let mut parts = Vec::new();
            for f in info.fields.iter().filter(|f| f.repr) {
                let v = inst.get(&f.name).ok_or_else(|| {
                    super::super::super::error::attribute_error(format!(
                        "'{}' object has no attribute '{}'",
                        inst.class().name,
                        f.name
                    ))
                })?;
                parts.push(format!("{}={}", f.name, interp.repr(&v)?));
            }
            Ok(format!("{}({})", inst.class().name, parts.join(", ")))
        })();
        interp.repr_stack.pop();
        result.map(Some)
    }

    fn class_repr(&self, class: &super::super::super::value::Class) -> String {
        format!("<class '__main__.{}'>", class.name)
    }
}
