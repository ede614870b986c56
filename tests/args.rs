//! The one argument parser (src/interp/args/) against real CPython and PyTorch: each case binds a call to
//! a signature as the tutor declares it and must raise exactly what the real function raised when
//! tools/args/gen_cases.py made the same call (tests/data/args/cases.json), or accept what it accepted.

use std::rc::Rc;

use serde::Deserialize;
use transformer_tutor::interp::args::{Dialect, Signature};
use transformer_tutor::interp::value::Args;
use transformer_tutor::interp::{Interpreter, Value};

#[derive(Deserialize)]
struct Case {
    dialect: String,
    signature: String,
    function: String,
    call: String,
    expected: String,
}

/// The call's arguments, evaluated by the tutor's own interpreter.
fn call_args(interp: &mut Interpreter, call: &str) -> Args {
    let src = format!("__captured = __capture({call})");
    if let Err(e) = interp.run(&src, "<case>") {
        panic!("could not evaluate ({call}): {}", e.summary());
    }
    let Some(Value::Tuple(pair)) = interp.global("__captured") else {
        panic!("no capture for ({call})");
    };
    let pos = match &pair[0] {
        Value::Tuple(t) => t.to_vec(),
        _ => Vec::new(),
    };
    let kw = match &pair[1] {
        Value::List(l) => l
            .borrow()
            .iter()
            .filter_map(|item| match item {
                Value::Tuple(kv) => match (&kv[0], &kv[1]) {
                    (Value::Str(k), v) => Some((Rc::clone(k), v.clone())),
                    _ => None,
                },
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    Args { pos, kw }
}

#[test]
fn calls_bind_or_fail_as_cpython_and_pytorch_do() {
    let cases: Vec<Case> =
        serde_json::from_str(include_str!("data/args/cases.json")).expect("cases.json parses");
    let mut interp = Interpreter::new();
    interp
        .run(
            "import torch\nimport torch.nn.functional as F\nT = torch.zeros(2, 3)\n\
             def __capture(*a, **k):\n    return (a, list(k.items()))\n",
            "<setup>",
        )
        .unwrap_or_else(|e| panic!("{}", e.traceback()));
    let mut failures = Vec::new();
    for c in &cases {
        let dialect = match c.dialect.as_str() {
            "Torch" => Dialect::Torch,
            "PyDef" => Dialect::PyDef,
            "Clinic" => Dialect::Clinic,
            "Positional" => Dialect::Positional,
            _ => Dialect::Unpack,
        };
        let text: &'static str = Box::leak(c.signature.clone().into_boxed_str());
        let sig = Signature::parse(text, dialect).expect("signature parses");
        let args = call_args(&mut interp, &c.call);
        let got = match sig.check_call(args) {
            Ok(()) => "OK".to_string(),
            Err(e) => e,
        };
        if got != c.expected {
            failures.push(format!(
                "{}({})  [{}]\n    got:      {got}\n    expected: {}",
                c.function, c.call, c.signature, c.expected
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} calls differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
