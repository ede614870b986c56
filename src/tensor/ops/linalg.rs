//! The BLAS-shaped extras: `addmv`, `addr`, `addbmm`, `chain_matmul`, `matrix_power` and `cross`,
//! composed from the products of `matmul` as ATen composes them, with its checks and messages.

use super::elementwise::{BinaryOp, Operand, binary, zip_map};
use crate::tensor::error::{Result, TensorError};
use crate::tensor::layout::wrap_dim;
use crate::tensor::{DType, Scalar, Tensor};

fn mul(t: &Tensor, s: Scalar) -> Result<Tensor> {
    binary(BinaryOp::Mul, Operand::Tensor(t), Operand::Scalar(s))
}

fn add(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(BinaryOp::Add, Operand::Tensor(a), Operand::Tensor(b))
}

fn sub(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    binary(BinaryOp::Sub, Operand::Tensor(a), Operand::Tensor(b))
}

fn is(s: Scalar, v: f64) -> bool {
    s.to_f64() == v
}

/// `beta * input + alpha * product`, with `input` ignored (not even its NaNs kept) when beta is 0.
fn blend(input: &Tensor, product: &Tensor, beta: Scalar, alpha: Scalar) -> Result<Tensor> {
    let product = if is(alpha, 1.0) {
        product.clone()
    } else {
        mul(product, alpha)?
    };
    if is(beta, 0.0) {
        let shape: Vec<i64> = product.shape().iter().map(|&s| s as i64).collect();
        // Still broadcast-checked against the input.
        input.expand(&shape)?;
        return Ok(product);
    }
    let kept = if is(beta, 1.0) {
        input.clone()
    } else {
        mul(input, beta)?
    };
    add(&kept, &product)
}

/// `torch.addmv(input, mat, vec, beta=1, alpha=1)`.
pub fn addmv(
    input: &Tensor,
    mat: &Tensor,
    vec: &Tensor,
    beta: Scalar,
    alpha: Scalar,
) -> Result<Tensor> {
    if mat.ndim() != 2 || vec.ndim() != 1 || input.ndim() > 1 {
        return Err(TensorError::runtime(format!(
            "vector + matrix @ vector expected, got {}, {}, {}",
            input.ndim(),
            mat.ndim(),
            vec.ndim()
        )));
    }
    let (m, k) = (mat.shape()[0], mat.shape()[1]);
    let input_len = input.shape().first().copied().unwrap_or(1);
    if vec.shape()[0] != k || (input.ndim() == 1 && input_len != m && input_len != 1) {
        return Err(TensorError::runtime(format!(
            "size mismatch, got input ({}), mat ({m}x{k}), vec ({})",
            if input.ndim() == 0 { 1 } else { input_len },
            vec.shape()[0]
        )));
    }
    if mat.dtype() != input.dtype() || vec.dtype() != input.dtype() {
        return Err(TensorError::runtime(format!(
            "addmv input tensors must have the same dtype, but got {}, {}, and {}",
            input.dtype().scalar_type_name(),
            mat.dtype().scalar_type_name(),
            vec.dtype().scalar_type_name()
        )));
    }
    let product = mat.matmul(vec)?;
    if is(beta, 0.0) || !matches!(input.dtype(), DType::Float32 | DType::Float64) {
        return blend(input, &product, beta, alpha);
    }
    // The GEMV's `y = alpha * (A x) + beta * y`: one FMA after `beta * y` (measured against torch).
    let kept = if is(beta, 1.0) {
        input.clone()
    } else {
        mul(input, beta)?
    };
    let kept = kept.expand(&[m as i64])?;
    if input.dtype() == DType::Float32 {
        let a = alpha.to_f64() as f32;
        zip_map::<f32, f32>(&product, &kept, &[m], move |p, k| a.mul_add(p, k))
    } else {
        let a = alpha.to_f64();
        zip_map::<f64, f64>(&product, &kept, &[m], move |p, k| a.mul_add(p, k))
    }
}

/// `torch.addr(input, vec1, vec2, beta=1, alpha=1)`: ATen's `addr_kernel`, elementwise
/// `beta * input + alpha * vec1[i] * vec2[j]` (`alpha * vec1 * vec2` when beta is 0; ands and ors for
/// bool).
pub fn addr(
    input: &Tensor,
    v1: &Tensor,
    v2: &Tensor,
    beta: Scalar,
    alpha: Scalar,
) -> Result<Tensor> {
    for (name, v) in [("vec1", v1), ("vec2", v2)] {
        if v.ndim() != 1 {
            return Err(TensorError::runtime(format!(
                "addr: Expected 1-D argument {name}, but got {}-D",
                v.ndim()
            )));
        }
    }
    let (m, n) = (v1.shape()[0] as i64, v2.shape()[0] as i64);
    let outer = binary(
        BinaryOp::Mul,
        Operand::Tensor(&mul(&v1.unsqueeze(1)?, alpha)?),
        Operand::Tensor(&v2.unsqueeze(0)?),
    )?;
    let input = input.expand(&[m, n])?;
    if input.dtype() == DType::Bool {
        let outer = binary(
            BinaryOp::And,
            Operand::Tensor(&v1.unsqueeze(1)?),
            Operand::Tensor(&v2.unsqueeze(0)?),
        )?;
        let outer = binary(
            BinaryOp::And,
            Operand::Tensor(&outer),
            Operand::Scalar(Scalar::Bool(alpha.to_f64() != 0.0)),
        )?;
        let kept = binary(
            BinaryOp::And,
            Operand::Tensor(&input),
            Operand::Scalar(Scalar::Bool(beta.to_f64() != 0.0)),
        )?;
        return binary(
            BinaryOp::Or,
            Operand::Tensor(&kept),
            Operand::Tensor(&outer),
        );
    }
    if is(beta, 0.0) {
        return Ok(outer);
    }
    // GCC fuses the kernel's `beta * self + (alpha * vec1 * vec2)` into one FMA.
    let shape = [m as usize, n as usize];
    match (input.dtype(), outer.dtype()) {
        (DType::Float32, DType::Float32) => {
            let b = beta.to_f64() as f32;
            zip_map::<f32, f32>(&input, &outer, &shape, move |s, o| b.mul_add(s, o))
        }
        (DType::Float64, DType::Float64) => {
            let b = beta.to_f64();
            zip_map::<f64, f64>(&input, &outer, &shape, move |s, o| b.mul_add(s, o))
        }
        _ => add(&mul(&input, beta)?, &outer),
    }
}

/// `torch.addbmm(input, batch1, batch2, beta=1, alpha=1)`: `beta * input` plus each batch's
/// `alpha * (batch1[b] @ batch2[b])`, added in batch order (ATen's loop of `addmm_`).
pub fn addbmm(
    input: &Tensor,
    b1: &Tensor,
    b2: &Tensor,
    beta: Scalar,
    alpha: Scalar,
) -> Result<Tensor> {
    // ATen expands the input to (batch1.size(1), batch2.size(2)) before its rank checks.
    let rows = b1.shape()[wrap_dim(1, b1.ndim())?];
    let cols = b2.shape()[wrap_dim(2, b2.ndim())?];
    let base = input.expand(&[rows as i64, cols as i64])?;
    if b1.ndim() != 3 {
        return Err(TensorError::runtime("batch1 must be a 3D tensor"));
    }
    if b2.ndim() != 3 {
        return Err(TensorError::runtime("batch2 must be a 3D tensor"));
    }
    if b1.shape()[0] != b2.shape()[0] {
        return Err(TensorError::runtime(format!(
            "batch1 and batch2 must have same number of batches, got {} and {}",
            b1.shape()[0],
            b2.shape()[0]
        )));
    }
    if b1.shape()[2] != b2.shape()[1] {
        return Err(TensorError::runtime(format!(
            "Incompatible matrix sizes for bmm ({}x{} and {}x{})",
            b1.shape()[1],
            b1.shape()[2],
            b2.shape()[1],
            b2.shape()[2]
        )));
    }
    let shape = [rows as i64, cols as i64];
    let mut result = if is(beta, 0.0) {
        Tensor::full(
            &[shape[0] as usize, shape[1] as usize],
            Scalar::Int(0),
            input.dtype(),
        )?
    } else if is(beta, 1.0) {
        base.deep_copy()
    } else {
        mul(&base, beta)?
    };
    for b in 0..b1.shape()[0] as i64 {
        let product = b1.select(0, b)?.mm(&b2.select(0, b)?)?;
        let product = if is(alpha, 1.0) {
            product
        } else {
            mul(&product, alpha)?
        };
        result = add(&result, &product)?;
    }
    Ok(result)
}

/// `torch.chain_matmul(*matrices)`: ATen's `multi_dot`, which multiplies in the cheapest order (the
/// cost rule for three matrices, the matrix-chain dynamic programme for more).
pub fn chain_matmul(matrices: &[Tensor]) -> Result<Tensor> {
    for m in matrices {
        if m.ndim() != 2 {
            return Err(TensorError::runtime(format!(
                "Tensor dimension is {}, expected 2 instead.",
                m.ndim()
            )));
        }
    }
    let n = matrices.len();
    if n == 0 {
        return Err(TensorError::runtime(
            "chain_matmul(): Expected one or more matrices",
        ));
    }
    if n == 1 {
        return Ok(matrices[0].deep_copy());
    }
    for (i, pair) in matrices.windows(2).enumerate() {
        if pair[0].shape()[1] != pair[1].shape()[0] {
            return Err(TensorError::runtime(format!(
                "multi_dot(): tensors {i} and {} with shapes {} and {} cannot be multiplied",
                i + 1,
                super::shape::shape_str(pair[0].shape()),
                super::shape::shape_str(pair[1].shape())
            )));
        }
    }
    multiply_chain(matrices)
}

/// `torch.linalg.multi_dot(tensors)`: ATen's `multi_dot`, a 1-D first tensor read as a row and a 1-D
/// last one as a column (their dims dropped from the result), multiplied in the cheapest order.
pub fn multi_dot(tensors: &[Tensor]) -> Result<Tensor> {
    let n = tensors.len();
    if n < 2 {
        return Err(TensorError::runtime(format!(
            "multi_dot(): expected at least 2 tensors but got {n}"
        )));
    }
    let mut matrices = tensors.to_vec();
    let mut out_shape = Vec::new();
    match tensors[0].ndim() {
        1 => matrices[0] = tensors[0].unsqueeze(0)?,
        2 => out_shape.push(tensors[0].shape()[0] as i64),
        d => {
            return Err(TensorError::runtime(format!(
                "multi_dot(): the first tensor must be 1D or 2D but got {d}D"
            )));
        }
    }
    match tensors[n - 1].ndim() {
        1 => matrices[n - 1] = tensors[n - 1].unsqueeze(-1)?,
        2 => out_shape.push(tensors[n - 1].shape()[1] as i64),
        d => {
            return Err(TensorError::runtime(format!(
                "multi_dot(): the last tensor must be 1D or 2D but got {d}D"
            )));
        }
    }
    for (i, m) in tensors.iter().enumerate().take(n - 1).skip(1) {
        if m.ndim() != 2 {
            return Err(TensorError::runtime(format!(
                "multi_dot(): tensor {i} must be 2D but got {}D",
                m.ndim()
            )));
        }
    }
    let dtype = matrices[0].dtype();
    for i in 1..n {
        if matrices[i].dtype() != dtype {
            return Err(TensorError::runtime(format!(
                "multi_dot(): all tensors must have be the same dtype but tensor 0 is {} and tensor {i} {}",
                dtype.cpp_name(),
                matrices[i].dtype().cpp_name()
            )));
        }
        if matrices[i - 1].shape()[1] != matrices[i].shape()[0] {
            return Err(TensorError::runtime(format!(
                "multi_dot(): tensors {} and {i} with shapes {} and {} cannot be multiplied",
                i - 1,
                super::shape::shape_str(tensors[i - 1].shape()),
                super::shape::shape_str(tensors[i].shape())
            )));
        }
    }
    multiply_chain(&matrices)?.view(&out_shape)
}

/// The product of a chain of matrices whose sizes fit, in ATen's `multi_dot` order: the cost rule for
/// three, the matrix-chain dynamic programme for more.
fn multiply_chain(matrices: &[Tensor]) -> Result<Tensor> {
    let n = matrices.len();
    match n {
        2 => matrices[0].mm(&matrices[1]),
        3 => {
            let (a, b) = (matrices[0].shape()[0], matrices[1].shape()[0]);
            let (c, d) = (matrices[2].shape()[0], matrices[2].shape()[1]);
            if (a * c) * (b + d) > (b * d) * (a + c) {
                matrices[0].mm(&matrices[1].mm(&matrices[2])?)
            } else {
                matrices[0].mm(&matrices[1])?.mm(&matrices[2])
            }
        }
        _ => {
            let mut p: Vec<usize> = matrices.iter().map(|m| m.shape()[0]).collect();
            p.push(matrices[n - 1].shape()[1]);
            let mut cost = vec![vec![0usize; n]; n];
            let mut split = vec![vec![0usize; n]; n];
            for l in 1..n {
                for i in 0..n - l {
                    let j = i + l;
                    cost[i][j] = usize::MAX;
                    for k in i..j {
                        let q = cost[i][k] + cost[k + 1][j] + p[i] * p[k + 1] * p[j + 1];
                        if q < cost[i][j] {
                            cost[i][j] = q;
                            split[i][j] = k;
                        }
                    }
                }
            }
            fn product(ms: &[Tensor], split: &[Vec<usize>], i: usize, j: usize) -> Result<Tensor> {
                if i == j {
                    return Ok(ms[i].clone());
                }
                let k = split[i][j];
                product(ms, split, i, k)?.mm(&product(ms, split, k + 1, j)?)
            }
            product(matrices, &split, 0, n - 1)
        }
    }
}

/// `torch.matrix_power(a, n)`: ATen's binary decomposition of `n` (n = 2 and 3 as plain products).
pub fn matrix_power(a: &Tensor, n: i64) -> Result<Tensor> {
    if a.ndim() < 2 {
        return Err(TensorError::runtime(
            "linalg.matrix_power: The input tensor A must have at least 2 dimensions.",
        ));
    }
    let (r, c) = (a.shape()[a.ndim() - 2], a.shape()[a.ndim() - 1]);
    if r != c {
        return Err(TensorError::runtime(format!(
            "linalg.matrix_power: A must be batches of square matrices, but they are {r} by {c} matrices"
        )));
    }
    match n {
        n if n < 0 => Err(TensorError::NotImplemented(
            "matrix_power with a negative exponent needs a matrix inverse, which the tutor does not have yet"
                .into(),
        )),
        0 => {
            let eye = super::create::eye(r, r, a.dtype())?;
            let shape: Vec<i64> = a.shape().iter().map(|&s| s as i64).collect();
            Ok(eye.expand(&shape)?.deep_copy())
        }
        1 => Ok(a.deep_copy()),
        2 => a.matmul(a),
        3 => a.matmul(a)?.matmul(a),
        mut n => {
            let mut z: Option<Tensor> = None;
            let mut result: Option<Tensor> = None;
            while n > 0 {
                let bit = n % 2;
                n /= 2;
                let next = match &z {
                    Some(z) => z.matmul(z)?,
                    None => a.clone(),
                };
                if bit == 1 {
                    result = Some(match &result {
                        Some(r) => r.matmul(&next)?,
                        None => next.clone(),
                    });
                }
                z = Some(next);
            }
            result.ok_or_else(|| TensorError::runtime("matrix_power: empty decomposition"))
        }
    }
}

/// `torch.cross(a, b, dim=None)`: the cross product along `dim` (without one, the first dim of
/// length 3, as PyTorch's deprecated default).
pub fn cross(a: &Tensor, b: &Tensor, dim: Option<i64>) -> Result<Tensor> {
    if a.dtype() != b.dtype() {
        return Err(TensorError::runtime(format!(
            "expected scalar type {} but found {}",
            a.dtype().scalar_type_name(),
            b.dtype().scalar_type_name()
        )));
    }
    if a.ndim() != b.ndim() {
        return Err(TensorError::runtime(
            "linalg.cross: inputs must have the same number of dimensions.",
        ));
    }
    let shape = crate::tensor::layout::broadcast_shapes(a.shape(), b.shape())?;
    let d = match dim {
        Some(d) => wrap_dim(d, shape.len())?,
        None => shape
            .iter()
            .position(|&s| s == 3)
            .ok_or_else(|| TensorError::runtime("no dimension of size 3 in input"))?,
    };
    let (la, lb) = (
        a.shape()
            .get(d + a.ndim() - shape.len())
            .copied()
            .unwrap_or(1),
        b.shape()
            .get(d + b.ndim() - shape.len())
            .copied()
            .unwrap_or(1),
    );
    if la != 3 || lb != 3 {
        return Err(TensorError::runtime(format!(
            "linalg.cross: inputs dimension {} must have length 3. Got {la} and {lb}",
            dim.unwrap_or(d as i64)
        )));
    }
    let target: Vec<i64> = shape.iter().map(|&s| s as i64).collect();
    let (a, b) = (a.expand(&target)?, b.expand(&target)?);
    let at = |t: &Tensor, i: i64| t.select(d as i64, i);
    // ATen's `apply_cross` writes `a[i] * b[j] - a[j] * b[i]`, which GCC contracts in PyTorch's AVX2
    // build: the second product rounded, then a fused multiply-subtract.
    fn fused<F: num_traits::Float + crate::tensor::storage::Element>(
        [p, q, s, t]: [&Tensor; 4],
    ) -> Result<Tensor> {
        let shape = p.shape().to_vec();
        let (p, q, s, t) = (
            p.to_vec::<F>(),
            q.to_vec::<F>(),
            s.to_vec::<F>(),
            t.to_vec::<F>(),
        );
        let out: Vec<F> = (0..p.len())
            .map(|k| p[k].mul_add(q[k], -(s[k] * t[k])))
            .collect();
        Tensor::from_vec(out, &shape)
    }
    let part = |i: i64, j: i64| -> Result<Tensor> {
        let (p, q, s, t) = (at(&a, i)?, at(&b, j)?, at(&a, j)?, at(&b, i)?);
        match p.dtype() {
            DType::Float32 => return fused::<f32>([&p, &q, &s, &t]),
            DType::Float64 => return fused::<f64>([&p, &q, &s, &t]),
            _ => {}
        }
        let l = binary(BinaryOp::Mul, Operand::Tensor(&p), Operand::Tensor(&q))?;
        let r = binary(BinaryOp::Mul, Operand::Tensor(&s), Operand::Tensor(&t))?;
        sub(&l, &r)
    };
    let parts = [part(1, 2)?, part(2, 0)?, part(0, 1)?];
    Tensor::stack(&parts, d as i64)
}
