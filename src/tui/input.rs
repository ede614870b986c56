//! Keys and mouse events, read on their own thread and handed to the main loop through a channel.
//!
//! The main loop must stay free to notice a signal or a failing terminal: crossterm 0.29's reader spins
//! for ever once the terminal is closed (a read that fails with EIO or returns 0 is retried in a loop,
//! `event/source/unix/mio.rs`), and a main loop stuck there would never save progress or exit. On its
//! own thread that spin harms nothing: the main loop's next frame fails to draw on the closed terminal,
//! the app saves and ends, and the process exit ends the thread.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{self, Event};

use super::signals::{POLL, Watch};

/// The reading thread's end of things: what it read, or the error that stopped it.
pub(super) struct Input {
    events: Receiver<std::io::Result<Event>>,
    stop: Arc<AtomicBool>,
}

impl Input {
    pub(super) fn start() -> std::io::Result<Input> {
        let (send, events) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        std::thread::Builder::new()
            .name("input".into())
            .spawn(move || {
                while !stopped.load(Ordering::SeqCst) {
                    let read = match event::poll(POLL) {
                        Ok(false) => continue,
                        Ok(true) => event::read(),
                        Err(e) => Err(e),
                    };
                    let failed = read.is_err();
                    if send.send(read).is_err() || failed {
                        break;
                    }
                }
            })?;
        Ok(Input { events, stop })
    }

    /// Waits up to `timeout` for an event, looking for a signal every [`POLL`]: `None` when the time is
    /// up or a signal came.
    pub(super) fn next(&self, timeout: Duration, watch: &Watch) -> std::io::Result<Option<Event>> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.events.recv_timeout(left.min(POLL)) {
                Ok(read) => return read.map(Some),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(std::io::Error::other("the terminal input stopped"));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if watch.received().is_some() || left <= POLL {
                return Ok(None);
            }
        }
    }
}

impl Drop for Input {
    /// Asks the thread to stop; it is not waited for, since on a closed terminal it cannot stop.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}
