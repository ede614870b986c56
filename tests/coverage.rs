//! API coverage: the probe of `../shared/api/coverage.py` (PyTorch's core sections, the Tensor methods,
//! `torch.nn.functional`, `torch.nn`, the builtins, the standard-library modules and the dtypes learners
//! use), committed as `tests/data/coverage/probe.py`, run through the interpreter. What it reports is
//! recorded in `tests/data/coverage/report.txt`; the test fails when a list loses a name, and when a list
//! gains one the report does not show yet (`COVERAGE_UPDATE=1 cargo test --release --test coverage`
//! rewrites the report; refresh the probe with `python3 ../shared/api/coverage.py >
//! tests/data/coverage/probe.py`). Presence is not correctness: the op sweep (`tests/sweep.rs`) checks
//! behaviour.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use transformer_tutor::interp::Interpreter;

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/coverage")
}

/// `(label, have, total, missing names)` per list, from the probe's output.
fn parse(report: &str) -> Vec<(String, usize, usize, BTreeSet<String>)> {
    let mut lists = Vec::new();
    for line in report.lines() {
        if let Some(names) = line.trim_start().strip_prefix("missing: ") {
            if let Some(last) = lists.last_mut() {
                let (_, _, _, missing): &mut (String, usize, usize, BTreeSet<String>) = last;
                missing.extend(names.split_whitespace().map(str::to_string));
            }
        } else if let Some((label, counts)) = line.rsplit_once(": ")
            && let Some((have, total)) = counts.split_once('/')
            && let (Ok(have), Ok(total)) = (have.parse(), total.parse())
        {
            lists.push((label.to_string(), have, total, BTreeSet::new()));
        }
    }
    lists
}

#[test]
fn no_list_loses_a_name() {
    let probe = std::fs::read_to_string(data().join("probe.py")).expect("the committed probe");
    let mut interp = Interpreter::new();
    let result = interp.run(&probe, "probe.py");
    let report = interp.take_output();
    assert!(
        result.is_ok(),
        "the probe raised: {:?}\n{report}",
        result.err().map(|e| e.summary())
    );
    let path = data().join("report.txt");
    if std::env::var_os("COVERAGE_UPDATE").is_some() {
        std::fs::write(&path, &report).expect("write the report");
        return;
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    let (now, then) = (parse(&report), parse(&recorded));
    assert_eq!(now.len(), 7, "the probe reports seven lists:\n{report}");
    let mut problems = Vec::new();
    for (label, have, total, missing) in &now {
        let Some((_, had, _, was_missing)) = then.iter().find(|(l, ..)| l == label) else {
            problems.push(format!("{label}: not in the recorded report"));
            continue;
        };
        let lost: Vec<_> = missing.difference(was_missing).collect();
        if !lost.is_empty() {
            problems.push(format!("{label} lost {lost:?}"));
        }
        if have != had {
            problems.push(format!(
                "{label}: {have}/{total} provided, the report says {had}; rerun with COVERAGE_UPDATE=1"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
