//! The sandbox's limits as the real binary meets them: each reproducer runs `transformer-tutor` in a child
//! process under a small `--memory` budget and is held to it by the child's peak resident memory.
//!
//! Kept apart from `sandbox.rs`, whose tests run interpreters in this process: Linux carries a parent's
//! peak RSS into a forked child's `ru_maxrss` (`exec_mmap` keeps the old mm's high-water mark), so a child
//! spawned after an in-process test had peaked at a few hundred MiB reported that peak as its own. This
//! binary runs no interpreter itself, so what `wait4` reports is the child's.

use std::time::{Duration, Instant};

// ---------------------------------------------------------------------------------------------------------
// Issue 13: each reproducer runs in a child process (the real binary) under a small `--memory` budget, with
// an address-space limit as a backstop so a regression fails the test instead of exhausting the machine.
// The child must end with a clear, located Python error within its time budget, and its peak resident
// memory (from `wait4`) must stay below the budget plus a margin.

/// What a child run of `transformer-tutor` did.
struct Child {
    code: Option<i32>,
    signal: Option<i32>,
    stdout: String,
    stderr: String,
    /// Peak resident memory in bytes.
    max_rss: u64,
    elapsed: Duration,
}

/// The address space a child may reserve: far above every budget used here, far below the machine's
/// memory.
const ADDRESS_SPACE: u64 = 6 << 30;

/// Runs the binary with `args`; its stdout is kept unless `discard_stdout` (a trace of hundreds of MB would
/// otherwise be read into this test process, which shares its memory account with the other tests).
fn tutor_child(args: &[&str], stdin_file: Option<&std::path::Path>) -> Child {
    run_tutor(args, stdin_file, false)
}

fn run_tutor(args: &[&str], stdin_file: Option<&std::path::Path>, discard_stdout: bool) -> Child {
    use std::os::unix::process::CommandExt;
    let dir = std::env::temp_dir().join(format!(
        "tutor-sandbox-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let (out_path, err_path) = (dir.join("stdout"), dir.join("stderr"));
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_transformer-tutor"));
    cmd.args(args)
        .env("NO_COLOR", "1")
        .env("HOME", &dir)
        .env("XDG_DATA_HOME", &dir)
        .stderr(std::fs::File::create(&err_path).unwrap());
    if discard_stdout {
        cmd.stdout(std::process::Stdio::null());
    } else {
        cmd.stdout(std::fs::File::create(&out_path).unwrap());
    }
    match stdin_file {
        Some(p) => cmd.stdin(std::fs::File::open(p).unwrap()),
        None => cmd.stdin(std::process::Stdio::null()),
    };
    // SAFETY: setrlimit is async-signal-safe and touches nothing shared with the parent.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: ADDRESS_SPACE,
                rlim_max: ADDRESS_SPACE,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let start = Instant::now();
    // Reaped below with wait4, which also reports the child's peak memory.
    #[allow(clippy::zombie_processes)]
    let child = cmd.spawn().expect("start transformer-tutor");
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child and writes only into the two locals.
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32, "wait4");
    let elapsed = start.elapsed();
    let read = |p: &std::path::Path| {
        String::from_utf8_lossy(&std::fs::read(p).unwrap_or_default()).into_owned()
    };
    let out = Child {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
        stdout: read(&out_path),
        stderr: read(&err_path),
        max_rss: usage.ru_maxrss as u64 * 1024,
        elapsed,
    };
    let _ = std::fs::remove_dir_all(&dir);
    out
}

static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// Runs `src` with `exec` under `memory` (a `--memory` value) and `timeout` seconds.
fn exec_child(src: &str, memory: &str, timeout: u64) -> Child {
    let dir = std::env::temp_dir().join(format!(
        "tutor-src-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("cell.py");
    std::fs::write(&file, src).unwrap();
    let t = timeout.to_string();
    let out = tutor_child(
        &[
            "--memory",
            memory,
            "exec",
            "--timeout",
            &t,
            file.to_str().unwrap(),
        ],
        None,
    );
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// The child failed with `kind` at one of `lines` of the cell, alive (no signal) and inside `budget` bytes plus
/// a margin for the binary itself and the allocator's slack.
#[track_caller]
fn fails_cleanly(c: &Child, kind: &str, lines: &[usize], budget: u64) {
    let what = c.stderr.lines().nth(2).unwrap_or_default().trim();
    assert_eq!(c.signal, None, "killed by a signal; stderr: {}", c.stderr);
    assert_eq!(c.code, Some(1), "stderr: {}", c.stderr);
    let last = c.stderr.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with(&format!("{kind}: ")),
        "expected {kind}, got: {}",
        c.stderr
    );
    assert!(
        lines
            .iter()
            .any(|line| c.stderr.contains(&format!("line {line}, in <module>"))),
        "not located at line {lines:?}: {}",
        c.stderr
    );
    let margin = 96 << 20;
    assert!(
        c.max_rss < budget + margin,
        "`{what}`: peak RSS {} MiB over the budget of {} MiB",
        c.max_rss >> 20,
        budget >> 20
    );
}

const MIB_256: u64 = 256 << 20;

#[test]
fn growing_strings_ask_the_budget_before_they_are_built() {
    for (src, line) in [
        ("x = 'a'.ljust(10**10)", 1),
        ("x = '7'.zfill(10**10)", 1),
        ("x = 'a'.center(10**10, '*')", 1),
        ("x = 'a'.rjust(10**10)", 1),
        ("s = 'a' * 1000\nt = s.replace('a', 'b' * 10**7)", 2),
        ("parts = ['a' * 10**6] * 10**4\ns = ','.join(parts)", 2),
        ("s = 'ab'\nfor i in range(40):\n    s = s + s", 3),
        ("s = 'ab' * 10**10", 1),
        ("x = [f'{i:>10000000}' for i in range(1000)]", 1),
    ] {
        let c = exec_child(src, "256M", 20);
        fails_cleanly(&c, "MemoryError", &[line], MIB_256);
        assert!(
            c.stderr.contains("memory budget is 256.0 MiB"),
            "{src}: {}",
            c.stderr
        );
    }
}

#[test]
fn containers_and_tensors_share_one_budget() {
    // Growth made of small pieces (the dict, the list of lists) is caught either by the look at the account
    // each step of a loop takes (the loop's line) or when a buffer asks to double (the line inside).
    let cases: [(&str, &str, &[usize]); 7] = [
        ("x = [0] * 60_000_000", "MemoryError", &[1]),
        ("x = list(range(10**8))\nx.sort()", "MemoryError", &[1]),
        (
            "d = {}\nfor i in range(10**8):\n    d[i] = i",
            "MemoryError",
            &[2, 3],
        ),
        (
            "x = []\nwhile True:\n    x.append([1, 2, 3])",
            "MemoryError",
            &[2, 3],
        ),
        (
            "import torch\nxs = []\nfor i in range(100):\n    xs.append(torch.zeros(2000, 2000))",
            "MemoryError",
            &[4],
        ),
        (
            "import torch\nx = torch.zeros(3000, 3000).tolist()",
            "MemoryError",
            &[2],
        ),
        (
            "import torch\nt = torch.tril_indices(10**6, 10**6)",
            "MemoryError",
            &[2],
        ),
    ];
    for (src, kind, lines) in cases {
        let c = exec_child(src, "256M", 30);
        fails_cleanly(&c, kind, lines, MIB_256);
    }
}

#[test]
fn nested_values_raise_instead_of_overflowing_the_stack() {
    let nest = |wrap: &str| format!("x = 1\nfor i in range(10**6):\n    x = {wrap}\n");
    for (src, kind, line) in [
        (nest("[x]") + "s = str(x)", "RecursionError", 4),
        (nest("(x,)") + "h = hash(x)", "RecursionError", 4),
        (
            nest("[x]") + "import copy\ny = copy.deepcopy(x)",
            "RecursionError",
            5,
        ),
        (
            nest("[x]") + "import torch\nt = torch.tensor(x)",
            "ValueError",
            5,
        ),
        (
            nest("[x]") + "y = 1\nfor i in range(10**6):\n    y = [y]\nb = x == y",
            "RecursionError",
            7,
        ),
    ] {
        let c = exec_child(&src, "1G", 30);
        fails_cleanly(&c, kind, &[line], 1 << 30);
    }
    // Dropping a list nested five million deep: no recursion, so no crash, and the process goes on.
    let c = exec_child(
        "x = []\nfor i in range(5 * 10**6):\n    x = [x]\ndel x\nd = {}\nfor i in range(10**6):\n    d = {1: d}\nd = None\nprint('still here')",
        "1536M",
        60,
    );
    assert_eq!(c.signal, None, "{}", c.stderr);
    assert_eq!(
        (c.code, c.stdout.as_str()),
        (Some(0), "still here\n"),
        "{}",
        c.stderr
    );
}

#[test]
fn native_loops_honour_the_time_budget() {
    let c = exec_child(
        "import torch\nt = torch.tril_indices(10**9, 10**9, -2**62)\nprint(t.shape)\na = torch.ones(5000, 5000)\nb = a @ a @ a @ a",
        "1G",
        2,
    );
    assert_eq!(c.stdout, "torch.Size([2, 0])\n", "{}", c.stderr);
    fails_cleanly(&c, "TimeoutError", &[5], 1 << 30);
    assert!(c.elapsed < Duration::from_secs(8), "took {:?}", c.elapsed);
}

/// A lesson file with the given front matter dims and cells, in a fresh folder.
fn lesson_file(dims: &str, cells: &[&str]) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!(
        "tutor-lesson-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut text = format!("---\nid: hostile\ntitle: Hostile\norder: 1\n{dims}---\n\n# Cells\n");
    for c in cells {
        text.push_str(&format!("\n```python\n{c}\n```\n"));
    }
    let path = dir.join("hostile.md");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn lessons_meet_the_same_budgets_in_check_and_trace() {
    // A dim expression that would build a 10 GB string.
    let (dir, path) = lesson_file("dims:\n  n: len('a'.ljust(10**10))\n", &["x = n"]);
    let c = tutor_child(&["--memory", "256M", "check", path.to_str().unwrap()], None);
    assert_eq!(c.signal, None, "{}", c.stderr);
    assert_eq!(c.code, Some(1));
    assert!(
        c.stdout.contains("hostile.md:1: dim `n`: MemoryError"),
        "{}",
        c.stdout
    );
    let _ = std::fs::remove_dir_all(dir);

    // Thirty heatmaps of one large map: each copy is asked of the budget and kept as block means.
    let heatmaps = "# heatmap: x\n".repeat(30);
    let cell = format!("import torch\nx = torch.rand(3000, 3000)\n{heatmaps}");
    let (dir, path) = lesson_file("", &[&cell]);
    for args in [
        vec!["--memory", "512M", "check", path.to_str().unwrap()],
        vec![
            "--memory",
            "512M",
            "trace",
            path.to_str().unwrap(),
            "--format",
            "json",
        ],
    ] {
        let c = run_tutor(&args, None, true);
        assert_eq!(
            (c.signal, c.code),
            (None, Some(0)),
            "{args:?}: {}",
            c.stderr
        );
        assert!(c.max_rss < (512 + 96) << 20, "{} MiB", c.max_rss >> 20);
    }
    let _ = std::fs::remove_dir_all(dir);

    // A lesson of slow cells: the whole check stops at its --timeout, not after a budget per cell.
    let slow = "i = 0\nwhile True:\n    i += 1";
    let (dir, path) = lesson_file("", &[slow, slow, slow, slow, slow]);
    for cmd in ["check", "trace"] {
        let c = tutor_child(&[cmd, path.to_str().unwrap(), "--timeout", "2"], None);
        assert_eq!((c.signal, c.code), (None, Some(1)), "{cmd}: {}", c.stderr);
        assert!(
            c.elapsed < Duration::from_secs(8),
            "{cmd} took {:?}",
            c.elapsed
        );
        assert!(c.stdout.contains("TimeoutError"), "{cmd}: {}", c.stdout);
    }
    let _ = std::fs::remove_dir_all(dir);
}
