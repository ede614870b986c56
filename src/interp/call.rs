//! Calls, classes and instances, attributes, items, iteration, exceptions and imports.

use std::cell::RefCell;
use std::rc::Rc;

use super::error::{ExcKind, PyException, PyResult, Unwind, exc, type_error};
use super::stmt::{ScopeRef, function_scope};
use super::value::{Args, Class, Dict, Function, Instance, Iter, Value};
use super::{FrameCtx, Interpreter, ops};

/// Attribute names a cell may not touch: the classic escapes from a Python sandbox.
fn forbidden_attr(name: &str) -> bool {
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
                | "__contains__"
        )
}

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
            Value::Instance(inst) => match inst.class.lookup("__call__") {
                Some((_, f)) => {
                    let mut args = args;
                    args.pos.insert(0, Value::Instance(Rc::clone(&inst)));
                    self.call_value(f, args)
                }
                None => Err(type_error(format!(
                    "'{}' object is not callable",
                    inst.class.name
                ))),
            },
            other => Err(type_error(format!(
                "'{}' object is not callable",
                other.type_name()
            ))),
        }
    }

    fn call_native_method(&mut self, recv: Value, name: &str, args: Args) -> PyResult<Value> {
        match &recv {
            _ if super::types::is_builtin_type(&recv) => {
                super::types::call_method(self, &recv, name, args)
            }
            _ if let Some(ty) = self.native_type(&recv) => ty.call_method(self, &recv, name, args),
            _ => Err(exc(
                ExcKind::AttributeError,
                format!("'{}' object has no attribute '{}'", recv.type_name(), name),
            )),
        }
    }

    pub(crate) fn call_function(&mut self, f: &Rc<Function>, args: Args) -> PyResult<Value> {
        if self.frames.len() >= self.limits.max_depth {
            return Err(exc(
                ExcKind::RecursionError,
                "maximum recursion depth exceeded",
            ));
        }
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
        self.frames.push(FrameCtx {
            function: Rc::clone(&f.name),
            file: Rc::clone(&f.file),
            lines: Rc::clone(&f.line_index),
        });
        let result = match &f.expr_body {
            Some(e) => self.eval(e, &scope),
            None => match self.exec_block(&f.body, &scope) {
                Ok(()) => Ok(Value::None),
                Err(Unwind::Return(v)) => Ok(v),
                Err(e) => Err(e),
            },
        };
        self.frames.pop();
        result
    }

    fn bind_args(&mut self, f: &Function, args: Args, scope: &ScopeRef) -> PyResult<()> {
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
                kwargs.insert(super::value::HashKey::Str(Rc::clone(&k)), Value::Str(k), v);
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

    fn instantiate(&mut self, class: &Rc<Class>, args: Args) -> PyResult<Value> {
        // A native class itself (not a subclass the cell wrote) is built by its binding.
        if let Some(ty) = class.slots
            && let Some(v) = ty.construct(self, class, &args)?
        {
            return Ok(v);
        }
        let inst = Rc::new(Instance {
            class: Rc::clone(class),
            attrs: RefCell::new(Vec::new()),
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

    // ---- attributes -------------------------------------------------------------------------------------

    pub fn get_attr(&mut self, obj: &Value, name: &str) -> PyResult<Value> {
        if forbidden_attr(name) {
            return Err(exc(
                ExcKind::AttributeError,
                format!("the tutor's sandbox does not allow access to '{name}'"),
            ));
        }
        match obj {
            Value::Instance(inst) => {
                if let Some(v) = inst.get(name) {
                    return Ok(v);
                }
                if name == "__class__" {
                    return Ok(Value::Class(Rc::clone(&inst.class)));
                }
                if let Some((_, v)) = inst.class.lookup(name) {
                    return Ok(bind(obj, v));
                }
                if let Some(ty) = inst.class.slots()
                    && let Some(v) = ty.get_attr(self, obj, name)?
                {
                    return Ok(v);
                }
                Err(exc(
                    ExcKind::AttributeError,
                    format!("'{}' object has no attribute '{}'", inst.class.name, name),
                ))
            }
            Value::Class(c) => {
                if name == "__name__" {
                    return Ok(Value::str(&c.name));
                }
                match c.lookup(name) {
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
                    Value::Instance(i) => i.class.mro(),
                    _ => class.mro(),
                };
                let pos = mro.iter().position(|c| Rc::ptr_eq(c, class)).unwrap_or(0);
                for c in mro.iter().skip(pos + 1) {
                    if let Some((_, v)) = c.attrs.borrow().iter().find(|(k, _)| &**k == name) {
                        return Ok(bind(this, v.clone()));
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
            Value::Builtin(b) if name == "__name__" => Ok(Value::str(b.name)),
            Value::Builtin(b) if b.name == "dict" && name == "fromkeys" => Ok(
                super::builtins::builtin("fromkeys", super::builtins::dict_fromkeys),
            ),
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
            Value::Int(i) if name == "real" => Ok(Value::Int(*i)),
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
                // A native class (an nn module) sees the assignment first, to register a submodule or
                // refuse a bad parameter, and says whether the instance should store it.
                let store = match inst.class.slots() {
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

    // ---- items ------------------------------------------------------------------------------------------

    pub fn get_item(&mut self, obj: &Value, index: Value) -> PyResult<Value> {
        match obj {
            Value::List(l) => {
                let items = l.borrow();
                self.seq_get(&items, &index, "list")
            }
            Value::Tuple(t) => self.seq_get(t, &index, "tuple"),
            Value::Size(s) => {
                let items: Vec<Value> = s.iter().map(|&d| Value::Int(d as i64)).collect();
                match self.seq_get(&items, &index, "tuple")? {
                    Value::Tuple(t) => Ok(Value::Size(Rc::new(
                        t.iter()
                            .map(|v| {
                                if let Value::Int(i) = v {
                                    *i as usize
                                } else {
                                    0
                                }
                            })
                            .collect(),
                    ))),
                    v => Ok(v),
                }
            }
            Value::Str(s) => {
                let chars: Vec<Value> = s.chars().map(|c| Value::str(&c.to_string())).collect();
                match self.seq_get(&chars, &index, "string")? {
                    Value::List(l) => {
                        let joined: String = l
                            .borrow()
                            .iter()
                            .map(|v| {
                                if let Value::Str(c) = v {
                                    c.to_string()
                                } else {
                                    String::new()
                                }
                            })
                            .collect();
                        Ok(Value::str(&joined))
                    }
                    v => Ok(v),
                }
            }
            Value::Range(start, stop, step) => {
                let items: Vec<Value> = range_values(*start, *stop, *step)
                    .into_iter()
                    .map(Value::Int)
                    .collect();
                self.seq_get(&items, &index, "range")
            }
            Value::Dict(d) => {
                let key = ops::hash_key(&index)?;
                match d.borrow().get(&key) {
                    Some(v) => Ok(v.clone()),
                    None => Err(Unwind::Exception(Box::new(key_error(self, &index)?))),
                }
            }
            Value::Instance(inst) if let Some((_, f)) = inst.class.lookup("__getitem__") => {
                self.call_value(f, Args::new(vec![obj.clone(), index]))
            }
            _ if let Some(ty) = self.native_type(obj) => ty.get_item(self, obj, &index),
            _ => Err(type_error(format!(
                "'{}' object is not subscriptable",
                obj.type_name()
            ))),
        }
    }

    pub fn set_item(&mut self, obj: &Value, index: Value, value: Value) -> PyResult<()> {
        match obj {
            Value::List(l) => {
                if let Value::Slice(s) = &index {
                    let new_items = self.collect_iter(&value)?;
                    let mut items = l.borrow_mut();
                    let len = items.len() as i64;
                    let (start, stop, step) = self.slice_indices(s, len)?;
                    if step != 1 {
                        let mut idx = Vec::new();
                        let mut i = start;
                        while (step > 0 && i < stop) || (step < 0 && i > stop) {
                            idx.push(i as usize);
                            i += step;
                        }
                        if idx.len() != new_items.len() {
                            return Err(exc(
                                ExcKind::ValueError,
                                format!(
                                    "attempt to assign sequence of size {} to extended slice of size {}",
                                    new_items.len(),
                                    idx.len()
                                ),
                            ));
                        }
                        for (i, v) in idx.into_iter().zip(new_items) {
                            if let Some(slot) = items.get_mut(i) {
                                *slot = v;
                            }
                        }
                        return Ok(());
                    }
                    let start = start.clamp(0, len) as usize;
                    let stop = stop.clamp(start as i64, len) as usize;
                    items.splice(start..stop, new_items);
                    return Ok(());
                }
                let mut items = l.borrow_mut();
                let i = self.seq_index(&index, items.len(), "list assignment")?;
                items[i] = value;
                Ok(())
            }
            Value::Dict(d) => {
                let key = ops::hash_key(&index)?;
                d.borrow_mut().insert(key, index, value);
                Ok(())
            }
            _ if let Some(ty) = self.native_type(obj) => ty.set_item(self, obj, &index, &value),
            _ => Err(type_error(format!(
                "'{}' object does not support item assignment",
                obj.type_name()
            ))),
        }
    }

    pub(crate) fn del_item(&mut self, obj: &Value, index: Value) -> PyResult<()> {
        match obj {
            Value::List(l) => {
                let mut items = l.borrow_mut();
                if let Value::Slice(s) = &index {
                    let (start, stop, step) = self.slice_indices(s, items.len() as i64)?;
                    let mut doomed = Vec::new();
                    let mut i = start;
                    while (step > 0 && i < stop) || (step < 0 && i > stop) {
                        doomed.push(i as usize);
                        i += step;
                    }
                    doomed.sort_unstable_by(|a, b| b.cmp(a));
                    for i in doomed {
                        if i < items.len() {
                            items.remove(i);
                        }
                    }
                    return Ok(());
                }
                let i = self.seq_index(&index, items.len(), "list assignment")?;
                items.remove(i);
                Ok(())
            }
            Value::Dict(d) => {
                let key = ops::hash_key(&index)?;
                let removed = d.borrow_mut().remove(&key);
                match removed {
                    Some(_) => Ok(()),
                    None => Err(Unwind::Exception(Box::new(key_error(self, &index)?))),
                }
            }
            _ => Err(type_error(format!(
                "'{}' object doesn't support item deletion",
                obj.type_name()
            ))),
        }
    }

    // ---- iteration ----------------------------------------------------------------------------------------

    pub fn iter(&mut self, v: &Value) -> PyResult<Value> {
        let it = match v {
            Value::List(l) => Iter::List {
                list: Rc::clone(l),
                pos: 0,
            },
            Value::Tuple(t) => Iter::Seq {
                items: Rc::clone(t),
                pos: 0,
            },
            Value::Range(a, b, c) => Iter::Range {
                next: *a,
                stop: *b,
                step: *c,
            },
            Value::Iterator(_) => return Ok(v.clone()),
            _ => Iter::Seq {
                items: Rc::new(self.collect_iter(v)?),
                pos: 0,
            },
        };
        Ok(Value::Iterator(Rc::new(RefCell::new(it))))
    }

    pub fn next(&mut self, it: &Value) -> PyResult<Option<Value>> {
        let Value::Iterator(it) = it else {
            return Err(type_error(format!(
                "'{}' object is not an iterator",
                it.type_name()
            )));
        };
        let mut it = it.borrow_mut();
        Ok(match &mut *it {
            Iter::Seq { items, pos } => {
                let v = items.get(*pos).cloned();
                *pos += 1;
                v
            }
            Iter::List { list, pos } => {
                let v = list.borrow().get(*pos).cloned();
                *pos += 1;
                v
            }
            Iter::Range { next, stop, step } => {
                if (*step > 0 && *next < *stop) || (*step < 0 && *next > *stop) {
                    let v = *next;
                    *next += *step;
                    Some(Value::Int(v))
                } else {
                    None
                }
            }
            Iter::Done => None,
        })
    }

    /// All items of an iterable.
    pub fn collect_iter(&mut self, v: &Value) -> PyResult<Vec<Value>> {
        Ok(match v {
            Value::List(l) => l.borrow().clone(),
            Value::Tuple(t) => t.as_ref().clone(),
            Value::Size(s) => s.iter().map(|&d| Value::Int(d as i64)).collect(),
            Value::Str(s) => s.chars().map(|c| Value::str(&c.to_string())).collect(),
            Value::Range(a, b, c) => {
                let n = range_len(*a, *b, *c);
                if n > 100_000_000 {
                    return Err(exc(
                        ExcKind::MemoryError,
                        "range too large to materialise in the tutor",
                    ));
                }
                range_values(*a, *b, *c)
                    .into_iter()
                    .map(Value::Int)
                    .collect()
            }
            Value::Dict(d) => d.borrow().entries.iter().map(|(k, _)| k.clone()).collect(),
            Value::Set(d) => d.borrow().ordered_keys(true),
            Value::DictView(d, kind) => d.borrow().view_items(*kind),
            Value::Iterator(_) => {
                let mut out = Vec::new();
                while let Some(x) = self.next(v)? {
                    out.push(x);
                }
                out
            }
            _ if let Some(ty) = self.native_type(v) => ty.iterate(self, v)?,
            other => {
                return Err(type_error(format!(
                    "'{}' object is not iterable",
                    other.type_name()
                )));
            }
        })
    }

    // ---- exceptions ---------------------------------------------------------------------------------------

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
        if let Some((_, f)) = inst.class.lookup("__str__")
            && matches!(f, Value::Function(_))
        {
            let r = self.call_value(f, Args::new(vec![v.clone()]))?;
            return self.to_str(&r);
        }
        let args = match inst.get("args") {
            Some(Value::Tuple(t)) => t.as_ref().clone(),
            _ => vec![],
        };
        let is_key_error = self
            .exception_classes
            .get("KeyError")
            .is_some_and(|k| inst.class.is_subclass_of(k));
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
            class,
            attrs: RefCell::new(Vec::new()),
        });
        inst.set("args", Value::tuple(vec![Value::str(&e.message)]));
        Ok(Value::Instance(inst))
    }

    pub(crate) fn exception_matches(&mut self, exc_value: &Value, spec: &Value) -> PyResult<bool> {
        let Value::Instance(inst) = exc_value else {
            return Ok(false);
        };
        match spec {
            Value::Class(c) => Ok(inst.class.is_subclass_of(c)),
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

    // ---- imports ------------------------------------------------------------------------------------------

    pub(crate) fn import_module(&mut self, name: &str) -> PyResult<Value> {
        if let Some(m) = self.modules.get(name) {
            return Ok(m.clone());
        }
        let top = name.split('.').next().unwrap_or(name);
        let message = format!(
            "No module named '{top}' (the tutor provides torch, torch.nn, torch.nn.functional, math, copy and time)"
        );
        if self.modules.contains_key(top) {
            return Err(exc(
                ExcKind::ModuleNotFoundError,
                format!(
                    "No module named '{name}' (the tutor provides torch, torch.nn, torch.nn.functional, math, copy and time)"
                ),
            ));
        }
        Err(exc(ExcKind::ModuleNotFoundError, message))
    }
}

fn unreachable_attr(obj: &Value, name: &str) -> PyResult<Value> {
    Err(exc(
        ExcKind::AttributeError,
        format!("'{}' object has no attribute '{}'", obj.type_name(), name),
    ))
}

/// Binds functions found on a class to the instance they were looked up on.
fn bind(obj: &Value, v: Value) -> Value {
    match v {
        Value::Function(_) | Value::Builtin(_) => Value::BoundMethod(Rc::new((obj.clone(), v))),
        other => other,
    }
}

fn key_error(interp: &mut Interpreter, key: &Value) -> PyResult<PyException> {
    let mut e = PyException::new(ExcKind::KeyError, interp.repr(key)?);
    let class = interp.exception_classes.get("KeyError").cloned();
    if let Some(class) = class {
        let inst = Rc::new(Instance {
            class,
            attrs: RefCell::new(Vec::new()),
        });
        inst.set("args", Value::tuple(vec![key.clone()]));
        e.value = Some(Value::Instance(inst));
    }
    Ok(e)
}

pub(crate) fn range_len(start: i64, stop: i64, step: i64) -> usize {
    if step > 0 && start < stop {
        ((stop - start + step - 1) / step) as usize
    } else if step < 0 && start > stop {
        ((start - stop - step - 1) / (-step)) as usize
    } else {
        0
    }
}

pub(crate) fn range_values(start: i64, stop: i64, step: i64) -> Vec<i64> {
    let n = range_len(start, stop, step).min(100_000_000);
    (0..n as i64).map(|i| start + i * step).collect()
}

impl Interpreter {
    /// The integer a value stands for where Python wants an index (`__index__`): ints, bools, and native
    /// values that have one (a one-element integer tensor).
    pub(crate) fn index_of(&self, v: &Value) -> PyResult<Option<i64>> {
        super::convert::index_of(v)
    }

    pub(crate) fn seq_index(&self, index: &Value, len: usize, what: &str) -> PyResult<usize> {
        let i = match self.index_of(index)? {
            Some(i) => i,
            None => {
                let other = index;
                return Err(type_error(format!(
                    "{} indices must be integers or slices, not {}",
                    what.split(' ').next().unwrap_or(what),
                    other.type_name()
                )));
            }
        };
        let n = len as i64;
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j >= n {
            return Err(exc(
                ExcKind::IndexError,
                format!("{what} index out of range"),
            ));
        }
        Ok(j as usize)
    }

    /// Python's `slice.indices(len)`.
    pub(crate) fn slice_indices(
        &self,
        s: &(Value, Value, Value),
        len: i64,
    ) -> PyResult<(i64, i64, i64)> {
        let to_i = |v: &Value| -> PyResult<Option<i64>> {
            match v {
                Value::None => Ok(None),
                _ => self.index_of(v)?.map(Some).ok_or_else(|| {
                    type_error("slice indices must be integers or None or have an __index__ method")
                }),
            }
        };
        let step = to_i(&s.2)?.unwrap_or(1);
        if step == 0 {
            return Err(exc(ExcKind::ValueError, "slice step cannot be zero"));
        }
        let (lower, upper) = if step < 0 { (-1, len - 1) } else { (0, len) };
        let fix = |v: Option<i64>, default: i64| -> i64 {
            match v {
                None => default,
                Some(x) if x < 0 => (x + len).max(lower),
                Some(x) => x.min(upper),
            }
        };
        let start = fix(to_i(&s.0)?, if step < 0 { upper } else { lower });
        let stop = fix(to_i(&s.1)?, if step < 0 { lower } else { upper });
        Ok((start, stop, step))
    }

    fn seq_get(&self, items: &[Value], index: &Value, what: &str) -> PyResult<Value> {
        match index {
            Value::Slice(s) => {
                let (start, stop, step) = self.slice_indices(s, items.len() as i64)?;
                let mut out = Vec::new();
                let mut i = start;
                while (step > 0 && i < stop) || (step < 0 && i > stop) {
                    if let Some(v) = items.get(i as usize) {
                        out.push(v.clone());
                    }
                    i += step;
                }
                Ok(if what == "tuple" {
                    Value::tuple(out)
                } else {
                    Value::list(out)
                })
            }
            _ => {
                let i = self.seq_index(index, items.len(), what)?;
                Ok(items[i].clone())
            }
        }
    }
}
