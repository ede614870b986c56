//! Splitting work between `torch.get_num_threads()` threads, as PyTorch's `at::parallel_for` does.
//!
//! Work is cut into as many contiguous parts as the learner's thread count allows (never parts smaller than
//! the grain, so toy tensors stay on the calling thread). The calling thread runs parts itself, and a small
//! pool of worker threads takes the rest. Like PyTorch's OpenMP threads, a worker that has just finished
//! keeps polling for the next op for a short while ([`SPIN`]) before it sleeps: a forward pass is dozens of
//! parallel ops a few hundred microseconds apart, and waking a sleeping thread (on a virtual machine, a
//! halted virtual CPU) costs about 100 µs each time, with a long tail. Parts are claimed, not assigned, so
//! when a worker is late (descheduled, still waking) the calling thread takes its part instead of waiting.
//!
//! Every kernel that goes through here computes each output element the same way whatever the split, so
//! results do not depend on the thread count or on which thread ran which part; the reductions whose float
//! order *does* depend on the thread count model PyTorch's own split in `kernels`.

use std::cell::Cell;
use std::mem::MaybeUninit;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock, TryLockError};
use std::time::{Duration, Instant};

use super::settings::num_threads;

/// PyTorch's `at::internal::GRAIN_SIZE`: below this many elements an op runs on one thread.
pub const GRAIN: usize = 32768;

/// How long an idle worker keeps polling for the next op before it sleeps.
const SPIN: Duration = Duration::from_millis(2);

/// Most parts one op is cut into (the part counter has 16 bits).
const MAX_PARTS: usize = 1 << 15;

thread_local! {
    /// Set on worker threads, and on a calling thread while it runs an op's parts: an op started from inside
    /// a part runs serially on that thread.
    static IN_PART: Cell<bool> = const { Cell::new(false) };
}

/// One op's work: `run(i)` for every part `i` in `0..parts` (the count lives in [`Pool::state`]).
struct Job<'a> {
    run: &'a (dyn Fn(usize) + Sync),
}

struct Pool {
    /// `generation << 32 | parts << 16 | next unclaimed part` of the current op. A part is claimed by moving
    /// `next` on with a compare-and-swap, so each part runs exactly once, on whichever thread claims it.
    state: AtomicU64,
    /// The current op's job. It lives on the calling thread's stack, which stays put until every part is
    /// done, so a thread that has claimed a part may use it.
    job: AtomicPtr<Job<'static>>,
    /// Parts of the current op that have finished.
    done: AtomicUsize,
    /// A part panicked; the calling thread re-raises it once every part is done.
    panicked: AtomicBool,
    /// One op at a time: a second thread starting an op meanwhile runs it serially.
    busy: Mutex<()>,
    /// Workers that have stopped polling and wait on `wake`.
    sleepers: AtomicUsize,
    sleep: Mutex<()>,
    wake: Condvar,
}

fn pack(generation: u64, parts: usize, next: usize) -> u64 {
    (generation << 32) | ((parts as u64) << 16) | next as u64
}

fn unpack(state: u64) -> (u64, usize, usize) {
    (
        state >> 32,
        ((state >> 16) & 0xffff) as usize,
        (state & 0xffff) as usize,
    )
}

impl Pool {
    /// Claims and runs parts of the op published in `state` until none is left unclaimed; returns how many
    /// parts this thread ran.
    fn run_parts(&self) -> usize {
        let mut ran = 0;
        loop {
            let s = self.state.load(Ordering::Acquire);
            let (_, parts, next) = unpack(s);
            if next >= parts {
                return ran;
            }
            if self
                .state
                .compare_exchange_weak(s, s + 1, Ordering::AcqRel, Ordering::Acquire)
                .is_err()
            {
                continue;
            }
            // SAFETY: part `next` was unclaimed until this thread claimed it, so the op is not finished and
            // its calling thread is still waiting with the job alive on its stack (see `run`); the job was
            // stored before the state that published the op (Release/Acquire).
            let job = unsafe { &*self.job.load(Ordering::Acquire) };
            if catch_unwind(AssertUnwindSafe(|| (job.run)(next))).is_err() {
                self.panicked.store(true, Ordering::Relaxed);
            }
            self.done.fetch_add(1, Ordering::Release);
            ran += 1;
        }
    }

    fn worker(&self) {
        IN_PART.with(|p| p.set(true));
        let mut last_part = Instant::now();
        loop {
            if self.run_parts() > 0 {
                last_part = Instant::now();
            }
            let seen = self.state.load(Ordering::Acquire);
            let (_, parts, next) = unpack(seen);
            if next < parts {
                continue;
            }
            // Nothing left to claim: poll for the next op until SPIN has passed since this worker last ran a
            // part, then sleep until an op is published. A worker woken for an op that others finished sleeps
            // again at once, so spare workers on a many-core machine do not poll for nothing.
            let mut polls = 0u32;
            while self.state.load(Ordering::Relaxed) == seen {
                std::hint::spin_loop();
                polls = polls.wrapping_add(1);
                if polls.is_multiple_of(256) && last_part.elapsed() > SPIN {
                    self.sleep_while(seen);
                    break;
                }
            }
        }
    }

    /// Sleeps until `state` differs from `seen`.
    fn sleep_while(&self, seen: u64) {
        let mut guard = self.sleep.lock().unwrap_or_else(|e| e.into_inner());
        // SeqCst pairs with `publish`: either this thread sees the new state, or `publish` sees the sleeper
        // and notifies under the same mutex.
        self.sleepers.fetch_add(1, Ordering::SeqCst);
        while self.state.load(Ordering::SeqCst) == seen {
            guard = self.wake.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
        self.sleepers.fetch_sub(1, Ordering::SeqCst);
    }

    /// Runs `run(i)` for `i` in `0..parts` on this thread and the workers; returns when all are done.
    fn run(&self, parts: usize, run: &(dyn Fn(usize) + Sync)) {
        let job = Job { run };
        self.done.store(0, Ordering::Relaxed);
        self.panicked.store(false, Ordering::Relaxed);
        // SAFETY (lifetime): workers only dereference the job after claiming a part, and this function does
        // not return before every part is done.
        self.job.store(
            (&job as *const Job<'_>).cast::<Job<'static>>().cast_mut(),
            Ordering::Release,
        );
        let (generation, _, _) = unpack(self.state.load(Ordering::Relaxed));
        self.state.store(
            pack((generation + 1) & 0xffff_ffff, parts, 0),
            Ordering::SeqCst,
        );
        // Wake only as many sleeping workers as there are parts besides the one this thread takes.
        let sleeping = self.sleepers.load(Ordering::SeqCst);
        if sleeping > 0 {
            let _guard = self.sleep.lock().unwrap_or_else(|e| e.into_inner());
            for _ in 0..sleeping.min(parts - 1) {
                self.wake.notify_one();
            }
        }
        self.run_parts();
        let mut polls = 0u32;
        while self.done.load(Ordering::Acquire) < parts {
            polls = polls.saturating_add(1);
            if polls < 4096 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        if self.panicked.load(Ordering::Relaxed) {
            resume_unwind(Box::new("a parallel part panicked"));
        }
    }
}

fn pool() -> Option<&'static Pool> {
    static POOL: OnceLock<Option<&'static Pool>> = OnceLock::new();
    *POOL.get_or_init(|| {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let pool: &'static Pool = Box::leak(Box::new(Pool {
            state: AtomicU64::new(0),
            job: AtomicPtr::new(std::ptr::null_mut()),
            done: AtomicUsize::new(0),
            panicked: AtomicBool::new(false),
            busy: Mutex::new(()),
            sleepers: AtomicUsize::new(0),
            sleep: Mutex::new(()),
            wake: Condvar::new(),
        }));
        let mut started = 0;
        for i in 0..cores.max(2) - 1 {
            let spawned = std::thread::Builder::new()
                .name(format!("tutor-worker-{i}"))
                .spawn(move || pool.worker());
            if spawned.is_ok() {
                started += 1;
            }
        }
        (started > 0).then_some(pool)
    })
}

/// Runs `run(i)` for every `i` in `0..parts`, in parallel when there is more than one part and no other op
/// holds the pool; each part runs exactly once. A panic in a part is re-raised here after all parts ended.
fn run_parts(parts: usize, run: &(dyn Fn(usize) + Sync)) {
    // Run on this thread alone: every part still runs when one panics, and the first panic is re-raised
    // after the last part, as when the pool runs them (the same contract whoever runs the parts).
    let serial = || {
        if parts <= 1 {
            return (0..parts).for_each(run);
        }
        let mut first_panic = None;
        for i in 0..parts {
            if let Err(p) = catch_unwind(AssertUnwindSafe(|| run(i))) {
                first_panic.get_or_insert(p);
            }
        }
        if let Some(p) = first_panic {
            resume_unwind(p);
        }
    };
    if parts <= 1 || parts > MAX_PARTS || IN_PART.with(Cell::get) {
        return serial();
    }
    let Some(pool) = pool() else {
        return serial();
    };
    let _busy = match pool.busy.try_lock() {
        Ok(guard) => guard,
        Err(TryLockError::Poisoned(e)) => e.into_inner(),
        Err(TryLockError::WouldBlock) => return serial(),
    };
    IN_PART.with(|p| p.set(true));
    struct Leave;
    impl Drop for Leave {
        fn drop(&mut self) {
            IN_PART.with(|p| p.set(false));
        }
    }
    let _leave = Leave;
    pool.run(parts, run);
}

/// `*mut U` that may cross threads: the parts it is used for touch disjoint elements.
struct SharedMut<U>(*mut U);
// SAFETY: only used to hand disjoint sub-slices of one `&mut [U]` to different threads, which is what
// `U: Send` allows.
unsafe impl<U: Send> Sync for SharedMut<U> {}

impl<U> SharedMut<U> {
    fn get(&self) -> *mut U {
        self.0
    }
}

/// Runs `f(start, end, dst)` over consecutive spans of `0..n` (at least `grain` items each), in parallel
/// when `n` is large enough and more than one thread is allowed; every part gets the start of `dst`.
/// For scattering writes, where part `i`'s elements are not one sub-slice.
///
/// # Safety
/// `f` must only write elements of `dst` (indices below `dst.len()`), and no element may be written by two
/// different spans.
pub unsafe fn scatter_spans<U: Send, F>(dst: &mut [U], n: usize, grain: usize, f: F)
where
    F: Fn(usize, usize, *mut U) + Sync,
{
    let count = parts(n, grain);
    if count <= 1 {
        f(0, n, dst.as_mut_ptr());
        return;
    }
    let per = n.div_ceil(count);
    let base = SharedMut(dst.as_mut_ptr());
    run_parts(n.div_ceil(per), &|i| {
        f(i * per, ((i + 1) * per).min(n), base.get());
    });
}

/// How many parts `items` units of work are cut into, given `grain` units as the smallest worthwhile part.
pub fn parts(items: usize, grain: usize) -> usize {
    let threads = num_threads();
    if threads <= 1 || items < 2 * grain.max(1) {
        return 1;
    }
    threads.min(items / grain.max(1)).clamp(1, MAX_PARTS)
}

/// Runs `f(start, chunk)` over consecutive chunks of `out` (whole multiples of `align` elements, except the
/// last), in parallel when `out` is larger than `grain` elements and more than one thread is allowed.
pub fn for_chunks<U: Send, F>(out: &mut [U], align: usize, grain: usize, f: F)
where
    F: Fn(usize, &mut [U]) + Sync,
{
    let align = align.max(1);
    let n = parts(out.len(), grain.max(align));
    if n <= 1 {
        f(0, out);
        return;
    }
    let len = out.len();
    let per = len.div_ceil(align).div_ceil(n) * align;
    let base = SharedMut(out.as_mut_ptr());
    run_parts(len.div_ceil(per), &|i| {
        let start = i * per;
        let end = (start + per).min(len);
        // SAFETY: part `i` covers `start..end` of `out`; parts do not overlap, each runs once, and `out`
        // stays borrowed until `run_parts` returns.
        let chunk = unsafe { std::slice::from_raw_parts_mut(base.get().add(start), end - start) };
        f(start, chunk);
    });
}

/// Runs `f(chunk)` on each of the given `[begin, end)` ranges of `out`, one part per range, in parallel:
/// for kernels whose result depends on where the parts begin and end (a vectorised bulk and a scalar tail
/// per part), with the ranges PyTorch's `at::parallel_for` would hand its threads. The ranges must be
/// in order, disjoint and inside `out`; parts outside any range are left as they are.
pub fn for_ranges<U: Send, F>(out: &mut [U], ranges: &[(usize, usize)], f: F)
where
    F: Fn(&mut [U]) + Sync,
{
    for_ranges_at(out, ranges, |_, chunk| f(chunk));
}

/// [`for_ranges`] with each part's start: `f(start, part)`.
pub fn for_ranges_at<U: Send, F>(out: &mut [U], ranges: &[(usize, usize)], f: F)
where
    F: Fn(usize, &mut [U]) + Sync,
{
    let len = out.len();
    let valid = ranges.iter().all(|&(b, e)| b <= e && e <= len)
        && ranges.windows(2).all(|w| w[0].1 <= w[1].0);
    assert!(
        valid,
        "for_ranges: ranges out of order or outside the output"
    );
    let base = SharedMut(out.as_mut_ptr());
    run_parts(ranges.len(), &|i| {
        let (start, end) = ranges[i];
        // SAFETY: the ranges were checked to be disjoint and inside `out`, each part runs once, and `out`
        // stays borrowed until `run_parts` returns.
        let chunk = unsafe { std::slice::from_raw_parts_mut(base.get().add(start), end - start) };
        f(start, chunk);
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
    use crate::tensor::settings::with_threads;

    #[test]
    fn chunks_cover_the_output_once_with_any_thread_count() {
        for threads in [1, 2, 3, 8] {
            with_threads(threads, || {
                let mut out = vec![0usize; 100_003];
                for_chunks(&mut out, 7, 1000, |start, chunk| {
                    for (i, o) in chunk.iter_mut().enumerate() {
                        *o += start + i + 1;
                    }
                });
                assert!(out.iter().enumerate().all(|(i, &v)| v == i + 1));
            });
        }
    }

    #[test]
    fn built_vectors_are_whole_even_when_a_fill_stops_short() {
        let v: Vec<u32> = with_threads(2, || {
            build_vec(100_000, 1, 1000, |start, chunk| {
                let n = chunk.len() / 2;
                for (i, slot) in chunk[..n].iter_mut().enumerate() {
                    slot.write((start + i) as u32 + 1);
                }
                n
            })
        });
        assert_eq!(v.len(), 100_000);
        assert_eq!(v[0], 1);
        assert!(v.contains(&0));
    }

    #[test]
    fn small_work_stays_on_one_part() {
        with_threads(2, || {
            assert_eq!(parts(1000, GRAIN), 1);
            assert_eq!(parts(4 * GRAIN, GRAIN), 2);
        });
    }

    #[test]
    fn every_part_runs_once_across_many_ops_and_after_workers_sleep() {
        for round in 0..2000 {
            let counts: Vec<AtomicUsize> = (0..5).map(|_| AtomicUsize::new(0)).collect();
            run_parts(5, &|i| {
                counts[i].fetch_add(1, Ordering::Relaxed);
            });
            assert!(counts.iter().all(|c| c.load(Ordering::Relaxed) == 1));
            if round % 500 == 0 {
                // Longer than SPIN: the workers go to sleep and must be woken by the next op.
                std::thread::sleep(SPIN * 3);
            }
        }
    }

    #[test]
    fn an_op_started_inside_a_part_runs_serially() {
        let total = AtomicUsize::new(0);
        run_parts(4, &|_| {
            run_parts(3, &|_| {
                total.fetch_add(1, Ordering::Relaxed);
            });
        });
        assert_eq!(total.load(Ordering::Relaxed), 12);
        assert!(!IN_PART.with(Cell::get));
    }

    #[test]
    fn ops_from_several_threads_at_once_all_complete() {
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(|| {
                    for _ in 0..500 {
                        let sum = AtomicUsize::new(0);
                        run_parts(8, &|i| {
                            sum.fetch_add(i, Ordering::Relaxed);
                        });
                        assert_eq!(sum.load(Ordering::Relaxed), 28);
                    }
                });
            }
        });
    }

    #[test]
    fn a_panicking_part_is_reraised_after_the_others_finish_and_the_pool_still_works() {
        let finished = AtomicUsize::new(0);
        let caught = catch_unwind(AssertUnwindSafe(|| {
            run_parts(6, &|i| {
                if i == 1 {
                    panic!("part 1 fails");
                }
                finished.fetch_add(1, Ordering::Relaxed);
            });
        }));
        assert!(caught.is_err());
        assert_eq!(finished.load(Ordering::Relaxed), 5);
        assert!(!IN_PART.with(Cell::get));
        let after = AtomicUsize::new(0);
        run_parts(6, &|_| {
            after.fetch_add(1, Ordering::Relaxed);
        });
        assert_eq!(after.load(Ordering::Relaxed), 6);
    }
}
