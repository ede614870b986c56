//! Unary elementwise ops with PyTorch's dtype rules: float-only functions promote integers to float32,
//! the rest keep the dtype; each float function runs the kernel torch runs for it (`tensor::kernels`).

use super::elementwise::{Operand, follow_inputs, map};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::storage::Element;
use crate::tensor::{DType, Scalar, Tensor};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Neg,
    Abs,
    Exp,
    Log,
    Sqrt,
    Rsqrt,
    Sin,
    Cos,
    Tanh,
    Sigmoid,
    Relu,
    Gelu,
    GeluTanh,
    Floor,
    Ceil,
    Round,
    Not,
    IsNan,
    IsInf,
    IsFinite,
    Sign,
    Log2,
    Exp2,
    Square,
    Reciprocal,
    Trunc,
    Silu,
    Log10,
    Log1p,
    Expm1,
    Erf,
    Asin,
    Acos,
    Atan,
    Tan,
    Sinh,
    Cosh,
    Asinh,
    Acosh,
    Atanh,
    Deg2Rad,
    Rad2Deg,
    Frac,
    Sinc,
    Erfc,
    Signbit,
    Lgamma,
    Digamma,
    Erfinv,
    I0,
}

impl UnaryOp {
    /// Ops that always compute in floating point (ints are promoted to float32).
    fn is_float_only(self) -> bool {
        use UnaryOp::*;
        matches!(
            self,
            Exp | Log
                | Log10
                | Log1p
                | Expm1
                | Erf
                | Asin
                | Acos
                | Atan
                | Tan
                | Sinh
                | Cosh
                | Asinh
                | Acosh
                | Atanh
                | Deg2Rad
                | Rad2Deg
                | Sinc
                | Erfc
                | Lgamma
                | Digamma
                | Erfinv
                | I0
                | Sqrt
                | Rsqrt
                | Sin
                | Cos
                | Tanh
                | Sigmoid
                | Log2
                | Exp2
                | Reciprocal
                | Gelu
                | GeluTanh
                | Silu
        )
    }
}

/// `op(a)` elementwise; the result keeps `a`'s axes.
pub fn unary(op: UnaryOp, a: &Tensor) -> Result<Tensor> {
    let out = unary_values(op, a)?.with_axes_of(a);
    Ok(follow_inputs(out, &[&Operand::Tensor(a)]))
}

fn unary_values(op: UnaryOp, a: &Tensor) -> Result<Tensor> {
    use UnaryOp::*;
    let dtype = a.dtype();
    match op {
        IsNan | IsInf | IsFinite => {
            if !dtype.is_floating_point() {
                return Tensor::full(a.shape(), Scalar::Bool(op == IsFinite), DType::Bool);
            }
            return crate::with_dtype!(dtype, T => map::<T, bool>(a, move |x| {
                let x = x.to_f64();
                match op {
                    IsNan => x.is_nan(),
                    IsInf => x.is_infinite(),
                    _ => x.is_finite(),
                }
            }));
        }
        Signbit => {
            return match dtype {
                DType::Bool => Tensor::full(a.shape(), Scalar::Bool(false), DType::Bool),
                d if d.is_floating_point() => {
                    crate::with_dtype!(d, T => map::<T, bool>(a, |x| x.to_f64().is_sign_negative()))
                }
                d => crate::with_dtype!(d, T => map::<T, bool>(a, |x| x.to_i64() < 0)),
            };
        }
        // sign_kernel keeps a bool tensor as it is.
        Sign if dtype == DType::Bool => return Ok(a.deep_copy()),
        Frac if !dtype.is_floating_point() => {
            return Err(TensorError::NotImplemented(format!(
                "\"frac_cpu\" not implemented for '{}'",
                dtype.scalar_type_name()
            )));
        }
        Not => {
            return match dtype {
                DType::Bool => map::<bool, bool>(a, |x| !x),
                DType::Int64 => map::<i64, i64>(a, |x| !x),
                DType::Int32 => map::<i32, i32>(a, |x| !x),
                DType::Int16 => map::<i16, i16>(a, |x| !x),
                DType::Int8 => map::<i8, i8>(a, |x| !x),
                DType::UInt8 => map::<u8, u8>(a, |x| !x),
                d => Err(TensorError::NotImplemented(format!(
                    "\"bitwise_not_cpu\" not implemented for '{}'",
                    d.scalar_type_name()
                ))),
            };
        }
        Neg if dtype == DType::Bool => {
            return Err(TensorError::NotImplemented(
                "Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.".into(),
            ));
        }
        // ATen's GELU kernel dispatches on floating types only.
        Gelu | GeluTanh if !dtype.is_floating_point() => {
            return Err(TensorError::NotImplemented(format!(
                "\"GeluKernelImpl\" not implemented for '{}'",
                dtype.scalar_type_name()
            )));
        }
        // ATen has no Bool kernel for these (its dispatch macros name the kernel).
        Abs | Floor | Ceil | Round | Trunc | Relu if dtype == DType::Bool => {
            return Err(TensorError::NotImplemented(match op {
                Abs => "\"abs_cpu\" not implemented for 'Bool'".into(),
                Relu => "Boolean inputs not supported for relu".into(),
                _ => format!(
                    "\"{}_vml_cpu\" not implemented for 'Bool'",
                    format!("{op:?}").to_lowercase()
                ),
            }));
        }
        _ => {}
    }
    if dtype.is_floating_point() || op.is_float_only() {
        let target = if dtype.is_floating_point() {
            dtype
        } else {
            DType::default_for(crate::tensor::dtype::Category::Float)
        };
        return match target {
            DType::Float64 => super::other_floats::double_unary(op, &a.to_dtype(DType::Float64)),
            // Half and bfloat16: widened to float, float's kernel, rounded back (ATen's Vectorized<Half>).
            DType::Float32 => float_unary(op, &a.to_dtype(DType::Float32)),
            // Vectorized<Half>::rsqrt is `sqrt` then `reciprocal`, each rounded to the 16-bit type.
            reduced if op == Rsqrt => {
                unary_values(Reciprocal, &unary_values(Sqrt, &a.to_dtype(reduced))?)
            }
            // ATen's GELU for them is `x * 0.5 * (1 + erf(...))` in float, which keeps -0.0's sign.
            reduced if matches!(op, Gelu | GeluTanh) => {
                let x = a.to_dtype(DType::Float32);
                let out = float_unary(op, &x)?;
                let signed =
                    super::elementwise::zip_map::<f32, f32>(&out, &x, x.shape(), |y, v| {
                        if v == 0.0 { v } else { y }
                    })?;
                Ok(signed.to_dtype(reduced))
            }
            reduced => Ok(float_unary(op, &a.to_dtype(DType::Float32))?.to_dtype(reduced)),
        };
    }
    int_unary(op, a)
}

/// The grain of ATen's VML-backed unary kernels (`IMPLEMENT_FLOAT_KERNEL`): loops of more elements are
/// split between threads.
const VML_GRAIN: usize = 2048;

/// Runs a contiguous kernel (float32 or float64) over `values` as `cpu_kernel_vec` runs it under `at::parallel_for`:
/// in the parts PyTorch's threads get at `torch.get_num_threads()`, each part with its own vectorised
/// bulk and scalar tail, the parts in parallel.
pub(super) fn run_in_parts<T: Send>(values: &mut [T], kernel: impl Fn(&mut [T]) + Sync) {
    let parts = crate::tensor::kernels::elementwise_parts(
        values.len(),
        crate::tensor::settings::num_threads(),
    );
    crate::tensor::parallel::for_ranges(values, &parts, kernel);
}

/// A unary op on a float32 tensor, with the kernel torch runs for it.
fn float_unary(op: UnaryOp, x: &Tensor) -> Result<Tensor> {
    use UnaryOp::*;
    {
        // Ops with PyTorch's own vectorised kernels run over the whole contiguous array, as PyTorch does
        // (some of them treat the bulk and the tail of the array differently).
        let kernel: Option<fn(&mut [f32])> = match op {
            Exp => Some(crate::tensor::kernels::exp),
            Log => Some(crate::tensor::kernels::log),
            Sin => Some(crate::tensor::kernels::sin),
            Cos => Some(crate::tensor::kernels::cos),
            Tanh => Some(crate::tensor::kernels::tanh),
            Sqrt => Some(crate::tensor::kernels::sqrt),
            Rsqrt => Some(crate::tensor::kernels::rsqrt),
            Sigmoid => Some(crate::tensor::kernels::sigmoid),
            Gelu => Some(crate::tensor::kernels::gelu),
            GeluTanh => Some(crate::tensor::kernels::gelu_tanh),
            Expm1 => Some(crate::tensor::kernels::expm1),
            Log1p => Some(crate::tensor::kernels::log1p),
            Silu => Some(crate::tensor::kernels::activation::silu),
            Log10 => Some(crate::tensor::kernels::log10),
            Log2 => Some(crate::tensor::kernels::log2),
            Erf => Some(crate::tensor::kernels::erf),
            Atan => Some(crate::tensor::kernels::atan),
            Atanh => Some(crate::tensor::kernels::atanh),
            _ => None,
        };
        // PyTorch hands GELU of a contiguous tensor to oneDNN (`use_mkldnn`) and of any other layout to
        // ATen's own kernel, which walks it in memory order with `Vectorized<float>::erf`.
        if op == Gelu && !x.is_contiguous() && x.numel() > 1 {
            let threads = crate::tensor::settings::num_threads();
            let numel = x.numel();
            // GELU_MIN_ELEMENTS_FOR_MULTI_THREADING.
            let grain = if numel > 16384 {
                numel / threads.max(1)
            } else {
                crate::tensor::parallel::GRAIN
            };
            return super::walk::unary_walk_f32(
                x,
                grain,
                threads,
                crate::tensor::kernels::gelu_aten,
                crate::tensor::kernels::gelu_aten_scalar,
            );
        }
        if let Some(k) = kernel {
            let mut values = x.to_vec::<f32>();
            if op == GeluTanh {
                let threads = crate::tensor::settings::num_threads();
                let parts = crate::tensor::kernels::gelu_parts(values.len(), threads);
                crate::tensor::parallel::for_ranges(&mut values, &parts, k);
            } else if matches!(op, Sigmoid | Silu) {
                // A vectorised bulk and a scalar tail: where the parts end changes the last bits.
                run_in_parts(&mut values, k);
            } else {
                // Element by element (MKL's VML in torch, grain 2048): any split gives the same values.
                crate::tensor::parallel::for_chunks(&mut values, 1, VML_GRAIN, |_, chunk| k(chunk));
            }
            return Tensor::from_vec(values, x.shape());
        }
        macro_rules! run {
            ($f:expr) => {
                map::<f32, f32>(&x, $f)
            };
        }
        match op {
            Neg => run!(|x| -x),
            Abs => run!(f32::abs),
            Exp => run!(f32::exp),
            Log => run!(f32::ln),
            Log2 => run!(f32::log2),
            Exp2 => run!(f32::exp2),
            Sqrt => run!(f32::sqrt),
            Rsqrt => run!(|x| 1.0 / x.sqrt()),
            Sin => run!(f32::sin),
            Cos => run!(f32::cos),
            Tanh => run!(f32::tanh),
            Sigmoid => run!(|x| 1.0 / (1.0 + (-x).exp())),
            Silu => run!(|x| x / (1.0 + (-x).exp())),
            // In one pass from the source (no copy first).
            Relu => run!(crate::tensor::kernels::relu_one),
            Gelu => run!(|x| 0.5 * x * (1.0 + libm::erff(x * std::f32::consts::FRAC_1_SQRT_2))),
            GeluTanh => run!(|x| {
                let k = (2.0f32 / std::f32::consts::PI).sqrt();
                0.5 * x * (1.0 + (k * (x + 0.044715 * x * x * x)).tanh())
            }),
            Floor => run!(f32::floor),
            Ceil => run!(f32::ceil),
            Round => run!(f32::round_ties_even),
            Trunc => run!(f32::trunc),
            // ATen's `(0 < x) - (x < 0)`: 0 for -0.0 and NaN alike.
            Sign => run!(|x| f32::from(u8::from(0.0 < x)) - f32::from(u8::from(x < 0.0))),
            Log10 => run!(f32::log10),
            Log1p => run!(f32::ln_1p),
            Expm1 => run!(f32::exp_m1),
            Erf => run!(libm::erff),
            Asin => run!(f32::asin),
            Acos => run!(f32::acos),
            Atan => run!(f32::atan),
            // MKL `vmsTan` in torch (closed source): the correctly rounded value here.
            Tan => run!(|x: f32| f64::from(x).tan() as f32),
            // `std::sinh`/`std::cosh`/`std::acosh`/`std::asinh`/`std::atanh` on every element in torch
            // (its Vectorized versions map the scalar function): the platform's libm, as there.
            Sinh => run!(f32::sinh),
            Cosh => run!(f32::cosh),
            Asinh => run!(crate::tensor::kernels::libm_asinh),
            Atanh => run!(crate::tensor::kernels::libm_atanh),
            Acosh => run!(crate::tensor::kernels::libm_acosh),
            // ATen multiplies by the double constant, cast to the tensor's float32.
            Deg2Rad => run!(|x| x * (0.017_453_292_519_943_295_f64 as f32)),
            Rad2Deg => run!(|x| x * (57.295_779_513_082_32_f64 as f32)),
            Frac => run!(|x: f32| x - x.trunc()),
            // ATen's sinc: 1 at 0, else sin(pi x) / (pi x) in float32 with `std::sin`.
            Sinc => run!(|x: f32| {
                if x == 0.0 {
                    1.0
                } else {
                    let p = std::f32::consts::PI * x;
                    p.sin() / p
                }
            }),
            // MKL `vmsErfc` in torch: the correctly rounded value here.
            Erfc => run!(|x: f32| libm::erfc(f64::from(x)) as f32),
            Square => run!(|x| x * x),
            Reciprocal => run!(|x| 1.0 / x),
            // SLEEF on every element (`Vectorized<float>::lgamma` through vml.h's map).
            Lgamma => run!(crate::tensor::kernels::special::sleef_lgammaf),
            Digamma => run!(crate::tensor::kernels::special::digamma::<f32>),
            // MKL's `vsErfInv` in torch: the correctly rounded value here.
            Erfinv => run!(crate::tensor::kernels::special::erfinv_f32),
            I0 => run!(crate::tensor::kernels::special::i0::<f32>),
            IsNan | IsInf | IsFinite | Not | Signbit => run!(|x| x),
        }
    }
}

/// Integer and bool tensors for ops that keep the dtype.
fn int_unary(op: UnaryOp, a: &Tensor) -> Result<Tensor> {
    use UnaryOp::*;
    let dtype = a.dtype();
    let as_int = if dtype == DType::Bool {
        a.to_dtype(DType::Int64)
    } else {
        a.clone()
    };
    let g = |x: i64| -> i64 {
        match op {
            Neg => x.wrapping_neg(),
            Abs => x.wrapping_abs(),
            Relu => x.max(0),
            Sign => x.signum(),
            Square => x.wrapping_mul(x),
            _ => x,
        }
    };
    match as_int.dtype() {
        DType::Int64 => {
            let out = map::<i64, i64>(&as_int, g)?;
            if dtype == DType::Bool && matches!(op, Abs | Relu | Floor | Ceil | Round | Trunc) {
                return Ok(out.to_dtype(DType::Bool));
            }
            Ok(out)
        }
        // Narrower integers: computed as C++ does after integer promotion, kept to the type's bits.
        d => crate::with_dtype!(d, T => map::<T, T>(&as_int, |x| T::from_i64(g(x.to_i64())))),
    }
}
