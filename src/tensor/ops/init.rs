//! In-place fills: the random ones of a tensor (`uniform_`, `normal_`) and the initialisers of
//! `torch.nn.init` (`torch/nn/init.py`: fans, gains and bounds computed in double, as Python does).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::elementwise::check_no_overlap;
use crate::tensor::random::{Generator, kaiming_uniform_bound};
use crate::tensor::{DType, Element, Scalar, Tensor};

/// The dtypes ATen's float kernels dispatch over (`AT_DISPATCH_FLOATING_TYPES_AND2(Half, BFloat16)`),
/// named by the kernel whose dispatch refuses the others (`t` is the tensor it dispatches on).
fn float_draws(x: &Tensor, kernel: &str) -> Result<()> {
    if x.dtype().is_floating_point() {
        return Ok(());
    }
    Err(TensorError::NotImplemented(format!(
        "\"{kernel}\" not implemented for '{}'",
        x.dtype().scalar_type_name()
    )))
}

/// Writes `values` (one draw per element, in draw order) into `x` in the order TensorIterator walks
/// it: memory order, so a transposed tensor takes its draws column by column.
fn fill_drawn<T: Element>(x: &Tensor, values: Vec<T>) -> Result<()> {
    let n = values.len();
    super::random_int::fill_in_memory_order(x, &Tensor::from_vec(values, &[n])?)
}

/// `x.uniform_(from, to)`: `uniform_real_distribution` of the tensor's own type, one draw per element
/// in TensorIterator order (float64 takes 53 bits of a 64-bit draw, float32 24 bits, the half types
/// 11 and 8 bits of a 32-bit draw). The dtype and range are checked before anything is drawn.
pub fn uniform_(x: &Tensor, from: f64, to: f64, rng: &mut Generator) -> Result<()> {
    float_draws(x, "check_uniform_bounds")?;
    let cpp = super::activation::cpp_double;
    let max = x.dtype().finfo_max();
    for (v, name) in [(from, "from"), (to, "to")] {
        if !(v >= -max && v <= max) {
            return Err(TensorError::runtime(format!(
                "{name} is out of bounds for {}",
                x.dtype().cpp_name()
            )));
        }
    }
    if from > to {
        return Err(TensorError::runtime(format!(
            "uniform_ expects to return a [from, to) range, but found from={} > to={}",
            cpp(from),
            cpp(to)
        )));
    }
    if to - from > max {
        return Err(TensorError::runtime(format!(
            "uniform_ expects to-from <= std::numeric_limits<{}>::max(), but found to={} and from={} which result in to-from to exceed the limit",
            x.dtype().scalar_type_name(),
            cpp(to),
            cpp(from)
        )));
    }
    if x.numel() == 0 {
        return Ok(());
    }
    check_no_overlap(x)?;
    let n = x.numel();
    match x.dtype() {
        DType::Float32 if x.is_contiguous() => {
            x.fill_values(|out: &mut [f32]| rng.uniform_f32_into(out, from, to));
            Ok(())
        }
        DType::Float32 => fill_drawn(x, rng.uniform_f32(n, from, to)),
        DType::Float64 => fill_drawn(x, rng.uniform_f64(n, from, to)),
        half => {
            // Drawn in float (the op-math type), rounded to the half type; a value that rounded up
            // to `to` becomes `from`.
            let round = |v: f32| crate::with_dtype!(half, T => Scalar::Float(f64::from(v)).cast::<T>().to_f64());
            let (lo, hi) = (round(from as f32), round(to as f32));
            let values: Vec<f64> = rng
                .uniform_f32(n, from, to)
                .into_iter()
                .map(|v| match round(v) {
                    r if r == hi => lo,
                    r => r,
                })
                .collect();
            fill_drawn(x, values)
        }
    }
}

/// `x.normal_(mean, std)`: ATen's `normal_kernel`. A contiguous tensor of 16 or more elements takes
/// `normal_fill` (uniforms for the whole tensor, then Box-Muller on blocks of 16); any other tensor one
/// `normal_distribution<double>` draw per element in TensorIterator order, rounded to its dtype.
pub fn normal_(x: &Tensor, mean: f64, std: f64, rng: &mut Generator) -> Result<()> {
    if std.is_nan() || std < 0.0 {
        return Err(TensorError::runtime(format!(
            "normal expects std >= 0.0, but found std {}",
            super::activation::cpp_double(std)
        )));
    }
    if x.numel() == 0 {
        return Ok(());
    }
    float_draws(x, "normal_kernel_cpu")?;
    check_no_overlap(x)?;
    let n = x.numel();
    let vectorised = n >= 16 && x.is_contiguous();
    match x.dtype() {
        DType::Float32 if vectorised => {
            x.fill_values(|out: &mut [f32]| rng.normal_f32_into(out, mean, std));
            Ok(())
        }
        DType::Float64 if vectorised => fill_drawn(x, rng.normal_f64_vec(n, mean, std)),
        DType::Float64 => fill_drawn(x, rng.normal_serial_f64(n, mean, std)),
        // The half types: float values, rounded once as they are written.
        _ if vectorised => fill_drawn(x, rng.normal_f32_blockwise(n, mean, std)),
        _ => {
            // `static_cast<scalar_t>(double)`: through float, then to the tensor's type.
            let values: Vec<f32> = rng
                .normal_serial_f64(n, mean, std)
                .iter()
                .map(|&v| v as f32)
                .collect();
            fill_drawn(x, values)
        }
    }
}

/// `x.bernoulli_(p)`: one `bernoulli_distribution<double>(p)` draw per element, in TensorIterator
/// order, written in the tensor's own dtype.
pub fn bernoulli_(x: &Tensor, p: f64, rng: &mut Generator) -> Result<()> {
    if !(0.0..=1.0).contains(&p) {
        // C++'s stream formatting of the double (`p=2`, `p=1.5`).
        return Err(TensorError::runtime(format!(
            "bernoulli_ expects p to be in [0, 1], but got p={p}"
        )));
    }
    check_no_overlap(x)?;
    let values = rng.bernoulli_f32(x.numel(), p);
    let n = values.len();
    super::random_int::fill_in_memory_order(x, &Tensor::from_vec(values, &[n])?.to_dtype(x.dtype()))
}

/// `x.bernoulli_(probs)`: the probabilities broadcast to `x`, one draw per element in the order
/// TensorIterator walks `x` — `bernoulli_distribution<double>` for float64 probabilities, `<float>`
/// for the others — written in `x`'s dtype.
pub fn bernoulli_probs_(x: &Tensor, probs: &Tensor, rng: &mut Generator) -> Result<()> {
    check_no_overlap(x)?;
    float_draws(probs, "bernoulli_tensor_cpu_p_")?;
    // The broadcast probabilities are read in `x`'s walk order: draw k goes to the element that
    // order visits k-th.
    let n = x.numel();
    let walk =
        super::random_int::laid_out_like(x, &Tensor::from_vec((0..n as i64).collect(), &[n])?)?
            .to_vec::<i64>();
    let p = probs.broadcast_to(x.shape())?.to_vec::<f64>();
    let mut ordered = vec![0.0f64; n];
    for (logical, &k) in walk.iter().enumerate() {
        if let Some(slot) = ordered.get_mut(k as usize) {
            *slot = p[logical];
        }
    }
    let dtype = if probs.dtype() == DType::Float64 {
        DType::Float64
    } else {
        DType::Float32
    };
    let values = bernoulli_probs(
        &Tensor::from_vec(ordered, &[n])?.to_dtype(dtype),
        &[n],
        dtype,
        rng,
    )?;
    super::random_int::fill_in_memory_order(x, &values.to_dtype(x.dtype()))
}

/// `torch.bernoulli(probs)` / `x.bernoulli_(probs)`: one `bernoulli_distribution<float>` draw per
/// probability (broadcast to `shape`), in order; a float result of `dtype`.
pub fn bernoulli_probs(
    probs: &Tensor,
    shape: &[usize],
    dtype: DType,
    rng: &mut Generator,
) -> Result<Tensor> {
    float_draws(probs, "bernoulli_tensor_cpu_p_")?;
    let p = probs.broadcast_to(shape)?.to_vec::<f64>();
    if p.iter().any(|v| !(0.0..=1.0).contains(v)) {
        return Err(TensorError::runtime(
            "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)",
        ));
    }
    if dtype == DType::Float64 {
        return Tensor::from_vec(rng.bernoulli_probs_f64(&p), shape);
    }
    let p: Vec<f32> = p.iter().map(|&v| v as f32).collect();
    let values = rng.bernoulli_probs_f32(&p);
    Ok(Tensor::from_vec(values, shape)?.to_dtype(dtype))
}

/// One of `torch.nn.init`'s in-place initialisers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Init {
    Zeros,
    Ones,
    Constant(f64),
    Normal { mean: f64, std: f64 },
    Uniform { low: f64, high: f64 },
    XavierUniform { gain: f64 },
    XavierNormal { gain: f64 },
    KaimingUniform { a: f64 },
}

/// `(fan_in, fan_out)`: dim 1 and dim 0 times the receptive field (the product of the dims after
/// the first two); a missing dim counts as 1.
fn fans(shape: &[usize]) -> (f64, f64) {
    let receptive: usize = shape.iter().skip(2).product();
    let fan_in = shape.get(1).copied().unwrap_or(1) * receptive;
    let fan_out = shape.first().copied().unwrap_or(1) * receptive;
    (fan_in as f64, fan_out as f64)
}

/// Fills `x` in place as `torch.nn.init` does: the constants with `fill_`, the random ones with
/// `uniform_` / `normal_` of the bound or std computed from the fans (so the draws, their order and
/// the dtype checks are those of the tensor's own `uniform_` / `normal_`).
pub fn init_(x: &Tensor, init: Init, rng: &mut Generator) -> Result<()> {
    let shape = x.shape();
    match init {
        Init::Zeros => fill_constant(x, 0.0),
        Init::Ones => fill_constant(x, 1.0),
        Init::Constant(v) => fill_constant(x, v),
        Init::Normal { mean, std } => normal_(x, mean, std, rng),
        Init::Uniform { low, high } => uniform_(x, low, high, rng),
        Init::XavierUniform { gain } => {
            let (fan_in, fan_out) = fans(shape);
            let std = gain * (2.0 / (fan_in + fan_out)).sqrt();
            let bound = 3f64.sqrt() * std;
            uniform_(x, -bound, bound, rng)
        }
        Init::XavierNormal { gain } => {
            let (fan_in, fan_out) = fans(shape);
            let std = gain * (2.0 / (fan_in + fan_out)).sqrt();
            normal_(x, 0.0, std, rng)
        }
        Init::KaimingUniform { a } => {
            let (fan_in, _) = fans(shape);
            let bound = kaiming_uniform_bound(fan_in as usize, a);
            uniform_(x, -bound, bound, rng)
        }
    }
}

fn fill_constant(x: &Tensor, v: f64) -> Result<()> {
    x.fill(Scalar::Float(v));
    Ok(())
}
