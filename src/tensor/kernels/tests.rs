//! Every kernel replayed against the values torch computed for the same inputs.

use super::*;

/// Values recorded from torch 2.15 (CPU) by `tools/kernels/gen.py`.
const DATA: &str = include_str!("../../../tests/data/kernels/torch_values.txt");

struct Case<'a> {
    line: usize,
    op: &'a str,
    params: Vec<&'a str>,
    input: Vec<f32>,
    output: Vec<f32>,
}

fn parse_bits(s: &str) -> Vec<f32> {
    s.split_whitespace()
        .map(|h| f32::from_bits(u32::from_str_radix(h, 16).expect("hex")))
        .collect()
}

fn cases() -> Vec<Case<'static>> {
    DATA.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let mut parts = l.split(':');
            let head = parts.next().expect("head");
            let input = parse_bits(parts.next().expect("input"));
            let output = parse_bits(parts.next().expect("output"));
            let mut words = head.split_whitespace();
            let op = words.next().expect("op");
            Case {
                line: i + 1,
                op,
                params: words.collect(),
                input,
                output,
            }
        })
        .collect()
}

/// Same bits; any NaN matches any NaN (torch's NaN payloads are not part of the
/// contract).
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

fn param(c: &Case, i: usize) -> usize {
    c.params[i].parse().expect("param")
}

/// Rebuilds the input of the big synthetic cases exactly as `synth()` of gen.py:
/// n values `((i * 2654435761 + seed * 40503) mod 2^32 >> 8) * 2^-23 - 1`, times
/// `scale`. The size is the product of the leading size parameters.
fn synth(c: &Case, scale: f32) -> Vec<f32> {
    let (n, seed) = match c.op {
        "softmaxdimwin" => (param(c, 0) * param(c, 1) * param(c, 2), param(c, 4)),
        "lnstatssynth" => (param(c, 0), param(c, 1)),
        _ => (param(c, 0), param(c, 2)),
    };
    synth_seed(n, seed).iter().map(|v| v * scale).collect()
}

fn synth_seed(n: usize, seed: usize) -> Vec<f32> {
    (0..n as u64)
        .map(|i| {
            let u = (i * 2_654_435_761 + seed as u64 * 40_503) % (1u64 << 32);
            (u >> 8) as f32 * (1.0 / 8_388_608.0) - 1.0
        })
        .collect()
}

fn compute(c: &Case) -> Vec<f32> {
    let x = &c.input;
    match c.op {
        "sum" => vec![sum_inner(x)],
        "sumthreads" => vec![sum_inner_threads(&synth(c, 1.0), param(c, 1))],
        "sumrows" => x.chunks(param(c, 1)).map(sum_inner).collect(),
        "sumouter" => sum_outer(x, param(c, 0), param(c, 1)),
        "moments" => vec![
            mean_inner(x),
            var_all(x, 1.0),
            var_all(x, 0.0),
            std_all(x, 1.0),
            std_all(x, 0.0),
        ],
        "momentsthreads" => {
            let (x, t) = (synth(c, 1.0), param(c, 1));
            vec![
                mean_inner_threads(&x, t),
                var_all_threads(&x, 1.0, t),
                std_all_threads(&x, 0.0, t),
            ]
        }
        "sigmoidthreads" => {
            let mut y = synth(c, 8.0);
            sigmoid_threads(&mut y, param(c, 1));
            let (start, len) = (param(c, 3), param(c, 4));
            y[start..start + len].to_vec()
        }
        "softmaxdimwin" => {
            let (o, d, i, t) = (param(c, 0), param(c, 1), param(c, 2), param(c, 3));
            let mut a = synth(c, 4.0);
            let mut b = a.clone();
            softmax_dim(&mut a, o, d, i, t);
            log_softmax_dim(&mut b, o, d, i);
            a.extend(b);
            let (start, len) = (param(c, 5), param(c, 6));
            a[start..start + len].to_vec()
        }
        "momentsrows" => {
            let rows: Vec<&[f32]> = x.chunks(param(c, 1)).collect();
            let mut v: Vec<f32> = rows.iter().map(|r| mean_inner(r)).collect();
            v.extend(rows.iter().map(|r| var_inner(r, 1.0)));
            v.extend(rows.iter().map(|r| var_inner(r, 0.0)));
            v.extend(rows.iter().map(|r| std_inner(r, 1.0)));
            v.extend(rows.iter().map(|r| std_inner(r, 0.0)));
            v
        }
        "softmax" => {
            let n = param(c, 1);
            let mut a = x.clone();
            let mut b = x.clone();
            a.chunks_mut(n).for_each(softmax_row);
            b.chunks_mut(n).for_each(log_softmax_row);
            a.extend(b);
            a
        }
        "softmaxdim" => {
            let (o, d, i, t) = (param(c, 0), param(c, 1), param(c, 2), param(c, 3));
            let mut a = x.clone();
            let mut b = x.clone();
            softmax_dim(&mut a, o, d, i, t);
            log_softmax_dim(&mut b, o, d, i);
            a.extend(b);
            a
        }
        "layernorm" => {
            let (r, n) = (param(c, 0), param(c, 1));
            let eps: f64 = c.params[2].parse().expect("eps");
            let mut y = x[..r * n].to_vec();
            let rest = &x[r * n..];
            let (w, b) = match c.params[3] {
                "wb" => (Some(&rest[..n]), Some(&rest[n..2 * n])),
                "w" => (Some(&rest[..n]), None),
                "b" => (None, Some(&rest[..n])),
                _ => (None, None),
            };
            y.chunks_mut(n)
                .for_each(|row| layer_norm_row(row, w, b, eps));
            y
        }
        "lnstatssynth" => {
            let k = c.params[2].parse::<i32>().expect("k");
            let off = f32::from_bits(u32::from_str_radix(c.params[3], 16).expect("offset"));
            let a = synth(c, 1.0);
            let b = synth_seed(a.len(), param(c, 1) + 7);
            let x: Vec<f32> = a
                .iter()
                .zip(&b)
                .map(|(u, v)| u * v * 2.0f32.powi(k) + off)
                .collect();
            let (m, r) = layer_norm_stats(&x, 1e-5);
            vec![m, r]
        }
        "lnstats" => {
            let n = param(c, 0);
            let eps: f64 = c.params[1].parse().expect("eps");
            let (m, r) = layer_norm_stats(&x[..n], eps);
            vec![m, r]
        }
        op => {
            let mut y = x.clone();
            match op {
                "exp" => exp(&mut y),
                "log" => log(&mut y),
                "sin" => sin(&mut y),
                "cos" => cos(&mut y),
                "tanh" => tanh(&mut y),
                "sigmoid" => sigmoid(&mut y),
                "sqrt" => sqrt(&mut y),
                "rsqrt" => rsqrt(&mut y),
                "relu" => relu(&mut y),
                _ => panic!("unknown op {op}"),
            }
            y
        }
    }
}

/// Compares every case of `ops`; returns (mismatches, compared, max ulp distance).
fn check(ops: &[&str]) -> (usize, usize, u32) {
    let (mut bad, mut total, mut worst) = (0, 0, 0);
    let all = cases();
    for c in all.iter().filter(|c| ops.contains(&c.op)) {
        let got = compute(c);
        assert_eq!(got.len(), c.output.len(), "line {}", c.line);
        for (i, (&g, &w)) in got.iter().zip(&c.output).enumerate() {
            total += 1;
            if !same(g, w) {
                bad += 1;
                worst = worst.max(ulps(g, w));
                if bad <= 5 {
                    eprintln!(
                        "line {} {} {:?}[{i}]: got {g:e} want {w:e}",
                        c.line, c.op, c.params
                    );
                }
            }
        }
    }
    (bad, total, worst)
}

fn assert_exact(ops: &[&str], min_values: usize) {
    let (bad, total, _) = check(ops);
    eprintln!("{ops:?}: {total} values compared, {bad} differ");
    assert!(total >= min_values, "{ops:?}: only {total} values compared");
    assert_eq!(bad, 0, "{ops:?}: {bad} of {total} values differ from torch");
}

#[test]
fn avx2_softmax_matches_the_lane_version_bit_for_bit() {
    let mut rng = 12345u64;
    let mut next = || {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((rng >> 33) as f32 / (1u64 << 31) as f32 - 0.5) * 60.0
    };
    for len in [1usize, 3, 7, 8, 9, 16, 31, 128, 130, 1000] {
        for case in 0..6 {
            let mut row: Vec<f32> = (0..len).map(|_| next()).collect();
            match case {
                1 => row.iter_mut().step_by(3).for_each(|x| *x = -1e10),
                2 => row[0] = f32::NAN,
                3 => row[len / 2] = f32::INFINITY,
                4 => row.iter_mut().for_each(|x| *x *= 10.0),
                5 => row.iter_mut().for_each(|x| *x = -1e10),
                _ => {}
            }
            let mut a = row.clone();
            let mut b = row.clone();
            softmax_row(&mut a);
            softmax_row_lanes(&mut b);
            let bits = |v: &[f32]| {
                v.iter()
                    .map(|x| if x.is_nan() { 0x7fc0_0000 } else { x.to_bits() })
                    .collect::<Vec<_>>()
            };
            assert_eq!(bits(&a), bits(&b), "len {len} case {case}");
        }
    }
}

#[test]
fn sums_match_torch() {
    assert_exact(&["sum", "sumrows", "sumthreads"], 600);
    assert_exact(&["sumouter"], 2000);
}

#[test]
fn mean_var_std_match_torch() {
    assert_exact(&["moments", "momentsthreads"], 1000);
    assert_exact(&["momentsrows"], 2000);
}

#[test]
fn softmax_and_log_softmax_match_torch() {
    assert_exact(&["softmax"], 40000);
}

#[test]
fn softmax_other_dims_match_torch() {
    assert_exact(&["softmaxdim"], 5000);
    assert_exact(&["softmaxdimwin"], 1000);
}

#[test]
fn layer_norm_matches_torch() {
    assert_exact(&["layernorm"], 20000);
    assert_exact(&["lnstats", "lnstatssynth"], 2500);
}

#[test]
fn exact_elementwise_match_torch() {
    assert_exact(&["sigmoid", "sigmoidthreads"], 2000);
    assert_exact(&["relu"], 2000);
    assert_exact(&["rsqrt"], 2000);
}

/// torch uses MKL VML for these; ours are correctly rounded (sin, cos: SLEEF u10, which
/// is closer to MKL, see `unary::sin`). They must stay within
/// one ulp of torch, with the mismatch rate measured when this was written.
#[test]
fn mkl_elementwise_within_one_ulp() {
    for (op, max_rate) in [
        ("exp", 0.02),
        ("log", 0.10),
        ("sin", 0.06),
        ("cos", 0.07),
        ("tanh", 0.01),
        ("sqrt", 0.25),
    ] {
        let (bad, total, worst) = check(&[op]);
        let rate = bad as f64 / total as f64;
        eprintln!(
            "{op}: {bad} / {total} differ from torch ({:.2}%), max {worst} ulp",
            rate * 100.0
        );
        assert!(total >= 2000, "{op}: only {total} values");
        assert!(worst <= 1, "{op}: {worst} ulp from torch");
        assert!(rate <= max_rate, "{op}: mismatch rate {rate}");
    }
}

#[test]
fn sleef_exp_log_reference_points() {
    // Spot values from torch: softmax of [0, 1] is [1/(1+e), e/(1+e)].
    let mut row = [0.0f32, 1.0];
    softmax_row(&mut row);
    assert!((row[0] + row[1] - 1.0).abs() < 1e-6);
    let mut v = [
        0.0f32,
        f32::NEG_INFINITY,
        f32::INFINITY,
        f32::NAN,
        -200.0,
        200.0,
    ];
    vec_exp(&mut v);
    assert_eq!(&v[..3], &[1.0, 0.0, f32::INFINITY]);
    assert!(v[3].is_nan());
    assert_eq!(&v[4..], &[0.0, f32::INFINITY]);
    let mut l = [1.0f32, 0.0, -1.0, f32::INFINITY, 1e-45];
    vec_log(&mut l);
    assert_eq!(&l[..2], &[0.0, f32::NEG_INFINITY]);
    assert!(l[2].is_nan());
    assert_eq!(l[3], f32::INFINITY);
    assert!((l[4] - f64::from(1e-45f32).ln() as f32).abs() < 1e-3);
}

#[test]
fn never_panics_on_odd_shapes() {
    let mut empty: [f32; 0] = [];
    softmax_row(&mut empty);
    log_softmax_row(&mut empty);
    layer_norm_row(&mut empty, None, None, 1e-5);
    assert_eq!(sum_inner(&empty), 0.0);
    assert!(mean_inner(&empty).is_nan());
    assert!(var_all(&empty, 1.0).is_nan());
    assert!(var_inner(&empty, 1.0).is_nan());
    assert_eq!(sum_outer(&[1.0, 2.0, 3.0], 5, 2), vec![1.0, 2.0]);
    assert!(sum_outer(&[1.0], 1, 0).is_empty());
    let mut d = [1.0f32, 2.0, 3.0];
    softmax_dim(&mut d, 5, 0, 3, 0);
    softmax_dim(&mut d, 1, 2, 2, 4);
    log_softmax_dim(&mut d, usize::MAX, usize::MAX, 2);
    let mut r = [1.0f32, 2.0, 3.0];
    layer_norm_row(&mut r, Some(&[1.0]), Some(&[0.0; 3]), 1e-5);
    assert_eq!(sum_inner_threads(&[1.0; 40000], 0), 40000.0);
    assert_eq!(sum_inner_threads(&[1.0; 40000], usize::MAX), 40000.0);
    let mut s = vec![0.5f32; 40000];
    sigmoid_threads(&mut s, 3);
    gelu(&mut empty);
    let big = [f32::MAX, -f32::MAX, f32::NAN, f32::INFINITY];
    assert!(sum_inner(&big).is_nan());
    assert!(!var_all_threads(&[1.0; 70000], 1.0, 7).is_nan());
}
