//! The bars at the top and bottom of a screen, fitted to its width instead of cut at the edge: the
//! footer drops key hints by priority and always keeps `? help`; a status message gets the room the
//! essential hints leave and is shortened with an ellipsis, never pushing them out; the notebook's title
//! bar shortens its sizes list (`sizes bs=8 sl=128 …`) before anything is cut.

use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::lesson::Lang;

use super::layout::InspectorMode;

/// One key hint of a footer: `keys label`, and how long it stays as the footer narrows (0: always; the
/// higher, the sooner it goes).
#[derive(Debug, Clone, Copy)]
pub struct Hint {
    pub keys: &'static str,
    pub label: &'static str,
    pub rank: u8,
}

pub(crate) const fn hint(keys: &'static str, label: &'static str, rank: u8) -> Hint {
    Hint { keys, label, rank }
}

/// The notebook's footer, in the order shown.
/// The notebook's footer with the inspector's key in it, saying what `i` and `f` do from here: hide or
/// show it, make it full screen or give the notebook its room back.
pub fn notebook_hints(lang: Lang, inspector: InspectorMode) -> Vec<Hint> {
    let text = super::text::text(lang);
    let base = text.notebook_hints;
    let hide = [
        hint("i", text.inspector_hide, 6),
        hint("f", text.inspector_full, 9),
    ];
    let show = [hint("i", text.inspector_show, 1)];
    let back = [hint("f/Esc", text.inspector_back, 1)];
    let extra: &[Hint] = match inspector {
        InspectorMode::Shown => &hide,
        InspectorMode::Hidden => &show,
        InspectorMode::Full => &back,
    };
    // Before the language switch, with the other keys of the notebook.
    let at = base
        .iter()
        .position(|h| h.keys == "t")
        .unwrap_or(base.len());
    let mut hints = base[..at].to_vec();
    hints.extend_from_slice(extra);
    hints.extend_from_slice(&base[at..]);
    hints
}

/// The editor's footer, in the app's language.
pub fn editor_hints(lang: Lang) -> &'static [Hint] {
    super::text::text(lang).editor_hints
}

/// The notebook's English footer, for tests that measure its fitting.
pub const NOTEBOOK_EN: &[Hint] = super::text::EN.notebook_hints;

const SEPARATOR: &str = " · ";
/// Between the hints and the status message.
const STATUS_BAR: &str = "│ ";

fn hints_text(hints: &[Hint], kept: &[bool]) -> String {
    let shown: Vec<String> = hints
        .iter()
        .zip(kept)
        .filter(|(_, k)| **k)
        .map(|(h, _)| format!("{} {}", h.keys, h.label))
        .collect();
    format!(" {} ", shown.join(SEPARATOR))
}

/// `text` in at most `width` columns, ending in `…` when it had to be shortened.
pub fn ellipsize(text: &str, width: usize) -> String {
    if text.width() <= width {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for ch in text.chars() {
        let w = ch.width().unwrap_or(0);
        if used + w + 1 > width {
            break;
        }
        out.push(ch);
        used += w;
    }
    if width > 0 {
        out.push('…');
    }
    out
}

/// The footer in `width` columns: the hints that fit, highest rank dropped first, and the status message
/// after them. The rank-0 hints (running and `? help`) and the quit key stay whatever the message; the
/// message takes the room left and is ellipsized; the other hints come back where the room allows.
pub fn footer(hints: &[Hint], status: Option<&str>, width: usize) -> Line<'static> {
    let mut kept: Vec<bool> = hints.iter().map(|h| h.rank <= 1).collect();
    // On a very narrow bar, only `? help` (the rank-0 hint that leads to all the others) is sure to show.
    let mut ranks: Vec<u8> = hints.iter().map(|h| h.rank).filter(|&r| r > 1).collect();
    ranks.sort_unstable();
    ranks.dedup();
    if hints_text(hints, &kept).width() > width {
        // `? help`, or where a screen has none (the editor) its first essential key.
        let keep = hints
            .iter()
            .position(|h| h.keys == "?")
            .or_else(|| hints.iter().position(|h| h.rank == 0));
        for (i, k) in kept.iter_mut().enumerate() {
            *k = Some(i) == keep;
        }
    }
    let status_room = |kept: &[bool]| width.saturating_sub(hints_text(hints, kept).width());
    let status_text = status.map(|s| format!("{STATUS_BAR}{s} "));
    let status_width = status_text.as_deref().map_or(0, UnicodeWidthStr::width);
    // The optional hints, by rank, while they leave the status message whole.
    for rank in ranks {
        let mut more = kept.clone();
        for (k, h) in more.iter_mut().zip(hints) {
            *k |= h.rank == rank;
        }
        if hints_text(hints, &more).width() + status_width <= width {
            kept = more;
        } else {
            break;
        }
    }
    let mut spans = vec![Span::raw(hints_text(hints, &kept))];
    if let Some(text) = status_text {
        let room = status_room(&kept);
        if room > STATUS_BAR.width() {
            spans.push(Span::styled(
                ellipsize(&text, room),
                Style::default().add_modifier(Modifier::BOLD),
            ));
        }
    }
    Line::from(spans)
}

/// The title bar's parts, in order; `sizes` (name, value) is shortened from its end when the whole does
/// not fit.
pub struct Header<'a> {
    pub title: String,
    pub cell: String,
    pub sizes_word: &'a str,
    pub sizes: &'a [(String, i64)],
    pub lang: &'a str,
}

impl Header<'_> {
    /// The bar's text in `width` columns: wide separators, then narrow ones, then fewer sizes followed by
    /// `…` (never a size cut in half), then the title ellipsized.
    pub fn fit(&self, width: usize) -> String {
        let sizes = |n: usize| -> Option<String> {
            if self.sizes.is_empty() {
                return None;
            }
            let mut parts: Vec<String> = self.sizes[..n]
                .iter()
                .map(|(name, v)| format!("{name}={v}"))
                .collect();
            if n < self.sizes.len() {
                parts.push("…".into());
            }
            Some(format!("{} {}", self.sizes_word, parts.join(" ")))
        };
        let join = |title: &str, sizes: Option<String>, sep: &str| {
            let mut parts = vec![format!(" {title}"), self.cell.clone()];
            parts.extend(sizes);
            parts.push(self.lang.to_string());
            parts.join(sep)
        };
        for sep in ["   ·   ", " · "] {
            let whole = join(&self.title, sizes(self.sizes.len()), sep);
            if whole.width() <= width {
                return whole;
            }
        }
        for n in (0..self.sizes.len()).rev() {
            let shorter = join(&self.title, sizes(n), " · ");
            if shorter.width() <= width {
                return shorter;
            }
        }
        let rest = join("", sizes(0), " · ").width();
        let title = ellipsize(&self.title, width.saturating_sub(rest).max(1));
        ellipsize(&join(&title, sizes(0), " · "), width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(l: &Line) -> String {
        l.to_string()
    }

    #[test]
    fn a_narrow_footer_drops_hints_by_rank_and_keeps_help() {
        let wide = text(&footer(NOTEBOOK_EN, None, 200));
        assert!(
            wide.contains("z sizes") && wide.contains("t 한국어"),
            "{wide}"
        );
        for width in [30, 40, 60, 80] {
            let line = footer(NOTEBOOK_EN, None, width);
            assert!(line.width() <= width, "{width}: {}", text(&line));
            assert!(text(&line).contains("? help"), "{width}: {}", text(&line));
        }
        let at_60 = text(&footer(NOTEBOOK_EN, None, 60));
        assert!(
            at_60.contains("Enter run") && at_60.contains("e edit"),
            "{at_60}"
        );
        assert!(!at_60.contains("z sizes"), "{at_60}");
        assert!(text(&footer(NOTEBOOK_EN, None, 8)).contains("? help"));
    }

    #[test]
    fn a_status_message_never_pushes_the_help_hint_out() {
        let message = "cell 12 raised an error — see below the cell, and the rest of a long story";
        for width in [40, 60, 80, 120] {
            let line = footer(NOTEBOOK_EN, Some(message), width);
            let shown = text(&line);
            assert!(line.width() <= width, "{width}: {shown}");
            assert!(
                shown.contains("? help") && shown.contains("Enter run"),
                "{shown}"
            );
        }
        let short = text(&footer(NOTEBOOK_EN, Some("cell 3 restored"), 80));
        assert!(short.ends_with(" │ cell 3 restored "), "{short}");
        let cut = text(&footer(NOTEBOOK_EN, Some(message), 60));
        assert!(cut.ends_with('…'), "{cut}");
    }

    #[test]
    fn ellipsis_counts_display_width() {
        assert_eq!(ellipsize("커피가 맛이", 6), "커피…");
        assert_eq!(ellipsize("short", 10), "short");
        assert_eq!(ellipsize("abcdef", 4), "abc…");
    }

    #[test]
    fn the_header_shortens_the_sizes_list_instead_of_cutting_it() {
        let sizes: Vec<(String, i64)> =
            [("bs", 8), ("sl", 128), ("hid_dim", 512), ("pf_dim", 2048)]
                .iter()
                .map(|(n, v)| (n.to_string(), *v))
                .collect();
        let header = Header {
            title: "11. Position-wise feed-forward".into(),
            cell: "cell 3/9".into(),
            sizes_word: "sizes",
            sizes: &sizes,
            lang: "English",
        };
        let wide = header.fit(120);
        assert!(wide.contains("sizes bs=8 sl=128 hid_dim=512 pf_dim=2048   ·   English"));
        let at_80 = header.fit(80);
        assert!(at_80.width() <= 80, "{at_80}");
        assert!(at_80.ends_with(" · English"), "{at_80}");
        assert!(at_80.contains("sizes bs=8 sl=128 …"), "{at_80}");
        let tiny = header.fit(40);
        assert!(tiny.width() <= 40, "{tiny}");
    }
}
