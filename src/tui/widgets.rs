//! Widgets that draw the viz models: a heatmap (half blocks in colour, values when they fit, a character
//! ramp without colour) and a tensor's memory layout.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};
use unicode_width::UnicodeWidthStr;

use crate::viz::{HeatCell, Heatmap, MemoryLayout};

use super::theme::ColorMode;

const MASKED_RGB: (u8, u8, u8) = (70, 70, 70);

pub struct HeatmapView<'a> {
    pub title: &'a str,
    pub rows: usize,
    pub cols: usize,
    pub values: &'a [f64],
    pub row_labels: Option<Vec<String>>,
    pub col_labels: Option<Vec<String>>,
    pub color: ColorMode,
}

fn fmt_cell(v: f64) -> String {
    if v.abs() >= 100.0 || (v != 0.0 && v.abs() < 0.01) {
        format!("{v:.0e}")
    } else {
        format!("{v:.2}")
    }
}

impl Widget for HeatmapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height < 3 || area.width < 10 {
            return;
        }
        let c = self.color;
        let label_w = self
            .row_labels
            .as_ref()
            .map(|l| l.iter().map(|s| s.width()).max().unwrap_or(0).min(10) + 1)
            .unwrap_or(0) as u16;
        let title_line = Line::from(vec![Span::styled(
            self.title.to_string(),
            Style::default().add_modifier(Modifier::BOLD),
        )]);
        buf.set_line(area.x, area.y, &title_line, area.width);
        let body = Rect {
            x: area.x,
            y: area.y + 1,
            width: area.width,
            height: area.height.saturating_sub(2),
        };
        let avail_w = body.width.saturating_sub(label_w) as usize;
        // Values in the cells when they fit (6 columns a cell, one line a row).
        let cell_w = if self
            .values
            .iter()
            .any(|v| *v < 0.0 && *v > crate::viz::heatmap::MASKED_BELOW)
        {
            6
        } else {
            5
        };
        let value_mode = self.cols * cell_w <= avail_w
            && self.rows < body.height as usize
            && self.rows * self.cols <= 400;
        let (max_rows, max_cols) = if value_mode {
            (self.rows, self.cols)
        } else if c == ColorMode::None {
            (body.height as usize, avail_w / 2)
        } else {
            (body.height as usize * 2, avail_w)
        };
        let hm = Heatmap::new(
            self.rows,
            self.cols,
            self.values,
            max_rows.max(1),
            max_cols.max(1),
            self.row_labels.clone(),
            self.col_labels.clone(),
        );
        let color_of = |cell: HeatCell| -> Color {
            match cell {
                HeatCell::Value(v) => c.rgb(hm.rgb(v)),
                HeatCell::Masked => c.rgb(MASKED_RGB),
                HeatCell::Nan => c.fg(Color::Red),
            }
        };
        let mut y = body.y;
        if value_mode {
            if let Some(labels) = &hm.col_labels {
                let mut x = body.x + label_w;
                for l in labels {
                    let s: String = l.chars().take(5).collect();
                    buf.set_string(
                        x,
                        y,
                        format!("{s:>5}"),
                        Style::default().fg(c.fg(Color::Gray)),
                    );
                    x += 6;
                }
                y += 1;
            }
            for r in 0..hm.rows {
                if y >= body.y + body.height {
                    break;
                }
                if let Some(labels) = &hm.row_labels {
                    let l = &labels[r];
                    let pad = (label_w as usize).saturating_sub(l.width() + 1);
                    buf.set_string(
                        body.x,
                        y,
                        format!("{}{l}", " ".repeat(pad)),
                        Style::default().fg(c.fg(Color::Gray)),
                    );
                }
                for col in 0..hm.cols {
                    let cell = hm.cell(r, col);
                    let text = match cell {
                        HeatCell::Value(v) => fmt_cell(v),
                        HeatCell::Masked => "  ×".into(),
                        HeatCell::Nan => "nan".into(),
                    };
                    let x = body.x + label_w + (col * cell_w) as u16;
                    let bright = matches!(cell, HeatCell::Value(v) if hm.position(v) > 0.6);
                    let style = if c == ColorMode::None {
                        Style::default()
                    } else {
                        Style::default().bg(color_of(cell)).fg(if bright {
                            Color::Black
                        } else {
                            Color::White
                        })
                    };
                    buf.set_string(x, y, format!("{text:>w$} ", w = cell_w - 1), style);
                }
                y += 1;
            }
        } else if c == ColorMode::None {
            for r in 0..hm.rows.min(body.height as usize) {
                if let Some(labels) = &hm.row_labels {
                    buf.set_string(
                        body.x,
                        y,
                        labels[r]
                            .chars()
                            .take(label_w as usize - 1)
                            .collect::<String>(),
                        Style::default(),
                    );
                }
                let s: String = (0..hm.cols)
                    .map(|col| hm.ramp_char(hm.cell(r, col)))
                    .flat_map(|ch| [ch, ch])
                    .collect();
                buf.set_string(body.x + label_w, y, s, Style::default());
                y += 1;
            }
        } else {
            // Half blocks: two data rows per terminal line; small maps are scaled up to stay square.
            let avail_h2 = body.height as usize * 2;
            let scale = (avail_w / hm.cols.max(1))
                .min(avail_h2 / hm.rows.max(1))
                .clamp(1, 8);
            let lines = (hm.rows * scale).div_ceil(2);
            for line in 0..lines.min(body.height as usize) {
                let (top_r, bottom_r) = ((2 * line) / scale, (2 * line + 1) / scale);
                if let Some(labels) = &hm.row_labels
                    && ((2 * line) % scale == 0 || scale == 1)
                {
                    let l: String = labels[top_r.min(hm.rows - 1)]
                        .chars()
                        .take((label_w as usize).saturating_sub(1))
                        .collect();
                    buf.set_string(body.x, y, l, Style::default().fg(c.fg(Color::Gray)));
                }
                for x in 0..hm.cols * scale {
                    let col = x / scale;
                    let top = color_of(hm.cell(top_r, col));
                    let bottom = if bottom_r < hm.rows {
                        color_of(hm.cell(bottom_r, col))
                    } else {
                        Color::Reset
                    };
                    if let Some(cell) = buf.cell_mut((body.x + label_w + x as u16, y)) {
                        cell.set_symbol("▀").set_fg(top).set_bg(bottom);
                    }
                }
                y += 1;
            }
        }
        let mut legend = vec![Span::raw(format!("{} ", fmt_cell(hm.min)))];
        if c != ColorMode::None {
            for i in 0..12 {
                let v = hm.min + (hm.max - hm.min) * i as f64 / 11.0;
                legend.push(Span::styled("█", Style::default().fg(c.rgb(hm.rgb(v)))));
            }
        } else {
            legend.push(Span::raw(" .:-=+*#@"));
        }
        legend.push(Span::raw(format!(" {}", fmt_cell(hm.max))));
        if hm.cells.contains(&HeatCell::Masked) {
            legend.push(Span::styled("  ×", Style::default().fg(c.rgb(MASKED_RGB))));
            legend.push(Span::raw(" masked"));
        }
        if hm.downsampled() {
            legend.push(Span::raw(format!(
                "  {}×{} → {}×{}",
                hm.source_rows, hm.source_cols, hm.rows, hm.cols
            )));
        }
        buf.set_line(
            area.x,
            area.y + area.height - 1,
            &Line::from(legend),
            area.width,
        );
    }
}

pub struct MemoryView<'a> {
    pub layout: &'a MemoryLayout,
    pub color: ColorMode,
}

impl Widget for MemoryView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let m = self.layout;
        let c = self.color;
        let mut lines: Vec<Line<'static>> = vec![
            Line::from(vec![
                Span::styled("shape ", Style::default().add_modifier(Modifier::BOLD)),
                Span::raw(format!("{:?}  ", m.shape)),
                Span::styled("stride ", Style::default().add_modifier(Modifier::BOLD)),
                Span::raw(format!("{:?}  ", m.strides)),
                Span::styled("offset ", Style::default().add_modifier(Modifier::BOLD)),
                Span::raw(format!("{}  ", m.storage_offset)),
                Span::styled(
                    if m.contiguous {
                        "contiguous"
                    } else {
                        "non-contiguous"
                    },
                    Style::default().fg(c.fg(if m.contiguous {
                        Color::Green
                    } else {
                        Color::Yellow
                    })),
                ),
            ]),
            Line::from(format!("storage: {} elements", m.storage_len)),
        ];
        // The storage strip: numbered cells; cells the view reads are highlighted.
        let mut strip: Vec<Span<'static>> = Vec::new();
        for (i, v) in m.storage.iter().enumerate() {
            let used = m.walk.contains(&i);
            let style = if used {
                Style::default()
                    .fg(c.fg(Color::Black))
                    .bg(c.fg(Color::Cyan))
            } else {
                Style::default().fg(c.fg(Color::DarkGray))
            };
            let short: String = v.chars().take(6).collect();
            strip.push(Span::styled(format!("{i}:{short}"), style));
            strip.push(Span::raw(" "));
        }
        if m.storage.len() < m.storage_len {
            strip.push(Span::raw("…"));
        }
        lines.push(Line::from(strip));
        lines.push(Line::default());
        let walk: Vec<String> = m.walk.iter().map(|i| i.to_string()).collect();
        lines.push(Line::from(vec![
            Span::styled(
                "the view walks storage cells: ",
                Style::default().add_modifier(Modifier::BOLD),
            ),
            Span::raw(walk.join(" → ")),
        ]));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(area, buf);
    }
}
