//! The heatmap widget: values in the cells when they fit (cells scaled up when the pane has room), else
//! half blocks in colour (a character ramp without colour), pooled to the pane or zoomed into a window of
//! the map; axis titles from the named dims, labels by display width, the legend beside or under the map.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::lesson::Lang;
use crate::viz::{HeatCell, Heatmap, Pool, ValueKind, Zoom, labels};

use super::heatmap_parts::{
    axes_text, cell_text, column_axis, legend_entries, legend_width, note_text, row_label_width,
    text_on,
};
use crate::tui::theme::ColorMode;

pub(super) const MASKED_RGB: (u8, u8, u8) = (70, 70, 70);

/// The widest a row label or a column label's slot grows before it is cut with `…`.
const MAX_ROW_LABEL: usize = 10;
const MAX_COL_LABEL: usize = 8;
/// Values are printed in the cells only up to this many cells.
const MAX_VALUE_CELLS: usize = 400;
/// A scaled-up value cell is at most this many lines tall.
const MAX_LINES_PER_ROW: usize = 4;

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
    /// The names of the dims drawn as rows and as columns, where the kernel proved them (axis titles).
    pub dims: [Option<String>; 2],
    /// The zoom (`+`): `None` draws the whole map.
    pub zoom: Option<Zoom>,
    pub lang: Lang,
}

/// How a map is laid out in its area: values in cells, or colour (or ramp characters) only.
pub(super) struct Plan {
    pub hm: Heatmap,
    /// Value mode: each cell is a space and `slot` columns of text.
    pub slot: Option<usize>,
    /// Value mode: lines per row (more than one when a small map is scaled up).
    pub line_h: usize,
    /// Terminal columns per drawn column and drawn rows per terminal line (block mode).
    pub col_w: usize,
    pub row_scale: usize,
    pub rows_per_line: usize,
    pub label_w: usize,
    pub legend_beside: bool,
    /// Column labels alternate between two lines (value mode, labels wider than their slot).
    pub stagger: bool,
}

impl Plan {
    /// Whether values (and their column labels) are centred in their cells: scaled-up cells, unless the
    /// column labels take turns on two lines (they end where their cells end, and the values with them).
    pub fn centred(&self) -> bool {
        self.line_h > 1 && !self.stagger
    }
}

/// Block mode's room: row label width, whether the legend goes beside, and the map's width and lines.
struct BlockRoom {
    label_w: usize,
    legend_beside: bool,
    avail_w: usize,
    avail_h: usize,
}

impl HeatmapView<'_> {
    fn heatmap(&self, window: &[std::ops::Range<usize>; 2], max: (usize, usize)) -> Heatmap {
        Heatmap::windowed(
            (self.rows, self.cols),
            self.values,
            window.clone(),
            (max.0.max(1), max.1.max(1)),
            (self.row_labels.clone(), self.col_labels.clone()),
            self.pool,
        )
        .with_kind(self.kind)
    }

    /// Lines above the map: the title, and the axis titles on a line of their own when they do not fit
    /// beside it (judged on the widest text the zoom can show, so panning never moves the map).
    fn head_lines(&self, width: usize, height: usize) -> usize {
        match axes_text(self, None) {
            Some(axes) if height >= 8 => {
                let one_line = labels::width(self.title) + 2 + labels::width(&axes);
                if one_line <= width { 1 } else { 2 }
            }
            _ => 1,
        }
    }

    fn block_room(&self, width: usize, height: usize) -> BlockRoom {
        let digits = |n: usize| n.max(1).to_string().len();
        // Row labels are tokens or ranges (`120–127`), at most this wide.
        let label_w = self
            .row_labels
            .as_ref()
            .map_or(0, |l| l.iter().map(|s| labels::width(s)).max().unwrap_or(0))
            .max(2 * digits(self.rows) + 1)
            .min(MAX_ROW_LABEL)
            + 1;
        let probe = self.heatmap(&[0..self.rows, 0..self.cols], (1, 1));
        let legend_w = legend_width(&probe, self.lang) + 2;
        let legend_beside = width >= label_w + legend_w + 16;
        let avail_w = width.saturating_sub(label_w + if legend_beside { legend_w } else { 0 });
        // Column axis, note; a legend line below when not beside.
        let avail_h = height.saturating_sub(if legend_beside { 1 } else { 2 });
        BlockRoom {
            label_w,
            legend_beside,
            avail_w,
            avail_h,
        }
    }

    /// How many rows and columns of the map the area shows at one value per cell (rows one a line,
    /// columns two characters wide so their tick labels read): the deepest zoom's window.
    pub fn capacity(&self, width: usize, height: usize) -> (usize, usize) {
        let height = height.saturating_sub(self.head_lines(width, height) + 1);
        let room = self.block_room(width, height);
        (room.avail_h.max(1), (room.avail_w / 2).max(1))
    }

    /// The source rows and columns drawn: all of them, or the zoom's window.
    fn window(&self, width: usize, height: usize) -> [std::ops::Range<usize>; 2] {
        match self.zoom {
            None => [0..self.rows, 0..self.cols],
            Some(z) => {
                let cap = self.capacity(width, height);
                z.clamped((self.rows, self.cols), cap)
                    .window((self.rows, self.cols), cap)
            }
        }
    }

    /// Values in the cells when every value and the labels fit (labels cut only if the values alone fit
    /// and the labels do not), scaled up while the area has room; else a block picture of at most the
    /// area's size.
    fn plan(&self, window: &[std::ops::Range<usize>; 2], width: usize, height: usize) -> Plan {
        let (w_rows, w_cols) = (window[0].len(), window[1].len());
        if w_rows * w_cols <= MAX_VALUE_CELLS && w_rows > 0 && w_cols > 0 {
            let hm = self.heatmap(window, (w_rows, w_cols));
            if let Some(plan) = value_plan(hm, self.lang, width, height) {
                return plan;
            }
        }
        let room = self.block_room(width, height);
        let rows_per_line = if self.color == ColorMode::None { 1 } else { 2 };
        let cell_w = if self.color == ColorMode::None { 2 } else { 1 };
        let hm = self.heatmap(
            window,
            (room.avail_h * rows_per_line, room.avail_w / cell_w),
        );
        // Small maps (and a zoomed window) are scaled up to stay square (a half-block line is two rows,
        // a column one char).
        let scale = if rows_per_line == 2 {
            (room.avail_w / hm.cols.max(1))
                .min(room.avail_h * 2 / hm.rows.max(1))
                .clamp(1, 8)
        } else {
            1
        };
        Plan {
            hm,
            slot: None,
            line_h: 1,
            col_w: cell_w * scale,
            row_scale: scale,
            rows_per_line,
            label_w: room.label_w,
            legend_beside: room.legend_beside,
            stagger: false,
        }
    }
}

/// Value mode for `hm` (every cell one value) when it fits: the widest slot that fits, labels whole
/// first and the legend beside the map second; then, where the area has room, wider slots and rows of
/// several lines so a small map fills a big pane as squares (a terminal cell is about twice as tall as
/// it is wide).
fn value_plan(hm: Heatmap, lang: Lang, width: usize, height: usize) -> Option<Plan> {
    let value_w = (0..hm.rows * hm.cols)
        .map(|i| labels::width(&cell_text(&hm, hm.cell(i / hm.cols, i % hm.cols))))
        .max()
        .unwrap_or(1);
    let col_label_w = hm
        .col_labels
        .as_ref()
        .map_or(0, |l| l.iter().map(|s| labels::width(s)).max().unwrap_or(0))
        .min(MAX_COL_LABEL);
    let label_w = row_label_width(hm.row_labels.as_deref(), MAX_ROW_LABEL);
    let legend_w = legend_width(&hm, lang);
    let head = usize::from(hm.col_labels.is_some());
    let fits = |slot: usize, beside: bool| {
        let used = label_w + hm.cols * (slot + 1) + if beside { legend_w + 2 } else { 0 };
        let below = if beside { 0 } else { 1 };
        used <= width && hm.rows + head + below <= height
    };
    for slot in (value_w..=value_w.max(col_label_w)).rev() {
        for beside in [true, false] {
            if !fits(slot, beside) {
                continue;
            }
            let below = usize::from(!beside);
            let room_w = width.saturating_sub(label_w + if beside { legend_w + 2 } else { 0 });
            let max_slot = (room_w / hm.cols).saturating_sub(1).max(slot);
            let lines_free = height.saturating_sub(head + below + 1);
            let line_h = (lines_free / hm.rows)
                .min(max_slot.div_ceil(2))
                .clamp(1, MAX_LINES_PER_ROW);
            let slot = if line_h > 1 {
                (2 * line_h - 1).clamp(slot, max_slot)
            } else {
                slot
            };
            // Labels wider than their slot take turns on two lines, each twice as wide.
            let stagger = slot < col_label_w && hm.rows * line_h + 2 + below <= height;
            return Some(Plan {
                hm,
                slot: Some(slot),
                line_h,
                col_w: slot + 1,
                row_scale: 1,
                rows_per_line: 1,
                label_w,
                legend_beside: beside,
                stagger,
            });
        }
    }
    None
}

impl Widget for HeatmapView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        if area.height < 3 || area.width < 10 {
            return;
        }
        let c = self.color;
        let (width, height) = (area.width as usize, area.height as usize);
        let head_lines = self.head_lines(width, height);
        let window = if self.rows == 0 || self.cols == 0 {
            [0..0, 0..0]
        } else {
            self.window(width, height)
        };
        let dim = Style::default().fg(c.fg(Color::DarkGray));
        let title = Span::styled(
            self.title.to_string(),
            Style::default().add_modifier(Modifier::BOLD),
        );
        let axes = axes_text(&self, Some(&window)).map(|t| Span::styled(t, dim));
        match (axes, head_lines) {
            (Some(axes), 2) => {
                buf.set_line(area.x, area.y, &Line::from(title), area.width);
                buf.set_line(area.x, area.y + 1, &Line::from(axes), area.width);
            }
            (Some(axes), _) => {
                let line = Line::from(vec![title, Span::raw("  "), axes]);
                buf.set_line(area.x, area.y, &line, area.width);
            }
            (None, _) => {
                buf.set_line(area.x, area.y, &Line::from(title), area.width);
            }
        }
        if self.rows == 0 || self.cols == 0 {
            return;
        }
        let body = Rect {
            y: area.y + head_lines as u16 - 1,
            height: area.height + 1 - head_lines as u16,
            ..area
        };
        let plan = self.plan(&window, width, (body.height as usize).saturating_sub(2));
        draw_map(&plan, &self, body, buf);
    }
}

/// The column axis, the map, the legend and the note under it, in `area` below the title line.
fn draw_map(plan: &Plan, view: &HeatmapView<'_>, area: Rect, buf: &mut Buffer) {
    let c = view.color;
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
    let head = column_axis(hm, plan);
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
        Some(_) => hm.rows * plan.line_h,
        None => (hm.rows * plan.row_scale).div_ceil(plan.rows_per_line),
    };
    let map_lines = map_lines.min(bottom.saturating_sub(y) as usize);
    for line in 0..map_lines {
        // The drawn rows on this line: one, or two half-block rows (scaled up: repeated).
        let (top_r, bottom_r, label) = match plan.slot {
            Some(_) => {
                let r = line / plan.line_h;
                let middle = line % plan.line_h == plan.line_h / 2;
                (r, r, middle.then(|| hm.rows_label(r, r)))
            }
            None => {
                let top_r = line * plan.rows_per_line / plan.row_scale;
                let bottom_r = ((line * plan.rows_per_line + plan.rows_per_line - 1)
                    / plan.row_scale)
                    .min(hm.rows - 1);
                // Scaled up, a row's label goes on the line where the row starts; else every line
                // is labelled with the rows it shows (a token, or a range for two half-block rows).
                let (first_half, next_half) =
                    (line * plan.rows_per_line, (line + 1) * plan.rows_per_line);
                let starting = first_half.div_ceil(plan.row_scale);
                let label = if plan.row_scale == 1 {
                    Some(hm.rows_label(top_r, bottom_r))
                } else {
                    (starting * plan.row_scale < next_half && starting < hm.rows)
                        .then(|| hm.rows_label(starting, starting))
                };
                (top_r, bottom_r, label)
            }
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
                // A scaled-up cell prints its value on its middle line; the other lines are colour.
                let text = if line % plan.line_h == plan.line_h / 2 {
                    let value = cell_text(hm, cell);
                    if plan.centred() {
                        format!(" {}", labels::center(&value, slot))
                    } else {
                        format!(" {}", labels::right(&value, slot))
                    }
                } else {
                    " ".repeat(slot + 1)
                };
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
    let entries = legend_entries(hm, map_lines, view.lang);
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
        let masked = entries.iter().find(|(cell, _)| *cell == HeatCell::Masked);
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
        if let Some((cell, text)) = masked {
            spans.push(swatch(*cell));
            spans.push(Span::raw(format!(" {text}")));
        }
        buf.set_line(area.x, y, &Line::from(spans), area.width);
        y += 1;
    }
    if let Some(note) = note_text(hm, view.zoom.is_some(), view.lang, area.width as usize)
        && y < bottom
    {
        buf.set_string(
            area.x,
            y,
            labels::fit(&note, area.width as usize),
            Style::default().fg(c.fg(Color::DarkGray)),
        );
    }
}
