//! `/` search: the query line, the next matching cell (code or the prose before it), wrapping round.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use transformer_tutor::lesson::{self, Lang};
use transformer_tutor::tui::action::{Action, from_key};
use transformer_tutor::tui::app::Mode;
use transformer_tutor::tui::theme::ColorMode;
use transformer_tutor::tui::{App, StartOptions};

fn type_in(app: &mut App, text: &str) {
    for c in text.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            c => KeyCode::Char(c),
        };
        let action = from_key(app, KeyEvent::new(code, KeyModifiers::NONE)).expect("a key");
        app.update(action);
    }
}

#[test]
fn slash_finds_the_next_cell_with_the_word_and_wraps_round() {
    let mut app = App::new(StartOptions {
        lang: Lang::En,
        lesson: Some(lesson::bundle::find("masking", Lang::En).expect("bundled")),
        demo: false,
        auto: None,
        overrides: vec![],
        persist: false,
        color: ColorMode::None,
        limits: lesson::Limits::default(),
    });
    let cells_with = |app: &App, word: &str| -> Vec<usize> {
        (0..app.notebook.cell_count())
            .filter(|&i| app.notebook.codes[i].contains(word))
            .collect()
    };
    let expected = cells_with(&app, "masked_fill");
    assert!(expected.len() >= 2, "{expected:?}");

    type_in(&mut app, "/");
    assert_eq!(app.mode(), Mode::Search);
    type_in(&mut app, "MASKED_FILL");
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.starts_with("/MASKED_FILL"))
    );
    type_in(&mut app, "\n");
    assert_eq!(app.mode(), Mode::Notebook);
    let first = app.notebook.selected;
    assert!(expected.contains(&first), "{first} not in {expected:?}");
    // `/` offers the last query: Enter finds the next match.
    type_in(&mut app, "/\n");
    assert_ne!(app.notebook.selected, first);
    // Round the end and back to the first match.
    for _ in 0..20 {
        type_in(&mut app, "/\n");
        if app.notebook.selected == first {
            break;
        }
    }
    assert_eq!(app.notebook.selected, first);

    type_in(&mut app, "/");
    for _ in 0.."masked_fill".len() {
        app.update(Action::Key(KeyEvent::new(
            KeyCode::Backspace,
            KeyModifiers::NONE,
        )));
    }
    type_in(&mut app, "no such words here\n");
    assert_eq!(app.notebook.selected, first);
    assert!(
        app.status
            .as_deref()
            .is_some_and(|s| s.ends_with("not found"))
    );
}
