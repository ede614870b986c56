//! One signature-driven argument parser for every native function: Python's built-ins and the methods of
//! its types, and torch's functions and tensor methods. A function declares its signature once, as text
//! (`"transpose(int dim0, int dim1)"`), and [`Sig::bind`] checks a call against it — positional and keyword
//! arguments, defaults, `None` where allowed, types — and raises the exact `TypeError` the real
//! implementation raises. How those errors are worded depends on how the real function is implemented, so
//! each signature names its [`Dialect`]:
//!
//! - [`Dialect::Torch`]: PyTorch's generated bindings (`torch/csrc/utils/python_arg_parser.cpp`): types are
//!   checked (`argument 'dim' (position 1) must be int, not str`), overloads are tried in order
//!   ([`Overloads`]), and a call no overload accepts gets `received an invalid combination of arguments`.
//! - [`Dialect::PyDef`]: a function PyTorch writes in Python (`torch.nn.functional.relu`): CPython's rules
//!   for `def` (`relu() missing 1 required positional argument: 'input'`); no type checks.
//! - [`Dialect::Clinic`]: a CPython built-in declared with Argument Clinic and keywords (`round`, `sum`,
//!   `enumerate`): `round() missing required argument 'number' (pos 1)`.
//! - [`Dialect::Positional`]: a CPython built-in whose arguments are positional only (`len`, `abs`,
//!   `str.startswith`): `len() takes exactly one argument (0 given)`, `... takes no keyword arguments`.
//! - [`Dialect::Unpack`]: a CPython built-in that unpacks a tuple of positional arguments (`isinstance`,
//!   `range`, `dict.get`): `isinstance expected 2 arguments, got 1`.
//!
//! Signature text follows PyTorch's Python signatures: `Type name`, `Type? name=default` (`?` allows
//! `None`), `*` before keyword-only parameters, and for Python dialects `/` after positional-only ones,
//! `*args`/`**kwargs`, and bare names (any type). A suffix `|hidden` leaves an overload out of PyTorch's
//! "expected one of" list; `|nopos` words a missing argument without its position (`enumerate`). Types: `Tensor`, `Scalar` (a Python number or a 0-d
//! tensor), `int`, `float`, `bool`, `int[]`/`int[N]` (a tuple or list of ints, also accepted as varargs
//! when it is the only positional parameter, and as a single int when `N` is given), `Tensor[]`, `float[]`,
//! `ScalarType` (a dtype), `str`, `Device`, `Layout`, `Generator`, `MemoryFormat`, `object`; PyTorch's own
//! spellings (`int64_t`, `double`, `IntArrayRef`, `SymIntArrayRef`, `TensorList`, `c10::string_view`) are
//! accepted too, so signatures can be copied from PyTorch.

use std::rc::Rc;
use std::sync::OnceLock;

use crate::tensor::{DType, Scalar, Tensor};

use super::error::{ExcKind, PyResult, exc, type_error};
use super::value::{Args, Value};

/// How a function's argument errors are worded (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Torch,
    PyDef,
    Clinic,
    Positional,
    Unpack,
}

/// A parameter's type, with PyTorch's name for it in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ty {
    Tensor,
    Scalar,
    Int,
    Float,
    Bool,
    IntList,
    FloatList,
    TensorList,
    ScalarType,
    Str,
    Device,
    Layout,
    Generator,
    MemoryFormat,
    Object,
}

impl Ty {
    fn parse(s: &str) -> Option<(Ty, usize)> {
        let (base, size) = match s.find('[') {
            Some(b) => {
                let inner = s.get(b + 1..s.len().saturating_sub(1)).unwrap_or("");
                (&s[..b], inner.parse().unwrap_or(0))
            }
            None => (s, 0),
        };
        let list = s.contains('[');
        let ty = match (base, list) {
            ("Tensor", false) => Ty::Tensor,
            ("Tensor", true) | ("TensorList", _) => Ty::TensorList,
            ("Scalar", false) | ("Number", _) => Ty::Scalar,
            ("int" | "int64_t" | "SymInt", false) => Ty::Int,
            ("int" | "int64_t" | "SymInt", true) | ("IntArrayRef" | "SymIntArrayRef", _) => Ty::IntList,
            ("float" | "double", false) => Ty::Float,
            ("float" | "double", true) | ("ArrayRef<double>", _) => Ty::FloatList,
            ("bool", _) => Ty::Bool,
            ("ScalarType" | "dtype", _) => Ty::ScalarType,
            ("str" | "c10::string_view" | "std::string", _) => Ty::Str,
            ("Device", _) => Ty::Device,
            ("Layout", _) => Ty::Layout,
            ("Generator", _) => Ty::Generator,
            ("MemoryFormat", _) => Ty::MemoryFormat,
            ("object" | "PyObject*", _) => Ty::Object,
            _ => return None,
        };
        Some((ty, size))
    }

    /// PyTorch's `FunctionParameter::type_name`.
    pub fn name(self) -> &'static str {
        match self {
            Ty::Tensor => "Tensor",
            Ty::Scalar => "Number",
            Ty::Int => "int",
            Ty::Float => "float",
            Ty::Bool => "bool",
            Ty::IntList => "tuple of ints",
            Ty::FloatList => "tuple of floats",
            Ty::TensorList => "tuple of Tensors",
            Ty::ScalarType => "torch.dtype",
            Ty::Str => "str",
            Ty::Device => "torch.device",
            Ty::Layout => "torch.layout",
            Ty::Generator => "torch.Generator",
            Ty::MemoryFormat => "torch.memory_format",
            Ty::Object => "object",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Param {
    pub name: &'static str,
    pub ty: Ty,
    /// `int[2]`: a single int is accepted and repeated.
    pub size: usize,
    /// Has a default (may be omitted).
    pub optional: bool,
    /// `None` is accepted (and means "absent").
    pub allow_none: bool,
    pub keyword_only: bool,
    pub positional_only: bool,
    /// The default as written (`None`, `False`, `1`, `'mean'`).
    pub default: Option<&'static str>,
}

/// A parsed signature.
#[derive(Debug)]
pub struct Signature {
    pub name: &'static str,
    pub params: Vec<Param>,
    /// `*args` / `**kwargs` (Python dialects).
    pub varargs: Option<&'static str>,
    pub varkw: Option<&'static str>,
    pub dialect: Dialect,
    /// Not listed in "expected one of" (PyTorch's `|hidden`).
    pub hidden: bool,
    /// PyTorch lets Python numbers bind to `Tensor` parameters of a few ops (`add`, `mul`, `to`, ...).
    pub numbers_as_tensors: bool,
    /// `|nopos`: a built-in whose own check words a missing argument without its position
    /// (`enumerate() missing required argument 'iterable'`).
    pub no_pos_in_missing: bool,
    min_args: usize,
    max_args: usize,
    max_pos_args: usize,
}

/// PyTorch's `should_allow_numbers_as_tensors`.
fn numbers_as_tensors(name: &str) -> bool {
    matches!(
        name.trim_end_matches('_'),
        "add"
            | "div"
            | "divide"
            | "mul"
            | "multiply"
            | "sub"
            | "subtract"
            | "true_divide"
            | "to"
            | "_to_copy"
            | "copy"
            | "floor_divide"
    )
}

impl Signature {
    /// Parses signature text (see the module documentation).
    pub fn parse(text: &'static str, dialect: Dialect) -> Result<Signature, String> {
        let open = text
            .find('(')
            .ok_or_else(|| format!("missing '(' in {text:?}"))?;
        let close = text
            .rfind(')')
            .ok_or_else(|| format!("missing ')' in {text:?}"))?;
        let name = &text[..open];
        let suffix = &text[close + 1..];
        let inner = &text[open + 1..close];
        let mut params: Vec<Param> = Vec::new();
        let (mut varargs, mut varkw) = (None, None);
        let mut keyword_only = false;
        for part in inner.split(", ").filter(|p| !p.is_empty()) {
            match part {
                "*" => {
                    keyword_only = true;
                    continue;
                }
                "/" => {
                    for p in &mut params {
                        p.positional_only = true;
                    }
                    continue;
                }
                _ => {}
            }
            if let Some(n) = part.strip_prefix("**") {
                varkw = Some(n);
                continue;
            }
            if let Some(n) = part.strip_prefix('*') {
                varargs = Some(n);
                keyword_only = true;
                continue;
            }
            let (decl, default) = match part.split_once('=') {
                Some((d, v)) => (d, Some(v)),
                None => (part, None),
            };
            let (ty, size, allow_none, pname) = match decl.rsplit_once(' ') {
                Some((t, n)) => {
                    let nullable = t.ends_with('?');
                    let t = t.trim_end_matches('?');
                    let (ty, size) =
                        Ty::parse(t).ok_or_else(|| format!("unknown type {t:?} in {text:?}"))?;
                    (ty, size, nullable, n)
                }
                None if dialect != Dialect::Torch => (Ty::Object, 0, true, decl),
                None => return Err(format!("missing type for {decl:?} in {text:?}")),
            };
            params.push(Param {
                name: pname,
                ty,
                size,
                optional: default.is_some(),
                allow_none: allow_none || default == Some("None"),
                keyword_only,
                positional_only: false,
                default,
            });
        }
        let max_args = params.len();
        let min_args = params.iter().filter(|p| !p.optional).count();
        let max_pos_args = params.iter().filter(|p| !p.keyword_only).count();
        Ok(Signature {
            name,
            numbers_as_tensors: numbers_as_tensors(name),
            params,
            varargs,
            varkw,
            dialect,
            hidden: suffix == "|hidden",
            no_pos_in_missing: suffix == "|nopos",
            min_args,
            max_args,
            max_pos_args,
        })
    }

    /// Binds a call and unpacks its `int[]` parameters, as a native function would before its body runs;
    /// the error line (`TypeError: ...`) if the call does not fit. For tests and tools.
    pub fn check_call(&self, args: Args) -> Result<(), String> {
        let line = |e: super::error::Unwind| match e {
            super::error::Unwind::Exception(e) => e.summary(),
            _ => "internal: not an exception".to_string(),
        };
        let slots = match bind(self, &args, true) {
            Ok(Some(slots)) => slots,
            Ok(None) => return Err("internal: no match and no error".into()),
            Err(e) => return Err(line(e)),
        };
        let bound = Bound::new(self, 0, slots, args);
        for (i, p) in self.params.iter().enumerate() {
            if p.ty == Ty::IntList && bound.has(i) {
                bound.int_list(i).map_err(line)?;
            }
        }
        Ok(())
    }

    /// PyTorch's `FunctionSignature::toString` as 2.x prints it in "expected one of" lists.
    pub fn display(&self) -> String {
        let mut out = String::from("(");
        let mut keyword_already = false;
        for (i, p) in self.params.iter().enumerate() {
            if i != 0 {
                out.push_str(", ");
            }
            if p.keyword_only && !keyword_already {
                out.push_str("*, ");
                keyword_already = true;
            }
            out.push_str(p.ty.name());
            out.push(' ');
            out.push_str(p.name);
            if let Some(d) = p.default {
                out.push_str(" = ");
                out.push_str(d);
            }
        }
        out.push(')');
        out
    }
}

/// A signature declared as a static, parsed on first use.
pub struct Sig {
    text: &'static str,
    dialect: Dialect,
    parsed: OnceLock<Result<Signature, String>>,
}

impl Sig {
    pub const fn new(text: &'static str, dialect: Dialect) -> Sig {
        Sig {
            text,
            dialect,
            parsed: OnceLock::new(),
        }
    }

    /// A signature of a torch function or tensor method.
    pub const fn torch(text: &'static str) -> Sig {
        Sig::new(text, Dialect::Torch)
    }

    pub fn signature(&self) -> PyResult<&Signature> {
        match self
            .parsed
            .get_or_init(|| Signature::parse(self.text, self.dialect))
        {
            Ok(s) => Ok(s),
            Err(e) => Err(exc(
                ExcKind::RuntimeError,
                format!("internal: bad signature: {e}"),
            )),
        }
    }

    /// Checks a call against the signature; the error is the real implementation's.
    pub fn bind(&self, args: Args) -> PyResult<Bound<'_>> {
        let sig = self.signature()?;
        match bind(sig, &args, true)? {
            Some(values) => Ok(Bound::new(sig, 0, values, args)),
            None => Err(type_error("internal: a binding failed without an error")),
        }
    }
}

/// Several signatures of one torch function, tried in order (PyTorch's `PythonArgParser`).
pub struct Overloads {
    sigs: &'static [Sig],
}

impl Overloads {
    pub const fn new(sigs: &'static [Sig]) -> Overloads {
        Overloads { sigs }
    }

    /// Binds to the first signature that accepts the call; [`Bound::which`] says which one.
    pub fn bind(&self, args: Args) -> PyResult<Bound<'_>> {
        let mut parsed = Vec::with_capacity(self.sigs.len());
        for s in self.sigs {
            parsed.push(s.signature()?);
        }
        if parsed.len() == 1 {
            return self.sigs[0].bind(args);
        }
        for (i, sig) in parsed.iter().enumerate() {
            if let Some(values) = bind(sig, &args, false)? {
                return Ok(Bound::new(sig, i, values, args));
            }
        }
        // PyTorch's `print_error`: one plausible signature explains itself; otherwise list them all.
        let given = args.pos.len() + args.kw.len();
        let plausible: Vec<&Signature> = parsed
            .iter()
            .copied()
            .filter(|s| given >= s.min_args && given <= s.max_args && !s.hidden)
            .collect();
        if let [only] = plausible.as_slice() {
            bind(only, &args, true)?;
        }
        let visible: Vec<&Signature> = parsed.iter().copied().filter(|s| !s.hidden).collect();
        Err(type_error(invalid_combination(
            parsed.first().map_or("", |s| s.name),
            &args,
            &visible,
        )))
    }
}

/// Python's type name of a value, as `Py_TYPE(obj)->tp_name` prints it in PyTorch's messages.
fn tp_name(v: &Value) -> String {
    match v {
        Value::DType(_) => "torch.dtype".into(),
        Value::Size(_) => "torch.Size".into(),
        other => other.type_name(),
    }
}

fn is_int(v: &Value) -> bool {
    matches!(v, Value::Int(_))
}

/// `THPUtils_checkIndex`: an int, a bool, or a value with `__index__` (a one-element integer tensor).
fn is_index(v: &Value) -> bool {
    match v {
        Value::Int(_) | Value::Bool(_) => true,
        Value::Tensor(t) => t.numel() == 1 && is_integral(t),
        _ => false,
    }
}

/// An integer tensor (not bool), PyTorch's `isIntegralType(.., includeBool=false)`.
fn is_integral(t: &Tensor) -> bool {
    matches!(t.dtype(), DType::Int64 | DType::Int32)
}

fn is_number(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::Float(_) | Value::Bool(_))
}

fn is_0d_tensor(v: &Value) -> bool {
    matches!(v, Value::Tensor(t) if t.ndim() == 0 && !t.requires_grad())
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

fn seq_items(v: &Value) -> Vec<Value> {
    match v {
        Value::Tuple(t) => t.as_ref().clone(),
        Value::List(l) => l.borrow().clone(),
        Value::Size(s) => s.iter().map(|&d| Value::Int(d as i64)).collect(),
        _ => Vec::new(),
    }
}

/// What a binding found for each parameter: the value given, or `None` (absent, or `None` where allowed).
/// `VarArgs` marks an `int[]` parameter that took every positional argument (`view(2, 3)`).
#[derive(Clone)]
enum Slot {
    Absent,
    Given(Value),
    VarArgs(Vec<Value>),
}

/// Binds `args` to `sig`; `Ok(None)` when it does not match and `raise` is false.
fn bind(sig: &Signature, args: &Args, raise: bool) -> PyResult<Option<Vec<Slot>>> {
    match sig.dialect {
        Dialect::Torch => bind_torch(sig, args, raise),
        _ => bind_python(sig, args).map(Some),
    }
}

/// PyTorch's `FunctionSignature::parse`.
fn bind_torch(sig: &Signature, args: &Args, raise: bool) -> PyResult<Option<Vec<Slot>>> {
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
        .find_map(|n| args.kw.iter().find(|(k, _)| &**k == n).map(|(_, v)| v.clone()))
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
                return format!(
                    "{}() got an unexpected keyword argument '{}'",
                    sig.name, k
                );
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
fn invalid_combination(name: &str, args: &Args, options: &[&Signature]) -> String {
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
                out.push_str(
                    &items
                        .iter()
                        .map(tp_name)
                        .collect::<Vec<_>>()
                        .join(", "),
                );
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

/// CPython's binding of a call to a built-in or a `def` (no type checks; built-ins convert their own).
fn bind_python(sig: &Signature, args: &Args) -> PyResult<Vec<Slot>> {
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
                let min = sig.params.iter().filter(|q| q.positional_only && !q.optional).count();
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
                    if kw_only { "keyword-only" } else { "positional" },
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
        format!("{name} expected at least {min} argument{}, got {got}", plural(min))
    } else {
        format!("{name} expected at most {max} argument{}, got {got}", plural(max))
    }
}

/// The arguments of a call, bound to a signature's parameters.
pub struct Bound<'s> {
    sig: &'s Signature,
    which: usize,
    slots: Vec<Slot>,
    /// The call itself (for `*args`/`**kwargs` and the extras a binding reads on its own).
    args: Args,
}

impl<'s> Bound<'s> {
    fn new(sig: &'s Signature, which: usize, slots: Vec<Slot>, args: Args) -> Bound<'s> {
        Bound {
            sig,
            which,
            slots,
            args,
        }
    }

    /// Which overload matched (0 for a single signature).
    pub fn which(&self) -> usize {
        self.which
    }

    fn param(&self, i: usize) -> PyResult<&Param> {
        self.sig.params.get(i).ok_or_else(|| {
            exc(
                ExcKind::RuntimeError,
                format!("internal: {}() has no parameter {i}", self.sig.name),
            )
        })
    }

    /// Whether the parameter was given (and is not `None`).
    pub fn has(&self, i: usize) -> bool {
        matches!(self.slots.get(i), Some(Slot::Given(_) | Slot::VarArgs(_)))
    }

    /// The value given for parameter `i`, if any (`None` where allowed counts as absent).
    pub fn value(&self, i: usize) -> Option<Value> {
        match self.slots.get(i) {
            Some(Slot::Given(v)) => Some(v.clone()),
            Some(Slot::VarArgs(items)) => Some(Value::tuple(items.clone())),
            _ => None,
        }
    }

    /// The value given, or the parameter's default parsed as a Python literal.
    pub fn value_or_default(&self, i: usize) -> PyResult<Value> {
        match self.value(i) {
            Some(v) => Ok(v),
            None => Ok(literal(self.param(i)?.default.unwrap_or("None"))),
        }
    }

    /// `*args` of a Python-dialect signature: the positionals past the named parameters.
    pub fn varargs(&self) -> Vec<Value> {
        let named = self.sig.params.iter().filter(|p| !p.keyword_only).count();
        self.args.pos.iter().skip(named).cloned().collect()
    }

    /// `**kwargs`: the keywords no parameter took.
    pub fn varkw(&self) -> Vec<(Rc<str>, Value)> {
        self.args
            .kw
            .iter()
            .filter(|(k, _)| !self.sig.params.iter().any(|p| p.name == &**k))
            .cloned()
            .collect()
    }

    pub fn tensor(&self, i: usize) -> PyResult<Tensor> {
        match self.value(i) {
            Some(Value::Tensor(t)) => Ok(t),
            other => Err(self.wrong(i, other)),
        }
    }

    pub fn opt_tensor(&self, i: usize) -> PyResult<Option<Tensor>> {
        match self.value(i) {
            None => Ok(None),
            Some(Value::Tensor(t)) => Ok(Some(t)),
            other => Err(self.wrong(i, other)),
        }
    }

    pub fn int(&self, i: usize) -> PyResult<i64> {
        match self.value_or_default(i)? {
            Value::Int(n) => Ok(n),
            Value::Bool(b) => Ok(b as i64),
            Value::Tensor(t) if t.numel() == 1 => Ok(t.item()?.to_i64()),
            other => Err(self.wrong(i, Some(other))),
        }
    }

    pub fn opt_int(&self, i: usize) -> PyResult<Option<i64>> {
        match self.value_or_default(i)? {
            Value::None => Ok(None),
            _ => self.int(i).map(Some),
        }
    }

    pub fn float(&self, i: usize) -> PyResult<f64> {
        match self.value_or_default(i)? {
            Value::Float(f) => Ok(f),
            Value::Int(n) => Ok(n as f64),
            Value::Bool(b) => Ok(b as i64 as f64),
            Value::Tensor(t) if t.numel() == 1 => Ok(t.item()?.to_f64()),
            other => Err(self.wrong(i, Some(other))),
        }
    }

    pub fn opt_float(&self, i: usize) -> PyResult<Option<f64>> {
        match self.value_or_default(i)? {
            Value::None => Ok(None),
            _ => self.float(i).map(Some),
        }
    }

    pub fn bool(&self, i: usize) -> PyResult<bool> {
        match self.value_or_default(i)? {
            Value::Bool(b) => Ok(b),
            Value::None => Ok(false),
            other => Err(self.wrong(i, Some(other))),
        }
    }

    pub fn scalar(&self, i: usize) -> PyResult<Scalar> {
        match self.value_or_default(i)? {
            Value::Bool(b) => Ok(Scalar::Bool(b)),
            Value::Int(n) => Ok(Scalar::Int(n)),
            Value::Float(f) => Ok(Scalar::Float(f)),
            Value::Tensor(t) if t.numel() == 1 => Ok(t.item()?),
            other => Err(self.wrong(i, Some(other))),
        }
    }

    pub fn opt_scalar(&self, i: usize) -> PyResult<Option<Scalar>> {
        match self.value_or_default(i)? {
            Value::None => Ok(None),
            _ => self.scalar(i).map(Some),
        }
    }

    pub fn dtype(&self, i: usize) -> PyResult<Option<DType>> {
        match self.value(i) {
            None => Ok(None),
            Some(Value::DType(d)) => Ok(Some(d)),
            other => Err(self.wrong(i, other)),
        }
    }

    pub fn str(&self, i: usize) -> PyResult<Option<Rc<str>>> {
        match self.value_or_default(i)? {
            Value::None => Ok(None),
            Value::Str(s) => Ok(Some(s)),
            other => Err(self.wrong(i, Some(other))),
        }
    }

    /// An `int[]` parameter: a tuple or list of ints, the varargs form (`view(2, 3)`), a single int where
    /// the signature gives a size (`int[1] dim`), or the default. Items are unpacked as PyTorch unpacks them
    /// (`failed to unpack the object at pos 2 with error "type must be tuple of ints,but got str"`).
    pub fn int_list(&self, i: usize) -> PyResult<Vec<i64>> {
        let p = self.param(i)?;
        let items = match self.slots.get(i) {
            Some(Slot::VarArgs(items)) => items.clone(),
            Some(Slot::Given(v @ (Value::Tuple(_) | Value::List(_) | Value::Size(_)))) => {
                seq_items(v)
            }
            Some(Slot::Given(v)) => vec![v.clone(); p.size.max(1)],
            _ => match p.default {
                Some("None") | None => Vec::new(),
                Some(d) => parse_int_list_default(d, p.size),
            }
            .into_iter()
            .map(Value::Int)
            .collect(),
        };
        items
            .iter()
            .enumerate()
            .map(|(k, v)| match v {
                Value::Int(n) => Ok(*n),
                Value::Bool(b) => Ok(*b as i64),
                Value::Tensor(t) if t.numel() == 1 && is_integral(t) => {
                    Ok(t.item()?.to_i64())
                }
                other => Err(type_error(format!(
                    "{}(): argument '{}' failed to unpack the object at pos {} with error \"type must be tuple of ints,but got {}\"",
                    self.sig.name,
                    p.name,
                    k + 1,
                    tp_name(other)
                ))),
            })
            .collect()
    }

    pub fn opt_int_list(&self, i: usize) -> PyResult<Option<Vec<i64>>> {
        if self.has(i) || self.param(i)?.default.is_some_and(|d| d != "None") {
            self.int_list(i).map(Some)
        } else {
            Ok(None)
        }
    }

    pub fn tensors(&self, i: usize) -> PyResult<Vec<Tensor>> {
        let v = self.value(i);
        let items = match &v {
            Some(v @ (Value::Tuple(_) | Value::List(_))) => seq_items(v),
            _ => return Err(self.wrong(i, v)),
        };
        items
            .into_iter()
            .map(|x| match x {
                Value::Tensor(t) => Ok(t),
                other => Err(self.wrong(i, Some(other))),
            })
            .collect()
    }

    fn wrong(&self, i: usize, got: Option<Value>) -> super::error::Unwind {
        let (pname, ty) = self
            .sig
            .params
            .get(i)
            .map_or(("?", "?"), |p| (p.name, p.ty.name()));
        type_error(format!(
            "{}(): argument '{}' must be {}, not {}",
            self.sig.name,
            pname,
            ty,
            got.as_ref().map_or("NoneType".into(), tp_name)
        ))
    }
}

/// A default as written in a signature, as a Python value.
fn literal(s: &str) -> Value {
    match s {
        "None" => Value::None,
        "True" | "true" => Value::Bool(true),
        "False" | "false" => Value::Bool(false),
        _ => {
            if let Ok(n) = s.parse::<i64>() {
                Value::Int(n)
            } else if let Ok(f) = s.parse::<f64>() {
                Value::Float(f)
            } else if s.len() >= 2
                && ((s.starts_with('\'') && s.ends_with('\''))
                    || (s.starts_with('"') && s.ends_with('"')))
            {
                Value::str(&s[1..s.len() - 1])
            } else {
                Value::str(s)
            }
        }
    }
}

/// `IntArrayRef[2] x=1` (repeated) or `IntArrayRef x={1,2}`.
fn parse_int_list_default(s: &str, size: usize) -> Vec<i64> {
    if let Some(inner) = s.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        return inner.split(',').filter_map(|x| x.trim().parse().ok()).collect();
    }
    match s.parse::<i64>() {
        Ok(n) => vec![n; size.max(1)],
        Err(_) => Vec::new(),
    }
}
