//! Reductions over dims (sum, mean, var/std, max/min, argmax/argmin, all/any, prod) and the row-wise
//! normalisations (softmax, log_softmax, layer_norm). Reduced dims are moved last so every reduction runs over
//! contiguous rows; tensors already laid out that way (softmax over the last dim) are not copied.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::parallel;
use crate::tensor::storage::Element;
use crate::tensor::{DType, Tensor, kernels};

enum FloatReduce {
    Sum,
    Mean,
    Var(f64),
    Std(f64),
}

/// A tensor viewed as `rows` contiguous rows of `row_len` reduced elements, plus the output shape.
struct Rows<T> {
    data: Vec<T>,
    row_len: usize,
    out_shape: Vec<usize>,
}

fn rows<T: Element>(t: &Tensor, dims: Option<&[i64]>, keepdim: bool) -> Result<Rows<T>> {
    let n = t.ndim();
    let mut reduce = vec![false; n];
    match dims {
        None => reduce.iter_mut().for_each(|r| *r = true),
        Some(ds) => {
            if ds.is_empty() {
                reduce.iter_mut().for_each(|r| *r = true);
            }
            for &d in ds {
                let d = wrap_dim(d, n)?;
                if n > 0 {
                    if reduce[d] && ds.len() > 1 {
                        return Err(TensorError::runtime(format!(
                            "dim {d} appears multiple times in the list of dims"
                        )));
                    }
                    reduce[d] = true;
                }
            }
        }
    }
    let mut order: Vec<i64> = (0..n).filter(|&i| !reduce[i]).map(|i| i as i64).collect();
    order.extend((0..n).filter(|&i| reduce[i]).map(|i| i as i64));
    let moved = t.permute(&order)?;
    let row_len: usize = (0..n)
        .filter(|&i| reduce[i])
        .map(|i| t.shape()[i])
        .product();
    let out_shape: Vec<usize> = (0..n)
        .filter_map(|i| {
            if !reduce[i] {
                Some(t.shape()[i])
            } else if keepdim {
                Some(1)
            } else {
                None
            }
        })
        .collect();
    Ok(Rows {
        data: moved.to_vec::<T>(),
        row_len,
        out_shape,
    })
}

fn for_each_row<T: Copy, U>(r: &Rows<T>, mut f: impl FnMut(&[T]) -> U) -> Vec<U> {
    let count: usize = r.out_shape.iter().product();
    if r.row_len == 0 {
        return (0..count).map(|_| f(&[])).collect();
    }
    r.data.chunks(r.row_len).map(&mut f).collect()
}

impl Tensor {
    pub fn sum(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        match self.dtype() {
            DType::Float32 => self.float_reduce(dims, keepdim, FloatReduce::Sum),
            _ => {
                let r = rows::<i64>(self, dims, keepdim)?;
                let out = for_each_row(&r, |row| row.iter().fold(0i64, |a, &x| a.wrapping_add(x)));
                Tensor::from_vec(out, &r.out_shape)
            }
        }
    }

    pub fn prod(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        match self.dtype() {
            DType::Float32 => {
                let r = rows::<f32>(self, dims, keepdim)?;
                let out = for_each_row(&r, |row| row.iter().product::<f32>());
                Tensor::from_vec(out, &r.out_shape)
            }
            _ => {
                let r = rows::<i64>(self, dims, keepdim)?;
                let out = for_each_row(&r, |row| row.iter().fold(1i64, |a, &x| a.wrapping_mul(x)));
                Tensor::from_vec(out, &r.out_shape)
            }
        }
    }

    pub fn mean(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        if self.dtype() != DType::Float32 {
            return Err(TensorError::NotImplemented(format!(
                "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: {}",
                self.dtype().scalar_type_name()
            )));
        }
        self.float_reduce(dims, keepdim, FloatReduce::Mean)
    }

    /// `var(dim, unbiased/correction, keepdim)`; `correction` is 1 for the default unbiased estimate.
    pub fn var(&self, dims: Option<&[i64]>, correction: f64, keepdim: bool) -> Result<Tensor> {
        if self.dtype() != DType::Float32 {
            return Err(TensorError::runtime(
                "std and var only support floating point and complex dtypes",
            ));
        }
        self.float_reduce(dims, keepdim, FloatReduce::Var(correction))
    }

    pub fn std(&self, dims: Option<&[i64]>, correction: f64, keepdim: bool) -> Result<Tensor> {
        if self.dtype() != DType::Float32 {
            return Err(TensorError::runtime(
                "std and var only support floating point and complex dtypes",
            ));
        }
        self.float_reduce(dims, keepdim, FloatReduce::Std(correction))
    }

    /// Float32 sum/mean/var/std with PyTorch's order of additions (see `tensor::kernels`): rows reduced
    /// innermost use the inner cascade, leading dims of a contiguous tensor the outer (column) cascade, a
    /// single result the whole-tensor algorithm.
    fn float_reduce(&self, dims: Option<&[i64]>, keepdim: bool, op: FloatReduce) -> Result<Tensor> {
        let n = self.ndim();
        let mut reduce = vec![dims.is_none() || dims.is_some_and(|d| d.is_empty()); n];
        if let Some(ds) = dims {
            for &d in ds {
                let d = wrap_dim(d, n)?;
                if n > 0 {
                    reduce[d] = true;
                }
            }
        }
        let threads = crate::tensor::settings::num_threads();
        let r = rows::<f32>(self, dims, keepdim)?;
        let out_numel: usize = r.out_shape.iter().product();
        let k = r.row_len;
        // Leading dims reduced on a contiguous tensor: PyTorch's outer (column) reduction.
        let first_kept = reduce.iter().position(|&x| !x).unwrap_or(n);
        let prefix =
            first_kept > 0 && reduce[first_kept..].iter().all(|&x| !x) && self.is_contiguous();
        let out: Vec<f32> = match op {
            FloatReduce::Sum | FloatReduce::Mean if prefix && out_numel > 1 => {
                let data = self.contiguous().to_vec::<f32>();
                let mut sums = kernels::sum_outer(&data, k, out_numel);
                if matches!(op, FloatReduce::Mean) {
                    sums.iter_mut().for_each(|v| *v /= k as f32);
                }
                sums
            }
            FloatReduce::Sum => for_each_row(&r, |row| kernels::sum_inner_threads(row, threads)),
            FloatReduce::Mean => for_each_row(&r, |row| kernels::mean_inner_threads(row, threads)),
            FloatReduce::Var(c) if out_numel == 1 => {
                for_each_row(&r, |row| kernels::var_all_threads(row, c, threads))
            }
            FloatReduce::Std(c) if out_numel == 1 => {
                for_each_row(&r, |row| kernels::std_all_threads(row, c, threads))
            }
            FloatReduce::Var(c) => for_each_row(&r, |row| kernels::var_inner(row, c)),
            FloatReduce::Std(c) => for_each_row(&r, |row| kernels::std_inner(row, c)),
        };
        Tensor::from_vec(out, &r.out_shape)
    }

    /// `max()`/`min()` over all elements (0-d result; empty tensors are an error).
    pub fn max_all(&self, largest: bool) -> Result<Tensor> {
        if self.numel() == 0 {
            let name = if largest { "max" } else { "min" };
            return Err(TensorError::runtime(format!(
                "{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument."
            )));
        }
        let (values, _) = self.max_dim_impl(None, false, largest)?;
        Ok(values)
    }

    /// `max(dim)`/`min(dim)`: values and int64 indices (first occurrence; NaN wins as in PyTorch).
    pub fn max_dim(&self, dim: i64, keepdim: bool, largest: bool) -> Result<(Tensor, Tensor)> {
        self.max_dim_impl(Some(dim), keepdim, largest)
    }

    fn max_dim_impl(
        &self,
        dim: Option<i64>,
        keepdim: bool,
        largest: bool,
    ) -> Result<(Tensor, Tensor)> {
        let dims_vec;
        let dims = match dim {
            Some(d) => {
                let d = wrap_dim(d, self.ndim())?;
                if self.ndim() > 0 && self.shape()[d] == 0 {
                    return Err(TensorError::Index(format!(
                        "{}(): Expected reduction dim {} to have non-zero size.",
                        if largest { "max" } else { "min" },
                        d
                    )));
                }
                dims_vec = [d as i64];
                Some(&dims_vec[..])
            }
            None => None,
        };
        crate::with_dtype!(self.dtype(), T => {
            let r = rows::<T>(self, dims, keepdim)?;
            let pairs = for_each_row(&r, |row| arg_extreme(row, largest));
            let values: Vec<T> = pairs.iter().map(|p| p.1).collect();
            let indices: Vec<i64> = pairs.iter().map(|p| p.0 as i64).collect();
            Ok((Tensor::from_vec(values, &r.out_shape)?, Tensor::from_vec(indices, &r.out_shape)?))
        })
    }

    pub fn argmax(&self, dim: Option<i64>, keepdim: bool, largest: bool) -> Result<Tensor> {
        match dim {
            Some(d) => Ok(self.max_dim(d, keepdim, largest)?.1),
            None => {
                if self.numel() == 0 {
                    return Err(TensorError::runtime(
                        "argmax(): Expected reduction dim to be specified for input.numel() == 0.",
                    ));
                }
                let flat = self.reshape(&[-1])?;
                let (_, idx) = flat.max_dim(0, false, largest)?;
                if keepdim {
                    let ones: Vec<i64> = vec![1; self.ndim()];
                    return idx.reshape(&ones);
                }
                Ok(idx)
            }
        }
    }

    pub fn all_any(&self, dims: Option<&[i64]>, keepdim: bool, all: bool) -> Result<Tensor> {
        let r = rows::<bool>(self, dims, keepdim)?;
        let out = for_each_row(&r, |row| {
            if all {
                row.iter().all(|&x| x)
            } else {
                row.iter().any(|&x| x)
            }
        });
        Tensor::from_vec(out, &r.out_shape)
    }

    /// Numerically stable softmax along `dim` (exp(x - max) scaled by 1/sum, as PyTorch's vectorised kernel).
    pub fn softmax(&self, dim: i64, log: bool) -> Result<Tensor> {
        let n = self.ndim();
        let d = wrap_dim(dim, n)?;
        if self.dtype() != DType::Float32 {
            let kernel = match (log, n == 0 || d == n - 1) {
                (false, true) => "softmax_lastdim_kernel_impl",
                (false, false) => "softmax_kernel_impl",
                (true, true) => "log_softmax_lastdim_kernel_impl",
                (true, false) => "log_softmax_kernel_impl",
            };
            return Err(TensorError::NotImplemented(format!(
                "\"{kernel}\" not implemented for '{}'",
                self.dtype().scalar_type_name()
            )));
        }
        let x = self.clone();
        if n == 0 {
            return Tensor::from_vec(vec![if log { 0.0f32 } else { 1.0 }], &[]);
        }
        // PyTorch's kernels: rows along the last dim, or [outer, dim, inner] blocks otherwise.
        let x = x.contiguous();
        let shape = x.shape().to_vec();
        let dim_size = shape[d];
        let outer: usize = shape[..d].iter().product();
        let inner: usize = shape[d + 1..].iter().product();
        let mut data = x.to_vec::<f32>();
        if dim_size > 0 {
            if inner == 1 {
                parallel::for_chunks(&mut data, dim_size, parallel::GRAIN, |_, rows| {
                    for row in rows.chunks_mut(dim_size) {
                        if log {
                            kernels::log_softmax_row(row);
                        } else {
                            kernels::softmax_row(row);
                        }
                    }
                });
            } else if log {
                kernels::log_softmax_dim(&mut data, outer, dim_size, inner);
            } else {
                kernels::softmax_dim(
                    &mut data,
                    outer,
                    dim_size,
                    inner,
                    crate::tensor::settings::num_threads(),
                );
            }
        }
        Tensor::from_vec(data, &shape)
    }

    /// `F.layer_norm` over the last `normalized` dims: biased variance, eps inside the square root.
    pub fn layer_norm(
        &self,
        normalized: &[usize],
        weight: Option<&Tensor>,
        bias: Option<&Tensor>,
        eps: f64,
    ) -> Result<Tensor> {
        let n = self.ndim();
        let k = normalized.len();
        if k == 0 || k > n || self.shape()[n - k..] != *normalized {
            let expected: Vec<String> = normalized.iter().map(|d| d.to_string()).collect();
            let got: Vec<String> = self.shape().iter().map(|d| d.to_string()).collect();
            return Err(TensorError::runtime(format!(
                "Given normalized_shape=[{}], expected input with shape [*, {}], but got input of size[{}]",
                expected.join(", "),
                expected.join(", "),
                got.join(", ")
            )));
        }
        if self.dtype() != DType::Float32 {
            return Err(TensorError::runtime(format!(
                "expected scalar type Float but found {}",
                self.dtype().scalar_type_name()
            )));
        }
        let row_len: usize = normalized.iter().product();
        let mut data = self.to_vec::<f32>();
        let w = weight.map(|w| w.to_vec::<f32>());
        let b = bias.map(|b| b.to_vec::<f32>());
        if row_len > 0 {
            parallel::for_chunks(&mut data, row_len, parallel::GRAIN, |_, rows| {
                for row in rows.chunks_mut(row_len) {
                    kernels::layer_norm_row(row, w.as_deref(), b.as_deref(), eps);
                }
            });
        }
        Tensor::from_vec(data, self.shape())
    }
}

/// Index and value of the max (or min) of a row; NaN propagates (the first NaN wins).
fn arg_extreme<T: Element>(row: &[T], largest: bool) -> (usize, T) {
    let mut best = 0usize;
    let Some(&first) = row.first() else {
        return (0, T::default());
    };
    let mut best_v = first;
    let is_nan = |v: T| T::DTYPE == DType::Float32 && v.to_f64().is_nan();
    if is_nan(first) {
        return (0, first);
    }
    for (i, &v) in row.iter().enumerate().skip(1) {
        if is_nan(v) {
            return (i, v);
        }
        let better = if largest {
            v.to_f64() > best_v.to_f64()
                || (T::DTYPE != DType::Float32 && v.to_i64() > best_v.to_i64())
        } else {
            v.to_f64() < best_v.to_f64()
                || (T::DTYPE != DType::Float32 && v.to_i64() < best_v.to_i64())
        };
        if better {
            best = i;
            best_v = v;
        }
    }
    (best, best_v)
}

// ---- scans and composite reductions (free functions, as the bindings call them) -----------------------

/// `x.cumsum(dim)`: running sums along `dim`; float32 accumulates in float32, every other dtype in
/// int64 (so the result is int64, as PyTorch promotes bool and int32).
pub fn cumsum(x: &Tensor, dim: i64) -> Result<Tensor> {
    scan(x, dim, 0.0, 0, |acc, v| acc + v, i64::wrapping_add)
}

/// `x.cumprod(dim)`: running products along `dim`, with the dtypes of [`cumsum`].
pub fn cumprod(x: &Tensor, dim: i64) -> Result<Tensor> {
    scan(x, dim, 1.0, 1, |acc, v| acc * v, i64::wrapping_mul)
}

fn scan(
    x: &Tensor,
    dim: i64,
    float_init: f32,
    int_init: i64,
    float_step: impl Fn(f32, f32) -> f32,
    int_step: impl Fn(i64, i64) -> i64,
) -> Result<Tensor> {
    let d = wrap_dim(dim, x.ndim())? as i64;
    let moved = x.transpose(d, -1)?;
    let n = moved.shape().last().copied().unwrap_or(1).max(1);
    let out = match x.dtype() {
        DType::Float32 => {
            let mut v = moved.to_vec::<f32>();
            for row in v.chunks_mut(n) {
                let mut acc = float_init;
                for e in row.iter_mut() {
                    acc = float_step(acc, *e);
                    *e = acc;
                }
            }
            Tensor::from_vec(v, moved.shape())?
        }
        _ => {
            let mut v = moved.to_vec::<i64>();
            for row in v.chunks_mut(n) {
                let mut acc = int_init;
                for e in row.iter_mut() {
                    acc = int_step(acc, *e);
                    *e = acc;
                }
            }
            Tensor::from_vec(v, moved.shape())?
        }
    };
    Ok(out.transpose(d, -1)?.contiguous())
}

/// `x.logsumexp(dims, keepdim)`: `log(sum(exp(x - m))) + m` with `m` the max over the dims (0 where the
/// max is infinite), in float32. No dims (or an empty list) reduces everything.
pub fn logsumexp(x: &Tensor, dims: &[i64], keepdim: bool) -> Result<Tensor> {
    use crate::tensor::Scalar;
    use crate::tensor::ops::elementwise::{BinaryOp, Operand, UnaryOp, binary, masked_fill, unary};
    let m = x.to_dtype(DType::Float32);
    let max = if dims.len() == 1 {
        m.max_dim(dims[0], true, true)?.0
    } else {
        m.max_all(true)?
    };
    let max = binary(
        BinaryOp::Maximum,
        Operand::Tensor(&max),
        Operand::Scalar(Scalar::Float(f64::MIN)),
    )?;
    let safe_max = masked_fill(&max, &unary(UnaryOp::IsInf, &max)?, Scalar::Float(0.0))?;
    let shifted = binary(
        BinaryOp::Sub,
        Operand::Tensor(&m),
        Operand::Tensor(&safe_max),
    )?;
    let sum = unary(UnaryOp::Exp, &shifted)?.sum(Some(dims), keepdim)?;
    let log = unary(UnaryOp::Log, &sum)?;
    let safe_max = if keepdim {
        safe_max
    } else {
        safe_max.squeeze(Some(dims))?
    };
    binary(
        BinaryOp::Add,
        Operand::Tensor(&log),
        Operand::Tensor(&safe_max),
    )
}

/// `x.amax(dims, keepdim)` (`largest`) or `x.amin(...)`: the max/min over each listed dim (all of
/// them when `dims` is empty), without indices.
pub fn amax(x: &Tensor, dims: &[i64], keepdim: bool, largest: bool) -> Result<Tensor> {
    if dims.is_empty() {
        return x.max_all(largest);
    }
    let mut sorted: Vec<usize> = dims
        .iter()
        .map(|&d| wrap_dim(d, x.ndim()))
        .collect::<Result<_>>()?;
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let mut out = x.clone();
    for d in sorted {
        out = out.max_dim(d as i64, keepdim, largest)?.0;
    }
    Ok(out)
}

/// `x.count_nonzero(dims)`: the number of non-zero elements (int64) over the dims, or over everything.
pub fn count_nonzero(x: &Tensor, dims: Option<&[i64]>) -> Result<Tensor> {
    x.to_dtype(DType::Bool).sum(dims, false)
}

/// `x.norm(dim, keepdim)`: the 2-norm, `sqrt(sum(x * x))` in float32.
pub fn norm(x: &Tensor, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
    use crate::tensor::ops::elementwise::{BinaryOp, Operand, UnaryOp, binary, unary};
    let xf = x.to_dtype(DType::Float32);
    let squares = binary(BinaryOp::Mul, Operand::Tensor(&xf), Operand::Tensor(&xf))?;
    unary(UnaryOp::Sqrt, &squares.sum(dims, keepdim)?)
}
