//! The typed dialect: PyTorch's argument parsing (`torch/csrc/utils/python_arg_parser.cpp` and
//! `invalid_arguments.cpp`), binding a call to one signature, and the messages when no overload accepts it.

use std::rc::Rc;

use super::super::error::{PyResult, type_error};
use super::super::value::{Args, Value};
use super::{
    Param, Signature, Slot, Ty, is_0d_tensor, is_index, is_int, is_integral, is_number, seq_items,
    tp_name,
};

/// `FunctionParameter::check` (`argnum` is the parameter's index, as PyTorch's messages count it).
fn check(p: &Param, v: &Value, numbers_as_tensors: bool, argnum: usize) -> PyResult<bool> {
    Ok(match p.ty {
        Ty::Tensor => matches!(v, Value::Tensor(_)) || (numbers_as_tensors && is_number(v)),
        Ty::Scalar | Ty::Float => is_number(v) || is_0d_tensor(v),
        Ty::Int => {
            is_int(v)
                || matches!(v, Value::Tensor(t) if t.ndim() == 0 && is_integral(t) && !t.requires_grad())
        }
        Ty::Bool => matches!(v, Value::Bool(_)),
        Ty::IntList => match v {
            Value::Tuple(_) | Value::List(_) | Value::Size(_) => {
                let first = seq_items(v).into_iter().next();
                first.is_none_or(|f| is_index(&f))
            }
            other => p.size > 0 && is_int(other),
        },
        Ty::FloatList => match v {
            Value::Tuple(_) | Value::List(_) => seq_items(v)
                .first()
                .is_none_or(|f| matches!(f, Value::Int(_) | Value::Float(_) | Value::Bool(_))),
            _ => false,
        },
        Ty::TensorList => match v {
            Value::Tuple(_) | Value::List(_) => {
                for (i, item) in seq_items(v).iter().enumerate() {
                    if !matches!(item, Value::Tensor(_)) {
                        return Err(type_error(format!(
                            "expected Tensor as element {i} in argument {argnum}, but got {}",
                            tp_name(item)
                        )));
                    }
                }
                true
            }
            _ => false,
        },
        Ty::ScalarType => matches!(v, Value::DType(_)),
        Ty::Str => matches!(v, Value::Str(_)),
        Ty::Device => matches!(v, Value::Int(_) | Value::Str(_)) || v.type_name() == "device",
        Ty::Layout | Ty::Generator | Ty::MemoryFormat => false,
        Ty::Object => true,
    })
}

/// PyTorch's `FunctionSignature::parse`.
pub(super) fn bind_torch(sig: &Signature, args: &Args, raise: bool) -> PyResult<Option<Vec<Slot>>> {
    let nargs = args.pos.len();
    let mut remaining_kwargs = args.kw.len();
    let allow_varargs_intlist = sig.max_pos_args == 1
        && sig
            .params
            .first()
            .is_some_and(|p| p.ty == Ty::IntList && !p.keyword_only);
    let fail = |e: String| -> PyResult<Option<Vec<Slot>>> {
        if raise { Err(type_error(e)) } else { Ok(None) }
    };
    if nargs > sig.max_pos_args && !allow_varargs_intlist {
        return fail(extra_args(sig, nargs));
    }
    let mut out = Vec::with_capacity(sig.params.len());
    let mut arg_pos = 0usize;
    for (i, p) in sig.params.iter().enumerate() {
        let mut is_kwd = false;
        let obj = if arg_pos < nargs {
            if p.keyword_only {
                return fail(extra_args(sig, nargs));
            }
            args.pos.get(arg_pos).cloned()
        } else {
            is_kwd = true;
            kwarg(args, p.name)
        };
        let varargs_eligible = allow_varargs_intlist && arg_pos == 0 && !is_kwd;
        match obj {
            None if p.optional => out.push(Slot::Absent),
            Some(Value::None) if p.allow_none => out.push(Slot::Absent),
            None => return fail(missing_args(sig, i)),
            Some(v) => {
                if check(p, &v, sig.numbers_as_tensors, i)? {
                    out.push(Slot::Given(v));
                } else if varargs_eligible && args.pos.first().is_some_and(is_index) {
                    // `view(2, 3)` is `view((2, 3))`: the parameter takes every positional argument.
                    out.push(Slot::VarArgs(args.pos.clone()));
                    arg_pos = nargs;
                    continue;
                } else if is_kwd {
                    return fail(format!(
                        "{}(): argument '{}' must be {}, not {}",
                        sig.name,
                        p.name,
                        p.ty.name(),
                        tp_name(&v)
                    ));
                } else if varargs_eligible && nargs > 1 {
                    // `reshape(2.0, 3)`: PyTorch 2.x counts the arguments before it names a type.
                    return fail(extra_args(sig, nargs));
                } else if p.ty == Ty::IntList
                    && let Some(first) = seq_items(&v).first()
                    && !is_index(first)
                {
                    return fail(format!(
                        "{}(): argument '{}' (position {}) must be {}, but found element of type {} at pos 0",
                        sig.name,
                        p.name,
                        arg_pos + 1,
                        p.ty.name(),
                        tp_name(first)
                    ));
                } else {
                    return fail(format!(
                        "{}(): argument '{}' (position {}) must be {}, not {}",
                        sig.name,
                        p.name,
                        arg_pos + 1,
                        p.ty.name(),
                        tp_name(&v)
                    ));
                }
                if is_kwd {
                    remaining_kwargs -= 1;
                }
            }
        }
        if !is_kwd {
            arg_pos += 1;
        }
    }
    if remaining_kwargs > 0 {
        return fail(extra_kwargs(sig, args, nargs));
    }
    Ok(Some(out))
}

fn kwarg(args: &Args, name: &str) -> Option<Value> {
    // NumPy's names are accepted too (PyTorch's `numpy_compatibility_arg_names`).
    let alts: &[&str] = match name {
        "dim" => &["axis"],
        "keepdim" => &["keepdims"],
        "input" => &["x", "a", "x1"],
        "other" => &["x2"],
        _ => &[],
    };
    std::iter::once(name)
        .chain(alts.iter().copied())
        .find_map(|n| {
            args.kw
                .iter()
                .find(|(k, _)| &**k == n)
                .map(|(_, v)| v.clone())
        })
}

fn extra_args(sig: &Signature, nargs: usize) -> String {
    if sig.min_args != sig.max_pos_args {
        return format!(
            "{}() takes from {} to {} positional arguments but {} were given",
            sig.name, sig.min_args, sig.max_pos_args, nargs
        );
    }
    format!(
        "{}() takes {} positional argument{} but {} {} given",
        sig.name,
        sig.max_pos_args,
        if sig.max_pos_args == 1 { "" } else { "s" },
        nargs,
        if nargs == 1 { "was" } else { "were" }
    )
}

/// PyTorch's `missing_args`, including its plural slip ("missing 1 required positional arguments").
fn missing_args(sig: &Signature, from: usize) -> String {
    let missing: Vec<String> = sig
        .params
        .iter()
        .skip(from)
        .filter(|p| !p.optional)
        .map(|p| format!("\"{}\"", p.name))
        .collect();
    format!(
        "{}() missing {} required positional argument{}: {}",
        sig.name,
        missing.len(),
        if missing.len() == 1 { "s" } else { "" },
        missing.join(", ")
    )
}

fn extra_kwargs(sig: &Signature, args: &Args, nargs: usize) -> String {
    for (k, _) in &args.kw {
        match sig.params.iter().position(|p| p.name == &**k) {
            None => {
                return format!("{}() got an unexpected keyword argument '{}'", sig.name, k);
            }
            Some(i) if i < nargs => {
                return format!("{}() got multiple values for argument '{}'", sig.name, k);
            }
            Some(_) => {}
        }
    }
    "invalid keyword arguments".into()
}

/// PyTorch's `format_invalid_args` for several overloads.
pub(super) fn invalid_combination(name: &str, args: &Args, options: &[&Signature]) -> String {
    let mut msg = format!("{name}() received an invalid combination of arguments - got ");
    msg.push_str(&arg_desc(args));
    msg.push_str(", but expected one of:\n");
    for sig in options {
        msg.push_str(" * ");
        msg.push_str(&sig.display());
        msg.push('\n');
        let num_got = args.pos.len() + args.kw.len();
        if num_got == sig.params.len() {
            let unmatched: Vec<&str> = args
                .kw
                .iter()
                .filter(|(k, _)| !sig.params.iter().any(|p| p.name == &**k))
                .map(|(k, _)| &**k)
                .collect();
            if !unmatched.is_empty() {
                msg.push_str("      didn't match because some of the keywords were incorrect: ");
                msg.push_str(&unmatched.join(", "));
                msg.push('\n');
            } else {
                msg.push_str(
                    "      didn't match because some of the arguments have invalid types: ",
                );
                msg.push_str(&formatted_arg_desc(sig, args));
                msg.push('\n');
            }
        }
    }
    msg
}

/// `_argDesc`: the types given, keywords as `name=type`. PyTorch keeps keywords in a C++ hash map, whose
/// order for a handful of names is the reverse of the call's; the tutor uses that order.
fn arg_desc(args: &Args) -> String {
    let mut out = String::from("(");
    for v in &args.pos {
        out.push_str(&tp_name(v));
        out.push_str(", ");
    }
    for (k, v) in args.kw.iter().rev() {
        out.push_str(&format!("{k}={}, ", tp_name(v)));
    }
    if !args.pos.is_empty() {
        out.truncate(out.len() - 2);
    }
    out.push(')');
    out
}

/// `_formattedArgDesc` without a terminal: mismatching arguments between `!`.
fn formatted_arg_desc(sig: &Signature, args: &Args) -> String {
    let mut out = String::from("(");
    let kw: Vec<&(Rc<str>, Value)> = args.kw.iter().rev().collect();
    let n = args.pos.len() + kw.len();
    for i in 0..n {
        let is_kwarg = i >= args.pos.len();
        let (name, v) = if is_kwarg {
            let (k, v) = kw[i - args.pos.len()];
            (Some(&**k), v)
        } else {
            (None, &args.pos[i])
        };
        let matching = sig
            .params
            .get(i)
            .is_some_and(|p| simple_match(p, v, sig.numbers_as_tensors));
        let mark = if matching { "" } else { "!" };
        out.push_str(mark);
        if let Some(k) = name {
            out.push_str(k);
            out.push('=');
        }
        match v {
            Value::Tuple(_) | Value::List(_) => {
                let items = seq_items(v);
                let tuple = matches!(v, Value::Tuple(_));
                out.push_str(&tp_name(v));
                out.push_str(" of ");
                out.push(if tuple { '(' } else { '[' });
                out.push_str(&items.iter().map(tp_name).collect::<Vec<_>>().join(", "));
                if tuple && items.len() == 1 {
                    out.push(',');
                }
                out.push(if tuple { ')' } else { ']' });
            }
            other => out.push_str(&tp_name(other)),
        }
        out.push_str(mark);
        out.push_str(", ");
    }
    if !args.pos.is_empty() {
        out.truncate(out.len() - 2);
    }
    out.push(')');
    out
}

/// `invalid_arguments.cpp`'s type matching: by Python type name (`float` also takes `int`), `None` for
/// optional parameters.
fn simple_match(p: &Param, v: &Value, _numbers_as_tensors: bool) -> bool {
    if matches!(v, Value::None) {
        return p.allow_none;
    }
    let t = tp_name(v);
    match p.ty {
        Ty::Float => matches!(t.as_str(), "float" | "int"),
        Ty::Int => t == "int",
        Ty::Scalar => t == "Number",
        Ty::IntList => t == "tuple of ints",
        other => t == other.name(),
    }
}
