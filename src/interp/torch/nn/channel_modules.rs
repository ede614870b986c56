//! The modules of [`super::channels`]: `nn.Conv1d`, `nn.Conv2d`, `nn.MaxPool1d`, `nn.AvgPool1d`,
//! `nn.AdaptiveAvgPool1d`, `nn.BatchNorm1d`, `nn.InstanceNorm1d`, `nn.GroupNorm` and
//! `nn.LocalResponseNorm`. Each keeps its `__init__` arguments under PyTorch's attribute names, its
//! parameters (initialised as PyTorch's `reset_parameters` does) and buffers, prints PyTorch's
//! `extra_repr`, and its forward runs PyTorch's forward: the checks, then the function it calls.

use crate::interp::Interpreter;
use crate::interp::args::{Dialect, Sig};
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Instance, Value};
use crate::tensor::random::linear_init;
use crate::tensor::{DType, Scalar, Tensor};

use super::super::state::state;
use super::channels::{dim_of, runtime};
use super::functional::run_f;
use super::utility::str_of;
use super::*;

// ---- the modules ----------------------------------------------------------------------------------

/// The modules of this file, in `torch.nn`.
pub(super) static CHANNEL_MODULES: &[&str] = &[
    "Conv1d",
    "Conv2d",
    "MaxPool1d",
    "AvgPool1d",
    "AdaptiveAvgPool1d",
    "BatchNorm1d",
    "InstanceNorm1d",
    "GroupNorm",
    "LocalResponseNorm",
];

const fn def(text: &'static str) -> Sig {
    Sig::new(text, Dialect::PyDef)
}

fn init_sig(tag: &str) -> &'static Sig {
    static CONV1D: Sig = def(
        "Conv1d.__init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)",
    );
    static CONV2D: Sig = def(
        "Conv2d.__init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)",
    );
    static MAX_POOL: Sig = def(
        "_MaxPoolNd.__init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False)",
    );
    static AVG_POOL: Sig = def(
        "AvgPool1d.__init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True)",
    );
    static ADAPTIVE: Sig = def("_AdaptiveAvgPoolNd.__init__(self, output_size)");
    static BATCH: Sig = def(
        "_BatchNorm.__init__(self, num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None, *, bias=True)",
    );
    static INSTANCE: Sig = def(
        "_InstanceNorm.__init__(self, num_features, eps=1e-05, momentum=0.1, affine=False, track_running_stats=False, device=None, dtype=None, *, bias=True)",
    );
    static GROUP: Sig = def(
        "GroupNorm.__init__(self, num_groups, num_channels, eps=1e-05, affine=True, device=None, dtype=None, *, bias=True)",
    );
    static LRN: Sig = def("LocalResponseNorm.__init__(self, size, alpha=0.0001, beta=0.75, k=1.0)");
    match tag {
        "Conv1d" => &CONV1D,
        "Conv2d" => &CONV2D,
        "MaxPool1d" => &MAX_POOL,
        "AvgPool1d" => &AVG_POOL,
        "AdaptiveAvgPool1d" => &ADAPTIVE,
        "BatchNorm1d" => &BATCH,
        "InstanceNorm1d" => &INSTANCE,
        "GroupNorm" => &GROUP,
        _ => &LRN,
    }
}

/// `_ntuple(n)(x)`: an iterable as a tuple, anything else repeated `n` times.
fn ntuple(interp: &mut Interpreter, v: Value, n: usize) -> PyResult<Value> {
    match v {
        Value::Tuple(_) | Value::List(_) | Value::Size(_) | Value::Str(_) => {
            Ok(Value::tuple(interp.collect_iter(&v)?))
        }
        other => Ok(Value::tuple(vec![other; n])),
    }
}

/// An int argument as Python's arithmetic on it sees it.
fn int_value(v: &Value, what: &str) -> PyResult<i64> {
    match v {
        Value::Int(i, _) => Ok(*i),
        Value::Bool(b) => Ok(i64::from(*b)),
        other => Err(type_error(format!(
            "{what}: expected an int, got {}",
            other.type_name()
        ))),
    }
}

/// `torch.empty(sizes)`'s reading of a shape (PyTorch builds each parameter that way).
fn shape_of(sizes: Vec<Value>) -> PyResult<Vec<usize>> {
    static EMPTY: Sig = Sig::torch("empty(SymInt[] size)");
    let b = EMPTY.bind(Args::new(vec![Value::tuple(sizes)]))?;
    let dims: Vec<i64> = b.int_list(0)?;
    if let Some(d) = dims.iter().find(|&&d| d < 0) {
        return Err(runtime(format!(
            "Trying to create tensor with negative dimension {d}: {}",
            {
                let parts: Vec<String> = dims.iter().map(|d| d.to_string()).collect();
                format!("[{}]", parts.join(", "))
            }
        )));
    }
    let dims: Vec<usize> = dims.iter().map(|&d| d as usize).collect();
    crate::tensor::settings::check_numel(&dims)?;
    Ok(dims)
}

/// Calls `Module.register_buffer(self, name, value)`.
fn register_buffer(
    interp: &mut Interpreter,
    inst: &std::rc::Rc<Instance>,
    name: &str,
    value: Value,
) -> PyResult<()> {
    super::module::m_register_buffer(
        interp,
        Args::new(vec![Value::Instance(inst.clone()), Value::str(name), value]),
    )?;
    Ok(())
}

pub(super) fn channel_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let tag = inst.class().native_tag().unwrap_or("");
    let b = init_sig(tag).bind(args)?;
    super::module::m_init(interp, Args::new(vec![Value::Instance(inst.clone())]))?;
    inst.set("training", Value::Bool(true));
    let at = |i: usize| b.value_or_default(i);
    match tag {
        "Conv1d" | "Conv2d" => conv_init(interp, &inst, tag, &b)?,
        "MaxPool1d" => {
            let kernel = at(1)?;
            let stride = match at(2)? {
                Value::None => kernel.clone(),
                s => s,
            };
            inst.set("kernel_size", kernel);
            inst.set("stride", stride);
            inst.set("padding", at(3)?);
            inst.set("dilation", at(4)?);
            inst.set("return_indices", at(5)?);
            inst.set("ceil_mode", at(6)?);
        }
        "AvgPool1d" => {
            let kernel = at(1)?;
            let stride = match at(2)? {
                Value::None => kernel.clone(),
                s => s,
            };
            let kernel = ntuple(interp, kernel, 1)?;
            let stride = ntuple(interp, stride, 1)?;
            let padding = ntuple(interp, at(3)?, 1)?;
            inst.set("kernel_size", kernel);
            inst.set("stride", stride);
            inst.set("padding", padding);
            inst.set("ceil_mode", at(4)?);
            inst.set("count_include_pad", at(5)?);
        }
        "AdaptiveAvgPool1d" => inst.set("output_size", at(1)?),
        "BatchNorm1d" | "InstanceNorm1d" => {
            let n = at(1)?;
            inst.set("num_features", n.clone());
            inst.set("eps", at(2)?);
            inst.set("momentum", at(3)?);
            let affine = at(4)?;
            let track = at(5)?;
            inst.set("affine", affine.clone());
            inst.set("track_running_stats", track.clone());
            let shape = shape_of(vec![n])?;
            affine_params(interp, &inst, &affine, &at(8)?, &shape)?;
            if interp.truthy(&track)? {
                let zeros = Tensor::zeros(&shape, DType::Float32)?;
                let ones = Tensor::full(&shape, Scalar::Float(1.0), DType::Float32)?;
                register_buffer(interp, &inst, "running_mean", Value::Tensor(zeros))?;
                register_buffer(interp, &inst, "running_var", Value::Tensor(ones))?;
                register_buffer(
                    interp,
                    &inst,
                    "num_batches_tracked",
                    Value::Tensor(Tensor::scalar(0i64)),
                )?;
            } else {
                for name in ["running_mean", "running_var", "num_batches_tracked"] {
                    register_buffer(interp, &inst, name, Value::None)?;
                }
            }
        }
        "GroupNorm" => {
            let (groups, channels) = (at(1)?, at(2)?);
            let (g, ch) = (
                int_value(&groups, "num_groups")?,
                int_value(&channels, "num_channels")?,
            );
            if g == 0 {
                return Err(exc(ExcKind::ZeroDivisionError, "integer modulo by zero"));
            }
            if ch.rem_euclid(g) != 0 {
                return Err(exc(
                    ExcKind::ValueError,
                    format!("num_channels ({ch}) must be divisible by num_groups ({g})"),
                ));
            }
            inst.set("num_groups", groups);
            inst.set("num_channels", channels.clone());
            inst.set("eps", at(3)?);
            let affine = at(4)?;
            inst.set("affine", affine.clone());
            let shape = if interp.truthy(&affine)? {
                shape_of(vec![channels])?
            } else {
                Vec::new()
            };
            affine_params(interp, &inst, &affine, &at(7)?, &shape)?;
        }
        _ => {
            inst.set("size", at(1)?);
            inst.set("alpha", at(2)?);
            inst.set("beta", at(3)?);
            inst.set("k", at(4)?);
        }
    }
    Ok(Value::None)
}

/// The affine parameters of the norms: a weight of ones and (with `bias`) a bias of zeros, or `None`s.
fn affine_params(
    interp: &mut Interpreter,
    inst: &std::rc::Rc<Instance>,
    affine: &Value,
    bias: &Value,
    shape: &[usize],
) -> PyResult<()> {
    if !interp.truthy(affine)? {
        inst.set("weight", Value::None);
        inst.set("bias", Value::None);
        return Ok(());
    }
    let ones = Tensor::full(shape, Scalar::Float(1.0), DType::Float32)?;
    inst.set("weight", param(ones));
    if interp.truthy(bias)? {
        inst.set("bias", param(Tensor::zeros(shape, DType::Float32)?));
    } else {
        inst.set("bias", Value::None);
    }
    Ok(())
}

/// `_ConvNd.__init__` through `Conv1d` / `Conv2d`: the argument checks, the attributes, and
/// `reset_parameters` (`kaiming_uniform_(a=√5)` on the weight, then the bias in ±1/√fan_in).
fn conv_init(
    interp: &mut Interpreter,
    inst: &std::rc::Rc<Instance>,
    tag: &str,
    b: &crate::interp::args::Bound,
) -> PyResult<()> {
    let n = if tag == "Conv1d" { 1 } else { 2 };
    let at = |i: usize| b.value_or_default(i);
    let (in_v, out_v) = (at(1)?, at(2)?);
    let kernel = ntuple(interp, at(3)?, n)?;
    let stride = ntuple(interp, at(4)?, n)?;
    let padding = match at(5)? {
        s @ Value::Str(_) => s,
        other => ntuple(interp, other, n)?,
    };
    let dilation = ntuple(interp, at(6)?, n)?;
    let groups_v = at(7)?;
    let groups = int_value(&groups_v, "groups")?;
    if groups <= 0 {
        return Err(exc(
            ExcKind::ValueError,
            "groups must be a positive integer",
        ));
    }
    let (in_c, out_c) = (
        int_value(&in_v, "in_channels")?,
        int_value(&out_v, "out_channels")?,
    );
    if in_c.rem_euclid(groups) != 0 {
        return Err(exc(
            ExcKind::ValueError,
            "in_channels must be divisible by groups",
        ));
    }
    if out_c.rem_euclid(groups) != 0 {
        return Err(exc(
            ExcKind::ValueError,
            "out_channels must be divisible by groups",
        ));
    }
    if let Value::Str(p) = &padding {
        if &**p != "same" && &**p != "valid" {
            return Err(exc(
                ExcKind::ValueError,
                format!(
                    "Invalid padding string {}, should be one of {{'same', 'valid'}}",
                    crate::interp::repr::str_repr(p)
                ),
            ));
        }
        if &**p == "same"
            && interp
                .collect_iter(&stride)?
                .iter()
                .any(|s| !matches!(s, Value::Int(1, _)))
        {
            return Err(exc(
                ExcKind::ValueError,
                "padding='same' is not supported for strided convolutions",
            ));
        }
    }
    let mode = at(9)?;
    let mode_ok = matches!(&mode, Value::Str(m) if ["zeros", "reflect", "replicate", "circular"].contains(&&**m));
    if !mode_ok {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "padding_mode must be one of {{'zeros', 'reflect', 'replicate', 'circular'}}, but got padding_mode='{}'",
                interp.to_str(&mode)?
            ),
        ));
    }
    inst.set("in_channels", in_v);
    inst.set("out_channels", out_v);
    inst.set("kernel_size", kernel.clone());
    inst.set("stride", stride);
    inst.set("padding", padding);
    inst.set("dilation", dilation);
    inst.set("transposed", Value::Bool(false));
    inst.set("output_padding", Value::tuple(vec![Value::int(0); n]));
    inst.set("groups", groups_v);
    inst.set("padding_mode", mode);
    let mut sizes = vec![Value::int(out_c), Value::int(in_c.div_euclid(groups))];
    sizes.extend(interp.collect_iter(&kernel)?);
    let shape = shape_of(sizes)?;
    let has_bias = interp.truthy(&at(8)?)?;
    let fan_in: usize = shape[1..].iter().product();
    let (w, bias) = linear_init(&mut state(interp).rng, fan_in, shape[0], has_bias);
    inst.set("weight", param(Tensor::from_vec(w, &shape)?));
    match bias {
        Some(bias) => inst.set("bias", param(Tensor::from_vec(bias, &shape[..1])?)),
        None => inst.set("bias", Value::None),
    }
    Ok(())
}

fn forward_sig(tag: &str) -> &'static Sig {
    static CONV1D: Sig = def("Conv1d.forward(self, input)");
    static CONV2D: Sig = def("Conv2d.forward(self, input)");
    static MAX_POOL: Sig = def("MaxPool1d.forward(self, input)");
    static AVG_POOL: Sig = def("AvgPool1d.forward(self, input)");
    static ADAPTIVE: Sig = def("AdaptiveAvgPool1d.forward(self, input)");
    static BATCH: Sig = def("_BatchNorm.forward(self, input)");
    static INSTANCE: Sig = def("_InstanceNorm.forward(self, input)");
    static GROUP: Sig = def("GroupNorm.forward(self, input)");
    static LRN: Sig = def("LocalResponseNorm.forward(self, input)");
    match tag {
        "Conv1d" => &CONV1D,
        "Conv2d" => &CONV2D,
        "MaxPool1d" => &MAX_POOL,
        "AvgPool1d" => &AVG_POOL,
        "AdaptiveAvgPool1d" => &ADAPTIVE,
        "BatchNorm1d" => &BATCH,
        "InstanceNorm1d" => &INSTANCE,
        "GroupNorm" => &GROUP,
        _ => &LRN,
    }
}

pub(super) fn channel_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let tag = inst.class().native_tag().unwrap_or("");
    let input = forward_sig(tag).bind(args)?.value(1).unwrap_or(Value::None);
    let get = |name: &str| inst.get(name).unwrap_or(Value::None);
    let call =
        |interp: &mut Interpreter, f: &str, args: Vec<Value>| run_f(interp, f, Args::new(args));
    match tag {
        "Conv1d" | "Conv2d" => {
            if !matches!(get("padding_mode"), Value::Str(m) if &*m == "zeros") {
                return Err(exc(
                    ExcKind::NotImplementedError,
                    "the tutor's convolutions support padding_mode='zeros' only",
                ));
            }
            let f = if tag == "Conv1d" { "conv1d" } else { "conv2d" };
            call(
                interp,
                f,
                vec![
                    input,
                    get("weight"),
                    get("bias"),
                    get("stride"),
                    get("padding"),
                    get("dilation"),
                    get("groups"),
                ],
            )
        }
        "MaxPool1d" => call(
            interp,
            "max_pool1d",
            vec![
                input,
                get("kernel_size"),
                get("stride"),
                get("padding"),
                get("dilation"),
                get("ceil_mode"),
                get("return_indices"),
            ],
        ),
        "AvgPool1d" => call(
            interp,
            "avg_pool1d",
            vec![
                input,
                get("kernel_size"),
                get("stride"),
                get("padding"),
                get("ceil_mode"),
                get("count_include_pad"),
            ],
        ),
        "AdaptiveAvgPool1d" => call(
            interp,
            "adaptive_avg_pool1d",
            vec![input, get("output_size")],
        ),
        "BatchNorm1d" => batch_norm_forward(interp, &inst, input),
        "InstanceNorm1d" => instance_norm_forward(interp, &inst, input),
        "GroupNorm" => call(
            interp,
            "group_norm",
            vec![
                input,
                get("num_groups"),
                get("weight"),
                get("bias"),
                get("eps"),
            ],
        ),
        _ => call(
            interp,
            "local_response_norm",
            vec![input, get("size"), get("alpha"), get("beta"), get("k")],
        ),
    }
}

/// `_BatchNorm.forward`: counts the batch, picks the averaging factor, and normalises by the batch
/// (training, or no running statistics) or by the running statistics.
fn batch_norm_forward(
    interp: &mut Interpreter,
    inst: &std::rc::Rc<Instance>,
    input: Value,
) -> PyResult<Value> {
    let nd = dim_of(&input, "dim")?;
    if nd != 2 && nd != 3 {
        return Err(exc(
            ExcKind::ValueError,
            format!("expected 2D or 3D input (got {nd}D input)"),
        ));
    }
    let get = |name: &str| inst.get(name).unwrap_or(Value::None);
    let training = super::training(inst);
    let track = interp.truthy(&get("track_running_stats"))?;
    let momentum = get("momentum");
    let mut factor = match &momentum {
        Value::None => Value::Float(0.0),
        m => m.clone(),
    };
    if training
        && track
        && let Value::Tensor(count) = get("num_batches_tracked")
    {
        let n = count.item()?.to_i64().wrapping_add(1);
        count.fill(Scalar::Int(n));
        if matches!(momentum, Value::None) {
            factor = Value::Float(1.0 / n as f64);
        }
    }
    let bn_training = training
        || (matches!(get("running_mean"), Value::None)
            && matches!(get("running_var"), Value::None));
    let stats = |name: &str| {
        if !training || track {
            get(name)
        } else {
            Value::None
        }
    };
    run_f(
        interp,
        "batch_norm",
        Args::new(vec![
            input,
            stats("running_mean"),
            stats("running_var"),
            get("weight"),
            get("bias"),
            Value::Bool(bn_training),
            factor,
            get("eps"),
        ]),
    )
}

/// `_InstanceNorm.forward`: checks the feature size (an error with parameters, a warning without),
/// runs an unbatched input as a batch of one.
fn instance_norm_forward(
    interp: &mut Interpreter,
    inst: &std::rc::Rc<Instance>,
    input: Value,
) -> PyResult<Value> {
    let nd = dim_of(&input, "dim")?;
    if nd != 2 && nd != 3 {
        return Err(exc(
            ExcKind::ValueError,
            format!("expected 2D or 3D input (got {nd}D input)"),
        ));
    }
    let Value::Tensor(x) = input else {
        return Ok(Value::None);
    };
    let get = |name: &str| inst.get(name).unwrap_or(Value::None);
    let feature_dim = nd - 2;
    let size = x.shape()[feature_dim];
    let num_features = get("num_features");
    if !matches!(num_features, Value::Int(n, _) if n == size as i64) {
        if interp.truthy(&get("affine"))? {
            return Err(exc(
                ExcKind::ValueError,
                format!(
                    "expected input's size at dim={feature_dim} to match num_features ({}), but got: {size}.",
                    interp.to_str(&num_features)?
                ),
            ));
        }
        interp.warnings.push(format!(
            "UserWarning: input's size at dim={feature_dim} does not match num_features. You can silence this warning by not passing in num_features, which is not used because affine=False"
        ));
    }
    let training = super::training(inst);
    let track = interp.truthy(&get("track_running_stats"))?;
    let momentum = match get("momentum") {
        Value::None => Value::Float(0.0),
        m => m,
    };
    let batched = nd == 3;
    let x = if batched { x } else { x.unsqueeze(0)? };
    let out = run_f(
        interp,
        "instance_norm",
        Args::new(vec![
            Value::Tensor(x),
            get("running_mean"),
            get("running_var"),
            get("weight"),
            get("bias"),
            Value::Bool(training || !track),
            momentum,
            get("eps"),
        ]),
    )?;
    match out {
        Value::Tensor(o) if !batched => Ok(Value::Tensor(o.squeeze(Some(&[0]))?)),
        other => Ok(other),
    }
}

/// `self.x != (v,) * len(self.x)` for the conv's tuples (a string padding always differs).
fn differs(v: Option<Value>, fill: i64) -> bool {
    match v {
        Some(Value::Tuple(items)) => items
            .iter()
            .any(|x| !matches!(x, Value::Int(i, _) if *i == fill)),
        _ => true,
    }
}

/// The `extra_repr` of this file's modules (`None` for another module).
pub(super) fn extra_repr(inst: &Instance) -> Option<String> {
    let tag = inst.class().native_tag()?;
    if !CHANNEL_MODULES.contains(&tag) {
        return None;
    }
    let get = |name: &str| str_of(inst.get(name));
    let has = |name: &str| matches!(inst.get(name), Some(Value::Tensor(_)));
    Some(match tag {
        "Conv1d" | "Conv2d" => {
            let mut s = format!(
                "{}, {}, kernel_size={}, stride={}",
                get("in_channels"),
                get("out_channels"),
                get("kernel_size"),
                get("stride")
            );
            if differs(inst.get("padding"), 0) {
                s += &format!(", padding={}", get("padding"));
            }
            if differs(inst.get("dilation"), 1) {
                s += &format!(", dilation={}", get("dilation"));
            }
            if !matches!(inst.get("groups"), Some(Value::Int(1, _))) {
                s += &format!(", groups={}", get("groups"));
            }
            if !has("bias") {
                s += ", bias=False";
            }
            if !matches!(inst.get("padding_mode"), Some(Value::Str(m)) if &*m == "zeros") {
                s += &format!(", padding_mode={}", get("padding_mode"));
            }
            s
        }
        "MaxPool1d" => format!(
            "kernel_size={}, stride={}, padding={}, dilation={}, ceil_mode={}",
            get("kernel_size"),
            get("stride"),
            get("padding"),
            get("dilation"),
            get("ceil_mode")
        ),
        "AvgPool1d" => format!(
            "kernel_size={}, stride={}, padding={}",
            get("kernel_size"),
            get("stride"),
            get("padding")
        ),
        "AdaptiveAvgPool1d" => format!("output_size={}", get("output_size")),
        "BatchNorm1d" | "InstanceNorm1d" => format!(
            "{}, eps={}, momentum={}, affine={}, bias={}, track_running_stats={}",
            get("num_features"),
            get("eps"),
            get("momentum"),
            get("affine"),
            if has("bias") { "True" } else { "False" },
            get("track_running_stats")
        ),
        "GroupNorm" => format!(
            "{}, {}, eps={}, affine={}, bias={}",
            get("num_groups"),
            get("num_channels"),
            get("eps"),
            get("affine"),
            if has("bias") { "True" } else { "False" }
        ),
        _ => format!(
            "{}, alpha={}, beta={}, k={}",
            get("size"),
            get("alpha"),
            get("beta"),
            get("k")
        ),
    })
}

/// The grad_fn the output of one of this file's modules records.
pub(super) fn forward_node(tag: &str, input_ndim: usize) -> Option<&'static str> {
    Some(match tag {
        "Conv1d" if input_ndim == 3 => "ConvolutionBackward0",
        "Conv2d" if input_ndim == 4 => "ConvolutionBackward0",
        "Conv1d" | "Conv2d" | "MaxPool1d" | "AvgPool1d" | "AdaptiveAvgPool1d" => "SqueezeBackward1",
        "BatchNorm1d" => "NativeBatchNormBackward0",
        "InstanceNorm1d" if input_ndim == 3 => "ViewBackward0",
        "InstanceNorm1d" => "SqueezeBackward1",
        "GroupNorm" => "NativeGroupNormBackward0",
        "LocalResponseNorm" => "DivBackward0",
        _ => return None,
    })
}
