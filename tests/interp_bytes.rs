//! Interpreter feature tests against CPython 3.11: `bytes`, `bytearray` and `memoryview`.
//!
//! Cases: `tools/interp/cases/bytes.txt`, recorded into `tests/data/interp/bytes.json` by
//! `tools/interp/gen_cases.py`; the harness is `tests/interp_support`.

mod interp_support;

fn main() {
    interp_support::main(include_str!("data/interp/bytes.json"));
}
