//! `re`, on the `fancy-regex` crate (backtracking, so lookaround and backreferences work; it reads
//! Python's `(?P<name>...)` and `(?P=name)` itself): `compile`, `match`, `search`, `fullmatch`, `findall`,
//! `finditer`, `sub`, `subn`, `split`, `escape`, the flags `I`, `M`, `S`, `X` (and their long names), and
//! the `Pattern` and `Match` objects (in `objects`). Positions are counted in characters, as Python's are.
//!
//! The sandbox bounds every pattern: its compiled size, and how far it may backtrack before the search
//! stops with a `RuntimeError` (CPython would run on, possibly for ever, on a catastrophic pattern).
//! Differences: after an empty match the next search starts one character later (CPython first tries a
//! non-empty match at the same place), `$` matches only at the very end (not before a final newline), the
//! flags are plain ints, and a bad pattern's `re.error` message is the crate's.

use std::cell::RefCell;
use std::rc::Rc;

use super::super::Interpreter;
use super::super::builtins::builtin_with;
use super::super::error::{ExcKind, PyException, PyResult, Unwind, exc, type_error};
use super::super::value::{Args, Class, Instance, Value};
use super::bind;

mod objects;
mod template;

pub(crate) use objects::{Pattern, pattern_value};

pub(crate) const IGNORECASE: i64 = 2;
pub(crate) const MULTILINE: i64 = 8;
pub(crate) const DOTALL: i64 = 16;
pub(crate) const UNICODE: i64 = 32;
pub(crate) const VERBOSE: i64 = 64;
pub(crate) const ASCII: i64 = 256;

/// How far one search may backtrack, and how large a compiled pattern may grow.
const BACKTRACK_LIMIT: usize = 1_000_000;
const SIZE_LIMIT: usize = 10 << 20;

pub(super) fn attrs(interp: &Interpreter) -> Vec<(&'static str, Value)> {
    let exception = interp.exception_classes.get("Exception").cloned();
    let error = Rc::new(Class {
        name: Rc::from("error"),
        bases: exception.into_iter().collect(),
        attrs: RefCell::new(Vec::new()),
        native: None,
        slots: None,
    });
    let flag = |v: i64| Value::int(v);
    vec![
        ("compile", builtin_with("compile", compile)),
        (
            "match",
            builtin_with("match", |i, a| search_fn(i, a, "match")),
        ),
        (
            "search",
            builtin_with("search", |i, a| search_fn(i, a, "search")),
        ),
        (
            "fullmatch",
            builtin_with("fullmatch", |i, a| search_fn(i, a, "fullmatch")),
        ),
        (
            "findall",
            builtin_with("findall", |i, a| search_fn(i, a, "findall")),
        ),
        (
            "finditer",
            builtin_with("finditer", |i, a| search_fn(i, a, "finditer")),
        ),
        ("sub", builtin_with("sub", |i, a| sub_fn(i, a, "sub"))),
        ("subn", builtin_with("subn", |i, a| sub_fn(i, a, "subn"))),
        ("split", builtin_with("split", split_fn)),
        ("escape", builtin_with("escape", escape)),
        ("purge", builtin_with("purge", |_, _| Ok(Value::None))),
        ("error", Value::Class(error)),
        ("I", flag(IGNORECASE)),
        ("IGNORECASE", flag(IGNORECASE)),
        ("M", flag(MULTILINE)),
        ("MULTILINE", flag(MULTILINE)),
        ("S", flag(DOTALL)),
        ("DOTALL", flag(DOTALL)),
        ("X", flag(VERBOSE)),
        ("VERBOSE", flag(VERBOSE)),
        ("U", flag(UNICODE)),
        ("UNICODE", flag(UNICODE)),
        ("A", flag(ASCII)),
        ("ASCII", flag(ASCII)),
        ("NOFLAG", flag(0)),
    ]
}

/// `re.error(message)`, raised as CPython names it in a traceback.
pub(crate) fn re_error(interp: &Interpreter, message: String) -> Unwind {
    let class = match interp.modules.get("re") {
        Some(Value::Module(m)) => match m.attrs.get("error") {
            Some(Value::Class(c)) => Some(Rc::clone(c)),
            _ => None,
        },
        _ => None,
    };
    let Some(class) = class else {
        return exc(ExcKind::ValueError, message);
    };
    let inst = Rc::new(Instance {
        class: crate::interp::value::ClassCell::new(class),
        attrs: crate::interp::value::new_attrs(Vec::new()),
    });
    inst.set("args", Value::tuple(vec![Value::str(&message)]));
    let mut e = PyException::new(ExcKind::User(Rc::from("re.error")), message);
    e.value = Some(Value::Instance(inst));
    Unwind::Exception(Box::new(e))
}

/// The pattern text for the crate: inline flags for `flags`, and Python's `\Z` as the crate's `\z`.
fn translate(source: &str, flags: i64) -> String {
    let mut out = String::new();
    let inline: String = [
        (IGNORECASE, 'i'),
        (MULTILINE, 'm'),
        (DOTALL, 's'),
        (VERBOSE, 'x'),
    ]
    .iter()
    .filter(|(f, _)| flags & f != 0)
    .map(|(_, c)| *c)
    .collect();
    if !inline.is_empty() {
        out.push_str(&format!("(?{inline})"));
    }
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('Z') => out.push_str("\\z"),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Compiles `source` with `flags`, bounded as the sandbox needs.
pub(crate) fn build(
    interp: &Interpreter,
    source: &str,
    flags: i64,
) -> PyResult<fancy_regex::Regex> {
    fancy_regex::RegexBuilder::new(&translate(source, flags))
        .backtrack_limit(BACKTRACK_LIMIT)
        .delegate_size_limit(SIZE_LIMIT)
        .delegate_dfa_size_limit(SIZE_LIMIT)
        .build()
        .map_err(|e| re_error(interp, e.to_string()))
}

fn flags_arg(v: Option<&Value>) -> PyResult<i64> {
    match v {
        None => Ok(0),
        Some(Value::Int(i, _)) => Ok(*i),
        Some(Value::Bool(b)) => Ok(*b as i64),
        Some(other) => Err(type_error(format!(
            "unsupported operand type(s) for &: '{}' and 'int'",
            other.type_name()
        ))),
    }
}

/// A pattern argument: a `Pattern` (then `flags` must be 0) or a str compiled now.
fn pattern_arg(interp: &mut Interpreter, v: Option<&Value>, flags: i64) -> PyResult<Rc<Pattern>> {
    match v {
        Some(p) if let Some(p) = objects::pattern_of(p) => {
            if flags != 0 {
                return Err(exc(
                    ExcKind::ValueError,
                    "cannot process flags argument with a compiled pattern",
                ));
            }
            Ok(p)
        }
        Some(Value::Str(s)) => Pattern::new(interp, Rc::clone(s), flags),
        Some(other) => Err(type_error(format!(
            "first argument must be string or compiled pattern, not {}",
            other.type_name()
        ))),
        None => Err(type_error("missing required argument 'pattern' (pos 1)")),
    }
}

/// `compile(pattern, flags=0)`.
fn compile(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = bind("compile", &["pattern", "flags"], args)?;
    let flags = flags_arg(a[1].as_ref())?;
    let p = pattern_arg(interp, a[0].as_ref(), flags)?;
    Ok(pattern_value(p))
}

/// `match|search|fullmatch|findall|finditer(pattern, string, flags=0)`.
fn search_fn(interp: &mut Interpreter, args: Args, method: &'static str) -> PyResult<Value> {
    let a = bind(method, &["pattern", "string", "flags"], args)?;
    let flags = flags_arg(a[2].as_ref())?;
    let p = pattern_arg(interp, a[0].as_ref(), flags)?;
    let Some(string) = a[1].clone() else {
        return Err(type_error(format!(
            "{method}() missing required argument 'string' (pos 2)"
        )));
    };
    objects::call_pattern(interp, p, method, Args::new(vec![string]))
}

/// `sub|subn(pattern, repl, string, count=0, flags=0)`.
fn sub_fn(interp: &mut Interpreter, args: Args, method: &'static str) -> PyResult<Value> {
    let a = bind(
        method,
        &["pattern", "repl", "string", "count", "flags"],
        args,
    )?;
    let flags = flags_arg(a[4].as_ref())?;
    let p = pattern_arg(interp, a[0].as_ref(), flags)?;
    let (Some(repl), Some(string)) = (a[1].clone(), a[2].clone()) else {
        return Err(type_error(format!(
            "{method}() missing required argument 'string' (pos 3)"
        )));
    };
    let count = a[3].clone().unwrap_or(Value::int(0));
    objects::call_pattern(interp, p, method, Args::new(vec![repl, string, count]))
}

/// `split(pattern, string, maxsplit=0, flags=0)`.
fn split_fn(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = bind("split", &["pattern", "string", "maxsplit", "flags"], args)?;
    let flags = flags_arg(a[3].as_ref())?;
    let p = pattern_arg(interp, a[0].as_ref(), flags)?;
    let Some(string) = a[1].clone() else {
        return Err(type_error(
            "split() missing required argument 'string' (pos 2)",
        ));
    };
    let maxsplit = a[2].clone().unwrap_or(Value::int(0));
    objects::call_pattern(interp, p, "split", Args::new(vec![string, maxsplit]))
}

/// `escape(pattern)`: a backslash before each character special in a pattern (Python 3.7's set).
fn escape(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = bind("escape", &["pattern"], args)?;
    let Some(Value::Str(s)) = &a[0] else {
        let shown = a[0]
            .as_ref()
            .map_or("NoneType".to_string(), |v| v.type_name());
        let _ = interp;
        return Err(type_error(format!(
            "expected string or bytes-like object, got '{shown}'"
        )));
    };
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "()[]{}?*+-|^$\\.&~# \t\n\r\u{b}\u{c}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    Ok(Value::str(&out))
}
