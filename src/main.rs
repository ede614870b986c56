use std::io::Write;
use std::process::ExitCode;

// The allocator (mimalloc, counted for the memory budget) is declared in the library (src/lib.rs).
use std::time::{Duration, Instant};

use clap::Parser;
use transformer_tutor::cli::{Cli, Command};
use transformer_tutor::interp::{self, Limits};
use transformer_tutor::{commands, exec};

/// The interpreter recurses on the Rust stack; its own depth limit stays well inside this.
const STACK: usize = 256 * 1024 * 1024;

fn run(cli: Cli) -> anyhow::Result<i32> {
    let lang = commands::lang(cli.lang);
    // The notebook reopens in the language the learner last used, unless `--lang` says otherwise.
    let notebook_lang = match cli.lang {
        Some(_) => lang,
        None => transformer_tutor::lesson::progress::Progress::saved_lang().unwrap_or(lang),
    };
    let limits = Limits {
        max_memory: cli.memory.unwrap_or(interp::DEFAULT_MAX_MEMORY),
        ..Limits::default()
    };
    // `check` and `trace` have one budget for the whole run as well as each cell's own.
    let whole_run = |seconds: u64| Limits {
        run_deadline: Instant::now().checked_add(Duration::from_secs(seconds)),
        ..limits.clone()
    };
    match cli.command {
        Some(Command::Exec { file, timeout }) => exec::exec_file(
            &file,
            Limits {
                max_duration: Duration::from_secs(timeout),
                ..limits.clone()
            },
        ),
        Some(Command::List { format }) => commands::list(lang, format),
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            let mut cmd = Cli::command();
            let name = cmd.get_name().to_string();
            clap_complete::generate(shell, &mut cmd, name, &mut std::io::stdout());
            Ok(0)
        }
        Some(Command::Check {
            paths,
            set,
            timeout,
        }) => commands::check(&paths, &set, &whole_run(timeout)),
        Some(Command::Trace {
            lesson,
            format,
            color,
            set,
            timeout,
        }) => commands::trace(&lesson, lang, format, color, &set, &whole_run(timeout)),
        Some(Command::Open { lesson, set }) => {
            commands::interactive(notebook_lang, Some(&lesson), false, None, &set, &limits)
        }
        Some(Command::Demo { lesson, auto, set }) => {
            commands::interactive(notebook_lang, Some(&lesson), true, auto, &set, &limits)
        }
        None => commands::interactive(notebook_lang, None, false, None, &[], &limits),
    }
}

/// `mi_option_purge_delay` in mimalloc.h (the same index in mimalloc 2 and 3; libmimalloc-sys names
/// no constant for it).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Never hand freed memory back to the OS. A paper-size forward pass frees and reallocates the same
/// 4-8 MB buffers over and over; with mimalloc's default 10 ms purge delay every one of them came back
/// as fresh pages, and zeroing them cost 18% of the run (58,803 page faults per run, 296 without purging).
/// PyTorch's CPU allocator keeps its memory the same way.
fn keep_freed_memory() {
    // SAFETY: sets a plain integer option before any other thread exists.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
}

fn main() -> ExitCode {
    keep_freed_memory();
    let cli = Cli::parse();
    let worker = std::thread::Builder::new()
        .name("tutor".into())
        .stack_size(STACK)
        .spawn(move || run(cli));
    let result = match worker {
        Ok(handle) => handle
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("internal error (the tutor panicked)"))),
        Err(e) => Err(anyhow::anyhow!("could not start: {e}")),
    };
    match result {
        Ok(code) => ExitCode::from(code.clamp(0, 255) as u8),
        Err(e) => {
            // Not `eprintln!`, which panics when stderr is gone (a terminal closed under the app).
            let _ = writeln!(std::io::stderr(), "transformer-tutor: {e:#}");
            ExitCode::from(2)
        }
    }
}
