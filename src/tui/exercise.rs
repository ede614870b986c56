//! Exercise cells in the notebook: the learner completes the starter code, runs it (Enter), and the
//! lesson's hidden checks say ✓ or what is wrong. `h` reveals the next hint, `S` shows the solution once
//! the learner has tried twice (recorded as "seen solution"). The code is saved as it is edited and
//! survives restarts; so do the tries, hints and whether the exercise is solved.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::lesson::kernel::ExerciseOutcome;
use crate::lesson::progress::{ExerciseProgress, TRIES_BEFORE_SOLUTION};
use crate::lesson::{Cell, CellKind};

use super::app::App;
use super::highlight;
use super::jobs::Why;
use super::wrap;

impl App {
    /// The selected cell when it is an exercise.
    fn selected_exercise(&self) -> Option<&Cell> {
        self.notebook
            .lesson
            .cells()
            .nth(self.notebook.selected)
            .filter(|c| c.kind == CellKind::Exercise && c.exercise.is_some())
    }

    /// The learner's record of exercise cell `i` of the open lesson.
    pub fn exercise_progress(&self, i: usize) -> ExerciseProgress {
        self.progress
            .lesson(&self.notebook.lesson.id)
            .and_then(|p| p.exercises.get(&i))
            .cloned()
            .unwrap_or_default()
    }

    fn exercise_progress_mut(&mut self, i: usize) -> &mut ExerciseProgress {
        let id = self.notebook.lesson.id.clone();
        self.progress
            .lesson_mut(&id)
            .exercises
            .entry(i)
            .or_default()
    }

    /// `h`: the selected exercise's next hint.
    pub(in crate::tui) fn reveal_hint(&mut self) {
        let Some(cell) = self.selected_exercise() else {
            self.status = Some(self.text().h_gives_hints_in_exercise.into());
            return;
        };
        let total = cell.exercise.as_ref().map_or(0, |e| e.hints.len());
        let i = cell.index;
        let text = self.text();
        let shown = self.exercise_progress(i).hints;
        if shown >= total {
            self.status = Some(match total {
                0 => text.no_hints.into(),
                _ => (text.no_more_hints)(total),
            });
            return;
        }
        self.exercise_progress_mut(i).hints = shown + 1;
        self.status = Some((text.hint_shown)(shown + 1, total));
        self.reveal_outcome_of(i);
        self.save_progress();
    }

    /// `S`: the selected exercise's solution, once it has been tried twice (or solved).
    pub(in crate::tui) fn show_solution(&mut self) {
        let Some(cell) = self.selected_exercise() else {
            self.status = Some(self.text().s_shows_the_solution_of.into());
            return;
        };
        let i = cell.index;
        let record = self.exercise_progress(i);
        if !record.passed && record.tries < TRIES_BEFORE_SOLUTION {
            let left = TRIES_BEFORE_SOLUTION - record.tries;
            self.status = Some((self.text().solution_after_tries)(
                left,
                TRIES_BEFORE_SOLUTION,
            ));
            return;
        }
        self.exercise_progress_mut(i).seen_solution = true;
        self.status = Some(self.text().the_solution_is_below_the.into());
        self.reveal_outcome_of(i);
        self.save_progress();
    }

    /// Records what an exercise's checks said of a run the learner asked for (not a quiet replay, not a
    /// classroom demo), and says it in the status line.
    pub(in crate::tui) fn note_exercise(&mut self, i: usize, verdict: &ExerciseOutcome, why: Why) {
        // A demo runs the solutions: the learner has not solved anything.
        if why == Why::Replay || self.view == super::app::View::Demo {
            return;
        }
        let text = self.text();
        let record = self.exercise_progress_mut(i);
        if verdict.passed {
            record.passed = true;
        } else if matches!(why, Why::Step { .. }) {
            // A try is a run of this cell; run all passing over it is not one.
            record.tries = record.tries.saturating_add(1);
        }
        let tries = record.tries;
        let offer = !verdict.passed && tries >= TRIES_BEFORE_SOLUTION;
        if matches!(why, Why::Step { .. }) {
            self.status = Some(if verdict.passed {
                (text.exercise_passed)(i + 1)
            } else {
                (text.exercise_not_yet)(offer)
            });
        }
    }
}

/// The header's mark for exercise cell `i`: solved, or how to do it.
pub(super) fn exercise_badge(app: &App, i: usize) -> Span<'static> {
    let c = app.color;
    let record = app.exercise_progress(i);
    if record.passed {
        Span::styled(
            format!("  ✓ {}", app.text().exercise_solved),
            Style::default().fg(c.fg(Color::Green)),
        )
    } else {
        Span::styled(
            format!("  ✎ {}", app.text().exercise),
            Style::default()
                .fg(c.fg(Color::Magenta))
                .add_modifier(Modifier::BOLD),
        )
    }
}

/// Under an exercise cell's outcome: the checks' verdict, the hints revealed so far and, once asked
/// for, the solution.
pub(super) fn exercise_lines(
    app: &App,
    cell: &Cell,
    verdict: Option<&ExerciseOutcome>,
    gutter: &Span<'static>,
    width: usize,
    lines: &mut Vec<Line<'static>>,
) {
    let Some(exercise) = &cell.exercise else {
        return;
    };
    let c = app.color;
    let mark_style = Style::default().fg(c.fg(Color::DarkGray));
    let record = app.exercise_progress(cell.index);
    // Sentences wrap at words, continued under their first letter.
    let say = |text: String, style: Style, lines: &mut Vec<Line<'static>>| {
        for (k, seg) in super::prose::wrap_spans(&[(text, style)], width.saturating_sub(5), "")
            .into_iter()
            .enumerate()
        {
            let mut spans = vec![
                gutter.clone(),
                Span::raw(if k == 0 { "  " } else { "    " }),
            ];
            spans.extend(seg.spans);
            lines.push(Line::from(spans));
        }
    };
    match verdict {
        Some(v) if v.passed => say(
            format!("✓ {}", app.text().all_checks_pass),
            Style::default()
                .fg(c.fg(Color::Green))
                .add_modifier(Modifier::BOLD),
            lines,
        ),
        Some(v) => {
            let why = v
                .message
                .clone()
                .unwrap_or_else(|| app.text().the_code_raised_an_error.into());
            say(
                format!("✗ {why}"),
                Style::default().fg(c.fg(Color::Red)),
                lines,
            );
        }
        None => {}
    }
    let total = exercise.hints.len();
    for (k, hint) in exercise.hints.iter().take(record.hints).enumerate() {
        let label = (app.text().hint_label)(k + 1, total);
        say(
            format!(
                "{label}{}",
                hint.split_whitespace().collect::<Vec<_>>().join(" ")
            ),
            Style::default().fg(c.fg(Color::Yellow)),
            lines,
        );
    }
    if record.seen_solution {
        say(
            app.text().solution.to_string(),
            Style::default()
                .fg(c.fg(Color::Cyan))
                .add_modifier(Modifier::BOLD),
            lines,
        );
        for l in exercise.solution.code.lines() {
            lines.extend(wrap::wrap(
                vec![gutter.clone(), Span::raw("    ")],
                wrap::continued(gutter, 6, mark_style),
                highlight::line(l, c),
                width,
            ));
        }
    } else if verdict.is_some_and(|v| !v.passed) {
        let hint_left = record.hints < total;
        let text = app.text();
        let keys = match (hint_left, record.tries >= TRIES_BEFORE_SOLUTION) {
            (true, true) => text.hint_and_solution_keys,
            (true, false) => text.hint_key,
            (false, true) => text.solution_key,
            (false, false) => "",
        };
        if !keys.is_empty() {
            say(keys.to_string(), mark_style, lines);
        }
    }
}
