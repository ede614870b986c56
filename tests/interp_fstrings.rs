//! Interpreter feature tests against CPython 3.11: f-strings and format specs.
//!
//! Cases: `tools/interp/cases/fstrings.txt`, recorded into `tests/data/interp/fstrings.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/fstrings.json"));
}
