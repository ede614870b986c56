//! The harness shared by the `tests/interp_<feature>.rs` files: each runs the snippets of
//! `tests/data/interp/<feature>.json` through the interpreter and compares what they print, the final
//! traceback line and the whole traceback with what CPython 3.11 printed (recorded by
//! `tools/interp/gen_cases.py` from `tools/interp/cases/<feature>.txt`).
//!
//! Every case is its own test, named by the case (`cargo test --release --test interp_strings --
//! repr_escapes`). A case marked as a known difference (with a one-line reason) runs as a test of kind
//! `known difference`: it passes while the tutor still differs, printing the reason, and fails once the tutor
//! matches CPython, so the mark gets deleted. The library calls are only `Interpreter::new`, `run`,
//! `take_output` and the exception's `summary` and `traceback`.

use libtest_mimic::{Arguments, Failed, Trial};
use serde::Deserialize;
use transformer_tutor::interp::Interpreter;

/// The file name snippets run as; the recorded tracebacks name it.
const FILE: &str = "<cell>";

#[derive(Deserialize)]
struct Recorded {
    python: String,
    feature: String,
    cases: Vec<Case>,
}

#[derive(Deserialize, Clone)]
struct Case {
    name: String,
    source: String,
    stdout: String,
    /// The final traceback line, e.g. `ZeroDivisionError: division by zero`.
    error: Option<String>,
    /// CPython's traceback without 3.11's `^^^^` lines; `None` when a frame is in its standard library.
    traceback: Option<String>,
    known_difference: Option<String>,
}

/// How the tutor differs from CPython on one case, or `Ok` if it does not.
fn compare(case: &Case) -> Result<(), String> {
    let mut interp = Interpreter::new();
    let result = interp.run(&case.source, FILE);
    let stdout = interp.take_output();
    let (error, traceback) = match &result {
        Ok(_) => (None, None),
        Err(e) => (Some(e.summary()), Some(e.traceback())),
    };
    let mut differences = Vec::new();
    if stdout != case.stdout {
        differences.push(format!(
            "stdout:\n--- CPython\n{}--- tutor\n{stdout}---",
            case.stdout
        ));
    }
    if error != case.error {
        differences.push(format!(
            "error:\n  CPython: {}\n  tutor:   {}",
            case.error.as_deref().unwrap_or("(none)"),
            error.as_deref().unwrap_or("(none)")
        ));
    } else if let (Some(want), Some(got)) = (&case.traceback, &traceback)
        && want != got
    {
        differences.push(format!(
            "traceback:\n--- CPython\n{want}--- tutor\n{got}---"
        ));
    }
    if differences.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}\n--- source\n{}---",
            differences.join("\n"),
            case.source
        ))
    }
}

fn run_case(case: &Case) -> Result<(), Failed> {
    match (&case.known_difference, compare(case)) {
        (None, Ok(())) => Ok(()),
        (None, Err(difference)) => Err(difference.into()),
        (Some(why), Err(_)) => {
            // One line: the full difference is printed once the mark is removed.
            eprintln!("known difference {}: {why}", case.name);
            Ok(())
        }
        (Some(_), Ok(())) => Err(format!(
            "{} now matches CPython; delete its `#! known difference` line in \
             tools/interp/cases/ and rerun tools/interp/gen_cases.py",
            case.name
        )
        .into()),
    }
}

/// Runs every case of one recorded feature file as its own test.
pub fn main(json: &str) {
    let args = Arguments::from_args();
    let recorded: Recorded = match serde_json::from_str(json) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot read the recorded cases: {e}");
            std::process::exit(101);
        }
    };
    let known = recorded
        .cases
        .iter()
        .filter(|c| c.known_difference.is_some())
        .count();
    if !args.list {
        eprintln!(
            "interp {}: {} cases recorded with Python {}, {known} known differences",
            recorded.feature,
            recorded.cases.len(),
            recorded.python
        );
    }
    let trials = recorded
        .cases
        .into_iter()
        .map(|case| {
            let name = case.name.clone();
            let known = case.known_difference.is_some();
            let trial = Trial::test(name, move || run_case(&case));
            if known {
                trial.with_kind("known difference")
            } else {
                trial
            }
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
