//! `torch.nn.utils.rnn`: `pad_sequence`, which batches token sequences of different lengths into one
//! tensor (the padding the masking lesson hides), written in Python by PyTorch around ATen's
//! `pad_sequence`.

use std::collections::HashMap;
use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::builtins::python_function;
use crate::interp::error::{ExcKind, PyResult, Unwind, exc};
use crate::interp::value::{Args, Module, Value};
use crate::tensor::Tensor;
use crate::tensor::ops::compose;

use super::super::autograd;

static PAD: Sig = Sig::new(
    "pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side='right')",
    Dialect::PyDef,
);
/// `torch._C._nn.pad_sequence`, which the Python function calls with the sequences as a tuple.
static PAD_NATIVE: Sig = Sig::torch(
    "pad_sequence(Tensor[] sequences, bool batch_first=False, float padding_value=0.0, c10::string_view padding_side=\"right\")",
);

/// `torch.nn.utils` and `torch.nn.utils.rnn`, registered for `import` and returned as `torch.nn.utils`.
pub(super) fn install(interp: &mut Interpreter) -> Value {
    let rnn = Value::Module(Rc::new(Module {
        name: "torch.nn.utils.rnn",
        attrs: HashMap::from([(
            "pad_sequence",
            python_function("pad_sequence", pad_sequence),
        )]),
    }));
    let utils = Value::Module(Rc::new(Module {
        name: "torch.nn.utils",
        attrs: HashMap::from([("rnn", rnn.clone())]),
    }));
    interp.modules.insert("torch.nn.utils.rnn", rnn);
    interp.modules.insert("torch.nn.utils", utils.clone());
    utils
}

/// `pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side='right')`: any iterable
/// of tensors (a tensor gives its rows), checked and padded as ATen's `pad_sequence` does.
fn pad_sequence(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let b = PAD.bind(args)?;
    let sequences = b.value_or_default(0)?;
    let items = interp.collect_iter(&sequences).map_err(|e| match e {
        Unwind::Exception(ex) if ex.message.ends_with("object is not iterable") => exc(
            ExcKind::RuntimeError,
            format!(
                "pad_sequence: Expected iterable for input sequences, but got arg of type: <class '{}'>",
                sequences.type_name()
            ),
        ),
        other => other,
    })?;
    let native = PAD_NATIVE.bind(Args::new(vec![
        Value::tuple(items),
        b.value_or_default(1)?,
        b.value_or_default(2)?,
        b.value_or_default(3)?,
    ]))?;
    let side = match native.value(3) {
        Some(Value::Str(s)) => s,
        _ => Rc::from("right"),
    };
    let sequences = native.tensors(0)?;
    let padded = Value::Tensor(compose::pad_sequence(
        &sequences,
        native.bool(1)?,
        native.float(2)?,
        &side,
    )?);
    // The copies into the padded tensor are what autograd records last.
    let inputs: Vec<&Tensor> = sequences.iter().collect();
    Ok(if autograd::recording_tensors(interp, &inputs) {
        autograd::mark(padded, "torch::autograd::CopySlices")
    } else {
        padded
    })
}
