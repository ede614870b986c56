//! What the inspector draws as a picture for the selected cell: the heatmap (a `# heatmap:` map, or the
//! selected tensor's map at the batch and head chosen) or the memory walk. Picked from the state in one
//! place, so `render` draws the same map that `prepare` measured for the zoom and `update` steps through.

use std::borrow::Cow;

use ratatui::layout::Rect;

use crate::lesson::CellOutcome;
use crate::tensor::Tensor;
use crate::viz::ValueKind;

use super::app::{App, View};
use super::widgets::HeatmapView;

/// A heatmap the inspector shows.
pub(super) struct InspectedMap<'a> {
    pub title: String,
    pub rows: usize,
    pub cols: usize,
    pub values: Cow<'a, [f64]>,
    pub row_labels: Option<Vec<String>>,
    pub col_labels: Option<Vec<String>>,
    pub kind: ValueKind,
    /// The names of the dims drawn as rows and columns, as the kernel proved them.
    pub dims: [Option<String>; 2],
    /// A tensor's map, drawn under the tensor's header lines (not a `# heatmap:` map).
    pub under_header: bool,
}

/// The lines of the tensor header above a tensor's map in the inspector (`render_inspector`).
pub(super) const TENSOR_HEADER_LINES: u16 = 3;

/// The selected cell's outcome and the index of the thing the inspector shows (heatmaps, then tensors).
fn selected(app: &App) -> Option<(&CellOutcome, usize)> {
    let nb = &app.notebook;
    if app.view != View::Notebook || nb.show_lines {
        return None;
    }
    let o = nb.outcomes.get(nb.selected)?.as_ref()?;
    let total = o.heatmaps.len() + o.tensors.len();
    (total > 0).then(|| (o, nb.tensor_sel.min(total - 1)))
}

/// The heatmap the inspector shows now, if it shows one.
pub(super) fn inspected_map(app: &App) -> Option<InspectedMap<'_>> {
    let (o, sel) = selected(app)?;
    let total = o.heatmaps.len() + o.tensors.len();
    if let Some(h) = o.heatmaps.get(sel) {
        return Some(InspectedMap {
            title: format!("{} ({}/{total})", h.expr, sel + 1),
            rows: h.rows,
            cols: h.cols,
            values: Cow::Borrowed(&h.values),
            row_labels: h.row_labels.clone(),
            col_labels: h.col_labels.clone(),
            kind: h.kind,
            dims: [h.row_dim.clone(), h.col_dim.clone()],
            under_header: false,
        });
    }
    if app.notebook.show_memory {
        return None;
    }
    let k = sel - o.heatmaps.len();
    let info = o.tensors.get(k)?;
    let nb = &app.notebook;
    let tensor = nb.live_tensor(nb.selected, k).filter(|t| t.ndim() > 0)?;
    let map = crate::viz::slice::at_leading(tensor, &app.notebook.slice)?;
    let title = if map.picked.is_empty() {
        info.name.clone()
    } else {
        let picked: Vec<String> = map.picked.iter().map(|i| i.to_string()).collect();
        format!("{}[{}]  (< > {{ }})", info.name, picked.join(", "))
    };
    let dims = map
        .axes
        .map(|axis| axis.and_then(|a| info.names.get(a).cloned().flatten()));
    Some(InspectedMap {
        title,
        rows: map.rows,
        cols: map.cols,
        values: Cow::Owned(map.values),
        row_labels: None,
        col_labels: None,
        kind: map.kind,
        dims,
        under_header: true,
    })
}

/// The tensor whose memory the inspector shows now (`m`), if it shows one.
pub(super) fn inspected_memory(app: &App) -> Option<&Tensor> {
    let (o, sel) = selected(app)?;
    if !app.notebook.show_memory {
        return None;
    }
    let k = sel.checked_sub(o.heatmaps.len())?;
    o.tensors.get(k)?;
    app.notebook.live_tensor(app.notebook.selected, k)
}

impl InspectedMap<'_> {
    pub(super) fn view<'v>(&'v self, app: &App) -> HeatmapView<'v> {
        HeatmapView {
            title: &self.title,
            rows: self.rows,
            cols: self.cols,
            values: &self.values,
            row_labels: self.row_labels.clone(),
            col_labels: self.col_labels.clone(),
            kind: self.kind,
            pool: app.heat_pool,
            color: app.color,
            dims: self.dims.clone(),
            zoom: app.active_zoom(),
            lang: app.lang,
        }
    }

    /// Where the map is drawn inside the inspector's frame `inspector` (its borders and, for a tensor,
    /// the header lines taken off, as `render_inspector` lays it out).
    pub(super) fn area_in(&self, inspector: Rect) -> Rect {
        let inner = Rect {
            x: inspector.x + 1,
            y: inspector.y + 1,
            width: inspector.width.saturating_sub(2),
            height: inspector.height.saturating_sub(2),
        };
        if self.under_header {
            let head = TENSOR_HEADER_LINES.min(inner.height);
            Rect {
                y: inner.y + head,
                height: inner.height - head,
                ..inner
            }
        } else {
            inner
        }
    }
}

/// The most storage cells and view elements the memory view reads (a paper-size tensor is never copied
/// whole to draw a strip of a few dozen boxes).
pub(super) const MEMORY_CELLS: usize = 4096;

impl App {
    /// Whether the inspector shows a tensor's memory now (`←` `→` then step through it).
    pub fn memory_shown(&self) -> bool {
        inspected_memory(self).is_some()
    }

    /// The memory view's selected element, in the view's order (0 for a tensor newly shown).
    pub fn memory_selected(&self) -> usize {
        let nb = &self.notebook;
        let (key, i) = nb.memory_sel;
        if key == (nb.selected, nb.tensor_sel) {
            i
        } else {
            0
        }
    }

    /// Moves the memory view's selection by `delta` elements of the view, staying inside it.
    pub(super) fn memory_step(&mut self, delta: i64) {
        let Some(n) = inspected_memory(self).map(|t| t.numel().min(MEMORY_CELLS)) else {
            return;
        };
        let i = (self.memory_selected() as i64 + delta).clamp(0, n.saturating_sub(1) as i64);
        let nb = &mut self.notebook;
        nb.memory_sel = ((nb.selected, nb.tensor_sel), i as usize);
    }
}
