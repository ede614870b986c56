//! `torch.poisson`, `torch.normal` (its four overloads, as `DistributionTemplates.h`'s `normal_out_impl` composes
//! them: standard draws, then `mul_(std)` and `add_(mean)`) and `torch.randint_like`.

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::Value;
use crate::tensor::ops::activation::cpp_double;
use crate::tensor::ops::distributions;
use crate::tensor::ops::elementwise::{Operand, binary_inplace};
use crate::tensor::ops::random_int::{self, Bounds};
use crate::tensor::settings::check_numel;
use crate::tensor::{BinaryOp, DType, Tensor};

use super::super::call::{Call, Def};
use super::super::state::state;
use super::{set_requires_grad, shape_from};

/// `n` normal draws of `dtype` with the kernel's own `mean` and `std`, as a contiguous `shape`.
fn draws(
    interp: &mut Interpreter,
    dtype: DType,
    shape: &[usize],
    mean: f64,
    std: f64,
) -> PyResult<Tensor> {
    let n = check_numel(shape)?;
    let rng = &mut state(interp).rng;
    let flat = match dtype {
        DType::Float32 => Tensor::from_vec(rng.normal_f32(n, mean, std), &[n])?,
        DType::Float64 => Tensor::from_vec(rng.normal_f64_vec(n, mean, std), &[n])?,
        d if d.is_floating_point() => {
            return Err(exc(
                ExcKind::NotImplementedError,
                format!("random {d} draws are not in the tutor yet (float32 and float64 are)"),
            ));
        }
        d => {
            return Err(exc(
                ExcKind::NotImplementedError,
                format!(
                    "\"normal_kernel_cpu\" not implemented for '{}'",
                    d.scalar_type_name()
                ),
            ));
        }
    };
    Ok(flat.reshape(&shape.iter().map(|&d| d as i64).collect::<Vec<_>>())?)
}

/// `CHECK_NORMAL_TENSOR_STD`.
fn check_std_tensor(std: &Tensor) -> PyResult<()> {
    let least = if std.numel() > 0 {
        std.max_all(false)?.item()?.to_f64()
    } else {
        0.0
    };
    if least.is_nan() || least < 0.0 {
        return Err(exc(
            ExcKind::RuntimeError,
            "normal expects all elements of std >= 0.0",
        ));
    }
    Ok(())
}

/// `CHECK_NORMAL_STD`.
fn check_std(std: f64) -> PyResult<()> {
    if std.is_nan() || std < 0.0 {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "normal expects std >= 0.0, but found std {}",
                cpp_double(std)
            ),
        ));
    }
    Ok(())
}

fn normal(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let out = match c.which() {
        0 => {
            let (mean, std) = (c.tensor(0)?, c.tensor(1)?);
            check_std_tensor(&std)?;
            let shape = crate::tensor::layout::broadcast_shapes(mean.shape(), std.shape())?;
            let out = draws(interp, mean.dtype(), &shape, 0.0, 1.0)?;
            binary_inplace(BinaryOp::Mul, &out, Operand::Tensor(&std))?;
            binary_inplace(BinaryOp::Add, &out, Operand::Tensor(&mean))?;
            out
        }
        1 => {
            let (mean, std) = (c.tensor(0)?, c.float(1)?);
            check_std(std)?;
            let out = draws(interp, mean.dtype(), mean.shape(), 0.0, std)?;
            binary_inplace(BinaryOp::Add, &out, Operand::Tensor(&mean))?;
            out
        }
        2 => {
            let (mean, std) = (c.float(0)?, c.tensor(1)?);
            check_std_tensor(&std)?;
            let out = draws(interp, std.dtype(), std.shape(), 0.0, 1.0)?;
            binary_inplace(BinaryOp::Mul, &out, Operand::Tensor(&std))?;
            let mean = Tensor::full(&[], crate::tensor::Scalar::Float(mean), out.dtype())?;
            binary_inplace(BinaryOp::Add, &out, Operand::Tensor(&mean))?;
            out
        }
        _ => {
            let (mean, std) = (c.float(0)?, c.float(1)?);
            check_std(std)?;
            let shape = shape_from(&c.int_list(2)?)?;
            let dtype = c
                .dtype(5)?
                .unwrap_or_else(|| DType::default_for(crate::tensor::dtype::Category::Float));
            let out = draws(interp, dtype, &shape, mean, std)?
                .with_axes(crate::tensor::sym::axes(c.int_list_syms(2)));
            set_requires_grad(&out, c.requires_grad(9)?)?;
            out
        }
    };
    Ok(Value::Tensor(out))
}

/// `randint_like(input, [low,] high)`: `empty_like(input)` (its layout kept) filled by `random_`.
fn randint_like(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.tensor(0)?;
    let (low, high, dtype_at) = match c.which() {
        0 => (c.int(1)?, c.int(2)?, 5),
        1 => (c.int(1)?, c.int(2)?, 4),
        2 => (0, c.tensor(1)?.item()?.to_i64(), 4),
        3 => (0, c.tensor(1)?.item()?.to_i64(), 3),
        4 => (0, c.int(1)?, 4),
        _ => (0, c.int(1)?, 3),
    };
    let dtype = c.dtype(dtype_at)?.unwrap_or(x.dtype());
    let empty = Tensor::zeros(x.shape(), dtype)?;
    let out = match x.preserved_strides() {
        Some(strides) => empty.restrided(strides),
        None => empty,
    }
    .with_axes_of(&x);
    let warnings =
        random_int::random_(&out, Bounds::From(low, Some(high)), &mut state(interp).rng)?;
    interp.warnings.extend(warnings);
    set_requires_grad(&out, c.requires_grad(dtype_at + 4)?)?;
    Ok(Value::Tensor(out))
}

macro_rules! like_keywords {
    ($head:literal, $gen:literal) => {
        concat!(
            $head,
            ", *, ",
            $gen,
            "MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
        )
    };
}

pub(super) static DEFS: &[Def] = &[
    Def::function(
        "poisson",
        &["poisson(Tensor input, Generator? generator=None)"],
        |interp, c| {
            let x = c.tensor(0)?;
            let out = distributions::poisson(&x, &mut state(interp).rng)?.with_axes_of(&x);
            Ok(Value::Tensor(out))
        },
    ),
    Def::function(
        "normal",
        &[
            "normal(Tensor mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
            "normal(Tensor mean, float std=1, *, Generator? generator=None, Tensor out=None)",
            "normal(float mean, Tensor std, *, Generator? generator=None, Tensor out=None)",
            "normal(float mean, float std, SymInt[] size, *, Generator? generator=None, Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, bool? requires_grad=False)",
        ],
        normal,
    ),
    Def::function(
        "randint_like",
        &[
            like_keywords!(
                "randint_like(Tensor input, SymInt low, SymInt high",
                "Generator? generator, "
            ),
            like_keywords!("randint_like(Tensor input, SymInt low, SymInt high", ""),
            like_keywords!(
                "randint_like(Tensor input, Tensor high",
                "Generator? generator, "
            ),
            like_keywords!("randint_like(Tensor input, Tensor high", ""),
            like_keywords!(
                "randint_like(Tensor input, SymInt high",
                "Generator? generator, "
            ),
            like_keywords!("randint_like(Tensor input, SymInt high", ""),
        ],
        randint_like,
    ),
];
