//! What torch keeps per interpreter: its random generator (`torch.manual_seed`), the grad-mode nesting
//! (`torch.no_grad()`), and the `nn` classes built at install. It lives in the interpreter's extensions,
//! so the core carries it without knowing it.

use std::collections::HashMap;
use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::value::Class;
use crate::tensor::random::{DEFAULT_SEED, Generator};

pub(crate) struct TorchState {
    pub rng: Generator,
    /// `with torch.no_grad()` nesting (0: gradients are recorded).
    pub no_grad: usize,
    pub nn_classes: HashMap<&'static str, Rc<Class>>,
    /// `torch.set_printoptions`: what tensor reprs print with.
    pub print: crate::tensor::format::PrintOptions,
    /// `torch.set_float32_matmul_precision`: remembered and reported; the engine's matmuls are always
    /// full float32 ("highest"), as a CPU's are.
    pub matmul_precision: &'static str,
    /// `torch.use_deterministic_algorithms`: remembered; every kernel of the engine is deterministic.
    pub deterministic: bool,
    /// Tensors given `share_memory_()`: their storages answer `is_shared()` (each kept alive here).
    pub shared: Vec<crate::tensor::Tensor>,
}

impl Default for TorchState {
    fn default() -> Self {
        TorchState {
            rng: Generator::new(DEFAULT_SEED),
            no_grad: 0,
            nn_classes: HashMap::new(),
            print: crate::tensor::format::PrintOptions::default(),
            matmul_precision: "highest",
            deterministic: false,
            shared: Vec::new(),
        }
    }
}

pub(crate) fn state(interp: &mut Interpreter) -> &mut TorchState {
    interp.extensions.get_or_insert_with(TorchState::default)
}

/// How deep in `no_grad` blocks the code runs (0: gradients are recorded).
pub(crate) fn no_grad_depth(interp: &Interpreter) -> usize {
    interp
        .extensions
        .get::<TorchState>()
        .map_or(0, |s| s.no_grad)
}
