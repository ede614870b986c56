//! Command-line arguments (clap): one subcommand per use of the tutor.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "transformer-tutor",
    version,
    about = "Learn how a Transformer works by running it, cell by cell, in your terminal."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

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
}
