//! Whole-screen snapshots of the TUI (ratatui's TestBackend + insta): rendering is a pure function of the
//! app state, so each screen is built by applying actions and drawing once.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use transformer_tutor::lesson::{self, Lang};
use transformer_tutor::tui::action::Action;
use transformer_tutor::tui::theme::ColorMode;
use transformer_tutor::tui::{App, StartOptions, ui};

fn app(lesson: &str, lang: Lang, demo: bool) -> App {
    App::new(StartOptions {
        lang,
        lesson: Some(lesson::bundle::find(lesson, lang).expect("bundled lesson")),
        demo,
        auto: None,
        overrides: vec![],
        persist: false,
        color: ColorMode::TrueColor,
    })
}

fn draw(app: &mut App, w: u16, h: u16) -> String {
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    term.draw(|f| ui::render(app, f)).expect("draw");
    term.backend().to_string()
}

#[test]
fn lesson_list() {
    let mut a = app("masking", Lang::En, false);
    a.update(Action::OpenList);
    insta::assert_snapshot!(draw(&mut a, 100, 30));
}

#[test]
fn notebook_after_running_cells() {
    let mut a = app("head-split", Lang::En, false);
    a.update(Action::RunCell);
    a.update(Action::RunCell);
    insta::assert_snapshot!(draw(&mut a, 120, 40));
}

#[test]
fn heatmap_in_the_inspector() {
    let mut a = app("masking", Lang::En, false);
    a.update(Action::RunAll);
    // the cell that draws the combined mask
    for _ in 0..20 {
        a.update(Action::Up);
    }
    for _ in 0..3 {
        a.update(Action::Down);
    }
    insta::assert_snapshot!(draw(&mut a, 120, 40));
}

#[test]
fn memory_layout_of_a_transposed_tensor() {
    let mut a = app("view-reshape", Lang::En, false);
    a.update(Action::RunAll);
    for _ in 0..20 {
        a.update(Action::Up);
    }
    a.update(Action::Down);
    a.update(Action::ToggleMemory);
    insta::assert_snapshot!(draw(&mut a, 120, 40));
}

#[test]
fn help_overlay() {
    let mut a = app("masking", Lang::En, false);
    a.update(Action::Help);
    insta::assert_snapshot!(draw(&mut a, 100, 30));
}

#[test]
fn demo_mode() {
    let mut a = app("masking", Lang::En, true);
    a.update(Action::Next);
    a.update(Action::Next);
    insta::assert_snapshot!(draw(&mut a, 120, 36));
}

#[test]
fn tiny_terminal_asks_for_more_room() {
    let mut a = app("masking", Lang::En, false);
    insta::assert_snapshot!(draw(&mut a, 20, 5));
}

#[test]
fn korean_text_is_aligned_by_display_width() {
    let mut a = app("masking", Lang::Ko, false);
    a.update(Action::RunCell);
    insta::assert_snapshot!(draw(&mut a, 120, 40));
}

#[test]
fn rendering_never_panics_at_any_size() {
    let mut a = app("positional-encoding", Lang::Ko, false);
    a.update(Action::RunAll);
    for (w, h) in [
        (1, 1),
        (10, 3),
        (79, 23),
        (80, 24),
        (81, 200),
        (300, 24),
        (80, 100),
    ] {
        let _ = draw(&mut a, w, h);
        a.update(Action::NextTensor);
        a.update(Action::ToggleMemory);
    }
}

#[test]
fn korean_lesson_list_lines_up() {
    let mut a = app("masking", Lang::Ko, false);
    a.update(Action::OpenList);
    insta::assert_snapshot!(draw(&mut a, 80, 24));
}
