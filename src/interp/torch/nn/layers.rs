//! The layers: construction (`__init__` with PyTorch's parameter initialisation) and `forward`.

use crate::interp::torch::state::state;
use std::rc::Rc;

use crate::tensor::ops::elementwise::{UnaryOp, unary};
use crate::tensor::ops::nn as tnn;
use crate::tensor::sym::{self, Sym};
use crate::tensor::{DType, Tensor};

use crate::interp::Interpreter;
use crate::interp::args::{Bound, Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Instance, Value};

/// `type(v)` as Python prints it (`<class 'str'>`).
fn class_repr(v: &Value) -> String {
    match v {
        Value::Tensor(_) => "<class 'torch.Tensor'>".into(),
        other => format!("<class '{}'>", other.type_name()),
    }
}

/// A `def` of PyTorch's, `self` included.
pub(super) const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

/// A bound value, `None` when absent or `None`.
pub(super) fn given(b: &Bound, i: usize) -> Option<Value> {
    match b.value(i) {
        Some(Value::None) | None => None,
        other => other,
    }
}

/// A `bool(x)` of a flag (`bias=True`, `inplace=False`), its default when absent.
pub(super) fn flag(interp: &mut Interpreter, b: &Bound, i: usize, default: bool) -> PyResult<bool> {
    match b.value(i) {
        None => Ok(default),
        Some(v) => interp.truthy(&v),
    }
}

/// A float option (`eps=1e-05`, `negative_slope=0.01`), its default when absent.
fn number(b: &Bound, i: usize, default: f64) -> PyResult<f64> {
    match given(b, i) {
        None => Ok(default),
        Some(_) => b.float(i),
    }
}

use super::*;

/// Layers without an `__init__` of their own run `Module.__init__(self, *args, **kwargs)`, which takes
/// nothing; `Identity.__init__` takes anything.
pub(super) fn simple_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    if !inst.class().has_native("Identity") {
        super::module::m_init(interp, args)?;
    }
    inst.set("training", Value::Bool(true));
    Ok(Value::None)
}

static GELU_INIT: Sig = def("GELU.__init__(self, approximate='none')");

pub(super) fn gelu_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = GELU_INIT.bind(args)?;
    inst.set("training", Value::Bool(true));
    inst.set("approximate", b.value_or_default(1)?);
    Ok(Value::None)
}

static SOFTMAX_INIT: Sig = def("Softmax.__init__(self, dim=None)");
static LOG_SOFTMAX_INIT: Sig = def("LogSoftmax.__init__(self, dim=None)");

pub(super) fn softmax_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let sig = if inst.class().has_native("LogSoftmax") {
        &LOG_SOFTMAX_INIT
    } else {
        &SOFTMAX_INIT
    };
    let b = sig.bind(args)?;
    let dim = given(&b, 1).unwrap_or(Value::None);
    if !matches!(dim, Value::Int(_, _) | Value::None) {
        return Err(type_error(format!(
            "dim must be an int or None, got {}",
            class_repr(&dim)
        )));
    }
    inst.set("training", Value::Bool(true));
    inst.set("dim", dim);
    Ok(Value::None)
}

/// Each activation's `forward(self, input)`, named by its class.
fn forward_sig(tag: &str) -> &'static Sig {
    static RELU: Sig = def("ReLU.forward(self, input)");
    static TANH: Sig = def("Tanh.forward(self, input)");
    static SILU: Sig = def("SiLU.forward(self, input)");
    static LEAKY: Sig = def("LeakyReLU.forward(self, input)");
    static ELU: Sig = def("ELU.forward(self, input)");
    static SIGMOID: Sig = def("Sigmoid.forward(self, input)");
    static GELU: Sig = def("GELU.forward(self, input)");
    static SOFTMAX: Sig = def("Softmax.forward(self, input)");
    static LOG_SOFTMAX: Sig = def("LogSoftmax.forward(self, input)");
    static IDENTITY: Sig = def("Identity.forward(self, input)");
    match tag {
        "ReLU" => &RELU,
        "Tanh" => &TANH,
        "SiLU" => &SILU,
        "LeakyReLU" => &LEAKY,
        "ELU" => &ELU,
        "Sigmoid" => &SIGMOID,
        "GELU" => &GELU,
        "Softmax" => &SOFTMAX,
        "LogSoftmax" => &LOG_SOFTMAX,
        _ => &IDENTITY,
    }
}

/// The input parameter of the C++ op a layer's forward passes its input to (`F.linear` calls
/// `torch._C._nn.linear(input, ...)`), which refuses anything but a tensor in its own words
/// (`linear(): argument 'input' (position 1) must be Tensor, not int`).
fn op_input(op: &str) -> &'static Sig {
    macro_rules! ops {
        ($($name:literal => $text:literal),* $(,)?) => {
            match op {
                $($name => {
                    static SIG: Sig = Sig::torch($text);
                    &SIG
                })*
                _ => {
                    static SIG: Sig = Sig::torch("relu(Tensor input)");
                    &SIG
                }
            }
        };
    }
    ops!(
        "linear" => "linear(Tensor input)",
        // `torch.embedding(weight, input, ...)`: the indices come second.
        "embedding" => "embedding(object weight, Tensor indices)",
        "layer_norm" => "layer_norm(Tensor input)",
        "dropout" => "dropout(Tensor input)",
        "tanh" => "tanh(Tensor input)",
        "silu" => "silu(Tensor input)",
        "leaky_relu" => "leaky_relu(Tensor input)",
        "elu" => "elu(Tensor input)",
        "sigmoid" => "sigmoid(Tensor input)",
        "gelu" => "gelu(Tensor input)",
    )
}

/// The tensor a layer's `forward(self, input)` was given, checked as the C++ op `op` checks it.
pub(super) fn forward_input(sig: &'static Sig, op: &str, args: Args) -> PyResult<Tensor> {
    let input = sig.bind(args)?.value(1).unwrap_or(Value::None);
    op_tensor(op, input)
}

fn op_tensor(op: &str, input: Value) -> PyResult<Tensor> {
    // A tensor always binds; the op's signature is needed only to word what is wrong with anything else.
    if let Value::Tensor(t) = input {
        return Ok(t);
    }
    if op == "embedding" {
        let b = op_input(op).bind(Args::new(vec![Value::None, input]))?;
        return b.tensor(1);
    }
    op_input(op).bind(Args::new(vec![input]))?.tensor(0)
}

/// The C++ op an activation's forward calls (for the wording of a wrong input).
fn activation_op(tag: &str) -> &'static str {
    match tag {
        "ReLU" => "relu",
        "Tanh" => "tanh",
        "SiLU" => "silu",
        "LeakyReLU" => "leaky_relu",
        "ELU" => "elu",
        "Sigmoid" => "sigmoid",
        "GELU" => "gelu",
        _ => "softmax",
    }
}

pub(super) fn act_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let tag = inst.class().native_tag().unwrap_or("Identity");
    if tag == "Identity" {
        let b = forward_sig(tag).bind(args)?;
        return Ok(b.value(1).unwrap_or(Value::None));
    }
    let b = forward_sig(tag).bind(args)?;
    let x = match b.value(1) {
        Some(Value::Tensor(x)) => x,
        // F.softmax calls `input.dim()` first; the others pass the input to a C++ op.
        other if matches!(tag, "Softmax" | "LogSoftmax") => {
            return Err(exc(
                ExcKind::AttributeError,
                format!(
                    "'{}' object has no attribute 'dim'",
                    other.map_or("NoneType".into(), |v| v.type_name())
                ),
            ));
        }
        other => op_tensor(activation_op(tag), other.unwrap_or(Value::None))?,
    };
    let out = match inst.class().native_tag() {
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
                Some(Value::Int(d, _)) => d,
                _ => implicit_softmax_dim(interp, &x, tag == "LogSoftmax"),
            };
            x.softmax(dim, tag == "LogSoftmax")?
        }
        _ => x,
    };
    Ok(Value::Tensor(out))
}

/// `torch.empty(shape)`, which a layer's `__init__` calls to make its parameters: PyTorch's words for a
/// size that is not an int.
static EMPTY: Sig = Sig::torch("empty(SymInt[] size)");

/// The sizes, and the symbol of each (`nn.Linear(hid_dim, pf_dim)` remembers which sizes its weight has).
pub(super) fn sizes(dims: Vec<Value>) -> PyResult<(Vec<i64>, Vec<Option<Sym>>)> {
    let b = EMPTY.bind(Args::new(vec![Value::tuple(dims)]))?;
    Ok((b.int_list(0)?, b.int_list_syms(0)))
}

static EMBEDDING_INIT: Sig = def(
    "Embedding.__init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None)",
);

pub(super) fn embedding_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = EMBEDDING_INIT.bind(args)?;
    let (given_sizes, syms) = sizes(vec![
        b.value(1).unwrap_or(Value::None),
        b.value(2).unwrap_or(Value::None),
    ])?;
    let (n, d) = (given_sizes[0], given_sizes[1]);
    if n < 0 || d < 0 {
        return Err(exc(
            ExcKind::RuntimeError,
            "Trying to create tensor with negative dimension",
        ));
    }
    let padding = match given(&b, 3).map(|_| b.int(3)).transpose()? {
        Some(pi) => {
            if pi >= n || pi < -n {
                return Err(exc(
                    ExcKind::AssertionError,
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
    inst.set(
        "num_embeddings",
        Value::sym_int(n, syms.first().cloned().flatten()),
    );
    inst.set(
        "embedding_dim",
        Value::sym_int(d, syms.get(1).cloned().flatten()),
    );
    inst.set(
        "padding_idx",
        padding.map(Value::int).unwrap_or(Value::None),
    );
    // Kept as given, as PyTorch keeps them: `max_norm` renormalises the looked-up rows in `forward`.
    for (i, name) in [
        (4, "max_norm"),
        (5, "norm_type"),
        (6, "scale_grad_by_freq"),
        (7, "sparse"),
    ] {
        inst.set(name, b.value_or_default(i)?);
    }
    inst.set(
        "weight",
        param(Tensor::from_vec(w, &[n as usize, d as usize])?.with_axes(sym::axes(syms))),
    );
    Ok(Value::None)
}

static EMBEDDING_FORWARD: Sig = def("Embedding.forward(self, input)");

pub(super) fn embedding_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let idx = forward_input(&EMBEDDING_FORWARD, "embedding", args)?;
    let w = match inst.get("weight") {
        Some(Value::Tensor(w)) => w,
        _ => {
            return Err(exc(
                ExcKind::AttributeError,
                "'Embedding' object has no attribute 'weight'",
            ));
        }
    };
    // `F.embedding(..., max_norm)`: the rows the input names are scaled down in place first.
    if let Some(max_norm) = inst.get("max_norm").filter(|v| !matches!(v, Value::None)) {
        let norm_type = inst.get("norm_type").unwrap_or(Value::Float(2.0));
        super::bags::renorm(&w, &idx, &max_norm, &norm_type)?;
    }
    Ok(Value::Tensor(tnn::embedding(&idx, &w)?))
}

pub(super) fn normalized_shape(v: &Value) -> PyResult<Vec<usize>> {
    match v {
        Value::Int(i, _) => Ok(vec![(*i).max(0) as usize]),
        Value::Tuple(t) => t
            .iter()
            .map(|x| crate::interp::convert::to_int(x, "").map(|i| i.max(0) as usize))
            .collect(),
        Value::List(l) => l
            .borrow()
            .iter()
            .map(|x| crate::interp::convert::to_int(x, "").map(|i| i.max(0) as usize))
            .collect(),
        Value::Size(s) => Ok(s.dims.clone()),
        other => Err(type_error(format!(
            "normalized_shape must be an int or a tuple of ints, not {}",
            other.type_name()
        ))),
    }
}

static LAYER_NORM_INIT: Sig = def(
    "LayerNorm.__init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, bias=True, device=None, dtype=None)",
);

pub(super) fn layernorm_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = LAYER_NORM_INIT.bind(args)?;
    // `(n,)` for an int, else `tuple(normalized_shape)`, then `torch.empty(normalized_shape)`.
    let shape = match b.value(1).unwrap_or(Value::None) {
        v @ (Value::Int(_, _) | Value::Bool(_)) => vec![v],
        other => interp.collect_iter(&other)?,
    };
    let shape: Vec<usize> = sizes(shape)?.0.iter().map(|&d| d.max(0) as usize).collect();
    let eps = number(&b, 2, 1e-5)?;
    let affine = flag(interp, &b, 3, true)?;
    let bias = flag(interp, &b, 4, true)?;
    // `dtype=`, else the default float dtype (`torch.set_default_dtype`); checked by
    // `torch.empty(normalized_shape, dtype=...)`, whose one-signature form names the argument.
    let dtype = match given(&b, 6) {
        None => DType::default_for(crate::tensor::dtype::Category::Float),
        Some(Value::DType(d)) => d,
        Some(other) => {
            return Err(type_error(format!(
                "empty(): argument 'dtype' must be torch.dtype, not {}",
                other.type_name()
            )));
        }
    };
    inst.set("training", Value::Bool(true));
    inst.set(
        "normalized_shape",
        Value::tuple(shape.iter().map(|&d| Value::int(d as i64)).collect()),
    );
    inst.set("eps", Value::Float(eps));
    inst.set("elementwise_affine", Value::Bool(affine));
    if affine {
        inst.set(
            "weight",
            param(Tensor::full(&shape, crate::tensor::Scalar::Int(1), dtype)?),
        );
        if bias {
            inst.set("bias", param(Tensor::zeros(&shape, dtype)?));
        } else {
            inst.set("bias", Value::None);
        }
    } else {
        inst.set("weight", Value::None);
        inst.set("bias", Value::None);
    }
    Ok(Value::None)
}

static LAYER_NORM_FORWARD: Sig = def("LayerNorm.forward(self, input)");

pub(super) fn layernorm_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let x = forward_input(&LAYER_NORM_FORWARD, "layer_norm", args)?;
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

static DROPOUT_INIT: Sig = def("_DropoutNd.__init__(self, p=0.5, inplace=False)");

pub(super) fn dropout_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = DROPOUT_INIT.bind(args)?;
    let prob = match b.value(1) {
        None => 0.5,
        Some(Value::Float(f)) => f,
        Some(Value::Int(n, _)) => n as f64,
        Some(Value::Bool(v)) => v as i64 as f64,
        Some(other) => {
            return Err(type_error(format!(
                "'<' not supported between instances of '{}' and 'int'",
                other.type_name()
            )));
        }
    };
    if !(0.0..=1.0).contains(&prob) {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "dropout probability has to be between 0 and 1, but got {}",
                crate::interp::types::format::float_repr(prob)
            ),
        ));
    }
    inst.set("training", Value::Bool(true));
    inst.set("p", Value::Float(prob));
    let inplace = flag(interp, &b, 2, false)?;
    inst.set("inplace", Value::Bool(inplace));
    Ok(Value::None)
}

static DROPOUT_FORWARD: Sig = def("Dropout.forward(self, input)");

pub(super) fn dropout_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let x = forward_input(&DROPOUT_FORWARD, "dropout", args)?;
    let prob = float_attr(&inst, "p");
    let out = tnn::dropout(&x, prob, training(&inst), &mut state(interp).rng)?;
    if matches!(inst.get("inplace"), Some(Value::Bool(true))) && !out.shares_storage(&x) {
        // `Dropout(p, inplace=True)`: the input itself takes the dropped values.
        x.copy_from(&out)?;
        return Ok(Value::Tensor(x));
    }
    Ok(Value::Tensor(out))
}

static SEQUENTIAL_INIT: Sig = def("Sequential.__init__(self, *args)");

pub(super) fn sequential_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = SEQUENTIAL_INIT.bind(args)?;
    inst.set("training", Value::Bool(true));
    let given = b.varargs();
    // `Sequential(OrderedDict([("fc", layer), ...]))` names its layers.
    if let [single] = given.as_slice()
        && crate::interp::stdlib::is_ordered_dict(single)
    {
        for (key, m) in crate::interp::stdlib::mapping_entries(single).unwrap_or_default() {
            check_child(&key, &m)?;
            if let Value::Str(name) = &key {
                inst.set(name, m);
            }
        }
        return Ok(Value::None);
    }
    for (i, m) in given.iter().enumerate() {
        check_child(&Value::str(&i.to_string()), m)?;
        inst.set(&i.to_string(), m.clone());
    }
    Ok(Value::None)
}

static SEQUENTIAL_FORWARD: Sig = def("Sequential.forward(self, input)");

pub(super) fn sequential_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mut x = SEQUENTIAL_FORWARD
        .bind(args)?
        .value(1)
        .unwrap_or(Value::None);
    for m in list_children(&inst) {
        x = interp.call_value(m, Args::new(vec![x]))?;
    }
    Ok(x)
}

static MODULE_LIST_INIT: Sig = def("ModuleList.__init__(self, modules=None)");

pub(super) fn modulelist_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = MODULE_LIST_INIT.bind(args)?;
    inst.set("training", Value::Bool(true));
    if let Some(items) = given(&b, 1) {
        extend(interp, &inst, &items)?;
    }
    Ok(Value::None)
}

static MODULE_LIST_APPEND: Sig = def("ModuleList.append(self, module)");
static SEQUENTIAL_APPEND: Sig = def("Sequential.append(self, module)");
static MODULE_LIST_EXTEND: Sig = def("ModuleList.extend(self, modules)");

pub(super) fn list_append(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let sig = if inst.class().has_native("Sequential") {
        &SEQUENTIAL_APPEND
    } else {
        &MODULE_LIST_APPEND
    };
    let m = sig.bind(args)?.value(1).unwrap_or(Value::None);
    let key = children(&inst).len().to_string();
    check_child(&Value::str(&key), &m)?;
    inst.set(&key, m);
    Ok(Value::Instance(inst))
}

pub(super) fn list_extend(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let modules = MODULE_LIST_EXTEND
        .bind(args)?
        .value(1)
        .unwrap_or(Value::None);
    extend(interp, &inst, &modules)?;
    Ok(Value::Instance(inst))
}

/// `ModuleList.extend(modules)`: an iterable of modules, each added under the next index.
fn extend(interp: &mut Interpreter, inst: &Rc<Instance>, modules: &Value) -> PyResult<()> {
    let items = interp.collect_iter(modules).map_err(|_| {
        type_error(format!(
            "ModuleList.extend should be called with an iterable, but got {}",
            modules.type_name()
        ))
    })?;
    for m in items {
        let key = children(inst).len().to_string();
        check_child(&Value::str(&key), &m)?;
        inst.set(&key, m);
    }
    Ok(())
}

static PARAMETER: Sig = def("Parameter.__new__(cls, data=None, requires_grad=True)");
static MAKE_SUBCLASS: Sig =
    Sig::torch("_make_subclass(object cls, Tensor data, bool require_grad=False)");

/// `nn.Parameter(data=None, requires_grad=True)`: the data (an empty tensor when none) as a parameter.
pub(super) fn parameter(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut args = args;
    args.pos.insert(0, Value::None);
    let b = PARAMETER.bind(args)?;
    let t = match given(&b, 1) {
        None => Tensor::zeros(&[0], DType::Float32)?,
        Some(Value::Tensor(t)) => t,
        Some(other) => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'{}' object has no attribute 'detach'", other.type_name()),
            ));
        }
    };
    // `torch.Tensor._make_subclass(cls, data, requires_grad)` checks the flag.
    let requires_grad = b.value(2).unwrap_or(Value::Bool(true));
    let requires_grad = MAKE_SUBCLASS
        .bind(Args::new(vec![
            Value::None,
            Value::Tensor(t.clone()),
            requires_grad,
        ]))?
        .bool(2)?;
    Ok(Value::Tensor(t.with_grad_info(crate::tensor::GradInfo {
        requires_grad,
        is_param: true,
        grad_fn: None,
        view_of_leaf: false,
    })))
}

static LEAKY_INIT: Sig = def("LeakyReLU.__init__(self, negative_slope=0.01, inplace=False)");

pub(super) fn leaky_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = LEAKY_INIT.bind(args)?;
    inst.set("training", Value::Bool(true));
    inst.set("negative_slope", Value::Float(number(&b, 1, 0.01)?));
    let inplace = flag(interp, &b, 2, false)?;
    inst.set("inplace", Value::Bool(inplace));
    Ok(Value::None)
}

static ELU_INIT: Sig = def("ELU.__init__(self, alpha=1.0, inplace=False)");

pub(super) fn elu_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = ELU_INIT.bind(args)?;
    inst.set("training", Value::Bool(true));
    inst.set("alpha", Value::Float(number(&b, 1, 1.0)?));
    let inplace = flag(interp, &b, 2, false)?;
    inst.set("inplace", Value::Bool(inplace));
    Ok(Value::None)
}

static MODULE_DICT_INIT: Sig = def("ModuleDict.__init__(self, modules=None)");

pub(super) fn moduledict_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = MODULE_DICT_INIT.bind(args)?;
    inst.set("training", Value::Bool(true));
    if let Some(d) = &given(&b, 1) {
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
    static SIG: Sig = def("ModuleDict.keys(self)");
    let inst = this(&args)?;
    SIG.bind(args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(k, _)| Value::Str(k))
            .collect(),
    ))
}

pub(super) fn moduledict_values(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("ModuleDict.values(self)");
    let inst = this(&args)?;
    SIG.bind(args)?;
    Ok(Value::list(list_children(&inst)))
}

pub(super) fn moduledict_items(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("ModuleDict.items(self)");
    let inst = this(&args)?;
    SIG.bind(args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(k, c)| Value::tuple(vec![Value::Str(k), Value::Instance(c)]))
            .collect(),
    ))
}

/// `nn.Embedding.from_pretrained(embeddings, freeze=True, padding_idx=None)`.
static FROM_PRETRAINED: Sig = def(
    "Embedding.from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False)",
);

pub(super) fn embedding_from_pretrained(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut args = args;
    args.pos.insert(0, Value::None);
    let b = FROM_PRETRAINED.bind(args)?;
    let w = match given(&b, 1) {
        Some(Value::Tensor(w)) => w,
        other => {
            return Err(exc(
                ExcKind::AttributeError,
                format!(
                    "'{}' object has no attribute 'dim'",
                    other.map_or("NoneType".into(), |v| v.type_name())
                ),
            ));
        }
    };
    if w.ndim() != 2 {
        return Err(exc(
            ExcKind::AssertionError,
            "Embeddings parameter is expected to be 2-dimensional",
        ));
    }
    let freeze = flag(interp, &b, 2, true)?;
    let class = state(interp)
        .nn_classes
        .get("Embedding")
        .cloned()
        .ok_or_else(|| exc(ExcKind::RuntimeError, "internal: no Embedding class"))?;
    let inst = Rc::new(Instance {
        class: crate::interp::value::ClassCell::new(class),
        attrs: crate::interp::value::new_attrs(Vec::new()),
    });
    inst.set("training", Value::Bool(true));
    inst.set("num_embeddings", Value::int(w.shape()[0] as i64));
    inst.set("embedding_dim", Value::int(w.shape()[1] as i64));
    inst.set("padding_idx", given(&b, 3).unwrap_or(Value::None));
    inst.set(
        "weight",
        Value::Tensor(w.with_grad_info(crate::tensor::GradInfo {
            requires_grad: !freeze,
            is_param: true,
            grad_fn: None,
            view_of_leaf: false,
        })),
    );
    Ok(Value::Instance(inst))
}

static RELU_INIT: Sig = def("ReLU.__init__(self, inplace=False)");
static SILU_INIT: Sig = def("SiLU.__init__(self, inplace=False)");

pub(super) fn relu_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let sig = if inst.class().has_native("SiLU") {
        &SILU_INIT
    } else {
        &RELU_INIT
    };
    let b = sig.bind(args)?;
    inst.set("training", Value::Bool(true));
    let inplace = flag(interp, &b, 1, false)?;
    inst.set("inplace", Value::Bool(inplace));
    Ok(Value::None)
}
