//! Interpreter feature tests against CPython 3.11: if/elif/else, loops with break/continue/else, truthiness, while, match.
//!
//! Cases: `tools/interp/cases/control_flow.txt`, recorded into `tests/data/interp/control_flow.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/control_flow.json"));
}
