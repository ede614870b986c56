//! Soft-wrapping of code and output lines, as Jupyter wraps output: a line wider than its pane goes on
//! under a continuation mark instead of being cut at the pane's edge. Widths are display widths
//! (`unicode-width`), so a Korean syllable counts two columns and is never split across lines.

use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

/// The mark at the start of a continued line.
pub const CONTINUATION: &str = "↪";

/// `prefix` then `body`, in lines of at most `width` columns: the first line starts with `prefix`, every
/// further one with `continued` (usually as wide as `prefix`, ending in [`CONTINUATION`]). Each line
/// takes at least one character of the body, so a pane narrower than the prefix still ends.
pub fn wrap(
    prefix: Vec<Span<'static>>,
    continued: Vec<Span<'static>>,
    body: Vec<Span<'static>>,
    width: usize,
) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut cur = prefix;
    let mut cur_w: usize = cur.iter().map(Span::width).sum();
    let mut taken_here = 0usize;
    for span in body {
        let style = span.style;
        let mut piece = String::new();
        for ch in span.content.chars() {
            let w = ch.width().unwrap_or(0);
            if cur_w + w > width && taken_here > 0 {
                push_piece(&mut cur, &mut piece, style);
                lines.push(Line::from(std::mem::replace(&mut cur, continued.clone())));
                cur_w = cur.iter().map(Span::width).sum();
                taken_here = 0;
            }
            piece.push(ch);
            cur_w += w;
            taken_here += 1;
        }
        push_piece(&mut cur, &mut piece, style);
    }
    lines.push(Line::from(cur));
    lines
}

fn push_piece(line: &mut Vec<Span<'static>>, piece: &mut String, style: Style) {
    if !piece.is_empty() {
        line.push(Span::styled(std::mem::take(piece), style));
    }
}

/// A continuation prefix `width` columns wide: `gutter`, spaces, then the mark and a space.
pub fn continued(gutter: &Span<'static>, width: usize, style: Style) -> Vec<Span<'static>> {
    let pad = width.saturating_sub(gutter.width() + 2);
    vec![
        gutter.clone(),
        Span::raw(" ".repeat(pad)),
        Span::styled(format!("{CONTINUATION} "), style),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_short_line_stays_whole() {
        let lines = wrap(vec![Span::raw("  ")], vec![], vec![Span::raw("abc")], 10);
        assert_eq!(text(&lines), ["  abc"]);
    }

    #[test]
    fn a_long_line_goes_on_under_the_mark_and_keeps_every_character() {
        let cont = continued(&Span::raw(" "), 3, Style::default());
        let lines = wrap(
            vec![Span::raw("   ")],
            cont,
            vec![Span::raw("0123456789")],
            7,
        );
        assert_eq!(text(&lines), ["   0123", " ↪ 4567", " ↪ 89"]);
    }

    #[test]
    fn korean_syllables_count_two_columns_and_are_never_split() {
        // 5 columns of room after the prefix: two syllables (4 columns) a line.
        let lines = wrap(
            vec![Span::raw("  ")],
            vec![Span::raw("↪ ")],
            vec![Span::raw("커피가맛이")],
            7,
        );
        assert_eq!(text(&lines), ["  커피", "↪ 가맛", "↪ 이"]);
        for l in &lines {
            assert!(l.width() <= 7);
        }
    }

    #[test]
    fn styles_survive_the_split_and_a_tiny_pane_still_ends() {
        let red = Style::default().fg(ratatui::style::Color::Red);
        let lines = wrap(
            vec![],
            vec![],
            vec![Span::raw("ab"), Span::styled("cd", red)],
            3,
        );
        assert_eq!(text(&lines), ["abc", "d"]);
        assert_eq!(lines[1].spans[0].style, red);
        let tiny = wrap(vec![Span::raw("prefix ")], vec![], vec![Span::raw("xy")], 2);
        assert_eq!(text(&tiny), ["prefix x", "y"]);
    }
}
