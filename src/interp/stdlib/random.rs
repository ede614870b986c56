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

use rustpython_parser::ast::{CmpOp, Operator};

use super::super::Interpreter;
use super::super::args::Dialect::{Positional, PyDef};
use super::super::args::{Bound, Sig};
use super::super::builtins::type_object_with;
use super::super::convert::{index_of, to_float, to_int};
use super::super::error::{ExcKind, PyResult, exc, type_error, value_error};
use super::super::native::{NativeObject, NativeType};
use super::super::value::{Args, Value};

const N: usize = 624;
const M: usize = 397;

/// MT19937 as `_randommodule.c` keeps it.
struct Mt {
    state: [u32; N],
    index: usize,
}

impl Mt {
    fn init_genrand(s: u32) -> Mt {
        let mut mt = [0u32; N];
        mt[0] = s;
        for i in 1..N {
            mt[i] = 1812433253u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Mt {
            state: mt,
            index: N,
        }
    }

    fn init_by_array(key: &[u32]) -> Mt {
        let mut g = Mt::init_genrand(19650218);
        let mt = &mut g.state;
        let (mut i, mut j) = (1usize, 0usize);
        for _ in 0..N.max(key.len()) {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1664525))
                .wrapping_add(key[j])
                .wrapping_add(j as u32);
            i += 1;
            j += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if j >= key.len() {
                j = 0;
            }
        }
        for _ in 0..N - 1 {
            mt[i] = (mt[i] ^ (mt[i - 1] ^ (mt[i - 1] >> 30)).wrapping_mul(1566083941))
                .wrapping_sub(i as u32);
            i += 1;
            if i >= N {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x80000000;
        g
    }

    /// `random_seed` for a non-negative integer given as its 32-bit words, least significant first.
    fn from_words(mut words: Vec<u32>) -> Mt {
        while words.len() > 1 && words.last() == Some(&0) {
            words.pop();
        }
        if words.is_empty() {
            words.push(0);
        }
        Mt::init_by_array(&words)
    }

    fn from_u64(n: u64) -> Mt {
        Mt::from_words(vec![n as u32, (n >> 32) as u32])
    }

    fn genrand_u32(&mut self) -> u32 {
        const UPPER: u32 = 0x80000000;
        const LOWER: u32 = 0x7fffffff;
        const MATRIX_A: u32 = 0x9908b0df;
        let mag = |y: u32| if y & 1 == 1 { MATRIX_A } else { 0 };
        if self.index >= N {
            let mt = &mut self.state;
            for kk in 0..N - M {
                let y = (mt[kk] & UPPER) | (mt[kk + 1] & LOWER);
                mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag(y);
            }
            for kk in N - M..N - 1 {
                let y = (mt[kk] & UPPER) | (mt[kk + 1] & LOWER);
                mt[kk] = mt[kk + M - N] ^ (y >> 1) ^ mag(y);
            }
            let y = (mt[N - 1] & UPPER) | (mt[0] & LOWER);
            mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag(y);
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c5680;
        y ^= (y << 15) & 0xefc60000;
        y ^= y >> 18;
        y
    }

    /// `random()`: 53 random bits as a float in [0, 1).
    fn random(&mut self) -> f64 {
        let a = (self.genrand_u32() >> 5) as f64;
        let b = (self.genrand_u32() >> 6) as f64;
        (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
    }

    /// `getrandbits(k)` for 0 < k <= 64: the words little-endian, the last one shifted.
    fn bits(&mut self, k: u32) -> u64 {
        if k <= 32 {
            return (self.genrand_u32() >> (32 - k)) as u64;
        }
        let low = self.genrand_u32() as u64;
        let high = (self.genrand_u32() >> (64 - k)) as u64;
        low | (high << 32)
    }
}

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

/// Seeds from the clock (see the module documentation): the time in nanoseconds, as words.
fn clock_mt() -> Mt {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or_default();
    Mt::from_words(vec![
        nanos as u32,
        (nanos >> 32) as u32,
        (nanos >> 64) as u32,
    ])
}

/// The generator `random_seed` makes of a seed, after `Random.seed` turned a str into an int.
fn seeded(a: &Value) -> PyResult<Mt> {
    Ok(match a {
        Value::None => clock_mt(),
        Value::Int(i, _) => Mt::from_u64(i.unsigned_abs()),
        Value::Bool(b) => Mt::from_u64(*b as u64),
        Value::Float(x) => Mt::from_u64(hash_float(*x) as u64),
        Value::Str(s) => {
            // `int.from_bytes(a + sha512(a).digest())`, big-endian, as 32-bit words from the low end.
            use sha2::Digest;
            let mut bytes = s.as_bytes().to_vec();
            bytes.extend_from_slice(&sha2::Sha512::digest(s.as_bytes()));
            let words = bytes
                .rchunks(4)
                .map(|c| c.iter().fold(0u32, |acc, &b| (acc << 8) | b as u32))
                .collect();
            Mt::from_words(words)
        }
        _ => {
            return Err(type_error(
                "The only supported seed types are: None,\nint, float, str, bytes, and bytearray.",
            ));
        }
    })
}

/// CPython's `_Py_HashDouble` (a float seed is seeded by its hash).
fn hash_float(v: f64) -> i64 {
    const BITS: i32 = 61;
    const MODULUS: u64 = (1 << BITS) - 1;
    if v.is_infinite() {
        return if v > 0.0 { 314159 } else { -314159 };
    }
    if v.is_nan() {
        return 0;
    }
    let (mut m, mut e) = frexp(v);
    let mut sign: i64 = 1;
    if m < 0.0 {
        sign = -1;
        m = -m;
    }
    let mut x: u64 = 0;
    while m != 0.0 {
        x = ((x << 28) & MODULUS) | (x >> (BITS - 28));
        m *= 268435456.0;
        e -= 28;
        let y = m as u64;
        m -= y as f64;
        x += y;
        if x >= MODULUS {
            x -= MODULUS;
        }
    }
    let e = if e >= 0 {
        e % BITS
    } else {
        BITS - 1 - ((-1 - e) % BITS)
    };
    x = ((x << e) & MODULUS) | (x >> (BITS - e));
    let mut h = (x as i64).wrapping_mul(sign);
    if h == -1 {
        h = -2;
    }
    h
}

fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 || !x.is_finite() {
        return (x, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        // Subnormal: scale into the normal range first.
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, exp - 1022)
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

fn too_big() -> super::super::error::Unwind {
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

/// `len(v)` as the built-in computes it.
fn py_len(interp: &mut Interpreter, v: &Value) -> PyResult<i64> {
    let len = interp
        .builtins
        .get("len")
        .cloned()
        .ok_or_else(|| type_error("len"))?;
    let n = interp.call_value(len, Args::new(vec![v.clone()]))?;
    to_int(&n, "")
}

/// `seq[i]` (a range's item computed, not the range listed).
fn item(interp: &mut Interpreter, seq: &Value, i: i64) -> PyResult<Value> {
    match seq {
        Value::Range(start, _, step) => Ok(Value::int(start + step * i)),
        Value::List(l) if let Some(v) = l.borrow().get(i as usize) => Ok(v.clone()),
        Value::Tuple(t) if let Some(v) = t.get(i as usize) => Ok(v.clone()),
        _ => interp.get_item(seq, Value::int(i)),
    }
}

/// `_index(v)`, or `int(v)` for an integral number (CPython 3.11's deprecated path in `randrange`).
fn range_arg(interp: &mut Interpreter, v: &Value, what: &str) -> PyResult<i64> {
    if let Some(i) = index_of(v)? {
        return Ok(i);
    }
    let int = interp
        .builtins
        .get("int")
        .cloned()
        .ok_or_else(|| type_error("int"))?;
    let i = interp.call_value(int, Args::new(vec![v.clone()]))?;
    if !interp.equals(&i, v)? {
        interp
            .warnings
            .push("DeprecationWarning: randrange() will raise TypeError in the future".into());
        return Err(value_error(format!("non-integer {what} for randrange()")));
    }
    interp.warnings.push(
        "DeprecationWarning: non-integer arguments to randrange() have been deprecated since Python 3.10 and will be removed in a subsequent version".into(),
    );
    to_int(&i, "")
}

fn randrange_of(
    interp: &mut Interpreter,
    r: &RandomObj,
    start: &Value,
    stop: Option<Value>,
    step: Option<Value>,
) -> PyResult<Value> {
    let istart = range_arg(interp, start, "arg 1")?;
    let Some(stop) = stop.filter(|v| !matches!(v, Value::None)) else {
        if step.is_some() {
            return Err(type_error("Missing a non-None stop argument"));
        }
        if istart > 0 {
            return Ok(Value::int(r.below(istart)));
        }
        return Err(value_error("empty range for randrange()"));
    };
    let istop = range_arg(interp, &stop, "stop")?;
    let width = istop.checked_sub(istart).ok_or_else(too_big)?;
    let istep = match &step {
        Some(s) => range_arg(interp, s, "step")?,
        None => 1,
    };
    if istep == 1 {
        if width > 0 {
            return Ok(Value::int(istart + r.below(width)));
        }
        return Err(value_error(format!(
            "empty range for randrange() ({istart}, {istop}, {width})"
        )));
    }
    let n = if istep > 0 {
        floor_div(width + istep - 1, istep)
    } else if istep < 0 {
        floor_div(width + istep + 1, istep)
    } else {
        return Err(value_error("zero step for randrange()"));
    };
    if n <= 0 {
        return Err(value_error("empty range for randrange()"));
    }
    Ok(Value::int(istart + istep * r.below(n)))
}

/// Python's `//` on ints.
fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn randrange(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let start = a.arg(1)?;
    randrange_of(interp, r, &start, a.value(2), a.value(3))
}

fn randint(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let lo = a.arg(1)?;
    let hi = interp.binary_op(Operator::Add, a.arg(2)?, Value::int(1))?;
    randrange_of(interp, r, &lo, Some(hi), None)
}

fn choice(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let seq = a.arg(1)?;
    let n = py_len(interp, &seq)?;
    if n == 0 {
        return Err(exc(
            ExcKind::IndexError,
            "Cannot choose from an empty sequence",
        ));
    }
    let i = r.below(n);
    item(interp, &seq, i)
}

fn shuffle(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let x = a.arg(1)?;
    let n = py_len(interp, &x)?;
    for i in (1..n).rev() {
        let j = r.below(i + 1);
        if let Value::List(l) = &x {
            let mut items = l.borrow_mut();
            if (i as usize) < items.len() {
                items.swap(i as usize, j as usize);
                continue;
            }
        }
        let xj = interp.get_item(&x, Value::int(j))?;
        let xi = interp.get_item(&x, Value::int(i))?;
        interp.set_item(&x, Value::int(i), xj)?;
        interp.set_item(&x, Value::int(j), xi)?;
    }
    Ok(Value::None)
}

/// `bisect.bisect_right(a, x, lo, hi)` with Python's `<`.
pub(super) fn bisect_right(
    interp: &mut Interpreter,
    items: &[Value],
    x: &Value,
    mut lo: usize,
    mut hi: usize,
) -> PyResult<usize> {
    while lo < hi {
        let mid = (lo + hi) / 2;
        let less = interp.compare(CmpOp::Lt, x, &items[mid])?;
        if interp.truthy(&less)? {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Ok(lo)
}

/// `list(itertools.accumulate(values))` with Python's `+`.
fn accumulate(interp: &mut Interpreter, values: &Value) -> PyResult<Vec<Value>> {
    let items = interp.collect_iter(values)?;
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    for v in items {
        let next = match out.last() {
            Some(total) => interp.binary_op(Operator::Add, total.clone(), v)?,
            None => v,
        };
        out.push(next);
    }
    Ok(out)
}

fn is_sequence(v: &Value) -> bool {
    match v {
        Value::List(_) | Value::Tuple(_) | Value::Str(_) | Value::Range(..) | Value::Size(_) => {
            true
        }
        Value::Native(o) => o.native_type().name(v) == "deque",
        _ => false,
    }
}

fn sample(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let population = a.arg(1)?;
    let k = a.arg(2)?;
    if !is_sequence(&population) {
        return Err(type_error(
            "Population must be a sequence.  For dicts or sets, use sorted(d).",
        ));
    }
    let n = py_len(interp, &population)?;
    if let Some(counts) = a.value(3).filter(|v| !matches!(v, Value::None)) {
        let mut cum = accumulate(interp, &counts)?;
        if cum.len() as i64 != n {
            return Err(value_error(
                "The number of counts does not match the population",
            ));
        }
        let Some(total) = cum.pop() else {
            return Err(exc(ExcKind::IndexError, "pop from empty list"));
        };
        let total = match total {
            Value::Int(t, _) => t,
            Value::Bool(b) => b as i64,
            _ => return Err(type_error("Counts must be integers")),
        };
        if total <= 0 {
            return Err(value_error("Total of counts must be greater than zero"));
        }
        let picks = sample_indices(interp, r, &Value::Range(0, total, 1), total, &k)?;
        let mut out = Vec::with_capacity(picks.len());
        for s in picks {
            let i = bisect_right(interp, &cum, &s, 0, cum.len())?;
            out.push(item(interp, &population, i as i64)?);
        }
        return Ok(Value::list(out));
    }
    Ok(Value::list(sample_indices(interp, r, &population, n, &k)?))
}

/// The body of `Random.sample` without `counts`: a pool when the population is small, else a set of
/// the indices taken.
fn sample_indices(
    interp: &mut Interpreter,
    r: &RandomObj,
    population: &Value,
    n: i64,
    k: &Value,
) -> PyResult<Vec<Value>> {
    let k = match index_of(k)? {
        Some(k) => k,
        None => {
            // `0 <= k <= n` compares first; a float k that passes fails at `[None] * k`.
            let ok = interp.compare(CmpOp::LtE, &Value::int(0), k)?;
            let ok = interp.truthy(&ok)? && {
                let le = interp.compare(CmpOp::LtE, k, &Value::int(n))?;
                interp.truthy(&le)?
            };
            if !ok {
                return Err(value_error("Sample larger than population or is negative"));
            }
            return Err(type_error(format!(
                "can't multiply sequence by non-int of type '{}'",
                k.type_name()
            )));
        }
    };
    if !(0..=n).contains(&k) {
        return Err(value_error("Sample larger than population or is negative"));
    }
    super::super::reserve_values(k as usize)?;
    let mut setsize: i64 = 21;
    if k > 5 {
        let exp = ((k * 3) as f64).ln() / 4f64.ln();
        setsize += 4i64.saturating_pow(exp.ceil() as u32);
    }
    let mut result = Vec::with_capacity(k as usize);
    if n <= setsize {
        let mut pool = interp.collect_iter(population)?;
        for i in 0..k {
            let j = r.below(n - i) as usize;
            result.push(pool[j].clone());
            pool[j] = pool[(n - i - 1) as usize].clone();
        }
    } else {
        let mut selected = std::collections::HashSet::new();
        for _ in 0..k {
            let mut j = r.below(n);
            while selected.contains(&j) {
                j = r.below(n);
            }
            selected.insert(j);
            result.push(item(interp, population, j)?);
        }
    }
    Ok(result)
}

fn choices(interp: &mut Interpreter, r: &RandomObj, a: Bound) -> PyResult<Value> {
    let population = a.arg(1)?;
    let weights = a.value(2).filter(|v| !matches!(v, Value::None));
    let cum_weights = a.value(3).filter(|v| !matches!(v, Value::None));
    let k = a.value(4).unwrap_or(Value::int(1));
    let n = py_len(interp, &population)?;
    // `_repeat(None, k)`: an int count, nothing when negative.
    let count = |k: &Value| -> PyResult<usize> { Ok(to_int(k, "")?.max(0) as usize) };
    let cum = match (cum_weights, weights) {
        (None, None) => {
            let times = count(&k)?;
            super::super::reserve_values(times)?;
            let nf = n as f64;
            let mut out = Vec::with_capacity(times);
            for _ in 0..times {
                let i = (r.random() * nf).floor() as i64;
                out.push(item(interp, &population, i)?);
            }
            return Ok(Value::list(out));
        }
        (None, Some(w)) => match accumulate(interp, &w) {
            Ok(c) => c,
            Err(e) => {
                if let Value::Int(k, _) = w
                    && interp.collect_iter(&Value::Int(k, None)).is_err()
                {
                    return Err(type_error(format!(
                        "The number of choices must be a keyword argument: k={k}"
                    )));
                }
                return Err(e);
            }
        },
        (Some(c), None) => interp.collect_iter(&c)?,
        (Some(_), Some(_)) => {
            return Err(type_error(
                "Cannot specify both weights and cumulative weights",
            ));
        }
    };
    if cum.len() as i64 != n {
        return Err(value_error(
            "The number of weights does not match the population",
        ));
    }
    let Some(last) = cum.last().cloned() else {
        return Err(exc(ExcKind::IndexError, "list index out of range"));
    };
    let total = interp.binary_op(Operator::Add, last, Value::Float(0.0))?;
    let total = to_float(&total)?;
    if total <= 0.0 {
        return Err(value_error("Total of weights must be greater than zero"));
    }
    if !total.is_finite() {
        return Err(value_error("Total of weights must be finite"));
    }
    let times = count(&k)?;
    super::super::reserve_values(times)?;
    let hi = (n - 1) as usize;
    let mut out = Vec::with_capacity(times);
    for _ in 0..times {
        let x = Value::Float(r.random() * total);
        let i = bisect_right(interp, &cum, &x, 0, hi)?;
        out.push(item(interp, &population, i as i64)?);
    }
    Ok(Value::list(out))
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
