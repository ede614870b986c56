//! Creation ops whose rules are PyTorch's: `arange` (length and dtype), `eye`, `linspace`, `one_hot`.

use crate::tensor::error::{OneHotProblem, Result, TensorError};
use crate::tensor::settings::check_numel;
use crate::tensor::storage::Element;
use crate::tensor::{DType, Scalar, Tensor};

/// The checks `arange` and `range` share: a nonzero step, finite bounds, a step towards the end.
fn check_range(s: f64, e: f64, st: f64) -> Result<()> {
    if st == 0.0 {
        return Err(TensorError::runtime("step must be nonzero"));
    }
    if !(s.is_finite() && e.is_finite()) {
        return Err(TensorError::runtime(format!(
            "unsupported range: {s} -> {e}"
        )));
    }
    if (st > 0.0 && e < s) || (st < 0.0 && e > s) {
        return Err(TensorError::runtime(
            "upper bound and lower bound inconsistent with step sign",
        ));
    }
    Ok(())
}

/// `torch.arange(start, end, step)`: int64 when every argument is an int, else float32. Values are computed as
/// `start + i * step` in double, as PyTorch's CPU kernel does, then cast.
pub fn arange(start: Scalar, end: Scalar, step: Scalar, dtype: Option<DType>) -> Result<Tensor> {
    let all_int = [start, end, step]
        .iter()
        .all(|s| !matches!(s, Scalar::Float(_)));
    let dtype = dtype.unwrap_or(if all_int {
        DType::Int64
    } else {
        DType::default_for(crate::tensor::dtype::Category::Float)
    });
    let (s, e, st) = (start.to_f64(), end.to_f64(), step.to_f64());
    check_range(s, e, st)?;
    let len = if all_int {
        let (si, ei, sti) = (start.to_i64(), end.to_i64(), step.to_i64());
        let span = ei - si;
        ((span + sti - sti.signum()) / sti).max(0) as usize
    } else {
        ((e - s) / st).ceil().max(0.0) as usize
    };
    check_numel(&[len])?;
    crate::with_dtype!(dtype, T => {
        let data: Vec<T> = if all_int && !dtype.is_floating_point() {
            let (si, sti) = (start.to_i64(), step.to_i64());
            (0..len).map(|i| Scalar::Int(si + i as i64 * sti).cast::<T>()).collect()
        } else {
            (0..len).map(|i| Scalar::Float(s + i as f64 * st).cast::<T>()).collect()
        };
        Tensor::from_vec(data, &[len])
    })
}

/// `torch.range(start, end, step)` (deprecated in PyTorch): like `arange` but the end is included and
/// the dtype is the default float unless given. ATen's `range_out`: the bounds in the accumulate type
/// (double for floats, int64 for integers), `start + i * step`, `floor((end - start) / step) + 1` values.
pub fn range(start: Scalar, end: Scalar, step: Scalar, dtype: DType) -> Result<Tensor> {
    let (s, e, st) = (start.to_f64(), end.to_f64(), step.to_f64());
    let int = !dtype.is_floating_point();
    let (s, e, st) = if int {
        (s.trunc(), e.trunc(), st.trunc())
    } else {
        (s, e, st)
    };
    check_range(s, e, st)?;
    let len = if int {
        ((e as i64 - s as i64) / st as i64 + 1) as usize
    } else {
        ((e - s) / st + 1.0) as usize
    };
    check_numel(&[len])?;
    crate::with_dtype!(dtype, T => {
        let data: Vec<T> = if int {
            (0..len).map(|i| Scalar::Int(s as i64 + i as i64 * st as i64).cast::<T>()).collect()
        } else {
            (0..len).map(|i| Scalar::Float(s + i as f64 * st).cast::<T>()).collect()
        };
        Tensor::from_vec(data, &[len])
    })
}

/// `torch.logspace(start, end, steps, base)` as ATen's CPU kernel: the bounds in the result's type, the
/// step in double, `base ** (start + step * i)` for the first half and `base ** (end - step * (steps - 1
/// - i))` for the rest, each power in double then cast.
pub fn logspace(start: f64, end: f64, steps: usize, base: f64, dtype: DType) -> Result<Tensor> {
    check_numel(&[steps])?;
    crate::with_dtype!(dtype, T => {
        // `start.to<scalar_t>()`, and `scalar_end - scalar_start` in scalar_t.
        let (a, b) = (T::from_f64(start), T::from_f64(end));
        let span = if dtype.is_floating_point() {
            T::from_f64(if dtype == DType::Float64 {
                b.to_f64() - a.to_f64()
            } else {
                f64::from(b.to_f64() as f32 - a.to_f64() as f32)
            })
            .to_f64()
        } else {
            T::from_i64(b.to_i64().wrapping_sub(a.to_i64())).to_f64()
        };
        let (a, b) = (a.to_f64(), b.to_f64());
        let step = span / (steps as f64 - 1.0);
        let half = steps / 2;
        let data: Vec<T> = (0..steps)
            .map(|i| {
                let e = if steps == 1 {
                    a
                } else if i < half {
                    a + step * i as f64
                } else {
                    b - step * (steps - i - 1) as f64
                };
                crate::tensor::convert::<f64, T>(base.powf(e))
            })
            .collect();
        Tensor::from_vec(data, &[steps])
    })
}

/// `torch.linspace(start, end, steps)` as PyTorch's CPU kernel: the first half counts up from start, the second
/// half down from end, so both ends are exact.
pub fn linspace(start: f64, end: f64, steps: usize) -> Result<Tensor> {
    check_numel(&[steps])?;
    // ATen's `linspace_kernel` in float: `start`, `end` and the step rounded to float, each element
    // one fused multiply-add from the nearer end (measured: 3,000 random ranges of 2 to 70 steps).
    let (a, b) = (start as f32, end as f32);
    let step = (b - a) / (steps.saturating_sub(1)) as f32;
    let half = steps / 2;
    let data: Vec<f32> = (0..steps)
        .map(|i| match steps {
            1 => a,
            _ if i < half => step.mul_add(i as f32, a),
            _ => (-step).mul_add((steps - 1 - i) as f32, b),
        })
        .collect();
    Tensor::from_vec(data, &[steps])
}

/// [`linspace`] in double (`dtype=torch.float64`): the same fused steps.
pub fn linspace_f64(start: f64, end: f64, steps: usize) -> Result<Vec<f64>> {
    check_numel(&[steps])?;
    let step = (end - start) / (steps.saturating_sub(1)) as f64;
    let half = steps / 2;
    Ok((0..steps)
        .map(|i| match steps {
            1 => start,
            _ if i < half => step.mul_add(i as f64, start),
            _ => (-step).mul_add((steps - 1 - i) as f64, end),
        })
        .collect())
}

pub fn eye(n: usize, m: usize, dtype: DType) -> Result<Tensor> {
    let t = Tensor::zeros(&[n, m], dtype)?;
    crate::with_dtype!(dtype, T => {
        let mut v = t.to_vec::<T>();
        for i in 0..n.min(m) {
            v[i * m + i] = Scalar::Int(1).cast::<T>();
        }
        t.write_values(&v);
    });
    Ok(t)
}

/// `F.one_hot(indices, num_classes=-1)`.
pub fn one_hot(indices: &Tensor, num_classes: i64) -> Result<Tensor> {
    let refuse = |problem| Err(TensorError::OneHot { problem });
    if indices.dtype() != DType::Int64 {
        return refuse(OneHotProblem::NotLong(indices.dtype()));
    }
    let values = indices.to_vec::<i64>();
    if values.iter().any(|&v| v < 0) {
        return refuse(OneHotProblem::Negative);
    }
    let classes = if num_classes == -1 {
        if values.is_empty() {
            return refuse(OneHotProblem::EmptyInferred);
        }
        values.iter().copied().max().unwrap_or(0) + 1
    } else {
        if values.iter().any(|&v| v >= num_classes) {
            return refuse(OneHotProblem::TooLarge { num_classes });
        }
        num_classes
    } as usize;
    let mut shape = indices.shape().to_vec();
    shape.push(classes);
    check_numel(&shape)?;
    let mut data = vec![0i64; values.len() * classes];
    for (i, &v) in values.iter().enumerate() {
        data[i * classes + v as usize] = 1;
    }
    Tensor::from_vec(data, &shape)
}

/// `torch.triu_indices(row, col, offset)`: the (row, column) coordinates of the upper triangle
/// (`col - row >= offset`), the complement of `tril_indices(row, col, offset - 1)`, in row-major order.
pub fn triu_indices(row: i64, col: i64, offset: i64) -> Result<Tensor> {
    let (rows_n, cols_n) = (i128::from(row.max(0)), i128::from(col.max(0)));
    let offset = i128::from(offset);
    // Row i holds columns clamp(i + offset, 0, cols)..cols: none from row `cols - offset` on.
    let last = (cols_n - offset).clamp(0, rows_n);
    let mut count: i128 = 0;
    // Rows before -offset are full; the rest shrink by one each.
    let full = (-offset).clamp(0, last);
    count += full * cols_n;
    let partial = last - full;
    if partial > 0 {
        let first_width = cols_n - (full + offset);
        count += partial * (2 * first_width - partial + 1) / 2;
    }
    let n = usize::try_from(count).unwrap_or(usize::MAX);
    check_numel(&[2, n])?;
    let mut rows = Vec::with_capacity(2 * n);
    let mut cols = Vec::with_capacity(n);
    for i in 0..last {
        if i % 1024 == 0 {
            crate::tensor::settings::check_deadline()?;
        }
        let start = (i + offset).clamp(0, cols_n);
        rows.extend(std::iter::repeat_n(i as i64, (cols_n - start) as usize));
        cols.extend(start as i64..cols_n as i64);
    }
    rows.extend(cols);
    Tensor::from_vec(rows, &[2, n])
}

/// `torch.tril_indices(row, col, offset)`: an int64 `[2, n]` tensor of the (row, column) coordinates of
/// the lower triangle (`col - row <= offset`), in row-major order. Negative sizes count as 0. The count is
/// worked out first, so a huge request meets the element cap before anything is allocated, and the rows
/// are filled one range at a time with the deadline looked at as they go.
pub fn tril_indices(row: i64, col: i64, offset: i64) -> Result<Tensor> {
    let (rows_n, cols_n) = (i128::from(row.max(0)), i128::from(col.max(0)));
    let offset = i128::from(offset);
    // Row i holds columns 0..clamp(i + offset + 1, 0, cols): none before row `first`, all from row `full`.
    let first = if cols_n == 0 {
        rows_n
    } else {
        (-offset).clamp(0, rows_n)
    };
    let full = (cols_n - offset - 1).clamp(first, rows_n);
    let partial = full - first;
    let count =
        partial * (offset + 1) + (first + full - 1) * partial / 2 + (rows_n - full) * cols_n;
    let n = usize::try_from(count).unwrap_or(usize::MAX);
    check_numel(&[2, n])?;
    let mut rows = Vec::with_capacity(2 * n);
    let mut cols = Vec::with_capacity(n);
    for i in first..rows_n {
        if i % 1024 == 0 {
            crate::tensor::settings::check_deadline()?;
        }
        let width = (i + offset + 1).clamp(0, cols_n);
        rows.extend(std::iter::repeat_n(i as i64, width as usize));
        cols.extend(0..width as i64);
    }
    rows.extend(cols);
    Tensor::from_vec(rows, &[2, n])
}
