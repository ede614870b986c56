//! The order in which PyTorch's TensorIterator walks the elements a reduction combines, for reductions
//! whose float results show that order (`prod`): its `reorder_dimensions` (reduced dims innermost, sorted
//! by stride, a pair it cannot order left in place) and `coalesce_dimensions`.

use super::reduce::{Rows, reduced_dims, reduced_shape};
use crate::tensor::Tensor;
use crate::tensor::error::Result;
use crate::tensor::storage::Element;

/// The reduced elements of each output in the order PyTorch's TensorIterator walks them (its
/// `reorder_dimensions`: reduced dims innermost, ordered by their strides, then `coalesce_dimensions`),
/// for reductions whose float order shows (`prod`). Also returns the length of the innermost run of the
/// walk, whether that run's elements are adjacent in memory, and whether the reduction has one output.
pub(super) fn iteration_rows<T: Element>(
    t: &Tensor,
    dims: Option<&[i64]>,
    keepdim: bool,
) -> Result<(Rows<T>, usize, bool, bool)> {
    let n = t.ndim();
    let reduce = reduced_dims(n, dims)?;
    let (shape, strides) = (t.shape(), t.strides());
    // Iterator dim 0 is the innermost; TensorIterator starts from the tensor's dims reversed and
    // insertion-sorts them by stride (`layout::stride_order`).
    let perm = crate::tensor::layout::stride_order(
        shape,
        strides,
        (0..n)
            .rev()
            .filter(|&d| reduce[d] && shape[d] != 1)
            .collect(),
    );
    // The innermost run: the first dims that coalesce (each one's stride is the run so far).
    let (mut run, run_stride) = perm.first().map_or((1, 1), |&d| (shape[d], strides[d]));
    for &d in perm.iter().skip(1) {
        if strides[d] != run_stride * run {
            break;
        }
        run *= shape[d];
    }
    let mut order: Vec<i64> = (0..n).filter(|&d| !reduce[d]).map(|d| d as i64).collect();
    order.extend(
        (0..n)
            .filter(|&d| reduce[d] && shape[d] == 1)
            .map(|d| d as i64),
    );
    order.extend(perm.iter().rev().map(|&d| d as i64));
    let row_len: usize = (0..n).filter(|&d| reduce[d]).map(|d| shape[d]).product();
    let single = (0..n).all(|d| reduce[d] || shape[d] == 1);
    let moved = t.permute(&order)?;
    // Half and bfloat16 are read as float (each element widened exactly), in the walk's order.
    let moved = if moved.dtype() == T::DTYPE {
        moved
    } else {
        moved.to_dtype(T::DTYPE)
    };
    let rows = Rows {
        data: moved.to_vec::<T>(),
        row_len,
        out_shape: reduced_shape(shape, &reduce, keepdim),
    };
    Ok((rows, run, run_stride == 1, single))
}
