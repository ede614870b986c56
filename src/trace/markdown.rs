//! Markdown traces that render on a code-hosting site.

use super::{PRINT_TENSOR_MAX, Trace, cell_kind_label, fmt_tuple, heatmap_of, strides_teach};

pub fn render_markdown(trace: &Trace<'_>) -> String {
    let l = trace.lesson;
    let mut out = format!("# {}. {}\n\n", l.order, l.title);
    let dims: Vec<String> = trace
        .dims
        .iter()
        .map(|(n, v)| format!("`{n}={v}`"))
        .collect();
    out.push_str(&format!("Lesson `{}` · dims {}\n", l.id, dims.join(", ")));
    for (cell, o) in &trace.cells {
        let mut head = format!("\n## Cell {}", cell.index + 1);
        if let Some(h) = &cell.heading {
            head.push_str(&format!(" — {h}"));
        }
        if let Some(k) = cell_kind_label(&cell.kind) {
            head.push_str(&format!(" ({k})"));
        }
        out.push_str(&head);
        out.push_str("\n\n```python\n");
        out.push_str(cell.code.trim_end());
        out.push_str("\n```\n");
        if !o.ran {
            continue;
        }
        let mut text = o.stdout.clone();
        if let Some(v) = &o.value {
            text.push_str(v);
            text.push('\n');
        }
        if let Some(e) = &o.error {
            text.push_str(&format!("{}: {}\n", e.kind, e.message));
        }
        if !text.trim().is_empty() {
            out.push_str("\n```text\n");
            out.push_str(text.trim_end());
            out.push_str("\n```\n");
            for line in o.error.iter().flat_map(|e| &e.explanation) {
                out.push_str(&format!("\n> {line}\n"));
            }
        }
        if !o.tensors.is_empty() {
            out.push_str("\n| tensor | shape | dtype | strides |\n| --- | --- | --- | --- |\n");
            for t in &o.tensors {
                let strides = if strides_teach(t) {
                    format!(
                        "{}{}",
                        fmt_tuple(&t.strides),
                        if t.contiguous {
                            ""
                        } else {
                            " (non-contiguous)"
                        }
                    )
                } else {
                    String::new()
                };
                out.push_str(&format!(
                    "| `{}` | `{}` | {} | {} |\n",
                    t.name, t.named_shape, t.dtype, strides
                ));
            }
            for t in o.tensors.iter().filter(|t| t.note.is_some()) {
                out.push_str(&format!(
                    "\n> ⚠ `{}`: {}\n",
                    t.name,
                    t.note.clone().unwrap_or_default()
                ));
            }
            for t in o.tensors.iter().filter(|t| {
                t.shape.iter().product::<usize>() <= PRINT_TENSOR_MAX && !o.stdout.contains(&t.repr)
            }) {
                out.push_str(&format!("\n`{}`:\n\n```text\n{}\n```\n", t.name, t.repr));
            }
        }
        if !o.lines.is_empty() {
            out.push_str("\nShapes, line by line:\n\n```text\n");
            for l in &o.lines {
                let called = if l.in_cell {
                    ""
                } else {
                    "   (called from this cell)"
                };
                out.push_str(&format!("{:>4} │ {}{called}\n", l.line, l.code.trim()));
                for (label, shape, note) in l.rows() {
                    out.push_str(format!("       {label}  {shape}  {note}").trim_end());
                    out.push('\n');
                }
            }
            out.push_str("```\n");
        }
        for sc in &o.shape_checks {
            if sc.ok {
                out.push_str(&format!(
                    "\n- ✓ `{}`: `{}`",
                    sc.expr,
                    sc.actual.clone().unwrap_or_default()
                ));
            } else {
                out.push_str(&format!("\n- ✗ {}", sc.message.clone().unwrap_or_default()));
            }
        }
        if !o.shape_checks.is_empty() {
            out.push('\n');
        }
        for h in &o.heatmaps {
            let hm = heatmap_of(h);
            out.push_str(&format!(
                "\nHeatmap of `{}` ({}), {} … {}:\n\n```text\n",
                h.expr,
                h.size_label(),
                range_end(&hm, hm.min),
                range_end(&hm, hm.max)
            ));
            for r in 0..hm.rows {
                let row: String = (0..hm.cols)
                    .map(|c| hm.ramp_char(hm.cell(r, c)))
                    .flat_map(|ch| [ch, ch])
                    .collect();
                out.push_str(row.trim_end());
                out.push('\n');
            }
            out.push_str("```\n");
        }
    }
    out
}

/// One end of a heatmap's range: as it always was for floats (full precision), whole for ints, a word
/// for bools.
fn range_end(hm: &crate::viz::Heatmap, v: f64) -> String {
    match hm.kind {
        crate::viz::ValueKind::Float => v.to_string(),
        crate::viz::ValueKind::Int => hm.format(v),
        crate::viz::ValueKind::Bool => super::text::bool_word(v),
    }
}
