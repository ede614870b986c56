//! `functools`: `reduce`, `partial`, `lru_cache`/`cache`, `wraps` and `cmp_to_key`, after CPython
//! 3.11's `Lib/functools.py` and `Modules/_functoolsmodule.c`.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rustpython_parser::ast::CmpOp;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, PyDef, Unpack};
use super::super::builtins::{Def, builtin_with};
use super::super::error::{PyResult, type_error};
use super::super::native::{NativeObject, NativeType};
use super::super::ops::hash_key;
use super::super::value::{Args, Dict, Function, HashKey, Param, Value};

pub(super) static DEFS: [Def; 5] = [
    Def::new(
        "reduce(function, iterable, initial=None, /)",
        Unpack,
        reduce,
    ),
    Def::new("cmp_to_key(mycmp)", Clinic, cmp_to_key),
    Def::new("lru_cache(maxsize=128, typed=False)", PyDef, lru_cache),
    Def::new("cache(user_function, /)", PyDef, |i, a| {
        cached(i, a.arg(0)?, None)
    }),
    Def::new("wraps(wrapped, assigned=None, updated=None)", PyDef, wraps),
];

pub(super) fn attrs() -> Vec<(&'static str, Value)> {
    let mut out: Vec<(&'static str, Value)> = DEFS.iter().map(|d| (d.name(), d.value())).collect();
    out.push(("partial", builtin_with("partial", partial)));
    out
}

fn reduce(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let f = a.arg(0)?;
    let items = interp.collect_iter(&a.arg(1)?)?;
    let mut items = items.into_iter();
    let mut acc = match a.value(2) {
        Some(init) => init,
        None => items
            .next()
            .ok_or_else(|| type_error("reduce() of empty iterable with no initial value"))?,
    };
    for x in items {
        acc = interp.call_value(f.clone(), Args::new(vec![acc, x]))?;
    }
    Ok(acc)
}

fn is_callable(v: &Value) -> bool {
    matches!(
        v,
        Value::Function(_)
            | Value::Builtin(_)
            | Value::BoundMethod(_)
            | Value::NativeMethod(_)
            | Value::Class(_)
            | Value::Native(_)
    )
}

/// Native callables: `partial` objects, `lru_cache` wrappers, `cmp_to_key` keys.
enum Callable {
    Partial {
        func: Value,
        args: Vec<Value>,
        kw: Vec<(Rc<str>, Value)>,
    },
    Cached {
        func: Value,
        maxsize: Option<usize>,
        /// Keys in least-recently-used order, and their results.
        cache: RefCell<Dict>,
        hits: Cell<i64>,
        misses: Cell<i64>,
    },
    Key {
        cmp: Value,
        obj: Value,
    },
}

impl NativeObject for Callable {
    fn native_type(&self) -> &'static dyn NativeType {
        &CALLABLE
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

fn callable(v: &Value) -> Option<&Callable> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<Callable>(),
        _ => None,
    }
}

/// `partial(func, /, *args, **keywords)`; a partial of a partial is flattened, as in CPython.
fn partial(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut pos = args.pos.into_iter();
    let Some(func) = pos.next() else {
        return Err(type_error("type 'partial' takes at least one argument"));
    };
    if !is_callable(&func) {
        return Err(type_error("the first argument must be callable"));
    }
    let (func, mut pargs, mut pkw) = match callable(&func) {
        Some(Callable::Partial { func, args, kw }) => (func.clone(), args.clone(), kw.clone()),
        _ => (func, Vec::new(), Vec::new()),
    };
    pargs.extend(pos);
    for (k, v) in args.kw {
        match pkw.iter_mut().find(|(n, _)| *n == k) {
            Some(slot) => slot.1 = v,
            None => pkw.push((k, v)),
        }
    }
    Ok(Value::Native(Rc::new(Callable::Partial {
        func,
        args: pargs,
        kw: pkw,
    })))
}

fn lru_cache(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let first = a.value(0).unwrap_or(Value::int(128));
    match first {
        // `@lru_cache` without parentheses: the function itself.
        f if is_callable(&f) => cached(interp, f, Some(128)),
        Value::None => Ok(decorator(None)),
        Value::Int(n, _) => Ok(decorator(Some(n.max(0) as usize))),
        Value::Bool(b) => Ok(decorator(Some(b as usize))),
        _ => Err(type_error(
            "Expected first argument to be an integer, a callable, or None",
        )),
    }
}

fn decorator(maxsize: Option<usize>) -> Value {
    builtin_with("decorating_function", move |interp, args: Args| {
        let Some(f) = args.pos.into_iter().next() else {
            return Err(type_error(
                "decorating_function() missing 1 required positional argument: 'user_function'",
            ));
        };
        cached(interp, f, maxsize)
    })
}

fn cached(_: &mut Interpreter, func: Value, maxsize: Option<usize>) -> PyResult<Value> {
    if !is_callable(&func) {
        return Err(type_error("the first argument must be callable"));
    }
    Ok(Value::Native(Rc::new(Callable::Cached {
        func,
        maxsize,
        cache: RefCell::new(Dict::default()),
        hits: Cell::new(0),
        misses: Cell::new(0),
    })))
}

fn cmp_to_key(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let cmp = a.arg(0)?;
    Ok(builtin_with("K", move |_, args: Args| {
        let [obj] = <[Value; 1]>::try_from(args.pos).map_err(|pos| {
            type_error(format!(
                "K() takes exactly 1 positional argument ({} given)",
                pos.len()
            ))
        })?;
        Ok(Value::Native(Rc::new(Callable::Key {
            cmp: cmp.clone(),
            obj,
        })))
    }))
}

/// `functools.wraps(wrapped)`: a decorator that gives a `def` the wrapped function's name.
fn wraps(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let wrapped = a.arg(0)?;
    Ok(builtin_with("decorator", move |interp, args: Args| {
        let Some(wrapper) = args.pos.into_iter().next() else {
            return Err(type_error(
                "update_wrapper() missing 1 required positional argument: 'wrapper'",
            ));
        };
        let name = interp.get_attr(&wrapped, "__name__").ok();
        match (&wrapper, name) {
            (Value::Function(f), Some(Value::Str(name))) => {
                Ok(Value::Function(Rc::new(Function {
                    name,
                    params: f
                        .params
                        .iter()
                        .map(|p| Param {
                            name: Rc::clone(&p.name),
                            default: p.default.clone(),
                            kw_only: p.kw_only,
                        })
                        .collect(),
                    vararg: f.vararg.clone(),
                    kwarg: f.kwarg.clone(),
                    body: Rc::clone(&f.body),
                    expr_body: f.expr_body.clone(),
                    closure: f.closure.clone(),
                    defining_class: RefCell::new(f.defining_class.borrow().clone()),
                    file: Rc::clone(&f.file),
                    line_index: Rc::clone(&f.line_index),
                    generator: f.generator.clone(),
                })))
            }
            _ => Ok(wrapper),
        }
    }))
}

struct CallableType;
static CALLABLE: CallableType = CallableType;

/// The cache key of a call: its arguments, and its keywords after a marker (as `_make_key`).
fn call_key(args: &Args) -> PyResult<HashKey> {
    let mut parts = Vec::with_capacity(args.pos.len() + 2 * args.kw.len() + 1);
    for v in &args.pos {
        parts.push(hash_key(v)?);
    }
    if !args.kw.is_empty() {
        parts.push(HashKey::Id(0));
        for (k, v) in &args.kw {
            parts.push(HashKey::Str(Rc::clone(k)));
            parts.push(hash_key(v)?);
        }
    }
    Ok(HashKey::Tuple(parts))
}

impl NativeType for CallableType {
    fn name(&self, obj: &Value) -> String {
        match callable(obj) {
            Some(Callable::Partial { .. }) => "functools.partial",
            Some(Callable::Cached { .. }) => "functools._lru_cache_wrapper",
            _ => "functools.KeyWrapper",
        }
        .into()
    }

    fn call(&self, interp: &mut Interpreter, obj: &Value, args: Args) -> PyResult<Value> {
        match callable(obj) {
            Some(Callable::Partial {
                func,
                args: pargs,
                kw,
            }) => {
                let mut all = pargs.clone();
                all.extend(args.pos);
                let mut kws = kw.clone();
                for (k, v) in args.kw {
                    match kws.iter_mut().find(|(n, _)| *n == k) {
                        Some(slot) => slot.1 = v,
                        None => kws.push((k, v)),
                    }
                }
                interp.call_value(func.clone(), Args { pos: all, kw: kws })
            }
            Some(Callable::Cached {
                func,
                maxsize,
                cache,
                hits,
                misses,
            }) => {
                let key = call_key(&args)?;
                let found = cache.borrow().get(&key).cloned();
                if let Some(v) = found {
                    hits.set(hits.get() + 1);
                    // Most recently used goes last.
                    let mut c = cache.borrow_mut();
                    if c.remove(&key).is_some() {
                        c.insert(key, Value::None, v.clone())?;
                    }
                    return Ok(v);
                }
                misses.set(misses.get() + 1);
                let v = interp.call_value(func.clone(), args)?;
                if *maxsize != Some(0) {
                    let mut c = cache.borrow_mut();
                    c.insert(key, Value::None, v.clone())?;
                    if let Some(m) = maxsize
                        && c.len() > *m
                        && let Some(oldest) = c
                            .index
                            .iter()
                            .find(|(_, i)| **i == 0)
                            .map(|(k, _)| k.clone())
                    {
                        c.remove(&oldest);
                    }
                }
                Ok(v)
            }
            _ => Err(type_error(format!(
                "'{}' object is not callable",
                self.name(obj)
            ))),
        }
    }

    fn get_attr(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        match (callable(obj), name) {
            (Some(Callable::Partial { func, .. }), "func") => Ok(Some(func.clone())),
            (Some(Callable::Partial { args, .. }), "args") => Ok(Some(Value::tuple(args.clone()))),
            (Some(Callable::Partial { kw, .. }), "keywords") => {
                let mut d = Dict::default();
                for (k, v) in kw {
                    d.insert(
                        HashKey::Str(Rc::clone(k)),
                        Value::Str(Rc::clone(k)),
                        v.clone(),
                    )?;
                }
                Ok(Some(Value::Dict(Rc::new(RefCell::new(d)))))
            }
            (Some(Callable::Cached { func, .. }), "__wrapped__") => Ok(Some(func.clone())),
            (Some(Callable::Cached { func, .. }), "__name__") => {
                interp.get_attr(func, "__name__").map(Some)
            }
            (Some(Callable::Cached { .. }), "cache_info" | "cache_clear") => Ok(Some(
                Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name)))),
            )),
            (Some(Callable::Key { obj, .. }), "obj") => Ok(Some(obj.clone())),
            _ => Ok(None),
        }
    }

    fn has_method(&self, obj: &Value, name: &str) -> bool {
        matches!(callable(obj), Some(Callable::Cached { .. }))
            && matches!(name, "cache_info" | "cache_clear")
    }

    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        let Some(Callable::Cached {
            maxsize,
            cache,
            hits,
            misses,
            ..
        }) = callable(obj)
        else {
            return Err(type_error("not a cached function"));
        };
        if !args.pos.is_empty() || !args.kw.is_empty() {
            return Err(type_error(format!(
                "{name}() takes no arguments ({} given)",
                args.pos.len() + args.kw.len()
            )));
        }
        match name {
            "cache_clear" => {
                *cache.borrow_mut() = Dict::default();
                hits.set(0);
                misses.set(0);
                Ok(Value::None)
            }
            _ => {
                let class = cache_info_class(interp)?;
                let values = vec![
                    Value::int(hits.get()),
                    Value::int(misses.get()),
                    maxsize.map_or(Value::None, |m| Value::int(m as i64)),
                    Value::int(cache.borrow().len() as i64),
                ];
                interp.call_value(class, Args::new(values))
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
        let (Some(Callable::Key { cmp, obj: a }), Some(Callable::Key { obj: b, .. })) =
            (callable(lhs), callable(rhs))
        else {
            return Ok(None);
        };
        let c = interp.call_value(cmp.clone(), Args::new(vec![a.clone(), b.clone()]))?;
        interp.compare(op, &c, &Value::int(0)).map(Some)
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        match callable(obj) {
            Some(Callable::Partial { func, args, kw }) => {
                let mut parts = vec![interp.repr(func)?];
                for v in args {
                    parts.push(interp.repr(v)?);
                }
                for (k, v) in kw {
                    parts.push(format!("{k}={}", interp.repr(v)?));
                }
                Ok(Some(format!("functools.partial({})", parts.join(", "))))
            }
            _ => Ok(None),
        }
    }
}

/// `CacheInfo(hits, misses, maxsize, currsize)`, a namedtuple made once per interpreter.
struct CacheInfoClass(Value);

fn cache_info_class(interp: &mut Interpreter) -> PyResult<Value> {
    if let Some(c) = interp.extensions.get::<CacheInfoClass>() {
        return Ok(c.0.clone());
    }
    let fields = Value::list(
        ["hits", "misses", "maxsize", "currsize"]
            .iter()
            .map(|s| Value::str(s))
            .collect(),
    );
    let class = super::collections::namedtuple_class(
        interp,
        Args::new(vec![Value::str("CacheInfo"), fields]),
    )?;
    let stored = class.clone();
    interp
        .extensions
        .get_or_insert_with(move || CacheInfoClass(stored));
    Ok(class)
}
