//! Assembles an interpreter: the core (the language, its values and built-in functions) plus the binding
//! modules a cell can import. This is the one place that knows them all; the core itself imports none of
//! them and meets their values only through `interp::native`.

use super::{Interpreter, Limits, torch};

impl Interpreter {
    /// An interpreter with everything a cell may import: `torch` (with `torch.nn`, `torch.nn.functional`,
    /// `torch.nn.init`), `math`, `copy` and `time`.
    pub fn new() -> Interpreter {
        let mut interp = Interpreter::bare();
        super::stdlib::install_stdlib(&mut interp);
        torch::install(&mut interp);
        interp
    }

    pub fn with_limits(limits: Limits) -> Interpreter {
        let mut i = Interpreter::new();
        i.limits = limits;
        i
    }
}

impl Default for Interpreter {
    fn default() -> Self {
        Self::new()
    }
}
