//! Exact rationals over big integers: what CPython's `statistics` computes sums and variances in
//! (`fractions.Fraction` of each value's exact ratio), and its conversions back to float, both rounded
//! correctly (`int / int` true division, and 3.11's `_float_sqrt_of_frac`).

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

#[derive(Clone, Debug)]
pub(super) struct Frac {
    pub n: BigInt,
    /// Positive, and coprime with `n`.
    pub d: BigInt,
}

impl Frac {
    pub fn new(n: BigInt, d: BigInt) -> Frac {
        let (n, d) = if d.is_negative() { (-n, -d) } else { (n, d) };
        let g = n.gcd(&d);
        if g.is_zero() || g.is_one() {
            Frac { n, d }
        } else {
            Frac {
                n: n / &g,
                d: d / &g,
            }
        }
    }

    pub fn int(i: i64) -> Frac {
        Frac {
            n: BigInt::from(i),
            d: BigInt::one(),
        }
    }

    /// The exact value of a finite float.
    pub fn float(x: f64) -> Frac {
        let bits = x.to_bits();
        let negative = bits >> 63 == 1;
        let exponent = ((bits >> 52) & 0x7ff) as i64;
        let fraction = bits & ((1u64 << 52) - 1);
        let (mantissa, exp) = if exponent == 0 {
            (fraction, -1074)
        } else {
            (fraction | (1u64 << 52), exponent - 1075)
        };
        let m = BigInt::from(mantissa);
        let m = if negative { -m } else { m };
        if exp >= 0 {
            Frac::new(m << exp as usize, BigInt::one())
        } else {
            Frac::new(m, BigInt::one() << (-exp) as usize)
        }
    }

    pub fn add(&self, o: &Frac) -> Frac {
        Frac::new(&self.n * &o.d + &o.n * &self.d, &self.d * &o.d)
    }

    pub fn sub(&self, o: &Frac) -> Frac {
        Frac::new(&self.n * &o.d - &o.n * &self.d, &self.d * &o.d)
    }

    pub fn mul(&self, o: &Frac) -> Frac {
        Frac::new(&self.n * &o.n, &self.d * &o.d)
    }

    /// `self / k` for a positive count.
    pub fn div_count(&self, k: usize) -> Frac {
        Frac::new(self.n.clone(), &self.d * BigInt::from(k))
    }

    /// The nearest float (ties to even), as Python's `int / int` gives it.
    pub fn to_f64(&self) -> f64 {
        int_ratio_to_f64(&self.n, &self.d)
    }

    pub fn is_integer(&self) -> bool {
        self.d.is_one()
    }
}

/// `a / b` rounded correctly: a quotient of 55 or 56 bits whose last bit also records a non-zero
/// remainder, converted (rounding to 53 bits) and scaled.
pub(super) fn int_ratio_to_f64(a: &BigInt, b: &BigInt) -> f64 {
    if a.is_zero() {
        return 0.0;
    }
    let negative = a.is_negative() != b.is_negative();
    let (a, b) = (a.abs(), b.abs());
    let shift = a.bits() as i64 - b.bits() as i64 - 55;
    let (num, den) = if shift > 0 {
        (a, b << shift as usize)
    } else {
        (a << (-shift) as usize, b)
    };
    let (q, r) = num.div_rem(&den);
    let mut q = q.to_u64().unwrap_or(u64::MAX);
    if !r.is_zero() {
        q |= 1;
    }
    let x = libm::ldexp(
        q as f64,
        shift.clamp(i32::MIN as i64, i32::MAX as i64) as i32,
    );
    if negative { -x } else { x }
}

/// `sqrt(n / m)` rounded correctly (CPython 3.11's `statistics._float_sqrt_of_frac`).
pub(super) fn sqrt_of_frac(n: &BigInt, m: &BigInt) -> f64 {
    // `isqrt(n // m)`, its last bit set when inexact (round to odd).
    fn isqrt_rto(n: &BigInt, m: &BigInt) -> BigInt {
        let a = (n / m).sqrt();
        if &(&a * &a * m) != n {
            a | BigInt::one()
        } else {
            a
        }
    }
    let q = (n.bits() as i64 - m.bits() as i64 - 109).div_euclid(2);
    if q >= 0 {
        let numerator = isqrt_rto(n, &(m << (2 * q) as usize)) << q as usize;
        int_ratio_to_f64(&numerator, &BigInt::one())
    } else {
        let numerator = isqrt_rto(&(n << (-2 * q) as usize), m);
        int_ratio_to_f64(&numerator, &(BigInt::one() << (-q) as usize))
    }
}
