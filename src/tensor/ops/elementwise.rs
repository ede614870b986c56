//! Broadcasting binary ops and unary maps with PyTorch's type promotion. Operands are read in place through
//! their own strides (`strided::Runs`; transposed and expanded operands are not copied).

use crate::tensor::dtype::{self, Category, DType, Operand as PromoOperand};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::parallel;
use crate::tensor::settings::check_numel;
use crate::tensor::storage::Element;
use crate::tensor::strided::{Runs, binary_chunk};
use crate::tensor::{Scalar, Tensor};

/// An operand of a binary op: a tensor or a Python number.
#[derive(Clone, Copy)]
pub enum Operand<'a> {
    Tensor(&'a Tensor),
    Scalar(Scalar),
}

impl Operand<'_> {
    pub(crate) fn promo(&self) -> PromoOperand {
        match self {
            Operand::Tensor(t) if t.ndim() == 0 => PromoOperand::ZeroDim(t.dtype()),
            Operand::Tensor(t) => PromoOperand::Dimensioned(t.dtype()),
            Operand::Scalar(s) => PromoOperand::Scalar(s.category()),
        }
    }
    fn is_bool(&self) -> bool {
        match self {
            Operand::Tensor(t) => t.dtype() == DType::Bool,
            Operand::Scalar(s) => matches!(s, Scalar::Bool(_)),
        }
    }
    /// The operand's dtype as a tensor (a number's default dtype: int64, float32 or bool).
    fn dtype_of(&self) -> DType {
        match self {
            Operand::Tensor(t) => t.dtype(),
            Operand::Scalar(s) => match s.category() {
                Category::Bool => DType::Bool,
                Category::Int => DType::Int64,
                Category::Float => DType::default_for(Category::Float),
            },
        }
    }
    pub(crate) fn shape(&self) -> &[usize] {
        match self {
            Operand::Tensor(t) => t.shape(),
            Operand::Scalar(_) => &[],
        }
    }
    /// The operand as a tensor of `dtype` (a scalar becomes a 0-d tensor; a tensor is converted if needed).
    pub(crate) fn as_tensor(&self, dtype: DType) -> Tensor {
        match self {
            Operand::Tensor(t) => t.to_dtype(dtype),
            Operand::Scalar(s) => crate::with_dtype!(dtype, T => Tensor::scalar(s.cast::<T>())),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Add,
    Sub,
    Mul,
    Div,
    FloorDiv,
    /// `remainder` and `%`: Python's rule, the result takes the divisor's sign.
    Rem,
    /// `fmod`: C's rule, the result takes the dividend's sign (`fmod(-7, 3)` is -1).
    Fmod,
    Pow,
    Maximum,
    Minimum,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
    Xor,
    Atan2,
    Hypot,
    Copysign,
    LogAddExp,
    LogAddExp2,
    Xlogy,
    Fmax,
    Fmin,
    NextAfter,
    /// `igamma`/`igammac`: the regularized lower and upper incomplete gamma functions.
    Igamma,
    Igammac,
    Heaviside,
    Gcd,
    Lcm,
    Shl,
    Shr,
}

impl BinaryOp {
    pub(super) fn is_comparison(self) -> bool {
        matches!(
            self,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge
        )
    }
    fn kernel_name(self) -> &'static str {
        match self {
            BinaryOp::And => "bitwise_and_cpu",
            BinaryOp::Or => "bitwise_or_cpu",
            BinaryOp::Xor => "bitwise_xor_cpu",
            BinaryOp::Hypot => "hypot_cpu",
            BinaryOp::LogAddExp => "logaddexp_cpu",
            BinaryOp::LogAddExp2 => "logaddexp2_cpu",
            BinaryOp::NextAfter => "nextafter_cpu",
            BinaryOp::Igamma => "igamma_cpu",
            BinaryOp::Igammac => "igammac_cpu",
            BinaryOp::Gcd => "gcd_cpu",
            BinaryOp::Lcm => "lcm_cpu",
            BinaryOp::Shl => "lshift_cpu",
            BinaryOp::Shr => "rshift_cpu",
            _ => "",
        }
    }
}

/// `pow(x, 1)` and `pow(x, 0)` with a number exponent never reach a kernel (`pow_Tensor_Scalar_out`).
fn pow_shortcut(op: BinaryOp, b: &Operand) -> bool {
    op == BinaryOp::Pow && matches!(b, Operand::Scalar(e) if e.to_f64() == 0.0 || e.to_f64() == 1.0)
}

/// The result and compute dtypes of a binary op.
pub fn binary_dtypes(op: BinaryOp, a: &Operand, b: &Operand) -> Result<(DType, DType)> {
    let common = dtype::result_type(&[a.promo(), b.promo()]);
    Ok(match op {
        BinaryOp::Div => {
            let c = if common.is_floating_point() {
                common
            } else {
                DType::default_for(Category::Float)
            };
            (c, c)
        }
        _ if op.is_comparison() => (DType::Bool, common),
        // `binary_float_op`: integer and bool operands compute in the default float type.
        BinaryOp::Atan2 | BinaryOp::Copysign | BinaryOp::Xlogy => {
            let c = if common.is_floating_point() {
                common
            } else {
                DType::default_for(Category::Float)
            };
            (c, c)
        }
        // Kernels dispatched on floating types only, without promotion.
        BinaryOp::Hypot
        | BinaryOp::LogAddExp
        | BinaryOp::LogAddExp2
        | BinaryOp::NextAfter
        | BinaryOp::Igamma
        | BinaryOp::Igammac
            if !common.is_floating_point() =>
        {
            return Err(TensorError::NotImplemented(format!(
                "\"{}\" not implemented for '{}'",
                op.kernel_name(),
                common.scalar_type_name()
            )));
        }
        BinaryOp::Heaviside if a.dtype_of() != b.dtype_of() => {
            return Err(TensorError::runtime(
                "heaviside is not yet implemented for tensors with different dtypes.",
            ));
        }
        BinaryOp::Gcd | BinaryOp::Lcm | BinaryOp::Shl | BinaryOp::Shr
            if common.category() != Category::Int =>
        {
            return Err(TensorError::NotImplemented(format!(
                "\"{}\" not implemented for '{}'",
                op.kernel_name(),
                common.scalar_type_name()
            )));
        }
        BinaryOp::And | BinaryOp::Or | BinaryOp::Xor => {
            if common.is_floating_point() {
                return Err(TensorError::NotImplemented(format!(
                    "\"{}\" not implemented for '{}'",
                    op.kernel_name(),
                    common.scalar_type_name()
                )));
            }
            (common, common)
        }
        // ATen's sub_check: a bool on either side (a Python `True` too) refuses subtraction.
        BinaryOp::Sub if a.is_bool() && b.is_bool() => {
            return Err(TensorError::NotImplemented(
                "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.".into(),
            ));
        }
        BinaryOp::Sub if a.is_bool() || b.is_bool() => {
            return Err(TensorError::NotImplemented(
                "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.".into(),
            ));
        }
        BinaryOp::FloorDiv | BinaryOp::Rem | BinaryOp::Fmod | BinaryOp::Pow
            if common == DType::Bool && !pow_shortcut(op, b) =>
        {
            let kernel = match op {
                BinaryOp::FloorDiv => "div_floor_cpu",
                BinaryOp::Rem => "remainder_cpu",
                BinaryOp::Fmod => "fmod_cpu",
                _ => "pow",
            };
            return Err(TensorError::NotImplemented(format!(
                "\"{kernel}\" not implemented for 'Bool'"
            )));
        }
        _ => (common, common),
    })
}

/// `a op b` with broadcasting and promotion; the result's axes are the operands' broadcast.
pub fn binary(op: BinaryOp, a: Operand, b: Operand) -> Result<Tensor> {
    let out = binary_values(op, a, b)?;
    let axes = broadcast_axes(&[&a, &b], out.shape());
    Ok(follow_inputs(out.with_axes(axes), &[&a, &b]))
}

/// `out` laid out as PyTorch's TensorIterator lays out a new output of these inputs (in their memory
/// order: `x.t() + 1` is transposed like `x.t()`); row-major inputs leave it as it is.
pub(crate) fn follow_inputs(out: Tensor, inputs: &[&Operand]) -> Tensor {
    let list: Vec<(&[usize], &[usize])> = inputs
        .iter()
        .filter_map(|o| match o {
            Operand::Tensor(t) => Some((t.shape(), t.strides())),
            Operand::Scalar(_) => None,
        })
        .collect();
    match crate::tensor::layout::iter_output_strides(out.shape(), &list) {
        Some(strides) => out.restrided(strides),
        None => out,
    }
}

/// The axes of a broadcast result (`tensor::sym::broadcast`).
pub(crate) fn broadcast_axes(operands: &[&Operand], shape: &[usize]) -> crate::tensor::sym::Axes {
    let tensors: Vec<&Tensor> = operands
        .iter()
        .filter_map(|o| match o {
            Operand::Tensor(t) => Some(*t),
            Operand::Scalar(_) => None,
        })
        .collect();
    if tensors.iter().all(|t| t.axes().is_none()) {
        return None;
    }
    let list: Vec<(&crate::tensor::sym::Axes, &[usize])> =
        tensors.iter().map(|t| (t.axes(), t.shape())).collect();
    crate::tensor::sym::broadcast(&list, shape)
}

fn binary_values(op: BinaryOp, a: Operand, b: Operand) -> Result<Tensor> {
    let shape = broadcast_shapes(a.shape(), b.shape())
        .map_err(|e| e.in_binary_op(op, a.shape(), b.shape()))?;
    let (result, compute) = binary_dtypes(op, &a, &b)?;
    if op == BinaryOp::Pow
        && compute.category() == Category::Int
        && let Operand::Scalar(Scalar::Int(e)) = b
        && e < 0
    {
        return Err(TensorError::runtime(
            "Integers to negative integer powers are not allowed.",
        ));
    }
    // pow_Tensor_Scalar_out: an exponent of 1 copies the base, of 0 fills ones (before any kernel).
    if op == BinaryOp::Pow
        && let (Operand::Tensor(x), Operand::Scalar(e)) = (a, b)
    {
        if e.to_f64() == 1.0 {
            return Ok(x.to_dtype(result).deep_copy());
        }
        if e.to_f64() == 0.0 {
            return Tensor::full(&shape, Scalar::Int(1), result);
        }
    }
    if op == BinaryOp::Pow && matches!(compute, DType::Float32 | DType::Float64) {
        return super::pow::float_pow(a, b, &shape, compute);
    }
    if compute.is_reduced_float() {
        return super::other_floats::reduced_binary(op, a, b, &shape, compute);
    }
    let ta = a.as_tensor(compute);
    let tb = b.as_tensor(compute);
    match compute {
        DType::Float32 => float_binary(op, &ta, &tb, &shape),
        DType::Float64 => super::other_floats::double_binary(op, &ta, &tb, &shape),
        DType::Int64 => int_binary::<i64>(op, &ta, &tb, &shape, result),
        DType::Int32 => int_binary::<i32>(op, &ta, &tb, &shape, result),
        DType::Int16 => int_binary::<i16>(op, &ta, &tb, &shape, result),
        DType::Int8 => int_binary::<i8>(op, &ta, &tb, &shape, result),
        DType::UInt8 => int_binary::<u8>(op, &ta, &tb, &shape, result),
        DType::Bool => bool_binary(op, &ta, &tb, &shape),
        DType::Float16 | DType::BFloat16 => Err(TensorError::runtime("internal: reduced float")),
    }
}

/// In-place `a op= b`: the result must keep `a`'s shape and is cast into `a`'s dtype, written through the
/// view so every alias sees it.
pub fn binary_inplace(op: BinaryOp, a: &Tensor, b: Operand) -> Result<()> {
    check_inplace(op, a, b)?;
    let value = binary(op, Operand::Tensor(a), b)?;
    a.copy_from(&value)
}

/// What an in-place `a op= b` checks before computing: `a`'s memory, the broadcast shape, the cast.
pub(crate) fn check_inplace(op: BinaryOp, a: &Tensor, b: Operand) -> Result<()> {
    // TensorIterator looks at the output's memory before its shape (`compute_mem_overlaps`).
    check_no_overlap(a)?;
    let out_shape = broadcast_shapes(a.shape(), b.shape())
        .map_err(|e| e.in_binary_op(op, a.shape(), b.shape()))?;
    if out_shape != a.shape() {
        return Err(TensorError::InplaceBroadcast {
            out: a.shape().to_vec(),
            broadcast: out_shape,
        });
    }
    match binary_dtypes(op, &Operand::Tensor(a), &b) {
        Ok((result, _)) => check_cast(result, a.dtype()),
        // A kernel that has no loop for the dtype refuses it only after TensorIterator has checked
        // the cast into the output (ATen's own checks, such as sub's for bools, come first).
        Err(e @ TensorError::NotImplemented(_)) if op != BinaryOp::Sub => {
            let common = dtype::result_type(&[Operand::Tensor(a).promo(), b.promo()]);
            check_cast(common, a.dtype())?;
            Err(e)
        }
        Err(e) => Err(e),
    }
}

/// An in-place write into `a` refuses a view with a stride-0 dim of size > 1 (ATen's MemoryOverlap).
pub(crate) fn check_no_overlap(a: &Tensor) -> Result<()> {
    if a.layout().has_internal_overlap() {
        return Err(TensorError::runtime(
            "unsupported operation: more than one element of the written-to tensor refers to a single \
             memory location. Please clone() the tensor before performing the operation.",
        ));
    }
    Ok(())
}

/// A result of dtype `result` written into a tensor of dtype `out` (in place, `out=`): TensorIterator
/// refuses a cast to a lower category (float into int, int into bool).
pub fn check_cast(result: DType, out: DType) -> Result<()> {
    if result.category() > out.category() {
        return Err(TensorError::runtime(format!(
            "result type {} can't be cast to the desired output type {}",
            result.scalar_type_name(),
            out.scalar_type_name()
        )));
    }
    Ok(())
}

/// Applies `f` over two same-typed operands broadcast to `shape`, producing a contiguous tensor. `f` is
/// inlined into the loops (pass a closure, not a function pointer), and runs where both operands are
/// contiguous or one is a broadcast scalar are plain slice loops the compiler vectorises.
///
/// Hand-written rather than ndarray's `Zip::and_broadcast` over `Tensor::with_view` because it is faster
/// (benches/ndarray_paths, one thread, the same bits): `[8,128,512] + bias[512]` 106 µs against 159 µs,
/// `[8,128,512] + [8,128,512]` 141 µs against 193 µs. `masked_fill` walks the same way.
pub fn zip_map<T: Element, U: Element>(
    a: &Tensor,
    b: &Tensor,
    shape: &[usize],
    f: impl Fn(T, T) -> U + Sync,
) -> Result<Tensor> {
    let numel = check_numel(shape)?;
    let out = a.with_raw::<T, _>(|ad, al| {
        b.with_raw::<T, _>(|bd, bl| {
            let runs = Runs::new(shape, [al, bl], [ad.len(), bd.len()])?;
            Ok::<_, TensorError>(parallel::build_vec(
                numel,
                1,
                parallel::GRAIN,
                |start, chunk| binary_chunk(&runs, ad, bd, start, chunk, &f),
            ))
        })
    })???;
    Tensor::from_vec(out, shape)
}

/// Applies `f` to every element (in the tensor's own type), producing a contiguous tensor.
pub fn map<T: Element, U: Element>(a: &Tensor, f: impl Fn(T) -> U + Sync) -> Result<Tensor> {
    let shape = a.shape().to_vec();
    check_numel(&shape)?;
    let out = a.with_raw::<T, _>(|ad, al| crate::tensor::strided::gather_with(ad, al, f))?;
    Tensor::from_vec(out, &shape)
}

pub(super) fn float_binary(
    op: BinaryOp,
    a: &Tensor,
    b: &Tensor,
    shape: &[usize],
) -> Result<Tensor> {
    if op.is_comparison() {
        return compare_map::<f32>(op, a, b, shape);
    }
    // Each arm gets its own closure so the op is inlined into the loops.
    macro_rules! run {
        ($f:expr) => {
            zip_map::<f32, f32>(a, b, shape, $f)
        };
    }
    match op {
        BinaryOp::Add => run!(|x, y| x + y),
        BinaryOp::Sub => run!(|x, y| x - y),
        BinaryOp::Mul => run!(|x, y| x * y),
        BinaryOp::Div => run!(|x, y| x / y),
        // PyTorch's div_floor_floating: floor of the true quotient, with Python's sign rules.
        BinaryOp::FloorDiv => run!(div_floor_float::<f32>),
        BinaryOp::Rem => run!(rem_float::<f32>),
        // Rust's `%` on floats is C's fmod.
        BinaryOp::Fmod => run!(|x: f32, y: f32| x % y),
        BinaryOp::Pow => run!(pow_f32),
        BinaryOp::Maximum => run!(|x: f32, y: f32| {
            if x.is_nan() || y.is_nan() {
                f32::NAN
            } else {
                x.max(y)
            }
        }),
        BinaryOp::Minimum => run!(|x: f32, y: f32| {
            if x.is_nan() || y.is_nan() {
                f32::NAN
            } else {
                x.min(y)
            }
        }),
        // Vectorized<float>::atan2 (SLEEF) on the blocks, atan2f on the rest.
        BinaryOp::Atan2 => super::walk::binary_walk::<f32>(
            a,
            b,
            shape,
            crate::tensor::settings::num_threads(),
            crate::tensor::kernels::atan2f_block,
            f32::atan2,
        ),
        BinaryOp::Hypot => vector_blocks(run!(f32::hypot)?, a, b, shape, |x: f32, y: f32| {
            f64::from(x).hypot(f64::from(y)) as f32
        }),
        BinaryOp::Copysign => run!(f32::copysign),
        BinaryOp::LogAddExp => vector_blocks(
            run!(|x: f32, y: f32| {
                if x.is_infinite() && x == y {
                    x
                } else {
                    // std::max(a, b): `a < b ? b : a`.
                    let m = if x < y { y } else { x };
                    m + (-(x - y).abs()).exp().ln_1p()
                }
            })?,
            a,
            b,
            shape,
            crate::tensor::kernels::logaddexp_vec,
        ),
        BinaryOp::LogAddExp2 => run!(|x: f32, y: f32| {
            if x.is_infinite() && x == y {
                x
            } else {
                let m = if x < y { y } else { x };
                // `m + log1p(exp2(-|a - b|)) * inv_log_2`, contracted into a fused multiply-add by
                // the compiler of torch's AVX2 kernels.
                (-(x - y).abs())
                    .exp2()
                    .ln_1p()
                    .mul_add((1.0 / std::f64::consts::LN_2) as f32, m)
            }
        }),
        BinaryOp::Xlogy => run!(|x: f32, y: f32| {
            if y.is_nan() {
                f32::NAN
            } else if x == 0.0 {
                0.0
            } else {
                x * y.ln()
            }
        }),
        BinaryOp::Fmax => run!(crate::tensor::kernels::libm_fmax),
        BinaryOp::Fmin => run!(crate::tensor::kernels::libm_fmin),
        BinaryOp::NextAfter => run!(crate::tensor::kernels::libm_nextafter),
        BinaryOp::Igamma => run!(crate::tensor::kernels::igamma::igamma::<f32, false>),
        BinaryOp::Igammac => run!(crate::tensor::kernels::igamma::igammac::<f32, true>),
        BinaryOp::Heaviside => run!(|x: f32, y: f32| {
            if x == 0.0 {
                y
            } else {
                f32::from(u8::from(x > 0.0))
            }
        }),
        _ => Err(TensorError::runtime("internal: unsupported float op")),
    }
}

/// `cpu_kernel_vec`'s split for a binary op whose vector and scalar forms differ: where every operand
/// is contiguous or a single broadcast value, the first `len - len % 16` elements come from the vector
/// form (`vf`) and the rest from the scalar form already in `out`; any other layout runs the scalar form
/// throughout (ATen's `basic_loop`).
fn vector_blocks(
    out: Tensor,
    a: &Tensor,
    b: &Tensor,
    shape: &[usize],
    vf: impl Fn(f32, f32) -> f32,
) -> Result<Tensor> {
    let dense = |t: &Tensor| t.numel() == 1 || (t.is_contiguous() && t.shape() == shape);
    let n = out.numel();
    let head = n - n % 16;
    if head == 0 || !dense(a) || !dense(b) {
        return Ok(out);
    }
    let (av, bv) = (a.to_vec::<f32>(), b.to_vec::<f32>());
    let mut values = out.to_vec::<f32>();
    let at = |v: &[f32], i: usize| if v.len() == 1 { v[0] } else { v[i] };
    for (i, o) in values.iter_mut().enumerate().take(head) {
        *o = vf(at(&av, i), at(&bv, i));
    }
    Tensor::from_vec(values, shape)
}

/// A comparison with the op resolved outside the loop.
pub(super) fn compare_map<T: Element + PartialOrd>(
    op: BinaryOp,
    a: &Tensor,
    b: &Tensor,
    shape: &[usize],
) -> Result<Tensor> {
    match op {
        BinaryOp::Eq => zip_map::<T, bool>(a, b, shape, |x, y| x == y),
        BinaryOp::Ne => zip_map::<T, bool>(a, b, shape, |x, y| x != y),
        BinaryOp::Lt => zip_map::<T, bool>(a, b, shape, |x, y| x < y),
        BinaryOp::Le => zip_map::<T, bool>(a, b, shape, |x, y| x <= y),
        BinaryOp::Gt => zip_map::<T, bool>(a, b, shape, |x, y| x > y),
        _ => zip_map::<T, bool>(a, b, shape, |x, y| x >= y),
    }
}

/// PyTorch's `div_floor_floating`: the floor of the true quotient with Python's sign rules; a zero
/// quotient takes the true quotient's sign (ATen's copysign). For float32 and float64 alike.
pub(super) fn div_floor_float<F: num_traits::Float>(x: F, y: F) -> F {
    let zero = F::zero();
    if y == zero {
        return x / y;
    }
    let m = x % y;
    let mut d = (x - m) / y;
    if m != zero && ((y < zero) != (m < zero)) {
        d = d - F::one();
    }
    if d == zero {
        return zero.copysign(x / y);
    }
    let fd = d.floor();
    let half = F::one() / (F::one() + F::one());
    if d - fd > half { fd + F::one() } else { fd }
}

/// `remainder` and `%`: C's fmod moved to the divisor's sign (Python's rule).
pub(super) fn rem_float<F: num_traits::Float>(x: F, y: F) -> F {
    let m = x % y;
    if m != F::zero() && ((y < F::zero()) != (m < F::zero())) {
        m + y
    } else {
        m
    }
}

fn pow_f32(x: f32, y: f32) -> f32 {
    // PyTorch special-cases small integral exponents (pow_tensor_scalar_optimized_kernel).
    if y == 2.0 {
        x * x
    } else if y == 0.5 {
        x.sqrt()
    } else if y == 3.0 {
        x * x * x
    } else if y == -1.0 {
        1.0 / x
    } else if y == -2.0 {
        1.0 / (x * x)
    } else if y == -0.5 {
        1.0 / x.sqrt()
    } else if y == 1.0 {
        x
    } else {
        x.powf(y)
    }
}

pub(super) use super::int_binary::{bool_binary, int_binary};

pub use super::unary::{UnaryOp, unary};

pub use super::masked::{clamp, masked_fill, masked_fill_inplace, where_};
