//! glibc 2.36 (x86-64) scalar functions used by torch's scalar tails.

/// `__exp2f_data.tab` (sysdeps/ieee754/flt-32/e_exp2f_data.c):
/// `asuint64(2^(i/32)) - (i << 47)`.
const EXP2F_TAB: [u64; 32] = [
    0x3ff0000000000000,
    0x3fefd9b0d3158574,
    0x3fefb5586cf9890f,
    0x3fef9301d0125b51,
    0x3fef72b83c7d517b,
    0x3fef54873168b9aa,
    0x3fef387a6e756238,
    0x3fef1e9df51fdee1,
    0x3fef06fe0a31b715,
    0x3feef1a7373aa9cb,
    0x3feedea64c123422,
    0x3feece086061892d,
    0x3feebfdad5362a27,
    0x3feeb42b569d4f82,
    0x3feeab07dd485429,
    0x3feea47eb03a5585,
    0x3feea09e667f3bcd,
    0x3fee9f75e8ec5f74,
    0x3feea11473eb0187,
    0x3feea589994cce13,
    0x3feeace5422aa0db,
    0x3feeb737b0cdc5e5,
    0x3feec49182a3f090,
    0x3feed503b23e255d,
    0x3feee89f995ad3ad,
    0x3feeff76f2fb5e47,
    0x3fef199bdd85529c,
    0x3fef3720dcef9069,
    0x3fef5818dcfba487,
    0x3fef7c97337b9b5f,
    0x3fefa4afa2a490da,
    0x3fefd0765b6e4540,
];

/// glibc 2.36 `expf` (sysdeps/ieee754/flt-32/e_expf.c) as selected on CPUs with FMA
/// (`__expf_fma`, every multiply-add contracted). Equal to the system `expf` for all
/// 2^32 inputs on the development machine.
#[inline(always)]
pub(super) fn glibc_expf(x: f32) -> f32 {
    const N: f64 = 32.0;
    let inv_ln2_n = f64::from_bits(0x3ff7_1547_652b_82fe) * N;
    let shift = f64::from_bits(0x4338_0000_0000_0000); // 0x1.8p52
    let c0 = f64::from_bits(0x3fac_6af8_4b91_2394) / N / N / N;
    let c1 = f64::from_bits(0x3fce_bfce_50fa_c4f3) / N / N;
    let c2 = f64::from_bits(0x3fe6_2e42_ff0c_52d6) / N;
    let abstop = (x.to_bits() >> 20) & 0x7ff;
    if abstop >= 0x42b {
        if x == f32::NEG_INFINITY {
            return 0.0;
        }
        if abstop >= 0x7f8 {
            return x + x;
        }
        if x > f32::from_bits(0x42b1_7217) {
            return f32::INFINITY;
        }
        if x < f32::from_bits(0xc2cf_f1b4) {
            return 0.0;
        }
    }
    let xd = f64::from(x);
    let kd = inv_ln2_n.mul_add(xd, shift);
    let ki = kd.to_bits();
    let kd = kd - shift;
    let r = inv_ln2_n.mul_add(xd, -kd);
    let t = EXP2F_TAB[(ki % 32) as usize].wrapping_add(ki << 47);
    let s = f64::from_bits(t);
    let z = c0.mul_add(r, c1);
    let y = c2.mul_add(r, 1.0);
    let y = z.mul_add(r * r, y);
    (y * s) as f32
}

/// glibc 2.36 `erff` (sysdeps/ieee754/flt-32/s_erff.c, fdlibm; generic build, no FMA).
#[inline(always)]
pub(super) fn glibc_erff(x: f32) -> f32 {
    const ERX: f32 = f32::from_bits(0x3f58_560b);
    const EFX: f32 = f32::from_bits(0x3e03_75d4);
    const PP: [u32; 5] = [0x3e0375d4, 0xbea66beb, 0xbce9528f, 0xbbbd1489, 0xb7c756b1];
    const QQ: [u32; 5] = [0x3ecbbbce, 0x3d852a63, 0x3ba68116, 0x390aee49, 0xb684e21a];
    const PA: [u32; 7] = [
        0xbb1acdc6, 0x3ed46805, 0xbebe9208, 0x3ea2fe54, 0xbde31cc2, 0x3d1151b3, 0xbb0df9c0,
    ];
    const QA: [u32; 6] = [
        0x3dd9f331, 0x3f0a5785, 0x3d931ae7, 0x3e013307, 0x3c5f6e13, 0x3c445aa3,
    ];
    const RA: [u32; 8] = [
        0xbc21a093, 0xbf31a0b7, 0xc128f022, 0xc2798057, 0xc322658c, 0xc3389ae7, 0xc2a2932b,
        0xc11d077e,
    ];
    const SA: [u32; 8] = [
        0x419d35ce, 0x4309a863, 0x43d9486f, 0x442158c9, 0x43d6810b, 0x42d9451f, 0x40d23f7c,
        0xbd777f97,
    ];
    const RB: [u32; 7] = [
        0xbc21a092, 0xbf4c9dd4, 0xc18e104b, 0xc320a2ea, 0xc41f6441, 0xc480230b, 0xc3f1c275,
    ];
    const SB: [u32; 7] = [
        0x41f2b459, 0x43a2e571, 0x44c01759, 0x4547fdbb, 0x451f90ce, 0x43ed43a7, 0xc1b38712,
    ];
    /// `c[0] + z * (c[1] + z * (...))`, no FMA.
    fn horner(c: &[u32], z: f32) -> f32 {
        let mut acc = 0.0f32;
        for (i, &k) in c.iter().enumerate().rev() {
            acc = if i + 1 == c.len() {
                f32::from_bits(k)
            } else {
                f32::from_bits(k) + z * acc
            };
        }
        acc
    }
    let hx = x.to_bits() as i32;
    let ix = hx & 0x7fff_ffff;
    if ix >= 0x7f80_0000 {
        let sign = if hx < 0 { -1.0f32 } else { 1.0 };
        return sign + 1.0 / x;
    }
    if ix < 0x3f58_0000 {
        if ix < 0x3180_0000 {
            if ix < 0x0400_0000 {
                return 0.0625 * (16.0 * x + (16.0 * EFX) * x);
            }
            return x + EFX * x;
        }
        let z = x * x;
        let r = horner(&PP, z);
        let s = 1.0 + z * horner(&QQ, z);
        return x + x * (r / s);
    }
    if ix < 0x3fa0_0000 {
        let s = x.abs() - 1.0;
        let p = horner(&PA, s);
        let q = 1.0 + s * horner(&QA, s);
        return if hx >= 0 { ERX + p / q } else { -ERX - p / q };
    }
    if ix >= 0x40c0_0000 {
        return if hx >= 0 { 1.0 - 1e-30 } else { 1e-30 - 1.0 };
    }
    let ax = x.abs();
    let s = 1.0 / (ax * ax);
    let (r, big_s) = if ix < 0x4036_db6e {
        (horner(&RA, s), 1.0 + s * horner(&SA, s))
    } else {
        (horner(&RB, s), 1.0 + s * horner(&SB, s))
    };
    let z = f32::from_bits(ax.to_bits() & 0xffff_f000);
    let r = glibc_expf(-z * z - 0.5625) * glibc_expf((z - ax) * (z + ax) + r / big_s);
    if hx >= 0 { 1.0 - r / ax } else { r / ax - 1.0 }
}

/// glibc 2.36 `expm1f` (sysdeps/ieee754/flt-32/s_expm1f.c, fdlibm; generic build, no FMA).
#[inline(always)]
pub(super) fn glibc_expm1f(x0: f32) -> f32 {
    const HUGE: f32 = 1.0e30;
    const TINY: f32 = 1.0e-30;
    const O_THRESHOLD: f32 = f32::from_bits(0x42b1_7180);
    const LN2_HI: f32 = f32::from_bits(0x3f31_7180);
    const LN2_LO: f32 = f32::from_bits(0x3717_f7d1);
    const INVLN2: f32 = f32::from_bits(0x3fb8_aa3b);
    const Q: [u32; 5] = [
        0xbd08_8889,
        0x3ad0_0d01,
        0xb8a6_70cd,
        0x3686_7e54,
        0xb457_edbb,
    ];
    let q = Q.map(f32::from_bits);
    let mut x = x0;
    let bits = x.to_bits();
    let negative = bits & 0x8000_0000 != 0;
    let hx = bits & 0x7fff_ffff;
    if hx >= 0x4195_b844 {
        if hx >= 0x42b1_7218 {
            if hx > 0x7f80_0000 {
                return x + x;
            }
            if hx == 0x7f80_0000 {
                return if negative { -1.0 } else { x };
            }
            if x > O_THRESHOLD {
                return HUGE * HUGE;
            }
        }
        if negative {
            return TINY - 1.0;
        }
    }
    let (k, c);
    if hx > 0x3eb1_7218 {
        let (hi, lo);
        if hx < 0x3F85_1592 {
            if negative {
                (hi, lo, k) = (x + LN2_HI, -LN2_LO, -1);
            } else {
                (hi, lo, k) = (x - LN2_HI, LN2_LO, 1);
            }
        } else {
            // C's float-to-int conversion truncates.
            k = (INVLN2 * x + if negative { -0.5 } else { 0.5 }) as i32;
            let t = k as f32;
            hi = x - t * LN2_HI;
            lo = t * LN2_LO;
        }
        x = hi - lo;
        c = (hi - x) - lo;
    } else if hx < 0x3300_0000 {
        let t = HUGE + x;
        return x - (t - (HUGE + x));
    } else {
        k = 0;
        c = 0.0;
    }
    let hfx = 0.5 * x;
    let hxs = x * hfx;
    let r1 = 1.0 + hxs * (q[0] + hxs * (q[1] + hxs * (q[2] + hxs * (q[3] + hxs * q[4]))));
    let t = 3.0 - r1 * hfx;
    let mut e = hxs * ((r1 - t) / (6.0 - x * t));
    if k == 0 {
        return x - (x * e - hxs);
    }
    e = x * (e - c) - c;
    e -= hxs;
    if k == -1 {
        return 0.5 * (x - e) - 0.5;
    }
    if k == 1 {
        return if x < -0.25 {
            -2.0 * (e - (x + 0.5))
        } else {
            1.0 + 2.0 * (x - e)
        };
    }
    let add_exponent = |y: f32| f32::from_bits((y.to_bits() as i32).wrapping_add(k << 23) as u32);
    if k <= -2 || k > 56 {
        return add_exponent(1.0 - (e - x)) - 1.0;
    }
    if k < 23 {
        let t = f32::from_bits(0x3f80_0000 - (0x0100_0000 >> k)); // 1 - 2^-k
        add_exponent(t - (e - x))
    } else {
        let t = f32::from_bits(((0x7f - k) as u32) << 23); // 2^-k
        add_exponent((x - (e + t)) + 1.0)
    }
}

/// glibc 2.36 `tanhf` (sysdeps/ieee754/flt-32/s_tanhf.c, fdlibm; generic build).
#[inline(always)]
pub(super) fn glibc_tanhf(x: f32) -> f32 {
    let jx = x.to_bits() as i32;
    let ix = jx & 0x7fff_ffff;
    if ix >= 0x7f80_0000 {
        return if jx >= 0 {
            1.0 / x + 1.0
        } else {
            1.0 / x - 1.0
        };
    }
    let z = if ix < 0x41b0_0000 {
        if ix == 0 {
            return x;
        }
        if ix < 0x2400_0000 {
            return x * (1.0 + x);
        }
        if ix >= 0x3f80_0000 {
            let t = glibc_expm1f(2.0 * x.abs());
            1.0 - 2.0 / (t + 2.0)
        } else {
            let t = glibc_expm1f(-2.0 * x.abs());
            -t / (t + 2.0)
        }
    } else {
        1.0 - 1.0e-30
    };
    if jx >= 0 { z } else { -z }
}
