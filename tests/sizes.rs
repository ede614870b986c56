//! `--set NAME=VALUE` follows the Sizes panel's rules (src/lesson/sizes.rs): a whole number from 1 to 4096,
//! vocabularies up to 65536. What the panel refuses, every command refuses before running a cell, with the
//! panel's reason.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tutor(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .args(args)
        .env("NO_COLOR", "1")
        .env(
            "TRANSFORMER_TUTOR_HOME",
            std::env::temp_dir().join(format!("tt-sizes-home-{}", std::process::id())),
        )
        .output()
        .expect("run transformer-tutor")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

/// A one-cell lesson with a batch, a sequence length and a vocabulary, small at any allowed size.
fn tiny_lesson(tag: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("tt-sizes-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("tiny.md");
    std::fs::write(
        &path,
        "---\nid: tiny\ntitle: Tiny\norder: 1\ndims:\n  bs: 2\n  sl: 3\n  src_vocab: 10\n---\n\n```python\nimport torch\nx = torch.zeros(bs, sl)\n# x: [bs, sl]\nt = torch.zeros(src_vocab)\n# t: [src_vocab]\n```\n",
    )
    .expect("write lesson");
    (dir, path)
}

#[test]
fn zero_and_oversized_dims_are_refused_on_the_command_line_as_in_the_panel() {
    for (set, says) in [
        ("sl=0", "--set sl=0: sl: must be at least 1 (0)"),
        ("sl=-2", "--set sl=-2: sl: must be at least 1 (-2)"),
        (
            "sl=100000",
            "--set sl=100000: sl: 100000 is too large (at most 4096)",
        ),
        ("sl=1e3", "--set sl=1e3: sl: `1e3` is not a whole number"),
        ("sl=", "--set sl=: sl: type a value"),
        ("sl", "--set sl: expected NAME=VALUE"),
        ("=5", "--set =5: expected NAME=VALUE"),
    ] {
        for command in ["trace", "open", "demo"] {
            let out = tutor(&[command, "masking", "--set", set]);
            assert_eq!(out.status.code(), Some(2), "{command} --set {set}");
            assert!(
                stderr(&out).contains(says),
                "{command} --set {set}: {}",
                stderr(&out)
            );
            assert!(
                out.stdout.is_empty(),
                "{command} --set {set} ran: {}",
                String::from_utf8_lossy(&out.stdout)
            );
        }
        let out = tutor(&["check", "--set", set]);
        assert_eq!(out.status.code(), Some(2), "check --set {set}");
        assert!(
            stderr(&out).contains(says),
            "check --set {set}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn the_limits_are_inclusive_and_vocabularies_may_be_larger() {
    let (dir, path) = tiny_lesson("limits");
    let file = path.to_str().expect("utf-8 path");
    for ok in [
        ["--set", "sl=4096"],
        ["--set", "bs=1"],
        ["--set", "src_vocab=65536"],
    ] {
        let mut args = vec!["check", file];
        args.extend(ok);
        let out = tutor(&args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(": 0 problems"), "{}", stderr(&out));
    }
    for (set, says) in [
        ("sl=4097", "sl: 4097 is too large (at most 4096)"),
        (
            "src_vocab=65537",
            "src_vocab: 65537 is too large (at most 65536)",
        ),
    ] {
        let out = tutor(&["check", file, "--set", set]);
        assert_eq!(out.status.code(), Some(2), "{set}");
        assert!(stderr(&out).contains(says), "{set}: {}", stderr(&out));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn trace_runs_at_a_size_inside_the_limits() {
    let out = tutor(&["trace", "masking", "--set", "sl=9", "--color", "never"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("sl=9"));
}
