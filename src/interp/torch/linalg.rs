//! `torch.linalg`: the norms a learner reaches for (`vector_norm`, `matrix_norm`, `norm`), `vecdot`,
//! and the linalg spellings of `cross`, `matrix_power` and `multi_dot`. Each is a [`Def`] with
//! PyTorch's signature (`linalg_vector_norm(Tensor input, ...)`, as its argument errors name it), run
//! through the same call path as the `torch` functions.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::LazyLock;

use crate::interp::Interpreter;
use crate::interp::builtins::builtin_with;
use crate::interp::error::PyResult;
use crate::interp::value::{Module, Value};
use crate::tensor::ops::elementwise::{Operand, binary};
use crate::tensor::ops::linalg;
use crate::tensor::ops::norm::{self, MatrixOrd};
use crate::tensor::{BinaryOp, DType, Tensor, TensorError};

use super::autograd;
use super::call::{Call, Def, Prepared};

static DEFS: &[(&str, Def)] = &[
    (
        "vector_norm",
        Def::function(
            "linalg_vector_norm",
            &[
                "linalg_vector_norm(Tensor input, Scalar ord=2, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
            ],
            |interp, c| {
                vector_norm(
                    interp,
                    &c.this()?,
                    c.float(1)?,
                    c.opt_int_list(2)?,
                    c.bool(3)?,
                    c.dtype(4)?,
                )
            },
        ),
    ),
    (
        "matrix_norm",
        Def::function(
            "linalg_matrix_norm",
            &[
                "linalg_matrix_norm(Tensor input, Scalar ord, int[] dim=[-2,-1], bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
                "linalg_matrix_norm(Tensor input, str ord=\"fro\", int[] dim=[-2,-1], bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
            ],
            |interp, c| {
                let x = c.this()?;
                let ord = matrix_ord(c)?;
                let r = norm::matrix_norm(&x, ord, &c.int_list(2)?, c.bool(3)?, c.dtype(4)?)?;
                graded(interp, &[&x], r, matrix_node(ord))
            },
        ),
    ),
    (
        "norm",
        Def::function(
            "linalg_norm",
            &[
                "linalg_norm(Tensor input, Scalar? ord=None, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
                "linalg_norm(Tensor input, str ord, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None)",
            ],
            linalg_norm,
        ),
    ),
    (
        "vecdot",
        Def::function(
            "linalg_vecdot",
            &["linalg_vecdot(Tensor x, Tensor y, *, int dim=-1, Tensor out=None)"],
            |interp, c| {
                let (x, y) = (c.this()?, c.tensor(1)?);
                if !x.dtype().is_floating_point() {
                    return Err(TensorError::NotImplemented(format!(
                        "linalg.vecdot: Expected a floating point or complex tensor as input. Got {}",
                        x.dtype().scalar_type_name()
                    ))
                    .into());
                }
                if x.dtype() != y.dtype() {
                    return Err(TensorError::runtime(format!(
                        "linalg.vecdot: Expected x and y to have the same dtype, but found x of type {} and y of type {} instead",
                        x.dtype().scalar_type_name(),
                        y.dtype().scalar_type_name()
                    ))
                    .into());
                }
                // ATen's `linalg_vecdot`: `vdot` for two vectors (whatever `dim` says), else a product
                // summed over `dim`.
                if x.ndim() == 1 && y.ndim() == 1 {
                    let r = crate::tensor::ops::matmul::dot(&x, &y)?;
                    return graded(interp, &[&x, &y], r, "VdotBackward0");
                }
                let product = binary(BinaryOp::Mul, Operand::Tensor(&x), Operand::Tensor(&y))?;
                let r = product.sum(Some(&[c.int(2)?]), false)?;
                graded(interp, &[&x, &y], r, "SumBackward1")
            },
        ),
    ),
    (
        "cross",
        Def::function(
            "linalg_cross",
            &["linalg_cross(Tensor input, Tensor other, *, int dim=-1, Tensor out=None)"],
            |interp, c| {
                let (x, y) = (c.this()?, c.tensor(1)?);
                let r = linalg::cross(&x, &y, Some(c.int(2)?))?;
                graded(interp, &[&x, &y], r, "LinalgCrossBackward0")
            },
        ),
    ),
    (
        "matrix_power",
        Def::function(
            "linalg_matrix_power",
            &["linalg_matrix_power(Tensor input, int n, *, Tensor out=None)"],
            |interp, c| {
                let (x, n) = (c.this()?, c.int(1)?);
                let r = linalg::matrix_power(&x, n)?;
                graded(interp, &[&x], r, power_node(&x, n))
            },
        ),
    ),
    (
        "multi_dot",
        Def::function(
            "linalg_multi_dot",
            &["linalg_multi_dot(Tensor[] tensors, *, Tensor out=None)"],
            |interp, c| {
                let tensors = c.tensors(0)?;
                let r = linalg::multi_dot(&tensors)?;
                graded(
                    interp,
                    &tensors.iter().collect::<Vec<_>>(),
                    r,
                    "ViewBackward0",
                )
            },
        ),
    ),
];

static PREPARED: LazyLock<Vec<(&'static str, Prepared)>> = LazyLock::new(|| {
    DEFS.iter()
        .map(|(name, def)| (*name, Prepared::new(def)))
        .collect()
});

/// The `torch.linalg` module, registered for `import torch.linalg`.
pub(super) fn install(interp: &mut Interpreter) -> Value {
    let attrs: HashMap<&'static str, Value> = PREPARED
        .iter()
        .map(|(name, p)| {
            (
                *name,
                builtin_with(name, move |i, a| super::tensor::call_function(i, p, a)),
            )
        })
        .collect();
    let module = Value::Module(Rc::new(Module {
        name: "torch.linalg",
        attrs,
    }));
    interp.modules.insert("torch.linalg", module.clone());
    module
}

/// The result, given PyTorch's grad_fn `node` when an input requires grad (and grad mode is on).
fn graded(
    interp: &Interpreter,
    inputs: &[&Tensor],
    result: Tensor,
    node: &'static str,
) -> PyResult<Value> {
    let v = Value::Tensor(result);
    Ok(if autograd::recording_tensors(interp, inputs) {
        autograd::mark(v, node)
    } else {
        v
    })
}

/// The node of a matrix norm's last op: the vector norm for `'fro'`, `amax`/`amin` for 1 and inf.
fn matrix_node(ord: MatrixOrd) -> &'static str {
    match ord {
        MatrixOrd::Number(p) if p > 0.0 => "AmaxBackward0",
        MatrixOrd::Number(_) => "AminBackward0",
        _ => "LinalgVectorNormBackward0",
    }
}

/// The node of `matrix_power`'s last op: the identity's copy, a clone, or the last product (`mm` for
/// one matrix, `matmul`'s view for a batch).
pub(super) fn power_node(x: &Tensor, n: i64) -> &'static str {
    match n {
        0 => "torch::autograd::CopyBackwards",
        1 => "CloneBackward0",
        _ if x.ndim() == 2 => "MmBackward0",
        _ => "UnsafeViewBackward0",
    }
}

/// `linalg.vector_norm`: ATen's input check, its `dtype=` check, then the norm of the input cast to
/// that dtype.
fn vector_norm(
    interp: &Interpreter,
    x: &Tensor,
    ord: f64,
    dims: Option<Vec<i64>>,
    keepdim: bool,
    dtype: Option<DType>,
) -> PyResult<Value> {
    if !x.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "linalg.vector_norm: Expected a floating point or complex tensor as input. Got {}",
            x.dtype().scalar_type_name()
        ))
        .into());
    }
    norm::check_norm_dtype(dtype, x.dtype(), "linalg.vector_norm")?;
    let cast = match dtype {
        Some(d) => x.to_dtype_preserve(d),
        None => x.clone(),
    };
    let r = norm::vector_norm(&cast, ord, dims.as_deref(), keepdim)?;
    graded(interp, &[x], r, "LinalgVectorNormBackward0")
}

/// The `ord` of `matrix_norm` (and of `norm`'s matrix cases): a number (the first overload), or
/// `'fro'`/`'nuc'` (any other string is refused as ATen refuses it).
fn matrix_ord(c: &Call) -> PyResult<MatrixOrd> {
    if c.which() == 0 {
        return Ok(MatrixOrd::Number(c.float(1)?));
    }
    Ok(match c.str(1)? {
        Some(s) if &*s == "fro" => MatrixOrd::Fro,
        Some(s) if &*s == "nuc" => MatrixOrd::Nuc,
        s => {
            return Err(TensorError::runtime(format!(
                "linalg.matrix_norm: Order {} not supported.",
                s.as_deref().unwrap_or("None")
            ))
            .into());
        }
    })
}

/// `linalg.norm(A, ord=None, dim=None, keepdim=False, *, dtype=None)` as ATen's `linalg_norm`: a
/// matrix norm when `ord` is given with two dims (or none, for a 2-D input) or is a string, else the
/// vector norm (`ord=None` is the 2-norm over everything).
fn linalg_norm(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    let dims = c.opt_int_list(2)?;
    let by_name = c.which() == 1;
    let ord_given = by_name || !matches!(c.value(1), None | Some(Value::None));
    match &dims {
        Some(d) if d.len() != 1 && d.len() != 2 => {
            return Err(TensorError::runtime(format!(
                "linalg.norm: If dim is specified, it must be of length 1 or 2. Got [{}]",
                d.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            .into());
        }
        None if ord_given && x.ndim() != 1 && x.ndim() != 2 => {
            return Err(TensorError::runtime(format!(
                "linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got {}D.",
                x.ndim()
            ))
            .into());
        }
        _ => {}
    }
    let (keepdim, dtype) = (c.bool(3)?, c.dtype(4)?);
    let matrix = by_name
        || (ord_given
            && match &dims {
                Some(d) => d.len() == 2,
                None => x.ndim() == 2,
            });
    if matrix {
        let dims = dims.unwrap_or_else(|| vec![0, 1]);
        let ord = matrix_ord(c)?;
        let r = norm::matrix_norm(&x, ord, &dims, keepdim, dtype)?;
        return graded(interp, &[&x], r, matrix_node(ord));
    }
    let ord = if ord_given { c.float(1)? } else { 2.0 };
    vector_norm(interp, &x, ord, dims, keepdim, dtype)
}
