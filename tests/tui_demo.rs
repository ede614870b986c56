//! Demo mode for a class: each cell's code first (the room predicts), its output on the next click, its
//! own help, and the `--auto` clock with a countdown and a pause.

use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use transformer_tutor::lesson::{self, Lang};
use transformer_tutor::tui::action::{Action, from_key};
use transformer_tutor::tui::theme::ColorMode;
use transformer_tutor::tui::{App, StartOptions, ui};

fn demo(lesson: &str, lang: Lang, auto: Option<Duration>) -> App {
    App::new(StartOptions {
        lang,
        lesson: Some(lesson::bundle::find(lesson, lang).expect("bundled lesson")),
        demo: true,
        auto,
        overrides: vec![],
        persist: false,
        color: ColorMode::TrueColor,
        limits: lesson::Limits::default(),
    })
}

fn draw(app: &mut App, w: u16, h: u16) -> String {
    app.prepare(ratatui::layout::Rect::new(0, 0, w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    term.draw(|f| ui::render(app, f)).expect("draw");
    term.backend().to_string()
}

fn key(app: &App, c: char) -> Option<Action> {
    from_key(app, KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

#[test]
fn a_cell_shows_its_code_first_and_its_output_on_the_next_click() {
    let mut a = demo("masking", Lang::En, None);
    let n = a.notebook.cell_count();
    // The first cell's code, nothing run: the class predicts.
    assert!(a.notebook.outcomes[0].is_none());
    let code = draw(&mut a, 80, 24);
    assert!(code.contains("Predict, then click"), "{code}");
    assert!(code.contains(&format!("Masking 1/{n} · code")), "{code}");
    insta::assert_snapshot!("code_step_80x24", code);

    a.update(Action::Next);
    assert!(a.notebook.outcomes[0].is_some(), "the click ran the cell");
    let output = draw(&mut a, 80, 24);
    assert!(output.contains(&format!("1/{n} · output")), "{output}");
    assert!(!output.contains("Predict"), "{output}");

    // Back hides the output again; back once more goes to nothing before cell 1.
    a.update(Action::Prev);
    assert!(draw(&mut a, 80, 24).contains(&format!("1/{n} · code")));
    // Two clicks a cell.
    a.update(Action::Next);
    a.update(Action::Next);
    assert_eq!(a.notebook.selected, 1);
    assert!(draw(&mut a, 80, 24).contains(&format!("2/{n} · code")));
    a.update(Action::Prev);
    assert_eq!(a.notebook.selected, 0);
    assert!(draw(&mut a, 80, 24).contains(&format!("1/{n} · output")));
}

#[test]
fn the_output_step_draws_its_heatmap_in_place_in_korean() {
    let mut a = demo("masking", Lang::Ko, None);
    // Two clicks a cell (code, then output): to the output of the first cell with a heatmap.
    let first_map = a
        .notebook
        .lesson
        .cells()
        .position(|c| !c.heatmaps.is_empty())
        .expect("a heatmap");
    for _ in 0..2 * first_map + 1 {
        a.update(Action::Next);
    }
    let screen = draw(&mut a, 200, 60);
    assert!(screen.contains("히트맵은 오른쪽에"), "{screen}");
    assert!(
        !screen.contains("인스펙터"),
        "demo has no inspector:\n{screen}"
    );
    insta::assert_snapshot!("output_step_with_heatmap_200x60_ko", screen);
}

#[test]
fn question_mark_opens_demo_modes_own_help() {
    let mut a = demo("masking", Lang::En, None);
    let help = key(&a, '?').expect("? is bound in demo mode");
    a.update(help);
    let screen = draw(&mut a, 80, 24);
    assert!(screen.contains("pause / resume --auto"), "{screen}");
    assert!(!screen.contains("inspector"), "{screen}");
    insta::assert_snapshot!("demo_help_80x24", screen);
    a.update(Action::CloseOverlay);
    let mut k = demo("masking", Lang::Ko, None);
    k.update(Action::Help);
    assert!(draw(&mut k, 80, 24).contains("한 단계 뒤로"));
}

#[test]
fn auto_counts_down_in_the_footer_and_a_pauses_it() {
    let mut a = demo("masking", Lang::En, Some(Duration::from_secs(30)));
    let running = draw(&mut a, 200, 60);
    assert!(running.contains("next in"), "{running}");
    assert!(running.contains("a pause"), "{running}");
    assert!(a.auto_due().is_some());

    let pause = key(&a, 'a').expect("a is bound in demo mode");
    a.update(pause);
    assert!(a.auto_due().is_none(), "a paused clock is never due");
    let paused = draw(&mut a, 80, 24);
    assert!(
        paused.contains("auto paused") && paused.contains("a resume"),
        "{paused}"
    );
    insta::assert_snapshot!("auto_paused_80x24", paused);

    let mut k = demo("masking", Lang::Ko, Some(Duration::from_secs(30)));
    assert!(draw(&mut k, 80, 24).contains("초 후 다음"));
    k.update(Action::AutoPause);
    assert!(draw(&mut k, 80, 24).contains("자동 멈춤"));

    // The clock's click is a Next that stays within the lesson.
    a.update(Action::AutoPause);
    a.update(Action::Tick);
    assert!(a.notebook.outcomes[0].is_some());
}
