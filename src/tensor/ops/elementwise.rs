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
}

impl BinaryOp {
    fn is_comparison(self) -> bool {
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
                DType::Float32
            };
            (c, c)
        }
        _ if op.is_comparison() => (DType::Bool, common),
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
    let ta = a.as_tensor(compute);
    let tb = b.as_tensor(compute);
    match compute {
        DType::Float32 => float_binary(op, &ta, &tb, &shape),
        DType::Int64 => int_binary::<i64>(op, &ta, &tb, &shape, result),
        DType::Int32 => int_binary::<i32>(op, &ta, &tb, &shape, result),
        DType::Bool => bool_binary(op, &ta, &tb, &shape),
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
    let (result, _) = binary_dtypes(op, &Operand::Tensor(a), &b)?;
    check_cast(result, a.dtype())
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
    let out = a.with_raw::<T, _>(|ad, al| crate::tensor::tensor::gather_with(ad, al, f))?;
    Tensor::from_vec(out, &shape)
}

fn float_binary(op: BinaryOp, a: &Tensor, b: &Tensor, shape: &[usize]) -> Result<Tensor> {
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
        BinaryOp::FloorDiv => run!(|x: f32, y: f32| {
            if y == 0.0 {
                return x / y;
            }
            let m = x % y;
            let mut d = (x - m) / y;
            if m != 0.0 && ((y < 0.0) != (m < 0.0)) {
                d -= 1.0;
            }
            if d == 0.0 {
                // A zero quotient takes the true quotient's sign (ATen's copysign).
                return 0.0f32.copysign(x / y);
            }
            let fd = d.floor();
            if d - fd > 0.5 { fd + 1.0 } else { fd }
        }),
        BinaryOp::Rem => run!(|x: f32, y: f32| {
            let m = x % y;
            if m != 0.0 && ((y < 0.0) != (m < 0.0)) {
                m + y
            } else {
                m
            }
        }),
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
        _ => Err(TensorError::runtime("internal: unsupported float op")),
    }
}

/// A comparison with the op resolved outside the loop.
fn compare_map<T: Element + PartialOrd>(
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

trait IntElement: Element + PartialOrd + Ord {
    fn wrapping_add(self, o: Self) -> Self;
    fn wrapping_sub(self, o: Self) -> Self;
    fn wrapping_mul(self, o: Self) -> Self;
    fn div_floor(self, o: Self) -> Option<Self>;
    fn rem_floor(self, o: Self) -> Option<Self>;
    /// C's `%`: truncated division's remainder (`torch.fmod`).
    fn rem_trunc(self, o: Self) -> Option<Self>;
    fn pow(self, o: Self) -> Self;
    fn bitand(self, o: Self) -> Self;
    fn bitor(self, o: Self) -> Self;
    fn bitxor(self, o: Self) -> Self;
}

macro_rules! int_element {
    ($t:ty) => {
        impl IntElement for $t {
            fn wrapping_add(self, o: Self) -> Self {
                <$t>::wrapping_add(self, o)
            }
            fn wrapping_sub(self, o: Self) -> Self {
                <$t>::wrapping_sub(self, o)
            }
            fn wrapping_mul(self, o: Self) -> Self {
                <$t>::wrapping_mul(self, o)
            }
            fn div_floor(self, o: Self) -> Option<Self> {
                if o == 0 {
                    return None;
                }
                let d = self.wrapping_div(o);
                let r = self.wrapping_rem(o);
                Some(if r != 0 && ((r < 0) != (o < 0)) {
                    d - 1
                } else {
                    d
                })
            }
            fn rem_trunc(self, o: Self) -> Option<Self> {
                (o != 0).then(|| self.wrapping_rem(o))
            }
            fn rem_floor(self, o: Self) -> Option<Self> {
                if o == 0 {
                    return None;
                }
                let r = self.wrapping_rem(o);
                Some(if r != 0 && ((r < 0) != (o < 0)) {
                    r + o
                } else {
                    r
                })
            }
            fn pow(self, o: Self) -> Self {
                if o < 0 {
                    return match self {
                        1 => 1,
                        -1 => {
                            if o % 2 == 0 {
                                1
                            } else {
                                -1
                            }
                        }
                        _ => 0,
                    };
                }
                let mut result: $t = 1;
                let mut base = self;
                let mut e = o;
                while e > 0 {
                    if e & 1 == 1 {
                        result = result.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    e >>= 1;
                }
                result
            }
            fn bitand(self, o: Self) -> Self {
                self & o
            }
            fn bitor(self, o: Self) -> Self {
                self | o
            }
            fn bitxor(self, o: Self) -> Self {
                self ^ o
            }
        }
    };
}
int_element!(i64);
int_element!(i32);

fn int_binary<T: IntElement>(
    op: BinaryOp,
    a: &Tensor,
    b: &Tensor,
    shape: &[usize],
    _result: DType,
) -> Result<Tensor> {
    if op.is_comparison() {
        return compare_map::<T>(op, a, b, shape);
    }
    if matches!(op, BinaryOp::FloorDiv | BinaryOp::Rem | BinaryOp::Fmod) {
        // Integer division by zero raises in PyTorch; check before computing.
        let zero = b.to_vec::<T>().iter().any(|&y| y == T::default());
        if zero {
            return Err(TensorError::runtime("ZeroDivisionError"));
        }
    }
    macro_rules! run {
        ($f:expr) => {
            zip_map::<T, T>(a, b, shape, $f)
        };
    }
    match op {
        BinaryOp::Add => run!(T::wrapping_add),
        BinaryOp::Sub => run!(T::wrapping_sub),
        BinaryOp::Mul => run!(T::wrapping_mul),
        BinaryOp::FloorDiv => run!(|x: T, y: T| x.div_floor(y).unwrap_or_default()),
        BinaryOp::Rem => run!(|x: T, y: T| x.rem_floor(y).unwrap_or_default()),
        BinaryOp::Fmod => run!(|x: T, y: T| x.rem_trunc(y).unwrap_or_default()),
        BinaryOp::Pow => run!(T::pow),
        BinaryOp::Maximum => run!(|x: T, y: T| if x >= y { x } else { y }),
        BinaryOp::Minimum => run!(|x: T, y: T| if x <= y { x } else { y }),
        BinaryOp::And => run!(T::bitand),
        BinaryOp::Or => run!(T::bitor),
        BinaryOp::Xor => run!(T::bitxor),
        _ => Err(TensorError::runtime("internal: unsupported int op")),
    }
}

fn bool_binary(op: BinaryOp, a: &Tensor, b: &Tensor, shape: &[usize]) -> Result<Tensor> {
    if op.is_comparison() {
        return compare_map::<bool>(op, a, b, shape);
    }
    match op {
        BinaryOp::And | BinaryOp::Mul | BinaryOp::Minimum => {
            zip_map::<bool, bool>(a, b, shape, |x, y| x & y)
        }
        BinaryOp::Or | BinaryOp::Add | BinaryOp::Maximum => {
            zip_map::<bool, bool>(a, b, shape, |x, y| x | y)
        }
        BinaryOp::Xor => zip_map::<bool, bool>(a, b, shape, |x, y| x ^ y),
        _ => {
            // Arithmetic other than add/mul on bools runs in int64, as PyTorch promotes.
            let a64 = a.to_dtype(DType::Int64);
            let b64 = b.to_dtype(DType::Int64);
            int_binary::<i64>(op, &a64, &b64, shape, DType::Int64)
        }
    }
}

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
            if dtype != DType::Float32 {
                return Tensor::full(a.shape(), Scalar::Bool(op == IsFinite), DType::Bool);
            }
            return map::<f32, bool>(a, move |x| match op {
                IsNan => x.is_nan(),
                IsInf => x.is_infinite(),
                _ => x.is_finite(),
            });
        }
        Not => {
            return match dtype {
                DType::Bool => map::<bool, bool>(a, |x| !x),
                DType::Int64 => map::<i64, i64>(a, |x| !x),
                DType::Int32 => map::<i32, i32>(a, |x| !x),
                DType::Float32 => Err(TensorError::NotImplemented(
                    "\"bitwise_not_cpu\" not implemented for 'Float'".into(),
                )),
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
    if dtype == DType::Float32 || op.is_float_only() {
        let x = a.to_dtype(DType::Float32);
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
            _ => None,
        };
        if let Some(k) = kernel {
            let mut values = x.to_vec::<f32>();
            k(&mut values);
            return Tensor::from_vec(values, x.shape());
        }
        macro_rules! run {
            ($f:expr) => {
                map::<f32, f32>(&x, $f)
            };
        }
        return match op {
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
            Square => run!(|x| x * x),
            Reciprocal => run!(|x| 1.0 / x),
            IsNan | IsInf | IsFinite | Not => run!(|x| x),
        };
    }
    // Integer and bool tensors for ops that keep the dtype.
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
        DType::Int32 => map::<i32, i32>(&as_int, |x| g(x as i64) as i32),
        _ => {
            let out = map::<i64, i64>(&as_int, g)?;
            if dtype == DType::Bool && matches!(op, Abs | Relu | Floor | Ceil | Round | Trunc) {
                return Ok(out.to_dtype(DType::Bool));
            }
            Ok(out)
        }
    }
}

pub use super::masked::{clamp, masked_fill, masked_fill_inplace, where_};
