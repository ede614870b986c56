//! float32 CPU kernels that reproduce PyTorch 2.15 (x86-64 build, AVX2 kernels) bit
//! for bit, so that values printed by the engine switch format exactly where torch's
//! do (`tensor([1., 1.])` versus `tensor([1.0000, 1.0000])`).
//!
//! Every rule below was checked bit for bit against torch 2.15.0 (CPU, AVX2 kernels, AMD
//! machine); the tests (`tests.rs`) replay `tests/data/kernels/torch_values.txt`, whose expected
//! values all come from torch (generator script: `tools/kernels/gen.py`).
//!
//! Where the arithmetic comes from:
//! * sums: `cascade_sum` of `aten/src/ATen/native/cpu/SumKernel.cpp` (`multi_row_sum`,
//!   `row_sum`, `vectorized_inner_sum`, `vectorized_outer_sum`, `scalar_*_sum`);
//! * softmax / log_softmax: `_vec_softmax_lastdim`, `_vec_log_softmax_lastdim`,
//!   `_vec_softmax`, `_vec_logsoftmax` of `SoftMaxKernel.cpp`, with `vec::reduce_all`
//!   and the AVX2 `vec_reduce_all` shuffle order of `cpu/vec/functional_base.h`, and
//!   `Vectorized<float>::exp/log` = SLEEF `Sleef_expf8_u10` / `Sleef_logf8_u10`
//!   (`xexpf`, `xlogf_u1` of sleef `src/libm/sleefsimdsp.c`, FMA build);
//! * mean: cascade sum divided by `n`; var/std: `std_var_all_cpu` (one output) or
//!   `WelfordOps<float, double>` (several outputs) of `ReduceOps.cpp` /
//!   `ReduceOpsKernel.cpp`;
//! * LayerNorm: `RowwiseMoments` (`moments_utils.h`) and `LayerNormKernelImplInternal`
//!   (`layer_norm_kernel.cpp`); the exact placement of fused multiply-adds was found by
//!   testing every placement against torch (see the comments at each site);
//! * sigmoid: `sigmoid_kernel` (`UnaryOpsKernel.cpp`): SLEEF exp on blocks of 16,
//!   glibc 2.36 `expf` on the tail;
//! * gelu: oneDNN `eltwise_gelu_erf` (torch routes contiguous float tensors with more
//!   than one element to mkldnn), glibc `erff` for a single element. oneDNN picks its
//!   kernel by the CPU: the AVX2 one is reproduced (an AVX-512 CPU differs, see [`onednn`]);
//! * gelu with `approximate='tanh'`: ATen's `GeluKernelImpl`, SLEEF `tanhf_u10` on blocks
//!   of 16, glibc `tanhf` (with its `expm1f`) on the tail;
//! * expm1, log1p: `vml.h` has no MKL routine for them, so ATen maps
//!   `Vectorized<float>::expm1()/log1p()` = SLEEF `Sleef_expm1f8_u10` / `Sleef_log1pf8_u10`
//!   over every element (contiguous, strided or single alike);
//! * lerp with a number weight: `lerp_scalar_kernel` (`LerpKernel.cpp`) and `Lerp.h`;
//! * exp/log/sin/cos/tanh/sqrt/atan/log10/log2/erf: torch calls Intel MKL VML (`vmsExp`,
//!   `vmsLn`, `vmsSin`, ... with `VML_HA`) for float tensors of any layout and size (torch
//!   matched MKL called from libtorch_cpu.so on all of 4096 inputs, strided and one-element
//!   tensors included). MKL is closed source and not reproducible bit for bit; each function
//!   returns what was measured closest to it: the correctly rounded value, SLEEF
//!   `sinf_u10`/`cosf_u10` for sin/cos (|x| < 125), the platform `atanf` for atan. The
//!   mismatch rates (all within one ulp) are asserted in `tests_unary.rs` and `tests.rs`.
//!
//! Checked against: `tests/data/kernels/torch_values.txt` (`tools/kernels/gen.py`) and
//! `tests/data/kernels/unary_values.txt` (`tools/kernels/gen_unary.py`, recorded with
//! `ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2`, one thread): 4962 values for each of
//! expm1, log1p, gelu, gelu-tanh, 4919 for the AVX-512 gelu and 15610 for lerp, all
//! bit-exact.
//!
//! Threads: torch splits single-output reductions and elementwise loops over more than
//! 32768 elements (`at::internal::GRAIN_SIZE`) between its threads, which changes sums
//! and sigmoid's scalar tails; the `*_threads` functions (and `softmax_dim`'s `threads`)
//! model that for a given `torch.get_num_threads()`. The plain functions give the serial
//! result, which is torch's for any input of at most 32768 elements whatever the thread
//! count.
//!
//! All functions are total: they never panic, whatever the lengths or values given.
//!
//! One file per kernel: [`sum`] (cascade sums), [`moments`] (mean, var, std), [`softmax`]
//! (softmax and log_softmax, last or other dim), [`layer_norm`], [`unary`] (the elementwise
//! functions), [`lerp`]; the arithmetic they share lives in [`vec`] (torch's 8-lane `Vectorized<float>`
//! modelled lane by lane), [`sleef`], [`glibc`] and [`onednn`] (one-lane copies of the
//! libraries torch calls), and [`avx2`] (the same on real AVX2 registers, chosen at run time).

pub mod activation;
#[cfg(target_arch = "x86_64")]
mod avx2;
mod binary;
pub mod flash;
pub mod gemv;
mod glibc;
pub mod igamma;
mod igamma_table;
pub mod layer_norm;
pub mod lerp;
mod libm;
pub mod moments;
mod onednn;
pub mod prod;
mod sleef;
mod sleef_dd;
pub mod softmax;
pub mod special;
pub mod sum;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_special;
#[cfg(test)]
mod tests_unary;
pub mod unary;
mod vec;

pub use binary::logaddexp_vec;
pub use layer_norm::{layer_norm_row, layer_norm_row_f64, layer_norm_stats, row_moments};
pub use lerp::lerp_one;
pub use libm::{
    libm_acosh, libm_asinh, libm_atanh, libm_fmax, libm_fmin, libm_lgamma_f64, libm_nextafter,
};
pub use moments::{
    mean_inner, mean_inner_threads, std_all, std_all_threads, std_inner, var_all,
    var_all_f64_threads, var_all_threads, var_inner,
};
pub use sleef::{sleef_atan2f, sleef_powf, vec_exp, vec_log};
pub use sleef_dd::{sleef_atan2, sleef_lgamma, sleef_pow};
pub use softmax::{
    log_softmax_dim, log_softmax_row, log_softmax_row_reduced, softmax_dim, softmax_dim_reduced,
    softmax_row, softmax_row_lanes,
};
pub use sum::{
    Block2d, CascadeFloat, Lanes, cascade_block_f32, cascade_block_f64, sum_inner, sum_inner_f64,
    sum_inner_f64_threads, sum_inner_threads, sum_outer,
};
pub(crate) use vec::{map2, thread_chunks};

/// The `[begin, end)` parts `at::parallel_for` cuts an elementwise loop of `n` elements into with
/// `threads` threads (`cpu_kernel_vec`'s grain, 32768): one part below the grain, else at most one per
/// thread. A kernel with a vectorised bulk and a scalar tail runs each part on its own.
pub fn elementwise_parts(n: usize, threads: usize) -> Vec<(usize, usize)> {
    parts_with_grain(n, vec::GRAIN_SIZE, threads)
}

/// [`elementwise_parts`] for ATen's GELU kernels, which pick their own grain: `numel / threads` above
/// 16384 elements (`GELU_MIN_ELEMENTS_FOR_MULTI_THREADING`), so every thread gets a part.
pub fn gelu_parts(n: usize, threads: usize) -> Vec<(usize, usize)> {
    let threads = threads.clamp(1, 1024);
    let grain = if n > 16384 {
        n / threads
    } else {
        vec::GRAIN_SIZE
    };
    parts_with_grain(n, grain, threads)
}

fn parts_with_grain(n: usize, grain: usize, threads: usize) -> Vec<(usize, usize)> {
    if n == 0 {
        return Vec::new();
    }
    vec::thread_chunks(n, grain, threads.clamp(1, 1024))
}
pub use unary::{
    atan, atanh, cos, erf, exp, expm1, gelu, gelu_aten, gelu_aten_scalar, gelu_tanh, log, log1p,
    log2, log10, relu, relu_one, rsqrt, sigmoid, sigmoid_threads, sin, sqrt, tanh,
};

/// Defines `$name(x, y, out)`: SLEEF's `$f` over a block of a binary op (`x` or `y` may be one
/// broadcast value), on AVX2 + FMA where the CPU has them, else the same function in portable code
/// (the same bits, slower: its fused multiply-adds become library calls).
macro_rules! sleef_block {
    ($name:ident, $t:ty, $f:path) => {
        pub fn $name(x: &[$t], y: &[$t], out: &mut [$t]) {
            #[cfg(target_arch = "x86_64")]
            if avx2::$name(x, y, out) {
                return;
            }
            vec::map2(x, y, out, $f);
        }
    };
}

sleef_block!(powf_block, f32, sleef::sleef_powf);
sleef_block!(pow_block, f64, sleef_dd::sleef_pow);
sleef_block!(atan2f_block, f32, sleef::sleef_atan2f);
sleef_block!(atan2_block, f64, sleef_dd::sleef_atan2);
