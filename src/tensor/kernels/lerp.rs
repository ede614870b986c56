//! `torch.lerp(start, end, weight)` with a number weight: ATen's `lerp_scalar_kernel`
//! (`native/cpu/LerpKernel.cpp`) and the `lerp` of `native/Lerp.h`.

/// One element of `torch.lerp` (bit-exact). ATen keeps the half of the formula that stays
/// accurate: `weight < 0.5 ? start + weight * (end - start) : end - (end - start) * (1 - weight)`
/// (on `|weight|`). The vector code computes `fmadd(coeff, end - start, base)` with
/// `coeff = weight` or `weight - 1`; GCC fuses the scalar tail's multiply-add the same way,
/// so every element rounds once after the product, wherever it sits in the array.
#[inline(always)]
pub fn lerp_one(start: f32, end: f32, weight: f32) -> f32 {
    let diff = end - start;
    if weight.abs() < 0.5 {
        weight.mul_add(diff, start)
    } else {
        // `end - diff * (1 - weight)` fused: the same value, as `1 - w` is exactly `-(w - 1)`.
        (weight - 1.0).mul_add(diff, end)
    }
}
