//! The elementwise kernels replayed against `tests/data/kernels/unary_values.txt`, which
//! `tools/kernels/gen_unary.py` recorded from torch 2.15 (CPU).

use super::*;

const DATA: &str = include_str!("../../../tests/data/kernels/unary_values.txt");

pub(super) struct Case {
    pub(super) line: usize,
    pub(super) op: String,
    pub(super) params: Vec<String>,
    pub(super) input: Vec<f32>,
    pub(super) output: Vec<f32>,
}

fn parse_bits(s: &str) -> Vec<f32> {
    s.split_whitespace()
        .map(|h| f32::from_bits(u32::from_str_radix(h, 16).expect("hex")))
        .collect()
}

/// The lines of a `tools/kernels` data file for `op`.
fn cases_in(data: &str, op: &str) -> Vec<Case> {
    data.lines()
        .enumerate()
        .filter(|(_, l)| l.split_whitespace().next() == Some(op))
        .map(|(i, l)| {
            let mut parts = l.split(':');
            let mut head = parts.next().expect("head").split_whitespace();
            let op = head.next().expect("op").to_string();
            Case {
                line: i + 1,
                op,
                params: head.map(str::to_string).collect(),
                input: parse_bits(parts.next().expect("input")),
                output: parse_bits(parts.next().expect("output")),
            }
        })
        .collect()
}

/// Same bits; any NaN matches any NaN (torch's NaN payloads are not part of the contract).
fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn ulps(a: f32, b: f32) -> u32 {
    let key = |x: f32| {
        let b = x.to_bits() as i32;
        if b < 0 { i32::MIN - b } else { b }
    };
    key(a).abs_diff(key(b))
}

fn compute(c: &Case) -> Vec<f32> {
    let mut y = c.input.clone();
    match c.op.as_str() {
        "expm1" => expm1(&mut y),
        "log1p" => log1p(&mut y),
        "gelu" => gelu(&mut y),
        // torch on a CPU with AVX-512 (oneDNN's other kernel); one element is ATen's path.
        "gelu512" if y.len() > 1 => {
            for x in y.iter_mut() {
                *x = super::onednn::onednn_gelu_erf_avx512(*x);
            }
        }
        "gelu512" => gelu(&mut y),
        "gelutanh" => gelu_tanh(&mut y),
        "sin" => sin(&mut y),
        "cos" => cos(&mut y),
        "exp" => exp(&mut y),
        "log" => log(&mut y),
        "tanh" => tanh(&mut y),
        "atan" => atan(&mut y),
        "log10" => log10(&mut y),
        "log2" => log2(&mut y),
        "erf" => erf(&mut y),
        "lerp" => {
            let n: usize = c.params[0].parse().expect("n");
            let w: f64 = c.params[1].parse().expect("weight");
            let (start, end) = c.input.split_at(n);
            y = start
                .iter()
                .zip(end)
                .map(|(&s, &e)| lerp_one(s, e, w as f32))
                .collect();
        }
        other => panic!("unknown op {other}"),
    }
    y
}

/// (mismatches, compared, worst ulp distance, first mismatch) over every case of `op`.
fn check(op: &str) -> (usize, usize, u32, Option<String>) {
    check_in(DATA, op, compute)
}

/// [`check`] over another data file, with its own `compute`.
pub(super) fn check_in(
    data: &str,
    op: &str,
    compute: fn(&Case) -> Vec<f32>,
) -> (usize, usize, u32, Option<String>) {
    let (mut bad, mut total, mut worst, mut first) = (0, 0, 0, None);
    for c in cases_in(data, op) {
        let got = compute(&c);
        assert_eq!(got.len(), c.output.len(), "line {}", c.line);
        for (k, (&g, &w)) in got.iter().zip(&c.output).enumerate() {
            total += 1;
            if !same(g, w) {
                bad += 1;
                worst = worst.max(ulps(g, w));
                let x = c.input[k];
                first.get_or_insert_with(|| {
                    format!(
                        "line {} x={x:e} ({:08x}): got {g:e}, torch {w:e}",
                        c.line,
                        x.to_bits()
                    )
                });
            }
        }
    }
    (bad, total, worst, first)
}

fn assert_exact(op: &str, min_values: usize) {
    let (bad, total, worst, first) = check(op);
    assert!(total >= min_values, "{op}: only {total} values");
    assert_eq!(
        bad, 0,
        "{op}: {bad} / {total} differ (max {worst} ulp), first {first:?}"
    );
}

#[test]
fn expm1_matches_torch() {
    assert_exact("expm1", 4900);
}

#[test]
fn log1p_matches_torch() {
    assert_exact("log1p", 4900);
}

#[test]
fn gelu_matches_torch() {
    assert_exact("gelu", 4900);
}

#[test]
fn gelu_avx512_kernel_matches_torch_on_avx512() {
    assert_exact("gelu512", 4900);
}

#[test]
fn gelu_tanh_matches_torch() {
    assert_exact("gelutanh", 4900);
}

#[test]
fn lerp_matches_torch() {
    assert_exact("lerp", 15000);
}

/// torch calls MKL VML for these (closed source); ours stay within one ulp of it, at most
/// at the rates measured when this was written (in brackets: the rate of the correctly
/// rounded value, where ours is something else).
#[test]
fn mkl_functions_within_one_ulp() {
    for (op, max_rate) in [
        ("sin", 0.016),   // SLEEF sinf_u10: 1.47% [4.31%]
        ("cos", 0.026),   // SLEEF cosf_u10: 2.52% [4.37%]
        ("exp", 0.007),   // 0.62%
        ("log", 0.05),    // 4.78%
        ("tanh", 0.001),  // 0 of 4962
        ("atan", 0.038),  // the platform's atanf (glibc): 3.73% [4.64%]
        ("log10", 0.001), // 2 of 4962
        ("log2", 0.001),  // 2 of 4962
        ("erf", 0.016),   // 1.51%
    ] {
        let (bad, total, worst, first) = check(op);
        let rate = bad as f64 / total as f64;
        eprintln!(
            "{op}: {bad} / {total} differ ({:.2}%), max {worst} ulp, first {first:?}",
            rate * 100.0
        );
        assert!(total >= 4900, "{op}: only {total} values");
        assert!(worst <= 1, "{op}: {worst} ulp from torch");
        assert!(rate <= max_rate, "{op}: mismatch rate {rate}");
    }
}

/// Beyond SLEEF's range (|x| >= 125) sin and cos reduce the argument in double themselves: every float
/// sampled from 125 to 2^21 (every 29th, both signs: about 8 million values) rounds to the same value as the C
/// library's double sin/cos rounded to float.
#[test]
fn wide_sin_cos_match_the_double_libm_rounded() {
    let mut xs = Vec::new();
    let (lo, hi) = (125.0f32.to_bits(), 2_097_152.0f32.to_bits());
    let mut b = lo;
    while b < hi {
        let x = f32::from_bits(b);
        xs.push(x);
        xs.push(-x);
        b += 29;
    }
    xs.extend([
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        1_048_575.9,
        1_048_576.0,
        3.0e38,
    ]);
    let (mut s, mut c) = (xs.clone(), xs.clone());
    sin(&mut s);
    cos(&mut c);
    let mut bad = 0;
    for ((&x, &sv), &cv) in xs.iter().zip(&s).zip(&c) {
        let (es, ec) = (f64::from(x).sin() as f32, f64::from(x).cos() as f32);
        if sv.to_bits() != es.to_bits() && !(sv.is_nan() && es.is_nan()) {
            bad += 1;
        }
        if cv.to_bits() != ec.to_bits() && !(cv.is_nan() && ec.is_nan()) {
            bad += 1;
        }
    }
    assert!(xs.len() > 2_000_000);
    assert_eq!(bad, 0, "{bad} of {} values differ", 2 * xs.len());
}
