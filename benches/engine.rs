//! Engine benchmarks: matmul, softmax, layer norm, a whole encoder layer at toy and paper size through
//! `exec`'s interpreter (the lessons' own code), and whole toy-size lessons, every cell. Compare with PyTorch using benches/compare.sh.
//! The "ndarray vs hand-written" group (benches/ndarray_paths) times the engine's strided paths against
//! ndarray's on the same views.

mod ndarray_paths;

use criterion::{Criterion, criterion_group, criterion_main};
use transformer_tutor::interp::Interpreter;
use transformer_tutor::lesson::bundle::find;
use transformer_tutor::lesson::{Lang, run_lesson};
use transformer_tutor::tensor::Tensor;
use transformer_tutor::tensor::random::Generator;

fn randn(g: &mut Generator, shape: &[usize]) -> Tensor {
    let n = shape.iter().product();
    Tensor::from_vec(g.normal_f32(n, 0.0, 1.0), shape).expect("tensor")
}

fn kernels(c: &mut Criterion) {
    let mut g = Generator::new(0);
    let a = randn(&mut g, &[1024, 512]);
    let w = randn(&mut g, &[2048, 512]);
    let wt = w.t().expect("t");
    c.bench_function("matmul [1024,512] @ [512,2048] (transposed view)", |b| {
        b.iter(|| a.matmul(&wt).expect("mm"))
    });
    // A weight times one position's vector, as a per-position loop does: no packing (kernels::gemv).
    let v = randn(&mut g, &[512]);
    c.bench_function("mv [2048,512] @ [512]", |b| {
        b.iter(|| w.matmul(&v).expect("mv"))
    });
    // An embedding lookup at the paper's vocabulary: one row copied per token (ops::index).
    let table = randn(&mut g, &[37000, 512]);
    let ids: Vec<i64> = (0..8 * 128).map(|i| (i * 7919) % 37000).collect();
    let ids = Tensor::from_vec(ids, &[8, 128]).expect("ids");
    c.bench_function("embedding [8,128] ids into [37000,512]", |b| {
        b.iter(|| transformer_tutor::tensor::ops::nn::embedding(&ids, &table).expect("emb"))
    });
    // A reduction reads its input in place when the reduced dims are innermost (ops::rows).
    c.bench_function("max of [37000,512]", |b| {
        b.iter(|| table.max_all(true).expect("max"))
    });
    let scores = randn(&mut g, &[8, 8, 128, 128]);
    c.bench_function("softmax [8,8,128,128] dim=-1", |b| {
        b.iter(|| scores.softmax(-1, false).expect("softmax"))
    });
    let x = randn(&mut g, &[8, 128, 512]);
    let gamma = Tensor::full(
        &[512],
        transformer_tutor::tensor::Scalar::Float(1.0),
        transformer_tutor::tensor::DType::Float32,
    )
    .expect("w");
    let beta = Tensor::zeros(&[512], transformer_tutor::tensor::DType::Float32).expect("b");
    c.bench_function("layer_norm [8,128,512]", |b| {
        b.iter(|| {
            x.layer_norm(&[512], Some(&gamma), Some(&beta), 1e-5)
                .expect("ln")
        })
    });
}

fn encoder_script(size: &str) -> String {
    let src = include_str!("encoder_layer.py");
    let src = src.replace("THREADS", "1").replace("RUNS", "1");
    match size {
        "toy" => src
            .replace(
                "bs, sl, hid_dim, n_heads, pf_dim = 8, 128, 512, 8, 2048",
                "bs, sl, hid_dim, n_heads, pf_dim = 1, 7, 8, 2, 16",
            )
            .replace("ids[:, 100:] = 0", "ids[:, 5:] = 0"),
        _ => src,
    }
}

fn encoder(c: &mut Criterion) {
    for size in ["toy", "paper"] {
        let src = encoder_script(size);
        let mut group = c.benchmark_group("encoder layer via the interpreter");
        if size == "paper" {
            group.sample_size(10);
        }
        group.bench_function(size, |b| {
            b.iter(|| {
                let mut interp = Interpreter::new();
                let ok = interp.run(&src, "encoder_layer.py").is_ok();
                assert!(ok, "the encoder script runs");
            })
        });
        group.finish();
    }
}

/// A whole toy-size lesson, as `trace` runs it: find the lesson, then every cell (outputs, named shapes,
/// shape checks, heatmaps).
fn lessons(c: &mut Criterion) {
    let mut group = c.benchmark_group("lesson, every cell");
    for id in ["masking", "encoder-layer"] {
        group.bench_function(id, |b| {
            b.iter(|| {
                let lesson = find(id, Lang::En).expect("bundled lesson");
                let outcomes = run_lesson(&lesson, &[]).expect("lesson runs");
                assert!(
                    outcomes
                        .iter()
                        .all(|o| o.error.is_none() || o.expectation_met)
                );
            })
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    kernels,
    encoder,
    lessons,
    ndarray_paths::ndarray_paths
);
criterion_main!(benches);
