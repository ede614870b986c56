//! `nn.ParameterList` and `nn.ParameterDict` (`torch/nn/modules/container.py`): modules whose
//! attributes are their entries (`"0"`, `"1"`, ... or the dict's keys), so `named_parameters()` names
//! them as PyTorch does (`ps.0`, `pd.w`). A tensor stored in one becomes a Parameter.

use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Instance, Value};

use super::*;

/// The classes of this file, in `torch.nn`.
pub(super) static PARAM_MODULES: &[&str] = &["ParameterList", "ParameterDict"];

const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

pub(super) fn is_param_container(inst: &Instance) -> bool {
    inst.class().has_native("ParameterList") || inst.class().has_native("ParameterDict")
}

fn is_dict(inst: &Instance) -> bool {
    inst.class().has_native("ParameterDict")
}

/// The entries, in order: every attribute but the module's own flag.
fn entries(inst: &Instance) -> Vec<(Rc<str>, Value)> {
    inst.items()
        .into_iter()
        .filter(|(k, _)| &**k != "training")
        .collect()
}

/// `Parameter(value)` for a tensor that is not one yet (`ParameterList.__setitem__`).
fn as_parameter(v: Value) -> Value {
    match v {
        Value::Tensor(t) if !t.is_param() => {
            Value::Tensor(t.with_grad_info(crate::tensor::GradInfo {
                requires_grad: true,
                is_param: true,
                grad_fn: None,
                view_of_leaf: false,
            }))
        }
        other => other,
    }
}

fn push(inst: &Instance, value: Value) {
    let n = entries(inst).len();
    inst.set(&n.to_string(), as_parameter(value));
}

/// Stores `key: value` pairs of a dict, or of an iterable of pairs, in a ParameterDict.
fn update(interp: &mut Interpreter, inst: &Instance, values: &Value) -> PyResult<()> {
    let pairs: Vec<(Value, Value)> = match values {
        Value::Dict(d) => d.borrow().entries.clone(),
        other => {
            let mut out = Vec::new();
            for item in interp.collect_iter(other)? {
                let kv = interp.collect_iter(&item)?;
                if kv.len() != 2 {
                    return Err(exc(
                        ExcKind::ValueError,
                        format!(
                            "ParameterDict update sequence element #{} has length {}; 2 is required",
                            out.len(),
                            kv.len()
                        ),
                    ));
                }
                out.push((kv[0].clone(), kv[1].clone()));
            }
            out
        }
    };
    for (k, v) in pairs {
        set_key(inst, &k, v)?;
    }
    Ok(())
}

fn set_key(inst: &Instance, key: &Value, value: Value) -> PyResult<()> {
    match key {
        Value::Str(k) => {
            inst.set(k, as_parameter(value));
            Ok(())
        }
        other => Err(type_error(format!(
            "attribute name must be string, not '{}'",
            other.type_name()
        ))),
    }
}

pub(super) fn params_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static LIST: Sig = def("ParameterList.__init__(self, values=None)");
    static DICT: Sig = def("ParameterDict.__init__(self, parameters=None)");
    let inst = this(&args)?;
    let dict = is_dict(&inst);
    let b = if dict { &DICT } else { &LIST }.bind(args)?;
    inst.set("training", Value::Bool(true));
    match b.value(1) {
        None | Some(Value::None) => {}
        Some(values) if dict => update(interp, &inst, &values)?,
        Some(values) => {
            for v in interp.collect_iter(&values)? {
                push(&inst, v);
            }
        }
    }
    Ok(Value::None)
}

pub(super) fn params_append(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("ParameterList.append(self, value)");
    let inst = this(&args)?;
    let b = SIG.bind(args)?;
    push(&inst, b.value(1).unwrap_or(Value::None));
    Ok(Value::Instance(inst))
}

pub(super) fn params_extend(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("ParameterList.extend(self, values)");
    let inst = this(&args)?;
    let b = SIG.bind(args)?;
    for v in interp.collect_iter(&b.value(1).unwrap_or(Value::None))? {
        push(&inst, v);
    }
    Ok(Value::Instance(inst))
}

pub(super) fn params_keys(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("ParameterDict.keys(self)");
    let inst = this(&args)?;
    SIG.bind(args)?;
    Ok(Value::list(
        entries(&inst)
            .into_iter()
            .map(|(k, _)| Value::Str(k))
            .collect(),
    ))
}

pub(super) fn params_values(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("ParameterDict.values(self)");
    let inst = this(&args)?;
    SIG.bind(args)?;
    Ok(Value::list(
        entries(&inst).into_iter().map(|(_, v)| v).collect(),
    ))
}

pub(super) fn params_items(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("ParameterDict.items(self)");
    let inst = this(&args)?;
    SIG.bind(args)?;
    Ok(Value::list(
        entries(&inst)
            .into_iter()
            .map(|(k, v)| Value::tuple(vec![Value::Str(k), v]))
            .collect(),
    ))
}

/// `ParameterList[i]` (a slice gives a new list), `ParameterDict[key]`.
pub(super) fn getitem(
    interp: &mut Interpreter,
    inst: &Rc<Instance>,
    index: &Value,
) -> PyResult<Value> {
    let items = entries(inst);
    if is_dict(inst) {
        let key = match index {
            Value::Str(s) => s.to_string(),
            other => interp.to_str(other)?,
        };
        return items
            .into_iter()
            .find(|(k, _)| **k == *key)
            .map(|(_, v)| v)
            .ok_or_else(|| {
                exc(
                    ExcKind::AttributeError,
                    format!("'ParameterDict' object has no attribute '{key}'"),
                )
            });
    }
    if let Value::Slice(_) = index {
        let values = Value::list(items.into_iter().map(|(_, v)| v).collect());
        let picked = interp.get_item(&values, index.clone())?;
        let new = Rc::new(Instance {
            class: crate::interp::value::ClassCell::new(Rc::clone(&inst.class())),
            attrs: crate::interp::value::new_attrs(Vec::new()),
        });
        new.set("training", Value::Bool(training(inst)));
        for v in interp.collect_iter(&picked)? {
            push(&new, v);
        }
        return Ok(Value::Instance(new));
    }
    let n = items.len() as i64;
    let i = match index {
        Value::Int(i, _) => *i,
        Value::Bool(b) => i64::from(*b),
        other => {
            return Err(type_error(format!(
                "list indices must be integers or slices, not {}",
                other.type_name()
            )));
        }
    };
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(exc(
            ExcKind::IndexError,
            format!("index {i} is out of range"),
        ));
    }
    Ok(items[j as usize].1.clone())
}

/// `ParameterList[i] = value`, `ParameterDict[key] = value`.
pub(crate) fn setitem(inst: &Rc<Instance>, index: &Value, value: &Value) -> PyResult<()> {
    if is_dict(inst) {
        return set_key(inst, index, value.clone());
    }
    let n = entries(inst).len() as i64;
    let i = match index {
        Value::Int(i, _) => *i,
        other => {
            return Err(type_error(format!(
                "list indices must be integers or slices, not {}",
                other.type_name()
            )));
        }
    };
    let j = if i < 0 { i + n } else { i };
    if j < 0 || j >= n {
        return Err(exc(
            ExcKind::IndexError,
            format!("index {i} is out of range"),
        ));
    }
    inst.set(&j.to_string(), as_parameter(value.clone()));
    Ok(())
}

/// What `iter()` gives: the list's values, the dict's keys.
pub(super) fn iterate(inst: &Instance) -> Vec<Value> {
    entries(inst)
        .into_iter()
        .map(|(k, v)| if is_dict(inst) { Value::Str(k) } else { v })
        .collect()
}

pub(super) fn len(inst: &Instance) -> usize {
    entries(inst).len()
}

/// `ParameterList.extra_repr` / `ParameterDict.extra_repr`: one line per entry, the list naming the
/// dtype (`torch.float32`), the dict the legacy type (`torch.FloatTensor`).
pub(super) fn extra_repr(inst: &Instance) -> Option<String> {
    if !is_param_container(inst) {
        return None;
    }
    let dict = is_dict(inst);
    let lines: Vec<String> = entries(inst)
        .into_iter()
        .map(|(k, v)| {
            let body = match &v {
                Value::Tensor(t) => {
                    let size: Vec<String> = t.shape().iter().map(|d| d.to_string()).collect();
                    format!(
                        "{} containing: [{} of size {}]",
                        if t.is_param() { "Parameter" } else { "Tensor" },
                        if dict {
                            typename(&v)
                        } else {
                            format!("torch.{}", t.dtype().name())
                        },
                        size.join("x")
                    )
                }
                other => format!("Object of type: {}", other.type_name()),
            };
            format!("  ({k}): {body}")
        })
        .collect();
    Some(lines.join("\n"))
}
