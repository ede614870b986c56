//! The `torch`, `torch.nn` and `torch.nn.functional` modules: thin bindings from Python values onto
//! `crate::tensor`. The interpreter core knows none of this: [`install`] registers the modules and the
//! native types (`types.rs`) whose slots give tensors, sizes, dtypes and modules their Python behaviour.

mod autograd;
mod call;
pub(crate) mod functions;
mod linalg;
mod nn;
mod special;
pub(crate) mod state;
mod tensor;
mod types;

use std::rc::Rc;

use crate::tensor::format::{Elements, format_tensor};
use crate::tensor::{DType, Scalar, Tensor};

use super::Interpreter;
use super::value::{Module, Value};

/// Installs `torch`, `torch.nn`, `torch.nn.functional` and `torch.nn.init`, and the native types of the
/// engine's values.
pub fn install(interp: &mut Interpreter) {
    interp.register_engine_types(crate::interp::native::EngineTypes {
        tensor: Some(&types::TENSOR),
        size: Some(&types::SIZE),
        dtype: Some(&types::DTYPE),
    });
    let torch = functions::torch_module();
    let (nn_module, functional) = nn::install(interp);
    let mut torch_attrs = torch;
    torch_attrs.insert("nn", nn_module.clone());
    torch_attrs.insert("linalg", linalg::install(interp));
    let special = special::install(interp, &torch_attrs);
    torch_attrs.insert("special", special);
    // `torch.cuda`: the answers of a machine without a GPU, so model code that asks runs on the CPU.
    let cuda = Value::Module(Rc::new(Module {
        name: "torch.cuda",
        attrs: [
            (
                "is_available",
                crate::interp::builtins::builtin_with("is_available", |_, _| {
                    Ok(Value::Bool(false))
                }),
            ),
            (
                "device_count",
                crate::interp::builtins::builtin_with("device_count", |_, _| Ok(Value::int(0))),
            ),
        ]
        .into_iter()
        .collect(),
    }));
    torch_attrs.insert("cuda", cuda.clone());
    interp.modules.insert("torch.cuda", cuda);
    // `torch.optim`: importable, so model files that name it load; making an optimizer says why not.
    let optimizer = |name: &'static str| {
        crate::interp::builtins::builtin_with(name, move |_, _| {
            Err(crate::interp::error::exc(
                crate::interp::error::ExcKind::NotImplementedError,
                format!(
                    "torch.optim.{name}: the tutor does not train models (there is no backward() to compute gradients)"
                ),
            ))
        })
    };
    let optim = Value::Module(Rc::new(Module {
        name: "torch.optim",
        attrs: ["SGD", "Adam", "AdamW", "RMSprop", "Adagrad"]
            .into_iter()
            .map(|n| (n, optimizer(n)))
            .collect(),
    }));
    torch_attrs.insert("optim", optim.clone());
    interp.modules.insert("torch.optim", optim);
    mark_python_functions("torch", &mut torch_attrs);
    let torch_value = Value::Module(Rc::new(Module {
        name: "torch",
        attrs: torch_attrs,
    }));
    interp.modules.insert("torch", torch_value);
    interp.modules.insert("torch.nn", nn_module);
    interp.modules.insert("torch.nn.functional", functional);
}

/// The exposed names PyTorch writes in Python, generated from PyTorch by
/// `tools/engine/python_functions.py`.
static PYTHON_FUNCTIONS: &str = include_str!("python_functions.txt");

/// Makes the built-ins of `module` that PyTorch writes in Python answer `type()` and `repr()` as Python
/// functions (`<class 'function'>`, `<function relu>`).
fn mark_python_functions(module: &str, attrs: &mut std::collections::HashMap<&'static str, Value>) {
    for line in PYTHON_FUNCTIONS.lines().filter(|l| !l.starts_with('#')) {
        let Some((owner, name)) = line.rsplit_once('.') else {
            continue;
        };
        if owner != module {
            continue;
        }
        if let Some((&key, Value::Builtin(b))) = attrs.get_key_value(name)
            && !b.python
        {
            let inner = Rc::clone(b);
            let wrapped =
                crate::interp::builtins::python_function(key, move |i, a| (inner.func)(i, a));
            attrs.insert(key, wrapped);
        }
    }
}

/// Every name the torch modules expose, sorted: `torch.X`, `torch.nn.X`, `torch.nn.functional.X`,
/// `torch.nn.init.X` and `Tensor.X` (methods and properties). The op sweep (`tests/sweep.rs`) checks that
/// each one is swept against PyTorch.
pub fn exposed_names() -> Vec<String> {
    let interp = Interpreter::new();
    let mut names = Vec::new();
    for module in [
        "torch",
        "torch.nn",
        "torch.nn.functional",
        "torch.nn.init",
        "torch.nn.utils.rnn",
        "torch.linalg",
        "torch.special",
        "torch.cuda",
        "torch.optim",
    ] {
        if let Some(Value::Module(m)) = interp.modules.get(module) {
            for (name, value) in &m.attrs {
                if !matches!(value, Value::Module(_)) {
                    names.push(format!("{module}.{name}"));
                }
            }
        }
    }
    names.extend(tensor::attribute_names().map(|n| format!("Tensor.{n}")));
    names.sort();
    names
}

/// A Python number as an engine scalar.
pub(crate) fn value_to_scalar(v: &Value) -> Option<Scalar> {
    match v {
        Value::Bool(b) => Some(Scalar::Bool(*b)),
        Value::Int(i, _) => Some(Scalar::Int(*i)),
        Value::Float(f) => Some(Scalar::Float(*f)),
        _ => None,
    }
}

pub(crate) fn scalar_to_value(s: Scalar) -> Value {
    match s {
        Scalar::Bool(b) => Value::Bool(b),
        Scalar::Int(i) => Value::int(i),
        Scalar::Float(f) => Value::Float(f),
    }
}

/// PyTorch's repr of a tensor, with `Parameter containing:` for parameters.
pub(crate) fn tensor_repr(interp: &mut Interpreter, t: &Tensor) -> String {
    let mut suffixes = Vec::new();
    let empty = t.numel() == 0;
    // `_str_intern`: an empty tensor shows any dtype but the default float; others all but the default
    // float, int64 and bool.
    let default = interp.default_float;
    let shown = if empty {
        t.dtype() != default
    } else {
        !matches!(t.dtype(), DType::Int64 | DType::Bool) && t.dtype() != default
    };
    if shown {
        suffixes.push(format!("dtype={}", t.dtype()));
    }
    if let Some(f) = t.grad_fn() {
        suffixes.push(format!("grad_fn=<{f}>"));
    } else if t.requires_grad() {
        suffixes.push("requires_grad=True".to_string());
    }
    let opts = state::state(interp).print.clone();
    let shape = t.shape().to_vec();
    let body = match t.dtype() {
        DType::Float32 => {
            format_tensor(&shape, Elements::F32(&t.to_vec::<f32>()), &suffixes, &opts)
        }
        DType::Int64 => format_tensor(&shape, Elements::I64(&t.to_vec::<i64>()), &suffixes, &opts),
        DType::Bool => format_tensor(
            &shape,
            Elements::Bool(&t.to_vec::<bool>()),
            &suffixes,
            &opts,
        ),
        d if d.is_floating_point() => {
            format_tensor(&shape, Elements::F64(&t.to_vec::<f64>()), &suffixes, &opts)
        }
        _ => format_tensor(&shape, Elements::I64(&t.to_vec::<i64>()), &suffixes, &opts),
    };
    if t.is_param() {
        format!("Parameter containing:\n{body}")
    } else {
        body
    }
}
