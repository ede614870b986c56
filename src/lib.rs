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
