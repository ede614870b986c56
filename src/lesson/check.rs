//! `check`: the authors' and CI's validation of lessons. Every problem is reported as `file:line: message`.

use std::collections::BTreeMap;

use super::error::LessonError;
use super::kernel::{CellOutcome, Kernel};
use super::model::{Cell, CellKind, Lang, Lesson};
use crate::interp::Limits;

/// Runs every cell, with `overrides` for the lesson's dims, and verifies shape comments, expected errors and
/// heatmap directives.
pub fn check_lesson(lesson: &Lesson, overrides: &[(String, i64)]) -> Vec<LessonError> {
    check_lesson_with(lesson, overrides, Limits::default())
}

/// [`check_lesson`] under the sandbox `limits` of a `check` run (its memory budget and deadline).
pub fn check_lesson_with(
    lesson: &Lesson,
    overrides: &[(String, i64)],
    limits: Limits,
) -> Vec<LessonError> {
    match run_and_check(lesson, overrides, limits) {
        Ok((problems, _)) => problems,
        Err(e) => vec![e],
    }
}

/// Runs the lesson as `check` does and returns its problems with each cell's outcome: every exercise's
/// starter code is tried first (it must fail its checks; the namespace is put back), then its solution
/// runs in its place.
pub fn run_and_check(
    lesson: &Lesson,
    overrides: &[(String, i64)],
    limits: Limits,
) -> Result<(Vec<LessonError>, Vec<CellOutcome>), LessonError> {
    let mut kernel = Kernel::with_limits(lesson, overrides, limits)?;
    let mut problems = Vec::new();
    let mut outcomes = Vec::new();
    for cell in lesson.cells() {
        if cell.exercise.is_some() {
            let starter = kernel.run_cell_and_forget(cell);
            problems.extend(check_starter(lesson, cell, &starter));
        }
        outcomes.push(kernel.run_cell(&cell.as_solved()));
    }
    problems.extend(check_outcomes(lesson, &outcomes));
    Ok((problems, outcomes))
}

/// Which part of two languages' exercise differs: checks, solution or the number of hints.
fn exercise_differs(en: &Cell, ko: &Cell) -> Option<&'static str> {
    let (e, k) = (en.exercise.as_ref()?, ko.exercise.as_ref()?);
    if e.check.parity_key() != k.check.parity_key() {
        Some("check")
    } else if e.solution.parity_key() != k.solution.parity_key() {
        Some("solution")
    } else if e.hints.len() != k.hints.len() {
        Some("number of hints")
    } else {
        None
    }
}

/// An exercise's starter code must not pass its checks (a gap the learner fills).
fn check_starter(lesson: &Lesson, cell: &Cell, starter: &CellOutcome) -> Option<LessonError> {
    let passed = starter.exercise.as_ref().is_some_and(|e| e.passed);
    passed.then(|| {
        LessonError::at(
            &lesson.path,
            cell.line,
            format!(
                "the starter code of exercise cell {} already passes its checks",
                cell.index + 1
            ),
        )
    })
}

/// The problems in the outcomes of a run of `lesson` (one outcome per cell, in order): unexpected errors,
/// `raises=` cells that did not raise what they promise, failed shape comments, heatmaps that cannot be drawn.
pub fn check_outcomes(lesson: &Lesson, outcomes: &[CellOutcome]) -> Vec<LessonError> {
    let mut problems = Vec::new();
    for (cell, out) in lesson.cells().zip(outcomes) {
        if cell.kind == CellKind::Question && super::question::asked(cell).is_none() {
            let message = match &cell.asks {
                Some(expr) => {
                    format!("this question asks about `{expr}`, which has no shape comment")
                }
                None => "a `question` cell needs a shape comment to ask about".to_string(),
            };
            problems.push(LessonError::at(&lesson.path, cell.line, message));
        }
        if let Some(err) = &out.error
            && !out.expectation_met
        {
            let line = err.line.unwrap_or(cell.line);
            let message = match &cell.kind {
                CellKind::Raises(kind)
                    if err.kind == "AssertionError" && err.traceback.is_empty() =>
                {
                    format!(
                        "cell {} should raise {kind} but ran without error",
                        cell.index + 1
                    )
                }
                CellKind::Raises(kind) => {
                    format!(
                        "cell {} should raise {kind} but raised {}: {}",
                        cell.index + 1,
                        err.kind,
                        err.message
                    )
                }
                _ => format!(
                    "cell {} raised {}: {}",
                    cell.index + 1,
                    err.kind,
                    err.message
                ),
            };
            problems.push(LessonError::at(&lesson.path, line, message));
            continue;
        }
        if let Some(verdict) = &out.exercise
            && !verdict.passed
        {
            let why = verdict.message.clone().unwrap_or_default();
            problems.push(LessonError::at(
                &lesson.path,
                verdict.line.unwrap_or(cell.line),
                format!(
                    "the solution of exercise cell {} does not pass its checks: {why}",
                    cell.index + 1
                ),
            ));
        }
        if cell.kind == CellKind::Exercise && out.exercise.is_none() && out.ran {
            problems.push(LessonError::at(
                &lesson.path,
                cell.line,
                "an `exercise` cell needs `python check` and `python solution` blocks",
            ));
        }
        for sc in &out.shape_checks {
            if !sc.ok {
                problems.push(LessonError::at(
                    &lesson.path,
                    sc.line,
                    sc.message.clone().unwrap_or_else(|| {
                        format!("shape comment for `{}` does not hold", sc.expr)
                    }),
                ));
            }
        }
        for h in &cell.heatmaps {
            if let Some((_, why)) = out.heatmaps_left_out.iter().find(|(l, _)| *l == h.line) {
                problems.push(LessonError::at(
                    &lesson.path,
                    h.line,
                    format!("`{}` cannot be drawn: {why}", h.expr),
                ));
            } else if !out.heatmaps.iter().any(|d| d.line == h.line) {
                problems.push(LessonError::at(
                    &lesson.path,
                    h.line,
                    format!("`{}` is not a 2-D tensor to draw", h.expr),
                ));
            }
        }
    }
    problems
}

/// English and Korean files of each lesson must agree on id, order, dims, data and cells.
pub fn check_parity(lessons: &[Lesson]) -> Vec<LessonError> {
    parity(lessons, true)
}

/// [`check_parity`] for the files an author names (`check en/06.md ko/06.md`): each lesson given in both
/// languages must agree; one given in a single language is not missing its other.
pub fn check_parity_of_pairs(lessons: &[Lesson]) -> Vec<LessonError> {
    parity(lessons, false)
}

fn parity(lessons: &[Lesson], require_both: bool) -> Vec<LessonError> {
    let mut problems = Vec::new();
    let mut by_id: BTreeMap<&str, Vec<&Lesson>> = BTreeMap::new();
    for l in lessons {
        by_id.entry(l.id.as_str()).or_default().push(l);
    }
    for (id, group) in &by_id {
        for lang in [Lang::En, Lang::Ko] {
            let n = group.iter().filter(|l| l.lang == lang).count();
            if n == 0 && require_both {
                let other = group[0];
                problems.push(LessonError::at(
                    &other.path,
                    1,
                    format!("lesson `{id}` has no {} version", lang.code()),
                ));
            } else if n > 1 {
                let dup = group
                    .iter()
                    .filter(|l| l.lang == lang)
                    .nth(1)
                    .map_or("", |l| l.path.as_str());
                problems.push(LessonError::at(
                    dup,
                    1,
                    format!("two {} lessons have id `{id}`", lang.code()),
                ));
            }
        }
        let (Some(en), Some(ko)) = (
            group.iter().find(|l| l.lang == Lang::En),
            group.iter().find(|l| l.lang == Lang::Ko),
        ) else {
            continue;
        };
        if en.order != ko.order {
            problems.push(LessonError::at(
                &ko.path,
                1,
                format!("order {} differs from {} ({})", ko.order, en.path, en.order),
            ));
        }
        if en.dims != ko.dims {
            problems.push(LessonError::at(
                &ko.path,
                1,
                format!("dims differ from {}", en.path),
            ));
        }
        if en.data != ko.data {
            problems.push(LessonError::at(
                &ko.path,
                1,
                format!("data differ from {}", en.path),
            ));
        }
        let (ec, kc): (Vec<_>, Vec<_>) = (en.cells().collect(), ko.cells().collect());
        if ec.len() != kc.len() {
            problems.push(LessonError::at(
                &ko.path,
                1,
                format!("{} cells, but {} has {}", kc.len(), en.path, ec.len()),
            ));
        }
        for (e, k) in ec.iter().zip(&kc) {
            if e.kind != k.kind {
                problems.push(LessonError::at(
                    &ko.path,
                    k.line,
                    format!(
                        "cell {} options differ from {}:{}",
                        k.index + 1,
                        en.path,
                        e.line
                    ),
                ));
            } else if let Some(what) = exercise_differs(e, k) {
                problems.push(LessonError::at(
                    &ko.path,
                    k.line,
                    format!(
                        "exercise cell {}: its {what} differs from {}:{} (only full-line comments may differ)",
                        k.index + 1,
                        en.path,
                        e.line
                    ),
                ));
            } else if e.parity_key() != k.parity_key() {
                problems.push(LessonError::at(
                    &ko.path,
                    k.line,
                    format!(
                        "cell {} code differs from {}:{} (only full-line comments may differ)",
                        k.index + 1,
                        en.path,
                        e.line
                    ),
                ));
            }
        }
    }
    let mut orders: BTreeMap<(u32, Lang), &str> = BTreeMap::new();
    for l in lessons {
        if let Some(prev) = orders.insert((l.order, l.lang), l.id.as_str())
            && prev != l.id
        {
            problems.push(LessonError::at(
                &l.path,
                1,
                format!("order {} is also used by `{prev}`", l.order),
            ));
        }
    }
    problems
}
