//! Statements and expressions. Every statement records its offset so a traceback can name the line.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::{self, Constant, Expr, Ranged, Stmt};

use super::error::{ExcKind, Frame, PyException, PyResult, Unwind, exc, type_error};
use super::source::LineIndex;
use super::value::{Args, Class, Dict, Function, Param, Scope, Value};
use super::{Interpreter, ops};

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
    fn record_frame(&self, u: Unwind, stmt: &Stmt) -> Unwind {
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

    fn exec_stmt_inner(&mut self, stmt: &Stmt, scope: &ScopeRef) -> PyResult<()> {
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
                if let Some(v) = &a.value {
                    let value = self.eval(v, scope)?;
                    self.assign(&a.target, value, scope)?;
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
                if !f.decorator_list.is_empty() {
                    return Err(exc(
                        ExcKind::SyntaxError,
                        "decorators are not part of the tutor's Python subset",
                    ));
                }
                let func =
                    self.make_function(&f.name, &f.args, Rc::new(f.body.clone()), None, scope)?;
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

    fn exec_raise(&mut self, r: &ast::StmtRaise, scope: &ScopeRef) -> PyResult<Unwind> {
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
            Value::Instance(inst) if self.is_exception_class(&inst.class) => {
                let message = self.exception_message(&v)?;
                let mut e = PyException::new(self.exception_kind_of(&inst.class), message);
                e.value = Some(v.clone());
                Ok(Unwind::Exception(Box::new(e)))
            }
            _ => Ok(type_error("exceptions must derive from BaseException")),
        }
    }

    fn exec_try(&mut self, t: &ast::StmtTry, scope: &ScopeRef) -> PyResult<()> {
        let result = self.exec_block(&t.body, scope);
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

    fn exec_class(&mut self, c: &ast::StmtClassDef, scope: &ScopeRef) -> PyResult<()> {
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
        for (_, v) in class.attrs.borrow().iter() {
            if let Value::Function(f) = v {
                *f.defining_class.borrow_mut() = Some(Rc::clone(&class));
            }
        }
        self.store(scope, &c.name, Value::Class(class));
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
        })))
    }

    // ---- names -----------------------------------------------------------------------------------------

    pub(crate) fn store(&mut self, scope: &ScopeRef, name: &str, value: Value) {
        let (is_global, is_nonlocal) = {
            let s = scope.borrow();
            (
                s.globals_declared.iter().any(|n| &**n == name),
                s.nonlocals_declared.iter().any(|n| &**n == name),
            )
        };
        if is_global {
            self.globals.borrow_mut().vars.insert(Rc::from(name), value);
            return;
        }
        if is_nonlocal {
            let mut cur = scope.borrow().parent.clone();
            while let Some(s) = cur {
                if s.borrow().vars.contains_key(name) {
                    s.borrow_mut().vars.insert(Rc::from(name), value);
                    return;
                }
                cur = s.borrow().parent.clone();
            }
        }
        scope.borrow_mut().vars.insert(Rc::from(name), value);
    }

    fn lookup(&self, scope: &ScopeRef, name: &str) -> Option<Value> {
        let mut cur = Some(Rc::clone(scope));
        while let Some(s) = cur {
            if let Some(v) = s.borrow().vars.get(name) {
                return Some(v.clone());
            }
            cur = s.borrow().parent.clone();
        }
        if let Some(v) = self.globals.borrow().vars.get(name) {
            return Some(v.clone());
        }
        self.builtins.get(name).cloned()
    }

    // ---- assignment --------------------------------------------------------------------------------------

    pub(crate) fn assign(&mut self, target: &Expr, value: Value, scope: &ScopeRef) -> PyResult<()> {
        match target {
            Expr::Name(n) => {
                self.store(scope, &n.id, value);
                Ok(())
            }
            Expr::Tuple(t) => self.unpack(&t.elts, value, scope),
            Expr::List(t) => self.unpack(&t.elts, value, scope),
            Expr::Attribute(a) => {
                let obj = self.eval(&a.value, scope)?;
                self.set_attr(&obj, &a.attr, value)
            }
            Expr::Subscript(s) => {
                let obj = self.eval(&s.value, scope)?;
                let index = self.eval_index(&s.slice, scope)?;
                self.set_item(&obj, index, value)
            }
            Expr::Starred(_) => Err(exc(
                ExcKind::SyntaxError,
                "starred assignment target must be in a list or tuple",
            )),
            _ => Err(exc(ExcKind::SyntaxError, "cannot assign to expression")),
        }
    }

    fn unpack(&mut self, targets: &[Expr], value: Value, scope: &ScopeRef) -> PyResult<()> {
        let items = self.collect_iter(&value)?;
        let star = targets.iter().position(|t| matches!(t, Expr::Starred(_)));
        match star {
            None => {
                if items.len() != targets.len() {
                    return Err(if items.len() > targets.len() {
                        exc(
                            ExcKind::ValueError,
                            format!("too many values to unpack (expected {})", targets.len()),
                        )
                    } else {
                        exc(
                            ExcKind::ValueError,
                            format!(
                                "not enough values to unpack (expected {}, got {})",
                                targets.len(),
                                items.len()
                            ),
                        )
                    });
                }
                for (t, v) in targets.iter().zip(items) {
                    self.assign(t, v, scope)?;
                }
            }
            Some(si) => {
                let after = targets.len() - si - 1;
                if items.len() < si + after {
                    return Err(exc(
                        ExcKind::ValueError,
                        format!(
                            "not enough values to unpack (expected at least {}, got {})",
                            si + after,
                            items.len()
                        ),
                    ));
                }
                for (t, v) in targets[..si].iter().zip(items.iter()) {
                    self.assign(t, v.clone(), scope)?;
                }
                let mid: Vec<Value> = items[si..items.len() - after].to_vec();
                if let Expr::Starred(s) = &targets[si] {
                    self.assign(&s.value, Value::list(mid), scope)?;
                }
                for (t, v) in targets[si + 1..]
                    .iter()
                    .zip(items[items.len() - after..].iter())
                {
                    self.assign(t, v.clone(), scope)?;
                }
            }
        }
        Ok(())
    }

    fn aug_assign(&mut self, a: &ast::StmtAugAssign, scope: &ScopeRef) -> PyResult<()> {
        let rhs = self.eval(&a.value, scope)?;
        match &*a.target {
            Expr::Name(n) => {
                let cur = self.lookup(scope, &n.id).ok_or_else(|| {
                    exc(
                        ExcKind::NameError,
                        format!("name '{}' is not defined", n.id),
                    )
                })?;
                let new = self.inplace_op(a.op, cur, rhs)?;
                self.store(scope, &n.id, new);
            }
            Expr::Attribute(at) => {
                let obj = self.eval(&at.value, scope)?;
                let cur = self.get_attr(&obj, &at.attr)?;
                let new = self.inplace_op(a.op, cur, rhs)?;
                self.set_attr(&obj, &at.attr, new)?;
            }
            Expr::Subscript(s) => {
                let obj = self.eval(&s.value, scope)?;
                let index = self.eval_index(&s.slice, scope)?;
                let cur = self.get_item(&obj, index.clone())?;
                let new = self.inplace_op(a.op, cur.clone(), rhs)?;
                // An in-place op (a tensor view's `+=`) already wrote through to `obj`.
                if !super::ops::is_same(&cur, &new) {
                    self.set_item(&obj, index, new)?;
                }
            }
            _ => {
                return Err(exc(
                    ExcKind::SyntaxError,
                    "illegal expression for augmented assignment",
                ));
            }
        }
        Ok(())
    }

    /// `with a as x, b:`: each context manager is entered in order and exited in reverse, whatever happens
    /// in the block. Native ones (`torch.no_grad()`) use their type's slots; a class the cell wrote uses
    /// its `__enter__`/`__exit__`, and an exception its `__exit__` returns true for is swallowed.
    fn exec_with(
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
                if let Some((_, enter)) = inst.class.lookup("__enter__")
                    && inst.class.lookup("__exit__").is_some() =>
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
                if let Some((_, exit)) = inst.class.lookup("__exit__")
                    && inst.class.lookup("__enter__").is_some() =>
            {
                let mut args = vec![ctx.clone()];
                args.extend(match &inner {
                    Err(Unwind::Exception(e)) => {
                        let value = self.materialize_exception(e)?;
                        let class = match &value {
                            Value::Instance(i) => Value::Class(Rc::clone(&i.class)),
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

    /// `x op= y`: tensors and lists are updated in place (every alias sees it); other values are rebound.
    fn inplace_op(&mut self, op: ast::Operator, cur: Value, rhs: Value) -> PyResult<Value> {
        match &cur {
            Value::Tensor(_) | Value::Native(_)
                if let Some(ty) = self.native_type(&cur)
                    && ty.inplace_op(self, op, &cur, &rhs)? =>
            {
                Ok(cur)
            }
            Value::List(l) if op == ast::Operator::Add => {
                let items = self.collect_iter(&rhs)?;
                l.borrow_mut().extend(items);
                Ok(cur)
            }
            _ => self.binary_op(op, cur, rhs),
        }
    }

    fn delete(&mut self, target: &Expr, scope: &ScopeRef) -> PyResult<()> {
        match target {
            Expr::Name(n) => {
                if scope.borrow_mut().vars.remove(n.id.as_str()).is_none() {
                    return Err(exc(
                        ExcKind::NameError,
                        format!("name '{}' is not defined", n.id),
                    ));
                }
                Ok(())
            }
            Expr::Subscript(s) => {
                let obj = self.eval(&s.value, scope)?;
                let index = self.eval_index(&s.slice, scope)?;
                self.del_item(&obj, index)
            }
            Expr::Tuple(t) => {
                for e in &t.elts {
                    self.delete(e, scope)?;
                }
                Ok(())
            }
            _ => Err(exc(ExcKind::SyntaxError, "cannot delete this expression")),
        }
    }

    // ---- expressions ---------------------------------------------------------------------------------

    pub(crate) fn eval(&mut self, e: &Expr, scope: &ScopeRef) -> PyResult<Value> {
        match e {
            Expr::Constant(c) => constant(&c.value),
            Expr::Name(n) => self.lookup(scope, &n.id).ok_or_else(|| {
                exc(
                    ExcKind::NameError,
                    format!("name '{}' is not defined", n.id),
                )
            }),
            Expr::BinOp(b) => {
                let l = self.eval(&b.left, scope)?;
                let r = self.eval(&b.right, scope)?;
                self.binary_op(b.op, l, r)
            }
            Expr::UnaryOp(u) => {
                let v = self.eval(&u.operand, scope)?;
                self.unary_op(u.op, v)
            }
            Expr::BoolOp(b) => {
                let mut last = Value::None;
                for (i, ve) in b.values.iter().enumerate() {
                    last = self.eval(ve, scope)?;
                    if i + 1 == b.values.len() {
                        break;
                    }
                    let t = self.truthy(&last)?;
                    match b.op {
                        ast::BoolOp::And if !t => return Ok(last),
                        ast::BoolOp::Or if t => return Ok(last),
                        _ => {}
                    }
                }
                Ok(last)
            }
            Expr::Compare(c) => {
                let mut left = self.eval(&c.left, scope)?;
                let mut result = Value::Bool(true);
                for (i, (op, re)) in c.ops.iter().zip(&c.comparators).enumerate() {
                    let right = self.eval(re, scope)?;
                    let r = self.compare(*op, &left, &right)?;
                    if c.ops.len() == 1 {
                        return Ok(r);
                    }
                    if !self.truthy(&r)? {
                        return Ok(r);
                    }
                    result = r;
                    left = right;
                    let _ = i;
                }
                Ok(result)
            }
            Expr::Call(c) => self.eval_call(c, scope),
            Expr::Attribute(a) => {
                let obj = self.eval(&a.value, scope)?;
                self.get_attr(&obj, &a.attr)
            }
            Expr::Subscript(s) => {
                let obj = self.eval(&s.value, scope)?;
                let index = self.eval_index(&s.slice, scope)?;
                self.get_item(&obj, index)
            }
            Expr::List(l) => Ok(Value::list(self.eval_elts(&l.elts, scope)?)),
            Expr::Tuple(t) => Ok(Value::tuple(self.eval_elts(&t.elts, scope)?)),
            Expr::Set(s) => {
                let items = self.eval_elts(&s.elts, scope)?;
                let mut d = Dict::default();
                for v in items {
                    let k = ops::hash_key(&v)?;
                    d.insert(k, v, Value::None);
                }
                Ok(Value::Set(Rc::new(RefCell::new(d))))
            }
            Expr::Dict(d) => {
                let mut dict = Dict::default();
                for (k, v) in d.keys.iter().zip(&d.values) {
                    match k {
                        Some(k) => {
                            let kv = self.eval(k, scope)?;
                            let vv = self.eval(v, scope)?;
                            let hk = ops::hash_key(&kv)?;
                            dict.insert(hk, kv, vv);
                        }
                        None => {
                            let other = self.eval(v, scope)?;
                            if let Value::Dict(o) = other {
                                for (k2, v2) in o.borrow().entries.iter() {
                                    dict.insert(ops::hash_key(k2)?, k2.clone(), v2.clone());
                                }
                            }
                        }
                    }
                }
                Ok(Value::Dict(Rc::new(RefCell::new(dict))))
            }
            Expr::IfExp(i) => {
                let t = self.eval(&i.test, scope)?;
                if self.truthy(&t)? {
                    self.eval(&i.body, scope)
                } else {
                    self.eval(&i.orelse, scope)
                }
            }
            Expr::Lambda(l) => self.make_function(
                "<lambda>",
                &l.args,
                Rc::new(Vec::new()),
                Some(Rc::new((*l.body).clone())),
                scope,
            ),
            Expr::ListComp(c) => {
                let mut out = Vec::new();
                let inner = self.comp_scope(scope);
                self.comprehension(&c.generators, 0, &inner, &mut |me, s| {
                    let v = me.eval(&c.elt, s)?;
                    out.push(v);
                    Ok(())
                })?;
                Ok(Value::list(out))
            }
            Expr::GeneratorExp(c) => {
                // Generators are evaluated eagerly (enough for sum(...), list(...), any(...)).
                let mut out = Vec::new();
                let inner = self.comp_scope(scope);
                self.comprehension(&c.generators, 0, &inner, &mut |me, s| {
                    let v = me.eval(&c.elt, s)?;
                    out.push(v);
                    Ok(())
                })?;
                Ok(Value::Iterator(Rc::new(RefCell::new(
                    super::value::Iter::Seq {
                        items: Rc::new(out),
                        pos: 0,
                    },
                ))))
            }
            Expr::SetComp(c) => {
                let mut d = Dict::default();
                let inner = self.comp_scope(scope);
                self.comprehension(&c.generators, 0, &inner, &mut |me, s| {
                    let v = me.eval(&c.elt, s)?;
                    d.insert(ops::hash_key(&v)?, v, Value::None);
                    Ok(())
                })?;
                Ok(Value::Set(Rc::new(RefCell::new(d))))
            }
            Expr::DictComp(c) => {
                let mut d = Dict::default();
                let inner = self.comp_scope(scope);
                self.comprehension(&c.generators, 0, &inner, &mut |me, s| {
                    let k = me.eval(&c.key, s)?;
                    let v = me.eval(&c.value, s)?;
                    d.insert(ops::hash_key(&k)?, k, v);
                    Ok(())
                })?;
                Ok(Value::Dict(Rc::new(RefCell::new(d))))
            }
            Expr::JoinedStr(j) => {
                let mut s = String::new();
                for part in &j.values {
                    match part {
                        Expr::Constant(c) => {
                            if let Constant::Str(t) = &c.value {
                                s.push_str(t);
                            }
                        }
                        Expr::FormattedValue(f) => s.push_str(&self.formatted_value(f, scope)?),
                        other => {
                            let v = self.eval(other, scope)?;
                            s.push_str(&self.to_str(&v)?);
                        }
                    }
                }
                Ok(Value::str(&s))
            }
            Expr::FormattedValue(f) => Ok(Value::str(&self.formatted_value(f, scope)?)),
            Expr::Slice(s) => {
                let lower = self.eval_opt(&s.lower, scope)?;
                let upper = self.eval_opt(&s.upper, scope)?;
                let step = self.eval_opt(&s.step, scope)?;
                Ok(Value::Slice(Rc::new((lower, upper, step))))
            }
            Expr::Starred(_) => Err(exc(
                ExcKind::SyntaxError,
                "can't use starred expression here",
            )),
            Expr::NamedExpr(n) => {
                let v = self.eval(&n.value, scope)?;
                self.assign(&n.target, v.clone(), scope)?;
                Ok(v)
            }
            _ => Err(exc(
                ExcKind::SyntaxError,
                "this expression is not part of the tutor's Python subset",
            )),
        }
    }

    fn eval_opt(&mut self, e: &Option<Box<Expr>>, scope: &ScopeRef) -> PyResult<Value> {
        match e {
            Some(e) => self.eval(e, scope),
            None => Ok(Value::None),
        }
    }

    /// Evaluates a subscript's index (tuples of slices stay tuples).
    fn eval_index(&mut self, e: &Expr, scope: &ScopeRef) -> PyResult<Value> {
        self.eval(e, scope)
    }

    fn eval_elts(&mut self, elts: &[Expr], scope: &ScopeRef) -> PyResult<Vec<Value>> {
        let mut out = Vec::with_capacity(elts.len());
        for e in elts {
            if let Expr::Starred(s) = e {
                let v = self.eval(&s.value, scope)?;
                out.extend(self.collect_iter(&v)?);
            } else {
                out.push(self.eval(e, scope)?);
            }
        }
        Ok(out)
    }

    fn comp_scope(&self, scope: &ScopeRef) -> ScopeRef {
        Rc::new(RefCell::new(Scope {
            parent: Some(Rc::clone(scope)),
            ..Scope::default()
        }))
    }

    fn comprehension(
        &mut self,
        gens: &[ast::Comprehension],
        i: usize,
        scope: &ScopeRef,
        f: &mut dyn FnMut(&mut Interpreter, &ScopeRef) -> PyResult<()>,
    ) -> PyResult<()> {
        let Some(g) = gens.get(i) else {
            return f(self, scope);
        };
        let iterable = self.eval(&g.iter, scope)?;
        let iter = self.iter(&iterable)?;
        'items: while let Some(item) = self.next(&iter)? {
            self.tick()?;
            self.assign(&g.target, item, scope)?;
            for cond in &g.ifs {
                let c = self.eval(cond, scope)?;
                if !self.truthy(&c)? {
                    continue 'items;
                }
            }
            self.comprehension(gens, i + 1, scope, f)?;
        }
        Ok(())
    }

    fn formatted_value(
        &mut self,
        f: &ast::ExprFormattedValue,
        scope: &ScopeRef,
    ) -> PyResult<String> {
        let v = self.eval(&f.value, scope)?;
        let spec = match &f.format_spec {
            Some(s) => match self.eval(s, scope)? {
                Value::Str(s) => s.to_string(),
                other => self.to_str(&other)?,
            },
            None => String::new(),
        };
        let v = match f.conversion {
            ast::ConversionFlag::Repr => Value::str(&self.repr(&v)?),
            ast::ConversionFlag::Str => Value::str(&self.to_str(&v)?),
            ast::ConversionFlag::Ascii => Value::str(&self.repr(&v)?),
            ast::ConversionFlag::None => v,
        };
        self.format_value(&v, &spec)
    }

    fn eval_call(&mut self, c: &ast::ExprCall, scope: &ScopeRef) -> PyResult<Value> {
        // `super()` with no arguments: the class the method was defined in, and its first argument.
        if let Expr::Name(n) = &*c.func
            && n.id.as_str() == "super"
            && c.args.is_empty()
            && self.lookup(scope, "super").is_some()
        {
            return self.zero_arg_super(scope);
        }
        let func = self.eval(&c.func, scope)?;
        let mut args = Args::default();
        for a in &c.args {
            if let Expr::Starred(s) = a {
                let v = self.eval(&s.value, scope)?;
                args.pos.extend(self.collect_iter(&v)?);
            } else {
                args.pos.push(self.eval(a, scope)?);
            }
        }
        for k in &c.keywords {
            let v = self.eval(&k.value, scope)?;
            match &k.arg {
                Some(name) => args.kw.push((Rc::from(name.as_str()), v)),
                None => {
                    if let Value::Dict(d) = v {
                        for (key, val) in d.borrow().entries.iter() {
                            if let Value::Str(s) = key {
                                args.kw.push((Rc::clone(s), val.clone()));
                            }
                        }
                    } else {
                        return Err(type_error("argument after ** must be a mapping"));
                    }
                }
            }
        }
        self.call_value(func, args)
    }

    fn zero_arg_super(&mut self, scope: &ScopeRef) -> PyResult<Value> {
        let (class, this) = {
            let s = scope.borrow();
            let class = s.vars.get("__class__").cloned();
            let this = s.vars.get("__self__").cloned();
            (class, this)
        };
        match (class, this) {
            (Some(Value::Class(c)), Some(this)) => Ok(Value::Super(Rc::new((c, this)))),
            _ => Err(exc(ExcKind::RuntimeError, "super(): no arguments")),
        }
    }
}

pub(crate) fn constant(c: &Constant) -> PyResult<Value> {
    Ok(match c {
        Constant::None => Value::None,
        Constant::Bool(b) => Value::Bool(*b),
        Constant::Str(s) => Value::str(s),
        Constant::Int(i) => match i64::try_from(i) {
            Ok(v) => Value::Int(v),
            Err(_) => {
                return Err(exc(
                    ExcKind::OverflowError,
                    "the tutor's integers are limited to 64 bits",
                ));
            }
        },
        Constant::Float(f) => Value::Float(*f),
        Constant::Ellipsis => Value::Ellipsis,
        Constant::Tuple(items) => {
            Value::tuple(items.iter().map(constant).collect::<PyResult<_>>()?)
        }
        Constant::Bytes(_) | Constant::Complex { .. } => {
            return Err(exc(
                ExcKind::SyntaxError,
                "bytes and complex literals are not part of the tutor's Python subset",
            ));
        }
    })
}

/// Used by the function call machinery: a fresh scope whose parent is the closure.
pub(crate) fn function_scope(f: &Function) -> ScopeRef {
    Rc::new(RefCell::new(Scope {
        parent: f.closure.clone(),
        ..Scope::default()
    }))
}
