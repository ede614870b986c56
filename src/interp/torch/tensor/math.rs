//! Pointwise maths: arithmetic (with PyTorch's `Number self` overloads of the `torch` functions),
//! clamping, comparisons and logic, in-place variants, and the matrix products (unary functions:
//! `unary.rs`; binary ops without an operator: `binary.rs`).

use rustpython_parser::ast::Operator;

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::Value;
use crate::tensor::ops::elementwise::{
    self, binary, binary_inplace, clamp, masked_fill, masked_fill_inplace,
};
use crate::tensor::ops::{matmul, pointwise};
use crate::tensor::{BinaryOp, DType, Operand, Scalar, Tensor};

use super::super::call::{Call, Def};
use super::ops::{operand, tensor_binop};

pub(super) fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

/// The argument at `i` as an operand of a binary op (a tensor or a number).
pub(super) fn value(c: &Call, i: usize) -> PyResult<Value> {
    c.value(i)
        .ok_or_else(|| exc(ExcKind::RuntimeError, format!("internal: no argument {i}")))
}

/// `input op other`; a number as `input` (`torch.pow(2, t)`, `torch.add(1, t)`) is Python's operator.
fn binary_op(interp: &mut Interpreter, c: &Call, kind: BinaryOp, op: Operator) -> PyResult<Value> {
    let (a, b) = (value(c, 0)?, value(c, 1)?);
    let Value::Tensor(x) = &a else {
        return tensor_binop(interp, op, &a, &b);
    };
    let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
    t(binary(kind, Operand::Tensor(x), other)?)
}

/// `torch.subtract(input, other, alpha=1)`: `sub` under its other name, whose number overload takes
/// `alpha` positionally.
fn subtract(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let (a, b) = (value(c, 0)?, value(c, 1)?);
    let Value::Tensor(x) = &a else {
        return tensor_binop(interp, Operator::Sub, &a, &b);
    };
    let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
    t(pointwise::binary_alpha(
        BinaryOp::Sub,
        x,
        other,
        c.opt_scalar(2)?,
    )?)
}

/// `add`/`sub` with `alpha` (and their deprecated `add(input, alpha, other)`).
fn add_like(interp: &mut Interpreter, c: &Call, kind: BinaryOp, op: Operator) -> PyResult<Value> {
    let (other_at, alpha) = match c.which() {
        0 => (1, c.opt_scalar(2)?),
        _ => (2, Some(c.scalar(1)?)),
    };
    let (a, b) = (value(c, 0)?, value(c, other_at)?);
    let Value::Tensor(x) = &a else {
        return tensor_binop(interp, op, &a, &b);
    };
    let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
    t(pointwise::binary_alpha(kind, x, other, alpha)?)
}

fn add_like_(c: &Call, kind: BinaryOp) -> PyResult<Value> {
    let x = c.this()?;
    let (other_at, alpha) = match c.which() {
        0 => (1, c.opt_scalar(2)?),
        _ => (2, Some(c.scalar(1)?)),
    };
    let b = value(c, other_at)?;
    let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
    pointwise::binary_alpha_inplace(kind, &x, other, alpha)?;
    t(x)
}

pub(super) fn inplace(c: &Call, kind: BinaryOp) -> PyResult<Value> {
    let x = c.this()?;
    let b = value(c, 1)?;
    let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
    binary_inplace(kind, &x, other)?;
    t(x)
}

/// `div(..., rounding_mode=)`: `None` (true division), `'trunc'` or `'floor'`.
#[derive(Clone, Copy)]
enum Rounding {
    True,
    Trunc,
    Floor,
}

fn rounding(c: &Call) -> PyResult<Rounding> {
    let mode = match c.value(2) {
        Some(Value::Str(_)) | Some(Value::None) => c.str(2)?,
        _ => None,
    };
    match mode.as_deref() {
        None => Ok(Rounding::True),
        Some("floor") => Ok(Rounding::Floor),
        Some("trunc") => Ok(Rounding::Trunc),
        Some(other) => Err(exc(
            ExcKind::RuntimeError,
            format!(
                "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '{other}'"
            ),
        )),
    }
}

fn divide(x: &Tensor, other: Operand, mode: Rounding) -> PyResult<Tensor> {
    Ok(match mode {
        Rounding::True => binary(BinaryOp::Div, Operand::Tensor(x), other)?,
        Rounding::Floor => binary(BinaryOp::FloorDiv, Operand::Tensor(x), other)?,
        Rounding::Trunc => pointwise::div_trunc(x, other)?,
    })
}

fn div(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let (a, b) = (value(c, 0)?, value(c, 1)?);
    let mode = rounding(c)?;
    match (&a, operand(&b)) {
        (Value::Tensor(x), Some(other)) => t(divide(x, other, mode)?),
        _ => tensor_binop(interp, Operator::Div, &a, &b),
    }
}

fn div_(c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    let b = value(c, 1)?;
    let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
    match rounding(c)? {
        Rounding::True => binary_inplace(BinaryOp::Div, &x, other)?,
        Rounding::Floor => binary_inplace(BinaryOp::FloorDiv, &x, other)?,
        Rounding::Trunc => x.copy_from(&pointwise::div_trunc(&x, other)?)?,
    }
    t(x)
}

/// `clamp(input, min, max)` (and `clip`): number bounds through the engine's clamp, tensor bounds (with
/// dims) as `minimum(maximum(input, min), max)`, broadcast and promoted with the input as ATen's
/// tensor overload does.
fn clamp_call(c: &Call) -> PyResult<Tensor> {
    clamp_bounds(c, Some(1), Some(2))
}

/// The clamp of the input by the bounds at `min_at` and `max_at` (either may be absent: `clamp_min`).
fn clamp_bounds(c: &Call, min_at: Option<usize>, max_at: Option<usize>) -> PyResult<Tensor> {
    let x = c.this()?;
    let given = |i: Option<usize>| i.and_then(|i| c.value(i));
    let (lo, hi) = (given(min_at), given(max_at));
    // ATen's scalar overloads have no Bool kernel (the tensor ones do): a bool input clamped by Python
    // bools (an int bound promotes the result to int64 instead).
    let boolean = |v: &Option<Value>| v.as_ref().is_none_or(|v| matches!(v, Value::Bool(_)));
    if x.dtype() == crate::tensor::DType::Bool && boolean(&lo) && boolean(&hi) {
        let kernel = match (lo.is_some(), hi.is_some()) {
            (true, true) => "clamp_scalar_cpu",
            (true, false) => "clamp_min_scalar_cpu",
            _ => "clamp_max_scalar_cpu",
        };
        return Err(exc(
            ExcKind::NotImplementedError,
            format!("\"{kernel}\" not implemented for 'Bool'"),
        ));
    }
    let dims = |v: &Option<Value>| matches!(v, Some(Value::Tensor(b)) if b.ndim() > 0);
    if !dims(&lo) && !dims(&hi) {
        let bound = |i: Option<usize>| match i {
            Some(i) => bound_scalar(c, i),
            None => Ok(None),
        };
        return Ok(clamp(&x, bound(min_at)?, bound(max_at)?)?);
    }
    let mut out = x;
    for (at, op) in [(min_at, BinaryOp::Maximum), (max_at, BinaryOp::Minimum)] {
        let Some(i) = at else { continue };
        match c.value(i) {
            Some(Value::Tensor(b)) => {
                out = binary(op, Operand::Tensor(&out), Operand::Tensor(&b))?;
            }
            Some(_) => {
                if let Some(s) = bound_scalar(c, i)? {
                    out = binary(op, Operand::Tensor(&out), Operand::Scalar(s))?;
                }
            }
            None => {}
        }
    }
    Ok(out)
}

/// `clamp_` and its kin: the clamped values written back into the input. Their cast check names the
/// output type as C++ spells it (`long int`) for number bounds, as `Long` for tensor bounds.
fn clamp_into(c: &Call, value: Tensor) -> PyResult<Value> {
    let x = c.this()?;
    let tensor_bound = [1, 2]
        .iter()
        .any(|&i| matches!(c.value(i), Some(Value::Tensor(_))));
    if value.dtype().category() > x.dtype().category() {
        let out = if tensor_bound {
            x.dtype().scalar_type_name()
        } else {
            x.dtype().cpp_name()
        };
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "result type {} can't be cast to the desired output type {out}",
                value.dtype().scalar_type_name(),
            ),
        ));
    }
    x.copy_from(&value)?;
    t(x)
}

/// `round`'s refusals: with `decimals` given ATen runs its float kernels, which integers lack; bools
/// have no kernel either way.
fn check_round(x: &Tensor, with_decimals: bool, decimals: i64) -> PyResult<()> {
    if (with_decimals && !x.dtype().is_floating_point()) || x.dtype() == DType::Bool {
        let kernel = if decimals == 0 {
            "round_vml_cpu"
        } else {
            "round_cpu"
        };
        return Err(exc(
            ExcKind::NotImplementedError,
            format!(
                "\"{kernel}\" not implemented for '{}'",
                x.dtype().scalar_type_name()
            ),
        ));
    }
    Ok(())
}

/// A `Scalar` or 0-d `Tensor` bound (clamp's, lerp's number weight): its number.
fn bound_scalar(c: &Call, i: usize) -> PyResult<Option<Scalar>> {
    match c.value(i) {
        None => Ok(None),
        Some(Value::Tensor(b)) if b.ndim() == 0 => Ok(Some(b.item()?)),
        Some(Value::Tensor(_)) => Err(exc(
            ExcKind::RuntimeError,
            "the tutor's clamp takes numbers or 0-d tensors as bounds",
        )),
        Some(_) => c.opt_scalar(i),
    }
}

fn masked_fill_value(c: &Call) -> PyResult<Scalar> {
    match c.value(2) {
        Some(Value::Tensor(v)) if v.ndim() == 0 => Ok(v.item()?),
        Some(Value::Tensor(v)) => Err(exc(
            ExcKind::RuntimeError,
            format!(
                "masked_fill_ only supports a 0-dimensional value tensor, but got tensor with {} dimension(s).",
                v.ndim()
            ),
        )),
        _ => c.scalar(2),
    }
}

macro_rules! compare_def {
    ($name:literal, $kind:ident) => {
        Def::both(
            $name,
            &[
                concat!($name, "(Tensor input, Tensor other, *, Tensor out=None)"),
                concat!($name, "(Tensor input, Scalar other, *, Tensor out=None)"),
            ],
            |_, c| {
                let b = value(c, 1)?;
                let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
                t(binary(BinaryOp::$kind, Operand::Tensor(&c.this()?), other)?)
            },
        )
    };
}

macro_rules! logical_def {
    ($name:literal, $kind:ident) => {
        Def::both(
            $name,
            &[concat!(
                $name,
                "(Tensor input, Tensor other, *, Tensor out=None)"
            )],
            |_, c| {
                t(pointwise::logical(
                    BinaryOp::$kind,
                    &c.this()?,
                    &c.tensor(1)?,
                )?)
            },
        )
    };
}

pub(super) static DEFS: &[Def] = &[
    Def::both(
        "add",
        &[
            "add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
            "add(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|hidden",
        ],
        |i, c| add_like(i, c, BinaryOp::Add, Operator::Add),
    ),
    Def::both(
        "sub",
        &[
            "sub(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
            "sub(Tensor input, Scalar alpha, Tensor other, *, Tensor out=None)|hidden",
        ],
        |i, c| add_like(i, c, BinaryOp::Sub, Operator::Sub),
    ),
    Def::both(
        "mul",
        &["mul(Tensor input, Tensor other, *, Tensor out=None)"],
        |i, c| binary_op(i, c, BinaryOp::Mul, Operator::Mult),
    ),
    Def::both(
        "div",
        &[
            "div(Tensor input, Tensor other, *, Tensor out=None)",
            "div(Tensor input, Tensor other, *, str? rounding_mode, Tensor out=None)",
            "div(Tensor input, Scalar other, *, str? rounding_mode)",
        ],
        div,
    ),
    Def::both(
        "true_divide",
        &[
            "true_divide(Tensor input, Tensor other, *, Tensor out=None)",
            "true_divide(Tensor input, Scalar other)",
        ],
        |i, c| binary_op(i, c, BinaryOp::Div, Operator::Div),
    ),
    Def::both(
        "floor_divide",
        &[
            "floor_divide(Tensor input, Tensor other, *, Tensor out=None)",
            "floor_divide(Tensor input, Scalar other)",
        ],
        |i, c| binary_op(i, c, BinaryOp::FloorDiv, Operator::FloorDiv),
    ),
    Def::both(
        "remainder",
        &[
            "remainder(Tensor input, Tensor other, *, Tensor out=None)",
            "remainder(Scalar self, Tensor other)",
            "remainder(Tensor input, Scalar other, *, Tensor out=None)",
        ],
        |i, c| binary_op(i, c, BinaryOp::Rem, Operator::Mod),
    ),
    Def::both(
        "fmod",
        &[
            "fmod(Tensor input, Tensor other, *, Tensor out=None)",
            "fmod(Tensor input, Scalar other, *, Tensor out=None)",
        ],
        |i, c| binary_op(i, c, BinaryOp::Fmod, Operator::Mod),
    ),
    Def::both(
        "pow",
        &[
            "pow(Tensor input, Tensor exponent, *, Tensor out=None)",
            "pow(Scalar self, Tensor exponent, *, Tensor out=None)",
            "pow(Tensor input, Scalar exponent, *, Tensor out=None)",
        ],
        |i, c| binary_op(i, c, BinaryOp::Pow, Operator::Pow),
    ),
    Def::both(
        "maximum",
        &["maximum(Tensor input, Tensor other, *, Tensor out=None)"],
        |i, c| binary_op(i, c, BinaryOp::Maximum, Operator::Add),
    ),
    Def::both(
        "minimum",
        &["minimum(Tensor input, Tensor other, *, Tensor out=None)"],
        |i, c| binary_op(i, c, BinaryOp::Minimum, Operator::Add),
    ),
    compare_def!("greater", Gt),
    compare_def!("greater_equal", Ge),
    compare_def!("less", Lt),
    compare_def!("less_equal", Le),
    compare_def!("not_equal", Ne),
    Def::both(
        "subtract",
        &[
            "subtract(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)",
            "subtract(Tensor input, Scalar other, Scalar alpha=1)",
        ],
        subtract,
    ),
    Def::method(
        "subtract_",
        &[
            "subtract_(Tensor input, Tensor other, *, Scalar alpha=1)",
            "subtract_(Tensor input, Scalar other, Scalar alpha=1)",
        ],
        |_, c| {
            let x = c.this()?;
            let b = value(c, 1)?;
            let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
            pointwise::binary_alpha_inplace(BinaryOp::Sub, &x, other, c.opt_scalar(2)?)?;
            t(x)
        },
    ),
    Def::both(
        "multiply",
        &[
            "multiply(Tensor input, Tensor other, *, Tensor out=None)",
            "multiply(Tensor input, Scalar other)",
        ],
        |i, c| binary_op(i, c, BinaryOp::Mul, Operator::Mult),
    ),
    Def::method(
        "multiply_",
        &[
            "multiply_(Tensor input, Tensor other)",
            "multiply_(Tensor input, Scalar other)",
        ],
        |_, c| inplace(c, BinaryOp::Mul),
    ),
    Def::both(
        "divide",
        &[
            "divide(Tensor input, Tensor other, *, Tensor out=None)",
            "divide(Tensor input, Tensor other, *, str? rounding_mode, Tensor out=None)",
            "divide(Tensor input, Scalar other)",
            "divide(Tensor input, Scalar other, *, str? rounding_mode)",
        ],
        div,
    ),
    Def::method(
        "divide_",
        &[
            "divide_(Tensor input, Tensor other)",
            "divide_(Tensor input, Tensor other, *, str? rounding_mode)",
            "divide_(Tensor input, Scalar other)",
            "divide_(Tensor input, Scalar other, *, str? rounding_mode)",
        ],
        |_, c| div_(c),
    ),
    compare_def!("eq", Eq),
    compare_def!("ne", Ne),
    compare_def!("lt", Lt),
    compare_def!("le", Le),
    compare_def!("gt", Gt),
    compare_def!("ge", Ge),
    Def::both(
        "bitwise_and",
        &[
            "bitwise_and(Tensor input, Tensor other, *, Tensor out=None)",
            "bitwise_and(Scalar self, Tensor other)",
            "bitwise_and(Tensor input, Scalar other, *, Tensor out=None)",
        ],
        |i, c| binary_op(i, c, BinaryOp::And, Operator::BitAnd),
    ),
    Def::both(
        "bitwise_or",
        &[
            "bitwise_or(Tensor input, Tensor other, *, Tensor out=None)",
            "bitwise_or(Scalar self, Tensor other)",
            "bitwise_or(Tensor input, Scalar other, *, Tensor out=None)",
        ],
        |i, c| binary_op(i, c, BinaryOp::Or, Operator::BitOr),
    ),
    logical_def!("logical_and", And),
    logical_def!("logical_or", Or),
    logical_def!("logical_xor", Xor),
    Def::noargs(
        "logical_not",
        "TensorBase.logical_not()",
        &["logical_not(Tensor input, *, Tensor out=None)"],
        |_, c| t(pointwise::logical_not(&c.this()?)?),
    ),
    Def::both(
        "round",
        &[
            "round(Tensor input, *, Tensor out=None)",
            "round(Tensor input, *, int decimals, Tensor out=None)",
        ],
        |_, c| {
            let x = c.this()?;
            let decimals = if c.which() == 1 { c.int(1)? } else { 0 };
            check_round(&x, c.which() == 1, decimals)?;
            t(pointwise::round_decimals(&x, decimals)?)
        },
    ),
    Def::both(
        "round_",
        &[
            "round_(Tensor input)",
            "round_(Tensor input, *, int decimals)",
        ],
        |_, c| {
            let x = c.this()?;
            let decimals = if c.which() == 1 { c.int(1)? } else { 0 };
            check_round(&x, c.which() == 1, decimals)?;
            let rounded = pointwise::round_decimals(&x, decimals)?;
            x.copy_from(&rounded)?;
            t(x)
        },
    ),
    Def::both(
        "clamp",
        &[
            "clamp(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
            "clamp(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
        ],
        |_, c| t(clamp_call(c)?),
    ),
    Def::both(
        "clip",
        &[
            "clip(Tensor input, Tensor? min=None, Tensor? max=None, *, Tensor out=None)",
            "clip(Tensor input, Scalar? min=None, Scalar? max=None, *, Tensor out=None)",
        ],
        |_, c| t(clamp_call(c)?),
    ),
    Def::both(
        "clamp_",
        &[
            "clamp_(Tensor input, Tensor? min=None, Tensor? max=None)",
            "clamp_(Tensor input, Scalar? min=None, Scalar? max=None)",
        ],
        |_, c| clamp_into(c, clamp_call(c)?),
    ),
    Def::method(
        "clip_",
        &[
            "clip_(Tensor input, Tensor? min=None, Tensor? max=None)",
            "clip_(Tensor input, Scalar? min=None, Scalar? max=None)",
        ],
        |_, c| clamp_into(c, clamp_call(c)?),
    ),
    Def::both(
        "clamp_min_",
        &[
            "clamp_min_(Tensor input, Tensor min)",
            "clamp_min_(Tensor input, Scalar min)",
        ],
        |_, c| clamp_into(c, clamp_bounds(c, Some(1), None)?),
    ),
    Def::both(
        "clamp_max_",
        &[
            "clamp_max_(Tensor input, Tensor max)",
            "clamp_max_(Tensor input, Scalar max)",
        ],
        |_, c| clamp_into(c, clamp_bounds(c, None, Some(1))?),
    ),
    Def::both(
        "clamp_min",
        &[
            "clamp_min(Tensor input, Tensor min, *, Tensor out=None)",
            "clamp_min(Tensor input, Scalar min, *, Tensor out=None)",
        ],
        |_, c| t(clamp_bounds(c, Some(1), None)?),
    ),
    Def::both(
        "clamp_max",
        &[
            "clamp_max(Tensor input, Tensor max, *, Tensor out=None)",
            "clamp_max(Tensor input, Scalar max, *, Tensor out=None)",
        ],
        |_, c| t(clamp_bounds(c, None, Some(1))?),
    ),
    Def::method(
        "add_",
        &[
            "add_(Tensor input, Tensor other, *, Scalar alpha=1)",
            "add_(Tensor input, Scalar alpha, Tensor other)|hidden",
        ],
        |_, c| add_like_(c, BinaryOp::Add),
    ),
    Def::method(
        "sub_",
        &[
            "sub_(Tensor input, Tensor other, *, Scalar alpha=1)",
            "sub_(Tensor input, Scalar alpha, Tensor other)|hidden",
        ],
        |_, c| add_like_(c, BinaryOp::Sub),
    ),
    Def::method("mul_", &["mul_(Tensor input, Tensor other)"], |_, c| {
        inplace(c, BinaryOp::Mul)
    }),
    Def::method(
        "div_",
        &[
            "div_(Tensor input, Tensor other)",
            "div_(Tensor input, Tensor other, *, str? rounding_mode)",
            "div_(Tensor input, Scalar other, *, str? rounding_mode)",
        ],
        |_, c| div_(c),
    ),
    Def::method(
        "fmod_",
        &[
            "fmod_(Tensor input, Tensor other)",
            "fmod_(Tensor input, Scalar other)",
        ],
        |_, c| inplace(c, BinaryOp::Fmod),
    ),
    Def::method(
        "remainder_",
        &[
            "remainder_(Tensor input, Tensor other)",
            "remainder_(Tensor input, Scalar other)",
        ],
        |_, c| inplace(c, BinaryOp::Rem),
    ),
    Def::method(
        "pow_",
        &[
            "pow_(Tensor input, Tensor exponent)",
            "pow_(Tensor input, Scalar exponent)",
        ],
        |_, c| inplace(c, BinaryOp::Pow),
    ),
    Def::both(
        "masked_fill",
        &[
            "masked_fill(Tensor input, Tensor mask, Tensor value)",
            "masked_fill(Tensor input, Tensor mask, Scalar value)",
        ],
        |_, c| {
            let (x, mask) = (c.this()?, c.tensor(1)?);
            // `expand_outplace(mask, self)` comes before `masked_fill_`'s check of the value.
            crate::tensor::layout::broadcast_shapes(mask.shape(), x.shape())?;
            t(masked_fill(&x, &mask, masked_fill_value(c)?)?)
        },
    ),
    Def::method(
        "masked_fill_",
        &[
            "masked_fill_(Tensor input, Tensor mask, Tensor value)",
            "masked_fill_(Tensor input, Tensor mask, Scalar value)",
        ],
        |_, c| {
            let x = c.this()?;
            masked_fill_inplace(&x, &c.tensor(1)?, masked_fill_value(c)?)?;
            t(x)
        },
    ),
    // `x.where(condition, y)` is `torch.where(condition, x, y)`: self sits in the middle, so the method
    // is written here with `self` first and `torch.where` lives with the functions.
    Def::method(
        "where",
        &[
            "where(Tensor input, Tensor condition, Tensor other)",
            "where(Tensor input, Tensor condition, Scalar other)",
        ],
        |_, c| {
            let b = value(c, 2)?;
            let other = operand(&b).ok_or_else(|| type_error("internal: not an operand"))?;
            t(elementwise::where_(
                &c.tensor(1)?,
                Operand::Tensor(&c.this()?),
                other,
            )?)
        },
    ),
    Def::both(
        "lerp",
        &[
            "lerp(Tensor input, Tensor end, Tensor weight, *, Tensor out=None)",
            "lerp(Tensor input, Tensor end, Scalar weight, *, Tensor out=None)",
        ],
        |_, c| match c.value(2) {
            // A 0-d weight tensor is read as its number, whatever its dtype (as PyTorch does).
            Some(Value::Tensor(w)) if w.ndim() > 0 => {
                t(pointwise::lerp_tensor(&c.this()?, &c.tensor(1)?, &w)?)
            }
            _ => {
                let weight = bound_scalar(c, 2)?.unwrap_or(Scalar::Float(0.5));
                t(pointwise::lerp(&c.this()?, &c.tensor(1)?, weight)?)
            }
        },
    ),
    Def::both(
        "matmul",
        &["matmul(Tensor input, Tensor other, *, Tensor out=None)"],
        |_, c| t(c.this()?.matmul(&c.tensor(1)?)?),
    ),
    Def::both(
        "mm",
        &[
            "mm(Tensor input, Tensor mat2, *, Tensor out=None)",
            "mm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)|fnonly",
        ],
        |_, c| t(c.this()?.mm(&c.tensor(1)?)?),
    ),
    Def::both(
        "bmm",
        &[
            "bmm(Tensor input, Tensor mat2, *, Tensor out=None)",
            "bmm(Tensor input, Tensor mat2, ScalarType out_dtype, *, Tensor out=None)|fnonly",
        ],
        |_, c| t(c.this()?.bmm(&c.tensor(1)?)?),
    ),
    Def::both(
        "dot",
        &["dot(Tensor input, Tensor tensor, *, Tensor out=None)"],
        |_, c| t(matmul::dot(&c.this()?, &c.tensor(1)?)?),
    ),
    Def::both(
        "outer",
        &["outer(Tensor input, Tensor vec2, *, Tensor out=None)"],
        |_, c| t(pointwise::outer(&c.this()?, &c.tensor(1)?)?),
    ),
    Def::both(
        "mv",
        &["mv(Tensor input, Tensor vec, *, Tensor out=None)"],
        |_, c| t(matmul::mv(&c.this()?, &c.tensor(1)?)?),
    ),
    Def::both(
        "addmm",
        &[
            "addmm(Tensor input, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)",
            "addmm(Tensor input, Tensor mat1, Tensor mat2, ScalarType out_dtype, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)|fnonly",
            "addmm(Scalar beta, Tensor input, Scalar alpha, Tensor mat1, Tensor mat2)|hidden",
            "addmm(Scalar beta, Tensor input, Tensor mat1, Tensor mat2)|hidden",
        ],
        addmm,
    ),
];

/// `beta * input + alpha * (mat1 @ mat2)`.
fn addmm(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let (input, m1, m2, beta, alpha) = match c.which() {
        0 => (
            c.tensor(0)?,
            c.tensor(1)?,
            c.tensor(2)?,
            c.scalar(3)?,
            c.scalar(4)?,
        ),
        1 => (
            c.tensor(0)?,
            c.tensor(1)?,
            c.tensor(2)?,
            c.scalar(4)?,
            c.scalar(5)?,
        ),
        2 => (
            c.tensor(1)?,
            c.tensor(3)?,
            c.tensor(4)?,
            c.scalar(0)?,
            c.scalar(2)?,
        ),
        _ => (
            c.tensor(1)?,
            c.tensor(2)?,
            c.tensor(3)?,
            c.scalar(0)?,
            Scalar::Int(1),
        ),
    };
    matmul::check_addmm(&input, &m1, &m2)?;
    let one = |s: Scalar| s.to_f64() == 1.0;
    if one(beta) && one(alpha) {
        return t(matmul::addmm(&input, &m1, &m2)?);
    }
    let product = binary(
        BinaryOp::Mul,
        Operand::Tensor(&m1.mm(&m2)?),
        Operand::Scalar(alpha),
    )?;
    let scaled = binary(
        BinaryOp::Mul,
        Operand::Tensor(&input),
        Operand::Scalar(beta),
    )?;
    t(binary(
        BinaryOp::Add,
        Operand::Tensor(&scaled),
        Operand::Tensor(&product),
    )?)
}
