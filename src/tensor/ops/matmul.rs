//! `matmul`, `mm`, `bmm` with PyTorch's dispatch by rank (aten/src/ATen/native/LinearAlgebra.cpp). Float
//! products call `matrixmultiply::sgemm` (the GEMM ndarray itself uses; it picks its AVX-512, AVX2+FMA,
//! AVX or SSE2 kernel at run time) on strided views of the operands: a transposed operand is passed with its
//! strides, not copied.
//!
//! Long because the products' paths stay together: the rank dispatch, ATen's small-`bmm` loop, the
//! threaded GEMM plan and the matrix-vector path, whose roundings must agree with each other.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::kernels;
use crate::tensor::layout::broadcast_shapes;
use crate::tensor::ops::elementwise::{BinaryOp, Operand, binary};
use crate::tensor::parallel;
use crate::tensor::settings::{self, check_numel};
use crate::tensor::{DType, Tensor};
use std::sync::atomic::{AtomicBool, Ordering};

impl Tensor {
    /// `self @ other`; the result's axes follow matmul's rule (`tensor::sym::matmul`).
    pub fn matmul(&self, other: &Tensor) -> Result<Tensor> {
        let out = self.matmul_values(other)?;
        Ok(self.product_axes(out, other))
    }

    fn product_axes(&self, out: Tensor, other: &Tensor) -> Tensor {
        if self.axes().is_none() && other.axes().is_none() {
            return out;
        }
        let axes =
            crate::tensor::sym::matmul((self.axes(), self.shape()), (other.axes(), other.shape()));
        out.with_axes(axes)
    }

    fn matmul_values(&self, other: &Tensor) -> Result<Tensor> {
        let (da, db) = (self.ndim(), other.ndim());
        if da == 0 || db == 0 {
            return Err(TensorError::runtime(format!(
                "both arguments to matmul need to be at least 1D, but they are {da}D and {db}D"
            )));
        }
        // Each rank pair checks dtypes where the ATen op it becomes checks them (dot, addmv, mm, bmm).
        match (da, db) {
            (1, 1) => {
                if self.dtype() != other.dtype() {
                    return Err(TensorError::runtime(format!(
                        "dot : expected both vectors to have same dtype, but found {} and {}",
                        self.dtype().scalar_type_name(),
                        other.dtype().scalar_type_name()
                    )));
                }
                if self.shape()[0] != other.shape()[0] {
                    return Err(TensorError::runtime(format!(
                        "inconsistent tensor size, expected tensor [{}] and src [{}] to have the same number of elements, but got {} and {} elements respectively",
                        self.shape()[0],
                        other.shape()[0],
                        self.shape()[0],
                        other.shape()[0]
                    )));
                }
                let r = gemm(&self.unsqueeze(0)?, &other.unsqueeze(1)?)?;
                r.reshape(&[])
            }
            (2, 1) => {
                if self.shape()[1] != other.shape()[0] {
                    return Err(TensorError::runtime(format!(
                        "size mismatch, got input ({}), mat ({}x{}), vec ({})",
                        self.shape()[0],
                        self.shape()[0],
                        self.shape()[1],
                        other.shape()[0]
                    )));
                }
                // `mv` is `addmv` into a result of the vector's dtype: (result, mat, vec).
                if self.dtype() != other.dtype() {
                    let (m, v) = (
                        self.dtype().scalar_type_name(),
                        other.dtype().scalar_type_name(),
                    );
                    return Err(TensorError::runtime(format!(
                        "addmv input tensors must have the same dtype, but got {v}, {m}, and {v}"
                    )));
                }
                gemm(self, &other.unsqueeze(1)?)?.squeeze(Some(&[-1]))
            }
            (1, 2) => self.unsqueeze(0)?.mm(other)?.squeeze(Some(&[0])),
            (2, 2) => self.mm(other),
            (_, 1 | 2) if da >= 3 => {
                // Fold the leading dims into rows and use mm/mv.
                let k = self.shape()[da - 1];
                let lead: Vec<usize> = self.shape()[..da - 1].to_vec();
                // Rows spelled out, not -1: with k = 0, -1 would be ambiguous.
                let rows: usize = lead.iter().product();
                let folded = self.reshape(&[rows as i64, k as i64])?;
                if db == 1 {
                    let r = folded.matmul(other)?;
                    let shape: Vec<i64> = lead.iter().map(|&d| d as i64).collect();
                    r.reshape(&shape)
                } else {
                    let r = folded.mm(other)?;
                    let mut shape: Vec<i64> = lead.iter().map(|&d| d as i64).collect();
                    shape.push(other.shape()[1] as i64);
                    r.reshape(&shape)
                }
            }
            _ => self.batched_matmul(other),
        }
    }

    /// Broadcast batched product for ranks ≥ 3 (or a 1-D/2-D left operand with a ≥ 3-D right one).
    fn batched_matmul(&self, other: &Tensor) -> Result<Tensor> {
        let a = if self.ndim() == 1 {
            self.unsqueeze(0)?
        } else {
            self.clone()
        };
        let b = if other.ndim() == 1 {
            other.unsqueeze(1)?
        } else {
            other.clone()
        };
        let (na, nb) = (a.ndim(), b.ndim());
        let (m, k1) = (a.shape()[na - 2], a.shape()[na - 1]);
        let (k2, n) = (b.shape()[nb - 2], b.shape()[nb - 1]);
        let batch = broadcast_shapes(&a.shape()[..na - 2], &b.shape()[..nb - 2])?;
        let batch_numel: usize = batch.iter().product();
        if k1 != k2 {
            return Err(TensorError::runtime(format!(
                "Expected size for first two dimensions of batch2 tensor to be: [{batch_numel}, {k1}] but got: [{batch_numel}, {k2}]."
            )));
        }
        check_bmm_dtypes(&a, &b)?;
        let mut a_shape = batch.clone();
        a_shape.extend([m, k1]);
        let mut b_shape = batch.clone();
        b_shape.extend([k2, n]);
        let a = a.broadcast_to(&a_shape)?;
        let b = b.broadcast_to(&b_shape)?;
        let mut out_shape = batch.clone();
        out_shape.extend([m, n]);
        // torch folds the batch dims into one and calls bmm.
        let out = bmm_product(&a, &b, &out_shape)?;
        // Remove the dims inserted for 1-D operands.
        let mut out = out;
        if other.ndim() == 1 {
            out = out.squeeze(Some(&[-1]))?;
        }
        if self.ndim() == 1 {
            out = out.squeeze(Some(&[-2]))?;
        }
        Ok(out)
    }

    /// `mm`: 2-D × 2-D.
    pub fn mm(&self, other: &Tensor) -> Result<Tensor> {
        if self.ndim() != 2 {
            return Err(TensorError::runtime(format!(
                "mm: self must be a matrix, got {}-D tensor",
                self.ndim()
            )));
        }
        if other.ndim() != 2 {
            return Err(TensorError::runtime(format!(
                "mm: mat2 must be a matrix, got {}-D tensor",
                other.ndim()
            )));
        }
        if self.shape()[1] != other.shape()[0] {
            return Err(TensorError::runtime(format!(
                "mm: mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})",
                self.shape()[0],
                self.shape()[1],
                other.shape()[0],
                other.shape()[1]
            )));
        }
        check_same_dtype(self, other)?;
        gemm(self, other)
    }

    /// `self @ other + bias`, what `F.linear` and `torch.addmm` compute. For float32 operands, a 2-D `other`
    /// and a bias of shape `[n]`, each thread adds the bias to its rows of the product as soon as the GEMM
    /// has written them, so the product is not stored and read back as a separate tensor; every element is
    /// still `round(product + bias)`, exactly as the two ops give it. Anything else is `matmul`, then `+`.
    pub fn matmul_add_bias(&self, other: &Tensor, bias: &Tensor) -> Result<Tensor> {
        let out = self.matmul_add_bias_values(other, bias)?;
        Ok(self.product_axes(out, other))
    }

    fn matmul_add_bias_values(&self, other: &Tensor, bias: &Tensor) -> Result<Tensor> {
        let d = self.ndim();
        let fused = d >= 2
            && other.ndim() == 2
            && bias.ndim() == 1
            && [self.dtype(), other.dtype(), bias.dtype()] == [DType::Float32; 3]
            && self.shape()[d - 1] == other.shape()[0]
            && bias.shape()[0] == other.shape()[1];
        if !fused {
            let y = self.matmul(other)?;
            return binary(BinaryOp::Add, Operand::Tensor(&y), Operand::Tensor(bias));
        }
        let (k, n) = (other.shape()[0], other.shape()[1]);
        let mut shape: Vec<usize> = self.shape()[..d - 1].to_vec();
        let m: usize = shape.iter().product();
        let folded = self.reshape(&[m as i64, k as i64])?;
        let bias = bias.to_vec::<f32>();
        let out = batched_product_f32(&folded, other, &[m, n], Some(&bias))?;
        shape.push(n);
        out.reshape(&shape.iter().map(|&v| v as i64).collect::<Vec<_>>())
    }

    /// `bmm`: 3-D × 3-D with equal batch sizes.
    pub fn bmm(&self, other: &Tensor) -> Result<Tensor> {
        if self.ndim() != 3 {
            return Err(TensorError::runtime("batch1 must be a 3D tensor"));
        }
        if other.ndim() != 3 {
            return Err(TensorError::runtime("batch2 must be a 3D tensor"));
        }
        let (b, m, k) = (self.shape()[0], self.shape()[1], self.shape()[2]);
        if other.shape()[0] != b || other.shape()[1] != k {
            return Err(TensorError::runtime(format!(
                "Expected size for first two dimensions of batch2 tensor to be: [{}, {}] but got: [{}, {}].",
                b,
                k,
                other.shape()[0],
                other.shape()[1]
            )));
        }
        check_bmm_dtypes(self, other)?;
        bmm_product(self, other, &[b, m, other.shape()[2]])
    }
}

/// `bmm`'s kernel reads the second operand as the first one's type (`accessor<scalar_t>`).
fn check_bmm_dtypes(a: &Tensor, b: &Tensor) -> Result<()> {
    if a.dtype() != b.dtype() {
        return Err(TensorError::runtime(format!(
            "expected scalar type {} but found {}",
            a.dtype().scalar_type_name(),
            b.dtype().scalar_type_name()
        )));
    }
    Ok(())
}

/// `mm`'s dtype check (after its shape check).
fn check_same_dtype(a: &Tensor, b: &Tensor) -> Result<()> {
    if a.dtype() != b.dtype() {
        return Err(TensorError::runtime(format!(
            "expected m1 and m2 to have the same dtype, but got: {} != {}",
            cpp_type_name(a.dtype()),
            cpp_type_name(b.dtype())
        )));
    }
    Ok(())
}

pub(crate) fn cpp_type_name(d: DType) -> &'static str {
    d.cpp_name()
}

/// `a @ b` for operands with the same batch dims (`[.., m, k]`, `[.., k, n]`) as a GEMM, never by `bmm`'s
/// small-product loop: `mm`, and the flash attention kernel's `cpublas::gemm` calls.
pub(crate) fn gemm(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    let mut shape = a.shape().to_vec();
    if let (Some(last), Some(&n)) = (shape.last_mut(), b.shape().last()) {
        *last = n;
    }
    batched_product(a, b, &shape)
}

/// ATen's `bmm_out_or_baddbmm_` computes products with `k * m * n < 400` (per batch) in its own
/// `baddbmm_cpu_kernel` rather than a GEMM.
const SMALL_BMM_LIMIT: usize = 400;

/// `bmm` (or matmul's batched case) on operands that already have the output's batch dims: small
/// float32 products as ATen's `baddbmm_cpu_kernel`, others as [`batched_product`].
fn bmm_product(a: &Tensor, b: &Tensor, out_shape: &[usize]) -> Result<Tensor> {
    let r = out_shape.len();
    let (m, n) = (out_shape[r - 2], out_shape[r - 1]);
    let k = a.shape()[a.ndim() - 1];
    if a.dtype() != DType::Float32 || k.saturating_mul(m).saturating_mul(n) >= SMALL_BMM_LIMIT {
        // (float64's products are always this loop's order, in double: see `batched_product`.)
        return batched_product(a, b, out_shape);
    }
    let numel = check_numel(out_shape)?;
    let (av, bv) = (a.to_vec::<f32>(), b.to_vec::<f32>());
    let mut out = Vec::with_capacity(numel);
    for batch in 0..numel.checked_div(m * n).unwrap_or(0) {
        if batch % 1024 == 0 {
            settings::check_deadline()?;
        }
        let (ao, bo) = (batch * m * k, batch * k * n);
        for i in 0..m {
            for j in 0..n {
                // `acc_value += s2[k] * m1[k][j]` in float, in order: LinearAlgebra.cpp is built
                // without FMA, so each product is rounded before it is added.
                let mut acc = 0.0f32;
                for p in 0..k {
                    acc += av[ao + i * k + p] * bv[bo + p * n + j];
                }
                out.push(acc);
            }
        }
    }
    Tensor::from_vec(out, out_shape)
}

/// `out[batch] = a[batch] @ b[batch]` where a and b already have the output's batch dims.
fn batched_product(a: &Tensor, b: &Tensor, out_shape: &[usize]) -> Result<Tensor> {
    let numel = check_numel(out_shape)?;
    let r = out_shape.len();
    let (m, n) = (out_shape[r - 2], out_shape[r - 1]);
    let k = a.shape()[a.ndim() - 1];
    let batches = numel.checked_div(m * n).unwrap_or(0);
    match a.dtype() {
        DType::Float32 => batched_product_f32(a, b, out_shape, None),
        // Half and bfloat16: products accumulated in float, rounded once (ATen's cpublas gemm for them).
        d if d.is_reduced_float() => Ok(batched_product_f32(
            &a.to_dtype(DType::Float32),
            &b.to_dtype(DType::Float32),
            out_shape,
            None,
        )?
        .to_dtype(d)),
        // Double: each dot product in k order (MKL's dgemm blocks differently; the last bit may differ).
        DType::Float64 => {
            let av = a.contiguous().to_vec::<f64>();
            let bv = b.contiguous().to_vec::<f64>();
            let mut out = vec![0f64; numel];
            for batch in 0..batches {
                settings::check_deadline()?;
                let (ao, bo, co) = (batch * m * k, batch * k * n, batch * m * n);
                for i in 0..m {
                    for j in 0..n {
                        let mut acc = 0.0f64;
                        for p in 0..k {
                            acc += av[ao + i * k + p] * bv[bo + p * n + j];
                        }
                        out[co + i * n + j] = acc;
                    }
                }
            }
            Tensor::from_vec(out, out_shape)
        }
        dtype => {
            // Integer products: a straightforward loop (lessons only use these on toy sizes).
            let av = a.to_dtype(DType::Int64).to_vec::<i64>();
            let bv = b.to_dtype(DType::Int64).to_vec::<i64>();
            let mut out = vec![0i64; numel];
            for batch in 0..batches {
                let (ao, bo, co) = (batch * m * k, batch * k * n, batch * m * n);
                for i in 0..m {
                    settings::check_deadline()?;
                    for p in 0..k {
                        let x = av[ao + i * k + p];
                        for j in 0..n {
                            out[co + i * n + j] = out[co + i * n + j]
                                .wrapping_add(x.wrapping_mul(bv[bo + p * n + j]));
                        }
                    }
                }
            }
            let t = Tensor::from_vec(out, out_shape)?;
            Ok(t.to_dtype(if dtype == DType::Bool {
                DType::Bool
            } else {
                dtype
            }))
        }
    }
}

/// The float32 case of [`batched_product`], with `bias` (of length n, if given) added to every row.
fn batched_product_f32(
    a: &Tensor,
    b: &Tensor,
    out_shape: &[usize],
    bias: Option<&[f32]>,
) -> Result<Tensor> {
    let numel = check_numel(out_shape)?;
    let r = out_shape.len();
    let (m, n) = (out_shape[r - 2], out_shape[r - 1]);
    let k = a.shape()[a.ndim() - 1];
    let batches = numel.checked_div(m * n).unwrap_or(0);
    if bias.is_some_and(|bias| bias.len() != n) {
        return Err(TensorError::runtime("internal: bias length is not n"));
    }
    if numel == 0 {
        // An empty product (m or n or a batch dim is 0): nothing to compute.
        return Tensor::from_vec(Vec::<f32>::new(), out_shape);
    }
    let a = gemm_ready(a);
    let b = gemm_ready(b);
    let mut out: Vec<f32> = Vec::with_capacity(numel);
    a.with_storage_f32(|adata, al| {
        b.with_storage_f32(|bdata, bl| {
            let plan = GemmPlan::new((adata, al), (bdata, bl), batches, m, k, n)?;
            // beta = 0: the GEMM writes every element of C without reading it.
            if plan.run(&mut out.spare_capacity_mut()[..numel], bias) {
                Ok::<_, TensorError>(())
            } else {
                // Stopped between blocks: interrupted, or past the deadline.
                Err(settings::check_deadline()
                    .err()
                    .unwrap_or(TensorError::DeadlinePassed))
            }
        })
    })???;
    // SAFETY: `plan.run` wrote all `numel` elements (every row of every batch, see `GemmPlan::run`).
    unsafe { out.set_len(numel) };
    Tensor::from_vec(out, out_shape)
}

/// `C[batch] = A[batch] · B[batch]` for float32 operands read in place through their strides, with C
/// row-major `[batches, m, n]`. matrixmultiply's packed, FMA-vectorised GEMM does the arithmetic; the
/// rows of all batches are split between `torch.set_num_threads` threads (each thread packs its own
/// panels, and every element of C is computed the same way whatever the split).
struct GemmPlan<'a> {
    a: &'a [f32],
    al: &'a crate::tensor::Layout,
    b: &'a [f32],
    bl: &'a crate::tensor::Layout,
    batches: usize,
    m: usize,
    k: usize,
    n: usize,
}

impl<'a> GemmPlan<'a> {
    fn new(
        (a, al): (&'a [f32], &'a crate::tensor::Layout),
        (b, bl): (&'a [f32], &'a crate::tensor::Layout),
        batches: usize,
        m: usize,
        k: usize,
        n: usize,
    ) -> Result<GemmPlan<'a>> {
        let fits = |data: &[f32], l: &crate::tensor::Layout, rows: usize, cols: usize| {
            let r = l.shape.len();
            r >= 2
                && l.shape[r - 2] == rows
                && l.shape[r - 1] == cols
                && l.shape[..r - 2].iter().product::<usize>() == batches
                && l.storage_extent() <= data.len()
        };
        if !fits(a, al, m, k) || !fits(b, bl, k, n) {
            return Err(TensorError::runtime("internal: GEMM operands do not match"));
        }
        Ok(GemmPlan {
            a,
            al,
            b,
            bl,
            batches,
            m,
            k,
            n,
        })
    }

    /// Fills `c` (`batches * m * n` elements, row-major) with `A·B`, plus `bias` (length n) on every row
    /// when given. The elements of `c` may be uninitialised: the GEMM writes them without reading (beta = 0).
    /// Rows go to the GEMM in blocks of about [`BLOCK_MACS`] multiply-adds, and the run's deadline is looked
    /// at between blocks: returns false, with `c` only partly written, when it passed.
    #[must_use = "false means the deadline passed and `c` is not fully written"]
    fn run<E: Send>(&self, c: &mut [E], bias: Option<&[f32]>) -> bool {
        const {
            assert!(std::mem::size_of::<E>() == std::mem::size_of::<f32>());
        }
        let (m, k, n) = (self.m, self.k, self.n);
        if n == 0 || m == 0 || c.len() < self.batches * m * n {
            return true;
        }
        if m == 1 || n == 1 {
            return self.run_gemv(c, bias);
        }
        // The deadline and interrupt are the calling thread's settings; the worker threads get them
        // through the closure.
        let run = settings::active();
        let stopped = AtomicBool::new(false);
        // Each GEMM call packs all of B again, so a block is never thinner than MIN_BLOCK_ROWS rows (the
        // packing then costs under 2% of the block's arithmetic), and at the paper's sizes one call takes
        // every row, as it did before blocks.
        let block_rows = (BLOCK_MACS / k.max(1).saturating_mul(n)).max(MIN_BLOCK_ROWS);
        let (ra, rb) = (self.al.shape.len(), self.bl.shape.len());
        let (ars, acs) = (
            self.al.strides[ra - 2] as isize,
            self.al.strides[ra - 1] as isize,
        );
        let (brs, bcs) = (
            self.bl.strides[rb - 2] as isize,
            self.bl.strides[rb - 1] as isize,
        );
        // At least ~256k multiply-adds per thread before splitting.
        let grain = ((1usize << 18) / k.max(1)).max(n);
        parallel::for_chunks(c, n, grain, |start, chunk| {
            let first_row = start / n;
            let rows = chunk.len() / n;
            let mut r = first_row;
            while r < first_row + rows {
                if r > first_row && (stopped.load(Ordering::Relaxed) || run.must_stop()) {
                    stopped.store(true, Ordering::Relaxed);
                    return;
                }
                let (batch, row) = (r / m, r % m);
                let here = (m - row).min(first_row + rows - r).min(block_rows);
                let ao = batch_offset(self.al, batch) + row * self.al.strides[ra - 2];
                let bo = batch_offset(self.bl, batch);
                let co = (r - first_row) * n;
                // SAFETY: `new` checked that both views, batch dims included, lie inside their storage, so
                // rows `row..row + here` of batch `batch` of A and the whole of B[batch] are readable; C
                // rows `r..r + here` are inside `chunk` (E is f32 or MaybeUninit<f32>, same layout), and
                // with beta == 0 matrixmultiply does not read C.
                unsafe {
                    matrixmultiply::sgemm(
                        here,
                        k,
                        n,
                        1.0,
                        self.a.as_ptr().add(ao),
                        ars,
                        acs,
                        self.b.as_ptr().add(bo),
                        brs,
                        bcs,
                        0.0,
                        chunk.as_mut_ptr().add(co).cast::<f32>(),
                        n as isize,
                        1,
                    );
                }
                if let Some(bias) = bias {
                    // SAFETY: the GEMM just wrote these `here * n` elements, so they are initialised f32s.
                    let rows = unsafe {
                        std::slice::from_raw_parts_mut(
                            chunk.as_mut_ptr().add(co).cast::<f32>(),
                            here * n,
                        )
                    };
                    add_bias_rows(rows, bias);
                }
                r += here;
            }
        });
        !stopped.load(Ordering::Relaxed)
    }
}

impl GemmPlan<'_> {
    /// [`GemmPlan::run`] when A has one row or B one column: every element of C is a dot product of the
    /// vector (A's row or B's column) with a row or column of the other operand, which
    /// [`kernels::gemv::gemv`] reads in place, in the GEMM's order (the same bits as `sgemm`, without
    /// packing the matrix first). The elements are split between threads.
    fn run_gemv<E: Send>(&self, c: &mut [E], bias: Option<&[f32]>) -> bool {
        let (m, k, n) = (self.m, self.k, self.n);
        let (ra, rb) = (self.al.shape.len(), self.bl.shape.len());
        let (ars, acs) = (self.al.strides[ra - 2], self.al.strides[ra - 1]);
        let (brs, bcs) = (self.bl.strides[rb - 2], self.bl.strides[rb - 1]);
        // Per batch: `len` outputs; output t is Σ_p u[p·us] · v[t·vt + p·vp].
        // The vector's and the matrix's layout and data.
        let (len, us, vt, vp) = if n == 1 {
            (m, brs, ars, acs)
        } else {
            (n, acs, bcs, brs)
        };
        let ((ul, u_data), (vl, v_data)) = if n == 1 {
            ((self.bl, self.b), (self.al, self.a))
        } else {
            ((self.al, self.a), (self.bl, self.b))
        };
        let total = self.batches * len;
        let run = settings::active();
        let stopped = AtomicBool::new(false);
        let fma = kernels::gemv::gemm_uses_fma();
        // At least ~256k multiply-adds per thread, and the deadline looked at every ~64M.
        let grain = ((1usize << 18) / k.max(1)).max(1);
        let piece = (BLOCK_MACS / 16 / k.max(1)).max(1);
        parallel::for_chunks(&mut c[..total], 1, grain, |start, chunk| {
            // SAFETY: E is f32 or MaybeUninit<f32> (same layout); the zeros make every element an
            // initialised f32 before the slice of f32 is formed.
            let chunk = unsafe {
                let ptr = chunk.as_mut_ptr().cast::<f32>();
                std::ptr::write_bytes(ptr, 0, chunk.len());
                std::slice::from_raw_parts_mut(ptr, chunk.len())
            };
            let mut u = Vec::with_capacity(k);
            let mut u_batch = usize::MAX;
            let mut o = start;
            while o < start + chunk.len() {
                if o > start && (stopped.load(Ordering::Relaxed) || run.must_stop()) {
                    stopped.store(true, Ordering::Relaxed);
                    return;
                }
                let (batch, t0) = (o / len, o % len);
                let here = (len - t0).min(start + chunk.len() - o).min(piece);
                let (u_at, v_at) = (batch_offset(ul, batch), batch_offset(vl, batch));
                if batch != u_batch {
                    u.clear();
                    u.extend(
                        (0..k).map(|p| u_data.get(u_at + p * us).copied().unwrap_or(f32::NAN)),
                    );
                    u_batch = batch;
                }
                let out = &mut chunk[o - start..o - start + here];
                let v = v_data.get(v_at + t0 * vt..).unwrap_or(&[]);
                kernels::gemv::gemv(out, &u, v, vt, vp, fma);
                if let Some(bias) = bias {
                    // The bias has n elements: one per output when A is a row, one in all when B is a
                    // column.
                    for (i, y) in out.iter_mut().enumerate() {
                        *y += bias[if n == 1 { 0 } else { t0 + i }];
                    }
                }
                o += here;
            }
        });
        !stopped.load(Ordering::Relaxed)
    }
}

/// Multiply-adds one GEMM call does before the deadline is looked at again (a tenth of a second or so).
const BLOCK_MACS: usize = 1 << 30;

/// The fewest rows of A one GEMM call takes (see `GemmPlan::run`).
const MIN_BLOCK_ROWS: usize = 64;

/// Adds `bias` to every row of `rows` (rows of `bias.len()` elements). Compiled for several instruction
/// sets and picked at run time (see `tools/portable/check.sh`).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
fn add_bias_rows(rows: &mut [f32], bias: &[f32]) {
    if bias.is_empty() {
        return;
    }
    for row in rows.chunks_exact_mut(bias.len()) {
        for (y, &b) in row.iter_mut().zip(bias) {
            *y += b;
        }
    }
}

/// Operands whose matrix dims have stride 0 (expanded rows or columns) are copied, since a GEMM needs
/// non-overlapping matrices; batch dims with stride 0 are fine (they just repeat a matrix).
fn gemm_ready(t: &Tensor) -> Tensor {
    let r = t.ndim();
    let overlapping = (r >= 2 && t.strides()[r - 2] == 0 && t.shape()[r - 2] > 1)
        || (r >= 1 && t.strides()[r - 1] == 0 && t.shape()[r - 1] > 1);
    if overlapping || t.dtype() != DType::Float32 {
        t.to_dtype(DType::Float32).deep_copy()
    } else {
        t.clone()
    }
}

/// Storage offset of the `batch`-th matrix (row-major over the leading dims).
fn batch_offset(l: &crate::tensor::Layout, batch: usize) -> usize {
    let r = l.shape.len();
    let mut rem = batch;
    let mut off = l.offset;
    for d in (0..r.saturating_sub(2)).rev() {
        let size = l.shape[d].max(1);
        off += (rem % size) * l.strides[d];
        rem /= size;
    }
    off
}

impl Tensor {
    /// Runs `f` with the raw float32 storage and this tensor's layout.
    pub(crate) fn with_storage_f32<R>(
        &self,
        f: impl FnOnce(&[f32], &crate::tensor::Layout) -> R,
    ) -> Result<R> {
        self.with_raw::<f32, R>(f)
    }
}

/// `torch.dot(a, b)`: the 0-d inner product of two 1-D tensors.
pub fn dot(a: &Tensor, b: &Tensor) -> Result<Tensor> {
    if a.ndim() != 1 || b.ndim() != 1 {
        return Err(TensorError::RankMismatch {
            op: "dot",
            lhs: a.shape().to_vec(),
            rhs: b.shape().to_vec(),
        });
    }
    a.matmul(b)
}

/// `torch.mv(matrix, vector)`: a 2-D tensor times a 1-D tensor.
pub fn mv(matrix: &Tensor, vector: &Tensor) -> Result<Tensor> {
    if matrix.ndim() != 2 || vector.ndim() != 1 {
        return Err(TensorError::RankMismatch {
            op: "mv",
            lhs: matrix.shape().to_vec(),
            rhs: vector.shape().to_vec(),
        });
    }
    matrix.matmul(vector)
}

/// `addmm`'s checks, in ATen's order: dtypes, ranks, shapes, then `input` expanded to the product's shape.
pub fn check_addmm(input: &Tensor, mat1: &Tensor, mat2: &Tensor) -> Result<()> {
    for (what, t) in [("self", input), ("mat1", mat1)] {
        if t.dtype() != mat2.dtype() {
            return Err(TensorError::runtime(format!(
                "{what} and mat2 must have the same dtype, but got {} and {}",
                t.dtype().scalar_type_name(),
                mat2.dtype().scalar_type_name()
            )));
        }
    }
    for (what, t) in [("self", mat1), ("mat2", mat2)] {
        if t.ndim() != 2 {
            return Err(TensorError::runtime(format!(
                "addmm: {what} must be a matrix, got {}-D tensor",
                t.ndim()
            )));
        }
    }
    let (a, b) = (mat1.shape(), mat2.shape());
    if a[1] != b[0] {
        return Err(TensorError::runtime(format!(
            "addmm: mat1 and mat2 shapes cannot be multiplied ({}x{} and {}x{})",
            a[0], a[1], b[0], b[1]
        )));
    }
    input.expand(&[a[0] as i64, b[1] as i64])?;
    Ok(())
}

/// `input.addmm(mat1, mat2)`: `input + mat1 @ mat2` (the product rounded first, then the sum).
pub fn addmm(input: &Tensor, mat1: &Tensor, mat2: &Tensor) -> Result<Tensor> {
    check_addmm(input, mat1, mat2)?;
    let product = mat1.mm(mat2)?;
    binary(
        BinaryOp::Add,
        Operand::Tensor(input),
        Operand::Tensor(&product),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(shape: &[usize], seed: u32) -> Tensor {
        let n: usize = shape.iter().product();
        let mut state = seed.wrapping_mul(2_654_435_761).max(1);
        let data: Vec<f32> = (0..n)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                (state % 2001) as f32 / 1000.0 - 1.0
            })
            .collect();
        Tensor::from_vec(data, shape).unwrap()
    }

    fn bits(t: &Tensor) -> Vec<u32> {
        t.to_vec::<f32>().iter().map(|v| v.to_bits()).collect()
    }

    #[test]
    fn the_fused_bias_gives_matmul_then_add_bit_for_bit() {
        for threads in [1, 2, 3] {
            let _threads = crate::tensor::settings::Settings {
                num_threads: threads,
                ..Default::default()
            }
            .enter();
            for (lead, k, n) in [
                (vec![5usize], 7usize, 3usize),
                (vec![4, 128], 64, 96),
                (vec![2, 300], 33, 130),
                (vec![0], 4, 5),
                (vec![3], 0, 4),
            ] {
                let mut xs = lead.clone();
                xs.push(k);
                let x = filled(&xs, 1);
                // A transposed weight, as Linear passes it.
                let w = filled(&[n, k], 2);
                let wt = w.t().unwrap();
                let b = filled(&[n], 3);
                let fused = x.matmul_add_bias(&wt, &b).unwrap();
                let y = x.matmul(&wt).unwrap();
                let two_ops =
                    binary(BinaryOp::Add, Operand::Tensor(&y), Operand::Tensor(&b)).unwrap();
                assert_eq!(fused.shape(), two_ops.shape(), "{lead:?} {k} {n}");
                assert_eq!(
                    bits(&fused),
                    bits(&two_ops),
                    "{lead:?} {k} {n} at {threads} threads"
                );
            }
            // A non-contiguous input and a bias that only broadcasts take the general path, same result.
            let x = filled(&[6, 40], 4).t().unwrap();
            let w = filled(&[9, 6], 5);
            let b = filled(&[1, 9], 6);
            let fused = x.matmul_add_bias(&w.t().unwrap(), &b).unwrap();
            let y = x.matmul(&w.t().unwrap()).unwrap();
            let two_ops = binary(BinaryOp::Add, Operand::Tensor(&y), Operand::Tensor(&b)).unwrap();
            assert_eq!(bits(&fused), bits(&two_ops));
        }
    }
}
