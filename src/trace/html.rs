//! One self-contained HTML page per lesson for teachers: the prose, each cell's code and outputs, named
//! shapes, heatmaps as coloured tables with their legends, and exercises with their solutions folded
//! away in `<details>`. No scripts, no external files; a print style sheet keeps cells whole on a page.
//!
//! The lesson's Markdown is turned into HTML by `pulldown-cmark` with raw HTML written out as text, so a
//! lesson file cannot put markup or scripts into the page.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

use super::{PRINT_TENSOR_MAX, Trace, fmt_tuple, heatmap_of, strides_teach};
use crate::lesson::kernel::{CellOutcome, HeatmapData};
use crate::lesson::{Block, Cell, CellKind, Lang};
use crate::viz::{HeatCell, Heatmap, ValueKind, dark_text_on};

const STYLE: &str = "
:root { --fg: #1b1b1b; --muted: #5f6368; --code-bg: #f4f4f2; --line: #d0d0cc; --ok: #137333; --bad: #b3261e; }
* { box-sizing: border-box; }
body { font: 17px/1.55 system-ui, -apple-system, 'Segoe UI', 'Noto Sans KR', 'Malgun Gothic', sans-serif;
       color: var(--fg); max-width: 60rem; margin: 2rem auto; padding: 0 1.25rem; }
h1 { font-size: 1.9rem; margin-bottom: .2rem; }
.meta { color: var(--muted); margin-top: 0; }
pre, code { font-family: 'JetBrains Mono', 'D2Coding', ui-monospace, Menlo, Consolas, monospace; font-size: .92em; }
pre { background: var(--code-bg); border: 1px solid var(--line); border-radius: 6px; padding: .6rem .8rem;
      overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
.cell { border-left: 4px solid #3b6fb6; padding-left: .8rem; margin: 1.4rem 0; break-inside: avoid; }
.cell.exercise { border-left-color: #8e44ad; }
.cell-head { font-weight: 600; color: #3b6fb6; margin-bottom: .2rem; }
.exercise .cell-head { color: #8e44ad; }
.out { background: #fff; }
.error { color: var(--bad); }
.ok { color: var(--ok); }
table.tensors { border-collapse: collapse; margin: .5rem 0; }
table.tensors td, table.tensors th { border: 1px solid var(--line); padding: .15rem .5rem; text-align: left; }
table.heat { border-collapse: collapse; margin: .4rem 0; font-size: .8rem; }
table.heat td { min-width: 3em; height: 1.7em; text-align: center; padding: 0 .15em; border: 1px solid #fff;
                -webkit-print-color-adjust: exact; print-color-adjust: exact; }
table.heat th { font-weight: normal; color: var(--muted); padding: 0 .3rem; white-space: nowrap; }
table.heat.dense td { min-width: .9em; height: .9em; padding: 0; }
.legend { display: flex; align-items: center; gap: .4rem; color: var(--muted); font-size: .85rem; }
.legend span.swatch { display: inline-block; width: 1.2rem; height: .9rem;
                      -webkit-print-color-adjust: exact; print-color-adjust: exact; }
details { border: 1px dashed var(--line); border-radius: 6px; padding: .3rem .7rem; margin: .5rem 0; }
summary { cursor: pointer; color: #8e44ad; font-weight: 600; }
@media print { body { max-width: none; margin: 0; font-size: 12pt; } .cell { break-inside: avoid; } }
@media (min-width: 100rem) { body { font-size: 21px; max-width: 75rem; } }
";

fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Markdown to HTML with any raw HTML in it shown as text, images as their words (a page fetches
/// nothing) and links only to web pages or anchors (no `javascript:` or `data:` URL).
fn markdown(md: &str) -> String {
    let events = Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH)
        .filter_map(|e| match e {
            Event::Html(h) | Event::InlineHtml(h) => Some(Event::Text(h)),
            Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => None,
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let url = dest_url.trim().to_ascii_lowercase();
                let safe = url.starts_with("http://")
                    || url.starts_with("https://")
                    || url.starts_with('#')
                    || !url.contains(':');
                Some(Event::Start(Tag::Link {
                    link_type,
                    dest_url: if safe { dest_url } else { "#".into() },
                    title,
                    id,
                }))
            }
            other => Some(other),
        });
    let mut out = String::new();
    pulldown_cmark::html::push_html(&mut out, events);
    out
}

/// The words of the page, in the lesson's language.
struct Words {
    exercise: &'static str,
    solution: &'static str,
    hint: &'static str,
    checks_pass: &'static str,
    dims: &'static str,
    tensor: &'static str,
    shape: &'static str,
    strides: &'static str,
    non_contiguous: &'static str,
    masked: &'static str,
    block_means: &'static str,
    rows: &'static str,
    cols: &'static str,
    raised_as_expected: &'static str,
    not_run: &'static str,
    varies: &'static str,
}

const EN: Words = Words {
    exercise: "Exercise",
    solution: "Solution and its output",
    hint: "Hint",
    checks_pass: "the solution passes every check",
    dims: "dims",
    tensor: "tensor",
    shape: "shape",
    strides: "strides",
    non_contiguous: "non-contiguous",
    masked: "× masked (≤ -1e9)",
    block_means: "shown as block means",
    rows: "rows",
    cols: "columns",
    raised_as_expected: "raised, as the lesson expects",
    not_run: "not run",
    varies: "output varies by machine",
};

const KO: Words = Words {
    exercise: "연습 문제",
    solution: "풀이와 그 출력",
    hint: "힌트",
    checks_pass: "풀이는 모든 검사를 통과합니다",
    dims: "차원",
    tensor: "텐서",
    shape: "모양",
    strides: "스트라이드",
    non_contiguous: "비연속",
    masked: "× 마스크됨 (≤ -1e9)",
    block_means: "블록 평균으로 표시",
    rows: "행",
    cols: "열",
    raised_as_expected: "예상대로 오류",
    not_run: "실행 안 함",
    varies: "출력은 컴퓨터마다 다름",
};

/// The page for a traced lesson.
pub fn render_html(trace: &Trace<'_>) -> String {
    let l = trace.lesson;
    let w = if l.lang == Lang::Ko { &KO } else { &EN };
    let mut out = String::new();
    out.push_str(&format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}. {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        l.lang.code(),
        l.order,
        esc(&l.title)
    ));
    out.push_str(&format!("<h1>{}. {}</h1>\n", l.order, esc(&l.title)));
    let dims: Vec<String> = trace
        .dims
        .iter()
        .map(|(n, v)| format!("<code>{}={v}</code>", esc(n)))
        .collect();
    out.push_str(&format!(
        "<p class=\"meta\"><code>{}</code> · {} {}</p>\n",
        esc(&l.id),
        w.dims,
        dims.join(", ")
    ));
    for block in &l.blocks {
        match block {
            Block::Prose { markdown: md, .. } => out.push_str(&markdown(md)),
            Block::Cell(cell) => {
                let ran = trace
                    .cells
                    .iter()
                    .find(|(c, _)| c.index == cell.index)
                    .map(|(_, o)| *o);
                cell_html(&mut out, cell, ran, w);
            }
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

fn code_block(out: &mut String, code: &str) {
    out.push_str(&format!(
        "<pre><code class=\"language-python\">{}</code></pre>\n",
        esc(code.trim_end())
    ));
}

fn cell_html(out: &mut String, cell: &Cell, outcome: Option<&CellOutcome>, w: &Words) {
    let exercise = cell.exercise.as_deref();
    out.push_str(if exercise.is_some() {
        "<section class=\"cell exercise\">\n"
    } else {
        "<section class=\"cell\">\n"
    });
    let mut head = format!("In [{}]", cell.index + 1);
    match &cell.kind {
        CellKind::Exercise => head.push_str(&format!(" · {}", w.exercise)),
        CellKind::NoRun => head.push_str(&format!(" · {}", w.not_run)),
        CellKind::Varies => head.push_str(&format!(" · {}", w.varies)),
        CellKind::Raises(k) => head.push_str(&format!(" · raises {}", esc(k))),
        CellKind::Question | CellKind::Run => {}
    }
    out.push_str(&format!("<div class=\"cell-head\">{head}</div>\n"));
    code_block(out, &cell.code);
    match exercise {
        Some(ex) => {
            for (k, hint) in ex.hints.iter().enumerate() {
                out.push_str(&format!(
                    "<details><summary>{} {}</summary>{}</details>\n",
                    w.hint,
                    k + 1,
                    markdown(hint)
                ));
            }
            out.push_str(&format!("<details><summary>{}</summary>\n", w.solution));
            code_block(out, &ex.solution.code);
            if let Some(o) = outcome {
                outcome_html(out, o, w);
                if o.exercise.as_ref().is_some_and(|v| v.passed) {
                    out.push_str(&format!("<p class=\"ok\">✓ {}</p>\n", w.checks_pass));
                }
            }
            out.push_str("</details>\n");
        }
        None => {
            if let Some(o) = outcome {
                outcome_html(out, o, w);
            }
        }
    }
    out.push_str("</section>\n");
}

fn outcome_html(out: &mut String, o: &CellOutcome, w: &Words) {
    if !o.ran {
        return;
    }
    let mut text = o.stdout.clone();
    if let Some(v) = &o.value {
        text.push_str(v);
        text.push('\n');
    }
    if !text.trim().is_empty() {
        out.push_str(&format!(
            "<pre class=\"out\">{}</pre>\n",
            esc(text.trim_end())
        ));
    }
    if let Some(e) = &o.error {
        let label = if o.expectation_met {
            format!("{}: ", w.raised_as_expected)
        } else {
            String::new()
        };
        out.push_str(&format!(
            "<pre class=\"error\">{label}{}: {}</pre>\n",
            esc(&e.kind),
            esc(&e.message)
        ));
        for line in &e.explanation {
            out.push_str(&format!("<p class=\"error\">{}</p>\n", esc(line)));
        }
    }
    if !o.tensors.is_empty() {
        out.push_str(&format!(
            "<table class=\"tensors\"><tr><th>{}</th><th>{}</th><th>dtype</th><th>{}</th></tr>\n",
            w.tensor, w.shape, w.strides
        ));
        for t in &o.tensors {
            let strides = if strides_teach(t) {
                format!(
                    "{}{}",
                    fmt_tuple(&t.strides),
                    if t.contiguous {
                        String::new()
                    } else {
                        format!(" ({})", w.non_contiguous)
                    }
                )
            } else {
                String::new()
            };
            out.push_str(&format!(
                "<tr><td><code>{}</code></td><td><code>{}</code></td><td>{}</td><td>{}</td></tr>\n",
                esc(&t.name),
                esc(&t.named_shape),
                esc(&t.dtype),
                esc(&strides)
            ));
        }
        out.push_str("</table>\n");
        for t in o.tensors.iter().filter(|t| {
            t.shape.iter().product::<usize>() <= PRINT_TENSOR_MAX && !o.stdout.contains(&t.repr)
        }) {
            out.push_str(&format!(
                "<p><code>{}</code>:</p>\n<pre class=\"out\">{}</pre>\n",
                esc(&t.name),
                esc(&t.repr)
            ));
        }
    }
    for sc in &o.shape_checks {
        if sc.ok {
            out.push_str(&format!(
                "<p class=\"ok\">✓ <code>{}</code>: <code>{}</code></p>\n",
                esc(&sc.expr),
                esc(&sc.actual.clone().unwrap_or_default())
            ));
        } else {
            out.push_str(&format!(
                "<p class=\"error\">✗ {}</p>\n",
                esc(&sc.message.clone().unwrap_or_default())
            ));
        }
    }
    for h in &o.heatmaps {
        heatmap_html(out, h, w);
    }
}

fn heatmap_html(out: &mut String, data: &HeatmapData, w: &Words) {
    let hm = heatmap_of(data);
    let show_values = hm.cols <= 12;
    out.push_str(&format!(
        "<p><code>{}</code> ({}{}{})</p>\n",
        esc(&data.expr),
        data.size_label(),
        data.row_dim
            .as_ref()
            .map(|d| format!(" · {} {}", w.rows, esc(d)))
            .unwrap_or_default(),
        data.col_dim
            .as_ref()
            .map(|d| format!(" · {} {}", w.cols, esc(d)))
            .unwrap_or_default(),
    ));
    out.push_str(if show_values {
        "<table class=\"heat\">\n"
    } else {
        "<table class=\"heat dense\">\n"
    });
    if let Some(cols) = &hm.col_labels
        && show_values
    {
        out.push_str("<tr><th></th>");
        for c in cols {
            out.push_str(&format!("<th>{}</th>", esc(c)));
        }
        out.push_str("</tr>\n");
    }
    for r in 0..hm.rows {
        out.push_str("<tr>");
        out.push_str(&format!(
            "<th>{}</th>",
            hm.row_labels
                .as_ref()
                .and_then(|l| l.get(r))
                .map(|s| esc(s))
                .unwrap_or_default()
        ));
        for c in 0..hm.cols {
            out.push_str(&cell_td(&hm, hm.cell(r, c), show_values));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table>\n");
    legend_html(out, &hm, w);
}

fn cell_td(hm: &Heatmap, cell: HeatCell, show_values: bool) -> String {
    match cell {
        HeatCell::Value(v) => {
            let (r, g, b) = hm.rgb(v);
            let fg = if dark_text_on((r, g, b)) {
                "#111"
            } else {
                "#fff"
            };
            let text = if show_values {
                esc(&hm.format(v))
            } else {
                String::new()
            };
            format!(
                "<td style=\"background:rgb({r},{g},{b});color:{fg}\" title=\"{}\">{text}</td>",
                esc(&hm.format(v))
            )
        }
        HeatCell::Masked => {
            "<td style=\"background:#bbb;color:#333\" title=\"masked\">×</td>".to_string()
        }
        HeatCell::Nan => "<td style=\"background:#fff;color:#b3261e\" title=\"nan\">?</td>".into(),
    }
}

fn legend_html(out: &mut String, hm: &Heatmap, w: &Words) {
    let end = |v: f64| match hm.kind {
        ValueKind::Bool => if v >= 0.5 { "True" } else { "False" }.to_string(),
        ValueKind::Float | ValueKind::Int => hm.format(v),
    };
    let (lo, hi) = match hm.scale {
        crate::viz::Scale::Diverging => {
            let m = hm.min.abs().max(hm.max.abs());
            (-m, m)
        }
        crate::viz::Scale::Sequential => (hm.min, hm.max),
    };
    out.push_str(&format!("<div class=\"legend\">{} ", esc(&end(lo))));
    // A bool map has two colours; other maps a ramp of eleven.
    let steps = if hm.kind == ValueKind::Bool { 1 } else { 10 };
    for k in 0..=steps {
        let v = lo + (hi - lo) * k as f64 / steps as f64;
        let (r, g, b) = hm.rgb(v);
        out.push_str(&format!(
            "<span class=\"swatch\" style=\"background:rgb({r},{g},{b})\"></span>"
        ));
    }
    out.push_str(&format!(" {}", esc(&end(hi))));
    if hm.cells.contains(&HeatCell::Masked) {
        out.push_str(&format!(" · {}", w.masked));
    }
    if hm.downsampled() {
        out.push_str(&format!(
            " · {}×{} {} {}×{}",
            hm.source_rows, hm.source_cols, w.block_means, hm.rows, hm.cols
        ));
    }
    out.push_str("</div>\n");
}
