//! Less common tensor methods, kept apart from the core ones in `tensor_methods.rs`.

use crate::tensor::ops::elementwise::{BinaryOp, Operand, UnaryOp, binary, unary};
use crate::tensor::{DType, Scalar, Tensor};

use super::args::Params;
use crate::interp::Interpreter;
use crate::interp::error::{PyResult, exc, type_error};
use crate::interp::value::Value;

pub(crate) const EXTRA_METHODS: &[&str] = &[
    "flip",
    "isclose",
    "cumprod",
    "repeat_interleave",
    "scatter_",
    "scatter",
    "type_as",
    "diagonal",
    "logsumexp",
    "amax",
    "amin",
    "erf",
    "asin",
    "acos",
    "atan",
    "log10",
    "log1p",
    "expm1",
    "fliplr",
    "count_nonzero",
    "std_mean",
    "var_mean",
    "aminmax",
    "mv",
    "index_fill_",
    "index_fill",
    "masked_scatter_",
];

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

pub(crate) fn extra_method(
    _interp: &mut Interpreter,
    x: &Tensor,
    name: &str,
    p: &Params,
) -> PyResult<Value> {
    match name {
        "erf" => t(unary(UnaryOp::Erf, x)?),
        "asin" => t(unary(UnaryOp::Asin, x)?),
        "acos" => t(unary(UnaryOp::Acos, x)?),
        "atan" => t(unary(UnaryOp::Atan, x)?),
        "log10" => t(unary(UnaryOp::Log10, x)?),
        "log1p" => t(unary(UnaryOp::Log1p, x)?),
        "expm1" => t(unary(UnaryOp::Expm1, x)?),
        "flip" | "fliplr" => {
            let dims = if name == "fliplr" {
                vec![1]
            } else {
                p.int_list(0, "dims")?
            };
            t(flip(x, &dims)?)
        }
        "isclose" => {
            let o = p.tensor(0, "other")?;
            let rtol = p.float_opt(1, "rtol")?.unwrap_or(1e-5);
            let atol = p.float_opt(2, "atol")?.unwrap_or(1e-8);
            let equal_nan = p.bool_or(3, "equal_nan", false)?;
            let shape = crate::tensor::layout::broadcast_shapes(x.shape(), o.shape())?;
            let a = x.broadcast_to(&shape)?.to_vec::<f32>();
            let b = o.broadcast_to(&shape)?.to_vec::<f32>();
            let out: Vec<bool> = a
                .iter()
                .zip(&b)
                .map(|(&u, &v)| {
                    if u.is_nan() || v.is_nan() {
                        return equal_nan && u.is_nan() && v.is_nan();
                    }
                    u == v || ((u as f64 - v as f64).abs() <= atol + rtol * (v as f64).abs())
                })
                .collect();
            t(Tensor::from_vec(out, &shape)?)
        }
        "cumprod" => {
            let d = crate::tensor::layout::wrap_dim(p.int(0, "dim")?, x.ndim())?;
            let moved = x.transpose(d as i64, -1)?;
            let n = moved.shape().last().copied().unwrap_or(1).max(1);
            let out = if x.dtype() == DType::Float32 {
                let mut v = moved.to_vec::<f32>();
                for row in v.chunks_mut(n) {
                    let mut acc = 1f32;
                    for e in row.iter_mut() {
                        acc *= *e;
                        *e = acc;
                    }
                }
                Tensor::from_vec(v, moved.shape())?
            } else {
                let mut v = moved.to_vec::<i64>();
                for row in v.chunks_mut(n) {
                    let mut acc = 1i64;
                    for e in row.iter_mut() {
                        acc = acc.wrapping_mul(*e);
                        *e = acc;
                    }
                }
                Tensor::from_vec(v, moved.shape())?
            };
            t(out.transpose(d as i64, -1)?.contiguous())
        }
        "repeat_interleave" => {
            let reps = p.int(0, "repeats")?.max(0) as usize;
            match p.int_opt(1, "dim")? {
                None => {
                    let flat = x.reshape(&[-1])?;
                    t(repeat_rows(&flat, 0, reps)?)
                }
                Some(d) => {
                    let d = crate::tensor::layout::wrap_dim(d, x.ndim())?;
                    t(repeat_rows(x, d, reps)?)
                }
            }
        }
        "scatter_" | "scatter" => {
            let d = crate::tensor::layout::wrap_dim(p.int(0, "dim")?, x.ndim())?;
            let idx = p.tensor(1, "index")?;
            let target = if name == "scatter" {
                x.deep_copy()
            } else {
                x.clone()
            };
            let src: Tensor = match p.get(2, "src").or(p.kw("value")) {
                Some(Value::Tensor(s)) => s,
                Some(v) => {
                    let s = crate::interp::torch::value_to_scalar(&v).ok_or_else(|| {
                        type_error("scatter(): value must be a number or a tensor")
                    })?;
                    Tensor::full(idx.shape(), s, x.dtype())?
                }
                None => return Err(type_error("scatter() missing required argument 'src'")),
            };
            scatter(&target, d, &idx, &src)?;
            t(target)
        }
        "index_fill_" | "index_fill" => {
            let d = crate::tensor::layout::wrap_dim(p.int(0, "dim")?, x.ndim())?;
            let idx = p.tensor(1, "index")?;
            let v = p
                .scalar_opt(2, "value")?
                .ok_or_else(|| type_error("index_fill_() missing required argument 'value'"))?;
            let target = if name == "index_fill" {
                x.deep_copy()
            } else {
                x.clone()
            };
            for i in idx.to_vec::<i64>() {
                target.select(d as i64, i)?.fill(v);
            }
            t(target)
        }
        "mv" => {
            let v = p.tensor(0, "vec")?;
            t(x.matmul(&v)?)
        }
        "type_as" => t(x.to_dtype(p.tensor(0, "other")?.dtype())),
        "diagonal" => {
            let offset = p.int_opt(0, "offset")?.unwrap_or(0);
            let d1 = crate::tensor::layout::wrap_dim(p.int_opt(1, "dim1")?.unwrap_or(0), x.ndim())?;
            let d2 = crate::tensor::layout::wrap_dim(p.int_opt(2, "dim2")?.unwrap_or(1), x.ndim())?;
            t(diagonal(x, offset, d1, d2)?)
        }
        "logsumexp" => {
            let dims = p.dims(0, "dim")?;
            let keep = p.bool_or(1, "keepdim", false)?;
            let dims = dims.unwrap_or_default();
            let m = x.to_dtype(DType::Float32);
            let (maxv, _) = if dims.len() == 1 {
                m.max_dim(dims[0], true, true)?
            } else {
                (m.max_all(true)?, m.clone())
            };
            let maxv = binary(
                BinaryOp::Maximum,
                Operand::Tensor(&maxv),
                Operand::Scalar(Scalar::Float(f64::MIN)),
            )?;
            let safe = crate::tensor::ops::elementwise::masked_fill(
                &maxv,
                &unary(UnaryOp::IsInf, &maxv)?,
                Scalar::Float(0.0),
            )?;
            let shifted = binary(BinaryOp::Sub, Operand::Tensor(&m), Operand::Tensor(&safe))?;
            let s = unary(UnaryOp::Exp, &shifted)?.sum(Some(&dims), keep)?;
            let l = unary(UnaryOp::Log, &s)?;
            let safe_k = if keep {
                safe
            } else {
                safe.squeeze(Some(&dims))?
            };
            t(binary(
                BinaryOp::Add,
                Operand::Tensor(&l),
                Operand::Tensor(&safe_k),
            )?)
        }
        "amax" | "amin" => {
            let dims = p.dims(0, "dim")?.unwrap_or_default();
            let keep = p.bool_or(1, "keepdim", false)?;
            let largest = name == "amax";
            if dims.is_empty() {
                return t(x.max_all(largest)?);
            }
            let mut cur = x.clone();
            let mut sorted: Vec<usize> = dims
                .iter()
                .map(|&d| crate::tensor::layout::wrap_dim(d, x.ndim()))
                .collect::<Result<_, _>>()?;
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            for d in sorted {
                cur = cur.max_dim(d as i64, keep, largest)?.0;
            }
            t(cur)
        }
        "count_nonzero" => {
            let b = x.to_dtype(DType::Bool);
            let dims = p.dims(0, "dim")?;
            t(b.sum(dims.as_deref(), false)?)
        }
        _ => Err(exc(
            "AttributeError",
            format!("'Tensor' object has no attribute '{name}'"),
        )),
    }
}

pub(crate) fn flip(x: &Tensor, dims: &[i64]) -> PyResult<Tensor> {
    let n = x.ndim();
    let mut flip_dim = vec![false; n];
    for &d in dims {
        let d = crate::tensor::layout::wrap_dim(d, n)?;
        if flip_dim[d] {
            return Err(exc(
                "RuntimeError",
                format!("dim {d} appears multiple times in the list of dims"),
            ));
        }
        flip_dim[d] = true;
    }
    let shape = x.shape().to_vec();
    let strides = crate::tensor::layout::contiguous_strides(&shape);
    crate::with_dtype!(x.dtype(), T => {
        let src = x.to_vec::<T>();
        let mut out = Vec::with_capacity(src.len());
        for flat in 0..src.len() {
            let mut rem = flat;
            let mut off = 0usize;
            for k in (0..n).rev() {
                let c = rem % shape[k];
                rem /= shape[k];
                let c = if flip_dim[k] { shape[k] - 1 - c } else { c };
                off += c * strides[k];
            }
            out.push(src[off]);
        }
        Ok(Tensor::from_vec(out, &shape)?)
    })
}

fn repeat_rows(x: &Tensor, d: usize, reps: usize) -> PyResult<Tensor> {
    let size = x.shape()[d];
    let parts: Vec<Tensor> = (0..size as i64)
        .flat_map(|i| (0..reps).map(move |_| i))
        .map(|i| x.narrow(d as i64, i, 1))
        .collect::<Result<_, _>>()?;
    if parts.is_empty() {
        let mut shape = x.shape().to_vec();
        shape[d] = 0;
        return Ok(Tensor::zeros(&shape, x.dtype())?);
    }
    Ok(Tensor::cat(&parts, d as i64)?)
}

fn scatter(target: &Tensor, d: usize, idx: &Tensor, src: &Tensor) -> PyResult<()> {
    let ishape = idx.shape().to_vec();
    let index = idx.to_vec::<i64>();
    let tshape = target.shape().to_vec();
    let src_c = src.to_dtype(target.dtype());
    crate::with_dtype!(target.dtype(), T => {
        let sv = src_c.to_vec::<T>();
        let sshape = src_c.shape().to_vec();
        let sstrides = crate::tensor::layout::contiguous_strides(&sshape);
        let mut values = target.to_vec::<T>();
        let tstrides = crate::tensor::layout::contiguous_strides(&tshape);
        for (flat, &iv) in index.iter().enumerate() {
            let mut rem = flat;
            let mut toff = 0usize;
            let mut soff = 0usize;
            for k in (0..ishape.len()).rev() {
                let c = rem % ishape[k];
                rem /= ishape[k];
                soff += c * sstrides.get(k).copied().unwrap_or(0);
                let tc = if k == d {
                    let n = tshape[k] as i64;
                    if iv < -n || iv >= n {
                        return Err(exc("RuntimeError", format!("index {iv} is out of bounds for dimension {d} with size {n}")));
                    }
                    if iv < 0 { (iv + n) as usize } else { iv as usize }
                } else {
                    c
                };
                toff += tc * tstrides[k];
            }
            if let (Some(slot), Some(&v)) = (values.get_mut(toff), sv.get(soff)) {
                *slot = v;
            }
        }
        target.write_values(&values);
        Ok(())
    })
}

fn diagonal(x: &Tensor, offset: i64, d1: usize, d2: usize) -> PyResult<Tensor> {
    if d1 == d2 {
        return Err(exc(
            "RuntimeError",
            format!("diagonal dimensions cannot be identical {d1}, {d2}"),
        ));
    }
    let mut layout = x.layout().clone();
    let (s1, s2) = (layout.shape[d1] as i64, layout.shape[d2] as i64);
    let len = if offset >= 0 {
        (s1).min(s2 - offset)
    } else {
        (s1 + offset).min(s2)
    }
    .max(0) as usize;
    let start = if len == 0 {
        0
    } else if offset >= 0 {
        offset as usize * layout.strides[d2]
    } else {
        (-offset) as usize * layout.strides[d1]
    };
    let diag_stride = layout.strides[d1] + layout.strides[d2];
    layout.offset += start;
    let (hi, lo) = (d1.max(d2), d1.min(d2));
    layout.shape.remove(hi);
    layout.strides.remove(hi);
    layout.shape.remove(lo);
    layout.strides.remove(lo);
    layout.shape.push(len);
    layout.strides.push(diag_stride);
    Ok(x.with_layout(layout))
}
