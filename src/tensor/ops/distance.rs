//! `torch.pdist` (`DistanceOpsKernel.cpp`'s `run_parallel_pdist`), `torch.cdist` (its
//! `run_parallel_cdist`, or `_euclidean_dist`'s matrix product) and `torch.bilinear` (ATen's
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
use crate::tensor::{DType, Scalar, Tensor};

/// How a p-norm maps, combines and finishes.
#[derive(Clone, Copy)]
enum Dist {
    Zero,
    One,
    Two,
    Inf,
    P(f64),
}

impl Dist {
    /// `apply_pdist`'s and `apply_cdist`'s choice of norm for `p`.
    fn of(p: f64) -> Dist {
        if p == 0.0 {
            Dist::Zero
        } else if p == 1.0 {
            Dist::One
        } else if p == 2.0 {
            Dist::Two
        } else if p.is_infinite() {
            Dist::Inf
        } else {
            Dist::P(p)
        }
    }
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
    ($t:ty, $lanes:expr, $tree:expr, $vpow:path) => {
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
                    // `Vectorized::pow`: SLEEF's.
                    Dist::P(p) => $vpow(diff, p as $t),
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
                    // `std::pow(agg, 1.0 / p)`: a double `pow`, `p` in the tensor's type.
                    Dist::P(p) => (f64::from(self).powf(1.0 / f64::from(p as $t))) as $t,
                    _ => self,
                }
            }
        }
    };
}

lane!(f32, 8, true, crate::tensor::kernels::sleef_powf);
lane!(f64, 4, false, crate::tensor::kernels::sleef_pow);

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
    let d = Dist::of(p);
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

/// One pair of rows of `cdist`'s scalar loop (`run_parallel_cdist`): `agg = red(agg, map(|a - b|))`
/// from 0, in order, in the input's float type, then `finish`. `std::max`/`std::min` keep their left
/// operand when a NaN is compared, and the general norm's root is `std::pow(float, double)`, taken
/// in double. GCC vectorises the 2-norm's loop in torch's AVX2 build with an in-order reduction (32-
/// then 16-byte blocks: no fusing, same order) and leaves the last `m % 4` floats (`m % 2` doubles)
/// to a scalar tail where `agg + d * d` is one fused multiply-add (measured against torch on rows
/// of 1 to 40 columns).
fn cdist_pair<T>(a: &[T], b: &[T], d: Dist) -> T
where
    T: num_traits::Float + crate::tensor::Element,
{
    let one = T::one();
    let mut agg = T::zero();
    let tail = a.len() - a.len() % (16 / std::mem::size_of::<T>());
    for (k, (&x, &y)) in a.iter().zip(b).enumerate() {
        let diff = (x - y).abs();
        agg = match d {
            Dist::Zero => {
                let c = diff.ceil();
                agg + if one < c { one } else { c }
            }
            Dist::One => agg + diff,
            Dist::Two if k >= tail => diff.mul_add(diff, agg),
            Dist::Two => agg + diff * diff,
            Dist::Inf => {
                if agg < diff {
                    diff
                } else {
                    agg
                }
            }
            Dist::P(p) => agg + diff.powf(T::from(p).unwrap_or(T::nan())),
        };
    }
    match d {
        Dist::Two => agg.sqrt(),
        Dist::P(p) => {
            let wide = |v: T| num_traits::ToPrimitive::to_f64(&v).unwrap_or(f64::NAN);
            let p = T::from(p).map_or(f64::NAN, wide);
            T::from(wide(agg).powf(1.0 / p)).unwrap_or(T::nan())
        }
        _ => agg,
    }
}

/// `torch.cdist(x1, x2, p, compute_mode)` (`mode`: 0 for `use_mm_for_euclid_dist_if_necessary`, 1 for
/// `use_mm_for_euclid_dist`, 2 for `donot_use_mm_for_euclid_dist`): the p-norm distance between every
/// row of `x1` and every row of `x2`, batch dims broadcast. The 2-norm of more than 25 rows (or with
/// mode 1) is ATen's `_euclidean_dist`, a matrix product of the rows padded with their squared norms;
/// every other case is the pairwise loop.
pub fn cdist(x1: &Tensor, x2: &Tensor, p: f64, mode: i64) -> Result<Tensor> {
    for (x, name) in [(x1, "X1"), (x2, "X2")] {
        if x.ndim() < 2 {
            return Err(TensorError::runtime(format!(
                "cdist only supports at least 2D tensors, {name} got: {}D",
                x.ndim()
            )));
        }
    }
    let (c1, c2) = (x1.shape()[x1.ndim() - 1], x2.shape()[x2.ndim() - 1]);
    if c1 != c2 {
        return Err(TensorError::runtime(format!(
            "X1 and X2 must have the same number of columns. X1: {c1} X2: {c2}"
        )));
    }
    for (x, name) in [(x1, "X1"), (x2, "X2")] {
        if !x.dtype().is_floating_point() {
            return Err(TensorError::runtime(format!(
                "cdist only supports floating-point dtypes, {name} got: {}",
                x.dtype().scalar_type_name()
            )));
        }
    }
    if p < 0.0 {
        return Err(TensorError::runtime(
            "cdist only supports non-negative p values",
        ));
    }
    if x1.dtype() != x2.dtype() {
        return Err(TensorError::runtime(format!(
            "expected scalar type {} but found {}",
            x1.dtype().scalar_type_name(),
            x2.dtype().scalar_type_name()
        )));
    }
    if !(0..=2).contains(&mode) {
        return Err(TensorError::runtime(format!(
            "possible modes: 0, 1, 2, but was: {mode}"
        )));
    }
    let (r1, r2) = (x1.shape()[x1.ndim() - 2], x2.shape()[x2.ndim() - 2]);
    let batch = crate::tensor::layout::broadcast_shapes(
        &x1.shape()[..x1.ndim() - 2],
        &x2.shape()[..x2.ndim() - 2],
    )?;
    let count: usize = batch.iter().product();
    let mut out_shape = batch.clone();
    out_shape.extend([r1, r2]);
    let expand = |x: &Tensor, r: usize| -> Result<Tensor> {
        let mut s = batch.clone();
        s.extend([r, c1]);
        x.broadcast_to(&s)
    };
    if r1 == 0 || r2 == 0 || count == 0 || c1 == 0 {
        return Tensor::zeros(&out_shape, x1.dtype());
    }
    if p == 2.0 && (mode == 1 || (mode == 0 && (r1 > 25 || r2 > 25))) {
        return euclidean(&expand(x1, r1)?, &expand(x2, r2)?);
    }
    let d = Dist::of(p);
    let (a, b) = (expand(x1, r1)?, expand(x2, r2)?);
    match x1.dtype() {
        DType::Float64 => cdist_rows::<f64>(&a, &b, count, (r1, r2, c1), d, &out_shape),
        DType::Float32 => cdist_rows::<f32>(&a, &b, count, (r1, r2, c1), d, &out_shape),
        other => Err(TensorError::NotImplemented(format!(
            "\"cdist\" not implemented for '{}'",
            other.scalar_type_name()
        ))),
    }
}

/// Every pair of rows of `a` (`count` batches of `r1` rows) and `b` (`r2` rows), in row-major order.
fn cdist_rows<T>(
    a: &Tensor,
    b: &Tensor,
    count: usize,
    (r1, r2, m): (usize, usize, usize),
    d: Dist,
    shape: &[usize],
) -> Result<Tensor>
where
    T: num_traits::Float + crate::tensor::Element,
{
    let (a, b) = (a.to_vec::<T>(), b.to_vec::<T>());
    let mut out = Vec::with_capacity(count * r1 * r2);
    for l in 0..count {
        check_deadline()?;
        for i in 0..r1 {
            let row = &a[(l * r1 + i) * m..(l * r1 + i + 1) * m];
            for j in 0..r2 {
                out.push(cdist_pair(
                    row,
                    &b[(l * r2 + j) * m..(l * r2 + j + 1) * m],
                    d,
                ));
            }
        }
    }
    Tensor::from_vec(out, shape)
}

/// ATen's `_euclidean_dist`: `[-2 x1, |x1|², 1] @ [x2, 1, |x2|²]ᵀ`, clamped at 1e-30, square-rooted.
fn euclidean(x1: &Tensor, x2: &Tensor) -> Result<Tensor> {
    let sq = |x: &Tensor| -> Result<Tensor> {
        binary(
            BinaryOp::Pow,
            Operand::Tensor(x),
            Operand::Scalar(Scalar::Int(2)),
        )?
        .sum(Some(&[-1]), true)
    };
    let (n1, n2) = (sq(x1)?, sq(x2)?);
    let (p1, p2) = (
        Tensor::full(n1.shape(), Scalar::Int(1), n1.dtype())?,
        Tensor::full(n2.shape(), Scalar::Int(1), n2.dtype())?,
    );
    let m1 = binary(
        BinaryOp::Mul,
        Operand::Tensor(x1),
        Operand::Scalar(Scalar::Int(-2)),
    )?;
    let a = Tensor::cat(&[m1, n1, p1], -1)?;
    let b = Tensor::cat(&[x2.clone(), p2, n2], -1)?;
    let r = a.matmul(&b.transpose(-2, -1)?)?;
    let r = binary(
        BinaryOp::Maximum,
        Operand::Tensor(&r),
        Operand::Scalar(Scalar::Float(1e-30)),
    )?;
    crate::tensor::ops::elementwise::unary(crate::tensor::ops::elementwise::UnaryOp::Sqrt, &r)
}
