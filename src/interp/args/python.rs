//! CPython's binding of a call to a built-in or a `def`, each mechanism with its own order of checks and its
//! own wording of a call that does not fit (CPython 3.11, `Objects/methodobject.c`, `Python/getargs.c`,
//! `Python/ceval.c`):
//!
//! - `Positional`: `METH_NOARGS` and `METH_O` (`str.upper() takes no arguments (1 given)`,
//!   `list.append() takes exactly one argument (0 given)`) and `METH_VARARGS` with `PyArg_ParseTuple`
//!   (`startswith() takes at least 1 argument (0 given)`). Keywords are refused first.
//! - `Unpack`: `_PyArg_CheckPositional` and `PyArg_UnpackTuple` (`insert expected 2 arguments, got 1`), the
//!   count named without the type; keywords are refused first (`list.insert() takes no keyword
//!   arguments`) unless the function takes some, which `PyArg_ParseTupleAndKeywords` then parses on their
//!   own (`min(..., key=None, default=...)`).
//! - `Clinic`: `_PyArg_UnpackKeywords` (Argument Clinic with keywords): the total count, then the positional
//!   count, then each parameter in order (`missing required argument 'x' (pos 1)`), then a keyword that
//!   repeats a positional argument, then an unknown keyword.
//! - `PyDef`: `initialize_locals` for a `def`: each keyword in call order, then the positional count, then
//!   the missing arguments.
//!
//! Names: a signature names the function as CPython does when it refuses keywords (`len`, `math.sqrt`,
//! `list.append`, `str.startswith`: a method called as `obj.method(...)` is named by its descriptor, so by
//! the type that defines it, `int.bit_length` also for a bool), and that name is used throughout for
//! `METH_NOARGS` and `METH_O`. `PyArg_ParseTuple`, `_PyArg_CheckPositional` and Argument Clinic use the bare
//! name (`startswith() takes at least 1 argument`, `insert expected 2 arguments`, `split()`). A module
//! function whose C implementation takes `METH_VARARGS` is refused keywords by its bare name too, so its
//! signature writes that (`log`).

use std::rc::Rc;

use super::super::error::{PyResult, type_error};
use super::super::value::{Args, Value};
use super::{Dialect, Param, Signature, Slot};

/// CPython's binding of a call to a built-in or a `def` (no type checks; built-ins convert their own).
pub(super) fn bind_python(sig: &Signature, args: &Args) -> PyResult<Vec<Slot>> {
    // Every mechanism accepts the right number of positional arguments and nothing else without a word
    // (CPython's own fast paths), which is most calls.
    let nargs = args.pos.len();
    if args.kw.is_empty()
        && nargs >= sig.min_pos_args
        && (nargs <= sig.max_pos_args || sig.varargs.is_some())
        && sig.min_args == sig.min_pos_args
    {
        return Ok(assign(sig, args));
    }
    let short = sig.name.rsplit('.').next().unwrap_or(sig.name);
    let checked = match sig.dialect {
        Dialect::Clinic if sig.no_pos_in_missing => vectorcall(sig, args, short),
        Dialect::Clinic => clinic(
            &sig.params.iter().collect::<Vec<_>>(),
            sig.varargs.is_some(),
            sig.varkw.is_some(),
            args.pos.len(),
            &args.kw,
            short,
        ),
        Dialect::Positional | Dialect::Unpack => builtin(sig, args, short),
        _ => pydef(sig, args),
    };
    checked.map_err(type_error)?;
    Ok(assign(sig, args))
}

/// The slots of a call that fits: positional arguments in order, keywords by name.
fn assign(sig: &Signature, args: &Args) -> Vec<Slot> {
    let mut out = vec![Slot::Absent; sig.params.len()];
    let positional = sig
        .params
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.keyword_only)
        .map(|(j, _)| j);
    for (i, j) in (0..args.pos.len()).zip(positional) {
        out[j] = Slot::Pos(i);
    }
    for (i, (k, _)) in args.kw.iter().enumerate() {
        if let Some(j) = sig
            .params
            .iter()
            .position(|p| p.name == &**k && !p.positional_only)
        {
            out[j] = Slot::Kw(i);
        }
    }
    out
}

/// How many positional arguments a signature takes: (required, at most — `None` with `*args`).
fn positional_range(sig: &Signature) -> (usize, Option<usize>) {
    let positional = sig.params.iter().filter(|p| !p.keyword_only);
    let max = positional.clone().count();
    let min = positional.filter(|p| !p.optional).count();
    (
        min,
        if sig.varargs.is_some() {
            None
        } else {
            Some(max)
        },
    )
}

/// `Positional` and `Unpack`: the built-ins whose positional arguments are counted by hand.
fn builtin(sig: &Signature, args: &Args, short: &str) -> Result<(), String> {
    let full = sig.name;
    let nargs = args.pos.len();
    let kw_params: Vec<&Param> = sig.params.iter().filter(|p| p.keyword_only).collect();
    if !args.kw.is_empty() && kw_params.is_empty() && sig.varkw.is_none() {
        return Err(format!("{full}() takes no keyword arguments"));
    }
    let (min, max) = positional_range(sig);
    if nargs < min || max.is_some_and(|m| nargs > m) {
        if let Some(text) = sig.count_message {
            return Err(text.replace("{n}", &nargs.to_string()));
        }
        let max = max.unwrap_or(usize::MAX);
        return Err(match sig.dialect {
            Dialect::Unpack => unpack_count(short, min, max, nargs),
            _ if min == max && max <= 1 => meth_o_count(full, max, nargs),
            _ => parse_tuple_count(short, min, max, nargs),
        });
    }
    // Keywords the function does take are parsed on their own, as `PyArg_ParseTupleAndKeywords` parses
    // them from an empty tuple (`min`, `max`, `zip`).
    if !args.kw.is_empty() && !kw_params.is_empty() {
        clinic(&kw_params, false, sig.varkw.is_some(), 0, &args.kw, short)?;
    }
    Ok(())
}

/// `_PyArg_UnpackKeywords` (and `_PyArg_UnpackKeywordsWithVararg`) of CPython 3.11 over `params`
/// (positional-only first, then positional-or-keyword, then keyword-only).
fn clinic(
    params: &[&Param],
    varargs: bool,
    varkw: bool,
    nargs: usize,
    kw: &[(Rc<str>, Value)],
    name: &str,
) -> Result<(), String> {
    let nkw = kw.len();
    let posonly = params.iter().filter(|p| p.positional_only).count();
    let maxpos = params.iter().filter(|p| !p.keyword_only).count();
    let minpos = params
        .iter()
        .filter(|p| !p.keyword_only && !p.optional)
        .count();
    let maxargs = params.len();
    if !varargs {
        if nargs + nkw > maxargs && !varkw {
            return Err(format!(
                "{name}() takes at most {maxargs} {}argument{} ({} given)",
                if nargs == 0 { "keyword " } else { "" },
                plural(maxargs),
                nargs + nkw
            ));
        }
        if nargs > maxpos {
            return Err(if maxpos == 0 {
                format!("{name}() takes no positional arguments")
            } else {
                format!(
                    "{name}() takes {} {maxpos} positional argument{} ({nargs} given)",
                    if minpos < maxpos {
                        "at most"
                    } else {
                        "exactly"
                    },
                    plural(maxpos)
                )
            });
        }
    }
    let minposonly = posonly.min(minpos);
    if nargs < minposonly {
        return Err(format!(
            "{name}() takes {} {minposonly} positional argument{} ({nargs} given)",
            if minposonly < maxpos {
                "at least"
            } else {
                "exactly"
            },
            plural(minposonly)
        ));
    }
    // The parameters not filled by position, in order, each looked up among the keywords.
    let mut used = vec![false; nkw];
    for (i, p) in params
        .iter()
        .enumerate()
        .skip(nargs.min(maxpos).max(posonly))
    {
        match kw.iter().position(|(k, _)| **k == *p.name) {
            Some(j) => used[j] = true,
            None if !p.optional => {
                return Err(format!(
                    "{name}() missing required argument '{}' (pos {})",
                    p.name,
                    i + 1
                ));
            }
            None => {}
        }
    }
    if used.iter().all(|u| *u) || varkw {
        return Ok(());
    }
    for (i, p) in params
        .iter()
        .enumerate()
        .take(nargs.min(maxpos))
        .skip(posonly)
    {
        if kw.iter().any(|(k, _)| **k == *p.name) {
            return Err(format!(
                "argument for {name}() given by name ('{}') and position ({})",
                p.name,
                i + 1
            ));
        }
    }
    let known = |k: &str| params.iter().any(|p| !p.positional_only && p.name == k);
    match kw.iter().find(|(k, _)| !known(k)) {
        Some((k, _)) => Err(format!("'{k}' is an invalid keyword argument for {name}()")),
        None => Ok(()),
    }
}

/// A hand-written vectorcall (`enumerate_vectorcall` in `Objects/enumobject.c`, the `|nopos` suffix): with
/// one or two arguments in all, each keyword must name a parameter not yet given, in order after the
/// positional ones (either order when every argument is a keyword); with none, the first parameter is
/// missing, named without its position; otherwise too many.
fn vectorcall(sig: &Signature, args: &Args, name: &str) -> Result<(), String> {
    let nargs = args.pos.len();
    let total = nargs + args.kw.len();
    let max = sig.params.len();
    if (1..=max).contains(&total) {
        let mut given: Vec<&str> = sig.params.iter().take(nargs).map(|p| p.name).collect();
        for (j, (k, _)) in args.kw.iter().enumerate() {
            let ok = if nargs == 0 && args.kw.len() == max {
                sig.params.iter().any(|p| p.name == &**k) && !given.contains(&&**k)
            } else {
                sig.params.get(nargs + j).is_some_and(|p| p.name == &**k)
            };
            if !ok {
                return Err(format!("'{k}' is an invalid keyword argument for {name}()"));
            }
            given.push(k);
        }
        return Ok(());
    }
    if nargs == 0 {
        let first = sig.params.first().map_or("", |p| p.name);
        return Err(format!("{name}() missing required argument '{first}'"));
    }
    Err(format!(
        "{name}() takes at most {max} argument{} ({total} given)",
        plural(max)
    ))
}

/// A `def` (`initialize_locals` in `Python/ceval.c`): keywords in call order, then the positional count,
/// then the missing arguments (positional ones first).
fn pydef(sig: &Signature, args: &Args) -> Result<(), String> {
    let name = sig.name;
    let nargs = args.pos.len();
    let positional: Vec<&Param> = sig.params.iter().filter(|p| !p.keyword_only).collect();
    for (k, _) in &args.kw {
        match sig
            .params
            .iter()
            .position(|p| p.name == &**k && !p.positional_only)
        {
            Some(j) if j < nargs && !sig.params[j].keyword_only => {
                return Err(format!("{name}() got multiple values for argument '{k}'"));
            }
            Some(_) => {}
            None if sig.varkw.is_some() => {}
            None => return Err(format!("{name}() got an unexpected keyword argument '{k}'")),
        }
    }
    let (required_pos, _) = positional_range(sig);
    if nargs > positional.len() && sig.varargs.is_none() {
        return Err(if required_pos == positional.len() {
            format!(
                "{name}() takes {} positional argument{} but {nargs} {} given",
                positional.len(),
                plural(positional.len()),
                if nargs == 1 { "was" } else { "were" }
            )
        } else {
            format!(
                "{name}() takes from {required_pos} to {} positional arguments but {nargs} were given",
                positional.len()
            )
        });
    }
    let given = |j: usize, p: &Param| {
        (j < nargs && !p.keyword_only) || args.kw.iter().any(|(k, _)| **k == *p.name)
    };
    let missing: Vec<&Param> = sig
        .params
        .iter()
        .enumerate()
        .filter(|(j, p)| !p.optional && !given(*j, p))
        .map(|(_, p)| p)
        .collect();
    let Some(first) = missing.first() else {
        return Ok(());
    };
    let kw_only = first.keyword_only;
    let names: Vec<String> = missing
        .iter()
        .filter(|q| q.keyword_only == kw_only)
        .map(|q| format!("'{}'", q.name))
        .collect();
    Err(format!(
        "{name}() missing {} required {} argument{}: {}",
        names.len(),
        if kw_only {
            "keyword-only"
        } else {
            "positional"
        },
        plural(names.len()),
        english_list(&names)
    ))
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'` (CPython's `format_missing`).
fn english_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

/// `METH_NOARGS` / `METH_O` wording (`cfunction_vectorcall_NOARGS`, `method_vectorcall_O`).
fn meth_o_count(name: &str, n: usize, got: usize) -> String {
    if n == 0 {
        format!("{name}() takes no arguments ({got} given)")
    } else {
        format!("{name}() takes exactly one argument ({got} given)")
    }
}

/// `PyArg_ParseTuple` wording (`vgetargs1_impl`).
fn parse_tuple_count(name: &str, min: usize, max: usize, got: usize) -> String {
    let (which, n) = if min == max {
        ("exactly", min)
    } else if got < min {
        ("at least", min)
    } else {
        ("at most", max)
    };
    format!(
        "{name}() takes {which} {n} argument{} ({got} given)",
        plural(n)
    )
}

/// `_PyArg_CheckPositional` / `PyArg_UnpackTuple` wording.
fn unpack_count(name: &str, min: usize, max: usize, got: usize) -> String {
    if min == max {
        format!("{name} expected {min} argument{}, got {got}", plural(min))
    } else if got < min {
        format!(
            "{name} expected at least {min} argument{}, got {got}",
            plural(min)
        )
    } else {
        format!(
            "{name} expected at most {max} argument{}, got {got}",
            plural(max)
        )
    }
}
