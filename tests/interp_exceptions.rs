//! Interpreter feature tests against CPython 3.11: try/except/else/finally, `except ... as e` unbinding, raise, tracebacks.
//!
//! Cases: `tools/interp/cases/exceptions.txt`, recorded into `tests/data/interp/exceptions.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/exceptions.json"));
}
