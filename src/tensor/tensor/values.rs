//! Reading and writing a tensor's elements in row-major order through its view: borrowed in place where
//! the layout allows, through a buffer where it does not, and the two-view copy that `copy_` and strided
//! writes share.

use super::Tensor;
use crate::tensor::layout::Layout;
use crate::tensor::parallel;
use crate::tensor::storage::Element;
use crate::tensor::strided::{Runs, copy_chunk};

impl Tensor {
    /// Runs `f` on the elements in row-major order as one slice of `T`: the storage itself when the
    /// tensor is contiguous and of type `T` (nothing copied), else a converted copy. `f` must not write
    /// to this tensor's storage (it is borrowed while `f` runs).
    pub fn with_values<T: Element, R>(&self, f: impl FnOnce(&[T]) -> R) -> R {
        if T::DTYPE == self.dtype() && self.is_contiguous() {
            let storage = self.storage.borrow();
            let start = self.layout().offset;
            if let Some(values) =
                T::slice(&storage).and_then(|d| d.get(start..start + self.numel()))
            {
                return f(values);
            }
        }
        f(&self.to_vec::<T>())
    }

    /// Writes row-major `values` (already of this tensor's type) through this view.
    pub fn write_values<T: Element>(&self, values: &[T]) {
        let mut storage = self.storage.borrow_mut();
        if let Some(data) = T::slice_mut(&mut storage) {
            if self.layout().is_contiguous() {
                let start = self.layout().offset;
                let end = start + values.len();
                if let Some(dst) = data.get_mut(start..end) {
                    dst.copy_from_slice(values);
                }
                return;
            }
            let layout = self.layout();
            if write_through(data, layout, values, &Layout::contiguous(&layout.shape)) {
                return;
            }
            for (off, &v) in layout.offsets().zip(values) {
                if let Some(slot) = data.get_mut(off) {
                    *slot = v;
                }
            }
        }
    }

    /// Fills this view with the values `fill` writes, in row-major order: straight into the storage when
    /// the tensor is contiguous and of type `T` (no buffer: an in-place fill of a large weight needs no
    /// second copy of it), else into a buffer then written through the view.
    pub fn fill_values<T: Element>(&self, fill: impl FnOnce(&mut [T])) {
        if T::DTYPE == self.dtype() && self.is_contiguous() {
            let mut storage = self.storage.borrow_mut();
            let (start, n) = (self.layout().offset, self.numel());
            if let Some(dst) = T::slice_mut(&mut storage).and_then(|d| d.get_mut(start..start + n))
            {
                fill(dst);
                return;
            }
        }
        let mut values = vec![T::from_f64(0.0); self.numel()];
        fill(&mut values);
        self.write_values(&values);
    }
}

/// Copies the view `sl` of `data` into the view `dl` of `dst` (same shape), element by element in one
/// pass: split between threads when `dl` provably cannot overlap itself, else written in order by one
/// thread, so the last value wins where slots repeat, as in a serial loop. False, with nothing written,
/// if either view reaches outside its storage.
pub(super) fn write_through<T: Element>(
    dst: &mut [T],
    dl: &Layout,
    data: &[T],
    sl: &Layout,
) -> bool {
    let Ok(runs) = Runs::new(&dl.shape, [dl, sl], [dst.len(), data.len()]) else {
        return false;
    };
    let grain = if dl.is_non_overlapping() {
        parallel::GRAIN
    } else {
        usize::MAX
    };
    // SAFETY: `Runs::new` checked that every offset of both views is inside its storage, and the spans
    // write disjoint slots of `dst` (different positions of a non-overlapping view, or a single span);
    // `data` is borrowed apart from `dst`, so reading it does not race with the writes.
    unsafe {
        parallel::scatter_spans(dst, runs.numel(), grain, |start, end, out| {
            copy_chunk(&runs, data, out, start, end)
        });
    }
    true
}
