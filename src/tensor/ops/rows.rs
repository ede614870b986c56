//! Reductions' view of a tensor: the reduced elements of each output as one contiguous row, in logical
//! order or, for a reduction to one value, in the order PyTorch's TensorIterator walks them; and the
//! accumulators of reductions whose result depends on how PyTorch's threads share the elements.

use crate::tensor::Tensor;
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::storage::Element;

/// A tensor viewed as `rows` contiguous rows of `row_len` reduced elements, plus the output shape. The
/// rows are a contiguous tensor of `T`: the input itself where its reduced dims already lie innermost and
/// in order (no copy: a reduction of a large tensor does not double the memory it needs), else a copy.
pub(super) struct Rows<T> {
    values: Tensor,
    pub(super) row_len: usize,
    pub(super) out_shape: Vec<usize>,
    element: std::marker::PhantomData<T>,
}

impl<T: Element> Rows<T> {
    /// The rows of `moved` (the input with its reduced dims permuted innermost), read as `T`.
    pub(super) fn new(moved: Tensor, row_len: usize, out_shape: Vec<usize>) -> Rows<T> {
        let values = if moved.dtype() == T::DTYPE {
            moved.contiguous()
        } else {
            moved.to_dtype(T::DTYPE)
        };
        Rows {
            values,
            row_len,
            out_shape,
            element: std::marker::PhantomData,
        }
    }
}

/// Which of `n` dims a reduction over `dims` reduces (`None` or empty: all of them), with PyTorch's
/// argument errors (a dim out of range, a dim named twice).
pub(super) fn reduced_dims(n: usize, dims: Option<&[i64]>) -> Result<Vec<bool>> {
    let mut reduce = vec![false; n];
    match dims {
        None => reduce.iter_mut().for_each(|r| *r = true),
        Some(ds) => {
            if ds.is_empty() {
                reduce.iter_mut().for_each(|r| *r = true);
            }
            // A 0-d tensor has one wrapped dim, 0, that 0 and -1 both name.
            let mut seen = vec![false; n.max(1)];
            for &d in ds {
                let d = wrap_dim(d, n)?;
                if seen[d] {
                    return Err(TensorError::runtime(format!(
                        "dim {d} appears multiple times in the list of dims"
                    )));
                }
                seen[d] = true;
                if n > 0 {
                    reduce[d] = true;
                }
            }
        }
    }
    Ok(reduce)
}

/// The result shape of a reduction: reduced dims dropped, or kept as 1 with `keepdim`.
pub(super) fn reduced_shape(shape: &[usize], reduce: &[bool], keepdim: bool) -> Vec<usize> {
    shape
        .iter()
        .zip(reduce)
        .filter_map(|(&size, &r)| match (r, keepdim) {
            (false, _) => Some(size),
            (true, true) => Some(1),
            (true, false) => None,
        })
        .collect()
}

/// [`rows`] for a reduction to one value: a tensor whose elements TensorIterator walks as one contiguous
/// run (a transposed or permuted contiguous tensor, whose dims it reorders by stride) is read in memory
/// order, the order PyTorch adds them in (the flag says so). Other layouts are read in logical order.
pub(super) fn single_output_rows<T: Element>(
    t: &Tensor,
    dims: Option<&[i64]>,
    keepdim: bool,
) -> Result<(Rows<T>, bool)> {
    if !t.is_contiguous() && t.dtype() == T::DTYPE {
        let (walked, run, contiguous, _) = super::walk::iteration_rows::<T>(t, dims, keepdim)?;
        if contiguous && run == walked.row_len {
            return Ok((walked, true));
        }
    }
    Ok((rows::<T>(t, dims, keepdim)?, false))
}

pub(super) fn rows<T: Element>(t: &Tensor, dims: Option<&[i64]>, keepdim: bool) -> Result<Rows<T>> {
    let n = t.ndim();
    let reduce = reduced_dims(n, dims)?;
    let mut order: Vec<i64> = (0..n).filter(|&i| !reduce[i]).map(|i| i as i64).collect();
    order.extend((0..n).filter(|&i| reduce[i]).map(|i| i as i64));
    let moved = t.permute(&order)?;
    let row_len: usize = (0..n)
        .filter(|&i| reduce[i])
        .map(|i| t.shape()[i])
        .product();
    Ok(Rows::new(
        moved,
        row_len,
        reduced_shape(t.shape(), &reduce, keepdim),
    ))
}

pub(super) fn for_each_row<T: Element, U>(r: &Rows<T>, mut f: impl FnMut(&[T]) -> U) -> Vec<U> {
    let count: usize = r.out_shape.iter().product();
    if r.row_len == 0 {
        return (0..count).map(|_| f(&[])).collect();
    }
    r.values
        .with_values(|data: &[T]| data.chunks(r.row_len).map(&mut f).collect())
}

/// `binary_kernel_reduce`'s fold of one output: serial below 32768 elements (or on one thread), else one
/// accumulator per thread, each starting from `init` and folding the part `at::parallel_for` gives that
/// thread, then `init` and the `threads` accumulators combined in order.
pub(super) fn fold_parts<T: Copy, A: Copy>(
    row: &[T],
    threads: usize,
    init: A,
    reduce: impl Fn(A, T) -> A,
    combine: impl Fn(A, A) -> A,
) -> A {
    let fold = |part: &[T], acc: A| part.iter().fold(acc, |a, &v| reduce(a, v));
    if row.len() < crate::tensor::parallel::GRAIN || threads <= 1 {
        return fold(row, init);
    }
    let mut buffer = vec![init; threads];
    for (slot, (b, e)) in buffer
        .iter_mut()
        .zip(crate::tensor::kernels::elementwise_parts(
            row.len(),
            threads,
        ))
    {
        *slot = fold(&row[b..e], *slot);
    }
    buffer.into_iter().fold(init, combine)
}

/// Welford's running mean and sum of squared deviations, as ATen's `WelfordOps` keeps them (in double
/// for float inputs: `WelfordData<double, int64_t>`).
#[derive(Clone, Copy)]
struct Welford {
    mean: f64,
    m2: f64,
    n: i64,
    nf: f64,
}

impl Welford {
    const EMPTY: Welford = Welford {
        mean: 0.0,
        m2: 0.0,
        n: 0,
        nf: 0.0,
    };

    fn push(self, x: f64) -> Welford {
        let n = self.n + 1;
        let nf = n as f64;
        let delta = x - self.mean;
        let mean = self.mean + delta / nf;
        Welford {
            mean,
            // Not fused here (checked against PyTorch at 1-3 threads), unlike `combine`'s.
            m2: self.m2 + delta * (x - mean),
            n,
            nf,
        }
    }

    fn combine(self, b: Welford) -> Welford {
        if self.nf == 0.0 {
            return b;
        }
        if b.nf == 0.0 {
            return self;
        }
        let delta = b.mean - self.mean;
        let nf = self.nf + b.nf;
        let nb_over_n = b.nf / nf;
        Welford {
            // Both contracted into multiply-adds, as GCC compiles `combine`.
            mean: delta.mul_add(nb_over_n, self.mean),
            m2: (delta * delta * self.nf).mul_add(nb_over_n, self.m2 + b.m2),
            n: nf as i64,
            nf,
        }
    }
}

/// `torch.var_mean` / `torch.std_mean` of a float tensor, as ATen's `std_var_stub` computes both:
/// Welford's algorithm in double (not the mean of `torch.mean` nor the two passes of `var()` over all
/// elements), the elements of one output split between threads as `binary_kernel_reduce` splits them.
/// Returns the variance (or its square root) and the mean in double, to be rounded to the input's
/// dtype once.
pub(super) fn welford_var_mean<T: Element + Into<f64>>(
    t: &Tensor,
    dims: Option<&[i64]>,
    correction: f64,
    keepdim: bool,
    take_sqrt: bool,
) -> Result<(Vec<f64>, Vec<f64>, Vec<usize>)> {
    let reduce = reduced_dims(t.ndim(), dims)?;
    let single = (0..t.ndim()).all(|d| reduce[d] || t.shape()[d] == 1);
    let r = if single {
        single_output_rows::<T>(t, dims, keepdim)?.0
    } else {
        rows::<T>(t, dims, keepdim)?
    };
    let threads = if single {
        crate::tensor::settings::num_threads()
    } else {
        1
    };
    let empty = t.numel() == 0;
    let stats = for_each_row(&r, |row| {
        if empty {
            return (f64::NAN, f64::NAN);
        }
        let acc = fold_parts(
            row,
            threads,
            Welford::EMPTY,
            |a, v| a.push(v.into()),
            Welford::combine,
        );
        let divisor = if acc.nf > correction {
            acc.nf - correction
        } else {
            0.0
        };
        let var = acc.m2 / divisor;
        (if take_sqrt { var.sqrt() } else { var }, acc.mean)
    });
    let (var, mean) = stats.into_iter().unzip();
    Ok((var, mean, r.out_shape))
}
