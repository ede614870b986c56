//! Statements: blocks, control flow, `try`/`raise`, `with`, and the definitions of functions and
//! classes. Every statement records its offset so a traceback can name the line.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::{self, Expr, Ranged, Stmt};

use super::Interpreter;
use super::error::{ExcKind, Frame, PyException, PyResult, Unwind, exc, type_error};
use super::source::LineIndex;
use super::value::{Args, Class, Function, Param, Scope, Value};

pub(crate) type ScopeRef = Rc<RefCell<Scope>>;

/// Finds an expression nested deeper than `limit` (which would exhaust the evaluator's stack).
pub(crate) fn max_expr_depth_exceeded(
    body: &[Stmt],
    limit: usize,
    lines: &LineIndex,
) -> Option<usize> {
    fn expr_depth(e: &Expr) -> usize {
        // Iterative over the common left-leaning chains (a + b + c ...), recursive elsewhere but bounded by the
        // parenthesis check done before parsing.
        let mut depth = 0usize;
        let mut cur = e;
        loop {
            depth += 1;
            match cur {
                Expr::BinOp(b) => {
                    let r = expr_depth(&b.right);
                    if r + depth > 10_000 {
                        return r + depth;
                    }
                    depth = depth.max(r);
                    cur = &b.left;
                }
                Expr::UnaryOp(u) => cur = &u.operand,
                Expr::Attribute(a) => cur = &a.value,
                Expr::Call(c) => {
                    let m = c.args.iter().map(expr_depth).max().unwrap_or(0);
                    depth = depth.max(m);
                    cur = &c.func;
                }
                Expr::Subscript(s) => cur = &s.value,
                Expr::BoolOp(b) => {
                    return depth + b.values.iter().map(expr_depth).max().unwrap_or(0);
                }
                Expr::Compare(c) => cur = &c.left,
                _ => return depth,
            }
        }
    }
    fn walk(body: &[Stmt], limit: usize, lines: &LineIndex, nesting: usize) -> Option<usize> {
        for s in body {
            let line = lines.line_of(usize::from(s.range().start()));
            if nesting > limit {
                return Some(line);
            }
            let exprs: Vec<&Expr> = match s {
                Stmt::Expr(e) => vec![&e.value],
                Stmt::Assign(a) => vec![&a.value],
                Stmt::AugAssign(a) => vec![&a.value],
                Stmt::Return(r) => r.value.iter().map(|b| &**b).collect(),
                _ => vec![],
            };
            if exprs.iter().any(|e| expr_depth(e) > limit) {
                return Some(line);
            }
            let children: Vec<&[Stmt]> = match s {
                Stmt::If(i) => vec![&i.body, &i.orelse],
                Stmt::For(f) => vec![&f.body, &f.orelse],
                Stmt::While(w) => vec![&w.body, &w.orelse],
                Stmt::FunctionDef(f) => vec![&f.body],
                Stmt::ClassDef(c) => vec![&c.body],
                Stmt::With(w) => vec![&w.body],
                Stmt::Try(t) => vec![&t.body, &t.orelse, &t.finalbody],
                _ => vec![],
            };
            for c in children {
                if let Some(l) = walk(c, limit, lines, nesting + 1) {
                    return Some(l);
                }
            }
        }
        None
    }
    walk(body, limit, lines, 0)
}
impl Interpreter {
    /// Runs top-level statements; the value of a trailing expression statement is returned.
    pub(crate) fn exec_module(
        &mut self,
        body: &[Stmt],
        scope: &ScopeRef,
    ) -> PyResult<Option<Value>> {
        let n = body.len();
        for (i, stmt) in body.iter().enumerate() {
            if i + 1 == n
                && let Stmt::Expr(e) = stmt
            {
                self.current_offset = usize::from(stmt.range().start());
                self.tick()?;
                let v = self
                    .eval(&e.value, scope)
                    .map_err(|u| self.record_frame(u, stmt));
                return v.map(Some);
            }
            self.exec_stmt(stmt, scope)?;
        }
        Ok(None)
    }

    pub(crate) fn exec_block(&mut self, body: &[Stmt], scope: &ScopeRef) -> PyResult<()> {
        for stmt in body {
            self.exec_stmt(stmt, scope)?;
        }
        Ok(())
    }

    /// Adds this frame's line to an exception passing through (once per frame).
    pub(super) fn record_frame(&self, u: Unwind, stmt: &Stmt) -> Unwind {
        match u {
            Unwind::Exception(mut e) => {
                let depth = self.frames.len();
                if e.recorded_depth > depth {
                    if let Some(ctx) = self.frames.last() {
                        let line = ctx.lines.line_of(usize::from(stmt.range().start()));
                        e.frames.push(Frame {
                            file: Rc::clone(&ctx.file),
                            line,
                            function: Rc::clone(&ctx.function),
                            source_line: ctx.lines.line_text(line).to_string(),
                        });
                    }
                    e.recorded_depth = depth;
                }
                Unwind::Exception(e)
            }
            other => other,
        }
    }

    pub(crate) fn exec_stmt(&mut self, stmt: &Stmt, scope: &ScopeRef) -> PyResult<()> {
        self.current_offset = usize::from(stmt.range().start());
        self.tick()?;
        self.exec_stmt_inner(stmt, scope)
            .map_err(|u| self.record_frame(u, stmt))
    }

    pub(super) fn exec_stmt_inner(&mut self, stmt: &Stmt, scope: &ScopeRef) -> PyResult<()> {
        match stmt {
            Stmt::Expr(e) => {
                self.eval(&e.value, scope)?;
            }
            Stmt::Assign(a) => {
                let value = self.eval(&a.value, scope)?;
                for target in &a.targets {
                    self.assign(target, value.clone(), scope)?;
                }
            }
            Stmt::AnnAssign(a) => {
                // In a class body the annotation is evaluated and kept, in order, in `__annotations__`
                // (what `dataclasses` and `typing.NamedTuple` read), as CPython does.
                let annotation = if scope.borrow().is_class
                    && let Expr::Name(n) = a.target.as_ref()
                {
                    Some((n.id.as_str(), self.eval(&a.annotation, scope)?))
                } else {
                    None
                };
                if let Some(v) = &a.value {
                    let value = self.eval(v, scope)?;
                    self.assign(&a.target, value, scope)?;
                }
                if let Some((name, annotation)) = annotation {
                    self.annotate(scope, name, annotation)?;
                }
            }
            Stmt::AugAssign(a) => self.aug_assign(a, scope)?,
            Stmt::If(i) => {
                let test = self.eval(&i.test, scope)?;
                if self.truthy(&test)? {
                    self.exec_block(&i.body, scope)?;
                } else {
                    self.exec_block(&i.orelse, scope)?;
                }
            }
            Stmt::While(w) => loop {
                self.tick()?;
                let test = self.eval(&w.test, scope)?;
                if !self.truthy(&test)? {
                    self.exec_block(&w.orelse, scope)?;
                    break;
                }
                match self.exec_block(&w.body, scope) {
                    Ok(()) | Err(Unwind::Continue) => {}
                    Err(Unwind::Break) => break,
                    Err(e) => return Err(e),
                }
            },
            Stmt::For(f) => {
                let iterable = self.eval(&f.iter, scope)?;
                let iter = self.iter(&iterable)?;
                let mut broke = false;
                while let Some(item) = self.next(&iter)? {
                    self.tick()?;
                    self.assign(&f.target, item, scope)?;
                    match self.exec_block(&f.body, scope) {
                        Ok(()) | Err(Unwind::Continue) => {}
                        Err(Unwind::Break) => {
                            broke = true;
                            break;
                        }
                        Err(e) => return Err(e),
                    }
                }
                if !broke {
                    self.exec_block(&f.orelse, scope)?;
                }
            }
            Stmt::Break(_) => return Err(Unwind::Break),
            Stmt::Continue(_) => return Err(Unwind::Continue),
            Stmt::Pass(_) => {}
            Stmt::Return(r) => {
                let v = match &r.value {
                    Some(e) => self.eval(e, scope)?,
                    None => Value::None,
                };
                return Err(Unwind::Return(v));
            }
            Stmt::FunctionDef(f) => {
                // Decorators are evaluated top to bottom before the function exists, then applied
                // bottom up (Python's order).
                let decorators = self.eval_all(&f.decorator_list, scope)?;
                let func =
                    self.make_function(&f.name, &f.args, Rc::new(f.body.clone()), None, scope)?;
                let func = self.decorate(decorators, func)?;
                self.store(scope, &f.name, func);
            }
            Stmt::ClassDef(c) => self.exec_class(c, scope)?,
            Stmt::Raise(r) => return Err(self.exec_raise(r, scope)?),
            Stmt::Try(t) => self.exec_try(t, scope)?,
            Stmt::Assert(a) => {
                let test = self.eval(&a.test, scope)?;
                if !self.truthy(&test)? {
                    let msg = match &a.msg {
                        Some(m) => {
                            let v = self.eval(m, scope)?;
                            self.to_str(&v)?
                        }
                        None => String::new(),
                    };
                    return Err(exc(ExcKind::AssertionError, msg));
                }
            }
            Stmt::With(w) => self.exec_with(&w.items, &w.body, scope)?,
            Stmt::Import(i) => {
                for alias in &i.names {
                    let name = alias.name.as_str();
                    let module = self.import_module(name)?;
                    match &alias.asname {
                        Some(as_name) => self.store(scope, as_name, module),
                        None => {
                            // `import torch.nn` binds `torch`.
                            let top = name.split('.').next().unwrap_or(name);
                            let top_module = self.import_module(top)?;
                            self.store(scope, top, top_module);
                        }
                    }
                }
            }
            Stmt::ImportFrom(i) => {
                let module_name = i.module.as_ref().map(|m| m.as_str()).unwrap_or("");
                let module = self.import_module(module_name)?;
                for alias in &i.names {
                    let name = alias.name.as_str();
                    if name == "*" {
                        return Err(exc(
                            ExcKind::SyntaxError,
                            "'from ... import *' is not supported by the tutor",
                        ));
                    }
                    let value = match self.get_attr(&module, name) {
                        Ok(v) => v,
                        Err(_) => {
                            let full = format!("{module_name}.{name}");
                            self.import_module(&full).map_err(|_| {
                                exc(
                                    ExcKind::ImportError,
                                    format!("cannot import name '{name}' from '{module_name}'"),
                                )
                            })?
                        }
                    };
                    let bind = alias.asname.as_ref().map(|a| a.as_str()).unwrap_or(name);
                    self.store(scope, bind, value);
                }
            }
            Stmt::Delete(d) => {
                for target in &d.targets {
                    self.delete(target, scope)?;
                }
            }
            Stmt::Global(g) => {
                let mut s = scope.borrow_mut();
                for n in &g.names {
                    s.globals_declared.push(Rc::from(n.as_str()));
                }
            }
            Stmt::Nonlocal(g) => {
                let mut s = scope.borrow_mut();
                for n in &g.names {
                    s.nonlocals_declared.push(Rc::from(n.as_str()));
                }
            }
            _ => {
                return Err(exc(
                    ExcKind::SyntaxError,
                    "this statement is not part of the tutor's Python subset",
                ));
            }
        }
        Ok(())
    }

    pub(super) fn exec_raise(&mut self, r: &ast::StmtRaise, scope: &ScopeRef) -> PyResult<Unwind> {
        let Some(e) = &r.exc else {
            return Ok(exc(ExcKind::RuntimeError, "No active exception to reraise"));
        };
        let v = self.eval(e, scope)?;
        self.exception_from_value(v)
    }

    /// Turns a raised value (an exception class or instance) into an exception.
    pub(crate) fn exception_from_value(&mut self, v: Value) -> PyResult<Unwind> {
        let v = match v {
            Value::Class(c) if self.is_exception_class(&c) => {
                self.call_value(Value::Class(c), Args::default())?
            }
            other => other,
        };
        match &v {
            Value::Instance(inst) if self.is_exception_class(&inst.class()) => {
                let message = self.exception_message(&v)?;
                let mut e = PyException::new(self.exception_kind_of(&inst.class()), message);
                e.value = Some(v.clone());
                Ok(Unwind::Exception(Box::new(e)))
            }
            _ => Ok(type_error("exceptions must derive from BaseException")),
        }
    }

    pub(super) fn exec_try(&mut self, t: &ast::StmtTry, scope: &ScopeRef) -> PyResult<()> {
        let result = self.exec_block(&t.body, scope);
        self.finish_try(t, scope, result)
    }

    /// A `try` statement after its body ended with `result`: the matching handler, or the `else`
    /// block, then the `finally` block.
    pub(super) fn finish_try(
        &mut self,
        t: &ast::StmtTry,
        scope: &ScopeRef,
        result: PyResult<()>,
    ) -> PyResult<()> {
        let result = match result {
            Err(Unwind::Exception(e)) => {
                let exc_value = self.materialize_exception(&e)?;
                let mut pending = Some(e);
                let mut handled: Option<PyResult<()>> = None;
                for h in &t.handlers {
                    let ast::ExceptHandler::ExceptHandler(h) = h;
                    let matches = match &h.type_ {
                        None => true,
                        Some(te) => {
                            let tv = self.eval(te, scope)?;
                            self.exception_matches(&exc_value, &tv)?
                        }
                    };
                    if matches {
                        if let Some(name) = &h.name {
                            self.store(scope, name, exc_value.clone());
                        }
                        let r = self.exec_block(&h.body, scope);
                        // Python unbinds the name when the handler ends, however it ends (the compiler
                        // wraps the handler in `finally: e = None; del e`), so `e` is not defined after it.
                        if let Some(name) = &h.name {
                            scope.borrow_mut().vars.remove(name.as_str());
                        }
                        // A bare `raise` inside the handler re-raises the original exception.
                        let r = match r {
                            Err(Unwind::Exception(inner))
                                if inner.kind == ExcKind::RuntimeError
                                    && inner.message == "No active exception to reraise" =>
                            {
                                match pending.take() {
                                    Some(orig) => Err(Unwind::Exception(orig)),
                                    None => Err(Unwind::Exception(inner)),
                                }
                            }
                            other => other,
                        };
                        handled = Some(r);
                        break;
                    }
                }
                match (handled, pending) {
                    (Some(r), _) => r,
                    (None, Some(e)) => Err(Unwind::Exception(e)),
                    (None, None) => Ok(()),
                }
            }
            Ok(()) => self.exec_block(&t.orelse, scope),
            other => other,
        };
        if !t.finalbody.is_empty() {
            self.exec_block(&t.finalbody, scope)?;
        }
        result
    }

    fn eval_all(&mut self, exprs: &[ast::Expr], scope: &ScopeRef) -> PyResult<Vec<Value>> {
        exprs.iter().map(|e| self.eval(e, scope)).collect()
    }

    /// `@d1 @d2 def f` is `f = d1(d2(f))`.
    fn decorate(&mut self, decorators: Vec<Value>, mut value: Value) -> PyResult<Value> {
        for d in decorators.into_iter().rev() {
            value = self.call_value(d, super::value::Args::new(vec![value]))?;
        }
        Ok(value)
    }

    /// Records `name: annotation` in the class body's `__annotations__` dict.
    fn annotate(&mut self, scope: &ScopeRef, name: &str, annotation: Value) -> PyResult<()> {
        let existing = scope.borrow().vars.get("__annotations__").cloned();
        let dict = match existing {
            Some(Value::Dict(d)) => d,
            _ => {
                let d = Rc::new(RefCell::new(super::value::Dict::default()));
                self.store(scope, "__annotations__", Value::Dict(Rc::clone(&d)));
                d
            }
        };
        let key = Value::str(name);
        let hk = super::ops::hash_key(&key)?;
        dict.borrow_mut().insert(hk, key, annotation)
    }

    pub(super) fn exec_class(&mut self, c: &ast::StmtClassDef, scope: &ScopeRef) -> PyResult<()> {
        let decorators = self.eval_all(&c.decorator_list, scope)?;
        let mut bases = Vec::new();
        for b in &c.bases {
            match self.eval(b, scope)? {
                Value::Class(cls) => bases.push(cls),
                other => {
                    return Err(type_error(format!(
                        "bases must be classes, not '{}'",
                        other.type_name()
                    )));
                }
            }
        }
        if bases.is_empty()
            && let Some(object) = self.exception_classes.get("object")
        {
            bases.push(Rc::clone(object));
        }
        let class_scope: ScopeRef = Rc::new(RefCell::new(Scope {
            parent: Some(Rc::clone(scope)),
            is_class: true,
            ..Scope::default()
        }));
        // Class bodies run in their own namespace; attributes are kept in definition order.
        let class = Rc::new(Class {
            name: Rc::from(c.name.as_str()),
            bases,
            attrs: RefCell::new(Vec::new()),
            native: None,
            slots: None,
        });
        for stmt in &c.body {
            self.exec_stmt(stmt, &class_scope)?;
            // Collect in order of first definition.
            let vars: Vec<(Rc<str>, Value)> = class_scope
                .borrow()
                .vars
                .iter()
                .map(|(k, v)| (Rc::clone(k), v.clone()))
                .collect();
            let mut attrs = class.attrs.borrow_mut();
            for (k, v) in vars {
                if let Some(slot) = attrs.iter_mut().find(|(n, _)| *n == k) {
                    slot.1 = v;
                } else {
                    attrs.push((k, v));
                }
            }
        }
        // Methods, also those a staticmethod, classmethod or property wraps, know their class for `super()`.
        for (_, v) in class.attrs.borrow().iter() {
            let functions: Vec<&Value> = match v {
                Value::Descriptor(d) => match d.as_ref() {
                    super::descriptors::Descriptor::Static(f)
                    | super::descriptors::Descriptor::Class(f) => vec![f],
                    super::descriptors::Descriptor::Property {
                        get, set, delete, ..
                    } => vec![get, set, delete],
                },
                other => vec![other],
            };
            for f in functions {
                if let Value::Function(f) = f {
                    *f.defining_class.borrow_mut() = Some(Rc::clone(&class));
                }
            }
        }
        // A native base may make the class itself (`typing.NamedTuple`, `enum.Enum`), as a metaclass would.
        let class = match class.slots() {
            Some(ty) => ty.class_created(self, class)?,
            None => Value::Class(class),
        };
        let class = self.decorate(decorators, class)?;
        self.store(scope, &c.name, class);
        Ok(())
    }

    pub(crate) fn make_function(
        &mut self,
        name: &str,
        args: &ast::Arguments,
        body: Rc<Vec<Stmt>>,
        expr_body: Option<Rc<Expr>>,
        scope: &ScopeRef,
    ) -> PyResult<Value> {
        let mut params = Vec::new();
        for a in args.posonlyargs.iter().chain(&args.args) {
            let default = match &a.default {
                Some(d) => Some(self.eval(d, scope)?),
                None => None,
            };
            params.push(Param {
                name: Rc::from(a.def.arg.as_str()),
                default,
                kw_only: false,
            });
        }
        for a in &args.kwonlyargs {
            let default = match &a.default {
                Some(d) => Some(self.eval(d, scope)?),
                None => None,
            };
            params.push(Param {
                name: Rc::from(a.def.arg.as_str()),
                default,
                kw_only: true,
            });
        }
        let ctx = self.frames.last().cloned();
        let (file, lines) = match ctx {
            Some(c) => (c.file, c.lines),
            None => (Rc::from("<cell>"), Rc::new(LineIndex::new(""))),
        };
        // Methods skip the class body's namespace, as in Python.
        let scope = if scope.borrow().is_class {
            scope
                .borrow()
                .parent
                .clone()
                .unwrap_or_else(|| Rc::clone(&self.globals))
        } else {
            Rc::clone(scope)
        };
        let is_global = Rc::ptr_eq(&scope, &self.globals);
        let generator = if expr_body.is_none() {
            super::generator::yield_sites(&body)
        } else {
            None
        };
        Ok(Value::Function(Rc::new(Function {
            name: Rc::from(name),
            params,
            vararg: args.vararg.as_ref().map(|a| Rc::from(a.arg.as_str())),
            kwarg: args.kwarg.as_ref().map(|a| Rc::from(a.arg.as_str())),
            body,
            expr_body,
            closure: if is_global { None } else { Some(scope) },
            defining_class: RefCell::new(None),
            file,
            line_index: lines,
            generator,
        })))
    }

    /// `with a as x, b:`: each context manager is entered in order and exited in reverse, whatever happens
    /// in the block. Native ones (`torch.no_grad()`) use their type's slots; a class the cell wrote uses
    /// its `__enter__`/`__exit__`, and an exception its `__exit__` returns true for is swallowed.
    pub(super) fn exec_with(
        &mut self,
        items: &[ast::WithItem],
        body: &[Stmt],
        scope: &ScopeRef,
    ) -> PyResult<()> {
        let Some((item, rest)) = items.split_first() else {
            return self.exec_block(body, scope);
        };
        let ctx = self.eval(&item.context_expr, scope)?;
        let entered = match &ctx {
            Value::Instance(inst)
                if let Some((_, enter)) = inst.class().lookup("__enter__")
                    && inst.class().lookup("__exit__").is_some() =>
            {
                self.call_value(enter, Args::new(vec![ctx.clone()]))?
            }
            _ => match self.native_type(&ctx) {
                Some(ty) => ty.enter(self, &ctx)?,
                None => {
                    return Err(type_error(format!(
                        "'{}' object does not support the context manager protocol",
                        ctx.type_name()
                    )));
                }
            },
        };
        let inner = match &item.optional_vars {
            Some(target) => self
                .assign(target, entered, scope)
                .and_then(|()| self.exec_with(rest, body, scope)),
            None => self.exec_with(rest, body, scope),
        };
        match &ctx {
            Value::Instance(inst)
                if let Some((_, exit)) = inst.class().lookup("__exit__")
                    && inst.class().lookup("__enter__").is_some() =>
            {
                let mut args = vec![ctx.clone()];
                args.extend(match &inner {
                    Err(Unwind::Exception(e)) => {
                        let value = self.materialize_exception(e)?;
                        let class = match &value {
                            Value::Instance(i) => Value::Class(Rc::clone(&i.class())),
                            _ => Value::None,
                        };
                        vec![class, value, Value::None]
                    }
                    _ => vec![Value::None, Value::None, Value::None],
                });
                let swallow = self.call_value(exit, Args::new(args))?;
                if matches!(inner, Err(Unwind::Exception(_))) && self.truthy(&swallow)? {
                    return Ok(());
                }
            }
            _ => {
                if let Some(ty) = self.native_type(&ctx) {
                    ty.exit(self, &ctx)?;
                }
            }
        }
        inner
    }
}

/// Used by the function call machinery: a fresh scope whose parent is the closure.
pub(crate) fn function_scope(f: &Function) -> ScopeRef {
    Rc::new(RefCell::new(Scope {
        parent: f.closure.clone(),
        ..Scope::default()
    }))
}
