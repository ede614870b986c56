//! Reductions over dims (sum, mean, var/std, max/min, argmax/argmin, all/any, prod) and the row-wise
//! normalisations (softmax, log_softmax, layer_norm). Reduced dims are moved last so every reduction runs over
//! contiguous rows; tensors already laid out that way (softmax over the last dim) are not copied.

use ndarray::{ArrayD, ArrayViewD, Axis};

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::parallel;
use crate::tensor::storage::Element;
use crate::tensor::{DType, Tensor, kernels};

pub(super) use super::rows::{
    Rows, for_each_row, reduced_dims, reduced_shape, rows, single_output_rows,
};

pub(super) enum FloatReduce {
    Sum,
    Mean,
    Var(f64),
    Std(f64),
}

/// An order-free reduction over `dims` (integer sums and products, all/any: every order of the same
/// operations gives the same result), run by ndarray on the tensor's own view, with no permuted copy: the
/// innermost reduced dim, when its elements are adjacent, as `map_axis` over contiguous lanes, any other
/// as `fold_axis` (whole sub-views combined elementwise). `step` folds an element into an accumulator,
/// `combine` merges two accumulators. Measured on int64 `[8,128,512]` (benches/ndarray_paths, one thread):
/// `.sum(0)` 0.29 ms with `fold_axis` against 1.80 ms for the permute-and-copy rows the float
/// reductions use; `.sum(2)` — see the figure in `fold_axis_fast`.
fn fold_dims<S: Element, A: Element>(
    t: &Tensor,
    dims: Option<&[i64]>,
    keepdim: bool,
    init: A,
    step: impl Fn(A, S) -> A + Copy,
    combine: impl Fn(A, A) -> A + Copy,
) -> Result<Tensor> {
    let reduce = reduced_dims(t.ndim(), dims)?;
    let out_shape = reduced_shape(t.shape(), &reduce, keepdim);
    let values: Vec<A> = t.with_view::<S, _>(|v| {
        // From the last reduced dim to the first, so the dims still to reduce keep their numbers.
        let mut axes = (0..reduce.len()).rev().filter(|&d| reduce[d]);
        let Some(last) = axes.next() else {
            // Nothing to reduce (a 0-d tensor): each element on its own.
            return v.iter().map(|&x| step(init, x)).collect();
        };
        let mut acc = fold_axis_fast(&v.view(), Axis(last), init, step);
        for d in axes {
            acc = fold_axis_fast(&acc.view(), Axis(d), init, combine);
        }
        if acc.is_standard_layout() {
            // Row-major already: take the buffer (ndarray's element iterator over IxDyn costs more
            // than the fold itself: 0.30 ms against 0.10 ms for `[8,128,512].sum(0)`).
            acc.into_raw_vec_and_offset().0
        } else {
            acc.iter().copied().collect()
        }
    })?;
    Tensor::from_vec(values, &out_shape)
}

/// `fold_axis` of ndarray, except over an axis whose elements are adjacent (stride 1), where ndarray's
/// `fold_axis` walks one strided sub-view per element of the axis (4.22 ms for int64 `[8,128,512].sum(2)`
/// against 0.37 ms for the engine's rows): there each contiguous lane is folded as a slice (`map_axis`).
fn fold_axis_fast<S: Element, A: Element>(
    v: &ArrayViewD<'_, S>,
    axis: Axis,
    init: A,
    step: impl Fn(A, S) -> A + Copy,
) -> ArrayD<A> {
    if v.len_of(axis) > 1 && v.stride_of(axis) == 1 {
        v.map_axis(axis, |lane| lane.fold(init, |a, &x| step(a, x)))
    } else {
        v.fold_axis(axis, init, |&a, &x| step(a, x))
    }
}

impl Tensor {
    /// `torch.var_mean(x, dims, correction=, keepdim=)` (`take_sqrt`: `std_mean`): both from one Welford
    /// pass in double (`std_var_stub`), each rounded to the input's float dtype once; all NaN when the
    /// tensor is empty.
    pub fn var_mean(
        &self,
        dims: Option<&[i64]>,
        correction: f64,
        keepdim: bool,
        take_sqrt: bool,
    ) -> Result<(Tensor, Tensor)> {
        let dtype = self.dtype();
        let (var, mean, shape) = match dtype {
            DType::Float64 => {
                super::rows::welford_var_mean::<f64>(self, dims, correction, keepdim, take_sqrt)?
            }
            DType::Float32 => {
                super::rows::welford_var_mean::<f32>(self, dims, correction, keepdim, take_sqrt)?
            }
            d if d.is_reduced_float() => super::rows::welford_var_mean::<f32>(
                &self.to_dtype(DType::Float32),
                dims,
                correction,
                keepdim,
                take_sqrt,
            )?,
            _ => {
                return Err(TensorError::NotImplemented(
                    "std and var only support floating point and complex dtypes".into(),
                ));
            }
        };
        let out = |v: Vec<f64>| -> Result<Tensor> {
            let t = Tensor::from_vec(v, &shape)?.to_dtype(dtype);
            Ok(self.reduced_axes(t, dims, keepdim))
        };
        Ok((out(var)?, out(mean)?))
    }

    fn sum_values(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        match self.dtype() {
            DType::Float32 => self.float_reduce(dims, keepdim, FloatReduce::Sum),
            DType::Float64 => self.double_reduce(dims, keepdim, FloatReduce::Sum),
            d if d.is_reduced_float() => {
                self.widened(|x| x.float_reduce(dims, keepdim, FloatReduce::Sum))
            }
            dtype => crate::with_dtype!(dtype, S => fold_dims::<S, i64>(
                self,
                dims,
                keepdim,
                0,
                |a, x| a.wrapping_add(x.to_i64()),
                i64::wrapping_add,
            )),
        }
    }

    pub(super) fn prod_values(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        use super::walk::iteration_rows;
        use kernels::prod::prod_row;
        let threads = crate::tensor::settings::num_threads();
        match self.dtype() {
            DType::Float32 => {
                let (r, run, contiguous, single) = iteration_rows::<f32>(self, dims, keepdim)?;
                let out = for_each_row(&r, |row| {
                    prod_row(row, run, contiguous, single, threads, 8, 1.0, |a, b| a * b)
                });
                Tensor::from_vec(out, &r.out_shape)
            }
            DType::Float64 => {
                let (r, run, contiguous, single) = iteration_rows::<f64>(self, dims, keepdim)?;
                let out = for_each_row(&r, |row| {
                    prod_row(row, run, contiguous, single, threads, 4, 1.0, |a, b| a * b)
                });
                Tensor::from_vec(out, &r.out_shape)
            }
            // Half and bfloat16 multiply as float, each product rounded to their own type.
            // (From float, not through double: the `half` crate's software double-to-half conversion,
            // which a CPU without F16C gets, rounds some products differently.)
            d if d.is_reduced_float() => {
                let round: fn(f32) -> f32 = if d == DType::Float16 {
                    |v| half::f16::from_f32(v).to_f32()
                } else {
                    |v| half::bf16::from_f32(v).to_f32()
                };
                let (r, run, contiguous, single) = iteration_rows::<f32>(self, dims, keepdim)?;
                let out = for_each_row(&r, |row| {
                    prod_row(row, run, contiguous, single, threads, 16, 1.0f32, |a, b| {
                        round(a * b)
                    })
                });
                Ok(Tensor::from_vec(out, &r.out_shape)?.to_dtype(d))
            }
            dtype => crate::with_dtype!(dtype, S => fold_dims::<S, i64>(
                self,
                dims,
                keepdim,
                1,
                |a, x| a.wrapping_mul(x.to_i64()),
                i64::wrapping_mul,
            )),
        }
    }

    fn mean_values(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        if !self.dtype().is_floating_point() {
            return Err(TensorError::NotImplemented(format!(
                "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: {}",
                self.dtype().scalar_type_name()
            )));
        }
        self.any_float_reduce(dims, keepdim, FloatReduce::Mean)
    }

    /// `var(dim, unbiased/correction, keepdim)`; `correction` is 1 for the default unbiased estimate.
    fn var_values(&self, dims: Option<&[i64]>, correction: f64, keepdim: bool) -> Result<Tensor> {
        if !self.dtype().is_floating_point() {
            return Err(TensorError::NotImplemented(
                "std and var only support floating point and complex dtypes".into(),
            ));
        }
        self.any_float_reduce(dims, keepdim, FloatReduce::Var(correction))
    }

    fn std_values(&self, dims: Option<&[i64]>, correction: f64, keepdim: bool) -> Result<Tensor> {
        if !self.dtype().is_floating_point() {
            return Err(TensorError::NotImplemented(
                "std and var only support floating point and complex dtypes".into(),
            ));
        }
        self.any_float_reduce(dims, keepdim, FloatReduce::Std(correction))
    }

    /// Float32 sum/mean/var/std with PyTorch's order of additions (see `tensor::kernels`): sum and mean
    /// walk the tensor as TensorIterator walks it (`walk::cascade_sum`: any layout, any thread count),
    /// var/std use the inner Welford per output or the whole-tensor algorithm for a single result.
    ///
    /// Not ndarray's `sum_axis`/`fold_axis`, though they are faster (benches/ndarray_paths: 81 µs against
    /// 471 µs for `[8,128,512].sum(2)`, 87 µs against 594 µs for `.sum(0)`): they add in another order, and
    /// 858 of the 1024 sums of `.sum(2)` differ from PyTorch's in their last bits (`.sum(0)` agrees only
    /// because 8 rows are fewer than the cascade's first level of 16).
    pub(super) fn float_reduce(
        &self,
        dims: Option<&[i64]>,
        keepdim: bool,
        op: FloatReduce,
    ) -> Result<Tensor> {
        let n = self.ndim();
        let reduce = reduced_dims(n, dims)?;
        let out_numel: usize = (0..n)
            .filter(|&i| !reduce[i])
            .map(|i| self.shape()[i])
            .product();
        let (correction, take_sqrt) = match op {
            FloatReduce::Var(c) => (c, false),
            FloatReduce::Std(c) => (c, true),
            FloatReduce::Sum | FloatReduce::Mean => {
                let mean = matches!(op, FloatReduce::Mean);
                return super::walk::sum_or_mean::<f32>(self, &reduce, keepdim, mean);
            }
        };
        // Only a reduction to one value is split between threads in a way that changes its result.
        let out: Vec<f32> = if out_numel == 1 {
            let threads = crate::tensor::settings::num_threads();
            let r = single_output_rows::<f32>(self, dims, keepdim)?.0;
            for_each_row(&r, |row| match take_sqrt {
                false => kernels::var_all_threads(row, correction, threads),
                true => kernels::std_all_threads(row, correction, threads),
            })
        } else {
            let r = rows::<f32>(self, dims, keepdim)?;
            for_each_row(&r, |row| match take_sqrt {
                false => kernels::var_inner(row, correction),
                true => kernels::std_inner(row, correction),
            })
        };
        Tensor::from_vec(out, &reduced_shape(self.shape(), &reduce, keepdim))
    }

    /// `max()`/`min()` over all elements (0-d result; empty tensors are an error).
    pub fn max_all(&self, largest: bool) -> Result<Tensor> {
        self.extreme_all(if largest { "max" } else { "min" }, largest)
    }

    /// The 0-d extreme of every element, refused on an empty tensor in the words of `name`.
    fn extreme_all(&self, name: &str, largest: bool) -> Result<Tensor> {
        if self.numel() == 0 {
            return Err(TensorError::runtime(format!(
                "{name}(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim with the 'dim' argument."
            )));
        }
        let (values, _) = self.max_dim_impl(None, false, largest, name)?;
        Ok(values)
    }

    /// `max(dim)`/`min(dim)`: values and int64 indices (first occurrence; NaN wins as in PyTorch).
    pub fn max_dim(&self, dim: i64, keepdim: bool, largest: bool) -> Result<(Tensor, Tensor)> {
        self.max_dim_named(dim, keepdim, largest, if largest { "max" } else { "min" })
    }

    fn max_dim_named(
        &self,
        dim: i64,
        keepdim: bool,
        largest: bool,
        name: &str,
    ) -> Result<(Tensor, Tensor)> {
        let (values, indices) = self.max_dim_impl(Some(dim), keepdim, largest, name)?;
        let d = [dim];
        Ok((
            self.reduced_axes(values, Some(&d), keepdim),
            self.reduced_axes(indices, Some(&d), keepdim),
        ))
    }

    fn max_dim_impl(
        &self,
        dim: Option<i64>,
        keepdim: bool,
        largest: bool,
        name: &str,
    ) -> Result<(Tensor, Tensor)> {
        let dims_vec;
        let dims = match dim {
            Some(given) => {
                let d = wrap_dim(given, self.ndim())?;
                if self.ndim() > 0 && self.shape()[d] == 0 {
                    // max/argmax name the wrapped dim (amax names it as given: `amax_named`).
                    return Err(TensorError::Index(format!(
                        "{name}(): Expected reduction dim {d} to have non-zero size."
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

    /// `argmax(dim)` (`largest`) or `argmin(dim)`.
    pub fn argmax(&self, dim: Option<i64>, keepdim: bool, largest: bool) -> Result<Tensor> {
        let name = if largest { "argmax" } else { "argmin" };
        if self.dtype() == DType::Bool {
            return Err(TensorError::NotImplemented(format!(
                "{name}(): does not support bool input"
            )));
        }
        match dim {
            Some(d) => Ok(self.max_dim_named(d, keepdim, largest, name)?.1),
            None => {
                if self.numel() == 0 {
                    return Err(TensorError::Index(format!(
                        "{name}(): Expected reduction dim to be specified for input.numel() == 0."
                    )));
                }
                let flat = self.reshape(&[-1])?;
                let (_, idx) = flat.max_dim_named(0, false, largest, name)?;
                if keepdim {
                    let ones: Vec<i64> = vec![1; self.ndim()];
                    return idx.reshape(&ones);
                }
                Ok(idx)
            }
        }
    }

    fn all_any_values(&self, dims: Option<&[i64]>, keepdim: bool, all: bool) -> Result<Tensor> {
        crate::with_dtype!(self.dtype(), S => {
            if all {
                fold_dims::<S, bool>(self, dims, keepdim, true, |a, x| a && x.to_bool(), |a, b| a && b)
            } else {
                fold_dims::<S, bool>(self, dims, keepdim, false, |a, x| a || x.to_bool(), |a, b| a || b)
            }
        })
    }

    /// Numerically stable softmax along `dim` (exp(x - max) scaled by 1/sum, as PyTorch's vectorised kernel).
    pub fn softmax(&self, dim: i64, log: bool) -> Result<Tensor> {
        Ok(self.softmax_values(dim, log)?.with_axes_of(self))
    }

    /// The axes of a reduction's result: reduced axes dropped, or anonymous 1s with `keepdim`.
    pub(crate) fn reduced_axes(&self, out: Tensor, dims: Option<&[i64]>, keepdim: bool) -> Tensor {
        if self.axes().is_none() {
            return out;
        }
        match reduced_dims(self.ndim(), dims) {
            Ok(reduced) => {
                let axes = crate::tensor::sym::reduce(self.axes(), &reduced, keepdim);
                out.with_axes(axes)
            }
            Err(_) => out,
        }
    }

    pub fn sum(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        let out = self.sum_values(dims, keepdim)?;
        Ok(self.reduced_axes(out, dims, keepdim))
    }

    pub fn prod(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        let out = self.prod_values(dims, keepdim)?;
        Ok(self.reduced_axes(out, dims, keepdim))
    }

    pub fn mean(&self, dims: Option<&[i64]>, keepdim: bool) -> Result<Tensor> {
        let out = self.mean_values(dims, keepdim)?;
        Ok(self.reduced_axes(out, dims, keepdim))
    }

    pub fn var(&self, dims: Option<&[i64]>, correction: f64, keepdim: bool) -> Result<Tensor> {
        let out = self.var_values(dims, correction, keepdim)?;
        Ok(self.reduced_axes(out, dims, keepdim))
    }

    pub fn std(&self, dims: Option<&[i64]>, correction: f64, keepdim: bool) -> Result<Tensor> {
        let out = self.std_values(dims, correction, keepdim)?;
        Ok(self.reduced_axes(out, dims, keepdim))
    }

    pub fn all_any(&self, dims: Option<&[i64]>, keepdim: bool, all: bool) -> Result<Tensor> {
        let out = self.all_any_values(dims, keepdim, all)?;
        Ok(self.reduced_axes(out, dims, keepdim))
    }

    pub(super) fn softmax_values(&self, dim: i64, log: bool) -> Result<Tensor> {
        let n = self.ndim();
        let d = wrap_dim(dim, n)?;
        match self.dtype() {
            DType::Float64 => return self.double_softmax(d, log),
            r if r.is_reduced_float()
                && !log
                && d + 1 < n
                && self.shape()[d + 1..].iter().product::<usize>() > 1 =>
            {
                // `_vec_softmax` for half and bfloat16: its own rounding of the exps.
                let shape = self.shape().to_vec();
                let outer: usize = shape[..d].iter().product();
                let inner: usize = shape[d + 1..].iter().product();
                let mut data = self.to_dtype(DType::Float32).contiguous().to_vec::<f32>();
                let round: fn(f32) -> f32 = if r == DType::Float16 {
                    |v| half::f16::from_f32(v).to_f32()
                } else {
                    |v| half::bf16::from_f32(v).to_f32()
                };
                kernels::softmax_dim_reduced(
                    &mut data,
                    (outer, shape[d], inner),
                    crate::tensor::settings::num_threads(),
                    round,
                );
                return Ok(Tensor::from_vec(data, &shape)?.to_dtype(r));
            }
            r if r.is_reduced_float() && log && d + 1 == n => {
                // `serial_vec_log_softmax_lastdim_range` on the reduced type: its sum and log are
                // stored in it.
                let shape = self.shape().to_vec();
                let x = self.to_dtype(DType::Float32).contiguous();
                let mut data = x.to_vec::<f32>();
                let round: fn(f32) -> f32 = if r == DType::Float16 {
                    |v| half::f16::from_f32(v).to_f32()
                } else {
                    |v| half::bf16::from_f32(v).to_f32()
                };
                if shape[d] > 0 {
                    for row in data.chunks_mut(shape[d]) {
                        kernels::log_softmax_row_reduced(row, round);
                    }
                }
                return Ok(Tensor::from_vec(data, &shape)?.to_dtype(r));
            }
            r if r.is_reduced_float() => return self.widened(|x| x.softmax_values(dim, log)),
            _ => {}
        }
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
        Ok(self
            .layer_norm_values(normalized, weight, bias, eps)?
            .with_axes_of(self))
    }

    fn layer_norm_values(
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
        super::batch_norm::check_mixed(self, &[weight, bias])?;
        let row_len: usize = normalized.iter().product();
        match self.dtype() {
            d if d.is_reduced_float() => {
                let (w, b) = (
                    weight.map(|w| w.to_dtype(DType::Float32)),
                    bias.map(|b| b.to_dtype(DType::Float32)),
                );
                return self
                    .widened(|x| x.layer_norm_values(normalized, w.as_ref(), b.as_ref(), eps));
            }
            // Double: the same kernel instantiated for `double` (RowwiseMoments on 4-lane vectors).
            DType::Float64 if row_len > 0 => {
                let mut data = self.to_vec::<f64>();
                let w = weight.map(|w| w.to_vec::<f64>());
                let b = bias.map(|b| b.to_vec::<f64>());
                for row in data.chunks_mut(row_len) {
                    kernels::layer_norm_row_f64(row, w.as_deref(), b.as_deref(), eps);
                }
                return Tensor::from_vec(data, self.shape());
            }
            DType::Float64 => return Ok(self.deep_copy()),
            DType::Float32 => {}
            d => {
                return Err(TensorError::NotImplemented(format!(
                    "\"LayerNormKernelImpl\" not implemented for '{}'",
                    d.scalar_type_name()
                )));
            }
        }
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
    let is_nan = |v: T| T::DTYPE.is_floating_point() && v.to_f64().is_nan();
    if is_nan(first) {
        return (0, first);
    }
    for (i, &v) in row.iter().enumerate().skip(1) {
        if is_nan(v) {
            return (i, v);
        }
        let better = if largest {
            v.to_f64() > best_v.to_f64()
                || (!T::DTYPE.is_floating_point() && v.to_i64() > best_v.to_i64())
        } else {
            v.to_f64() < best_v.to_f64()
                || (!T::DTYPE.is_floating_point() && v.to_i64() < best_v.to_i64())
        };
        if better {
            best = i;
            best_v = v;
        }
    }
    (best, best_v)
}

// ---- scans and composite reductions (free functions, as the bindings call them) -----------------------

/// `x.cumsum(dim)`: running sums along `dim`; float32 accumulates in float64 and rounds each running
/// value (ATen's `cpu_cum_base_kernel` with `acc_type<float>` = double), every other dtype in int64 (so
/// the result is int64, as PyTorch promotes bool and int32).
pub fn cumsum(x: &Tensor, dim: i64) -> Result<Tensor> {
    scan(x, dim, 0.0, 0, |acc, v| acc + v, i64::wrapping_add)
}

/// `x.cumprod(dim)`: running products along `dim`, with the dtypes and accumulator of [`cumsum`].
pub fn cumprod(x: &Tensor, dim: i64) -> Result<Tensor> {
    scan(x, dim, 1.0, 1, |acc, v| acc * v, i64::wrapping_mul)
}

fn scan(
    x: &Tensor,
    dim: i64,
    float_init: f64,
    int_init: i64,
    float_step: impl Fn(f64, f64) -> f64,
    int_step: impl Fn(i64, i64) -> i64,
) -> Result<Tensor> {
    let d = wrap_dim(dim, x.ndim())? as i64;
    let moved = x.transpose(d, -1)?;
    let n = moved.shape().last().copied().unwrap_or(1).max(1);
    let out = match x.dtype() {
        // Double accumulates in double; half and bfloat16 in float (their CPU `acc_type`), each running
        // value rounded back as it is written.
        DType::Float64 => {
            let mut v = moved.to_vec::<f64>();
            for row in v.chunks_mut(n) {
                let mut acc = float_init;
                for e in row.iter_mut() {
                    acc = float_step(acc, *e);
                    *e = acc;
                }
            }
            Tensor::from_vec(v, moved.shape())?
        }
        d if d.is_reduced_float() => crate::with_dtype!(d, T => {
            let mut v = moved.to_vec::<f32>();
            for row in v.chunks_mut(n) {
                let mut acc = float_init as f32;
                for e in row.iter_mut() {
                    acc = float_step(f64::from(acc), f64::from(*e)) as f32;
                    *e = T::from_f64(f64::from(acc)).to_f64() as f32;
                }
            }
            Tensor::from_vec(v, moved.shape())?.to_dtype(d)
        }),
        DType::Float32 => {
            let mut v = moved.to_vec::<f32>();
            for row in v.chunks_mut(n) {
                let mut acc = float_init;
                for e in row.iter_mut() {
                    acc = float_step(acc, f64::from(*e));
                    *e = acc as f32;
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
    Ok(out.transpose(d, -1)?.row_major())
}

/// `x.logsumexp(dims, keepdim)`: `log(sum(exp(x - m))) + m` with `m` the max over the dims (0 where the
/// max is infinite), in float32. No dims (or an empty list) reduces everything.
pub fn logsumexp(x: &Tensor, dims: &[i64], keepdim: bool) -> Result<Tensor> {
    use crate::tensor::Scalar;
    use crate::tensor::ops::elementwise::{BinaryOp, Operand, UnaryOp, binary, masked_fill, unary};
    // ATen's logsumexp_out_impl in the input's float type, integers first converted to the default one.
    let m = if x.dtype().is_floating_point() {
        x.clone()
    } else {
        x.to_dtype(DType::default_for(crate::tensor::dtype::Category::Float))
    };
    reduced_dims(m.ndim(), Some(dims))?;
    if m.numel() == 0 {
        let sum = unary(UnaryOp::Exp, &m)?.sum(Some(dims), keepdim)?;
        return unary(UnaryOp::Log, &sum);
    }
    let max = amax_named(&m, dims, true, true, "amax")?;
    if dims.is_empty() && !keepdim && m.ndim() > 0 {
        // `dim=()`: the max keeps every dim as 1 while the sum drops them, and ATen's in-place add of
        // one to the other fails.
        return Err(TensorError::runtime(format!(
            "output with shape [] doesn't match the broadcast shape [{}]",
            vec!["1"; m.ndim()].join(", ")
        )));
    }
    let safe_max = masked_fill(&max, &unary(UnaryOp::IsInf, &max)?, Scalar::Float(0.0))?;
    let shifted = binary(
        BinaryOp::Sub,
        Operand::Tensor(&m),
        Operand::Tensor(&safe_max),
    )?;
    let sum = unary(UnaryOp::Exp, &shifted)?.sum(Some(dims), keepdim)?;
    let log = unary(UnaryOp::Log, &sum)?;
    let safe_max = if keepdim || dims.is_empty() {
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
    amax_named(
        x,
        dims,
        keepdim,
        largest,
        if largest { "amax" } else { "amin" },
    )
}

/// [`amax`] with the op's name for its errors (`aminmax` says its own).
pub fn amax_named(
    x: &Tensor,
    dims: &[i64],
    keepdim: bool,
    largest: bool,
    name: &str,
) -> Result<Tensor> {
    // `zero_numel_check_dims`: on an empty tensor each listed dim, as given, before any other check.
    if x.numel() == 0 {
        for &d in dims {
            let w = wrap_dim(d, x.ndim())?;
            if x.ndim() > 0 && x.shape()[w] == 0 {
                return Err(TensorError::Index(format!(
                    "{name}(): Expected reduction dim {d} to have non-zero size."
                )));
            }
        }
    }
    let reduce = reduced_dims(x.ndim(), Some(dims))?;
    if dims.is_empty() {
        let all = x.extreme_all(name, largest)?;
        if keepdim {
            return all.reshape(&vec![1; x.ndim()]);
        }
        return Ok(all);
    }
    let mut out = x.clone();
    for d in (0..x.ndim()).rev().filter(|&d| reduce[d]) {
        out = out.max_dim_named(d as i64, keepdim, largest, name)?.0;
    }
    Ok(out)
}

/// `x.count_nonzero(dims)`: the number of non-zero elements (int64) over the dims, or over everything.
pub fn count_nonzero(x: &Tensor, dims: Option<&[i64]>) -> Result<Tensor> {
    x.to_dtype(DType::Bool).sum(dims, false)
}

pub use super::norm::vector_norm;
