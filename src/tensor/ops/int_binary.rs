//! Binary ops on integer and bool tensors, as C++'s fixed-width integers compute them in ATen's kernels:
//! wrapping arithmetic, floor division and remainder with Python's signs, C's `fmod`, shifts that treat
//! an out-of-range count as ATen does, and bools that promote to int64 for arithmetic.

use super::elementwise::{BinaryOp, compare_map, zip_map};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::storage::Element;
use crate::tensor::{DType, Tensor};

pub(super) trait IntElement: Element + PartialOrd + Ord {
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
    /// ATen's `calc_gcd`: Euclid on the absolute values.
    fn gcd(self, o: Self) -> Self;
    fn wrapping_abs(self) -> Self;
    fn one() -> Self;
    /// `a << b`, 0 for a negative or too large shift (ATen's lshift_kernel).
    fn shl(self, o: Self) -> Self;
    /// `a >> b`, the sign fill for a negative or too large shift (ATen's rshift_kernel).
    fn shr(self, o: Self) -> Self;
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
            fn gcd(self, o: Self) -> Self {
                let mut a = self.wrapping_abs();
                let mut b = o.wrapping_abs();
                while a != 0 {
                    let c = a;
                    a = b.wrapping_rem(a);
                    b = c;
                }
                b
            }
            fn wrapping_abs(self) -> Self {
                <$t>::wrapping_abs(self)
            }
            fn one() -> Self {
                1
            }
            fn shl(self, o: Self) -> Self {
                if o < 0 || o >= <$t>::BITS as $t {
                    0
                } else {
                    ((self as u64) << o) as $t
                }
            }
            fn shr(self, o: Self) -> Self {
                if o < 0 || o >= <$t>::BITS as $t {
                    self >> (<$t>::BITS - 1)
                } else {
                    self >> o
                }
            }
            fn bitxor(self, o: Self) -> Self {
                self ^ o
            }
        }
    };
}
int_element!(i64);
int_element!(i32);
int_element!(i16);
int_element!(i8);

/// uint8 as ATen computes it: C++'s unsigned arithmetic, wrapping; shifts by 8 or more give 0 (left) or
/// the top bit (right), as `lshift_kernel`/`rshift_kernel` read the shift as signed.
impl IntElement for u8 {
    fn wrapping_add(self, o: Self) -> Self {
        u8::wrapping_add(self, o)
    }
    fn wrapping_sub(self, o: Self) -> Self {
        u8::wrapping_sub(self, o)
    }
    fn wrapping_mul(self, o: Self) -> Self {
        u8::wrapping_mul(self, o)
    }
    fn div_floor(self, o: Self) -> Option<Self> {
        self.checked_div(o)
    }
    fn rem_floor(self, o: Self) -> Option<Self> {
        self.checked_rem(o)
    }
    fn rem_trunc(self, o: Self) -> Option<Self> {
        self.checked_rem(o)
    }
    fn pow(self, o: Self) -> Self {
        self.wrapping_pow(u32::from(o))
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
    fn gcd(self, o: Self) -> Self {
        let (mut a, mut b) = (self, o);
        while a != 0 {
            let c = a;
            a = b % a;
            b = c;
        }
        b
    }
    fn wrapping_abs(self) -> Self {
        self
    }
    fn one() -> Self {
        1
    }
    fn shl(self, o: Self) -> Self {
        if (o as i8) < 0 || o >= 8 {
            0
        } else {
            self << o
        }
    }
    fn shr(self, o: Self) -> Self {
        if (o as i8) < 0 || o >= 8 {
            self >> 7
        } else {
            self >> o
        }
    }
}

pub(super) fn int_binary<T: IntElement>(
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
        BinaryOp::Gcd => run!(T::gcd),
        BinaryOp::Lcm => run!(|x: T, y: T| {
            let g = x.gcd(y);
            if g == T::default() {
                g
            } else {
                x.div_floor(g)
                    .unwrap_or_default()
                    .wrapping_mul(y)
                    .wrapping_abs()
            }
        }),
        BinaryOp::Shl => run!(T::shl),
        BinaryOp::Shr => run!(T::shr),
        BinaryOp::Fmax => run!(|x: T, y: T| if x >= y { x } else { y }),
        BinaryOp::Fmin => run!(|x: T, y: T| if x <= y { x } else { y }),
        BinaryOp::Heaviside => run!(|x: T, y: T| {
            if x == T::default() {
                y
            } else if x > T::default() {
                T::one()
            } else {
                T::default()
            }
        }),
        _ => Err(TensorError::runtime("internal: unsupported int op")),
    }
}

pub(super) fn bool_binary(op: BinaryOp, a: &Tensor, b: &Tensor, shape: &[usize]) -> Result<Tensor> {
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
        BinaryOp::Fmin => zip_map::<bool, bool>(a, b, shape, |x, y| x & y),
        BinaryOp::Fmax | BinaryOp::Heaviside => zip_map::<bool, bool>(a, b, shape, |x, y| x | y),
        _ => {
            // Arithmetic other than add/mul on bools runs in int64, as PyTorch promotes.
            let a64 = a.to_dtype(DType::Int64);
            let b64 = b.to_dtype(DType::Int64);
            int_binary::<i64>(op, &a64, &b64, shape, DType::Int64)
        }
    }
}
