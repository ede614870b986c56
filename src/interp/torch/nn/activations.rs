//! The activations beyond the lessons' own (`F.hardtanh`, `nn.Hardtanh`, `F.selu`, `nn.PReLU`, ...): the
//! functions as PyTorch binds them (a Python `def` passing its arguments to a C++ op, or the C++ op
//! itself), and the modules, which store their `__init__` arguments as PyTorch does and whose forward
//! calls the function with them (`Hardtanh.forward` is `F.hardtanh(input, self.min_val, ...)`).

use super::functional::py;
use rustpython_parser::ast::{Operator, UnaryOp as PyUnaryOp};

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Instance, Value};
use crate::tensor::ops::activation as act;
use crate::tensor::ops::elementwise::{
    BinaryOp, Operand, UnaryOp, binary, check_no_overlap, unary,
};
use crate::tensor::{Scalar, Tensor};

use super::super::call::{Call, Def};
use super::super::tensor;
use super::functional::{FDef, Node, run_f};
use super::*;

const fn cpp(
    name: &'static str,
    sig: &'static [&'static str],
    run: super::super::call::Run,
    node: Node,
) -> FDef {
    FDef {
        def: Def::function(name, sig, run),
        node,
    }
}

/// The argument at `i` as the Python function passes it on: the value given or its default.
fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

/// `bool(inplace)` of a Python function's flag at `i`.
fn flag(interp: &mut Interpreter, c: &Call, i: usize) -> PyResult<bool> {
    match c.value(i) {
        Some(v) => interp.truthy(&v),
        None => Ok(false),
    }
}

/// The result, or, in place, the result written back into `x` (which is returned).
fn result(x: &Tensor, out: Tensor, inplace: bool) -> PyResult<Value> {
    if !inplace {
        return Ok(Value::Tensor(out));
    }
    check_no_overlap(x)?;
    crate::tensor::ops::elementwise::check_cast(out.dtype(), x.dtype())?;
    x.copy_from(&out)?;
    Ok(Value::Tensor(x.clone()))
}

static HARDTANH: Sig = Sig::torch("hardtanh(Tensor input, Scalar min_val=-1, Scalar max_val=1)");
static RELU6: Sig = Sig::torch("relu6(Tensor input)");
static HARDSIGMOID: Sig = Sig::torch("hardsigmoid(Tensor input)");
static HARDSWISH: Sig = Sig::torch("hardswish(Tensor input)");
static MISH: Sig = Sig::torch("mish(Tensor input)");
static SELU: Sig = Sig::torch("selu(Tensor input)");
static CELU: Sig = Sig::torch("celu(Tensor input, Scalar alpha=1.0)");
static THRESHOLD: Sig = Sig::torch("threshold(Tensor input, Scalar threshold, Scalar value)");
static GLU: Sig = Sig::torch("glu(Tensor input, int dim=-1)");

/// A number's value for a Python comparison (`min_val > max_val`), `None` for anything else.
fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Int(i, _) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        _ => None,
    }
}

fn hardtanh(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let (min, max) = (arg(c, 1), arg(c, 2));
    // `if min_val > max_val:` in Python: numbers and strings compare, other pairs raise.
    let greater = match (&min, &max) {
        (Value::Str(a), Value::Str(b)) => a > b,
        (Value::Tensor(_), _) | (_, Value::Tensor(_)) => false,
        _ => match (number(&min), number(&max)) {
            (Some(lo), Some(hi)) => lo > hi,
            _ => {
                return Err(exc(
                    ExcKind::TypeError,
                    format!(
                        "'>' not supported between instances of '{}' and '{}'",
                        min.type_name(),
                        max.type_name()
                    ),
                ));
            }
        },
    };
    if greater {
        return Err(exc(
            ExcKind::ValueError,
            "min_val cannot be greater than max_val",
        ));
    }
    let inplace = flag(interp, c, 3)?;
    let b = HARDTANH.bind(Args::new(vec![arg(c, 0), min, max]))?;
    let x = b.tensor(0)?;
    let out = act::hardtanh(&x, b.float(1)?, b.float(2)?)?;
    result(&x, out, inplace)
}

fn relu6(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let inplace = flag(interp, c, 1)?;
    let x = RELU6.bind(Args::new(vec![arg(c, 0)]))?.tensor(0)?;
    let out = act::hardtanh(&x, 0.0, 6.0)?;
    result(&x, out, inplace)
}

/// `F.hardsigmoid`, `F.hardswish`, `F.mish`, `F.selu`: `(input, inplace=False)` onto a one-tensor op.
fn one_input(
    interp: &mut Interpreter,
    c: &Call,
    sig: &'static Sig,
    op: fn(&Tensor) -> crate::tensor::error::Result<Tensor>,
) -> PyResult<Value> {
    let inplace = flag(interp, c, 1)?;
    let x = sig.bind(Args::new(vec![arg(c, 0)]))?.tensor(0)?;
    let out = op(&x)?;
    result(&x, out, inplace)
}

fn celu(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let inplace = flag(interp, c, 2)?;
    let b = CELU.bind(Args::new(vec![arg(c, 0), arg(c, 1)]))?;
    let x = b.tensor(0)?;
    let out = act::celu(&x, b.float(1)?)?;
    result(&x, out, inplace)
}

fn threshold(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let inplace = flag(interp, c, 3)?;
    let b = THRESHOLD.bind(Args::new(vec![arg(c, 0), arg(c, 1), arg(c, 2)]))?;
    let x = b.tensor(0)?;
    let out = act::threshold(&x, b.scalar(1)?, b.scalar(2)?)?;
    result(&x, out, inplace)
}

fn glu(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    let ndim = {
        let m = interp.get_attr(&input, "dim")?;
        interp.call_value(m, Args::new(vec![]))?
    };
    if matches!(ndim, Value::Int(0, _)) {
        return Err(exc(
            ExcKind::RuntimeError,
            "glu does not support scalars because halving size must be even",
        ));
    }
    let b = GLU.bind(Args::new(vec![input, arg(c, 1)]))?;
    Ok(Value::Tensor(act::glu(&b.tensor(0)?, b.int(1)?)?))
}

/// `input.name()` as a Python function calls a method of its argument.
fn method(interp: &mut Interpreter, input: &Value, name: &str) -> PyResult<Value> {
    let m = interp.get_attr(input, name)?;
    interp.call_value(m, Args::new(vec![]))
}

/// `F.tanhshrink(input)`: `input - input.tanh()`.
fn tanhshrink(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    let th = method(interp, &input, "tanh")?;
    interp.binary_op(Operator::Sub, input, th)
}

/// `F.softsign(input)`: `input / (input.abs() + 1)`.
fn softsign(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    if let Value::Tensor(x) = &input {
        let abs = unary(UnaryOp::Abs, x)?;
        let den = binary(
            BinaryOp::Add,
            Operand::Tensor(&abs),
            Operand::Scalar(Scalar::Int(1)),
        )?;
        return Ok(Value::Tensor(binary(
            BinaryOp::Div,
            Operand::Tensor(x),
            Operand::Tensor(&den),
        )?));
    }
    let abs = method(interp, &input, "abs")?;
    let den = interp.binary_op(Operator::Add, abs, Value::int(1))?;
    interp.binary_op(Operator::Div, input, den)
}

/// `F.softmin(input, dim=None, _stacklevel=3, dtype=None)`: `(-input).softmax(dim)`.
fn softmin(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    let dim = match c.value(1) {
        Some(Value::None) | None => {
            let ndim = method(interp, &input, "dim")?;
            interp.warnings.push(
                "UserWarning: Implicit dimension choice for softmin has been deprecated. Change the call to include dim=X as an argument."
                    .into(),
            );
            Value::int(if matches!(ndim, Value::Int(0 | 1 | 3, _)) {
                0
            } else {
                1
            })
        }
        Some(d) => d,
    };
    let neg = interp.unary_op(PyUnaryOp::USub, input)?;
    let mut args = Args::new(vec![dim]);
    if let Some(d) = c.value(3).filter(|d| !matches!(d, Value::None)) {
        args.kw.push(("dtype".into(), d));
    }
    let m = interp.get_attr(&neg, "softmax")?;
    interp.call_value(m, args)
}

pub(super) static ACT_DEFS: &[FDef] = &[
    py(
        "hardtanh",
        "hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False)",
        hardtanh,
        Node::Fixed("HardtanhBackward0"),
    ),
    py(
        "relu6",
        "relu6(input, inplace=False)",
        relu6,
        Node::Fixed("HardtanhBackward0"),
    ),
    py(
        "hardsigmoid",
        "hardsigmoid(input, inplace=False)",
        |i, c| one_input(i, c, &HARDSIGMOID, act::hardsigmoid),
        Node::Fixed("HardsigmoidBackward0"),
    ),
    py(
        "hardswish",
        "hardswish(input, inplace=False)",
        |i, c| one_input(i, c, &HARDSWISH, act::hardswish),
        Node::Fixed("HardswishBackward0"),
    ),
    py(
        "mish",
        "mish(input, inplace=False)",
        |i, c| one_input(i, c, &MISH, act::mish),
        Node::Fixed("MishBackward0"),
    ),
    py(
        "selu",
        "selu(input, inplace=False)",
        |i, c| one_input(i, c, &SELU, act::selu),
        Node::Fixed("EluBackward0"),
    ),
    py(
        "celu",
        "celu(input, alpha=1.0, inplace=False)",
        celu,
        Node::Fixed("EluBackward0"),
    ),
    py(
        "threshold",
        "_threshold(input, threshold, value, inplace=False)",
        threshold,
        Node::Fixed("ThresholdBackward0"),
    ),
    cpp(
        "softshrink",
        &["softshrink(Tensor input, Scalar lambd=0.5)"],
        |_, c| Ok(Value::Tensor(act::softshrink(&c.tensor(0)?, c.float(1)?)?)),
        Node::Fixed("SoftshrinkBackward0"),
    ),
    cpp(
        "hardshrink",
        &["hardshrink(Tensor input, Scalar lambd=0.5)"],
        |_, c| Ok(Value::Tensor(act::hardshrink(&c.tensor(0)?, c.float(1)?)?)),
        Node::Fixed("HardshrinkBackward0"),
    ),
    cpp(
        "logsigmoid",
        &["log_sigmoid(Tensor input)"],
        |_, c| Ok(Value::Tensor(act::log_sigmoid(&c.tensor(0)?)?)),
        Node::Fixed("LogSigmoidBackward0"),
    ),
    cpp(
        "prelu",
        &["prelu(Tensor input, Tensor weight)"],
        |_, c| Ok(Value::Tensor(act::prelu(&c.tensor(0)?, &c.tensor(1)?)?)),
        Node::Fixed("PreluKernelBackward0"),
    ),
    cpp(
        "relu_",
        &["relu_(Tensor input)"],
        |i, c| {
            let f = tensor::torch_function("relu_")
                .ok_or_else(|| exc(ExcKind::RuntimeError, "internal: no torch.relu_"))?;
            tensor::call_function(i, f, Args::new(vec![arg(c, 0)]))
        },
        Node::Own,
    ),
    py(
        "glu",
        "glu(input, dim=-1)",
        glu,
        Node::Fixed("GluBackward0"),
    ),
    py("tanhshrink", "tanhshrink(input)", tanhshrink, Node::Own),
    py("softsign", "softsign(input)", softsign, Node::Own),
    py(
        "softmin",
        "softmin(input, dim=None, _stacklevel=3, dtype=None)",
        softmin,
        Node::Own,
    ),
];

// ---- the modules ----------------------------------------------------------------------------------

/// A module of this file: its `__init__` (None: Module's own, which takes nothing), the attributes its
/// `__init__` arguments become, the function its forward calls and the attributes passed to it.
pub(super) struct ActModule {
    pub tag: &'static str,
    init: Option<Sig>,
    forward: Sig,
    attrs: &'static [&'static str],
    function: &'static str,
    pass: &'static [&'static str],
}

const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

macro_rules! module {
    ($tag:literal, $init:expr, [$($attr:literal),*], $function:literal, [$($pass:literal),*]) => {
        ActModule {
            tag: $tag,
            init: $init,
            forward: def(concat!($tag, ".forward(self, input)")),
            attrs: &[$($attr),*],
            function: $function,
            pass: &[$($pass),*],
        }
    };
}

pub(super) static ACT_MODULES: [ActModule; 17] = [
    module!(
        "Hardtanh",
        Some(def(
            "Hardtanh.__init__(self, min_val=-1.0, max_val=1.0, inplace=False, min_value=None, max_value=None)"
        )),
        ["min_val", "max_val", "inplace"],
        "hardtanh",
        ["min_val", "max_val", "inplace"]
    ),
    module!(
        "ReLU6",
        Some(def("ReLU6.__init__(self, inplace=False)")),
        ["inplace"],
        "hardtanh",
        ["min_val", "max_val", "inplace"]
    ),
    module!(
        "Hardsigmoid",
        Some(def("Hardsigmoid.__init__(self, inplace=False)")),
        ["inplace"],
        "hardsigmoid",
        ["inplace"]
    ),
    module!(
        "Hardswish",
        Some(def("Hardswish.__init__(self, inplace=False)")),
        ["inplace"],
        "hardswish",
        ["inplace"]
    ),
    module!(
        "Mish",
        Some(def("Mish.__init__(self, inplace=False)")),
        ["inplace"],
        "mish",
        ["inplace"]
    ),
    module!(
        "SELU",
        Some(def("SELU.__init__(self, inplace=False)")),
        ["inplace"],
        "selu",
        ["inplace"]
    ),
    module!(
        "CELU",
        Some(def("CELU.__init__(self, alpha=1.0, inplace=False)")),
        ["alpha", "inplace"],
        "celu",
        ["alpha", "inplace"]
    ),
    module!(
        "GLU",
        Some(def("GLU.__init__(self, dim=-1)")),
        ["dim"],
        "glu",
        ["dim"]
    ),
    module!(
        "Hardshrink",
        Some(def("Hardshrink.__init__(self, lambd=0.5)")),
        ["lambd"],
        "hardshrink",
        ["lambd"]
    ),
    module!(
        "Softshrink",
        Some(def("Softshrink.__init__(self, lambd=0.5)")),
        ["lambd"],
        "softshrink",
        ["lambd"]
    ),
    module!(
        "Softplus",
        Some(def("Softplus.__init__(self, beta=1.0, threshold=20.0)")),
        ["beta", "threshold"],
        "softplus",
        ["beta", "threshold"]
    ),
    module!(
        "Threshold",
        Some(def(
            "Threshold.__init__(self, threshold, value, inplace=False)"
        )),
        ["threshold", "value", "inplace"],
        "threshold",
        ["threshold", "value", "inplace"]
    ),
    module!(
        "Softmin",
        Some(def("Softmin.__init__(self, dim=None)")),
        ["dim"],
        "softmin",
        ["dim"]
    ),
    module!(
        "PReLU",
        Some(def(
            "PReLU.__init__(self, num_parameters=1, init=0.25, device=None, dtype=None)"
        )),
        ["num_parameters", "init"],
        "prelu",
        ["weight"]
    ),
    module!("LogSigmoid", None, [], "logsigmoid", []),
    module!("Softsign", None, [], "softsign", []),
    module!("Tanhshrink", None, [], "tanhshrink", []),
];

fn spec(inst: &Instance) -> PyResult<&'static ActModule> {
    let tag = inst.class().native_tag().unwrap_or("");
    ACT_MODULES
        .iter()
        .find(|m| m.tag == tag)
        .ok_or_else(|| exc(ExcKind::RuntimeError, format!("internal: no module {tag}")))
}

pub(super) fn act_module_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let m = spec(&inst)?;
    let Some(sig) = &m.init else {
        return simple_init(interp, args);
    };
    let b = sig.bind(args)?;
    inst.set("training", Value::Bool(true));
    let mut values: Vec<Value> = Vec::new();
    for (i, name) in m.attrs.iter().enumerate() {
        let v = b.value_or_default(i + 1)?;
        let v = if *name == "inplace" {
            Value::Bool(interp.truthy(&v)?)
        } else {
            v
        };
        values.push(v);
    }
    if m.tag == "Hardtanh" {
        // The deprecated spellings `min_value=` / `max_value=` win when given.
        for (i, new, old) in [(0, 4, "min_value"), (1, 5, "max_value")] {
            if let Some(v) = b.value(new).filter(|v| !matches!(v, Value::None)) {
                interp.warnings.push(format!(
                    "FutureWarning: keyword argument `{old}` is deprecated and renamed to `{}`",
                    m.attrs[i]
                ));
                values[i] = v;
            }
        }
        // `if self.max_val <= self.min_val:`: numbers and strings compare, other pairs raise.
        let not_above = match (&values[1], &values[0]) {
            (Value::Str(hi), Value::Str(lo)) => hi <= lo,
            (Value::Tensor(_), _) | (_, Value::Tensor(_)) => false,
            (hi, lo) => match (number(hi), number(lo)) {
                (Some(hi), Some(lo)) => hi <= lo,
                _ => {
                    return Err(exc(
                        ExcKind::TypeError,
                        format!(
                            "'<=' not supported between instances of '{}' and '{}'",
                            hi.type_name(),
                            lo.type_name()
                        ),
                    ));
                }
            },
        };
        if not_above {
            let (min, max) = (interp.to_str(&values[0])?, interp.to_str(&values[1])?);
            return Err(exc(
                ExcKind::AssertionError,
                format!("max_val ({max}) must be greater than min_val ({min})"),
            ));
        }
    }
    if m.tag == "ReLU6" {
        inst.set("min_val", Value::Float(0.0));
        inst.set("max_val", Value::Float(6.0));
    }
    for (name, v) in m.attrs.iter().zip(values) {
        inst.set(name, v);
    }
    if m.tag == "PReLU" {
        let n = b.value_or_default(1)?;
        static EMPTY: Sig = Sig::torch("empty(SymInt[] size)");
        let sizes = EMPTY.bind(Args::new(vec![n]))?;
        let n = sizes.int_list(0)?;
        let init = b.value_or_default(2)?;
        let fill = match number(&init) {
            Some(f) => f,
            None => {
                return Err(exc(
                    ExcKind::TypeError,
                    format!(
                        "fill_(): argument 'value' (position 1) must be Number, not {}",
                        init.type_name()
                    ),
                ));
            }
        };
        let shape: Vec<usize> = n.iter().map(|&d| d.max(0) as usize).collect();
        crate::tensor::settings::check_numel(&shape)?;
        let w = Tensor::full(&shape, Scalar::Float(fill), crate::tensor::DType::Float32)?;
        inst.set("weight", param(w));
    }
    Ok(Value::None)
}

pub(super) fn act_module_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let m = spec(&inst)?;
    let b = m.forward.bind(args)?;
    let mut call = vec![b.value(1).unwrap_or(Value::None)];
    for name in m.pass {
        call.push(inst.get(name).unwrap_or(Value::None));
    }
    run_f(interp, m.function, Args::new(call))
}

/// `str(v)` for the numbers and flags a module's `extra_repr` formats.
fn str_of(v: Option<Value>) -> String {
    match v {
        Some(Value::Int(i, _)) => i.to_string(),
        Some(Value::Float(f)) => crate::interp::types::format::float_repr(f),
        Some(Value::Bool(true)) => "True".into(),
        Some(Value::Bool(false)) => "False".into(),
        Some(Value::Str(s)) => s.to_string(),
        _ => "None".into(),
    }
}

/// The `extra_repr` of this file's modules (`None` for another module).
pub(super) fn extra_repr(inst: &Instance) -> Option<String> {
    let m = spec(inst).ok()?;
    let get = |name: &str| str_of(inst.get(name));
    let inplace = matches!(inst.get("inplace"), Some(Value::Bool(true)));
    let tail = if inplace { ", inplace=True" } else { "" };
    Some(match m.tag {
        "Hardtanh" => format!(
            "min_val={}, max_val={}{tail}",
            get("min_val"),
            get("max_val")
        ),
        "ReLU6" | "Mish" | "SELU" if inplace => "inplace=True".into(),
        "CELU" => format!("alpha={}{tail}", get("alpha")),
        "GLU" | "Softmin" => format!("dim={}", get("dim")),
        "Hardshrink" | "Softshrink" => get("lambd"),
        "Softplus" => format!("beta={}, threshold={}", get("beta"), get("threshold")),
        "Threshold" => format!(
            "threshold={}, value={}{tail}",
            get("threshold"),
            get("value")
        ),
        "PReLU" => format!("num_parameters={}", get("num_parameters")),
        _ => String::new(),
    })
}

/// The grad_fn the output of one of this file's modules records (its function's node).
pub(super) fn forward_node(tag: &str) -> Option<&'static str> {
    let m = ACT_MODULES.iter().find(|m| m.tag == tag)?;
    Some(match m.function {
        "tanhshrink" => "SubBackward0",
        "softsign" => "DivBackward0",
        "softmin" => "SoftmaxBackward0",
        f => match ACT_DEFS.iter().find(|d| d.def.name == f)?.node {
            Node::Fixed(n) => n,
            _ => return None,
        },
    })
}
