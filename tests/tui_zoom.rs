//! Zooming into large heatmaps, axis titles from the named dims, small maps scaled up, and the memory
//! view as a picture: whole-screen snapshots (ratatui's TestBackend + insta) and the keys that drive them.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use transformer_tutor::lesson::{self, Lang};
use transformer_tutor::tui::action::{self, Action};
use transformer_tutor::tui::app::Mode;
use transformer_tutor::tui::theme::ColorMode;
use transformer_tutor::tui::{App, StartOptions, ui};

fn start(lesson: lesson::Lesson, lang: Lang, overrides: &[(&str, i64)]) -> App {
    App::new(StartOptions {
        lang,
        lesson: Some(lesson),
        demo: false,
        auto: None,
        overrides: overrides.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
        persist: false,
        color: ColorMode::TrueColor,
        limits: transformer_tutor::interp::Limits::default(),
    })
}

/// A bundled lesson with every cell run and the first cell whose code contains `code` selected (tests
/// find cells by what they do, so a lesson may gain cells).
fn at_cell(id: &str, lang: Lang, overrides: &[(&str, i64)], code: &str) -> App {
    let lesson = lesson::bundle::find(id, lang).expect("bundled lesson");
    let mut a = start(lesson, lang, overrides);
    a.update(Action::RunAll);
    a.update(Action::First);
    let at = (0..a.notebook.cell_count())
        .find(|&i| a.notebook.codes[i].contains(code))
        .unwrap_or_else(|| panic!("no cell of {id} contains {code:?}"));
    for _ in 0..at {
        a.update(Action::Down);
    }
    a
}

/// One frame as the event loop draws it: `prepare`, then `render`.
fn draw(app: &mut App, w: u16, h: u16) -> String {
    app.prepare(ratatui::layout::Rect::new(0, 0, w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    term.draw(|f| ui::render(app, f)).expect("draw");
    term.backend().to_string()
}

/// Keys as the event loop turns them into actions, a frame drawn after each (as the loop does).
fn press(app: &mut App, keys: &[KeyCode], w: u16, h: u16) {
    for &code in keys {
        let ev = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        if let Some(action) = action::from_event(app, &ev) {
            app.update(action);
        }
        draw(app, w, h);
    }
}

fn line_with<'s>(screen: &'s str, needle: &str) -> &'s str {
    screen
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{screen}"))
}

const PLUS: KeyCode = KeyCode::Char('+');

#[test]
fn a_zoomed_paper_size_map_has_range_labels_and_the_tensors_range() {
    // Lesson 7, cell 6: `# heatmap: attn[0, 0] labels=tokens`, 128×128 at sl=128.
    let mut a = at_cell(
        "attention-softmax",
        Lang::En,
        &[("sl", 128)],
        "# heatmap: attn[0, 0] labels=tokens",
    );
    draw(&mut a, 120, 40);
    press(&mut a, &[PLUS], 120, 40);
    assert_eq!(a.mode(), Mode::Zoom);
    let screen = draw(&mut a, 120, 40);
    // Half the map each way, its rows in buckets of two labelled by the positions they cover; the legend
    // still reaches softmax's largest weight.
    assert!(
        screen.contains("rows sl 0–63 of 128 · cols sl 0–63 of 128"),
        "{screen}"
    );
    assert!(line_with(&screen, " 2–3 ").contains('▀'), "{screen}");
    assert!(screen.contains("1.00"), "{screen}");
    assert!(screen.contains("0/Esc whole map"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn the_deepest_zoom_shows_the_first_positions_one_value_per_cell_with_their_tokens() {
    let mut a = at_cell(
        "attention-softmax",
        Lang::En,
        &[("sl", 128)],
        "# heatmap: attn[0, 0] labels=tokens",
    );
    draw(&mut a, 120, 40);
    press(&mut a, &[PLUS; 8], 120, 40);
    let screen = draw(&mut a, 120, 40);
    assert!(screen.contains("rows sl 0–"), "{screen}");
    assert!(screen.contains("one value per cell"), "{screen}");
    assert!(screen.contains("deepest zoom"), "{screen}");
    // Each row its own token: the sentence, then its padding.
    for token in ["커피", "좋네요", "<pad>"] {
        assert!(
            line_with(&screen, token).contains('▀'),
            "{token} in {screen}"
        );
    }
    insta::assert_snapshot!(screen);

    // Panning moves the window along the map; 0 shows it whole and leaves the mode.
    press(&mut a, &[KeyCode::Down, KeyCode::Right], 120, 40);
    let panned = draw(&mut a, 120, 40);
    assert!(!panned.contains("rows sl 0–"), "{panned}");
    assert!(
        !line_with(&panned, "cols sl").contains("cols sl 0–"),
        "{panned}"
    );
    press(&mut a, &[KeyCode::Char('0')], 120, 40);
    assert_eq!(a.mode(), Mode::Notebook);
    assert!(draw(&mut a, 120, 40).contains("rows sl · cols sl"));
    // Esc leaves too; `-` back to level 0 as well.
    press(&mut a, &[PLUS, KeyCode::Esc], 120, 40);
    assert_eq!(a.mode(), Mode::Notebook);
    press(&mut a, &[PLUS, KeyCode::Char('-')], 120, 40);
    assert_eq!(a.mode(), Mode::Notebook);
}

#[test]
fn korean_labels_over_a_zoomed_map() {
    let mut a = at_cell(
        "attention-softmax",
        Lang::Ko,
        &[("sl", 128)],
        "# heatmap: attn[0, 0] labels=tokens",
    );
    draw(&mut a, 120, 40);
    press(&mut a, &[PLUS; 8], 120, 40);
    let screen = draw(&mut a, 120, 40);
    assert!(screen.contains("행 sl 0–"), "{screen}");
    assert!(screen.contains("(128개 중)"), "{screen}");
    assert!(screen.contains("칸 하나에 값 하나"), "{screen}");
    // Labels right-aligned by display width: 좋네요 (six columns) ends where 커피 (four) ends.
    let end = |token: &str| {
        let l = line_with(&screen, token);
        let before = &l[..l.find(token).expect("token")];
        unicode_width::UnicodeWidthStr::width(before) + unicode_width::UnicodeWidthStr::width(token)
    };
    assert_eq!(end("좋네요"), end("커피"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn the_masking_map_is_titled_by_its_named_dims() {
    // Lesson 6: `# heatmap: trg_mask[0, 0] labels=tokens` of a [bs, 1, sl, sl] mask.
    let mut a = at_cell("masking", Lang::En, &[], "# heatmap: trg_mask[0, 0]");
    let screen = draw(&mut a, 120, 40);
    assert!(
        line_with(&screen, "trg_mask[0, 0] (1/2)").contains("rows sl · cols sl"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn axis_names_come_from_the_dataflow_not_from_the_sizes() {
    // `x` is built from the dim `n`; `y` has the same sizes from literals, so nothing names its axes.
    let text = "---\nid: t\ntitle: T\norder: 1\ndims:\n  n: 4\n---\n\n```python\nimport torch\nx = torch.ones(n, 3)\n# heatmap: x\ny = torch.ones(4, 3)\n# heatmap: y\n```\n";
    let lesson = lesson::parse::parse_lesson(text, "t.md", Lang::En).expect("parses");
    let mut a = start(lesson, Lang::En, &[]);
    a.update(Action::RunStay);
    let o = a.notebook.outcomes[0].as_ref().expect("ran");
    assert!(o.error.is_none(), "{:?}", o.error);
    assert_eq!(
        (
            o.heatmaps[0].row_dim.as_deref(),
            o.heatmaps[0].col_dim.as_deref()
        ),
        (Some("n"), None)
    );
    assert_eq!(
        (
            o.heatmaps[1].row_dim.as_deref(),
            o.heatmaps[1].col_dim.as_deref()
        ),
        (None, None)
    );
    let screen = draw(&mut a, 120, 40);
    assert!(
        line_with(&screen, "x (1/").contains("rows n · cols 3"),
        "{screen}"
    );
    a.update(Action::NextTensor);
    let screen = draw(&mut a, 120, 40);
    assert!(!line_with(&screen, "y (2/").contains("rows"), "{screen}");
}

#[test]
fn a_small_map_is_scaled_up_on_a_big_terminal() {
    let mut a = at_cell("masking", Lang::En, &[], "# heatmap: trg_mask[0, 0]");
    let screen = draw(&mut a, 200, 60);
    // Rows several lines apart, so the 7×7 mask fills the pane as squares instead of a corner of it.
    let row = |token: &str| {
        screen
            .lines()
            .position(|l| l.contains(&format!("{token}    ")) && l.contains('■'))
            .unwrap_or_else(|| panic!("{token} in {screen}"))
    };
    assert!(row("가") - row("커피") >= 3, "{screen}");
    // `+` on a map that already shows every value says so and stays out of zoom mode.
    press(&mut a, &[PLUS], 200, 60);
    assert_eq!(a.mode(), Mode::Notebook);
    let screen = draw(&mut a, 200, 60);
    assert!(
        screen.contains("already shows one value per cell"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn the_memory_strip_of_a_transposed_tensor_follows_the_stepped_selection() {
    // Lesson 8: `t = c.transpose(1, 2)`, [2, 2, 3] with strides (6, 1, 2).
    let mut a = at_cell("view-reshape", Lang::En, &[], "t = c.transpose(1, 2)");
    // Left and Right mean nothing in the notebook until the memory view is shown.
    let right = Event::Key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
    assert_eq!(action::from_event(&a, &right), None);
    a.update(Action::ToggleMemory);
    draw(&mut a, 120, 40);
    press(&mut a, &[KeyCode::Right; 3], 120, 40);
    let screen = draw(&mut a, 120, 40);
    // Element 3 in view order is t[0, 1, 0]: the transpose makes it read storage cell 1.
    assert!(
        screen.contains("t[0, 1, 0] → storage[1] = 0 + 0·6 + 1·1 + 0·2"),
        "{screen}"
    );
    assert!(screen.contains("(4/12)"), "{screen}");
    assert!(screen.contains("│ 0│ 1│ 2│ 3│"), "{screen}");
    insta::assert_snapshot!(screen);
    // One step more: t[0, 1, 1] reads cell 3, two cells on in the storage.
    press(&mut a, &[KeyCode::Right], 120, 40);
    assert!(draw(&mut a, 120, 40).contains("t[0, 1, 1] → storage[3]"));
    press(&mut a, &[KeyCode::Left; 10], 120, 40);
    assert!(draw(&mut a, 120, 40).contains("t[0, 0, 0] → storage[0]"));
}
