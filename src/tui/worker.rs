//! Where cells run: the open lesson's kernel, owned by a worker thread so the screen stays live while a
//! cell runs and Esc / Ctrl-C can stop it (the way gitui and ratatui's async template keep slow work off
//! the UI thread). The interpreter is `!Send` (`Rc` values), so the kernel is made on the worker and
//! never leaves it: the app sends [`Request`]s and reads back [`Reply`]s, each stamped with the epoch of
//! the kernel it is for, so a reply about a lesson the learner has left is recognised and dropped.
//!
//! [`Runner::inline`] does the same work on the calling thread as each request is sent, for tests and
//! snapshots that apply actions and look at the result at once.

use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};

use crate::lesson::{Cell, CellOutcome, Interrupt, Kernel, Lesson, Limits};

/// The kernel thread's stack, as large as `main.rs`'s `STACK` for the thread that runs everything else.
const STACK: usize = 256 * 1024 * 1024;

/// What the app asks of the kernel.
pub enum Request {
    /// A fresh kernel for `lesson` at `overrides` (dims by name); the old one is dropped. Replies about
    /// it carry `epoch`.
    Open {
        epoch: u64,
        lesson: Box<Lesson>,
        overrides: Vec<(String, i64)>,
        limits: Limits,
    },
    /// Run `cell` (its code as the learner has it) in the kernel.
    Run(Box<Cell>),
}

/// What the kernel answers, for the kernel opened at `epoch`.
pub enum Reply {
    /// The kernel's dims (its lesson's named sizes after the overrides), or why it could not be made.
    Opened {
        epoch: u64,
        dims: Result<Vec<(String, i64)>, String>,
    },
    /// What the cell did; `None` when there is no kernel to run it in (its `Opened` said why).
    Ran {
        epoch: u64,
        outcome: Option<Box<CellOutcome>>,
    },
}

/// The kernel's side: one at a time, made and used on one thread.
struct Host {
    kernel: Result<Kernel, String>,
    epoch: u64,
    interrupt: Interrupt,
}

impl Host {
    fn new(interrupt: Interrupt) -> Host {
        Host {
            kernel: Err("no lesson open".into()),
            epoch: 0,
            interrupt,
        }
    }

    fn handle(&mut self, request: Request) -> Reply {
        match request {
            Request::Open {
                epoch,
                lesson,
                overrides,
                mut limits,
            } => {
                self.epoch = epoch;
                // The old kernel goes first: at paper sizes two would hold twice the memory.
                self.kernel = Err(String::new());
                limits.interrupt = Some(self.interrupt);
                self.interrupt.clear();
                self.kernel = Kernel::with_limits(&lesson, &overrides, limits)
                    .map(|mut kernel| {
                        // The inspector draws the tensors a cell made.
                        kernel.keep_tensors = true;
                        kernel
                    })
                    .map_err(|e| e.to_string());
                Reply::Opened {
                    epoch: self.epoch,
                    dims: self
                        .kernel
                        .as_ref()
                        .map(|k| k.dims().to_vec())
                        .map_err(Clone::clone),
                }
            }
            Request::Run(cell) => {
                // An interrupt meant for the cell before this one (which ended first) must not stop it.
                self.interrupt.clear();
                let outcome = match &mut self.kernel {
                    Ok(kernel) => Some(Box::new(kernel.run_cell(&cell))),
                    Err(_) => None,
                };
                Reply::Ran {
                    epoch: self.epoch,
                    outcome,
                }
            }
        }
    }
}

/// The app's side of the kernel.
pub struct Runner {
    way: Way,
    interrupt: Interrupt,
    /// Requests sent and not yet answered.
    in_flight: usize,
}

enum Way {
    /// Requests are handled as they are sent; their replies wait here to be read.
    Inline {
        host: Box<Host>,
        replies: VecDeque<Reply>,
    },
    /// Requests go to the worker thread.
    Thread {
        requests: Sender<Request>,
        replies: Receiver<Reply>,
    },
}

impl Runner {
    /// A runner that does each request at once on the calling thread (tests, snapshots).
    pub fn inline() -> Runner {
        let interrupt = Interrupt::new();
        Runner {
            way: Way::Inline {
                host: Box::new(Host::new(interrupt)),
                replies: VecDeque::new(),
            },
            interrupt,
            in_flight: 0,
        }
    }

    /// A runner whose kernel lives on a worker thread of its own. The thread ends when the runner is
    /// dropped and the cell it runs, if any, has ended (or with the process).
    pub fn thread() -> std::io::Result<Runner> {
        let interrupt = Interrupt::new();
        let (requests, inbox) = channel::<Request>();
        let (outbox, replies) = channel::<Reply>();
        std::thread::Builder::new()
            .name("kernel".into())
            // The interpreter recurses on the Rust stack: the same room as the thread `main` runs the
            // tutor on (its depth limit stays well inside it). Only the pages used are ever touched.
            .stack_size(STACK)
            .spawn(move || {
                let mut host = Host::new(interrupt);
                while let Ok(request) = inbox.recv() {
                    if outbox.send(host.handle(request)).is_err() {
                        break;
                    }
                }
            })?;
        Ok(Runner {
            way: Way::Thread { requests, replies },
            interrupt,
            in_flight: 0,
        })
    }

    pub fn send(&mut self, request: Request) {
        self.in_flight += 1;
        match &mut self.way {
            Way::Inline { host, replies } => replies.push_back(host.handle(request)),
            Way::Thread { requests, .. } => {
                if requests.send(request).is_err() {
                    // The worker is gone (it can only end by a panic outside a cell, which the panic
                    // hook reports); nothing will answer.
                    self.in_flight -= 1;
                }
            }
        }
    }

    /// The next reply, if one has come.
    pub fn try_reply(&mut self) -> Option<Reply> {
        let reply = match &mut self.way {
            Way::Inline { replies, .. } => replies.pop_front(),
            Way::Thread { replies, .. } => match replies.try_recv() {
                Ok(reply) => Some(reply),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => {
                    self.in_flight = 0;
                    None
                }
            },
        };
        if reply.is_some() {
            self.in_flight = self.in_flight.saturating_sub(1);
        }
        reply
    }

    /// Waits for the next reply (tests; the app polls with [`Runner::try_reply`]).
    pub fn wait_reply(&mut self) -> Option<Reply> {
        if self.in_flight == 0 {
            return None;
        }
        let reply = match &mut self.way {
            Way::Inline { replies, .. } => replies.pop_front(),
            Way::Thread { replies, .. } => replies.recv().ok(),
        };
        self.in_flight = if reply.is_some() {
            self.in_flight - 1
        } else {
            0
        };
        reply
    }

    /// Stops the cell running now with `KeyboardInterrupt` (within a fraction of a second: the
    /// interpreter looks every thousand steps, long native loops between blocks).
    pub fn interrupt(&self) {
        self.interrupt.raise();
    }
}
