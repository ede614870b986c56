//! In-place fills: the random ones of a tensor (`uniform_`, `normal_`) and the initialisers of
//! `torch.nn.init` (`torch/nn/init.py`: fans, gains and bounds computed in double, as Python does).

use crate::tensor::DType;
use crate::tensor::Tensor;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::random::{Generator, kaiming_uniform_bound};

/// `x.uniform_(from, to)` on a float32 or float64 tensor (`uniform_real_distribution<double>` for
/// the latter, as `torch.rand(dtype=torch.float64)`). The draws are taken before the dtype is checked.
pub fn uniform_(x: &Tensor, from: f64, to: f64, rng: &mut Generator) -> Result<()> {
    if x.dtype() == DType::Float64 {
        let values = rng.uniform_f64(x.numel(), from, to);
        x.copy_from(&Tensor::from_vec(values, x.shape())?)?;
        return Ok(());
    }
    if x.dtype() == DType::Float32 {
        x.fill_values(|out: &mut [f32]| rng.uniform_f32_into(out, from, to));
        return Ok(());
    }
    let values = rng.uniform_f32(x.numel(), from, to);
    write_random(x, &values)
}

/// `x.normal_(mean, std)` on a float32 tensor. The draws are taken before the dtype is checked.
pub fn normal_(x: &Tensor, mean: f64, std: f64, rng: &mut Generator) -> Result<()> {
    if x.dtype() == DType::Float32 {
        x.fill_values(|out: &mut [f32]| rng.normal_f32_into(out, mean, std));
        return Ok(());
    }
    let values = rng.normal_f32(x.numel(), mean, std);
    write_random(x, &values)
}

/// `x.bernoulli_(p)`: one `bernoulli_distribution<double>(p)` draw per element, in order, written in
/// the tensor's own dtype.
pub fn bernoulli_(x: &Tensor, p: f64, rng: &mut Generator) -> Result<()> {
    if !(0.0..=1.0).contains(&p) {
        // C++'s stream formatting of the double (`p=2`, `p=1.5`).
        return Err(TensorError::runtime(format!(
            "bernoulli_ expects p to be in [0, 1], but got p={p}"
        )));
    }
    let values = rng.bernoulli_f32(x.numel(), p);
    x.copy_from(&Tensor::from_vec(values, x.shape())?.to_dtype(x.dtype()))
}

/// `torch.bernoulli(probs)` / `x.bernoulli_(probs)`: one `bernoulli_distribution<float>` draw per
/// probability (broadcast to `shape`), in order; a float result of `dtype`.
pub fn bernoulli_probs(
    probs: &Tensor,
    shape: &[usize],
    dtype: DType,
    rng: &mut Generator,
) -> Result<Tensor> {
    if !probs.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"bernoulli_tensor_cpu_p_\" not implemented for '{}'",
            probs.dtype().scalar_type_name()
        )));
    }
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

fn write_random(x: &Tensor, values: &[f32]) -> Result<()> {
    if x.dtype() != DType::Float32 {
        return Err(TensorError::runtime(
            "random fills need a float tensor in the tutor",
        ));
    }
    x.write_values(values);
    Ok(())
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

/// Fills `x` in place (float32 values; a tensor of another dtype is left as it is, its draws taken).
pub fn init_(x: &Tensor, init: Init, rng: &mut Generator) -> Result<()> {
    if x.dtype() != DType::Float32 {
        // The draws still advance the generator, as they do in PyTorch before any dtype check.
        let mut values = vec![0.0f32; x.numel()];
        fill_init(&mut values, x.shape(), init, rng);
        return Ok(());
    }
    x.fill_values(|out: &mut [f32]| fill_init(out, x.shape(), init, rng));
    Ok(())
}

/// The values of `init` for a tensor of `shape`, written into `out`.
fn fill_init(out: &mut [f32], shape: &[usize], init: Init, rng: &mut Generator) {
    match init {
        Init::Zeros => out.fill(0.0),
        Init::Ones => out.fill(1.0),
        Init::Constant(v) => out.fill(v as f32),
        Init::Normal { mean, std } => rng.normal_f32_into(out, mean, std),
        Init::Uniform { low, high } => rng.uniform_f32_into(out, low, high),
        Init::XavierUniform { gain } => {
            let (fan_in, fan_out) = fans(shape);
            let std = gain * (2.0 / (fan_in + fan_out)).sqrt();
            let bound = 3f64.sqrt() * std;
            rng.uniform_f32_into(out, -bound, bound)
        }
        Init::XavierNormal { gain } => {
            let (fan_in, fan_out) = fans(shape);
            let std = gain * (2.0 / (fan_in + fan_out)).sqrt();
            rng.normal_f32_into(out, 0.0, std)
        }
        Init::KaimingUniform { a } => {
            let (fan_in, _) = fans(shape);
            let bound = kaiming_uniform_bound(fan_in as usize, a);
            rng.uniform_f32_into(out, -bound, bound)
        }
    }
}
