//! `nn.Linear` and `nn.LazyLinear`: construction (Linear's `reset_parameters`, in the parameters' own
//! dtype), the lazy layer's first call (which makes it a Linear), and `forward`.

use std::rc::Rc;

use crate::interp::torch::state::state;
use crate::tensor::ops::nn as tnn;
use crate::tensor::random::linear_init;
use crate::tensor::sym::{self, Sym};
use crate::tensor::{DType, Tensor};

use crate::interp::Interpreter;
use crate::interp::args::{Bound, Sig};
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Instance, Value};

use super::layers::{def, flag, forward_input, given, sizes};
use super::*;

static LINEAR_INIT: Sig =
    def("Linear.__init__(self, in_features, out_features, bias=True, device=None, dtype=None)");

pub(super) fn linear_init_fn(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = LINEAR_INIT.bind(args)?;
    let (given_sizes, syms) = sizes(vec![
        b.value(2).unwrap_or(Value::None),
        b.value(1).unwrap_or(Value::None),
    ])?;
    let (out_f, in_f) = (given_sizes[0], given_sizes[1]);
    let (out_s, in_s) = (
        syms.first().cloned().flatten(),
        syms.get(1).cloned().flatten(),
    );
    if in_f < 0 || out_f < 0 {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "Trying to create tensor with negative dimension {}: [{}, {}]",
                in_f.min(out_f),
                out_f,
                in_f
            ),
        ));
    }
    let bias = flag(interp, &b, 3, true)?;
    let dtype = factory_dtype(&b, 5)?;
    inst.set("training", Value::Bool(true));
    inst.set("in_features", Value::sym_int(in_f, in_s.clone()));
    inst.set("out_features", Value::sym_int(out_f, out_s.clone()));
    set_linear_params(interp, &inst, (in_f, in_s), (out_f, out_s), bias, dtype)
}

/// A layer's `dtype=` (`None`: the default float dtype, float32 unless `torch.set_default_dtype`).
fn factory_dtype(b: &Bound, i: usize) -> PyResult<Option<DType>> {
    match given(b, i) {
        None => Ok(None),
        Some(Value::DType(d)) => Ok(Some(d)),
        Some(other) => Err(type_error(format!(
            "empty() received an invalid combination of arguments - got (dtype={}), but expected dtype to be torch.dtype",
            other.type_name()
        ))),
    }
}

/// Linear's `reset_parameters`: the weight `[out, in]` from `kaiming_uniform_(a=sqrt(5))`, then the
/// bias from `uniform_(-1/sqrt(in), 1/sqrt(in))`, drawn in the parameters' own dtype.
fn set_linear_params(
    interp: &mut Interpreter,
    inst: &Instance,
    (in_f, in_s): (i64, Option<Sym>),
    (out_f, out_s): (i64, Option<Sym>),
    bias: bool,
    dtype: Option<DType>,
) -> PyResult<Value> {
    crate::tensor::settings::check_numel(&[in_f as usize, out_f as usize])?;
    let dtype = dtype.unwrap_or(crate::tensor::settings::default_float());
    let (out_u, in_u) = (out_f as usize, in_f as usize);
    let (weight, b) = match dtype {
        DType::Float32 => {
            let (w, b) = linear_init(&mut state(interp).rng, in_u, out_u, bias);
            let b = match b {
                Some(b) => Some(Tensor::from_vec(b, &[out_u])?),
                None => None,
            };
            (Tensor::from_vec(w, &[out_u, in_u])?, b)
        }
        DType::Float64 => {
            let rng = &mut state(interp).rng;
            let w = Tensor::zeros(&[out_u, in_u], DType::Float64)?;
            if in_u > 0 && out_u > 0 {
                let bound = crate::tensor::random::kaiming_uniform_bound(in_u, 5.0f64.sqrt());
                crate::tensor::ops::init::uniform_(&w, -bound, bound, rng)?;
            }
            let b = if bias {
                let b = Tensor::zeros(&[out_u], DType::Float64)?;
                // With no inputs the bound is Python's int 0, so the range is [0, 0], not [-0.0, 0].
                let (from, to) = if in_u > 0 {
                    let bound = 1.0 / (in_u as f64).sqrt();
                    (-bound, bound)
                } else {
                    (0.0, 0.0)
                };
                crate::tensor::ops::init::uniform_(&b, from, to, rng)?;
                Some(b)
            } else {
                None
            };
            (w, b)
        }
        d if d.is_floating_point() => {
            return Err(exc(
                ExcKind::NotImplementedError,
                format!(
                    "a Linear layer made in {d} draws its weights in that dtype, which the tutor does not do yet: make it in float32 and call .{}()",
                    if d == DType::Float16 {
                        "half"
                    } else {
                        "bfloat16"
                    }
                ),
            ));
        }
        _ => {
            return Err(exc(
                ExcKind::RuntimeError,
                "Only Tensors of floating point and complex dtype can require gradients",
            ));
        }
    };
    inst.set(
        "weight",
        param(weight.with_axes(sym::axes(vec![out_s.clone(), in_s]))),
    );
    match b {
        Some(b) => inst.set("bias", param(b.with_axes(sym::axes(vec![out_s])))),
        None => inst.set("bias", Value::None),
    }
    Ok(Value::None)
}

static LAZY_LINEAR_INIT: Sig =
    def("LazyLinear.__init__(self, out_features, bias=True, device=None, dtype=None)");

/// `nn.LazyLinear(out_features)`: a Linear whose `in_features` is the last size of its first input.
/// Until then its weight and bias are `UninitializedParameter`s and it prints `in_features=0`.
pub(super) fn lazy_linear_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = LAZY_LINEAR_INIT.bind(args)?;
    let (given_sizes, syms) = sizes(vec![b.value(1).unwrap_or(Value::None)])?;
    let bias = flag(interp, &b, 2, true)?;
    let dtype = factory_dtype(&b, 4)?;
    inst.set("training", Value::Bool(true));
    inst.set("in_features", Value::int(0));
    inst.set(
        "out_features",
        Value::sym_int(given_sizes[0], syms.first().cloned().flatten()),
    );
    inst.set("weight", uninitialized(interp));
    inst.set(
        "bias",
        if bias {
            uninitialized(interp)
        } else {
            Value::None
        },
    );
    if let Some(d) = dtype {
        inst.set(LAZY_DTYPE, Value::DType(d));
    }
    Ok(Value::None)
}

/// Where a lazy layer keeps the `dtype=` its parameters are made in.
const LAZY_DTYPE: &str = "_lazy_dtype";

fn uninitialized(interp: &mut Interpreter) -> Value {
    let class = super::uninitialized_class(interp);
    Value::Instance(Rc::new(Instance::new(class, Vec::new())))
}

/// `LazyModuleMixin.has_uninitialized_params()`: whether a parameter still waits for the first call.
pub(super) fn lazy_has_uninitialized(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("LazyModuleMixin.has_uninitialized_params(self)");
    let inst = this(&args)?;
    SIG.bind(args)?;
    let waiting = inst.values().iter().any(
        |v| matches!(v, Value::Instance(i) if i.class().native == Some("UninitializedParameter")),
    );
    Ok(Value::Bool(waiting))
}

static LAZY_LINEAR_FORWARD: Sig = def("LazyLinear.forward(self, input)");

/// The first call: `in_features = input.shape[-1]`, the parameters made as Linear makes them, and the
/// module becomes a `Linear` (`cls_to_become`) before it runs as one.
pub(super) fn lazy_linear_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let copy = Args {
        pos: args.pos.clone(),
        kw: args.kw.clone(),
    };
    let input = LAZY_LINEAR_FORWARD
        .bind(copy)?
        .value(1)
        .unwrap_or(Value::None);
    let in_f = match &input {
        Value::Tensor(t) => match t.shape().last() {
            Some(&n) => n as i64,
            None => {
                return Err(exc(ExcKind::IndexError, "tuple index out of range"));
            }
        },
        other => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'{}' object has no attribute 'shape'", other.type_name()),
            ));
        }
    };
    let in_s = match &input {
        Value::Tensor(t) if t.ndim() > 0 => t.axis(t.ndim() - 1),
        _ => None,
    };
    let out_f = int_attr(&inst, "out_features");
    let out_s = match inst.get("out_features") {
        Some(Value::Int(_, s)) => s,
        _ => None,
    };
    let bias = !matches!(inst.get("bias"), Some(Value::None) | None);
    let dtype = match inst.get(LAZY_DTYPE) {
        Some(Value::DType(d)) => Some(d),
        _ => None,
    };
    inst.set("in_features", Value::sym_int(in_f, in_s.clone()));
    set_linear_params(interp, &inst, (in_f, in_s), (out_f, out_s), bias, dtype)?;
    inst.remove(LAZY_DTYPE);
    if let Some(linear) = state(interp).nn_classes.get("Linear").cloned() {
        inst.set_class(linear);
    }
    linear_forward(interp, args)
}

static LINEAR_FORWARD: Sig = def("Linear.forward(self, input)");

pub(super) fn linear_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let x = forward_input(&LINEAR_FORWARD, "linear", args)?;
    let w = match inst.get("weight") {
        Some(Value::Tensor(w)) => w,
        _ => {
            return Err(exc(
                ExcKind::AttributeError,
                "'Linear' object has no attribute 'weight'",
            ));
        }
    };
    let b = match inst.get("bias") {
        Some(Value::Tensor(b)) => Some(b),
        _ => None,
    };
    Ok(Value::Tensor(tnn::linear(&x, &w, b.as_ref())?.detach()))
}
