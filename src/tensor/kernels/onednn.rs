//! oneDNN (`jit_uni_eltwise_injector`, v3.13) as used by torch's GELU, one lane.
//!
//! oneDNN picks its kernel by the CPU it runs on, whatever `ATEN_CPU_CAPABILITY` says. The engine
//! follows an AVX2 CPU, like the rest of its kernels (and the golden outputs): `gelu_erf` is the
//! Abramowitz-Stegun formula with oneDNN's own exp ([`onednn_gelu_erf`]). A CPU with AVX-512 runs a
//! piecewise minimax polynomial instead ([`onednn_gelu_erf_avx512`], kept for the tests that pin
//! down that difference): torch prints `F.gelu(torch.tensor([3., 1.]))[0]` as 2.9960 on the first
//! and 2.9959 on the second. Reference data for the AVX2 kernel must be recorded with
//! `ONEDNN_MAX_CPU_ISA=AVX2` on an AVX-512 machine.

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

/// `gelu_erf_minimax_pol`: six rows (degree 0 to 5) of 32 polynomials (25 used, padded).
#[cfg(test)]
const GELU_ERF_MINIMAX_POL: [[u32; 32]; 6] = [
    [
        0xa6f2_cb94,
        0x3282_7792,
        0x3381_cc0c,
        0x3452_3d4a,
        0x351a_c44d,
        0x35f3_6d88,
        0x36ee_8229,
        0x37b8_a3bb,
        0x3867_a213,
        0x3940_033b,
        0x3a2a_5a1d,
        0x3ae3_5863,
        0x3b78_28f2,
        0x3c08_b14b,
        0x3c51_5ed3,
        0xbb50_3236,
        0xbd8d_8e5e,
        0xbe8a_bcd9,
        0xbf0c_19a2,
        0xbecc_b328,
        0x3e17_6ced,
        0x3f47_0d99,
        0x3f7a_bb28,
        0x3f80_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ],
    [
        0x3f4c_422a,
        0x3f4c_421f,
        0x3f4c_4207,
        0x3f4c_41cb,
        0x3f4c_413b,
        0x3f4c_3fad,
        0x3f4c_3a2f,
        0x3f4c_2d40,
        0x3f4c_146a,
        0x3f4b_c341,
        0x3f4a_d08c,
        0x3f48_f8cf,
        0x3f45_fac7,
        0x3f40_4e07,
        0x3f3b_980f,
        0x3f48_dff3,
        0x3f78_b21b,
        0x3fbb_0704,
        0x4001_9c32,
        0x3fe5_36d6,
        0x3f81_331e,
        0x3e6c_8684,
        0x3c98_f936,
        0x0000_0000,
        0x3f80_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ],
    [
        0xb621_73f4,
        0x3735_e4cf,
        0x37f2_ff89,
        0x388c_23be,
        0x3917_535c,
        0x39ab_2ab0,
        0x3a60_fadb,
        0x3af9_b960,
        0x3b6e_5491,
        0x3c0a_4ec5,
        0x3ca5_aa8c,
        0x3d21_38d9,
        0x3d87_37d4,
        0x3ddf_b660,
        0x3e0f_27ab,
        0x3d94_004b,
        0xbe0e_fdeb,
        0xbf1d_96c3,
        0xbf89_db58,
        0xbf6d_9897,
        0xbef6_9fb8,
        0xbdc4_f8a8,
        0xbbde_6422,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ],
    [
        0xbe08_1a19,
        0xbe08_4570,
        0xbe08_639b,
        0xbe08_9837,
        0xbe08_f409,
        0xbe09_ab95,
        0xbe0b_66d0,
        0xbe0e_400a,
        0xbe12_4df8,
        0xbe1b_de02,
        0xbe2f_19c9,
        0xbe49_31bf,
        0xbe68_5fbc,
        0xbe89_c95f,
        0xbe96_cbca,
        0xbe80_44aa,
        0xbe05_50f2,
        0x3dcf_d6a1,
        0x3e94_c826,
        0x3e79_345f,
        0x3dec_ec91,
        0x3ca4_6568,
        0x3aa1_e00a,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ],
    [
        0xba3d_61db,
        0x39f0_97a3,
        0x3a58_45dc,
        0x3ab1_fa35,
        0x3b0c_efb8,
        0x3b65_3ab6,
        0x3bca_e527,
        0x3c22_1712,
        0x3c6c_5840,
        0x3cc0_a703,
        0x3d1d_cc19,
        0x3d63_656d,
        0x3d95_5907,
        0x3dbf_9910,
        0x3dd5_3f69,
        0x3db7_dcef,
        0x3d63_9ebe,
        0xba6e_de48,
        0xbd22_be69,
        0xbd04_1cf1,
        0xbc64_f5ab,
        0xbb09_7a32,
        0xb8eb_f380,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ],
    [
        0x3cb7_d80c,
        0x3c9b_6050,
        0x3c97_8d11,
        0x3c92_e850,
        0x3c8d_058b,
        0x3c84_8454,
        0x3c6c_d623,
        0x3c4c_824b,
        0x3c2a_7935,
        0x3be0_b390,
        0x3b06_51ac,
        0xbb23_2f53,
        0xbbd4_2fa0,
        0xbc2c_5366,
        0xbc49_2c9e,
        0xbc2a_7aa6,
        0xbbd5_5d04,
        0xba82_3a76,
        0x3b10_2aa8,
        0x3ae2_5a7e,
        0x3a31_f792,
        0x38b8_4375,
        0x3689_bb5a,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
        0x0000_0000,
    ],
];

/// oneDNN `gelu_erf_minimax_approx_compute_vector_fwd` (AVX-512 kernels), one lane:
/// `x * (1 + erf(x / sqrt 2)) * 0.5` with erf from one of 25 degree-5 polynomials in `|x|`,
/// picked by `|x|`'s exponent and two mantissa bits.
#[cfg(test)]
pub(super) fn onednn_gelu_erf_avx512(x: f32) -> f32 {
    let x_pos = x.abs();
    // vpaddd with the bias, vpsrad by 21, then clamped to [1, 24] (vpmaxsd / vpminsd).
    let mut index =
        ((x_pos.to_bits() as i32).wrapping_add(0xc21f_ffff_u32 as i32) >> 21).clamp(1, 24);
    // `rbound < x_pos` (ordered, so a NaN keeps its index): erf is ±1 from there on.
    if f32::from_bits(0x40b1_5cee) < x_pos {
        index = 23;
    }
    let i = index as usize;
    let coeff = |degree: usize| f32::from_bits(GELU_ERF_MINIMAX_POL[degree][i]);
    let mut pol = coeff(5);
    for degree in (0..5).rev() {
        pol = pol.mul_add(x_pos, coeff(degree));
    }
    let erf = f32::from_bits(pol.to_bits() ^ (x.to_bits() & 0x8000_0000));
    x * (erf + 1.0) * 0.5
}
