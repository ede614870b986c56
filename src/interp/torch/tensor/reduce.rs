//! Reductions (`sum`, `mean`, `std`, `max`, `argmax`, `all`, ...), softmax, cumulative ops, norms,
//! sorting and top-k, and whole-tensor comparisons (`equal`, `allclose`, `isclose`).

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::elementwise::binary;
use crate::tensor::ops::{pointwise, reduce, sort};
use crate::tensor::{BinaryOp, DType, Operand, Tensor};

use super::super::call::{Call, Def};
use super::super::nn::named_tuple;

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

/// The input, cast first when `dtype=` is given at `i`.
fn input_as(c: &Call, i: usize) -> PyResult<Tensor> {
    let x = c.this()?;
    Ok(match c.dtype(i)? {
        Some(d) => x.to_dtype(d),
        None => x,
    })
}

fn values_indices(interp: &mut Interpreter, name: &str, values: Tensor, indices: Tensor) -> Value {
    named_tuple(
        interp,
        name,
        vec![
            ("values", Value::Tensor(values)),
            ("indices", Value::Tensor(indices)),
        ],
    )
}

/// `std`/`var`/`std_mean`/`var_mean`: (dims, correction, keepdim) of the three overloads.
fn spread_args(c: &Call) -> PyResult<(Option<Vec<i64>>, f64, bool)> {
    Ok(match c.which() {
        0 => (
            c.opt_int_list(1)?,
            if c.bool(2)? { 1.0 } else { 0.0 },
            c.bool(3)?,
        ),
        1 => (
            c.opt_int_list(1)?,
            c.opt_float(2)?.unwrap_or(1.0),
            c.bool(3)?,
        ),
        _ => (None, if c.bool(1)? { 1.0 } else { 0.0 }, false),
    })
}

macro_rules! spread_sigs {
    ($name:literal) => {
        &[
            concat!($name, "(Tensor input, int[1]? dim, bool unbiased=True, bool keepdim=False, *, Tensor out=None)"),
            concat!($name, "(Tensor input, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False, Tensor out=None)"),
            concat!($name, "(Tensor input, bool unbiased=True)"),
        ]
    };
}

macro_rules! spread_mean_sigs {
    ($name:literal) => {
        &[
            concat!(
                $name,
                "(Tensor input, int[1]? dim, bool unbiased=True, bool keepdim=False)"
            ),
            concat!(
                $name,
                "(Tensor input, int[1]? dim=None, *, Scalar? correction=None, bool keepdim=False)"
            ),
            concat!($name, "(Tensor input, bool unbiased=True)"),
        ]
    };
}

/// ATen's `std_var_out` warns when the correction leaves no degrees of freedom: the input's elements per
/// output element (`input numel divided by output numel`, an empty output counting as one) at most the
/// correction.
fn warn_no_dof(
    interp: &mut Interpreter,
    name: &str,
    x: &Tensor,
    out: &Tensor,
    correction: f64,
) -> PyResult<()> {
    let factor = x.numel() as f64 / out.numel().max(1) as f64;
    if factor - correction > 0.0 {
        return Ok(());
    }
    crate::interp::stdlib::warnings::warn_from_cpp(
        interp,
        "UserWarning",
        &format!(
            "{name}(): degrees of freedom is <= 0. Correction should be strictly less than the reduction factor (input numel divided by output numel). (Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/ReduceOps.cpp:1927.)"
        ),
    )
}

fn spread(interp: &mut Interpreter, c: &Call, std: bool, with_mean: bool) -> PyResult<Value> {
    let x = c.this()?;
    if with_mean && !x.dtype().is_floating_point() {
        return Err(exc(
            ExcKind::NotImplementedError,
            format!(
                "{}_mean only support floating point and complex dtypes",
                if std { "std" } else { "var" }
            ),
        ));
    }
    let (dims, correction, keep) = spread_args(c)?;
    let name = if std { "std" } else { "var" };
    if with_mean {
        let (s, m) = x.var_mean(dims.as_deref(), correction, keep, std)?;
        warn_no_dof(interp, &format!("{name}_mean"), &x, &s, correction)?;
        return Ok(Value::tuple(vec![Value::Tensor(s), Value::Tensor(m)]));
    }
    let s = if std {
        x.std(dims.as_deref(), correction, keep)?
    } else {
        x.var(dims.as_deref(), correction, keep)?
    };
    warn_no_dof(interp, name, &x, &s, correction)?;
    t(s)
}

macro_rules! extreme_def {
    ($name:literal, $largest:literal) => {
        Def::both(
            $name,
            &[
                concat!($name, "(Tensor input, *, Tensor out=None)"),
                concat!($name, "(Tensor input, Tensor other, *, Tensor out=None)"),
                concat!(
                    $name,
                    "(Tensor input, int dim, bool keepdim=False, *, Tensor[2] out=None)"
                ),
            ],
            |i, c| extreme(i, c, $name, $largest),
        )
    };
}

fn extreme(interp: &mut Interpreter, c: &Call, name: &str, largest: bool) -> PyResult<Value> {
    let x = c.this()?;
    match c.which() {
        0 => t(x.max_all(largest)?),
        1 => {
            let kind = if largest {
                BinaryOp::Maximum
            } else {
                BinaryOp::Minimum
            };
            t(binary(
                kind,
                Operand::Tensor(&x),
                Operand::Tensor(&c.tensor(1)?),
            )?)
        }
        _ => {
            let (v, i) = x.max_dim(c.int(1)?, c.bool(2)?, largest)?;
            Ok(values_indices(interp, name, v, i))
        }
    }
}

macro_rules! all_any_def {
    ($name:literal, $all:literal) => {
        Def::both(
            $name,
            &[
                concat!($name, "(Tensor input, *, Tensor out=None)"),
                concat!(
                    $name,
                    "(Tensor input, int[]? dim=None, bool keepdim=False, *, Tensor out=None)"
                ),
                concat!(
                    $name,
                    "(Tensor input, int dim, bool keepdim=False, *, Tensor out=None)"
                ),
            ],
            |_, c| {
                let (dims, keep) = match c.which() {
                    0 => (None, false),
                    1 => (c.opt_int_list(1)?, c.bool(2)?),
                    _ => (Some(vec![c.int(1)?]), c.bool(2)?),
                };
                // An empty dim list reduces nothing here (unlike sum's): each element as a bool.
                // uint8 keeps its type (0 or 1), as in PyTorch; everything else gives bool.
                let x = c.this()?;
                let out = if x.dtype() == DType::UInt8 {
                    DType::UInt8
                } else {
                    DType::Bool
                };
                if dims.as_deref() == Some(&[]) {
                    return t(x.to_dtype(DType::Bool).to_dtype(out).deep_copy());
                }
                t(x.to_dtype(DType::Bool)
                    .all_any(dims.as_deref(), keep, $all)?
                    .to_dtype(out))
            },
        )
    };
}

pub(super) static DEFS: &[Def] = &[
    Def::both(
        "sum",
        &[
            "sum(Tensor input, *, ScalarType? dtype=None)",
            "sum(Tensor input, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
        ],
        |_, c| match c.which() {
            0 => t(input_as(c, 1)?.sum(None, false)?),
            _ => t(input_as(c, 3)?.sum(c.opt_int_list(1)?.as_deref(), c.bool(2)?)?),
        },
    ),
    Def::both(
        "mean",
        &[
            "mean(Tensor input, *, ScalarType? dtype=None, Tensor out=None)",
            "mean(Tensor input, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
        ],
        |_, c| {
            let at = if c.which() == 0 { 1 } else { 3 };
            if let Some(d) = c.dtype(at)?
                && !d.is_floating_point()
            {
                return Err(exc(
                    ExcKind::NotImplementedError,
                    format!(
                        "mean(): could not infer output dtype. Optional dtype must be either a floating point or complex dtype. Got: {}",
                        d.scalar_type_name()
                    ),
                ));
            }
            match c.which() {
                0 => t(input_as(c, 1)?.mean(None, false)?),
                _ => t(input_as(c, 3)?.mean(c.opt_int_list(1)?.as_deref(), c.bool(2)?)?),
            }
        },
    ),
    Def::both(
        "prod",
        &[
            "prod(Tensor input, *, ScalarType? dtype=None)",
            "prod(Tensor input, int dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
        ],
        |_, c| match c.which() {
            0 => t(input_as(c, 1)?.prod(None, false)?),
            _ => t(input_as(c, 3)?.prod(Some(&[c.int(1)?]), c.bool(2)?)?),
        },
    ),
    Def::both("std", spread_sigs!("std"), |i, c| spread(i, c, true, false)),
    Def::both("var", spread_sigs!("var"), |i, c| {
        spread(i, c, false, false)
    }),
    Def::function("std_mean", spread_mean_sigs!("std_mean"), |i, c| {
        spread(i, c, true, true)
    }),
    Def::function("var_mean", spread_mean_sigs!("var_mean"), |i, c| {
        spread(i, c, false, true)
    }),
    extreme_def!("max", true),
    extreme_def!("min", false),
    Def::both(
        "argmax",
        &["argmax(Tensor input, int? dim=None, bool keepdim=False, *, Tensor out=None)"],
        |_, c| t(c.this()?.argmax(c.opt_int(1)?, c.bool(2)?, true)?),
    ),
    Def::both(
        "argmin",
        &["argmin(Tensor input, int? dim=None, bool keepdim=False, *, Tensor out=None)"],
        |_, c| t(c.this()?.argmax(c.opt_int(1)?, c.bool(2)?, false)?),
    ),
    all_any_def!("all", true),
    all_any_def!("any", false),
    Def::both(
        "aminmax",
        &["aminmax(Tensor input, *, int? dim=None, bool keepdim=False, Tensor[2] out=None)"],
        |interp, c| {
            let x = c.this()?;
            let dims: Vec<i64> = c.opt_int(1)?.into_iter().collect();
            let keep = c.bool(2)?;
            match dims.first() {
                None if x.numel() == 0 => {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.",
                    ));
                }
                // ATen wraps the dim first, then `zero_numel_check_dims` names it.
                Some(&d) => {
                    let w = crate::tensor::layout::wrap_dim(d, x.ndim())?;
                    if x.ndim() > 0 && x.shape()[w] == 0 {
                        return Err(exc(
                            ExcKind::IndexError,
                            format!("aminmax: Expected reduction dim {w} to have non-zero size."),
                        ));
                    }
                }
                None => {}
            }
            let min = reduce::amax_named(&x, &dims, keep, false, "aminmax")?;
            let max = reduce::amax_named(&x, &dims, keep, true, "aminmax")?;
            Ok(named_tuple(
                interp,
                "aminmax",
                vec![("min", Value::Tensor(min)), ("max", Value::Tensor(max))],
            ))
        },
    ),
    Def::both(
        "softmax",
        &["softmax(Tensor input, int dim, ScalarType? dtype=None, *, Tensor out=None)"],
        |_, c| t(input_as(c, 2)?.softmax(c.int(1)?, false)?),
    ),
    Def::both(
        "log_softmax",
        &["log_softmax(Tensor input, int dim, ScalarType? dtype=None, *, Tensor out=None)"],
        |_, c| t(input_as(c, 2)?.softmax(c.int(1)?, true)?),
    ),
    Def::both(
        "logsumexp",
        &["logsumexp(Tensor input, int[1] dim, bool keepdim=False, *, Tensor out=None)"],
        |_, c| t(reduce::logsumexp(&c.this()?, &c.int_list(1)?, c.bool(2)?)?),
    ),
    Def::both(
        "amax",
        &["amax(Tensor input, int[1] dim={}, bool keepdim=False, *, Tensor out=None)"],
        |_, c| t(reduce::amax(&c.this()?, &c.int_list(1)?, c.bool(2)?, true)?),
    ),
    Def::both(
        "amin",
        &["amin(Tensor input, int[1] dim={}, bool keepdim=False, *, Tensor out=None)"],
        |_, c| {
            t(reduce::amax(
                &c.this()?,
                &c.int_list(1)?,
                c.bool(2)?,
                false,
            )?)
        },
    ),
    Def::both(
        "cumsum",
        &["cumsum(Tensor input, int dim, *, ScalarType? dtype=None, Tensor out=None)"],
        |_, c| t(reduce::cumsum(&input_as(c, 2)?, c.int(1)?)?),
    ),
    Def::both(
        "cumprod",
        &["cumprod(Tensor input, int dim, *, ScalarType? dtype=None, Tensor out=None)"],
        |_, c| t(reduce::cumprod(&input_as(c, 2)?, c.int(1)?)?),
    ),
    Def::both(
        "count_nonzero",
        &[
            "count_nonzero(Tensor input, int? dim=None)",
            "count_nonzero(Tensor input, int[] dim)",
        ],
        |_, c| {
            let dims = match c.which() {
                0 => c.opt_int(1)?.map(|d| vec![d]),
                _ => Some(c.int_list(1)?),
            };
            t(reduce::count_nonzero(&c.this()?, dims.as_deref())?)
        },
    ),
    Def::both("norm", &[], norm)
        .own_method(
            "Tensor.norm(self, p='fro', dim=None, keepdim=False, dtype=None)",
            Dialect::PyDef,
        )
        .own_function(
            "norm(input, p='fro', dim=None, keepdim=False, out=None, dtype=None)",
            Dialect::PyDef,
        ),
    Def::both(
        "topk",
        &[
            "topk(Tensor input, SymInt k, int dim=-1, bool largest=True, bool sorted=True, *, Tensor[2] out=None)",
        ],
        |interp, c| {
            let sorted = sort::topk(&c.this()?, c.int(1)?, c.int(2)?, c.bool(3)?, c.bool(4)?)?;
            Ok(values_indices(
                interp,
                "topk",
                sorted.values,
                sorted.indices,
            ))
        },
    ),
    Def::both(
        "sort",
        &[
            "sort(Tensor input, *, bool? stable, int dim=-1, bool descending=False, Tensor[2] out=None)",
            "sort(Tensor input, int dim=-1, bool descending=False, *, Tensor[2] out=None)",
        ],
        |interp, c| {
            let (dim, descending) = match c.which() {
                0 => (c.int(2)?, c.bool(3)?),
                _ => (c.int(1)?, c.bool(2)?),
            };
            let sorted = sort::sort(&c.this()?, dim, descending)?;
            Ok(values_indices(
                interp,
                "sort",
                sorted.values,
                sorted.indices,
            ))
        },
    ),
    Def::both(
        "argsort",
        &[
            "argsort(Tensor input, *, bool stable, int dim=-1, bool descending=False, Tensor out=None)",
            "argsort(Tensor input, int dim=-1, bool descending=False)",
        ],
        |_, c| {
            let (dim, descending) = match c.which() {
                0 => (c.int(2)?, c.bool(3)?),
                _ => (c.int(1)?, c.bool(2)?),
            };
            t(sort::argsort(&c.this()?, dim, descending)?)
        },
    ),
    Def::both("equal", &["equal(Tensor input, Tensor other)"], |_, c| {
        Ok(Value::Bool(pointwise::equal(&c.this()?, &c.tensor(1)?)?))
    }),
    Def::both(
        "allclose",
        &[
            "allclose(Tensor input, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False)",
        ],
        |_, c| {
            let tol = pointwise::Tolerance {
                rtol: c.float(2)?,
                atol: c.float(3)?,
                equal_nan: c.bool(4)?,
            };
            Ok(Value::Bool(pointwise::allclose(
                &c.this()?,
                &c.tensor(1)?,
                tol,
            )?))
        },
    ),
    Def::both(
        "isclose",
        &[
            "isclose(Tensor input, Tensor other, float rtol=1e-05, float atol=1e-08, bool equal_nan=False)",
        ],
        |_, c| {
            let tol = pointwise::Tolerance {
                rtol: c.float(2)?,
                atol: c.float(3)?,
                equal_nan: c.bool(4)?,
            };
            t(pointwise::isclose(&c.this()?, &c.tensor(1)?, tol)?)
        },
    ),
];

/// `torch.linalg.vector_norm`, which `norm` (written in Python) calls for a numeric `p`.
static VECTOR_NORM: Sig = Sig::torch(
    "linalg_vector_norm(Tensor input, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
);

/// `norm(input, p='fro', dim=None, keepdim=False, ...)`, written in Python by PyTorch: `'fro'` and
/// numbers go to `linalg.vector_norm`; the tutor computes the 2-norm.
/// `torch.norm` as torch/functional.py writes it: a number `p` (or `'fro'` over at most two dims) is
/// `linalg.vector_norm`; other strings are matrix norms, which the tutor does not have.
fn norm(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    let given = |i: usize| c.value(i).unwrap_or(Value::None);
    let (dim, keepdim, dtype) = (given(2), c.value_or_default(3)?, given(4));
    let ord = match c.value_or_default(1)? {
        Value::Str(p) if &*p == "fro" => Value::int(2),
        Value::Str(p) => {
            return Err(exc(
                ExcKind::NotImplementedError,
                format!("the tutor has no matrix norms (p='{p}'); a number p is a vector norm"),
            ));
        }
        Value::None => Value::Float(2.0),
        p => p,
    };
    let b = VECTOR_NORM.bind(Args::new(vec![Value::Tensor(x.clone()), ord, dim, keepdim]))?;
    let x = match dtype {
        Value::DType(d) => x.to_dtype(d),
        _ => x,
    };
    t(reduce::vector_norm(
        &x,
        b.float(1)?,
        b.opt_int_list(2)?.as_deref(),
        b.bool(3)?,
    )?)
}
