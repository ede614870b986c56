//! Lesson prose (Markdown, parsed with pulldown-cmark) → styled, wrapped terminal lines. Wrapping counts
//! display width, so Korean text (two columns per syllable) lines up.

use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use super::table::Table;
use super::theme::ColorMode;

/// Wraps styled segments to `width` columns, breaking at spaces (or anywhere inside over-long words).
pub fn wrap_spans(segments: &[(String, Style)], width: usize, indent: &str) -> Vec<Line<'static>> {
    let width = width.max(8);
    let mut lines = Vec::new();
    let mut cur: Vec<Span<'static>> = vec![Span::raw(indent.to_string())];
    let mut cur_w = indent.width();
    for (text, style) in segments {
        for (i, word) in text.split(' ').enumerate() {
            let piece = if i == 0 {
                word.to_string()
            } else {
                format!(" {word}")
            };
            let w = piece.width();
            if cur_w + w > width && cur_w > indent.width() {
                lines.push(Line::from(std::mem::replace(
                    &mut cur,
                    vec![Span::raw(indent.to_string())],
                )));
                cur_w = indent.width();
                let trimmed = piece.trim_start().to_string();
                let tw = trimmed.width();
                cur.push(Span::styled(trimmed, *style));
                cur_w += tw;
            } else {
                cur.push(Span::styled(piece, *style));
                cur_w += w;
            }
        }
    }
    if cur_w > indent.width() || lines.is_empty() {
        lines.push(Line::from(cur));
    }
    lines
}

/// Renders a prose block to lines of at most `width` columns.
pub fn render(markdown: &str, width: usize, color: ColorMode) -> Vec<Line<'static>> {
    let mut out: Vec<Line<'static>> = Vec::new();
    let mut segs: Vec<(String, Style)> = Vec::new();
    let mut style_stack: Vec<Style> = vec![Style::default()];
    let mut indent = String::new();
    let mut in_code_block = false;
    // The table being read, from its start to its end; its cells collect the text in between.
    let mut table: Option<Table> = None;
    let flush = |segs: &mut Vec<(String, Style)>, out: &mut Vec<Line<'static>>, indent: &str| {
        if !segs.is_empty() {
            out.extend(wrap_spans(segs, width, indent));
            segs.clear();
        }
    };
    for event in Parser::new_ext(
        markdown,
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
    ) {
        let top = *style_stack.last().unwrap_or(&Style::default());
        if let Some(t) = table.as_mut() {
            match event {
                Event::Start(Tag::TableHead) => t.start_head(),
                Event::Start(Tag::TableRow) => t.start_row(),
                Event::Start(Tag::TableCell) => t.start_cell(),
                Event::Start(Tag::Emphasis) => style_stack.push(top.add_modifier(Modifier::ITALIC)),
                Event::Start(Tag::Strong) => style_stack.push(top.add_modifier(Modifier::BOLD)),
                Event::End(TagEnd::Emphasis) | Event::End(TagEnd::Strong) => {
                    style_stack.pop();
                }
                Event::Code(text) => t.push(text.to_string(), top.fg(color.fg(Color::Yellow))),
                Event::Text(text) => t.push(text.replace('\n', " "), top),
                Event::SoftBreak | Event::HardBreak => t.push(" ".into(), top),
                Event::End(TagEnd::Table) => {
                    out.extend(t.render(width, color));
                    out.push(Line::default());
                    table = None;
                }
                _ => {}
            }
            continue;
        }
        match event {
            Event::Start(Tag::Table(aligns)) => {
                flush(&mut segs, &mut out, &indent);
                table = Some(Table::new(aligns));
            }
            Event::Start(Tag::Heading { level, .. }) => {
                flush(&mut segs, &mut out, &indent);
                let mut s = Style::default().add_modifier(Modifier::BOLD);
                if level <= HeadingLevel::H2 {
                    s = s.fg(color.fg(Color::Cyan));
                }
                style_stack.push(s);
            }
            Event::End(TagEnd::Heading(_)) => {
                flush(&mut segs, &mut out, &indent);
                style_stack.pop();
                out.push(Line::default());
            }
            Event::Start(Tag::Paragraph) => {}
            Event::End(TagEnd::Paragraph) => {
                flush(&mut segs, &mut out, &indent);
                out.push(Line::default());
            }
            Event::Start(Tag::Emphasis) => style_stack.push(top.add_modifier(Modifier::ITALIC)),
            Event::Start(Tag::Strong) => style_stack.push(top.add_modifier(Modifier::BOLD)),
            Event::End(TagEnd::Emphasis) | Event::End(TagEnd::Strong) => {
                style_stack.pop();
            }
            Event::Start(Tag::Item) => {
                flush(&mut segs, &mut out, &indent);
                segs.push(("• ".into(), top));
                indent = "  ".into();
            }
            Event::End(TagEnd::Item) => {
                flush(&mut segs, &mut out, "  ");
                indent.clear();
            }
            Event::End(TagEnd::List(_)) => out.push(Line::default()),
            Event::Start(Tag::CodeBlock(_)) => {
                flush(&mut segs, &mut out, &indent);
                in_code_block = true;
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code_block = false;
                out.push(Line::default());
            }
            Event::Start(Tag::BlockQuote(_)) => indent = "│ ".into(),
            Event::End(TagEnd::BlockQuote(_)) => {
                flush(&mut segs, &mut out, &indent);
                indent.clear();
            }
            Event::Code(t) => segs.push((t.to_string(), top.fg(color.fg(Color::Yellow)))),
            Event::Text(t) => {
                if in_code_block {
                    for l in t.lines() {
                        out.push(Line::from(Span::styled(
                            format!("    {l}"),
                            Style::default().fg(color.fg(Color::Gray)),
                        )));
                    }
                } else {
                    segs.push((t.replace('\n', " "), top));
                }
            }
            Event::SoftBreak => segs.push((" ".into(), top)),
            Event::HardBreak => flush(&mut segs, &mut out, &indent),
            Event::Rule => out.push(Line::from("─".repeat(width.min(60)))),
            _ => {}
        }
    }
    flush(&mut segs, &mut out, &indent);
    while out.last().is_some_and(|l| l.width() == 0) {
        out.pop();
    }
    out
}
