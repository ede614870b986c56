//! `torch.gradient`: central differences inside, one-sided (first or second order) at the two edges,
//! composed from slices and tensor arithmetic exactly as ATen's `gradient_helper_float` (uniform
//! spacing) and `gradient_helper` (sample coordinates) in `ReduceOps.cpp` compose them, so the dtype of
//! each piece follows PyTorch's promotion (an integer input with an integer spacing divides to float).

use crate::tensor::error::{Result, TensorError};
use crate::tensor::ops::compose::diff;
use crate::tensor::ops::elementwise::{Operand, UnaryOp, binary, unary};
use crate::tensor::ops::reduce::reduced_dims;
use crate::tensor::{BinaryOp, DType, Scalar, Tensor};

/// What the differences are divided by along each dim.
pub enum Spacing<'a> {
    /// One step per dim (the sample points are evenly spaced).
    Steps(Vec<Scalar>),
    /// The sample points' coordinates, one 1-d tensor per dim.
    Coordinates(&'a [Tensor]),
}

/// `pre_check_gradient`: `spacing_len` when a spacing was given, `dims` when a dim was.
pub fn check(
    x: &Tensor,
    spacing_len: Option<usize>,
    dims: Option<&[i64]>,
    edge_order: i64,
) -> Result<()> {
    if x.dtype() == DType::UInt8 {
        return Err(TensorError::NotImplemented(
            "torch.gradient does not support uint8 input.".into(),
        ));
    }
    let n = x.ndim();
    if let (Some(len), None) = (spacing_len, dims)
        && len != n
    {
        return Err(TensorError::runtime(format!(
            "torch.gradient expected spacing to be unspecified, a scalar, or a list of length equal to 'self.dim() = {n}', since dim argument was not given, but got a list of length {len}"
        )));
    }
    if let (Some(len), Some(d)) = (spacing_len, dims)
        && len != d.len()
    {
        return Err(TensorError::runtime(format!(
            "torch.gradient expected spacing to be unspecified, a scalar or it's spacing and dim arguments to have the same length, but got a spacing argument of length {len} and a dim argument of length {}.",
            d.len()
        )));
    }
    if edge_order != 1 && edge_order != 2 {
        return Err(TensorError::runtime(
            "torch.gradient only supports edge_order=1 and edge_order=2.",
        ));
    }
    let sizes: Vec<usize> = match dims {
        Some(d) => {
            reduced_dims(n, Some(d))?;
            d.iter()
                .map(|&v| Ok(x.shape()[crate::tensor::layout::wrap_dim(v, n)?]))
                .collect::<Result<Vec<_>>>()?
        }
        None => x.shape().to_vec(),
    };
    if sizes.iter().any(|&s| (s as i64) < edge_order + 1) {
        return Err(TensorError::runtime(
            "torch.gradient expected each dimension size to be at least edge_order+1",
        ));
    }
    Ok(())
}

fn mul(a: Operand, b: Operand) -> Result<Tensor> {
    binary(BinaryOp::Mul, a, b)
}
fn add(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(BinaryOp::Add, Operand::Tensor(a), Operand::Tensor(b))
}
fn sub(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(BinaryOp::Sub, Operand::Tensor(a), Operand::Tensor(b))
}
fn div(a: &Tensor, b: Operand) -> Result<Tensor> {
    binary(BinaryOp::Div, Operand::Tensor(a), b)
}
fn num(v: f64) -> Operand<'static> {
    Operand::Scalar(Scalar::Float(v))
}
fn int(v: i64) -> Operand<'static> {
    Operand::Scalar(Scalar::Int(v))
}

/// The gradient along each of `dims` (after [`check`]).
pub fn gradient(
    x: &Tensor,
    spacing: &Spacing,
    dims: &[i64],
    edge_order: i64,
) -> Result<Vec<Tensor>> {
    let mut out = Vec::with_capacity(dims.len());
    for (i, &dim) in dims.iter().enumerate() {
        let d = crate::tensor::layout::wrap_dim(dim, x.ndim())? as i64;
        let s = |start: i64, stop: Option<i64>| x.slice(d, Some(start), stop, 1);
        let (prepend, center, append) = match spacing {
            Spacing::Steps(steps) => {
                let dx = Operand::Scalar(steps[i]);
                let center = div(&sub(&s(2, None)?, &s(0, Some(-2))?)?, dx)?;
                let (prepend, append) = if edge_order == 1 {
                    (
                        div(
                            &sub(&s(1, Some(2))?, &s(0, Some(1))?)?,
                            Operand::Scalar(steps[i]),
                        )?,
                        div(
                            &sub(&s(-1, None)?, &s(-2, Some(-1))?)?,
                            Operand::Scalar(steps[i]),
                        )?,
                    )
                } else {
                    let p = add(
                        &mul(num(-1.5), Operand::Tensor(&s(0, Some(1))?))?,
                        &mul(int(2), Operand::Tensor(&s(1, Some(2))?))?,
                    )?;
                    let p = sub(&p, &mul(num(0.5), Operand::Tensor(&s(2, Some(3))?))?)?;
                    let a = sub(
                        &mul(num(0.5), Operand::Tensor(&s(-3, Some(-2))?))?,
                        &mul(int(2), Operand::Tensor(&s(-2, Some(-1))?))?,
                    )?;
                    let a = add(&a, &mul(num(1.5), Operand::Tensor(&s(-1, None)?))?)?;
                    (
                        div(&p, Operand::Scalar(steps[i]))?,
                        div(&a, Operand::Scalar(steps[i]))?,
                    )
                };
                (prepend, div(&center, int(2))?, append)
            }
            Spacing::Coordinates(coords) => {
                let c = &coords[i];
                if c.ndim() != 1 {
                    return Err(TensorError::runtime(format!(
                        "torch.gradient expected each element of spacing to have one dimension, but got an element with {} dimensions!",
                        c.ndim()
                    )));
                }
                let mut shape = vec![1i64; x.ndim()];
                shape[d as usize] = -1;
                let ax_dx = diff(c, 1, 0, None, None)?;
                let dx1 = ax_dx.slice(0, Some(0), Some(-1), 1)?;
                let dx2 = ax_dx.slice(0, Some(1), None, 1)?;
                let sum12 = add(&dx1, &dx2)?;
                let a = div(
                    &unary(UnaryOp::Neg, &dx2)?,
                    Operand::Tensor(&mul(Operand::Tensor(&dx1), Operand::Tensor(&sum12))?),
                )?
                .reshape(&shape)?;
                let b = div(
                    &sub(&dx2, &dx1)?,
                    Operand::Tensor(&mul(Operand::Tensor(&dx1), Operand::Tensor(&dx2))?),
                )?
                .reshape(&shape)?;
                let cc = div(
                    &dx1,
                    Operand::Tensor(&mul(Operand::Tensor(&dx2), Operand::Tensor(&sum12))?),
                )?
                .reshape(&shape)?;
                let center = add(
                    &add(
                        &mul(Operand::Tensor(&a), Operand::Tensor(&s(0, Some(-2))?))?,
                        &mul(Operand::Tensor(&b), Operand::Tensor(&s(1, Some(-1))?))?,
                    )?,
                    &mul(Operand::Tensor(&cc), Operand::Tensor(&s(2, None)?))?,
                )?;
                let at = |k: i64| ax_dx.select(0, k);
                let (prepend, append) = if edge_order == 1 {
                    (
                        div(
                            &sub(&s(1, Some(2))?, &s(0, Some(1))?)?,
                            Operand::Tensor(&at(0)?),
                        )?,
                        div(
                            &sub(&s(-1, None)?, &s(-2, Some(-1))?)?,
                            Operand::Tensor(&at(-1)?),
                        )?,
                    )
                } else {
                    let (d0, d1) = (at(0)?, at(1)?);
                    let s01 = add(&d0, &d1)?;
                    let a = unary(
                        UnaryOp::Neg,
                        &add(&mul(num(2.0), Operand::Tensor(&d0))?, &d1)?,
                    )?;
                    let a = div(
                        &a,
                        Operand::Tensor(&mul(Operand::Tensor(&d0), Operand::Tensor(&s01))?),
                    )?;
                    let b = div(
                        &s01,
                        Operand::Tensor(&mul(Operand::Tensor(&d0), Operand::Tensor(&d1))?),
                    )?;
                    let c = div(
                        &unary(UnaryOp::Neg, &d0)?,
                        Operand::Tensor(&mul(Operand::Tensor(&d1), Operand::Tensor(&s01))?),
                    )?;
                    let prepend = add(
                        &add(
                            &mul(Operand::Tensor(&a), Operand::Tensor(&s(0, Some(1))?))?,
                            &mul(Operand::Tensor(&b), Operand::Tensor(&s(1, Some(2))?))?,
                        )?,
                        &mul(Operand::Tensor(&c), Operand::Tensor(&s(2, Some(3))?))?,
                    )?;
                    let (l1, l2) = (at(-1)?, at(-2)?);
                    let s12 = add(&l1, &l2)?;
                    let a = div(
                        &l1,
                        Operand::Tensor(&mul(Operand::Tensor(&l2), Operand::Tensor(&s12))?),
                    )?;
                    let b = div(
                        &unary(UnaryOp::Neg, &s12)?,
                        Operand::Tensor(&mul(Operand::Tensor(&l1), Operand::Tensor(&l2))?),
                    )?;
                    let c = div(
                        &add(&mul(int(2), Operand::Tensor(&l1))?, &l2)?,
                        Operand::Tensor(&mul(Operand::Tensor(&l1), Operand::Tensor(&s12))?),
                    )?;
                    let append = add(
                        &add(
                            &mul(Operand::Tensor(&a), Operand::Tensor(&s(-3, Some(-2))?))?,
                            &mul(Operand::Tensor(&b), Operand::Tensor(&s(-2, Some(-1))?))?,
                        )?,
                        &mul(Operand::Tensor(&c), Operand::Tensor(&s(-1, None)?))?,
                    )?;
                    (prepend, append)
                };
                (prepend, center, append)
            }
        };
        out.push(Tensor::cat(&[prepend, center, append], d)?);
    }
    Ok(out)
}
