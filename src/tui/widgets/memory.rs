//! The memory-layout widget, as a picture: the storage as a strip of boxes (values over their indices),
//! the view's elements as a grid, and one selected element (`←` `→` step through the view in order)
//! whose storage cell lights up in the strip, its row's cells lit more faintly, with the address worked
//! out (`offset + Σ index·stride`). A transposed view's selection jumps along the strip; a contiguous
//! one walks it cell by cell. A long storage scrolls with the selection.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::lesson::Lang;
use crate::tui::text::{Text, text};
use crate::tui::theme::ColorMode;
use crate::viz::memory::strip_start;
use crate::viz::{MemoryLayout, labels};

/// The widest a value is drawn in a box before it is cut with `…`.
const MAX_VALUE_W: usize = 7;

pub struct MemoryView<'a> {
    pub layout: &'a MemoryLayout,
    pub color: ColorMode,
    /// The tensor's name, for the address line (`x[1, 0]`).
    pub name: &'a str,
    /// The selected element of the view, in the view's order.
    pub selected: usize,
    pub lang: Lang,
}

/// How a storage cell or a view element is drawn: the selected element, its row, read by the view, not.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Selected,
    Row,
    Read,
    Unread,
}

impl MemoryView<'_> {
    fn style(&self, mark: Mark) -> Style {
        let c = self.color;
        if c == ColorMode::None {
            return match mark {
                Mark::Selected => {
                    Style::default().add_modifier(Modifier::REVERSED | Modifier::BOLD)
                }
                Mark::Row => Style::default().add_modifier(Modifier::UNDERLINED),
                Mark::Read => Style::default(),
                Mark::Unread => Style::default().add_modifier(Modifier::DIM),
            };
        }
        match mark {
            Mark::Selected => Style::default()
                .fg(c.rgb((0, 0, 0)))
                .bg(c.rgb((255, 210, 60)))
                .add_modifier(Modifier::BOLD),
            Mark::Row => Style::default()
                .fg(c.rgb((0, 0, 0)))
                .bg(c.rgb((120, 190, 230))),
            Mark::Read => Style::default(),
            Mark::Unread => Style::default().fg(c.fg(Color::DarkGray)),
        }
    }

    fn text(&self) -> &'static Text {
        text(self.lang)
    }
}

fn short(v: &str) -> String {
    labels::fit(v, MAX_VALUE_W)
}

impl Widget for MemoryView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.width < 8 || area.height == 0 {
            return;
        }
        let m = self.layout;
        let c = self.color;
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let dim = Style::default().fg(c.fg(Color::DarkGray));
        let width = area.width as usize;
        let n = m.numel().min(m.walk.len());
        let sel = self.selected.min(n.saturating_sub(1));
        let row = m.row_of(sel);
        let sel_cell = m.walk.get(sel).copied();
        let row_cells: Vec<usize> = row.clone().filter_map(|i| m.walk.get(i).copied()).collect();
        let mut layout = vec![
            Span::styled("shape ", bold),
            Span::raw(format!("{:?}  ", m.shape)),
            Span::styled("stride ", bold),
            Span::raw(format!("{:?}  ", m.strides)),
            Span::styled("offset ", bold),
            Span::raw(format!("{}  ", m.storage_offset)),
        ];
        let contiguous = if m.contiguous {
            self.text().contiguous
        } else {
            self.text().non_contiguous
        };
        // Said again only where it fits: the tensor's header above says it too.
        if Line::from(layout.clone()).width() + labels::width(contiguous) <= width {
            layout.push(Span::styled(
                contiguous,
                Style::default().fg(c.fg(if m.contiguous {
                    Color::Green
                } else {
                    Color::Yellow
                })),
            ));
        }
        // A short pane keeps what moves (the address, the strip) and drops the frame around it: the
        // layout line (the tensor's header above says it too) and the boxes' borders.
        let compact = area.height < 10;
        let mut lines: Vec<Line<'static>> = Vec::new();
        // A short pane shows the strip first (the picture), then the address and the title.
        if !compact {
            lines.push(Line::from(layout));
        }
        // The address of the selected element: `x[1, 0] → storage[1] = 0 + 1·1 + 0·3`.
        let (terms, cell) = m.address_of(sel);
        let index: Vec<String> = terms.iter().map(|(i, _)| i.to_string()).collect();
        let sum: Vec<String> = std::iter::once(m.storage_offset.to_string())
            .chain(terms.iter().map(|(i, s)| format!("{i}·{s}")))
            .collect();
        let mut address = vec![
            Span::styled(
                format!("{}[{}]", self.name, index.join(", ")),
                self.style(Mark::Selected),
            ),
            Span::raw(" → storage["),
            Span::styled(cell.to_string(), bold),
            Span::raw("]"),
        ];
        let formula = format!(" = {}", sum.join(" + "));
        // The formula goes on a line of its own when the pane is too narrow for both.
        if Line::from(address.clone()).width() + labels::width(&formula) <= width {
            address.push(Span::raw(formula));
            lines.push(Line::from(address));
        } else {
            lines.push(Line::from(address));
            lines.push(Line::from(format!("  {formula}")));
        }
        // The storage strip: boxes as wide as the widest value shown, scrolled to the selection.
        let box_w = m
            .storage
            .iter()
            .map(|v| labels::width(&short(v)))
            .chain([labels::width(
                &m.storage.len().saturating_sub(1).to_string(),
            )])
            .max()
            .unwrap_or(1)
            .max(1);
        let shown = ((width.saturating_sub(1)) / (box_w + 1))
            .max(1)
            .min(m.storage.len().max(1));
        let start = strip_start(sel_cell.unwrap_or(0), shown, m.storage.len());
        let cells = start..(start + shown).min(m.storage.len());
        let mark_of = |i: usize| {
            if Some(i) == sel_cell {
                Mark::Selected
            } else if row_cells.contains(&i) {
                Mark::Row
            } else if m.walk.contains(&i) {
                Mark::Read
            } else {
                Mark::Unread
            }
        };
        let title = (self.text().storage_elements)(m.storage_len);
        lines.push(Line::from(vec![
            Span::styled(title, bold),
            Span::styled(
                format!("  ← → {} ({}/{n})", self.text().memory_step, sel + 1),
                dim,
            ),
        ]));
        let boxes = |l: char, mid: char, r: char| {
            let inner: Vec<String> = cells.clone().map(|_| "─".repeat(box_w)).collect();
            let more = if cells.end < m.storage.len() || m.storage.len() < m.storage_len {
                " …"
            } else {
                ""
            };
            format!("{l}{}{r}{more}", inner.join(&mid.to_string()))
        };
        let wall = if compact { " " } else { "│" };
        if !compact {
            lines.push(Line::from(boxes('┌', '┬', '┐')));
        }
        let mut values = vec![Span::raw(wall)];
        let mut indices = vec![Span::raw(" ")];
        for i in cells.clone() {
            let v = m.storage.get(i).map_or(String::new(), |v| short(v));
            values.push(Span::styled(
                labels::right(&v, box_w),
                self.style(mark_of(i)),
            ));
            values.push(Span::raw(wall));
            indices.push(Span::styled(labels::right(&i.to_string(), box_w), dim));
            indices.push(Span::raw(" "));
        }
        lines.push(Line::from(values));
        if !compact {
            lines.push(Line::from(boxes('└', '┴', '┘')));
        }
        lines.push(Line::from(indices));
        if compact {
            // `lines` holds the address and the title, then the strip: strip first.
            let strip_len = 2;
            let split = lines.len() - strip_len;
            lines.rotate_left(split);
        }
        // The view as a grid of its elements, the selected row and element lit; rows around the
        // selection when the view is taller than the room left.
        let last = m.shape.last().copied().unwrap_or(1).max(1);
        let grid_rows = n.div_ceil(last);
        let room = (area.height as usize).saturating_sub(lines.len() + 1);
        if room > 0 && n > 0 {
            lines.push(Line::from(Span::styled(
                (self.text().the_view_in_order)(self.name),
                bold,
            )));
            let sel_row = sel / last;
            let first = strip_start(sel_row, room.saturating_sub(1).max(1), grid_rows);
            let label_w = labels::width(&format!("{:?}", m.index_of(n - 1)));
            for r in first..(first + room.saturating_sub(1).max(1)).min(grid_rows) {
                let lead = m.index_of(r * last);
                let lead: Vec<String> = lead[..lead.len().saturating_sub(1)]
                    .iter()
                    .map(|i| i.to_string())
                    .collect();
                let mut spans = vec![Span::styled(
                    labels::right(&format!("[{}]", lead.join(", ")), label_w.min(12)),
                    dim,
                )];
                for i in r * last..((r + 1) * last).min(n) {
                    let v = m
                        .walk
                        .get(i)
                        .and_then(|&cell| m.storage.get(cell))
                        .map_or(String::new(), |v| short(v));
                    let mark = if i == sel {
                        Mark::Selected
                    } else if row.contains(&i) {
                        Mark::Row
                    } else {
                        Mark::Read
                    };
                    spans.push(Span::raw(" "));
                    spans.push(Span::styled(labels::right(&v, box_w), self.style(mark)));
                }
                lines.push(Line::from(spans));
            }
        }
        for (y, line) in lines.iter().take(area.height as usize).enumerate() {
            buf.set_line(area.x, area.y + y as u16, line, area.width);
        }
    }
}
