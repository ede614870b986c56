//! Printable traces of a run lesson for handouts, slides and diffs: text (coloured with `colored`),
//! Markdown, JSON and HTML (one page per lesson for teachers), all from the same run.

mod html;
mod json;
mod markdown;
mod text;

use serde::Serialize;

use crate::lesson::{CellOutcome, Lesson};
use crate::viz::Heatmap;

pub use html::render_html;
pub use json::{render_json, write_json};
pub use markdown::render_markdown;
pub use text::render_text;

/// Makes a rendered trace safe to print: every control character a lesson or its cells could have put in
/// (titles, prose, printed strings, heatmap labels) is written visibly as `\x1b`, so a shared lesson cannot
/// retitle the terminal, move the cursor or clear the screen. With `keep_colour`, colour sequences
/// (`ESC [ digits ; … m`, which only change colours) pass, the trace's own colours among them.
pub fn sanitize(text: &str, keep_colour: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        if c == '\n' || c == '\t' || !(c.is_control() || is_bidi_control(c)) {
            out.push(c);
            continue;
        }
        if keep_colour && c == '\u{1b}' {
            let rest = &text[i + 1..];
            if let Some(body) = rest.strip_prefix('[') {
                let len = body
                    .find(|ch: char| !(ch.is_ascii_digit() || ch == ';'))
                    .unwrap_or(body.len());
                if body[len..].starts_with('m') {
                    out.push_str(&text[i..i + 2 + len + 1]);
                    for _ in 0..len + 2 {
                        chars.next();
                    }
                    continue;
                }
            }
        }
        let code = c as u32;
        if code <= 0xff {
            out.push_str(&format!("\\x{code:02x}"));
        } else {
            out.push_str(&format!("\\u{{{code:x}}}"));
        }
    }
    out
}

/// Unicode's bidirectional overrides and isolates, which reorder what a terminal shows.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

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
    .with_kind(h.kind)
}

/// Whether the strides are worth showing: the tensor is a non-contiguous view or has a storage offset.
pub(crate) fn strides_teach(t: &crate::lesson::kernel::TensorInfo) -> bool {
    !t.contiguous || t.storage_offset != 0
}

pub(crate) use crate::lesson::kernel::tuple as fmt_tuple;

pub(crate) fn cell_kind_label(kind: &crate::lesson::CellKind) -> Option<String> {
    match kind {
        crate::lesson::CellKind::Run => None,
        crate::lesson::CellKind::NoRun => Some("not run".into()),
        crate::lesson::CellKind::Raises(k) => Some(format!("raises {k}")),
        crate::lesson::CellKind::Question => Some("question".into()),
        crate::lesson::CellKind::Varies => Some("output varies by machine".into()),
        crate::lesson::CellKind::Exercise => Some("exercise, solved".into()),
    }
}
