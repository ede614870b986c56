//! `tensor.data_ptr()` (issue 13, item 8) reports a made-up address per storage, never a real heap address:
//! the first storage asked is at 0x7f00_0000_0000, each further one 4 GiB on, in the order they are first
//! asked; views add their offset in bytes. The same script prints the same addresses in every interpreter.
//! (Relations between addresses that real PyTorch also guarantees are in `tests/golden/tensor_data_ptr.py`.)

use transformer_tutor::interp::Interpreter;

const SCRIPT: &str = "import torch
a = torch.arange(12.)
junk = [torch.zeros(5) for _ in range(10)]
b = torch.zeros(3, dtype=torch.int64)
print(a.data_ptr(), a[3:].data_ptr(), b.data_ptr(), b[2:].data_ptr(), a.view(3, 4)[2].data_ptr())
";

fn printed() -> String {
    let mut interp = Interpreter::new();
    if let Err(e) = interp.run(SCRIPT, "ptr.py") {
        panic!("{}", e.traceback());
    }
    interp.take_output()
}

#[test]
fn addresses_are_made_up_per_storage_and_the_same_every_time() {
    let base: u64 = 0x7f00_0000_0000;
    let next = base + 0x1_0000_0000;
    let expected = format!(
        "{base} {} {next} {} {}\n",
        base + 3 * 4,
        next + 2 * 8,
        base + 8 * 4
    );
    // Another interpreter alive meanwhile: real addresses would differ between the two.
    let first = Interpreter::new();
    assert_eq!(printed(), expected);
    assert_eq!(printed(), expected);
    drop(first);
}
