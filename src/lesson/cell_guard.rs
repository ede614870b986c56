//! A panic while a cell runs is a bug in the tutor, never the learner's doing, and must not end the app:
//! the kernel catches it at the cell boundary ([`catch`]), the lesson's namespace is made again and the
//! cell shows "internal error" ([`internal_error`]). A process-wide panic hook (the TUI's) asks [`claim`] whether a panic
//! happened inside a cell: then the session goes on, so the hook leaves the terminal alone and the
//! message goes to the cell instead of the screen.

use std::any::Any;
use std::panic::{AssertUnwindSafe, PanicHookInfo, catch_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::error::LessonError;
use super::kernel::{CellError, CellOutcome, empty_outcome};
use super::model::Cell;

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
    // The first panic is the cause: one on a worker thread is re-raised on the cell's thread, and a
    // scoped thread's failure panics again in its parent.
    LAST.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get_or_insert(text);
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

/// What a cell that panicked shows: an internal error, and whether the kernel could be made again
/// (`not_restarted` says why not).
pub(super) fn internal_error(
    cell: &Cell,
    panic: &str,
    not_restarted: Option<LessonError>,
    start: Instant,
) -> CellOutcome {
    let after = match not_restarted {
        None => "The lesson was restarted: run the cells above again.".to_string(),
        Some(e) => format!("The lesson could not be restarted ({e})."),
    };
    let mut outcome = empty_outcome(cell);
    outcome.ran = true;
    outcome.expectation_met = false;
    outcome.error = Some(CellError {
        kind: "internal error".into(),
        message: format!(
            "the tutor failed while running this cell: {panic}. This is a bug in the tutor, not in your \
             code. {after}"
        ),
        line: Some(cell.line),
        traceback: String::new(),
        explanation: Vec::new(),
    });
    outcome.duration = start.elapsed();
    outcome
}

#[cfg(test)]
thread_local! {
    /// Makes the next cell run on this thread panic inside the kernel: a test-only stand-in for a bug in
    /// the tutor (no Python code can reach it, and it does not exist outside tests).
    pub(crate) static PANIC_IN_NEXT_CELL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The next cell run on this thread panics inside the kernel.
#[cfg(test)]
pub(crate) fn panic_in_next_cell() {
    PANIC_IN_NEXT_CELL.set(true);
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
    use crate::lesson::kernel::Kernel;
    use crate::lesson::{Lang, parse::parse_lesson};

    #[test]
    fn a_panic_becomes_its_message_and_the_count_goes_back() {
        let caught = catch(|| -> u8 {
            assert!(inside_cell());
            panic!("boom {}", 7)
        });
        assert_eq!(caught, Err("boom 7".to_string()));
        assert_eq!(catch(|| 5), Ok(5));
    }

    #[test]
    fn a_panic_in_a_cell_is_an_internal_error_and_the_kernel_goes_on() {
        let text = "---\nid: t\ntitle: T\norder: 1\ndims:\n  n: 3\n---\n\n```python\nx = n * 2\n```\n\n```python\nprint(x)\n```\n\n```python\nprint(n + 1)\n```\n";
        let lesson = parse_lesson(text, "t.md", Lang::En).expect("parses");
        let cells: Vec<&Cell> = lesson.cells().collect();
        let mut kernel = Kernel::new(&lesson, &[("n".into(), 5)]).expect("kernel");
        assert!(kernel.run_cell(cells[0]).error.is_none());

        panic_in_next_cell();
        let broken = kernel.run_cell(cells[1]);
        let error = broken.error.expect("the panic is reported in the cell");
        assert_eq!(error.kind, "internal error");
        assert!(
            error.message.contains("a panic injected by a test")
                && error.message.contains("The lesson was restarted"),
            "{}",
            error.message
        );
        assert!(broken.ran && !broken.expectation_met);

        // The kernel was made again: the cell's variables are gone, the dims (with `--set`) are bound.
        let after = kernel.run_cell(cells[1]);
        assert_eq!(after.error.map(|e| e.kind), Some("NameError".to_string()));
        let dims = kernel.run_cell(cells[2]);
        assert!(dims.error.is_none());
        assert_eq!(dims.stdout, "6\n");
    }
}
