//! No input may panic or hang the engine: every golden script is cut, shuffled and corrupted in
//! deterministic ways, and each variant must finish with output or a Python exception.

use std::path::Path;
use std::time::{Duration, Instant};

use transformer_tutor::exec::run_source;
use transformer_tutor::interp::Limits;

/// Deterministic variants of a script: truncations, dropped and duplicated lines, swapped lines, and
/// single-character corruptions.
fn variants(src: &str) -> Vec<String> {
    let lines: Vec<&str> = src.lines().collect();
    let n = lines.len().max(1);
    let mut out = Vec::new();
    for k in [n / 3, n / 2, 2 * n / 3] {
        out.push(lines[..k.min(lines.len())].join("\n"));
        let mut dropped = lines.clone();
        if k < dropped.len() {
            dropped.remove(k);
        }
        out.push(dropped.join("\n"));
        let mut dup = lines.clone();
        if k < dup.len() {
            dup.insert(k, lines[k]);
        }
        out.push(dup.join("\n"));
        let mut swapped = lines.clone();
        if k + 1 < swapped.len() {
            swapped.swap(k, k + 1);
        }
        out.push(swapped.join("\n"));
    }
    let bytes: Vec<char> = src.chars().collect();
    for (i, c) in [
        (bytes.len() / 5, '('),
        (bytes.len() / 4, ']'),
        (bytes.len() / 2, '\''),
        (3 * bytes.len() / 4, '-'),
    ] {
        let mut b = bytes.clone();
        if i < b.len() {
            b[i] = c;
        }
        out.push(b.into_iter().collect());
    }
    out
}

#[test]
fn corrupted_golden_scripts_never_panic_or_hang() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden");
    let mut scripts: Vec<_> = std::fs::read_dir(&dir)
        .expect("golden dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|e| e == "py")
                && p.file_stem().is_some_and(|s| s != "generate")
        })
        .collect();
    scripts.sort();
    let start = Instant::now();
    let mut runs = 0;
    for script in &scripts {
        let src = std::fs::read_to_string(script).expect("read script");
        for v in variants(&src) {
            let t = Instant::now();
            let outcome = run_source(
                v,
                "variant.py".into(),
                Limits::timed(Duration::from_secs(5)),
            );
            assert!(
                outcome.is_ok(),
                "{} variant panicked the interpreter",
                script.display()
            );
            assert!(
                t.elapsed() < Duration::from_secs(8),
                "{} variant took {:?}",
                script.display(),
                t.elapsed()
            );
            runs += 1;
        }
    }
    eprintln!(
        "robustness: {runs} corrupted variants ran in {:?}",
        start.elapsed()
    );
}
