//! JSON traces: the same facts for tools. Written straight from the trace's own types (no intermediate
//! `serde_json::Value` tree, which costs tens of bytes per number of a heatmap).

use serde::Serialize;

use super::Trace;
use crate::lesson::kernel::CellOutcome;
use crate::lesson::{Cell, CellKind};

#[derive(Serialize)]
struct Doc<'a> {
    id: &'a str,
    title: &'a str,
    order: u32,
    lang: crate::lesson::Lang,
    path: &'a str,
    dims: Vec<Dim<'a>>,
    cells: Vec<CellDoc<'a>>,
}

#[derive(Serialize)]
struct Dim<'a> {
    name: &'a str,
    value: i64,
}

#[derive(Serialize)]
struct CellDoc<'a> {
    index: usize,
    line: usize,
    heading: &'a Option<String>,
    kind: &'a CellKind,
    code: &'a str,
    outcome: &'a CellOutcome,
}

pub fn render_json(trace: &Trace<'_>) -> String {
    let mut out = Vec::new();
    match write_json(trace, &mut out) {
        Ok(()) => String::from_utf8_lossy(&out).into_owned(),
        Err(e) => format!("{{\"error\": \"{e}\"}}"),
    }
}

/// [`render_json`] written to `out` as it is made (a trace with large heatmaps never sits in memory
/// as one string).
pub fn write_json(trace: &Trace<'_>, out: impl std::io::Write) -> serde_json::Result<()> {
    let doc = Doc {
        id: &trace.lesson.id,
        title: &trace.lesson.title,
        order: trace.lesson.order,
        lang: trace.lesson.lang,
        path: &trace.lesson.path,
        dims: trace
            .dims
            .iter()
            .map(|(name, value)| Dim {
                name,
                value: *value,
            })
            .collect(),
        cells: trace
            .cells
            .iter()
            .map(|(cell, outcome): &(&Cell, &CellOutcome)| CellDoc {
                index: cell.index,
                line: cell.line,
                heading: &cell.heading,
                kind: &cell.kind,
                code: &cell.code,
                outcome,
            })
            .collect(),
    };
    serde_json::to_writer_pretty(out, &doc)
}
