//! The notebook column: the lesson as styled lines (prose, cells, their outcomes) and where each cell
//! starts, the screen's regions, and the scroll that keeps the selected cell in view. [`App::prepare`]
//! keeps between frames what of it lasts (wrapped prose, the first line shown); `ui` draws from it.

use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::lesson::{Block as LessonBlock, CellKind, CellOutcome};

use super::app::{App, View};
use super::exercise::{exercise_badge, exercise_lines};
use super::highlight;
use super::layout::NotebookAreas;
use super::prose;
use super::ui::{MIN_HEIGHT, MIN_WIDTH};
use super::wrap;

impl App {
    /// Works out, for the next frame of `area`, the state the notebook screen keeps between frames, so
    /// that [`render`](super::ui::render) only reads: the prose wrapped to the notebook column (cached
    /// while the lesson is open) and the first line shown, which follows the selected cell. The event loop calls it before every draw;
    /// without it (a single snapshot) `render` wraps the prose itself and scrolls from the last position.
    pub fn prepare(&mut self, area: Rect) {
        // A help taller than the screen scrolls no further than its last line.
        self.help_scroll = self
            .help_scroll
            .min(super::overlays::help_overflow(area, self.lang));
        if self.view != View::Notebook || area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return;
        }
        // The same regions `render` draws into; a maximised inspector leaves no column to scroll.
        let areas = NotebookAreas::of(self, area);
        self.prepare_zoom(areas.right, areas.placement);
        let column = areas.left;
        if column.height == 0 {
            return;
        }
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
        let laid = notebook_lines(self, width);
        let nb = &mut self.notebook;
        let height = column.height as usize;
        nb.scroll = match nb.reveal {
            Some(ran) => keep_output_in_view(nb.scroll, &laid, ran, nb.selected, height),
            // A lesson just opened at its first cell shows its start: the prose that introduces it,
            // even if that leaves the first cell's end below the screen.
            None if nb.at_start => 0,
            None => follow_selection(
                nb.scroll,
                &laid.starts,
                laid.lines.len(),
                nb.selected,
                height,
            ),
        };
    }
}

/// The first notebook line to show, `height` lines high, so that the selected cell (its lines from
/// `starts[selected]` to the next cell's start) is in view: `scroll`, the last first line, while the cell's
/// first line is on screen; else two lines above the cell; and a cell that fits but runs past the bottom is
/// scrolled up until it shows whole.
pub(super) fn follow_selection(
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

/// The first notebook line to show, `height` lines high, after cell `ran` ran and `selected` was
/// selected (the next cell, or `ran` itself): as Jupyter does, the view moves as little as it can so that
/// the outcome of `ran` shows whole with, below it, the first lines of the selected cell; an outcome
/// taller than the screen shows from its start. Its lines never leave the screen for the next cell's.
pub(super) fn keep_output_in_view(
    scroll: usize,
    laid: &NotebookLines,
    ran: usize,
    selected: usize,
    height: usize,
) -> usize {
    let n_lines = laid.lines.len();
    let Some(&out_start) = laid.outputs.get(ran) else {
        return follow_selection(scroll, &laid.starts, n_lines, selected, height);
    };
    // The outcome ends before the blank line that closes the cell.
    let out_end = laid
        .starts
        .get(ran + 1)
        .map_or(n_lines, |next| next.saturating_sub(1));
    let want_end = if selected != ran {
        // The selected cell's header and its first line of code.
        let sel_start = laid.starts.get(selected).copied().unwrap_or(out_end);
        (sel_start + 2).min(n_lines)
    } else {
        out_end
    };
    let mut scroll = scroll;
    if want_end > scroll + height {
        scroll = want_end - height;
    }
    if out_start < scroll {
        scroll = out_start;
    }
    scroll
}

/// The notebook as lines, and where each cell and its outcome start in them.
pub(super) struct NotebookLines {
    pub lines: Vec<Line<'static>>,
    /// The line where each cell starts (its `In [n]` header).
    pub starts: Vec<usize>,
    /// The line where each cell's outcome (printed output, value, error, tensors) starts.
    pub outputs: Vec<usize>,
}

/// The notebook's lines, code and output soft-wrapped to `width`. Prose comes from the cache
/// [`App::prepare`] fills, or is wrapped here when it has not.
pub(super) fn notebook_lines(app: &App, width: usize) -> NotebookLines {
    let prose_cache = &app.notebook.prose_cache;
    let c = app.color;
    let nb = &app.notebook;
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut starts = Vec::new();
    let mut outputs = Vec::new();
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
                let mark_style = Style::default().fg(c.fg(Color::DarkGray));
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
                        // Jupyter's mark for a cell running or waiting to.
                        if app.is_pending(i) {
                            "In [*]".to_string()
                        } else {
                            format!("In [{}]", i + 1)
                        },
                        Style::default()
                            .fg(c.fg(Color::Blue))
                            .add_modifier(Modifier::BOLD),
                    ),
                ];
                match &cell.kind {
                    CellKind::Question => header.push(Span::styled(
                        format!("  ? {}", app.text().predict_the_shape),
                        Style::default().fg(c.fg(Color::Magenta)),
                    )),
                    CellKind::Raises(k) => header.push(Span::styled(
                        format!("  ! {k}"),
                        Style::default().fg(c.fg(Color::Yellow)),
                    )),
                    CellKind::NoRun => header.push(Span::styled(
                        format!("  ({})", app.text().not_run),
                        Style::default().fg(c.fg(Color::DarkGray)),
                    )),
                    CellKind::Exercise => header.push(exercise_badge(app, i)),
                    CellKind::Run | CellKind::Varies => {}
                }
                if nb.is_edited(i) {
                    header.push(Span::styled(
                        format!("  ✎ {}", app.text().edited_o_restores),
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
                // The line under the line cursor, while the inspector shows shapes line by line.
                let cursor_line = nb
                    .outcomes
                    .get(i)
                    .and_then(|o| o.as_ref())
                    .filter(|_| nb.show_lines && i == nb.selected)
                    .and_then(|o| {
                        o.lines
                            .get(nb.line_sel.min(o.lines.len().saturating_sub(1)))
                    })
                    .map(|l| l.line);
                // An open question hides its shape comments (the answer) until it is answered or run.
                let hide_shapes = cell.kind == CellKind::Question
                    && nb.outcomes.get(i).is_some_and(|o| o.is_none())
                    && nb.answers.get(i).is_some_and(|a| a.is_none());
                for (k, l) in code.lines().enumerate() {
                    let file_line = cell.line + k;
                    let hidden = cell
                        .shape_comments
                        .iter()
                        .find(|sc| hide_shapes && sc.line == file_line)
                        .map(|sc| {
                            let indent = &l[..l.len() - l.trim_start().len()];
                            format!("{indent}# {}: [?]", sc.expr)
                        });
                    let l = hidden.as_deref().unwrap_or(l);
                    let marker = if error_line == Some(file_line) {
                        Span::styled(
                            "▶",
                            Style::default()
                                .fg(c.fg(Color::Red))
                                .add_modifier(Modifier::BOLD),
                        )
                    } else if cursor_line == Some(file_line) {
                        Span::styled(
                            "›",
                            Style::default()
                                .fg(c.fg(Color::Cyan))
                                .add_modifier(Modifier::BOLD),
                        )
                    } else {
                        Span::raw(" ")
                    };
                    let prefix = vec![
                        gutter.clone(),
                        Span::styled(
                            format!("{file_line:>4} "),
                            Style::default().fg(c.fg(Color::DarkGray)),
                        ),
                        marker,
                        Span::raw(" "),
                    ];
                    lines.extend(wrap::wrap(
                        prefix,
                        wrap::continued(&gutter, 8, mark_style),
                        highlight::line(l, c),
                        width,
                    ));
                }
                if let Some(Some((answer, right))) = nb.answers.get(i) {
                    let (mark, col) = if *right {
                        ("✓", Color::Green)
                    } else {
                        ("✗", Color::Red)
                    };
                    let mut text = format!("  {mark} {} {answer}", app.text().you_predicted);
                    if !*right && let Some(sc) = crate::lesson::question::asked(cell) {
                        let expected: Vec<String> = sc.dims.iter().map(|d| d.to_string()).collect();
                        text.push_str(&format!(
                            " — {} [{}]",
                            app.text().it_is,
                            expected.join(", ")
                        ));
                    }
                    lines.extend(wrap::wrap(
                        vec![gutter.clone()],
                        wrap::continued(&gutter, 3, mark_style),
                        vec![Span::styled(text, Style::default().fg(c.fg(col)))],
                        width,
                    ));
                }
                outputs.push(lines.len());
                match nb.outcomes.get(i).and_then(|o| o.as_ref()) {
                    Some(o) => {
                        outcome_lines(app, o, &gutter, width, &mut lines);
                        exercise_lines(app, cell, o.exercise.as_ref(), &gutter, width, &mut lines);
                    }
                    None if cell.kind != CellKind::NoRun => lines.push(Line::from(vec![
                        gutter.clone(),
                        Span::styled(
                            format!(
                                "  {}",
                                match (nb.running.map(|r| r.job.cell), app.is_pending(i)) {
                                    (Some(r), _) if r == i => app.text().running_esc_stops_it,
                                    (_, true) => app.text().waiting_to_run,
                                    _ if cell.kind == CellKind::Exercise =>
                                        app.text().complete_the_code_e_edits,
                                    _ => app.text().not_run_yet_enter_runs,
                                }
                            ),
                            Style::default().fg(c.fg(Color::DarkGray)),
                        ),
                    ])),
                    None => {}
                }
                if nb.outcomes.get(i).is_none_or(|o| o.is_none()) {
                    // Hints and a solution asked for before any run.
                    exercise_lines(app, cell, None, &gutter, width, &mut lines);
                }
                lines.push(Line::default());
            }
        }
    }
    NotebookLines {
        lines,
        starts,
        outputs,
    }
}

pub(super) fn outcome_lines(
    app: &App,
    o: &CellOutcome,
    gutter: &Span<'static>,
    width: usize,
    lines: &mut Vec<Line<'static>>,
) {
    let c = app.color;
    let out_style = Style::default().fg(c.fg(Color::Gray));
    let mark_style = Style::default().fg(c.fg(Color::DarkGray));
    // Output goes on under a continuation mark where the pane ends, never cut (a line may be a whole
    // vocabulary).
    let wrapped = |prefix: Vec<Span<'static>>, body: Vec<Span<'static>>| {
        let indent = prefix
            .iter()
            .map(Span::width)
            .sum::<usize>()
            .max(gutter.width() + 2);
        wrap::wrap(
            prefix,
            wrap::continued(gutter, indent, mark_style),
            body,
            width,
        )
    };
    for l in o.stdout.lines() {
        lines.extend(wrapped(
            vec![gutter.clone(), Span::raw("  ")],
            vec![Span::styled(l.replace('\t', "    "), out_style)],
        ));
    }
    if let Some(v) = &o.value {
        for l in v.lines() {
            lines.extend(wrapped(
                vec![
                    gutter.clone(),
                    Span::styled("  → ", Style::default().fg(c.fg(Color::Green))),
                ],
                vec![Span::raw(l.to_string())],
            ));
        }
    }
    if let Some(e) = &o.error {
        let (label, col) = if o.expectation_met {
            (app.text().raised_as_expected, Color::Yellow)
        } else {
            (app.text().error, Color::Red)
        };
        let at = e
            .line
            .map(|l| format!(" ({} {l})", app.text().line))
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
        // The lesson's explanation of a shape error, under PyTorch's message.
        for text in &e.explanation {
            for seg in prose::wrap_spans(
                &[(text.clone(), Style::default().fg(c.fg(Color::Yellow)))],
                width.saturating_sub(6),
                "",
            ) {
                let mut spans = vec![gutter.clone(), Span::raw("    ")];
                spans.extend(seg.spans);
                lines.push(Line::from(spans));
            }
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
        let body = spans.split_off(1);
        lines.extend(wrapped(spans, body));
        // A view that scrambled its axes says which dims it mixed.
        if let Some(note) = &tinfo.note {
            for seg in prose::wrap_spans(
                &[(
                    format!("⚠ {note}"),
                    Style::default().fg(c.fg(Color::Yellow)),
                )],
                width.saturating_sub(6),
                "",
            ) {
                let mut spans = vec![gutter.clone(), Span::raw("    ")];
                spans.extend(seg.spans);
                lines.push(Line::from(spans));
            }
        }
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
        lines.extend(wrapped(
            vec![gutter.clone()],
            vec![Span::styled(text, Style::default().fg(c.fg(col)))],
        ));
    }
    for s in o
        .shape_checks
        .iter()
        .filter(|s| !s.ok && o.tensors.iter().any(|t| t.name == s.expr))
    {
        lines.extend(wrapped(
            vec![gutter.clone()],
            vec![Span::styled(
                format!("  ✗ {}", s.message.clone().unwrap_or_default()),
                Style::default().fg(c.fg(Color::Red)),
            )],
        ));
    }
    // Demo mode has no inspector: it draws the first heatmap beside the output.
    let demo = app.view == View::Demo;
    for (k, h) in o.heatmaps.iter().enumerate() {
        let place = match (demo, k) {
            (false, _) => Some(app.text().heatmap_in_the_inspector),
            (true, 0) => Some(app.text().heatmap_on_the_right),
            (true, _) => None,
        };
        let mut spans = vec![Span::styled(
            format!("  ▦ {} {}", h.expr, h.size_label()),
            Style::default().fg(c.fg(Color::Magenta)),
        )];
        if let Some(place) = place {
            spans.push(Span::styled(
                format!("  ({place})"),
                Style::default().fg(c.fg(Color::DarkGray)),
            ));
        }
        lines.extend(wrapped(vec![gutter.clone()], spans));
    }
}

#[cfg(test)]
mod tests {
    use super::{NotebookLines, follow_selection, keep_output_in_view};
    use ratatui::text::Line;

    /// Cells start at `starts`, their outcomes at `outputs`, in `n` lines.
    fn laid(starts: &[usize], outputs: &[usize], n: usize) -> NotebookLines {
        NotebookLines {
            lines: vec![Line::default(); n],
            starts: starts.to_vec(),
            outputs: outputs.to_vec(),
        }
    }

    #[test]
    fn after_a_run_the_view_moves_as_little_as_shows_the_outcome_and_the_next_cell() {
        // Cell 0: lines 0..20 (outcome 8..19), cell 1 from 20, 60 lines, 15 high.
        let l = laid(&[0, 20, 40], &[8, 28, 48], 60);
        // Outcome and the next cell's first two lines (20, 21) fit from 7: scroll down just that far.
        assert_eq!(keep_output_in_view(0, &l, 0, 1, 15), 7);
        // Already in view: nothing moves.
        assert_eq!(keep_output_in_view(7, &l, 0, 1, 15), 7);
        // Too short for both: the outcome's start wins over the next cell.
        assert_eq!(keep_output_in_view(0, &l, 0, 1, 8), 8);
        // Scrolled below the outcome: back up to its start.
        assert_eq!(keep_output_in_view(30, &l, 0, 1, 15), 8);
        // Staying on the cell (it raised): its outcome down to the cell's end (19).
        assert_eq!(keep_output_in_view(0, &l, 0, 0, 15), 4);
    }

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
