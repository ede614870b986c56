//! Cells on the kernel's worker thread: the app stays responsive while a cell runs, Esc / Ctrl-C stop it
//! with `KeyboardInterrupt` within a fraction of a second, and outputs come back when a lesson is opened
//! again (they are run again, quietly).

use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use transformer_tutor::lesson::{self, Lang, parse::parse_lesson};
use transformer_tutor::tui::action::{Action, from_key};
use transformer_tutor::tui::theme::ColorMode;
use transformer_tutor::tui::{App, StartOptions};

fn app_for(lesson: lesson::Lesson) -> App {
    App::new(StartOptions {
        lang: Lang::En,
        lesson: Some(lesson),
        demo: false,
        auto: None,
        overrides: vec![],
        persist: false,
        color: ColorMode::None,
        limits: lesson::Limits::default(),
    })
}

const LOOPING: &str = "---\nid: looping\ntitle: Looping\norder: 1\n---\n\n```python\nn = 0\nwhile True:\n    n += 1\n```\n\n```python\nprint(40 + 2)\n```\n";

/// Waits (polling, as the event loop does) until `done` holds or `limit` passes.
fn poll_until(app: &mut App, limit: Duration, done: impl Fn(&App) -> bool) -> Duration {
    let start = Instant::now();
    while !done(app) && start.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(10));
        app.pump();
    }
    start.elapsed()
}

/// Polls until the kernel has been running a cell for `how_long`.
fn running_for(app: &mut App, how_long: Duration) {
    poll_until(app, Duration::from_secs(10), |a| {
        a.notebook
            .running
            .is_some_and(|r| r.since.elapsed() >= how_long)
    });
    app.pump();
}

#[test]
fn a_looping_cell_runs_off_the_ui_thread_and_esc_interrupts_it() {
    let lesson = parse_lesson(LOOPING, "looping.md", Lang::En).expect("parses");
    let mut app = app_for(lesson);
    app.start_worker().expect("worker thread");
    app.update(Action::RunCell);
    // `update` came back at once; the cell is still running.
    running_for(&mut app, Duration::from_millis(300));
    assert!(app.is_busy() && app.is_pending(0));
    assert!(app.notebook.outcomes[0].is_none());
    let status = app.status.clone().unwrap_or_default();
    assert!(
        status.contains("running cell 1") && status.contains("Esc"),
        "{status}"
    );

    // Esc is the interrupt while a cell runs (and Ctrl-C too; it quits only when nothing runs).
    let esc = from_key(&app, KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    assert_eq!(esc, Some(Action::Interrupt));
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(from_key(&app, ctrl_c), Some(Action::Interrupt));
    app.update(Action::Interrupt);
    let took = poll_until(&mut app, Duration::from_secs(5), |a| !a.is_busy());
    assert!(took < Duration::from_millis(500), "interrupt took {took:?}");
    let error = app.notebook.outcomes[0]
        .as_ref()
        .and_then(|o| o.error.clone())
        .expect("the cell stopped with an error");
    assert_eq!(error.kind, "KeyboardInterrupt");
    assert_eq!(app.status.as_deref(), Some("cell 1 interrupted"));
    // Enter had moved on to cell 2; a cell that raised takes the selection back.
    assert_eq!(app.notebook.selected, 0);

    // The kernel goes on: the next cell runs.
    app.update(Action::Down);
    app.update(Action::RunCell);
    app.settle();
    let printed = app.notebook.outcomes[1].as_ref().map(|o| o.stdout.clone());
    assert_eq!(printed.as_deref(), Some("42\n"));
    assert_eq!(from_key(&app, ctrl_c), Some(Action::Quit));
}

#[test]
fn interrupting_drops_the_queued_cells() {
    let lesson = parse_lesson(LOOPING, "looping.md", Lang::En).expect("parses");
    let mut app = app_for(lesson);
    app.start_worker().expect("worker thread");
    app.update(Action::RunAll);
    running_for(&mut app, Duration::from_millis(200));
    assert!(app.is_pending(0) && app.is_pending(1));
    app.update(Action::Interrupt);
    poll_until(&mut app, Duration::from_secs(5), |a| !a.is_busy());
    assert!(app.notebook.outcomes[1].is_none(), "a queued cell ran");
    let kind = app.notebook.outcomes[0]
        .as_ref()
        .and_then(|o| o.error.as_ref())
        .map(|e| e.kind.clone());
    assert_eq!(kind.as_deref(), Some("KeyboardInterrupt"));
}

#[test]
fn a_long_matrix_product_is_interrupted_between_blocks() {
    // Two native calls of about 2^36 multiply-adds each: seconds of work inside the engine, few Python steps.
    let text = "---\nid: matmul\ntitle: M\norder: 1\n---\n\n```python\nimport torch\na = torch.ones(4096, 4096)\nb = a @ a @ a\n```\n";
    let lesson = parse_lesson(text, "matmul.md", Lang::En).expect("parses");
    let mut app = app_for(lesson);
    app.start_worker().expect("worker thread");
    app.update(Action::RunStay);
    running_for(&mut app, Duration::from_millis(300));
    assert!(app.is_busy());
    app.update(Action::Interrupt);
    let took = poll_until(&mut app, Duration::from_secs(10), |a| !a.is_busy());
    assert!(took < Duration::from_secs(2), "interrupt took {took:?}");
    let kind = app.notebook.outcomes[0]
        .as_ref()
        .and_then(|o| o.error.as_ref())
        .map(|e| e.kind.clone());
    assert_eq!(kind.as_deref(), Some("KeyboardInterrupt"));
}

#[test]
fn outputs_survive_switching_lessons_and_back() {
    let mut app = app_for(lesson::bundle::find("masking", Lang::En).expect("bundled"));
    app.update(Action::RunAbove);
    app.update(Action::RunAll);
    app.update(Action::First);
    app.update(Action::Down);
    app.update(Action::Down);
    let before: Vec<Option<String>> = app.notebook.outcomes[..2]
        .iter()
        .map(|o| o.as_ref().map(|o| o.stdout.clone()))
        .collect();
    assert!(before.iter().all(Option::is_some));
    app.update(Action::NextLesson);
    assert_ne!(app.notebook.lesson.id, "masking");
    app.update(Action::PrevLesson);
    assert_eq!(app.notebook.lesson.id, "masking");
    let after: Vec<Option<String>> = app.notebook.outcomes[..2]
        .iter()
        .map(|o| o.as_ref().map(|o| o.stdout.clone()))
        .collect();
    assert_eq!(before, after);
    // Back on the cell the learner was on.
    assert_eq!(app.notebook.selected, 2);
    let ran = app.notebook.outcomes.iter().flatten().count();
    assert_eq!(ran, app.notebook.cell_count(), "every output came back");
}

#[test]
fn switching_language_keeps_outputs_and_the_place_with_the_worker() {
    let mut app = app_for(lesson::bundle::find("masking", Lang::En).expect("bundled"));
    app.start_worker().expect("worker thread");
    app.update(Action::RunAll);
    app.settle();
    app.update(Action::First);
    app.update(Action::Down);
    app.update(Action::ToggleLang);
    app.settle();
    assert_eq!(app.lang, Lang::Ko);
    assert_eq!(app.notebook.selected, 1);
    let n = app.notebook.cell_count();
    let ran = app.notebook.outcomes.iter().flatten().count();
    assert_eq!(ran, n, "every output came back");
}

#[test]
fn a_lesson_whose_kernel_cannot_be_made_never_leaves_the_app_busy() {
    let mut app = App::new(StartOptions {
        lang: Lang::En,
        lesson: Some(lesson::bundle::find("masking", Lang::En).expect("bundled")),
        demo: false,
        auto: None,
        // Not a dim of the lesson: the kernel refuses it.
        overrides: vec![("no_such_dim".to_string(), 3)],
        persist: false,
        color: ColorMode::None,
        limits: lesson::Limits::default(),
    });
    assert!(app.notebook.kernel.is_err());
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("no_such_dim")),
        "{:?}",
        app.status
    );
    app.update(Action::RunCell);
    app.update(Action::RunAll);
    assert!(!app.is_busy());
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.contains("no_such_dim")),
        "{:?}",
        app.status
    );
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(from_key(&app, ctrl_c), Some(Action::Quit));
}
