//! The inspector: what the selected cell made (its heatmaps, then its tensors: shape, strides, values
//! or memory), or the shapes of one of its lines. Where it stands and how large it is comes from
//! [`NotebookAreas`](super::layout::NotebookAreas); collapsed, it is a single line.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use crate::viz::MemoryLayout;

use super::app::App;
use super::inspect::{MEMORY_CELLS, TENSOR_HEADER_LINES, inspected_map};
use super::layout::Placement;
use super::widgets::MemoryView;

/// The one line left when there is nothing to inspect: a rule that says why, and how to hide it.
fn render_collapsed(app: &App, f: &mut Frame, area: Rect) {
    let c = app.color;
    let nb = &app.notebook;
    let ran = nb.outcomes.get(nb.selected).is_some_and(|o| o.is_some());
    let why = if ran {
        app.text().nothing_to_inspect_in_this
    } else {
        app.text().run_the_cell_to_inspect
    };
    let name = app.text().inspector_show;
    let hide = app.text().inspector_hide;
    // The reason where it fits, else just how to hide the line: the key is never the part cut.
    let text = [
        format!("── {name} · {why} · i {hide} "),
        format!("── {name} · i {hide} "),
    ]
    .into_iter()
    .find(|text| unicode_width::UnicodeWidthStr::width(text.as_str()) <= area.width as usize)
    .unwrap_or_else(|| super::footer::ellipsize(&format!("── {name} "), area.width as usize));
    let fill =
        (area.width as usize).saturating_sub(unicode_width::UnicodeWidthStr::width(text.as_str()));
    f.render_widget(
        Paragraph::new(format!("{text}{}", "─".repeat(fill)))
            .style(Style::default().fg(c.fg(Color::DarkGray))),
        area,
    );
}

pub(super) fn render_inspector(app: &App, f: &mut Frame, area: Rect, placement: Placement) {
    match placement {
        Placement::Hidden => return,
        Placement::Collapsed => return render_collapsed(app, f, area),
        Placement::Beside | Placement::Below | Placement::Full => {}
    }
    let c = app.color;
    // The keys that change what it shows, and the one that gives it back its place; the longest
    // title that fits the border.
    let titles = if placement == Placement::Full {
        [
            app.text().inspector_tab_next_m_memory,
            app.text().inspector_f_esc_back,
        ]
    } else {
        [
            app.text().inspector_tab_next_m_memory_2,
            app.text().inspector_tab_next_m_memory_3,
        ]
    };
    let room = (area.width as usize).saturating_sub(4);
    let title = titles
        .into_iter()
        .find(|title| unicode_width::UnicodeWidthStr::width(*title) <= room)
        .unwrap_or(app.text().inspector_show);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {title} "));
    let inner = block.inner(area);
    f.render_widget(block, area);
    let nb = &app.notebook;
    let Some(o) = nb.outcomes.get(nb.selected).and_then(|o| o.as_ref()) else {
        f.render_widget(
            Paragraph::new(app.text().run_the_cell_enter_to).wrap(Wrap { trim: true }),
            inner,
        );
        return;
    };
    if nb.show_lines {
        render_line_shapes(app, o, f, inner);
        return;
    }
    let n_heat = o.heatmaps.len();
    let total = n_heat + o.tensors.len();
    if total == 0 {
        f.render_widget(Paragraph::new(app.text().this_cell_made_no_tensors), inner);
        return;
    }
    let sel = nb.tensor_sel.min(total - 1);
    if sel < n_heat {
        if let Some(map) = inspected_map(app) {
            f.render_widget(map.view(app), inner);
        }
        return;
    }
    let info = &o.tensors[sel - n_heat];
    let [head, rest] =
        Layout::vertical([Constraint::Length(TENSOR_HEADER_LINES), Constraint::Min(1)])
            .areas(inner);
    let head_lines = vec![
        Line::from(vec![
            Span::styled(
                format!("{} ", info.name),
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Span::styled(
                info.named_shape.clone(),
                Style::default().fg(c.fg(Color::Cyan)),
            ),
            Span::raw(format!("  {}  ({}/{total})", info.dtype, sel + 1)),
        ]),
        Line::from(format!(
            "stride {:?}  offset {}  {}",
            info.strides,
            info.storage_offset,
            if info.contiguous {
                app.text().contiguous
            } else {
                app.text().non_contiguous
            }
        )),
    ];
    f.render_widget(Paragraph::new(head_lines), head);
    let Some(tensor) = nb.live_tensor(nb.selected, sel - n_heat) else {
        return;
    };
    if nb.show_memory {
        let layout = MemoryLayout::of(tensor, MEMORY_CELLS);
        f.render_widget(
            MemoryView {
                layout: &layout,
                color: c,
                name: &info.name,
                selected: app.memory_selected(),
                lang: app.lang,
            },
            rest,
        );
        return;
    }
    if tensor.ndim() == 0 {
        f.render_widget(Paragraph::new(info.repr.clone()), rest);
        return;
    }
    if let Some(map) = inspected_map(app) {
        f.render_widget(map.view(app), rest);
    }
}

/// "Shapes, line by line": the line under the cursor and the shape of each of its tensor-valued
/// sub-expressions, in the order they ran.
fn render_line_shapes(app: &App, o: &crate::lesson::CellOutcome, f: &mut Frame, area: Rect) {
    let c = app.color;
    let nb = &app.notebook;
    let Some(l) = o
        .lines
        .get(nb.line_sel.min(o.lines.len().saturating_sub(1)))
    else {
        f.render_widget(
            Paragraph::new(app.text().no_line_of_this_cell).wrap(Wrap { trim: true }),
            area,
        );
        return;
    };
    let mut lines = vec![
        Line::from(Span::styled(
            format!(
                "{} ({}/{})  [ ] {}  s {}",
                app.text().shapes_line_by_line,
                nb.line_sel.min(o.lines.len() - 1) + 1,
                o.lines.len(),
                app.text().line,
                app.text().tensors,
            ),
            Style::default().fg(c.fg(Color::DarkGray)),
        )),
        Line::from(vec![
            Span::styled(
                format!("{:>4} › ", l.line),
                Style::default().fg(c.fg(Color::DarkGray)),
            ),
            Span::raw(l.code.trim().to_string()),
        ]),
    ];
    if !l.in_cell {
        lines.push(Line::from(Span::styled(
            app.text().in_a_function_this_cell,
            Style::default().fg(c.fg(Color::DarkGray)),
        )));
    }
    let rows = l.rows();
    // Label and shape side by side where they fit, else the shape under its label.
    let side_by_side = rows.iter().all(|(label, shape, _)| {
        label.chars().count() + shape.chars().count() + 4 <= area.width as usize
    });
    for (label, shape, note) in rows {
        let shape = Span::styled(shape, Style::default().fg(c.fg(Color::Cyan)));
        if side_by_side {
            lines.push(Line::from(vec![Span::raw(format!("  {label}  ")), shape]));
        } else {
            lines.push(Line::from(Span::raw(format!("  {}", label.trim_end()))));
            lines.push(Line::from(vec![Span::raw("      "), shape]));
        }
        if !note.is_empty() {
            lines.push(Line::from(Span::styled(
                format!("      {note}"),
                Style::default().fg(c.fg(Color::Yellow)),
            )));
        }
    }
    if let Some(note) = l.steps.iter().find_map(|s| s.note.as_ref()) {
        lines.push(Line::from(Span::styled(
            format!("⚠ {note}"),
            Style::default().fg(c.fg(Color::Yellow)),
        )));
    }
    f.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}
