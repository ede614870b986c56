//! `nn.Module`'s own machinery: `__call__` and `forward`, parameters, children, buffers, `state_dict`,
//! train/eval, and how a module answers attribute, item and iteration access (through the native type).

use crate::interp::torch::state::state;
use std::cell::RefCell;
use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::args::{Bound, Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Class, Instance, Value};
use crate::tensor::DType;

/// A method of `nn.Module`, written in Python by PyTorch (`self` included).
pub(super) const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

/// Binds a method's call (`self` first) and hands back the instance with the bound arguments.
pub(super) fn bind(sig: &'static Sig, args: Args) -> PyResult<(Rc<Instance>, Bound<'static>)> {
    let inst = this(&args)?;
    Ok((inst, sig.bind(args)?))
}

/// `bool(v)` of an optional flag, its default when absent.
fn flag(interp: &mut Interpreter, b: &Bound, i: usize, default: bool) -> PyResult<bool> {
    match b.value(i) {
        None => Ok(default),
        Some(v) => interp.truthy(&v),
    }
}

use super::*;

static INIT: Sig = def("Module.__init__(self, *args, **kwargs)");

/// `Module.__init__(self, *args, **kwargs)` takes nothing, and says so with the instance's class name.
pub(super) fn m_init(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (inst, b) = bind(&INIT, args)?;
    let class = &inst.class().name;
    if let Some((k, _)) = b.varkw().first() {
        return Err(type_error(format!(
            "{class}.__init__() got an unexpected keyword argument '{k}'"
        )));
    }
    let extra = b.varargs().len();
    if extra > 0 {
        return Err(type_error(format!(
            "{class}.__init__() takes 1 positional argument but {} were given",
            extra + 1
        )));
    }
    if inst.get("training").is_none() {
        inst.set("training", Value::Bool(true));
    }
    Ok(Value::None)
}

pub(super) fn m_call(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    if inst.get("training").is_none() {
        return Err(exc(
            ExcKind::AttributeError,
            format!(
                "'{}' object has no attribute '_modules' (did you forget super().__init__()?)",
                inst.class().name
            ),
        ));
    }
    let forward = match inst.class().lookup("forward") {
        Some((_, f)) => f,
        None => {
            return Err(exc(
                ExcKind::NotImplementedError,
                format!(
                    "Module [{}] is missing the required \"forward\" function",
                    inst.class().name
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
    let mut record = super::super::autograd::recording(interp, &inputs.iter().collect::<Vec<_>>());
    let input_ndim = match args.pos.get(1) {
        Some(Value::Tensor(t)) => t.ndim(),
        _ => 0,
    };
    let lazy = inst.class().has_native("LazyLinear");
    let result = interp.call_value(forward, args)?;
    if lazy {
        // A lazy layer's parameters exist only after its first call.
        inputs.extend(
            own_parameters(&inst)
                .into_iter()
                .map(|(_, t)| Value::Tensor(t)),
        );
        record = super::super::autograd::recording(interp, &inputs.iter().collect::<Vec<_>>());
    }
    match native_forward_node(&inst, input_ndim) {
        Some(node) if record => Ok(super::super::autograd::mark(result, node)),
        _ => Ok(result),
    }
}

pub(super) fn m_forward(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    Err(exc(
        ExcKind::NotImplementedError,
        format!(
            "Module [{}] is missing the required \"forward\" function",
            inst.class().name
        ),
    ))
}

pub(super) fn m_parameters(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.parameters(self, recurse=True)");
    let (inst, _) = bind(&SIG, args)?;
    let mut out = Vec::new();
    all_parameters(&inst, "", &mut out);
    Ok(Value::list(
        out.into_iter().map(|(_, t)| Value::Tensor(t)).collect(),
    ))
}

pub(super) fn m_named_parameters(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig =
        def("Module.named_parameters(self, prefix='', recurse=True, remove_duplicate=True)");
    let (inst, _) = bind(&SIG, args)?;
    let mut out = Vec::new();
    all_parameters(&inst, "", &mut out);
    Ok(Value::list(
        out.into_iter()
            .map(|(n, t)| Value::tuple(vec![Value::str(&n), Value::Tensor(t)]))
            .collect(),
    ))
}

pub(super) fn set_training(inst: &Rc<Instance>, mode: bool) {
    inst.set("training", Value::Bool(mode));
    for (_, c) in children(inst) {
        set_training(&c, mode);
    }
}

pub(super) fn m_eval(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.eval(self)");
    let (inst, _) = bind(&SIG, args)?;
    set_training(&inst, false);
    Ok(Value::Instance(inst))
}

pub(super) fn m_train(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.train(self, mode=True)");
    let (inst, b) = bind(&SIG, args)?;
    let mode = match b.value(1) {
        None => true,
        Some(Value::Bool(mode)) => mode,
        Some(_) => {
            return Err(exc(
                ExcKind::ValueError,
                "training mode is expected to be boolean",
            ));
        }
    };
    set_training(&inst, mode);
    Ok(Value::Instance(inst))
}

pub(super) fn m_zero_grad(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.zero_grad(self, set_to_none=True)");
    bind(&SIG, args)?;
    Ok(Value::None)
}

pub(super) fn m_requires_grad(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.requires_grad_(self, requires_grad=True)");
    let (inst, b) = bind(&SIG, args)?;
    let flag = flag(interp, &b, 1, true)?;
    let mut params = Vec::new();
    all_parameters(&inst, "", &mut params);
    for (_, t) in params {
        t.set_grad_info(crate::tensor::GradInfo {
            requires_grad: flag,
            is_param: true,
            grad_fn: None,
            view_of_leaf: false,
        });
    }
    Ok(Value::Instance(inst))
}

/// `Module.to(*args, **kwargs)`: every device and dtype here is the one the module has.
pub(super) fn m_to(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.to(self, *args, **kwargs)");
    // A dtype among the arguments (`to(torch.float64)`, `to('cpu', torch.half)`, `to(dtype=...)`); a
    // device alone changes nothing (everything is on the CPU).
    let dtype = args
        .pos
        .iter()
        .chain(args.kw.iter().map(|(_, v)| v))
        .find_map(|v| match v {
            Value::DType(d) => Some(*d),
            _ => None,
        });
    let inst = bind(&SIG, args)?.0;
    if let Some(d) = dtype {
        if !d.is_floating_point() {
            return Err(type_error(format!(
                "nn.Module.to only accepts floating point or complex dtypes, but got desired dtype={d}"
            )));
        }
        cast_module(&inst, d);
    }
    Ok(Value::Instance(inst))
}

/// `Module.double()`, `.float()`, `.half()`, `.bfloat16()`.
pub(super) fn m_double(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    module_cast(args, DType::Float64)
}

pub(super) fn m_float(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    module_cast(args, DType::Float32)
}

pub(super) fn m_half(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    module_cast(args, DType::Float16)
}

pub(super) fn m_bfloat16(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    module_cast(args, DType::BFloat16)
}

fn module_cast(args: Args, d: DType) -> PyResult<Value> {
    static SIG: Sig = def("Module.double(self)");
    let inst = bind(&SIG, args)?.0;
    cast_module(&inst, d);
    Ok(Value::Instance(inst))
}

/// PyTorch's `Module._apply` for a dtype: every float parameter and buffer of this module and the
/// modules below it converted (parameters stay parameters).
fn cast_module(inst: &Rc<Instance>, dtype: DType) {
    let attrs: Vec<(Rc<str>, Value)> = inst.items();
    for (k, v) in attrs {
        match v {
            Value::Tensor(t) if t.dtype().is_floating_point() && t.dtype() != dtype => {
                let new = t.to_dtype(dtype);
                if t.is_param() {
                    new.set_param(true);
                }
                inst.set(&k, Value::Tensor(new));
            }
            Value::Instance(c) if super::is_module(&c) => cast_module(&c, dtype),
            _ => {}
        }
    }
}

pub(super) fn m_cpu(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.cpu(self)");
    Ok(Value::Instance(bind(&SIG, args)?.0))
}

pub(super) fn m_register_buffer(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.register_buffer(self, name, tensor, persistent=True)");
    let (inst, b) = bind(&SIG, args)?;
    let name = match b.value(1) {
        Some(Value::Str(s)) => s,
        other => {
            return Err(type_error(format!(
                "buffer name should be a string. Got {}",
                other.map_or("NoneType".into(), |v| typename(&v))
            )));
        }
    };
    let value = match b.value(2) {
        Some(Value::Tensor(t)) => Value::Tensor(t.detach()),
        None | Some(Value::None) => Value::None,
        Some(other) => {
            return Err(type_error(format!(
                "cannot assign '{}' object to buffer '{}' (torch Tensor or None required)",
                other.type_name(),
                name
            )));
        }
    };
    let persistent = flag(interp, &b, 3, true)?;
    inst.set(&name, value);
    let mut names = buffer_names(&inst);
    if !names.iter().any(|n| **n == *name) {
        names.push(Rc::clone(&name));
    }
    inst.set(
        BUFFERS,
        Value::list(names.into_iter().map(Value::Str).collect()),
    );
    let mut transient: Vec<Rc<str>> = names_at(&inst, NON_PERSISTENT)
        .into_iter()
        .filter(|n| **n != *name)
        .collect();
    if !persistent {
        transient.push(name);
    }
    inst.set(
        NON_PERSISTENT,
        Value::list(transient.into_iter().map(Value::Str).collect()),
    );
    Ok(Value::None)
}

/// Where a module keeps its buffer names, and those of its buffers that `state_dict` leaves out
/// (`persistent=False`): not Python identifiers, so cells cannot reach them.
pub(super) const BUFFERS: &str = "\u{0}buffers";
pub(super) const NON_PERSISTENT: &str = "\u{0}non_persistent";

pub(super) fn buffer_names(inst: &Instance) -> Vec<Rc<str>> {
    names_at(inst, BUFFERS)
}

pub(super) fn names_at(inst: &Instance, key: &str) -> Vec<Rc<str>> {
    match inst.get(key) {
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

pub(super) fn all_buffers(inst: &Instance, prefix: &str, out: &mut Vec<(String, Value)>) {
    for name in buffer_names(inst) {
        if let Some(v @ Value::Tensor(_)) = inst.get(&name) {
            out.push((format!("{prefix}{name}"), v));
        }
    }
    for (k, c) in children(inst) {
        all_buffers(&c, &format!("{prefix}{k}."), out);
    }
}

pub(super) fn m_named_buffers(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig =
        def("Module.named_buffers(self, prefix='', recurse=True, remove_duplicate=True)");
    let (inst, _) = bind(&SIG, args)?;
    let mut out = Vec::new();
    all_buffers(&inst, "", &mut out);
    Ok(Value::list(
        out.into_iter()
            .map(|(n, v)| Value::tuple(vec![Value::str(&n), v]))
            .collect(),
    ))
}

pub(super) fn m_buffers(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.buffers(self, recurse=True)");
    let (inst, _) = bind(&SIG, args)?;
    let mut out = Vec::new();
    all_buffers(&inst, "", &mut out);
    Ok(Value::list(out.into_iter().map(|(_, v)| v).collect()))
}

/// `state_dict()`: per module its parameters then its buffers, then its children, as PyTorch orders them.
pub(super) fn m_state_dict(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    fn walk(inst: &Instance, prefix: &str, out: &mut crate::interp::value::Dict) -> PyResult<()> {
        for (k, t) in own_parameters(inst) {
            let key = format!("{prefix}{k}");
            out.insert(
                crate::interp::value::HashKey::Str(Rc::from(key.as_str())),
                Value::str(&key),
                Value::Tensor(t.detach()),
            )?;
        }
        let transient = names_at(inst, NON_PERSISTENT);
        for name in buffer_names(inst) {
            if transient.contains(&name) {
                continue;
            }
            if let Some(Value::Tensor(t)) = inst.get(&name) {
                let key = format!("{prefix}{name}");
                out.insert(
                    crate::interp::value::HashKey::Str(Rc::from(key.as_str())),
                    Value::str(&key),
                    Value::Tensor(t.detach()),
                )?;
            }
        }
        for (k, c) in children(inst) {
            walk(&c, &format!("{prefix}{k}."), out)?;
        }
        Ok(())
    }
    static SIG: Sig =
        def("Module.state_dict(self, *args, destination=None, prefix='', keep_vars=False)");
    let (inst, _) = bind(&SIG, args)?;
    let mut d = crate::interp::value::Dict::default();
    walk(&inst, "", &mut d)?;
    Ok(crate::interp::stdlib::ordered_dict(d))
}

pub(super) fn m_add_module(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.add_module(self, name, module)");
    let (inst, b) = bind(&SIG, args)?;
    let (name, module) = (
        b.value(1).unwrap_or(Value::None),
        b.value(2).unwrap_or(Value::None),
    );
    check_child(&name, &module)?;
    if let Value::Str(n) = name {
        inst.set(&n, module);
    }
    Ok(Value::None)
}

pub(super) fn m_apply(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    fn walk(interp: &mut Interpreter, inst: &Rc<Instance>, f: &Value) -> PyResult<()> {
        for (_, c) in children(inst) {
            walk(interp, &c, f)?;
        }
        interp.call_value(f.clone(), Args::new(vec![Value::Instance(Rc::clone(inst))]))?;
        Ok(())
    }
    static SIG: Sig = def("Module.apply(self, fn)");
    let (inst, b) = bind(&SIG, args)?;
    let f = b.value(1).unwrap_or(Value::None);
    walk(interp, &inst, &f)?;
    Ok(Value::Instance(inst))
}

pub(super) fn m_extra_repr(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    bind(extra_repr_sig(inst.class().native_tag()), args)?;
    Ok(Value::str(&native_extra_repr(&inst)))
}

/// `extra_repr(self)` of the class that defines it (PyTorch's layers each have their own).
fn extra_repr_sig(tag: Option<&str>) -> &'static Sig {
    macro_rules! sigs {
        ($($tag:literal => $qualname:literal),* $(,)?) => {
            match tag {
                $(Some($tag) => {
                    static SIG: Sig = def(concat!($qualname, ".extra_repr(self)"));
                    &SIG
                })*
                _ => {
                    static SIG: Sig = def("Module.extra_repr(self)");
                    &SIG
                }
            }
        };
    }
    sigs!(
        "Linear" => "Linear",
        "Embedding" => "Embedding",
        "LayerNorm" => "LayerNorm",
        "Dropout" => "_DropoutNd",
        "ReLU" => "ReLU",
        "GELU" => "GELU",
        "Softmax" => "Softmax",
        "LogSoftmax" => "LogSoftmax",
        "LeakyReLU" => "LeakyReLU",
        "ELU" => "ELU",
        "SiLU" => "SiLU",
    )
}

/// The grad_pub(super) fn a native module's forward records.
fn native_forward_node(inst: &Instance, input_ndim: usize) -> Option<&'static str> {
    Some(match inst.class().native_tag()? {
        "Linear" => linear_node(
            input_ndim,
            matches!(inst.get("bias"), Some(Value::Tensor(_))),
        ),
        "Embedding" => "EmbeddingBackward0",
        "EmbeddingBag" => "EmbeddingBagBackward0",
        "LayerNorm" => "NativeLayerNormBackward0",
        "RMSNorm" => "MulBackward0",
        "Dropout" => {
            if !training(inst) || float_attr(inst, "p") == 0.0 {
                return None;
            }
            "MulBackward0"
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
        tag => {
            return super::activations::forward_node(tag)
                .or_else(|| super::channel_modules::forward_node(tag, input_ndim));
        }
    })
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
                ExcKind::AttributeError,
                "cannot assign module before Module.__init__() call",
            ));
        }
        if matches!(value, Value::Tensor(t) if t.is_param()) {
            return Err(exc(
                ExcKind::AttributeError,
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
            new.dtype().scalar_type_name(),
            name
        )));
    }
    Ok(())
}

pub(super) fn list_children(inst: &Instance) -> Vec<Value> {
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
        let vals: Vec<Value> = inst.values();
        let i = interp.seq_index(index, vals.len(), "tuple")?;
        return Ok(vals[i].clone());
    }
    if super::params::is_param_container(inst) {
        return super::params::getitem(interp, inst, index);
    }
    if inst.class().has_native("ModuleDict") {
        let key = match index {
            Value::Str(s) => s.to_string(),
            other => return Err(exc(ExcKind::KeyError, interp.repr(other)?)),
        };
        return inst
            .get(&key)
            .filter(is_module_value)
            .ok_or_else(|| exc(ExcKind::KeyError, format!("'{key}'")));
    }
    if inst.class().has_native("ModuleList") || inst.class().has_native("Sequential") {
        let kids = list_children(inst);
        if let Value::Slice(_) = index {
            // Sequential keeps the original keys; ModuleList renumbers (container.py).
            let named: Vec<Value> = children(inst)
                .into_iter()
                .map(|(k, c)| Value::tuple(vec![Value::Str(k), Value::Instance(c)]))
                .collect();
            let picked = interp.get_item(&Value::list(named), index.clone())?;
            let items = interp.collect_iter(&picked)?;
            let class = Rc::clone(&inst.class());
            let new = Rc::new(Instance {
                class: crate::interp::value::ClassCell::new(class),
                attrs: crate::interp::value::new_attrs(Vec::new()),
            });
            new.set("training", Value::Bool(training(inst)));
            let keep_keys = inst.class().has_native("Sequential");
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
            Value::Int(i, _) => *i,
            _ => return Err(type_error("indices must be integers")),
        };
        let j = if i < 0 { i + n as i64 } else { i };
        if j < 0 || j >= n as i64 {
            return Err(exc(
                ExcKind::IndexError,
                format!("index {i} is out of range"),
            ));
        }
        return Ok(kids[j as usize].clone());
    }
    Err(type_error(format!(
        "'{}' object is not subscriptable",
        inst.class().name
    )))
}

pub(crate) fn module_iter(_: &mut Interpreter, inst: &Rc<Instance>) -> PyResult<Vec<Value>> {
    if super::params::is_param_container(inst) {
        return Ok(super::params::iterate(inst));
    }
    if inst.class().has_native("ModuleDict") {
        return Ok(children(inst)
            .into_iter()
            .map(|(k, _)| Value::Str(k))
            .collect());
    }
    if is_named_tuple(inst) {
        return Ok(inst.values());
    }
    if inst.class().has_native("ModuleList") || inst.class().has_native("Sequential") {
        return Ok(list_children(inst));
    }
    Err(type_error(format!(
        "'{}' object is not iterable",
        inst.class().name
    )))
}

pub(crate) fn module_len(_: &mut Interpreter, inst: &Rc<Instance>) -> PyResult<Value> {
    if super::params::is_param_container(inst) {
        return Ok(Value::int(super::params::len(inst) as i64));
    }
    if is_named_tuple(inst) {
        return Ok(Value::int(inst.len() as i64));
    }
    if inst.class().has_native("ModuleList")
        || inst.class().has_native("Sequential")
        || inst.class().has_native("ModuleDict")
    {
        return Ok(Value::int(list_children(inst).len() as i64));
    }
    Err(type_error(format!(
        "object of type '{}' has no len()",
        inst.class().name
    )))
}

/// A read-only record with named fields (`torch.return_types.max`, `finfo`).
pub(crate) fn named_tuple(
    interp: &mut Interpreter,
    name: &str,
    fields: Vec<(&str, Value)>,
) -> Value {
    let base = state(interp).nn_classes.get("namedtuple").cloned();
    let class = Rc::new(Class {
        name: Rc::from(name),
        bases: base.into_iter().collect(),
        attrs: RefCell::new(Vec::new()),
        native: None,
        slots: None,
    });
    let inst = Rc::new(Instance {
        class: crate::interp::value::ClassCell::new(class),
        attrs: crate::interp::value::new_attrs(Vec::new()),
    });
    for (k, v) in fields {
        inst.set(k, v);
    }
    Value::Instance(inst)
}

pub(super) fn is_named_tuple(inst: &Instance) -> bool {
    inst.class().has_native("namedtuple")
}

/// `module[index] = value`: ParameterList and ParameterDict take it; other modules do not.
pub(crate) fn module_setitem(inst: &Rc<Instance>, index: &Value, value: &Value) -> PyResult<()> {
    if super::params::is_param_container(inst) {
        return super::params::setitem(inst, index, value);
    }
    Err(type_error(format!(
        "'{}' object does not support item assignment",
        inst.class().name
    )))
}
