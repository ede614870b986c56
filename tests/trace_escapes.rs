//! `trace` cannot be made to drive the terminal by a shared lesson (issue 13, item 5): escape sequences
//! in the title, the prose, printed strings, error messages and heatmap labels come out as visible text,
//! with `--color never` and with `--color always` (where only colour sequences pass).

use std::process::Command;

const HOSTILE: &str = "---\nid: t\ntitle: \"T\\e]0;owned\\a\"\norder: 1\n---\n\nProse \u{1b}[2J with a clear-screen.\n\n```python\nimport torch\nlabels = ['\\x1b]0;pwned\\x07', 'b']\nprint('\\x1b[H\\x1b[2J\\u202e' + 'txt')\nw = torch.ones(2, 2)\n# heatmap: w labels=labels\n```\n\n```python raises=ValueError\nraise ValueError('\\x1b]52;c;AAAA\\x07')\n```\n";

fn trace(dir: &std::path::Path, args: &[&str]) -> String {
    let path = dir.join("hostile.md");
    std::fs::write(&path, HOSTILE).expect("write lesson");
    let out = Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .arg("trace")
        .arg(&path)
        .args(args)
        .output()
        .expect("run trace");
    String::from_utf8_lossy(&out.stdout).to_string()
}

#[test]
fn trace_writes_lesson_escapes_as_visible_text() {
    let dir = std::env::temp_dir().join(format!("tt-escapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    for args in [&["--color", "never"][..], &["--format", "markdown"][..]] {
        let text = trace(&dir, args);
        assert!(text.contains("pwned"), "{args:?}: the cell ran:\n{text}");
        assert!(!text.contains('\u{1b}'), "{args:?}: raw escape in\n{text}");
        assert!(!text.contains('\u{7}'), "{args:?}: raw BEL in\n{text}");
        assert!(
            !text.contains('\u{202e}'),
            "{args:?}: raw bidi override in\n{text}"
        );
        assert!(
            text.contains("\\x1b"),
            "{args:?}: escapes shown as text in\n{text}"
        );
    }
    // With colour, only colour sequences (ESC [ … m) are written.
    let text = trace(&dir, &["--color", "always"]);
    for (i, _) in text.match_indices('\u{1b}') {
        let rest = &text[i + 1..];
        let body = rest.strip_prefix('[').expect("a CSI sequence");
        let len = body
            .find(|c: char| !(c.is_ascii_digit() || c == ';'))
            .unwrap_or(body.len());
        assert!(
            body[len..].starts_with('m'),
            "not a colour sequence: {:?}",
            &rest[..rest.len().min(12)]
        );
    }
    assert!(!text.contains('\u{7}'));
}
