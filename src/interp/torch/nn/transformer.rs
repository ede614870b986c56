//! `nn.MultiheadAttention` (`torch/nn/modules/activation.py`, its maths in `F.multi_head_attention_forward`
//! of `torch/nn/functional.py`) and the `nn.Transformer` family (`torch/nn/modules/transformer.py`):
//! compositions of the engine's ops in PyTorch's order, so the numbers are PyTorch's bit for bit where
//! PyTorch runs the same ops. Submodules are called through the interpreter as `self.norm1(x)` is in
//! Python, so a learner's replacement of one is honoured and results carry PyTorch's `grad_fn`s.
//!
//! Not reproduced: the fused CPU kernels PyTorch switches to in eval mode under `torch.no_grad()` with
//! `batch_first=True` (`torch._native_multi_head_attention`, `torch._transformer_encoder_layer_fwd`,
//! nested tensors); those cases run the ordinary path here, which differs from PyTorch's fused one in
//! the last bits. `need_weights=False` (what the Transformer layers ask for) goes through
//! `scaled_dot_product_attention`, whose CPU flash kernel the engine does not reproduce either.

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
use crate::interp::ops::is_same;
use crate::interp::torch::autograd;
use crate::interp::torch::state::state;
use crate::interp::value::{Args, Instance, Value};

use super::*;

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
            format!("'{}' object has no attribute '{name}'", inst.class.name),
        )),
    }
}

/// `torch.Size([2, 3])`, as PyTorch's f-strings print a shape.
fn size_repr(dims: &[usize]) -> String {
    let inner: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
    format!("torch.Size([{}])", inner.join(", "))
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
                format!("'{}' object has no attribute '{name}'", inst.class.name),
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

// ---- nn.MultiheadAttention -------------------------------------------------------------------------

static MHA_INIT: Sig = def(
    "MultiheadAttention.__init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None, dtype=None)",
);

fn empty_param(shape: &[usize]) -> PyResult<Value> {
    crate::tensor::settings::check_numel(shape)?;
    Ok(param(Tensor::zeros(shape, DType::Float32)?))
}

pub(super) fn mha_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = MHA_INIT.bind(args)?;
    let embed_dim = b.int(1)?;
    let num_heads = b.int(2)?;
    if embed_dim <= 0 || num_heads <= 0 {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "embed_dim and num_heads must be greater than 0, got embed_dim={embed_dim} and num_heads={num_heads} instead"
            ),
        ));
    }
    let dropout = b.value(3).unwrap_or(Value::Float(0.0));
    let bias = flag(interp, &b, 4, true)?;
    let add_bias_kv = flag(interp, &b, 5, false)?;
    let add_zero_attn = flag(interp, &b, 6, false)?;
    let kdim = given(&b, 7)
        .map(|_| b.int(7))
        .transpose()?
        .unwrap_or(embed_dim);
    let vdim = given(&b, 8)
        .map(|_| b.int(8))
        .transpose()?
        .unwrap_or(embed_dim);
    let batch_first = flag(interp, &b, 9, false)?;
    let same = kdim == embed_dim && vdim == embed_dim;
    inst.set("training", Value::Bool(true));
    inst.set("embed_dim", Value::int(embed_dim));
    inst.set("kdim", Value::int(kdim));
    inst.set("vdim", Value::int(vdim));
    inst.set("_qkv_same_embed_dim", Value::Bool(same));
    inst.set("num_heads", Value::int(num_heads));
    inst.set("dropout", dropout);
    inst.set("batch_first", Value::Bool(batch_first));
    let head_dim = embed_dim.div_euclid(num_heads);
    inst.set("head_dim", Value::int(head_dim));
    if head_dim * num_heads != embed_dim {
        return Err(assertion("embed_dim must be divisible by num_heads"));
    }
    let e = embed_dim as usize;
    if same {
        inst.set("in_proj_weight", empty_param(&[3 * e, e])?);
        for name in ["q_proj_weight", "k_proj_weight", "v_proj_weight"] {
            inst.set(name, Value::None);
        }
    } else {
        inst.set("q_proj_weight", empty_param(&[e, e])?);
        inst.set("k_proj_weight", empty_param(&[e, kdim.max(0) as usize])?);
        inst.set("v_proj_weight", empty_param(&[e, vdim.max(0) as usize])?);
        inst.set("in_proj_weight", Value::None);
    }
    if bias {
        inst.set("in_proj_bias", empty_param(&[3 * e])?);
    } else {
        inst.set("in_proj_bias", Value::None);
    }
    // `NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias)`: its own Linear init draws first.
    let out_proj = construct(
        interp,
        NDQ_LINEAR,
        vec![Value::int(embed_dim), Value::int(embed_dim)],
        vec![("bias", Value::Bool(bias))],
    )?;
    inst.set("out_proj", out_proj.clone());
    if add_bias_kv {
        inst.set("bias_k", empty_param(&[1, 1, e])?);
        inst.set("bias_v", empty_param(&[1, 1, e])?);
    } else {
        inst.set("bias_k", Value::None);
        inst.set("bias_v", Value::None);
    }
    inst.set("add_zero_attn", Value::Bool(add_zero_attn));
    // `_reset_parameters`.
    let rng = &mut state(interp).rng;
    if let Some(w) = tensor_attr(&inst, "in_proj_weight") {
        init_(&w, Init::XavierUniform { gain: 1.0 }, rng)?;
    } else {
        for name in ["q_proj_weight", "k_proj_weight", "v_proj_weight"] {
            if let Some(w) = tensor_attr(&inst, name) {
                init_(&w, Init::XavierUniform { gain: 1.0 }, rng)?;
            }
        }
    }
    if let Some(b) = tensor_attr(&inst, "in_proj_bias") {
        init_(&b, Init::Zeros, rng)?;
        if let Value::Instance(o) = &out_proj
            && let Some(ob) = tensor_attr(o, "bias")
        {
            init_(&ob, Init::Zeros, rng)?;
        }
    }
    for name in ["bias_k", "bias_v"] {
        if let Some(t) = tensor_attr(&inst, name) {
            init_(&t, Init::XavierNormal { gain: 1.0 }, rng)?;
        }
    }
    Ok(Value::None)
}

/// The tag under which `NonDynamicallyQuantizableLinear` (a `Linear` that prints its own name) is kept.
pub(super) const NDQ_LINEAR: &str = "NonDynamicallyQuantizableLinear";

static MHA_FORWARD: Sig = def(
    "MultiheadAttention.forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None, average_attn_weights=True, is_causal=False)",
);

/// The weights and settings `F.multi_head_attention_forward` takes.
struct MhaWeights {
    embed_dim: i64,
    num_heads: i64,
    in_proj_weight: Option<Tensor>,
    in_proj_bias: Option<Tensor>,
    bias_k: Option<Tensor>,
    bias_v: Option<Tensor>,
    add_zero_attn: bool,
    dropout_p: f64,
    out_proj_weight: Tensor,
    out_proj_bias: Option<Tensor>,
    training: bool,
    /// `(q_proj_weight, k_proj_weight, v_proj_weight)` when `use_separate_proj_weight`.
    separate: Option<(Tensor, Tensor, Tensor)>,
}

/// The inputs, with which of them are the same object (`_in_projection_packed` asks `k is v`, `q is k`).
struct MhaInputs {
    query: Tensor,
    key: Tensor,
    value: Tensor,
    q_is_k: bool,
    k_is_v: bool,
    key_padding_mask: Option<Tensor>,
    attn_mask: Option<Tensor>,
    need_weights: bool,
    average_attn_weights: bool,
    is_causal: bool,
}

pub(super) fn mha_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = MHA_FORWARD.bind(args)?;
    let (qv, kv, vv) = (
        b.value(1).unwrap_or(Value::None),
        b.value(2).unwrap_or(Value::None),
        b.value(3).unwrap_or(Value::None),
    );
    let key_padding_mask = opt_tensor_arg(b.value(4))?;
    let need_weights = flag(interp, &b, 5, true)?;
    let attn_mask = opt_tensor_arg(b.value(6))?;
    let average_attn_weights = flag(interp, &b, 7, true)?;
    let is_causal = flag(interp, &b, 8, false)?;
    let query = tensor_arg(Some(qv.clone()))?;
    let is_batched = query.ndim() == 3;
    let key_padding_mask = canonical_mask(
        interp,
        key_padding_mask,
        "key_padding_mask",
        attn_mask.as_ref().map(Tensor::dtype),
        "attn_mask",
        true,
    )?;
    let attn_mask = canonical_mask(interp, attn_mask, "attn_mask", None, "", false)?;
    let key = tensor_arg(Some(kv.clone()))?;
    let value = tensor_arg(Some(vv.clone()))?;
    let (q_is_k, k_is_v) = (is_same(&qv, &kv), is_same(&kv, &vv));
    let batch_first = matches!(inst.get("batch_first"), Some(Value::Bool(true)));
    let out_proj = module_attr_of(&inst, "out_proj")?;
    let weights = MhaWeights {
        embed_dim: int_attr(&inst, "embed_dim"),
        num_heads: int_attr(&inst, "num_heads"),
        in_proj_weight: tensor_attr(&inst, "in_proj_weight"),
        in_proj_bias: tensor_attr(&inst, "in_proj_bias"),
        bias_k: tensor_attr(&inst, "bias_k"),
        bias_v: tensor_attr(&inst, "bias_v"),
        add_zero_attn: matches!(inst.get("add_zero_attn"), Some(Value::Bool(true))),
        dropout_p: float_attr(&inst, "dropout"),
        out_proj_weight: tensor_attr(&out_proj, "weight").ok_or_else(|| {
            exc(
                ExcKind::AttributeError,
                "'NonDynamicallyQuantizableLinear' object has no attribute 'weight'",
            )
        })?,
        out_proj_bias: tensor_attr(&out_proj, "bias"),
        training: training(&inst),
        separate: if matches!(inst.get("_qkv_same_embed_dim"), Some(Value::Bool(false))) {
            match (
                tensor_attr(&inst, "q_proj_weight"),
                tensor_attr(&inst, "k_proj_weight"),
                tensor_attr(&inst, "v_proj_weight"),
            ) {
                (Some(q), Some(k), Some(v)) => Some((q, k, v)),
                _ => {
                    return Err(assertion(
                        "use_separate_proj_weight is True but q_proj_weight is None",
                    ));
                }
            }
        } else {
            None
        },
    };
    let mut params: Vec<Tensor> = vec![query.clone(), key.clone(), value.clone()];
    params.extend(
        [
            &weights.in_proj_weight,
            &weights.in_proj_bias,
            &weights.bias_k,
            &weights.bias_v,
            &weights.out_proj_bias,
        ]
        .into_iter()
        .flatten()
        .cloned(),
    );
    params.push(weights.out_proj_weight.clone());
    if let Some((q, k, v)) = &weights.separate {
        params.extend([q.clone(), k.clone(), v.clone()]);
    }
    let record = autograd::recording_tensors(interp, &params.iter().collect::<Vec<_>>());
    let (query, key, value) = if batch_first && is_batched {
        (
            query.transpose(1, 0)?,
            key.transpose(1, 0)?,
            value.transpose(1, 0)?,
        )
    } else {
        (query, key, value)
    };
    let inputs = MhaInputs {
        query,
        key,
        value,
        q_is_k,
        k_is_v,
        key_padding_mask,
        attn_mask,
        need_weights,
        average_attn_weights,
        is_causal,
    };
    let (out, attn) = mha_core(interp, &weights, inputs)?;
    let (out, out_node) = if batch_first && is_batched {
        (out.transpose(1, 0)?, "TransposeBackward0")
    } else if is_batched {
        (out, "ViewBackward0")
    } else {
        (out, "SqueezeBackward1")
    };
    let attn_node = if !is_batched {
        "SqueezeBackward1"
    } else if average_attn_weights {
        "MeanBackward1"
    } else {
        "ViewBackward0"
    };
    let mark = |t: Tensor, node: &'static str| {
        let v = Value::Tensor(t);
        if record { autograd::mark(v, node) } else { v }
    };
    Ok(Value::tuple(vec![
        mark(out, out_node),
        attn.map_or(Value::None, |a| mark(a, attn_node)),
    ]))
}

/// `_mha_shape_check`: whether the query is batched, or PyTorch's AssertionError.
fn mha_shape_check(inputs: &MhaInputs, num_heads: i64) -> PyResult<bool> {
    let (q, k, v) = (&inputs.query, &inputs.key, &inputs.value);
    let kpm = inputs.key_padding_mask.as_ref();
    let mask = inputs.attn_mask.as_ref();
    match q.ndim() {
        3 => {
            if k.ndim() != 3 || v.ndim() != 3 {
                return Err(assertion(format!(
                    "For batched (3-D) `query`, expected `key` and `value` to be 3-D but found {}-D and {}-D tensors respectively",
                    k.ndim(),
                    v.ndim()
                )));
            }
            if let Some(m) = kpm
                && m.ndim() != 2
            {
                return Err(assertion(format!(
                    "For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D but found {}-D tensor instead",
                    m.ndim()
                )));
            }
            if let Some(m) = mask
                && !matches!(m.ndim(), 2 | 3)
            {
                return Err(assertion(format!(
                    "For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found {}-D tensor instead",
                    m.ndim()
                )));
            }
            Ok(true)
        }
        2 => {
            if k.ndim() != 2 || v.ndim() != 2 {
                return Err(assertion(format!(
                    "For unbatched (2-D) `query`, expected `key` and `value` to be 2-D but found {}-D and {}-D tensors respectively",
                    k.ndim(),
                    v.ndim()
                )));
            }
            if let Some(m) = kpm
                && m.ndim() != 1
            {
                return Err(assertion(format!(
                    "For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D but found {}-D tensor instead",
                    m.ndim()
                )));
            }
            if let Some(m) = mask {
                if !matches!(m.ndim(), 2 | 3) {
                    return Err(assertion(format!(
                        "For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found {}-D tensor instead",
                        m.ndim()
                    )));
                }
                if m.ndim() == 3 {
                    let expected = [num_heads.max(0) as usize, q.shape()[0], k.shape()[0]];
                    if m.shape() != expected {
                        return Err(assertion(format!(
                            "Expected `attn_mask` shape to be {} but got {}",
                            tuple_repr(&expected),
                            size_repr(m.shape())
                        )));
                    }
                }
            }
            Ok(false)
        }
        n => Err(assertion(format!(
            "query should be unbatched 2D or batched 3D tensor but received {n}-D query tensor"
        ))),
    }
}

fn linear(x: &Tensor, w: &Tensor, b: Option<&Tensor>) -> PyResult<Tensor> {
    Ok(tnn::linear(x, w, b)?)
}

/// `proj.unflatten(-1, (n, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()`, then its items.
fn unpack(proj: &Tensor, n: usize, e: usize) -> PyResult<Vec<Tensor>> {
    let mut shape: Vec<i64> = proj.shape()[..proj.ndim() - 1]
        .iter()
        .map(|&d| d as i64)
        .collect();
    shape.extend([n as i64, e as i64]);
    let packed = proj
        .reshape(&shape)?
        .unsqueeze(0)?
        .transpose(0, -2)?
        .squeeze(Some(&[-2]))?
        .contiguous();
    (0..n as i64)
        .map(|i| packed.select(0, i).map_err(Into::into))
        .collect()
}

/// `_in_projection_packed` / `_in_projection`: q, k and v projected by the packed or separate weights.
fn in_projection(w: &MhaWeights, inputs: &MhaInputs) -> PyResult<(Tensor, Tensor, Tensor)> {
    let (q, k, v) = (&inputs.query, &inputs.key, &inputs.value);
    let e = q.shape()[q.ndim() - 1];
    let bias_chunks = |b: &Option<Tensor>| -> PyResult<Option<Vec<Tensor>>> {
        b.as_ref()
            .map(|b| b.chunk(3, 0).map_err(Into::into))
            .transpose()
    };
    if let Some((wq, wk, wv)) = &w.separate {
        let b = bias_chunks(&w.in_proj_bias)?;
        let bi = |i: usize| b.as_ref().map(|b| &b[i]);
        return Ok((
            linear(q, wq, bi(0))?,
            linear(k, wk, bi(1))?,
            linear(v, wv, bi(2))?,
        ));
    }
    let weight = w
        .in_proj_weight
        .as_ref()
        .ok_or_else(|| assertion("use_separate_proj_weight is False but in_proj_weight is None"))?;
    if inputs.k_is_v {
        if inputs.q_is_k {
            let proj = linear(q, weight, w.in_proj_bias.as_ref())?;
            let parts = unpack(&proj, 3, e)?;
            return Ok((parts[0].clone(), parts[1].clone(), parts[2].clone()));
        }
        let ws = weight.split(
            crate::tensor::ops::shape::SplitSizes::List(vec![e, 2 * e]),
            0,
        )?;
        let bs = w
            .in_proj_bias
            .as_ref()
            .map(|b| {
                b.split(
                    crate::tensor::ops::shape::SplitSizes::List(vec![e, 2 * e]),
                    0,
                )
            })
            .transpose()?;
        let q_proj = linear(q, &ws[0], bs.as_ref().map(|b| &b[0]))?;
        let kv_proj = linear(k, &ws[1], bs.as_ref().map(|b| &b[1]))?;
        let parts = unpack(&kv_proj, 2, e)?;
        return Ok((q_proj, parts[0].clone(), parts[1].clone()));
    }
    let ws = weight.chunk(3, 0)?;
    let b = bias_chunks(&w.in_proj_bias)?;
    let bi = |i: usize| b.as_ref().map(|b| &b[i]);
    Ok((
        linear(q, &ws[0], bi(0))?,
        linear(k, &ws[1], bi(1))?,
        linear(v, &ws[2], bi(2))?,
    ))
}

/// `F.pad(mask, (0, 1))`: one zero column at the end of the last dim.
fn pad_last(mask: &Tensor) -> PyResult<Tensor> {
    let mut shape = mask.shape().to_vec();
    if let Some(last) = shape.last_mut() {
        *last = 1;
    }
    let zeros = Tensor::zeros(&shape, mask.dtype())?;
    Ok(Tensor::cat(&[mask.clone(), zeros], -1)?)
}

/// `F.multi_head_attention_forward` after the module's own preparation: `(attn_output, attn_weights)`.
fn mha_core(
    interp: &mut Interpreter,
    w: &MhaWeights,
    inputs: MhaInputs,
) -> PyResult<(Tensor, Option<Tensor>)> {
    let num_heads = w.num_heads;
    let is_batched = mha_shape_check(&inputs, num_heads)?;
    let mut inputs = inputs;
    if !is_batched {
        inputs.query = inputs.query.unsqueeze(1)?;
        inputs.key = inputs.key.unsqueeze(1)?;
        inputs.value = inputs.value.unsqueeze(1)?;
        if let Some(m) = &inputs.key_padding_mask {
            inputs.key_padding_mask = Some(m.unsqueeze(0)?);
        }
    }
    let (tgt_len, bsz, embed_dim) = (
        inputs.query.shape()[0],
        inputs.query.shape()[1],
        inputs.query.shape()[2],
    );
    let key_padding_mask = canonical_mask(
        interp,
        inputs.key_padding_mask.take(),
        "key_padding_mask",
        inputs.attn_mask.as_ref().map(Tensor::dtype),
        "attn_mask",
        true,
    )?;
    let mut is_causal = inputs.is_causal;
    if is_causal && inputs.attn_mask.is_none() {
        return Err(runtime(
            "Need attn_mask if specifying the is_causal hint. You may use the Transformer module method `generate_square_subsequent_mask` to create this mask.",
        ));
    }
    let mut attn_mask = if is_causal && key_padding_mask.is_none() && !inputs.need_weights {
        None
    } else {
        let m = canonical_mask(
            interp,
            inputs.attn_mask.take(),
            "attn_mask",
            None,
            "",
            false,
        )?;
        if key_padding_mask.is_some() {
            is_causal = false;
        }
        m
    };
    if embed_dim as i64 != w.embed_dim {
        return Err(assertion(format!(
            "was expecting embedding dimension of {}, but got {embed_dim}",
            w.embed_dim
        )));
    }
    let head_dim = embed_dim / num_heads.max(1) as usize;
    if head_dim as i64 * num_heads != embed_dim as i64 {
        return Err(assertion(format!(
            "embed_dim {embed_dim} not divisible by num_heads {num_heads}"
        )));
    }
    let (kshape, vshape) = (inputs.key.shape(), inputs.value.shape());
    if w.separate.is_some() {
        if kshape[..2] != vshape[..2] {
            return Err(assertion(format!(
                "key's sequence and batch dims {} do not match value's {}",
                size_repr(&kshape[..2]),
                size_repr(&vshape[..2])
            )));
        }
    } else if kshape != vshape {
        return Err(assertion(format!(
            "key shape {} does not match value shape {}",
            size_repr(kshape),
            size_repr(vshape)
        )));
    }
    let (q, mut k, mut v) = in_projection(w, &inputs)?;
    let src_len = inputs.key.shape()[0];
    let heads = num_heads as usize;
    if let Some(m) = attn_mask.take() {
        attn_mask = Some(match m.ndim() {
            2 => {
                let correct = [tgt_len, src_len];
                if m.shape() != correct {
                    return Err(runtime(format!(
                        "The shape of the 2D attn_mask is {}, but should be {}.",
                        size_repr(m.shape()),
                        tuple_repr(&correct)
                    )));
                }
                m.unsqueeze(0)?
            }
            3 => {
                let correct = [bsz * heads, tgt_len, src_len];
                if m.shape() != correct {
                    return Err(runtime(format!(
                        "The shape of the 3D attn_mask is {}, but should be {}.",
                        size_repr(m.shape()),
                        tuple_repr(&correct)
                    )));
                }
                m
            }
            n => {
                return Err(runtime(format!(
                    "attn_mask's dimension {n} is not supported"
                )));
            }
        });
    }
    let mut key_padding_mask = key_padding_mask;
    match (&w.bias_k, &w.bias_v) {
        (Some(bk), Some(bv)) => {
            k = Tensor::cat(
                &[
                    k,
                    crate::tensor::ops::reorder::repeat(bk, &[1, bsz as i64, 1])?,
                ],
                0,
            )?;
            v = Tensor::cat(
                &[
                    v,
                    crate::tensor::ops::reorder::repeat(bv, &[1, bsz as i64, 1])?,
                ],
                0,
            )?;
            attn_mask = attn_mask.as_ref().map(pad_last).transpose()?;
            key_padding_mask = key_padding_mask.as_ref().map(pad_last).transpose()?;
        }
        (Some(_), None) => return Err(assertion("bias_k is set but bias_v is None")),
        (None, Some(_)) => return Err(assertion("bias_v is set but bias_k is None")),
        (None, None) => {}
    }
    let bh = (bsz * heads) as i64;
    let q = q
        .view(&[tgt_len as i64, bh, head_dim as i64])?
        .transpose(0, 1)?;
    let mut k = k
        .view(&[k.shape()[0] as i64, bh, head_dim as i64])?
        .transpose(0, 1)?;
    let mut v = v
        .view(&[v.shape()[0] as i64, bh, head_dim as i64])?
        .transpose(0, 1)?;
    if w.add_zero_attn {
        let zeros = Tensor::zeros(&[bsz * heads, 1, head_dim], k.dtype())?;
        k = Tensor::cat(&[k, zeros.clone()], 1)?;
        v = Tensor::cat(&[v, zeros], 1)?;
        attn_mask = attn_mask.as_ref().map(pad_last).transpose()?;
        key_padding_mask = key_padding_mask.as_ref().map(pad_last).transpose()?;
    }
    let src_len = k.shape()[1];
    if let Some(kpm) = key_padding_mask {
        if kpm.shape()[0] != bsz {
            return Err(assertion(format!(
                "Expected key_padded_mask.shape[0] to be {bsz}, but got {}",
                kpm.shape()[0]
            )));
        }
        if kpm.shape().get(1) != Some(&src_len) {
            return Err(assertion(format!(
                "Expected key_padded_mask.shape[1] to be {src_len}, but got {}",
                kpm.shape().get(1).copied().unwrap_or(0)
            )));
        }
        let kpm = kpm
            .view(&[bsz as i64, 1, 1, src_len as i64])?
            .expand(&[-1, num_heads, -1, -1])?
            .reshape(&[bh, 1, src_len as i64])?;
        attn_mask = Some(match attn_mask {
            None => kpm,
            Some(m) => binary(BinaryOp::Add, Operand::Tensor(&m), Operand::Tensor(&kpm))?,
        });
    }
    let dropout_p = if w.training { w.dropout_p } else { 0.0 };
    let out_proj = |x: &Tensor| linear(x, &w.out_proj_weight, w.out_proj_bias.as_ref());
    if inputs.need_weights {
        let scale = (1.0 / head_dim as f64).sqrt();
        let q_scaled = binary(
            BinaryOp::Mul,
            Operand::Tensor(&q),
            Operand::Scalar(Scalar::Float(scale)),
        )?;
        let kt = k.transpose(-2, -1)?;
        let product = q_scaled.bmm(&kt)?;
        let mut weights = match &attn_mask {
            // `torch.baddbmm(attn_mask, q_scaled, kᵀ)`: the product rounded, then the mask added.
            Some(m) => binary(BinaryOp::Add, Operand::Tensor(m), Operand::Tensor(&product))?,
            None => product,
        };
        weights = weights.softmax(-1, false)?;
        if dropout_p > 0.0 {
            weights = tnn::dropout(&weights, dropout_p, true, &mut state(interp).rng)?;
        }
        let out = weights.bmm(&v)?;
        let out = out
            .transpose(0, 1)?
            .reshape(&[(tgt_len * bsz) as i64, embed_dim as i64])?;
        let out = out_proj(&out)?;
        let out = out.view(&[tgt_len as i64, bsz as i64, out.shape()[1] as i64])?;
        let mut weights = weights.view(&[bsz as i64, num_heads, tgt_len as i64, src_len as i64])?;
        if inputs.average_attn_weights {
            weights = weights.mean(Some(&[1]), false)?;
        }
        if !is_batched {
            return Ok((out.squeeze(Some(&[1]))?, Some(weights.squeeze(Some(&[0]))?)));
        }
        return Ok((out, Some(weights)));
    }
    let attn_mask = match attn_mask {
        Some(m) if m.shape()[0] == 1 && m.ndim() == 3 => Some(m.unsqueeze(0)?),
        Some(m) => Some(m.view(&[bsz as i64, num_heads, -1, src_len as i64])?),
        None => None,
    };
    let q = q.view(&[bsz as i64, num_heads, tgt_len as i64, head_dim as i64])?;
    let k = k.view(&[bsz as i64, num_heads, src_len as i64, head_dim as i64])?;
    let v = v.view(&[bsz as i64, num_heads, src_len as i64, head_dim as i64])?;
    let out = if dropout_p > 0.0 {
        attention_with_dropout(interp, &q, &k, &v, attn_mask.as_ref(), dropout_p, is_causal)?
    } else {
        tnn::scaled_dot_product_attention(
            &q,
            &k,
            &v,
            &tnn::AttentionOptions {
                attn_mask: attn_mask.as_ref(),
                is_causal,
                scale: None,
            },
        )?
    };
    let out = out
        .permute(&[2, 0, 1, 3])?
        .reshape(&[(bsz * tgt_len) as i64, embed_dim as i64])?;
    let out = out_proj(&out)?;
    let out = out.view(&[tgt_len as i64, bsz as i64, out.shape()[1] as i64])?;
    if !is_batched {
        return Ok((out.squeeze(Some(&[1]))?, None));
    }
    Ok((out, None))
}

/// ATen's `_scaled_dot_product_attention_math`, the CPU path when dropout is on: q and k each scaled
/// by the square root of the scale, the product, the mask, a softmax that gives 0 for all-masked rows,
/// dropout, then the product with v.
fn attention_with_dropout(
    interp: &mut Interpreter,
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    mask: Option<&Tensor>,
    p: f64,
    is_causal: bool,
) -> PyResult<Tensor> {
    let head_dim = q.shape()[q.ndim() - 1] as f64;
    let factor = (1.0 / head_dim.sqrt()).sqrt();
    let scale = |t: &Tensor| {
        binary(
            BinaryOp::Mul,
            Operand::Tensor(t),
            Operand::Scalar(Scalar::Float(factor)),
        )
    };
    let qs = scale(q)?;
    let kt = scale(&k.transpose(-2, -1)?)?;
    let mut scores = qs.matmul(&kt)?;
    if is_causal {
        let (l, s) = (scores.shape()[2], scores.shape()[3]);
        let ones = Tensor::full(&[l, s], Scalar::Bool(true), DType::Bool)?;
        let future = crate::tensor::ops::elementwise::unary(
            crate::tensor::ops::elementwise::UnaryOp::Not,
            &ones.tri(0, true)?,
        )?;
        scores = masked_fill(&scores, &future, Scalar::Float(f64::NEG_INFINITY))?;
    }
    if let Some(m) = mask {
        scores = binary(BinaryOp::Add, Operand::Tensor(&scores), Operand::Tensor(m))?;
    }
    let attn = scores.softmax(-1, false)?;
    // `_safe_softmax`: rows that were all -inf give 0 rather than nan.
    let all_masked = crate::tensor::ops::elementwise::unary(
        crate::tensor::ops::elementwise::UnaryOp::IsNan,
        &attn,
    )?;
    let attn = masked_fill(&attn, &all_masked, Scalar::Float(0.0))?;
    let attn = tnn::dropout(&attn, p, true, &mut state(interp).rng)?;
    Ok(attn.matmul(v)?)
}

// ---- the Transformer layers --------------------------------------------------------------------------

/// `F.relu` or `F.gelu`, the values a layer's `activation` string names.
fn functional(interp: &Interpreter, name: &str) -> Option<Value> {
    match interp.modules.get("torch.nn.functional") {
        Some(Value::Module(m)) => m.attrs.get(name).cloned(),
        _ => None,
    }
}

/// The layer's `activation`: a string names F.relu / F.gelu; anything else is kept as given.
fn activation(interp: &mut Interpreter, given_value: Option<Value>) -> PyResult<(Value, i64)> {
    let relu = functional(interp, "relu").unwrap_or(Value::None);
    let gelu = functional(interp, "gelu").unwrap_or(Value::None);
    let act = match given_value {
        None => relu.clone(),
        Some(Value::Str(s)) => match &*s {
            "relu" => relu.clone(),
            "gelu" => gelu.clone(),
            other => {
                return Err(runtime(format!(
                    "activation should be relu/gelu, not {other}"
                )));
            }
        },
        Some(v) => v,
    };
    let kind = match &act {
        a if is_same(a, &relu) => 1,
        a if is_same(a, &gelu) => 2,
        Value::Instance(i) if i.class.native_tag() == Some("ReLU") => 1,
        Value::Instance(i) if i.class.native_tag() == Some("GELU") => 2,
        _ => 0,
    };
    Ok((act, kind))
}

static ENCODER_LAYER_INIT: Sig = def(
    "TransformerEncoderLayer.__init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=relu, layer_norm_eps=1e-05, batch_first=False, norm_first=False, bias=True, device=None, dtype=None)",
);
static DECODER_LAYER_INIT: Sig = def(
    "TransformerDecoderLayer.__init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=relu, layer_norm_eps=1e-05, batch_first=False, norm_first=False, bias=True, device=None, dtype=None)",
);

/// `TransformerEncoderLayer.__init__` and `TransformerDecoderLayer.__init__` (the decoder adds a
/// cross-attention, a third norm and a third dropout).
pub(super) fn layer_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let decoder = inst.class.has_native("TransformerDecoderLayer");
    let b = if decoder {
        DECODER_LAYER_INIT.bind(args)?
    } else {
        ENCODER_LAYER_INIT.bind(args)?
    };
    let arg = |i: usize| b.value(i).unwrap_or(Value::None);
    let d_model = arg(1);
    let nhead = arg(2);
    let dim_ff = b.value(3).unwrap_or(Value::int(2048));
    let dropout = b.value(4).unwrap_or(Value::Float(0.1));
    let eps = b.value(6).unwrap_or(Value::Float(1e-5));
    let batch_first = b.value(7).unwrap_or(Value::Bool(false));
    let norm_first = flag(interp, &b, 8, false)?;
    let bias = b.value(9).unwrap_or(Value::Bool(true));
    inst.set("training", Value::Bool(true));
    let attention = |interp: &mut Interpreter| {
        construct(
            interp,
            "MultiheadAttention",
            vec![d_model.clone(), nhead.clone()],
            vec![
                ("dropout", dropout.clone()),
                ("bias", bias.clone()),
                ("batch_first", batch_first.clone()),
            ],
        )
    };
    let self_attn = attention(interp)?;
    inst.set("self_attn", self_attn);
    if decoder {
        let cross = attention(interp)?;
        inst.set("multihead_attn", cross);
    }
    let linear1 = construct(
        interp,
        "Linear",
        vec![d_model.clone(), dim_ff.clone()],
        vec![("bias", bias.clone())],
    )?;
    inst.set("linear1", linear1);
    let drop = construct(interp, "Dropout", vec![dropout.clone()], vec![])?;
    inst.set("dropout", drop);
    let linear2 = construct(
        interp,
        "Linear",
        vec![dim_ff, d_model.clone()],
        vec![("bias", bias.clone())],
    )?;
    inst.set("linear2", linear2);
    inst.set("norm_first", Value::Bool(norm_first));
    let norms: &[&str] = if decoder {
        &["norm1", "norm2", "norm3"]
    } else {
        &["norm1", "norm2"]
    };
    for name in norms {
        let norm = construct(
            interp,
            "LayerNorm",
            vec![d_model.clone()],
            vec![("eps", eps.clone()), ("bias", bias.clone())],
        )?;
        inst.set(name, norm);
    }
    let drops: &[&str] = if decoder {
        &["dropout1", "dropout2", "dropout3"]
    } else {
        &["dropout1", "dropout2"]
    };
    for name in drops {
        let d = construct(interp, "Dropout", vec![dropout.clone()], vec![])?;
        inst.set(name, d);
    }
    let (act, kind) = activation(interp, given(&b, 5))?;
    if !decoder {
        inst.set("activation_relu_or_gelu", Value::int(kind));
    }
    inst.set("activation", act);
    Ok(Value::None)
}

static ENCODER_LAYER_FORWARD: Sig = def(
    "TransformerEncoderLayer.forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal=False)",
);

fn opt_value(t: Option<Tensor>) -> Value {
    t.map_or(Value::None, Value::Tensor)
}

/// `_sa_block` / `_mha_block`: an attention's output (no weights), through a dropout.
#[allow(clippy::too_many_arguments)]
fn attention_block(
    interp: &mut Interpreter,
    inst: &Instance,
    attention: &str,
    dropout: &str,
    x: Value,
    memory: Option<Value>,
    attn_mask: Value,
    key_padding_mask: Value,
    is_causal: Value,
) -> PyResult<Value> {
    let (k, v) = match memory {
        Some(m) => (m.clone(), m),
        None => (x.clone(), x.clone()),
    };
    let r = call_child(
        interp,
        inst,
        attention,
        vec![x, k, v],
        vec![
            ("attn_mask", attn_mask),
            ("key_padding_mask", key_padding_mask),
            ("need_weights", Value::Bool(false)),
            ("is_causal", is_causal),
        ],
    )?;
    let out = first(interp, r)?;
    call_child(interp, inst, dropout, vec![out], vec![])
}

/// `_ff_block`: `dropout_last(linear2(dropout(activation(linear1(x)))))`.
fn feed_forward(
    interp: &mut Interpreter,
    inst: &Instance,
    last: &str,
    x: Value,
) -> PyResult<Value> {
    let h = call_child(interp, inst, "linear1", vec![x], vec![])?;
    let act = inst.get("activation").unwrap_or(Value::None);
    let h = call(interp, act, vec![h], vec![])?;
    let h = call_child(interp, inst, "dropout", vec![h], vec![])?;
    let h = call_child(interp, inst, "linear2", vec![h], vec![])?;
    call_child(interp, inst, last, vec![h], vec![])
}

pub(super) fn encoder_layer_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = ENCODER_LAYER_FORWARD.bind(args)?;
    let src_v = b.value(1).unwrap_or(Value::None);
    let src = tensor_arg(Some(src_v.clone()))?;
    let src_mask = opt_tensor_arg(b.value(2))?;
    let kpm = opt_tensor_arg(b.value(3))?;
    let is_causal = b.value(4).unwrap_or(Value::Bool(false));
    let kpm = canonical_mask(
        interp,
        kpm,
        "src_key_padding_mask",
        src_mask.as_ref().map(Tensor::dtype),
        "src_mask",
        true,
    )?;
    let _ = src;
    let src_mask = canonical_mask(interp, src_mask, "src_mask", None, "", false)?;
    let (mask, kpm) = (opt_value(src_mask), opt_value(kpm));
    let norm_first = matches!(inst.get("norm_first"), Some(Value::Bool(true)));
    let x = src_v;
    if norm_first {
        let n = call_child(interp, &inst, "norm1", vec![x.clone()], vec![])?;
        let sa = attention_block(
            interp,
            &inst,
            "self_attn",
            "dropout1",
            n,
            None,
            mask,
            kpm,
            is_causal,
        )?;
        let x = add(interp, x, sa)?;
        let n = call_child(interp, &inst, "norm2", vec![x.clone()], vec![])?;
        let ff = feed_forward(interp, &inst, "dropout2", n)?;
        add(interp, x, ff)
    } else {
        let sa = attention_block(
            interp,
            &inst,
            "self_attn",
            "dropout1",
            x.clone(),
            None,
            mask,
            kpm,
            is_causal,
        )?;
        let s = add(interp, x, sa)?;
        let x = call_child(interp, &inst, "norm1", vec![s], vec![])?;
        let ff = feed_forward(interp, &inst, "dropout2", x.clone())?;
        let s = add(interp, x, ff)?;
        call_child(interp, &inst, "norm2", vec![s], vec![])
    }
}

static DECODER_LAYER_FORWARD: Sig = def(
    "TransformerDecoderLayer.forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None, tgt_is_causal=False, memory_is_causal=False)",
);

pub(super) fn decoder_layer_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = DECODER_LAYER_FORWARD.bind(args)?;
    let arg = |i: usize| b.value(i).unwrap_or(Value::None);
    let (x, memory) = (arg(1), arg(2));
    let (tgt_mask, memory_mask, tgt_kpm, memory_kpm) = (arg(3), arg(4), arg(5), arg(6));
    let tgt_is_causal = b.value(7).unwrap_or(Value::Bool(false));
    let memory_is_causal = b.value(8).unwrap_or(Value::Bool(false));
    let norm_first = matches!(inst.get("norm_first"), Some(Value::Bool(true)));
    if norm_first {
        let n = call_child(interp, &inst, "norm1", vec![x.clone()], vec![])?;
        let sa = attention_block(
            interp,
            &inst,
            "self_attn",
            "dropout1",
            n,
            None,
            tgt_mask,
            tgt_kpm,
            tgt_is_causal,
        )?;
        let x = add(interp, x, sa)?;
        let n = call_child(interp, &inst, "norm2", vec![x.clone()], vec![])?;
        let ca = attention_block(
            interp,
            &inst,
            "multihead_attn",
            "dropout2",
            n,
            Some(memory),
            memory_mask,
            memory_kpm,
            memory_is_causal,
        )?;
        let x = add(interp, x, ca)?;
        let n = call_child(interp, &inst, "norm3", vec![x.clone()], vec![])?;
        let ff = feed_forward(interp, &inst, "dropout3", n)?;
        add(interp, x, ff)
    } else {
        let sa = attention_block(
            interp,
            &inst,
            "self_attn",
            "dropout1",
            x.clone(),
            None,
            tgt_mask,
            tgt_kpm,
            tgt_is_causal,
        )?;
        let s = add(interp, x, sa)?;
        let x = call_child(interp, &inst, "norm1", vec![s], vec![])?;
        let ca = attention_block(
            interp,
            &inst,
            "multihead_attn",
            "dropout2",
            x.clone(),
            Some(memory),
            memory_mask,
            memory_kpm,
            memory_is_causal,
        )?;
        let s = add(interp, x, ca)?;
        let x = call_child(interp, &inst, "norm2", vec![s], vec![])?;
        let ff = feed_forward(interp, &inst, "dropout3", x.clone())?;
        let s = add(interp, x, ff)?;
        call_child(interp, &inst, "norm3", vec![s], vec![])
    }
}

// ---- the stacks ----------------------------------------------------------------------------------------

/// `_get_clones(module, n)`: a ModuleList of `copy.deepcopy(module)`s.
fn clones(interp: &mut Interpreter, module: &Value, n: i64) -> PyResult<Value> {
    let deepcopy = match interp.modules.get("copy") {
        Some(Value::Module(m)) => m.attrs.get("deepcopy").cloned(),
        _ => None,
    }
    .ok_or_else(|| runtime("internal: copy.deepcopy is missing"))?;
    let mut copies = Vec::new();
    for _ in 0..n.max(0) {
        copies.push(call(
            interp,
            deepcopy.clone(),
            vec![module.clone()],
            vec![],
        )?);
    }
    construct(interp, "ModuleList", vec![Value::list(copies)], vec![])
}

static ENCODER_INIT: Sig = def(
    "TransformerEncoder.__init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True)",
);

pub(super) fn encoder_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = ENCODER_INIT.bind(args)?;
    let layer = b.value(1).unwrap_or(Value::None);
    let num_layers = b.int(2)?;
    let enable_nested = flag(interp, &b, 4, true)?;
    inst.set("training", Value::Bool(true));
    let layers = clones(interp, &layer, num_layers)?;
    inst.set("layers", layers);
    inst.set("num_layers", Value::int(num_layers));
    inst.set("norm", b.value(3).unwrap_or(Value::None));
    inst.set("enable_nested_tensor", Value::Bool(enable_nested));
    inst.set("use_nested_tensor", Value::Bool(enable_nested));
    inst.set("mask_check", b.value(5).unwrap_or(Value::Bool(true)));
    let why = why_not_sparsity(&layer);
    if enable_nested && let Some(why) = why {
        interp.warnings.push(format!(
            "UserWarning: enable_nested_tensor is True, but self.use_nested_tensor is False because {why}"
        ));
        inst.set("use_nested_tensor", Value::Bool(false));
    }
    Ok(Value::None)
}

/// Why `TransformerEncoder` will not use nested tensors with this layer (PyTorch warns of it).
fn why_not_sparsity(layer: &Value) -> Option<String> {
    let enc = "encoder_layer";
    let layer = match layer {
        Value::Instance(i) if i.class.has_native("TransformerEncoderLayer") => i,
        _ => return Some(format!("{enc} was not TransformerEncoderLayer")),
    };
    if matches!(layer.get("norm_first"), Some(Value::Bool(true))) {
        return Some(format!("{enc}.norm_first was True"));
    }
    let Ok(attn) = module_attr_of(layer, "self_attn") else {
        return None;
    };
    if !matches!(attn.get("batch_first"), Some(Value::Bool(true))) {
        return Some(format!(
            "{enc}.self_attn.batch_first was not True(use batch_first for better inference performance)"
        ));
    }
    if matches!(attn.get("_qkv_same_embed_dim"), Some(Value::Bool(false))) {
        return Some(format!("{enc}.self_attn._qkv_same_embed_dim was not True"));
    }
    if tensor_attr(&attn, "in_proj_bias").is_none() {
        return Some(format!("{enc}.self_attn was passed bias=False"));
    }
    if int_attr(layer, "activation_relu_or_gelu") == 0 {
        return Some(format!("{enc}.activation_relu_or_gelu was not True"));
    }
    let eps = |n: &str| module_attr_of(layer, n).map(|m| float_attr(&m, "eps")).ok();
    if eps("norm1") != eps("norm2") {
        return Some(format!("{enc}.norm1.eps was not equal to {enc}.norm2.eps"));
    }
    if int_attr(&attn, "num_heads") % 2 == 1 {
        return Some(format!("{enc}.self_attn.num_heads is odd"));
    }
    None
}

/// `_generate_square_subsequent_mask(sz)`: `-inf` above the diagonal, 0 elsewhere.
fn square_subsequent_mask(sz: usize) -> PyResult<Tensor> {
    crate::tensor::settings::check_numel(&[sz, sz])?;
    let full = Tensor::full(&[sz, sz], Scalar::Float(f64::NEG_INFINITY), DType::Float32)?;
    Ok(full.tri(1, false)?)
}

/// `_detect_is_causal_mask(mask, is_causal, size)`.
fn detect_is_causal(mask: &Value, is_causal: &Value, size: Option<usize>) -> PyResult<bool> {
    let make_causal = matches!(is_causal, Value::Bool(true));
    if let (Value::None, Value::Tensor(m)) = (is_causal, mask) {
        let sz = size.unwrap_or_else(|| {
            m.shape()
                .get(m.ndim().wrapping_sub(2))
                .copied()
                .unwrap_or(0)
        });
        let causal = square_subsequent_mask(sz)?;
        if m.shape() != causal.shape() {
            return Ok(false);
        }
        let eq = binary(BinaryOp::Eq, Operand::Tensor(m), Operand::Tensor(&causal))?;
        return Ok(eq.to_vec::<bool>().iter().all(|&x| x));
    }
    Ok(make_causal)
}

fn seq_len(src: &Value, batch_first: bool) -> Option<usize> {
    match src {
        Value::Tensor(t) if t.ndim() == 2 => Some(t.shape()[0]),
        Value::Tensor(t) => t.shape().get(usize::from(batch_first)).copied(),
        _ => None,
    }
}

/// `self.layers[0].self_attn.batch_first`.
fn first_layer_batch_first(inst: &Instance) -> bool {
    let Ok(layers) = module_attr_of(inst, "layers") else {
        return false;
    };
    let Some((_, layer)) = children(&layers).into_iter().next() else {
        return false;
    };
    module_attr_of(&layer, "self_attn")
        .is_ok_and(|a| matches!(a.get("batch_first"), Some(Value::Bool(true))))
}

fn layer_list(inst: &Instance) -> PyResult<Vec<Value>> {
    let layers = module_attr_of(inst, "layers")?;
    Ok(list_children(&layers))
}

static ENCODER_FORWARD: Sig = def(
    "TransformerEncoder.forward(self, src, mask=None, src_key_padding_mask=None, is_causal=None)",
);

pub(super) fn encoder_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = ENCODER_FORWARD.bind(args)?;
    let src = b.value(1).unwrap_or(Value::None);
    tensor_arg(Some(src.clone()))?;
    let mask = opt_tensor_arg(b.value(2))?;
    let kpm = opt_tensor_arg(b.value(3))?;
    let is_causal = b.value(4).unwrap_or(Value::None);
    let kpm = canonical_mask(
        interp,
        kpm,
        "src_key_padding_mask",
        mask.as_ref().map(Tensor::dtype),
        "mask",
        true,
    )?;
    let mask = canonical_mask(interp, mask, "mask", None, "", false)?;
    let layers = layer_list(&inst)?;
    if layers.is_empty() {
        return Err(exc(ExcKind::IndexError, "index 0 is out of range"));
    }
    let (mask, kpm) = (opt_value(mask), opt_value(kpm));
    let len = seq_len(&src, first_layer_batch_first(&inst));
    let is_causal = detect_is_causal(&mask, &is_causal, len)?;
    let mut output = src;
    for layer in layers {
        output = call(
            interp,
            layer,
            vec![output],
            vec![
                ("src_mask", mask.clone()),
                ("is_causal", Value::Bool(is_causal)),
                ("src_key_padding_mask", kpm.clone()),
            ],
        )?;
    }
    match inst.get("norm") {
        Some(norm @ Value::Instance(_)) => call(interp, norm, vec![output], vec![]),
        _ => Ok(output),
    }
}

static DECODER_INIT: Sig =
    def("TransformerDecoder.__init__(self, decoder_layer, num_layers, norm=None)");

pub(super) fn decoder_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = DECODER_INIT.bind(args)?;
    let layer = b.value(1).unwrap_or(Value::None);
    let num_layers = b.int(2)?;
    inst.set("training", Value::Bool(true));
    let layers = clones(interp, &layer, num_layers)?;
    inst.set("layers", layers);
    inst.set("num_layers", Value::int(num_layers));
    inst.set("norm", b.value(3).unwrap_or(Value::None));
    Ok(Value::None)
}

static DECODER_FORWARD: Sig = def(
    "TransformerDecoder.forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None, tgt_is_causal=None, memory_is_causal=False)",
);

pub(super) fn decoder_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = DECODER_FORWARD.bind(args)?;
    let arg = |i: usize| b.value(i).unwrap_or(Value::None);
    let (tgt, memory) = (arg(1), arg(2));
    let (tgt_mask, memory_mask, tgt_kpm, memory_kpm) = (arg(3), arg(4), arg(5), arg(6));
    let tgt_is_causal = arg(7);
    let memory_is_causal = b.value(8).unwrap_or(Value::Bool(false));
    let layers = layer_list(&inst)?;
    if layers.is_empty() {
        return Err(exc(ExcKind::IndexError, "index 0 is out of range"));
    }
    let len = seq_len(&tgt, first_layer_batch_first(&inst));
    let tgt_is_causal = detect_is_causal(&tgt_mask, &tgt_is_causal, len)?;
    let mut output = tgt;
    for layer in layers {
        output = call(
            interp,
            layer,
            vec![output, memory.clone()],
            vec![
                ("tgt_mask", tgt_mask.clone()),
                ("memory_mask", memory_mask.clone()),
                ("tgt_key_padding_mask", tgt_kpm.clone()),
                ("memory_key_padding_mask", memory_kpm.clone()),
                ("tgt_is_causal", Value::Bool(tgt_is_causal)),
                ("memory_is_causal", memory_is_causal.clone()),
            ],
        )?;
    }
    match inst.get("norm") {
        Some(norm @ Value::Instance(_)) => call(interp, norm, vec![output], vec![]),
        _ => Ok(output),
    }
}

static TRANSFORMER_INIT: Sig = def(
    "Transformer.__init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048, dropout=0.1, activation=relu, custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-05, batch_first=False, norm_first=False, bias=True, device=None, dtype=None)",
);

pub(super) fn transformer_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = TRANSFORMER_INIT.bind(args)?;
    let or = |i: usize, d: Value| b.value(i).unwrap_or(d);
    let d_model = or(1, Value::int(512));
    let nhead = or(2, Value::int(8));
    let n_enc = or(3, Value::int(6));
    let n_dec = or(4, Value::int(6));
    let layer_args = vec![
        d_model.clone(),
        nhead.clone(),
        or(5, Value::int(2048)),
        or(6, Value::Float(0.1)),
        match b.value(7) {
            Some(v) => v,
            None => functional(interp, "relu").unwrap_or(Value::None),
        },
        or(10, Value::Float(1e-5)),
        or(11, Value::Bool(false)),
        or(12, Value::Bool(false)),
        or(13, Value::Bool(true)),
    ];
    let eps = or(10, Value::Float(1e-5));
    let bias = or(13, Value::Bool(true));
    inst.set("training", Value::Bool(true));
    let encoder = match given(&b, 8) {
        Some(custom) => custom,
        None => {
            let layer = construct(
                interp,
                "TransformerEncoderLayer",
                layer_args.clone(),
                vec![],
            )?;
            let norm = construct(
                interp,
                "LayerNorm",
                vec![d_model.clone()],
                vec![("eps", eps.clone()), ("bias", bias.clone())],
            )?;
            construct(
                interp,
                "TransformerEncoder",
                vec![layer, n_enc, norm],
                vec![],
            )?
        }
    };
    inst.set("encoder", encoder);
    let decoder = match given(&b, 9) {
        Some(custom) => custom,
        None => {
            let layer = construct(interp, "TransformerDecoderLayer", layer_args, vec![])?;
            let norm = construct(
                interp,
                "LayerNorm",
                vec![d_model.clone()],
                vec![("eps", eps), ("bias", bias)],
            )?;
            construct(
                interp,
                "TransformerDecoder",
                vec![layer, n_dec, norm],
                vec![],
            )?
        }
    };
    inst.set("decoder", decoder);
    // `_reset_parameters`: xavier_uniform_ on every parameter with more than one dim, in order.
    let mut params = Vec::new();
    all_parameters(&inst, "", &mut params);
    let rng = &mut state(interp).rng;
    for (_, p) in params {
        if p.ndim() > 1 {
            init_(&p, Init::XavierUniform { gain: 1.0 }, rng)?;
        }
    }
    inst.set("d_model", d_model);
    inst.set("nhead", nhead);
    inst.set("batch_first", or(11, Value::Bool(false)));
    Ok(Value::None)
}

static TRANSFORMER_FORWARD: Sig = def(
    "Transformer.forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None, src_is_causal=None, tgt_is_causal=None, memory_is_causal=False)",
);

pub(super) fn transformer_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = TRANSFORMER_FORWARD.bind(args)?;
    let arg = |i: usize| b.value(i).unwrap_or(Value::None);
    let (src_v, tgt_v) = (arg(1), arg(2));
    let src = tensor_arg(Some(src_v.clone()))?;
    let tgt = tensor_arg(Some(tgt_v.clone()))?;
    let batch_first = matches!(inst.get("batch_first"), Some(Value::Bool(true)));
    let is_batched = src.ndim() == 3;
    let size = |t: &Tensor, d: i64| -> PyResult<usize> {
        let n = t.ndim() as i64;
        let i = if d < 0 { d + n } else { d };
        t.shape().get(i as usize).copied().ok_or_else(|| {
            exc(
                ExcKind::IndexError,
                format!(
                    "Dimension out of range (expected to be in range of [{}, {}], but got {d})",
                    -n,
                    n - 1
                ),
            )
        })
    };
    let batch_dim = if batch_first { 0 } else { 1 };
    if !batch_first && size(&src, 1)? != size(&tgt, 1)? && is_batched
        || batch_first && size(&src, 0)? != size(&tgt, 0)? && is_batched
    {
        let _ = batch_dim;
        return Err(runtime("the batch number of src and tgt must be equal"));
    }
    let d_model = int_attr(&inst, "d_model");
    if size(&src, -1)? as i64 != d_model || size(&tgt, -1)? as i64 != d_model {
        return Err(runtime(
            "the feature number of src and tgt must be equal to d_model",
        ));
    }
    let memory = call_child(
        interp,
        &inst,
        "encoder",
        vec![src_v],
        vec![
            ("mask", arg(3)),
            ("src_key_padding_mask", arg(6)),
            ("is_causal", arg(9)),
        ],
    )?;
    call_child(
        interp,
        &inst,
        "decoder",
        vec![tgt_v, memory],
        vec![
            ("tgt_mask", arg(4)),
            ("memory_mask", arg(5)),
            ("tgt_key_padding_mask", arg(7)),
            ("memory_key_padding_mask", arg(8)),
            ("tgt_is_causal", arg(10)),
            (
                "memory_is_causal",
                b.value(11).unwrap_or(Value::Bool(false)),
            ),
        ],
    )
}

static SQUARE_MASK: Sig =
    def("Transformer.generate_square_subsequent_mask(sz, device=None, dtype=None)");

/// `Transformer.generate_square_subsequent_mask(sz)`, a static method: called on an instance, the
/// instance is not an argument.
pub(super) fn generate_square_subsequent_mask(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut args = args;
    if matches!(args.pos.first(), Some(Value::Instance(i)) if is_module(i)) {
        args.pos.remove(0);
    }
    let b = SQUARE_MASK.bind(args)?;
    let sz = b.int(0)?;
    if sz < 0 {
        return Err(runtime(format!(
            "Trying to create tensor with negative dimension {sz}: [{sz}, {sz}]"
        )));
    }
    Ok(Value::Tensor(square_subsequent_mask(sz as usize)?))
}
