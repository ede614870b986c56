//! The elementwise ops that choose between values: `clamp`, `where` and `masked_fill` (out of place and
//! in place), on the broadcasting and layout rules of `elementwise`.

use crate::tensor::dtype::{self, DType};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::parallel;
use crate::tensor::settings::check_numel;
use crate::tensor::strided::{Runs, masked_fill_chunk};
use crate::tensor::{Scalar, Tensor};

use super::elementwise::{BinaryOp, Operand, binary, broadcast_axes, follow_inputs};

/// `clamp(min, max)`: bounds may be absent; the result dtype promotes with the bounds as scalars.
pub fn clamp(a: &Tensor, min: Option<Scalar>, max: Option<Scalar>) -> Result<Tensor> {
    if min.is_none() && max.is_none() {
        return Err(TensorError::runtime(
            "torch.clamp: At least one of 'min' or 'max' must not be None",
        ));
    }
    let mut out = a.clone();
    if let Some(lo) = min {
        out = binary(
            BinaryOp::Maximum,
            Operand::Tensor(&out),
            Operand::Scalar(lo),
        )?;
    }
    if let Some(hi) = max {
        out = binary(
            BinaryOp::Minimum,
            Operand::Tensor(&out),
            Operand::Scalar(hi),
        )?;
    }
    Ok(out)
}

/// `torch.where(cond, a, b)`.
pub fn where_(cond: &Tensor, a: Operand, b: Operand) -> Result<Tensor> {
    if cond.dtype() != DType::Bool {
        return Err(TensorError::runtime(format!(
            "where expected condition to be a boolean tensor, but got a tensor with dtype {}",
            cond.dtype().scalar_type_name()
        )));
    }
    let shape = broadcast_shapes(&broadcast_shapes(cond.shape(), a.shape())?, b.shape())?;
    let dtype = dtype::result_type(&[a.promo(), b.promo()]);
    let ta = a.as_tensor(dtype).broadcast_to(&shape)?;
    let tb = b.as_tensor(dtype).broadcast_to(&shape)?;
    let c = cond.broadcast_to(&shape)?.to_vec::<bool>();
    crate::with_dtype!(dtype, T => {
        let va = ta.to_vec::<T>();
        let vb = tb.to_vec::<T>();
        let out: Vec<T> = c.iter().zip(va.iter().zip(vb.iter())).map(|(&k, (&x, &y))| if k { x } else { y }).collect();
        let axes = broadcast_axes(&[&Operand::Tensor(cond), &a, &b], &shape);
        let out = Tensor::from_vec(out, &shape)?.with_axes(axes);
        Ok(follow_inputs(out, &[&Operand::Tensor(cond), &a, &b]))
    })
}

/// `masked_fill(mask, value)`: out-of-place broadcasts self and mask together, in one pass.
pub fn masked_fill(a: &Tensor, mask: &Tensor, value: Scalar) -> Result<Tensor> {
    check_mask(mask)?;
    // ATen's expand_outplace(mask, self): the mask is "tensor a" in a mismatch's message.
    let shape = broadcast_shapes(mask.shape(), a.shape())?;
    value.check_fits(a.dtype())?;
    let numel = check_numel(&shape)?;
    crate::with_dtype!(a.dtype(), T => {
        let v = value.cast::<T>();
        let out = a.with_raw::<T, _>(|ad, al| {
            mask.with_raw::<bool, _>(|md, ml| {
                let runs = Runs::new(&shape, [al, ml], [ad.len(), md.len()])?;
                Ok::<_, TensorError>(parallel::build_vec(numel, 1, parallel::GRAIN, |start, chunk| {
                    masked_fill_chunk(&runs, ad, md, v, start, chunk)
                }))
            })
        })???;
        let axes = broadcast_axes(&[&Operand::Tensor(a), &Operand::Tensor(mask)], &shape);
        Ok(Tensor::from_vec(out, &shape)?.with_axes(axes))
    })
}

fn check_mask(mask: &Tensor) -> Result<()> {
    if mask.dtype() != DType::Bool {
        return Err(TensorError::runtime(format!(
            "masked_fill_ only supports boolean masks, but got mask with dtype {}",
            mask.dtype().cpp_name()
        )));
    }
    Ok(())
}

/// `masked_fill_(mask, value)`: the mask must broadcast to self's shape.
pub fn masked_fill_inplace(a: &Tensor, mask: &Tensor, value: Scalar) -> Result<()> {
    check_mask(mask)?;
    let shape = broadcast_shapes(a.shape(), mask.shape())?;
    if shape != a.shape() {
        return Err(TensorError::InplaceBroadcast {
            out: a.shape().to_vec(),
            broadcast: shape,
        });
    }
    value.check_fits(a.dtype())?;
    let m = mask.broadcast_to(&shape)?.to_vec::<bool>();
    crate::with_dtype!(a.dtype(), T => {
        let v = value.cast::<T>();
        let mut values = a.to_vec::<T>();
        for (slot, &k) in values.iter_mut().zip(&m) {
            if k {
                *slot = v;
            }
        }
        a.write_values(&values);
    });
    Ok(())
}
