//! Engine-wide limits set by the sandbox (rhai's habit: limits are engine settings). The cap on elements is
//! checked before any allocation so a request for 10^12 elements fails at once instead of exhausting memory.

use std::cell::Cell;

use super::error::{Result, TensorError};

/// Default cap: 64 Mi elements per tensor (256 MiB of float32), well above the paper-size lessons.
pub const DEFAULT_MAX_ELEMENTS: usize = 64 * 1024 * 1024;

thread_local! {
    static MAX_ELEMENTS: Cell<usize> = const { Cell::new(DEFAULT_MAX_ELEMENTS) };
}

pub fn set_max_elements(n: usize) {
    MAX_ELEMENTS.with(|m| m.set(n));
}

pub fn max_elements() -> usize {
    MAX_ELEMENTS.with(|m| m.get())
}

/// Checks that a tensor of `shape` may be allocated and returns its element count.
pub fn check_numel(shape: &[usize]) -> Result<usize> {
    let requested = shape
        .iter()
        .fold(1u128, |acc, &d| acc.saturating_mul(d as u128));
    let limit = max_elements();
    if requested > limit as u128 {
        return Err(TensorError::TooLarge { requested, limit });
    }
    Ok(requested as usize)
}

thread_local! {
    static NUM_THREADS: Cell<usize> = const { Cell::new(1) };
}

/// `torch.set_num_threads`: PyTorch splits reductions over more than 32768 elements between its threads,
/// which changes the order of float additions; the kernels follow the same split.
pub fn set_num_threads(n: usize) {
    NUM_THREADS.with(|t| t.set(n.max(1)));
}

pub fn num_threads() -> usize {
    NUM_THREADS.with(|t| t.get())
}
