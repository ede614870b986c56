//! Exceptions as values (`except E as e`, `str(e)`, matching an `except` clause) and imports.

use std::rc::Rc;

use super::Interpreter;
use super::error::{ExcKind, PyException, PyResult, Unwind, exc, type_error};
use super::value::{Args, Class, Instance, Value};

/// A `KeyError` for `key` that carries the key as its argument, so that `str(e)` is the key's repr as in
/// CPython.
pub(crate) fn key_error(interp: &mut Interpreter, key: &Value) -> Unwind {
    let message = match interp.repr(key) {
        Ok(m) => m,
        Err(e) => return e,
    };
    let mut e = PyException::new(ExcKind::KeyError, message);
    if let Some(class) = interp.exception_classes.get("KeyError").cloned() {
        let inst = Rc::new(Instance {
            class: crate::interp::value::ClassCell::new(class),
            attrs: crate::interp::value::new_attrs(Vec::new()),
        });
        inst.set("args", Value::tuple(vec![key.clone()]));
        e.value = Some(Value::Instance(inst));
    }
    Unwind::Exception(Box::new(e))
}

impl Interpreter {
    pub(crate) fn is_exception_class(&self, c: &Rc<Class>) -> bool {
        match self.exception_classes.get("BaseException") {
            Some(base) => c.is_subclass_of(base),
            None => false,
        }
    }

    /// The kind of an exception class: the built-in class itself, or a class the cell defined (even one
    /// that reuses a built-in name).
    pub(crate) fn exception_kind_of(&self, class: &Rc<Class>) -> ExcKind {
        match ExcKind::builtin(&class.name) {
            Some(k)
                if self
                    .exception_classes
                    .get(k.name())
                    .is_some_and(|c| Rc::ptr_eq(c, class)) =>
            {
                k
            }
            _ => ExcKind::User(Rc::clone(&class.name)),
        }
    }

    /// `str(e)` for an exception instance.
    pub(crate) fn exception_message(&mut self, v: &Value) -> PyResult<String> {
        let Value::Instance(inst) = v else {
            return Ok(String::new());
        };
        if let Some((_, f)) = inst.class().lookup("__str__")
            && matches!(f, Value::Function(_))
        {
            let r = self.call_value(f, Args::new(vec![v.clone()]))?;
            return self.to_str(&r);
        }
        let args = match inst.get("args") {
            Some(Value::Tuple(t)) => t.to_vec(),
            _ => vec![],
        };
        let is_key_error = self
            .exception_classes
            .get("KeyError")
            .is_some_and(|k| inst.class().is_subclass_of(k));
        match args.len() {
            0 => Ok(String::new()),
            1 if is_key_error => self.repr(&args[0]),
            1 => self.to_str(&args[0]),
            _ => self.repr(&Value::tuple(args)),
        }
    }

    /// The exception object for `except E as e`, creating an instance for engine-raised errors.
    pub(crate) fn materialize_exception(&mut self, e: &PyException) -> PyResult<Value> {
        if let Some(v) = &e.value {
            return Ok(v.clone());
        }
        let class = match self.exception_classes.get(e.kind.as_ref()) {
            Some(c) => Rc::clone(c),
            None => self
                .exception_classes
                .get("Exception")
                .cloned()
                .ok_or_else(|| exc(ExcKind::RuntimeError, "internal: no Exception class"))?,
        };
        let inst = Rc::new(Instance {
            class: crate::interp::value::ClassCell::new(class),
            attrs: crate::interp::value::new_attrs(Vec::new()),
        });
        inst.set("args", Value::tuple(vec![Value::str(&e.message)]));
        Ok(Value::Instance(inst))
    }

    pub(crate) fn exception_matches(&mut self, exc_value: &Value, spec: &Value) -> PyResult<bool> {
        let Value::Instance(inst) = exc_value else {
            return Ok(false);
        };
        match spec {
            Value::Class(c) => Ok(inst.class().is_subclass_of(c)),
            Value::Tuple(items) => {
                for s in items.iter() {
                    if self.exception_matches(exc_value, s)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
            _ => Err(type_error(
                "catching classes that do not inherit from BaseException is not allowed",
            )),
        }
    }

    pub(crate) fn import_module(&mut self, name: &str) -> PyResult<Value> {
        if let Some(m) = self.modules.get(name) {
            return Ok(m.clone());
        }
        let top = name.split('.').next().unwrap_or(name);
        let message = format!(
            "No module named '{top}' (the tutor provides torch, torch.nn, torch.nn.functional, math, copy, time, random, collections, itertools, functools, operator, heapq, bisect, string, json, textwrap, dataclasses, typing, enum, warnings, re and statistics)"
        );
        if self.modules.contains_key(top) {
            return Err(exc(
                ExcKind::ModuleNotFoundError,
                format!(
                    "No module named '{name}' (the tutor provides torch, torch.nn, torch.nn.functional, math, copy, time, random, collections, itertools, functools, operator, heapq, bisect, string, json, textwrap, dataclasses, typing, enum, warnings, re and statistics)"
                ),
            ));
        }
        Err(exc(ExcKind::ModuleNotFoundError, message))
    }
}
