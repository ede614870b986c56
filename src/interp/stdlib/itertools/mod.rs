//! `itertools`, after CPython 3.11's `Modules/itertoolsmodule.c`. Every iterator here is lazy (an
//! [`Iter::Lazy`]): it pulls from its sources only as it is asked for items, so `count()`, `cycle()` and
//! `repeat()` are infinite and cost nothing until consumed, and each item is a step the interpreter
//! counts. The combinatoric iterators take their inputs whole, as CPython does, and produce their
//! tuples one at a time by CPython's index algorithms, so the order is CPython's.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rustpython_parser::ast::Operator;

use super::super::Interpreter;
use super::super::args::Bound;
use super::super::args::Dialect::{Clinic, Unpack};
use super::super::builtins::{Def, seq_iter};
use super::super::convert::index_of;
use super::super::error::{PyResult, type_error, value_error};
use super::super::native::{NativeObject, NativeType};
use super::super::value::{Args, LazyIter, Value};

mod combinatorics;

use combinatorics::{combinations, combinations_with_replacement, permutations, product};

pub(super) static DEFS: [Def; 19] = [
    Def::new("count(start=0, step=1)", Clinic, count),
    Def::new("cycle(iterable, /)", Clinic, cycle),
    Def::new("repeat(object, times=None)", Clinic, repeat),
    Def::new(
        "islice(iterable, start, stop=None, step=None, /)",
        Unpack,
        islice,
    ),
    Def::new(
        "zip_longest(*iterables, fillvalue=None)",
        Unpack,
        zip_longest,
    ),
    Def::new("product(*iterables, repeat=1)", Unpack, product),
    Def::new("permutations(iterable, r=None)", Clinic, permutations),
    Def::new("combinations(iterable, r)", Clinic, combinations),
    Def::new(
        "combinations_with_replacement(iterable, r)",
        Clinic,
        combinations_with_replacement,
    ),
    Def::new(
        "accumulate(iterable, func=None, *, initial=None)",
        Clinic,
        accumulate,
    ),
    Def::new("groupby(iterable, key=None)", Clinic, groupby),
    Def::new("starmap(function, iterable, /)", Clinic, starmap),
    Def::new("takewhile(predicate, iterable, /)", Clinic, |i, a| {
        while_(i, a, true)
    }),
    Def::new("dropwhile(predicate, iterable, /)", Clinic, |i, a| {
        while_(i, a, false)
    }),
    Def::new("filterfalse(function, iterable, /)", Clinic, filterfalse),
    Def::new("compress(data, selectors)", Clinic, compress),
    Def::new("pairwise(iterable, /)", Clinic, pairwise),
    Def::new("tee(iterable, n=2, /)", Clinic, tee),
    Def::new(
        "chain.from_iterable(iterable, /)",
        Clinic,
        chain_from_iterable,
    ),
];

pub(super) fn attrs() -> Vec<(&'static str, Value)> {
    let mut out: Vec<(&'static str, Value)> = DEFS
        .iter()
        .filter(|d| d.name() != "from_iterable")
        .map(|d| (d.name(), d.value()))
        .collect();
    out.push(("chain", Value::Native(Rc::new(ChainClass))));
    out
}

fn call(interp: &mut Interpreter, f: &Value, args: Vec<Value>) -> PyResult<Value> {
    interp.call_value(f.clone(), Args::new(args))
}

fn truthy_call(interp: &mut Interpreter, f: &Value, x: &Value) -> PyResult<bool> {
    let v = call(interp, f, vec![x.clone()])?;
    interp.truthy(&v)
}

// ---- infinite iterators ----

struct Count {
    next: Value,
    step: Value,
}

impl LazyIter for Count {
    fn type_name(&self) -> &'static str {
        "itertools.count"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        let v = self.next.clone();
        self.next = interp.binary_op(Operator::Add, v.clone(), self.step.clone())?;
        Ok(Some(v))
    }
}

fn is_number(v: &Value) -> bool {
    matches!(v, Value::Int(..) | Value::Float(_) | Value::Bool(_))
}

fn count(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let start = a.value(0).unwrap_or(Value::int(0));
    let step = a.value(1).unwrap_or(Value::int(1));
    if !is_number(&start) || !is_number(&step) {
        return Err(type_error("a number is required"));
    }
    Ok(Value::lazy(Count { next: start, step }))
}

struct Cycle {
    source: Option<Value>,
    saved: Vec<Value>,
    pos: usize,
}

impl LazyIter for Cycle {
    fn type_name(&self) -> &'static str {
        "itertools.cycle"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        if let Some(src) = &self.source {
            match interp.next(src)? {
                Some(v) => {
                    super::super::reserve_values(1)?;
                    self.saved.push(v.clone());
                    return Ok(Some(v));
                }
                None => self.source = None,
            }
        }
        if self.saved.is_empty() {
            return Ok(None);
        }
        let v = self.saved[self.pos % self.saved.len()].clone();
        self.pos += 1;
        Ok(Some(v))
    }
}

fn cycle(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let source = interp.iter(&a.arg(0)?)?;
    Ok(Value::lazy(Cycle {
        source: Some(source),
        saved: Vec::new(),
        pos: 0,
    }))
}

struct Repeat {
    object: Value,
    left: Option<i64>,
}

impl LazyIter for Repeat {
    fn type_name(&self) -> &'static str {
        "itertools.repeat"
    }
    fn next(&mut self, _: &mut Interpreter) -> PyResult<Option<Value>> {
        match &mut self.left {
            Some(0) => Ok(None),
            Some(n) => {
                *n -= 1;
                Ok(Some(self.object.clone()))
            }
            None => Ok(Some(self.object.clone())),
        }
    }
}

fn repeat(_: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let left = match a.value(1) {
        Some(v) => Some(
            index_of(&v)?
                .ok_or_else(|| {
                    type_error(format!(
                        "'{}' object cannot be interpreted as an integer",
                        v.type_name()
                    ))
                })?
                .max(0),
        ),
        None => None,
    };
    Ok(Value::lazy(Repeat {
        object: a.arg(0)?,
        left,
    }))
}

// ---- iterators over iterators ----

/// `chain(*iterables)` and `chain.from_iterable(iterable)`: the sources are themselves taken lazily.
struct Chain {
    sources: Value,
    current: Option<Value>,
}

impl LazyIter for Chain {
    fn type_name(&self) -> &'static str {
        "itertools.chain"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        loop {
            if let Some(cur) = &self.current {
                if let Some(v) = interp.next(cur)? {
                    return Ok(Some(v));
                }
                self.current = None;
            }
            match interp.next(&self.sources)? {
                Some(src) => self.current = Some(interp.iter(&src)?),
                None => return Ok(None),
            }
        }
    }
}

fn chain_from_iterable(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let sources = interp.iter(&a.arg(0)?)?;
    Ok(Value::lazy(Chain {
        sources,
        current: None,
    }))
}

/// `itertools.chain`: a class (callable, with `from_iterable`).
struct ChainClass;

impl NativeObject for ChainClass {
    fn native_type(&self) -> &'static dyn NativeType {
        &CHAIN_CLASS
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

struct ChainClassType;
static CHAIN_CLASS: ChainClassType = ChainClassType;

impl NativeType for ChainClassType {
    fn name(&self, _obj: &Value) -> String {
        "type".into()
    }
    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        _obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        Ok(match name {
            "from_iterable" => Some(DEFS[18].value()),
            "__name__" => Some(Value::str("chain")),
            _ => None,
        })
    }
    fn call(&self, _interp: &mut Interpreter, _obj: &Value, args: Args) -> PyResult<Value> {
        if let Some((k, _)) = args.kw.first() {
            let _ = k;
            return Err(type_error("chain() takes no keyword arguments"));
        }
        Ok(Value::lazy(Chain {
            sources: seq_iter(args.pos),
            current: None,
        }))
    }
    fn repr(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(Some("<class 'itertools.chain'>".into()))
    }
}

struct Islice {
    source: Value,
    next: i64,
    stop: Option<i64>,
    step: i64,
    count: i64,
}

impl LazyIter for Islice {
    fn type_name(&self) -> &'static str {
        "itertools.islice"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        while self.count < self.next {
            if interp.next(&self.source)?.is_none() {
                return Ok(None);
            }
            self.count += 1;
        }
        if self.stop.is_some_and(|s| self.count >= s) {
            return Ok(None);
        }
        let Some(v) = interp.next(&self.source)? else {
            return Ok(None);
        };
        self.count += 1;
        let old = self.next;
        self.next = self.next.saturating_add(self.step);
        if let Some(s) = self.stop
            && (self.next < old || self.next > s)
        {
            self.next = s;
        }
        Ok(Some(v))
    }
}

fn islice(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let source = interp.iter(&a.arg(0)?)?;
    let index = |v: Option<Value>, msg: &str| -> PyResult<Option<i64>> {
        match v {
            None | Some(Value::None) => Ok(None),
            Some(v) => match index_of(&v)? {
                Some(i) if i >= 0 => Ok(Some(i)),
                _ => Err(value_error(msg.to_string())),
            },
        }
    };
    let (start, stop, step) = if a.has(2) || a.has(3) {
        let indices = "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.";
        let start = index(a.value(1), indices)?.unwrap_or(0);
        let stop = index(a.value(2), indices)?;
        let step = match a.value(3) {
            None | Some(Value::None) => 1,
            Some(v) => match index_of(&v)? {
                Some(s) if s > 0 => s,
                _ => {
                    return Err(value_error(
                        "Step for islice() must be a positive integer or None.",
                    ));
                }
            },
        };
        (start, stop, step)
    } else {
        let stop = index(
            a.value(1),
            "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.",
        )?;
        (0, stop, 1)
    };
    Ok(Value::lazy(Islice {
        source,
        next: start,
        stop,
        step,
        count: 0,
    }))
}

struct ZipLongest {
    sources: Vec<Option<Value>>,
    active: usize,
    fill: Value,
}

impl LazyIter for ZipLongest {
    fn type_name(&self) -> &'static str {
        "itertools.zip_longest"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        if self.sources.is_empty() || self.active == 0 {
            return Ok(None);
        }
        let mut row = Vec::with_capacity(self.sources.len());
        for slot in self.sources.iter_mut() {
            let item = match slot {
                Some(src) => match interp.next(src)? {
                    Some(v) => v,
                    None => {
                        *slot = None;
                        self.active -= 1;
                        if self.active == 0 {
                            return Ok(None);
                        }
                        self.fill.clone()
                    }
                },
                None => self.fill.clone(),
            };
            row.push(item);
        }
        Ok(Some(Value::tuple(row)))
    }
}

fn zip_longest(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let fill = a.value(0).unwrap_or(Value::None);
    let mut sources = Vec::new();
    for v in a.varargs() {
        sources.push(Some(interp.iter(&v)?));
    }
    Ok(Value::lazy(ZipLongest {
        active: sources.len(),
        sources,
        fill,
    }))
}

// ---- iterators with a function ----

struct Accumulate {
    source: Value,
    func: Option<Value>,
    total: Option<Value>,
    initial: Option<Value>,
}

impl LazyIter for Accumulate {
    fn type_name(&self) -> &'static str {
        "itertools.accumulate"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        if let Some(init) = self.initial.take() {
            self.total = Some(init.clone());
            return Ok(Some(init));
        }
        let Some(x) = interp.next(&self.source)? else {
            return Ok(None);
        };
        let total = match (self.total.take(), &self.func) {
            (None, _) => x,
            (Some(t), None) => interp.binary_op(Operator::Add, t, x)?,
            (Some(t), Some(f)) => call(interp, f, vec![t, x])?,
        };
        self.total = Some(total.clone());
        Ok(Some(total))
    }
}

fn accumulate(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let source = interp.iter(&a.arg(0)?)?;
    let not_none = |v: Option<Value>| v.filter(|v| !matches!(v, Value::None));
    Ok(Value::lazy(Accumulate {
        source,
        func: not_none(a.value(1)),
        total: None,
        initial: not_none(a.value(2)),
    }))
}

/// `groupby`: each group is collected when its key is reached; a group whose `groupby` has moved on
/// yields nothing more, as CPython's `_grouper` does.
struct GroupBy {
    source: Value,
    key: Option<Value>,
    /// The first item of the next group, and its key.
    pending: Option<(Value, Value)>,
    generation: Rc<Cell<u64>>,
    started: bool,
}

struct Group {
    items: std::vec::IntoIter<Value>,
    generation: Rc<Cell<u64>>,
    mine: u64,
}

impl LazyIter for Group {
    fn type_name(&self) -> &'static str {
        "itertools._grouper"
    }
    fn next(&mut self, _: &mut Interpreter) -> PyResult<Option<Value>> {
        if self.generation.get() != self.mine {
            return Ok(None);
        }
        Ok(self.items.next())
    }
}

impl GroupBy {
    fn keyed(&self, interp: &mut Interpreter, v: Value) -> PyResult<(Value, Value)> {
        let k = match &self.key {
            Some(f) => call(interp, f, vec![v.clone()])?,
            None => v.clone(),
        };
        Ok((k, v))
    }
}

impl LazyIter for GroupBy {
    fn type_name(&self) -> &'static str {
        "itertools.groupby"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        // Asking for the next group ends the current one (`gbo->currgrouper = NULL`).
        self.generation.set(self.generation.get() + 1);
        if !self.started {
            self.started = true;
            if let Some(v) = interp.next(&self.source)? {
                self.pending = Some(self.keyed(interp, v)?);
            }
        }
        let Some((key, first)) = self.pending.take() else {
            return Ok(None);
        };
        let mut items = vec![first];
        while let Some(v) = interp.next(&self.source)? {
            let (k, v) = self.keyed(interp, v)?;
            if interp.equals(&k, &key)? {
                super::super::reserve_values(1)?;
                items.push(v);
            } else {
                self.pending = Some((k, v));
                break;
            }
        }
        let group = Value::lazy(Group {
            items: items.into_iter(),
            generation: Rc::clone(&self.generation),
            mine: self.generation.get(),
        });
        Ok(Some(Value::tuple(vec![key, group])))
    }
}

fn groupby(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let source = interp.iter(&a.arg(0)?)?;
    Ok(Value::lazy(GroupBy {
        source,
        key: a.value(1).filter(|v| !matches!(v, Value::None)),
        pending: None,
        generation: Rc::new(Cell::new(0)),
        started: false,
    }))
}

struct Starmap {
    func: Value,
    source: Value,
}

impl LazyIter for Starmap {
    fn type_name(&self) -> &'static str {
        "itertools.starmap"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        let Some(item) = interp.next(&self.source)? else {
            return Ok(None);
        };
        let args = interp.collect_iter(&item)?;
        call(interp, &self.func, args).map(Some)
    }
}

fn starmap(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let source = interp.iter(&a.arg(1)?)?;
    Ok(Value::lazy(Starmap {
        func: a.arg(0)?,
        source,
    }))
}

/// `takewhile` (`take`) and `dropwhile`.
struct While {
    pred: Value,
    source: Value,
    take: bool,
    /// takewhile: the predicate failed; dropwhile: it has failed once, so everything passes.
    switched: bool,
}

impl LazyIter for While {
    fn type_name(&self) -> &'static str {
        if self.take {
            "itertools.takewhile"
        } else {
            "itertools.dropwhile"
        }
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        if self.take && self.switched {
            return Ok(None);
        }
        loop {
            let Some(v) = interp.next(&self.source)? else {
                return Ok(None);
            };
            if !self.take && self.switched {
                return Ok(Some(v));
            }
            let ok = truthy_call(interp, &self.pred, &v)?;
            match (self.take, ok) {
                (true, true) => return Ok(Some(v)),
                (true, false) => {
                    self.switched = true;
                    return Ok(None);
                }
                (false, true) => continue,
                (false, false) => {
                    self.switched = true;
                    return Ok(Some(v));
                }
            }
        }
    }
}

fn while_(interp: &mut Interpreter, a: Bound, take: bool) -> PyResult<Value> {
    let source = interp.iter(&a.arg(1)?)?;
    Ok(Value::lazy(While {
        pred: a.arg(0)?,
        source,
        take,
        switched: false,
    }))
}

struct FilterFalse {
    func: Option<Value>,
    source: Value,
}

impl LazyIter for FilterFalse {
    fn type_name(&self) -> &'static str {
        "itertools.filterfalse"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        while let Some(v) = interp.next(&self.source)? {
            let ok = match &self.func {
                Some(f) => truthy_call(interp, f, &v)?,
                None => interp.truthy(&v)?,
            };
            if !ok {
                return Ok(Some(v));
            }
        }
        Ok(None)
    }
}

fn filterfalse(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let source = interp.iter(&a.arg(1)?)?;
    Ok(Value::lazy(FilterFalse {
        func: a.value(0).filter(|v| !matches!(v, Value::None)),
        source,
    }))
}

struct Compress {
    data: Value,
    selectors: Value,
}

impl LazyIter for Compress {
    fn type_name(&self) -> &'static str {
        "itertools.compress"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        loop {
            let Some(d) = interp.next(&self.data)? else {
                return Ok(None);
            };
            let Some(s) = interp.next(&self.selectors)? else {
                return Ok(None);
            };
            if interp.truthy(&s)? {
                return Ok(Some(d));
            }
        }
    }
}

fn compress(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let data = interp.iter(&a.arg(0)?)?;
    let selectors = interp.iter(&a.arg(1)?)?;
    Ok(Value::lazy(Compress { data, selectors }))
}

struct Pairwise {
    source: Value,
    last: Option<Value>,
}

impl LazyIter for Pairwise {
    fn type_name(&self) -> &'static str {
        "itertools.pairwise"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        let prev = match self.last.take() {
            Some(v) => v,
            None => match interp.next(&self.source)? {
                Some(v) => v,
                None => return Ok(None),
            },
        };
        let Some(v) = interp.next(&self.source)? else {
            return Ok(None);
        };
        self.last = Some(v.clone());
        Ok(Some(Value::tuple(vec![prev, v])))
    }
}

fn pairwise(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let source = interp.iter(&a.arg(0)?)?;
    Ok(Value::lazy(Pairwise { source, last: None }))
}

/// The items `tee`'s iterators share: each reads the buffer at its own position.
struct TeeShared {
    source: Value,
    buffer: Vec<Value>,
}

struct Tee {
    shared: Rc<RefCell<TeeShared>>,
    pos: usize,
}

impl LazyIter for Tee {
    fn type_name(&self) -> &'static str {
        "itertools._tee"
    }
    fn next(&mut self, interp: &mut Interpreter) -> PyResult<Option<Value>> {
        let buffered = self.shared.borrow().buffer.get(self.pos).cloned();
        let v = match buffered {
            Some(v) => v,
            None => {
                let source = self.shared.borrow().source.clone();
                let Some(v) = interp.next(&source)? else {
                    return Ok(None);
                };
                super::super::reserve_values(1)?;
                self.shared.borrow_mut().buffer.push(v.clone());
                v
            }
        };
        self.pos += 1;
        Ok(Some(v))
    }
}

fn tee(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let n = match a.value(1) {
        Some(v) => index_of(&v)?.ok_or_else(|| {
            type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                v.type_name()
            ))
        })?,
        None => 2,
    };
    if n < 0 {
        return Err(value_error("n must be >= 0"));
    }
    let source = interp.iter(&a.arg(0)?)?;
    let shared = Rc::new(RefCell::new(TeeShared {
        source,
        buffer: Vec::new(),
    }));
    Ok(Value::tuple(
        (0..n)
            .map(|_| {
                Value::lazy(Tee {
                    shared: Rc::clone(&shared),
                    pos: 0,
                })
            })
            .collect(),
    ))
}
