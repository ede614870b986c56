//! Applying sizes to the open lesson: a kernel rebuilt at the chosen sizes, the cells that had run rerun on
//! it, and the sizes remembered by name for the other lessons.

use crate::lesson::sizes::{carry_over, changed_from_defaults, describe, overrides_for};
use crate::lesson::{Kernel, Lesson};
use crate::tui::app::App;
use crate::tui::jobs::BatchKind;

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
        // The preview kernel proved the sizes; the worker makes the notebook's own from them.
        if panel.preview.is_none()
            && let Err(e) = Kernel::with_limits(lesson, &lesson_overrides, self.limits.clone())
        {
            panel.error = Some(PanelError::Kernel(e.message));
            return;
        }
        // The sizes carry over to the other lessons by name: a preset sets them all, an edit only its dim.
        let overrides = carry_over(
            &self.overrides,
            panel.preset,
            lesson,
            lesson_overrides.clone(),
        );
        self.progress.sizes = overrides.iter().cloned().collect();
        self.overrides = overrides;
        self.sizes = None;

        let ran: Vec<usize> = (0..self.notebook.cell_count())
            .filter(|&i| self.notebook.outcomes[i].is_some())
            .collect();
        self.notebook.outcomes.iter_mut().for_each(|o| *o = None);
        self.open_kernel_at(lesson_overrides.clone());
        let active = describe(&changed_from_defaults(
            &self.notebook.lesson,
            &lesson_overrides,
        ));
        let what = if active.is_empty() {
            self.text().lessons_own_sizes.to_string()
        } else {
            active
        };
        if ran.is_empty() {
            self.status = Some((self.text().sizes_run_a_cell)(&what));
        } else {
            self.run_batch(BatchKind::Sizes(what), ran);
        }
        self.save_progress();
    }
}
