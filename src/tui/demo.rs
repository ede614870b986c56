//! Demo mode, for a class: one cell at a time, big. Each cell shows its code first, so the room can
//! predict; the next click runs it and reveals the output (and its first heatmap, beside it); the next
//! moves on. `--auto` clicks by itself with a countdown in the footer, and `a` pauses it. Keys are a
//! clicker's: Space, →, PgDn and Enter go on; ←, PgUp and Backspace go back.

use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::action::Action;
use super::app::App;
use super::footer::{self, Hint};
use super::highlight;
use super::notebook::outcome_lines;
use super::ui::{bar_style, sizes_label};
use super::widgets::HeatmapView;
use super::wrap;

/// Where demo mode is: whether the selected cell's output is shown, and the `--auto` clock.
#[derive(Debug, Clone, Copy)]
pub struct DemoState {
    /// The output of the selected cell is on screen (else only its code: the class predicts).
    pub revealed: bool,
    /// `a` stopped the `--auto` clock.
    pub paused: bool,
    /// When the `--auto` clock last started counting (every click restarts it).
    pub since: Instant,
}

impl Default for DemoState {
    fn default() -> Self {
        DemoState {
            revealed: false,
            paused: false,
            since: Instant::now(),
        }
    }
}

/// The footer's keys: what the next click does first, `? help` always.
fn demo_hints(app: &App) -> Vec<Hint> {
    let text = app.text();
    let next = if app.demo.revealed {
        text.demo_next
    } else {
        text.demo_run
    };
    let mut hints = vec![next, text.demo_back];
    if app.auto.is_some() {
        hints.push(if app.demo.paused {
            text.demo_resume
        } else {
            text.demo_pause
        });
    }
    hints.extend_from_slice(text.demo_hints);
    hints
}

/// `Masking 3/12 · code · next in 4 s`: the lesson, the cell, the step and the `--auto` clock.
fn where_we_are(app: &App) -> String {
    let nb = &app.notebook;
    let step = if app.demo.revealed {
        app.text().demo_output
    } else {
        app.text().demo_code
    };
    let mut text = format!(
        "{} {}/{} · {step} · {}",
        nb.lesson.title,
        nb.selected + 1,
        nb.cell_count(),
        sizes_label(app, " · ")
    );
    if let Some(interval) = app.auto {
        let left = interval
            .saturating_sub(app.demo.since.elapsed())
            .as_secs_f64();
        text.push_str(&if app.demo.paused {
            app.text().auto_paused.to_string()
        } else {
            (app.text().next_in)(left.ceil())
        });
    }
    text.trim_end_matches([' ', '·']).to_string()
}

impl App {
    /// When `--auto` clicks next: the interval after the last click, unless paused, blanked, or an
    /// overlay is open (the event loop waits until then).
    pub fn auto_due(&self) -> Option<Instant> {
        // A cell still running holds the clock: the class sees each output for the whole interval.
        let open =
            self.sizes.is_some() || self.help || self.blank || self.demo.paused || self.is_busy();
        let interval = self
            .auto
            .filter(|_| self.view == super::app::View::Demo && !open)?;
        Some(self.demo.since + interval)
    }

    /// A click forward (`Next`) or the `--auto` clock (`Tick`): reveal the cell's output (running it if
    /// needed), or move on to the next cell's code; `Next` goes on to the next lesson after the last cell.
    pub(in crate::tui) fn demo_next(&mut self, action: &Action) {
        self.blank = false;
        self.demo.since = Instant::now();
        let i = self.notebook.selected;
        if !self.demo.revealed {
            if self.notebook.outcomes.get(i).is_some_and(Option::is_none) && !self.is_pending(i) {
                self.run_selected();
            }
            self.demo.revealed = true;
        } else if i + 1 < self.notebook.cell_count() {
            self.notebook.selected = i + 1;
            self.demo.revealed = false;
        } else if self.lesson_idx + 1 < self.course.len() && *action == Action::Next {
            self.open_lesson(self.lesson_idx + 1);
            self.demo.revealed = false;
        }
    }

    /// A click back: hide the output shown, or go back to the previous cell with its output.
    pub(in crate::tui) fn demo_prev(&mut self) {
        self.blank = false;
        self.demo.since = Instant::now();
        if self.demo.revealed {
            self.demo.revealed = false;
        } else if self.notebook.selected > 0 {
            self.notebook.selected -= 1;
            let i = self.notebook.selected;
            self.demo.revealed = self.notebook.outcomes.get(i).is_some_and(Option::is_some);
        }
    }

    pub(in crate::tui) fn demo_pause(&mut self) {
        self.demo.paused = !self.demo.paused;
        self.demo.since = Instant::now();
    }
}

/// Demo mode's screen: the cell's heading, its code, and (once revealed) its output with the first
/// heatmap beside it, big; the footer says where the class is and what the next click does.
pub(super) fn render(app: &App, f: &mut Frame, area: Rect) {
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
    // Before the reveal the code has the screen (a line is kept for the prompt); after it, a third,
    // leaving the rest to the output.
    let most = if app.demo.revealed {
        area.height / 3
    } else {
        area.height.saturating_sub(6)
    };
    let [title, code_area, body, status] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Length((code_lines.len() as u16).saturating_add(2).min(most.max(3))),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(area);
    // Code taller than its box ends with a line that says so, never cut silently.
    let mut code_lines = code_lines;
    let rows = code_area.height.saturating_sub(2) as usize;
    if code_lines.len() > rows && rows > 0 {
        let hidden = code_lines.len() - (rows - 1);
        code_lines.truncate(rows - 1);
        code_lines.push(Line::from(Span::styled(
            (app.text().more_lines)(hidden),
            mark_style,
        )));
    }
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
    let outcome = nb.outcomes.get(nb.selected).and_then(|o| o.as_ref());
    match (app.demo.revealed, outcome) {
        (false, _) => {
            // The class predicts first: the output stays hidden until the next click.
            let prompt = app.text().what_will_this_cell_print;
            f.render_widget(
                Paragraph::new(Line::from(Span::styled(
                    prompt,
                    Style::default().fg(c.fg(Color::Magenta)),
                )))
                .wrap(Wrap { trim: true }),
                body,
            );
        }
        (true, None) => {
            let running = app.text().running_ctrl_c_stops_it;
            f.render_widget(Paragraph::new(running), body);
        }
        (true, Some(_)) => {}
    }
    if let Some(o) = outcome.filter(|_| app.demo.revealed) {
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
    let footer = footer::footer(
        &demo_hints(app),
        Some(&where_we_are(app)),
        status.width as usize,
    );
    f.render_widget(Paragraph::new(footer).style(bar_style(c)), status);
}
