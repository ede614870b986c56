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
//!   `str.split`): `round() missing required argument 'number' (pos 1)`.
//! - [`Dialect::Positional`]: a CPython built-in whose arguments are positional only and counted by the
//!   call machinery or `PyArg_ParseTuple` (`len`, `list.append`, `str.upper`, `str.startswith`):
//!   `len() takes exactly one argument (0 given)`, `... takes no keyword arguments`.
//! - [`Dialect::Unpack`]: a CPython built-in that unpacks a tuple of positional arguments (`isinstance`,
//!   `range`, `dict.get`, `min`): `isinstance expected 2 arguments, got 1`.
//!
//! `args/python.rs` says which name each Python message uses (`list.append`, `insert`, `split()`).
//!
//! Signature text follows PyTorch's Python signatures: `Type name`, `Type? name=default` (`?` allows
//! `None`), `*` before keyword-only parameters, and for Python dialects `/` after positional-only ones,
//! `*args`/`**kwargs`, and bare names (any type). Options follow the `)`: `|hidden` leaves an overload out
//! of PyTorch's "expected one of" list; `|nopos` binds as `enumerate`'s hand-written vectorcall does;
//! `|count=TEXT` is a built-in's own message for a wrong number of positional arguments (`{n}`: the number
//! given); `|fnonly` marks, for the torch tables, an overload only `torch.f` has (no method form).
//! Types: `Tensor`, `Scalar` (a Python number or a 0-d tensor), `int`, `float`, `bool`, `int[]`/`int[N]` (a tuple or list of ints, also accepted as varargs
//! when it is the only positional parameter, and as a single int when `N` is given), `Tensor[]`, `float[]`, `Scalar[]`,
//! `ScalarType` (a dtype), `str`, `Device`, `Layout`, `Generator`, `MemoryFormat`, `object`; PyTorch's own
//! spellings (`int64_t`, `double`, `IntArrayRef`, `SymIntArrayRef`, `TensorList`, `c10::string_view`) are
//! accepted too, so signatures can be copied from PyTorch.

use std::sync::OnceLock;

use crate::tensor::{DType, Tensor};

use super::error::{ExcKind, PyResult, exc, type_error};
use super::value::{Args, Value};

mod bound;
mod python;
mod typed;

pub use bound::Bound;
use bound::Slot;
use python::bind_python;
use typed::{bind_torch, invalid_combination};

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
    ScalarList,
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
            ("Scalar", true) => Ty::ScalarList,
            ("int" | "int64_t" | "SymInt", false) => Ty::Int,
            ("int" | "int64_t" | "SymInt", true) | ("IntArrayRef" | "SymIntArrayRef", _) => {
                Ty::IntList
            }
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
            Ty::ScalarList => "tuple of Scalars",
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
    /// `|nopos`: a built-in that binds by hand in its vectorcall (`enumerate`): keywords checked one by one
    /// against the slots they would fill, a missing argument worded without its position
    /// (`enumerate() missing required argument 'iterable'`).
    pub no_pos_in_missing: bool,
    /// `|count=TEXT`: a built-in's own message for a wrong number of positional arguments (`map() must
    /// have at least two arguments.`); `{n}` stands for the number given.
    pub count_message: Option<&'static str>,
    min_args: usize,
    max_args: usize,
    max_pos_args: usize,
    /// Required parameters that can be given by position (the Python dialects' fast path).
    min_pos_args: usize,
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
        // The `)` that closes the parameters (a default may hold parentheses, `fromlist=()`, and a
        // `|count=` message after it too).
        let mut depth = 0usize;
        let close = text[open..]
            .char_indices()
            .find_map(|(i, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            return Some(open + i);
                        }
                    }
                    _ => {}
                }
                None
            })
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
        let min_pos_args = params
            .iter()
            .filter(|p| !p.keyword_only && !p.optional)
            .count();
        let options: Vec<&'static str> = suffix.split('|').skip(1).collect();
        if let Some(bad) = options
            .iter()
            // `fnonly` is read by the torch tables (an overload only the function form has).
            .find(|o| !matches!(**o, "hidden" | "nopos" | "fnonly") && !o.starts_with("count="))
        {
            return Err(format!("unknown option |{bad} in {text:?}"));
        }
        Ok(Signature {
            name,
            numbers_as_tensors: numbers_as_tensors(name),
            params,
            varargs,
            varkw,
            dialect,
            hidden: options.contains(&"hidden"),
            no_pos_in_missing: options.contains(&"nopos"),
            count_message: options.iter().find_map(|o| o.strip_prefix("count=")),
            min_args,
            max_args,
            max_pos_args,
            min_pos_args,
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
                // ATen's schemas quote string defaults with `"` (`str interpolation = "linear"`).
                match d.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')) {
                    Some(text) => {
                        out.push('"');
                        out.push_str(text);
                        out.push('"');
                    }
                    None => out.push_str(d),
                }
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

    /// The function's name as the signature writes it (`len`, `list.append`).
    pub fn name(&self) -> &'static str {
        self.text.split('(').next().unwrap_or(self.text)
    }

    /// The name a method is found by (`append` for `list.append`).
    pub fn method_name(&self) -> &'static str {
        let name = self.name();
        name.rsplit('.').next().unwrap_or(name)
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
        if let [only] = self.sigs {
            return only.bind(args);
        }
        // The common case, a call that fits an overload, allocates nothing beyond the binding itself.
        for (i, s) in self.sigs.iter().enumerate() {
            let sig = s.signature()?;
            if let Some(values) = bind(sig, &args, false)? {
                return Ok(Bound::new(sig, i, values, args));
            }
        }
        let mut parsed = Vec::with_capacity(self.sigs.len());
        for s in self.sigs {
            parsed.push(s.signature()?);
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
    matches!(v, Value::Int(_, _))
}

/// `THPUtils_checkIndex`: an int, a bool, or a value with `__index__` (a one-element integer tensor).
fn is_index(v: &Value) -> bool {
    match v {
        Value::Int(_, _) | Value::Bool(_) => true,
        Value::Tensor(t) => t.numel() == 1 && is_integral(t),
        _ => false,
    }
}

/// An integer tensor (not bool), PyTorch's `isIntegralType(.., includeBool=false)`.
fn is_integral(t: &Tensor) -> bool {
    matches!(t.dtype(), DType::Int64 | DType::Int32)
}

fn is_number(v: &Value) -> bool {
    matches!(v, Value::Int(_, _) | Value::Float(_) | Value::Bool(_))
}

fn is_0d_tensor(v: &Value) -> bool {
    matches!(v, Value::Tensor(t) if t.ndim() == 0 && !t.requires_grad())
}

pub(crate) fn seq_items(v: &Value) -> Vec<Value> {
    match v {
        Value::Tuple(t) => t.to_vec(),
        Value::List(l) => l.borrow().clone(),
        Value::Size(s) => s.items(),
        _ => Vec::new(),
    }
}

/// Binds `args` to `sig`; `Ok(None)` when it does not match and `raise` is false.
fn bind(sig: &Signature, args: &Args, raise: bool) -> PyResult<Option<Vec<Slot>>> {
    match sig.dialect {
        Dialect::Torch => bind_torch(sig, args, raise),
        _ => bind_python(sig, args).map(Some),
    }
}
