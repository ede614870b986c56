//! Bounded reads (issue 13, item 8): `exec FILE`, `exec -`, `trace FILE` and `check FILE` read no further
//! than their limit and open only regular files, so `/dev/zero`, an endless pipe, a FIFO or a directory
//! is refused at once with the reason. The real binary runs under a 1 GiB address-space limit: reading
//! 4 GB before checking the size cannot pass quietly.

#![cfg(unix)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Runs the tutor with `args` under `ulimit -v` (1 GiB), with `stdin` as given; returns its output and
/// how long it took.
fn tutor(args: &[&str], stdin: Stdio) -> (Output, Duration) {
    let start = Instant::now();
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_transformer-tutor"))
        .args(args)
        .stdin(stdin)
        .output()
        .expect("run the tutor");
    (out, start.elapsed())
}

/// The tutor's message for `args`, checked to be a quick refusal.
fn refusal(args: &[&str]) -> String {
    let (out, took) = tutor(args, Stdio::null());
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!out.status.success(), "{args:?} succeeded: {text}");
    assert!(took < Duration::from_secs(5), "{args:?} took {took:?}");
    text
}

fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tt-reads-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.to_string_lossy().as_bytes()).expect("path");
    // SAFETY: mkfifo reads a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
}

#[test]
fn exec_refuses_devices_fifos_and_directories_at_once() {
    let dir = folder("exec");
    let fifo = dir.join("pipe.py");
    mkfifo(&fifo);
    let fifo = fifo.to_string_lossy().to_string();
    let dir_arg = dir.to_string_lossy().to_string();
    for path in ["/dev/zero", fifo.as_str(), dir_arg.as_str()] {
        let e = refusal(&["exec", path]);
        assert!(e.contains("is not a regular file"), "{path}: {e}");
        assert!(e.contains(&format!("reading {path}")), "{path}: {e}");
    }
}

#[test]
fn exec_refuses_a_script_over_the_source_limit() {
    let dir = folder("big");
    let big = dir.join("big.py");
    std::fs::write(&big, "x = 1\n".repeat(200_000)).expect("write");
    let e = refusal(&["exec", &big.to_string_lossy()]);
    assert!(e.contains("larger than 1048576 bytes"), "{e}");
    // A script under the limit runs, also through a symbolic link the learner made.
    let ok = dir.join("ok.py");
    std::fs::write(&ok, "print('ran')\n").expect("write");
    let link = dir.join("link.py");
    std::os::unix::fs::symlink(&ok, &link).expect("symlink");
    let (out, _) = tutor(&["exec", &link.to_string_lossy()], Stdio::null());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ran\n");
}

#[test]
fn endless_standard_input_stops_at_the_limit() {
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" exec -")
        .arg(env!("CARGO_BIN_EXE_transformer-tutor"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the tutor");
    let mut stdin = child.stdin.take().expect("stdin");
    // Writes until the tutor stops reading (a broken pipe) or 64 MiB, far past the 1 MiB limit.
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'#'; 64 * 1024];
        let mut written = 0usize;
        while written < 64 << 20 && stdin.write_all(&chunk).is_ok() {
            written += chunk.len();
        }
        written
    });
    let out = child.wait_with_output().expect("wait");
    let written = writer.join().expect("writer");
    let e = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        e.contains("standard input") && e.contains("larger than 1048576 bytes"),
        "{e}"
    );
    assert!(written < 64 << 20, "the tutor read all {written} bytes");
    assert!(start.elapsed() < Duration::from_secs(5));
    // Piped input under the limit still runs.
    let mut child = Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .args(["exec", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run the tutor");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"print(6 * 7)\n")
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "42\n");
}

#[test]
fn trace_and_check_refuse_a_lesson_path_that_is_not_a_regular_file() {
    let dir = folder("lessons");
    let fifo = dir.join("lesson.md");
    mkfifo(&fifo);
    let fifo = fifo.to_string_lossy().to_string();
    for args in [
        ["trace", "/dev/zero"],
        ["trace", fifo.as_str()],
        ["check", "/dev/zero"],
        ["check", fifo.as_str()],
    ] {
        let e = refusal(&args);
        assert!(e.contains("is not a regular file"), "{args:?}: {e}");
    }
    let big = dir.join("big.md");
    std::fs::File::create(&big)
        .and_then(|f| f.set_len(64 << 20))
        .expect("big file");
    let e = refusal(&["trace", &big.to_string_lossy()]);
    assert!(e.contains("larger than"), "{e}");
}
