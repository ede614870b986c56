//! `random`: CPython's Mersenne Twister and the methods of `random.Random`, ported from CPython 3.11
//! (`Modules/_randommodule.c` for the generator, seeding and `getrandbits`; `Lib/random.py` for the
//! rest), so a seeded cell draws the same numbers as CPython. The module-level functions are the
//! methods of one hidden instance per interpreter, as in `random.py`; `random.Random(seed)` makes more.
//!
//! An unseeded generator (the hidden one, or `Random()`) is seeded from the clock, as CPython falls back
//! to when it has no `urandom`: numbers differ from run to run, as a learner expects.
//!
//! The tutor's ints are 64-bit, so `getrandbits(k)` stops at 63 bits and ranges at `i64` (an
//! `OverflowError` names the limit). Integral floats given to `randrange` are accepted as CPython 3.11
//! accepts them (its `DeprecationWarning` goes to the warnings).

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rustpython_parser::ast::Operator;

use super::super::Interpreter;
use super::super::args::Dialect::{Positional, PyDef};
use super::super::args::{Bound, Sig};
use super::super::builtins::type_object_with;
use super::super::convert::{to_float, to_int};
use super::super::error::{ExcKind, PyResult, exc, type_error, value_error};
use super::super::native::{NativeObject, NativeType};
use super::super::value::{Args, Value};

mod mt;
mod sequences;

use mt::{Mt, N, clock_mt, seeded};
use sequences::{choice, choices, randint, randrange, sample, shuffle};
/// A `random.Random` instance.
pub(crate) struct RandomObj {
    mt: RefCell<Mt>,
    gauss_next: Cell<Option<f64>>,
}

impl NativeObject for RandomObj {
    fn native_type(&self) -> &'static dyn NativeType {
        &RANDOM_TYPE
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl RandomObj {
    fn random(&self) -> f64 {
        self.mt.borrow_mut().random()
    }

    /// `_randbelow_with_getrandbits(n)` for n > 0.
    fn below(&self, n: i64) -> i64 {
        let k = 64 - (n as u64).leading_zeros();
        let mut mt = self.mt.borrow_mut();
        loop {
            let r = mt.bits(k) as i64;
            if r < n {
                return r;
            }
        }
    }
}

/// A method of `random.Random`: the signature CPython reports (with `self`), and the body.
struct Method {
    sig: Sig,
    body: fn(&mut Interpreter, &RandomObj, Bound) -> PyResult<Value>,
}

impl Method {
    const fn new(
        text: &'static str,
        dialect: super::super::args::Dialect,
        body: fn(&mut Interpreter, &RandomObj, Bound) -> PyResult<Value>,
    ) -> Method {
        Method {
            sig: Sig::new(text, dialect),
            body,
        }
    }

    fn call(&self, interp: &mut Interpreter, this: &Value, mut args: Args) -> PyResult<Value> {
        let Some(obj) = random_obj(this) else {
            return Err(type_error("descriptor requires a 'random.Random' object"));
        };
        // A `def` counts `self` among its positional arguments; a C method does not.
        if self.sig.signature()?.dialect == PyDef {
            args.pos.insert(0, this.clone());
        }
        let bound = self.sig.bind(args)?;
        (self.body)(interp, obj, bound)
    }
}

static METHODS: [Method; 18] = [
    Method::new("Random.seed(self, a=None, version=2)", PyDef, seed),
    Method::new("Random.random()", Positional, |_, r, _| {
        Ok(Value::Float(r.random()))
    }),
    Method::new("Random.getrandbits(k, /)", Positional, getrandbits),
    Method::new(
        "Random.randrange(self, start, stop=None, step=1)",
        PyDef,
        randrange,
    ),
    Method::new("Random.randint(self, a, b)", PyDef, randint),
    Method::new("Random.choice(self, seq)", PyDef, choice),
    Method::new(
        "Random.choices(self, population, weights=None, *, cum_weights=None, k=1)",
        PyDef,
        choices,
    ),
    Method::new("Random.shuffle(self, x)", PyDef, shuffle),
    Method::new(
        "Random.sample(self, population, k, *, counts=None)",
        PyDef,
        sample,
    ),
    Method::new("Random.uniform(self, a, b)", PyDef, uniform),
    Method::new("Random.gauss(self, mu=0.0, sigma=1.0)", PyDef, gauss),
    Method::new(
        "Random.normalvariate(self, mu=0.0, sigma=1.0)",
        PyDef,
        normalvariate,
    ),
    Method::new(
        "Random.lognormvariate(self, mu, sigma)",
        PyDef,
        lognormvariate,
    ),
    Method::new("Random.expovariate(self, lambd)", PyDef, expovariate),
    Method::new(
        "Random.triangular(self, low=0.0, high=1.0, mode=None)",
        PyDef,
        triangular,
    ),
    Method::new("Random.getstate(self)", PyDef, getstate),
    Method::new("Random.setstate(self, state)", PyDef, setstate),
    Method::new("Random.paretovariate(self, alpha)", PyDef, paretovariate),
];

fn method(name: &str) -> Option<&'static Method> {
    METHODS.iter().find(|m| m.sig.method_name() == name)
}

fn random_obj(v: &Value) -> Option<&RandomObj> {
    match v {
        Value::Native(o) => o.as_any().downcast_ref::<RandomObj>(),
        _ => None,
    }
}

struct RandomType;
static RANDOM_TYPE: RandomType = RandomType;

impl NativeType for RandomType {
    fn name(&self, _obj: &Value) -> String {
        "Random".into()
    }

    fn has_method(&self, _obj: &Value, name: &str) -> bool {
        method(name).is_some()
    }

    fn get_attr(
        &self,
        _interp: &mut Interpreter,
        obj: &Value,
        name: &str,
    ) -> PyResult<Option<Value>> {
        Ok(match name {
            "gauss_next" => Some(
                random_obj(obj)
                    .and_then(|r| r.gauss_next.get())
                    .map_or(Value::None, Value::Float),
            ),
            "VERSION" => Some(Value::int(3)),
            _ if method(name).is_some() => {
                Some(Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name)))))
            }
            _ => None,
        })
    }

    fn call_method(
        &self,
        interp: &mut Interpreter,
        obj: &Value,
        name: &str,
        args: Args,
    ) -> PyResult<Value> {
        match method(name) {
            Some(m) => m.call(interp, obj, args),
            None => Err(super::super::error::attribute_error(format!(
                "'Random' object has no attribute '{name}'"
            ))),
        }
    }

    fn repr(&self, _interp: &mut Interpreter, _obj: &Value) -> PyResult<Option<String>> {
        Ok(Some("<random.Random object>".into()))
    }
}

static INIT: Method = Method::new("Random.__init__(self, x=None)", PyDef, |_, _, _| {
    Ok(Value::None)
});

/// `random.Random(x=None)`.
fn new_random(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let placeholder = Value::Native(Rc::new(RandomObj {
        mt: RefCell::new(Mt::init_genrand(0)),
        gauss_next: Cell::new(None),
    }));
    let mut check = Args::new(args.pos.clone());
    check.kw = args.kw.clone();
    INIT.call(interp, &placeholder, check)?;
    let x = args
        .pos
        .first()
        .cloned()
        .or_else(|| args.kw.first().map(|(_, v)| v.clone()))
        .unwrap_or(Value::None);
    if let Some(r) = random_obj(&placeholder) {
        *r.mt.borrow_mut() = seeded(&x)?;
    }
    Ok(placeholder)
}

/// The hidden instance the module-level functions use (one per interpreter).
struct Shared(Value);

fn shared(interp: &mut Interpreter) -> Value {
    interp
        .extensions
        .get_or_insert_with(|| {
            Shared(Value::Native(Rc::new(RandomObj {
                mt: RefCell::new(clock_mt()),
                gauss_next: Cell::new(None),
            })))
        })
        .0
        .clone()
}

/// The module's attributes: `Random`, and each method bound to the hidden instance.
pub(super) fn attrs() -> Vec<(&'static str, Value)> {
    let mut out = vec![("Random", type_object_with("random.Random", new_random))];
    for m in &METHODS {
        let name = m.sig.method_name();
        out.push((
            name,
            super::super::builtins::builtin_with(name, move |interp, args| {
                let inst = shared(interp);
                m.call(interp, &inst, args)
            }),
        ));
    }
    out
}

fn seed(_: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let x = a.value(1).unwrap_or(Value::None);
    let mt = seeded(&x)?;
    *r.mt.borrow_mut() = mt;
    r.gauss_next.set(None);
    Ok(Value::None)
}

pub(super) fn too_big() -> super::super::error::Unwind {
    exc(
        ExcKind::OverflowError,
        "the tutor's ints are 64-bit: getrandbits() gives at most 63 bits",
    )
}

fn getrandbits(_: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let k = to_int(&a.arg(0)?, "")?;
    if k < 0 {
        return Err(value_error("number of bits must be non-negative"));
    }
    if k == 0 {
        return Ok(Value::int(0));
    }
    if k > 63 {
        return Err(too_big());
    }
    Ok(Value::int(r.mt.borrow_mut().bits(k as u32) as i64))
}

fn uniform(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let (lo, hi) = (a.arg(1)?, a.arg(2)?);
    let width = interp.binary_op(Operator::Sub, hi, lo.clone())?;
    let scaled = interp.binary_op(Operator::Mult, width, Value::Float(r.random()))?;
    interp.binary_op(Operator::Add, lo, scaled)
}

/// `mu + z * sigma` with Python's operators.
fn shift_scale(interp: &mut Interpreter, z: f64, mu: Value, sigma: Value) -> PyResult<Value> {
    let scaled = interp.binary_op(Operator::Mult, Value::Float(z), sigma)?;
    interp.binary_op(Operator::Add, mu, scaled)
}

fn mu_sigma(a: &Bound) -> (Value, Value) {
    (
        a.value(1).unwrap_or(Value::Float(0.0)),
        a.value(2).unwrap_or(Value::Float(1.0)),
    )
}

fn gauss(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let (mu, sigma) = mu_sigma(&a);
    let z = match r.gauss_next.take() {
        Some(z) => z,
        None => {
            let x2pi = r.random() * std::f64::consts::TAU;
            let g2rad = (-2.0 * (1.0 - r.random()).ln()).sqrt();
            r.gauss_next.set(Some(x2pi.sin() * g2rad));
            x2pi.cos() * g2rad
        }
    };
    shift_scale(interp, z, mu, sigma)
}

fn normal_z(r: &RandomObj) -> f64 {
    let magic = 4.0 * (-0.5f64).exp() / 2.0f64.sqrt();
    loop {
        let u1 = r.random();
        let u2 = 1.0 - r.random();
        let z = magic * (u1 - 0.5) / u2;
        let zz = z * z / 4.0;
        if zz <= -u2.ln() {
            return z;
        }
    }
}

fn normalvariate(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let (mu, sigma) = mu_sigma(&a);
    let z = normal_z(r);
    shift_scale(interp, z, mu, sigma)
}

fn lognormvariate(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let (mu, sigma) = (a.arg(1)?, a.arg(2)?);
    let z = normal_z(r);
    let x = to_float(&shift_scale(interp, z, mu, sigma)?)?;
    let y = x.exp();
    if y.is_infinite() {
        return Err(exc(ExcKind::OverflowError, "math range error"));
    }
    Ok(Value::Float(y))
}

fn expovariate(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let lambd = a.arg(1)?;
    let x = -(1.0 - r.random()).ln();
    interp.binary_op(Operator::Div, Value::Float(x), lambd)
}

fn paretovariate(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let alpha = a.arg(1)?;
    let u = 1.0 - r.random();
    let inv = interp.binary_op(Operator::Div, Value::Float(-1.0), alpha)?;
    interp.binary_op(Operator::Pow, Value::Float(u), inv)
}

fn triangular(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let low = a.value(1).unwrap_or(Value::Float(0.0));
    let high = a.value(2).unwrap_or(Value::Float(1.0));
    let mode = a.value(3).unwrap_or(Value::None);
    let mut u = r.random();
    let mut c = if matches!(mode, Value::None) {
        0.5
    } else {
        let num = interp.binary_op(Operator::Sub, mode, low.clone())?;
        let den = interp.binary_op(Operator::Sub, high.clone(), low.clone())?;
        if to_float(&den)? == 0.0 {
            return Ok(low);
        }
        to_float(&interp.binary_op(Operator::Div, num, den)?)?
    };
    let (mut low, mut high) = (low, high);
    if u > c {
        u = 1.0 - u;
        c = 1.0 - c;
        std::mem::swap(&mut low, &mut high);
    }
    let width = interp.binary_op(Operator::Sub, high, low.clone())?;
    let scaled = interp.binary_op(Operator::Mult, width, Value::Float((u * c).sqrt()))?;
    interp.binary_op(Operator::Add, low, scaled)
}

fn getstate(_: &mut Interpreter, r: &RandomObj, _: Bound) -> PyResult<Value> {
    let mt = r.mt.borrow();
    let mut words: Vec<Value> = mt.state.iter().map(|&w| Value::int(w as i64)).collect();
    words.push(Value::int(mt.index as i64));
    Ok(Value::tuple(vec![
        Value::int(3),
        Value::tuple(words),
        r.gauss_next.get().map_or(Value::None, Value::Float),
    ]))
}

fn setstate(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let state = a.arg(1)?;
    let version = interp.get_item(&state, Value::int(0))?;
    if !interp.equals(&version, &Value::int(3))? {
        let v = interp.repr(&version)?;
        return Err(value_error(format!(
            "state with version {v} passed to Random.setstate() of version 3"
        )));
    }
    let internal = interp.get_item(&state, Value::int(1))?;
    let gauss_next = interp.get_item(&state, Value::int(2))?;
    let words = interp.collect_iter(&internal)?;
    if !matches!(internal, Value::Tuple(_)) {
        return Err(type_error("state vector must be a tuple"));
    }
    if words.len() != N + 1 {
        return Err(value_error("state vector is the wrong size"));
    }
    let mut mt = Mt::init_genrand(0);
    for (slot, w) in mt.state.iter_mut().zip(&words) {
        *slot = to_int(w, "")?.rem_euclid(1 << 32) as u32;
    }
    let index = to_int(&words[N], "")?.rem_euclid(1 << 32);
    if index > N as i64 {
        return Err(value_error("invalid state"));
    }
    mt.index = index as usize;
    *r.mt.borrow_mut() = mt;
    r.gauss_next.set(match gauss_next {
        Value::None => None,
        v => Some(to_float(&v)?),
    });
    Ok(Value::None)
}
