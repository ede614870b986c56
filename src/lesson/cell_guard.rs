//! A panic while a cell runs is a bug in the tutor, never the learner's doing, and must not end the app:
//! the kernel catches it at the cell boundary ([`catch`]), the cell shows "internal error" and the
//! lesson's namespace is rebuilt. A process-wide panic hook (the TUI's) asks [`claim`] whether a panic
//! happened inside a cell: then the session goes on, so the hook leaves the terminal alone and the
//! message goes to the cell instead of the screen.

use std::any::Any;
use std::panic::{AssertUnwindSafe, PanicHookInfo, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// Cells running now, on any thread. Counted for the whole process rather than per thread: a panic on
/// one of the engine's worker threads (`tensor::parallel`) reaches the hook on that thread and is then
/// re-raised on the cell's own thread, where it is caught.
static RUNNING: AtomicUsize = AtomicUsize::new(0);

/// What a hook recorded of the last panic inside a cell: its message and where in the tutor it happened.
static LAST: Mutex<Option<String>> = Mutex::new(None);

/// Counts one running cell for as long as it lives (unwinding included).
struct Running;

impl Running {
    fn enter() -> Running {
        RUNNING.fetch_add(1, Ordering::SeqCst);
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Whether a cell is running (on any thread).
pub fn inside_cell() -> bool {
    RUNNING.load(Ordering::SeqCst) > 0
}

/// For a panic hook: whether this panic happened while a cell was running. It will then be caught at
/// the cell boundary and shown in the cell, so the hook should neither restore the terminal nor print;
/// the message and its location are kept for the cell.
pub fn claim(info: &PanicHookInfo<'_>) -> bool {
    if !inside_cell() {
        return false;
    }
    let message = payload_text(info.payload());
    let text = match info.location() {
        Some(at) => format!("{message} (at {}:{})", at.file(), at.line()),
        None => message,
    };
    *LAST.lock().unwrap_or_else(PoisonError::into_inner) = Some(text);
    true
}

/// Runs `f`, turning a panic into `Err` with its message (and location, when a hook [`claim`]ed it).
pub fn catch<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    take_last();
    let result = {
        let _running = Running::enter();
        // The kernel that `f` borrows is rebuilt after a panic, so no half-updated state is seen again.
        catch_unwind(AssertUnwindSafe(f))
    };
    result.map_err(|payload| take_last().unwrap_or_else(|| payload_text(payload.as_ref())))
}

fn take_last() -> Option<String> {
    LAST.lock().unwrap_or_else(PoisonError::into_inner).take()
}

fn payload_text(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_its_message_and_the_count_goes_back() {
        let caught = catch(|| -> u8 {
            assert!(inside_cell());
            panic!("boom {}", 7)
        });
        assert_eq!(caught, Err("boom 7".to_string()));
        assert_eq!(catch(|| 5), Ok(5));
    }
}
