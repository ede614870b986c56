//! A tensor's fingerprint: what the kernel compares before and after a cell to tell which tensors the
//! cell made or changed.

use crate::tensor::Tensor;

/// A hash of the tensor's shape, strides, offset and (up to 2^20 elements) values.
pub(super) fn fingerprint(t: &Tensor) -> u64 {
    let mut h: u64 = 1469598103934665603;
    let mix = |h: &mut u64, v: u64| {
        *h ^= v;
        *h = h.wrapping_mul(1099511628211);
    };
    for &d in t.shape() {
        mix(&mut h, d as u64);
    }
    for &s in t.strides() {
        mix(&mut h, s as u64);
    }
    mix(&mut h, t.storage_offset() as u64);
    if t.numel() <= 1 << 20 {
        for v in t.to_vec::<f32>() {
            mix(&mut h, v.to_bits() as u64);
        }
    }
    h
}
