//! Convolution, 1-d pooling and the channel normalisations: `F.conv1d` / `F.conv2d`, `F.max_pool1d`,
//! `F.avg_pool1d`, `F.adaptive_avg_pool1d`, `F.batch_norm`, `F.instance_norm`, `F.group_norm` and
//! `F.local_response_norm` (their modules are in [`super::channel_modules`]). Each binds PyTorch's
//! signature: a Python `def` where `torch/nn/functional.py` has one, with its checks, then the C++
//! op's, so a wrong argument is worded as PyTorch words it.

use crate::interp::Interpreter;
use crate::interp::args::Sig;
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::{Args, Value};
use crate::tensor::ops::batch_norm::{self as bn, BatchNorm};
use crate::tensor::ops::conv::{self, ConvArgs, Pool1d};
use crate::tensor::ops::reorder;
use crate::tensor::{Scalar, Tensor};

use super::super::call::Call;
use super::functional::{FDef, Node, cpp, py};

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

pub(super) fn runtime(msg: impl Into<String>) -> crate::interp::error::Unwind {
    exc(ExcKind::RuntimeError, msg.into())
}

/// The argument at `i` as the Python function passes it on: the value given or its default.
fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

fn list(v: &[usize]) -> String {
    let parts: Vec<String> = v.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// `x.dim()` as Python code calls it on an argument: anything but a tensor has no such attribute.
pub(super) fn dim_of(v: &Value, attr: &str) -> PyResult<usize> {
    match v {
        Value::Tensor(t) => Ok(t.ndim()),
        other => Err(exc(
            ExcKind::AttributeError,
            format!("'{}' object has no attribute '{attr}'", other.type_name()),
        )),
    }
}

// ---- convolution ----------------------------------------------------------------------------------

/// `at::conv1d` / `at::conv2d` (both overloads: an int padding, or `'valid'` / `'same'`).
fn conv(interp: &mut Interpreter, c: &Call, dims: usize) -> PyResult<Value> {
    let input = c.tensor(0)?;
    let weight = c.tensor(1)?;
    let bias = c.opt_tensor(2)?;
    if let Some(b) = &bias
        && b.dtype() != input.dtype()
    {
        return Err(runtime(format!(
            "Input type ({}) and bias type ({}) should be the same",
            input.dtype().cpp_name(),
            b.dtype().cpp_name()
        )));
    }
    let name = if dims == 1 { "conv1d" } else { "conv2d" };
    let batched = input.ndim() == dims + 2;
    if !batched && input.ndim() != dims + 1 {
        return Err(runtime(format!(
            "Expected {}D (unbatched) or {}D (batched) input to {name}, but got input of size: {}",
            dims + 1,
            dims + 2,
            list(input.shape())
        )));
    }
    let x = if batched {
        input.clone()
    } else {
        input.unsqueeze(0)?
    };
    let mut args = ConvArgs {
        stride: c.int_list(3)?,
        padding: vec![0],
        dilation: c.int_list(5)?,
        groups: c.int(6)?,
    };
    let out = if c.which() == 1 {
        match c.str(4)?.as_deref() {
            Some("valid") | None => conv::convolution(&x, &weight, bias.as_ref(), &args)?,
            Some("same") => {
                let (left, right) = conv::same_padding(&weight, &args)?;
                if left == right {
                    args.padding = left;
                    conv::convolution(&x, &weight, bias.as_ref(), &args)?
                } else {
                    interp.warnings.push(
                        "UserWarning: Using padding='same' with even kernel lengths and odd dilation may require a zero-padded copy of the input be created"
                            .into(),
                    );
                    // The extra padding goes on the right, by `F.pad` (last dim first).
                    let mut pads = vec![0i64; 2 * left.len()];
                    for i in 0..left.len() {
                        pads[2 * (left.len() - 1 - i) + 1] = right[i] - left[i];
                    }
                    let padded = reorder::pad(&x, &pads, Scalar::Int(0))?;
                    args.padding = left;
                    conv::convolution(&padded, &weight, bias.as_ref(), &args)?
                }
            }
            Some(other) => {
                return Err(runtime(format!("Invalid padding string: '{other}'")));
            }
        }
    } else {
        args.padding = c.int_list(4)?;
        conv::convolution(&x, &weight, bias.as_ref(), &args)?
    };
    t(if batched {
        out
    } else {
        out.squeeze(Some(&[0]))?
    })
}

// ---- pooling --------------------------------------------------------------------------------------

/// `checkDimRange(fn, self, 2, 4)`.
fn dim_range(x: &Tensor, f: &str) -> PyResult<()> {
    if x.ndim() < 2 || x.ndim() > 3 {
        return Err(runtime(format!(
            "Expected 2 to 3 dimensions, but got {}-dimensional tensor for argument #1 'self' (while checking arguments for {f})",
            x.ndim()
        )));
    }
    Ok(())
}

/// `check1d(fn, arg, list)`.
fn one(v: &[i64], f: &str, name: &str) -> PyResult<i64> {
    match v {
        [x] => Ok(*x),
        _ => Err(runtime(format!(
            "{f}() argument '{name}' should contain one int (got {})",
            v.len()
        ))),
    }
}

/// `F.max_pool1d`: `torch.max_pool1d`, or `torch.max_pool1d_with_indices` when `return_indices`.
fn max_pool1d(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    static PLAIN: Sig = Sig::torch(
        "max_pool1d(Tensor input, int[1] kernel_size, int[1] stride=[], int[1] padding=0, int[1] dilation=1, bool ceil_mode=False)",
    );
    static WITH_INDICES: Sig = Sig::torch(
        "max_pool1d_with_indices(Tensor input, int[1] kernel_size, int[1] stride=[], int[1] padding=0, int[1] dilation=1, bool ceil_mode=False)",
    );
    let indices = interp.truthy(&arg(c, 6))?;
    let stride = match arg(c, 2) {
        Value::None => Value::list(vec![]),
        v => v,
    };
    let sig = if indices { &WITH_INDICES } else { &PLAIN };
    let b = sig.bind(Args::new(vec![
        arg(c, 0),
        arg(c, 1),
        stride,
        arg(c, 3),
        arg(c, 4),
        arg(c, 5),
    ]))?;
    let x = b.tensor(0)?;
    let (kernel, stride, padding, dilation) = (
        b.int_list(1)?,
        b.int_list(2)?,
        b.int_list(3)?,
        b.int_list(4)?,
    );
    let stride = if stride.is_empty() {
        kernel.clone()
    } else {
        stride
    };
    if indices {
        dim_range(&x, "max_pool1d")?;
        let p = Pool1d {
            kernel: one(&kernel, "max_pool1d", "kernel_size")?,
            stride: one(&stride, "max_pool1d", "stride")?,
            padding: one(&padding, "max_pool1d", "padding")?,
            dilation: one(&dilation, "max_pool1d", "dilation")?,
            ceil_mode: b.bool(5)?,
        };
        let (values, idx) = conv::max_pool1d_with_indices(&x, &p)?;
        return Ok(Value::tuple(vec![
            Value::Tensor(values),
            Value::Tensor(idx),
        ]));
    }
    let size = |v: &[i64], what: &str| -> PyResult<i64> {
        match v {
            [x] => Ok(*x),
            _ => Err(runtime(format!(
                "max_pool1d() {what} but got size {}",
                v.len()
            ))),
        }
    };
    let nd = x.ndim();
    if nd != 2 && nd != 3 {
        return Err(runtime(format!(
            "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:{}",
            list(x.shape())
        )));
    }
    let p = Pool1d {
        kernel: size(
            &kernel,
            "kernel_size must be an int, list of ints or tuple of ints of size 1",
        )?,
        stride: size(
            &stride,
            "stride must be None, an int, list of ints, or tuple of ints of size 1",
        )?,
        padding: size(
            &padding,
            "padding must be an int, list of ints, or tuple of ints of size 1",
        )?,
        dilation: size(
            &dilation,
            "dilation must be an int, list of ints, or tuple of ints of size 1",
        )?,
        ceil_mode: b.bool(5)?,
    };
    t(conv::max_pool1d(&x, &p)?)
}

fn avg_pool1d(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.tensor(0)?;
    let kernel = c.int_list(1)?;
    let stride = c.int_list(2)?;
    let stride = if stride.is_empty() {
        kernel.clone()
    } else {
        stride
    };
    dim_range(&x, "avg_pool1d")?;
    let p = Pool1d {
        kernel: one(&kernel, "avg_pool1d", "kernel_size")?,
        stride: one(&stride, "avg_pool1d", "stride")?,
        padding: one(&c.int_list(3)?, "avg_pool1d", "padding")?,
        dilation: 1,
        ceil_mode: c.bool(4)?,
    };
    t(conv::avg_pool1d(&x, &p, c.bool(5)?)?)
}

fn adaptive_avg_pool1d(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.tensor(0)?;
    dim_range(&x, "adaptive_avg_pool1d")?;
    let size = one(&c.int_list(1)?, "adaptive_avg_pool1d", "output_size")?;
    // ATen pools `x.unsqueeze(-2)` in 2-d: a batched input whose 4-d view is channels-last takes the
    // channels-last kernel, and its result keeps that layout once squeezed back. (A negative size or an
    // empty length is refused by the kernel's own checks below.)
    use super::super::tensor::MemoryFormat;
    if x.ndim() == 3 && size >= 0 && x.shape()[2] > 0 {
        let x4 = x.unsqueeze(-2)?;
        if MemoryFormat::suggested(&x4) == MemoryFormat::ChannelsLast {
            if size == 1 {
                // The mean, given the strides `as_strided_` gives it (`(C, 1, C)` once squeezed).
                let c = x.shape()[1];
                return t(conv::adaptive_avg_pool1d(&x, size)?.restrided(vec![c, 1, c]));
            }
            let pooled =
                crate::tensor::ops::resample::adaptive_avg_pool(&x4, &[1, size as usize], true)?;
            let laid = match MemoryFormat::ChannelsLast.strides(pooled.shape())? {
                Some(s) => pooled.restrided(s),
                None => pooled,
            };
            return t(laid.squeeze(Some(&[-2]))?);
        }
    }
    t(conv::adaptive_avg_pool1d(&x, size)?)
}

// ---- normalisation --------------------------------------------------------------------------------

static BATCH_NORM: Sig = Sig::torch(
    "batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool training, float momentum, float eps, bool cudnn_enabled)",
);
static INSTANCE_NORM: Sig = Sig::torch(
    "instance_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, Tensor? running_var, bool use_input_stats, float momentum, float eps, bool cudnn_enabled)",
);
static GROUP_NORM: Sig = Sig::torch(
    "group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, float eps=1e-05, bool cudnn_enabled=True)",
);

/// The sizes of `input.size()`, or Python's `AttributeError` for anything else.
fn sizes_of(v: &Value) -> PyResult<Vec<usize>> {
    dim_of(v, "size")?;
    match v {
        Value::Tensor(t) => Ok(t.shape().to_vec()),
        _ => Ok(Vec::new()),
    }
}

/// `float(eps) <= 0.0` as the Python check compares it (`None` and strings do not compare).
fn eps_value(v: &Value) -> PyResult<f64> {
    match v {
        Value::Int(i, _) => Ok(*i as f64),
        Value::Bool(b) => Ok(f64::from(u8::from(*b))),
        Value::Float(f) => Ok(*f),
        other => Err(type_error(format!(
            "'<=' not supported between instances of '{}' and 'float'",
            other.type_name()
        ))),
    }
}

/// What `torch.batch_norm` / `torch.instance_norm` bind: the input, its four optional tensors
/// (weight, bias, running mean, running variance) and the options.
struct NormCall {
    input: Tensor,
    tensors: [Option<Tensor>; 4],
    training: bool,
    momentum: f64,
    eps: f64,
}

impl NormCall {
    /// Binds the C++ op `sig` as the Python function calls it: `(input, weight, bias, running_mean,
    /// running_var, <flag>, momentum, eps, cudnn_enabled)` from the function's
    /// `(input, running_mean, running_var, weight, bias, <flag>, momentum, eps)`.
    fn from_python(sig: &Sig, c: &Call) -> PyResult<NormCall> {
        let b = sig.bind(Args::new(vec![
            arg(c, 0),
            arg(c, 3),
            arg(c, 4),
            arg(c, 1),
            arg(c, 2),
            arg(c, 5),
            arg(c, 6),
            arg(c, 7),
            Value::Bool(true),
        ]))?;
        Ok(NormCall {
            input: b.tensor(0)?,
            tensors: [
                b.opt_tensor(1)?,
                b.opt_tensor(2)?,
                b.opt_tensor(3)?,
                b.opt_tensor(4)?,
            ],
            training: b.bool(5)?,
            momentum: b.float(6)?,
            eps: b.float(7)?,
        })
    }

    fn options(&self) -> BatchNorm<'_> {
        let [w, bias, rm, rv] = &self.tensors;
        BatchNorm {
            running_mean: rm.as_ref(),
            running_var: rv.as_ref(),
            weight: w.as_ref(),
            bias: bias.as_ref(),
            training: self.training,
            momentum: self.momentum,
            eps: self.eps,
        }
    }
}

fn batch_norm(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    let training = interp.truthy(&arg(c, 5))?;
    if training {
        let size = sizes_of(&input)?;
        let prods = size.first().copied().unwrap_or(1) * size.iter().skip(2).product::<usize>();
        if prods == 1 {
            return Err(exc(
                ExcKind::ValueError,
                format!(
                    "Expected more than 1 value per channel when training, got input size torch.Size({})",
                    list(&size)
                ),
            ));
        }
    }
    let eps = eps_value(&arg(c, 7))?;
    if training && eps <= 0.0 {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "batch_norm eps must be positive during training, but got {}",
                interp.repr(&arg(c, 7))?
            ),
        ));
    } else if eps < 0.0 {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "batch_norm eps must be non-negative, but got {}",
                interp.repr(&arg(c, 7))?
            ),
        ));
    }
    let call = NormCall::from_python(&BATCH_NORM, c)?;
    t(bn::batch_norm(&call.input, &call.options())?)
}

fn instance_norm(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    let use_stats = interp.truthy(&arg(c, 5))?;
    if use_stats {
        let size = sizes_of(&input)?;
        if size.iter().skip(2).product::<usize>() == 1 {
            return Err(exc(
                ExcKind::ValueError,
                format!(
                    "Expected more than 1 spatial element when training, got input size torch.Size({})",
                    list(&size)
                ),
            ));
        }
    }
    let call = NormCall::from_python(&INSTANCE_NORM, c)?;
    t(bn::instance_norm(&call.input, &call.options())?)
}

fn group_norm(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    let nd = dim_of(&input, "dim")?;
    if nd < 2 {
        return Err(runtime(format!(
            "Expected at least 2 dimensions for input tensor but received {nd}"
        )));
    }
    let size = sizes_of(&input)?;
    let groups = arg(c, 1);
    // `input.size(0) * input.size(1) // num_groups` in Python, then `_verify_batch_size`.
    let g = match &groups {
        Value::Int(g, _) => Some(*g),
        Value::Bool(b) => Some(i64::from(*b)),
        _ => None,
    };
    if let Some(g) = g {
        if g == 0 {
            return Err(exc(
                ExcKind::ZeroDivisionError,
                "integer division or modulo by zero",
            ));
        }
        let first = ((size[0] * size[1]) as i64).div_euclid(g);
        let prods = first * size.iter().skip(2).product::<usize>() as i64;
        if prods == 1 {
            let mut shown = vec![first.to_string(), g.to_string()];
            shown.extend(size.iter().skip(2).map(|d| d.to_string()));
            return Err(exc(
                ExcKind::ValueError,
                format!(
                    "Expected more than 1 value per channel when training, got input size [{}]",
                    shown.join(", ")
                ),
            ));
        }
    }
    let b = GROUP_NORM.bind(Args::new(vec![
        input,
        groups,
        arg(c, 2),
        arg(c, 3),
        arg(c, 4),
    ]))?;
    let (w, bias) = (b.opt_tensor(2)?, b.opt_tensor(3)?);
    t(bn::group_norm(
        &b.tensor(0)?,
        b.int(1)?,
        w.as_ref(),
        bias.as_ref(),
        b.float(4)?,
    )?)
}

fn local_response_norm(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    let nd = dim_of(&input, "dim")?;
    if nd < 3 {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "Expected 3D or higher dimensionality                          input (got {nd} dimensions)"
            ),
        ));
    }
    let Value::Tensor(x) = input else {
        return Ok(Value::None);
    };
    if x.numel() == 0 {
        return Ok(Value::Tensor(x));
    }
    let size = match arg(c, 1) {
        Value::Int(s, _) => s,
        Value::Bool(b) => i64::from(b),
        Value::Float(_) => {
            // `size // 2` is a float, which `pad` refuses.
            return Err(type_error(
                "pad(): argument 'pad' failed to unpack the object at pos 3 with error \"type must be tuple of ints,but got float\"",
            ));
        }
        other => {
            return Err(type_error(format!(
                "unsupported operand type(s) for //: '{}' and 'int'",
                other.type_name()
            )));
        }
    };
    let scalar = |v: Value| -> PyResult<Scalar> {
        match v {
            Value::Int(i, _) => Ok(Scalar::Int(i)),
            Value::Bool(b) => Ok(Scalar::Bool(b)),
            Value::Float(f) => Ok(Scalar::Float(f)),
            other => Err(type_error(format!(
                "mul(): argument 'other' (position 1) must be Tensor, not {}",
                other.type_name()
            ))),
        }
    };
    t(bn::local_response_norm(
        &x,
        size,
        scalar(arg(c, 2))?,
        scalar(arg(c, 3))?,
        scalar(arg(c, 4))?,
    )?)
}

pub(super) static CHANNEL_DEFS: &[FDef] = &[
    cpp(
        "conv1d",
        &[
            "conv1d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[1] stride=1, SymInt[1] padding=0, SymInt[1] dilation=1, SymInt groups=1)",
            "conv1d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[1] stride=1, str padding=\"valid\", SymInt[1] dilation=1, SymInt groups=1)",
        ],
        |i, c| conv(i, c, 1),
        Node::ByRank(3, "ConvolutionBackward0", "SqueezeBackward1"),
    ),
    cpp(
        "conv2d",
        &[
            "conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, SymInt[2] padding=0, SymInt[2] dilation=1, SymInt groups=1)",
            "conv2d(Tensor input, Tensor weight, Tensor? bias=None, SymInt[2] stride=1, str padding=\"valid\", SymInt[2] dilation=1, SymInt groups=1)",
        ],
        |i, c| conv(i, c, 2),
        Node::ByRank(4, "ConvolutionBackward0", "SqueezeBackward1"),
    ),
    py(
        "max_pool1d",
        "max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)",
        max_pool1d,
        Node::Fixed("SqueezeBackward1"),
    ),
    cpp(
        "avg_pool1d",
        &[
            "avg_pool1d(Tensor input, int[1] kernel_size, int[1] stride=[], int[1] padding=0, bool ceil_mode=False, bool count_include_pad=True)",
        ],
        avg_pool1d,
        Node::Fixed("SqueezeBackward1"),
    ),
    cpp(
        "adaptive_avg_pool1d",
        &["adaptive_avg_pool1d(Tensor input, int[1] output_size)"],
        adaptive_avg_pool1d,
        Node::Fixed("SqueezeBackward1"),
    ),
    py(
        "batch_norm",
        "batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05)",
        batch_norm,
        Node::Fixed("NativeBatchNormBackward0"),
    ),
    py(
        "instance_norm",
        "instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True, momentum=0.1, eps=1e-05)",
        instance_norm,
        Node::Fixed("ViewBackward0"),
    ),
    py(
        "group_norm",
        "group_norm(input, num_groups, weight=None, bias=None, eps=1e-05)",
        group_norm,
        Node::Fixed("NativeGroupNormBackward0"),
    ),
    py(
        "local_response_norm",
        "local_response_norm(input, size, alpha=0.0001, beta=0.75, k=1.0)",
        local_response_norm,
        Node::Fixed("DivBackward0"),
    ),
];
