//! Expressions: operators, calls, attribute and item access, comprehensions, f-strings, literals.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::{self, Constant, Expr};

use super::error::{ExcKind, PyResult, exc, type_error};
use super::stmt::ScopeRef;
use super::value::{Args, Dict, Scope, Value};
use super::{Interpreter, ops};

impl Interpreter {
    #[inline]
    pub(crate) fn eval(&mut self, e: &Expr, scope: &ScopeRef) -> PyResult<Value> {
        let v = match self.eval_expr(e, scope) {
            Ok(v) => v,
            Err(u) => {
                if self.recorder.is_some()
                    && matches!(u, super::error::Unwind::Exception(_))
                    && matches!(e, Expr::Call(_) | Expr::BinOp(_))
                {
                    self.record_failure(e, scope);
                }
                return Err(u);
            }
        };
        if self.recorder.is_some()
            && matches!(
                e,
                Expr::Call(_) | Expr::BinOp(_) | Expr::Attribute(_) | Expr::Subscript(_)
            )
            && let Value::Tensor(t) = &v
        {
            self.record_subexpr(e, t);
        }
        Ok(v)
    }

    fn eval_expr(&mut self, e: &Expr, scope: &ScopeRef) -> PyResult<Value> {
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
                    d.insert(k, v, Value::None)?;
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
                            dict.insert(hk, kv, vv)?;
                        }
                        None => {
                            let other = self.eval(v, scope)?;
                            if let Value::Dict(o) = other {
                                for (k2, v2) in o.borrow().entries.iter() {
                                    dict.insert(ops::hash_key(k2)?, k2.clone(), v2.clone())?;
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
            Expr::GeneratorExp(c) => self.make_gen_exp(c, scope),
            Expr::SetComp(c) => {
                let mut d = Dict::default();
                let inner = self.comp_scope(scope);
                self.comprehension(&c.generators, 0, &inner, &mut |me, s| {
                    let v = me.eval(&c.elt, s)?;
                    d.insert(ops::hash_key(&v)?, v, Value::None)?;
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
                    d.insert(ops::hash_key(&k)?, k, v)?;
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

    pub(super) fn eval_opt(&mut self, e: &Option<Box<Expr>>, scope: &ScopeRef) -> PyResult<Value> {
        match e {
            Some(e) => self.eval(e, scope),
            None => Ok(Value::None),
        }
    }

    /// Evaluates a subscript's index (tuples of slices stay tuples).
    pub(super) fn eval_index(&mut self, e: &Expr, scope: &ScopeRef) -> PyResult<Value> {
        self.eval(e, scope)
    }

    pub(super) fn eval_elts(&mut self, elts: &[Expr], scope: &ScopeRef) -> PyResult<Vec<Value>> {
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

    pub(super) fn comp_scope(&self, scope: &ScopeRef) -> ScopeRef {
        Rc::new(RefCell::new(Scope {
            parent: Some(Rc::clone(scope)),
            ..Scope::default()
        }))
    }

    pub(super) fn comprehension(
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

    pub(super) fn formatted_value(
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

    pub(super) fn eval_call(&mut self, c: &ast::ExprCall, scope: &ScopeRef) -> PyResult<Value> {
        // `super()` with no arguments: the class the method was defined in, and its first argument.
        if let Expr::Name(n) = &*c.func
            && n.id.as_str() == "super"
            && c.args.is_empty()
            && c.keywords.is_empty()
            && self.lookup(scope, "super").is_some()
        {
            return self.zero_arg_super(scope);
        }
        // `obj.method(...)` on a value whose methods are native (a tensor, a str, a list): the method is
        // called directly, without building a bound method first (CPython's LOAD_METHOD does the same).
        let callee = match &*c.func {
            Expr::Attribute(at) => {
                let obj = self.eval(&at.value, scope)?;
                let name = at.attr.as_str();
                if self.has_native_method(&obj, name) {
                    Callee::Method(obj, name)
                } else {
                    Callee::Value(self.get_attr(&obj, name)?)
                }
            }
            other => Callee::Value(self.eval(other, scope)?),
        };
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
        match callee {
            Callee::Method(obj, name) => self.call_native_method(obj, name, args),
            Callee::Value(func) => self.call_value(func, args),
        }
    }

    pub(super) fn zero_arg_super(&mut self, scope: &ScopeRef) -> PyResult<Value> {
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
            Ok(v) => Value::int(v),
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
        Constant::Bytes(b) => super::types::bytes::bytes_value(b.clone())?,
        Constant::Complex { .. } => {
            return Err(exc(
                ExcKind::SyntaxError,
                "complex literals are not part of the tutor's Python subset",
            ));
        }
    })
}

/// What a call expression calls: a value, or a native method of a value by name.
enum Callee<'a> {
    Value(Value),
    Method(Value, &'a str),
}
