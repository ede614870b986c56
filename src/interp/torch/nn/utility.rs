//! The small modules and functions around the layers: `nn.Flatten`, `nn.Unflatten`, the constant
//! paddings, `F.normalize`, `F.cosine_similarity` / `nn.CosineSimilarity`, `F.pairwise_distance` /
//! `nn.PairwiseDistance` and `F.rms_norm` / `nn.RMSNorm`. Each module stores its `__init__` arguments
//! under PyTorch's attribute names and its forward calls what PyTorch's calls.

use super::functional::py;
use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Instance, Value};
use crate::tensor::ops::similarity as sim;
use crate::tensor::{DType, Scalar, Tensor};

use super::super::call::{Call, Def};
use super::functional::{FDef, Node, run_f};
use super::*;

/// The argument at `i` as the Python function passes it on: the value given or its default.
fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

static NORMALIZE_NORM: Sig =
    Sig::torch("norm(Tensor input, Scalar? p, int dim, bool keepdim=False)");
static RMS_NORM: Sig = Sig::torch(
    "rms_norm(Tensor input, SymInt[] normalized_shape, Tensor? weight=None, float? eps=None)",
);

/// `F.normalize(input, p=2.0, dim=1, eps=1e-12, out=None)`.
fn normalize(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    if !matches!(c.value(4), None | Some(Value::None)) {
        return Err(exc(
            ExcKind::NotImplementedError,
            "the tutor's normalize does not support out=",
        ));
    }
    let b = NORMALIZE_NORM.bind(Args::new(vec![arg(c, 0), arg(c, 1), arg(c, 2)]))?;
    let eps = match arg(c, 3) {
        Value::Int(i, _) => i as f64,
        Value::Float(f) => f,
        Value::Bool(v) => f64::from(u8::from(v)),
        other => {
            return Err(type_error(format!(
                "clamp_min(): argument 'min' (position 1) must be Number, not {}",
                other.type_name()
            )));
        }
    };
    let p = b.opt_scalar(1)?.map_or(2.0, |s| s.to_f64());
    Ok(Value::Tensor(sim::normalize(
        &b.tensor(0)?,
        p,
        b.int(2)?,
        eps,
    )?))
}

fn rms_norm(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let b = RMS_NORM.bind(Args::new((0..4).map(|i| arg(c, i)).collect()))?;
    let shape: Vec<usize> = b.int_list(1)?.iter().map(|&d| d.max(0) as usize).collect();
    let w = b.opt_tensor(2)?;
    Ok(Value::Tensor(sim::rms_norm(
        &b.tensor(0)?,
        &shape,
        w.as_ref(),
        b.opt_float(3)?,
    )?))
}

/// An `int[2]` as a (height, width) pair.
fn pair(v: &[i64]) -> (i64, i64) {
    match v {
        [a] => (*a, *a),
        [a, b, ..] => (*a, *b),
        [] => (0, 0),
    }
}

/// The kernel, dilation, padding and stride `int[2]`s from `first` on.
fn blocks(
    b: &crate::interp::args::Bound,
    first: usize,
) -> PyResult<crate::tensor::ops::im2col::Blocks> {
    Ok(crate::tensor::ops::im2col::Blocks {
        kernel: pair(&b.int_list(first)?),
        dilation: pair(&b.int_list(first + 1)?),
        padding: pair(&b.int_list(first + 2)?),
        stride: pair(&b.int_list(first + 3)?),
    })
}

pub(super) static UTILITY_DEFS: &[FDef] = &[
    py(
        "normalize",
        "normalize(input, p=2.0, dim=1, eps=1e-12, out=None)",
        normalize,
        Node::Fixed("DivBackward0"),
    ),
    py(
        "rms_norm",
        "rms_norm(input, normalized_shape, weight=None, eps=None)",
        rms_norm,
        Node::Fixed("MulBackward0"),
    ),
    FDef {
        def: Def::function(
            "cosine_similarity",
            &["cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08)"],
            |_, c| {
                Ok(Value::Tensor(sim::cosine_similarity(
                    &c.tensor(0)?,
                    &c.tensor(1)?,
                    c.int(2)?,
                    c.float(3)?,
                )?))
            },
        ),
        node: Node::Fixed("SumBackward1"),
    },
    py(
        "unfold",
        "unfold(input, kernel_size, dilation=1, padding=0, stride=1)",
        |_, c| {
            static IM2COL: Sig = Sig::torch(
                "im2col(Tensor input, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride)",
            );
            let b = IM2COL.bind(Args::new((0..5).map(|i| arg(c, i)).collect()))?;
            let blocks = blocks(&b, 1)?;
            Ok(Value::Tensor(crate::tensor::ops::im2col::unfold(
                &b.tensor(0)?,
                &blocks,
            )?))
        },
        Node::Fixed("Im2ColBackward0"),
    ),
    py(
        "fold",
        "fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1)",
        |_, c| {
            static COL2IM: Sig = Sig::torch(
                "col2im(Tensor input, SymInt[2] output_size, int[2] kernel_size, int[2] dilation, int[2] padding, int[2] stride)",
            );
            let b = COL2IM.bind(Args::new((0..6).map(|i| arg(c, i)).collect()))?;
            let out = pair(&b.int_list(1)?);
            let blocks = blocks(&b, 2)?;
            Ok(Value::Tensor(crate::tensor::ops::im2col::fold(
                &b.tensor(0)?,
                out,
                &blocks,
            )?))
        },
        Node::Fixed("Col2ImBackward0"),
    ),
    FDef {
        def: Def::function("pdist", &["pdist(Tensor input, float p=2)"], |_, c| {
            Ok(Value::Tensor(crate::tensor::ops::distance::pdist(
                &c.tensor(0)?,
                c.float(1)?,
            )?))
        }),
        node: Node::Fixed("PdistBackward0"),
    },
    FDef {
        def: Def::function(
            "bilinear",
            &["bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor? bias=None)"],
            |_, c| {
                let bias = c.opt_tensor(3)?;
                Ok(Value::Tensor(crate::tensor::ops::distance::bilinear(
                    &c.tensor(0)?,
                    &c.tensor(1)?,
                    &c.tensor(2)?,
                    bias.as_ref(),
                )?))
            },
        ),
        node: Node::Fixed("AddBackward0"),
    },
    FDef {
        def: Def::function(
            "pairwise_distance",
            &[
                "pairwise_distance(Tensor x1, Tensor x2, float p=2, float eps=1e-06, bool keepdim=False)",
            ],
            |_, c| {
                Ok(Value::Tensor(sim::pairwise_distance(
                    &c.tensor(0)?,
                    &c.tensor(1)?,
                    c.float(2)?,
                    c.float(3)?,
                    c.bool(4)?,
                )?))
            },
        ),
        node: Node::Fixed("NormBackward1"),
    },
];

// ---- the modules ----------------------------------------------------------------------------------

/// The modules of this file, in `torch.nn`.
pub(super) static UTILITY_MODULES: &[&str] = &[
    "Flatten",
    "Unflatten",
    "ConstantPad1d",
    "ZeroPad1d",
    "ConstantPad2d",
    "ZeroPad2d",
    "ConstantPad3d",
    "ZeroPad3d",
    "CosineSimilarity",
    "PairwiseDistance",
    "RMSNorm",
    "Bilinear",
];

const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

/// `_ntuple(n)(padding)`: an iterable as a tuple, anything else repeated `n` times.
fn ntuple(interp: &mut Interpreter, v: Value, n: usize) -> PyResult<Value> {
    match v {
        Value::Tuple(_) | Value::List(_) | Value::Size(_) => {
            Ok(Value::tuple(interp.collect_iter(&v)?))
        }
        other => Ok(Value::tuple(vec![other; n])),
    }
}

pub(super) fn utility_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static FLATTEN: Sig = def("Flatten.__init__(self, start_dim=1, end_dim=-1)");
    static UNFLATTEN: Sig = def("Unflatten.__init__(self, dim, unflattened_size)");
    static CONSTANT_PAD1D: Sig = def("ConstantPad1d.__init__(self, padding, value)");
    static ZERO_PAD1D: Sig = def("ZeroPad1d.__init__(self, padding)");
    static CONSTANT_PAD2D: Sig = def("ConstantPad2d.__init__(self, padding, value)");
    static ZERO_PAD2D: Sig = def("ZeroPad2d.__init__(self, padding)");
    static CONSTANT_PAD3D: Sig = def("ConstantPad3d.__init__(self, padding, value)");
    static ZERO_PAD3D: Sig = def("ZeroPad3d.__init__(self, padding)");
    static COSINE: Sig = def("CosineSimilarity.__init__(self, dim=1, eps=1e-08)");
    static PAIRWISE: Sig = def("PairwiseDistance.__init__(self, p=2.0, eps=1e-06, keepdim=False)");
    static RMS: Sig = def(
        "RMSNorm.__init__(self, normalized_shape, eps=None, elementwise_affine=True, device=None, dtype=None)",
    );
    let inst = this(&args)?;
    let tag = inst.class().native_tag().unwrap_or("");
    if tag == "Bilinear" {
        return bilinear_init(interp, &inst, args);
    }
    let sig = match tag {
        "Flatten" => &FLATTEN,
        "Unflatten" => &UNFLATTEN,
        "ConstantPad1d" => &CONSTANT_PAD1D,
        "ZeroPad1d" => &ZERO_PAD1D,
        "ConstantPad2d" => &CONSTANT_PAD2D,
        "ZeroPad2d" => &ZERO_PAD2D,
        "ConstantPad3d" => &CONSTANT_PAD3D,
        "ZeroPad3d" => &ZERO_PAD3D,
        "CosineSimilarity" => &COSINE,
        "PairwiseDistance" => &PAIRWISE,
        _ => &RMS,
    };
    let b = sig.bind(args)?;
    inst.set("training", Value::Bool(true));
    let at = |i: usize| b.value_or_default(i);
    match tag {
        "Flatten" => {
            inst.set("start_dim", at(1)?);
            inst.set("end_dim", at(2)?);
        }
        "Unflatten" => {
            let sizes = at(2)?;
            match &sizes {
                Value::Tuple(_) | Value::List(_) => {
                    for (idx, elem) in interp.collect_iter(&sizes)?.iter().enumerate() {
                        if !matches!(elem, Value::Int(..) | Value::Bool(_)) {
                            return Err(type_error(format!(
                                "unflattened_size must be tuple of ints, but found element of type {} at pos {idx}",
                                elem.type_name()
                            )));
                        }
                    }
                }
                other => {
                    return Err(type_error(format!(
                        "unflattened_size must be a tuple of ints, but found type {}",
                        other.type_name()
                    )));
                }
            }
            inst.set("dim", at(1)?);
            inst.set("unflattened_size", sizes);
        }
        "ConstantPad1d" | "ZeroPad1d" | "ConstantPad2d" | "ZeroPad2d" | "ConstantPad3d"
        | "ZeroPad3d" => {
            let n = match tag.as_bytes().get(tag.len() - 2) {
                Some(b'1') => 2,
                Some(b'2') => 4,
                _ => 6,
            };
            let padding = ntuple(interp, at(1)?, n)?;
            inst.set("padding", padding);
            let value = if tag.starts_with("Zero") {
                Value::Float(0.0)
            } else {
                at(2)?
            };
            inst.set("value", value);
        }
        "CosineSimilarity" => {
            inst.set("dim", at(1)?);
            inst.set("eps", at(2)?);
        }
        "PairwiseDistance" => {
            inst.set("norm", at(1)?);
            inst.set("eps", at(2)?);
            inst.set("keepdim", at(3)?);
        }
        _ => {
            let shape = match at(1)? {
                v @ (Value::Int(..) | Value::Bool(_)) => vec![v],
                other => interp.collect_iter(&other)?,
            };
            static EMPTY: Sig = Sig::torch("empty(SymInt[] size)");
            let sizes = EMPTY.bind(Args::new(vec![Value::tuple(shape.clone())]))?;
            let dims: Vec<usize> = sizes
                .int_list(0)?
                .iter()
                .map(|&d| d.max(0) as usize)
                .collect();
            let affine = interp.truthy(&at(3)?)?;
            inst.set("normalized_shape", Value::tuple(shape));
            inst.set("eps", at(2)?);
            inst.set("elementwise_affine", Value::Bool(affine));
            if affine {
                crate::tensor::settings::check_numel(&dims)?;
                let w = Tensor::full(&dims, Scalar::Float(1.0), DType::Float32)?;
                inst.set("weight", param(w));
            } else {
                inst.set("weight", Value::None);
            }
        }
    }
    Ok(Value::None)
}

/// `nn.Bilinear(in1_features, in2_features, out_features, bias=True)`: a weight
/// `(out, in1, in2)` and a bias `(out,)`, both uniform in ±1/√in1 (`reset_parameters`).
fn bilinear_init(
    interp: &mut Interpreter,
    inst: &std::rc::Rc<Instance>,
    args: Args,
) -> PyResult<Value> {
    static BILINEAR: Sig = def(
        "Bilinear.__init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None)",
    );
    let b = BILINEAR.bind(args)?;
    let at = |i: usize| b.value_or_default(i);
    let (in1, in2, out) = (at(1)?, at(2)?, at(3)?);
    static EMPTY: Sig = Sig::torch("empty(SymInt[] size)");
    let sizes = EMPTY.bind(Args::new(vec![Value::tuple(vec![
        out.clone(),
        in1.clone(),
        in2.clone(),
    ])]))?;
    let dims: Vec<usize> = sizes
        .int_list(0)?
        .iter()
        .map(|&d| d.max(0) as usize)
        .collect();
    crate::tensor::settings::check_numel(&dims)?;
    inst.set("training", Value::Bool(true));
    inst.set("in1_features", in1);
    inst.set("in2_features", in2);
    inst.set("out_features", out);
    if dims[1] == 0 {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "in1_features must be > 0, but got (in1_features={})",
                interp.to_str(&inst.get("in1_features").unwrap_or(Value::None))?
            ),
        ));
    }
    let bound = 1.0 / (dims[1] as f64).sqrt();
    let rng = &mut super::super::state::state(interp).rng;
    let w = rng.uniform_f32(dims.iter().product(), -bound, bound);
    let bias = interp.truthy(&at(4)?)?;
    inst.set("weight", param(Tensor::from_vec(w, &dims)?));
    if bias {
        let rng = &mut super::super::state::state(interp).rng;
        let v = rng.uniform_f32(dims[0], -bound, bound);
        inst.set("bias", param(Tensor::from_vec(v, &dims[..1])?));
    } else {
        inst.set("bias", Value::None);
    }
    Ok(Value::None)
}

/// `input.name(*args)`.
fn call_method(
    interp: &mut Interpreter,
    input: Value,
    name: &str,
    args: Vec<Value>,
) -> PyResult<Value> {
    let m = interp.get_attr(&input, name)?;
    interp.call_value(m, Args::new(args))
}

pub(super) fn utility_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    static FLATTEN: Sig = def("Flatten.forward(self, input)");
    static UNFLATTEN: Sig = def("Unflatten.forward(self, input)");
    static PAD: Sig = def("_ConstantPadNd.forward(self, input)");
    static RMS: Sig = def("RMSNorm.forward(self, x)");
    static COSINE: Sig = def("CosineSimilarity.forward(self, x1, x2)");
    static PAIRWISE: Sig = def("PairwiseDistance.forward(self, x1, x2)");
    let inst = this(&args)?;
    let tag = inst.class().native_tag().unwrap_or("");
    let get = |name: &str| inst.get(name).unwrap_or(Value::None);
    if tag == "Bilinear" {
        static BILINEAR: Sig = def("Bilinear.forward(self, input1, input2)");
        let b = BILINEAR.bind(args)?;
        let (x1, x2) = (
            b.value(1).unwrap_or(Value::None),
            b.value(2).unwrap_or(Value::None),
        );
        return run_f(
            interp,
            "bilinear",
            Args::new(vec![x1, x2, get("weight"), get("bias")]),
        );
    }
    if matches!(tag, "CosineSimilarity" | "PairwiseDistance") {
        let sig = if tag == "CosineSimilarity" {
            &COSINE
        } else {
            &PAIRWISE
        };
        let b = sig.bind(args)?;
        let (x1, x2) = (
            b.value(1).unwrap_or(Value::None),
            b.value(2).unwrap_or(Value::None),
        );
        return if tag == "CosineSimilarity" {
            run_f(
                interp,
                "cosine_similarity",
                Args::new(vec![x1, x2, get("dim"), get("eps")]),
            )
        } else {
            run_f(
                interp,
                "pairwise_distance",
                Args::new(vec![x1, x2, get("norm"), get("eps"), get("keepdim")]),
            )
        };
    }
    let sig = match tag {
        "Flatten" => &FLATTEN,
        "Unflatten" => &UNFLATTEN,
        "RMSNorm" => &RMS,
        _ => &PAD,
    };
    let input = sig.bind(args)?.value(1).unwrap_or(Value::None);
    match tag {
        "Flatten" => call_method(
            interp,
            input,
            "flatten",
            vec![get("start_dim"), get("end_dim")],
        ),
        "Unflatten" => call_method(
            interp,
            input,
            "unflatten",
            vec![get("dim"), get("unflattened_size")],
        ),
        "RMSNorm" => run_f(
            interp,
            "rms_norm",
            Args::new(vec![
                input,
                get("normalized_shape"),
                get("weight"),
                get("eps"),
            ]),
        ),
        _ => run_f(
            interp,
            "pad",
            Args::new(vec![
                input,
                get("padding"),
                Value::str("constant"),
                get("value"),
            ]),
        ),
    }
}

/// Python's `str()` of the numbers, flags, strings, sequences and `None`s the modules print.
pub(super) fn str_of(v: Option<Value>) -> String {
    match v {
        Some(Value::Int(i, _)) => i.to_string(),
        Some(Value::Float(f)) => crate::interp::types::format::float_repr(f),
        Some(Value::Bool(true)) => "True".into(),
        Some(Value::Bool(false)) => "False".into(),
        Some(Value::Str(s)) => s.to_string(),
        Some(Value::Tuple(t)) => {
            let parts: Vec<String> = t.iter().map(item_str).collect();
            if parts.len() == 1 {
                format!("({},)", parts[0])
            } else {
                format!("({})", parts.join(", "))
            }
        }
        Some(Value::List(l)) => {
            let parts: Vec<String> = l.borrow().iter().map(item_str).collect();
            format!("[{}]", parts.join(", "))
        }
        _ => "None".into(),
    }
}

/// An item of a printed sequence: as [`str_of`], but a string keeps its quotes (its `repr`).
fn item_str(v: &Value) -> String {
    match v {
        Value::Str(s) => crate::interp::repr::str_repr(s),
        other => str_of(Some(other.clone())),
    }
}

/// The `extra_repr` of this file's modules (`None` for another module).
pub(super) fn extra_repr(inst: &Instance) -> Option<String> {
    let tag = inst.class().native_tag()?;
    if !UTILITY_MODULES.contains(&tag) {
        return None;
    }
    let get = |name: &str| str_of(inst.get(name));
    Some(match tag {
        "Flatten" => format!("start_dim={}, end_dim={}", get("start_dim"), get("end_dim")),
        "Unflatten" => format!(
            "dim={}, unflattened_size={}",
            get("dim"),
            get("unflattened_size")
        ),
        "ConstantPad1d" | "ConstantPad2d" | "ConstantPad3d" => {
            format!("padding={}, value={}", get("padding"), get("value"))
        }
        "ZeroPad1d" | "ZeroPad2d" | "ZeroPad3d" => get("padding"),
        "Bilinear" => format!(
            "in1_features={}, in2_features={}, out_features={}, bias={}",
            get("in1_features"),
            get("in2_features"),
            get("out_features"),
            if matches!(inst.get("bias"), Some(Value::Tensor(_))) {
                "True"
            } else {
                "False"
            }
        ),
        "RMSNorm" => format!(
            "{}, eps={}, elementwise_affine={}",
            get("normalized_shape"),
            get("eps"),
            get("elementwise_affine")
        ),
        _ => String::new(),
    })
}
