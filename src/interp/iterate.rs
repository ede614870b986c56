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
            _ => Iter::Seq {
                items: Rc::new(self.collect_iter(v)?.into()),
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
}
