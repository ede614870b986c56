//! Markdown lessons → [`Lesson`]: YAML front matter, then CommonMark parsed with `pulldown-cmark`; fenced
//! `python` blocks become cells, everything between them prose.

use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use serde_yaml_ng::Value as Yaml;

use super::error::LessonError;
use super::model::{
    Block, Cell, CellKind, DimRef, Exercise, HeatmapDirective, Lang, Lesson, ShapeComment, Snippet,
};

/// Largest lesson file accepted (a hostile file must not exhaust memory).
pub const MAX_LESSON_BYTES: usize = 2 * 1024 * 1024;

fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(1, |t| t.bytes().filter(|&b| b == b'\n').count() + 1)
}

/// Whether a full-line comment is one the tutor reads (`# name: [dims]` or `# heatmap: expr`).
pub fn is_directive(comment: &str) -> bool {
    let body = comment.trim_start_matches('#').trim();
    body.starts_with("heatmap:") || parse_shape_comment(body).is_some()
}

fn is_expr_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '_' | '.' | '[' | ']' | ',' | '-' | ':')
}

/// `q: [bs, n_heads, sl, head_dim]` → (`q`, dims).
fn parse_shape_comment(body: &str) -> Option<(String, Vec<DimRef>)> {
    let (expr, rest) = body.split_once(": [")?;
    let expr = expr.trim();
    let inner = rest.trim().strip_suffix(']')?;
    if expr.is_empty()
        || !expr.chars().all(is_expr_char)
        || !expr.starts_with(|c: char| c.is_alphabetic() || c == '_')
    {
        return None;
    }
    let mut dims = Vec::new();
    if !inner.trim().is_empty() {
        for part in inner.split(',') {
            let p = part.trim();
            if let Ok(n) = p.parse::<usize>() {
                dims.push(DimRef::Size(n));
            } else if !p.is_empty() && p.chars().all(|c| c.is_alphanumeric() || c == '_') {
                dims.push(DimRef::Name(p.to_string()));
            } else {
                return None;
            }
        }
    }
    Some((expr.to_string(), dims))
}

fn parse_heatmap(body: &str) -> Option<(String, Option<String>)> {
    let rest = body.strip_prefix("heatmap:")?.trim();
    let (expr, labels) = match rest.split_once(" labels=") {
        Some((e, l)) => (e.trim(), Some(l.trim().to_string())),
        None => (rest, None),
    };
    (!expr.is_empty()).then(|| (expr.to_string(), labels))
}

/// What a fenced block is to the tutor.
enum Fence {
    /// Only shown (`text`, `sh`, no info string).
    Shown,
    /// A cell, with the expression a `question=expr` asks about.
    Cell(CellKind, Option<String>),
    /// Parts of the exercise above: `python check`, `python solution`, `hint`.
    Check,
    Solution,
    Hint,
}

fn fence(info: &str, path: &str, line: usize) -> Result<Fence, LessonError> {
    let mut words = info.split_whitespace();
    match words.next() {
        Some("python") => {}
        Some("hint") => return Ok(Fence::Hint),
        _ => return Ok(Fence::Shown),
    }
    let mut kind = CellKind::Run;
    let mut asks = None;
    for w in words {
        kind = match w {
            "norun" => CellKind::NoRun,
            "question" => CellKind::Question,
            "exercise" => CellKind::Exercise,
            "varies" => CellKind::Varies,
            "check" => return Ok(Fence::Check),
            "solution" => return Ok(Fence::Solution),
            w if w.starts_with("question=") && w.len() > "question=".len() => {
                asks = Some(w["question=".len()..].to_string());
                CellKind::Question
            }
            w if w.starts_with("raises=") => CellKind::Raises(w["raises=".len()..].to_string()),
            other => {
                return Err(LessonError::at(
                    path,
                    line,
                    format!(
                        "unknown cell option `{other}` (use norun, question, question=expr, exercise, varies, \
                         check, solution or raises=Kind)"
                    ),
                ));
            }
        };
    }
    Ok(Fence::Cell(kind, asks))
}

/// The shape comments and heatmap lines of a block of code whose first line is `first_line`.
fn directives(code: &str, first_line: usize) -> (Vec<ShapeComment>, Vec<HeatmapDirective>) {
    let mut shape_comments = Vec::new();
    let mut heatmaps = Vec::new();
    for (i, l) in code.lines().enumerate() {
        let Some(c) = l.trim_start().strip_prefix('#') else {
            continue;
        };
        let c = c.trim();
        if let Some((expr, labels)) = parse_heatmap(c) {
            heatmaps.push(HeatmapDirective {
                expr,
                labels,
                line: first_line + i,
            });
        } else if let Some((expr, dims)) = parse_shape_comment(c) {
            shape_comments.push(ShapeComment {
                expr,
                dims,
                line: first_line + i,
            });
        }
    }
    (shape_comments, heatmaps)
}

/// Where an exercise's parts go while the cells after it are read.
#[derive(Default)]
struct Parts {
    check: Option<Snippet>,
    solution: Option<Snippet>,
    hints: Vec<String>,
}

/// Attaches the parts read after the last cell to it, or says why they cannot be.
fn attach(blocks: &mut [Block], parts: Parts, path: &str) -> Result<(), LessonError> {
    let Some(Block::Cell(cell)) = blocks
        .iter_mut()
        .rev()
        .find(|b| matches!(b, Block::Cell(_)))
    else {
        return Ok(());
    };
    if cell.kind != CellKind::Exercise {
        return Ok(());
    }
    let missing = |what: &str| {
        LessonError::at(
            path,
            cell.line.saturating_sub(1),
            format!(
                "an `exercise` cell needs a `python {what}` block after it, before the next cell"
            ),
        )
    };
    let check = parts.check.ok_or_else(|| missing("check"))?;
    let solution = parts.solution.ok_or_else(|| missing("solution"))?;
    cell.exercise = Some(Box::new(Exercise {
        check,
        solution,
        hints: parts.hints,
    }));
    Ok(())
}

fn yaml_scalar(v: &Yaml) -> Option<String> {
    match v {
        Yaml::Number(n) => Some(n.to_string()),
        Yaml::String(s) => Some(s.clone()),
        Yaml::Bool(b) => Some(if *b { "True".into() } else { "False".into() }),
        _ => None,
    }
}

fn yaml_pairs(
    map: Option<&Yaml>,
    what: &str,
    path: &str,
) -> Result<Vec<(String, String)>, LessonError> {
    let Some(v) = map else {
        return Ok(Vec::new());
    };
    let Yaml::Mapping(m) = v else {
        return Err(LessonError::at(
            path,
            1,
            format!("front matter `{what}` must be a mapping of names to values"),
        ));
    };
    m.iter()
        .map(|(k, v)| match (k.as_str(), yaml_scalar(v)) {
            (Some(k), Some(v)) => Ok((k.to_string(), v)),
            _ => Err(LessonError::at(
                path,
                1,
                format!("front matter `{what}`: each entry is `name: value`"),
            )),
        })
        .collect()
}

/// The file line of a top-level `key:` in the front matter (which starts on line 2), or line 1.
fn key_line(front_text: &str, key: &str) -> usize {
    front_text
        .lines()
        .position(|l| {
            l.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with(':'))
        })
        .map_or(1, |i| i + 2)
}

/// Parses a lesson file's text. `path` names it in messages; `lang` is taken from the path by the caller.
pub fn parse_lesson(text: &str, path: &str, lang: Lang) -> Result<Lesson, LessonError> {
    if text.len() > MAX_LESSON_BYTES {
        return Err(LessonError::at(
            path,
            1,
            format!(
                "lesson file is {} bytes; the limit is {}",
                text.len(),
                MAX_LESSON_BYTES
            ),
        ));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let rest = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
        .ok_or_else(|| {
            LessonError::at(
                path,
                1,
                "a lesson starts with YAML front matter between `---` lines",
            )
        })?;
    let end = rest
        .find("\n---\n")
        .or_else(|| rest.find("\n---\r\n"))
        .or_else(|| rest.strip_suffix("\n---").map(|r| r.len()))
        .ok_or_else(|| {
            LessonError::at(path, 1, "the front matter is not closed by a `---` line")
        })?;
    let front_text = &rest[..end];
    let body_start = text.len() - rest.len() + end + "\n---\n".len().min(rest.len() - end);
    let front: Yaml = serde_yaml_ng::from_str(front_text).map_err(|e| {
        LessonError::at(
            path,
            e.location().map_or(1, |l| l.line() + 1),
            format!("front matter: {e}"),
        )
    })?;
    let get = |k: &str| front.get(k);
    let id = get("id")
        .and_then(|v| v.as_str())
        .ok_or_else(|| LessonError::at(path, 1, "front matter needs `id`"))?
        .to_string();
    if id.is_empty()
        || !id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    {
        return Err(LessonError::at(
            path,
            1,
            "`id` may contain only letters, digits, `-` and `_`",
        ));
    }
    let title = get("title")
        .and_then(yaml_scalar)
        .ok_or_else(|| LessonError::at(path, 1, "front matter needs `title`"))?;
    let order_line = key_line(front_text, "order");
    let order = get("order").and_then(|v| v.as_u64()).ok_or_else(|| {
        LessonError::at(
            path,
            order_line,
            "front matter needs `order` (a positive integer)",
        )
    })?;
    let order = u32::try_from(order).map_err(|_| {
        LessonError::at(
            path,
            order_line,
            format!("`order` is {order}; it may be at most {}", u32::MAX),
        )
    })?;
    let dims = yaml_pairs(get("dims"), "dims", path)?;
    let data = yaml_pairs(get("data"), "data", path)?;
    let mut minimums = Vec::new();
    for (name, value) in yaml_pairs(get("min"), "min", path)? {
        let line = key_line(front_text, "min");
        let Ok(v) = value.parse::<i64>() else {
            return Err(LessonError::at(
                path,
                line,
                format!("`min` of `{name}` must be an integer, not `{value}`"),
            ));
        };
        if !dims.iter().any(|(d, _)| *d == name) {
            return Err(LessonError::at(
                path,
                line,
                format!("`min` names `{name}`, which is not one of the lesson's dims"),
            ));
        }
        minimums.push((name, v));
    }
    for (name, _) in dims.iter().chain(&data) {
        if !name.chars().all(|c| c.is_alphanumeric() || c == '_')
            || name.starts_with(|c: char| c.is_ascii_digit())
        {
            return Err(LessonError::at(
                path,
                1,
                format!("`{name}` is not a Python variable name"),
            ));
        }
    }

    let body = text.get(body_start..).unwrap_or("");
    let body_line0 = line_of(text, body_start) - 1;
    let mut blocks = Vec::new();
    let mut prose_start = 0usize;
    let mut heading: Option<String> = None;
    let mut in_heading: Option<String> = None;
    // (text, fence offset, what the fence is)
    let mut code: Option<(String, usize, Fence)> = None;
    let mut parts = Parts::default();
    let parser = Parser::new_ext(body, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH)
        .into_offset_iter();
    for (event, range) in parser {
        match event {
            Event::Start(Tag::Heading { level, .. }) if level <= HeadingLevel::H4 => {
                in_heading = Some(String::new())
            }
            Event::End(TagEnd::Heading(_)) => {
                heading = in_heading.take().filter(|h| !h.trim().is_empty())
            }
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                let line = body_line0 + line_of(body, range.start);
                code = Some((String::new(), range.start, fence(&info, path, line)?));
            }
            Event::Text(t) | Event::Code(t) => {
                if let Some((c, ..)) = code.as_mut() {
                    c.push_str(&t);
                } else if let Some(h) = in_heading.as_mut() {
                    h.push_str(&t);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                let Some((text_code, fence_at, role)) = code.take() else {
                    continue;
                };
                if matches!(role, Fence::Shown) {
                    continue;
                }
                let prose = body.get(prose_start..fence_at).unwrap_or("").trim();
                if !prose.is_empty() {
                    blocks.push(Block::Prose {
                        markdown: prose.to_string(),
                        line: body_line0 + line_of(body, prose_start),
                    });
                }
                prose_start = range.end;
                let fence_line = body_line0 + line_of(body, fence_at);
                let first_code_line = fence_line + 1;
                let part_name = match role {
                    Fence::Check => "python check",
                    Fence::Solution => "python solution",
                    Fence::Hint => "hint",
                    _ => "",
                };
                let exercise_above = || {
                    blocks
                        .iter()
                        .rev()
                        .find_map(|b| match b {
                            Block::Cell(c) => Some(c.kind == CellKind::Exercise),
                            Block::Prose { .. } => None,
                        })
                        .unwrap_or(false)
                };
                if !part_name.is_empty() && !exercise_above() {
                    return Err(LessonError::at(
                        path,
                        fence_line,
                        format!("a `{part_name}` block belongs right after an `exercise` cell"),
                    ));
                }
                let snippet = |text: String| {
                    let (shape_comments, _) = directives(&text, first_code_line);
                    Snippet {
                        code: text,
                        line: first_code_line,
                        shape_comments,
                    }
                };
                let twice = |what: &str| {
                    LessonError::at(
                        path,
                        fence_line,
                        format!("this exercise already has a `{what}` block"),
                    )
                };
                match role {
                    Fence::Shown => {}
                    Fence::Check if parts.check.is_some() => return Err(twice("python check")),
                    Fence::Check => parts.check = Some(snippet(text_code)),
                    Fence::Solution if parts.solution.is_some() => {
                        return Err(twice("python solution"));
                    }
                    Fence::Solution => parts.solution = Some(snippet(text_code)),
                    Fence::Hint => parts.hints.push(text_code.trim_end().to_string()),
                    Fence::Cell(kind, asks) => {
                        attach(&mut blocks, std::mem::take(&mut parts), path)?;
                        let (shape_comments, heatmaps) = directives(&text_code, first_code_line);
                        let index = blocks
                            .iter()
                            .filter(|b| matches!(b, Block::Cell(_)))
                            .count();
                        blocks.push(Block::Cell(Cell {
                            index,
                            code: text_code,
                            line: first_code_line,
                            kind,
                            heading: heading.clone(),
                            shape_comments,
                            heatmaps,
                            asks,
                            exercise: None,
                        }));
                    }
                }
            }
            _ => {}
        }
    }
    attach(&mut blocks, parts, path)?;
    let tail = body.get(prose_start..).unwrap_or("").trim();
    if !tail.is_empty() {
        blocks.push(Block::Prose {
            markdown: tail.to_string(),
            line: body_line0 + line_of(body, prose_start),
        });
    }
    Ok(Lesson {
        id,
        title,
        order,
        lang,
        path: path.to_string(),
        dims,
        data,
        minimums,
        blocks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "---\nid: masking\ntitle: Masking\norder: 6\ndims:\n  bs: 1\n  sl: 6\n  head_dim: hid_dim // 2\n---\n\n# Masks\n\nSome prose.\n\n```python\nimport torch\nx = torch.ones(bs, sl)\n# x: [bs, sl]\n# heatmap: x labels=toks\n```\n\nMore.\n\n```python raises=RuntimeError\nx.view(5)\n```\n";

    #[test]
    fn cells_prose_and_directives() {
        let l = parse_lesson(SAMPLE, "m.md", Lang::En).unwrap();
        assert_eq!(l.id, "masking");
        assert_eq!(
            l.dims[2],
            ("head_dim".to_string(), "hid_dim // 2".to_string())
        );
        let cells: Vec<_> = l.cells().collect();
        assert_eq!(cells.len(), 2);
        assert_eq!(cells[0].line, 16);
        assert_eq!(cells[0].heading.as_deref(), Some("Masks"));
        assert_eq!(cells[0].shape_comments[0].expr, "x");
        assert_eq!(cells[0].shape_comments[0].line, 18);
        assert_eq!(cells[0].heatmaps[0].labels.as_deref(), Some("toks"));
        assert_eq!(cells[1].kind, CellKind::Raises("RuntimeError".into()));
    }

    #[test]
    fn broken_front_matter_is_a_located_error() {
        let e = parse_lesson("---\nid: [\n---\n", "bad.md", Lang::En).unwrap_err();
        assert!(e.to_string().starts_with("bad.md:"));
        assert!(parse_lesson("no front matter", "x.md", Lang::En).is_err());
        assert!(parse_lesson("---\nid: a\n", "x.md", Lang::En).is_err());
    }

    #[test]
    fn an_order_too_large_for_u32_is_refused_where_it_is_written() {
        let lesson = |order: &str| {
            format!("---\nid: t\ntitle: T\norder: {order}\n---\n\n```python\nx = 1\n```\n")
        };
        // 2^32 + 6 would have been taken as lesson 6.
        let e = parse_lesson(&lesson("4294967302"), "big.md", Lang::En).unwrap_err();
        assert_eq!(e.line, 4);
        assert_eq!(
            e.to_string(),
            "big.md:4: `order` is 4294967302; it may be at most 4294967295"
        );
        let top = parse_lesson(&lesson("4294967295"), "top.md", Lang::En).unwrap();
        assert_eq!(top.order, u32::MAX);
        let e = parse_lesson(&lesson("-1"), "neg.md", Lang::En).unwrap_err();
        assert_eq!(e.line, 4);
        assert!(e.message.contains("positive integer"), "{e}");
    }
}
