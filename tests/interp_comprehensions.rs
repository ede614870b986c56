//! Interpreter feature tests against CPython 3.11: list/dict/set comprehensions and generator expressions, and their scope.
//!
//! Cases: `tools/interp/cases/comprehensions.txt`, recorded into `tests/data/interp/comprehensions.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/comprehensions.json"));
}
