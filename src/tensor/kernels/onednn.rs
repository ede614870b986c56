//! oneDNN (`jit_uni_eltwise_injector`, AVX2) as used by torch's GELU, one lane.

use super::sleef::cvt_rne;

/// oneDNN `exp_compute_vector_fwd`, one lane.
#[inline(always)]
fn onednn_expf(x: f32) -> f32 {
    let ln_flt_min = f32::from_bits(0xc2ae_ac50);
    let ln_flt_max = f32::from_bits(0x42b1_7218);
    let log2ef = f32::from_bits(0x3fb8_aa3b);
    let ln2f = f32::from_bits(0x3f31_7218);
    let pol = [
        0x3f7f_fffb,
        0x3eff_fee3,
        0x3e2a_ad40,
        0x3d2b_9d0d,
        0x3c07_cfce,
    ]
    .map(f32::from_bits);
    let too_small = x < ln_flt_min;
    // minps / maxps return their second operand when the first is NaN.
    let src = if x < ln_flt_max { x } else { ln_flt_max };
    let src = if src > ln_flt_min { src } else { ln_flt_min };
    let fx = (src * log2ef + 0.5).floor();
    let r = (-fx).mul_add(ln2f, src);
    let n = cvt_rne(fx - 1.0);
    let two_pow_n = if too_small {
        0.0
    } else {
        f32::from_bits((n.wrapping_add(127) as u32).wrapping_shl(23))
    };
    let mut y = pol[4];
    for &c in pol[..4].iter().rev() {
        y = y.mul_add(r, c);
    }
    y = y.mul_add(r, 1.0);
    y * two_pow_n * 2.0
}

/// oneDNN `gelu_erf_compute_vector_fwd` (Abramowitz-Stegun erf), one lane.
#[inline(always)]
pub(super) fn onednn_gelu_erf(s: f32) -> f32 {
    let x = s * f32::from_bits(0x3f35_04f3);
    let t = 1.0 / f32::from_bits(0x3ea7_ba05).mul_add(x.abs(), 1.0);
    let e = -onednn_expf(-(x * x)) * t;
    let pol = [
        0x3e82_7906,
        0xbe91_a98e,
        0x3fb5_f0e3,
        0xbfba_00e3,
        0x3f87_dc22,
    ]
    .map(f32::from_bits);
    let mut r = pol[4];
    for &c in pol[..4].iter().rev() {
        r = r.mul_add(t, c);
    }
    let erf_abs = e.mul_add(r, 1.0);
    let erf = if s.is_sign_negative() {
        -erf_abs
    } else {
        erf_abs
    };
    let half_s = s * 0.5;
    erf.mul_add(half_s, half_s)
}
