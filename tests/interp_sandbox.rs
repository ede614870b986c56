//! Interpreter feature tests against CPython 3.11: the modules a cell may import (math, copy) and what the sandbox refuses.
//!
//! Cases: `tools/interp/cases/sandbox.txt`, recorded into `tests/data/interp/sandbox.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/sandbox.json"));
}
