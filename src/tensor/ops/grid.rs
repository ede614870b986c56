//! Tensors built from others by position: `meshgrid`, `cartesian_prod`, `combinations`,
//! `block_diag`, `diag_embed`, `diagflat`, `rot90`, `unravel_index` and `isin`.
//!
//! Each follows the composition ATen uses (`native/TensorShape.cpp`, `Itertools.cpp`,
//! `torch/functional.py`), so views stay views (`meshgrid` expands, `rot90` transposes a flip) and
//! copies are laid out as PyTorch lays them out.

use crate::tensor::dtype::{self, Operand as Promo};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::format::int_array;
use crate::tensor::layout::wrap_dim;
use crate::tensor::ops::{gather, reorder};
use crate::tensor::{DType, Scalar, Tensor};
use crate::with_dtype;

/// How `meshgrid` orders its outputs' dims.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Indexing {
    /// Matrix indexing: output `i` varies along dim `i`.
    Ij,
    /// Cartesian indexing: the first two dims swapped (`x` along columns).
    Xy,
}

impl Indexing {
    pub fn parse(name: &str) -> Result<Indexing> {
        match name {
            "ij" => Ok(Indexing::Ij),
            "xy" => Ok(Indexing::Xy),
            _ => Err(TensorError::runtime(format!(
                "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: {name}"
            ))),
        }
    }
}

/// `torch.meshgrid(*tensors, indexing=)`: each 0-d or 1-d input viewed along its own dim and
/// expanded to the grid (ATen's `meshgrid`: views, stride 0 where an input does not vary).
pub fn meshgrid(tensors: &[Tensor], indexing: Indexing) -> Result<Vec<Tensor>> {
    if tensors.is_empty() {
        return Err(TensorError::runtime(
            "meshgrid expects a non-empty TensorList",
        ));
    }
    for t in tensors {
        if t.ndim() > 1 {
            return Err(TensorError::runtime(format!(
                "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got a {}-D tensor",
                t.ndim()
            )));
        }
    }
    if tensors.iter().any(|t| t.dtype() != tensors[0].dtype()) {
        return Err(TensorError::runtime(
            "meshgrid expects all tensors to have the same dtype",
        ));
    }
    let swap = indexing == Indexing::Xy && tensors.len() >= 2;
    let mut inputs = tensors.to_vec();
    if swap {
        inputs.swap(0, 1);
    }
    let grid: Vec<i64> = inputs.iter().map(|t| t.numel() as i64).collect();
    let mut out = Vec::with_capacity(inputs.len());
    for (i, t) in inputs.iter().enumerate() {
        let mut view = vec![1i64; inputs.len()];
        view[i] = grid[i];
        out.push(t.view(&view)?.expand(&grid)?);
    }
    if swap {
        out.swap(0, 1);
    }
    Ok(out)
}

fn check_vectors(tensors: &[Tensor]) -> Result<()> {
    for t in tensors {
        if t.ndim() != 1 {
            return Err(TensorError::runtime(format!(
                "Expect a 1D vector, but got shape {}",
                int_array(t.shape())
            )));
        }
    }
    Ok(())
}

/// `torch.cartesian_prod(*tensors)`: every tuple of one element from each vector, as rows; a single
/// vector comes back as it is.
pub fn cartesian_prod(tensors: &[Tensor]) -> Result<Tensor> {
    check_vectors(tensors)?;
    if tensors.len() == 1 {
        return Ok(tensors[0].clone());
    }
    let grids = meshgrid(tensors, Indexing::Ij)?;
    let flat: Vec<Tensor> = grids
        .iter()
        .map(|g| g.reshape(&[-1]))
        .collect::<Result<_>>()?;
    Tensor::stack(&flat, 1)
}

/// `torch.combinations(x, r, with_replacement)`: the `r`-tuples of distinct positions taken in order
/// (or non-decreasing positions with replacement), as rows, in lexicographic order.
pub fn combinations(x: &Tensor, r: i64, with_replacement: bool) -> Result<Tensor> {
    check_vectors(std::slice::from_ref(x))?;
    if r < 0 {
        return Err(TensorError::runtime(format!(
            "Expect a non-negative number, but got {r}"
        )));
    }
    if r == 0 {
        return Tensor::zeros(&[0], x.dtype());
    }
    let (n, r) = (x.numel(), r as usize);
    let count = if with_replacement {
        choose(n + r - 1, r)
    } else {
        choose(n, r)
    };
    crate::tensor::settings::check_numel(&[usize::try_from(count).unwrap_or(usize::MAX), r])?;
    let mut rows: Vec<Vec<usize>> = Vec::new();
    if n > 0 && (with_replacement || r <= n) {
        let mut pick: Vec<usize> = if with_replacement {
            vec![0; r]
        } else {
            (0..r).collect()
        };
        // The tuples in lexicographic order: ATen masks the meshgrid of positions with a triangle
        // and selects, which keeps row-major order.
        'walk: loop {
            if rows.len().is_multiple_of(4096) {
                crate::tensor::settings::check_deadline()?;
            }
            rows.push(pick.clone());
            let mut k = r;
            loop {
                if k == 0 {
                    break 'walk;
                }
                k -= 1;
                let max = if with_replacement { n - 1 } else { n - r + k };
                if pick[k] < max {
                    pick[k] += 1;
                    for j in k + 1..r {
                        pick[j] = if with_replacement {
                            pick[k]
                        } else {
                            pick[j - 1] + 1
                        };
                    }
                    continue 'walk;
                }
            }
        }
    }
    let count = rows.len() as i64;
    let flat: Vec<i64> = rows.into_iter().flatten().map(|i| i as i64).collect();
    let positions = Tensor::from_vec(flat, &[count as usize, r])?;
    let picked = gather::index_select(x, 0, &positions.reshape(&[-1])?)?;
    picked.reshape(&[count, r as i64])
}

/// `n` choose `r`, saturating.
fn choose(n: usize, r: usize) -> u128 {
    if r > n {
        return 0;
    }
    let mut c: u128 = 1;
    for i in 0..r.min(n - r) as u128 {
        c = c.saturating_mul(n as u128 - i) / (i + 1);
    }
    c
}

/// `torch.block_diag(*tensors)`: the inputs (0-d as 1×1, 1-d as one row) down the diagonal of a zero
/// matrix of their promoted dtype.
pub fn block_diag(tensors: &[Tensor]) -> Result<Tensor> {
    let mut blocks = Vec::with_capacity(tensors.len());
    for (i, t) in tensors.iter().enumerate() {
        let b = match t.ndim() {
            0 => t.reshape(&[1, 1])?,
            1 => t.reshape(&[1, -1])?,
            2 => t.clone(),
            d => {
                return Err(TensorError::runtime(format!(
                    "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input {i} has {d} dimensions"
                )));
            }
        };
        blocks.push(b);
    }
    let out_dtype = if blocks.is_empty() {
        DType::Float32
    } else {
        let promos: Vec<Promo> = blocks
            .iter()
            .map(|b| Promo::Dimensioned(b.dtype()))
            .collect();
        dtype::result_type(&promos)
    };
    let rows: usize = blocks.iter().map(|b| b.shape()[0]).sum();
    let cols: usize = blocks.iter().map(|b| b.shape()[1]).sum();
    let out = if blocks.is_empty() {
        Tensor::zeros(&[1, 0], out_dtype)?
    } else {
        Tensor::zeros(&[rows, cols], out_dtype)?
    };
    let (mut r0, mut c0) = (0i64, 0i64);
    for b in &blocks {
        let (h, w) = (b.shape()[0] as i64, b.shape()[1] as i64);
        out.narrow(0, r0, h)?
            .narrow(1, c0, w)?
            .copy_from(&b.to_dtype(out_dtype))?;
        r0 += h;
        c0 += w;
    }
    Ok(out)
}

/// `torch.diag_embed(x, offset, dim1, dim2)`: a new zero tensor, one dim longer, whose `offset`
/// diagonal in the (`dim1`, `dim2`) planes holds `x`'s last dim.
pub fn diag_embed(x: &Tensor, offset: i64, dim1: i64, dim2: i64) -> Result<Tensor> {
    let n = x.ndim() + 1;
    let (d1, d2) = (wrap_dim(dim1, n)?, wrap_dim(dim2, n)?);
    if d1 == d2 {
        return Err(TensorError::runtime(format!(
            "diagonal dimensions cannot be identical {dim1}, {dim2}"
        )));
    }
    if x.ndim() == 0 {
        return Err(TensorError::Index(
            "Dimension specified as -1 but tensor has no dimensions".into(),
        ));
    }
    let last = x.shape()[x.ndim() - 1];
    let len = last + offset.unsigned_abs() as usize;
    let mut sizes = x.shape()[..x.ndim() - 1].to_vec();
    sizes.insert(d1.min(d2), len);
    sizes.insert(d1.max(d2), len);
    let out = Tensor::zeros(&sizes, x.dtype())?;
    reorder::diagonal(&out, offset, d1 as i64, d2 as i64)?.copy_from(x)?;
    Ok(out)
}

/// `torch.diagflat(x, offset)`: `x` flattened onto the `offset` diagonal of a square matrix.
pub fn diagflat(x: &Tensor, offset: i64) -> Result<Tensor> {
    diag_embed(&x.reshape(&[-1])?, offset, 0, 1)
}

/// `torch.rot90(x, k, dims)`: `k` quarter turns from `dims[0]` towards `dims[1]`, as ATen writes it
/// (a flip, then a transposed view of it; no turn is a contiguous clone).
pub fn rot90(x: &Tensor, k: i64, dims: &[i64]) -> Result<Tensor> {
    let total = x.ndim() as i64;
    if dims.len() != 2 {
        return Err(TensorError::runtime(format!(
            "expected total rotation dims == 2, but got dims = {}",
            dims.len()
        )));
    }
    if total < 2 {
        return Err(TensorError::runtime(format!(
            "expected total dims >= 2, but got total dims = {total}"
        )));
    }
    // PyTorch 2.15 wraps the dims before comparing them, so an out-of-range dim is an IndexError.
    let (a, b) = (dims[0], dims[1]);
    let (wa, wb) = (wrap_dim(a, x.ndim())?, wrap_dim(b, x.ndim())?);
    if wa == wb {
        return Err(TensorError::runtime(format!(
            "expected rotation dims to be different, but got dim0 = {a} and dim1 = {b}"
        )));
    }
    match k.rem_euclid(4) {
        1 => reorder::flip(x, &[b])?.transpose(a, b),
        2 => reorder::flip(x, &[a, b]),
        3 => reorder::flip(x, &[a])?.transpose(a, b),
        _ => Ok(x.contiguous().deep_copy()),
    }
}

/// `torch.unravel_index(indices, shape)`: the coordinates of flat indices in a tensor of `shape`,
/// one int64 tensor per dim (views of one `[..., len(shape)]` result, as `torch/functional.py` unbinds
/// it). Indices are not bounds-checked there either: `(i // stride) % size` wraps.
pub fn unravel_index(indices: &Tensor, shape: &[i64]) -> Result<Vec<Tensor>> {
    if indices.dtype().is_floating_point() || indices.dtype() == DType::Bool {
        return Err(TensorError::Type(format!(
            "expected 'indices' to be integer dtype, but got torch.{}",
            indices.dtype().name()
        )));
    }
    if shape.iter().any(|&d| d < 0) {
        let items: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
        let tuple = if items.len() == 1 {
            format!("({},)", items[0])
        } else {
            format!("({})", items.join(", "))
        };
        return Err(TensorError::Value(format!(
            "'shape' cannot have negative values, but got {tuple}"
        )));
    }
    let mut coefs = vec![1i64; shape.len()];
    for k in (0..shape.len().saturating_sub(1)).rev() {
        coefs[k] = coefs[k + 1].wrapping_mul(shape[k + 1]);
    }
    let flat = indices.to_dtype(DType::Int64).to_vec::<i64>();
    let mut out = Vec::with_capacity(flat.len() * shape.len());
    for &i in &flat {
        for (k, &size) in shape.iter().enumerate() {
            let q = if coefs[k] == 0 {
                return Err(TensorError::runtime("ZeroDivisionError"));
            } else {
                i.div_euclid(coefs[k])
            };
            out.push(if size == 0 {
                return Err(TensorError::runtime("ZeroDivisionError"));
            } else {
                q.rem_euclid(size)
            });
        }
    }
    let mut dims = indices.shape().to_vec();
    dims.push(shape.len());
    let all = Tensor::from_vec(out, &dims)?;
    reorder::unbind(&all, -1)
}

/// `torch.isin(elements, test_elements, invert=)`: whether each element equals one of the test
/// elements, compared in their promoted dtype (NaN equals nothing).
pub fn isin(elements: &Tensor, test: &Tensor, invert: bool) -> Result<Tensor> {
    for t in [elements, test] {
        if t.dtype() == DType::Bool {
            return Err(TensorError::NotImplemented(
                "Unsupported input type encountered for isin(): Bool".into(),
            ));
        }
    }
    let common = dtype::result_type(&[
        Promo::Dimensioned(elements.dtype()),
        Promo::Dimensioned(test.dtype()),
    ]);
    let (e, t) = (elements.to_dtype(common), test.to_dtype(common));
    let found: Vec<bool> = with_dtype!(common, T => {
        let pool = t.to_vec::<T>();
        e.to_vec::<T>()
            .into_iter()
            .map(|v| pool.contains(&v) != invert)
            .collect()
    });
    Tensor::from_vec(found, elements.shape())
}

/// A number as the 0-d tensor `isin` compares it as.
pub fn scalar_tensor(s: Scalar) -> Result<Tensor> {
    let dtype = match s {
        Scalar::Bool(_) => DType::Bool,
        Scalar::Int(_) => DType::Int64,
        Scalar::Float(_) => DType::default_for(crate::tensor::dtype::Category::Float),
    };
    Tensor::full(&[], s, dtype)
}
