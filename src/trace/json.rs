//! JSON traces: the same facts for tools.

use super::Trace;

pub fn render_json(trace: &Trace<'_>) -> String {
    let cells: Vec<serde_json::Value> = trace
        .cells
        .iter()
        .map(|(cell, o)| {
            serde_json::json!({
                "index": cell.index,
                "line": cell.line,
                "heading": cell.heading,
                "kind": cell.kind,
                "code": cell.code,
                "outcome": o,
            })
        })
        .collect();
    let doc = serde_json::json!({
        "id": trace.lesson.id,
        "title": trace.lesson.title,
        "order": trace.lesson.order,
        "lang": trace.lesson.lang,
        "path": trace.lesson.path,
        "dims": trace.dims.iter().map(|(n, v)| serde_json::json!({"name": n, "value": v})).collect::<Vec<_>>(),
        "cells": cells,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
