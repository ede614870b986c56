//! The app's state and `update`, which applies one action. No terminal I/O here.

use crate::lesson::Limits;
use std::time::Duration;

use ratatui_textarea::TextArea;

use crate::lesson::progress::{Edit, Progress};
use crate::lesson::sizes;
use crate::lesson::{CellKind, CellOutcome, Lang, Lesson};

use super::action::Action;
use super::jobs::{Batch, BatchKind, Job, Running, Why};
use super::sizes::{PanelKey, SizesPanel};
use super::theme::ColorMode;
use super::worker::Runner;

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
    /// Typing a `/` search.
    Search,
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

/// What the app knows of the kernel on the worker: its dims (the lesson's named sizes after overrides).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelInfo {
    pub dims: Vec<(String, i64)>,
}

impl KernelInfo {
    pub fn dims(&self) -> &[(String, i64)] {
        &self.dims
    }
}

pub struct Notebook {
    pub lesson: Lesson,
    /// The kernel's dims once it is made, or why it could not be (shown in the status line).
    pub kernel: Result<KernelInfo, String>,
    /// Whether the kernel is being made (cells wait for it).
    pub opening: bool,
    /// The dim sizes the kernel was made at (`--set`, the Sizes panel).
    pub overrides: Vec<(String, i64)>,
    /// Cells waiting to run, in order (`jobs`).
    pub queue: std::collections::VecDeque<Job>,
    /// The cell the kernel is running.
    pub running: Option<Running>,
    /// The run of several cells under way, for the line that sums it up.
    pub batch: Option<Batch>,
    /// The spinner line last put in the status line (taken down when the work ends).
    pub activity: Option<String>,
    /// The lesson was just opened at its first cell: the view shows the lesson's start until the learner
    /// moves or runs a cell.
    pub at_start: bool,
    /// The tensors cells made, by cell and place in the cell's outcome, made on this thread from the
    /// copies the kernel sent (the inspector draws them).
    pub live: std::collections::HashMap<(usize, usize), crate::tensor::Tensor>,
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
    /// Where cells run: inline (tests) or on the kernel's worker thread (`start_worker`).
    pub(in crate::tui) runner: Runner,
    /// Counts the kernels opened: replies about an older one are dropped.
    pub(in crate::tui) epoch: u64,
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
    /// Demo mode's step (code or output) and its `--auto` clock.
    pub demo: super::demo::DemoState,
    /// The `/` query being typed.
    pub search: Option<String>,
    /// The last query searched for (`/` offers it again).
    pub last_search: String,
    /// Shown, hidden (`i`) or maximised (`f`); kept across lessons.
    pub inspector: super::layout::InspectorMode,
    /// The first line of the help overlay shown, when it does not fit (clamped by `App::prepare`).
    pub help_scroll: usize,
}

fn load_course(lang: Lang) -> Vec<Lesson> {
    crate::lesson::bundle::course(lang).unwrap_or_default()
}

impl Notebook {
    /// The notebook of `lesson` with the learner's saved edits, answers and place; its kernel is made by
    /// [`App::open_kernel`]. In a classroom `demo` the exercises show and run their solutions: the
    /// teacher presents the lesson worked, and the cells after an exercise see what it should make.
    fn open(lesson: Lesson, progress: &Progress, demo: bool) -> Notebook {
        let saved = progress.lesson(&lesson.id);
        let codes: Vec<String> = lesson
            .cells()
            .map(
                |c| match (saved.and_then(|p| p.edits.get(&c.index)), &c.exercise) {
                    (_, Some(exercise)) if demo => exercise.solution.code.clone(),
                    (Some(edit), _) if edit.original == c.code => edit.code.clone(),
                    _ => c.code.clone(),
                },
            )
            .collect();
        let n = codes.len();
        let answers = (0..n)
            .map(|i| saved.and_then(|p| p.answers.get(&i).cloned()))
            .collect();
        let selected = saved
            .and_then(|p| p.at)
            .map_or(0, |at| at.min(n.saturating_sub(1)));
        Notebook {
            lesson,
            kernel: Err(String::new()),
            opening: true,
            overrides: Vec::new(),
            queue: std::collections::VecDeque::new(),
            running: None,
            batch: None,
            activity: None,
            at_start: selected == 0,
            live: std::collections::HashMap::new(),
            codes,
            outcomes: vec![None; n],
            answers,
            selected,
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

    /// Tensor `k` of cell `cell`'s outcome, as the inspector draws it.
    pub fn live_tensor(&self, cell: usize, k: usize) -> Option<&crate::tensor::Tensor> {
        self.live.get(&(cell, k))
    }

    /// Keeps the outcome of cell `i`, taking the tensor copies it carries into [`Notebook::live`].
    pub(in crate::tui) fn keep_outcome(&mut self, i: usize, mut outcome: CellOutcome) {
        self.live.retain(|&(cell, _), _| cell != i);
        for (k, info) in outcome.tensors.iter_mut().enumerate() {
            if let Some(copy) = info.tensor.take() {
                self.live.insert((i, k), copy.into_tensor());
            }
        }
        if let Some(slot) = self.outcomes.get_mut(i) {
            *slot = Some(outcome);
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
}

impl App {
    /// The app's words in the language it shows now (see [`super::text`]).
    pub fn text(&self) -> &'static super::text::Text {
        super::text::text(self.lang)
    }

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
                        title: super::text::text(opts.lang).no_lessons.into(),
                        order: 0,
                        lang: opts.lang,
                        path: String::new(),
                        dims: vec![],
                        data: vec![],
                        minimums: vec![],
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
        let notebook = Notebook::open(lesson, &progress, opts.demo);
        let mut app = App {
            limits: opts.limits,
            runner: Runner::inline(),
            epoch: 0,
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
            status: None,
            progress,
            persist: opts.persist,
            quit: false,
            color: opts.color,
            overrides,
            auto: opts.auto,
            blank: false,
            sizes: None,
            demo: super::demo::DemoState::default(),
            search: None,
            last_search: String::new(),
            inspector: super::layout::InspectorMode::default(),
            help_scroll: 0,
        };
        app.open_kernel_at(start);
        if warning.is_some() {
            app.status = warning;
        }
        app.remember_current();
        app
    }

    pub fn mode(&self) -> Mode {
        if self.help {
            Mode::Help
        } else if self.sizes.is_some() {
            Mode::Sizes
        } else if self.search.is_some() {
            Mode::Search
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

    fn remember_current(&mut self) {
        self.progress.current = Some(self.notebook.lesson.id.clone());
        self.progress.lang = Some(self.lang.code().to_string());
        let at = self.notebook.selected;
        self.progress.lesson_mut(&self.notebook.lesson.id).at = Some(at);
    }

    pub fn save_progress(&mut self) {
        let at = self.notebook.selected;
        self.progress.lesson_mut(&self.notebook.lesson.id).at = Some(at);
        // Code being typed is kept as it goes: a crash or a closed terminal loses no more than the
        // current line.
        if let Some(editor) = &self.notebook.editor {
            let mut code = editor.lines().join("\n");
            code.push('\n');
            self.keep_edit(at, code);
        }
        if self.persist
            && let Err(e) = self.progress.save()
        {
            self.status = Some((self.text().could_not_save_progress)(&e.to_string()));
        }
    }

    pub(in crate::tui) fn open_lesson(&mut self, idx: usize) {
        let Some(lesson) = self.course.get(idx).cloned() else {
            return;
        };
        self.lesson_idx = idx;
        self.remember_current();
        self.notebook = Notebook::open(lesson, &self.progress, self.view == View::Demo);
        self.status = None;
        self.open_kernel();
        self.replay_saved();
        self.view = if self.view == View::Demo {
            View::Demo
        } else {
            View::Notebook
        };
        self.remember_current();
        self.save_progress();
    }

    /// Queues the selected cell to run (with the inline runner it has run when this returns).
    pub(in crate::tui) fn run_selected(&mut self) {
        let i = self.notebook.selected;
        self.enqueue(i, Why::Step { advanced: false });
        self.pump();
    }

    pub(in crate::tui) fn select(&mut self, i: usize) {
        let n = self.notebook.cell_count();
        if n == 0 {
            return;
        }
        self.notebook.selected = i.min(n - 1);
        self.notebook.at_start = false;
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
        let advanced = advance && i + 1 < self.notebook.cell_count();
        self.enqueue(i, Why::Step { advanced });
        self.reveal_outcome_of(i);
        if advanced {
            self.select(i + 1);
            self.notebook.reveal = Some(i);
        }
        // Inline, the cell has run now; a cell that raised has taken the selection back.
        self.pump();
    }

    /// From what is on screen now, the view keeps the outcome of cell `i` in sight (see `App::prepare`).
    pub(in crate::tui) fn reveal_outcome_of(&mut self, i: usize) {
        let nb = &mut self.notebook;
        nb.at_start = false;
        nb.scroll = (nb.scroll as i64 + nb.scroll_offset).max(0) as usize;
        nb.scroll_offset = 0;
        nb.reveal = Some(i);
    }

    pub fn update(&mut self, action: Action) {
        match action {
            Action::Quit => {
                // The cell running now would keep the process's last moments busy.
                self.interrupt();
                self.quit = true;
            }
            Action::Interrupt => self.interrupt(),
            Action::Search => self.open_search(),
            Action::Resize | Action::Tick if self.view != View::Demo => {}
            Action::Help => {
                self.help = true;
                self.help_scroll = 0;
            }
            Action::HelpScroll(delta) => {
                self.help_scroll = self.help_scroll.saturating_add_signed(delta as isize);
            }
            Action::ToggleInspector | Action::MaximiseInspector => {
                self.inspector = self.inspector.after(&action);
            }
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
                self.run_batch(BatchKind::Above, (0..here).collect());
            }
            Action::First => self.select(0),
            Action::Last => self.select(self.notebook.cell_count().saturating_sub(1)),
            Action::RunAll => {
                self.notebook.reveal = None;
                let n = self.notebook.cell_count();
                self.select(n.saturating_sub(1));
                self.run_batch(BatchKind::All, (0..n).collect());
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
                    self.keep_edit(i, code.clone());
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
                    let lp = self.progress.lesson_mut(&self.notebook.lesson.id);
                    lp.edits.remove(&i);
                    lp.ran.remove(&i);
                    self.status = Some((self.text().cell_restored)(i + 1));
                    self.save_progress();
                }
            }
            Action::Hint => self.reveal_hint(),
            Action::Solution => self.show_solution(),
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
                self.course = load_course(self.lang);
                if let Some(idx) = self.course.iter().position(|l| l.id == id) {
                    // The lesson in the other language, at the same cell, its outputs run again.
                    let view = self.view;
                    self.open_lesson(idx);
                    self.view = view;
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
            Action::Next | Action::Tick => self.demo_next(&action),
            Action::Prev => self.demo_prev(),
            Action::AutoPause => self.demo_pause(),
            Action::Blank => self.blank = !self.blank,
            Action::Key(k) => self.key_input(k),
            Action::ZoomIn | Action::ZoomOut | Action::ZoomFit | Action::Pan(..) => {
                self.zoom_update(&action)
            }
            Action::MemoryStep(delta) => self.memory_step(delta),
            Action::Resize => {}
        }
        self.pump();
    }

    /// Records `code` as the learner's edit of cell `i` in the progress (or drops the edit when it is the
    /// lesson's code again).
    fn keep_edit(&mut self, i: usize, code: String) {
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
            lp.edits.insert(i, Edit { original, code });
        }
    }

    fn key_input(&mut self, k: ratatui::crossterm::event::KeyEvent) {
        if let Some(panel) = self.sizes.as_mut() {
            if panel.key(k, &self.notebook.lesson, self.lang) == PanelKey::Apply {
                self.apply_sizes();
            }
            return;
        }
        if self.search.is_some() {
            self.search_key(k);
            return;
        }
        if let Some(editor) = self.notebook.editor.as_mut() {
            super::editor::key(editor, k);
            // Each finished line is saved.
            if k.code == ratatui::crossterm::event::KeyCode::Enter {
                self.save_progress();
            }
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
