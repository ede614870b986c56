//! `torch.nn` (Module and the layers the lessons use) and `torch.nn.functional`. Modules are ordinary
//! instances of native classes, so a learner's `class Encoder(nn.Module)` works like any Python class; the
//! registration order of attributes gives PyTorch's order of parameters and children.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::tensor::ops::elementwise::{UnaryOp, unary};
use crate::tensor::ops::init::{self, Init};
use crate::tensor::ops::loss::{self, Reduction};
use crate::tensor::ops::{create, nn as tnn, pointwise, reorder};
use crate::tensor::random::linear_init;
use crate::tensor::{DType, Tensor};

use super::args::Params;
use crate::interp::Interpreter;
use crate::interp::builtins::{builtin, builtin_with};
use crate::interp::error::{PyResult, exc, type_error};
use crate::interp::value::{Args, Class, Instance, Module, NativeFn, Value};

fn native_class(
    name: &str,
    tag: &'static str,
    bases: Vec<Rc<Class>>,
    methods: &[(&'static str, NativeFn)],
) -> Rc<Class> {
    Rc::new(Class {
        name: Rc::from(name),
        bases,
        attrs: RefCell::new(
            methods
                .iter()
                .map(|(n, f)| (Rc::from(*n), builtin(n, *f)))
                .collect(),
        ),
        native: Some(tag),
        slots: Some(&super::types::MODULE),
    })
}

pub(crate) fn install(interp: &mut Interpreter) -> (Value, Value) {
    let object = interp
        .exception_classes
        .get("object")
        .cloned()
        .into_iter()
        .collect::<Vec<_>>();
    let module = native_class(
        "Module",
        "Module",
        object,
        &[
            ("__init__", m_init),
            ("__call__", m_call),
            ("forward", m_forward),
            ("parameters", m_parameters),
            ("named_parameters", m_named_parameters),
            ("children", m_children),
            ("named_children", m_named_children),
            ("modules", m_modules),
            ("eval", m_eval),
            ("train", m_train),
            ("zero_grad", m_noop),
            ("requires_grad_", m_requires_grad),
            ("to", m_self),
            ("cpu", m_self),
            ("register_buffer", m_register_buffer),
            ("named_buffers", m_named_buffers),
            ("buffers", m_buffers),
            ("state_dict", m_state_dict),
            ("add_module", m_add_module),
            ("apply", m_apply),
            ("extra_repr", m_extra_repr),
        ],
    );
    let sub = |name: &str, tag: &'static str, methods: &[(&'static str, NativeFn)]| {
        native_class(name, tag, vec![Rc::clone(&module)], methods)
    };
    let classes: Vec<Rc<Class>> = vec![
        Rc::clone(&module),
        sub(
            "Linear",
            "Linear",
            &[("__init__", linear_init_fn), ("forward", linear_forward)],
        ),
        sub(
            "Embedding",
            "Embedding",
            &[
                ("__init__", embedding_init),
                ("forward", embedding_forward),
                ("from_pretrained", embedding_from_pretrained),
            ],
        ),
        sub(
            "LayerNorm",
            "LayerNorm",
            &[("__init__", layernorm_init), ("forward", layernorm_forward)],
        ),
        sub(
            "Dropout",
            "Dropout",
            &[("__init__", dropout_init), ("forward", dropout_forward)],
        ),
        sub(
            "ReLU",
            "ReLU",
            &[("__init__", relu_init), ("forward", act_forward)],
        ),
        sub(
            "GELU",
            "GELU",
            &[("__init__", gelu_init), ("forward", act_forward)],
        ),
        sub(
            "Tanh",
            "Tanh",
            &[("__init__", simple_init), ("forward", act_forward)],
        ),
        sub(
            "Sigmoid",
            "Sigmoid",
            &[("__init__", simple_init), ("forward", act_forward)],
        ),
        sub(
            "Identity",
            "Identity",
            &[("__init__", simple_init), ("forward", act_forward)],
        ),
        sub(
            "Softmax",
            "Softmax",
            &[("__init__", softmax_init), ("forward", act_forward)],
        ),
        sub(
            "LogSoftmax",
            "LogSoftmax",
            &[("__init__", softmax_init), ("forward", act_forward)],
        ),
        sub(
            "LeakyReLU",
            "LeakyReLU",
            &[("__init__", leaky_init), ("forward", act_forward)],
        ),
        sub(
            "ELU",
            "ELU",
            &[("__init__", elu_init), ("forward", act_forward)],
        ),
        sub(
            "SiLU",
            "SiLU",
            &[("__init__", simple_init), ("forward", act_forward)],
        ),
        sub(
            "CrossEntropyLoss",
            "CrossEntropyLoss",
            &[("__init__", loss_init), ("forward", loss_forward)],
        ),
        sub(
            "NLLLoss",
            "NLLLoss",
            &[("__init__", loss_init), ("forward", loss_forward)],
        ),
        sub(
            "MSELoss",
            "MSELoss",
            &[("__init__", loss_init), ("forward", loss_forward)],
        ),
        sub(
            "KLDivLoss",
            "KLDivLoss",
            &[("__init__", loss_init), ("forward", loss_forward)],
        ),
        sub(
            "ModuleDict",
            "ModuleDict",
            &[
                ("__init__", moduledict_init),
                ("keys", moduledict_keys),
                ("values", moduledict_values),
                ("items", moduledict_items),
            ],
        ),
        sub(
            "Sequential",
            "Sequential",
            &[
                ("__init__", sequential_init),
                ("forward", sequential_forward),
                ("append", list_append),
            ],
        ),
        sub(
            "ModuleList",
            "ModuleList",
            &[
                ("__init__", modulelist_init),
                ("append", list_append),
                ("extend", list_extend),
            ],
        ),
    ];
    let mut nn_attrs: HashMap<&'static str, Value> = HashMap::new();
    for c in &classes {
        let tag = c.native.unwrap_or("Module");
        interp.nn_classes.insert(tag, Rc::clone(c));
        nn_attrs.insert(tag, Value::Class(Rc::clone(c)));
    }
    nn_attrs.insert("Parameter", builtin("Parameter", parameter));
    let mut init_attrs = HashMap::new();
    for name in [
        "xavier_uniform_",
        "xavier_normal_",
        "zeros_",
        "ones_",
        "normal_",
        "uniform_",
        "constant_",
        "kaiming_uniform_",
    ] {
        init_attrs.insert(name, builtin_with(name, move |i, a| init_fn(i, name, a)));
    }
    let init_module = Value::Module(Rc::new(Module {
        name: "torch.nn.init",
        attrs: init_attrs,
    }));
    interp.modules.insert("torch.nn.init", init_module.clone());
    nn_attrs.insert("init", init_module);
    let named = native_class("namedtuple", "namedtuple", vec![], &[]);
    interp.nn_classes.insert("namedtuple", named);

    let mut f_attrs: HashMap<&'static str, Value> = HashMap::new();
    for &(n, f, node) in F_FNS {
        f_attrs.insert(n, builtin_with(n, move |i, a| f_dispatch(i, f, node, a)));
    }
    let functional = Value::Module(Rc::new(Module {
        name: "torch.nn.functional",
        attrs: f_attrs,
    }));
    nn_attrs.insert("functional", functional.clone());
    (
        Value::Module(Rc::new(Module {
            name: "torch.nn",
            attrs: nn_attrs,
        })),
        functional,
    )
}

/// `torch.nn.functional`: (name, implementation, the grad_fn its result records).
const F_FNS: &[(&str, NativeFn, Option<&str>)] = &[
    (
        "softmax",
        |i, a| f_softmax(i, "softmax", a),
        Some("SoftmaxBackward0"),
    ),
    (
        "log_softmax",
        |i, a| f_softmax(i, "log_softmax", a),
        Some("LogSoftmaxBackward0"),
    ),
    ("relu", f_relu, None),
    ("kl_div", f_kl_div, Some("SumBackward0")),
    ("gelu", |i, a| super::call_torch_fn(i, "gelu", a), None),
    ("tanh", |i, a| super::call_torch_fn(i, "tanh", a), None),
    (
        "sigmoid",
        |i, a| super::call_torch_fn(i, "sigmoid", a),
        None,
    ),
    ("silu", |i, a| super::call_torch_fn(i, "silu", a), None),
    ("leaky_relu", f_leaky_relu, Some("LeakyReluBackward0")),
    ("elu", f_elu, Some("EluBackward0")),
    ("softplus", f_softplus, Some("SoftplusBackward0")),
    ("layer_norm", f_layer_norm, Some("NativeLayerNormBackward0")),
    ("one_hot", f_one_hot, None),
    ("dropout", f_dropout, Some("NativeDropoutBackward0")),
    ("linear", f_linear, Some("linear")),
    ("embedding", f_embedding, Some("EmbeddingBackward0")),
    ("pad", f_pad, Some("ConstantPadNdBackward0")),
    ("scaled_dot_product_attention", f_sdpa, None),
    ("cross_entropy", f_cross_entropy, Some("NllLossBackward0")),
    ("nll_loss", f_nll_loss, Some("NllLossBackward0")),
    ("mse_loss", f_mse_loss, Some("MseLossBackward0")),
];

/// Runs a `torch.nn.functional` function and records the grad_fn its result carries.
fn f_dispatch(
    interp: &mut Interpreter,
    f: NativeFn,
    node: Option<&'static str>,
    args: Args,
) -> PyResult<Value> {
    let inputs: Vec<Value> = args
        .pos
        .iter()
        .chain(args.kw.iter().map(|(_, v)| v))
        .cloned()
        .collect();
    let record = super::autograd::recording(interp, &inputs.iter().collect::<Vec<_>>());
    let input_ndim = match args.pos.first() {
        Some(Value::Tensor(t)) => t.ndim(),
        _ => 0,
    };
    let has_bias = matches!(
        args.pos
            .get(2)
            .or(args.kw.iter().find(|(k, _)| &**k == "bias").map(|(_, v)| v)),
        Some(Value::Tensor(_))
    );
    let result = f(interp, args)?;
    match node {
        Some(_) if !record => Ok(result),
        Some("linear") => Ok(super::autograd::mark(
            result,
            linear_node(input_ndim, has_bias),
        )),
        Some(n) => Ok(super::autograd::mark(result, n)),
        None => Ok(result),
    }
}

fn linear_node(input_ndim: usize, has_bias: bool) -> &'static str {
    match (input_ndim, has_bias) {
        (2, true) => "AddmmBackward0",
        (2, false) => "MmBackward0",
        _ => "UnsafeViewBackward0",
    }
}

/// The grad_fn a native module's forward records.
fn native_forward_node(inst: &Instance, input_ndim: usize) -> Option<&'static str> {
    Some(match inst.class.native_tag()? {
        "Linear" => linear_node(
            input_ndim,
            matches!(inst.get("bias"), Some(Value::Tensor(_))),
        ),
        "Embedding" => "EmbeddingBackward0",
        "LayerNorm" => "NativeLayerNormBackward0",
        "Dropout" => {
            if !training(inst) || float_attr(inst, "p") == 0.0 {
                return None;
            }
            "NativeDropoutBackward0"
        }
        "ReLU" => "ReluBackward0",
        "LeakyReLU" => "LeakyReluBackward0",
        "ELU" => "EluBackward0",
        "SiLU" => "SiluBackward0",
        "CrossEntropyLoss" | "NLLLoss" => "NllLossBackward0",
        "MSELoss" => "MseLossBackward0",
        "GELU" => "GeluBackward0",
        "Tanh" => "TanhBackward0",
        "Sigmoid" => "SigmoidBackward0",
        "Softmax" => "SoftmaxBackward0",
        "LogSoftmax" => "LogSoftmaxBackward0",
        _ => return None,
    })
}

// ---- helpers -------------------------------------------------------------------------------------------

fn this(args: &Args) -> PyResult<Rc<Instance>> {
    match args.pos.first() {
        Some(Value::Instance(i)) => Ok(Rc::clone(i)),
        _ => Err(type_error("descriptor requires a 'Module' object")),
    }
}

/// Arguments after `self`.
fn rest(args: Args, name: &str) -> Params {
    let mut a = args;
    if !a.pos.is_empty() {
        a.pos.remove(0);
    }
    Params::new(name, a)
}

pub(crate) fn is_module(inst: &Instance) -> bool {
    inst.class.has_native("Module")
}

fn is_module_value(v: &Value) -> bool {
    matches!(v, Value::Instance(i) if is_module(i))
}

fn param(t: Tensor) -> Value {
    t.set_param(true);
    Value::Tensor(t)
}

/// A read-only record with named fields (`torch.return_types.max`, `finfo`).
pub(crate) fn named_tuple(
    interp: &mut Interpreter,
    name: &str,
    fields: Vec<(&str, Value)>,
) -> Value {
    let base = interp.nn_classes.get("namedtuple").cloned();
    let class = Rc::new(Class {
        name: Rc::from(name),
        bases: base.into_iter().collect(),
        attrs: RefCell::new(Vec::new()),
        native: None,
        slots: None,
    });
    let inst = Rc::new(Instance {
        class,
        attrs: RefCell::new(Vec::new()),
    });
    for (k, v) in fields {
        inst.set(k, v);
    }
    Value::Instance(inst)
}

fn is_named_tuple(inst: &Instance) -> bool {
    inst.class.has_native("namedtuple")
}

fn children(inst: &Instance) -> Vec<(Rc<str>, Rc<Instance>)> {
    inst.attrs
        .borrow()
        .iter()
        .filter_map(|(k, v)| match v {
            Value::Instance(i) if is_module(i) => Some((Rc::clone(k), Rc::clone(i))),
            _ => None,
        })
        .collect()
}

fn own_parameters(inst: &Instance) -> Vec<(Rc<str>, Tensor)> {
    inst.attrs
        .borrow()
        .iter()
        .filter_map(|(k, v)| match v {
            Value::Tensor(t) if t.is_param() => Some((Rc::clone(k), t.clone())),
            _ => None,
        })
        .collect()
}

fn all_parameters(inst: &Instance, prefix: &str, out: &mut Vec<(String, Tensor)>) {
    for (k, t) in own_parameters(inst) {
        if !out
            .iter()
            .any(|(_, u)| u.shares_storage(&t) && u.layout() == t.layout())
        {
            out.push((format!("{prefix}{k}"), t));
        }
    }
    for (k, c) in children(inst) {
        all_parameters(&c, &format!("{prefix}{k}."), out);
    }
}

fn training(inst: &Instance) -> bool {
    !matches!(inst.get("training"), Some(Value::Bool(false)))
}

// ---- Module --------------------------------------------------------------------------------------------

fn m_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    if inst.get("training").is_none() {
        inst.set("training", Value::Bool(true));
    }
    Ok(Value::None)
}

fn m_call(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    if inst.get("training").is_none() {
        return Err(exc(
            "AttributeError",
            format!(
                "'{}' object has no attribute '_modules' (did you forget super().__init__()?)",
                inst.class.name
            ),
        ));
    }
    let forward = match inst.class.lookup("forward") {
        Some((_, f)) => f,
        None => {
            return Err(exc(
                "NotImplementedError",
                format!(
                    "Module [{}] is missing the required \"forward\" function",
                    inst.class.name
                ),
            ));
        }
    };
    let native_forward = matches!(forward, Value::Builtin(_));
    if !native_forward {
        return interp.call_value(forward, args);
    }
    let mut inputs: Vec<Value> = args.pos.iter().skip(1).cloned().collect();
    inputs.extend(
        own_parameters(&inst)
            .into_iter()
            .map(|(_, t)| Value::Tensor(t)),
    );
    let record = super::autograd::recording(interp, &inputs.iter().collect::<Vec<_>>());
    let input_ndim = match args.pos.get(1) {
        Some(Value::Tensor(t)) => t.ndim(),
        _ => 0,
    };
    let result = interp.call_value(forward, args)?;
    match native_forward_node(&inst, input_ndim) {
        Some(node) if record => Ok(super::autograd::mark(result, node)),
        _ => Ok(result),
    }
}

fn m_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Err(exc(
        "NotImplementedError",
        format!(
            "Module [{}] is missing the required \"forward\" function",
            inst.class.name
        ),
    ))
}

fn m_parameters(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mut out = Vec::new();
    all_parameters(&inst, "", &mut out);
    Ok(Value::list(
        out.into_iter().map(|(_, t)| Value::Tensor(t)).collect(),
    ))
}

fn m_named_parameters(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mut out = Vec::new();
    all_parameters(&inst, "", &mut out);
    Ok(Value::list(
        out.into_iter()
            .map(|(n, t)| Value::tuple(vec![Value::str(&n), Value::Tensor(t)]))
            .collect(),
    ))
}

fn m_children(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(_, c)| Value::Instance(c))
            .collect(),
    ))
}

fn m_named_children(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(k, c)| Value::tuple(vec![Value::Str(k), Value::Instance(c)]))
            .collect(),
    ))
}

fn m_modules(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    fn walk(inst: &Rc<Instance>, out: &mut Vec<Value>) {
        out.push(Value::Instance(Rc::clone(inst)));
        for (_, c) in children(inst) {
            walk(&c, out);
        }
    }
    let inst = this(&args)?;
    let mut out = Vec::new();
    walk(&inst, &mut out);
    Ok(Value::list(out))
}

fn set_training(inst: &Rc<Instance>, mode: bool) {
    inst.set("training", Value::Bool(mode));
    for (_, c) in children(inst) {
        set_training(&c, mode);
    }
}

fn m_eval(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    set_training(&inst, false);
    Ok(Value::Instance(inst))
}

fn m_train(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mode = match args.pos.get(1) {
        Some(v) => interp.truthy(v)?,
        None => true,
    };
    set_training(&inst, mode);
    Ok(Value::Instance(inst))
}

fn m_noop(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    Ok(Value::None)
}

fn m_requires_grad(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let flag = match args.pos.get(1).or(args
        .kw
        .iter()
        .find(|(k, _)| &**k == "requires_grad")
        .map(|(_, v)| v))
    {
        Some(v) => interp.truthy(v)?,
        None => true,
    };
    let mut params = Vec::new();
    all_parameters(&inst, "", &mut params);
    for (_, t) in params {
        t.set_grad_info(crate::tensor::GradInfo {
            requires_grad: flag,
            is_param: true,
            grad_fn: None,
        });
    }
    Ok(Value::Instance(inst))
}

fn m_self(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    Ok(Value::Instance(this(&args)?))
}

fn m_register_buffer(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "register_buffer");
    let name = match p.get(0, "name") {
        Some(Value::Str(s)) => s,
        _ => return Err(type_error("buffer name should be a string")),
    };
    let value = match p.get(1, "tensor") {
        Some(Value::Tensor(t)) => Value::Tensor(t.detach()),
        None => Value::None,
        Some(other) => {
            return Err(type_error(format!(
                "cannot assign '{}' object to buffer '{}' (torch Tensor or None required)",
                other.type_name(),
                name
            )));
        }
    };
    inst.set(&name, value);
    let mut names = buffer_names(&inst);
    if !names.iter().any(|n| **n == *name) {
        names.push(Rc::clone(&name));
    }
    inst.set(
        BUFFERS,
        Value::list(names.into_iter().map(Value::Str).collect()),
    );
    Ok(Value::None)
}

/// Where a module keeps its buffer names: not a Python identifier, so cells cannot reach it.
const BUFFERS: &str = "\u{0}buffers";

fn buffer_names(inst: &Instance) -> Vec<Rc<str>> {
    match inst.get(BUFFERS) {
        Some(Value::List(l)) => l
            .borrow()
            .iter()
            .filter_map(|v| {
                if let Value::Str(s) = v {
                    Some(Rc::clone(s))
                } else {
                    None
                }
            })
            .collect(),
        _ => Vec::new(),
    }
}

fn all_buffers(inst: &Instance, prefix: &str, out: &mut Vec<(String, Value)>) {
    for name in buffer_names(inst) {
        if let Some(v @ Value::Tensor(_)) = inst.get(&name) {
            out.push((format!("{prefix}{name}"), v));
        }
    }
    for (k, c) in children(inst) {
        all_buffers(&c, &format!("{prefix}{k}."), out);
    }
}

fn m_named_buffers(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mut out = Vec::new();
    all_buffers(&inst, "", &mut out);
    Ok(Value::list(
        out.into_iter()
            .map(|(n, v)| Value::tuple(vec![Value::str(&n), v]))
            .collect(),
    ))
}

fn m_buffers(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mut out = Vec::new();
    all_buffers(&inst, "", &mut out);
    Ok(Value::list(out.into_iter().map(|(_, v)| v).collect()))
}

/// `state_dict()`: per module its parameters then its buffers, then its children, as PyTorch orders them.
fn m_state_dict(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    fn walk(inst: &Instance, prefix: &str, out: &mut crate::interp::value::Dict) {
        for (k, t) in own_parameters(inst) {
            let key = format!("{prefix}{k}");
            out.insert(
                crate::interp::value::HashKey::Str(Rc::from(key.as_str())),
                Value::str(&key),
                Value::Tensor(t.detach()),
            );
        }
        for name in buffer_names(inst) {
            if let Some(Value::Tensor(t)) = inst.get(&name) {
                let key = format!("{prefix}{name}");
                out.insert(
                    crate::interp::value::HashKey::Str(Rc::from(key.as_str())),
                    Value::str(&key),
                    Value::Tensor(t.detach()),
                );
            }
        }
        for (k, c) in children(inst) {
            walk(&c, &format!("{prefix}{k}."), out);
        }
    }
    let inst = this(&args)?;
    let mut d = crate::interp::value::Dict::default();
    walk(&inst, "", &mut d);
    Ok(Value::Dict(Rc::new(RefCell::new(d))))
}

fn m_add_module(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "add_module");
    match (p.get(0, "name"), p.get(1, "module")) {
        (Some(Value::Str(n)), Some(m)) => {
            inst.set(&n, m);
            Ok(Value::None)
        }
        _ => Err(type_error("add_module() expects a name and a module")),
    }
}

fn m_apply(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    fn walk(interp: &mut Interpreter, inst: &Rc<Instance>, f: &Value) -> PyResult<()> {
        for (_, c) in children(inst) {
            walk(interp, &c, f)?;
        }
        interp.call_value(f.clone(), Args::new(vec![Value::Instance(Rc::clone(inst))]))?;
        Ok(())
    }
    let inst = this(&args)?;
    let f = args
        .pos
        .get(1)
        .cloned()
        .ok_or_else(|| type_error("apply() missing required argument 'fn'"))?;
    walk(interp, &inst, &f)?;
    Ok(Value::Instance(inst))
}

fn m_extra_repr(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::str(&native_extra_repr(&inst)))
}

fn shape_tuple_repr(v: &Value) -> String {
    match v {
        Value::Tuple(t) => {
            let parts: Vec<String> = t
                .iter()
                .map(|x| {
                    if let Value::Int(i) = x {
                        i.to_string()
                    } else {
                        String::new()
                    }
                })
                .collect();
            if parts.len() == 1 {
                format!("({},)", parts[0])
            } else {
                format!("({})", parts.join(", "))
            }
        }
        _ => String::new(),
    }
}

fn float_attr(inst: &Instance, name: &str) -> f64 {
    match inst.get(name) {
        Some(Value::Float(f)) => f,
        Some(Value::Int(i)) => i as f64,
        _ => 0.0,
    }
}

fn int_attr(inst: &Instance, name: &str) -> i64 {
    match inst.get(name) {
        Some(Value::Int(i)) => i,
        _ => 0,
    }
}

fn native_extra_repr(inst: &Instance) -> String {
    let py = crate::interp::pyfmt::float_repr;
    match inst.class.native_tag() {
        Some("Linear") => format!(
            "in_features={}, out_features={}, bias={}",
            int_attr(inst, "in_features"),
            int_attr(inst, "out_features"),
            if matches!(inst.get("bias"), Some(Value::Tensor(_))) {
                "True"
            } else {
                "False"
            }
        ),
        Some("Embedding") => {
            let mut s = format!(
                "{}, {}",
                int_attr(inst, "num_embeddings"),
                int_attr(inst, "embedding_dim")
            );
            if let Some(Value::Int(p)) = inst.get("padding_idx") {
                s.push_str(&format!(", padding_idx={p}"));
            }
            s
        }
        Some("LayerNorm") => format!(
            "{}, eps={}, elementwise_affine={}{}",
            shape_tuple_repr(&inst.get("normalized_shape").unwrap_or(Value::None)),
            py(float_attr(inst, "eps")),
            if matches!(inst.get("elementwise_affine"), Some(Value::Bool(false))) {
                "False"
            } else {
                "True"
            },
            // torch >= 2.1 prints the bias flag when the layer is affine.
            match (inst.get("elementwise_affine"), inst.get("bias")) {
                (_, Some(Value::Tensor(_))) => ", bias=True",
                _ => ", bias=False",
            }
        ),
        Some("Dropout") => format!(
            "p={}, inplace={}",
            py(float_attr(inst, "p")),
            if matches!(inst.get("inplace"), Some(Value::Bool(true))) {
                "True"
            } else {
                "False"
            }
        ),
        Some("ReLU") if matches!(inst.get("inplace"), Some(Value::Bool(true))) => {
            "inplace=True".into()
        }
        Some("LeakyReLU") => format!("negative_slope={}", py(float_attr(inst, "negative_slope"))),
        Some("ELU") => format!("alpha={}", py(float_attr(inst, "alpha"))),
        Some("GELU") => match inst.get("approximate") {
            Some(Value::Str(s)) => format!("approximate={}", crate::interp::repr::str_repr(&s)),
            _ => "approximate='none'".into(),
        },
        Some("Softmax") | Some("LogSoftmax") => match inst.get("dim") {
            Some(Value::Int(d)) => format!("dim={d}"),
            _ => "dim=None".into(),
        },
        _ => String::new(),
    }
}

fn add_indent(s: &str, n: usize) -> String {
    let mut lines = s.split('\n');
    let first = lines.next().unwrap_or("").to_string();
    let rest: Vec<String> = lines.map(|l| format!("{}{}", " ".repeat(n), l)).collect();
    if rest.is_empty() {
        first
    } else {
        format!("{}\n{}", first, rest.join("\n"))
    }
}

/// PyTorch's `Module.__repr__` (and ModuleList's compressed form) for module instances.
pub(crate) fn module_repr(
    interp: &mut Interpreter,
    inst: &Rc<Instance>,
) -> PyResult<Option<String>> {
    if is_named_tuple(inst) {
        let attrs = inst.attrs.borrow().clone();
        let mut parts = Vec::new();
        for (k, v) in &attrs {
            parts.push(format!("{}={}", k, interp.repr(v)?));
        }
        if attrs.is_empty() {
            // A grad_fn node: PyTorch shows its address; ours is the object's identity.
            return Ok(Some(format!(
                "<{} object at {:#x}>",
                inst.class.name,
                Rc::as_ptr(inst) as usize
            )));
        }
        if inst.class.name.as_ref() == "finfo" {
            return Ok(Some(format!("finfo({})", parts.join(", "))));
        }
        return Ok(Some(format!(
            "torch.return_types.{}(\n{})",
            inst.class.name,
            parts.join(",\n")
        )));
    }
    if !is_module(inst) {
        return Ok(None);
    }
    let name = inst.class.name.to_string();
    let kids = children(inst);
    if inst.class.native_tag() == Some("ModuleList") && inst.class.native == Some("ModuleList")
        || inst.class.has_native("ModuleList")
    {
        if kids.is_empty() {
            return Ok(Some(format!("{name}()")));
        }
        let mut reprs = Vec::new();
        for (_, c) in &kids {
            reprs.push(interp.repr(&Value::Instance(Rc::clone(c)))?);
        }
        let mut blocks: Vec<(usize, usize, String)> = vec![(0, 0, reprs[0].clone())];
        for (i, r) in reprs.iter().enumerate().skip(1) {
            if let Some(last) = blocks.last_mut()
                && *r == last.2
            {
                last.1 += 1;
                continue;
            }
            blocks.push((i, i, r.clone()));
        }
        let lines: Vec<String> = blocks
            .iter()
            .map(|(s, e, b)| {
                let local = if s != e {
                    format!("({s}-{e}): {} x {b}", e - s + 1)
                } else {
                    format!("({s}): {b}")
                };
                add_indent(&local, 2)
            })
            .collect();
        return Ok(Some(format!("{name}(\n  {}\n)", lines.join("\n  "))));
    }
    let extra = match inst.class.lookup("extra_repr") {
        Some((_, f @ Value::Function(_))) => {
            let r = interp.call_value(f, Args::new(vec![Value::Instance(Rc::clone(inst))]))?;
            interp.to_str(&r)?
        }
        _ => native_extra_repr(inst),
    };
    let extra_lines: Vec<String> = if extra.is_empty() {
        vec![]
    } else {
        extra.split('\n').map(String::from).collect()
    };
    let mut child_lines = Vec::new();
    for (k, c) in &kids {
        let r = interp.repr(&Value::Instance(Rc::clone(c)))?;
        child_lines.push(format!("({}): {}", k, add_indent(&r, 2)));
    }
    let mut s = format!("{name}(");
    if !extra_lines.is_empty() || !child_lines.is_empty() {
        if extra_lines.len() == 1 && child_lines.is_empty() {
            s.push_str(&extra_lines[0]);
        } else {
            let lines: Vec<String> = extra_lines.into_iter().chain(child_lines).collect();
            s.push_str("\n  ");
            s.push_str(&lines.join("\n  "));
            s.push('\n');
        }
    }
    s.push(')');
    Ok(Some(s))
}

pub(crate) fn construct_native(
    _: &mut Interpreter,
    _tag: &str,
    _class: &Rc<Class>,
    _args: &Args,
) -> PyResult<Option<Value>> {
    Ok(None)
}

pub(crate) fn module_attr(
    _: &mut Interpreter,
    _inst: &Rc<Instance>,
    _name: &str,
) -> PyResult<Option<Value>> {
    Ok(None)
}

pub(crate) fn before_module_setattr(
    _: &mut Interpreter,
    inst: &Rc<Instance>,
    name: &str,
    value: &Value,
) -> PyResult<()> {
    if !is_module(inst) {
        return Ok(());
    }
    let initialised = inst.get("training").is_some();
    if !initialised {
        if is_module_value(value) {
            return Err(exc(
                "AttributeError",
                "cannot assign module before Module.__init__() call",
            ));
        }
        if matches!(value, Value::Tensor(t) if t.is_param()) {
            return Err(exc(
                "AttributeError",
                "cannot assign parameters before Module.__init__() call",
            ));
        }
    }
    if let (Some(Value::Tensor(old)), Value::Tensor(new)) = (inst.get(name), value)
        && old.is_param()
        && !new.is_param()
    {
        return Err(type_error(format!(
            "cannot assign 'torch.{}Tensor' as parameter '{}' (torch.nn.Parameter or None expected)",
            match new.dtype() {
                DType::Float32 => "Float",
                DType::Int64 => "Long",
                DType::Int32 => "Int",
                DType::Bool => "Bool",
            },
            name
        )));
    }
    Ok(())
}

fn list_children(inst: &Instance) -> Vec<Value> {
    children(inst)
        .into_iter()
        .map(|(_, c)| Value::Instance(c))
        .collect()
}

pub(crate) fn module_getitem(
    interp: &mut Interpreter,
    inst: &Rc<Instance>,
    index: &Value,
) -> PyResult<Value> {
    if is_named_tuple(inst) {
        let vals: Vec<Value> = inst.attrs.borrow().iter().map(|(_, v)| v.clone()).collect();
        let i = interp.seq_index(index, vals.len(), "tuple")?;
        return Ok(vals[i].clone());
    }
    if inst.class.has_native("ModuleDict") {
        let key = match index {
            Value::Str(s) => s.to_string(),
            other => return Err(exc("KeyError", interp.repr(other)?)),
        };
        return inst
            .get(&key)
            .filter(is_module_value)
            .ok_or_else(|| exc("KeyError", format!("'{key}'")));
    }
    if inst.class.has_native("ModuleList") || inst.class.has_native("Sequential") {
        let kids = list_children(inst);
        if let Value::Slice(_) = index {
            // Sequential keeps the original keys; ModuleList renumbers (container.py).
            let named: Vec<Value> = children(inst)
                .into_iter()
                .map(|(k, c)| Value::tuple(vec![Value::Str(k), Value::Instance(c)]))
                .collect();
            let picked = interp.get_item(&Value::list(named), index.clone())?;
            let items = interp.collect_iter(&picked)?;
            let class = Rc::clone(&inst.class);
            let new = Rc::new(Instance {
                class,
                attrs: RefCell::new(Vec::new()),
            });
            new.set("training", Value::Bool(training(inst)));
            let keep_keys = inst.class.has_native("Sequential");
            for (i, pair) in items.into_iter().enumerate() {
                if let Value::Tuple(kv) = pair {
                    let key = match (&kv[0], keep_keys) {
                        (Value::Str(k), true) => k.to_string(),
                        _ => i.to_string(),
                    };
                    new.set(&key, kv[1].clone());
                }
            }
            return Ok(Value::Instance(new));
        }
        let n = kids.len();
        let i = match index {
            Value::Int(i) => *i,
            _ => return Err(type_error("indices must be integers")),
        };
        let j = if i < 0 { i + n as i64 } else { i };
        if j < 0 || j >= n as i64 {
            return Err(exc("IndexError", format!("index {i} is out of range")));
        }
        return Ok(kids[j as usize].clone());
    }
    Err(type_error(format!(
        "'{}' object is not subscriptable",
        inst.class.name
    )))
}

pub(crate) fn module_iter(_: &mut Interpreter, inst: &Rc<Instance>) -> PyResult<Vec<Value>> {
    if inst.class.has_native("ModuleDict") {
        return Ok(children(inst)
            .into_iter()
            .map(|(k, _)| Value::Str(k))
            .collect());
    }
    if is_named_tuple(inst) {
        return Ok(inst.attrs.borrow().iter().map(|(_, v)| v.clone()).collect());
    }
    if inst.class.has_native("ModuleList") || inst.class.has_native("Sequential") {
        return Ok(list_children(inst));
    }
    Err(type_error(format!(
        "'{}' object is not iterable",
        inst.class.name
    )))
}

pub(crate) fn module_len(_: &mut Interpreter, inst: &Rc<Instance>) -> PyResult<Value> {
    if is_named_tuple(inst) {
        return Ok(Value::Int(inst.attrs.borrow().len() as i64));
    }
    if inst.class.has_native("ModuleList")
        || inst.class.has_native("Sequential")
        || inst.class.has_native("ModuleDict")
    {
        return Ok(Value::Int(list_children(inst).len() as i64));
    }
    Err(type_error(format!(
        "object of type '{}' has no len()",
        inst.class.name
    )))
}

// ---- layers ---------------------------------------------------------------------------------------------

fn simple_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    inst.set("training", Value::Bool(true));
    Ok(Value::None)
}

fn gelu_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "GELU");
    inst.set("training", Value::Bool(true));
    inst.set(
        "approximate",
        p.get(0, "approximate").unwrap_or(Value::str("none")),
    );
    Ok(Value::None)
}

fn softmax_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "Softmax");
    inst.set("training", Value::Bool(true));
    inst.set("dim", p.get(0, "dim").unwrap_or(Value::None));
    Ok(Value::None)
}

fn act_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn linear_init_fn(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
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
    let (w, b) = linear_init(&mut interp.rng, in_f as usize, out_f as usize, bias);
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

fn linear_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn embedding_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
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
        &mut interp.rng,
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

fn embedding_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn normalized_shape(v: &Value) -> PyResult<Vec<usize>> {
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

fn layernorm_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn layernorm_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn dropout_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn dropout_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "forward");
    let x = p.tensor(0, "input")?;
    let prob = float_attr(&inst, "p");
    Ok(Value::Tensor(tnn::dropout(
        &x,
        prob,
        training(&inst),
        &mut interp.rng,
    )?))
}

fn sequential_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn sequential_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn modulelist_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn list_append(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn list_extend(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let items = interp.collect_iter(&args.pos.get(1).cloned().unwrap_or(Value::None))?;
    for m in items {
        let n = children(&inst).len();
        inst.set(&n.to_string(), m);
    }
    Ok(Value::Instance(inst))
}

fn parameter(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("Parameter", args);
    let t = p.tensor(0, "data")?;
    let requires_grad = p.bool_or(1, "requires_grad", true)?;
    Ok(Value::Tensor(t.with_grad_info(crate::tensor::GradInfo {
        requires_grad,
        is_param: true,
        grad_fn: None,
    })))
}

pub(crate) fn init_fn(interp: &mut Interpreter, name: &'static str, args: Args) -> PyResult<Value> {
    let p = Params::new(name, args);
    let t = p.tensor(0, "tensor")?;
    let init = match name {
        "zeros_" => Init::Zeros,
        "ones_" => Init::Ones,
        "constant_" => Init::Constant(p.float_opt(1, "val")?.unwrap_or(0.0)),
        "normal_" => Init::Normal {
            mean: p.float_opt(1, "mean")?.unwrap_or(0.0),
            std: p.float_opt(2, "std")?.unwrap_or(1.0),
        },
        "uniform_" => Init::Uniform {
            low: p.float_opt(1, "a")?.unwrap_or(0.0),
            high: p.float_opt(2, "b")?.unwrap_or(1.0),
        },
        "xavier_uniform_" => Init::XavierUniform {
            gain: p.float_opt(1, "gain")?.unwrap_or(1.0),
        },
        "xavier_normal_" => Init::XavierNormal {
            gain: p.float_opt(1, "gain")?.unwrap_or(1.0),
        },
        "kaiming_uniform_" => Init::KaimingUniform {
            a: p.float_opt(1, "a")?.unwrap_or(0.0),
        },
        _ => {
            return Err(exc(
                "AttributeError",
                format!("module 'torch.nn.init' has no attribute '{name}'"),
            ));
        }
    };
    init::init_(&t, init, &mut interp.rng)?;
    Ok(Value::Tensor(t))
}

// ---- functional -----------------------------------------------------------------------------------------

fn implicit_softmax_dim(interp: &mut Interpreter, x: &Tensor, log: bool) -> i64 {
    interp.warnings.push(format!(
        "UserWarning: Implicit dimension choice for {} has been deprecated. Change the call to include dim=X as an argument.",
        if log { "log_softmax" } else { "softmax" }
    ));
    if matches!(x.ndim(), 0 | 1 | 3) { 0 } else { 1 }
}

fn f_softmax(interp: &mut Interpreter, name: &'static str, args: Args) -> PyResult<Value> {
    let p = Params::new(name, args);
    let x = p.tensor(0, "input")?;
    let dim = match p.int_opt(1, "dim")? {
        Some(d) => d,
        None => implicit_softmax_dim(interp, &x, name == "log_softmax"),
    };
    Ok(Value::Tensor(x.softmax(dim, name == "log_softmax")?))
}

fn f_layer_norm(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("layer_norm", args);
    let x = p.tensor(0, "input")?;
    let shape =
        normalized_shape(&p.get(1, "normalized_shape").ok_or_else(|| {
            type_error("layer_norm() missing required argument 'normalized_shape'")
        })?)?;
    let w = match p.get(2, "weight") {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    let b = match p.get(3, "bias") {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    let eps = p.float_opt(4, "eps")?.unwrap_or(1e-5);
    Ok(Value::Tensor(x.layer_norm(
        &shape,
        w.as_ref(),
        b.as_ref(),
        eps,
    )?))
}

fn f_one_hot(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("one_hot", args);
    let x = p.tensor(0, "input")?;
    Ok(Value::Tensor(create::one_hot(
        &x,
        p.int_opt(1, "num_classes")?.unwrap_or(-1),
    )?))
}

fn f_dropout(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("dropout", args);
    let x = p.tensor(0, "input")?;
    let prob = p.float_opt(1, "p")?.unwrap_or(0.5);
    if !(0.0..=1.0).contains(&prob) {
        return Err(exc(
            "ValueError",
            format!(
                "dropout probability has to be between 0 and 1, but got {}",
                crate::interp::pyfmt::float_repr(prob)
            ),
        ));
    }
    let train = p.bool_or(2, "training", true)?;
    Ok(Value::Tensor(tnn::dropout(
        &x,
        prob,
        train,
        &mut interp.rng,
    )?))
}

fn f_linear(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("linear", args);
    let x = p.tensor(0, "input")?;
    let w = p.tensor(1, "weight")?;
    let b = match p.get(2, "bias") {
        Some(Value::Tensor(t)) => Some(t),
        _ => None,
    };
    Ok(Value::Tensor(tnn::linear(&x, &w, b.as_ref())?))
}

fn f_embedding(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("embedding", args);
    let idx = p.tensor(0, "input")?;
    let w = p.tensor(1, "weight")?;
    Ok(Value::Tensor(tnn::embedding(&idx, &w)?))
}

fn f_pad(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("pad", args);
    let x = p.tensor(0, "input")?;
    let pads = p.int_list_at(1, "pad")?;
    let value = p
        .scalar_opt(3, "value")?
        .unwrap_or(crate::tensor::Scalar::Int(0));
    Ok(Value::Tensor(reorder::pad(&x, &pads, value)?))
}

fn f_sdpa(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("scaled_dot_product_attention", args);
    let q = p.tensor(0, "query")?;
    let k = p.tensor(1, "key")?;
    let v = p.tensor(2, "value")?;
    let scale = p.float_opt(usize::MAX, "scale")?;
    let attn_mask = match p.get(3, "attn_mask") {
        Some(Value::Tensor(mask)) => Some(mask),
        _ => None,
    };
    let options = tnn::AttentionOptions {
        attn_mask: attn_mask.as_ref(),
        is_causal: p.bool_or(5, "is_causal", false)?,
        scale,
    };
    Ok(Value::Tensor(tnn::scaled_dot_product_attention(
        &q, &k, &v, &options,
    )?))
}

fn reduction_arg(p: &Params) -> String {
    match p.kw("reduction") {
        Some(Value::Str(s)) => s.to_string(),
        _ => "mean".to_string(),
    }
}

fn f_nll_loss(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("nll_loss", args);
    let logp = p.tensor(0, "input")?;
    let target = p.tensor(1, "target")?;
    let ignore = p.int_opt(usize::MAX, "ignore_index")?.unwrap_or(-100);
    let options = loss::ClassLossOptions {
        ignore_index: ignore,
        reduction: Reduction::parse(&reduction_arg(&p))?,
        label_smoothing: 0.0,
    };
    Ok(Value::Tensor(loss::nll_loss(&logp, &target, options)?))
}

fn f_cross_entropy(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("cross_entropy", args);
    let x = p.tensor(0, "input")?;
    let target = p.tensor(1, "target")?;
    let ignore = p.int_opt(usize::MAX, "ignore_index")?.unwrap_or(-100);
    let smoothing = p.float_opt(usize::MAX, "label_smoothing")?.unwrap_or(0.0);
    let options = loss::ClassLossOptions {
        ignore_index: ignore,
        reduction: Reduction::parse(&reduction_arg(&p))?,
        label_smoothing: smoothing,
    };
    Ok(Value::Tensor(loss::cross_entropy(&x, &target, options)?))
}

fn f_mse_loss(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("mse_loss", args);
    let a = p.tensor(0, "input")?;
    let b = p.tensor(1, "target")?;
    let reduction = Reduction::parse(&reduction_arg(&p))?;
    Ok(Value::Tensor(loss::mse_loss(&a, &b, reduction)?))
}

fn leaky_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn elu_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn f_leaky_relu(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("leaky_relu", args);
    let x = p.tensor(0, "input")?;
    Ok(Value::Tensor(tnn::leaky_relu(
        &x,
        p.float_opt(1, "negative_slope")?.unwrap_or(0.01),
    )?))
}

fn f_elu(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("elu", args);
    let x = p.tensor(0, "input")?;
    Ok(Value::Tensor(tnn::elu(
        &x,
        p.float_opt(1, "alpha")?.unwrap_or(1.0),
    )?))
}

fn f_softplus(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("softplus", args);
    let x = p.tensor(0, "input")?;
    let beta = p.float_opt(1, "beta")?.unwrap_or(1.0);
    let threshold = p.float_opt(2, "threshold")?.unwrap_or(20.0);
    Ok(Value::Tensor(tnn::softplus(&x, beta, threshold)?))
}

fn loss_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "Loss");
    inst.set("training", Value::Bool(true));
    inst.set("reduction", p.kw("reduction").unwrap_or(Value::str("mean")));
    if let Some(i) = p.kw("ignore_index") {
        inst.set("ignore_index", i);
    }
    if let Some(s) = p.kw("label_smoothing") {
        inst.set("label_smoothing", s);
    }
    Ok(Value::None)
}

fn loss_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let mut a = args;
    a.pos.remove(0);
    for key in ["reduction", "ignore_index", "label_smoothing"] {
        if let Some(v) = inst.get(key) {
            a.kw.push((Rc::from(key), v));
        }
    }
    match inst.class.native_tag() {
        Some("CrossEntropyLoss") => f_cross_entropy(interp, a),
        Some("NLLLoss") => f_nll_loss(interp, a),
        Some("KLDivLoss") => f_kl_div(interp, a),
        _ => f_mse_loss(interp, a),
    }
}

fn moduledict_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
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

fn moduledict_keys(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(k, _)| Value::Str(k))
            .collect(),
    ))
}

fn moduledict_values(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::list(list_children(&inst)))
}

fn moduledict_items(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(k, c)| Value::tuple(vec![Value::Str(k), Value::Instance(c)]))
            .collect(),
    ))
}

/// `nn.Embedding.from_pretrained(embeddings, freeze=True, padding_idx=None)`.
fn embedding_from_pretrained(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("from_pretrained", args);
    let w = p.tensor(0, "embeddings")?;
    if w.ndim() != 2 {
        return Err(exc(
            "AssertionError",
            "Embeddings parameter is expected to be 2-dimensional",
        ));
    }
    let freeze = p.bool_or(1, "freeze", true)?;
    let class = interp
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

fn relu_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let p = rest(args, "ReLU");
    inst.set("training", Value::Bool(true));
    inst.set("inplace", Value::Bool(p.bool_or(0, "inplace", false)?));
    Ok(Value::None)
}

/// `F.relu(x, inplace=False)`.
fn f_relu(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("relu", args);
    let x = p.tensor(0, "input")?;
    if p.bool_or(1, "inplace", false)? {
        pointwise::unary_inplace(UnaryOp::Relu, &x)?;
        return Ok(Value::Tensor(x));
    }
    super::call_torch_fn(interp, "relu", Args::new(vec![Value::Tensor(x)]))
}

/// `F.kl_div(input, target, reduction)`: input holds log-probabilities, target probabilities;
/// pointwise `target * (log(target) - input)` with 0 where target is 0.
fn f_kl_div(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("kl_div", args);
    let input = p.tensor(0, "input")?;
    let target = p.tensor(1, "target")?;
    let log_target = p.bool_or(usize::MAX, "log_target", false)?;
    let reduction = loss::KlDivReduction::parse(&reduction_arg(&p))?;
    Ok(Value::Tensor(loss::kl_div(
        &input, &target, reduction, log_target,
    )?))
}
