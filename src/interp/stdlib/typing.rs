//! `typing`, for annotations and the few runtime uses learners meet: the generic aliases (`List`, `Dict`,
//! `Tuple`, `Optional`, `Union`, `Callable`, `Sequence`, `Iterable`, `Iterator`, ...) that subscript and
//! print as CPython 3.11's `typing` does, `Any`, `TypeVar`, `cast`, `TYPE_CHECKING`, and `NamedTuple` in
//! its class form. The built-in types subscript too (`list[int]`, PEP 585's `types.GenericAlias`).
//!
//! An alias is a value that only describes a type: nothing checks annotations at run time, as in CPython.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::CmpOp;

use super::super::Interpreter;
use super::super::builtins::{builtin_with, type_object};
use super::super::error::{PyResult, type_error};
use super::super::native::{NativeObject, NativeType};
use super::super::value::{Args, Class, Value};

/// How an alias takes and prints its arguments.
#[derive(Clone, Copy, PartialEq)]
enum Form {
    /// `typing.List[int]`: the runtime type is `origin` (`list`); `arity` arguments (0: any number).
    Generic {
        origin: &'static str,
        arity: usize,
    },
    /// `list[int]` (a built-in type subscripted).
    Builtin,
    Union,
    Optional,
    Callable,
    /// `Literal`, `ClassVar`, `Final`, `Type`: arguments kept as given.
    Special,
    Any,
}

struct Alias {
    /// `typing.List`, `list`.
    name: Rc<str>,
    form: Form,
    args: Option<Vec<Value>>,
}

impl NativeObject for Alias {
    fn native_type(&self) -> &'static dyn NativeType {
        &ALIAS
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

fn alias(v: &Value) -> Option<&Alias> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<Alias>(),
        _ => None,
    }
}

fn new_alias(name: &str, form: Form, args: Option<Vec<Value>>) -> Value {
    Value::Native(Rc::new(Alias {
        name: Rc::from(name),
        form,
        args,
    }))
}

/// A `TypeVar`: prints as `~T`.
struct TypeVar(Rc<str>);
impl NativeObject for TypeVar {
    fn native_type(&self) -> &'static dyn NativeType {
        &TYPE_VAR
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
struct TypeVarType;
static TYPE_VAR: TypeVarType = TypeVarType;
impl NativeType for TypeVarType {
    fn name(&self, _obj: &Value) -> String {
        "TypeVar".into()
    }
    fn repr(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        Ok(match obj {
            Value::Native(o) => o
                .as_any()
                .downcast_ref::<TypeVar>()
                .map(|t| format!("~{}", t.0)),
            _ => None,
        })
    }
    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        Ok(match (obj, name) {
            (Value::Native(o), "__name__") => o
                .as_any()
                .downcast_ref::<TypeVar>()
                .map(|t| Value::Str(Rc::clone(&t.0))),
            _ => None,
        })
    }
}

/// CPython's `typing._type_repr`: a class by its qualified name, `...` as itself, anything else by repr.
fn type_repr(interp: &mut Interpreter, v: &Value) -> PyResult<String> {
    match v {
        Value::Builtin(b) if let Some(q) = b.type_qualname => Ok(q.to_string()),
        Value::Class(c) if c.native.is_none() => Ok(format!("__main__.{}", c.name)),
        Value::Class(c) if c.native.is_some() => Ok(c.name.to_string()),
        Value::Ellipsis => Ok("...".into()),
        Value::Str(s) => Ok(format!(
            "ForwardRef({})",
            interp.repr(&Value::Str(Rc::clone(s)))?
        )),
        Value::List(items) => {
            let items = items.borrow().clone();
            let parts = items
                .iter()
                .map(|x| type_repr(interp, x))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(format!("[{}]", parts.join(", ")))
        }
        _ => interp.repr(v),
    }
}

struct AliasType;
static ALIAS: AliasType = AliasType;

impl NativeType for AliasType {
    fn name(&self, obj: &Value) -> String {
        match alias(obj).map(|a| a.form) {
            Some(Form::Builtin) => "types.GenericAlias".into(),
            Some(Form::Union | Form::Optional) if alias(obj).is_some_and(|a| a.args.is_some()) => {
                "typing._UnionGenericAlias".into()
            }
            _ => "typing._GenericAlias".into(),
        }
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(a) = alias(obj) else {
            return Ok(None);
        };
        let Some(args) = &a.args else {
            return Ok(Some(a.name.to_string()));
        };
        let none_type =
            |v: &Value| matches!(v, Value::Builtin(b) if b.type_qualname == Some("NoneType"));
        // `Union[X, None]` prints as `Optional[X]`.
        if a.form == Form::Union && args.len() == 2 && args.iter().any(none_type) {
            let other = args
                .iter()
                .find(|v| !none_type(v))
                .cloned()
                .unwrap_or(Value::None);
            return Ok(Some(format!(
                "typing.Optional[{}]",
                type_repr(interp, &other)?
            )));
        }
        let mut parts = Vec::with_capacity(args.len());
        for (i, x) in args.iter().enumerate() {
            parts.push(match (a.form, x) {
                (Form::Special, _) if a.name.as_ref() == "typing.Literal" => interp.repr(x)?,
                (Form::Callable, Value::List(_)) if i == 0 => type_repr(interp, x)?,
                _ => type_repr(interp, x)?,
            });
        }
        if args.is_empty() {
            parts.push("()".into());
        }
        Ok(Some(format!("{}[{}]", a.name, parts.join(", "))))
    }

    fn get_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        let Some(a) = alias(obj) else {
            return Err(type_error("not a typing alias"));
        };
        if a.args.is_some() && a.form != Form::Builtin {
            // A subscripted alias whose arguments are all concrete takes no more.
            return Err(type_error(format!(
                "{} is not a generic class",
                self.repr(interp, obj)?.unwrap_or_default()
            )));
        }
        let raw: Vec<Value> = match index {
            Value::Tuple(t) => t.to_vec(),
            other => vec![other.clone()],
        };
        let convert = |v: Value| match v {
            Value::None => type_object("NoneType", None),
            other => other,
        };
        match a.form {
            Form::Union | Form::Optional => {
                let mut members: Vec<Value> = Vec::new();
                let raw = if a.form == Form::Optional {
                    if raw.len() != 1 {
                        return Err(type_error(format!(
                            "typing.Optional requires a single type. Got {}.",
                            interp.repr(index)?
                        )));
                    }
                    vec![raw[0].clone(), Value::None]
                } else {
                    raw
                };
                for v in raw.into_iter().map(convert) {
                    let flat = match alias(&v) {
                        Some(inner) if matches!(inner.form, Form::Union | Form::Optional) => {
                            inner.args.clone().unwrap_or_default()
                        }
                        _ => vec![v],
                    };
                    for m in flat {
                        let mut seen = false;
                        for x in &members {
                            if same_type(interp, x, &m)? {
                                seen = true;
                            }
                        }
                        if !seen {
                            members.push(m);
                        }
                    }
                }
                if members.len() == 1 {
                    return Ok(members.remove(0));
                }
                Ok(new_alias("typing.Union", Form::Union, Some(members)))
            }
            Form::Callable => {
                let [params, ret] = raw.as_slice() else {
                    return Err(type_error(
                        "Callable must be used as Callable[[arg, ...], result].",
                    ));
                };
                let params = match params {
                    Value::List(l) => {
                        Value::list(l.borrow().iter().cloned().map(convert).collect())
                    }
                    Value::Ellipsis => Value::Ellipsis,
                    _ => {
                        return Err(type_error("Callable[args, result]: args must be a list"));
                    }
                };
                Ok(new_alias(
                    &a.name,
                    Form::Callable,
                    Some(vec![params, convert(ret.clone())]),
                ))
            }
            Form::Generic { arity, .. } if arity > 0 && raw.len() != arity => {
                Err(type_error(format!(
                    "Too {} arguments for {}; actual {}, expected {}",
                    if raw.len() > arity { "many" } else { "few" },
                    a.name,
                    raw.len(),
                    arity
                )))
            }
            Form::Special if a.name.as_ref() == "typing.Literal" => {
                Ok(new_alias(&a.name, a.form, Some(raw)))
            }
            Form::Any => Err(type_error("typing.Any is not subscriptable")),
            form => {
                let args = match (&a.args, form) {
                    // `list[int][str]` is not allowed in CPython either, but nested generics are fine.
                    (Some(_), Form::Builtin) => {
                        return Err(type_error(format!(
                            "{} is not a generic class",
                            self.repr(interp, obj)?.unwrap_or_default()
                        )));
                    }
                    _ => raw.into_iter().map(convert).collect(),
                };
                Ok(new_alias(&a.name, form, Some(args)))
            }
        }
    }

    fn compare(
        &self,
        interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        let (Some(a), Some(b)) = (alias(lhs), alias(rhs)) else {
            return Ok(None);
        };
        if !matches!(op, CmpOp::Eq | CmpOp::NotEq) {
            return Ok(None);
        }
        let mut same = a.name == b.name;
        match (&a.args, &b.args) {
            (None, None) => {}
            (Some(x), Some(y)) if same && x.len() == y.len() => {
                let unordered = a.form == Form::Union;
                for (i, v) in x.iter().enumerate() {
                    let found = if unordered {
                        let mut f = false;
                        for w in y {
                            f |= same_type(interp, v, w)?;
                        }
                        f
                    } else {
                        same_type(interp, v, &y[i])?
                    };
                    same &= found;
                }
            }
            _ => same = false,
        }
        Ok(Some(Value::Bool(if op == CmpOp::Eq {
            same
        } else {
            !same
        })))
    }

    fn call(&self, _interp: &mut Interpreter, obj: &Value, args: Args) -> PyResult<Value> {
        let Some(a) = alias(obj) else {
            return Err(type_error("not a typing alias"));
        };
        match a.form {
            Form::Generic { origin, .. } => {
                let short = a.name.trim_start_matches("typing.");
                let _ = args;
                Err(type_error(format!(
                    "Type {short} cannot be instantiated; use {origin}() instead"
                )))
            }
            _ => Err(type_error(format!("Cannot instantiate {}", a.name))),
        }
    }

    fn hash_key(&self, obj: &Value) -> PyResult<Option<super::super::value::HashKey>> {
        // Equal aliases hash alike: by name (arguments are rarely keys).
        Ok(alias(obj).map(|a| super::super::value::HashKey::Str(Rc::clone(&a.name))))
    }
}

/// Whether two alias arguments name the same type: built-in type objects by name (each `None` becomes a
/// new `NoneType` object), anything else by `==`.
fn same_type(interp: &mut Interpreter, a: &Value, b: &Value) -> PyResult<bool> {
    match (a, b) {
        (Value::Builtin(x), Value::Builtin(y)) if x.type_qualname.is_some() => {
            Ok(x.type_qualname == y.type_qualname)
        }
        _ => interp.equals(a, b),
    }
}

/// `list[int]`: a built-in type subscripted (`types.GenericAlias`), for the items hook of the core.
pub(crate) fn builtin_generic(
    qualname: &str,
    interp: &mut Interpreter,
    index: &Value,
) -> PyResult<Value> {
    let bare = new_alias(qualname, Form::Builtin, None);
    ALIAS.get_item(interp, &bare, index)
}

/// The built-in types that subscript (PEP 585), by qualified name.
pub(crate) fn is_generic_builtin(qualname: &str) -> bool {
    matches!(
        qualname,
        "list"
            | "dict"
            | "tuple"
            | "set"
            | "frozenset"
            | "type"
            | "collections.deque"
            | "collections.defaultdict"
            | "collections.OrderedDict"
            | "collections.Counter"
    )
}

fn generic(name: &'static str, origin: &'static str, arity: usize) -> (&'static str, Value) {
    (
        name.trim_start_matches("typing."),
        new_alias(name, Form::Generic { origin, arity }, None),
    )
}

pub(super) fn attrs(interp: &Interpreter) -> Vec<(&'static str, Value)> {
    let mut attrs = vec![
        generic("typing.List", "list", 1),
        generic("typing.Dict", "dict", 2),
        generic("typing.Tuple", "tuple", 0),
        generic("typing.Set", "set", 1),
        generic("typing.FrozenSet", "frozenset", 1),
        generic("typing.DefaultDict", "collections.defaultdict", 2),
        generic("typing.Type", "type", 1),
        generic("typing.Sequence", "collections.abc.Sequence", 1),
        generic(
            "typing.MutableSequence",
            "collections.abc.MutableSequence",
            1,
        ),
        generic("typing.Iterable", "collections.abc.Iterable", 1),
        generic("typing.Iterator", "collections.abc.Iterator", 1),
        generic("typing.Generator", "collections.abc.Generator", 3),
        generic("typing.Mapping", "collections.abc.Mapping", 2),
        generic("typing.MutableMapping", "collections.abc.MutableMapping", 2),
        generic("typing.Collection", "collections.abc.Collection", 1),
        ("Any", new_alias("typing.Any", Form::Any, None)),
        ("Union", new_alias("typing.Union", Form::Union, None)),
        (
            "Optional",
            new_alias("typing.Optional", Form::Optional, None),
        ),
        (
            "Callable",
            new_alias("typing.Callable", Form::Callable, None),
        ),
        ("Literal", new_alias("typing.Literal", Form::Special, None)),
        (
            "ClassVar",
            new_alias("typing.ClassVar", Form::Special, None),
        ),
        ("Final", new_alias("typing.Final", Form::Special, None)),
        ("TYPE_CHECKING", Value::Bool(false)),
        ("cast", builtin_with("cast", cast)),
        ("TypeVar", builtin_with("TypeVar", type_var)),
        (
            "overload",
            builtin_with("overload", |_, a: Args| {
                Ok(a.pos.into_iter().next().unwrap_or(Value::None))
            }),
        ),
        (
            "no_type_check",
            builtin_with("no_type_check", |_, a: Args| {
                Ok(a.pos.into_iter().next().unwrap_or(Value::None))
            }),
        ),
    ];
    attrs.push(("NamedTuple", named_tuple_base(interp)));
    attrs
}

/// `cast(typ, val)`: `val`, unchanged.
fn cast(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match args.pos.as_slice() {
        [_, v] => Ok(v.clone()),
        _ => Err(type_error(format!(
            "cast() takes 2 positional arguments but {} were given",
            args.pos.len()
        ))),
    }
}

/// `TypeVar(name, *constraints, bound=None, covariant=False, contravariant=False)`.
fn type_var(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match args.pos.first() {
        Some(Value::Str(s)) => Ok(Value::Native(Rc::new(TypeVar(Rc::clone(s))))),
        Some(_) => Err(type_error("TypeVar name must be a string")),
        None => Err(type_error(
            "TypeVar.__init__() missing 1 required positional argument: 'name'",
        )),
    }
}

/// `class P(NamedTuple): x: int; y: float = 0.0`: the class statement makes a `collections.namedtuple`
/// of the annotated fields, with the defaults and the methods the body defines (CPython's
/// `NamedTupleMeta`).
struct NamedTupleBase;
static NAMED_TUPLE_BASE: NamedTupleBase = NamedTupleBase;

impl NativeType for NamedTupleBase {
    fn name(&self, _obj: &Value) -> String {
        "NamedTuple".into()
    }

    fn class_created(&self, interp: &mut Interpreter, class: Rc<Class>) -> PyResult<Value> {
        let own = class.attrs.borrow().clone();
        let mut names = Vec::new();
        let mut defaults = Vec::new();
        if let Some((_, Value::Dict(d))) = own.iter().find(|(k, _)| &**k == "__annotations__") {
            for (k, _) in d.borrow().entries.iter() {
                let Value::Str(name) = k else { continue };
                match own.iter().find(|(n, _)| n == name) {
                    Some((_, v)) => defaults.push(v.clone()),
                    None if !defaults.is_empty() => {
                        return Err(type_error(format!(
                            "Non-default namedtuple field {name} cannot follow default field{} {}",
                            if defaults.len() == 1 { "" } else { "s" },
                            names[names.len() - defaults.len()..]
                                .iter()
                                .map(|n: &Rc<str>| n.to_string())
                                .collect::<Vec<_>>()
                                .join(", ")
                        )));
                    }
                    None => {}
                }
                names.push(Rc::clone(name));
            }
        }
        let mut args = Args::new(vec![
            Value::Str(Rc::clone(&class.name)),
            Value::list(names.iter().map(|n| Value::Str(Rc::clone(n))).collect()),
        ]);
        args.kw.push((Rc::from("defaults"), Value::list(defaults)));
        let made = super::collections::namedtuple_class(interp, args)?;
        if let Value::Class(nt) = &made {
            let mut attrs = nt.attrs.borrow_mut();
            for (k, v) in own {
                let is_field = names.contains(&k);
                if !is_field && !attrs.iter().any(|(n, _)| *n == k) {
                    if let Value::Function(f) = &v {
                        *f.defining_class.borrow_mut() = Some(Rc::clone(nt));
                    }
                    attrs.push((k, v));
                }
            }
        }
        Ok(made)
    }
}

fn named_tuple_base(_interp: &Interpreter) -> Value {
    Value::Class(Rc::new(Class {
        name: Rc::from("NamedTuple"),
        bases: Vec::new(),
        attrs: RefCell::new(Vec::new()),
        native: None,
        slots: Some(&NAMED_TUPLE_BASE),
    }))
}
