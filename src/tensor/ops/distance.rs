//! `torch.pdist` (`DistanceOpsKernel.cpp`'s `run_parallel_pdist`) and `torch.bilinear` (ATen's
//! `bilinear`: `_trilinear` over flattened inputs, then the bias).
//!
//! `pdist` maps each pair of rows to per-element terms (`|a - b|^p`, or its special cases for p = 0,
//! 1, 2 and ∞), sums them 8 float (4 double) lanes at a time as `map2_reduce_all` does, the partial
//! last block folded into the first lanes, then reduces the lanes: the AVX2 float specialisation of
//! `vec_reduce_all` adds them as a tree (`(a0+a4)+(a2+a6)` with `(a1+a5)+(a3+a7)`), the generic one in
//! order; a row shorter than a block is reduced in order over its own length.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
use crate::tensor::settings::check_deadline;
use crate::tensor::{DType, Tensor};

/// How a p-norm maps, combines and finishes.
#[derive(Clone, Copy)]
enum Dist {
    Zero,
    One,
    Two,
    Inf,
    P(f64),
}

trait Lane: Copy + crate::tensor::Element {
    const LANES: usize;
    const TREE: bool;
    fn zero() -> Self;
    fn map(self, other: Self, d: Dist) -> Self;
    fn red(self, other: Self, d: Dist) -> Self;
    fn finish(self, d: Dist) -> Self;
}

macro_rules! lane {
    ($t:ty, $lanes:expr, $tree:expr) => {
        impl Lane for $t {
            const LANES: usize = $lanes;
            const TREE: bool = $tree;
            fn zero() -> Self {
                0.0
            }
            fn map(self, other: Self, d: Dist) -> Self {
                let diff = (self - other).abs();
                match d {
                    Dist::Zero => diff.ceil().min(1.0),
                    Dist::One | Dist::Inf => diff,
                    Dist::Two => diff * diff,
                    Dist::P(p) => diff.powf(p as $t),
                }
            }
            fn red(self, other: Self, d: Dist) -> Self {
                match d {
                    Dist::Inf => {
                        if self.is_nan() || other.is_nan() {
                            <$t>::NAN
                        } else {
                            self.max(other)
                        }
                    }
                    _ => self + other,
                }
            }
            fn finish(self, d: Dist) -> Self {
                match d {
                    Dist::Two => self.sqrt(),
                    Dist::P(p) => self.powf((1.0 / p) as $t),
                    _ => self,
                }
            }
        }
    };
}

lane!(f32, 8, true);
lane!(f64, 4, false);

/// `map2_reduce_all` over two rows.
fn pair<T: Lane>(a: &[T], b: &[T], d: Dist) -> T {
    let n = a.len();
    let lanes = T::LANES;
    if n < lanes {
        let mut acc = a[0].map(b[0], d);
        for i in 1..n {
            acc = acc.red(a[i].map(b[i], d), d);
        }
        return acc;
    }
    let mut acc: Vec<T> = (0..lanes).map(|l| a[l].map(b[l], d)).collect();
    let mut start = lanes;
    while start + lanes <= n {
        for l in 0..lanes {
            acc[l] = acc[l].red(a[start + l].map(b[start + l], d), d);
        }
        start += lanes;
    }
    for l in 0..n - start {
        acc[l] = acc[l].red(a[start + l].map(b[start + l], d), d);
    }
    if T::TREE {
        let s: Vec<T> = (0..4).map(|l| acc[l].red(acc[l + 4], d)).collect();
        let t0 = s[0].red(s[2], d);
        let t1 = s[1].red(s[3], d);
        t0.red(t1, d)
    } else {
        acc[1..].iter().fold(acc[0], |s, &v| s.red(v, d))
    }
}

fn run<T: Lane>(x: &Tensor, n: usize, m: usize, d: Dist) -> Result<Vec<T>> {
    let data = x.to_vec::<T>();
    let mut out = Vec::with_capacity(n * n.saturating_sub(1) / 2);
    for i in 0..n {
        check_deadline()?;
        for j in i + 1..n {
            let v = if m == 0 {
                T::zero()
            } else {
                pair(&data[i * m..(i + 1) * m], &data[j * m..(j + 1) * m], d).finish(d)
            };
            out.push(v);
        }
    }
    Ok(out)
}

/// `torch.pdist(input, p)`: the p-norm distance of every pair of rows `i < j`, in row order.
pub fn pdist(x: &Tensor, p: f64) -> Result<Tensor> {
    if x.ndim() != 2 {
        return Err(TensorError::runtime(format!(
            "pdist only supports 2D tensors, got: {}D",
            x.ndim()
        )));
    }
    if !x.dtype().is_floating_point() {
        return Err(TensorError::runtime(
            "pdist only supports floating-point dtypes".to_string(),
        ));
    }
    if p < 0.0 {
        return Err(TensorError::runtime(
            "pdist only supports non-negative p values".to_string(),
        ));
    }
    let (n, m) = (x.shape()[0], x.shape()[1]);
    let d = if p == 0.0 {
        Dist::Zero
    } else if p == 1.0 {
        Dist::One
    } else if p == 2.0 {
        Dist::Two
    } else if p.is_infinite() {
        Dist::Inf
    } else {
        Dist::P(p)
    };
    let len = n * n.saturating_sub(1) / 2;
    match x.dtype() {
        DType::Float64 => Tensor::from_vec(run::<f64>(x, n, m, d)?, &[len]),
        DType::Float32 => Tensor::from_vec(run::<f32>(x, n, m, d)?, &[len]),
        other => Err(TensorError::NotImplemented(format!(
            "\"pdist\" not implemented for '{}'",
            other.scalar_type_name()
        ))),
    }
}

/// `torch.bilinear(x1, x2, weight, bias)`: `y[..., k] = b[k] + Σ_j (Σ_i x1[..., i] · W[k, i, j]) ·
/// x2[..., j]`, the order `_trilinear` sums in (over `i` first, then `j`), each sum in order with a
/// rounding per product and per addition (measured bit for bit against torch on random inputs).
pub fn bilinear(
    x1: &Tensor,
    x2: &Tensor,
    weight: &Tensor,
    bias: Option<&Tensor>,
) -> Result<Tensor> {
    let err = |m: String| Err(TensorError::runtime(m));
    if x1.ndim() != x2.ndim() {
        return err(format!(
            "bilinear(): input dimensions do not match: got {} and {}",
            x1.ndim(),
            x2.ndim()
        ));
    }
    if x2.dtype() != x1.dtype()
        || weight.dtype() != x1.dtype()
        || bias.is_some_and(|b| b.dtype() != x1.dtype())
    {
        let mut msg = format!(
            "All tensors must have the same dtype, got input1: {}, input2: {}, weight: {}",
            x1.dtype().cpp_name(),
            x2.dtype().cpp_name(),
            weight.dtype().cpp_name()
        );
        if let Some(b) = bias {
            msg += &format!(", bias: {}", b.dtype().cpp_name());
        }
        return err(msg);
    }
    let nd = x1.ndim();
    let size = |t: &Tensor, d: usize| -> Result<usize> {
        t.shape().get(d).copied().ok_or(TensorError::DimOutOfRange {
            min: -(t.ndim().max(1) as i64),
            max: t.ndim().max(1) as i64 - 1,
            got: d as i64,
        })
    };
    if nd == 0 {
        return Err(TensorError::DimOutOfRange {
            min: -1,
            max: 0,
            got: -1,
        });
    }
    for i in 0..nd - 1 {
        if x1.shape()[i] != x2.shape()[i] {
            return err(format!(
                "bilinear(): input batch dimensions do not match at dim {i}: got {} and {}",
                x1.shape()[i],
                x2.shape()[i]
            ));
        }
    }
    let i_dim = size(weight, 1)?;
    if x1.shape()[nd - 1] != i_dim {
        return err(format!(
            "bilinear(): input1 size does not match weight size: got {} but expected {i_dim}",
            x1.shape()[nd - 1]
        ));
    }
    let j_dim = size(weight, 2)?;
    if x2.shape()[nd - 1] != j_dim {
        return err(format!(
            "bilinear(): input2 size does not match weight size: got {} but expected {j_dim}",
            x2.shape()[nd - 1]
        ));
    }
    let k = size(weight, 0)?;
    if let Some(b) = bias
        && b.shape().first().copied().unwrap_or(1) != k
    {
        return err(format!(
            "bilinear(): bias size does not match weight size: got {} but expected {k}",
            b.shape().first().copied().unwrap_or(1)
        ));
    }
    let out_shape: Vec<usize> = x1.shape()[..nd - 1]
        .iter()
        .copied()
        .chain(std::iter::once(k))
        .collect();
    crate::tensor::settings::check_numel(&out_shape)?;
    let dtype = x1.dtype();
    let out = if dtype == DType::Float64 {
        Tensor::from_vec(
            bilinear_values::<f64>(x1, x2, weight, k, i_dim, j_dim)?,
            &out_shape,
        )?
    } else {
        let f = |t: &Tensor| t.to_dtype(DType::Float32);
        let v = bilinear_values::<f32>(&f(x1), &f(x2), &f(weight), k, i_dim, j_dim)?;
        Tensor::from_vec(v, &out_shape)?.to_dtype(dtype)
    };
    match bias {
        Some(b) => binary(BinaryOp::Add, Operand::Tensor(&out), Operand::Tensor(b)),
        None => Ok(out),
    }
}

/// The sums of [`bilinear`] for rows of `x1` and `x2` flattened to `(rows, i)` and `(rows, j)`.
fn bilinear_values<T>(
    x1: &Tensor,
    x2: &Tensor,
    weight: &Tensor,
    k: usize,
    i_dim: usize,
    j_dim: usize,
) -> Result<Vec<T>>
where
    T: crate::tensor::Element
        + Copy
        + Default
        + std::ops::Add<Output = T>
        + std::ops::Mul<Output = T>,
{
    let a = x1.to_vec::<T>();
    let c = x2.to_vec::<T>();
    let w = weight.to_vec::<T>();
    let rows = a.len().checked_div(i_dim).unwrap_or(c.len() / j_dim.max(1));
    let mut out = Vec::with_capacity(rows * k);
    let mut tmp = vec![T::default(); j_dim];
    for r in 0..rows {
        check_deadline()?;
        for kk in 0..k {
            for (j, slot) in tmp.iter_mut().enumerate() {
                let mut acc = T::default();
                for i in 0..i_dim {
                    acc = acc + a[r * i_dim + i] * w[(kk * i_dim + i) * j_dim + j];
                }
                *slot = acc;
            }
            let mut acc = T::default();
            for (j, &t) in tmp.iter().enumerate() {
                acc = acc + t * c[r * j_dim + j];
            }
            out.push(acc);
        }
    }
    Ok(out)
}
