//! `torch.embedding_bag` (ATen's `_embedding_bag_cpu`): the rows of `weight` picked by `indices`,
//! reduced per bag (`offsets[b]` to `offsets[b + 1]`) by sum, mean or max, without building the
//! `[n, dim]` intermediate. Sums run in index order from zero as FBGEMM's kernel adds rows (a weighted
//! row is one fused multiply-add per element); a mean divides by the bag's size (at least 1); a max
//! keeps the first row and takes later ones only where they are larger. Indices equal to `padding_idx`
//! are skipped and do not count towards a bag's size.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::{DType, Tensor};

/// How a bag's rows are combined.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BagMode {
    Sum,
    Mean,
    Max,
}

fn check_types(t: &Tensor, name: &str, allowed: &[DType]) -> Result<()> {
    if allowed.contains(&t.dtype()) {
        return Ok(());
    }
    let names: Vec<&str> = allowed.iter().map(|d| d.scalar_type_name()).collect();
    Err(TensorError::runtime(format!(
        "Expected tensor for argument #1 '{name}' to have one of the following scalar types: {}; but got torch.{}Tensor instead (while checking arguments for embedding_bag)",
        names.join(", "),
        t.dtype().scalar_type_name()
    )))
}

/// `torch.embedding_bag(weight, indices, offsets, mode, per_sample_weights, include_last_offset,
/// padding_idx)`: `[bags, dim]` in `weight`'s dtype.
pub fn embedding_bag(
    weight: &Tensor,
    indices: &Tensor,
    offsets: &Tensor,
    mode: BagMode,
    per_sample_weights: Option<&Tensor>,
    include_last_offset: bool,
    padding_idx: Option<i64>,
) -> Result<Tensor> {
    check_types(indices, "indices", &[DType::Int64, DType::Int32])?;
    check_types(offsets, "offsets", &[DType::Int64, DType::Int32])?;
    check_types(
        weight,
        "weight",
        &[
            DType::Float16,
            DType::BFloat16,
            DType::Float32,
            DType::Float64,
        ],
    )?;
    if let Some(w) = per_sample_weights
        && w.dtype() != weight.dtype()
    {
        return Err(TensorError::runtime(format!(
            "Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 'per_sample_weights'; but type torch.{}Tensor does not equal torch.{}Tensor (while checking arguments for embedding_bag)",
            weight.dtype().scalar_type_name(),
            w.dtype().scalar_type_name()
        )));
    }
    if include_last_offset && offsets.numel() < 1 {
        return Err(TensorError::runtime(
            "include_last_offset: number of offset should be at least 1",
        ));
    }
    let idx = indices.contiguous().to_vec::<i64>();
    let offs = offsets.contiguous().to_vec::<i64>();
    if let (Some(&first), Some(&last)) = (offs.first(), offs.last()) {
        if first != 0 {
            return Err(TensorError::runtime(format!(
                "offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from position 0. However, got {first}\n[ torch.{}Tensor{{}} ]",
                offsets.dtype().scalar_type_name()
            )));
        }
        if last > idx.len() as i64 {
            return Err(TensorError::runtime(format!(
                "offsets[-1] can not be greater than input's length {} but got offsets[-1] of {last}",
                idx.len()
            )));
        }
    }
    let (rows, dim) = (weight.shape()[0] as i64, weight.shape()[1]);
    let padding = match padding_idx {
        Some(p) if p < -rows || p >= rows => {
            return Err(TensorError::runtime(format!(
                "padding_idx must be within the number of embeddings, -{rows} through {}, but got {p}",
                rows - 1
            )));
        }
        Some(p) if p < 0 => Some(p + rows),
        other => other,
    };
    for (k, &v) in idx.iter().enumerate() {
        if v < 0 || v >= rows {
            return Err(TensorError::runtime(format!(
                "Index {k} of input takes value {v} which is not in the valid range [0, {rows})"
            )));
        }
    }
    let bags = offs.len() - usize::from(include_last_offset);
    let bounds = |b: usize| -> (usize, usize) {
        let start = offs[b].max(0) as usize;
        let end = if b + 1 < offs.len() {
            offs[b + 1].max(0) as usize
        } else {
            idx.len()
        };
        (
            start.min(idx.len()),
            end.clamp(start.min(idx.len()), idx.len()),
        )
    };
    let scales = per_sample_weights.map(|w| w.contiguous().to_vec::<f64>());
    macro_rules! run {
        ($t:ty) => {{
            let table = weight.contiguous().to_vec::<$t>();
            let scales: Option<Vec<$t>> = scales.map(|s| s.iter().map(|&v| v as $t).collect());
            let mut out = vec![0.0 as $t; bags * dim];
            for b in 0..bags {
                let (start, end) = bounds(b);
                let acc = &mut out[b * dim..(b + 1) * dim];
                let mut size = 0usize;
                for k in start..end {
                    let i = idx[k];
                    if Some(i) == padding {
                        continue;
                    }
                    let row = &table[i as usize * dim..(i as usize + 1) * dim];
                    match (mode, &scales) {
                        (BagMode::Max, _) => {
                            for (a, &r) in acc.iter_mut().zip(row) {
                                if size == 0 || r > *a {
                                    *a = r;
                                }
                            }
                        }
                        (_, Some(s)) => {
                            for (a, &r) in acc.iter_mut().zip(row) {
                                *a = s[k].mul_add(r, *a);
                            }
                        }
                        _ => {
                            for (a, &r) in acc.iter_mut().zip(row) {
                                *a += r;
                            }
                        }
                    }
                    size += 1;
                }
                if mode == BagMode::Mean {
                    let n = size.max(1) as $t;
                    acc.iter_mut().for_each(|a| *a /= n);
                }
            }
            Tensor::from_vec(out, &[bags, dim])
        }};
    }
    match weight.dtype() {
        DType::Float64 => run!(f64),
        DType::Float32 => run!(f32),
        d => Ok(embedding_bag(
            &weight.to_dtype(DType::Float32),
            indices,
            offsets,
            mode,
            per_sample_weights
                .map(|w| w.to_dtype(DType::Float32))
                .as_ref(),
            include_last_offset,
            padding_idx,
        )?
        .to_dtype(d)),
    }
}

/// `torch.embedding_renorm_(weight, indices, max_norm, norm_type)`: each row of `weight` that
/// `indices` names (once, in sorted order) whose `norm_type`-norm exceeds `max_norm` is scaled in
/// place by `max_norm / (norm + 1e-7)`. `F.embedding` and `F.embedding_bag` call it for `max_norm`.
pub fn embedding_renorm_(
    weight: &Tensor,
    indices: &Tensor,
    max_norm: f64,
    norm_type: f64,
) -> Result<()> {
    if weight.ndim() != 2 {
        return Err(TensorError::runtime(format!(
            "Expected 2-dimensional tensor, but got {}-dimensional tensor for argument #1 'self' (while checking arguments for embedding_renorm_)",
            weight.ndim()
        )));
    }
    check_types(indices, "indices", &[DType::Int64, DType::Int32]).map_err(|_| {
        TensorError::runtime(format!(
            "Expected tensor for argument #2 'indices' to have one of the following scalar types: Long, Int; but got torch.{}Tensor instead (while checking arguments for embedding_renorm_)",
            indices.dtype().scalar_type_name()
        ))
    })?;
    let mut sorted = indices.contiguous().to_vec::<i64>();
    sorted.sort_unstable();
    sorted.dedup();
    for i in sorted {
        let row = weight.select(0, i)?;
        let norm = crate::tensor::ops::norm::vector_norm(&row, norm_type, None, false)?
            .item()?
            .to_f64();
        if norm > max_norm {
            let scale = max_norm / (norm + 1e-7);
            crate::tensor::ops::elementwise::binary_inplace(
                crate::tensor::BinaryOp::Mul,
                &row,
                crate::tensor::ops::elementwise::Operand::Scalar(crate::tensor::Scalar::Float(
                    scale,
                )),
            )?;
        }
    }
    Ok(())
}
