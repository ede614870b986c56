//! Names and targets: storing and looking up variables through scopes, assignment and unpacking,
//! augmented assignment (in place where the value supports it), `del`.

use std::rc::Rc;

use rustpython_parser::ast::{self, Expr};

use super::Interpreter;
use super::error::{ExcKind, PyResult, exc};
use super::stmt::ScopeRef;
use super::value::Value;

impl Interpreter {
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

    pub(super) fn lookup(&self, scope: &ScopeRef, name: &str) -> Option<Value> {
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

    pub(super) fn unpack(
        &mut self,
        targets: &[Expr],
        value: Value,
        scope: &ScopeRef,
    ) -> PyResult<()> {
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

    pub(super) fn aug_assign(&mut self, a: &ast::StmtAugAssign, scope: &ScopeRef) -> PyResult<()> {
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
                let new = self.inplace_op(a.op, cur, rhs)?;
                // Stored back even when the op worked in place, as Python does: `y[idx] += 1` updated a
                // copy (advanced indexing), which only the store writes into `y`; a basic-index view was
                // already written through, and storing it onto itself is a no-op (`copy_` of the same data).
                self.set_item(&obj, index, new)?;
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

    /// `x op= y`: tensors and lists are updated in place (every alias sees it); other values are rebound.
    pub(super) fn inplace_op(
        &mut self,
        op: ast::Operator,
        cur: Value,
        rhs: Value,
    ) -> PyResult<Value> {
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

    pub(super) fn delete(&mut self, target: &Expr, scope: &ScopeRef) -> PyResult<()> {
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
            Expr::Attribute(a) => {
                let obj = self.eval(&a.value, scope)?;
                self.del_attr(&obj, a.attr.as_str())
            }
            _ => Err(exc(ExcKind::SyntaxError, "cannot delete this expression")),
        }
    }
}
