//! The heatmap's text around the map: axis titles, column labels, the legend and the note under it.

use std::ops::Range;

use ratatui::style::Color;

use crate::lesson::Lang;
use crate::viz::{HeatCell, Heatmap, Pool, ValueKind, labels};

use super::heatmap::{HeatmapView, Plan};

use crate::tui::text::text;

/// The axis titles: each axis by the name of its dim (`rows sl · cols sl`; the size where no name is
/// proven, nothing when neither is), and when zoomed the positions shown (`rows sl 0–15 of 128`).
/// `window: None` gives the widest text the zoom can show, to lay the title out once for every window.
pub(super) fn axes_text(
    view: &HeatmapView<'_>,
    window: Option<&[Range<usize>; 2]>,
) -> Option<String> {
    let words = text(view.lang);
    let (rows_word, cols_word) = (words.axis_rows, words.axis_cols);
    let sizes = [view.rows, view.cols];
    let part = |axis: usize, word: &str| {
        let n = sizes[axis];
        let name = view.dims[axis].as_deref();
        let shown = match window {
            Some(w) => w[axis].clone(),
            None => 0..n,
        };
        let span = match shown.len() {
            0 | 1 => shown.start.to_string(),
            _ => format!("{}–{}", shown.start, shown.end - 1),
        };
        let of = (words.axis_of)(&span, n);
        match (view.zoom.is_some(), name) {
            (true, Some(name)) => format!("{word} {name} {of}"),
            (true, None) => format!("{word} {of}"),
            (false, Some(name)) => format!("{word} {name}"),
            (false, None) => format!("{word} {n}"),
        }
    };
    (view.zoom.is_some() || view.dims.iter().any(Option::is_some))
        .then(|| format!("{} · {}", part(0, rows_word), part(1, cols_word)))
}

/// What the note under the map says: how buckets were pooled, or that a zoomed window shows one value
/// per cell; and the key that zooms a pooled map. In `width` columns: the explanation of peaks goes
/// first when there is no room, the zoom key last.
pub(super) fn note_text(hm: &Heatmap, zoomed: bool, lang: Lang, width: usize) -> Option<String> {
    let full = note(hm, zoomed, lang, true)?;
    if labels::width(&full) <= width {
        return Some(full);
    }
    note(hm, zoomed, lang, false)
}

fn note(hm: &Heatmap, zoomed: bool, lang: Lang, explain: bool) -> Option<String> {
    let (wr, wc) = (hm.row_window.len(), hm.col_window.len());
    let words = text(lang);
    if hm.downsampled() {
        let how = match hm.pool {
            Pool::Mean => words.block_means,
            Pool::Peak if explain => words.block_peaks_explained,
            Pool::Peak => words.block_peaks,
        };
        let zoom = if zoomed { "" } else { words.plus_zoom };
        Some((words.pooled_note)(wr, wc, hm.rows, hm.cols, how, zoom))
    } else if zoomed {
        Some(words.one_value_per_cell.into())
    } else {
        None
    }
}

/// What a cell shows in value mode.
pub(super) fn cell_text(hm: &Heatmap, cell: HeatCell) -> String {
    match cell {
        HeatCell::Value(v) => hm.format(v),
        HeatCell::Masked => "×".into(),
        HeatCell::Nan => "nan".into(),
    }
}

/// Row labels and the space after them.
pub(super) fn row_label_width(row_labels: Option<&[String]>, max: usize) -> usize {
    row_labels.map_or(0, |l| {
        l.iter()
            .map(|s| labels::width(s))
            .max()
            .unwrap_or(0)
            .min(max)
            + 1
    })
}

/// The legend's lines: a swatch (colour of a value, or `None` for masked) and its text.
pub(super) fn legend_entries(hm: &Heatmap, lines: usize, lang: Lang) -> Vec<(HeatCell, String)> {
    let mut out = Vec::new();
    if hm.kind == ValueKind::Bool {
        out.push((HeatCell::Value(1.0), "■ True".into()));
        out.push((HeatCell::Value(0.0), "□ False".into()));
    } else {
        let n = lines.clamp(2, 12);
        for i in 0..n {
            let v = hm.max - (hm.max - hm.min) * i as f64 / (n - 1) as f64;
            let text = if i == 0 {
                hm.format(hm.max)
            } else if i == n - 1 {
                hm.format(hm.min)
            } else {
                String::new()
            };
            out.push((HeatCell::Value(v), text));
        }
    }
    if hm.cells.contains(&HeatCell::Masked) {
        out.push((HeatCell::Masked, text(lang).masked.into()));
    }
    out
}

pub(super) fn legend_width(hm: &Heatmap, lang: Lang) -> usize {
    legend_entries(hm, 2, lang)
        .iter()
        .map(|(_, t)| labels::width(t))
        .max()
        .unwrap_or(0)
        + 3
}

/// Text on a cell of this colour: dark on bright cells, light on dark ones.
pub(super) fn text_on(rgb: (u8, u8, u8)) -> Color {
    if crate::viz::heatmap::dark_text_on(rgb) {
        Color::Black
    } else {
        Color::White
    }
}

/// The column labels: position (columns from the map's left edge, negative over the row labels), line
/// (0, or 1 when staggered) and text. In value mode each label ends at its slot's right edge, cut with `…`
/// only when it is wider than the room it has: its slot, or when staggered everything back to the label
/// before it on the same line (`2·col_w − 1`). In block mode a column's own label when every label fits
/// its column, else source indices at evenly spaced ticks (each bucket's first position).
pub(super) fn column_axis(hm: &Heatmap, plan: &Plan) -> Vec<(i64, u16, String)> {
    let col_w = plan.col_w;
    if plan.slot.is_some() {
        return hm.col_labels.as_ref().map_or_else(Vec::new, |l| {
            l.iter()
                .enumerate()
                .map(|(i, s)| {
                    let room = if plan.stagger {
                        (2 * col_w - 1).min(col_w * (i + 1) + plan.label_w)
                    } else {
                        col_w - 1
                    };
                    let text = labels::fit(s, room);
                    let end = ((i + 1) * col_w) as i64;
                    let line = if plan.stagger { (i % 2) as u16 } else { 0 };
                    let w = labels::width(&text) as i64;
                    // Over a scaled-up cell, centred as its value is; else ending where it ends.
                    let x = if plan.centred() {
                        end - col_w as i64 + 1 + (col_w as i64 - 1 - w + 1) / 2
                    } else {
                        end - w
                    };
                    (x, line, text)
                })
                .collect()
        });
    }
    if let Some(l) = &hm.col_labels
        && l.iter().all(|s| labels::width(s) < col_w)
    {
        return l
            .iter()
            .enumerate()
            .map(|(i, s)| ((i * col_w) as i64, 0, s.clone()))
            .collect();
    }
    let widest = labels::width(&hm.col_span(hm.cols - 1, hm.cols - 1).start.to_string());
    let step = (widest + 2).div_ceil(col_w.max(1)).max(1);
    // Ticks at round numbers of buckets read better: a step of 1, 2, 4, 5, 8, 10, … buckets.
    let step = [1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100]
        .into_iter()
        .find(|&s| s >= step)
        .unwrap_or(step);
    (0..hm.cols)
        .step_by(step)
        .map(|i| ((i * col_w) as i64, 0, hm.col_span(i, i).start.to_string()))
        .collect()
}
