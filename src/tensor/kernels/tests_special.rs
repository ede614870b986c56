//! The special functions replayed against `tests/data/kernels/special_values.txt`, which
//! `tools/kernels/gen_special.py` recorded from torch 2.15 (CPU, AVX2 kernels).

use super::special::*;
use super::tests_unary::{Case, check_in};

const DATA: &str = include_str!("../../../tests/data/kernels/special_values.txt");

fn compute(c: &Case) -> Vec<f32> {
    let polygamma = |n: u32| {
        c.input
            .iter()
            .map(|&x| polygamma_f32(n, x))
            .collect::<Vec<_>>()
    };
    match c.op.as_str() {
        "lgamma" => c.input.iter().map(|&x| sleef_lgammaf(x)).collect(),
        "digamma" => c.input.iter().map(|&x| digamma(x)).collect(),
        "erfinv" => c.input.iter().map(|&x| erfinv_f32(x)).collect(),
        "i0" => c.input.iter().map(|&x| i0(x)).collect(),
        "trigamma" => polygamma(1),
        "polygamma2" => polygamma(2),
        "polygamma3" => polygamma(3),
        "logit" | "logit_eps" => {
            let mut y = c.input.clone();
            logit(&mut y, (c.op == "logit_eps").then_some(0.05));
            y
        }
        other => panic!("unknown op {other}"),
    }
}

fn check(op: &str) -> (usize, usize, u32, Option<String>) {
    check_in(DATA, op, compute)
}

/// SLEEF's lgamma and ATen's own loops: the same bits as torch, every value.
#[test]
fn special_functions_match_torch_exactly() {
    for op in [
        "lgamma",
        "digamma",
        "i0",
        "trigamma",
        "polygamma2",
        "polygamma3",
        "logit",
    ] {
        let (bad, total, worst, first) = check(op);
        assert!(total > 4000, "{op}: only {total} values");
        assert_eq!(
            bad, 0,
            "{op}: {bad}/{total} differ, max {worst} ulp, first {first:?}"
        );
    }
}

/// torch calls MKL for erfinv (`vsErfInv`) and for logit's log (`vsLn`): within one ulp, at most at
/// the rates measured when this was written.
#[test]
fn mkl_special_functions_within_one_ulp() {
    for (op, max_rate) in [("erfinv", 0.006), ("logit_eps", 0.001)] {
        let (bad, total, worst, first) = check(op);
        let rate = bad as f64 / total as f64;
        eprintln!("{op}: {bad} / {total} differ, max {worst} ulp, first {first:?}");
        assert!(total > 4000, "{op}: only {total} values");
        assert!(worst <= 1, "{op}: {worst} ulp from torch");
        assert!(rate <= max_rate, "{op}: mismatch rate {rate}");
    }
}
