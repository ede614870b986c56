//! Rendering: a pure function of the app state that writes the frame's buffer. What depends on the frame's
//! size and is worth keeping between frames (prose wrapped to the notebook column, the notebook's scroll)
//! is worked out before the draw by [`App::prepare`] (in `notebook`, with the notebook's lines), so
//! [`render`] only reads the state.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::app::{App, Mode, View};
use super::editor;
use super::footer;
use super::inspector::render_inspector;
use super::layout::NotebookAreas;
use super::notebook::notebook_lines;
use super::overlays;
use super::sizes;
use super::theme::ColorMode;

/// The smallest terminal every screen is laid out for (the inspector goes under the notebook, the bars
/// shorten); smaller, the app asks for more room.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 20;

pub fn render(app: &App, f: &mut Frame) {
    let area = f.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let msg = format!(
            "{}\n{}×{} → {MIN_WIDTH}×{MIN_HEIGHT}",
            app.text().please_enlarge_the_terminal,
            area.width,
            area.height
        );
        f.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
        return;
    }
    match app.view {
        View::List => render_list(app, f, area),
        View::Notebook => render_notebook(app, f, area),
        View::Demo => super::demo::render(app, f, area),
    }
    if app.mode() == Mode::Answering {
        overlays::render_question(app, f, area);
    }
    if let Some(panel) = &app.sizes {
        sizes::ui::render(panel, app.lang, app.color, f, area);
    }
    if app.help {
        overlays::render_help(app, f, area);
    }
}

pub(super) fn bar_style(c: ColorMode) -> Style {
    c.bar()
}

fn render_list(app: &App, f: &mut Frame, area: Rect) {
    let [title, body, status] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(area);
    f.render_widget(
        Paragraph::new(footer::ellipsize(
            &format!(" transformer-tutor — {}", app.text().lessons),
            title.width as usize,
        ))
        .style(bar_style(app.color)),
        title,
    );
    // `  ✓ 12. ` before the title and ` 10/10` after it; the title column takes what is left, up to 48.
    let title_w = (body.width as usize).saturating_sub(8 + 7).min(48);
    let mut lines = vec![Line::default()];
    for (i, l) in app.course.iter().enumerate() {
        let total = l.cell_count();
        let done = app
            .progress
            .lesson(&l.id)
            .map_or(0, |p| p.completed.len().min(total));
        let mark = if total > 0 && done == total {
            "✓"
        } else if done > 0 {
            "◐"
        } else {
            "·"
        };
        let style = if i == app.list_selected {
            Style::default().add_modifier(Modifier::REVERSED)
        } else {
            Style::default()
        };
        // Pad by display width so Korean titles (two columns a syllable) line up; a title too long
        // for a narrow terminal ends in `…`.
        let name = footer::ellipsize(&l.title, title_w);
        let pad = title_w.saturating_sub(unicode_width::UnicodeWidthStr::width(name.as_str()));
        lines.push(Line::from(Span::styled(
            format!(
                "  {mark} {:>2}. {name}{} {done:>2}/{total:<2}",
                l.order,
                " ".repeat(pad)
            ),
            style,
        )));
    }
    // The selected lesson stays in view on a short terminal.
    let first = (app.list_selected + 2).saturating_sub(body.height as usize);
    f.render_widget(
        Paragraph::new(lines).scroll((first.min(u16::MAX as usize) as u16, 0)),
        body,
    );
    f.render_widget(
        Paragraph::new(footer::footer(
            app.text().list_hints,
            app.status.as_deref(),
            status.width as usize,
        )),
        status,
    );
}

fn render_notebook(app: &App, f: &mut Frame, area: Rect) {
    let areas = NotebookAreas::of(app, area);
    let nb = &app.notebook;
    let lang_name = app.text().language_name;
    let sizes = app.active_sizes();
    let header = footer::Header {
        title: format!("{}. {}", nb.lesson.order, nb.lesson.title),
        cell: format!(
            "{} {}/{}",
            app.text().cell,
            nb.selected + 1,
            nb.cell_count()
        ),
        sizes_word: app.text().sizes,
        sizes: &sizes,
        lang: lang_name,
    };
    f.render_widget(
        Paragraph::new(header.fit(areas.title.width as usize)).style(bar_style(app.color)),
        areas.title,
    );
    // The first line shown was chosen by `App::prepare` (following the selection or the outcome of the
    // cell just run) for this same column; rendering only reads it.
    let left = areas.left;
    if left.height > 0 {
        let lines = notebook_lines(app, left.width as usize).lines;
        let shown = (nb.scroll as i64 + app.notebook.scroll_offset)
            .clamp(0, lines.len().saturating_sub(1) as i64) as usize;
        f.render_widget(
            Paragraph::new(lines).scroll((shown.min(u16::MAX as usize) as u16, 0)),
            left,
        );
    }
    render_inspector(app, f, areas.right, areas.placement);
    let hints = if app.notebook.editor.is_some() {
        footer::editor_hints(app.lang).to_vec()
    } else if let Some(zoom) = super::zoom::hints(app) {
        zoom.to_vec()
    } else {
        footer::notebook_hints(app.lang, app.inspector)
    };
    f.render_widget(
        Paragraph::new(footer::footer(
            &hints,
            app.status.as_deref(),
            areas.status.width as usize,
        )),
        areas.status,
    );
    if let Some(editor) = app.notebook.editor.as_ref() {
        // Editing is the one thing going on: the editor takes the notebook and the inspector's room.
        editor::render(app, editor, f, areas.body);
    }
}

/// `sizes bs=8 sl=128 hid_dim=512` and a separator when the lesson is not at its own sizes; empty otherwise.
pub(super) fn sizes_label(app: &App, separator: &str) -> String {
    let active = app.active_sizes();
    if active.is_empty() {
        String::new()
    } else {
        format!(
            "{} {}{separator}",
            app.text().sizes,
            crate::lesson::sizes::describe(&active)
        )
    }
}

/// Clears `popup` for an overlay. A wide character (Korean) just left of it would otherwise hide the
/// popup's left border: the terminal draws its second half over the border's cell.
pub(in crate::tui) fn clear_popup(f: &mut Frame, popup: Rect) {
    f.render_widget(Clear, popup);
    if popup.x == 0 || popup.x > f.area().right() {
        return;
    }
    let buf = f.buffer_mut();
    for y in popup.top()..popup.bottom() {
        let cell = &mut buf[(popup.x - 1, y)];
        if unicode_width::UnicodeWidthStr::width(cell.symbol()) > 1 {
            cell.set_symbol(" ");
        }
    }
}

pub(in crate::tui) fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}
