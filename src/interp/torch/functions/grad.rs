//! Grad mode: `no_grad()`, `enable_grad()`, `inference_mode()` and `set_grad_enabled(mode)` as context
//! managers, and `is_grad_enabled()`.

use crate::interp::args::{Dialect, Sig};
use crate::interp::error::PyResult;
use crate::interp::value::{Args, Value};

use super::super::call::Def;
use super::super::state::{no_grad_depth, state};
use super::super::types::GradMode;

/// The C++ function `set_grad_enabled.__init__` passes its mode to (which checks it is a bool).
static SET_GRAD_ENABLED: Sig = Sig::torch("set_grad_enabled(bool enabled)");

fn grad_mode(enabled: bool) -> PyResult<Value> {
    Ok(GradMode::value(enabled, None))
}

pub(super) static DEFS: &[Def] = &[
    Def::class(
        "no_grad",
        "_NoParamDecoratorContextManager.__new__(cls, orig_func=None)",
        |_, _| grad_mode(false),
    ),
    Def::class(
        "enable_grad",
        "_NoParamDecoratorContextManager.__new__(cls, orig_func=None)",
        |_, _| grad_mode(true),
    ),
    Def::class(
        "inference_mode",
        "inference_mode.__new__(cls, mode=True)",
        |_, _| grad_mode(false),
    ),
    // `torch.set_grad_enabled(mode)` applies the mode at once (as a call) and restores it on leaving a
    // `with` block.
    Def::class(
        "set_grad_enabled",
        "set_grad_enabled.__init__(self, mode)",
        |interp, c| {
            let mode = c.value(1).unwrap_or(Value::None);
            let mode = SET_GRAD_ENABLED.bind(Args::new(vec![mode]))?.bool(0)?;
            let prev = state(interp).no_grad;
            state(interp).no_grad = if mode { 0 } else { prev + 1 };
            Ok(GradMode::value(mode, Some(prev)))
        },
    ),
    Def::python(
        "is_grad_enabled",
        "torch.is_grad_enabled()",
        Dialect::Positional,
        |interp, _| Ok(Value::Bool(no_grad_depth(interp) == 0)),
    ),
];
