//! Heatmap labels laid out by display width, not by chars: a Hangul syllable or a CJK character takes two
//! terminal columns (`unicode-width`), so `좋네요` needs six. A label is cut, with `…`, only when it does not
//! fit its slot; a bucket of a downsampled map is labelled by the range of positions it covers (`0–3`).

use std::ops::Range;

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Display width of `s` in terminal columns.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` cut to at most `max` columns: unchanged when it fits, else as many leading characters as fit
/// before a `…` (which takes one column). Never splits a wide character, so the result may be one column
/// narrower than `max`.
pub fn fit(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for ch in s.chars() {
        let w = ch.width().unwrap_or(0);
        if used + w > max - 1 {
            break;
        }
        out.push(ch);
        used += w;
    }
    out.push('…');
    out
}

/// `s` fitted to `slot` columns and padded on the left to exactly `slot` columns (right-aligned, as
/// numbers are).
pub fn right(s: &str, slot: usize) -> String {
    let s = fit(s, slot);
    format!("{}{s}", " ".repeat(slot - width(&s)))
}

/// `s` fitted to `slot` columns and centred in exactly `slot` columns (an odd space goes on the left, as
/// numbers lean right).
pub fn center(s: &str, slot: usize) -> String {
    let s = fit(s, slot);
    let free = slot - width(&s);
    format!(
        "{}{s}{}",
        " ".repeat(free.div_ceil(2)),
        " ".repeat(free / 2)
    )
}

/// `s` fitted to `slot` columns and padded on the right to exactly `slot` columns.
pub fn left(s: &str, slot: usize) -> String {
    let s = fit(s, slot);
    format!("{s}{}", " ".repeat(slot - width(&s)))
}

/// The label of the source positions `span` (half-open): the position's own label (or its index) for a
/// single position, else the range of indices it covers, `0–3`, whatever the labels say (a bucket of
/// four `<pad>` is four positions, not one token).
pub fn span_label(labels: Option<&[String]>, span: Range<usize>) -> String {
    match span.len() {
        0 => String::new(),
        1 => labels
            .and_then(|l| l.get(span.start))
            .cloned()
            .unwrap_or_else(|| span.start.to_string()),
        _ => format!("{}–{}", span.start, span.end - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hangul_takes_two_columns_a_syllable() {
        assert_eq!(width("좋네요"), 6);
        assert_eq!(width("<pad>"), 5);
        assert_eq!(width("0–3"), 3);
    }

    #[test]
    fn a_label_that_fits_is_kept_whole() {
        assert_eq!(fit("좋네요", 6), "좋네요");
        assert_eq!(right("좋네요", 7), " 좋네요");
        assert_eq!(right("가", 4), "  가");
        assert_eq!(left("가", 4), "가  ");
        assert_eq!(center("가", 5), "  가 ");
        assert_eq!(center("0.5", 7), "  0.5  ");
    }

    #[test]
    fn a_label_too_wide_is_cut_with_an_ellipsis_without_splitting_a_syllable() {
        // 5 columns: two syllables (4) + … (1).
        assert_eq!(fit("좋네요", 5), "좋네…");
        // 4 columns: one syllable (2) + … (1) = 3; a second syllable would need 5.
        assert_eq!(fit("좋네요", 4), "좋…");
        assert_eq!(width(&right("좋네요", 4)), 4);
        assert_eq!(fit("<pad>", 4), "<pa…");
        assert_eq!(fit("<pad>", 1), "…");
        assert_eq!(fit("<pad>", 0), "");
    }

    #[test]
    fn buckets_are_labelled_by_their_range() {
        let tokens: Vec<String> = ["커피", "<pad>", "<pad>"].map(String::from).to_vec();
        assert_eq!(span_label(Some(&tokens), 0..1), "커피");
        assert_eq!(span_label(Some(&tokens), 1..3), "1–2");
        assert_eq!(span_label(None, 4..5), "4");
        assert_eq!(span_label(None, 0..4), "0–3");
    }
}
