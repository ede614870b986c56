//! Shape, strides (in elements) and storage offset, apart from the storage, as in candle's `Layout` and
//! PyTorch's TensorImpl. Every rule here is a pure function so it can be tested on its own.

use super::error::{Result, TensorError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub shape: Vec<usize>,
    pub strides: Vec<usize>,
    pub offset: usize,
}

impl Layout {
    pub fn contiguous(shape: &[usize]) -> Layout {
        Layout {
            shape: shape.to_vec(),
            strides: contiguous_strides(shape),
            offset: 0,
        }
    }

    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    pub fn numel(&self) -> usize {
        self.shape.iter().product()
    }

    /// Whether two elements of this view surely share a storage slot: a dim of stride 0 and size above 1,
    /// as `expand` makes. PyTorch's `has_internal_overlap` (ATen/MemoryOverlap.cpp) answers "yes" only
    /// then ("too hard" otherwise, which it lets pass), and in-place arithmetic refuses such a tensor.
    pub fn has_internal_overlap(&self) -> bool {
        !self.is_contiguous()
            && self
                .shape
                .iter()
                .zip(&self.strides)
                .any(|(&size, &stride)| stride == 0 && size > 1)
    }

    /// Whether no two elements of this view share a storage slot, proved from the strides alone: taken from
    /// the smallest stride up, each dim's stride steps past everything the dims inside it reach. (A view
    /// that fails this may still not overlap; the answer is only used to allow writing in parallel.)
    pub fn is_non_overlapping(&self) -> bool {
        let mut dims: Vec<(usize, usize)> = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|&(&size, _)| size > 1)
            .map(|(&size, &stride)| (stride, size))
            .collect();
        dims.sort_unstable();
        let mut reach = 0usize;
        for (stride, size) in dims {
            if stride <= reach {
                return false;
            }
            let Some(r) = (size - 1)
                .checked_mul(stride)
                .and_then(|x| x.checked_add(reach))
            else {
                return false;
            };
            reach = r;
        }
        true
    }

    /// PyTorch's `is_contiguous` (c10/core/Contiguity.h): size-1 dims are skipped, numel 0 is contiguous.
    pub fn is_contiguous(&self) -> bool {
        if self.numel() == 0 {
            return true;
        }
        let mut expected = 1usize;
        for (&size, &stride) in self.shape.iter().zip(&self.strides).rev() {
            if size == 1 {
                continue;
            }
            if stride != expected {
                return false;
            }
            expected *= size;
        }
        true
    }

    /// The storage offset of every element, in row-major order of the view.
    pub fn offsets(&self) -> StridedOffsets<'_> {
        StridedOffsets::new(self)
    }

    /// This layout as a zero-copy `ndarray` view over `storage` (shape, strides and offset carried over
    /// as they are; stride-0 dims of an expanded tensor are allowed, as ndarray permits aliasing in
    /// read-only views). An empty view gets strides 0: it reads nothing, and ndarray refuses strides
    /// that would reach past the storage even when a size is 0 (`x[2:]` of a 2-row tensor starts at the
    /// storage's end). Fails if the layout reaches past the end of `storage`.
    pub fn nd_view<'a, T>(&self, storage: &'a [T]) -> Result<ndarray::ArrayViewD<'a, T>> {
        use ndarray::{IxDyn, ShapeBuilder};
        let start = self.offset.min(storage.len());
        let strides = if self.numel() == 0 {
            vec![0; self.shape.len()]
        } else {
            self.strides.clone()
        };
        let shape = IxDyn(&self.shape).strides(IxDyn(&strides));
        ndarray::ArrayViewD::from_shape(shape, &storage[start..]).map_err(|e| {
            TensorError::runtime(format!(
                "internal: layout {:?} does not fit a storage of {} elements ({e})",
                self,
                storage.len()
            ))
        })
    }

    /// One past the largest storage index the view touches (0 for an empty view).
    pub fn storage_extent(&self) -> usize {
        if self.numel() == 0 {
            return 0;
        }
        self.offset
            + self
                .shape
                .iter()
                .zip(&self.strides)
                .map(|(&s, &st)| (s - 1) * st)
                .sum::<usize>()
            + 1
    }
}

/// Row-major strides of a new tensor of `shape` (`torch.empty(shape).stride()`): each dim steps over the
/// product of the sizes after it, where a size 0 counts as 1.
///
/// ```
/// use transformer_tutor::tensor::layout::contiguous_strides;
/// // The values are PyTorch's (tools/portable/layout_examples.py).
/// assert_eq!(contiguous_strides(&[2, 3, 4]), vec![12, 4, 1]);
/// assert_eq!(contiguous_strides(&[5]), vec![1]);
/// assert_eq!(contiguous_strides(&[]), Vec::<usize>::new());
/// assert_eq!(contiguous_strides(&[2, 0, 3]), vec![3, 3, 1]);
/// ```
pub fn contiguous_strides(shape: &[usize]) -> Vec<usize> {
    let mut strides = vec![1usize; shape.len()];
    let mut acc = 1usize;
    for i in (0..shape.len()).rev() {
        strides[i] = acc;
        acc = acc.saturating_mul(shape[i].max(1));
    }
    strides
}

/// Wraps a possibly negative dim into `0..ndim` (`maybe_wrap_dim`); a 0-d tensor accepts -1 and 0.
///
/// ```
/// use transformer_tutor::tensor::layout::wrap_dim;
/// // The values are PyTorch's (tools/portable/layout_examples.py: `t.sum(dim)` of a 3-d and a 0-d tensor).
/// assert_eq!(wrap_dim(-1, 3).unwrap(), 2);
/// assert_eq!(wrap_dim(2, 3).unwrap(), 2);
/// assert_eq!(wrap_dim(-3, 3).unwrap(), 0);
/// assert_eq!(
///     wrap_dim(3, 3).unwrap_err().to_string(),
///     "Dimension out of range (expected to be in range of [-3, 2], but got 3)"
/// );
/// assert_eq!(
///     wrap_dim(-4, 3).unwrap_err().to_string(),
///     "Dimension out of range (expected to be in range of [-3, 2], but got -4)"
/// );
/// assert_eq!(wrap_dim(-1, 0).unwrap(), 0);
/// assert_eq!(wrap_dim(0, 0).unwrap(), 0);
/// assert_eq!(
///     wrap_dim(1, 0).unwrap_err().to_string(),
///     "Dimension out of range (expected to be in range of [-1, 0], but got 1)"
/// );
/// ```
pub fn wrap_dim(dim: i64, ndim: usize) -> Result<usize> {
    let n = ndim.max(1) as i64;
    if dim < -n || dim >= n {
        return Err(TensorError::DimOutOfRange {
            min: -n,
            max: n - 1,
            got: dim,
        });
    }
    Ok(if dim < 0 {
        (dim + n) as usize
    } else {
        dim as usize
    })
}

/// Resolves a requested shape with at most one -1 against `numel` (aten/src/ATen/InferSize.h).
///
/// ```
/// use transformer_tutor::tensor::layout::infer_size;
/// // The values are PyTorch's (tools/portable/layout_examples.py: `torch.arange(numel).view(*shape)`).
/// assert_eq!(infer_size(&[-1, 4], 12).unwrap(), vec![3, 4]);
/// assert_eq!(infer_size(&[2, -1, 3], 12).unwrap(), vec![2, 2, 3]);
/// assert_eq!(infer_size(&[3, 4], 12).unwrap(), vec![3, 4]);
/// let err = |shape: &[i64], numel| infer_size(shape, numel).unwrap_err().to_string();
/// assert_eq!(err(&[-1, 4], 6), "shape '[-1, 4]' is invalid for input of size 6");
/// assert_eq!(err(&[5], 12), "shape '[5]' is invalid for input of size 12");
/// assert_eq!(err(&[-1, -1], 4), "only one dimension can be inferred");
/// assert_eq!(err(&[-2, 3], 6), "invalid shape dimension -2 at index 0 of shape [-2, 3]");
/// ```
pub fn infer_size(requested: &[i64], numel: usize) -> Result<Vec<usize>> {
    let mut infer_at: Option<usize> = None;
    let mut known: u128 = 1;
    for (i, &d) in requested.iter().enumerate() {
        if d == -1 {
            if infer_at.is_some() {
                return Err(TensorError::MultipleInferred);
            }
            infer_at = Some(i);
        } else if d < 0 {
            return Err(TensorError::NegativeDimension {
                value: d,
                index: i,
                shape: requested.to_vec(),
            });
        } else {
            known = known.saturating_mul(d as u128);
        }
    }
    let invalid = || TensorError::InvalidShape {
        shape: requested.to_vec(),
        numel,
    };
    let numel_u = numel as u128;
    match infer_at {
        Some(_) if known == 0 && numel == 0 => Err(TensorError::runtime(format!(
            "cannot reshape tensor of 0 elements into shape [{}] because the unspecified dimension size -1 can be any value and is ambiguous",
            requested
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        Some(i) => {
            if known == 0 || !numel_u.is_multiple_of(known) {
                // PyTorch: with a 0 in the known dims the inferred size is ambiguous.
                return Err(invalid());
            }
            let mut out: Vec<usize> = requested.iter().map(|&d| d.max(0) as usize).collect();
            out[i] = (numel_u / known) as usize;
            Ok(out)
        }
        None => {
            if known != numel_u {
                return Err(invalid());
            }
            Ok(requested.iter().map(|&d| d as usize).collect())
        }
    }
}

/// The strides a `view` to `new_shape` would have, or `None` when no view is possible
/// (`computeStride` in aten/src/ATen/TensorUtils.cpp).
///
/// ```
/// use transformer_tutor::tensor::layout::view_strides;
/// // The values are PyTorch's (tools/portable/layout_examples.py).
/// // `torch.arange(48).view(2, 6, 4)[:, :3, :]`: shape (2, 3, 4), strides (24, 4, 1).
/// assert_eq!(view_strides(&[2, 3, 4], &[24, 4, 1], &[2, 12]), Some(vec![24, 1]));
/// assert_eq!(view_strides(&[2, 3, 4], &[24, 4, 1], &[6, 4]), None); // spans the gap between slices
/// // `torch.arange(6).view(2, 3).t()`: shape (3, 2), strides (1, 3).
/// assert_eq!(view_strides(&[3, 2], &[1, 3], &[3, 1, 2]), Some(vec![1, 6, 3]));
/// assert_eq!(view_strides(&[3, 2], &[1, 3], &[6]), None);
/// // `torch.ones(1, 4).expand(3, 4)`: the expanded dim keeps stride 0.
/// assert_eq!(view_strides(&[3, 4], &[0, 1], &[3, 2, 2]), Some(vec![0, 2, 1]));
/// // A 0-d tensor views as any shape of one element, all strides 1.
/// assert_eq!(view_strides(&[], &[], &[1, 1]), Some(vec![1, 1]));
/// ```
pub fn view_strides(
    old_shape: &[usize],
    old_strides: &[usize],
    new_shape: &[usize],
) -> Option<Vec<usize>> {
    if old_shape.is_empty() {
        return Some(vec![1; new_shape.len()]);
    }
    let numel: usize = old_shape.iter().product();
    if numel == 0 {
        if old_shape == new_shape {
            return Some(old_strides.to_vec());
        }
        return Some(contiguous_strides(new_shape));
    }
    let mut new_strides = vec![0usize; new_shape.len()];
    let mut view_d = new_shape.len() as isize - 1;
    let mut chunk_base_stride = *old_strides.last()?;
    let mut tensor_numel = 1usize;
    let mut view_numel = 1usize;
    for tensor_d in (0..old_shape.len()).rev() {
        tensor_numel *= old_shape[tensor_d];
        let chunk_ends = tensor_d == 0
            || (old_shape[tensor_d - 1] != 1
                && old_strides[tensor_d - 1] != tensor_numel * chunk_base_stride);
        if chunk_ends {
            while view_d >= 0 && (view_numel < tensor_numel || new_shape[view_d as usize] == 1) {
                new_strides[view_d as usize] = view_numel * chunk_base_stride;
                view_numel *= new_shape[view_d as usize];
                view_d -= 1;
            }
            if view_numel != tensor_numel {
                return None;
            }
            if tensor_d > 0 {
                chunk_base_stride = old_strides[tensor_d - 1];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    if view_d != -1 {
        return None;
    }
    Some(new_strides)
}

/// Broadcast two shapes (aligned right); the error names the output dimension, as PyTorch does.
///
/// ```
/// use transformer_tutor::tensor::layout::broadcast_shapes;
/// // The values are PyTorch's (tools/portable/layout_examples.py: the shape of `zeros(a) + zeros(b)`).
/// assert_eq!(broadcast_shapes(&[2, 1, 4], &[3, 1]).unwrap(), vec![2, 3, 4]);
/// assert_eq!(broadcast_shapes(&[], &[2, 3]).unwrap(), vec![2, 3]);
/// assert_eq!(broadcast_shapes(&[5, 1], &[1, 0]).unwrap(), vec![5, 0]);
/// assert_eq!(
///     broadcast_shapes(&[3], &[4]).unwrap_err().to_string(),
///     "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0"
/// );
/// assert_eq!(
///     broadcast_shapes(&[2, 3], &[3, 3]).unwrap_err().to_string(),
///     "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0"
/// );
/// ```
pub fn broadcast_shapes(a: &[usize], b: &[usize]) -> Result<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = vec![0usize; n];
    // From the right, as ATen's infer_size: the error names the last mismatched dim.
    for i in (0..n).rev() {
        let da = if i + a.len() >= n {
            a[i + a.len() - n]
        } else {
            1
        };
        let db = if i + b.len() >= n {
            b[i + b.len() - n]
        } else {
            1
        };
        out[i] = if da == db || db == 1 {
            da
        } else if da == 1 {
            db
        } else {
            return Err(TensorError::BroadcastMismatch {
                a: da,
                b: db,
                dim: i,
            });
        };
    }
    Ok(out)
}

/// Iterator over storage offsets in row-major order, with a fast path for contiguous layouts.
pub struct StridedOffsets<'a> {
    layout: &'a Layout,
    index: Vec<usize>,
    next: usize,
    remaining: usize,
    contiguous: bool,
}

impl<'a> StridedOffsets<'a> {
    fn new(layout: &'a Layout) -> Self {
        StridedOffsets {
            layout,
            index: vec![0; layout.ndim()],
            next: layout.offset,
            remaining: layout.numel(),
            contiguous: layout.is_contiguous(),
        }
    }
}

impl Iterator for StridedOffsets<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let current = self.next;
        if self.contiguous {
            self.next += 1;
            return Some(current);
        }
        // Advance the multi-index like an odometer.
        for d in (0..self.index.len()).rev() {
            self.index[d] += 1;
            self.next += self.layout.strides[d];
            if self.index[d] < self.layout.shape[d] {
                break;
            }
            self.next -= self.layout.strides[d] * self.index[d];
            self.index[d] = 0;
        }
        Some(current)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for StridedOffsets<'_> {}

/// PyTorch's `is_non_overlapping_and_dense` (c10/core/Contiguity.h): the elements fill a block of
/// storage exactly once, in some order of the dims (a transposed or permuted contiguous tensor).
pub fn is_non_overlapping_and_dense(shape: &[usize], strides: &[usize]) -> bool {
    if shape.len() == 1 {
        return shape[0] < 2 || strides[0] == 1;
    }
    let mut perm: Vec<usize> = (0..shape.len()).collect();
    // Size 0 and 1 dims last, the rest by stride (a stable sort, as the comparison is not total).
    perm.sort_by(|&a, &b| match (shape[a] < 2, shape[b] < 2) {
        (true, true) => std::cmp::Ordering::Equal,
        (true, false) => std::cmp::Ordering::Greater,
        (false, true) => std::cmp::Ordering::Less,
        (false, false) => strides[a].cmp(&strides[b]),
    });
    let mut require = 1usize;
    for &d in &perm {
        if shape[d] < 2 {
            return true;
        }
        if strides[d] != require {
            return false;
        }
        require = require.saturating_mul(shape[d]);
    }
    true
}

/// The strides PyTorch's TensorIterator gives a new output of `shape` computed from `inputs` (each
/// `(shape, strides)`, broadcast to `shape`), or `None` when that is the row-major layout. An elementwise
/// result follows its inputs' memory order: `x.t().exp()` is transposed like `x.t()`.
///
/// ATen (`TensorIterator.cpp`): when every input has the output's shape and the same strides and is
/// non-overlapping and dense, the output takes those strides (`FastSetupType::NON_OVERLAPPING_DENSE`);
/// otherwise `reorder_dimensions` sorts the dims by the inputs' strides (insertion sort, fastest first:
/// the first input whose strides for two dims are both non-zero and differ decides; equal strides put
/// the larger size outside; broadcast dims decide nothing) and the output is dense in that order.
///
/// ```
/// use transformer_tutor::tensor::layout::iter_output_strides;
/// // x.t() of a [2, 3] tensor, alone or plus a broadcast row: the result is transposed too.
/// assert_eq!(iter_output_strides(&[3, 2], &[(&[3, 2], &[1, 3])]), Some(vec![1, 3]));
/// assert_eq!(iter_output_strides(&[3, 2], &[(&[3, 2], &[1, 3]), (&[2], &[1])]), Some(vec![1, 3]));
/// // An expanded input decides nothing: row-major.
/// assert_eq!(iter_output_strides(&[2, 3], &[(&[2, 3], &[0, 1])]), None);
/// ```
pub fn iter_output_strides(shape: &[usize], inputs: &[(&[usize], &[usize])]) -> Option<Vec<usize>> {
    let ndim = shape.len();
    if ndim < 2 || inputs.is_empty() {
        return None;
    }
    let contiguous = |(s, st): &(&[usize], &[usize])| {
        Layout {
            shape: s.to_vec(),
            strides: st.to_vec(),
            offset: 0,
        }
        .is_contiguous()
    };
    if inputs.iter().all(contiguous) && inputs.iter().all(|(s, _)| *s == shape) {
        return None;
    }
    let same_shape = inputs.iter().all(|(s, _)| *s == shape);
    if same_shape
        && inputs
            .iter()
            .all(|(s, st)| is_non_overlapping_and_dense(s, st))
        && inputs.windows(2).all(|w| w[0].1 == w[1].1)
    {
        let strides = inputs[inputs.len() - 1].1.to_vec();
        return (strides != contiguous_strides(shape)).then_some(strides);
    }
    // Each input's strides broadcast to `shape`: 0 for a missing or stretched dim.
    let broadcast: Vec<Vec<usize>> = inputs
        .iter()
        .map(|(s, st)| {
            let lead = ndim.saturating_sub(s.len());
            (0..ndim)
                .map(|d| match d.checked_sub(lead) {
                    Some(i) if !(s[i] == 1 && shape[d] != 1) => st[i],
                    _ => 0,
                })
                .collect()
        })
        .collect();
    // 1: dim0 goes after dim1 (is slower), -1: before, 0: undecided.
    let should_swap = |d0: usize, d1: usize| -> i32 {
        broadcast
            .iter()
            .find_map(|st| stride_vote(shape, st, d0, d1))
            .unwrap_or(0)
    };
    // perm[0] is the fastest-moving dim.
    let mut perm: Vec<usize> = (0..ndim).rev().collect();
    sort_dims(&mut perm, should_swap);
    if perm.iter().enumerate().all(|(k, &d)| d == ndim - 1 - k) {
        return None;
    }
    let mut strides = vec![0usize; ndim];
    let mut next = 1usize;
    for &d in &perm {
        strides[d] = next;
        next = next.saturating_mul(shape[d]);
    }
    Some(strides)
}

/// One operand's say in `reorder_dimensions`' comparison of dims `d0` and `d1` (`should_swap`): 1 when
/// `d0` moves slower, -1 when faster, `None` when this operand cannot tell (a zero stride, or equal
/// strides without `d0` the larger) and the next operand decides.
pub fn stride_vote(shape: &[usize], strides: &[usize], d0: usize, d1: usize) -> Option<i32> {
    let (s0, s1) = (strides[d0], strides[d1]);
    if s0 == 0 || s1 == 0 {
        None
    } else if s0 != s1 {
        Some(if s0 < s1 { -1 } else { 1 })
    } else {
        (shape[d0] > shape[d1]).then_some(1)
    }
}

/// TensorIterator's `reorder_dimensions` sort: an insertion sort of `perm` (innermost dim first), where
/// `should_swap(a, b)` is 1 when dim `a` goes after (moves slower than) dim `b`, -1 when before, and 0
/// when it cannot tell; then the sort compares `b` with the dims further in.
pub fn sort_dims(perm: &mut [usize], should_swap: impl Fn(usize, usize) -> i32) {
    for i in 1..perm.len() {
        let mut dim1 = i;
        for dim0 in (0..i).rev() {
            match should_swap(perm[dim0], perm[dim1]) {
                c if c > 0 => {
                    perm.swap(dim0, dim1);
                    dim1 = dim0;
                }
                c if c < 0 => break,
                _ => {}
            }
        }
    }
}

/// [`sort_dims`] for one tensor's `dims` (given innermost first): by stride, a stride of 0 comparing
/// with nothing, equal strides by size. The result is innermost first.
pub fn stride_order(shape: &[usize], strides: &[usize], mut dims: Vec<usize>) -> Vec<usize> {
    sort_dims(&mut dims, |a, b| {
        let (sa, sb) = (strides[a], strides[b]);
        if sa == 0 || sb == 0 {
            0
        } else if sa != sb {
            if sa < sb { -1 } else { 1 }
        } else {
            i32::from(shape[a] > shape[b])
        }
    });
    dims
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expected strides from PYTORCH_SEMANTICS.md §1, which were checked against PyTorch 2.x runs.
    #[test]
    fn view_strides_table() {
        assert_eq!(
            view_strides(&[2, 3, 4], &[24, 4, 1], &[2, 12]),
            Some(vec![24, 1])
        );
        assert_eq!(view_strides(&[2, 3, 4], &[24, 4, 1], &[6, 4]), None);
        assert_eq!(
            view_strides(&[3, 2], &[1, 3], &[3, 1, 2]),
            Some(vec![1, 6, 3])
        );
        assert_eq!(view_strides(&[3, 2], &[1, 3], &[6]), None);
        assert_eq!(
            view_strides(&[2, 4, 3], &[12, 1, 4], &[2, 2, 2, 3]),
            Some(vec![12, 2, 1, 4])
        );
        assert_eq!(view_strides(&[2, 4, 3], &[12, 1, 4], &[8, 3]), None);
        assert_eq!(
            view_strides(&[3, 4], &[0, 1], &[3, 2, 2]),
            Some(vec![0, 2, 1])
        );
    }

    #[test]
    fn contiguity_skips_size_one_dims() {
        let l = Layout {
            shape: vec![2, 1, 3],
            strides: vec![3, 100, 1],
            offset: 0,
        };
        assert!(l.is_contiguous());
    }

    #[test]
    fn offsets_of_transpose() {
        let l = Layout {
            shape: vec![3, 2],
            strides: vec![1, 3],
            offset: 0,
        };
        assert_eq!(l.offsets().collect::<Vec<_>>(), vec![0, 3, 1, 4, 2, 5]);
    }
}
