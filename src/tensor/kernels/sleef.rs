//! SLEEF 3.x single precision, AVX2 build (vmla = FMA), one lane: torch's
//! `Vectorized<float>::exp()` and `log()`, `expm1`, `log1p`, `tanh`, `sin`/`cos` (small
//! arguments), `pow` and `atan2`.

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
pub(super) fn pow2i(q: i32) -> f32 {
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
pub(super) struct F2 {
    pub(super) x: f32,
    pub(super) y: f32,
}

#[inline(always)]
pub(super) fn df_add2_f_f(x: f32, y: f32) -> F2 {
    let rx = x + y;
    let v = rx - x;
    F2 {
        x: rx,
        y: (x - (rx - v)) + (y - v),
    }
}

#[inline(always)]
pub(super) fn df_add_f2_f2(x: F2, y: F2) -> F2 {
    let rx = x.x + y.x;
    F2 {
        x: rx,
        y: (((x.x - rx) + y.x) + x.y) + y.y,
    }
}

#[inline(always)]
pub(super) fn df_add_f2_f(x: F2, y: f32) -> F2 {
    let rx = x.x + y;
    F2 {
        x: rx,
        y: ((x.x - rx) + y) + x.y,
    }
}

#[inline(always)]
pub(super) fn df_scale(d: F2, s: f32) -> F2 {
    F2 {
        x: d.x * s,
        y: d.y * s,
    }
}

#[inline(always)]
pub(super) fn df_mul_f2_f(x: F2, y: f32) -> F2 {
    let rx = x.x * y;
    F2 {
        x: rx,
        y: x.y.mul_add(y, x.x.mul_add(y, -rx)),
    }
}

#[inline(always)]
pub(super) fn df_div(n: F2, d: F2) -> F2 {
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

/// The argument reduction of SLEEF's float logs: `d = m * 2^e` with `m` in [0.75, 1.5), subnormal `d`
/// scaled by 2^64 first.
#[inline(always)]
fn log_reduce(d: f32) -> (f32, i32) {
    let tiny = d < f32::MIN_POSITIVE;
    let d = if tiny {
        d * (4_294_967_296.0f32 * 4_294_967_296.0f32)
    } else {
        d
    };
    let e = ilogb2k(d * (1.0f32 / 0.75f32));
    let m = ldexp3(d, e.wrapping_neg());
    (m, if tiny { e.wrapping_sub(64) } else { e })
}

/// `Sleef_logf8_u10` (`xlogf_u1`), i.e. torch's `Vectorized<float>::log()`.
#[inline(always)]
pub(super) fn sleef_logf_u10(d: f32) -> f32 {
    let (m, e) = log_reduce(d);
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

// ---------------------------------------------------------------------------------------
// More of SLEEF's float-float arithmetic (`src/common/df.h`, the `ENABLE_FMA_SP` variants
// that the AVX2 build compiles), for `expm1`, `log1p` and `tanh`.

/// `dfadd_vf2_vf_vf`.
#[inline(always)]
pub(super) fn df_add_f_f(x: f32, y: f32) -> F2 {
    let s = x + y;
    F2 {
        x: s,
        y: (x - s) + y,
    }
}

/// `dfadd_vf2_vf_vf2`.
#[inline(always)]
pub(super) fn df_add_f_f2(x: f32, y: F2) -> F2 {
    let s = x + y.x;
    F2 {
        x: s,
        y: ((x - s) + y.x) + y.y,
    }
}

/// `dfadd2_vf2_vf2_vf`.
#[inline(always)]
pub(super) fn df_add2_f2_f(x: F2, y: f32) -> F2 {
    let s = x.x + y;
    let v = s - x.x;
    let t = (x.x - (s - v)) + (y - v);
    F2 { x: s, y: t + x.y }
}

/// `dfadd2_vf2_vf2_vf2`.
#[inline(always)]
pub(super) fn df_add2_f2_f2(x: F2, y: F2) -> F2 {
    let s = x.x + y.x;
    let v = s - x.x;
    let t = (x.x - (s - v)) + (y.x - v);
    F2 {
        x: s,
        y: t + (x.y + y.y),
    }
}

/// `dfneg_vf2_vf2`.
#[inline(always)]
pub(super) fn df_neg(x: F2) -> F2 {
    F2 { x: -x.x, y: -x.y }
}

/// `dfmul_vf2_vf2_vf2`.
#[inline(always)]
pub(super) fn df_mul_f2_f2(x: F2, y: F2) -> F2 {
    let s = x.x * y.x;
    F2 {
        x: s,
        y: x.x.mul_add(y.y, x.y.mul_add(y.x, x.x.mul_add(y.x, -s))),
    }
}

/// `dfsqu_vf2_vf2`.
#[inline(always)]
pub(super) fn df_squ(x: F2) -> F2 {
    let s = x.x * x.x;
    F2 {
        x: s,
        y: (x.x + x.x).mul_add(x.y, x.x.mul_add(x.x, -s)),
    }
}

/// `dfrec_vf2_vf2`.
#[inline(always)]
fn df_rec(d: F2) -> F2 {
    let s = 1.0 / d.x;
    F2 {
        x: s,
        y: s * (-d.y).mul_add(s, (-d.x).mul_add(s, 1.0)),
    }
}

/// `expk2f`: e^d for a float-float d, as a float-float.
#[inline(always)]
fn expk2f(d: F2) -> F2 {
    let q = cvt_rne((d.x + d.y) * R_LN2F);
    let qf = q as f32;
    // SLEEF is built with -ffp-contract=off: the products below are separate roundings.
    let mut s = df_add2_f2_f(d, qf * -L2UF);
    s = df_add2_f2_f(s, qf * -L2LF);
    let mut u = f32::from_bits(0x394f_b7ff); // 0.1980960224e-3
    u = u.mul_add(s.x, f32::from_bits(0x3ab6_bf7c)); // 0.1394256484e-2
    u = u.mul_add(s.x, f32::from_bits(0x3c08_890d)); // 0.8333456703e-2
    u = u.mul_add(s.x, f32::from_bits(0x3d2a_aa5c)); // 0.4166637361e-1
    let mut t = df_add2_f2_f(df_mul_f2_f(s, u), f32::from_bits(0x3e2a_aaaa)); // 0.1666666594
    t = df_add2_f2_f(df_mul_f2_f2(s, t), 0.5);
    t = df_add2_f2_f2(s, df_mul_f2_f2(df_squ(s), t));
    t = df_add_f_f2(1.0, t);
    let mut r = F2 {
        x: ldexp2(t.x, q),
        y: ldexp2(t.y, q),
    };
    if d.x < -104.0 {
        r = F2 { x: 0.0, y: 0.0 };
    }
    r
}

/// `Sleef_expm1f8_u10` (`xexpm1f`), i.e. torch's `Vectorized<float>::expm1()`.
#[inline(always)]
pub(super) fn sleef_expm1f_u10(a: f32) -> f32 {
    let d = df_add2_f2_f(expk2f(F2 { x: a, y: 0.0 }), -1.0);
    let mut x = d.x + d.y;
    if a > f32::from_bits(0x42b1_7217) {
        // 88.72283172607421875
        x = f32::INFINITY;
    }
    if a < f32::from_bits(0xc185_1592) {
        // -16.635532333438687426013570
        x = -1.0;
    }
    if a.to_bits() == 0x8000_0000 {
        x = -0.0;
    }
    x
}

/// `Sleef_log1pf8_u10` (`xlog1pf`, the branch without AVX-512), i.e. torch's
/// `Vectorized<float>::log1p()`.
#[inline(always)]
pub(super) fn sleef_log1pf_u10(d: f32) -> f32 {
    let mut dp1 = d + 1.0;
    let tiny = dp1 < f32::MIN_POSITIVE;
    if tiny {
        dp1 *= 4_294_967_296.0f32 * 4_294_967_296.0f32;
    }
    let mut e = ilogb2k(dp1 * (1.0f32 / 0.75f32));
    let t = ldexp3(1.0, e.wrapping_neg());
    let m = d.mul_add(t, t - 1.0);
    if tiny {
        e = e.wrapping_sub(64);
    }
    let ln2 = F2 {
        x: f32::from_bits(0x3f31_7218), // 0.69314718246459960938
        y: f32::from_bits(0xb102_e308), // -1.904654323148236017e-9
    };
    let s = df_mul_f2_f(ln2, e as f32);
    let x = df_div(F2 { x: m, y: 0.0 }, df_add_f_f(2.0, m));
    let x2 = x.x * x.x;
    let mut t = f32::from_bits(0x3e9a_ff5c); // 0.3027294874
    t = t.mul_add(x2, f32::from_bits(0x3ecc_99ca)); // 0.3996108174
    t = t.mul_add(x2, f32::from_bits(0x3f2a_aada)); // 0.6666694880
    let s = df_add_f2_f2(s, df_scale(x, 2.0));
    let s = df_add_f2_f(s, x2 * x.x * t);
    let mut r = s.x + s.y;
    // LOG1PF_BOUND (0x1.2ced32p+126): above it (and for NaN) SLEEF takes log(d) instead.
    if d > f32::from_bits(0x7e96_7699) || d.is_nan() {
        r = sleef_logf_u10(d);
    }
    if -1.0 > d {
        r = f32::NAN;
    }
    if d == -1.0 {
        r = f32::NEG_INFINITY;
    }
    if d.to_bits() == 0x8000_0000 {
        r = -0.0;
    }
    r
}

/// `Sleef_tanhf8_u10` (`xtanhf`), i.e. torch's `Vectorized<float>::tanh()`.
#[inline(always)]
pub(super) fn sleef_tanhf_u10(x: f32) -> f32 {
    let d = expk2f(F2 { x: x.abs(), y: 0.0 });
    let e = df_rec(d);
    let d = df_div(df_add_f2_f2(d, df_neg(e)), df_add_f2_f2(d, e));
    let mut y = d.x + d.y;
    if x.abs() > f32::from_bits(0x410a_a123) || y.is_nan() {
        // 8.664339742
        y = 1.0;
    }
    // vmulsign: flip the sign when x is negative.
    y = f32::from_bits(y.to_bits() ^ (x.to_bits() & 0x8000_0000));
    if x.is_nan() { f32::NAN } else { y }
}

/// `dfmul_vf_vf2_vf2`: the product of two float-floats, as a float.
#[inline(always)]
fn df_mul_to_f(x: F2, y: F2) -> f32 {
    x.x.mul_add(y.x, x.y.mul_add(y.x, x.x * y.y))
}

const M_1_PI_F: f32 = f32::from_bits(0x3ea2_f983); // (float)M_1_PI
const PI_A2F: f32 = f32::from_bits(0x4049_0e00); // 3.1414794921875
const PI_B2F: f32 = f32::from_bits(0x38ed_5000); // 0.00011315941810607910156
const PI_C2F: f32 = f32::from_bits(0x3108_5a31); // 1.9841872589410058936e-09
/// `TRIGRANGEMAX2f`: below it SLEEF's sin/cos use the three-part Cody-Waite reduction.
pub(super) const TRIG_RANGE_MAX2: f32 = 125.0;

/// The kernel shared by `xsinf_u1` and `xcosf_u1` once `s` is reduced to [-pi/2, pi/2].
#[inline(always)]
fn sincos_poly(s: F2) -> f32 {
    let t = s;
    let s = df_squ(s);
    let mut u = f32::from_bits(0x362f_0a87); // 2.6083159809786593541503e-06
    u = u.mul_add(s.x, f32::from_bits(0xb94f_baeb)); // -0.0001981069071916863322258
    u = u.mul_add(s.x, f32::from_bits(0x3c08_8777)); // 0.00833307858556509017944336
    let x = df_add_f_f2(
        1.0,
        df_mul_f2_f2(df_add_f_f(f32::from_bits(0xbe2a_aaa6), u * s.x), s), // -0.1666665971
    );
    df_mul_to_f(t, x)
}

/// `Sleef_sinf8_u10` (`xsinf_u1`) for `|d| < 125` (the Payne-Hanek branch for larger
/// arguments is not ported; callers check the range).
#[inline(always)]
pub(super) fn sleef_sinf_u10_small(d: f32) -> f32 {
    let u = (d * M_1_PI_F).round_ties_even();
    let q = cvt_rne(u);
    let v = u.mul_add(-PI_A2F, d);
    let s = df_add2_f_f(v, u * -PI_B2F);
    let s = df_add_f2_f(s, u * -PI_C2F);
    let r = sincos_poly(s);
    let r = if q & 1 == 1 { -r } else { r };
    if d.to_bits() == 0x8000_0000 { d } else { r }
}

/// `Sleef_cosf8_u10` (`xcosf_u1`) for `|d| < 125`.
#[inline(always)]
pub(super) fn sleef_cosf_u10_small(d: f32) -> f32 {
    let dq = d
        .mul_add(M_1_PI_F, -0.5)
        .round_ties_even()
        .mul_add(2.0, 1.0);
    let q = cvt_rne(dq);
    let s = df_add2_f_f(d, dq * (-PI_A2F * 0.5));
    let s = df_add2_f2_f(s, dq * (-PI_B2F * 0.5));
    let s = df_add2_f2_f(s, dq * (-PI_C2F * 0.5));
    let r = sincos_poly(s);
    if q & 2 == 0 { -r } else { r }
}

// ---------------------------------------------------------------------------------------
// `Sleef_powf8_u10` (`xpowf`), torch's `Vectorized<float>::pow()`, with `logkf` and `expkf`.

/// `dfnormalize_vf2_vf2`.
#[inline(always)]
pub(super) fn df_normalize(t: F2) -> F2 {
    let s = t.x + t.y;
    F2 {
        x: s,
        y: (t.x - s) + t.y,
    }
}

/// `vldexp_vf_vf_vi2` (`xldexpf`): x * 2^q in steps that do not overflow early.
#[inline(always)]
fn ldexpk(x: f32, q: i32) -> f32 {
    let mut m = q >> 31;
    m = ((m.wrapping_add(q) >> 6).wrapping_sub(m)) << 4;
    let q = q.wrapping_sub(m << 2);
    m = m.wrapping_add(0x7f);
    m = if m > 0 { m } else { 0 };
    m = if m > 0xff { 0xff } else { m };
    let u = f32::from_bits((m as u32) << 23);
    let x = x * u * u * u * u;
    x * f32::from_bits((q.wrapping_add(0x7f) as u32).wrapping_shl(23))
}

/// `logkf`: log of a float as a float-float.
#[inline(always)]
fn logkf(d: f32) -> F2 {
    let (m, e) = log_reduce(d);
    let x = df_div(df_add2_f_f(-1.0, m), df_add2_f_f(1.0, m));
    let x2 = df_squ(x);
    let mut t = f32::from_bits(0x3e76_168a); // 0.240320354700088500976562
    t = t.mul_add(x2.x, f32::from_bits(0x3e91_fa4a)); // 0.285112679004669189453125
    t = t.mul_add(x2.x, f32::from_bits(0x3ecc_cdd9)); // 0.400007992982864379882812
    let c = F2 {
        x: f32::from_bits(0x3f2a_aaaa), // 0.66666662693023681640625
        y: f32::from_bits(0x317d_b383), // 3.69183861259614332084311e-09
    };
    let ln2 = F2 {
        x: f32::from_bits(0x3f31_7218), // 0.69314718246459960938
        y: f32::from_bits(0xb102_e308), // -1.904654323148236017e-9
    };
    let mut s = df_mul_f2_f(ln2, e as f32);
    s = df_add_f2_f2(s, df_scale(x, 2.0));
    df_add_f2_f2(
        s,
        df_mul_f2_f2(df_mul_f2_f2(x2, x), df_add2_f2_f2(df_mul_f2_f(x2, t), c)),
    )
}

/// `expkf`: e^d for a float-float d.
#[inline(always)]
fn expkf(d: F2) -> f32 {
    let q = cvt_rne((d.x + d.y) * R_LN2F);
    let qf = q as f32;
    let mut s = df_add2_f2_f(d, qf * -L2UF);
    s = df_add2_f2_f(s, qf * -L2LF);
    s = df_normalize(s);
    let mut u = f32::from_bits(0x3ab2_aef6); // 0.00136324646882712841033936
    u = u.mul_add(s.x, f32::from_bits(0x3c09_116b)); // 0.00836596917361021041870117
    u = u.mul_add(s.x, f32::from_bits(0x3d2a_af4c)); // 0.0416710823774337768554688
    u = u.mul_add(s.x, f32::from_bits(0x3e2a_aa5e)); // 0.166665524244308471679688
    u = u.mul_add(s.x, f32::from_bits(0x3eff_fffb)); // 0.499999850988388061523438
    let t = df_add_f2_f2(s, df_mul_f2_f(df_squ(s), u));
    let t = df_add_f_f2(1.0, t);
    let u = ldexpk(t.x + t.y, q);
    if d.x < -104.0 { 0.0 } else { u }
}

/// `vmulsign_vf_vf_vf`: x with its sign flipped where y is negative.
#[inline(always)]
fn mulsign(x: f32, y: f32) -> f32 {
    f32::from_bits(x.to_bits() ^ (y.to_bits() & 0x8000_0000))
}

/// `vtruncate_vi2_vf` (`cvttps2dq`): out of range or NaN gives `i32::MIN`.
#[inline(always)]
pub(super) fn cvt_trunc(x: f32) -> i32 {
    let r = x.trunc();
    if (-2_147_483_648.0..2_147_483_648.0).contains(&r) {
        r as i32
    } else {
        i32::MIN
    }
}

/// `Sleef_powf8_u10` (`xpowf`): torch's `Vectorized<float>::pow()`.
#[inline(always)]
pub fn sleef_powf(x: f32, y: f32) -> f32 {
    const TWO24: f32 = 16_777_216.0;
    let yisint = y.trunc() == y || y.abs() > TWO24;
    let yisodd = (cvt_trunc(y) & 1) == 1 && yisint && y.abs() < TWO24;
    let mut result = expkf(df_mul_f2_f(logkf(x.abs()), y));
    if result.is_nan() {
        result = f32::INFINITY;
    }
    result *= if x > 0.0 {
        1.0
    } else if yisint {
        if yisodd { -1.0 } else { 1.0 }
    } else {
        f32::NAN
    };
    let efx = mulsign(x.abs() - 1.0, y);
    if y.is_infinite() {
        result = if efx < 0.0 {
            0.0
        } else if efx == 0.0 {
            1.0
        } else {
            f32::INFINITY
        };
    }
    if x.is_infinite() || x == 0.0 {
        let v = if y.is_sign_negative() ^ (x == 0.0) {
            0.0
        } else {
            f32::INFINITY
        };
        result = mulsign(v, if yisodd { x } else { 1.0 });
    }
    if x.is_nan() || y.is_nan() {
        result = f32::from_bits(u32::MAX);
    }
    if y == 0.0 || x == 1.0 {
        result = 1.0;
    }
    result
}

// ---------------------------------------------------------------------------------------
// `Sleef_atan2f8_u10` (`xatan2f_u1`), torch's `Vectorized<float>::atan2()`.

/// `atan2kf_u1`: atan2 of two float-floats, as a float-float.
#[inline(always)]
fn atan2kf_u1(y: F2, x: F2) -> F2 {
    let mut q: i32 = if x.x < 0.0 { -2 } else { 0 };
    let x = if x.x < 0.0 { df_neg(x) } else { x };
    let p = x.x < y.x;
    if p {
        q += 1;
    }
    let (s, t) = if p { (df_neg(x), y) } else { (y, x) };
    let s = df_div(s, t);
    let t = df_normalize(df_squ(s));
    let mut u = f32::from_bits(0xbae7_3551); // -0.00176397908944636583328247
    u = u.mul_add(t.x, f32::from_bits(0x3c30_c8eb)); // 0.0107900900766253471374512
    u = u.mul_add(t.x, f32::from_bits(0xbcfd_9867)); // -0.0309564601629972457885742
    u = u.mul_add(t.x, f32::from_bits(0x3d6c_7d1e)); // 0.0577365085482597351074219
    u = u.mul_add(t.x, f32::from_bits(0xbdab_d12e)); // -0.0838950723409652709960938
    u = u.mul_add(t.x, f32::from_bits(0x3de0_2e6e)); // 0.109463557600975036621094
    u = u.mul_add(t.x, f32::from_bits(0xbe12_0cc4)); // -0.142626821994781494140625
    u = u.mul_add(t.x, f32::from_bits(0x3e4c_c865)); // 0.199983194470405578613281
    let t = df_mul_f2_f2(t, df_add_f_f(f32::from_bits(0xbeaa_aa9b), u * t.x)); // -0.3333328664
    let t = df_mul_f2_f2(s, df_add_f_f2(1.0, t));
    let half_pi = F2 {
        x: f32::from_bits(0x3fc9_0fdb), // 1.5707963705062866211
        y: f32::from_bits(0xb33b_bd2e), // -4.3711388286737928865e-08
    };
    df_add_f2_f2(df_mul_f2_f(half_pi, q as f32), t)
}

/// `visinf2_vf_vf_vf`: `m` with `d`'s sign where `d` is infinite, else 0.
#[inline(always)]
fn isinf2(d: f32, m: f32) -> f32 {
    if d.is_infinite() {
        f32::from_bits((d.to_bits() & 0x8000_0000) | m.to_bits())
    } else {
        0.0
    }
}

/// `Sleef_atan2f8_u10` (`xatan2f_u1`): torch's `Vectorized<float>::atan2()`.
#[inline(always)]
pub fn sleef_atan2f(y: f32, x: f32) -> f32 {
    const HALF_PI: f32 = std::f32::consts::FRAC_PI_2;
    let tiny = x.abs() < f32::from_bits(0x0020_0001); // 2.9387372783541830947e-39
    let (y, x) = if tiny {
        (y * 16_777_216.0, x * 16_777_216.0)
    } else {
        (y, x)
    };
    let d = atan2kf_u1(F2 { x: y.abs(), y: 0.0 }, F2 { x, y: 0.0 });
    let mut r = mulsign(d.x + d.y, x);
    if x.is_infinite() || x == 0.0 {
        r = HALF_PI - isinf2(x, mulsign(HALF_PI, x));
    }
    if y.is_infinite() {
        r = HALF_PI - isinf2(x, mulsign(std::f32::consts::FRAC_PI_4, x));
    }
    if y == 0.0 {
        r = if x.is_sign_negative() {
            std::f32::consts::PI
        } else {
            0.0
        };
    }
    if x.is_nan() || y.is_nan() {
        f32::from_bits(u32::MAX)
    } else {
        mulsign(r, y)
    }
}
