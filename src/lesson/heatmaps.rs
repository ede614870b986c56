//! What a `# heatmap:` line keeps of its tensor: the map as f64 values, at most [`MAX_HEATMAP_CELLS`] of
//! them (a larger map is kept as block means, the way every screen draws it anyway), and the names of the
//! dims drawn as rows and columns, as the kernel's named-shape dataflow proved them.

use serde::Serialize;

use crate::tensor::Tensor;

#[derive(Debug, Clone, Serialize)]
pub struct HeatmapData {
    pub expr: String,
    pub rows: usize,
    pub cols: usize,
    /// Row-major values (float32 as f64).
    pub values: Vec<f64>,
    pub row_labels: Option<Vec<String>>,
    pub col_labels: Option<Vec<String>>,
    pub line: usize,
    /// The tensor's dtype as the map prints it: ints whole, bools as ■/□, floats with decimals.
    pub kind: crate::viz::ValueKind,
    /// The size of the tensor's map when it had more than [`MAX_HEATMAP_CELLS`] cells and `values` hold
    /// its block means (`rows` × `cols` of them) instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub averaged_from: Option<(usize, usize)>,
    /// The lesson's name for the dim drawn as rows (`sl` for an attention map's queries) and for the dim
    /// drawn as columns (`sl`, its keys): carried through every op by the kernel's dataflow, never matched
    /// from a size; `None` where nothing is proven.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row_dim: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub col_dim: Option<String>,
}

/// The most cells a heatmap keeps (1024 × 1024): a larger map is kept as block means, the way every
/// screen draws it anyway, so a lesson's heatmaps and the traces made of them stay small.
pub const MAX_HEATMAP_CELLS: usize = 1 << 20;

impl HeatmapData {
    /// The map of `t` that a `# heatmap: expr` line on `line` draws (its size-1 dims squeezed away), with
    /// `labels` for the rows and the columns they fit, and the rows' and columns' dims named from
    /// `axis_names` (the kernel's proven name of each of `t`'s dims). `None` when `t` has no 2-D map.
    pub(super) fn of(
        expr: &str,
        line: usize,
        t: &Tensor,
        axis_names: &[Option<String>],
        labels: Option<Vec<String>>,
    ) -> Option<HeatmapData> {
        let map = crate::viz::slice::squeezed(t)?;
        let kind = map.kind;
        let [row_dim, col_dim] = map
            .axes
            .map(|axis| axis.and_then(|a| axis_names.get(a).cloned().flatten()));
        let (values, rows, cols, averaged_from) = averaged(map.values, map.rows, map.cols);
        let row_labels = labels.clone().filter(|l| l.len() == rows);
        let col_labels = labels.filter(|l| l.len() == cols);
        Some(HeatmapData {
            expr: expr.to_string(),
            rows,
            cols,
            values,
            row_labels,
            col_labels,
            line,
            kind,
            averaged_from,
            row_dim,
            col_dim,
        })
    }

    /// `128×128`, or `8000×8000, averaged to 1024×1024` for a map kept as block means.
    pub fn size_label(&self) -> String {
        match self.averaged_from {
            Some((r, c)) => format!("{r}×{c}, averaged to {}×{}", self.rows, self.cols),
            None => format!("{}×{}", self.rows, self.cols),
        }
    }
}

/// A map of more than [`MAX_HEATMAP_CELLS`] as block means (`viz::slice::block_means`, masked blocks
/// as -inf and all-NaN blocks as NaN, so drawing them again gives the same picture), with its old size.
fn averaged(
    values: Vec<f64>,
    rows: usize,
    cols: usize,
) -> (Vec<f64>, usize, usize, Option<(usize, usize)>) {
    if rows.saturating_mul(cols) <= MAX_HEATMAP_CELLS {
        return (values, rows, cols, None);
    }
    let Ok(map) = ndarray::ArrayView2::from_shape((rows, cols), &values) else {
        return (values, rows, cols, None);
    };
    // The largest map of the same shape that fits, at least one cell a side.
    let scale = (MAX_HEATMAP_CELLS as f64 / (rows as f64 * cols as f64)).sqrt();
    let out_rows = ((rows as f64 * scale) as usize).clamp(1, rows);
    let out_cols = (MAX_HEATMAP_CELLS / out_rows).clamp(1, cols);
    let means = crate::viz::slice::block_means(map, out_rows, out_cols);
    let (r, c) = means.dim();
    let out = means
        .iter()
        .map(|cell| match cell {
            crate::viz::heatmap::HeatCell::Value(v) => *v,
            crate::viz::heatmap::HeatCell::Masked => f64::NEG_INFINITY,
            crate::viz::heatmap::HeatCell::Nan => f64::NAN,
        })
        .collect();
    (out, r, c, Some((rows, cols)))
}
