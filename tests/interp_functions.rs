//! Interpreter feature tests against CPython 3.11: defaults (and their sharing), *args/**kwargs, closures, nonlocal/global, wrong calls.
//!
//! Cases: `tools/interp/cases/functions.txt`, recorded into `tests/data/interp/functions.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/functions.json"));
}
