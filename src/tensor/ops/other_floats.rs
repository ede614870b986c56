//! The float dtypes other than float32, op by op: half and bfloat16 run float32's kernels on widened
//! values and round the result back, as ATen's CPU kernels do (`Vectorized<Half>` converts to float,
//! computes, converts back); float64 runs its own loops in double with the C library's functions. ATen's
//! double kernels call MKL VML or SLEEF (closed or unported here), so a float64 value can differ from
//! PyTorch's in its last bit; the op sweep's dtype group counts where.

use super::elementwise::{
    BinaryOp, Operand, UnaryOp, compare_map, div_floor_float, float_binary, map, rem_float, zip_map,
};
use super::reduce::{FloatReduce, for_each_row, rows};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::{DType, Tensor, kernels};

/// A binary op in half or bfloat16 as ATen's CPU kernels compute it: both operands widened to float, the
/// float kernel, the result rounded back. `mul` and `div` by a single value read that value in float
/// without rounding it to the 16-bit type first (`original_scalar_value<opmath_t>` in
/// BinaryOpsKernel.cpp, and `div_floor` likewise); every other op sees it already converted, as
/// TensorIterator converts operands.
pub(super) fn reduced_binary(
    op: BinaryOp,
    a: Operand,
    b: Operand,
    shape: &[usize],
    compute: DType,
) -> Result<Tensor> {
    let unrounded = matches!(op, BinaryOp::Mul | BinaryOp::Div | BinaryOp::FloorDiv)
        && match b {
            Operand::Scalar(_) => true,
            Operand::Tensor(t) => t.numel() == 1,
        };
    let ta = a.as_tensor(compute).to_dtype(DType::Float32);
    let tb = if unrounded {
        b.as_tensor(DType::Float32)
    } else {
        b.as_tensor(compute).to_dtype(DType::Float32)
    };
    // `x * std::log(y)` on the 16-bit type: c10's `log` of a Half returns a Half, so the log is
    // rounded before the product.
    if op == BinaryOp::Xlogy {
        let round: fn(f32) -> f32 = if compute == DType::Float16 {
            |v| half::f16::from_f32(v).to_f32()
        } else {
            |v| half::bf16::from_f32(v).to_f32()
        };
        let out = zip_map::<f32, f32>(&ta, &tb, shape, move |x, y| {
            if y.is_nan() {
                f32::NAN
            } else if x == 0.0 {
                0.0
            } else {
                x * round(y.ln())
            }
        })?;
        return Ok(out.to_dtype(compute));
    }
    let out = float_binary(op, &ta, &tb, shape)?;
    Ok(if out.dtype() == DType::Float32 {
        out.to_dtype(compute)
    } else {
        out
    })
}

/// A binary op in float64: the same formulas as float32's, on doubles, with the C library's double
/// functions (ATen's AVX2 kernels call SLEEF's double versions, which can differ in the last bit).
pub(super) fn double_binary(
    op: BinaryOp,
    a: &Tensor,
    b: &Tensor,
    shape: &[usize],
) -> Result<Tensor> {
    if op.is_comparison() {
        return compare_map::<f64>(op, a, b, shape);
    }
    macro_rules! run {
        ($f:expr) => {
            zip_map::<f64, f64>(a, b, shape, $f)
        };
    }
    match op {
        BinaryOp::Add => run!(|x, y| x + y),
        BinaryOp::Sub => run!(|x, y| x - y),
        BinaryOp::Mul => run!(|x, y| x * y),
        BinaryOp::Div => run!(|x, y| x / y),
        BinaryOp::FloorDiv => run!(div_floor_float::<f64>),
        BinaryOp::Rem => run!(rem_float::<f64>),
        BinaryOp::Fmod => run!(|x: f64, y: f64| x % y),
        // `binary_values` sends float64 `pow` to `ops::pow` (ATen's special forms, SLEEF's blocks).
        BinaryOp::Pow => run!(f64::powf),
        BinaryOp::Maximum => run!(|x: f64, y: f64| if x.is_nan() || y.is_nan() {
            f64::NAN
        } else {
            x.max(y)
        }),
        BinaryOp::Minimum => run!(|x: f64, y: f64| if x.is_nan() || y.is_nan() {
            f64::NAN
        } else {
            x.min(y)
        }),
        // Vectorized<double>::atan2 (SLEEF) on the blocks, atan2 on the rest.
        BinaryOp::Atan2 => super::walk::binary_walk::<f64>(
            a,
            b,
            shape,
            crate::tensor::settings::num_threads(),
            crate::tensor::kernels::atan2_block,
            f64::atan2,
        ),
        BinaryOp::Hypot => run!(f64::hypot),
        BinaryOp::Copysign => run!(f64::copysign),
        BinaryOp::LogAddExp => run!(|x: f64, y: f64| {
            if x.is_infinite() && x == y {
                x
            } else {
                let m = if x < y { y } else { x };
                m + (-(x - y).abs()).exp().ln_1p()
            }
        }),
        BinaryOp::LogAddExp2 => run!(|x: f64, y: f64| {
            if x.is_infinite() && x == y {
                x
            } else {
                let m = if x < y { y } else { x };
                m + (-(x - y).abs()).exp2().ln_1p() * (1.0 / std::f64::consts::LN_2)
            }
        }),
        BinaryOp::Xlogy => run!(|x: f64, y: f64| {
            if y.is_nan() {
                f64::NAN
            } else if x == 0.0 {
                0.0
            } else {
                x * y.ln()
            }
        }),
        BinaryOp::Fmax => run!(|x: f64, y: f64| if x.is_nan() {
            y
        } else if y.is_nan() {
            x
        } else {
            x.max(y)
        }),
        BinaryOp::Fmin => run!(|x: f64, y: f64| if x.is_nan() {
            y
        } else if y.is_nan() {
            x
        } else {
            x.min(y)
        }),
        BinaryOp::NextAfter => run!(libm::nextafter),
        BinaryOp::Igamma => run!(crate::tensor::kernels::igamma::igamma::<f64, false>),
        BinaryOp::Igammac => run!(crate::tensor::kernels::igamma::igammac::<f64, true>),
        BinaryOp::Heaviside => run!(|x: f64, y: f64| {
            if x == 0.0 {
                y
            } else {
                f64::from(u8::from(x > 0.0))
            }
        }),
        _ => Err(TensorError::runtime("internal: unsupported float op")),
    }
}

/// A unary op on a float64 tensor, with the C library's double functions (ATen's AVX2 kernels call
/// SLEEF's double versions for some, which may differ from them in the last bit).
pub(super) fn double_unary(op: UnaryOp, x: &Tensor) -> Result<Tensor> {
    use UnaryOp::*;
    macro_rules! run {
        ($f:expr) => {
            map::<f64, f64>(x, $f)
        };
    }
    match op {
        Neg => run!(|x| -x),
        Abs => run!(f64::abs),
        Exp => run!(f64::exp),
        Log => run!(f64::ln),
        Log2 => run!(f64::log2),
        Exp2 => run!(f64::exp2),
        Sqrt => run!(f64::sqrt),
        Rsqrt => run!(|x| 1.0 / x.sqrt()),
        Sin => run!(f64::sin),
        Cos => run!(f64::cos),
        Tanh => run!(f64::tanh),
        Sigmoid => run!(|x| 1.0 / (1.0 + (-x).exp())),
        Silu => run!(|x| x / (1.0 + (-x).exp())),
        // `clamp_min(x, 0)`: -0.0 and NaN come through.
        Relu => run!(|x: f64| if x < 0.0 { 0.0 } else { x }),
        Gelu => run!(|x| x * 0.5 * (1.0 + libm::erf(x * std::f64::consts::FRAC_1_SQRT_2))),
        GeluTanh => run!(|x| {
            let k = std::f64::consts::FRAC_2_SQRT_PI * std::f64::consts::FRAC_1_SQRT_2;
            0.5 * x * (1.0 + (k * (x + 0.044715 * x * x * x)).tanh())
        }),
        Floor => run!(f64::floor),
        Ceil => run!(f64::ceil),
        Round => run!(f64::round_ties_even),
        Trunc => run!(f64::trunc),
        Sign => run!(|x| f64::from(u8::from(0.0 < x)) - f64::from(u8::from(x < 0.0))),
        Log10 => run!(f64::log10),
        Log1p => run!(f64::ln_1p),
        Expm1 => run!(f64::exp_m1),
        Erf => run!(libm::erf),
        Erfc => run!(libm::erfc),
        Asin => run!(f64::asin),
        Acos => run!(f64::acos),
        Atan => run!(f64::atan),
        Tan => run!(f64::tan),
        Sinh => run!(f64::sinh),
        Cosh => run!(f64::cosh),
        Asinh => run!(f64::asinh),
        Acosh => run!(f64::acosh),
        Atanh => run!(f64::atanh),
        Deg2Rad => run!(|x| x * 0.017_453_292_519_943_295),
        Rad2Deg => run!(|x| x * 57.295_779_513_082_32),
        Frac => run!(|x: f64| x - x.trunc()),
        Sinc => run!(|x: f64| {
            if x == 0.0 {
                1.0
            } else {
                let p = std::f64::consts::PI * x;
                p.sin() / p
            }
        }),
        Square => run!(|x| x * x),
        Reciprocal => run!(|x| 1.0 / x),
        Digamma => run!(crate::tensor::kernels::special::digamma::<f64>),
        Erfinv => run!(crate::tensor::kernels::special::erfinv::<f64>),
        I0 => run!(crate::tensor::kernels::special::i0::<f64>),
        // ATen's double lgamma is SLEEF's `Sleef_lgammad4_u10` over every element (`vml.h`).
        Lgamma => run!(crate::tensor::kernels::sleef_lgamma),
        IsNan | IsInf | IsFinite | Not | Signbit => run!(|x| x),
    }
}

impl Tensor {
    /// Softmax (or log-softmax) of a float64 tensor along `d`, in ATen's steps (the max, `exp(x - max)`,
    /// their sum, then a multiply by its reciprocal or a subtraction of its log), in one pass per row;
    /// the sum's order is sequential here, so the last bit can differ from ATen's vectorised one.
    pub(super) fn double_softmax(&self, d: usize, log: bool) -> Result<Tensor> {
        if self.ndim() == 0 {
            return Tensor::from_vec(vec![if log { 0.0f64 } else { 1.0 }], &[]);
        }
        let moved = self.transpose(d as i64, -1)?;
        let n = moved.shape().last().copied().unwrap_or(1).max(1);
        let mut v = moved.to_vec::<f64>();
        for row in v.chunks_mut(n) {
            let max = row.iter().copied().fold(f64::NEG_INFINITY, |m, x| {
                if x.is_nan() || m.is_nan() {
                    f64::NAN
                } else {
                    m.max(x)
                }
            });
            if log {
                let sum: f64 = row.iter().map(|&x| (x - max).exp()).sum();
                let ls = sum.ln();
                row.iter_mut().for_each(|x| *x = *x - max - ls);
            } else {
                row.iter_mut().for_each(|x| *x = (*x - max).exp());
                let inv = 1.0 / row.iter().sum::<f64>();
                row.iter_mut().for_each(|x| *x *= inv);
            }
        }
        Ok(Tensor::from_vec(v, moved.shape())?
            .transpose(d as i64, -1)?
            .row_major())
    }

    /// [`Tensor::float_reduce`] for any float dtype: half and bfloat16 widen to float and round the result
    /// back (ATen's `mean` and its `acc_type` reductions), float64 in double.
    pub(super) fn any_float_reduce(
        &self,
        dims: Option<&[i64]>,
        keepdim: bool,
        op: FloatReduce,
    ) -> Result<Tensor> {
        match self.dtype() {
            DType::Float64 => self.double_reduce(dims, keepdim, op),
            d if d.is_reduced_float() => self.widened(|x| x.float_reduce(dims, keepdim, op)),
            _ => self.float_reduce(dims, keepdim, op),
        }
    }

    /// Float64 sum/mean/var/std: sums in the 4-lane double cascade, variance as ATen computes it.
    pub(super) fn double_reduce(
        &self,
        dims: Option<&[i64]>,
        keepdim: bool,
        op: FloatReduce,
    ) -> Result<Tensor> {
        let reduce = super::reduce::reduced_dims(self.ndim(), dims)?;
        if matches!(op, FloatReduce::Sum | FloatReduce::Mean) {
            let mean = matches!(op, FloatReduce::Mean);
            return super::walk::sum_or_mean::<f64>(self, &reduce, keepdim, mean);
        }
        let single = (0..self.ndim())
            .filter(|&d| !reduce[d])
            .all(|d| self.shape()[d] == 1);
        let r = if single {
            super::reduce::single_output_rows::<f64>(self, dims, keepdim)?.0
        } else {
            rows::<f64>(self, dims, keepdim)?
        };
        // One output: torch splits the sum between its threads (`sum_inner_f64_threads`); several: by
        // outputs, each summed whole.
        let threads = if single {
            crate::tensor::settings::num_threads()
        } else {
            1
        };
        // ATen's `std_var_all_cpu` for one output (the mean, then squared deviations summed in order);
        // Welford for each output otherwise.
        let var = |row: &[f64], c: f64| {
            if single {
                return kernels::var_all_f64_threads(row, c, threads);
            }
            let n = row.len() as f64;
            let (mut mean, mut m2, mut k) = (0.0f64, 0.0f64, 0.0f64);
            for &x in row {
                k += 1.0;
                let delta = x - mean;
                mean += delta / k;
                m2 += delta * (x - mean);
            }
            m2 / (n - c).max(0.0)
        };
        let sum = |row: &[f64]| kernels::sum_inner_f64_threads(row, threads);
        let out: Vec<f64> = match op {
            FloatReduce::Sum => for_each_row(&r, sum),
            FloatReduce::Mean => for_each_row(&r, |row| sum(row) / row.len() as f64),
            FloatReduce::Var(c) => for_each_row(&r, |row| var(row, c)),
            FloatReduce::Std(c) => for_each_row(&r, |row| var(row, c).sqrt()),
        };
        Tensor::from_vec(out, &r.out_shape)
    }
}
