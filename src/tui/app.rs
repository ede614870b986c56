//! The app's state and `update`, which applies one action. No terminal I/O here.

use crate::lesson::Limits;
use std::time::Duration;

use ratatui_textarea::TextArea;

use crate::lesson::progress::{Edit, Progress};
use crate::lesson::sizes;
use crate::lesson::{CellKind, CellOutcome, Kernel, Lang, Lesson};

use super::action::Action;
use super::sizes::{PanelKey, SizesPanel};
use super::theme::ColorMode;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    List,
    Notebook,
    Demo,
}

/// What keys mean right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    List,
    Notebook,
    Editing,
    Answering,
    Help,
    /// The Sizes panel (`z`): the lesson's named dims.
    Sizes,
    Demo,
    /// Zoomed into the inspector's heatmap (`+`): the arrows pan (`super::zoom`).
    Zoom,
}

pub struct StartOptions {
    pub lang: Lang,
    /// A lesson to open; `None` resumes where the learner left off.
    pub lesson: Option<Lesson>,
    pub demo: bool,
    pub auto: Option<Duration>,
    pub overrides: Vec<(String, i64)>,
    /// Whether progress is read from and written to the state file (off in tests).
    pub persist: bool,
    pub color: ColorMode,
    /// The sandbox limits every lesson's kernel runs under (`--memory`).
    pub limits: Limits,
}

pub struct Notebook {
    pub lesson: Lesson,
    pub kernel: Result<Kernel, String>,
    /// The code each cell runs: the lesson's, or the learner's edit.
    pub codes: Vec<String>,
    pub outcomes: Vec<Option<CellOutcome>>,
    pub answers: Vec<Option<(String, bool)>>,
    pub selected: usize,
    /// First line of the notebook shown, kept following the selected cell by `App::prepare` before each draw.
    pub scroll: usize,
    /// The cell whose outcome the view keeps on screen after it ran (Enter), until the learner moves on
    /// (`App::prepare` scrolls as little as that needs); `None`: the view follows the selected cell.
    pub reveal: Option<usize>,
    /// Lines scrolled by the learner (wheel, PgUp/PgDn) on top of following the selection.
    pub scroll_offset: i64,
    pub editor: Option<TextArea<'static>>,
    pub answer: Option<String>,
    /// What the prompt says about the last answer tried (wrong, or not a shape).
    pub answer_note: Option<super::answer::AnswerNote>,
    pub tensor_sel: usize,
    pub slice: [usize; 2],
    pub show_memory: bool,
    /// The inspector shows "shapes, line by line" for the line under the cursor (`s`, `[` `]`).
    pub show_lines: bool,
    /// Which of the selected cell's lines that made tensors is under the line cursor.
    pub line_sel: usize,
    /// Prose blocks wrapped for the width of the notebook column, by block and width (filled by `App::prepare`;
    /// prose never changes while a lesson is open).
    pub prose_cache: std::collections::HashMap<(usize, usize), Vec<ratatui::text::Line<'static>>>,
    /// The zoom into the inspector's heatmap (`+ - 0`, arrows), and what `App::prepare` measured of it.
    pub zoom: Option<super::zoom::ZoomState>,
    pub map_fit: Option<super::zoom::MapFit>,
    /// The memory view's selected element, in the view's order (`←` `→`), and the (cell, item) it is for.
    pub memory_sel: ((usize, usize), usize),
}

pub struct App {
    /// The sandbox limits of every kernel the app makes (`--memory`).
    pub limits: Limits,
    /// How heatmaps larger than their pane pool each block (`v`): peaks by default, so one large attention
    /// weight among zeros is not averaged away to 1/n; means show the level instead.
    pub heat_pool: crate::viz::Pool,
    pub lang: Lang,
    pub course: Vec<Lesson>,
    pub lesson_idx: usize,
    pub notebook: Notebook,
    pub view: View,
    pub help: bool,
    pub list_selected: usize,
    pub status: Option<String>,
    pub progress: Progress,
    pub persist: bool,
    pub quit: bool,
    pub color: ColorMode,
    /// Dim sizes by name (from `--set` and the Sizes panel), for every lesson that has the dim.
    pub overrides: Vec<(String, i64)>,
    pub auto: Option<Duration>,
    pub blank: bool,
    /// The Sizes panel, while it is open.
    pub sizes: Option<SizesPanel>,
}

fn load_course(lang: Lang) -> Vec<Lesson> {
    crate::lesson::bundle::course(lang).unwrap_or_default()
}

impl Notebook {
    fn open(
        lesson: Lesson,
        overrides: &[(String, i64)],
        progress: &Progress,
        limits: &Limits,
    ) -> Notebook {
        let kernel =
            Kernel::with_limits(&lesson, overrides, limits.clone()).map_err(|e| e.to_string());
        let saved = progress.lesson(&lesson.id);
        let codes: Vec<String> = lesson
            .cells()
            .map(|c| match saved.and_then(|p| p.edits.get(&c.index)) {
                Some(edit) if edit.original == c.code => edit.code.clone(),
                _ => c.code.clone(),
            })
            .collect();
        let n = codes.len();
        let answers = (0..n)
            .map(|i| saved.and_then(|p| p.answers.get(&i).cloned()))
            .collect();
        Notebook {
            lesson,
            kernel,
            codes,
            outcomes: vec![None; n],
            answers,
            selected: 0,
            scroll: 0,
            reveal: None,
            scroll_offset: 0,
            editor: None,
            answer: None,
            answer_note: None,
            tensor_sel: 0,
            slice: [0, 0],
            show_memory: false,
            show_lines: false,
            line_sel: 0,
            prose_cache: std::collections::HashMap::new(),
            zoom: None,
            map_fit: None,
            memory_sel: ((0, 0), 0),
        }
    }

    pub fn cell_count(&self) -> usize {
        self.codes.len()
    }

    pub fn is_edited(&self, i: usize) -> bool {
        self.lesson
            .cells()
            .nth(i)
            .is_some_and(|c| c.code != self.codes[i])
    }

    /// Runs cell `i` with its current code.
    pub(in crate::tui) fn run(&mut self, i: usize) -> Option<&CellOutcome> {
        let mut cell = self.lesson.cells().nth(i)?.clone();
        cell.code = self.codes.get(i)?.clone();
        let outcome = match &mut self.kernel {
            Ok(k) => k.run_cell(&cell),
            Err(_) => return None,
        };
        self.outcomes[i] = Some(outcome);
        self.tensor_sel = 0;
        self.line_sel = 0;
        self.slice = [0, 0];
        self.outcomes[i].as_ref()
    }
}

impl App {
    pub fn new(opts: StartOptions) -> App {
        let (progress, warning) = if opts.persist {
            let l = Progress::load();
            (l.progress, l.warning)
        } else {
            (Progress::default(), None)
        };
        let course = load_course(opts.lang);
        let lesson = match opts.lesson {
            Some(l) => l,
            None => {
                let resume = progress
                    .current
                    .as_deref()
                    .and_then(|id| course.iter().find(|l| l.id == id));
                match resume.or(course.first()) {
                    Some(l) => l.clone(),
                    None => Lesson {
                        id: "empty".into(),
                        title: "No lessons".into(),
                        order: 0,
                        lang: opts.lang,
                        path: String::new(),
                        dims: vec![],
                        data: vec![],
                        blocks: vec![],
                    },
                }
            }
        };
        let lesson_idx = course.iter().position(|l| l.id == lesson.id).unwrap_or(0);
        // `--set` wins; without it, the sizes the learner last chose in the Sizes panel (ignoring any a
        // hand-edited state file puts out of the panel's range).
        let (overrides, start) = if opts.overrides.is_empty() {
            let saved: Vec<(String, i64)> = progress
                .sizes
                .iter()
                .filter(|&(n, &v)| sizes::check_value(n, v).is_ok())
                .map(|(n, &v)| (n.clone(), v))
                .collect();
            let start = sizes::overrides_for(&lesson, &saved);
            (saved, start)
        } else {
            (opts.overrides.clone(), opts.overrides)
        };
        let notebook = Notebook::open(lesson, &start, &progress, &opts.limits);
        let status = warning.or_else(|| notebook.kernel.as_ref().err().cloned());
        let mut app = App {
            limits: opts.limits,
            heat_pool: crate::viz::Pool::Peak,
            lang: opts.lang,
            course,
            lesson_idx,
            notebook,
            view: if opts.demo {
                View::Demo
            } else {
                View::Notebook
            },
            help: false,
            list_selected: lesson_idx,
            status,
            progress,
            persist: opts.persist,
            quit: false,
            color: opts.color,
            overrides,
            auto: opts.auto,
            blank: false,
            sizes: None,
        };
        app.remember_current();
        if app.view == View::Demo {
            app.run_selected();
        }
        app
    }

    pub fn mode(&self) -> Mode {
        if self.help {
            Mode::Help
        } else if self.sizes.is_some() {
            Mode::Sizes
        } else if self.view == View::Demo {
            Mode::Demo
        } else if self.view == View::List {
            Mode::List
        } else if self.notebook.editor.is_some() {
            Mode::Editing
        } else if self.notebook.answer.is_some() {
            Mode::Answering
        } else if self.zoom_active() {
            Mode::Zoom
        } else {
            Mode::Notebook
        }
    }

    /// The demo timer, when `--auto` is on (paused while the Sizes panel is open).
    pub fn tick_interval(&self) -> Option<Duration> {
        (self.view == View::Demo && self.sizes.is_none())
            .then_some(self.auto)
            .flatten()
    }

    fn remember_current(&mut self) {
        self.progress.current = Some(self.notebook.lesson.id.clone());
        self.progress.lang = Some(self.lang.code().to_string());
    }

    pub fn save_progress(&mut self) {
        if self.persist
            && let Err(e) = self.progress.save()
        {
            self.status = Some(format!("could not save progress: {e}"));
        }
    }

    fn open_lesson(&mut self, idx: usize) {
        let Some(lesson) = self.course.get(idx).cloned() else {
            return;
        };
        self.lesson_idx = idx;
        let overrides = self.overrides_for(&lesson);
        self.notebook = Notebook::open(lesson, &overrides, &self.progress, &self.limits);
        self.status = self.notebook.kernel.as_ref().err().cloned();
        self.view = if self.view == View::Demo {
            View::Demo
        } else {
            View::Notebook
        };
        self.remember_current();
        self.save_progress();
    }

    pub(in crate::tui) fn run_selected(&mut self) {
        let i = self.notebook.selected;
        let id = self.notebook.lesson.id.clone();
        let ran_ok = self
            .notebook
            .run(i)
            .map(|o| o.ran && (o.error.is_none() || o.expectation_met));
        match ran_ok {
            Some(true) => {
                self.progress.lesson_mut(&id).completed.insert(i);
                self.status = None;
            }
            Some(false) => {
                self.status = Some(format!(
                    "cell {} raised an error — see below the cell",
                    i + 1
                ))
            }
            None => {}
        }
        self.save_progress();
    }

    fn select(&mut self, i: usize) {
        let n = self.notebook.cell_count();
        if n == 0 {
            return;
        }
        self.notebook.selected = i.min(n - 1);
        self.notebook.scroll_offset = 0;
        self.notebook.reveal = None;
        self.notebook.tensor_sel = 0;
        self.notebook.line_sel = 0;
        self.notebook.slice = [0, 0];
    }

    /// Runs the selected cell, as Jupyter's Shift-Enter (`advance`) or Ctrl-Enter: the view keeps the cell's
    /// outcome on screen, and `advance` selects the next cell unless this one raised an error the lesson
    /// did not expect (the learner stays to fix it). A question not yet answered asks first.
    fn run_in_place(&mut self, advance: bool) {
        let i = self.notebook.selected;
        let is_question = self
            .notebook
            .lesson
            .cells()
            .nth(i)
            .is_some_and(|c| c.kind == CellKind::Question);
        if is_question && self.notebook.answers.get(i).is_some_and(|a| a.is_none()) {
            self.notebook.answer = Some(String::new());
            return;
        }
        self.run_selected();
        self.reveal_outcome_of(i);
        if advance && !self.raised(i) && i + 1 < self.notebook.cell_count() {
            self.select(i + 1);
            self.notebook.reveal = Some(i);
        }
    }

    /// From what is on screen now, the view keeps the outcome of cell `i` in sight (see `App::prepare`).
    pub(in crate::tui) fn reveal_outcome_of(&mut self, i: usize) {
        let nb = &mut self.notebook;
        nb.scroll = (nb.scroll as i64 + nb.scroll_offset).max(0) as usize;
        nb.scroll_offset = 0;
        nb.reveal = Some(i);
    }

    /// Whether cell `i` ran into an error its lesson did not expect.
    fn raised(&self, i: usize) -> bool {
        self.notebook
            .outcomes
            .get(i)
            .and_then(|o| o.as_ref())
            .is_some_and(|o| o.error.is_some() && !o.expectation_met)
    }

    pub fn update(&mut self, action: Action) {
        match action {
            Action::Quit => self.quit = true,
            Action::Resize | Action::Tick if self.view != View::Demo => {}
            Action::Help => self.help = true,
            Action::Sizes => self.open_sizes(),
            Action::ApplySizes => self.apply_sizes(),
            Action::CloseOverlay => {
                if self.help {
                    self.help = false;
                } else if self.sizes.is_some() {
                    self.sizes = None;
                } else if self.notebook.answer.is_some() {
                    self.notebook.answer = None;
                    self.notebook.answer_note = None;
                } else if self.view == View::List {
                    self.view = View::Notebook;
                }
            }
            Action::Up => match self.view {
                View::List => self.list_selected = self.list_selected.saturating_sub(1),
                _ => self.select(self.notebook.selected.saturating_sub(1)),
            },
            Action::Down => match self.view {
                View::List => {
                    self.list_selected =
                        (self.list_selected + 1).min(self.course.len().saturating_sub(1))
                }
                _ => self.select(self.notebook.selected + 1),
            },
            Action::RunCell => match self.view {
                View::List => {
                    let idx = self.list_selected;
                    self.view = View::Notebook;
                    self.open_lesson(idx);
                }
                _ => self.run_in_place(true),
            },
            Action::RunStay => {
                if self.view == View::Notebook {
                    self.run_in_place(false);
                }
            }
            Action::RunAbove => {
                self.notebook.reveal = None;
                let here = self.notebook.selected;
                for i in 0..here {
                    self.notebook.selected = i;
                    self.run_selected();
                }
                self.notebook.selected = here;
                let failed = (0..here).filter(|&i| self.raised(i)).count();
                self.status = Some(match (here, failed) {
                    (0, _) => "no cells above this one".to_string(),
                    (n, 0) => format!("ran the {n} cells above"),
                    (n, f) => format!("ran the {n} cells above; {f} raised an error"),
                });
            }
            Action::First => self.select(0),
            Action::Last => self.select(self.notebook.cell_count().saturating_sub(1)),
            Action::RunAll => {
                self.notebook.reveal = None;
                for i in 0..self.notebook.cell_count() {
                    self.notebook.selected = i;
                    self.run_selected();
                }
                let failed = self
                    .notebook
                    .outcomes
                    .iter()
                    .flatten()
                    .filter(|o| o.error.is_some() && !o.expectation_met)
                    .count();
                self.status = Some(if failed == 0 {
                    format!("ran all {} cells", self.notebook.cell_count())
                } else {
                    format!("ran all cells; {failed} raised an error")
                });
            }
            Action::Edit => {
                let i = self.notebook.selected;
                if let Some(code) = self.notebook.codes.get(i) {
                    let lines: Vec<String> = code.lines().map(String::from).collect();
                    self.notebook.editor = Some(TextArea::new(lines));
                }
            }
            Action::EditDone => {
                if let Some(editor) = self.notebook.editor.take() {
                    let i = self.notebook.selected;
                    let mut code = editor.lines().join("\n");
                    code.push('\n');
                    let original = self
                        .notebook
                        .lesson
                        .cells()
                        .nth(i)
                        .map(|c| c.code.clone())
                        .unwrap_or_default();
                    let lp = self.progress.lesson_mut(&self.notebook.lesson.id);
                    if code == original {
                        lp.edits.remove(&i);
                    } else {
                        lp.edits.insert(
                            i,
                            Edit {
                                original,
                                code: code.clone(),
                            },
                        );
                    }
                    if let Some(slot) = self.notebook.codes.get_mut(i) {
                        *slot = code;
                    }
                    self.save_progress();
                }
            }
            Action::RestoreCell => {
                let i = self.notebook.selected;
                let original = self.notebook.lesson.cells().nth(i).map(|c| c.code.clone());
                if let Some(original) = original {
                    self.notebook.codes[i] = original;
                    self.notebook.outcomes[i] = None;
                    self.progress
                        .lesson_mut(&self.notebook.lesson.id)
                        .edits
                        .remove(&i);
                    self.status = Some(format!("cell {} restored", i + 1));
                    self.save_progress();
                }
            }
            Action::NextLesson => {
                if self.lesson_idx + 1 < self.course.len() {
                    self.open_lesson(self.lesson_idx + 1);
                }
            }
            Action::PrevLesson => {
                if self.lesson_idx > 0 {
                    self.open_lesson(self.lesson_idx - 1);
                }
            }
            Action::OpenList => {
                self.list_selected = self.lesson_idx;
                self.view = View::List;
            }
            Action::ToggleLang => {
                self.lang = if self.lang == Lang::En {
                    Lang::Ko
                } else {
                    Lang::En
                };
                let id = self.notebook.lesson.id.clone();
                let ran: Vec<usize> = (0..self.notebook.cell_count())
                    .filter(|&i| self.notebook.outcomes[i].is_some())
                    .collect();
                let selected = self.notebook.selected;
                self.course = load_course(self.lang);
                if let Some(idx) = self.course.iter().position(|l| l.id == id) {
                    let view = self.view;
                    self.open_lesson(idx);
                    self.view = view;
                    for i in ran {
                        self.notebook.selected = i;
                        self.notebook.run(i);
                    }
                    self.select(selected);
                }
            }
            Action::ScrollUp => self.notebook.scroll_offset -= 3,
            Action::ScrollDown => self.notebook.scroll_offset += 3,
            Action::NextTensor | Action::PrevTensor => {
                let n = self.inspected_count();
                if n > 0 {
                    let cur = self.notebook.tensor_sel;
                    self.notebook.tensor_sel = if action == Action::NextTensor {
                        (cur + 1) % n
                    } else {
                        (cur + n - 1) % n
                    };
                    self.notebook.slice = [0, 0];
                }
            }
            Action::Slice(which, delta) => {
                let v = self.notebook.slice[which.min(1)] as i64 + delta;
                self.notebook.slice[which.min(1)] = v.max(0) as usize;
            }
            Action::ToggleMemory => self.notebook.show_memory = !self.notebook.show_memory,
            Action::TogglePool => {
                self.heat_pool = match self.heat_pool {
                    crate::viz::Pool::Peak => crate::viz::Pool::Mean,
                    crate::viz::Pool::Mean => crate::viz::Pool::Peak,
                };
            }
            Action::ToggleLines => self.notebook.show_lines = !self.notebook.show_lines,
            Action::LineCursor(delta) => {
                let nb = &mut self.notebook;
                let n = nb
                    .outcomes
                    .get(nb.selected)
                    .and_then(|o| o.as_ref())
                    .map_or(0, |o| o.lines.len());
                nb.show_lines = true;
                if n > 0 {
                    nb.line_sel = (nb.line_sel as i64 + delta as i64).rem_euclid(n as i64) as usize;
                }
            }
            Action::Next | Action::Tick => {
                let i = self.notebook.selected;
                if self.notebook.outcomes.get(i).is_some_and(|o| o.is_none()) {
                    self.run_selected();
                } else if i + 1 < self.notebook.cell_count() {
                    self.notebook.selected = i + 1;
                    self.run_selected();
                } else if self.lesson_idx + 1 < self.course.len() && action == Action::Next {
                    self.open_lesson(self.lesson_idx + 1);
                    self.run_selected();
                }
                self.blank = false;
            }
            Action::Prev => {
                self.notebook.selected = self.notebook.selected.saturating_sub(1);
                self.blank = false;
            }
            Action::Blank => self.blank = !self.blank,
            Action::Key(k) => self.key_input(k),
            Action::ZoomIn | Action::ZoomOut | Action::ZoomFit | Action::Pan(..) => {
                self.zoom_update(&action)
            }
            Action::MemoryStep(delta) => self.memory_step(delta),
            Action::Resize => {}
        }
    }

    fn key_input(&mut self, k: ratatui::crossterm::event::KeyEvent) {
        if let Some(panel) = self.sizes.as_mut() {
            if panel.key(k, &self.notebook.lesson, self.lang) == PanelKey::Apply {
                self.apply_sizes();
            }
            return;
        }
        if let Some(editor) = self.notebook.editor.as_mut() {
            editor.input(k);
            return;
        }
        if self.notebook.answer.is_some() {
            self.answer_key(k);
        }
    }

    /// How many things the inspector can cycle through for the selected cell (heatmaps, then tensors).
    pub fn inspected_count(&self) -> usize {
        self.notebook
            .outcomes
            .get(self.notebook.selected)
            .and_then(|o| o.as_ref())
            .map_or(0, |o| o.heatmaps.len() + o.tensors.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::parse::parse_lesson;

    #[test]
    fn a_cell_that_panics_shows_an_internal_error_and_the_app_goes_on() {
        let text = "---\nid: t\ntitle: T\norder: 1\n---\n\n```python\nx = 2\n```\n\n```python\nprint(x + 1)\n```\n";
        let lesson = parse_lesson(text, "t.md", Lang::En).expect("parses");
        let mut app = App::new(StartOptions {
            lang: Lang::En,
            lesson: Some(lesson),
            demo: false,
            auto: None,
            overrides: vec![],
            persist: false,
            color: ColorMode::None,
            limits: crate::lesson::Limits::default(),
        });
        crate::lesson::cell_guard::panic_in_next_cell();
        app.update(Action::RunCell);
        let outcome = app.notebook.outcomes[0].as_ref().expect("cell 1 ran");
        let error = outcome.error.as_ref().expect("an error under the cell");
        assert_eq!(error.kind, "internal error");
        assert!(!app.quit);
        assert_eq!(
            app.status.as_deref(),
            Some("cell 1 raised an error — see below the cell")
        );

        // The app and its kernel still work.
        app.update(Action::RunAll);
        let printed: Vec<&str> = app
            .notebook
            .outcomes
            .iter()
            .map(|o| o.as_ref().map_or("", |o| o.stdout.as_str()))
            .collect();
        assert_eq!(printed, ["", "3\n"]);
    }

    #[test]
    fn the_apps_memory_budget_reaches_every_kernel_it_makes() {
        let limits = |max_memory| Limits {
            max_memory,
            ..Limits::default()
        };
        // A budget the test process is already past: the first step of any code is refused.
        let (roomy, exhausted) = (limits(crate::lesson::DEFAULT_MAX_MEMORY), limits(1 << 10));
        let text = "---\nid: t\ntitle: T\norder: 1\n---\n\n```python\nx = [1] * 10\n```\n";
        let lesson = parse_lesson(text, "t.md", Lang::En).expect("parses");
        let run_first_cell = |limits: &Limits| {
            let mut app = App::new(StartOptions {
                lang: Lang::En,
                lesson: Some(lesson.clone()),
                demo: false,
                auto: None,
                overrides: vec![],
                persist: false,
                color: ColorMode::None,
                limits: limits.clone(),
            });
            app.update(Action::RunCell);
            app.notebook.outcomes[0]
                .as_ref()
                .and_then(|o| o.error.as_ref())
                .map(|e| e.kind.clone())
        };
        assert_eq!(run_first_cell(&roomy), None);
        assert_eq!(run_first_cell(&exhausted).as_deref(), Some("MemoryError"));

        // The Sizes panel's preview kernel works out derived dims under the same budget.
        let text = "---\nid: t\ntitle: T\norder: 1\ndims:\n  n: 4\n  m: n * 2\n---\n\n```python\nx = m\n```\n";
        let lesson = parse_lesson(text, "t.md", Lang::En).expect("parses");
        let panel = crate::tui::sizes::SizesPanel::open_with(&lesson, &[], roomy);
        assert!(panel.error.is_none());
        let panel = crate::tui::sizes::SizesPanel::open_with(&lesson, &[], exhausted);
        let error = panel.error.map(|e| e.message(Lang::En)).unwrap_or_default();
        assert!(error.contains("MemoryError"), "{error}");
    }
}
