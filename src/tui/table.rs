//! Markdown tables in lesson prose, drawn with box-drawing lines. Columns are measured and padded by
//! display width (`unicode-width`), so Korean cells line up; a table wider than the notebook column
//! shares the room out (narrow columns keep their width, wide ones split the rest) and wraps the text
//! of its cells, breaking inside a word only when the word alone is wider than its column.

use pulldown_cmark::Alignment;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::footer::ellipsize;
use super::theme::ColorMode;

/// A cell's text: styled pieces, as the prose renderer makes them.
type Cell = Vec<(String, Style)>;

/// A table as pulldown-cmark reads it: the header row, the body rows and each column's alignment.
#[derive(Debug, Default)]
pub struct Table {
    aligns: Vec<Alignment>,
    head: Vec<Cell>,
    rows: Vec<Vec<Cell>>,
    in_head: bool,
}

impl Table {
    pub fn new(aligns: Vec<Alignment>) -> Table {
        Table {
            aligns,
            ..Table::default()
        }
    }

    pub fn start_head(&mut self) {
        self.in_head = true;
    }

    pub fn start_row(&mut self) {
        self.in_head = false;
        self.rows.push(Vec::new());
    }

    pub fn start_cell(&mut self) {
        let row = if self.in_head {
            &mut self.head
        } else if let Some(row) = self.rows.last_mut() {
            row
        } else {
            return;
        };
        row.push(Vec::new());
    }

    /// Text inside the current cell.
    pub fn push(&mut self, text: String, style: Style) {
        let row = if self.in_head {
            &mut self.head
        } else if let Some(row) = self.rows.last_mut() {
            row
        } else {
            return;
        };
        if let Some(cell) = row.last_mut() {
            cell.push((text, style));
        }
    }

    /// The table as lines of at most `width` columns.
    pub fn render(&self, width: usize, color: ColorMode) -> Vec<Line<'static>> {
        let n = self
            .rows
            .iter()
            .map(Vec::len)
            .chain([self.head.len(), self.aligns.len()])
            .max()
            .unwrap_or(0);
        if n == 0 {
            return Vec::new();
        }
        let all_rows = || std::iter::once(&self.head).chain(&self.rows);
        let natural: Vec<usize> = (0..n)
            .map(|j| {
                all_rows()
                    .filter_map(|row| row.get(j))
                    .map(cell_width)
                    .max()
                    .unwrap_or(0)
                    .max(1)
            })
            .collect();
        // `│ a │ b │`: a bar and a space before each column, a space and a bar after the last.
        let chrome = 3 * n + 1;
        let widths = share(&natural, width.saturating_sub(chrome));
        let border = Style::default().fg(color.fg(Color::DarkGray));
        let rule = |l: &str, m: &str, r: &str| {
            let parts: Vec<String> = widths.iter().map(|w| "─".repeat(w + 2)).collect();
            Line::from(Span::styled(format!("{l}{}{r}", parts.join(m)), border))
        };
        let mut out = vec![rule("┌", "┬", "┐")];
        if !self.head.is_empty() {
            let bold = Style::default().add_modifier(Modifier::BOLD);
            out.extend(self.row_lines(&self.head, &widths, bold, border));
            out.push(rule("├", "┼", "┤"));
        }
        for row in &self.rows {
            out.extend(self.row_lines(row, &widths, Style::default(), border));
        }
        out.push(rule("└", "┴", "┘"));
        // Only when even one column each does not fit: the lines say they were cut.
        out.into_iter()
            .map(|line| {
                if line.width() <= width {
                    line
                } else {
                    let text = ellipsize(&line.to_string(), width);
                    Line::from(Span::styled(text, border))
                }
            })
            .collect()
    }

    /// One table row as terminal lines: each cell wrapped to its column, the row as tall as its
    /// tallest cell.
    fn row_lines(
        &self,
        row: &[Cell],
        widths: &[usize],
        extra: Style,
        border: Style,
    ) -> Vec<Line<'static>> {
        let empty = Vec::new();
        let wrapped: Vec<Vec<Cell>> = widths
            .iter()
            .enumerate()
            .map(|(j, &w)| wrap_cell(row.get(j).unwrap_or(&empty), w))
            .collect();
        let height = wrapped.iter().map(Vec::len).max().unwrap_or(1).max(1);
        (0..height)
            .map(|k| {
                let mut spans = vec![Span::styled("│", border)];
                for (j, &w) in widths.iter().enumerate() {
                    let piece = wrapped[j].get(k).cloned().unwrap_or_default();
                    let free = w.saturating_sub(cell_width(&piece));
                    let (before, after) = match self.aligns.get(j) {
                        Some(Alignment::Right) => (free, 0),
                        Some(Alignment::Center) => (free / 2, free - free / 2),
                        _ => (0, free),
                    };
                    spans.push(Span::raw(" ".repeat(before + 1)));
                    spans.extend(
                        piece
                            .into_iter()
                            .map(|(text, style)| Span::styled(text, style.patch(extra))),
                    );
                    spans.push(Span::raw(" ".repeat(after + 1)));
                    spans.push(Span::styled("│", border));
                }
                Line::from(spans)
            })
            .collect()
    }
}

fn cell_width(cell: &Cell) -> usize {
    cell.iter().map(|(t, _)| t.width()).sum()
}

/// Column widths for `natural` widths in `room` columns: all natural when they fit; else columns
/// narrower than an even share keep their width and the wider ones split what is left evenly (the
/// first ones take the odd columns). Never below one column each.
pub fn share(natural: &[usize], room: usize) -> Vec<usize> {
    if natural.iter().sum::<usize>() <= room {
        return natural.to_vec();
    }
    let mut widths = vec![0; natural.len()];
    let mut order: Vec<usize> = (0..natural.len()).collect();
    order.sort_by_key(|&j| natural[j]);
    let mut left = room;
    let mut wide = Vec::new();
    for (k, &j) in order.iter().enumerate() {
        let even = left / (natural.len() - k);
        if natural[j] <= even {
            widths[j] = natural[j];
            left -= natural[j];
        } else {
            wide = order[k..].to_vec();
            break;
        }
    }
    wide.sort_unstable();
    let count = wide.len().max(1);
    for (k, &j) in wide.iter().enumerate() {
        widths[j] = (left / count + usize::from(k < left % count)).max(1);
    }
    widths
}

/// A cell's text in lines of at most `width` columns, broken at spaces; a word wider than the column
/// is broken between characters (a Korean syllable is never split).
fn wrap_cell(cell: &Cell, width: usize) -> Vec<Cell> {
    let width = width.max(1);
    let mut lines: Vec<Cell> = Vec::new();
    let mut cur: Cell = Vec::new();
    let mut cur_w = 0;
    let push = |cur: &mut Cell, text: &str, style: Style| match cur.last_mut() {
        Some((last, s)) if *s == style => last.push_str(text),
        _ => cur.push((text.to_string(), style)),
    };
    // A space seen since the last word (it may end one styled piece and the word start the next).
    let mut pending = false;
    for (text, style) in cell {
        for (i, word) in text.split(' ').enumerate() {
            pending |= i > 0;
            if word.is_empty() {
                continue;
            }
            // The space before a word, except at the start of a line.
            let space = usize::from(pending && cur_w > 0);
            pending = false;
            let w = word.width();
            if cur_w > 0 && cur_w + space + w > width {
                lines.push(std::mem::take(&mut cur));
                cur_w = 0;
            } else if space == 1 {
                push(&mut cur, " ", *style);
                cur_w += 1;
            }
            if w <= width.saturating_sub(cur_w) {
                push(&mut cur, word, *style);
                cur_w += w;
                continue;
            }
            // Too wide for any line: broken where the column ends.
            for ch in word.chars() {
                let cw = ch.width().unwrap_or(0);
                if cur_w + cw > width && cur_w > 0 {
                    lines.push(std::mem::take(&mut cur));
                    cur_w = 0;
                }
                push(&mut cur, &ch.to_string(), *style);
                cur_w += cw;
            }
        }
    }
    if !cur.is_empty() || lines.is_empty() {
        lines.push(cur);
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Cell]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.iter().map(|(t, _)| t.as_str()).collect())
            .collect()
    }

    #[test]
    fn narrow_columns_keep_their_width_and_wide_ones_share_the_rest() {
        assert_eq!(share(&[5, 30], 40), vec![5, 30]);
        assert_eq!(share(&[5, 90], 40), vec![5, 35]);
        assert_eq!(share(&[50, 90], 41), vec![21, 20]);
        assert_eq!(share(&[3, 3, 3], 1), vec![1, 1, 1]);
    }

    #[test]
    fn cells_wrap_at_spaces_and_break_only_words_too_wide() {
        let cell = vec![("filler that makes".to_string(), Style::default())];
        assert_eq!(texts(&wrap_cell(&cell, 8)), ["filler", "that", "makes"]);
        let long = vec![("<abcdefghij>".to_string(), Style::default())];
        assert_eq!(texts(&wrap_cell(&long, 5)), ["<abcd", "efghi", "j>"]);
        let pieces = vec![
            ("see ".to_string(), Style::default()),
            (
                "x".to_string(),
                Style::default().add_modifier(Modifier::BOLD),
            ),
        ];
        assert_eq!(texts(&wrap_cell(&pieces, 20)), ["see x"]);
        let korean = vec![("채움 토큰입니다".to_string(), Style::default())];
        assert_eq!(
            texts(&wrap_cell(&korean, 5)),
            ["채움", "토큰", "입니", "다"]
        );
    }
}
