//! Making tensors: from data (`tensor`, `as_tensor`, the legacy `Tensor(...)` constructors), filled
//! (`zeros`, `ones`, `empty`, `full`, `eye`, the `*_like` forms), and ranges (`arange`, `linspace`,
//! `tril_indices`).

use crate::interp::Interpreter;
use crate::interp::error::{ExcKind, PyResult, Unwind, exc, type_error};
use crate::interp::value::Value;
use crate::tensor::ops::create;
use crate::tensor::sym::{self, Sym};
use crate::tensor::{DType, Scalar, Tensor};

use super::super::call::{Call, Def};
use super::super::value_to_scalar;
use super::{set_requires_grad, shape_from};

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

/// Nested lists/tuples of numbers (or one-element tensors) → a tensor, with `torch.tensor`'s dtype
/// inference.
pub(crate) fn tensor_from_value(v: &Value, dtype: Option<DType>) -> PyResult<Tensor> {
    if let Value::Tensor(t) = v {
        let t = t.deep_copy().detach();
        return Ok(match dtype {
            Some(d) => t.to_dtype(d),
            None => t,
        });
    }
    let mut shape: Vec<usize> = Vec::new();
    let mut scalars: Vec<Scalar> = Vec::new();
    fn walk(
        v: &Value,
        depth: usize,
        shape: &mut Vec<usize>,
        out: &mut Vec<Scalar>,
    ) -> PyResult<()> {
        let items: Option<Vec<Value>> = match v {
            Value::List(l) => Some(l.borrow().clone()),
            Value::Tuple(t) => Some(t.to_vec()),
            Value::Size(s) => Some(s.items()),
            &Value::Range(start, stop, step) => {
                let len = crate::interp::items::range_len(start, stop, step);
                if len > crate::tensor::settings::max_elements() {
                    return Err(exc(
                        ExcKind::MemoryError,
                        "too many elements for the tutor's sandbox",
                    ));
                }
                Some(
                    (0..len as i64)
                        .map(|i| Value::int(start + i * step))
                        .collect(),
                )
            }
            _ => None,
        };
        match items {
            // PyTorch's MAX_DIMS (torch/csrc/utils/tensor_new.cpp): a sequence where a 129th dim would
            // start is refused before anything else.
            Some(_) if depth >= 128 => Err(exc(
                ExcKind::ValueError,
                format!("too many dimensions '{}'", v.type_name()),
            )),
            // The sizes come from the first item at each level: once a number has been seen at
            // this depth, a sequence here is an item PyTorch cannot store.
            Some(_) if depth == shape.len() && !out.is_empty() => Err(
                if out
                    .iter()
                    .all(|s| matches!(s, Scalar::Int(_) | Scalar::Bool(_)))
                {
                    type_error(format!(
                        "'{}' object cannot be interpreted as an integer",
                        v.type_name()
                    ))
                } else {
                    type_error(format!("must be real number, not {}", v.type_name()))
                },
            ),
            Some(items) => {
                if depth == shape.len() {
                    shape.push(items.len());
                } else if shape.get(depth) != Some(&items.len()) {
                    return Err(exc(
                        ExcKind::ValueError,
                        format!(
                            "expected sequence of length {} at dim {} (got {})",
                            shape.get(depth).copied().unwrap_or(0),
                            depth,
                            items.len()
                        ),
                    ));
                }
                if out.len() > crate::tensor::settings::max_elements() {
                    return Err(exc(
                        ExcKind::MemoryError,
                        "too many elements for the tutor's sandbox",
                    ));
                }
                for it in &items {
                    walk(it, depth + 1, shape, out)?;
                }
                Ok(())
            }
            None => {
                if depth != shape.len() && !shape.is_empty() {
                    return Err(type_error("not a sequence"));
                }
                // A tensor inside the data is one number (`float(t)`), as PyTorch 2.15 reads it.
                let s = match v {
                    Value::Tensor(t) if t.numel() != 1 => {
                        return Err(exc(
                            ExcKind::ValueError,
                            "only one element tensors can be converted to Python scalars",
                        ));
                    }
                    Value::Tensor(t) => t.item()?,
                    other => value_to_scalar(other).ok_or_else(|| match other {
                        // A str is a sequence to PyTorch: as the first item of a list, its sizes
                        // recurse into its characters without end.
                        Value::Str(_) if depth > 0 && out.is_empty() => {
                            exc(ExcKind::ValueError, "too many dimensions 'str'")
                        }
                        Value::Str(_) => type_error("new(): invalid data type 'str'"),
                        _ => exc(
                            ExcKind::RuntimeError,
                            format!("Could not infer dtype of {}", other.type_name()),
                        ),
                    })?,
                };
                out.push(s);
                Ok(())
            }
        }
    }
    walk(v, 0, &mut shape, &mut scalars)?;
    let inferred = scalars
        .iter()
        .map(|s| s.category())
        .max()
        .map(DType::default_for)
        .unwrap_or_else(|| DType::default_for(crate::tensor::dtype::Category::Float));
    let dtype = dtype.unwrap_or(inferred);
    for s in &scalars {
        s.check_fits_data(dtype)?;
    }
    crate::with_dtype!(dtype, T => {
        let data: Vec<T> = scalars.iter().map(|s| s.cast::<T>()).collect();
        Ok(Tensor::from_vec(data, &shape)?)
    })
}

/// `torch.get_default_dtype()`, the dtype of a float factory's result without `dtype=`.
fn default_float() -> DType {
    DType::default_for(crate::tensor::dtype::Category::Float)
}

/// A filled tensor of the shape at 0, `dtype=` at `dtype_at` (`requires_grad=` four after it).
fn filled(c: &Call, value: Scalar, dtype_at: usize) -> PyResult<Value> {
    let shape = shape_from(&c.int_list(0)?)?;
    let out = Tensor::full(
        &shape,
        value,
        c.dtype(dtype_at)?.unwrap_or_else(default_float),
    )?
    .with_axes(sym::axes(c.int_list_syms(0)));
    set_requires_grad(&out, c.requires_grad(dtype_at + 4)?)?;
    t(out)
}

/// A filled tensor of `input`'s shape (`zeros_like`, ...), `dtype=` at `dtype_at`.
fn filled_like(c: &Call, value: Scalar, dtype_at: usize) -> PyResult<Value> {
    let x = c.tensor(0)?;
    let out =
        Tensor::full(x.shape(), value, c.dtype(dtype_at)?.unwrap_or(x.dtype()))?.with_axes_of(&x);
    // `memory_format=torch.preserve_format` (the default): laid out as `x` is (a transposed x gives a
    // transposed result).
    let format = super::super::tensor::memory_format_arg(
        c,
        dtype_at - 1,
        super::super::tensor::MemoryFormat::Preserve,
    );
    let out = format.like(&x, out)?;
    set_requires_grad(&out, c.requires_grad(dtype_at + 4)?)?;
    t(out)
}

/// `start`, `end` (numbers or 0-d tensors) and `steps` of `linspace`/`logspace`.
fn space_args(c: &Call) -> PyResult<(f64, f64, usize)> {
    let number = |i: usize| -> PyResult<f64> {
        match c.value(i) {
            Some(Value::Tensor(x)) => Ok(x.item()?.to_f64()),
            _ => c.float(i),
        }
    };
    let steps = c.int(2)?;
    if steps < 0 {
        return Err(exc(
            ExcKind::RuntimeError,
            "number of steps must be non-negative",
        ));
    }
    Ok((number(0)?, number(1)?, steps as usize))
}

macro_rules! factory {
    ($head:literal) => {
        concat!(
            $head,
            "Tensor out=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
        )
    };
}

macro_rules! like {
    ($name:literal, $extra:literal) => {
        concat!(
            $name,
            "(Tensor input, ",
            $extra,
            "*, MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
        )
    };
}

/// The legacy constructors' overloads (`torch.Tensor(...)`, `torch.FloatTensor(...)`): PyTorch names them
/// all `new`. The storage overload is written with a type the tutor has (no value matches either) and
/// renamed in messages.
macro_rules! legacy {
    ($name:literal, $dtype:expr) => {
        Def::function(
            $name,
            &[
                "new(*, Device? device=None)",
                "new(Generator storage)",
                "new(*, int cdata)|hidden",
                "new(Tensor other)",
                "new(Tensor other, *, Device? device=None)|hidden",
                "new(SymInt[] size, *, Device? device=None)",
                "new(object data, *, Device? device=None)",
            ],
            |_, c| legacy_new(c, $dtype),
        )
    };
}

pub(super) static DEFS: &[Def] = &[
    Def::function(
        "tensor",
        &[
            "tensor(object data, *, ScalarType? dtype=None, Device? device=None, bool pin_memory=False, bool requires_grad=False)",
        ],
        |_, c| {
            let data = c.value(0).unwrap_or(Value::None);
            let out = tensor_from_value(&data, c.dtype(1)?)?;
            set_requires_grad(&out, c.requires_grad(4)?)?;
            t(out)
        },
    ),
    Def::function(
        "asarray",
        &[
            "asarray(object obj, *, ScalarType? dtype=None, Device? device=None, bool? copy=None, bool requires_grad=False)",
        ],
        asarray,
    ),
    Def::function(
        "empty_strided",
        &[
            "empty_strided(SymInt[] size, SymInt[] stride, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=None, bool? requires_grad=False)",
        ],
        empty_strided,
    ),
    Def::function(
        "as_tensor",
        &["as_tensor(object data, *, ScalarType? dtype=None, Device? device=None)"],
        |_, c| {
            let data = c.value(0).unwrap_or(Value::None);
            t(tensor_from_value(&data, c.dtype(1)?)?)
        },
    ),
    legacy!("Tensor", DType::Float32),
    legacy!("FloatTensor", DType::Float32),
    legacy!("LongTensor", DType::Int64),
    legacy!("BoolTensor", DType::Bool),
    Def::function("zeros", &[factory!("zeros(SymInt[] size, *, ")], |_, c| {
        // `zeros` checks its sizes itself (the other factories leave it to `empty`).
        if c.int_list(0)?.iter().any(|&d| d < 0) {
            return Err(exc(
                ExcKind::RuntimeError,
                "zeros: Dimension size must be non-negative.",
            ));
        }
        filled(c, Scalar::Int(0), 2)
    }),
    Def::function("ones", &[factory!("ones(SymInt[] size, *, ")], |_, c| {
        filled(c, Scalar::Int(1), 2)
    }),
    Def::function(
        "empty",
        &[factory!(
            "empty(SymInt[] size, *, MemoryFormat? memory_format=None, "
        )],
        |_, c| filled(c, Scalar::Int(0), 3),
    ),
    Def::function(
        "full",
        &[factory!("full(SymInt[] size, Scalar fill_value, *, ")],
        |_, c| {
            let shape = shape_from(&c.int_list(0)?)?;
            let value = c.scalar(1)?;
            let dtype = c.dtype(3)?.unwrap_or(DType::default_for(value.category()));
            value.check_fits(dtype)?;
            let out = Tensor::full(&shape, value, dtype)?.with_axes(sym::axes(c.int_list_syms(0)));
            set_requires_grad(&out, c.requires_grad(7)?)?;
            t(out)
        },
    ),
    Def::function(
        "eye",
        &[
            factory!("eye(SymInt n, *, "),
            factory!("eye(SymInt n, SymInt m, *, "),
        ],
        |_, c| {
            let (n, m) = match c.which() {
                0 => (c.int(0)?, c.int(0)?),
                _ => (c.int(0)?, c.int(1)?),
            };
            for (what, v) in [("n", n), ("m", m)] {
                if v < 0 {
                    return Err(exc(
                        ExcKind::RuntimeError,
                        format!("{what} must be greater or equal to 0, got {v}"),
                    ));
                }
            }
            let (n, m) = (n as usize, m as usize);
            let dtype_at = if c.which() == 0 { 2 } else { 3 };
            let out = create::eye(n, m, c.dtype(dtype_at)?.unwrap_or_else(default_float))?;
            set_requires_grad(&out, c.requires_grad(dtype_at + 4)?)?;
            t(out)
        },
    ),
    Def::function(
        "arange",
        &[
            factory!("arange(Scalar end, *, "),
            "arange(Scalar start, Scalar end, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)",
            factory!("arange(Scalar start, Scalar end, Scalar step=1, *, "),
        ],
        |_, c| {
            let (start, end, step, dtype_at) = match c.which() {
                0 => (Scalar::Int(0), c.scalar(0)?, Scalar::Int(1), 2),
                1 => (c.scalar(0)?, c.scalar(1)?, Scalar::Int(1), 2),
                _ => (c.scalar(0)?, c.scalar(1)?, c.scalar(2)?, 4),
            };
            // Its length is (end - start) / step where all three are sizes: `arange(sl)`, `arange(0, d_model, 2)`.
            let syms = match c.which() {
                0 => (Some(Sym::constant(0)), c.int_sym(0), Some(Sym::constant(1))),
                1 => (c.int_sym(0), c.int_sym(1), Some(Sym::constant(1))),
                _ => (c.int_sym(0), c.int_sym(1), c.int_sym(2)),
            };
            let len = match syms {
                (Some(a), Some(b), Some(s)) => b.sub(&a).div_exact(&s),
                _ => None,
            };
            let out = create::arange(start, end, step, c.dtype(dtype_at)?)?
                .with_axes(sym::axes(vec![len]));
            set_requires_grad(&out, c.requires_grad(dtype_at + 4)?)?;
            t(out)
        },
    ),
    Def::function(
        "range",
        &[factory!(
            "range(Scalar start, Scalar end, Scalar step=1, *, "
        )],
        |interp, c| {
            interp.warnings.push(
                "UserWarning: torch.range is deprecated and will be removed in a future release because its behavior is inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in [start, end).".into(),
            );
            let dtype = c.dtype(4)?.unwrap_or_else(default_float);
            let out = create::range(c.scalar(0)?, c.scalar(1)?, c.scalar(2)?, dtype)?;
            set_requires_grad(&out, c.requires_grad(8)?)?;
            t(out)
        },
    ),
    Def::function(
        "logspace",
        &[
            factory!("logspace(Tensor start, Tensor end, SymInt steps, float base=10.0, *, "),
            factory!("logspace(Scalar start, Tensor end, SymInt steps, float base=10.0, *, "),
            factory!("logspace(Tensor start, Scalar end, SymInt steps, float base=10.0, *, "),
            factory!("logspace(Scalar start, Scalar end, SymInt steps, float base=10.0, *, "),
        ],
        |_, c| {
            let (start, end, steps) = space_args(c)?;
            let dtype = c.dtype(5)?.unwrap_or_else(default_float);
            let out = create::logspace(start, end, steps, c.float(3)?, dtype)?;
            set_requires_grad(&out, c.requires_grad(9)?)?;
            t(out)
        },
    ),
    Def::function(
        "linspace",
        &[
            factory!("linspace(Tensor start, Tensor end, SymInt steps, *, "),
            factory!("linspace(Scalar start, Tensor end, SymInt steps, *, "),
            factory!("linspace(Tensor start, Scalar end, SymInt steps, *, "),
            factory!("linspace(Scalar start, Scalar end, SymInt steps, *, "),
        ],
        |_, c| {
            let (start, end, steps) = space_args(c)?;
            let out = match c.dtype(4)?.unwrap_or_else(default_float) {
                DType::Float64 => {
                    Tensor::from_vec(create::linspace_f64(start, end, steps)?, &[steps])?
                }
                d => create::linspace(start, end, steps)?.to_dtype(d),
            };
            set_requires_grad(&out, c.requires_grad(8)?)?;
            t(out)
        },
    ),
    Def::function("zeros_like", &[like!("zeros_like", "")], |_, c| {
        filled_like(c, Scalar::Int(0), 2)
    }),
    Def::function("ones_like", &[like!("ones_like", "")], |_, c| {
        filled_like(c, Scalar::Int(1), 2)
    }),
    Def::function("empty_like", &[like!("empty_like", "")], |_, c| {
        filled_like(c, Scalar::Int(0), 2)
    }),
    Def::function(
        "full_like",
        &[like!("full_like", "Scalar fill_value, ")],
        |_, c| filled_like(c, c.scalar(1)?, 3),
    ),
    Def::function(
        "tril_indices",
        &[
            "tril_indices(int row, int col, int offset=0, *, ScalarType? dtype=torch.int64, Layout? layout=None, Device? device=None, bool? pin_memory=False)",
        ],
        |_, c| {
            let out = create::tril_indices(c.int(0)?, c.int(1)?, c.int(2)?)?;
            t(super::grid::indices_dtype(
                "tril_indices",
                out,
                c.dtype(3)?,
            )?)
        },
    ),
];

/// `torch.Tensor(...)` and the typed legacy constructors.
fn legacy_new(c: &Call, dtype: DType) -> PyResult<Value> {
    match c.which() {
        3 | 4 => t(c.tensor(0)?.to_dtype(dtype)),
        5 => match c.value(0) {
            // A sequence given alone is data; varargs ints and a torch.Size are sizes.
            Some(v @ (Value::List(_) | Value::Tuple(_)))
                if c.given_positional() == 1 && !c.packed(0) =>
            {
                t(tensor_from_value(&v, Some(dtype))?)
            }
            _ => t(Tensor::zeros(&shape_from(&c.int_list(0)?)?, dtype)?),
        },
        6 => match c.value(0).unwrap_or(Value::None) {
            // One int is a size (`torch.Tensor(2)`: two uninitialised elements, zeros here).
            Value::Int(n, _) => t(Tensor::zeros(&shape_from(&[n])?, dtype)?),
            data => t(tensor_from_value(&data, Some(dtype))?),
        },
        _ => t(Tensor::zeros(&[0], dtype)?),
    }
}

/// The legacy constructors' storage overload, written with `torch.Generator` (see `legacy!`), as
/// PyTorch prints it.
pub(super) fn legacy_message(mut e: Unwind) -> Unwind {
    if let Unwind::Exception(x) = &mut e
        && x.message.starts_with("new()")
    {
        x.message = x
            .message
            .replace("torch.Generator storage", "torch.Storage storage");
    }
    e
}

/// `torch.asarray(obj, dtype=, copy=, requires_grad=)`: a tensor `obj` itself when neither its dtype
/// nor a copy is asked for (a converted or copied one laid out as it is otherwise), anything else
/// read as `torch.tensor` reads it.
fn asarray(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let obj = c.value(0).unwrap_or(Value::None);
    let dtype = c.dtype(1)?;
    let copy = match c.value(3) {
        None | Some(Value::None) => None,
        Some(_) => Some(c.bool(3)?),
    };
    let out = match &obj {
        Value::Tensor(x) => {
            let target = dtype.unwrap_or(x.dtype());
            match copy {
                Some(true) => x.clone_preserve().to_dtype_preserve(target).detach(),
                _ if target == x.dtype() => x.clone(),
                Some(false) => {
                    return Err(exc(
                        ExcKind::ValueError,
                        format!(
                            "can't alias tensor with dtype '{}' into dtype '{}'.",
                            x.dtype().scalar_type_name(),
                            target.scalar_type_name()
                        ),
                    ));
                }
                None => x.to_dtype_preserve(target),
            }
        }
        _ => tensor_from_value(&obj, dtype)?,
    };
    if c.value(4).is_some() {
        set_requires_grad(&out, c.bool(4)?)?;
    }
    t(out)
}

/// `torch.empty_strided(size, stride)`: a zeroed storage just large enough for the strides.
fn empty_strided(_: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let (sizes, strides) = (c.int_list(0)?, c.int_list(1)?);
    if sizes.len() != strides.len() {
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "dimensionality of sizes ({}) must match dimensionality of strides ({})",
                sizes.len(),
                strides.len()
            ),
        ));
    }
    let shape = shape_from(&sizes)?;
    if strides.iter().any(|&s| s < 0) {
        let list = |v: &[i64]| {
            let items: Vec<String> = v.iter().map(i64::to_string).collect();
            format!("[{}]", items.join(", "))
        };
        return Err(exc(
            ExcKind::RuntimeError,
            format!(
                "Storage size calculation overflowed with sizes={} and strides={}",
                list(&sizes),
                list(&strides)
            ),
        ));
    }
    let strides: Vec<usize> = strides.iter().map(|&s| s as usize).collect();
    let extent = if shape.contains(&0) {
        0
    } else {
        1 + shape
            .iter()
            .zip(&strides)
            .map(|(&n, &s)| (n - 1).saturating_mul(s))
            .fold(0usize, usize::saturating_add)
    };
    crate::tensor::settings::check_numel(&[extent])?;
    let dtype = c
        .dtype(2)?
        .unwrap_or_else(|| DType::default_for(crate::tensor::dtype::Category::Float));
    let layout = crate::tensor::layout::Layout {
        shape,
        strides,
        offset: 0,
    };
    let out = Tensor::from_storage(
        crate::tensor::storage::Storage::zeros(dtype, extent),
        layout,
    );
    set_requires_grad(&out, c.requires_grad(6)?)?;
    t(out)
}
