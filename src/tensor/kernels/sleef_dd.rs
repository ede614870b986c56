//! SLEEF 3.x double precision, AVX2 build (`ENABLE_FMA_DP`: `vmla` is an FMA), one lane: torch's
//! `Vectorized<double>::lgamma()` (`Sleef_lgammad4_u10`, `xlgamma_u1` of `src/libm/sleefsimddp.c`),
//! which `vml.h`'s `vlgamma` maps over every element of a float64 tensor. The double-double
//! arithmetic is that of `src/common/dd.h`; `gammak`, `logk2` and `sinpik` follow `sleefsimddp.c`,
//! helpers from `commonfuncs.h`. The single precision twin is [`super::special::sleef_lgammaf`].
//! It also has the double `exp`, `expm1`, `log1p` and `tanh` (`xexp`, `xexpm1`, `xlog1p`, `xtanh`) that
//! `Vectorized<double>` calls in the activation kernels, and `pow` and `atan2` (`xpow`, `xatan2_u1`) for
//! the vectorised blocks of those binary ops.
//!
//! Long because SLEEF's functions share one set of double-double helpers, which must stay private
//! and bit-exact to their C originals, and the tests pin each function to torch's printed values.

// The constants are written as SLEEF writes them (the compiler rounds them as C does), so that each
// can be checked against its source.
#![allow(clippy::excessive_precision, clippy::approx_constant)]

/// A double-double value (`vdouble2`): `x + y` with `|y|` at most half an ulp of `x`.
#[derive(Clone, Copy, Debug)]
struct D2 {
    x: f64,
    y: f64,
}

fn d2(x: f64, y: f64) -> D2 {
    D2 { x, y }
}

/// `ddneg_vd2_vd2`.
fn dd_neg(a: D2) -> D2 {
    d2(-a.x, -a.y)
}

/// `ddabs_vd2_vd2`: |a|, the low part's sign flipped with the high part's.
fn dd_abs(a: D2) -> D2 {
    let sign = a.x.to_bits() & 0x8000_0000_0000_0000;
    d2(a.x.abs(), f64::from_bits(a.y.to_bits() ^ sign))
}

/// `ddnormalize_vd2_vd2`.
fn dd_normalize(t: D2) -> D2 {
    let s = t.x + t.y;
    d2(s, (t.x - s) + t.y)
}

/// `ddscale_vd2_vd2_vd`.
fn dd_scale(d: D2, s: f64) -> D2 {
    d2(d.x * s, d.y * s)
}

/// `ddadd2_vd2_vd_vd`.
fn dd_add2_d_d(x: f64, y: f64) -> D2 {
    let s = x + y;
    let v = s - x;
    d2(s, (x - (s - v)) + (y - v))
}

/// `ddadd2_vd2_vd2_vd`.
fn dd_add2_d2_d(x: D2, y: f64) -> D2 {
    let s = x.x + y;
    let v = s - x.x;
    let w = (x.x - (s - v)) + (y - v);
    d2(s, w + x.y)
}

/// `ddadd2_vd2_vd_vd2`.
fn dd_add2_d_d2(x: f64, y: D2) -> D2 {
    let s = x + y.x;
    let v = s - x;
    d2(s, ((x - (s - v)) + (y.x - v)) + y.y)
}

/// `ddadd_vd2_vd2_vd2` (`|x| >= |y|`).
fn dd_add_d2_d2(x: D2, y: D2) -> D2 {
    let s = x.x + y.x;
    d2(s, (((x.x - s) + y.x) + x.y) + y.y)
}

/// `ddadd2_vd2_vd2_vd2`.
fn dd_add2_d2_d2(x: D2, y: D2) -> D2 {
    let s = x.x + y.x;
    let v = s - x.x;
    let t = (x.x - (s - v)) + (y.x - v);
    d2(s, t + (x.y + y.y))
}

/// `dddiv_vd2_vd2_vd2` (FMA).
fn dd_div(n: D2, d: D2) -> D2 {
    let t = 1.0 / d.x;
    let s = n.x * t;
    let u = t.mul_add(n.x, -s);
    let v = (-d.y).mul_add(t, (-d.x).mul_add(t, 1.0));
    d2(s, s.mul_add(v, n.y.mul_add(t, u)))
}

/// `ddmul_vd2_vd_vd` (FMA).
fn dd_mul_d_d(x: f64, y: f64) -> D2 {
    let s = x * y;
    d2(s, x.mul_add(y, -s))
}

/// `ddsqu_vd2_vd2` (FMA).
fn dd_squ(x: D2) -> D2 {
    let s = x.x * x.x;
    d2(s, (x.x + x.x).mul_add(x.y, x.x.mul_add(x.x, -s)))
}

/// `ddmul_vd2_vd2_vd2` (FMA).
fn dd_mul_d2_d2(x: D2, y: D2) -> D2 {
    let s = x.x * y.x;
    d2(s, x.x.mul_add(y.y, x.y.mul_add(y.x, x.x.mul_add(y.x, -s))))
}

/// `ddmul_vd2_vd2_vd` (FMA).
fn dd_mul_d2_d(x: D2, y: f64) -> D2 {
    let s = x.x * y;
    d2(s, x.y.mul_add(y, x.x.mul_add(y, -s)))
}

/// `vtruncate_vi_vd` (`cvttpd2dq`): out of range or NaN gives `i32::MIN`.
fn cvt_trunc(x: f64) -> i32 {
    let r = x.trunc();
    if (-2_147_483_648.0..2_147_483_648.0).contains(&r) {
        r as i32
    } else {
        i32::MIN
    }
}

/// `vilogbk_vi_vd`.
fn ilogbk(d: f64) -> i32 {
    let o = d < 4.909_093_465_297_726_6e-91;
    let d = if o { 2.037_035_976_334_486e90 * d } else { d };
    // The mask takes twelve bits, the sign's too (`d` is positive here).
    let q = ((d.to_bits() >> 52) & 0xfff) as i32;
    q - if o { 300 + 0x3ff } else { 0x3ff }
}

/// `vpow2i_vd_vi`: 2^q built in the exponent field (wrapping as the SIMD code does).
fn pow2i(q: i32) -> f64 {
    let e = 0x3ff_i32.wrapping_add(q);
    f64::from_bits(u64::from((e << 20) as u32) << 32)
}

/// `vldexp2_vd_vd_vi`.
fn ldexp2(d: f64, e: i32) -> f64 {
    d * pow2i(e >> 1) * pow2i(e.wrapping_sub(e >> 1))
}

/// `logk2`: log of a double-double, as a double-double.
fn logk2(d: D2) -> D2 {
    let e = ilogbk(d.x * (1.0 / 0.75));
    let m = d2(ldexp2(d.x, e.wrapping_neg()), ldexp2(d.y, e.wrapping_neg()));
    let x = dd_div(dd_add2_d2_d(m, -1.0), dd_add2_d2_d(m, 1.0));
    let x2 = dd_squ(x);
    let x4 = x2.x * x2.x;
    let x8 = x4 * x4;
    // POLY7(x2.x, x4, x8, ...): Estrin's scheme, every MLA an FMA.
    let p3 = x4.mul_add(
        0.138_604_363_904_671_679_108_56,
        x2.x.mul_add(
            0.131_699_838_841_615_374_240_845,
            0.153_914_168_346_271_945_653_214,
        ),
    );
    let p4 = x4.mul_add(
        x2.x.mul_add(
            0.181_816_523_941_564_611_721_589,
            0.222_222_246_326_620_354_039_96,
        ),
        x2.x.mul_add(
            0.285_714_285_511_134_091_777_308,
            0.400_000_000_000_914_013_309_483,
        ),
    );
    let mut t = x8.mul_add(p3, p4);
    t = t.mul_add(x2.x, 0.666_666_666_666_664_853_302_393);
    let mut s = dd_mul_d2_d(
        d2(
            0.693_147_180_559_945_286_226_764,
            2.319_046_813_846_299_558_417_771e-17,
        ),
        f64::from(e),
    );
    s = dd_add_d2_d2(s, dd_scale(x, 2.0));
    dd_add_d2_d2(s, dd_mul_d2_d(dd_mul_d2_d2(x2, x), t))
}

/// `sinpik`: sin(pi d) as a double-double.
fn sinpik(d: f64) -> D2 {
    let u = d * 4.0;
    let mut q = cvt_trunc(u);
    q = q.wrapping_add(((q as u32 >> 31) ^ 1) as i32) & !1;
    let o = q & 2 == 2;
    let mut s = u - f64::from(q);
    let t = s;
    s *= s;
    let s2 = dd_mul_d_d(t, t);
    let pick = |a: f64, b: f64| if o { a } else { b };
    let mut u = pick(
        9.944_803_876_268_437_740_902_08e-16,
        -2.024_611_207_851_823_992_958_68e-14,
    );
    u = u.mul_add(
        s,
        pick(
            -3.897_962_260_629_327_991_640_47e-13,
            6.948_218_305_801_794_613_277_840e-12,
        ),
    );
    u = u.mul_add(
        s,
        pick(
            1.150_115_825_399_960_352_669_010e-10,
            -1.757_247_499_528_531_799_526_64e-09,
        ),
    );
    u = u.mul_add(
        s,
        pick(
            -2.461_136_950_104_469_749_535_90e-08,
            3.133_616_889_668_683_928_784_220e-07,
        ),
    );
    u = u.mul_add(
        s,
        pick(
            3.590_860_448_590_527_540_050_620e-06,
            -3.657_620_418_216_155_192_036_10e-05,
        ),
    );
    u = u.mul_add(
        s,
        pick(
            -0.000_325_991_886_927_389_905_997_954,
            0.002_490_394_570_192_718_502_743_560_0,
        ),
    );
    let c1 = if o {
        d2(
            0.015_854_344_243_815_501_891_425_9,
            -1.046_932_722_806_315_219_088_45e-18,
        )
    } else {
        d2(
            -0.080_745_512_188_280_785_248_473_1,
            3.618_524_750_670_371_048_499_87e-18,
        )
    };
    let mut x = dd_add2_d_d2(u * s, c1);
    let c0 = if o {
        d2(
            -0.308_425_137_534_042_437_259_529,
            -1.956_984_921_336_335_503_383_45e-17,
        )
    } else {
        d2(
            0.785_398_163_397_448_278_999_491,
            3.062_871_137_271_550_026_071_05e-17,
        )
    };
    x = dd_add2_d2_d2(dd_mul_d2_d2(s2, x), c0);
    x = dd_mul_d2_d2(x, if o { s2 } else { d2(t, 0.0) });
    if o {
        x = dd_add2_d2_d(x, 1.0);
    }
    if q & 4 == 4 {
        x = d2(-x.x, -x.y);
    }
    x
}

/// `gammak`'s polynomial rows: (x >= 2.3, 0.5 <= x <= 1.1, otherwise).
const U: [(f64, f64, f64); 23] = [
    (
        -156.801_412_704_022_726_379_848_862,
        0.294_791_677_282_761_419_6e+2,
        0.707_481_600_086_460_927_9e-7,
    ),
    (
        1.120_804_464_289_911_606_838_558_160_000,
        0.128_145_969_182_782_010_9e+3,
        0.400_924_433_300_873_044_3e-6,
    ),
    (
        13.397_985_455_142_589_218_333_060_200_00,
        0.261_754_402_578_451_504_3e+3,
        0.104_011_464_162_824_694_6e-5,
    ),
    (
        -0.116_546_276_599_463_200_848_033_357_000,
        0.328_702_285_568_579_043_2e+3,
        0.150_834_915_073_332_916_7e-5,
    ),
    (
        -1.391_801_093_265_337_481_495_562_410_000,
        0.281_814_586_773_034_818_6e+3,
        0.128_814_307_493_390_102_0e-5,
    ),
    (
        0.015_056_113_040_026_424_412_918_973_400,
        0.172_867_041_467_355_960_5e+3,
        0.474_416_774_988_499_393_7e-6,
    ),
    (
        0.179_540_117_061_234_856_098_844_714_000,
        0.774_873_576_403_041_681_7e+2,
        -0.655_481_630_654_248_990_2e-7,
    ),
    (
        -0.002_481_743_600_264_997_730_942_489_280,
        0.251_285_664_308_093_075_2e+2,
        -0.318_925_247_145_259_984_4e-6,
    ),
    (
        -0.029_527_880_945_699_120_504_851_034_100,
        0.576_679_210_614_007_686_8e+1,
        0.135_888_382_147_035_537_7e-6,
    ),
    (
        0.000_540_164_767_892_604_515_196_325_186,
        0.727_027_547_399_618_057_1e+0,
        -0.434_393_127_715_733_604_0e-6,
    ),
    (
        0.006_403_362_833_808_069_794_787_256_200,
        0.839_670_912_457_914_780_9e-1,
        0.972_478_589_740_677_955_5e-6,
    ),
    (
        -0.000_162_516_262_783_915_816_896_611_252,
        -0.821_155_866_974_680_459_5e-1,
        -0.203_688_605_722_596_601_1e-5,
    ),
    (
        -0.001_914_438_498_565_477_526_465_972_390,
        0.682_883_182_834_188_445_8e-1,
        0.437_336_314_181_972_581_5e-5,
    ),
    (
        7.204_895_416_020_010_558_983_115_17e-05,
        -0.771_248_133_996_167_151_1e-1,
        -0.943_995_126_830_400_867_7e-5,
    ),
    (
        0.000_839_498_720_672_087_279_971_000_786,
        0.833_749_202_301_731_495_7e-1,
        0.205_072_703_037_638_980_4e-4,
    ),
    (
        -5.171_790_908_260_592_193_293_944_22e-05,
        -0.909_496_493_145_624_251_8e-1,
        -0.449_262_018_343_118_401_8e-4,
    ),
    (
        -0.000_592_166_437_353_693_882_857_342_347,
        0.100_099_631_357_592_935_8e+0,
        0.994_575_123_607_187_593_1e-4,
    ),
    (
        6.972_813_758_365_857_774_037_435_39e-05,
        -0.111_334_286_154_420_772_4e+0,
        -0.223_154_759_903_498_319_6e-3,
    ),
    (
        0.000_784_039_221_720_066_627_493_314_301,
        0.125_509_667_321_302_087_5e+0,
        0.509_669_524_710_196_762_2e-3,
    ),
    (
        -0.000_229_472_093_621_399_176_949_318_732,
        -0.144_049_896_784_305_436_8e+0,
        -0.119_275_391_166_788_697_1e-2,
    ),
    (
        -0.002_681_327_160_493_827_160_473_958_490,
        0.169_557_177_004_194_981_1e+0,
        0.289_051_033_074_221_031_0e-2,
    ),
    (
        0.003_472_222_222_222_222_222_175_164_840,
        -0.207_385_551_028_409_276_2e+0,
        -0.738_555_102_867_446_185_8e-2,
    ),
    (
        0.083_333_333_333_333_333_335_592_087_900,
        0.270_580_808_427_781_593_9e+0,
        0.205_808_084_277_845_533_5e-1,
    ),
];

/// `gammak`: (log part, ratio) with lgamma(a) = log part + log|ratio|.
fn gammak(a: f64) -> (D2, D2) {
    let otiny = a.abs() < 1e-306;
    let oref = a < 0.5;
    let mut x = if otiny {
        d2(0.0, 0.0)
    } else if oref {
        dd_add2_d_d(1.0, -a)
    } else {
        d2(a, 0.0)
    };
    let o0 = 0.5 <= x.x && x.x <= 1.1;
    let o2 = 2.3 <= x.x;
    let mut y = dd_normalize(dd_mul_d2_d2(dd_add2_d2_d(x, 1.0), x));
    y = dd_normalize(dd_mul_d2_d2(dd_add2_d2_d(x, 2.0), y));
    y = dd_normalize(dd_mul_d2_d2(dd_add2_d2_d(x, 3.0), y));
    y = dd_normalize(dd_mul_d2_d2(dd_add2_d2_d(x, 4.0), y));
    let o = o2 && x.x <= 7.0;
    let mut clln = if o { y } else { d2(1.0, 0.0) };
    if o {
        x = dd_add2_d2_d(x, 5.0);
    }
    let t = if o2 {
        1.0 / x.x
    } else {
        dd_normalize(dd_add2_d2_d(x, if o0 { -1.0 } else { -2.0 })).x
    };
    let pick = |r: (f64, f64, f64)| {
        if o2 {
            r.0
        } else if o0 {
            r.1
        } else {
            r.2
        }
    };
    let mut u = pick(U[0]);
    for &row in &U[1..] {
        u = u.mul_add(t, pick(row));
    }
    let mut y = dd_mul_d2_d2(dd_add2_d2_d(x, -0.5), logk2(x));
    y = dd_add2_d2_d2(y, dd_neg(x));
    y = dd_add2_d2_d2(
        y,
        d2(
            0.918_938_533_204_672_780_56,
            -3.878_294_158_067_241_449_8e-17,
        ),
    ); // 0.5 log(2 pi)
    let z0 = |a: f64, b: f64| if o0 { a } else { b };
    let mut z = dd_add2_d2_d(
        dd_mul_d_d(u, t),
        z0(
            -0.400_685_634_386_531_486_2e+0,
            -0.673_523_010_531_981_020_1e-1,
        ),
    );
    z = dd_add2_d2_d(
        dd_mul_d2_d(z, t),
        z0(
            0.822_467_033_424_113_203_0e+0,
            0.322_467_033_424_113_203_0e+0,
        ),
    );
    z = dd_add2_d2_d(
        dd_mul_d2_d(z, t),
        z0(
            -0.577_215_664_901_532_865_5e+0,
            0.422_784_335_098_467_134_5e+0,
        ),
    );
    z = dd_mul_d2_d(z, t);
    let mut clc = if o2 { y } else { z };
    let clld = if o2 {
        dd_add2_d2_d(dd_mul_d_d(u, t), 1.0)
    } else {
        d2(1.0, 0.0)
    };
    let y = clln;
    clc = if otiny {
        d2(
            83.177_661_667_193_433_459_033_3,
            3.671_034_596_315_685_072_218_78e-15,
        ) // log(2^120)
    } else if oref {
        // log(pi)
        dd_add2_d2_d2(
            d2(1.144_729_885_849_400_163_9, 1.026_595_116_270_782_638e-17),
            dd_neg(clc),
        )
    } else {
        clc
    };
    clln = if otiny {
        d2(1.0, 0.0)
    } else if oref {
        clln
    } else {
        clld
    };
    let denominator = if otiny {
        d2(a * ((1u64 << 60) as f64 * (1u64 << 60) as f64), 0.0)
    } else if oref {
        const TWO_28: f64 = (1u64 << 28) as f64;
        let t = a - TWO_28 * f64::from(cvt_trunc(a * (1.0 / TWO_28)));
        dd_mul_d2_d2(clld, sinpik(t))
    } else {
        y
    };
    (clc, dd_div(clln, denominator))
}

/// `Sleef_lgammad4_u10` (`xlgamma_u1`): torch's `Vectorized<double>::lgamma()`.
pub fn sleef_lgamma(a: f64) -> f64 {
    let (clc, ratio) = gammak(a);
    let y = dd_add2_d2_d2(clc, logk2(dd_abs(ratio)));
    let r = y.x + y.y;
    let is_int = a.round_ties_even() == a;
    if a.is_infinite() || (a <= 0.0 && is_int) || (a.is_finite() && r.is_nan()) {
        f64::INFINITY
    } else {
        r
    }
}

/// `vrint_vi_vd` (`cvtpd2dq`, round to nearest even): out of range or NaN gives `i32::MIN`.
fn cvt_rint(x: f64) -> i32 {
    let r = x.round_ties_even();
    if (-2_147_483_648.0..2_147_483_648.0).contains(&r) {
        r as i32
    } else {
        i32::MIN
    }
}

/// `ddadd_vd2_vd_vd`.
fn dd_add_d_d(x: f64, y: f64) -> D2 {
    let s = x + y;
    d2(s, (x - s) + y)
}

/// `ddadd_vd2_vd_vd2`.
fn dd_add_d_d2(x: f64, y: D2) -> D2 {
    let s = x + y.x;
    d2(s, ((x - s) + y.x) + y.y)
}

/// `ddadd_vd2_vd2_vd`.
fn dd_add_d2_d(x: D2, y: f64) -> D2 {
    let s = x.x + y;
    d2(s, ((x.x - s) + y) + x.y)
}

/// `ddrec_vd2_vd2` (FMA).
fn dd_rec(d: D2) -> D2 {
    let s = 1.0 / d.x;
    d2(s, s * (-d.y).mul_add(s, (-d.x).mul_add(s, 1.0)))
}

/// `vldexp3_vd_vd_vi`: `q` added to the exponent field (no range checks).
fn ldexp3(d: f64, q: i32) -> f64 {
    let add = u64::from((q.wrapping_shl(20)) as u32) << 32;
    f64::from_bits(d.to_bits().wrapping_add(add))
}

/// `vilogb2k_vi_vd`: the biased exponent field minus the bias.
fn ilogb2k(d: f64) -> i32 {
    (((d.to_bits() >> 52) & 0x7ff) as i32) - 0x3ff
}

/// `POLY4(x, x2, c3, c2, c1, c0)`, every MLA an FMA.
fn poly4(x: f64, x2: f64, c: [f64; 4]) -> f64 {
    x2.mul_add(x.mul_add(c[0], c[1]), x.mul_add(c[2], c[3]))
}

/// `POLY10(x, x2, x4, x8, c9, ..., c0)` (Estrin's scheme).
fn poly10(x: f64, x2: f64, x4: f64, x8: f64, c: [f64; 10]) -> f64 {
    let p8 = x4.mul_add(
        poly4(x, x2, [c[2], c[3], c[4], c[5]]),
        poly4(x, x2, [c[6], c[7], c[8], c[9]]),
    );
    x8.mul_add(x.mul_add(c[0], c[1]), p8)
}

const L2U: f64 = 0.693_147_180_559_662_956_511_601_805_686_950_683_593_75;
const L2L: f64 = 0.282_352_905_630_315_771_225_884_481_750_134_360_255_254_120_68e-12;
const R_LN2: f64 = 1.442_695_040_888_963_407_359_924_681_001_892_137_426_645_954_152_985_934_135;
/// `LOG_DBL_MAX` (`0x1.62e42fefa39efp+9`).
const LOG_DBL_MAX: f64 = 709.782_712_893_384;

/// `Sleef_expd4_u10` (`xexp`): torch's `Vectorized<double>::exp()`.
pub fn sleef_exp(d: f64) -> f64 {
    let u = (d * R_LN2).round_ties_even();
    let q = cvt_rint(u);
    let s = u.mul_add(-L2U, d);
    let s = u.mul_add(-L2L, s);
    let s2 = s * s;
    let s4 = s2 * s2;
    let s8 = s4 * s4;
    let mut u = poly10(
        s,
        s2,
        s4,
        s8,
        [
            0.208_127_637_823_716_445_7e-8,
            0.251_121_070_304_228_802_2e-7,
            0.275_576_262_816_949_119_2e-6,
            0.275_572_340_202_538_823_9e-5,
            0.248_015_868_747_968_626_4e-4,
            0.198_412_698_985_586_585_0e-3,
            0.138_888_888_891_449_779_7e-2,
            0.833_333_333_331_493_821_0e-2,
            0.416_666_666_666_660_259_8e-1,
            0.166_666_666_666_666_907_2e+0,
        ],
    );
    u = u.mul_add(s, 0.5);
    u = u.mul_add(s, 1.0);
    u = u.mul_add(s, 1.0);
    u = ldexp2(u, q);
    if d > LOG_DBL_MAX {
        f64::INFINITY
    } else if d < -1000.0 {
        0.0
    } else {
        u
    }
}

/// `expk2`: exp of a double-double, as a double-double.
fn expk2(d: D2) -> D2 {
    let u = (d.x + d.y) * R_LN2;
    let dq = u.round_ties_even();
    let q = cvt_rint(dq);
    let mut s = dd_add2_d2_d(d, dq * -L2U);
    s = dd_add2_d2_d(s, dq * -L2L);
    let s2 = dd_squ(s);
    let s4 = dd_squ(s2);
    let s8 = s4.x * s4.x;
    let u = poly10(
        s.x,
        s2.x,
        s4.x,
        s8,
        [
            0.160_247_221_970_993_207_2e-9,
            0.209_225_518_356_315_700_7e-8,
            0.250_523_002_378_264_446_5e-7,
            0.275_572_480_090_213_530_3e-6,
            0.275_573_189_238_604_437_3e-5,
            0.248_015_873_560_581_506_5e-4,
            0.198_412_698_414_807_185_8e-3,
            0.138_888_888_888_676_325_5e-2,
            0.833_333_333_333_334_709_5e-2,
            0.416_666_666_666_666_990_5e-1,
        ],
    );
    let mut t = dd_add_d_d2(0.5, dd_mul_d2_d(s, 0.166_666_666_666_666_657_4));
    t = dd_add_d_d2(1.0, dd_mul_d2_d2(t, s));
    t = dd_add_d_d2(1.0, dd_mul_d2_d2(t, s));
    t = dd_add_d2_d2(t, dd_mul_d2_d(s4, u));
    if d.x < -1000.0 {
        return d2(0.0, 0.0);
    }
    d2(ldexp2(t.x, q), ldexp2(t.y, q))
}

/// `Sleef_expm1d4_u10` (`xexpm1`): torch's `Vectorized<double>::expm1()`.
pub fn sleef_expm1(a: f64) -> f64 {
    let d = dd_add2_d2_d(expk2(d2(a, 0.0)), -1.0);
    let x = d.x + d.y;
    if a > 709.782_712_893_383_996_732_223 {
        f64::INFINITY
    } else if a < -36.736_800_569_677_101_399_113_302_437 {
        -1.0
    } else if a.to_bits() == (-0.0f64).to_bits() {
        -0.0
    } else {
        x
    }
}

/// `Sleef_tanhd4_u10` (`xtanh`): torch's `Vectorized<double>::tanh()`.
pub fn sleef_tanh(x: f64) -> f64 {
    let y = x.abs();
    let d = expk2(d2(y, 0.0));
    let e = dd_rec(d);
    let d = dd_div(dd_add2_d2_d2(d, dd_neg(e)), dd_add2_d2_d2(d, e));
    let mut y = d.x + d.y;
    if x.abs() > 18.714_973_875 || y.is_nan() {
        y = 1.0;
    }
    // `vmulsign`: the sign bit of `x` xor-ed in.
    let y = f64::from_bits(y.to_bits() ^ (x.to_bits() & 0x8000_0000_0000_0000));
    if x.is_nan() { f64::NAN } else { y }
}

/// `LOG1P_BOUND` (`0x1.c7b1f3cac7433p+1019`, about 1e307): above it `xlog1p` takes `xlog_u1(d)`.
const LOG1P_BOUND: f64 = 1.0e307;

/// `Sleef_log1pd4_u10` (`xlog1p`): torch's `Vectorized<double>::log1p()`. Above `LOG1P_BOUND` SLEEF
/// switches to its `log_u1`; the C library's `log` stands in for it there.
pub fn sleef_log1p(d: f64) -> f64 {
    let mut dp1 = d + 1.0;
    let o = dp1 < f64::MIN_POSITIVE;
    if o {
        dp1 *= (1u64 << 32) as f64 * (1u64 << 32) as f64;
    }
    let mut e = ilogb2k(dp1 * (1.0 / 0.75));
    let t = ldexp3(1.0, e.wrapping_neg());
    let m = d.mul_add(t, t - 1.0);
    if o {
        e -= 64;
    }
    let mut s = dd_mul_d2_d(
        d2(
            0.693_147_180_559_945_286_226_764,
            2.319_046_813_846_299_558_417_771e-17,
        ),
        f64::from(e),
    );
    let x = dd_div(d2(m, 0.0), dd_add_d_d(2.0, m));
    let x2 = x.x * x.x;
    let x4 = x2 * x2;
    let x8 = x4 * x4;
    // POLY7(x2, x4, x8, ...).
    let t = x8.mul_add(
        x4.mul_add(
            0.153_207_698_850_270_135_3e+0,
            x2.mul_add(
                0.152_562_905_100_342_871_6e+0,
                0.181_860_593_293_778_599_6e+0,
            ),
        ),
        x4.mul_add(
            x2.mul_add(
                0.222_221_451_983_938_000_9e+0,
                0.285_714_293_279_429_931_7e+0,
            ),
            x2.mul_add(
                0.399_999_999_963_525_199_0e+0,
                0.666_666_666_666_733_354_1e+0,
            ),
        ),
    );
    s = dd_add_d2_d2(s, dd_scale(x, 2.0));
    s = dd_add_d2_d(s, x2 * x.x * t);
    let mut r = s.x + s.y;
    if d > LOG1P_BOUND {
        r = d.ln();
    }
    if d < -1.0 || d.is_nan() {
        f64::NAN
    } else if d == -1.0 {
        f64::NEG_INFINITY
    } else if d.to_bits() == (-0.0f64).to_bits() {
        -0.0
    } else {
        r
    }
}

/// `logk`: log of a double as a double-double.
fn logk(d: f64) -> D2 {
    let tiny = d < f64::MIN_POSITIVE;
    let d = if tiny {
        d * (4_294_967_296.0 * 4_294_967_296.0)
    } else {
        d
    };
    let mut e = ilogb2k(d * (1.0 / 0.75));
    let m = ldexp3(d, e.wrapping_neg());
    if tiny {
        e = e.wrapping_sub(64);
    }
    let x = dd_div(dd_add2_d_d(-1.0, m), dd_add2_d_d(1.0, m));
    let x2 = dd_squ(x);
    let x4 = x2.x * x2.x;
    let x8 = x4 * x4;
    let x16 = x8 * x8;
    // POLY9(x2.x, x4, x8, x16, c8, ..., c0).
    let t = x16.mul_add(
        0.116255524079935043668677,
        x8.mul_add(
            poly4(
                x2.x,
                x4,
                [
                    0.103239680901072952701192,
                    0.117754809412463995466069,
                    0.13332981086846273921509,
                    0.153846227114512262845736,
                ],
            ),
            poly4(
                x2.x,
                x4,
                [
                    0.181818180850050775676507,
                    0.222222222230083560345903,
                    0.285714285714249172087875,
                    0.400000000000000077715612,
                ],
            ),
        ),
    );
    let c = d2(0.666666666666666629659233, 3.80554962542412056336616e-17);
    let mut s = dd_mul_d2_d(
        d2(0.693147180559945286226764, 2.319046813846299558417771e-17),
        f64::from(e),
    );
    s = dd_add_d2_d2(s, dd_scale(x, 2.0));
    let x = dd_mul_d2_d2(x2, x);
    s = dd_add_d2_d2(s, dd_mul_d2_d2(x, c));
    let x = dd_mul_d2_d2(x2, x);
    dd_add_d2_d2(s, dd_mul_d2_d(x, t))
}

/// `expk`: e^d for a double-double d.
fn expk(d: D2) -> f64 {
    let dq = ((d.x + d.y) * R_LN2).round_ties_even();
    let q = cvt_rint(dq);
    let mut s = dd_add2_d2_d(d, dq * -L2U);
    s = dd_add2_d2_d(s, dq * -L2L);
    s = dd_normalize(s);
    let s2 = s.x * s.x;
    let s4 = s2 * s2;
    let s8 = s4 * s4;
    let u = poly10(
        s.x,
        s2,
        s4,
        s8,
        [
            2.51069683420950419527139e-08,
            2.76286166770270649116855e-07,
            2.75572496725023574143864e-06,
            2.48014973989819794114153e-05,
            0.000198412698809069797676111,
            0.0013888888939977128960529,
            0.00833333333332371417601081,
            0.0416666666665409524128449,
            0.166666666666666740681535,
            0.500000000000000999200722,
        ],
    );
    let t = dd_add_d_d2(1.0, s);
    let t = dd_add_d2_d2(t, dd_mul_d2_d(dd_squ(s), u));
    let u = ldexp2(t.x + t.y, q);
    if d.x < -1000.0 { 0.0 } else { u }
}

/// `vmulsign_vd_vd_vd`: x with its sign flipped where y is negative.
fn mulsign(x: f64, y: f64) -> f64 {
    f64::from_bits(x.to_bits() ^ (y.to_bits() & 0x8000_0000_0000_0000))
}

/// `Sleef_powd4_u10` (`xpow`): torch's `Vectorized<double>::pow()`.
pub fn sleef_pow(x: f64, y: f64) -> f64 {
    let yisint = y.round_ties_even() == y;
    let half = y * 0.5;
    let yisodd = half.round_ties_even() != half && yisint;
    let d = dd_mul_d2_d(logk(x.abs()), y);
    let mut result = expk(d);
    if d.x > LOG_DBL_MAX {
        result = f64::INFINITY;
    }
    result *= if x > 0.0 {
        1.0
    } else if yisint {
        if yisodd { -1.0 } else { 1.0 }
    } else {
        f64::NAN
    };
    let efx = mulsign(x.abs() - 1.0, y);
    if y.is_infinite() {
        result = if efx < 0.0 {
            0.0
        } else if efx == 0.0 {
            1.0
        } else {
            f64::INFINITY
        };
    }
    if x.is_infinite() || x == 0.0 {
        let v = if y.is_sign_negative() ^ (x == 0.0) {
            0.0
        } else {
            f64::INFINITY
        };
        result = mulsign(v, if yisodd { x } else { 1.0 });
    }
    if x.is_nan() || y.is_nan() {
        result = f64::from_bits(u64::MAX);
    }
    if y == 0.0 || x == 1.0 {
        result = 1.0;
    }
    result
}

/// `POLY8(x, x2, x4, c7, ..., c0)`.
fn poly8(x: f64, x2: f64, x4: f64, c: [f64; 8]) -> f64 {
    x4.mul_add(
        poly4(x, x2, [c[0], c[1], c[2], c[3]]),
        poly4(x, x2, [c[4], c[5], c[6], c[7]]),
    )
}

/// `atan2k_u1`: atan2 of two double-doubles, as a double-double.
fn atan2k_u1(y: D2, x: D2) -> D2 {
    let mut q: i32 = if x.x < 0.0 { -2 } else { 0 };
    let x = if x.x < 0.0 { dd_neg(x) } else { x };
    let p = x.x < y.x;
    if p {
        q += 1;
    }
    let (s, t) = if p { (dd_neg(x), y) } else { (y, x) };
    let s = dd_div(s, t);
    let t = dd_normalize(dd_squ(s));
    let t2 = t.x * t.x;
    let t4 = t2 * t2;
    let t8 = t4 * t4;
    // POLY16(t.x, t2, t4, t8, cf, ..., c0).
    let mut u = t8.mul_add(
        poly8(
            t.x,
            t2,
            t4,
            [
                1.06298484191448746607415e-05,
                -0.000125620649967286867384336,
                0.00070557664296393412389774,
                -0.00251865614498713360352999,
                0.00646262899036991172313504,
                -0.0128281333663399031014274,
                0.0208024799924145797902497,
                -0.0289002344784740315686289,
            ],
        ),
        poly8(
            t.x,
            t2,
            t4,
            [
                0.0359785005035104590853656,
                -0.041848579703592507506027,
                0.0470843011653283988193763,
                -0.0524914210588448421068719,
                0.0587946590969581003860434,
                -0.0666620884778795497194182,
                0.0769225330296203768654095,
                -0.0909090442773387574781907,
            ],
        ),
    );
    u = u.mul_add(t.x, 0.111111108376896236538123);
    u = u.mul_add(t.x, -0.142857142756268568062339);
    u = u.mul_add(t.x, 0.199999999997977351284817);
    u = u.mul_add(t.x, -0.333333333333317605173818);
    let t = dd_add_d2_d2(s, dd_mul_d2_d(dd_mul_d2_d2(s, t), u));
    dd_add_d2_d2(
        dd_mul_d2_d(
            d2(1.570796326794896557998982, 6.12323399573676603586882e-17),
            f64::from(q),
        ),
        t,
    )
}

/// `visinf2_vd_vd_vd`: `m` with `d`'s sign where `d` is infinite, else 0.
fn isinf2(d: f64, m: f64) -> f64 {
    if d.is_infinite() {
        f64::from_bits((d.to_bits() & 0x8000_0000_0000_0000) | m.to_bits())
    } else {
        0.0
    }
}

/// `Sleef_atan2d4_u10` (`xatan2_u1`): torch's `Vectorized<double>::atan2()`.
pub fn sleef_atan2(y: f64, x: f64) -> f64 {
    use std::f64::consts::{FRAC_PI_2, FRAC_PI_4, PI};
    let tiny = x.abs() < 5.5626846462680083984e-309;
    let (y, x) = if tiny {
        (y * 9_007_199_254_740_992.0, x * 9_007_199_254_740_992.0)
    } else {
        (y, x)
    };
    let d = atan2k_u1(d2(y.abs(), 0.0), d2(x, 0.0));
    let mut r = mulsign(d.x + d.y, x);
    if x.is_infinite() || x == 0.0 {
        r = FRAC_PI_2 - isinf2(x, mulsign(FRAC_PI_2, x));
    }
    if y.is_infinite() {
        r = FRAC_PI_2 - isinf2(x, mulsign(FRAC_PI_4, x));
    }
    if y == 0.0 {
        r = if x.is_sign_negative() { PI } else { 0.0 };
    }
    if x.is_nan() || y.is_nan() {
        f64::from_bits(u64::MAX)
    } else {
        mulsign(r, y)
    }
}

#[cfg(test)]
mod tests {
    use super::sleef_lgamma;

    /// torch 2.15's `torch.lgamma` on float64 (the sweep's `special::lgamma/float64` inputs, float32
    /// values widened), one input from each of `gammak`'s branches.
    #[test]
    fn matches_torch() {
        let cases: [(f32, f64); 12] = [
            (-7.5, -8.404_537_371_451_598),
            (-2.5, -0.056_243_716_497_674_05),
            (-0.5, 1.265_512_123_484_645_4),
            (1e-3, 6.907_178_837_859_066),
            (0.25, 1.288_022_524_698_077_4),
            (1.0, 0.0),
            (1.5, -0.120_782_237_635_245_22),
            (2.0, 0.0),
            (3.7, 1.428_072_382_319_606),
            (10.0, 12.801_827_480_081_469),
            (35.5, 90.354_930_265_818_38),
            (120.0, 453.024_896_238_496_1),
        ];
        for (x, want) in cases {
            let got = sleef_lgamma(f64::from(x));
            assert_eq!(got.to_bits(), want.to_bits(), "lgamma({x}): {got}");
        }
        assert_eq!(sleef_lgamma(0.0), f64::INFINITY);
        assert_eq!(sleef_lgamma(-3.0), f64::INFINITY);
        assert_eq!(sleef_lgamma(f64::NEG_INFINITY), f64::INFINITY);
        assert!(sleef_lgamma(f64::NAN).is_nan());
    }

    /// torch 2.15's `torch.expm1` and `torch.log1p` on float64 (`Sleef_expm1d4_u10`,
    /// `Sleef_log1pd4_u10` on every element: MKL's VML has neither), printed by the venv's torch.
    #[test]
    fn expm1_log1p_match_torch() {
        let expm1: [(f64, f64); 14] = [
            (-800.0, -1.0),
            (-40.0, -1.0),
            (-3.7, -0.9752764735296606),
            (-0.3, -0.2591817793182821),
            (-1e-10, -9.999999999500001e-11),
            (1e-300, 1e-300),
            (0.2, 0.22140275816016985),
            (1.0, 1.7182818284590453),
            (2.5, 11.182493960703473),
            (30.0, 10686474581523.463),
            (700.0, 1.0142320547350045e+304),
            (10000000000.0, f64::INFINITY),
            (2e+307, f64::INFINITY),
            (1e+308, f64::INFINITY),
        ];
        let log1p: [(f64, f64); 14] = [
            (800.0, 6.68586094706836),
            (40.0, 3.713572066704308),
            (3.7, 1.547562508716013),
            (0.3, 0.26236426446749106),
            (1e-10, 9.999999999500001e-11),
            (1e-300, 1e-300),
            (0.2, 0.18232155679395465),
            (1.0, 0.6931471805599453),
            (2.5, 1.252762968495368),
            (30.0, 3.4339872044851463),
            (700.0, 6.55250788703459),
            (10000000000.0, 23.025850930040455),
            (2e+307, 707.5867707297319),
            (1e+308, 709.1962086421661),
        ];
        for (x, want) in expm1 {
            let got = super::sleef_expm1(x);
            assert_eq!(got.to_bits(), want.to_bits(), "expm1({x}): {got}");
        }
        for (x, want) in log1p {
            let got = super::sleef_log1p(x);
            assert_eq!(got.to_bits(), want.to_bits(), "log1p({x}): {got}");
        }
        assert_eq!(super::sleef_expm1(-0.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(super::sleef_log1p(-1.0), f64::NEG_INFINITY);
        assert!(super::sleef_log1p(-2.0).is_nan());
        assert_eq!(super::sleef_tanh(-30.0), -1.0);
        assert_eq!(super::sleef_exp(-1000.5), 0.0);
        assert_eq!(super::sleef_exp(710.0), f64::INFINITY);
    }
}
