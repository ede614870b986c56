//! Cells waiting to run and the one running, as Jupyter's execution queue: actions put cells in the queue,
//! [`App::pump`] sends them to the kernel one at a time (so an interrupt stops the one running and the
//! queue is simply emptied), and each reply is applied to the notebook when it comes back. With the kernel
//! on its worker thread the screen stays live meanwhile (`In [*]`, a spinner and the time taken in the
//! status line); with the inline runner of the tests every action's cells have run when `update` returns.

use std::time::{Duration, Instant};

use crate::lesson::CellOutcome;

use super::app::App;
use super::worker::{Reply, Request, Runner};

/// Why a cell is queued, which decides what its outcome does to the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// The learner ran it (Enter, `r`, an answered question, a demo click). `advanced`: Enter moved the
    /// selection to the next cell when it was queued, and moves it back if this one raises.
    Step { advanced: bool },
    /// Part of a run of several cells (run all, run above, new sizes), summed up in the status line.
    Batch,
    /// Bringing back an output the learner had (on opening a lesson, after a restart or a language
    /// switch): quiet, no status and no scrolling.
    Replay,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Job {
    pub cell: usize,
    pub why: Why,
}

/// The cell the kernel is running.
#[derive(Debug, Clone, Copy)]
pub struct Running {
    pub job: Job,
    pub since: Instant,
}

/// A run of several cells, for the line that sums it up.
#[derive(Debug, Clone)]
pub struct Batch {
    pub kind: BatchKind,
    pub cells: usize,
    pub failed: usize,
    /// Exercises whose checks do not pass yet (the learner's to do), not counted as failed.
    pub todo: usize,
    pub took: Duration,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BatchKind {
    All,
    Above,
    /// Cells rerun at new sizes; the sizes as the header shows them.
    Sizes(String),
}

/// Frames of the status line's spinner.
const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// Errors after which a cell is not run again to bring its output back: they took the whole time or
/// memory budget, or the learner stopped them.
const NOT_REPLAYED: [&str; 3] = ["KeyboardInterrupt", "TimeoutError", "MemoryError"];

impl App {
    /// Moves the kernel to a worker thread of its own (the interactive app; tests keep the inline runner)
    /// and brings back the outputs the learner had in the open lesson, running them there.
    pub fn start_worker(&mut self) -> std::io::Result<()> {
        self.runner = Runner::thread()?;
        let overrides = self.notebook.overrides.clone();
        self.open_kernel_at(overrides);
        self.replay_saved();
        self.pump();
        Ok(())
    }

    /// Sends the open lesson's kernel to be made at the app's sizes for it (see [`App::open_kernel_at`]).
    pub(in crate::tui) fn open_kernel(&mut self) {
        let overrides = self.overrides_for(&self.notebook.lesson);
        self.open_kernel_at(overrides);
    }

    /// Sends the open lesson's kernel to be made at `overrides`, dropping any queued cells: replies about
    /// the old kernel are recognised by their epoch and ignored.
    pub(in crate::tui) fn open_kernel_at(&mut self, overrides: Vec<(String, i64)>) {
        if self.notebook.running.is_some() {
            self.runner.interrupt();
        }
        let nb = &mut self.notebook;
        nb.queue.clear();
        nb.running = None;
        nb.batch = None;
        nb.opening = true;
        self.epoch += 1;
        nb.overrides = overrides.clone();
        self.runner.send(Request::Open {
            epoch: self.epoch,
            lesson: Box::new(self.notebook.lesson.clone()),
            overrides,
            limits: self.limits.clone(),
        });
        self.pump();
    }

    /// Queues the cells whose outputs the learner had in this lesson (the progress file keeps which), to
    /// run quietly in order.
    pub(in crate::tui) fn replay_saved(&mut self) {
        let cells: Vec<usize> = self
            .progress
            .lesson(&self.notebook.lesson.id)
            .map(|p| p.ran.iter().copied().collect())
            .unwrap_or_default();
        let n = self.notebook.cell_count();
        for cell in cells.into_iter().filter(|&c| c < n) {
            self.enqueue(cell, Why::Replay);
        }
    }

    pub(in crate::tui) fn enqueue(&mut self, cell: usize, why: Why) {
        self.notebook.queue.push_back(Job { cell, why });
    }

    /// Whether a cell is running or waiting to.
    pub fn is_busy(&self) -> bool {
        let nb = &self.notebook;
        nb.running.is_some() || !nb.queue.is_empty() || nb.opening
    }

    /// Whether cell `i` is running or queued (`In [*]`).
    pub fn is_pending(&self, i: usize) -> bool {
        let nb = &self.notebook;
        nb.running.is_some_and(|r| r.job.cell == i) || nb.queue.iter().any(|j| j.cell == i)
    }

    /// Applies what the kernel answered and sends it the next queued cell; the event loop calls it every
    /// turn, `update` after every action. Keeps the status line's spinner turning while the kernel works.
    pub fn pump(&mut self) {
        loop {
            while let Some(reply) = self.runner.try_reply() {
                self.apply_reply(reply);
            }
            let nb = &mut self.notebook;
            if nb.running.is_some() || nb.opening {
                break;
            }
            // No kernel (the lesson's dims could not be made; the status line says why): nothing can
            // run, and a queue left waiting would keep the app busy for ever.
            if nb.kernel.is_err() {
                nb.queue.clear();
                break;
            }
            let Some(job) = nb.queue.pop_front() else {
                break;
            };
            let Some(mut cell) = nb.lesson.cells().nth(job.cell).cloned() else {
                continue;
            };
            cell.code = nb.codes.get(job.cell).cloned().unwrap_or_default();
            nb.running = Some(Running {
                job,
                since: Instant::now(),
            });
            self.runner.send(Request::Run(Box::new(cell)));
        }
        match self.activity() {
            Some(line) => {
                self.status = Some(line.clone());
                self.notebook.activity = Some(line);
            }
            // The spinner's line goes with the work, unless something has been said since.
            None => {
                if let Some(line) = self.notebook.activity.take()
                    && self.status.as_ref() == Some(&line)
                {
                    self.status = None;
                }
            }
        }
    }

    /// Waits until every queued cell has run (tests and tools driving the threaded runner).
    pub fn settle(&mut self) {
        while self.is_busy() {
            match self.runner.wait_reply() {
                Some(reply) => self.apply_reply(reply),
                None => break,
            }
            self.pump();
        }
    }

    /// Esc / Ctrl-C while cells run: the running one stops with `KeyboardInterrupt`, the queued ones are
    /// dropped.
    pub(in crate::tui) fn interrupt(&mut self) {
        if !self.is_busy() {
            return;
        }
        let nb = &mut self.notebook;
        let dropped = nb.queue.len();
        nb.queue.clear();
        nb.batch = None;
        if nb.running.is_some() {
            self.runner.interrupt();
        }
        let text = self.text();
        self.status = Some(match dropped {
            0 => text.interrupting.to_string(),
            n => (text.interrupting_dropped)(n),
        });
    }

    /// The status line while the kernel works: a spinner, the cell and the time it has taken.
    fn activity(&self) -> Option<String> {
        let nb = &self.notebook;
        let text = self.text();
        let running = nb.running?;
        let secs = running.since.elapsed().as_secs_f64();
        // Quick cells show nothing: the screen would flicker.
        if secs < 0.15 {
            return None;
        }
        let spin = SPINNER[(secs * 10.0) as usize % SPINNER.len()];
        let queued = nb.queue.len();
        let cell = running.job.cell + 1;
        Some(match running.job.why {
            Why::Replay => (text.restoring_outputs)(spin, cell, secs),
            _ if queued > 0 => (text.running_cell_queued)(spin, cell, secs, queued),
            _ => (text.running_cell)(spin, cell, secs),
        })
    }

    fn apply_reply(&mut self, reply: Reply) {
        match reply {
            Reply::Opened { epoch, dims } if epoch == self.epoch => {
                let nb = &mut self.notebook;
                nb.opening = false;
                match dims {
                    Ok(dims) => nb.kernel = Ok(super::app::KernelInfo { dims }),
                    Err(e) => {
                        nb.queue.clear();
                        self.status = Some(e.clone());
                        nb.kernel = Err(e);
                    }
                }
            }
            Reply::Ran { epoch, outcome } if epoch == self.epoch => {
                let Some(running) = self.notebook.running.take() else {
                    return;
                };
                if let Some(outcome) = outcome {
                    self.ran(running.job, *outcome);
                }
                self.finish_batch();
            }
            // About a kernel the learner has since left.
            Reply::Opened { .. } | Reply::Ran { .. } => {}
        }
    }

    /// Keeps a cell's outcome and does what its job asks: the status line for a step, the running count
    /// of a batch, nothing for a replay.
    fn ran(&mut self, job: Job, outcome: CellOutcome) {
        let i = job.cell;
        if i >= self.notebook.cell_count() {
            return;
        }
        let verdict = outcome.exercise.clone();
        // An exercise has run well only when its checks pass.
        let ok = outcome.ran
            && (outcome.error.is_none() || outcome.expectation_met)
            && verdict.as_ref().is_none_or(|v| v.passed);
        let error_kind = outcome.error.as_ref().map(|e| e.kind.clone());
        let took = outcome.duration;
        let id = self.notebook.lesson.id.clone();
        let lp = self.progress.lesson_mut(&id);
        if ok {
            lp.completed.insert(i);
        }
        if error_kind
            .as_deref()
            .is_some_and(|k| NOT_REPLAYED.contains(&k))
        {
            lp.ran.remove(&i);
        } else {
            lp.ran.insert(i);
        }
        let nb = &mut self.notebook;
        nb.keep_outcome(i, outcome);
        // Demo mode's `--auto` clock counts from when the output is on screen.
        self.demo.since = Instant::now();
        if nb.selected == i {
            nb.tensor_sel = 0;
            nb.line_sel = 0;
            nb.slice = [0, 0];
        }
        if let Some(verdict) = &verdict {
            self.note_exercise(i, verdict, job.why);
        }
        match job.why {
            Why::Step { advanced } => {
                if ok {
                    if verdict.is_none() {
                        self.status = None;
                    }
                } else if verdict.as_ref().is_some_and(|v| v.message.is_some()) {
                    // The checks said no (their message is the status): stay on the exercise.
                    if advanced
                        && self.notebook.selected == i + 1
                        && self.notebook.reveal == Some(i)
                    {
                        self.select(i);
                        self.notebook.reveal = Some(i);
                    }
                } else {
                    // Jupyter drops the queue when a cell raises: what follows likely needs it.
                    self.notebook
                        .queue
                        .retain(|j| !matches!(j.why, Why::Step { .. }));
                    let interrupted = error_kind.as_deref() == Some("KeyboardInterrupt");
                    self.status = Some(if interrupted {
                        (self.text().cell_interrupted)(i + 1)
                    } else {
                        (self.text().cell_raised)(i + 1)
                    });
                    // Enter moved on when it queued the cell; come back to the cell that raised if the
                    // learner has not moved since.
                    if advanced
                        && self.notebook.selected == i + 1
                        && self.notebook.reveal == Some(i)
                    {
                        self.select(i);
                        self.notebook.reveal = Some(i);
                    }
                }
            }
            Why::Batch => {
                if let Some(batch) = self.notebook.batch.as_mut() {
                    // An exercise not solved yet (its starter may even raise) is the learner's to do.
                    let todo = verdict.as_ref().is_some_and(|v| !v.passed);
                    batch.cells += 1;
                    batch.failed += usize::from(!ok && !todo);
                    batch.todo += usize::from(todo);
                    batch.took += took;
                }
            }
            Why::Replay => {}
        }
        self.save_progress();
    }

    /// When the last cell of a batch has run, the line that sums it up.
    fn finish_batch(&mut self) {
        let nb = &self.notebook;
        if nb.running.is_some() || nb.queue.iter().any(|j| j.why == Why::Batch) {
            return;
        }
        let Some(batch) = self.notebook.batch.take() else {
            return;
        };
        let text = self.text();
        let (n, f) = (batch.cells, batch.failed);
        let secs = batch.took.as_secs_f64();
        let todo = match batch.todo {
            0 => String::new(),
            t => (text.exercises_to_do)(t),
        };
        let summary = match &batch.kind {
            BatchKind::All if f == 0 => (text.ran_all)(n),
            BatchKind::All => (text.ran_all_failed)(f),
            BatchKind::Above if n == 0 => text.no_cells_above.to_string(),
            BatchKind::Above if f == 0 => (text.ran_above)(n),
            BatchKind::Above => (text.ran_above_failed)(n, f),
            BatchKind::Sizes(what) if f == 0 => (text.reran_at)(n, secs, what),
            BatchKind::Sizes(what) => (text.reran_at_failed)(n, what, f),
        };
        self.status = Some(summary + &todo);
    }

    /// Queues `cells` as one batch, summed up as `kind` when the last has run.
    pub(in crate::tui) fn run_batch(&mut self, kind: BatchKind, cells: Vec<usize>) {
        // Without a kernel the status line keeps saying why, rather than "ran all 0 cells".
        if self.notebook.kernel.is_err() && !self.notebook.opening {
            return;
        }
        self.notebook.batch = Some(Batch {
            kind,
            cells: 0,
            failed: 0,
            todo: 0,
            took: Duration::ZERO,
        });
        for cell in cells {
            self.enqueue(cell, Why::Batch);
        }
        self.pump();
        self.finish_batch();
    }
}
