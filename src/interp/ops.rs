//! Python operators on plain values (numbers, strings, sequences); native values (tensors) answer through
//! their type's slots (`interp::native`).

use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator, UnaryOp};

use super::Interpreter;
use super::error::{ExcKind, PyResult, exc, type_error};
use super::native::NativeType;
use super::value::{HashKey, Value};
use crate::tensor::sym::Sym;

pub(crate) fn unary_symbol(op: UnaryOp) -> &'static str {
    match op {
        UnaryOp::USub => "-",
        UnaryOp::UAdd => "+",
        UnaryOp::Invert => "~",
        UnaryOp::Not => "not",
    }
}

pub(crate) fn op_symbol(op: Operator) -> &'static str {
    match op {
        Operator::Add => "+",
        Operator::Sub => "-",
        Operator::Mult => "*",
        Operator::MatMult => "@",
        Operator::Div => "/",
        Operator::Mod => "%",
        Operator::Pow => "** or pow()",
        Operator::LShift => "<<",
        Operator::RShift => ">>",
        Operator::BitOr => "|",
        Operator::BitXor => "^",
        Operator::BitAnd => "&",
        Operator::FloorDiv => "//",
    }
}

pub(crate) fn hash_key(v: &Value) -> PyResult<HashKey> {
    hash_key_at(v, 0)
}

fn hash_key_at(v: &Value, depth: usize) -> PyResult<HashKey> {
    Ok(match v {
        Value::None => HashKey::None,
        Value::Bool(b) => HashKey::Int(*b as i64),
        Value::Int(i, _) => HashKey::Int(*i),
        Value::Float(f) => {
            if f.fract() == 0.0 && f.abs() < 9.2e18 {
                HashKey::Int(*f as i64)
            } else {
                HashKey::FloatBits(f.to_bits())
            }
        }
        Value::Str(s) => HashKey::Str(Rc::clone(s)),
        Value::Tuple(_) if depth >= super::MAX_NESTING => return Err(super::too_deep()),
        Value::Tuple(t) => HashKey::Tuple(
            t.iter()
                .map(|x| hash_key_at(x, depth + 1))
                .collect::<PyResult<_>>()?,
        ),
        Value::Size(s) => HashKey::Tuple(s.iter().map(|&d| HashKey::Int(d as i64)).collect()),
        Value::DType(d) => HashKey::Str(Rc::from(d.to_string().as_str())),
        Value::List(_) | Value::Dict(_) | Value::Set(_) => {
            return Err(type_error(format!("unhashable type: '{}'", v.type_name())));
        }
        Value::FrozenSet(d) => {
            let mut keys: Vec<HashKey> = d.borrow().index.keys().cloned().collect();
            keys.sort_by_cached_key(|k| format!("{k:?}"));
            HashKey::Frozen(keys)
        }
        Value::Instance(i)
            if let Some(ty) = i.class().slots()
                && let Some(k) = ty.hash_key(v)? =>
        {
            k
        }
        Value::Native(o) if let Some(k) = o.native_type().hash_key(v)? => k,
        other => match other.identity() {
            Some(id) => HashKey::Id(id),
            None => {
                return Err(type_error(format!(
                    "unhashable type: '{}'",
                    other.type_name()
                )));
            }
        },
    })
}

enum Num {
    Int(i64),
    Float(f64),
}

fn num(v: &Value) -> Option<Num> {
    match v {
        Value::Bool(b) => Some(Num::Int(*b as i64)),
        Value::Int(i, _) => Some(Num::Int(*i)),
        Value::Float(f) => Some(Num::Float(*f)),
        _ => None,
    }
}

fn float_floor_div(a: f64, b: f64) -> f64 {
    let m = a % b;
    let mut d = (a - m) / b;
    if m != 0.0 && ((b < 0.0) != (m < 0.0)) {
        d -= 1.0;
    }
    let fd = d.floor();
    if d - fd > 0.5 { fd + 1.0 } else { fd }
}

fn float_mod(a: f64, b: f64) -> f64 {
    let m = a % b;
    if m != 0.0 && ((b < 0.0) != (m < 0.0)) {
        m + b
    } else if m == 0.0 {
        0.0f64.copysign(b)
    } else {
        m
    }
}

impl Interpreter {
    /// The native type that answers an operator on `l` and `r`: a tensor or binding value on the left,
    /// else on the right, else a native class's instance (an nn module). Sizes and dtypes behave as the
    /// core's tuples and constants here.
    fn operator_type(&self, l: &Value, r: &Value) -> Option<&'static dyn NativeType> {
        let value_type = |v: &Value| match v {
            Value::Tensor(_) | Value::Native(_) => self.native_type(v),
            _ => None,
        };
        let instance_type = |v: &Value| match v {
            Value::Instance(i) => i.class().slots(),
            _ => None,
        };
        value_type(l)
            .or_else(|| value_type(r))
            .or_else(|| instance_type(l))
            .or_else(|| instance_type(r))
    }

    pub(crate) fn binary_op(&mut self, op: Operator, l: Value, r: Value) -> PyResult<Value> {
        if let Some(ty) = self.operator_type(&l, &r) {
            return ty.binary_op(self, op, &l, &r);
        }
        if let (Some(a), Some(b)) = (num(&l), num(&r)) {
            let out = num_binop(op, a, b)?;
            return Ok(with_symbol(op, &l, &r, out));
        }
        match (op, &l, &r) {
            (Operator::Add, Value::Str(a), Value::Str(b)) => {
                super::reserve_bytes(super::bytes_of(2, a.len(), 2 * b.len()))?;
                Ok(Value::str(&format!("{a}{b}")))
            }
            (Operator::Add, Value::List(a), Value::List(b)) => {
                super::reserve_values(a.borrow().len().saturating_add(b.borrow().len()))?;
                let mut v = a.borrow().clone();
                v.extend(b.borrow().iter().cloned());
                Ok(Value::list(v))
            }
            (Operator::Add, Value::Tuple(a), Value::Tuple(b)) => {
                super::reserve_values(a.len().saturating_add(b.len()))?;
                let mut v = a.to_vec();
                v.extend(b.iter().cloned());
                Ok(Value::tuple(v))
            }
            // `torch.Size` concatenated with a tuple or another Size, on either side, is a Size (torch's
            // `THPSize` arithmetic), whose items must be ints.
            (Operator::Add, Value::Size(_) | Value::Tuple(_), Value::Size(_) | Value::Tuple(_))
                if matches!(l, Value::Size(_)) || matches!(r, Value::Size(_)) =>
            {
                let items = |v: &Value| match v {
                    Value::Size(s) => s.items(),
                    Value::Tuple(t) => t.to_vec(),
                    _ => Vec::new(),
                };
                let mut v = items(&l);
                v.extend(items(&r));
                if let Some((i, bad)) = v
                    .iter()
                    .enumerate()
                    .find(|(_, x)| !matches!(x, Value::Int(..)))
                {
                    return Err(exc(
                        ExcKind::TypeError,
                        format!(
                            "torch.Size() takes an iterable of 'int' (item {i} is '{}')",
                            bad.type_name()
                        ),
                    ));
                }
                Ok(Value::size_from_items(&v))
            }
            (Operator::Mult, Value::Size(sz), Value::Int(n, _))
            | (Operator::Mult, Value::Int(n, _), Value::Size(sz)) => {
                let items = sz.items();
                let n = (*n).max(0) as usize;
                super::reserve_values(items.len().saturating_mul(n))?;
                let repeated: Vec<Value> = (0..n).flat_map(|_| items.iter().cloned()).collect();
                Ok(Value::size_from_items(&repeated))
            }
            (Operator::Mult, Value::Str(s), Value::Int(n, _))
            | (Operator::Mult, Value::Int(n, _), Value::Str(s)) => {
                let n = (*n).max(0) as usize;
                // The repeated String, then the str value made from it.
                super::reserve_bytes(super::bytes_of(s.len().saturating_mul(n), 2, 0))?;
                Ok(Value::str(&s.repeat(n)))
            }
            (Operator::Mult, Value::List(a), Value::Int(n, _))
            | (Operator::Mult, Value::Int(n, _), Value::List(a)) => {
                let items = a.borrow();
                let n = (*n).max(0) as usize;
                super::reserve_values(items.len().saturating_mul(n))?;
                let mut v = Vec::with_capacity(items.len() * n);
                for _ in 0..n {
                    v.extend(items.iter().cloned());
                }
                Ok(Value::list(v))
            }
            (Operator::Mult, Value::Tuple(a), Value::Int(n, _)) => {
                let n = (*n).max(0) as usize;
                super::reserve_values(a.len().saturating_mul(n))?;
                let mut v = Vec::with_capacity(a.len() * n);
                for _ in 0..n {
                    v.extend(a.iter().cloned());
                }
                Ok(Value::tuple(v))
            }
            (Operator::Mod, Value::Str(s), _) => {
                let args = match &r {
                    Value::Tuple(t) => t.to_vec(),
                    other => vec![other.clone()],
                };
                self.percent_format(s, &args)
            }
            (Operator::BitOr, Value::Dict(a), Value::Dict(b)) => {
                let mut d = a.borrow().clone();
                for (k, v) in b.borrow().entries.iter() {
                    d.insert(hash_key(k)?, k.clone(), v.clone())?;
                }
                Ok(Value::Dict(Rc::new(std::cell::RefCell::new(d))))
            }
            (
                Operator::BitOr | Operator::BitAnd | Operator::Sub,
                Value::Set(a) | Value::FrozenSet(a),
                Value::Set(b) | Value::FrozenSet(b),
            ) => {
                let a = a.borrow();
                let b = b.borrow();
                let mut d = super::value::Dict::default();
                match op {
                    Operator::BitOr => {
                        for (k, v) in a.entries.iter().chain(b.entries.iter()) {
                            d.insert(hash_key(k)?, k.clone(), v.clone())?;
                        }
                    }
                    Operator::BitAnd => {
                        for (k, v) in a.entries.iter() {
                            if b.get(&hash_key(k)?).is_some() {
                                d.insert(hash_key(k)?, k.clone(), v.clone())?;
                            }
                        }
                    }
                    _ => {
                        for (k, v) in a.entries.iter() {
                            if b.get(&hash_key(k)?).is_none() {
                                d.insert(hash_key(k)?, k.clone(), v.clone())?;
                            }
                        }
                    }
                }
                // The result has the left operand's type (`frozenset | set` is a frozenset).
                let d = Rc::new(std::cell::RefCell::new(d));
                Ok(match l {
                    Value::FrozenSet(_) => Value::FrozenSet(d),
                    _ => Value::Set(d),
                })
            }
            (Operator::Add, Value::Str(_), _) => Err(type_error(format!(
                "can only concatenate str (not \"{}\") to str",
                r.type_name()
            ))),
            (Operator::Add, Value::List(_), _) => Err(type_error(format!(
                "can only concatenate list (not \"{}\") to list",
                r.type_name()
            ))),
            (Operator::Add, Value::Tuple(_), _) => Err(type_error(format!(
                "can only concatenate tuple (not \"{}\") to tuple",
                r.type_name()
            ))),
            _ => Err(type_error(format!(
                "unsupported operand type(s) for {}: '{}' and '{}'",
                op_symbol(op),
                l.type_name(),
                r.type_name()
            ))),
        }
    }

    pub(crate) fn unary_op(&mut self, op: UnaryOp, v: Value) -> PyResult<Value> {
        if op != UnaryOp::Not
            && let Some(ty) = self.operator_type(&v, &Value::None)
        {
            return ty.unary_op(self, op, &v);
        }
        match (op, &v) {
            (UnaryOp::Not, _) => Ok(Value::Bool(!self.truthy(&v)?)),
            (UnaryOp::USub, Value::Int(i, sym)) => {
                Ok(Value::sym_int(i.wrapping_neg(), sym.as_ref().map(Sym::neg)))
            }
            (UnaryOp::USub, Value::Bool(b)) => Ok(Value::int(-(*b as i64))),
            (UnaryOp::USub, Value::Float(f)) => Ok(Value::Float(-f)),
            (UnaryOp::UAdd, Value::Int(_, _) | Value::Float(_)) => Ok(v),
            (UnaryOp::UAdd, Value::Bool(b)) => Ok(Value::int(*b as i64)),
            (UnaryOp::Invert, Value::Int(i, _)) => Ok(Value::int(!i)),
            (UnaryOp::Invert, Value::Bool(b)) => Ok(Value::int(!(*b as i64))),
            _ => Err(type_error(format!(
                "bad operand type for unary {}: '{}'",
                match op {
                    UnaryOp::USub => "-",
                    UnaryOp::UAdd => "+",
                    UnaryOp::Invert => "~",
                    UnaryOp::Not => "not",
                },
                v.type_name()
            ))),
        }
    }

    pub(crate) fn compare(&mut self, op: CmpOp, l: &Value, r: &Value) -> PyResult<Value> {
        match op {
            CmpOp::Is => return Ok(Value::Bool(is_same(l, r))),
            CmpOp::IsNot => return Ok(Value::Bool(!is_same(l, r))),
            CmpOp::In => return Ok(Value::Bool(self.contains(r, l)?)),
            CmpOp::NotIn => return Ok(Value::Bool(!self.contains(r, l)?)),
            _ => {}
        }
        if let Some(ty) = self.operator_type(l, r)
            && let Some(v) = ty.compare(self, op, l, r)?
        {
            return Ok(v);
        }
        match op {
            CmpOp::Eq => Ok(Value::Bool(self.equals(l, r)?)),
            CmpOp::NotEq => Ok(Value::Bool(!self.equals(l, r)?)),
            _ => {
                let ord = self.order(l, r, op)?;
                Ok(Value::Bool(match (op, ord) {
                    (_, None) => false,
                    (CmpOp::Lt, Some(o)) => o == std::cmp::Ordering::Less,
                    (CmpOp::LtE, Some(o)) => o != std::cmp::Ordering::Greater,
                    (CmpOp::Gt, Some(o)) => o == std::cmp::Ordering::Greater,
                    (_, Some(o)) => o != std::cmp::Ordering::Less,
                }))
            }
        }
    }

    /// Ordering for `<`-style comparisons; `None` when unordered (NaN).
    pub(crate) fn order(
        &mut self,
        l: &Value,
        r: &Value,
        op: CmpOp,
    ) -> PyResult<Option<std::cmp::Ordering>> {
        if let (Some(a), Some(b)) = (num(l), num(r)) {
            return Ok(match (a, b) {
                (Num::Int(x), Num::Int(y)) => Some(x.cmp(&y)),
                (Num::Int(x), Num::Float(y)) => (x as f64).partial_cmp(&y),
                (Num::Float(x), Num::Int(y)) => x.partial_cmp(&(y as f64)),
                (Num::Float(x), Num::Float(y)) => x.partial_cmp(&y),
            });
        }
        let seq = |v: &Value| -> Option<Vec<Value>> {
            match v {
                Value::List(l) => Some(l.borrow().clone()),
                Value::Tuple(t) => Some(t.to_vec()),
                Value::Size(s) => Some(s.items()),
                _ => None,
            }
        };
        match (l, r) {
            (Value::Str(a), Value::Str(b)) => Ok(Some(a.cmp(b))),
            _ => match (seq(l), seq(r)) {
                (Some(a), Some(b)) if std::mem::discriminant(l) == std::mem::discriminant(r) => {
                    for (x, y) in a.iter().zip(&b) {
                        if !self.equals(x, y)? {
                            return self.order(x, y, op);
                        }
                    }
                    Ok(Some(a.len().cmp(&b.len())))
                }
                // A native type that orders its values (a namedtuple, a `cmp_to_key` key): `<`, then `>`.
                _ if let Some(ty) = self.operator_type(l, r)
                    && let Some(less) = ty.compare(self, CmpOp::Lt, l, r)? =>
                {
                    if self.truthy(&less)? {
                        return Ok(Some(std::cmp::Ordering::Less));
                    }
                    let greater = ty
                        .compare(self, CmpOp::Gt, l, r)?
                        .unwrap_or(Value::Bool(false));
                    Ok(Some(if self.truthy(&greater)? {
                        std::cmp::Ordering::Greater
                    } else {
                        std::cmp::Ordering::Equal
                    }))
                }
                _ => Err(type_error(format!(
                    "'{}' not supported between instances of '{}' and '{}'",
                    match op {
                        CmpOp::Lt => "<",
                        CmpOp::LtE => "<=",
                        CmpOp::Gt => ">",
                        _ => ">=",
                    },
                    l.type_name(),
                    r.type_name()
                ))),
            },
        }
    }

    pub(crate) fn equals(&mut self, l: &Value, r: &Value) -> PyResult<bool> {
        // Self-containing containers would recurse forever; Python gives up the same way.
        self.compare_depth += 1;
        let r = if self.compare_depth > 500 {
            Err(exc(
                ExcKind::RecursionError,
                "maximum recursion depth exceeded in comparison",
            ))
        } else {
            self.equals_inner(l, r)
        };
        self.compare_depth -= 1;
        r
    }

    fn equals_inner(&mut self, l: &Value, r: &Value) -> PyResult<bool> {
        if let (Some(a), Some(b)) = (num(l), num(r)) {
            return Ok(match (a, b) {
                (Num::Int(x), Num::Int(y)) => x == y,
                (Num::Int(x), Num::Float(y)) | (Num::Float(y), Num::Int(x)) => x as f64 == y,
                (Num::Float(x), Num::Float(y)) => x == y,
            });
        }
        let seq = |v: &Value| -> Option<Vec<Value>> {
            match v {
                Value::List(l) => Some(l.borrow().clone()),
                Value::Tuple(t) => Some(t.to_vec()),
                Value::Size(s) => Some(s.items()),
                _ => None,
            }
        };
        Ok(match (l, r) {
            (Value::None, Value::None) => true,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::List(_), Value::List(_))
            | (Value::Tuple(_) | Value::Size(_), Value::Tuple(_) | Value::Size(_)) => {
                let (a, b) = (seq(l).unwrap_or_default(), seq(r).unwrap_or_default());
                if a.len() != b.len() {
                    return Ok(false);
                }
                for (x, y) in a.iter().zip(&b) {
                    if !self.equals(x, y)? {
                        return Ok(false);
                    }
                }
                true
            }
            (Value::Dict(a), Value::Dict(b)) => {
                let (a, b) = (a.borrow().clone(), b.borrow().clone());
                if a.len() != b.len() {
                    return Ok(false);
                }
                for (k, v) in a.entries.iter() {
                    match b.get(&hash_key(k)?) {
                        Some(v2) => {
                            if !self.equals(v, v2)? {
                                return Ok(false);
                            }
                        }
                        None => return Ok(false),
                    }
                }
                true
            }
            (Value::Set(a) | Value::FrozenSet(a), Value::Set(b) | Value::FrozenSet(b)) => {
                let (a, b) = (a.borrow(), b.borrow());
                a.len() == b.len() && a.index.keys().all(|k| b.index.contains_key(k))
            }
            (Value::DType(a), Value::DType(b)) => a == b,
            (Value::Range(a, b, c), Value::Range(x, y, z)) => (a, b, c) == (x, y, z),
            // Values of the standard library's native types (a namedtuple, a deque) compare as their
            // type says; a tensor compares elementwise and the result's truth is the answer, as
            // `PyObject_RichCompareBool` asks it after `is` (so `t in [u]` with two-element tensors
            // raises PyTorch's "ambiguous" error).
            (Value::Native(_) | Value::Instance(_) | Value::Tensor(_), _)
            | (_, Value::Native(_) | Value::Instance(_) | Value::Tensor(_))
                if !is_same(l, r)
                    && let Some(ty) = self.operator_type(l, r)
                    && let Some(v) = ty.compare(self, CmpOp::Eq, l, r)? =>
            {
                self.truthy(&v)?
            }
            _ => is_same(l, r),
        })
    }

    fn contains(&mut self, container: &Value, item: &Value) -> PyResult<bool> {
        match container {
            Value::Str(s) => match item {
                Value::Str(sub) => Ok(s.contains(&**sub)),
                _ => Err(type_error(format!(
                    "'in <string>' requires string as left operand, not {}",
                    item.type_name()
                ))),
            },
            Value::DictView(d, k) if k & super::value::VIEW_KIND == 0 => {
                let k = hash_key(item)?;
                Ok(d.borrow().get(&k).is_some())
            }
            Value::Dict(d) | Value::Set(d) | Value::FrozenSet(d) => {
                let k = hash_key(item)?;
                Ok(d.borrow().get(&k).is_some())
            }
            Value::Range(a, b, c) => match num(item) {
                Some(Num::Int(i)) => {
                    let (a, b, c) = (*a, *b, *c);
                    Ok(if c > 0 {
                        i >= a && i < b && (i - a) % c == 0
                    } else {
                        i <= a && i > b && (a - i) % (-c) == 0
                    })
                }
                _ => Ok(false),
            },
            _ if let Some(ty) = self.native_type(container) => ty.contains(self, container, item),
            _ => {
                let items = self.collect_iter(container)?;
                for x in &items {
                    if self.equals(x, item)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
        }
    }

    pub fn truthy(&mut self, v: &Value) -> PyResult<bool> {
        Ok(match v {
            Value::None => false,
            Value::Bool(b) => *b,
            Value::Int(i, _) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::List(l) => !l.borrow().is_empty(),
            Value::Tuple(t) => !t.is_empty(),
            Value::Size(s) => !s.is_empty(),
            Value::Dict(d) | Value::Set(d) | Value::FrozenSet(d) | Value::DictView(d, _) => {
                !d.borrow().is_empty()
            }
            Value::Range(a, b, c) => super::items::range_len(*a, *b, *c) > 0,
            Value::Instance(inst) => match inst.class().lookup("__len__") {
                Some((_, f)) => {
                    let n = self.call_value(f, super::value::Args::new(vec![v.clone()]))?;
                    self.truthy(&n)?
                }
                None => true,
            },
            Value::Tensor(_) | Value::Native(_) => match self.native_type(v) {
                Some(ty) => ty.truth(self, v)?,
                None => true,
            },
            _ => true,
        })
    }
}

/// Python's `is`.
pub(crate) fn is_same(l: &Value, r: &Value) -> bool {
    match (l, r) {
        (Value::None, Value::None) => true,
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Int(a, _), Value::Int(b, _)) => a == b,
        (Value::DType(a), Value::DType(b)) => a == b,
        _ => match (l.identity(), r.identity()) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        },
    }
}

/// The symbol of an int result whose operands are sizes (`2 * hid_dim`, `sl + 1`, `hid_dim // n_heads`):
/// kept for `+ - * //` (floor division only when exact), dropped for everything else.
fn with_symbol(op: Operator, l: &Value, r: &Value, out: Value) -> Value {
    let (Value::Int(a, sa), Value::Int(b, sb), Value::Int(n, None)) = (l, r, &out) else {
        return out;
    };
    if sa.is_none() && sb.is_none() {
        return out;
    }
    let sa = sa.clone().unwrap_or_else(|| Sym::constant(*a));
    let sb = sb.clone().unwrap_or_else(|| Sym::constant(*b));
    let sym = match op {
        Operator::Add => Some(sa.add(&sb)),
        Operator::Sub => Some(sa.sub(&sb)),
        Operator::Mult => sa.mul(&sb),
        Operator::FloorDiv if *b != 0 && a % b == 0 => sa.div_exact(&sb),
        _ => None,
    };
    Value::sym_int(*n, sym)
}

fn num_binop(op: Operator, a: Num, b: Num) -> PyResult<Value> {
    let zero_div = |what: &str| exc(ExcKind::ZeroDivisionError, what.to_string());
    match (a, b) {
        (Num::Int(x), Num::Int(y)) => Ok(match op {
            Operator::Add => x
                .checked_add(y)
                .map(Value::int)
                .unwrap_or(Value::Float(x as f64 + y as f64)),
            Operator::Sub => x
                .checked_sub(y)
                .map(Value::int)
                .unwrap_or(Value::Float(x as f64 - y as f64)),
            Operator::Mult => x.checked_mul(y).map(Value::int).ok_or_else(|| {
                exc(
                    ExcKind::OverflowError,
                    "integer too large for the tutor's 64-bit ints",
                )
            })?,
            Operator::Div => {
                if y == 0 {
                    return Err(zero_div("division by zero"));
                }
                Value::Float(x as f64 / y as f64)
            }
            Operator::FloorDiv => {
                if y == 0 {
                    return Err(zero_div("integer division or modulo by zero"));
                }
                let d = x.wrapping_div(y);
                Value::int(if (x % y != 0) && ((x < 0) != (y < 0)) {
                    d - 1
                } else {
                    d
                })
            }
            Operator::Mod => {
                if y == 0 {
                    return Err(zero_div("integer modulo by zero"));
                }
                let m = x.wrapping_rem(y);
                Value::int(if m != 0 && ((m < 0) != (y < 0)) {
                    m + y
                } else {
                    m
                })
            }
            Operator::Pow => {
                if y < 0 {
                    if x == 0 {
                        return Err(zero_div("0.0 cannot be raised to a negative power"));
                    }
                    Value::Float((x as f64).powf(y as f64))
                } else {
                    let e = u32::try_from(y)
                        .map_err(|_| exc(ExcKind::OverflowError, "exponent too large"))?;
                    x.checked_pow(e).map(Value::int).ok_or_else(|| {
                        exc(
                            ExcKind::OverflowError,
                            "integer too large for the tutor's 64-bit ints",
                        )
                    })?
                }
            }
            Operator::BitAnd => Value::int(x & y),
            Operator::BitOr => Value::int(x | y),
            Operator::BitXor => Value::int(x ^ y),
            Operator::LShift => {
                if y < 0 {
                    return Err(exc(ExcKind::ValueError, "negative shift count"));
                }
                Value::int(x.checked_shl(y as u32).unwrap_or(0))
            }
            Operator::RShift => {
                if y < 0 {
                    return Err(exc(ExcKind::ValueError, "negative shift count"));
                }
                Value::int(x >> y.min(63))
            }
            Operator::MatMult => {
                return Err(type_error(
                    "unsupported operand type(s) for @: 'int' and 'int'",
                ));
            }
        }),
        (a, b) => {
            let x = match a {
                Num::Int(i) => i as f64,
                Num::Float(f) => f,
            };
            let y = match b {
                Num::Int(i) => i as f64,
                Num::Float(f) => f,
            };
            Ok(Value::Float(match op {
                Operator::Add => x + y,
                Operator::Sub => x - y,
                Operator::Mult => x * y,
                Operator::Div => {
                    if y == 0.0 {
                        return Err(zero_div("float division by zero"));
                    }
                    x / y
                }
                Operator::FloorDiv => {
                    if y == 0.0 {
                        return Err(zero_div("float floor division by zero"));
                    }
                    float_floor_div(x, y)
                }
                Operator::Mod => {
                    if y == 0.0 {
                        return Err(zero_div("float modulo by zero"));
                    }
                    float_mod(x, y)
                }
                Operator::Pow => {
                    if x == 0.0 && y < 0.0 {
                        return Err(zero_div("0.0 cannot be raised to a negative power"));
                    }
                    if x < 0.0 && y.fract() != 0.0 {
                        return Err(exc(
                            ExcKind::ValueError,
                            "complex results are not part of the tutor's Python subset",
                        ));
                    }
                    x.powf(y)
                }
                _ => {
                    return Err(type_error(format!(
                        "unsupported operand type(s) for {}: 'float' and 'float'",
                        op_symbol(op)
                    )));
                }
            }))
        }
    }
}
