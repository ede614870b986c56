//! Convolution and 1-d pooling: `F.conv1d` / `F.conv2d` (ATen's `convolution` with its shape checks
//! from `Convolution.cpp`), `max_pool1d` (`MaxPooling.cpp`'s `max_pool1d_impl`, and the indices of
//! `max_pool2d_with_indices`), `avg_pool1d` (`avg_pool2d` over one row: `AvgPoolKernel.cpp`'s window,
//! divisor and `count_include_pad`) and `adaptive_avg_pool1d` (`AdaptiveAvgPoolKernel.cpp`'s
//! start/end indices).
//!
//! A convolution output is `bias + Σ input · weight` over the group's input channels and the kernel
//! window, accumulated in the tensor's own type (integers wrap as C++'s do); half and bfloat16 are
//! computed in float and rounded once. PyTorch computes a float32 convolution with oneDNN or with
//! im2col and a GEMM, by its own rule ([`uses_mkldnn`]); each sums in its own order, and both orders
//! are followed here (measured bit for bit on random inputs; a GEMM long enough to be split into
//! blocks may still differ in the last bit).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::settings::{check_deadline, check_numel};
use crate::tensor::{DType, Tensor};

fn runtime(msg: impl Into<String>) -> TensorError {
    TensorError::runtime(msg.into())
}

fn not_implemented(kernel: &str, dtype: DType) -> TensorError {
    TensorError::NotImplemented(format!(
        "\"{kernel}\" not implemented for '{}'",
        dtype.scalar_type_name()
    ))
}

fn list(v: &[impl std::fmt::Display]) -> String {
    let parts: Vec<String> = v.iter().map(|d| d.to_string()).collect();
    format!("[{}]", parts.join(", "))
}

/// The hyper-parameters of a convolution, one entry per spatial dim once expanded.
#[derive(Debug, Clone)]
pub struct ConvArgs {
    pub stride: Vec<i64>,
    pub padding: Vec<i64>,
    pub dilation: Vec<i64>,
    pub groups: i64,
}

/// `expand_param_if_needed`: a one-element list stands for every spatial dim.
fn expand(v: &[i64], name: &str, dims: usize) -> Result<Vec<i64>> {
    if v.len() == 1 {
        Ok(vec![v[0]; dims])
    } else if v.len() != dims {
        Err(runtime(format!(
            "expected {name} to be a single integer value or a list of {dims} values to match the convolution dimensions, but got {name}={}",
            list(v)
        )))
    } else {
        Ok(v.to_vec())
    }
}

/// The padding `padding='same'` asks for (`_convolution_mode`): per spatial dim, `dilation * (k - 1)`
/// split with the smaller half on the left; strided convolutions are refused.
pub fn same_padding(weight: &Tensor, args: &ConvArgs) -> Result<(Vec<i64>, Vec<i64>)> {
    let k = weight.ndim();
    if k < 3 {
        return Err(runtime("weight should have at least three dimensions"));
    }
    if args.groups <= 0 {
        return Err(runtime("non-positive groups is not supported"));
    }
    let dims = k - 2;
    if args.stride.len() != dims && args.stride.len() != 1 {
        return Err(runtime(format!(
            "stride cannot broadcast to {dims} dimensions"
        )));
    }
    if args.dilation.len() != dims && args.dilation.len() != 1 {
        return Err(runtime(format!(
            "dilation cannot broadcast to {dims} dimensions"
        )));
    }
    if args.stride.iter().any(|&s| s != 1) {
        return Err(runtime(
            "padding='same' is not supported for strided convolutions",
        ));
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for i in 0..dims {
        let d = if args.dilation.len() == 1 {
            args.dilation[0]
        } else {
            args.dilation[i]
        };
        let total = d.saturating_mul(weight.shape()[i + 2] as i64 - 1);
        left.push(total / 2);
        right.push(total - total / 2);
    }
    Ok((left, right))
}

/// `at::convolution` (not transposed) of a batched input `(N, C, *spatial)` with a weight
/// `(O, C / groups, *kernel)` and an optional bias `(O,)`.
pub fn convolution(
    input: &Tensor,
    weight: &Tensor,
    bias: Option<&Tensor>,
    args: &ConvArgs,
) -> Result<Tensor> {
    let k = weight.ndim();
    if k < 3 {
        return Err(runtime("weight should have at least three dimensions"));
    }
    let dims = k - 2;
    let stride = expand(&args.stride, "stride", dims)?;
    let padding = expand(&args.padding, "padding", dims)?;
    let dilation = expand(&args.dilation, "dilation", dims)?;
    let groups = args.groups;
    if groups <= 0 {
        return Err(runtime("non-positive groups is not supported"));
    }
    if padding.iter().any(|&p| p < 0) {
        return Err(runtime("negative padding is not supported"));
    }
    if stride.iter().any(|&s| s <= 0) {
        return Err(runtime("non-positive stride is not supported"));
    }
    if dilation.iter().any(|&d| d <= 0) {
        return Err(runtime("non-positive dilation is not supported"));
    }
    let ws = weight.shape();
    if input.ndim() != k {
        return Err(runtime(format!(
            "Expected {k}-dimensional input for {k}-dimensional weight {}, but got {}-dimensional input of size {} instead",
            list(ws),
            input.ndim(),
            list(input.shape())
        )));
    }
    let g = groups as usize;
    if ws[0] < g {
        return Err(runtime(format!(
            "Given groups={groups}, expected weight to be at least {groups} at dimension 0, but got weight of size {} instead",
            list(ws)
        )));
    }
    if !ws[0].is_multiple_of(g) {
        return Err(runtime(format!(
            "Given groups={groups}, expected weight to be divisible by {groups} at dimension 0, but got weight of size [{}] instead",
            list(ws)
        )));
    }
    let xs = input.shape();
    if xs[1] != ws[1] * g {
        return Err(runtime(format!(
            "Given groups={groups}, weight of size {}, expected input{} to have {} channels, but got {} channels instead",
            list(ws),
            list(xs),
            ws[1] * g,
            xs[1]
        )));
    }
    if let Some(b) = bias
        && (b.ndim() != 1 || b.shape()[0] != ws[0])
    {
        return Err(runtime(format!(
            "Given weight of size {}, expected bias to be 1-dimensional with {} elements, but got bias of size {} instead",
            list(ws),
            ws[0],
            list(b.shape())
        )));
    }
    let padded: Vec<i64> = (0..dims)
        .map(|i| xs[i + 2] as i64 + 2 * padding[i])
        .collect();
    let kernel: Vec<i64> = (0..dims)
        .map(|i| dilation[i] * (ws[i + 2] as i64 - 1) + 1)
        .collect();
    if padded.iter().zip(&kernel).any(|(p, k)| p < k) {
        let join = |v: &[i64]| {
            v.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" x ")
        };
        return Err(runtime(format!(
            "Calculated padded input size per channel: ({}). Kernel size: ({}). Kernel size can't be greater than actual input size",
            join(&padded),
            join(&kernel)
        )));
    }
    check_dtypes(input, weight, bias)?;
    let out_spatial: Vec<usize> = (0..dims)
        .map(|i| ((padded[i] - kernel[i]) / stride[i] + 1) as usize)
        .collect();
    let mut out_shape = vec![xs[0], ws[0]];
    out_shape.extend(&out_spatial);
    check_numel(&out_shape)?;
    let geometry = Geometry {
        batch: xs[0],
        in_channels: xs[1],
        out_channels: ws[0],
        groups: g,
        in_spatial: xs[2..].to_vec(),
        kernel: ws[2..].to_vec(),
        out_spatial,
        stride: stride.iter().map(|&s| s as usize).collect(),
        padding: padding.iter().map(|&p| p as usize).collect(),
        dilation: dilation.iter().map(|&d| d as usize).collect(),
    };
    let dtype = input.dtype();
    let mkldnn = uses_mkldnn(&geometry, dtype);
    match dtype {
        DType::Float32 => {
            let out = run::<f32>(&geometry, input, weight, bias, mkldnn)?;
            Tensor::from_vec(out, &out_shape)
        }
        DType::Float16 | DType::BFloat16 => {
            let f = |t: &Tensor| t.to_dtype(DType::Float32);
            let b = bias.map(f);
            let out = run::<f32>(&geometry, &f(input), &f(weight), b.as_ref(), false)?;
            Ok(Tensor::from_vec(out, &out_shape)?.to_dtype(dtype))
        }
        DType::Float64 => {
            let out = run::<f64>(&geometry, input, weight, bias, false)?;
            Tensor::from_vec(out, &out_shape)
        }
        DType::Bool => Err(not_implemented("slow_conv2d_cpu", dtype)),
        _ => {
            let f = |t: &Tensor| t.to_dtype(DType::Int64);
            let b = bias.map(f);
            let out = run::<i64>(&geometry, &f(input), &f(weight), b.as_ref(), false)?;
            Ok(Tensor::from_vec(out, &out_shape)?.to_dtype(dtype))
        }
    }
}

/// The dtype rules of the CPU convolutions: a float input checks its parameters against oneDNN's
/// rule first; otherwise the kernel finds the weight (or bias) of another type.
fn check_dtypes(input: &Tensor, weight: &Tensor, bias: Option<&Tensor>) -> Result<()> {
    let legacy = |d: DType| format!("torch.{}Tensor", d.scalar_type_name());
    let dtype = input.dtype();
    for (what, p) in [("weight", Some(weight)), ("bias", bias)] {
        let Some(p) = p else { continue };
        if p.dtype() == dtype {
            continue;
        }
        if dtype == DType::Float32 {
            return Err(runtime(format!(
                "Input type ({}) and {what} type ({}) should be the same or input should be a MKLDNN tensor and {what} is a dense tensor",
                legacy(dtype),
                legacy(p.dtype())
            )));
        }
        return Err(runtime(format!(
            "expected scalar type {} but found {}",
            dtype.scalar_type_name(),
            p.dtype().scalar_type_name()
        )));
    }
    Ok(())
}

struct Geometry {
    batch: usize,
    in_channels: usize,
    out_channels: usize,
    groups: usize,
    in_spatial: Vec<usize>,
    kernel: Vec<usize>,
    out_spatial: Vec<usize>,
    stride: Vec<usize>,
    padding: Vec<usize>,
    dilation: Vec<usize>,
}

/// The arithmetic a convolution accumulates in.
trait Acc: crate::tensor::Element + Copy {
    fn zero() -> Self;
    fn mac(self, a: Self, b: Self) -> Self;
    fn plus(self, b: Self) -> Self;
}

impl Acc for f32 {
    fn zero() -> Self {
        0.0
    }
    fn mac(self, a: Self, b: Self) -> Self {
        a.mul_add(b, self)
    }
    fn plus(self, b: Self) -> Self {
        self + b
    }
}

impl Acc for f64 {
    fn zero() -> Self {
        0.0
    }
    fn mac(self, a: Self, b: Self) -> Self {
        a.mul_add(b, self)
    }
    fn plus(self, b: Self) -> Self {
        self + b
    }
}

impl Acc for i64 {
    fn zero() -> Self {
        0
    }
    fn mac(self, a: Self, b: Self) -> Self {
        self.wrapping_add(a.wrapping_mul(b))
    }
    fn plus(self, b: Self) -> Self {
        self.wrapping_add(b)
    }
}

/// Row-major strides of `shape`.
fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

/// Whether PyTorch's CPU convolution takes oneDNN (`ConvParams::use_mkldnn`, float32 only) rather
/// than its GEMM path (`slow_conv2d`): the order of the sum differs between the two.
fn uses_mkldnn(g: &Geometry, dtype: DType) -> bool {
    let strided = g.stride.iter().any(|&s| s != 1);
    let dilated = g.dilation.iter().any(|&d| d != 1);
    let kw = g.kernel.last().copied().unwrap_or(1);
    let kh = if g.kernel.len() > 1 {
        g.kernel[g.kernel.len() - 2]
    } else {
        1
    };
    let threads = crate::tensor::settings::num_threads() > 1;
    let numel = g.batch * g.in_channels * g.in_spatial.iter().product::<usize>();
    dtype == DType::Float32
        && (strided || dilated || g.batch >= 16 || kw != 1 || kh != 1 || threads)
        && (g.groups > 1 || (kw > 3 && kh > 3) || g.batch > 1 || numel > 20480)
}

/// Each output: with oneDNN, the bias first, then the input channels in blocks of 8, each block
/// kernel position by kernel position; with the GEMM path, the channels one by one (the im2col row
/// order), the bias last. Both fuse each product into the sum (measured bit for bit against torch).
fn run<T: Acc>(
    g: &Geometry,
    input: &Tensor,
    weight: &Tensor,
    bias: Option<&Tensor>,
    mkldnn: bool,
) -> Result<Vec<T>> {
    let x = input.to_vec::<T>();
    let w = weight.to_vec::<T>();
    let b = bias.map(|b| b.to_vec::<T>());
    let dims = g.kernel.len();
    let in_plane: usize = g.in_spatial.iter().product();
    let out_plane: usize = g.out_spatial.iter().product();
    let taps: usize = g.kernel.iter().product();
    let cin = g.in_channels / g.groups;
    let cout = g.out_channels / g.groups;
    let in_strides = strides(&g.in_spatial);
    let out_strides = strides(&g.out_spatial);
    let tap_strides = strides(&g.kernel);
    // For each output position, each kernel tap's offset in an input plane (`None`: padding).
    let mut offsets: Vec<Option<usize>> = Vec::with_capacity(out_plane * taps);
    for o in 0..out_plane {
        for t in 0..taps {
            let mut at = Some(0usize);
            for d in 0..dims {
                let od = o / out_strides[d] % g.out_spatial[d];
                let kd = t / tap_strides[d] % g.kernel[d];
                let pos = (od * g.stride[d] + kd * g.dilation[d]) as isize - g.padding[d] as isize;
                at = match at {
                    Some(a) if pos >= 0 && (pos as usize) < g.in_spatial[d] => {
                        Some(a + pos as usize * in_strides[d])
                    }
                    _ => None,
                };
            }
            offsets.push(at);
        }
    }
    let block = if mkldnn { 8 } else { cin.max(1) };
    let mut out = vec![T::zero(); g.batch * g.out_channels * out_plane];
    for n in 0..g.batch {
        check_deadline()?;
        for oc in 0..g.out_channels {
            let group = oc / cout;
            let wbase = oc * cin * taps;
            let bias_v = b.as_ref().map(|b| b[oc]);
            for o in 0..out_plane {
                let offs = &offsets[o * taps..(o + 1) * taps];
                let mut acc = match bias_v {
                    Some(v) if mkldnn => v,
                    _ => T::zero(),
                };
                for start in (0..cin).step_by(block) {
                    let end = (start + block).min(cin);
                    if mkldnn {
                        for (t, off) in offs.iter().enumerate() {
                            let Some(off) = off else { continue };
                            for ic in start..end {
                                let xi = (n * g.in_channels + group * cin + ic) * in_plane + off;
                                acc = acc.mac(x[xi], w[wbase + ic * taps + t]);
                            }
                        }
                    } else {
                        for ic in start..end {
                            let xbase = (n * g.in_channels + group * cin + ic) * in_plane;
                            for (t, off) in offs.iter().enumerate() {
                                let Some(off) = off else { continue };
                                acc = acc.mac(x[xbase + off], w[wbase + ic * taps + t]);
                            }
                        }
                    }
                }
                if let Some(v) = bias_v
                    && !mkldnn
                {
                    acc = acc.plus(v);
                }
                out[(n * g.out_channels + oc) * out_plane + o] = acc;
            }
        }
    }
    Ok(out)
}

// ---- 1-d pooling ------------------------------------------------------------------------------------

/// `pooling_output_shape`: the number of windows, with `ceil_mode`'s rule that the last window must
/// start inside the input or its left padding.
pub fn pooling_output_size(
    input: i64,
    kernel: i64,
    pad: i64,
    stride: i64,
    dilation: i64,
    ceil_mode: bool,
) -> i64 {
    if stride == 0 {
        return 0;
    }
    let span =
        input + 2 * pad - dilation * (kernel - 1) - 1 + if ceil_mode { stride - 1 } else { 0 };
    let mut out = span.div_euclid(stride) + 1;
    if ceil_mode && (out - 1) * stride >= input + pad {
        out -= 1;
    }
    out
}

/// The options of a 1-d pooling.
#[derive(Debug, Clone, Copy)]
pub struct Pool1d {
    pub kernel: i64,
    pub stride: i64,
    pub padding: i64,
    pub dilation: i64,
    pub ceil_mode: bool,
}

/// `(rows, length)` of a 2-d `(C, L)` or 3-d `(N, C, L)` input.
fn rows_of(x: &Tensor) -> (usize, usize) {
    let l = x.shape().last().copied().unwrap_or(0);
    (x.numel().checked_div(l).unwrap_or(0), l)
}

/// `pool2d_shape_check` as `max_pool2d_with_indices` and `avg_pool2d` run it on `x.unsqueeze(-2)`.
fn pool2d_check(x: &Tensor, p: &Pool1d, out: i64) -> Result<()> {
    if p.kernel <= 0 {
        return Err(runtime(format!(
            "kernel size should be greater than zero, but got kH: 1 kW: {}",
            p.kernel
        )));
    }
    if p.stride <= 0 {
        return Err(runtime(format!(
            "stride should be greater than zero, but got dH: 1 dW: {}",
            p.stride
        )));
    }
    if p.dilation <= 0 {
        return Err(runtime(format!(
            "dilation should be greater than zero, but got dilationH: 1 dilationW: {}",
            p.dilation
        )));
    }
    if p.padding > (p.dilation * (p.kernel - 1) + 1) / 2 {
        return Err(runtime(format!(
            "pad should be at most half of effective kernel size, but got pad={}, kernel_size={} and dilation={}",
            p.padding, p.kernel, p.dilation
        )));
    }
    let s = x.shape();
    let (c, l) = (s[s.len() - 2], s[s.len() - 1]);
    if out < 1 {
        return Err(runtime(format!(
            "Given input size: ({c}x1x{l}). Calculated output size: ({c}x1x{out}). Output size is too small"
        )));
    }
    Ok(())
}

fn out_shape(x: &Tensor, len: usize) -> Vec<usize> {
    let mut shape = x.shape().to_vec();
    if let Some(last) = shape.last_mut() {
        *last = len;
    }
    shape
}

/// Each window's positions (`None` for padding) of row-length `l`.
fn windows(p: &Pool1d, l: usize, out: usize) -> impl Iterator<Item = Vec<Option<usize>>> {
    let p = *p;
    (0..out).map(move |o| {
        let start = o as i64 * p.stride - p.padding;
        (0..p.kernel)
            .map(|k| {
                let j = start + k * p.dilation;
                (j >= 0 && (j as usize) < l).then_some(j as usize)
            })
            .collect()
    })
}

/// `F.max_pool1d` without indices (`max_pool1d_impl`): its own checks, floats only; a NaN wins.
pub fn max_pool1d(x: &Tensor, p: &Pool1d) -> Result<Tensor> {
    let nd = x.ndim();
    if nd != 2 && nd != 3 {
        return Err(runtime(format!(
            "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size for input, but got:{}",
            list(x.shape())
        )));
    }
    if p.kernel <= 0 {
        return Err(runtime(format!(
            "max_pool1d() kernel_size must be greater than zero, but got {}",
            p.kernel
        )));
    }
    if p.stride <= 0 {
        return Err(runtime(format!(
            "max_pool1d() stride must be greater than zero, but got {}",
            p.stride
        )));
    }
    if p.padding < 0 {
        return Err(runtime(format!(
            "max_pool1d() padding must be non-negative, but got {}",
            p.padding
        )));
    }
    if p.padding > p.kernel / 2 {
        return Err(runtime(format!(
            "max_pool1d() padding should be at most half of kernel size, but got padding={} and kernel_size={}",
            p.padding, p.kernel
        )));
    }
    if p.dilation <= 0 {
        return Err(runtime(format!(
            "max_pool1d() dilation must be greater than zero, but got {}",
            p.dilation
        )));
    }
    let (_, l) = rows_of(x);
    let out = pooling_output_size(
        l as i64,
        p.kernel,
        p.padding,
        p.stride,
        p.dilation,
        p.ceil_mode,
    );
    if out <= 0 {
        return Err(runtime(format!(
            "max_pool1d() Invalid computed output size: {out}"
        )));
    }
    if !x.dtype().is_floating_point() {
        return Err(not_implemented("max_pool1d_impl", x.dtype()));
    }
    let (values, _) = max_windows(x, p, out as usize)?;
    Ok(values)
}

/// `F.max_pool1d(..., return_indices=True)`: `max_pool2d_with_indices` on `x.unsqueeze(-2)`, every
/// type but bool; each index is the window's first maximum (the last NaN, as its `>`-or-NaN test finds).
pub fn max_pool1d_with_indices(x: &Tensor, p: &Pool1d) -> Result<(Tensor, Tensor)> {
    if p.stride == 0 {
        return Err(runtime("stride should not be zero"));
    }
    let (_, l) = rows_of(x);
    let out = pooling_output_size(
        l as i64,
        p.kernel,
        p.padding,
        p.stride,
        p.dilation,
        p.ceil_mode,
    );
    pool2d_check(x, p, out)?;
    if x.dtype() == DType::Bool {
        return Err(not_implemented("max_pool2d", x.dtype()));
    }
    max_windows(x, p, out as usize)
}

fn max_windows(x: &Tensor, p: &Pool1d, out: usize) -> Result<(Tensor, Tensor)> {
    let (rows, l) = rows_of(x);
    let shape = out_shape(x, out);
    check_numel(&shape)?;
    let data = x.to_vec::<f64>();
    let wins: Vec<Vec<Option<usize>>> = windows(p, l, out).collect();
    let mut idx = Vec::with_capacity(rows * out);
    for r in 0..rows {
        let row = &data[r * l..(r + 1) * l];
        for win in &wins {
            let mut best = f64::NEG_INFINITY;
            let mut at = win.iter().flatten().next().copied().unwrap_or(0);
            for &j in win.iter().flatten() {
                if row[j] > best || row[j].is_nan() {
                    best = row[j];
                    at = j;
                }
            }
            idx.push(r * l + at);
        }
    }
    let flat = x.contiguous().reshape(&[x.numel() as i64])?;
    let picked = Tensor::from_vec(
        idx.iter().map(|&i| i as i64).collect::<Vec<_>>(),
        &[idx.len()],
    )?;
    let dims: Vec<i64> = shape.iter().map(|&d| d as i64).collect();
    let values = crate::tensor::ops::gather::index_select(&flat, 0, &picked)?.reshape(&dims)?;
    let within: Vec<i64> = idx.iter().map(|&i| (i % l.max(1)) as i64).collect();
    Ok((values, Tensor::from_vec(within, &shape)?))
}

/// `F.avg_pool1d` (`avg_pool2d` on `x.unsqueeze(-2)`): each window's sum, in the type's own arithmetic
/// (float for float, integer for int64), divided by the window's size — padding counted or not.
pub fn avg_pool1d(x: &Tensor, p: &Pool1d, count_include_pad: bool) -> Result<Tensor> {
    if p.stride == 0 {
        return Err(runtime("stride should not be zero"));
    }
    let (rows, l) = rows_of(x);
    let out = pooling_output_size(l as i64, p.kernel, p.padding, p.stride, 1, p.ceil_mode);
    pool2d_check(x, p, out)?;
    let out = out as usize;
    let shape = out_shape(x, out);
    check_numel(&shape)?;
    // The window's ends before and after clipping to the input (`pool_size` counts the padding).
    let span = |o: usize| {
        let start = o as i64 * p.stride - p.padding;
        let end = (start + p.kernel).min(l as i64 + p.padding);
        let pool = end - start;
        (
            start.max(0) as usize,
            end.min(l as i64).max(0) as usize,
            pool,
        )
    };
    let divisor = |lo: usize, hi: usize, pool: i64| {
        if count_include_pad {
            pool
        } else {
            (hi as i64 - lo as i64).max(1)
        }
    };
    match x.dtype() {
        DType::Float32 | DType::Float16 | DType::BFloat16 => {
            let data = x.to_vec::<f32>();
            let mut res = Vec::with_capacity(rows * out);
            for r in 0..rows {
                let row = &data[r * l..(r + 1) * l];
                for o in 0..out {
                    let (lo, hi, pool) = span(o);
                    if lo >= hi {
                        res.push(0.0f32);
                        continue;
                    }
                    let mut sum = 0.0f32;
                    for &v in &row[lo..hi] {
                        sum += v;
                    }
                    res.push(sum / divisor(lo, hi, pool) as f32);
                }
            }
            Ok(Tensor::from_vec(res, &shape)?.to_dtype(x.dtype()))
        }
        DType::Float64 => {
            let data = x.to_vec::<f64>();
            let mut res = Vec::with_capacity(rows * out);
            for r in 0..rows {
                let row = &data[r * l..(r + 1) * l];
                for o in 0..out {
                    let (lo, hi, pool) = span(o);
                    if lo >= hi {
                        res.push(0.0);
                        continue;
                    }
                    let sum: f64 = row[lo..hi].iter().fold(0.0, |a, &v| a + v);
                    res.push(sum / divisor(lo, hi, pool) as f64);
                }
            }
            Tensor::from_vec(res, &shape)
        }
        DType::Int64 => {
            let data = x.to_vec::<i64>();
            let mut res = Vec::with_capacity(rows * out);
            for r in 0..rows {
                let row = &data[r * l..(r + 1) * l];
                for o in 0..out {
                    let (lo, hi, pool) = span(o);
                    if lo >= hi {
                        res.push(0);
                        continue;
                    }
                    let sum = row[lo..hi].iter().fold(0i64, |a, &v| a.wrapping_add(v));
                    res.push(sum.wrapping_div(divisor(lo, hi, pool)));
                }
            }
            Tensor::from_vec(res, &shape)
        }
        d => Err(not_implemented("avg_pool2d", d)),
    }
}

/// `F.adaptive_avg_pool1d`: output `i` averages `[floor(i·L/out), ceil((i+1)·L/out))`.
pub fn adaptive_avg_pool1d(x: &Tensor, out: i64) -> Result<Tensor> {
    if out < 0 {
        return Err(runtime(format!(
            "adaptive_avg_pool2d: elements of output_size must be greater than or equal to 0 but received {{1, {out}}}"
        )));
    }
    if out == 1 {
        // `adaptive_avg_pool2d` to (1, 1) is `mean` over the window dims.
        if !x.dtype().is_floating_point() {
            return Err(TensorError::NotImplemented(format!(
                "mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: {}",
                x.dtype().scalar_type_name()
            )));
        }
        return x.mean(Some(&[-1]), true);
    }
    let (rows, l) = rows_of(x);
    let nd = x.ndim();
    if l == 0 {
        let mut sizes = x.shape().to_vec();
        sizes.insert(nd - 1, 1);
        return Err(runtime(format!(
            "adaptive_avg_pool2d(): Expected input to have non-zero size for non-batch dimensions, but input has sizes {} with dimension {nd} being empty",
            list(&sizes)
        )));
    }
    let out = out as usize;
    let shape = out_shape(x, out);
    check_numel(&shape)?;
    if rows * out == 0 {
        return Tensor::zeros(&shape, x.dtype());
    }
    if !x.dtype().is_floating_point() {
        return Err(not_implemented("adaptive_avg_pool2d", x.dtype()));
    }
    let bounds = |i: usize| (i * l / out, ((i + 1) * l).div_ceil(out));
    if x.dtype() == DType::Float64 {
        let data = x.to_vec::<f64>();
        let mut res = Vec::with_capacity(rows * out);
        for r in 0..rows {
            for i in 0..out {
                let (lo, hi) = bounds(i);
                let sum = data[r * l + lo..r * l + hi].iter().fold(0.0, |a, &v| a + v);
                res.push(sum / 1.0 / (hi - lo) as f64);
            }
        }
        return Tensor::from_vec(res, &shape);
    }
    let data = x.to_vec::<f32>();
    let mut res = Vec::with_capacity(rows * out);
    for r in 0..rows {
        for i in 0..out {
            let (lo, hi) = bounds(i);
            let sum = data[r * l + lo..r * l + hi]
                .iter()
                .fold(0.0f32, |a, &v| a + v);
            res.push(sum / 1.0 / (hi - lo) as f32);
        }
    }
    Ok(Tensor::from_vec(res, &shape)?.to_dtype(x.dtype()))
}
