//! Joining and broadcasting tensors: `cat`, `stack`, `vstack`, `hstack`, `where`, `broadcast_tensors`,
//! `broadcast_shapes`.

use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{PyResult, type_error};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::{elementwise, gather, reorder};
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
        |_, c| {
            let mut shape: Vec<usize> = vec![];
            for a in &c.varargs() {
                let s: Vec<usize> = match a {
                    Value::Int(i) => vec![(*i).max(0) as usize],
                    Value::Size(_) | Value::Tuple(_) | Value::List(_) => {
                        super::super::int_items(a)?
                            .into_iter()
                            .map(|i| i.max(0) as usize)
                            .collect()
                    }
                    _ => return Err(type_error("broadcast_shapes expects shapes")),
                };
                shape = crate::tensor::layout::broadcast_shapes(&shape, &s)?;
            }
            Ok(Value::Size(Rc::new(shape)))
        },
    ),
];

/// `where(condition)` is `nonzero(condition, as_tuple=True)`; otherwise `input` where the condition
/// holds, `other` elsewhere (either may be a number).
fn where_(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
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
    t(elementwise::where_(&cond, oa, ob)?)
}
