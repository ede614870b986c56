//! What a tensor does with Python around it: `apply_` and `map_` (a Python callable per element, as
//! torch/csrc/utils/tensor_apply.cpp calls it), shared memory (`share_memory_`, `is_shared`) and the
//! `layout` property with its `torch.strided` value.

use std::rc::Rc;

use rustpython_parser::ast::CmpOp;

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::native::{NativeObject, NativeType};
use crate::interp::value::{Args, Value};
use crate::tensor::{DType, Tensor};

use super::super::call::{Call, Def};
use super::super::state::state;
use super::math::t;

/// `torch.strided`, the one layout the engine's tensors have.
pub(crate) struct Layout;

impl NativeObject for Layout {
    fn native_type(&self) -> &'static dyn NativeType {
        &LAYOUT
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct LayoutType;
static LAYOUT: LayoutType = LayoutType;

impl NativeType for LayoutType {
    fn name(&self, _obj: &Value) -> String {
        "layout".into()
    }
    fn type_object(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(crate::interp::builtins::type_object("torch.layout", None))
    }
    fn repr(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(Some("torch.strided".into()))
    }
    fn compare(
        &self,
        _interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        let both = is_layout(lhs) && is_layout(rhs);
        Ok(match op {
            CmpOp::Eq => Some(Value::Bool(both)),
            CmpOp::NotEq => Some(Value::Bool(!both)),
            _ => None,
        })
    }
}

fn is_layout(v: &Value) -> bool {
    matches!(v, Value::Native(o) if o.as_any().is::<Layout>())
}

/// `torch.strided` (and `t.layout`).
pub(crate) fn strided() -> Value {
    Value::Native(Rc::new(Layout))
}

/// Element `v` of a tensor of `dtype` as the Python number `apply_` passes.
fn element(dtype: DType, v: f64, i: i64, b: bool) -> Value {
    if dtype.is_floating_point() {
        Value::Float(v)
    } else if dtype == DType::Bool {
        Value::Bool(b)
    } else {
        Value::int(i)
    }
}

/// The elements of `x` in row-major order, as Python numbers.
fn elements(x: &Tensor) -> Vec<Value> {
    let dtype = x.dtype();
    let (f, i, b) = (x.to_vec::<f64>(), x.to_vec::<i64>(), x.to_vec::<bool>());
    (0..x.numel())
        .map(|k| element(dtype, f[k], i[k], b[k]))
        .collect()
}

/// Writes the callable's results back, each converted as `store_scalar` converts it.
fn store(interp: &mut Interpreter, x: &Tensor, results: Vec<Value>) -> PyResult<()> {
    let dtype = x.dtype();
    let values = if dtype.is_floating_point() {
        let v = results
            .iter()
            .map(|r| match r {
                Value::Float(f) => Ok(*f),
                Value::Int(n, _) => Ok(*n as f64),
                Value::Bool(b) => Ok(f64::from(u8::from(*b))),
                other => Err(type_error(format!(
                    "must be real number, not {}",
                    other.type_name()
                ))),
            })
            .collect::<PyResult<Vec<f64>>>()?;
        Tensor::from_vec(v, x.shape())?
    } else if dtype == DType::Bool {
        let mut v = Vec::with_capacity(results.len());
        for r in &results {
            v.push(interp.truthy(r)?);
        }
        Tensor::from_vec(v, x.shape())?
    } else {
        let v = results
            .iter()
            .map(|r| match r {
                Value::Int(n, _) => Ok(*n),
                Value::Bool(b) => Ok(i64::from(*b)),
                Value::Float(f) => Ok(*f as i64),
                other => Err(type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    other.type_name()
                ))),
            })
            .collect::<PyResult<Vec<i64>>>()?;
        let (lo, hi) = (dtype.int_min(), dtype.int_max());
        if v.iter().any(|n| !(lo..=hi).contains(n)) {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "value cannot be converted to type {} without overflow",
                    dtype.name()
                ),
            ));
        }
        Tensor::from_vec(v, x.shape())?
    };
    x.copy_from(&values)?;
    Ok(())
}

fn check_no_grad(x: &Tensor, op: &str) -> PyResult<()> {
    if x.requires_grad() {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "Can't call {op}() on Variable that requires grad. Use var.detach().{op}() instead."
            ),
        ));
    }
    Ok(())
}

fn apply(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    check_no_grad(&x, "apply_")?;
    let f = c.value_or_default(1)?;
    let mut results = Vec::with_capacity(x.numel());
    for v in elements(&x) {
        results.push(interp.call_value(f.clone(), Args::new(vec![v]))?);
    }
    store(interp, &x, results)?;
    t(x)
}

fn map(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let (x, other) = (c.this()?, c.tensor(1)?);
    check_no_grad(&x, "map_")?;
    if other.dtype() != x.dtype() {
        let legacy = |d: DType| format!("torch.{}Tensor", d.scalar_type_name());
        return Err(type_error(format!(
            "map_: expected {} for 'other' (got {})",
            legacy(x.dtype()),
            legacy(other.dtype())
        )));
    }
    let sizes: Vec<i64> = x.shape().iter().map(|&d| d as i64).collect();
    let other = other.expand(&sizes)?;
    let f = c.value_or_default(2)?;
    let mut results = Vec::with_capacity(x.numel());
    for (a, b) in elements(&x).into_iter().zip(elements(&other)) {
        results.push(interp.call_value(f.clone(), Args::new(vec![a, b]))?);
    }
    store(interp, &x, results)?;
    t(x)
}

pub(super) static DEFS: &[Def] = &[
    Def::method("apply_", &["apply_(Tensor input, object callable)"], apply),
    Def::method(
        "map_",
        &["map_(Tensor input, Tensor other, object callable)"],
        map,
    ),
    Def::method("is_shared", &["is_shared(Tensor input)"], |interp, c| {
        let x = c.this()?;
        let shared = &state(interp).shared;
        Ok(Value::Bool(shared.iter().any(|s| s.shares_storage(&x))))
    }),
    Def::method(
        "share_memory_",
        &["share_memory_(Tensor input)"],
        |interp, c| {
            let x = c.this()?;
            let shared = &mut state(interp).shared;
            if !shared.iter().any(|s| s.shares_storage(&x)) {
                shared.push(x.clone());
            }
            t(x)
        },
    ),
];

/// `Tensor.random_()`, `random_(to)`, `random_(from, to)`.
pub(super) static RANDOM_DEFS: &[Def] = &[Def::method(
    "random_",
    &[
        "random_(Tensor input, *, Generator? generator=None)",
        "random_(Tensor input, int from, int? to, *, Generator? generator=None)",
        "random_(Tensor input, int to, *, Generator? generator=None)",
    ],
    |interp, c| {
        use crate::tensor::ops::random_int::{Bounds, random_};
        let x = c.this()?;
        let bounds = match c.which() {
            0 => Bounds::Full,
            1 => Bounds::From(c.int(1)?, c.opt_int(2)?),
            _ => Bounds::From(0, Some(c.int(1)?)),
        };
        let warnings = random_(&x, bounds, &mut state(interp).rng)?;
        interp.warnings.extend(warnings);
        t(x)
    },
)];
