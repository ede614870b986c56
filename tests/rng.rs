//! The seeded generator against PyTorch: the recorded draws of `tools/rng/gen.py` (tests/data/rng/) for
//! every random op, on both of PyTorch's CPU kernels (AVX2 and the baseline), plus the generator's own rules.//! The recorded PyTorch draws live in `tests/data/rng/{avx2,baseline}.json`, written by `tools/rng/gen.py`
//! (see its docstring for the format).

use serde::Deserialize;
use transformer_tutor::tensor::random::*;

/// A Python float recorded as its repr (JSON has no nan/inf; Rust's `parse` is exact).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(try_from = "String")]
struct PyFloat(f64);

impl TryFrom<String> for PyFloat {
    type Error = std::num::ParseFloatError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse().map(PyFloat)
    }
}

/// A float32 bit pattern (or a 64-bit checksum) recorded as hex, `0x3efe1558`.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(try_from = "String")]
struct Hex(u64);

impl TryFrom<String> for Hex {
    type Error = String;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        let hex = s
            .strip_prefix("0x")
            .ok_or_else(|| format!("{s:?} is not 0x..."))?;
        u64::from_str_radix(hex, 16)
            .map(Hex)
            .map_err(|e| format!("{s:?}: {e}"))
    }
}

#[derive(Clone, Copy, Debug, Deserialize)]
enum Op {
    Seed(u64),
    Rand(usize),
    Uniform(usize, PyFloat, PyFloat),
    Randn(usize),
    Normal(usize, PyFloat, PyFloat),
    Linear(usize, usize, bool),
    Embedding(usize, usize),
    Randint(usize, i64, i64),
    RandomI64(usize),
    Randperm(usize),
    Bernoulli(usize, PyFloat),
    Dropout(usize, PyFloat),
}

#[derive(Debug, Deserialize)]
enum Expect {
    Nothing,
    F32(Vec<Hex>),
    Summary {
        len: usize,
        fnv: Hex,
        first: Hex,
        last: Hex,
    },
    I64(Vec<i64>),
}

#[derive(Deserialize)]
struct Case {
    cat: String,
    name: String,
    seed: u64,
    steps: Vec<(Op, Expect)>,
}

/// One file of `tests/data/rng`.
#[derive(Deserialize)]
struct Recorded {
    torch: String,
    cpu_capability: String,
    default_seed: u64,
    cases: Vec<Case>,
}

fn load(json: &str, file: &str, count: usize) -> Recorded {
    let recorded: Recorded = serde_json::from_str(json).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(recorded.cases.len(), count, "{file}: number of cases");
    recorded
}

/// Draws recorded with PyTorch's AVX2 kernels (`ATEN_CPU_CAPABILITY=avx2`).
fn avx2() -> Recorded {
    let json = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/rng/avx2.json"
    ));
    load(json, "avx2.json", 214)
}

/// Draws recorded with PyTorch's baseline kernels (`ATEN_CPU_CAPABILITY=default`).
fn baseline() -> Recorded {
    let json = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/rng/baseline.json"
    ));
    load(json, "baseline.json", 138)
}

enum Out {
    None,
    F32(Vec<f32>),
    I64(Vec<i64>),
}

/// The dropout input used by gen.py:
/// `(torch.arange(n, dtype=torch.float32) - (n // 2)) * 0.37`.
fn dropout_input(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| (i as f32 - (n / 2) as f32) * 0.37f64 as f32)
        .collect()
}

fn run(rng: &mut Generator, op: Op) -> Out {
    match op {
        Op::Seed(s) => {
            rng.manual_seed(s);
            Out::None
        }
        Op::Rand(n) => Out::F32(rng.uniform_f32(n, 0.0, 1.0)),
        Op::Uniform(n, a, b) => Out::F32(rng.uniform_f32(n, a.0, b.0)),
        Op::Randn(n) => Out::F32(rng.normal_f32(n, 0.0, 1.0)),
        Op::Normal(n, m, s) => Out::F32(rng.normal_f32(n, m.0, s.0)),
        Op::Linear(i, o, b) => {
            let (mut w, bias) = linear_init(rng, i, o, b);
            assert_eq!(w.len(), i * o);
            assert_eq!(bias.is_some(), b);
            w.extend(bias.unwrap_or_default());
            Out::F32(w)
        }
        Op::Embedding(n, d) => Out::F32(embedding_init(rng, n, d, None)),
        Op::Randint(n, lo, hi) => Out::I64(rng.randint_i64(n, lo, hi)),
        Op::RandomI64(n) => Out::I64(
            (0..n)
                .map(|_| (rng.random_u64() % (1u64 << 63)) as i64)
                .collect(),
        ),
        Op::Randperm(n) => Out::I64(rng.randperm(n)),
        Op::Bernoulli(n, p) => Out::F32(rng.bernoulli_f32(n, p.0)),
        Op::Dropout(n, p) => Out::F32(rng.dropout_f32(&dropout_input(n), p.0)),
    }
}

fn fnv1a(bits: &[u32]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for w in bits {
        for b in w.to_le_bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}

fn check(case: &Case, step: usize, expect: &Expect, out: &Out) {
    let what = format!("{} / seed {} / step {step}", case.name, case.seed);
    match (expect, out) {
        (Expect::Nothing, Out::None) => {}
        (Expect::F32(want), Out::F32(got)) => {
            let got: Vec<u32> = got.iter().map(|v| v.to_bits()).collect();
            assert_eq!(got.len(), want.len(), "{what}: length");
            for (i, (&g, &Hex(w))) in got.iter().zip(want.iter()).enumerate() {
                assert_eq!(
                    u64::from(g),
                    w,
                    "{what}: element {i}: got {} want {}",
                    f32::from_bits(g),
                    f32::from_bits(w as u32)
                );
            }
        }
        (
            Expect::Summary {
                len,
                fnv,
                first,
                last,
            },
            Out::F32(got),
        ) => {
            let got: Vec<u32> = got.iter().map(|v| v.to_bits()).collect();
            assert_eq!(got.len(), *len, "{what}: length");
            assert_eq!(
                got.first().map(|&b| u64::from(b)),
                Some(first.0),
                "{what}: first"
            );
            assert_eq!(
                got.last().map(|&b| u64::from(b)),
                Some(last.0),
                "{what}: last"
            );
            assert_eq!(fnv1a(&got), fnv.0, "{what}: checksum");
        }
        (Expect::I64(want), Out::I64(got)) => assert_eq!(got, want, "{what}"),
        _ => panic!("{what}: output kind mismatch"),
    }
}

/// Runs every case of `cat` for `kernel`; returns how many steps were compared.
fn run_cases(cases: &[Case], kernel: CpuKernel, cat: &str) -> usize {
    let mut compared = 0;
    for case in cases.iter().filter(|c| c.cat == cat) {
        let mut rng = Generator::with_kernel(case.seed, kernel);
        for (i, (op, expect)) in case.steps.iter().enumerate() {
            let out = run(&mut rng, *op);
            check(case, i, expect, &out);
            compared += 1;
        }
    }
    assert!(compared > 0, "no cases for {cat}");
    compared
}

macro_rules! torch_tests {
    ($recorded:ident, $kernel:expr, $($name:ident => $cat:literal),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                run_cases(&$recorded().cases, $kernel, $cat);
            }
        )*
    };
}

torch_tests!(
    avx2,
    CpuKernel::Avx2,
    avx2_rand => "rand",
    avx2_randn => "randn",
    avx2_interleave => "interleave",
    avx2_linear => "linear",
    avx2_embedding => "embedding",
    avx2_randint => "randint",
    avx2_randperm => "randperm",
    avx2_bernoulli => "bernoulli",
    avx2_dropout => "dropout",
    avx2_generator => "generator",
);

torch_tests!(
    baseline,
    CpuKernel::Baseline,
    baseline_rand => "rand",
    baseline_randn => "randn",
    baseline_interleave => "interleave",
    baseline_linear => "linear",
    baseline_embedding => "embedding",
    baseline_generator => "generator",
);

#[test]
fn default_seed_matches_torch_generator() {
    let (avx2, baseline) = (avx2(), baseline());
    assert_eq!(DEFAULT_SEED, avx2.default_seed);
    assert_eq!(DEFAULT_SEED, baseline.default_seed);
    assert_eq!(Generator::default().initial_seed(), DEFAULT_SEED);
    assert!(avx2.torch.starts_with("2."));
    assert_eq!(avx2.torch, baseline.torch);
    assert_eq!(avx2.cpu_capability, "AVX2");
    assert_eq!(baseline.cpu_capability, "DEFAULT");
}

#[test]
fn generator_case_uses_default_constructor() {
    let recorded = avx2();
    let case = recorded
        .cases
        .iter()
        .find(|c| c.name == "torch.Generator()")
        .expect("case present");
    let mut rng = Generator::default();
    for (i, (op, expect)) in case.steps.iter().enumerate() {
        let out = run(&mut rng, *op);
        check(case, i, expect, &out);
    }
}

#[test]
fn seed_keeps_64_bits_but_engine_uses_low_32() {
    let mut a = Generator::new((1 << 32) + 5);
    let mut b = Generator::new(5);
    assert_eq!(a.initial_seed(), (1 << 32) + 5);
    assert_eq!(a.random_u32(), b.random_u32());
}

#[test]
fn random_u64_is_two_draws_high_first() {
    let mut a = Generator::new(7);
    let mut b = a.clone();
    for _ in 0..1000 {
        let hi = u64::from(b.random_u32());
        let lo = u64::from(b.random_u32());
        assert_eq!(a.random_u64(), (hi << 32) | lo);
    }
}

#[test]
fn clone_is_independent_and_carries_normal_cache() {
    let mut a = Generator::new(3);
    let _ = a.normal_f32(1, 0.0, 1.0); // leaves a cached sample
    let mut b = a.clone();
    assert_eq!(a.normal_f32(3, 0.0, 1.0), b.normal_f32(3, 0.0, 1.0));
    let _ = a.uniform_f32(10, 0.0, 1.0);
    assert_ne!(a.uniform_f32(1, 0.0, 1.0), b.uniform_f32(1, 0.0, 1.0));
}

#[test]
fn manual_seed_clears_normal_cache() {
    let mut a = Generator::new(11);
    let first = a.normal_f32(1, 0.0, 1.0);
    a.manual_seed(11);
    assert_eq!(a.normal_f32(1, 0.0, 1.0), first);
}

#[test]
fn state_regenerates_past_624_words() {
    let mut a = Generator::new(1);
    let v: Vec<u32> = (0..2000).map(|_| a.random_u32()).collect();
    let mut b = Generator::new(1);
    let w: Vec<u32> = (0..2000).map(|_| b.random_u32()).collect();
    assert_eq!(v, w);
    assert_ne!(v[..624], v[624..1248]);
}

#[test]
fn degenerate_arguments_do_not_panic() {
    let mut g = Generator::new(0);
    assert!(g.randint_i64(4, 5, 5).is_empty());
    assert!(g.randint_i64(4, 6, 5).is_empty());
    assert_eq!(g.randint_i64(3, i64::MIN, i64::MAX).len(), 3);
    assert!(g.randperm(0).is_empty());
    assert_eq!(g.randperm(1), vec![0]);
    assert!(g.normal_f32(0, 0.0, 1.0).is_empty());
    assert!(g.uniform_f32(0, 0.0, 1.0).is_empty());
    assert_eq!(g.uniform_f32(2, 1.0, 0.0).len(), 2);
    assert_eq!(g.normal_f32(40, 0.0, -1.0).len(), 40);
    assert_eq!(g.bernoulli_f32(3, 2.0), vec![1.0; 3]);
    assert_eq!(g.dropout_f32(&[1.0, -2.0], 1.0), vec![0.0, -0.0]);
    assert_eq!(g.dropout_mask_f32(2, 0.0), vec![1.0, 1.0]);
    assert!(g.uniform_f32(usize::MAX, 0.0, 1.0).is_empty());
    let (w, b) = linear_init(&mut g, 0, 3, true);
    assert!(w.is_empty());
    assert_eq!(b, Some(vec![0.0; 3]));
    let (w, b) = linear_init(&mut g, usize::MAX, 2, false);
    assert!(w.is_empty() && b.is_none());
    assert!(embedding_init(&mut g, usize::MAX, 2, None).is_empty());
}

#[test]
fn dropout_mask_matches_dropout_of_ones() {
    let mut a = Generator::new(5);
    let mut b = a.clone();
    let ones = vec![1.0f32; 50];
    assert_eq!(a.dropout_f32(&ones, 0.25), b.dropout_mask_f32(50, 0.25));
}

#[test]
fn embedding_padding_row_is_zeroed() {
    let mut a = Generator::new(9);
    let mut b = a.clone();
    let plain = embedding_init(&mut a, 4, 3, None);
    let padded = embedding_init(&mut b, 4, 3, Some(2));
    assert_eq!(plain[..6], padded[..6]);
    assert_eq!(padded[6..9], [0.0; 3]);
    assert_eq!(plain[9..], padded[9..]);
}
