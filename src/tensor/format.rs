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
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    format!("torch.Size([{}])", dims.join(", "))
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
    use super::*;

    /// Test data; floats are `f64` values cast to the element type, like `torch.tensor(list)`.
    enum D {
        F32(Vec<f64>),
        F64(Vec<f64>),
        I64(Vec<i64>),
        I32(Vec<i64>),
        Bool(Vec<bool>),
    }

    fn lit_f(v: &[f64]) -> Vec<f64> {
        v.to_vec()
    }

    /// Python: `[((i * a) % m - c) / dv * sc for i in range(n)]`.
    fn fm(n: usize, a: i64, m: i64, c: i64, dv: f64, sc: f64) -> Vec<f64> {
        (0..n as i64)
            .map(|i| ((i * a) % m - c) as f64 / dv * sc)
            .collect()
    }

    /// Python: `[(i * a) % m - c for i in range(n)]`.
    fn im(n: usize, a: i64, m: i64, c: i64) -> Vec<i64> {
        (0..n as i64).map(|i| (i * a) % m - c).collect()
    }

    /// Python: `[(i * a) % m < c for i in range(n)]`.
    fn bm(n: usize, a: i64, m: i64, c: i64) -> Vec<bool> {
        (0..n as i64).map(|i| (i * a) % m < c).collect()
    }

    fn opts(
        precision: usize,
        threshold: usize,
        edgeitems: usize,
        linewidth: usize,
        sci_mode: Option<bool>,
    ) -> PrintOptions {
        PrintOptions {
            precision,
            threshold,
            edgeitems,
            linewidth,
            sci_mode,
        }
    }

    /// `checksum` is the sum of the float32 bit patterns torch held (0 for other dtypes).
    fn check(
        shape: &[usize],
        d: D,
        suffixes: &[&str],
        o: PrintOptions,
        checksum: u64,
        expected: &str,
    ) {
        let suffixes: Vec<String> = suffixes.iter().map(|s| s.to_string()).collect();
        let got = match d {
            D::F32(v) => {
                let f: Vec<f32> = v.iter().map(|&x| x as f32).collect();
                let sum: u64 = f.iter().map(|x| u64::from(x.to_bits())).sum();
                assert_eq!(sum, checksum, "float32 data differs from torch's");
                format_tensor(shape, Elements::F32(&f), &suffixes, &o)
            }
            D::F64(v) => format_tensor(shape, Elements::F64(&v), &suffixes, &o),
            D::I64(v) => format_tensor(shape, Elements::I64(&v), &suffixes, &o),
            D::I32(v) => {
                let v: Vec<i32> = v.iter().map(|&x| x as i32).collect();
                format_tensor(shape, Elements::I32(&v), &suffixes, &o)
            }
            D::Bool(v) => format_tensor(shape, Elements::Bool(&v), &suffixes, &o),
        };
        assert_eq!(got, expected);
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

    // BEGIN GENERATED by gen/gen_tensor.py (expected strings printed by PyTorch)
    #[test]
    fn torch_scalar_f32_0() {
        check(
            &[],
            D::F32(lit_f(&[3.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1077936128,
            "tensor(3.)",
        );
    }

    #[test]
    fn torch_scalar_f32_1() {
        check(
            &[],
            D::F32(lit_f(&[3.5])),
            &[],
            opts(4, 1000, 3, 80, None),
            1080033280,
            "tensor(3.5000)",
        );
    }

    #[test]
    fn torch_scalar_f32_2() {
        check(
            &[],
            D::F32(lit_f(&[-0.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2147483648,
            "tensor(-0.)",
        );
    }

    #[test]
    fn torch_scalar_f32_3() {
        check(
            &[],
            D::F32(lit_f(&[0.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor(0.)",
        );
    }

    #[test]
    fn torch_scalar_f32_4() {
        check(
            &[],
            D::F32(lit_f(&[f64::NAN])),
            &[],
            opts(4, 1000, 3, 80, None),
            2143289344,
            "tensor(nan)",
        );
    }

    #[test]
    fn torch_scalar_f32_5() {
        check(
            &[],
            D::F32(lit_f(&[f64::INFINITY])),
            &[],
            opts(4, 1000, 3, 80, None),
            2139095040,
            "tensor(inf)",
        );
    }

    #[test]
    fn torch_scalar_f32_6() {
        check(
            &[],
            D::F32(lit_f(&[f64::NEG_INFINITY])),
            &[],
            opts(4, 1000, 3, 80, None),
            4286578688,
            "tensor(-inf)",
        );
    }

    #[test]
    fn torch_scalar_f32_7() {
        check(
            &[],
            D::F32(lit_f(&[1e-10])),
            &[],
            opts(4, 1000, 3, 80, None),
            786163455,
            "tensor(1.0000e-10)",
        );
    }

    #[test]
    fn torch_scalar_f32_8() {
        check(
            &[],
            D::F32(lit_f(&[123456789.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1290500515,
            "tensor(1.2346e+08)",
        );
    }

    #[test]
    fn torch_scalar_f32_9() {
        check(
            &[],
            D::F32(lit_f(&[5e-05])),
            &[],
            opts(4, 1000, 3, 80, None),
            944879383,
            "tensor(5.0000e-05)",
        );
    }

    #[test]
    fn torch_scalar_f32_10() {
        check(
            &[],
            D::F32(lit_f(&[2.5e-05])),
            &[],
            opts(4, 1000, 3, 80, None),
            936490775,
            "tensor(2.5000e-05)",
        );
    }

    #[test]
    fn torch_scalar_f32_11() {
        check(
            &[],
            D::F32(lit_f(&[10000000000.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1343554297,
            "tensor(1.0000e+10)",
        );
    }

    #[test]
    fn torch_scalar_f32_12() {
        check(
            &[],
            D::F32(lit_f(&[-2.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            3221225472,
            "tensor(-2.)",
        );
    }

    #[test]
    fn torch_scalar_f32_13() {
        check(
            &[],
            D::F32(lit_f(&[0.1])),
            &[],
            opts(4, 1000, 3, 80, None),
            1036831949,
            "tensor(0.1000)",
        );
    }

    #[test]
    fn torch_scalar_f32_14() {
        check(
            &[],
            D::F32(lit_f(&[100000000.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1287568416,
            "tensor(100000000.)",
        );
    }

    #[test]
    fn torch_scalar_f32_15() {
        check(
            &[],
            D::F32(lit_f(&[100000000.5])),
            &[],
            opts(4, 1000, 3, 80, None),
            1287568416,
            "tensor(100000000.)",
        );
    }

    #[test]
    fn torch_scalar_f32_16() {
        check(
            &[],
            D::F32(lit_f(&[99999.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1203982208,
            "tensor(99999.)",
        );
    }

    #[test]
    fn torch_scalar_f32_17() {
        check(
            &[],
            D::F32(lit_f(&[0.0001])),
            &[],
            opts(4, 1000, 3, 80, None),
            953267991,
            "tensor(1.0000e-04)",
        );
    }

    #[test]
    fn torch_scalar_f32_18() {
        check(
            &[],
            D::F32(lit_f(&[12345.678])),
            &[],
            opts(4, 1000, 3, 80, None),
            1178658486,
            "tensor(12345.6777)",
        );
    }

    #[test]
    fn torch_scalar_f32_grad() {
        check(
            &[],
            D::F32(lit_f(&[2.5])),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            1075838976,
            "tensor(2.5000, requires_grad=True)",
        );
    }

    #[test]
    fn torch_scalar_f64() {
        check(
            &[],
            D::F64(lit_f(&[0.1])),
            &["dtype=torch.float64"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor(0.1000, dtype=torch.float64)",
        );
    }

    #[test]
    fn torch_scalar_i64() {
        check(
            &[],
            D::I64([3].to_vec()),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor(3)",
        );
    }

    #[test]
    fn torch_scalar_i64_neg() {
        check(
            &[],
            D::I64([-9223372036854775807].to_vec()),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor(-9223372036854775807)",
        );
    }

    #[test]
    fn torch_scalar_i32() {
        check(
            &[],
            D::I32([-7].to_vec()),
            &["dtype=torch.int32"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor(-7, dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_scalar_bool() {
        check(
            &[],
            D::Bool([true].to_vec()),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor(True)",
        );
    }

    #[test]
    fn torch_scalar_bool_f() {
        check(
            &[],
            D::Bool([false].to_vec()),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor(False)",
        );
    }

    #[test]
    fn torch_vec_f32_ints() {
        check(
            &[3],
            D::F32(lit_f(&[1.0, 2.0, 3.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            3217031168,
            "tensor([1., 2., 3.])",
        );
    }

    #[test]
    fn torch_vec_f32_mixed() {
        check(
            &[3],
            D::F32(lit_f(&[1.5, -2.25, 3.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            5369757696,
            "tensor([ 1.5000, -2.2500,  3.0000])",
        );
    }

    #[test]
    fn torch_vec_f32_zeros() {
        check(
            &[2],
            D::F32(lit_f(&[0.0, 0.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([0., 0.])",
        );
    }

    #[test]
    fn torch_vec_f32_negzero() {
        check(
            &[2],
            D::F32(lit_f(&[-0.0, 0.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2147483648,
            "tensor([-0., 0.])",
        );
    }

    #[test]
    fn torch_vec_f32_nan_int() {
        check(
            &[2],
            D::F32(lit_f(&[f64::NAN, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            3208642560,
            "tensor([nan, 1.])",
        );
    }

    #[test]
    fn torch_vec_f32_nan_frac() {
        check(
            &[2],
            D::F32(lit_f(&[f64::NAN, 1.5])),
            &[],
            opts(4, 1000, 3, 80, None),
            3212836864,
            "tensor([   nan, 1.5000])",
        );
    }

    #[test]
    fn torch_vec_f32_nonfinite() {
        check(
            &[3],
            D::F32(lit_f(&[f64::INFINITY, f64::NEG_INFINITY, f64::NAN])),
            &[],
            opts(4, 1000, 3, 80, None),
            8568963072,
            "tensor([inf, -inf, nan])",
        );
    }

    #[test]
    fn torch_vec_f32_nonfinite_int() {
        check(
            &[4],
            D::F32(lit_f(&[f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 2.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            9642704896,
            "tensor([inf, -inf, nan, 2.])",
        );
    }

    #[test]
    fn torch_vec_f32_nonfinite_frac() {
        check(
            &[4],
            D::F32(lit_f(&[f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 2.5])),
            &[],
            opts(4, 1000, 3, 80, None),
            9644802048,
            "tensor([   inf,   -inf,    nan, 2.5000])",
        );
    }

    #[test]
    fn torch_vec_f32_nonfinite_sci() {
        check(
            &[4],
            D::F32(lit_f(&[f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 1e-05])),
            &[],
            opts(4, 1000, 3, 80, None),
            9494316460,
            "tensor([       inf,       -inf,        nan, 1.0000e-05])",
        );
    }

    #[test]
    fn torch_vec_f32_tiny() {
        check(
            &[2],
            D::F32(lit_f(&[1e-05, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1990706604,
            "tensor([1.0000e-05, 1.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_big_int() {
        check(
            &[2],
            D::F32(lit_f(&[10000000000.0, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2408907513,
            "tensor([1.0000e+10, 1.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_big_frac() {
        check(
            &[2],
            D::F32(lit_f(&[10000000000.0, 1.5])),
            &[],
            opts(4, 1000, 3, 80, None),
            2413101817,
            "tensor([1.0000e+10, 1.5000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_1e8_int() {
        check(
            &[2],
            D::F32(lit_f(&[100000000.0, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2352921632,
            "tensor([1.0000e+08, 1.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_1e9() {
        check(
            &[1],
            D::F32(lit_f(&[1000000000.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1315859240,
            "tensor([1.0000e+09])",
        );
    }

    #[test]
    fn torch_vec_f32_1e8() {
        check(
            &[1],
            D::F32(lit_f(&[100000000.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1287568416,
            "tensor([100000000.])",
        );
    }

    #[test]
    fn torch_vec_f32_ratio_1000() {
        check(
            &[2],
            D::F32(lit_f(&[1.0, 1000.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2214199296,
            "tensor([   1., 1000.])",
        );
    }

    #[test]
    fn torch_vec_f32_ratio_1001() {
        check(
            &[2],
            D::F32(lit_f(&[1.0, 1001.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2214215680,
            "tensor([1.0000e+00, 1.0010e+03])",
        );
    }

    #[test]
    fn torch_vec_f32_ratio_frac() {
        check(
            &[2],
            D::F32(lit_f(&[0.5, 500.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2197422080,
            "tensor([  0.5000, 500.0000])",
        );
    }

    #[test]
    fn torch_vec_f32_ratio_frac2() {
        check(
            &[2],
            D::F32(lit_f(&[0.5, 500.5])),
            &[],
            opts(4, 1000, 3, 80, None),
            2197438464,
            "tensor([5.0000e-01, 5.0050e+02])",
        );
    }

    #[test]
    fn torch_vec_f32_min_1e_4() {
        check(
            &[2],
            D::F32(lit_f(&[0.0001, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2018621207,
            "tensor([1.0000e-04, 1.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_min_1e_4b() {
        check(
            &[2],
            D::F32(lit_f(&[0.00011, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2019995597,
            "tensor([1.1000e-04, 1.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_half_e4() {
        check(
            &[2],
            D::F32(lit_f(&[5e-05, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2010232599,
            "tensor([5.0000e-05, 1.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_q25e5() {
        check(
            &[2],
            D::F32(lit_f(&[2.5e-05, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2001843991,
            "tensor([2.5000e-05, 1.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_special() {
        check(
            &[3],
            D::F32(lit_f(&[1e-10, 123456789.0, -0.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            4224147618,
            "tensor([1.0000e-10, 1.2346e+08, -0.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_tenths() {
        check(
            &[3],
            D::F32(lit_f(&[0.1, 0.2, 0.3])),
            &[],
            opts(4, 1000, 3, 80, None),
            3132306228,
            "tensor([0.1000, 0.2000, 0.3000])",
        );
    }

    #[test]
    fn torch_vec_f32_round4() {
        check(
            &[6],
            D::F32(lit_f(&[
                0.00015, 0.00025, 1.00005, 2.00015, 0.12345, 0.99995,
            ])),
            &[],
            opts(4, 1000, 3, 80, None),
            6167539693,
            "tensor([1.5000e-04, 2.5000e-04, 1.0000e+00, 2.0001e+00, 1.2345e-01, 9.9995e-01])",
        );
    }

    #[test]
    fn torch_vec_f32_neg_sci() {
        check(
            &[3],
            D::F32(lit_f(&[-1e-07, 3.0, -45000.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            7436928917,
            "tensor([-1.0000e-07,  3.0000e+00, -4.5000e+04])",
        );
    }

    #[test]
    fn torch_vec_f32_allneg() {
        check(
            &[2],
            D::F32(lit_f(&[-1.0, -2.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            6434062336,
            "tensor([-1., -2.])",
        );
    }

    #[test]
    fn torch_vec_f32_big_ints() {
        check(
            &[2],
            D::F32(lit_f(&[123456.0, -7.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            4442890240,
            "tensor([ 1.2346e+05, -7.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_huge() {
        check(
            &[3],
            D::F32(lit_f(&[3e+38, -3e+38, 1e-38])),
            &[],
            opts(4, 1000, 3, 80, None),
            6428837818,
            "tensor([ 3.0000e+38, -3.0000e+38,  1.0000e-38])",
        );
    }

    #[test]
    fn torch_vec_f32_denorm() {
        check(
            &[2],
            D::F32(lit_f(&[1e-45, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            1065353217,
            "tensor([1.4013e-45, 1.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_int_1e16() {
        check(
            &[2],
            D::F32(lit_f(&[1e+16, 2.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            2584615882,
            "tensor([1.0000e+16, 2.0000e+00])",
        );
    }

    #[test]
    fn torch_vec_f32_nan_only() {
        check(
            &[1],
            D::F32(lit_f(&[f64::NAN])),
            &[],
            opts(4, 1000, 3, 80, None),
            2143289344,
            "tensor([nan])",
        );
    }

    #[test]
    fn torch_vec_f32_inf_only() {
        check(
            &[1],
            D::F32(lit_f(&[f64::INFINITY])),
            &[],
            opts(4, 1000, 3, 80, None),
            2139095040,
            "tensor([inf])",
        );
    }

    #[test]
    fn torch_vec_f32_neginf_int() {
        check(
            &[2],
            D::F32(lit_f(&[f64::NEG_INFINITY, 1.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            5351931904,
            "tensor([-inf, 1.])",
        );
    }

    #[test]
    fn torch_vec_f32_nan_big() {
        check(
            &[2],
            D::F32(lit_f(&[f64::NAN, 10000000000.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            3486843641,
            "tensor([       nan, 1.0000e+10])",
        );
    }

    #[test]
    fn torch_vec_f32_nan_neg() {
        check(
            &[2],
            D::F32(lit_f(&[f64::NAN, -123.5])),
            &[],
            opts(4, 1000, 3, 80, None),
            5414256640,
            "tensor([      nan, -123.5000])",
        );
    }

    #[test]
    fn torch_vec_f32_mixed_width() {
        check(
            &[3],
            D::F32(lit_f(&[-0.5, 10.25, 100.125])),
            &[],
            opts(4, 1000, 3, 80, None),
            5417746432,
            "tensor([ -0.5000,  10.2500, 100.1250])",
        );
    }

    #[test]
    fn torch_vec_f32_int_neg_zero() {
        check(
            &[3],
            D::F32(lit_f(&[-0.0, 5.0, -3.0])),
            &[],
            opts(4, 1000, 3, 80, None),
            6457131008,
            "tensor([-0.,  5., -3.])",
        );
    }

    #[test]
    fn torch_vec_f32_half_int() {
        check(
            &[4],
            D::F32(lit_f(&[0.5, 1.5, 2.5, 3.5])),
            &[],
            opts(4, 1000, 3, 80, None),
            4282384384,
            "tensor([0.5000, 1.5000, 2.5000, 3.5000])",
        );
    }

    #[test]
    fn torch_vec_f64_mixed() {
        check(
            &[3],
            D::F64(lit_f(&[0.1, 0.001, 2.0])),
            &["dtype=torch.float64"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([1.0000e-01, 1.0000e-03, 2.0000e+00], dtype=torch.float64)",
        );
    }

    #[test]
    fn torch_vec_f64_sci() {
        check(
            &[2],
            D::F64(lit_f(&[1e-300, 1e+300])),
            &["dtype=torch.float64"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([1.0000e-300, 1.0000e+300], dtype=torch.float64)",
        );
    }

    #[test]
    fn torch_vec_f64_int() {
        check(
            &[2],
            D::F64(lit_f(&[1.0, -2.0])),
            &["dtype=torch.float64"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([ 1., -2.], dtype=torch.float64)",
        );
    }

    #[test]
    fn torch_arange30() {
        check(
            &[30],
            D::F32(fm(30, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            31744065536,
            "tensor([ 0.,  1.,  2.,  3.,  4.,  5.,  6.,  7.,  8.,  9., 10., 11., 12., 13.,\n        14., 15., 16., 17., 18., 19., 20., 21., 22., 23., 24., 25., 26., 27.,\n        28., 29.])",
        );
    }

    #[test]
    fn torch_arange30_frac() {
        check(
            &[30],
            D::F32(fm(30, 1, 1099511627776, 0, 4.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            31257526272,
            "tensor([0.0000, 0.2500, 0.5000, 0.7500, 1.0000, 1.2500, 1.5000, 1.7500, 2.0000,\n        2.2500, 2.5000, 2.7500, 3.0000, 3.2500, 3.5000, 3.7500, 4.0000, 4.2500,\n        4.5000, 4.7500, 5.0000, 5.2500, 5.5000, 5.7500, 6.0000, 6.2500, 6.5000,\n        6.7500, 7.0000, 7.2500])",
        );
    }

    #[test]
    fn torch_linspace30() {
        check(
            &[30],
            D::F32(fm(30, 2, 1099511627776, 29, 29.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            63816479990,
            "tensor([-1.0000, -0.9310, -0.8621, -0.7931, -0.7241, -0.6552, -0.5862, -0.5172,\n        -0.4483, -0.3793, -0.3103, -0.2414, -0.1724, -0.1034, -0.0345,  0.0345,\n         0.1034,  0.1724,  0.2414,  0.3103,  0.3793,  0.4483,  0.5172,  0.5862,\n         0.6552,  0.7241,  0.7931,  0.8621,  0.9310,  1.0000])",
        );
    }

    #[test]
    fn torch_vec100() {
        check(
            &[100],
            D::F32(fm(100, 37, 1000, 500, 37.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            222218391885,
            "tensor([-13.5135, -12.5135, -11.5135, -10.5135,  -9.5135,  -8.5135,  -7.5135,\n         -6.5135,  -5.5135,  -4.5135,  -3.5135,  -2.5135,  -1.5135,  -0.5135,\n          0.4865,   1.4865,   2.4865,   3.4865,   4.4865,   5.4865,   6.4865,\n          7.4865,   8.4865,   9.4865,  10.4865,  11.4865,  12.4865,  13.4865,\n        -12.5405, -11.5405, -10.5405,  -9.5405,  -8.5405,  -7.5405,  -6.5405,\n         -5.5405,  -4.5405,  -3.5405,  -2.5405,  -1.5405,  -0.5405,   0.4595,\n          1.4595,   2.4595,   3.4595,   4.4595,   5.4595,   6.4595,   7.4595,\n          8.4595,   9.4595,  10.4595,  11.4595,  12.4595,  13.4595, -12.5676,\n        -11.5676, -10.5676,  -9.5676,  -8.5676,  -7.5676,  -6.5676,  -5.5676,\n         -4.5676,  -3.5676,  -2.5676,  -1.5676,  -0.5676,   0.4324,   1.4324,\n          2.4324,   3.4324,   4.4324,   5.4324,   6.4324,   7.4324,   8.4324,\n          9.4324,  10.4324,  11.4324,  12.4324,  13.4324, -12.5946, -11.5946,\n        -10.5946,  -9.5946,  -8.5946,  -7.5946,  -6.5946,  -5.5946,  -4.5946,\n         -3.5946,  -2.5946,  -1.5946,  -0.5946,   0.4054,   1.4054,   2.4054,\n          3.4054,   4.4054])",
        );
    }

    #[test]
    fn torch_vec100_grad() {
        check(
            &[100],
            D::F32(fm(100, 37, 1000, 500, 37.0, 1.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            222218391885,
            "tensor([-13.5135, -12.5135, -11.5135, -10.5135,  -9.5135,  -8.5135,  -7.5135,\n         -6.5135,  -5.5135,  -4.5135,  -3.5135,  -2.5135,  -1.5135,  -0.5135,\n          0.4865,   1.4865,   2.4865,   3.4865,   4.4865,   5.4865,   6.4865,\n          7.4865,   8.4865,   9.4865,  10.4865,  11.4865,  12.4865,  13.4865,\n        -12.5405, -11.5405, -10.5405,  -9.5405,  -8.5405,  -7.5405,  -6.5405,\n         -5.5405,  -4.5405,  -3.5405,  -2.5405,  -1.5405,  -0.5405,   0.4595,\n          1.4595,   2.4595,   3.4595,   4.4595,   5.4595,   6.4595,   7.4595,\n          8.4595,   9.4595,  10.4595,  11.4595,  12.4595,  13.4595, -12.5676,\n        -11.5676, -10.5676,  -9.5676,  -8.5676,  -7.5676,  -6.5676,  -5.5676,\n         -4.5676,  -3.5676,  -2.5676,  -1.5676,  -0.5676,   0.4324,   1.4324,\n          2.4324,   3.4324,   4.4324,   5.4324,   6.4324,   7.4324,   8.4324,\n          9.4324,  10.4324,  11.4324,  12.4324,  13.4324, -12.5946, -11.5946,\n        -10.5946,  -9.5946,  -8.5946,  -7.5946,  -6.5946,  -5.5946,  -4.5946,\n         -3.5946,  -2.5946,  -1.5946,  -0.5946,   0.4054,   1.4054,   2.4054,\n          3.4054,   4.4054], requires_grad=True)",
        );
    }

    #[test]
    fn torch_vec100_gradfn() {
        check(
            &[100],
            D::F32(fm(100, 37, 1000, 500, 37.0, 1.0)),
            &["grad_fn=<MulBackward0>"],
            opts(4, 1000, 3, 80, None),
            222218391885,
            "tensor([-13.5135, -12.5135, -11.5135, -10.5135,  -9.5135,  -8.5135,  -7.5135,\n         -6.5135,  -5.5135,  -4.5135,  -3.5135,  -2.5135,  -1.5135,  -0.5135,\n          0.4865,   1.4865,   2.4865,   3.4865,   4.4865,   5.4865,   6.4865,\n          7.4865,   8.4865,   9.4865,  10.4865,  11.4865,  12.4865,  13.4865,\n        -12.5405, -11.5405, -10.5405,  -9.5405,  -8.5405,  -7.5405,  -6.5405,\n         -5.5405,  -4.5405,  -3.5405,  -2.5405,  -1.5405,  -0.5405,   0.4595,\n          1.4595,   2.4595,   3.4595,   4.4595,   5.4595,   6.4595,   7.4595,\n          8.4595,   9.4595,  10.4595,  11.4595,  12.4595,  13.4595, -12.5676,\n        -11.5676, -10.5676,  -9.5676,  -8.5676,  -7.5676,  -6.5676,  -5.5676,\n         -4.5676,  -3.5676,  -2.5676,  -1.5676,  -0.5676,   0.4324,   1.4324,\n          2.4324,   3.4324,   4.4324,   5.4324,   6.4324,   7.4324,   8.4324,\n          9.4324,  10.4324,  11.4324,  12.4324,  13.4324, -12.5946, -11.5946,\n        -10.5946,  -9.5946,  -8.5946,  -7.5946,  -6.5946,  -5.5946,  -4.5946,\n         -3.5946,  -2.5946,  -1.5946,  -0.5946,   0.4054,   1.4054,   2.4054,\n          3.4054,   4.4054], grad_fn=<MulBackward0>)",
        );
    }

    #[test]
    fn torch_vec12_grad() {
        check(
            &[12],
            D::F32(fm(12, 7, 100, 50, 3.0, 1.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            30200386902,
            "tensor([-16.6667, -14.3333, -12.0000,  -9.6667,  -7.3333,  -5.0000,  -2.6667,\n         -0.3333,   2.0000,   4.3333,   6.6667,   9.0000], requires_grad=True)",
        );
    }

    #[test]
    fn torch_vec13_grad() {
        check(
            &[13],
            D::F32(fm(13, 7, 100, 50, 3.0, 1.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            31294401195,
            "tensor([-16.6667, -14.3333, -12.0000,  -9.6667,  -7.3333,  -5.0000,  -2.6667,\n         -0.3333,   2.0000,   4.3333,   6.6667,   9.0000,  11.3333],\n       requires_grad=True)",
        );
    }

    #[test]
    fn torch_vec9_grad() {
        check(
            &[9],
            D::F32(fm(9, 7, 100, 50, 3.0, 1.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            26938266966,
            "tensor([-16.6667, -14.3333, -12.0000,  -9.6667,  -7.3333,  -5.0000,  -2.6667,\n         -0.3333,   2.0000], requires_grad=True)",
        );
    }

    #[test]
    fn torch_vec100_sci() {
        check(
            &[100],
            D::F32(fm(100, 37, 1000, 500, 37.0, 1e-06)),
            &[],
            opts(4, 1000, 3, 80, None),
            205499478858,
            "tensor([-1.3514e-05, -1.2514e-05, -1.1514e-05, -1.0514e-05, -9.5135e-06,\n        -8.5135e-06, -7.5135e-06, -6.5135e-06, -5.5135e-06, -4.5135e-06,\n        -3.5135e-06, -2.5135e-06, -1.5135e-06, -5.1351e-07,  4.8649e-07,\n         1.4865e-06,  2.4865e-06,  3.4865e-06,  4.4865e-06,  5.4865e-06,\n         6.4865e-06,  7.4865e-06,  8.4865e-06,  9.4865e-06,  1.0486e-05,\n         1.1486e-05,  1.2486e-05,  1.3486e-05, -1.2541e-05, -1.1541e-05,\n        -1.0541e-05, -9.5405e-06, -8.5405e-06, -7.5405e-06, -6.5405e-06,\n        -5.5405e-06, -4.5405e-06, -3.5405e-06, -2.5405e-06, -1.5405e-06,\n        -5.4054e-07,  4.5946e-07,  1.4595e-06,  2.4595e-06,  3.4595e-06,\n         4.4595e-06,  5.4595e-06,  6.4595e-06,  7.4595e-06,  8.4595e-06,\n         9.4595e-06,  1.0459e-05,  1.1459e-05,  1.2459e-05,  1.3459e-05,\n        -1.2568e-05, -1.1568e-05, -1.0568e-05, -9.5676e-06, -8.5676e-06,\n        -7.5676e-06, -6.5676e-06, -5.5676e-06, -4.5676e-06, -3.5676e-06,\n        -2.5676e-06, -1.5676e-06, -5.6757e-07,  4.3243e-07,  1.4324e-06,\n         2.4324e-06,  3.4324e-06,  4.4324e-06,  5.4324e-06,  6.4324e-06,\n         7.4324e-06,  8.4324e-06,  9.4324e-06,  1.0432e-05,  1.1432e-05,\n         1.2432e-05,  1.3432e-05, -1.2595e-05, -1.1595e-05, -1.0595e-05,\n        -9.5946e-06, -8.5946e-06, -7.5946e-06, -6.5946e-06, -5.5946e-06,\n        -4.5946e-06, -3.5946e-06, -2.5946e-06, -1.5946e-06, -5.9459e-07,\n         4.0541e-07,  1.4054e-06,  2.4054e-06,  3.4054e-06,  4.4054e-06])",
        );
    }

    #[test]
    fn torch_vec40_ints() {
        check(
            &[40],
            D::F32(fm(40, 13, 97, 40, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            81587863552,
            "tensor([-40., -27., -14.,  -1.,  12.,  25.,  38.,  51., -33., -20.,  -7.,   6.,\n         19.,  32.,  45., -39., -26., -13.,   0.,  13.,  26.,  39.,  52., -32.,\n        -19.,  -6.,   7.,  20.,  33.,  46., -38., -25., -12.,   1.,  14.,  27.,\n         40.,  53., -31., -18.])",
        );
    }

    #[test]
    fn torch_vec1001() {
        check(
            &[1001],
            D::F32(fm(1001, 1, 1099511627776, 0, 10.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            1108533837825,
            "tensor([  0.0000,   0.1000,   0.2000,  ...,  99.8000,  99.9000, 100.0000])",
        );
    }

    #[test]
    fn torch_vec1000() {
        check(
            &[1000],
            D::F32(fm(1000, 3, 1001, 500, 7.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            2177184450857,
            "tensor([-71.4286, -71.0000, -70.5714, -70.1429, -69.7143, -69.2857, -68.8571,\n        -68.4286, -68.0000, -67.5714, -67.1429, -66.7143, -66.2857, -65.8571,\n        -65.4286, -65.0000, -64.5714, -64.1429, -63.7143, -63.2857, -62.8571,\n        -62.4286, -62.0000, -61.5714, -61.1429, -60.7143, -60.2857, -59.8571,\n        -59.4286, -59.0000, -58.5714, -58.1429, -57.7143, -57.2857, -56.8571,\n        -56.4286, -56.0000, -55.5714, -55.1429, -54.7143, -54.2857, -53.8571,\n        -53.4286, -53.0000, -52.5714, -52.1429, -51.7143, -51.2857, -50.8571,\n        -50.4286, -50.0000, -49.5714, -49.1429, -48.7143, -48.2857, -47.8571,\n        -47.4286, -47.0000, -46.5714, -46.1429, -45.7143, -45.2857, -44.8571,\n        -44.4286, -44.0000, -43.5714, -43.1429, -42.7143, -42.2857, -41.8571,\n        -41.4286, -41.0000, -40.5714, -40.1429, -39.7143, -39.2857, -38.8571,\n        -38.4286, -38.0000, -37.5714, -37.1429, -36.7143, -36.2857, -35.8571,\n        -35.4286, -35.0000, -34.5714, -34.1429, -33.7143, -33.2857, -32.8571,\n        -32.4286, -32.0000, -31.5714, -31.1429, -30.7143, -30.2857, -29.8571,\n        -29.4286, -29.0000, -28.5714, -28.1429, -27.7143, -27.2857, -26.8571,\n        -26.4286, -26.0000, -25.5714, -25.1429, -24.7143, -24.2857, -23.8571,\n        -23.4286, -23.0000, -22.5714, -22.1429, -21.7143, -21.2857, -20.8571,\n        -20.4286, -20.0000, -19.5714, -19.1429, -18.7143, -18.2857, -17.8571,\n        -17.4286, -17.0000, -16.5714, -16.1429, -15.7143, -15.2857, -14.8571,\n        -14.4286, -14.0000, -13.5714, -13.1429, -12.7143, -12.2857, -11.8571,\n        -11.4286, -11.0000, -10.5714, -10.1429,  -9.7143,  -9.2857,  -8.8571,\n         -8.4286,  -8.0000,  -7.5714,  -7.1429,  -6.7143,  -6.2857,  -5.8571,\n         -5.4286,  -5.0000,  -4.5714,  -4.1429,  -3.7143,  -3.2857,  -2.8571,\n         -2.4286,  -2.0000,  -1.5714,  -1.1429,  -0.7143,  -0.2857,   0.1429,\n          0.5714,   1.0000,   1.4286,   1.8571,   2.2857,   2.7143,   3.1429,\n          3.5714,   4.0000,   4.4286,   4.8571,   5.2857,   5.7143,   6.1429,\n          6.5714,   7.0000,   7.4286,   7.8571,   8.2857,   8.7143,   9.1429,\n          9.5714,  10.0000,  10.4286,  10.8571,  11.2857,  11.7143,  12.1429,\n         12.5714,  13.0000,  13.4286,  13.8571,  14.2857,  14.7143,  15.1429,\n         15.5714,  16.0000,  16.4286,  16.8571,  17.2857,  17.7143,  18.1429,\n         18.5714,  19.0000,  19.4286,  19.8571,  20.2857,  20.7143,  21.1429,\n         21.5714,  22.0000,  22.4286,  22.8571,  23.2857,  23.7143,  24.1429,\n         24.5714,  25.0000,  25.4286,  25.8571,  26.2857,  26.7143,  27.1429,\n         27.5714,  28.0000,  28.4286,  28.8571,  29.2857,  29.7143,  30.1429,\n         30.5714,  31.0000,  31.4286,  31.8571,  32.2857,  32.7143,  33.1429,\n         33.5714,  34.0000,  34.4286,  34.8571,  35.2857,  35.7143,  36.1429,\n         36.5714,  37.0000,  37.4286,  37.8571,  38.2857,  38.7143,  39.1429,\n         39.5714,  40.0000,  40.4286,  40.8571,  41.2857,  41.7143,  42.1429,\n         42.5714,  43.0000,  43.4286,  43.8571,  44.2857,  44.7143,  45.1429,\n         45.5714,  46.0000,  46.4286,  46.8571,  47.2857,  47.7143,  48.1429,\n         48.5714,  49.0000,  49.4286,  49.8571,  50.2857,  50.7143,  51.1429,\n         51.5714,  52.0000,  52.4286,  52.8571,  53.2857,  53.7143,  54.1429,\n         54.5714,  55.0000,  55.4286,  55.8571,  56.2857,  56.7143,  57.1429,\n         57.5714,  58.0000,  58.4286,  58.8571,  59.2857,  59.7143,  60.1429,\n         60.5714,  61.0000,  61.4286,  61.8571,  62.2857,  62.7143,  63.1429,\n         63.5714,  64.0000,  64.4286,  64.8571,  65.2857,  65.7143,  66.1429,\n         66.5714,  67.0000,  67.4286,  67.8571,  68.2857,  68.7143,  69.1429,\n         69.5714,  70.0000,  70.4286,  70.8571,  71.2857, -71.2857, -70.8571,\n        -70.4286, -70.0000, -69.5714, -69.1429, -68.7143, -68.2857, -67.8571,\n        -67.4286, -67.0000, -66.5714, -66.1429, -65.7143, -65.2857, -64.8571,\n        -64.4286, -64.0000, -63.5714, -63.1429, -62.7143, -62.2857, -61.8571,\n        -61.4286, -61.0000, -60.5714, -60.1429, -59.7143, -59.2857, -58.8571,\n        -58.4286, -58.0000, -57.5714, -57.1429, -56.7143, -56.2857, -55.8571,\n        -55.4286, -55.0000, -54.5714, -54.1429, -53.7143, -53.2857, -52.8571,\n        -52.4286, -52.0000, -51.5714, -51.1429, -50.7143, -50.2857, -49.8571,\n        -49.4286, -49.0000, -48.5714, -48.1429, -47.7143, -47.2857, -46.8571,\n        -46.4286, -46.0000, -45.5714, -45.1429, -44.7143, -44.2857, -43.8571,\n        -43.4286, -43.0000, -42.5714, -42.1429, -41.7143, -41.2857, -40.8571,\n        -40.4286, -40.0000, -39.5714, -39.1429, -38.7143, -38.2857, -37.8571,\n        -37.4286, -37.0000, -36.5714, -36.1429, -35.7143, -35.2857, -34.8571,\n        -34.4286, -34.0000, -33.5714, -33.1429, -32.7143, -32.2857, -31.8571,\n        -31.4286, -31.0000, -30.5714, -30.1429, -29.7143, -29.2857, -28.8571,\n        -28.4286, -28.0000, -27.5714, -27.1429, -26.7143, -26.2857, -25.8571,\n        -25.4286, -25.0000, -24.5714, -24.1429, -23.7143, -23.2857, -22.8571,\n        -22.4286, -22.0000, -21.5714, -21.1429, -20.7143, -20.2857, -19.8571,\n        -19.4286, -19.0000, -18.5714, -18.1429, -17.7143, -17.2857, -16.8571,\n        -16.4286, -16.0000, -15.5714, -15.1429, -14.7143, -14.2857, -13.8571,\n        -13.4286, -13.0000, -12.5714, -12.1429, -11.7143, -11.2857, -10.8571,\n        -10.4286, -10.0000,  -9.5714,  -9.1429,  -8.7143,  -8.2857,  -7.8571,\n         -7.4286,  -7.0000,  -6.5714,  -6.1429,  -5.7143,  -5.2857,  -4.8571,\n         -4.4286,  -4.0000,  -3.5714,  -3.1429,  -2.7143,  -2.2857,  -1.8571,\n         -1.4286,  -1.0000,  -0.5714,  -0.1429,   0.2857,   0.7143,   1.1429,\n          1.5714,   2.0000,   2.4286,   2.8571,   3.2857,   3.7143,   4.1429,\n          4.5714,   5.0000,   5.4286,   5.8571,   6.2857,   6.7143,   7.1429,\n          7.5714,   8.0000,   8.4286,   8.8571,   9.2857,   9.7143,  10.1429,\n         10.5714,  11.0000,  11.4286,  11.8571,  12.2857,  12.7143,  13.1429,\n         13.5714,  14.0000,  14.4286,  14.8571,  15.2857,  15.7143,  16.1429,\n         16.5714,  17.0000,  17.4286,  17.8571,  18.2857,  18.7143,  19.1429,\n         19.5714,  20.0000,  20.4286,  20.8571,  21.2857,  21.7143,  22.1429,\n         22.5714,  23.0000,  23.4286,  23.8571,  24.2857,  24.7143,  25.1429,\n         25.5714,  26.0000,  26.4286,  26.8571,  27.2857,  27.7143,  28.1429,\n         28.5714,  29.0000,  29.4286,  29.8571,  30.2857,  30.7143,  31.1429,\n         31.5714,  32.0000,  32.4286,  32.8571,  33.2857,  33.7143,  34.1429,\n         34.5714,  35.0000,  35.4286,  35.8571,  36.2857,  36.7143,  37.1429,\n         37.5714,  38.0000,  38.4286,  38.8571,  39.2857,  39.7143,  40.1429,\n         40.5714,  41.0000,  41.4286,  41.8571,  42.2857,  42.7143,  43.1429,\n         43.5714,  44.0000,  44.4286,  44.8571,  45.2857,  45.7143,  46.1429,\n         46.5714,  47.0000,  47.4286,  47.8571,  48.2857,  48.7143,  49.1429,\n         49.5714,  50.0000,  50.4286,  50.8571,  51.2857,  51.7143,  52.1429,\n         52.5714,  53.0000,  53.4286,  53.8571,  54.2857,  54.7143,  55.1429,\n         55.5714,  56.0000,  56.4286,  56.8571,  57.2857,  57.7143,  58.1429,\n         58.5714,  59.0000,  59.4286,  59.8571,  60.2857,  60.7143,  61.1429,\n         61.5714,  62.0000,  62.4286,  62.8571,  63.2857,  63.7143,  64.1429,\n         64.5714,  65.0000,  65.4286,  65.8571,  66.2857,  66.7143,  67.1429,\n         67.5714,  68.0000,  68.4286,  68.8571,  69.2857,  69.7143,  70.1429,\n         70.5714,  71.0000,  71.4286, -71.1429, -70.7143, -70.2857, -69.8571,\n        -69.4286, -69.0000, -68.5714, -68.1429, -67.7143, -67.2857, -66.8571,\n        -66.4286, -66.0000, -65.5714, -65.1429, -64.7143, -64.2857, -63.8571,\n        -63.4286, -63.0000, -62.5714, -62.1429, -61.7143, -61.2857, -60.8571,\n        -60.4286, -60.0000, -59.5714, -59.1429, -58.7143, -58.2857, -57.8571,\n        -57.4286, -57.0000, -56.5714, -56.1429, -55.7143, -55.2857, -54.8571,\n        -54.4286, -54.0000, -53.5714, -53.1429, -52.7143, -52.2857, -51.8571,\n        -51.4286, -51.0000, -50.5714, -50.1429, -49.7143, -49.2857, -48.8571,\n        -48.4286, -48.0000, -47.5714, -47.1429, -46.7143, -46.2857, -45.8571,\n        -45.4286, -45.0000, -44.5714, -44.1429, -43.7143, -43.2857, -42.8571,\n        -42.4286, -42.0000, -41.5714, -41.1429, -40.7143, -40.2857, -39.8571,\n        -39.4286, -39.0000, -38.5714, -38.1429, -37.7143, -37.2857, -36.8571,\n        -36.4286, -36.0000, -35.5714, -35.1429, -34.7143, -34.2857, -33.8571,\n        -33.4286, -33.0000, -32.5714, -32.1429, -31.7143, -31.2857, -30.8571,\n        -30.4286, -30.0000, -29.5714, -29.1429, -28.7143, -28.2857, -27.8571,\n        -27.4286, -27.0000, -26.5714, -26.1429, -25.7143, -25.2857, -24.8571,\n        -24.4286, -24.0000, -23.5714, -23.1429, -22.7143, -22.2857, -21.8571,\n        -21.4286, -21.0000, -20.5714, -20.1429, -19.7143, -19.2857, -18.8571,\n        -18.4286, -18.0000, -17.5714, -17.1429, -16.7143, -16.2857, -15.8571,\n        -15.4286, -15.0000, -14.5714, -14.1429, -13.7143, -13.2857, -12.8571,\n        -12.4286, -12.0000, -11.5714, -11.1429, -10.7143, -10.2857,  -9.8571,\n         -9.4286,  -9.0000,  -8.5714,  -8.1429,  -7.7143,  -7.2857,  -6.8571,\n         -6.4286,  -6.0000,  -5.5714,  -5.1429,  -4.7143,  -4.2857,  -3.8571,\n         -3.4286,  -3.0000,  -2.5714,  -2.1429,  -1.7143,  -1.2857,  -0.8571,\n         -0.4286,   0.0000,   0.4286,   0.8571,   1.2857,   1.7143,   2.1429,\n          2.5714,   3.0000,   3.4286,   3.8571,   4.2857,   4.7143,   5.1429,\n          5.5714,   6.0000,   6.4286,   6.8571,   7.2857,   7.7143,   8.1429,\n          8.5714,   9.0000,   9.4286,   9.8571,  10.2857,  10.7143,  11.1429,\n         11.5714,  12.0000,  12.4286,  12.8571,  13.2857,  13.7143,  14.1429,\n         14.5714,  15.0000,  15.4286,  15.8571,  16.2857,  16.7143,  17.1429,\n         17.5714,  18.0000,  18.4286,  18.8571,  19.2857,  19.7143,  20.1429,\n         20.5714,  21.0000,  21.4286,  21.8571,  22.2857,  22.7143,  23.1429,\n         23.5714,  24.0000,  24.4286,  24.8571,  25.2857,  25.7143,  26.1429,\n         26.5714,  27.0000,  27.4286,  27.8571,  28.2857,  28.7143,  29.1429,\n         29.5714,  30.0000,  30.4286,  30.8571,  31.2857,  31.7143,  32.1429,\n         32.5714,  33.0000,  33.4286,  33.8571,  34.2857,  34.7143,  35.1429,\n         35.5714,  36.0000,  36.4286,  36.8571,  37.2857,  37.7143,  38.1429,\n         38.5714,  39.0000,  39.4286,  39.8571,  40.2857,  40.7143,  41.1429,\n         41.5714,  42.0000,  42.4286,  42.8571,  43.2857,  43.7143,  44.1429,\n         44.5714,  45.0000,  45.4286,  45.8571,  46.2857,  46.7143,  47.1429,\n         47.5714,  48.0000,  48.4286,  48.8571,  49.2857,  49.7143,  50.1429,\n         50.5714,  51.0000,  51.4286,  51.8571,  52.2857,  52.7143,  53.1429,\n         53.5714,  54.0000,  54.4286,  54.8571,  55.2857,  55.7143,  56.1429,\n         56.5714,  57.0000,  57.4286,  57.8571,  58.2857,  58.7143,  59.1429,\n         59.5714,  60.0000,  60.4286,  60.8571,  61.2857,  61.7143,  62.1429,\n         62.5714,  63.0000,  63.4286,  63.8571,  64.2857,  64.7143,  65.1429,\n         65.5714,  66.0000,  66.4286,  66.8571,  67.2857,  67.7143,  68.1429,\n         68.5714,  69.0000,  69.4286,  69.8571,  70.2857,  70.7143])",
        );
    }

    #[test]
    fn torch_vec2000() {
        check(
            &[2000],
            D::F32(fm(2000, 31, 2003, 1000, 13.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            4357189997495,
            "tensor([-76.9231, -74.5385, -72.1538,  ...,  62.8462,  65.2308,  67.6154])",
        );
    }

    #[test]
    fn torch_vec2000_sci() {
        check(
            &[2000],
            D::F32(fm(2000, 31, 2003, 1000, 13.0, 10000000.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            4747056632367,
            "tensor([-7.6923e+08, -7.4538e+08, -7.2154e+08,  ...,  6.2846e+08,\n         6.5231e+08,  6.7615e+08])",
        );
    }

    #[test]
    fn torch_m2x3() {
        check(
            &[2, 3],
            D::F32(fm(6, 1, 100, 2, 2.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            9609150464,
            "tensor([[-1.0000, -0.5000,  0.0000],\n        [ 0.5000,  1.0000,  1.5000]])",
        );
    }

    #[test]
    fn torch_m5x20() {
        check(
            &[5, 20],
            D::F32(fm(100, 17, 101, 50, 7.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            214013762417,
            "tensor([[-7.1429, -4.7143, -2.2857,  0.1429,  2.5714,  5.0000, -7.0000, -4.5714,\n         -2.1429,  0.2857,  2.7143,  5.1429, -6.8571, -4.4286, -2.0000,  0.4286,\n          2.8571,  5.2857, -6.7143, -4.2857],\n        [-1.8571,  0.5714,  3.0000,  5.4286, -6.5714, -4.1429, -1.7143,  0.7143,\n          3.1429,  5.5714, -6.4286, -4.0000, -1.5714,  0.8571,  3.2857,  5.7143,\n         -6.2857, -3.8571, -1.4286,  1.0000],\n        [ 3.4286,  5.8571, -6.1429, -3.7143, -1.2857,  1.1429,  3.5714,  6.0000,\n         -6.0000, -3.5714, -1.1429,  1.2857,  3.7143,  6.1429, -5.8571, -3.4286,\n         -1.0000,  1.4286,  3.8571,  6.2857],\n        [-5.7143, -3.2857, -0.8571,  1.5714,  4.0000,  6.4286, -5.5714, -3.1429,\n         -0.7143,  1.7143,  4.1429,  6.5714, -5.4286, -3.0000, -0.5714,  1.8571,\n          4.2857,  6.7143, -5.2857, -2.8571],\n        [-0.4286,  2.0000,  4.4286,  6.8571, -5.1429, -2.7143, -0.2857,  2.1429,\n          4.5714,  7.0000, -5.0000, -2.5714, -0.1429,  2.2857,  4.7143,  7.1429,\n         -4.8571, -2.4286,  0.0000,  2.4286]])",
        );
    }

    #[test]
    fn torch_m3x40() {
        check(
            &[3, 40],
            D::F32(fm(120, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            132200792064,
            "tensor([[  0.,   1.,   2.,   3.,   4.,   5.,   6.,   7.,   8.,   9.,  10.,  11.,\n          12.,  13.,  14.,  15.,  16.,  17.,  18.,  19.,  20.,  21.,  22.,  23.,\n          24.,  25.,  26.,  27.,  28.,  29.,  30.,  31.,  32.,  33.,  34.,  35.,\n          36.,  37.,  38.,  39.],\n        [ 40.,  41.,  42.,  43.,  44.,  45.,  46.,  47.,  48.,  49.,  50.,  51.,\n          52.,  53.,  54.,  55.,  56.,  57.,  58.,  59.,  60.,  61.,  62.,  63.,\n          64.,  65.,  66.,  67.,  68.,  69.,  70.,  71.,  72.,  73.,  74.,  75.,\n          76.,  77.,  78.,  79.],\n        [ 80.,  81.,  82.,  83.,  84.,  85.,  86.,  87.,  88.,  89.,  90.,  91.,\n          92.,  93.,  94.,  95.,  96.,  97.,  98.,  99., 100., 101., 102., 103.,\n         104., 105., 106., 107., 108., 109., 110., 111., 112., 113., 114., 115.,\n         116., 117., 118., 119.]])",
        );
    }

    #[test]
    fn torch_m2x2_nan() {
        check(
            &[2, 2],
            D::F32(lit_f(&[1.0, f64::NAN, f64::NEG_INFINITY, 0.25])),
            &[],
            opts(4, 1000, 3, 80, None),
            8543797248,
            "tensor([[1.0000,    nan],\n        [  -inf, 0.2500]])",
        );
    }

    #[test]
    fn torch_m4x1() {
        check(
            &[4, 1],
            D::F32(fm(4, 1, 100, 0, 3.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            3176486230,
            "tensor([[0.0000],\n        [0.3333],\n        [0.6667],\n        [1.0000]])",
        );
    }

    #[test]
    fn torch_m1x4() {
        check(
            &[1, 4],
            D::F32(fm(4, 1, 100, 0, 3.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            3176486230,
            "tensor([[0.0000, 0.3333, 0.6667, 1.0000]])",
        );
    }

    #[test]
    fn torch_m3x5_grad() {
        check(
            &[3, 5],
            D::F32(fm(15, 7, 31, 15, 8.0, 1.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            32072794112,
            "tensor([[-1.8750, -1.0000, -0.1250,  0.7500,  1.6250],\n        [-1.3750, -0.5000,  0.3750,  1.2500, -1.7500],\n        [-0.8750,  0.0000,  0.8750,  1.7500, -1.2500]], requires_grad=True)",
        );
    }

    #[test]
    fn torch_m2x3_grad_long() {
        check(
            &[2, 3],
            D::F32(fm(6, 1, 100, 2, 7.0, 100000.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            10228090001,
            "tensor([[-28571.4277, -14285.7139,      0.0000],\n        [ 14285.7139,  28571.4277,  42857.1445]], requires_grad=True)",
        );
    }

    #[test]
    fn torch_t2x3x4() {
        check(
            &[2, 3, 4],
            D::F32(fm(24, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            25117589504,
            "tensor([[[ 0.,  1.,  2.,  3.],\n         [ 4.,  5.,  6.,  7.],\n         [ 8.,  9., 10., 11.]],\n\n        [[12., 13., 14., 15.],\n         [16., 17., 18., 19.],\n         [20., 21., 22., 23.]]])",
        );
    }

    #[test]
    fn torch_t2x2x30() {
        check(
            &[2, 2, 30],
            D::F32(fm(120, 7, 1000, 300, 9.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            224308785607,
            "tensor([[[-33.3333, -32.5556, -31.7778, -31.0000, -30.2222, -29.4444, -28.6667,\n          -27.8889, -27.1111, -26.3333, -25.5556, -24.7778, -24.0000, -23.2222,\n          -22.4444, -21.6667, -20.8889, -20.1111, -19.3333, -18.5556, -17.7778,\n          -17.0000, -16.2222, -15.4444, -14.6667, -13.8889, -13.1111, -12.3333,\n          -11.5556, -10.7778],\n         [-10.0000,  -9.2222,  -8.4444,  -7.6667,  -6.8889,  -6.1111,  -5.3333,\n           -4.5556,  -3.7778,  -3.0000,  -2.2222,  -1.4444,  -0.6667,   0.1111,\n            0.8889,   1.6667,   2.4444,   3.2222,   4.0000,   4.7778,   5.5556,\n            6.3333,   7.1111,   7.8889,   8.6667,   9.4444,  10.2222,  11.0000,\n           11.7778,  12.5556]],\n\n        [[ 13.3333,  14.1111,  14.8889,  15.6667,  16.4444,  17.2222,  18.0000,\n           18.7778,  19.5556,  20.3333,  21.1111,  21.8889,  22.6667,  23.4444,\n           24.2222,  25.0000,  25.7778,  26.5556,  27.3333,  28.1111,  28.8889,\n           29.6667,  30.4444,  31.2222,  32.0000,  32.7778,  33.5556,  34.3333,\n           35.1111,  35.8889],\n         [ 36.6667,  37.4444,  38.2222,  39.0000,  39.7778,  40.5556,  41.3333,\n           42.1111,  42.8889,  43.6667,  44.4444,  45.2222,  46.0000,  46.7778,\n           47.5556,  48.3333,  49.1111,  49.8889,  50.6667,  51.4444,  52.2222,\n           53.0000,  53.7778,  54.5556,  55.3333,  56.1111,  56.8889,  57.6667,\n           58.4444,  59.2222]]])",
        );
    }

    #[test]
    fn torch_t3x1x2() {
        check(
            &[3, 1, 2],
            D::F32(fm(6, 1, 100, 3, 4.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            11714691072,
            "tensor([[[-0.7500, -0.5000]],\n\n        [[-0.2500,  0.0000]],\n\n        [[ 0.2500,  0.5000]]])",
        );
    }

    #[test]
    fn torch_q2x2x2x3() {
        check(
            &[2, 2, 2, 3],
            D::F32(fm(24, 5, 24, 12, 5.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            50267894582,
            "tensor([[[[-2.4000, -1.4000, -0.4000],\n          [ 0.6000,  1.6000, -2.2000]],\n\n         [[-1.2000, -0.2000,  0.8000],\n          [ 1.8000, -2.0000, -1.0000]]],\n\n\n        [[[ 0.0000,  1.0000,  2.0000],\n          [-1.8000, -0.8000,  0.2000]],\n\n         [[ 1.2000,  2.2000, -1.6000],\n          [-0.6000,  0.4000,  1.4000]]]])",
        );
    }

    #[test]
    fn torch_q2x2x2x3_grad() {
        check(
            &[2, 2, 2, 3],
            D::F32(fm(24, 5, 24, 12, 5.0, 1.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            50267894582,
            "tensor([[[[-2.4000, -1.4000, -0.4000],\n          [ 0.6000,  1.6000, -2.2000]],\n\n         [[-1.2000, -0.2000,  0.8000],\n          [ 1.8000, -2.0000, -1.0000]]],\n\n\n        [[[ 0.0000,  1.0000,  2.0000],\n          [-1.8000, -0.8000,  0.2000]],\n\n         [[ 1.2000,  2.2000, -1.6000],\n          [-0.6000,  0.4000,  1.4000]]]], requires_grad=True)",
        );
    }

    #[test]
    fn torch_p2x1x2x1x3() {
        check(
            &[2, 1, 2, 1, 3],
            D::F32(fm(12, 1, 100, 6, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            24738004992,
            "tensor([[[[[-6., -5., -4.]],\n\n          [[-3., -2., -1.]]]],\n\n\n\n        [[[[ 0.,  1.,  2.]],\n\n          [[ 3.,  4.,  5.]]]]])",
        );
    }

    #[test]
    fn torch_m40x40() {
        check(
            &[40, 40],
            D::F32(fm(1600, 7, 1601, 800, 9.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            3488302060889,
            "tensor([[-88.8889, -88.1111, -87.3333,  ..., -60.1111, -59.3333, -58.5556],\n        [-57.7778, -57.0000, -56.2222,  ..., -29.0000, -28.2222, -27.4444],\n        [-26.6667, -25.8889, -25.1111,  ...,   2.1111,   2.8889,   3.6667],\n        ...,\n        [ -5.1111,  -4.3333,  -3.5556,  ...,  23.6667,  24.4444,  25.2222],\n        [ 26.0000,  26.7778,  27.5556,  ...,  54.7778,  55.5556,  56.3333],\n        [ 57.1111,  57.8889,  58.6667,  ...,  85.8889,  86.6667,  87.4444]])",
        );
    }

    #[test]
    fn torch_t10x10x20() {
        check(
            &[10, 10, 20],
            D::F32(fm(2000, 11, 1999, 1000, 100.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            4309968821942,
            "tensor([[[-10.0000,  -9.8900,  -9.7800,  ...,  -8.1300,  -8.0200,  -7.9100],\n         [ -7.8000,  -7.6900,  -7.5800,  ...,  -5.9300,  -5.8200,  -5.7100],\n         [ -5.6000,  -5.4900,  -5.3800,  ...,  -3.7300,  -3.6200,  -3.5100],\n         ...,\n         [  5.4000,   5.5100,   5.6200,  ...,   7.2700,   7.3800,   7.4900],\n         [  7.6000,   7.7100,   7.8200,  ...,   9.4700,   9.5800,   9.6900],\n         [  9.8000,   9.9100,  -9.9700,  ...,  -8.3200,  -8.2100,  -8.1000]],\n\n        [[ -7.9900,  -7.8800,  -7.7700,  ...,  -6.1200,  -6.0100,  -5.9000],\n         [ -5.7900,  -5.6800,  -5.5700,  ...,  -3.9200,  -3.8100,  -3.7000],\n         [ -3.5900,  -3.4800,  -3.3700,  ...,  -1.7200,  -1.6100,  -1.5000],\n         ...,\n         [  7.4100,   7.5200,   7.6300,  ...,   9.2800,   9.3900,   9.5000],\n         [  9.6100,   9.7200,   9.8300,  ...,  -8.5100,  -8.4000,  -8.2900],\n         [ -8.1800,  -8.0700,  -7.9600,  ...,  -6.3100,  -6.2000,  -6.0900]],\n\n        [[ -5.9800,  -5.8700,  -5.7600,  ...,  -4.1100,  -4.0000,  -3.8900],\n         [ -3.7800,  -3.6700,  -3.5600,  ...,  -1.9100,  -1.8000,  -1.6900],\n         [ -1.5800,  -1.4700,  -1.3600,  ...,   0.2900,   0.4000,   0.5100],\n         ...,\n         [  9.4200,   9.5300,   9.6400,  ...,  -8.7000,  -8.5900,  -8.4800],\n         [ -8.3700,  -8.2600,  -8.1500,  ...,  -6.5000,  -6.3900,  -6.2800],\n         [ -6.1700,  -6.0600,  -5.9500,  ...,  -4.3000,  -4.1900,  -4.0800]],\n\n        ...,\n\n        [[  4.0700,   4.1800,   4.2900,  ...,   5.9400,   6.0500,   6.1600],\n         [  6.2700,   6.3800,   6.4900,  ...,   8.1400,   8.2500,   8.3600],\n         [  8.4700,   8.5800,   8.6900,  ...,  -9.6500,  -9.5400,  -9.4300],\n         ...,\n         [ -0.5200,  -0.4100,  -0.3000,  ...,   1.3500,   1.4600,   1.5700],\n         [  1.6800,   1.7900,   1.9000,  ...,   3.5500,   3.6600,   3.7700],\n         [  3.8800,   3.9900,   4.1000,  ...,   5.7500,   5.8600,   5.9700]],\n\n        [[  6.0800,   6.1900,   6.3000,  ...,   7.9500,   8.0600,   8.1700],\n         [  8.2800,   8.3900,   8.5000,  ...,  -9.8400,  -9.7300,  -9.6200],\n         [ -9.5100,  -9.4000,  -9.2900,  ...,  -7.6400,  -7.5300,  -7.4200],\n         ...,\n         [  1.4900,   1.6000,   1.7100,  ...,   3.3600,   3.4700,   3.5800],\n         [  3.6900,   3.8000,   3.9100,  ...,   5.5600,   5.6700,   5.7800],\n         [  5.8900,   6.0000,   6.1100,  ...,   7.7600,   7.8700,   7.9800]],\n\n        [[  8.0900,   8.2000,   8.3100,  ...,   9.9600,  -9.9200,  -9.8100],\n         [ -9.7000,  -9.5900,  -9.4800,  ...,  -7.8300,  -7.7200,  -7.6100],\n         [ -7.5000,  -7.3900,  -7.2800,  ...,  -5.6300,  -5.5200,  -5.4100],\n         ...,\n         [  3.5000,   3.6100,   3.7200,  ...,   5.3700,   5.4800,   5.5900],\n         [  5.7000,   5.8100,   5.9200,  ...,   7.5700,   7.6800,   7.7900],\n         [  7.9000,   8.0100,   8.1200,  ...,   9.7700,   9.8800, -10.0000]]])",
        );
    }

    #[test]
    fn torch_q2x3x20x10() {
        check(
            &[2, 3, 20, 10],
            D::F32(fm(1200, 13, 1200, 600, 1000.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            2543475136406,
            "tensor([[[[-0.6000, -0.5870, -0.5740,  ..., -0.5090, -0.4960, -0.4830],\n          [-0.4700, -0.4570, -0.4440,  ..., -0.3790, -0.3660, -0.3530],\n          [-0.3400, -0.3270, -0.3140,  ..., -0.2490, -0.2360, -0.2230],\n          ...,\n          [ 0.4100,  0.4230,  0.4360,  ...,  0.5010,  0.5140,  0.5270],\n          [ 0.5400,  0.5530,  0.5660,  ..., -0.5690, -0.5560, -0.5430],\n          [-0.5300, -0.5170, -0.5040,  ..., -0.4390, -0.4260, -0.4130]],\n\n         [[-0.4000, -0.3870, -0.3740,  ..., -0.3090, -0.2960, -0.2830],\n          [-0.2700, -0.2570, -0.2440,  ..., -0.1790, -0.1660, -0.1530],\n          [-0.1400, -0.1270, -0.1140,  ..., -0.0490, -0.0360, -0.0230],\n          ...,\n          [-0.5900, -0.5770, -0.5640,  ..., -0.4990, -0.4860, -0.4730],\n          [-0.4600, -0.4470, -0.4340,  ..., -0.3690, -0.3560, -0.3430],\n          [-0.3300, -0.3170, -0.3040,  ..., -0.2390, -0.2260, -0.2130]],\n\n         [[-0.2000, -0.1870, -0.1740,  ..., -0.1090, -0.0960, -0.0830],\n          [-0.0700, -0.0570, -0.0440,  ...,  0.0210,  0.0340,  0.0470],\n          [ 0.0600,  0.0730,  0.0860,  ...,  0.1510,  0.1640,  0.1770],\n          ...,\n          [-0.3900, -0.3770, -0.3640,  ..., -0.2990, -0.2860, -0.2730],\n          [-0.2600, -0.2470, -0.2340,  ..., -0.1690, -0.1560, -0.1430],\n          [-0.1300, -0.1170, -0.1040,  ..., -0.0390, -0.0260, -0.0130]]],\n\n\n        [[[ 0.0000,  0.0130,  0.0260,  ...,  0.0910,  0.1040,  0.1170],\n          [ 0.1300,  0.1430,  0.1560,  ...,  0.2210,  0.2340,  0.2470],\n          [ 0.2600,  0.2730,  0.2860,  ...,  0.3510,  0.3640,  0.3770],\n          ...,\n          [-0.1900, -0.1770, -0.1640,  ..., -0.0990, -0.0860, -0.0730],\n          [-0.0600, -0.0470, -0.0340,  ...,  0.0310,  0.0440,  0.0570],\n          [ 0.0700,  0.0830,  0.0960,  ...,  0.1610,  0.1740,  0.1870]],\n\n         [[ 0.2000,  0.2130,  0.2260,  ...,  0.2910,  0.3040,  0.3170],\n          [ 0.3300,  0.3430,  0.3560,  ...,  0.4210,  0.4340,  0.4470],\n          [ 0.4600,  0.4730,  0.4860,  ...,  0.5510,  0.5640,  0.5770],\n          ...,\n          [ 0.0100,  0.0230,  0.0360,  ...,  0.1010,  0.1140,  0.1270],\n          [ 0.1400,  0.1530,  0.1660,  ...,  0.2310,  0.2440,  0.2570],\n          [ 0.2700,  0.2830,  0.2960,  ...,  0.3610,  0.3740,  0.3870]],\n\n         [[ 0.4000,  0.4130,  0.4260,  ...,  0.4910,  0.5040,  0.5170],\n          [ 0.5300,  0.5430,  0.5560,  ..., -0.5790, -0.5660, -0.5530],\n          [-0.5400, -0.5270, -0.5140,  ..., -0.4490, -0.4360, -0.4230],\n          ...,\n          [ 0.2100,  0.2230,  0.2360,  ...,  0.3010,  0.3140,  0.3270],\n          [ 0.3400,  0.3530,  0.3660,  ...,  0.4310,  0.4440,  0.4570],\n          [ 0.4700,  0.4830,  0.4960,  ...,  0.5610,  0.5740,  0.5870]]]])",
        );
    }

    #[test]
    fn torch_q8x8x4x5() {
        check(
            &[8, 8, 4, 5],
            D::F32(fm(1280, 3, 1280, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            1457314070528,
            "tensor([[[[0.0000e+00, 3.0000e+00, 6.0000e+00, 9.0000e+00, 1.2000e+01],\n          [1.5000e+01, 1.8000e+01, 2.1000e+01, 2.4000e+01, 2.7000e+01],\n          [3.0000e+01, 3.3000e+01, 3.6000e+01, 3.9000e+01, 4.2000e+01],\n          [4.5000e+01, 4.8000e+01, 5.1000e+01, 5.4000e+01, 5.7000e+01]],\n\n         [[6.0000e+01, 6.3000e+01, 6.6000e+01, 6.9000e+01, 7.2000e+01],\n          [7.5000e+01, 7.8000e+01, 8.1000e+01, 8.4000e+01, 8.7000e+01],\n          [9.0000e+01, 9.3000e+01, 9.6000e+01, 9.9000e+01, 1.0200e+02],\n          [1.0500e+02, 1.0800e+02, 1.1100e+02, 1.1400e+02, 1.1700e+02]],\n\n         [[1.2000e+02, 1.2300e+02, 1.2600e+02, 1.2900e+02, 1.3200e+02],\n          [1.3500e+02, 1.3800e+02, 1.4100e+02, 1.4400e+02, 1.4700e+02],\n          [1.5000e+02, 1.5300e+02, 1.5600e+02, 1.5900e+02, 1.6200e+02],\n          [1.6500e+02, 1.6800e+02, 1.7100e+02, 1.7400e+02, 1.7700e+02]],\n\n         ...,\n\n         [[3.0000e+02, 3.0300e+02, 3.0600e+02, 3.0900e+02, 3.1200e+02],\n          [3.1500e+02, 3.1800e+02, 3.2100e+02, 3.2400e+02, 3.2700e+02],\n          [3.3000e+02, 3.3300e+02, 3.3600e+02, 3.3900e+02, 3.4200e+02],\n          [3.4500e+02, 3.4800e+02, 3.5100e+02, 3.5400e+02, 3.5700e+02]],\n\n         [[3.6000e+02, 3.6300e+02, 3.6600e+02, 3.6900e+02, 3.7200e+02],\n          [3.7500e+02, 3.7800e+02, 3.8100e+02, 3.8400e+02, 3.8700e+02],\n          [3.9000e+02, 3.9300e+02, 3.9600e+02, 3.9900e+02, 4.0200e+02],\n          [4.0500e+02, 4.0800e+02, 4.1100e+02, 4.1400e+02, 4.1700e+02]],\n\n         [[4.2000e+02, 4.2300e+02, 4.2600e+02, 4.2900e+02, 4.3200e+02],\n          [4.3500e+02, 4.3800e+02, 4.4100e+02, 4.4400e+02, 4.4700e+02],\n          [4.5000e+02, 4.5300e+02, 4.5600e+02, 4.5900e+02, 4.6200e+02],\n          [4.6500e+02, 4.6800e+02, 4.7100e+02, 4.7400e+02, 4.7700e+02]]],\n\n\n        [[[4.8000e+02, 4.8300e+02, 4.8600e+02, 4.8900e+02, 4.9200e+02],\n          [4.9500e+02, 4.9800e+02, 5.0100e+02, 5.0400e+02, 5.0700e+02],\n          [5.1000e+02, 5.1300e+02, 5.1600e+02, 5.1900e+02, 5.2200e+02],\n          [5.2500e+02, 5.2800e+02, 5.3100e+02, 5.3400e+02, 5.3700e+02]],\n\n         [[5.4000e+02, 5.4300e+02, 5.4600e+02, 5.4900e+02, 5.5200e+02],\n          [5.5500e+02, 5.5800e+02, 5.6100e+02, 5.6400e+02, 5.6700e+02],\n          [5.7000e+02, 5.7300e+02, 5.7600e+02, 5.7900e+02, 5.8200e+02],\n          [5.8500e+02, 5.8800e+02, 5.9100e+02, 5.9400e+02, 5.9700e+02]],\n\n         [[6.0000e+02, 6.0300e+02, 6.0600e+02, 6.0900e+02, 6.1200e+02],\n          [6.1500e+02, 6.1800e+02, 6.2100e+02, 6.2400e+02, 6.2700e+02],\n          [6.3000e+02, 6.3300e+02, 6.3600e+02, 6.3900e+02, 6.4200e+02],\n          [6.4500e+02, 6.4800e+02, 6.5100e+02, 6.5400e+02, 6.5700e+02]],\n\n         ...,\n\n         [[7.8000e+02, 7.8300e+02, 7.8600e+02, 7.8900e+02, 7.9200e+02],\n          [7.9500e+02, 7.9800e+02, 8.0100e+02, 8.0400e+02, 8.0700e+02],\n          [8.1000e+02, 8.1300e+02, 8.1600e+02, 8.1900e+02, 8.2200e+02],\n          [8.2500e+02, 8.2800e+02, 8.3100e+02, 8.3400e+02, 8.3700e+02]],\n\n         [[8.4000e+02, 8.4300e+02, 8.4600e+02, 8.4900e+02, 8.5200e+02],\n          [8.5500e+02, 8.5800e+02, 8.6100e+02, 8.6400e+02, 8.6700e+02],\n          [8.7000e+02, 8.7300e+02, 8.7600e+02, 8.7900e+02, 8.8200e+02],\n          [8.8500e+02, 8.8800e+02, 8.9100e+02, 8.9400e+02, 8.9700e+02]],\n\n         [[9.0000e+02, 9.0300e+02, 9.0600e+02, 9.0900e+02, 9.1200e+02],\n          [9.1500e+02, 9.1800e+02, 9.2100e+02, 9.2400e+02, 9.2700e+02],\n          [9.3000e+02, 9.3300e+02, 9.3600e+02, 9.3900e+02, 9.4200e+02],\n          [9.4500e+02, 9.4800e+02, 9.5100e+02, 9.5400e+02, 9.5700e+02]]],\n\n\n        [[[9.6000e+02, 9.6300e+02, 9.6600e+02, 9.6900e+02, 9.7200e+02],\n          [9.7500e+02, 9.7800e+02, 9.8100e+02, 9.8400e+02, 9.8700e+02],\n          [9.9000e+02, 9.9300e+02, 9.9600e+02, 9.9900e+02, 1.0020e+03],\n          [1.0050e+03, 1.0080e+03, 1.0110e+03, 1.0140e+03, 1.0170e+03]],\n\n         [[1.0200e+03, 1.0230e+03, 1.0260e+03, 1.0290e+03, 1.0320e+03],\n          [1.0350e+03, 1.0380e+03, 1.0410e+03, 1.0440e+03, 1.0470e+03],\n          [1.0500e+03, 1.0530e+03, 1.0560e+03, 1.0590e+03, 1.0620e+03],\n          [1.0650e+03, 1.0680e+03, 1.0710e+03, 1.0740e+03, 1.0770e+03]],\n\n         [[1.0800e+03, 1.0830e+03, 1.0860e+03, 1.0890e+03, 1.0920e+03],\n          [1.0950e+03, 1.0980e+03, 1.1010e+03, 1.1040e+03, 1.1070e+03],\n          [1.1100e+03, 1.1130e+03, 1.1160e+03, 1.1190e+03, 1.1220e+03],\n          [1.1250e+03, 1.1280e+03, 1.1310e+03, 1.1340e+03, 1.1370e+03]],\n\n         ...,\n\n         [[1.2600e+03, 1.2630e+03, 1.2660e+03, 1.2690e+03, 1.2720e+03],\n          [1.2750e+03, 1.2780e+03, 1.0000e+00, 4.0000e+00, 7.0000e+00],\n          [1.0000e+01, 1.3000e+01, 1.6000e+01, 1.9000e+01, 2.2000e+01],\n          [2.5000e+01, 2.8000e+01, 3.1000e+01, 3.4000e+01, 3.7000e+01]],\n\n         [[4.0000e+01, 4.3000e+01, 4.6000e+01, 4.9000e+01, 5.2000e+01],\n          [5.5000e+01, 5.8000e+01, 6.1000e+01, 6.4000e+01, 6.7000e+01],\n          [7.0000e+01, 7.3000e+01, 7.6000e+01, 7.9000e+01, 8.2000e+01],\n          [8.5000e+01, 8.8000e+01, 9.1000e+01, 9.4000e+01, 9.7000e+01]],\n\n         [[1.0000e+02, 1.0300e+02, 1.0600e+02, 1.0900e+02, 1.1200e+02],\n          [1.1500e+02, 1.1800e+02, 1.2100e+02, 1.2400e+02, 1.2700e+02],\n          [1.3000e+02, 1.3300e+02, 1.3600e+02, 1.3900e+02, 1.4200e+02],\n          [1.4500e+02, 1.4800e+02, 1.5100e+02, 1.5400e+02, 1.5700e+02]]],\n\n\n        ...,\n\n\n        [[[1.1200e+03, 1.1230e+03, 1.1260e+03, 1.1290e+03, 1.1320e+03],\n          [1.1350e+03, 1.1380e+03, 1.1410e+03, 1.1440e+03, 1.1470e+03],\n          [1.1500e+03, 1.1530e+03, 1.1560e+03, 1.1590e+03, 1.1620e+03],\n          [1.1650e+03, 1.1680e+03, 1.1710e+03, 1.1740e+03, 1.1770e+03]],\n\n         [[1.1800e+03, 1.1830e+03, 1.1860e+03, 1.1890e+03, 1.1920e+03],\n          [1.1950e+03, 1.1980e+03, 1.2010e+03, 1.2040e+03, 1.2070e+03],\n          [1.2100e+03, 1.2130e+03, 1.2160e+03, 1.2190e+03, 1.2220e+03],\n          [1.2250e+03, 1.2280e+03, 1.2310e+03, 1.2340e+03, 1.2370e+03]],\n\n         [[1.2400e+03, 1.2430e+03, 1.2460e+03, 1.2490e+03, 1.2520e+03],\n          [1.2550e+03, 1.2580e+03, 1.2610e+03, 1.2640e+03, 1.2670e+03],\n          [1.2700e+03, 1.2730e+03, 1.2760e+03, 1.2790e+03, 2.0000e+00],\n          [5.0000e+00, 8.0000e+00, 1.1000e+01, 1.4000e+01, 1.7000e+01]],\n\n         ...,\n\n         [[1.4000e+02, 1.4300e+02, 1.4600e+02, 1.4900e+02, 1.5200e+02],\n          [1.5500e+02, 1.5800e+02, 1.6100e+02, 1.6400e+02, 1.6700e+02],\n          [1.7000e+02, 1.7300e+02, 1.7600e+02, 1.7900e+02, 1.8200e+02],\n          [1.8500e+02, 1.8800e+02, 1.9100e+02, 1.9400e+02, 1.9700e+02]],\n\n         [[2.0000e+02, 2.0300e+02, 2.0600e+02, 2.0900e+02, 2.1200e+02],\n          [2.1500e+02, 2.1800e+02, 2.2100e+02, 2.2400e+02, 2.2700e+02],\n          [2.3000e+02, 2.3300e+02, 2.3600e+02, 2.3900e+02, 2.4200e+02],\n          [2.4500e+02, 2.4800e+02, 2.5100e+02, 2.5400e+02, 2.5700e+02]],\n\n         [[2.6000e+02, 2.6300e+02, 2.6600e+02, 2.6900e+02, 2.7200e+02],\n          [2.7500e+02, 2.7800e+02, 2.8100e+02, 2.8400e+02, 2.8700e+02],\n          [2.9000e+02, 2.9300e+02, 2.9600e+02, 2.9900e+02, 3.0200e+02],\n          [3.0500e+02, 3.0800e+02, 3.1100e+02, 3.1400e+02, 3.1700e+02]]],\n\n\n        [[[3.2000e+02, 3.2300e+02, 3.2600e+02, 3.2900e+02, 3.3200e+02],\n          [3.3500e+02, 3.3800e+02, 3.4100e+02, 3.4400e+02, 3.4700e+02],\n          [3.5000e+02, 3.5300e+02, 3.5600e+02, 3.5900e+02, 3.6200e+02],\n          [3.6500e+02, 3.6800e+02, 3.7100e+02, 3.7400e+02, 3.7700e+02]],\n\n         [[3.8000e+02, 3.8300e+02, 3.8600e+02, 3.8900e+02, 3.9200e+02],\n          [3.9500e+02, 3.9800e+02, 4.0100e+02, 4.0400e+02, 4.0700e+02],\n          [4.1000e+02, 4.1300e+02, 4.1600e+02, 4.1900e+02, 4.2200e+02],\n          [4.2500e+02, 4.2800e+02, 4.3100e+02, 4.3400e+02, 4.3700e+02]],\n\n         [[4.4000e+02, 4.4300e+02, 4.4600e+02, 4.4900e+02, 4.5200e+02],\n          [4.5500e+02, 4.5800e+02, 4.6100e+02, 4.6400e+02, 4.6700e+02],\n          [4.7000e+02, 4.7300e+02, 4.7600e+02, 4.7900e+02, 4.8200e+02],\n          [4.8500e+02, 4.8800e+02, 4.9100e+02, 4.9400e+02, 4.9700e+02]],\n\n         ...,\n\n         [[6.2000e+02, 6.2300e+02, 6.2600e+02, 6.2900e+02, 6.3200e+02],\n          [6.3500e+02, 6.3800e+02, 6.4100e+02, 6.4400e+02, 6.4700e+02],\n          [6.5000e+02, 6.5300e+02, 6.5600e+02, 6.5900e+02, 6.6200e+02],\n          [6.6500e+02, 6.6800e+02, 6.7100e+02, 6.7400e+02, 6.7700e+02]],\n\n         [[6.8000e+02, 6.8300e+02, 6.8600e+02, 6.8900e+02, 6.9200e+02],\n          [6.9500e+02, 6.9800e+02, 7.0100e+02, 7.0400e+02, 7.0700e+02],\n          [7.1000e+02, 7.1300e+02, 7.1600e+02, 7.1900e+02, 7.2200e+02],\n          [7.2500e+02, 7.2800e+02, 7.3100e+02, 7.3400e+02, 7.3700e+02]],\n\n         [[7.4000e+02, 7.4300e+02, 7.4600e+02, 7.4900e+02, 7.5200e+02],\n          [7.5500e+02, 7.5800e+02, 7.6100e+02, 7.6400e+02, 7.6700e+02],\n          [7.7000e+02, 7.7300e+02, 7.7600e+02, 7.7900e+02, 7.8200e+02],\n          [7.8500e+02, 7.8800e+02, 7.9100e+02, 7.9400e+02, 7.9700e+02]]],\n\n\n        [[[8.0000e+02, 8.0300e+02, 8.0600e+02, 8.0900e+02, 8.1200e+02],\n          [8.1500e+02, 8.1800e+02, 8.2100e+02, 8.2400e+02, 8.2700e+02],\n          [8.3000e+02, 8.3300e+02, 8.3600e+02, 8.3900e+02, 8.4200e+02],\n          [8.4500e+02, 8.4800e+02, 8.5100e+02, 8.5400e+02, 8.5700e+02]],\n\n         [[8.6000e+02, 8.6300e+02, 8.6600e+02, 8.6900e+02, 8.7200e+02],\n          [8.7500e+02, 8.7800e+02, 8.8100e+02, 8.8400e+02, 8.8700e+02],\n          [8.9000e+02, 8.9300e+02, 8.9600e+02, 8.9900e+02, 9.0200e+02],\n          [9.0500e+02, 9.0800e+02, 9.1100e+02, 9.1400e+02, 9.1700e+02]],\n\n         [[9.2000e+02, 9.2300e+02, 9.2600e+02, 9.2900e+02, 9.3200e+02],\n          [9.3500e+02, 9.3800e+02, 9.4100e+02, 9.4400e+02, 9.4700e+02],\n          [9.5000e+02, 9.5300e+02, 9.5600e+02, 9.5900e+02, 9.6200e+02],\n          [9.6500e+02, 9.6800e+02, 9.7100e+02, 9.7400e+02, 9.7700e+02]],\n\n         ...,\n\n         [[1.1000e+03, 1.1030e+03, 1.1060e+03, 1.1090e+03, 1.1120e+03],\n          [1.1150e+03, 1.1180e+03, 1.1210e+03, 1.1240e+03, 1.1270e+03],\n          [1.1300e+03, 1.1330e+03, 1.1360e+03, 1.1390e+03, 1.1420e+03],\n          [1.1450e+03, 1.1480e+03, 1.1510e+03, 1.1540e+03, 1.1570e+03]],\n\n         [[1.1600e+03, 1.1630e+03, 1.1660e+03, 1.1690e+03, 1.1720e+03],\n          [1.1750e+03, 1.1780e+03, 1.1810e+03, 1.1840e+03, 1.1870e+03],\n          [1.1900e+03, 1.1930e+03, 1.1960e+03, 1.1990e+03, 1.2020e+03],\n          [1.2050e+03, 1.2080e+03, 1.2110e+03, 1.2140e+03, 1.2170e+03]],\n\n         [[1.2200e+03, 1.2230e+03, 1.2260e+03, 1.2290e+03, 1.2320e+03],\n          [1.2350e+03, 1.2380e+03, 1.2410e+03, 1.2440e+03, 1.2470e+03],\n          [1.2500e+03, 1.2530e+03, 1.2560e+03, 1.2590e+03, 1.2620e+03],\n          [1.2650e+03, 1.2680e+03, 1.2710e+03, 1.2740e+03, 1.2770e+03]]]])",
        );
    }

    #[test]
    fn torch_m1x2000() {
        check(
            &[1, 2000],
            D::F32(fm(2000, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            2288396730368,
            "tensor([[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n         1.9990e+03]])",
        );
    }

    #[test]
    fn torch_m2000x1() {
        check(
            &[2000, 1],
            D::F32(fm(2000, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            2288396730368,
            "tensor([[0.0000e+00],\n        [1.0000e+00],\n        [2.0000e+00],\n        ...,\n        [1.9970e+03],\n        [1.9980e+03],\n        [1.9990e+03]])",
        );
    }

    #[test]
    fn torch_t7x7x21() {
        check(
            &[7, 7, 21],
            D::F32(fm(1029, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            1168587702272,
            "tensor([[[0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.8000e+01,\n          1.9000e+01, 2.0000e+01],\n         [2.1000e+01, 2.2000e+01, 2.3000e+01,  ..., 3.9000e+01,\n          4.0000e+01, 4.1000e+01],\n         [4.2000e+01, 4.3000e+01, 4.4000e+01,  ..., 6.0000e+01,\n          6.1000e+01, 6.2000e+01],\n         ...,\n         [8.4000e+01, 8.5000e+01, 8.6000e+01,  ..., 1.0200e+02,\n          1.0300e+02, 1.0400e+02],\n         [1.0500e+02, 1.0600e+02, 1.0700e+02,  ..., 1.2300e+02,\n          1.2400e+02, 1.2500e+02],\n         [1.2600e+02, 1.2700e+02, 1.2800e+02,  ..., 1.4400e+02,\n          1.4500e+02, 1.4600e+02]],\n\n        [[1.4700e+02, 1.4800e+02, 1.4900e+02,  ..., 1.6500e+02,\n          1.6600e+02, 1.6700e+02],\n         [1.6800e+02, 1.6900e+02, 1.7000e+02,  ..., 1.8600e+02,\n          1.8700e+02, 1.8800e+02],\n         [1.8900e+02, 1.9000e+02, 1.9100e+02,  ..., 2.0700e+02,\n          2.0800e+02, 2.0900e+02],\n         ...,\n         [2.3100e+02, 2.3200e+02, 2.3300e+02,  ..., 2.4900e+02,\n          2.5000e+02, 2.5100e+02],\n         [2.5200e+02, 2.5300e+02, 2.5400e+02,  ..., 2.7000e+02,\n          2.7100e+02, 2.7200e+02],\n         [2.7300e+02, 2.7400e+02, 2.7500e+02,  ..., 2.9100e+02,\n          2.9200e+02, 2.9300e+02]],\n\n        [[2.9400e+02, 2.9500e+02, 2.9600e+02,  ..., 3.1200e+02,\n          3.1300e+02, 3.1400e+02],\n         [3.1500e+02, 3.1600e+02, 3.1700e+02,  ..., 3.3300e+02,\n          3.3400e+02, 3.3500e+02],\n         [3.3600e+02, 3.3700e+02, 3.3800e+02,  ..., 3.5400e+02,\n          3.5500e+02, 3.5600e+02],\n         ...,\n         [3.7800e+02, 3.7900e+02, 3.8000e+02,  ..., 3.9600e+02,\n          3.9700e+02, 3.9800e+02],\n         [3.9900e+02, 4.0000e+02, 4.0100e+02,  ..., 4.1700e+02,\n          4.1800e+02, 4.1900e+02],\n         [4.2000e+02, 4.2100e+02, 4.2200e+02,  ..., 4.3800e+02,\n          4.3900e+02, 4.4000e+02]],\n\n        ...,\n\n        [[5.8800e+02, 5.8900e+02, 5.9000e+02,  ..., 6.0600e+02,\n          6.0700e+02, 6.0800e+02],\n         [6.0900e+02, 6.1000e+02, 6.1100e+02,  ..., 6.2700e+02,\n          6.2800e+02, 6.2900e+02],\n         [6.3000e+02, 6.3100e+02, 6.3200e+02,  ..., 6.4800e+02,\n          6.4900e+02, 6.5000e+02],\n         ...,\n         [6.7200e+02, 6.7300e+02, 6.7400e+02,  ..., 6.9000e+02,\n          6.9100e+02, 6.9200e+02],\n         [6.9300e+02, 6.9400e+02, 6.9500e+02,  ..., 7.1100e+02,\n          7.1200e+02, 7.1300e+02],\n         [7.1400e+02, 7.1500e+02, 7.1600e+02,  ..., 7.3200e+02,\n          7.3300e+02, 7.3400e+02]],\n\n        [[7.3500e+02, 7.3600e+02, 7.3700e+02,  ..., 7.5300e+02,\n          7.5400e+02, 7.5500e+02],\n         [7.5600e+02, 7.5700e+02, 7.5800e+02,  ..., 7.7400e+02,\n          7.7500e+02, 7.7600e+02],\n         [7.7700e+02, 7.7800e+02, 7.7900e+02,  ..., 7.9500e+02,\n          7.9600e+02, 7.9700e+02],\n         ...,\n         [8.1900e+02, 8.2000e+02, 8.2100e+02,  ..., 8.3700e+02,\n          8.3800e+02, 8.3900e+02],\n         [8.4000e+02, 8.4100e+02, 8.4200e+02,  ..., 8.5800e+02,\n          8.5900e+02, 8.6000e+02],\n         [8.6100e+02, 8.6200e+02, 8.6300e+02,  ..., 8.7900e+02,\n          8.8000e+02, 8.8100e+02]],\n\n        [[8.8200e+02, 8.8300e+02, 8.8400e+02,  ..., 9.0000e+02,\n          9.0100e+02, 9.0200e+02],\n         [9.0300e+02, 9.0400e+02, 9.0500e+02,  ..., 9.2100e+02,\n          9.2200e+02, 9.2300e+02],\n         [9.2400e+02, 9.2500e+02, 9.2600e+02,  ..., 9.4200e+02,\n          9.4300e+02, 9.4400e+02],\n         ...,\n         [9.6600e+02, 9.6700e+02, 9.6800e+02,  ..., 9.8400e+02,\n          9.8500e+02, 9.8600e+02],\n         [9.8700e+02, 9.8800e+02, 9.8900e+02,  ..., 1.0050e+03,\n          1.0060e+03, 1.0070e+03],\n         [1.0080e+03, 1.0090e+03, 1.0100e+03,  ..., 1.0260e+03,\n          1.0270e+03, 1.0280e+03]]])",
        );
    }

    #[test]
    fn torch_summ_sci() {
        check(
            &[40, 40],
            D::F32(fm(1600, 7, 1601, 800, 9.0, 1e-09)),
            &[],
            opts(4, 1000, 3, 80, None),
            3087251444510,
            "tensor([[-8.8889e-08, -8.8111e-08, -8.7333e-08,  ..., -6.0111e-08,\n         -5.9333e-08, -5.8556e-08],\n        [-5.7778e-08, -5.7000e-08, -5.6222e-08,  ..., -2.9000e-08,\n         -2.8222e-08, -2.7444e-08],\n        [-2.6667e-08, -2.5889e-08, -2.5111e-08,  ...,  2.1111e-09,\n          2.8889e-09,  3.6667e-09],\n        ...,\n        [-5.1111e-09, -4.3333e-09, -3.5556e-09,  ...,  2.3667e-08,\n          2.4444e-08,  2.5222e-08],\n        [ 2.6000e-08,  2.6778e-08,  2.7556e-08,  ...,  5.4778e-08,\n          5.5556e-08,  5.6333e-08],\n        [ 5.7111e-08,  5.7889e-08,  5.8667e-08,  ...,  8.5889e-08,\n          8.6667e-08,  8.7444e-08]])",
        );
    }

    #[test]
    fn torch_summ_hidden_big() {
        check(
            &[1001],
            D::F32(fm(1001, 1, 998, 0, 1.0, 10000000.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            1330016058221,
            "tensor([       0., 10000000., 20000000.,  ...,        0., 10000000.,\n        20000000.])",
        );
    }

    #[test]
    fn torch_summ_hidden_big2d() {
        check(
            &[1, 1001],
            D::F32(fm(1001, 1, 998, 0, 1.0, 10000000.0)),
            &[],
            opts(4, 1000, 3, 80, None),
            1330016058221,
            "tensor([[       0., 10000000., 20000000.,  ...,        0., 10000000.,\n         20000000.]])",
        );
    }

    #[test]
    fn torch_empty_f32() {
        check(
            &[0],
            D::F32(lit_f(&[])),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([])",
        );
    }

    #[test]
    fn torch_empty_2x0() {
        check(
            &[2, 0],
            D::F32(lit_f(&[])),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], size=(2, 0))",
        );
    }

    #[test]
    fn torch_empty_0x3() {
        check(
            &[0, 3],
            D::F32(lit_f(&[])),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], size=(0, 3))",
        );
    }

    #[test]
    fn torch_empty_2x0x3() {
        check(
            &[2, 0, 3],
            D::F32(lit_f(&[])),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], size=(2, 0, 3))",
        );
    }

    #[test]
    fn torch_empty_i64() {
        check(
            &[0],
            D::I64([].to_vec()),
            &["dtype=torch.int64"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], dtype=torch.int64)",
        );
    }

    #[test]
    fn torch_empty_i64_2d() {
        check(
            &[3, 0],
            D::I64([].to_vec()),
            &["dtype=torch.int64"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], size=(3, 0), dtype=torch.int64)",
        );
    }

    #[test]
    fn torch_empty_i32() {
        check(
            &[0],
            D::I32([].to_vec()),
            &["dtype=torch.int32"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_empty_bool() {
        check(
            &[0],
            D::Bool([].to_vec()),
            &["dtype=torch.bool"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], dtype=torch.bool)",
        );
    }

    #[test]
    fn torch_empty_f64() {
        check(
            &[1, 0],
            D::F64(lit_f(&[])),
            &["dtype=torch.float64"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], size=(1, 0), dtype=torch.float64)",
        );
    }

    #[test]
    fn torch_empty_grad() {
        check(
            &[0],
            D::F32(lit_f(&[])),
            &["requires_grad=True"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([], requires_grad=True)",
        );
    }

    #[test]
    fn torch_i64_small() {
        check(
            &[3],
            D::I64([-1, 20, 300].to_vec()),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([ -1,  20, 300])",
        );
    }

    #[test]
    fn torch_i64_neg() {
        check(
            &[100],
            D::I64(im(100, 12345, 1000003, 500000)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([-500000, -487655, -475310, -462965, -450620, -438275, -425930, -413585,\n        -401240, -388895, -376550, -364205, -351860, -339515, -327170, -314825,\n        -302480, -290135, -277790, -265445, -253100, -240755, -228410, -216065,\n        -203720, -191375, -179030, -166685, -154340, -141995, -129650, -117305,\n        -104960,  -92615,  -80270,  -67925,  -55580,  -43235,  -30890,  -18545,\n          -6200,    6145,   18490,   30835,   43180,   55525,   67870,   80215,\n          92560,  104905,  117250,  129595,  141940,  154285,  166630,  178975,\n         191320,  203665,  216010,  228355,  240700,  253045,  265390,  277735,\n         290080,  302425,  314770,  327115,  339460,  351805,  364150,  376495,\n         388840,  401185,  413530,  425875,  438220,  450565,  462910,  475255,\n         487600,  499945, -487713, -475368, -463023, -450678, -438333, -425988,\n        -413643, -401298, -388953, -376608, -364263, -351918, -339573, -327228,\n        -314883, -302538, -290193, -277848])",
        );
    }

    #[test]
    fn torch_i64_2d() {
        check(
            &[4, 6],
            D::I64(im(24, 7, 50, 25)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([[-25, -18, -11,  -4,   3,  10],\n        [ 17,  24, -19, -12,  -5,   2],\n        [  9,  16,  23, -20, -13,  -6],\n        [  1,   8,  15,  22, -21, -14]])",
        );
    }

    #[test]
    fn torch_i64_3d() {
        check(
            &[2, 3, 4],
            D::I64(im(24, 1, 1099511627776, 0)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([[[ 0,  1,  2,  3],\n         [ 4,  5,  6,  7],\n         [ 8,  9, 10, 11]],\n\n        [[12, 13, 14, 15],\n         [16, 17, 18, 19],\n         [20, 21, 22, 23]]])",
        );
    }

    #[test]
    fn torch_i64_big() {
        check(
            &[2],
            D::I64([-9223372036854775808, 9223372036854775807].to_vec()),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([-9223372036854775808,  9223372036854775807])",
        );
    }

    #[test]
    fn torch_i64_2000() {
        check(
            &[2000],
            D::I64(im(2000, 7, 2001, 1000)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([-1000,  -993,  -986,  ...,   973,   980,   987])",
        );
    }

    #[test]
    fn torch_i64_40x40() {
        check(
            &[40, 40],
            D::I64(im(1600, 13, 1601, 800)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([[-800, -787, -774,  ..., -319, -306, -293],\n        [-280, -267, -254,  ...,  201,  214,  227],\n        [ 240,  253,  266,  ...,  721,  734,  747],\n        ...,\n        [-772, -759, -746,  ..., -291, -278, -265],\n        [-252, -239, -226,  ...,  229,  242,  255],\n        [ 268,  281,  294,  ...,  749,  762,  775]])",
        );
    }

    #[test]
    fn torch_i64_wrap() {
        check(
            &[30],
            D::I64(im(30, 1, 1099511627776, 0)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])",
        );
    }

    #[test]
    fn torch_i32_small() {
        check(
            &[3],
            D::I32([1, 2, 3].to_vec()),
            &["dtype=torch.int32"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([1, 2, 3], dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_i32_long() {
        check(
            &[25],
            D::I32(im(25, 1, 1099511627776, 0)),
            &["dtype=torch.int32"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n        18, 19, 20, 21, 22, 23, 24], dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_i32_long2() {
        check(
            &[26],
            D::I32(im(26, 1, 1099511627776, 0)),
            &["dtype=torch.int32"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n        18, 19, 20, 21, 22, 23, 24, 25], dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_i32_wrap() {
        check(
            &[30],
            D::I32(im(30, 997, 10007, 5000)),
            &["dtype=torch.int32"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([-5000, -4003, -3006, -2009, -1012,   -15,   982,  1979,  2976,  3973,\n         4970, -4040, -3043, -2046, -1049,   -52,   945,  1942,  2939,  3936,\n         4933, -4077, -3080, -2083, -1086,   -89,   908,  1905,  2902,  3899],\n       dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_i32_2d() {
        check(
            &[3, 4],
            D::I32(im(12, 5, 13, 6)),
            &["dtype=torch.int32"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([[-6, -1,  4, -4],\n        [ 1,  6, -2,  3],\n        [-5,  0,  5, -3]], dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_i32_sum() {
        check(
            &[50, 50],
            D::I32(im(2500, 3, 2500, 1250)),
            &["dtype=torch.int32"],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([[-1250, -1247, -1244,  ..., -1109, -1106, -1103],\n        [-1100, -1097, -1094,  ...,  -959,  -956,  -953],\n        [ -950,  -947,  -944,  ...,  -809,  -806,  -803],\n        ...,\n        [  800,   803,   806,  ...,   941,   944,   947],\n        [  950,   953,   956,  ...,  1091,  1094,  1097],\n        [ 1100,  1103,  1106,  ...,  1241,  1244,  1247]], dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_bool_small() {
        check(
            &[2],
            D::Bool([true, false].to_vec()),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([ True, False])",
        );
    }

    #[test]
    fn torch_bool_all_true() {
        check(
            &[3],
            D::Bool([true, true, true].to_vec()),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([True, True, True])",
        );
    }

    #[test]
    fn torch_bool_3d() {
        check(
            &[2, 3, 4],
            D::Bool(bm(24, 1, 7, 3)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([[[ True,  True,  True, False],\n         [False, False, False,  True],\n         [ True,  True, False, False]],\n\n        [[False, False,  True,  True],\n         [ True, False, False, False],\n         [False,  True,  True,  True]]])",
        );
    }

    #[test]
    fn torch_bool_wrap() {
        check(
            &[30],
            D::Bool(bm(30, 1, 5, 2)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([ True,  True, False, False, False,  True,  True, False, False, False,\n         True,  True, False, False, False,  True,  True, False, False, False,\n         True,  True, False, False, False,  True,  True, False, False, False])",
        );
    }

    #[test]
    fn torch_bool_sum() {
        check(
            &[1200],
            D::Bool(bm(1200, 1, 3, 1)),
            &[],
            opts(4, 1000, 3, 80, None),
            0,
            "tensor([ True, False, False,  ...,  True, False, False])",
        );
    }

    #[test]
    fn torch_opt_prec2() {
        check(
            &[4],
            D::F32(lit_f(&[1.12345, 2.5, -0.125, 0.375])),
            &[],
            opts(2, 1000, 3, 80, None),
            6382669110,
            "tensor([ 1.12,  2.50, -0.12,  0.38])",
        );
    }

    #[test]
    fn torch_opt_prec0() {
        check(
            &[3],
            D::F32(lit_f(&[1.5, 2.5, -0.4])),
            &[],
            opts(0, 1000, 3, 80, None),
            5346479309,
            "tensor([ 2,  2, -0])",
        );
    }

    #[test]
    fn torch_opt_prec8() {
        check(
            &[3],
            D::F32(lit_f(&[0.1, 1e-05, 2.0])),
            &[],
            opts(8, 1000, 3, 80, None),
            3035927161,
            "tensor([1.00000001e-01, 9.99999975e-06, 2.00000000e+00])",
        );
    }

    #[test]
    fn torch_opt_prec8b() {
        check(
            &[3],
            D::F32(lit_f(&[0.1, 0.5, 2.0])),
            &[],
            opts(8, 1000, 3, 80, None),
            3167538381,
            "tensor([0.10000000, 0.50000000, 2.00000000])",
        );
    }

    #[test]
    fn torch_opt_sci_true() {
        check(
            &[3],
            D::F32(lit_f(&[1.5, 2.0, 300.0])),
            &[],
            opts(4, 1000, 3, 80, Some(true)),
            3277193216,
            "tensor([1.5000e+00, 2.0000e+00, 3.0000e+02])",
        );
    }

    #[test]
    fn torch_opt_sci_true_int() {
        check(
            &[3],
            D::F32(lit_f(&[1.0, 2.0, 300.0])),
            &[],
            opts(4, 1000, 3, 80, Some(true)),
            3272998912,
            "tensor([1.0000e+00, 2.0000e+00, 3.0000e+02])",
        );
    }

    #[test]
    fn torch_opt_sci_false() {
        check(
            &[3],
            D::F32(lit_f(&[1e-06, 2.0, 1000000000.0])),
            &[],
            opts(4, 1000, 3, 80, Some(false)),
            3287589605,
            "tensor([         0.0000,          2.0000, 1000000000.0000])",
        );
    }

    #[test]
    fn torch_opt_sci_false_int() {
        check(
            &[3],
            D::F32(lit_f(&[1.0, 2.0, 10000000000.0])),
            &[],
            opts(4, 1000, 3, 80, Some(false)),
            3482649337,
            "tensor([          1.,           2., 10000000000.])",
        );
    }

    #[test]
    fn torch_opt_sci_false_nan() {
        check(
            &[3],
            D::F32(lit_f(&[f64::NAN, 1e-06, f64::NEG_INFINITY])),
            &[],
            opts(4, 1000, 3, 80, Some(false)),
            7327856573,
            "tensor([   nan, 0.0000,   -inf])",
        );
    }

    #[test]
    fn torch_opt_lw40() {
        check(
            &[30],
            D::F32(fm(30, 7, 31, 15, 4.0, 1.0)),
            &[],
            opts(4, 1000, 3, 40, None),
            63257444352,
            "tensor([-3.7500, -2.0000, -0.2500,\n         1.5000,  3.2500, -2.7500,\n        -1.0000,  0.7500,  2.5000,\n        -3.5000, -1.7500,  0.0000,\n         1.7500,  3.5000, -2.5000,\n        -0.7500,  1.0000,  2.7500,\n        -3.2500, -1.5000,  0.2500,\n         2.0000,  3.7500, -2.2500,\n        -0.5000,  1.2500,  3.0000,\n        -3.0000, -1.2500,  0.5000])",
        );
    }

    #[test]
    fn torch_opt_lw40_2d() {
        check(
            &[3, 10],
            D::F32(fm(30, 7, 31, 15, 4.0, 1.0)),
            &[],
            opts(4, 1000, 3, 40, None),
            63257444352,
            "tensor([[-3.7500, -2.0000, -0.2500,\n          1.5000,  3.2500, -2.7500,\n         -1.0000,  0.7500,  2.5000,\n         -3.5000],\n        [-1.7500,  0.0000,  1.7500,\n          3.5000, -2.5000, -0.7500,\n          1.0000,  2.7500, -3.2500,\n         -1.5000],\n        [ 0.2500,  2.0000,  3.7500,\n         -2.2500, -0.5000,  1.2500,\n          3.0000, -3.0000, -1.2500,\n          0.5000]])",
        );
    }

    #[test]
    fn torch_opt_lw40_grad() {
        check(
            &[10],
            D::F32(fm(10, 7, 31, 15, 4.0, 1.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 40, None),
            23596105728,
            "tensor([-3.7500, -2.0000, -0.2500,\n         1.5000,  3.2500, -2.7500,\n        -1.0000,  0.7500,  2.5000,\n        -3.5000], requires_grad=True)",
        );
    }

    #[test]
    fn torch_opt_lw5() {
        check(
            &[4],
            D::F32(fm(4, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 3, 5, None),
            3217031168,
            "tensor([0.,\n        1.,\n        2.,\n        3.])",
        );
    }

    #[test]
    fn torch_opt_lw5_2d() {
        check(
            &[2, 3],
            D::I64(im(6, 1, 1099511627776, 0)),
            &[],
            opts(4, 1000, 3, 5, None),
            0,
            "tensor([[0,\n         1,\n         2],\n        [3,\n         4,\n         5]])",
        );
    }

    #[test]
    fn torch_opt_lw5_grad() {
        check(
            &[2],
            D::F32(fm(2, 1, 1099511627776, 0, 1.0, 1.0)),
            &["requires_grad=True"],
            opts(4, 1000, 3, 5, None),
            1065353216,
            "tensor([0.,\n        1.],\n       requires_grad=True)",
        );
    }

    #[test]
    fn torch_opt_thr10() {
        check(
            &[20],
            D::F32(fm(20, 3, 20, 10, 2.0, 1.0)),
            &[],
            opts(4, 10, 2, 80, None),
            41888514048,
            "tensor([-5.0000, -3.5000,  ...,  2.0000,  3.5000])",
        );
    }

    #[test]
    fn torch_opt_thr10_2d() {
        check(
            &[5, 6],
            D::I64(im(30, 1, 1099511627776, 0)),
            &[],
            opts(4, 10, 2, 80, None),
            0,
            "tensor([[ 0,  1,  ...,  4,  5],\n        [ 6,  7,  ..., 10, 11],\n        ...,\n        [18, 19,  ..., 22, 23],\n        [24, 25,  ..., 28, 29]])",
        );
    }

    #[test]
    fn torch_opt_thr10_3d() {
        check(
            &[5, 5, 5],
            D::F32(fm(125, 1, 1099511627776, 0, 4.0, 1.0)),
            &[],
            opts(4, 10, 2, 80, None),
            135736852480,
            "tensor([[[ 0.0000,  0.2500,  ...,  0.7500,  1.0000],\n         [ 1.2500,  1.5000,  ...,  2.0000,  2.2500],\n         ...,\n         [ 3.7500,  4.0000,  ...,  4.5000,  4.7500],\n         [ 5.0000,  5.2500,  ...,  5.7500,  6.0000]],\n\n        [[ 6.2500,  6.5000,  ...,  7.0000,  7.2500],\n         [ 7.5000,  7.7500,  ...,  8.2500,  8.5000],\n         ...,\n         [10.0000, 10.2500,  ..., 10.7500, 11.0000],\n         [11.2500, 11.5000,  ..., 12.0000, 12.2500]],\n\n        ...,\n\n        [[18.7500, 19.0000,  ..., 19.5000, 19.7500],\n         [20.0000, 20.2500,  ..., 20.7500, 21.0000],\n         ...,\n         [22.5000, 22.7500,  ..., 23.2500, 23.5000],\n         [23.7500, 24.0000,  ..., 24.5000, 24.7500]],\n\n        [[25.0000, 25.2500,  ..., 25.7500, 26.0000],\n         [26.2500, 26.5000,  ..., 27.0000, 27.2500],\n         ...,\n         [28.7500, 29.0000,  ..., 29.5000, 29.7500],\n         [30.0000, 30.2500,  ..., 30.7500, 31.0000]]])",
        );
    }

    #[test]
    fn torch_opt_thr10_edge1() {
        check(
            &[4, 4, 4],
            D::I64(im(64, 1, 1099511627776, 0)),
            &[],
            opts(4, 10, 1, 80, None),
            0,
            "tensor([[[ 0,  ...,  3],\n         ...,\n         [12,  ..., 15]],\n\n        ...,\n\n        [[48,  ..., 51],\n         ...,\n         [60,  ..., 63]]])",
        );
    }

    #[test]
    fn torch_opt_edge0_1d() {
        check(
            &[20],
            D::F32(fm(20, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 10, 0, 80, None),
            20710424576,
            "tensor([...], size=(20,))",
        );
    }

    #[test]
    fn torch_opt_edge0_2d() {
        check(
            &[5, 6],
            D::I64(im(30, 1, 1099511627776, 0)),
            &[],
            opts(4, 10, 0, 80, None),
            0,
            "tensor([...], size=(5, 6))",
        );
    }

    #[test]
    fn torch_opt_edge0_small() {
        check(
            &[2, 3],
            D::F32(fm(6, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 1000, 0, 80, None),
            5383389184,
            "tensor([[0., 1., 2.],\n        [3., 4., 5.]], size=(2, 3))",
        );
    }

    #[test]
    fn torch_opt_edge0_scalar() {
        check(
            &[],
            D::F32(lit_f(&[1.5])),
            &[],
            opts(4, 1000, 0, 80, None),
            1069547520,
            "tensor(1.5000, size=())",
        );
    }

    #[test]
    fn torch_opt_edge0_i32() {
        check(
            &[5],
            D::I32(im(5, 1, 1099511627776, 0)),
            &["dtype=torch.int32"],
            opts(4, 1000, 0, 80, None),
            0,
            "tensor([0, 1, 2, 3, 4], size=(5,), dtype=torch.int32)",
        );
    }

    #[test]
    fn torch_opt_thr0_scalar() {
        check(
            &[],
            D::F32(lit_f(&[1.5])),
            &[],
            opts(4, 0, 3, 80, None),
            1069547520,
            "tensor(1.5000)",
        );
    }

    #[test]
    fn torch_opt_thr0() {
        check(
            &[3, 2],
            D::F32(fm(6, 1, 1099511627776, 0, 1.0, 1.0)),
            &[],
            opts(4, 0, 3, 80, None),
            5383389184,
            "tensor([[0., 1.],\n        [2., 3.],\n        [4., 5.]])",
        );
    }

    #[test]
    fn torch_opt_full() {
        check(
            &[1001],
            D::I64(im(1001, 1, 10, 0)),
            &[],
            opts(4, usize::MAX, 3, 80, None),
            0,
            "tensor([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7,\n        8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1,\n        2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5,\n        6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9,\n        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3,\n        4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0])",
        );
    }

    #[test]
    fn torch_opt_full_f() {
        check(
            &[3, 400],
            D::F32(fm(1200, 1, 10, 5, 2.0, 1.0)),
            &[],
            opts(4, usize::MAX, 3, 200, None),
            2441336586240,
            "tensor([[-2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000,\n         -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000,\n         -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000,\n         -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000,\n         -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,\n          0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,\n          0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,\n          1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,\n          1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,\n          2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000,\n         -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000,\n         -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000,\n         -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000,\n         -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000,\n         -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,\n          0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,\n          0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,\n          1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,\n          1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,\n          2.0000],\n        [-2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000,\n         -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000,\n         -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000,\n         -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000,\n         -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,\n          0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,\n          0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,\n          1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,\n          1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,\n          2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000,\n         -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000,\n         -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000,\n         -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000,\n         -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000,\n         -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,\n          0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,\n          0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,\n          1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,\n          1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,\n          2.0000],\n        [-2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000,\n         -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000,\n         -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000,\n         -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000,\n         -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,\n          0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,\n          0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,\n          1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,\n          1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,\n          2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000,\n         -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000,\n         -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000,\n         -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000,\n         -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000,\n         -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,\n          0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,\n          0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,\n          1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,\n          1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,  2.0000, -2.5000, -2.0000, -1.5000, -1.0000, -0.5000,  0.0000,  0.5000,  1.0000,  1.5000,\n          2.0000]])",
        );
    }

    #[test]
    fn torch_opt_short() {
        check(
            &[3000],
            D::F32(fm(3000, 7, 3001, 1500, 11.0, 1.0)),
            &[],
            opts(2, 1000, 2, 80, None),
            6557048611566,
            "tensor([-136.36, -135.73,  ...,  134.55,  135.18])",
        );
    }

    #[test]
    fn torch_opt_edge10() {
        check(
            &[30, 40],
            D::F32(fm(1200, 7, 1201, 600, 9.0, 1.0)),
            &[],
            opts(4, 1000, 10, 80, None),
            2611809033334,
            "tensor([[-66.6667, -65.8889, -65.1111, -64.3333, -63.5556, -62.7778, -62.0000,\n         -61.2222, -60.4444, -59.6667,  ..., -43.3333, -42.5556, -41.7778,\n         -41.0000, -40.2222, -39.4444, -38.6667, -37.8889, -37.1111, -36.3333],\n        [-35.5556, -34.7778, -34.0000, -33.2222, -32.4444, -31.6667, -30.8889,\n         -30.1111, -29.3333, -28.5556,  ..., -12.2222, -11.4444, -10.6667,\n          -9.8889,  -9.1111,  -8.3333,  -7.5556,  -6.7778,  -6.0000,  -5.2222],\n        [ -4.4444,  -3.6667,  -2.8889,  -2.1111,  -1.3333,  -0.5556,   0.2222,\n           1.0000,   1.7778,   2.5556,  ...,  18.8889,  19.6667,  20.4444,\n          21.2222,  22.0000,  22.7778,  23.5556,  24.3333,  25.1111,  25.8889],\n        [ 26.6667,  27.4444,  28.2222,  29.0000,  29.7778,  30.5556,  31.3333,\n          32.1111,  32.8889,  33.6667,  ...,  50.0000,  50.7778,  51.5556,\n          52.3333,  53.1111,  53.8889,  54.6667,  55.4444,  56.2222,  57.0000],\n        [ 57.7778,  58.5556,  59.3333,  60.1111,  60.8889,  61.6667,  62.4444,\n          63.2222,  64.0000,  64.7778,  ..., -52.3333, -51.5556, -50.7778,\n         -50.0000, -49.2222, -48.4444, -47.6667, -46.8889, -46.1111, -45.3333],\n        [-44.5556, -43.7778, -43.0000, -42.2222, -41.4444, -40.6667, -39.8889,\n         -39.1111, -38.3333, -37.5556,  ..., -21.2222, -20.4444, -19.6667,\n         -18.8889, -18.1111, -17.3333, -16.5556, -15.7778, -15.0000, -14.2222],\n        [-13.4444, -12.6667, -11.8889, -11.1111, -10.3333,  -9.5556,  -8.7778,\n          -8.0000,  -7.2222,  -6.4444,  ...,   9.8889,  10.6667,  11.4444,\n          12.2222,  13.0000,  13.7778,  14.5556,  15.3333,  16.1111,  16.8889],\n        [ 17.6667,  18.4444,  19.2222,  20.0000,  20.7778,  21.5556,  22.3333,\n          23.1111,  23.8889,  24.6667,  ...,  41.0000,  41.7778,  42.5556,\n          43.3333,  44.1111,  44.8889,  45.6667,  46.4444,  47.2222,  48.0000],\n        [ 48.7778,  49.5556,  50.3333,  51.1111,  51.8889,  52.6667,  53.4444,\n          54.2222,  55.0000,  55.7778,  ..., -61.3333, -60.5556, -59.7778,\n         -59.0000, -58.2222, -57.4444, -56.6667, -55.8889, -55.1111, -54.3333],\n        [-53.5556, -52.7778, -52.0000, -51.2222, -50.4444, -49.6667, -48.8889,\n         -48.1111, -47.3333, -46.5556,  ..., -30.2222, -29.4444, -28.6667,\n         -27.8889, -27.1111, -26.3333, -25.5556, -24.7778, -24.0000, -23.2222],\n        ...,\n        [ 21.7778,  22.5556,  23.3333,  24.1111,  24.8889,  25.6667,  26.4444,\n          27.2222,  28.0000,  28.7778,  ...,  45.1111,  45.8889,  46.6667,\n          47.4444,  48.2222,  49.0000,  49.7778,  50.5556,  51.3333,  52.1111],\n        [ 52.8889,  53.6667,  54.4444,  55.2222,  56.0000,  56.7778,  57.5556,\n          58.3333,  59.1111,  59.8889,  ..., -57.2222, -56.4444, -55.6667,\n         -54.8889, -54.1111, -53.3333, -52.5556, -51.7778, -51.0000, -50.2222],\n        [-49.4444, -48.6667, -47.8889, -47.1111, -46.3333, -45.5556, -44.7778,\n         -44.0000, -43.2222, -42.4444,  ..., -26.1111, -25.3333, -24.5556,\n         -23.7778, -23.0000, -22.2222, -21.4444, -20.6667, -19.8889, -19.1111],\n        [-18.3333, -17.5556, -16.7778, -16.0000, -15.2222, -14.4444, -13.6667,\n         -12.8889, -12.1111, -11.3333,  ...,   5.0000,   5.7778,   6.5556,\n           7.3333,   8.1111,   8.8889,   9.6667,  10.4444,  11.2222,  12.0000],\n        [ 12.7778,  13.5556,  14.3333,  15.1111,  15.8889,  16.6667,  17.4444,\n          18.2222,  19.0000,  19.7778,  ...,  36.1111,  36.8889,  37.6667,\n          38.4444,  39.2222,  40.0000,  40.7778,  41.5556,  42.3333,  43.1111],\n        [ 43.8889,  44.6667,  45.4444,  46.2222,  47.0000,  47.7778,  48.5556,\n          49.3333,  50.1111,  50.8889,  ..., -66.2222, -65.4444, -64.6667,\n         -63.8889, -63.1111, -62.3333, -61.5556, -60.7778, -60.0000, -59.2222],\n        [-58.4444, -57.6667, -56.8889, -56.1111, -55.3333, -54.5556, -53.7778,\n         -53.0000, -52.2222, -51.4444,  ..., -35.1111, -34.3333, -33.5556,\n         -32.7778, -32.0000, -31.2222, -30.4444, -29.6667, -28.8889, -28.1111],\n        [-27.3333, -26.5556, -25.7778, -25.0000, -24.2222, -23.4444, -22.6667,\n         -21.8889, -21.1111, -20.3333,  ...,  -4.0000,  -3.2222,  -2.4444,\n          -1.6667,  -0.8889,  -0.1111,   0.6667,   1.4444,   2.2222,   3.0000],\n        [  3.7778,   4.5556,   5.3333,   6.1111,   6.8889,   7.6667,   8.4444,\n           9.2222,  10.0000,  10.7778,  ...,  27.1111,  27.8889,  28.6667,\n          29.4444,  30.2222,  31.0000,  31.7778,  32.5556,  33.3333,  34.1111],\n        [ 34.8889,  35.6667,  36.4444,  37.2222,  38.0000,  38.7778,  39.5556,\n          40.3333,  41.1111,  41.8889,  ...,  58.2222,  59.0000,  59.7778,\n          60.5556,  61.3333,  62.1111,  62.8889,  63.6667,  64.4444,  65.2222]])",
        );
    }
    // END GENERATED
}
