//! Pointwise ops built from the elementwise kernels: comparisons with a tolerance (`isclose`,
//! `allclose`, `equal`), `lerp`, rounding to decimals, truncating division, the logical ops (which
//! read any dtype as bool), `alpha=` scaling, in-place unary maps and `in`.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::ops::elementwise::{
    BinaryOp, Operand, UnaryOp, binary, binary_dtypes, binary_inplace, check_cast, check_inplace,
    check_no_overlap, clamp, follow_inputs, unary, zip_map,
};
use crate::tensor::storage::Element;
use crate::tensor::{DType, Scalar, Tensor};

/// The tolerances of [`isclose`] and [`allclose`] (PyTorch's defaults: 1e-5, 1e-8, NaN never equal).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tolerance {
    pub rtol: f64,
    pub atol: f64,
    pub equal_nan: bool,
}

impl Default for Tolerance {
    fn default() -> Self {
        Tolerance {
            rtol: 1e-5,
            atol: 1e-8,
            equal_nan: false,
        }
    }
}

/// `torch.isclose(a, b)`: `|a - b| <= atol + rtol * |b|` elementwise (broadcast), in double.
pub fn isclose(a: &Tensor, b: &Tensor, tol: Tolerance) -> Result<Tensor> {
    if a.dtype() != b.dtype() {
        return Err(TensorError::runtime(format!(
            "{} did not match {}",
            a.dtype().scalar_type_name(),
            b.dtype().scalar_type_name()
        )));
    }
    let shape = broadcast_shapes(a.shape(), b.shape())?;
    // Double tensors compare in double (the same test, ATen's composite in their type).
    if a.dtype() == DType::Float64 {
        let av = a.broadcast_to(&shape)?.to_vec::<f64>();
        let bv = b.broadcast_to(&shape)?.to_vec::<f64>();
        let out: Vec<bool> = av
            .iter()
            .zip(&bv)
            .map(|(&u, &v)| {
                if u == v || (tol.equal_nan && u.is_nan() && v.is_nan()) {
                    return true;
                }
                if tol.rtol == 0.0 && tol.atol == 0.0 {
                    return false;
                }
                let actual = (u - v).abs();
                actual.is_finite() && actual <= tol.atol + (tol.rtol * v).abs()
            })
            .collect();
        return Tensor::from_vec(out, &shape);
    }
    let av = a.broadcast_to(&shape)?.to_vec::<f32>();
    let bv = b.broadcast_to(&shape)?.to_vec::<f32>();
    // ATen's isclose in the tensors' float32: equal, or both NaN with equal_nan, or a finite error
    // within atol + |rtol * other| (so -inf is never close to inf).
    let (atol, rtol) = (tol.atol as f32, tol.rtol as f32);
    let out: Vec<bool> = av
        .iter()
        .zip(&bv)
        .map(|(&u, &v)| {
            if u == v || (tol.equal_nan && u.is_nan() && v.is_nan()) {
                return true;
            }
            if tol.rtol == 0.0 && tol.atol == 0.0 {
                return false;
            }
            let actual = (u - v).abs();
            actual.is_finite() && actual <= atol + (rtol * v).abs()
        })
        .collect();
    Tensor::from_vec(out, &shape)
}

/// `torch.allclose(a, b, ...)`: ATen's `isclose(...).all()`, its dtype check included.
pub fn allclose(a: &Tensor, b: &Tensor, tol: Tolerance) -> Result<bool> {
    Ok(isclose(a, b, tol)?.to_vec::<bool>().iter().all(|&v| v))
}

/// `torch.equal(a, b)`: same shape and every element equal.
pub fn equal(a: &Tensor, b: &Tensor) -> Result<bool> {
    Ok(a.shape() == b.shape()
        && binary(BinaryOp::Eq, Operand::Tensor(a), Operand::Tensor(b))?
            .to_vec::<bool>()
            .iter()
            .all(|&e| e))
}

/// `torch.lerp(start, end, weight)` with a number weight (or a 0-d tensor's): ATen's
/// `lerp_scalar_kernel`, the weight rounded to the input's float type once (to float for float16 and
/// bfloat16, computed in float and rounded back).
pub fn lerp(start: &Tensor, end: &Tensor, weight: Scalar) -> Result<Tensor> {
    check_lerp_dtype(start, end, "end")?;
    lerp_kernel(
        start,
        end,
        LerpWeight::Number(weight.to_f64()),
        "lerp_kernel_scalar",
    )
}

/// `torch.lerp(start, end, weight)` with a weight tensor of one or more dims: ATen's
/// `lerp_tensor_kernel`, one weight per element after broadcasting the three; the weight's dtype must be
/// the input's.
pub fn lerp_tensor(start: &Tensor, end: &Tensor, weight: &Tensor) -> Result<Tensor> {
    check_lerp_dtype(start, end, "end")?;
    check_lerp_dtype(start, weight, "weight")?;
    lerp_kernel(start, end, LerpWeight::Tensor(weight), "lerp_kernel_tensor")
}

/// `lerp`'s check that an operand has the input's dtype (no promotion), with ATen's message.
fn check_lerp_dtype(start: &Tensor, other: &Tensor, name: &str) -> Result<()> {
    if start.dtype() == other.dtype() {
        return Ok(());
    }
    Err(TensorError::runtime(format!(
        "expected dtype {} for `{name}` but got dtype {}",
        start.dtype().cpp_name(),
        other.dtype().cpp_name()
    )))
}

enum LerpWeight<'a> {
    Number(f64),
    Tensor(&'a Tensor),
}

/// One element of `lerp` in double, as [`crate::tensor::kernels::lerp_one`] in float: the accurate half
/// of the formula, fused (`Vectorized<double>::fmadd`).
fn lerp_f64(start: f64, end: f64, weight: f64) -> f64 {
    let diff = end - start;
    if weight.abs() < 0.5 {
        weight.mul_add(diff, start)
    } else {
        (weight - 1.0).mul_add(diff, end)
    }
}

fn lerp_kernel(start: &Tensor, end: &Tensor, weight: LerpWeight, kernel: &str) -> Result<Tensor> {
    let dtype = start.dtype();
    if !dtype.is_floating_point() {
        return Err(TensorError::NotImplemented(format!(
            "\"{kernel}\" not implemented for '{}'",
            dtype.scalar_type_name()
        )));
    }
    let mut shape = broadcast_shapes(start.shape(), end.shape())?;
    if let LerpWeight::Tensor(w) = weight {
        shape = broadcast_shapes(&shape, w.shape())?;
    }
    let sizes: Vec<i64> = shape.iter().map(|&v| v as i64).collect();
    /// The broadcast operands read as `T`, one `lerp` per element.
    fn run<T: Element>(
        start: &Tensor,
        end: &Tensor,
        weight: &LerpWeight,
        sizes: &[i64],
        number: impl Fn(f64) -> T,
        lerp: impl Fn(T, T, T) -> T,
    ) -> Result<Vec<T>> {
        let values = |t: &Tensor| -> Result<Vec<T>> {
            Ok(t.to_dtype(T::DTYPE).expand(sizes)?.to_vec::<T>())
        };
        let (s, e) = (values(start)?, values(end)?);
        Ok(match weight {
            LerpWeight::Number(w) => {
                let w = number(*w);
                s.iter().zip(&e).map(|(&s, &e)| lerp(s, e, w)).collect()
            }
            LerpWeight::Tensor(w) => {
                let w = values(w)?;
                s.iter()
                    .zip(&e)
                    .zip(&w)
                    .map(|((&s, &e), &w)| lerp(s, e, w))
                    .collect()
            }
        })
    }
    let out = if dtype == DType::Float64 {
        let out = run::<f64>(start, end, &weight, &sizes, |w| w, lerp_f64)?;
        Tensor::from_vec(out, &shape)?
    } else {
        // float32, and float16/bfloat16 computed in float (ATen's opmath) and rounded back; a number
        // weight is rounded to float32 once (`weight.to<float>()`).
        let lerp = crate::tensor::kernels::lerp_one;
        let out = run::<f32>(start, end, &weight, &sizes, |w| w as f32, lerp)?;
        Tensor::from_vec(out, &shape)?.to_dtype(dtype)
    };
    let mut inputs = vec![Operand::Tensor(start), Operand::Tensor(end)];
    if let LerpWeight::Tensor(w) = weight {
        inputs.push(Operand::Tensor(w));
    }
    let refs: Vec<&Operand> = inputs.iter().collect();
    Ok(follow_inputs(out, &refs))
}

/// `torch.round(x, decimals=d)`: `round(x * 10^d) / 10^d` (half to even), plain `round` for `d == 0`.
pub fn round_decimals(x: &Tensor, decimals: i64) -> Result<Tensor> {
    if decimals == 0 {
        return unary(UnaryOp::Round, x);
    }
    let scale = Scalar::Float(10f64.powi(decimals as i32));
    let up = binary(BinaryOp::Mul, Operand::Tensor(x), Operand::Scalar(scale))?;
    let rounded = unary(UnaryOp::Round, &up)?;
    binary(
        BinaryOp::Div,
        Operand::Tensor(&rounded),
        Operand::Scalar(scale),
    )
}

/// `torch.div(a, b, rounding_mode='trunc')`: the true quotient truncated towards zero, in `a`'s dtype.
pub fn div_trunc(a: &Tensor, b: Operand) -> Result<Tensor> {
    let result = binary_dtypes(BinaryOp::Mul, &Operand::Tensor(a), &b)?.0;
    if !result.is_floating_point() {
        // ATen's integer kernel: C's truncating division, refusing a zero divisor.
        let shape = broadcast_shapes(a.shape(), b.shape())?;
        let (ta, tb) = (a.to_dtype(DType::Int64), b.as_tensor(DType::Int64));
        if tb.to_vec::<i64>().contains(&0) {
            return Err(TensorError::runtime("ZeroDivisionError"));
        }
        let out = zip_map::<i64, i64>(&ta, &tb, &shape, |x, y| x.wrapping_div(y))?;
        return Ok(follow_inputs(
            out.to_dtype(result),
            &[&Operand::Tensor(a), &b],
        ));
    }
    let quotient = binary(BinaryOp::Div, Operand::Tensor(a), b)?;
    let truncated = unary(UnaryOp::Trunc, &quotient)?;
    let dtype =
        crate::tensor::dtype::result_type(&[crate::tensor::dtype::Operand::Dimensioned(a.dtype())]);
    Ok(truncated.to_dtype(dtype))
}

/// `torch.logical_and/or/xor(a, b)` (`op` is `And`, `Or` or `Xor`): both read as bool.
pub fn logical(op: BinaryOp, a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(
        op,
        Operand::Tensor(&a.to_dtype(DType::Bool)),
        Operand::Tensor(&b.to_dtype(DType::Bool)),
    )
}

/// `torch.logical_not(x)`: `x` read as bool, negated, laid out as TensorIterator lays out the output of
/// a unary op (a transposed input gives a transposed result).
pub fn logical_not(x: &Tensor) -> Result<Tensor> {
    unary(UnaryOp::Not, &x.to_dtype_preserve(DType::Bool))
}

/// `a.add(b, alpha=k)` / `a.sub(b, alpha=k)`: `a op (b * k)` computed as ATen's add kernel does, in the
/// result dtype of `a` and `b` alone (`alpha` does not promote), a float as one fused multiply-add.
pub fn binary_alpha(op: BinaryOp, a: &Tensor, b: Operand, alpha: Option<Scalar>) -> Result<Tensor> {
    let result = binary_dtypes(op, &Operand::Tensor(a), &b)?.0;
    match alpha_factor(op, result, alpha)? {
        None => binary(op, Operand::Tensor(a), b),
        Some(k) => {
            let shape = broadcast_shapes(a.shape(), b.shape())
                .map_err(|e| e.in_binary_op(op, a.shape(), b.shape()))?;
            let ta = a.to_dtype(result);
            let tb = match b {
                Operand::Tensor(t) => t.to_dtype(result),
                Operand::Scalar(s) => {
                    crate::with_dtype!(result, T => Tensor::scalar(s.cast::<T>()))
                }
            };
            let out = match result {
                DType::Float32 => {
                    let k = k.to_f64() as f32;
                    zip_map::<f32, f32>(&ta, &tb, &shape, move |x, y| y.mul_add(k, x))?
                }
                DType::Float64 => {
                    let k = k.to_f64();
                    zip_map::<f64, f64>(&ta, &tb, &shape, move |x, y| y.mul_add(k, x))?
                }
                // Vectorized<Half> rounds after each operation: `alpha * other`, then the sum.
                d if d.is_reduced_float() => {
                    let k = Tensor::scalar(k.to_f64()).to_dtype(d).to_vec::<f32>()[0];
                    let (fa, fb) = (ta.to_dtype(DType::Float32), tb.to_dtype(DType::Float32));
                    let scaled = crate::with_dtype!(d, T => zip_map::<f32, f32>(&fa, &fb, &shape, move |x, y| {
                        x + T::from_f64(f64::from(y * k)).to_f64() as f32
                    })?);
                    scaled.to_dtype(d)
                }
                DType::Bool => {
                    let k = k.to_bool();
                    zip_map::<bool, bool>(&ta, &tb, &shape, move |x, y| x | (y & k))?
                }
                d => crate::with_dtype!(d, T => {
                    let k = k.to_i64();
                    zip_map::<T, T>(&ta, &tb, &shape, move |x, y| {
                        T::from_i64(x.to_i64().wrapping_add(y.to_i64().wrapping_mul(k)))
                    })?
                }),
            };
            Ok(follow_inputs(out, &[&Operand::Tensor(a), &b]))
        }
    }
}

/// `alpha` checked as ATen's `alpha_check` does, and signed for the op (`sub` adds `-alpha`); `None`
/// when it changes nothing (absent, or 1 for `add`).
fn alpha_factor(op: BinaryOp, result: DType, alpha: Option<Scalar>) -> Result<Option<Scalar>> {
    let Some(k) = alpha else { return Ok(None) };
    if result == DType::Bool && !matches!(k, Scalar::Bool(_)) && k.to_f64() != 1.0 {
        return Err(TensorError::runtime(
            "Boolean alpha only supported for Boolean results.",
        ));
    }
    if !result.is_floating_point() && matches!(k, Scalar::Float(_)) {
        return Err(TensorError::runtime(
            "For integral input tensors, argument alpha must not be a floating point number.",
        ));
    }
    if result != DType::Bool && matches!(k, Scalar::Bool(_)) {
        return Err(TensorError::runtime(
            "Boolean alpha only supported for Boolean results.",
        ));
    }
    let k = match (op, k) {
        (BinaryOp::Sub, Scalar::Int(i)) => Scalar::Int(i.wrapping_neg()),
        (BinaryOp::Sub, Scalar::Float(f)) => Scalar::Float(-f),
        (_, k) => k,
    };
    if op == BinaryOp::Add && k.to_f64() == 1.0 && !matches!(k, Scalar::Bool(_)) {
        return Ok(None);
    }
    Ok(Some(k))
}

/// `a.add_(b, alpha=k)`: [`binary_alpha`] written into `a`.
pub fn binary_alpha_inplace(
    op: BinaryOp,
    a: &Tensor,
    b: Operand,
    alpha: Option<Scalar>,
) -> Result<()> {
    let result = binary_dtypes(op, &Operand::Tensor(a), &b)?.0;
    match alpha_factor(op, result, alpha)? {
        None => binary_inplace(op, a, b),
        Some(_) => {
            check_inplace(op, a, b)?;
            let value = binary_alpha(op, a, b, alpha)?;
            a.copy_from(&value)
        }
    }
}

/// `x.relu_()`, `x.exp_()`, ...: the unary op written back through `x`'s view.
pub fn unary_inplace(op: UnaryOp, x: &Tensor) -> Result<()> {
    check_no_overlap(x)?;
    let result = unary(op, x)?;
    check_cast(result.dtype(), x.dtype())?;
    x.copy_from(&result)
}

/// `x.op_(...)` for an op computed out of place: `result` written back through `x`'s view, when
/// its dtype can be cast to `x`'s.
pub fn write_inplace(x: &Tensor, result: &Tensor) -> Result<()> {
    check_no_overlap(x)?;
    check_cast(result.dtype(), x.dtype())?;
    x.copy_from(result)
}

/// `x.clamp_(min, max)`: [`clamp`] written back through `x`'s view.
pub fn clamp_inplace(x: &Tensor, min: Option<Scalar>, max: Option<Scalar>) -> Result<()> {
    let result = clamp(x, min, max)?;
    x.copy_from(&result)
}

/// `torch.outer(a, b)`: `a[i] * b[j]`.
pub fn outer(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    for (name, t) in [("self", a), ("vec2", b)] {
        if t.ndim() != 1 {
            return Err(TensorError::runtime(format!(
                "outer: Expected 1-D argument {name}, but got {}-D",
                t.ndim()
            )));
        }
    }
    binary(
        BinaryOp::Mul,
        Operand::Tensor(&a.unsqueeze(1)?),
        Operand::Tensor(&b.unsqueeze(0)?),
    )
}

/// `item in t`: whether any element equals `item`.
pub fn contains(t: &Tensor, item: Operand) -> Result<bool> {
    let eq = binary(BinaryOp::Eq, Operand::Tensor(t), item)?;
    Ok(eq.to_vec::<bool>().iter().any(|&e| e))
}
