//! `F.interpolate`'s resampling, as ATen's `UpSampleKernel.cpp` and `AdaptiveAvgPoolKernel.cpp`
//! compute it on the CPU: the same kernel for the same case (a "generic" separable kernel that reads
//! pre-computed indices and weights per dim, or a channels-last kernel that small 2-d outputs take
//! even from a contiguous input), the same index and weight formulas (`UpSample.h`), and the same
//! rounding. PyTorch's build lets the compiler fuse `a * b + c` into one FMA in these kernels, so
//! the fused forms are written out here with `mul_add` (measured against PyTorch bit for bit).
//!
//! Values are computed in PyTorch's `opmath` type (float for float32, half and bfloat16, double for
//! float64); the generic kernel's weights are stored in the tensor's own type first, as ATen stores
//! them.
//!
//! Long because ATen has six kernels here whose roundings differ (generic, channels-last linear and
//! nearest, antialiased separable, uint8 integer, adaptive average), and each is written out beside
//! the index and weight formulas it shares with the others.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::settings::{check_deadline, check_numel};
use crate::tensor::{DType, Tensor};

/// The interpolation of `F.interpolate`'s `mode` (area is [`adaptive_avg_pool`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Nearest,
    NearestExact,
    /// `linear`, `bilinear`, `trilinear`.
    Linear,
    /// `bicubic`.
    Cubic,
}

/// One resampling: the output's spatial sizes, the scale factors passed on to the kernel (`None`
/// where the sizes decide), and how the input is laid out.
#[derive(Debug, Clone)]
pub struct Resample {
    pub mode: Mode,
    pub size: Vec<usize>,
    pub scales: Vec<Option<f64>>,
    pub align_corners: bool,
    pub antialias: bool,
    /// The input is contiguous in `channels_last` (`channels_last_3d`) memory format.
    pub channels_last: bool,
}

fn not_implemented(kernel: &str, dtype: DType) -> TensorError {
    TensorError::NotImplemented(format!(
        "\"{kernel}\" not implemented for '{}'",
        dtype.scalar_type_name()
    ))
}

/// The arithmetic of PyTorch's `opmath` types.
trait Real:
    Copy
    + PartialOrd
    + std::ops::Add<Output = Self>
    + std::ops::Sub<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
    + crate::tensor::Element
{
    const ZERO: Self;
    const ONE: Self;
    /// PyTorch's build fuses the linear kernel's source index in double, not in float.
    const FUSES_LINEAR_INDEX: bool;
    fn of_f64(v: f64) -> Self;
    fn of_i64(v: i64) -> Self;
    fn as_f64(self) -> f64;
    /// `self * a + b` rounded once.
    fn fma(self, a: Self, b: Self) -> Self;
    /// `static_cast<int64_t>(floorf(x))`: `floorf` takes a float, so a double is rounded to one first.
    fn floorf(self) -> i64 {
        (self.as_f64() as f32).floor() as i64
    }
}

impl Real for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
    const FUSES_LINEAR_INDEX: bool = false;
    fn of_f64(v: f64) -> f32 {
        v as f32
    }
    fn of_i64(v: i64) -> f32 {
        v as f32
    }
    fn as_f64(self) -> f64 {
        self as f64
    }
    fn fma(self, a: f32, b: f32) -> f32 {
        self.mul_add(a, b)
    }
}

impl Real for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    const FUSES_LINEAR_INDEX: bool = true;
    fn of_f64(v: f64) -> f64 {
        v
    }
    fn of_i64(v: i64) -> f64 {
        v as f64
    }
    fn as_f64(self) -> f64 {
        self
    }
    fn fma(self, a: f64, b: f64) -> f64 {
        self.mul_add(a, b)
    }
}

/// Rounds an opmath value to the tensor's own type (weights ATen stores as `scalar_t`).
fn rounder<O: Real>(dtype: DType) -> fn(O) -> O {
    match dtype {
        DType::Float16 => |v: O| O::of_f64(half::f16::from_f64(v.as_f64()).to_f64()),
        DType::BFloat16 => |v: O| O::of_f64(half::bf16::from_f64(v.as_f64()).to_f64()),
        _ => |v: O| v,
    }
}

/// `compute_scales_value`: `1 / scale` when a positive scale factor was given, else `in / out`.
fn scales_value<O: Real>(scale: Option<f64>, input: usize, output: usize) -> O {
    match scale {
        Some(s) if s > 0.0 => O::of_f64(1.0 / s),
        _ => O::of_i64(input as i64) / O::of_i64(output as i64),
    }
}

/// `area_pixel_compute_scale`.
fn pixel_scale<O: Real>(input: usize, output: usize, align: bool, scale: Option<f64>) -> O {
    if align {
        if output > 1 {
            O::of_i64(input as i64 - 1) / O::of_i64(output as i64 - 1)
        } else {
            O::ZERO
        }
    } else {
        scales_value(scale, input, output)
    }
}

/// `area_pixel_compute_source_index`: `scale * (i + 0.5) - 0.5`, fused where PyTorch's build fuses
/// it (the channels-last kernel, the cubic and nearest-exact weights; not the linear ones).
fn source_index<O: Real>(scale: O, i: usize, align: bool, cubic: bool, fused: bool) -> O {
    let i = O::of_i64(i as i64);
    if align {
        scale * i
    } else {
        let half = O::of_f64(0.5);
        let src = if fused {
            scale.fma(i + half, O::ZERO - half)
        } else {
            scale * (i + half) - half
        };
        if !cubic && src < O::ZERO {
            O::ZERO
        } else {
            src
        }
    }
}

/// `guard_index_and_lambda`.
fn guard<O: Real>(real: O, input: usize) -> (i64, O) {
    let index = real.floorf().min(input as i64 - 1);
    let mut lambda = real - O::of_i64(index);
    if lambda < O::ZERO {
        lambda = O::ZERO;
    }
    if lambda > O::ONE {
        lambda = O::ONE;
    }
    (index, lambda)
}

/// `compute_source_index_and_lambda`: the two taps of linear interpolation and their weights.
fn linear_taps<O: Real>(
    scale: O,
    o: usize,
    input: usize,
    output: usize,
    align: bool,
    fused: bool,
) -> [(usize, O); 2] {
    if output == input {
        return [(o, O::ONE), (o, O::ZERO)];
    }
    let real = source_index(scale, o, align, false, fused);
    let (i0, l1) = guard(real, input);
    let i0 = i0.max(0) as usize;
    let i1 = if i0 + 1 < input { i0 + 1 } else { i0 };
    [(i0, O::ONE - l1), (i1, l1)]
}

/// `cubic_convolution1` with `A` folded in: `((A + 2) x - (A + 3)) x x + 1`, the inner step fused
/// as PyTorch's build fuses it (measured on one-hot inputs).
fn cubic1<O: Real>(x: O, a: f64) -> O {
    let p = O::of_f64(a + 2.0).fma(x, O::of_f64(-(a + 3.0)));
    p * x * x + O::ONE
}

/// `cubic_convolution2`: `((A x - 5A) x + 8A) x - 4A`, the two inner steps fused.
fn cubic2<O: Real>(x: O, a: f64) -> O {
    let p = O::of_f64(a).fma(x, O::of_f64(-5.0 * a));
    let p = p.fma(x, O::of_f64(8.0 * a));
    p * x - O::of_f64(4.0 * a)
}

/// `get_cubic_upsample_coefficients` (A = -0.75).
fn cubic_coefficients<O: Real>(t: O) -> [O; 4] {
    let a = -0.75;
    let x2 = O::ONE - t;
    [
        cubic2(t + O::ONE, a),
        cubic1(t, a),
        cubic1(x2, a),
        cubic2(x2 + O::ONE, a),
    ]
}

/// Per output index of one dim: its taps (input index, weight).
type Taps<O> = Vec<Vec<(usize, O)>>;

/// The generic kernel's indices and weights for one dim (`HelperInterp*::compute_indices_weights`).
fn generic_taps<O: Real>(
    mode: Mode,
    input: usize,
    output: usize,
    align: bool,
    scale: Option<f64>,
    round: fn(O) -> O,
) -> Taps<O> {
    let s: O = pixel_scale(input, output, align, scale);
    let last = input as i64 - 1;
    (0..output)
        .map(|o| match mode {
            Mode::Nearest => {
                let i = source_index(s, o, true, false, false).floorf().min(last);
                vec![(i.max(0) as usize, O::ONE)]
            }
            Mode::NearestExact => {
                let real = source_index(s, o, align, false, true);
                let i = ((real.as_f64() + 0.5) as f32).floor() as i64;
                vec![(i.min(last).max(0) as usize, O::ONE)]
            }
            Mode::Linear => {
                // The weights are the tensor's type: `lambda0 = 1 - lambda1` in it.
                let [(i0, _), (i1, l1)] =
                    linear_taps(s, o, input, output, align, O::FUSES_LINEAR_INDEX);
                let l1 = round(l1);
                vec![(i0, round(O::ONE - l1)), (i1, l1)]
            }
            Mode::Cubic => {
                let real = source_index(s, o, align, true, true);
                let (i, lambda) = guard(real, input);
                let coeffs = cubic_coefficients(lambda);
                (0..4)
                    .map(|j| {
                        let at = (i + j as i64 - 1).min(last).max(0) as usize;
                        (at, round(coeffs[j]))
                    })
                    .collect()
            }
        })
        .collect()
}

/// `Interpolate<n, ...>::eval`: one output value from the taps of each dim, the outer dims last.
fn eval<O: Real>(plane: &[O], strides: &[usize], taps: &[&[(usize, O)]], offset: usize) -> O {
    let Some((first, rest)) = taps.split_first() else {
        return plane[offset];
    };
    let value = |(i, _): &(usize, O)| eval(plane, &strides[1..], rest, offset + i * strides[0]);
    match first.len() {
        1 => value(&first[0]),
        // `t0 * w0 + t1 * w1`, the first product fused.
        2 => value(&first[0]).fma(first[0].1, value(&first[1]) * first[1].1),
        // `out = t0*w0; out += t1*w1; ...`: compiled as the first two products fused, then each
        // next one fused into the sum.
        _ => {
            let mut out = value(&first[0]).fma(first[0].1, value(&first[1]) * first[1].1);
            for tap in &first[2..] {
                out = value(tap).fma(tap.1, out);
            }
            out
        }
    }
}

fn plane_strides(sizes: &[usize]) -> Vec<usize> {
    let mut strides = vec![1; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        strides[d] = strides[d + 1] * sizes[d + 1];
    }
    strides
}

/// Every output position of `out` (row-major), as multi-indices.
fn positions(out: &[usize]) -> Vec<Vec<usize>> {
    let total: usize = out.iter().product();
    let mut all = Vec::with_capacity(total);
    let mut idx = vec![0; out.len()];
    for _ in 0..total {
        all.push(idx.clone());
        for d in (0..out.len()).rev() {
            idx[d] += 1;
            if idx[d] < out[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    all
}

/// `upsample_generic_Nd_kernel_impl` on planes of `data` (batch × channels of them).
fn generic<O: Real>(
    data: &[O],
    shape: &[usize],
    r: &Resample,
    round: fn(O) -> O,
) -> Result<Vec<O>> {
    let spatial = &shape[2..];
    let taps: Vec<Taps<O>> = spatial
        .iter()
        .zip(&r.size)
        .zip(&r.scales)
        .map(|((&i, &o), &s)| generic_taps(r.mode, i, o, r.align_corners, s, round))
        .collect();
    let planes = shape[0] * shape[1];
    let in_plane: usize = spatial.iter().product();
    let strides = plane_strides(spatial);
    let pos = positions(&r.size);
    let mut out = Vec::with_capacity(planes * pos.len());
    for p in 0..planes {
        check_deadline()?;
        let plane = &data[p * in_plane..(p + 1) * in_plane];
        for at in &pos {
            let per_dim: Vec<&[(usize, O)]> = at
                .iter()
                .enumerate()
                .map(|(d, &o)| &taps[d][o][..])
                .collect();
            out.push(round(eval(plane, &strides, &per_dim, 0)));
        }
    }
    Ok(out)
}

/// `nearest_idx` / `nearest_exact_idx` of the channels-last kernel (in float, whatever the dtype).
fn channels_last_nearest_index(
    exact: bool,
    o: usize,
    input: usize,
    output: usize,
    scale: Option<f64>,
) -> usize {
    let last = input as i64 - 1;
    if !exact {
        if output == input {
            return o;
        }
        if output == 2 * input {
            return o >> 1;
        }
    }
    let s: f32 = scales_value(scale, input, output);
    let i = if exact {
        (((o as f64 + 0.5) * s as f64) as f32).floor() as i64
    } else {
        (o as f32 * s).floor() as i64
    };
    i.min(last).max(0) as usize
}

/// The flat (row-major) input position of every output element, for the nearest modes.
fn nearest_sources(shape: &[usize], r: &Resample, channels_last: bool) -> Vec<usize> {
    let spatial = &shape[2..];
    let exact = r.mode == Mode::NearestExact;
    // The generic kernel's index per output position of one dim, computed once per dim.
    let per_dim: Vec<Vec<usize>> = (0..spatial.len())
        .map(|d| {
            if channels_last {
                (0..r.size[d])
                    .map(|o| {
                        channels_last_nearest_index(exact, o, spatial[d], r.size[d], r.scales[d])
                    })
                    .collect()
            } else {
                generic_taps::<f32>(r.mode, spatial[d], r.size[d], false, r.scales[d], |v| v)
                    .iter()
                    .map(|taps| taps[0].0)
                    .collect()
            }
        })
        .collect();
    let strides = plane_strides(spatial);
    let in_plane: usize = spatial.iter().product();
    let pos = positions(&r.size);
    let planes = shape[0] * shape[1];
    let mut src = Vec::with_capacity(planes * pos.len());
    for p in 0..planes {
        for at in &pos {
            let off: usize = at
                .iter()
                .enumerate()
                .map(|(d, &o)| per_dim[d][o] * strides[d])
                .sum();
            src.push(p * in_plane + off);
        }
    }
    src
}

/// `cpu_upsample_linear_channels_last`: bi/trilinear with the weights multiplied out per output
/// position; channels are processed in vectors of `lanes` (fused from the last tap inwards, and for
/// half types every operation rounded as `Vectorized<Half>` rounds it), the rest one by one.
fn channels_last_linear<O: Real>(
    data: &[O],
    shape: &[usize],
    r: &Resample,
    lanes: usize,
    round: Option<fn(O) -> O>,
) -> Result<Vec<O>> {
    let spatial = &shape[2..];
    let (batch, channels) = (shape[0], shape[1]);
    let taps: Vec<Vec<[(usize, O); 2]>> = spatial
        .iter()
        .zip(&r.size)
        .zip(&r.scales)
        .map(|((&i, &o), &s)| {
            let scale: O = pixel_scale(i, o, r.align_corners, s);
            (0..o)
                .map(|x| linear_taps(scale, x, i, o, r.align_corners, true))
                .collect()
        })
        .collect();
    let in_plane: usize = spatial.iter().product();
    let strides = plane_strides(spatial);
    let pos = positions(&r.size);
    let out_plane = pos.len();
    let vectorised = channels - channels % lanes;
    let mut out = vec![O::ZERO; batch * channels * out_plane];
    let corners = 1usize << spatial.len();
    for n in 0..batch {
        check_deadline()?;
        for (q, at) in pos.iter().enumerate() {
            // Corner k takes tap (k >> (D-1-d)) & 1 of dim d; its weight multiplies the lambdas
            // from the outer dim in.
            let mut offsets = Vec::with_capacity(corners);
            let mut weights = Vec::with_capacity(corners);
            for k in 0..corners {
                let mut off = 0;
                let mut w: Option<O> = None;
                for d in 0..spatial.len() {
                    let bit = (k >> (spatial.len() - 1 - d)) & 1;
                    let (i, l) = taps[d][at[d]][bit];
                    off += i * strides[d];
                    w = Some(match w {
                        None => l,
                        Some(v) => v * l,
                    });
                }
                offsets.push(off);
                weights.push(w.unwrap_or(O::ONE));
            }
            for c in 0..channels {
                let base = (n * channels + c) * in_plane;
                let t = |k: usize| data[base + offsets[k]];
                let value = if c < vectorised {
                    // `t0*w0 + (t1*w1 + (... + (t_{n-2}*w_{n-2} + t_{n-1}*w_{n-1})))`: the
                    // innermost pair with its second product fused, then each outer product.
                    let last = corners - 1;
                    match round {
                        None => {
                            let mut acc =
                                t(last).fma(weights[last], t(last - 1) * weights[last - 1]);
                            for k in (0..last - 1).rev() {
                                acc = t(k).fma(weights[k], acc);
                            }
                            acc
                        }
                        Some(rd) => {
                            let mut acc = rd(t(last) * rd(weights[last]));
                            for k in (0..last).rev() {
                                acc = rd(rd(t(k) * rd(weights[k])) + acc);
                            }
                            acc
                        }
                    }
                } else {
                    // `t0*w0 + t1*w1 + ...`: the first two fused, then each next product.
                    let mut acc = t(0).fma(weights[0], t(1) * weights[1]);
                    for (k, &w) in weights.iter().enumerate().skip(2) {
                        acc = t(k).fma(w, acc);
                    }
                    acc
                };
                out[(n * channels + c) * out_plane + q] = value;
            }
        }
    }
    Ok(out)
}

/// The antialiased filters (`aa_filter`: triangle for bilinear, Keys' cubic with a = -0.5).
fn aa_filter<O: Real>(mode: Mode, x: O) -> O {
    let x = if x < O::ZERO { O::ZERO - x } else { x };
    match mode {
        // Keys' cubic with every step fused (this filter is compiled apart from the weights of the
        // plain bicubic kernel, and fused otherwise).
        Mode::Cubic => {
            let a = -0.5;
            if x < O::ONE {
                let p = O::of_f64(a + 2.0).fma(x, O::of_f64(-(a + 3.0)));
                (p * x).fma(x, O::ONE)
            } else if x < O::of_f64(2.0) {
                let p = O::of_f64(a).fma(x, O::of_f64(-5.0 * a));
                let p = p.fma(x, O::of_f64(8.0 * a));
                p.fma(x, O::of_f64(-4.0 * a))
            } else {
                O::ZERO
            }
        }
        _ => {
            if x < O::ONE {
                O::ONE - x
            } else {
                O::ZERO
            }
        }
    }
}

/// `_compute_indices_min_size_weights_aa` for every output index of one dim: the first input index
/// and the normalised weights.
fn aa_taps<O: Real>(
    mode: Mode,
    input: usize,
    output: usize,
    align: bool,
    scale: Option<f64>,
) -> Vec<(usize, Vec<O>)> {
    let interp = if mode == Mode::Cubic { 4.0 } else { 2.0 };
    let s: O = pixel_scale(input, output, align, scale);
    let support = if s.as_f64() >= 1.0 {
        O::of_f64(interp * 0.5 * s.as_f64())
    } else {
        O::of_f64(interp * 0.5)
    };
    let max_size = (support.as_f64().ceil() as i64) * 2 + 1;
    let invscale = if s.as_f64() >= 1.0 {
        O::of_f64(1.0 / s.as_f64())
    } else {
        O::ONE
    };
    (0..output)
        .map(|i| {
            let center = O::of_f64(s.as_f64() * (i as f64 + 0.5));
            let xmin = (((center - support).as_f64() + 0.5) as i64).max(0);
            let xsize = ((((center + support).as_f64() + 0.5) as i64).min(input as i64) - xmin)
                .clamp(0, max_size);
            let mut w: Vec<O> = (0..xsize)
                .map(|j| {
                    let x = (O::of_i64(j + xmin) - center).as_f64() + 0.5;
                    aa_filter(mode, O::of_f64(x * invscale.as_f64()))
                })
                .collect();
            let total = w.iter().fold(O::ZERO, |a, &v| a + v);
            if total.as_f64() != 0.0 {
                for v in &mut w {
                    *v = *v / total;
                }
            }
            (xmin as usize, w)
        })
        .collect()
}

/// `separable_upsample_generic_Nd_kernel_impl` with antialiasing: the last dim first, then the
/// others from the inside out, each pass a weighted sum in the tensor's type.
fn antialiased<O: Real>(data: &[O], shape: &[usize], r: &Resample) -> Result<Vec<O>> {
    let mut cur = data.to_vec();
    let mut sizes = shape.to_vec();
    let nd = shape.len() - 2;
    for step in 0..nd {
        let d = nd - 1 - step;
        let dim = d + 2;
        if sizes[dim] == r.size[d] {
            continue;
        }
        check_deadline()?;
        let taps = aa_taps::<O>(r.mode, sizes[dim], r.size[d], r.align_corners, r.scales[d]);
        let outer: usize = sizes[..dim].iter().product();
        let inner: usize = sizes[dim + 1..].iter().product();
        let (n_in, n_out) = (sizes[dim], r.size[d]);
        let mut next = vec![O::ZERO; outer * n_out * inner];
        for a in 0..outer {
            for (o, (xmin, w)) in taps.iter().enumerate() {
                for b in 0..inner {
                    let at = |j: usize| cur[(a * n_in + xmin + j) * inner + b];
                    // `t0*w0`, then each next product fused into the sum.
                    let mut acc = if w.is_empty() { O::ZERO } else { at(0) * w[0] };
                    for (j, &wj) in w.iter().enumerate().skip(1) {
                        acc = at(j).fma(wj, acc);
                    }
                    next[(a * n_out + o) * inner + b] = acc;
                }
            }
        }
        cur = next;
        sizes[dim] = n_out;
    }
    Ok(cur)
}

/// `_compute_indices_min_size_weights` (no antialiasing) in double, for the uint8 kernel: the taps
/// of one output index, weights of taps outside the input added onto the edge taps, in ATen's order
/// (including its reset of a weight slot when the loop reaches it), and the largest running weight.
fn uint8_plain_taps(
    mode: Mode,
    input: usize,
    output: usize,
    align: bool,
    scale: Option<f64>,
) -> (Vec<(usize, Vec<f64>)>, f64) {
    let cubic = mode == Mode::Cubic;
    let size: i64 = if cubic { 4 } else { 2 };
    let s: f64 = pixel_scale(input, output, align, scale);
    let support = size / 2;
    let n = input as i64;
    let mut wt_max = 0.0f64;
    let taps = (0..output)
        .map(|i| {
            let real = source_index(s, i, align, cubic, true);
            let (index, lambda) = guard(real, input);
            let lo = index - support + 1;
            let hi = index + support + 1;
            let index_min = lo.max(0);
            let index_size = (hi.min(n) - index_min).clamp(0, size);
            let mut w = vec![0.0f64; size as usize];
            let mut at: i64 = 0;
            for j in 0..size {
                w[j as usize] = 0.0;
                let x = (j + 1 - support) as f64 - lambda;
                let v = if cubic {
                    let x = x.abs();
                    if x < 1.0 {
                        cubic1(x, -0.75)
                    } else if x < 2.0 {
                        cubic2(x, -0.75)
                    } else {
                        0.0
                    }
                } else {
                    let x = x.abs();
                    if x < 1.0 { 1.0 - x } else { 0.0 }
                };
                if lo + j <= 0 {
                    at = 0;
                } else if lo + j >= n - 1 {
                    at = index_size - 1;
                }
                let slot = at.clamp(0, size - 1) as usize;
                w[slot] += v;
                wt_max = wt_max.max(w[slot]);
                at += 1;
            }
            w.truncate(index_size.max(0) as usize);
            (index_min as usize, w)
        })
        .collect();
    (taps, wt_max)
}

/// `_compute_index_ranges_int16_weights`: the double weights scaled to int16 with the most
/// precision that keeps the largest below 2^15.
fn int16_weights(taps: Vec<(usize, Vec<f64>)>, wt_max: f64) -> (Vec<(usize, Vec<i32>)>, u32) {
    let mut precision = 0u32;
    while precision < 22 {
        let next = (0.5 + wt_max * f64::from(1u32 << (precision + 1))) as i32;
        if next >= 1 << 15 {
            break;
        }
        precision += 1;
    }
    let scale = f64::from(1u32 << precision);
    let taps = taps
        .into_iter()
        .map(|(lo, w)| {
            let w = w
                .iter()
                .map(|&v| {
                    let v = v * scale;
                    let r = if v < 0.0 {
                        (-0.5 + v) as i32
                    } else {
                        (0.5 + v) as i32
                    };
                    i32::from(r as i16)
                })
                .collect();
            (lo, w)
        })
        .collect();
    (taps, precision)
}

/// Bilinear and bicubic on uint8 (ATen's Pillow-derived separable kernel): integer weights, the
/// last dim first, each pass rounding `(1 << (p - 1) + Σ v·w) >> p` and clamping to 0..=255.
fn uint8_separable(x: &Tensor, r: &Resample) -> Result<Vec<u8>> {
    let shape = x.shape().to_vec();
    let mut cur = x.to_vec::<u8>();
    let mut sizes = shape.clone();
    for d in [1usize, 0] {
        let dim = d + 2;
        if sizes[dim] == r.size[d] {
            continue;
        }
        check_deadline()?;
        let (taps, precision) = if r.antialias {
            let t = aa_taps::<f64>(r.mode, sizes[dim], r.size[d], r.align_corners, r.scales[d]);
            let max = t
                .iter()
                .flat_map(|(_, w)| w.iter().copied())
                .fold(0.0, f64::max);
            int16_weights(t, max)
        } else {
            let (t, max) =
                uint8_plain_taps(r.mode, sizes[dim], r.size[d], r.align_corners, r.scales[d]);
            int16_weights(t, max)
        };
        let outer: usize = sizes[..dim].iter().product();
        let inner: usize = sizes[dim + 1..].iter().product();
        let (n_in, n_out) = (sizes[dim], r.size[d]);
        let mut next = vec![0u8; outer * n_out * inner];
        let half = if precision > 0 {
            1i32 << (precision - 1)
        } else {
            0
        };
        for a in 0..outer {
            for (o, (lo, w)) in taps.iter().enumerate() {
                for b in 0..inner {
                    let mut acc = half;
                    for (j, &wj) in w.iter().enumerate() {
                        acc =
                            acc.wrapping_add(i32::from(cur[(a * n_in + lo + j) * inner + b]) * wj);
                    }
                    next[(a * n_out + o) * inner + b] = (acc >> precision).clamp(0, 255) as u8;
                }
            }
        }
        cur = next;
        sizes[dim] = n_out;
    }
    Ok(cur)
}

fn output_shape(x: &Tensor, size: &[usize]) -> Vec<usize> {
    let mut shape = x.shape()[..2].to_vec();
    shape.extend_from_slice(size);
    shape
}

/// Resamples `x` (`[N, C, *spatial]`) to `r.size`; the result is row-major (the caller lays it out
/// in the input's suggested memory format, as ATen allocates it).
pub fn interpolate(x: &Tensor, r: &Resample) -> Result<Tensor> {
    let shape = x.shape().to_vec();
    let out_shape = output_shape(x, &r.size);
    check_numel(&out_shape)?;
    let nd = r.size.len();
    let channels = shape[1];
    let dtype = x.dtype();
    let out_numel: usize = out_shape.iter().product();
    let cond_2d = (r.channels_last && channels > 3) || (nd == 2 && r.size[0] + r.size[1] <= 128);
    let cond_3d = r.channels_last && channels > 3;
    let cl_kernel = match nd {
        2 => cond_2d,
        3 => cond_3d,
        _ => false,
    };
    if dtype == DType::UInt8 && nd == 2 && matches!(r.mode, Mode::Linear | Mode::Cubic) {
        if out_numel == 0 {
            return Tensor::zeros(&out_shape, dtype);
        }
        return Tensor::from_vec(uint8_separable(x, r)?, &out_shape);
    }
    if r.antialias {
        if !matches!(dtype, DType::Float32 | DType::Float64) {
            return Err(not_implemented("compute_index_ranges_weights", dtype));
        }
        if out_numel == 0 {
            return Tensor::zeros(&out_shape, dtype);
        }
        return if dtype == DType::Float64 {
            Tensor::from_vec(antialiased(&x.to_vec::<f64>(), &shape, r)?, &out_shape)
        } else {
            Tensor::from_vec(antialiased(&x.to_vec::<f32>(), &shape, r)?, &out_shape)
        };
    }
    match r.mode {
        Mode::Nearest | Mode::NearestExact => {
            let floating = matches!(
                dtype,
                DType::Float32 | DType::Float64 | DType::Float16 | DType::BFloat16 | DType::UInt8
            );
            if !floating {
                let kernel = if cl_kernel {
                    "upsample_nearest2d_channels_last"
                } else {
                    "compute_indices_weights_nearest"
                };
                return Err(not_implemented(kernel, dtype));
            }
            if out_numel == 0 {
                return Tensor::zeros(&out_shape, dtype);
            }
            let src = nearest_sources(&shape, r, cl_kernel);
            crate::with_dtype!(dtype, T => {
                let data = x.to_vec::<T>();
                Tensor::from_vec(src.iter().map(|&i| data[i]).collect::<Vec<T>>(), &out_shape)
            })
        }
        Mode::Linear | Mode::Cubic => {
            if !matches!(
                dtype,
                DType::Float32 | DType::Float64 | DType::Float16 | DType::BFloat16
            ) {
                let kernel = match (r.mode, nd) {
                    (Mode::Cubic, _) => "compute_indices_weights_cubic",
                    (_, 2) if cl_kernel || (channels == 3) => "upsample_bilinear2d_channels_last",
                    _ => "compute_indices_weights_linear",
                };
                return Err(not_implemented(kernel, dtype));
            }
            if out_numel == 0 {
                return Tensor::zeros(&out_shape, dtype);
            }
            let single = crate::tensor::settings::num_threads() == 1;
            let use_cl =
                r.mode == Mode::Linear && (cl_kernel || (nd == 2 && single && channels == 3));
            if dtype == DType::Float64 {
                let data = x.to_vec::<f64>();
                let out = if use_cl {
                    channels_last_linear(&data, &shape, r, 4, None)?
                } else {
                    generic(&data, &shape, r, |v| v)?
                };
                return Tensor::from_vec(out, &out_shape);
            }
            let data = x.to_vec::<f32>();
            let out = if use_cl {
                match dtype {
                    DType::Float32 => channels_last_linear(&data, &shape, r, 8, None)?,
                    _ => channels_last_linear(&data, &shape, r, 16, Some(rounder::<f32>(dtype)))?,
                }
            } else {
                generic(&data, &shape, r, rounder::<f32>(dtype))?
            };
            Ok(Tensor::from_vec(out, &out_shape)?.to_dtype(dtype))
        }
    }
}

/// `start_index` / `end_index` of adaptive pooling.
fn window(o: usize, out: usize, input: usize) -> (usize, usize) {
    (o * input / out, ((o + 1) * input).div_ceil(out))
}

/// `_adaptive_avg_pool2d` / `_adaptive_avg_pool3d` over the last `size.len()` dims: the window
/// sums in order, then divided by each window extent in turn. Channels-last 2-d inputs take ATen's
/// channels-last kernel, which divides the channels a vector holds by the window's size at once;
/// the 3-d kernel sums and divides in the tensor's own type.
pub fn adaptive_avg_pool(x: &Tensor, size: &[usize], channels_last: bool) -> Result<Tensor> {
    let shape = x.shape().to_vec();
    let lead = shape.len() - size.len();
    let mut out_shape = shape[..lead].to_vec();
    out_shape.extend_from_slice(size);
    check_numel(&out_shape)?;
    let dtype = x.dtype();
    if !dtype.is_floating_point() {
        let name = if size.len() == 2 {
            "adaptive_avg_pool2d"
        } else {
            "adaptive_avg_pool3d_cpu"
        };
        return Err(not_implemented(name, dtype));
    }
    if out_shape.iter().product::<usize>() == 0 {
        return Tensor::zeros(&out_shape, dtype);
    }
    /// How the kernel rounds: `lanes` channels share one division by the window size (the
    /// channels-last kernel), `each` rounds every sum and division to the tensor's type.
    struct Plan<O> {
        channels: usize,
        lanes: Option<usize>,
        each: bool,
        round: fn(O) -> O,
    }
    fn run<O: Real>(
        data: &[O],
        spatial: &[usize],
        size: &[usize],
        plan: &Plan<O>,
    ) -> Result<Vec<O>> {
        let strides = plane_strides(spatial);
        let in_plane: usize = spatial.iter().product();
        let pos = positions(size);
        let planes = data.len() / in_plane.max(1);
        let keep = |v: O| if plan.each { (plan.round)(v) } else { v };
        let mut out = Vec::with_capacity(planes * pos.len());
        for p in 0..planes {
            check_deadline()?;
            let plane = &data[p * in_plane..(p + 1) * in_plane];
            let c = p % plan.channels;
            let vector = plan
                .lanes
                .is_some_and(|l| c < plan.channels - plan.channels % l);
            for at in &pos {
                let bounds: Vec<(usize, usize)> = at
                    .iter()
                    .enumerate()
                    .map(|(d, &o)| window(o, size[d], spatial[d]))
                    .collect();
                let extent: Vec<usize> = bounds.iter().map(|(a, b)| b - a).collect();
                let mut sum = O::ZERO;
                for inner in positions(&extent) {
                    let off: usize = inner
                        .iter()
                        .enumerate()
                        .map(|(d, &i)| (bounds[d].0 + i) * strides[d])
                        .sum();
                    sum = keep(sum + plane[off]);
                }
                let value = if vector {
                    let k: usize = extent.iter().product();
                    sum / O::of_i64(k as i64)
                } else {
                    extent
                        .iter()
                        .fold(sum, |v, &k| keep(v / O::of_i64(k as i64)))
                };
                out.push((plan.round)(value));
            }
        }
        Ok(out)
    }
    let spatial = &shape[lead..];
    let channels = if lead >= 1 { shape[lead - 1] } else { 1 };
    let three = size.len() == 3;
    if dtype == DType::Float64 {
        let plan = Plan {
            channels,
            lanes: channels_last.then_some(4),
            each: false,
            round: |v: f64| v,
        };
        return Tensor::from_vec(run(&x.to_vec::<f64>(), spatial, size, &plan)?, &out_shape);
    }
    let plan = Plan {
        channels,
        lanes: channels_last.then_some(if dtype == DType::Float32 { 8 } else { 16 }),
        each: three,
        round: rounder::<f32>(dtype),
    };
    let out = run(&x.to_vec::<f32>(), spatial, size, &plan)?;
    Ok(Tensor::from_vec(out, &out_shape)?.to_dtype(dtype))
}
