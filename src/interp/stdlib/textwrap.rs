//! `textwrap.dedent` and `textwrap.indent`, after CPython 3.11's `Lib/textwrap.py`. `wrap`, `fill` and
//! `shorten` are left out: their word splitting is a regular expression (hyphens included) not ported.

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::PyDef;
use super::super::builtins::Def;
use super::super::error::{PyResult, type_error};
use super::super::value::{Args, Value};

pub(super) static DEFS: [Def; 2] = [
    Def::new("dedent(text)", PyDef, dedent),
    Def::new("indent(text, prefix, predicate=None)", PyDef, indent),
];

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// Lines of only spaces and tabs become empty; the margin common to the other lines is removed
/// (`re.MULTILINE`: lines end at `\n` only).
fn dedent(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let text = match a.arg(0)? {
        Value::Str(s) => s,
        other => {
            return Err(type_error(format!(
                "expected string or bytes-like object, got '{}'",
                other.type_name()
            )));
        }
    };
    let lines: Vec<String> = text
        .split('\n')
        .map(|l| {
            if !l.is_empty() && l.chars().all(is_blank) {
                String::new()
            } else {
                l.to_string()
            }
        })
        .collect();
    let mut margin: Option<String> = None;
    for line in &lines {
        let lead: String = line.chars().take_while(|&c| is_blank(c)).collect();
        if lead.len() == line.len() {
            continue;
        }
        margin = Some(match margin {
            None => lead,
            Some(m) if lead.starts_with(&m) => m,
            Some(m) if m.starts_with(&lead) => lead,
            Some(m) => m
                .chars()
                .zip(lead.chars())
                .take_while(|(x, y)| x == y)
                .map(|(x, _)| x)
                .collect(),
        });
    }
    let out: Vec<&str> = match margin.as_deref() {
        Some(m) if !m.is_empty() => lines
            .iter()
            .map(|l| l.strip_prefix(m).unwrap_or(l))
            .collect(),
        _ => lines.iter().map(String::as_str).collect(),
    };
    Ok(Value::str(&out.join("\n")))
}

/// `prefix + line` for each line (`splitlines(True)`) the predicate accepts, by default those that are
/// not only whitespace.
fn indent(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let text = a.arg(0)?;
    let prefix = a.arg(1)?;
    let predicate = a.value(2).filter(|v| !matches!(v, Value::None));
    let splitlines = interp.get_attr(&text, "splitlines")?;
    let lines = interp.call_value(splitlines, Args::new(vec![Value::Bool(true)]))?;
    let mut out = String::new();
    for line in interp.collect_iter(&lines)? {
        let keep = match &predicate {
            Some(p) => interp.call_value(p.clone(), Args::new(vec![line.clone()]))?,
            None => {
                let strip = interp.get_attr(&line, "strip")?;
                interp.call_value(strip, Args::default())?
            }
        };
        let piece = if interp.truthy(&keep)? {
            interp.binary_op(rustpython_parser::ast::Operator::Add, prefix.clone(), line)?
        } else {
            line
        };
        out.push_str(&interp.to_str(&piece)?);
    }
    Ok(Value::str(&out))
}
