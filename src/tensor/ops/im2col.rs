//! `F.unfold` (`im2col`) and `F.fold` (`col2im`), as `aten/src/ATen/native/Im2Col.cpp`,
//! `Col2Im.cpp` and `im2col.h` compute them: a column per sliding block, rows in (channel, kernel
//! row, kernel column) order; folding adds each column back into its block, row by row, in the
//! type's own arithmetic (a 16-bit float rounds after every addition, a bool is an or).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::{DType, Tensor};

/// The four pairs both take: `(kernel, dilation, padding, stride)`, each `(height, width)`.
#[derive(Debug, Clone, Copy)]
pub struct Blocks {
    pub kernel: (i64, i64),
    pub dilation: (i64, i64),
    pub padding: (i64, i64),
    pub stride: (i64, i64),
}

fn runtime(msg: String) -> TensorError {
    TensorError::runtime(msg)
}

impl Blocks {
    /// The checks both shape checks open with.
    fn check(&self) -> Result<()> {
        let (kh, kw) = self.kernel;
        let (dh, dw) = self.dilation;
        let (ph, pw) = self.padding;
        let (sh, sw) = self.stride;
        if kh <= 0 || kw <= 0 {
            return Err(runtime(format!(
                "kernel size should be greater than zero, but got kernel_height: {kh} kernel_width: {kw}"
            )));
        }
        if dh <= 0 || dw <= 0 {
            return Err(runtime(format!(
                "dilation should be greater than zero, but got dilation_height: {dh} dilation_width: {dw}"
            )));
        }
        if ph < 0 || pw < 0 {
            return Err(runtime(format!(
                "padding should be non-negative, but got pad_height: {ph} pad_width: {pw}"
            )));
        }
        if sh <= 0 || sw <= 0 {
            return Err(runtime(format!(
                "stride should be greater than zero, but got stride_height: {sh} stride_width: {sw}"
            )));
        }
        Ok(())
    }

    /// The number of blocks along a dim of `size` (`div_rtn(...) + 1`).
    fn count(&self, size: i64, vertical: bool) -> i64 {
        let (k, d, p, s) = if vertical {
            (
                self.kernel.0,
                self.dilation.0,
                self.padding.0,
                self.stride.0,
            )
        } else {
            (
                self.kernel.1,
                self.dilation.1,
                self.padding.1,
                self.stride.1,
            )
        };
        (size + 2 * p - d * (k - 1) - 1).div_euclid(s) + 1
    }

    fn describe(&self) -> String {
        format!(
            "kernel_size=({}, {}), dilation=({}, {}), padding=({}, {})",
            self.kernel.0,
            self.kernel.1,
            self.dilation.0,
            self.dilation.1,
            self.padding.0,
            self.padding.1
        )
    }
}

/// `input.size(d)` with PyTorch's error for a missing dim.
fn size(x: &Tensor, d: usize) -> Result<usize> {
    x.shape().get(d).copied().ok_or(TensorError::DimOutOfRange {
        min: -(x.ndim().max(1) as i64),
        max: x.ndim().max(1) as i64 - 1,
        got: d as i64,
    })
}

/// The input position of block `(bh, bw)`'s kernel tap `(i, j)`, or `None` in the padding.
fn source(
    b: &Blocks,
    h: usize,
    w: usize,
    bh: usize,
    bw: usize,
    i: usize,
    j: usize,
) -> Option<usize> {
    let y = (bh as i64) * b.stride.0 - b.padding.0 + (i as i64) * b.dilation.0;
    let x = (bw as i64) * b.stride.1 - b.padding.1 + (j as i64) * b.dilation.1;
    (y >= 0 && x >= 0 && (y as usize) < h && (x as usize) < w).then(|| y as usize * w + x as usize)
}

/// `F.unfold(input, kernel_size, dilation, padding, stride)`: `(N, C, H, W)` (or `(C, H, W)`) to
/// `(N, C·kh·kw, L)`.
pub fn unfold(x: &Tensor, b: &Blocks) -> Result<Tensor> {
    b.check()?;
    let (s1, s2) = (size(x, 1)?, size(x, 2)?);
    let nd = x.ndim();
    let valid = s1 != 0 && s2 != 0;
    let ok = (nd == 3 && x.shape()[0] != 0 && valid) || (nd == 4 && valid && x.shape()[3] != 0);
    if !ok {
        let parts: Vec<String> = x.shape().iter().map(|d| d.to_string()).collect();
        return Err(runtime(format!(
            "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: [{}]",
            parts.join(", ")
        )));
    }
    let batched = nd == 4;
    let (n, c, h, w) = if batched {
        (x.shape()[0], x.shape()[1], x.shape()[2], x.shape()[3])
    } else {
        (1, x.shape()[0], x.shape()[1], x.shape()[2])
    };
    let (oh, ow) = (b.count(h as i64, true), b.count(w as i64, false));
    if oh < 1 || ow < 1 {
        return Err(runtime(format!(
            "Given input with spatial size ({h}, {w}), {}, calculated shape of the array of sliding blocks as ({oh}, {ow}), but its components must be at least one.",
            b.describe()
        )));
    }
    if !x.dtype().is_floating_point() && x.dtype() != DType::Bool {
        return Err(TensorError::NotImplemented(format!(
            "\"im2col_out_cpu\" not implemented for '{}'",
            x.dtype().scalar_type_name()
        )));
    }
    let (kh, kw) = (b.kernel.0 as usize, b.kernel.1 as usize);
    let (oh, ow) = (oh as usize, ow as usize);
    let rows = c * kh * kw;
    let cols = oh * ow;
    let mut shape = vec![rows, cols];
    if batched {
        shape.insert(0, n);
    }
    crate::tensor::settings::check_numel(&shape)?;
    let data = x.to_vec::<f64>();
    let mut out = Vec::with_capacity(n * rows * cols);
    for s in 0..n {
        for ch in 0..c {
            let plane = &data[(s * c + ch) * h * w..(s * c + ch + 1) * h * w];
            for i in 0..kh {
                for j in 0..kw {
                    for bh in 0..oh {
                        for bw in 0..ow {
                            out.push(source(b, h, w, bh, bw, i, j).map_or(0.0, |at| plane[at]));
                        }
                    }
                }
            }
        }
    }
    Ok(Tensor::from_vec(out, &shape)?.to_dtype(x.dtype()))
}

/// `F.fold(input, output_size, kernel_size, dilation, padding, stride)`: `(N, C·kh·kw, L)` (or
/// `(C·kh·kw, L)`) back to `(N, C, H, W)`, overlapping blocks added.
pub fn fold(x: &Tensor, output: (i64, i64), b: &Blocks) -> Result<Tensor> {
    let (h, w) = output;
    b.check()?;
    let nd = x.ndim();
    let s = x.shape();
    let ok = (nd == 2 && s[0] != 0 && s[1] != 0) || (nd == 3 && s[1] != 0 && s[2] != 0);
    if !ok {
        let parts: Vec<String> = s.iter().map(|d| d.to_string()).collect();
        return Err(runtime(format!(
            "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for input, but got: [{}]",
            parts.join(", ")
        )));
    }
    let batched = nd == 3;
    let (n, planes, len) = if batched {
        (s[0], s[1], s[2])
    } else {
        (1, s[0], s[1])
    };
    let (kh, kw) = b.kernel;
    if planes as i64 % (kh * kw) != 0 {
        return Err(runtime(format!(
            "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got input.size(1)={planes} and kernel_size=({kh}, {kw})."
        )));
    }
    let (bh, bw) = (b.count(h, true), b.count(w, false));
    let full = format!(
        "Given output_size=({h}, {w}), {}, stride=({}, {})",
        b.describe(),
        b.stride.0,
        b.stride.1
    );
    if len as i64 != bh * bw {
        return Err(runtime(format!(
            "{full}, expected size of input's dimension 2 to match the calculated number of sliding blocks {bh} * {bw} = {}, but got input.size(2)={len}.",
            bh * bw
        )));
    }
    if bh < 1 || bw < 1 {
        return Err(runtime(format!(
            "{full}, calculated shape of the array of sliding blocks as ({bh}, {bw}), which is invalid."
        )));
    }
    if h <= 0 || w <= 0 {
        return Err(runtime(format!(
            "output size should be greater than zero, but got output_height: {h} output_width: {w}"
        )));
    }
    let dtype = x.dtype();
    if !dtype.is_floating_point() && dtype != DType::Bool {
        return Err(TensorError::NotImplemented(format!(
            "\"col2im_out_cpu\" not implemented for '{}'",
            dtype.scalar_type_name()
        )));
    }
    let (kh, kw) = (kh as usize, kw as usize);
    let (h, w, bh, bw) = (h as usize, w as usize, bh as usize, bw as usize);
    let c = planes / (kh * kw);
    let mut shape = vec![c, h, w];
    if batched {
        shape.insert(0, n);
    }
    crate::tensor::settings::check_numel(&shape)?;
    // Each addition rounded to the type (float32, float64, a 16-bit float, or bool's or).
    let round = |v: f64| -> f64 {
        match dtype {
            DType::Float32 => v as f32 as f64,
            DType::Float16 => half::f16::from_f32(v as f32).to_f64(),
            DType::BFloat16 => half::bf16::from_f32(v as f32).to_f64(),
            DType::Bool => f64::from(u8::from(v != 0.0)),
            _ => v,
        }
    };
    let data = x.to_vec::<f64>();
    let mut out = vec![0.0f64; n * c * h * w];
    for sample in 0..n {
        for row in 0..planes {
            let (ch, i, j) = (row / (kh * kw), row / kw % kh, row % kw);
            let col = &data[(sample * planes + row) * len..(sample * planes + row + 1) * len];
            let plane = &mut out[(sample * c + ch) * h * w..(sample * c + ch + 1) * h * w];
            for y in 0..bh {
                for x_ in 0..bw {
                    if let Some(at) = source(b, h, w, y, x_, i, j) {
                        plane[at] = round(plane[at] + col[y * bw + x_]);
                    }
                }
            }
        }
    }
    Ok(Tensor::from_vec(out, &shape)?.to_dtype(dtype))
}
