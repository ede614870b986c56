//! `operator`: Python's operators as functions (`Modules/_operator.c`), and the callables
//! `itemgetter`, `attrgetter` and `methodcaller` with CPython's reprs.

use std::any::Any;
use std::rc::Rc;

use rustpython_parser::ast::{CmpOp, Operator, UnaryOp};

use super::super::Interpreter;
use super::super::args::Dialect::{Positional, Unpack};
use super::super::builtins::{Def, builtin_with};
use super::super::convert::to_int;
use super::super::error::{PyResult, type_error};
use super::super::native::{NativeObject, NativeType};
use super::super::value::{Args, Value};

macro_rules! binary {
    ($text:literal, $op:expr) => {
        Def::new($text, Unpack, |i, a| i.binary_op($op, a.arg(0)?, a.arg(1)?))
    };
}

macro_rules! compare {
    ($text:literal, $op:expr) => {
        Def::new($text, Unpack, |i, a| i.compare($op, &a.arg(0)?, &a.arg(1)?))
    };
}

pub(super) static DEFS: [Def; 33] = [
    binary!("add(a, b, /)", Operator::Add),
    binary!("sub(a, b, /)", Operator::Sub),
    binary!("mul(a, b, /)", Operator::Mult),
    binary!("matmul(a, b, /)", Operator::MatMult),
    binary!("truediv(a, b, /)", Operator::Div),
    binary!("floordiv(a, b, /)", Operator::FloorDiv),
    binary!("mod(a, b, /)", Operator::Mod),
    binary!("pow(a, b, /)", Operator::Pow),
    binary!("lshift(a, b, /)", Operator::LShift),
    binary!("rshift(a, b, /)", Operator::RShift),
    binary!("and_(a, b, /)", Operator::BitAnd),
    binary!("or_(a, b, /)", Operator::BitOr),
    binary!("xor(a, b, /)", Operator::BitXor),
    binary!("concat(a, b, /)", Operator::Add),
    compare!("lt(a, b, /)", CmpOp::Lt),
    compare!("le(a, b, /)", CmpOp::LtE),
    compare!("eq(a, b, /)", CmpOp::Eq),
    compare!("ne(a, b, /)", CmpOp::NotEq),
    compare!("ge(a, b, /)", CmpOp::GtE),
    compare!("gt(a, b, /)", CmpOp::Gt),
    compare!("is_(a, b, /)", CmpOp::Is),
    compare!("is_not(a, b, /)", CmpOp::IsNot),
    Def::new("contains(a, b, /)", Unpack, |i, a| {
        i.compare(CmpOp::In, &a.arg(1)?, &a.arg(0)?)
    }),
    Def::new("neg(a, /)", Positional, |i, a| {
        i.unary_op(UnaryOp::USub, a.arg(0)?)
    }),
    Def::new("pos(a, /)", Positional, |i, a| {
        i.unary_op(UnaryOp::UAdd, a.arg(0)?)
    }),
    Def::new("invert(a, /)", Positional, |i, a| {
        i.unary_op(UnaryOp::Invert, a.arg(0)?)
    }),
    Def::new("not_(a, /)", Positional, |i, a| {
        Ok(Value::Bool(!i.truthy(&a.arg(0)?)?))
    }),
    Def::new("truth(a, /)", Positional, |i, a| {
        Ok(Value::Bool(i.truthy(&a.arg(0)?)?))
    }),
    Def::new("abs(a, /)", Positional, |i, a| {
        let abs = i.builtins.get("abs").cloned().unwrap_or(Value::None);
        i.call_value(abs, Args::new(vec![a.arg(0)?]))
    }),
    Def::new("index(a, /)", Positional, |_, a| {
        Ok(Value::int(to_int(&a.arg(0)?, "")?))
    }),
    Def::new("getitem(a, b, /)", Unpack, |i, a| {
        i.get_item(&a.arg(0)?, a.arg(1)?)
    }),
    Def::new("setitem(a, b, c, /)", Unpack, |i, a| {
        i.set_item(&a.arg(0)?, a.arg(1)?, a.arg(2)?)?;
        Ok(Value::None)
    }),
    Def::new("delitem(a, b, /)", Unpack, |i, a| {
        i.del_item(&a.arg(0)?, a.arg(1)?)?;
        Ok(Value::None)
    }),
];

pub(super) fn attrs() -> Vec<(&'static str, Value)> {
    let mut out: Vec<(&'static str, Value)> = DEFS.iter().map(|d| (d.name(), d.value())).collect();
    out.push(("itemgetter", builtin_with("itemgetter", itemgetter)));
    out.push(("attrgetter", builtin_with("attrgetter", attrgetter)));
    out.push(("methodcaller", builtin_with("methodcaller", methodcaller)));
    out
}

/// `itemgetter`, `attrgetter` and `methodcaller` objects.
enum Getter {
    Items(Vec<Value>),
    Attrs(Vec<Rc<str>>),
    Method(Rc<str>, Args),
}

impl NativeObject for Getter {
    fn native_type(&self) -> &'static dyn NativeType {
        &GETTER
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

fn getter(v: &Value) -> Option<&Getter> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<Getter>(),
        _ => None,
    }
}

fn itemgetter(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(type_error("itemgetter() takes no keyword arguments"));
    }
    if args.pos.is_empty() {
        return Err(type_error("itemgetter expected 1 argument, got 0"));
    }
    Ok(Value::Native(Rc::new(Getter::Items(args.pos))))
}

fn attrgetter(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    if !args.kw.is_empty() {
        return Err(type_error("attrgetter() takes no keyword arguments"));
    }
    if args.pos.is_empty() {
        return Err(type_error("attrgetter expected 1 argument, got 0"));
    }
    let mut names = Vec::new();
    for v in args.pos {
        match v {
            Value::Str(s) => names.push(s),
            _ => return Err(type_error("attribute name must be a string")),
        }
    }
    Ok(Value::Native(Rc::new(Getter::Attrs(names))))
}

fn methodcaller(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut pos = args.pos.into_iter();
    let Some(name) = pos.next() else {
        return Err(type_error(
            "methodcaller needs at least one argument, the method name",
        ));
    };
    let Value::Str(name) = name else {
        return Err(type_error("method name must be a string"));
    };
    Ok(Value::Native(Rc::new(Getter::Method(
        name,
        Args {
            pos: pos.collect(),
            kw: args.kw,
        },
    ))))
}

struct GetterType;
static GETTER: GetterType = GetterType;

fn dotted(interp: &mut Interpreter, obj: &Value, name: &str) -> PyResult<Value> {
    let mut v = obj.clone();
    for part in name.split('.') {
        v = interp.get_attr(&v, part)?;
    }
    Ok(v)
}

impl NativeType for GetterType {
    fn name(&self, obj: &Value) -> String {
        match getter(obj) {
            Some(Getter::Items(_)) => "operator.itemgetter",
            Some(Getter::Attrs(_)) => "operator.attrgetter",
            _ => "operator.methodcaller",
        }
        .into()
    }

    fn call(&self, interp: &mut Interpreter, obj: &Value, args: Args) -> PyResult<Value> {
        let Some(g) = getter(obj) else {
            return Err(type_error("not a getter"));
        };
        let short = self.name(obj).trim_start_matches("operator.").to_string();
        if !args.kw.is_empty() {
            return Err(type_error(format!("{short}() takes no keyword arguments")));
        }
        let [x] = <[Value; 1]>::try_from(args.pos)
            .map_err(|pos| type_error(format!("{short} expected 1 argument, got {}", pos.len())))?;
        match g {
            Getter::Items(items) => {
                if let [only] = items.as_slice() {
                    return interp.get_item(&x, only.clone());
                }
                let mut out = Vec::with_capacity(items.len());
                for i in items {
                    out.push(interp.get_item(&x, i.clone())?);
                }
                Ok(Value::tuple(out))
            }
            Getter::Attrs(names) => {
                if let [only] = names.as_slice() {
                    return dotted(interp, &x, only);
                }
                let mut out = Vec::with_capacity(names.len());
                for n in names {
                    out.push(dotted(interp, &x, n)?);
                }
                Ok(Value::tuple(out))
            }
            Getter::Method(name, args) => {
                let m = interp.get_attr(&x, name)?;
                let call_args = Args {
                    pos: args.pos.clone(),
                    kw: args.kw.clone(),
                };
                interp.call_value(m, call_args)
            }
        }
    }

    fn repr(&self, interp: &mut Interpreter, obj: &Value) -> PyResult<Option<String>> {
        let Some(g) = getter(obj) else {
            return Ok(None);
        };
        let mut parts = Vec::new();
        match g {
            Getter::Items(items) => {
                for i in items {
                    parts.push(interp.repr(i)?);
                }
            }
            Getter::Attrs(names) => {
                for n in names {
                    parts.push(interp.repr(&Value::Str(Rc::clone(n)))?);
                }
            }
            Getter::Method(name, args) => {
                parts.push(interp.repr(&Value::Str(Rc::clone(name)))?);
                for v in &args.pos {
                    parts.push(interp.repr(v)?);
                }
                for (k, v) in &args.kw {
                    parts.push(format!("{k}={}", interp.repr(v)?));
                }
            }
        }
        Ok(Some(format!("{}({})", self.name(obj), parts.join(", "))))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_def_has_a_distinct_name() {
        let mut names: Vec<&str> = super::DEFS.iter().map(|d| d.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), super::DEFS.len());
    }
}
