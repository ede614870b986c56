//! The house rules of ../shared/STYLE.md and ARCHITECTURE.md, checked on the sources: doors between rooms
//! open downward only, the interpreter core reaches native types only through `interp::native` (it never
//! names the torch bindings), and a source file past ~800 lines says why in its header.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src").flatten() {
        let p = entry.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The rooms a room may use (itself included), from STYLE.md: tensor → interp → lesson → viz/trace/tui,
/// with viz depending only on tensor (so the lesson kernel may use its pure data).
fn allowed(room: &str) -> Option<&'static [&'static str]> {
    Some(match room {
        "tensor" => &["tensor"],
        "viz" => &["viz", "tensor"],
        "interp" => &["interp", "tensor"],
        "lesson" => &["lesson", "interp", "viz", "tensor"],
        "trace" => &["trace", "lesson", "viz", "tensor"],
        "tui" => &["tui", "lesson", "viz", "tensor"],
        _ => return None,
    })
}

/// `crate::room` paths named in a source file (macros exported at the crate root, like `with_dtype!`,
/// belong to the tensor room).
fn rooms_used(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let room = if name == "with_dtype" {
            "tensor".to_string()
        } else {
            name
        };
        if !out.contains(&room) {
            out.push(room);
        }
    }
    out
}

#[test]
fn doors_open_downward_only() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let mut wrong = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(src()).unwrap_or(f);
        let room = rel
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .unwrap_or("");
        let Some(ok) = allowed(room) else { continue };
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for used in rooms_used(&text) {
            if !ok.contains(&used.as_str()) {
                wrong.push(format!("{} uses crate::{used}", rel.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "doors opening upward:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_interpreter_core_never_names_the_torch_bindings() {
    // The core is every file directly in src/interp/ (and its non-binding subfolders); assemble.rs is the
    // one place that puts the core and the binding modules together.
    let mut files = Vec::new();
    sources(&src().join("interp"), &mut files);
    let mut wrong = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(src())
            .unwrap_or(f)
            .to_string_lossy()
            .to_string();
        if rel.starts_with("interp/torch/") || rel == "interp/assemble.rs" {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            if code.contains("torch::") || code.contains("interp::torch") {
                wrong.push(format!("{rel}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "the core names torch:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn long_files_say_why() {
    let mut files = Vec::new();
    sources(&src(), &mut files);
    let mut wrong = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let lines = text.lines().count();
        if lines <= 800 {
            continue;
        }
        let header: String = text
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join("\n");
        if !header.contains("Long because") {
            wrong.push(format!(
                "{} has {lines} lines and no \"Long because\" in its header",
                f.strip_prefix(src()).unwrap_or(f).display()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
