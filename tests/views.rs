//! Property tests for the layout rules: random shapes and chains of view-producing ops agree element by
//! element with a naive reference that moves values around explicitly, and `view` succeeds exactly when a
//! brute-force search (independent of PyTorch's `computeStride`) finds non-negative strides that express it.

use proptest::prelude::*;
use transformer_tutor::tensor::Tensor;

/// The naive reference: values in row-major order plus a shape.
#[derive(Clone, Debug)]
struct Naive {
    data: Vec<i64>,
    shape: Vec<usize>,
}

impl Naive {
    fn strides(&self) -> Vec<usize> {
        let mut s = vec![1; self.shape.len()];
        for i in (0..self.shape.len().saturating_sub(1)).rev() {
            s[i] = s[i + 1] * self.shape[i + 1];
        }
        s
    }
    fn unravel(&self, mut flat: usize) -> Vec<usize> {
        let mut idx = vec![0; self.shape.len()];
        for d in (0..self.shape.len()).rev() {
            idx[d] = flat % self.shape[d];
            flat /= self.shape[d];
        }
        idx
    }
    fn get(&self, idx: &[usize]) -> i64 {
        let s = self.strides();
        self.data[idx.iter().zip(&s).map(|(i, s)| i * s).sum::<usize>()]
    }
    fn permute(&self, dims: &[usize]) -> Naive {
        let shape: Vec<usize> = dims.iter().map(|&d| self.shape[d]).collect();
        let out = Naive {
            data: vec![0; self.data.len()],
            shape,
        };
        let data = (0..self.data.len())
            .map(|flat| {
                let new_idx = out.unravel(flat);
                let mut old = vec![0; dims.len()];
                for (k, &d) in dims.iter().enumerate() {
                    old[d] = new_idx[k];
                }
                self.get(&old)
            })
            .collect();
        Naive {
            data,
            shape: out.shape,
        }
    }
    fn slice(&self, dim: usize, start: usize, step: usize) -> Naive {
        let mut shape = self.shape.clone();
        let len = (self.shape[dim].saturating_sub(start)).div_ceil(step);
        shape[dim] = len;
        let out = Naive {
            data: vec![],
            shape: shape.clone(),
        };
        let n: usize = shape.iter().product();
        let data = (0..n)
            .map(|flat| {
                let mut idx = out.unravel(flat);
                idx[dim] = start + idx[dim] * step;
                self.get(&idx)
            })
            .collect();
        Naive { data, shape }
    }
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

fn apply(t: &Tensor, r: &Naive, op: &Op, seed: usize) -> Result<(Tensor, Naive), TestCaseError> {
    let nd = r.shape.len();
    Ok(match op {
        Op::Transpose(a, b) if nd > 0 => {
            let (a, b) = (a % nd, b % nd);
            let mut dims: Vec<usize> = (0..nd).collect();
            dims.swap(a, b);
            (t.transpose(a as i64, b as i64).unwrap(), r.permute(&dims))
        }
        Op::Permute if nd > 0 => {
            let mut dims: Vec<usize> = (0..nd).collect();
            dims.rotate_left(seed % nd);
            if seed % 2 == 1 {
                dims.reverse();
            }
            let di: Vec<i64> = dims.iter().map(|&d| d as i64).collect();
            (t.permute(&di).unwrap(), r.permute(&dims))
        }
        Op::Unsqueeze(d) if nd < 5 => {
            let d = d % (nd + 1);
            let mut shape = r.shape.clone();
            shape.insert(d, 1);
            (
                t.unsqueeze(d as i64).unwrap(),
                Naive {
                    data: r.data.clone(),
                    shape,
                },
            )
        }
        Op::Squeeze => {
            let shape: Vec<usize> = r.shape.iter().copied().filter(|&s| s != 1).collect();
            (
                t.squeeze(None).unwrap(),
                Naive {
                    data: r.data.clone(),
                    shape,
                },
            )
        }
        Op::Slice(d, s, st) if nd > 0 => {
            let d = d % nd;
            let start = (*s).min(r.shape[d]);
            (
                t.slice(d as i64, Some(start as i64), None, *st as i64)
                    .unwrap(),
                r.slice(d, start, *st),
            )
        }
        Op::Contiguous => {
            let c = t.contiguous();
            prop_assert!(c.is_contiguous());
            (c, r.clone())
        }
        Op::Flatten => (
            t.flatten(0, -1).unwrap(),
            Naive {
                data: r.data.clone(),
                shape: vec![r.data.len()],
            },
        ),
        Op::Reshape(k) | Op::View(k) => {
            let opts = factorisations(r.data.len().max(1));
            let shape = if r.data.is_empty() {
                vec![0]
            } else {
                opts[k[0] % opts.len()].clone()
            };
            let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
            let next = Naive {
                data: r.data.clone(),
                shape: shape.clone(),
            };
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, .. ProptestConfig::default() })]

    #[test]
    fn chains_of_view_ops_agree_with_the_naive_reference(
        shape in prop::collection::vec(1usize..5, 1..4),
        ops in prop::collection::vec(op_strategy(), 1..7),
        seed in 0usize..1000,
    ) {
        let n: usize = shape.iter().product();
        let data: Vec<i64> = (0..n as i64).collect();
        let mut t = Tensor::from_vec(data.clone(), &shape).unwrap();
        let mut r = Naive { data, shape };
        for (i, op) in ops.iter().enumerate() {
            let (t2, r2) = apply(&t, &r, op, seed + i)?;
            t = t2;
            r = r2;
            prop_assert_eq!(t.shape(), &r.shape[..]);
            prop_assert_eq!(t.to_vec::<i64>(), r.data.clone(), "after {:?}", op);
        }
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
