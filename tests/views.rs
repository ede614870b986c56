//! Property tests for the layout rules. Random shapes and chains of view-producing ops (transpose, permute,
//! unsqueeze, squeeze, slicing with steps, expand, contiguous, reshape, view, flatten) are applied both to a
//! tensor and to an owned `ndarray` array with ndarray's own operations (`swap_axes`, `permuted_axes`,
//! `insert_axis`, `slice_axis`, `broadcast`, `to_shape`): an independent implementation of the same strided
//! views. After every step the two agree element by element, and the tensor's zero-copy ndarray view
//! (`Tensor::with_view`, built from its shape, strides and offset) equals the reference. `view` succeeds
//! exactly when a brute-force search (independent of PyTorch's `computeStride`) finds non-negative strides
//! that express it. Broadcasting binary ops agree with ndarray's broadcasting arithmetic, on contiguous and
//! on transposed, sliced and expanded operands.

use ndarray::{ArrayD, Axis, IxDyn, Order, Slice};
use proptest::prelude::*;
use transformer_tutor::tensor::ops::elementwise::binary;
use transformer_tutor::tensor::{BinaryOp, Operand, Tensor};

/// The reference: an owned ndarray array; its logical (row-major) order is what the tensor must hold.
type Reference = ArrayD<i64>;

fn values(r: &Reference) -> Vec<i64> {
    r.iter().copied().collect()
}

/// ndarray's reshape in row-major order (PyTorch's `reshape`/`view` semantics for the values).
fn reshaped(r: &Reference, shape: &[usize]) -> Reference {
    r.to_shape((IxDyn(shape), Order::RowMajor))
        .expect("same number of elements")
        .to_owned()
}

#[derive(Clone, Debug)]
enum Op {
    Transpose(usize, usize),
    Permute,
    Unsqueeze(usize),
    Squeeze,
    Slice(usize, usize, usize),
    Contiguous,
    Reshape(Vec<usize>),
    View(Vec<usize>),
    Flatten,
    /// Expand dim `.0` (wrapped; the first size-1 dim from there, else a new leading dim) to size `.1`.
    Expand(usize, usize),
}

/// A random factorisation of `n` into up to 4 dims.
fn factorisations(n: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![n]];
    for a in 1..=n {
        if n.is_multiple_of(a) {
            out.push(vec![a, n / a]);
            let m = n / a;
            for b in 1..=m {
                if m.is_multiple_of(b) {
                    out.push(vec![a, b, m / b]);
                }
            }
        }
    }
    out
}

fn op_strategy() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0usize..4, 0usize..4).prop_map(|(a, b)| Op::Transpose(a, b)),
        Just(Op::Permute),
        (0usize..4).prop_map(Op::Unsqueeze),
        Just(Op::Squeeze),
        (0usize..4, 0usize..3, 1usize..3).prop_map(|(d, s, st)| Op::Slice(d, s, st)),
        Just(Op::Contiguous),
        (0usize..50).prop_map(|k| Op::Reshape(vec![k])),
        (0usize..50).prop_map(|k| Op::View(vec![k])),
        Just(Op::Flatten),
        (0usize..5, 2usize..4).prop_map(|(d, k)| Op::Expand(d, k)),
    ]
}

/// Brute force: can `shape` be expressed over the storage offsets of the current view with non-negative
/// strides? Strides are read off the offsets of unit steps, then every element is checked.
fn view_possible(offsets: &[usize], shape: &[usize]) -> bool {
    let n: usize = shape.iter().product();
    if n != offsets.len() {
        return false;
    }
    if n <= 1 {
        return true;
    }
    let mut contiguous = vec![1usize; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        contiguous[i] = contiguous[i + 1] * shape[i + 1];
    }
    let base = offsets[0] as i64;
    let mut strides = vec![0i64; shape.len()];
    for d in 0..shape.len() {
        if shape[d] > 1 {
            strides[d] = offsets[contiguous[d]] as i64 - base;
            if strides[d] < 0 {
                return false;
            }
        }
    }
    (0..n).all(|flat| {
        let mut rem = flat;
        let mut off = base;
        for d in (0..shape.len()).rev() {
            off += (rem % shape[d]) as i64 * strides[d];
            rem /= shape[d];
        }
        off == offsets[flat] as i64
    })
}

fn apply(
    t: &Tensor,
    r: &Reference,
    op: &Op,
    seed: usize,
) -> Result<(Tensor, Reference), TestCaseError> {
    let nd = r.ndim();
    Ok(match op {
        Op::Transpose(a, b) if nd > 0 => {
            let (a, b) = (a % nd, b % nd);
            let mut next = r.clone();
            next.swap_axes(a, b);
            (t.transpose(a as i64, b as i64).unwrap(), next)
        }
        Op::Permute if nd > 0 => {
            let mut dims: Vec<usize> = (0..nd).collect();
            dims.rotate_left(seed % nd);
            if seed % 2 == 1 {
                dims.reverse();
            }
            let di: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
            (t.permute(&di).unwrap(), r.clone().permuted_axes(dims))
        }
        Op::Unsqueeze(d) if nd < 5 => {
            let d = d % (nd + 1);
            (
                t.unsqueeze(d as i64).unwrap(),
                r.clone().insert_axis(Axis(d)),
            )
        }
        Op::Squeeze => {
            let mut next = r.clone();
            for d in (0..nd).rev() {
                if next.shape()[d] == 1 {
                    next = next.index_axis_move(Axis(d), 0);
                }
            }
            (t.squeeze(None).unwrap(), next)
        }
        Op::Slice(d, s, st) if nd > 0 => {
            let d = d % nd;
            let start = (*s).min(r.shape()[d]);
            let next = r
                .slice_axis(Axis(d), Slice::new(start as isize, None, *st as isize))
                .to_owned();
            (
                t.slice(d as i64, Some(start as i64), None, *st as i64)
                    .unwrap(),
                next,
            )
        }
        Op::Expand(d, k) if nd < 5 => {
            // The first size-1 dim at or after `d`, else a new leading dim; it grows to `k`.
            let mut shape = r.shape().to_vec();
            match (0..nd).map(|i| (d + i) % nd).find(|&i| shape[i] == 1) {
                Some(i) if nd > 0 => shape[i] = *k,
                _ => shape.insert(0, *k),
            }
            let next = r
                .broadcast(IxDyn(&shape))
                .expect("ndarray broadcasts a size-1 dim")
                .to_owned();
            let sizes: Vec<i64> = shape.iter().map(|&s| s as i64).collect();
            let e = t.expand(&sizes).unwrap();
            prop_assert!(e.shares_storage(t), "expand copies nothing");
            (e, next)
        }
        Op::Contiguous => {
            let c = t.contiguous();
            prop_assert!(c.is_contiguous());
            (c, r.clone())
        }
        Op::Flatten => (t.flatten(0, -1).unwrap(), reshaped(r, &[r.len()])),
        Op::Reshape(k) | Op::View(k) => {
            let opts = factorisations(r.len().max(1));
            let shape = if r.is_empty() {
                vec![0]
            } else {
                opts[k[0] % opts.len()].clone()
            };
            let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
            let next = reshaped(r, &shape);
            if matches!(op, Op::Reshape(_)) {
                let out = t.reshape(&dims).unwrap();
                // reshape returns a view exactly when view would succeed
                prop_assert_eq!(out.shares_storage(t), t.view(&dims).is_ok());
                (out, next)
            } else {
                let offsets: Vec<usize> = t.layout().offsets().collect();
                let possible = view_possible(&offsets, &shape);
                match t.view(&dims) {
                    Ok(v) => {
                        prop_assert!(
                            possible,
                            "view succeeded but no strides express it: {:?} -> {:?}",
                            t.layout(),
                            shape
                        );
                        prop_assert!(v.shares_storage(t));
                        (v, next)
                    }
                    Err(e) => {
                        prop_assert!(
                            !possible,
                            "view failed but strides exist: {:?} -> {:?}",
                            t.layout(),
                            shape
                        );
                        prop_assert!(e.to_string().starts_with("view size is not compatible"));
                        (t.clone(), r.clone())
                    }
                }
            }
        }
        _ => (t.clone(), r.clone()),
    })
}

/// The tensor agrees with the reference: same shape, same values in row-major order, and its zero-copy
/// ndarray view (built from the tensor's own strides and offset) equals the reference array.
fn assert_agrees(t: &Tensor, r: &Reference, after: &Op) -> Result<(), TestCaseError> {
    prop_assert_eq!(t.shape(), r.shape(), "after {:?}", after);
    prop_assert_eq!(t.to_vec::<i64>(), values(r), "after {:?}", after);
    let same_view = t.with_view::<i64, _>(|v| v == r.view()).unwrap();
    prop_assert!(
        same_view,
        "with_view differs after {:?}: {:?}",
        after,
        t.layout()
    );
    Ok(())
}

/// Shapes `a` and `b` that broadcast to `out`: each drops some leading dims and turns some dims into 1.
fn broadcast_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>, Vec<usize>)> {
    prop::collection::vec(1usize..5, 0..4).prop_flat_map(|out| {
        let n = out.len();
        (
            Just(out),
            0..=n,
            0..=n,
            prop::collection::vec(any::<bool>(), n),
            prop::collection::vec(any::<bool>(), n),
        )
            .prop_map(|(out, da, db, ones_a, ones_b)| {
                let pick = |drop: usize, ones: &[bool]| -> Vec<usize> {
                    (drop..out.len())
                        .map(|i| if ones[i] { 1 } else { out[i] })
                        .collect()
                };
                let a = pick(da, &ones_a);
                let b = pick(db, &ones_b);
                (out, a, b)
            })
    })
}

/// A tensor of `shape` holding `r`'s values, laid out in one of several ways: contiguous, as the transpose
/// of a contiguous tensor, or as a slice with a step of a larger one.
fn laid_out(r: &Reference, how: usize) -> Tensor {
    let shape = r.shape().to_vec();
    let n = shape.len();
    match how % 3 {
        1 if n >= 2 => {
            let mut t_shape = shape.clone();
            t_shape.swap(0, n - 1);
            let mut swapped = r.clone();
            swapped.swap_axes(0, n - 1);
            let base = Tensor::from_vec(values(&swapped), &t_shape).unwrap();
            base.transpose(0, n as i64 - 1).unwrap()
        }
        2 if n >= 1 => {
            // Every other element of a tensor twice as long in the last dim.
            let mut wide = shape.clone();
            wide[n - 1] *= 2;
            let w: Vec<i64> = values(r).iter().flat_map(|&v| [v, -1]).collect();
            let base = Tensor::from_vec(w, &wide).unwrap();
            base.slice(n as i64 - 1, None, None, 2).unwrap()
        }
        _ => Tensor::from_vec(values(r), &shape).unwrap(),
    }
}

/// `ops` applied in turn to `0..n` laid out as `shape`, on the tensor and on the reference; with `check`,
/// the two are compared after every step.
fn chain(
    shape: &[usize],
    ops: &[Op],
    seed: usize,
    check: bool,
) -> Result<(Tensor, Reference), TestCaseError> {
    let n: usize = shape.iter().product();
    let data: Vec<i64> = (0..n as i64).collect();
    let mut t = Tensor::from_vec(data.clone(), shape).unwrap();
    let mut r = Reference::from_shape_vec(IxDyn(shape), data).unwrap();
    for (i, op) in ops.iter().enumerate() {
        (t, r) = apply(&t, &r, op, seed + i)?;
        if check {
            assert_agrees(&t, &r, op)?;
        }
    }
    Ok((t, r))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn chains_of_view_ops_agree_with_ndarray(
        shape in prop::collection::vec(1usize..5, 1..4),
        ops in prop::collection::vec(op_strategy(), 1..7),
        seed in 0usize..1000,
    ) {
        chain(&shape, &ops, seed, true)?;
    }

    #[test]
    fn writes_and_copies_through_views_land_where_the_strides_say(
        shape in prop::collection::vec(1usize..5, 1..4),
        ops in prop::collection::vec(op_strategy(), 1..7),
        seed in 0usize..1000,
    ) {
        let (t, r) = chain(&shape, &ops, seed, false)?;
        let offsets: Vec<usize> = t.layout().offsets().collect();
        let mut distinct = offsets.clone();
        distinct.sort_unstable();
        distinct.dedup();
        // "Non-overlapping" is only claimed where no two elements share a slot.
        if t.layout().is_non_overlapping() {
            prop_assert_eq!(distinct.len(), offsets.len(), "{:?}", t.layout());
        }
        // A copy keeps the values, and the strides where PyTorch's preserve_format keeps them.
        let c = t.clone_preserve();
        prop_assert_eq!(c.to_vec::<i64>(), values(&r));
        prop_assert!(!c.shares_storage(&t));
        // Writing row-major values through the view puts value i at the view's i-th offset (the last
        // write wins where offsets repeat, as in a plain loop).
        let before = t.storage_to_vec::<i64>();
        let written: Vec<i64> = (0..offsets.len() as i64).map(|v| 1000 + v).collect();
        t.copy_from(&Tensor::from_vec(written.clone(), t.shape()).unwrap()).unwrap();
        let mut expected = before;
        for (&off, &v) in offsets.iter().zip(&written) {
            expected[off] = v;
        }
        prop_assert_eq!(t.storage_to_vec::<i64>(), expected, "{:?}", t.layout());
    }

    #[test]
    fn broadcast_binary_ops_agree_with_ndarray(
        (out, sa, sb) in broadcast_pair(),
        how_a in 0usize..3,
        how_b in 0usize..3,
    ) {
        let na: usize = sa.iter().product();
        let nb: usize = sb.iter().product();
        let ra = Reference::from_shape_vec(IxDyn(&sa), (0..na as i64).map(|v| v * 7 - 5).collect()).unwrap();
        let rb = Reference::from_shape_vec(IxDyn(&sb), (0..nb as i64).map(|v| 3 - v * 2).collect()).unwrap();
        let (a, b) = (laid_out(&ra, how_a), laid_out(&rb, how_b));
        prop_assert_eq!(a.to_vec::<i64>(), values(&ra));
        for (op, expected) in [
            (BinaryOp::Add, &ra + &rb),
            (BinaryOp::Sub, &ra - &rb),
            (BinaryOp::Mul, &ra * &rb),
        ] {
            // `out` itself when some operand keeps each of its dims; smaller where both hold a 1.
            prop_assert!(expected.ndim() <= out.len());
            let got = binary(op, Operand::Tensor(&a), Operand::Tensor(&b)).unwrap();
            prop_assert_eq!(got.shape(), expected.shape());
            prop_assert_eq!(got.to_vec::<i64>(), values(&expected), "{:?}", op);
        }
        // An expanded operand (stride 0) reads the same values as ndarray's broadcast view.
        let ea = a.broadcast_to(&out).unwrap();
        let ra_b = ra.broadcast(IxDyn(&out)).unwrap();
        prop_assert_eq!(ea.to_vec::<i64>(), ra_b.iter().copied().collect::<Vec<_>>());
        prop_assert!(ea.with_view::<i64, _>(|v| v == ra_b).unwrap());
    }

    #[test]
    fn shapes_that_do_not_broadcast_fail_in_both(
        sa in prop::collection::vec(1usize..4, 0..4),
        sb in prop::collection::vec(1usize..4, 0..4),
    ) {
        let ra = Reference::zeros(IxDyn(&sa));
        let rb = Reference::zeros(IxDyn(&sb));
        let a = Tensor::from_vec(vec![0i64; ra.len()], &sa).unwrap();
        let b = Tensor::from_vec(vec![0i64; rb.len()], &sb).unwrap();
        let ours = binary(BinaryOp::Add, Operand::Tensor(&a), Operand::Tensor(&b));
        // Both broadcast (with ndarray's own rule) to the right-aligned largest sizes, or the pair is
        // incompatible.
        let n = sa.len().max(sb.len());
        let size = |s: &[usize], i: usize| if i + s.len() >= n { s[i + s.len() - n] } else { 1 };
        let largest: Vec<usize> = (0..n).map(|i| size(&sa, i).max(size(&sb, i))).collect();
        let theirs = ra.broadcast(IxDyn(&largest)).is_some() && rb.broadcast(IxDyn(&largest)).is_some();
        prop_assert_eq!(ours.is_ok(), theirs, "{:?} + {:?}", sa, sb);
    }
}

#[test]
fn view_table_from_the_semantics_notes() {
    // PYTORCH_SEMANTICS.md §1, checked against PyTorch runs.
    let base = Tensor::from_vec((0..48i64).collect(), &[2, 6, 4]).unwrap();
    let sliced = base.slice(1, None, Some(3), 1).unwrap();
    assert_eq!(sliced.view(&[2, 12]).unwrap().strides(), &[24, 1]);
    assert!(sliced.view(&[6, 4]).is_err());
    let t = Tensor::from_vec((0..6i64).collect(), &[2, 3])
        .unwrap()
        .t()
        .unwrap();
    assert_eq!(t.view(&[3, 1, 2]).unwrap().strides(), &[1, 6, 3]);
    assert!(t.view(&[6]).is_err());
    let e = Tensor::from_vec(vec![1i64; 4], &[1, 4])
        .unwrap()
        .expand(&[3, 4])
        .unwrap();
    assert_eq!(e.view(&[3, 2, 2]).unwrap().strides(), &[0, 2, 1]);
}

#[test]
fn large_writes_through_strided_views_split_between_threads_land_in_place() {
    // Above the parallel grain (32768 elements per part), so more than one thread writes when the
    // settings allow it: `pe[:, 0::2] = ...` of the positional-encoding lesson, a transposed view, and an
    // expanded view (its slots repeat, so one thread writes it in order).
    let base =
        || Tensor::from_vec((0..300 * 512).map(|v| v as f32).collect(), &[300, 512]).unwrap();
    type View = Box<dyn Fn(&Tensor) -> Tensor>;
    let cases: Vec<(&str, View)> = vec![
        (
            "even columns",
            Box::new(|t| t.slice(1, Some(0), None, 2).unwrap()),
        ),
        ("transposed", Box::new(|t| t.transpose(0, 1).unwrap())),
        (
            "expanded",
            Box::new(|t| {
                t.slice(0, Some(0), Some(1), 1)
                    .unwrap()
                    .expand(&[300, 512])
                    .unwrap()
            }),
        ),
    ];
    for (what, view) in cases {
        let t = base();
        let v = view(&t);
        let offsets: Vec<usize> = v.layout().offsets().collect();
        let written: Vec<f32> = (0..offsets.len()).map(|i| -(i as f32)).collect();
        let mut expected = t.storage_to_vec::<f32>();
        for (&off, &x) in offsets.iter().zip(&written) {
            expected[off] = x;
        }
        v.copy_from(&Tensor::from_vec(written, v.shape()).unwrap())
            .unwrap();
        assert!(t.storage_to_vec::<f32>() == expected, "{what}");
    }
}

#[test]
fn ndarray_view_follows_layout_without_copy() {
    let x = Tensor::from_vec((0..6).map(|v| v as f32).collect::<Vec<f32>>(), &[2, 3]).unwrap();
    let e = x.unsqueeze(0).unwrap().expand(&[4, 2, 3]).unwrap();
    let (shape, strides, sum) = e
        .with_view::<f32, _>(|v| (v.shape().to_vec(), v.strides().to_vec(), v.sum()))
        .unwrap();
    assert_eq!(shape, vec![4, 2, 3]);
    assert_eq!(strides, vec![0, 3, 1]);
    assert_eq!(sum, 60.0);
    let s = x.narrow(1, 1, 2).unwrap();
    let got = s
        .with_view::<f32, _>(|v| v.iter().copied().collect::<Vec<f32>>())
        .unwrap();
    assert_eq!(got, vec![1.0, 2.0, 4.0, 5.0]);
    assert!(x.with_view::<i64, _>(|_| ()).is_err());
}
