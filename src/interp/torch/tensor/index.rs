//! Selecting, gathering and scattering along a dim, masks, `nonzero` and `repeat_interleave`.

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::Value;
use crate::tensor::ops::scatter::{self, Reduce};
use crate::tensor::ops::{gather, reorder};
use crate::tensor::{DType, Operand, Scalar, Tensor};

use super::super::call::{Call, Def};
use super::super::value_to_scalar;

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

macro_rules! scatter_sigs {
    ($name:literal, $out:literal) => {
        &[
            concat!(
                $name,
                "(Tensor input, int dim, Tensor index, Tensor src",
                $out,
                ")"
            ),
            concat!(
                $name,
                "(Tensor input, int dim, Tensor index, Tensor src, *, str reduce",
                $out,
                ")"
            ),
            concat!(
                $name,
                "(Tensor input, int dim, Tensor index, Scalar value",
                $out,
                ")"
            ),
            concat!(
                $name,
                "(Tensor input, int dim, Tensor index, Scalar value, *, str reduce",
                $out,
                ")"
            ),
        ]
    };
}

/// `scatter(dim, index, src|value)`, and with `reduce='add'|'multiply'` the older scatter-reduce.
fn scatter(c: &Call, inplace: bool) -> PyResult<Value> {
    let x = c.this()?;
    let (dim, index) = (c.int(1)?, c.tensor(2)?);
    let src_value = c.value(3);
    let src = match &src_value {
        Some(Value::Tensor(s)) if matches!(c.which(), 0 | 1) => Operand::Tensor(s),
        Some(Value::Tensor(s)) => Operand::Scalar(s.item()?),
        Some(v) => Operand::Scalar(
            value_to_scalar(v).ok_or_else(|| exc(ExcKind::TypeError, "internal: not a number"))?,
        ),
        None => return Err(exc(ExcKind::RuntimeError, "internal: no src")),
    };
    if matches!(c.which(), 1 | 3) {
        let reduce = Reduce::parse_legacy(&c.str(4)?.unwrap_or_default())?;
        return if inplace {
            scatter::scatter_reduce_("scatter", &x, dim, &index, src, reduce, true)?;
            t(x)
        } else {
            t(scatter::scatter_reduce(
                "scatter", &x, dim, &index, src, reduce, true,
            )?)
        };
    }
    if inplace {
        gather::scatter_(&x, dim, &index, src)?;
        t(x)
    } else {
        t(gather::scatter(&x, dim, &index, src)?)
    }
}

/// `index_fill`'s value: a number or a 0-d tensor.
fn fill_value(c: &Call) -> PyResult<Scalar> {
    match c.value(3) {
        Some(Value::Tensor(v)) if v.ndim() == 0 => Ok(v.item()?),
        Some(Value::Tensor(v)) => Err(exc(
            ExcKind::RuntimeError,
            format!(
                "index_fill_ only supports a 0-dimensional value tensor, but got tensor with {} dimension(s).",
                v.ndim()
            ),
        )),
        _ => c.scalar(3),
    }
}

pub(super) static DEFS: &[Def] = &[
    Def::both(
        "index_select",
        &["index_select(Tensor input, int dim, Tensor index, *, Tensor out=None)"],
        |_, c| t(gather::index_select(&c.this()?, c.int(1)?, &c.tensor(2)?)?),
    ),
    Def::both(
        "gather",
        &[
            "gather(Tensor input, int dim, Tensor index, *, bool sparse_grad=False, Tensor out=None)",
        ],
        |_, c| t(gather::gather(&c.this()?, c.int(1)?, &c.tensor(2)?)?),
    ),
    Def::both(
        "scatter",
        scatter_sigs!("scatter", ", *, Tensor out=None"),
        |_, c| scatter(c, false),
    ),
    Def::method("scatter_", scatter_sigs!("scatter_", ""), |_, c| {
        scatter(c, true)
    }),
    Def::both(
        "index_fill",
        &[
            "index_fill(Tensor input, int dim, Tensor index, Tensor value)",
            "index_fill(Tensor input, int dim, Tensor index, Scalar value)",
        ],
        |_, c| {
            t(gather::index_fill(
                &c.this()?,
                c.int(1)?,
                &c.tensor(2)?,
                fill_value(c)?,
            )?)
        },
    ),
    Def::method(
        "index_fill_",
        &[
            "index_fill_(Tensor input, int dim, Tensor index, Tensor value)",
            "index_fill_(Tensor input, int dim, Tensor index, Scalar value)",
        ],
        |_, c| {
            let x = c.this()?;
            gather::index_fill_(&x, c.int(1)?, &c.tensor(2)?, fill_value(c)?)?;
            t(x)
        },
    ),
    Def::both(
        "masked_select",
        &["masked_select(Tensor input, Tensor mask, *, Tensor out=None)"],
        |_, c| t(gather::masked_select(&c.this()?, &c.tensor(1)?)?),
    ),
    // `torch.nonzero` takes `as_tuple` as one keyword; the method has an overload for it.
    Def::both(
        "nonzero",
        &["nonzero(Tensor input, *, bool as_tuple=False, Tensor out=None)"],
        nonzero,
    )
    .method_from(&[
        "nonzero(Tensor input)",
        "nonzero(Tensor input, *, bool as_tuple)",
    ]),
    Def::both(
        "repeat_interleave",
        &[
            "repeat_interleave(Tensor input, Tensor repeats, int? dim=None, *, SymInt? output_size=None)",
            "repeat_interleave(Tensor repeats, *, SymInt? output_size=None)",
            "repeat_interleave(Tensor input, SymInt repeats, int? dim=None, *, SymInt? output_size=None)",
        ],
        repeat_interleave,
    ),
];

fn nonzero(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    if matches!(c.value(1), Some(Value::Bool(true))) {
        let cols = gather::nonzero_tuple(&x)?;
        return Ok(Value::tuple(cols.into_iter().map(Value::Tensor).collect()));
    }
    t(gather::nonzero(&x)?)
}

/// `repeat_interleave(repeats, dim=None)` with one count for every element (an int, or a one-element
/// tensor of counts).
fn repeat_interleave(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    // The counts of a repeats tensor, as ATen checks them.
    let counts_of = |r: &Tensor| -> PyResult<Vec<usize>> {
        if r.ndim() > 1 {
            return Err(exc(
                ExcKind::RuntimeError,
                "repeats must be 0-dim or 1-dim tensor",
            ));
        }
        if !matches!(r.dtype(), DType::Int64 | DType::Int32) {
            return Err(exc(
                ExcKind::RuntimeError,
                "repeats has to be Long or Int tensor",
            ));
        }
        let v = r.to_vec::<i64>();
        if v.iter().any(|&n| n < 0) {
            return Err(exc(ExcKind::RuntimeError, "repeats can not be negative"));
        }
        Ok(v.into_iter().map(|n| n as usize).collect())
    };
    match c.which() {
        // `repeat_interleave(repeats)`: each index repeated its count of times.
        1 => {
            let r = c.tensor(0)?;
            let counts = counts_of(&r)?;
            let index = Tensor::from_vec(
                (0..counts.len() as i64).collect::<Vec<_>>(),
                &[counts.len()],
            )?;
            t(reorder::repeat_interleave_counts(&index, &counts, Some(0))?)
        }
        0 => {
            let counts = counts_of(&c.tensor(1)?)?;
            t(reorder::repeat_interleave_counts(
                &c.this()?,
                &counts,
                c.opt_int(2)?,
            )?)
        }
        _ => {
            let n = c.int(1)?;
            if n < 0 {
                return Err(exc(ExcKind::RuntimeError, "Repeats must be non-negative"));
            }
            t(reorder::repeat_interleave(
                &c.this()?,
                n as usize,
                c.opt_int(2)?,
            )?)
        }
    }
}
