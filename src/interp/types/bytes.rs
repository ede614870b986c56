//! `bytes`, `bytearray` and `memoryview`, after CPython's `Objects/bytesobject.c`,
//! `bytearrayobject.c` and `memoryobject.c`: the constructors (from a size, from ints, from a str
//! with an encoding, from a buffer), `b'...'` literals and their repr, indexing to ints, slicing,
//! `+`, `*`, `in`, comparisons, hashing (`bytes` only), the common methods, `bytearray`'s in-place
//! methods, and a `memoryview` that reads and writes through to the buffer it views. All inside the
//! sandbox: nothing here reads or writes outside the cell.
//!
//! Long because three types share one buffer model and CPython's wording for each method and error,
//! and splitting them would scatter the helpers (`buffer`, `position`, `picked`) they all use.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator};

use super::super::Interpreter;
use super::super::args::Dialect::Clinic;
use super::super::args::{Bound, Sig};
use super::super::convert::index_of;
use super::super::error::{ExcKind, PyResult, attribute_error, exc, type_error, value_error};
use super::super::native::{NativeObject, NativeType};
use super::super::value::{Args, HashKey, Value};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Bytes,
    ByteArray,
}

pub(crate) struct Bytes {
    data: RefCell<Vec<u8>>,
    kind: Kind,
}

impl NativeObject for Bytes {
    fn native_type(&self) -> &'static dyn NativeType {
        match self.kind {
            Kind::Bytes => &BYTES,
            Kind::ByteArray => &BYTEARRAY,
        }
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// A `memoryview` of a `bytes` or `bytearray`: the viewed object and the positions it shows.
pub(crate) struct MemoryView {
    base: Rc<dyn NativeObject>,
    index: Vec<usize>,
    released: std::cell::Cell<bool>,
}

impl NativeObject for MemoryView {
    fn native_type(&self) -> &'static dyn NativeType {
        &MEMORYVIEW
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

fn bytes_of(v: &Value) -> Option<&Bytes> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<Bytes>(),
        _ => None,
    }
}

fn view_of(v: &Value) -> Option<&MemoryView> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<MemoryView>(),
        _ => None,
    }
}

impl MemoryView {
    fn base(&self) -> Option<&Bytes> {
        self.base.as_any().downcast_ref::<Bytes>()
    }
    fn values(&self) -> Vec<u8> {
        let Some(b) = self.base() else {
            return Vec::new();
        };
        let data = b.data.borrow();
        self.index
            .iter()
            .filter_map(|&i| data.get(i).copied())
            .collect()
    }
    fn check(&self) -> PyResult<()> {
        if self.released.get() {
            return Err(value_error(
                "operation forbidden on released memoryview object",
            ));
        }
        Ok(())
    }
}

/// The bytes a buffer-like value holds (`bytes`, `bytearray`, `memoryview`).
pub(crate) fn buffer(v: &Value) -> Option<Vec<u8>> {
    if let Some(b) = bytes_of(v) {
        return Some(b.data.borrow().clone());
    }
    view_of(v).map(MemoryView::values)
}

fn new(kind: Kind, data: Vec<u8>) -> PyResult<Value> {
    super::super::reserve_bytes(data.len())?;
    Ok(Value::Native(Rc::new(Bytes {
        data: RefCell::new(data),
        kind,
    })))
}

/// A `bytes` value (`b'...'` literals, `str.encode`).
pub(crate) fn bytes_value(data: Vec<u8>) -> PyResult<Value> {
    new(Kind::Bytes, data)
}

fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Bytes => "bytes",
        Kind::ByteArray => "bytearray",
    }
}

/// CPython's `bytes.__repr__`: single quotes unless the data has one and no double quote.
fn repr_bytes(data: &[u8]) -> String {
    let quote = if data.contains(&b'\'') && !data.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::from("b");
    out.push(quote);
    for &c in data {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            c if c as char == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(c as char),
            c => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push(quote);
    out
}

/// One int as a byte (`bytes([256])` is refused).
fn byte(v: &Value) -> PyResult<u8> {
    let Some(i) = index_of(v)? else {
        return Err(type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            v.type_name()
        )));
    };
    u8::try_from(i).map_err(|_| value_error("byte must be in range(0, 256)"))
}

/// Encodes `s` as `encoding` names it (utf-8, ascii, latin-1 and their aliases).
fn encode(s: &str, encoding: &str, errors: &str) -> PyResult<Vec<u8>> {
    let norm = encoding.to_ascii_lowercase().replace(['-', '_'], "");
    match norm.as_str() {
        "utf8" | "u8" | "utf" => Ok(s.as_bytes().to_vec()),
        "ascii" | "usascii" | "latin1" | "iso88591" | "l1" => {
            let limit = if norm.contains("ascii") { 0x80 } else { 0x100 };
            let codec = if limit == 0x80 { "ascii" } else { "latin-1" };
            let mut out = Vec::with_capacity(s.len());
            for (pos, ch) in s.chars().enumerate() {
                let c = ch as u32;
                if c < limit {
                    out.push(c as u8);
                } else if errors == "ignore" {
                } else if errors == "replace" {
                    out.push(b'?');
                } else {
                    let shown = match c {
                        0..=0xff => format!("\\x{c:02x}"),
                        0x100..=0xffff => format!("\\u{c:04x}"),
                        _ => format!("\\U{c:08x}"),
                    };
                    return Err(exc(
                        ExcKind::UnicodeEncodeError,
                        format!(
                            "'{codec}' codec can't encode character '{shown}' in position {pos}: ordinal not in range({limit})"
                        ),
                    ));
                }
            }
            Ok(out)
        }
        _ => Err(exc(
            ExcKind::LookupError,
            format!("unknown encoding: {encoding}"),
        )),
    }
}

fn decode(data: &[u8], encoding: &str, errors: &str) -> PyResult<String> {
    let norm = encoding.to_ascii_lowercase().replace(['-', '_'], "");
    match norm.as_str() {
        "utf8" | "u8" | "utf" => match std::str::from_utf8(data) {
            Ok(s) => Ok(s.to_string()),
            Err(e) if errors == "strict" => {
                let pos = e.valid_up_to();
                Err(exc(
                    ExcKind::UnicodeDecodeError,
                    format!(
                        "'utf-8' codec can't decode byte 0x{:02x} in position {pos}: invalid start byte",
                        data[pos]
                    ),
                ))
            }
            Err(_) if errors == "ignore" => {
                Ok(String::from_utf8_lossy(data).replace('\u{fffd}', ""))
            }
            Err(_) => Ok(String::from_utf8_lossy(data).into_owned()),
        },
        "ascii" | "usascii" => {
            let mut out = String::new();
            for (pos, &c) in data.iter().enumerate() {
                if c < 0x80 {
                    out.push(c as char);
                } else if errors == "ignore" {
                } else if errors == "replace" {
                    out.push('\u{fffd}');
                } else {
                    return Err(exc(
                        ExcKind::UnicodeDecodeError,
                        format!(
                            "'ascii' codec can't decode byte 0x{c:02x} in position {pos}: ordinal not in range(128)"
                        ),
                    ));
                }
            }
            Ok(out)
        }
        "latin1" | "iso88591" | "l1" => Ok(data.iter().map(|&c| c as char).collect()),
        _ => Err(exc(
            ExcKind::LookupError,
            format!("unknown encoding: {encoding}"),
        )),
    }
}

/// `str.encode(encoding, errors)`.
pub(crate) fn encode_str(s: &str, encoding: &str, errors: &str) -> PyResult<Value> {
    bytes_value(encode(s, encoding, errors)?)
}

/// The bytes `bytes(x)` / `bytearray(x)` makes of one argument.
fn from_source(interp: &mut Interpreter, kind: Kind, v: &Value) -> PyResult<Vec<u8>> {
    if let Some(data) = buffer(v) {
        return Ok(data);
    }
    match v {
        Value::Str(_) => Err(type_error("string argument without an encoding")),
        Value::Int(n, _) => {
            if *n < 0 {
                return Err(value_error("negative count"));
            }
            super::super::reserve_bytes(*n as usize)?;
            Ok(vec![0; *n as usize])
        }
        Value::Bool(b) => Ok(vec![0; usize::from(*b)]),
        Value::Float(_) | Value::None => Err(type_error(format!(
            "cannot convert '{}' object to {}",
            v.type_name(),
            kind_name(kind)
        ))),
        other => {
            let items = interp.collect_iter(other).map_err(|_| {
                type_error(format!(
                    "cannot convert '{}' object to {}",
                    other.type_name(),
                    kind_name(kind)
                ))
            })?;
            items
                .iter()
                .map(|v| {
                    byte(v).map_err(|e| match index_of(v) {
                        Ok(Some(_)) => value_error("bytes must be in range(0, 256)"),
                        _ => e,
                    })
                })
                .collect()
        }
    }
}

/// `bytes(source=b'', encoding=..., errors=...)` and `bytearray(...)`.
fn construct(interp: &mut Interpreter, kind: Kind, args: Args) -> PyResult<Value> {
    static SIG: [Sig; 2] = [
        Sig::new("bytes(source=None, encoding=None, errors=None)", Clinic),
        Sig::new("bytearray(source=None, encoding=None, errors=None)", Clinic),
    ];
    let b = SIG[kind as usize].bind(args)?;
    let source = b.value(0).unwrap_or(Value::None);
    let text = |v: Option<Value>, what: &str| -> PyResult<Option<String>> {
        match v {
            None | Some(Value::None) => Ok(None),
            Some(Value::Str(s)) => Ok(Some(s.to_string())),
            Some(other) => Err(type_error(format!(
                "{}() argument '{what}' must be str, not {}",
                kind_name(kind),
                other.type_name()
            ))),
        }
    };
    let encoding = text(b.value(1), "encoding")?;
    let errors = text(b.value(2), "errors")?;
    let data = match (&source, encoding) {
        (Value::Str(s), Some(enc)) => encode(s, &enc, errors.as_deref().unwrap_or("strict"))?,
        (Value::Str(_), None) => {
            return Err(type_error("string argument without an encoding"));
        }
        (_, Some(_)) => {
            return Err(type_error("encoding without a string argument"));
        }
        (Value::None, None) if b.value(0).is_none() => Vec::new(),
        (v, None) => {
            if errors.is_some() {
                return Err(type_error("errors without a string argument"));
            }
            from_source(interp, kind, v)?
        }
    };
    new(kind, data)
}

pub(crate) fn new_bytes(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    construct(interp, Kind::Bytes, args)
}

pub(crate) fn new_bytearray(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    construct(interp, Kind::ByteArray, args)
}

/// `memoryview(object)`.
pub(crate) fn new_memoryview(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    static SIG: Sig = Sig::new("memoryview(object)", Clinic);
    let b = SIG.bind(args)?;
    let v = b.arg(0)?;
    match &v {
        Value::Native(o) if o.as_any().downcast_ref::<Bytes>().is_some() => {
            let len = bytes_of(&v).map_or(0, |b| b.data.borrow().len());
            Ok(Value::Native(Rc::new(MemoryView {
                base: Rc::clone(o),
                index: (0..len).collect(),
                released: std::cell::Cell::new(false),
            })))
        }
        Value::Native(o) if o.as_any().downcast_ref::<MemoryView>().is_some() => {
            let m = view_of(&v).ok_or_else(|| type_error("memoryview"))?;
            m.check()?;
            Ok(Value::Native(Rc::new(MemoryView {
                base: Rc::clone(&m.base),
                index: m.index.clone(),
                released: std::cell::Cell::new(false),
            })))
        }
        other => Err(type_error(format!(
            "memoryview: a bytes-like object is required, not '{}'",
            other.type_name()
        ))),
    }
}

/// The positions a slice picks out of `len` items.
fn picked(interp: &Interpreter, s: &(Value, Value, Value), len: usize) -> PyResult<Vec<usize>> {
    let (start, stop, step) = interp.slice_indices(s, len as i64)?;
    let mut out = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        out.push(i as usize);
        i += step;
    }
    Ok(out)
}

fn position(index: &Value, len: usize, what: &str) -> PyResult<usize> {
    let Some(i) = index_of(index)? else {
        return Err(type_error(format!(
            "{what} indices must be integers or slices, not {}",
            index.type_name()
        )));
    };
    let j = if i < 0 { i + len as i64 } else { i };
    if j < 0 || j >= len as i64 {
        return Err(exc(
            ExcKind::IndexError,
            if what == "memoryview" {
                "index out of bounds on dimension 1".to_string()
            } else {
                format!("{what} index out of range")
            },
        ));
    }
    Ok(j as usize)
}

fn find_sub(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if needle.is_empty() {
        return (from <= hay.len()).then_some(from);
    }
    (from..=hay.len().saturating_sub(needle.len()))
        .find(|&i| i + needle.len() <= hay.len() && &hay[i..i + needle.len()] == needle)
}

/// A method's bytes argument (`bytes`, `bytearray`, `memoryview`; an int where `allow_int`).
fn arg_bytes(v: &Value, what: &str, allow_int: bool) -> PyResult<Vec<u8>> {
    if let Some(d) = buffer(v) {
        return Ok(d);
    }
    if allow_int && let Some(i) = index_of(v)? {
        return Ok(vec![
            u8::try_from(i).map_err(|_| value_error("byte must be in range(0, 256)"))?,
        ]);
    }
    Err(type_error(format!(
        "{what}a bytes-like object is required, not '{}'",
        v.type_name()
    )))
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

/// The signature of a method, made once per text (the binding borrows it for the call).
fn method_sig(text: &'static str) -> &'static Sig {
    thread_local! {
        static SIGS: RefCell<std::collections::HashMap<&'static str, &'static Sig>> =
            RefCell::new(std::collections::HashMap::new());
    }
    SIGS.with(|m| {
        *m.borrow_mut()
            .entry(text)
            .or_insert_with(|| Box::leak(Box::new(Sig::new(text, Clinic))))
    })
}

/// Runs one method of `bytes` / `bytearray`.
fn call(
    interp: &mut Interpreter,
    obj: &Value,
    b: &Bytes,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let kind = b.kind;
    let tname = kind_name(kind);
    let sig = method_sig;
    let data = b.data.borrow().clone();
    let same = |d: Vec<u8>| new(kind, d);
    match name {
        "decode" => {
            let a: Bound = sig("decode(encoding='utf-8', errors='strict')").bind(args)?;
            let s = |i: usize, d: &str| -> PyResult<String> {
                match a.value(i) {
                    None => Ok(d.to_string()),
                    Some(Value::Str(s)) => Ok(s.to_string()),
                    Some(o) => Err(type_error(format!(
                        "decode() argument '{}' must be str, not {}",
                        if i == 0 { "encoding" } else { "errors" },
                        o.type_name()
                    ))),
                }
            };
            Ok(Value::str(&decode(
                &data,
                &s(0, "utf-8")?,
                &s(1, "strict")?,
            )?))
        }
        "hex" => {
            let a = sig("hex(sep=None, bytes_per_sep=1)").bind(args)?;
            let hex: Vec<String> = data.iter().map(|c| format!("{c:02x}")).collect();
            Ok(Value::str(&match a.value(0) {
                None | Some(Value::None) => hex.concat(),
                Some(Value::Str(sep)) => hex.join(&sep),
                Some(o) => {
                    return Err(type_error(format!(
                        "sep must be str or bytes., not {}",
                        o.type_name()
                    )));
                }
            }))
        }
        "count" | "find" | "index" | "rfind" => {
            let a = sig("find(sub, start=None, end=None)").bind(args)?;
            let sub = arg_bytes(
                &a.arg(0)?,
                "argument should be integer or bytes-like object, not ",
                true,
            )
            .map_err(|_| {
                type_error(format!(
                    "argument should be integer or bytes-like object, not '{}'",
                    a.value(0)
                        .map_or("NoneType".to_string(), |v| v.type_name().to_string())
                ))
            })?;
            let len = data.len() as i64;
            let clamp = |v: Option<Value>, d: i64| -> PyResult<usize> {
                let i = match v {
                    None | Some(Value::None) => d,
                    Some(v) => index_of(&v)?.unwrap_or(d),
                };
                Ok((if i < 0 { (i + len).max(0) } else { i.min(len) }) as usize)
            };
            let (lo, hi) = (clamp(a.value(1), 0)?, clamp(a.value(2), len)?);
            let hay = if lo <= hi { &data[lo..hi] } else { &data[0..0] };
            match name {
                "count" => {
                    if sub.is_empty() {
                        return Ok(Value::int(hay.len() as i64 + 1));
                    }
                    let (mut n, mut at) = (0, 0);
                    while let Some(p) = find_sub(hay, &sub, at) {
                        n += 1;
                        at = p + sub.len();
                    }
                    Ok(Value::int(n))
                }
                "rfind" => Ok(Value::int(
                    (0..=hay.len().saturating_sub(sub.len()))
                        .rev()
                        .find(|&i| i + sub.len() <= hay.len() && hay[i..i + sub.len()] == sub[..])
                        .map_or(-1, |p| (p + lo) as i64),
                )),
                _ => match find_sub(hay, &sub, 0) {
                    Some(p) => Ok(Value::int((p + lo) as i64)),
                    None if name == "find" => Ok(Value::int(-1)),
                    None => Err(value_error("subsection not found")),
                },
            }
        }
        "startswith" | "endswith" => {
            let a = sig("startswith(prefix, start=None, end=None)").bind(args)?;
            let p = a.arg(0)?;
            let options: Vec<Vec<u8>> = match &p {
                Value::Tuple(t) => t
                    .iter()
                    .map(|v| arg_bytes(v, "", false))
                    .collect::<PyResult<_>>()?,
                v => vec![buffer(v).ok_or_else(|| {
                    type_error(format!(
                        "{name} first arg must be bytes or a tuple of bytes, not {}",
                        v.type_name()
                    ))
                })?],
            };
            let hit = options.iter().any(|o| {
                if name == "startswith" {
                    data.starts_with(o)
                } else {
                    data.ends_with(o)
                }
            });
            Ok(Value::Bool(hit))
        }
        "join" => {
            let a = sig("join(iterable_of_bytes, /)").bind(args)?;
            let items = interp.collect_iter(&a.arg(0)?)?;
            let mut out = Vec::new();
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(&data);
                }
                let Some(d) = buffer(v) else {
                    return Err(type_error(format!(
                        "sequence item {i}: expected a bytes-like object, {} found",
                        v.type_name()
                    )));
                };
                out.extend_from_slice(&d);
            }
            same(out)
        }
        "split" => {
            let a = sig("split(sep=None, maxsplit=-1)").bind(args)?;
            let max = match a.value(1) {
                Some(v) => index_of(&v)?.unwrap_or(-1),
                None => -1,
            };
            let mut parts = Vec::new();
            match a.value(0) {
                None | Some(Value::None) => {
                    let mut rest: &[u8] = &data;
                    loop {
                        let start = rest
                            .iter()
                            .position(|&c| !is_space(c))
                            .unwrap_or(rest.len());
                        rest = &rest[start..];
                        if rest.is_empty() {
                            break;
                        }
                        if max >= 0 && parts.len() as i64 == max {
                            let end = rest
                                .iter()
                                .rposition(|&c| !is_space(c))
                                .map_or(0, |e| e + 1);
                            parts.push(rest[..end].to_vec());
                            break;
                        }
                        let end = rest.iter().position(|&c| is_space(c)).unwrap_or(rest.len());
                        parts.push(rest[..end].to_vec());
                        rest = &rest[end..];
                    }
                }
                Some(s) => {
                    let sep = arg_bytes(&s, "", false)?;
                    if sep.is_empty() {
                        return Err(value_error("empty separator"));
                    }
                    let mut at = 0;
                    while max < 0 || (parts.len() as i64) < max {
                        let Some(p) = find_sub(&data, &sep, at) else {
                            break;
                        };
                        parts.push(data[at..p].to_vec());
                        at = p + sep.len();
                    }
                    parts.push(data[at..].to_vec());
                }
            }
            Ok(Value::list(
                parts.into_iter().map(same).collect::<PyResult<_>>()?,
            ))
        }
        "strip" | "lstrip" | "rstrip" => {
            let a = sig("strip(bytes=None, /)").bind(args)?;
            let set: Option<Vec<u8>> = match a.value(0) {
                None | Some(Value::None) => None,
                Some(v) => Some(arg_bytes(&v, "", false)?),
            };
            let strip = |c: &u8| set.as_ref().map_or(is_space(*c), |s| s.contains(c));
            let start = if name == "rstrip" {
                0
            } else {
                data.iter().position(|c| !strip(c)).unwrap_or(data.len())
            };
            let end = if name == "lstrip" {
                data.len()
            } else {
                data.iter().rposition(|c| !strip(c)).map_or(0, |e| e + 1)
            };
            same(if start < end {
                data[start..end].to_vec()
            } else {
                Vec::new()
            })
        }
        "upper" | "lower" => {
            sig("upper()").bind(args)?;
            same(
                data.iter()
                    .map(|c| {
                        if name == "upper" {
                            c.to_ascii_uppercase()
                        } else {
                            c.to_ascii_lowercase()
                        }
                    })
                    .collect(),
            )
        }
        "replace" => {
            let a = sig("replace(old, new, count=-1, /)").bind(args)?;
            let old = arg_bytes(&a.arg(0)?, "", false)?;
            let newb = arg_bytes(&a.arg(1)?, "", false)?;
            let mut count = match a.value(2) {
                Some(v) => index_of(&v)?.unwrap_or(-1),
                None => -1,
            };
            let mut out = Vec::new();
            let mut at = 0;
            while count != 0 && !old.is_empty() {
                let Some(p) = find_sub(&data, &old, at) else {
                    break;
                };
                out.extend_from_slice(&data[at..p]);
                out.extend_from_slice(&newb);
                at = p + old.len();
                count -= 1;
            }
            out.extend_from_slice(&data[at..]);
            same(out)
        }
        "isdigit" | "isalpha" | "isalnum" | "isspace" | "isupper" | "islower" => {
            sig("isdigit()").bind(args)?;
            let test: fn(&u8) -> bool = match name {
                "isdigit" => u8::is_ascii_digit,
                "isalpha" => u8::is_ascii_alphabetic,
                "isalnum" => u8::is_ascii_alphanumeric,
                "isspace" => |c| is_space(*c),
                "isupper" => u8::is_ascii_uppercase,
                _ => u8::is_ascii_lowercase,
            };
            Ok(Value::Bool(match name {
                "isupper" => {
                    data.iter().any(u8::is_ascii_uppercase)
                        && !data.iter().any(u8::is_ascii_lowercase)
                }
                "islower" => {
                    data.iter().any(u8::is_ascii_lowercase)
                        && !data.iter().any(u8::is_ascii_uppercase)
                }
                _ => !data.is_empty() && data.iter().all(test),
            }))
        }
        "copy" if kind == Kind::ByteArray => {
            sig("copy()").bind(args)?;
            same(data)
        }
        "append" if kind == Kind::ByteArray => {
            let a = sig("append(item, /)").bind(args)?;
            let c = byte(&a.arg(0)?)?;
            b.data.borrow_mut().push(c);
            Ok(Value::None)
        }
        "extend" if kind == Kind::ByteArray => {
            let a = sig("extend(iterable_of_ints, /)").bind(args)?;
            let more = from_source(interp, kind, &a.arg(0)?)?;
            super::super::reserve_bytes(more.len())?;
            b.data.borrow_mut().extend(more);
            Ok(Value::None)
        }
        "pop" if kind == Kind::ByteArray => {
            let a = sig("pop(index=-1, /)").bind(args)?;
            let len = data.len();
            if len == 0 {
                return Err(exc(ExcKind::IndexError, "pop from empty bytearray"));
            }
            let i = match a.value(0) {
                Some(v) => position(&v, len, "pop")
                    .map_err(|_| exc(ExcKind::IndexError, "pop index out of range"))?,
                None => len - 1,
            };
            let c = b.data.borrow_mut().remove(i);
            Ok(Value::int(i64::from(c)))
        }
        "insert" if kind == Kind::ByteArray => {
            let a = sig("insert(index, item, /)").bind(args)?;
            let i = index_of(&a.arg(0)?)?.unwrap_or(0);
            let c = byte(&a.arg(1)?)?;
            let len = data.len() as i64;
            let at = if i < 0 { (i + len).max(0) } else { i.min(len) };
            b.data.borrow_mut().insert(at as usize, c);
            Ok(Value::None)
        }
        "remove" if kind == Kind::ByteArray => {
            let a = sig("remove(value, /)").bind(args)?;
            let c = byte(&a.arg(0)?)?;
            let Some(p) = data.iter().position(|&x| x == c) else {
                return Err(value_error("value not found in bytearray"));
            };
            b.data.borrow_mut().remove(p);
            Ok(Value::None)
        }
        "clear" if kind == Kind::ByteArray => {
            sig("clear()").bind(args)?;
            b.data.borrow_mut().clear();
            Ok(Value::None)
        }
        "reverse" if kind == Kind::ByteArray => {
            sig("reverse()").bind(args)?;
            b.data.borrow_mut().reverse();
            Ok(Value::None)
        }
        _ => {
            let _ = obj;
            Err(attribute_error(format!(
                "'{tname}' object has no attribute '{name}'"
            )))
        }
    }
}

const METHODS: &[&str] = &[
    "decode",
    "hex",
    "count",
    "find",
    "index",
    "rfind",
    "startswith",
    "endswith",
    "join",
    "split",
    "strip",
    "lstrip",
    "rstrip",
    "upper",
    "lower",
    "replace",
    "isdigit",
    "isalpha",
    "isalnum",
    "isspace",
    "isupper",
    "islower",
];
const ARRAY_METHODS: &[&str] = &[
    "copy", "append", "extend", "pop", "insert", "remove", "clear", "reverse",
];

struct BytesType(Kind);
static BYTES: BytesType = BytesType(Kind::Bytes);
static BYTEARRAY: BytesType = BytesType(Kind::ByteArray);

impl BytesType {
    fn has(&self, name: &str) -> bool {
        METHODS.contains(&name) || (self.0 == Kind::ByteArray && ARRAY_METHODS.contains(&name))
    }
}

fn compare_bytes(op: CmpOp, a: &[u8], b: &[u8]) -> Option<bool> {
    Some(match op {
        CmpOp::Eq => a == b,
        CmpOp::NotEq => a != b,
        CmpOp::Lt => a < b,
        CmpOp::LtE => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::GtE => a >= b,
        _ => return None,
    })
}

impl NativeType for BytesType {
    fn name(&self, _obj: &Value) -> String {
        kind_name(self.0).into()
    }
    fn is_instance(&self, _obj: &Value, type_name: &str) -> bool {
        type_name == kind_name(self.0)
    }
    fn type_object(&self, interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(interp
            .builtins
            .get(kind_name(self.0))
            .cloned()
            .unwrap_or(Value::None))
    }
    fn hash_key(&self, obj: &Value) -> PyResult<Option<HashKey>> {
        match (self.0, bytes_of(obj)) {
            (Kind::Bytes, Some(b)) => Ok(Some(HashKey::Tuple(
                std::iter::once(HashKey::Str(Rc::from("bytes")))
                    .chain(b.data.borrow().iter().map(|&c| HashKey::Int(i64::from(c))))
                    .collect(),
            ))),
            _ => Err(type_error("unhashable type: 'bytearray'")),
        }
    }
    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        Ok(self
            .has(name)
            .then(|| Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name))))))
    }
    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        self.has(name)
    }
    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        let Some(b) = bytes_of(obj) else {
            return Err(type_error("not bytes"));
        };
        if !self.has(name) {
            return Err(attribute_error(format!(
                "'{}' object has no attribute '{name}'",
                kind_name(self.0)
            )));
        }
        call(interp, obj, b, name, args)
    }
    fn get_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        let data = bytes_of(obj)
            .map(|b| b.data.borrow().clone())
            .unwrap_or_default();
        match index {
            Value::Slice(s) => {
                let picked = picked(interp, s, data.len())?;
                new(self.0, picked.iter().map(|&i| data[i]).collect())
            }
            _ => {
                let what = if self.0 == Kind::Bytes {
                    "byte"
                } else {
                    "bytearray"
                };
                let i = position(index, data.len(), what).map_err(|e| match index_of(index) {
                    Ok(Some(_)) if self.0 == Kind::Bytes => {
                        exc(ExcKind::IndexError, "index out of range")
                    }
                    Ok(None) => type_error(format!(
                        "{what} indices must be integers or slices, not {}",
                        index.type_name()
                    )),
                    _ => e,
                })?;
                Ok(Value::int(i64::from(data[i])))
            }
        }
    }
    fn set_item(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        index: &Value,
        value: &Value,
    ) -> PyResult<()> {
        let Some(b) = bytes_of(obj).filter(|_| self.0 == Kind::ByteArray) else {
            return Err(type_error(
                "'bytes' object does not support item assignment",
            ));
        };
        let len = b.data.borrow().len();
        match index {
            Value::Slice(s) => {
                let new_data = from_source(interp, Kind::ByteArray, value)?;
                let (start, stop, step) = interp.slice_indices(s, len as i64)?;
                if step == 1 {
                    let stop = stop.max(start) as usize;
                    b.data.borrow_mut().splice(start as usize..stop, new_data);
                } else {
                    let at = picked(interp, s, len)?;
                    if at.len() != new_data.len() {
                        return Err(value_error(format!(
                            "attempt to assign bytes of size {} to extended slice of size {}",
                            new_data.len(),
                            at.len()
                        )));
                    }
                    let mut d = b.data.borrow_mut();
                    for (i, c) in at.into_iter().zip(new_data) {
                        d[i] = c;
                    }
                }
                Ok(())
            }
            _ => {
                let i = position(index, len, "bytearray")?;
                let c = byte(value)?;
                b.data.borrow_mut()[i] = c;
                Ok(())
            }
        }
    }
    fn del_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<()> {
        let Some(b) = bytes_of(obj).filter(|_| self.0 == Kind::ByteArray) else {
            return Err(type_error("'bytes' object doesn't support item deletion"));
        };
        let len = b.data.borrow().len();
        let mut drop: Vec<usize> = match index {
            Value::Slice(s) => picked(interp, s, len)?,
            _ => vec![position(index, len, "bytearray")?],
        };
        drop.sort_unstable();
        drop.dedup();
        let mut d = b.data.borrow_mut();
        for i in drop.into_iter().rev() {
            d.remove(i);
        }
        Ok(())
    }
    fn iterate(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Vec<Value>> {
        Ok(bytes_of(obj).map_or_else(Vec::new, |b| {
            b.data
                .borrow()
                .iter()
                .map(|&c| Value::int(i64::from(c)))
                .collect()
        }))
    }
    fn len(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<usize> {
        Ok(bytes_of(obj).map_or(0, |b| b.data.borrow().len()))
    }
    fn truth(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<bool> {
        Ok(bytes_of(obj).is_some_and(|b| !b.data.borrow().is_empty()))
    }
    fn repr(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(b) = bytes_of(obj) else {
            return Ok(None);
        };
        let r = repr_bytes(&b.data.borrow());
        Ok(Some(match self.0 {
            Kind::Bytes => r,
            Kind::ByteArray => format!("bytearray({r})"),
        }))
    }
    fn compare(
        &self,
        _interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        let (Some(a), Some(b)) = (buffer(lhs), buffer(rhs)) else {
            return Ok(match op {
                CmpOp::Eq => Some(Value::Bool(false)),
                CmpOp::NotEq => Some(Value::Bool(true)),
                _ => None,
            });
        };
        Ok(compare_bytes(op, &a, &b).map(Value::Bool))
    }
    fn contains(&self, _interp: &mut Interpreter, obj: &Value, item: &Value) -> PyResult<bool> {
        let data = buffer(obj).unwrap_or_default();
        if let Some(sub) = buffer(item) {
            return Ok(find_sub(&data, &sub, 0).is_some());
        }
        match index_of(item)? {
            Some(i) => {
                let c =
                    u8::try_from(i).map_err(|_| value_error("byte must be in range(0, 256)"))?;
                Ok(data.contains(&c))
            }
            None => Err(type_error(format!(
                "a bytes-like object is required, not '{}'",
                item.type_name()
            ))),
        }
    }
    fn binary_op(
        &self,
        _interp: &mut Interpreter,
        op: Operator,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Value> {
        let kind = bytes_of(lhs).map_or(self.0, |b| b.kind);
        match op {
            Operator::Add => match (buffer(lhs), buffer(rhs)) {
                (Some(mut a), Some(b)) if bytes_of(lhs).is_some() => {
                    a.extend(b);
                    new(kind, a)
                }
                _ => Err(type_error(format!(
                    "can't concat {} to {}",
                    rhs.type_name(),
                    lhs.type_name()
                ))),
            },
            Operator::Mult => {
                let (data, n) = match (bytes_of(lhs), bytes_of(rhs)) {
                    (Some(b), _) if index_of(rhs)?.is_some() => {
                        (b.data.borrow().clone(), index_of(rhs)?)
                    }
                    (_, Some(b)) if index_of(lhs)?.is_some() => {
                        (b.data.borrow().clone(), index_of(lhs)?)
                    }
                    _ => {
                        return Err(type_error(format!(
                            "can't multiply sequence by non-int of type '{}'",
                            rhs.type_name()
                        )));
                    }
                };
                let n = n.unwrap_or(0).max(0) as usize;
                super::super::reserve_bytes(data.len().saturating_mul(n))?;
                new(kind, data.repeat(n))
            }
            _ => Err(type_error(format!(
                "unsupported operand type(s) for {}: '{}' and '{}'",
                super::super::ops::op_symbol(op),
                lhs.type_name(),
                rhs.type_name()
            ))),
        }
    }
    fn inplace_op(
        &self,
        _interp: &mut Interpreter,
        op: Operator,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<bool> {
        let (Kind::ByteArray, Some(b)) = (self.0, bytes_of(lhs)) else {
            return Ok(false);
        };
        match op {
            Operator::Add => {
                let more = buffer(rhs).ok_or_else(|| {
                    type_error(format!("can't concat {} to bytearray", rhs.type_name()))
                })?;
                super::super::reserve_bytes(more.len())?;
                b.data.borrow_mut().extend(more);
                Ok(true)
            }
            Operator::Mult => {
                let Some(n) = index_of(rhs)? else {
                    return Ok(false);
                };
                let n = n.max(0) as usize;
                super::super::reserve_bytes(b.data.borrow().len().saturating_mul(n))?;
                let d = b.data.borrow().repeat(n);
                *b.data.borrow_mut() = d;
                Ok(true)
            }
            _ => Ok(false),
        }
    }
}

struct MemoryViewType;
static MEMORYVIEW: MemoryViewType = MemoryViewType;

const VIEW_METHODS: &[&str] = &["tolist", "tobytes", "hex", "release"];

impl NativeType for MemoryViewType {
    fn name(&self, _obj: &Value) -> String {
        "memoryview".into()
    }
    fn is_instance(&self, _obj: &Value, type_name: &str) -> bool {
        type_name == "memoryview"
    }
    fn type_object(&self, interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(interp
            .builtins
            .get("memoryview")
            .cloned()
            .unwrap_or(Value::None))
    }
    fn hash_key(&self, _obj: &Value) -> PyResult<Option<HashKey>> {
        Err(value_error("cannot hash writable memoryview object"))
    }
    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let Some(m) = view_of(obj) else {
            return Ok(None);
        };
        if VIEW_METHODS.contains(&name) {
            return Ok(Some(Value::NativeMethod(Rc::new((
                obj.clone(),
                Rc::from(name),
            )))));
        }
        if name != "obj" {
            m.check()?;
        }
        let n = m.index.len() as i64;
        Ok(Some(match name {
            "nbytes" => Value::int(n),
            "readonly" => Value::Bool(m.base().is_some_and(|b| b.kind == Kind::Bytes)),
            "itemsize" => Value::int(1),
            "ndim" => Value::int(1),
            "format" => Value::str("B"),
            "shape" => Value::tuple(vec![Value::int(n)]),
            "strides" => Value::tuple(vec![Value::int(1)]),
            "contiguous" | "c_contiguous" | "f_contiguous" => {
                Value::Bool(m.index.windows(2).all(|w| w[1] == w[0] + 1))
            }
            "obj" => Value::Native(Rc::clone(&m.base)),
            _ => return Ok(None),
        }))
    }
    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        VIEW_METHODS.contains(&name)
    }
    fn call_method(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        let Some(m) = view_of(obj) else {
            return Err(type_error("not a memoryview"));
        };
        if name == "release" {
            method_sig("release()").bind(args)?;
            m.released.set(true);
            return Ok(Value::None);
        }
        m.check()?;
        method_sig("tolist()").bind(args)?;
        let values = m.values();
        match name {
            "tolist" => Ok(Value::list(
                values.iter().map(|&c| Value::int(i64::from(c))).collect(),
            )),
            "tobytes" => bytes_value(values),
            "hex" => Ok(Value::str(
                &values
                    .iter()
                    .map(|c| format!("{c:02x}"))
                    .collect::<String>(),
            )),
            _ => Err(attribute_error(format!(
                "'memoryview' object has no attribute '{name}'"
            ))),
        }
    }
    fn get_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        let Some(m) = view_of(obj) else {
            return Err(type_error("not a memoryview"));
        };
        m.check()?;
        match index {
            Value::Slice(s) => {
                let at = picked(interp, s, m.index.len())?;
                Ok(Value::Native(Rc::new(MemoryView {
                    base: Rc::clone(&m.base),
                    index: at.into_iter().map(|i| m.index[i]).collect(),
                    released: std::cell::Cell::new(false),
                })))
            }
            _ => {
                let i = position(index, m.index.len(), "memoryview")?;
                Ok(Value::int(i64::from(m.values()[i])))
            }
        }
    }
    fn set_item(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        index: &Value,
        value: &Value,
    ) -> PyResult<()> {
        let Some(m) = view_of(obj) else {
            return Err(type_error("not a memoryview"));
        };
        m.check()?;
        let Some(b) = m.base().filter(|b| b.kind == Kind::ByteArray) else {
            return Err(type_error("cannot modify read-only memory"));
        };
        let (at, data): (Vec<usize>, Vec<u8>) = match index {
            Value::Slice(s) => {
                let at = picked(interp, s, m.index.len())?;
                let data = buffer(value).ok_or_else(|| {
                    type_error(format!(
                        "a bytes-like object is required, not '{}'",
                        value.type_name()
                    ))
                })?;
                if data.len() != at.len() {
                    return Err(value_error(
                        "memoryview assignment: lvalue and rvalue have different structures",
                    ));
                }
                (at, data)
            }
            _ => {
                let i = position(index, m.index.len(), "memoryview")?;
                let c = match index_of(value)? {
                    Some(v) => u8::try_from(v)
                        .map_err(|_| value_error("memoryview: invalid value for format 'B'"))?,
                    None => {
                        return Err(type_error("memoryview: invalid type for format 'B'"));
                    }
                };
                (vec![i], vec![c])
            }
        };
        let mut d = b.data.borrow_mut();
        for (i, c) in at.into_iter().zip(data) {
            if let Some(slot) = d.get_mut(m.index[i]) {
                *slot = c;
            }
        }
        Ok(())
    }
    fn iterate(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Vec<Value>> {
        let Some(m) = view_of(obj) else {
            return Ok(Vec::new());
        };
        m.check()?;
        Ok(m.values()
            .iter()
            .map(|&c| Value::int(i64::from(c)))
            .collect())
    }
    fn len(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<usize> {
        let Some(m) = view_of(obj) else {
            return Ok(0);
        };
        m.check()?;
        Ok(m.index.len())
    }
    fn repr(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(m) = view_of(obj) else {
            return Ok(None);
        };
        let id = Rc::as_ptr(&m.base) as *const u8 as usize;
        Ok(Some(if m.released.get() {
            format!("<released memory at 0x{id:x}>")
        } else {
            format!("<memory at 0x{id:x}>")
        }))
    }
    fn compare(
        &self,
        _interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        match op {
            CmpOp::Eq | CmpOp::NotEq => {
                let same = matches!((buffer(lhs), buffer(rhs)), (Some(a), Some(b)) if a == b);
                Ok(Some(Value::Bool(same == (op == CmpOp::Eq))))
            }
            _ => Ok(None),
        }
    }
}
