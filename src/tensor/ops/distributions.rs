//! `Tensor.exponential_`, `torch.multinomial` and `torch.poisson`: draws from the CPU generator as
//! ATen's CPU kernels take them. `exponential_` is `cpu/DistributionTemplates.h`'s serial kernel (the
//! MKL path is compiled out of PyTorch's CPU build); `multinomial` is `Distributions.cpp`'s
//! `multinomial_out` (the exponential "Gumbel" trick without replacement or for one sample, else
//! `MultinomialKernel.cpp`'s cumulative search); `poisson` is `sample_poisson` (Hörmann's transformed
//! rejection from a rate of 10, Knuth's product of uniforms below).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::activation::cpp_double;
use crate::tensor::ops::elementwise::{Operand, binary, check_no_overlap};
use crate::tensor::ops::random_int::{fill_in_memory_order, laid_out_like};
use crate::tensor::random::Generator;
use crate::tensor::{BinaryOp, DType, Tensor};

/// `n` draws of `exponential_distribution<double>(lambda)`: `-1/lambda * log1p(-u)` of a double
/// uniform, in draw order, as `dtype`.
fn exponential_draws(n: usize, lambda: f64, dtype: DType, rng: &mut Generator) -> Result<Tensor> {
    let scale = -1.0 / lambda;
    let values: Vec<f64> = (0..n).map(|_| scale * (-rng.unit_f64()).ln_1p()).collect();
    Ok(Tensor::from_vec(values, &[n])?.to_dtype(dtype))
}

/// `x.exponential_(lambd)`, filled in the order TensorIterator walks `x`.
pub fn exponential_(x: &Tensor, lambda: f64, rng: &mut Generator) -> Result<()> {
    if lambda.is_nan() || lambda <= 0.0 {
        return Err(TensorError::runtime(format!(
            "exponential_ expects lambda > 0.0, but found lambda={}",
            cpp_double(lambda)
        )));
    }
    if x.numel() == 0 {
        return Ok(());
    }
    check_no_overlap(x)?;
    if !x.dtype().is_floating_point() {
        return Err(TensorError::runtime(format!(
            "Exponential distribution is a continuous probability distribution. dtype must be a floating point but you specified {}",
            x.dtype().scalar_type_name()
        )));
    }
    let drawn = exponential_draws(x.numel(), lambda, x.dtype(), rng)?;
    fill_in_memory_order(x, &drawn)
}

/// `empty_like(x).exponential_(1)`: a fresh tensor with `x`'s layout.
fn exponential_like(x: &Tensor, rng: &mut Generator) -> Result<Tensor> {
    let drawn = exponential_draws(x.numel(), 1.0, x.dtype(), rng)?;
    laid_out_like(x, &drawn)
}

/// `torch.multinomial(probs, n_sample, replacement)`: int64 category indices, `[n_sample]` for a
/// vector of probabilities, `[rows, n_sample]` for a matrix.
pub fn multinomial(
    probs: &Tensor,
    n_sample: i64,
    replacement: bool,
    rng: &mut Generator,
) -> Result<Tensor> {
    if probs.ndim() == 0 || probs.ndim() > 2 {
        return Err(TensorError::runtime("prob_dist must be 1 or 2 dim"));
    }
    if !probs.dtype().is_floating_point() {
        return Err(TensorError::runtime(format!(
            "multinomial only supports floating-point dtypes for input, got: {}",
            probs.dtype().scalar_type_name()
        )));
    }
    if n_sample <= 0 {
        return Err(TensorError::runtime("cannot sample n_sample <= 0 samples"));
    }
    let categories = probs.shape()[probs.ndim() - 1];
    if !replacement && n_sample as usize > categories {
        return Err(TensorError::runtime(
            "cannot sample n_sample > prob_dist.size(-1) samples without replacement",
        ));
    }
    if categories > 1 << 24 {
        return Err(TensorError::runtime(
            "number of categories cannot exceed 2^24",
        ));
    }
    let n = n_sample as usize;
    let rows = if probs.ndim() == 2 {
        probs.shape()[0]
    } else {
        1
    };
    let shape: Vec<usize> = if probs.ndim() == 2 {
        vec![rows, n]
    } else {
        vec![n]
    };
    if rows * n == 0 {
        return Tensor::zeros(&shape, DType::Int64);
    }
    if !replacement || n == 1 {
        return gumbel_trick(probs, n, &shape, rng);
    }
    let values: Vec<i64> = match probs.dtype() {
        DType::Float64 => {
            cumulative_search::<f64>(&probs.to_vec::<f64>(), (rows, categories), n, rng)?
        }
        DType::Float32 => {
            cumulative_search::<f32>(&probs.to_vec::<f32>(), (rows, categories), n, rng)?
        }
        // Half and bfloat16 rows are summed in float, as the reduced-precision kernel does.
        _ => cumulative_search::<f32>(&probs.to_vec::<f32>(), (rows, categories), n, rng)?,
    };
    Tensor::from_vec(values, &shape)
}

/// `argmax(p / q)` or `topk(p / q, n)` with `q ~ Exp(1)`, after `multinomial_out`'s checks.
fn gumbel_trick(probs: &Tensor, n: usize, shape: &[usize], rng: &mut Generator) -> Result<Tensor> {
    let values = probs.to_vec::<f64>();
    if values
        .iter()
        .any(|v| v.is_nan() || *v == f64::INFINITY || *v < 0.0)
    {
        return Err(TensorError::runtime(
            "probability tensor contains either `inf`, `nan` or element < 0",
        ));
    }
    let sums = probs.sum(Some(&[-1]), false)?.to_vec::<f64>();
    if sums.contains(&0.0) {
        return Err(TensorError::runtime(
            "invalid multinomial distribution (sum of probabilities <= 0)",
        ));
    }
    let q = exponential_like(probs, rng)?;
    let ratio = binary(BinaryOp::Div, Operand::Tensor(probs), Operand::Tensor(&q))?;
    let picked = if n == 1 {
        ratio.argmax(Some(-1), true, true)?
    } else {
        crate::tensor::ops::sort::topk(&ratio, n as i64, -1, true, true)?.indices
    };
    picked.reshape(&shape.iter().map(|&d| d as i64).collect::<Vec<_>>())
}

/// `multinomial_with_replacement_apply`: per row, the running sums normalised by the total (the last
/// forced to 1), then one double uniform per sample placed by binary search.
fn cumulative_search<T: num_traits::Float>(
    values: &[T],
    (rows, categories): (usize, usize),
    n: usize,
    rng: &mut Generator,
) -> Result<Vec<i64>> {
    let mut out = Vec::with_capacity(rows * n);
    for r in 0..rows {
        let row = &values[r * categories..(r + 1) * categories];
        let mut sum = T::zero();
        let mut cumulative = Vec::with_capacity(categories);
        for &v in row {
            if v.partial_cmp(&T::zero()).is_none_or(|o| o.is_lt()) {
                return Err(TensorError::runtime(
                    "invalid multinomial distribution (encountering probability entry < 0)",
                ));
            }
            if !v.is_finite() {
                return Err(TensorError::runtime(
                    "invalid multinomial distribution (encountering probability entry = infinity or NaN)",
                ));
            }
            sum = sum + v;
            cumulative.push(sum);
        }
        if sum.partial_cmp(&T::zero()).is_none_or(|o| o.is_le()) {
            return Err(TensorError::runtime(
                "invalid multinomial distribution (sum of probabilities <= 0)",
            ));
        }
        for c in &mut cumulative {
            *c = *c / sum;
        }
        if let Some(last) = cumulative.last_mut() {
            *last = T::one();
        }
        for _ in 0..n {
            let u = rng.unit_f64();
            let (mut left, mut right) = (0usize, categories);
            while right > left {
                let mid = left + (right - left) / 2;
                if cumulative[mid].to_f64().unwrap_or(f64::NAN) < u {
                    left = mid + 1;
                } else {
                    right = mid;
                }
            }
            out.push(left as i64);
        }
    }
    Ok(out)
}

/// One `sample_poisson(lambda)` draw.
fn sample_poisson(lambda: f64, rng: &mut Generator) -> Result<i64> {
    if lambda.is_nan() || lambda < 0.0 {
        return Err(TensorError::runtime(
            "invalid Poisson rate, expected rate to be non-negative",
        ));
    }
    if lambda >= 10.0 {
        let slam = lambda.sqrt();
        let loglam = lambda.ln();
        let b = 0.931 + 2.53 * slam;
        let a = -0.059 + 0.02483 * b;
        let invalpha = 1.1239 + 1.1328 / (b - 3.4);
        let vr = 0.9277 - 3.6224 / (b - 2.0);
        loop {
            let u = rng.unit_f64() - 0.5;
            let v = rng.unit_f64();
            let us = 0.5 - u.abs();
            let k = ((2.0 * a / us + b) * u + lambda + 0.43).floor() as i64;
            if us >= 0.07 && v <= vr {
                return Ok(k);
            }
            if k < 0 || (us < 0.013 && v > us) {
                continue;
            }
            let lhs = v.ln() + invalpha.ln() - (a / (us * us) + b).ln();
            let rhs = -lambda + k as f64 * loglam
                - crate::tensor::kernels::libm_lgamma_f64(k as f64 + 1.0);
            if lhs <= rhs {
                return Ok(k);
            }
        }
    }
    if lambda == 0.0 {
        return Ok(0);
    }
    let enlam = (-lambda).exp();
    let mut x = 0;
    let mut prod = 1.0;
    loop {
        prod *= rng.unit_f64();
        if prod > enlam {
            x += 1;
        } else {
            return Ok(x);
        }
    }
}

/// `torch.poisson(rates)`: one draw per rate into a fresh contiguous tensor (`at::zeros` of the
/// rates' sizes), in row-major order, as the rates' float dtype.
pub fn poisson(rates: &Tensor, rng: &mut Generator) -> Result<Tensor> {
    if !rates.dtype().is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"poisson_cpu\" not implemented for '{}'",
            rates.dtype().scalar_type_name()
        )));
    }
    let mut draws = Vec::with_capacity(rates.numel());
    for lambda in rates.to_vec::<f64>() {
        draws.push(sample_poisson(lambda, rng)? as f64);
    }
    Tensor::from_vec(draws, rates.shape()).map(|t| t.to_dtype(rates.dtype()))
}
