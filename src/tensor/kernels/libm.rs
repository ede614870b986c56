//! The platform's C math library, for the ops where torch calls a `std::` function on every element
//! (`std::asinh`, `std::acosh`, `std::atanh`, `std::fmax`, `std::fmin`, `std::nextafter`): linking the same libm gives the same bits (glibc on Linux,
//! which the goldens were recorded with). Rust's own `f32::asinh` and friends use other formulas.

unsafe extern "C" {
    safe fn asinhf(x: f32) -> f32;
    safe fn acoshf(x: f32) -> f32;
    safe fn atanhf(x: f32) -> f32;
    safe fn fmaxf(x: f32, y: f32) -> f32;
    safe fn fminf(x: f32, y: f32) -> f32;
    safe fn nextafterf(x: f32, y: f32) -> f32;
    safe fn lgammaf(x: f32) -> f32;
    safe fn lgamma(x: f64) -> f64;
}

/// `std::fmax(float, float)` (torch.fmax's kernel).
pub fn libm_fmax(x: f32, y: f32) -> f32 {
    fmaxf(x, y)
}

/// `std::fmin(float, float)`.
pub fn libm_fmin(x: f32, y: f32) -> f32 {
    fminf(x, y)
}

/// `std::nextafter(float, float)`.
pub fn libm_nextafter(x: f32, y: f32) -> f32 {
    nextafterf(x, y)
}

/// `std::asinh(float)`.
pub fn libm_asinh(x: f32) -> f32 {
    asinhf(x)
}

/// `std::acosh(float)`.
pub fn libm_acosh(x: f32) -> f32 {
    acoshf(x)
}

/// `std::atanh(float)`.
pub fn libm_atanh(x: f32) -> f32 {
    atanhf(x)
}

/// `std::lgamma(float)`.
pub fn libm_lgamma(x: f32) -> f32 {
    lgammaf(x)
}

/// `std::lgamma(double)`.
pub fn libm_lgamma_f64(x: f64) -> f64 {
    lgamma(x)
}

unsafe extern "C" {
    safe fn erfcf(x: f32) -> f32;
    safe fn erfc(x: f64) -> f64;
}

/// `std::erfc(float)`.
pub fn libm_erfc(x: f32) -> f32 {
    erfcf(x)
}

/// `std::erfc(double)`.
pub fn libm_erfc_f64(x: f64) -> f64 {
    erfc(x)
}
