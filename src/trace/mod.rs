//! Printable traces of a run lesson for handouts, slides and diffs: text (coloured with `colored`),
//! Markdown and JSON, all from the same run.

mod json;
mod markdown;
mod text;

use serde::Serialize;

use crate::lesson::{CellOutcome, Lesson};
use crate::viz::Heatmap;

pub use json::render_json;
pub use markdown::render_markdown;
pub use text::render_text;

/// Heatmaps in traces fit this many rows and columns (larger data is downsampled).
pub const HEATMAP_ROWS: usize = 24;
pub const HEATMAP_COLS: usize = 64;

/// Tensors up to this many elements are printed in full in traces.
pub const PRINT_TENSOR_MAX: usize = 64;

/// A run lesson: what every renderer draws from.
#[derive(Serialize)]
pub struct Trace<'a> {
    pub lesson: &'a Lesson,
    pub dims: Vec<(String, i64)>,
    pub cells: Vec<(&'a crate::lesson::Cell, &'a CellOutcome)>,
}

pub(crate) fn heatmap_of(h: &crate::lesson::kernel::HeatmapData) -> Heatmap {
    Heatmap::new(
        h.rows,
        h.cols,
        &h.values,
        HEATMAP_ROWS,
        HEATMAP_COLS,
        h.row_labels.clone(),
        h.col_labels.clone(),
    )
}

/// Whether the strides are worth showing: the tensor is a non-contiguous view or has a storage offset.
pub(crate) fn strides_teach(t: &crate::lesson::kernel::TensorInfo) -> bool {
    !t.contiguous || t.storage_offset != 0
}

pub(crate) fn fmt_tuple(v: &[usize]) -> String {
    match v.len() {
        1 => format!("({},)", v[0]),
        _ => format!(
            "({})",
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

pub(crate) fn cell_kind_label(kind: &crate::lesson::CellKind) -> Option<String> {
    match kind {
        crate::lesson::CellKind::Run => None,
        crate::lesson::CellKind::NoRun => Some("not run".into()),
        crate::lesson::CellKind::Raises(k) => Some(format!("raises {k}")),
        crate::lesson::CellKind::Question => Some("question".into()),
    }
}
