//! The memory-layout model of a tensor: its storage as numbered cells and the order in which the view walks
//! them, so `transpose`, `contiguous` and `view` can be seen.

use ndarray::Dimension;
use serde::Serialize;

use crate::tensor::storage::Element;
use crate::tensor::{DType, Tensor};

#[derive(Debug, Clone, Serialize)]
pub struct MemoryLayout {
    pub shape: Vec<usize>,
    pub strides: Vec<usize>,
    pub storage_offset: usize,
    pub contiguous: bool,
    /// Number of elements in the storage.
    pub storage_len: usize,
    /// Storage values (as text, short: `3.`, `0.49`, `-1e-3`) for up to `max_cells` cells.
    pub storage: Vec<String>,
    /// Storage index of each element of the view, in row-major order of the view.
    pub walk: Vec<usize>,
}

impl MemoryLayout {
    pub fn of(t: &Tensor, max_cells: usize) -> MemoryLayout {
        // The first cells only: a paper-size storage is never copied to show 96 of them.
        let storage = match t.dtype() {
            DType::Float32 => {
                t.with_raw::<f32, _>(|data, _| first_cells(data, max_cells, |&v| short_float(v)))
            }
            DType::Bool => t.with_raw::<bool, _>(|data, _| {
                first_cells(
                    data,
                    max_cells,
                    |&v| if v { "T".into() } else { "F".into() },
                )
            }),
            DType::Int64 => {
                t.with_raw::<i64, _>(|data, _| first_cells(data, max_cells, i64::to_string))
            }
            d if d.is_floating_point() => crate::with_dtype!(d, T => t.with_raw::<T, _>(|data, _| {
                first_cells(data, max_cells, |&v| short_float(v.to_f64() as f32))
            })),
            d => crate::with_dtype!(d, T => t.with_raw::<T, _>(|data, _| {
                first_cells(data, max_cells, |&v| v.to_i64().to_string())
            })),
        };
        MemoryLayout {
            shape: t.shape().to_vec(),
            strides: t.strides().to_vec(),
            storage_offset: t.storage_offset(),
            contiguous: t.is_contiguous(),
            storage_len: t.storage_len(),
            storage: storage.unwrap_or_default(),
            walk: walk(t, max_cells),
        }
    }
}

impl MemoryLayout {
    /// Number of elements of the view.
    pub fn numel(&self) -> usize {
        self.shape.iter().product()
    }

    /// The index per dim of the view's element `i` in row-major order (`[1, 0]` for element 2 of a
    /// `[3, 2]` view).
    pub fn index_of(&self, i: usize) -> Vec<usize> {
        let mut rest = i;
        let mut index = vec![0; self.shape.len()];
        for (slot, &n) in index.iter_mut().zip(&self.shape).rev() {
            if n > 0 {
                *slot = rest % n;
                rest /= n;
            }
        }
        index
    }

    /// Where element `i` of the view reads, worked out as the layout lesson teaches it: `offset + Σ
    /// index·stride` (the terms, then the storage cell).
    pub fn address_of(&self, i: usize) -> (Vec<(usize, usize)>, usize) {
        let index = self.index_of(i);
        let terms: Vec<(usize, usize)> = index
            .iter()
            .copied()
            .zip(self.strides.iter().copied())
            .collect();
        let cell = self.storage_offset + terms.iter().map(|(i, s)| i * s).sum::<usize>();
        (terms, cell)
    }

    /// The view's elements in the same row as element `i` (the last dim's run), in view order.
    pub fn row_of(&self, i: usize) -> std::ops::Range<usize> {
        let last = self.shape.last().copied().unwrap_or(1).max(1);
        let start = i / last * last;
        start..(start + last).min(self.numel().max(1))
    }
}

/// The first of `shown` consecutive cells of a strip of `len` to draw so that `cell` is in sight: a
/// third of the way in, so the cells before it give context, and no further than the strip's end.
pub fn strip_start(cell: usize, shown: usize, len: usize) -> usize {
    cell.saturating_sub(shown / 3)
        .min(len.saturating_sub(shown))
}

/// A float as a box in the strip has room for it: whole numbers as PyTorch prints them (`3.`), others
/// with two decimals, the very large and very small in exponent form.
fn short_float(v: f32) -> String {
    if v.fract() == 0.0 && v.abs() < 1e4 {
        format!("{v:.0}.")
    } else if v.is_finite() && (v.abs() >= 1e4 || v.abs() < 1e-2) {
        format!("{v:.0e}")
    } else {
        format!("{v:.2}")
    }
}

fn first_cells<T>(data: &[T], max_cells: usize, show: impl Fn(&T) -> String) -> Vec<String> {
    data.iter().take(max_cells).map(show).collect()
}

/// Where the view reads its first `max_cells` elements, in the view's row-major order: each element's index
/// in the tensor's ndarray view, dotted with the view's strides, from the storage offset
/// (`offset + Σ index·stride`, the rule the memory-layout lesson teaches).
fn walk(t: &Tensor, max_cells: usize) -> Vec<usize> {
    let offset = t.storage_offset();
    crate::with_dtype!(t.dtype(), S => t.with_view::<S, _>(|view| {
        let strides = view.strides();
        view.indexed_iter()
            .take(max_cells)
            .map(|(index, _)| {
                let within: isize = index
                    .slice()
                    .iter()
                    .zip(strides)
                    .map(|(&i, &stride)| i as isize * stride)
                    .sum();
                offset.saturating_add_signed(within)
            })
            .collect()
    }))
    .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transposed_view_walks_the_storage_column_by_column() {
        // Storage 0..6 as [2, 3]; the transpose is [3, 2] with strides (1, 3).
        let base = Tensor::from_vec((0..6).map(|v| v as f32).collect(), &[2, 3]).unwrap();
        let t = base.transpose(0, 1).unwrap();
        let m = MemoryLayout::of(&t, 96);
        // The storage holds its own index, so the elements in row-major order are the walk.
        let by_values: Vec<usize> = t.to_vec::<f32>().iter().map(|&v| v as usize).collect();
        assert_eq!(m.walk, by_values);
        assert_eq!(m.storage, ["0.", "1.", "2.", "3.", "4.", "5."]);
        assert!(!m.contiguous);
        assert_eq!(
            (m.shape.as_slice(), m.strides.as_slice()),
            (&[3, 2][..], &[1, 3][..])
        );
    }

    #[test]
    fn each_element_reads_offset_plus_index_times_stride() {
        // [3, 2] transposed from [2, 3]: strides (1, 3). Element 3 is [1, 1]: 0 + 1·1 + 1·3 = 4.
        let base = Tensor::from_vec((0..6).map(|v| v as f32).collect(), &[2, 3]).unwrap();
        let m = MemoryLayout::of(&base.transpose(0, 1).unwrap(), 96);
        assert_eq!(m.index_of(3), [1, 1]);
        assert_eq!(m.address_of(3), (vec![(1, 1), (1, 3)], 4));
        for i in 0..m.numel() {
            assert_eq!(m.address_of(i).1, m.walk[i], "element {i}");
        }
        assert_eq!(m.row_of(3), 2..4);
        assert_eq!(strip_start(40, 12, 100), 36);
        assert_eq!(strip_start(2, 12, 100), 0);
        assert_eq!(strip_start(99, 12, 100), 88);
        assert_eq!(strip_start(3, 12, 6), 0);
    }

    #[test]
    fn offsets_and_broadcast_strides_are_followed_and_long_storages_cut() {
        // A slice with an offset, then an expand (stride 0): rows read the same storage cells again.
        let base = Tensor::from_vec((0..12).map(|v| v as i64).collect(), &[3, 4]).unwrap();
        let row = base.select(0, 2).unwrap(); // offset 8
        let t = row.unsqueeze(0).unwrap().expand(&[2, 4]).unwrap();
        let m = MemoryLayout::of(&t, 5);
        let by_values: Vec<usize> = t.to_vec::<i64>().iter().map(|&v| v as usize).collect();
        assert_eq!(m.walk, by_values[..5]);
        assert_eq!(m.storage, ["0", "1", "2", "3", "4"]);
        assert_eq!((m.storage_offset, m.storage_len), (8, 12));
        let mask = Tensor::from_vec(vec![true, false], &[2]).unwrap();
        assert_eq!(MemoryLayout::of(&mask, 96).storage, ["T", "F"]);
    }
}
