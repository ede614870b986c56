//! Interpreter feature tests against CPython 3.11: lists, tuples, slicing, unpacking and aliasing.
//!
//! Cases: `tools/interp/cases/sequences.txt`, recorded into `tests/data/interp/sequences.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/sequences.json"));
}
