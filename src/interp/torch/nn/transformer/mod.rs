//! `nn.MultiheadAttention` (`torch/nn/modules/activation.py`, its maths in `F.multi_head_attention_forward`
//! of `torch/nn/functional.py`) and the `nn.Transformer` family (`torch/nn/modules/transformer.py`):
//! compositions of the engine's ops in PyTorch's order. Submodules are called through the interpreter as
//! `self.norm1(x)` is in Python, so a learner's replacement of one is honoured and results carry
//! PyTorch's `grad_fn`s.
//!
//! How exact: the composition (masks, scaling, softmax, the batched products, the head average) is
//! PyTorch's bit for bit (the sweep checks it on projections whose products are exactly representable);
//! the projections are the engine's GEMM, which sums in another order than MKL's, so with arbitrary
//! weights the last bits can differ, as for any `nn.Linear`. Also not reproduced bit for bit: the CPU
//! flash kernel of `scaled_dot_product_attention` (behind `need_weights=False`, which the Transformer
//! layers use) and the fused kernels PyTorch switches to in eval mode under `torch.no_grad()` with
//! `batch_first=True` (`torch._native_multi_head_attention`, `torch._transformer_encoder_layer_fwd`);
//! those run the ordinary path here. What the fused path shows beyond bits is kept: `TransformerEncoder`
//! on nested tensors returns zeros at the padded positions.
//!
//! The parts: `attention` (MultiheadAttention), `f_mha` (F.multi_head_attention_forward), `layers`
//! (TransformerEncoderLayer and TransformerDecoderLayer), `stacks` (TransformerEncoder,
//! TransformerDecoder, Transformer); this file holds what they share.

use std::rc::Rc;

use rustpython_parser::ast::Operator;

use crate::tensor::ops::elementwise::masked_fill;
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
use crate::tensor::ops::init::{Init, init_};
use crate::tensor::ops::nn as tnn;
use crate::tensor::{DType, Scalar, Tensor};

use crate::interp::Interpreter;
use crate::interp::args::{Bound, Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc};

use super::losses::size_repr;
use crate::interp::ops::is_same;
use crate::interp::torch::autograd;
use crate::interp::torch::state::state;
use crate::interp::value::{Args, Instance, Value};

use super::functional::{FDef, Node};
use super::*;
use crate::interp::torch::call::{Call, Def};

mod attention;
mod f_mha;
mod layers;
mod stacks;

pub(crate) use attention::{NDQ_LINEAR, mha_forward, mha_init};
pub(crate) use f_mha::F_DEFS as MHA_F_DEFS;
pub(crate) use layers::{decoder_layer_forward, encoder_layer_forward, layer_init};
pub(crate) use stacks::{
    decoder_forward, decoder_init, encoder_forward, encoder_init, generate_square_subsequent_mask,
    transformer_forward, transformer_init,
};

/// A `def` of PyTorch's, `self` included.
const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

fn given(b: &Bound, i: usize) -> Option<Value> {
    match b.value(i) {
        Some(Value::None) | None => None,
        other => other,
    }
}

fn flag(interp: &mut Interpreter, b: &Bound, i: usize, default: bool) -> PyResult<bool> {
    match b.value(i) {
        None => Ok(default),
        Some(v) => interp.truthy(&v),
    }
}

fn assertion(msg: impl Into<String>) -> crate::interp::error::Unwind {
    exc(ExcKind::AssertionError, msg.into())
}

fn runtime(msg: impl Into<String>) -> crate::interp::error::Unwind {
    exc(ExcKind::RuntimeError, msg.into())
}

fn tensor_attr(inst: &Instance, name: &str) -> Option<Tensor> {
    match inst.get(name) {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    }
}

fn module_attr_of(inst: &Instance, name: &str) -> PyResult<Rc<Instance>> {
    match inst.get(name) {
        Some(Value::Instance(i)) => Ok(i),
        _ => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute '{name}'", inst.class().name),
        )),
    }
}

/// A Python tuple of ints as `str()` prints it.
fn tuple_repr(dims: &[usize]) -> String {
    let inner: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    if inner.len() == 1 {
        format!("({},)", inner[0])
    } else {
        format!("({})", inner.join(", "))
    }
}

/// A value the code calls `.dim()` on: a tensor, else Python's AttributeError.
fn tensor_arg(v: Option<Value>) -> PyResult<Tensor> {
    match v {
        Some(Value::Tensor(t)) => Ok(t),
        other => Err(exc(
            ExcKind::AttributeError,
            format!(
                "'{}' object has no attribute 'dim'",
                other.map_or("NoneType".into(), |v| v.type_name())
            ),
        )),
    }
}

fn opt_tensor_arg(v: Option<Value>) -> PyResult<Option<Tensor>> {
    match v {
        None | Some(Value::None) => Ok(None),
        other => tensor_arg(other).map(Some),
    }
}

/// A mask `F._none_or_dtype` is given: a tensor or `None`, else its RuntimeError.
fn none_or_dtype_arg(v: Option<Value>) -> PyResult<Option<Tensor>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::Tensor(t)) => Ok(Some(t)),
        Some(_) => Err(runtime(
            "input to _none_or_dtype() must be None or torch.Tensor",
        )),
    }
}

/// A value whose `.dtype` the code reads (a mask in `F._canonical_mask`, the input): a tensor or `None`.
fn dtype_arg(v: Option<Value>) -> PyResult<Option<Tensor>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::Tensor(t)) => Ok(Some(t)),
        Some(other) => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute 'dtype'", other.type_name()),
        )),
    }
}

/// The input whose `.dtype` the code reads first: a tensor, else Python's AttributeError.
fn input_dtype_arg(v: &Value) -> PyResult<Tensor> {
    match v {
        Value::Tensor(t) => Ok(t.clone()),
        other => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute 'dtype'", other.type_name()),
        )),
    }
}

/// Calls a nn class by its tag, as Python calls `nn.Linear(...)`.
fn construct(
    interp: &mut Interpreter,
    tag: &str,
    pos: Vec<Value>,
    kw: Vec<(&str, Value)>,
) -> PyResult<Value> {
    let class = state(interp)
        .nn_classes
        .get(tag)
        .cloned()
        .ok_or_else(|| runtime(format!("internal: no nn class {tag}")))?;
    let mut args = Args::new(pos);
    args.kw = kw.into_iter().map(|(k, v)| (Rc::from(k), v)).collect();
    interp.call_value(Value::Class(class), args)
}

fn call(
    interp: &mut Interpreter,
    f: Value,
    pos: Vec<Value>,
    kw: Vec<(&str, Value)>,
) -> PyResult<Value> {
    let mut args = Args::new(pos);
    args.kw = kw.into_iter().map(|(k, v)| (Rc::from(k), v)).collect();
    interp.call_value(f, args)
}

fn call_child(
    interp: &mut Interpreter,
    inst: &Instance,
    name: &str,
    pos: Vec<Value>,
    kw: Vec<(&str, Value)>,
) -> PyResult<Value> {
    let child = match inst.get(name) {
        Some(v) => v,
        None => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'{}' object has no attribute '{name}'", inst.class().name),
            ));
        }
    };
    call(interp, child, pos, kw)
}

fn add(interp: &mut Interpreter, a: Value, b: Value) -> PyResult<Value> {
    interp.binary_op(Operator::Add, a, b)
}

fn first(interp: &mut Interpreter, v: Value) -> PyResult<Value> {
    interp.get_item(&v, Value::int(0))
}

/// `F._canonical_mask`: a bool mask becomes a float one with `-inf` where it is `True`.
fn canonical_mask(
    interp: &mut Interpreter,
    mask: Option<Tensor>,
    mask_name: &str,
    other_type: Option<DType>,
    other_name: &str,
    check_other: bool,
) -> PyResult<Option<Tensor>> {
    let Some(mask) = mask else {
        return Ok(None);
    };
    let is_float = mask.dtype().is_floating_point();
    if mask.dtype() != DType::Bool && !is_float {
        return Err(assertion(format!(
            "only bool and floating types of {mask_name} are supported"
        )));
    }
    if check_other && other_type.is_some_and(|o| o != mask.dtype()) {
        interp.warnings.push(format!(
            "UserWarning: Support for mismatched {mask_name} and {other_name} is deprecated. Use same type for both instead."
        ));
    }
    if is_float {
        return Ok(Some(mask));
    }
    let zeros = Tensor::zeros(mask.shape(), DType::Float32)?;
    Ok(Some(masked_fill(
        &zeros,
        &mask,
        Scalar::Float(f64::NEG_INFINITY),
    )?))
}

/// `F.relu` or `F.gelu`, the values a layer's `activation` string names.
fn f_function(interp: &Interpreter, name: &str) -> Option<Value> {
    match interp.modules.get("torch.nn.functional") {
        Some(Value::Module(m)) => m.attrs.get(name).cloned(),
        _ => None,
    }
}

fn opt_value(t: Option<Tensor>) -> Value {
    t.map_or(Value::None, Value::Tensor)
}
