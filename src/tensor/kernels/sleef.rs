//! SLEEF 3.x single precision, AVX2 build (vmla = FMA), one lane: torch's
//! `Vectorized<float>::exp()` and `log()`.

pub(super) const R_LN2F: f32 = f32::from_bits(0x3fb8_aa3b); // 1.44269504... (1/ln 2)
pub(super) const L2UF: f32 = f32::from_bits(0x3f31_7200); // 0.693145751953125
pub(super) const L2LF: f32 = f32::from_bits(0x35bf_be8e); // 1.428606765330187045e-6

/// `_mm256_cvtps_epi32`: round half to even; out of range or NaN gives `i32::MIN`.
#[inline(always)]
pub(super) fn cvt_rne(x: f32) -> i32 {
    let r = x.round_ties_even();
    if (-2_147_483_648.0..2_147_483_648.0).contains(&r) {
        r as i32
    } else {
        i32::MIN
    }
}

/// `vpow2i_vf_vi2`: 2^q built in the exponent field (wrapping like the SIMD code).
#[inline(always)]
fn pow2i(q: i32) -> f32 {
    f32::from_bits((q.wrapping_add(0x7f) as u32).wrapping_shl(23))
}

/// `vldexp2_vf_vf_vi2`.
#[inline(always)]
fn ldexp2(d: f32, e: i32) -> f32 {
    d * pow2i(e >> 1) * pow2i(e.wrapping_sub(e >> 1))
}

/// `Sleef_expf8_u10` (`xexpf`), i.e. torch's `Vectorized<float>::exp()`.
#[inline(always)]
pub(super) fn sleef_expf_u10(d: f32) -> f32 {
    let q = cvt_rne(d * R_LN2F);
    let qf = q as f32;
    let mut s = qf.mul_add(-L2UF, d);
    s = qf.mul_add(-L2LF, s);
    let mut u = f32::from_bits(0x3950_2bda); // 0.000198527617612853646278381
    u = u.mul_add(s, f32::from_bits(0x3ab6_96c9)); // 0.00139304355252534151077271
    u = u.mul_add(s, f32::from_bits(0x3c08_88a6)); // 0.00833336077630519866943359
    u = u.mul_add(s, f32::from_bits(0x3d2a_aa7a)); // 0.0416664853692054748535156
    u = u.mul_add(s, f32::from_bits(0x3e2a_aaab)); // 0.166666671633720397949219
    u = u.mul_add(s, 0.5);
    u = 1.0 + (s * s).mul_add(u, s);
    u = ldexp2(u, q);
    if d < -104.0 {
        u = 0.0;
    }
    if 100.0 < d {
        u = f32::INFINITY;
    }
    u
}

/// A float-float value of SLEEF's `df.h`.
#[derive(Clone, Copy)]
struct F2 {
    x: f32,
    y: f32,
}

#[inline(always)]
fn df_add2_f_f(x: f32, y: f32) -> F2 {
    let rx = x + y;
    let v = rx - x;
    F2 {
        x: rx,
        y: (x - (rx - v)) + (y - v),
    }
}

#[inline(always)]
fn df_add_f2_f2(x: F2, y: F2) -> F2 {
    let rx = x.x + y.x;
    F2 {
        x: rx,
        y: (((x.x - rx) + y.x) + x.y) + y.y,
    }
}

#[inline(always)]
fn df_add_f2_f(x: F2, y: f32) -> F2 {
    let rx = x.x + y;
    F2 {
        x: rx,
        y: ((x.x - rx) + y) + x.y,
    }
}

#[inline(always)]
fn df_scale(d: F2, s: f32) -> F2 {
    F2 {
        x: d.x * s,
        y: d.y * s,
    }
}

#[inline(always)]
fn df_mul_f2_f(x: F2, y: f32) -> F2 {
    let rx = x.x * y;
    F2 {
        x: rx,
        y: x.y.mul_add(y, x.x.mul_add(y, -rx)),
    }
}

#[inline(always)]
fn df_div(n: F2, d: F2) -> F2 {
    let t = 1.0 / d.x;
    let qx = n.x * t;
    let u = t.mul_add(n.x, -qx);
    let qy = (-d.y).mul_add(t, (-d.x).mul_add(t, 1.0));
    F2 {
        x: qx,
        y: qx.mul_add(qy, n.y.mul_add(t, u)),
    }
}

/// `vilogb2k_vi2_vf`: raw exponent field minus 127.
#[inline(always)]
fn ilogb2k(d: f32) -> i32 {
    ((d.to_bits() >> 23) & 0xff) as i32 - 0x7f
}

/// `vldexp3_vf_vf_vi2`: adds `q` to the exponent field.
#[inline(always)]
fn ldexp3(d: f32, q: i32) -> f32 {
    f32::from_bits((d.to_bits() as i32).wrapping_add(q.wrapping_shl(23)) as u32)
}

/// `Sleef_logf8_u10` (`xlogf_u1`), i.e. torch's `Vectorized<float>::log()`.
#[inline(always)]
pub(super) fn sleef_logf_u10(d0: f32) -> f32 {
    let tiny = d0 < f32::MIN_POSITIVE;
    let d = if tiny {
        d0 * (4_294_967_296.0f32 * 4_294_967_296.0f32)
    } else {
        d0
    };
    let mut e = ilogb2k(d * (1.0f32 / 0.75f32));
    let m = ldexp3(d, e.wrapping_neg());
    if tiny {
        e = e.wrapping_sub(64);
    }
    let ln2 = F2 {
        x: f32::from_bits(0x3f31_7218), // 0.69314718246459960938
        y: f32::from_bits(0xb102_e308), // -1.904654323148236017e-9
    };
    let s = df_mul_f2_f(ln2, e as f32);
    let x = df_div(df_add2_f_f(-1.0, m), df_add2_f_f(1.0, m));
    let x2 = x.x * x.x;
    let mut t = f32::from_bits(0x3e9a_ff5c); // 0.3027294874
    t = t.mul_add(x2, f32::from_bits(0x3ecc_99ca)); // 0.3996108174
    t = t.mul_add(x2, f32::from_bits(0x3f2a_aada)); // 0.6666694880
    let s = df_add_f2_f2(s, df_scale(x, 2.0));
    let s = df_add_f2_f(s, x2 * x.x * t);
    let mut r = s.x + s.y;
    if d == f32::INFINITY {
        r = f32::INFINITY;
    }
    if d < 0.0 || d.is_nan() {
        r = f32::NAN;
    }
    if d == 0.0 {
        r = f32::NEG_INFINITY;
    }
    r
}

/// torch's `Vectorized<float>::exp()` (SLEEF `Sleef_expf8_u10`) applied to each element,
/// for building other torch vector kernels. Not what `torch.exp` computes (see [`exp`]).
pub fn vec_exp(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = sleef_expf_u10(*x);
    }
}

/// torch's `Vectorized<float>::log()` (SLEEF `Sleef_logf8_u10`) applied to each element.
/// Not what `torch.log` computes (see [`log`]).
pub fn vec_log(xs: &mut [f32]) {
    for x in xs.iter_mut() {
        *x = sleef_logf_u10(*x);
    }
}
