//! Lessons: Markdown notebooks parsed into cells, the kernel that runs them (one namespace per lesson),
//! named dims, shape-comment checks, questions, and the authors' `check`. No terminal code.

pub mod bundle;
pub mod cell_guard;
pub mod check;
pub mod error;
pub mod explain;
pub mod files;
mod fingerprint;
pub mod heatmaps;
pub mod kernel;
pub mod model;
pub mod parse;
pub mod progress;
pub mod question;
pub mod sizes;

/// The sandbox limits a kernel runs under (`--memory`, time, steps): the interpreter's, for the rooms above.
pub use crate::interp::{DEFAULT_MAX_MEMORY, Interrupt, Limits};
pub use error::LessonError;
pub use kernel::{CellOutcome, Kernel, run_lesson};
pub use model::{Block, Cell, CellKind, Lang, Lesson};
