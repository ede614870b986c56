//! Whole-screen snapshots of the TUI (ratatui's TestBackend + insta): rendering is a pure function of the
//! app state, so each screen is built by applying actions and drawing once.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
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
        limits: transformer_tutor::interp::Limits::default(),
    })
}

/// One frame as the event loop draws it: `prepare` (the scroll, wrapped prose), then `render`.
fn draw(app: &mut App, w: u16, h: u16) -> String {
    app.prepare(ratatui::layout::Rect::new(0, 0, w, h));
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
fn shapes_line_by_line_with_the_line_cursor() {
    let mut a = app("multi-head-attention", Lang::En, false);
    a.update(Action::RunAll);
    for _ in 0..20 {
        a.update(Action::Up);
    }
    for _ in 0..cell_with(&a, "K = mha.fc_k(src)") {
        a.update(Action::Down);
    }
    a.update(Action::ToggleLines);
    a.update(Action::LineCursor(1));
    let wide = draw(&mut a, 160, 40);
    assert!(wide.contains("› K = mha.fc_k(src)"), "{wide}");
    insta::assert_snapshot!(draw(&mut a, 120, 40));
}

#[test]
fn korean_shapes_line_by_line() {
    let mut a = app("head-split", Lang::Ko, false);
    a.update(Action::RunAll);
    for _ in 0..20 {
        a.update(Action::Up);
    }
    for _ in 0..8 {
        a.update(Action::Down);
    }
    a.update(Action::LineCursor(1));
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
    // Each cell takes two clicks: its code, then its output (cell 3's output here).
    for _ in 0..5 {
        a.update(Action::Next);
    }
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
    // The Sizes panel too, with an error message that wraps.
    a.update(Action::Sizes);
    type_keys(&mut a, "↓↓↓9");
    for (w, h) in [(1, 1), (10, 3), (79, 23), (80, 24), (81, 200), (300, 24)] {
        let _ = draw(&mut a, w, h);
    }
}

#[test]
fn korean_lesson_list_lines_up() {
    let mut a = app("masking", Lang::Ko, false);
    a.update(Action::OpenList);
    insta::assert_snapshot!(draw(&mut a, 80, 24));
}

/// Sends keys as the terminal would: `↑ ↓ ← → ⌫ ⏎ ⎋` for the arrows, Backspace, Enter and Esc.
fn type_keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '↑' => KeyCode::Up,
            '↓' => KeyCode::Down,
            '⌫' => KeyCode::Backspace,
            '⏎' => KeyCode::Enter,
            '⎋' => KeyCode::Esc,
            '←' => KeyCode::Left,
            '→' => KeyCode::Right,
            c => KeyCode::Char(c),
        };
        let ev = ratatui::crossterm::event::Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
        if let Some(action) = transformer_tutor::tui::action::from_event(app, &ev) {
            app.update(action);
        }
    }
}

/// The first cell whose code contains `text` (tests find cells by what they do, not by position).
fn cell_with(app: &App, text: &str) -> usize {
    (0..app.notebook.cell_count())
        .find(|&i| app.notebook.codes[i].contains(text))
        .unwrap_or_else(|| panic!("no cell contains {text:?}"))
}

/// Seconds in the status line (`in 0.4 s`) vary from run to run; the snapshot keeps their place.
fn mask_seconds(screen: &str) -> String {
    let mut out = String::new();
    let mut rest = screen;
    while let Some(at) = rest.find(" in ") {
        let (head, tail) = rest.split_at(at + 4);
        out.push_str(head);
        let n = tail
            .find(" s")
            .filter(|&n| n > 0 && tail[..n].chars().all(|c| c.is_ascii_digit() || c == '.'))
            .unwrap_or(0);
        out.extend(std::iter::repeat_n('#', n));
        rest = &tail[n..];
    }
    out.push_str(rest);
    out
}

fn dims_of(app: &App) -> Vec<(String, i64)> {
    app.notebook
        .kernel
        .as_ref()
        .expect("kernel")
        .dims()
        .to_vec()
}

fn dim(app: &App, name: &str) -> i64 {
    dims_of(app)
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v)
        .expect("dim")
}

#[test]
fn sizes_panel_open() {
    let mut a = app("encoder-layer", Lang::En, false);
    type_keys(&mut a, "z");
    insta::assert_snapshot!(draw(&mut a, 100, 30));
}

#[test]
fn sizes_panel_while_editing() {
    let mut a = app("encoder-layer", Lang::En, false);
    // hid_dim 16: head_dim follows (8); the typed value shows with a cursor.
    type_keys(&mut a, "z↓↓16");
    insta::assert_snapshot!(draw(&mut a, 100, 30));
}

#[test]
fn sizes_panel_in_korean_at_the_smallest_size_refuses_a_head_count_that_does_not_divide() {
    let mut a = app("encoder-layer", Lang::Ko, false);
    type_keys(&mut a, "z↓↓↓3⏎");
    assert!(
        a.sizes.is_some(),
        "Enter with invalid sizes keeps the panel"
    );
    insta::assert_snapshot!(draw(&mut a, 80, 24));
}

#[test]
fn paper_sizes_rerun_the_cells_with_new_named_shapes_and_a_downsampled_heatmap() {
    let mut a = app("add-norm", Lang::En, false);
    a.update(Action::RunAll);
    for _ in 0..20 {
        a.update(Action::Up);
    }
    // The cell that draws `h` ([bs, sl, hid_dim], LayerNorm by hand) as a heatmap of h[0].
    let at = cell_with(&a, "# heatmap: h[0]");
    for _ in 0..at {
        a.update(Action::Down);
    }
    type_keys(&mut a, "z→⏎");
    assert!(a.sizes.is_none(), "valid sizes close the panel");
    assert_eq!(
        (dim(&a, "bs"), dim(&a, "sl"), dim(&a, "hid_dim")),
        (8, 128, 512)
    );
    // `h` is made by the exercise before it (the learner's code: here the starter's).
    let made = cell_with(&a, "h = y - mean");
    let h = a.notebook.outcomes[made]
        .as_ref()
        .expect("the exercise was rerun");
    let shapes: Vec<&str> = h.tensors.iter().map(|t| t.named_shape.as_str()).collect();
    assert!(
        shapes.contains(&"[bs=8, sl=128, hid_dim=512]"),
        "{shapes:?}"
    );
    let map = a.notebook.outcomes[at]
        .as_ref()
        .expect("the cell was rerun");
    assert_eq!((map.heatmaps[0].rows, map.heatmaps[0].cols), (128, 512));
    // The inspector on `h` (the last tensor): its named shape and its h[0] slice, downsampled.
    a.update(Action::PrevTensor);
    insta::assert_snapshot!(mask_seconds(&draw(&mut a, 120, 40)));
}

#[test]
fn escape_cancels_the_sizes_panel() {
    let mut a = app("encoder-layer", Lang::En, false);
    let before = dims_of(&a);
    type_keys(&mut a, "z↓77→⎋");
    assert!(a.sizes.is_none());
    assert_eq!(dims_of(&a), before);
    assert!(a.overrides.is_empty());
}

#[test]
fn invalid_sizes_never_reach_the_kernel() {
    for (keys, says) in [
        ("z↓⌫⌫⏎", "sl: type a value"),
        ("z↓0⏎", "sl: must be at least 1 (0)"),
        ("z↓-5⏎", "sl: must be at least 1 (-5)"),
        ("z↓ab⏎", "sl: `ab` is not a whole number"),
        ("z↓5000⏎", "sl: 5000 is too large (at most 4096)"),
        (
            "z↓↓↓3⏎",
            "hid_dim=8 is not divisible by n_heads=3 (head_dim = hid_dim // n_heads)",
        ),
    ] {
        let mut a = app("encoder-layer", Lang::En, false);
        let before = dims_of(&a);
        type_keys(&mut a, keys);
        let panel = a.sizes.as_ref().expect("the panel stays open");
        let message = panel.error.as_ref().map(|e| e.message(Lang::En));
        assert_eq!(message.as_deref(), Some(says), "{keys}");
        assert_eq!(dims_of(&a), before, "{keys}");
        // Long messages wrap in the panel: their start is on screen.
        let start: String = says.chars().take(30).collect();
        assert!(draw(&mut a, 100, 30).contains(&start), "{keys}");
    }
}

#[test]
fn sizes_carry_over_to_the_next_lesson_and_toy_brings_the_defaults_back() {
    let mut a = app("add-norm", Lang::En, false);
    type_keys(&mut a, "z→⏎");
    a.update(Action::NextLesson);
    assert_eq!(a.notebook.lesson.id, "feed-forward");
    assert_eq!((dim(&a, "hid_dim"), dim(&a, "pf_dim")), (512, 2048));
    assert!(draw(&mut a, 120, 40).contains("sizes bs=8 sl=128 hid_dim=512 pf_dim=2048"));
    // An edit carries over by name; the language switch keeps the sizes.
    type_keys(&mut a, "z↓64⏎");
    a.update(Action::ToggleLang);
    assert_eq!((dim(&a, "sl"), dim(&a, "hid_dim")), (64, 512));
    type_keys(&mut a, "z←⏎");
    assert!(a.overrides.is_empty(), "{:?}", a.overrides);
    a.update(Action::PrevLesson);
    assert_eq!(
        (dim(&a, "bs"), dim(&a, "sl"), dim(&a, "hid_dim")),
        (1, 7, 8)
    );
    assert!(!draw(&mut a, 120, 40).contains("크기 bs="));
}

#[test]
fn the_sizes_panel_works_in_demo_mode() {
    let mut a = app("add-norm", Lang::En, true);
    a.update(Action::Next);
    assert!(
        a.notebook.outcomes[0].is_some(),
        "the first click runs the first cell"
    );
    type_keys(&mut a, "z→⏎");
    let first = a.notebook.outcomes[0].as_ref().expect("rerun");
    assert!(
        first
            .tensors
            .iter()
            .any(|t| t.named_shape == "[bs=8, sl=128, hid_dim=512]")
    );
    let screen = draw(&mut a, 120, 36);
    assert!(screen.contains("sizes bs=8 sl=128 hid_dim=512"), "{screen}");
}

#[test]
fn the_sizes_panel_on_a_tiny_terminal_still_asks_for_more_room() {
    let mut a = app("masking", Lang::En, false);
    let tiny = draw(&mut a, 20, 5);
    type_keys(&mut a, "z");
    assert!(a.sizes.is_some());
    assert_eq!(draw(&mut a, 20, 5), tiny);
}

#[test]
fn prepare_follows_the_selection_and_render_only_reads() {
    let mut a = app("masking", Lang::En, false);
    a.update(Action::RunAll);
    let last = a.notebook.cell_count();
    assert!(a.notebook.prose_cache.is_empty());
    let area = ratatui::layout::Rect::new(0, 0, 120, 40);
    a.prepare(area);
    assert!(!a.notebook.prose_cache.is_empty(), "prose wrapped once");
    assert!(a.notebook.scroll > 0, "the last cell is far down");
    let first = draw(&mut a, 120, 40);
    assert!(first.contains(&format!("In [{last}]")), "{first}");
    // Nothing moves between frames of the same state.
    a.prepare(area);
    let scroll = a.notebook.scroll;
    assert_eq!(draw(&mut a, 120, 40), first);
    a.prepare(area);
    assert_eq!(a.notebook.scroll, scroll);
    // Back to the first cell: the view follows it up.
    for _ in 0..last {
        a.update(Action::Up);
    }
    a.prepare(area);
    assert!(a.notebook.scroll < scroll);
    assert!(draw(&mut a, 120, 40).contains("In [1]"));
}

/// The screen's line that holds `needle`, for asserting on one row of a snapshot.
fn line_with<'s>(screen: &'s str, needle: &str) -> &'s str {
    screen
        .lines()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{screen}"))
}

#[test]
fn korean_labels_sit_over_their_columns_of_an_attention_heatmap() {
    let mut a = app("multi-head-attention", Lang::Ko, false);
    a.update(Action::RunAll);
    for _ in 0..20 {
        a.update(Action::Up);
    }
    // The cell with `# heatmap: attn[0, 0] labels=tokens`.
    for _ in 0..4 {
        a.update(Action::Down);
    }
    let screen = draw(&mut a, 120, 40);
    // Whole labels, none cut: 좋네요 is six columns wide and has room on its staggered line.
    assert!(line_with(&screen, "좋네요").contains("<pad>"), "{screen}");
    assert!(!screen.contains("좋네…"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn integer_ids_are_printed_whole() {
    let mut a = app("tokenization", Lang::En, false);
    a.update(Action::RunAll);
    for _ in 0..20 {
        a.update(Action::Up);
    }
    // The cell with `# heatmap: pos` (int64 positions, 0 for padding).
    for _ in 0..cell_with(&a, "# heatmap: pos") {
        a.update(Action::Down);
    }
    let screen = draw(&mut a, 120, 40);
    assert!(line_with(&screen, "pos (1/").contains("pos"), "{screen}");
    assert!(
        !screen.contains("1.00") && !screen.contains(".004"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn a_bool_mask_without_colour_is_drawn_as_filled_and_empty_squares() {
    let mut a = app("masking", Lang::Ko, false);
    a.color = ColorMode::None;
    a.update(Action::RunAll);
    for _ in 0..20 {
        a.update(Action::Up);
    }
    for _ in 0..cell_with(&a, "# heatmap: sub_mask") {
        a.update(Action::Down);
    }
    let screen = draw(&mut a, 120, 40);
    assert!(line_with(&screen, "■ True").contains("□ False"), "{screen}");
    assert!(!screen.contains("1.00 0.00"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn a_paper_size_attention_map_has_range_labels_and_its_true_range() {
    let mut a = app("attention-softmax", Lang::En, false);
    a.update(Action::RunAll);
    for _ in 0..20 {
        a.update(Action::Up);
    }
    // The cell with `# heatmap: attn[0, 0] labels=tokens`: 128×128 at paper size, more rows than lines.
    let at = cell_with(&a, "# heatmap: attn[0, 0] labels=tokens");
    for _ in 0..at {
        a.update(Action::Down);
    }
    type_keys(&mut a, "z→⏎");
    let h = a.notebook.outcomes[at]
        .as_ref()
        .expect("the cell was rerun");
    assert_eq!((h.heatmaps[0].rows, h.heatmaps[0].cols), (128, 128));
    let screen = mask_seconds(&draw(&mut a, 120, 40));
    // Buckets of rows are labelled by the positions they cover, and the legend keeps softmax's top
    // (block means of a causal softmax would stop far below the largest weight).
    assert!(line_with(&screen, "124–127 ").contains('▀'), "{screen}");
    assert!(screen.contains("1.00"), "{screen}");
    insta::assert_snapshot!(screen);
}

fn app_from(text: &str) -> App {
    App::new(StartOptions {
        lang: Lang::En,
        lesson: Some(lesson::parse::parse_lesson(text, "t.md", Lang::En).expect("parses")),
        demo: false,
        auto: None,
        overrides: vec![],
        persist: false,
        color: ColorMode::TrueColor,
        limits: transformer_tutor::interp::Limits::default(),
    })
}

/// The screen's rows without the soft-wrap marks, joined: what a learner reads across wrapped lines.
/// Spaces are left out (a space at a break is indistinguishable from the row's padding).
fn unwrapped(screen: &str) -> String {
    screen
        .lines()
        .map(|row| {
            // TestBackend notes the cells under wide characters after the row's closing quote.
            let row = match row.rfind("\" Hidden by") {
                Some(end) => &row[1..end],
                None => row.trim_matches('"'),
            };
            match row.find("↪ ") {
                Some(at) => row[at + "↪ ".len()..].trim_end().to_string(),
                None => format!("\n{}", row.trim_end()),
            }
        })
        .collect::<String>()
        .replace(' ', "")
}

#[test]
fn enter_on_lesson_1s_first_cell_keeps_its_output_on_screen() {
    let mut a = app("tokenization", Lang::En, false);
    let before = draw(&mut a, 80, 24);
    a.update(Action::RunCell);
    assert_eq!(a.notebook.selected, 1, "Enter moves on to the next cell");
    let screen = draw(&mut a, 80, 24);
    let printed = a.notebook.outcomes[0].as_ref().expect("ran").stdout.clone();
    // Every line the cell printed is on screen whole, the vocabulary (wider than the pane) wrapped.
    let read = unwrapped(&screen);
    for line in printed.lines() {
        assert!(
            read.contains(&line.replace(' ', "")),
            "{line:?} not on\n{screen}"
        );
    }
    assert!(screen.contains("↪"), "{screen}");
    // The next cell is selected, below the output (off this short screen: the output comes first).
    let n = a.notebook.cell_count();
    assert!(screen.contains(&format!("cell 2/{n}")), "{screen}");
    assert_ne!(screen, before);
    insta::assert_snapshot!(screen);
}

#[test]
fn a_cell_that_raises_keeps_the_selection_and_its_error_in_view() {
    let mut a = app_from(
        "---\nid: t\ntitle: T\norder: 1\n---\n\n```python\nx = [1, 2, 3]\nprint(x[7])\n```\n\n```python\nprint(2)\n```\n",
    );
    a.update(Action::RunCell);
    assert_eq!(a.notebook.selected, 0, "stays on the cell that raised");
    let screen = draw(&mut a, 80, 24);
    assert!(screen.contains("IndexError"), "{screen}");
    // Run-and-stay, last / first cell, run all above.
    type_keys(&mut a, "G");
    assert_eq!(a.notebook.selected, 1);
    type_keys(&mut a, "r");
    assert_eq!(a.notebook.selected, 1);
    assert!(a.notebook.outcomes[1].is_some());
    type_keys(&mut a, "g");
    assert_eq!(a.notebook.selected, 0);
    a.notebook.outcomes = vec![None, None];
    type_keys(&mut a, "GA");
    assert!(a.notebook.outcomes[0].is_some() && a.notebook.outcomes[1].is_none());
    assert_eq!(a.notebook.selected, 1);
    assert_eq!(
        a.status.as_deref(),
        Some("ran the 1 cells above; 1 raised an error")
    );
}

#[test]
fn a_long_output_line_wraps_under_a_continuation_mark() {
    let mut a = app_from(
        "---\nid: t\ntitle: T\norder: 1\n---\n\n```python\nprint(\"커피가 맛이 좋네요 \" * 8 + \"end\")\nprint(list(range(40)))\n```\n",
    );
    a.update(Action::RunCell);
    let screen = draw(&mut a, 80, 24);
    let read = unwrapped(&screen);
    assert!(read.contains(&"커피가맛이좋네요".repeat(8)), "{screen}");
    let numbers: Vec<String> = (0..40).map(|n| n.to_string()).collect();
    assert!(
        read.contains(&format!("[{}]", numbers.join(","))),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn the_footer_keeps_help_beside_a_status_message() {
    let message = "cell 12 raised an error — see below the cell";
    let mut a = app("masking", Lang::En, false);
    a.status = Some(message.into());
    let screen = draw(&mut a, 80, 24);
    let footer = screen.lines().last().unwrap_or_default().to_string();
    assert!(
        footer.contains("? help") && footer.contains("cell 12 raised"),
        "{footer}"
    );
    // The footer alone at 60 columns (the notebook itself asks for 80).
    let mut term = Terminal::new(TestBackend::new(60, 1)).expect("test backend");
    term.draw(|f| {
        let line = transformer_tutor::tui::footer::footer(
            transformer_tutor::tui::footer::NOTEBOOK_EN,
            Some(message),
            60,
        );
        f.render_widget(ratatui::widgets::Paragraph::new(line), f.area());
    })
    .expect("draw");
    let at_60 = term.backend().to_string();
    assert!(at_60.contains("? help") && at_60.contains("…"), "{at_60}");
    insta::assert_snapshot!(format!("{footer}\n{at_60}"));
}

#[test]
fn a_question_hides_its_shape_comment_and_a_wrong_answer_may_be_retried() {
    let mut a = app("head-split", Lang::En, false);
    // Cell 4 asks for the shape of `qh` (its comment: `# qh: [bs, n_heads, sl, head_dim]`).
    type_keys(&mut a, "⏎⏎⏎");
    assert_eq!(a.notebook.selected, 3);
    // Down and back: the view shows cell 4 from its top.
    type_keys(&mut a, "↓");
    draw(&mut a, 120, 40);
    type_keys(&mut a, "↑");
    let screen = draw(&mut a, 120, 40);
    assert!(screen.contains("# qh: [?]"), "{screen}");
    assert!(!screen.contains("# qh: [bs"), "{screen}");
    type_keys(&mut a, "⏎");
    assert!(
        a.notebook.answer.is_some(),
        "Enter on a question asks first"
    );
    // Not a shape: explained, not counted.
    type_keys(&mut a, "dunno⏎");
    assert!(draw(&mut a, 120, 40).contains("write sizes or the lesson's dim names"));
    for _ in 0.."dunno".len() {
        type_keys(&mut a, "⌫");
    }
    // Wrong: said so, the prompt stays and the comment stays hidden.
    type_keys(&mut a, "[bs, sl, n_heads, head_dim]⏎");
    assert!(a.notebook.answer.is_some());
    assert!(a.notebook.outcomes[3].is_none());
    let wrong = draw(&mut a, 80, 24);
    assert!(wrong.contains("not quite"), "{wrong}");
    assert!(!wrong.contains("# qh: [bs"), "{wrong}");
    insta::assert_snapshot!(wrong);
    // Right on the second try, with sizes: kept, and the cell runs.
    type_keys(&mut a, "1 2 7 4⏎");
    assert!(a.notebook.answer.is_none());
    assert_eq!(a.notebook.answers[3], Some(("1 2 7 4".to_string(), true)));
    assert!(a.notebook.outcomes[3].is_some());
    assert!(draw(&mut a, 120, 40).contains("# qh: [bs, n_heads, sl, head_dim]"));
}

#[test]
fn tab_in_the_prompt_shows_the_answer() {
    let mut a = app("head-split", Lang::En, false);
    type_keys(&mut a, "⏎⏎⏎⏎1 7 2 4⏎");
    let tab =
        ratatui::crossterm::event::Event::Key(KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE));
    if let Some(action) = transformer_tutor::tui::action::from_event(&a, &tab) {
        a.update(action);
    }
    assert!(a.notebook.answer.is_none());
    assert_eq!(a.notebook.answers[3], Some(("1 7 2 4".to_string(), false)));
    let screen = draw(&mut a, 120, 40);
    assert!(
        screen.contains("it is [bs, n_heads, sl, head_dim]"),
        "{screen}"
    );
}
