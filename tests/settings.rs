//! Engine settings belong to the interpreter that runs the code and are in force only while it runs:
//! nothing one lesson sets (its thread count, its element cap) leaks into the next lesson's interpreter.

use transformer_tutor::interp::{Interpreter, Limits};
use transformer_tutor::tensor::settings;

fn run(interp: &mut Interpreter, src: &str) -> String {
    if let Err(e) = interp.run(src, "<cell>") {
        panic!("{}", e.traceback());
    }
    interp.take_output()
}

#[test]
fn set_num_threads_in_one_interpreter_does_not_reach_a_second_on_the_same_thread() {
    let mut first = Interpreter::new();
    let out = run(
        &mut first,
        "import torch\ntorch.set_num_threads(4)\nprint(torch.get_num_threads())",
    );
    assert_eq!(out, "4\n");
    // Between runs the engine is back at its defaults.
    assert_eq!(settings::num_threads(), 1);

    // A new interpreter starts where PyTorch starts: the machine's physical cores (or OMP_NUM_THREADS).
    let default = settings::default_threads();
    let mut second = Interpreter::new();
    let out = run(&mut second, "import torch\nprint(torch.get_num_threads())");
    assert_eq!(out, format!("{default}\n"));
    // And the second interpreter's code really runs with that count: a sum over more than PyTorch's grain
    // (32768 elements) is split per thread, so its last bits show the thread count the engine used.
    let sum = "x = (torch.arange(200000, dtype=torch.float32) * 0.1).sin()\nprint(x.sum().item())";
    let at_four = run(&mut first, sum);
    let in_second = run(&mut second, sum);
    let mut fresh = Interpreter::new();
    let at_default = run(
        &mut fresh,
        &format!("import torch\ntorch.set_num_threads({default})\n{sum}"),
    );
    let mut single = Interpreter::new();
    let at_one = run(
        &mut single,
        &format!("import torch\ntorch.set_num_threads(1)\n{sum}"),
    );
    assert_ne!(
        at_four, at_one,
        "the probe must be sensitive to the thread count"
    );
    assert_eq!(in_second, at_default);

    // The first interpreter keeps its own setting for its next run.
    let out = run(&mut first, "print(torch.get_num_threads())");
    assert_eq!(out, "4\n");
}

#[test]
fn the_engine_sees_the_running_interpreters_thread_count_and_cap() {
    // A cap of 100 elements on one interpreter does not limit another.
    let mut small = Interpreter::with_limits(Limits {
        max_tensor_elements: 100,
        ..Limits::default()
    });
    let err = small
        .run("import torch\nx = torch.zeros(1000)", "<cell>")
        .err()
        .map(|e| e.summary())
        .unwrap_or_default();
    assert!(err.starts_with("MemoryError"), "{err}");
    let mut big = Interpreter::new();
    run(&mut big, "import torch\nx = torch.zeros(1000)\n");
    assert_eq!(settings::max_elements(), settings::DEFAULT_MAX_ELEMENTS);
}
