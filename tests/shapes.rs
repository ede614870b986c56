//! Dim names that flow with the values (issue 12): each op moves, drops, inserts or combines the names of
//! its inputs by PyTorch's documented shape rule, a size nothing proves stays a bare number, and the names
//! a lesson shows are the same at every size, colliding sizes included.
//!
//! The expected names below are written from PyTorch's shape rules (the docs of each op), not from the
//! tutor's output.

use transformer_tutor::lesson::{self, Lang, kernel::Kernel, parse::parse_lesson};

/// Runs `code` as one cell of a lesson with `dims`, and returns each tensor it made as `name: [names]`
/// with `_` for an axis without a proven name.
fn names_at(dims: &str, code: &str) -> Vec<String> {
    let text = format!(
        "---\nid: t\ntitle: T\norder: 1\ndims:\n{dims}---\n\n```python\nimport torch\nimport torch.nn as nn\n{code}\n```\n"
    );
    let l = parse_lesson(&text, "t.md", Lang::En).expect("lesson parses");
    let mut k = Kernel::new(&l, &[]).expect("kernel");
    let cell = l.cells().next().expect("one cell");
    let out = k.run_cell(cell);
    assert!(out.error.is_none(), "{code}: {:?}", out.error);
    out.tensors
        .iter()
        .map(|t| {
            let names: Vec<String> = t
                .names
                .iter()
                .map(|n| n.clone().unwrap_or_else(|| "_".into()))
                .collect();
            format!("{}: [{}]", t.name, names.join(", "))
        })
        .collect()
}

const DIMS: &str =
    "  bs: 1\n  sl: 7\n  hid_dim: 8\n  n_heads: 2\n  head_dim: hid_dim // n_heads\n  pf_dim: 16\n";

fn names(code: &str) -> Vec<String> {
    names_at(DIMS, code)
}

fn one(code: &str) -> String {
    let v = names(code);
    v.last().cloned().unwrap_or_default()
}

#[test]
fn creation_ops_take_names_from_their_sizes() {
    assert_eq!(
        one("x = torch.randn(bs, sl, hid_dim)"),
        "x: [bs, sl, hid_dim]"
    );
    assert_eq!(one("x = torch.zeros(bs, 1, 1, sl)"), "x: [bs, _, _, sl]");
    assert_eq!(one("x = torch.ones((sl, sl))"), "x: [sl, sl]");
    assert_eq!(one("x = torch.full((bs, sl), 0)"), "x: [bs, sl]");
    assert_eq!(one("x = torch.randn(2 * hid_dim)"), "x: [2*hid_dim]");
    assert_eq!(one("x = torch.randn(sl + 1)"), "x: [sl + 1]");
    assert_eq!(one("x = torch.randn(hid_dim // n_heads)"), "x: [head_dim]");
    assert_eq!(one("x = torch.arange(sl)"), "x: [sl]");
    assert_eq!(one("x = torch.arange(0, hid_dim, 2)"), "x: [hid_dim/2]");
    // A tensor typed in as data has no proven sizes.
    assert_eq!(one("x = torch.tensor([[1, 2, 3]])"), "x: [_, _]");
    assert_eq!(
        one("x = torch.zeros_like(torch.randn(bs, sl))"),
        "x: [bs, sl]"
    );
}

#[test]
fn view_takes_its_arguments_and_minus_one_balances_the_product() {
    let v = names(
        "x = torch.randn(bs, sl, hid_dim)\n\
         q4 = x.view(bs, -1, n_heads, head_dim)\n\
         flat = x.view(bs, -1)\n\
         back = flat.reshape(bs, sl, -1)",
    );
    assert_eq!(
        v,
        [
            "x: [bs, sl, hid_dim]",
            "q4: [bs, sl, n_heads, head_dim]",
            "flat: [bs, sl*hid_dim]",
            "back: [bs, sl, hid_dim]",
        ]
    );
    // At the posts' sizes sl = 7 is prime, n_heads = 2: a number typed in stays a number.
    assert_eq!(
        one("x = torch.randn(bs, sl, hid_dim)\ny = x.view(1, 7, 2, 4)"),
        "y: [_, _, _, _]"
    );
}

#[test]
fn transpose_permute_unsqueeze_squeeze_move_and_insert_axes() {
    let v = names(
        "x = torch.randn(bs, sl, n_heads, head_dim)\n\
         t = x.transpose(1, 2)\n\
         p = x.permute(0, 2, 3, 1)\n\
         u = t.unsqueeze(1)\n\
         s = u.squeeze(1)\n\
         m = torch.randn(sl, sl).mT",
    );
    assert_eq!(
        v,
        [
            "x: [bs, sl, n_heads, head_dim]",
            "t: [bs, n_heads, sl, head_dim]",
            "p: [bs, n_heads, head_dim, sl]",
            "u: [bs, _, n_heads, sl, head_dim]",
            "s: [bs, n_heads, sl, head_dim]",
            "m: [sl, sl]",
        ]
    );
}

#[test]
fn broadcasting_takes_each_axis_from_the_operand_that_has_it() {
    let v = names(
        "scores = torch.randn(bs, n_heads, sl, sl)\n\
         pad_mask = torch.ones(bs, sl).bool().unsqueeze(1).unsqueeze(2)\n\
         masked = scores.masked_fill(pad_mask == 0, -1e10)\n\
         sub_mask = torch.tril(torch.ones(sl, sl)).bool()\n\
         both = pad_mask & sub_mask\n\
         biased = torch.randn(bs, sl, hid_dim) + torch.randn(hid_dim)",
    );
    assert_eq!(
        v,
        [
            "scores: [bs, n_heads, sl, sl]",
            "pad_mask: [bs, _, _, sl]",
            "masked: [bs, n_heads, sl, sl]",
            "sub_mask: [sl, sl]",
            "both: [bs, _, sl, sl]",
            "biased: [bs, sl, hid_dim]",
        ]
    );
}

#[test]
fn matmul_linear_embedding_and_softmax_follow_their_shape_rules() {
    let v = names(
        "q = torch.randn(bs, n_heads, sl, head_dim)\n\
         k = torch.randn(bs, n_heads, sl, head_dim)\n\
         energy = q @ k.transpose(-2, -1)\n\
         attn = torch.softmax(energy, dim=-1)\n\
         fc = nn.Linear(hid_dim, pf_dim)\n\
         h = fc(torch.randn(bs, sl, hid_dim))\n\
         emb = nn.Embedding(10, hid_dim)\n\
         e = emb(torch.zeros(bs, sl, dtype=torch.long))\n\
         w = fc.weight",
    );
    assert_eq!(
        v,
        [
            "q: [bs, n_heads, sl, head_dim]",
            "k: [bs, n_heads, sl, head_dim]",
            "energy: [bs, n_heads, sl, sl]",
            "attn: [bs, n_heads, sl, sl]",
            "h: [bs, sl, pf_dim]",
            "e: [bs, sl, hid_dim]",
            "w: [pf_dim, hid_dim]",
        ]
    );
}

#[test]
fn reductions_indexing_and_joins_drop_keep_or_combine_axes() {
    let v = names(
        "x = torch.randn(bs, sl, hid_dim)\n\
         m = x.mean(-1, keepdim=True)\n\
         s = x.sum(1)\n\
         first = x[0]\n\
         head = x[:, :3]\n\
         most = x[:, :-1]\n\
         lead = x[:, :sl]\n\
         c = torch.cat([x, x], dim=-1)\n\
         st = torch.stack([x, x])\n\
         f = x.flatten(1)\n\
         q, k, v = torch.randn(bs, sl, 3 * hid_dim).chunk(3, dim=-1)\n\
         a, b = torch.randn(bs, sl, 2 * hid_dim).split(hid_dim, dim=-1)",
    );
    assert_eq!(
        v,
        [
            "x: [bs, sl, hid_dim]",
            "m: [bs, sl, _]",
            "s: [bs, hid_dim]",
            "first: [sl, hid_dim]",
            "head: [bs, _, hid_dim]",
            "most: [bs, sl - 1, hid_dim]",
            "lead: [bs, sl, hid_dim]",
            "c: [bs, sl, 2*hid_dim]",
            "st: [_, bs, sl, hid_dim]",
            "f: [bs, sl*hid_dim]",
            "q: [bs, sl, hid_dim]",
            "k: [bs, sl, hid_dim]",
            "v: [bs, sl, hid_dim]",
            "a: [bs, sl, hid_dim]",
            "b: [bs, sl, hid_dim]",
        ]
    );
}

#[test]
fn sizes_read_back_keep_their_names() {
    let v = names(
        "x = torch.randn(bs, sl, hid_dim)\n\
         b, n, _ = x.shape\n\
         y = torch.zeros(x.size(0), len(x[0]), x.shape[-1] * 2)\n\
         z = torch.zeros(b, n)",
    );
    assert_eq!(
        v,
        [
            "x: [bs, sl, hid_dim]",
            "y: [bs, sl, 2*hid_dim]",
            "z: [bs, sl]"
        ]
    );
    // The length of a list is a size nothing proves, and so are sizes read from an unnamed axis.
    assert_eq!(
        one("ids = [3, 4, 5]\nx = torch.zeros(len(ids), hid_dim)"),
        "x: [_, hid_dim]"
    );
    assert_eq!(
        one(
            "d = torch.tensor([[1, 2]])\nx = torch.randn(bs, sl, hid_dim).view(d.size(0), -1, hid_dim)"
        ),
        "x: [_, _, hid_dim]"
    );
}

#[test]
fn names_do_not_depend_on_the_sizes() {
    let code = "x = torch.randn(bs, sl, hid_dim)\n\
                q = x.view(bs, -1, n_heads, head_dim).transpose(1, 2)\n\
                a = (q @ q.transpose(-2, -1)).softmax(-1)\n\
                o = (a @ q).transpose(1, 2).contiguous().view(bs, -1, hid_dim)";
    let toy = names(code);
    let colliding = names_at(
        "  bs: 4\n  sl: 4\n  hid_dim: 16\n  n_heads: 4\n  head_dim: hid_dim // n_heads\n",
        code,
    );
    assert_eq!(toy, colliding);
    assert_eq!(toy[1], "q: [bs, n_heads, sl, head_dim]");
    assert_eq!(toy[3], "o: [bs, sl, hid_dim]");
}

#[test]
fn a_shape_comment_that_swaps_two_equal_sized_dims_fails() {
    // sl = n_heads = 2: the sizes agree, the names do not.
    let text = "---\nid: t\ntitle: T\norder: 1\ndims:\n  bs: 1\n  sl: 2\n  hid_dim: 8\n  n_heads: 2\n  head_dim: hid_dim // n_heads\n---\n\n```python\nimport torch\nx = torch.randn(bs, sl, hid_dim)\nq = x.view(bs, -1, n_heads, head_dim)\n# q: [bs, n_heads, sl, head_dim]\n```\n";
    let l = parse_lesson(text, "t.md", Lang::En).expect("parses");
    let outcomes = lesson::run_lesson(&l, &[]).expect("runs");
    let problems = lesson::check::check_outcomes(&l, &outcomes);
    let all: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(all.len(), 1, "{all:?}");
    assert!(
        all[0].contains("t.md:17") && all[0].contains("[bs=1, sl=2, n_heads=2, head_dim=4]"),
        "{all:?}"
    );
}

/// The names of every tensor every cell of every lesson makes, as `file cell name: [names]`.
fn course_names(lang: Lang, sizes: &[(&str, i64)]) -> Vec<String> {
    let sets: Vec<(String, i64)> = sizes.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    let mut out = Vec::new();
    for l in lesson::bundle::bundled()
        .expect("lessons parse")
        .iter()
        .filter(|l| l.lang == lang)
    {
        let overrides = lesson::sizes::overrides_for(l, &sets);
        let outcomes = lesson::run_lesson(l, &overrides).expect("lesson runs");
        for (cell, o) in l.cells().zip(&outcomes) {
            // Every sub-expression of every line, as well as every tensor the cell leaves behind.
            for line in &o.lines {
                for st in &line.steps {
                    let names: Vec<String> = st
                        .names
                        .iter()
                        .map(|n| n.clone().unwrap_or_else(|| "_".into()))
                        .collect();
                    out.push(format!(
                        "{} cell {} line {} `{}`: [{}]",
                        l.path,
                        cell.index + 1,
                        line.line,
                        st.text,
                        names.join(", ")
                    ));
                }
            }
            for t in &o.tensors {
                let names: Vec<String> = t
                    .names
                    .iter()
                    .map(|n| n.clone().unwrap_or_else(|| "_".into()))
                    .collect();
                out.push(format!(
                    "{} cell {} {}: [{}]",
                    l.path,
                    cell.index + 1,
                    t.name,
                    names.join(", ")
                ));
            }
        }
    }
    out
}

/// Every dim at one of two sizes, so that most names collide (head_dim = bs = sl = 8, hid_dim = pf_dim
/// = 16): a name guessed from a size could not survive this.
const COLLIDING: &[(&str, i64)] = &[
    ("bs", 8),
    ("sl", 8),
    ("max_len", 8),
    ("src_len", 8),
    ("trg_len", 8),
    ("hid_dim", 16),
    ("d_model", 16),
    ("n_heads", 2),
    ("pf_dim", 16),
];

fn assert_names_hold_at_every_size(lang: Lang) {
    let run = move || {
        let own = course_names(lang, &[]);
        let colliding = course_names(lang, COLLIDING);
        let paper = course_names(lang, lesson::sizes::PAPER);
        (own, colliding, paper)
    };
    let (own, colliding, paper) = std::thread::Builder::new()
        .stack_size(256 * 1024 * 1024)
        .spawn(run)
        .expect("spawn")
        .join()
        .expect("no panic");
    // Entries are `key: [names]`; a step that ran at one size only (a cell that raises at its own sizes
    // but not where two dims are equal) has nothing to compare.
    let split = |e: &String| -> (String, String) {
        let (k, v) = e.rsplit_once(": [").unwrap_or((e, ""));
        (k.to_string(), v.to_string())
    };
    let own_map: std::collections::HashMap<String, String> = own.iter().map(split).collect();
    for (label, other) in [("colliding", &colliding), ("paper", &paper)] {
        let mut shared = 0;
        let mut differ = Vec::new();
        for (k, v) in other.iter().map(split) {
            if let Some(mine) = own_map.get(&k) {
                shared += 1;
                if *mine != v {
                    differ.push(format!("{k}\n  own sizes: [{mine}\n  {label}: [{v}"));
                }
            }
        }
        assert!(
            shared * 100 >= own.len() * 95,
            "only {shared} of {} entries at {label} sizes",
            own.len()
        );
        assert!(differ.is_empty(), "{}", differ.join("\n\n"));
    }
}

#[test]
fn english_lessons_show_the_same_names_at_colliding_and_paper_sizes() {
    assert_names_hold_at_every_size(Lang::En);
}

#[test]
fn korean_lessons_show_the_same_names_at_colliding_and_paper_sizes() {
    assert_names_hold_at_every_size(Lang::Ko);
}

#[test]
fn a_view_that_merges_heads_without_transposing_back_is_flagged() {
    let text = "---\nid: t\ntitle: T\norder: 1\ndims:\n  bs: 1\n  sl: 3\n  hid_dim: 8\n  n_heads: 2\n  head_dim: hid_dim // n_heads\n---\n\n```python\nimport torch\nx = torch.randn(bs, n_heads, sl, head_dim)\nwrong = x.contiguous().view(bs, -1, hid_dim)\nright = x.transpose(1, 2).contiguous().view(bs, -1, hid_dim)\n```\n";
    let l = parse_lesson(text, "t.md", Lang::En).expect("parses");
    let outcomes = lesson::run_lesson(&l, &[]).expect("runs");
    let tensors = &outcomes[0].tensors;
    let wrong = tensors.iter().find(|t| t.name == "wrong").expect("wrong");
    let right = tensors.iter().find(|t| t.name == "right").expect("right");
    assert_eq!(wrong.named_shape, "[bs=1, 3, 8]");
    assert!(
        wrong
            .note
            .as_deref()
            .is_some_and(|n| n.contains("mixes n_heads, sl and head_dim")),
        "{:?}",
        wrong.note
    );
    assert_eq!(right.named_shape, "[bs=1, sl=3, hid_dim=8]");
    assert_eq!(right.note, None);
}

#[test]
fn every_line_shows_the_shape_of_its_sub_expressions() {
    let text = "---\nid: t\ntitle: T\norder: 1\ndims:\n  bs: 1\n  sl: 7\n  hid_dim: 8\n  n_heads: 2\n  head_dim: hid_dim // n_heads\n---\n\n```python\nimport torch\nimport torch.nn as nn\nsrc = torch.randn(bs, sl, hid_dim)\nfc_q = nn.Linear(hid_dim, hid_dim)\nq = fc_q(src).view(bs, -1, n_heads, head_dim).transpose(1, 2)\nfor i in range(3):\n    k = (src * i).sum(-1)\n```\n";
    let l = parse_lesson(text, "t.md", Lang::En).expect("parses");
    let outcomes = lesson::run_lesson(&l, &[]).expect("runs");
    let lines = &outcomes[0].lines;
    let q = lines
        .iter()
        .find(|l| l.code.starts_with("q ="))
        .expect("q line");
    assert_eq!(q.line, 18);
    let steps: Vec<(&str, &str)> = q
        .steps
        .iter()
        .map(|s| (s.label.as_str(), s.named_shape.as_str()))
        .collect();
    assert_eq!(
        steps,
        [
            ("fc_q(src)", "[bs=1, sl=7, hid_dim=8]"),
            (
                ".view(bs, -1, n_heads, head_dim)",
                "[bs=1, sl=7, n_heads=2, head_dim=4]"
            ),
            (".transpose(1, 2)", "[bs=1, n_heads=2, sl=7, head_dim=4]"),
        ]
    );
    assert!(!q.steps[2].contiguous);
    // A line in a loop is recorded once, with a count.
    let k = lines
        .iter()
        .find(|l| l.code.contains("k ="))
        .expect("k line");
    assert_eq!(k.steps.len(), 2);
    assert!(k.steps.iter().all(|s| s.count == 3));
    assert_eq!(k.steps[1].named_shape, "[bs=1, sl=7]");
}

#[test]
fn shape_errors_in_a_lesson_are_explained_in_named_dims() {
    let text = "---\nid: t\ntitle: T\norder: 1\ndims:\n  bs: 1\n  sl: 7\n  hid_dim: 8\n  n_heads: 2\n  head_dim: hid_dim // n_heads\n---\n\n```python raises=RuntimeError\nimport torch\nimport torch.nn as nn\nq = torch.randn(bs, n_heads, sl, head_dim)\nk = torch.randn(bs, n_heads, sl, head_dim)\nenergy = q @ k\n```\n\n```python raises=RuntimeError\nscores = torch.randn(bs, n_heads, sl, sl)\nmask = torch.ones(bs, sl, 1, 1).bool()\nscores.masked_fill(mask, 0)\n```\n\n```python raises=RuntimeError\nx = q.transpose(1, 2).view(bs, -1, hid_dim)\n```\n\n```python raises=RuntimeError\nfc = nn.Linear(hid_dim, hid_dim)\nfc(torch.randn(bs, sl, head_dim))\n```\n";
    let l = parse_lesson(text, "t.md", Lang::En).expect("parses");
    let outcomes = lesson::run_lesson(&l, &[]).expect("runs");
    let explained: Vec<String> = outcomes
        .iter()
        .map(|o| {
            let e = o.error.as_ref().expect("each cell raises");
            assert!(o.expectation_met);
            e.explanation.join("\n")
        })
        .collect();
    // q @ k: PyTorch's message is kept; the clash is head_dim against sl, and the hint is the transpose.
    assert_eq!(
        outcomes[0].error.as_ref().map(|e| e.message.as_str()),
        Some(
            "Expected size for first two dimensions of batch2 tensor to be: [2, 4] but got: [2, 7]."
        )
    );
    assert!(
        explained[0].contains("`q` is [bs=1, n_heads=2, sl=7, head_dim=4]"),
        "{}",
        explained[0]
    );
    assert!(
        explained[0].contains("(head_dim) with the second-to-last of `k` (sl)"),
        "{}",
        explained[0]
    );
    assert!(
        explained[0].contains("q @ k.transpose(-2, -1)"),
        "{}",
        explained[0]
    );
    // A mask of the wrong shape: sl against n_heads, and the pad-mask hint.
    assert!(
        explained[1].contains("`mask` has sl and `scores` has n_heads"),
        "{}",
        explained[1]
    );
    assert!(explained[1].contains("[bs, 1, 1, sl]"), "{}", explained[1]);
    // view after transpose.
    assert!(explained[2].contains(".contiguous()"), "{}", explained[2]);
    // A Linear fed the wrong size.
    assert!(explained[3].contains("(head_dim)"), "{}", explained[3]);
    assert!(
        explained[3].contains("last dim is 8; this one's is 4"),
        "{}",
        explained[3]
    );
}

// ---- a property: random chains of shape ops against a naive model of names -----------------------------

use proptest::prelude::*;

/// One shape op, as a learner would write it, and what it does to a list of axis names (the naive model:
/// names are strings, `1` an anonymous size-1 axis, `a*b` a merge).
#[derive(Debug, Clone)]
enum Op {
    Transpose(usize, usize),
    Unsqueeze(usize),
    SqueezeFirstOne,
    SumKeep(usize),
    Sum(usize),
    MergeLastTwo,
    SplitLast,
    AddBias,
    Contiguous,
}

impl Op {
    /// The Python for `x = x.<op>`, and the model's new names; `None` when the op does not apply.
    fn apply(&self, names: &[String]) -> Option<(String, Vec<String>)> {
        let n = names.len();
        let mut v = names.to_vec();
        let code = match *self {
            Op::Transpose(a, b) if n >= 2 => {
                let (a, b) = (a % n, b % n);
                v.swap(a, b);
                format!("x = x.transpose({a}, {b})")
            }
            Op::Unsqueeze(d) if n < 6 => {
                let d = d % (n + 1);
                v.insert(d, "1".into());
                format!("x = x.unsqueeze({d})")
            }
            Op::SqueezeFirstOne => {
                let d = v.iter().position(|s| s == "1")?;
                v.remove(d);
                format!("x = x.squeeze({d})")
            }
            Op::SumKeep(d) if n >= 1 => {
                let d = d % n;
                v[d] = "1".into();
                format!("x = x.sum({d}, keepdim=True)")
            }
            Op::Sum(d) if n >= 2 => {
                let d = d % n;
                v.remove(d);
                format!("x = x.sum({d})")
            }
            Op::MergeLastTwo if n >= 2 => {
                let (a, b) = (v[n - 2].clone(), v[n - 1].clone());
                if a == "1" || b == "1" || a.contains('*') || b.contains('*') {
                    return None;
                }
                v.truncate(n - 2);
                // A product reads in the lesson's order of dims, and n_heads*head_dim is hid_dim.
                let order = ["bs", "sl", "hid_dim", "n_heads", "head_dim"];
                let mut pair = [a, b];
                pair.sort_by_key(|x| order.iter().position(|o| o == x));
                v.push(if pair == ["n_heads", "head_dim"] {
                    "hid_dim".to_string()
                } else {
                    pair.join("*")
                });
                let lead: Vec<String> = (0..n - 2).map(|i| format!("x.size({i})")).collect();
                let mut args = lead;
                args.push("-1".into());
                format!("x = x.reshape({})", args.join(", "))
            }
            Op::SplitLast if n >= 1 && v[n - 1] == "hid_dim" => {
                v.pop();
                v.push("n_heads".into());
                v.push("head_dim".into());
                let mut args: Vec<String> = (0..n - 1).map(|i| format!("x.size({i})")).collect();
                args.push("n_heads".into());
                args.push("head_dim".into());
                format!("x = x.reshape({})", args.join(", "))
            }
            Op::AddBias if n >= 1 && !v[n - 1].contains('*') && v[n - 1] != "1" => {
                format!("x = x + torch.randn({})", v[n - 1])
            }
            Op::Contiguous => "x = x.contiguous()".into(),
            _ => return None,
        };
        Some((code, v))
    }
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (0usize..6, 0usize..6).prop_map(|(a, b)| Op::Transpose(a, b)),
        (0usize..6).prop_map(Op::Unsqueeze),
        Just(Op::SqueezeFirstOne),
        (0usize..6).prop_map(Op::SumKeep),
        (0usize..6).prop_map(Op::Sum),
        Just(Op::MergeLastTwo),
        Just(Op::SplitLast),
        Just(Op::AddBias),
        Just(Op::Contiguous),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn random_chains_of_shape_ops_name_axes_as_the_naive_model_does(ops in prop::collection::vec(op(), 1..8)) {
        let mut names: Vec<String> = ["bs", "sl", "hid_dim"].iter().map(|s| s.to_string()).collect();
        let mut code = String::from("x = torch.randn(bs, sl, hid_dim)\n");
        for o in &ops {
            if let Some((line, next)) = o.apply(&names) {
                code.push_str(&line);
                code.push('\n');
                names = next;
            }
        }
        // bs 2, sl 3, hid_dim 8, n_heads 2: sizes differ, so the model's names are the only reading.
        let dims = "  bs: 2\n  sl: 3\n  hid_dim: 8\n  n_heads: 2\n  head_dim: hid_dim // n_heads\n";
        let got = names_at(dims, &code);
        let shown: Vec<String> = names
            .iter()
            .map(|n| if n == "1" { "_".to_string() } else { n.clone() })
            .collect();
        let want = format!("x: [{}]", shown.join(", "));
        prop_assert_eq!(got.last().cloned().unwrap_or_default(), want, "{}", code);
    }
}
