//! Items and sequences: `obj[index]`, assignment and deletion, Python's index and slice rules.

use super::error::{ExcKind, PyResult, exc, type_error};
use super::value::{Args, Value};
use super::{Interpreter, ops};

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
    pub fn get_item(&mut self, obj: &Value, index: Value) -> PyResult<Value> {
        match obj {
            Value::List(l) => {
                let items = l.borrow();
                self.seq_get(&items, &index, "list")
            }
            Value::Tuple(t) => self.seq_get(t, &index, "tuple"),
            Value::Size(s) => {
                let items: Vec<Value> = s.items();
                match self.seq_get(&items, &index, "tuple")? {
                    Value::Tuple(t) => Ok(Value::size_from_items(&t)),
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
                    .map(Value::int)
                    .collect();
                self.seq_get(&items, &index, "range")
            }
            Value::Dict(d) => {
                let key = ops::hash_key(&index)?;
                match d.borrow().get(&key) {
                    Some(v) => Ok(v.clone()),
                    None => Err(super::exceptions::key_error(self, &index)),
                }
            }
            Value::Instance(inst) if let Some((_, f)) = inst.class().lookup("__getitem__") => {
                self.call_value(f, Args::new(vec![obj.clone(), index]))
            }
            // `list[int]` (PEP 585), and a class whose native base subscripts it (`Color['RED']`).
            Value::Builtin(b)
                if let Some(q) = b.type_qualname
                    && super::stdlib::is_generic_builtin(q) =>
            {
                super::stdlib::builtin_generic(q, self, &index)
            }
            Value::Class(c) if let Some(ty) = c.slots() => ty.class_get_item(self, c, &index),
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
                d.borrow_mut().insert(key, index, value)?;
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
                    None => Err(super::exceptions::key_error(self, &index)),
                }
            }
            _ if let Some(ty) = self.native_type(obj) => ty.del_item(self, obj, &index),
            _ => Err(type_error(format!(
                "'{}' object doesn't support item deletion",
                obj.type_name()
            ))),
        }
    }

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

    pub(super) fn seq_get(&self, items: &[Value], index: &Value, what: &str) -> PyResult<Value> {
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
