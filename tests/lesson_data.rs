//! A shared lesson folder cannot make the tutor read outside it (issue 13, item 1): a `data:` entry that
//! is a symlink (to a file, or through a symlinked directory), a FIFO, a device, a directory or a huge file
//! is refused with its reason, at once.

#![cfg(unix)]

use std::path::Path;
use std::time::{Duration, Instant};

use transformer_tutor::lesson::{Lang, kernel::Kernel, parse::parse_lesson};

/// A lesson in `dir` binding `text = <entry>`, and what loading it says (`Ok` with the text bound).
fn load(dir: &Path, entry: &str) -> Result<(), String> {
    let path = dir.join("lesson.md");
    let text = format!(
        "---\nid: t\ntitle: T\norder: 1\ndata:\n  text: {entry}\n---\n\n```python\nprint(len(text))\n```\n"
    );
    std::fs::write(&path, &text).expect("write lesson");
    let lesson = parse_lesson(&text, &path.to_string_lossy(), Lang::En).expect("parses");
    Kernel::new(&lesson, &[])
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn folder(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tt-data-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_plain_file_in_the_folder_is_read() {
    let dir = folder("plain");
    std::fs::create_dir_all(dir.join("data")).unwrap();
    std::fs::write(dir.join("data/words.txt"), "커피 가 맛 이").unwrap();
    assert_eq!(load(&dir, "data/words.txt"), Ok(()));
}

#[test]
fn symlinks_are_refused_to_files_and_through_directories() {
    let dir = folder("links");
    std::os::unix::fs::symlink("/etc/passwd", dir.join("passwd.txt")).unwrap();
    std::os::unix::fs::symlink("/proc/self", dir.join("me")).unwrap();
    let e = load(&dir, "passwd.txt").unwrap_err();
    assert!(e.contains("symbolic link"), "{e}");
    let e = load(&dir, "me/environ").unwrap_err();
    assert!(e.contains("symbolic link"), "{e}");
}

#[test]
fn paths_that_leave_the_folder_are_refused() {
    let dir = folder("escape");
    for entry in ["../secret.txt", "/etc/passwd", "a/../../b"] {
        let e = load(&dir, entry).unwrap_err();
        assert!(e.contains("relative path"), "{entry}: {e}");
    }
}

#[test]
fn a_fifo_a_device_a_directory_and_a_huge_file_are_refused_at_once() {
    let dir = folder("special");
    let fifo = dir.join("pipe.txt");
    let c = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).unwrap();
    // SAFETY: mkfifo reads a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let big = std::fs::File::create(dir.join("big.txt")).unwrap();
    big.set_len(64 << 20).unwrap();
    let start = Instant::now();
    for (entry, why) in [
        ("pipe.txt", "not a regular file"),
        ("sub", "not a regular file"),
        ("big.txt", "at most"),
    ] {
        let e = load(&dir, entry).unwrap_err();
        assert!(e.contains(why), "{entry}: {e}");
    }
    assert!(start.elapsed() < Duration::from_secs(5));
}
