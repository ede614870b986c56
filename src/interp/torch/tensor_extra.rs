//! Less common tensor methods, kept apart from the core ones in `tensor_methods.rs`.

use crate::tensor::Tensor;
use crate::tensor::ops::elementwise::{Operand, UnaryOp, unary};
use crate::tensor::ops::{gather, pointwise, reduce, reorder};

use super::args::Params;
use crate::interp::Interpreter;
use crate::interp::error::{PyResult, exc, type_error};
use crate::interp::value::Value;

pub(crate) const EXTRA_METHODS: &[&str] = &[
    "flip",
    "isclose",
    "cumprod",
    "repeat_interleave",
    "scatter_",
    "scatter",
    "type_as",
    "diagonal",
    "logsumexp",
    "amax",
    "amin",
    "erf",
    "asin",
    "acos",
    "atan",
    "log10",
    "log1p",
    "expm1",
    "fliplr",
    "count_nonzero",
    "std_mean",
    "var_mean",
    "aminmax",
    "mv",
    "index_fill_",
    "index_fill",
    "masked_scatter_",
];

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

pub(crate) fn extra_method(
    _interp: &mut Interpreter,
    x: &Tensor,
    name: &str,
    p: &Params,
) -> PyResult<Value> {
    match name {
        "erf" => t(unary(UnaryOp::Erf, x)?),
        "asin" => t(unary(UnaryOp::Asin, x)?),
        "acos" => t(unary(UnaryOp::Acos, x)?),
        "atan" => t(unary(UnaryOp::Atan, x)?),
        "log10" => t(unary(UnaryOp::Log10, x)?),
        "log1p" => t(unary(UnaryOp::Log1p, x)?),
        "expm1" => t(unary(UnaryOp::Expm1, x)?),
        "flip" | "fliplr" => {
            let dims = if name == "fliplr" {
                vec![1]
            } else {
                p.int_list(0, "dims")?
            };
            t(reorder::flip(x, &dims)?)
        }
        "isclose" => {
            let o = p.tensor(0, "other")?;
            let rtol = p.float_opt(1, "rtol")?.unwrap_or(1e-5);
            let atol = p.float_opt(2, "atol")?.unwrap_or(1e-8);
            let equal_nan = p.bool_or(3, "equal_nan", false)?;
            let tol = pointwise::Tolerance {
                rtol,
                atol,
                equal_nan,
            };
            t(pointwise::isclose(x, &o, tol)?)
        }
        "cumprod" => t(reduce::cumprod(x, p.int(0, "dim")?)?),
        "repeat_interleave" => {
            let reps = p.int(0, "repeats")?.max(0) as usize;
            let dim = p.int_opt(1, "dim")?;
            t(reorder::repeat_interleave(x, reps, dim)?)
        }
        "scatter_" | "scatter" => {
            let d = p.int(0, "dim")?;
            let idx = p.tensor(1, "index")?;
            let src_value = p.get(2, "src").or(p.kw("value"));
            let src = match &src_value {
                Some(Value::Tensor(s)) => Operand::Tensor(s),
                Some(v) => {
                    let s = crate::interp::torch::value_to_scalar(v).ok_or_else(|| {
                        type_error("scatter(): value must be a number or a tensor")
                    })?;
                    Operand::Scalar(s)
                }
                None => return Err(type_error("scatter() missing required argument 'src'")),
            };
            if name == "scatter" {
                t(gather::scatter(x, d, &idx, src)?)
            } else {
                gather::scatter_(x, d, &idx, src)?;
                t(x.clone())
            }
        }
        "index_fill_" | "index_fill" => {
            let d = p.int(0, "dim")?;
            let idx = p.tensor(1, "index")?;
            let v = p
                .scalar_opt(2, "value")?
                .ok_or_else(|| type_error("index_fill_() missing required argument 'value'"))?;
            if name == "index_fill" {
                t(gather::index_fill(x, d, &idx, v)?)
            } else {
                gather::index_fill_(x, d, &idx, v)?;
                t(x.clone())
            }
        }
        "mv" => {
            let v = p.tensor(0, "vec")?;
            t(x.matmul(&v)?)
        }
        "type_as" => t(x.to_dtype(p.tensor(0, "other")?.dtype())),
        "diagonal" => {
            let offset = p.int_opt(0, "offset")?.unwrap_or(0);
            let d1 = p.int_opt(1, "dim1")?.unwrap_or(0);
            let d2 = p.int_opt(2, "dim2")?.unwrap_or(1);
            t(reorder::diagonal(x, offset, d1, d2)?)
        }
        "logsumexp" => {
            let dims = p.dims(0, "dim")?;
            let keep = p.bool_or(1, "keepdim", false)?;
            t(reduce::logsumexp(x, &dims.unwrap_or_default(), keep)?)
        }
        "amax" | "amin" => {
            let dims = p.dims(0, "dim")?.unwrap_or_default();
            let keep = p.bool_or(1, "keepdim", false)?;
            t(reduce::amax(x, &dims, keep, name == "amax")?)
        }
        "count_nonzero" => {
            let dims = p.dims(0, "dim")?;
            t(reduce::count_nonzero(x, dims.as_deref())?)
        }
        _ => Err(exc(
            "AttributeError",
            format!("'Tensor' object has no attribute '{name}'"),
        )),
    }
}
