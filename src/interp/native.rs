//! The one door between the interpreter core and native types — tensors, `torch.Size`, dtypes, `nn`
//! modules, grad-mode context managers, whatever a binding module defines. The core never names a binding:
//! when it meets a value whose behaviour is native it asks [`Interpreter::native_type`] for that type's
//! slots and calls them, as CPython calls a type's `tp_*` slots and RustPython its protocol slots (rhai's
//! registered types are the same idea). A new native type is an impl of [`NativeType`], registered by its
//! binding module when the interpreter is assembled; nothing in `eval`, `call`, `ops`, `repr` or the builtins
//! changes.
//!
//! Every slot has a default that answers as CPython answers for a type that lacks it (`'X' object is not
//! subscriptable`, `... has no len()`), so a type implements only what it supports.

use std::any::{Any, TypeId};
use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator, UnaryOp};

use super::Interpreter;
use super::error::{PyResult, attribute_error, type_error};
use super::value::{Args, Class, Value};

/// A value whose behaviour is defined by a binding module (held in [`Value::Native`]).
pub trait NativeObject: Any {
    fn native_type(&self) -> &'static dyn NativeType;
    fn as_any(&self) -> &dyn Any;
}

/// The behaviour of a native type: the slots the core calls. `obj` is always a value of this type (for
/// binary operators and comparisons, at least one side is).
pub trait NativeType {
    /// The Python type name, as error messages print it (`Tensor`, `Size`, `Linear`).
    fn name(&self, obj: &Value) -> String;

    /// Whether an instance of a class with these slots keeps its attributes in a `__dict__` (a
    /// dataclass does; a module, whose parameters and children live in PyTorch's `_parameters` and
    /// `_modules`, or a named tuple does not).
    fn has_instance_dict(&self) -> bool {
        false
    }

    /// The names `dir(obj)` lists for a value of this type (its methods and properties).
    fn attribute_names(&self, _obj: &Value) -> Vec<String> {
        Vec::new()
    }

    /// `type(obj)`.
    fn type_object(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(Value::None)
    }

    /// `isinstance(obj, T)` for a built-in type object `T` named `type_name` (`Tensor`, `Parameter`).
    fn is_instance(&self, _obj: &Value, _type_name: &str) -> bool {
        false
    }

    /// `obj.name`, after the core has looked in the instance's own attributes and class (for instances).
    /// `None` means there is no such attribute.
    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        _obj: &Value,
        _name: &str,
    ) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `obj.name = value`. For instances of native classes the core stores the attribute afterwards unless
    /// this returns `false` (it has been handled here).
    fn set_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        _value: &Value,
    ) -> PyResult<bool> {
        Err(attribute_error(format!(
            "'{}' object has no attribute '{}'",
            self.name(obj),
            name
        )))
    }

    /// Whether `obj.name` is a method this type runs with [`NativeType::call_method`] (so `obj.name(...)`
    /// can be called without first making a bound method).
    fn has_method(&self, _obj: &Value, _name: &str) -> bool {
        false
    }

    /// `obj.name(*args)` for a method found by [`NativeType::get_attr`] as a native method.
    fn call_method(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        _args: Args,
    ) -> PyResult<Value> {
        Err(attribute_error(format!(
            "'{}' object has no attribute '{}'",
            self.name(obj),
            name
        )))
    }

    /// The key `obj` hashes to in a dict or set: `None` hashes it by identity (the default), a type
    /// hashed by value gives its key (a namedtuple: its fields' tuple), an unhashable one an error.
    fn hash_key(&self, _obj: &Value) -> PyResult<Option<super::value::HashKey>> {
        Ok(None)
    }

    /// `obj[index]`.
    fn get_item(&self, _interp: &mut Interpreter, obj: &Value, _index: &Value) -> PyResult<Value> {
        Err(type_error(format!(
            "'{}' object is not subscriptable",
            self.name(obj)
        )))
    }

    /// `obj[index] = value`.
    fn set_item(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        _index: &Value,
        _value: &Value,
    ) -> PyResult<()> {
        Err(type_error(format!(
            "'{}' object does not support item assignment",
            self.name(obj)
        )))
    }

    /// `del obj[index]`.
    fn del_item(&self, _interp: &mut Interpreter, obj: &Value, _index: &Value) -> PyResult<()> {
        Err(type_error(format!(
            "'{}' object doesn't support item deletion",
            self.name(obj)
        )))
    }

    /// The items `for x in obj` yields.
    fn iterate(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Vec<Value>> {
        Err(type_error(format!(
            "'{}' object is not iterable",
            self.name(obj)
        )))
    }

    /// `len(obj)`.
    fn len(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<usize> {
        Err(type_error(format!(
            "object of type '{}' has no len()",
            self.name(obj)
        )))
    }

    /// The symbol of `len(obj)` where dataflow proved one (a tensor's first axis).
    fn len_sym(&self, _obj: &Value) -> Option<crate::tensor::sym::Sym> {
        None
    }

    /// `lhs op rhs` where at least one side is of this type.
    fn binary_op(
        &self,
        _interp: &mut Interpreter,
        op: Operator,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Value> {
        Err(type_error(format!(
            "unsupported operand type(s) for {}: '{}' and '{}'",
            super::ops::op_symbol(op),
            lhs.type_name(),
            rhs.type_name()
        )))
    }

    /// `target op= rhs` done in place (every alias sees it): returns `true` when done, `false` to let the
    /// core fall back to `target = target op rhs`.
    fn inplace_op(
        &self,
        _interp: &mut Interpreter,
        _op: Operator,
        _target: &Value,
        _rhs: &Value,
    ) -> PyResult<bool> {
        Ok(false)
    }

    /// `-obj`, `+obj`, `~obj` (`not obj` goes through [`NativeType::truth`]).
    fn unary_op(&self, _interp: &mut Interpreter, op: UnaryOp, obj: &Value) -> PyResult<Value> {
        Err(type_error(format!(
            "bad operand type for unary {}: '{}'",
            super::ops::unary_symbol(op),
            self.name(obj)
        )))
    }

    /// `lhs op rhs` for `==`, `!=`, `<`, `<=`, `>`, `>=` where at least one side is of this type. `None`
    /// lets the core answer (identity for `==`, a `TypeError` for orderings).
    fn compare(
        &self,
        _interp: &mut Interpreter,
        _op: CmpOp,
        _lhs: &Value,
        _rhs: &Value,
    ) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `item in obj`; by default, by iterating.
    fn contains(&self, interp: &mut Interpreter, obj: &Value, item: &Value) -> PyResult<bool> {
        for x in self.iterate(interp, obj)? {
            if interp.equals(&x, item)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// `bool(obj)`.
    fn truth(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<bool> {
        Ok(true)
    }

    /// `repr(obj)`; `None` lets the core print its default `<... object>`.
    fn repr(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(None)
    }

    /// `str(obj)`; `None` lets the core use the repr (an enum member prints as `Color.RED`).
    fn str(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(None)
    }

    /// `format(obj, spec)` and f-string fields; `None` lets the core answer (`str(obj)` for an empty spec,
    /// a `TypeError` naming the type otherwise).
    fn format(
        &self,
        _interp: &mut Interpreter,
        _obj: &Value,
        _spec: &str,
    ) -> PyResult<Option<String>> {
        Ok(None)
    }

    /// `abs(obj)` and `round(obj)` (`__abs__`, `__round__`).
    fn number_protocol(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        protocol: &str,
    ) -> PyResult<Value> {
        Err(type_error(format!(
            "bad operand type for {protocol}(): '{}'",
            self.name(obj)
        )))
    }

    /// `copy.deepcopy(obj)`; `None` lets the core copy it as an ordinary object.
    fn deep_copy(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// `with obj:` entry; the value bound by `as`.
    fn enter(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Value> {
        Err(type_error(format!(
            "'{}' object does not support the context manager protocol",
            self.name(obj)
        )))
    }

    /// `obj(*args)`: a native object that is callable (`torch.no_grad()` used as a decorator).
    fn call(&self, _interp: &mut Interpreter, obj: &Value, _args: Args) -> PyResult<Value> {
        Err(type_error(format!(
            "'{}' object is not callable",
            self.name(obj)
        )))
    }

    /// `with obj:` exit (whatever happened in the block).
    fn exit(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<()> {
        Ok(())
    }

    /// Constructs an instance of a native class (`nn.Linear(4, 8)`); `None` lets the core create an
    /// ordinary instance and call `__init__`.
    fn construct(
        &self,
        _interp: &mut Interpreter,
        _class: &Rc<Class>,
        _args: &Args,
    ) -> PyResult<Option<Value>> {
        Ok(None)
    }

    /// The class a `class` statement with a base of this type makes (`typing.NamedTuple` makes a named
    /// tuple, `enum.Enum` its members), as a metaclass would; by default the class as written.
    fn class_created(&self, _interp: &mut Interpreter, class: Rc<Class>) -> PyResult<Value> {
        Ok(Value::Class(class))
    }

    /// `cls[index]` for a class of this native type (`Color['RED']`).
    fn class_get_item(
        &self,
        _interp: &mut Interpreter,
        _class: &Rc<Class>,
        _index: &Value,
    ) -> PyResult<Value> {
        Err(type_error("'type' object is not subscriptable"))
    }

    /// The items `for x in cls` yields for a class of this native type (an enum's members).
    fn class_iterate(&self, _interp: &mut Interpreter, _class: &Rc<Class>) -> PyResult<Vec<Value>> {
        Err(type_error("'type' object is not iterable"))
    }

    /// `repr(cls)` for a class of this native type (`<class 'torch.nn.modules.linear.Linear'>`).
    fn class_repr(&self, class: &Class) -> String {
        format!("<class '{}'>", class.name)
    }
}

/// The native types of the values the engine itself defines (tensor, shape, dtype), registered by the
/// binding module that gives them their Python behaviour.
#[derive(Default, Clone, Copy)]
pub struct EngineTypes {
    pub tensor: Option<&'static dyn NativeType>,
    pub size: Option<&'static dyn NativeType>,
    pub dtype: Option<&'static dyn NativeType>,
}

impl Interpreter {
    /// Registers the native types of the engine's own values (done by the binding module that defines
    /// their Python behaviour, when the interpreter is assembled).
    pub fn register_engine_types(&mut self, types: EngineTypes) {
        self.engine_types = types;
    }

    /// The native type whose slots define `v`'s behaviour, if it has one.
    pub fn native_type(&self, v: &Value) -> Option<&'static dyn NativeType> {
        match v {
            Value::Tensor(_) => self.engine_types.tensor,
            Value::Size(_) => self.engine_types.size,
            Value::DType(_) => self.engine_types.dtype,
            Value::Native(o) => Some(o.native_type()),
            Value::Instance(i) => i.class().slots(),
            _ => None,
        }
    }
}

/// Per-interpreter state of binding modules (torch's generator, grad mode and classes), kept by type so the
/// core holds it without knowing what it is (as `http::Extensions` and anymap do). A binding module or two
/// keep one value each, so a short list searched by `TypeId` is faster than hashing (it is read on every
/// tensor op, for the grad mode).
#[derive(Default)]
pub struct Extensions {
    slots: Vec<(TypeId, Box<dyn Any>)>,
}

impl Extensions {
    pub fn get<T: Any>(&self) -> Option<&T> {
        let id = TypeId::of::<T>();
        self.slots
            .iter()
            .find(|(k, _)| *k == id)
            .and_then(|(_, b)| b.downcast_ref())
    }

    /// The state of type `T`, made with `init` the first time.
    pub fn get_or_insert_with<T: Any>(&mut self, init: impl FnOnce() -> T) -> &mut T {
        let id = TypeId::of::<T>();
        let at = match self.slots.iter().position(|(k, _)| *k == id) {
            Some(i) => i,
            None => {
                self.slots.push((id, Box::new(init())));
                self.slots.len() - 1
            }
        };
        match self.slots[at].1.downcast_mut() {
            Some(t) => t,
            // Each slot holds a value of the TypeId it is listed under.
            None => unreachable!("an extension slot holds a value of another type"),
        }
    }
}
