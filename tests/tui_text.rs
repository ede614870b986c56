//! The terminal app's words live in `src/tui/text/` (one table per language, `en.rs` and `ko.rs`) and
//! nowhere else: a Korean string inline in a widget or a status message would be missed by a translator
//! reading the tables, and its English twin with it. The compiler already refuses a `Text` field missing
//! from one table; these checks keep the rest true: no Hangul in the app's code outside the tables (test
//! code and comments aside), and both tables list their fields in the same order, so they read side by
//! side.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src/tui").flatten() {
        let p = entry.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn is_hangul(c: char) -> bool {
    // Syllables, and the jamo a half-typed word is made of.
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

/// The modules a file declares as test-only in files of their own (`#[cfg(test)] mod heatmap_tests;`).
fn test_only_modules(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter(|w| w[0] == "#[cfg(test)]")
        .filter_map(|w| w[1].strip_prefix("mod ")?.strip_suffix(';'))
        .map(|name| format!("{name}.rs"))
        .collect()
}

/// `(line number, line)` of each line with Hangul outside `#[cfg(test)] mod … { … }` blocks and
/// comments. A test block is rustfmt's: it ends at the first `}` in column 0.
fn hangul_lines(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((n, line)) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines.peek().is_some_and(|(_, next)| {
                next.trim_start().starts_with("mod ") && next.ends_with('{')
            })
        {
            for (_, inner) in lines.by_ref() {
                if inner == "}" {
                    break;
                }
            }
            continue;
        }
        if line.trim_start().starts_with("//") {
            continue;
        }
        if line.chars().any(is_hangul) {
            found.push((n + 1, line.trim().to_string()));
        }
    }
    found
}

#[test]
fn the_scanner_finds_hangul_in_code_and_skips_tests_and_comments() {
    let text = "fn a() -> &'static str {\n    \"실행\"\n}\n// 한국어 in a comment\n\
                #[cfg(test)]\nmod tests {\n    const K: &str = \"커피\";\n}\nfn b() { let _ = \"종료\"; }\n";
    let found: Vec<usize> = hangul_lines(text).into_iter().map(|(n, _)| n).collect();
    assert_eq!(found, [2, 9]);
    assert_eq!(
        test_only_modules("#[cfg(test)]\nmod heatmap_tests;\nmod heatmap;\n"),
        ["heatmap_tests.rs"]
    );
}

#[test]
fn no_hangul_in_the_app_outside_the_text_tables() {
    let tui = root().join("src/tui");
    let mut files = Vec::new();
    sources(&tui, &mut files);
    let test_only: Vec<String> = files
        .iter()
        .flat_map(|f| test_only_modules(&std::fs::read_to_string(f).unwrap_or_default()))
        .collect();
    let mut wrong = Vec::new();
    for f in &files {
        let rel = f.strip_prefix(root()).unwrap_or(f);
        let name = f.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if f.starts_with(tui.join("text")) || test_only.iter().any(|t| t == name) {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for (n, line) in hangul_lines(&text) {
            wrong.push(format!("{}:{n}: {line}", rel.display()));
        }
    }
    assert!(
        wrong.is_empty(),
        "Korean outside src/tui/text/ (add a field to Text in text/mod.rs, give it a value in en.rs and \
         ko.rs, and read it as app.text().field):\n{}",
        wrong.join("\n")
    );
}

/// The field names of the `Text` a table file builds, with their line numbers: the lines indented by
/// one level that start with `name:`.
fn table_fields(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(n, line)| {
            let rest = line.strip_prefix("    ")?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            (!name.is_empty() && rest[name.len()..].starts_with(':')).then_some((n + 1, name))
        })
        .collect()
}

#[test]
fn both_tables_list_their_fields_in_the_same_order() {
    let read = |file: &str| {
        let path = root().join("src/tui/text").join(file);
        table_fields(&std::fs::read_to_string(&path).expect("read a text table"))
    };
    let (en, ko) = (read("en.rs"), read("ko.rs"));
    assert!(en.len() > 100, "en.rs: only {} fields found", en.len());
    for ((en_line, en_name), (ko_line, ko_name)) in en.iter().zip(&ko) {
        assert_eq!(
            en_name, ko_name,
            "src/tui/text/en.rs:{en_line} has `{en_name}` where src/tui/text/ko.rs:{ko_line} has \
             `{ko_name}`: keep the tables in the same order"
        );
    }
    assert_eq!(
        en.len(),
        ko.len(),
        "en.rs and ko.rs list different numbers of fields"
    );
}
