//! Unary functions (`exp`, `sin`, `tan`, `signbit`, the `arc*` aliases, ...), their in-place methods
//! and `nan_to_num`.

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::Value;
use crate::tensor::DType;
use crate::tensor::ops::elementwise::unary;
use crate::tensor::ops::pointwise;
use crate::tensor::storage::Element;
use crate::tensor::{Operand, UnaryOp};

use super::super::call::{Call, Def};
use super::math::t;

macro_rules! unary_def {
    ($name:literal, $op:ident) => {
        Def::noargs(
            $name,
            concat!("TensorBase.", $name, "()"),
            &[concat!($name, "(Tensor input, *, Tensor out=None)")],
            |_, c| t(unary(UnaryOp::$op, &c.this()?)?),
        )
    };
    ($name:literal, $op:ident, no_out) => {
        Def::noargs(
            $name,
            concat!("TensorBase.", $name, "()"),
            &[concat!($name, "(Tensor input)")],
            |_, c| t(unary(UnaryOp::$op, &c.this()?)?),
        )
    };
}

macro_rules! unary_inplace_def {
    ($name:literal, $op:ident) => {
        Def::noargs(
            $name,
            concat!("TensorBase.", $name, "()"),
            &[concat!($name, "(Tensor input)")],
            |_, c| {
                let x = c.this()?;
                pointwise::unary_inplace(UnaryOp::$op, &x)?;
                t(x)
            },
        )
    };
}

/// `x.absolute_()`, `x.sgn_()`, `x.sign_()`: in-place methods torch has no function for.
macro_rules! unary_method_inplace_def {
    ($name:literal, $op:ident) => {
        unary_inplace_def!($name, $op).no_function()
    };
}

/// `nan_to_num(nan=0.0, posinf=None, neginf=None)`: NaN and the infinities replaced (by the float32
/// extremes unless given); integer and bool tensors come back as copies.
fn nan_to_num(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    if !x.dtype().is_floating_point() {
        return t(x.clone_preserve());
    }
    // The type's largest finite value by default (`finfo(dtype).max`).
    let max = x.dtype().finfo_max();
    let nan = c.opt_float(1)?.unwrap_or(0.0);
    let posinf = c.opt_float(2)?.unwrap_or(max);
    let neginf = c.opt_float(3)?.unwrap_or(-max);
    let out = crate::with_dtype!(x.dtype(), T => {
        let (nan, posinf, neginf) = (T::from_f64(nan), T::from_f64(posinf), T::from_f64(neginf));
        crate::tensor::ops::elementwise::map::<T, T>(&x, move |v| {
            let f = v.to_f64();
            if f.is_nan() {
                nan
            } else if f == f64::INFINITY {
                posinf
            } else if f == f64::NEG_INFINITY {
                neginf
            } else {
                v
            }
        })?
    });
    t(crate::tensor::ops::elementwise::follow_inputs(
        out,
        &[&Operand::Tensor(&x)],
    ))
}

/// The special functions with a parameter, out of place or written back into `self`.
fn special(c: &Call, which: &str, inplace: bool) -> PyResult<Value> {
    use crate::tensor::ops::special;
    // `torch.polygamma(n, input)` writes its tensor second.
    let x = if which == "polygamma" && !c.is_method() {
        c.tensor(1)?
    } else {
        c.this()?
    };
    let r = match which {
        "logit" => special::logit(&x, c.opt_float(1)?)?,
        "polygamma" => special::polygamma(c.int(0)?, &x)?,
        _ => special::mvlgamma(&x, c.int(1)?)?,
    };
    if inplace && which == "mvlgamma" && r.dtype().category() > x.dtype().category() {
        // ATen's own check, with the two dtypes named the other way round.
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "mvlgamma: result type {} can't be cast to the desired output type {}",
                x.dtype().scalar_type_name(),
                r.dtype().scalar_type_name()
            ),
        ));
    }
    if inplace {
        pointwise::write_inplace(&x, &r)?;
        return t(x);
    }
    t(r)
}

/// `torch.frexp(x)`: mantissa in [0.5, 1) (same dtype) and int32 exponent, as C's `frexp`.
fn frexp(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    if !x.dtype().is_floating_point() {
        return Err(exc(
            ExcKind::RuntimeError,
            "torch.frexp() only supports floating-point dtypes",
        ));
    }
    let (mantissa, exponent) = if x.dtype() == DType::Float64 {
        let v = x.to_vec::<f64>();
        let parts: Vec<(f64, i32)> = v.iter().map(|&a| libm::frexp(a)).collect();
        (
            crate::tensor::Tensor::from_vec(parts.iter().map(|p| p.0).collect(), x.shape())?,
            crate::tensor::Tensor::from_vec(parts.iter().map(|p| p.1).collect(), x.shape())?,
        )
    } else {
        // float32, and the 16-bit floats exactly widened.
        let v = x.to_vec::<f32>();
        let parts: Vec<(f32, i32)> = v.iter().map(|&a| libm::frexpf(a)).collect();
        (
            crate::tensor::Tensor::from_vec(parts.iter().map(|p| p.0).collect(), x.shape())?
                .to_dtype(x.dtype()),
            crate::tensor::Tensor::from_vec(parts.iter().map(|p| p.1).collect(), x.shape())?,
        )
    };
    let keep = |t: crate::tensor::Tensor| {
        crate::tensor::ops::elementwise::follow_inputs(t, &[&Operand::Tensor(&x)])
    };
    let (mantissa, exponent) = (keep(mantissa), keep(exponent));
    Ok(super::super::nn::named_tuple(
        interp,
        "frexp",
        vec![
            ("mantissa", Value::Tensor(mantissa)),
            ("exponent", Value::Tensor(exponent)),
        ],
    ))
}

/// `torch.float_power(a, b)`: both in float64, then `pow`.
fn float_power(c: &Call, inplace: bool) -> PyResult<Value> {
    let operand = |i: usize| -> PyResult<crate::tensor::Tensor> {
        match c.value(i) {
            Some(Value::Tensor(x)) => Ok(x.to_dtype_preserve(DType::Float64)),
            _ => Ok(crate::tensor::Tensor::from_vec(vec![c.float(i)?], &[])?),
        }
    };
    let (a, b) = (operand(0)?, operand(1)?);
    // A Python-number exponent takes `pow(Tensor, Scalar)` (0.5 is a square root there).
    if let Some(v) = c.value(1).filter(|v| !matches!(v, Value::Tensor(_)))
        && c.value(0).is_some_and(|v| matches!(v, Value::Tensor(_)))
    {
        let e = crate::interp::torch::value_to_scalar(&v)
            .unwrap_or(crate::tensor::Scalar::Float(f64::NAN));
        let e = crate::tensor::Scalar::Float(e.to_f64());
        let r = crate::tensor::ops::elementwise::binary(
            crate::tensor::ops::elementwise::BinaryOp::Pow,
            Operand::Tensor(&a),
            Operand::Scalar(e),
        )?;
        return finish_float_power(c, r, inplace);
    }
    // `std::pow` on every pair (no `sqrt` shortcut for 0.5: pow(-inf, 0.5) is inf).
    let shape = crate::tensor::layout::broadcast_shapes(a.shape(), b.shape())?;
    let r = crate::tensor::ops::elementwise::zip_map::<f64, f64>(&a, &b, &shape, f64::powf)?;
    let r = crate::tensor::ops::elementwise::follow_inputs(
        r,
        &[&Operand::Tensor(&a), &Operand::Tensor(&b)],
    );
    finish_float_power(c, r, inplace)
}

fn finish_float_power(c: &Call, r: crate::tensor::Tensor, inplace: bool) -> PyResult<Value> {
    if inplace {
        let x = c.this()?;
        if x.dtype() != DType::Float64 {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "the base given to float_power_ has dtype {} but the operation's result requires dtype Double",
                    x.dtype().scalar_type_name()
                ),
            ));
        }
        pointwise::write_inplace(&x, &r)?;
        return t(x);
    }
    t(r)
}

/// `torch.ldexp(x, other)`: `x * 2 ** other`, as ATen composes it.
fn ldexp(c: &Call, inplace: bool) -> PyResult<Value> {
    use crate::tensor::ops::elementwise::{BinaryOp, binary};
    let x = c.this()?;
    let other = c.tensor(1)?;
    let shape = crate::tensor::layout::broadcast_shapes(x.shape(), other.shape())?;
    if inplace && shape != x.shape() {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "output with shape {} doesn't match the broadcast shape {}",
                crate::tensor::ops::shape::shape_str(x.shape()),
                crate::tensor::ops::shape::shape_str(&shape)
            ),
        ));
    }
    if other.dtype() == DType::Bool && x.dtype().is_floating_point() {
        return Err(exc(
            ExcKind::NotImplementedError,
            "\"ldexp_cpu_exp\" not implemented for 'Bool'",
        ));
    }
    let power = binary(
        BinaryOp::Pow,
        Operand::Scalar(crate::tensor::Scalar::Float(2.0)),
        Operand::Tensor(&other),
    )?;
    let r = binary(BinaryOp::Mul, Operand::Tensor(&x), Operand::Tensor(&power))?;
    if inplace {
        if crate::tensor::ops::elementwise::check_cast(r.dtype(), x.dtype()).is_err() {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "ldexp can't be cast to the desired output type {}",
                    x.dtype().scalar_type_name()
                ),
            ));
        }
        pointwise::write_inplace(&x, &r)?;
        return t(x);
    }
    t(r)
}

pub(super) static UNARY_DEFS: &[Def] = &[
    Def::both(
        "frexp",
        &["frexp(Tensor input, *, Tensor[2] out=None)"],
        frexp,
    ),
    Def::both(
        "float_power",
        &[
            "float_power(Tensor input, Tensor exponent, *, Tensor out=None)",
            "float_power(Scalar self, Tensor exponent, *, Tensor out=None)|fnonly",
            "float_power(Tensor input, Scalar exponent, *, Tensor out=None)",
        ],
        |_, c| float_power(c, false),
    ),
    Def::method(
        "float_power_",
        &[
            "float_power_(Tensor input, Tensor exponent)",
            "float_power_(Tensor input, Scalar exponent)",
        ],
        |_, c| float_power(c, true),
    ),
    Def::both(
        "ldexp",
        &["ldexp(Tensor input, Tensor other, *, Tensor out=None)"],
        |_, c| ldexp(c, false),
    ),
    Def::both("ldexp_", &["ldexp_(Tensor input, Tensor other)"], |_, c| {
        ldexp(c, true)
    }),
    Def::both(
        "logit",
        &["logit(Tensor input, float? eps=None, *, Tensor out=None)"],
        |_, c| special(c, "logit", false),
    ),
    Def::both(
        "logit_",
        &["logit_(Tensor input, float? eps=None)"],
        |_, c| special(c, "logit", true),
    ),
    Def::both(
        "polygamma",
        &["polygamma(int n, Tensor input, *, Tensor out=None)"],
        |_, c| special(c, "polygamma", false),
    ),
    Def::method(
        "polygamma_",
        &["polygamma_(Tensor input, int n)"],
        |_, c| {
            let x = c.this()?;
            let r = crate::tensor::ops::special::polygamma(c.int(1)?, &x)?;
            pointwise::write_inplace(&x, &r)?;
            t(x)
        },
    ),
    Def::both(
        "mvlgamma",
        &["mvlgamma(Tensor input, int p, *, Tensor out=None)"],
        |_, c| special(c, "mvlgamma", false),
    ),
    Def::method("mvlgamma_", &["mvlgamma_(Tensor input, int p)"], |_, c| {
        special(c, "mvlgamma", true)
    }),
    unary_def!("lgamma", Lgamma),
    unary_def!("digamma", Digamma),
    unary_def!("erfinv", Erfinv),
    unary_def!("i0", I0),
    unary_method_inplace_def!("lgamma_", Lgamma),
    unary_method_inplace_def!("digamma_", Digamma),
    unary_method_inplace_def!("erfinv_", Erfinv),
    unary_inplace_def!("i0_", I0),
    Def::both(
        "nan_to_num",
        &[
            "nan_to_num(Tensor input, float? nan=None, float? posinf=None, float? neginf=None, *, Tensor out=None)",
        ],
        nan_to_num,
    ),
    unary_def!("bitwise_not", Not),
    unary_def!("neg", Neg),
    unary_def!("abs", Abs),
    unary_def!("exp", Exp),
    unary_def!("exp2", Exp2),
    unary_def!("log", Log),
    unary_def!("log2", Log2),
    unary_def!("log10", Log10),
    unary_def!("log1p", Log1p),
    unary_def!("expm1", Expm1),
    unary_def!("sqrt", Sqrt),
    unary_def!("rsqrt", Rsqrt),
    unary_def!("sin", Sin),
    unary_def!("cos", Cos),
    unary_def!("tanh", Tanh),
    unary_def!("sigmoid", Sigmoid),
    unary_def!("relu", Relu, no_out),
    unary_def!("floor", Floor),
    unary_def!("ceil", Ceil),
    unary_def!("trunc", Trunc),
    unary_def!("sign", Sign),
    unary_def!("square", Square),
    unary_def!("reciprocal", Reciprocal),
    unary_def!("erf", Erf),
    unary_def!("asin", Asin),
    unary_def!("acos", Acos),
    unary_def!("atan", Atan),
    unary_def!("isnan", IsNan, no_out),
    unary_def!("isinf", IsInf, no_out),
    unary_def!("isfinite", IsFinite, no_out),
    unary_def!("tan", Tan),
    unary_def!("sinh", Sinh),
    unary_def!("cosh", Cosh),
    unary_def!("asinh", Asinh),
    unary_def!("acosh", Acosh),
    unary_def!("atanh", Atanh),
    unary_def!("arcsin", Asin),
    unary_def!("arccos", Acos),
    unary_def!("arctan", Atan),
    unary_def!("arcsinh", Asinh),
    unary_def!("arccosh", Acosh),
    unary_def!("arctanh", Atanh),
    unary_def!("deg2rad", Deg2Rad),
    unary_def!("rad2deg", Rad2Deg),
    unary_def!("frac", Frac),
    unary_def!("sinc", Sinc),
    unary_def!("erfc", Erfc),
    unary_def!("fix", Trunc),
    unary_def!("negative", Neg),
    unary_def!("absolute", Abs),
    unary_def!("sgn", Sign),
    unary_inplace_def!("tan_", Tan),
    unary_inplace_def!("sinh_", Sinh),
    unary_inplace_def!("cosh_", Cosh),
    unary_inplace_def!("asinh_", Asinh),
    unary_inplace_def!("acosh_", Acosh),
    unary_inplace_def!("atanh_", Atanh),
    unary_inplace_def!("arcsin_", Asin),
    unary_inplace_def!("arccos_", Acos),
    unary_inplace_def!("arctan_", Atan),
    unary_inplace_def!("arcsinh_", Asinh),
    unary_inplace_def!("arccosh_", Acosh),
    unary_inplace_def!("arctanh_", Atanh),
    unary_inplace_def!("deg2rad_", Deg2Rad),
    unary_inplace_def!("rad2deg_", Rad2Deg),
    unary_inplace_def!("frac_", Frac),
    unary_inplace_def!("sinc_", Sinc),
    unary_inplace_def!("erfc_", Erfc),
    unary_inplace_def!("fix_", Trunc),
    unary_inplace_def!("negative_", Neg),
    unary_method_inplace_def!("absolute_", Abs),
    unary_method_inplace_def!("sgn_", Sign),
    unary_inplace_def!("log_", Log),
    unary_inplace_def!("log2_", Log2),
    unary_inplace_def!("log10_", Log10),
    unary_inplace_def!("log1p_", Log1p),
    unary_inplace_def!("expm1_", Expm1),
    unary_inplace_def!("exp2_", Exp2),
    unary_inplace_def!("sin_", Sin),
    unary_inplace_def!("cos_", Cos),
    unary_inplace_def!("tanh_", Tanh),
    unary_inplace_def!("sigmoid_", Sigmoid),
    unary_inplace_def!("floor_", Floor),
    unary_inplace_def!("ceil_", Ceil),
    unary_inplace_def!("trunc_", Trunc),
    unary_method_inplace_def!("sign_", Sign),
    unary_inplace_def!("square_", Square),
    unary_inplace_def!("reciprocal_", Reciprocal),
    unary_inplace_def!("erf_", Erf),
    unary_inplace_def!("asin_", Asin),
    unary_inplace_def!("acos_", Acos),
    unary_inplace_def!("atan_", Atan),
    unary_inplace_def!("rsqrt_", Rsqrt),
    unary_inplace_def!("relu_", Relu),
    unary_inplace_def!("exp_", Exp),
    unary_inplace_def!("neg_", Neg),
    unary_inplace_def!("sqrt_", Sqrt),
    unary_inplace_def!("abs_", Abs),
    Def::both(
        "signbit",
        &["signbit(Tensor input, *, Tensor out=None)"],
        |_, c| {
            if let Some(out) = c.out()
                && out.dtype() != crate::tensor::DType::Bool
            {
                return Err(exc(
                    ExcKind::RuntimeError,
                    "signbit does not support non-boolean outputs.",
                ));
            }
            t(unary(UnaryOp::Signbit, &c.this()?)?)
        },
    ),
];
