//! Splitting work between `torch.get_num_threads()` threads, as PyTorch's `at::parallel_for` does.
//!
//! Work is cut into as many contiguous parts as the learner's thread count allows (never parts smaller than
//! the grain, so toy tensors stay on the calling thread) and run on one shared pool of worker threads.
//! Every kernel that goes through here computes each output element the same way whatever the split, so
//! results do not depend on the thread count; the reductions whose float order *does* depend on it model
//! PyTorch's own split in `kernels`.

use std::mem::MaybeUninit;
use std::sync::OnceLock;

use super::limits::num_threads;

/// PyTorch's `at::internal::GRAIN_SIZE`: below this many elements an op runs on one thread.
pub const GRAIN: usize = 32768;

fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        rayon::ThreadPoolBuilder::new()
            .num_threads(cores.max(2))
            .thread_name(|i| format!("tutor-worker-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

/// How many parts `items` units of work are cut into, given `grain` units as the smallest worthwhile part.
pub fn parts(items: usize, grain: usize) -> usize {
    let threads = num_threads();
    if threads <= 1 || items < 2 * grain.max(1) {
        return 1;
    }
    threads.min(items / grain.max(1)).max(1)
}

/// Runs `f(start, chunk)` over consecutive chunks of `out` (whole multiples of `align` elements, except the
/// last), in parallel when `out` is larger than `grain` elements and more than one thread is allowed.
pub fn for_chunks<U: Send, F>(out: &mut [U], align: usize, grain: usize, f: F)
where
    F: Fn(usize, &mut [U]) + Sync,
{
    let align = align.max(1);
    let n = parts(out.len(), grain.max(align));
    let pool = if n > 1 { pool() } else { None };
    let Some(pool) = pool else {
        f(0, out);
        return;
    };
    let units = out.len().div_ceil(align);
    let per = units.div_ceil(n) * align;
    pool.scope(|s| {
        for (i, chunk) in out.chunks_mut(per).enumerate() {
            let f = &f;
            s.spawn(move |_| f(i * per, chunk));
        }
    });
}

/// A new vector of `numel` elements filled chunk by chunk (see [`for_chunks`]) without zeroing it first:
/// `fill(start, chunk)` writes a prefix of `chunk` and returns its length. Whatever it leaves unwritten is
/// set to the default value, so the result is always fully initialised.
pub fn build_vec<U: Send + Default, F>(numel: usize, align: usize, grain: usize, fill: F) -> Vec<U>
where
    F: Fn(usize, &mut [MaybeUninit<U>]) -> usize + Sync,
{
    let mut v: Vec<U> = Vec::with_capacity(numel);
    for_chunks(
        &mut v.spare_capacity_mut()[..numel],
        align,
        grain,
        |start, chunk| {
            let written = fill(start, chunk).min(chunk.len());
            for slot in &mut chunk[written..] {
                slot.write(U::default());
            }
        },
    );
    // SAFETY: `for_chunks` hands out disjoint chunks covering all `numel` slots; in each, `fill`
    // initialised the prefix it reported and the rest was written just above.
    unsafe { v.set_len(numel) };
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tensor::limits::set_num_threads;

    #[test]
    fn chunks_cover_the_output_once_with_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            set_num_threads(threads);
            let mut out = vec![0usize; 100_003];
            for_chunks(&mut out, 7, 1000, |start, chunk| {
                for (i, o) in chunk.iter_mut().enumerate() {
                    *o += start + i + 1;
                }
            });
            assert!(out.iter().enumerate().all(|(i, &v)| v == i + 1));
        }
        set_num_threads(1);
    }

    #[test]
    fn built_vectors_are_whole_even_when_a_fill_stops_short() {
        set_num_threads(2);
        let v: Vec<u32> = build_vec(100_000, 1, 1000, |start, chunk| {
            let n = chunk.len() / 2;
            for (i, slot) in chunk[..n].iter_mut().enumerate() {
                slot.write((start + i) as u32 + 1);
            }
            n
        });
        assert_eq!(v.len(), 100_000);
        assert_eq!(v[0], 1);
        assert!(v.contains(&0));
        set_num_threads(1);
    }

    #[test]
    fn small_work_stays_on_one_part() {
        set_num_threads(2);
        assert_eq!(parts(1000, GRAIN), 1);
        assert_eq!(parts(4 * GRAIN, GRAIN), 2);
        set_num_threads(1);
    }
}
