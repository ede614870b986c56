//! The order in which PyTorch's TensorIterator walks the elements a reduction combines, for reductions
//! whose float results show that order (`prod`): its `reorder_dimensions` (reduced dims innermost, sorted
//! by stride, a pair it cannot order left in place) and `coalesce_dimensions`.

use super::reduce::{Rows, reduced_dims, reduced_shape};
use crate::tensor::Tensor;
use crate::tensor::error::Result;
use crate::tensor::kernels::{Block2d, CascadeFloat, thread_chunks};
use crate::tensor::layout::stride_vote;
use crate::tensor::parallel::GRAIN;
use crate::tensor::storage::Element;

/// The reduced elements of each output in the order PyTorch's TensorIterator walks them (its
/// `reorder_dimensions`: reduced dims innermost, ordered by their strides, then `coalesce_dimensions`),
/// for reductions whose float order shows (`prod`). Also returns the length of the innermost run of the
/// walk, whether that run's elements are adjacent in memory, and whether the reduction has one output.
pub(super) fn iteration_rows<T: Element>(
    t: &Tensor,
    dims: Option<&[i64]>,
    keepdim: bool,
) -> Result<(Rows<T>, usize, bool, bool)> {
    let n = t.ndim();
    let reduce = reduced_dims(n, dims)?;
    let (shape, strides) = (t.shape(), t.strides());
    // Iterator dim 0 is the innermost; TensorIterator starts from the tensor's dims reversed and
    // insertion-sorts them by stride (`layout::stride_order`).
    let perm = crate::tensor::layout::stride_order(
        shape,
        strides,
        (0..n)
            .rev()
            .filter(|&d| reduce[d] && shape[d] != 1)
            .collect(),
    );
    // The innermost run: the first dims that coalesce (each one's stride is the run so far).
    let (mut run, run_stride) = perm.first().map_or((1, 1), |&d| (shape[d], strides[d]));
    for &d in perm.iter().skip(1) {
        if strides[d] != run_stride * run {
            break;
        }
        run *= shape[d];
    }
    let mut order: Vec<i64> = (0..n).filter(|&d| !reduce[d]).map(|d| d as i64).collect();
    order.extend(
        (0..n)
            .filter(|&d| reduce[d] && shape[d] == 1)
            .map(|d| d as i64),
    );
    order.extend(perm.iter().rev().map(|&d| d as i64));
    let row_len: usize = (0..n).filter(|&d| reduce[d]).map(|d| shape[d]).product();
    let single = (0..n).all(|d| reduce[d] || shape[d] == 1);
    // Half and bfloat16 are read as float (each element widened exactly), in the walk's order.
    let rows = Rows::new(
        t.permute(&order)?,
        row_len,
        reduced_shape(shape, &reduce, keepdim),
    );
    Ok((rows, run, run_stride == 1, single))
}

/// TensorIterator's walk of a reduction (`TensorIterator::reduce_op(out, in)`): its dims innermost
/// first after `reorder_dimensions` (reduced dims first, each pair ordered by the output's strides, then
/// the input's) and `coalesce_dimensions`, with the input's strides and the output's (contiguous over the
/// kept dims, 0 on the reduced ones), in elements.
#[derive(Clone, Debug)]
pub(super) struct ReduceWalk {
    shape: Vec<usize>,
    inp: Vec<usize>,
    out: Vec<usize>,
}

impl ReduceWalk {
    pub(super) fn new(shape: &[usize], strides: &[usize], reduce: &[bool]) -> ReduceWalk {
        let n = shape.len();
        let mut out = vec![0usize; n];
        let mut next = 1usize;
        for d in (0..n).rev() {
            if !reduce[d] {
                out[d] = next;
                next = next.saturating_mul(shape[d].max(1));
            }
        }
        let mut perm: Vec<usize> = (0..n).rev().collect();
        if n > 1 {
            let should_swap = |d0: usize, d1: usize| -> i32 {
                // The output (operand 0) first: reduced dims (stride 0) go innermost.
                if (out[d0] == 0) != (out[d1] == 0) {
                    return if out[d1] == 0 { 1 } else { -1 };
                }
                stride_vote(shape, &out, d0, d1)
                    .or_else(|| stride_vote(shape, strides, d0, d1))
                    .unwrap_or(0)
            };
            crate::tensor::layout::sort_dims(&mut perm, should_swap);
        }
        let mut walk = ReduceWalk {
            shape: perm.iter().map(|&d| shape[d]).collect(),
            inp: perm.iter().map(|&d| strides[d]).collect(),
            out: perm.iter().map(|&d| out[d]).collect(),
        };
        walk.coalesce();
        walk
    }

    /// `coalesce_dimensions`: adjacent dims merge when either has size 1 or, for both operands, the
    /// outer one's stride is the inner one's stride times its size.
    fn coalesce(&mut self) {
        let n = self.shape.len();
        if n <= 1 {
            return;
        }
        let mut prev = 0;
        for dim in 1..n {
            let (s0, s1) = (self.shape[prev], self.shape[dim]);
            let fits = |st: &[usize]| st[prev].saturating_mul(s0) == st[dim];
            if s0 == 1 || s1 == 1 || (fits(&self.inp) && fits(&self.out)) {
                if s0 == 1 {
                    self.inp[prev] = self.inp[dim];
                    self.out[prev] = self.out[dim];
                }
                self.shape[prev] *= s1;
            } else {
                prev += 1;
                if prev != dim {
                    self.inp[prev] = self.inp[dim];
                    self.out[prev] = self.out[dim];
                    self.shape[prev] = s1;
                }
            }
        }
        self.shape.truncate(prev + 1);
        self.inp.truncate(prev + 1);
        self.out.truncate(prev + 1);
    }

    fn numel(&self) -> usize {
        self.shape.iter().product()
    }

    fn is_dim_reduced(&self, d: usize) -> bool {
        self.out[d] == 0 && self.shape[d] > 1
    }

    /// `serial_for_each` over the walk's linear positions `begin..end` (`DimCounter`): one 2-d block
    /// per call, as long as the position allows in the first two dims.
    fn serial(
        &self,
        begin: usize,
        end: usize,
        in_at: usize,
        out_at: usize,
        f: &mut impl FnMut(Block2d),
    ) {
        let n = self.shape.len();
        if begin >= end {
            return;
        }
        if n <= 1 {
            let (i0, o0) = (
                self.inp.first().copied().unwrap_or(0),
                self.out.first().copied().unwrap_or(0),
            );
            f(Block2d {
                size: [end - begin, 1],
                in_strides: [i0, 0],
                out_strides: [o0, 0],
                in_at: in_at + begin * i0,
                out_at: out_at + begin * o0,
            });
            return;
        }
        let mut values = vec![0usize; n];
        let mut linear = begin;
        for (v, &size) in values.iter_mut().zip(&self.shape) {
            if size > 0 {
                *v = linear % size;
                linear /= size;
            }
        }
        let mut offset = begin;
        while offset < end {
            let at = |st: &[usize]| values.iter().zip(st).map(|(v, s)| v * s).sum::<usize>();
            let step0 = (self.shape[0] - values[0]).min(end - offset);
            let step1 = if step0 == self.shape[0] {
                (self.shape[1] - values[1]).min((end - offset) / self.shape[0])
            } else {
                1
            };
            f(Block2d {
                size: [step0, step1],
                in_strides: [self.inp[0], self.inp[1]],
                out_strides: [self.out[0], self.out[1]],
                in_at: in_at + at(&self.inp),
                out_at: out_at + at(&self.out),
            });
            offset += step0 * step1;
            let (mut i, mut overflow) = if step1 != 1 { (1, step1) } else { (0, step0) };
            while i < n && overflow > 0 {
                let value = values[i] + overflow;
                if value >= self.shape[i] {
                    overflow = 1;
                    values[i] = value - self.shape[i];
                } else {
                    overflow = 0;
                    values[i] = value;
                }
                i += 1;
            }
        }
    }
}

/// `cascade_sum` (SumKernel.cpp) of a float32 or float64 tensor over the reduced dims, as
/// `parallel_reduce` runs it at `threads` threads: serially below 32768 elements; for one output,
/// `two_pass_reduction` (each thread's range of the walk summed into its own slot, the slots summed);
/// otherwise `parallel_dim_reduction` (the walk cut along one kept dim, contiguous columns rounded to
/// 128 bytes, which decides where `vectorized_outer_sum`'s blocks of columns begin). The outputs come back
/// in row-major order of the kept dims.
fn cascade_sum<T: CascadeFloat + Element>(
    t: &Tensor,
    reduce: &[bool],
    threads: usize,
) -> Result<Vec<T>> {
    let block = T::block;
    let walk = ReduceWalk::new(t.shape(), t.strides(), reduce);
    let out_numel: usize = (0..t.ndim())
        .filter(|&d| !reduce[d])
        .map(|d| t.shape()[d])
        .product();
    let numel = walk.numel();
    let mut out = vec![T::default(); out_numel];
    if numel == 0 || out_numel == 0 {
        return Ok(out);
    }
    t.with_raw::<T, _>(|data, l| {
        let base = l.offset;
        let run =
            |o: &mut [T], w: &ReduceWalk, begin: usize, end: usize, in_at: usize, out_at: usize| {
                w.serial(begin, end, in_at, out_at, &mut |b| block(data, o, b));
            };
        if numel < GRAIN || threads <= 1 {
            run(&mut out, &walk, 0, numel, base, 0);
        } else if out_numel == 1 {
            let chunks = thread_chunks(numel, GRAIN, threads);
            let mut slots = vec![T::default(); threads.max(1)];
            for (slot, &(b, e)) in slots.chunks_mut(1).zip(&chunks) {
                run(slot, &walk, b, e, base, 0);
            }
            let whole = ReduceWalk {
                shape: vec![slots.len()],
                inp: vec![1],
                out: vec![0],
            };
            whole.serial(0, slots.len(), 0, 0, &mut |b| block(&slots, &mut out, b));
        } else {
            let dim = walk.split_dim(threads);
            let cols = walk.shape[dim];
            let multiple = 128 / std::mem::size_of::<T>();
            for (mut b, mut e) in thread_chunks(cols, 1, threads) {
                if walk.inp[dim] == 1 {
                    b -= b % multiple;
                    if e != cols {
                        e -= e % multiple;
                    }
                }
                if b == e {
                    continue;
                }
                let mut sub = walk.clone();
                sub.shape[dim] = e - b;
                let n = sub.numel();
                run(
                    &mut out,
                    &sub,
                    0,
                    n,
                    base + b * walk.inp[dim],
                    b * walk.out[dim],
                );
            }
        }
    })?;
    Ok(out)
}

/// `sum`/`mean` of a float32 or float64 tensor over the reduced dims at `torch.get_num_threads()`
/// ([`cascade_sum`]); the mean is CPU `mean_out`'s `sum_out(...).div_(n)`, `n` the count of reduced
/// elements in the tensor's type.
pub(super) fn sum_or_mean<T: CascadeFloat + Element>(
    t: &Tensor,
    reduce: &[bool],
    keepdim: bool,
    mean: bool,
) -> Result<Tensor> {
    let threads = crate::tensor::settings::num_threads();
    let mut sums = cascade_sum::<T>(t, reduce, threads)?;
    if mean {
        let k: usize = (0..t.ndim())
            .filter(|&d| reduce[d])
            .map(|d| t.shape()[d])
            .product();
        let k = T::count(k);
        sums.iter_mut().for_each(|v| *v /= k);
    }
    Tensor::from_vec(sums, &reduced_shape(t.shape(), reduce, keepdim))
}

impl ReduceWalk {
    /// `find_split_dim`: the outermost kept dim with at least `threads` positions, else the largest.
    fn split_dim(&self, threads: usize) -> usize {
        let n = self.shape.len();
        let mut best = n - 1;
        for dim in (0..n).rev() {
            if self.is_dim_reduced(dim) {
                break;
            }
            if self.shape[dim] >= threads {
                return dim;
            }
            if self.shape[dim] > self.shape[best] {
                best = dim;
            }
        }
        best
    }
}

/// `cpu_kernel_vec`'s walk of a unary float32 op over `x` where TensorIterator's general path runs it
/// (`reorder_dimensions` by the input's strides, `coalesce_dimensions`; a dense tensor becomes one run
/// in memory order), cut as `for_each` cuts it at `threads` threads with `grain`: `run` (the vectorised
/// loop: blocks from the start of each run, then a scalar tail) on each row of a 2-d block whose input
/// is contiguous or one broadcast value, `scalar` (`basic_loop`) on rows with any other stride. The
/// result has `x`'s shape.
pub(super) fn unary_walk_f32(
    x: &Tensor,
    grain: usize,
    threads: usize,
    run: fn(&mut [f32]),
    scalar: fn(&mut [f32]),
) -> Result<Tensor> {
    let n = x.ndim();
    let perm = crate::tensor::layout::stride_order(x.shape(), x.strides(), (0..n).rev().collect());
    let shape: Vec<usize> = perm.iter().map(|&d| x.shape()[d]).collect();
    let mut out = Vec::with_capacity(n);
    let mut next = 1usize;
    for &s in &shape {
        out.push(next);
        next = next.saturating_mul(s.max(1));
    }
    let mut walk = ReduceWalk {
        inp: perm.iter().map(|&d| x.strides()[d]).collect(),
        shape: shape.clone(),
        out,
    };
    walk.coalesce();
    let numel = walk.numel();
    let mut values = vec![0.0f32; numel];
    x.with_raw::<f32, _>(|data, l| {
        let chunks = if numel < grain || threads <= 1 {
            vec![(0, numel)]
        } else {
            thread_chunks(numel, grain, threads)
        };
        for (b, e) in chunks {
            walk.serial(b, e, l.offset, 0, &mut |blk| {
                for j in 0..blk.size[1] {
                    let at = blk.in_at + j * blk.in_strides[1];
                    let to = blk.out_at + j * blk.out_strides[1];
                    let row = &mut values[to..to + blk.size[0]];
                    for (i, v) in row.iter_mut().enumerate() {
                        *v = data[at + i * blk.in_strides[0]];
                    }
                    if blk.in_strides[0] <= 1 {
                        run(row);
                    } else {
                        scalar(row);
                    }
                }
            });
        }
    })?;
    // `values` is dense in the walk's order (innermost first): outermost first, then back to x's dims.
    let outer_first: Vec<usize> = shape.iter().rev().copied().collect();
    let dense = Tensor::from_vec(values, &outer_first)?;
    let mut order = vec![0i64; n];
    for (k, &d) in perm.iter().enumerate() {
        order[d] = (n - 1 - k) as i64;
    }
    dense.permute(&order)
}

/// TensorIterator's walk of a binary elementwise op as `cpu_kernel_vec` runs it: the dims in the order
/// of the output's strides (`reorder_dimensions`), coalesced, cut as `for_each` cuts the range at
/// `threads` threads (grain 32768); on each row segment where the output and both inputs are
/// contiguous, or one input is a single broadcast value (`is_contiguous_scalar`), `vec` (the vectorised
/// op, given the inputs' slices and the output's; a broadcast input is a slice of one) runs on the
/// blocks of two AVX2 vectors (16 floats, 8 doubles) from the segment's start and `scalar` on the rest, elsewhere `scalar`
/// on every element (`basic_loop`). `a` and `b` must already have the compute type `T`.
pub(super) fn binary_walk<T: Element + Copy + Default + Send + Sync>(
    a: &Tensor,
    b: &Tensor,
    shape: &[usize],
    threads: usize,
    vec: impl Fn(&[T], &[T], &mut [T]) + Sync,
    scalar: impl Fn(T, T) -> T + Sync,
) -> Result<Tensor> {
    let (a, b) = (a.broadcast_to(shape)?, b.broadcast_to(shape)?);
    let n = shape.len();
    let out_strides = crate::tensor::layout::iter_output_strides(
        shape,
        &[(a.shape(), a.strides()), (b.shape(), b.strides())],
    )
    .unwrap_or_else(|| crate::tensor::layout::contiguous_strides(shape));
    let perm = crate::tensor::layout::stride_order(shape, &out_strides, (0..n).rev().collect());
    // Coalesced dims, innermost first: (size, [a stride, b stride]); the output is dense in this order.
    let mut dims: Vec<(usize, [usize; 2])> = Vec::new();
    for &d in &perm {
        let (size, st) = (shape[d], [a.strides()[d], b.strides()[d]]);
        match dims.last_mut() {
            Some(last) if last.0 == 1 => *last = (size, st),
            Some(_) if size == 1 => {}
            Some(last) if (0..2).all(|k| last.1[k] * last.0 == st[k]) => last.0 *= size,
            _ => dims.push((size, st)),
        }
    }
    if dims.is_empty() {
        dims.push((1, [0, 0]));
    }
    let numel: usize = shape.iter().product();
    let mut values = vec![T::default(); numel];
    a.with_raw::<T, _>(|ad, al| {
        b.with_raw::<T, _>(|bd, bl| {
            let chunks = if numel < GRAIN || threads <= 1 {
                vec![(0, numel)]
            } else {
                thread_chunks(numel, GRAIN, threads)
            };
            let (size0, [sa, sb]) = dims[0];
            let vectorised = matches!((sa, sb), (1, 1) | (0, 1) | (1, 0));
            // Two 256-bit vectors a step: 16 floats, 8 doubles.
            let block = 64 / std::mem::size_of::<T>();
            crate::tensor::parallel::for_ranges_at(&mut values, &chunks, |begin, part| {
                let end = begin + part.len();
                let mut pos = begin;
                while pos < end {
                    // The element offsets of `pos` in each input.
                    let (mut rest, mut oa, mut ob) = (pos, al.offset, bl.offset);
                    for &(size, [ta, tb]) in &dims {
                        let i = rest % size;
                        rest /= size;
                        oa += i * ta;
                        ob += i * tb;
                    }
                    let seg = (size0 - pos % size0).min(end - pos);
                    let head = if vectorised { seg - seg % block } else { 0 };
                    let out = &mut part[pos - begin..pos - begin + seg];
                    if head > 0 {
                        // A broadcast operand is passed as its one value.
                        let x = &ad[oa..oa + if sa == 1 { head } else { 1 }];
                        let y = &bd[ob..ob + if sb == 1 { head } else { 1 }];
                        vec(x, y, &mut out[..head]);
                    }
                    for (j, v) in out.iter_mut().enumerate().skip(head) {
                        *v = scalar(ad[oa + j * sa], bd[ob + j * sb]);
                    }
                    pos += seg;
                }
            });
        })
    })??;
    let outer_first: Vec<usize> = perm.iter().rev().map(|&d| shape[d]).collect();
    let dense = Tensor::from_vec(values, &outer_first)?;
    let mut order = vec![0i64; n];
    for (k, &d) in perm.iter().enumerate() {
        order[d] = (n - 1 - k) as i64;
    }
    dense.permute(&order)
}
