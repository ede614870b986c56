//! `meshgrid`, `cartesian_prod`, `combinations`, `block_diag`, `isin`, `unravel_index` and
//! `triu_indices`, onto `tensor::ops::grid` (the ones that are also methods are in `tensor/compose.rs`);
//! `cdist`, onto `tensor::ops::distance`.

use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::Tensor;
use crate::tensor::ops::create;
use crate::tensor::ops::grid::{self, Indexing};

use super::super::call::{Call, Def};
use super::super::value_to_scalar;

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

fn tuple(ts: Vec<Tensor>) -> PyResult<Value> {
    Ok(Value::tuple(ts.into_iter().map(Value::Tensor).collect()))
}

/// `*tensors` of a Python-written torch function (or, with `unwrap`, one list or tuple of them, as
/// `meshgrid` accepts), bound as the C++ op's `Tensor[]`.
fn tensor_list(c: &Call, sig: &'static Sig, unwrap: bool) -> PyResult<Vec<Tensor>> {
    let mut given = c.varargs();
    let arg = if unwrap && given.len() == 1 && matches!(given[0], Value::List(_) | Value::Tuple(_))
    {
        given.remove(0)
    } else {
        Value::tuple(given)
    };
    sig.bind(Args::new(vec![arg]))?.tensors(0)
}

/// A tensor or a Python number, as `isin` takes either side.
fn tensor_or_number(c: &Call, i: usize) -> PyResult<Tensor> {
    match c.value(i) {
        Some(Value::Tensor(x)) => Ok(x),
        Some(v) => match value_to_scalar(&v) {
            Some(s) => Ok(grid::scalar_tensor(s)?),
            None => Err(exc(
                ExcKind::TypeError,
                format!(
                    "isin() received an invalid combination of arguments - got ({}), but expected Tensor or Scalar",
                    v.type_name()
                ),
            )),
        },
        None => Err(exc(ExcKind::TypeError, "isin() missing an argument")),
    }
}

static MESHGRID: Sig = Sig::torch("meshgrid(Tensor[] tensors)");
static CARTESIAN: Sig = Sig::torch("cartesian_prod(Tensor[] tensors)");
static BLOCK_DIAG: Sig = Sig::torch("block_diag(Tensor[] tensors)");
static CHAIN_MATMUL: Sig = Sig::torch("chain_matmul(Tensor[] matrices)");

static CDIST: Sig =
    Sig::torch("cdist(Tensor x1, Tensor x2, double p=2, int64_t? compute_mode=None)");

/// `torch.cdist`: the Python function's `compute_mode` names, then `_VF.cdist`.
fn cdist(interp: &mut crate::interp::Interpreter, c: &Call) -> PyResult<Value> {
    let mode = match c.value_or_default(3)? {
        Value::Str(s) => match &*s {
            "use_mm_for_euclid_dist_if_necessary" => Value::None,
            "use_mm_for_euclid_dist" => Value::int(1),
            "donot_use_mm_for_euclid_dist" => Value::int(2),
            other => {
                return Err(exc(
                    ExcKind::ValueError,
                    format!("{other} is not a valid value for compute_mode"),
                ));
            }
        },
        other => {
            return Err(exc(
                ExcKind::ValueError,
                format!(
                    "{} is not a valid value for compute_mode",
                    interp.to_str(&other)?
                ),
            ));
        }
    };
    let args = vec![
        c.value_or_default(0)?,
        c.value_or_default(1)?,
        c.value_or_default(2)?,
        mode,
    ];
    let b = CDIST.bind(Args::new(args))?;
    let (x1, x2) = (b.tensor(0)?, b.tensor(1)?);
    let mode = b.opt_int(3)?.unwrap_or(0);
    t(crate::tensor::ops::distance::cdist(
        &x1,
        &x2,
        b.float(2)?,
        mode,
    )?)
}

pub(super) static DEFS: &[Def] = &[
    Def::python(
        "cdist",
        "cdist(x1, x2, p=2.0, compute_mode=\"use_mm_for_euclid_dist_if_necessary\")",
        Dialect::PyDef,
        cdist,
    ),
    Def::python(
        "meshgrid",
        "meshgrid(*tensors, indexing=None)",
        Dialect::PyDef,
        |_, c| {
            let ts = tensor_list(c, &MESHGRID, true)?;
            let indexing = match c.str(0)? {
                Some(name) => Indexing::parse(&name)?,
                None => Indexing::Ij,
            };
            tuple(grid::meshgrid(&ts, indexing)?)
        },
    ),
    Def::python(
        "cartesian_prod",
        "cartesian_prod(*tensors)",
        Dialect::PyDef,
        |_, c| t(grid::cartesian_prod(&tensor_list(c, &CARTESIAN, false)?)?),
    ),
    Def::python(
        "block_diag",
        "block_diag(*tensors)",
        Dialect::PyDef,
        |_, c| t(grid::block_diag(&tensor_list(c, &BLOCK_DIAG, false)?)?),
    ),
    Def::python(
        "chain_matmul",
        "chain_matmul(*matrices, out=None)",
        Dialect::PyDef,
        |interp, c| {
            interp.warnings.push(
                "UserWarning: torch.chain_matmul is deprecated and will be removed in a future PyTorch release. Use torch.linalg.multi_dot instead, which accepts a list of two or more tensors rather than multiple parameters.".into(),
            );
            let out =
                crate::tensor::ops::linalg::chain_matmul(&tensor_list(c, &CHAIN_MATMUL, false)?)?;
            match c.value(0) {
                Some(Value::Tensor(o)) => {
                    t(crate::interp::torch::tensor::write_out(interp, &o, &out)?)
                }
                _ => t(out),
            }
        },
    ),
    Def::function(
        "combinations",
        &["combinations(Tensor input, int r=2, bool with_replacement=False)"],
        |_, c| t(grid::combinations(&c.tensor(0)?, c.int(1)?, c.bool(2)?)?),
    ),
    Def::function(
        "isin",
        &[
            "isin(Tensor elements, Tensor test_elements, *, bool assume_unique=False, bool invert=False, Tensor out=None)",
            "isin(Tensor elements, Scalar test_element, *, bool assume_unique=False, bool invert=False, Tensor out=None)",
            "isin(Scalar element, Tensor test_elements, *, bool assume_unique=False, bool invert=False, Tensor out=None)",
        ],
        |_, c| {
            let (e, test) = (tensor_or_number(c, 0)?, tensor_or_number(c, 1)?);
            t(grid::isin(&e, &test, c.bool(3)?)?)
        },
    ),
    Def::python(
        "unravel_index",
        "unravel_index(indices, shape)",
        Dialect::PyDef,
        |_, c| {
            let Some(Value::Tensor(indices)) = c.value(0) else {
                let got = c.value(0).map(|v| v.type_name()).unwrap_or_default();
                return Err(exc(
                    ExcKind::AttributeError,
                    format!("'{got}' object has no attribute 'is_complex'"),
                ));
            };
            let shape = match c.value(1) {
                Some(Value::Int(n, _)) => vec![n],
                _ => c.int_list(1)?,
            };
            tuple(grid::unravel_index(&indices, &shape)?)
        },
    ),
    Def::function(
        "triu_indices",
        &[
            "triu_indices(int row, int col, int offset=0, *, ScalarType? dtype=torch.int64, Layout? layout=None, Device? device=None, bool? pin_memory=False)",
        ],
        |_, c| {
            let out = create::triu_indices(c.int(0)?, c.int(1)?, c.int(2)?)?;
            t(indices_dtype("triu_indices", out, c.dtype(3)?)?)
        },
    ),
];

/// `tril_indices`/`triu_indices` in the dtype asked for: an integer type, as ATen dispatches them.
pub(super) fn indices_dtype(
    name: &str,
    out: Tensor,
    dtype: Option<crate::tensor::DType>,
) -> PyResult<Tensor> {
    match dtype {
        None => Ok(out),
        Some(d) if d.category() == crate::tensor::dtype::Category::Int => Ok(out.to_dtype(d)),
        Some(d) => Err(exc(
            ExcKind::NotImplementedError,
            format!("\"{name}\" not implemented for '{}'", d.scalar_type_name()),
        )),
    }
}
