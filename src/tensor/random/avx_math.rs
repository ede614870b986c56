//! One lane of `log256_ps` / `sincos256_ps` from PyTorch's
//! `aten/src/ATen/native/cpu/avx_mathfun.h` (Cephes polynomials), with FMAs
//! exactly where GCC contracts the intrinsics in PyTorch's AVX2 build.

// The C source writes these as double literals stored into float arrays,
// hence `f64 as f32` (decimal -> double -> float, like the C compiler).
// cephes_SQRTHF = 0.707106781186547524, the same double as FRAC_1_SQRT_2.
const SQRTHF: f32 = std::f64::consts::FRAC_1_SQRT_2 as f32;
const LOG_P: [f32; 9] = [
    7.0376836292E-2_f64 as f32,
    -1.1514610310E-1_f64 as f32,
    1.1676998740E-1_f64 as f32,
    -1.2420140846E-1_f64 as f32,
    1.4249322787E-1_f64 as f32,
    -1.6668057665E-1_f64 as f32,
    2.0000714765E-1_f64 as f32,
    -2.4999993993E-1_f64 as f32,
    3.3333331174E-1_f64 as f32,
];
const LOG_Q1: f32 = -2.12194440e-4_f64 as f32;
const LOG_Q2: f32 = 0.693359375_f64 as f32;
const MIN_NORM_POS: u32 = 0x0080_0000;

const MINUS_DP1: f32 = -0.78515625_f64 as f32;
const MINUS_DP2: f32 = -2.4187564849853515625e-4_f64 as f32;
const MINUS_DP3: f32 = -3.77489497744594108e-8_f64 as f32;
const SINCOF_P0: f32 = -1.9515295891E-4_f64 as f32;
const SINCOF_P1: f32 = 8.3321608736E-3_f64 as f32;
const SINCOF_P2: f32 = -1.6666654611E-1_f64 as f32;
const COSCOF_P0: f32 = 2.443315711809948E-005_f64 as f32;
const COSCOF_P1: f32 = -1.388731625493765E-003_f64 as f32;
const COSCOF_P2: f32 = 4.166664568298827E-002_f64 as f32;
const FOPI: f32 = 1.27323954473516_f64 as f32;
const SIGN: u32 = 0x8000_0000;

/// `_mm256_set1_ps(2.0f * c10::pi<double>)`.
pub(super) const TWO_PI: f32 = (2.0 * std::f64::consts::PI) as f32;

/// `log256_ps` for one lane.
#[inline(always)]
pub(super) fn log(x: f32) -> f32 {
    // Non-positive (and NaN) inputs give NaN, as the `invalid_mask` OR does.
    if x.is_nan() || x <= 0.0 {
        return f32::NAN;
    }
    // _mm256_max_ps(x, min_norm_pos): cut off denormals.
    let min = f32::from_bits(MIN_NORM_POS);
    let x = if x > min { x } else { min };
    let bits = x.to_bits();
    let exponent = (bits >> 23) as i32 - 0x7f;
    // Keep the mantissa, force the exponent of 0.5: x in [0.5, 1).
    let mut x = f32::from_bits((bits & !0x7f80_0000) | 0.5f32.to_bits());
    let mut e = exponent as f32 + 1.0;
    let small = x < SQRTHF;
    let tmp = if small { x } else { 0.0 };
    x -= 1.0;
    e -= if small { 1.0 } else { 0.0 };
    x += tmp;
    let z = x * x;
    let mut y = LOG_P[0];
    for &p in &LOG_P[1..] {
        y = y.mul_add(x, p);
    }
    y *= x;
    y = y.mul_add(z, e * LOG_Q1);
    y = (-z).mul_add(0.5, y);
    e.mul_add(LOG_Q2, x + y)
}

/// `sincos256_ps` for one lane: returns `(sin, cos)`.
#[inline(always)]
pub(super) fn sincos(x: f32) -> (f32, f32) {
    let mut sign_sin = x.to_bits() & SIGN;
    let mut x = f32::from_bits(x.to_bits() & !SIGN);
    // _mm256_cvttps_epi32 truncates; the inputs here are in [0, 2 pi).
    let mut j = (x * FOPI) as i32;
    j = j.wrapping_add(1) & !1;
    let y = j as f32;
    let swap_sign_sin = ((j & 4) as u32) << 29;
    let use_sin_poly = j & 2 == 0;
    // Extended precision modular arithmetic: x = ((x - y DP1) - y DP2) - y DP3.
    x = y.mul_add(MINUS_DP1, x);
    x = y.mul_add(MINUS_DP2, x);
    x = y.mul_add(MINUS_DP3, x);
    let sign_cos = ((!j.wrapping_sub(2) & 4) as u32) << 29;
    sign_sin ^= swap_sign_sin;

    let z = x * x;
    let mut yc = COSCOF_P0;
    yc = yc.mul_add(z, COSCOF_P1);
    yc = yc.mul_add(z, COSCOF_P2);
    yc *= z;
    yc = yc.mul_add(z, -(z * 0.5));
    yc += 1.0;

    let mut ys = SINCOF_P0;
    ys = ys.mul_add(z, SINCOF_P1);
    ys = ys.mul_add(z, SINCOF_P2);
    ys *= z;
    ys = ys.mul_add(x, x);

    // Select the polynomials with the same and/andnot/sub/add sequence.
    let (ysin2, ysin1) = if use_sin_poly { (ys, 0.0) } else { (0.0, yc) };
    let ys = ys - ysin2;
    let yc = yc - ysin1;
    let s = ysin1 + ysin2;
    let c = yc + ys;
    (
        f32::from_bits(s.to_bits() ^ sign_sin),
        f32::from_bits(c.to_bits() ^ sign_cos),
    )
}
