//! Python indexing of tensors: ints, slices, `None`, `...` give views; bool masks and int64 index tensors
//! ("advanced indexing") gather copies, and assignment scatters through the view (aten/src/ATen/TensorIndexing.h).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::settings::check_numel;
use crate::tensor::storage::Element;
use crate::tensor::{DType, Tensor};
use crate::with_dtype;

#[derive(Debug, Clone)]
pub enum TensorIndex {
    Int(i64),
    Slice(Option<i64>, Option<i64>, i64),
    NewAxis,
    Ellipsis,
    Tensor(Tensor),
    /// `True`/`False` (or a 0-d bool tensor): a new dim of size 1, kept (`True`) or emptied (`False`) by an
    /// advanced index, as PyTorch's `boolToIndexingTensor`.
    Bool(bool),
}

/// The result of resolving indices: a view, plus advanced index tensors applied to some of its dims.
struct Resolved {
    view: Tensor,
    /// (dim in `view`, int64 index tensor)
    advanced: Vec<(usize, Tensor)>,
}

fn resolve(t: &Tensor, indices: &[TensorIndex]) -> Result<Resolved> {
    let consumed: usize = indices
        .iter()
        .map(|i| match i {
            TensorIndex::Int(_) | TensorIndex::Slice(..) => 1,
            TensorIndex::Tensor(x) if x.dtype() == DType::Bool => x.ndim(),
            TensorIndex::Tensor(_) => 1,
            _ => 0,
        })
        .sum();
    if consumed > t.ndim() {
        return Err(TensorError::Index(format!(
            "too many indices for tensor of dimension {}",
            t.ndim()
        )));
    }
    if indices
        .iter()
        .filter(|i| matches!(i, TensorIndex::Ellipsis))
        .count()
        > 1
    {
        return Err(TensorError::Index(
            "an index can only have a single ellipsis ('...')".into(),
        ));
    }
    let mut view = t.clone();
    let mut dim = 0usize;
    let mut advanced = Vec::new();
    // PyTorch's `real_dim` in its errors is the index's position in the tuple.
    for (position, idx) in indices.iter().enumerate() {
        match idx {
            TensorIndex::Int(i) => {
                let size = view.shape()[dim] as i64;
                if *i < -size || *i >= size {
                    return Err(TensorError::Index(format!(
                        "index {i} is out of bounds for dimension {position} with size {size}"
                    )));
                }
                view = view.select(dim as i64, *i)?;
            }
            TensorIndex::Slice(start, stop, step) => {
                view = view.slice(dim as i64, *start, *stop, *step)?;
                dim += 1;
            }
            TensorIndex::NewAxis => {
                view = view.unsqueeze(dim as i64)?;
                dim += 1;
            }
            TensorIndex::Ellipsis => {
                dim += t.ndim() - consumed;
            }
            TensorIndex::Bool(keep) => {
                view = view.unsqueeze(dim as i64)?;
                let rows: Vec<i64> = if *keep { vec![0] } else { vec![] };
                let n = rows.len();
                advanced.push((dim, Tensor::from_vec(rows, &[n])?));
                dim += 1;
            }
            // A uint8 index is a mask, as PyTorch still reads it (with a deprecation warning).
            TensorIndex::Tensor(x) => match x.dtype() {
                DType::Bool | DType::UInt8 => {
                    let x = &x.to_dtype(DType::Bool);
                    for k in 0..x.ndim() {
                        if x.shape()[k] != view.shape()[dim + k] {
                            return Err(TensorError::Index(format!(
                                "The shape of the mask {} at index {} does not match the shape of the indexed tensor {} at index {}",
                                super::shape::shape_str(x.shape()),
                                k,
                                super::shape::shape_str(view.shape()),
                                dim + k
                            )));
                        }
                    }
                    let coords = nonzero_coords(x);
                    for (k, c) in coords.into_iter().enumerate() {
                        let len = c.len();
                        advanced.push((dim + k, Tensor::from_vec(c, &[len])?));
                    }
                    dim += x.ndim();
                }
                DType::Int64 | DType::Int32 => {
                    advanced.push((dim, x.to_dtype(DType::Int64)));
                    dim += 1;
                }
                _ => {
                    return Err(TensorError::Index(
                        "tensors used as indices must be long, int, byte or bool tensors".into(),
                    ));
                }
            },
        }
    }
    Ok(Resolved { view, advanced })
}

/// Per-dim coordinates of the true elements of a bool tensor (`nonzero(as_tuple=True)`).
fn nonzero_coords(mask: &Tensor) -> Vec<Vec<i64>> {
    let values = mask.to_vec::<bool>();
    let shape = mask.shape();
    let mut coords = vec![Vec::new(); shape.len()];
    for (flat, &v) in values.iter().enumerate() {
        if v {
            let mut rem = flat;
            for d in (0..shape.len()).rev() {
                coords[d].push((rem % shape[d]) as i64);
                rem /= shape[d];
            }
        }
    }
    coords
}

/// Where advanced indexing reads or writes: the output shape, and the output as blocks of the dims after
/// the indexed ones (`inner`, the same storage offsets from every block's start), one block per index
/// combination and leading element (`starts`, storage offsets in output order). An embedding lookup is
/// one block per token, a row of the weight: an offset per row, not per element.
struct Advanced {
    shape: Vec<usize>,
    starts: Vec<usize>,
    inner: Vec<usize>,
}

impl Advanced {
    /// Every storage offset, in output order.
    fn offsets(&self) -> impl Iterator<Item = usize> + '_ {
        self.starts
            .iter()
            .flat_map(|&s| self.inner.iter().map(move |&o| s + o))
    }

    /// Whether each block is one contiguous run of storage.
    fn inner_is_run(&self) -> bool {
        self.inner.iter().enumerate().all(|(i, &o)| o == i)
    }
}

fn advanced_offsets(r: &Resolved) -> Result<Advanced> {
    let v = &r.view;
    let mut bshape: Vec<usize> = vec![];
    for (_, idx) in &r.advanced {
        bshape = broadcast_shapes(&bshape, idx.shape())?;
    }
    let idx_values: Vec<Vec<i64>> = r
        .advanced
        .iter()
        .map(|(_, idx)| idx.broadcast_to(&bshape).map(|b| b.to_vec::<i64>()))
        .collect::<Result<_>>()?;
    for ((dim, _), vals) in r.advanced.iter().zip(&idx_values) {
        let size = v.shape()[*dim] as i64;
        if let Some(bad) = vals.iter().find(|&&i| i < -size || i >= size) {
            return Err(TensorError::Index(format!(
                "index {bad} is out of bounds for dimension {dim} with size {size}"
            )));
        }
    }
    let adv_dims: Vec<usize> = r.advanced.iter().map(|(d, _)| *d).collect();
    let first = adv_dims.iter().copied().min().unwrap_or(0);
    let last = adv_dims.iter().copied().max().unwrap_or(0);
    let adjacent =
        adv_dims.len() == last - first + 1 && adv_dims.windows(2).all(|w| w[1] == w[0] + 1);
    let rest: Vec<usize> = (0..v.ndim()).filter(|d| !adv_dims.contains(d)).collect();
    // Output layout: [before..., B..., after...] when adjacent, else [B..., rest...].
    let (before, after): (Vec<usize>, Vec<usize>) = if adjacent {
        (
            rest.iter().copied().filter(|&d| d < first).collect(),
            rest.iter().copied().filter(|&d| d > last).collect(),
        )
    } else {
        (vec![], rest.clone())
    };
    let mut out_shape: Vec<usize> = before.iter().map(|&d| v.shape()[d]).collect();
    out_shape.extend(&bshape);
    out_shape.extend(after.iter().map(|&d| v.shape()[d]));
    let bnumel: usize = bshape.iter().product();
    let before_numel: usize = before.iter().map(|&d| v.shape()[d]).product();
    let after_numel: usize = after.iter().map(|&d| v.shape()[d]).product();
    let strides = v.strides();
    let unravel = |mut flat: usize, dims: &[usize]| -> usize {
        let mut off = 0;
        for &d in dims.iter().rev() {
            let size = v.shape()[d].max(1);
            off += (flat % size) * strides[d];
            flat /= size;
        }
        off
    };
    check_numel(&out_shape)?;
    // No element, no block (the leading dims alone could be large for a tensor with a zero-size dim).
    let blocks = if after_numel == 0 { 0 } else { before_numel };
    let mut starts = Vec::with_capacity(blocks * bnumel);
    for bi in 0..blocks {
        let before_off = unravel(bi, &before);
        for k in 0..bnumel {
            let mut adv_off = 0usize;
            for ((dim, _), vals) in r.advanced.iter().zip(&idx_values) {
                let size = v.shape()[*dim] as i64;
                let i = vals[k];
                let i = if i < 0 { i + size } else { i } as usize;
                adv_off += i * strides[*dim];
            }
            starts.push(v.storage_offset() + before_off + adv_off);
        }
    }
    let inner = (0..after_numel).map(|ai| unravel(ai, &after)).collect();
    Ok(Advanced {
        shape: out_shape,
        starts,
        inner,
    })
}

impl Tensor {
    /// `t[indices]`.
    pub fn index(&self, indices: &[TensorIndex]) -> Result<Tensor> {
        let r = resolve(self, indices)?;
        if r.advanced.is_empty() {
            return Ok(r.view);
        }
        let plan = advanced_offsets(&r)?;
        with_dtype!(self.dtype(), T => {
            let values: Vec<T> = r.view.with_raw::<T, _>(|data, _| {
                let run = plan.inner.len();
                if !plan.inner_is_run() {
                    return plan.offsets().map(|o| data.get(o).copied().unwrap_or_default()).collect();
                }
                // Whole blocks copied as slices (a row of an embedding's weight).
                let mut values = Vec::with_capacity(plan.starts.len() * run);
                for &s in &plan.starts {
                    match data.get(s..s + run) {
                        Some(block) => values.extend_from_slice(block),
                        None => values.extend((0..run).map(|_| T::default())),
                    }
                }
                values
            })?;
            Tensor::from_vec(values, &plan.shape)
        })
    }

    /// `t[indices] = value`: writes through to the storage shared by every view.
    pub fn index_put(&self, indices: &[TensorIndex], value: &Tensor) -> Result<()> {
        self.index_write(indices, value, false)
    }

    /// `t.index_put_(indices, values, accumulate=True)`: each value added to its slot, in order (a
    /// slot named twice gets both).
    pub fn index_put_accumulate(&self, indices: &[TensorIndex], value: &Tensor) -> Result<()> {
        self.index_write(indices, value, true)
    }

    fn index_write(&self, indices: &[TensorIndex], value: &Tensor, accumulate: bool) -> Result<()> {
        let r = resolve(self, indices)?;
        if r.advanced.is_empty() && !accumulate {
            // PyTorch's `copy_to`: the value with its leading 1s dropped, expanded to the view's shape.
            if value.shape() == r.view.shape() || value.ndim() == 0 {
                return r.view.copy_from(value);
            }
            let lead = value.shape().iter().take_while(|&&d| d == 1).count();
            let trimmed: Vec<i64> = value.shape()[lead..].iter().map(|&d| d as i64).collect();
            let target: Vec<i64> = r.view.shape().iter().map(|&d| d as i64).collect();
            return r.view.copy_from(&value.reshape(&trimmed)?.expand(&target)?);
        }
        let plan = if r.advanced.is_empty() {
            let v = &r.view;
            Advanced {
                shape: v.shape().to_vec(),
                starts: vec![v.storage_offset()],
                inner: (0..v.numel())
                    .map(|i| unravel_offset(i, v.shape(), v.strides()))
                    .collect(),
            }
        } else {
            advanced_offsets(&r)?
        };
        let shape = &plan.shape;
        let src = value.broadcast_to(shape).map_err(|_| {
            TensorError::runtime(format!(
                "shape mismatch: value tensor of shape {} cannot be broadcast to indexing result of shape {}",
                super::shape::shape_str(value.shape()),
                super::shape::shape_str(shape)
            ))
        })?;
        with_dtype!(self.dtype(), T => {
            let values = src.to_dtype(self.dtype()).to_vec::<T>();
            r.view.with_raw_mut::<T>(|data| {
                for (o, &v) in plan.offsets().zip(&values) {
                    if let Some(slot) = data.get_mut(o) {
                        *slot = if accumulate { accumulate_one(*slot, v) } else { v };
                    }
                }
            })
        })
    }
}

/// The storage offset (from the view's own offset) of the `i`-th element in row-major order.
fn unravel_offset(mut i: usize, shape: &[usize], strides: &[usize]) -> usize {
    let mut off = 0;
    for (&n, &s) in shape.iter().zip(strides).rev() {
        if n > 0 {
            off += (i % n) * s;
            i /= n;
        }
    }
    off
}

/// `slot + v` in the element's own arithmetic (`+=` in ATen's accumulate loop): floats add in their
/// type (16-bit ones through float), integers wrap, bools or.
fn accumulate_one<T: Element>(slot: T, v: T) -> T {
    match T::DTYPE {
        DType::Float32 | DType::Float16 | DType::BFloat16 => {
            T::from_f64(f64::from(slot.to_f64() as f32 + v.to_f64() as f32))
        }
        DType::Float64 => T::from_f64(slot.to_f64() + v.to_f64()),
        DType::Bool => T::from_bool(slot.to_bool() || v.to_bool()),
        _ => T::from_i64(slot.to_i64().wrapping_add(v.to_i64())),
    }
}

#[allow(dead_code)]
fn _assert_element<T: Element>() {}
