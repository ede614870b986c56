//! Rendering: a pure function of the app state that writes the frame's buffer. What depends on the frame's
//! size and is worth keeping between frames (prose wrapped to the notebook column, the notebook's scroll)
//! is worked out before the draw by [`App::prepare`] (in `notebook`, with the notebook's lines), so
//! [`render`] only reads the state.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::lesson::Lang;
use crate::viz::MemoryLayout;

use super::action::HELP;
use super::answer::AnswerNote;
use super::app::{App, Mode, View};
use super::footer;
use super::highlight;
use super::inspect::{MEMORY_CELLS, TENSOR_HEADER_LINES, inspected_map};
use super::notebook::{NotebookAreas, notebook_lines, outcome_lines};
use super::sizes;
use super::theme::ColorMode;
use super::widgets::{HeatmapView, MemoryView};
use super::wrap;

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

pub(super) fn t(app: &App, en: &'static str, ko: &'static str) -> &'static str {
    if app.lang == Lang::Ko { ko } else { en }
}

pub fn render(app: &App, f: &mut Frame) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let msg = format!(
            "{}\n{}×{} → {MIN_WIDTH}×{MIN_HEIGHT}",
            t(
                app,
                "Please enlarge the terminal",
                "터미널 창을 키워 주세요"
            ),
            area.width,
            area.height
        );
        f.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        return;
    }
    match app.view {
        View::List => render_list(app, f, area),
        View::Notebook => render_notebook(app, f, area),
        View::Demo => render_demo(app, f, area),
    }
    if app.mode() == Mode::Answering {
        render_question(app, f, area);
    }
    if let Some(panel) = &app.sizes {
        sizes::ui::render(panel, app.lang, app.color, f, area);
    }
    if app.help {
        render_help(app, f, area);
    }
}

fn bar_style(c: ColorMode) -> Style {
    if c == ColorMode::None {
        Style::default().add_modifier(Modifier::REVERSED)
    } else {
        Style::default().bg(Color::Blue).fg(Color::White)
    }
}

fn render_list(app: &App, f: &mut Frame, area: Rect) {
    let [title, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(area);
    f.render_widget(
        Paragraph::new(format!(
            " transformer-tutor — {}",
            t(app, "lessons", "레슨 목록")
        ))
        .style(bar_style(app.color)),
        title,
    );
    let mut lines = vec![Line::default()];
    for (i, l) in app.course.iter().enumerate() {
        let total = l.cell_count();
        let done = app
            .progress
            .lesson(&l.id)
            .map_or(0, |p| p.completed.len().min(total));
        let mark = if total > 0 && done == total {
            "✓"
        } else if done > 0 {
            "◐"
        } else {
            "·"
        };
        let style = if i == app.list_selected {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        // Pad by display width so Korean titles (two columns a syllable) line up.
        let pad = 48usize.saturating_sub(unicode_width::UnicodeWidthStr::width(l.title.as_str()));
        lines.push(Line::from(Span::styled(
            format!(
                "  {mark} {:>2}. {}{} {done:>2}/{total:<2}",
                l.order,
                l.title,
                " ".repeat(pad)
            ),
            style,
        )));
    }
    f.render_widget(Paragraph::new(lines), body);
    f.render_widget(
        Paragraph::new(footer::footer(
            if app.lang == Lang::Ko {
                footer::LIST_KO
            } else {
                footer::LIST_EN
            },
            app.status.as_deref(),
            status.width as usize,
        )),
        status,
    );
}

fn render_notebook(app: &App, f: &mut Frame, area: Rect) {
    let NotebookAreas {
        title,
        left,
        right,
        status,
        wide,
    } = NotebookAreas::of(area);
    let nb = &app.notebook;
    let lang_name = if app.lang == Lang::Ko {
        "한국어"
    } else {
        "English"
    };
    let sizes = app.active_sizes();
    let header = footer::Header {
        title: format!("{}. {}", nb.lesson.order, nb.lesson.title),
        cell: format!(
            "{} {}/{}",
            t(app, "cell", "셀"),
            nb.selected + 1,
            nb.cell_count()
        ),
        sizes_word: t(app, "sizes", "크기"),
        sizes: &sizes,
        lang: lang_name,
    };
    f.render_widget(
        Paragraph::new(header.fit(title.width as usize)).style(bar_style(app.color)),
        title,
    );
    // The first line shown was chosen by `App::prepare` (following the selection or the outcome of the
    // cell just run); rendering only reads it.
    let lines = notebook_lines(app, left.width as usize).lines;
    let shown = (nb.scroll as i64 + app.notebook.scroll_offset)
        .clamp(0, lines.len().saturating_sub(1) as i64) as usize;
    f.render_widget(
        Paragraph::new(lines).scroll((shown.min(u16::MAX as usize) as u16, 0)),
        left,
    );
    render_inspector(app, f, right, wide);
    let hints = super::zoom::hints(app).unwrap_or(if app.lang == Lang::Ko {
        footer::NOTEBOOK_KO
    } else {
        footer::NOTEBOOK_EN
    });
    f.render_widget(
        Paragraph::new(footer::footer(
            hints,
            app.status.as_deref(),
            status.width as usize,
        )),
        status,
    );
    if let Some(editor) = app.notebook.editor.as_ref() {
        let popup = centered(
            left,
            left.width.saturating_sub(2),
            left.height.saturating_sub(2),
        );
        clear_popup(f, popup);
        let title = format!(
            " {} {} — Esc {} ",
            t(app, "editing cell", "셀 편집"),
            app.notebook.selected + 1,
            t(app, "to finish", "로 마침")
        );
        let block = Block::default().borders(Borders::ALL).title(title);
        let inner = block.inner(popup);
        f.render_widget(block, popup);
        f.render_widget(editor, inner);
    }
}

fn render_inspector(app: &App, f: &mut Frame, area: Rect, _wide: bool) {
    let c = app.color;
    let block = Block::default().borders(Borders::ALL).title(format!(
        " {} ",
        t(
            app,
            "inspector (Tab: next · m: memory)",
            "인스펙터 (Tab: 다음 · m: 메모리)"
        )
    ));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let nb = &app.notebook;
    let Some(o) = nb.outcomes.get(nb.selected).and_then(|o| o.as_ref()) else {
        f.render_widget(
            Paragraph::new(t(
                app,
                "Run the cell (Enter) to see its tensors.",
                "셀을 실행하면(Enter) 텐서가 여기에 보입니다.",
            ))
            .wrap(Wrap { trim: true }),
            inner,
        );
        return;
    };
    if nb.show_lines {
        render_line_shapes(app, o, f, inner);
        return;
    }
    let n_heat = o.heatmaps.len();
    let total = n_heat + o.tensors.len();
    if total == 0 {
        f.render_widget(
            Paragraph::new(t(
                app,
                "This cell made no tensors.",
                "이 셀은 텐서를 만들지 않았습니다.",
            )),
            inner,
        );
        return;
    }
    let sel = nb.tensor_sel.min(total - 1);
    if sel < n_heat {
        if let Some(map) = inspected_map(app) {
            f.render_widget(map.view(app), inner);
        }
        return;
    }
    let info = &o.tensors[sel - n_heat];
    let [head, rest] =
        Layout::vertical([Constraint::Length(TENSOR_HEADER_LINES), Constraint::Min(1)])
            .areas(inner);
    let head_lines = vec![
        Line::from(vec![
            Span::styled(
                format!("{} ", info.name),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                info.named_shape.clone(),
                Style::default().fg(c.fg(Color::Cyan)),
            ),
            Span::raw(format!("  {}  ({}/{total})", info.dtype, sel + 1)),
        ]),
        Line::from(format!(
            "stride {:?}  offset {}  {}",
            info.strides,
            info.storage_offset,
            if info.contiguous {
                "contiguous"
            } else {
                "non-contiguous"
            }
        )),
    ];
    f.render_widget(Paragraph::new(head_lines), head);
    let Some(tensor) = info.tensor.as_ref() else {
        return;
    };
    if nb.show_memory {
        let layout = MemoryLayout::of(tensor, MEMORY_CELLS);
        f.render_widget(
            MemoryView {
                layout: &layout,
                color: c,
                name: &info.name,
                selected: app.memory_selected(),
                lang: app.lang,
            },
            rest,
        );
        return;
    }
    if tensor.ndim() == 0 {
        f.render_widget(Paragraph::new(info.repr.clone()), rest);
        return;
    }
    if let Some(map) = inspected_map(app) {
        f.render_widget(map.view(app), rest);
    }
}

/// "Shapes, line by line": the line under the cursor and the shape of each of its tensor-valued
/// sub-expressions, in the order they ran.
fn render_line_shapes(app: &App, o: &crate::lesson::CellOutcome, f: &mut Frame, area: Rect) {
    let c = app.color;
    let nb = &app.notebook;
    let Some(l) = o
        .lines
        .get(nb.line_sel.min(o.lines.len().saturating_sub(1)))
    else {
        f.render_widget(
            Paragraph::new(t(
                app,
                "No line of this cell made a tensor. (s: back to the tensors)",
                "이 셀의 어느 줄도 텐서를 만들지 않았습니다. (s: 텐서 보기로)",
            ))
            .wrap(Wrap { trim: true }),
            area,
        );
        return;
    };
    let mut lines = vec![
        Line::from(Span::styled(
            format!(
                "{} ({}/{})  [ ] {}  s {}",
                t(app, "shapes, line by line", "줄별 모양"),
                nb.line_sel.min(o.lines.len() - 1) + 1,
                o.lines.len(),
                t(app, "line", "줄"),
                t(app, "tensors", "텐서"),
            ),
            Style::default().fg(c.fg(Color::DarkGray)),
        )),
        Line::from(vec![
            Span::styled(
                format!("{:>4} › ", l.line),
                Style::default().fg(c.fg(Color::DarkGray)),
            ),
            Span::raw(l.code.trim().to_string()),
        ]),
    ];
    if !l.in_cell {
        lines.push(Line::from(Span::styled(
            t(
                app,
                "  (in a function this cell called)",
                "  (이 셀이 부른 함수 안)",
            ),
            Style::default().fg(c.fg(Color::DarkGray)),
        )));
    }
    let rows = l.rows();
    // Label and shape side by side where they fit, else the shape under its label.
    let side_by_side = rows.iter().all(|(label, shape, _)| {
        label.chars().count() + shape.chars().count() + 4 <= area.width as usize
    });
    for (label, shape, note) in rows {
        let shape = Span::styled(shape, Style::default().fg(c.fg(Color::Cyan)));
        if side_by_side {
            lines.push(Line::from(vec![Span::raw(format!("  {label}  ")), shape]));
        } else {
            lines.push(Line::from(Span::raw(format!("  {}", label.trim_end()))));
            lines.push(Line::from(vec![Span::raw("      "), shape]));
        }
        if !note.is_empty() {
            lines.push(Line::from(Span::styled(
                format!("      {note}"),
                Style::default().fg(c.fg(Color::Yellow)),
            )));
        }
    }
    if let Some(note) = l.steps.iter().find_map(|s| s.note.as_ref()) {
        lines.push(Line::from(Span::styled(
            format!("⚠ {note}"),
            Style::default().fg(c.fg(Color::Yellow)),
        )));
    }
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

fn render_demo(app: &App, f: &mut Frame, area: Rect) {
    if app.blank {
        f.render_widget(Clear, area);
        return;
    }
    let c = app.color;
    let nb = &app.notebook;
    let Some(cell) = nb.lesson.cells().nth(nb.selected) else {
        return;
    };
    // Code wraps inside its box (the box spans the screen) under a continuation mark.
    let mark_style = Style::default().fg(c.fg(Color::DarkGray));
    let code_lines: Vec<Line<'static>> = nb.codes[nb.selected]
        .lines()
        .flat_map(|l| {
            wrap::wrap(
                vec![],
                vec![Span::styled(format!("{} ", wrap::CONTINUATION), mark_style)],
                highlight::line(l, c),
                area.width.saturating_sub(2) as usize,
            )
        })
        .collect();
    let [title, code_area, body, status] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Length(
            (code_lines.len() as u16)
                .saturating_add(2)
                .min(area.height / 3),
        ),
        Constraint::Min(5),
        Constraint::Length(1),
    ])
    .areas(area);
    let heading = cell
        .heading
        .clone()
        .unwrap_or_else(|| nb.lesson.title.clone());
    f.render_widget(
        Paragraph::new(Line::from(Span::styled(
            format!(" {heading}"),
            Style::default()
                .add_modifier(Modifier::BOLD)
                .fg(c.fg(Color::Cyan)),
        ))),
        title,
    );
    f.render_widget(
        Paragraph::new(code_lines).block(Block::default().borders(Borders::ALL)),
        code_area,
    );
    if let Some(o) = nb.outcomes.get(nb.selected).and_then(|o| o.as_ref()) {
        let has_map = !o.heatmaps.is_empty();
        let [text_area, map_area] = if has_map {
            // The printed output as wide as it needs, between 45% and 60% of the screen, so that a
            // printed mask reads row by row; what is wider still wraps.
            let mut unwrapped = Vec::new();
            outcome_lines(app, o, &Span::raw(""), usize::MAX, &mut unwrapped);
            let widest = unwrapped.iter().map(Line::width).max().unwrap_or(0) as u32 + 1;
            let (lo, hi) = (body.width as u32 * 45 / 100, body.width as u32 * 60 / 100);
            let text_width = widest.clamp(lo, hi.max(lo)) as u16;
            Layout::horizontal([Constraint::Length(text_width), Constraint::Min(0)]).areas(body)
        } else {
            Layout::horizontal([Constraint::Percentage(100), Constraint::Percentage(0)]).areas(body)
        };
        let mut lines = Vec::new();
        // One column kept free before the heatmap.
        let text_width = (text_area.width as usize).saturating_sub(usize::from(has_map));
        outcome_lines(app, o, &Span::raw(""), text_width, &mut lines);
        // The shape flow of every chained line: what the room is there to see.
        for l in o.lines.iter().filter(|l| l.steps.len() > 1) {
            lines.extend(wrap::wrap(
                vec![],
                vec![Span::styled(
                    format!("  {} ", wrap::CONTINUATION),
                    mark_style,
                )],
                vec![Span::styled(
                    format!(" {}", l.code.trim()),
                    Style::default().fg(c.fg(Color::DarkGray)),
                )],
                text_width,
            ));
            for (label, shape, _) in l.rows() {
                lines.extend(wrap::wrap(
                    vec![],
                    vec![Span::styled(
                        format!("  {} ", wrap::CONTINUATION),
                        mark_style,
                    )],
                    vec![
                        Span::raw(format!("   {label}  ")),
                        Span::styled(shape, Style::default().fg(c.fg(Color::Cyan))),
                    ],
                    text_width,
                ));
            }
        }
        f.render_widget(Paragraph::new(lines), text_area);
        if let Some(h) = o.heatmaps.first() {
            let view = HeatmapView {
                title: &h.expr,
                rows: h.rows,
                cols: h.cols,
                values: &h.values,
                row_labels: h.row_labels.clone(),
                col_labels: h.col_labels.clone(),
                kind: h.kind,
                pool: app.heat_pool,
                color: c,
                dims: [h.row_dim.clone(), h.col_dim.clone()],
                zoom: None,
                lang: app.lang,
            };
            f.render_widget(view, map_area);
        }
    }
    let hint = format!(
        " {} {}/{} · {}Space/→ {} · ← {} · b {} · z {} · q {}",
        nb.lesson.title,
        nb.selected + 1,
        nb.cell_count(),
        sizes_label(app, " · "),
        t(app, "next", "다음"),
        t(app, "back", "이전"),
        t(app, "blank", "화면 끄기"),
        t(app, "sizes", "크기"),
        t(app, "quit", "종료")
    );
    f.render_widget(Paragraph::new(hint).style(bar_style(c)), status);
}

/// `sizes bs=8 sl=128 hid_dim=512` and a separator when the lesson is not at its own sizes; empty otherwise.
fn sizes_label(app: &App, separator: &str) -> String {
    let active = app.active_sizes();
    if active.is_empty() {
        String::new()
    } else {
        format!(
            "{} {}{separator}",
            t(app, "sizes", "크기"),
            crate::lesson::sizes::describe(&active)
        )
    }
}

/// Clears `popup` for an overlay. A wide character (Korean) just left of it would otherwise hide the
/// popup's left border: the terminal draws its second half over the border's cell.
pub(in crate::tui) fn clear_popup(f: &mut Frame, popup: Rect) {
    f.render_widget(Clear, popup);
    if popup.x == 0 || popup.x > f.area().right() {
        return;
    }
    let buf = f.buffer_mut();
    for y in popup.top()..popup.bottom() {
        let cell = &mut buf[(popup.x - 1, y)];
        if unicode_width::UnicodeWidthStr::width(cell.symbol()) > 1 {
            cell.set_symbol(" ");
        }
    }
}

pub(in crate::tui) fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

fn render_help(app: &App, f: &mut Frame, area: Rect) {
    let popup = centered(area, 72, (HELP.len() as u16) + 4);
    clear_popup(f, popup);
    let lines: Vec<Line<'static>> = HELP
        .iter()
        .map(|(k, d)| {
            Line::from(vec![
                Span::styled(
                    format!(" {k:<18}"),
                    Style::default().add_modifier(Modifier::BOLD),
                ),
                Span::raw(d.to_string()),
            ])
        })
        .collect();
    let block = Block::default().borders(Borders::ALL).title(format!(
        " {} ",
        t(app, "keys — any key closes", "키 — 아무 키나 누르면 닫힘")
    ));
    f.render_widget(Paragraph::new(lines).block(block), popup);
}

fn render_question(app: &App, f: &mut Frame, area: Rect) {
    let nb = &app.notebook;
    let Some(cell) = nb.lesson.cells().nth(nb.selected) else {
        return;
    };
    let target = cell
        .shape_comments
        .first()
        .map(|s| s.expr.clone())
        .unwrap_or_default();
    let popup = centered(area, 70, 10);
    clear_popup(f, popup);
    let dims: Vec<String> = match &nb.kernel {
        Ok(k) => k.dims().iter().map(|(n, v)| format!("{n}={v}")).collect(),
        Err(_) => vec![],
    };
    let lines = vec![
        Line::from(format!(
            "{} `{target}`?",
            t(
                app,
                "What shape will this cell give",
                "이 셀이 만드는 모양은"
            )
        )),
        Line::from(Span::styled(
            format!("dims: {}", dims.join(", ")),
            Style::default().fg(Color::DarkGray),
        )),
        Line::from(Span::styled(
            t(
                app,
                "sizes or dim names, e.g. `1 7 8` or `[bs, sl, hid_dim]`",
                "크기나 차원 이름으로, 예: `1 7 8` 또는 `[bs, sl, hid_dim]`",
            ),
            Style::default().fg(Color::DarkGray),
        )),
        Line::default(),
        Line::from(vec![
            Span::raw("> "),
            Span::styled(
                format!("{}█", nb.answer.clone().unwrap_or_default()),
                Style::default().add_modifier(Modifier::BOLD),
            ),
        ]),
    ];
    let mut lines = lines;
    match &nb.answer_note {
        Some(AnswerNote::Wrong(text)) => lines.push(Line::from(Span::styled(
            format!(
                "✗ {text} — {}",
                t(
                    app,
                    "not quite; try again, or Tab shows the answer",
                    "아쉽네요. 다시 해 보거나 Tab으로 정답 보기"
                )
            ),
            Style::default().fg(app.color.fg(Color::Red)),
        ))),
        Some(AnswerNote::Unreadable) => lines.push(Line::from(Span::styled(
            t(
                app,
                "? write sizes or the lesson's dim names (Tab shows the answer)",
                "? 크기나 레슨의 차원 이름을 적어 주세요 (Tab: 정답 보기)",
            ),
            Style::default().fg(app.color.fg(Color::Yellow)),
        ))),
        None => {}
    }
    let block = Block::default().borders(Borders::ALL).title(format!(
        " {} ",
        t(
            app,
            "predict, then Enter · Tab answer · Esc later",
            "예상한 뒤 Enter · Tab 정답 · Esc 나중에"
        )
    ));
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        popup,
    );
}
