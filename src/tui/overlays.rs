//! The overlays drawn over a screen: the help (scrolled when it is taller than the terminal) and the
//! predict-the-shape prompt. Each clears its whole area first, so no text shows through.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use crate::lesson::Lang;

use super::answer::AnswerNote;
use super::app::App;
use super::prose;
use super::ui::{centered, clear_popup};

const HELP_WIDTH: u16 = 72;

/// The help's key column: as in the list, `keys` padded to line up the descriptions.
const KEY_COLUMN: usize = 19;

/// The help's lines for a popup `width` columns wide: each description wraps under its own column.
fn help_lines(keys: &[(&str, &str)], width: u16) -> Vec<Line<'static>> {
    let inner = width.saturating_sub(2) as usize;
    let bold = Style::default().add_modifier(Modifier::BOLD);
    let mut lines = Vec::new();
    for (keys, what) in keys {
        let key = format!(" {keys:<w$}", w = KEY_COLUMN - 1);
        let wrapped = prose::wrap_spans(
            &[(what.to_string(), Style::default())],
            inner.saturating_sub(KEY_COLUMN).max(8),
            "",
        );
        for (k, row) in wrapped.into_iter().enumerate() {
            let head = if k == 0 {
                Span::styled(key.clone(), bold)
            } else {
                Span::raw(" ".repeat(key.width()))
            };
            let mut spans = vec![head];
            spans.extend(row.spans);
            lines.push(Line::from(spans));
        }
    }
    lines
}

/// The keys the help lists: demo mode's own in demo mode, the notebook's otherwise.
fn help_keys(demo: bool, lang: Lang) -> &'static [(&'static str, &'static str)] {
    let text = super::text::text(lang);
    if demo { text.demo_help } else { text.help }
}

fn help_popup(area: Rect, keys: &[(&str, &str)]) -> (Rect, Vec<Line<'static>>) {
    let width = area.width.min(HELP_WIDTH);
    let lines = help_lines(keys, width);
    let popup = centered(area, width, (lines.len() as u16).saturating_add(2));
    (popup, lines)
}

/// How many of the help's lines do not fit `area`: how far it can scroll.
pub fn help_overflow(area: Rect, lang: Lang) -> usize {
    let (popup, lines) = help_popup(area, help_keys(false, lang));
    lines
        .len()
        .saturating_sub(popup.height.saturating_sub(2) as usize)
}

pub(super) fn render_help(app: &App, f: &mut Frame, area: Rect) {
    let demo = app.view == super::app::View::Demo;
    let (popup, lines) = help_popup(area, help_keys(demo, app.lang));
    clear_popup(f, popup);
    let overflow = lines
        .len()
        .saturating_sub(popup.height.saturating_sub(2) as usize);
    let first = app.help_scroll.min(overflow);
    let title = if overflow == 0 {
        app.text().keys_any_key_closes.to_string()
    } else {
        // Where the view is, so that a learner knows there is more below.
        let shown = popup.height.saturating_sub(2) as usize;
        format!(
            "{} {}–{}/{}",
            app.text().keys_scroll_other_keys_close,
            first + 1,
            first + shown,
            lines.len()
        )
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {title} "));
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .scroll((first.min(u16::MAX as usize) as u16, 0)),
        popup,
    );
}

pub(super) fn render_question(app: &App, f: &mut Frame, area: Rect) {
    let nb = &app.notebook;
    let Some(cell) = nb.lesson.cells().nth(nb.selected) else {
        return;
    };
    let target = crate::lesson::question::asked(cell)
        .map(|s| s.expr.clone())
        .unwrap_or_default();
    let dims: Vec<String> = match &nb.kernel {
        Ok(k) => k.dims().iter().map(|(n, v)| format!("{n}={v}")).collect(),
        Err(_) => vec![],
    };
    let lines = vec![
        Line::from(format!(
            "{} `{target}`?",
            app.text().what_shape_will_this_cell
        )),
        Line::from(Span::styled(
            format!("{}{}", app.text().question_dims, dims.join(", ")),
            Style::default().fg(Color::DarkGray),
        )),
        Line::from(Span::styled(
            app.text().sizes_or_dim_names_e,
            Style::default().fg(Color::DarkGray),
        )),
        Line::default(),
        Line::from(vec![
            Span::raw("> "),
            Span::styled(
                format!("{}█", nb.answer.clone().unwrap_or_default()),
                Style::default().add_modifier(Modifier::BOLD),
            ),
        ]),
    ];
    let mut lines = lines;
    match &nb.answer_note {
        Some(AnswerNote::Wrong(text)) => lines.push(Line::from(Span::styled(
            format!("✗ {text} — {}", app.text().not_quite_try_again_or),
            Style::default().fg(app.color.fg(Color::Red)),
        ))),
        Some(AnswerNote::Unreadable) => lines.push(Line::from(Span::styled(
            app.text().write_sizes_or_the_lesson,
            Style::default().fg(app.color.fg(Color::Yellow)),
        ))),
        None => {}
    }
    // As tall as its wrapped lines (a narrow terminal wraps the dims and the hints), at least 10.
    let inner_w = area.width.min(70).saturating_sub(2).max(1) as usize;
    let needed: usize = lines
        .iter()
        .map(|l| l.width().div_ceil(inner_w).max(1) + usize::from(l.width() > inner_w))
        .sum();
    let popup = centered(area, 70, (needed as u16 + 2).max(10));
    clear_popup(f, popup);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {} ", app.text().predict_then_enter_tab_answer));
    f.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false }),
        popup,
    );
}
