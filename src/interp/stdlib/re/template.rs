//! Replacement templates for `sub`, `subn` and `Match.expand`: `\1`, `\g<1>`, `\g<name>`, the character
//! escapes (`\n`, `\t`, ...), other escapes kept as written, and CPython's errors for bad ones.

use super::super::super::Interpreter;
use super::super::super::error::PyResult;
use super::objects::Pattern;
use super::re_error;

pub(super) enum Piece {
    Text(String),
    Group(usize),
}

pub(super) fn parse(interp: &Interpreter, template: &str, p: &Pattern) -> PyResult<Vec<Piece>> {
    let groups = p.group_count();
    let chars: Vec<char> = template.chars().collect();
    let mut out: Vec<Piece> = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    let flush = |text: &mut String, out: &mut Vec<Piece>| {
        if !text.is_empty() {
            out.push(Piece::Text(std::mem::take(text)));
        }
    };
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' {
            text.push(c);
            i += 1;
            continue;
        }
        let Some(&n) = chars.get(i + 1) else {
            return Err(re_error(
                interp,
                format!("bad escape (end of pattern) at position {i}"),
            ));
        };
        match n {
            'g' => {
                let close = chars[i + 2..].iter().position(|&c| c == '>');
                if chars.get(i + 2) != Some(&'<') || close.is_none() {
                    return Err(re_error(interp, format!("missing < at position {}", i + 2)));
                }
                let close = i + 2 + close.unwrap_or(0);
                let name: String = chars[i + 3..close].iter().collect();
                let group = match name.parse::<usize>() {
                    Ok(g) => g,
                    Err(_) => match p.group_named(&name) {
                        Some(g) => g,
                        None => {
                            return Err(exc_index(interp, &name, i + 3));
                        }
                    },
                };
                if group > groups {
                    return Err(re_error(
                        interp,
                        format!("invalid group reference {group} at position {}", i + 3),
                    ));
                }
                flush(&mut text, &mut out);
                out.push(Piece::Group(group));
                i = close + 1;
            }
            '0'..='9' => {
                let mut j = i + 1;
                let mut digits = String::new();
                while j < chars.len() && chars[j].is_ascii_digit() && digits.len() < 2 {
                    digits.push(chars[j]);
                    j += 1;
                }
                let group: usize = digits.parse().unwrap_or(0);
                if n == '0' || group == 0 {
                    // `\0` is an octal escape.
                    text.push('\0');
                    i += 2;
                    continue;
                }
                if group > groups {
                    return Err(re_error(
                        interp,
                        format!("invalid group reference {group} at position {}", i + 1),
                    ));
                }
                flush(&mut text, &mut out);
                out.push(Piece::Group(group));
                i = j;
            }
            'n' | 't' | 'r' | 'f' | 'v' | 'a' | 'b' | '\\' => {
                text.push(match n {
                    'n' => '\n',
                    't' => '\t',
                    'r' => '\r',
                    'f' => '\u{c}',
                    'v' => '\u{b}',
                    'a' => '\u{7}',
                    'b' => '\u{8}',
                    _ => '\\',
                });
                i += 2;
            }
            c if c.is_ascii_alphabetic() => {
                return Err(re_error(
                    interp,
                    format!("bad escape \\{c} at position {i}"),
                ));
            }
            other => {
                text.push('\\');
                text.push(other);
                i += 2;
            }
        }
    }
    flush(&mut text, &mut out);
    Ok(out)
}

fn exc_index(interp: &Interpreter, name: &str, at: usize) -> super::super::super::error::Unwind {
    if name.is_empty() {
        return re_error(interp, format!("missing group name at position {at}"));
    }
    super::super::super::error::exc(
        super::super::super::error::ExcKind::IndexError,
        format!("unknown group name '{name}'"),
    )
}

pub(super) fn expand(
    template: &[Piece],
    text: &str,
    spans: &[Option<(usize, usize)>],
    out: &mut String,
) {
    for piece in template {
        match piece {
            Piece::Text(t) => out.push_str(t),
            Piece::Group(g) => {
                if let Some((s, e)) = spans.get(*g).copied().flatten() {
                    out.push_str(&text[s..e]);
                }
            }
        }
    }
}
