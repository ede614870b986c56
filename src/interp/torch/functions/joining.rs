//! Joining and broadcasting tensors: `cat`, `stack`, `vstack`/`row_stack`, `hstack`, `column_stack`,
//! `dstack`, `atleast_{1,2,3}d`, `where`, `broadcast_tensors`, `broadcast_shapes`.

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::{compose, elementwise, gather, reorder};
use crate::tensor::{Operand, Tensor};

use super::super::autograd::recording_tensors;
use super::super::call::{Call, Def};
use super::super::tensor::ops::operand;

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

/// `cat`/`stack` record their backward node when an input requires grad.
fn joined(interp: &Interpreter, ts: &[Tensor], out: Tensor, node: &'static str) -> PyResult<Value> {
    let record = recording_tensors(interp, &ts.iter().collect::<Vec<_>>());
    t(if record { out.with_grad_fn(node) } else { out })
}

/// `torch.atleast_{n}d(*tensors)` (Python in torch): one tensor gives a tensor, several (or a list) a
/// tuple.
macro_rules! atleast_def {
    ($name:literal, $n:literal) => {
        Def::python(
            $name,
            concat!($name, "(*tensors)"),
            Dialect::PyDef,
            |_, c| {
                static SIG: Sig = Sig::torch(concat!($name, "(Tensor[] tensors)"));
                let mut given = c.varargs();
                let arg = if given.len() == 1 {
                    given.remove(0)
                } else {
                    Value::tuple(given)
                };
                if let Value::Tensor(x) = &arg {
                    return t(compose::atleast(x, $n)?);
                }
                let ts = SIG.bind(Args::new(vec![arg]))?.tensors(0)?;
                Ok(Value::tuple(
                    ts.iter()
                        .map(|x| compose::atleast(x, $n).map(Value::Tensor))
                        .collect::<Result<_, _>>()?,
                ))
            },
        )
    };
}

macro_rules! cat_def {
    ($name:literal) => {
        Def::function(
            $name,
            &[concat!(
                $name,
                "(Tensor[] tensors, int dim=0, *, Tensor out=None)"
            )],
            |interp, c| {
                let ts = c.tensors(0)?;
                if ts.is_empty() {
                    // PyTorch's argument parser says this before the op runs.
                    return Err(crate::interp::error::exc(
                        crate::interp::error::ExcKind::ValueError,
                        "torch.cat(): expected a non-empty list of Tensors",
                    ));
                }
                let out = Tensor::cat(&ts, c.int(1)?)?;
                joined(interp, &ts, out, "CatBackward0")
            },
        )
    };
}

/// The C++ function `torch.broadcast_tensors` (written in Python) passes its tensors to.
static BROADCAST_TENSORS: Sig = Sig::torch("broadcast_tensors(Tensor[] tensors)");

pub(super) static DEFS: &[Def] = &[
    cat_def!("cat"),
    cat_def!("concat"),
    cat_def!("concatenate"),
    Def::function(
        "stack",
        &["stack(Tensor[] tensors, int dim=0, *, Tensor out=None)"],
        |interp, c| {
            let ts = c.tensors(0)?;
            let out = Tensor::stack(&ts, c.int(1)?)?;
            joined(interp, &ts, out, "StackBackward0")
        },
    ),
    Def::function(
        "vstack",
        &["vstack(Tensor[] tensors, *, Tensor out=None)"],
        |_, c| t(reorder::vstack(&c.tensors(0)?)?),
    ),
    Def::function(
        "row_stack",
        &["row_stack(Tensor[] tensors, *, Tensor out=None)"],
        |_, c| t(reorder::vstack(&c.tensors(0)?)?),
    ),
    Def::function(
        "column_stack",
        &["column_stack(Tensor[] tensors, *, Tensor out=None)"],
        |_, c| t(compose::column_stack(&c.tensors(0)?)?),
    ),
    Def::function(
        "dstack",
        &["dstack(Tensor[] tensors, *, Tensor out=None)"],
        |_, c| t(compose::dstack(&c.tensors(0)?)?),
    ),
    atleast_def!("atleast_1d", 1),
    atleast_def!("atleast_2d", 2),
    atleast_def!("atleast_3d", 3),
    Def::function(
        "hstack",
        &["hstack(Tensor[] tensors, *, Tensor out=None)"],
        |_, c| t(reorder::hstack(&c.tensors(0)?)?),
    ),
    Def::function(
        "where",
        &[
            "where(Tensor condition)",
            "where(Tensor condition, Tensor input, Tensor other, *, Tensor out=None)",
            "where(Tensor condition, Scalar self, Tensor other)",
            "where(Tensor condition, Tensor input, Scalar other)",
            "where(Tensor condition, Scalar self, Scalar other)",
        ],
        where_,
    ),
    Def::python(
        "broadcast_tensors",
        "broadcast_tensors(*tensors)",
        Dialect::PyDef,
        |_, c| {
            let given = Args::new(vec![Value::tuple(c.varargs())]);
            let ts = BROADCAST_TENSORS.bind(given)?.tensors(0)?;
            let views = reorder::broadcast_tensors(&ts)?;
            Ok(Value::tuple(views.into_iter().map(Value::Tensor).collect()))
        },
    ),
    Def::python(
        "broadcast_shapes",
        "broadcast_shapes(*shapes)",
        Dialect::PyDef,
        broadcast_shapes,
    ),
];

/// `where(condition)` is `nonzero(condition, as_tuple=True)`; otherwise `input` where the condition
/// holds, `other` elsewhere (either may be a number).
fn where_(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let cond = c.tensor(0)?;
    if c.which() == 0 {
        let cols = gather::nonzero_tuple(&cond)?;
        return Ok(Value::tuple(cols.into_iter().map(Value::Tensor).collect()));
    }
    let (a, b) = (
        c.value(1).unwrap_or(Value::None),
        c.value(2).unwrap_or(Value::None),
    );
    let (Some(oa), Some(ob)) = (operand(&a), operand(&b)) else {
        return Err(type_error("internal: where() operands"));
    };
    let oa = match oa {
        Operand::Tensor(x) if c.which() == 2 || c.which() == 4 => Operand::Scalar(x.item()?),
        other => other,
    };
    let result = Value::Tensor(elementwise::where_(&cond, oa, ob)?);
    let inputs: Vec<&Tensor> = [&a, &b]
        .into_iter()
        .filter_map(|v| match v {
            Value::Tensor(x) => Some(x),
            _ => None,
        })
        .collect();
    Ok(if recording_tensors(interp, &inputs) {
        super::super::autograd::mark(result, "WhereBackward0")
    } else {
        result
    })
}

/// `torch.broadcast_shapes(*shapes)` (PyTorch's `_refs._broadcast_shapes`, then `torch.Size`): ints and
/// sequences of ints, `None` skipped.
fn broadcast_shapes(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let mut shapes: Vec<Vec<Value>> = Vec::new();
    for shape in c.varargs() {
        match shape {
            Value::None => {}
            v @ (Value::Int(_, _) | Value::Bool(_)) => shapes.push(vec![v]),
            Value::Tuple(t) => shapes.push(t.to_vec()),
            Value::List(l) => shapes.push(l.borrow().clone()),
            Value::Size(s) => shapes.push(s.items()),
            other => {
                return Err(exc(
                    ExcKind::RuntimeError,
                    format!(
                        "Input shapes should be of type ints, a tuple of ints, or a list of ints, got {}",
                        interp.repr(&other)?
                    ),
                ));
            }
        }
    }
    let mut result: Vec<usize> = vec![];
    for shape in &shapes {
        let offset = shapes.iter().map(Vec::len).max().unwrap_or(0) - shape.len();
        let dims = shape
            .iter()
            .enumerate()
            .map(|(j, d)| match d {
                Value::Int(i, _) => Ok((*i).max(0) as usize),
                Value::Bool(b) => Ok(*b as usize),
                Value::Str(_) => Err(type_error(
                    "'<' not supported between instances of 'str' and 'int'",
                )),
                other => Err(type_error(format!(
                    "torch.Size() takes an iterable of 'int' (item {} is '{}')",
                    offset + j,
                    other.type_name()
                ))),
            })
            .collect::<PyResult<Vec<usize>>>()?;
        result = crate::tensor::layout::broadcast_shapes(&result, &dims)?;
    }
    Ok(Value::size(result))
}
