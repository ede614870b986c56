//! The engine's settings for one run: the cap on elements per tensor, `torch.get_num_threads()` and the
//! run's deadline. They belong to whoever runs code — the interpreter holds its own — and are put in force
//! only for the duration of a run with [`Settings::enter`], whose guard puts back what was there before
//! (the way `tracing::subscriber::set_default` or rayon's `ThreadPool::install` scope a setting). So nothing
//! one interpreter sets outlives its run: `torch.set_num_threads(4)` in one lesson is not in force in the
//! next lesson's interpreter on the same thread. Outside any run (Rust tests, benches, tools) the defaults
//! apply.
//!
//! The settings are read deep inside kernels (how many parts a reduction is cut into decides its float
//! order, as in PyTorch), which is why they are an ambient, scoped value rather than a parameter of every op.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::error::{Result, TensorError};

/// Default cap: 64 Mi elements per tensor (256 MiB of float32), well above the paper-size lessons.
pub const DEFAULT_MAX_ELEMENTS: usize = 64 * 1024 * 1024;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Elements one tensor may hold; checked before any allocation, so a request for 10^12 elements fails
    /// at once instead of exhausting memory.
    pub max_elements: usize,
    /// `torch.get_num_threads()`: PyTorch splits reductions over more than 32768 elements between its
    /// threads, which changes the order of float additions; the kernels follow the same split.
    pub num_threads: usize,
    /// `torch.get_default_dtype()`: the dtype of float tensors made without a `dtype=` and of Python floats
    /// in type promotion (`torch.set_default_dtype`).
    pub default_float: super::DType,
    /// When the run must stop; long native loops check it with [`check_deadline`].
    pub deadline: Option<Instant>,
    /// The most heap the process may hold while the run goes on (see `tensor::memory`); `usize::MAX`
    /// outside runs.
    pub max_bytes: usize,
    /// Set from another thread to stop the run (the notebook's Esc / Ctrl-C); long native loops look at it
    /// where they look at the deadline.
    pub interrupt: Option<Interrupt>,
}

/// A flag another thread sets to stop a run: the notebook runs cells on a worker thread and its UI thread
/// sets the flag when the learner presses Esc or Ctrl-C. Copyable, as the settings are, because the flag
/// lives for the whole process: one is made per notebook worker, a byte each.
#[derive(Clone, Copy)]
pub struct Interrupt(&'static AtomicBool);

impl Interrupt {
    pub fn new() -> Interrupt {
        Interrupt(Box::leak(Box::new(AtomicBool::new(false))))
    }

    /// Asks the run to stop at its next look.
    pub fn raise(self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Puts the flag down before the next run.
    pub fn clear(self) {
        self.0.store(false, Ordering::SeqCst);
    }

    pub fn is_raised(self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

impl Default for Interrupt {
    fn default() -> Self {
        Interrupt::new()
    }
}

impl std::fmt::Debug for Interrupt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Interrupt({})", self.is_raised())
    }
}

/// Two handles are equal when they raise the same flag.
impl PartialEq for Interrupt {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Interrupt {}

impl Settings {
    pub const DEFAULT: Settings = Settings {
        max_elements: DEFAULT_MAX_ELEMENTS,
        num_threads: 1,
        default_float: super::DType::Float32,
        deadline: None,
        max_bytes: usize::MAX,
        interrupt: None,
    };

    /// Puts these settings in force on this thread until the returned guard is dropped.
    #[must_use = "the settings are in force only while the guard lives"]
    pub fn enter(self) -> Scope {
        let previous = ACTIVE.with(|a| a.replace(self));
        Scope {
            previous,
            _not_send: std::marker::PhantomData,
        }
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings::DEFAULT
    }
}

thread_local! {
    static ACTIVE: Cell<Settings> = const { Cell::new(Settings::DEFAULT) };
}

/// Keeps a [`Settings`] in force; dropping it restores the settings that were in force before.
pub struct Scope {
    previous: Settings,
    /// The guard restores a thread-local, so it must be dropped on the thread that made it.
    _not_send: std::marker::PhantomData<*const ()>,
}

impl Drop for Scope {
    fn drop(&mut self) {
        ACTIVE.with(|a| a.set(self.previous));
    }
}

/// The settings in force on this thread.
pub fn active() -> Settings {
    ACTIVE.with(|a| a.get())
}

/// Changes the settings in force for the rest of the current scope (`torch.set_num_threads` during a run);
/// the scope's guard still restores the earlier settings when the run ends.
pub fn update(f: impl FnOnce(&mut Settings)) {
    ACTIVE.with(|a| {
        let mut s = a.get();
        f(&mut s);
        a.set(s);
    });
}

pub fn max_elements() -> usize {
    active().max_elements
}

pub fn num_threads() -> usize {
    active().num_threads.max(1)
}

/// The thread count a new interpreter starts with, PyTorch's `at::intraop_default_num_threads()`:
/// `MKL_NUM_THREADS`, else `OMP_NUM_THREADS`, when it is a positive number (the later read wins there), else the machine's physical
/// cores (cpuinfo's "cores", not its logical processors). Read once, when the tutor starts, as PyTorch
/// reads it once when it is imported; cells cannot see the environment.
pub fn default_threads() -> usize {
    static DEFAULT: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *DEFAULT.get_or_init(|| {
        let from_env = |name: &str| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse::<usize>().ok())
                .filter(|&n| n > 0)
        };
        from_env("MKL_NUM_THREADS")
            .or_else(|| from_env("OMP_NUM_THREADS"))
            .unwrap_or_else(|| num_cpus::get_physical().max(1))
    })
}

/// `torch.get_default_dtype()` in force now.
pub fn default_float() -> super::DType {
    active().default_float
}

/// Checks that a tensor of `shape` may be allocated and returns its element count: under the element cap,
/// and its bytes (at four per element, the size of float32, the dtype nearly every tensor has) within the
/// memory account. Wider dtypes are caught by the account's next look (`memory::check`).
pub fn check_numel(shape: &[usize]) -> Result<usize> {
    let requested = shape
        .iter()
        .fold(1u128, |acc, &d| acc.saturating_mul(d as u128));
    let limit = max_elements();
    if requested > limit as u128 {
        return Err(TensorError::TooLarge { requested, limit });
    }
    super::memory::reserve_items(requested as usize, 4)?;
    Ok(requested as usize)
}

/// Fails once the run's deadline has passed or the run was interrupted (cheap enough to call between
/// blocks of a long kernel).
pub fn check_deadline() -> Result<()> {
    active().check_stop()
}

impl Settings {
    /// Whether the run must stop now: interrupted, or past its deadline (`check_stop` says which).
    pub fn must_stop(&self) -> bool {
        self.check_stop().is_err()
    }

    /// `Interrupted` once the run's interrupt is raised, `DeadlinePassed` once its deadline has passed.
    pub fn check_stop(&self) -> Result<()> {
        if self.interrupt.is_some_and(Interrupt::is_raised) {
            return Err(TensorError::Interrupted);
        }
        match self.deadline {
            Some(d) if Instant::now() > d => Err(TensorError::DeadlinePassed),
            _ => Ok(()),
        }
    }
}

/// Runs `f` with `threads` as the thread count, restoring the previous settings afterwards (for tests and
/// benches that compare thread counts).
pub fn with_threads<R>(threads: usize, f: impl FnOnce() -> R) -> R {
    let _scope = Settings {
        num_threads: threads,
        ..active()
    }
    .enter();
    f()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_restores_what_was_there_before_even_after_an_update() {
        assert_eq!(active(), Settings::DEFAULT);
        {
            let _outer = Settings {
                num_threads: 3,
                ..Settings::DEFAULT
            }
            .enter();
            assert_eq!(num_threads(), 3);
            {
                let _inner = Settings {
                    max_elements: 10,
                    ..Settings::DEFAULT
                }
                .enter();
                assert_eq!(num_threads(), 1);
                update(|s| s.num_threads = 4);
                assert_eq!(num_threads(), 4);
                assert!(check_numel(&[11]).is_err());
            }
            assert_eq!(num_threads(), 3);
            assert!(check_numel(&[11]).is_ok());
        }
        assert_eq!(active(), Settings::DEFAULT);
    }

    #[test]
    fn a_passed_deadline_is_reported() {
        assert!(check_deadline().is_ok());
        let _s = Settings {
            deadline: Some(Instant::now() - std::time::Duration::from_millis(1)),
            ..Settings::DEFAULT
        }
        .enter();
        assert_eq!(check_deadline(), Err(TensorError::DeadlinePassed));
    }
}
