//! CPython's MT19937 (`Modules/_randommodule.c`): the generator, `init_by_array`, and how `Random.seed`
//! turns a seed (an int, a float's hash, a str's SHA-512) into the key it is initialised with.

use super::super::super::error::{PyResult, type_error};
use super::super::super::value::Value;

pub(super) const N: usize = 624;
const M: usize = 397;

/// MT19937 as `_randommodule.c` keeps it.
pub(super) struct Mt {
    pub(super) state: [u32; N],
    pub(super) index: usize,
}

impl Mt {
    pub(super) fn init_genrand(s: u32) -> Mt {
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

    pub(super) fn genrand_u32(&mut self) -> u32 {
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
    pub(super) fn random(&mut self) -> f64 {
        let a = (self.genrand_u32() >> 5) as f64;
        let b = (self.genrand_u32() >> 6) as f64;
        (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)
    }

    /// `getrandbits(k)` for 0 < k <= 64: the words little-endian, the last one shifted.
    pub(super) fn bits(&mut self, k: u32) -> u64 {
        if k <= 32 {
            return (self.genrand_u32() >> (32 - k)) as u64;
        }
        let low = self.genrand_u32() as u64;
        let high = (self.genrand_u32() >> (64 - k)) as u64;
        low | (high << 32)
    }
}

/// Seeds from the clock (see the module documentation): the time in nanoseconds, as words.
pub(super) fn clock_mt() -> Mt {
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
pub(super) fn seeded(a: &Value) -> PyResult<Mt> {
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
