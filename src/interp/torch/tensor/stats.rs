//! `renorm`, `cov`, `corrcoef`, `quantile`/`nanquantile` and the trapezoid rule, onto
//! `tensor::ops::stats`; `torch.gradient`, onto `tensor::ops::gradient`.

use crate::interp::Interpreter;
use crate::interp::error::PyResult;
use crate::interp::value::Value;
use crate::tensor::ops::stats::{self, Interpolation, Quantiles, Spacing};
use crate::tensor::{Scalar, Tensor};

use super::super::call::{Call, Def};
use super::math::t;

fn renorm(c: &Call) -> PyResult<Tensor> {
    let x = c.this()?;
    Ok(stats::renorm(
        &x,
        c.scalar(1)?.to_f64(),
        c.int(2)?,
        c.scalar(3)?.to_f64(),
    )?)
}

/// `cov`'s and `corrcoef`'s result, with PyTorch's warning when the degrees of freedom run out.
fn warn_dof(interp: &mut Interpreter, (out, warned): (Tensor, bool)) -> PyResult<Value> {
    if warned {
        interp
            .warnings
            .push(format!("UserWarning: {}", stats::COV_DOF_WARNING));
    }
    t(out)
}

fn quantile(c: &Call, ignore_nan: bool) -> PyResult<Value> {
    let x = c.this()?;
    let q_tensor;
    let q = match c.which() {
        0 => {
            q_tensor = c.tensor(1)?;
            Quantiles::Tensor(&q_tensor)
        }
        _ => Quantiles::Number(c.float(1)?),
    };
    let mode = Interpolation::parse(&c.str(4)?.unwrap_or_default())?;
    t(stats::quantile(
        &x,
        q,
        c.opt_int(2)?,
        c.bool(3)?,
        mode,
        ignore_nan,
    )?)
}

/// `trapezoid` and `cumulative_trapezoid`: the `x` overload, then `dx=`.
fn trapezoid(c: &Call, cumulative: bool) -> PyResult<Value> {
    let y = c.this()?;
    let x;
    let s = match c.which() {
        0 => {
            x = c.tensor(1)?;
            Spacing::Points(&x)
        }
        _ => Spacing::Step(c.scalar(1)?),
    };
    let dim = c.int(2)?;
    t(if cumulative {
        stats::cumulative_trapezoid(&y, s, dim)?
    } else {
        stats::trapezoid(&y, s, dim)?
    })
}

/// `torch.gradient`'s seven overloads, tried in PyTorch's order; the spacing and the dims each is given,
/// as `ReduceOps.cpp`'s `gradient` overloads turn them into one step per dim (or coordinates).
fn gradient(c: &Call) -> PyResult<Value> {
    use crate::tensor::ops::gradient::{self as g, Spacing};
    let x = c.tensor(0)?;
    let scalar_list = |i: usize| -> Vec<Scalar> {
        c.value(i)
            .map(|v| {
                crate::interp::args::seq_items(&v)
                    .iter()
                    .map(|item| match item {
                        Value::Bool(b) => Scalar::Bool(*b),
                        Value::Int(n, _) => Scalar::Int(*n),
                        Value::Float(f) => Scalar::Float(*f),
                        _ => Scalar::Float(f64::NAN),
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let all: Vec<i64> = (0..x.ndim() as i64).collect();
    let one = |d: Option<i64>| d.map_or(all.clone(), |d| vec![d]);
    let coords;
    let (spacing, dims, spacing_len, checked_dims, edge) = match c.which() {
        0 => {
            let dims = c.int_list(1)?;
            let steps = vec![Scalar::Float(1.0); dims.len()];
            (
                Spacing::Steps(steps),
                dims.clone(),
                Some(dims.len()),
                Some(dims),
                c.int(2)?,
            )
        }
        1 => {
            let dims = c.int_list(2)?;
            let steps = vec![c.scalar(1)?; dims.len()];
            (
                Spacing::Steps(steps),
                dims.clone(),
                Some(dims.len()),
                Some(dims),
                c.int(3)?,
            )
        }
        2 => {
            let unit = c.opt_scalar(1)?;
            let dim = c.opt_int(2)?;
            let n = if dim.is_some() { 1 } else { x.ndim() };
            let steps = vec![unit.unwrap_or(Scalar::Float(1.0)); n];
            let dims = one(dim);
            let len = unit.map(|_| steps.len());
            (
                Spacing::Steps(steps),
                dims.clone(),
                len,
                dim.map(|_| dims),
                c.int(3)?,
            )
        }
        3 => {
            let steps = scalar_list(1);
            let dim = c.opt_int(2)?;
            let dims = one(dim);
            let len = Some(steps.len());
            (
                Spacing::Steps(steps),
                dims.clone(),
                len,
                dim.map(|_| dims),
                c.int(3)?,
            )
        }
        4 => {
            let steps = scalar_list(1);
            let dims = c.int_list(2)?;
            let len = Some(steps.len());
            (
                Spacing::Steps(steps),
                dims.clone(),
                len,
                Some(dims),
                c.int(3)?,
            )
        }
        5 => {
            coords = c.tensors(1)?;
            let dim = c.opt_int(2)?;
            let dims = one(dim);
            let len = Some(coords.len());
            (
                Spacing::Coordinates(&coords),
                dims.clone(),
                len,
                dim.map(|_| dims),
                c.int(3)?,
            )
        }
        _ => {
            coords = c.tensors(1)?;
            let dims = c.int_list(2)?;
            let len = Some(coords.len());
            (
                Spacing::Coordinates(&coords),
                dims.clone(),
                len,
                Some(dims),
                c.int(3)?,
            )
        }
    };
    g::check(&x, spacing_len, checked_dims.as_deref(), edge)?;
    let out = g::gradient(&x, &spacing, &dims, edge)?;
    Ok(Value::tuple(out.into_iter().map(Value::Tensor).collect()))
}

pub(super) static DEFS: &[Def] = &[
    Def::function(
        "gradient",
        &[
            "gradient(Tensor input, *, int[] dim, int edge_order=1)",
            "gradient(Tensor input, *, Scalar spacing, int[] dim, int edge_order=1)",
            "gradient(Tensor input, *, Scalar? spacing=None, int? dim=None, int edge_order=1)",
            "gradient(Tensor input, *, Scalar[] spacing, int? dim=None, int edge_order=1)",
            "gradient(Tensor input, *, Scalar[] spacing, int[] dim, int edge_order=1)",
            "gradient(Tensor input, *, Tensor[] spacing, int? dim=None, int edge_order=1)",
            "gradient(Tensor input, *, Tensor[] spacing, int[] dim, int edge_order=1)",
        ],
        |_, c| gradient(c),
    ),
    Def::both(
        "renorm",
        &["renorm(Tensor input, Scalar p, int dim, Scalar maxnorm, *, Tensor out=None)"],
        |_, c| t(renorm(c)?),
    ),
    Def::method(
        "renorm_",
        &["renorm_(Tensor input, Scalar p, int dim, Scalar maxnorm)"],
        |_, c| {
            let x = c.this()?;
            crate::tensor::ops::pointwise::write_inplace(&x, &renorm(c)?)?;
            t(x)
        },
    ),
    Def::both(
        "cov",
        &["cov(Tensor input, *, int correction=1, Tensor? fweights=None, Tensor? aweights=None)"],
        |interp, c| {
            let (fw, aw) = (c.opt_tensor(2)?, c.opt_tensor(3)?);
            let r = stats::cov(&c.this()?, c.int(1)?, fw.as_ref(), aw.as_ref())?;
            warn_dof(interp, r)
        },
    ),
    Def::both("corrcoef", &["corrcoef(Tensor input)"], |interp, c| {
        let r = stats::corrcoef(&c.this()?)?;
        warn_dof(interp, r)
    }),
    Def::both(
        "quantile",
        &[
            "quantile(Tensor input, Tensor q, int? dim=None, bool keepdim=False, *, str interpolation='linear', Tensor out=None)",
            "quantile(Tensor input, float q, int? dim=None, bool keepdim=False, *, str interpolation='linear', Tensor out=None)",
        ],
        |_, c| quantile(c, false),
    ),
    Def::both(
        "nanquantile",
        &[
            "nanquantile(Tensor input, Tensor q, int? dim=None, bool keepdim=False, *, str interpolation='linear', Tensor out=None)",
            "nanquantile(Tensor input, float q, int? dim=None, bool keepdim=False, *, str interpolation='linear', Tensor out=None)",
        ],
        |_, c| quantile(c, true),
    ),
    Def::function(
        "trapezoid",
        &[
            "trapezoid(Tensor y, Tensor x, *, int dim=-1)",
            "trapezoid(Tensor y, *, Scalar dx=1, int dim=-1)",
        ],
        |_, c| trapezoid(c, false),
    ),
    Def::function(
        "trapz",
        &[
            "trapz(Tensor y, *, float dx=1, int dim=-1)",
            "trapz(Tensor y, Tensor x, *, int dim=-1)",
        ],
        |_, c| {
            let y = c.this()?;
            t(match c.which() {
                0 => stats::trapezoid(&y, Spacing::Step(Scalar::Float(c.float(1)?)), c.int(2)?)?,
                _ => stats::trapezoid(&y, Spacing::Points(&c.tensor(1)?), c.int(2)?)?,
            })
        },
    ),
    Def::function(
        "cumulative_trapezoid",
        &[
            "cumulative_trapezoid(Tensor y, Tensor x, *, int dim=-1)",
            "cumulative_trapezoid(Tensor y, *, Scalar dx=1, int dim=-1)",
        ],
        |_, c| trapezoid(c, true),
    ),
];

/// `torch.histogram(input, bins, range=, weight=, density=, out=)`: `torch.return_types.histogram`.
fn histogram(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    use crate::tensor::ops::histogram::{Bins, histogram};
    let x = c.this()?;
    let edges;
    let (bins, range, weight_at, density_at, out_at) = match c.which() {
        0 => {
            edges = c.tensor(1)?;
            (Bins::Edges(&edges), None, 2, 3, 4)
        }
        _ => {
            let range = match c.value(2) {
                None => None,
                Some(v) => Some(
                    interp
                        .collect_iter(&v)?
                        .iter()
                        .map(|f| match f {
                            Value::Float(f) => *f,
                            Value::Int(n, _) => *n as f64,
                            Value::Bool(b) => f64::from(u8::from(*b)),
                            _ => f64::NAN,
                        })
                        .collect::<Vec<f64>>(),
                ),
            };
            (Bins::Count(c.int(1)?), range, 3, 4, 5)
        }
    };
    let weight = c.opt_tensor(weight_at)?;
    let (hist, edges) = histogram(
        &x,
        bins,
        range.as_deref(),
        weight.as_ref(),
        c.bool(density_at)?,
    )?;
    let (hist, edges) = match c.value(out_at) {
        Some(Value::Tuple(outs)) if outs.len() == 2 => match (&outs[0], &outs[1]) {
            (Value::Tensor(h), Value::Tensor(e)) => (
                super::write_out(interp, h, &hist)?,
                super::write_out(interp, e, &edges)?,
            ),
            _ => (hist, edges),
        },
        _ => (hist, edges),
    };
    Ok(super::super::nn::named_tuple(
        interp,
        "histogram",
        vec![
            ("hist", Value::Tensor(hist)),
            ("bin_edges", Value::Tensor(edges)),
        ],
    ))
}

pub(super) static HISTOGRAM_DEFS: &[Def] = &[Def::both(
    "histogram",
    &[
        "histogram(Tensor input, Tensor bins, *, Tensor? weight=None, bool density=False, Tensor[]? out=None)",
        "histogram(Tensor input, int bins=100, *, float[]? range=None, Tensor? weight=None, bool density=False, Tensor[]? out=None)",
    ],
    histogram,
)];
