//! The Python behaviour of torch's values, as native types the interpreter core reaches through its one
//! door (`interp::native`): `Tensor`, `torch.Size`, `torch.dtype`, the `nn` module classes, and the
//! grad-mode context managers (`torch.no_grad()`).

use crate::interp::torch::state::state;
use std::any::Any;
use std::cell::Cell;
use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator, UnaryOp};

use crate::interp::Interpreter;
use crate::interp::error::PyResult;
use crate::interp::native::{NativeObject, NativeType};
use crate::interp::value::{Args, Class, Instance, Value};

use super::tensor::{self, ops as tensor_ops};
use super::{nn, scalar_to_value};

pub(crate) static TENSOR: TensorType = TensorType;
pub(crate) static SIZE: SizeType = SizeType;
pub(crate) static DTYPE: DTypeType = DTypeType;
pub(crate) static MODULE: ModuleType = ModuleType;
static GRAD_MODE: GradModeType = GradModeType;

/// An attribute of the `torch` module (the type objects `torch.Tensor`, `torch.Size`).
fn torch_attr(interp: &Interpreter, name: &str) -> Value {
    match interp.modules.get("torch") {
        Some(Value::Module(m)) => m.attrs.get(name).cloned().unwrap_or(Value::None),
        _ => Value::None,
    }
}

pub(crate) struct TensorType;

/// The tensor a tensor slot was called on (the core calls a type's slots only with its own values).
fn this(obj: &Value) -> PyResult<&crate::tensor::Tensor> {
    match obj {
        Value::Tensor(t) => Ok(t),
        other => Err(crate::interp::error::type_error(format!(
            "internal: a Tensor slot called on {}",
            other.type_name()
        ))),
    }
}

impl NativeType for TensorType {
    fn name(&self, _obj: &Value) -> String {
        "Tensor".into()
    }

    fn attribute_names(&self, _obj: &Value) -> Vec<String> {
        super::tensor::attribute_names().map(String::from).collect()
    }

    fn type_object(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Value> {
        if let Value::Tensor(t) = obj
            && t.is_param()
            && let Value::Module(nn) = torch_attr(interp, "nn")
            && let Some(parameter) = nn.attrs.get("Parameter")
        {
            return Ok(parameter.clone());
        }
        Ok(torch_attr(interp, "Tensor"))
    }

    fn is_instance(&self, obj: &Value, type_name: &str) -> bool {
        match (obj, type_name) {
            (Value::Tensor(_), "Tensor") => true,
            (Value::Tensor(t), "Parameter") => t.is_param(),
            _ => false,
        }
    }

    fn get_attr(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        tensor::tensor_attr(interp, this(obj)?, name, obj).map(Some)
    }

    fn set_attr(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        value: &Value,
    ) -> PyResult<bool> {
        tensor::tensor_setattr(interp, this(obj)?, name, value.clone())?;
        Ok(false)
    }

    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        tensor::has_method(name)
    }

    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        tensor::call_method(interp, this(obj)?, name, args)
    }

    fn get_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        tensor_ops::tensor_getitem(interp, this(obj)?, index)
    }

    fn set_item(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        index: &Value,
        value: &Value,
    ) -> PyResult<()> {
        tensor_ops::tensor_setitem(interp, this(obj)?, index, value)
    }

    fn iterate(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Vec<Value>> {
        tensor_ops::tensor_iter(this(obj)?)
    }

    fn len_sym(&self, obj: &Value) -> Option<crate::tensor::sym::Sym> {
        this(obj).ok()?.axis(0)
    }

    fn len(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<usize> {
        match this(obj)?.shape().first() {
            Some(&n) => Ok(n),
            None => Err(crate::interp::error::type_error("len() of a 0-d tensor")),
        }
    }

    fn binary_op(
        &self,
        interp: &mut Interpreter,
        op: Operator,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Value> {
        tensor_ops::tensor_binop(interp, op, lhs, rhs)
    }

    fn inplace_op(
        &self,
        interp: &mut Interpreter,
        op: Operator,
        target: &Value,
        rhs: &Value,
    ) -> PyResult<bool> {
        match target {
            // Tensors have no `__imatmul__`: `a @= b` rebinds `a` to a new tensor, aliases keep the old.
            Value::Tensor(_) if op == Operator::MatMult => Ok(false),
            Value::Tensor(t) => {
                tensor_ops::tensor_inplace_binop(interp, t, op, rhs)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn unary_op(&self, interp: &mut Interpreter, op: UnaryOp, obj: &Value) -> PyResult<Value> {
        tensor_ops::tensor_unary(interp, op, this(obj)?)
    }

    fn compare(
        &self,
        interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        tensor_ops::tensor_compare(interp, op, lhs, rhs).map(Some)
    }

    fn contains(&self, interp: &mut Interpreter, obj: &Value, item: &Value) -> PyResult<bool> {
        tensor_ops::tensor_contains(interp, this(obj)?, item)
    }

    fn truth(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<bool> {
        tensor_ops::tensor_truth(this(obj)?)
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        Ok(Some(super::tensor_repr(interp, this(obj)?)))
    }

    /// `Tensor.__format__`: a 0-d tensor formats as its Python number; any other tensor accepts only an
    /// empty spec.
    fn format(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        spec: &str,
    ) -> PyResult<Option<String>> {
        match obj {
            Value::Tensor(t) if t.ndim() == 0 => {
                let item = scalar_to_value(t.item()?);
                interp.format_value(&item, spec).map(Some)
            }
            _ if spec.is_empty() => Ok(None),
            _ => Err(crate::interp::error::type_error(
                "unsupported format string passed to Tensor.__format__",
            )),
        }
    }

    /// `abs(t)` is `t.abs()`; a tensor has no `__round__` (PyTorch's own error).
    fn number_protocol(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        protocol: &str,
    ) -> PyResult<Value> {
        match protocol {
            "abs" => tensor::call_method(interp, this(obj)?, "abs", Args::new(vec![])),
            _ => Err(crate::interp::error::type_error(format!(
                "type Tensor doesn't define __{protocol}__ method"
            ))),
        }
    }

    /// `copy.deepcopy(t)`: new storage, the same autograd flags, no `grad_fn` (a leaf, as in PyTorch).
    fn deep_copy(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<Value>> {
        let t = this(obj)?;
        let c = t.deep_copy();
        c.set_grad_info(crate::tensor::GradInfo {
            grad_fn: None,
            ..t.grad_info()
        });
        Ok(Some(Value::Tensor(c)))
    }
}

pub(crate) struct SizeType;

impl NativeType for SizeType {
    fn name(&self, _obj: &Value) -> String {
        "Size".into()
    }

    fn type_object(&self, interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(torch_attr(interp, "Size"))
    }

    fn is_instance(&self, obj: &Value, type_name: &str) -> bool {
        matches!(obj, Value::Size(_)) && type_name == "Size"
    }

    fn repr(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        Ok(match obj {
            Value::Size(s) => Some(crate::tensor::format::format_size(s)),
            _ => None,
        })
    }
}

pub(crate) struct DTypeType;

impl NativeType for DTypeType {
    fn name(&self, _obj: &Value) -> String {
        "torch.dtype".into()
    }

    fn type_object(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(crate::interp::builtins::type_object("torch.dtype", None))
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let Value::DType(d) = obj else {
            return Ok(None);
        };
        Ok(match name {
            "is_floating_point" => Some(Value::Bool(d.is_floating_point())),
            "itemsize" => Some(Value::int(d.size_in_bytes() as i64)),
            _ => None,
        })
    }

    fn repr(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        Ok(match obj {
            Value::DType(d) => Some(d.to_string()),
            _ => None,
        })
    }
}

/// `nn.Module` and its subclasses (the learner's own included), and torch's named tuples.
pub(crate) struct ModuleType;

fn instance(obj: &Value) -> Option<&Rc<Instance>> {
    match obj {
        Value::Instance(i) => Some(i),
        _ => None,
    }
}

impl NativeType for ModuleType {
    fn name(&self, obj: &Value) -> String {
        obj.type_name()
    }

    fn construct(
        &self,
        interp: &mut Interpreter,
        class: &Rc<Class>,
        args: &Args,
    ) -> PyResult<Option<Value>> {
        match class.native {
            Some(tag) => nn::construct_native(interp, tag, class, args),
            None => Ok(None),
        }
    }

    fn get_attr(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        match instance(obj) {
            Some(inst) => nn::module_attr(interp, inst, name),
            None => Ok(None),
        }
    }

    fn set_attr(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        value: &Value,
    ) -> PyResult<bool> {
        if let Some(inst) = instance(obj) {
            nn::before_module_setattr(interp, inst, name, value)?;
        }
        Ok(true)
    }

    fn get_item(&self, interp: &mut Interpreter, obj: &Value, index: &Value) -> PyResult<Value> {
        match instance(obj) {
            Some(inst) => nn::module_getitem(interp, inst, index),
            None => Ok(Value::None),
        }
    }

    fn set_item(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        index: &Value,
        value: &Value,
    ) -> PyResult<()> {
        match instance(obj) {
            Some(inst) => nn::module_setitem(inst, index, value),
            None => Ok(()),
        }
    }

    fn iterate(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Vec<Value>> {
        match instance(obj) {
            Some(inst) => nn::module_iter(interp, inst),
            None => Ok(Vec::new()),
        }
    }

    fn len(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<usize> {
        match instance(obj) {
            Some(inst) => match nn::module_len(interp, inst)? {
                Value::Int(n, _) => Ok(n.max(0) as usize),
                _ => Ok(0),
            },
            None => Ok(0),
        }
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        match instance(obj) {
            Some(inst) => nn::module_repr(interp, inst),
            None => Ok(None),
        }
    }

    fn class_repr(&self, class: &Class) -> String {
        format!("<class 'torch.nn.modules.{}'>", class.name)
    }
}

/// `torch.no_grad()`, `torch.enable_grad()` and `torch.set_grad_enabled(mode)` as context managers.
pub(crate) struct GradMode {
    /// The mode the block runs in.
    enabled: bool,
    /// `set_grad_enabled` applies its mode when called; this is the nesting to restore on leaving.
    applied_over: Option<usize>,
    /// The nesting when the `with` block was entered (restored on exit).
    saved: Cell<usize>,
}

impl GradMode {
    pub(crate) fn value(enabled: bool, applied_over: Option<usize>) -> Value {
        Value::Native(Rc::new(GradMode {
            enabled,
            applied_over,
            saved: Cell::new(0),
        }))
    }
}

impl NativeObject for GradMode {
    fn native_type(&self) -> &'static dyn NativeType {
        &GRAD_MODE
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

struct GradModeType;

fn grad_mode(obj: &Value) -> Option<&GradMode> {
    match obj {
        Value::Native(o) => o.as_any().downcast_ref::<GradMode>(),
        _ => None,
    }
}

impl NativeType for GradModeType {
    fn name(&self, _obj: &Value) -> String {
        "no_grad".into()
    }

    fn repr(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(Some("<torch.autograd.grad_mode.no_grad object>".into()))
    }

    fn enter(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Value> {
        if let Some(g) = grad_mode(obj) {
            match g.applied_over {
                // Applied when called: leaving restores the mode from before the call.
                Some(before) => g.saved.set(before),
                None => {
                    let s = state(interp);
                    g.saved.set(s.no_grad);
                    s.no_grad = if g.enabled { 0 } else { s.no_grad + 1 };
                }
            }
        }
        Ok(Value::None)
    }

    fn exit(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<()> {
        if let Some(g) = grad_mode(obj) {
            state(interp).no_grad = g.saved.get();
        }
        Ok(())
    }

    /// `@torch.no_grad()` over a function: the function, run inside the mode each time it is called.
    fn call(&self, _interp: &mut Interpreter, obj: &Value, args: Args) -> PyResult<Value> {
        let [func] = <[Value; 1]>::try_from(args.pos).map_err(|_| {
            crate::interp::error::type_error("a grad mode decorates exactly one function")
        })?;
        let enabled = grad_mode(obj).is_some_and(|g| g.enabled);
        Ok(crate::interp::builtins::builtin_with(
            "decorated",
            move |interp, a| {
                // Saved per call (not in the object), so a decorated function may recurse.
                let before = state(interp).no_grad;
                state(interp).no_grad = if enabled { 0 } else { before + 1 };
                let result = interp.call_value(func.clone(), a);
                state(interp).no_grad = before;
                result
            },
        ))
    }
}
