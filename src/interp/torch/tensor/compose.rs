//! Ops torch composes from others, as functions and methods: other names for views (`swapdims`,
//! `moveaxis`, `ravel`, `broadcast_to`, `flipud`, `positive`), the splits (`tensor_split`,
//! `hsplit`/`vsplit`/`dsplit`), `take`, `take_along_dim`, `diff`, `roll`, `trace`, `nansum`,
//! `nanmean`, `addcmul`/`addcdiv`, `diag_embed`, `diagflat`, `rot90`, `argwhere`, `adjoint`, `narrow_copy`, `dist`, and the tests
//! `is_nonzero`, `isposinf`, `isneginf`, `isreal`.

use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::Value;
use crate::tensor::ops::compose::{self, SplitAt};
use crate::tensor::ops::{gather, pointwise, reorder, sort};
use crate::tensor::{DType, Scalar, Tensor};

use super::super::call::{Call, Def};
use super::math::t;

fn tensors(ts: Vec<Tensor>) -> PyResult<Value> {
    Ok(Value::tuple(ts.into_iter().map(Value::Tensor).collect()))
}

/// The sections or indices of a split call: an int, a list of ints, or a tensor holding either.
fn split_at(c: &Call, i: usize) -> PyResult<SplitAt> {
    match c.value(i) {
        Some(Value::Tensor(x)) => {
            if x.dtype() != DType::Int64 {
                return Err(exc(
                    ExcKind::RuntimeError,
                    format!(
                        "tensor_split expected tensor_indices_or_sections to have integer dtype, but got {}",
                        x.dtype().scalar_type_name()
                    ),
                ));
            }
            match x.ndim() {
                0 => Ok(SplitAt::Sections(x.item()?.to_i64())),
                1 => Ok(SplitAt::Indices(x.to_vec::<i64>())),
                n => Err(exc(
                    ExcKind::RuntimeError,
                    format!(
                        "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with {n} dims"
                    ),
                )),
            }
        }
        Some(Value::Int(..)) | Some(Value::Bool(_)) => Ok(SplitAt::Sections(c.int(i)?)),
        _ => Ok(SplitAt::Indices(c.int_list(i)?)),
    }
}

/// `out` laid out as TensorIterator lays out an output of `x`.
fn follow(out: Tensor, x: &Tensor) -> Tensor {
    crate::tensor::ops::elementwise::follow_inputs(out, &[&crate::tensor::Operand::Tensor(x)])
}

/// `x == inf` (or `-inf`) elementwise; never for integers and bools.
fn is_float_special(x: &Tensor, inf: f32) -> PyResult<Tensor> {
    let out = if x.dtype() == DType::Float32 {
        crate::tensor::ops::elementwise::map::<f32, bool>(x, move |v| v == inf)?
    } else {
        Tensor::full(x.shape(), Scalar::Bool(false), DType::Bool)?
    };
    Ok(follow(out, x))
}

/// `torch.take_along_dim(input, indices, dim)`: `gather` after broadcasting every other dim; the flat
/// tensor read at the flat indices when `dim` is `None`.
fn take_along_dim(c: &Call) -> PyResult<Tensor> {
    let (x, idx) = (c.this()?, c.tensor(1)?);
    let Some(dim) = c.opt_int(2)? else {
        if idx.dtype() != DType::Int64 {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "torch.take_along_dim(): dtype of indices should be Long but got {}",
                    idx.dtype().scalar_type_name()
                ),
            ));
        }
        let flat = x.reshape(&[-1])?;
        return Ok(gather::gather(&flat, 0, &idx.reshape(&[-1])?)?);
    };
    if x.ndim() != idx.ndim() {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "torch.take_along_dim(): input and indices should have the same number of dimensions, but got {} dimensions for input, and {} dimensions for indices",
                x.ndim(),
                idx.ndim()
            ),
        ));
    }
    if idx.dtype() != DType::Int64 {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "torch.take_along_dim(): dtype of indices should be Long but got {}",
                idx.dtype().scalar_type_name()
            ),
        ));
    }
    let d = crate::tensor::layout::wrap_dim(dim, x.ndim())?;
    let mut xs: Vec<i64> = Vec::new();
    let mut is: Vec<i64> = Vec::new();
    for k in 0..x.ndim() {
        let (a, b) = (x.shape()[k] as i64, idx.shape()[k] as i64);
        if k == d {
            xs.push(a);
            is.push(b);
        } else {
            let m = if a == 1 { b } else { a };
            xs.push(m);
            is.push(m);
        }
    }
    let x = x.expand(&xs)?;
    let idx = idx.expand(&is)?;
    Ok(gather::gather(&x, d as i64, &idx)?)
}

fn addc(c: &Call, div: bool) -> PyResult<Tensor> {
    let value = c.opt_scalar(3)?.unwrap_or(Scalar::Int(1));
    Ok(compose::addc(
        &c.this()?,
        &c.tensor(1)?,
        &c.tensor(2)?,
        value,
        div,
    )?)
}

fn addc_(c: &Call, div: bool) -> PyResult<Value> {
    let x = c.this()?;
    let value = addc(c, div)?;
    crate::tensor::ops::elementwise::check_cast(value.dtype(), x.dtype())?;
    x.copy_from(&value)?;
    t(x)
}

pub(super) static DEFS: &[Def] = &[
    Def::both("adjoint", &["adjoint(Tensor input)"], |_, c| {
        let x = c.this()?;
        if x.ndim() == 0 {
            return t(x);
        }
        if x.ndim() < 2 {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "tensor.adjoint() is only supported on matrices or batches of matrices. Got {}-D tensor.",
                    x.ndim()
                ),
            ));
        }
        t(x.transpose(-2, -1)?)
    }),
    Def::both(
        "narrow_copy",
        &["narrow_copy(Tensor input, int dim, SymInt start, SymInt length, *, Tensor out=None)"],
        |_, c| {
            let (x, dim) = (c.this()?, c.int(1)?);
            if dim >= x.ndim() as i64 {
                // ATen's narrow_copy checks with TORCH_CHECK's generic text.
                return Err(exc(
                    ExcKind::RuntimeError,
                    "Expected dim < static_cast<int64_t>(self_sizes.size()) to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
                ));
            }
            let piece = x.narrow(dim, c.int(2)?, c.int(3)?)?;
            t(piece.contiguous().deep_copy())
        },
    ),
    Def::both(
        "dist",
        &["dist(Tensor input, Tensor other, Scalar p=2)"],
        |_, c| {
            let (x, y) = (c.this()?, c.tensor(1)?);
            let common = crate::tensor::dtype::result_type(&[
                crate::tensor::dtype::Operand::Dimensioned(x.dtype()),
                crate::tensor::dtype::Operand::Dimensioned(y.dtype()),
            ]);
            if !common.is_floating_point() {
                return Err(exc(
                    ExcKind::NotImplementedError,
                    format!(
                        "norm(): input dtype should be either floating point or complex. Got {} instead.",
                        common.scalar_type_name()
                    ),
                ));
            }
            let diff = crate::tensor::ops::elementwise::binary(
                crate::tensor::BinaryOp::Sub,
                crate::tensor::Operand::Tensor(&c.this()?),
                crate::tensor::Operand::Tensor(&c.tensor(1)?),
            )?;
            t(crate::tensor::ops::reduce::vector_norm(
                &diff,
                c.scalar(2)?.to_f64(),
                None,
                false,
            )?)
        },
    ),
    Def::both(
        "diag_embed",
        &["diag_embed(Tensor input, int offset=0, int dim1=-2, int dim2=-1)"],
        |_, c| {
            t(crate::tensor::ops::grid::diag_embed(
                &c.this()?,
                c.int(1)?,
                c.int(2)?,
                c.int(3)?,
            )?)
        },
    ),
    Def::both(
        "diagflat",
        &["diagflat(Tensor input, int offset=0)"],
        |_, c| t(crate::tensor::ops::grid::diagflat(&c.this()?, c.int(1)?)?),
    ),
    Def::both(
        "rot90",
        &["rot90(Tensor input, int k=1, int[] dims=[0,1])"],
        |_, c| {
            t(crate::tensor::ops::grid::rot90(
                &c.this()?,
                c.int(1)?,
                &c.int_list(2)?,
            )?)
        },
    ),
    Def::both("argwhere", &["argwhere(Tensor input)"], |_, c| {
        t(gather::nonzero(&c.this()?)?)
    }),
    Def::both(
        "swapdims",
        &["swapdims(Tensor input, int dim0, int dim1)"],
        |_, c| t(c.this()?.transpose(c.int(1)?, c.int(2)?)?),
    ),
    Def::both(
        "moveaxis",
        &[
            "moveaxis(Tensor input, int source, int destination)",
            "moveaxis(Tensor input, int[] source, int[] destination)",
        ],
        |_, c| {
            let x = c.this()?;
            match c.which() {
                0 => t(reorder::movedim(&x, c.int(1)?, c.int(2)?)?),
                _ => t(compose::movedim(&x, &c.int_list(1)?, &c.int_list(2)?)?),
            }
        },
    ),
    Def::noargs(
        "ravel",
        "TensorBase.ravel()",
        &["ravel(Tensor input)"],
        |_, c| t(c.this()?.reshape(&[-1])?),
    ),
    Def::both(
        "broadcast_to",
        &["broadcast_to(Tensor input, SymInt[] size)"],
        |_, c| {
            t(c.this()?
                .expand_named(&c.int_list(1)?, &c.int_list_syms(1))?)
        },
    ),
    Def::noargs(
        "flipud",
        "TensorBase.flipud()",
        &["flipud(Tensor input)"],
        |_, c| {
            let x = c.this()?;
            if x.ndim() < 1 {
                return Err(exc(ExcKind::RuntimeError, "Input must be >= 1-d."));
            }
            t(reorder::flip(&x, &[0])?)
        },
    ),
    Def::noargs(
        "positive",
        "TensorBase.positive()",
        &["positive(Tensor input)"],
        |_, c| {
            let x = c.this()?;
            if x.dtype() == DType::Bool {
                return Err(exc(
                    ExcKind::NotImplementedError,
                    "The `+` operator, on a bool tensor is not supported.",
                ));
            }
            t(x.with_layout(x.layout().clone()).with_axes_of(&x))
        },
    ),
    Def::noargs(
        "is_nonzero",
        "TensorBase.is_nonzero()",
        &["is_nonzero(Tensor input)"],
        |_, c| {
            let x = c.this()?;
            match x.numel() {
                0 => Err(exc(
                    ExcKind::RuntimeError,
                    "Boolean value of Tensor with no values is ambiguous",
                )),
                1 => Ok(Value::Bool(x.item()?.to_f64() != 0.0)),
                _ => Err(exc(
                    ExcKind::RuntimeError,
                    "Boolean value of Tensor with more than one value is ambiguous",
                )),
            }
        },
    ),
    Def::noargs(
        "is_complex",
        "TensorBase.is_complex()",
        &["is_complex(Tensor input)"],
        |_, _| Ok(Value::Bool(false)),
    ),
    Def::both(
        "isposinf",
        &["isposinf(Tensor input, *, Tensor out=None)"],
        |_, c| t(is_float_special(&c.this()?, f32::INFINITY)?),
    ),
    Def::both(
        "isneginf",
        &["isneginf(Tensor input, *, Tensor out=None)"],
        |_, c| t(is_float_special(&c.this()?, f32::NEG_INFINITY)?),
    ),
    Def::noargs(
        "isreal",
        "TensorBase.isreal()",
        &["isreal(Tensor input)"],
        |_, c| {
            let x = c.this()?;
            t(follow(
                Tensor::full(x.shape(), Scalar::Bool(true), DType::Bool)?,
                &x,
            ))
        },
    ),
    Def::both(
        "msort",
        &["msort(Tensor input, *, Tensor out=None)"],
        |_, c| t(sort::sort(&c.this()?, 0, false)?.values),
    ),
    Def::both(
        "ger",
        &["ger(Tensor input, Tensor vec2, *, Tensor out=None)"],
        |_, c| t(pointwise::outer(&c.this()?, &c.tensor(1)?)?),
    ),
    Def::both(
        "tensor_split",
        &[
            "tensor_split(Tensor input, SymInt[] indices, int dim=0)",
            "tensor_split(Tensor input, Tensor tensor_indices_or_sections, int dim=0)",
            "tensor_split(Tensor input, SymInt sections, int dim=0)",
        ],
        |_, c| {
            tensors(compose::tensor_split(
                &c.this()?,
                &split_at(c, 1)?,
                c.int(2)?,
            )?)
        },
    ),
    Def::both(
        "hsplit",
        &[
            "hsplit(Tensor input, int sections)",
            "hsplit(Tensor input, int[] indices)",
        ],
        |_, c| {
            tensors(compose::split_along(
                &c.this()?,
                &split_at(c, 1)?,
                "hsplit",
            )?)
        },
    ),
    Def::both(
        "vsplit",
        &[
            "vsplit(Tensor input, int sections)",
            "vsplit(Tensor input, int[] indices)",
        ],
        |_, c| {
            tensors(compose::split_along(
                &c.this()?,
                &split_at(c, 1)?,
                "vsplit",
            )?)
        },
    ),
    Def::both(
        "dsplit",
        &[
            "dsplit(Tensor input, int sections)",
            "dsplit(Tensor input, int[] indices)",
        ],
        |_, c| {
            tensors(compose::split_along(
                &c.this()?,
                &split_at(c, 1)?,
                "dsplit",
            )?)
        },
    ),
    Def::both(
        "take",
        &["take(Tensor input, Tensor index, *, Tensor out=None)"],
        |_, c| t(compose::take(&c.this()?, &c.tensor(1)?)?),
    ),
    Def::both(
        "take_along_dim",
        &["take_along_dim(Tensor input, Tensor indices, int? dim=None, *, Tensor out=None)"],
        |_, c| t(take_along_dim(c)?),
    ),
    Def::both(
        "addcmul",
        &[
            "addcmul(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)",
        ],
        |_, c| t(addc(c, false)?),
    ),
    Def::both(
        "addcdiv",
        &[
            "addcdiv(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1, Tensor out=None)",
        ],
        |_, c| t(addc(c, true)?),
    ),
    Def::method(
        "addcmul_",
        &["addcmul_(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1)"],
        |_, c| addc_(c, false),
    ),
    Def::method(
        "addcdiv_",
        &["addcdiv_(Tensor input, Tensor tensor1, Tensor tensor2, *, Scalar value=1)"],
        |_, c| addc_(c, true),
    ),
    Def::both(
        "diff",
        &[
            "diff(Tensor input, int n=1, int dim=-1, Tensor? prepend=None, Tensor? append=None, *, Tensor out=None)",
        ],
        |_, c| {
            t(compose::diff(
                &c.this()?,
                c.int(1)?,
                c.int(2)?,
                c.opt_tensor(3)?.as_ref(),
                c.opt_tensor(4)?.as_ref(),
            )?)
        },
    ),
    Def::both(
        "roll",
        &["roll(Tensor input, SymInt[1] shifts, int[1] dims=[])"],
        |_, c| t(compose::roll(&c.this()?, &c.int_list(1)?, &c.int_list(2)?)?),
    ),
    Def::noargs(
        "trace",
        "TensorBase.trace()",
        &["trace(Tensor input)"],
        |_, c| t(compose::trace(&c.this()?)?),
    ),
    Def::both(
        "nansum",
        &[
            "nansum(Tensor input, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
        ],
        |_, c| {
            t(compose::nansum(
                &c.this()?,
                c.opt_int_list(1)?.as_deref(),
                c.bool(2)?,
            )?)
        },
    ),
    Def::both(
        "nanmean",
        &[
            "nanmean(Tensor input, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
        ],
        |_, c| {
            t(compose::nanmean(
                &c.this()?,
                c.opt_int_list(1)?.as_deref(),
                c.bool(2)?,
            )?)
        },
    ),
];
