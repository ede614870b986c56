//! `repr()`, `str()` and `format()` of values, as Python prints them.

use std::rc::Rc;

use super::Interpreter;
use super::error::{ExcKind, PyResult, exc, type_error};
use super::types::format as pyfmt;
use super::value::{Args, Value};

/// Python's repr of a string: single quotes unless the text contains one and no double quote.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

impl Interpreter {
    pub fn repr(&mut self, v: &Value) -> PyResult<String> {
        self.tick()?;
        // A container that contains itself prints as `[...]`, as in Python.
        let id = match v {
            Value::List(_) | Value::Dict(_) | Value::Set(_) | Value::FrozenSet(_) => v.identity(),
            _ => None,
        };
        if let Some(id) = id {
            if self.repr_stack.contains(&id) {
                return Ok(match v {
                    Value::List(_) => "[...]".into(),
                    _ => "{...}".into(),
                });
            }
            if self.repr_stack.len() > 200 {
                return Err(super::error::exc(
                    ExcKind::RecursionError,
                    "maximum recursion depth exceeded while getting the repr of an object",
                ));
            }
            self.repr_stack.push(id);
            let r = self.repr_inner(v);
            self.repr_stack.pop();
            return r;
        }
        self.repr_inner(v)
    }

    fn repr_inner(&mut self, v: &Value) -> PyResult<String> {
        Ok(match v {
            Value::None => "None".into(),
            Value::Bool(b) => if *b { "True" } else { "False" }.into(),
            Value::Int(i, _) => i.to_string(),
            Value::Float(f) => pyfmt::float_repr(*f),
            Value::Str(s) => str_repr(s),
            Value::List(l) => {
                let items = l.borrow().clone();
                format!("[{}]", self.join_reprs(&items)?)
            }
            Value::Tuple(t) => {
                if t.len() == 1 {
                    format!("({},)", self.repr(&t[0])?)
                } else {
                    format!("({})", self.join_reprs(t)?)
                }
            }
            Value::Dict(d) => {
                let entries = d.borrow().entries.clone();
                let mut parts = Vec::new();
                for (k, v) in &entries {
                    parts.push(format!("{}: {}", self.repr(k)?, self.repr(v)?));
                }
                format!("{{{}}}", parts.join(", "))
            }
            Value::DictView(d, kind) => {
                let items = d.borrow().view_items(*kind);
                format!("{}([{}])", v.type_name(), self.join_reprs(&items)?)
            }
            Value::Set(d) => {
                let keys: Vec<Value> = d.borrow().ordered_keys(true);
                if keys.is_empty() {
                    "set()".into()
                } else {
                    format!("{{{}}}", self.join_reprs(&keys)?)
                }
            }
            Value::FrozenSet(d) => {
                let keys: Vec<Value> = d.borrow().ordered_keys(true);
                if keys.is_empty() {
                    "frozenset()".into()
                } else {
                    format!("frozenset({{{}}})", self.join_reprs(&keys)?)
                }
            }
            Value::Range(a, b, c) => {
                if *c == 1 {
                    format!("range({a}, {b})")
                } else {
                    format!("range({a}, {b}, {c})")
                }
            }
            Value::Slice(s) => format!(
                "slice({}, {}, {})",
                self.repr(&s.0)?,
                self.repr(&s.1)?,
                self.repr(&s.2)?
            ),
            Value::Ellipsis => "Ellipsis".into(),
            Value::Tensor(_) | Value::Size(_) | Value::DType(_) | Value::Native(_) => {
                match self.native_type(v) {
                    Some(ty) => match ty.repr(self, v)? {
                        Some(s) => s,
                        None => format!("<{} object>", ty.name(v)),
                    },
                    None => format!("<{} object>", v.type_name()),
                }
            }
            Value::Function(f) => format!("<function {}>", f.name),
            Value::Builtin(b) => match b.type_qualname {
                Some(q) => format!("<class '{q}'>"),
                None if b.python => format!("<function {}>", b.name),
                None => format!("<built-in function {}>", b.name),
            },
            Value::NativeMethod(m) => match &m.0 {
                Value::Builtin(b) if b.type_qualname.is_some() => {
                    format!("<method '{}' of '{}' objects>", m.1, b.name)
                }
                recv => format!("<built-in method {} of {} object>", m.1, recv.type_name()),
            },
            Value::BoundMethod(_) => "<bound method>".into(),
            Value::Class(c) => match (c.slots, c.native) {
                (Some(ty), _) => ty.class_repr(c),
                (None, Some(tag)) => format!("<class '{tag}'>"),
                (None, None) => format!("<class '__main__.{}'>", c.name),
            },
            Value::Instance(inst) => {
                if let Some((_, f)) = inst.class().lookup("__repr__")
                    && matches!(f, Value::Function(_))
                {
                    let r = self.call_value(f, Args::new(vec![v.clone()]))?;
                    return self.to_str(&r);
                }
                if self.is_exception_class(&inst.class()) {
                    let args = match inst.get("args") {
                        Some(Value::Tuple(t)) => t.to_vec(),
                        _ => vec![],
                    };
                    let inner = if args.len() == 1 {
                        self.repr(&args[0])?
                    } else {
                        self.join_reprs(&args)?
                    };
                    return Ok(format!("{}({})", inst.class().name, inner));
                }
                if let Some(ty) = inst.class().slots()
                    && let Some(s) = ty.repr(self, v)?
                {
                    return Ok(s);
                }
                format!("<__main__.{} object>", inst.class().name)
            }
            Value::Module(m) => format!("<module '{}'>", m.name),
            Value::Iterator(_) => "<iterator object>".into(),
            Value::Super(_) => "<super object>".into(),
            Value::Descriptor(d) => match d.as_ref() {
                super::descriptors::Descriptor::Static(f)
                | super::descriptors::Descriptor::Class(f) => {
                    format!("<{}({})>", d.type_name(), self.repr(f)?)
                }
                super::descriptors::Descriptor::Property { .. } => "<property object>".into(),
            },
        })
    }

    fn join_reprs(&mut self, items: &[Value]) -> PyResult<String> {
        let mut parts = Vec::with_capacity(items.len());
        for i in items {
            parts.push(self.repr(i)?);
        }
        Ok(parts.join(", "))
    }

    /// `str(v)`.
    pub fn to_str(&mut self, v: &Value) -> PyResult<String> {
        match v {
            Value::Str(s) => Ok(s.to_string()),
            Value::Instance(inst) => {
                if let Some((_, f)) = inst.class().lookup("__str__")
                    && matches!(f, Value::Function(_))
                {
                    let r = self.call_value(f, Args::new(vec![v.clone()]))?;
                    return self.to_str(&r);
                }
                if self.is_exception_class(&inst.class()) {
                    return self.exception_message(v);
                }
                if let Some(ty) = inst.class().slots()
                    && let Some(s) = ty.str(self, v)?
                {
                    return Ok(s);
                }
                self.repr(v)
            }
            Value::Native(o) => match o.native_type().str(self, v)? {
                Some(s) => Ok(s),
                None => self.repr(v),
            },
            _ => self.repr(v),
        }
    }

    /// `format(v, spec)` / f-string fields.
    pub fn format_value(&mut self, v: &Value, spec: &str) -> PyResult<String> {
        let r = match v {
            Value::Int(i, _) => pyfmt::format_int(*i, spec),
            Value::Bool(b) if !spec.is_empty() => pyfmt::format_int(*b as i64, spec),
            Value::Float(f) => pyfmt::format_float(*f, spec),
            Value::Str(s) => pyfmt::format_str(s, spec),
            other => {
                if let Some(ty) = self.native_type(other)
                    && let Some(s) = ty.format(self, other, spec)?
                {
                    return Ok(s);
                }
                let s = self.to_str(other)?;
                if spec.is_empty() {
                    return Ok(s);
                }
                return Err(type_error(format!(
                    "unsupported format string passed to {}.__format__",
                    other.type_name()
                )));
            }
        };
        r.map_err(|m| exc(ExcKind::ValueError, m))
    }

    /// `"%d items" % n` with the common conversions.
    pub(crate) fn percent_format(&mut self, fmt: &str, args: &[Value]) -> PyResult<Value> {
        let mut out = String::new();
        let mut chars = fmt.chars().peekable();
        let mut next_arg = 0usize;
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            let mut spec = String::new();
            while let Some(&d) = chars.peek() {
                if d.is_ascii_digit() || matches!(d, '.' | '-' | '+' | ' ' | '0' | '#') {
                    spec.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            let Some(conv) = chars.next() else {
                return Err(exc(ExcKind::ValueError, "incomplete format"));
            };
            if conv == '%' {
                out.push('%');
                continue;
            }
            let arg = args
                .get(next_arg)
                .cloned()
                .ok_or_else(|| type_error("not enough arguments for format string"))?;
            next_arg += 1;
            let spec = spec.replace('-', "<");
            let piece = match conv {
                's' => {
                    let s = self.to_str(&arg)?;
                    self.format_value(&Value::Str(Rc::from(s.as_str())), &spec)?
                }
                'r' => {
                    let s = self.repr(&arg)?;
                    self.format_value(&Value::Str(Rc::from(s.as_str())), &spec)?
                }
                'd' | 'i' => {
                    let i = match arg {
                        Value::Float(f) => Value::int(f.trunc() as i64),
                        other => other,
                    };
                    self.format_value(&i, &format!("{spec}d"))?
                }
                'f' | 'e' | 'g' | 'x' | 'o' | 'E' | 'F' | 'G' | 'X' => {
                    let spec = if spec.contains('.') || !matches!(conv, 'f' | 'e' | 'F' | 'E') {
                        spec
                    } else {
                        format!("{spec}.6")
                    };
                    let a = match (&arg, conv) {
                        (Value::Int(i, _), 'f' | 'e' | 'g' | 'E' | 'F' | 'G') => {
                            Value::Float(*i as f64)
                        }
                        _ => arg,
                    };
                    self.format_value(&a, &format!("{spec}{conv}"))?
                }
                other => {
                    return Err(exc(
                        ExcKind::ValueError,
                        format!("unsupported format character '{other}'"),
                    ));
                }
            };
            out.push_str(&piece);
        }
        if next_arg < args.len() {
            return Err(type_error(
                "not all arguments converted during string formatting",
            ));
        }
        Ok(Value::str(&out))
    }
}
