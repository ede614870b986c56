//! What a cell may do outside itself: `print`, and the built-ins the sandbox refuses (files, code from
//! strings, the interpreter's namespaces, the debugger, exiting). A refused built-in still binds its
//! arguments first, so a wrong call gets CPython's `TypeError`; a right one gets the sandbox's refusal.

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, Positional, PyDef, Unpack};
use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::value::{Args, Value};
use super::Def;

pub(super) static DEFS: [Def; 13] = [
    Def::new(
        "print(*args, sep=' ', end='\\n', file=None, flush=False)",
        Clinic,
        print,
    ),
    Def::new(
        "open(file, mode='r', buffering=-1, encoding=None, errors=None, newline=None, closefd=True, opener=None)",
        Clinic,
        refuse,
    ),
    Def::new(
        "exec(source, globals=None, locals=None, /, *, closure=None)",
        Clinic,
        refuse,
    ),
    Def::new("eval(source, globals=None, locals=None, /)", Unpack, refuse),
    Def::new(
        "compile(source, filename, mode, flags=0, dont_inherit=False, optimize=-1, *, _feature_version=-1)",
        Clinic,
        refuse,
    ),
    Def::new("input(prompt='', /)", Unpack, refuse),
    Def::new(
        "__import__(name, globals=None, locals=None, fromlist=(), level=0)",
        Clinic,
        refuse,
    ),
    Def::new("globals()", Positional, refuse),
    Def::new("locals()", Positional, refuse),
    Def::new("vars(object=None, /)", Unpack, vars),
    Def::new("breakpoint(*args, **kws)", Positional, refuse),
    // `exit` and `quit` are `site`'s `Quitter` objects, called like a `def`.
    Def::new("exit(code=None)", PyDef, refuse),
    Def::new("quit(code=None)", PyDef, refuse),
];

/// `vars(obj)`: the `__dict__` of an instance of a Python class. The namespaces (`vars()`, a module's or
/// a class's) stay closed, as `globals()` is.
fn vars(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    match a.value(0) {
        Some(obj) => match interp.instance_dict(&obj) {
            Some(d) => Ok(d),
            None if matches!(obj, Value::Module(_) | Value::Class(_)) => refuse(interp, a),
            None if matches!(obj, Value::Instance(_)) => {
                Err(crate::interp::attrs::no_instance_dict(&obj))
            }
            None => Err(type_error("vars() argument must have __dict__ attribute")),
        },
        None => refuse(interp, a),
    }
}

fn refuse(_: &mut Interpreter, _: Bound) -> PyResult<Value> {
    Err(exc(
        ExcKind::PermissionError,
        "this built-in is not available in the tutor's sandbox: cells cannot read files, run programs or see the environment",
    ))
}

/// `sep` or `end`: a string, or `None` for the default.
fn text_option(a: &Bound, i: usize, name: &str, default: &str) -> PyResult<String> {
    match a.value(i) {
        Some(Value::Str(s)) => Ok(s.to_string()),
        Some(Value::None) | None => Ok(default.to_string()),
        Some(other) => Err(type_error(format!(
            "{name} must be None or a string, not {}",
            other.type_name()
        ))),
    }
}

fn print(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let sep = text_option(&a, 0, "sep", " ")?;
    let end = text_option(&a, 1, "end", "\n")?;
    let file = a.value(2).filter(|f| !matches!(f, Value::None));
    let Some(file) = file else {
        let mut parts = Vec::new();
        for v in a.varargs() {
            parts.push(interp.to_str(&v)?);
        }
        let text = parts.join(&sep) + &end;
        interp.write_out(&text)?;
        return Ok(Value::None);
    };
    // As CPython's `builtin_print_impl` (Python/bltinmodule.c) does: one `file.write` call per argument,
    // separator and end, `write` looked up before each argument is made a string, then `file.flush()`
    // when asked. An object without `write` raises AttributeError at the first of them.
    for (i, v) in a.varargs().iter().enumerate() {
        if i > 0 {
            write_to(interp, &file, Value::str(&sep))?;
        }
        let write = interp.get_attr(&file, "write")?;
        let text = interp.to_str(v)?;
        interp.call_value(write, Args::new(vec![Value::str(&text)]))?;
    }
    write_to(interp, &file, Value::str(&end))?;
    if let Some(flush) = a.value(3)
        && interp.truthy(&flush)?
    {
        let flush = interp.get_attr(&file, "flush")?;
        interp.call_value(flush, Args::new(vec![]))?;
    }
    Ok(Value::None)
}

/// `file.write(text)`, its result ignored as `print` ignores it.
fn write_to(interp: &mut Interpreter, file: &Value, text: Value) -> PyResult<()> {
    let write = interp.get_attr(file, "write")?;
    interp.call_value(write, Args::new(vec![text]))?;
    Ok(())
}
