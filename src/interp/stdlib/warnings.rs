//! `warnings`, after CPython 3.11's `Lib/warnings.py`: `warn` (with `category` and `stacklevel`), the
//! filters (`simplefilter`, `filterwarnings`, `resetwarnings`), `catch_warnings` (with `record=True`), and
//! `formatwarning`. A shown warning goes to the cell's warnings (stderr) as `python3 script.py` prints it,
//! with the cell's name as the file: `<cell>:3: UserWarning: message` and, on the next line, the source
//! line indented by two spaces. A cell runs as `__main__`, so `DeprecationWarning`s show too.
//!
//! `filterwarnings`' `message` is matched as a literal, case-insensitive prefix (CPython compiles it as a
//! regular expression), and its `module` argument is accepted but every cell is `__main__`.

use std::collections::HashSet;
use std::rc::Rc;

use super::super::Interpreter;
use super::super::builtins::builtin_with;
use super::super::error::{ExcKind, PyResult, exc, type_error};
use super::super::native::{NativeObject, NativeType};
use super::super::value::{Args, Class, Value};
use super::bind;

#[derive(Clone, Copy, PartialEq)]
enum Action {
    Error,
    Ignore,
    Always,
    Default,
    Module,
    Once,
}

fn action(name: &str) -> PyResult<Action> {
    Ok(match name {
        "error" => Action::Error,
        "ignore" => Action::Ignore,
        "always" => Action::Always,
        "default" => Action::Default,
        "module" => Action::Module,
        "once" => Action::Once,
        other => {
            return Err(exc(
                ExcKind::AssertionError,
                format!("invalid action: '{other}'"),
            ));
        }
    })
}

#[derive(Clone)]
struct Filter {
    action: Action,
    /// Lower-cased; a warning's text must start with it.
    message: String,
    category: Option<Rc<Class>>,
    lineno: usize,
}

/// The filters, the registries of warnings already shown, and what `catch_warnings` saved.
#[derive(Default)]
struct State {
    filters: Vec<Filter>,
    /// (text, category, file, line) of warnings shown by `default`.
    registry: HashSet<(String, String, String, usize)>,
    /// (text, category) of warnings shown by `once` and `module`.
    once: HashSet<(String, String)>,
    /// The list `catch_warnings(record=True)` appends to.
    record: Option<Value>,
    saved: Vec<(Vec<Filter>, Option<Value>)>,
}

fn state(interp: &mut Interpreter) -> &mut State {
    interp.extensions.get_or_insert_with(State::default)
}

/// Any change to the filters forgets which warnings were shown (CPython's `_filters_mutated`).
fn filters_changed(s: &mut State) {
    s.registry.clear();
    s.once.clear();
}

pub(super) fn attrs() -> Vec<(&'static str, Value)> {
    vec![
        ("warn", builtin_with("warn", warn)),
        ("simplefilter", builtin_with("simplefilter", simplefilter)),
        (
            "filterwarnings",
            builtin_with("filterwarnings", filterwarnings),
        ),
        (
            "resetwarnings",
            builtin_with("resetwarnings", resetwarnings),
        ),
        (
            "catch_warnings",
            builtin_with("catch_warnings", catch_warnings),
        ),
        (
            "formatwarning",
            builtin_with("formatwarning", formatwarning),
        ),
    ]
}

fn warning_class(interp: &Interpreter, name: &str) -> PyResult<Rc<Class>> {
    interp
        .exception_classes
        .get(name)
        .cloned()
        .ok_or_else(|| exc(ExcKind::RuntimeError, format!("internal: no {name} class")))
}

/// A category argument: a subclass of `Warning`.
fn category_of(interp: &Interpreter, v: Option<&Value>) -> PyResult<Option<Rc<Class>>> {
    let warning = warning_class(interp, "Warning")?;
    match v {
        None | Some(Value::None) => Ok(None),
        Some(Value::Class(c)) if c.is_subclass_of(&warning) => Ok(Some(Rc::clone(c))),
        Some(other) => Err(type_error(format!(
            "category must be a Warning subclass, not '{}'",
            other.type_name()
        ))),
    }
}

fn int_arg(v: Option<&Value>, default: i64) -> PyResult<i64> {
    match v {
        None => Ok(default),
        Some(Value::Int(i, _)) => Ok(*i),
        Some(Value::Bool(b)) => Ok(*b as i64),
        Some(other) => Err(type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            other.type_name()
        ))),
    }
}

/// `warn(message, category=None, stacklevel=1, source=None)`.
fn warn(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = bind(
        "warn",
        &["message", "category", "stacklevel", "source"],
        args,
    )?;
    let Some(message) = a[0].clone() else {
        return Err(type_error(
            "warn() missing required argument 'message' (pos 1)",
        ));
    };
    let warning = warning_class(interp, "Warning")?;
    // A Warning instance carries its own category.
    let (instance, category) = match &message {
        Value::Instance(i) if i.class().is_subclass_of(&warning) => {
            (message.clone(), Rc::clone(&i.class()))
        }
        _ => {
            let category = match category_of(interp, a[1].as_ref())? {
                Some(c) => c,
                None => warning_class(interp, "UserWarning")?,
            };
            let text = interp.to_str(&message)?;
            let inst = interp.call_value(
                Value::Class(Rc::clone(&category)),
                Args::new(vec![Value::str(&text)]),
            )?;
            (inst, category)
        }
    };
    let text = interp.to_str(&instance)?;
    let stacklevel = int_arg(a[2].as_ref(), 1)?.max(1) as usize;
    let (file, line, source) = location(interp, stacklevel);
    let cat_name = category.name.to_string();
    let lowered = text.to_lowercase();
    let chosen = state(interp)
        .filters
        .iter()
        .find(|f| {
            lowered.starts_with(&f.message)
                && f.category
                    .as_ref()
                    .is_none_or(|c| category.is_subclass_of(c))
                && (f.lineno == 0 || f.lineno == line)
        })
        .map(|f| f.action)
        .unwrap_or(Action::Default);
    let key = (text.clone(), cat_name.clone(), file.clone(), line);
    let s = state(interp);
    if s.registry.contains(&key) {
        return Ok(Value::None);
    }
    match chosen {
        Action::Error => return Err(interp.exception_from_value(instance)?),
        Action::Ignore => return Ok(Value::None),
        Action::Always => {}
        Action::Default => {
            s.registry.insert(key);
        }
        Action::Once | Action::Module => {
            if !s.once.insert((text.clone(), cat_name.clone())) {
                return Ok(Value::None);
            }
        }
    }
    if let Some(Value::List(list)) = s.record.clone() {
        let record = WarningMessage {
            message: instance,
            category: Value::Class(category),
            filename: Rc::from(file.as_str()),
            lineno: line,
        };
        super::super::reserve_values(1)?;
        list.borrow_mut().push(Value::Native(Rc::new(record)));
        return Ok(Value::None);
    }
    interp
        .warnings
        .push(format_warning(&text, &cat_name, &file, line, &source));
    Ok(Value::None)
}

/// A warning ATen raises from C++ (`TORCH_WARN`): shown, filtered and recorded as `warnings.warn(text,
/// category)` called from the line being run, which is where PyTorch's warning handler attributes it.
pub(crate) fn warn_from_cpp(interp: &mut Interpreter, category: &str, text: &str) -> PyResult<()> {
    let class = warning_class(interp, category)?;
    warn(
        interp,
        Args::new(vec![Value::str(text), Value::Class(class)]),
    )?;
    Ok(())
}

/// `file:line: Category: text` and the source line under it, as `warnings.formatwarning` writes.
fn format_warning(text: &str, category: &str, file: &str, line: usize, source: &str) -> String {
    let mut out = format!("{file}:{line}: {category}: {text}");
    if !source.is_empty() {
        out.push_str("\n  ");
        out.push_str(source);
    }
    out
}

/// The file, line and (stripped) source line `stacklevel` frames up: 1 is the line that called `warn`.
/// Above the outermost frame, CPython names `sys` and line 1.
fn location(interp: &Interpreter, stacklevel: usize) -> (String, usize, String) {
    let n = interp.frames.len();
    if stacklevel > n {
        return ("sys".into(), 1, String::new());
    }
    let at = n - stacklevel;
    let offset = if stacklevel == 1 {
        interp.current_offset
    } else {
        interp.frames[at + 1].call_offset
    };
    let frame = &interp.frames[at];
    let line = frame.lines.line_of(offset);
    (
        frame.file.to_string(),
        line,
        frame.lines.line_text(line).trim().to_string(),
    )
}

fn add_filter(interp: &mut Interpreter, filter: Filter, append: bool) {
    let s = state(interp);
    s.filters.retain(|f| {
        !(f.action == filter.action
            && f.message == filter.message
            && f.lineno == filter.lineno
            && match (&f.category, &filter.category) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            })
    });
    if append {
        s.filters.push(filter);
    } else {
        s.filters.insert(0, filter);
    }
    filters_changed(s);
}

fn action_arg(interp: &mut Interpreter, v: Option<&Value>) -> PyResult<Action> {
    match v {
        Some(Value::Str(s)) => action(s),
        Some(other) => {
            let shown = interp.repr(other)?;
            Err(exc(
                ExcKind::AssertionError,
                format!("invalid action: {shown}"),
            ))
        }
        None => Err(type_error("missing required argument 'action'")),
    }
}

/// `simplefilter(action, category=Warning, lineno=0, append=False)`.
fn simplefilter(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = bind(
        "simplefilter",
        &["action", "category", "lineno", "append"],
        args,
    )?;
    let act = action_arg(interp, a[0].as_ref())?;
    let category = category_of(interp, a[1].as_ref())?;
    let lineno = int_arg(a[2].as_ref(), 0)?;
    if lineno < 0 {
        return Err(exc(ExcKind::AssertionError, "lineno must be an int >= 0"));
    }
    let append = match &a[3] {
        Some(v) => interp.truthy(v)?,
        None => false,
    };
    let filter = Filter {
        action: act,
        message: String::new(),
        category,
        lineno: lineno as usize,
    };
    add_filter(interp, filter, append);
    Ok(Value::None)
}

/// `filterwarnings(action, message='', category=Warning, module='', lineno=0, append=False)`.
fn filterwarnings(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = bind(
        "filterwarnings",
        &[
            "action", "message", "category", "module", "lineno", "append",
        ],
        args,
    )?;
    let act = action_arg(interp, a[0].as_ref())?;
    let message = match &a[1] {
        None => String::new(),
        Some(Value::Str(s)) => s.to_lowercase(),
        Some(_) => return Err(exc(ExcKind::AssertionError, "message must be a string")),
    };
    let category = category_of(interp, a[2].as_ref())?;
    if let Some(m) = &a[3]
        && !matches!(m, Value::Str(_))
    {
        return Err(exc(ExcKind::AssertionError, "module must be a string"));
    }
    let lineno = int_arg(a[4].as_ref(), 0)?;
    if lineno < 0 {
        return Err(exc(ExcKind::AssertionError, "lineno must be an int >= 0"));
    }
    let append = match &a[5] {
        Some(v) => interp.truthy(v)?,
        None => false,
    };
    let filter = Filter {
        action: act,
        message,
        category,
        lineno: lineno as usize,
    };
    add_filter(interp, filter, append);
    Ok(Value::None)
}

fn resetwarnings(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    bind("resetwarnings", &[], args)?;
    let s = state(interp);
    s.filters.clear();
    filters_changed(s);
    Ok(Value::None)
}

/// `formatwarning(message, category, filename, lineno, line=None)`; without `line`, the source line is
/// read from the cell when `filename` names it (CPython reads it with `linecache`).
fn formatwarning(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = bind(
        "formatwarning",
        &["message", "category", "filename", "lineno", "line"],
        args,
    )?;
    let (Some(message), Some(category), Some(filename), Some(lineno)) =
        (&a[0], &a[1], &a[2], &a[3])
    else {
        return Err(type_error(
            "formatwarning() missing required positional arguments",
        ));
    };
    let text = interp.to_str(message)?;
    let cat = match category {
        Value::Class(c) => c.name.to_string(),
        other => interp.to_str(other)?,
    };
    let file = interp.to_str(filename)?;
    let line = int_arg(Some(lineno), 0)?.max(0) as usize;
    let source = match &a[4] {
        Some(Value::None) | None => match interp.frames.first() {
            Some(f) if *f.file == *file => f.lines.line_text(line).trim().to_string(),
            _ => String::new(),
        },
        Some(v) => interp.to_str(v)?.trim().to_string(),
    };
    let mut out = format_warning(&text, &cat, &file, line, &source);
    out.push('\n');
    Ok(Value::str(&out))
}

/// `catch_warnings(*, record=False)`: saves the filters on entry and restores them on exit.
fn catch_warnings(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    if !args.pos.is_empty() {
        return Err(type_error(format!(
            "catch_warnings.__init__() takes 1 positional argument but {} were given",
            args.pos.len() + 1
        )));
    }
    let mut record = false;
    for (k, v) in &args.kw {
        match &**k {
            "record" => record = interp.truthy(v)?,
            "module" => {}
            other => {
                return Err(type_error(format!(
                    "catch_warnings.__init__() got an unexpected keyword argument '{other}'"
                )));
            }
        }
    }
    Ok(Value::Native(Rc::new(CatchWarnings { record })))
}

struct CatchWarnings {
    record: bool,
}

impl NativeObject for CatchWarnings {
    fn native_type(&self) -> &'static dyn NativeType {
        &CATCH_WARNINGS
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct CatchWarningsType;
static CATCH_WARNINGS: CatchWarningsType = CatchWarningsType;

impl NativeType for CatchWarningsType {
    fn name(&self, _obj: &Value) -> String {
        "catch_warnings".into()
    }

    fn repr(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let record = matches!(obj, Value::Native(o) if o.as_any().downcast_ref::<CatchWarnings>().is_some_and(|c| c.record));
        Ok(Some(if record {
            "catch_warnings(record=True)".into()
        } else {
            "catch_warnings()".into()
        }))
    }

    fn enter(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Value> {
        let record = matches!(obj, Value::Native(o) if o.as_any().downcast_ref::<CatchWarnings>().is_some_and(|c| c.record));
        let s = state(interp);
        s.saved.push((s.filters.clone(), s.record.clone()));
        filters_changed(s);
        if record {
            let list = Value::list(Vec::new());
            s.record = Some(list.clone());
            return Ok(list);
        }
        Ok(Value::None)
    }

    fn exit(&self, interp: &mut Interpreter, _obj: &Value) -> PyResult<()> {
        let s = state(interp);
        if let Some((filters, record)) = s.saved.pop() {
            s.filters = filters;
            s.record = record;
        }
        filters_changed(s);
        Ok(())
    }
}

/// What `catch_warnings(record=True)` collects: `message` (the Warning instance), `category`, `filename`,
/// `lineno`.
struct WarningMessage {
    message: Value,
    category: Value,
    filename: Rc<str>,
    lineno: usize,
}

impl NativeObject for WarningMessage {
    fn native_type(&self) -> &'static dyn NativeType {
        &WARNING_MESSAGE
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct WarningMessageType;
static WARNING_MESSAGE: WarningMessageType = WarningMessageType;

fn warning_message(v: &Value) -> Option<&WarningMessage> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<WarningMessage>(),
        _ => None,
    }
}

impl NativeType for WarningMessageType {
    fn name(&self, _obj: &Value) -> String {
        "WarningMessage".into()
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let Some(w) = warning_message(obj) else {
            return Ok(None);
        };
        Ok(Some(match name {
            "message" => w.message.clone(),
            "category" => w.category.clone(),
            "filename" => Value::Str(Rc::clone(&w.filename)),
            "lineno" => Value::int(w.lineno as i64),
            "line" | "file" | "source" => Value::None,
            _ => return Ok(None),
        }))
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(w) = warning_message(obj) else {
            return Ok(None);
        };
        let category = match &w.category {
            Value::Class(c) => c.name.to_string(),
            _ => String::new(),
        };
        Ok(Some(format!(
            "{{message : {}, category : '{category}', filename : {}, lineno : {}, line : None}}",
            interp.repr(&w.message)?,
            interp.repr(&Value::Str(Rc::clone(&w.filename)))?,
            w.lineno
        )))
    }
}
