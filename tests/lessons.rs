//! The bundled lessons: all thirteen stages exist in English and Korean, `check` finds no problem (at the
//! lessons' sizes, the paper's and odd ones), `list` reports them, and `trace` prints every lesson in all three
//! formats.

use std::process::Command;
use std::time::Instant;

use transformer_tutor::lesson::{self, Lang};

fn tutor(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("run transformer-tutor")
}

const STAGES: &[&str] = &[
    "tokenization",
    "embedding",
    "positional-encoding",
    "qkv-projection",
    "head-split",
    "masking",
    "attention-softmax",
    "view-reshape",
    "multi-head-attention",
    "add-norm",
    "feed-forward",
    "encoder-layer",
    "decoder-output",
    "capstone",
    "cost",
];

#[test]
fn every_stage_has_a_lesson_in_both_languages() {
    let all = lesson::bundle::bundled().expect("lessons parse");
    for (i, id) in STAGES.iter().enumerate() {
        for lang in [Lang::En, Lang::Ko] {
            let l = all.iter().find(|l| l.id == *id && l.lang == lang);
            let l = l.unwrap_or_else(|| panic!("lesson {id} is missing in {}", lang.code()));
            assert_eq!(l.order as usize, i + 1, "{id} order");
            assert!(
                l.cell_count() >= 5,
                "{id} ({}) has only {} cells",
                lang.code(),
                l.cell_count()
            );
        }
    }
}

#[test]
fn check_passes_on_the_bundled_lessons() {
    let out = tutor(&["check"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "check reported problems:\n{stdout}\n{stderr}"
    );
    assert!(stderr.contains("0 problems"), "{stderr}");
}

#[test]
fn check_reports_located_problems() {
    let dir = std::env::temp_dir().join(format!("tt-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.md");
    std::fs::write(
        &path,
        "---\nid: bad\ntitle: Bad\norder: 1\ndims:\n  bs: 2\n  sl: 3\n---\n\n```python\nimport torch\nx = torch.ones(bs, sl)\n# x: [sl, bs]\n```\n\n```python raises=RuntimeError\ny = x.view(6)\n```\n\n```python\nundefined_name\n```\n",
    )
    .unwrap();
    let out = tutor(&["check", path.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    let shown = path.display().to_string();
    assert!(
        stdout.contains(&format!(
            "{shown}:13: `x` has shape [bs=2, sl=3], the comment says [sl, bs]"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "{shown}:17: cell 2 should raise RuntimeError but ran without error"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "{shown}:21: cell 3 raised NameError: name 'undefined_name' is not defined"
        )),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn list_reports_every_lesson_as_json() {
    let out = tutor(&["list", "--format", "json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let items = v.as_array().expect("an array");
    assert_eq!(items.len(), STAGES.len());
    for item in items {
        assert!(item["id"].is_string() && item["title"].is_string());
        assert_eq!(item["languages"], serde_json::json!(["en", "ko"]));
        assert!(item["cells"].as_u64().unwrap_or(0) >= 5);
        // Every lesson has an exercise (issue 16).
        assert!(item["exercises"].as_u64().unwrap_or(0) >= 1, "{item}");
        assert!(item["exercises_solved"].is_u64());
    }
    let ko = tutor(&["list", "--lang", "ko"]);
    assert!(ko.status.success());
}

#[test]
fn trace_prints_every_lesson_in_every_format() {
    for id in STAGES {
        for lang in ["en", "ko"] {
            for format in ["text", "markdown", "json", "html"] {
                let out = tutor(&[
                    "trace", id, "--lang", lang, "--format", format, "--color", "never",
                ]);
                let stdout = String::from_utf8_lossy(&out.stdout);
                assert!(
                    out.status.success(),
                    "trace {id} --lang {lang} --format {format} failed:\n{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                assert!(
                    !stdout.contains('\u{1b}'),
                    "no escape codes with --color never"
                );
                if format == "json" {
                    let v: serde_json::Value = serde_json::from_str(&stdout).expect("valid JSON");
                    assert_eq!(v["id"], *id);
                }
            }
        }
    }
}

#[test]
fn trace_colours_only_when_asked() {
    let out = tutor(&["trace", "masking", "--color", "always"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains('\u{1b}'));
}

#[test]
fn golden_copies_of_the_lessons_are_current() {
    // tests/golden/lesson_<file>.py are the lessons as scripts (tools/lesson_to_script.py), with PyTorch's
    // output recorded next to them; golden.rs compares exec with it. They must follow the lessons.
    let python = ["python3", "python"]
        .into_iter()
        .find(|p| Command::new(p).arg("--version").output().is_ok());
    let Some(python) = python else {
        eprintln!("no python3: skipping the lesson-script freshness check");
        return;
    };
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(root.join("lessons/en")).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        let out = Command::new(python)
            .arg(root.join("tools/lesson_to_script.py"))
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success());
        let committed =
            std::fs::read(root.join(format!("tests/golden/lesson_{stem}.py"))).unwrap_or_default();
        assert!(
            committed == out.stdout,
            "tests/golden/lesson_{stem}.py is stale: regenerate it with tools/lesson_to_script.py and record PyTorch's output with tests/golden/generate.py"
        );
    }
    // The lessons at other sizes (tests/golden/lesson_variants.txt).
    let variants = std::fs::read_to_string(root.join("tests/golden/lesson_variants.txt")).unwrap();
    for line in variants
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let (name, args) = line.split_once(':').expect("NAME: LESSON --set ...");
        let out = Command::new(python)
            .arg(root.join("tools/lesson_to_script.py"))
            .args(args.split_whitespace())
            .current_dir(root)
            .output()
            .unwrap();
        assert!(out.status.success(), "{line}");
        let committed =
            std::fs::read(root.join(format!("tests/golden/{name}.py"))).unwrap_or_default();
        assert!(
            committed == out.stdout,
            "tests/golden/{name}.py is stale: regenerate it with `tools/lesson_to_script.py{args}` and record PyTorch's output with tests/golden/generate.py"
        );
    }
}

/// The base model of "Attention Is All You Need" (d_model 512, 8 heads, d_ff 2048) on a batch of 8 sequences
/// of 128 tokens. Each lesson takes the dims it has (`hid_dim` or `d_model`, `sl` or `src_len`/`trg_len`, ...).
const PAPER_SIZES: &[(&str, i64)] = &[
    ("bs", 8),
    ("sl", 128),
    ("max_len", 128),
    ("src_len", 128),
    ("trg_len", 128),
    ("hid_dim", 512),
    ("d_model", 512),
    ("n_heads", 8),
    ("pf_dim", 2048),
];

/// Runs every bundled lesson in `lang` at `sizes` the way `trace` and `check` do (one kernel per lesson, cells
/// in order) and returns the problems `check` would report, and how long each lesson and its slowest cell took.
fn run_course_at(lang: Lang, sizes: &[(&str, i64)]) -> (Vec<String>, String) {
    let sets: Vec<(String, i64)> = sizes.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    let mut problems = Vec::new();
    let mut timings = String::new();
    let all = lesson::bundle::bundled().expect("lessons parse");
    for l in all.iter().filter(|l| l.lang == lang) {
        let overrides = lesson::sizes::overrides_for(l, &sets);
        let start = Instant::now();
        let (found, outcomes) =
            match lesson::check::run_and_check(l, &overrides, lesson::Limits::default()) {
                Ok(o) => o,
                Err(e) => {
                    problems.push(e.to_string());
                    continue;
                }
            };
        let took = start.elapsed();
        problems.extend(found.iter().map(|p| p.to_string()));
        if let Some((cell, slowest)) = l.cells().zip(&outcomes).max_by_key(|(_, o)| o.duration) {
            timings.push_str(&format!(
                "{:<42} {:>6.2} s   slowest: cell {} (line {}) {:.2} s\n",
                l.path,
                took.as_secs_f64(),
                cell.index + 1,
                cell.line,
                slowest.duration.as_secs_f64()
            ));
        }
    }
    (problems, timings)
}

fn assert_course_runs_at(lang: Lang, sizes: &'static [(&'static str, i64)]) {
    // The interpreter recurses on the Rust stack; give it the room the binary gives it.
    let (problems, timings) = std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(move || run_course_at(lang, sizes))
        .expect("spawn")
        .join()
        .expect("no panic");
    eprintln!("{} lessons at {sizes:?}:\n{timings}", lang.code());
    assert!(
        problems.is_empty(),
        "{} lessons at {sizes:?}:\n{}\n\ntimings:\n{timings}",
        lang.code(),
        problems.join("\n")
    );
}

#[test]
fn every_english_lesson_runs_at_the_papers_size() {
    assert_course_runs_at(Lang::En, PAPER_SIZES);
}

#[test]
fn every_korean_lesson_runs_at_the_papers_size() {
    assert_course_runs_at(Lang::Ko, PAPER_SIZES);
}

/// The smallest sizes a learner can choose: one sentence of four tokens, or each lesson's declared
/// minimum where it needs more (`min:` in its front matter).
#[test]
fn every_lesson_runs_at_its_smallest_sizes() {
    let small = [("bs", 1), ("sl", 4), ("src_len", 4), ("trg_len", 4)];
    let problems = std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(move || {
            let mut problems = Vec::new();
            for l in lesson::bundle::bundled().expect("lessons parse") {
                let sets: Vec<(String, i64)> = small
                    .iter()
                    .map(|&(n, v)| {
                        let min = l.minimums.iter().find(|(m, _)| m == n).map_or(v, |m| m.1);
                        (n.to_string(), v.max(min))
                    })
                    .collect();
                let overrides = lesson::sizes::overrides_for(&l, &sets);
                match lesson::check::run_and_check(&l, &overrides, lesson::Limits::default()) {
                    Ok((found, _)) => {
                        problems.extend(found.iter().map(|p| format!("{p} (at {overrides:?})")))
                    }
                    Err(e) => problems.push(format!("{e} (at {overrides:?})")),
                }
            }
            problems
        })
        .expect("spawn")
        .join()
        .expect("no panic");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The issue asks for "sequence 128 or 512"; at 512 the attention tables are 16 times larger, so this takes
/// tens of seconds: `cargo test --release --test lessons -- --ignored`.
#[test]
#[ignore]
fn every_lesson_runs_at_sequence_length_512() {
    const SIZES: &[(&str, i64)] = &[
        ("bs", 8),
        ("sl", 512),
        ("max_len", 512),
        ("src_len", 512),
        ("trg_len", 512),
        ("hid_dim", 512),
        ("d_model", 512),
        ("n_heads", 8),
        ("pf_dim", 2048),
    ];
    assert_course_runs_at(Lang::En, SIZES);
    assert_course_runs_at(Lang::Ko, SIZES);
}

#[test]
fn check_runs_the_course_at_sizes_nobody_wrote_it_for() {
    // No max_len: the lessons that have one derive it from sl.
    let out = tutor(&[
        "check",
        "--set",
        "bs=2",
        "--set",
        "sl=16",
        "--set",
        "src_len=16",
        "--set",
        "trg_len=12",
        "--set",
        "hid_dim=32",
        "--set",
        "d_model=32",
        "--set",
        "n_heads=4",
        "--set",
        "pf_dim=64",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "check at odd sizes reported problems:\n{stdout}\n{stderr}"
    );
    assert!(
        stderr.contains("at bs=2, sl=16, src_len=16, trg_len=12, hid_dim=32, d_model=32, n_heads=4, pf_dim=64: 0 problems"),
        "{stderr}"
    );
}

#[test]
fn check_set_finds_a_size_the_lesson_hard_codes() {
    let dir = std::env::temp_dir().join(format!("tt-check-set-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("batch_of_one.md");
    // A batch built with a literal 1: right at the default bs, wrong at any other.
    std::fs::write(
        &path,
        "---\nid: one\ntitle: One\norder: 1\ndims:\n  bs: 1\n  sl: 3\n---\n\n```python\nimport torch\nx = torch.zeros(1, sl)\n# x: [bs, sl]\n```\n",
    )
    .unwrap();
    let file = path.to_str().unwrap();
    let shown = path.display().to_string();

    let out = tutor(&["check", file]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    let out = tutor(&["check", file, "--set", "bs=4"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stdout.contains(&format!(
            "{shown}:13: `x` has shape [1, sl=3], the comment says [bs, sl]"
        )),
        "{stdout}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("cells at bs=4: 1 problem"));

    let out = tutor(&["check", file, "--set", "hid_dim=512"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("no lesson checked here has a dim named `hid_dim`"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_derived_dim_that_does_not_divide_is_refused_up_front() {
    // 500 wide with 8 heads would give head_dim 62 and a view error in every later cell; the tutor says why
    // before running anything.
    let out = tutor(&[
        "trace",
        "multi-head-attention",
        "--set",
        "hid_dim=500",
        "--set",
        "n_heads=8",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        stderr.contains("09-multi-head-attention.md:1: dim `head_dim` = hid_dim // n_heads: hid_dim (500) is not a multiple of n_heads (8)"),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    let out = tutor(&[
        "trace",
        "multi-head-attention",
        "--set",
        "hid_dim=504",
        "--set",
        "n_heads=8",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn shell_completions_name_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = tutor(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        for sub in ["open", "demo", "check", "trace", "exec", "list"] {
            assert!(script.contains(sub), "{shell} completions lack {sub}");
        }
    }
    let out = tutor(&["completions", "bash"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("complete -F _transformer__tutor"));
}
