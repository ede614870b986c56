//! Python values. Mutable containers are shared (`Rc<RefCell<..>>`) so aliasing behaves as in Python.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use rustpython_parser::ast;

use crate::tensor::sym::{Axes, Sym};
use crate::tensor::{DType, Tensor};

use super::Interpreter;
use super::error::PyResult;
use super::native::{NativeObject, NativeType};

pub type NativeFn = fn(&mut Interpreter, Args) -> PyResult<Value>;

/// What a built-in runs: a plain function, or a closure that carries what the binding table knew when it
/// made the built-in (its name, the function it forwards to).
pub type BuiltinFn = Box<dyn Fn(&mut Interpreter, Args) -> PyResult<Value>>;

/// The bits of a [`Value::DictView`]'s tag that say which view it is: keys (0), values (1), items (2).
pub const VIEW_KIND: u8 = 3;
/// The bit of a [`Value::DictView`]'s tag set on the views of an `OrderedDict`.
pub const VIEW_OF_ORDERED: u8 = 4;

#[derive(Clone)]
pub enum Value {
    None,
    Bool(bool),
    /// An int, with the symbol of the size it is when dataflow proved one (`bs`, `hid_dim/n_heads`; see
    /// `tensor::sym`). The symbol never changes what Python sees: equality, hashing and printing use the value.
    Int(i64, Option<Sym>),
    Float(f64),
    Str(Rc<str>),
    List(Rc<RefCell<Seq>>),
    Tuple(Rc<Seq>),
    Dict(Rc<RefCell<Dict>>),
    Set(Rc<RefCell<Dict>>),
    /// `frozenset`: a set no method changes, hashable (its items, never mutated after it is built).
    FrozenSet(Rc<RefCell<Dict>>),
    Range(i64, i64, i64),
    Slice(Rc<(Value, Value, Value)>),
    Ellipsis,
    Tensor(Tensor),
    /// `torch.Size`: a tuple of ints that prints as `torch.Size([..])`.
    Size(Rc<SizeValue>),
    DType(DType),
    Function(Rc<Function>),
    Builtin(Rc<Builtin>),
    /// A method of a native value (`t.view`, `s.split`, `d.items`) bound to its receiver.
    NativeMethod(Rc<(Value, Rc<str>)>),
    /// A Python function bound to an instance.
    BoundMethod(Rc<(Value, Value)>),
    Class(Rc<Class>),
    Instance(Rc<Instance>),
    Module(Rc<Module>),
    Iterator(Rc<RefCell<Iter>>),
    /// `super()` bound to (class where the method was defined, instance).
    Super(Rc<(Rc<Class>, Value)>),
    /// `dict.keys()` (0), `.values()` (1), `.items()` (2): live views of a dict.
    /// The low bits ([`VIEW_KIND`]) say which view; [`VIEW_OF_ORDERED`] marks an `OrderedDict`'s
    /// (`odict_keys`).
    DictView(Rc<RefCell<Dict>>, u8),
    /// A value of a type defined by a binding module (see `interp::native`).
    Native(Rc<dyn NativeObject>),
    /// `staticmethod`, `classmethod` or `property` (see `interp::descriptors`).
    Descriptor(Rc<super::descriptors::Descriptor>),
}

/// The items of a list or a tuple. It reads as the `Vec` it wraps; what it adds is how it is dropped.
/// Not `Clone` on purpose: `seq.clone()` reaches the `Vec` through `Deref` and copies the items out.
#[derive(Default)]
pub struct Seq(pub Vec<Value>);

impl Seq {
    /// The items, moved out.
    pub fn into_vec(mut self) -> Vec<Value> {
        std::mem::take(&mut self.0)
    }
}

impl std::ops::Deref for Seq {
    type Target = Vec<Value>;
    fn deref(&self) -> &Vec<Value> {
        &self.0
    }
}

impl std::ops::DerefMut for Seq {
    fn deref_mut(&mut self) -> &mut Vec<Value> {
        &mut self.0
    }
}

impl From<Vec<Value>> for Seq {
    fn from(items: Vec<Value>) -> Seq {
        Seq(items)
    }
}

/// A list nested ten million deep (`x = [x]` in a loop) would be dropped by ten million nested calls and
/// overflow the stack. Dropping a `Seq`, a [`Dict`] or an [`Instance`] instead takes apart, in a loop with
/// its own work list, every list, tuple, dict, set and instance inside it that nothing else holds.
impl Drop for Seq {
    fn drop(&mut self) {
        if self.0.iter().any(owns_nested) {
            dismantle(std::mem::take(&mut self.0));
        }
    }
}

impl Drop for Dict {
    fn drop(&mut self) {
        if self
            .entries
            .iter()
            .any(|(k, v)| owns_nested(k) || owns_nested(v))
        {
            let entries = std::mem::take(&mut self.entries);
            dismantle(entries.into_iter().flat_map(|(k, v)| [k, v]).collect());
        }
    }
}

/// Drops `work` and everything only it holds, without recursion: each container whose last holder is
/// being dropped gives its items to the work list and is then dropped empty.
fn dismantle(mut work: Vec<Value>) {
    while let Some(v) = work.pop() {
        match v {
            Value::List(rc) => {
                if let Ok(cell) = Rc::try_unwrap(rc) {
                    work.append(&mut cell.into_inner().0);
                }
            }
            Value::Tuple(rc) => {
                if let Ok(mut seq) = Rc::try_unwrap(rc) {
                    work.append(&mut seq.0);
                }
            }
            Value::Dict(rc) | Value::Set(rc) | Value::FrozenSet(rc) => {
                if let Ok(cell) = Rc::try_unwrap(rc) {
                    let mut dict = cell.into_inner();
                    for (k, v) in std::mem::take(&mut dict.entries) {
                        work.push(k);
                        work.push(v);
                    }
                }
            }
            Value::Instance(rc) => {
                if let Ok(inst) = Rc::try_unwrap(rc)
                    && let Ok(cell) = Rc::try_unwrap(inst.attrs)
                {
                    let mut dict = cell.into_inner();
                    for (k, v) in std::mem::take(&mut dict.entries) {
                        work.push(k);
                        work.push(v);
                    }
                }
            }
            other => drop(other),
        }
    }
}

/// Whether dropping `v` would drop a container (the last holder of a nested list, tuple, dict, set or
/// instance).
fn owns_nested(v: &Value) -> bool {
    match v {
        Value::List(rc) => Rc::strong_count(rc) == 1,
        Value::Tuple(rc) => Rc::strong_count(rc) == 1,
        Value::Dict(rc) | Value::Set(rc) | Value::FrozenSet(rc) => Rc::strong_count(rc) == 1,
        Value::Instance(rc) => Rc::strong_count(rc) == 1,
        _ => false,
    }
}

pub struct Function {
    pub name: Rc<str>,
    pub params: Vec<Param>,
    pub vararg: Option<Rc<str>>,
    pub kwarg: Option<Rc<str>>,
    pub body: Rc<Vec<ast::Stmt>>,
    /// For a lambda: its expression body.
    pub expr_body: Option<Rc<ast::Expr>>,
    /// The enclosing function scopes (closures) captured at definition time.
    pub closure: Option<Rc<RefCell<Scope>>>,
    /// The class the function was defined in (for `super()`).
    pub defining_class: RefCell<Option<Rc<Class>>>,
    pub file: Rc<str>,
    pub line_index: Rc<super::source::LineIndex>,
    /// For a generator function (its body has `yield`): the statements a `yield` is in.
    pub generator: Option<Rc<super::generator::YieldSites>>,
}

impl Function {
    /// `__qualname__`: `Class.method` for methods, as Python names them in error messages.
    pub fn qualname(&self) -> String {
        match self.defining_class.borrow().as_ref() {
            Some(c) => format!("{}.{}", c.name, self.name),
            None => self.name.to_string(),
        }
    }
}

pub struct Param {
    pub name: Rc<str>,
    pub default: Option<Value>,
    pub kw_only: bool,
}

/// A function scope: local variables plus the enclosing scope for closures.
#[derive(Default)]
pub struct Scope {
    pub vars: HashMap<Rc<str>, Value>,
    pub parent: Option<Rc<RefCell<Scope>>>,
    pub globals_declared: Vec<Rc<str>>,
    pub nonlocals_declared: Vec<Rc<str>>,
    /// Class bodies: functions defined here don't close over this scope (Python's rule).
    pub is_class: bool,
}

pub struct Builtin {
    pub name: &'static str,
    pub func: BuiltinFn,
    /// For a built-in that is a type (`int`, `torch.Tensor`): its qualified name, printed as
    /// `<class '...'>`.
    pub type_qualname: Option<&'static str>,
    /// A function its library writes in Python (`F.relu`, `torch.nn.init.normal_`): `type()` says
    /// `function` and it prints as `<function relu>`, as a cell's own functions do.
    pub python: bool,
}

impl Builtin {
    pub fn new(name: &'static str, func: NativeFn) -> Builtin {
        Builtin {
            name,
            func: Box::new(func),
            type_qualname: None,
            python: false,
        }
    }
}

pub struct Class {
    pub name: Rc<str>,
    pub bases: Vec<Rc<Class>>,
    pub attrs: RefCell<Vec<(Rc<str>, Value)>>,
    /// Native classes (nn.Linear, exceptions) carry a tag the bindings dispatch on.
    pub native: Option<&'static str>,
    /// The slots of native classes whose instances behave natively (nn modules); inherited.
    pub slots: Option<&'static dyn NativeType>,
}

impl Class {
    /// Method resolution order: depth-first, left to right, without duplicates (enough for single inheritance
    /// and simple mixins).
    pub fn mro(self: &Rc<Self>) -> Vec<Rc<Class>> {
        let mut out: Vec<Rc<Class>> = Vec::new();
        fn walk(c: &Rc<Class>, out: &mut Vec<Rc<Class>>) {
            if out.iter().any(|x| Rc::ptr_eq(x, c)) {
                return;
            }
            out.push(Rc::clone(c));
            for b in &c.bases {
                walk(b, out);
            }
        }
        walk(self, &mut out);
        out
    }

    pub fn lookup(self: &Rc<Self>, name: &str) -> Option<(Rc<Class>, Value)> {
        for c in self.mro() {
            if let Some((_, v)) = c.attrs.borrow().iter().find(|(k, _)| &**k == name) {
                return Some((Rc::clone(&c), v.clone()));
            }
        }
        None
    }

    pub fn is_subclass_of(self: &Rc<Self>, other: &Rc<Class>) -> bool {
        self.mro().iter().any(|c| Rc::ptr_eq(c, other))
    }

    /// The first native tag in the MRO (e.g. "Linear" for a subclass of nn.Linear).
    pub fn native_tag(self: &Rc<Self>) -> Option<&'static str> {
        self.mro().iter().find_map(|c| c.native)
    }

    /// The native slots of this class or its nearest native base.
    pub fn slots(self: &Rc<Self>) -> Option<&'static dyn NativeType> {
        if let Some(s) = self.slots {
            return Some(s);
        }
        self.mro().iter().find_map(|c| c.slots)
    }

    pub fn has_native(self: &Rc<Self>, tag: &str) -> bool {
        self.mro().iter().any(|c| c.native == Some(tag))
    }
}

/// An instance's class: replaceable, as `obj.__class__ = Other` replaces it in Python (PyTorch's lazy
/// modules become their plain class after their first call: `LazyLinear` turns into `Linear`).
pub struct ClassCell(RefCell<Rc<Class>>);

impl ClassCell {
    pub fn new(class: Rc<Class>) -> ClassCell {
        ClassCell(RefCell::new(class))
    }
}

pub struct Instance {
    /// Read with [`Instance::class`], replaced with [`Instance::set_class`].
    pub class: ClassCell,
    /// The instance's `__dict__`: attributes in assignment order (PyTorch registers submodules and
    /// parameters in this order). Shared with the dict `obj.__dict__` and `vars(obj)` return, so writing
    /// through them (`self.__dict__.update(kwargs)`) sets attributes, as in Python.
    pub attrs: Rc<RefCell<Dict>>,
}

/// An instance `__dict__` holding `items` (attribute names and values, in order).
pub fn new_attrs(items: Vec<(Rc<str>, Value)>) -> Rc<RefCell<Dict>> {
    let mut dict = Dict::default();
    for (k, v) in items {
        let hk = HashKey::Str(Rc::clone(&k));
        if let Some(&i) = dict.index.get(&hk) {
            dict.entries[i].1 = v;
        } else {
            dict.index.insert(hk, dict.entries.len());
            dict.entries.push((Value::Str(k), v));
        }
    }
    Rc::new(RefCell::new(dict))
}

impl Instance {
    /// The instance's class now.
    pub fn class(&self) -> Rc<Class> {
        Rc::clone(&self.class.0.borrow())
    }

    /// Makes `class` the instance's class from now on.
    pub fn set_class(&self, class: Rc<Class>) {
        *self.class.0.borrow_mut() = class;
    }

    pub fn new(class: Rc<Class>, items: Vec<(Rc<str>, Value)>) -> Instance {
        Instance {
            class: ClassCell::new(class),
            attrs: new_attrs(items),
        }
    }

    pub fn get(&self, name: &str) -> Option<Value> {
        // A linear scan (an instance has a handful of attributes) spares building a key per lookup.
        self.attrs
            .borrow()
            .entries
            .iter()
            .find(|(k, _)| matches!(k, Value::Str(s) if &**s == name))
            .map(|(_, v)| v.clone())
    }

    pub fn set(&self, name: &str, value: Value) {
        let mut attrs = self.attrs.borrow_mut();
        if let Some(slot) = attrs
            .entries
            .iter_mut()
            .find(|(k, _)| matches!(k, Value::Str(s) if &**s == name))
        {
            slot.1 = value;
        } else {
            let key: Rc<str> = Rc::from(name);
            let i = attrs.entries.len();
            attrs.index.insert(HashKey::Str(Rc::clone(&key)), i);
            attrs.entries.push((Value::Str(key), value));
        }
    }

    /// Removes the attribute `name`; false when there was none.
    pub fn remove(&self, name: &str) -> bool {
        self.attrs
            .borrow_mut()
            .remove(&HashKey::Str(Rc::from(name)))
            .is_some()
    }

    /// The attributes with string names, in order (a copy: the dict may change while they are used).
    pub fn items(&self) -> Vec<(Rc<str>, Value)> {
        self.attrs
            .borrow()
            .entries
            .iter()
            .filter_map(|(k, v)| match k {
                Value::Str(s) => Some((Rc::clone(s), v.clone())),
                _ => None,
            })
            .collect()
    }

    pub fn values(&self) -> Vec<Value> {
        self.attrs
            .borrow()
            .entries
            .iter()
            .map(|(_, v)| v.clone())
            .collect()
    }

    pub fn len(&self) -> usize {
        self.attrs.borrow().len()
    }

    pub fn is_empty(&self) -> bool {
        self.attrs.borrow().is_empty()
    }
}

pub struct Module {
    pub name: &'static str,
    pub attrs: HashMap<&'static str, Value>,
}

pub enum Iter {
    Seq {
        items: Rc<Seq>,
        pos: usize,
    },
    List {
        list: Rc<RefCell<Seq>>,
        pos: usize,
    },
    Range {
        next: i64,
        stop: i64,
        step: i64,
    },
    /// An iterator that computes each item when asked (`itertools.count`, `cycle`, `islice`), so an
    /// infinite one costs nothing until it is consumed.
    Lazy(Box<dyn LazyIter>),
    Done,
}

/// The state of a lazy iterator (see [`Iter::Lazy`]).
pub trait LazyIter {
    /// The Python type name, as error messages print it (`itertools.count`).
    fn type_name(&self) -> &'static str;
    /// The next item, or `None` when exhausted.
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>>;
}

/// Arguments of a call: positional values and keyword pairs.
#[derive(Default)]
pub struct Args {
    pub pos: Vec<Value>,
    pub kw: Vec<(Rc<str>, Value)>,
}

impl Args {
    pub fn new(pos: Vec<Value>) -> Args {
        Args {
            pos,
            kw: Vec::new(),
        }
    }
}

/// Hashable keys for dicts and sets: Python's equal-hash rule (1 == 1.0 == True) is kept by mapping
/// integral floats and bools to ints.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum HashKey {
    None,
    Int(i64),
    FloatBits(u64),
    Str(Rc<str>),
    Tuple(Vec<HashKey>),
    /// A frozenset: its items' keys in a canonical order (equal sets, equal keys).
    Frozen(Vec<HashKey>),
    /// Objects hashed by identity (instances, classes, functions, tensors).
    Id(usize),
}

/// An insertion-ordered dict.
#[derive(Default, Clone)]
pub struct Dict {
    pub entries: Vec<(Value, Value)>,
    pub index: HashMap<HashKey, usize>,
}

impl Dict {
    /// Keys in Python's iteration order. Sets of small non-negative ints iterate in ascending order in
    /// CPython (an int hashes to itself), which printed sets show; everything else keeps insertion order.
    pub fn ordered_keys(&self, is_set: bool) -> Vec<Value> {
        let keys: Vec<Value> = self.entries.iter().map(|(k, _)| k.clone()).collect();
        if is_set
            && keys
                .iter()
                .all(|k| matches!(k, Value::Int(i, _) if (0..1 << 16).contains(i)))
        {
            let mut ints: Vec<i64> = keys
                .iter()
                .filter_map(|k| {
                    if let Value::Int(i, _) = k {
                        Some(*i)
                    } else {
                        None
                    }
                })
                .collect();
            ints.sort_unstable();
            return ints.into_iter().map(Value::int).collect();
        }
        keys
    }

    /// The items a view of kind 0 (keys), 1 (values) or 2 (items) yields.
    pub fn view_items(&self, kind: u8) -> Vec<Value> {
        self.entries
            .iter()
            .map(|(k, v)| match kind & VIEW_KIND {
                0 => k.clone(),
                1 => v.clone(),
                _ => Value::tuple(vec![k.clone(), v.clone()]),
            })
            .collect()
    }

    pub fn get(&self, key: &HashKey) -> Option<&Value> {
        self.index
            .get(key)
            .and_then(|&i| self.entries.get(i))
            .map(|(_, v)| v)
    }
    /// Sets `key` to `value`. A new key that would make the dict's buffers grow asks the memory account
    /// first (a `MemoryError` instead of doubling past the budget).
    pub fn insert(&mut self, hk: HashKey, key: Value, value: Value) -> PyResult<()> {
        if let Some(&i) = self.index.get(&hk) {
            if let Some(slot) = self.entries.get_mut(i) {
                slot.1 = value;
            }
        } else {
            let (len, capacity) = (self.entries.len(), self.entries.capacity());
            if len == capacity {
                // The entries double, and so (about then) does the index.
                let per_item = std::mem::size_of::<(Value, Value)>()
                    + std::mem::size_of::<(HashKey, usize)>()
                    + 1;
                super::reserve_bytes(super::bytes_of(len.max(4), 2 * per_item, 0))?;
            }
            self.index.insert(hk, self.entries.len());
            self.entries.push((key, value));
        }
        Ok(())
    }
    pub fn remove(&mut self, hk: &HashKey) -> Option<Value> {
        let i = self.index.remove(hk)?;
        let (_, v) = self.entries.remove(i);
        for slot in self.index.values_mut() {
            if *slot > i {
                *slot -= 1;
            }
        }
        Some(v)
    }
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// A `torch.Size`: the sizes, and the symbol of each where dataflow proved one (`x.shape` of a tensor with
/// named axes). Reads as the `Vec<usize>` of sizes.
#[derive(Debug, Clone, PartialEq)]
pub struct SizeValue {
    pub dims: Vec<usize>,
    pub axes: Axes,
}

impl SizeValue {
    /// The sizes as Python ints, each keeping its symbol.
    pub fn items(&self) -> Vec<Value> {
        (0..self.dims.len())
            .map(|i| Value::size_item(self, i))
            .collect()
    }
}

impl std::ops::Deref for SizeValue {
    type Target = Vec<usize>;
    fn deref(&self) -> &Vec<usize> {
        &self.dims
    }
}

impl Value {
    /// An iterator that computes each item when asked ([`Iter::Lazy`]).
    pub fn lazy(state: impl LazyIter + 'static) -> Value {
        Value::Iterator(Rc::new(RefCell::new(Iter::Lazy(Box::new(state)))))
    }

    /// A `torch.Size` of plain sizes.
    pub fn size(dims: Vec<usize>) -> Value {
        Value::Size(Rc::new(SizeValue { dims, axes: None }))
    }
    /// A `torch.Size` whose sizes keep their symbols.
    pub fn size_with_axes(dims: Vec<usize>, axes: Axes) -> Value {
        Value::Size(Rc::new(SizeValue { dims, axes }))
    }
    /// A `torch.Size` from ints (a slice of another), keeping their symbols.
    pub fn size_from_items(items: &[Value]) -> Value {
        let mut dims = Vec::with_capacity(items.len());
        let mut syms = Vec::with_capacity(items.len());
        for v in items {
            let (n, s) = match v {
                Value::Int(n, s) => (*n, s.clone()),
                _ => (0, None),
            };
            dims.push(n.max(0) as usize);
            syms.push(s);
        }
        Value::size_with_axes(dims, crate::tensor::sym::axes(syms))
    }
    /// Item `i` of a `torch.Size` as an int that keeps its symbol (an unknown one where none is proven).
    pub fn size_item(s: &SizeValue, i: usize) -> Value {
        Value::measured(s.dims[i] as i64, crate::tensor::sym::axis(&s.axes, i))
    }
    /// A size measured from data (`len(ids)`, `x.shape[0]`): its symbol where proven, else an unknown one,
    /// never a constant (the same line gives another number at other sizes).
    pub fn measured(n: i64, sym: Option<Sym>) -> Value {
        match sym {
            Some(s) => Value::sym_int(n, Some(s)),
            None => Value::Int(n, Some(Sym::unknown())),
        }
    }
    /// A plain int (no symbol).
    pub fn int(n: i64) -> Value {
        Value::Int(n, None)
    }
    /// An int that is the size `sym` (a constant symbol is dropped: it says no more than the value).
    pub fn sym_int(n: i64, sym: Option<Sym>) -> Value {
        Value::Int(n, sym.filter(|s| s.as_constant().is_none()))
    }
    pub fn str(s: &str) -> Value {
        Value::Str(Rc::from(s))
    }
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(RefCell::new(Seq(items))))
    }
    pub fn tuple(items: Vec<Value>) -> Value {
        Value::Tuple(Rc::new(Seq(items)))
    }

    /// The Python type name, as error messages print it.
    pub fn type_name(&self) -> String {
        match self {
            Value::None => "NoneType".into(),
            Value::Bool(_) => "bool".into(),
            Value::Int(_, _) => "int".into(),
            Value::Float(_) => "float".into(),
            Value::Str(_) => "str".into(),
            Value::List(_) => "list".into(),
            Value::Tuple(_) => "tuple".into(),
            Value::Dict(_) => "dict".into(),
            Value::Set(_) => "set".into(),
            Value::FrozenSet(_) => "frozenset".into(),
            Value::Range(..) => "range".into(),
            Value::Slice(_) => "slice".into(),
            Value::Ellipsis => "ellipsis".into(),
            Value::Tensor(_) => "Tensor".into(),
            Value::Size(_) => "Size".into(),
            Value::DType(_) => "dtype".into(),
            Value::Function(_) => "function".into(),
            Value::Builtin(b) if b.python => "function".into(),
            Value::Builtin(_) => "builtin_function_or_method".into(),
            Value::NativeMethod(_) => "builtin_function_or_method".into(),
            Value::BoundMethod(_) => "method".into(),
            Value::Class(_) => "type".into(),
            Value::Instance(i) => i.class().name.to_string(),
            Value::Module(_) => "module".into(),
            Value::Iterator(it) => match it.try_borrow().as_deref() {
                Ok(Iter::Lazy(l)) => l.type_name().into(),
                _ => "iterator".into(),
            },
            Value::Super(_) => "super".into(),
            Value::Descriptor(d) => d.type_name().into(),
            Value::Native(o) => o.native_type().name(self),
            Value::DictView(_, k) => {
                let name =
                    ["dict_keys", "dict_values", "dict_items"][((k & VIEW_KIND) as usize).min(2)];
                if k & VIEW_OF_ORDERED != 0 {
                    format!("o{name}")
                } else {
                    name.into()
                }
            }
        }
    }

    pub fn identity(&self) -> Option<usize> {
        Some(match self {
            Value::List(r) => Rc::as_ptr(r) as *const () as usize,
            Value::Dict(r) | Value::Set(r) | Value::FrozenSet(r) => {
                Rc::as_ptr(r) as *const () as usize
            }
            Value::Tuple(r) => Rc::as_ptr(r) as *const () as usize,
            Value::Function(r) => Rc::as_ptr(r) as *const () as usize,
            Value::Builtin(r) => Rc::as_ptr(r) as *const () as usize,
            Value::Class(r) => Rc::as_ptr(r) as *const () as usize,
            Value::Instance(r) => Rc::as_ptr(r) as *const () as usize,
            Value::Module(r) => Rc::as_ptr(r) as *const () as usize,
            Value::Iterator(r) => Rc::as_ptr(r) as *const () as usize,
            Value::Tensor(t) => t.object_id(),
            Value::Native(o) => Rc::as_ptr(o) as *const () as usize,
            _ => return None,
        })
    }
}
