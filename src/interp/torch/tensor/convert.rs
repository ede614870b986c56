//! Dtype conversions (`float()`, `to`, `type_as`), copies and devices (`clone`, `detach`, `cpu`), in-place
//! fills and random fills (`fill_`, `zero_`, `copy_`, `uniform_`, `normal_`), and new tensors made from
//! one (`new_zeros`, `new_full`, `new_tensor`).

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::Value;
use crate::tensor::ops::{distributions, init};
use crate::tensor::{DType, Scalar, Tensor};

use super::super::call::{Call, Def};
use super::super::functions::{shape_from, tensor_from_value};
use super::super::state::state;

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

/// The values as nested Python lists (`tolist()`).
pub(crate) fn tolist(x: &Tensor) -> PyResult<Value> {
    fn build(shape: &[usize], flat: &mut std::slice::Iter<'_, Value>) -> Value {
        match shape.split_first() {
            None => flat.next().cloned().unwrap_or(Value::None),
            Some((&n, rest)) => Value::list((0..n).map(|_| build(rest, flat)).collect()),
        }
    }
    // The flat values, then the nested lists that hold them.
    crate::interp::reserve_values(x.numel().saturating_mul(2))?;
    let flat: Vec<Value> = match x.dtype() {
        DType::Bool => x.to_vec::<bool>().into_iter().map(Value::Bool).collect(),
        d if d.is_floating_point() => x.to_vec::<f64>().into_iter().map(Value::Float).collect(),
        _ => x.to_vec::<i64>().into_iter().map(Value::int).collect(),
    };
    Ok(build(x.shape(), &mut flat.iter()))
}

macro_rules! cast_def {
    ($name:literal, $dtype:expr) => {
        Def::method(
            $name,
            &[concat!(
                $name,
                "(Tensor input, *, MemoryFormat? memory_format=None)"
            )],
            |_, c| t(c.this()?.to_dtype_preserve($dtype)),
        )
    };
}

/// A new tensor of `input`'s dtype (or `dtype=`) filled with `value`, `requires_grad=` applied.
fn new_filled(c: &Call, size_at: usize, value: Scalar, dtype_at: usize) -> PyResult<Value> {
    let x = c.this()?;
    let shape = shape_from(&c.int_list(size_at)?)?;
    let out = Tensor::full(&shape, value, c.dtype(dtype_at)?.unwrap_or(x.dtype()))?;
    super::super::functions::set_requires_grad(&out, c.requires_grad(dtype_at + 4)?)?;
    t(out)
}

pub(super) static DEFS: &[Def] = &[
    cast_def!("float", DType::Float32),
    cast_def!("double", DType::Float64),
    cast_def!("half", DType::Float16),
    cast_def!("bfloat16", DType::BFloat16),
    cast_def!("long", DType::Int64),
    cast_def!("int", DType::Int32),
    cast_def!("short", DType::Int16),
    cast_def!("char", DType::Int8),
    cast_def!("byte", DType::UInt8),
    cast_def!("bool", DType::Bool),
    Def::method(
        "to",
        &[
            "to(Tensor input, Device? device=None, ScalarType? dtype=None, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
            "to(Tensor input, ScalarType dtype, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
            "to(Tensor input, Tensor tensor, bool non_blocking=False, bool copy=False, *, MemoryFormat? memory_format=None)",
        ],
        to,
    ),
    Def::method(
        "type",
        &[
            "type(Tensor input, object dtype=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
            "type(Tensor input, object dtype=None, bool async=False, *, MemoryFormat? memory_format=None)|hidden",
        ],
        |_, c| {
            let x = c.this()?;
            // Legacy type names: `torch.FloatTensor` is float32's (`Float`), and so on.
            let legacy = |d: DType| format!("torch.{}Tensor", d.scalar_type_name());
            match c.value(1) {
                // Without an argument `type()` names the tensor's type.
                None | Some(Value::None) => Ok(Value::str(&legacy(x.dtype()))),
                Some(Value::DType(d)) => t(x.to_dtype_preserve(d)),
                Some(Value::Str(s)) => {
                    let name: &str = &s;
                    match DType::ALL.into_iter().find(|&d| legacy(d) == name) {
                        Some(d) => t(x.to_dtype_preserve(d)),
                        None => Err(exc(ExcKind::ValueError, format!("invalid type: '{name}'"))),
                    }
                }
                Some(_) => Err(exc(
                    ExcKind::TypeError,
                    "dtype must be a type, str, or dtype object",
                )),
            }
        },
    ),
    Def::method(
        "type_as",
        &["type_as(Tensor input, Tensor other)"],
        |_, c| t(c.this()?.to_dtype_preserve(c.tensor(1)?.dtype())),
    ),
    Def::both(
        "clone",
        &["clone(Tensor input, *, MemoryFormat? memory_format=None)"],
        |_, c| {
            let x = c.this()?;
            let format =
                super::python::memory_format_arg(c, 1, super::python::MemoryFormat::Preserve);
            t(format.copy(&x)?)
        },
    ),
    // Training is outside the tutor: one clear error instead of an AttributeError from deep inside.
    Def::method(
        "backward",
        &[
            "backward(Tensor input, Tensor? gradient=None, bool? retain_graph=None, bool create_graph=False, Tensor[]? inputs=None)",
        ],
        |_, c| {
            // The checks autograd makes before computing anything come first, with its messages.
            let x = c.this()?;
            if !x.requires_grad() && x.grad_fn().is_none() {
                return Err(exc(
                    ExcKind::RuntimeError,
                    "element 0 of tensors does not require grad and does not have a grad_fn",
                ));
            }
            match c.opt_tensor(1)? {
                None if x.numel() != 1 => {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        "grad can be implicitly created only for scalar outputs",
                    ));
                }
                Some(g) if g.shape() != x.shape() => {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        format!(
                            "Mismatch in shape: grad_output[0] has a shape of {} and output[0] has a shape of {}.",
                            crate::tensor::format::format_size(g.shape()),
                            crate::tensor::format::format_size(x.shape())
                        ),
                    ));
                }
                _ => {}
            }
            Err(exc(
                ExcKind::NotImplementedError,
                "backward(): the tutor runs forward passes only (it records grad_fn names so printouts match, but computes no gradients)",
            ))
        },
    ),
    Def::noargs(
        "detach",
        "TensorBase.detach()",
        &["detach(Tensor input)"],
        |_, c| t(c.this()?.detach()),
    ),
    Def::noargs(
        "detach_",
        "TensorBase.detach_()",
        &["detach_(Tensor input)"],
        |_, c| {
            let x = c.this()?;
            if x.grad_info().view_of_leaf {
                return Err(exc(
                    ExcKind::RuntimeError,
                    "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of DDP buckets, and hence detach_() cannot be called on these gradients. To fix this error, please refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.",
                ));
            }
            x.set_grad_info(crate::tensor::GradInfo::default());
            t(x)
        },
    )
    .no_function(),
    Def::noargs("retain_grad", "TensorBase.retain_grad()", &[], |_, c| {
        if !c.this()?.requires_grad() {
            return Err(exc(
                ExcKind::RuntimeError,
                "can't retain_grad on Tensor that has requires_grad=False",
            ));
        }
        Ok(Value::None)
    })
    .no_function(),
    Def::method(
        "register_hook",
        &["register_hook(Tensor input, object hook)"],
        |interp, c| {
            if !c.this()?.requires_grad() {
                return Err(exc(
                    ExcKind::RuntimeError,
                    "cannot register a hook on a tensor that doesn't require gradient",
                ));
            }
            // Hooks run during backward(), which the tutor does not have: the handle only removes.
            let handle = super::super::nn::named_tuple(interp, "RemovableHandle", vec![]);
            if let Value::Instance(inst) = &handle {
                inst.class().attrs.borrow_mut().push((
                    std::rc::Rc::from("remove"),
                    crate::interp::builtins::builtin_with("remove", |_, _| Ok(Value::None)),
                ));
            }
            Ok(handle)
        },
    ),
    Def::method(
        "cpu",
        &["cpu(Tensor input, *, MemoryFormat? memory_format=None)"],
        |_, c| t(c.this()?),
    ),
    Def::method(
        "cuda",
        &[
            "cuda(Tensor input, Device? device=None, bool non_blocking=False, *, MemoryFormat? memory_format=None)",
            "cuda(Tensor input, Device? device=None, bool async=False, *, MemoryFormat? memory_format=None)|hidden",
        ],
        |_, c| t(c.this()?),
    ),
    Def::method(
        "numpy",
        &["numpy(Tensor input, *, bool force=False)"],
        |_, _| {
            Err(exc(
                ExcKind::RuntimeError,
                "the tutor has no NumPy: use .tolist() to see the values as Python lists",
            ))
        },
    ),
    Def::method(
        "requires_grad_",
        &["requires_grad_(Tensor input, bool requires_grad=True)"],
        |_, c| {
            let x = c.this()?;
            let flag = c.bool(1)?;
            if x.grad_fn().is_some() {
                if !flag {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        "you can only change requires_grad flags of leaf variables. If you want to use a computed variable in a subgraph that doesn't require differentiation use var_no_grad = var.detach().",
                    ));
                }
                return t(x);
            }
            x.set_requires_grad(flag);
            t(x)
        },
    ),
    Def::method(
        "new_zeros",
        &[
            "new_zeros(Tensor input, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
        ],
        |_, c| new_filled(c, 1, Scalar::Int(0), 2),
    ),
    // The tutor's memory is always initialised: `new_empty` gives zeros.
    Def::method(
        "new_empty",
        &[
            "new_empty(Tensor input, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
        ],
        |_, c| new_filled(c, 1, Scalar::Int(0), 2),
    ),
    Def::method(
        "new_ones",
        &[
            "new_ones(Tensor input, SymInt[] size, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
        ],
        |_, c| new_filled(c, 1, Scalar::Int(1), 2),
    ),
    Def::method(
        "new_full",
        &[
            "new_full(Tensor input, SymInt[] size, Scalar fill_value, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
        ],
        |_, c| new_filled(c, 1, c.scalar(2)?, 3),
    ),
    Def::method(
        "new_tensor",
        &[
            "new_tensor(Tensor input, object data, *, ScalarType? dtype=None, Device? device=None, bool requires_grad=False)",
        ],
        |_, c| {
            let x = c.this()?;
            let data = c.value(1).unwrap_or(Value::None);
            let out = tensor_from_value(&data, Some(c.dtype(2)?.unwrap_or(x.dtype())))?;
            super::super::functions::set_requires_grad(&out, c.requires_grad(4)?)?;
            t(out)
        },
    ),
    Def::both(
        "fill_",
        &[
            "fill_(Tensor input, Tensor value)",
            "fill_(Tensor input, Scalar value)",
        ],
        |_, c| {
            let x = c.this()?;
            let v = match c.value(1) {
                Some(Value::Tensor(v)) if v.ndim() == 0 => v.item()?,
                Some(Value::Tensor(v)) => {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        format!(
                            "fill_ only supports 0-dimension value tensor but got tensor with {} dimensions.",
                            v.ndim()
                        ),
                    ));
                }
                _ => c.scalar(1)?,
            };
            v.check_fits(x.dtype())?;
            x.fill(v);
            t(x)
        },
    ),
    Def::noargs(
        "zero_",
        "TensorBase.zero_()",
        &["zero_(Tensor input)"],
        |_, c| {
            let x = c.this()?;
            x.fill(Scalar::Int(0));
            t(x)
        },
    ),
    Def::method(
        "copy_",
        &[
            "copy_(Tensor input, Tensor other, bool non_blocking=False)",
            "copy_(Tensor input, Tensor other, bool async=False)|hidden",
        ],
        |_, c| {
            let x = c.this()?;
            x.copy_from(&c.tensor(1)?)?;
            t(x)
        },
    ),
    Def::method(
        "uniform_",
        &["uniform_(Tensor input, float from=0, float to=1, *, Generator? generator=None)"],
        |interp, c| {
            let x = c.this()?;
            init::uniform_(&x, c.float(1)?, c.float(2)?, &mut state(interp).rng)?;
            t(x)
        },
    ),
    Def::method(
        "bernoulli_",
        &[
            "bernoulli_(Tensor input, Tensor p, *, Generator? generator=None)",
            "bernoulli_(Tensor input, float p=0.5, *, Generator? generator=None)",
        ],
        |interp, c| {
            let x = c.this()?;
            if c.which() == 0 {
                init::bernoulli_probs_(&x, &c.tensor(1)?, &mut state(interp).rng)?;
            } else {
                init::bernoulli_(&x, c.float(1)?, &mut state(interp).rng)?;
            }
            t(x)
        },
    ),
    Def::both(
        "bernoulli",
        &[
            "bernoulli(Tensor input, *, Generator? generator=None, Tensor out=None)",
            "bernoulli(Tensor input, float p, *, Generator? generator=None)",
        ],
        |interp, c| {
            let x = c.tensor(0)?;
            if c.which() == 1 {
                let out = Tensor::zeros(x.shape(), x.dtype())?;
                init::bernoulli_(&out, c.float(1)?, &mut state(interp).rng)?;
                return t(out);
            }
            t(init::bernoulli_probs(
                &x,
                x.shape(),
                x.dtype(),
                &mut state(interp).rng,
            )?)
        },
    ),
    Def::method(
        "normal_",
        &["normal_(Tensor input, float mean=0, float std=1, *, Generator? generator=None)"],
        |interp, c| {
            let x = c.this()?;
            init::normal_(&x, c.float(1)?, c.float(2)?, &mut state(interp).rng)?;
            t(x)
        },
    ),
    Def::method(
        "exponential_",
        &["exponential_(Tensor input, float lambd=1, *, Generator? generator=None)"],
        |interp, c| {
            let x = c.this()?;
            distributions::exponential_(&x, c.float(1)?, &mut state(interp).rng)?;
            t(x)
        },
    ),
    Def::both(
        "multinomial",
        &[
            "multinomial(Tensor input, int num_samples, bool replacement=False, *, Generator? generator=None, Tensor out=None)",
        ],
        |interp, c| {
            let x = c.tensor(0)?;
            t(distributions::multinomial(
                &x,
                c.int(1)?,
                c.bool(2)?,
                &mut state(interp).rng,
            )?)
        },
    ),
];

/// `to(device=None, dtype=None, ...)`, `to(dtype, ...)`, `to(other, ...)`: a new dtype, or the tensor
/// itself (a copy with `copy=True`); every device is the CPU here.
fn to(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let x = c.this()?;
    let (dtype, copy) = match c.which() {
        0 => (c.dtype(2)?, c.bool(4)?),
        1 => (c.dtype(1)?, c.bool(3)?),
        _ => (Some(c.tensor(1)?.dtype()), c.bool(3)?),
    };
    let format = c.value(if c.which() == 0 { 5 } else { 4 });
    let format = format.and_then(|v| super::python::memory_format_of(&v));
    use super::python::MemoryFormat;
    let format = format.unwrap_or(MemoryFormat::Preserve);
    let changes = dtype.is_some_and(|d| d != x.dtype());
    // `to_will_alias`: nothing to convert, no copy asked for, and the format is kept or already suggested.
    if !changes
        && !copy
        && (format == MemoryFormat::Preserve || MemoryFormat::suggested(&x) == format)
    {
        return t(x);
    }
    // `_to_copy`: a copy in the asked format (its dtype converted).
    let converted = match dtype {
        Some(d) if changes => x.to_dtype(d),
        _ => x.deep_copy(),
    };
    t(format.like(&x, converted)?)
}
