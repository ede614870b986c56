//! `torch.nn`: Module and the layers the lessons use, `torch.nn.functional` and `torch.nn.init`. Modules are
//! ordinary instances of native classes, so a learner's `class Encoder(nn.Module)` works like any Python
//! class; the registration order of attributes gives PyTorch's order of parameters and children. This file
//! builds the classes and holds what every part shares; the parts are:
//! `module` (Module's own methods, attributes and containers), `repr` (PyTorch's module printout),
//! `layers` (Embedding, LayerNorm, Dropout, activations, Sequential, ModuleList, ModuleDict), `linear`
//! (Linear and LazyLinear),
//! `transformer` (MultiheadAttention and the Transformer family), `functional`, `losses` and `init`.

use crate::interp::torch::state::state;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::tensor::Tensor;

use crate::interp::Interpreter;
use crate::interp::builtins::{builtin, builtin_with};
use crate::interp::error::{ExcKind, PyResult, type_error};
use crate::interp::value::{Args, Class, Instance, Module, NativeFn, Value};

mod activations;
mod bags;
mod channel_modules;
mod channels;
mod dropouts;
mod functional;
mod initializers;
mod layers;
mod linear;
mod loading;
mod losses;
mod margin_losses;
mod module;
mod params;
mod repr;
mod resize;
mod rnn_utils;
mod transformer;
mod tree;
mod utility;

use functional::*;
use initializers::init_fn;
use layers::*;
use linear::*;
use losses::*;
use module::*;
pub(crate) use module::{
    before_module_setattr, construct_native, module_attr, module_getitem, module_iter, module_len,
    module_setitem, named_tuple,
};
pub(crate) use repr::module_repr;
use repr::*;
use transformer::*;
use tree::*;

pub(super) fn native_class(
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
            ("named_modules", m_named_modules),
            ("eval", m_eval),
            ("train", m_train),
            ("zero_grad", m_zero_grad),
            ("requires_grad_", m_requires_grad),
            ("to", m_to),
            ("cpu", m_cpu),
            ("double", m_double),
            ("float", m_float),
            ("half", m_half),
            ("bfloat16", m_bfloat16),
            ("register_buffer", m_register_buffer),
            ("named_buffers", m_named_buffers),
            ("buffers", m_buffers),
            ("state_dict", m_state_dict),
            ("load_state_dict", loading::m_load_state_dict),
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
            &[("__init__", relu_init), ("forward", act_forward)],
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
        sub(
            "MultiheadAttention",
            "MultiheadAttention",
            &[("__init__", mha_init), ("forward", mha_forward)],
        ),
        sub(
            "TransformerEncoderLayer",
            "TransformerEncoderLayer",
            &[("__init__", layer_init), ("forward", encoder_layer_forward)],
        ),
        sub(
            "TransformerDecoderLayer",
            "TransformerDecoderLayer",
            &[("__init__", layer_init), ("forward", decoder_layer_forward)],
        ),
        sub(
            "TransformerEncoder",
            "TransformerEncoder",
            &[("__init__", encoder_init), ("forward", encoder_forward)],
        ),
        sub(
            "TransformerDecoder",
            "TransformerDecoder",
            &[("__init__", decoder_init), ("forward", decoder_forward)],
        ),
        sub(
            "Transformer",
            "Transformer",
            &[
                ("__init__", transformer_init),
                ("forward", transformer_forward),
                (
                    "generate_square_subsequent_mask",
                    generate_square_subsequent_mask,
                ),
            ],
        ),
    ];
    let classes: Vec<Rc<Class>> = classes
        .into_iter()
        .chain(LOSS_MODULES.iter().map(|tag| {
            sub(
                tag,
                tag,
                &[("__init__", loss_init), ("forward", loss_forward)],
            )
        }))
        .chain(params::PARAM_MODULES.iter().map(|tag| {
            sub(
                tag,
                tag,
                &[
                    ("__init__", params::params_init),
                    ("append", params::params_append),
                    ("extend", params::params_extend),
                    ("keys", params::params_keys),
                    ("values", params::params_values),
                    ("items", params::params_items),
                ],
            )
        }))
        .chain(utility::UTILITY_MODULES.iter().map(|tag| {
            sub(
                tag,
                tag,
                &[
                    ("__init__", utility::utility_init),
                    ("forward", utility::utility_forward),
                ],
            )
        }))
        .chain(channel_modules::CHANNEL_MODULES.iter().map(|tag| {
            sub(
                tag,
                tag,
                &[
                    ("__init__", channel_modules::channel_init),
                    ("forward", channel_modules::channel_forward),
                ],
            )
        }))
        .chain(std::iter::once(sub(
            "EmbeddingBag",
            "EmbeddingBag",
            &[("__init__", bags::bag_init), ("forward", bags::bag_forward)],
        )))
        .chain(dropouts::DROPOUT_MODULES.iter().map(|tag| {
            sub(
                tag,
                tag,
                &[
                    ("__init__", dropouts::dropout_init),
                    ("forward", dropouts::dropout_forward),
                ],
            )
        }))
        .chain(activations::ACT_MODULES.iter().map(|m| {
            sub(
                m.tag,
                m.tag,
                &[
                    ("__init__", activations::act_module_init),
                    ("forward", activations::act_module_forward),
                ],
            )
        }))
        .collect();
    let mut nn_attrs: HashMap<&'static str, Value> = HashMap::new();
    for c in &classes {
        let tag = c.native.unwrap_or("Module");
        state(interp).nn_classes.insert(tag, Rc::clone(c));
        nn_attrs.insert(tag, Value::Class(Rc::clone(c)));
    }
    // `MultiheadAttention.out_proj`: a Linear that prints its own class name; not a name of `torch.nn`.
    if let Some(linear) = state(interp).nn_classes.get("Linear").cloned() {
        let ndq = native_class(NDQ_LINEAR, "Linear", vec![Rc::clone(&linear)], &[]);
        state(interp).nn_classes.insert(NDQ_LINEAR, ndq);
        // `nn.LazyLinear`: a Linear (isinstance holds) until its first call makes it one.
        let lazy = native_class(
            "LazyLinear",
            "LazyLinear",
            vec![linear],
            &[
                ("__init__", lazy_linear_init),
                ("forward", lazy_linear_forward),
                ("has_uninitialized_params", lazy_has_uninitialized),
            ],
        );
        state(interp)
            .nn_classes
            .insert("LazyLinear", Rc::clone(&lazy));
        nn_attrs.insert("LazyLinear", Value::Class(lazy));
    }
    nn_attrs.insert(
        "Parameter",
        crate::interp::builtins::type_object("torch.nn.parameter.Parameter", Some(parameter)),
    );
    let mut init_attrs = HashMap::new();
    for (&name, p) in initializers::INIT_TABLE.iter() {
        init_attrs.insert(name, builtin_with(name, move |i, a| init_fn(i, p, a)));
    }
    super::mark_python_functions("torch.nn.init", &mut init_attrs);
    let init_module = Value::Module(Rc::new(Module {
        name: "torch.nn.init",
        attrs: init_attrs,
    }));
    interp.modules.insert("torch.nn.init", init_module.clone());
    nn_attrs.insert("init", init_module);
    nn_attrs.insert("utils", rnn_utils::install(interp));
    let named = native_class("namedtuple", "namedtuple", vec![], &[]);
    state(interp).nn_classes.insert("namedtuple", named);

    let mut f_attrs: HashMap<&'static str, Value> = HashMap::new();
    for (&n, (p, node)) in F_TABLE.iter() {
        let node = *node;
        f_attrs.insert(n, builtin_with(n, move |i, a| f_dispatch(i, p, node, a)));
    }
    super::mark_python_functions("torch.nn.functional", &mut f_attrs);
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

pub(super) fn this(args: &Args) -> PyResult<Rc<Instance>> {
    match args.pos.first() {
        Some(Value::Instance(i)) => Ok(Rc::clone(i)),
        _ => Err(type_error("descriptor requires a 'Module' object")),
    }
}

/// `torch.typename(v)`: a tensor's legacy type (`torch.FloatTensor`), else the Python type's name.
pub(super) fn typename(v: &Value) -> String {
    match v {
        Value::Tensor(t) => format!("torch.{}Tensor", t.dtype().scalar_type_name()),
        other => other.type_name(),
    }
}

/// `Module.add_module`'s checks (the module first, then the name), as `Sequential` and `ModuleList`
/// run them for each module they are given.
pub(super) fn check_child(name: &Value, module: &Value) -> PyResult<()> {
    if !is_module_value(module) && !matches!(module, Value::None) {
        return Err(type_error(format!(
            "{} is not a Module subclass",
            typename(module)
        )));
    }
    match name {
        Value::Str(s) if s.contains('.') => Err(crate::interp::error::exc(
            ExcKind::KeyError,
            format!("'module name can\\'t contain \".\", got: {s}'"),
        )),
        Value::Str(s) if s.is_empty() => Err(crate::interp::error::exc(
            ExcKind::KeyError,
            "'module name can\\'t be empty string \"\"'",
        )),
        Value::Str(_) => Ok(()),
        other => Err(type_error(format!(
            "module name should be a string. Got {}",
            typename(other)
        ))),
    }
}

pub(crate) fn is_module(inst: &Instance) -> bool {
    inst.class().has_native("Module")
}

pub(super) fn is_module_value(v: &Value) -> bool {
    matches!(v, Value::Instance(i) if is_module(i))
}

/// `torch.nn.parameter.UninitializedParameter`: what a lazy module's parameters are before its first
/// call. It prints as `<UninitializedParameter>`; its shape is not known yet.
pub(super) fn uninitialized_class(interp: &mut Interpreter) -> Rc<Class> {
    if let Some(c) = state(interp).nn_classes.get("UninitializedParameter") {
        return Rc::clone(c);
    }
    let class = Rc::new(Class {
        name: Rc::from("UninitializedParameter"),
        bases: Vec::new(),
        attrs: RefCell::new(Vec::new()),
        native: Some("UninitializedParameter"),
        slots: Some(&UNINITIALIZED),
    });
    state(interp)
        .nn_classes
        .insert("UninitializedParameter", Rc::clone(&class));
    class
}

struct UninitializedType;

static UNINITIALIZED: UninitializedType = UninitializedType;

impl crate::interp::native::NativeType for UninitializedType {
    fn name(&self, _obj: &Value) -> String {
        "UninitializedParameter".into()
    }

    fn repr(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(Some("<UninitializedParameter>".into()))
    }

    /// An `UninitializedParameter` is a `Parameter`, so a `Tensor`.
    fn is_instance(&self, _obj: &Value, type_name: &str) -> bool {
        matches!(type_name, "Tensor" | "Parameter")
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        _obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        if matches!(name, "shape" | "size" | "dim" | "numel") {
            return Err(crate::interp::error::exc(
                ExcKind::RuntimeError,
                "Can't access the shape of an uninitialized parameter or buffer. This error usually happens in `load_state_dict` when trying to load an uninitialized parameter into an initialized one. Call `forward` to initialize the parameters before accessing their attributes.",
            ));
        }
        Ok(None)
    }

    fn class_repr(&self, _class: &Class) -> String {
        "<class 'torch.nn.parameter.UninitializedParameter'>".into()
    }
}

pub(super) fn param(t: Tensor) -> Value {
    t.set_param(true);
    Value::Tensor(t)
}

pub(super) fn children(inst: &Instance) -> Vec<(Rc<str>, Rc<Instance>)> {
    inst.items()
        .into_iter()
        .filter_map(|(k, v)| match v {
            Value::Instance(i) if is_module(&i) => Some((k, i)),
            _ => None,
        })
        .collect()
}

pub(super) fn own_parameters(inst: &Instance) -> Vec<(Rc<str>, Tensor)> {
    inst.items()
        .into_iter()
        .filter_map(|(k, v)| match v {
            Value::Tensor(t) if t.is_param() => Some((k, t)),
            _ => None,
        })
        .collect()
}

pub(super) fn all_parameters(inst: &Instance, prefix: &str, out: &mut Vec<(String, Tensor)>) {
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

pub(super) fn training(inst: &Instance) -> bool {
    !matches!(inst.get("training"), Some(Value::Bool(false)))
}

pub(super) fn float_attr(inst: &Instance, name: &str) -> f64 {
    match inst.get(name) {
        Some(Value::Float(f)) => f,
        Some(Value::Int(i, _)) => i as f64,
        _ => 0.0,
    }
}

pub(super) fn int_attr(inst: &Instance, name: &str) -> i64 {
    match inst.get(name) {
        Some(Value::Int(i, _)) => i,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::call::check_def;

    #[test]
    fn every_functional_and_init_signature_parses() {
        for (p, _) in super::functional::F_TABLE.values() {
            check_def(p.def).unwrap_or_else(|e| panic!("{e}"));
        }
        for p in super::initializers::INIT_TABLE.values() {
            check_def(p.def).unwrap_or_else(|e| panic!("{e}"));
        }
    }
}
