//! `collections.deque`, after CPython 3.11's `Modules/_collectionsmodule.c`: a double-ended queue with an
//! optional `maxlen` (appending to a full deque drops an item from the other end).

use std::any::Any;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator};

use super::super::super::Interpreter;
use super::super::super::args::Dialect::{Positional, Unpack};
use super::super::super::args::{Bound, Sig};
use super::super::super::convert::{index_of, to_int};
use super::super::super::error::{ExcKind, PyResult, exc, type_error, value_error};
use super::super::super::native::{NativeObject, NativeType};
use super::super::super::value::{Args, Value};

pub(crate) struct Deque {
    items: RefCell<VecDeque<Value>>,
    maxlen: Option<usize>,
}

impl NativeObject for Deque {
    fn native_type(&self) -> &'static dyn NativeType {
        &DEQUE
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

fn deque(v: &Value) -> Option<&Deque> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<Deque>(),
        _ => None,
    }
}

fn new_value(items: VecDeque<Value>, maxlen: Option<usize>) -> Value {
    Value::Native(Rc::new(Deque {
        items: RefCell::new(items),
        maxlen,
    }))
}

impl Deque {
    fn push_back(&self, v: Value) -> PyResult<()> {
        let mut items = self.items.borrow_mut();
        if self.maxlen == Some(0) {
            return Ok(());
        }
        if items.len() == items.capacity() {
            super::super::super::reserve_values(items.len().max(4))?;
        }
        items.push_back(v);
        if self.maxlen.is_some_and(|m| items.len() > m) {
            items.pop_front();
        }
        Ok(())
    }

    fn push_front(&self, v: Value) -> PyResult<()> {
        let mut items = self.items.borrow_mut();
        if self.maxlen == Some(0) {
            return Ok(());
        }
        if items.len() == items.capacity() {
            super::super::super::reserve_values(items.len().max(4))?;
        }
        items.push_front(v);
        if self.maxlen.is_some_and(|m| items.len() > m) {
            items.pop_back();
        }
        Ok(())
    }
}

struct Method {
    sig: Sig,
    body: fn(&mut Interpreter, &Value, &Deque, Bound) -> PyResult<Value>,
}

const fn m(
    text: &'static str,
    dialect: super::super::super::args::Dialect,
    body: fn(&mut Interpreter, &Value, &Deque, Bound) -> PyResult<Value>,
) -> Method {
    Method {
        sig: Sig::new(text, dialect),
        body,
    }
}

fn empty() -> super::super::super::error::Unwind {
    exc(ExcKind::IndexError, "pop from an empty deque")
}

static METHODS: [Method; 15] = [
    m("deque.append(x, /)", Positional, |_, _, d, a| {
        d.push_back(a.arg(0)?)?;
        Ok(Value::None)
    }),
    m("deque.appendleft(x, /)", Positional, |_, _, d, a| {
        d.push_front(a.arg(0)?)?;
        Ok(Value::None)
    }),
    m("deque.pop()", Positional, |_, _, d, _| {
        d.items.borrow_mut().pop_back().ok_or_else(empty)
    }),
    m("deque.popleft()", Positional, |_, _, d, _| {
        d.items.borrow_mut().pop_front().ok_or_else(empty)
    }),
    m("deque.extend(iterable, /)", Positional, |i, _, d, a| {
        for v in i.collect_iter(&a.arg(0)?)? {
            d.push_back(v)?;
        }
        Ok(Value::None)
    }),
    m("deque.extendleft(iterable, /)", Positional, |i, _, d, a| {
        for v in i.collect_iter(&a.arg(0)?)? {
            d.push_front(v)?;
        }
        Ok(Value::None)
    }),
    m("rotate(n=1, /)", Unpack, rotate),
    m("deque.clear()", Positional, |_, _, d, _| {
        d.items.borrow_mut().clear();
        Ok(Value::None)
    }),
    m("deque.count(value, /)", Positional, |i, _, d, a| {
        let x = a.arg(0)?;
        let items: Vec<Value> = d.items.borrow().iter().cloned().collect();
        let mut n = 0;
        for v in &items {
            if i.equals(v, &x)? {
                n += 1;
            }
        }
        Ok(Value::int(n))
    }),
    m("index(value, start=0, stop=None, /)", Unpack, index),
    m("deque.remove(value, /)", Positional, remove),
    m("deque.reverse()", Positional, |_, _, d, _| {
        d.items.borrow_mut().make_contiguous().reverse();
        Ok(Value::None)
    }),
    m("deque.copy()", Positional, |_, _, d, _| {
        Ok(new_value(d.items.borrow().clone(), d.maxlen))
    }),
    m("insert(index, value, /)", Positional, insert),
    m("deque.__copy__()", Positional, |_, _, d, _| {
        Ok(new_value(d.items.borrow().clone(), d.maxlen))
    }),
];

fn method(name: &str) -> Option<&'static Method> {
    METHODS.iter().find(|m| m.sig.method_name() == name)
}

fn rotate(_: &mut Interpreter, _: &Value, d: &Deque, a: Bound) -> PyResult<Value> {
    let n = match a.value(0) {
        Some(v) => to_int(&v, "")?,
        None => 1,
    };
    let mut items = d.items.borrow_mut();
    let len = items.len() as i64;
    if len > 1 {
        let k = n.rem_euclid(len) as usize;
        items.rotate_right(k);
    }
    Ok(Value::None)
}

fn not_in() -> impl Fn(&mut Interpreter, &Value) -> super::super::super::error::Unwind {
    |interp, x| match interp.repr(x) {
        Ok(r) => value_error(format!("{r} is not in deque")),
        Err(e) => e,
    }
}

fn index(interp: &mut Interpreter, _: &Value, d: &Deque, a: Bound) -> PyResult<Value> {
    let x = a.arg(0)?;
    let items: Vec<Value> = d.items.borrow().iter().cloned().collect();
    let len = items.len() as i64;
    let clamp = |i: i64| if i < 0 { (i + len).max(0) } else { i.min(len) };
    let start = match a.value(1) {
        Some(v) => clamp(to_int(&v, "")?),
        None => 0,
    };
    let stop = match a.value(2) {
        Some(v) => clamp(to_int(&v, "")?),
        None => len,
    };
    for i in start..stop {
        if interp.equals(&items[i as usize], &x)? {
            return Ok(Value::int(i));
        }
    }
    Err(not_in()(interp, &x))
}

fn remove(interp: &mut Interpreter, _: &Value, d: &Deque, a: Bound) -> PyResult<Value> {
    let x = a.arg(0)?;
    let items: Vec<Value> = d.items.borrow().iter().cloned().collect();
    for (i, v) in items.iter().enumerate() {
        if interp.equals(v, &x)? {
            d.items.borrow_mut().remove(i);
            return Ok(Value::None);
        }
    }
    Err(not_in()(interp, &x))
}

fn insert(_: &mut Interpreter, _: &Value, d: &Deque, a: Bound) -> PyResult<Value> {
    let i = to_int(&a.arg(0)?, "")?;
    let v = a.arg(1)?;
    let mut items = d.items.borrow_mut();
    if d.maxlen.is_some_and(|m| items.len() >= m) {
        return Err(exc(
            ExcKind::IndexError,
            "deque already at its maximum size",
        ));
    }
    let len = items.len() as i64;
    let at = if i < 0 { (i + len).max(0) } else { i.min(len) };
    items.insert(at as usize, v);
    Ok(Value::None)
}

/// The position `index` names in a deque of `len` items.
fn position(index: &Value, len: usize) -> PyResult<usize> {
    let Some(i) = index_of(index)? else {
        return Err(type_error(format!(
            "sequence index must be integer, not '{}'",
            index.type_name()
        )));
    };
    let j = if i < 0 { i + len as i64 } else { i };
    if j < 0 || j >= len as i64 {
        return Err(exc(ExcKind::IndexError, "deque index out of range"));
    }
    Ok(j as usize)
}

struct DequeType;
static DEQUE: DequeType = DequeType;

impl NativeType for DequeType {
    fn name(&self, _obj: &Value) -> String {
        "collections.deque".into()
    }

    fn is_instance(&self, _obj: &Value, type_name: &str) -> bool {
        type_name == "deque"
    }

    fn hash_key(&self, obj: &Value) -> PyResult<Option<super::super::super::value::HashKey>> {
        Err(type_error(format!("unhashable type: '{}'", self.name(obj))))
    }

    fn type_object(&self, interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(super::class_named(interp, "deque"))
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        if name == "maxlen" {
            return Ok(deque(obj).map(|d| d.maxlen.map_or(Value::None, |m| Value::int(m as i64))));
        }
        Ok(method(name).map(|_| Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name))))))
    }

    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        method(name).is_some()
    }

    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        match (method(name), deque(obj)) {
            (Some(m), Some(d)) => {
                let bound = m.sig.bind(args)?;
                (m.body)(interp, obj, d, bound)
            }
            _ => Err(super::super::super::error::attribute_error(format!(
                "'collections.deque' object has no attribute '{name}'"
            ))),
        }
    }

    fn get_item(&self, _interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        let Some(d) = deque(obj) else {
            return Err(type_error("not a deque"));
        };
        let items = d.items.borrow();
        let i = position(index, items.len())?;
        Ok(items[i].clone())
    }

    fn set_item(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        index: &Value,
        value: &Value,
    ) -> PyResult<()> {
        if let Some(d) = deque(obj) {
            let mut items = d.items.borrow_mut();
            let i = position(index, items.len())?;
            items[i] = value.clone();
        }
        Ok(())
    }

    fn del_item(&self, _interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<()> {
        if let Some(d) = deque(obj) {
            let mut items = d.items.borrow_mut();
            let i = position(index, items.len())?;
            items.remove(i);
        }
        Ok(())
    }

    fn iterate(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Vec<Value>> {
        Ok(deque(obj).map_or_else(Vec::new, |d| d.items.borrow().iter().cloned().collect()))
    }

    fn len(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<usize> {
        Ok(deque(obj).map_or(0, |d| d.items.borrow().len()))
    }

    fn truth(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<bool> {
        Ok(deque(obj).is_some_and(|d| !d.items.borrow().is_empty()))
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(d) = deque(obj) else {
            return Ok(None);
        };
        let items = Value::list(d.items.borrow().iter().cloned().collect());
        let shown = interp.repr(&items)?;
        Ok(Some(match d.maxlen {
            Some(m) => format!("deque({shown}, maxlen={m})"),
            None => format!("deque({shown})"),
        }))
    }

    fn compare(
        &self,
        interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        let (Some(a), Some(b)) = (deque(lhs), deque(rhs)) else {
            return Ok(None);
        };
        let a = Value::list(a.items.borrow().iter().cloned().collect());
        let b = Value::list(b.items.borrow().iter().cloned().collect());
        interp.compare(op, &a, &b).map(Some)
    }

    fn binary_op(
        &self,
        interp: &mut Interpreter,
        op: Operator,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Value> {
        match (op, deque(lhs), deque(rhs)) {
            (Operator::Add, Some(a), Some(b)) => {
                let out = new_value(a.items.borrow().clone(), a.maxlen);
                if let Some(o) = deque(&out) {
                    for v in b.items.borrow().iter() {
                        o.push_back(v.clone())?;
                    }
                }
                Ok(out)
            }
            (Operator::Mult, Some(a), None) => {
                let n = index_of(rhs)?.unwrap_or(0).max(0) as usize;
                let items: Vec<Value> = a.items.borrow().iter().cloned().collect();
                super::super::super::reserve_values(items.len() * n)?;
                let out = new_value(VecDeque::new(), a.maxlen);
                if let Some(o) = deque(&out) {
                    for _ in 0..n {
                        for v in &items {
                            o.push_back(v.clone())?;
                        }
                    }
                }
                let _ = interp;
                Ok(out)
            }
            _ => Err(type_error(format!(
                "unsupported operand type(s) for {}: '{}' and '{}'",
                super::super::super::ops::op_symbol(op),
                lhs.type_name(),
                rhs.type_name()
            ))),
        }
    }
}

/// `deque(iterable=(), maxlen=None)`.
pub(super) fn new_deque(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let given = args.pos.len() + args.kw.len();
    if given > 2 {
        return Err(type_error(format!(
            "deque() takes at most 2 arguments ({given} given)"
        )));
    }
    let mut iterable = args.pos.first().cloned();
    let mut maxlen = args.pos.get(1).cloned();
    for (k, v) in &args.kw {
        match &**k {
            "iterable" => iterable = Some(v.clone()),
            "maxlen" => maxlen = Some(v.clone()),
            other => {
                return Err(type_error(format!(
                    "deque() got an unexpected keyword argument '{other}'"
                )));
            }
        }
    }
    let maxlen = match maxlen {
        None | Some(Value::None) => None,
        Some(v) => {
            let m = index_of(&v)?.ok_or_else(|| type_error("an integer is required"))?;
            if m < 0 {
                return Err(value_error("maxlen must be non-negative"));
            }
            Some(m as usize)
        }
    };
    let out = new_value(VecDeque::new(), maxlen);
    if let (Some(src), Some(d)) = (iterable, deque(&out)) {
        for v in interp.collect_iter(&src)? {
            d.push_back(v)?;
        }
    }
    Ok(out)
}
