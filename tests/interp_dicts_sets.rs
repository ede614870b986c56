//! Interpreter feature tests against CPython 3.11: dicts and sets, their methods and the errors on missing keys.
//!
//! Cases: `tools/interp/cases/dicts_sets.txt`, recorded into `tests/data/interp/dicts_sets.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/dicts_sets.json"));
}
