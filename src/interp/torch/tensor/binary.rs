//! The binary ops without a Python operator of their own (`atan2`, `hypot`, `logaddexp`, `gcd`, the
//! shifts, ...): each a function, a method and, where torch has one, an in-place method.

use crate::interp::error::{PyResult, type_error};
use crate::interp::value::Value;
use crate::tensor::BinaryOp;
use crate::tensor::ops::elementwise::binary;

use super::super::call::{Call, Def};
use super::math::{inplace, t, value};
use super::ops::operand;

/// `op(input, other)` for ops without a Python operator: numbers on either side are scalar operands.
fn binary_call(c: &Call, kind: BinaryOp) -> PyResult<Value> {
    let (a, b) = (value(c, 0)?, value(c, 1)?);
    let (Some(x), Some(y)) = (operand(&a), operand(&b)) else {
        return Err(type_error("internal: not an operand"));
    };
    t(binary(kind, x, y)?)
}

/// `op(input, other)` and its in-place method for a binary op without an operator; `sigs` are the
/// function's, `inplace` the method's.
macro_rules! binary_defs {
    ($name:literal, $kind:ident, [$($sig:literal),+]) => {
        &[Def::both($name, &[$($sig),+], |_, c| binary_call(c, BinaryOp::$kind))]
    };
    ($name:literal, $kind:ident, [$($sig:literal),+], [$($isig:literal),+]) => {
        &[
            Def::both($name, &[$($sig),+], |_, c| binary_call(c, BinaryOp::$kind)),
            Def::method(concat!($name, "_"), &[$($isig),+], |_, c| inplace(c, BinaryOp::$kind)),
        ]
    };
}

/// The binary ops that came with the API sweep: each a function, a method and an in-place method.
pub(super) static BINARY_DEFS: &[&[Def]] = &[
    binary_defs!(
        "atan2",
        Atan2,
        ["atan2(Tensor input, Tensor other, *, Tensor out=None)"],
        ["atan2_(Tensor input, Tensor other)"]
    ),
    binary_defs!(
        "arctan2",
        Atan2,
        ["arctan2(Tensor input, Tensor other, *, Tensor out=None)"],
        ["arctan2_(Tensor input, Tensor other)"]
    ),
    binary_defs!(
        "hypot",
        Hypot,
        ["hypot(Tensor input, Tensor other, *, Tensor out=None)"],
        ["hypot_(Tensor input, Tensor other)"]
    ),
    binary_defs!(
        "copysign",
        Copysign,
        [
            "copysign(Tensor input, Tensor other, *, Tensor out=None)",
            "copysign(Tensor input, Scalar other, *, Tensor out=None)"
        ],
        [
            "copysign_(Tensor input, Tensor other)",
            "copysign_(Tensor input, Scalar other)"
        ]
    ),
    binary_defs!(
        "logaddexp",
        LogAddExp,
        ["logaddexp(Tensor input, Tensor other, *, Tensor out=None)"]
    ),
    binary_defs!(
        "logaddexp2",
        LogAddExp2,
        ["logaddexp2(Tensor input, Tensor other, *, Tensor out=None)"]
    ),
    binary_defs!(
        "xlogy",
        Xlogy,
        [
            "xlogy(Tensor input, Tensor other, *, Tensor out=None)",
            "xlogy(Scalar self, Tensor other, *, Tensor out=None)",
            "xlogy(Tensor input, Scalar other, *, Tensor out=None)"
        ],
        [
            "xlogy_(Tensor input, Tensor other)",
            "xlogy_(Tensor input, Scalar other)"
        ]
    ),
    binary_defs!(
        "fmax",
        Fmax,
        ["fmax(Tensor input, Tensor other, *, Tensor out=None)"]
    ),
    binary_defs!(
        "fmin",
        Fmin,
        ["fmin(Tensor input, Tensor other, *, Tensor out=None)"]
    ),
    binary_defs!(
        "nextafter",
        NextAfter,
        ["nextafter(Tensor input, Tensor other, *, Tensor out=None)"],
        ["nextafter_(Tensor input, Tensor other)"]
    ),
    binary_defs!(
        "igamma",
        Igamma,
        ["igamma(Tensor input, Tensor other, *, Tensor out=None)"],
        ["igamma_(Tensor input, Tensor other)"]
    ),
    binary_defs!(
        "igammac",
        Igammac,
        ["igammac(Tensor input, Tensor other, *, Tensor out=None)"],
        ["igammac_(Tensor input, Tensor other)"]
    ),
    binary_defs!(
        "heaviside",
        Heaviside,
        ["heaviside(Tensor input, Tensor values, *, Tensor out=None)"],
        ["heaviside_(Tensor input, Tensor values)"]
    ),
    binary_defs!(
        "gcd",
        Gcd,
        ["gcd(Tensor input, Tensor other, *, Tensor out=None)"],
        ["gcd_(Tensor input, Tensor other)"]
    ),
    binary_defs!(
        "lcm",
        Lcm,
        ["lcm(Tensor input, Tensor other, *, Tensor out=None)"],
        ["lcm_(Tensor input, Tensor other)"]
    ),
    binary_defs!(
        "bitwise_xor",
        Xor,
        [
            "bitwise_xor(Tensor input, Tensor other, *, Tensor out=None)",
            "bitwise_xor(Scalar self, Tensor other)",
            "bitwise_xor(Tensor input, Scalar other, *, Tensor out=None)"
        ],
        [
            "bitwise_xor_(Tensor input, Tensor other)",
            "bitwise_xor_(Tensor input, Scalar other)"
        ]
    ),
    binary_defs!(
        "bitwise_left_shift",
        Shl,
        [
            "bitwise_left_shift(Tensor input, Tensor other, *, Tensor out=None)",
            "bitwise_left_shift(Scalar self, Tensor other)",
            "bitwise_left_shift(Tensor input, Scalar other, *, Tensor out=None)"
        ],
        [
            "bitwise_left_shift_(Tensor input, Tensor other)",
            "bitwise_left_shift_(Tensor input, Scalar other)"
        ]
    ),
    binary_defs!(
        "bitwise_right_shift",
        Shr,
        [
            "bitwise_right_shift(Tensor input, Tensor other, *, Tensor out=None)",
            "bitwise_right_shift(Scalar self, Tensor other)",
            "bitwise_right_shift(Tensor input, Scalar other, *, Tensor out=None)"
        ],
        [
            "bitwise_right_shift_(Tensor input, Tensor other)",
            "bitwise_right_shift_(Tensor input, Scalar other)"
        ]
    ),
];
