//! The shared half of the engine tests (`tests/engine_*.rs`): reads the cases that
//! `tools/engine/gen_cases.py` recorded from PyTorch (`tests/data/engine/<topic>.json`), builds their
//! inputs on the engine, runs each through the test file's dispatcher and compares the result with
//! PyTorch's bit for bit (float32 by bits, NaN with any NaN), or the error with PyTorch's exception class
//! and message.
//!
//! Cases marked `known_difference` are cases where the engine does not give PyTorch's result today: they
//! are run and counted, numeric ones are still held to their tolerance, and the test fails if one of them
//! starts to match (so the marks stay honest).

#![allow(dead_code)]

use std::path::PathBuf;

use serde_json::Value as Json;
use transformer_tutor::tensor::{DType, Scalar, Tensor, TensorError, TensorIndex};

/// What an op gave.
pub enum Output {
    Tensor(Tensor),
    Tensors(Vec<Tensor>),
    Bool(bool),
}

impl From<Tensor> for Output {
    fn from(t: Tensor) -> Self {
        Output::Tensor(t)
    }
}

pub type Outcome = Result<Output, TensorError>;

/// One recorded case.
pub struct Case {
    pub name: String,
    pub op: String,
    inputs: serde_json::Map<String, Json>,
    args: serde_json::Map<String, Json>,
    expected: Json,
    known: Option<Json>,
}

impl Case {
    /// A tensor input (built as a fresh base, then its view steps).
    pub fn t(&self, key: &str) -> Tensor {
        tensor_from_json(&self.inputs[key])
    }
    pub fn has(&self, key: &str) -> bool {
        self.inputs.contains_key(key)
    }
    pub fn opt_t(&self, key: &str) -> Option<Tensor> {
        self.inputs.get(key).map(tensor_from_json)
    }
    /// A list of tensor inputs.
    pub fn ts(&self, key: &str) -> Vec<Tensor> {
        match self.inputs.get(key) {
            Some(Json::Array(items)) => items.iter().map(tensor_from_json).collect(),
            _ => Vec::new(),
        }
    }
    pub fn has_arg(&self, key: &str) -> bool {
        self.args.get(key).is_some_and(|v| !v.is_null())
    }
    fn arg(&self, key: &str) -> &Json {
        self.args
            .get(key)
            .unwrap_or_else(|| panic!("{}: no argument '{key}'", self.name))
    }
    pub fn i(&self, key: &str) -> i64 {
        self.arg(key)
            .as_i64()
            .unwrap_or_else(|| panic!("{}: '{key}' is not an int", self.name))
    }
    pub fn opt_i(&self, key: &str) -> Option<i64> {
        self.args.get(key).and_then(Json::as_i64)
    }
    pub fn f(&self, key: &str) -> f64 {
        json_f64(self.arg(key))
    }
    pub fn opt_f(&self, key: &str) -> Option<f64> {
        self.args.get(key).filter(|v| !v.is_null()).map(json_f64)
    }
    pub fn b(&self, key: &str) -> bool {
        self.arg(key).as_bool().unwrap_or(false)
    }
    pub fn s(&self, key: &str) -> String {
        self.arg(key).as_str().unwrap_or_default().to_string()
    }
    pub fn ints(&self, key: &str) -> Vec<i64> {
        self.arg(key)
            .as_array()
            .map(|a| a.iter().filter_map(Json::as_i64).collect())
            .unwrap_or_default()
    }
    pub fn opt_ints(&self, key: &str) -> Option<Vec<i64>> {
        self.args
            .get(key)
            .filter(|v| !v.is_null())
            .map(|_| self.ints(key))
    }
    /// A Python number argument: int, float or bool, as Python would pass it.
    pub fn scalar(&self, key: &str) -> Scalar {
        json_scalar(self.arg(key))
    }
    /// Python-style indices: `["int", i]`, `["slice", start, stop, step]`, `["none"]`, `["ellipsis"]`,
    /// `["tensor", k]` (the k-th tensor of the `indices` input).
    pub fn indices(&self) -> Vec<TensorIndex> {
        let tensors = self.ts("indices");
        let spec = self.arg("index").as_array().cloned().unwrap_or_default();
        spec.iter()
            .map(|item| {
                let parts = item.as_array().cloned().unwrap_or_default();
                let n = |k: usize| parts.get(k).and_then(Json::as_i64);
                match parts.first().and_then(Json::as_str) {
                    Some("int") => TensorIndex::Int(n(1).unwrap_or(0)),
                    Some("slice") => TensorIndex::Slice(n(1), n(2), n(3).unwrap_or(1)),
                    Some("none") => TensorIndex::NewAxis,
                    Some("ellipsis") => TensorIndex::Ellipsis,
                    Some("tensor") => {
                        TensorIndex::Tensor(tensors[n(1).unwrap_or(0) as usize].clone())
                    }
                    other => panic!("{}: unknown index {other:?}", self.name),
                }
            })
            .collect()
    }
}

fn json_f64(v: &Json) -> f64 {
    match v {
        Json::Number(n) => n.as_f64().unwrap_or(f64::NAN),
        Json::Object(o) => match o.get("float").and_then(Json::as_str) {
            Some("inf") => f64::INFINITY,
            Some("-inf") => f64::NEG_INFINITY,
            _ => f64::NAN,
        },
        Json::Bool(b) => *b as i64 as f64,
        _ => f64::NAN,
    }
}

fn json_scalar(v: &Json) -> Scalar {
    match v {
        Json::Bool(b) => Scalar::Bool(*b),
        Json::Number(n) if n.is_i64() => Scalar::Int(n.as_i64().unwrap_or(0)),
        other => Scalar::Float(json_f64(other)),
    }
}

fn dtype_of(name: &str) -> DType {
    match name {
        "float32" => DType::Float32,
        "int64" => DType::Int64,
        "int32" => DType::Int32,
        "bool" => DType::Bool,
        other => panic!("unknown dtype {other}"),
    }
}

fn shape_of(v: &Json) -> Vec<usize> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(Json::as_u64)
                .map(|d| d as usize)
                .collect()
        })
        .unwrap_or_default()
}

fn f32_of_hex(v: &Json) -> f32 {
    let bits = u32::from_str_radix(v.as_str().unwrap_or("7fc00000"), 16).unwrap_or(0x7fc0_0000);
    f32::from_bits(bits)
}

/// A contiguous tensor from `{dtype, shape, data}`.
fn base_from_json(v: &Json) -> Tensor {
    let shape = shape_of(&v["shape"]);
    let data = v["data"].as_array().cloned().unwrap_or_default();
    let made = match dtype_of(v["dtype"].as_str().unwrap_or("")) {
        DType::Float32 => {
            Tensor::from_vec(data.iter().map(f32_of_hex).collect::<Vec<f32>>(), &shape)
        }
        DType::Int64 => Tensor::from_vec(
            data.iter().filter_map(Json::as_i64).collect::<Vec<i64>>(),
            &shape,
        ),
        DType::Int32 => Tensor::from_vec(
            data.iter()
                .filter_map(Json::as_i64)
                .map(|x| x as i32)
                .collect::<Vec<i32>>(),
            &shape,
        ),
        DType::Bool => Tensor::from_vec(
            data.iter().filter_map(Json::as_bool).collect::<Vec<bool>>(),
            &shape,
        ),
        other => panic!("the engine cases record no {other} tensors"),
    };
    made.expect("a recorded tensor")
}

/// An input: its contiguous base, then the recorded view steps replayed with the engine's view ops.
pub fn tensor_from_json(v: &Json) -> Tensor {
    let mut t = base_from_json(v);
    let steps = v
        .get("view")
        .and_then(Json::as_array)
        .cloned()
        .unwrap_or_default();
    for step in steps {
        let s = step.as_array().cloned().unwrap_or_default();
        let n = |k: usize| s.get(k).and_then(Json::as_i64);
        let list = |k: usize| -> Vec<i64> {
            s.get(k)
                .and_then(Json::as_array)
                .map(|a| a.iter().filter_map(Json::as_i64).collect())
                .unwrap_or_default()
        };
        t = match s.first().and_then(Json::as_str) {
            Some("t") => t.t(),
            Some("transpose") => t.transpose(n(1).unwrap_or(0), n(2).unwrap_or(0)),
            Some("permute") => t.permute(&list(1)),
            Some("slice") => t.slice(n(1).unwrap_or(0), n(2), n(3), n(4).unwrap_or(1)),
            Some("expand") => t.expand(&list(1)),
            Some("unsqueeze") => t.unsqueeze(n(1).unwrap_or(0)),
            Some("select") => t.select(n(1).unwrap_or(0), n(2).unwrap_or(0)),
            other => panic!("unknown view step {other:?}"),
        }
        .expect("a recorded view step");
    }
    t
}

/// Compares one tensor with its record; `None` when equal.
fn tensor_mismatch(got: &Tensor, want: &Json, tolerance: Option<(f64, f64)>) -> Option<String> {
    let dtype = dtype_of(want["dtype"].as_str().unwrap_or(""));
    if got.dtype() != dtype {
        return Some(format!("dtype {} (PyTorch: {})", got.dtype(), dtype));
    }
    let shape = shape_of(&want["shape"]);
    if got.shape() != shape.as_slice() {
        return Some(format!("shape {:?} (PyTorch: {:?})", got.shape(), shape));
    }
    if let Some(strides) = want.get("strides") {
        let strides = shape_of(strides);
        let offset = want["offset"].as_u64().unwrap_or(0) as usize;
        if got.strides() != strides.as_slice() || got.storage_offset() != offset {
            return Some(format!(
                "strides {:?} offset {} (PyTorch: {:?} offset {})",
                got.strides(),
                got.storage_offset(),
                strides,
                offset
            ));
        }
    }
    let data = want["data"].as_array().cloned().unwrap_or_default();
    let first_bad = |n: usize, same: &dyn Fn(usize) -> bool, show: &dyn Fn(usize) -> String| {
        (0..n).find(|&i| !same(i)).map(show)
    };
    match dtype {
        DType::Float32 => {
            let g = got.to_vec::<f32>();
            let w: Vec<f32> = data.iter().map(f32_of_hex).collect();
            let same = |i: usize| {
                let (a, b) = (g[i], w[i]);
                match tolerance {
                    None => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
                    Some((rtol, atol)) => {
                        (a.is_nan() && b.is_nan())
                            || a == b
                            || ((a as f64 - b as f64).abs() <= atol + rtol * (b as f64).abs())
                    }
                }
            };
            first_bad(g.len(), &same, &|i| {
                format!(
                    "element {i}: {:e} ({:08x}), PyTorch {:e} ({:08x})",
                    g[i],
                    g[i].to_bits(),
                    w[i],
                    w[i].to_bits()
                )
            })
        }
        DType::Bool => {
            let g = got.to_vec::<bool>();
            let w: Vec<bool> = data.iter().filter_map(Json::as_bool).collect();
            first_bad(g.len(), &|i| g[i] == w[i], &|i| {
                format!("element {i}: {}, PyTorch {}", g[i], w[i])
            })
        }
        _ => {
            let g = got.to_vec::<i64>();
            let w: Vec<i64> = data.iter().filter_map(Json::as_i64).collect();
            first_bad(g.len(), &|i| g[i] == w[i], &|i| {
                format!("element {i}: {}, PyTorch {}", g[i], w[i])
            })
        }
    }
}

/// Compares an outcome with the record; `None` when it matches.
fn mismatch(got: &Outcome, want: &Json, tolerance: Option<(f64, f64)>) -> Option<String> {
    if let Some(err) = want.get("error") {
        let (class, message) = (
            err["type"].as_str().unwrap_or(""),
            err["message"].as_str().unwrap_or(""),
        );
        return match got {
            Err(e) if e.python_type() == class && e.to_string() == message => None,
            Err(e) => Some(format!(
                "{}: {} (PyTorch: {class}: {message})",
                e.python_type(),
                e
            )),
            Ok(_) => Some(format!("no error (PyTorch: {class}: {message})")),
        };
    }
    let out = match got {
        Err(e) => return Some(format!("{}: {e}", e.python_type())),
        Ok(out) => out,
    };
    match (out, want) {
        (Output::Bool(b), w) if w.get("bool").is_some() => {
            let expected = w["bool"].as_bool().unwrap_or(false);
            (*b != expected).then(|| format!("{b} (PyTorch: {expected})"))
        }
        (Output::Tensor(t), w) if w.get("tensor").is_some() => {
            tensor_mismatch(t, &w["tensor"], tolerance)
        }
        (Output::Tensors(ts), w) if w.get("tensors").is_some() => {
            let expected = w["tensors"].as_array().cloned().unwrap_or_default();
            if ts.len() != expected.len() {
                return Some(format!(
                    "{} tensors (PyTorch: {})",
                    ts.len(),
                    expected.len()
                ));
            }
            ts.iter()
                .zip(&expected)
                .enumerate()
                .find_map(|(k, (t, e))| {
                    tensor_mismatch(t, e, tolerance).map(|m| format!("tensor {k}: {m}"))
                })
        }
        _ => Some(format!("another kind of result than PyTorch's ({want})")),
    }
}

fn load(topic: &str) -> Vec<Case> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/engine")
        .join(format!("{topic}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc: Json = serde_json::from_str(&text).expect("valid JSON");
    doc["cases"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .into_iter()
        .map(|c| Case {
            name: c["name"].as_str().unwrap_or_default().to_string(),
            op: c["op"].as_str().unwrap_or_default().to_string(),
            inputs: c["inputs"].as_object().cloned().unwrap_or_default(),
            args: c["args"].as_object().cloned().unwrap_or_default(),
            expected: c["expected"].clone(),
            known: c.get("known_difference").cloned(),
        })
        .collect()
}

/// Runs every case of `topic` (those whose op is in `ops`, or all when `ops` is empty) through
/// `run` and fails with a list of the cases that do not match PyTorch.
pub fn check_topic(topic: &str, ops: &[&str], run: impl Fn(&Case) -> Outcome) {
    let cases: Vec<Case> = load(topic)
        .into_iter()
        .filter(|c| ops.is_empty() || ops.contains(&c.op.as_str()))
        .collect();
    assert!(!cases.is_empty(), "no cases for {topic} {ops:?}");
    let mut failures = Vec::new();
    let mut known = 0;
    for case in &cases {
        let got = run(case);
        let tolerance = case.known.as_ref().and_then(|k| {
            let t = k.get("tolerance")?;
            Some((t["rtol"].as_f64()?, t["atol"].as_f64()?))
        });
        let exact = mismatch(&got, &case.expected, None);
        match (&case.known, exact) {
            (None, None) => {}
            (None, Some(m)) => failures.push(format!("{}: {m}", case.name)),
            (Some(k), None) => failures.push(format!(
                "{}: now matches PyTorch; remove its known difference ({})",
                case.name, k["reason"]
            )),
            (Some(k), Some(m)) => {
                known += 1;
                let reason = k["reason"].as_str().unwrap_or_default();
                eprintln!("known difference {}: {reason}\n    {m}", case.name);
                if tolerance.is_some()
                    && let Some(m) = mismatch(&got, &case.expected, tolerance)
                {
                    failures.push(format!("{}: beyond its tolerance: {m}", case.name));
                }
            }
        }
    }
    eprintln!(
        "{topic} {ops:?}: {} cases from PyTorch, {} match, {known} known differences, {} failures",
        cases.len(),
        cases.len() - known - failures.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} {topic} cases do not match PyTorch:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
