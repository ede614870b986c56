//! The op sweep: every function, method and module the tutor exposes, run on generated inputs (dtypes,
//! 0-d, empty, one element, broadcast, non-contiguous views, keywords, in-place forms, error cases) and
//! compared with what PyTorch printed for the same snippet: the result's repr, dtype, shape, strides,
//! values (`tolist`, exact), whether it shares storage with its input, or the exception's class and message.
//!
//! The cases are written by `tools/sweep/gen.py` (with torch) into `tests/data/sweep/*.json`; this test
//! needs no PyTorch. Each case is its own test, named `<group>::<case>`:
//!
//!     cargo test --release --test sweep                 # all
//!     cargo test --release --test sweep -- pointwise::  # one group
//!
//! Three more tests hold the sweep to the tutor's surface:
//! - `exposed_names`: `tests/data/sweep/exposed.txt` is the list of every exposed name
//!   (`transformer_tutor::interp::torch::exposed_names`); `SWEEP_UPDATE=1` rewrites it, and the generator
//!   sweeps the names it lists.
//! - `every_exposed_name_is_swept`: each exposed name appears in some case's `ops`, or in
//!   `tests/data/sweep/unswept.txt` (the names still to sweep; a name that is swept must leave that list).
//! - `known.txt` lists the cases where the tutor still differs (`id  # reason`): they run as tests of kind
//!   `known mismatch` that pass while the case differs and fail once it matches, so the line gets deleted.
//!   `SWEEP_UPDATE=known` rewrites it from what differs now; `SWEEP_SHOW_KNOWN=1` shows their differences.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use serde::Deserialize;
use transformer_tutor::interp::Interpreter;

#[derive(Deserialize)]
struct Group {
    torch: String,
    prelude: String,
    cases: Vec<Case>,
}

#[derive(Deserialize, Clone)]
struct Case {
    id: String,
    ops: Vec<String>,
    src: String,
    out: String,
}

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sweep")
}

/// What the tutor prints for `prelude + src`, with the uncaught exception's last traceback line appended
/// (as the generator appends PyTorch's).
fn tutor_output(prelude: &str, src: &str) -> String {
    let mut interp = Interpreter::new();
    // The generator runs PyTorch on one thread (`torch.set_num_threads(1)`), and a few kernels
    // choose their path by the thread count.
    interp.num_threads = 1;
    // The generator's `reset()` seeds PyTorch's default generator with 0 before every case, so a case
    // that draws without its own `torch.manual_seed` draws from seed 0, not from c10's default seed.
    if let Err(e) = interp.run("import torch\ntorch.manual_seed(0)\n", "<reset>") {
        panic!("the sweep's reset failed: {}", e.summary());
    }
    interp.take_output();
    let source = format!("{prelude}{src}");
    let result = interp.run(&source, "<sweep>");
    let mut out = interp.take_output();
    if let Err(e) = result {
        out.push_str(&e.summary());
        out.push('\n');
    }
    out
}

fn compare(prelude: &str, case: &Case) -> Result<(), String> {
    let got = tutor_output(prelude, &case.src);
    if got == case.out {
        return Ok(());
    }
    Err(format!(
        "--- source\n{}--- PyTorch\n{}--- tutor\n{}---",
        case.src, case.out, got
    ))
}

/// `id  # reason` lines.
fn read_list(name: &str) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(data_dir().join(name)).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once('#') {
            Some((id, why)) => (id.trim().to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

fn load_groups() -> Result<Vec<(String, Group)>, String> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(data_dir())
        .map_err(|e| format!("tests/data/sweep: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let stem = p
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            let group: Group =
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))?;
            Ok((stem, group))
        })
        .collect()
}

fn exposed_names_test() -> Result<(), Failed> {
    let names = transformer_tutor::interp::torch::exposed_names();
    let text: String = names.iter().map(|n| format!("{n}\n")).collect();
    let path = data_dir().join("exposed.txt");
    if std::env::var_os("SWEEP_UPDATE").is_some() {
        std::fs::write(&path, &text).map_err(|e| e.to_string())?;
        return Ok(());
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    if recorded == text {
        return Ok(());
    }
    let old: BTreeSet<&str> = recorded.lines().collect();
    let new: BTreeSet<&str> = text.lines().collect();
    Err(format!(
        "the exposed names changed: added {:?}, removed {:?}; run `SWEEP_UPDATE=1 cargo test --release \
         --test sweep exposed_names` and `.venv/bin/python tools/sweep/gen.py`",
        new.difference(&old).collect::<Vec<_>>(),
        old.difference(&new).collect::<Vec<_>>()
    )
    .into())
}

fn swept_test(swept: BTreeSet<String>) -> Result<(), Failed> {
    let exposed = transformer_tutor::interp::torch::exposed_names();
    let unswept = read_list("unswept.txt");
    let mut problems = Vec::new();
    for name in &exposed {
        match (swept.contains(name), unswept.contains_key(name)) {
            (false, false) => problems.push(format!("{name} is exposed but not swept")),
            (true, true) => problems.push(format!(
                "{name} is swept now: delete it from tests/data/sweep/unswept.txt"
            )),
            _ => {}
        }
    }
    for name in unswept.keys() {
        if !exposed.contains(name) {
            problems.push(format!("{name} in unswept.txt is not exposed"));
        }
    }
    eprintln!(
        "sweep: {} exposed names, {} swept, {} still to sweep",
        exposed.len(),
        exposed.iter().filter(|n| swept.contains(*n)).count(),
        unswept.len()
    );
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n").into())
    }
}

/// `SWEEP_UPDATE=known`: rewrites known.txt with the cases that differ now, keeping the reasons of
/// lines that stay (a new line's reason is the first line where the outputs part).
fn write_known(groups: &[(String, Group)]) {
    let old = read_list("known.txt");
    let mut text = String::from(
        "# Sweep cases where the tutor still differs from PyTorch: `id  # reason`. Written by\n\
         # `SWEEP_UPDATE=known cargo test --release --test sweep`; a line is deleted once its case matches.\n",
    );
    for (stem, group) in groups {
        for case in &group.cases {
            let got = tutor_output(&group.prelude, &case.src);
            if got == case.out {
                continue;
            }
            let id = format!("{stem}::{}", case.id);
            let reason = old.get(&id).cloned().unwrap_or_else(|| {
                let (want, got): (Vec<&str>, Vec<&str>) =
                    (case.out.lines().collect(), got.lines().collect());
                let at = want.iter().zip(&got).take_while(|(a, b)| a == b).count();
                let line = |v: &[&str]| {
                    v.get(at)
                        .map_or("(nothing)", |l| l.trim())
                        .chars()
                        .take(70)
                        .collect::<String>()
                };
                format!("PyTorch: {} | tutor: {}", line(&want), line(&got))
            });
            text.push_str(&format!("{id}  # {reason}\n"));
        }
    }
    if let Err(e) = std::fs::write(data_dir().join("known.txt"), text) {
        eprintln!("cannot write known.txt: {e}");
    }
}

fn main() {
    let args = Arguments::from_args();
    let groups = match load_groups() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("cannot read the sweep: {e}");
            std::process::exit(101);
        }
    };
    if std::env::var("SWEEP_UPDATE").as_deref() == Ok("known") {
        write_known(&groups);
    }
    // `SWEEP_SHOW_KNOWN=1`: run the known mismatches as plain tests, to see their differences.
    let known = if std::env::var_os("SWEEP_SHOW_KNOWN").is_some() {
        BTreeMap::new()
    } else {
        read_list("known.txt")
    };
    let mut trials = Vec::new();
    let mut swept = BTreeSet::new();
    let mut ids = BTreeSet::new();
    let mut total = 0;
    for (stem, group) in groups {
        let prelude: &'static str = Box::leak(group.prelude.into_boxed_str());
        if !args.list && total == 0 {
            eprintln!("sweep recorded with torch {}", group.torch);
        }
        for case in group.cases {
            total += 1;
            swept.extend(case.ops.iter().cloned());
            let id = format!("{stem}::{}", case.id);
            ids.insert(id.clone());
            let reason = known.get(&id).cloned();
            let is_known = reason.is_some();
            let trial = Trial::test(id.clone(), move || {
                match (reason, compare(prelude, &case)) {
                    (None, Ok(())) => Ok(()),
                    (None, Err(d)) => Err(d.into()),
                    (Some(_), Err(_)) => Ok(()),
                    (Some(_), Ok(())) => Err(format!(
                        "{id} matches PyTorch now: delete its line in tests/data/sweep/known.txt"
                    )
                    .into()),
                }
            });
            trials.push(if is_known {
                trial.with_kind("known mismatch")
            } else {
                trial
            });
        }
    }
    let stale: Vec<String> = known
        .keys()
        .filter(|k| !ids.contains(*k))
        .cloned()
        .collect();
    if !args.list {
        eprintln!("sweep: {total} cases, {} known mismatches", known.len());
    }
    trials.push(Trial::test("exposed_names", exposed_names_test));
    trials.push(Trial::test("every_exposed_name_is_swept", move || {
        swept_test(swept)
    }));
    trials.push(Trial::test("known_mismatches_exist", move || {
        if stale.is_empty() {
            Ok(())
        } else {
            Err(format!("known.txt names cases that do not exist: {stale:?}").into())
        }
    }));
    libtest_mimic::run(&args, trials).exit();
}
