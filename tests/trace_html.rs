//! `trace --format html`: one self-contained page per lesson for teachers. Each page is parsed by
//! html5ever (the HTML5 parsing algorithm browsers use) with exact errors and must have none; the
//! exercise fixture's page is a snapshot; a lesson cannot put markup or scripts into a page.

use std::process::Command;

use html5ever::tendril::TendrilSink;
use html5ever::{ParseOpts, parse_document, tree_builder::TreeBuilderOpts};
use markup5ever_rcdom::RcDom;

fn trace_html(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_transformer-tutor"))
        .args(["trace", "--format", "html"])
        .args(args)
        .output()
        .expect("run the tutor");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// The HTML5 parse errors of a page (empty: a valid document as browsers parse it).
fn parse_errors(page: &str) -> Vec<String> {
    let opts = ParseOpts {
        tree_builder: TreeBuilderOpts {
            exact_errors: true,
            ..Default::default()
        },
        ..Default::default()
    };
    let dom = parse_document(RcDom::default(), opts)
        .from_utf8()
        .read_from(&mut page.as_bytes())
        .expect("parse");
    dom.errors.borrow().iter().map(|e| e.to_string()).collect()
}

const FIXTURE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/lessons/exercise.md"
);

#[test]
fn the_validator_sees_errors() {
    assert!(!parse_errors("<!DOCTYPE html><p>a</div></span>").is_empty());
    assert!(!parse_errors("<p>no doctype</p>").is_empty());
}

#[test]
fn an_exercise_page_shows_the_starter_and_folds_the_solution_away() {
    let page = trace_html(&[FIXTURE]);
    assert_eq!(parse_errors(&page), Vec::<String>::new());
    let (before, folded) = page.split_once("<details>").expect("folded parts");
    // The starter code is on the page; the solution and hints only inside <details>.
    assert!(before.contains("scores = ..."));
    assert!(!before.contains("math.sqrt(head_dim)</code>"));
    assert!(folded.contains("<summary>Hint 1</summary>"));
    assert!(folded.contains("<summary>Solution and its output</summary>"));
    assert!(folded.contains("✓ the solution passes every check"));
    insta::assert_snapshot!(page);
}

#[test]
fn every_bundled_lesson_is_a_valid_page_in_both_languages() {
    for lang in ["en", "ko"] {
        for lesson in ["tokenization", "masking", "multi-head-attention"] {
            let page = trace_html(&["--lang", lang, lesson]);
            assert_eq!(parse_errors(&page), Vec::<String>::new(), "{lang} {lesson}");
            assert!(page.starts_with("<!DOCTYPE html>"));
            assert!(page.contains(&format!("<html lang=\"{lang}\">")));
            assert!(!page.contains("<script") && !page.contains("src=\"http"));
        }
    }
    // Heatmaps are coloured tables with a legend.
    let page = trace_html(&["masking"]);
    assert!(page.contains("<table class=\"heat\">"));
    assert!(page.contains("<div class=\"legend\">"));
}

#[test]
fn a_lesson_cannot_put_markup_into_the_page() {
    let dir = std::env::temp_dir().join(format!("tt-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("hostile.md");
    std::fs::write(
        &path,
        "---\nid: hostile\ntitle: \"<script>alert(1)</script>\"\norder: 1\n---\n\nProse <script>alert(2)</script> <img src=x onerror=alert(3)>\n[a link](javascript:alert(4)) ![an image](http://example.com/x.png) [a page](https://pytorch.org)\n\n```python\nprint('<b>bold</b>')\n```\n",
    )
    .unwrap();
    let page = trace_html(&[path.to_str().unwrap()]);
    assert_eq!(parse_errors(&page), Vec::<String>::new());
    assert!(!page.contains("<script>") && !page.contains("<img") && !page.contains("<b>"));
    assert!(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    // No script URL, nothing fetched; a web link stays.
    assert!(!page.contains("javascript:") && !page.contains("example.com"));
    assert!(page.contains("an image") && page.contains("href=\"https://pytorch.org\""));
    let _ = std::fs::remove_dir_all(&dir);
}
