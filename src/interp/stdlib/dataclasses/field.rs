//! `dataclasses.field(...)`, the `Field` objects `fields()` returns, and the `MISSING` sentinel.

use std::rc::Rc;

use super::super::super::Interpreter;
use super::super::super::error::{PyResult, type_error, value_error};
use super::super::super::native::{NativeObject, NativeType};
use super::super::super::value::{Args, Value};

/// One field of a dataclass: its name, annotation, default (or factory) and the flags `field()` takes.
#[derive(Clone)]
pub(crate) struct FieldSpec {
    pub name: Rc<str>,
    pub annotation: Value,
    pub default: Option<Value>,
    pub factory: Option<Value>,
    pub init: bool,
    pub repr: bool,
    /// `hash=None` means "as `compare`".
    pub hash: Option<bool>,
    pub compare: bool,
}

impl FieldSpec {
    fn unnamed() -> FieldSpec {
        FieldSpec {
            name: Rc::from(""),
            annotation: Value::None,
            default: None,
            factory: None,
            init: true,
            repr: true,
            hash: None,
            compare: true,
        }
    }
}

/// A `Field`: what `field()` returns (no name yet) and what `fields()` gives (named).
struct FieldObject(Rc<FieldSpec>);

impl NativeObject for FieldObject {
    fn native_type(&self) -> &'static dyn NativeType {
        &FIELD_TYPE
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct FieldType;
static FIELD_TYPE: FieldType = FieldType;

impl NativeType for FieldType {
    fn name(&self, _obj: &Value) -> String {
        "Field".into()
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let Some(f) = spec_of(obj) else {
            return Ok(None);
        };
        Ok(Some(match name {
            "name" => Value::Str(Rc::clone(&f.name)),
            "type" => f.annotation.clone(),
            "default" => f.default.clone().unwrap_or_else(missing),
            "default_factory" => f.factory.clone().unwrap_or_else(missing),
            "init" => Value::Bool(f.init),
            "repr" => Value::Bool(f.repr),
            "compare" => Value::Bool(f.compare),
            "hash" => f.hash.map_or(Value::None, Value::Bool),
            _ => return Ok(None),
        }))
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(f) = spec_of(obj) else {
            return Ok(None);
        };
        let default = match &f.default {
            Some(d) => interp.repr(d)?,
            None => MISSING_REPR.into(),
        };
        let factory = match &f.factory {
            Some(d) => interp.repr(d)?,
            None => MISSING_REPR.into(),
        };
        let annotation = interp.repr(&f.annotation)?;
        let hash = f.hash.map_or("None".to_string(), |h| {
            if h { "True" } else { "False" }.into()
        });
        let b = |x: bool| if x { "True" } else { "False" };
        Ok(Some(format!(
            "Field(name={},type={annotation},default={default},default_factory={factory},init={},repr={},hash={hash},compare={},metadata=mappingproxy({{}}),kw_only=False,_field_type=_FIELD)",
            interp.repr(&Value::Str(Rc::clone(&f.name)))?,
            b(f.init),
            b(f.repr),
            b(f.compare)
        )))
    }
}

fn spec_of(v: &Value) -> Option<Rc<FieldSpec>> {
    match v {
        Value::Native(o) => o
            .as_any()
            .downcast_ref::<FieldObject>()
            .map(|f| Rc::clone(&f.0)),
        _ => None,
    }
}

pub(super) fn is_field(v: &Value) -> bool {
    spec_of(v).is_some()
}

pub(super) fn field_object(spec: Rc<FieldSpec>) -> Value {
    Value::Native(Rc::new(FieldObject(spec)))
}

const MISSING_REPR: &str = "<dataclasses._MISSING_TYPE object>";

/// `dataclasses.MISSING`: one sentinel per interpreter would do, but `is` is never asked of it by the
/// tutor's own code, so each use makes one that prints as CPython's does (without the address).
struct Missing;
impl NativeObject for Missing {
    fn native_type(&self) -> &'static dyn NativeType {
        &MISSING_TYPE
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}
struct MissingType;
static MISSING_TYPE: MissingType = MissingType;
impl NativeType for MissingType {
    fn name(&self, _obj: &Value) -> String {
        "_MISSING_TYPE".into()
    }
    fn repr(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(Some(MISSING_REPR.into()))
    }
    fn compare(
        &self,
        _interp: &mut Interpreter,
        op: rustpython_parser::ast::CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        use rustpython_parser::ast::CmpOp;
        let both = is_missing(lhs) && is_missing(rhs);
        Ok(match op {
            CmpOp::Eq => Some(Value::Bool(both)),
            CmpOp::NotEq => Some(Value::Bool(!both)),
            _ => None,
        })
    }
}

pub(super) fn missing() -> Value {
    Value::Native(Rc::new(Missing))
}

fn is_missing(v: &Value) -> bool {
    matches!(v, Value::Native(o) if o.as_any().is::<Missing>())
}

/// `field(*, default=MISSING, default_factory=MISSING, init=True, repr=True, hash=None, compare=True,
/// metadata=None, kw_only=MISSING)`.
pub(super) fn field(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    if !args.pos.is_empty() {
        return Err(type_error(format!(
            "field() takes 0 positional arguments but {} were given",
            args.pos.len()
        )));
    }
    let mut spec = FieldSpec::unnamed();
    for (k, v) in args.kw {
        match &*k {
            "default" if !is_missing(&v) => spec.default = Some(v),
            "default_factory" if !is_missing(&v) => spec.factory = Some(v),
            "default" | "default_factory" | "metadata" | "kw_only" => {}
            "init" => spec.init = interp.truthy(&v)?,
            "repr" => spec.repr = interp.truthy(&v)?,
            "compare" => spec.compare = interp.truthy(&v)?,
            "hash" => {
                spec.hash = match v {
                    Value::None => None,
                    other => Some(interp.truthy(&other)?),
                }
            }
            other => {
                return Err(type_error(format!(
                    "field() got an unexpected keyword argument '{other}'"
                )));
            }
        }
    }
    if spec.default.is_some() && spec.factory.is_some() {
        return Err(value_error(
            "cannot specify both default and default_factory",
        ));
    }
    Ok(field_object(Rc::new(spec)))
}

/// The field `name: annotation = class_value`: a `field(...)` gives its settings, another value is the
/// default.
pub(super) fn field_value(
    _interp: &mut Interpreter,
    name: &Rc<str>,
    annotation: Value,
    class_value: Option<Value>,
) -> PyResult<FieldSpec> {
    let mut spec = match class_value.as_ref().and_then(spec_of) {
        Some(f) => (*f).clone(),
        None => FieldSpec {
            default: class_value,
            ..FieldSpec::unnamed()
        },
    };
    spec.name = Rc::clone(name);
    spec.annotation = annotation;
    Ok(spec)
}
