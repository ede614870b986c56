//! `Counter`, `defaultdict` and `OrderedDict`: a dict (shared, so views and aliases see changes) with
//! the behaviour each subclass adds in CPython 3.11 (`Lib/collections/__init__.py`, `_collectionsmodule.c`
//! for `defaultdict`). Methods they do not override are the dict's own, run on the same dict.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator};

use super::super::super::Interpreter;
use super::super::super::args::Dialect::{Clinic, Positional, PyDef};
use super::super::super::args::{Bound, Sig};
use super::super::super::builtins::builtin_with;
use super::super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::super::native::{NativeObject, NativeType};
use super::super::super::ops::hash_key;
use super::super::super::types;
use super::super::super::types::dict::update_from;
use super::super::super::types::list::sort_values;
use super::super::super::value::{Args, Dict, Value};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Flavor {
    Counter,
    DefaultDict,
    OrderedDict,
}

impl Flavor {
    fn name(self) -> &'static str {
        match self {
            Flavor::Counter => "Counter",
            Flavor::DefaultDict => "defaultdict",
            Flavor::OrderedDict => "OrderedDict",
        }
    }
}

pub(crate) struct DictLike {
    flavor: Flavor,
    dict: Rc<RefCell<Dict>>,
    /// `defaultdict.default_factory`.
    factory: RefCell<Value>,
}

impl NativeObject for DictLike {
    fn native_type(&self) -> &'static dyn NativeType {
        &DICT_LIKE
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

fn new_value(flavor: Flavor, dict: Dict, factory: Value) -> Value {
    Value::Native(Rc::new(DictLike {
        flavor,
        dict: Rc::new(RefCell::new(dict)),
        factory: RefCell::new(factory),
    }))
}

/// A new `OrderedDict` holding `dict` (what `state_dict()` returns).
pub(crate) fn ordered_dict(dict: Dict) -> Value {
    new_value(Flavor::OrderedDict, dict, Value::None)
}

pub(crate) fn dict_like(v: &Value) -> Option<&DictLike> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<DictLike>(),
        _ => None,
    }
}

/// Whether `v` is an `OrderedDict` (as `isinstance(v, OrderedDict)` asks).
pub(crate) fn is_ordered_dict(v: &Value) -> bool {
    dict_like(v).is_some_and(|d| d.flavor == Flavor::OrderedDict)
}

/// The entries of a dict, an `OrderedDict` or a `defaultdict`, in order; `None` for anything else.
pub(crate) fn mapping_entries(v: &Value) -> Option<Vec<(Value, Value)>> {
    match v {
        Value::Dict(d) => Some(d.borrow().entries.clone()),
        other => dict_like(other).map(|d| d.dict.borrow().entries.clone()),
    }
}

/// The dict behind a value, for the methods that forward to it.
fn as_dict(d: &DictLike) -> Value {
    Value::Dict(Rc::clone(&d.dict))
}

/// A method one of the three adds or overrides. `PyDef` signatures count `self`.
struct Method {
    flavor: Flavor,
    sig: Sig,
    body: fn(&mut Interpreter, &Value, &DictLike, Bound) -> PyResult<Value>,
}

const fn m(
    flavor: Flavor,
    text: &'static str,
    dialect: super::super::super::args::Dialect,
    body: fn(&mut Interpreter, &Value, &DictLike, Bound) -> PyResult<Value>,
) -> Method {
    Method {
        flavor,
        sig: Sig::new(text, dialect),
        body,
    }
}

static METHODS: [Method; 11] = [
    m(
        Flavor::Counter,
        "Counter.most_common(self, n=None)",
        PyDef,
        most_common,
    ),
    m(Flavor::Counter, "Counter.elements(self)", PyDef, elements),
    m(
        Flavor::Counter,
        "Counter.update(self, iterable=None, /, **kwds)",
        PyDef,
        |i, _, d, a| count_in(i, d, a, Operator::Add),
    ),
    m(
        Flavor::Counter,
        "Counter.subtract(self, iterable=None, /, **kwds)",
        PyDef,
        |i, _, d, a| count_in(i, d, a, Operator::Sub),
    ),
    m(Flavor::Counter, "Counter.total(self)", PyDef, total),
    m(Flavor::Counter, "Counter.copy(self)", PyDef, copy),
    m(Flavor::DefaultDict, "defaultdict.copy()", Positional, copy),
    m(
        Flavor::OrderedDict,
        "move_to_end(key, last=True)",
        Clinic,
        move_to_end,
    ),
    m(Flavor::OrderedDict, "popitem(last=True)", Clinic, popitem),
    m(Flavor::OrderedDict, "OrderedDict.copy(self)", PyDef, copy),
    m(
        Flavor::DefaultDict,
        "defaultdict.__missing__(key, /)",
        Positional,
        |i, v, d, a| missing(i, v, d, a.arg(0)?),
    ),
];

fn own_method(flavor: Flavor, name: &str) -> Option<&'static Method> {
    METHODS
        .iter()
        .find(|m| m.flavor == flavor && m.sig.method_name() == name)
}

fn call_own(
    interp: &mut Interpreter,
    m: &'static Method,
    this: &Value,
    d: &DictLike,
    mut args: Args,
) -> PyResult<Value> {
    if m.sig.signature()?.dialect == PyDef {
        args.pos.insert(0, this.clone());
    }
    let bound = m.sig.bind(args)?;
    (m.body)(interp, this, d, bound)
}

struct DictLikeType;
static DICT_LIKE: DictLikeType = DictLikeType;

impl NativeType for DictLikeType {
    fn name(&self, obj: &Value) -> String {
        dict_like(obj).map_or("dict", |d| d.flavor.name()).into()
    }

    fn is_instance(&self, obj: &Value, type_name: &str) -> bool {
        type_name == "dict" || self.name(obj) == type_name
    }

    fn hash_key(&self, obj: &Value) -> PyResult<Option<super::super::super::value::HashKey>> {
        Err(type_error(format!("unhashable type: '{}'", self.name(obj))))
    }

    fn type_object(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Value> {
        Ok(super::class_named(interp, &self.name(obj)))
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let Some(d) = dict_like(obj) else {
            return Ok(None);
        };
        if d.flavor == Flavor::DefaultDict && name == "default_factory" {
            return Ok(Some(d.factory.borrow().clone()));
        }
        if self.has_method(obj, name) {
            return Ok(Some(Value::NativeMethod(Rc::new((
                obj.clone(),
                Rc::from(name),
            )))));
        }
        Ok(None)
    }

    fn set_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        value: &Value,
    ) -> PyResult<bool> {
        match dict_like(obj) {
            Some(d) if d.flavor == Flavor::DefaultDict && name == "default_factory" => {
                *d.factory.borrow_mut() = value.clone();
                Ok(false)
            }
            _ => Err(super::super::super::error::attribute_error(format!(
                "'{}' object has no attribute '{name}'",
                self.name(obj)
            ))),
        }
    }

    fn has_method(&self, obj: &Value, name: &str) -> bool {
        dict_like(obj).is_some_and(|d| {
            own_method(d.flavor, name).is_some() || types::has_method(&as_dict(d), name)
        })
    }

    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        let Some(d) = dict_like(obj) else {
            return Err(type_error("not a dict"));
        };
        match own_method(d.flavor, name) {
            Some(m) => call_own(interp, m, obj, d, args),
            None => {
                let out = types::call_method(interp, &as_dict(d), name, args)?;
                Ok(match out {
                    Value::DictView(dict, k) if d.flavor == Flavor::OrderedDict => {
                        Value::DictView(dict, k | super::super::super::value::VIEW_OF_ORDERED)
                    }
                    other => other,
                })
            }
        }
    }

    fn get_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        let Some(d) = dict_like(obj) else {
            return Err(type_error("not a dict"));
        };
        let found = d.dict.borrow().get(&hash_key(index)?).cloned();
        match found {
            Some(v) => Ok(v),
            None => match d.flavor {
                Flavor::Counter => Ok(Value::int(0)),
                Flavor::DefaultDict => missing(interp, obj, d, index.clone()),
                Flavor::OrderedDict => {
                    Err(super::super::super::exceptions::key_error(interp, index))
                }
            },
        }
    }

    fn set_item(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        index: &Value,
        value: &Value,
    ) -> PyResult<()> {
        if let Some(d) = dict_like(obj) {
            d.dict
                .borrow_mut()
                .insert(hash_key(index)?, index.clone(), value.clone())?;
        }
        Ok(())
    }

    fn del_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<()> {
        let Some(d) = dict_like(obj) else {
            return Ok(());
        };
        let removed = d.dict.borrow_mut().remove(&hash_key(index)?);
        match removed {
            Some(_) => Ok(()),
            // `Counter.__delitem__` ignores a missing key.
            None if d.flavor == Flavor::Counter => Ok(()),
            None => Err(super::super::super::exceptions::key_error(interp, index)),
        }
    }

    fn iterate(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Vec<Value>> {
        Ok(dict_like(obj).map_or_else(Vec::new, |d| d.dict.borrow().view_items(0)))
    }

    fn len(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<usize> {
        Ok(dict_like(obj).map_or(0, |d| d.dict.borrow().len()))
    }

    fn contains(&self, _interp: &mut Interpreter, obj: &Value, item: &Value) -> PyResult<bool> {
        let key = hash_key(item)?;
        Ok(dict_like(obj).is_some_and(|d| d.dict.borrow().get(&key).is_some()))
    }

    fn truth(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<bool> {
        Ok(dict_like(obj).is_some_and(|d| !d.dict.borrow().is_empty()))
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(d) = dict_like(obj) else {
            return Ok(None);
        };
        let name = d.flavor.name();
        Ok(Some(match d.flavor {
            Flavor::Counter => {
                if d.dict.borrow().is_empty() {
                    format!("{name}()")
                } else {
                    // `dict(self.most_common())`, or the dict itself when counts do not order.
                    let shown = match ranked(interp, d) {
                        Ok(items) => dict_of(items)?,
                        Err(_) => as_dict(d),
                    };
                    format!("{name}({})", interp.repr(&shown)?)
                }
            }
            Flavor::DefaultDict => {
                let factory = d.factory.borrow().clone();
                format!(
                    "{name}({}, {})",
                    interp.repr(&factory)?,
                    interp.repr(&as_dict(d))?
                )
            }
            Flavor::OrderedDict => {
                if d.dict.borrow().is_empty() {
                    format!("{name}()")
                } else {
                    let items = Value::list(d.dict.borrow().view_items(2));
                    format!("{name}({})", interp.repr(&items)?)
                }
            }
        }))
    }

    fn compare(
        &self,
        interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        if !matches!(op, CmpOp::Eq | CmpOp::NotEq) {
            return Ok(None);
        }
        let side = |v: &Value| match v {
            Value::Dict(_) => Some((None, v.clone())),
            _ => dict_like(v).map(|d| (Some(d.flavor), as_dict(d))),
        };
        let (Some((fa, a)), Some((fb, b))) = (side(lhs), side(rhs)) else {
            return Ok(None);
        };
        let equal = if fa == Some(Flavor::Counter) && fb == Some(Flavor::Counter) {
            // `Counter.__eq__` (3.10+): missing elements count as zero.
            counter_eq(interp, &a, &b)?
        } else if fa == Some(Flavor::OrderedDict) && fb == Some(Flavor::OrderedDict) {
            // Two OrderedDicts are equal only in the same order.
            let (ka, kb) = (keys_of(&a), keys_of(&b));
            let mut same = ka.len() == kb.len();
            for (x, y) in ka.iter().zip(&kb) {
                same = same && interp.equals(x, y)?;
            }
            same && interp.equals(&a, &b)?
        } else {
            interp.equals(&a, &b)?
        };
        Ok(Some(Value::Bool(equal == (op == CmpOp::Eq))))
    }

    fn binary_op(
        &self,
        interp: &mut Interpreter,
        op: Operator,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Value> {
        let unsupported = || {
            type_error(format!(
                "unsupported operand type(s) for {}: '{}' and '{}'",
                super::super::super::ops::op_symbol(op),
                lhs.type_name(),
                rhs.type_name()
            ))
        };
        match (dict_like(lhs), dict_like(rhs)) {
            (Some(a), Some(b)) if a.flavor == Flavor::Counter && b.flavor == Flavor::Counter => {
                counter_op(interp, op, a, b).and_then(|v| v.ok_or_else(unsupported))
            }
            _ => Err(unsupported()),
        }
    }

    fn unary_op(
        &self,
        interp: &mut Interpreter,
        op: rustpython_parser::ast::UnaryOp,
        obj: &Value,
    ) -> PyResult<Value> {
        use rustpython_parser::ast::UnaryOp;
        match (dict_like(obj), op) {
            (Some(d), UnaryOp::UAdd | UnaryOp::USub) if d.flavor == Flavor::Counter => {
                let empty = DictLike {
                    flavor: Flavor::Counter,
                    dict: Rc::new(RefCell::new(Dict::default())),
                    factory: RefCell::new(Value::None),
                };
                let bin = if op == UnaryOp::UAdd {
                    Operator::Add
                } else {
                    Operator::Sub
                };
                counter_op(interp, bin, &empty, d).map(|v| v.unwrap_or(Value::None))
            }
            _ => Err(type_error(format!(
                "bad operand type for unary {}: '{}'",
                super::super::super::ops::unary_symbol(op),
                self.name(obj)
            ))),
        }
    }

    fn deep_copy(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<Value>> {
        let Some(d) = dict_like(obj) else {
            return Ok(None);
        };
        let inner = super::super::copy::DEFS[1].call(interp, Args::new(vec![as_dict(d)]))?;
        let Value::Dict(inner) = inner else {
            return Ok(None);
        };
        let dict = inner.borrow().clone();
        Ok(Some(new_value(d.flavor, dict, d.factory.borrow().clone())))
    }
}

fn keys_of(v: &Value) -> Vec<Value> {
    match v {
        Value::Dict(d) => d.borrow().view_items(0),
        _ => Vec::new(),
    }
}

fn dict_of(items: Vec<Value>) -> PyResult<Value> {
    let mut out = Dict::default();
    for item in items {
        if let Value::Tuple(t) = item
            && let [k, v] = &t[..]
        {
            out.insert(hash_key(k)?, k.clone(), v.clone())?;
        }
    }
    Ok(Value::Dict(Rc::new(RefCell::new(out))))
}

/// The items by count, largest first, equal counts in insertion order (`most_common()`).
fn ranked(interp: &mut Interpreter, d: &DictLike) -> PyResult<Vec<Value>> {
    let items = d.dict.borrow().view_items(2);
    let second = builtin_with("itemgetter", |interp, a: Args| {
        let item = a.pos.first().cloned().unwrap_or(Value::None);
        interp.get_item(&item, Value::int(1))
    });
    sort_values(interp, items, Some(second), true)
}

fn most_common(interp: &mut Interpreter, _: &Value, d: &DictLike, a: Bound) -> PyResult<Value> {
    let mut items = ranked(interp, d)?;
    if let Some(n) = a.value(1).filter(|v| !matches!(v, Value::None)) {
        // `heapq.nlargest(n, ...)`: a negative n gives nothing.
        let n = super::super::super::convert::to_int(&n, "")?;
        items.truncate(n.max(0) as usize);
    }
    Ok(Value::list(items))
}

fn elements(_: &mut Interpreter, _: &Value, d: &DictLike, _: Bound) -> PyResult<Value> {
    let entries = d.dict.borrow().entries.clone();
    let mut out = Vec::new();
    for (k, count) in entries {
        // `repeat(elem, count)`: the count must be an int; zero and negatives give nothing.
        let n = super::super::super::convert::to_int(&count, "")?;
        if n > 0 {
            super::super::super::reserve_values(out.len() + n as usize)?;
            out.extend(std::iter::repeat_n(k, n as usize));
        }
    }
    Ok(super::super::super::builtins::seq_iter(out))
}

fn total(interp: &mut Interpreter, _: &Value, d: &DictLike, _: Bound) -> PyResult<Value> {
    let values = d.dict.borrow().view_items(1);
    let mut acc = Value::int(0);
    for v in values {
        acc = interp.binary_op(Operator::Add, acc, v)?;
    }
    Ok(acc)
}

fn copy(_: &mut Interpreter, _: &Value, d: &DictLike, _: Bound) -> PyResult<Value> {
    Ok(new_value(
        d.flavor,
        d.dict.borrow().clone(),
        d.factory.borrow().clone(),
    ))
}

/// `self[key] = self.get(key, 0) op n`.
fn bump(
    interp: &mut Interpreter,
    d: &DictLike,
    key: Value,
    n: Value,
    op: Operator,
) -> PyResult<()> {
    let hk = hash_key(&key)?;
    let old = d.dict.borrow().get(&hk).cloned().unwrap_or(Value::int(0));
    let new = interp.binary_op(op, old, n)?;
    d.dict.borrow_mut().insert(hk, key, new)?;
    Ok(())
}

/// `Counter.update` (op `+`) and `Counter.subtract` (op `-`): a mapping's counts, or one per item of an
/// iterable, then the keyword counts.
fn count_in(interp: &mut Interpreter, d: &DictLike, a: Bound, op: Operator) -> PyResult<Value> {
    if let Some(src) = a.value(1).filter(|v| !matches!(v, Value::None)) {
        let pairs = match &src {
            Value::Dict(o) => Some(o.borrow().entries.clone()),
            other => dict_like(other).map(|o| o.dict.borrow().entries.clone()),
        };
        match pairs {
            Some(pairs) => {
                for (k, v) in pairs {
                    bump(interp, d, k, v, op)?;
                }
            }
            None => {
                for k in interp.collect_iter(&src)? {
                    bump(interp, d, k, Value::int(1), op)?;
                }
            }
        }
    }
    for (k, v) in a.varkw() {
        bump(interp, d, Value::Str(k), v, op)?;
    }
    Ok(Value::None)
}

fn counter_eq(interp: &mut Interpreter, a: &Value, b: &Value) -> PyResult<bool> {
    let (Value::Dict(da), Value::Dict(db)) = (a, b) else {
        return Ok(false);
    };
    for (x, y) in [(da, db), (db, da)] {
        let entries = x.borrow().entries.clone();
        for (k, v) in entries {
            let other = y
                .borrow()
                .get(&hash_key(&k)?)
                .cloned()
                .unwrap_or(Value::int(0));
            if !interp.equals(&v, &other)? {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

fn positive(interp: &mut Interpreter, v: &Value) -> PyResult<bool> {
    let gt = interp.compare(CmpOp::Gt, v, &Value::int(0))?;
    interp.truthy(&gt)
}

/// `Counter.__add__`, `__sub__`, `__or__`, `__and__`: only positive counts are kept.
fn counter_op(
    interp: &mut Interpreter,
    op: Operator,
    a: &DictLike,
    b: &DictLike,
) -> PyResult<Option<Value>> {
    let (ea, eb) = (a.dict.borrow().clone(), b.dict.borrow().clone());
    let mut out = Dict::default();
    let zero = Value::int(0);
    for (k, count) in &ea.entries {
        let other = eb.get(&hash_key(k)?).cloned().unwrap_or(zero.clone());
        let new = match op {
            Operator::Add => interp.binary_op(Operator::Add, count.clone(), other)?,
            Operator::Sub => interp.binary_op(Operator::Sub, count.clone(), other)?,
            Operator::BitOr => {
                let lt = interp.compare(CmpOp::Lt, count, &other)?;
                if interp.truthy(&lt)? {
                    other
                } else {
                    count.clone()
                }
            }
            Operator::BitAnd => {
                let lt = interp.compare(CmpOp::Lt, count, &other)?;
                if interp.truthy(&lt)? {
                    count.clone()
                } else {
                    other
                }
            }
            _ => return Ok(None),
        };
        if positive(interp, &new)? {
            out.insert(hash_key(k)?, k.clone(), new)?;
        }
    }
    if matches!(op, Operator::Add | Operator::Sub | Operator::BitOr) {
        for (k, count) in &eb.entries {
            if ea.get(&hash_key(k)?).is_some() {
                continue;
            }
            let new = if op == Operator::Sub {
                interp.binary_op(Operator::Sub, zero.clone(), count.clone())?
            } else {
                count.clone()
            };
            if positive(interp, &new)? {
                out.insert(hash_key(k)?, k.clone(), new)?;
            }
        }
    }
    Ok(Some(new_value(Flavor::Counter, out, Value::None)))
}

/// `defaultdict.__missing__`: the factory's value, stored under the key; a `KeyError` without one.
fn missing(interp: &mut Interpreter, _: &Value, d: &DictLike, key: Value) -> PyResult<Value> {
    let factory = d.factory.borrow().clone();
    if matches!(factory, Value::None) {
        return Err(super::super::super::exceptions::key_error(interp, &key));
    }
    let v = interp.call_value(factory, Args::default())?;
    d.dict
        .borrow_mut()
        .insert(hash_key(&key)?, key, v.clone())?;
    Ok(v)
}

fn move_to_end(interp: &mut Interpreter, _: &Value, d: &DictLike, a: Bound) -> PyResult<Value> {
    let key = a.arg(0)?;
    let last = match a.value(1) {
        Some(v) => interp.truthy(&v)?,
        None => true,
    };
    let hk = hash_key(&key)?;
    let mut dict = d.dict.borrow_mut();
    let Some(v) = dict.remove(&hk) else {
        drop(dict);
        return Err(super::super::super::exceptions::key_error(interp, &key));
    };
    if last {
        dict.insert(hk, key, v)?;
    } else {
        let mut rest = std::mem::take(&mut *dict);
        dict.insert(hk, key, v)?;
        for (k, v) in std::mem::take(&mut rest.entries) {
            dict.insert(hash_key(&k)?, k, v)?;
        }
    }
    Ok(Value::None)
}

fn popitem(interp: &mut Interpreter, _: &Value, d: &DictLike, a: Bound) -> PyResult<Value> {
    let last = match a.value(0) {
        Some(v) => interp.truthy(&v)?,
        None => true,
    };
    let mut dict = d.dict.borrow_mut();
    let entry = if last {
        dict.entries.last().cloned()
    } else {
        dict.entries.first().cloned()
    };
    let Some((k, v)) = entry else {
        return Err(exc(ExcKind::KeyError, "'dictionary is empty'"));
    };
    dict.remove(&hash_key(&k)?);
    Ok(Value::tuple(vec![k, v]))
}

/// `Counter(iterable=None, /, **kwds)`.
pub(super) fn new_counter(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = Sig::new("Counter.__init__(self, iterable=None, /, **kwds)", PyDef);
    let v = new_value(Flavor::Counter, Dict::default(), Value::None);
    let mut with_self = Args::new(args.pos.clone());
    with_self.pos.insert(0, v.clone());
    with_self.kw = args.kw.clone();
    let bound = SIG.bind(with_self)?;
    if let Some(d) = dict_like(&v) {
        count_in(interp, d, bound, Operator::Add)?;
    }
    Ok(v)
}

/// `OrderedDict(other=(), /, **kwds)` and `defaultdict(default_factory=None, /, *args, **kwds)`: a
/// dict filled as `dict(...)` fills one.
fn fill(
    interp: &mut Interpreter,
    d: &Value,
    pos: &[Value],
    kw: &[(Rc<str>, Value)],
) -> PyResult<()> {
    let Some(dl) = dict_like(d) else {
        return Ok(());
    };
    if let Some(src) = pos.first() {
        let src = match dict_like(src) {
            Some(o) => as_dict(o),
            None => src.clone(),
        };
        update_from(interp, &dl.dict, &src)?;
    }
    let mut dict = dl.dict.borrow_mut();
    for (k, v) in kw {
        dict.insert(
            super::super::super::value::HashKey::Str(Rc::clone(k)),
            Value::Str(Rc::clone(k)),
            v.clone(),
        )?;
    }
    Ok(())
}

pub(super) fn new_ordered_dict(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    if args.pos.len() > 1 {
        return Err(type_error(format!(
            "OrderedDict expected at most 1 argument, got {}",
            args.pos.len()
        )));
    }
    let v = new_value(Flavor::OrderedDict, Dict::default(), Value::None);
    fill(interp, &v, &args.pos, &args.kw)?;
    Ok(v)
}

pub(super) fn new_defaultdict(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let factory = args.pos.first().cloned().unwrap_or(Value::None);
    let callable = matches!(
        factory,
        Value::None
            | Value::Builtin(_)
            | Value::Function(_)
            | Value::Class(_)
            | Value::BoundMethod(_)
            | Value::NativeMethod(_)
    ) || dict_like(&factory).is_none() && matches!(factory, Value::Native(_));
    if !callable {
        return Err(type_error("first argument must be callable or None"));
    }
    if args.pos.len() > 2 {
        return Err(type_error(format!(
            "dict expected at most 1 argument, got {}",
            args.pos.len() - 1
        )));
    }
    let v = new_value(Flavor::DefaultDict, Dict::default(), factory);
    let rest = args.pos.get(1..).unwrap_or(&[]);
    fill(interp, &v, rest, &args.kw)?;
    Ok(v)
}
