//! `torch.nn.init`: in-place initialisers drawing from the tutor's generator as PyTorch's do.

use crate::interp::torch::state::state;
use crate::tensor::ops::init::{self, Init};

use super::super::args::Params;
use crate::interp::Interpreter;
use crate::interp::error::{PyResult, exc};
use crate::interp::value::{Args, Value};

pub(crate) fn init_fn(interp: &mut Interpreter, name: &'static str, args: Args) -> PyResult<Value> {
    let p = Params::new(name, args);
    let t = p.tensor(0, "tensor")?;
    let init = match name {
        "zeros_" => Init::Zeros,
        "ones_" => Init::Ones,
        "constant_" => Init::Constant(p.float_opt(1, "val")?.unwrap_or(0.0)),
        "normal_" => Init::Normal {
            mean: p.float_opt(1, "mean")?.unwrap_or(0.0),
            std: p.float_opt(2, "std")?.unwrap_or(1.0),
        },
        "uniform_" => Init::Uniform {
            low: p.float_opt(1, "a")?.unwrap_or(0.0),
            high: p.float_opt(2, "b")?.unwrap_or(1.0),
        },
        "xavier_uniform_" => Init::XavierUniform {
            gain: p.float_opt(1, "gain")?.unwrap_or(1.0),
        },
        "xavier_normal_" => Init::XavierNormal {
            gain: p.float_opt(1, "gain")?.unwrap_or(1.0),
        },
        "kaiming_uniform_" => Init::KaimingUniform {
            a: p.float_opt(1, "a")?.unwrap_or(0.0),
        },
        _ => {
            return Err(exc(
                "AttributeError",
                format!("module 'torch.nn.init' has no attribute '{name}'"),
            ));
        }
    };
    init::init_(&t, init, &mut state(interp).rng)?;
    Ok(Value::Tensor(t))
}
