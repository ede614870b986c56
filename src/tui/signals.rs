//! SIGTERM, SIGINT, SIGHUP (the pane or window closed) and SIGQUIT end the app as `q` does: the terminal
//! is restored, progress is saved, and the process exits with status 128 + the signal's number.
//!
//! A thread waits for the signals (`signal-hook`); the main loop notices within [`POLL`] and leaves the
//! usual way. A cell runs on the main loop's thread, though, and may be busy for up to its time budget:
//! if the main loop has not started leaving [`GRACE`] after the signal, the signal thread restores the
//! terminal itself and exits. Progress is then what was last saved (the app saves after every cell run,
//! edit and answer, so only the running cell's completion is lost).

use std::sync::atomic::{AtomicI32, AtomicU8, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
use signal_hook::iterator::{Handle, Signals};

/// How long the main loop has to react before the signal thread takes over.
pub(super) const GRACE: Duration = Duration::from_secs(1);

/// How often a main loop waiting for a key looks for a signal.
pub(super) const POLL: Duration = Duration::from_millis(50);

const RUNNING: u8 = 0;
/// The main loop is leaving (quit or signal): it restores the terminal and saves.
const LEAVING: u8 = 1;
/// The signal thread gave up on the main loop: it restores the terminal and exits.
const ABANDONED: u8 = 2;

struct Shared {
    /// The signal received (0: none yet).
    signal: AtomicI32,
    state: AtomicU8,
    /// Held while the terminal is written to (a frame drawn, the terminal restored), so the signal thread
    /// never restores it in the middle of a frame and no frame is drawn after it did.
    terminal: Mutex<()>,
}

/// Watches for the four signals while the app runs; dropping it stops the watch.
pub(super) struct Watch {
    shared: Arc<Shared>,
    handle: Handle,
    thread: Option<JoinHandle<()>>,
}

impl Watch {
    /// Starts watching; `restore` is how the signal thread restores the terminal when it has to.
    pub(super) fn start(restore: fn()) -> std::io::Result<Watch> {
        let mut signals = Signals::new([SIGTERM, SIGINT, SIGHUP, SIGQUIT])?;
        let handle = signals.handle();
        let shared = Arc::new(Shared {
            signal: AtomicI32::new(0),
            state: AtomicU8::new(RUNNING),
            terminal: Mutex::new(()),
        });
        let watcher = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    watcher.signal.store(signal, Ordering::SeqCst);
                    take_over_after_grace(&watcher, signal, restore);
                }
            })?;
        Ok(Watch {
            shared,
            handle,
            thread: Some(thread),
        })
    }

    /// The signal received, if one was.
    pub(super) fn received(&self) -> Option<i32> {
        Some(self.shared.signal.load(Ordering::SeqCst)).filter(|&s| s != 0)
    }

    /// Holds the terminal for a frame or for leaving (see [`Shared::terminal`]).
    pub(super) fn terminal(&self) -> MutexGuard<'_, ()> {
        self.shared
            .terminal
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The main loop is leaving and will restore the terminal and save: from now on the signal thread
    /// leaves that to it. Call while holding [`Watch::terminal`].
    pub(super) fn leave(&self) {
        let _ = self.shared.state.compare_exchange(
            RUNNING,
            LEAVING,
            Ordering::SeqCst,
            Ordering::SeqCst,
        );
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.leave();
        self.handle.close();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Waits up to [`GRACE`] for the main loop to start leaving; if it has not, restores the terminal and
/// exits with 128 + `signal`.
fn take_over_after_grace(shared: &Shared, signal: i32, restore: fn()) {
    let deadline = Instant::now() + GRACE;
    while Instant::now() < deadline {
        if shared.state.load(Ordering::SeqCst) != RUNNING {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    // Never released: the process ends while this thread holds the terminal.
    let held = shared
        .terminal
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    let abandoned = shared
        .state
        .compare_exchange(RUNNING, ABANDONED, Ordering::SeqCst, Ordering::SeqCst)
        .is_ok();
    if abandoned {
        restore();
        std::process::exit(128 + signal);
    }
    drop(held);
}
