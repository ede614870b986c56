//! The standard-library modules a cell may import: `math`, `copy`, `time` (clocks only), `random`,
//! `collections`, `itertools`, `functools`, `operator`, `heapq`, `bisect`, `string`, `json`
//! (`dumps`, `loads`), `textwrap` (`dedent`, `indent`), `dataclasses`, `typing`, `enum`, `warnings`, `re`
//! and `statistics`. Their functions are [`Def`]s like the built-ins (a
//! CPython signature in its dialect and a body), and their types native types (`interp::native`);
//! none reads files, the environment or the network.

use std::collections::HashMap;
use std::rc::Rc;

use super::Interpreter;
use super::builtins::Def;
use super::error::{PyResult, type_error};
use super::value::{Args, Module, Value};

mod bisect;
mod collections;
pub(crate) use collections::{is_ordered_dict, mapping_entries, ordered_dict};
mod copy;
mod dataclasses;
mod enums;
mod functools;
mod heapq;
mod itertools;
mod json;
mod json_decode;
mod math;
mod operator;
mod random;
mod re;
mod statistics;
mod string;
mod textwrap;
mod time;
mod typing;
pub(crate) mod warnings;

pub(crate) use typing::{builtin_generic, is_generic_builtin};

/// Positional arguments then keywords, by parameter name; an unknown keyword is a `TypeError`.
pub(super) fn bind(func: &str, params: &[&str], args: Args) -> PyResult<Vec<Option<Value>>> {
    if args.pos.len() > params.len() {
        return Err(type_error(format!(
            "{func}() takes at most {} arguments ({} given)",
            params.len(),
            args.pos.len()
        )));
    }
    let mut out: Vec<Option<Value>> = args.pos.into_iter().map(Some).collect();
    out.resize(params.len(), None);
    for (k, v) in args.kw {
        match params.iter().position(|p| *p == &*k) {
            Some(i) if out[i].is_none() => out[i] = Some(v),
            Some(_) => {
                return Err(type_error(format!(
                    "{func}() got multiple values for argument '{k}'"
                )));
            }
            None => {
                return Err(type_error(format!(
                    "{func}() got an unexpected keyword argument '{k}'"
                )));
            }
        }
    }
    Ok(out)
}

/// A module of native functions (and constants).
fn module(name: &'static str, defs: &'static [Def], constants: &[(&'static str, Value)]) -> Value {
    let mut attrs: HashMap<&'static str, Value> = HashMap::new();
    for def in defs {
        attrs.insert(def.name(), def.value());
    }
    for (name, v) in constants {
        attrs.insert(name, v.clone());
    }
    Value::Module(Rc::new(Module { name, attrs }))
}

/// A module whose attributes are values made at install (classes, bound methods).
fn module_of(name: &'static str, attrs: Vec<(&'static str, Value)>) -> Value {
    Value::Module(Rc::new(Module {
        name,
        attrs: attrs.into_iter().collect(),
    }))
}

pub(crate) fn install_stdlib(interp: &mut Interpreter) {
    interp
        .modules
        .insert("math", module("math", &math::DEFS, &math::constants()));
    interp
        .modules
        .insert("copy", module("copy", &copy::DEFS, &[]));
    // `time`: only clocks (for timing cells); no sleep, so it cannot be used to stall the sandbox.
    interp
        .modules
        .insert("time", module("time", &time::DEFS, &[]));
    interp
        .modules
        .insert("random", module_of("random", random::attrs()));
    interp.modules.insert(
        "collections",
        module_of("collections", collections::attrs()),
    );
    interp
        .modules
        .insert("itertools", module_of("itertools", itertools::attrs()));
    interp
        .modules
        .insert("functools", module_of("functools", functools::attrs()));
    interp
        .modules
        .insert("operator", module_of("operator", operator::attrs()));
    interp
        .modules
        .insert("heapq", module("heapq", &heapq::DEFS, &[]));
    interp
        .modules
        .insert("bisect", module_of("bisect", bisect::attrs()));
    interp.modules.insert(
        "string",
        module("string", &string::DEFS, &string::constants()),
    );
    let json_constants = [
        (
            "loads",
            super::builtins::builtin_with("loads", json_decode::loads),
        ),
        ("JSONDecodeError", json_decode::decode_error_class(interp)),
    ];
    interp
        .modules
        .insert("json", module("json", &json::DEFS, &json_constants));
    interp
        .modules
        .insert("textwrap", module("textwrap", &textwrap::DEFS, &[]));
    let dataclasses = module_of("dataclasses", dataclasses::attrs(interp));
    interp.modules.insert("dataclasses", dataclasses);
    let typing = module_of("typing", typing::attrs(interp));
    interp.modules.insert("typing", typing);
    interp
        .modules
        .insert("enum", module_of("enum", enums::attrs()));
    interp
        .modules
        .insert("warnings", module_of("warnings", warnings::attrs()));
    let re = module_of("re", re::attrs(interp));
    interp.modules.insert("re", re);
    let statistics = module_of("statistics", statistics::attrs(interp));
    interp.modules.insert("statistics", statistics);
}
