//! `transformer-tutor exec FILE`: runs a script in the sandboxed interpreter.

use std::io::Write;
use std::path::Path;

use anyhow::{Context, Result};

use crate::interp::{Interpreter, Limits};
use crate::lesson::files::{Links, read_text, read_text_file};

/// Stack for the interpreter thread: deep Python recursion is bounded by the interpreter's own limit, and
/// this keeps that limit well inside what the thread can hold even in debug builds.
const INTERPRETER_STACK: usize = 256 * 1024 * 1024;

/// What a run printed, and the traceback if it failed.
pub struct ExecOutcome {
    pub stdout: String,
    pub stderr: String,
    pub failed: bool,
}

/// Runs `source` (named `file` in tracebacks) on a thread with a large stack.
pub fn run_source(source: String, file: String, limits: Limits) -> Result<ExecOutcome> {
    let handle = std::thread::Builder::new()
        .name("interpreter".into())
        .stack_size(INTERPRETER_STACK)
        .spawn(move || {
            let mut interp = Interpreter::with_limits(limits);
            let result = interp.run(&source, &file);
            let stdout = interp.take_output();
            let mut stderr = String::new();
            for w in &interp.warnings {
                stderr.push_str(w);
                stderr.push('\n');
            }
            let failed = match result {
                Ok(_) => false,
                Err(e) => {
                    stderr.push_str(&e.traceback());
                    true
                }
            };
            ExecOutcome {
                stdout,
                stderr,
                failed,
            }
        })
        .context("could not start the interpreter thread")?;
    handle.join().map_err(|_| {
        anyhow::anyhow!("the interpreter stopped unexpectedly (an internal error in the tutor)")
    })
}

/// Runs the script at `path` (`-`: standard input). It is read no further than the sandbox's source
/// limit, so `/dev/zero` or an endless pipe is refused at once; a path must name a regular file.
pub fn exec_file(path: &Path, limits: Limits) -> Result<i32> {
    let limit = limits.max_source as u64;
    let (source, name) = if path.as_os_str() == "-" {
        let s = read_text(std::io::stdin().lock(), limit)
            .context("reading the script from standard input")?;
        (s, "<stdin>".to_string())
    } else {
        let s = read_text_file(path, limit, Links::Follow)
            .with_context(|| format!("reading {}", path.display()))?;
        (s, path.display().to_string())
    };
    let outcome = run_source(source, name, limits)?;
    let mut out = std::io::stdout().lock();
    // A closed pipe (e.g. `| head`) is not an error worth a panic.
    let _ = out.write_all(outcome.stdout.as_bytes());
    let _ = out.flush();
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(outcome.stderr.as_bytes());
    Ok(if outcome.failed { 1 } else { 0 })
}
