//! The generated `__init__(self, <fields with init=True>)`: binds the call as CPython binds the function
//! `dataclasses` writes (its errors name `Class.__init__()`), sets every field, then runs `__post_init__`.

use std::rc::Rc;

use super::super::super::Interpreter;
use super::super::super::builtins::builtin_with;
use super::super::super::error::type_error;
use super::super::super::value::{Args, Value};
use super::Info;

/// `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`: how CPython lists missing arguments.
fn quoted_list(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

pub(super) fn make_init(class_name: &Rc<str>, info: Rc<Info>) -> Value {
    let qualname = format!("{class_name}.__init__");
    builtin_with("__init__", move |interp: &mut Interpreter, args: Args| {
        let mut pos = args.pos.into_iter();
        let Some(Value::Instance(this)) = pos.next() else {
            return Err(type_error(format!(
                "{qualname}() missing 1 required positional argument: 'self'"
            )));
        };
        let params: Vec<_> = info.fields.iter().filter(|f| f.init).collect();
        let given: Vec<Value> = pos.collect();
        if given.len() > params.len() {
            let required = params
                .iter()
                .filter(|f| f.default.is_none() && f.factory.is_none())
                .count();
            let takes = if required == params.len() {
                format!("{}", params.len() + 1)
            } else {
                format!("from {} to {}", required + 1, params.len() + 1)
            };
            return Err(type_error(format!(
                "{qualname}() takes {takes} positional argument{} but {} were given",
                if params.is_empty() && required == 0 {
                    ""
                } else {
                    "s"
                },
                given.len() + 1
            )));
        }
        let mut slots: Vec<Option<Value>> = vec![None; params.len()];
        for (slot, v) in slots.iter_mut().zip(given) {
            *slot = Some(v);
        }
        for (k, v) in args.kw {
            match params.iter().position(|f| f.name == k) {
                Some(i) if slots[i].is_some() => {
                    return Err(type_error(format!(
                        "{qualname}() got multiple values for argument '{k}'"
                    )));
                }
                Some(i) => slots[i] = Some(v),
                None => {
                    return Err(type_error(format!(
                        "{qualname}() got an unexpected keyword argument '{k}'"
                    )));
                }
            }
        }
        let missing: Vec<&str> = params
            .iter()
            .zip(&slots)
            .filter(|(f, s)| s.is_none() && f.default.is_none() && f.factory.is_none())
            .map(|(f, _)| &*f.name)
            .collect();
        if !missing.is_empty() {
            return Err(type_error(format!(
                "{qualname}() missing {} required positional argument{}: {}",
                missing.len(),
                if missing.len() == 1 { "" } else { "s" },
                quoted_list(&missing)
            )));
        }
        let mut given = slots.into_iter();
        for f in &info.fields {
            let passed = if f.init { given.next().flatten() } else { None };
            let value = match (passed, &f.default, &f.factory) {
                (Some(v), _, _) => v,
                (None, Some(d), _) => d.clone(),
                (None, None, Some(factory)) => {
                    interp.call_value(factory.clone(), Args::default())?
                }
                (None, None, None) => continue,
            };
            this.set(&f.name, value);
        }
        if let Some((_, post_init)) = this.class().lookup("__post_init__") {
            let me = Value::Instance(Rc::clone(&this));
            interp.call_value(post_init, Args::new(vec![me]))?;
        }
        Ok(Value::None)
    })
}
