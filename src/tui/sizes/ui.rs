//! Drawing the Sizes panel: a popup over the notebook (or the demo) that lists the lesson's dims, what the
//! learner has typed, the derived dims computed from them, and why the sizes cannot be applied yet.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use crate::lesson::Lang;
use crate::tui::text::text;
use crate::tui::theme::ColorMode;
use crate::tui::ui::{centered, clear_popup};

use crate::lesson::sizes::Preset;

use super::SizesPanel;

const WIDTH: u16 = 66;
/// Lines around the rows: intro, gap, gap, two for the message, keys, and the border.
const CHROME: u16 = 8;

fn pad(s: &str, width: usize) -> String {
    format!("{s}{}", " ".repeat(width.saturating_sub(s.width())))
}

fn row_lines(panel: &SizesPanel, lang: Lang, c: ColorMode) -> Vec<Line<'static>> {
    let name_w = panel.rows.iter().map(|r| r.name.width()).max().unwrap_or(0) + 2;
    let bad: Vec<&str> = panel.error.as_ref().map(|e| e.dims()).unwrap_or_default();
    panel
        .rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let selected = i == panel.selected;
            let is_bad = bad.contains(&row.name.as_str());
            let marker = if selected { " ▸ " } else { "   " };
            let mut name_style = Style::default();
            if selected {
                name_style = name_style.add_modifier(Modifier::BOLD);
            }
            let mut value_style = if row.is_derived() {
                Style::default().fg(c.fg(Color::Cyan))
            } else if is_bad {
                Style::default()
                    .fg(c.fg(Color::Red))
                    .add_modifier(Modifier::BOLD)
            } else if row.is_changed() {
                Style::default()
                    .fg(c.fg(Color::Yellow))
                    .add_modifier(Modifier::BOLD)
            } else {
                Style::default()
            };
            // A fresh selection is shown reversed: the next digit replaces it.
            let editing = selected && !row.is_derived();
            if editing && panel.fresh {
                value_style = value_style.add_modifier(Modifier::REVERSED);
            }
            let cursor = if editing && !panel.fresh { "█" } else { "" };
            let value = format!("{}{cursor}", row.text);
            let note = match row.default {
                Some(d) => format!("{} {d}", text(lang).sizes_toy),
                None => format!("= {}", row.expr),
            };
            let mark = if is_bad { "✗ " } else { "  " };
            Line::from(vec![
                Span::styled(marker, Style::default().fg(c.fg(Color::Cyan))),
                Span::styled(pad(&row.name, name_w), name_style),
                Span::styled(value, value_style),
                Span::raw(" ".repeat(9usize.saturating_sub(row.text.width() + cursor.width()))),
                Span::styled(mark, Style::default().fg(c.fg(Color::Red))),
                Span::styled(note, Style::default().fg(c.fg(Color::DarkGray))),
            ])
        })
        .collect()
}

/// Draws `panel` centred in `area`. Fits an 80×24 terminal for up to ten dims; more rows scroll so that
/// the selected one stays in view.
pub fn render(panel: &SizesPanel, lang: Lang, c: ColorMode, f: &mut Frame, area: Rect) {
    let rows = panel.rows.len().max(1) as u16;
    let popup = centered(area, WIDTH, rows + CHROME);
    if popup.width < 4 || popup.height < 3 {
        return;
    }
    clear_popup(f, popup);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {} ", text(lang).sizes_title));
    let inner = block.inner(popup);
    f.render_widget(block, popup);
    let [intro, _, list, _, message, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(2),
        Constraint::Length(1),
    ])
    .areas(inner);

    let intro_text = if panel.rows.is_empty() {
        text(lang).sizes_no_named_dims
    } else {
        text(lang).sizes_type_a_size
    };
    f.render_widget(
        Paragraph::new(intro_text).style(Style::default().fg(c.fg(Color::Gray))),
        intro,
    );

    let visible = list.height.max(1) as usize;
    let first = (panel.selected + 1).saturating_sub(visible);
    f.render_widget(
        Paragraph::new(row_lines(panel, lang, c)).scroll((first.min(u16::MAX as usize) as u16, 0)),
        list,
    );

    let msg = match (&panel.error, &panel.notice) {
        (Some(e), _) => Some((format!(" ✗ {}", e.message(lang)), Color::Red)),
        (None, Some(n)) => Some((format!(" {n}"), Color::Yellow)),
        (None, None) => None,
    };
    if let Some((text, col)) = msg {
        f.render_widget(
            Paragraph::new(text)
                .style(Style::default().fg(c.fg(col)))
                .wrap(Wrap { trim: false }),
            message,
        );
    }

    let preset_style = |p: Preset| {
        if panel.preset == Some(p) {
            Style::default().add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
        } else {
            Style::default()
        }
    };
    let key = Style::default().add_modifier(Modifier::BOLD);
    let dim = Style::default().fg(c.fg(Color::DarkGray));
    f.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(" ← ", key),
            Span::styled(text(lang).sizes_toy_preset, preset_style(Preset::Toy)),
            Span::styled(" · ", dim),
            Span::styled("→ ", key),
            Span::styled(text(lang).sizes_paper, preset_style(Preset::Paper)),
            Span::styled(" · ", dim),
            Span::styled("↑↓ ", key),
            Span::raw(text(lang).sizes_choose),
            Span::styled(" · ", dim),
            Span::styled("Enter ", key),
            Span::raw(text(lang).sizes_apply),
            Span::styled(" · ", dim),
            Span::styled("Esc ", key),
            Span::raw(text(lang).sizes_cancel),
        ])),
        keys,
    );
}
