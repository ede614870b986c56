//! The notebook's layout adapts (issue 14): the inspector collapses when there is nothing to inspect,
//! hides (`i`) and maximises (`f`, Esc back), grows for a heatmap; every screen is laid out down to
//! 60x20; popups clear their whole area; Markdown tables are drawn as tables; the editor shows line
//! numbers and its own key hints. Whole-screen snapshots with ratatui's TestBackend and insta.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use transformer_tutor::lesson::{self, Lang};
use transformer_tutor::tui::action::{Action, from_event};
use transformer_tutor::tui::layout::InspectorMode;
use transformer_tutor::tui::theme::ColorMode;
use transformer_tutor::tui::{App, StartOptions, ui};

fn options(lang: Lang, lesson: lesson::Lesson) -> StartOptions {
    StartOptions {
        lang,
        lesson: Some(lesson),
        demo: false,
        auto: None,
        overrides: vec![],
        persist: false,
        color: ColorMode::TrueColor,
        limits: transformer_tutor::interp::Limits::default(),
    }
}

fn app(lesson: &str, lang: Lang) -> App {
    let lesson = lesson::bundle::find(lesson, lang).expect("bundled lesson");
    App::new(options(lang, lesson))
}

fn app_from(text: &str, lang: Lang) -> App {
    let lesson = lesson::parse::parse_lesson(text, "t.md", lang).expect("parses");
    App::new(options(lang, lesson))
}

/// One frame as the event loop draws it (`prepare`, then `render`), as the buffer.
fn frame(app: &mut App, w: u16, h: u16) -> Buffer {
    app.prepare(Rect::new(0, 0, w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    term.draw(|f| ui::render(app, f)).expect("draw");
    term.backend().buffer().clone()
}

fn draw(app: &mut App, w: u16, h: u16) -> String {
    app.prepare(Rect::new(0, 0, w, h));
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    term.draw(|f| ui::render(app, f)).expect("draw");
    term.backend().to_string()
}

/// Sends keys as the terminal would: `↑ ↓ ← → ⏎ ⎋` for the arrows, Enter and Esc.
fn keys(app: &mut App, keys: &str) {
    for c in keys.chars() {
        let code = match c {
            '↑' => KeyCode::Up,
            '↓' => KeyCode::Down,
            '←' => KeyCode::Left,
            '→' => KeyCode::Right,
            '⏎' => KeyCode::Enter,
            '⎋' => KeyCode::Esc,
            c => KeyCode::Char(c),
        };
        key(app, KeyEvent::new(code, KeyModifiers::NONE));
    }
}

fn key(app: &mut App, k: KeyEvent) {
    if let Some(action) = from_event(app, &Event::Key(k)) {
        app.update(action);
    }
}

/// The masking lesson run whole, on cell 7 (its `enc_weights` heatmap with Korean token labels).
fn masking_on_its_heatmap(lang: Lang) -> App {
    let mut a = app("masking", lang);
    a.update(Action::RunAll);
    a.update(Action::First);
    // The attention weights of the first sentence, first head: a 7×7 map labelled by token.
    let at = (0..a.notebook.cell_count())
        .find(|&i| a.notebook.codes[i].contains("# heatmap: weights[0, 0]"))
        .expect("the weights cell");
    keys(&mut a, &"j".repeat(at));
    a
}

#[test]
fn a_cell_not_run_yet_leaves_the_inspector_one_line() {
    let mut a = app("masking", Lang::En);
    let screen = draw(&mut a, 80, 24);
    assert!(
        screen.contains("── inspector · run the cell to inspect its tensors · i hide"),
        "{screen}"
    );
    // No inspector box: the notebook runs down to the line above the footer.
    assert!(!screen.contains("┌ inspector"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn a_cell_that_made_no_tensors_collapses_it_too() {
    let mut a = app_from(
        "---\nid: t\ntitle: T\norder: 1\n---\n\nSome prose.\n\n```python\nprint(1 + 1)\n```\n",
        Lang::Ko,
    );
    keys(&mut a, "r");
    let screen = draw(&mut a, 60, 20);
    assert!(
        screen.contains("── 인스펙터 · 이 셀에는 살펴볼 텐서가 없음 · i 숨기기"),
        "{screen}"
    );
}

#[test]
fn i_hides_the_inspector_and_brings_it_back() {
    let mut a = masking_on_its_heatmap(Lang::En);
    assert!(draw(&mut a, 80, 24).contains("┌ inspector"));
    keys(&mut a, "i");
    assert_eq!(a.inspector, InspectorMode::Hidden);
    let hidden = draw(&mut a, 80, 24);
    assert!(!hidden.contains("inspector ("), "{hidden}");
    // The footer says how to get it back, even beside a status message.
    assert!(hidden.contains("i inspector"), "{hidden}");
    keys(&mut a, "i");
    assert_eq!(a.inspector, InspectorMode::Shown);
}

#[test]
fn f_maximises_the_inspector_and_f_or_esc_gives_the_notebook_back() {
    let mut a = masking_on_its_heatmap(Lang::En);
    keys(&mut a, "f");
    assert_eq!(a.inspector, InspectorMode::Full);
    let full = draw(&mut a, 80, 24);
    assert!(full.contains("f/Esc back"), "{full}");
    assert!(
        !full.contains("In ["),
        "the notebook is out of the way: {full}"
    );
    insta::assert_snapshot!(full);
    keys(&mut a, "⎋");
    assert_eq!(a.inspector, InspectorMode::Shown);
    keys(&mut a, "ff");
    assert_eq!(a.inspector, InspectorMode::Shown);
    // Esc means nothing new while the inspector is in its place.
    keys(&mut a, "⎋");
    assert_eq!(a.inspector, InspectorMode::Shown);
}

#[test]
fn a_heatmap_gets_half_a_wide_terminal_and_all_its_rows_on_a_narrow_one() {
    let mut a = masking_on_its_heatmap(Lang::En);
    let wide = frame(&mut a, 200, 60);
    // The inspector's box starts at the middle of the screen.
    let top_left = (0..200).find(|&x| wide[(x, 1)].symbol() == "┌");
    assert_eq!(top_left, Some(100));
    // At 60x20 the 7x7 map shows in values, each token row labelled: no pooled `0–1` rows.
    let narrow = draw(&mut a, 60, 20);
    assert!(narrow.contains("좋네요   0.32"), "{narrow}");
    assert!(!narrow.contains("0–1"), "{narrow}");
    insta::assert_snapshot!(narrow);
}

#[test]
fn prepare_and_render_agree_on_the_notebook_column() {
    // The inspector grows for the heatmap: the column `prepare` scrolled is the one drawn, so the
    // selected cell's header is on screen at every size.
    for (w, h) in [(60, 20), (80, 24), (120, 40), (200, 60)] {
        let mut a = masking_on_its_heatmap(Lang::En);
        let header = format!("In [{}]", a.notebook.selected + 1);
        let screen = draw(&mut a, w, h);
        assert!(screen.contains(&header), "{w}x{h}: {screen}");
    }
}

#[test]
fn notebook_at_60x20() {
    let mut a = app("tokenization", Lang::En);
    keys(&mut a, "⏎");
    let screen = draw(&mut a, 60, 20);
    assert!(!screen.contains("Please enlarge"), "{screen}");
    assert!(screen.contains("? help"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn lesson_list_at_60x20() {
    let mut a = app("masking", Lang::Ko);
    a.update(Action::OpenList);
    let screen = draw(&mut a, 60, 20);
    // Every row ends in its cell count: no title pushes it off the edge.
    assert_eq!(screen.matches("/").count(), 15, "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn below_60x20_the_app_asks_for_more_room() {
    let mut a = app("masking", Lang::En);
    assert!(draw(&mut a, 59, 20).contains("Please enlarge"));
    assert!(draw(&mut a, 60, 19).contains("Please enlarge"));
    assert!(!draw(&mut a, 60, 20).contains("Please enlarge"));
}

#[test]
fn the_help_scrolls_when_it_is_taller_than_the_terminal() {
    let mut a = app("masking", Lang::En);
    keys(&mut a, "?");
    let top = draw(&mut a, 60, 20);
    assert!(top.contains("↑↓ scroll"), "{top}");
    assert!(top.contains("move between cells"), "{top}");
    keys(&mut a, "jjjjjjjjjjjjjjjjjjjjjjjjjjjjjj");
    let bottom = draw(&mut a, 60, 20);
    assert!(bottom.contains("quit (progress is saved)"), "{bottom}");
    assert!(a.help, "the arrows scroll; they do not close the help");
    // Scrolled to the end and no further: one key up shows one line more at the top.
    keys(&mut a, "k");
    assert_ne!(draw(&mut a, 60, 20), bottom);
    keys(&mut a, "x");
    assert!(!a.help);
}

#[test]
fn markdown_table_in_english() {
    let mut a = app("tokenization", Lang::En);
    let screen = draw_scrolled_to_table(&mut a, 80, 24);
    assert!(screen.contains("│ token  │ meaning"), "{screen}");
    assert!(screen.contains("├────────┼"), "{screen}");
    assert!(!screen.contains("| token"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn markdown_table_in_korean_lines_up_by_display_width() {
    let mut a = app("tokenization", Lang::Ko);
    let screen = draw_scrolled_to_table(&mut a, 60, 20);
    // Every row of the table has its bars in the same columns, counted in display width.
    let bars: Vec<Vec<usize>> = table_rows(&a, 60, 20)
        .iter()
        .map(|row| {
            let mut x = 0;
            let mut at = Vec::new();
            for ch in row.chars() {
                if "│┼├┤┬┴┌┐└┘".contains(ch) {
                    at.push(x);
                }
                x += unicode_width::UnicodeWidthChar::width(ch).unwrap_or(0);
            }
            at
        })
        .collect();
    assert!(bars.len() > 5, "{screen}");
    assert!(bars.iter().all(|b| *b == bars[0]), "{bars:?}\n{screen}");
    insta::assert_snapshot!(screen);
}

/// The notebook scrolled down to lesson 1's table of special tokens.
fn draw_scrolled_to_table(a: &mut App, w: u16, h: u16) -> String {
    draw(a, w, h);
    for _ in 0..20 {
        let screen = draw(a, w, h);
        if screen.contains("┌──") && screen.contains("└──") {
            return screen;
        }
        // The lesson opens at its start: the table is further down.
        a.update(Action::ScrollDown);
    }
    draw(a, w, h)
}

/// The rows of the table on screen, as text (wide characters once).
fn table_rows(a: &App, w: u16, h: u16) -> Vec<String> {
    let mut term = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    term.draw(|f| ui::render(a, f)).expect("draw");
    let buf = term.backend().buffer().clone();
    (0..h)
        .map(|y| {
            let mut row = String::new();
            let mut x = 0;
            while x < w {
                let s = buf[(x, y)].symbol().to_string();
                x += unicode_width::UnicodeWidthStr::width(s.as_str()).max(1) as u16;
                row.push_str(&s);
            }
            row
        })
        .filter(|row| row.trim_start().starts_with(['│', '┌', '├', '└']))
        .collect()
}

#[test]
fn a_table_wider_than_the_column_wraps_its_cells_never_cuts_them() {
    let text = "---\nid: t\ntitle: T\norder: 1\n---\n\n\
        | name | what it is | size |\n| --- | --- | ---: |\n\
        | `supercalifragilistic_tensor_name` | a long description that has to wrap over several lines | 512 |\n\
        | 커피 | 한국어 설명도 표시 폭으로 맞춥니다 | 7 |\n\n\
        ```python\nx = 1\n```\n";
    let mut a = app_from(text, Lang::En);
    let screen = draw(&mut a, 60, 20);
    // Every word is on screen whole or broken over lines of its column; nothing ends in the edge.
    let mut columns = vec![String::new(); 3];
    for row in table_rows(&a, 60, 20) {
        for (j, cell) in row.split('│').skip(1).take(3).enumerate() {
            columns[j].push_str(cell);
        }
    }
    let joined = columns.concat().replace(' ', "");
    for word in [
        "supercalifragilistic_tensor_name",
        "description",
        "severallines",
        "한국어설명도",
    ] {
        assert!(joined.contains(word), "{word}: {screen}");
    }
    // The size column is right-aligned.
    assert!(screen.contains("  512 │"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn the_editor_shows_line_numbers_and_its_own_keys() {
    let mut a = app("masking", Lang::En);
    keys(&mut a, "e↓↓");
    key(&mut a, KeyEvent::new(KeyCode::End, KeyModifiers::NONE));
    key(&mut a, KeyEvent::new(KeyCode::Left, KeyModifiers::SHIFT));
    let screen = draw(&mut a, 80, 24);
    // The lesson file's line numbers, as in the notebook and in error messages.
    assert!(screen.contains(" 40 │ import torch"), "{screen}");
    assert!(
        screen.contains("Esc done") && screen.contains("undo"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
    // Ctrl-Z undoes an edit.
    keys(&mut a, "X");
    assert!(a.notebook.editor.as_ref().expect("editing").lines()[2].contains('X'));
    key(
        &mut a,
        KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL),
    );
    assert!(!a.notebook.editor.as_ref().expect("editing").lines()[2].contains('X'));
}

#[test]
fn the_editor_is_coloured_as_python() {
    let mut a = app("masking", Lang::En);
    keys(&mut a, "e");
    let buf = frame(&mut a, 80, 24);
    // `import` is a keyword: it has the highlighter's colour, the name after it has none.
    let (x, y) = find(&buf, "import torch").expect("the first line");
    assert_ne!(buf[(x, y)].fg, buf[(x + 7, y)].fg);
}

fn find(buf: &Buffer, text: &str) -> Option<(u16, u16)> {
    let area = buf.area;
    for y in 0..area.height {
        let row: String = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
        if let Some(at) = row.find(text) {
            // Position in cells: the row has only one-column characters before the needle here.
            return Some((row[..at].chars().count() as u16, y));
        }
    }
    None
}

/// A lesson whose prose is a wall of `▒` and wide `뷁`, with dims (for the Sizes panel) and a
/// question (for the prompt): whatever a popup leaves of them shows through.
const WALL: &str = "---\nid: t\ntitle: T\norder: 1\ndims:\n  n: 4\n---\n\n{wall}\n\n\
    ```python question\nimport torch\nx = torch.zeros(n, 2)\n# x: [n, 2]\n```\n\n{wall}\n";

fn wall_lesson() -> App {
    let line = "▒뷁".repeat(60);
    let wall = vec![line; 40].join("\n\n");
    let mut a = app_from(&WALL.replace("{wall}", &wall), Lang::En);
    a.update(Action::First);
    a
}

/// The popup's frame (its `┌` to its `┘`) has nothing of the screen under it, and the cell left of it
/// holds no wide character that would cover its border.
fn assert_clear(buf: &Buffer, what: &str) {
    let area = buf.area;
    let cells = || {
        (0..area.height)
            .flat_map(|y| (0..area.width).map(move |x| (x, y)))
            .collect::<Vec<_>>()
            .into_iter()
    };
    let (x0, y0) = cells()
        .find(|&p| buf[p].symbol() == "┌")
        .unwrap_or_else(|| panic!("{what}: no popup"));
    let (x1, y1) = cells()
        .rfind(|&p| buf[p].symbol() == "┘")
        .unwrap_or_else(|| panic!("{what}: no popup"));
    for y in y0..=y1 {
        for x in x0..=x1 {
            let s = buf[(x, y)].symbol();
            assert!(
                s != "▒" && s != "뷁",
                "{what}: {s} shows through at {x},{y}"
            );
        }
        if x0 > 0 {
            let left = buf[(x0 - 1, y)].symbol();
            assert!(
                unicode_width::UnicodeWidthStr::width(left) < 2,
                "{what}: a wide character covers the border at row {y}"
            );
        }
    }
}

#[test]
fn popups_clear_their_whole_area() {
    for (w, h) in [(60, 20), (80, 24), (121, 40)] {
        let mut a = wall_lesson();
        keys(&mut a, "?");
        assert_clear(&frame(&mut a, w, h), "help");
        keys(&mut a, "x");
        keys(&mut a, "z");
        assert_clear(&frame(&mut a, w, h), "sizes panel");
        keys(&mut a, "⎋⏎");
        assert!(a.notebook.answer.is_some(), "the question asks");
        assert_clear(&frame(&mut a, w, h), "question");
        keys(&mut a, "⎋e");
        assert_clear(&frame(&mut a, w, h), "editor");
    }
}
