//! PyTorch's `str(tensor)` / `repr(tensor)`.
//!
//! A line-by-line port of `torch/_tensor_str.py` (PyTorch 2.x) for dense, strided CPU
//! tensors of dtype float32, float64, int64, int32 and bool: `_Formatter`, `_vector_str`,
//! `_tensor_str_with_formatter`, `get_summarized_data` and `_add_suffixes`.
//! Float elements are formatted from their `f64` value, as Python does after `.item()` /
//! `.tolist()`, with Python's correctly rounded `%.Nf` / `%.Ne` semantics.

/// A tensor's elements in row-major (C) order.
#[derive(Clone, Copy, Debug)]
pub enum Elements<'a> {
    F32(&'a [f32]),
    F64(&'a [f64]),
    I64(&'a [i64]),
    I32(&'a [i32]),
    Bool(&'a [bool]),
}

/// `torch.set_printoptions` state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintOptions {
    pub precision: usize,
    pub threshold: usize,
    pub edgeitems: usize,
    pub linewidth: usize,
    pub sci_mode: Option<bool>,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            precision: 4,
            threshold: 1000,
            edgeitems: 3,
            linewidth: 80,
            sci_mode: None,
        }
    }
}

/// Precisions above this are clamped (Python would build multi-megabyte numbers).
const MAX_PRECISION: usize = 100_000;

/// An f64 has at most 1074 digits after the decimal point and 767 significant digits, so
/// formatting with more digits than this only appends zeros.
const EXACT_DIGITS: usize = 1100;

/// `str(torch.Size(shape))`, e.g. `torch.Size([2, 3])`.
pub fn format_size(shape: &[usize]) -> String {
    format!("torch.Size({})", int_array(shape))
}

/// Sizes as c10 prints an `IntArrayRef` in ATen's messages, e.g. `[2, 3]`.
pub fn int_array(shape: &[usize]) -> String {
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    format!("[{}]", dims.join(", "))
}

/// `str(tuple(shape))`, e.g. `(2, 0)`, `(5,)`, `()`.
fn shape_tuple(shape: &[usize]) -> String {
    match shape {
        [d] => format!("({d},)"),
        _ => {
            let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
            format!("({})", dims.join(", "))
        }
    }
}

/// Formats a tensor exactly like `repr(tensor)` / `str(tensor)` / `print(tensor)`.
///
/// `data` is the tensor's elements in row-major (C) order, `data.len() == shape.iter().product()`
/// (missing elements read as zero, extra ones are ignored). `suffixes` are extra `key=value`
/// items such as `"dtype=torch.int32"` or `"requires_grad=True"`, in order; the caller decides
/// when `dtype=` is needed (float32, int64 and bool are the defaults; an empty tensor shows
/// any dtype other than float32). This function adds `size=(...)` itself before the given
/// suffixes, for empty tensors that are not 1-D and when `edgeitems == 0`, as PyTorch does.
pub fn format_tensor(
    shape: &[usize],
    data: Elements<'_>,
    suffixes: &[String],
    opts: &PrintOptions,
) -> String {
    let numel = shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .unwrap_or(usize::MAX);
    let mut all_suffixes: Vec<String> = Vec::with_capacity(suffixes.len() + 1);
    let body = if numel == 0 {
        if shape.len() != 1 {
            all_suffixes.push(format!("size={}", shape_tuple(shape)));
        }
        "[]".to_string()
    } else {
        if opts.edgeitems == 0 {
            all_suffixes.push(format!("size={}", shape_tuple(shape)));
        }
        let printer = Printer::new(shape, data, opts, numel);
        let mut out = String::new();
        printer.tensor_str(0, 0, 7, &mut out);
        out
    };
    all_suffixes.extend(suffixes.iter().cloned());
    add_suffixes(&format!("tensor({body}"), &all_suffixes, 7, opts.linewidth)
}

/// `_add_suffixes` (including its off-by-two `last_line_len`).
fn add_suffixes(tensor_str: &str, suffixes: &[String], indent: usize, linewidth: usize) -> String {
    let mut out = tensor_str.to_string();
    let total = tensor_str.chars().count();
    // Python: len(s) - s.rfind("\n") + 1, where rfind returns -1 when absent.
    let last_line_len = match tensor_str.rfind('\n') {
        Some(b) => total - tensor_str.get(..b).map_or(0, |s| s.chars().count()) + 1,
        None => total + 2,
    };
    let mut last_line_len = last_line_len;
    for suffix in suffixes {
        let suffix_len = suffix.chars().count();
        if last_line_len + suffix_len + 2 > linewidth {
            out.push_str(",\n");
            out.extend(std::iter::repeat_n(' ', indent));
            out.push_str(suffix);
            last_line_len = indent + suffix_len;
        } else {
            out.push_str(", ");
            out.push_str(suffix);
            last_line_len += suffix_len + 2;
        }
    }
    out.push(')');
    out
}

#[derive(Clone, Copy)]
enum Val {
    F(f64),
    I(i64),
    B(bool),
}

impl Elements<'_> {
    fn len(&self) -> usize {
        match self {
            Elements::F32(d) => d.len(),
            Elements::F64(d) => d.len(),
            Elements::I64(d) => d.len(),
            Elements::I32(d) => d.len(),
            Elements::Bool(d) => d.len(),
        }
    }

    fn is_float(&self) -> bool {
        matches!(self, Elements::F32(_) | Elements::F64(_))
    }

    fn get(&self, i: usize) -> Val {
        match self {
            Elements::F32(d) => Val::F(d.get(i).map_or(0.0, |&v| f64::from(v))),
            Elements::F64(d) => Val::F(d.get(i).copied().unwrap_or(0.0)),
            Elements::I64(d) => Val::I(d.get(i).copied().unwrap_or(0)),
            Elements::I32(d) => Val::I(d.get(i).map_or(0, |&v| i64::from(v))),
            Elements::Bool(d) => Val::B(d.get(i).copied().unwrap_or(false)),
        }
    }
}

/// Python `'{:.{p}f}'.format(x)`.
fn py_fixed(x: f64, precision: usize) -> String {
    if x.is_nan() {
        "nan".to_string()
    } else if x.is_infinite() {
        if x < 0.0 { "-inf" } else { "inf" }.to_string()
    } else {
        // Rust's fixed formatting is exact with ties to even, like Python's. Rust caps the
        // precision argument at u16::MAX; beyond EXACT_DIGITS every digit of an f64 is exact.
        let p = precision.min(EXACT_DIGITS);
        let mut s = format!("{x:.p$}");
        s.extend(std::iter::repeat_n('0', precision - p));
        s
    }
}

/// Python `'{:.{p}e}'.format(x)`: exponent with a sign and at least two digits.
fn py_sci(x: f64, precision: usize) -> String {
    if !x.is_finite() {
        return py_fixed(x, precision);
    }
    let p = precision.min(EXACT_DIGITS);
    let s = format!("{x:.p$e}");
    match s.split_once('e') {
        Some((mant, exp)) => {
            let zeros = "0".repeat(precision - p);
            let (sign, digits) = match exp.strip_prefix('-') {
                Some(d) => ('-', d),
                None => ('+', exp),
            };
            let pad = if digits.len() < 2 { "0" } else { "" };
            format!("{mant}{zeros}e{sign}{pad}{digits}")
        }
        None => s,
    }
}

/// `_Formatter`.
struct Formatter {
    floating: bool,
    int_mode: bool,
    sci_mode: bool,
    max_width: usize,
    precision: usize,
}

impl Formatter {
    fn new(data: &Elements<'_>, values: impl Iterator<Item = usize>, opts: &PrintOptions) -> Self {
        let precision = opts.precision.min(MAX_PRECISION);
        let mut f = Formatter {
            floating: data.is_float(),
            int_mode: true,
            sci_mode: false,
            max_width: 1,
            precision,
        };
        if !f.floating {
            for i in values {
                let len = match data.get(i) {
                    Val::I(v) => v.to_string().len(),
                    Val::B(b) => {
                        if b {
                            4
                        } else {
                            5
                        }
                    }
                    Val::F(v) => py_fixed(v, precision).len(),
                };
                f.max_width = f.max_width.max(len);
            }
            return f;
        }
        let nonzero_finite: Vec<f64> = values
            .filter_map(|i| match data.get(i) {
                Val::F(v) if v.is_finite() && v != 0.0 => Some(v),
                _ => None,
            })
            .collect();
        if nonzero_finite.is_empty() {
            return f;
        }
        let mut min = f64::INFINITY;
        let mut max = 0.0f64;
        for v in &nonzero_finite {
            min = min.min(v.abs());
            max = max.max(v.abs());
        }
        f.int_mode = nonzero_finite.iter().all(|v| *v == v.ceil());
        f.sci_mode = opts
            .sci_mode
            .unwrap_or(max / min > 1000.0 || max > 1.0e8 || min < 1.0e-4);
        for &v in &nonzero_finite {
            let len = if f.sci_mode {
                py_sci(v, precision).len()
            } else if f.int_mode {
                py_fixed(v, 0).len() + 1
            } else {
                py_fixed(v, precision).len()
            };
            f.max_width = f.max_width.max(len);
        }
        f
    }

    fn format(&self, v: Val) -> String {
        let ret = match v {
            Val::F(x) if self.floating => {
                if self.sci_mode {
                    py_sci(x, self.precision)
                } else if self.int_mode {
                    let mut s = py_fixed(x, 0);
                    if x.is_finite() {
                        s.push('.');
                    }
                    s
                } else {
                    py_fixed(x, self.precision)
                }
            }
            Val::F(x) => py_fixed(x, self.precision),
            Val::I(i) => i.to_string(),
            Val::B(b) => if b { "True" } else { "False" }.to_string(),
        };
        let pad = self.max_width.saturating_sub(ret.len());
        let mut out = " ".repeat(pad);
        out.push_str(&ret);
        out
    }
}

struct Printer<'a> {
    shape: &'a [usize],
    strides: Vec<usize>,
    data: Elements<'a>,
    summarize: bool,
    edge: usize,
    linewidth: usize,
    fmt: Formatter,
}

impl<'a> Printer<'a> {
    fn new(shape: &'a [usize], data: Elements<'a>, opts: &PrintOptions, numel: usize) -> Self {
        let mut strides = vec![1usize; shape.len()];
        for d in (0..shape.len().saturating_sub(1)).rev() {
            let next = strides.get(d + 1).copied().unwrap_or(1);
            let size = shape.get(d + 1).copied().unwrap_or(1);
            if let Some(s) = strides.get_mut(d) {
                *s = next.saturating_mul(size);
            }
        }
        let summarize = numel > opts.threshold;
        let edge = opts.edgeitems;
        let fmt = if summarize {
            let mut shown = Vec::new();
            summarized_indices(shape, &strides, 0, 0, edge, &mut shown);
            Formatter::new(&data, shown.into_iter(), opts)
        } else {
            // Elements missing from a short `data` read as zero, which never widens a column.
            Formatter::new(&data, 0..numel.min(data.len()), opts)
        };
        Printer {
            shape,
            strides,
            data,
            summarize,
            edge,
            linewidth: opts.linewidth,
            fmt,
        }
    }

    /// `_tensor_str_with_formatter` on the sub-tensor `shape[d..]` starting at `offset`.
    fn tensor_str(&self, d: usize, offset: usize, indent: usize, out: &mut String) {
        let dims = self.shape.len().saturating_sub(d);
        let size = self.shape.get(d).copied().unwrap_or(1);
        let stride = self.strides.get(d).copied().unwrap_or(1);
        let at = |i: usize| offset.saturating_add(i.saturating_mul(stride));
        if dims == 0 {
            out.push_str(&self.fmt.format(self.data.get(offset)));
            return;
        }
        if dims == 1 {
            self.vector_str(size, &at, indent, out);
            return;
        }
        let sep = format!(",{}{}", "\n".repeat(dims - 1), " ".repeat(indent + 1));
        out.push('[');
        let mut first = true;
        let mut item = |out: &mut String, i: Option<usize>| {
            if !first {
                out.push_str(&sep);
            }
            first = false;
            match i {
                Some(i) => self.tensor_str(d + 1, at(i), indent + 1, out),
                None => out.push_str("..."),
            }
        };
        if self.summarize && size > self.edge.saturating_mul(2) {
            for i in 0..self.edge {
                item(out, Some(i));
            }
            item(out, None);
            for i in size - self.edge..size {
                item(out, Some(i));
            }
        } else {
            for i in 0..size {
                item(out, Some(i));
            }
        }
        out.push(']');
    }

    /// `_vector_str`.
    fn vector_str(
        &self,
        size: usize,
        at: &dyn Fn(usize) -> usize,
        indent: usize,
        out: &mut String,
    ) {
        let element_length = self.fmt.max_width as i128 + 2;
        let per_line = (self.linewidth as i128 - indent as i128).div_euclid(element_length);
        let per_line = usize::try_from(per_line.max(1)).unwrap_or(usize::MAX);
        let fmt = |i: usize| self.fmt.format(self.data.get(at(i)));
        let items: Vec<String> = if self.summarize && self.edge == 0 {
            vec!["...".to_string()]
        } else if self.summarize && size > self.edge.saturating_mul(2) {
            (0..self.edge)
                .map(fmt)
                .chain(std::iter::once(" ...".to_string()))
                .chain((size - self.edge..size).map(fmt))
                .collect()
        } else {
            (0..size).map(fmt).collect()
        };
        let line_sep = format!(",\n{}", " ".repeat(indent + 1));
        out.push('[');
        for (n, line) in items.chunks(per_line).enumerate() {
            if n > 0 {
                out.push_str(&line_sep);
            }
            out.push_str(&line.join(", "));
        }
        out.push(']');
    }
}

/// Flat indices of the elements `get_summarized_data` keeps (what the formatter sees).
fn summarized_indices(
    shape: &[usize],
    strides: &[usize],
    d: usize,
    offset: usize,
    edge: usize,
    out: &mut Vec<usize>,
) {
    let dims = shape.len().saturating_sub(d);
    let size = shape.get(d).copied().unwrap_or(1);
    let stride = strides.get(d).copied().unwrap_or(1);
    let at = |i: usize| offset.saturating_add(i.saturating_mul(stride));
    match dims {
        0 => out.push(offset),
        1 => {
            // With edgeitems == 0, `self[-0:]` is the whole vector.
            if size > edge.saturating_mul(2) && edge > 0 {
                out.extend((0..edge).chain(size - edge..size).map(at));
            } else {
                out.extend((0..size).map(at));
            }
        }
        _ => {
            if edge == 0 {
                // `self.new_empty([0] * self.dim())` (only reachable at the top level).
                return;
            }
            let rows: Vec<usize> = if size > edge.saturating_mul(2) {
                (0..edge).chain(size - edge..size).collect()
            } else {
                (0..size).collect()
            };
            for i in rows {
                summarized_indices(shape, strides, d + 1, at(i), edge, out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The recorded PyTorch printouts live in `tests/data/tensor_format/cases.json`, written by
    //! `tools/fmt/gen_tensor.py` (see its docstring for the format).

    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Recorded {
        torch: String,
        cases: Vec<Case>,
    }

    #[derive(Deserialize)]
    struct Case {
        name: String,
        shape: Vec<usize>,
        dtype: String,
        data: Data,
        suffixes: Vec<String>,
        options: Options,
        checksum: u64,
        repr: String,
    }

    /// The elements in row-major order; floats are Python reprs (JSON has no nan/inf), cast to the
    /// dtype like `torch.tensor(list, dtype=dtype)`.
    #[derive(Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Data {
        Floats(Vec<String>),
        Ints(Vec<i64>),
        Bools(Vec<bool>),
        /// Python: `[((i * a) % m - c) / dv * sc for i in range(n)]`.
        Fm(usize, i64, i64, i64, String, String),
        /// Python: `[(i * a) % m - c for i in range(n)]`.
        Im(usize, i64, i64, i64),
        /// Python: `[(i * a) % m < c for i in range(n)]`.
        Bm(usize, i64, i64, i64),
    }

    #[derive(Deserialize)]
    struct Options {
        precision: usize,
        /// `None`: `math.inf`.
        threshold: Option<usize>,
        edgeitems: usize,
        linewidth: usize,
        sci_mode: Option<bool>,
    }

    /// The case's elements as f64 (`Ok(None)` for bools), or why they cannot be read.
    fn numbers(data: &Data) -> Result<Option<Vec<f64>>, String> {
        let float = |s: &String| s.parse::<f64>().map_err(|e| format!("float {s:?}: {e}"));
        let range = |n: usize| 0..i64::try_from(n).unwrap_or(0);
        Ok(Some(match data {
            Data::Floats(v) => v.iter().map(float).collect::<Result<_, _>>()?,
            Data::Ints(v) => v.iter().map(|&x| x as f64).collect(),
            Data::Fm(n, a, m, c, dv, sc) => {
                let (dv, sc) = (float(dv)?, float(sc)?);
                range(*n)
                    .map(|i| ((i * a) % m - c) as f64 / dv * sc)
                    .collect()
            }
            Data::Im(n, a, m, c) => range(*n).map(|i| ((i * a) % m - c) as f64).collect(),
            Data::Bools(_) | Data::Bm(..) => return Ok(None),
        }))
    }

    fn ints(data: &Data) -> Option<Vec<i64>> {
        match data {
            Data::Ints(v) => Some(v.clone()),
            Data::Im(n, a, m, c) => Some((0..*n as i64).map(|i| (i * a) % m - c).collect()),
            _ => None,
        }
    }

    fn bools(data: &Data) -> Option<Vec<bool>> {
        match data {
            Data::Bools(v) => Some(v.clone()),
            Data::Bm(n, a, m, c) => Some((0..*n as i64).map(|i| (i * a) % m < *c).collect()),
            _ => None,
        }
    }

    /// What this crate prints for one case, or why the case cannot be run.
    fn print(case: &Case) -> Result<String, String> {
        let o = &case.options;
        let opts = PrintOptions {
            precision: o.precision,
            threshold: o.threshold.unwrap_or(usize::MAX),
            edgeitems: o.edgeitems,
            linewidth: o.linewidth,
            sci_mode: o.sci_mode,
        };
        let (shape, suffixes, d) = (&case.shape, &case.suffixes, &case.data);
        let wrong = || format!("unexpected data for {}", case.dtype);
        Ok(match case.dtype.as_str() {
            "float32" => {
                let f: Vec<f32> = numbers(d)?
                    .ok_or_else(wrong)?
                    .iter()
                    .map(|&x| x as f32)
                    .collect();
                let sum: u64 = f.iter().map(|x| u64::from(x.to_bits())).sum();
                if sum != case.checksum {
                    return Err(format!(
                        "float32 data differs from torch's (checksum {sum})"
                    ));
                }
                format_tensor(shape, Elements::F32(&f), suffixes, &opts)
            }
            "float64" => format_tensor(
                shape,
                Elements::F64(&numbers(d)?.ok_or_else(wrong)?),
                suffixes,
                &opts,
            ),
            "int64" => format_tensor(
                shape,
                Elements::I64(&ints(d).ok_or_else(wrong)?),
                suffixes,
                &opts,
            ),
            "int32" => {
                let v: Vec<i32> = ints(d)
                    .ok_or_else(wrong)?
                    .iter()
                    .map(|&x| x as i32)
                    .collect();
                format_tensor(shape, Elements::I32(&v), suffixes, &opts)
            }
            "bool" => format_tensor(
                shape,
                Elements::Bool(&bools(d).ok_or_else(wrong)?),
                suffixes,
                &opts,
            ),
            other => return Err(format!("unknown dtype {other}")),
        })
    }

    #[test]
    fn torch_printouts() {
        let json = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/tensor_format/cases.json"
        ));
        let recorded: Recorded = serde_json::from_str(json).unwrap_or_else(|e| panic!("{e}"));
        assert!(recorded.torch.starts_with("2."), "torch {}", recorded.torch);
        assert_eq!(recorded.cases.len(), 168, "number of recorded cases");
        let mut failures = Vec::new();
        for case in &recorded.cases {
            match print(case) {
                Ok(got) if got == case.repr => {}
                Ok(got) => failures.push(format!(
                    "{}: PyTorch printed\n{}\ngot\n{got}",
                    case.name, case.repr
                )),
                Err(e) => failures.push(format!("{}: {e}", case.name)),
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {} printouts differ from PyTorch:\n{}",
            failures.len(),
            recorded.cases.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn size_strings() {
        assert_eq!(format_size(&[2, 3]), "torch.Size([2, 3])");
        assert_eq!(format_size(&[]), "torch.Size([])");
        assert_eq!(format_size(&[5]), "torch.Size([5])");
    }

    #[test]
    fn python_number_helpers() {
        assert_eq!(py_sci(1e-5, 4), "1.0000e-05");
        assert_eq!(py_sci(-1.5e100, 2), "-1.50e+100");
        assert_eq!(py_sci(-0.0, 4), "-0.0000e+00");
        assert_eq!(py_fixed(0.125, 2), "0.12");
        assert_eq!(py_fixed(f64::NAN, 4), "nan");
        assert_eq!(py_fixed(f64::NEG_INFINITY, 0), "-inf");
    }

    #[test]
    fn malformed_input_does_not_panic() {
        let o = PrintOptions::default();
        // Too little data: missing elements read as zero.
        assert_eq!(
            format_tensor(&[3], Elements::I64(&[1]), &[], &o),
            "tensor([1, 0, 0])"
        );
        // Huge shape with summarization only touches the shown elements.
        let s = format_tensor(&[usize::MAX, 2], Elements::F32(&[]), &[], &o);
        assert!(s.starts_with("tensor([[0., 0.],"));
        let wild = PrintOptions {
            precision: usize::MAX,
            threshold: 0,
            edgeitems: usize::MAX,
            linewidth: 0,
            sci_mode: Some(true),
        };
        let s = format_tensor(&[2, 2], Elements::F64(&[1.0, 2.0, 3.0, 4.0]), &[], &wild);
        assert!(s.starts_with("tensor([[1.0000"));
    }
}
