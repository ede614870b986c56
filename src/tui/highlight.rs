//! A small Python highlighter for cells: keywords, strings, numbers, comments, and the tutor's directive
//! comments (shape comments and heatmaps) stand out.

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;

use super::theme::ColorMode;

const KEYWORDS: &[&str] = &[
    "def", "class", "return", "import", "from", "as", "for", "in", "if", "else", "elif", "while",
    "with", "try", "except", "finally", "raise", "lambda", "None", "True", "False", "and", "or",
    "not", "is", "pass", "break", "continue", "assert", "del", "global", "nonlocal",
];

pub fn line(code: &str, color: ColorMode) -> Vec<Span<'static>> {
    let c = |col: Color| Style::default().fg(color.fg(col));
    let trimmed = code.trim_start();
    if trimmed.starts_with('#') {
        let directive = crate::lesson::parse::is_directive(trimmed);
        let style = if directive {
            c(Color::Cyan).add_modifier(Modifier::BOLD)
        } else {
            c(Color::DarkGray)
        };
        return vec![Span::styled(code.to_string(), style)];
    }
    let mut spans = Vec::new();
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    let mut plain = String::new();
    let push_plain = |plain: &mut String, spans: &mut Vec<Span<'static>>| {
        if !plain.is_empty() {
            spans.push(Span::raw(std::mem::take(plain)));
        }
    };
    while i < chars.len() {
        let ch = chars[i];
        if ch == '#' {
            push_plain(&mut plain, &mut spans);
            spans.push(Span::styled(
                chars[i..].iter().collect::<String>(),
                c(Color::DarkGray),
            ));
            break;
        }
        if ch == '"' || ch == '\'' {
            push_plain(&mut plain, &mut spans);
            let start = i;
            i += 1;
            while i < chars.len() && chars[i] != ch {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(chars.len());
            let prefix_f = start > 0 && matches!(chars[start - 1], 'f' | 'r' | 'b');
            let _ = prefix_f;
            spans.push(Span::styled(
                chars[start..i].iter().collect::<String>(),
                c(Color::Green),
            ));
            continue;
        }
        if ch.is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'))
        {
            push_plain(&mut plain, &mut spans);
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '.') {
                i += 1;
            }
            spans.push(Span::styled(
                chars[start..i].iter().collect::<String>(),
                c(Color::Yellow),
            ));
            continue;
        }
        if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            if KEYWORDS.contains(&word.as_str()) {
                push_plain(&mut plain, &mut spans);
                spans.push(Span::styled(
                    word,
                    c(Color::Magenta).add_modifier(Modifier::BOLD),
                ));
            } else {
                plain.push_str(&word);
            }
            continue;
        }
        plain.push(ch);
        i += 1;
    }
    push_plain(&mut plain, &mut spans);
    spans
}
