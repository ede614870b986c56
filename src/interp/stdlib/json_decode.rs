//! `json.loads`, after CPython 3.11's `Lib/json/decoder.py` and `scanner.py`: objects keep their key
//! order (a repeated key keeps its last value), numbers are ints or floats as Python reads them, `NaN`,
//! `Infinity` and `-Infinity` are accepted, and a malformed document raises `json.JSONDecodeError` with
//! CPython's message and position (`Expecting value: line 1 column 1 (char 0)`). Ints beyond 64 bits are
//! refused with a `ValueError` (the tutor's ints are 64-bit).

use std::cell::RefCell;
use std::rc::Rc;

use super::super::Interpreter;
use super::super::error::{ExcKind, PyException, PyResult, Unwind, exc, type_error, value_error};
use super::super::value::{Args, Class, Dict, Instance, Value};

/// The `JSONDecodeError` class (a `ValueError`), made per interpreter.
pub(super) fn decode_error_class(interp: &Interpreter) -> Value {
    let value_error = interp.exception_classes.get("ValueError").cloned();
    Value::Class(Rc::new(Class {
        name: Rc::from("JSONDecodeError"),
        bases: value_error.into_iter().collect(),
        attrs: RefCell::new(Vec::new()),
        native: None,
        slots: None,
    }))
}

struct Parser<'a> {
    chars: Vec<char>,
    text: &'a str,
    pos: usize,
    depth: usize,
}

/// An error at a character position, before it becomes a `JSONDecodeError`.
enum Fail {
    At(String, usize),
    Raise(Unwind),
}

type Parsed<T> = Result<T, Fail>;

impl From<Unwind> for Fail {
    fn from(u: Unwind) -> Fail {
        Fail::Raise(u)
    }
}

impl Parser<'_> {
    fn skip_ws(&mut self) {
        while matches!(self.chars.get(self.pos), Some(' ' | '\t' | '\n' | '\r')) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn starts_with(&self, word: &str) -> bool {
        word.chars()
            .enumerate()
            .all(|(i, c)| self.chars.get(self.pos + i) == Some(&c))
    }

    fn value(&mut self, interp: &mut Interpreter) -> Parsed<Value> {
        let Some(c) = self.peek() else {
            return Err(Fail::At("Expecting value".into(), self.pos));
        };
        match c {
            '"' => {
                self.pos += 1;
                Ok(Value::str(&self.string()?))
            }
            '{' => self.nested(interp, true),
            '[' => self.nested(interp, false),
            'n' if self.starts_with("null") => {
                self.pos += 4;
                Ok(Value::None)
            }
            't' if self.starts_with("true") => {
                self.pos += 4;
                Ok(Value::Bool(true))
            }
            'f' if self.starts_with("false") => {
                self.pos += 5;
                Ok(Value::Bool(false))
            }
            'N' if self.starts_with("NaN") => {
                self.pos += 3;
                Ok(Value::Float(f64::NAN))
            }
            'I' if self.starts_with("Infinity") => {
                self.pos += 8;
                Ok(Value::Float(f64::INFINITY))
            }
            '-' if self.starts_with("-Infinity") => {
                self.pos += 9;
                Ok(Value::Float(f64::NEG_INFINITY))
            }
            '-' | '0'..='9' => self.number(),
            _ => Err(Fail::At("Expecting value".into(), self.pos)),
        }
    }

    /// `-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?`, as `scanner.py`'s NUMBER_RE.
    fn number(&mut self) -> Parsed<Value> {
        let start = self.pos;
        let digits = |p: &mut Parser, at: usize| {
            let mut i = at;
            while matches!(p.chars.get(i), Some('0'..='9')) {
                i += 1;
            }
            i
        };
        let mut i = start;
        if self.chars.get(i) == Some(&'-') {
            i += 1;
        }
        match self.chars.get(i) {
            Some('0') => i += 1,
            Some('1'..='9') => i = digits(self, i),
            _ => return Err(Fail::At("Expecting value".into(), start)),
        }
        let mut is_float = false;
        if self.chars.get(i) == Some(&'.') && matches!(self.chars.get(i + 1), Some('0'..='9')) {
            i = digits(self, i + 1);
            is_float = true;
        }
        if matches!(self.chars.get(i), Some('e' | 'E')) {
            let mut j = i + 1;
            if matches!(self.chars.get(j), Some('+' | '-')) {
                j += 1;
            }
            if matches!(self.chars.get(j), Some('0'..='9')) {
                i = digits(self, j);
                is_float = true;
            }
        }
        let text: String = self.chars[start..i].iter().collect();
        self.pos = i;
        if is_float {
            return text
                .parse::<f64>()
                .map(Value::Float)
                .map_err(|_| Fail::At("Expecting value".into(), start));
        }
        text.parse::<i64>().map(Value::int).map_err(|_| {
            Fail::Raise(value_error(format!(
                "the tutor's ints are 64-bit: {text} is too large"
            )))
        })
    }

    /// The rest of a string whose opening quote is just before `pos`.
    fn string(&mut self) -> Parsed<String> {
        let begin = self.pos - 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(Fail::At("Unterminated string starting at".into(), begin));
            };
            self.pos += 1;
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let Some(e) = self.peek() else {
                        return Err(Fail::At("Unterminated string starting at".into(), begin));
                    };
                    let simple = match e {
                        '"' => Some('"'),
                        '\\' => Some('\\'),
                        '/' => Some('/'),
                        'b' => Some('\u{8}'),
                        'f' => Some('\u{c}'),
                        'n' => Some('\n'),
                        'r' => Some('\r'),
                        't' => Some('\t'),
                        _ => None,
                    };
                    if let Some(s) = simple {
                        out.push(s);
                        self.pos += 1;
                        continue;
                    }
                    if e != 'u' {
                        return Err(Fail::At("Invalid \\escape".into(), self.pos - 1));
                    }
                    let unit = self.hex4(self.pos + 1)?;
                    self.pos += 5;
                    // A surrogate pair spelled as two escapes is one character.
                    if (0xd800..0xdc00).contains(&unit)
                        && self.starts_with("\\u")
                        && let Ok(low) = self.hex4(self.pos + 2)
                        && (0xdc00..0xe000).contains(&low)
                    {
                        let c = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
                        out.push(char::from_u32(c).unwrap_or('\u{fffd}'));
                        self.pos += 6;
                        continue;
                    }
                    out.push(char::from_u32(unit).unwrap_or('\u{fffd}'));
                }
                c if (c as u32) < 0x20 => {
                    return Err(Fail::At(
                        "Invalid control character at".into(),
                        self.pos - 1,
                    ));
                }
                c => out.push(c),
            }
        }
    }

    fn hex4(&self, at: usize) -> Parsed<u32> {
        let digits: String = self.chars.get(at..at + 4).unwrap_or(&[]).iter().collect();
        if digits.len() == 4
            && let Ok(v) = u32::from_str_radix(&digits, 16)
        {
            return Ok(v);
        }
        Err(Fail::At("Invalid \\uXXXX escape".into(), at - 1))
    }

    /// An object (`{`) or an array (`[`) starting at `pos`.
    fn nested(&mut self, interp: &mut Interpreter, object: bool) -> Parsed<Value> {
        self.depth += 1;
        if self.depth > super::super::MAX_NESTING {
            return Err(Fail::Raise(super::super::too_deep()));
        }
        self.pos += 1;
        self.skip_ws();
        let close = if object { '}' } else { ']' };
        let mut items = Vec::new();
        let mut dict = Dict::default();
        if self.peek() == Some(close) {
            self.pos += 1;
        } else {
            loop {
                interp.tick()?;
                if object {
                    if self.peek() != Some('"') {
                        return Err(Fail::At(
                            "Expecting property name enclosed in double quotes".into(),
                            self.pos,
                        ));
                    }
                    self.pos += 1;
                    let key = Value::str(&self.string()?);
                    self.skip_ws();
                    if self.peek() != Some(':') {
                        return Err(Fail::At("Expecting ':' delimiter".into(), self.pos));
                    }
                    self.pos += 1;
                    self.skip_ws();
                    let v = self.value(interp)?;
                    dict.insert(super::super::ops::hash_key(&key)?, key, v)?;
                } else {
                    items.push(self.value(interp)?);
                    super::super::reserve_values(1)?;
                }
                self.skip_ws();
                match self.peek() {
                    Some(c) if c == close => {
                        self.pos += 1;
                        break;
                    }
                    Some(',') => {
                        self.pos += 1;
                        self.skip_ws();
                    }
                    _ => return Err(Fail::At("Expecting ',' delimiter".into(), self.pos)),
                }
            }
        }
        self.depth -= 1;
        Ok(if object {
            Value::Dict(Rc::new(RefCell::new(dict)))
        } else {
            Value::list(items)
        })
    }
}

/// `JSONDecodeError(msg, doc, pos)`: `msg: line L column C (char P)`, with `msg`, `doc`, `pos`, `lineno`
/// and `colno` as attributes.
fn decode_error(
    interp: &Interpreter,
    message: &str,
    text: &str,
    chars: &[char],
    pos: usize,
) -> Unwind {
    let before = &chars[..pos.min(chars.len())];
    let lineno = before.iter().filter(|&&c| c == '\n').count() + 1;
    let colno = match before.iter().rposition(|&c| c == '\n') {
        Some(nl) => pos - nl,
        None => pos + 1,
    };
    let full = format!("{message}: line {lineno} column {colno} (char {pos})");
    let class = match interp.modules.get("json") {
        Some(Value::Module(m)) => match m.attrs.get("JSONDecodeError") {
            Some(Value::Class(c)) => Some(Rc::clone(c)),
            _ => None,
        },
        _ => None,
    };
    let Some(class) = class else {
        return exc(ExcKind::ValueError, full);
    };
    let inst = Rc::new(Instance {
        class: crate::interp::value::ClassCell::new(class),
        attrs: crate::interp::value::new_attrs(Vec::new()),
    });
    inst.set("args", Value::tuple(vec![Value::str(&full)]));
    inst.set("msg", Value::str(message));
    inst.set("doc", Value::str(text));
    inst.set("pos", Value::int(pos as i64));
    inst.set("lineno", Value::int(lineno as i64));
    inst.set("colno", Value::int(colno as i64));
    let mut e = PyException::new(
        ExcKind::User(Rc::from("json.decoder.JSONDecodeError")),
        full,
    );
    e.value = Some(Value::Instance(inst));
    Unwind::Exception(Box::new(e))
}

/// `loads(s)`.
pub(super) fn loads(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = super::bind("loads", &["s"], Args::new(args.pos))?;
    if let Some((k, _)) = args.kw.first() {
        return Err(type_error(format!(
            "the tutor's json.loads takes no keyword arguments (got '{k}')"
        )));
    }
    let text: Rc<str> = match &a[0] {
        Some(Value::Str(s)) => Rc::clone(s),
        Some(other) => {
            return Err(type_error(format!(
                "the JSON object must be str, bytes or bytearray, not {}",
                other.type_name()
            )));
        }
        None => {
            return Err(type_error(
                "loads() missing 1 required positional argument: 's'",
            ));
        }
    };
    let mut p = Parser {
        chars: text.chars().collect(),
        text: &text,
        pos: 0,
        depth: 0,
    };
    p.skip_ws();
    let result = p.value(interp).and_then(|v| {
        p.skip_ws();
        if p.pos < p.chars.len() {
            Err(Fail::At("Extra data".into(), p.pos))
        } else {
            Ok(v)
        }
    });
    match result {
        Ok(v) => Ok(v),
        Err(Fail::Raise(u)) => Err(u),
        Err(Fail::At(message, pos)) => Err(decode_error(interp, &message, p.text, &p.chars, pos)),
    }
}
