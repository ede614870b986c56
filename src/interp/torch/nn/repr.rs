//! PyTorch's printout of modules (`Module.__repr__` with each layer's `extra_repr`).

use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::error::PyResult;
use crate::interp::value::{Args, Instance, Value};

use super::*;

pub(super) fn shape_tuple_repr(v: &Value) -> String {
    match v {
        Value::Tuple(t) => {
            let parts: Vec<String> = t
                .iter()
                .map(|x| {
                    if let Value::Int(i, _) = x {
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

pub(super) fn native_extra_repr(inst: &Instance) -> String {
    let py = crate::interp::types::format::float_repr;
    match inst.class().native_tag() {
        Some("Linear" | "LazyLinear") => format!(
            "in_features={}, out_features={}, bias={}",
            int_attr(inst, "in_features"),
            int_attr(inst, "out_features"),
            if !matches!(inst.get("bias"), Some(Value::None) | None) {
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
            if let Some(Value::Int(p, _)) = inst.get("padding_idx") {
                s.push_str(&format!(", padding_idx={p}"));
            }
            let text = |name: &str| super::utility::str_of(inst.get(name));
            if !matches!(inst.get("max_norm"), None | Some(Value::None)) {
                s.push_str(&format!(", max_norm={}", text("max_norm")));
            }
            let two = match inst.get("norm_type") {
                None => true,
                Some(Value::Float(f)) => f == 2.0,
                Some(Value::Int(n, _)) => n == 2,
                Some(_) => false,
            };
            if !two {
                s.push_str(&format!(", norm_type={}", text("norm_type")));
            }
            if !matches!(
                inst.get("scale_grad_by_freq"),
                None | Some(Value::Bool(false))
            ) {
                s.push_str(&format!(
                    ", scale_grad_by_freq={}",
                    text("scale_grad_by_freq")
                ));
            }
            if !matches!(inst.get("sparse"), None | Some(Value::Bool(false))) {
                s.push_str(", sparse=True");
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
            Some(Value::Int(d, _)) => format!("dim={d}"),
            _ => "dim=None".into(),
        },
        _ => super::activations::extra_repr(inst)
            .or_else(|| super::utility::extra_repr(inst))
            .or_else(|| super::channel_modules::extra_repr(inst))
            .or_else(|| super::dropouts::extra_repr(inst))
            .or_else(|| super::bags::extra_repr(inst))
            .or_else(|| super::params::extra_repr(inst))
            .unwrap_or_default(),
    }
}

pub(super) fn add_indent(s: &str, n: usize) -> String {
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
        // A record that carries its own repr (`finfo`, `iinfo`).
        let own = inst
            .class()
            .attrs
            .borrow()
            .iter()
            .find(|(k, _)| k.as_ref() == "__repr__")
            .map(|(_, f)| f.clone());
        if let Some(f) = own {
            let r = interp.call_value(f, crate::interp::value::Args::new(vec![]))?;
            return Ok(Some(interp.to_str(&r)?));
        }
        let attrs = inst.items();
        let mut parts = Vec::new();
        for (k, v) in &attrs {
            parts.push(format!("{}={}", k, interp.repr(v)?));
        }
        if attrs.is_empty() {
            // A grad_fn node: PyTorch shows its address; ours is the object's identity.
            return Ok(Some(format!(
                "<{} object at {:#x}>",
                inst.class().name,
                Rc::as_ptr(inst) as usize
            )));
        }
        return Ok(Some(format!(
            "torch.return_types.{}(\n{})",
            inst.class().name,
            parts.join(",\n")
        )));
    }
    if !is_module(inst) {
        return Ok(None);
    }
    let name = inst.class().name.to_string();
    let kids = children(inst);
    if inst.class().native_tag() == Some("ModuleList") && inst.class().native == Some("ModuleList")
        || inst.class().has_native("ModuleList")
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
    let extra = match inst.class().lookup("extra_repr") {
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
