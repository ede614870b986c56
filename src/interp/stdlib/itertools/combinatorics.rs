//! The combinatoric iterators (`product`, `permutations`, `combinations`,
//! `combinations_with_replacement`): their inputs taken whole, their tuples made one at a time by
//! CPython's index algorithms.

use super::super::super::Interpreter;
use super::super::super::args::Bound;
use super::super::super::convert::index_of;
use super::super::super::error::{PyResult, type_error, value_error};
use super::super::super::value::{LazyIter, Value};

/// Tuples of `pool` items at `indices` (the first `r`).
fn pick(pool: &[Value], indices: &[usize]) -> Value {
    Value::tuple(indices.iter().map(|&i| pool[i].clone()).collect())
}

struct Product {
    pools: Vec<Vec<Value>>,
    indices: Vec<usize>,
    first: bool,
    done: bool,
}

impl LazyIter for Product {
    fn type_name(&self) -> &'static str {
        "itertools.product"
    }
    fn next(&mut self, _: &mut Interpreter) -> PyResult<Option<Value>> {
        if self.done {
            return Ok(None);
        }
        if self.first {
            self.first = false;
            if self.pools.iter().any(|p| p.is_empty()) {
                self.done = true;
                return Ok(None);
            }
        } else {
            // The odometer: the rightmost index that can move moves, those after it restart.
            let mut i = self.pools.len();
            loop {
                if i == 0 {
                    self.done = true;
                    return Ok(None);
                }
                i -= 1;
                self.indices[i] += 1;
                if self.indices[i] < self.pools[i].len() {
                    break;
                }
                self.indices[i] = 0;
            }
        }
        Ok(Some(Value::tuple(
            self.pools
                .iter()
                .zip(&self.indices)
                .map(|(p, &i)| p[i].clone())
                .collect(),
        )))
    }
}

pub(super) fn product(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let times = match a.value(0) {
        Some(v) => index_of(&v)?.ok_or_else(|| {
            type_error(format!(
                "'{}' object cannot be interpreted as an integer",
                v.type_name()
            ))
        })?,
        None => 1,
    };
    if times < 0 {
        return Err(value_error("repeat argument cannot be negative"));
    }
    let mut base = Vec::new();
    for v in a.varargs() {
        base.push(interp.collect_iter(&v)?);
    }
    let mut pools = Vec::new();
    for _ in 0..times {
        pools.extend(base.iter().cloned());
    }
    Ok(Value::lazy(Product {
        indices: vec![0; pools.len()],
        pools,
        first: true,
        done: false,
    }))
}

fn r_of(v: Option<Value>) -> PyResult<Option<usize>> {
    match v {
        None | Some(Value::None) => Ok(None),
        Some(v) => {
            let r = index_of(&v)?.ok_or_else(|| {
                type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    v.type_name()
                ))
            })?;
            if r < 0 {
                return Err(value_error("r must be non-negative"));
            }
            Ok(Some(r as usize))
        }
    }
}

struct Permutations {
    pool: Vec<Value>,
    indices: Vec<usize>,
    cycles: Vec<usize>,
    r: usize,
    first: bool,
    done: bool,
}

impl LazyIter for Permutations {
    fn type_name(&self) -> &'static str {
        "itertools.permutations"
    }
    fn next(&mut self, _: &mut Interpreter) -> PyResult<Option<Value>> {
        let n = self.pool.len();
        let r = self.r;
        if self.done {
            return Ok(None);
        }
        if self.first {
            self.first = false;
            if r > n {
                self.done = true;
                return Ok(None);
            }
            return Ok(Some(pick(&self.pool, &self.indices[..r])));
        }
        if n == 0 {
            self.done = true;
            return Ok(None);
        }
        for i in (0..r).rev() {
            self.cycles[i] -= 1;
            if self.cycles[i] == 0 {
                let moved = self.indices.remove(i);
                self.indices.push(moved);
                self.cycles[i] = n - i;
            } else {
                let j = self.cycles[i];
                self.indices.swap(i, n - j);
                return Ok(Some(pick(&self.pool, &self.indices[..r])));
            }
        }
        self.done = true;
        Ok(None)
    }
}

pub(super) fn permutations(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    let pool = interp.collect_iter(&a.arg(0)?)?;
    let n = pool.len();
    let r = r_of(a.value(1))?.unwrap_or(n);
    Ok(Value::lazy(Permutations {
        indices: (0..n).collect(),
        cycles: (0..r.min(n)).map(|i| n - i).collect(),
        pool,
        r,
        first: true,
        done: false,
    }))
}

struct Combinations {
    pool: Vec<Value>,
    indices: Vec<usize>,
    r: usize,
    replace: bool,
    first: bool,
    done: bool,
}

impl LazyIter for Combinations {
    fn type_name(&self) -> &'static str {
        if self.replace {
            "itertools.combinations_with_replacement"
        } else {
            "itertools.combinations"
        }
    }
    fn next(&mut self, _: &mut Interpreter) -> PyResult<Option<Value>> {
        let (n, r) = (self.pool.len(), self.r);
        if self.done {
            return Ok(None);
        }
        if self.first {
            self.first = false;
            let none = if self.replace { n == 0 && r > 0 } else { r > n };
            if none {
                self.done = true;
                return Ok(None);
            }
            return Ok(Some(pick(&self.pool, &self.indices)));
        }
        let top = |i: usize| if self.replace { n - 1 } else { i + n - r };
        let Some(i) = (0..r).rev().find(|&i| self.indices[i] != top(i)) else {
            self.done = true;
            return Ok(None);
        };
        self.indices[i] += 1;
        for j in i + 1..r {
            self.indices[j] = if self.replace {
                self.indices[i]
            } else {
                self.indices[j - 1] + 1
            };
        }
        Ok(Some(pick(&self.pool, &self.indices)))
    }
}

fn combos(interp: &mut Interpreter, a: Bound, replace: bool) -> PyResult<Value> {
    let pool = interp.collect_iter(&a.arg(0)?)?;
    let r = r_of(a.value(1))?.unwrap_or(0);
    Ok(Value::lazy(Combinations {
        indices: if replace {
            vec![0; r]
        } else {
            (0..r).collect()
        },
        pool,
        r,
        replace,
        first: true,
        done: false,
    }))
}

pub(super) fn combinations(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    combos(interp, a, false)
}

pub(super) fn combinations_with_replacement(interp: &mut Interpreter, a: Bound) -> PyResult<Value> {
    combos(interp, a, true)
}
