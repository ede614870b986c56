//! Calls: Python functions (binding arguments to parameters), built-ins, bound methods, native
//! methods, and classes (instantiation).

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::Ranged;

use super::error::{ExcKind, PyResult, Unwind, exc, type_error};
use super::stmt::{ScopeRef, function_scope};
use super::value::{Args, Class, Dict, Function, Instance, Value};
use super::{FrameCtx, Interpreter};

impl Interpreter {
    pub fn call_value(&mut self, func: Value, args: Args) -> PyResult<Value> {
        match func {
            Value::Function(f) => self.call_function(&f, args),
            Value::Builtin(b) => (b.func)(self, args),
            Value::BoundMethod(bm) => {
                let (recv, f) = (&bm.0, &bm.1);
                let mut args = args;
                args.pos.insert(0, recv.clone());
                self.call_value(f.clone(), args)
            }
            Value::NativeMethod(m) => {
                let (recv, name) = (&m.0, &m.1);
                self.call_native_method(recv.clone(), name, args)
            }
            Value::Class(c) => self.instantiate(&c, args),
            // Python 3.10 made staticmethod objects callable.
            Value::Descriptor(ref d)
                if let super::descriptors::Descriptor::Static(f) = d.as_ref() =>
            {
                let f = f.clone();
                self.call_value(f, args)
            }
            Value::Instance(inst) => match inst.class().lookup("__call__") {
                Some((_, f)) => {
                    let mut args = args;
                    args.pos.insert(0, Value::Instance(Rc::clone(&inst)));
                    self.call_value(f, args)
                }
                None => Err(type_error(format!(
                    "'{}' object is not callable",
                    inst.class().name
                ))),
            },
            Value::Native(ref o) => {
                let slots = o.native_type();
                slots.call(self, &func, args)
            }
            other => Err(type_error(format!(
                "'{}' object is not callable",
                other.type_name()
            ))),
        }
    }

    /// Whether `obj.name` would be a native method (a method of a built-in type, or one a native type runs):
    /// then `obj.name(...)` may call it directly.
    pub(super) fn has_native_method(&self, obj: &Value, name: &str) -> bool {
        if super::attrs::forbidden_attr(name) {
            return false;
        }
        match obj {
            _ if super::types::is_builtin_type(obj) => super::types::has_method(obj, name),
            Value::Tensor(_) | Value::Native(_) => self
                .native_type(obj)
                .is_some_and(|ty| ty.has_method(obj, name)),
            _ => false,
        }
    }

    pub(super) fn call_native_method(
        &mut self,
        recv: Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        match &recv {
            _ if super::types::is_builtin_type(&recv) => {
                super::types::call_method(self, &recv, name, args)
            }
            Value::Builtin(b)
                if b.type_qualname == Some("torch.Tensor")
                    && let Some(ty) = self.engine_types.tensor =>
            {
                let mut args = args;
                let this = if args.pos.is_empty() {
                    None
                } else {
                    Some(args.pos.remove(0))
                };
                match this {
                    Some(t @ Value::Tensor(_)) if ty.has_method(&t, name) => {
                        ty.call_method(self, &t, name, args)
                    }
                    Some(Value::Tensor(_)) => Err(exc(
                        ExcKind::TypeError,
                        format!("'getset_descriptor' object is not callable (torch.Tensor.{name})"),
                    )),
                    Some(other) => Err(exc(
                        ExcKind::TypeError,
                        format!(
                            "descriptor '{name}' for 'torch._C.TensorBase' objects doesn't apply to a '{}' object",
                            other.type_name()
                        ),
                    )),
                    None => Err(exc(
                        ExcKind::TypeError,
                        format!("unbound method TensorBase.{name}() needs an argument"),
                    )),
                }
            }
            Value::Builtin(b) if b.type_qualname.is_some() => {
                super::types::call_unbound(self, b.name, name, args)
            }
            _ if let Some(ty) = self.native_type(&recv) => ty.call_method(self, &recv, name, args),
            _ => Err(exc(
                ExcKind::AttributeError,
                format!("'{}' object has no attribute '{}'", recv.type_name(), name),
            )),
        }
    }

    /// The recursion limit, checked before a Python function's frame is entered.
    pub(super) fn check_depth(&self) -> PyResult<()> {
        if self.frames.len() >= self.limits.max_depth {
            return Err(exc(
                ExcKind::RecursionError,
                "maximum recursion depth exceeded",
            ));
        }
        Ok(())
    }

    /// Enters `f`'s frame (for tracebacks); the caller pops it.
    pub(super) fn push_frame(&mut self, f: &Function) {
        self.frames.push(FrameCtx {
            function: Rc::clone(&f.name),
            file: Rc::clone(&f.file),
            lines: Rc::clone(&f.line_index),
            call_offset: self.current_offset,
        });
    }

    pub(crate) fn call_function(&mut self, f: &Rc<Function>, args: Args) -> PyResult<Value> {
        self.check_depth()?;
        let scope = function_scope(f);
        self.bind_args(f, args, &scope)?;
        if let Some(class) = f.defining_class.borrow().as_ref() {
            let first = f
                .params
                .first()
                .and_then(|p| scope.borrow().vars.get(&p.name).cloned());
            let mut s = scope.borrow_mut();
            s.vars
                .insert(Rc::from("__class__"), Value::Class(Rc::clone(class)));
            if let Some(this) = first {
                s.vars.insert(Rc::from("__self__"), this);
            }
        }
        if let Some(sites) = &f.generator {
            return self.make_generator(f, sites, scope);
        }
        self.push_frame(f);
        let result = match &f.expr_body {
            // A lambda's body is its line (warnings and tracebacks inside it name it); the caller's
            // line is back in force once it returns.
            Some(e) => {
                let caller = self.current_offset;
                self.current_offset = usize::from(e.range().start());
                let value = self.eval(e, &scope);
                self.current_offset = caller;
                value
            }
            None => match self.exec_block(&f.body, &scope) {
                Ok(()) => Ok(Value::None),
                Err(Unwind::Return(v)) => Ok(v),
                Err(e) => Err(e),
            },
        };
        self.frames.pop();
        result
    }

    pub(super) fn bind_args(&mut self, f: &Function, args: Args, scope: &ScopeRef) -> PyResult<()> {
        let qualname = f.qualname();
        let mut s = scope.borrow_mut();
        let positional: Vec<&super::value::Param> =
            f.params.iter().filter(|p| !p.kw_only).collect();
        let mut extra = Vec::new();
        for (i, v) in args.pos.into_iter().enumerate() {
            match positional.get(i) {
                Some(p) => {
                    s.vars.insert(Rc::clone(&p.name), v);
                }
                None => extra.push(v),
            }
        }
        if !extra.is_empty() {
            match &f.vararg {
                Some(name) => {
                    s.vars.insert(Rc::clone(name), Value::tuple(extra));
                }
                None => {
                    return Err(type_error(format!(
                        "{}() takes {} positional argument{} but {} were given",
                        qualname,
                        positional.len(),
                        if positional.len() == 1 { "" } else { "s" },
                        positional.len() + extra.len()
                    )));
                }
            }
        } else if let Some(name) = &f.vararg {
            s.vars.insert(Rc::clone(name), Value::tuple(vec![]));
        }
        let mut kwargs = Dict::default();
        for (k, v) in args.kw {
            if let Some(p) = f.params.iter().find(|p| p.name == k) {
                if s.vars.contains_key(&p.name) {
                    return Err(type_error(format!(
                        "{}() got multiple values for argument '{}'",
                        qualname, k
                    )));
                }
                s.vars.insert(Rc::clone(&p.name), v);
            } else if f.kwarg.is_some() {
                kwargs.insert(super::value::HashKey::Str(Rc::clone(&k)), Value::Str(k), v)?;
            } else {
                return Err(type_error(format!(
                    "{}() got an unexpected keyword argument '{}'",
                    f.name, k
                )));
            }
        }
        if let Some(name) = &f.kwarg {
            s.vars
                .insert(Rc::clone(name), Value::Dict(Rc::new(RefCell::new(kwargs))));
        }
        let mut missing = Vec::new();
        for p in &f.params {
            if !s.vars.contains_key(&p.name) {
                match &p.default {
                    Some(d) => {
                        s.vars.insert(Rc::clone(&p.name), d.clone());
                    }
                    None => missing.push(format!("'{}'", p.name)),
                }
            }
        }
        if !missing.is_empty() {
            let list = match missing.len() {
                1 => missing[0].clone(),
                2 => format!("{} and {}", missing[0], missing[1]),
                _ => {
                    let (last, rest) = missing
                        .split_last()
                        .map(|(l, r)| (l.clone(), r.to_vec()))
                        .unwrap_or_default();
                    format!("{}, and {}", rest.join(", "), last)
                }
            };
            return Err(type_error(format!(
                "{}() missing {} required positional argument{}: {}",
                qualname,
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                list
            )));
        }
        Ok(())
    }

    pub(super) fn instantiate(&mut self, class: &Rc<Class>, args: Args) -> PyResult<Value> {
        // A native class itself (not a subclass the cell wrote) is built by its binding.
        if let Some(ty) = class.slots
            && let Some(v) = ty.construct(self, class, &args)?
        {
            return Ok(v);
        }
        let inst = Rc::new(Instance {
            class: crate::interp::value::ClassCell::new(Rc::clone(class)),
            attrs: crate::interp::value::new_attrs(Vec::new()),
        });
        let this = Value::Instance(Rc::clone(&inst));
        if self.is_exception_class(class) {
            inst.set("args", Value::tuple(args.pos.clone()));
        }
        match class.lookup("__init__") {
            Some((_, init)) => {
                let mut a = args;
                a.pos.insert(0, this.clone());
                let r = self.call_value(init, a)?;
                if !matches!(r, Value::None) {
                    return Err(type_error(format!(
                        "__init__() should return None, not '{}'",
                        r.type_name()
                    )));
                }
            }
            None => {
                if !self.is_exception_class(class) && (!args.pos.is_empty() || !args.kw.is_empty())
                {
                    return Err(type_error(format!("{}() takes no arguments", class.name)));
                }
            }
        }
        Ok(this)
    }
}
