//! Exercise cells: the format (`python exercise` with hidden `python check`, `python solution` and `hint`
//! blocks), what the kernel says of the learner's code, what `check` verifies (the starter fails, the
//! solution passes, both languages agree), and the notebook's loop: run, see the failed check's message,
//! hints one at a time, the solution after two tries, ✓, all kept in the progress.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use transformer_tutor::lesson::check::{check_lesson, check_parity};
use transformer_tutor::lesson::parse::parse_lesson;
use transformer_tutor::lesson::progress::Progress;
use transformer_tutor::lesson::{self, Cell, CellKind, Kernel, Lang, Lesson};
use transformer_tutor::tui::action::from_event;
use transformer_tutor::tui::theme::ColorMode;
use transformer_tutor::tui::{App, StartOptions, ui};

const FIXTURE: &str = include_str!("data/lessons/exercise.md");

fn fixture() -> Lesson {
    parse_lesson(FIXTURE, "exercise.md", Lang::En).expect("the fixture parses")
}

fn exercise_cell(lesson: &Lesson) -> Cell {
    lesson
        .cells()
        .find(|c| c.kind == CellKind::Exercise)
        .expect("an exercise")
        .clone()
}

/// The exercise cell with the learner's `code` in place of the starter.
fn with_code(cell: &Cell, code: &str) -> Cell {
    Cell {
        code: code.to_string(),
        ..cell.clone()
    }
}

#[test]
fn the_hidden_blocks_belong_to_the_exercise_above_and_are_not_cells() {
    let lesson = fixture();
    let kinds: Vec<CellKind> = lesson.cells().map(|c| c.kind.clone()).collect();
    assert_eq!(kinds, [CellKind::Run, CellKind::Exercise, CellKind::Run]);
    let exercise = exercise_cell(&lesson).exercise.expect("its parts");
    assert!(exercise.check.code.contains("assert torch.allclose"));
    assert_eq!(exercise.check.shape_comments[0].expr, "scores");
    assert!(exercise.solution.code.starts_with("scores = q @"));
    assert_eq!(exercise.hints.len(), 2);
    // None of the hidden text is prose the notebook shows.
    for block in &lesson.blocks {
        if let lesson::Block::Prose { markdown, .. } = block {
            assert!(!markdown.contains("allclose") && !markdown.contains("turns"));
        }
    }
}

#[test]
fn a_misplaced_or_missing_part_is_a_located_error() {
    let head = "---\nid: t\ntitle: T\norder: 1\n---\n\n";
    let cases = [
        (
            "```python\nx = 1\n```\n\n```python check\nassert x\n```\n",
            "exercise.md:11: a `python check` block belongs right after an `exercise` cell",
        ),
        (
            "```python exercise\nx = ...\n```\n\n```python solution\nx = 1\n```\n",
            "exercise.md:7: an `exercise` cell needs a `python check` block after it, before the next cell",
        ),
        (
            "```python exercise\nx = ...\n```\n\n```python check\nassert x == 1\n```\n\n```python\ny = 2\n```\n",
            "exercise.md:7: an `exercise` cell needs a `python solution` block after it, before the next cell",
        ),
        (
            "```python exercise\nx = ...\n```\n\n```python check\nassert x == 1\n```\n\n```python check\nassert x\n```\n",
            "exercise.md:15: this exercise already has a `python check` block",
        ),
    ];
    for (body, want) in cases {
        let e =
            parse_lesson(&format!("{head}{body}"), "exercise.md", Lang::En).expect_err("refused");
        assert_eq!(e.to_string(), want);
    }
}

#[test]
fn the_kernel_says_which_check_failed_in_the_lessons_words() {
    let lesson = fixture();
    let mut kernel = Kernel::new(&lesson, &[]).expect("kernel");
    let first = lesson.cells().next().expect("cell 1").clone();
    assert!(kernel.run_cell(&first).error.is_none());
    let cell = exercise_cell(&lesson);

    // The starter: `scores` is not a tensor yet.
    let out = kernel.run_cell(&cell);
    let verdict = out.exercise.expect("a verdict");
    assert!(!verdict.passed);
    assert_eq!(
        verdict.message.as_deref(),
        Some(
            "`scores` is an ellipsis, not a tensor. Every query meets every key: transpose `k`'s last two dims."
        )
    );

    // The wrong shape, told with the names dataflow proves.
    let out = kernel.run_cell(&with_code(&cell, "scores = k.transpose(-2, -1) @ q\n"));
    assert!(out.error.is_none());
    let message = out.exercise.and_then(|v| v.message).unwrap_or_default();
    assert!(
        message
            .starts_with("`scores` should be [bs, sl, sl]; it is [bs=1, head_dim=4, head_dim=4]"),
        "{message}"
    );

    // Right shape, wrong values: the comment above the failed assert says what is wrong.
    let out = kernel.run_cell(&with_code(&cell, "scores = q @ k.transpose(-2, -1)\n"));
    let verdict = out.exercise.expect("a verdict");
    assert_eq!(
        (verdict.message.as_deref(), verdict.line),
        (
            Some("Divide by math.sqrt(head_dim): without it the scores grow with head_dim."),
            Some(34)
        )
    );

    // Code that raises: the error says why, and the checks do not run.
    let out = kernel.run_cell(&with_code(&cell, "scores = q @ k\n"));
    assert_eq!(out.error.map(|e| e.kind).as_deref(), Some("RuntimeError"));
    assert_eq!(
        out.exercise.map(|v| (v.passed, v.message)),
        Some((false, None))
    );

    // The solution passes; what the checks bound or printed is gone.
    let solution = cell.as_solved().into_owned();
    let out = kernel.run_cell(&solution);
    assert_eq!(out.exercise.map(|v| v.passed), Some(true));
    assert_eq!(out.stdout, "");
    let probe = Cell {
        code: "try:\n    _left_behind\nexcept NameError:\n    print('gone', scores.shape)\n".into(),
        kind: CellKind::Run,
        exercise: None,
        ..solution
    };
    assert_eq!(
        kernel.run_cell(&probe).stdout,
        "gone torch.Size([1, 5, 5])\n"
    );
}

#[test]
fn check_wants_a_starter_that_fails_and_a_solution_that_passes() {
    assert!(check_lesson(&fixture(), &[]).is_empty());
    // At other sizes too.
    let sets = [("sl".to_string(), 9), ("head_dim".to_string(), 64)];
    assert!(check_lesson(&fixture(), &sets).is_empty());

    let solved_starter = FIXTURE.replace(
        "scores = ...\n",
        "scores = q @ k.transpose(-2, -1) / math.sqrt(head_dim)\n",
    );
    let lesson = parse_lesson(&solved_starter, "exercise.md", Lang::En).expect("parses");
    let problems: Vec<String> = check_lesson(&lesson, &[])
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(
        problems,
        ["exercise.md:26: the starter code of exercise cell 2 already passes its checks"]
    );

    let wrong_solution = FIXTURE.replace(
        "scores = q @ k.transpose(-2, -1) / math.sqrt(head_dim)\n```",
        "scores = q @ k.transpose(-2, -1)\n```",
    );
    let lesson = parse_lesson(&wrong_solution, "exercise.md", Lang::En).expect("parses");
    let problems: Vec<String> = check_lesson(&lesson, &[])
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(
        problems,
        [
            "exercise.md:34: the solution of exercise cell 2 does not pass its checks: Divide by math.sqrt(head_dim): without it the scores grow with head_dim."
        ]
    );
}

#[test]
fn both_languages_run_the_same_checks_in_their_own_words() {
    let en = fixture();
    let ko_text = FIXTURE
        .replace(
            "# Divide by math.sqrt(head_dim): without it the scores grow with head_dim.",
            "# math.sqrt(head_dim)로 나누세요.",
        )
        .replace("Which two dims", "어느 두 차원");
    let ko = parse_lesson(&ko_text, "ko/exercise.md", Lang::Ko).expect("parses");
    assert!(check_parity(&[en.clone(), ko]).is_empty());

    let other_check = ko_text.replace("assert torch.allclose", "assert not torch.allclose");
    let ko = parse_lesson(&other_check, "ko/exercise.md", Lang::Ko).expect("parses");
    let problems: Vec<String> = check_parity(&[en.clone(), ko])
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("exercise cell 2: its check differs"),
        "{problems:?}"
    );

    let fewer_hints = ko_text.replacen("```hint\n`scores = q", "```text\n`scores = q", 1);
    let ko = parse_lesson(&fewer_hints, "ko/exercise.md", Lang::Ko).expect("parses");
    let problems = check_parity(&[en, ko]);
    assert!(problems[0].to_string().contains("number of hints"));
}

#[test]
fn minimum_sizes_are_refused_with_the_reason() {
    let text = FIXTURE.replace("  head_dim: 4\n---", "  head_dim: 4\nmin:\n  sl: 3\n---");
    let lesson = parse_lesson(&text, "exercise.md", Lang::En).expect("parses");
    assert_eq!(lesson.minimums, [("sl".to_string(), 3)]);
    let e = Kernel::new(&lesson, &[("sl".to_string(), 2)])
        .err()
        .expect("refused");
    assert_eq!(
        e.to_string(),
        "exercise.md:1: this lesson needs `sl` of at least 3 (its front matter's `min`); it is 2"
    );
    assert!(Kernel::new(&lesson, &[("sl".to_string(), 3)]).is_ok());
    let bad = FIXTURE.replace(
        "  head_dim: 4\n---",
        "  head_dim: 4\nmin:\n  d_model: 3\n---",
    );
    let e = parse_lesson(&bad, "exercise.md", Lang::En).expect_err("refused");
    assert!(e.to_string().contains("`min` names `d_model`"), "{e}");
}

fn app() -> App {
    App::new(StartOptions {
        lang: Lang::En,
        lesson: Some(fixture()),
        demo: false,
        auto: None,
        overrides: vec![],
        persist: false,
        color: ColorMode::None,
        limits: lesson::Limits::default(),
    })
}

fn keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '↓' => KeyCode::Down,
            '⏎' => KeyCode::Enter,
            '⎋' => KeyCode::Esc,
            '⌫' => KeyCode::Backspace,
            '⇥' => KeyCode::End,
            c => KeyCode::Char(c),
        };
        let ev = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        if let Some(action) = from_event(app, &ev) {
            app.update(action);
        }
    }
}

fn screen(app: &mut App) -> String {
    app.prepare(ratatui::layout::Rect::new(0, 0, 120, 60));
    let mut term = Terminal::new(TestBackend::new(120, 60)).expect("test backend");
    term.draw(|f| ui::render(app, f)).expect("draw");
    term.backend().to_string()
}

#[test]
fn the_notebook_loop_hints_solution_and_progress() {
    let mut app = app();
    keys(&mut app, "⏎"); // cell 1 runs; the exercise is selected
    assert_eq!(app.notebook.selected, 1);
    assert!(
        screen(&mut app).contains("complete the code: e edits, Enter checks it, h gives a hint")
    );

    // S before two tries: not yet.
    keys(&mut app, "S");
    assert!(
        app.status
            .as_deref()
            .unwrap_or("")
            .contains("try 2 more times")
    );

    // A wrong answer typed in the editor: the check's message, and the learner stays on the cell.
    keys(&mut app, "e↓⇥⌫⌫⌫q @ k.transpose(-2, -1)⎋⏎");
    assert_eq!(
        app.notebook.codes[1],
        "# TODO: pair every query with every key, scaled\nscores = q @ k.transpose(-2, -1)\n"
    );
    assert_eq!(app.notebook.selected, 1);
    assert!(app.status.as_deref().unwrap_or("").starts_with("✗ not yet"));
    let s = screen(&mut app);
    assert!(s.contains("✗ Divide by math.sqrt(head_dim)"), "{s}");
    assert!(s.contains("h: a hint"), "{s}");

    // Hints one at a time, then no more.
    keys(&mut app, "h");
    assert!(screen(&mut app).contains("hint 1 of 2: `k.transpose(-2, -1)` turns"));
    keys(&mut app, "hh");
    assert_eq!(app.status.as_deref(), Some("no more hints — 2 of 2 shown"));

    // A second try that fails opens the solution.
    keys(&mut app, "r");
    assert!(app.status.as_deref().unwrap_or("").contains("S: solution"));
    keys(&mut app, "S");
    let s = screen(&mut app);
    assert!(s.contains("solution:"), "{s}");
    let record = app.exercise_progress(1);
    assert_eq!(
        (
            record.tries,
            record.hints,
            record.seen_solution,
            record.passed
        ),
        (2, 2, true, false)
    );

    // The right answer: ✓, the next cell selected and run with the learner's `scores`.
    keys(&mut app, "e↓⇥ / math.sqrt(head_dim)⎋⏎");
    assert_eq!(app.status.as_deref(), Some("✓ exercise 2 solved"));
    assert_eq!(app.notebook.selected, 2);
    assert!(app.exercise_progress(1).passed);
    assert!(screen(&mut app).contains("✓ all checks pass"));
    keys(&mut app, "⏎");
    let weights = app.notebook.outcomes[2].as_ref().expect("cell 3 ran");
    assert!(weights.error.is_none());

    // The record and the code round-trip through the progress file.
    let dir = std::env::temp_dir().join(format!("tt-exercise-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    app.progress.save_to(&dir).expect("saved");
    let loaded = Progress::load_from(&dir).progress;
    let lp = loaded.lesson("exercise-fixture").expect("the lesson");
    assert!(lp.exercises[&1].passed && lp.exercises[&1].seen_solution);
    assert!(lp.edits[&1].code.ends_with("/ math.sqrt(head_dim)\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn code_in_the_editor_is_saved_line_by_line() {
    let mut app = app();
    keys(&mut app, "↓e↓⇥⌫⌫⌫None⏎");
    // Still editing: the line break saved what was typed.
    let lp = app.progress.lesson("exercise-fixture").expect("progress");
    assert!(
        lp.edits[&1].code.contains("scores = None\n"),
        "{:?}",
        lp.edits
    );
    keys(&mut app, "⎋");
    assert!(app.notebook.codes[1].contains("scores = None"));
}

#[test]
fn check_compares_the_languages_of_the_files_it_is_given() {
    let dir = std::env::temp_dir().join(format!("tt-parity-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("en")).unwrap();
    std::fs::create_dir_all(dir.join("ko")).unwrap();
    let en = dir.join("en/exercise.md");
    let ko = dir.join("ko/exercise.md");
    std::fs::write(&en, FIXTURE).unwrap();
    std::fs::write(
        &ko,
        FIXTURE.replace("assert torch.allclose", "assert not torch.allclose"),
    )
    .unwrap();
    let check = |files: &[&std::path::Path]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
            .arg("check")
            .args(files)
            .output()
            .expect("run check");
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).to_string(),
        )
    };
    // One language alone is not missing its other.
    assert_eq!(check(&[&en]), (true, String::new()));
    let (ok, problems) = check(&[&en, &ko]);
    assert!(!ok);
    assert!(
        problems.contains("exercise cell 2: its check differs"),
        "{problems}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_classroom_demo_shows_and_runs_the_solution_and_records_nothing() {
    let mut app = App::new(StartOptions {
        lang: Lang::En,
        lesson: Some(fixture()),
        demo: true,
        auto: None,
        overrides: vec![],
        persist: false,
        color: ColorMode::None,
        limits: lesson::Limits::default(),
    });
    assert!(app.notebook.codes[1].contains("/ math.sqrt(head_dim)"));
    // Code and output of each of the three cells: five clicks.
    for _ in 0..5 {
        app.update(transformer_tutor::tui::action::Action::Next);
    }
    let out = app.notebook.outcomes[1].as_ref().expect("the exercise ran");
    assert_eq!(out.exercise.as_ref().map(|v| v.passed), Some(true));
    assert!(
        app.notebook.outcomes[2]
            .as_ref()
            .is_some_and(|o| o.error.is_none())
    );
    assert!(!app.exercise_progress(1).passed);
}
