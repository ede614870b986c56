//! A module's tree: `children`, `named_children`, `modules` and `named_modules`, each walking the
//! registered submodules in the order they were set, as `nn.Module` does.

use std::collections::HashSet;
use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::args::Sig;
use crate::interp::error::PyResult;
use crate::interp::value::{Args, Instance, Value};

use super::children;
use super::module::{bind, def};

pub(super) fn m_children(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.children(self)");
    let (inst, _) = bind(&SIG, args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(_, c)| Value::Instance(c))
            .collect(),
    ))
}

pub(super) fn m_named_children(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.named_children(self)");
    let (inst, _) = bind(&SIG, args)?;
    Ok(Value::list(
        children(&inst)
            .into_iter()
            .map(|(k, c)| Value::tuple(vec![Value::Str(k), Value::Instance(c)]))
            .collect(),
    ))
}

/// `Module.named_modules(memo=None, prefix='', remove_duplicate=True)`: this module under `prefix`,
/// then every descendant under its dotted path, depth first; a module reached twice (one layer in two
/// places) is listed once unless `remove_duplicate=False`.
fn walk_modules(
    inst: &Rc<Instance>,
    prefix: String,
    dedup: bool,
    seen: &mut HashSet<*const Instance>,
    out: &mut Vec<(String, Rc<Instance>)>,
) {
    if dedup && !seen.insert(Rc::as_ptr(inst)) {
        return;
    }
    out.push((prefix.clone(), Rc::clone(inst)));
    for (name, c) in children(inst) {
        let path = if prefix.is_empty() {
            name.to_string()
        } else {
            format!("{prefix}.{name}")
        };
        walk_modules(&c, path, dedup, seen, out);
    }
}

pub(super) fn m_modules(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = def("Module.modules(self, remove_duplicate=True)");
    let (inst, b) = bind(&SIG, args)?;
    let dedup = interp.truthy(&b.value_or_default(1)?)?;
    let mut out = Vec::new();
    walk_modules(&inst, String::new(), dedup, &mut HashSet::new(), &mut out);
    Ok(Value::list(
        out.into_iter().map(|(_, m)| Value::Instance(m)).collect(),
    ))
}

pub(super) fn m_named_modules(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig =
        def("Module.named_modules(self, memo=None, prefix='', remove_duplicate=True)");
    let (inst, b) = bind(&SIG, args)?;
    let prefix = match b.value_or_default(2)? {
        Value::Str(s) => s.to_string(),
        other => {
            return Err(crate::interp::error::type_error(format!(
                "can only concatenate str (not \"{}\") to str",
                other.type_name()
            )));
        }
    };
    let dedup = interp.truthy(&b.value_or_default(3)?)?;
    let mut out = Vec::new();
    walk_modules(&inst, prefix, dedup, &mut HashSet::new(), &mut out);
    Ok(Value::list(
        out.into_iter()
            .map(|(k, m)| Value::tuple(vec![Value::str(&k), Value::Instance(m)]))
            .collect(),
    ))
}
