//! The layers: construction (`__init__` with PyTorch's parameter initialisation) and `forward`.

use crate::interp::torch::state::state;
use std::cell::RefCell;
use std::rc::Rc;

use crate::tensor::ops::elementwise::{UnaryOp, unary};
use crate::tensor::ops::nn as tnn;
use crate::tensor::random::linear_init;
use crate::tensor::{DType, Tensor};

use super::super::args::Params;
use crate::interp::Interpreter;
use crate::interp::error::{PyResult, exc, type_error};
use crate::interp::value::{Args, Instance, Value};

use super::*;

pub(super) fn simple_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    inst.set("training", Value::Bool(true));
    Ok(Value::None)
}

pub(super) fn gelu_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "GELU");
    inst.set("training", Value::Bool(true));
    inst.set(
        "approximate",
        p.get(0, "approximate").unwrap_or(Value::str("none")),
    );
    Ok(Value::None)
}

pub(super) fn softmax_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "Softmax");
    inst.set("training", Value::Bool(true));
    inst.set("dim", p.get(0, "dim").unwrap_or(Value::None));
    Ok(Value::None)
}

pub(super) fn act_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "forward");
    let x = p.tensor(0, "input")?;
    let out = match inst.class.native_tag() {
        Some("ReLU") => unary(UnaryOp::Relu, &x)?,
        Some("Tanh") => unary(UnaryOp::Tanh, &x)?,
        Some("SiLU") => unary(UnaryOp::Silu, &x)?,
        Some("LeakyReLU") => tnn::leaky_relu(&x, float_attr(&inst, "negative_slope"))?,
        Some("ELU") => tnn::elu(&x, float_attr(&inst, "alpha"))?,
        Some("Sigmoid") => unary(UnaryOp::Sigmoid, &x)?,
        Some("GELU") => match inst.get("approximate") {
            Some(Value::Str(s)) if &*s == "tanh" => unary(UnaryOp::GeluTanh, &x)?,
            _ => unary(UnaryOp::Gelu, &x)?,
        },
        Some(tag @ ("Softmax" | "LogSoftmax")) => {
            let dim = match inst.get("dim") {
                Some(Value::Int(d)) => d,
                _ => implicit_softmax_dim(interp, &x, tag == "LogSoftmax"),
            };
            x.softmax(dim, tag == "LogSoftmax")?
        }
        _ => x,
    };
    Ok(Value::Tensor(out))
}

pub(super) fn linear_init_fn(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "Linear");
    let in_f = p.int(0, "in_features")?;
    let out_f = p.int(1, "out_features")?;
    if in_f < 0 || out_f < 0 {
        return Err(exc(
            "RuntimeError",
            format!(
                "Trying to create tensor with negative dimension {}: [{}, {}]",
                in_f.min(out_f),
                out_f,
                in_f
            ),
        ));
    }
    let bias = p.bool_or(2, "bias", true)?;
    crate::tensor::settings::check_numel(&[in_f as usize, out_f as usize])?;
    let (w, b) = linear_init(&mut state(interp).rng, in_f as usize, out_f as usize, bias);
    inst.set("training", Value::Bool(true));
    inst.set("in_features", Value::Int(in_f));
    inst.set("out_features", Value::Int(out_f));
    inst.set(
        "weight",
        param(Tensor::from_vec(w, &[out_f as usize, in_f as usize])?),
    );
    match b {
        Some(b) => inst.set("bias", param(Tensor::from_vec(b, &[out_f as usize])?)),
        None => inst.set("bias", Value::None),
    }
    Ok(Value::None)
}

pub(super) fn linear_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "forward");
    let x = p.tensor(0, "input")?;
    let w = match inst.get("weight") {
        Some(Value::Tensor(w)) => w,
        _ => {
            return Err(exc(
                "AttributeError",
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

pub(super) fn embedding_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "Embedding");
    let n = p.int(0, "num_embeddings")?;
    let d = p.int(1, "embedding_dim")?;
    if n < 0 || d < 0 {
        return Err(exc(
            "RuntimeError",
            "Trying to create tensor with negative dimension",
        ));
    }
    let padding = match p.int_opt(2, "padding_idx")? {
        Some(pi) => {
            if pi >= n || pi < -n {
                return Err(exc(
                    "AssertionError",
                    "Padding_idx must be within num_embeddings",
                ));
            }
            Some(if pi < 0 { pi + n } else { pi })
        }
        None => None,
    };
    crate::tensor::settings::check_numel(&[n as usize, d as usize])?;
    let w = crate::tensor::random::embedding_init(
        &mut state(interp).rng,
        n as usize,
        d as usize,
        padding.map(|x| x as usize),
    );
    inst.set("training", Value::Bool(true));
    inst.set("num_embeddings", Value::Int(n));
    inst.set("embedding_dim", Value::Int(d));
    inst.set(
        "padding_idx",
        padding.map(Value::Int).unwrap_or(Value::None),
    );
    inst.set(
        "weight",
        param(Tensor::from_vec(w, &[n as usize, d as usize])?),
    );
    Ok(Value::None)
}

pub(super) fn embedding_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "forward");
    let idx = p.tensor(0, "input")?;
    let w = match inst.get("weight") {
        Some(Value::Tensor(w)) => w,
        _ => {
            return Err(exc(
                "AttributeError",
                "'Embedding' object has no attribute 'weight'",
            ));
        }
    };
    Ok(Value::Tensor(tnn::embedding(&idx, &w)?))
}

pub(super) fn normalized_shape(v: &Value) -> PyResult<Vec<usize>> {
    match v {
        Value::Int(i) => Ok(vec![(*i).max(0) as usize]),
        Value::Tuple(t) => t
            .iter()
            .map(|x| crate::interp::builtins::to_int(x, "").map(|i| i.max(0) as usize))
            .collect(),
        Value::List(l) => l
            .borrow()
            .iter()
            .map(|x| crate::interp::builtins::to_int(x, "").map(|i| i.max(0) as usize))
            .collect(),
        Value::Size(s) => Ok(s.as_ref().clone()),
        other => Err(type_error(format!(
            "normalized_shape must be an int or a tuple of ints, not {}",
            other.type_name()
        ))),
    }
}

pub(super) fn layernorm_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "LayerNorm");
    let shape =
        normalized_shape(&p.get(0, "normalized_shape").ok_or_else(|| {
            type_error("LayerNorm() missing required argument 'normalized_shape'")
        })?)?;
    let eps = p.float_opt(1, "eps")?.unwrap_or(1e-5);
    let affine = p.bool_or(2, "elementwise_affine", true)?;
    let bias = p.bool_or(usize::MAX, "bias", true)?;
    inst.set("training", Value::Bool(true));
    inst.set(
        "normalized_shape",
        Value::tuple(shape.iter().map(|&d| Value::Int(d as i64)).collect()),
    );
    inst.set("eps", Value::Float(eps));
    inst.set("elementwise_affine", Value::Bool(affine));
    if affine {
        inst.set(
            "weight",
            param(Tensor::full(
                &shape,
                crate::tensor::Scalar::Int(1),
                DType::Float32,
            )?),
        );
        if bias {
            inst.set("bias", param(Tensor::zeros(&shape, DType::Float32)?));
        } else {
            inst.set("bias", Value::None);
        }
    } else {
        inst.set("weight", Value::None);
        inst.set("bias", Value::None);
    }
    Ok(Value::None)
}

pub(super) fn layernorm_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "forward");
    let x = p.tensor(0, "input")?;
    let shape = normalized_shape(&inst.get("normalized_shape").unwrap_or(Value::None))?;
    let w = match inst.get("weight") {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    let b = match inst.get("bias") {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    Ok(Value::Tensor(x.layer_norm(
        &shape,
        w.as_ref(),
        b.as_ref(),
        float_attr(&inst, "eps"),
    )?))
}

pub(super) fn dropout_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "Dropout");
    let prob = p.float_opt(0, "p")?.unwrap_or(0.5);
    if !(0.0..=1.0).contains(&prob) {
        return Err(exc(
            "ValueError",
            format!(
                "dropout probability has to be between 0 and 1, but got {}",
                crate::interp::pyfmt::float_repr(prob)
            ),
        ));
    }
    inst.set("training", Value::Bool(true));
    inst.set("p", Value::Float(prob));
    inst.set("inplace", Value::Bool(p.bool_or(1, "inplace", false)?));
    Ok(Value::None)
}

pub(super) fn dropout_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "forward");
    let x = p.tensor(0, "input")?;
    let prob = float_attr(&inst, "p");
    Ok(Value::Tensor(tnn::dropout(
        &x,
        prob,
        training(&inst),
        &mut state(interp).rng,
    )?))
}

pub(super) fn sequential_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    inst.set("training", Value::Bool(true));
    for (i, m) in args.pos.iter().skip(1).enumerate() {
        if !is_module_value(m) {
            return Err(type_error(format!(
                "{} is not a Module subclass",
                m.type_name()
            )));
        }
        inst.set(&i.to_string(), m.clone());
    }
    Ok(Value::None)
}

pub(super) fn sequential_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mut x = args
        .pos
        .get(1)
        .cloned()
        .ok_or_else(|| type_error("forward() missing required argument 'input'"))?;
    for m in list_children(&inst) {
        x = interp.call_value(m, Args::new(vec![x]))?;
    }
    Ok(x)
}

pub(super) fn modulelist_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    inst.set("training", Value::Bool(true));
    if let Some(items) = args.pos.get(1) {
        for (i, m) in interp.collect_iter(items)?.into_iter().enumerate() {
            if !is_module_value(&m) {
                return Err(type_error(format!(
                    "ModuleList.extend should be called with modules, but got {}",
                    m.type_name()
                )));
            }
            inst.set(&i.to_string(), m);
        }
    }
    Ok(Value::None)
}

pub(super) fn list_append(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let m = args
        .pos
        .get(1)
        .cloned()
        .ok_or_else(|| type_error("append() missing required argument 'module'"))?;
    let n = children(&inst).len();
    inst.set(&n.to_string(), m);
    Ok(Value::Instance(inst))
}

pub(super) fn list_extend(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let items = interp.collect_iter(&args.pos.get(1).cloned().unwrap_or(Value::None))?;
    for m in items {
        let n = children(&inst).len();
        inst.set(&n.to_string(), m);
    }
    Ok(Value::Instance(inst))
}

pub(super) fn parameter(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("Parameter", args);
    let t = p.tensor(0, "data")?;
    let requires_grad = p.bool_or(1, "requires_grad", true)?;
    Ok(Value::Tensor(t.with_grad_info(crate::tensor::GradInfo {
        requires_grad,
        is_param: true,
        grad_fn: None,
    })))
}

pub(super) fn leaky_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "LeakyReLU");
    inst.set("training", Value::Bool(true));
    inst.set(
        "negative_slope",
        Value::Float(p.float_opt(0, "negative_slope")?.unwrap_or(0.01)),
    );
    inst.set("inplace", Value::Bool(p.bool_or(1, "inplace", false)?));
    Ok(Value::None)
}

pub(super) fn elu_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "ELU");
    inst.set("training", Value::Bool(true));
    inst.set(
        "alpha",
        Value::Float(p.float_opt(0, "alpha")?.unwrap_or(1.0)),
    );
    inst.set("inplace", Value::Bool(p.bool_or(1, "inplace", false)?));
    Ok(Value::None)
}

pub(super) fn moduledict_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    inst.set("training", Value::Bool(true));
    if let Some(d) = args.pos.get(1) {
        let pairs: Vec<(Value, Value)> = match d {
            Value::Dict(d) => d.borrow().entries.clone(),
            other => interp
                .collect_iter(other)?
                .into_iter()
                .filter_map(|kv| {
                    if let Value::Tuple(t) = kv {
                        Some((t[0].clone(), t[1].clone()))
                    } else {
                        None
                    }
                })
                .collect(),
        };
        for (k, v) in pairs {
            if let Value::Str(k) = k {
                inst.set(&k, v);
            }
        }
    }
    Ok(Value::None)
}

pub(super) fn moduledict_keys(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(k, _)| Value::Str(k))
            .collect(),
    ))
}

pub(super) fn moduledict_values(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::list(list_children(&inst)))
}

pub(super) fn moduledict_items(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(k, c)| Value::tuple(vec![Value::Str(k), Value::Instance(c)]))
            .collect(),
    ))
}

/// `nn.Embedding.from_pretrained(embeddings, freeze=True, padding_idx=None)`.
pub(super) fn embedding_from_pretrained(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("from_pretrained", args);
    let w = p.tensor(0, "embeddings")?;
    if w.ndim() != 2 {
        return Err(exc(
            "AssertionError",
            "Embeddings parameter is expected to be 2-dimensional",
        ));
    }
    let freeze = p.bool_or(1, "freeze", true)?;
    let class = state(interp)
        .nn_classes
        .get("Embedding")
        .cloned()
        .ok_or_else(|| exc("RuntimeError", "internal: no Embedding class"))?;
    let inst = Rc::new(Instance {
        class,
        attrs: RefCell::new(Vec::new()),
    });
    inst.set("training", Value::Bool(true));
    inst.set("num_embeddings", Value::Int(w.shape()[0] as i64));
    inst.set("embedding_dim", Value::Int(w.shape()[1] as i64));
    inst.set(
        "padding_idx",
        p.get(2, "padding_idx").unwrap_or(Value::None),
    );
    inst.set(
        "weight",
        Value::Tensor(w.with_grad_info(crate::tensor::GradInfo {
            requires_grad: !freeze,
            is_param: true,
            grad_fn: None,
        })),
    );
    Ok(Value::Instance(inst))
}

pub(super) fn relu_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "ReLU");
    inst.set("training", Value::Bool(true));
    inst.set("inplace", Value::Bool(p.bool_or(0, "inplace", false)?));
    Ok(Value::None)
}
