//! `scatter_add`, `scatter_reduce`, `index_add` and `index_copy`, as functions, methods and in-place
//! methods, onto `tensor::ops::scatter`.

use crate::interp::error::PyResult;
use crate::interp::value::Value;
use crate::tensor::Operand;
use crate::tensor::Scalar;
use crate::tensor::ops::embed;
use crate::tensor::ops::scatter::{self, Reduce};

use super::super::call::{Call, Def};
use super::math::t;

fn scatter_add(c: &Call, inplace: bool) -> PyResult<Value> {
    let (x, dim, index, src) = (c.this()?, c.int(1)?, c.tensor(2)?, c.tensor(3)?);
    let src = Operand::Tensor(&src);
    if inplace {
        scatter::scatter_reduce_("scatter", &x, dim, &index, src, Reduce::Sum, true)?;
        t(x)
    } else {
        t(scatter::scatter_reduce(
            "scatter",
            &x,
            dim,
            &index,
            src,
            Reduce::Sum,
            true,
        )?)
    }
}

fn scatter_reduce(c: &Call, inplace: bool) -> PyResult<Value> {
    let (x, dim, index, src) = (c.this()?, c.int(1)?, c.tensor(2)?, c.tensor(3)?);
    let reduce = Reduce::parse(&c.str(4)?.unwrap_or_default())?;
    let include_self = c.bool(5)?;
    let src = Operand::Tensor(&src);
    if inplace {
        scatter::scatter_reduce_("scatter", &x, dim, &index, src, reduce, include_self)?;
        t(x)
    } else {
        t(scatter::scatter_reduce(
            "scatter",
            &x,
            dim,
            &index,
            src,
            reduce,
            include_self,
        )?)
    }
}

fn index_add(c: &Call, inplace: bool) -> PyResult<Value> {
    let (x, dim, index, source) = (c.this()?, c.int(1)?, c.tensor(2)?, c.tensor(3)?);
    let alpha = c.opt_scalar(4)?.unwrap_or(Scalar::Int(1));
    if inplace {
        scatter::index_add_(&x, dim, &index, &source, alpha)?;
        t(x)
    } else {
        t(scatter::index_add(&x, dim, &index, &source, alpha)?)
    }
}

fn index_copy(c: &Call, inplace: bool) -> PyResult<Value> {
    let (x, dim, index, source) = (c.this()?, c.int(1)?, c.tensor(2)?, c.tensor(3)?);
    if inplace {
        scatter::index_copy_(&x, dim, &index, &source)?;
        t(x)
    } else {
        t(scatter::index_copy(&x, dim, &index, &source)?)
    }
}

fn index_reduce(c: &Call, inplace: bool) -> PyResult<Value> {
    use crate::tensor::ops::index_reduce::{self as ir, IndexReduce};
    let (x, dim, index, source) = (c.this()?, c.int(1)?, c.tensor(2)?, c.tensor(3)?);
    let reduce = IndexReduce::parse(&c.str(4)?.unwrap_or_default())?;
    let include_self = c.bool(5)?;
    if inplace {
        ir::index_reduce_(&x, dim, &index, &source, reduce, include_self)?;
        t(x)
    } else {
        t(ir::index_reduce(
            &x,
            dim,
            &index,
            &source,
            reduce,
            include_self,
        )?)
    }
}

/// `index_put`/`put`/`masked_scatter`, out of place (on a copy) or into `self`.
fn put_family(c: &Call, which: &str, inplace: bool) -> PyResult<Value> {
    use crate::tensor::ops::put;
    let x = c.this()?;
    let target = if inplace {
        x.clone()
    } else {
        x.clone_preserve()
    };
    match which {
        "index_put" => put::index_put_(&target, &c.tensors(1)?, &c.tensor(2)?, c.bool(3)?)?,
        "put" => put::put_(&target, &c.tensor(1)?, &c.tensor(2)?, c.bool(3)?)?,
        _ if inplace => put::masked_scatter_(&target, &c.tensor(1)?, &c.tensor(2)?)?,
        _ => return t(put::masked_scatter(&x, &c.tensor(1)?, &c.tensor(2)?)?),
    }
    t(target)
}

pub(super) static DEFS: &[Def] = &[
    Def::both(
        "index_put",
        &["index_put(Tensor input, Tensor[] indices, Tensor values, bool accumulate=False)"],
        |_, c| put_family(c, "index_put", false),
    ),
    Def::both(
        "index_put_",
        &["index_put_(Tensor input, Tensor[] indices, Tensor values, bool accumulate=False)"],
        |_, c| put_family(c, "index_put", true),
    ),
    Def::both(
        "put",
        &["put(Tensor input, Tensor index, Tensor source, bool accumulate=False)"],
        |_, c| put_family(c, "put", false),
    ),
    Def::method(
        "put_",
        &["put_(Tensor input, Tensor index, Tensor source, bool accumulate=False)"],
        |_, c| put_family(c, "put", true),
    ),
    Def::both(
        "masked_scatter",
        &["masked_scatter(Tensor input, Tensor mask, Tensor source)"],
        |_, c| put_family(c, "masked_scatter", false),
    ),
    Def::method(
        "masked_scatter_",
        &["masked_scatter_(Tensor input, Tensor mask, Tensor source)"],
        |_, c| put_family(c, "masked_scatter", true),
    ),
    Def::both(
        "scatter_add",
        &["scatter_add(Tensor input, int dim, Tensor index, Tensor src, *, Tensor out=None)"],
        |_, c| scatter_add(c, false),
    ),
    Def::method(
        "scatter_add_",
        &["scatter_add_(Tensor input, int dim, Tensor index, Tensor src)"],
        |_, c| scatter_add(c, true),
    ),
    Def::both(
        "scatter_reduce",
        &[
            "scatter_reduce(Tensor input, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True, Tensor out=None)",
        ],
        |_, c| scatter_reduce(c, false),
    ),
    Def::method(
        "scatter_reduce_",
        &[
            "scatter_reduce_(Tensor input, int dim, Tensor index, Tensor src, str reduce, *, bool include_self=True)",
        ],
        |_, c| scatter_reduce(c, true),
    ),
    Def::both(
        "index_add",
        &[
            "index_add(Tensor input, int dim, Tensor index, Tensor source, *, Scalar alpha=1, Tensor out=None)",
        ],
        |_, c| index_add(c, false),
    ),
    Def::method(
        "index_add_",
        &["index_add_(Tensor input, int dim, Tensor index, Tensor source, *, Scalar alpha=1)"],
        |_, c| index_add(c, true),
    ),
    Def::both(
        "index_reduce",
        &[
            "index_reduce(Tensor input, int dim, Tensor index, Tensor source, str reduce, *, bool include_self=True, Tensor out=None)",
        ],
        |_, c| index_reduce(c, false),
    ),
    Def::method(
        "index_reduce_",
        &[
            "index_reduce_(Tensor input, int dim, Tensor index, Tensor source, str reduce, *, bool include_self=True)",
        ],
        |_, c| index_reduce(c, true),
    ),
    Def::both(
        "index_copy",
        &["index_copy(Tensor input, int dim, Tensor index, Tensor source)"],
        |_, c| index_copy(c, false),
    ),
    Def::method(
        "index_copy_",
        &["index_copy_(Tensor input, int dim, Tensor index, Tensor source)"],
        |_, c| index_copy(c, true),
    ),
];

/// `slice_scatter`, `select_scatter` and `diagonal_scatter`: a copy of `input` with `src` in one view.
pub(super) static EMBED_DEFS: &[Def] = &[
    Def::both(
        "slice_scatter",
        &[
            "slice_scatter(Tensor input, Tensor src, int dim=0, SymInt? start=None, SymInt? end=None, SymInt step=1)",
        ],
        |_, c| {
            let (x, src) = (c.this()?, c.tensor(1)?);
            let (start, end) = (c.opt_int(3)?, c.opt_int(4)?);
            t(embed::slice_scatter(
                &x,
                &src,
                c.int(2)?,
                start,
                end,
                c.int(5)?,
            )?)
        },
    ),
    Def::both(
        "select_scatter",
        &["select_scatter(Tensor input, Tensor src, int dim, SymInt index)"],
        |_, c| {
            let (x, src) = (c.this()?, c.tensor(1)?);
            t(embed::select_scatter(&x, &src, c.int(2)?, c.int(3)?)?)
        },
    ),
    Def::both(
        "diagonal_scatter",
        &["diagonal_scatter(Tensor input, Tensor src, int offset=0, int dim1=0, int dim2=1)"],
        |_, c| {
            let (x, src) = (c.this()?, c.tensor(1)?);
            t(embed::diagonal_scatter(
                &x,
                &src,
                c.int(2)?,
                c.int(3)?,
                c.int(4)?,
            )?)
        },
    ),
];
