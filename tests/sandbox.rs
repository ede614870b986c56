//! The sandbox: a shared lesson file must not touch files, processes, the network or the environment, and
//! no input may hang or crash the tutor. Every limit fails fast with a clear Python-style error.

use std::time::{Duration, Instant};

use transformer_tutor::exec::run_source;
use transformer_tutor::interp::{Interpreter, Limits};

fn run(src: &str) -> (String, Option<(String, String, Option<usize>)>) {
    let mut interp = Interpreter::new();
    let r = interp.run(src, "cell.py");
    let out = interp.take_output();
    (
        out,
        r.err()
            .map(|e| (e.kind.to_string(), e.message.clone(), e.line())),
    )
}

fn run_limited(src: &str, limits: Limits) -> Option<(String, String)> {
    let mut interp = Interpreter::with_limits(limits);
    interp
        .run(src, "cell.py")
        .err()
        .map(|e| (e.kind.to_string(), e.message.clone()))
}

#[test]
fn files_processes_and_environment_are_out_of_reach() {
    for src in [
        "open('/etc/passwd')",
        "__import__('os')",
        "exec('x = 1')",
        "eval('1 + 1')",
        "globals()",
        "input()",
    ] {
        let (_, err) = run(src);
        let (kind, msg) = err.map(|e| (e.0, e.1)).unwrap_or_default();
        assert_eq!(kind, "PermissionError", "{src}: {msg}");
        assert!(msg.contains("sandbox"), "{src}: {msg}");
    }
    for src in [
        "import os",
        "import subprocess",
        "import socket",
        "from os import path",
        "import sys",
    ] {
        let (_, err) = run(src);
        let (kind, msg) = err.map(|e| (e.0, e.1)).unwrap_or_default();
        assert_eq!(kind, "ModuleNotFoundError", "{src}");
        assert!(msg.contains("the tutor provides torch"), "{src}: {msg}");
    }
}

#[test]
fn dunder_escapes_are_refused() {
    for src in [
        "().__class__.__bases__",
        "x = [].__class__.__subclasses__",
        "f = lambda: 0\nf.__globals__",
        "import torch\ntorch.__dict__",
        "class A: pass\nA.__subclasses__",
    ] {
        let (_, err) = run(src);
        let (kind, _) = err.map(|e| (e.0, e.1)).unwrap_or_default();
        assert_eq!(kind, "AttributeError", "{src}");
    }
}

#[test]
fn a_huge_tensor_fails_at_once() {
    let start = Instant::now();
    let (_, err) = run("import torch\nx = torch.zeros(1000000, 1000000)");
    let (kind, msg, line) = err.expect("must fail");
    assert_eq!(kind, "MemoryError");
    assert!(msg.contains("1000000000000"), "{msg}");
    assert_eq!(line, Some(2));
    assert!(start.elapsed() < Duration::from_secs(1));
    let (_, err) = run("import torch\nx = torch.ones(10**6).expand(10**6, 10**6).contiguous()");
    assert_eq!(err.expect("must fail").0, "MemoryError");
}

#[test]
fn runaway_loops_stop_on_the_step_budget() {
    let limits = Limits {
        max_steps: 100_000,
        ..Limits::default()
    };
    let start = Instant::now();
    let err = run_limited("while True:\n    pass", limits).expect("must stop");
    assert_eq!(err.0, "TimeoutError");
    assert!(err.1.contains("steps"), "{}", err.1);
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn runaway_loops_stop_on_the_clock() {
    let limits = Limits {
        max_duration: Duration::from_millis(200),
        ..Limits::default()
    };
    let start = Instant::now();
    let err = run_limited(
        "import torch\nx = torch.ones(64, 64)\nwhile True:\n    y = x @ x",
        limits,
    )
    .expect("must stop");
    assert_eq!(err.0, "TimeoutError", "{}", err.1);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "took {:?}",
        start.elapsed()
    );
}

#[test]
fn deep_recursion_is_a_recursion_error_not_a_crash() {
    // Runs on the exec thread (large stack), as the binary does.
    let out = run_source(
        "def f(n):\n    return f(n + 1)\nf(0)\n".into(),
        "rec.py".into(),
        Limits::timed(Duration::from_secs(10)),
    )
    .unwrap();
    assert!(out.failed);
    assert!(
        out.stderr
            .trim_end()
            .ends_with("RecursionError: maximum recursion depth exceeded"),
        "{}",
        out.stderr
    );
}

#[test]
fn deeply_nested_source_is_refused_before_it_can_overflow() {
    let src = format!("x = {}1{}", "(".repeat(5000), ")".repeat(5000));
    let (_, err) = run(&src);
    assert_eq!(err.expect("must fail").0, "SyntaxError");
    let src = format!("x = 1{}", " + 1".repeat(50_000));
    let out = run_source(
        src,
        "long.py".into(),
        Limits::timed(Duration::from_secs(10)),
    )
    .unwrap();
    assert!(
        out.failed,
        "a 50k-term expression must be refused, not evaluated recursively"
    );
    let src = format!("x = {}1", "-".repeat(20_000));
    let out = run_source(src, "neg.py".into(), Limits::timed(Duration::from_secs(10))).unwrap();
    assert!(out.failed);
}

#[test]
fn runaway_output_is_capped() {
    let limits = Limits {
        max_output: 10_000,
        ..Limits::default()
    };
    let err = run_limited(
        "for i in range(100000):\n    print('spam spam spam')",
        limits,
    )
    .expect("must stop");
    assert_eq!(err.0, "MemoryError");
}

#[test]
fn tracebacks_name_the_file_line_and_source() {
    let src = "import torch\n\ndef split_heads(x):\n    return x.view(12)\n\nx = torch.arange(12).view(3, 4).t()\ny = split_heads(x)\n";
    let out = run_source(
        src.into(),
        "lesson.py".into(),
        Limits::timed(Duration::from_secs(10)),
    )
    .unwrap();
    assert!(out.failed);
    let expected = "Traceback (most recent call last):\n  File \"lesson.py\", line 7, in <module>\n    y = split_heads(x)\n  File \"lesson.py\", line 4, in split_heads\n    return x.view(12)\nRuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.\n";
    assert_eq!(out.stderr, expected);
}

#[test]
fn syntax_errors_are_located() {
    let (_, err) = run("x = 1\nif x >\n    pass\n");
    let (kind, _, line) = err.expect("must fail");
    assert_eq!(kind, "SyntaxError");
    assert_eq!(line, Some(2));
}

#[test]
fn hostile_inputs_never_panic() {
    let cases = [
        "",
        "\0",
        "\u{feff}x = 1",
        "x = '''",
        "def f(:\n",
        "class",
        "lambda: (yield)",
        "import torch\ntorch.zeros(-1)",
        "import torch\ntorch.arange(0, 10, 0)",
        "import torch\ntorch.ones(2,3).view(-1, -1)",
        "import torch\ntorch.ones(2)[5]",
        "import torch\ntorch.ones(2,2)[torch.tensor([True])]",
        "import torch\nx = torch.ones(3)\nx[::-1]",
        "a = []\na.append(a)\nprint(a)",
        "import torch\ntorch.randint(5, 2, (3,))",
        "import torch\ntorch.ones(0).max()",
        "x = 10 ** 100",
        "import torch\ntorch.tensor([[1], [1, 2]])",
        "import torch\ntorch.ones(2, 3).permute(0, 0)",
        "import torch\ntorch.ones(3).unsqueeze(5)",
        "print(1 // 0)",
        "import torch\ntorch.tensor([1]) // 0",
        "import torch\nimport torch.nn as nn\nnn.Linear(-1, 2)",
        "import torch\ntorch.ones(2, 3) @ torch.ones(2, 3)",
        "import torch\ntorch.empty(2, 3).split(0)",
        "x = {}\nx[[1]] = 2",
        "'%d' % 'a'",
        "f'{1:{2}{3}}'",
        "import torch\ntorch.ones(3).expand(2, -1, -2)",
        "int('x')",
    ];
    for src in cases {
        let _ = run_source(
            src.to_string(),
            "hostile.py".into(),
            Limits::timed(Duration::from_secs(5)),
        )
        .expect("no panic");
    }
}

#[test]
fn a_sort_of_a_large_list_is_quick() {
    // Binary insertion took minutes here; the merge sort's output is checked against Python by the
    // golden script tests/golden/sort_stable.py.
    let start = Instant::now();
    let (_, err) = run(
        "x = [(i * 7919) % 100003 for i in range(300000)]\nx.sort()\ny = sorted(x, reverse=True)",
    );
    assert_eq!(err, None);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn dropping_deep_nesting_needs_no_stack() {
    // A thread with a small stack: dropping recursively would overflow it ten times over.
    let worker = std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(|| {
            let mut interp = Interpreter::new();
            let r = interp.run(
                "x = []\nfor i in range(200000):\n    x = [x, (x,), {'k': x}]\nx = None\nclass N:\n    pass\nn = None\nfor i in range(200000):\n    m = N()\n    m.next = n\n    n = m\nn = None\nm = None\nprint('done')",
                "cell.py",
            );
            (r.is_ok(), interp.take_output())
        })
        .unwrap();
    assert_eq!(worker.join().unwrap(), (true, "done\n".to_string()));
}

/// Python that builds a value nested `kinds.len()` deep (l: list, t: tuple, d: dict, s: one-item list) and
/// applies `op` to it and to a second value built the same way.
fn nested_program(kinds: &str, op: &str) -> String {
    format!(
        "import copy\ndef build():\n    x = 0\n    for k in '{kinds}':\n        if k == 'l':\n            x = [x, 1]\n        elif k == 't':\n            x = (x, 'a')\n        elif k == 'd':\n            x = {{'k': x}}\n        else:\n            x = [x]\n    return x\nx = build()\ny = build()\nr = {op}\n"
    )
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]

    /// Random nested values through every native walk: each gives a value or a Python exception
    /// (RecursionError past the nesting limit, TypeError for an unhashable or unordered part), never a
    /// crash, on a thread with an ordinary 2 MiB stack.
    #[test]
    fn nested_values_never_crash_a_native_walk(
        kinds in proptest::collection::vec(proptest::sample::select(vec!['l', 't', 'd', 's']), 0..2500),
        op in proptest::sample::select(vec![
            "str(x)", "repr(y)", "hash(x)", "x == y", "x != y", "x < y", "copy.deepcopy(x)",
            "len(str(copy.copy(x)))", "{x: 1}", "x in [y]", "sorted([x, y])",
        ]),
    ) {
        let kinds: String = kinds.into_iter().collect();
        let src = nested_program(&kinds, op);
        let worker = std::thread::Builder::new()
            .stack_size(2 << 20)
            .spawn(move || {
                let mut interp = Interpreter::new();
                interp.run(&src, "nested.py").err().map(|e| e.kind.to_string())
            })
            .unwrap();
        let outcome = worker.join().expect("no crash, no panic");
        if let Some(kind) = outcome {
            proptest::prop_assert!(
                kind == "RecursionError" || kind == "TypeError",
                "{op} on {} levels: {kind}",
                kinds.len()
            );
        }
    }
}
