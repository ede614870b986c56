//! Command-line arguments (clap): one subcommand per use of the tutor.

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "transformer-tutor",
    version,
    about = "Learn how a Transformer works by running it, cell by cell, in your terminal."
)]
pub struct Cli {
    /// Language of the lessons (default: Korean when LANG starts with `ko`, else English).
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,
    /// The most memory the tutor may hold while it runs code, e.g. `2G`, `512M` (default 2G). A cell that
    /// asks for more gets a `MemoryError` at that line.
    #[arg(long, global = true, value_name = "SIZE", value_parser = crate::tensor::memory::parse_size)]
    pub memory: Option<usize>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    En,
    Ko,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    Text,
    Markdown,
    /// One self-contained HTML page (printable; exercises' solutions folded away).
    Html,
    Json,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// Default `--timeout` of `check` and `trace`: ten minutes for a whole run, far more than the bundled
/// lessons take at the paper's sizes.
pub const RUN_TIMEOUT: u64 = 600;

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run a PyTorch-style Python script on the tutor's engine (`-` reads standard input). Prints what
    /// `print` prints; an uncaught exception prints a traceback to stderr and exits with status 1.
    Exec {
        /// The script to run, or `-` for standard input.
        file: PathBuf,
        /// Wall-clock budget in seconds.
        #[arg(long, default_value_t = 20)]
        timeout: u64,
    },
    /// Open a lesson in the interactive notebook (an id, its number, or a path to a lesson file).
    Open {
        lesson: String,
        /// Override a named dimension, e.g. `--set hid_dim=512` (repeatable; 1-4096, vocabularies 65536).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// Classroom demo: one cell at a time, large output and heatmaps; Space, →, PageDown advance, b blanks.
    Demo {
        lesson: String,
        /// Advance automatically every SECONDS.
        #[arg(long, value_name = "SECONDS")]
        auto: Option<f64>,
        /// Override a named dimension, e.g. `--set hid_dim=512` (repeatable; 1-4096, vocabularies 65536).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// List the lessons in order with their ids, titles, languages and number of cells.
    List {
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Validate lessons (all bundled ones, or the given files): run every cell, verify shape comments,
    /// expected errors and English/Korean parity. Problems are printed as `file:line: message`.
    Check {
        /// Lesson files to check instead of the bundled lessons.
        paths: Vec<PathBuf>,
        /// Wall-clock budget in seconds for the whole check (each cell also has its own 20 s).
        #[arg(long, default_value_t = RUN_TIMEOUT)]
        timeout: u64,
        /// Check at another size, e.g. `--set sl=128` (repeatable; 1 to 4096, vocabularies to 65536); each
        /// lesson takes the dims it has.
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
    /// Print a shell completion script, e.g. `transformer-tutor completions bash > ~/.local/share/bash-completion/completions/transformer-tutor`.
    Completions {
        /// bash, zsh, fish, elvish or powershell.
        shell: clap_complete::Shell,
    },
    /// Print a lesson's shape trace (code, outputs, named shapes, heatmaps) for handouts and slides.
    Trace {
        /// A lesson id (e.g. `masking`), its number, or a path to a lesson file.
        lesson: String,
        #[arg(long, value_enum, default_value_t = TraceFormat::Text)]
        format: TraceFormat,
        #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
        color: ColorChoice,
        /// Wall-clock budget in seconds for the whole trace (each cell also has its own 20 s).
        #[arg(long, default_value_t = RUN_TIMEOUT)]
        timeout: u64,
        /// Override a named dimension, e.g. `--set hid_dim=512` (repeatable; 1-4096, vocabularies 65536).
        #[arg(long = "set", value_name = "NAME=VALUE")]
        set: Vec<String>,
    },
}
