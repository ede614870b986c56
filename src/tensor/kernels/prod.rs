//! `torch.prod` of floating-point tensors: `prod_kernel_impl` (`ReduceOpsKernel.cpp`) runs
//! `binary_kernel_reduce_vec` (`Reduce.h`), whose order of multiplications shows in the last bits of
//! any product of more than `4 * lanes` elements (32 float32, 16 float64 with AVX2's 256-bit vectors).
//!
//! - A run of adjacent elements (`vectorized_inner_reduction`): four vector accumulators start from the
//!   first `4 * lanes` elements and multiply in each following block lane by lane; they are combined as
//!   `(a0 * a1) * (a2 * a3)`, the lanes of that folded left to right, and the result multiplied into the
//!   output; the elements after the last whole block are multiplied in one by one.
//! - Elements that are not adjacent (a strided run) are multiplied in one by one, in order.
//! - A product with one output over more than 32768 elements and more than one thread
//!   (`two_pass_reduction`): each thread's chunk of the iteration goes into its own slot, starting at 1,
//!   and the slots are multiplied into the output in thread order.
//!
//! Float16 and bfloat16 multiply as float and round after every product (`Vectorized<Half>` converts
//! each operation to float and back; it holds 16 lanes). `mul` carries that rounding.

use super::vec::{GRAIN_SIZE, thread_chunks};

/// `vectorized_inner_reduction` of one contiguous run, multiplied into `acc`.
pub fn prod_run<T: Copy>(acc: T, run: &[T], lanes: usize, mul: impl Fn(T, T) -> T) -> T {
    let lanes = lanes.max(1);
    let block = 4 * lanes;
    let count = run.len() / block;
    let mut acc = acc;
    if count > 0 {
        let mut accs: Vec<T> = run[..block].to_vec();
        for b in run[block..count * block].chunks_exact(block) {
            for (a, &x) in accs.iter_mut().zip(b) {
                *a = mul(*a, x);
            }
        }
        let lane = |l: usize| {
            mul(
                mul(accs[l], accs[lanes + l]),
                mul(accs[2 * lanes + l], accs[3 * lanes + l]),
            )
        };
        let folded = (1..lanes).fold(lane(0), |r, l| mul(r, lane(l)));
        acc = mul(acc, folded);
    }
    run[count * block..].iter().fold(acc, |a, &x| mul(a, x))
}

/// The product of `row` (one output's elements in TensorIterator's order), cut into runs of `run_len`
/// elements, each adjacent in memory when `contiguous`; `one` is 1 in `T`.
fn prod_runs<T: Copy>(
    acc: T,
    row: &[T],
    offset: usize,
    run_len: usize,
    contiguous: bool,
    lanes: usize,
    mul: &impl Fn(T, T) -> T,
) -> T {
    if !contiguous {
        return row.iter().fold(acc, |a, &x| mul(a, x));
    }
    let run_len = run_len.max(1);
    let mut acc = acc;
    let mut i = 0;
    while i < row.len() {
        // A chunk may start inside a run: its first piece ends where that run ends.
        let end = (i + run_len - (offset + i) % run_len).min(row.len());
        acc = prod_run(acc, &row[i..end], lanes, mul);
        i = end;
    }
    acc
}

/// The product of one output's elements `row`, given in TensorIterator's order, as runs of `run_len`
/// (adjacent in memory when `contiguous`). `single` is true when the reduction has one output, which
/// torch splits between `threads` threads from `GRAIN_SIZE` elements on.
#[allow(clippy::too_many_arguments)]
pub fn prod_row<T: Copy>(
    row: &[T],
    run_len: usize,
    contiguous: bool,
    single: bool,
    threads: usize,
    lanes: usize,
    one: T,
    mul: impl Fn(T, T) -> T,
) -> T {
    let threads = threads.clamp(1, 1024);
    if !single || threads == 1 || row.len() < GRAIN_SIZE {
        return prod_runs(one, row, 0, run_len, contiguous, lanes, &mul);
    }
    thread_chunks(row.len(), GRAIN_SIZE, threads)
        .into_iter()
        .map(|(b, e)| prod_runs(one, &row[b..e], b, run_len, contiguous, lanes, &mul))
        .fold(one, &mul)
}
