//! Interpreter feature tests against CPython 3.11: strings and their methods, indexing, slicing, repr and escapes.
//!
//! Cases: `tools/interp/cases/strings.txt`, recorded into `tests/data/interp/strings.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/strings.json"));
}
