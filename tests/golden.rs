//! Golden tests: every `tests/golden/*.py` script runs under `transformer-tutor exec`, and its stdout must
//! equal the `.out` file that `tests/golden/generate.py` recorded from real PyTorch; scripts that end in an
//! exception must also end with the same final traceback line (`.err`). No PyTorch is needed here.
//!
//! `tests/golden/known_gaps.txt` names scripts the engine does not match yet, each with the reason. They
//! are run and reported, and the test fails if one of them starts to pass (so the list stays honest).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
}

fn known_gaps() -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(golden_dir().join("known_gaps.txt")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (name, why) = l.split_once(':')?;
            Some((name.trim().to_string(), why.trim().to_string()))
        })
        .collect()
}

/// Runs one script; returns a description of the mismatch, if any.
fn check(script: &Path) -> Option<String> {
    let stem = script.with_extension("");
    let expected_out = std::fs::read_to_string(stem.with_extension("out")).ok()?;
    let expected_err = std::fs::read_to_string(stem.with_extension("err")).ok();
    let output = Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .arg("exec")
        .arg(script.file_name()?)
        .current_dir(golden_dir())
        .output()
        .expect("run transformer-tutor");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stdout != expected_out {
        let first = stdout
            .lines()
            .zip(expected_out.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| stdout.lines().count().min(expected_out.lines().count()));
        return Some(format!(
            "stdout differs from line {}:\n  got:      {:?}\n  expected: {:?}\n  stderr: {}",
            first + 1,
            stdout.lines().nth(first).unwrap_or("<end>"),
            expected_out.lines().nth(first).unwrap_or("<end>"),
            stderr.lines().last().unwrap_or("")
        ));
    }
    match expected_err {
        Some(err) => {
            let last = stderr
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            if output.status.code() != Some(1) {
                return Some(format!(
                    "expected exit status 1, got {:?}",
                    output.status.code()
                ));
            }
            if last != err.trim_end() {
                return Some(format!(
                    "final traceback line:\n  got:      {last:?}\n  expected: {:?}",
                    err.trim_end()
                ));
            }
        }
        None => {
            if !output.status.success() {
                return Some(format!(
                    "exited with {:?}: {}",
                    output.status.code(),
                    stderr.trim_end()
                ));
            }
        }
    }
    None
}

#[test]
fn exec_matches_pytorch_on_every_golden_script() {
    let gaps = known_gaps();
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| e == "py")
                && p.file_stem().is_some_and(|s| s != "generate")
        })
        .collect();
    scripts.sort();
    assert!(
        scripts.len() >= 50,
        "expected the golden suite, found {} scripts",
        scripts.len()
    );
    let mut failures = Vec::new();
    let mut fixed_gaps = Vec::new();
    let mut gap_count = 0;
    for script in &scripts {
        let name = script
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let problem = check(script);
        match (gaps.get(&name), problem) {
            (Some(_), Some(_)) => gap_count += 1,
            (Some(_), None) => fixed_gaps.push(name),
            (None, Some(p)) => failures.push(format!("{name}: {p}")),
            (None, None) => {}
        }
    }
    eprintln!(
        "golden: {} scripts, {} match PyTorch, {} known gaps",
        scripts.len(),
        scripts.len() - failures.len() - gap_count - fixed_gaps.len(),
        gap_count
    );
    assert!(
        fixed_gaps.is_empty(),
        "these now match PyTorch; remove them from known_gaps.txt: {fixed_gaps:?}"
    );
    assert!(
        failures.is_empty(),
        "{} golden scripts differ from PyTorch:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
