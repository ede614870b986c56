//! What a tensor does with Python around it: `apply_` and `map_` (a Python callable per element, as
//! torch/csrc/utils/tensor_apply.cpp calls it), shared memory (`share_memory_`, `is_shared`) and the
//! `layout` property with its `torch.strided` value.

use std::cell::RefCell;
use std::rc::Rc;

use rustpython_parser::ast::CmpOp;

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::native::{NativeObject, NativeType};
use crate::interp::value::{Args, Value};
use crate::tensor::{DType, Tensor};

use super::super::call::{Call, Def};
use super::super::state::state;
use super::math::t;

/// `torch.strided`, the one layout the engine's tensors have.
pub(crate) struct Layout;

impl NativeObject for Layout {
    fn native_type(&self) -> &'static dyn NativeType {
        &LAYOUT
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct LayoutType;
static LAYOUT: LayoutType = LayoutType;

impl NativeType for LayoutType {
    fn name(&self, _obj: &Value) -> String {
        "layout".into()
    }
    fn type_object(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(crate::interp::builtins::type_object("torch.layout", None))
    }
    fn repr(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(Some("torch.strided".into()))
    }
    fn compare(
        &self,
        _interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        let both = is_layout(lhs) && is_layout(rhs);
        Ok(equality(op, both))
    }
}

/// `==`/`!=` between values of a type whose objects are equal when `same` (other comparisons unsupported).
fn equality(op: CmpOp, same: bool) -> Option<Value> {
    match op {
        CmpOp::Eq => Some(Value::Bool(same)),
        CmpOp::NotEq => Some(Value::Bool(!same)),
        _ => None,
    }
}

fn is_layout(v: &Value) -> bool {
    matches!(v, Value::Native(o) if o.as_any().is::<Layout>())
}

/// `torch.strided` (and `t.layout`).
pub(crate) fn strided() -> Value {
    Value::Native(Rc::new(Layout))
}

/// Element `v` of a tensor of `dtype` as the Python number `apply_` passes.
fn element(dtype: DType, v: f64, i: i64, b: bool) -> Value {
    if dtype.is_floating_point() {
        Value::Float(v)
    } else if dtype == DType::Bool {
        Value::Bool(b)
    } else {
        Value::int(i)
    }
}

/// The elements of `x` in row-major order, as Python numbers.
fn elements(x: &Tensor) -> Vec<Value> {
    let dtype = x.dtype();
    let (f, i, b) = (x.to_vec::<f64>(), x.to_vec::<i64>(), x.to_vec::<bool>());
    (0..x.numel())
        .map(|k| element(dtype, f[k], i[k], b[k]))
        .collect()
}

/// Writes the callable's results back, each converted as `store_scalar` converts it.
fn store(interp: &mut Interpreter, x: &Tensor, results: Vec<Value>) -> PyResult<()> {
    let dtype = x.dtype();
    let values = if dtype.is_floating_point() {
        let v = results
            .iter()
            .map(|r| match r {
                Value::Float(f) => Ok(*f),
                Value::Int(n, _) => Ok(*n as f64),
                Value::Bool(b) => Ok(f64::from(u8::from(*b))),
                other => Err(type_error(format!(
                    "must be real number, not {}",
                    other.type_name()
                ))),
            })
            .collect::<PyResult<Vec<f64>>>()?;
        Tensor::from_vec(v, x.shape())?
    } else if dtype == DType::Bool {
        let mut v = Vec::with_capacity(results.len());
        for r in &results {
            v.push(interp.truthy(r)?);
        }
        Tensor::from_vec(v, x.shape())?
    } else {
        let v = results
            .iter()
            .map(|r| match r {
                Value::Int(n, _) => Ok(*n),
                Value::Bool(b) => Ok(i64::from(*b)),
                Value::Float(f) => Ok(*f as i64),
                other => Err(type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    other.type_name()
                ))),
            })
            .collect::<PyResult<Vec<i64>>>()?;
        let (lo, hi) = (dtype.int_min(), dtype.int_max());
        if v.iter().any(|n| !(lo..=hi).contains(n)) {
            return Err(exc(
                ExcKind::RuntimeError,
                format!(
                    "value cannot be converted to type {} without overflow",
                    dtype.name()
                ),
            ));
        }
        Tensor::from_vec(v, x.shape())?
    };
    x.copy_from(&values)?;
    Ok(())
}

fn check_no_grad(x: &Tensor, op: &str) -> PyResult<()> {
    if x.requires_grad() {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "Can't call {op}() on Variable that requires grad. Use var.detach().{op}() instead."
            ),
        ));
    }
    Ok(())
}

fn apply(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    check_no_grad(&x, "apply_")?;
    let f = c.value_or_default(1)?;
    let mut results = Vec::with_capacity(x.numel());
    for v in elements(&x) {
        results.push(interp.call_value(f.clone(), Args::new(vec![v]))?);
    }
    store(interp, &x, results)?;
    t(x)
}

fn map(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let (x, other) = (c.this()?, c.tensor(1)?);
    check_no_grad(&x, "map_")?;
    if other.dtype() != x.dtype() {
        let legacy = |d: DType| format!("torch.{}Tensor", d.scalar_type_name());
        return Err(type_error(format!(
            "map_: expected {} for 'other' (got {})",
            legacy(x.dtype()),
            legacy(other.dtype())
        )));
    }
    let sizes: Vec<i64> = x.shape().iter().map(|&d| d as i64).collect();
    let other = other.expand(&sizes)?;
    let f = c.value_or_default(2)?;
    let mut results = Vec::with_capacity(x.numel());
    for (a, b) in elements(&x).into_iter().zip(elements(&other)) {
        results.push(interp.call_value(f.clone(), Args::new(vec![a, b]))?);
    }
    store(interp, &x, results)?;
    t(x)
}

pub(super) static DEFS: &[Def] = &[
    Def::method("apply_", &["apply_(Tensor input, object callable)"], apply),
    Def::method(
        "map_",
        &["map_(Tensor input, Tensor other, object callable)"],
        map,
    ),
    Def::method("is_shared", &["is_shared(Tensor input)"], |interp, c| {
        let x = c.this()?;
        let shared = &state(interp).shared;
        Ok(Value::Bool(shared.iter().any(|s| s.shares_storage(&x))))
    }),
    Def::method(
        "share_memory_",
        &["share_memory_(Tensor input)"],
        |interp, c| {
            let x = c.this()?;
            let shared = &mut state(interp).shared;
            if !shared.iter().any(|s| s.shares_storage(&x)) {
                shared.push(x.clone());
            }
            t(x)
        },
    ),
];

/// `Tensor.random_()`, `random_(to)`, `random_(from, to)`.
pub(super) static RANDOM_DEFS: &[Def] = &[Def::method(
    "random_",
    &[
        "random_(Tensor input, *, Generator? generator=None)",
        "random_(Tensor input, int from, int? to, *, Generator? generator=None)",
        "random_(Tensor input, int to, *, Generator? generator=None)",
    ],
    |interp, c| {
        use crate::tensor::ops::random_int::{Bounds, random_};
        let x = c.this()?;
        let bounds = match c.which() {
            0 => Bounds::Full,
            1 => Bounds::From(c.int(1)?, c.opt_int(2)?),
            _ => Bounds::From(0, Some(c.int(1)?)),
        };
        let warnings = random_(&x, bounds, &mut state(interp).rng)?;
        interp.warnings.extend(warnings);
        t(x)
    },
)];

/// The dims of a channels-last 4-D tensor from the innermost out (channels, width, height, batch).
const CHANNELS_LAST: &[usize] = &[1, 3, 2, 0];
/// The same for 5-D (channels, width, height, depth, batch).
const CHANNELS_LAST_3D: &[usize] = &[1, 4, 3, 2, 0];

/// `torch.contiguous_format`, `torch.preserve_format`, `torch.channels_last`, `torch.channels_last_3d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MemoryFormat {
    Contiguous,
    Preserve,
    ChannelsLast,
    ChannelsLast3d,
}

impl MemoryFormat {
    pub(crate) const ALL: [(&'static str, MemoryFormat); 4] = [
        ("contiguous_format", MemoryFormat::Contiguous),
        ("preserve_format", MemoryFormat::Preserve),
        ("channels_last", MemoryFormat::ChannelsLast),
        ("channels_last_3d", MemoryFormat::ChannelsLast3d),
    ];

    fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("contiguous_format", |(n, _)| n)
    }

    /// The strides a tensor of `shape` has in this format (`None`: the format keeps the input's own).
    pub(crate) fn strides(self, shape: &[usize]) -> PyResult<Option<Vec<usize>>> {
        let (rank, order) = match self {
            MemoryFormat::Preserve => return Ok(None),
            MemoryFormat::Contiguous => {
                return Ok(Some(crate::tensor::layout::contiguous_strides(shape)));
            }
            MemoryFormat::ChannelsLast => (4, CHANNELS_LAST),
            MemoryFormat::ChannelsLast3d => (5, CHANNELS_LAST_3D),
        };
        if shape.len() != rank {
            let which = if rank == 4 {
                "channels_last"
            } else {
                "channels_last_3d"
            };
            return Err(exc(
                ExcKind::RuntimeError,
                format!("required rank {rank} tensor to use {which} format"),
            ));
        }
        // c10's `get_channels_last_strides_2d/3d`: channels innermost, then width, height(, depth), batch.
        let mut strides = vec![0; rank];
        let mut next = 1;
        for &d in order {
            strides[d] = next;
            next *= shape[d];
        }
        Ok(Some(strides))
    }

    /// `x.is_contiguous(memory_format=self)`: dims of size 1 may have any stride.
    pub(crate) fn holds(self, x: &Tensor) -> PyResult<bool> {
        let order = match self {
            MemoryFormat::ChannelsLast if x.ndim() == 4 => CHANNELS_LAST,
            MemoryFormat::ChannelsLast3d if x.ndim() == 5 => CHANNELS_LAST_3D,
            MemoryFormat::ChannelsLast | MemoryFormat::ChannelsLast3d => return Ok(false),
            // `TensorImpl::is_contiguous`: any format but the channels-last ones asks for row-major.
            MemoryFormat::Contiguous | MemoryFormat::Preserve => return Ok(x.is_contiguous()),
        };
        let mut expected = 1;
        for &d in order {
            let size = x.shape()[d];
            if size != 1 {
                if x.strides()[d] != expected {
                    return Ok(false);
                }
                expected *= size;
            }
        }
        Ok(true)
    }

    /// A copy of `x` laid out in this format (`preserve_format`: as `clone()` lays it out).
    pub(crate) fn copy(self, x: &Tensor) -> PyResult<Tensor> {
        Ok(match self.strides(x.shape())? {
            None => x.clone_preserve(),
            Some(strides) => x.deep_copy().restrided(strides),
        })
    }

    /// `x` itself when it already has this format, else a copy in it (`contiguous(memory_format=)`).
    pub(crate) fn make(self, x: &Tensor) -> PyResult<Tensor> {
        if self.holds(x)? {
            return Ok(x.clone());
        }
        if self == MemoryFormat::Preserve {
            return Err(exc(
                ExcKind::RuntimeError,
                "preserve memory format is unsupported by the contiguous operator",
            ));
        }
        self.copy(x)
    }

    /// `suggest_memory_format()`: channels-last for a 4-D (5-D) tensor whose strides are like it
    /// (c10's `is_channels_last_strides_2d/3d`, ambiguous cases counted as contiguous), else contiguous.
    pub(crate) fn suggested(x: &Tensor) -> MemoryFormat {
        let (shape, strides) = (x.shape(), x.strides());
        let (format, order) = match shape.len() {
            4 => (MemoryFormat::ChannelsLast, CHANNELS_LAST),
            5 => (MemoryFormat::ChannelsLast3d, CHANNELS_LAST_3D),
            _ => return MemoryFormat::Contiguous,
        };
        if strides[1] == 0 {
            return MemoryFormat::Contiguous;
        }
        let mut min = 0;
        for &d in order {
            if shape[d] == 0 || strides[d] < min || (d == 0 && min == strides[1]) {
                return MemoryFormat::Contiguous;
            }
            min = strides[d];
            if shape[d] > 1 {
                min *= shape[d];
            }
        }
        format
    }

    /// `out` (row-major, `x`'s shape) laid out as `*_like(x, memory_format=self)` and `x.to(..)` lay it out
    /// (`preserve_format`: as `x` is).
    pub(crate) fn like(self, x: &Tensor, out: Tensor) -> PyResult<Tensor> {
        Ok(match self.strides(x.shape())? {
            None => match x.preserved_strides() {
                Some(strides) => out.restrided(strides),
                None => out,
            },
            Some(strides) => out.restrided(strides),
        })
    }
}

impl NativeObject for MemoryFormat {
    fn native_type(&self) -> &'static dyn NativeType {
        &MEMORY_FORMAT
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct MemoryFormatType;
static MEMORY_FORMAT: MemoryFormatType = MemoryFormatType;

impl NativeType for MemoryFormatType {
    fn name(&self, _obj: &Value) -> String {
        "memory_format".into()
    }
    fn type_object(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(crate::interp::builtins::type_object(
            "torch.memory_format",
            None,
        ))
    }
    fn repr(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        Ok(memory_format_of(obj).map(|f| format!("torch.{}", f.name())))
    }
    fn compare(
        &self,
        _interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        let same =
            memory_format_of(lhs).is_some() && memory_format_of(lhs) == memory_format_of(rhs);
        Ok(equality(op, same))
    }
}

/// The memory format a value is, if it is one.
pub(crate) fn memory_format_of(v: &Value) -> Option<MemoryFormat> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<MemoryFormat>().copied(),
        _ => None,
    }
}

/// The `memory_format=` argument at `i` (`default` when omitted or `None`).
pub(crate) fn memory_format_arg(c: &Call, i: usize, default: MemoryFormat) -> MemoryFormat {
    c.value(i)
        .and_then(|v| memory_format_of(&v))
        .unwrap_or(default)
}

/// `torch.device('cpu')` (with an optional index: `torch.device('cpu', 0)`, `'cpu:0'`), what `t.device`
/// is. The tutor has the CPU only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Device {
    pub(crate) index: Option<i64>,
}

impl NativeObject for Device {
    fn native_type(&self) -> &'static dyn NativeType {
        &DEVICE
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct DeviceType;
static DEVICE: DeviceType = DeviceType;

fn device_of(v: &Value) -> Option<Device> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<Device>().copied(),
        _ => None,
    }
}

impl NativeType for DeviceType {
    fn name(&self, _obj: &Value) -> String {
        "device".into()
    }
    fn type_object(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(crate::interp::builtins::type_object("torch.device", None))
    }
    fn repr(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        Ok(device_of(obj).map(|d| match d.index {
            Some(i) => format!("device(type='cpu', index={i})"),
            None => "device(type='cpu')".into(),
        }))
    }
    fn str(&self, _interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        Ok(device_of(obj).map(|d| match d.index {
            Some(i) => format!("cpu:{i}"),
            None => "cpu".into(),
        }))
    }
    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        let Some(d) = device_of(obj) else {
            return Ok(None);
        };
        Ok(match name {
            "type" => Some(Value::str("cpu")),
            "index" => Some(d.index.map_or(Value::None, Value::int)),
            _ => None,
        })
    }
    fn hash_key(&self, obj: &Value) -> PyResult<Option<crate::interp::value::HashKey>> {
        use crate::interp::value::HashKey;
        Ok(device_of(obj).map(|d| {
            HashKey::Tuple(vec![
                HashKey::Str("cpu".into()),
                d.index.map_or(HashKey::None, HashKey::Int),
            ])
        }))
    }
    fn compare(
        &self,
        _interp: &mut Interpreter,
        op: CmpOp,
        lhs: &Value,
        rhs: &Value,
    ) -> PyResult<Option<Value>> {
        let same = device_of(lhs).is_some() && device_of(lhs) == device_of(rhs);
        Ok(equality(op, same))
    }
}

/// The CPU device as a value (`t.device`, `torch.device('cpu')`).
pub(crate) fn cpu_device(index: Option<i64>) -> Value {
    Value::Native(Rc::new(Device { index }))
}

/// The default random generator, as `torch.manual_seed` returns it (`torch._C.Generator`): its methods
/// act on the generator every random op draws from unless given another.
pub(crate) struct DefaultGenerator;

/// A generator of its own (`torch.Generator()`): an MT19937 state, seeded with c10's default seed until
/// `manual_seed`, which the random ops draw from when it is their `generator=`.
pub(crate) struct OwnGenerator {
    state: RefCell<crate::tensor::random::Generator>,
}

impl NativeObject for OwnGenerator {
    fn native_type(&self) -> &'static dyn NativeType {
        &GENERATOR
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

/// `torch.Generator(device='cpu')`.
pub(crate) fn new_generator() -> Value {
    Value::Native(Rc::new(OwnGenerator {
        state: RefCell::new(crate::tensor::random::Generator::new(
            crate::tensor::random::DEFAULT_SEED,
        )),
    }))
}

/// The generator of its own a call's arguments name (`generator=g`), if any: a call names at most one.
pub(crate) fn generator_arg(args: &Args) -> Option<Rc<dyn NativeObject>> {
    args.pos
        .iter()
        .chain(args.kw.iter().map(|(_, v)| v))
        .find_map(|v| match v {
            Value::Native(o) if o.as_any().is::<OwnGenerator>() => Some(Rc::clone(o)),
            _ => None,
        })
}

/// Runs `f` with `generator` (from [`generator_arg`]) standing in for the default one, as PyTorch's ops
/// draw from the generator they are given.
pub(crate) fn with_generator<R>(
    interp: &mut Interpreter,
    generator: Option<&Rc<dyn NativeObject>>,
    f: impl FnOnce(&mut Interpreter) -> PyResult<R>,
) -> PyResult<R> {
    match generator.and_then(|o| o.as_any().downcast_ref::<OwnGenerator>()) {
        Some(g) => with_state(interp, g, f),
        None => f(interp),
    }
}

fn with_state<R>(
    interp: &mut Interpreter,
    g: &OwnGenerator,
    f: impl FnOnce(&mut Interpreter) -> PyResult<R>,
) -> PyResult<R> {
    let swap = |interp: &mut Interpreter| {
        std::mem::swap(
            &mut super::super::state::state(interp).rng,
            &mut g.state.borrow_mut(),
        )
    };
    swap(interp);
    let result = f(interp);
    swap(interp);
    result
}

impl NativeObject for DefaultGenerator {
    fn native_type(&self) -> &'static dyn NativeType {
        &GENERATOR
    }
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

struct GeneratorType;
static GENERATOR: GeneratorType = GeneratorType;

impl NativeType for GeneratorType {
    fn name(&self, _obj: &Value) -> String {
        "Generator".into()
    }
    fn type_object(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Value> {
        Ok(crate::interp::builtins::type_object(
            "torch._C.Generator",
            None,
        ))
    }
    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        matches!(
            name,
            "initial_seed" | "manual_seed" | "seed" | "get_state" | "set_state"
        )
    }
    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        _obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        Ok((name == "device").then(|| cpu_device(None)))
    }
    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        let torch = match interp.modules.get("torch") {
            Some(Value::Module(m)) => Rc::clone(m),
            _ => return Err(type_error("internal: no torch module")),
        };
        // The methods are the torch functions of the same work, run on this generator's state.
        let forward = |name: &str| torch.attrs.get(name).cloned();
        let own = match obj {
            Value::Native(o) => o.as_any().downcast_ref::<OwnGenerator>(),
            _ => None,
        };
        let function = match name {
            "get_state" => "get_rng_state",
            "set_state" => "set_rng_state",
            other => other,
        };
        let run = |interp: &mut Interpreter| match forward(function) {
            Some(f) => interp.call_value(f, args),
            None => Ok(Value::None),
        };
        match name {
            "manual_seed" | "set_state" | "initial_seed" | "seed" | "get_state" => {
                let result = match own {
                    Some(g) => with_state(interp, g, run)?,
                    None => run(interp)?,
                };
                Ok(match name {
                    "manual_seed" | "set_state" => obj.clone(),
                    _ => result,
                })
            }
            _ => Err(exc(
                ExcKind::AttributeError,
                format!("'torch._C.Generator' object has no attribute '{name}'"),
            )),
        }
    }
}

/// The default generator as a value (what `torch.manual_seed` returns).
pub(crate) fn default_generator() -> Value {
    Value::Native(Rc::new(DefaultGenerator))
}
