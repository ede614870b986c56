//! The cell editor. ratatui-textarea does the editing (keys, undo history, selection); the editor is
//! drawn here from its lines and cursor, because the textarea has no hook for a syntax highlighter: so
//! the code looks as it does in the notebook, with the lesson file's line numbers (those error messages
//! give), Python colours from [`highlight`] and long lines soft-wrapped under `↪`.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use ratatui_textarea::TextArea;

use super::app::App;
use super::highlight;
use super::theme::ColorMode;
use super::ui::clear_popup;
use super::wrap;

/// Applies a key to the editor: the textarea's own bindings, and Ctrl-Z for undo as nearly every editor
/// has it (the textarea's is Ctrl-U, which the footer shows too).
pub(super) fn key(editor: &mut TextArea<'static>, k: KeyEvent) {
    if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('z') {
        editor.undo();
        return;
    }
    editor.input(k);
}

/// The cursor's style: it is drawn into the buffer (the terminal's own cursor also goes there, for
/// input methods that compose Korean at it).
const CURSOR: Modifier = Modifier::REVERSED;

fn selection_style(c: ColorMode) -> Style {
    if c == ColorMode::None {
        Style::default().add_modifier(Modifier::UNDERLINED)
    } else {
        Style::default().bg(Color::Indexed(238))
    }
}

/// One line of code with the selection and the cursor laid over its colours: `(char, style)` runs
/// grouped back into spans. `selected` is the range of chars selected on this line; `cursor` the
/// char the cursor is on (one past the end: a blank cell after the line).
fn overlay(
    code: &str,
    c: ColorMode,
    selected: Option<(usize, usize)>,
    cursor: Option<usize>,
) -> Vec<Span<'static>> {
    let mut chars: Vec<(char, Style)> = highlight::line(code, c)
        .into_iter()
        .flat_map(|s| {
            let style = s.style;
            s.content
                .chars()
                .map(move |ch| (ch, style))
                .collect::<Vec<_>>()
        })
        .collect();
    if cursor.is_some_and(|at| at >= chars.len()) {
        chars.push((' ', Style::default()));
    }
    for (i, (_, style)) in chars.iter_mut().enumerate() {
        if selected.is_some_and(|(from, to)| from <= i && i < to) {
            *style = style.patch(selection_style(c));
        }
        if cursor == Some(i) {
            *style = style.add_modifier(CURSOR);
        }
    }
    let mut spans: Vec<Span<'static>> = Vec::new();
    for (ch, style) in chars {
        match spans.last_mut() {
            Some(last) if last.style == style => last.content.to_mut().push(ch),
            _ => spans.push(Span::styled(ch.to_string(), style)),
        }
    }
    spans
}

/// The part of line `row` (of `len` chars) inside the selection `((r0, c0), (r1, c1))`; a selection
/// that goes on past the line's end takes its newline too (drawn as the blank after it).
fn selected_on(
    range: Option<((usize, usize), (usize, usize))>,
    row: usize,
    len: usize,
) -> Option<(usize, usize)> {
    let ((r0, c0), (r1, c1)) = range?;
    if row < r0 || row > r1 {
        return None;
    }
    let from = if row == r0 { c0 } else { 0 };
    let to = if row == r1 { c1 } else { len + 1 };
    (from < to).then_some((from, to))
}

/// The editor's lines, wrapped to `width`, and which of them holds the cursor and at what column.
pub(super) fn lines(
    editor: &TextArea<'_>,
    first_line: usize,
    width: usize,
    c: ColorMode,
) -> (Vec<Line<'static>>, (usize, usize)) {
    let (cur_row, cur_col) = (editor.cursor().0, editor.cursor().1);
    let range = editor.selection_range();
    let number_w = (first_line + editor.lines().len()).to_string().len().max(3);
    let mark_style = Style::default().fg(c.fg(Color::DarkGray));
    let mut out = Vec::new();
    let mut at = (0, 0);
    for (row, code) in editor.lines().iter().enumerate() {
        let here = row == cur_row;
        let number_style = if here {
            Style::default()
                .fg(c.fg(Color::Cyan))
                .add_modifier(Modifier::BOLD)
        } else {
            mark_style
        };
        let prefix = vec![Span::styled(
            format!("{:>number_w$} │ ", first_line + row),
            number_style,
        )];
        let continued = vec![Span::styled(
            format!("{:>number_w$} {} ", "", wrap::CONTINUATION),
            mark_style,
        )];
        let len = code.chars().count();
        let body = overlay(
            code,
            c,
            selected_on(range, row, len),
            here.then_some(cur_col),
        );
        let wrapped = wrap::wrap(prefix, continued, body, width);
        if here {
            // The wrapped line holding the cursor's cell, and the column where that cell starts.
            for (k, line) in wrapped.iter().enumerate() {
                let mut x = 0;
                for span in &line.spans {
                    if span.style.add_modifier.contains(CURSOR) {
                        at = (out.len() + k, x);
                    }
                    x += span.width();
                }
            }
        }
        out.extend(wrapped);
    }
    (out, at)
}

/// Draws the editor over `area` (the notebook's whole body): a frame titled with the cell, the code
/// scrolled so that the cursor's line shows.
pub(super) fn render(app: &App, editor: &TextArea<'_>, f: &mut Frame, area: Rect) {
    let nb = &app.notebook;
    clear_popup(f, area);
    let title = format!(
        " {} {} — Esc {} ",
        app.text().editing_cell,
        nb.selected + 1,
        app.text().to_finish
    );
    let block = Block::default().borders(Borders::ALL).title(title);
    let inner = block.inner(area);
    f.render_widget(block, area);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let first_line = nb.lesson.cells().nth(nb.selected).map_or(1, |c| c.line);
    let (lines, (row, col)) = lines(editor, first_line, inner.width as usize, app.color);
    // Stateless scrolling: the code from the top while the cursor is on screen, else the cursor's line
    // at the bottom (cells are short; a jump is rare).
    let top = (row + 1).saturating_sub(inner.height as usize);
    f.render_widget(
        Paragraph::new(lines).scroll((top.min(u16::MAX as usize) as u16, 0)),
        inner,
    );
    let (y, x) = ((row - top) as u16, col as u16);
    if y < inner.height && x < inner.width {
        f.set_cursor_position(Position::new(inner.x + x, inner.y + y));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(l: &Line) -> String {
        l.to_string()
    }

    #[test]
    fn lines_carry_the_files_numbers_and_the_cursor_is_found_on_a_wrapped_line() {
        let mut ta = TextArea::new(vec!["x = 1".into(), "y = torch.zeros(2, 3, 4)".into()]);
        ta.move_cursor(ratatui_textarea::CursorMove::Bottom);
        ta.move_cursor(ratatui_textarea::CursorMove::End);
        let (lines, at) = lines(&ta, 41, 20, ColorMode::None);
        assert_eq!(text(&lines[0]), " 41 │ x = 1");
        assert_eq!(text(&lines[1]), " 42 │ y = torch.zero");
        assert_eq!(text(&lines[2]), "    ↪ s(2, 3, 4) ");
        // After the line's end: the blank cell after `)`, on the continuation.
        assert_eq!(at, (2, 16));
    }

    #[test]
    fn the_selection_covers_the_line_break_between_lines() {
        assert_eq!(selected_on(Some(((0, 2), (1, 3))), 0, 5), Some((2, 6)));
        assert_eq!(selected_on(Some(((0, 2), (1, 3))), 1, 9), Some((0, 3)));
        assert_eq!(selected_on(Some(((0, 2), (1, 3))), 2, 9), None);
        assert_eq!(selected_on(None, 0, 9), None);
    }
}
