//! Interpreter feature tests against CPython 3.11: classes, inheritance, super() and dunder methods.
//!
//! Cases: `tools/interp/cases/classes.txt`, recorded into `tests/data/interp/classes.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/classes.json"));
}
