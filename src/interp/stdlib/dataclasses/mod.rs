//! `dataclasses`, after CPython 3.11's `Lib/dataclasses.py`: `@dataclass` (with or without its keyword
//! arguments `init`, `repr`, `eq`, `order`, `unsafe_hash`, `frozen`), `field`, `fields`, `asdict`,
//! `astuple`, `replace`, `is_dataclass`, `MISSING` and `FrozenInstanceError`.
//!
//! CPython writes the generated methods as source and `exec`s it; here the decorator makes a new class with
//! the same body whose `__init__` is a native function over the fields, and whose instances get `__repr__`,
//! `__eq__`, ordering, hashing and frozenness from the native slots in `slots` (as `collections.namedtuple`
//! does). The fields are read from the class body's `__annotations__`, in order, after those of the base
//! dataclasses.

use std::cell::RefCell;
use std::rc::Rc;

use super::super::Interpreter;
use super::super::builtins::{builtin_with, type_object_with};
use super::super::error::{ExcKind, PyException, PyResult, Unwind, exc, type_error, value_error};
use super::super::value::{Args, Class, Dict, Instance, Value};

mod field;
mod init;
mod slots;

use field::{FieldSpec, field_value};
pub(crate) use slots::DATACLASS;

/// What `@dataclass(...)` was asked for.
#[derive(Clone, Copy)]
pub(crate) struct Params {
    pub init: bool,
    pub repr: bool,
    pub eq: bool,
    pub order: bool,
    pub unsafe_hash: bool,
    pub frozen: bool,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            init: true,
            repr: true,
            eq: true,
            order: false,
            unsafe_hash: false,
            frozen: false,
        }
    }
}

/// A dataclass's fields and parameters, kept on the class as `__dataclass_fields__` (a name a cell may not
/// reach: the sandbox hides dunder attributes).
pub(crate) struct Info {
    pub fields: Vec<Rc<FieldSpec>>,
    pub params: Params,
}

/// The attribute the [`Info`] of a dataclass is stored under.
const INFO: &str = "__dataclass_fields__";

pub(super) fn attrs(interp: &Interpreter) -> Vec<(&'static str, Value)> {
    let attribute_error = interp.exception_classes.get("AttributeError").cloned();
    let frozen_error = Rc::new(Class {
        name: Rc::from("FrozenInstanceError"),
        bases: attribute_error.into_iter().collect(),
        attrs: RefCell::new(Vec::new()),
        native: None,
        slots: None,
    });
    vec![
        ("dataclass", builtin_with("dataclass", dataclass)),
        ("field", builtin_with("field", field::field)),
        ("fields", builtin_with("fields", fields)),
        ("asdict", builtin_with("asdict", asdict)),
        ("astuple", builtin_with("astuple", astuple)),
        ("replace", builtin_with("replace", replace)),
        ("is_dataclass", builtin_with("is_dataclass", is_dataclass)),
        ("MISSING", field::missing()),
        ("FrozenInstanceError", Value::Class(frozen_error)),
        (
            "KW_ONLY",
            type_object_with("dataclasses.KW_ONLY", |_, _| {
                Err(type_error("KW_ONLY is not supported by the tutor"))
            }),
        ),
    ]
}

/// The [`Info`] of a dataclass (or of a class inheriting one).
pub(crate) fn info_of(class: &Rc<Class>) -> Option<Rc<Info>> {
    match class.lookup(INFO) {
        Some((_, Value::Native(o))) => o
            .as_any()
            .downcast_ref::<InfoObject>()
            .map(|i| Rc::clone(&i.0)),
        _ => None,
    }
}

/// The [`Info`] as a value stored on the class.
struct InfoObject(Rc<Info>);

impl super::super::native::NativeObject for InfoObject {
    fn native_type(&self) -> &'static dyn super::super::native::NativeType {
        &INFO_TYPE
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct InfoType;
static INFO_TYPE: InfoType = InfoType;
impl super::super::native::NativeType for InfoType {
    fn name(&self, _obj: &Value) -> String {
        "dict".into()
    }
}

/// `@dataclass` or `@dataclass(...)`.
fn dataclass(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut params = Params::default();
    for (k, v) in &args.kw {
        let flag = interp.truthy(v)?;
        match &**k {
            "init" => params.init = flag,
            "repr" => params.repr = flag,
            "eq" => params.eq = flag,
            "order" => params.order = flag,
            "unsafe_hash" => params.unsafe_hash = flag,
            "frozen" => params.frozen = flag,
            "match_args" | "kw_only" | "slots" | "weakref_slot" if !flag => {}
            "match_args" => {}
            "kw_only" | "slots" | "weakref_slot" => {
                return Err(type_error(format!(
                    "dataclass({k}=True) is not supported by the tutor"
                )));
            }
            other => {
                return Err(type_error(format!(
                    "dataclass() got an unexpected keyword argument '{other}'"
                )));
            }
        }
    }
    match args.pos.as_slice() {
        [] => Ok(builtin_with("wrap", move |interp, args: Args| {
            match args.pos.as_slice() {
                [Value::Class(c)] if args.kw.is_empty() => process_class(interp, c, params),
                _ => Err(type_error("wrap() takes exactly one class")),
            }
        })),
        [Value::Class(c)] => process_class(interp, c, params),
        [_] => Err(type_error("dataclass() should be called on a class")),
        _ => Err(type_error(format!(
            "dataclass() takes from 0 to 1 positional arguments but {} were given",
            args.pos.len()
        ))),
    }
}

/// CPython's `_process_class`: the fields, the checks, and the new class.
fn process_class(interp: &mut Interpreter, class: &Rc<Class>, params: Params) -> PyResult<Value> {
    if params.order && !params.eq {
        return Err(value_error("eq must be true if order is true"));
    }
    // The fields of the base dataclasses, the nearest base last (a later definition replaces an earlier one).
    let mut fields: Vec<Rc<FieldSpec>> = Vec::new();
    let mut any_frozen_base = false;
    let mut has_dataclass_base = false;
    for base in class.mro().iter().skip(1).rev() {
        let defines_info = base.attrs.borrow().iter().any(|(k, _)| &**k == INFO);
        if defines_info && let Some(info) = info_of(base) {
            has_dataclass_base = true;
            any_frozen_base |= info.params.frozen;
            for f in &info.fields {
                match fields.iter_mut().find(|g| g.name == f.name) {
                    Some(slot) => *slot = Rc::clone(f),
                    None => fields.push(Rc::clone(f)),
                }
            }
        }
    }
    if has_dataclass_base {
        if any_frozen_base && !params.frozen {
            return Err(type_error(
                "cannot inherit non-frozen dataclass from a frozen one",
            ));
        }
        if !any_frozen_base && params.frozen {
            return Err(type_error(
                "cannot inherit frozen dataclass from a non-frozen one",
            ));
        }
    }
    let own: Vec<(Rc<str>, Value)> = class.attrs.borrow().clone();
    let annotations: Vec<(Value, Value)> = match own.iter().find(|(k, _)| &**k == "__annotations__")
    {
        Some((_, Value::Dict(d))) => d.borrow().entries.clone(),
        _ => Vec::new(),
    };
    let mut attrs = own.clone();
    for (name, annotation) in annotations {
        let Value::Str(name) = name else { continue };
        if is_class_var(interp, &annotation)? {
            continue;
        }
        let class_value = own.iter().find(|(k, _)| *k == name).map(|(_, v)| v.clone());
        let spec = field_value(interp, &name, annotation, class_value)?;
        // The class attribute becomes the default, or goes when there is none (`Lib/dataclasses.py`).
        attrs.retain(|(k, _)| *k != name);
        if let Some(d) = &spec.default {
            attrs.push((Rc::clone(&name), d.clone()));
        }
        if let Some(d) = &spec.default
            && is_mutable_default(d)
        {
            let ty = interp.call_value(
                interp.builtins.get("type").cloned().unwrap_or(Value::None),
                Args::new(vec![d.clone()]),
            )?;
            let ty = interp.repr(&ty)?;
            return Err(value_error(format!(
                "mutable default {ty} for field {name} is not allowed: use default_factory"
            )));
        }
        let spec = Rc::new(spec);
        match fields.iter_mut().find(|g| g.name == name) {
            Some(slot) => *slot = spec,
            None => fields.push(spec),
        }
    }
    // A class attribute that is a `field()` without an annotation.
    for (k, v) in &attrs {
        if field::is_field(v) {
            return Err(type_error(format!(
                "'{k}' is a field but has no type annotation"
            )));
        }
    }
    if params.init {
        let mut seen_default = false;
        for f in fields.iter().filter(|f| f.init) {
            if f.default.is_some() || f.factory.is_some() {
                seen_default = true;
            } else if seen_default {
                return Err(type_error(format!(
                    "non-default argument '{}' follows default argument",
                    f.name
                )));
            }
        }
    }
    let info = Rc::new(Info { fields, params });
    let defines = |name: &str| own.iter().any(|(k, _)| &**k == name);
    if params.init && !defines("__init__") {
        attrs.push((
            Rc::from("__init__"),
            init::make_init(&class.name, Rc::clone(&info)),
        ));
    }
    attrs.push((
        Rc::from(INFO),
        Value::Native(Rc::new(InfoObject(Rc::clone(&info)))),
    ));
    let base_slots = class.bases.iter().find_map(|b| b.slots());
    let new_class = Rc::new(Class {
        name: Rc::clone(&class.name),
        bases: class.bases.clone(),
        attrs: RefCell::new(attrs),
        native: class.native,
        slots: match base_slots {
            Some(s)
                if !std::ptr::eq(
                    s as *const _ as *const (),
                    &DATACLASS as *const _ as *const (),
                ) =>
            {
                None
            }
            _ => Some(&DATACLASS),
        },
    });
    // Methods name the new class for `super()`.
    for (_, v) in new_class.attrs.borrow().iter() {
        if let Value::Function(f) = v {
            let defined_here = f
                .defining_class
                .borrow()
                .as_ref()
                .is_some_and(|c| Rc::ptr_eq(c, class));
            if defined_here {
                *f.defining_class.borrow_mut() = Some(Rc::clone(&new_class));
            }
        }
    }
    Ok(Value::Class(new_class))
}

/// `typing.ClassVar[...]` annotations are not fields.
fn is_class_var(interp: &mut Interpreter, annotation: &Value) -> PyResult<bool> {
    let Value::Native(_) = annotation else {
        return Ok(false);
    };
    let shown = interp.repr(annotation)?;
    Ok(shown == "typing.ClassVar" || shown.starts_with("typing.ClassVar["))
}

/// CPython refuses a default whose type is unhashable (`list`, `dict`, `set`): every instance would share it.
fn is_mutable_default(v: &Value) -> bool {
    matches!(v, Value::List(_) | Value::Dict(_) | Value::Set(_))
}

/// The dataclass instance `v` and its class's [`Info`], if it is one.
pub(crate) fn instance_info(v: &Value) -> Option<(&Rc<Instance>, Rc<Info>)> {
    match v {
        Value::Instance(i) => info_of(&i.class()).map(|info| (i, info)),
        _ => None,
    }
}

/// The values of the fields of a dataclass instance, in order.
pub(crate) fn field_values(inst: &Instance, info: &Info) -> PyResult<Vec<Value>> {
    info.fields
        .iter()
        .map(|f| {
            inst.get(&f.name).ok_or_else(|| {
                exc(
                    ExcKind::AttributeError,
                    format!(
                        "'{}' object has no attribute '{}'",
                        inst.class().name,
                        f.name
                    ),
                )
            })
        })
        .collect()
}

/// `fields(class_or_instance)`: a tuple of `Field` objects.
fn fields(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let info = match args.pos.first() {
        Some(Value::Class(c)) => info_of(c),
        Some(v) => instance_info(v).map(|(_, i)| i),
        None => {
            return Err(type_error(
                "fields() missing 1 required positional argument: 'class_or_instance'",
            ));
        }
    };
    match info {
        Some(info) => Ok(Value::tuple(
            info.fields
                .iter()
                .map(|f| field::field_object(Rc::clone(f)))
                .collect(),
        )),
        None => Err(type_error(
            "must be called with a dataclass type or instance",
        )),
    }
}

fn is_dataclass(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    Ok(Value::Bool(match args.pos.first() {
        Some(Value::Class(c)) => info_of(c).is_some(),
        Some(v) => instance_info(v).is_some(),
        None => false,
    }))
}

/// `asdict(obj)`: fields to a dict, recursing into dataclasses, lists, tuples and dicts.
fn asdict(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    match args.pos.first() {
        Some(v) if instance_info(v).is_some() => to_plain(interp, v, true, 0),
        _ => Err(type_error(
            "asdict() should be called on dataclass instances",
        )),
    }
}

/// `astuple(obj)`: fields to a tuple, recursing as `asdict` does.
fn astuple(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    match args.pos.first() {
        Some(v) if instance_info(v).is_some() => to_plain(interp, v, false, 0),
        _ => Err(type_error(
            "astuple() should be called on dataclass instances",
        )),
    }
}

/// CPython's `_asdict_inner` / `_astuple_inner`; other values are deep-copied.
fn to_plain(interp: &mut Interpreter, v: &Value, as_dict: bool, depth: usize) -> PyResult<Value> {
    if depth >= super::super::MAX_NESTING {
        return Err(super::super::too_deep());
    }
    if let Some((inst, info)) = instance_info(v) {
        let values = field_values(inst, &info)?;
        if as_dict {
            let mut d = Dict::default();
            for (f, x) in info.fields.iter().zip(values) {
                let key = Value::Str(Rc::clone(&f.name));
                let x = to_plain(interp, &x, as_dict, depth + 1)?;
                d.insert(super::super::ops::hash_key(&key)?, key, x)?;
            }
            return Ok(Value::Dict(Rc::new(RefCell::new(d))));
        }
        let items = values
            .iter()
            .map(|x| to_plain(interp, x, as_dict, depth + 1))
            .collect::<PyResult<Vec<_>>>()?;
        return Ok(Value::tuple(items));
    }
    match v {
        Value::List(l) => {
            let items = l.borrow().clone();
            let items = items
                .iter()
                .map(|x| to_plain(interp, x, as_dict, depth + 1))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(Value::list(items))
        }
        Value::Tuple(t) => {
            let items = t
                .iter()
                .map(|x| to_plain(interp, x, as_dict, depth + 1))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(Value::tuple(items))
        }
        Value::Dict(d) => {
            let entries = d.borrow().entries.clone();
            let mut out = Dict::default();
            for (k, x) in entries {
                let k = to_plain(interp, &k, as_dict, depth + 1)?;
                let x = to_plain(interp, &x, as_dict, depth + 1)?;
                out.insert(super::super::ops::hash_key(&k)?, k, x)?;
            }
            Ok(Value::Dict(Rc::new(RefCell::new(out))))
        }
        _ => {
            let copy = interp.import_module("copy")?;
            let deepcopy = interp.get_attr(&copy, "deepcopy")?;
            interp.call_value(deepcopy, Args::new(vec![v.clone()]))
        }
    }
}

/// `replace(obj, /, **changes)`: a new instance through `__init__`, the unchanged fields copied over.
fn replace(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let obj = match args.pos.as_slice() {
        [obj] => obj.clone(),
        [] => {
            return Err(type_error(
                "replace() missing 1 required positional argument: 'obj'",
            ));
        }
        _ => {
            return Err(type_error(format!(
                "replace() takes 1 positional argument but {} were given",
                args.pos.len()
            )));
        }
    };
    let Some((inst, info)) = instance_info(&obj) else {
        return Err(type_error(
            "replace() should be called on dataclass instances",
        ));
    };
    let mut kw = args.kw;
    for f in &info.fields {
        if !f.init {
            if kw.iter().any(|(k, _)| *k == f.name) {
                return Err(value_error(format!(
                    "field {} is declared with init=False, it cannot be specified with replace()",
                    f.name
                )));
            }
            continue;
        }
        if !kw.iter().any(|(k, _)| *k == f.name) {
            let v = inst.get(&f.name).ok_or_else(|| {
                value_error(format!(
                    "InitVar '{}' must be specified with replace()",
                    f.name
                ))
            })?;
            kw.push((Rc::clone(&f.name), v));
        }
    }
    interp.call_value(
        Value::Class(Rc::clone(&inst.class())),
        Args {
            pos: Vec::new(),
            kw,
        },
    )
}

/// `dataclasses.FrozenInstanceError(message)`, raised as CPython names it in a traceback.
pub(crate) fn frozen_error(interp: &mut Interpreter, message: String) -> Unwind {
    let class = match interp.modules.get("dataclasses") {
        Some(Value::Module(m)) => match m.attrs.get("FrozenInstanceError") {
            Some(Value::Class(c)) => Some(Rc::clone(c)),
            _ => None,
        },
        _ => None,
    };
    let Some(class) = class else {
        return exc(ExcKind::AttributeError, message);
    };
    let inst = Rc::new(Instance {
        class: crate::interp::value::ClassCell::new(class),
        attrs: crate::interp::value::new_attrs(Vec::new()),
    });
    inst.set("args", Value::tuple(vec![Value::str(&message)]));
    let mut e = PyException::new(
        ExcKind::User(Rc::from("dataclasses.FrozenInstanceError")),
        message,
    );
    e.value = Some(Value::Instance(inst));
    Unwind::Exception(Box::new(e))
}
