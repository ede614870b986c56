//! `F.interpolate`: `torch/nn/functional.py`'s argument handling in its order (its ValueErrors,
//! `recompute_scale_factor`, the mode-by-rank dispatch and its NotImplementedErrors), then the C++
//! op it calls (`upsample_nearest2d`, `upsample_bilinear2d`, ..., or an adaptive average pool for
//! `area`) with the op's own checks. The kernels are in [`crate::tensor::ops::resample`].

use crate::interp::Interpreter;
use crate::interp::args::Sig;
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::torch::autograd;
use crate::interp::torch::tensor::MemoryFormat;
use crate::interp::value::{Args, Value};
use crate::tensor::Tensor;
use crate::tensor::ops::resample::{self, Mode, Resample};

use super::super::call::Call;
use super::functional::{FDef, Node, py, run_f};

fn arg(c: &Call, i: usize) -> Value {
    c.value_or_default(i).unwrap_or(Value::None)
}

fn value_error(msg: impl Into<String>) -> crate::interp::error::Unwind {
    exc(ExcKind::ValueError, msg.into())
}

fn runtime(msg: impl Into<String>) -> crate::interp::error::Unwind {
    exc(ExcKind::RuntimeError, msg.into())
}

fn items(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::List(l) => Some(l.borrow().iter().cloned().collect()),
        Value::Tuple(t) => Some(t.iter().cloned().collect()),
        _ => None,
    }
}

fn dims_list(v: &[usize]) -> String {
    let parts: Vec<String> = v.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

// The C++ ops, as Python's `torch._C._nn` binds their arguments.
static NEAREST: [Sig; 3] = [
    Sig::torch("upsample_nearest1d(Tensor input, SymInt[]? output_size, float[]? scale_factors)"),
    Sig::torch("upsample_nearest2d(Tensor input, SymInt[]? output_size, float[]? scale_factors)"),
    Sig::torch("upsample_nearest3d(Tensor input, SymInt[]? output_size, float[]? scale_factors)"),
];
static NEAREST_EXACT: [Sig; 3] = [
    Sig::torch(
        "_upsample_nearest_exact1d(Tensor input, SymInt[]? output_size, float[]? scale_factors)",
    ),
    Sig::torch(
        "_upsample_nearest_exact2d(Tensor input, SymInt[]? output_size, float[]? scale_factors)",
    ),
    Sig::torch(
        "_upsample_nearest_exact3d(Tensor input, SymInt[]? output_size, float[]? scale_factors)",
    ),
];
static LINEAR: [Sig; 3] = [
    Sig::torch(
        "upsample_linear1d(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors)",
    ),
    Sig::torch(
        "upsample_bilinear2d(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors)",
    ),
    Sig::torch(
        "upsample_trilinear3d(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors)",
    ),
];
static BICUBIC: Sig = Sig::torch(
    "upsample_bicubic2d(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors)",
);
static BILINEAR_AA: Sig = Sig::torch(
    "_upsample_bilinear2d_aa(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors)",
);
static BICUBIC_AA: Sig = Sig::torch(
    "_upsample_bicubic2d_aa(Tensor input, SymInt[]? output_size, bool align_corners, float[]? scale_factors)",
);
static ADAPTIVE_AVG_POOL: [Sig; 2] = [
    Sig::torch("adaptive_avg_pool2d(Tensor input, SymInt[2] output_size)"),
    Sig::torch("adaptive_avg_pool3d(Tensor input, SymInt[3] output_size)"),
];

/// A Python number as `int(n * f)` computes it (`recompute_scale_factor`).
fn scaled_size(n: usize, f: &Value) -> PyResult<Value> {
    let f = match f {
        Value::Int(i, _) => return Ok(Value::int(n as i64 * i)),
        Value::Bool(b) => return Ok(Value::int(if *b { n as i64 } else { 0 })),
        Value::Float(f) => *f,
        other => {
            return Err(type_error(format!(
                "unsupported operand type(s) for *: 'int' and '{}'",
                other.type_name()
            )));
        }
    };
    let v = n as f64 * f;
    if v.is_nan() {
        return Err(value_error("cannot convert float NaN to integer"));
    }
    if v.is_infinite() {
        return Err(exc(
            ExcKind::OverflowError,
            "cannot convert float infinity to integer",
        ));
    }
    if v.abs() >= 9.2e18 {
        return Err(exc(
            ExcKind::OverflowError,
            "Python int too large to convert to C long",
        ));
    }
    Ok(Value::int(v.trunc() as i64))
}

/// `at::native::upsample::compute_output_size`.
fn output_size(
    x: &Tensor,
    size: Option<Vec<i64>>,
    scales: &Option<Vec<f64>>,
    dims: usize,
) -> PyResult<Vec<i64>> {
    if let Some(s) = size {
        if scales.is_some() {
            return Err(runtime(
                "Must specify exactly one of output_size and scale_factors",
            ));
        }
        if s.len() != dims {
            return Err(runtime(
                "Expected static_cast<int64_t>(output_size->size()) == spatial_dimensions to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
            ));
        }
        return Ok(s);
    }
    let Some(f) = scales else {
        return Err(runtime(
            "Must specify exactly one of output_size and scale_factors",
        ));
    };
    if f.len() != dims {
        return Err(runtime(
            "Expected static_cast<int64_t>(scale_factors->size()) == spatial_dimensions to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
        ));
    }
    let mut out = Vec::with_capacity(dims);
    for (i, &s) in f.iter().enumerate() {
        let odim = x.shape()[i + 2] as f64 * s;
        if !odim.is_finite() || odim.abs() >= 9.2e18 {
            return Err(runtime(
                "value cannot be converted to type int64_t without overflow",
            ));
        }
        out.push(odim.trunc() as i64);
    }
    Ok(out)
}

/// `upsample_{1,2,3}d_common_check` and the "Non-empty" check of the op's meta function.
fn common_check(x: &Tensor, out: &[i64]) -> PyResult<()> {
    let dims = out.len();
    let shape = x.shape();
    let spatial = &shape[2..];
    let positive = spatial.iter().all(|&s| s > 0) && out.iter().all(|&o| o > 0);
    if !positive {
        let names = ["D", "H", "W"];
        let names = &names[3 - dims..];
        let describe = |vals: Vec<String>| {
            names
                .iter()
                .zip(vals)
                .map(|(n, v)| format!("{n}: {v}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let input = describe(spatial.iter().map(|s| s.to_string()).collect());
        let output = describe(out.iter().map(|s| s.to_string()).collect());
        return Err(runtime(if dims == 1 {
            format!(
                "Input and output sizes should be greater than 0, but got input ({input}) and output ({output})"
            )
        } else {
            format!(
                "Input and output sizes should be greater than 0, but got input ({input}) output ({output})"
            )
        }));
    }
    let rest: usize = shape[1..].iter().product();
    if x.numel() == 0 && rest == 0 {
        return Err(runtime(format!(
            "Non-empty {}D data tensor expected but got a tensor with sizes {}",
            dims + 2,
            dims_list(shape)
        )));
    }
    Ok(())
}

/// Calls one upsampling op: binds its arguments, computes and checks the output size, resamples
/// and lays the result out in the input's suggested memory format.
fn upsample(
    sig: &'static Sig,
    mode: Mode,
    input: Value,
    out: Value,
    align: Option<bool>,
    scales: Value,
    antialias: bool,
) -> PyResult<Value> {
    let mut args = vec![input, out];
    if let Some(a) = align {
        args.push(Value::Bool(a));
    }
    args.push(scales);
    let b = sig.bind(Args::new(args))?;
    let x = b.tensor(0)?;
    let size = b.opt_int_list(1)?;
    let scales_at = if align.is_some() { 3 } else { 2 };
    let scales: Option<Vec<f64>> = match b.value(scales_at) {
        Some(Value::None) | None => None,
        Some(v) => Some(
            items(&v)
                .unwrap_or_default()
                .iter()
                .map(|f| match f {
                    Value::Int(i, _) => *i as f64,
                    Value::Float(f) => *f,
                    Value::Bool(b) => f64::from(u8::from(*b)),
                    _ => 0.0,
                })
                .collect(),
        ),
    };
    let dims = x.ndim().saturating_sub(2);
    let out = output_size(&x, size, &scales, dims)?;
    common_check(&x, &out)?;
    let format = MemoryFormat::suggested(&x);
    let r = Resample {
        mode,
        size: out.iter().map(|&o| o as usize).collect(),
        scales: (0..dims).map(|i| scales.as_ref().map(|s| s[i])).collect(),
        align_corners: align.unwrap_or(false),
        antialias,
        channels_last: match x.ndim() {
            4 => MemoryFormat::ChannelsLast.holds(&x)?,
            5 => MemoryFormat::ChannelsLast3d.holds(&x)?,
            _ => false,
        },
    };
    let result = resample::interpolate(&x, &r)?;
    Ok(Value::Tensor(lay_out(format, result)?))
}

/// `F.interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
/// recompute_scale_factor=None, antialias=False)`.
fn interpolate(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let input = arg(c, 0);
    let size = arg(c, 1);
    let scale_factor = arg(c, 2);
    let mode_value = arg(c, 3);
    let mut align = arg(c, 4);
    let recompute = arg(c, 5);
    let antialias = interp.truthy(&arg(c, 6))?;
    let mode = match &mode_value {
        Value::Str(s) => s.to_string(),
        _ => String::new(),
    };
    if matches!(mode.as_str(), "nearest" | "area" | "nearest-exact") {
        if !matches!(align, Value::None) {
            return Err(value_error(
                "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear",
            ));
        }
    } else if matches!(align, Value::None) {
        align = Value::Bool(false);
    }
    let x = match &input {
        Value::Tensor(t) => t.clone(),
        other => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'{}' object has no attribute 'dim'", other.type_name()),
            ));
        }
    };
    let ndim = x.ndim();
    let dim = ndim as i64 - 2;
    let spatial = || dims_list(x.shape().get(2..).unwrap_or(&[]));
    let mut output: Option<Vec<Value>>;
    let mut scale_factors: Option<Vec<Value>>;
    let size_given = !matches!(size, Value::None);
    if size_given && !matches!(scale_factor, Value::None) {
        return Err(value_error(
            "only one of size or scale_factor should be defined",
        ));
    } else if size_given {
        scale_factors = None;
        if let Some(list) = items(&size) {
            if list.len() as i64 != dim {
                let shown = interp.to_str(&size)?;
                return Err(value_error(format!(
                    "Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of {} and output size of {shown}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.",
                    spatial()
                )));
            }
            let integer = |v: &Value| match v {
                Value::Int(..) | Value::Bool(_) => true,
                Value::Tensor(t) => !t.dtype().is_floating_point(),
                _ => false,
            };
            if !list.iter().all(integer) {
                let mut types = Vec::new();
                for v in &list {
                    let ty = crate::interp::builtins::type_of_value(interp, v)?;
                    types.push(interp.repr(&ty)?);
                }
                return Err(type_error(format!(
                    "expected size to be one of int or Tuple[int] or Tuple[int, int] or Tuple[int, int, int], but got size with types [{}]",
                    types.join(", ")
                )));
            }
            output = Some(list);
        } else {
            output = Some(vec![size.clone(); dim.max(0) as usize]);
        }
    } else if !matches!(scale_factor, Value::None) {
        output = None;
        if let Some(list) = items(&scale_factor) {
            if list.len() as i64 != dim {
                let shown = interp.to_str(&scale_factor)?;
                return Err(value_error(format!(
                    "Input and scale_factor must have the same number of spatial dimensions, but got input with spatial dimensions of {} and scale_factor of shape {shown}. Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.",
                    spatial()
                )));
            }
            scale_factors = Some(list);
        } else {
            scale_factors = Some(vec![scale_factor.clone(); dim.max(0) as usize]);
        }
    } else {
        return Err(value_error("either size or scale_factor should be defined"));
    }
    let mut recompute = interp.truthy(&recompute)? && !matches!(recompute, Value::None);
    if recompute && size_given {
        return Err(value_error(
            "recompute_scale_factor is not meaningful with an explicit size.",
        ));
    }
    if mode == "area" && output.is_none() {
        recompute = true;
    }
    if recompute {
        let factors = scale_factors.take().unwrap_or_default();
        let mut sizes = Vec::with_capacity(factors.len());
        for (i, f) in factors.iter().enumerate() {
            sizes.push(scaled_size(x.shape()[i + 2], f)?);
        }
        output = Some(sizes);
    }
    if antialias && !(matches!(mode.as_str(), "bilinear" | "bicubic" | "lanczos") && ndim == 4) {
        return Err(value_error(
            "Anti-alias option is restricted to bilinear, bicubic, and lanczos modes and requires a 4-D tensor as input",
        ));
    }
    let out_value = output.map_or(Value::None, Value::list);
    let scales_value = scale_factors.map_or(Value::None, Value::list);
    let align_flag = matches!(align, Value::Bool(true))
        || (!matches!(align, Value::Bool(false) | Value::None) && interp.truthy(&align)?);
    let rank = ndim.wrapping_sub(3);
    let record = autograd::recording(interp, &[&input]);
    let node = node_name(ndim, &mode, antialias, &out_value);
    let result = match (ndim, mode.as_str()) {
        (3..=5, "nearest") => upsample(
            &NEAREST[rank],
            Mode::Nearest,
            input,
            out_value,
            None,
            scales_value,
            false,
        )?,
        (3..=5, "nearest-exact") => upsample(
            &NEAREST_EXACT[rank],
            Mode::NearestExact,
            input,
            out_value,
            None,
            scales_value,
            false,
        )?,
        (3, "area") => run_f(
            interp,
            "adaptive_avg_pool1d",
            Args::new(vec![input, out_value]),
        )?,
        (4 | 5, "area") => area(&ADAPTIVE_AVG_POOL[ndim - 4], input, out_value)?,
        (4, "bilinear") if antialias => upsample(
            &BILINEAR_AA,
            Mode::Linear,
            input,
            out_value,
            Some(align_flag),
            scales_value,
            true,
        )?,
        (3, "linear") | (4, "bilinear") | (5, "trilinear") => upsample(
            &LINEAR[rank],
            Mode::Linear,
            input,
            out_value,
            Some(align_flag),
            scales_value,
            false,
        )?,
        (4, "bicubic") => upsample(
            if antialias { &BICUBIC_AA } else { &BICUBIC },
            Mode::Cubic,
            input,
            out_value,
            Some(align_flag),
            scales_value,
            antialias,
        )?,
        (4, "lanczos") => {
            if align_flag {
                return Err(value_error(
                    "Lanczos mode does not support align_corners=True",
                ));
            }
            if !antialias {
                return Err(value_error("Lanczos mode requires antialias=True"));
            }
            return Err(exc(
                ExcKind::NotImplementedError,
                "F.interpolate's lanczos mode is not in the tutor yet",
            ));
        }
        (3, "bilinear") => return Err(not_impl("Got 3D input, but bilinear mode needs 4D input")),
        (3, "trilinear") => {
            return Err(not_impl("Got 3D input, but trilinear mode needs 5D input"));
        }
        (4, "linear") => return Err(not_impl("Got 4D input, but linear mode needs 3D input")),
        (4, "trilinear") => {
            return Err(not_impl("Got 4D input, but trilinear mode needs 5D input"));
        }
        (5, "linear") => return Err(not_impl("Got 5D input, but linear mode needs 3D input")),
        (5, "bilinear") => return Err(not_impl("Got 5D input, but bilinear mode needs 4D input")),
        _ => {
            let shown = interp.to_str(&mode_value)?;
            return Err(not_impl(&format!(
                "Input Error: Only 3D, 4D and 5D input Tensors supported (got {ndim}D) for the modes: nearest | linear | bilinear | bicubic | trilinear | lanczos | area | nearest-exact (got {shown})"
            )));
        }
    };
    Ok(match node {
        Some(n) if record => autograd::mark(result, n),
        _ => result,
    })
}

/// The grad_fn PyTorch's op gives its result.
fn node_name(ndim: usize, mode: &str, antialias: bool, out: &Value) -> Option<&'static str> {
    let ones = items(out).is_some_and(|v| v.iter().all(|s| matches!(s, Value::Int(1, _))));
    Some(match (ndim, mode) {
        (3, "nearest") => "UpsampleNearest1DBackward0",
        (4, "nearest") => "UpsampleNearest2DBackward0",
        (5, "nearest") => "UpsampleNearest3DBackward0",
        (3, "nearest-exact") => "UpsampleNearestExact1DBackward0",
        (4, "nearest-exact") => "UpsampleNearestExact2DBackward0",
        (5, "nearest-exact") => "UpsampleNearestExact3DBackward0",
        (3, "linear") => "UpsampleLinear1DBackward0",
        (4, "bilinear") if antialias => "UpsampleBilinear2DAaBackward0",
        (4, "bilinear") => "UpsampleBilinear2DBackward0",
        (5, "trilinear") => "UpsampleTrilinear3DBackward0",
        (4, "bicubic") if antialias => "UpsampleBicubic2DAaBackward0",
        (4, "bicubic") => "UpsampleBicubic2DBackward0",
        (3, "area") => "SqueezeBackward1",
        (4 | 5, "area") if ones => "MeanBackward1",
        (4, "area") => "AdaptiveAvgPool2DBackward0",
        (5, "area") => "AdaptiveAvgPool3DBackward0",
        _ => return None,
    })
}

/// `out` (row-major) in `format`'s strides for its own shape, as ATen allocates an op's output.
fn lay_out(format: MemoryFormat, out: Tensor) -> PyResult<Tensor> {
    Ok(match format.strides(out.shape())? {
        Some(strides) => out.restrided(strides),
        None => out,
    })
}

fn not_impl(msg: &str) -> crate::interp::error::Unwind {
    exc(ExcKind::NotImplementedError, msg.to_string())
}

/// `F.adaptive_avg_pool2d` / `3d` as `area` mode calls them: the mean over the window dims for a
/// `(1, 1)` output, else the adaptive kernel.
fn area(sig: &'static Sig, input: Value, out: Value) -> PyResult<Value> {
    let b = sig.bind(Args::new(vec![input, out]))?;
    let x = b.tensor(0)?;
    let size = b.int_list(1)?;
    let dims = size.len();
    let name = if dims == 2 {
        "adaptive_avg_pool2d"
    } else {
        "adaptive_avg_pool3d"
    };
    if size.iter().any(|&s| s < 0) {
        let shown: Vec<String> = size.iter().map(|s| s.to_string()).collect();
        return Err(runtime(format!(
            "{name}: elements of output_size must be greater than or equal to 0 but received {{{}}}",
            shown.join(", ")
        )));
    }
    // `adaptive_avg_pool3d` allocates a contiguous output and reads its input as such.
    let format = if dims == 2 {
        MemoryFormat::suggested(&x)
    } else {
        MemoryFormat::Contiguous
    };
    if size.iter().all(|&s| s == 1) {
        if !x.dtype().is_floating_point() {
            return Err(runtime(format!(
                "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: {}",
                x.dtype().scalar_type_name()
            )));
        }
        let axes: Vec<i64> = (1..=dims as i64).map(|d| -d).collect();
        let mean = x.mean(Some(&axes), true)?;
        return Ok(Value::Tensor(lay_out(format, mean)?));
    }
    let shape = x.shape();
    for d in (shape.len() - dims)..shape.len() {
        if shape[d] == 0 {
            return Err(runtime(format!(
                "{name}(): Expected input to have non-zero size for non-batch dimensions, but input has sizes {} with dimension {d} being empty",
                dims_list(shape)
            )));
        }
    }
    let channels_last = format != MemoryFormat::Contiguous && format.holds(&x)?;
    let sizes: Vec<usize> = size.iter().map(|&s| s as usize).collect();
    let result = resample::adaptive_avg_pool(&x, &sizes, channels_last)?;
    Ok(Value::Tensor(lay_out(format, result)?))
}

pub(super) static RESIZE_DEFS: &[FDef] = &[py(
    "interpolate",
    "interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None, antialias=False)",
    interpolate,
    Node::Own,
)];
