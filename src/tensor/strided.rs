//! The engine's one loop nest: walking N strided operands, broadcast to a common shape, in row-major order
//! of that shape, one contiguous "run" of the innermost dimension at a time (PyTorch's TensorIterator in
//! miniature). Size-1 dims are dropped and neighbouring dims that are contiguous for every operand are
//! merged, so a contiguous tensor is one long run and a bias broadcast over rows is one run per row.
//! Kernels then only see `(out position, length, operand offsets, operand inner strides)` and can special-
//! case the strides 1 and 0 that vectorise.
//!
//! Measured against ndarray's `Zip` over the same views (benches/ndarray_paths), this walk is 1.4 to 4
//! times faster for copies and broadcast binary ops, so they stay here; the order-free reductions (integer
//! sums, all/any), where ndarray's `fold_axis`/`map_axis` need no permuted copy, run on ndarray
//! (`ops/reduce.rs`).

use std::mem::MaybeUninit;

use super::error::{Result, TensorError};
use super::layout::Layout;
use super::parallel;
use super::storage::Element;

/// A walk over `N` operands broadcast to one output shape.
pub struct Runs<const N: usize> {
    /// Coalesced dims, innermost last; never empty (a 0-d output is one run of one element).
    shape: Vec<usize>,
    /// Per coalesced dim, each operand's stride (0 where it is broadcast).
    strides: Vec<[usize; N]>,
    offsets: [usize; N],
    numel: usize,
}

impl<const N: usize> Runs<N> {
    /// Plans the walk. Each layout must broadcast to `out_shape` (a layout's size-1 dims and missing leading
    /// dims repeat), and `lens[k]` is the length of operand `k`'s storage: a layout that would read past it
    /// is refused here, so the kernels can index without further checks.
    pub fn new(out_shape: &[usize], layouts: [&Layout; N], lens: [usize; N]) -> Result<Runs<N>> {
        let r = out_shape.len();
        let numel: usize = out_shape.iter().product();
        for (l, &len) in layouts.iter().zip(&lens) {
            let lr = l.shape.len();
            let fits = lr <= r
                && l.shape
                    .iter()
                    .enumerate()
                    .all(|(d, &s)| s == 1 || s == out_shape[d + r - lr]);
            if !fits {
                return Err(TensorError::runtime(format!(
                    "internal: shape {:?} does not broadcast to {:?}",
                    l.shape, out_shape
                )));
            }
            if numel > 0 && l.storage_extent() > len {
                return Err(TensorError::runtime(
                    "internal: a view reaches past the end of its storage",
                ));
            }
        }
        let mut shape: Vec<usize> = Vec::with_capacity(r.max(1));
        let mut strides: Vec<[usize; N]> = Vec::with_capacity(r.max(1));
        for (d, &size) in out_shape.iter().enumerate() {
            if size == 1 {
                continue;
            }
            let mut st = [0usize; N];
            for (k, l) in layouts.iter().enumerate() {
                let lr = l.shape.len();
                if d + lr >= r {
                    let od = d + lr - r;
                    if l.shape[od] != 1 {
                        st[k] = l.strides[od];
                    }
                }
            }
            if let (Some(last_size), Some(last)) = (shape.last_mut(), strides.last_mut())
                && (0..N).all(|k| last[k] == st[k] * size)
            {
                *last_size *= size;
                *last = st;
                continue;
            }
            shape.push(size);
            strides.push(st);
        }
        if shape.is_empty() {
            shape.push(1);
            strides.push([0; N]);
        }
        Ok(Runs {
            shape,
            strides,
            offsets: layouts.map(|l| l.offset),
            numel,
        })
    }

    pub fn numel(&self) -> usize {
        self.numel
    }

    /// Length of the innermost (coalesced) dimension: the longest run.
    pub fn inner_len(&self) -> usize {
        self.shape.last().copied().unwrap_or(1)
    }

    /// Calls `f(pos, len, offsets, inner_strides)` for every run covering output positions `start..end`:
    /// positions `pos..pos + len` read operand `k` at `offsets[k] + i * inner_strides[k]`.
    pub fn for_runs(
        &self,
        start: usize,
        end: usize,
        mut f: impl FnMut(usize, usize, [usize; N], [usize; N]),
    ) {
        let end = end.min(self.numel);
        if start >= end {
            return;
        }
        let nd = self.shape.len();
        let inner = self.shape[nd - 1];
        let inner_st = self.strides[nd - 1];
        let outer = nd - 1;
        let mut idx = [0usize; 16];
        let mut idx_vec;
        let idx: &mut [usize] = if outer <= 16 {
            &mut idx[..outer]
        } else {
            idx_vec = vec![0usize; outer];
            &mut idx_vec
        };
        let mut base = self.offsets;
        let mut rem = start / inner;
        for d in (0..outer).rev() {
            idx[d] = rem % self.shape[d];
            rem /= self.shape[d];
            for (b, st) in base.iter_mut().zip(&self.strides[d]) {
                *b += idx[d] * st;
            }
        }
        let mut j = start % inner;
        let mut pos = start;
        while pos < end {
            let len = (inner - j).min(end - pos);
            let mut offs = base;
            for (o, st) in offs.iter_mut().zip(&inner_st) {
                *o += j * st;
            }
            f(pos, len, offs, inner_st);
            pos += len;
            j = 0;
            if pos >= end {
                break;
            }
            for d in (0..outer).rev() {
                idx[d] += 1;
                for (b, st) in base.iter_mut().zip(&self.strides[d]) {
                    *b += st;
                }
                if idx[d] < self.shape[d] {
                    break;
                }
                for (b, st) in base.iter_mut().zip(&self.strides[d]) {
                    *b -= st * self.shape[d];
                }
                idx[d] = 0;
            }
        }
    }
}

// ---- the loops over runs that the elementwise ops share, compiled for several instruction sets ----

/// One chunk of `ops::elementwise::zip_map`: output positions `start..start + chunk.len()`; returns how many were
/// written. Compiled for several instruction sets and picked at run time (see `tools/portable/check.sh`).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub(crate) fn binary_chunk<T: Copy, U, F: Fn(T, T) -> U>(
    runs: &Runs<2>,
    ad: &[T],
    bd: &[T],
    start: usize,
    chunk: &mut [MaybeUninit<U>],
    f: &F,
) -> usize {
    let mut written = 0;
    runs.for_runs(
        start,
        start + chunk.len(),
        |pos, len, [oa, ob], [sa, sb]| {
            let o = &mut chunk[pos - start..pos - start + len];
            binary_run(o, ad, oa, sa, bd, ob, sb, f);
            written = pos - start + len;
        },
    );
    written
}

#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn binary_run<T: Copy, U>(
    out: &mut [MaybeUninit<U>],
    a: &[T],
    oa: usize,
    sa: usize,
    b: &[T],
    ob: usize,
    sb: usize,
    f: &impl Fn(T, T) -> U,
) {
    let n = out.len();
    match (sa, sb) {
        (1, 1) => {
            for ((o, &x), &y) in out.iter_mut().zip(&a[oa..oa + n]).zip(&b[ob..ob + n]) {
                o.write(f(x, y));
            }
        }
        (1, 0) => {
            let y = b[ob];
            for (o, &x) in out.iter_mut().zip(&a[oa..oa + n]) {
                o.write(f(x, y));
            }
        }
        (0, 1) => {
            let x = a[oa];
            for (o, &y) in out.iter_mut().zip(&b[ob..ob + n]) {
                o.write(f(x, y));
            }
        }
        _ => {
            for (i, o) in out.iter_mut().enumerate() {
                o.write(f(a[oa + i * sa], b[ob + i * sb]));
            }
        }
    }
}

/// One chunk of `ops::elementwise::masked_fill`: output positions `start..start + chunk.len()`; returns how many were
/// written. Compiled for several instruction sets and picked at run time (see `tools/portable/check.sh`).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub(crate) fn masked_fill_chunk<T: Copy>(
    runs: &Runs<2>,
    ad: &[T],
    md: &[bool],
    v: T,
    start: usize,
    chunk: &mut [MaybeUninit<T>],
) -> usize {
    let mut written = 0;
    runs.for_runs(
        start,
        start + chunk.len(),
        |pos, len, [oa, om], [sa, sm]| {
            let o = &mut chunk[pos - start..pos - start + len];
            match (sa, sm) {
                (1, 1) => {
                    for ((o, &x), &m) in o.iter_mut().zip(&ad[oa..oa + len]).zip(&md[om..om + len])
                    {
                        o.write(if m { v } else { x });
                    }
                }
                (1, 0) if md[om] => {
                    for o in o.iter_mut() {
                        o.write(v);
                    }
                }
                (1, 0) => {
                    for (o, &x) in o.iter_mut().zip(&ad[oa..oa + len]) {
                        o.write(x);
                    }
                }
                _ => {
                    for (i, o) in o.iter_mut().enumerate() {
                        o.write(if md[om + i * sm] { v } else { ad[oa + i * sa] });
                    }
                }
            }
            written = pos - start + len;
        },
    );
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offsets_of(runs: &Runs<1>, start: usize, end: usize) -> Vec<usize> {
        let mut v = Vec::new();
        runs.for_runs(start, end, |_, len, offs, st| {
            for i in 0..len {
                v.push(offs[0] + i * st[0]);
            }
        });
        v
    }

    #[test]
    fn runs_visit_a_transposed_view_in_row_major_order() {
        let l = Layout {
            shape: vec![3, 2],
            strides: vec![1, 3],
            offset: 0,
        };
        let runs = Runs::new(&[3, 2], [&l], [6]).unwrap();
        assert_eq!(offsets_of(&runs, 0, 6), vec![0, 3, 1, 4, 2, 5]);
        assert_eq!(offsets_of(&runs, 3, 5), vec![4, 2]);
    }

    #[test]
    fn contiguous_dims_merge_and_broadcast_dims_repeat() {
        let l = Layout::contiguous(&[2, 3, 4]);
        let runs = Runs::new(&[2, 3, 4], [&l], [24]).unwrap();
        assert_eq!(runs.inner_len(), 24);
        let bias = Layout::contiguous(&[4]);
        let runs = Runs::new(&[2, 3, 4], [&bias], [4]).unwrap();
        assert_eq!(runs.inner_len(), 4);
        assert_eq!(offsets_of(&runs, 2, 9), vec![2, 3, 0, 1, 2, 3, 0]);
    }

    #[test]
    fn views_past_their_storage_are_refused() {
        let l = Layout::contiguous(&[4]);
        assert!(Runs::new(&[4], [&l], [3]).is_err());
        assert!(Runs::new(&[5], [&l], [4]).is_err());
    }
}

/// The view's elements in row-major order, each passed through `f` (inlined: pass a closure), in
/// contiguous runs that the compiler vectorises; large views are split between threads. Copies, dtype
/// conversions and the elementwise unary ops all come through here.
///
/// Hand-written rather than ndarray's `Zip` over `Tensor::with_view` because it is faster here
/// (benches/ndarray_paths, one thread, bit-identical results): copying `[8,128,8,64]` read through a
/// `transpose(1, 2)` takes 124 µs against 538 µs for `Zip` into an uninitialised array and 522 µs for
/// `map_collect`, and a toy `[1,2,7,4]` 0.40 µs against 1.06 µs. `Runs` merges the dims that are
/// contiguous for every operand into one long run; ndarray's `Zip` keeps the innermost dim alone.
pub(crate) fn gather_with<S: Element, T: Element>(
    data: &[S],
    layout: &Layout,
    f: impl Fn(S) -> T + Sync,
) -> Vec<T> {
    let numel = layout.numel();
    let Ok(runs) = Runs::new(&layout.shape, [layout], [data.len()]) else {
        return layout
            .offsets()
            .map(|off| data.get(off).copied().map(&f).unwrap_or_default())
            .collect();
    };
    parallel::build_vec(numel, 1, parallel::GRAIN, |start, chunk| {
        gather_chunk(&runs, data, start, chunk, &f)
    })
}

/// One chunk of [`gather_with`]: output positions `start..start + chunk.len()`; returns how many were
/// written. Compiled for several instruction sets and picked at run time, so the copy loops use the CPU's
/// widest vectors while the binary still runs on any x86-64 (see `tools/portable/check.sh`).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
fn gather_chunk<S: Element, T: Element, F: Fn(S) -> T>(
    runs: &Runs<1>,
    data: &[S],
    start: usize,
    chunk: &mut [std::mem::MaybeUninit<T>],
    f: &F,
) -> usize {
    let mut written = 0;
    runs.for_runs(start, start + chunk.len(), |pos, len, [o], [st]| {
        let dst = &mut chunk[pos - start..pos - start + len];
        if st == 1 {
            for (d, &x) in dst.iter_mut().zip(&data[o..o + len]) {
                d.write(f(x));
            }
        } else {
            for (i, d) in dst.iter_mut().enumerate() {
                d.write(f(data[o + i * st]));
            }
        }
        written = pos - start + len;
    });
    written
}

/// Positions `start..end` of a copy between two views (`Tensor::copy_from`, `write_values`): operand 0
/// of `runs` is the destination (written through `dst`), operand 1 the source `data`. Compiled for several instruction sets and picked at run
/// time (see `tools/portable/check.sh`).
///
/// # Safety
/// Every destination offset `runs` visits is inside the storage `dst` points to (the source offsets
/// are inside `data`).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
pub(crate) unsafe fn copy_chunk<T: Copy>(
    runs: &Runs<2>,
    data: &[T],
    dst: *mut T,
    start: usize,
    end: usize,
) {
    runs.for_runs(start, end, |_, len, [o, i], [so, si]| {
        // SAFETY: the caller's guarantee for the destination; the source indices are checked.
        unsafe {
            match (so, si) {
                (1, 1) => std::ptr::copy_nonoverlapping(data[i..i + len].as_ptr(), dst.add(o), len),
                (1, 0) => {
                    let v = data[i];
                    for k in 0..len {
                        *dst.add(o + k) = v;
                    }
                }
                _ => {
                    for k in 0..len {
                        *dst.add(o + k * so) = data[i + k * si];
                    }
                }
            }
        }
    });
}
