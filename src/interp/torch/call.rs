//! How a torch operation is declared and called. Each operation is one [`Def`]: its name, PyTorch's
//! signature (every overload, as PyTorch's "expected one of" lists print them), whether it is a Tensor
//! method, a `torch` function or both, and the function that runs it. A Tensor method is the `torch`
//! function of the same name without its `Tensor input` (the method's `self`) and `out`, as PyTorch
//! generates both from one schema, so the signature is written once, in the function's form, and the
//! method's is derived ([`Signature::method_form`]). The run function reads its arguments from a [`Call`]
//! by the position they have in the function's form, whichever form was called: position 0 is the input
//! (the method's `self`).

use std::rc::Rc;

use crate::interp::Interpreter;
use crate::interp::args::{Bound, Dialect, Overloads, Sig, Signature};
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Value};
use crate::tensor::{DType, Scalar, Tensor};

pub(crate) type Run = fn(&mut Interpreter, &Call<'_>) -> PyResult<Value>;

/// The Tensor method of a [`Def`].
#[derive(Clone, Copy)]
pub(crate) enum Method {
    /// The function's signature without `Tensor input` and `out`.
    Derived,
    /// Derived in the same way from other overloads than the function's (`nonzero`, whose method has
    /// an `as_tuple` overload the function folds into one signature).
    From(&'static [&'static str]),
    /// A method with a signature of its own: a CPython-level method without arguments
    /// (`"Tensor.neg()"`, [`Dialect::Positional`]) or a `def` in `torch/_tensor.py`, `self` included
    /// (`"Tensor.split(self, split_size, dim=0)"`, [`Dialect::PyDef`]).
    Own(&'static str, Dialect),
    /// No such method.
    Absent,
}

/// The `torch` function of a [`Def`].
#[derive(Clone, Copy)]
pub(crate) enum Function {
    /// `torch.name`, bound to the signature as written.
    Torch,
    /// `torch.name` with a signature of its own (a function PyTorch writes in Python).
    Own(&'static str, Dialect),
    /// A class PyTorch writes in Python, called to make an instance: its `__new__`/`__init__` signature
    /// starts with `cls`/`self`, which the caller does not pass (`"set_grad_enabled.__init__(self, mode)"`).
    Class(&'static str),
    /// No such function.
    Absent,
}

/// One torch operation: PyTorch's signature and the function that runs it.
pub(crate) struct Def {
    pub name: &'static str,
    /// The overloads in the `torch` function's form (`Tensor input` first), in PyTorch's order; a
    /// suffix `|hidden` (or PyTorch's `|deprecated`) leaves one out of "expected one of" lists, `|fnonly`
    /// keeps one out of the method.
    pub sigs: &'static [&'static str],
    pub method: Method,
    pub function: Function,
    pub run: Run,
}

impl Def {
    /// A Tensor method and the `torch` function of the same name.
    pub const fn both(name: &'static str, sigs: &'static [&'static str], run: Run) -> Def {
        Def {
            name,
            sigs,
            method: Method::Derived,
            function: Function::Torch,
            run,
        }
    }

    /// A Tensor method only (its signature still written with `Tensor input` first).
    pub const fn method(name: &'static str, sigs: &'static [&'static str], run: Run) -> Def {
        Def {
            function: Function::Absent,
            ..Def::both(name, sigs, run)
        }
    }

    /// A `torch` function only.
    pub const fn function(name: &'static str, sigs: &'static [&'static str], run: Run) -> Def {
        Def {
            method: Method::Absent,
            ..Def::both(name, sigs, run)
        }
    }

    /// A method that takes no arguments (`Tensor.neg()`: CPython's `METH_NOARGS`) and the `torch`
    /// function `sigs`.
    pub const fn noargs(
        name: &'static str,
        method: &'static str,
        sigs: &'static [&'static str],
        run: Run,
    ) -> Def {
        Def {
            method: Method::Own(method, Dialect::Positional),
            ..Def::both(name, sigs, run)
        }
    }

    /// The same operation without its `torch` function.
    pub const fn no_function(self) -> Def {
        Def {
            function: Function::Absent,
            ..self
        }
    }

    /// The same operation with a method derived from other overloads than the function's.
    pub const fn method_from(self, texts: &'static [&'static str]) -> Def {
        Def {
            method: Method::From(texts),
            ..self
        }
    }

    /// The same operation with a method of its own signature.
    pub const fn own_method(self, text: &'static str, dialect: Dialect) -> Def {
        Def {
            method: Method::Own(text, dialect),
            ..self
        }
    }

    /// A class PyTorch writes in Python (see [`Function::Class`]).
    pub const fn class(name: &'static str, text: &'static str, run: Run) -> Def {
        Def {
            name,
            sigs: &[],
            method: Method::Absent,
            function: Function::Class(text),
            run,
        }
    }

    /// A function PyTorch writes in Python, or a built-in of CPython's kind, with its own signature.
    pub const fn python(name: &'static str, text: &'static str, dialect: Dialect, run: Run) -> Def {
        Def {
            name,
            sigs: &[],
            method: Method::Absent,
            function: Function::Own(text, dialect),
            run,
        }
    }

    /// The same operation with a `torch` function of its own signature.
    pub const fn own_function(self, text: &'static str, dialect: Dialect) -> Def {
        Def {
            function: Function::Own(text, dialect),
            ..self
        }
    }
}

/// One form of a [`Def`] (method or function), its signatures parsed once.
pub(crate) struct Form {
    overloads: Overloads,
    /// Per overload of this form: the written overload it comes from.
    origin: Vec<usize>,
    /// Per overload: where each parameter of the written overload sits in this form (`None`: absent);
    /// `None` when the positions are as written.
    positions: Vec<Option<Vec<Option<usize>>>>,
    /// `self` is passed as the first argument (a method written in Python; `None` for a class's `cls`).
    self_arg: bool,
}

/// A [`Def`] with its forms prepared (built once, in the tables' `LazyLock`s).
pub(crate) struct Prepared {
    pub def: &'static Def,
    pub method: Option<Form>,
    pub function: Option<Form>,
}

/// Parsed signatures live as long as the tables that hold them (the whole run): leaking them once gives
/// [`Overloads`] the `'static` slice it binds with.
fn overloads(sigs: Vec<Sig>) -> Overloads {
    Overloads::new(Vec::leak(sigs))
}

fn own_form(text: &'static str, dialect: Dialect) -> Form {
    Form {
        overloads: overloads(vec![Sig::new(text, dialect)]),
        origin: vec![0],
        // A method without arguments: `self` is the only parameter, given separately.
        positions: vec![(dialect != Dialect::PyDef).then(|| vec![None])],
        self_arg: dialect == Dialect::PyDef,
    }
}

/// The Tensor method of torch-function overloads (see [`Method::Derived`]).
fn derived(texts: &'static [&'static str]) -> Form {
    let mut sigs = Vec::new();
    let mut origin = Vec::new();
    let mut positions = Vec::new();
    for (k, text) in texts.iter().enumerate() {
        if text.ends_with("|fnonly") {
            continue;
        }
        // A signature that does not parse is reported when the function is called (and by the
        // tables' tests).
        let Ok(parsed) = Signature::parse(text, Dialect::Torch) else {
            continue;
        };
        if let Some((method, pos)) = parsed.method_form() {
            sigs.push(Sig::from_signature(method));
            origin.push(k);
            positions.push(Some(pos));
        }
    }
    Form {
        overloads: overloads(sigs),
        origin,
        positions,
        self_arg: false,
    }
}

impl Prepared {
    pub fn new(def: &'static Def) -> Prepared {
        let written: Vec<Sig> = def.sigs.iter().map(|t| Sig::torch(t)).collect();
        let method = match def.method {
            Method::Absent => None,
            Method::Own(text, dialect) => Some(own_form(text, dialect)),
            Method::Derived => Some(derived(def.sigs)),
            Method::From(texts) => Some(derived(texts)),
        };
        let function = match def.function {
            Function::Absent => None,
            Function::Own(text, dialect) => Some(Form {
                self_arg: false,
                positions: vec![None],
                ..own_form(text, dialect)
            }),
            Function::Class(text) => Some(Form {
                self_arg: true,
                positions: vec![None],
                ..own_form(text, Dialect::PyDef)
            }),
            Function::Torch => Some(Form {
                origin: (0..written.len()).collect(),
                positions: vec![None; written.len()],
                overloads: overloads(written),
                self_arg: false,
            }),
        };
        Prepared {
            def,
            method,
            function,
        }
    }

    /// Binds `this.name(*args)`.
    pub fn bind_method(&'static self, this: &Tensor, args: Args) -> PyResult<Call<'static>> {
        let form = self.method.as_ref().ok_or_else(|| {
            exc(
                ExcKind::AttributeError,
                format!("'Tensor' object has no attribute '{}'", self.def.name),
            )
        })?;
        let mut args = args;
        if form.self_arg {
            args.pos.insert(0, Value::Tensor(this.clone()));
        }
        Call::new(form, args, Some(this.clone()))
    }

    /// Binds `torch.name(*args)`.
    pub fn bind_function(&'static self, args: Args) -> PyResult<Call<'static>> {
        let form = self.function.as_ref().ok_or_else(|| {
            exc(
                ExcKind::AttributeError,
                format!("module 'torch' has no attribute '{}'", self.def.name),
            )
        })?;
        let mut args = args;
        if form.self_arg {
            // The class itself, which the signature's `cls`/`self` names.
            args.pos.insert(0, Value::None);
        }
        Call::new(form, args, None)
    }
}

/// A call bound to one overload of a [`Def`]; arguments are read by their position in the written
/// (function) form.
pub(crate) struct Call<'a> {
    bound: Bound<'a>,
    this: Option<Tensor>,
    /// Where `self` sits among the written parameters (the method form; usually 0).
    self_at: Option<usize>,
    positions: Option<&'a [Option<usize>]>,
    which: usize,
    /// How many positional arguments were bound (a Python-level method's `self` or a class's `cls`
    /// included).
    given_positional: usize,
}

fn internal(what: String) -> crate::interp::error::Unwind {
    exc(ExcKind::RuntimeError, format!("internal: {what}"))
}

impl<'a> Call<'a> {
    fn new(form: &'a Form, args: Args, this: Option<Tensor>) -> PyResult<Call<'a>> {
        let given_positional = args.pos.len();
        let bound = form.overloads.bind(args)?;
        let k = bound.which();
        let positions = form.positions.get(k).and_then(|p| p.as_deref());
        // A derived method's `self` is the written `Tensor input`, the one parameter it has no place
        // for before any `out` (which always comes last).
        let self_at = match (&this, positions) {
            (None, _) => None,
            (Some(_), None) => Some(0),
            (Some(_), Some(p)) => p.iter().position(Option::is_none),
        };
        Ok(Call {
            which: form.origin.get(k).copied().unwrap_or(k),
            positions,
            self_at,
            this,
            bound,
            given_positional,
        })
    }

    /// Which written overload matched.
    pub fn which(&self) -> usize {
        self.which
    }

    /// The `out=` tensor of a function's call, when given.
    pub fn out(&self) -> Option<Tensor> {
        match self.bound.named("out") {
            Some(Value::Tensor(t)) => Some(t),
            _ => None,
        }
    }

    fn slot(&self, i: usize) -> Option<usize> {
        match self.positions {
            None => Some(i),
            Some(p) => p.get(i).copied().flatten(),
        }
    }

    fn at(&self, i: usize) -> PyResult<usize> {
        self.slot(i)
            .ok_or_else(|| internal(format!("argument {i} is not part of this form")))
    }

    /// The value given (the method's `self` at 0); `None` when absent or `None`.
    pub fn value(&self, i: usize) -> Option<Value> {
        if Some(i) == self.self_at
            && let Some(t) = &self.this
        {
            return Some(Value::Tensor(t.clone()));
        }
        match self.slot(i).and_then(|s| self.bound.value(s)) {
            Some(Value::None) | None => None,
            other => other,
        }
    }

    /// The value given, or the parameter's default as written (`None` for none).
    pub fn value_or_default(&self, i: usize) -> PyResult<Value> {
        if Some(i) == self.self_at
            && let Some(t) = &self.this
        {
            return Ok(Value::Tensor(t.clone()));
        }
        self.bound.value_or_default(self.at(i)?)
    }

    /// The input tensor (the method's `self`).
    pub fn this(&self) -> PyResult<Tensor> {
        match self.self_at {
            Some(i) => self.tensor(i),
            None => self.tensor(0),
        }
    }

    /// Whether the `int[]` at `i` was given as loose ints (`torch.Tensor(2)`), not one sequence.
    pub fn packed(&self, i: usize) -> bool {
        self.slot(i).is_some_and(|s| self.bound.packed(s))
    }

    /// How many positional arguments were bound (see the field).
    pub fn given_positional(&self) -> usize {
        self.given_positional
    }

    /// Whether this is the Tensor method (not the `torch` function).
    pub fn is_method(&self) -> bool {
        self.this.is_some()
    }

    pub fn tensor(&self, i: usize) -> PyResult<Tensor> {
        if Some(i) == self.self_at
            && let Some(t) = &self.this
        {
            return Ok(t.clone());
        }
        self.bound.tensor(self.at(i)?)
    }

    pub fn opt_tensor(&self, i: usize) -> PyResult<Option<Tensor>> {
        match self.value(i) {
            None => Ok(None),
            Some(_) => self.tensor(i).map(Some),
        }
    }

    pub fn int(&self, i: usize) -> PyResult<i64> {
        self.bound.int(self.at(i)?)
    }

    pub fn opt_int(&self, i: usize) -> PyResult<Option<i64>> {
        self.bound.opt_int(self.at(i)?)
    }

    pub fn float(&self, i: usize) -> PyResult<f64> {
        self.bound.float(self.at(i)?)
    }

    pub fn opt_float(&self, i: usize) -> PyResult<Option<f64>> {
        self.bound.opt_float(self.at(i)?)
    }

    pub fn bool(&self, i: usize) -> PyResult<bool> {
        self.bound.bool(self.at(i)?)
    }

    pub fn scalar(&self, i: usize) -> PyResult<Scalar> {
        self.bound.scalar(self.at(i)?)
    }

    pub fn opt_scalar(&self, i: usize) -> PyResult<Option<Scalar>> {
        self.bound.opt_scalar(self.at(i)?)
    }

    /// A `ScalarType?` argument; absent in this form counts as not given.
    pub fn dtype(&self, i: usize) -> PyResult<Option<DType>> {
        match self.slot(i) {
            Some(s) => self.bound.dtype(s),
            None => Ok(None),
        }
    }

    pub fn str(&self, i: usize) -> PyResult<Option<Rc<str>>> {
        self.bound.str(self.at(i)?)
    }

    pub fn int_list(&self, i: usize) -> PyResult<Vec<i64>> {
        self.bound.int_list(self.at(i)?)
    }

    /// The symbols of an `int[]` argument's items (see `Bound::int_list_syms`).
    pub fn int_list_syms(&self, i: usize) -> Vec<Option<crate::tensor::sym::Sym>> {
        self.at(i)
            .map(|k| self.bound.int_list_syms(k))
            .unwrap_or_default()
    }

    /// The symbol of an `int` argument.
    pub fn int_sym(&self, i: usize) -> Option<crate::tensor::sym::Sym> {
        self.at(i).ok().and_then(|k| self.bound.int_sym(k))
    }

    pub fn opt_int_list(&self, i: usize) -> PyResult<Option<Vec<i64>>> {
        self.bound.opt_int_list(self.at(i)?)
    }

    pub fn tensors(&self, i: usize) -> PyResult<Vec<Tensor>> {
        self.bound.tensors(self.at(i)?)
    }

    /// `*args` of a signature written in Python.
    pub fn varargs(&self) -> Vec<Value> {
        self.bound.varargs()
    }

    /// `requires_grad=` of a factory, if the form has it.
    pub fn requires_grad(&self, i: usize) -> PyResult<bool> {
        match self.slot(i) {
            Some(s) if self.bound.has(s) => self.bound.bool(s),
            _ => Ok(false),
        }
    }
}

/// Checks a table entry's signatures: every text parses, and a derived method has an overload.
#[cfg(test)]
pub(crate) fn check_def(def: &Def) -> Result<(), String> {
    let parse = |text: &'static str, dialect: Dialect| {
        Signature::parse(text, dialect)
            .map(|_| ())
            .map_err(|e| format!("{}: {e}", def.name))
    };
    for text in def.sigs {
        parse(text, Dialect::Torch)?;
    }
    match def.method {
        Method::Own(text, dialect) => parse(text, dialect)?,
        Method::From(texts) => {
            for text in texts {
                parse(text, Dialect::Torch)?;
            }
        }
        Method::Derived => {
            if !def.sigs.iter().any(|t| {
                Signature::parse(t, Dialect::Torch).is_ok_and(|s| s.method_form().is_some())
            }) {
                return Err(format!("{}: no overload has a method form", def.name));
            }
        }
        Method::Absent => {}
    }
    match def.function {
        Function::Own(text, dialect) => parse(text, dialect)?,
        Function::Class(text) => parse(text, Dialect::PyDef)?,
        Function::Torch if def.sigs.is_empty() => {
            return Err(format!(
                "{}: a torch function without a signature",
                def.name
            ));
        }
        _ => {}
    }
    Ok(())
}
