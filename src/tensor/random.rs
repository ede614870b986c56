//! PyTorch-compatible CPU random numbers.
//!
//! This module reproduces, bit for bit, what PyTorch's default CPU generator
//! produces for the random factory functions and `nn` initialisers a learner
//! uses (`torch.rand`, `torch.randn`, `uniform_`, `normal_`, `torch.randint`,
//! `torch.randperm`, `bernoulli_`, `F.dropout`, `nn.Linear`, `nn.Embedding`).
//! The expected values in the tests (tests/rng.rs, reading tests/data/rng/) were produced by real PyTorch
//! (`tools/rng/gen.py`), never typed by hand.
//!
//! # Where each rule comes from (PyTorch source)
//!
//! * `aten/src/ATen/core/MT19937RNGEngine.h`: the mt19937 engine. The state is
//!   seeded from the low 32 bits of the seed only, while `initial_seed()`
//!   keeps all 64 bits.
//! * `aten/src/ATen/CPUGeneratorImpl.cpp`: `random()` is one engine draw,
//!   `random64()` is `(first << 32) | second`; `manual_seed` resets the cached
//!   normal samples. A fresh `torch.Generator()` is seeded with
//!   `default_rng_seed_val = 67280421310721` ([`DEFAULT_SEED`]). Note that the
//!   *global* default generator of a fresh PyTorch process is seeded from
//!   `/dev/urandom` (checked with torch 2.15: `torch.initial_seed()` differs
//!   between runs), so an unseeded torch process is not reproducible.
//! * `aten/src/ATen/core/TransformationHelper.h` and `DistributionsHelper.h`:
//!   `uniform_real<float>` takes the low 24 bits of one `random()`, times
//!   2^-24, then `x * (to - from) + from` in `float`; `uniform_real<double>`
//!   takes the low 53 bits of `random64()`. `normal_distribution<double>` is
//!   Box-Muller with `u1`, `u2` uniform doubles,
//!   `r = sqrt(-2 log1p(-u2))`, `theta = 2 pi u1`, returns `r cos(theta)` and
//!   caches `r sin(theta)` in the generator. `uniform_int_from_to` is
//!   `(random() % range) + from`, using `random64()` when `range >= 2^32`.
//!   `bernoulli` is `uniform_double < p`.
//! * `aten/src/ATen/native/cpu/DistributionTemplates.h`: `uniform_kernel` casts
//!   `from`/`to` to `float` first (torch 2.15 additionally maps a result that
//!   rounds up to `to` back to `from`: observed and tested, since that
//!   version's source was not in the reference corpus). `normal_kernel` uses
//!   `normal_fill` (draw `n` uniforms, then Box-Muller on blocks of 16: the
//!   first 8 feed `log`, the last 8 feed `sin`/`cos`; if `n % 16 != 0` the last
//!   16 are re-drawn and recomputed) for contiguous float tensors with
//!   `n >= 16`, otherwise the scalar `normal_distribution<double>` path. On AVX2 CPUs the block is
//!   `normal_fill_16_AVX2`, which uses the Cephes-style polynomials of
//!   `aten/src/ATen/native/cpu/avx_mathfun.h` (`log256_ps`, `sincos256_ps`).
//! * `aten/src/ATen/native/cpu/DistributionKernels.cpp`: `normal_stub` is not
//!   dispatched to AVX512, so every AVX2/AVX512 x86 CPU runs the AVX2 normal
//!   kernel. `bernoulli_scalar_kernel` uses MKL (`VSL_BRNG_MCG31`) when PyTorch
//!   is built with MKL *and* the CPU vendor is Intel; otherwise the generic
//!   kernel above. Only the generic kernel is reproduced here.
//! * `aten/src/ATen/native/TensorFactories.cpp` (`randperm_cpu`): Fisher-Yates
//!   with `random() % (n - i)` for `n < u32::MAX / 20`, otherwise an
//!   inside-out shuffle with `random64() % (i + 1)`.
//! * `aten/src/ATen/native/Dropout.cpp` (`_dropout_impl`): on CPU,
//!   `noise = empty_like(x).bernoulli_(1 - p); noise.div_(1 - p); x * noise`,
//!   with early returns for `p == 0` (input, no draws) and `p == 1`
//!   (`x * 0`, no draws).
//! * `torch/nn/init.py` and `torch/nn/modules/{linear,sparse}.py`: the
//!   `nn.Linear` / `nn.Embedding` initialisation, computed in Python doubles.
//!
//! # Floating-point contraction
//!
//! PyTorch's x86 wheels are built with GCC, which fuses `a * b + c` into an FMA
//! in the AVX2 kernels. Measured against torch 2.15 on an AVX2 CPU, the
//! `uniform` transform and several polynomial steps of `avx_mathfun.h` are
//! fused; the code below uses `mul_add` exactly where the fused instruction is.
//! [`CpuKernel::Baseline`] reproduces the kernels PyTorch runs on x86 CPUs
//! without AVX2 (or with `ATEN_CPU_CAPABILITY=default`).

use std::f64::consts::PI;
use std::fmt;

mod state;

/// Seed of a freshly constructed `torch.Generator()` (`default_rng_seed_val`).
pub const DEFAULT_SEED: u64 = 67280421310721;

const MT_N: usize = 624;
const MT_M: usize = 397;
const MATRIX_A: u32 = 0x9908_b0df;
const UMASK: u32 = 0x8000_0000;
const LMASK: u32 = 0x7fff_ffff;

/// `2^-24` and `2^-53`: the `DIVISOR`s of `uniform_real` for float and double.
const F32_DIVISOR: f32 = 1.0 / 16_777_216.0;
const F64_DIVISOR: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Which set of PyTorch CPU kernels to reproduce.
///
/// PyTorch picks its kernels at run time from the CPU's capabilities, and the
/// AVX2 kernels give different low bits than the baseline ones for
/// `normal_` on 16 or more elements and for `uniform_` with bounds other than
/// `[0, 1)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CpuKernel {
    /// x86-64 CPUs with AVX2 (and AVX512): what virtually every current x86
    /// machine runs. Verified bit-exact against torch 2.15.
    #[default]
    Avx2,
    /// PyTorch's `DEFAULT` capability kernels on x86-64 (no AVX2, or
    /// `ATEN_CPU_CAPABILITY=default`). Verified bit-exact against torch 2.15
    /// run with `ATEN_CPU_CAPABILITY=default`. Other architectures (aarch64)
    /// compile the same source with other compilers and were not verified.
    Baseline,
}

/// A PyTorch-compatible CPU generator (`at::CPUGeneratorImpl`).
#[derive(Clone)]
pub struct Generator {
    seed: u64,
    state: [u32; MT_N],
    /// Index of the next state word to temper; `MT_N` means "regenerate first".
    next: usize,
    /// The second Box-Muller sample of the scalar normal path.
    next_double_normal: Option<f64>,
    /// Seeded and not drawn from since (ATen's `next_` is then 0, not 624: see `state`).
    fresh: bool,
    kernel: CpuKernel,
}

impl fmt::Debug for Generator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Generator")
            .field("seed", &self.seed)
            .field("next", &self.next)
            .field("next_double_normal", &self.next_double_normal)
            .field("kernel", &self.kernel)
            .finish_non_exhaustive()
    }
}

impl Default for Generator {
    /// Same as `torch.Generator()`: seeded with [`DEFAULT_SEED`].
    fn default() -> Self {
        Self::new(DEFAULT_SEED)
    }
}

impl Generator {
    /// A generator in the state `torch.manual_seed(seed)` leaves the global
    /// CPU generator in, using the AVX2 kernels.
    pub fn new(seed: u64) -> Self {
        Self::with_kernel(seed, CpuKernel::default())
    }

    /// Like [`Generator::new`], reproducing the given set of CPU kernels.
    pub fn with_kernel(seed: u64, kernel: CpuKernel) -> Self {
        let mut rng = Self {
            seed,
            state: [0; MT_N],
            next: MT_N,
            next_double_normal: None,
            fresh: true,
            kernel,
        };
        rng.manual_seed(seed);
        rng
    }

    /// `torch.manual_seed(seed)`: reseed and drop any cached normal sample.
    /// (Python accepts negative seeds and wraps them to `u64`.)
    pub fn manual_seed(&mut self, seed: u64) {
        self.seed = seed;
        // Only the low 32 bits seed the engine (`init_with_uint32`).
        self.state[0] = seed as u32;
        for j in 1..MT_N {
            let prev = self.state[j - 1];
            self.state[j] = 1_812_433_253u32
                .wrapping_mul(prev ^ (prev >> 30))
                .wrapping_add(j as u32);
        }
        self.next = MT_N;
        self.fresh = true;
        self.next_double_normal = None;
    }

    /// `torch.initial_seed()`: the full 64-bit seed last set.
    pub fn initial_seed(&self) -> u64 {
        self.seed
    }

    /// The kernel set this generator reproduces.
    pub fn kernel(&self) -> CpuKernel {
        self.kernel
    }

    /// Switch the kernel set (does not touch the generator state).
    pub fn set_kernel(&mut self, kernel: CpuKernel) {
        self.kernel = kernel;
    }

    fn next_state(&mut self) {
        next_state(&mut self.state);
        self.next = 0;
        self.fresh = false;
    }

    /// `CPUGeneratorImpl::random()`: one tempered mt19937 output.
    pub fn random_u32(&mut self) -> u32 {
        if self.next >= MT_N {
            self.next_state();
        }
        let mut y = self.state[self.next];
        self.next += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        y
    }

    /// `out.len()` draws of [`Generator::random_u32`], tempered a run of the state at a time (the same
    /// values, in a loop the compiler vectorises).
    pub fn fill_u32(&mut self, out: &mut [u32]) {
        let mut done = 0;
        while done < out.len() {
            if self.next >= MT_N {
                self.next_state();
            }
            let take = (MT_N - self.next).min(out.len() - done);
            temper_run(
                &self.state[self.next..self.next + take],
                &mut out[done..done + take],
            );
            self.next += take;
            done += take;
        }
    }

    /// `CPUGeneratorImpl::random64()`: the first draw is the high half.
    pub fn random_u64(&mut self) -> u64 {
        let hi = u64::from(self.random_u32());
        let lo = u64::from(self.random_u32());
        (hi << 32) | lo
    }

    /// Fills `out` with draws, each mapped by `f`, in chunks that stay in cache.
    fn fill_mapped<T>(&mut self, out: &mut [T], f: impl Fn(u32) -> T) {
        let mut buf = [0u32; 2048];
        for part in out.chunks_mut(buf.len()) {
            let draws = &mut buf[..part.len()];
            self.fill_u32(draws);
            for (o, &u) in part.iter_mut().zip(draws.iter()) {
                *o = f(u);
            }
        }
    }

    /// `uniform_real_distribution<float>(0, 1)`.
    fn unit_f32(&mut self) -> f32 {
        (self.random_u32() & 0x00ff_ffff) as f32 * F32_DIVISOR
    }

    /// `uniform_real_distribution<double>(0, 1)`.
    pub fn unit_f64(&mut self) -> f64 {
        (self.random_u64() & ((1u64 << 53) - 1)) as f64 * F64_DIVISOR
    }

    /// `torch.rand` / `Tensor.uniform_(from, to)` on a float32 tensor of `n`
    /// elements, in row-major order. `from`/`to` are rounded to `f32` first,
    /// as PyTorch does. PyTorch rejects `from > to`; this function does not
    /// check (the caller should raise the error).
    ///
    /// Returns an empty vector if `n` elements cannot be allocated.
    pub fn uniform_f32(&mut self, n: usize, from: f64, to: f64) -> Vec<f32> {
        let Some(mut out) = zeroed(n) else {
            return Vec::new();
        };
        self.uniform_f32_into(&mut out, from, to);
        out
    }

    /// [`Generator::uniform_f32`] written into `out` (a contiguous tensor's storage, filled in place).
    pub fn uniform_f32_into(&mut self, out: &mut [f32], from: f64, to: f64) {
        fill_uniform(self, out, from as f32, to as f32);
    }

    /// One sample of `normal_distribution<double>(mean, std)`, including the
    /// cached second Box-Muller value.
    fn normal_f64(&mut self, mean: f64, std: f64) -> f64 {
        let z = match self.next_double_normal.take() {
            Some(z) => z,
            None => {
                let u1 = self.unit_f64();
                let u2 = self.unit_f64();
                let r = (-2.0 * (-u2).ln_1p()).sqrt();
                let theta = 2.0 * PI * u1;
                self.next_double_normal = Some(r * theta.sin());
                r * theta.cos()
            }
        };
        match self.kernel {
            CpuKernel::Avx2 => z.mul_add(std, mean),
            CpuKernel::Baseline => z * std + mean,
        }
    }

    /// `torch.randn` / `Tensor.normal_(mean, std)` on a contiguous float32
    /// tensor of `n` elements. PyTorch rejects `std < 0`; this function does
    /// not check.
    ///
    /// Returns an empty vector if `n` elements cannot be allocated.
    pub fn normal_f32(&mut self, n: usize, mean: f64, std: f64) -> Vec<f32> {
        let Some(mut data) = zeroed(n) else {
            return Vec::new();
        };
        self.normal_f32_into(&mut data, mean, std);
        data
    }

    /// [`Generator::normal_f32`] written into `data` (a contiguous tensor's storage, filled in place).
    pub fn normal_f32_into(&mut self, data: &mut [f32], mean: f64, std: f64) {
        let n = data.len();
        if n < 16 {
            self.normal_f32_serial_into(data, mean, std);
            return;
        }
        self.fill_mapped(data, |u| (u & 0x00ff_ffff) as f32 * F32_DIVISOR);
        let (mean, std) = (mean as f32, std as f32);
        // Each block of 16 is transformed on its own: the blocks are shared between the threads.
        let kernel = self.kernel;
        crate::tensor::parallel::for_chunks(&mut data[..n - n % 16], 16, 1 << 15, |_, part| {
            fill_blocks(kernel, part, mean, std)
        });
        if !n.is_multiple_of(16) {
            // Recompute the last 16 values from fresh uniforms.
            let tail = &mut data[n - 16..];
            for v in tail.iter_mut() {
                *v = self.unit_f32();
            }
            fill_16(self.kernel, tail, mean, std);
        }
    }

    /// The element-by-element `normal_` path, used by PyTorch for fewer than
    /// 16 elements and for non-contiguous float tensors (in which case the
    /// values are produced in TensorIterator order).
    fn normal_f32_serial_into(&mut self, out: &mut [f32], mean: f64, std: f64) {
        for v in out.iter_mut() {
            *v = self.normal_f64(mean, std) as f32;
        }
    }

    /// `n` draws of `normal_distribution<double>(mean, std)` one after another: ATen's `normal_` on a
    /// tensor that is not contiguous or has fewer than 16 elements.
    pub fn normal_serial_f64(&mut self, n: usize, mean: f64, std: f64) -> Vec<f64> {
        (0..n).map(|_| self.normal_f64(mean, std)).collect()
    }

    /// `normal_fill` for float16 / bfloat16 (`n >= 16`): in float, each block of 16 draws its own
    /// uniforms just before its Box-Muller step (float32 draws all of them first), and the last 16
    /// values are redrawn when 16 does not divide `n`. The caller rounds to the half type.
    pub fn normal_f32_blockwise(&mut self, n: usize, mean: f64, std: f64) -> Vec<f32> {
        let whole = n - n % 16;
        let mut data = self.normal_f32(whole, mean, std);
        if whole < n {
            data.resize(n, 0.0);
            let tail = &mut data[n - 16..];
            for v in tail.iter_mut() {
                *v = self.unit_f32();
            }
            fill_16(self.kernel, tail, mean as f32, std as f32);
        }
        data
    }

    /// `torch.rand(..., dtype=torch.float64)`: `uniform_real_distribution<double>` (53 bits of a
    /// 64-bit draw), scaled as the float32 version is.
    pub fn uniform_f64(&mut self, n: usize, from: f64, to: f64) -> Vec<f64> {
        let Some(mut out) = alloc(n) else {
            return Vec::new();
        };
        let range = to - from;
        for _ in 0..n {
            let x = self.unit_f64();
            let v = match self.kernel {
                CpuKernel::Avx2 => x.mul_add(range, from),
                CpuKernel::Baseline => x * range + from,
            };
            out.push(if v >= to { from } else { v });
        }
        out
    }

    /// `torch.randn(..., dtype=torch.float64)`: fewer than 16 elements one by one, else `normal_fill`'s
    /// blocks of 16 double uniforms turned into normals by Box-Muller (its scalar `normal_fill_16`, as
    /// ATen has no vector form for double), the last block redrawn when 16 does not divide `n`.
    pub fn normal_f64_vec(&mut self, n: usize, mean: f64, std: f64) -> Vec<f64> {
        let Some(mut data) = alloc(n) else {
            return Vec::new();
        };
        if n < 16 {
            for _ in 0..n {
                data.push(self.normal_f64(mean, std));
            }
            return data;
        }
        for _ in 0..n {
            data.push(self.unit_f64());
        }
        let kernel = self.kernel;
        let fill = |block: &mut [f64]| {
            let (lo, hi) = block.split_at_mut(8);
            for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                let u1 = 1.0 - *a;
                let u2 = *b;
                let radius = (-2.0 * u1.ln()).sqrt();
                let theta = 2.0 * PI * u2;
                match kernel {
                    CpuKernel::Avx2 => {
                        *a = (radius * theta.cos()).mul_add(std, mean);
                        *b = (radius * theta.sin()).mul_add(std, mean);
                    }
                    CpuKernel::Baseline => {
                        *a = radius * theta.cos() * std + mean;
                        *b = radius * theta.sin() * std + mean;
                    }
                }
            }
        };
        for block in data.chunks_exact_mut(16) {
            fill(block);
        }
        if !n.is_multiple_of(16) {
            let tail_start = n - 16;
            for v in &mut data[tail_start..] {
                *v = self.unit_f64();
            }
            fill(&mut data[tail_start..]);
        }
        data
    }

    /// `torch.randint(low, high, (n,))` with dtype int64.
    ///
    /// PyTorch raises an error when `high <= low`; in that case this returns
    /// an empty vector and draws nothing, so the caller must check first.
    /// Also returns an empty vector if `n` elements cannot be allocated.
    pub fn randint_i64(&mut self, n: usize, low: i64, high: i64) -> Vec<i64> {
        if high <= low {
            return Vec::new();
        }
        let Some(mut out) = alloc(n) else {
            return Vec::new();
        };
        let range = (high as u64).wrapping_sub(low as u64);
        for _ in 0..n {
            out.push(self.int_in_range(range, low));
        }
        out
    }

    /// One `uniform_int_from_to_distribution` draw: `(val % range) + base`, `val` 64 bits for a range of
    /// 2^28 or more, whatever the dtype (measured against torch 2.15: 2^28 - 1 takes one 32-bit draw,
    /// 2^28 two), else 32. `range` is not 0.
    pub fn int_in_range(&mut self, range: u64, base: i64) -> i64 {
        let v = if range >= 1 << 28 {
            self.random_u64()
        } else {
            u64::from(self.random_u32())
        };
        (v % range).wrapping_add(base as u64) as i64
    }

    /// `torch.randperm(n)` with dtype int64.
    ///
    /// Returns an empty vector if `n` elements cannot be allocated.
    pub fn randperm(&mut self, n: usize) -> Vec<i64> {
        let Some(mut out) = alloc::<i64>(n) else {
            return Vec::new();
        };
        if (n as u64) < u64::from(u32::MAX / 20) {
            out.extend((0..n).map(|i| i as i64));
            for i in 0..n.saturating_sub(1) {
                let z = (u64::from(self.random_u32()) % (n - i) as u64) as usize;
                out.swap(i, z + i);
            }
        } else {
            // Inside-out Fisher-Yates for huge n (not exercised by the tests:
            // it needs more than 200 million elements).
            for i in 0..n {
                let z = (self.random_u64() % (i as u64 + 1)) as usize;
                out.push(i as i64);
                out.swap(i, z);
            }
        }
        out
    }

    /// `Tensor.bernoulli_(p)` on a float32 tensor: `1.0` with probability `p`.
    ///
    /// This is PyTorch's generic CPU kernel (one `random64()` per element),
    /// which is what PyTorch runs on non-Intel CPUs and in builds without MKL.
    /// On Intel CPUs with an MKL build PyTorch uses MKL's MCG31 stream
    /// instead, which is not reproduced here.
    ///
    /// Returns an empty vector if `n` elements cannot be allocated.
    pub fn bernoulli_f32(&mut self, n: usize, p: f64) -> Vec<f32> {
        let Some(mut out) = alloc(n) else {
            return Vec::new();
        };
        for _ in 0..n {
            out.push(if self.unit_f64() < p { 1.0 } else { 0.0 });
        }
        out
    }

    /// `F.dropout(input, p, training=True)` on a float32 CPU tensor (same
    /// kernel caveat as [`Generator::bernoulli_f32`]). `p == 0` returns the
    /// input and `p == 1` returns `input * 0`, both without drawing. PyTorch
    /// rejects `p` outside `[0, 1]`; this function does not check.
    pub fn dropout_f32(&mut self, input: &[f32], p: f64) -> Vec<f32> {
        if p == 0.0 {
            return input.to_vec();
        }
        if p == 1.0 {
            return input.iter().map(|&x| x * 0.0).collect();
        }
        let keep = 1.0 - p;
        let scale = 1.0f32 / keep as f32;
        input
            .iter()
            .map(|&x| {
                let noise = if self.unit_f64() < keep { scale } else { 0.0 };
                x * noise
            })
            .collect()
    }

    /// `uniform_real_distribution<double>(from, to)` once: `x · (to - from) + from`.
    pub fn uniform_one_f64(&mut self, from: f64, to: f64) -> f64 {
        self.unit_f64() * (to - from) + from
    }

    /// `torch.bernoulli(probs)` on float32 probabilities: one
    /// `bernoulli_distribution<float>` per element (a 24-bit uniform below `p`).
    pub fn bernoulli_probs_f32(&mut self, probs: &[f32]) -> Vec<f32> {
        probs
            .iter()
            .map(|&p| if self.unit_f32() < p { 1.0 } else { 0.0 })
            .collect()
    }

    /// [`Generator::bernoulli_probs_f32`] for a float64 result: `bernoulli_distribution<double>`,
    /// a 53-bit uniform per element.
    pub fn bernoulli_probs_f64(&mut self, probs: &[f64]) -> Vec<f64> {
        probs
            .iter()
            .map(|&p| if self.unit_f64() < p { 1.0 } else { 0.0 })
            .collect()
    }

    /// The dropout noise tensor (`bernoulli_(1 - p) / (1 - p)`), which is also
    /// the multiplier the backward pass uses. Same early returns as
    /// [`Generator::dropout_f32`] (all ones for `p == 0`, all zeros for
    /// `p == 1`, no draws).
    pub fn dropout_mask_f32(&mut self, n: usize, p: f64) -> Vec<f32> {
        if p == 0.0 || p == 1.0 {
            let v = if p == 0.0 { 1.0 } else { 0.0 };
            return alloc(n).map_or_else(Vec::new, |mut out| {
                out.resize(n, v);
                out
            });
        }
        let mut mask = self.bernoulli_f32(n, 1.0 - p);
        let keep = (1.0 - p) as f32;
        for m in &mut mask {
            *m /= keep;
        }
        mask
    }
}

/// The mt19937 state update, compiled for several instruction sets and picked at run time, so the
/// 624-word twist vectorises on a build for any x86-64.
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
fn next_state(s: &mut [u32; MT_N]) {
    fn twist(u: u32, v: u32) -> u32 {
        (((u & UMASK) | (v & LMASK)) >> 1) ^ if v & 1 != 0 { MATRIX_A } else { 0 }
    }
    for j in 0..MT_N - MT_M {
        s[j] = s[j + MT_M] ^ twist(s[j], s[j + 1]);
    }
    for j in MT_N - MT_M..MT_N - 1 {
        s[j] = s[j + MT_M - MT_N] ^ twist(s[j], s[j + 1]);
    }
    s[MT_N - 1] = s[MT_M - 1] ^ twist(s[MT_N - 1], s[0]);
}

/// The loop of [`Generator::uniform_f32`], compiled for several instruction sets and picked at run time:
/// on a build for baseline x86-64 the Avx2 kernel's `mul_add` would otherwise be a call to libm's `fmaf`
/// for every element (same bits either way).
#[multiversion::multiversion(targets("x86_64+avx2+fma", "x86_64+avx", "aarch64+neon"))]
fn fill_uniform(g: &mut Generator, out: &mut [f32], from: f32, to: f32) {
    let range = to - from;
    let kernel = g.kernel;
    g.fill_mapped(out, |u| {
        let x = (u & 0x00ff_ffff) as f32 * F32_DIVISOR;
        let v = match kernel {
            CpuKernel::Avx2 => x.mul_add(range, from),
            CpuKernel::Baseline => x * range + from,
        };
        // A value that rounded up to `to` is replaced by `from`, keeping the
        // result in [from, to) (observed in torch 2.15, both kernels).
        if v >= to { from } else { v }
    });
}

/// mt19937's tempering of a run of state words (`random()` without the state bookkeeping).
#[inline(always)]
fn temper_run(state: &[u32], out: &mut [u32]) {
    for (o, &s) in out.iter_mut().zip(state) {
        let mut y = s;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^= y >> 18;
        *o = y;
    }
}

/// A vector with room for `n` elements, or `None` if that cannot be allocated.
fn alloc<T>(n: usize) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
    Some(v)
}

/// `n` zeros, or `None` if they cannot be allocated.
fn zeroed(n: usize) -> Option<Vec<f32>> {
    let mut v = alloc(n)?;
    v.resize(n, 0.0);
    Some(v)
}

/// The bound of `nn.init.kaiming_uniform_(w, a=a)` (fan_in mode, leaky_relu),
/// computed in `f64` as `torch/nn/init.py` does:
/// `gain = sqrt(2 / (1 + a**2))`, `std = gain / sqrt(fan_in)`,
/// `bound = sqrt(3) * std`.
pub fn kaiming_uniform_bound(fan_in: usize, a: f64) -> f64 {
    let gain = (2.0 / (1.0 + a * a)).sqrt();
    let std = gain / (fan_in as f64).sqrt();
    3.0f64.sqrt() * std
}

/// `nn.Linear(in_features, out_features, bias)` default initialisation:
/// `kaiming_uniform_(weight, a=sqrt(5))` on the `[out, in]` weight (row-major),
/// then `uniform_(bias, -1/sqrt(fan_in), 1/sqrt(fan_in))`.
///
/// Like PyTorch, a weight with a zero dimension is left untouched (zeros here)
/// without drawing. Returns empty vectors if the sizes cannot be allocated.
pub fn linear_init(
    rng: &mut Generator,
    in_features: usize,
    out_features: usize,
    bias: bool,
) -> (Vec<f32>, Option<Vec<f32>>) {
    let numel = in_features.checked_mul(out_features).unwrap_or(0);
    let weight = if numel == 0 {
        Vec::new()
    } else {
        let bound = kaiming_uniform_bound(in_features, 5.0f64.sqrt());
        rng.uniform_f32(numel, -bound, bound)
    };
    let bias = bias.then(|| {
        if in_features == 0 {
            // `bound = 0` (a Python int), so the range is [0, 0].
            rng.uniform_f32(out_features, 0.0, 0.0)
        } else {
            let bound = 1.0 / (in_features as f64).sqrt();
            rng.uniform_f32(out_features, -bound, bound)
        }
    });
    (weight, bias)
}

/// `nn.Embedding(num_embeddings, embedding_dim, padding_idx)` default
/// initialisation: `normal_(0, 1)` on the `[num, dim]` weight (row-major),
/// then the `padding_idx` row (if any, and in range) is zeroed.
///
/// Returns an empty vector if the size cannot be allocated.
pub fn embedding_init(
    rng: &mut Generator,
    num_embeddings: usize,
    embedding_dim: usize,
    padding_idx: Option<usize>,
) -> Vec<f32> {
    let Some(numel) = num_embeddings.checked_mul(embedding_dim) else {
        return Vec::new();
    };
    let mut weight = rng.normal_f32(numel, 0.0, 1.0);
    if let Some(row) = padding_idx.filter(|&r| r < num_embeddings) {
        let start = row * embedding_dim;
        if let Some(slice) = weight.get_mut(start..start + embedding_dim) {
            slice.fill(0.0);
        }
    }
    weight
}

/// Box-Muller over every whole block of 16, built with hardware FMA when the CPU has it (FMA is exact, so
/// the values are the same; the libm call that `mul_add` otherwise becomes is slow).
#[multiversion::multiversion(targets("x86_64+avx2+fma"))]
fn fill_blocks(kernel: CpuKernel, data: &mut [f32], mean: f32, std: f32) {
    for block in data.chunks_exact_mut(16) {
        fill_16(kernel, block, mean, std);
    }
}

/// Box-Muller on one block of 16 uniforms: `block[j]` (j < 8) feeds the radius,
/// `block[j + 8]` the angle (`normal_fill_16` / `normal_fill_16_AVX2`).
#[inline(always)]
fn fill_16(kernel: CpuKernel, block: &mut [f32], mean: f32, std: f32) {
    let (lo, hi) = block.split_at_mut(8);
    for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
        let u1 = 1.0 - *a;
        let u2 = *b;
        match kernel {
            CpuKernel::Avx2 => {
                let radius = (-2.0 * avx_math::log(u1)).sqrt();
                let theta = avx_math::TWO_PI * u2;
                let (sin, cos) = avx_math::sincos(theta);
                *a = (radius * cos).mul_add(std, mean);
                *b = (radius * sin).mul_add(std, mean);
            }
            CpuKernel::Baseline => {
                let radius = (-2.0 * u1.ln()).sqrt();
                let theta = (2.0 * PI * f64::from(u2)) as f32;
                *a = (radius * theta.cos()).mul_add(std, mean);
                *b = (radius * theta.sin()).mul_add(std, mean);
            }
        }
    }
}

/// One lane of `log256_ps` / `sincos256_ps` from PyTorch's
/// `aten/src/ATen/native/cpu/avx_mathfun.h` (Cephes polynomials), with FMAs
/// exactly where GCC contracts the intrinsics in PyTorch's AVX2 build.
#[allow(clippy::excessive_precision)]
mod avx_math;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn avx_math_is_close_to_libm() {
        let mut x = 1.0f32;
        while x > 1e-7 {
            let l = avx_math::log(x);
            assert!((l - x.ln()).abs() <= 1e-6 * x.ln().abs().max(1.0), "{x}");
            x *= 0.77;
        }
        assert!(avx_math::log(0.0).is_nan());
        assert!(avx_math::log(-1.0).is_nan());
        for i in 0..1000 {
            let t = avx_math::TWO_PI * i as f32 / 1000.0;
            let (s, c) = avx_math::sincos(t);
            assert!((s - t.sin()).abs() < 1e-6, "sin {t}");
            assert!((c - t.cos()).abs() < 1e-6, "cos {t}");
        }
    }
}
