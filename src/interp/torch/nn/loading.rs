//! `Module.load_state_dict`: a state dict copied into a module's parameters and buffers, in place, with
//! PyTorch's report of missing, unexpected and mismatched entries.

use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Instance, Value};

use super::module::{NON_PERSISTENT, buffer_names, named_tuple, names_at};
use super::{children, own_parameters, this};

const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

/// `load_state_dict(state_dict, strict=True, assign=False)`: each module, then its children, copies the
/// entries named for its parameters and persistent buffers into them (under `no_grad`, keeping each
/// tensor object and its dtype), as `Module._load_from_state_dict`; missing and unexpected keys are
/// errors with `strict`, reported with every size mismatch in PyTorch's words. Returns `_IncompatibleKeys`.
pub(super) fn m_load_state_dict(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.load_state_dict(self, state_dict, strict=True, assign=False)");
    let inst = this(&args)?;
    let b = SIG.bind(args)?;
    let sd = b.value(1).unwrap_or(Value::None);
    let Some(entries) = crate::interp::stdlib::mapping_entries(&sd) else {
        return Err(type_error(format!(
            "Expected state_dict to be dict-like, got <class '{}'>.",
            sd.type_name()
        )));
    };
    let strict = match b.value(2) {
        None => true,
        Some(v) => interp.truthy(&v)?,
    };
    let entries: Vec<(String, Value)> = entries
        .into_iter()
        .filter_map(|(k, v)| match k {
            Value::Str(k) => Some((k.to_string(), v)),
            _ => None,
        })
        .collect();
    let mut report = Loading::default();
    load_into(&inst, "", &entries, &mut report);
    if strict {
        let quoted = |keys: &[String]| {
            keys.iter()
                .map(|k| format!("\"{k}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !report.unexpected.is_empty() {
            let msg = format!(
                "Unexpected key(s) in state_dict: {}. ",
                quoted(&report.unexpected)
            );
            report.errors.insert(0, msg);
        }
        if !report.missing.is_empty() {
            let msg = format!(
                "Missing key(s) in state_dict: {}. ",
                quoted(&report.missing)
            );
            report.errors.insert(0, msg);
        }
    }
    if !report.errors.is_empty() {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "Error(s) in loading state_dict for {}:\n\t{}",
                inst.class().name,
                report.errors.join("\n\t")
            ),
        ));
    }
    let list = |keys: &[String]| Value::list(keys.iter().map(|k| Value::str(k)).collect());
    let shown = |keys: &[String]| {
        let items: Vec<String> = keys.iter().map(|k| format!("'{k}'")).collect();
        format!("[{}]", items.join(", "))
    };
    let repr = if report.missing.is_empty() && report.unexpected.is_empty() {
        "<All keys matched successfully>".to_string()
    } else {
        format!(
            "_IncompatibleKeys(missing_keys={}, unexpected_keys={})",
            shown(&report.missing),
            shown(&report.unexpected)
        )
    };
    let result = named_tuple(
        interp,
        "_IncompatibleKeys",
        vec![
            ("missing_keys", list(&report.missing)),
            ("unexpected_keys", list(&report.unexpected)),
        ],
    );
    if let Value::Instance(r) = &result {
        r.class().attrs.borrow_mut().push((
            Rc::from("__repr__"),
            crate::interp::builtins::builtin_with("__repr__", move |_, _| Ok(Value::str(&repr))),
        ));
    }
    Ok(result)
}

#[derive(Default)]
struct Loading {
    missing: Vec<String>,
    unexpected: Vec<String>,
    errors: Vec<String>,
}

fn load_into(inst: &Instance, prefix: &str, entries: &[(String, Value)], report: &mut Loading) {
    let transient = names_at(inst, NON_PERSISTENT);
    let mut local: Vec<(Rc<str>, crate::tensor::Tensor)> = own_parameters(inst);
    for name in buffer_names(inst) {
        if let (false, Some(Value::Tensor(t))) = (transient.contains(&name), inst.get(&name)) {
            local.push((name, t));
        }
    }
    for (name, param) in &local {
        let key = format!("{prefix}{name}");
        let Some((_, given)) = entries.iter().find(|(k, _)| *k == key) else {
            report.missing.push(key);
            continue;
        };
        let Value::Tensor(given) = given else {
            report.errors.push(format!(
                "While copying the parameter named \"{key}\", expected torch.Tensor or Tensor-like object from checkpoint but received <class '{}'>",
                given.type_name()
            ));
            continue;
        };
        // A 1-element 1-D entry loads into a 0-d parameter (older checkpoints), as PyTorch allows.
        let given = if param.ndim() == 0 && given.ndim() == 1 {
            given.index(&[crate::tensor::TensorIndex::Int(0)])
        } else {
            Ok(given.clone())
        };
        let given = match given {
            Ok(g) if g.shape() == param.shape() => g,
            Ok(g) => {
                report.errors.push(format!(
                    "size mismatch for {key}: copying a param with shape {} from checkpoint, the shape in current model is {}.",
                    size_repr(g.shape()),
                    size_repr(param.shape())
                ));
                continue;
            }
            Err(e) => {
                report.errors.push(e.to_string());
                continue;
            }
        };
        if let Err(e) = param.copy_from(&given) {
            report.errors.push(format!(
                "While copying the parameter named \"{key}\", whose dimensions in the model are {} and whose dimensions in the checkpoint are {}, an exception occurred : {}.",
                size_repr(param.shape()),
                size_repr(given.shape()),
                e
            ));
        }
    }
    let kids = children(inst);
    for (key, _) in entries {
        let Some(rest) = key.strip_prefix(prefix) else {
            continue;
        };
        let unexpected = match rest.split_once('.') {
            Some((first, _)) => !kids.iter().any(|(k, _)| &**k == first),
            None => !local.iter().any(|(k, _)| &**k == rest),
        };
        if unexpected {
            report.unexpected.push(key.clone());
        }
    }
    for (k, c) in kids {
        let child_prefix = format!("{prefix}{k}.");
        load_into(&c, &child_prefix, entries, report);
    }
}

fn size_repr(shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    format!("torch.Size([{}])", dims.join(", "))
}
