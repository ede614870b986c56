//! Order statistics, running extremes, searching and counting, as functions and methods:
//! `kthvalue`, `median`, `nanmedian`, `mode`, `cummax`, `cummin`, `logcumsumexp`, `searchsorted`,
//! `bucketize`, `bincount`, `histc`, `unique`, `unique_consecutive`.

use crate::interp::Interpreter;
use crate::interp::args::Dialect;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::Value;
use crate::tensor::Tensor;
use crate::tensor::ops::search::{self, Unique};
use crate::tensor::ops::select::{self, Picked};

use super::super::call::{Call, Def};
use super::super::nn::named_tuple;
use super::super::value_to_scalar;
use super::math::t;

fn picked(interp: &mut Interpreter, name: &str, p: Picked) -> PyResult<Value> {
    Ok(named_tuple(
        interp,
        name,
        vec![
            ("values", Value::Tensor(p.values)),
            ("indices", Value::Tensor(p.indices)),
        ],
    ))
}

/// A tensor, or a Python number as a 0-d tensor (`searchsorted(seq, 3)`, `bucketize(3, b)`).
fn tensor_or_number(c: &Call, i: usize) -> PyResult<Tensor> {
    match c.value(i) {
        Some(Value::Tensor(x)) => Ok(x),
        Some(v) => match value_to_scalar(&v) {
            Some(s) => Ok(crate::tensor::ops::grid::scalar_tensor(s)?),
            None => Err(exc(ExcKind::TypeError, "expected a Tensor or a number")),
        },
        None => Err(exc(ExcKind::TypeError, "missing a Tensor argument")),
    }
}

/// `torch.unique`'s return: the values alone, or a tuple with the inverse and counts asked for.
fn unique_result(u: Unique, inverse: bool, counts: bool) -> PyResult<Value> {
    if !inverse && !counts {
        return t(u.values);
    }
    let mut items = vec![Value::Tensor(u.values)];
    if inverse {
        items.push(Value::Tensor(u.inverse));
    }
    if counts {
        items.push(Value::Tensor(u.counts));
    }
    Ok(Value::tuple(items))
}

fn no_dim(c: &Call, i: usize, op: &str) -> PyResult<()> {
    if !matches!(c.value(i), None | Some(Value::None)) {
        return Err(exc(
            ExcKind::NotImplementedError,
            format!("the tutor's {op} works over all elements only (dim=None)"),
        ));
    }
    Ok(())
}

fn median(interp: &mut Interpreter, c: &Call, name: &str, ignore_nan: bool) -> PyResult<Value> {
    let x = c.this()?;
    if c.which() == 0 {
        return t(select::median_all(&x, ignore_nan)?);
    }
    let p = select::median_dim(&x, c.int(1)?, c.bool(2)?, ignore_nan)?;
    picked(interp, name, p)
}

pub(super) static DEFS: &[Def] = &[
    Def::both(
        "kthvalue",
        &[
            "kthvalue(Tensor input, SymInt k, int dim=-1, bool keepdim=False, *, Tensor[2] out=None)",
        ],
        |interp, c| {
            let p = select::kthvalue(&c.this()?, c.int(1)?, c.int(2)?, c.bool(3)?)?;
            picked(interp, "kthvalue", p)
        },
    ),
    Def::both(
        "median",
        &[
            "median(Tensor input)",
            "median(Tensor input, int dim, bool keepdim=False, *, Tensor[2] out=None)",
        ],
        |interp, c| median(interp, c, "median", false),
    ),
    Def::both(
        "nanmedian",
        &[
            "nanmedian(Tensor input)",
            "nanmedian(Tensor input, int dim, bool keepdim=False, *, Tensor[2] out=None)",
        ],
        |interp, c| median(interp, c, "nanmedian", true),
    ),
    Def::both(
        "mode",
        &["mode(Tensor input, int dim=-1, bool keepdim=False, *, Tensor[2] out=None)"],
        |interp, c| {
            let p = select::mode(&c.this()?, c.int(1)?, c.bool(2)?)?;
            picked(interp, "mode", p)
        },
    ),
    Def::both(
        "cummax",
        &["cummax(Tensor input, int dim, *, Tensor[2] out=None)"],
        |interp, c| {
            let p = select::cum_extreme(&c.this()?, c.int(1)?, true)?;
            picked(interp, "cummax", p)
        },
    ),
    Def::both(
        "cummin",
        &["cummin(Tensor input, int dim, *, Tensor[2] out=None)"],
        |interp, c| {
            let p = select::cum_extreme(&c.this()?, c.int(1)?, false)?;
            picked(interp, "cummin", p)
        },
    ),
    Def::both(
        "logcumsumexp",
        &["logcumsumexp(Tensor input, int dim, *, Tensor out=None)"],
        |_, c| t(select::logcumsumexp(&c.this()?, c.int(1)?)?),
    ),
    Def::function(
        "searchsorted",
        &[
            "searchsorted(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor out=None)",
            "searchsorted(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, bool right=False, str? side=None, Tensor? sorter=None, Tensor out=None)",
        ],
        |_, c| {
            let right_flag = c.bool(3)?;
            let right = match c.str(4)?.as_deref() {
                None => right_flag,
                Some("right") if !right_flag => true,
                Some("left") if !right_flag => false,
                Some("left" | "right") => {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        "torch.searchsorted(): side and right can't be set to opposites, got side of left while right was True",
                    ));
                }
                Some(other) => {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        format!(
                            "torch.searchsorted(): side can only be 'left' or 'right' but got {other}"
                        ),
                    ));
                }
            };
            let sorter = c.opt_tensor(5)?;
            t(search::searchsorted(
                &c.tensor(0)?,
                &tensor_or_number(c, 1)?,
                c.bool(2)?,
                right,
                sorter.as_ref(),
            )?)
        },
    ),
    Def::function(
        "bucketize",
        &[
            "bucketize(Tensor input, Tensor boundaries, *, bool out_int32=False, bool right=False, Tensor out=None)",
            "bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, bool right=False)",
        ],
        |_, c| {
            t(search::bucketize(
                &tensor_or_number(c, 0)?,
                &c.tensor(1)?,
                c.bool(2)?,
                c.bool(3)?,
            )?)
        },
    ),
    Def::both(
        "bincount",
        &["bincount(Tensor input, Tensor? weights=None, SymInt minlength=0)"],
        |_, c| {
            let w = c.opt_tensor(1)?;
            t(search::bincount(&c.this()?, w.as_ref(), c.int(2)?)?)
        },
    ),
    Def::both(
        "histc",
        &["histc(Tensor input, int bins=100, Scalar min=0, Scalar max=0, *, Tensor out=None)"],
        |_, c| {
            t(search::histc(
                &c.this()?,
                c.int(1)?,
                c.scalar(2)?.to_f64(),
                c.scalar(3)?.to_f64(),
            )?)
        },
    ),
    Def::both("unique", &[], |interp, c| {
        let x = c.this()?;
        no_dim(c, 4, "unique")?;
        let inv = flag(interp, c, 2)?;
        let counts = flag(interp, c, 3)?;
        unique_result(search::unique(&x)?, inv, counts)
    })
    .own_method(
        "Tensor.unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None)",
        Dialect::PyDef,
    )
    .own_function(
        "unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None)",
        Dialect::PyDef,
    ),
    Def::both("unique_consecutive", &[], |interp, c| {
        let x = c.this()?;
        no_dim(c, 3, "unique_consecutive")?;
        let inv = flag(interp, c, 1)?;
        let counts = flag(interp, c, 2)?;
        unique_result(search::unique_consecutive(&x)?, inv, counts)
    })
    .own_method(
        "Tensor.unique_consecutive(self, return_inverse=False, return_counts=False, dim=None)",
        Dialect::PyDef,
    )
    .own_function(
        "unique_consecutive(input, return_inverse=False, return_counts=False, dim=None)",
        Dialect::PyDef,
    ),
];

/// A Python truth value of argument `i` (`return_counts=1` counts).
fn flag(interp: &mut Interpreter, c: &Call, i: usize) -> PyResult<bool> {
    match c.value(i) {
        Some(v) => interp.truthy(&v),
        None => Ok(false),
    }
}
