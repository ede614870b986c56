//! CPython's binding of a call to a built-in (Argument Clinic, positional-only, `PyArg_UnpackTuple`) or a
//! `def`, with each one's wording of a call that does not fit.

use super::super::error::{PyResult, type_error};
use super::super::value::Args;
use super::{Dialect, Param, Signature, Slot};

/// CPython's binding of a call to a built-in or a `def` (no type checks; built-ins convert their own).
pub(super) fn bind_python(sig: &Signature, args: &Args) -> PyResult<Vec<Slot>> {
    let name = sig.name;
    let nargs = args.pos.len();
    let positional: Vec<&Param> = sig.params.iter().filter(|p| !p.keyword_only).collect();
    let required_pos = positional.iter().filter(|p| !p.optional).count();
    let any_keyword_capable = sig.params.iter().any(|p| !p.positional_only) || sig.varkw.is_some();
    // How many positionals the function takes, and the wording when that is wrong.
    if nargs > positional.len() && sig.varargs.is_none() {
        return Err(type_error(match sig.dialect {
            Dialect::Positional | Dialect::Clinic if !positional.is_empty() => {
                too_many_builtin(name, required_pos, positional.len(), nargs)
            }
            Dialect::Positional | Dialect::Clinic => {
                format!("{name}() takes no arguments ({nargs} given)")
            }
            Dialect::Unpack => unpack_count(name, required_pos, positional.len(), nargs),
            _ => {
                if required_pos == positional.len() {
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
                }
            }
        }));
    }
    if !args.kw.is_empty() && !any_keyword_capable {
        return Err(type_error(format!("{name}() takes no keyword arguments")));
    }
    if sig.dialect == Dialect::Unpack && nargs < required_pos {
        return Err(type_error(unpack_count(
            name,
            required_pos,
            positional.len(),
            nargs,
        )));
    }
    if sig.dialect == Dialect::Positional && nargs < required_pos {
        return Err(type_error(too_few_builtin(
            name,
            required_pos,
            positional.len(),
            nargs,
        )));
    }
    let mut out = vec![Slot::Absent; sig.params.len()];
    for (i, v) in args.pos.iter().enumerate() {
        if let Some(slot) = sig
            .params
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.keyword_only)
            .nth(i)
            .map(|(j, _)| j)
        {
            out[slot] = Slot::Given(v.clone());
        }
    }
    for (k, v) in &args.kw {
        match sig
            .params
            .iter()
            .position(|p| p.name == &**k && !p.positional_only)
        {
            Some(j) => {
                if matches!(out[j], Slot::Given(_)) {
                    return Err(type_error(match sig.dialect {
                        Dialect::Clinic => format!(
                            "argument for {name}() given by name ('{k}') and position ({})",
                            j + 1
                        ),
                        _ => format!("{name}() got multiple values for argument '{k}'"),
                    }));
                }
                out[j] = Slot::Given(v.clone());
            }
            None if sig.varkw.is_some() => {}
            None => {
                return Err(type_error(match sig.dialect {
                    Dialect::Clinic => format!("'{k}' is an invalid keyword argument for {name}()"),
                    _ => format!("{name}() got an unexpected keyword argument '{k}'"),
                }));
            }
        }
    }
    let missing: Vec<(usize, &Param)> = sig
        .params
        .iter()
        .enumerate()
        .filter(|(j, p)| !p.optional && matches!(out[*j], Slot::Absent))
        .collect();
    if let Some(&(j, p)) = missing.first() {
        return Err(type_error(match sig.dialect {
            Dialect::Clinic if p.positional_only => {
                let min = sig
                    .params
                    .iter()
                    .filter(|q| q.positional_only && !q.optional)
                    .count();
                format!(
                    "{name}() takes at least {min} positional argument{} ({nargs} given)",
                    plural(min)
                )
            }
            Dialect::Clinic if sig.no_pos_in_missing => {
                format!("{name}() missing required argument '{}'", p.name)
            }
            Dialect::Clinic => format!(
                "{name}() missing required argument '{}' (pos {})",
                p.name,
                j + 1
            ),
            _ => {
                let kw_only = p.keyword_only;
                let names: Vec<String> = missing
                    .iter()
                    .filter(|(_, q)| q.keyword_only == kw_only)
                    .map(|(_, q)| format!("'{}'", q.name))
                    .collect();
                format!(
                    "{name}() missing {} required {} argument{}: {}",
                    names.len(),
                    if kw_only {
                        "keyword-only"
                    } else {
                        "positional"
                    },
                    plural(names.len()),
                    english_list(&names)
                )
            }
        }));
    }
    Ok(out)
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

/// `_PyArg_CheckPositional` / METH_O wording for too many arguments.
fn too_many_builtin(name: &str, min: usize, max: usize, got: usize) -> String {
    if min == max {
        exactly(name, max, got)
    } else {
        format!(
            "{name}() takes at most {max} argument{} ({got} given)",
            plural(max)
        )
    }
}

fn too_few_builtin(name: &str, min: usize, max: usize, got: usize) -> String {
    if min == max {
        exactly(name, min, got)
    } else {
        format!(
            "{name}() takes at least {min} argument{} ({got} given)",
            plural(min)
        )
    }
}

fn exactly(name: &str, n: usize, got: usize) -> String {
    match n {
        0 => format!("{name}() takes no arguments ({got} given)"),
        1 => format!("{name}() takes exactly one argument ({got} given)"),
        _ => format!("{name}() takes exactly {n} arguments ({got} given)"),
    }
}

/// `PyArg_UnpackTuple` wording.
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
