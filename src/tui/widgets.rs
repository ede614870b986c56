//! Widgets that draw the viz models: a heatmap (half blocks in colour, values when they fit, a character
//! ramp without colour) and a tensor's memory layout.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::viz::{HeatCell, Heatmap, MemoryLayout, Pool, ValueKind, labels};

use super::theme::ColorMode;

const MASKED_RGB: (u8, u8, u8) = (70, 70, 70);

/// The widest a row label or a column label's slot grows before it is cut with `…`.
const MAX_ROW_LABEL: usize = 10;
const MAX_COL_LABEL: usize = 8;
/// Values are printed in the cells only up to this many cells.
const MAX_VALUE_CELLS: usize = 400;

pub struct HeatmapView<'a> {
    pub title: &'a str,
    pub rows: usize,
    pub cols: usize,
    pub values: &'a [f64],
    pub row_labels: Option<Vec<String>>,
    pub col_labels: Option<Vec<String>>,
    /// The tensor's dtype: ints are printed whole, bools as ■/□.
    pub kind: ValueKind,
    /// How a downsampled map's buckets are pooled: means (the level) or peaks (where the large values are).
    pub pool: Pool,
    pub color: ColorMode,
}

/// How a map is laid out in its area: values in cells, or colour (or ramp characters) only.
struct Plan {
    hm: Heatmap,
    /// Value mode: each cell is a space and `slot` columns of text.
    slot: Option<usize>,
    /// Terminal columns per drawn column and drawn rows per terminal line (block mode).
    col_w: usize,
    row_scale: usize,
    rows_per_line: usize,
    label_w: usize,
    legend_beside: bool,
    /// Column labels alternate between two lines (value mode, labels wider than their slot).
    stagger: bool,
}

impl HeatmapView<'_> {
    fn heatmap(&self, max_rows: usize, max_cols: usize) -> Heatmap {
        Heatmap::pooled(
            (self.rows, self.cols),
            self.values,
            (max_rows.max(1), max_cols.max(1)),
            (self.row_labels.clone(), self.col_labels.clone()),
            self.pool,
        )
        .with_kind(self.kind)
    }

    /// Values in the cells when every value and the labels fit (labels cut only if the values alone fit
    /// and the labels do not); else a block picture of at most the area's size.
    fn plan(&self, width: usize, height: usize) -> Plan {
        let digits = |n: usize| n.max(1).to_string().len();
        if self.rows * self.cols <= MAX_VALUE_CELLS && self.rows > 0 && self.cols > 0 {
            let hm = self.heatmap(self.rows, self.cols);
            let value_w = (0..hm.rows * hm.cols)
                .map(|i| labels::width(&cell_text(&hm, hm.cell(i / hm.cols, i % hm.cols))))
                .max()
                .unwrap_or(1);
            let col_label_w = hm
                .col_labels
                .as_ref()
                .map_or(0, |l| l.iter().map(|s| labels::width(s)).max().unwrap_or(0))
                .min(MAX_COL_LABEL);
            let label_w = row_label_width(hm.row_labels.as_deref());
            let legend_w = legend_width(&hm);
            let head = usize::from(hm.col_labels.is_some());
            let fits = |slot: usize, beside: bool| {
                let used = label_w + hm.cols * (slot + 1) + if beside { legend_w + 2 } else { 0 };
                let below = if beside { 0 } else { 1 };
                used <= width && hm.rows + head + below <= height
            };
            // The widest slot that fits: labels whole first, the legend beside the map second.
            for slot in (value_w..=value_w.max(col_label_w)).rev() {
                for beside in [true, false] {
                    if !fits(slot, beside) {
                        continue;
                    }
                    // Labels wider than their slot take turns on two lines, each twice as wide.
                    let below = usize::from(!beside);
                    let stagger = slot < col_label_w && hm.rows + 2 + below <= height;
                    return Plan {
                        hm,
                        slot: Some(slot),
                        col_w: slot + 1,
                        row_scale: 1,
                        rows_per_line: 1,
                        label_w,
                        legend_beside: beside,
                        stagger,
                    };
                }
            }
        }
        // Block mode: row labels are tokens or ranges (`120–127`), at most this wide.
        let label_w = self
            .row_labels
            .as_ref()
            .map_or(0, |l| l.iter().map(|s| labels::width(s)).max().unwrap_or(0))
            .max(2 * digits(self.rows) + 1)
            .min(MAX_ROW_LABEL)
            + 1;
        let probe = self.heatmap(1, 1);
        let legend_w = legend_width(&probe) + 2;
        let legend_beside = width >= label_w + legend_w + 16;
        let avail_w = width.saturating_sub(label_w + if legend_beside { legend_w } else { 0 });
        // Title, column axis, note; a legend line below when not beside.
        let avail_h = height.saturating_sub(if legend_beside { 1 } else { 2 });
        let rows_per_line = if self.color == ColorMode::None { 1 } else { 2 };
        let cell_w = if self.color == ColorMode::None { 2 } else { 1 };
        let hm = self.heatmap(avail_h * rows_per_line, avail_w / cell_w);
        // Small maps are scaled up to stay square (a half-block line is two rows, a column one char).
        let scale = if rows_per_line == 2 {
            (avail_w / hm.cols.max(1))
                .min(avail_h * 2 / hm.rows.max(1))
                .clamp(1, 8)
        } else {
            1
        };
        Plan {
            hm,
            slot: None,
            col_w: cell_w * scale,
            row_scale: scale,
            rows_per_line,
            label_w,
            legend_beside,
            stagger: false,
        }
    }
}

/// What a cell shows in value mode.
fn cell_text(hm: &Heatmap, cell: HeatCell) -> String {
    match cell {
        HeatCell::Value(v) => hm.format(v),
        HeatCell::Masked => "×".into(),
        HeatCell::Nan => "nan".into(),
    }
}

/// Row labels and the space after them.
fn row_label_width(row_labels: Option<&[String]>) -> usize {
    row_labels.map_or(0, |l| {
        l.iter()
            .map(|s| labels::width(s))
            .max()
            .unwrap_or(0)
            .min(MAX_ROW_LABEL)
            + 1
    })
}

/// The legend's lines: a swatch (colour of a value, or `None` for masked) and its text.
fn legend_entries(hm: &Heatmap, lines: usize) -> Vec<(HeatCell, String)> {
    let mut out = Vec::new();
    if hm.kind == ValueKind::Bool {
        out.push((HeatCell::Value(1.0), "■ True".into()));
        out.push((HeatCell::Value(0.0), "□ False".into()));
    } else {
        let n = lines.clamp(2, 12);
        for i in 0..n {
            let v = hm.max - (hm.max - hm.min) * i as f64 / (n - 1) as f64;
            let text = if i == 0 {
                hm.format(hm.max)
            } else if i == n - 1 {
                hm.format(hm.min)
            } else {
                String::new()
            };
            out.push((HeatCell::Value(v), text));
        }
    }
    if hm.cells.contains(&HeatCell::Masked) {
        out.push((HeatCell::Masked, "masked".into()));
    }
    out
}

fn legend_width(hm: &Heatmap) -> usize {
    legend_entries(hm, 2)
        .iter()
        .map(|(_, t)| labels::width(t))
        .max()
        .unwrap_or(0)
        + 3
}

impl Widget for HeatmapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height < 3 || area.width < 10 {
            return;
        }
        let c = self.color;
        let title_line = Line::from(vec![Span::styled(
            self.title.to_string(),
            Style::default().add_modifier(Modifier::BOLD),
        )]);
        buf.set_line(area.x, area.y, &title_line, area.width);
        if self.rows == 0 || self.cols == 0 {
            return;
        }
        let plan = self.plan(area.width as usize, area.height as usize - 2);
        let hm = &plan.hm;
        let label_style = Style::default().fg(c.fg(Color::Gray));
        let bottom = area.y + area.height;
        let x0 = area.x + plan.label_w as u16;
        let mut y = area.y + 1;
        let color_of = |cell: HeatCell| -> Color {
            match cell {
                HeatCell::Value(v) => c.rgb(hm.rgb(v)),
                HeatCell::Masked => c.rgb(MASKED_RGB),
                HeatCell::Nan => c.fg(Color::Red),
            }
        };
        // Column labels: each over its slot, or index ticks where the slots are too narrow.
        let head = column_axis(hm, &plan);
        if !head.is_empty() {
            for (x, line, text) in head {
                let x = (x0 as i64 + x).max(area.x as i64) as u16;
                let room = (area.x + area.width).saturating_sub(x) as usize;
                buf.set_string(x, y + line, labels::fit(&text, room), label_style);
            }
            y += if plan.stagger { 2 } else { 1 };
        }
        let map_top = y;
        let map_lines = match plan.slot {
            Some(_) => hm.rows,
            None => (hm.rows * plan.row_scale).div_ceil(plan.rows_per_line),
        };
        let map_lines = map_lines.min(bottom.saturating_sub(y) as usize);
        for line in 0..map_lines {
            // The drawn rows on this line: one, or two half-block rows (scaled up: repeated).
            let top_r = line * plan.rows_per_line / plan.row_scale;
            let bottom_r = ((line * plan.rows_per_line + plan.rows_per_line - 1) / plan.row_scale)
                .min(hm.rows - 1);
            // Scaled up, a row's label goes on the line where the row starts; else every line is
            // labelled with the rows it shows (a token, or a range for two half-block rows).
            let (first_half, next_half) =
                (line * plan.rows_per_line, (line + 1) * plan.rows_per_line);
            let starting = first_half.div_ceil(plan.row_scale);
            let label = if plan.row_scale == 1 {
                Some(hm.rows_label(top_r, bottom_r))
            } else {
                (starting * plan.row_scale < next_half && starting < hm.rows)
                    .then(|| hm.rows_label(starting, starting))
            };
            if let Some(text) = label.filter(|_| plan.label_w > 0) {
                buf.set_string(
                    area.x,
                    y,
                    labels::right(&text, plan.label_w - 1),
                    label_style,
                );
            }
            for col in 0..hm.cols {
                let x = x0 + (col * plan.col_w) as u16;
                let cell = hm.cell(top_r, col);
                if let Some(slot) = plan.slot {
                    let text = format!(" {}", labels::right(&cell_text(hm, cell), slot));
                    let style = match (c, cell) {
                        (ColorMode::None, _) => Style::default(),
                        (_, HeatCell::Value(v)) => {
                            let rgb = hm.rgb(v);
                            Style::default().bg(c.rgb(rgb)).fg(text_on(rgb))
                        }
                        _ => Style::default().bg(color_of(cell)).fg(text_on(MASKED_RGB)),
                    };
                    buf.set_string(x, y, text, style);
                } else if c == ColorMode::None {
                    let ch = hm.ramp_char(cell);
                    buf.set_string(x, y, format!("{ch}{ch}"), Style::default());
                } else {
                    let lower = if bottom_r != top_r || plan.row_scale > 1 {
                        color_of(hm.cell(bottom_r, col))
                    } else {
                        Color::Reset
                    };
                    let lower = if line * 2 + 1 >= hm.rows * plan.row_scale {
                        Color::Reset
                    } else {
                        lower
                    };
                    for dx in 0..plan.col_w as u16 {
                        if let Some(b) = buf.cell_mut((x + dx, y)) {
                            b.set_symbol("▀").set_fg(color_of(cell)).set_bg(lower);
                        }
                    }
                }
            }
            y += 1;
        }
        // The legend: a colour bar beside the map, else one line under it.
        let map_right = x0 + (hm.cols * plan.col_w) as u16;
        let entries = legend_entries(hm, map_lines);
        let swatch = |cell: HeatCell| -> Span<'static> {
            if c == ColorMode::None {
                let ch = hm.ramp_char(cell);
                Span::raw(format!("{ch}{ch}"))
            } else {
                Span::styled("██", Style::default().fg(color_of(cell)))
            }
        };
        if plan.legend_beside {
            let x = map_right + 2;
            for (i, (cell, text)) in entries.iter().enumerate() {
                let ly = map_top + i as u16;
                if ly >= bottom {
                    break;
                }
                let line = if hm.kind == ValueKind::Bool && c == ColorMode::None {
                    Line::from(text.clone())
                } else {
                    Line::from(vec![swatch(*cell), Span::raw(format!(" {text}"))])
                };
                buf.set_line(x, ly, &line, (area.x + area.width).saturating_sub(x));
            }
            y = y.max(map_top + entries.len() as u16);
        } else if y < bottom {
            // One line: `min` and a gradient up to `max` (or the bool swatches), then masked.
            let mut spans = Vec::new();
            if hm.kind == ValueKind::Bool {
                for (cell, text) in entries.iter().filter(|(c, _)| *c != HeatCell::Masked) {
                    // Without colour the ■/□ in the cells are the picture; no ramp swatch.
                    if c != ColorMode::None {
                        spans.push(swatch(*cell));
                        spans.push(Span::raw(" "));
                    }
                    spans.push(Span::raw(format!("{text}  ")));
                }
            } else {
                spans.push(Span::raw(format!("{} ", hm.format(hm.min))));
                for i in 0..12 {
                    let v = hm.min + (hm.max - hm.min) * i as f64 / 11.0;
                    let half = swatch(HeatCell::Value(v));
                    let one: String = half.content.chars().take(1).collect();
                    spans.push(Span::styled(one, half.style));
                }
                spans.push(Span::raw(format!(" {}  ", hm.format(hm.max))));
            }
            if hm.cells.contains(&HeatCell::Masked) {
                spans.push(swatch(HeatCell::Masked));
                spans.push(Span::raw(" masked"));
            }
            buf.set_line(area.x, y, &Line::from(spans), area.width);
            y += 1;
        }
        if hm.downsampled() && y < bottom {
            buf.set_string(
                area.x,
                y,
                labels::fit(
                    &format!(
                        "{}×{} as {}×{} block {}",
                        hm.source_rows,
                        hm.source_cols,
                        hm.rows,
                        hm.cols,
                        match hm.pool {
                            Pool::Mean => "means",
                            Pool::Peak => "peaks (largest |value|)",
                        }
                    ),
                    area.width as usize,
                ),
                Style::default().fg(c.fg(Color::DarkGray)),
            );
        }
    }
}

/// Text on a cell of this colour: dark on bright cells, light on dark ones.
fn text_on(rgb: (u8, u8, u8)) -> Color {
    if crate::viz::heatmap::dark_text_on(rgb) {
        Color::Black
    } else {
        Color::White
    }
}

/// The column labels: position (columns from the map's left edge, negative over the row labels), line
/// (0, or 1 when staggered) and text. In value mode each label ends at its slot's right edge, cut with `…`
/// only when it is wider than the room it has: its slot, or when staggered everything back to the label
/// before it on the same line (`2·col_w − 1`). In block mode a column's own label when every label fits
/// its column, else source indices at evenly spaced ticks (each bucket's first position).
fn column_axis(hm: &Heatmap, plan: &Plan) -> Vec<(i64, u16, String)> {
    let col_w = plan.col_w;
    if plan.slot.is_some() {
        return hm.col_labels.as_ref().map_or_else(Vec::new, |l| {
            l.iter()
                .enumerate()
                .map(|(i, s)| {
                    let room = if plan.stagger {
                        (2 * col_w - 1).min(col_w * (i + 1) + plan.label_w)
                    } else {
                        col_w - 1
                    };
                    let text = labels::fit(s, room);
                    let end = ((i + 1) * col_w) as i64;
                    let line = if plan.stagger { (i % 2) as u16 } else { 0 };
                    (end - labels::width(&text) as i64, line, text)
                })
                .collect()
        });
    }
    if let Some(l) = &hm.col_labels
        && l.iter().all(|s| labels::width(s) < col_w)
    {
        return l
            .iter()
            .enumerate()
            .map(|(i, s)| ((i * col_w) as i64, 0, s.clone()))
            .collect();
    }
    let widest = labels::width(&hm.col_span(hm.cols - 1, hm.cols - 1).start.to_string());
    let step = (widest + 2).div_ceil(col_w.max(1)).max(1);
    // Ticks at round numbers of buckets read better: a step of 1, 2, 4, 5, 8, 10, … buckets.
    let step = [1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 50, 64, 100]
        .into_iter()
        .find(|&s| s >= step)
        .unwrap_or(step);
    (0..hm.cols)
        .step_by(step)
        .map(|i| ((i * col_w) as i64, 0, hm.col_span(i, i).start.to_string()))
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn render(view: HeatmapView<'_>, w: u16, h: u16) -> Buffer {
        let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
        view.render(Rect::new(0, 0, w, h), &mut buf);
        buf
    }

    /// The screen column where `needle` starts on line `y`. A wide character fills two cells; the second
    /// is skipped, as a terminal draws it.
    fn column_of(buf: &Buffer, y: u16, needle: &str) -> Option<u16> {
        let mut cells: Vec<(u16, &str)> = Vec::new();
        let mut x = 0;
        while x < buf.area.width {
            let s = buf.cell((x, y)).map_or(" ", |c| c.symbol());
            cells.push((x, s));
            x += labels::width(s).max(1) as u16;
        }
        (0..cells.len()).find_map(|i| {
            let joined: String = cells[i..].iter().map(|(_, s)| *s).collect();
            joined.starts_with(needle).then_some(cells[i].0)
        })
    }

    fn view<'a>(values: &'a [f64], rows: usize, cols: usize, kind: ValueKind) -> HeatmapView<'a> {
        HeatmapView {
            title: "t",
            rows,
            cols,
            values,
            row_labels: None,
            col_labels: None,
            kind,
            pool: Pool::Mean,
            color: ColorMode::TrueColor,
        }
    }

    #[test]
    fn a_hangul_label_ends_where_its_column_ends() {
        let tokens: Vec<String> = ["커피", "좋네요", "<pad>"].map(String::from).to_vec();
        let values = [0.25, 0.5, 1.0];
        let buf = render(
            HeatmapView {
                col_labels: Some(tokens),
                ..view(&values, 1, 3, ValueKind::Float)
            },
            60,
            8,
        );
        // Slots are as wide as the widest label (좋네요, 6 columns): each cell is " " + 6 columns.
        let values_line = 2;
        for (label, value) in [("커피", "0.25"), ("좋네요", "0.50"), ("<pad>", "1.00")] {
            let lx = column_of(&buf, 1, label).unwrap_or_else(|| panic!("{label}"));
            let vx = column_of(&buf, values_line, value).unwrap_or_else(|| panic!("{value}"));
            let label_end = lx + labels::width(label) as u16;
            assert_eq!(label_end, vx + 4, "{label} over {value}");
        }
    }

    #[test]
    fn text_is_dark_on_bright_cells_and_light_on_dark_ones() {
        let values = [0.0, 1.0];
        let buf = render(view(&values, 1, 2, ValueKind::Float), 40, 6);
        let at = |needle: &str| {
            let x = column_of(&buf, 1, needle).unwrap_or_else(|| panic!("{needle}"));
            buf.cell((x, 1)).map(|c| (c.fg, c.bg)).expect("cell")
        };
        // viridis: 0 is dark purple, 1 bright yellow.
        let (fg0, bg0) = at("0.00");
        let (fg1, bg1) = at("1.00");
        assert_eq!((fg0, fg1), (Color::White, Color::Black));
        assert_ne!(bg0, bg1);
    }

    #[test]
    fn ints_and_bools_are_printed_as_such_with_slots_as_wide_as_the_widest_value() {
        let ids = [21.0, 4.0, 1000.0];
        let buf = render(view(&ids, 1, 3, ValueKind::Int), 40, 6);
        let line: String = (0..40)
            .map(|x| buf.cell((x, 1)).map_or(" ", |c| c.symbol()))
            .collect();
        assert!(line.starts_with("   21    4 1000"), "{line:?}");
        let mask = [1.0, 0.0];
        let buf = render(view(&mask, 1, 2, ValueKind::Bool), 40, 6);
        let line: String = (0..40)
            .map(|x| buf.cell((x, 1)).map_or(" ", |c| c.symbol()))
            .collect();
        assert!(line.starts_with(" ■ □"), "{line:?}");
    }

    #[test]
    fn the_legend_of_a_downsampled_map_shows_the_true_range() {
        // A causal softmax-like map: one 1.0 per row on the diagonal, zeros elsewhere. Block means of
        // 8×8 blocks never reach 1, the legend must.
        let n = 128;
        let values: Vec<f64> = (0..n * n)
            .map(|i| if i / n == i % n { 1.0 } else { 0.0 })
            .collect();
        let buf = render(view(&values, n, n, ValueKind::Float), 40, 20);
        let text: String = (0..20)
            .flat_map(|y| (0..40).map(move |x| (x, y)))
            .map(|p| buf.cell(p).map_or(" ", |c| c.symbol()))
            .collect();
        assert!(text.contains("1.00") && text.contains("0.00"), "{text}");
        assert!(text.contains("120–127"), "{text}");
    }

    #[test]
    fn peak_pooling_keeps_a_lone_weight_of_one_visible() {
        let n = 128;
        let values: Vec<f64> = (0..n * n)
            .map(|i| if i / n == i % n { 1.0 } else { 0.0 })
            .collect();
        let top_left = |pool| {
            let buf = render(
                HeatmapView {
                    pool,
                    ..view(&values, n, n, ValueKind::Float)
                },
                40,
                20,
            );
            // The first map cell: after the row labels, on the line under the column axis.
            let x = (0..40)
                .find(|&x| buf.cell((x, 2)).is_some_and(|c| c.symbol() == "▀"))
                .expect("a map cell");
            buf.cell((x, 2)).map(|c| c.fg).expect("cell")
        };
        let yellow = colorous::VIRIDIS.eval_continuous(1.0);
        assert_eq!(
            top_left(Pool::Peak),
            Color::Rgb(yellow.r, yellow.g, yellow.b)
        );
        assert_ne!(top_left(Pool::Mean), top_left(Pool::Peak));
    }

    #[test]
    fn odd_maps_never_panic_at_any_size() {
        let tokens: Vec<String> = ["좋네요", "<pad>", "x"].map(String::from).to_vec();
        let cases: Vec<(usize, usize, Vec<f64>)> = vec![
            (0, 0, vec![]),
            (1, 1, vec![f64::NAN]),
            (2, 3, vec![-1e10; 6]),
            (
                3,
                3,
                vec![f64::NAN, 1.0, -2.0, f64::INFINITY, -1e9, 0.0, 3.0, 4.0, 5.0],
            ),
            (3, 1, vec![1.0]),
            (200, 3, (0..600).map(|v| v as f64).collect()),
        ];
        for (rows, cols, values) in &cases {
            for kind in [ValueKind::Float, ValueKind::Int, ValueKind::Bool] {
                for color in [ColorMode::TrueColor, ColorMode::None] {
                    for (w, h) in [(10, 3), (12, 5), (30, 8), (61, 21), (120, 40)] {
                        let labels = (*rows == 3).then(|| tokens.clone());
                        render(
                            HeatmapView {
                                row_labels: labels.clone(),
                                col_labels: labels,
                                color,
                                pool: Pool::Peak,
                                ..view(values, *rows, *cols, kind)
                            },
                            w,
                            h,
                        );
                    }
                }
            }
        }
    }
}
