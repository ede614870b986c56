//! `torch.nn.init`: in-place initialisers drawing from the tutor's generator as PyTorch's do, each with
//! the signature of PyTorch's Python function.

use std::sync::LazyLock;

use crate::interp::Interpreter;
use crate::interp::args::Dialect;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::torch::state::state;
use crate::interp::value::Value;
use crate::tensor::ops::init::{self, Init};

use super::super::call::{Call, Def, Prepared};

fn float(c: &Call, i: usize, default: f64) -> PyResult<f64> {
    match c.value(i) {
        None => Ok(default),
        Some(_) => c.float(i),
    }
}

/// Fills the tensor at 0 in place and returns it.
fn apply(interp: &mut Interpreter, c: &Call, how: Init) -> PyResult<Value> {
    let t = c.tensor(0)?;
    init::init_(&t, how, &mut state(interp).rng)?;
    Ok(Value::Tensor(t))
}

static DEFS: &[Def] = &[
    Def::python(
        "xavier_uniform_",
        "xavier_uniform_(tensor, gain=1.0, generator=None)",
        Dialect::PyDef,
        |i, c| {
            let gain = float(c, 1, 1.0)?;
            apply(i, c, Init::XavierUniform { gain })
        },
    ),
    Def::python(
        "xavier_normal_",
        "xavier_normal_(tensor, gain=1.0, generator=None)",
        Dialect::PyDef,
        |i, c| {
            let gain = float(c, 1, 1.0)?;
            apply(i, c, Init::XavierNormal { gain })
        },
    ),
    Def::python("eye_", "eye_(tensor)", Dialect::PyDef, |_, c| {
        // `torch.eye(*tensor.shape, out=tensor)`: zeros, then ones on the main diagonal.
        let t = c.tensor(0)?;
        if t.ndim() != 2 {
            return Err(exc(
                ExcKind::ValueError,
                "Only tensors with 2 dimensions are supported",
            ));
        }
        t.fill(crate::tensor::Scalar::Int(0));
        crate::tensor::ops::reorder::diagonal(&t, 0, 0, 1)?.fill(crate::tensor::Scalar::Int(1));
        Ok(Value::Tensor(t))
    }),
    Def::python("zeros_", "zeros_(tensor)", Dialect::PyDef, |i, c| {
        apply(i, c, Init::Zeros)
    }),
    Def::python("ones_", "ones_(tensor)", Dialect::PyDef, |i, c| {
        apply(i, c, Init::Ones)
    }),
    Def::python(
        "normal_",
        "normal_(tensor, mean=0.0, std=1.0, generator=None)",
        Dialect::PyDef,
        |i, c| {
            let (mean, std) = (float(c, 1, 0.0)?, float(c, 2, 1.0)?);
            apply(i, c, Init::Normal { mean, std })
        },
    ),
    Def::python(
        "uniform_",
        "uniform_(tensor, a=0.0, b=1.0, generator=None)",
        Dialect::PyDef,
        |i, c| {
            let (low, high) = (float(c, 1, 0.0)?, float(c, 2, 1.0)?);
            apply(i, c, Init::Uniform { low, high })
        },
    ),
    Def::python(
        "constant_",
        "constant_(tensor, val)",
        Dialect::PyDef,
        |i, c| {
            let val = c.float(1)?;
            apply(i, c, Init::Constant(val))
        },
    ),
    Def::python(
        "kaiming_uniform_",
        "kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', generator=None)",
        Dialect::PyDef,
        |i, c| {
            let defaults = matches!(c.value(2), None | Some(Value::Str(_)))
                && c.value(2)
                    .is_none_or(|m| matches!(m, Value::Str(s) if &*s == "fan_in"))
                && c.value(3)
                    .is_none_or(|m| matches!(m, Value::Str(s) if &*s == "leaky_relu"));
            if !defaults {
                return Err(exc(
                    ExcKind::NotImplementedError,
                    "the tutor's kaiming_uniform_ supports mode='fan_in' and nonlinearity='leaky_relu' only",
                ));
            }
            let a = float(c, 1, 0.0)?;
            apply(i, c, Init::KaimingUniform { a })
        },
    ),
];

/// `torch.nn.init`, built once.
pub(super) static INIT_TABLE: LazyLock<rustc_hash::FxHashMap<&'static str, Prepared>> =
    LazyLock::new(|| DEFS.iter().map(|d| (d.name, Prepared::new(d))).collect());

pub(super) fn init_fn(
    interp: &mut Interpreter,
    p: &'static Prepared,
    args: crate::interp::value::Args,
) -> PyResult<Value> {
    // `generator=g`: the draws come from `g`, the default generator left where it was.
    let generator = crate::interp::torch::tensor::python::generator_arg(&args);
    let call = p.bind_function(args)?;
    crate::interp::torch::tensor::python::with_generator(interp, generator.as_ref(), |interp| {
        (p.def.run)(interp, &call)
    })
}
