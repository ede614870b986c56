//! Heatmap model: a 2-D block of values downsampled (block means, not cropping: [`block_means`]) to fit a
//! drawing area, with masked entries (≤ -1e9 or -inf, as attention masks fill them) kept apart, a colour
//! scale chosen from the data (sequential for non-negative values, diverging around 0 for signed ones) and
//! `colorous` colour maps.

use ndarray::{Array2, ArrayView2, CowArray, Ix2};
use serde::Serialize;

use super::slice::block_means;

/// Values at or below this are drawn as masked (masked_fill with -1e9, -1e10 or -inf).
pub const MASKED_BELOW: f64 = -1e9;

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum HeatCell {
    Value(f64),
    Masked,
    Nan,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Scale {
    /// Non-negative data: 0 → dark, max → bright (viridis).
    Sequential,
    /// Signed data: blue below 0, red above, white at 0 (RdBu), symmetric around 0.
    Diverging,
}

#[derive(Debug, Clone, Serialize)]
pub struct Heatmap {
    pub rows: usize,
    pub cols: usize,
    /// Size of the data before downsampling.
    pub source_rows: usize,
    pub source_cols: usize,
    pub cells: Vec<HeatCell>,
    pub min: f64,
    pub max: f64,
    pub scale: Scale,
    pub row_labels: Option<Vec<String>>,
    pub col_labels: Option<Vec<String>>,
}

impl Heatmap {
    /// Builds a heatmap of `values` (`rows × cols`, row-major) fitting in `max_rows × max_cols`.
    pub fn new(
        rows: usize,
        cols: usize,
        values: &[f64],
        max_rows: usize,
        max_cols: usize,
        row_labels: Option<Vec<String>>,
        col_labels: Option<Vec<String>>,
    ) -> Heatmap {
        let out_rows = rows.min(max_rows.max(1));
        let out_cols = cols.min(max_cols.max(1));
        // Missing values (a `values` shorter than `rows × cols`) are drawn as NaN; extra ones are ignored.
        let map: CowArray<'_, f64, Ix2> = match rows
            .checked_mul(cols)
            .and_then(|n| values.get(..n))
            .and_then(|v| ArrayView2::from_shape((rows, cols), v).ok())
        {
            Some(view) => view.into(),
            None => Array2::from_shape_fn((rows, cols), |(r, c)| {
                values.get(r * cols + c).copied().unwrap_or(f64::NAN)
            })
            .into(),
        };
        let blocks = block_means(map.view(), out_rows, out_cols);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for cell in &blocks {
            if let HeatCell::Value(m) = *cell {
                lo = lo.min(m);
                hi = hi.max(m);
            }
        }
        let cells: Vec<HeatCell> = blocks.into_iter().collect();
        if !lo.is_finite() {
            lo = 0.0;
            hi = 0.0;
        }
        let scale = if lo < 0.0 {
            Scale::Diverging
        } else {
            Scale::Sequential
        };
        let shrink = |labels: Option<Vec<String>>, n: usize, out: usize| {
            labels
                .filter(|l| l.len() == n)
                .map(|l| (0..out).map(|i| l[i * n / out].clone()).collect())
        };
        Heatmap {
            rows: out_rows,
            cols: out_cols,
            source_rows: rows,
            source_cols: cols,
            cells,
            min: lo,
            max: hi,
            scale,
            row_labels: shrink(row_labels, rows, out_rows),
            col_labels: shrink(col_labels, cols, out_cols),
        }
    }

    pub fn cell(&self, r: usize, c: usize) -> HeatCell {
        self.cells
            .get(r * self.cols + c)
            .copied()
            .unwrap_or(HeatCell::Nan)
    }

    pub fn downsampled(&self) -> bool {
        self.rows != self.source_rows || self.cols != self.source_cols
    }

    /// Position of a value on the colour scale, in 0..=1.
    pub fn position(&self, v: f64) -> f64 {
        match self.scale {
            Scale::Sequential => {
                if self.max > self.min {
                    ((v - self.min) / (self.max - self.min)).clamp(0.0, 1.0)
                } else {
                    0.5
                }
            }
            Scale::Diverging => {
                let m = self.min.abs().max(self.max.abs());
                if m > 0.0 {
                    (0.5 + 0.5 * v / m).clamp(0.0, 1.0)
                } else {
                    0.5
                }
            }
        }
    }

    /// True colour for a value.
    pub fn rgb(&self, v: f64) -> (u8, u8, u8) {
        let t = self.position(v);
        let c = match self.scale {
            Scale::Sequential => colorous::VIRIDIS.eval_continuous(t),
            // RdBu runs red → blue; flip so negative is blue and positive red.
            Scale::Diverging => colorous::RED_BLUE.eval_continuous(1.0 - t),
        };
        (c.r, c.g, c.b)
    }

    /// A character for terminals and files without colour: darker → denser.
    pub fn ramp_char(&self, cell: HeatCell) -> char {
        const RAMP: [char; 9] = [' ', '.', ':', '-', '=', '+', '*', '#', '@'];
        match cell {
            HeatCell::Masked => '×',
            HeatCell::Nan => '?',
            HeatCell::Value(v) => {
                let t = self.position(v);
                RAMP[((t * (RAMP.len() - 1) as f64).round() as usize).min(RAMP.len() - 1)]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masked_values_are_kept_apart_and_large_maps_are_downsampled() {
        let v: Vec<f64> = vec![0.5, -1e10, f64::NEG_INFINITY, 1.0];
        let h = Heatmap::new(2, 2, &v, 10, 10, None, None);
        assert_eq!(h.cell(0, 1), HeatCell::Masked);
        assert_eq!(h.cell(1, 0), HeatCell::Masked);
        assert_eq!((h.min, h.max), (0.5, 1.0));
        let big: Vec<f64> = (0..512 * 512).map(|i| (i % 512) as f64).collect();
        let h = Heatmap::new(512, 512, &big, 32, 64, None, None);
        assert_eq!((h.rows, h.cols), (32, 64));
        assert!(h.downsampled());
        assert!(matches!(h.cell(0, 0), HeatCell::Value(v) if (v - 3.5).abs() < 1e-9));
    }

    #[test]
    fn signed_data_uses_a_diverging_scale() {
        let h = Heatmap::new(1, 3, &[-1.0, 0.0, 2.0], 5, 5, None, None);
        assert_eq!(h.scale, Scale::Diverging);
        assert!((h.position(0.0) - 0.5).abs() < 1e-12);
    }
}
