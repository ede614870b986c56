//! `re.Pattern` and `re.Match`: searching, the match iteration that `findall`, `finditer`, `sub` and
//! `split` share, and the match object's groups and spans (in characters).

use std::cell::OnceCell;
use std::rc::Rc;

use super::super::super::Interpreter;
use super::super::super::builtins::seq_iter;
use super::super::super::error::{ExcKind, PyResult, exc, runtime_error, type_error};
use super::super::super::native::{NativeObject, NativeType};
use super::super::super::value::{Args, Dict, Value};
use super::super::bind;
use super::{ASCII, DOTALL, IGNORECASE, MULTILINE, UNICODE, VERBOSE, build};

/// The byte span of each group of one match (group 0 is the whole match); `None` where a group did
/// not take part.
type Spans = Vec<Option<(usize, usize)>>;

pub(crate) struct Pattern {
    source: Rc<str>,
    flags: i64,
    regex: fancy_regex::Regex,
    /// The pattern anchored at its end, for `fullmatch` (made when first needed).
    full: OnceCell<fancy_regex::Regex>,
    /// Group names and numbers.
    names: Vec<(Rc<str>, usize)>,
}

impl Pattern {
    pub(crate) fn new(interp: &Interpreter, source: Rc<str>, flags: i64) -> PyResult<Rc<Pattern>> {
        let regex = build(interp, &source, flags)?;
        let names = regex
            .capture_names()
            .enumerate()
            .filter_map(|(i, n)| n.map(|n| (Rc::from(n), i)))
            .collect();
        Ok(Rc::new(Pattern {
            source,
            flags,
            regex,
            full: OnceCell::new(),
            names,
        }))
    }

    fn groups(&self) -> usize {
        self.regex.captures_len().saturating_sub(1)
    }

    pub(super) fn group_count(&self) -> usize {
        self.groups()
    }

    pub(super) fn group_named(&self, name: &str) -> Option<usize> {
        self.names
            .iter()
            .find(|(n, _)| &**n == name)
            .map(|(_, i)| *i)
    }

    /// The group spans (bytes) of the first match at or after byte `pos`.
    fn find_at(&self, text: &str, pos: usize, full: bool) -> PyResult<Option<Spans>> {
        let regex = if full {
            match self.full.get() {
                Some(r) => r,
                None => {
                    let source = format!("(?:{})\\z", self.source);
                    let r = fancy_regex::RegexBuilder::new(&super::translate(&source, self.flags))
                        .backtrack_limit(super::BACKTRACK_LIMIT)
                        .delegate_size_limit(super::SIZE_LIMIT)
                        .build()
                        .map_err(|e| exc(ExcKind::ValueError, e.to_string()))?;
                    self.full.get_or_init(|| r)
                }
            }
        } else {
            &self.regex
        };
        let caps = regex.captures_from_pos(text, pos).map_err(|e| {
            runtime_error(format!(
                "the tutor stopped this regular expression: {e} (the sandbox bounds backtracking)"
            ))
        })?;
        Ok(caps.map(|c| {
            (0..c.len())
                .map(|i| c.get(i).map(|m| (m.start(), m.end())))
                .collect()
        }))
    }

    /// Every match in `text`, left to right, as Python's scanner finds them (an empty match may follow a
    /// non-empty one at the same place; after an empty match the search moves on one character).
    fn all(&self, interp: &mut Interpreter, text: &str, limit: usize) -> PyResult<Vec<Spans>> {
        let mut out = Vec::new();
        let mut pos = 0usize;
        let mut after_empty = false;
        while pos <= text.len() && (limit == 0 || out.len() < limit) {
            interp.tick()?;
            let Some(mut spans) = self.find_at(text, pos, false)? else {
                break;
            };
            let (mut s, mut e) = spans[0].unwrap_or((pos, pos));
            if after_empty && s == e && s == pos {
                let Some(next) = text[pos..].chars().next() else {
                    break;
                };
                match self.find_at(text, pos + next.len_utf8(), false)? {
                    Some(sp) => {
                        spans = sp;
                        (s, e) = spans[0].unwrap_or((pos, pos));
                    }
                    None => break,
                }
            }
            after_empty = s == e;
            pos = e;
            out.push(spans);
        }
        Ok(out)
    }
}

struct PatternObject(Rc<Pattern>);

impl NativeObject for PatternObject {
    fn native_type(&self) -> &'static dyn NativeType {
        &PATTERN
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

pub(crate) fn pattern_value(p: Rc<Pattern>) -> Value {
    Value::Native(Rc::new(PatternObject(p)))
}

pub(super) fn pattern_of(v: &Value) -> Option<Rc<Pattern>> {
    match v {
        Value::Native(o) => o
            .as_any()
            .downcast_ref::<PatternObject>()
            .map(|p| Rc::clone(&p.0)),
        _ => None,
    }
}

/// The characters' byte offsets, to turn the crate's byte positions into Python's character positions.
struct Chars(Vec<usize>);

impl Chars {
    fn of(text: &str) -> Chars {
        let mut v: Vec<usize> = text.char_indices().map(|(b, _)| b).collect();
        v.push(text.len());
        Chars(v)
    }
    fn char_at(&self, byte: usize) -> usize {
        self.0.binary_search(&byte).unwrap_or_else(|i| i)
    }
    fn byte_at(&self, ch: usize) -> usize {
        self.0
            .get(ch)
            .copied()
            .unwrap_or_else(|| self.0.last().copied().unwrap_or(0))
    }
}

fn string_arg(v: Option<&Value>) -> PyResult<Rc<str>> {
    match v {
        Some(Value::Str(s)) => Ok(Rc::clone(s)),
        Some(other) => Err(type_error(format!(
            "expected string or bytes-like object, got '{}'",
            other.type_name()
        ))),
        None => Err(type_error("missing required argument 'string' (pos 1)")),
    }
}

fn int_arg(v: Option<&Value>, default: i64) -> PyResult<i64> {
    match v {
        None | Some(Value::None) => Ok(default),
        Some(Value::Int(i, _)) => Ok(*i),
        Some(Value::Bool(b)) => Ok(*b as i64),
        Some(other) => Err(type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            other.type_name()
        ))),
    }
}

/// A method of a pattern, by name (the module functions come here too).
pub(super) fn call_pattern(
    interp: &mut Interpreter,
    p: Rc<Pattern>,
    method: &str,
    args: Args,
) -> PyResult<Value> {
    match method {
        "match" | "search" | "fullmatch" => {
            let a = bind(method, &["string", "pos", "endpos"], args)?;
            let full_text = string_arg(a[0].as_ref())?;
            let chars = Chars::of(&full_text);
            let n = chars.0.len() as i64 - 1;
            let pos = int_arg(a[1].as_ref(), 0)?.clamp(0, n) as usize;
            let endpos = int_arg(a[2].as_ref(), n)?.clamp(0, n) as usize;
            // Searching stops at `endpos` as if the string ended there.
            let text: Rc<str> = if (endpos as i64) < n {
                Rc::from(&full_text[..chars.byte_at(endpos)])
            } else {
                Rc::clone(&full_text)
            };
            let start = chars.byte_at(pos.min(endpos));
            let found = p.find_at(&text, start, method == "fullmatch")?;
            Ok(match found {
                Some(spans) if method == "search" || spans[0].is_some_and(|(s, _)| s == start) => {
                    match_value(
                        Rc::clone(&p),
                        Rc::clone(&full_text),
                        &chars,
                        spans,
                        pos,
                        endpos,
                    )
                }
                _ => Value::None,
            })
        }
        "findall" | "finditer" => {
            let a = bind(method, &["string", "pos", "endpos"], args)?;
            let text = string_arg(a[0].as_ref())?;
            let chars = Chars::of(&text);
            let n = chars.0.len() - 1;
            let found = p.all(interp, &text, 0)?;
            let mut items = Vec::with_capacity(found.len());
            for spans in found {
                if method == "finditer" {
                    items.push(match_value(
                        Rc::clone(&p),
                        Rc::clone(&text),
                        &chars,
                        spans,
                        0,
                        n,
                    ));
                    continue;
                }
                let piece = |i: usize| match spans.get(i).copied().flatten() {
                    Some((s, e)) => Value::str(&text[s..e]),
                    None => Value::str(""),
                };
                items.push(match p.groups() {
                    0 => piece(0),
                    1 => piece(1),
                    g => Value::tuple((1..=g).map(piece).collect()),
                });
            }
            Ok(if method == "finditer" {
                seq_iter(items)
            } else {
                Value::list(items)
            })
        }
        "sub" | "subn" => {
            let a = bind(method, &["repl", "string", "count"], args)?;
            let Some(repl) = a[0].clone() else {
                return Err(type_error(format!(
                    "{method}() missing required argument 'repl' (pos 1)"
                )));
            };
            let text = string_arg(a[1].as_ref())?;
            let count = int_arg(a[2].as_ref(), 0)?.max(0) as usize;
            let template = match &repl {
                Value::Str(s) => Some(super::template::parse(interp, s, &p)?),
                _ => None,
            };
            let chars = Chars::of(&text);
            let n = chars.0.len() - 1;
            let found = p.all(interp, &text, count)?;
            let mut out = String::new();
            let mut last = 0usize;
            let times = found.len();
            // CPython joins a list of the pieces; a bad replacement is named by its place in it.
            let mut pieces = 0usize;
            for spans in found {
                let (s, e) = spans[0].unwrap_or((last, last));
                out.push_str(&text[last..s]);
                pieces += usize::from(s > last);
                match &template {
                    Some(t) => super::template::expand(t, &text, &spans, &mut out),
                    None => {
                        let m = match_value(Rc::clone(&p), Rc::clone(&text), &chars, spans, 0, n);
                        let r = interp.call_value(repl.clone(), Args::new(vec![m]))?;
                        match r {
                            Value::Str(s) => out.push_str(&s),
                            other => {
                                return Err(type_error(format!(
                                    "sequence item {pieces}: expected str instance, {} found",
                                    other.type_name()
                                )));
                            }
                        }
                        pieces += 1;
                    }
                }
                super::super::super::reserve_bytes(out.len())?;
                last = e;
            }
            out.push_str(&text[last..]);
            Ok(if method == "subn" {
                Value::tuple(vec![Value::str(&out), Value::int(times as i64)])
            } else {
                Value::str(&out)
            })
        }
        "split" => {
            let a = bind(method, &["string", "maxsplit"], args)?;
            let text = string_arg(a[0].as_ref())?;
            let maxsplit = int_arg(a[1].as_ref(), 0)?;
            if maxsplit < 0 {
                return Ok(Value::list(vec![Value::Str(text)]));
            }
            let found = p.all(interp, &text, maxsplit as usize)?;
            let mut items = Vec::new();
            let mut last = 0usize;
            for spans in found {
                let (s, e) = spans[0].unwrap_or((last, last));
                items.push(Value::str(&text[last..s]));
                for g in spans.iter().skip(1) {
                    items.push(match g {
                        Some((gs, ge)) => Value::str(&text[*gs..*ge]),
                        None => Value::None,
                    });
                }
                last = e;
            }
            items.push(Value::str(&text[last..]));
            Ok(Value::list(items))
        }
        other => Err(exc(
            ExcKind::AttributeError,
            format!("'re.Pattern' object has no attribute '{other}'"),
        )),
    }
}

/// `re.IGNORECASE|re.MULTILINE`, as a pattern's repr names its flags.
fn flags_repr(flags: i64) -> String {
    [
        (IGNORECASE, "re.IGNORECASE"),
        (MULTILINE, "re.MULTILINE"),
        (DOTALL, "re.DOTALL"),
        (VERBOSE, "re.VERBOSE"),
        (ASCII, "re.ASCII"),
    ]
    .iter()
    .filter(|(f, _)| flags & f != 0)
    .map(|(_, n)| *n)
    .collect::<Vec<_>>()
    .join("|")
}

struct PatternType;
static PATTERN: PatternType = PatternType;

const PATTERN_METHODS: [&str; 9] = [
    "match",
    "search",
    "fullmatch",
    "findall",
    "finditer",
    "sub",
    "subn",
    "split",
    "scanner",
];

impl NativeType for PatternType {
    fn name(&self, _obj: &Value) -> String {
        "re.Pattern".into()
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(p) = pattern_of(obj) else {
            return Ok(None);
        };
        let source = interp.repr(&Value::Str(Rc::clone(&p.source)))?;
        let flags = flags_repr(p.flags);
        Ok(Some(if flags.is_empty() {
            format!("re.compile({source})")
        } else {
            format!("re.compile({source}, {flags})")
        }))
    }

    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        PATTERN_METHODS.contains(&name)
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let Some(p) = pattern_of(obj) else {
            return Ok(None);
        };
        Ok(Some(match name {
            "pattern" => Value::Str(Rc::clone(&p.source)),
            "flags" => Value::int(p.flags | UNICODE),
            "groups" => Value::int(p.groups() as i64),
            "groupindex" => {
                let mut d = Dict::default();
                for (n, i) in &p.names {
                    let k = Value::Str(Rc::clone(n));
                    d.insert(
                        super::super::super::ops::hash_key(&k)?,
                        k,
                        Value::int(*i as i64),
                    )?;
                }
                Value::Dict(Rc::new(std::cell::RefCell::new(d)))
            }
            m if PATTERN_METHODS.contains(&m) => {
                Value::NativeMethod(Rc::new((obj.clone(), Rc::from(m))))
            }
            _ => return Ok(None),
        }))
    }

    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        let Some(p) = pattern_of(obj) else {
            return Err(type_error("not a pattern"));
        };
        call_pattern(interp, p, name, args)
    }

    fn compare(
        &self,
        _interp: &mut Interpreter,
        op: rustpython_parser::ast::CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        use rustpython_parser::ast::CmpOp;
        let (Some(a), Some(b)) = (pattern_of(lhs), pattern_of(rhs)) else {
            return Ok(None);
        };
        let same = a.source == b.source && a.flags == b.flags;
        Ok(match op {
            CmpOp::Eq => Some(Value::Bool(same)),
            CmpOp::NotEq => Some(Value::Bool(!same)),
            _ => None,
        })
    }
}

/// A match: the searched string, its group spans in bytes and in characters, and where the search ran.
pub(super) struct MatchObject {
    pattern: Rc<Pattern>,
    text: Rc<str>,
    bytes: Vec<Option<(usize, usize)>>,
    chars: Vec<Option<(usize, usize)>>,
    pos: usize,
    endpos: usize,
}

impl NativeObject for MatchObject {
    fn native_type(&self) -> &'static dyn NativeType {
        &MATCH
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn match_value(
    pattern: Rc<Pattern>,
    text: Rc<str>,
    chars: &Chars,
    bytes: Vec<Option<(usize, usize)>>,
    pos: usize,
    endpos: usize,
) -> Value {
    let char_spans = bytes
        .iter()
        .map(|s| s.map(|(a, b)| (chars.char_at(a), chars.char_at(b))))
        .collect();
    Value::Native(Rc::new(MatchObject {
        pattern,
        text,
        bytes,
        chars: char_spans,
        pos,
        endpos,
    }))
}

fn match_of(v: &Value) -> Option<&MatchObject> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<MatchObject>(),
        _ => None,
    }
}

impl MatchObject {
    /// The group number `g` names (an int or a group name).
    fn index(&self, g: &Value) -> PyResult<usize> {
        let n = self.bytes.len();
        match g {
            Value::Int(i, _) if *i >= 0 && (*i as usize) < n => Ok(*i as usize),
            Value::Bool(b) if (*b as usize) < n => Ok(*b as usize),
            Value::Str(s) => self
                .pattern
                .names
                .iter()
                .find(|(name, _)| name == s)
                .map(|(_, i)| *i)
                .ok_or_else(|| exc(ExcKind::IndexError, "no such group")),
            _ => Err(exc(ExcKind::IndexError, "no such group")),
        }
    }

    fn group(&self, i: usize, default: &Value) -> Value {
        match self.bytes.get(i).copied().flatten() {
            Some((s, e)) => Value::str(&self.text[s..e]),
            None => default.clone(),
        }
    }
}

struct MatchType;
static MATCH: MatchType = MatchType;

const MATCH_METHODS: [&str; 7] = [
    "group",
    "groups",
    "groupdict",
    "start",
    "end",
    "span",
    "expand",
];

impl NativeType for MatchType {
    fn name(&self, _obj: &Value) -> String {
        "re.Match".into()
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(m) = match_of(obj) else {
            return Ok(None);
        };
        let (s, e) = m.chars[0].unwrap_or((0, 0));
        let matched = interp.repr(&m.group(0, &Value::str("")))?;
        Ok(Some(format!(
            "<re.Match object; span=({s}, {e}), match={matched}>"
        )))
    }

    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        MATCH_METHODS.contains(&name)
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let Some(m) = match_of(obj) else {
            return Ok(None);
        };
        Ok(Some(match name {
            "string" => Value::Str(Rc::clone(&m.text)),
            "re" => pattern_value(Rc::clone(&m.pattern)),
            "pos" => Value::int(m.pos as i64),
            "endpos" => Value::int(m.endpos as i64),
            "lastindex" => m
                .bytes
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, s)| s.is_some())
                .max_by_key(|(_, s)| s.map(|(_, e)| e))
                .map_or(Value::None, |(i, _)| Value::int(i as i64)),
            x if MATCH_METHODS.contains(&x) => {
                Value::NativeMethod(Rc::new((obj.clone(), Rc::from(x))))
            }
            _ => return Ok(None),
        }))
    }

    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        let Some(m) = match_of(obj) else {
            return Err(type_error("not a match"));
        };
        match name {
            "group" => {
                if !args.kw.is_empty() {
                    return Err(type_error("group() takes no keyword arguments"));
                }
                match args.pos.as_slice() {
                    [] => Ok(m.group(0, &Value::None)),
                    [g] => Ok(m.group(m.index(g)?, &Value::None)),
                    gs => {
                        let mut items = Vec::with_capacity(gs.len());
                        for g in gs {
                            items.push(m.group(m.index(g)?, &Value::None));
                        }
                        Ok(Value::tuple(items))
                    }
                }
            }
            "groups" => {
                let a = bind("groups", &["default"], args)?;
                let default = a[0].clone().unwrap_or(Value::None);
                Ok(Value::tuple(
                    (1..m.bytes.len()).map(|i| m.group(i, &default)).collect(),
                ))
            }
            "groupdict" => {
                let a = bind("groupdict", &["default"], args)?;
                let default = a[0].clone().unwrap_or(Value::None);
                let mut d = Dict::default();
                for (n, i) in &m.pattern.names {
                    let k = Value::Str(Rc::clone(n));
                    d.insert(
                        super::super::super::ops::hash_key(&k)?,
                        k,
                        m.group(*i, &default),
                    )?;
                }
                Ok(Value::Dict(Rc::new(std::cell::RefCell::new(d))))
            }
            "start" | "end" | "span" => {
                let a = bind(name, &["group"], args)?;
                let g = match &a[0] {
                    Some(g) => m.index(g)?,
                    None => 0,
                };
                let (s, e) = match m.chars.get(g).copied().flatten() {
                    Some((s, e)) => (s as i64, e as i64),
                    None => (-1, -1),
                };
                Ok(match name {
                    "start" => Value::int(s),
                    "end" => Value::int(e),
                    _ => Value::tuple(vec![Value::int(s), Value::int(e)]),
                })
            }
            "expand" => {
                let a = bind("expand", &["template"], args)?;
                let Some(Value::Str(t)) = &a[0] else {
                    return Err(type_error("expand() argument must be str"));
                };
                let t = super::template::parse(interp, t, &m.pattern)?;
                let mut out = String::new();
                super::template::expand(&t, &m.text, &m.bytes, &mut out);
                Ok(Value::str(&out))
            }
            other => Err(exc(
                ExcKind::AttributeError,
                format!("'re.Match' object has no attribute '{other}'"),
            )),
        }
    }

    fn get_item(&self, _interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        let Some(m) = match_of(obj) else {
            return Err(type_error("not a match"));
        };
        Ok(m.group(m.index(index)?, &Value::None))
    }
}
