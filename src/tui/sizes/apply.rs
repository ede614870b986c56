//! Applying sizes to the open lesson: a kernel rebuilt at the chosen sizes, the cells that had run rerun on
//! it, and the sizes remembered by name for the other lessons.

use std::time::Duration;

use crate::lesson::sizes::{carry_over, changed_from_defaults, describe, overrides_for};
use crate::lesson::{Kernel, Lang, Lesson};
use crate::tui::action::Action;
use crate::tui::app::{App, Mode};

use super::{PanelError, SizesPanel};

impl App {
    /// The app's overrides that name one of `lesson`'s dims (the others are for other lessons).
    pub(in crate::tui) fn overrides_for(&self, lesson: &Lesson) -> Vec<(String, i64)> {
        overrides_for(lesson, &self.overrides)
    }

    /// The open lesson's base dims that are not at the lesson's own size, for the header.
    pub fn active_sizes(&self) -> Vec<(String, i64)> {
        let lesson = &self.notebook.lesson;
        match &self.notebook.kernel {
            Ok(k) => changed_from_defaults(lesson, k.dims()),
            Err(_) => changed_from_defaults(lesson, &self.overrides_for(lesson)),
        }
    }

    /// What to show while `action` runs, when it may take a moment (whole lessons, paper sizes): the run
    /// loop draws it first, since `update` holds the screen until it returns.
    pub fn busy_message(&self, action: &Action) -> Option<String> {
        let ko = self.lang == Lang::Ko;
        match action {
            Action::RunAll if self.mode() == Mode::Notebook => Some(
                if ko {
                    "전체 실행 중…"
                } else {
                    "running every cell…"
                }
                .to_string(),
            ),
            Action::RunAbove if self.mode() == Mode::Notebook && self.notebook.selected > 0 => {
                Some(
                    if ko {
                        "위의 셀 실행 중…"
                    } else {
                        "running the cells above…"
                    }
                    .to_string(),
                )
            }
            Action::ApplySizes => {
                let panel = self.sizes.as_ref()?;
                // Sizes that will be refused keep the panel open: nothing to wait for.
                if panel.error.is_some() || panel.preview.is_none() {
                    return None;
                }
                let ran = self.notebook.outcomes.iter().flatten().count();
                (ran > 0).then(|| {
                    if ko {
                        format!("새 크기에서 셀 {ran}개 다시 실행 중…")
                    } else {
                        format!("rerunning {ran} cells at the new sizes…")
                    }
                })
            }
            _ => None,
        }
    }

    pub(in crate::tui) fn open_sizes(&mut self) {
        let current = match &self.notebook.kernel {
            Ok(k) => k.dims().to_vec(),
            Err(_) => self.overrides_for(&self.notebook.lesson),
        };
        self.sizes = Some(SizesPanel::open_with(
            &self.notebook.lesson,
            &current,
            self.limits.clone(),
        ));
    }

    /// Takes the panel's sizes: a new kernel at those sizes, and the cells that had run rerun on it, so
    /// their outputs, named shapes, shape checks and heatmaps show the new size. Invalid sizes keep the
    /// panel open with the reason.
    pub(in crate::tui) fn apply_sizes(&mut self) {
        let Some(panel) = self.sizes.as_mut() else {
            return;
        };
        let lesson = &self.notebook.lesson;
        let lesson_overrides = match panel.overrides() {
            Ok(o) if panel.error.is_none() => o,
            Ok(_) => return,
            Err(e) => {
                panel.error = Some(e.into());
                return;
            }
        };
        let kernel = match panel.preview.take() {
            Some(k) => k,
            None => match Kernel::with_limits(lesson, &lesson_overrides, self.limits.clone()) {
                Ok(k) => k,
                Err(e) => {
                    panel.error = Some(PanelError::Kernel(e.message));
                    return;
                }
            },
        };
        // The sizes carry over to the other lessons by name: a preset sets them all, an edit only its dim.
        let overrides = carry_over(&self.overrides, panel.preset, lesson, lesson_overrides);
        self.progress.sizes = overrides.iter().cloned().collect();
        self.overrides = overrides;
        self.sizes = None;

        let nb = &mut self.notebook;
        nb.kernel = Ok(kernel);
        let ran: Vec<usize> = (0..nb.cell_count())
            .filter(|&i| nb.outcomes[i].is_some())
            .collect();
        nb.outcomes.iter_mut().for_each(|o| *o = None);
        let selected = nb.selected;
        let mut took = Duration::ZERO;
        let mut failed = 0;
        for &i in &ran {
            if let Some(o) = nb.run(i) {
                took += o.duration;
                failed += usize::from(o.error.is_some() && !o.expectation_met);
            }
        }
        nb.selected = selected;
        let active = describe(&self.active_sizes());
        let ko = self.lang == Lang::Ko;
        let what = match (active.is_empty(), ko) {
            (true, false) => "the lesson's own sizes".to_string(),
            (true, true) => "레슨 기본 크기".to_string(),
            (false, _) => active,
        };
        let secs = took.as_secs_f64();
        self.status = Some(match (ran.len(), failed, ko) {
            (0, _, false) => format!("sizes: {what} — run a cell to see them"),
            (0, _, true) => format!("크기: {what} — 셀을 실행해 보세요"),
            (n, 0, false) => format!("reran {n} cells in {secs:.1} s at {what}"),
            (n, 0, true) => format!("셀 {n}개를 {what}에서 다시 실행 ({secs:.1}초)"),
            (n, f, false) => format!("reran {n} cells at {what}: {f} raised an error"),
            (n, f, true) => format!("셀 {n}개를 {what}에서 다시 실행: {f}개 오류"),
        });
        self.save_progress();
    }
}
