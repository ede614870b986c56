//! `/` search, as in less and vim: type a word, Enter selects the next cell (after the selected one,
//! wrapping round) whose code or the prose just before it contains it, ignoring case; `/` then Enter again
//! finds the next. The query line shows in the status line while it is typed.

use ratatui::crossterm::event::{KeyCode, KeyEvent};

use crate::lesson::Block;

use super::app::App;

impl App {
    /// Opens the query line with the last query, ready to search again.
    pub(in crate::tui) fn open_search(&mut self) {
        self.search = Some(self.last_search.clone());
        self.show_query();
    }

    /// A key while the query line is open.
    pub(in crate::tui) fn search_key(&mut self, k: KeyEvent) {
        let Some(query) = self.search.as_mut() else {
            return;
        };
        match k.code {
            KeyCode::Char(c) => query.push(c),
            KeyCode::Backspace => {
                query.pop();
            }
            KeyCode::Esc => {
                self.search = None;
                self.status = None;
                return;
            }
            KeyCode::Enter => {
                let query = std::mem::take(query);
                self.search = None;
                self.find(&query);
                self.last_search = query;
                return;
            }
            _ => {}
        }
        self.show_query();
    }

    fn show_query(&mut self) {
        let query = self.search.clone().unwrap_or_default();
        let hint = self.text().search_keys;
        self.status = Some(format!("/{query}▏  {hint}"));
    }

    /// Selects the next cell that matches `query`.
    fn find(&mut self, query: &str) {
        let text = self.text();
        let needle = query.trim().to_lowercase();
        if needle.is_empty() {
            self.status = None;
            return;
        }
        let matches = matching_cells(self, &needle);
        let n = self.notebook.cell_count();
        let here = self.notebook.selected;
        let next = (1..=n)
            .map(|step| (here + step) % n.max(1))
            .find(|i| matches.contains(i));
        self.status = Some(match next {
            Some(i) => {
                self.select(i);
                let k = matches.iter().position(|&m| m == i).unwrap_or(0) + 1;
                (text.search_found)(query, i + 1, k, matches.len())
            }
            None => (text.search_not_found)(query),
        });
    }
}

/// The cells whose code (as the learner has it) or the prose just before them contains `needle`
/// (lower case), in order.
fn matching_cells(app: &App, needle: &str) -> Vec<usize> {
    let nb = &app.notebook;
    let mut prose = String::new();
    let mut found = Vec::new();
    for block in &nb.lesson.blocks {
        match block {
            Block::Prose { markdown, .. } => {
                prose.push_str(&markdown.to_lowercase());
                prose.push('\n');
            }
            Block::Cell(cell) => {
                let code = nb.codes.get(cell.index).map(|c| c.to_lowercase());
                if prose.contains(needle) || code.is_some_and(|c| c.contains(needle)) {
                    found.push(cell.index);
                }
                prose.clear();
            }
        }
    }
    found
}
