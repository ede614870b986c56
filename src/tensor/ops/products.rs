//! Products composed from `mm`, `bmm` and `mul` as ATen composes them (`native/Linear.cpp`,
//! `LinearAlgebra.cpp`): `tensordot`, `inner`, `vdot`, `kron` and `baddbmm`.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::format::int_array;
use crate::tensor::layout::wrap_dim;
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
use crate::tensor::settings::check_numel;
use crate::tensor::{DType, Scalar, Tensor};

/// `torch.tensordot(a, b, dims=(dims_a, dims_b))`: the contracted dims moved last in `a` and first
/// in `b`, both flattened to matrices, one `mm`, and the free dims restored.
pub fn tensordot(a: &Tensor, b: &Tensor, dims_a: &[i64], dims_b: &[i64]) -> Result<Tensor> {
    if a.dtype() != b.dtype() {
        return Err(TensorError::runtime("both inputs should have same dtype"));
    }
    if dims_a.len() != dims_b.len() {
        return Err(TensorError::runtime(
            "both dimension lists should have same length",
        ));
    }
    let (mut ca, mut cb) = (Vec::new(), Vec::new());
    let mut csize: i64 = 1;
    for (&da, &db) in dims_a.iter().zip(dims_b) {
        let (wa, wb) = (wrap_dim(da, a.ndim())?, wrap_dim(db, b.ndim())?);
        let (sa, sb) = (a.shape()[wa], b.shape()[wb]);
        if sa != sb {
            return Err(TensorError::runtime(format!(
                "contracted dimensions need to match, but first has size {sa} in dim {da} and second has size {sb} in dim {db}"
            )));
        }
        csize *= sa as i64;
        ca.push(wa);
        cb.push(wb);
    }
    let free_a: Vec<usize> = (0..a.ndim()).filter(|d| !ca.contains(d)).collect();
    let free_b: Vec<usize> = (0..b.ndim()).filter(|d| !cb.contains(d)).collect();
    let mut rsizes: Vec<i64> = Vec::new();
    let (mut size1, mut size2) = (1i64, 1i64);
    for &d in &free_a {
        size1 *= a.shape()[d] as i64;
        rsizes.push(a.shape()[d] as i64);
    }
    for &d in &free_b {
        size2 *= b.shape()[d] as i64;
        rsizes.push(b.shape()[d] as i64);
    }
    let pa: Vec<i64> = free_a.iter().chain(&ca).map(|&d| d as i64).collect();
    let pb: Vec<i64> = cb.iter().chain(&free_b).map(|&d| d as i64).collect();
    let ma = a.permute(&pa)?.reshape(&[size1, csize])?;
    let mb = b.permute(&pb)?.reshape(&[csize, size2])?;
    ma.mm(&mb)?.reshape(&rsizes)
}

/// `tensordot(a, b, dims=n)`: the last `n` dims of `a` against the first `n` of `b`.
pub fn tensordot_n(a: &Tensor, b: &Tensor, n: i64) -> Result<Tensor> {
    if n < 0 {
        return Err(TensorError::runtime(format!(
            "tensordot expects dims >= 0, but got dims={n}"
        )));
    }
    if n as usize > a.ndim() || n as usize > b.ndim() {
        return Err(TensorError::runtime(format!(
            "tensordot expects dims < ndim_a or ndim_b, but got dims={n}"
        )));
    }
    let dims_a: Vec<i64> = (a.ndim() as i64 - n..a.ndim() as i64).collect();
    let dims_b: Vec<i64> = (0..n).collect();
    tensordot(a, b, &dims_a, &dims_b)
}

/// `torch.inner(a, b)`: sums over the last dims (a product when either is 0-d).
pub fn inner(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    if a.ndim() == 0 || b.ndim() == 0 {
        return binary(BinaryOp::Mul, Operand::Tensor(a), Operand::Tensor(b));
    }
    let (la, lb) = (a.shape()[a.ndim() - 1], b.shape()[b.ndim() - 1]);
    if la != lb {
        return Err(TensorError::runtime(format!(
            "inner() the last dimension must match on both input tensors but got shapes {} and {}",
            int_array(a.shape()),
            int_array(b.shape())
        )));
    }
    tensordot(a, b, &[-1], &[-1])
}

/// `torch.vdot(a, b)`: the dot product of two 1-D tensors of one dtype (no conjugation for reals).
pub fn vdot(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    if a.ndim() != 1 || b.ndim() != 1 {
        return Err(TensorError::runtime(format!(
            "1D tensors expected, but got {}D and {}D tensors",
            a.ndim(),
            b.ndim()
        )));
    }
    if a.dtype() != b.dtype() {
        return Err(TensorError::runtime(format!(
            "dot : expected both vectors to have same dtype, but found {} and {}",
            a.dtype().scalar_type_name(),
            b.dtype().scalar_type_name()
        )));
    }
    if a.numel() != b.numel() {
        return Err(TensorError::runtime(format!(
            "inconsistent tensor size, expected tensor [{}] and src [{}] to have the same number of elements, but got {} and {} elements respectively",
            a.numel(),
            b.numel(),
            a.numel(),
            b.numel()
        )));
    }
    super::matmul::dot(a, b)
}

/// `torch.kron(a, b)`: every element of `a` times all of `b`, as one broadcast `mul` of interleaved
/// views.
pub fn kron(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    let maxdim = a.ndim().max(b.ndim());
    let (pad_a, pad_b) = (maxdim - a.ndim(), maxdim - b.ndim());
    let mut ra = vec![1i64; 2 * maxdim];
    let mut rb = vec![1i64; 2 * maxdim];
    let mut out = vec![0i64; maxdim];
    for i in 0..maxdim {
        ra[2 * i] = if i >= pad_a {
            a.shape()[i - pad_a] as i64
        } else {
            1
        };
        rb[2 * i + 1] = if i >= pad_b {
            b.shape()[i - pad_b] as i64
        } else {
            1
        };
        out[i] = ra[2 * i] * rb[2 * i + 1];
    }
    let product = binary(
        BinaryOp::Mul,
        Operand::Tensor(&a.view(&ra)?),
        Operand::Tensor(&b.view(&rb)?),
    )?;
    product.view(&out)
}

/// ATen's `bmm_out_or_baddbmm_` takes its own loop below this many multiply-adds per batch.
const SMALL_BMM_LIMIT: usize = 400;

/// `torch.baddbmm(input, batch1, batch2, beta=, alpha=)`: `beta * input + alpha * (batch1 @ batch2)`.
/// Small float products follow ATen's `baddbmm_cpu_kernel` (built without FMA:
/// `r * beta + alpha * acc`, with `input` ignored when beta is 0); larger ones use the GEMM.
pub fn baddbmm(
    input: &Tensor,
    b1: &Tensor,
    b2: &Tensor,
    beta: Scalar,
    alpha: Scalar,
) -> Result<Tensor> {
    // ATen reads the sizes it needs before its rank checks, so a 2-D batch is an IndexError.
    for t in [b1, b2] {
        if t.ndim() < 3 {
            wrap_dim(2, t.ndim())?;
        }
    }
    if b1.ndim() != 3 {
        return Err(TensorError::runtime("batch1 must be a 3D tensor"));
    }
    if b2.ndim() != 3 {
        return Err(TensorError::runtime("batch2 must be a 3D tensor"));
    }
    let (bs, m, k) = (b1.shape()[0], b1.shape()[1], b1.shape()[2]);
    let n = b2.shape()[2];
    if b2.shape()[0] != bs || b2.shape()[1] != k {
        return Err(TensorError::runtime(format!(
            "Expected size for first two dimensions of batch2 tensor to be: [{bs}, {k}] but got: [{}, {}].",
            b2.shape()[0],
            b2.shape()[1]
        )));
    }
    if b1.dtype() != b2.dtype() || input.dtype() != b1.dtype() {
        use super::matmul::cpp_type_name as cpp;
        return Err(TensorError::runtime(format!(
            "Input dtypes must be the same, got: input {}, batch1: {}, batch2: {}",
            cpp(input.dtype()),
            cpp(b1.dtype()),
            cpp(b2.dtype())
        )));
    }
    let shape = [bs as i64, m as i64, n as i64];
    let base = input.expand(&shape).map_err(|_| {
        TensorError::runtime(format!(
            "The expanded size of the tensor ({n}) must match the existing size ({}) at non-singleton dimension {}.  Target sizes: [{bs}, {m}, {n}].  Tensor sizes: {}",
            input.shape().last().copied().unwrap_or(0),
            input.ndim().saturating_sub(1),
            int_array(input.shape())
        ))
    })?;
    check_numel(&[bs, m, n])?;
    if b1.dtype() == DType::Float32 && k * m * n < SMALL_BMM_LIMIT {
        let (beta, alpha) = (beta.to_f64() as f32, alpha.to_f64() as f32);
        let (av, bv) = (
            b1.contiguous().to_vec::<f32>(),
            b2.contiguous().to_vec::<f32>(),
        );
        let rv = base.contiguous().to_vec::<f32>();
        let mut out = Vec::with_capacity(bs * m * n);
        for b in 0..bs {
            for i in 0..m {
                for j in 0..n {
                    let mut acc = 0.0f32;
                    for p in 0..k {
                        acc += av[(b * m + i) * k + p] * bv[(b * k + p) * n + j];
                    }
                    let r = rv[(b * m + i) * n + j];
                    out.push(if beta == 0.0 {
                        alpha * acc
                    } else {
                        r * beta + alpha * acc
                    });
                }
            }
        }
        return Tensor::from_vec(out, &[bs, m, n]);
    }
    let product = b1.bmm(b2)?;
    let scaled =
        |t: &Tensor, s: Scalar| binary(BinaryOp::Mul, Operand::Tensor(t), Operand::Scalar(s));
    let product = if alpha.to_f64() == 1.0 {
        product
    } else {
        scaled(&product, alpha)?
    };
    if beta.to_f64() == 0.0 {
        return Ok(product.contiguous());
    }
    let kept = if beta.to_f64() == 1.0 {
        base
    } else {
        scaled(&base, beta)?
    };
    binary(
        BinaryOp::Add,
        Operand::Tensor(&kept),
        Operand::Tensor(&product),
    )
}
