//! The vector forms of binary ops whose `Vectorized<float>` code differs from the scalar one
//! (`BinaryOpsKernel.cpp`); the scalar forms live with the op in `ops::elementwise`.

use super::sleef::{sleef_expf_u10, sleef_log1pf_u10};

/// `logaddexp_kernel`'s vector form, bit-exact: `blendv(m + (a - b).abs().neg().exp().log1p(), a,
/// (a == b) & (a.abs() == inf))` with `m = maximum(a, b)` (NaN-propagating) and SLEEF's `expf_u10` /
/// `log1pf_u10`.
pub fn logaddexp_vec(a: f32, b: f32) -> f32 {
    if a == b && a.abs() == f32::INFINITY {
        return a;
    }
    let m = if a.is_nan() || b.is_nan() {
        f32::NAN
    } else {
        a.max(b)
    };
    m + sleef_log1pf_u10(sleef_expf_u10(-(a - b).abs()))
}
