//! Interpreter feature tests against CPython 3.11: the `enum` module.
//!
//! Cases: `tools/interp/cases/stdlib_enum.txt`, recorded into `tests/data/interp/stdlib_enum.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/stdlib_enum.json"));
}
