//! Golden tests: every `tests/golden/*.py` script runs under `transformer-tutor exec`, and its stdout must
//! equal the `.out` file that `tests/golden/generate.py` recorded from real PyTorch; scripts that end in an
//! exception must also end with the same final traceback line (`.err`). No PyTorch is needed here.
//!
//! Each script is its own test (a `harness = false` test on `libtest-mimic`), named by the script's stem,
//! so one topic runs alone: `cargo test --release --test golden -- masked_fill`.
//!
//! `tests/golden/known_gaps.txt` names scripts the engine does not match yet, each with the reason. They
//! run as tests of kind `known gap`, which pass while the script still differs (the difference is printed)
//! and fail once it matches, so the list stays honest. A script without its `.out`, a known gap naming no
//! script, or an `.out`/`.err` without a script fails the `golden_files` test.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use libtest_mimic::{Arguments, Failed, Trial};

/// Fewer scripts than this means the folder was not found or was emptied by mistake.
const MIN_SCRIPTS: usize = 50;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("golden")
}

/// `name: reason` lines of `known_gaps.txt` (blank lines and `#` comments skipped).
fn known_gaps() -> Result<BTreeMap<String, String>, String> {
    let path = golden_dir().join("known_gaps.txt");
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(BTreeMap::new()),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let mut gaps = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((name, why)) = line.split_once(':') else {
            return Err(format!(
                "known_gaps.txt line {}: expected `name: reason`, got {line:?}",
                i + 1
            ));
        };
        gaps.insert(name.trim().to_string(), why.trim().to_string());
    }
    Ok(gaps)
}

/// Stems of the files in `tests/golden` with extension `ext` (`generate.py` excluded), sorted.
fn stems(ext: &str) -> Result<Vec<String>, String> {
    let dir = golden_dir();
    let entries =
        std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    let mut names: Vec<String> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
        .filter(|s| !(ext == "py" && s == "generate"))
        .collect();
    names.sort();
    Ok(names)
}

/// Runs one script; `Err` describes how it differs from what PyTorch printed.
fn check(name: &str) -> Result<(), String> {
    let dir = golden_dir();
    let out_path = dir.join(format!("{name}.out"));
    let expected_out = std::fs::read_to_string(&out_path).map_err(|e| {
        format!(
            "{name}.py has no readable {name}.out ({e}); record it from PyTorch with\n  \
             .venv/bin/python tests/golden/generate.py {name}"
        )
    })?;
    let expected_err = std::fs::read_to_string(dir.join(format!("{name}.err"))).ok();
    let output = Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .arg("exec")
        .arg(format!("{name}.py"))
        .current_dir(&dir)
        .output()
        .map_err(|e| format!("could not run transformer-tutor exec: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stdout != expected_out {
        let first = stdout
            .lines()
            .zip(expected_out.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| stdout.lines().count().min(expected_out.lines().count()));
        return Err(format!(
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
                return Err(format!(
                    "expected exit status 1, got {:?}",
                    output.status.code()
                ));
            }
            if last != err.trim_end() {
                return Err(format!(
                    "final traceback line:\n  got:      {last:?}\n  expected: {:?}",
                    err.trim_end()
                ));
            }
        }
        None => {
            if !output.status.success() {
                return Err(format!(
                    "exited with {:?}: {}",
                    output.status.code(),
                    stderr.trim_end()
                ));
            }
        }
    }
    Ok(())
}

/// A script in `known_gaps.txt`: passes while it still differs, fails once it matches.
fn check_known_gap(name: &str, why: &str) -> Result<(), Failed> {
    match check(name) {
        Ok(()) => Err(format!(
            "{name} now matches PyTorch; delete its line from tests/golden/known_gaps.txt"
        )
        .into()),
        Err(difference) => {
            eprintln!("known gap {name} ({why}):\n{difference}");
            Ok(())
        }
    }
}

/// Every script has its `.out`, every `.out`/`.err` its script, every known gap a script.
fn check_files(
    scripts: &[String],
    gaps: &BTreeMap<String, String>,
    gaps_error: Option<&str>,
) -> Result<(), Failed> {
    let mut problems = Vec::new();
    if let Some(e) = gaps_error {
        problems.push(e.to_string());
    }
    if scripts.len() < MIN_SCRIPTS {
        problems.push(format!(
            "expected the golden suite (at least {MIN_SCRIPTS} scripts), found {}",
            scripts.len()
        ));
    }
    let outs = stems("out")?;
    let errs = stems("err")?;
    for name in scripts {
        if outs.binary_search(name).is_err() {
            problems.push(format!(
                "{name}.py has no {name}.out; record it with .venv/bin/python tests/golden/generate.py {name}"
            ));
        }
    }
    for (ext, names) in [("out", &outs), ("err", &errs)] {
        for name in names {
            if scripts.binary_search(name).is_err() {
                problems.push(format!("{name}.{ext} has no {name}.py"));
            }
        }
    }
    for name in gaps.keys() {
        if scripts.binary_search(name).is_err() {
            problems.push(format!(
                "known_gaps.txt names {name}, which has no {name}.py"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n").into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let scripts = match stems("py") {
        Ok(s) => s,
        Err(e) => {
            eprintln!("golden: {e}");
            std::process::exit(101);
        }
    };
    let (gaps, gaps_error) = match known_gaps() {
        Ok(g) => (g, None),
        Err(e) => (BTreeMap::new(), Some(e)),
    };
    if !args.list {
        eprintln!(
            "golden: {} scripts, {} of them known gaps",
            scripts.len(),
            scripts.iter().filter(|s| gaps.contains_key(*s)).count()
        );
    }
    let mut trials = vec![{
        let scripts = scripts.clone();
        let gaps = gaps.clone();
        Trial::test("golden_files", move || {
            check_files(&scripts, &gaps, gaps_error.as_deref())
        })
    }];
    for name in scripts {
        let trial = match gaps.get(&name) {
            Some(why) => {
                let why = why.clone();
                let test_name = name.clone();
                Trial::test(test_name, move || check_known_gap(&name, &why)).with_kind("known gap")
            }
            None => {
                let test_name = name.clone();
                Trial::test(test_name, move || check(&name).map_err(Failed::from))
            }
        };
        trials.push(trial);
    }
    libtest_mimic::run(&args, trials).exit();
}
