//! Heatmap model: a 2-D block of values downsampled (block means or peaks, not cropping:
//! [`block_pool`]) to fit a
//! drawing area, with masked entries (≤ -1e9 or -inf, as attention masks fill them) kept apart, a colour
//! scale chosen from the data (sequential for non-negative values, diverging around 0 for signed ones) and
//! `colorous` colour maps. The colour scale and the legend span the tensor's true range (the min and max of
//! its real values), not the range of the block means, so a downsampled softmax still reads 0 … 1.

use std::ops::Range;

use ndarray::{Array2, ArrayView2, CowArray, Ix2, s};
use serde::Serialize;

use super::labels::span_label;
use super::slice::{Pool, block_pool, bucket};

/// Source positions of drawn cells `first..=last` out of `out` buckets over `window`.
fn span(window: &Range<usize>, out: usize, first: usize, last: usize) -> Range<usize> {
    let n = window.len();
    window.start + bucket(first, n, out).start..window.start + bucket(last, n, out).end
}

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

/// What the tensor's elements are, so its values are printed the way PyTorch prints them: `3`, not `3.00`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ValueKind {
    #[default]
    Float,
    /// Integer dtypes (ids, positions, counts).
    Int,
    /// `torch.bool`: drawn as ■ (True) and □ (False).
    Bool,
}

impl ValueKind {
    /// One value as it is printed in a cell or the legend: ints whole, bools as ■/□, floats with two
    /// decimals (or one significant digit in exponent form when that would hide them). A block mean of
    /// ints that is not whole keeps two decimals.
    pub fn format(self, v: f64) -> String {
        match self {
            ValueKind::Bool if v == 0.0 || v == 1.0 => if v == 1.0 { "■" } else { "□" }.into(),
            ValueKind::Int if v.fract() == 0.0 && v.abs() < 1e15 => format!("{}", v as i64),
            _ if v.abs() >= 100.0 || (v != 0.0 && v.abs() < 0.01) => format!("{v:.0e}"),
            _ => format!("{v:.2}"),
        }
    }
}

/// Whether text on a background of this colour should be dark: the background's relative luminance
/// (WCAG 2, sRGB linearised) is above 0.179, where black text has more contrast than white.
pub fn dark_text_on((r, g, b): (u8, u8, u8)) -> bool {
    let lin = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) > 0.179
}

#[derive(Debug, Clone, Serialize)]
pub struct Heatmap {
    pub rows: usize,
    pub cols: usize,
    /// Size of the data before downsampling.
    pub source_rows: usize,
    pub source_cols: usize,
    pub cells: Vec<HeatCell>,
    /// The true range: min and max of the real (unmasked, not NaN) source values.
    pub min: f64,
    pub max: f64,
    pub scale: Scale,
    pub kind: ValueKind,
    /// How buckets were pooled (only matters when downsampled).
    pub pool: Pool,
    /// One label per drawn row / column: the source's label, or the range of positions a bucket covers
    /// (`0–3`) when the map is downsampled; `None` for an unlabelled axis drawn at full size.
    pub row_labels: Option<Vec<String>>,
    pub col_labels: Option<Vec<String>>,
    /// The source rows and columns drawn (the whole map unless zoomed).
    #[serde(skip)]
    pub row_window: Range<usize>,
    #[serde(skip)]
    pub col_window: Range<usize>,
    #[serde(skip)]
    source_row_labels: Option<Vec<String>>,
    #[serde(skip)]
    source_col_labels: Option<Vec<String>>,
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
        Heatmap::pooled(
            (rows, cols),
            values,
            (max_rows, max_cols),
            (row_labels, col_labels),
            Pool::Mean,
        )
    }

    /// [`Heatmap::new`] with a choice of how buckets are pooled when the map is downsampled.
    pub fn pooled(
        (rows, cols): (usize, usize),
        values: &[f64],
        max: (usize, usize),
        labels: (Option<Vec<String>>, Option<Vec<String>>),
        pool: Pool,
    ) -> Heatmap {
        Heatmap::windowed((rows, cols), values, [0..rows, 0..cols], max, labels, pool)
    }

    /// The part of the map in `window` (source rows and columns, clamped to the map), pooled into at most
    /// `max_rows × max_cols` cells: a zoomed view. Labels name source positions (`16–19`, not `0–3`
    /// within the window), and the colour scale and legend still span the whole map's true range, so a
    /// colour means the same value at every zoom.
    pub fn windowed(
        (rows, cols): (usize, usize),
        values: &[f64],
        [row_window, col_window]: [Range<usize>; 2],
        (max_rows, max_cols): (usize, usize),
        (row_labels, col_labels): (Option<Vec<String>>, Option<Vec<String>>),
        pool: Pool,
    ) -> Heatmap {
        let clamp = |w: Range<usize>, n: usize| {
            let end = w.end.min(n);
            w.start.min(end)..end
        };
        let (row_window, col_window) = (clamp(row_window, rows), clamp(col_window, cols));
        let out_rows = row_window.len().min(max_rows.max(1));
        let out_cols = col_window.len().min(max_cols.max(1));
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
        let shown = map.slice(s![row_window.clone(), col_window.clone()]);
        let blocks = block_pool(shown, out_rows, out_cols, pool);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for &v in map.iter() {
            if v.is_finite() && v > MASKED_BELOW {
                lo = lo.min(v);
                hi = hi.max(v);
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
        let source_row_labels = row_labels.filter(|l| l.len() == rows);
        let source_col_labels = col_labels.filter(|l| l.len() == cols);
        // Labelled when the source is, or when a cell is a bucket, or when only part of the axis shows
        // (positions then say where the window is).
        let per_bucket =
            |labels: &Option<Vec<String>>, n: usize, window: &Range<usize>, out: usize| {
                let len = window.len();
                (labels.is_some() || out < len || len < n).then(|| {
                    (0..out)
                        .map(|i| {
                            let b = bucket(i, len, out);
                            span_label(
                                labels.as_deref(),
                                b.start + window.start..b.end + window.start,
                            )
                        })
                        .collect()
                })
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
            kind: ValueKind::Float,
            pool,
            row_labels: per_bucket(&source_row_labels, rows, &row_window, out_rows),
            col_labels: per_bucket(&source_col_labels, cols, &col_window, out_cols),
            row_window,
            col_window,
            source_row_labels,
            source_col_labels,
        }
    }

    /// The same map with its values printed as `kind`.
    pub fn with_kind(mut self, kind: ValueKind) -> Heatmap {
        self.kind = kind;
        self
    }

    /// The source rows drawn as rows `first..=last`.
    pub fn row_span(&self, first: usize, last: usize) -> Range<usize> {
        span(&self.row_window, self.rows, first, last)
    }

    /// The source columns drawn as columns `first..=last`.
    pub fn col_span(&self, first: usize, last: usize) -> Range<usize> {
        span(&self.col_window, self.cols, first, last)
    }

    /// The label of drawn rows `first..=last` (two at once in a half-block line): a token for one source
    /// row, else its range.
    pub fn rows_label(&self, first: usize, last: usize) -> String {
        span_label(
            self.source_row_labels.as_deref(),
            self.row_span(first, last),
        )
    }

    /// The label of drawn columns `first..=last`.
    pub fn cols_label(&self, first: usize, last: usize) -> String {
        span_label(
            self.source_col_labels.as_deref(),
            self.col_span(first, last),
        )
    }

    /// A value as printed in a cell or the legend (see [`ValueKind::format`]).
    pub fn format(&self, v: f64) -> String {
        self.kind.format(v)
    }

    pub fn cell(&self, r: usize, c: usize) -> HeatCell {
        self.cells
            .get(r * self.cols + c)
            .copied()
            .unwrap_or(HeatCell::Nan)
    }

    /// Whether a drawn cell stands for more than one value.
    pub fn downsampled(&self) -> bool {
        self.rows != self.row_window.len() || self.cols != self.col_window.len()
    }

    /// Whether only part of the map is drawn.
    pub fn zoomed(&self) -> bool {
        self.row_window.len() < self.source_rows || self.col_window.len() < self.source_cols
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

    #[test]
    fn the_range_is_the_data_s_own_and_buckets_are_labelled_by_the_positions_they_cover() {
        // One 1.0 per row: every 4×4 block mean is 0.25, the range stays 0 … 1.
        let n = 16;
        let eye: Vec<f64> = (0..n * n)
            .map(|i| if i / n == i % n { 1.0 } else { 0.0 })
            .collect();
        let tokens: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
        let h = Heatmap::new(n, n, &eye, 4, 4, Some(tokens.clone()), None);
        assert_eq!((h.min, h.max), (0.0, 1.0));
        assert_eq!(h.cell(0, 0), HeatCell::Value(0.25));
        assert_eq!(
            h.row_labels.as_deref(),
            Some(&["0–3", "4–7", "8–11", "12–15"].map(String::from)[..])
        );
        assert_eq!(h.rows_label(1, 2), "4–11");
        // At full size the tokens are kept.
        let h = Heatmap::new(n, n, &eye, n, n, Some(tokens), None);
        assert_eq!(h.rows_label(3, 3), "t3");
        assert_eq!(h.col_labels, None);
    }

    #[test]
    fn a_window_is_labelled_by_source_positions_and_keeps_the_whole_range() {
        // 8×8, value = row index; the window is rows 4..8, cols 0..2, pooled to 2×2.
        let n = 8;
        let v: Vec<f64> = (0..n * n).map(|i| (i / n) as f64).collect();
        let h = Heatmap::windowed((n, n), &v, [4..8, 0..2], (2, 2), (None, None), Pool::Mean);
        assert_eq!((h.rows, h.cols), (2, 2));
        assert_eq!((h.min, h.max), (0.0, 7.0), "the whole map's range");
        assert_eq!(h.cell(0, 0), HeatCell::Value(4.5));
        assert_eq!(h.cell(1, 1), HeatCell::Value(6.5));
        assert_eq!(
            h.row_labels.as_deref(),
            Some(&["4–5", "6–7"].map(String::from)[..])
        );
        assert_eq!(
            h.col_labels.as_deref(),
            Some(&["0", "1"].map(String::from)[..])
        );
        assert_eq!(h.rows_label(1, 1), "6–7");
        assert!(h.zoomed() && h.downsampled());
        // One cell per value: tokens come back.
        let tokens: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
        let h = Heatmap::windowed(
            (n, n),
            &v,
            [2..5, 0..99],
            (10, 10),
            (Some(tokens), None),
            Pool::Peak,
        );
        assert_eq!((h.rows, h.cols, h.col_window.clone()), (3, 8, 0..8));
        assert_eq!(h.rows_label(0, 0), "t2");
        assert!(!h.downsampled());
    }

    #[test]
    fn values_are_printed_by_kind() {
        assert_eq!(ValueKind::Int.format(21.0), "21");
        assert_eq!(ValueKind::Int.format(-3.0), "-3");
        assert_eq!(ValueKind::Int.format(2.5), "2.50");
        assert_eq!(ValueKind::Bool.format(1.0), "■");
        assert_eq!(ValueKind::Bool.format(0.0), "□");
        assert_eq!(ValueKind::Float.format(0.125), "0.12");
        assert_eq!(ValueKind::Float.format(4.0), "4.00");
    }

    #[test]
    fn dark_text_goes_on_bright_backgrounds() {
        assert!(dark_text_on((253, 231, 37))); // viridis yellow
        assert!(dark_text_on((255, 255, 255)));
        assert!(!dark_text_on((68, 1, 84))); // viridis purple
        assert!(!dark_text_on((5, 48, 97))); // RdBu dark blue
        // A mid grey: luminance 0.216, black reads better.
        assert!(dark_text_on((128, 128, 128)));
    }
}
