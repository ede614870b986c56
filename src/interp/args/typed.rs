//! The typed dialect: PyTorch's argument parsing (`torch/csrc/utils/python_arg_parser.cpp` and
//! `invalid_arguments.cpp`), binding a call to one signature, and the messages when no overload accepts it.

use std::rc::Rc;
use std::sync::OnceLock;

use super::super::error::{PyResult, type_error};
use super::super::value::{Args, Value};
use super::{
    Param, Sig, Signature, Slot, Ty, is_0d_tensor, is_index, is_int, is_integral, is_number,
    seq_items,
};

/// `Py_TYPE(obj)->tp_name`, which PyTorch's messages print: a parameter is a `Parameter`.
fn py_type(v: &Value) -> String {
    match v {
        Value::Tensor(t) if t.is_param() => "Parameter".into(),
        other => super::tp_name(other),
    }
}

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
                .is_none_or(|f| matches!(f, Value::Int(_, _) | Value::Float(_) | Value::Bool(_))),
            _ => false,
        },
        // `is_scalar_list`: every item a Python number.
        Ty::ScalarList => match v {
            Value::Tuple(_) | Value::List(_) => seq_items(v).iter().all(is_number),
            _ => false,
        },
        Ty::TensorList => match v {
            Value::Tuple(_) | Value::List(_) => {
                for (i, item) in seq_items(v).iter().enumerate() {
                    if !matches!(item, Value::Tensor(_)) {
                        return Err(type_error(format!(
                            "expected Tensor as element {i} in argument {argnum}, but got {}",
                            py_type(item)
                        )));
                    }
                }
                true
            }
            _ => false,
        },
        Ty::ScalarType => matches!(v, Value::DType(_)),
        Ty::Str => matches!(v, Value::Str(_)),
        Ty::Device => matches!(v, Value::Int(_, _) | Value::Str(_)) || v.type_name() == "device",
        Ty::Layout => matches!(v, Value::Native(_)) && v.type_name() == "layout",
        Ty::MemoryFormat => matches!(v, Value::Native(_)) && v.type_name() == "memory_format",
        Ty::Generator => matches!(v, Value::Native(_)) && v.type_name() == "Generator",
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
        let found = if arg_pos < nargs {
            if p.keyword_only {
                return fail(extra_args(sig, nargs));
            }
            args.pos.get(arg_pos).map(|v| (Slot::Pos(arg_pos), v))
        } else {
            is_kwd = true;
            kwarg(args, p.name).map(|(j, v)| (Slot::Kw(j), v))
        };
        let (slot, obj) = match found {
            Some((slot, v)) => (slot, Some(v)),
            None => (Slot::Absent, None),
        };
        let varargs_eligible = allow_varargs_intlist && arg_pos == 0 && !is_kwd;
        match obj {
            None if p.optional => out.push(Slot::Absent),
            Some(Value::None) if p.allow_none => {
                // A keyword `None` is still a keyword used (PyTorch counts every keyword it finds).
                if is_kwd {
                    remaining_kwargs -= 1;
                }
                out.push(Slot::Absent)
            }
            None => return fail(missing_args(sig, i)),
            Some(v) => {
                if check(p, v, sig.numbers_as_tensors, i)? {
                    out.push(slot);
                } else if varargs_eligible && args.pos.first().is_some_and(is_index) {
                    // `view(2, 3)` is `view((2, 3))`: the parameter takes every positional argument.
                    out.push(Slot::VarArgs);
                    arg_pos = nargs;
                    continue;
                } else if is_kwd {
                    return fail(format!(
                        "{}(): argument '{}' must be {}, not {}",
                        sig.name,
                        p.name,
                        p.ty.name(),
                        py_type(v)
                    ));
                } else if varargs_eligible && nargs > 1 {
                    // `reshape(2.0, 3)`: PyTorch 2.x counts the arguments before it names a type.
                    return fail(extra_args(sig, nargs));
                } else if p.ty == Ty::IntList
                    && let Some(first) = seq_items(v).first()
                    && !is_index(first)
                {
                    return fail(format!(
                        "{}(): argument '{}' (position {}) must be {}, but found element of type {} at pos 0",
                        sig.name,
                        p.name,
                        arg_pos + 1,
                        p.ty.name(),
                        py_type(first)
                    ));
                } else {
                    return fail(format!(
                        "{}(): argument '{}' (position {}) must be {}, not {}",
                        sig.name,
                        p.name,
                        arg_pos + 1,
                        p.ty.name(),
                        py_type(v)
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

fn kwarg<'a>(args: &'a Args, name: &str) -> Option<(usize, &'a Value)> {
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
                .enumerate()
                .find(|(_, (k, _))| &**k == n)
                .map(|(j, (_, v))| (j, v))
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

/// PyTorch's `format_invalid_args` (`invalid_arguments.cpp`): the visible overloads, and for each whose
/// argument count fits the call, why it did not match. That file re-parses each printed signature: it
/// splits `(Tensor input, *, Tensor out = None)` at `", "` (so `*` counts as an argument, and `()` as one
/// empty argument) and takes the text after a piece's last space as its name and the text before it as its
/// type (so `bool keepdim = False` is named `False` and never matches): the tutor does the same.
pub(super) fn invalid_combination(name: &str, args: &Args, options: &[&Signature]) -> String {
    let mut msg = format!("{name}() received an invalid combination of arguments - got ");
    let kwargs: Vec<&(Rc<str>, Value)> = args.kw.iter().rev().collect();
    if let [only] = options {
        let display = only.display();
        let pieces = pieces(&display);
        let unmatched = unmatched_kwargs(&pieces, &kwargs);
        if !unmatched.is_empty() {
            msg.push_str("unrecognized keyword arguments: ");
            msg.push_str(&unmatched.join(", "));
            return msg;
        }
        if pieces.len() == args.pos.len() + kwargs.len() {
            msg.push_str(&formatted_arg_desc(&pieces, args, &kwargs));
        } else {
            msg.push_str(&arg_desc(args));
        }
        msg.push_str(", but expected ");
        msg.push_str(&display);
        return msg;
    }
    msg.push_str(&arg_desc(args));
    msg.push_str(", but expected one of:\n");
    for sig in options {
        let display = sig.display();
        let pieces = pieces(&display);
        msg.push_str(" * ");
        msg.push_str(&display);
        msg.push('\n');
        if pieces.len() != args.pos.len() + kwargs.len() {
            continue;
        }
        let unmatched = unmatched_kwargs(&pieces, &kwargs);
        if !unmatched.is_empty() {
            msg.push_str("      didn't match because some of the keywords were incorrect: ");
            msg.push_str(&unmatched.join(", "));
        } else {
            msg.push_str("      didn't match because some of the arguments have invalid types: ");
            msg.push_str(&formatted_arg_desc(&pieces, args, &kwargs));
        }
        msg.push('\n');
    }
    msg
}

/// One `", "`-separated piece of a printed signature, as `_parseOption` reads it.
struct Piece<'a> {
    name: &'a str,
    ty: &'a str,
}

fn pieces(display: &str) -> Vec<Piece<'_>> {
    let inner = display
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .unwrap_or(display);
    inner
        .split(", ")
        .map(|arg| match arg.rfind(' ') {
            Some(i) => Piece {
                name: &arg[i + 1..],
                ty: &arg[..i],
            },
            None => Piece { name: arg, ty: arg },
        })
        .collect()
}

/// `_tryMatchKwargs`: keywords that name none of the last pieces (as many as there are keywords).
fn unmatched_kwargs<'k>(pieces: &[Piece<'_>], kwargs: &[&'k (Rc<str>, Value)]) -> Vec<&'k str> {
    let start = pieces.len().saturating_sub(kwargs.len());
    kwargs
        .iter()
        .filter(|(k, _)| !pieces[start..].iter().any(|p| p.name == &**k))
        .map(|(k, _)| &**k)
        .collect()
}

/// `_argDesc`: the types given, keywords as `name=type`. PyTorch keeps keywords in a C++ hash map, whose
/// order for a handful of names is the reverse of the call's; the tutor uses that order.
fn arg_desc(args: &Args) -> String {
    let mut out = String::from("(");
    for v in &args.pos {
        out.push_str(&py_type(v));
        out.push_str(", ");
    }
    for (k, v) in args.kw.iter().rev() {
        out.push_str(&format!("{k}={}, ", py_type(v)));
    }
    if !args.pos.is_empty() {
        out.truncate(out.len() - 2);
    }
    out.push(')');
    out
}

/// `_formattedArgDesc` without a terminal: mismatching arguments between `!`. The i-th argument is matched
/// against the i-th piece; a keyword is the one the piece names (the caller checked that each is there).
fn formatted_arg_desc(pieces: &[Piece<'_>], args: &Args, kwargs: &[&(Rc<str>, Value)]) -> String {
    let mut out = String::from("(");
    let n = args.pos.len() + kwargs.len();
    for (i, piece) in pieces.iter().enumerate().take(n) {
        let is_kwarg = i >= args.pos.len();
        let v = if is_kwarg {
            match kwargs.iter().find(|(k, _)| &**k == piece.name) {
                Some((_, v)) => v,
                None => continue,
            }
        } else {
            &args.pos[i]
        };
        let mark = if type_matches(piece.ty, v) { "" } else { "!" };
        out.push_str(mark);
        if is_kwarg {
            out.push_str(piece.name);
            out.push('=');
        }
        match v {
            Value::Tuple(_) | Value::List(_) | Value::Size(_) => {
                let items = seq_items(v);
                let list = matches!(v, Value::List(_));
                out.push_str(&py_type(v));
                out.push_str(" of ");
                out.push(if list { '[' } else { '(' });
                out.push_str(&items.iter().map(py_type).collect::<Vec<_>>().join(", "));
                if !list && items.len() == 1 {
                    out.push(',');
                }
                out.push(if list { ']' } else { ')' });
            }
            other => out.push_str(&py_type(other)),
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

/// `_buildType`'s matching: by Python type name, `float` also taking `int`.
fn type_matches(ty: &str, v: &Value) -> bool {
    let t = py_type(v);
    match ty {
        "float" => matches!(t.as_str(), "float" | "int"),
        "int" => t == "int",
        _ => t == ty,
    }
}

/// A torch function's signature as the Tensor method of the same name. PyTorch generates both from one
/// schema: the method has no `self` (the function's `Tensor input`, usually first, second in a few
/// deprecated overloads such as `addmm(Scalar beta, Tensor input, ...)`) and no `out`. The second value
/// says where each of the function's parameters sits in the method (`None`: the method has no such
/// parameter). `None` when there is no `Tensor input` (an overload only the function has, such as
/// `remainder(Number self, Tensor other)`).
impl Signature {
    pub fn method_form(&self) -> Option<(Signature, Vec<Option<usize>>)> {
        let input = self
            .params
            .iter()
            .position(|p| p.name == "input" && p.ty == Ty::Tensor)?;
        let mut params: Vec<Param> = Vec::with_capacity(self.params.len());
        let mut positions = Vec::with_capacity(self.params.len());
        for (i, p) in self.params.iter().enumerate() {
            if i == input || (p.name == "out" && p.keyword_only) {
                positions.push(None);
                continue;
            }
            positions.push(Some(params.len()));
            params.push(p.clone());
        }
        let min_args = params.iter().filter(|p| !p.optional).count();
        let max_pos_args = params.iter().filter(|p| !p.keyword_only).count();
        let params_min_pos = params
            .iter()
            .filter(|p| !p.keyword_only && !p.optional)
            .count();
        let method = Signature {
            name: self.name,
            max_args: params.len(),
            params,
            varargs: None,
            varkw: None,
            dialect: self.dialect,
            hidden: self.hidden,
            numbers_as_tensors: self.numbers_as_tensors,
            no_pos_in_missing: self.no_pos_in_missing,
            count_message: None,
            min_pos_args: params_min_pos,
            min_args,
            max_pos_args,
        };
        Some((method, positions))
    }
}

impl Sig {
    /// A signature made by code rather than written as text (a method derived from its torch function).
    pub fn from_signature(signature: Signature) -> Sig {
        Sig {
            text: signature.name,
            dialect: signature.dialect,
            parsed: OnceLock::from(Ok(signature)),
        }
    }
}
