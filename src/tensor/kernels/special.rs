//! The special functions of `torch.special` as ATen computes them on the CPU: `lgamma` is SLEEF's
//! `Sleef_lgammaf8_u10` over every element (`Vectorized<float>::lgamma`, which `vml.h` maps over any
//! layout); `digamma`, `polygamma`, `erfinv` and `i0` are the Cephes-derived loops of ATen's
//! `native/Math.h`, compiled in the AVX2 kernel file, where GCC fuses `a * b + c` into one FMA
//! (`-ffp-contract=fast`): the `mul_add` calls below sit exactly where those fusions are.

// The constants are written as SLEEF and Cephes write them (the compiler rounds them as C does), so
// that each can be checked against its source.
#![allow(clippy::excessive_precision)]

use super::sleef::{
    F2, cvt_trunc, df_add_f2_f2, df_add2_f_f, df_add2_f2_f, df_add2_f2_f2, df_div, df_mul_f2_f,
    df_mul_f2_f2, df_neg, df_normalize, df_scale, df_squ, pow2i,
};
use num_traits::Float;

// ---------------------------------------------------------------------------------------------
// SLEEF `xlgammaf_u1` (src/libm/sleefsimdsp.c, AVX2 build: vmla is an FMA), one lane.

/// `vcast_vf2_d`: a double split into a float-float.
fn f2_from_f64(d: f64) -> F2 {
    let x = d as f32;
    F2 {
        x,
        y: (d - f64::from(x)) as f32,
    }
}

fn f2(x: f32, y: f32) -> F2 {
    F2 { x, y }
}

/// `dfmul_vf2_vf_vf` (FMA).
fn df_mul_f_f(x: f32, y: f32) -> F2 {
    let s = x * y;
    f2(s, x.mul_add(y, -s))
}

/// `dfadd2_vf2_vf_vf2`.
fn df_add2_f_f2(x: f32, y: F2) -> F2 {
    let s = x + y.x;
    let v = s - x;
    f2(s, ((x - (s - v)) + (y.x - v)) + y.y)
}

/// `dfabs_vf2_vf2`: |x|, the low part's sign flipped with the high part's.
fn df_abs(x: F2) -> F2 {
    let sign = x.x.to_bits() & 0x8000_0000;
    f2(x.x.abs(), f32::from_bits(x.y.to_bits() ^ sign))
}

/// `vilogbk_vi2_vf`.
fn ilogbk(d: f32) -> i32 {
    let o = d < 5.421_010_862_427_522e-20_f64 as f32;
    let d = if o {
        1.844_674_407_370_955_2e19_f64 as f32 * d
    } else {
        d
    };
    let q = ((d.to_bits() >> 23) & 0xff) as i32;
    q - if o { 64 + 0x7f } else { 0x7f }
}

/// `logk2f`: log of a float-float, as a float-float.
fn logk2f(d: F2) -> F2 {
    let e = ilogbk(d.x * (1.0f32 / 0.75f32));
    let m = df_scale(d, pow2i(e.wrapping_neg()));
    let x = df_div(df_add2_f2_f(m, -1.0), df_add2_f2_f(m, 1.0));
    let x2 = df_squ(x);
    let mut t = 0.239_282_846_450_805_664_062_5_f32;
    t = t.mul_add(x2.x, 0.285_182_118_415_832_519_531_25);
    t = t.mul_add(x2.x, 0.400_005_877_017_974_853_515_625);
    t = t.mul_add(x2.x, 0.666_666_686_534_881_591_796_875);
    let mut s = df_mul_f2_f(
        f2(0.693_147_182_464_599_609_38, -1.904_654_323_148_236e-9),
        e as f32,
    );
    s = df_add_f2_f2(s, df_scale(x, 2.0));
    df_add_f2_f2(s, df_mul_f2_f(df_mul_f2_f2(x2, x), t))
}

/// `sinpifk`: sin(pi d) as a float-float.
fn sinpifk(d: f32) -> F2 {
    let u = d * 4.0;
    let mut q = cvt_trunc(u);
    q = q.wrapping_add(((q as u32 >> 31) ^ 1) as i32) & !1;
    let o = q & 2 == 2;
    let mut s = u - q as f32;
    let t = s;
    s *= s;
    let s2 = df_mul_f_f(t, t);
    let pick = |a: f64, b: f64| if o { a as f32 } else { b as f32 };
    let mut u = pick(-0.243_061_180_1e-7, 0.309_384_205_4e-6);
    u = u.mul_add(s, pick(0.359_057_708_0e-5, -0.365_730_738_8e-4));
    u = u.mul_add(s, pick(-0.325_991_772_1e-3, 0.249_039_358_5e-2));
    let c1 = if o {
        f2(0.015_854_343_771_934_509, 4.494_005_135_403_224e-10)
    } else {
        f2(-0.080_745_510_756_969_452, -1.337_366_533_907_693_6e-9)
    };
    let mut x = df_add2_f_f2(u * s, c1);
    let c0 = if o {
        f2(-0.308_425_128_459_930_42, -9.072_833_903_073_392e-9)
    } else {
        f2(0.785_398_185_253_143_31, -2.185_733_861_756_648_5e-8)
    };
    x = df_add2_f2_f2(df_mul_f2_f2(s2, x), c0);
    x = df_mul_f2_f2(x, if o { s2 } else { f2(t, 0.0) });
    if o {
        x = df_add2_f2_f(x, 1.0);
    }
    if q & 4 == 4 {
        x = f2(-x.x, -x.y);
    }
    x
}

/// `gammafk`: (log part, ratio) with lgamma(a) = log part + log|ratio|.
fn gammafk(a: f32) -> (F2, F2) {
    let otiny = a.abs() < 1e-30;
    let oref = a < 0.5;
    let mut x = if otiny {
        f2(0.0, 0.0)
    } else if oref {
        df_add2_f_f(1.0, -a)
    } else {
        f2(a, 0.0)
    };
    let o0 = 0.5 <= x.x && x.x <= 1.2;
    let o2 = 2.3 <= x.x;
    let mut y = df_normalize(df_mul_f2_f2(df_add2_f2_f(x, 1.0), x));
    y = df_normalize(df_mul_f2_f2(df_add2_f2_f(x, 2.0), y));
    let o = o2 && x.x <= 7.0;
    let mut clln = if o { y } else { f2(1.0, 0.0) };
    if o {
        x = df_add2_f2_f(x, 3.0);
    }
    let t = if o2 {
        1.0 / x.x
    } else {
        df_normalize(df_add2_f2_f(x, if o0 { -1.0 } else { -2.0 })).x
    };
    // (o2, o0, else) coefficient rows; the first column is written as doubles in SLEEF.
    const U: [(f64, f32, f32); 9] = [
        (
            0.000_839_498_720_672_087_279_971,
            0.943_515_777_6,
            0.110_248_955_0e-3,
        ),
        (
            -5.171_790_908_260_592_193_293_944e-5,
            0.867_006_361_5,
            0.816_001_993_4e-4,
        ),
        (
            -0.000_592_166_437_353_693_882_857,
            0.482_670_247_6,
            0.152_846_885_6e-3,
        ),
        (
            6.972_813_758_365_857_774_037_435e-5,
            -0.885_512_977_8e-1,
            -0.235_506_871_8e-3,
        ),
        (
            0.000_784_039_221_720_066_627_493,
            0.101_382_523_8,
            0.496_224_209_2e-3,
        ),
        (
            -0.000_229_472_093_621_399_176_949,
            -0.149_340_897_8,
            -0.119_348_801_7e-2,
        ),
        (
            -0.002_681_327_160_493_827_160_473,
            0.169_750_914_0,
            0.289_159_943_3e-2,
        ),
        (
            0.003_472_222_222_222_222_222_175,
            -0.207_245_454_2,
            -0.738_545_181_2e-2,
        ),
        (
            0.083_333_333_333_333_333_335_592,
            0.270_587_235_7,
            0.205_807_704_5e-1,
        ),
    ];
    let pick = |r: (f64, f32, f32)| {
        if o2 {
            r.0 as f32
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
    let mut y = df_mul_f2_f2(df_add2_f2_f(x, -0.5), logk2f(x));
    y = df_add2_f2_f2(y, df_neg(x));
    y = df_add2_f2_f2(y, f2_from_f64(0.918_938_533_204_672_780_56)); // 0.5 log(2 pi)
    let z0 = |a: f32, b: f32| if o0 { a } else { b };
    let mut z = df_add2_f2_f(
        df_mul_f_f(u, t),
        z0(
            -0.400_686_534_596_170_958_447,
            -0.067_352_302_829_738_244_674_9,
        ),
    );
    z = df_add2_f2_f(
        df_mul_f2_f(z, t),
        z0(0.822_466_960_142_643_054_450, 0.322_467_033_928_981_157_743),
    );
    z = df_add2_f2_f(
        df_mul_f2_f(z, t),
        z0(
            -0.577_215_665_946_766_039_837,
            0.422_784_335_087_484_338_986,
        ),
    );
    z = df_mul_f2_f(z, t);
    let mut clc = if o2 { y } else { z };
    let clld = if o2 {
        df_add2_f2_f(df_mul_f_f(u, t), 1.0)
    } else {
        f2(1.0, 0.0)
    };
    let y = clln;
    clc = if otiny {
        f2_from_f64(41.588_830_833_596_718_565_03) // log(2^60)
    } else if oref {
        df_add2_f2_f2(f2_from_f64(1.144_729_885_849_400_163_9), df_neg(clc)) // log(pi)
    } else {
        clc
    };
    clln = if otiny {
        f2(1.0, 0.0)
    } else if oref {
        clln
    } else {
        clld
    };
    let denominator = if otiny {
        f2(a * (1_073_741_824.0f32 * 1_073_741_824.0f32), 0.0)
    } else if oref {
        let t = a - 4096.0 * cvt_trunc(a * (1.0 / 4096.0)) as f32;
        df_mul_f2_f2(clld, sinpifk(t))
    } else {
        y
    };
    (clc, df_div(clln, denominator))
}

/// `Sleef_lgammaf8_u10` (`xlgammaf_u1`): torch's `Vectorized<float>::lgamma()`.
pub fn sleef_lgammaf(a: f32) -> f32 {
    let (clc, ratio) = gammafk(a);
    let y = df_add2_f2_f2(clc, logk2f(df_abs(ratio)));
    let r = y.x + y.y;
    let is_int = a.trunc() == a;
    if a.is_infinite() || (a <= 0.0 && is_int) || (a.is_finite() && r.is_nan()) {
        f32::INFINITY
    } else {
        r
    }
}

// ---------------------------------------------------------------------------------------------
// ATen's Math.h (Cephes): digamma, trigamma, zeta, erfinv, i0.

/// The floating types these loops are written for, with the libm calls C++ makes for each.
pub trait SpecialFloat: Float + std::fmt::Debug {
    /// `a * b + c` as GCC contracts it in ATen's AVX2 kernels (one rounding).
    fn fused(a: Self, b: Self, c: Self) -> Self;
    fn lit(x: f64) -> Self;
    /// `pi / tan(pi * r)` for digamma's reflection, in double as ATen writes it for both types.
    fn pi_over_tan(r: f64) -> Self;
    /// `std::erf` (glibc's `erff` or `erf`).
    fn erf(self) -> Self;
}

impl SpecialFloat for f32 {
    fn fused(a: f32, b: f32, c: f32) -> f32 {
        a.mul_add(b, c)
    }
    fn lit(x: f64) -> f32 {
        x as f32
    }
    fn pi_over_tan(r: f64) -> f32 {
        (std::f64::consts::PI / (std::f64::consts::PI * r).tan()) as f32
    }
    fn erf(self) -> f32 {
        super::glibc::glibc_erff(self)
    }
}

impl SpecialFloat for f64 {
    fn fused(a: f64, b: f64, c: f64) -> f64 {
        a.mul_add(b, c)
    }
    fn lit(x: f64) -> f64 {
        x
    }
    fn pi_over_tan(r: f64) -> f64 {
        std::f64::consts::PI / (std::f64::consts::PI * r).tan()
    }
    fn erf(self) -> f64 {
        libm::erf(self)
    }
}

/// `calc_digamma`.
pub fn digamma<T: SpecialFloat>(mut x: T) -> T {
    let zero = T::zero();
    let one = T::one();
    if x == zero {
        // ±0 gives ∓inf.
        return if x.is_sign_negative() {
            T::infinity()
        } else {
            T::neg_infinity()
        };
    }
    if x < zero {
        if x == x.trunc() {
            return T::nan();
        }
        let r = x.to_f64().map_or(f64::NAN, |v| v.fract());
        return digamma(one - x) - T::pi_over_tan(r);
    }
    let mut result = zero;
    let ten = T::lit(10.0);
    while x < ten {
        result = result - one / x;
        x = x + one;
    }
    if x == ten {
        return result + T::lit(2.251_752_589_066_721_107_64);
    }
    const A: [f64; 7] = [
        8.333_333_333_333_333_333_33e-2,
        -2.109_279_609_279_609_279_61e-2,
        7.575_757_575_757_575_757_58e-3,
        -4.166_666_666_666_666_666_67e-3,
        3.968_253_968_253_968_253_97e-3,
        -8.333_333_333_333_333_333_33e-3,
        8.333_333_333_333_333_333_33e-2,
    ];
    let mut y = zero;
    if x < T::lit(1.0e17) {
        let z = one / (x * x);
        let mut p = zero;
        for a in A {
            p = T::fused(p, z, T::lit(a));
        }
        y = z * p;
    }
    result + x.ln() - (T::lit(0.5) / x) - y
}

/// `trigamma`.
pub fn trigamma<T: SpecialFloat>(mut x: T) -> T {
    let one = T::one();
    let mut sign = one;
    let mut result = T::zero();
    let pi = T::lit(std::f64::consts::PI);
    if x < T::lit(0.5) {
        sign = -one;
        let sin_pi_x = (pi * x).sin();
        result = result - (pi * pi) / (sin_pi_x * sin_pi_x);
        x = one - x;
    }
    for _ in 0..6 {
        result = result + one / (x * x);
        x = x + one;
    }
    let ixx = one / (x * x);
    let inner = T::fused(-ixx, one / T::lit(42.0), one / T::lit(30.0));
    let inner = T::fused(-ixx, inner, one / T::lit(6.0));
    let two = T::lit(2.0);
    result = result + T::fused(ixx, inner, one + one / (two * x)) / x;
    sign * result
}

/// Hurwitz zeta(x, q) (`zeta` of Math.h), accumulated in `A`: ATen's `acc_type` (double for a
/// float32 tensor, float for float16 and bfloat16), after a first term `first` = `std::pow(q, -x)`
/// computed in the tensor's own type.
pub fn zeta<A: SpecialFloat>(x: A, q: A, first: A) -> A {
    const COEFFICIENTS: [f64; 12] = [
        12.0,
        -720.0,
        30240.0,
        -1_209_600.0,
        47_900_160.0,
        -1.892_437_580_318_379_160_6e9,
        7.472_424_96e10,
        -2.950_130_727_918_164_224e12,
        1.164_678_281_435_006_724_9e14,
        -4.597_978_722_407_472_610_5e15,
        1.815_210_540_194_354_677_3e17,
        -7.166_165_256_175_667_011_3e18,
    ];
    let machep = A::lit(1.110_223_024_625_156_540_42e-16);
    let (zero, half, one) = (A::zero(), A::lit(0.5), A::one());
    if x == one {
        return A::infinity();
    }
    if x < one {
        return A::nan();
    }
    if q <= zero {
        if q == q.floor() {
            return A::infinity();
        }
        if x != x.floor() {
            return A::nan();
        }
    }
    let mut s = first;
    let mut a = q;
    let mut i = 0;
    let mut b = zero;
    while i < 9 || a <= A::lit(9.0) {
        i += 1;
        a = a + one;
        b = a.powf(-x);
        s = s + b;
        if -machep * s < b && b < machep * s {
            return s;
        }
    }
    let w = a;
    s = s + b * w / (x - one);
    s = s - half * b;
    a = one;
    let mut k = zero;
    for coefficient in COEFFICIENTS {
        a = a * (x + k);
        b = b / w;
        let t = a * b / A::lit(coefficient);
        s = s + t;
        if (t / s).abs() < machep {
            return s;
        }
        k = k + one;
        a = a * (x + k);
        b = b / w;
        k = k + one;
    }
    s
}

/// `calc_erfinv`: a rational first guess, then two Newton steps.
pub fn erfinv<T: SpecialFloat>(y: T) -> T {
    let a = [0.886_226_899, -1.645_349_621, 0.914_624_893, -0.140_543_331].map(T::lit);
    let b = [-2.118_377_725, 1.442_710_462, -0.329_097_515, 0.012_229_801].map(T::lit);
    let c = [-1.970_840_454, -1.624_906_493, 3.429_567_803, 1.641_345_311].map(T::lit);
    let d = [3.543_889_200, 1.637_067_800].map(T::lit);
    let one = T::one();
    let y_abs = y.abs();
    if y_abs > one {
        return T::nan();
    }
    if y_abs == one {
        return T::infinity().copysign(y);
    }
    let f = T::fused;
    let mut x = if y_abs <= T::lit(0.7) {
        let z = y * y;
        let num = f(f(f(a[3], z, a[2]), z, a[1]), z, a[0]);
        let dem = f(f(f(f(b[3], z, b[2]), z, b[1]), z, b[0]), z, one);
        y * num / dem
    } else {
        let z = (-((one - y_abs) / T::lit(2.0)).ln()).sqrt();
        let num = f(f(f(c[3], z, c[2]), z, c[1]), z, c[0]);
        let dem = f(f(d[1], z, d[0]), z, one);
        num.copysign(y) / dem
    };
    let two_over_sqrt_pi = T::lit(2.0) * T::lit(std::f64::consts::FRAC_2_SQRT_PI / 2.0);
    for _ in 0..2 {
        x = x - (x.erf() - y) / (two_over_sqrt_pi * (-x * x).exp());
    }
    x
}

/// `chbevl`: a Chebyshev series at x/2.
fn chbevl<T: SpecialFloat>(x: T, coefficients: &[f64]) -> T {
    let mut b0 = T::lit(coefficients[0]);
    let mut b1 = T::zero();
    let mut b2 = T::zero();
    for &c in &coefficients[1..] {
        b2 = b1;
        b1 = b0;
        b0 = T::fused(x, b1, -b2) + T::lit(c);
    }
    T::lit(0.5) * (b0 - b2)
}

const I0E_A: [f64; 30] = [
    -4.415_341_646_479_339_379_50e-18,
    3.330_794_518_822_238_097_83e-17,
    -2.431_279_846_547_954_693_59e-16,
    1.715_391_285_555_133_030_61e-15,
    -1.168_533_287_799_345_168_08e-14,
    7.676_185_498_604_935_616_88e-14,
    -4.856_446_783_111_929_460_90e-13,
    2.955_052_663_129_639_834_61e-12,
    -1.726_826_291_441_555_707_23e-11,
    9.675_809_035_373_236_912_24e-11,
    -5.189_795_601_635_262_906_66e-10,
    2.659_823_724_682_386_650_35e-9,
    -1.300_025_009_986_248_042_12e-8,
    6.046_995_022_541_918_949_32e-8,
    -2.670_793_853_940_611_733_91e-7,
    1.117_387_539_120_103_718_15e-6,
    -4.416_738_358_458_750_563_59e-6,
    1.644_844_807_072_889_708_93e-5,
    -5.754_195_010_082_103_703_98e-5,
    1.885_028_850_958_416_557_29e-4,
    -5.763_755_745_385_823_658_85e-4,
    1.639_475_616_941_335_798_42e-3,
    -4.324_309_995_050_575_944_30e-3,
    1.054_646_039_459_499_831_83e-2,
    -2.373_741_480_589_946_881_56e-2,
    4.930_528_423_967_070_848_78e-2,
    -9.490_109_704_804_764_442_10e-2,
    1.716_209_015_222_087_753_49e-1,
    -3.046_826_723_431_983_986_83e-1,
    6.767_952_744_094_760_849_95e-1,
];

const I0E_B: [f64; 25] = [
    -7.233_180_487_874_753_954_56e-18,
    -4.830_504_485_944_182_071_26e-18,
    4.465_621_420_296_759_999_01e-17,
    3.461_222_867_697_461_093_10e-17,
    -2.827_623_980_516_583_484_94e-16,
    -3.425_485_619_677_219_134_62e-16,
    1.772_560_133_056_526_383_60e-15,
    3.811_680_669_352_622_420_75e-15,
    -9.554_846_698_828_307_648_70e-15,
    -4.150_569_347_287_222_086_63e-14,
    1.540_086_217_521_409_826_91e-14,
    3.852_778_382_742_142_701_14e-13,
    7.180_124_451_383_666_233_67e-13,
    -1.794_178_531_506_806_117_78e-12,
    -1.321_581_184_044_771_311_88e-11,
    -3.149_916_527_963_241_364_54e-11,
    1.188_914_710_784_643_834_24e-11,
    4.940_602_388_224_969_589_10e-10,
    3.396_232_025_708_386_345_15e-9,
    2.266_668_990_498_178_064_59e-8,
    2.048_918_589_469_063_741_83e-7,
    2.891_370_520_834_756_482_97e-6,
    6.889_758_346_916_823_984_26e-5,
    3.369_116_478_255_694_089_90e-3,
    8.044_904_110_141_088_316_08e-1,
];

/// `calc_i0`: the modified Bessel function I0.
pub fn i0<T: SpecialFloat>(x: T) -> T {
    let x = x.abs();
    if x <= T::lit(8.0) {
        let y = (x / T::lit(2.0)) - T::lit(2.0);
        return x.exp() * chbevl(y, &I0E_A);
    }
    x.exp() * chbevl(T::lit(32.0) / x - T::lit(2.0), &I0E_B) / x.sqrt()
}

/// `polygamma(n, x)` for float32: digamma, trigamma, then `(-1)^(n+1) n! zeta(n + 1, x)` with the
/// factorial as `exp(lgamma(n + 1))` in float (glibc's `lgammaf` and `expf`).
pub fn polygamma_f32(n: u32, x: f32) -> f32 {
    match n {
        0 => digamma(x),
        1 => trigamma(x),
        _ => {
            let sign = if n % 2 == 1 { 1.0f32 } else { -1.0 };
            let factorial = super::libm::libm_lgamma(n as f32 + 1.0).exp();
            let order = (n + 1) as f32;
            let first = f64::from(x.powf(-order));
            sign * factorial * zeta(f64::from(order), f64::from(x), first) as f32
        }
    }
}

/// `polygamma(n, x)` for a float16 or bfloat16 value `x` (widened): ATen computes it in the 16-bit
/// type, with `zeta` accumulated in float and its result rounded by `round` before the products.
pub fn polygamma_reduced(n: u32, x: f32, round: impl Fn(f32) -> f32) -> f32 {
    match n {
        0 => digamma(x),
        1 => trigamma(x),
        _ => {
            let sign = if n % 2 == 1 { 1.0f32 } else { -1.0 };
            let factorial = super::libm::libm_lgamma(round(n as f32 + 1.0)).exp();
            let order = round((n + 1) as f32);
            let z = round(zeta(order, x, x.powf(-order)));
            sign * factorial * z
        }
    }
}

/// `polygamma(n, x)` for float64.
pub fn polygamma_f64(n: u32, x: f64) -> f64 {
    match n {
        0 => digamma(x),
        1 => trigamma(x),
        _ => {
            let sign = if n % 2 == 1 { 1.0 } else { -1.0 };
            let factorial = super::libm::libm_lgamma_f64(f64::from(n) + 1.0).exp();
            let order = f64::from(n + 1);
            sign * factorial * zeta(order, x, x.powf(-order))
        }
    }
}

/// `torch.erfinv` on float32: MKL's `vsErfInv` in torch (closed source); here the correctly rounded
/// value (ATen's double loop, rounded), within one ulp of it.
pub fn erfinv_f32(y: f32) -> f32 {
    erfinv(f64::from(y)) as f32
}

/// `logit` over a float32 array as ATen's `LogitMKLKernel` runs it: `x / (1 - x)` (x clamped to
/// [eps, 1 - eps] first when eps is given; x = 1 gives inf), then MKL's `vsLn` ([`super::log`]).
pub fn logit(xs: &mut [f32], eps: Option<f32>) {
    for v in xs.iter_mut() {
        let mut x = *v;
        if let Some(lo) = eps {
            let hi = 1.0 - lo;
            x = if x < lo {
                lo
            } else if x > hi {
                hi
            } else {
                x
            };
        }
        *v = if x == 1.0 {
            f32::INFINITY
        } else {
            x / (1.0 - x)
        };
    }
    super::log(xs);
}
