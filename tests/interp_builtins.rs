//! Interpreter feature tests against CPython 3.11: built-in functions (print's options, len, sum, min/max, sorted, map/filter, zip, ...).
//!
//! Cases: `tools/interp/cases/builtins.txt`, recorded into `tests/data/interp/builtins.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/builtins.json"));
}
