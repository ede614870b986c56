//! Interpreter feature tests against CPython 3.11: int and float arithmetic, how numbers print, conversions and their errors.
//!
//! Cases: `tools/interp/cases/numbers.txt`, recorded into `tests/data/interp/numbers.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/numbers.json"));
}
