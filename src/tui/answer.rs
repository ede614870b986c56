//! The predict-the-shape prompt: what a typed answer does. A right answer is kept and the cell runs; a
//! wrong one says so and may be tried again; Tab gives up and shows the answer (the cell runs and the
//! line under it says what the shape is); an answer that is neither sizes nor dim names is explained,
//! not counted.

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::lesson::question;

use super::app::App;

/// What the prompt says under the typed answer after the last Enter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnswerNote {
    /// The last answer, which was not the shape.
    Wrong(String),
    /// The last answer was neither sizes nor the lesson's dim names.
    Unreadable,
}

impl App {
    /// A key while the prompt is open.
    pub(in crate::tui) fn answer_key(&mut self, k: KeyEvent) {
        let nb = &mut self.notebook;
        let Some(answer) = nb.answer.as_mut() else {
            return;
        };
        match k.code {
            KeyCode::Char(c) => answer.push(c),
            KeyCode::Backspace => {
                answer.pop();
            }
            KeyCode::Tab => {
                let given = match &nb.answer_note {
                    Some(AnswerNote::Wrong(text)) => text.clone(),
                    _ => String::new(),
                };
                self.settle_answer(given, false);
            }
            KeyCode::Enter => {
                let text = answer.trim().to_string();
                let i = nb.selected;
                let (readable, right) = match (nb.lesson.cells().nth(i), &nb.kernel) {
                    (Some(cell), Ok(kernel)) => (
                        question::parse_answer(&text, kernel.dims()).is_some_and(|v| !v.is_empty()),
                        question::is_right(cell, kernel.dims(), &text),
                    ),
                    _ => (true, false),
                };
                if right {
                    self.settle_answer(text, true);
                } else if !readable {
                    nb.answer_note = Some(AnswerNote::Unreadable);
                } else {
                    nb.answer_note = Some(AnswerNote::Wrong(text));
                    if let Some(a) = nb.answer.as_mut() {
                        a.clear();
                    }
                }
            }
            _ => {}
        }
    }

    /// Keeps the question's answer (in the notebook and the progress file), closes the prompt and runs
    /// the cell, whose outcome then stays in view.
    fn settle_answer(&mut self, text: String, right: bool) {
        let i = self.notebook.selected;
        if let Some(slot) = self.notebook.answers.get_mut(i) {
            *slot = Some((text.clone(), right));
        }
        self.progress
            .lesson_mut(&self.notebook.lesson.id)
            .answers
            .insert(i, (text, right));
        self.notebook.answer = None;
        self.notebook.answer_note = None;
        self.run_selected();
        self.reveal_outcome_of(i);
    }
}
