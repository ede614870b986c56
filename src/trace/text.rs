//! Plain-text traces: coloured when asked (`colored` decides from --color, NO_COLOR and the terminal).

use colored::Colorize;

use super::{PRINT_TENSOR_MAX, Trace, cell_kind_label, fmt_tuple, heatmap_of, strides_teach};
use crate::viz::{HeatCell, Heatmap, ValueKind, labels};

fn heatmap_lines(h: &Heatmap, color: bool) -> Vec<String> {
    let label_w = h
        .row_labels
        .as_ref()
        .map(|l| l.iter().map(|s| labels::width(s)).max().unwrap_or(0))
        .unwrap_or(0)
        .min(12);
    let mut lines = Vec::new();
    for r in 0..h.rows {
        let mut line = String::from("    ");
        if let Some(labels) = &h.row_labels {
            // Cut with `…` by display width when a label is wider than the column of labels.
            line.push_str(&labels::right(&labels[r], label_w));
            line.push(' ');
        }
        for c in 0..h.cols {
            let cell = h.cell(r, c);
            if color {
                let s = match cell {
                    HeatCell::Value(v) => {
                        let (r, g, b) = h.rgb(v);
                        "██".truecolor(r, g, b).to_string()
                    }
                    HeatCell::Masked => "××".truecolor(120, 120, 120).to_string(),
                    HeatCell::Nan => "??".red().to_string(),
                };
                line.push_str(&s);
            } else {
                let ch = h.ramp_char(cell);
                line.push(ch);
                line.push(ch);
            }
        }
        lines.push(line);
    }
    let (lo, hi) = match h.kind {
        ValueKind::Float => (fmt_value(h.min), fmt_value(h.max)),
        ValueKind::Int => (h.format(h.min), h.format(h.max)),
        ValueKind::Bool => (bool_word(h.min), bool_word(h.max)),
    };
    let mut legend = format!("    {lo} … {hi}");
    if h.cells.contains(&HeatCell::Masked) {
        legend.push_str(", × masked (≤ -1e9)");
    }
    if h.downsampled() {
        legend.push_str(&format!(
            ", {}×{} shown as {}×{} block means",
            h.source_rows, h.source_cols, h.rows, h.cols
        ));
    }
    if !color {
        legend.push_str(", ramp \" .:-=+*#@\" low → high");
    }
    lines.push(legend);
    lines
}

/// A bool map's range in words: the ramp draws True as `@` and False as a blank, not as ■/□.
pub(super) fn bool_word(v: f64) -> String {
    if v == 0.0 { "False" } else { "True" }.into()
}

fn fmt_value(v: f64) -> String {
    if v != 0.0 && (v.abs() < 1e-3 || v.abs() >= 1e4) {
        format!("{v:.3e}")
    } else {
        format!("{v:.4}")
    }
}

pub fn render_text(trace: &Trace<'_>, color: bool) -> String {
    colored::control::set_override(color);
    let l = trace.lesson;
    let mut out = String::new();
    let title = format!("{} — {} ({})", l.order, l.title, l.id);
    out.push_str(&format!("{}\n", title.bold()));
    let dims: Vec<String> = trace.dims.iter().map(|(n, v)| format!("{n}={v}")).collect();
    out.push_str(&format!("{} {}\n", "dims:".dimmed(), dims.join(", ")));
    for (cell, o) in &trace.cells {
        out.push('\n');
        let mut head = format!(
            "[{}] {}",
            cell.index + 1,
            cell.heading.clone().unwrap_or_default()
        );
        if let Some(k) = cell_kind_label(&cell.kind) {
            head.push_str(&format!("  ({k})"));
        }
        out.push_str(&format!(
            "{}  {}\n",
            head.cyan().bold(),
            format!("{}:{}", l.path, cell.line).dimmed()
        ));
        for line in cell.code.lines() {
            out.push_str(&format!("  {} {}\n", "│".dimmed(), line));
        }
        if !o.ran {
            continue;
        }
        if !o.stdout.is_empty() {
            for line in o.stdout.lines() {
                out.push_str(format!("  {line}").trim_end());
                out.push('\n');
            }
        }
        if let Some(v) = &o.value {
            for line in v.lines() {
                out.push_str(&format!("  {} {line}\n", "→".green()));
            }
        }
        if let Some(e) = &o.error {
            let label = if o.expectation_met {
                "expected error".yellow()
            } else {
                "error".red().bold()
            };
            out.push_str(&format!("  {label}: {}: {}\n", e.kind, e.message));
            for line in &e.explanation {
                out.push_str(&format!("    {} {line}\n", "›".yellow()));
            }
        }
        for t in &o.tensors {
            let mut line = format!("  {} {} {}", t.name.bold(), t.named_shape, t.dtype.dimmed());
            if strides_teach(t) {
                line.push_str(&format!(
                    "  stride {}{}{}",
                    fmt_tuple(&t.strides),
                    if t.storage_offset != 0 {
                        format!(" offset {}", t.storage_offset)
                    } else {
                        String::new()
                    },
                    if t.contiguous { "" } else { " non-contiguous" }
                ));
            }
            out.push_str(&line);
            out.push('\n');
            if let Some(note) = &t.note {
                out.push_str(&format!("    {} {note}\n", "⚠".yellow()));
            }
            if t.shape.iter().product::<usize>() <= PRINT_TENSOR_MAX && !o.stdout.contains(&t.repr)
            {
                for r in t.repr.lines() {
                    out.push_str(format!("      {r}").trim_end());
                    out.push('\n');
                }
            }
        }
        if !o.lines.is_empty() {
            out.push_str(&format!("  {}\n", "shapes, line by line".dimmed()));
        }
        for l in &o.lines {
            out.push_str(&format!(
                "  {} {}{}\n",
                format!("{:>4} │", l.line).dimmed(),
                l.code.trim(),
                if l.in_cell {
                    String::new()
                } else {
                    format!("   {}", "(called from this cell)".dimmed())
                }
            ));
            for (label, shape, note) in l.rows() {
                let line = format!("         {label}  {shape}  {}", note.dimmed());
                out.push_str(line.trim_end());
                out.push('\n');
            }
        }
        for sc in &o.shape_checks {
            if sc.ok {
                out.push_str(&format!(
                    "  {} {}: {}\n",
                    "✓".green(),
                    sc.expr,
                    sc.actual.clone().unwrap_or_default()
                ));
            } else {
                out.push_str(&format!(
                    "  {} {}\n",
                    "✗".red().bold(),
                    sc.message.clone().unwrap_or_default()
                ));
            }
        }
        for h in &o.heatmaps {
            out.push_str(&format!(
                "  {} {} ({})\n",
                "heatmap".magenta(),
                h.expr,
                h.size_label()
            ));
            for line in heatmap_lines(&heatmap_of(h), color) {
                out.push_str(&line);
                out.push('\n');
            }
        }
    }
    colored::control::unset_override();
    out
}
