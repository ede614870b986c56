//! The `torch` module's functions: creation, random numbers, joining, and forwards to tensor methods.

use crate::interp::torch::state::{no_grad_depth, state};
use std::collections::HashMap;
use std::rc::Rc;

use crate::tensor::ops::{create, elementwise, gather, matmul, reorder};
use crate::tensor::{DType, Operand, Scalar, Tensor};

use super::args::{Params, value_to_scalar};
use super::tensor_methods::{METHODS, tensor_method};
use crate::interp::Interpreter;
use crate::interp::builtins::{builtin_with, type_object_with};
use crate::interp::error::{PyResult, exc, type_error};
use crate::interp::value::{Args, NativeFn, Value};

/// Functions implemented here (the rest of `torch.f(t, ...)` forwards to `t.f(...)`).
const OWN: &[(&str, NativeFn)] = &[
    ("tensor", t_tensor),
    ("as_tensor", t_tensor),
    ("Tensor", t_float_tensor),
    ("FloatTensor", t_float_tensor),
    ("LongTensor", t_long_tensor),
    ("BoolTensor", t_bool_tensor),
    ("zeros", t_zeros),
    ("ones", t_ones),
    ("empty", t_zeros),
    ("full", t_full),
    ("eye", t_eye),
    ("arange", t_arange),
    ("linspace", t_linspace),
    ("rand", t_rand),
    ("randn", t_randn),
    ("randint", t_randint),
    ("randperm", t_randperm),
    ("manual_seed", t_manual_seed),
    ("seed", t_seed),
    ("initial_seed", t_initial_seed),
    ("zeros_like", t_zeros_like),
    ("ones_like", t_ones_like),
    ("empty_like", t_zeros_like),
    ("full_like", t_full_like),
    ("rand_like", t_rand_like),
    ("randn_like", t_randn_like),
    ("cat", t_cat),
    ("concat", t_cat),
    ("concatenate", t_cat),
    ("stack", t_stack),
    ("where", t_where),
    ("no_grad", t_no_grad),
    ("inference_mode", t_no_grad),
    ("set_num_threads", t_set_num_threads),
    ("get_num_threads", t_get_num_threads),
    ("is_tensor", t_is_tensor),
    ("is_grad_enabled", t_is_grad_enabled),
    ("finfo", t_finfo),
    ("result_type", t_result_type),
    ("from_numpy", t_no_numpy),
    ("set_printoptions", t_set_printoptions),
    ("broadcast_shapes", t_broadcast_shapes),
    ("Size", t_size),
    ("numel", t_numel),
    ("tril_indices", t_tril_indices),
    ("enable_grad", t_enable_grad),
    ("set_grad_enabled", t_set_grad_enabled),
    ("broadcast_tensors", t_broadcast_tensors),
    ("vstack", t_vstack),
    ("hstack", t_hstack),
    ("mv", t_mv),
    ("promote_types", t_promote_types),
    ("device", t_device),
];

pub(crate) fn torch_module() -> HashMap<&'static str, Value> {
    let mut attrs: HashMap<&'static str, Value> = HashMap::new();
    for &(name, f) in OWN {
        let value = match name {
            // The type objects: `type(t)` is `torch.Tensor`, `type(t.shape)` is `torch.Size`.
            "Tensor" => type_object_with("torch.Tensor", move |i, a| factory(i, f, a)),
            "Size" => type_object_with("torch.Size", move |i, a| factory(i, f, a)),
            _ => builtin_with(name, move |i, a| factory(i, f, a)),
        };
        attrs.insert(name, value);
    }
    for &name in METHODS.iter().chain(super::tensor_extra::EXTRA_METHODS) {
        attrs
            .entry(name)
            .or_insert_with(|| builtin_with(name, move |i, a| call_torch_fn(i, name, a)));
    }
    for (name, d) in [
        ("float32", DType::Float32),
        ("float", DType::Float32),
        ("int64", DType::Int64),
        ("long", DType::Int64),
        ("int32", DType::Int32),
        ("int", DType::Int32),
        ("bool", DType::Bool),
    ] {
        attrs.insert(name, Value::DType(d));
    }
    attrs.insert("pi", Value::Float(std::f64::consts::PI));
    attrs.insert("inf", Value::Float(f64::INFINITY));
    attrs.insert("nan", Value::Float(f64::NAN));
    attrs.insert(
        "__version__",
        Value::str("2.15.0 (transformer-tutor engine)"),
    );
    attrs
}

/// Runs one of [`OWN`], taking the keyword arguments every factory accepts: `requires_grad` (a leaf that
/// requires grad) and `device` (only the CPU exists here).
fn factory(interp: &mut Interpreter, f: NativeFn, args: Args) -> PyResult<Value> {
    let mut args = args;
    let mut requires_grad = false;
    let mut kept = Vec::with_capacity(args.kw.len());
    for (k, v) in args.kw.drain(..) {
        match &*k {
            "requires_grad" => requires_grad = interp.truthy(&v)?,
            "device" | "pin_memory" | "layout" => {}
            _ => kept.push((k, v)),
        }
    }
    args.kw = kept;
    let result = f(interp, args)?;
    if requires_grad && let Value::Tensor(t) = &result {
        if !t.dtype().is_floating_point() {
            return Err(exc(
                "RuntimeError",
                "Only Tensors of floating point and complex dtype can require gradients",
            ));
        }
        t.set_requires_grad(true);
    }
    Ok(result)
}

/// Calls a torch function by name (used by builtins such as `abs(t)`).
pub(crate) fn call_torch_fn(interp: &mut Interpreter, name: &str, args: Args) -> PyResult<Value> {
    if let Some((_, f)) = OWN.iter().find(|(n, _)| *n == name) {
        return f(interp, args);
    }
    let mut args = args;
    if args.pos.is_empty()
        && let Some(i) = args.kw.iter().position(|(k, _)| &**k == "input")
    {
        let (_, v) = args.kw.remove(i);
        args.pos.push(v);
    }
    match args.pos.first().cloned() {
        Some(Value::Tensor(t)) => {
            args.pos.remove(0);
            tensor_method(interp, t, name, args)
        }
        Some(other)
            if value_to_scalar(&other).is_some()
                && matches!(args.pos.get(1), Some(Value::Tensor(_))) =>
        {
            let op = match name {
                "pow" => rustpython_parser::ast::Operator::Pow,
                "add" => rustpython_parser::ast::Operator::Add,
                "sub" => rustpython_parser::ast::Operator::Sub,
                "mul" => rustpython_parser::ast::Operator::Mult,
                "div" | "true_divide" => rustpython_parser::ast::Operator::Div,
                _ => {
                    return Err(type_error(format!(
                        "{name}(): argument 'input' (position 1) must be Tensor, not {}",
                        other.type_name()
                    )));
                }
            };
            let rhs = args.pos[1].clone();
            super::tensor_ops::tensor_binop(interp, op, &other, &rhs)
        }
        Some(other) if value_to_scalar(&other).is_some() => Err(type_error(format!(
            "{name}(): argument 'input' (position 1) must be Tensor, not {}",
            other.type_name()
        ))),
        Some(other) => Err(type_error(format!(
            "{name}(): argument 'input' (position 1) must be Tensor, not {}",
            other.type_name()
        ))),
        None => Err(type_error(format!(
            "{name}() missing required argument 'input' (pos 1)"
        ))),
    }
}

/// Nested lists/tuples of numbers (or one-element tensors) → a tensor, with `torch.tensor`'s dtype inference.
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
            Value::Tuple(t) => Some(t.as_ref().clone()),
            Value::Size(s) => Some(s.iter().map(|&d| Value::Int(d as i64)).collect()),
            Value::Tensor(t) if t.ndim() > 0 => Some(super::tensor_ops::tensor_iter(t)?),
            _ => None,
        };
        match items {
            Some(items) => {
                if depth == shape.len() {
                    shape.push(items.len());
                } else if shape.get(depth) != Some(&items.len()) {
                    return Err(exc(
                        "ValueError",
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
                        "MemoryError",
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
                    return Err(type_error(format!(
                        "not a sequence (found {} where a list was expected)",
                        v.type_name()
                    )));
                }
                let s = match v {
                    Value::Tensor(t) => t.item()?,
                    other => value_to_scalar(other).ok_or_else(|| {
                        type_error(format!("new(): invalid data type '{}'", other.type_name()))
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
        .unwrap_or(DType::Float32);
    let dtype = dtype.unwrap_or(inferred);
    crate::with_dtype!(dtype, T => {
        let data: Vec<T> = scalars.iter().map(|s| s.cast::<T>()).collect();
        Ok(Tensor::from_vec(data, &shape)?)
    })
}

fn t_tensor(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("tensor", args);
    let data = p
        .get(0, "data")
        .ok_or_else(|| type_error("tensor() missing 1 required positional arguments: \"data\""))?;
    Ok(Value::Tensor(tensor_from_value(
        &data,
        p.dtype_opt("dtype")?,
    )?))
}

fn typed_tensor(args: Args, dtype: DType, name: &str) -> PyResult<Value> {
    let p = Params::new(name, args);
    match p.pos.first() {
        None => Ok(Value::Tensor(Tensor::zeros(&[0], dtype)?)),
        Some(Value::List(_) | Value::Tuple(_)) => {
            Ok(Value::Tensor(tensor_from_value(&p.pos[0], Some(dtype))?))
        }
        Some(Value::Tensor(t)) => Ok(Value::Tensor(t.to_dtype(dtype))),
        Some(_) => Ok(Value::Tensor(Tensor::zeros(&p.shape(0, "size")?, dtype)?)),
    }
}

fn t_float_tensor(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    typed_tensor(args, DType::Float32, "Tensor")
}
fn t_long_tensor(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    typed_tensor(args, DType::Int64, "LongTensor")
}
fn t_bool_tensor(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    typed_tensor(args, DType::Bool, "BoolTensor")
}

fn filled(args: Args, name: &str, value: Scalar) -> PyResult<Value> {
    let p = Params::new(name, args);
    let shape = p.shape(0, "size")?;
    let dtype = p.dtype_opt("dtype")?.unwrap_or(DType::Float32);
    Ok(Value::Tensor(Tensor::full(&shape, value, dtype)?))
}

fn t_zeros(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    filled(args, "zeros", Scalar::Int(0))
}
fn t_ones(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    filled(args, "ones", Scalar::Int(1))
}

fn t_full(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("full", args);
    let size = p
        .get(0, "size")
        .ok_or_else(|| type_error("full() missing required argument 'size'"))?;
    let shape = shape_of_value(&size)?;
    let value = p
        .scalar_opt(1, "fill_value")?
        .ok_or_else(|| type_error("full() missing required argument 'fill_value'"))?;
    let dtype = p
        .dtype_opt("dtype")?
        .unwrap_or(DType::default_for(value.category()));
    Ok(Value::Tensor(Tensor::full(&shape, value, dtype)?))
}

fn t_eye(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("eye", args);
    let n = p.int(0, "n")?.max(0) as usize;
    let m = p.int_opt(1, "m")?.map(|m| m.max(0) as usize).unwrap_or(n);
    Ok(Value::Tensor(create::eye(
        n,
        m,
        p.dtype_opt("dtype")?.unwrap_or(DType::Float32),
    )?))
}

fn t_arange(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("arange", args);
    let a = p.scalar_opt(0, "start")?;
    let b = p.scalar_opt(1, "end")?;
    let c = p
        .scalar_opt(2, "step")?
        .or(p.scalar_opt(usize::MAX, "step")?);
    let (start, end) = match (a, b) {
        (Some(a), Some(b)) => (a, b),
        (Some(a), None) => match p.scalar_opt(usize::MAX, "end")? {
            Some(e) => (a, e),
            None => (Scalar::Int(0), a),
        },
        (None, _) => match p.scalar_opt(usize::MAX, "end")? {
            Some(e) => (Scalar::Int(0), e),
            None => {
                return Err(type_error(
                    "arange() received an invalid combination of arguments",
                ));
            }
        },
    };
    let step = c.unwrap_or(Scalar::Int(1));
    Ok(Value::Tensor(create::arange(
        start,
        end,
        step,
        p.dtype_opt("dtype")?,
    )?))
}

fn t_linspace(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("linspace", args);
    let start = p.float_opt(0, "start")?.unwrap_or(0.0);
    let end = p.float_opt(1, "end")?.unwrap_or(0.0);
    let steps = p.int(2, "steps")?;
    if steps < 0 {
        return Err(exc("RuntimeError", "number of steps must be non-negative"));
    }
    Ok(Value::Tensor(create::linspace(start, end, steps as usize)?))
}

fn random_shape(p: &Params) -> PyResult<Vec<usize>> {
    p.shape(0, "size")
}

fn t_rand(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("rand", args);
    let shape = random_shape(&p)?;
    let n = crate::tensor::settings::check_numel(&shape)?;
    let v = state(interp).rng.uniform_f32(n, 0.0, 1.0);
    Ok(Value::Tensor(Tensor::from_vec(v, &shape)?))
}

fn t_randn(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("randn", args);
    let shape = random_shape(&p)?;
    let n = crate::tensor::settings::check_numel(&shape)?;
    let v = state(interp).rng.normal_f32(n, 0.0, 1.0);
    Ok(Value::Tensor(Tensor::from_vec(v, &shape)?))
}

fn t_randint(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("randint", args);
    // randint(high, size) or randint(low, high, size)
    let (low, high, size_pos) = match p.pos.get(2) {
        Some(_) => (p.int(0, "low")?, p.int(1, "high")?, 2),
        None => match p.pos.get(1) {
            Some(Value::Int(_)) => (p.int(0, "low")?, p.int(1, "high")?, usize::MAX),
            _ => (
                p.int_opt(usize::MAX, "low")?.unwrap_or(0),
                p.int(0, "high")?,
                1,
            ),
        },
    };
    let shape: Vec<usize> = match p.get(size_pos, "size") {
        Some(Value::Tuple(t)) => t
            .iter()
            .map(|v| crate::interp::builtins::to_int(v, "").map(|i| i.max(0) as usize))
            .collect::<PyResult<_>>()?,
        Some(Value::List(l)) => l
            .borrow()
            .iter()
            .map(|v| crate::interp::builtins::to_int(v, "").map(|i| i.max(0) as usize))
            .collect::<PyResult<_>>()?,
        Some(Value::Size(s)) => s.as_ref().clone(),
        _ => return Err(type_error("randint() missing required argument 'size'")),
    };
    if low >= high {
        return Err(exc(
            "RuntimeError",
            format!("random_ expects 'from' to be less than 'to', but got from={low} >= to={high}"),
        ));
    }
    let n = crate::tensor::settings::check_numel(&shape)?;
    let v = state(interp).rng.randint_i64(n, low, high);
    let t = Tensor::from_vec(v, &shape)?;
    Ok(Value::Tensor(match p.dtype_opt("dtype")? {
        Some(d) => t.to_dtype(d),
        None => t,
    }))
}

fn t_randperm(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("randperm", args);
    let n = p.int(0, "n")?.max(0) as usize;
    crate::tensor::settings::check_numel(&[n])?;
    let v = state(interp).rng.randperm(n);
    Ok(Value::Tensor(Tensor::from_vec(v, &[n])?))
}

fn t_manual_seed(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("manual_seed", args);
    let seed = p.int(0, "seed")?;
    state(interp).rng.manual_seed(seed as u64);
    Ok(Value::None)
}

fn t_seed(interp: &mut Interpreter, _: Args) -> PyResult<Value> {
    Ok(Value::Int(state(interp).rng.initial_seed() as i64))
}

fn t_initial_seed(interp: &mut Interpreter, _: Args) -> PyResult<Value> {
    Ok(Value::Int(state(interp).rng.initial_seed() as i64))
}

fn like(args: Args, name: &str) -> PyResult<(Tensor, DType, Params)> {
    let p = Params::new(name, args);
    let t = p.tensor(0, "input")?;
    let dtype = p.dtype_opt("dtype")?.unwrap_or(t.dtype());
    Ok((t, dtype, p))
}

fn t_zeros_like(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (t, d, _) = like(args, "zeros_like")?;
    Ok(Value::Tensor(Tensor::full(t.shape(), Scalar::Int(0), d)?))
}

fn t_ones_like(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (t, d, _) = like(args, "ones_like")?;
    Ok(Value::Tensor(Tensor::full(t.shape(), Scalar::Int(1), d)?))
}

fn t_full_like(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (t, d, p) = like(args, "full_like")?;
    let v = p
        .scalar_opt(1, "fill_value")?
        .ok_or_else(|| type_error("full_like() missing required argument 'fill_value'"))?;
    Ok(Value::Tensor(Tensor::full(t.shape(), v, d)?))
}

fn t_rand_like(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (t, _, _) = like(args, "rand_like")?;
    let v = state(interp).rng.uniform_f32(t.numel(), 0.0, 1.0);
    Ok(Value::Tensor(Tensor::from_vec(v, t.shape())?))
}

fn t_randn_like(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let (t, _, _) = like(args, "randn_like")?;
    let v = state(interp).rng.normal_f32(t.numel(), 0.0, 1.0);
    Ok(Value::Tensor(Tensor::from_vec(v, t.shape())?))
}

fn tensor_list(interp: &mut Interpreter, v: &Value, name: &str) -> PyResult<Vec<Tensor>> {
    let items = interp.collect_iter(v)?;
    items
        .into_iter()
        .map(|it| match it {
            Value::Tensor(t) => Ok(t),
            other => Err(type_error(format!(
                "{name}(): argument 'tensors' (position 1) must be tuple of Tensors, not {}",
                other.type_name()
            ))),
        })
        .collect()
}

fn t_cat(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("cat", args);
    let list = p
        .get(0, "tensors")
        .ok_or_else(|| type_error("cat() missing required argument 'tensors'"))?;
    let ts = tensor_list(interp, &list, "cat")?;
    let dim = p.int_opt(1, "dim")?.unwrap_or(0);
    let out = Tensor::cat(&ts, dim)?;
    let record = super::autograd::recording_tensors(interp, &ts.iter().collect::<Vec<_>>());
    Ok(Value::Tensor(if record {
        out.with_grad_fn("CatBackward0")
    } else {
        out
    }))
}

fn t_stack(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("stack", args);
    let list = p
        .get(0, "tensors")
        .ok_or_else(|| type_error("stack() missing required argument 'tensors'"))?;
    let ts = tensor_list(interp, &list, "stack")?;
    let dim = p.int_opt(1, "dim")?.unwrap_or(0);
    let out = Tensor::stack(&ts, dim)?;
    let record = super::autograd::recording_tensors(interp, &ts.iter().collect::<Vec<_>>());
    Ok(Value::Tensor(if record {
        out.with_grad_fn("StackBackward0")
    } else {
        out
    }))
}

fn t_where(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("where", args);
    let cond = p.tensor(0, "condition")?;
    let a = p.get(1, "input");
    let b = p.get(2, "other");
    let (Some(a), Some(b)) = (a, b) else {
        // torch.where(cond) → nonzero as a tuple of index tensors.
        let cols = gather::nonzero_tuple(&cond)?;
        return Ok(Value::tuple(cols.into_iter().map(Value::Tensor).collect()));
    };
    let to_op = |v: &Value| -> PyResult<Option<Scalar>> { Ok(value_to_scalar(v)) };
    let (sa, sb) = (to_op(&a)?, to_op(&b)?);
    let oa = match (&a, sa) {
        (Value::Tensor(t), _) => Operand::Tensor(t),
        (_, Some(s)) => Operand::Scalar(s),
        _ => return Err(type_error("where(): argument 'input' must be Tensor")),
    };
    let ob = match (&b, sb) {
        (Value::Tensor(t), _) => Operand::Tensor(t),
        (_, Some(s)) => Operand::Scalar(s),
        _ => return Err(type_error("where(): argument 'other' must be Tensor")),
    };
    Ok(Value::Tensor(elementwise::where_(&cond, oa, ob)?))
}

fn t_no_grad(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    Ok(super::types::GradMode::value(false, None))
}

fn t_set_num_threads(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("set_num_threads", args);
    let n = p.int(0, "int")?;
    if n <= 0 {
        return Err(exc(
            "RuntimeError",
            "set_num_threads expects a positive integer",
        ));
    }
    interp.num_threads = n as usize;
    crate::tensor::settings::update(|s| s.num_threads = n as usize);
    Ok(Value::None)
}

fn t_get_num_threads(interp: &mut Interpreter, _: Args) -> PyResult<Value> {
    Ok(Value::Int(interp.num_threads as i64))
}

fn t_is_tensor(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    Ok(Value::Bool(matches!(
        args.pos.first(),
        Some(Value::Tensor(_))
    )))
}

fn t_is_grad_enabled(interp: &mut Interpreter, _: Args) -> PyResult<Value> {
    Ok(Value::Bool(no_grad_depth(interp) == 0))
}

fn t_finfo(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("finfo", args);
    match p.get(0, "type") {
        None | Some(Value::DType(DType::Float32)) => Ok(super::nn::named_tuple(
            interp,
            "finfo",
            vec![
                ("min", Value::Float(f32::MIN as f64)),
                ("max", Value::Float(f32::MAX as f64)),
                ("eps", Value::Float(f32::EPSILON as f64)),
                ("tiny", Value::Float(f32::MIN_POSITIVE as f64)),
                ("bits", Value::Int(32)),
            ],
        )),
        Some(_) => Err(type_error(
            "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'",
        )),
    }
}

fn t_result_type(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    use crate::tensor::dtype::Operand as P;
    let ops: Vec<P> = args
        .pos
        .iter()
        .map(|v| match v {
            Value::Tensor(t) if t.ndim() == 0 => P::ZeroDim(t.dtype()),
            Value::Tensor(t) => P::Dimensioned(t.dtype()),
            other => P::Scalar(
                value_to_scalar(other)
                    .map(|s| s.category())
                    .unwrap_or(crate::tensor::dtype::Category::Float),
            ),
        })
        .collect();
    Ok(Value::DType(crate::tensor::dtype::result_type(&ops)))
}

fn t_no_numpy(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    Err(exc(
        "RuntimeError",
        "the tutor has no NumPy: build tensors with torch.tensor(...)",
    ))
}

fn t_set_printoptions(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    Err(exc(
        "RuntimeError",
        "the tutor prints with PyTorch's default options; set_printoptions is not supported",
    ))
}

fn t_broadcast_shapes(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut shape: Vec<usize> = vec![];
    for a in &args.pos {
        let s: Vec<usize> = match a {
            Value::Size(s) => s.as_ref().clone(),
            Value::Tuple(t) => t
                .iter()
                .map(|v| crate::interp::builtins::to_int(v, "").map(|i| i.max(0) as usize))
                .collect::<PyResult<_>>()?,
            Value::List(l) => l
                .borrow()
                .iter()
                .map(|v| crate::interp::builtins::to_int(v, "").map(|i| i.max(0) as usize))
                .collect::<PyResult<_>>()?,
            Value::Int(i) => vec![(*i).max(0) as usize],
            _ => return Err(type_error("broadcast_shapes expects shapes")),
        };
        shape = crate::tensor::layout::broadcast_shapes(&shape, &s)?;
    }
    Ok(Value::Size(Rc::new(shape)))
}

fn t_size(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let items = match args.pos.first() {
        Some(v) => interp.collect_iter(v)?,
        None => vec![],
    };
    let dims: Vec<usize> = items
        .iter()
        .map(|v| crate::interp::builtins::to_int(v, "").map(|i| i.max(0) as usize))
        .collect::<PyResult<_>>()?;
    Ok(Value::Size(Rc::new(dims)))
}

fn t_numel(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("numel", args);
    Ok(Value::Int(p.tensor(0, "input")?.numel() as i64))
}

fn t_tril_indices(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("tril_indices", args);
    let (r, c) = (p.int(0, "row")?, p.int(1, "col")?);
    let off = p.int_opt(2, "offset")?.unwrap_or(0);
    Ok(Value::Tensor(create::tril_indices(r, c, off)?))
}

fn t_enable_grad(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    Ok(super::types::GradMode::value(true, None))
}

/// `torch.set_grad_enabled(mode)` applies the mode at once (as a call) and restores it on leaving a `with`.
fn t_set_grad_enabled(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("set_grad_enabled", args);
    let mode = p.bool_or(0, "mode", true)?;
    let prev = state(interp).no_grad;
    state(interp).no_grad = if mode { 0 } else { prev + 1 };
    Ok(super::types::GradMode::value(mode, Some(prev)))
}

fn t_broadcast_tensors(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let ts: Vec<Tensor> = args
        .pos
        .iter()
        .map(|v| match v {
            Value::Tensor(t) => Ok(t.clone()),
            other => Err(type_error(format!(
                "expected Tensor as element 0 in argument 0, but got {}",
                other.type_name()
            ))),
        })
        .collect::<PyResult<_>>()?;
    let views = reorder::broadcast_tensors(&ts)?;
    Ok(Value::tuple(views.into_iter().map(Value::Tensor).collect()))
}

fn t_vstack(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("vstack", args);
    let list = p
        .get(0, "tensors")
        .ok_or_else(|| type_error("vstack() missing required argument 'tensors'"))?;
    let ts = tensor_list(interp, &list, "vstack")?;
    Ok(Value::Tensor(reorder::vstack(&ts)?))
}

fn t_hstack(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("hstack", args);
    let list = p
        .get(0, "tensors")
        .ok_or_else(|| type_error("hstack() missing required argument 'tensors'"))?;
    let ts = tensor_list(interp, &list, "hstack")?;
    Ok(Value::Tensor(reorder::hstack(&ts)?))
}

fn t_mv(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = Params::new("mv", args);
    let m = p.tensor(0, "input")?;
    let v = p.tensor(1, "vec")?;
    Ok(Value::Tensor(matmul::mv(&m, &v)?))
}

fn t_promote_types(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match (args.pos.first(), args.pos.get(1)) {
        (Some(Value::DType(a)), Some(Value::DType(b))) => Ok(Value::DType(DType::promote(*a, *b))),
        _ => Err(type_error("promote_types(): arguments must be dtypes")),
    }
}

fn t_device(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match args.pos.first() {
        Some(Value::Str(s)) if s.starts_with("cpu") => Ok(Value::str("cpu")),
        Some(Value::Str(s)) => Err(exc(
            "RuntimeError",
            format!("the tutor runs on the CPU only; there is no '{s}' device here"),
        )),
        _ => Ok(Value::str("cpu")),
    }
}

/// A shape given as one value: a list, tuple, `torch.Size` or a single int.
pub(crate) fn shape_of_value(v: &Value) -> PyResult<Vec<usize>> {
    let dims: Vec<i64> = match v {
        Value::List(l) => l
            .borrow()
            .iter()
            .map(|x| crate::interp::builtins::to_int(x, ""))
            .collect::<PyResult<_>>()?,
        Value::Tuple(t) => t
            .iter()
            .map(|x| crate::interp::builtins::to_int(x, ""))
            .collect::<PyResult<_>>()?,
        Value::Size(s) => s.iter().map(|&d| d as i64).collect(),
        Value::Int(i) => vec![*i],
        other => {
            return Err(type_error(format!(
                "argument 'size' must be tuple of ints, not {}",
                other.type_name()
            )));
        }
    };
    if let Some(&d) = dims.iter().find(|&&d| d < 0) {
        return Err(exc(
            "RuntimeError",
            format!("Trying to create tensor with negative dimension {d}: {dims:?}"),
        ));
    }
    Ok(dims.iter().map(|&d| d as usize).collect())
}
