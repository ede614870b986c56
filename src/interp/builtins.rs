//! Python's built-in functions, exception classes, and the `math` and `copy` modules.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::Interpreter;
use super::error::{ExcKind, PyResult, exc, type_error};
use super::ops::hash_key;
use super::value::{Args, Builtin, BuiltinFn, Class, Dict, Instance, Module, NativeFn, Value};

pub(crate) fn builtin(name: &'static str, func: NativeFn) -> Value {
    Value::Builtin(Rc::new(Builtin::new(name, func)))
}

/// A type object whose constructor is a closure (`torch.Tensor`, which also carries factory keywords).
pub fn type_object_with(
    qualname: &'static str,
    func: impl Fn(&mut Interpreter, Args) -> PyResult<Value> + 'static,
) -> Value {
    Value::Builtin(Rc::new(Builtin {
        name: qualname.rsplit('.').next().unwrap_or(qualname),
        func: Box::new(func),
        type_qualname: Some(qualname),
    }))
}

/// A built-in that runs a closure (which carries what its binding table knew: its name, the function it
/// forwards to).
pub fn builtin_with(
    name: &'static str,
    func: impl Fn(&mut Interpreter, Args) -> PyResult<Value> + 'static,
) -> Value {
    Value::Builtin(Rc::new(Builtin {
        name,
        func: Box::new(func),
        type_qualname: None,
    }))
}

pub(crate) fn install(interp: &mut Interpreter) {
    let table: &[(&'static str, NativeFn)] = &[
        ("print", b_print),
        ("len", b_len),
        ("range", b_range),
        ("enumerate", b_enumerate),
        ("zip", b_zip),
        ("sum", b_sum),
        ("min", b_min),
        ("max", b_max),
        ("abs", b_abs),
        ("round", b_round),
        ("sorted", b_sorted),
        ("reversed", b_reversed),
        ("isinstance", b_isinstance),
        ("issubclass", b_issubclass),
        ("list", b_list),
        ("dict", b_dict),
        ("tuple", b_tuple),
        ("set", b_set),
        ("str", b_str),
        ("int", b_int),
        ("float", b_float),
        ("bool", b_bool),
        ("repr", b_repr),
        ("type", b_type),
        ("any", b_any),
        ("all", b_all),
        ("map", b_map),
        ("filter", b_filter),
        ("hasattr", b_hasattr),
        ("getattr", b_getattr),
        ("setattr", b_setattr),
        ("iter", b_iter),
        ("next", b_next),
        ("divmod", b_divmod),
        ("pow", b_pow),
        ("chr", b_chr),
        ("ord", b_ord),
        ("format", b_format),
        ("callable", b_callable),
        ("hash", b_hash),
        ("super", b_super),
        ("slice", b_slice),
        ("id", b_id),
        ("open", b_forbidden),
        ("exec", b_forbidden),
        ("eval", b_forbidden),
        ("compile", b_forbidden),
        ("input", b_forbidden),
        ("__import__", b_forbidden),
        ("globals", b_forbidden),
        ("locals", b_forbidden),
        ("vars", b_forbidden),
        ("breakpoint", b_forbidden),
        ("exit", b_forbidden),
        ("quit", b_forbidden),
    ];
    // The built-ins that are types print as classes (`<class 'int'>`).
    const TYPES: &[&str] = &[
        "int", "float", "str", "bool", "list", "dict", "tuple", "set", "range", "type", "slice",
    ];
    for (name, f) in table {
        let value = if TYPES.contains(name) {
            type_object(name, Some(*f))
        } else {
            builtin(name, *f)
        };
        interp.builtins.insert(name, value);
    }
    interp.builtins.insert("None", Value::None);
    interp.builtins.insert("True", Value::Bool(true));
    interp.builtins.insert("False", Value::Bool(false));
    interp.builtins.insert("Ellipsis", Value::Ellipsis);
    interp.builtins.insert("NotImplemented", Value::None);

    // Exception classes, native-tagged with their own name.
    let object = Rc::new(Class {
        name: Rc::from("object"),
        bases: vec![],
        attrs: RefCell::new(vec![]),
        native: None,
        slots: None,
    });
    interp
        .exception_classes
        .insert("object", Rc::clone(&object));
    for kind in ExcKind::BUILTIN {
        let bases = match kind.parent() {
            Some(p) => interp
                .exception_classes
                .get(p.name())
                .map(|c| vec![Rc::clone(c)])
                .unwrap_or_default(),
            None => vec![Rc::clone(&object)],
        };
        let name = kind.name();
        let class = Rc::new(Class {
            name: Rc::from(name),
            bases,
            attrs: RefCell::new(vec![]),
            native: Some(name),
            slots: None,
        });
        interp.exception_classes.insert(name, Rc::clone(&class));
        interp.builtins.insert(name, Value::Class(class));
    }
}

/// The standard-library modules a cell may import: `math`, `copy`, and `time` (clocks only).
pub(crate) fn install_stdlib(interp: &mut Interpreter) {
    // `time`: only clocks (for timing cells); no sleep, so it cannot be used to stall the sandbox.
    let mut time_attrs: HashMap<&'static str, Value> = HashMap::new();
    time_attrs.insert("perf_counter", builtin("perf_counter", t_perf_counter));
    time_attrs.insert("time", builtin("time", t_time));
    time_attrs.insert("process_time", builtin("process_time", t_process_time));
    interp.modules.insert(
        "time",
        Value::Module(Rc::new(Module {
            name: "time",
            attrs: time_attrs,
        })),
    );
    let math = math_module();
    interp.modules.insert("math", math);
    let mut copy_attrs = HashMap::new();
    copy_attrs.insert("deepcopy", builtin("deepcopy", b_deepcopy));
    copy_attrs.insert("copy", builtin("copy", b_shallow_copy));
    interp.modules.insert(
        "copy",
        Value::Module(Rc::new(Module {
            name: "copy",
            attrs: copy_attrs,
        })),
    );
}

fn b_forbidden(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    Err(exc(
        ExcKind::PermissionError,
        "this built-in is not available in the tutor's sandbox: cells cannot read files, run programs or see the environment",
    ))
}

pub(crate) fn arg(args: &Args, i: usize, name: &str) -> Option<Value> {
    args.pos.get(i).cloned().or_else(|| {
        args.kw
            .iter()
            .find(|(k, _)| &**k == name)
            .map(|(_, v)| v.clone())
    })
}

fn need(args: &Args, i: usize, name: &str, func: &str) -> PyResult<Value> {
    arg(args, i, name).ok_or_else(|| {
        type_error(format!(
            "{func}() missing required argument '{name}' (pos {})",
            i + 1
        ))
    })
}

fn b_print(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let sep = match args.kw.iter().find(|(k, _)| &**k == "sep") {
        Some((_, Value::Str(s))) => s.to_string(),
        Some((_, Value::None)) | None => " ".to_string(),
        Some((_, other)) => {
            return Err(type_error(format!(
                "sep must be None or a string, not {}",
                other.type_name()
            )));
        }
    };
    let end = match args.kw.iter().find(|(k, _)| &**k == "end") {
        Some((_, Value::Str(s))) => s.to_string(),
        Some((_, Value::None)) | None => "\n".to_string(),
        Some((_, other)) => {
            return Err(type_error(format!(
                "end must be None or a string, not {}",
                other.type_name()
            )));
        }
    };
    if let Some((k, _)) = args
        .kw
        .iter()
        .find(|(k, _)| !matches!(k.as_ref(), "sep" | "end" | "flush" | "file"))
    {
        return Err(type_error(format!(
            "'{k}' is an invalid keyword argument for print()"
        )));
    }
    let mut parts = Vec::with_capacity(args.pos.len());
    for v in &args.pos {
        parts.push(interp.to_str(v)?);
    }
    let text = parts.join(&sep) + &end;
    interp.write_out(&text)?;
    Ok(Value::None)
}

fn b_len(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "obj", "len")?;
    let n = match &v {
        Value::Str(s) => s.chars().count(),
        Value::List(l) => l.borrow().len(),
        Value::Tuple(t) => t.len(),
        Value::Size(s) => s.len(),
        Value::Dict(d) | Value::Set(d) | Value::DictView(d, _) => d.borrow().len(),
        Value::Range(a, b, c) => super::call::range_len(*a, *b, *c),
        Value::Instance(inst) if let Some((_, f)) = inst.class.lookup("__len__") => {
            return interp.call_value(f, Args::new(vec![v.clone()]));
        }
        other if let Some(ty) = interp.native_type(other) => ty.len(interp, other)?,
        other => {
            return Err(type_error(format!(
                "object of type '{}' has no len()",
                other.type_name()
            )));
        }
    };
    Ok(Value::Int(n as i64))
}

pub(crate) use super::convert::{to_float, to_int};

fn b_range(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let ints: Vec<i64> = args
        .pos
        .iter()
        .map(|v| to_int(v, ""))
        .collect::<PyResult<_>>()?;
    let (a, b, c) = match ints.as_slice() {
        [b] => (0, *b, 1),
        [a, b] => (*a, *b, 1),
        [a, b, c] => (*a, *b, *c),
        _ => {
            return Err(type_error(format!(
                "range expected at most 3 arguments, got {}",
                ints.len()
            )));
        }
    };
    if c == 0 {
        return Err(exc(ExcKind::ValueError, "range() arg 3 must not be zero"));
    }
    Ok(Value::Range(a, b, c))
}

fn seq_iter(items: Vec<Value>) -> Value {
    Value::Iterator(Rc::new(RefCell::new(super::value::Iter::Seq {
        items: Rc::new(items),
        pos: 0,
    })))
}

fn b_enumerate(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let items = interp.collect_iter(&need(&args, 0, "iterable", "enumerate")?)?;
    let start = match arg(&args, 1, "start") {
        Some(v) => to_int(&v, "")?,
        None => 0,
    };
    Ok(seq_iter(
        items
            .into_iter()
            .enumerate()
            .map(|(i, v)| Value::tuple(vec![Value::Int(start + i as i64), v]))
            .collect(),
    ))
}

fn b_zip(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut lists = Vec::new();
    for a in &args.pos {
        lists.push(interp.collect_iter(a)?);
    }
    let n = lists.iter().map(|l| l.len()).min().unwrap_or(0);
    Ok(seq_iter(
        (0..n)
            .map(|i| Value::tuple(lists.iter().map(|l| l[i].clone()).collect()))
            .collect(),
    ))
}

fn b_sum(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let items = interp.collect_iter(&need(&args, 0, "iterable", "sum")?)?;
    let mut acc = arg(&args, 1, "start").unwrap_or(Value::Int(0));
    for v in items {
        acc = interp.binary_op(rustpython_parser::ast::Operator::Add, acc, v)?;
    }
    Ok(acc)
}

fn extreme(interp: &mut Interpreter, args: Args, largest: bool) -> PyResult<Value> {
    let name = if largest { "max" } else { "min" };
    let key = arg(&args, usize::MAX, "key");
    let default = arg(&args, usize::MAX, "default");
    let items = if args.pos.len() == 1 {
        interp.collect_iter(&args.pos[0])?
    } else {
        args.pos.clone()
    };
    let mut best: Option<(Value, Value)> = None;
    for v in items {
        let k = match &key {
            Some(f) if !matches!(f, Value::None) => {
                interp.call_value(f.clone(), Args::new(vec![v.clone()]))?
            }
            _ => v.clone(),
        };
        let replace = match &best {
            None => true,
            Some((_, bk)) => {
                let op = if largest {
                    rustpython_parser::ast::CmpOp::Gt
                } else {
                    rustpython_parser::ast::CmpOp::Lt
                };
                let r = interp.compare(op, &k, bk)?;
                interp.truthy(&r)?
            }
        };
        if replace {
            best = Some((v, k));
        }
    }
    match (best, default) {
        (Some((v, _)), _) => Ok(v),
        (None, Some(d)) => Ok(d),
        (None, None) => Err(exc(
            ExcKind::ValueError,
            format!("{name}() iterable argument is empty"),
        )),
    }
}

fn b_min(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    extreme(interp, args, false)
}

fn b_max(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    extreme(interp, args, true)
}

fn b_abs(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    match need(&args, 0, "x", "abs")? {
        Value::Int(i) => Ok(Value::Int(i.wrapping_abs())),
        Value::Bool(b) => Ok(Value::Int(b as i64)),
        Value::Float(f) => Ok(Value::Float(f.abs())),
        other if let Some(ty) = interp.native_type(&other) => {
            ty.number_protocol(interp, &other, "abs")
        }
        other => Err(type_error(format!(
            "bad operand type for abs(): '{}'",
            other.type_name()
        ))),
    }
}

fn b_round(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let x = need(&args, 0, "number", "round")?;
    let nd = arg(&args, 1, "ndigits").filter(|v| !matches!(v, Value::None));
    match (x, nd) {
        (Value::Int(i), None) => Ok(Value::Int(i)),
        (Value::Bool(b), None) => Ok(Value::Int(b as i64)),
        (Value::Float(f), None) => {
            if !f.is_finite() {
                return Err(exc(
                    ExcKind::OverflowError,
                    "cannot convert float infinity to integer",
                ));
            }
            Ok(Value::Int(f.round_ties_even() as i64))
        }
        (Value::Float(f), Some(n)) => {
            let n = to_int(&n, "")?;
            if !f.is_finite() {
                return Ok(Value::Float(f));
            }
            if n >= 0 {
                let s = format!("{:.*}", n.min(300) as usize, f);
                Ok(Value::Float(s.parse::<f64>().unwrap_or(f)))
            } else {
                let p = 10f64.powi((-n) as i32);
                Ok(Value::Float((f / p).round_ties_even() * p))
            }
        }
        (Value::Int(i), Some(n)) => {
            let n = to_int(&n, "")?;
            if n >= 0 {
                return Ok(Value::Int(i));
            }
            let p = 10i64.checked_pow((-n) as u32).unwrap_or(i64::MAX);
            let q = (i as f64 / p as f64).round_ties_even() as i64;
            Ok(Value::Int(q.saturating_mul(p)))
        }
        (other, _) if let Some(ty) = interp.native_type(&other) => {
            ty.number_protocol(interp, &other, "round")
        }
        (other, _) => Err(type_error(format!(
            "type {} doesn't define __round__ method",
            other.type_name()
        ))),
    }
}

/// Stable sort by a key with Python's comparisons.
pub(crate) fn sort_values(
    interp: &mut Interpreter,
    items: Vec<Value>,
    key: Option<Value>,
    reverse: bool,
) -> PyResult<Vec<Value>> {
    let mut keyed: Vec<(Value, Value)> = Vec::with_capacity(items.len());
    for v in items {
        let k = match &key {
            Some(f) if !matches!(f, Value::None) => {
                interp.call_value(f.clone(), Args::new(vec![v.clone()]))?
            }
            _ => v.clone(),
        };
        keyed.push((k, v));
    }
    // Insertion-merge sort with fallible comparisons (lists in lessons are small).
    let mut err = None;
    let mut sorted: Vec<(Value, Value)> = Vec::with_capacity(keyed.len());
    for item in keyed {
        let mut pos = sorted.len();
        // Binary search for the insertion point keeping stability.
        let (mut lo, mut hi) = (0usize, sorted.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            let less = if reverse {
                interp.order(&sorted[mid].0, &item.0, rustpython_parser::ast::CmpOp::Lt)
            } else {
                interp.order(&item.0, &sorted[mid].0, rustpython_parser::ast::CmpOp::Lt)
            };
            match less {
                Ok(Some(std::cmp::Ordering::Less)) => hi = mid,
                Ok(_) => lo = mid + 1,
                Err(e) => {
                    err = Some(e);
                    break;
                }
            }
        }
        if err.is_some() {
            break;
        }
        pos = pos.min(lo);
        sorted.insert(pos, item);
    }
    if let Some(e) = err {
        return Err(e);
    }
    Ok(sorted.into_iter().map(|(_, v)| v).collect())
}

fn b_sorted(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let items = interp.collect_iter(&need(&args, 0, "iterable", "sorted")?)?;
    let key = arg(&args, usize::MAX, "key");
    let reverse = match arg(&args, usize::MAX, "reverse") {
        Some(v) => interp.truthy(&v)?,
        None => false,
    };
    Ok(Value::list(sort_values(interp, items, key, reverse)?))
}

fn b_reversed(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut items = interp.collect_iter(&need(&args, 0, "sequence", "reversed")?)?;
    items.reverse();
    Ok(seq_iter(items))
}

pub(crate) fn isinstance_of(interp: &Interpreter, v: &Value, spec: &Value) -> PyResult<bool> {
    match spec {
        Value::Tuple(items) => {
            for s in items.iter() {
                if isinstance_of(interp, v, s)? {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        Value::Builtin(b) => Ok(match b.name {
            "int" => matches!(v, Value::Int(_) | Value::Bool(_)),
            "float" => matches!(v, Value::Float(_)),
            "str" => matches!(v, Value::Str(_)),
            "bool" => matches!(v, Value::Bool(_)),
            "list" => matches!(v, Value::List(_)),
            "dict" => matches!(v, Value::Dict(_)),
            "tuple" => matches!(v, Value::Tuple(_) | Value::Size(_)),
            "set" => matches!(v, Value::Set(_)),
            "range" => matches!(v, Value::Range(..)),
            "object" => true,
            name => interp
                .native_type(v)
                .is_some_and(|ty| ty.is_instance(v, name)),
        }),
        Value::Class(c) => Ok(match v {
            Value::Instance(i) => i.class.is_subclass_of(c),
            _ => c.name.as_ref() == "object",
        }),
        other => Err(type_error(format!(
            "isinstance() arg 2 must be a type, a tuple of types, or a union, not {}",
            other.type_name()
        ))),
    }
}

fn b_isinstance(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "obj", "isinstance")?;
    let spec = need(&args, 1, "class_or_tuple", "isinstance")?;
    Ok(Value::Bool(isinstance_of(interp, &v, &spec)?))
}

fn b_issubclass(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match (arg(&args, 0, "cls"), arg(&args, 1, "class_or_tuple")) {
        (Some(Value::Class(a)), Some(Value::Class(b))) => Ok(Value::Bool(a.is_subclass_of(&b))),
        _ => Err(type_error("issubclass() arg 1 must be a class")),
    }
}

fn b_list(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    match arg(&args, 0, "iterable") {
        Some(v) => Ok(Value::list(interp.collect_iter(&v)?)),
        None => Ok(Value::list(vec![])),
    }
}

fn b_tuple(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    match arg(&args, 0, "iterable") {
        Some(v) => Ok(Value::tuple(interp.collect_iter(&v)?)),
        None => Ok(Value::tuple(vec![])),
    }
}

fn b_set(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut d = Dict::default();
    if let Some(v) = arg(&args, 0, "iterable") {
        for x in interp.collect_iter(&v)? {
            d.insert(hash_key(&x)?, x, Value::None);
        }
    }
    Ok(Value::Set(Rc::new(RefCell::new(d))))
}

fn b_dict(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut d = Dict::default();
    if let Some(v) = args.pos.first() {
        match v {
            Value::Dict(o) => d = o.borrow().clone(),
            other => {
                for item in interp.collect_iter(other)? {
                    let kv = interp.collect_iter(&item)?;
                    if kv.len() != 2 {
                        return Err(exc(
                            ExcKind::ValueError,
                            format!(
                                "dictionary update sequence element #0 has length {}; 2 is required",
                                kv.len()
                            ),
                        ));
                    }
                    d.insert(hash_key(&kv[0])?, kv[0].clone(), kv[1].clone());
                }
            }
        }
    }
    for (k, v) in args.kw {
        d.insert(super::value::HashKey::Str(Rc::clone(&k)), Value::Str(k), v);
    }
    Ok(Value::Dict(Rc::new(RefCell::new(d))))
}

fn b_str(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    match arg(&args, 0, "object") {
        Some(v) => Ok(Value::str(&interp.to_str(&v)?)),
        None => Ok(Value::str("")),
    }
}

fn b_repr(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "obj", "repr")?;
    Ok(Value::str(&interp.repr(&v)?))
}

fn b_int(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let Some(v) = arg(&args, 0, "x") else {
        return Ok(Value::Int(0));
    };
    match v {
        Value::Int(i) => Ok(Value::Int(i)),
        Value::Bool(b) => Ok(Value::Int(b as i64)),
        Value::Float(f) => {
            if f.is_nan() {
                return Err(exc(
                    ExcKind::ValueError,
                    "cannot convert float NaN to integer",
                ));
            }
            if f.is_infinite() {
                return Err(exc(
                    ExcKind::OverflowError,
                    "cannot convert float infinity to integer",
                ));
            }
            Ok(Value::Int(f.trunc() as i64))
        }
        Value::Str(s) => {
            let base = match arg(&args, 1, "base") {
                Some(b) => to_int(&b, "")? as u32,
                None => 10,
            };
            let t = s.trim().replace('_', "");
            i64::from_str_radix(&t, base).map(Value::Int).map_err(|_| {
                exc(
                    ExcKind::ValueError,
                    format!(
                        "invalid literal for int() with base {base}: {}",
                        super::repr::str_repr(&s)
                    ),
                )
            })
        }
        Value::Tensor(t) => {
            if t.numel() != 1 {
                return Err(exc(
                    ExcKind::RuntimeError,
                    format!(
                        "a Tensor with {} elements cannot be converted to Scalar",
                        t.numel()
                    ),
                ));
            }
            let s = t.item()?;
            Ok(Value::Int(match s {
                crate::tensor::Scalar::Float(f) => f.trunc() as i64,
                other => other.to_i64(),
            }))
        }
        other => {
            let _ = interp;
            Err(type_error(format!(
                "int() argument must be a string, a bytes-like object or a real number, not '{}'",
                other.type_name()
            )))
        }
    }
}

fn b_float(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let Some(v) = arg(&args, 0, "x") else {
        return Ok(Value::Float(0.0));
    };
    match v {
        Value::Str(s) => {
            let t = s.trim().to_lowercase();
            let parsed = match t.as_str() {
                "inf" | "+inf" | "infinity" | "+infinity" => Some(f64::INFINITY),
                "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
                "nan" | "+nan" | "-nan" => Some(f64::NAN),
                _ => t.replace('_', "").parse::<f64>().ok(),
            };
            parsed.map(Value::Float).ok_or_else(|| {
                exc(
                    ExcKind::ValueError,
                    format!(
                        "could not convert string to float: {}",
                        super::repr::str_repr(&s)
                    ),
                )
            })
        }
        Value::Tensor(t) if t.numel() != 1 => Err(exc(
            ExcKind::RuntimeError,
            format!(
                "a Tensor with {} elements cannot be converted to Scalar",
                t.numel()
            ),
        )),
        other => Ok(Value::Float(to_float(&other)?)),
    }
}

fn b_bool(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    match arg(&args, 0, "x") {
        Some(v) => Ok(Value::Bool(interp.truthy(&v)?)),
        None => Ok(Value::Bool(false)),
    }
}

fn b_type(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "object", "type")?;
    Ok(match &v {
        Value::Instance(i) => Value::Class(Rc::clone(&i.class)),
        Value::Int(_) => interp.builtins.get("int").cloned().unwrap_or(Value::None),
        Value::Float(_) => interp.builtins.get("float").cloned().unwrap_or(Value::None),
        Value::Str(_) => interp.builtins.get("str").cloned().unwrap_or(Value::None),
        Value::Bool(_) => interp.builtins.get("bool").cloned().unwrap_or(Value::None),
        Value::List(_) => interp.builtins.get("list").cloned().unwrap_or(Value::None),
        Value::Dict(_) => interp.builtins.get("dict").cloned().unwrap_or(Value::None),
        Value::Tuple(_) => interp.builtins.get("tuple").cloned().unwrap_or(Value::None),
        Value::Set(_) => interp.builtins.get("set").cloned().unwrap_or(Value::None),
        Value::Tensor(_) | Value::Size(_) | Value::DType(_) | Value::Native(_) => {
            match interp.native_type(&v) {
                Some(ty) => ty.type_object(interp, &v)?,
                None => type_object("object", None),
            }
        }
        Value::None => type_object("NoneType", None),
        Value::Range(..) => interp.builtins.get("range").cloned().unwrap_or(Value::None),
        Value::Function(_) => type_object("function", None),
        Value::Class(_) => interp.builtins.get("type").cloned().unwrap_or(Value::None),
        Value::Module(_) => type_object("module", None),
        _ => type_object("object", None),
    })
}

/// A type object (`int`, `NoneType`, `torch.Tensor`): a built-in that prints as `<class 'qualname'>` and
/// constructs with `ctor`, or refuses to (`cannot create 'NoneType' instances`).
pub fn type_object(qualname: &'static str, ctor: Option<NativeFn>) -> Value {
    let name = qualname.rsplit('.').next().unwrap_or(qualname);
    let func: BuiltinFn = match ctor {
        Some(f) => Box::new(f),
        None => Box::new(move |_: &mut Interpreter, _: Args| {
            Err(type_error(format!("cannot create '{qualname}' instances")))
        }),
    };
    Value::Builtin(Rc::new(Builtin {
        name,
        func,
        type_qualname: Some(qualname),
    }))
}

fn b_any(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    for v in interp.collect_iter(&need(&args, 0, "iterable", "any")?)? {
        if interp.truthy(&v)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

fn b_all(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    for v in interp.collect_iter(&need(&args, 0, "iterable", "all")?)? {
        if !interp.truthy(&v)? {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

fn b_map(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let f = need(&args, 0, "func", "map")?;
    let mut lists = Vec::new();
    for a in &args.pos[1..] {
        lists.push(interp.collect_iter(a)?);
    }
    let n = lists.iter().map(|l| l.len()).min().unwrap_or(0);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let call_args: Vec<Value> = lists.iter().map(|l| l[i].clone()).collect();
        out.push(interp.call_value(f.clone(), Args::new(call_args))?);
    }
    Ok(seq_iter(out))
}

fn b_filter(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let f = need(&args, 0, "function", "filter")?;
    let items = interp.collect_iter(&need(&args, 1, "iterable", "filter")?)?;
    let mut out = Vec::new();
    for v in items {
        let keep = if matches!(f, Value::None) {
            interp.truthy(&v)?
        } else {
            let r = interp.call_value(f.clone(), Args::new(vec![v.clone()]))?;
            interp.truthy(&r)?
        };
        if keep {
            out.push(v);
        }
    }
    Ok(seq_iter(out))
}

fn attr_name(v: &Value) -> PyResult<String> {
    match v {
        Value::Str(s) => Ok(s.to_string()),
        other => Err(type_error(format!(
            "attribute name must be string, not '{}'",
            other.type_name()
        ))),
    }
}

fn b_hasattr(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let obj = need(&args, 0, "obj", "hasattr")?;
    let name = attr_name(&need(&args, 1, "name", "hasattr")?)?;
    match interp.get_attr(&obj, &name) {
        Ok(_) => Ok(Value::Bool(true)),
        Err(super::Unwind::Exception(e)) if e.kind == ExcKind::AttributeError => {
            Ok(Value::Bool(false))
        }
        Err(e) => Err(e),
    }
}

fn b_getattr(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let obj = need(&args, 0, "obj", "getattr")?;
    let name = attr_name(&need(&args, 1, "name", "getattr")?)?;
    match (interp.get_attr(&obj, &name), args.pos.get(2)) {
        (Ok(v), _) => Ok(v),
        (Err(super::Unwind::Exception(e)), Some(d)) if e.kind == ExcKind::AttributeError => {
            Ok(d.clone())
        }
        (Err(e), _) => Err(e),
    }
}

fn b_setattr(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let obj = need(&args, 0, "obj", "setattr")?;
    let name = attr_name(&need(&args, 1, "name", "setattr")?)?;
    let v = need(&args, 2, "value", "setattr")?;
    interp.set_attr(&obj, &name, v)?;
    Ok(Value::None)
}

fn b_iter(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "object", "iter")?;
    interp.iter(&v)
}

fn b_next(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let it = need(&args, 0, "iterator", "next")?;
    match interp.next(&it)? {
        Some(v) => Ok(v),
        None => match args.pos.get(1) {
            Some(d) => Ok(d.clone()),
            None => Err(exc(ExcKind::StopIteration, "")),
        },
    }
}

fn b_divmod(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = need(&args, 0, "a", "divmod")?;
    let b = need(&args, 1, "b", "divmod")?;
    let q = interp.binary_op(
        rustpython_parser::ast::Operator::FloorDiv,
        a.clone(),
        b.clone(),
    )?;
    let r = interp.binary_op(rustpython_parser::ast::Operator::Mod, a, b)?;
    Ok(Value::tuple(vec![q, r]))
}

fn b_pow(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = need(&args, 0, "base", "pow")?;
    let b = need(&args, 1, "exp", "pow")?;
    if let Some(m) = args.pos.get(2) {
        let (base, exp, m) = (to_int(&a, "")?, to_int(&b, "")?, to_int(m, "")?);
        if m == 0 {
            return Err(exc(ExcKind::ValueError, "pow() 3rd argument cannot be 0"));
        }
        if exp < 0 {
            return Err(exc(
                ExcKind::ValueError,
                "pow() 2nd argument cannot be negative when 3rd argument specified",
            ));
        }
        let mut result: i128 = 1;
        let mut b = (base as i128).rem_euclid(m as i128);
        let mut e = exp;
        while e > 0 {
            if e & 1 == 1 {
                result = (result * b).rem_euclid(m as i128);
            }
            b = (b * b).rem_euclid(m as i128);
            e >>= 1;
        }
        // Python's result takes the sign of the modulus.
        let r = result as i64;
        return Ok(Value::Int(if m < 0 && r > 0 { r + m } else { r }));
    }
    interp.binary_op(rustpython_parser::ast::Operator::Pow, a, b)
}

fn b_chr(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let i = to_int(&need(&args, 0, "i", "chr")?, "")?;
    char::from_u32(i as u32)
        .filter(|_| (0..=0x10FFFF).contains(&i))
        .map(|c| Value::str(&c.to_string()))
        .ok_or_else(|| exc(ExcKind::ValueError, "chr() arg not in range(0x110000)"))
}

fn b_ord(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match need(&args, 0, "c", "ord")? {
        Value::Str(s) if s.chars().count() == 1 => {
            Ok(Value::Int(s.chars().next().map_or(0, |c| c as i64)))
        }
        Value::Str(s) => Err(type_error(format!(
            "ord() expected a character, but string of length {} found",
            s.chars().count()
        ))),
        other => Err(type_error(format!(
            "ord() expected string of length 1, but {} found",
            other.type_name()
        ))),
    }
}

fn b_format(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "value", "format")?;
    let spec = match arg(&args, 1, "format_spec") {
        Some(Value::Str(s)) => s.to_string(),
        _ => String::new(),
    };
    Ok(Value::str(&interp.format_value(&v, &spec)?))
}

fn b_callable(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "obj", "callable")?;
    Ok(Value::Bool(match &v {
        Value::Function(_)
        | Value::Builtin(_)
        | Value::NativeMethod(_)
        | Value::BoundMethod(_)
        | Value::Class(_) => true,
        Value::Instance(i) => i.class.lookup("__call__").is_some(),
        _ => false,
    }))
}

fn b_hash(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "obj", "hash")?;
    match hash_key(&v)? {
        super::value::HashKey::Int(i) => Ok(Value::Int(i)),
        _ => Err(exc(
            ExcKind::TypeError,
            "hash() of this value is not deterministic across runs; the tutor leaves it out",
        )),
    }
}

fn b_id(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "obj", "id")?;
    Ok(Value::Int(v.identity().unwrap_or(0) as i64))
}

fn b_super(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match (args.pos.first(), args.pos.get(1)) {
        (Some(Value::Class(c)), Some(this)) => {
            Ok(Value::Super(Rc::new((Rc::clone(c), this.clone()))))
        }
        _ => Err(exc(ExcKind::RuntimeError, "super(): no arguments")),
    }
}

fn b_slice(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let p = &args.pos;
    let (a, b, c) = match p.len() {
        1 => (Value::None, p[0].clone(), Value::None),
        2 => (p[0].clone(), p[1].clone(), Value::None),
        3 => (p[0].clone(), p[1].clone(), p[2].clone()),
        _ => return Err(type_error("slice expected at least 1 argument, got 0")),
    };
    Ok(Value::Slice(Rc::new((a, b, c))))
}

// ---- copy ------------------------------------------------------------------------------------------------

fn b_shallow_copy(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "x", "copy")?;
    Ok(match &v {
        Value::List(l) => Value::list(l.borrow().clone()),
        Value::Dict(d) => Value::Dict(Rc::new(RefCell::new(d.borrow().clone()))),
        Value::Set(d) => Value::Set(Rc::new(RefCell::new(d.borrow().clone()))),
        Value::Instance(i) => Value::Instance(Rc::new(Instance {
            class: Rc::clone(&i.class),
            attrs: RefCell::new(i.attrs.borrow().clone()),
        })),
        _ => v,
    })
}

fn b_deepcopy(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let v = need(&args, 0, "x", "deepcopy")?;
    let mut memo: HashMap<usize, Value> = HashMap::new();
    deepcopy(interp, &v, &mut memo)
}

fn deepcopy(
    interp: &mut Interpreter,
    v: &Value,
    memo: &mut HashMap<usize, Value>,
) -> PyResult<Value> {
    interp.tick()?;
    if let Some(id) = v.identity()
        && let Some(done) = memo.get(&id)
    {
        return Ok(done.clone());
    }
    let out = match v {
        Value::List(l) => {
            let new = Rc::new(RefCell::new(Vec::new()));
            memo.insert(v.identity().unwrap_or(0), Value::List(Rc::clone(&new)));
            let items = l.borrow().clone();
            for x in items {
                let c = deepcopy(interp, &x, memo)?;
                new.borrow_mut().push(c);
            }
            return Ok(Value::List(new));
        }
        Value::Tuple(t) => Value::tuple(
            t.iter()
                .map(|x| deepcopy(interp, x, memo))
                .collect::<PyResult<_>>()?,
        ),
        Value::Dict(d) => {
            let entries = d.borrow().entries.clone();
            let mut nd = Dict::default();
            for (k, x) in entries {
                let c = deepcopy(interp, &x, memo)?;
                nd.insert(hash_key(&k)?, k, c);
            }
            Value::Dict(Rc::new(RefCell::new(nd)))
        }
        Value::Set(d) => Value::Set(Rc::new(RefCell::new(d.borrow().clone()))),
        Value::Tensor(t) => {
            let c = t.deep_copy();
            let g = t.grad_info();
            c.set_grad_info(crate::tensor::GradInfo { grad_fn: None, ..g });
            Value::Tensor(c)
        }
        Value::Instance(i) => {
            let new = Rc::new(Instance {
                class: Rc::clone(&i.class),
                attrs: RefCell::new(Vec::new()),
            });
            memo.insert(v.identity().unwrap_or(0), Value::Instance(Rc::clone(&new)));
            let attrs = i.attrs.borrow().clone();
            for (k, x) in attrs {
                let c = deepcopy(interp, &x, memo)?;
                new.attrs.borrow_mut().push((k, c));
            }
            return Ok(Value::Instance(new));
        }
        other => other.clone(),
    };
    if let Some(id) = v.identity() {
        memo.insert(id, out.clone());
    }
    Ok(out)
}

// ---- math ------------------------------------------------------------------------------------------------

fn math_module() -> Value {
    let mut attrs: HashMap<&'static str, Value> = HashMap::new();
    attrs.insert("pi", Value::Float(std::f64::consts::PI));
    attrs.insert("e", Value::Float(std::f64::consts::E));
    attrs.insert("tau", Value::Float(std::f64::consts::TAU));
    attrs.insert("inf", Value::Float(f64::INFINITY));
    attrs.insert("nan", Value::Float(f64::NAN));
    let fns: &[(&'static str, NativeFn)] = &[
        ("sqrt", m_sqrt),
        ("log", m_log),
        ("log2", |i, a| m_unary(i, a, "log2", f64::log2)),
        ("log10", |i, a| m_unary(i, a, "log10", f64::log10)),
        ("exp", |i, a| m_unary(i, a, "exp", f64::exp)),
        ("sin", |i, a| m_unary(i, a, "sin", f64::sin)),
        ("cos", |i, a| m_unary(i, a, "cos", f64::cos)),
        ("tan", |i, a| m_unary(i, a, "tan", f64::tan)),
        ("tanh", |i, a| m_unary(i, a, "tanh", f64::tanh)),
        ("atan", |i, a| m_unary(i, a, "atan", f64::atan)),
        ("fabs", |i, a| m_unary(i, a, "fabs", f64::abs)),
        ("erf", |i, a| m_unary(i, a, "erf", libm::erf)),
        ("floor", m_floor),
        ("hypot", |_, a| {
            let xs: Vec<f64> = a.pos.iter().map(to_float).collect::<PyResult<_>>()?;
            Ok(Value::Float(xs.iter().fold(0.0f64, |acc, &x| acc.hypot(x))))
        }),
        ("degrees", |i, a| m_unary(i, a, "degrees", f64::to_degrees)),
        ("radians", |i, a| m_unary(i, a, "radians", f64::to_radians)),
        ("asin", |i, a| m_unary(i, a, "asin", f64::asin)),
        ("acos", |i, a| m_unary(i, a, "acos", f64::acos)),
        ("log1p", |i, a| m_unary(i, a, "log1p", f64::ln_1p)),
        ("expm1", |i, a| m_unary(i, a, "expm1", f64::exp_m1)),
        ("sinh", |i, a| m_unary(i, a, "sinh", f64::sinh)),
        ("cosh", |i, a| m_unary(i, a, "cosh", f64::cosh)),
        ("atan2", |_, a| {
            let y = to_float(a.pos.first().unwrap_or(&Value::None))?;
            let x = to_float(a.pos.get(1).unwrap_or(&Value::None))?;
            Ok(Value::Float(y.atan2(x)))
        }),
        ("copysign", |_, a| {
            let x = to_float(a.pos.first().unwrap_or(&Value::None))?;
            let y = to_float(a.pos.get(1).unwrap_or(&Value::None))?;
            Ok(Value::Float(x.copysign(y)))
        }),
        ("ceil", m_ceil),
        ("pow", m_pow),
        ("isclose", m_isclose),
        ("isnan", |_, a| {
            Ok(Value::Bool(
                to_float(&a.pos.first().cloned().unwrap_or(Value::None))?.is_nan(),
            ))
        }),
        ("isinf", |_, a| {
            Ok(Value::Bool(
                to_float(&a.pos.first().cloned().unwrap_or(Value::None))?.is_infinite(),
            ))
        }),
        ("prod", m_prod),
        ("fsum", m_fsum),
        ("gcd", m_gcd),
        ("factorial", m_factorial),
        ("trunc", |_, a| {
            Ok(Value::Int(
                to_float(&a.pos.first().cloned().unwrap_or(Value::None))?.trunc() as i64,
            ))
        }),
    ];
    for (name, f) in fns {
        attrs.insert(name, builtin(name, *f));
    }
    Value::Module(Rc::new(Module {
        name: "math",
        attrs,
    }))
}

fn m_unary(_: &mut Interpreter, args: Args, name: &str, f: fn(f64) -> f64) -> PyResult<Value> {
    let x = to_float(&need(&args, 0, "x", name)?)?;
    let y = f(x);
    if y.is_nan() && !x.is_nan() {
        return Err(exc(ExcKind::ValueError, "math domain error"));
    }
    Ok(Value::Float(y))
}

fn m_sqrt(i: &mut Interpreter, args: Args) -> PyResult<Value> {
    m_unary(i, args, "sqrt", f64::sqrt)
}

fn m_log(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let x = to_float(&need(&args, 0, "x", "log")?)?;
    if x <= 0.0 {
        return Err(exc(ExcKind::ValueError, "math domain error"));
    }
    match args.pos.get(1) {
        Some(b) => Ok(Value::Float(x.ln() / to_float(b)?.ln())),
        None => Ok(Value::Float(x.ln())),
    }
}

fn m_floor(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match need(&args, 0, "x", "floor")? {
        Value::Int(i) => Ok(Value::Int(i)),
        v => Ok(Value::Int(to_float(&v)?.floor() as i64)),
    }
}

fn m_ceil(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    match need(&args, 0, "x", "ceil")? {
        Value::Int(i) => Ok(Value::Int(i)),
        v => Ok(Value::Int(to_float(&v)?.ceil() as i64)),
    }
}

fn m_pow(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let x = to_float(&need(&args, 0, "x", "pow")?)?;
    let y = to_float(&need(&args, 1, "y", "pow")?)?;
    Ok(Value::Float(x.powf(y)))
}

fn m_isclose(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let a = to_float(&need(&args, 0, "a", "isclose")?)?;
    let b = to_float(&need(&args, 1, "b", "isclose")?)?;
    let rel = arg(&args, usize::MAX, "rel_tol")
        .map(|v| to_float(&v))
        .transpose()?
        .unwrap_or(1e-9);
    let abs = arg(&args, usize::MAX, "abs_tol")
        .map(|v| to_float(&v))
        .transpose()?
        .unwrap_or(0.0);
    Ok(Value::Bool(
        a == b || (a - b).abs() <= (rel * a.abs().max(b.abs())).max(abs),
    ))
}

fn m_prod(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let items = interp.collect_iter(&need(&args, 0, "iterable", "prod")?)?;
    let mut acc = Value::Int(1);
    for v in items {
        acc = interp.binary_op(rustpython_parser::ast::Operator::Mult, acc, v)?;
    }
    Ok(acc)
}

fn m_fsum(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let items = interp.collect_iter(&need(&args, 0, "iterable", "fsum")?)?;
    // Neumaier summation: exact enough to match Python's fsum on lesson-sized inputs.
    let mut sum = 0.0f64;
    let mut c = 0.0f64;
    for v in items {
        let x = to_float(&v)?;
        let t = sum + x;
        if sum.abs() >= x.abs() {
            c += (sum - t) + x;
        } else {
            c += (x - t) + sum;
        }
        sum = t;
    }
    Ok(Value::Float(sum + c))
}

fn m_gcd(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut g = 0i64;
    for v in &args.pos {
        let mut a = to_int(v, "")?.abs();
        let mut b = g;
        while b != 0 {
            let t = a % b;
            a = b;
            b = t;
        }
        g = a;
    }
    Ok(Value::Int(g))
}

fn m_factorial(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let n = to_int(&need(&args, 0, "n", "factorial")?, "")?;
    if n < 0 {
        return Err(exc(
            ExcKind::ValueError,
            "factorial() not defined for negative values",
        ));
    }
    let mut acc: i64 = 1;
    for k in 2..=n {
        acc = acc.checked_mul(k).ok_or_else(|| {
            exc(
                ExcKind::OverflowError,
                "factorial too large for the tutor's 64-bit ints",
            )
        })?;
    }
    Ok(Value::Int(acc))
}

pub(crate) fn dict_fromkeys(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let keys = interp.collect_iter(&need(&args, 0, "iterable", "fromkeys")?)?;
    let value = args.pos.get(1).cloned().unwrap_or(Value::None);
    let mut d = Dict::default();
    for k in keys {
        d.insert(hash_key(&k)?, k, value.clone());
    }
    Ok(Value::Dict(Rc::new(RefCell::new(d))))
}

fn t_perf_counter(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    Ok(Value::Float(
        START
            .get_or_init(std::time::Instant::now)
            .elapsed()
            .as_secs_f64(),
    ))
}

/// `time.process_time()`: CPU seconds used by the process (all threads), which a busy machine disturbs
/// far less than the wall clock.
fn t_process_time(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return Err(exc(ExcKind::OSError, "process_time is not available"));
    }
    Ok(Value::Float(ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9))
}

fn t_time(_: &mut Interpreter, _: Args) -> PyResult<Value> {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    Ok(Value::Float(now.as_secs_f64()))
}
