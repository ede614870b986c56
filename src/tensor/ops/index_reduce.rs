//! `index_reduce` / `index_reduce_` (`prod`, `mean`, `amax`, `amin`, with or without `self`), as
//! ATen's `index_reduce_func_impl` (`TensorAdvancedIndexing.cpp`) does it: the indexed slices filled
//! with the reduction's identity when `self` is left out, then one binary op per index entry in
//! index order (`mul`, `minimum`, `maximum`, `add`), and for `mean` a division by the counts.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::ops::elementwise::{Operand, binary_inplace};
use crate::tensor::ops::gather::index_fill_;
use crate::tensor::ops::masked::masked_fill_inplace;
use crate::tensor::ops::scatter::{check_index_func, index_add_};
use crate::tensor::{BinaryOp, DType, Scalar, Tensor};

/// `index_reduce`'s `reduce=`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IndexReduce {
    Prod,
    Mean,
    Amax,
    Amin,
}

impl IndexReduce {
    pub fn parse(s: &str) -> Result<IndexReduce> {
        Ok(match s {
            "prod" => IndexReduce::Prod,
            "mean" => IndexReduce::Mean,
            "amax" => IndexReduce::Amax,
            "amin" => IndexReduce::Amin,
            _ => {
                return Err(TensorError::runtime(format!(
                    "index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got {s}."
                )));
            }
        })
    }

    /// The value the indexed slices start from when `self` is left out.
    fn identity(self, dtype: DType) -> Scalar {
        let float = dtype.is_floating_point();
        match self {
            IndexReduce::Prod => Scalar::Int(1),
            IndexReduce::Mean => Scalar::Int(0),
            IndexReduce::Amax if float => Scalar::Float(f64::NEG_INFINITY),
            IndexReduce::Amin if float => Scalar::Float(f64::INFINITY),
            IndexReduce::Amax => Scalar::Int(dtype.int_min()),
            IndexReduce::Amin => Scalar::Int(dtype.int_max()),
        }
    }

    fn op(self) -> BinaryOp {
        match self {
            IndexReduce::Prod => BinaryOp::Mul,
            IndexReduce::Mean => BinaryOp::Add,
            IndexReduce::Amax => BinaryOp::Maximum,
            IndexReduce::Amin => BinaryOp::Minimum,
        }
    }
}

/// `x.index_reduce_(dim, index, source, reduce, include_self=)`.
pub fn index_reduce_(
    x: &Tensor,
    dim: i64,
    index: &Tensor,
    source: &Tensor,
    reduce: IndexReduce,
    include_self: bool,
) -> Result<()> {
    let d = wrap_dim(dim, x.ndim().max(1))?;
    check_index_func("index_reduce", x, d, index, source)?;
    // A 0-d `self` is one slot along a dim of one.
    let (target, source_view) = if x.ndim() == 0 {
        (x.view(&[1])?, source.reshape(&[-1])?)
    } else {
        (x.clone(), source.clone())
    };
    if x.ndim() <= 1 && source.ndim() > 1 {
        return Err(TensorError::runtime(format!(
            "source.dim() ({}) must one or zero for given self.dim() ({})",
            source.ndim(),
            x.ndim()
        )));
    }
    let entries = index.to_dtype(DType::Int64).to_vec::<i64>();
    if !include_self {
        let size = target.shape()[d] as i64;
        if let Some(&bad) = entries.iter().find(|&&e| e < -size || e >= size) {
            return Err(TensorError::Index(format!(
                "index {bad} is out of bounds for dimension {d} with size {size}"
            )));
        }
        index_fill_(
            &target,
            d as i64,
            &index.to_dtype(DType::Int64),
            reduce.identity(x.dtype()),
        )?;
    }
    let size = target.shape()[d] as i64;
    for (i, &entry) in entries.iter().enumerate() {
        if entry < 0 || entry >= size {
            return Err(TensorError::Index("index out of range in self".into()));
        }
        let slot = target.select(d as i64, entry)?;
        let piece = source_view.select(d as i64, i as i64)?;
        binary_inplace(reduce.op(), &slot, Operand::Tensor(&piece))?;
    }
    if reduce == IndexReduce::Mean {
        let counts = Tensor::full(
            target.shape(),
            Scalar::Int(i64::from(include_self)),
            target.dtype(),
        )?;
        let ones = Tensor::full(source_view.shape(), Scalar::Int(1), target.dtype())?;
        index_add_(&counts, d as i64, index, &ones, Scalar::Int(1))?;
        let zero = is_zero(&counts)?;
        masked_fill_inplace(&counts, &zero, Scalar::Int(1))?;
        let op = if target.dtype().is_floating_point() {
            BinaryOp::Div
        } else {
            BinaryOp::FloorDiv
        };
        binary_inplace(op, &target, Operand::Tensor(&counts))?;
    }
    Ok(())
}

/// `counts == 0`.
fn is_zero(counts: &Tensor) -> Result<Tensor> {
    crate::tensor::ops::elementwise::binary(
        BinaryOp::Eq,
        Operand::Tensor(counts),
        Operand::Scalar(Scalar::Int(0)),
    )
}

/// [`index_reduce_`] on a contiguous copy (the structured kernel's fresh output).
pub fn index_reduce(
    x: &Tensor,
    dim: i64,
    index: &Tensor,
    source: &Tensor,
    reduce: IndexReduce,
    include_self: bool,
) -> Result<Tensor> {
    let out = x.deep_copy();
    index_reduce_(&out, dim, index, source, reduce, include_self)?;
    Ok(out)
}
