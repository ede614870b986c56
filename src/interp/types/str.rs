//! The methods of `str`. Positions (`find`, `start`/`end`) count characters, as Python's do.

use std::sync::LazyLock;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, Positional, Unpack};
use super::super::convert::{index_of, to_int};
use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::value::Value;
use super::{Method, Table, key_error, table};

type StrMethod = Method<str>;

pub(crate) static METHODS: LazyLock<Table<str>> = LazyLock::new(|| table(&LIST));

static LIST: [StrMethod; 35] = [
    Method::new("str.split(sep=None, maxsplit=-1)", Clinic, split),
    Method::new("str.rsplit(sep=None, maxsplit=-1)", Clinic, rsplit),
    Method::new("str.splitlines(keepends=False)", Clinic, splitlines),
    Method::new("str.join(iterable, /)", Positional, join),
    Method::new("str.strip(chars=None, /)", Unpack, strip),
    Method::new("str.lstrip(chars=None, /)", Unpack, lstrip),
    Method::new("str.rstrip(chars=None, /)", Unpack, rstrip),
    Method::new("str.replace(old, new, count=-1, /)", Unpack, replace),
    Method::new("str.upper()", Positional, upper),
    Method::new("str.lower()", Positional, lower),
    Method::new("str.casefold()", Positional, lower),
    Method::new("str.swapcase()", Positional, swapcase),
    Method::new("str.title()", Positional, title),
    Method::new("str.capitalize()", Positional, capitalize),
    Method::new("str.isdigit()", Positional, isdigit),
    Method::new("str.isalpha()", Positional, isalpha),
    Method::new("str.isalnum()", Positional, isalnum),
    Method::new("str.isspace()", Positional, isspace),
    Method::new("str.isupper()", Positional, isupper),
    Method::new("str.islower()", Positional, islower),
    Method::new(
        "str.startswith(prefix, start=None, end=None, /)",
        Positional,
        startswith,
    ),
    Method::new(
        "str.endswith(suffix, start=None, end=None, /)",
        Positional,
        endswith,
    ),
    Method::new("str.find(sub, start=None, end=None, /)", Positional, find),
    Method::new("str.rfind(sub, start=None, end=None, /)", Positional, rfind),
    Method::new("str.index(sub, start=None, end=None, /)", Positional, index),
    Method::new("str.count(sub, start=None, end=None, /)", Positional, count),
    Method::new("str.format(*args, **kwargs)", Positional, format),
    Method::new("str.center(width, fillchar=' ', /)", Unpack, center),
    Method::new("str.ljust(width, fillchar=' ', /)", Unpack, ljust),
    Method::new("str.rjust(width, fillchar=' ', /)", Unpack, rjust),
    Method::new("str.zfill(width, /)", Positional, zfill),
    Method::new("str.partition(sep, /)", Positional, partition),
    Method::new(
        "str.encode(encoding='utf-8', errors='strict')",
        Clinic,
        encode,
    ),
    Method::new("str.removeprefix(prefix, /)", Positional, removeprefix),
    Method::new("str.removesuffix(suffix, /)", Positional, removesuffix),
];

fn strs(v: Vec<String>) -> Value {
    Value::list(v.into_iter().map(|s| Value::str(&s)).collect())
}

/// An argument that must be a `str` (`find`, `partition`): `must be str, not int`.
fn text(v: Value, context: &str) -> PyResult<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(type_error(format!(
            "{context}must be str, not {}",
            other.type_name()
        ))),
    }
}

/// `split`'s `sep`: a string or `None`.
fn separator(a: &Bound, i: usize) -> PyResult<Option<String>> {
    match a.value(i) {
        None | Some(Value::None) => Ok(None),
        Some(Value::Str(s)) if s.is_empty() => Err(exc(ExcKind::ValueError, "empty separator")),
        Some(Value::Str(s)) => Ok(Some(s.to_string())),
        Some(other) => Err(type_error(format!(
            "must be str or None, not {}",
            other.type_name()
        ))),
    }
}

/// `maxsplit`: negative (the default) means no limit.
fn max_split(a: &Bound, i: usize) -> PyResult<Option<usize>> {
    match a.value(i) {
        None => Ok(None),
        Some(v) => Ok(usize::try_from(to_int(&v, "")?).ok()),
    }
}

/// Runs of whitespace split `s`, at most `max` times from the left (or the right).
fn split_whitespace(s: &str, max: Option<usize>, from_right: bool) -> Vec<String> {
    let Some(max) = max else {
        return s.split_whitespace().map(String::from).collect();
    };
    let mut out = Vec::new();
    if from_right {
        let mut rest = s.trim_end();
        while !rest.is_empty() && out.len() < max {
            match rest.rfind(char::is_whitespace) {
                Some(p) => {
                    let ws = rest[p..].chars().next().map_or(1, char::len_utf8);
                    out.push(rest[p + ws..].to_string());
                    rest = rest[..p].trim_end();
                }
                None => {
                    out.push(rest.to_string());
                    rest = "";
                }
            }
        }
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
        out.reverse();
    } else {
        let mut rest = s.trim_start();
        while !rest.is_empty() && out.len() < max {
            match rest.find(char::is_whitespace) {
                Some(p) => {
                    out.push(rest[..p].to_string());
                    rest = rest[p..].trim_start();
                }
                None => {
                    out.push(rest.to_string());
                    rest = "";
                }
            }
        }
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
    }
    out
}

fn split(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let (sep, max) = (separator(&a, 0)?, max_split(&a, 1)?);
    Ok(strs(match (sep, max) {
        (None, max) => split_whitespace(s, max, false),
        (Some(sep), None) => s.split(sep.as_str()).map(String::from).collect(),
        (Some(sep), Some(n)) => s.splitn(n + 1, sep.as_str()).map(String::from).collect(),
    }))
}

fn rsplit(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let (sep, max) = (separator(&a, 0)?, max_split(&a, 1)?);
    Ok(strs(match (sep, max) {
        (None, max) => split_whitespace(s, max, true),
        (Some(sep), None) => s.split(sep.as_str()).map(String::from).collect(),
        (Some(sep), Some(n)) => {
            let mut v: Vec<String> = s.rsplitn(n + 1, sep.as_str()).map(String::from).collect();
            v.reverse();
            v
        }
    }))
}

/// Python's line boundaries (`str.splitlines`): `\n`, `\r`, `\r\n`, and `\v \f \x1c \x1d \x1e \x85
/// \u2028 \u2029`.
fn splitlines(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let keep = match a.value(0) {
        Some(v) => to_int(&v, "")? != 0,
        None => false,
    };
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        let boundary = matches!(
            c,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        );
        if !boundary {
            line.push(c);
            continue;
        }
        let mut end = c.to_string();
        if c == '\r' && chars.peek() == Some(&'\n') {
            chars.next();
            end.push('\n');
        }
        if keep {
            line.push_str(&end);
        }
        lines.push(std::mem::take(&mut line));
    }
    if !line.is_empty() {
        lines.push(line);
    }
    Ok(strs(lines))
}

fn join(interp: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let iterable = a.arg(0)?;
    let items = interp
        .collect_iter(&iterable)
        .map_err(|_| type_error("can only join an iterable"))?;
    let mut parts = Vec::with_capacity(items.len());
    let mut total = s.len().saturating_mul(items.len());
    for (i, it) in items.iter().enumerate() {
        match it {
            Value::Str(x) => {
                total = total.saturating_add(x.len());
                parts.push(x.as_ref());
            }
            other => {
                return Err(type_error(format!(
                    "sequence item {i}: expected str instance, {} found",
                    other.type_name()
                )));
            }
        }
    }
    // The joined String, then the str value made from it.
    crate::interp::reserve_bytes(total.saturating_mul(2))?;
    Ok(Value::str(&parts.join(s)))
}

/// `strip`, `lstrip`, `rstrip`: the characters to remove (whitespace by default).
fn strip_chars(a: &Bound, name: &str) -> PyResult<Option<String>> {
    match a.value(0) {
        None | Some(Value::None) => Ok(None),
        Some(Value::Str(c)) => Ok(Some(c.to_string())),
        Some(_) => Err(type_error(format!("{name} arg must be None or str"))),
    }
}

fn stripped<'s>(s: &'s str, chars: &Option<String>, left: bool, right: bool) -> &'s str {
    let pred = |c: char| match chars {
        Some(cs) => cs.contains(c),
        None => c.is_whitespace(),
    };
    let s = if left { s.trim_start_matches(pred) } else { s };
    if right { s.trim_end_matches(pred) } else { s }
}

fn strip(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let chars = strip_chars(&a, "strip")?;
    Ok(Value::str(stripped(s, &chars, true, true)))
}

fn lstrip(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let chars = strip_chars(&a, "lstrip")?;
    Ok(Value::str(stripped(s, &chars, true, false)))
}

fn rstrip(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let chars = strip_chars(&a, "rstrip")?;
    Ok(Value::str(stripped(s, &chars, false, true)))
}

fn replace(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let old = text(a.arg(0)?, "replace() argument 1 ")?;
    let new = text(a.arg(1)?, "replace() argument 2 ")?;
    let count = match a.value(2) {
        Some(v) => to_int(&v, "")?,
        None => -1,
    };
    if new.len() > old.len() {
        // Worked out before building: `"a" * 1000` with each `a` replaced by ten million characters.
        let hits = if old.is_empty() {
            s.chars().count() + 1
        } else {
            s.matches(old.as_str()).count()
        };
        let hits = usize::try_from(count).map_or(hits, |n| hits.min(n));
        let grown = (new.len() - old.len()).saturating_mul(hits);
        crate::interp::reserve_bytes(s.len().saturating_add(grown).saturating_mul(2))?;
    }
    Ok(Value::str(&match usize::try_from(count) {
        Ok(n) => s.replacen(&old, &new, n),
        Err(_) => s.replace(&old, &new),
    }))
}

fn upper(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    Ok(Value::str(&s.to_uppercase()))
}

fn lower(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    Ok(Value::str(&s.to_lowercase()))
}

fn swapcase(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    let out: String = s
        .chars()
        .map(|c| {
            if c.is_uppercase() {
                c.to_lowercase().collect::<String>()
            } else {
                c.to_uppercase().collect()
            }
        })
        .collect();
    Ok(Value::str(&out))
}

fn title(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    let mut out = String::new();
    let mut prev_alpha = false;
    for c in s.chars() {
        if prev_alpha {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
        prev_alpha = c.is_alphabetic();
    }
    Ok(Value::str(&out))
}

fn capitalize(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    let mut cs = s.chars();
    let out = match cs.next() {
        Some(f) => f.to_uppercase().collect::<String>() + &cs.as_str().to_lowercase(),
        None => String::new(),
    };
    Ok(Value::str(&out))
}

fn isdigit(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    Ok(Value::Bool(
        !s.is_empty() && s.chars().all(|c| c.is_ascii_digit()),
    ))
}

fn isalpha(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    Ok(Value::Bool(
        !s.is_empty() && s.chars().all(char::is_alphabetic),
    ))
}

fn isalnum(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    Ok(Value::Bool(
        !s.is_empty() && s.chars().all(char::is_alphanumeric),
    ))
}

fn isspace(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    Ok(Value::Bool(
        !s.is_empty() && s.chars().all(char::is_whitespace),
    ))
}

fn isupper(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    Ok(Value::Bool(
        s.chars().any(char::is_uppercase) && !s.chars().any(char::is_lowercase),
    ))
}

fn islower(_: &mut Interpreter, s: &str, _: Bound) -> PyResult<Value> {
    Ok(Value::Bool(
        s.chars().any(char::is_lowercase) && !s.chars().any(char::is_uppercase),
    ))
}

/// The characters of `s` and the window `start`/`end` select (`ADJUST_INDICES` in CPython: negative
/// counts from the end, both clipped to the string; `start` may pass the end, leaving nothing).
fn window(s: &str, a: &Bound, first: usize) -> PyResult<(Vec<char>, i64, i64)> {
    let chars: Vec<char> = s.chars().collect();
    let len = chars.len() as i64;
    let bound = |i: usize, default: i64| -> PyResult<i64> {
        let v = match a.value(i) {
            None | Some(Value::None) => return Ok(default),
            Some(v) => v,
        };
        let n = index_of(&v)?.ok_or_else(|| {
            type_error("slice indices must be integers or None or have an __index__ method")
        })?;
        Ok(if n < 0 { (n + len).max(0) } else { n })
    };
    let start = bound(first, 0)?;
    let end = bound(first + 1, len)?.min(len);
    Ok((chars, start, end))
}

/// Where `sub` occurs in `chars[start..end]`, from the left or the right (`-1` if nowhere).
fn find_in(chars: &[char], sub: &[char], start: i64, end: i64, from_right: bool) -> i64 {
    if end - start < sub.len() as i64 {
        return -1;
    }
    let (start, end) = (start as usize, end as usize);
    let last = end - sub.len();
    let hit = |i: &usize| chars[*i..*i + sub.len()] == *sub;
    let found = if from_right {
        (start..=last).rev().find(hit)
    } else {
        (start..=last).find(hit)
    };
    found.map_or(-1, |i| i as i64)
}

fn affix_match(s: &str, a: &Bound, name: &str, at_end: bool) -> PyResult<Value> {
    let candidates = match a.arg(0)? {
        Value::Str(p) => vec![p.to_string()],
        Value::Tuple(t) => t
            .iter()
            .map(|v| match v {
                Value::Str(p) => Ok(p.to_string()),
                other => Err(type_error(format!(
                    "tuple for {name} must only contain str, not {}",
                    other.type_name()
                ))),
            })
            .collect::<PyResult<_>>()?,
        other => {
            return Err(type_error(format!(
                "{name} first arg must be str or a tuple of str, not {}",
                other.type_name()
            )));
        }
    };
    let (chars, start, end) = window(s, a, 1)?;
    let hit = candidates.iter().any(|p| {
        let p: Vec<char> = p.chars().collect();
        let n = p.len() as i64;
        if end - start < n {
            return false;
        }
        let at = if at_end { end - n } else { start } as usize;
        chars[at..at + p.len()] == *p
    });
    Ok(Value::Bool(hit))
}

fn startswith(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    affix_match(s, &a, "startswith", false)
}

fn endswith(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    affix_match(s, &a, "endswith", true)
}

fn search(s: &str, a: &Bound, from_right: bool) -> PyResult<i64> {
    let sub: Vec<char> = text(a.arg(0)?, "")?.chars().collect();
    let (chars, start, end) = window(s, a, 1)?;
    Ok(find_in(&chars, &sub, start, end, from_right))
}

fn find(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    Ok(Value::int(search(s, &a, false)?))
}

fn rfind(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    Ok(Value::int(search(s, &a, true)?))
}

fn index(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    match search(s, &a, false)? {
        -1 => Err(exc(ExcKind::ValueError, "substring not found")),
        i => Ok(Value::int(i)),
    }
}

fn count(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let sub: Vec<char> = text(a.arg(0)?, "")?.chars().collect();
    let (chars, start, end) = window(s, &a, 1)?;
    if end - start < sub.len() as i64 {
        return Ok(Value::int(0));
    }
    if sub.is_empty() {
        return Ok(Value::int(end - start + 1));
    }
    let (mut i, end) = (start as usize, end as usize);
    let mut n = 0;
    while i + sub.len() <= end {
        if chars[i..i + sub.len()] == *sub {
            n += 1;
            i += sub.len();
        } else {
            i += 1;
        }
    }
    Ok(Value::int(n))
}

fn format(interp: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    Ok(Value::str(&str_format(
        interp,
        s,
        &a.varargs(),
        &a.varkw(),
    )?))
}

/// `center`, `ljust`, `rjust`: the width, and the one fill character.
fn padding(a: &Bound) -> PyResult<(usize, char)> {
    let width = to_int(&a.arg(0)?, "")?.max(0) as usize;
    let fill = match a.value(1) {
        None => ' ',
        Some(Value::Str(f)) => {
            let mut cs = f.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) => c,
                _ => {
                    return Err(type_error(
                        "The fill character must be exactly one character long",
                    ));
                }
            }
        }
        Some(other) => {
            return Err(type_error(format!(
                "The fill character must be a unicode character, not {}",
                other.type_name()
            )));
        }
    };
    Ok((width, fill))
}

/// Pads `s` to `width` with `left` of the padding before it.
fn pad(s: &str, width: usize, fill: char, left: impl Fn(usize) -> usize) -> PyResult<Value> {
    let n = s.chars().count();
    if n >= width {
        return Ok(Value::str(s));
    }
    let total = width - n;
    // The padded String, then the str value made from it.
    crate::interp::reserve_bytes(crate::interp::bytes_of(
        total,
        2 * fill.len_utf8(),
        2 * s.len(),
    ))?;
    let l = left(total);
    let f = fill.to_string();
    Ok(Value::str(&format!(
        "{}{s}{}",
        f.repeat(l),
        f.repeat(total - l)
    )))
}

fn center(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let (width, fill) = padding(&a)?;
    // CPython puts the odd space on the right, unless the width is odd too.
    pad(s, width, fill, |total| total / 2 + (total & width & 1))
}

fn ljust(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let (width, fill) = padding(&a)?;
    pad(s, width, fill, |_| 0)
}

fn rjust(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let (width, fill) = padding(&a)?;
    pad(s, width, fill, |total| total)
}

fn zfill(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let width = to_int(&a.arg(0)?, "")?.max(0) as usize;
    let n = s.chars().count();
    if n >= width {
        return Ok(Value::str(s));
    }
    crate::interp::reserve_bytes(crate::interp::bytes_of(width - n, 2, 2 * s.len()))?;
    let (sign, rest) = match s.chars().next() {
        Some(c @ ('+' | '-')) => (c.to_string(), &s[1..]),
        _ => (String::new(), s),
    };
    Ok(Value::str(&format!(
        "{}{}{}",
        sign,
        "0".repeat(width - n),
        rest
    )))
}

fn partition(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let sep = text(a.arg(0)?, "")?;
    if sep.is_empty() {
        return Err(exc(ExcKind::ValueError, "empty separator"));
    }
    Ok(match s.find(sep.as_str()) {
        Some(p) => Value::tuple(vec![
            Value::str(&s[..p]),
            Value::str(&sep),
            Value::str(&s[p + sep.len()..]),
        ]),
        None => Value::tuple(vec![Value::str(s), Value::str(""), Value::str("")]),
    })
}

fn encode(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    for (i, name) in ["encoding", "errors"].into_iter().enumerate() {
        if let Some(v) = a.value(i)
            && !matches!(v, Value::Str(_))
        {
            return Err(type_error(format!(
                "encode() argument '{name}' must be str, not {}",
                v.type_name()
            )));
        }
    }
    let text = |i: usize| match a.value(i) {
        Some(Value::Str(s)) => s.to_string(),
        _ => String::new(),
    };
    let (encoding, errors) = (text(0), text(1));
    super::bytes::encode_str(
        s,
        if encoding.is_empty() {
            "utf-8"
        } else {
            &encoding
        },
        if errors.is_empty() { "strict" } else { &errors },
    )
}

fn removeprefix(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let p = text(a.arg(0)?, "removeprefix() argument ")?;
    Ok(Value::str(s.strip_prefix(p.as_str()).unwrap_or(s)))
}

fn removesuffix(_: &mut Interpreter, s: &str, a: Bound) -> PyResult<Value> {
    let p = text(a.arg(0)?, "removesuffix() argument ")?;
    Ok(Value::str(s.strip_suffix(p.as_str()).unwrap_or(s)))
}

/// `str.format` with positional/keyword fields, conversions and format specs.
fn str_format(
    interp: &mut Interpreter,
    fmt: &str,
    pos: &[Value],
    kw: &[(std::rc::Rc<str>, Value)],
) -> PyResult<String> {
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    let mut auto = 0usize;
    // `Some(true)` once a field was numbered automatically, `Some(false)` once by hand.
    let mut numbering: Option<bool> = None;
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let mut field = String::new();
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                    field.push(d);
                }
                let (name, spec) = match field.find(':') {
                    Some(p) => (field[..p].to_string(), field[p + 1..].to_string()),
                    None => (field.clone(), String::new()),
                };
                let (name, conv) = match name.find('!') {
                    Some(p) => (name[..p].to_string(), name[p + 1..].chars().next()),
                    None => (name, None),
                };
                // Fields are numbered automatically (`{}`) or by hand (`{0}`), never both.
                let index = if name.is_empty() {
                    if numbering == Some(false) {
                        return Err(exc(
                            ExcKind::ValueError,
                            "cannot switch from manual field specification to automatic field numbering",
                        ));
                    }
                    numbering = Some(true);
                    auto += 1;
                    Some(auto - 1)
                } else {
                    name.parse::<usize>().ok()
                };
                if index.is_some() && !name.is_empty() {
                    if numbering == Some(true) {
                        return Err(exc(
                            ExcKind::ValueError,
                            "cannot switch from automatic field numbering to manual field specification",
                        ));
                    }
                    numbering = Some(false);
                }
                let value = match index {
                    Some(i) => pos.get(i).cloned().ok_or_else(|| {
                        exc(
                            ExcKind::IndexError,
                            format!("Replacement index {i} out of range for positional args tuple"),
                        )
                    })?,
                    None => match kw.iter().find(|(k, _)| **k == *name) {
                        Some((_, v)) => v.clone(),
                        None => return Err(key_error(interp, &Value::str(&name))),
                    },
                };
                let value = match conv {
                    Some('r') => Value::str(&interp.repr(&value)?),
                    Some('s') => Value::str(&interp.to_str(&value)?),
                    _ => value,
                };
                out.push_str(&interp.format_value(&value, &spec)?);
            }
            c => out.push(c),
        }
    }
    Ok(out)
}
