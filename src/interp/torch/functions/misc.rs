//! The rest of the `torch` module: threads, type queries (`is_tensor`, `finfo`, `result_type`,
//! `promote_types`, `can_cast`), settings the CPU engine only remembers (matmul precision,
//! deterministic algorithms), `device`, `Size`, and what the tutor does not offer (`from_numpy`,
//! `set_printoptions`).

use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::args::Dialect;
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::Value;
use crate::tensor::DType;
use crate::tensor::dtype::{Category, Operand as Promoted, result_type};

use super::super::call::{Call, Def};
use super::super::nn::named_tuple;
use super::super::value_to_scalar;

pub(super) static DEFS: &[Def] = &[
    Def::python("is_storage", "is_storage(obj)", Dialect::PyDef, |_, _| {
        Ok(Value::Bool(false))
    }),
    Def::python(
        "is_inference_mode_enabled",
        "torch.is_inference_mode_enabled()",
        Dialect::Positional,
        |_, _| Ok(Value::Bool(false)),
    ),
    Def::python(
        "set_float32_matmul_precision",
        "set_float32_matmul_precision(precision)",
        Dialect::PyDef,
        |interp, c| {
            let given = c.value(0).unwrap_or(Value::None);
            let Value::Str(p) = &given else {
                return Err(exc(
                    ExcKind::RuntimeError,
                    format!(
                        "set_float32_matmul_precision expects a str, but got {}",
                        given.type_name()
                    ),
                ));
            };
            // Another value only warns in torch ("... has no effect").
            if let Some(p) = ["highest", "high", "medium"]
                .into_iter()
                .find(|v| **v == **p)
            {
                super::super::state::state(interp).matmul_precision = p;
            }
            Ok(Value::None)
        },
    ),
    Def::python(
        "get_float32_matmul_precision",
        "get_float32_matmul_precision()",
        Dialect::PyDef,
        |interp, _| {
            Ok(Value::str(
                super::super::state::state(interp).matmul_precision,
            ))
        },
    ),
    Def::function(
        "use_deterministic_algorithms",
        &["_set_deterministic_algorithms(bool mode, *, bool warn_only=False)"],
        |interp, c| {
            let mode = c.bool(0)?;
            super::super::state::state(interp).deterministic = mode;
            Ok(Value::None)
        },
    ),
    Def::python(
        "are_deterministic_algorithms_enabled",
        "are_deterministic_algorithms_enabled()",
        Dialect::PyDef,
        |interp, _| {
            Ok(Value::Bool(
                super::super::state::state(interp).deterministic,
            ))
        },
    ),
    Def::function(
        "can_cast",
        &["can_cast(ScalarType from_, ScalarType to)"],
        |_, c| {
            let (from, to) = (c.dtype(0)?, c.dtype(1)?);
            let (Some(from), Some(to)) = (from, to) else {
                return Err(type_error("can_cast(): expected two dtypes"));
            };
            // c10::canCast: no float to integral, nothing non-bool to bool.
            Ok(Value::Bool(from.category() <= to.category()))
        },
    ),
    Def::python(
        "set_num_threads",
        "torch.set_num_threads(num, /)",
        Dialect::Positional,
        |interp, c| {
            let n = match c.value(0) {
                Some(Value::Int(n, _)) => n,
                Some(Value::Bool(b)) => b as i64,
                other => {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        format!(
                            "set_num_threads expects an int, but got {}",
                            other.map_or("NoneType".into(), |v| v.type_name())
                        ),
                    ));
                }
            };
            if n <= 0 {
                return Err(exc(
                    ExcKind::RuntimeError,
                    "set_num_threads expects a positive integer",
                ));
            }
            interp.num_threads = n as usize;
            crate::tensor::settings::update(|s| s.num_threads = n as usize);
            Ok(Value::None)
        },
    ),
    Def::python(
        "get_num_threads",
        "torch.get_num_threads()",
        Dialect::Positional,
        |interp, _| Ok(Value::int(interp.num_threads as i64)),
    ),
    Def::python(
        "get_default_dtype",
        "get_default_dtype()",
        Dialect::Positional,
        |interp, _| Ok(Value::DType(interp.default_float)),
    ),
    Def::python(
        "set_default_dtype",
        "set_default_dtype(d, /)",
        Dialect::Positional,
        |interp, c| match c.value(0) {
            Some(Value::DType(d)) if d.is_floating_point() => {
                interp.default_float = d;
                crate::tensor::settings::update(|s| s.default_float = d);
                Ok(Value::None)
            }
            Some(Value::DType(_)) => Err(type_error(
                "only floating-point types are supported as the default type",
            )),
            other => Err(type_error(format!(
                "invalid dtype object: only floating-point types are supported as the default type (got {})",
                other.map_or("NoneType".into(), |v| v.type_name())
            ))),
        },
    ),
    Def::python("is_tensor", "is_tensor(obj, /)", Dialect::PyDef, |_, c| {
        Ok(Value::Bool(matches!(c.value(0), Some(Value::Tensor(_)))))
    }),
    Def::function(
        "finfo",
        &["finfo(ScalarType type)", "finfo()"],
        |interp, c| match c.which() {
            1 => Ok(finfo(interp, interp.default_float)),
            _ => match c.dtype(0)? {
                Some(d) if d.is_floating_point() => Ok(finfo(interp, d)),
                _ => Err(type_error(
                    "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'",
                )),
            },
        },
    ),
    Def::function("iinfo", &["iinfo(ScalarType type)"], |interp, c| {
        match c.dtype(0)? {
            Some(d) if !d.is_floating_point() && d != DType::Bool => Ok(iinfo(interp, d)),
            _ => Err(type_error(
                "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'",
            )),
        }
    }),
    Def::function(
        "result_type",
        &[
            "result_type(Tensor tensor, Tensor other)",
            "result_type(Scalar scalar, Tensor tensor)",
            "result_type(Tensor tensor, Scalar other)",
            "result_type(Scalar scalar1, Scalar scalar2)",
        ],
        |_, c| {
            let operand = |i: usize| match c.value(i) {
                Some(Value::Tensor(t)) if t.ndim() == 0 => Promoted::ZeroDim(t.dtype()),
                Some(Value::Tensor(t)) => Promoted::Dimensioned(t.dtype()),
                other => Promoted::Scalar(
                    other
                        .as_ref()
                        .and_then(value_to_scalar)
                        .map(|s| s.category())
                        .unwrap_or(Category::Float),
                ),
            };
            Ok(Value::DType(result_type(&[operand(0), operand(1)])))
        },
    ),
    Def::function(
        "promote_types",
        &["promote_types(ScalarType type1, ScalarType type2)"],
        |_, c| match (c.dtype(0)?, c.dtype(1)?) {
            (Some(a), Some(b)) => Ok(Value::DType(DType::promote(a, b))),
            _ => Err(type_error("internal: promote_types without dtypes")),
        },
    ),
    Def::function(
        "device",
        &["device(Device device)", "device(str type, int index=-1)"],
        device,
    ),
    Def::python("Size", "tuple(iterable=(), /)", Dialect::Unpack, size),
    Def::python(
        "Generator",
        "Generator(device='cpu')",
        Dialect::PyDef,
        |_, c| {
            match c.value(0) {
                None | Some(Value::None) => {}
                Some(Value::Str(d)) if d.starts_with("cpu") => {}
                Some(_) => {
                    return Err(crate::interp::error::exc(
                        crate::interp::error::ExcKind::RuntimeError,
                        "the tutor has the CPU only: torch.Generator(device='cpu')",
                    ));
                }
            }
            Ok(crate::interp::torch::tensor::new_generator())
        },
    ),
    Def::python(
        "from_numpy",
        "torch._VariableFunctionsClass.from_numpy(ndarray, /)",
        Dialect::Positional,
        // No value here is a NumPy array: PyTorch's answer to anything else.
        |_, c| {
            Err(type_error(format!(
                "expected np.ndarray (got {})",
                c.value(0).map_or("NoneType".into(), |v| v.type_name())
            )))
        },
    ),
    Def::python(
        "set_printoptions",
        "set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None, profile=None, sci_mode=None)",
        Dialect::PyDef,
        set_printoptions,
    ),
];

/// `torch.set_printoptions`, as torch/_tensor_str.py applies it: a profile first, then each option
/// given; `sci_mode` is set on every call (leaving it out resets it to automatic).
fn set_printoptions(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    use crate::tensor::format::PrintOptions;
    let sci = match c.value(5) {
        None => None,
        Some(v) => Some(interp.truthy(&v)?),
    };
    let opts = &mut super::super::state::state(interp).print;
    match c.str(4)?.as_deref() {
        None => {}
        Some("default") => *opts = PrintOptions::default(),
        Some("short") => {
            *opts = PrintOptions {
                precision: 2,
                edgeitems: 2,
                ..PrintOptions::default()
            }
        }
        Some("full") => {
            *opts = PrintOptions {
                threshold: usize::MAX,
                ..PrintOptions::default()
            }
        }
        // PyTorch ignores an unknown profile name.
        Some(_) => {}
    }
    let count = |v: Option<Value>| -> PyResult<Option<usize>> {
        match v {
            None => Ok(None),
            Some(Value::Int(n, _)) => Ok(Some(n.max(0) as usize)),
            Some(Value::Bool(b)) => Ok(Some(usize::from(b))),
            Some(Value::Float(f)) if f.is_infinite() && f > 0.0 => Ok(Some(usize::MAX)),
            Some(Value::Float(f)) => Ok(Some(f.max(0.0) as usize)),
            Some(other) => Err(type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                other.type_name()
            ))),
        }
    };
    if let Some(p) = count(c.value(0))? {
        opts.precision = p;
    }
    if let Some(t) = count(c.value(1))? {
        opts.threshold = t;
    }
    if let Some(e) = count(c.value(2))? {
        opts.edgeitems = e;
    }
    if let Some(w) = count(c.value(3))? {
        opts.linewidth = w;
    }
    opts.sci_mode = sci;
    Ok(Value::None)
}

/// `torch.finfo(dtype)`: the float type's limits, printed as PyTorch prints them (`%g`-style values).
fn finfo(interp: &mut Interpreter, d: DType) -> Value {
    // (resolution, max, eps, smallest normal, bits) from c10's numeric limits.
    let (resolution, max, eps, tiny, bits) = match d {
        DType::Float64 => (1e-15, f64::MAX, f64::EPSILON, f64::MIN_POSITIVE, 64),
        DType::Float16 => (0.001, 65504.0, 0.0009765625, 6.103515625e-05, 16),
        DType::BFloat16 => (
            0.01,
            f64::from(half::bf16::MAX),
            0.0078125,
            f64::from(f32::MIN_POSITIVE),
            16,
        ),
        _ => (
            1e-06,
            f64::from(f32::MAX),
            f64::from(f32::EPSILON),
            f64::from(f32::MIN_POSITIVE),
            32,
        ),
    };
    let g = |x: f64| crate::interp::types::format::format_float(x, "g").unwrap_or_default();
    let repr = format!(
        "finfo(resolution={}, min={}, max={}, eps={}, smallest_normal={}, tiny={}, dtype={})",
        g(resolution),
        g(-max),
        g(max),
        g(eps),
        g(tiny),
        g(tiny),
        d.name()
    );
    info_object(
        interp,
        "finfo",
        vec![
            ("resolution", Value::Float(resolution)),
            ("min", Value::Float(-max)),
            ("max", Value::Float(max)),
            ("eps", Value::Float(eps)),
            ("tiny", Value::Float(tiny)),
            ("smallest_normal", Value::Float(tiny)),
            ("bits", Value::int(bits)),
            ("dtype", Value::str(d.name())),
        ],
        repr,
    )
}

/// `torch.iinfo(dtype)`: the integer type's limits.
fn iinfo(interp: &mut Interpreter, d: DType) -> Value {
    let g = |x: i64| crate::interp::types::format::format_float(x as f64, "g").unwrap_or_default();
    let repr = format!(
        "iinfo(min={}, max={}, dtype={})",
        g(d.int_min()),
        g(d.int_max()),
        d.name()
    );
    info_object(
        interp,
        "iinfo",
        vec![
            ("bits", Value::int(d.size_in_bytes() as i64 * 8)),
            ("min", Value::int(d.int_min())),
            ("max", Value::int(d.int_max())),
            ("dtype", Value::str(d.name())),
        ],
        repr,
    )
}

/// An object with read-only fields and PyTorch's repr (`finfo`, `iinfo`).
fn info_object(
    interp: &mut Interpreter,
    name: &str,
    fields: Vec<(&str, Value)>,
    repr: String,
) -> Value {
    let value = named_tuple(interp, name, fields);
    if let Value::Instance(inst) = &value {
        let text = Rc::<str>::from(repr);
        inst.class().attrs.borrow_mut().push((
            Rc::from("__repr__"),
            crate::interp::builtins::builtin_with("__repr__", move |_, _| Ok(Value::str(&text))),
        ));
    }
    value
}

/// `torch.device('cpu')`: the CPU is the only device here.
fn device(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let given = c.value(0).unwrap_or(Value::None);
    let index = match &given {
        Value::Str(s) => {
            let (kind, index) = match s.split_once(':') {
                Some((k, i)) => (k, Some(i)),
                None => (&**s, None),
            };
            if kind != "cpu" {
                return Err(exc(
                    ExcKind::RuntimeError,
                    format!("the tutor runs on the CPU only; there is no '{s}' device here"),
                ));
            }
            match index {
                Some(i) => Some(i.parse::<i64>().map_err(|_| {
                    exc(
                        ExcKind::RuntimeError,
                        format!("Invalid device string: '{s}'"),
                    )
                })?),
                None => match c.which() {
                    1 => Some(c.int(1)?).filter(|&i| i >= 0),
                    _ => None,
                },
            }
        }
        Value::Int(i, _) => Some(*i),
        // A device object: itself.
        other => return Ok(other.clone()),
    };
    Ok(super::super::tensor::cpu_device(index))
}

/// `torch.Size(iterable)`: a tuple of ints.
fn size(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let items = match c.value(0) {
        Some(v) => interp.collect_iter(&v)?,
        None => vec![],
    };
    let dims = items
        .iter()
        .enumerate()
        .map(|(i, v)| match v {
            Value::Int(d, _) => Ok((*d).max(0) as usize),
            Value::Bool(b) => Ok(*b as usize),
            Value::Tensor(t) if t.numel() == 1 && !t.dtype().is_floating_point() => {
                Ok(t.item()?.to_i64().max(0) as usize)
            }
            other => Err(type_error(format!(
                "torch.Size() takes an iterable of 'int' (item {i} is '{}')",
                other.type_name()
            ))),
        })
        .collect::<PyResult<Vec<usize>>>()?;
    Ok(Value::size(dims))
}
