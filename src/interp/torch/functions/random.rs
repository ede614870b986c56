//! Random numbers from the interpreter's generator (PyTorch's CPU MT19937): `rand`, `randn`, `randint`,
//! `randperm`, the `*_like` forms, and seeding.

use crate::interp::Interpreter;
use crate::interp::args::Dialect;
use crate::interp::error::{ExcKind, PyResult, exc, type_error};
use crate::interp::value::Value;
use crate::tensor::settings::check_numel;
use crate::tensor::{DType, Tensor};

use super::super::call::{Call, Def};
use super::super::state::state;
use super::{set_requires_grad, shape_from};

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
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
    ($name:literal, $gen:literal) => {
        concat!(
            $name,
            "(Tensor input, *, ",
            $gen,
            "MemoryFormat? memory_format=None, ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? pin_memory=False, bool? requires_grad=False)"
        )
    };
}

/// Where `requires_grad=` sits: overloads with a `generator` have one more keyword before it.
fn requires_grad(c: &Call, without_generator: usize) -> PyResult<bool> {
    c.requires_grad(without_generator + usize::from(c.which().is_multiple_of(2)))
}

/// Draws `n` values of `dtype` into a fresh contiguous tensor with `uniform_(0, 1)` or `normal_(0, 1)`
/// (their dtype checks name ATen's kernels for an integer or bool dtype).
fn draw(interp: &mut Interpreter, dtype: DType, n: usize, normal: bool) -> PyResult<Tensor> {
    let out = Tensor::zeros(&[n], dtype)?;
    fill_unit(interp, &out, normal)?;
    Ok(out)
}

/// `out.normal_()` or `out.uniform_()`: standard normals or uniforms in `[0, 1)`.
fn fill_unit(interp: &mut Interpreter, out: &Tensor, normal: bool) -> PyResult<()> {
    let rng = &mut state(interp).rng;
    if normal {
        crate::tensor::ops::init::normal_(out, 0.0, 1.0, rng)?;
    } else {
        crate::tensor::ops::init::uniform_(out, 0.0, 1.0, rng)?;
    }
    Ok(())
}

/// `rand`/`randn`: floats of the shape at 0.
fn floats(interp: &mut Interpreter, c: &Call, normal: bool) -> PyResult<Value> {
    let shape = shape_from(&c.int_list(0)?)?;
    let n = check_numel(&shape)?;
    let dtype_at = 2 + usize::from(c.which().is_multiple_of(2));
    let dtype = c
        .dtype(dtype_at)?
        .unwrap_or_else(|| DType::default_for(crate::tensor::dtype::Category::Float));
    let out = draw(interp, dtype, n, normal)?
        .reshape(&shape.iter().map(|&d| d as i64).collect::<Vec<_>>())?
        .with_axes(crate::tensor::sym::axes(c.int_list_syms(0)));
    set_requires_grad(&out, requires_grad(c, 6)?)?;
    t(out)
}

fn floats_like(interp: &mut Interpreter, c: &Call, normal: bool) -> PyResult<Value> {
    let x = c.tensor(0)?;
    let dtype_at = 2 + usize::from(c.which().is_multiple_of(2));
    let dtype = c.dtype(dtype_at)?.unwrap_or(x.dtype());
    // `empty_like(x)` (laid out as `x` is, `preserve_format`), then `uniform_` / `normal_` on it: a
    // transposed result is not contiguous, so `normal_` takes its element-by-element path.
    let n = x.numel();
    let out = crate::tensor::ops::random_int::laid_out_like(&x, &Tensor::zeros(&[n], dtype)?)?
        .with_axes_of(&x);
    fill_unit(interp, &out, normal)?;
    set_requires_grad(&out, requires_grad(c, 6)?)?;
    t(out)
}

pub(super) static DEFS: &[Def] = &[
    Def::function(
        "rand",
        &[
            factory!("rand(SymInt[] size, *, Generator? generator, "),
            factory!("rand(SymInt[] size, *, "),
        ],
        |i, c| floats(i, c, false),
    ),
    Def::function(
        "randn",
        &[
            factory!("randn(SymInt[] size, *, Generator? generator, "),
            factory!("randn(SymInt[] size, *, "),
        ],
        |i, c| floats(i, c, true),
    ),
    Def::function(
        "randint",
        &[
            factory!("randint(SymInt high, SymInt[] size, *, Generator? generator, "),
            factory!("randint(SymInt high, SymInt[] size, *, "),
            factory!("randint(SymInt low, SymInt high, SymInt[] size, *, Generator? generator, "),
            factory!("randint(SymInt low, SymInt high, SymInt[] size, *, "),
        ],
        randint,
    ),
    Def::function(
        "randperm",
        &[
            factory!("randperm(SymInt n, *, Generator? generator, "),
            factory!("randperm(SymInt n, *, "),
        ],
        |interp, c| {
            let n = c.int(0)?.max(0) as usize;
            check_numel(&[n])?;
            let v = state(interp).rng.randperm(n);
            let out = Tensor::from_vec(v, &[n])?;
            let out = match c.dtype(2 + usize::from(c.which() == 0))? {
                Some(d) => out.to_dtype(d),
                None => out,
            };
            t(out)
        },
    ),
    Def::function(
        "rand_like",
        &[
            like!("rand_like", "Generator? generator, "),
            like!("rand_like", ""),
        ],
        |i, c| floats_like(i, c, false),
    ),
    Def::function(
        "randn_like",
        &[
            like!("randn_like", "Generator? generator, "),
            like!("randn_like", ""),
        ],
        |i, c| floats_like(i, c, true),
    ),
    Def::python(
        "manual_seed",
        "manual_seed(seed)",
        Dialect::PyDef,
        |interp, c| {
            let seed = python_int(c.value(0).unwrap_or(Value::None))?;
            state(interp).rng.manual_seed(seed as u64);
            Ok(super::super::tensor::default_generator())
        },
    ),
    Def::python("seed", "seed()", Dialect::PyDef, |interp, _| {
        Ok(Value::int(state(interp).rng.initial_seed() as i64))
    }),
    Def::python(
        "get_rng_state",
        "get_rng_state()",
        Dialect::PyDef,
        |interp, _| {
            let bytes = state(interp).rng.state_bytes();
            let n = bytes.len();
            t(Tensor::from_vec(bytes, &[n])?)
        },
    ),
    Def::python(
        "set_rng_state",
        "set_rng_state(new_state)",
        Dialect::PyDef,
        |interp, c| {
            let bytes = match c.value(0) {
                Some(Value::Tensor(s)) if s.dtype() == DType::UInt8 => s.to_vec::<u8>(),
                Some(Value::Tensor(_)) => {
                    return Err(type_error("RNG state must be a torch.ByteTensor"));
                }
                other => {
                    return Err(type_error(format!(
                        "expected a torch.ByteTensor, but got {}",
                        other.map_or("NoneType".into(), |v| v.type_name())
                    )));
                }
            };
            state(interp)
                .rng
                .set_state_bytes(&bytes)
                .map_err(|m| exc(ExcKind::RuntimeError, m))?;
            Ok(Value::None)
        },
    ),
    Def::python(
        "initial_seed",
        "initial_seed()",
        Dialect::PyDef,
        |interp, _| Ok(Value::int(state(interp).rng.initial_seed() as i64)),
    ),
];

/// `randint(high, size)` or `randint(low, high, size)`, int64 unless `dtype=`.
fn randint(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let (low, high, size_at, dtype_at) = match c.which() {
        0 => (0, c.int(0)?, 1, 4),
        1 => (0, c.int(0)?, 1, 3),
        2 => (c.int(0)?, c.int(1)?, 2, 5),
        _ => (c.int(0)?, c.int(1)?, 2, 4),
    };
    let shape = shape_from(&c.int_list(size_at)?)?;
    if low >= high {
        return Err(exc(
            ExcKind::RuntimeError,
            format!("random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"),
        ));
    }
    let n = check_numel(&shape)?;
    let v = state(interp).rng.randint_i64(n, low, high);
    let out =
        Tensor::from_vec(v, &shape)?.with_axes(crate::tensor::sym::axes(c.int_list_syms(size_at)));
    t(match c.dtype(dtype_at)? {
        Some(d) => out.to_dtype(d),
        None => out,
    })
}

/// Python's `int(x)`, as `torch.manual_seed` applies it to its seed.
fn python_int(v: Value) -> PyResult<i64> {
    match v {
        Value::Int(n, _) => Ok(n),
        Value::Bool(b) => Ok(b as i64),
        Value::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
        Value::Tensor(x) if x.numel() == 1 => Ok(x.item()?.to_i64()),
        Value::Str(s) => s.trim().parse().map_err(|_| {
            exc(
                ExcKind::ValueError,
                format!("invalid literal for int() with base 10: '{s}'"),
            )
        }),
        other => Err(type_error(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            other.type_name()
        ))),
    }
}
