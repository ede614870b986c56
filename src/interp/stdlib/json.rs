//! `json.dumps`, after CPython 3.11's `Lib/json/encoder.py`: the same separators, indentation, key
//! conversion, string escaping (`ensure_ascii`), float spelling (`NaN`, `Infinity`) and errors.
//! `loads` is in `json_decode`; `dump`/`load` would touch files and are left out.

use std::rc::Rc;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::PyDef;
use super::super::builtins::Def;
use super::super::error::{PyResult, type_error, value_error};
use super::super::types::format::float_repr;
use super::super::types::list::sort_values;
use super::super::value::{Args, Value};

pub(super) static DEFS: [Def; 1] = [Def::new(
    "dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None, separators=None, default=None, sort_keys=False, **kw)",
    PyDef,
    dumps,
)];

struct Encoder {
    skipkeys: bool,
    ensure_ascii: bool,
    allow_nan: bool,
    indent: Option<String>,
    item_sep: String,
    key_sep: String,
    default: Option<Value>,
    sort_keys: bool,
    /// Identities of the containers being encoded (`Circular reference detected`).
    stack: Vec<usize>,
}

fn flag(interp: &mut Interpreter, a: &Bound, i: usize, default: bool) -> PyResult<bool> {
    match a.value(i) {
        Some(v) => interp.truthy(&v),
        None => Ok(default),
    }
}

fn dumps(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let indent = match a.value(6) {
        None | Some(Value::None) => None,
        Some(Value::Str(s)) => Some(s.to_string()),
        Some(Value::Int(n, _)) => Some(" ".repeat(n.max(0) as usize)),
        Some(other) => {
            return Err(type_error(format!(
                "can't multiply sequence by non-int of type '{}'",
                other.type_name()
            )));
        }
    };
    let (item_sep, key_sep) = match a.value(7).filter(|v| !matches!(v, Value::None)) {
        Some(seps) => {
            let parts = interp.collect_iter(&seps)?;
            let [i, k] = <[Value; 2]>::try_from(parts).map_err(|p| {
                value_error(if p.len() < 2 {
                    format!("not enough values to unpack (expected 2, got {})", p.len())
                } else {
                    "too many values to unpack (expected 2)".to_string()
                })
            })?;
            (interp.to_str(&i)?, interp.to_str(&k)?)
        }
        None if indent.is_some() => (",".into(), ": ".into()),
        None => (", ".into(), ": ".into()),
    };
    let mut enc = Encoder {
        skipkeys: flag(interp, &a, 1, false)?,
        ensure_ascii: flag(interp, &a, 2, true)?,
        allow_nan: flag(interp, &a, 4, true)?,
        indent,
        item_sep,
        key_sep,
        default: a.value(8).filter(|v| !matches!(v, Value::None)),
        sort_keys: flag(interp, &a, 9, false)?,
        stack: Vec::new(),
    };
    let mut out = String::new();
    enc.encode(interp, &a.arg(0)?, 0, &mut out)?;
    Ok(Value::str(&out))
}

/// `py_encode_basestring_ascii` / `py_encode_basestring`.
fn encode_str(s: &str, ensure_ascii: bool, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if ensure_ascii && !(' '..='~').contains(&c) => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{:04x}", u));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

impl Encoder {
    fn float(&self, x: f64) -> PyResult<String> {
        if x.is_finite() {
            return Ok(float_repr(x));
        }
        if !self.allow_nan {
            return Err(value_error(
                "Out of range float values are not JSON compliant",
            ));
        }
        Ok(if x.is_nan() {
            "NaN"
        } else if x > 0.0 {
            "Infinity"
        } else {
            "-Infinity"
        }
        .into())
    }

    fn newline(&self, level: usize, out: &mut String) {
        if let Some(ind) = &self.indent {
            out.push('\n');
            for _ in 0..level {
                out.push_str(ind);
            }
        }
    }

    fn enter(&mut self, v: &Value) -> PyResult<()> {
        if let Some(id) = v.identity() {
            if self.stack.contains(&id) {
                return Err(value_error("Circular reference detected"));
            }
            self.stack.push(id);
        }
        Ok(())
    }

    fn leave(&mut self, v: &Value) {
        if v.identity().is_some() {
            self.stack.pop();
        }
    }

    fn encode(
        &mut self,
        interp: &mut Interpreter,
        v: &Value,
        level: usize,
        out: &mut String,
    ) -> PyResult<()> {
        interp.tick()?;
        match v {
            Value::None => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Int(i, _) => out.push_str(&i.to_string()),
            Value::Float(x) => out.push_str(&self.float(*x)?),
            Value::Str(s) => encode_str(s, self.ensure_ascii, out),
            Value::List(_) | Value::Tuple(_) => {
                let items = interp.collect_iter(v)?;
                self.encode_list(interp, v, &items, level, out)?;
            }
            Value::Dict(d) => {
                let entries = d.borrow().entries.clone();
                self.encode_dict(interp, v, entries, level, out)?;
            }
            _ if is_a(interp, v, "dict") => {
                let items = interp.get_attr(v, "items")?;
                let items = interp.call_value(items, Args::default())?;
                let mut entries = Vec::new();
                for pair in interp.collect_iter(&items)? {
                    let kv = interp.collect_iter(&pair)?;
                    if let [k, x] = &kv[..] {
                        entries.push((k.clone(), x.clone()));
                    }
                }
                self.encode_dict(interp, v, entries, level, out)?;
            }
            _ if is_a(interp, v, "tuple") => {
                let items = interp.collect_iter(v)?;
                self.encode_list(interp, v, &items, level, out)?;
            }
            _ => {
                let Some(default) = self.default.clone() else {
                    let name = match v {
                        Value::Instance(i) => i.class().name.to_string(),
                        other => other.type_name(),
                    };
                    let name = name.rsplit('.').next().unwrap_or(&name).to_string();
                    return Err(type_error(format!(
                        "Object of type {name} is not JSON serializable"
                    )));
                };
                self.enter(v)?;
                let replaced = interp.call_value(default, Args::new(vec![v.clone()]))?;
                self.encode(interp, &replaced, level, out)?;
                self.leave(v);
            }
        }
        Ok(())
    }

    fn encode_list(
        &mut self,
        interp: &mut Interpreter,
        v: &Value,
        items: &[Value],
        level: usize,
        out: &mut String,
    ) -> PyResult<()> {
        if items.is_empty() {
            out.push_str("[]");
            return Ok(());
        }
        self.enter(v)?;
        out.push('[');
        self.newline(level + 1, out);
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                out.push_str(&self.item_sep.clone());
                self.newline(level + 1, out);
            }
            self.encode(interp, x, level + 1, out)?;
        }
        self.newline(level, out);
        out.push(']');
        self.leave(v);
        Ok(())
    }

    fn encode_dict(
        &mut self,
        interp: &mut Interpreter,
        v: &Value,
        mut entries: Vec<(Value, Value)>,
        level: usize,
        out: &mut String,
    ) -> PyResult<()> {
        if entries.is_empty() {
            out.push_str("{}");
            return Ok(());
        }
        self.enter(v)?;
        if self.sort_keys {
            // `sorted(dct.items())`: by key (keys are unique, so the position never decides).
            let keyed: Vec<Value> = entries
                .iter()
                .enumerate()
                .map(|(i, (k, _))| Value::tuple(vec![k.clone(), Value::int(i as i64)]))
                .collect();
            let sorted = sort_values(interp, keyed, None, false)?;
            let mut slots: Vec<Option<(Value, Value)>> = entries.into_iter().map(Some).collect();
            entries = Vec::with_capacity(slots.len());
            for t in sorted {
                if let Value::Tuple(t) = t
                    && let Some(Value::Int(i, _)) = t.get(1)
                    && let Some(e) = slots.get_mut(*i as usize).and_then(Option::take)
                {
                    entries.push(e);
                }
            }
        }
        out.push('{');
        self.newline(level + 1, out);
        let mut first = true;
        for (k, x) in entries {
            let key = match &k {
                Value::Str(s) => Rc::clone(s),
                Value::Float(f) => Rc::from(self.float(*f)?.as_str()),
                Value::Bool(b) => Rc::from(if *b { "true" } else { "false" }),
                Value::None => Rc::from("null"),
                Value::Int(i, _) => Rc::from(i.to_string().as_str()),
                _ if self.skipkeys => continue,
                other => {
                    return Err(type_error(format!(
                        "keys must be str, int, float, bool or None, not {}",
                        other.type_name()
                    )));
                }
            };
            if !first {
                out.push_str(&self.item_sep.clone());
                self.newline(level + 1, out);
            }
            first = false;
            encode_str(&key, self.ensure_ascii, out);
            out.push_str(&self.key_sep.clone());
            self.encode(interp, &x, level + 1, out)?;
        }
        self.newline(level, out);
        out.push('}');
        self.leave(v);
        Ok(())
    }
}

/// `isinstance(v, dict)` / `isinstance(v, tuple)` for the standard library's native values (`Counter`,
/// a namedtuple).
fn is_a(interp: &Interpreter, v: &Value, type_name: &str) -> bool {
    interp
        .native_type(v)
        .is_some_and(|ty| ty.is_instance(v, type_name))
}
