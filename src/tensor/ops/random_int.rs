//! `Tensor.random_()`, `random_(to)` and `random_(from, to)`: integers drawn from the CPU generator as
//! ATen's `random_impl`/`random_from_to_impl` (`native/DistributionTemplates.h`) and the kernels of
//! `cpu/DistributionTemplates.h` draw them, with their checks, their bounds warnings and their casts.
//! `randint` and `randint_like` are `random_(low, high)` on a new tensor.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::random::Generator;
use crate::tensor::{DType, Tensor};

/// Which `random_` overload: no bounds, or `[from, to)` (`to` left out: up to the dtype's largest).
#[derive(Clone, Copy, Debug)]
pub enum Bounds {
    Full,
    From(i64, Option<i64>),
}

/// `std::numeric_limits<T>::digits` of a float dtype.
fn digits(dtype: DType) -> u32 {
    match dtype {
        DType::Float64 => 53,
        DType::Float16 => 11,
        DType::BFloat16 => 8,
        _ => 24,
    }
}

/// `static_cast<int64_t>(static_cast<scalar_t>(v))` for a float dtype.
fn through(dtype: DType, v: i64) -> i64 {
    match dtype {
        DType::Float64 => v as f64 as i64,
        DType::Float16 => half::f16::from_f32(v as f32).to_f32() as i64,
        DType::BFloat16 => half::bf16::from_f32(v as f32).to_f32() as i64,
        _ => v as f32 as i64,
    }
}

/// Bit length of `v` less one (`while (v >>= 1) ++n`).
fn log2_floor(v: i64) -> i64 {
    let mut v = v;
    let mut n = 0;
    loop {
        v >>= 1;
        if v == 0 {
            return n;
        }
        n += 1;
    }
}

/// ATen's `update_from`: `from` moved up to the next value the float dtype holds.
fn update_from(dtype: DType, from: i64) -> i64 {
    let plus_1 = through(dtype, from.wrapping_add(1));
    if plus_1 < from {
        let n = log2_floor(from.wrapping_add(1).wrapping_abs());
        return plus_1 + (1i64 << (n - i64::from(digits(dtype)) + 1).clamp(0, 62));
    }
    from
}

/// ATen's `update_to`: `to` moved down to the last value the float dtype holds below it.
fn update_to(dtype: DType, to: i64) -> i64 {
    let minus_1 = through(dtype, to.wrapping_sub(1));
    if minus_1 >= to {
        let n = log2_floor(to.wrapping_sub(1).wrapping_abs());
        return minus_1 - (1i64 << (n - i64::from(digits(dtype)) + 1).clamp(0, 62));
    }
    to
}

/// `check_from_to_in_range`: an error outside the dtype, and for floats the warnings beyond
/// `2^digits` (pushed onto `warnings`).
fn check_in_range(dtype: DType, from: i64, to_inc: i64, warnings: &mut Vec<String>) -> Result<()> {
    let names = [(from, "from"), (to_inc, "to - 1")];
    if dtype.is_floating_point() {
        let max = match dtype {
            DType::Float16 => 65504.0,
            DType::BFloat16 => f64::from(half::bf16::MAX.to_f32()),
            DType::Float32 => f64::from(f32::MAX),
            _ => f64::MAX,
        };
        for (v, name) in names {
            if (v as f64) < -max || (v as f64) > max {
                return Err(TensorError::runtime(format!(
                    "{name} is out of bounds for {}",
                    dtype.cpp_name()
                )));
            }
        }
        let d = digits(dtype);
        for (v, name) in names {
            let limit = 1i64 << d;
            if v < -limit || v > limit {
                warnings.push(format!(
                    "UserWarning: {name} is out of bounds [-(2^{d}), 2^{d}]. Due to precision limitations {} can support discrete uniform distribution only within this range. This warning will become an error in version 1.7 release, please fix the code in advance",
                    dtype.cpp_name()
                ));
            }
        }
        return Ok(());
    }
    let (min, max) = (dtype.int_min(), dtype.int_max());
    for (v, name) in names {
        if v < min || v > max {
            return Err(TensorError::runtime(format!(
                "{name} is out of bounds for {}",
                dtype.cpp_name()
            )));
        }
    }
    Ok(())
}

/// Fills `x` in place; returns the warnings PyTorch would print.
pub fn random_(x: &Tensor, bounds: Bounds, rng: &mut Generator) -> Result<Vec<String>> {
    let dtype = x.dtype();
    let mut warnings = Vec::new();
    let n = x.numel();
    let wide = matches!(
        dtype,
        DType::Int64 | DType::Float64 | DType::Float32 | DType::BFloat16
    );
    let values: Vec<i64> = match bounds {
        Bounds::Full => {
            // `uniform_int_distribution<T>`: 64 bits for double and int64, 32 otherwise.
            let modulus: u64 = match dtype {
                DType::Bool => 2,
                DType::Int64 => 1u64 << 63,
                d if d.is_floating_point() => (1u64 << digits(d)) + 1,
                d => d.int_max() as u64 + 1,
            };
            (0..n)
                .map(|_| {
                    let v = if matches!(dtype, DType::Int64 | DType::Float64) {
                        rng.random_u64()
                    } else {
                        u64::from(rng.random_u32())
                    };
                    (v % modulus) as i64
                })
                .collect()
        }
        Bounds::From(from, Some(to)) => {
            if from >= to {
                return Err(TensorError::runtime(format!(
                    "random_ expects 'from' to be less than 'to', but got from={from} >= to={to}"
                )));
            }
            let (mut from, mut to) = (from, to);
            if dtype.is_floating_point() {
                from = update_from(dtype, from);
                to = update_to(dtype, to);
                if from >= to {
                    return Err(TensorError::runtime(format!(
                        "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got from={from} >= to={to}"
                    )));
                }
            }
            check_in_range(dtype, from, to.wrapping_sub(1), &mut warnings)?;
            let range = (to as u64).wrapping_sub(from as u64);
            draw_range(rng, n, range, from)
        }
        Bounds::From(from, None) if from != i64::MIN => {
            let mut from = from;
            let to_inc = if dtype.is_floating_point() {
                let to_inc = 1i64 << digits(dtype);
                from = update_from(dtype, from);
                if from >= to_inc {
                    return Err(TensorError::runtime(format!(
                        "random_ expects 'from' casted to dtype to be less than or equal to 'to_inc' casted to dtype, but got from={from} > to_inc={to_inc}"
                    )));
                }
                to_inc
            } else {
                dtype.int_max()
            };
            check_in_range(dtype, from, to_inc, &mut warnings)?;
            let range = (to_inc as u64).wrapping_sub(from as u64).wrapping_add(1);
            draw_range(rng, n, range, from)
        }
        Bounds::From(..) => {
            if !wide {
                return Err(TensorError::runtime(
                    "random_full_64_bits_range_kernel_cpu handles only int64, double, float and bfloat16",
                ));
            }
            (0..n).map(|_| rng.random_u64() as i64).collect()
        }
    };
    let drawn = Tensor::from_vec(values, &[n])?.to_dtype(dtype);
    fill_in_memory_order(x, &drawn)?;
    Ok(warnings)
}

/// `n` draws of `(val % range) + base` ([`Generator::int_in_range`]); a zero range (from the full 64-bit
/// span wrapping) gives `base`.
fn draw_range(rng: &mut Generator, n: usize, range: u64, base: i64) -> Vec<i64> {
    if range == 0 {
        return vec![base; n];
    }
    (0..n).map(|_| rng.int_in_range(range, base)).collect()
}

/// `flat` (one value per element of `x`, in draw order) as a tensor of `x`'s shape laid out as
/// `preserve_format` lays out a copy of `x`: the order TensorIterator walks `x` in, memory order for a
/// dense tensor (a transposed one included), row-major for a contiguous one.
pub fn laid_out_like(x: &Tensor, flat: &Tensor) -> Result<Tensor> {
    match x.preserved_strides() {
        Some(strides) => Ok(Tensor::from_storage(
            flat.storage_clone(),
            crate::tensor::layout::Layout {
                shape: x.shape().to_vec(),
                strides,
                offset: 0,
            },
        )),
        None => flat.reshape(&x.shape().iter().map(|&d| d as i64).collect::<Vec<_>>()),
    }
}

/// Writes `values` (one per element of `x`, in draw order) into `x` in the order TensorIterator walks it.
pub fn fill_in_memory_order(x: &Tensor, values: &Tensor) -> Result<()> {
    x.copy_from(&laid_out_like(x, values)?)
}
