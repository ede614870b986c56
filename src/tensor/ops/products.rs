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

/// One operand's subscripts and the output's, parsed from `"bhqd,bhkd->bhqk"`.
struct Equation {
    inputs: Vec<Vec<u8>>,
    output: Vec<u8>,
}

fn parse_equation(eq: &str, operands: usize) -> Result<Equation> {
    let eq: String = eq.chars().filter(|c| !c.is_whitespace()).collect();
    if eq.contains('.') {
        return Err(TensorError::NotImplemented(
            "the tutor's einsum does not take '...' yet: name every dim with a letter".into(),
        ));
    }
    let (lhs, rhs) = match eq.split_once("->") {
        Some((l, r)) => (l.to_string(), Some(r.to_string())),
        None => (eq.clone(), None),
    };
    let inputs: Vec<Vec<u8>> = lhs.split(',').map(|s| s.bytes().collect()).collect();
    if inputs.len() != operands {
        let which = if inputs.len() > operands {
            "fewer operands were provided than specified"
        } else {
            "more operands were provided than specified"
        };
        return Err(TensorError::runtime(format!(
            "einsum(): {which} in the equation"
        )));
    }
    for s in inputs.iter().flatten() {
        if !s.is_ascii_alphabetic() {
            return Err(TensorError::runtime(format!(
                "einsum(): invalid subscript given at index {} in the equation string, subscripts must be in [a-zA-Z]",
                eq.find(*s as char).unwrap_or(0)
            )));
        }
    }
    let output: Vec<u8> = match rhs {
        Some(r) => r.bytes().collect(),
        None => {
            // Implicit output: the labels used once, in alphabetical (ASCII) order.
            let mut once: Vec<u8> = (b'A'..=b'z')
                .filter(|l| inputs.iter().flatten().filter(|&&x| x == *l).count() == 1)
                .collect();
            once.sort_unstable();
            once
        }
    };
    for (i, &l) in output.iter().enumerate() {
        if !l.is_ascii_alphabetic() {
            return Err(TensorError::runtime(format!(
                "einsum(): invalid subscript given at index {} in the equation string, subscripts must be in [a-zA-Z]",
                lhs.len() + 2 + i
            )));
        }
        if output[..i].contains(&l) {
            return Err(TensorError::runtime(format!(
                "einsum(): output subscript {} appears more than once in the output",
                l as char
            )));
        }
        if !inputs.iter().flatten().any(|&x| x == l) {
            return Err(TensorError::runtime(format!(
                "einsum(): output subscript {} does not appear in the equation for any input operand",
                l as char
            )));
        }
    }
    for s in &inputs {
        for (i, l) in s.iter().enumerate() {
            if s[..i].contains(l) {
                return Err(TensorError::NotImplemented(
                    "the tutor's einsum does not take a letter twice in one operand (a diagonal) yet"
                        .into(),
                ));
            }
        }
    }
    Ok(Equation { inputs, output })
}

/// `torch.einsum(equation, *operands)` for one or two operands (or more, contracted left to right
/// as PyTorch does without opt_einsum). Labels are laid out as ATen lays them out (the output's,
/// then the summed ones in ASCII order); a pair is contracted as ATen's `sumproduct_pair` does it:
/// dims only one side has are summed first, then one `bmm` over the shared summed dims, and the
/// result is a permuted view of it.
pub fn einsum(equation: &str, operands: &[Tensor]) -> Result<Tensor> {
    if operands.is_empty() {
        return Err(TensorError::Value(
            "einsum(): must specify the equation string and at least one operand, or at least one operand and its subscripts list".into(),
        ));
    }
    let eq = parse_equation(equation, operands.len())?;
    let mut sizes = [0usize; 256];
    let mut seen = [false; 256];
    for (k, (labels, t)) in eq.inputs.iter().zip(operands).enumerate() {
        if labels.len() != t.ndim() {
            return Err(TensorError::runtime(format!(
                "einsum(): the number of subscripts in the equation ({}) does not match the number of dimensions ({}) for operand {k} and no ellipsis was given",
                labels.len(),
                t.ndim()
            )));
        }
        for (d, &l) in labels.iter().enumerate() {
            let n = t.shape()[d];
            if seen[l as usize] && sizes[l as usize] != n && sizes[l as usize] != 1 && n != 1 {
                return Err(TensorError::runtime(format!(
                    "einsum(): subscript {} has size {n} for operand {k} which does not broadcast with previously seen size {}",
                    l as char, sizes[l as usize]
                )));
            }
            if !seen[l as usize] || sizes[l as usize] == 1 {
                sizes[l as usize] = n;
            }
            seen[l as usize] = true;
        }
    }
    let dtype = operands[0].dtype();
    if operands.iter().any(|t| t.dtype() != dtype) {
        return Err(TensorError::runtime(format!(
            "expected scalar type {} but found {}",
            dtype.scalar_type_name(),
            operands
                .iter()
                .map(|t| t.dtype())
                .find(|&d| d != dtype)
                .unwrap_or(dtype)
                .scalar_type_name()
        )));
    }
    let mut acc = operands[0].clone();
    let mut acc_labels = eq.inputs[0].clone();
    // Labels still needed after operand i: the output's and those of later operands.
    let needed_after = |i: usize| -> Vec<u8> {
        let mut v = eq.output.clone();
        for s in &eq.inputs[i + 1..] {
            v.extend(s);
        }
        v
    };
    if operands.len() == 1 {
        return finish(acc, &acc_labels, &eq.output);
    }
    for (i, (b, b_labels)) in operands.iter().zip(&eq.inputs).enumerate().skip(1) {
        let keep = needed_after(i);
        // Sum out what only one side has and nothing later needs.
        let (a, a_labels) = sum_alone(&acc, &acc_labels, b_labels, &keep)?;
        let (b, b_labels) = sum_alone(b, b_labels, &a_labels, &keep)?;
        let mut labels_order: Vec<u8> = eq.output.clone();
        let mut rest: Vec<u8> = a_labels
            .iter()
            .chain(&b_labels)
            .copied()
            .filter(|l| !eq.output.contains(l))
            .collect();
        rest.sort_unstable();
        rest.dedup();
        labels_order.extend(rest);
        let contracted: Vec<u8> = labels_order
            .iter()
            .copied()
            .filter(|l| a_labels.contains(l) && b_labels.contains(l) && !keep.contains(l))
            .collect();
        let batch: Vec<u8> = labels_order
            .iter()
            .copied()
            .filter(|l| a_labels.contains(l) && b_labels.contains(l) && keep.contains(l))
            .collect();
        let lo: Vec<u8> = labels_order
            .iter()
            .copied()
            .filter(|l| a_labels.contains(l) && !b_labels.contains(l))
            .collect();
        let ro: Vec<u8> = labels_order
            .iter()
            .copied()
            .filter(|l| b_labels.contains(l) && !a_labels.contains(l))
            .collect();
        let pos = |labels: &[u8], l: u8| labels.iter().position(|&x| x == l).unwrap_or(0) as i64;
        let size = |ls: &[u8]| {
            ls.iter()
                .map(|&l| sizes[l as usize] as i64)
                .product::<i64>()
        };
        let pa: Vec<i64> = batch
            .iter()
            .chain(&lo)
            .chain(&contracted)
            .map(|&l| pos(&a_labels, l))
            .collect();
        let pb: Vec<i64> = batch
            .iter()
            .chain(&contracted)
            .chain(&ro)
            .map(|&l| pos(&b_labels, l))
            .collect();
        let (nb, nl, nc, nr) = (size(&batch), size(&lo), size(&contracted), size(&ro));
        let product = if contracted.is_empty() {
            // ATen multiplies when nothing is summed.
            let mut out_labels: Vec<u8> = batch.clone();
            out_labels.extend(&lo);
            out_labels.extend(&ro);
            let av = a.permute(&pa)?;
            let bv = b.permute(&pb)?;
            let mut ashape: Vec<i64> = batch
                .iter()
                .chain(&lo)
                .map(|&l| sizes[l as usize] as i64)
                .collect();
            ashape.extend(std::iter::repeat_n(1, ro.len()));
            let mut bshape: Vec<i64> = batch.iter().map(|&l| sizes[l as usize] as i64).collect();
            bshape.extend(std::iter::repeat_n(1, lo.len()));
            bshape.extend(ro.iter().map(|&l| sizes[l as usize] as i64));
            let r = binary(
                BinaryOp::Mul,
                Operand::Tensor(&av.reshape(&ashape)?),
                Operand::Tensor(&bv.reshape(&bshape)?),
            )?;
            acc_labels = out_labels;
            r
        } else {
            let am = a.permute(&pa)?.reshape(&[nb, nl, nc])?;
            let bm = b.permute(&pb)?.reshape(&[nb, nc, nr])?;
            let r = am.bmm(&bm)?;
            let shape: Vec<i64> = batch
                .iter()
                .chain(&lo)
                .chain(&ro)
                .map(|&l| sizes[l as usize] as i64)
                .collect();
            acc_labels = batch.iter().chain(&lo).chain(&ro).copied().collect();
            r.view(&shape)?
        };
        acc = product;
    }
    // The contraction's result comes back contiguous in the output's order.
    Ok(finish(acc, &acc_labels, &eq.output)?.contiguous())
}

/// `t` with the dims summed whose labels neither `other` nor `keep` has (ATen sums them before the
/// product), and its remaining labels.
fn sum_alone(t: &Tensor, labels: &[u8], other: &[u8], keep: &[u8]) -> Result<(Tensor, Vec<u8>)> {
    let alone: Vec<i64> = labels
        .iter()
        .enumerate()
        .filter(|(_, l)| !other.contains(l) && !keep.contains(l))
        .map(|(d, _)| d as i64)
        .collect();
    if alone.is_empty() {
        return Ok((t.clone(), labels.to_vec()));
    }
    let rest: Vec<u8> = labels
        .iter()
        .copied()
        .filter(|l| other.contains(l) || keep.contains(l))
        .collect();
    Ok((t.sum(Some(&alone), false)?, rest))
}

/// The last operand (or the product) summed over what the output lacks and permuted to its order.
fn finish(t: Tensor, labels: &[u8], output: &[u8]) -> Result<Tensor> {
    let summed: Vec<i64> = labels
        .iter()
        .enumerate()
        .filter(|(_, l)| !output.contains(l))
        .map(|(d, _)| d as i64)
        .collect();
    let (t, labels) = if summed.is_empty() {
        (t, labels.to_vec())
    } else {
        // ATen permutes the output's labels first, then sums the rest.
        let mut order: Vec<i64> = output
            .iter()
            .map(|l| labels.iter().position(|x| x == l).unwrap_or(0) as i64)
            .collect();
        order.extend(summed.iter().copied());
        let permuted = t.permute(&order)?;
        let dims: Vec<i64> = (output.len() as i64..labels.len() as i64).collect();
        return permuted.sum(Some(&dims), false);
    };
    let order: Vec<i64> = output
        .iter()
        .map(|l| labels.iter().position(|x| x == l).unwrap_or(0) as i64)
        .collect();
    t.permute(&order)
}
