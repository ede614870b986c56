//! transformer-tutor: teaches how a Transformer works by running PyTorch-style code on its own engine.
//!
//! Rooms, doors opening downward only: `tensor` (the engine) ← `interp` (the Python subset) ← `exec`
//! and the binary's `cli`.

pub mod cli;
pub mod commands;
pub mod exec;
pub mod interp;
pub mod lesson;
pub mod tensor;
pub mod trace;
pub mod tui;
pub mod viz;

/// mimalloc keeps freed pages for reuse, as PyTorch's caching allocator does: tensors of the same size are
/// allocated over and over, and fresh pages from the OS cost a page fault each (measured: an 8 MB copy
/// took 13 ms with the system allocator and 2.6 ms with mimalloc on this machine). [`tensor::memory`]
/// counts what it hands out for the sandbox's memory budget. It is declared here, in the library, so that
/// the binary, the tests and the benches all run with the allocator and the account the tutor has.
#[global_allocator]
static GLOBAL: tensor::memory::Counting<mimalloc::MiMalloc> =
    tensor::memory::Counting(mimalloc::MiMalloc);
