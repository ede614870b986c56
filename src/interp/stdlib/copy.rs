//! `copy`: `copy.copy` and `copy.deepcopy` (both `def`s in CPython's `Lib/copy.py`).

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::PyDef;
use super::super::builtins::Def;
use super::super::error::PyResult;
use super::super::ops::hash_key;
use super::super::value::{Dict, Instance, Seq, Value};

pub(super) static DEFS: [Def; 2] = [
    Def::new("copy(x)", PyDef, copy),
    Def::new("deepcopy(x, memo=None, _nil=[])", PyDef, deepcopy),
];

fn copy(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let v = a.arg(0)?;
    Ok(match &v {
        Value::List(l) => Value::list(l.borrow().clone()),
        Value::Dict(d) => Value::Dict(Rc::new(RefCell::new(d.borrow().clone()))),
        Value::Set(d) => Value::Set(Rc::new(RefCell::new(d.borrow().clone()))),
        Value::Instance(i) => Value::Instance(Rc::new(Instance {
            class: crate::interp::value::ClassCell::new(Rc::clone(&i.class())),
            attrs: Rc::new(RefCell::new(i.attrs.borrow().clone())),
        })),
        _ => v,
    })
}

fn deepcopy(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let mut memo: HashMap<usize, Value> = HashMap::new();
    deep(interp, &a.arg(0)?, &mut memo, 0)
}

/// A deep copy of `v`; `memo` maps the identity of each container already copied to its copy, so shared
/// and self-containing structures keep their shape.
fn deep(
    interp: &mut Interpreter,
    v: &Value,
    memo: &mut HashMap<usize, Value>,
    depth: usize,
) -> PyResult<Value> {
    interp.tick()?;
    if depth >= crate::interp::MAX_NESTING {
        return Err(crate::interp::too_deep());
    }
    if let Some(id) = v.identity()
        && let Some(done) = memo.get(&id)
    {
        return Ok(done.clone());
    }
    // A native type copies its own values (a tensor: new storage, a leaf); `None` leaves the value to
    // the rules below.
    let native = match interp.native_type(v) {
        Some(ty) => ty.deep_copy(interp, v)?,
        None => None,
    };
    let out = match (native, v) {
        (Some(copied), _) => copied,
        (None, Value::List(l)) => {
            let new = Rc::new(RefCell::new(Seq::default()));
            memo.insert(v.identity().unwrap_or(0), Value::List(Rc::clone(&new)));
            let items = l.borrow().clone();
            for x in items {
                let c = deep(interp, &x, memo, depth + 1)?;
                new.borrow_mut().push(c);
            }
            return Ok(Value::List(new));
        }
        (None, Value::Tuple(t)) => Value::tuple(
            t.iter()
                .map(|x| deep(interp, x, memo, depth + 1))
                .collect::<PyResult<_>>()?,
        ),
        (None, Value::Dict(d)) => {
            let entries = d.borrow().entries.clone();
            let mut nd = Dict::default();
            for (k, x) in entries {
                let c = deep(interp, &x, memo, depth + 1)?;
                nd.insert(hash_key(&k)?, k, c)?;
            }
            Value::Dict(Rc::new(RefCell::new(nd)))
        }
        (None, Value::Set(d)) => Value::Set(Rc::new(RefCell::new(d.borrow().clone()))),
        (None, Value::FrozenSet(d)) => Value::FrozenSet(Rc::new(RefCell::new(d.borrow().clone()))),
        (None, Value::Instance(i)) => {
            let new = Rc::new(Instance {
                class: crate::interp::value::ClassCell::new(Rc::clone(&i.class())),
                attrs: crate::interp::value::new_attrs(Vec::new()),
            });
            memo.insert(v.identity().unwrap_or(0), Value::Instance(Rc::clone(&new)));
            let attrs = i.attrs.borrow().entries.clone();
            for (k, x) in attrs {
                let c = deep(interp, &x, memo, depth + 1)?;
                let hk = crate::interp::ops::hash_key(&k)?;
                new.attrs.borrow_mut().insert(hk, k, c)?;
            }
            return Ok(Value::Instance(new));
        }
        (None, other) => other.clone(),
    };
    if let Some(id) = v.identity() {
        memo.insert(id, out.clone());
    }
    Ok(out)
}
