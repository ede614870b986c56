//! `check`: the authors' and CI's validation of lessons. Every problem is reported as `file:line: message`.

use std::collections::BTreeMap;

use super::error::LessonError;
use super::kernel::{CellOutcome, run_lesson_with};
use super::model::{CellKind, Lang, Lesson};
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
    match run_lesson_with(lesson, overrides, limits) {
        Ok(outcomes) => check_outcomes(lesson, &outcomes),
        Err(e) => vec![e],
    }
}

/// The problems in the outcomes of a run of `lesson` (one outcome per cell, in order): unexpected errors,
/// `raises=` cells that did not raise what they promise, failed shape comments, heatmaps that cannot be drawn.
pub fn check_outcomes(lesson: &Lesson, outcomes: &[CellOutcome]) -> Vec<LessonError> {
    let mut problems = Vec::new();
    for (cell, out) in lesson.cells().zip(outcomes) {
        if cell.kind == CellKind::Question && cell.shape_comments.is_empty() {
            problems.push(LessonError::at(
                &lesson.path,
                cell.line,
                "a `question` cell needs a shape comment to ask about",
            ));
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
    let mut problems = Vec::new();
    let mut by_id: BTreeMap<&str, Vec<&Lesson>> = BTreeMap::new();
    for l in lessons {
        by_id.entry(l.id.as_str()).or_default().push(l);
    }
    for (id, group) in &by_id {
        for lang in [Lang::En, Lang::Ko] {
            let n = group.iter().filter(|l| l.lang == lang).count();
            if n == 0 {
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
