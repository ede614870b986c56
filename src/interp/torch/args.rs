//! Argument extraction for the bindings: by position or keyword, with PyTorch's accepted forms
//! (`view(2, 3)` and `view((2, 3))`, `dim=1` or `dim=(1, 2)`).

use std::rc::Rc;

use crate::tensor::{DType, Scalar, Tensor};

use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Value};

pub(crate) struct Params {
    pub func: String,
    pub pos: Vec<Value>,
    pub kw: Vec<(Rc<str>, Value)>,
}

pub(crate) fn value_to_scalar(v: &Value) -> Option<Scalar> {
    match v {
        Value::Bool(b) => Some(Scalar::Bool(*b)),
        Value::Int(i) => Some(Scalar::Int(*i)),
        Value::Float(f) => Some(Scalar::Float(*f)),
        _ => None,
    }
}

impl Params {
    pub fn new(func: &str, args: Args) -> Params {
        Params {
            func: func.to_string(),
            pos: args.pos,
            kw: args.kw,
        }
    }

    /// The argument at `i` or named `name` (None when absent or Python `None`).
    pub fn get(&self, i: usize, name: &str) -> Option<Value> {
        let v = self.pos.get(i).cloned().or_else(|| {
            self.kw
                .iter()
                .find(|(k, _)| &**k == name)
                .map(|(_, v)| v.clone())
        });
        match v {
            Some(Value::None) => None,
            other => other,
        }
    }

    pub fn kw(&self, name: &str) -> Option<Value> {
        self.get(usize::MAX, name)
    }

    fn missing(&self, name: &str) -> crate::interp::error::Unwind {
        type_error(format!(
            "{}() missing required argument '{}'",
            self.func, name
        ))
    }

    pub fn tensor(&self, i: usize, name: &str) -> PyResult<Tensor> {
        match self.get(i, name) {
            Some(Value::Tensor(t)) => Ok(t),
            Some(other) => Err(type_error(format!(
                "{}(): argument '{}' (position {}) must be Tensor, not {}",
                self.func,
                name,
                i + 1,
                other.type_name()
            ))),
            None => Err(self.missing(name)),
        }
    }

    pub fn int(&self, i: usize, name: &str) -> PyResult<i64> {
        self.int_opt(i, name)?.ok_or_else(|| self.missing(name))
    }

    pub fn int_opt(&self, i: usize, name: &str) -> PyResult<Option<i64>> {
        match self.get(i, name) {
            None => Ok(None),
            Some(Value::Int(n)) => Ok(Some(n)),
            Some(Value::Bool(b)) => Ok(Some(b as i64)),
            Some(Value::Tensor(t)) if t.numel() == 1 && !t.dtype().is_floating_point() => {
                Ok(Some(t.item()?.to_i64()))
            }
            Some(other) => Err(type_error(format!(
                "{}(): argument '{}' must be int, not {}",
                self.func,
                name,
                other.type_name()
            ))),
        }
    }

    pub fn float_opt(&self, i: usize, name: &str) -> PyResult<Option<f64>> {
        match self.get(i, name) {
            None => Ok(None),
            Some(Value::Int(n)) => Ok(Some(n as f64)),
            Some(Value::Bool(b)) => Ok(Some(b as i64 as f64)),
            Some(Value::Float(f)) => Ok(Some(f)),
            Some(Value::Tensor(t)) if t.numel() == 1 => Ok(Some(t.item()?.to_f64())),
            Some(other) => Err(type_error(format!(
                "{}(): argument '{}' must be float, not {}",
                self.func,
                name,
                other.type_name()
            ))),
        }
    }

    pub fn bool_or(&self, i: usize, name: &str, default: bool) -> PyResult<bool> {
        match self.get(i, name) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(b),
            Some(Value::Int(n)) => Ok(n != 0),
            Some(other) => Err(type_error(format!(
                "{}(): argument '{}' must be bool, not {}",
                self.func,
                name,
                other.type_name()
            ))),
        }
    }

    pub fn scalar_opt(&self, i: usize, name: &str) -> PyResult<Option<Scalar>> {
        match self.get(i, name) {
            None => Ok(None),
            Some(Value::Tensor(t)) if t.numel() == 1 => Ok(Some(t.item()?)),
            Some(v) => value_to_scalar(&v).map(Some).ok_or_else(|| {
                type_error(format!(
                    "{}(): argument '{}' must be Number, not {}",
                    self.func,
                    name,
                    v.type_name()
                ))
            }),
        }
    }

    pub fn dtype_opt(&self, name: &str) -> PyResult<Option<DType>> {
        match self.kw(name) {
            None => Ok(None),
            Some(Value::DType(d)) => Ok(Some(d)),
            Some(other) => Err(type_error(format!(
                "{}(): argument '{}' must be torch.dtype, not {}",
                self.func,
                name,
                other.type_name()
            ))),
        }
    }

    /// Ints given either as varargs from position `start` or as one list/tuple/Size (`view(2, 3)`,
    /// `view((2, 3))`, `size=(2, 3)`).
    pub fn int_list(&self, start: usize, name: &str) -> PyResult<Vec<i64>> {
        let rest: Vec<Value> = self.pos.iter().skip(start).cloned().collect();
        let src: Vec<Value> = if rest.len() == 1 {
            match &rest[0] {
                Value::List(l) => l.borrow().clone(),
                Value::Tuple(t) => t.as_ref().clone(),
                Value::Size(s) => s.iter().map(|&d| Value::Int(d as i64)).collect(),
                other => vec![other.clone()],
            }
        } else if rest.is_empty() {
            match self.kw(name) {
                Some(Value::List(l)) => l.borrow().clone(),
                Some(Value::Tuple(t)) => t.as_ref().clone(),
                Some(Value::Size(s)) => s.iter().map(|&d| Value::Int(d as i64)).collect(),
                Some(v) => vec![v],
                None => vec![],
            }
        } else {
            rest
        };
        src.iter()
            .map(|v| match v {
                Value::Int(i) => Ok(*i),
                Value::Bool(b) => Ok(*b as i64),
                Value::Tensor(t) if t.numel() == 1 && !t.dtype().is_floating_point() => Ok(t.item()?.to_i64()),
                other => Err(type_error(format!(
                    "{}(): argument '{}' must be tuple of ints, but found element of type {} at pos 0",
                    self.func,
                    name,
                    other.type_name()
                ))),
            })
            .collect()
    }

    /// A shape for creation functions (non-negative sizes).
    pub fn shape(&self, start: usize, name: &str) -> PyResult<Vec<usize>> {
        let dims = self.int_list(start, name)?;
        dims.iter()
            .map(|&d| {
                if d < 0 {
                    Err(exc(
                        ExcKind::RuntimeError,
                        format!(
                            "Trying to create tensor with negative dimension {}: [{}]",
                            d,
                            dims.iter()
                                .map(|x| x.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    ))
                } else {
                    Ok(d as usize)
                }
            })
            .collect()
    }

    /// `dim` as None, an int, or a list/tuple of ints.
    pub fn dims(&self, i: usize, name: &str) -> PyResult<Option<Vec<i64>>> {
        match self.get(i, name) {
            None => Ok(None),
            Some(Value::Int(d)) => Ok(Some(vec![d])),
            Some(Value::List(l)) => Ok(Some(
                l.borrow()
                    .iter()
                    .map(|v| crate::interp::builtins::to_int(v, ""))
                    .collect::<PyResult<_>>()?,
            )),
            Some(Value::Tuple(t)) => Ok(Some(
                t.iter()
                    .map(|v| crate::interp::builtins::to_int(v, ""))
                    .collect::<PyResult<_>>()?,
            )),
            Some(other) => Err(type_error(format!(
                "{}(): argument 'dim' must be int or tuple of ints, not {}",
                self.func,
                other.type_name()
            ))),
        }
    }
}

impl Params {
    /// A list of ints from one argument (a list or tuple), not varargs.
    pub fn int_list_at(&self, i: usize, name: &str) -> PyResult<Vec<i64>> {
        match self.get(i, name) {
            Some(Value::List(l)) => l
                .borrow()
                .iter()
                .map(|v| crate::interp::builtins::to_int(v, ""))
                .collect(),
            Some(Value::Tuple(t)) => t
                .iter()
                .map(|v| crate::interp::builtins::to_int(v, ""))
                .collect(),
            Some(other) => Err(type_error(format!(
                "{}(): argument '{}' must be tuple of ints, not {}",
                self.func,
                name,
                other.type_name()
            ))),
            None => Err(type_error(format!(
                "{}() missing required argument '{}'",
                self.func, name
            ))),
        }
    }
}
