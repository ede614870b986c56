//! `torch.histogram(input, bins, range=, weight=, density=)` as ATen's `histogram_out`
//! (`native/Histogram.cpp`, `cpu/HistogramKernel.cpp`) computes it: the outer edges from `range` or
//! the input's min and max (widened by a half on each side when equal), `linspace` edges for a bin
//! count, then each in-range element placed by linear interpolation with a local search (a bin
//! count) or by binary search (given edges), counts or weights summed in the input's dtype.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::activation::cpp_double;
use crate::tensor::ops::create::{linspace, linspace_f64};
use crate::tensor::ops::elementwise::{Operand, binary};
use crate::tensor::storage::Element;
use crate::tensor::{BinaryOp, DType, Tensor};

/// `bins=`: a count of equal bins, or the edges themselves.
pub enum Bins<'a> {
    Count(i64),
    Edges(&'a Tensor),
}

/// `(hist, bin_edges)`.
pub fn histogram(
    x: &Tensor,
    bins: Bins,
    range: Option<&[f64]>,
    weight: Option<&Tensor>,
    density: bool,
) -> Result<(Tensor, Tensor)> {
    let weight = match weight {
        Some(w) => Some(w.reshape(&[w.numel() as i64])?),
        None => None,
    };
    let (edges, search) = match bins {
        Bins::Count(count) => {
            if count <= 0 {
                return Err(TensorError::runtime(format!(
                    "torch.histogram(): bins must be > 0, but got {count} for dimension 0"
                )));
            }
            check_float(x)?;
            let (lo, hi) = outer_edges(x, range)?;
            let steps = count as usize + 1;
            let edges = match x.dtype() {
                DType::Float64 => Tensor::from_vec(linspace_f64(lo, hi, steps)?, &[steps])?,
                _ => linspace(lo, hi, steps)?,
            };
            check_inputs(x, &edges, weight.as_ref())?;
            (edges, false)
        }
        Bins::Edges(edges) => {
            check_inputs(x, edges, weight.as_ref())?;
            check_float(x)?;
            (edges.contiguous(), true)
        }
    };
    let hist = match x.dtype() {
        DType::Float64 => fill::<f64>(x, &edges, weight.as_ref(), search)?,
        _ => fill::<f32>(x, &edges, weight.as_ref(), search)?,
    };
    if !density {
        return Ok((hist, edges));
    }
    // `hist.div_(hist.sum().item())`, then each bin by its width.
    let total = hist.sum(None, false)?.item()?;
    let hist = binary(
        BinaryOp::Div,
        Operand::Tensor(&hist),
        Operand::Scalar(total),
    )?;
    let len = edges.numel();
    let widths = binary(
        BinaryOp::Sub,
        Operand::Tensor(&edges.slice(0, Some(1), None, 1)?),
        Operand::Tensor(&edges.slice(0, Some(0), Some(len as i64 - 1), 1)?),
    )?;
    let hist = binary(
        BinaryOp::Div,
        Operand::Tensor(&hist),
        Operand::Tensor(&widths),
    )?;
    Ok((hist, edges))
}

/// `AT_DISPATCH_FLOATING_TYPES(..., "histogramdd", ...)`.
fn check_float(x: &Tensor) -> Result<()> {
    if matches!(x.dtype(), DType::Float32 | DType::Float64) {
        return Ok(());
    }
    Err(TensorError::NotImplemented(format!(
        "\"histogramdd\" not implemented for '{}'",
        x.dtype().scalar_type_name()
    )))
}

/// `select_outer_bin_edges` for one dimension.
fn outer_edges(x: &Tensor, range: Option<&[f64]>) -> Result<(f64, f64)> {
    let (mut lo, mut hi) = (0.0, 1.0);
    if let Some(r) = range {
        if r.len() != 2 {
            return Err(TensorError::runtime(format!(
                "torch.histogramdd: for a 1-dimensional histogram range should have 2 elements, but got {}",
                r.len()
            )));
        }
        (lo, hi) = (r[0], r[1]);
    } else if x.numel() > 0 {
        lo = x.max_all(false)?.item()?.to_f64();
        hi = x.max_all(true)?.item()?.to_f64();
    }
    if !(lo.is_finite() && hi.is_finite()) {
        return Err(TensorError::runtime(format!(
            "torch.histogramdd: dimension 0's range [{}, {}] is not finite",
            cpp_double(lo),
            cpp_double(hi)
        )));
    }
    if lo > hi {
        return Err(TensorError::runtime(format!(
            "torch.histogramdd: min should not exceed max, but got min {} max {} for dimension 0",
            cpp_double(lo),
            cpp_double(hi)
        )));
    }
    if lo == hi {
        lo -= 0.5;
        hi += 0.5;
    }
    Ok((lo, hi))
}

/// `histogramdd_check_inputs` for one dimension.
fn check_inputs(x: &Tensor, edges: &Tensor, weight: Option<&Tensor>) -> Result<()> {
    if edges.ndim() != 1 {
        return Err(TensorError::runtime(format!(
            "torch.histogramdd: bins tensor should have one dimension, but got {} dimensions in the bins tensor for dimension 0",
            edges.ndim()
        )));
    }
    if x.dtype() != edges.dtype() {
        return Err(TensorError::runtime(format!(
            "torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input with dtype {} and bins for dimension 0 with dtype {}",
            x.dtype().cpp_name(),
            edges.dtype().cpp_name()
        )));
    }
    if edges.numel() == 0 {
        return Err(TensorError::runtime(
            "torch.histogramdd: bins tensor should have at least 1 element, but got 0 elements in the bins tensor for dimension 0",
        ));
    }
    if let Some(w) = weight {
        if w.dtype() != x.dtype() {
            return Err(TensorError::runtime(format!(
                "torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should have the same dtype, but got input({}), and weight({})",
                x.dtype().cpp_name(),
                w.dtype().cpp_name()
            )));
        }
        if w.numel() != x.numel() {
            return Err(TensorError::runtime(format!(
                "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor excluding its innermost dimension, but got input with shape [{}, 1] and weight with shape [{}]",
                x.numel(),
                w.numel()
            )));
        }
    }
    Ok(())
}

/// The counting loop of `histogramdd_cpu_contiguous`, in the input's dtype.
fn fill<T: Element + num_traits::Float>(
    x: &Tensor,
    edges: &Tensor,
    weight: Option<&Tensor>,
    search: bool,
) -> Result<Tensor> {
    let values = x.to_vec::<T>();
    let seq = edges.to_vec::<T>();
    let weights = weight.map(|w| w.to_vec::<T>());
    let bins = seq.len().saturating_sub(1);
    let mut hist = vec![T::zero(); bins];
    let (Some(&left), Some(&right)) = (seq.first(), seq.last()) else {
        return Tensor::from_vec(hist, &[bins]);
    };
    let upper_bound = |from: usize, to: usize, v: T| -> usize {
        from + seq[from..to]
            .partition_point(|&e| v.partial_cmp(&e) != Some(std::cmp::Ordering::Less))
    };
    for (i, &v) in values.iter().enumerate() {
        if !(v >= left && v <= right) {
            continue;
        }
        let mut pos = if search {
            upper_bound(0, seq.len(), v) as i64 - 1
        } else {
            let scale = T::from(bins).unwrap_or_else(T::one);
            let p = num_traits::ToPrimitive::to_i64(&((v - left) * scale / (right - left)))
                .unwrap_or(0);
            let lo = (p - 1).max(0) as usize;
            let hi = ((p + 2).min(seq.len() as i64)).max(lo as i64) as usize;
            upper_bound(lo, hi, v) as i64 - 1
        };
        if pos == bins as i64 {
            pos -= 1;
        }
        if pos < 0 || pos as usize >= bins {
            continue;
        }
        let add = weights.as_ref().map_or(T::one(), |w| w[i]);
        hist[pos as usize] = hist[pos as usize] + add;
    }
    Tensor::from_vec(hist, &[bins])
}
