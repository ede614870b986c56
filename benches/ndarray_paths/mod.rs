//! The engine's hand-written strided paths against ndarray's own (`Zip`, `map_collect`, `fold_axis`,
//! `sum_axis`) over the same zero-copy views (`Tensor::with_view`), at the lessons' paper size. Each case
//! first checks whether ndarray gives the same bits as the engine (the engine's float sums follow PyTorch's
//! order, tested against PyTorch's recorded values) and prints the count of differing values, then times
//! both. Run: `cargo bench --bench engine -- "ndarray vs"`. The figures decide which path the engine
//! uses; they are quoted in comments next to the paths (src/tensor/{tensor.rs,strided.rs,ops/*.rs}).

use criterion::Criterion;
use ndarray::{ArrayD, Axis, IxDyn, Zip};
use transformer_tutor::tensor::ops::elementwise::binary;
use transformer_tutor::tensor::random::Generator;
use transformer_tutor::tensor::{BinaryOp, Operand, Tensor};

fn randn(g: &mut Generator, shape: &[usize]) -> Tensor {
    let n = shape.iter().product();
    Tensor::from_vec(g.normal_f32(n, 0.0, 1.0), shape).expect("tensor")
}

fn bits<'a>(v: impl IntoIterator<Item = &'a f32>) -> Vec<u32> {
    v.into_iter().map(|x| x.to_bits()).collect()
}

/// Reports how many values of `ours` and `theirs` differ in their bits.
fn report(case: &str, ours: &[u32], theirs: &[u32]) {
    let differ =
        ours.iter().zip(theirs).filter(|(a, b)| a != b).count() + ours.len().abs_diff(theirs.len());
    eprintln!(
        "ndarray vs hand-written / {case}: {differ} of {} values differ in their bits",
        ours.len()
    );
}

/// A C-order copy of a view with ndarray's `Zip` (the output written once, uninitialised before).
fn zip_copy(v: ndarray::ArrayViewD<'_, f32>) -> ArrayD<f32> {
    let mut out = ArrayD::<f32>::uninit(IxDyn(v.shape()));
    Zip::from(&mut out).and(&v).for_each(|o, &x| {
        o.write(x);
    });
    // SAFETY: `Zip` visited every element of `out` once and wrote it.
    unsafe { out.assume_init() }
}

/// `a + b` with `b` broadcast to `a`'s shape, with ndarray's `Zip` into a C-order output.
fn zip_add(a: ndarray::ArrayViewD<'_, f32>, b: ndarray::ArrayViewD<'_, f32>) -> ArrayD<f32> {
    let mut out = ArrayD::<f32>::uninit(IxDyn(a.shape()));
    Zip::from(&mut out)
        .and(&a)
        .and_broadcast(&b)
        .for_each(|o, &x, &y| {
            o.write(x + y);
        });
    // SAFETY: as in `zip_copy`.
    unsafe { out.assume_init() }
}

pub fn ndarray_paths(c: &mut Criterion) {
    let mut g = Generator::new(0);
    let mut group = c.benchmark_group("ndarray vs hand-written");

    // 1. Copy of a non-contiguous view: the attention heads' `out.transpose(1, 2).contiguous()`.
    let heads = randn(&mut g, &[8, 8, 128, 64]);
    let moved = heads.transpose(1, 2).expect("t");
    let ours = moved.contiguous().to_vec::<f32>();
    let theirs = moved.with_view::<f32, _>(zip_copy).expect("view");
    report(
        "copy of transpose(1, 2)",
        &bits(&ours),
        &bits(theirs.iter()),
    );
    let theirs_mc = moved
        .with_view::<f32, _>(|v| Zip::from(&v).map_collect(|&x| x))
        .expect("view");
    report(
        "copy of transpose(1, 2), map_collect",
        &bits(&ours),
        &bits(theirs_mc.iter()),
    );
    group.bench_function("copy [8,128,8,64] of a transpose: engine (Runs)", |b| {
        b.iter(|| moved.contiguous())
    });
    group.bench_function("copy [8,128,8,64] of a transpose: ndarray Zip", |b| {
        b.iter(|| moved.with_view::<f32, _>(zip_copy).expect("view"))
    });
    group.bench_function(
        "copy [8,128,8,64] of a transpose: ndarray map_collect",
        |b| {
            b.iter(|| {
                moved
                    .with_view::<f32, _>(|v| Zip::from(&v).map_collect(|&x| x))
                    .expect("view")
            })
        },
    );
    // A small one, as in the toy lessons (interpreter-size tensors: per-call overhead dominates).
    let small = randn(&mut g, &[1, 7, 2, 4]).transpose(1, 2).expect("t");
    group.bench_function("copy [1,2,7,4] of a transpose: engine (Runs)", |b| {
        b.iter(|| small.contiguous())
    });
    group.bench_function("copy [1,2,7,4] of a transpose: ndarray Zip", |b| {
        b.iter(|| small.with_view::<f32, _>(zip_copy).expect("view"))
    });

    // 2. Broadcast binary ops: a bias over rows, and two same-shape operands (residual add).
    let x = randn(&mut g, &[8, 128, 512]);
    let bias = randn(&mut g, &[512]);
    let y = randn(&mut g, &[8, 128, 512]);
    for (name, other) in [("+ bias [512]", &bias), ("+ [8,128,512]", &y)] {
        let ours = binary(BinaryOp::Add, Operand::Tensor(&x), Operand::Tensor(other)).expect("add");
        let theirs = x
            .with_view::<f32, _>(|a| other.with_view::<f32, _>(|b| zip_add(a, b)))
            .expect("view")
            .expect("view");
        report(
            &format!("[8,128,512] {name}"),
            &bits(&ours.to_vec::<f32>()),
            &bits(theirs.iter()),
        );
        group.bench_function(format!("[8,128,512] {name}: engine (Runs)"), |b| {
            b.iter(|| {
                binary(BinaryOp::Add, Operand::Tensor(&x), Operand::Tensor(other)).expect("add")
            })
        });
        group.bench_function(format!("[8,128,512] {name}: ndarray Zip"), |b| {
            b.iter(|| {
                x.with_view::<f32, _>(|a| other.with_view::<f32, _>(|b| zip_add(a, b)))
                    .expect("view")
                    .expect("view")
            })
        });
    }

    // 3. Sum over a dim, float (the engine keeps PyTorch's cascade order) and int64 (order-free).
    for dim in [2usize, 0] {
        let ours = x
            .sum(Some(&[dim as i64]), false)
            .expect("sum")
            .to_vec::<f32>();
        let theirs_sum = x
            .with_view::<f32, _>(|v| v.sum_axis(Axis(dim)))
            .expect("view");
        let theirs_fold = x
            .with_view::<f32, _>(|v| v.fold_axis(Axis(dim), 0.0, |a, &b| a + b))
            .expect("view");
        report(
            &format!("float sum over dim {dim}, sum_axis"),
            &bits(&ours),
            &bits(theirs_sum.iter()),
        );
        report(
            &format!("float sum over dim {dim}, fold_axis"),
            &bits(&ours),
            &bits(theirs_fold.iter()),
        );
        group.bench_function(
            format!("float sum [8,128,512] dim {dim}: engine (kernels)"),
            |b| b.iter(|| x.sum(Some(&[dim as i64]), false).expect("sum")),
        );
        group.bench_function(
            format!("float sum [8,128,512] dim {dim}: ndarray sum_axis"),
            |b| {
                b.iter(|| {
                    x.with_view::<f32, _>(|v| v.sum_axis(Axis(dim)))
                        .expect("view")
                })
            },
        );
    }
    let ids = Tensor::from_vec(
        (0..8 * 128 * 512)
            .map(|i| (i * 7919 % 1000) as i64)
            .collect::<Vec<i64>>(),
        &[8, 128, 512],
    )
    .expect("ids");
    // The engine's int sums now run on ndarray (`fold_dims` in ops/reduce.rs); the hand-written way they
    // ran before (permute the reduced dim last, copy, fold each row) is rebuilt here from public calls.
    let rows_sum = |dim: usize| -> Vec<i64> {
        let order: Vec<i64> = (0..3)
            .filter(|&d| d != dim as i64)
            .chain([dim as i64])
            .collect();
        let moved = ids.permute(&order).expect("permute").to_vec::<i64>();
        let len = ids.shape()[dim];
        moved
            .chunks(len)
            .map(|row| row.iter().fold(0i64, |a, &x| a.wrapping_add(x)))
            .collect()
    };
    for dim in [2usize, 0] {
        let ours = ids
            .sum(Some(&[dim as i64]), false)
            .expect("sum")
            .to_vec::<i64>();
        let theirs = ids
            .with_view::<i64, _>(|v| v.fold_axis(Axis(dim), 0i64, |a, &b| a.wrapping_add(b)))
            .expect("view");
        let same = ours.iter().zip(theirs.iter()).all(|(a, b)| a == b) && ours == rows_sum(dim);
        eprintln!("ndarray vs hand-written / int64 sum over dim {dim}: same values: {same}");
        group.bench_function(
            format!("int64 sum [8,128,512] dim {dim}: hand-written rows"),
            |b| b.iter(|| rows_sum(dim)),
        );
        group.bench_function(
            format!("int64 sum [8,128,512] dim {dim}: ndarray fold_axis"),
            |b| {
                b.iter(|| {
                    ids.with_view::<i64, _>(|v| {
                        v.fold_axis(Axis(dim), 0i64, |a, &b| a.wrapping_add(b))
                    })
                    .expect("view")
                })
            },
        );
        group.bench_function(
            format!("int64 sum [8,128,512] dim {dim}: ndarray map_axis"),
            |b| {
                b.iter(|| {
                    ids.with_view::<i64, _>(|v| {
                        v.map_axis(Axis(dim), |lane| lane.fold(0i64, |a, &b| a.wrapping_add(b)))
                    })
                    .expect("view")
                })
            },
        );
        group.bench_function(
            format!("int64 sum [8,128,512] dim {dim}: engine (fold_dims)"),
            |b| b.iter(|| ids.sum(Some(&[dim as i64]), false).expect("sum")),
        );
    }
    group.finish();
}
