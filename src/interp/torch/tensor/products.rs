//! `tensordot`, `inner`, `vdot`, `kron`, `baddbmm` and the BLAS-shaped extras (`addmv`, `addr`,
//! `addbmm`, `matrix_power`, `cross`), as functions and methods.

use crate::interp::Interpreter;
use crate::interp::args::Dialect;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::Value;
use crate::tensor::ops::{einsum, linalg, products};
use crate::tensor::{Scalar, Tensor};

use super::super::autograd;
use super::super::call::Def;
use super::math::t;
use crate::interp::args::seq_items;

/// `torch.einsum(*args)` as `torch/functional.py` reads its arguments: an equation and tensors, the
/// tensors as one list, or the sublist format (`einsum(x, [0, 1], y, [1, 2], [0, 2])`, `...` as
/// `Ellipsis`), then ATen's einsum and the `grad_fn` of its last op.
fn einsum_call(interp: &Interpreter, args: &[Value]) -> PyResult<Value> {
    if args.len() < 2 {
        return Err(exc(
            ExcKind::ValueError,
            "einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list",
        ));
    }
    let (equation, operands): (Value, Vec<Value>) = if let Value::Tensor(_) = &args[0] {
        let subscripts = |v: &Value| -> PyResult<String> {
            let mut out = String::new();
            for item in seq_items(v) {
                match item {
                    Value::Ellipsis => out.push_str("..."),
                    Value::Int(n, _) if (0..26).contains(&n) => out.push((b'A' + n as u8) as char),
                    Value::Int(n, _) if (26..52).contains(&n) => {
                        out.push((b'a' + (n - 26) as u8) as char)
                    }
                    _ => {
                        return Err(exc(
                            ExcKind::ValueError,
                            "einsum(): subscript in subscript list is not within the valid range [0, 52)",
                        ));
                    }
                }
            }
            Ok(out)
        };
        let inputs: Vec<String> = args[1..]
            .iter()
            .step_by(2)
            .map(&subscripts)
            .collect::<PyResult<_>>()?;
        let mut equation = inputs.join(",");
        let operands: Vec<Value> = if args.len() % 2 == 1 {
            equation.push_str("->");
            equation.push_str(&subscripts(&args[args.len() - 1])?);
            args[..args.len() - 1].iter().step_by(2).cloned().collect()
        } else {
            args.iter().step_by(2).cloned().collect()
        };
        (Value::Str(equation.into()), operands)
    } else {
        (args[0].clone(), args[1..].to_vec())
    };
    let items = match operands.as_slice() {
        [one @ (Value::List(_) | Value::Tuple(_))] => seq_items(one),
        _ => operands,
    };
    let Value::Str(eq) = &equation else {
        return Err(exc(
            ExcKind::TypeError,
            format!(
                "einsum(): argument 'equation' (position 1) must be str, not {}",
                equation.type_name()
            ),
        ));
    };
    let mut tensors = Vec::with_capacity(items.len());
    for (i, v) in items.into_iter().enumerate() {
        match v {
            Value::Tensor(x) => tensors.push(x),
            other => {
                return Err(exc(
                    ExcKind::TypeError,
                    format!(
                        "expected Tensor as element {i} in argument 1, but got {}",
                        other.type_name()
                    ),
                ));
            }
        }
    }
    let out = einsum::einsum(eq, &tensors)?;
    let inputs: Vec<&Tensor> = tensors.iter().collect();
    let mut v = Value::Tensor(out.result);
    if autograd::recording_tensors(interp, &inputs) {
        v = autograd::mark(v, out.node);
    }
    if let [only] = tensors.as_slice() {
        autograd::mark_view_of_leaf(only, &v);
        v = autograd::mark_no_grad_view(interp, only, v);
    }
    Ok(v)
}

/// One side of `tensordot`'s `dims=([…], […])`: a sequence of ints (the C++ op's `int[]`; a bare
/// int is its TypeError).
fn dim_list(v: &Value, which: &str, position: usize) -> PyResult<Vec<i64>> {
    match v {
        Value::Int(..) => Err(exc(
            ExcKind::TypeError,
            format!(
                "tensordot(): argument '{which}' (position {position}) must be tuple of ints, not int"
            ),
        )),
        Value::List(_) | Value::Tuple(_) => seq_items(v)
            .iter()
            .map(|x| match x {
                Value::Int(n, _) => Ok(*n),
                other => Err(exc(
                    ExcKind::TypeError,
                    format!(
                        "tensordot expects dims to hold ints, got {}",
                        other.type_name()
                    ),
                )),
            })
            .collect(),
        Value::Tensor(x) => Ok(x.to_dtype(crate::tensor::DType::Int64).to_vec::<i64>()),
        other => Err(exc(
            ExcKind::TypeError,
            format!(
                "tensordot expects dims to be int or a pair of lists, got {}",
                other.type_name()
            ),
        )),
    }
}

/// `input, a, b, *, beta, alpha` of `addmv`/`addr`/`addbmm`, passed to the op.
fn scaled_product(
    c: &crate::interp::torch::call::Call,
    op: fn(&Tensor, &Tensor, &Tensor, Scalar, Scalar) -> crate::tensor::Result<Tensor>,
) -> crate::interp::error::PyResult<Value> {
    t(op(
        &c.this()?,
        &c.tensor(1)?,
        &c.tensor(2)?,
        c.scalar(3)?,
        c.scalar(4)?,
    )?)
}

pub(super) static DEFS: &[Def] = &[
    Def::both(
        "addmv",
        &[
            "addmv(Tensor input, Tensor mat, Tensor vec, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)",
        ],
        |_, c| scaled_product(c, linalg::addmv),
    ),
    Def::both(
        "addr",
        &[
            "addr(Tensor input, Tensor vec1, Tensor vec2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)",
        ],
        |_, c| scaled_product(c, linalg::addr),
    ),
    Def::both(
        "addbmm",
        &[
            "addbmm(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)",
        ],
        |_, c| scaled_product(c, linalg::addbmm),
    ),
    Def::both(
        "matrix_power",
        &["matrix_power(Tensor input, int n, *, Tensor out=None)"],
        |interp, c| {
            let (x, n) = (c.this()?, c.int(1)?);
            let r = Value::Tensor(linalg::matrix_power(&x, n)?);
            Ok(
                if super::super::autograd::recording_tensors(interp, &[&x]) {
                    super::super::autograd::mark(r, super::super::linalg::power_node(&x, n))
                } else {
                    r
                },
            )
        },
    ),
    Def::both(
        "cross",
        &["cross(Tensor input, Tensor other, int? dim=None, *, Tensor out=None)"],
        |interp, c| {
            let dim = c.opt_int(2)?;
            if dim.is_none() {
                interp.warnings.push(
                    "UserWarning: Using torch.cross without specifying the dim arg is deprecated.\nPlease either pass the dim explicitly or simply use torch.linalg.cross.\nThe default value of dim will change to agree with that of linalg.cross in a future release.".into(),
                );
            }
            t(linalg::cross(&c.this()?, &c.tensor(1)?, dim)?)
        },
    ),
    Def::python("einsum", "einsum(*args)", Dialect::PyDef, |interp, c| {
        einsum_call(interp, &c.varargs())
    }),
    Def::python(
        "tensordot",
        "tensordot(a, b, dims=2, out=None)",
        Dialect::PyDef,
        |_, c| {
            let (a, b) = (c.tensor(0)?, c.tensor(1)?);
            let dims = c.value(2).unwrap_or(Value::int(2));
            match &dims {
                Value::Int(n, _) => t(products::tensordot_n(&a, &b, *n)?),
                Value::List(_) | Value::Tuple(_) => {
                    let items = seq_items(&dims);
                    if items.len() != 2 {
                        return Err(exc(
                            ExcKind::RuntimeError,
                            "tensordot expects dims to be a pair of lists",
                        ));
                    }
                    let (da, db) = (
                        dim_list(&items[0], "dims_self", 3)?,
                        dim_list(&items[1], "dims_other", 4)?,
                    );
                    t(products::tensordot(&a, &b, &da, &db)?)
                }
                Value::Tensor(x) if x.ndim() == 0 => {
                    t(products::tensordot_n(&a, &b, x.item()?.to_i64())?)
                }
                other => {
                    let (da, db) = match dim_list(other, "dims_self", 3)?.as_slice() {
                        [x, y] => (vec![*x], vec![*y]),
                        _ => {
                            return Err(exc(
                                ExcKind::RuntimeError,
                                "tensordot expects dims to be a pair of lists",
                            ));
                        }
                    };
                    t(products::tensordot(&a, &b, &da, &db)?)
                }
            }
        },
    ),
    Def::both(
        "inner",
        &["inner(Tensor input, Tensor other, *, Tensor out=None)"],
        |_, c| t(products::inner(&c.this()?, &c.tensor(1)?)?),
    ),
    Def::both(
        "vdot",
        &["vdot(Tensor input, Tensor other, *, Tensor out=None)"],
        |_, c| t(products::vdot(&c.this()?, &c.tensor(1)?)?),
    ),
    Def::both(
        "kron",
        &["kron(Tensor input, Tensor other, *, Tensor out=None)"],
        |_, c| t(products::kron(&c.this()?, &c.tensor(1)?)?),
    ),
    Def::both(
        "baddbmm",
        &[
            "baddbmm(Tensor input, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1, Tensor out=None)",
        ],
        |_, c| {
            let beta = c.opt_scalar(3)?.unwrap_or(Scalar::Int(1));
            let alpha = c.opt_scalar(4)?.unwrap_or(Scalar::Int(1));
            t(products::baddbmm(
                &c.this()?,
                &c.tensor(1)?,
                &c.tensor(2)?,
                beta,
                alpha,
            )?)
        },
    ),
];
