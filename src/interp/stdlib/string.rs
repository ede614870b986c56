//! `string`: the character-class constants and `capwords`.

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::PyDef;
use super::super::builtins::Def;
use super::super::error::PyResult;
use super::super::value::{Args, Value};

pub(super) static DEFS: [Def; 1] = [Def::new("capwords(s, sep=None)", PyDef, capwords)];

pub(super) fn constants() -> Vec<(&'static str, Value)> {
    const LOWER: &str = "abcdefghijklmnopqrstuvwxyz";
    const UPPER: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const PUNCTUATION: &str = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
    const WHITESPACE: &str = " \t\n\r\x0b\x0c";
    vec![
        ("ascii_lowercase", Value::str(LOWER)),
        ("ascii_uppercase", Value::str(UPPER)),
        ("ascii_letters", Value::str(&format!("{LOWER}{UPPER}"))),
        ("digits", Value::str("0123456789")),
        ("hexdigits", Value::str("0123456789abcdefABCDEF")),
        ("octdigits", Value::str("01234567")),
        ("punctuation", Value::str(PUNCTUATION)),
        ("whitespace", Value::str(WHITESPACE)),
        (
            "printable",
            Value::str(&format!(
                "0123456789{LOWER}{UPPER}{PUNCTUATION}{WHITESPACE}"
            )),
        ),
    ]
}

/// `(sep or ' ').join(map(str.capitalize, s.split(sep)))`, with the methods of the value given.
fn capwords(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let s = a.arg(0)?;
    let sep = a.value(1).unwrap_or(Value::None);
    let split = interp.get_attr(&s, "split")?;
    let words = interp.call_value(split, Args::new(vec![sep.clone()]))?;
    let mut capitalized = Vec::new();
    for w in interp.collect_iter(&words)? {
        let cap = interp.get_attr(&w, "capitalize")?;
        capitalized.push(interp.call_value(cap, Args::default())?);
    }
    let joiner = if interp.truthy(&sep)? {
        sep
    } else {
        Value::str(" ")
    };
    let join = interp.get_attr(&joiner, "join")?;
    interp.call_value(join, Args::new(vec![Value::list(capitalized)]))
}
