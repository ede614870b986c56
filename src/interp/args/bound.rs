//! The arguments of a call bound to a signature, read back as the types a binding needs.

use std::rc::Rc;

use crate::tensor::sym::Sym;
use crate::tensor::{DType, Scalar, Tensor};

use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::value::{Args, Value};
use super::{Param, Signature, is_integral, seq_items, tp_name};

/// Where a binding found each parameter's value in the call: a positional or keyword argument (by
/// index, so binding copies nothing), or nowhere (absent, or `None` where allowed). `VarArgs` marks an
/// `int[]` parameter that took every positional argument (`view(2, 3)`).
#[derive(Clone, Copy)]
pub(super) enum Slot {
    Absent,
    Pos(usize),
    Kw(usize),
    VarArgs,
}

/// The arguments of a call, bound to a signature's parameters.
pub struct Bound<'s> {
    sig: &'s Signature,
    which: usize,
    slots: Vec<Slot>,
    /// The call itself (for `*args`/`**kwargs` and the extras a binding reads on its own).
    args: Args,
}

impl<'s> Bound<'s> {
    pub(super) fn new(sig: &'s Signature, which: usize, slots: Vec<Slot>, args: Args) -> Bound<'s> {
        Bound {
            sig,
            which,
            slots,
            args,
        }
    }

    /// Which overload matched (0 for a single signature).
    pub fn which(&self) -> usize {
        self.which
    }

    fn param(&self, i: usize) -> PyResult<&Param> {
        self.sig.params.get(i).ok_or_else(|| {
            exc(
                ExcKind::RuntimeError,
                format!("internal: {}() has no parameter {i}", self.sig.name),
            )
        })
    }

    /// The value given for the parameter called `name` (`out=`), if the signature has one.
    pub fn named(&self, name: &str) -> Option<Value> {
        let i = self.sig.params.iter().position(|p| p.name == name)?;
        match self.value(i) {
            Some(Value::None) | None => None,
            other => other,
        }
    }

    /// Whether the parameter was given (and is not `None`).
    pub fn has(&self, i: usize) -> bool {
        matches!(
            self.slots.get(i),
            Some(Slot::Pos(_) | Slot::Kw(_) | Slot::VarArgs)
        )
    }

    /// Whether parameter `i` (an `int[]`) was given as loose positional ints (`f(2, 3)`, `f(2)`), not as
    /// one sequence.
    pub fn packed(&self, i: usize) -> bool {
        matches!(self.slots.get(i), Some(Slot::VarArgs))
    }

    /// The argument given for parameter `i`, borrowed from the call (a varargs `int[]` has no single one).
    fn given(&self, i: usize) -> Option<&Value> {
        match self.slots.get(i)? {
            Slot::Pos(j) => self.args.pos.get(*j),
            Slot::Kw(j) => self.args.kw.get(*j).map(|(_, v)| v),
            Slot::Absent | Slot::VarArgs => None,
        }
    }

    /// The value given for parameter `i`, if any (`None` where allowed counts as absent).
    pub fn value(&self, i: usize) -> Option<Value> {
        match self.slots.get(i) {
            Some(Slot::VarArgs) => Some(Value::tuple(self.args.pos.clone())),
            _ => self.given(i).cloned(),
        }
    }

    /// A required parameter's value (a successful binding guarantees one).
    pub fn arg(&self, i: usize) -> PyResult<Value> {
        self.value(i).ok_or_else(|| {
            exc(
                ExcKind::RuntimeError,
                format!("internal: {}() bound without parameter {i}", self.sig.name),
            )
        })
    }

    /// The value given, or the parameter's default parsed as a Python literal.
    pub fn value_or_default(&self, i: usize) -> PyResult<Value> {
        match self.value(i) {
            Some(v) => Ok(v),
            None => Ok(literal(self.param(i)?.default.unwrap_or("None"))),
        }
    }

    /// `*args` of a Python-dialect signature: the positionals past the named parameters.
    pub fn varargs(&self) -> Vec<Value> {
        let named = self.sig.params.iter().filter(|p| !p.keyword_only).count();
        self.args.pos.iter().skip(named).cloned().collect()
    }

    /// `**kwargs`: the keywords no parameter took.
    pub fn varkw(&self) -> Vec<(Rc<str>, Value)> {
        self.args
            .kw
            .iter()
            .filter(|(k, _)| {
                !self
                    .sig
                    .params
                    .iter()
                    .any(|p| p.name == &**k && !p.positional_only)
            })
            .cloned()
            .collect()
    }

    /// Reads parameter `i` as given, or its default (`None` when it has none), without copying the value.
    fn read<T>(&self, i: usize, f: impl FnOnce(&Value) -> PyResult<T>) -> PyResult<T> {
        match self.given(i) {
            Some(v) => f(v),
            None if matches!(self.slots.get(i), Some(Slot::VarArgs)) => {
                f(&self.value_or_default(i)?)
            }
            None => f(&literal(self.param(i)?.default.unwrap_or("None"))),
        }
    }

    pub fn tensor(&self, i: usize) -> PyResult<Tensor> {
        match self.given(i) {
            Some(Value::Tensor(t)) => Ok(t.clone()),
            other => Err(self.wrong(i, other.cloned())),
        }
    }

    pub fn opt_tensor(&self, i: usize) -> PyResult<Option<Tensor>> {
        match self.given(i) {
            None | Some(Value::None) if !matches!(self.slots.get(i), Some(Slot::VarArgs)) => {
                Ok(None)
            }
            Some(Value::Tensor(t)) => Ok(Some(t.clone())),
            other => Err(self.wrong(i, other.cloned())),
        }
    }

    pub fn int(&self, i: usize) -> PyResult<i64> {
        self.read(i, |v| match v {
            Value::Int(n, _) => Ok(*n),
            Value::Bool(b) => Ok(*b as i64),
            Value::Tensor(t) if t.numel() == 1 => Ok(t.item()?.to_i64()),
            other => Err(self.wrong(i, Some(other.clone()))),
        })
    }

    pub fn opt_int(&self, i: usize) -> PyResult<Option<i64>> {
        if self.read(i, |v| Ok(matches!(v, Value::None)))? {
            return Ok(None);
        }
        self.int(i).map(Some)
    }

    pub fn float(&self, i: usize) -> PyResult<f64> {
        self.read(i, |v| match v {
            Value::Float(f) => Ok(*f),
            Value::Int(n, _) => Ok(*n as f64),
            Value::Bool(b) => Ok(*b as i64 as f64),
            Value::Tensor(t) if t.numel() == 1 => Ok(t.item()?.to_f64()),
            other => Err(self.wrong(i, Some(other.clone()))),
        })
    }

    pub fn opt_float(&self, i: usize) -> PyResult<Option<f64>> {
        if self.read(i, |v| Ok(matches!(v, Value::None)))? {
            return Ok(None);
        }
        self.float(i).map(Some)
    }

    pub fn bool(&self, i: usize) -> PyResult<bool> {
        self.read(i, |v| match v {
            Value::Bool(b) => Ok(*b),
            Value::None => Ok(false),
            other => Err(self.wrong(i, Some(other.clone()))),
        })
    }

    pub fn scalar(&self, i: usize) -> PyResult<Scalar> {
        self.read(i, |v| match v {
            Value::Bool(b) => Ok(Scalar::Bool(*b)),
            Value::Int(n, _) => Ok(Scalar::Int(*n)),
            Value::Float(f) => Ok(Scalar::Float(*f)),
            Value::Tensor(t) if t.numel() == 1 => Ok(t.item()?),
            other => Err(self.wrong(i, Some(other.clone()))),
        })
    }

    pub fn opt_scalar(&self, i: usize) -> PyResult<Option<Scalar>> {
        if self.read(i, |v| Ok(matches!(v, Value::None)))? {
            return Ok(None);
        }
        self.scalar(i).map(Some)
    }

    pub fn dtype(&self, i: usize) -> PyResult<Option<DType>> {
        match self.value(i) {
            None => Ok(None),
            Some(Value::DType(d)) => Ok(Some(d)),
            other => Err(self.wrong(i, other)),
        }
    }

    pub fn str(&self, i: usize) -> PyResult<Option<Rc<str>>> {
        match self.value_or_default(i)? {
            Value::None => Ok(None),
            Value::Str(s) => Ok(Some(s)),
            other => Err(self.wrong(i, Some(other))),
        }
    }

    /// An `int[]` parameter: a tuple or list of ints, the varargs form (`view(2, 3)`), a single int where
    /// the signature gives a size (`int[1] dim`), or the default. Items are unpacked as PyTorch unpacks them
    /// (`failed to unpack the object at pos 2 with error "type must be tuple of ints,but got str"`).
    pub fn int_list(&self, i: usize) -> PyResult<Vec<i64>> {
        let p = self.param(i)?;
        let items = self.int_list_items(i)?;
        items
            .iter()
            .enumerate()
            .map(|(k, v)| match v {
                Value::Int(n, _) => Ok(*n),
                Value::Bool(b) => Ok(*b as i64),
                Value::Tensor(t) if t.numel() == 1 && is_integral(t) => {
                    Ok(t.item()?.to_i64())
                }
                other => Err(type_error(format!(
                    "{}(): argument '{}' failed to unpack the object at pos {} with error \"type must be tuple of ints,but got {}\"",
                    self.sig.name,
                    p.name,
                    k + 1,
                    tp_name(other)
                ))),
            })
            .collect()
    }

    /// The symbols of an `int[]` parameter's items (`view(bs, -1, n_heads, head_dim)`): a size's symbol, a
    /// literal's constant, `None` for anything else. Read after [`Bound::int_list`] has checked the items.
    /// Empty when no item is a size with a symbol (all literals): callers then read the values as
    /// constants only where they need them (see `Tensor::view_named`).
    pub fn int_list_syms(&self, i: usize) -> Vec<Option<Sym>> {
        let items = self.int_list_items(i).unwrap_or_default();
        if !items
            .iter()
            .any(|v| matches!(v, Value::Int(_, Some(s)) if !s.is_opaque()))
        {
            return Vec::new();
        }
        items.iter().map(int_sym).collect()
    }

    /// The symbol of an `int` parameter (its size's symbol, or the literal's constant).
    pub fn int_sym(&self, i: usize) -> Option<Sym> {
        self.given(i).and_then(int_sym)
    }

    fn int_list_items(&self, i: usize) -> PyResult<Vec<Value>> {
        let p = self.param(i)?;
        Ok(match (self.slots.get(i), self.given(i)) {
            (Some(Slot::VarArgs), _) => self.args.pos.clone(),
            (_, Some(v @ (Value::Tuple(_) | Value::List(_) | Value::Size(_)))) => seq_items(v),
            (_, Some(v)) => vec![v.clone(); p.size.max(1)],
            _ => match p.default {
                Some("None") | None => Vec::new(),
                Some(d) => parse_int_list_default(d, p.size),
            }
            .into_iter()
            .map(Value::int)
            .collect(),
        })
    }

    pub fn opt_int_list(&self, i: usize) -> PyResult<Option<Vec<i64>>> {
        if self.has(i) || self.param(i)?.default.is_some_and(|d| d != "None") {
            self.int_list(i).map(Some)
        } else {
            Ok(None)
        }
    }

    pub fn tensors(&self, i: usize) -> PyResult<Vec<Tensor>> {
        let v = self.value(i);
        let items = match &v {
            Some(v @ (Value::Tuple(_) | Value::List(_))) => seq_items(v),
            _ => return Err(self.wrong(i, v)),
        };
        items
            .into_iter()
            .map(|x| match x {
                Value::Tensor(t) => Ok(t),
                other => Err(self.wrong(i, Some(other))),
            })
            .collect()
    }

    fn wrong(&self, i: usize, got: Option<Value>) -> super::super::error::Unwind {
        let (pname, ty) = self
            .sig
            .params
            .get(i)
            .map_or(("?", "?"), |p| (p.name, p.ty.name()));
        type_error(format!(
            "{}(): argument '{}' must be {}, not {}",
            self.sig.name,
            pname,
            ty,
            got.as_ref().map_or("NoneType".into(), tp_name)
        ))
    }
}

/// A default as written in a signature, as a Python value.
fn literal(s: &str) -> Value {
    match s {
        "None" => Value::None,
        "True" | "true" => Value::Bool(true),
        "False" | "false" => Value::Bool(false),
        _ => {
            if let Ok(n) = s.parse::<i64>() {
                Value::int(n)
            } else if let Ok(f) = s.parse::<f64>() {
                Value::Float(f)
            } else if s.len() >= 2
                && ((s.starts_with('\'') && s.ends_with('\''))
                    || (s.starts_with('"') && s.ends_with('"')))
            {
                Value::str(&s[1..s.len() - 1])
            } else {
                Value::str(s)
            }
        }
    }
}

/// `IntArrayRef[2] x=1` (repeated), `IntArrayRef x={1,2}` or `int[] x=[0,1]`.
fn parse_int_list_default(s: &str, size: usize) -> Vec<i64> {
    if let Some(inner) = (s.strip_prefix('{').and_then(|r| r.strip_suffix('}')))
        .or_else(|| s.strip_prefix('[').and_then(|r| r.strip_suffix(']')))
    {
        return inner
            .split(',')
            .filter_map(|x| x.trim().parse().ok())
            .collect();
    }
    match s.parse::<i64>() {
        Ok(n) => vec![n; size.max(1)],
        Err(_) => Vec::new(),
    }
}

/// A size argument's symbol: its own, or a literal's constant.
fn int_sym(v: &Value) -> Option<Sym> {
    match v {
        Value::Int(_, Some(s)) if s.is_opaque() => None,
        Value::Int(_, Some(s)) => Some(s.clone()),
        Value::Int(n, None) => Some(Sym::constant(*n)),
        _ => None,
    }
}
