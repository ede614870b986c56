//! Python operators and indexing on tensors.

use rustpython_parser::ast::{CmpOp, Operator, UnaryOp as PyUnary};

use crate::tensor::ops::elementwise::{binary, binary_inplace};
use crate::tensor::{BinaryOp, DType, Operand, Scalar, Tensor, TensorIndex, UnaryOp};

use super::super::value_to_scalar;
use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::Value;

/// A tensor or a Python number as an operand of a binary op.
pub(crate) fn operand(v: &Value) -> Option<Operand<'_>> {
    match v {
        Value::Tensor(t) => Some(Operand::Tensor(t)),
        other => value_to_scalar(other).map(Operand::Scalar),
    }
}

fn binop_kind(op: Operator) -> Option<BinaryOp> {
    Some(match op {
        Operator::Add => BinaryOp::Add,
        Operator::Sub => BinaryOp::Sub,
        Operator::Mult => BinaryOp::Mul,
        Operator::Div => BinaryOp::Div,
        Operator::FloorDiv => BinaryOp::FloorDiv,
        Operator::Mod => BinaryOp::Rem,
        Operator::Pow => BinaryOp::Pow,
        Operator::BitAnd => BinaryOp::And,
        Operator::BitOr => BinaryOp::Or,
        Operator::BitXor => BinaryOp::Xor,
        Operator::LShift => BinaryOp::Shl,
        Operator::RShift => BinaryOp::Shr,
        _ => return None,
    })
}

pub(crate) fn tensor_binop(
    interp: &mut Interpreter,
    op: Operator,
    l: &Value,
    r: &Value,
) -> PyResult<Value> {
    let result = tensor_binop_inner(op, l, r)?;
    if !super::super::autograd::recording(interp, &[l, r]) {
        return Ok(result);
    }
    let scalar_left = !matches!(l, Value::Tensor(_));
    let node = match op {
        Operator::Add => "AddBackward0",
        Operator::Sub if scalar_left => "RsubBackward1",
        Operator::Sub => "SubBackward0",
        Operator::Mult => "MulBackward0",
        Operator::Div if scalar_left => "MulBackward0",
        Operator::Div => "DivBackward0",
        Operator::Pow if scalar_left => "PowBackward2",
        Operator::Pow if matches!(r, Value::Tensor(_)) => "PowBackward1",
        Operator::Pow => "PowBackward0",
        Operator::MatMult => match l {
            Value::Tensor(a) => super::super::autograd::matmul_node(a, &result),
            _ => return Ok(result),
        },
        _ => return Ok(result),
    };
    Ok(super::super::autograd::mark(result, node))
}

fn tensor_binop_inner(op: Operator, l: &Value, r: &Value) -> PyResult<Value> {
    if op == Operator::MatMult {
        return match (l, r) {
            (Value::Tensor(a), Value::Tensor(b)) => Ok(Value::Tensor(a.matmul(b)?)),
            _ => Err(type_error(format!(
                "unsupported operand type(s) for @: '{}' and '{}'",
                l.type_name(),
                r.type_name()
            ))),
        };
    }
    // torch/_tensor.py: `__rtruediv__` is `self.reciprocal() * other`, two roundings, not one division.
    if op == Operator::Div
        && let (false, Value::Tensor(t), Some(number)) =
            (matches!(l, Value::Tensor(_)), r, operand(l))
    {
        let inv = crate::tensor::ops::elementwise::unary(UnaryOp::Reciprocal, t)?;
        return Ok(Value::Tensor(binary(
            BinaryOp::Mul,
            Operand::Tensor(&inv),
            number,
        )?));
    }
    let (Some(kind), Some(a), Some(b)) = (binop_kind(op), operand(l), operand(r)) else {
        return Err(type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            crate::interp::ops::op_symbol(op),
            l.type_name(),
            r.type_name()
        )));
    };
    Ok(Value::Tensor(binary(kind, a, b)?))
}

pub(crate) fn tensor_inplace_binop(
    interp: &mut Interpreter,
    t: &Tensor,
    op: Operator,
    rhs: &Value,
) -> PyResult<()> {
    let autograd = super::super::autograd::recording(interp, &[&Value::Tensor(t.clone()), rhs]);
    super::super::autograd::check_in_place(interp, t, "__iop__")?;
    inplace_binop(t, op, rhs)?;
    if autograd {
        let name = match op {
            Operator::Add => "add_",
            Operator::Sub => "sub_",
            Operator::Mult => "mul_",
            Operator::Div => "div_",
            Operator::Pow => "pow_",
            _ => "__iop__",
        };
        super::super::autograd::record_in_place(t, name, 0);
    }
    Ok(())
}

fn inplace_binop(t: &Tensor, op: Operator, rhs: &Value) -> PyResult<()> {
    if op == Operator::MatMult {
        let Value::Tensor(b) = rhs else {
            return Err(type_error("unsupported operand for @="));
        };
        let r = t.matmul(b)?;
        return Ok(t.copy_from(&r)?);
    }
    let (Some(kind), Some(b)) = (binop_kind(op), operand(rhs)) else {
        return Err(type_error(format!(
            "unsupported operand type(s) for {}=: 'Tensor' and '{}'",
            crate::interp::ops::op_symbol(op),
            rhs.type_name()
        )));
    };
    Ok(binary_inplace(kind, t, b)?)
}

pub(crate) fn tensor_unary(interp: &mut Interpreter, op: PyUnary, t: &Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(match op {
        PyUnary::USub => {
            let r = crate::tensor::ops::elementwise::unary(UnaryOp::Neg, t)?;
            if super::super::autograd::recording_tensors(interp, &[t]) {
                r.with_grad_fn("NegBackward0")
            } else {
                r
            }
        }
        PyUnary::UAdd => t.clone(),
        PyUnary::Invert => crate::tensor::ops::elementwise::unary(UnaryOp::Not, t)?,
        PyUnary::Not => return Ok(Value::Bool(!tensor_truth(t)?)),
    }))
}

pub(crate) fn tensor_compare(
    _interp: &mut Interpreter,
    op: CmpOp,
    l: &Value,
    r: &Value,
) -> PyResult<Value> {
    let kind = match op {
        CmpOp::Eq => BinaryOp::Eq,
        CmpOp::NotEq => BinaryOp::Ne,
        CmpOp::Lt => BinaryOp::Lt,
        CmpOp::LtE => BinaryOp::Le,
        CmpOp::Gt => BinaryOp::Gt,
        _ => BinaryOp::Ge,
    };
    match (operand(l), operand(r)) {
        (Some(a), Some(b)) => Ok(Value::Tensor(binary(kind, a, b)?)),
        _ => match op {
            CmpOp::Eq => Ok(Value::Bool(false)),
            CmpOp::NotEq => Ok(Value::Bool(true)),
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

pub(crate) fn tensor_truth(t: &Tensor) -> PyResult<bool> {
    if t.numel() != 1 {
        if t.numel() == 0 {
            return Err(exc(
                ExcKind::RuntimeError,
                "Boolean value of Tensor with no values is ambiguous",
            ));
        }
        return Err(exc(
            ExcKind::RuntimeError,
            "Boolean value of Tensor with more than one value is ambiguous",
        ));
    }
    Ok(t.item()?.to_bool())
}

pub(crate) fn tensor_contains(
    _interp: &mut Interpreter,
    t: &Tensor,
    item: &Value,
) -> PyResult<bool> {
    match operand(item) {
        Some(op) => Ok(crate::tensor::ops::pointwise::contains(t, op)?),
        None => Err(exc(
            ExcKind::RuntimeError,
            format!(
                "Tensor.__contains__ only supports Tensor or scalar, but you passed in a {}.",
                item.type_name()
            ),
        )),
    }
}

pub(crate) fn tensor_iter(t: &Tensor) -> PyResult<Vec<Value>> {
    if t.ndim() == 0 {
        return Err(type_error("iteration over a 0-d tensor"));
    }
    Ok(crate::tensor::ops::reorder::unbind(t, 0)?
        .into_iter()
        .map(Value::Tensor)
        .collect())
}

fn to_index(v: &Value) -> PyResult<TensorIndex> {
    Ok(match v {
        Value::Int(i, _) => TensorIndex::Int(*i),
        Value::Bool(b) => TensorIndex::Bool(*b),
        Value::None => TensorIndex::NewAxis,
        Value::Ellipsis => TensorIndex::Ellipsis,
        Value::Slice(s) => {
            let part = |x: &Value| -> PyResult<Option<i64>> {
                match x {
                    Value::None => Ok(None),
                    Value::Int(i, _) => Ok(Some(*i)),
                    Value::Tensor(t) if t.numel() == 1 => Ok(Some(t.item()?.to_i64())),
                    other => Err(type_error(format!(
                        "slice indices must be integers or None or have an __index__ method, not {}",
                        other.type_name()
                    ))),
                }
            };
            let step = part(&s.2)?.unwrap_or(1);
            if step <= 0 {
                return Err(exc(ExcKind::ValueError, "step must be greater than zero"));
            }
            TensorIndex::Slice(part(&s.0)?, part(&s.1)?, step)
        }
        Value::Tensor(t) => {
            if t.ndim() == 0 && matches!(t.dtype(), DType::Bool | DType::UInt8) {
                TensorIndex::Bool(t.item()?.to_f64() != 0.0)
            } else if t.ndim() == 0 && !t.dtype().is_floating_point() {
                TensorIndex::Int(t.item()?.to_i64())
            } else {
                TensorIndex::Tensor(t.clone())
            }
        }
        Value::List(l) => {
            let items = l.borrow().clone();
            let all_bool = !items.is_empty() && items.iter().all(|v| matches!(v, Value::Bool(_)));
            if all_bool {
                let data: Vec<bool> = items
                    .iter()
                    .map(|v| matches!(v, Value::Bool(true)))
                    .collect();
                let n = data.len();
                TensorIndex::Tensor(Tensor::from_vec(data, &[n])?)
            } else {
                let data: Vec<i64> = items
                    .iter()
                    .map(|v| crate::interp::convert::to_int(v, ""))
                    .collect::<PyResult<_>>()?;
                let n = data.len();
                TensorIndex::Tensor(Tensor::from_vec(data, &[n])?)
            }
        }
        other => {
            return Err(exc(
                ExcKind::IndexError,
                format!(
                    "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got {})",
                    other.type_name()
                ),
            ));
        }
    })
}

/// The axes a basic index gives where its slice bounds are sizes: `pe[:sl]` is `sl` long and `trg[:, :-1]`
/// is `trg_len - 1`, at every size (the engine alone only knows that a partial slice is not the whole axis).
fn sliced_axes(t: &Tensor, index: &Value, r: Tensor) -> Tensor {
    use crate::tensor::sym::{self, Sym};
    let items: Vec<Value> = match index {
        Value::Tuple(items) => items.to_vec(),
        other => vec![other.clone()],
    };
    if !items.iter().any(|v| matches!(v, Value::Slice(_))) {
        return r;
    }
    let bound = |v: &Value| match v {
        Value::Int(_, Some(s)) if s.is_opaque() => None,
        Value::Int(_, Some(s)) => Some(s.clone()),
        Value::Int(n, None) => Some(Sym::constant(*n)),
        _ => None,
    };
    let consumed = items
        .iter()
        .filter(|v| matches!(v, Value::Int(..) | Value::Slice(_)))
        .count();
    let mut axes = sym::axes_vec(r.axes(), r.ndim());
    let (mut d, mut o) = (0usize, 0usize);
    for v in &items {
        match v {
            Value::Int(..) => d += 1,
            Value::None => o += 1,
            Value::Ellipsis => {
                let skip = t.ndim().saturating_sub(consumed);
                d += skip;
                o += skip;
            }
            Value::Slice(s) => {
                let (Some(&size), Some(slot)) = (t.shape().get(d), axes.get_mut(o)) else {
                    return r;
                };
                let size = size as i64;
                let step_one = matches!(s.2, Value::None | Value::Int(1, _));
                let value = |v: &Value, default: i64| match v {
                    Value::Int(n, _) if *n < 0 => Some(n + size),
                    Value::Int(n, _) => Some(*n),
                    Value::None => Some(default),
                    _ => None,
                };
                let sym_of = |v: &Value, default: Option<Sym>| match v {
                    Value::None => default,
                    Value::Int(n, None) if *n < 0 => t.axis(d).map(|a| a.add(&Sym::constant(*n))),
                    other => bound(other),
                };
                if let (true, Some(a), Some(b)) = (step_one, value(&s.0, 0), value(&s.1, size))
                    && 0 <= a
                    && a <= b
                    && b <= size
                    && let (Some(sa), Some(sb)) = (
                        sym_of(&s.0, Some(Sym::constant(0))),
                        sym_of(&s.1, t.axis(d)),
                    )
                {
                    let len = sb.sub(&sa);
                    *slot = (!len.is_opaque()).then_some(len);
                } else if !matches!((&s.0, &s.1), (Value::None, Value::None)) {
                    // Bounds that are not sizes: a length nothing proves, even where it is the whole axis.
                    *slot = None;
                }
                d += 1;
                o += 1;
            }
            _ => return r,
        }
    }
    r.with_axes(sym::axes(axes))
}

/// The indices of `t[index]`. A lone integer selects, which a 0-d tensor refuses with its own words (in
/// a tuple it is one index too many).
fn indices_of(t: &Tensor, index: &Value) -> PyResult<Vec<TensorIndex>> {
    if t.ndim() == 0 && matches!(index, Value::Int(..)) {
        return Err(exc(
            ExcKind::IndexError,
            "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number",
        ));
    }
    to_indices(index)
}

fn to_indices(index: &Value) -> PyResult<Vec<TensorIndex>> {
    match index {
        Value::Tuple(items) => items.iter().map(to_index).collect(),
        other => Ok(vec![to_index(other)?]),
    }
}

pub(crate) fn tensor_getitem(
    interp: &mut Interpreter,
    t: &Tensor,
    index: &Value,
) -> PyResult<Value> {
    let idx = indices_of(t, index)?;
    let r = sliced_axes(t, index, t.index(&idx)?);
    // `x[...]` and `x[:]` are new tensor objects over the same data, as every view is.
    let r = if r.object_id() == t.object_id() {
        r.detach()
    } else {
        r
    };
    if !super::super::autograd::recording_tensors(interp, &[t]) {
        return Ok(super::super::autograd::mark_no_grad_view(
            interp,
            t,
            Value::Tensor(r),
        ));
    }
    // The last index that changes the view names the node (full slices are skipped, as PyTorch does).
    let node = idx.iter().rev().find_map(|i| match i {
        TensorIndex::Int(_) => Some("SelectBackward0"),
        TensorIndex::Slice(None, None, 1) | TensorIndex::Ellipsis => None,
        TensorIndex::Slice(..) => Some("SliceBackward0"),
        TensorIndex::NewAxis => Some("UnsqueezeBackward0"),
        TensorIndex::Tensor(_) | TensorIndex::Bool(_) => Some("IndexBackward0"),
    });
    let any_adv = idx
        .iter()
        .any(|i| matches!(i, TensorIndex::Tensor(_) | TensorIndex::Bool(_)));
    let node = if any_adv {
        Some("IndexBackward0")
    } else {
        node
    };
    let r = Value::Tensor(r.with_grad_fn(node.unwrap_or("AliasBackward0")));
    super::super::autograd::mark_view_of_leaf(t, &r);
    Ok(r)
}

pub(crate) fn tensor_setitem(
    interp: &mut Interpreter,
    t: &Tensor,
    index: &Value,
    value: &Value,
) -> PyResult<()> {
    let idx = indices_of(t, index)?;
    let target = setitem_target(t, &idx);
    if target == SetTarget::Nothing {
        return Ok(());
    }
    let view = target == SetTarget::View;
    if let Err(e) = super::super::autograd::check_setitem(interp, t, view) {
        // A bad index is reported before autograd's refusal, as PyTorch indexes first.
        t.index(&idx)?;
        return Err(e);
    }
    let autograd = super::super::autograd::recording(interp, &[&Value::Tensor(t.clone()), value]);
    let src = match value {
        Value::Tensor(v) => v.clone(),
        other => match value_to_scalar(other) {
            Some(s) => scalar_tensor(s, t.dtype()),
            None => super::super::functions::tensor_from_value(other, Some(t.dtype()))?,
        },
    };
    t.index_put(&idx, &src)?;
    if autograd {
        let number = value_to_scalar(value).is_some();
        let node = match target {
            SetTarget::View => "CopySlices",
            SetTarget::Whole if number => "FillBackward2",
            SetTarget::Whole if src.ndim() == 0 && t.ndim() != 0 => "FillBackward3",
            SetTarget::Whole => "CopyBackwards",
            _ => match idx.as_slice() {
                [TensorIndex::Tensor(i)] if number && i.dtype() == DType::Bool => {
                    "MaskedFillBackward0"
                }
                [TensorIndex::Tensor(i)] if number && !i.dtype().is_floating_point() => {
                    "IndexFillBackward0"
                }
                _ => "IndexPutBackward0",
            },
        };
        super::super::autograd::record_node(t, node);
    }
    Ok(())
}

/// What `t[idx] = v` writes into, as PyTorch's `set_item` decides it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SetTarget {
    /// `t[False] = v`: nothing.
    Nothing,
    /// A view that basic indexing makes (`t[0]`, `t[:, 1:]`, `t[None]`), copied into.
    View,
    /// `t` itself (`t[:]`, `t[...]`, `t[0:len]`): filled or copied into.
    Whole,
    /// `t` (or the whole of it) through advanced indices: `index_put_`.
    Advanced,
}

fn setitem_target(t: &Tensor, idx: &[TensorIndex]) -> SetTarget {
    if let [TensorIndex::Bool(false)] = idx {
        return SetTarget::Nothing;
    }
    let mut dim = Some(0usize);
    let mut advanced = false;
    for i in idx {
        match i {
            TensorIndex::Int(_) | TensorIndex::NewAxis | TensorIndex::Bool(_) => {
                return SetTarget::View;
            }
            // A slice is `t` itself only when it starts at 0 and stops at the dim's length (or is open).
            TensorIndex::Slice(start, stop, step) => {
                let len = dim.and_then(|d| t.shape().get(d)).map(|&n| n as i64);
                let full = *step == 1
                    && start.is_none_or(|s| s == 0)
                    && stop.is_none_or(|e| Some(e) == len);
                if !full {
                    return SetTarget::View;
                }
                dim = dim.map(|d| d + 1);
            }
            TensorIndex::Ellipsis => dim = None,
            TensorIndex::Tensor(_) => {
                advanced = true;
                dim = None;
            }
        }
    }
    if advanced {
        SetTarget::Advanced
    } else {
        SetTarget::Whole
    }
}

fn scalar_tensor(s: Scalar, dtype: crate::tensor::DType) -> Tensor {
    crate::with_dtype!(dtype, T => Tensor::scalar(s.cast::<T>()))
}
