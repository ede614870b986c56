//! Exercises in the kernel: an exercise's checks run after the learner's code, in its namespace, and
//! leave nothing behind; their verdict names the check that failed in the lesson's own words.

use serde::Serialize;

use super::{CellOutcome, Kernel};
use crate::lesson::model::{Cell, Lang, Snippet};
use crate::lesson::parse::is_directive;

/// What an exercise's checks said of the learner's code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExerciseOutcome {
    pub passed: bool,
    /// Why not: the failed check's message (its assert's own, else the full-line comment just above
    /// it, else the error). `None` when the learner's code itself raised: its error says why.
    pub message: Option<String>,
    /// The failed check's line in the lesson file.
    pub line: Option<usize>,
}

/// The full-line comments just above `line` in a check, up to the code or shape comment before them,
/// joined: the message of the check on that line.
fn comment_above(check: &Snippet, line: usize) -> Option<String> {
    let lines: Vec<&str> = check.code.lines().collect();
    // A line outside the check (in a function an earlier cell defined) has no comment here.
    let at = line
        .checked_sub(check.line)
        .filter(|&at| at < lines.len())?;
    let mut said = Vec::new();
    for l in lines[..at].iter().rev() {
        let t = l.trim();
        match t.strip_prefix('#') {
            // A shape comment above has its own message: it ends this one.
            Some(c) if !is_directive(t) => said.push(c.trim()),
            _ => break,
        }
    }
    said.reverse();
    let text = said.join(" ");
    (!text.is_empty()).then_some(text)
}

impl Kernel {
    /// Runs an exercise's checks after the learner's code: its shape comments first, then its code, in
    /// the namespace the learner's code left. What the checks bind or print is dropped again.
    pub(super) fn run_check(&mut self, check: &Snippet) -> ExerciseOutcome {
        let saved = self.interp.namespace();
        let failed = |message: String, line: usize| ExerciseOutcome {
            passed: false,
            message: Some(message),
            line: Some(line),
        };
        let ko = self.lesson.lang == Lang::Ko;
        let shapes = self.shape_checks(&check.shape_comments);
        let outcome = if let Some(bad) = shapes.iter().find(|c| !c.ok) {
            let said = match (&bad.actual, ko) {
                (Some(actual), false) => {
                    format!("`{}` should be {}; it is {actual}", bad.expr, bad.expected)
                }
                (Some(actual), true) => format!(
                    "`{}`의 모양은 {}이어야 하는데 {actual}입니다",
                    bad.expr, bad.expected
                ),
                (None, _) => bad.message.clone().unwrap_or_default(),
            };
            let message = match comment_above(check, bad.line) {
                Some(hint) => format!("{said}. {hint}"),
                None => said,
            };
            failed(message, bad.line)
        } else {
            let source = format!(
                "{}{}",
                "\n".repeat(check.line.saturating_sub(1)),
                check.code
            );
            match self.interp.run(&source, &self.path) {
                Ok(_) => ExerciseOutcome {
                    passed: true,
                    message: None,
                    line: None,
                },
                Err(e) => {
                    let line = e.line().unwrap_or(check.line);
                    let above = comment_above(check, line);
                    let own = (e.kind.as_ref() == "AssertionError" && !e.message.is_empty())
                        .then(|| e.message.clone());
                    let message = match (own, above) {
                        (Some(own), _) => own,
                        (None, Some(above)) => above,
                        (None, None) if e.kind.as_ref() == "AssertionError" => {
                            if ko {
                                "검사 하나가 통과하지 못했습니다".to_string()
                            } else {
                                "a check did not pass".to_string()
                            }
                        }
                        (None, None) => format!("{}: {}", e.kind, e.message),
                    };
                    failed(message, line)
                }
            }
        };
        self.interp.take_output();
        self.interp.warnings.clear();
        self.interp.restore_namespace(saved);
        outcome
    }

    /// Runs `cell` as [`Kernel::run_cell`] does, then puts the namespace back as it was: `check` tries an
    /// exercise's starter code this way before running its solution.
    pub fn run_cell_and_forget(&mut self, cell: &Cell) -> CellOutcome {
        let saved = self.interp.namespace();
        let seen = self.seen.clone();
        let outcome = self.run_cell(cell);
        self.interp.restore_namespace(saved);
        self.seen = seen;
        outcome
    }
}
