//! Methods of built-in types: str, list, tuple, dict, set, numbers.

use std::cell::RefCell;
use std::rc::Rc;

use super::Interpreter;
use super::error::{ExcKind, PyResult, exc, type_error};
use super::ops::hash_key;
use super::value::{Args, Dict, Value};

const STR_METHODS: &[&str] = &[
    "split",
    "rsplit",
    "join",
    "strip",
    "lstrip",
    "rstrip",
    "replace",
    "upper",
    "lower",
    "startswith",
    "endswith",
    "find",
    "rfind",
    "index",
    "count",
    "format",
    "isdigit",
    "isalpha",
    "isalnum",
    "isspace",
    "isupper",
    "islower",
    "title",
    "capitalize",
    "center",
    "ljust",
    "rjust",
    "zfill",
    "splitlines",
    "partition",
    "encode",
    "swapcase",
    "casefold",
    "removeprefix",
    "removesuffix",
];
const LIST_METHODS: &[&str] = &[
    "append", "extend", "insert", "pop", "remove", "index", "count", "sort", "reverse", "copy",
    "clear",
];
const TUPLE_METHODS: &[&str] = &["index", "count", "numel"];
const DICT_METHODS: &[&str] = &[
    "keys",
    "values",
    "items",
    "get",
    "pop",
    "update",
    "setdefault",
    "copy",
    "clear",
];
const SET_METHODS: &[&str] = &[
    "add",
    "remove",
    "discard",
    "union",
    "intersection",
    "difference",
    "copy",
    "pop",
    "update",
];
const NUMBER_METHODS: &[&str] = &["is_integer", "bit_length", "conjugate", "as_integer_ratio"];

pub(crate) fn has_method(v: &Value, name: &str) -> bool {
    match v {
        Value::Str(_) => STR_METHODS.contains(&name),
        Value::List(_) => LIST_METHODS.contains(&name),
        Value::Tuple(_) | Value::Size(_) => TUPLE_METHODS.contains(&name),
        Value::Dict(_) => DICT_METHODS.contains(&name),
        Value::Set(_) => SET_METHODS.contains(&name),
        Value::Int(_) | Value::Float(_) | Value::Bool(_) => NUMBER_METHODS.contains(&name),
        _ => false,
    }
}

fn arg(args: &Args, i: usize, name: &str) -> Option<Value> {
    args.pos.get(i).cloned().or_else(|| {
        args.kw
            .iter()
            .find(|(k, _)| &**k == name)
            .map(|(_, v)| v.clone())
    })
}

fn str_arg(args: &Args, i: usize, name: &str, method: &str) -> PyResult<Option<String>> {
    match arg(args, i, name) {
        None | Some(Value::None) => Ok(None),
        Some(Value::Str(s)) => Ok(Some(s.to_string())),
        Some(other) => Err(type_error(format!(
            "{method}() argument must be str or None, not {}",
            other.type_name()
        ))),
    }
}

fn int_arg(args: &Args, i: usize, name: &str) -> PyResult<Option<i64>> {
    match arg(args, i, name) {
        None | Some(Value::None) => Ok(None),
        Some(Value::Int(n)) => Ok(Some(n)),
        Some(Value::Bool(b)) => Ok(Some(b as i64)),
        Some(other) => Err(type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            other.type_name()
        ))),
    }
}

fn strs(v: Vec<String>) -> Value {
    Value::list(v.into_iter().map(|s| Value::str(&s)).collect())
}

pub(crate) fn str_method(
    interp: &mut Interpreter,
    s: Rc<str>,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let s: &str = &s;
    Ok(match name {
        "split" | "rsplit" => {
            let sep = str_arg(&args, 0, "sep", name)?;
            let maxsplit = int_arg(&args, 1, "maxsplit")?.unwrap_or(-1);
            match sep {
                None => {
                    let parts: Vec<String> = if maxsplit < 0 {
                        s.split_whitespace().map(String::from).collect()
                    } else if name == "split" {
                        let mut out = Vec::new();
                        let mut rest = s.trim_start();
                        while !rest.is_empty() && (out.len() as i64) < maxsplit {
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
                        out
                    } else {
                        s.split_whitespace().map(String::from).collect()
                    };
                    strs(parts)
                }
                Some(sep) => {
                    if sep.is_empty() {
                        return Err(exc(ExcKind::ValueError, "empty separator"));
                    }
                    let parts: Vec<String> = if maxsplit < 0 {
                        s.split(sep.as_str()).map(String::from).collect()
                    } else if name == "split" {
                        s.splitn(maxsplit as usize + 1, sep.as_str())
                            .map(String::from)
                            .collect()
                    } else {
                        let mut v: Vec<String> = s
                            .rsplitn(maxsplit as usize + 1, sep.as_str())
                            .map(String::from)
                            .collect();
                        v.reverse();
                        v
                    };
                    strs(parts)
                }
            }
        }
        "splitlines" => strs(s.lines().map(String::from).collect()),
        "join" => {
            let items = interp.collect_iter(&arg(&args, 0, "iterable").unwrap_or(Value::None))?;
            let mut parts = Vec::with_capacity(items.len());
            for (i, it) in items.iter().enumerate() {
                match it {
                    Value::Str(x) => parts.push(x.to_string()),
                    other => {
                        return Err(type_error(format!(
                            "sequence item {i}: expected str instance, {} found",
                            other.type_name()
                        )));
                    }
                }
            }
            Value::str(&parts.join(s))
        }
        "strip" | "lstrip" | "rstrip" => {
            let chars = str_arg(&args, 0, "chars", name)?;
            let pred = |c: char| match &chars {
                Some(cs) => cs.contains(c),
                None => c.is_whitespace(),
            };
            Value::str(match name {
                "strip" => s.trim_matches(pred),
                "lstrip" => s.trim_start_matches(pred),
                _ => s.trim_end_matches(pred),
            })
        }
        "replace" => {
            let old = str_arg(&args, 0, "old", name)?.unwrap_or_default();
            let new = str_arg(&args, 1, "new", name)?.unwrap_or_default();
            match int_arg(&args, 2, "count")? {
                Some(n) if n >= 0 => Value::str(&s.replacen(&old, &new, n as usize)),
                _ => Value::str(&s.replace(&old, &new)),
            }
        }
        "upper" => Value::str(&s.to_uppercase()),
        "lower" | "casefold" => Value::str(&s.to_lowercase()),
        "swapcase" => Value::str(
            &s.chars()
                .map(|c| {
                    if c.is_uppercase() {
                        c.to_lowercase().collect::<String>()
                    } else {
                        c.to_uppercase().collect()
                    }
                })
                .collect::<String>(),
        ),
        "title" => {
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
            Value::str(&out)
        }
        "capitalize" => {
            let mut cs = s.chars();
            let out = match cs.next() {
                Some(f) => f.to_uppercase().collect::<String>() + &cs.as_str().to_lowercase(),
                None => String::new(),
            };
            Value::str(&out)
        }
        "startswith" | "endswith" => {
            let prefixes: Vec<String> = match arg(&args, 0, "prefix") {
                Some(Value::Str(p)) => vec![p.to_string()],
                Some(Value::Tuple(t)) => t
                    .iter()
                    .map(|v| {
                        if let Value::Str(p) = v {
                            p.to_string()
                        } else {
                            String::new()
                        }
                    })
                    .collect(),
                _ => {
                    return Err(type_error(format!(
                        "{name} first arg must be str or a tuple of str"
                    )));
                }
            };
            let hit = prefixes.iter().any(|p| {
                if name == "startswith" {
                    s.starts_with(p.as_str())
                } else {
                    s.ends_with(p.as_str())
                }
            });
            Value::Bool(hit)
        }
        "removeprefix" => {
            let p = str_arg(&args, 0, "prefix", name)?.unwrap_or_default();
            Value::str(s.strip_prefix(p.as_str()).unwrap_or(s))
        }
        "removesuffix" => {
            let p = str_arg(&args, 0, "suffix", name)?.unwrap_or_default();
            Value::str(s.strip_suffix(p.as_str()).unwrap_or(s))
        }
        "find" | "rfind" | "index" | "count" => {
            let sub = str_arg(&args, 0, "sub", name)?.unwrap_or_default();
            if name == "count" {
                return Ok(Value::Int(if sub.is_empty() {
                    s.chars().count() as i64 + 1
                } else {
                    s.matches(sub.as_str()).count() as i64
                }));
            }
            let pos = if name == "rfind" {
                s.rfind(sub.as_str())
            } else {
                s.find(sub.as_str())
            };
            match pos {
                Some(b) => Value::Int(s[..b].chars().count() as i64),
                None if name == "index" => {
                    return Err(exc(ExcKind::ValueError, "substring not found"));
                }
                None => Value::Int(-1),
            }
        }
        "format" => Value::str(&str_format(interp, s, &args)?),
        "isdigit" => Value::Bool(!s.is_empty() && s.chars().all(|c| c.is_ascii_digit())),
        "isalpha" => Value::Bool(!s.is_empty() && s.chars().all(char::is_alphabetic)),
        "isalnum" => Value::Bool(!s.is_empty() && s.chars().all(char::is_alphanumeric)),
        "isspace" => Value::Bool(!s.is_empty() && s.chars().all(char::is_whitespace)),
        "isupper" => {
            Value::Bool(s.chars().any(char::is_uppercase) && !s.chars().any(char::is_lowercase))
        }
        "islower" => {
            Value::Bool(s.chars().any(char::is_lowercase) && !s.chars().any(char::is_uppercase))
        }
        "center" | "ljust" | "rjust" => {
            let width = int_arg(&args, 0, "width")?.unwrap_or(0).max(0) as usize;
            let fill = str_arg(&args, 1, "fillchar", name)?
                .and_then(|f| f.chars().next())
                .unwrap_or(' ');
            let n = s.chars().count();
            if n >= width {
                Value::str(s)
            } else {
                let pad = width - n;
                let (l, r) = match name {
                    "ljust" => (0, pad),
                    "rjust" => (pad, 0),
                    // CPython centres with the extra space on the right unless the width is odd and pad odd.
                    _ => {
                        let left = pad / 2 + (pad & width & 1);
                        (left, pad - left)
                    }
                };
                let f = fill.to_string();
                Value::str(&format!("{}{}{}", f.repeat(l), s, f.repeat(r)))
            }
        }
        "zfill" => {
            let width = int_arg(&args, 0, "width")?.unwrap_or(0).max(0) as usize;
            let n = s.chars().count();
            if n >= width {
                Value::str(s)
            } else {
                let (sign, rest) = match s.chars().next() {
                    Some(c @ ('+' | '-')) => (c.to_string(), &s[1..]),
                    _ => (String::new(), s),
                };
                Value::str(&format!("{}{}{}", sign, "0".repeat(width - n), rest))
            }
        }
        "partition" => {
            let sep = str_arg(&args, 0, "sep", name)?.unwrap_or_default();
            match s.find(sep.as_str()) {
                Some(p) => Value::tuple(vec![
                    Value::str(&s[..p]),
                    Value::str(&sep),
                    Value::str(&s[p + sep.len()..]),
                ]),
                None => Value::tuple(vec![Value::str(s), Value::str(""), Value::str("")]),
            }
        }
        "encode" => {
            return Err(exc(
                ExcKind::TypeError,
                "bytes are not part of the tutor's Python subset",
            ));
        }
        _ => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'str' object has no attribute '{name}'"),
            ));
        }
    })
}

/// `str.format` with positional/keyword fields and format specs.
fn str_format(interp: &mut Interpreter, fmt: &str, args: &Args) -> PyResult<String> {
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    let mut auto = 0usize;
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
                let value = if name.is_empty() {
                    let v = args.pos.get(auto).cloned();
                    auto += 1;
                    v
                } else if let Ok(i) = name.parse::<usize>() {
                    args.pos.get(i).cloned()
                } else {
                    args.kw
                        .iter()
                        .find(|(k, _)| **k == *name)
                        .map(|(_, v)| v.clone())
                };
                let value = value.ok_or_else(|| {
                    if name.is_empty() || name.parse::<usize>().is_ok() {
                        exc(
                            ExcKind::IndexError,
                            format!(
                                "Replacement index {} out of range for positional args tuple",
                                if name.is_empty() {
                                    auto - 1
                                } else {
                                    name.parse::<usize>().unwrap_or(0)
                                }
                            ),
                        )
                    } else {
                        exc(ExcKind::KeyError, format!("'{name}'"))
                    }
                })?;
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

pub(crate) fn list_method(
    interp: &mut Interpreter,
    recv: &Value,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let Value::List(list) = recv else {
        return Err(type_error("expected a list"));
    };
    match name {
        "append" => {
            let v = arg(&args, 0, "object")
                .ok_or_else(|| type_error("list.append() takes exactly one argument (0 given)"))?;
            list.borrow_mut().push(v);
        }
        "extend" => {
            let items = interp.collect_iter(&arg(&args, 0, "iterable").unwrap_or(Value::None))?;
            list.borrow_mut().extend(items);
        }
        "insert" => {
            let i = int_arg(&args, 0, "index")?.unwrap_or(0);
            let v = arg(&args, 1, "object").unwrap_or(Value::None);
            let mut l = list.borrow_mut();
            let n = l.len() as i64;
            let i = if i < 0 { (i + n).max(0) } else { i.min(n) } as usize;
            l.insert(i, v);
        }
        "pop" => {
            let mut l = list.borrow_mut();
            if l.is_empty() {
                return Err(exc(ExcKind::IndexError, "pop from empty list"));
            }
            let n = l.len() as i64;
            let i = int_arg(&args, 0, "index")?.unwrap_or(-1);
            let j = if i < 0 { i + n } else { i };
            if j < 0 || j >= n {
                return Err(exc(ExcKind::IndexError, "pop index out of range"));
            }
            return Ok(l.remove(j as usize));
        }
        "remove" | "index" | "count" => {
            let target = arg(&args, 0, "value").unwrap_or(Value::None);
            let items = list.borrow().clone();
            let mut hits = Vec::new();
            for (i, x) in items.iter().enumerate() {
                if interp.equals(x, &target)? {
                    hits.push(i);
                }
            }
            return match name {
                "count" => Ok(Value::Int(hits.len() as i64)),
                "index" => match hits.first() {
                    Some(&i) => Ok(Value::Int(i as i64)),
                    None => Err(exc(
                        ExcKind::ValueError,
                        format!("{} is not in list", interp.repr(&target)?),
                    )),
                },
                _ => match hits.first() {
                    Some(&i) => {
                        list.borrow_mut().remove(i);
                        Ok(Value::None)
                    }
                    None => Err(exc(ExcKind::ValueError, "list.remove(x): x not in list")),
                },
            };
        }
        "sort" => {
            let key = arg(&args, usize::MAX, "key");
            let reverse = match arg(&args, usize::MAX, "reverse") {
                Some(v) => interp.truthy(&v)?,
                None => false,
            };
            let items = list.borrow().clone();
            let sorted = super::builtins::sort_values(interp, items, key, reverse)?;
            *list.borrow_mut() = sorted;
        }
        "reverse" => list.borrow_mut().reverse(),
        "copy" => return Ok(Value::list(list.borrow().clone())),
        "clear" => list.borrow_mut().clear(),
        _ => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'list' object has no attribute '{name}'"),
            ));
        }
    }
    Ok(Value::None)
}

pub(crate) fn tuple_method(
    interp: &mut Interpreter,
    recv: &Value,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let items = interp.collect_iter(recv)?;
    match name {
        "numel" => Ok(Value::Int(
            items
                .iter()
                .map(|v| if let Value::Int(i) = v { *i } else { 1 })
                .product(),
        )),
        "index" | "count" => {
            let target = arg(&args, 0, "value").unwrap_or(Value::None);
            let mut hits = Vec::new();
            for (i, x) in items.iter().enumerate() {
                if interp.equals(x, &target)? {
                    hits.push(i);
                }
            }
            if name == "count" {
                Ok(Value::Int(hits.len() as i64))
            } else {
                hits.first()
                    .map(|&i| Value::Int(i as i64))
                    .ok_or_else(|| exc(ExcKind::ValueError, "tuple.index(x): x not in tuple"))
            }
        }
        _ => Err(exc(
            ExcKind::AttributeError,
            format!("'tuple' object has no attribute '{name}'"),
        )),
    }
}

pub(crate) fn dict_method(
    interp: &mut Interpreter,
    recv: &Value,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let Value::Dict(d) = recv else {
        return Err(type_error("expected a dict"));
    };
    Ok(match name {
        "keys" => Value::DictView(Rc::clone(d), 0),
        "values" => Value::DictView(Rc::clone(d), 1),
        "items" => Value::DictView(Rc::clone(d), 2),
        "get" => {
            let k = arg(&args, 0, "key").unwrap_or(Value::None);
            let default = arg(&args, 1, "default").unwrap_or(Value::None);
            d.borrow().get(&hash_key(&k)?).cloned().unwrap_or(default)
        }
        "pop" => {
            let k = arg(&args, 0, "key").unwrap_or(Value::None);
            let removed = d.borrow_mut().remove(&hash_key(&k)?);
            match (removed, arg(&args, 1, "default")) {
                (Some(v), _) => v,
                (None, Some(def)) => def,
                (None, None) => return Err(exc(ExcKind::KeyError, interp.repr(&k)?)),
            }
        }
        "setdefault" => {
            let k = arg(&args, 0, "key").unwrap_or(Value::None);
            let default = arg(&args, 1, "default").unwrap_or(Value::None);
            let hk = hash_key(&k)?;
            let existing = d.borrow().get(&hk).cloned();
            match existing {
                Some(v) => v,
                None => {
                    d.borrow_mut().insert(hk, k, default.clone());
                    default
                }
            }
        }
        "update" => {
            if let Some(other) = arg(&args, 0, "other") {
                let pairs: Vec<(Value, Value)> = match &other {
                    Value::Dict(o) => o.borrow().entries.clone(),
                    _ => {
                        let mut v = Vec::new();
                        for item in interp.collect_iter(&other)? {
                            let kv = interp.collect_iter(&item)?;
                            if kv.len() != 2 {
                                return Err(exc(
                                    ExcKind::ValueError,
                                    "dictionary update sequence element has wrong length",
                                ));
                            }
                            v.push((kv[0].clone(), kv[1].clone()));
                        }
                        v
                    }
                };
                let mut dm = d.borrow_mut();
                for (k, v) in pairs {
                    dm.insert(hash_key(&k)?, k, v);
                }
            }
            let mut dm = d.borrow_mut();
            for (k, v) in args.kw {
                dm.insert(super::value::HashKey::Str(Rc::clone(&k)), Value::Str(k), v);
            }
            Value::None
        }
        "copy" => Value::Dict(Rc::new(RefCell::new(d.borrow().clone()))),
        "clear" => {
            *d.borrow_mut() = Dict::default();
            Value::None
        }
        _ => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'dict' object has no attribute '{name}'"),
            ));
        }
    })
}

pub(crate) fn set_method(
    interp: &mut Interpreter,
    recv: &Value,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let Value::Set(d) = recv else {
        return Err(type_error("expected a set"));
    };
    Ok(match name {
        "add" => {
            let v = arg(&args, 0, "elem").unwrap_or(Value::None);
            d.borrow_mut().insert(hash_key(&v)?, v, Value::None);
            Value::None
        }
        "update" => {
            for a in &args.pos {
                for v in interp.collect_iter(a)? {
                    d.borrow_mut().insert(hash_key(&v)?, v, Value::None);
                }
            }
            Value::None
        }
        "remove" | "discard" => {
            let v = arg(&args, 0, "elem").unwrap_or(Value::None);
            let removed = d.borrow_mut().remove(&hash_key(&v)?);
            if removed.is_none() && name == "remove" {
                return Err(exc(ExcKind::KeyError, interp.repr(&v)?));
            }
            Value::None
        }
        "pop" => {
            let first = d.borrow().entries.first().map(|(k, _)| k.clone());
            match first {
                Some(k) => {
                    d.borrow_mut().remove(&hash_key(&k)?);
                    k
                }
                None => return Err(exc(ExcKind::KeyError, "'pop from an empty set'")),
            }
        }
        "copy" => Value::Set(Rc::new(RefCell::new(d.borrow().clone()))),
        "union" | "intersection" | "difference" => {
            let op = match name {
                "union" => rustpython_parser::ast::Operator::BitOr,
                "intersection" => rustpython_parser::ast::Operator::BitAnd,
                _ => rustpython_parser::ast::Operator::Sub,
            };
            let mut acc = Value::Set(Rc::new(RefCell::new(d.borrow().clone())));
            for a in &args.pos {
                let mut other = Dict::default();
                for v in interp.collect_iter(a)? {
                    other.insert(hash_key(&v)?, v, Value::None);
                }
                acc = interp.binary_op(op, acc, Value::Set(Rc::new(RefCell::new(other))))?;
            }
            acc
        }
        _ => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'set' object has no attribute '{name}'"),
            ));
        }
    })
}

pub(crate) fn number_method(
    _interp: &mut Interpreter,
    recv: &Value,
    name: &str,
    _args: Args,
) -> PyResult<Value> {
    Ok(match (name, recv) {
        ("is_integer", Value::Float(f)) => Value::Bool(f.fract() == 0.0),
        ("is_integer", Value::Int(_)) => Value::Bool(true),
        ("bit_length", Value::Int(i)) => Value::Int(64 - i.unsigned_abs().leading_zeros() as i64),
        ("conjugate", v) => v.clone(),
        _ => {
            return Err(exc(
                ExcKind::AttributeError,
                format!("'{}' object has no attribute '{}'", recv.type_name(), name),
            ));
        }
    })
}
