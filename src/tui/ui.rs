//! Rendering: a pure function of the app state that writes the frame's buffer. What depends on the frame's
//! size and is worth keeping between frames (prose wrapped to the notebook column, the notebook's scroll)
//! is worked out before the draw by [`App::prepare`], so [`render`] only reads the state.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::lesson::{Block as LessonBlock, CellKind, CellOutcome, Lang};
use crate::viz::MemoryLayout;

use super::action::HELP;
use super::app::{App, Mode, View};
use super::highlight;
use super::prose;
use super::sizes;
use super::theme::ColorMode;
use super::widgets::{HeatmapView, MemoryView};

pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

fn t(app: &App, en: &'static str, ko: &'static str) -> &'static str {
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

/// The key hint, then the last status message. When both do not fit in `width`, the message comes first:
/// it says what just happened (an error, sizes applied), the hint is always the same.
fn status_line(app: &App, hint: &str, width: u16) -> Line<'static> {
    let hint = Span::raw(format!(" {hint} "));
    let Some(s) = &app.status else {
        return Line::from(hint);
    };
    let status = Span::styled(
        format!(" {s} "),
        Style::default().add_modifier(Modifier::BOLD),
    );
    if hint.width() + status.width() <= width as usize {
        Line::from(vec![hint, status])
    } else {
        Line::from(vec![status, Span::raw("·"), hint])
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
        Paragraph::new(status_line(
            app,
            t(
                app,
                "↑↓ choose · Enter open · L 한국어 · ? help · q quit",
                "↑↓ 선택 · Enter 열기 · L English · ? 도움말 · q 종료",
            ),
            status.width,
        )),
        status,
    );
}

impl App {
    /// Works out, for the next frame of `area`, the state the notebook screen keeps between frames, so that
    /// [`render`] only reads: the prose wrapped to the notebook column (cached while the lesson is open) and
    /// the first line shown, which follows the selected cell. The event loop calls it before every draw;
    /// without it (a single snapshot) `render` wraps the prose itself and scrolls from the last position.
    pub fn prepare(&mut self, area: Rect) {
        if self.view != View::Notebook || area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return;
        }
        let column = NotebookAreas::of(area).left;
        let width = column.width as usize;
        let color = self.color;
        let nb = &mut self.notebook;
        for (bi, block) in nb.lesson.blocks.iter().enumerate() {
            if let LessonBlock::Prose { markdown, .. } = block {
                nb.prose_cache
                    .entry((bi, width))
                    .or_insert_with(|| prose::render(markdown, width.saturating_sub(1), color));
            }
        }
        let (lines, starts) = notebook_lines(self, width);
        let nb = &mut self.notebook;
        nb.scroll = follow_selection(
            nb.scroll,
            &starts,
            lines.len(),
            nb.selected,
            column.height as usize,
        );
    }
}

/// The notebook screen's regions: title bar, the notebook column, the inspector (beside it on a wide
/// terminal, below it otherwise) and the status line.
struct NotebookAreas {
    title: Rect,
    left: Rect,
    right: Rect,
    status: Rect,
    wide: bool,
}

impl NotebookAreas {
    fn of(area: Rect) -> NotebookAreas {
        let [title, body, status] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let wide = body.width >= 110;
        let [left, right] = if wide {
            Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)]).areas(body)
        } else {
            Layout::vertical([Constraint::Percentage(60), Constraint::Percentage(40)]).areas(body)
        };
        NotebookAreas {
            title,
            left,
            right,
            status,
            wide,
        }
    }
}

/// The first notebook line to show, `height` lines high, so that the selected cell (its lines from
/// `starts[selected]` to the next cell's start) is in view: `scroll`, the last first line, while the cell's
/// first line is on screen; else two lines above the cell; and a cell that fits but runs past the bottom is
/// scrolled up until it shows whole.
fn follow_selection(
    scroll: usize,
    starts: &[usize],
    n_lines: usize,
    selected: usize,
    height: usize,
) -> usize {
    let sel_start = starts.get(selected).copied().unwrap_or(0);
    let sel_end = starts.get(selected + 1).copied().unwrap_or(n_lines);
    if sel_start < scroll || sel_start >= scroll + height {
        sel_start.saturating_sub(2)
    } else if sel_end > scroll + height && sel_end - sel_start <= height {
        sel_end - height
    } else {
        scroll
    }
}

/// The notebook's lines and, for each cell, the line where it starts. Prose comes from the cache
/// [`App::prepare`] fills, or is wrapped here when it has not.
fn notebook_lines(app: &App, width: usize) -> (Vec<Line<'static>>, Vec<usize>) {
    let prose_cache = &app.notebook.prose_cache;
    let c = app.color;
    let nb = &app.notebook;
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut starts = Vec::new();
    for (bi, block) in nb.lesson.blocks.iter().enumerate() {
        match block {
            LessonBlock::Prose { markdown, .. } => {
                match prose_cache.get(&(bi, width)) {
                    Some(cached) => lines.extend(cached.iter().cloned()),
                    None => lines.extend(prose::render(markdown, width.saturating_sub(1), c)),
                }
                lines.push(Line::default());
            }
            LessonBlock::Cell(cell) => {
                let i = cell.index;
                starts.push(lines.len());
                let selected = i == nb.selected;
                let gutter = if selected {
                    Span::styled(
                        "▌",
                        Style::default()
                            .fg(c.fg(Color::Cyan))
                            .add_modifier(Modifier::BOLD),
                    )
                } else {
                    Span::raw(" ")
                };
                let mut header = vec![
                    gutter.clone(),
                    Span::styled(
                        format!("In [{}]", i + 1),
                        Style::default()
                            .fg(c.fg(Color::Blue))
                            .add_modifier(Modifier::BOLD),
                    ),
                ];
                match &cell.kind {
                    CellKind::Question => header.push(Span::styled(
                        format!("  ? {}", t(app, "predict the shape", "모양 맞히기")),
                        Style::default().fg(c.fg(Color::Magenta)),
                    )),
                    CellKind::Raises(k) => header.push(Span::styled(
                        format!("  ! {k}"),
                        Style::default().fg(c.fg(Color::Yellow)),
                    )),
                    CellKind::NoRun => header.push(Span::styled(
                        format!("  ({})", t(app, "not run", "실행 안 함")),
                        Style::default().fg(c.fg(Color::DarkGray)),
                    )),
                    CellKind::Run => {}
                }
                if nb.is_edited(i) {
                    header.push(Span::styled(
                        format!(
                            "  ✎ {}",
                            t(app, "edited (o restores)", "수정됨 (o: 되돌리기)")
                        ),
                        Style::default().fg(c.fg(Color::Yellow)),
                    ));
                }
                lines.push(Line::from(header));
                let code = nb.codes.get(i).cloned().unwrap_or_default();
                // The failing line of an unexpected error, marked in the code.
                let error_line = nb
                    .outcomes
                    .get(i)
                    .and_then(|o| o.as_ref())
                    .filter(|o| !o.expectation_met)
                    .and_then(|o| o.error.as_ref())
                    .and_then(|e| e.line);
                for (k, l) in code.lines().enumerate() {
                    let file_line = cell.line + k;
                    let marker = if error_line == Some(file_line) {
                        Span::styled(
                            "▶",
                            Style::default()
                                .fg(c.fg(Color::Red))
                                .add_modifier(Modifier::BOLD),
                        )
                    } else {
                        Span::raw(" ")
                    };
                    let mut spans = vec![
                        gutter.clone(),
                        Span::styled(
                            format!("{file_line:>4} "),
                            Style::default().fg(c.fg(Color::DarkGray)),
                        ),
                        marker,
                        Span::raw(" "),
                    ];
                    spans.extend(highlight::line(l, c));
                    lines.push(Line::from(spans));
                }
                if let Some(Some((answer, right))) = nb.answers.get(i) {
                    let (mark, col) = if *right {
                        ("✓", Color::Green)
                    } else {
                        ("✗", Color::Red)
                    };
                    let mut text = format!(
                        "  {mark} {} {answer}",
                        t(app, "you predicted", "예상한 모양")
                    );
                    if !*right && let Some(sc) = cell.shape_comments.first() {
                        let expected: Vec<String> = sc.dims.iter().map(|d| d.to_string()).collect();
                        text.push_str(&format!(
                            " — {} [{}]",
                            t(app, "it is", "정답은"),
                            expected.join(", ")
                        ));
                    }
                    lines.push(Line::from(vec![
                        gutter.clone(),
                        Span::styled(text, Style::default().fg(c.fg(col))),
                    ]));
                }
                match nb.outcomes.get(i).and_then(|o| o.as_ref()) {
                    Some(o) => outcome_lines(app, o, &gutter, width, &mut lines),
                    None if cell.kind != CellKind::NoRun => lines.push(Line::from(vec![
                        gutter.clone(),
                        Span::styled(
                            format!(
                                "  {}",
                                t(
                                    app,
                                    "not run yet — Enter runs it",
                                    "아직 실행하지 않음 — Enter로 실행"
                                )
                            ),
                            Style::default().fg(c.fg(Color::DarkGray)),
                        ),
                    ])),
                    None => {}
                }
                lines.push(Line::default());
            }
        }
    }
    (lines, starts)
}

fn outcome_lines(
    app: &App,
    o: &CellOutcome,
    gutter: &Span<'static>,
    width: usize,
    lines: &mut Vec<Line<'static>>,
) {
    let c = app.color;
    let out_style = Style::default().fg(c.fg(Color::Gray));
    for l in o.stdout.lines() {
        let clipped: String = l.chars().take(width.saturating_sub(4)).collect();
        lines.push(Line::from(vec![
            gutter.clone(),
            Span::styled(format!("  {clipped}"), out_style),
        ]));
    }
    if let Some(v) = &o.value {
        for l in v.lines() {
            lines.push(Line::from(vec![
                gutter.clone(),
                Span::styled("  → ", Style::default().fg(c.fg(Color::Green))),
                Span::raw(l.to_string()),
            ]));
        }
    }
    if let Some(e) = &o.error {
        let (label, col) = if o.expectation_met {
            (
                t(app, "raised, as expected", "예상대로 오류"),
                Color::Yellow,
            )
        } else {
            (t(app, "error", "오류"), Color::Red)
        };
        let at = e
            .line
            .map(|l| format!(" ({} {l})", t(app, "line", "줄")))
            .unwrap_or_default();
        let text = format!("  {label}{at}: {}: {}", e.kind, e.message);
        for (k, seg) in prose::wrap_spans(
            &[(text, Style::default().fg(c.fg(col)))],
            width.saturating_sub(2),
            "",
        )
        .into_iter()
        .enumerate()
        {
            let mut spans = vec![gutter.clone()];
            if k > 0 {
                spans.push(Span::raw("    "));
            }
            spans.extend(seg.spans);
            lines.push(Line::from(spans));
        }
    }
    for tinfo in &o.tensors {
        let check = o.shape_checks.iter().find(|s| s.expr == tinfo.name);
        let mut spans = vec![
            gutter.clone(),
            Span::styled(
                format!("  {} ", tinfo.name),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                tinfo.named_shape.clone(),
                Style::default().fg(c.fg(Color::Cyan)),
            ),
            Span::styled(
                format!(" {}", tinfo.dtype.trim_start_matches("torch.")),
                Style::default().fg(c.fg(Color::DarkGray)),
            ),
        ];
        if !tinfo.contiguous {
            spans.push(Span::styled(
                format!(" stride {:?}", tinfo.strides),
                Style::default().fg(c.fg(Color::Yellow)),
            ));
        }
        match check {
            Some(s) if s.ok => {
                spans.push(Span::styled(" ✓", Style::default().fg(c.fg(Color::Green))))
            }
            Some(_) => spans.push(Span::styled(" ✗", Style::default().fg(c.fg(Color::Red)))),
            None => {}
        }
        lines.push(Line::from(spans));
    }
    for s in o
        .shape_checks
        .iter()
        .filter(|s| !o.tensors.iter().any(|t| t.name == s.expr))
    {
        let (mark, col) = if s.ok {
            ("✓", Color::Green)
        } else {
            ("✗", Color::Red)
        };
        let text = if s.ok {
            format!(
                "  {mark} {}: {}",
                s.expr,
                s.actual.clone().unwrap_or_default()
            )
        } else {
            format!("  {mark} {}", s.message.clone().unwrap_or_default())
        };
        lines.push(Line::from(vec![
            gutter.clone(),
            Span::styled(text, Style::default().fg(c.fg(col))),
        ]));
    }
    for s in o
        .shape_checks
        .iter()
        .filter(|s| !s.ok && o.tensors.iter().any(|t| t.name == s.expr))
    {
        lines.push(Line::from(vec![
            gutter.clone(),
            Span::styled(
                format!("  ✗ {}", s.message.clone().unwrap_or_default()),
                Style::default().fg(c.fg(Color::Red)),
            ),
        ]));
    }
    for h in &o.heatmaps {
        lines.push(Line::from(vec![
            gutter.clone(),
            Span::styled(
                format!("  ▦ {} {}×{}", h.expr, h.rows, h.cols),
                Style::default().fg(c.fg(Color::Magenta)),
            ),
            Span::styled(
                format!(
                    "  ({})",
                    t(
                        app,
                        "heatmap in the inspector",
                        "히트맵은 오른쪽 인스펙터에"
                    )
                ),
                Style::default().fg(c.fg(Color::DarkGray)),
            ),
        ]));
    }
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
    f.render_widget(
        Paragraph::new(format!(
            " {}. {}   ·   {} {}/{}   ·   {}{lang_name}",
            nb.lesson.order,
            nb.lesson.title,
            t(app, "cell", "셀"),
            nb.selected + 1,
            nb.cell_count(),
            sizes_label(app, "   ·   "),
        ))
        .style(bar_style(app.color)),
        title,
    );
    let (lines, starts) = notebook_lines(app, left.width as usize);
    let scroll = follow_selection(
        nb.scroll,
        &starts,
        lines.len(),
        nb.selected,
        left.height as usize,
    );
    let shown = (scroll as i64 + app.notebook.scroll_offset)
        .clamp(0, lines.len().saturating_sub(1) as i64) as usize;
    f.render_widget(
        Paragraph::new(lines).scroll((shown.min(u16::MAX as usize) as u16, 0)),
        left,
    );
    render_inspector(app, f, right, wide);
    let hint = t(
        app,
        "Enter run · R run all · e edit · n/p lesson · l list · z sizes · L 한국어 · ? help · q quit",
        "Enter 실행 · R 전체 실행 · e 편집 · n/p 레슨 · l 목록 · z 크기 · L English · ? 도움말 · q 종료",
    );
    f.render_widget(Paragraph::new(status_line(app, hint, status.width)), status);
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
        let h = &o.heatmaps[sel];
        let title = format!("{} ({}/{total})", h.expr, sel + 1);
        let view = HeatmapView {
            title: &title,
            rows: h.rows,
            cols: h.cols,
            values: &h.values,
            row_labels: h.row_labels.clone(),
            col_labels: h.col_labels.clone(),
            color: c,
        };
        f.render_widget(view, inner);
        return;
    }
    let info = &o.tensors[sel - n_heat];
    let [head, rest] = Layout::vertical([Constraint::Length(3), Constraint::Min(1)]).areas(inner);
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
        let layout = MemoryLayout::of(tensor, 96);
        f.render_widget(
            MemoryView {
                layout: &layout,
                color: c,
            },
            rest,
        );
        return;
    }
    if tensor.ndim() == 0 {
        f.render_widget(Paragraph::new(info.repr.clone()), rest);
        return;
    }
    if let Some(map) = crate::viz::slice::at_leading(tensor, &nb.slice) {
        let title = if map.picked.is_empty() {
            info.name.clone()
        } else {
            let picked: Vec<String> = map.picked.iter().map(|i| i.to_string()).collect();
            format!("{}[{}]  (< > {{ }})", info.name, picked.join(", "))
        };
        let view = HeatmapView {
            title: &title,
            rows: map.rows,
            cols: map.cols,
            values: &map.values,
            row_labels: None,
            col_labels: None,
            color: c,
        };
        f.render_widget(view, rest);
    }
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
    let [title, code_area, body, status] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Length((nb.codes[nb.selected].lines().count() as u16 + 2).min(area.height / 3)),
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
    let code_lines: Vec<Line<'static>> = nb.codes[nb.selected]
        .lines()
        .map(|l| Line::from(highlight::line(l, c)))
        .collect();
    f.render_widget(
        Paragraph::new(code_lines).block(Block::default().borders(Borders::ALL)),
        code_area,
    );
    if let Some(o) = nb.outcomes.get(nb.selected).and_then(|o| o.as_ref()) {
        let has_map = !o.heatmaps.is_empty();
        let [text_area, map_area] = if has_map {
            Layout::horizontal([Constraint::Percentage(45), Constraint::Percentage(55)]).areas(body)
        } else {
            Layout::horizontal([Constraint::Percentage(100), Constraint::Percentage(0)]).areas(body)
        };
        let mut lines = Vec::new();
        outcome_lines(app, o, &Span::raw(""), text_area.width as usize, &mut lines);
        f.render_widget(Paragraph::new(lines), text_area);
        if let Some(h) = o.heatmaps.first() {
            let view = HeatmapView {
                title: &h.expr,
                rows: h.rows,
                cols: h.cols,
                values: &h.values,
                row_labels: h.row_labels.clone(),
                col_labels: h.col_labels.clone(),
                color: c,
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
    let popup = centered(area, 70, 7);
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
        Line::default(),
        Line::from(vec![
            Span::raw("> "),
            Span::styled(
                format!("{}█", nb.answer.clone().unwrap_or_default()),
                Style::default().add_modifier(Modifier::BOLD),
            ),
        ]),
    ];
    let block = Block::default().borders(Borders::ALL).title(format!(
        " {} ",
        t(
            app,
            "predict, then Enter (Esc skips)",
            "예상한 뒤 Enter (Esc 건너뛰기)"
        )
    ));
    f.render_widget(Paragraph::new(lines).block(block), popup);
}

#[cfg(test)]
mod tests {
    use super::follow_selection;

    // Cells start at lines 0, 20 and 40 of a 60-line notebook.
    const STARTS: [usize; 3] = [0, 20, 40];

    #[test]
    fn the_scroll_stays_while_the_selected_cell_starts_on_screen() {
        assert_eq!(follow_selection(10, &STARTS, 60, 1, 30), 10);
        // Taller than the screen: its start on screen is enough.
        assert_eq!(follow_selection(15, &STARTS, 60, 1, 10), 15);
    }

    #[test]
    fn a_cell_that_left_the_screen_is_shown_from_two_lines_above() {
        assert_eq!(follow_selection(30, &STARTS, 60, 1, 30), 18);
        assert_eq!(follow_selection(0, &STARTS, 60, 2, 30), 38);
        assert_eq!(follow_selection(5, &STARTS, 60, 0, 30), 0);
    }

    #[test]
    fn a_cell_that_fits_but_runs_past_the_bottom_is_scrolled_up_whole() {
        // Lines 20..40 with 0..30 on screen: show 10..40.
        assert_eq!(follow_selection(0, &STARTS, 60, 1, 30), 10);
        // The last cell ends at the last line.
        assert_eq!(follow_selection(25, &STARTS, 60, 2, 30), 30);
    }

    #[test]
    fn no_cells_means_the_top() {
        assert_eq!(follow_selection(0, &[], 12, 0, 30), 0);
    }
}
