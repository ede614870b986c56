//! The standard-library modules a cell may import: `math`, `copy`, and `time` (clocks only). Their
//! functions are [`Def`]s like the built-ins: a CPython signature in its dialect and a body.

use std::collections::HashMap;
use std::rc::Rc;

use super::Interpreter;
use super::builtins::Def;
use super::value::{Module, Value};

mod collections;
mod copy;
mod itertools;
mod math;
mod random;
mod time;

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
}
