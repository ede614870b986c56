//! Iteration: `iter`, `next` and collecting the items of an iterable.

use std::cell::RefCell;
use std::rc::Rc;

use super::Interpreter;
use super::error::{PyResult, type_error};
use super::value::{Iter, Value};

impl Interpreter {
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
            _ if let Some(it) = self.user_iter(v)? => return Ok(it),
            _ => Iter::Seq {
                items: Rc::new(self.collect_iter(v)?.into()),
                pos: 0,
            },
        };
        Ok(Value::Iterator(Rc::new(RefCell::new(it))))
    }

    pub fn next(&mut self, it: &Value) -> PyResult<Option<Value>> {
        if let Value::Instance(_) = it
            && let Ok(next) = self.get_attr(it, "__next__")
        {
            return NextCalls { next }.call(self);
        }
        let Value::Iterator(it) = it else {
            return Err(type_error(format!(
                "'{}' object is not an iterator",
                it.type_name()
            )));
        };
        // A lazy iterator runs Python code (a key function, another iterator): it is taken out while it
        // computes its item, so that code may use the interpreter, and put back unless it is exhausted.
        let lazy = {
            let mut slot = it.borrow_mut();
            match &*slot {
                Iter::Lazy(_) => Some(std::mem::replace(&mut *slot, Iter::Done)),
                _ => None,
            }
        };
        if let Some(Iter::Lazy(mut state)) = lazy {
            let item = self.tick().and_then(|()| state.next(self));
            if !matches!(item, Ok(None)) {
                *it.borrow_mut() = Iter::Lazy(state);
            }
            return item;
        }
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
                    Some(Value::int(v))
                } else {
                    None
                }
            }
            Iter::Lazy(_) | Iter::Done => None,
        })
    }

    /// All items of an iterable.
    pub fn collect_iter(&mut self, v: &Value) -> PyResult<Vec<Value>> {
        Ok(match v {
            Value::List(l) => l.borrow().clone(),
            Value::Tuple(t) => t.to_vec(),
            Value::Size(s) => s.items(),
            Value::Str(s) => s.chars().map(|c| Value::str(&c.to_string())).collect(),
            Value::Range(a, b, c) => {
                let n = super::items::range_len(*a, *b, *c);
                super::reserve_values(n)?;
                super::items::range_values(*a, *b, *c)
                    .into_iter()
                    .map(Value::int)
                    .collect()
            }
            Value::Dict(d) => d.borrow().entries.iter().map(|(k, _)| k.clone()).collect(),
            Value::Set(d) | Value::FrozenSet(d) => d.borrow().ordered_keys(true),
            Value::DictView(d, kind) => d.borrow().view_items(*kind),
            Value::Iterator(_) => {
                let mut out = Vec::new();
                while let Some(x) = self.next(v)? {
                    if out.len() == out.capacity() {
                        super::reserve_values(out.len().max(4))?;
                    }
                    out.push(x);
                }
                out
            }
            Value::Instance(_) if let Some(it) = self.user_iter(v)? => self.collect_iter(&it)?,
            _ if let Some(ty) = self.native_type(v) => ty.iterate(self, v)?,
            // A class whose native base iterates it (`for c in Color`).
            Value::Class(c) if let Some(ty) = c.slots() => ty.class_iterate(self, c)?,
            other => {
                return Err(type_error(format!(
                    "'{}' object is not iterable",
                    other.type_name()
                )));
            }
        })
    }

    /// The iterator of an instance whose class defines `__iter__` in Python: what `__iter__` returns,
    /// an iterator itself (a generator, `iter(list)`) or an object with `__next__`, asked for items
    /// until it raises StopIteration.
    fn user_iter(&mut self, v: &Value) -> PyResult<Option<Value>> {
        if !matches!(v, Value::Instance(_)) {
            return Ok(None);
        }
        let method = match self.get_attr(v, "__iter__") {
            Ok(m @ Value::BoundMethod(_)) => m,
            _ => return Ok(None),
        };
        if !matches!(&method, Value::BoundMethod(b) if matches!(b.1, Value::Function(_))) {
            return Ok(None);
        }
        let it = self.call_value(method, super::value::Args::new(vec![]))?;
        match &it {
            Value::Iterator(_) => Ok(Some(it)),
            Value::Instance(_) => {
                let next = self.get_attr(&it, "__next__").map_err(|_| {
                    type_error(format!(
                        "iter() returned non-iterator of type '{}'",
                        it.type_name()
                    ))
                })?;
                Ok(Some(Value::lazy(NextCalls { next })))
            }
            other => Err(type_error(format!(
                "iter() returned non-iterator of type '{}'",
                other.type_name()
            ))),
        }
    }
}

/// An object with `__next__`, iterated by calling it until it raises StopIteration.
struct NextCalls {
    next: Value,
}

impl super::value::LazyIter for NextCalls {
    fn type_name(&self) -> &'static str {
        "iterator"
    }

    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        self.call(interp)
    }
}

impl NextCalls {
    /// One call of `__next__`: its value, or `None` when it raises StopIteration.
    fn call(&self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        match interp.call_value(self.next.clone(), super::value::Args::new(vec![])) {
            Ok(v) => Ok(Some(v)),
            Err(super::error::Unwind::Exception(e))
                if e.kind == super::error::ExcKind::StopIteration =>
            {
                Ok(None)
            }
            Err(e) => Err(e),
        }
    }
}
