//! PyTorch-compatible CPU random numbers.
//!
//! This module reproduces, bit for bit, what PyTorch's default CPU generator
//! produces for the random factory functions and `nn` initialisers a learner
//! uses (`torch.rand`, `torch.randn`, `uniform_`, `normal_`, `torch.randint`,
//! `torch.randperm`, `bernoulli_`, `F.dropout`, `nn.Linear`, `nn.Embedding`).
//! The expected values in the tests were produced by real PyTorch
//! (`gen/gen.py`), never typed by hand.
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
        fn twist(u: u32, v: u32) -> u32 {
            (((u & UMASK) | (v & LMASK)) >> 1) ^ if v & 1 != 0 { MATRIX_A } else { 0 }
        }
        let s = &mut self.state;
        for j in 0..MT_N - MT_M {
            s[j] = s[j + MT_M] ^ twist(s[j], s[j + 1]);
        }
        for j in MT_N - MT_M..MT_N - 1 {
            s[j] = s[j + MT_M - MT_N] ^ twist(s[j], s[j + 1]);
        }
        s[MT_N - 1] = s[MT_M - 1] ^ twist(s[MT_N - 1], s[0]);
        self.next = 0;
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

    /// `CPUGeneratorImpl::random64()`: the first draw is the high half.
    pub fn random_u64(&mut self) -> u64 {
        let hi = u64::from(self.random_u32());
        let lo = u64::from(self.random_u32());
        (hi << 32) | lo
    }

    /// `uniform_real_distribution<float>(0, 1)`.
    fn unit_f32(&mut self) -> f32 {
        (self.random_u32() & 0x00ff_ffff) as f32 * F32_DIVISOR
    }

    /// `uniform_real_distribution<double>(0, 1)`.
    fn unit_f64(&mut self) -> f64 {
        (self.random_u64() & ((1u64 << 53) - 1)) as f64 * F64_DIVISOR
    }

    /// `torch.rand` / `Tensor.uniform_(from, to)` on a float32 tensor of `n`
    /// elements, in row-major order. `from`/`to` are rounded to `f32` first,
    /// as PyTorch does. PyTorch rejects `from > to`; this function does not
    /// check (the caller should raise the error).
    ///
    /// Returns an empty vector if `n` elements cannot be allocated.
    pub fn uniform_f32(&mut self, n: usize, from: f64, to: f64) -> Vec<f32> {
        let Some(mut out) = alloc(n) else {
            return Vec::new();
        };
        let from = from as f32;
        let to = to as f32;
        let range = to - from;
        for _ in 0..n {
            let x = self.unit_f32();
            let v = match self.kernel {
                CpuKernel::Avx2 => x.mul_add(range, from),
                CpuKernel::Baseline => x * range + from,
            };
            // A value that rounded up to `to` is replaced by `from`, keeping the
            // result in [from, to) (observed in torch 2.15, both kernels).
            out.push(if v >= to { from } else { v });
        }
        out
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
        if n < 16 {
            return self.normal_f32_serial(n, mean, std);
        }
        let Some(mut data) = alloc(n) else {
            return Vec::new();
        };
        for _ in 0..n {
            data.push(self.unit_f32());
        }
        let (mean, std) = (mean as f32, std as f32);
        fill_blocks(self.kernel, &mut data, mean, std);
        if !n.is_multiple_of(16) {
            // Recompute the last 16 values from fresh uniforms.
            let tail = &mut data[n - 16..];
            for v in tail.iter_mut() {
                *v = self.unit_f32();
            }
            fill_16(self.kernel, tail, mean, std);
        }
        data
    }

    /// The element-by-element `normal_` path, used by PyTorch for fewer than
    /// 16 elements and for non-contiguous float tensors (in which case the
    /// values are produced in TensorIterator order).
    ///
    /// Returns an empty vector if `n` elements cannot be allocated.
    pub fn normal_f32_serial(&mut self, n: usize, mean: f64, std: f64) -> Vec<f32> {
        let Some(mut out) = alloc(n) else {
            return Vec::new();
        };
        for _ in 0..n {
            out.push(self.normal_f64(mean, std) as f32);
        }
        out
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
            let v = if range >= 1u64 << 32 {
                self.random_u64() % range
            } else {
                u64::from(self.random_u32()) % range
            };
            out.push(v.wrapping_add(low as u64) as i64);
        }
        out
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

/// A vector with room for `n` elements, or `None` if that cannot be allocated.
fn alloc<T>(n: usize) -> Option<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).ok()?;
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
mod avx_math {
    // The C source writes these as double literals stored into float arrays,
    // hence `f64 as f32` (decimal -> double -> float, like the C compiler).
    // cephes_SQRTHF = 0.707106781186547524, the same double as FRAC_1_SQRT_2.
    const SQRTHF: f32 = std::f64::consts::FRAC_1_SQRT_2 as f32;
    const LOG_P: [f32; 9] = [
        7.0376836292E-2_f64 as f32,
        -1.1514610310E-1_f64 as f32,
        1.1676998740E-1_f64 as f32,
        -1.2420140846E-1_f64 as f32,
        1.4249322787E-1_f64 as f32,
        -1.6668057665E-1_f64 as f32,
        2.0000714765E-1_f64 as f32,
        -2.4999993993E-1_f64 as f32,
        3.3333331174E-1_f64 as f32,
    ];
    const LOG_Q1: f32 = -2.12194440e-4_f64 as f32;
    const LOG_Q2: f32 = 0.693359375_f64 as f32;
    const MIN_NORM_POS: u32 = 0x0080_0000;

    const MINUS_DP1: f32 = -0.78515625_f64 as f32;
    const MINUS_DP2: f32 = -2.4187564849853515625e-4_f64 as f32;
    const MINUS_DP3: f32 = -3.77489497744594108e-8_f64 as f32;
    const SINCOF_P0: f32 = -1.9515295891E-4_f64 as f32;
    const SINCOF_P1: f32 = 8.3321608736E-3_f64 as f32;
    const SINCOF_P2: f32 = -1.6666654611E-1_f64 as f32;
    const COSCOF_P0: f32 = 2.443315711809948E-005_f64 as f32;
    const COSCOF_P1: f32 = -1.388731625493765E-003_f64 as f32;
    const COSCOF_P2: f32 = 4.166664568298827E-002_f64 as f32;
    const FOPI: f32 = 1.27323954473516_f64 as f32;
    const SIGN: u32 = 0x8000_0000;

    /// `_mm256_set1_ps(2.0f * c10::pi<double>)`.
    pub(super) const TWO_PI: f32 = (2.0 * std::f64::consts::PI) as f32;

    /// `log256_ps` for one lane.
    #[inline(always)]
    pub(super) fn log(x: f32) -> f32 {
        // Non-positive (and NaN) inputs give NaN, as the `invalid_mask` OR does.
        if x.is_nan() || x <= 0.0 {
            return f32::NAN;
        }
        // _mm256_max_ps(x, min_norm_pos): cut off denormals.
        let min = f32::from_bits(MIN_NORM_POS);
        let x = if x > min { x } else { min };
        let bits = x.to_bits();
        let exponent = (bits >> 23) as i32 - 0x7f;
        // Keep the mantissa, force the exponent of 0.5: x in [0.5, 1).
        let mut x = f32::from_bits((bits & !0x7f80_0000) | 0.5f32.to_bits());
        let mut e = exponent as f32 + 1.0;
        let small = x < SQRTHF;
        let tmp = if small { x } else { 0.0 };
        x -= 1.0;
        e -= if small { 1.0 } else { 0.0 };
        x += tmp;
        let z = x * x;
        let mut y = LOG_P[0];
        for &p in &LOG_P[1..] {
            y = y.mul_add(x, p);
        }
        y *= x;
        y = y.mul_add(z, e * LOG_Q1);
        y = (-z).mul_add(0.5, y);
        e.mul_add(LOG_Q2, x + y)
    }

    /// `sincos256_ps` for one lane: returns `(sin, cos)`.
    #[inline(always)]
    pub(super) fn sincos(x: f32) -> (f32, f32) {
        let mut sign_sin = x.to_bits() & SIGN;
        let mut x = f32::from_bits(x.to_bits() & !SIGN);
        // _mm256_cvttps_epi32 truncates; the inputs here are in [0, 2 pi).
        let mut j = (x * FOPI) as i32;
        j = j.wrapping_add(1) & !1;
        let y = j as f32;
        let swap_sign_sin = ((j & 4) as u32) << 29;
        let use_sin_poly = j & 2 == 0;
        // Extended precision modular arithmetic: x = ((x - y DP1) - y DP2) - y DP3.
        x = y.mul_add(MINUS_DP1, x);
        x = y.mul_add(MINUS_DP2, x);
        x = y.mul_add(MINUS_DP3, x);
        let sign_cos = ((!j.wrapping_sub(2) & 4) as u32) << 29;
        sign_sin ^= swap_sign_sin;

        let z = x * x;
        let mut yc = COSCOF_P0;
        yc = yc.mul_add(z, COSCOF_P1);
        yc = yc.mul_add(z, COSCOF_P2);
        yc *= z;
        yc = yc.mul_add(z, -(z * 0.5));
        yc += 1.0;

        let mut ys = SINCOF_P0;
        ys = ys.mul_add(z, SINCOF_P1);
        ys = ys.mul_add(z, SINCOF_P2);
        ys *= z;
        ys = ys.mul_add(x, x);

        // Select the polynomials with the same and/andnot/sub/add sequence.
        let (ysin2, ysin1) = if use_sin_poly { (ys, 0.0) } else { (0.0, yc) };
        let ys = ys - ysin2;
        let yc = yc - ysin1;
        let s = ysin1 + ysin2;
        let c = yc + ys;
        (
            f32::from_bits(s.to_bits() ^ sign_sin),
            f32::from_bits(c.to_bits() ^ sign_cos),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug)]
    enum Op {
        Seed(u64),
        Rand(usize),
        Uniform(usize, f64, f64),
        Randn(usize),
        Normal(usize, f64, f64),
        Linear(usize, usize, bool),
        Embedding(usize, usize),
        Randint(usize, i64, i64),
        RandomI64(usize),
        Randperm(usize),
        Bernoulli(usize, f64),
        Dropout(usize, f64),
    }

    #[derive(Debug)]
    enum Expect {
        Nothing,
        F32(&'static [u32]),
        Summary {
            len: usize,
            fnv: u64,
            first: u32,
            last: u32,
        },
        I64(&'static [i64]),
    }

    struct Case {
        cat: &'static str,
        name: &'static str,
        seed: u64,
        steps: &'static [(Op, Expect)],
    }

    enum Out {
        None,
        F32(Vec<f32>),
        I64(Vec<i64>),
    }

    /// The dropout input used by gen.py:
    /// `(torch.arange(n, dtype=torch.float32) - (n // 2)) * 0.37`.
    fn dropout_input(n: usize) -> Vec<f32> {
        (0..n)
            .map(|i| (i as f32 - (n / 2) as f32) * 0.37f64 as f32)
            .collect()
    }

    fn run(rng: &mut Generator, op: Op) -> Out {
        match op {
            Op::Seed(s) => {
                rng.manual_seed(s);
                Out::None
            }
            Op::Rand(n) => Out::F32(rng.uniform_f32(n, 0.0, 1.0)),
            Op::Uniform(n, a, b) => Out::F32(rng.uniform_f32(n, a, b)),
            Op::Randn(n) => Out::F32(rng.normal_f32(n, 0.0, 1.0)),
            Op::Normal(n, m, s) => Out::F32(rng.normal_f32(n, m, s)),
            Op::Linear(i, o, b) => {
                let (mut w, bias) = linear_init(rng, i, o, b);
                assert_eq!(w.len(), i * o);
                assert_eq!(bias.is_some(), b);
                w.extend(bias.unwrap_or_default());
                Out::F32(w)
            }
            Op::Embedding(n, d) => Out::F32(embedding_init(rng, n, d, None)),
            Op::Randint(n, lo, hi) => Out::I64(rng.randint_i64(n, lo, hi)),
            Op::RandomI64(n) => Out::I64(
                (0..n)
                    .map(|_| (rng.random_u64() % (1u64 << 63)) as i64)
                    .collect(),
            ),
            Op::Randperm(n) => Out::I64(rng.randperm(n)),
            Op::Bernoulli(n, p) => Out::F32(rng.bernoulli_f32(n, p)),
            Op::Dropout(n, p) => Out::F32(rng.dropout_f32(&dropout_input(n), p)),
        }
    }

    fn fnv1a(bits: &[u32]) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for w in bits {
            for b in w.to_le_bytes() {
                h ^= u64::from(b);
                h = h.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        h
    }

    fn check(case: &Case, step: usize, expect: &Expect, out: &Out) {
        let what = format!("{} / seed {} / step {step}", case.name, case.seed);
        match (expect, out) {
            (Expect::Nothing, Out::None) => {}
            (Expect::F32(want), Out::F32(got)) => {
                let got: Vec<u32> = got.iter().map(|v| v.to_bits()).collect();
                assert_eq!(got.len(), want.len(), "{what}: length");
                for (i, (g, w)) in got.iter().zip(want.iter()).enumerate() {
                    assert_eq!(
                        g,
                        w,
                        "{what}: element {i}: got {} want {}",
                        f32::from_bits(*g),
                        f32::from_bits(*w)
                    );
                }
            }
            (
                Expect::Summary {
                    len,
                    fnv,
                    first,
                    last,
                },
                Out::F32(got),
            ) => {
                let got: Vec<u32> = got.iter().map(|v| v.to_bits()).collect();
                assert_eq!(got.len(), *len, "{what}: length");
                assert_eq!(got.first(), Some(first), "{what}: first");
                assert_eq!(got.last(), Some(last), "{what}: last");
                assert_eq!(fnv1a(&got), *fnv, "{what}: checksum");
            }
            (Expect::I64(want), Out::I64(got)) => assert_eq!(&got[..], *want, "{what}"),
            _ => panic!("{what}: output kind mismatch"),
        }
    }

    /// Runs every case of `cat` for `kernel`; returns how many steps were compared.
    fn run_cases(cases: &[Case], kernel: CpuKernel, cat: &str) -> usize {
        let mut compared = 0;
        for case in cases.iter().filter(|c| c.cat == cat) {
            let mut rng = Generator::with_kernel(case.seed, kernel);
            for (i, (op, expect)) in case.steps.iter().enumerate() {
                let out = run(&mut rng, *op);
                check(case, i, expect, &out);
                compared += 1;
            }
        }
        assert!(compared > 0, "no cases for {cat}");
        compared
    }

    macro_rules! torch_tests {
        ($cases:ident, $kernel:expr, $($name:ident => $cat:literal),* $(,)?) => {
            $(
                #[test]
                fn $name() {
                    run_cases($cases, $kernel, $cat);
                }
            )*
        };
    }

    torch_tests!(
        AVX2_CASES,
        CpuKernel::Avx2,
        avx2_rand => "rand",
        avx2_randn => "randn",
        avx2_interleave => "interleave",
        avx2_linear => "linear",
        avx2_embedding => "embedding",
        avx2_randint => "randint",
        avx2_randperm => "randperm",
        avx2_bernoulli => "bernoulli",
        avx2_dropout => "dropout",
        avx2_generator => "generator",
    );

    torch_tests!(
        BASELINE_CASES,
        CpuKernel::Baseline,
        baseline_rand => "rand",
        baseline_randn => "randn",
        baseline_interleave => "interleave",
        baseline_linear => "linear",
        baseline_embedding => "embedding",
        baseline_generator => "generator",
    );

    #[test]
    fn default_seed_matches_torch_generator() {
        assert_eq!(DEFAULT_SEED, AVX2_TORCH_GENERATOR_DEFAULT_SEED);
        assert_eq!(DEFAULT_SEED, BASELINE_TORCH_GENERATOR_DEFAULT_SEED);
        assert_eq!(Generator::default().initial_seed(), DEFAULT_SEED);
        assert!(AVX2_TORCH_VERSION.starts_with("2."));
        assert_eq!(AVX2_TORCH_VERSION, BASELINE_TORCH_VERSION);
    }

    #[test]
    fn generator_case_uses_default_constructor() {
        let case = AVX2_CASES
            .iter()
            .find(|c| c.name == "torch.Generator()")
            .expect("case present");
        let mut rng = Generator::default();
        for (i, (op, expect)) in case.steps.iter().enumerate() {
            let out = run(&mut rng, *op);
            check(case, i, expect, &out);
        }
    }

    #[test]
    fn seed_keeps_64_bits_but_engine_uses_low_32() {
        let mut a = Generator::new((1 << 32) + 5);
        let mut b = Generator::new(5);
        assert_eq!(a.initial_seed(), (1 << 32) + 5);
        assert_eq!(a.random_u32(), b.random_u32());
    }

    #[test]
    fn random_u64_is_two_draws_high_first() {
        let mut a = Generator::new(7);
        let mut b = a.clone();
        for _ in 0..1000 {
            let hi = u64::from(b.random_u32());
            let lo = u64::from(b.random_u32());
            assert_eq!(a.random_u64(), (hi << 32) | lo);
        }
    }

    #[test]
    fn clone_is_independent_and_carries_normal_cache() {
        let mut a = Generator::new(3);
        let _ = a.normal_f32(1, 0.0, 1.0); // leaves a cached sample
        let mut b = a.clone();
        assert_eq!(a.normal_f32(3, 0.0, 1.0), b.normal_f32(3, 0.0, 1.0));
        let _ = a.uniform_f32(10, 0.0, 1.0);
        assert_ne!(a.uniform_f32(1, 0.0, 1.0), b.uniform_f32(1, 0.0, 1.0));
    }

    #[test]
    fn manual_seed_clears_normal_cache() {
        let mut a = Generator::new(11);
        let first = a.normal_f32(1, 0.0, 1.0);
        a.manual_seed(11);
        assert_eq!(a.normal_f32(1, 0.0, 1.0), first);
    }

    #[test]
    fn state_regenerates_past_624_words() {
        let mut a = Generator::new(1);
        let v: Vec<u32> = (0..2000).map(|_| a.random_u32()).collect();
        let mut b = Generator::new(1);
        let w: Vec<u32> = (0..2000).map(|_| b.random_u32()).collect();
        assert_eq!(v, w);
        assert_ne!(v[..624], v[624..1248]);
    }

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

    #[test]
    fn degenerate_arguments_do_not_panic() {
        let mut g = Generator::new(0);
        assert!(g.randint_i64(4, 5, 5).is_empty());
        assert!(g.randint_i64(4, 6, 5).is_empty());
        assert_eq!(g.randint_i64(3, i64::MIN, i64::MAX).len(), 3);
        assert!(g.randperm(0).is_empty());
        assert_eq!(g.randperm(1), vec![0]);
        assert!(g.normal_f32(0, 0.0, 1.0).is_empty());
        assert!(g.uniform_f32(0, 0.0, 1.0).is_empty());
        assert_eq!(g.uniform_f32(2, 1.0, 0.0).len(), 2);
        assert_eq!(g.normal_f32(40, 0.0, -1.0).len(), 40);
        assert_eq!(g.bernoulli_f32(3, 2.0), vec![1.0; 3]);
        assert_eq!(g.dropout_f32(&[1.0, -2.0], 1.0), vec![0.0, -0.0]);
        assert_eq!(g.dropout_mask_f32(2, 0.0), vec![1.0, 1.0]);
        assert!(g.uniform_f32(usize::MAX, 0.0, 1.0).is_empty());
        let (w, b) = linear_init(&mut g, 0, 3, true);
        assert!(w.is_empty());
        assert_eq!(b, Some(vec![0.0; 3]));
        let (w, b) = linear_init(&mut g, usize::MAX, 2, false);
        assert!(w.is_empty() && b.is_none());
        assert!(embedding_init(&mut g, usize::MAX, 2, None).is_empty());
    }

    #[test]
    fn dropout_mask_matches_dropout_of_ones() {
        let mut a = Generator::new(5);
        let mut b = a.clone();
        let ones = vec![1.0f32; 50];
        assert_eq!(a.dropout_f32(&ones, 0.25), b.dropout_mask_f32(50, 0.25));
    }

    #[test]
    fn embedding_padding_row_is_zeroed() {
        let mut a = Generator::new(9);
        let mut b = a.clone();
        let plain = embedding_init(&mut a, 4, 3, None);
        let padded = embedding_init(&mut b, 4, 3, Some(2));
        assert_eq!(plain[..6], padded[..6]);
        assert_eq!(padded[6..9], [0.0; 3]);
        assert_eq!(plain[9..], padded[9..]);
    }

    // BEGIN GENERATED AVX2
    // Generated by gen/gen.py with torch 2.15.0+cu132, CPU capability AVX2. Do not edit by hand.
    const AVX2_TORCH_VERSION: &str = "2.15.0+cu132";
    const AVX2_TORCH_GENERATOR_DEFAULT_SEED: u64 = 67280421310721;
    #[rustfmt::skip]
const AVX2_CASES: &[Case] = &[
    Case { cat: "rand", name: "rand(5)", seed: 0, steps: &[(Op::Rand(5), Expect::F32(&[0x3efe1558, 0x3f44aa2f, 0x3db533a8, 0x3e073300, 0x3e9d6686]))] },
    Case { cat: "rand", name: "rand(3,4)", seed: 0, steps: &[(Op::Rand(12), Expect::F32(&[0x3efe1558, 0x3f44aa2f, 0x3db533a8, 0x3e073300, 0x3e9d6686, 0x3f2252fb, 0x3efaed86, 0x3f657d67, 0x3ee94812, 0x3f21ded3, 0x3eb2a22a, 0x3ecdade4]))] },
    Case { cat: "rand", name: "rand(1000)", seed: 0, steps: &[(Op::Rand(1000), Expect::Summary { len: 1000, fnv: 0xfd45d9e8345f8403, first: 0x3efe1558, last: 0x3ecec730 })] },
    Case { cat: "rand", name: "uniform_(-0.3,0.7) x50", seed: 0, steps: &[(Op::Uniform(50, -0.3, 0.7), Expect::F32(&[0x3e48f77c, 0x3eefbac4, 0xbe589960, 0xbe2c0034, 0x3bf33b00, 0x3eab0c5c, 0x3e42a7d8, 0x3f18b09a, 0x3e1f5cf0, 0x3eaa240c, 0x3d484480, 0x3dd05128, 0xbe8e2b52, 0xbe0649d8, 0xbbc84380, 0x3e5fc42c, 0x3ecb9b16, 0x3f0000bf, 0xbe0e4e4c, 0xbc914180, 0x3ec36232, 0x3f1d7d5a, 0x3dc6dc50, 0x3f12fbe1, 0x3df48c58, 0x3e817d08, 0x3f2719d8, 0xbe871568, 0xbdeb0c00, 0x3d965bd8, 0x3ba71e00, 0x3f21cac7, 0xbdfe22d0, 0xbcf71fa0, 0xbe18e768, 0xbe895c10, 0xbdbc2678, 0x3f213a82, 0x3ed8a1c4, 0x3ee279e6, 0x3e67ba14, 0xbd66c6a0, 0x3e91b616, 0xbe88a038, 0xbe252768, 0xbd6c9b00, 0x3f03f5c6, 0x3efc7f8c, 0xbcb227e0, 0x3e3a5368]))] },
    Case { cat: "rand", name: "uniform_(2.5,2.5000002) x20", seed: 0, steps: &[(Op::Uniform(20, 2.5, 2.5000002), Expect::F32(&[0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000]))] },
    Case { cat: "rand", name: "uniform_(1,1.0000005) x300", seed: 0, steps: &[(Op::Uniform(300, 1.0, 1.0000005), Expect::Summary { len: 300, fnv: 0x88803dfdcb1fac33, first: 0x3f800002, last: 0x3f800001 })] },
    Case { cat: "rand", name: "uniform_(-2,-2) x3", seed: 0, steps: &[(Op::Uniform(3, -2.0, -2.0), Expect::F32(&[0xc0000000, 0xc0000000, 0xc0000000]))] },
    Case { cat: "rand", name: "uniform_(-0.577,0.577) x200", seed: 0, steps: &[(Op::Uniform(200, -0.5773502691896258, 0.5773502691896258), Expect::Summary { len: 200, fnv: 0x60681001b956d68d, first: 0xbb8da3e8, last: 0xbc4e602b })] },
    Case { cat: "randn", name: "randn(1)", seed: 0, steps: &[(Op::Randn(1), Expect::F32(&[0x3fc53f5c]))] },
    Case { cat: "randn", name: "randn(2)", seed: 0, steps: &[(Op::Randn(2), Expect::F32(&[0x3fc53f5c, 0xbe963c50]))] },
    Case { cat: "randn", name: "randn(5)", seed: 0, steps: &[(Op::Randn(5), Expect::F32(&[0x3fc53f5c, 0xbe963c50, 0xc00b7149, 0x3f1184b6, 0xbf8ad1a1]))] },
    Case { cat: "randn", name: "randn(15)", seed: 0, steps: &[(Op::Randn(15), Expect::F32(&[0x3fc53f5c, 0xbe963c50, 0xc00b7149, 0x3f1184b6, 0xbf8ad1a1, 0xbfb3052d, 0x3ece837a, 0x3f5688e5, 0xbf382144, 0xbece830b, 0xbf18bd18, 0x3e3a67c6, 0xbf5b4f07, 0x3f8ce099, 0xbf891cab]))] },
    Case { cat: "randn", name: "randn(16)", seed: 0, steps: &[(Op::Randn(16), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255d, 0x3f594515, 0x3f312783, 0xbea1cc6d, 0xc0075fc1, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3bb, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d367c]))] },
    Case { cat: "randn", name: "randn(17)", seed: 0, steps: &[(Op::Randn(17), Expect::F32(&[0xbf901b85, 0xbfd91446, 0x3f111004, 0x3f4b235d, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6ca, 0x3fed2f4e, 0x3eefaa55, 0xbf15e32b, 0xbe318eeb, 0x3e3be1a4, 0x3fb1d6c0, 0x3fcb0d00, 0x3f72409c, 0xbf57fb33, 0x3f6e8c30]))] },
    Case { cat: "randn", name: "randn(31)", seed: 0, steps: &[(Op::Randn(31), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255d, 0x3f594515, 0x3f312783, 0xbea1cc6d, 0xc0075fc1, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3bb, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbde4936f, 0xbf1d13c8, 0x3d016764, 0xbefc4028, 0x3e7e6070, 0x3ee11fd0, 0x3de637d6, 0x3f240af8, 0xc0143a08, 0xbdd187b9, 0x3f4add9c, 0xbe944f53, 0x3d571217, 0x3f05da2f, 0x40135755, 0xbfbc04b7]))] },
    Case { cat: "randn", name: "randn(32)", seed: 0, steps: &[(Op::Randn(32), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255d, 0x3f594515, 0x3f312783, 0xbea1cc6d, 0xc0075fc1, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3bb, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d367c, 0xbfad23c2, 0xbfd91446, 0x3f111004, 0x3f4b235d, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6ca, 0x3fed2f4e, 0x3f400c6b, 0xbf15e32b, 0xbe318eeb, 0x3e3be1a4, 0x3fb1d6c0, 0x3fcb0d00, 0x3f72409c, 0xbf57fb33]))] },
    Case { cat: "randn", name: "randn(33)", seed: 0, steps: &[(Op::Randn(33), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255d, 0x3f594515, 0x3f312783, 0xbea1cc6d, 0xc0075fc1, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3bb, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d367c, 0xbfad23c2, 0x3d016764, 0xbefc4028, 0x3e7e6070, 0x3ee11fd0, 0x3de637d6, 0x3f240af8, 0x3ee1df3c, 0xbe5d0b42, 0x3f4add9c, 0xbe944f53, 0x3d571217, 0x3f05da2f, 0x40135755, 0xbfbc04b7, 0xbfcb189e, 0x3f9a033c]))] },
    Case { cat: "randn", name: "randn(100)", seed: 0, steps: &[(Op::Randn(100), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255d, 0x3f594515, 0x3f312783, 0xbea1cc6d, 0xc0075fc1, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3bb, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d367c, 0xbfad23c2, 0xbfd91446, 0x3f111004, 0x3f4b235d, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6ca, 0x3fed2f4e, 0x3f400c6b, 0xbf15e32b, 0xbe318eeb, 0x3e3be1a4, 0x3fb1d6c0, 0x3fcb0d00, 0x3f72409c, 0xbf57fb33, 0xbf1d13c8, 0x3d016764, 0xbefc4028, 0x3e7e6070, 0x3ee11fd0, 0x3de637d6, 0x3f240af8, 0x3ee1df3c, 0xbdd187b9, 0x3f4add9c, 0xbe944f53, 0x3d571217, 0x3f05da2f, 0x40135755, 0xbfbc04b7, 0xbfcb189e, 0xbf2c4f9f, 0x3f5f71de, 0x3f8715f4, 0x3e361caa, 0xbe6bdd10, 0xbec89408, 0x3f0b155d, 0xbeca5217, 0xbee47694, 0x3f3e7824, 0x3fc2af75, 0x405a45ad, 0xbfc3fdd9, 0xbf9df823, 0x3fe8ecc2, 0xbf0d30fc, 0xbf11ba3e, 0x3f6b833f, 0x3f8e2f39, 0x3fa51a98, 0xbfbd34ce, 0x40244d8b, 0xbef23cc2, 0x3eabcd4f, 0xbfd08dc1, 0xbf0cbc00, 0xbef5acd6, 0xbeffd642, 0xbf8892d0, 0x3f8eb657, 0xbe100c2c, 0x3f4e45de, 0xbdbf2d5c, 0x3f2fe286, 0xbf569bd6, 0x3a69c925, 0xc02740ad, 0xbfd92613, 0xbe69b837, 0x3e8f5643, 0x3d960206, 0x3f8e8138, 0x3e908555, 0x3ede52d3, 0x3ee9f40f, 0xbf5d88fa, 0x3f4803cc, 0xbf6d4212, 0x3e535ecc, 0xbeaab9ae, 0xbedb8f9b, 0x3e6e8222]))] },
    Case { cat: "randn", name: "randn(21)", seed: 0, steps: &[(Op::Randn(21), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255d, 0x3f594515, 0xbfc70d5b, 0xbeaec6ca, 0x3fed2f4e, 0x3eefaa55, 0xbe217f5f, 0x3fb8c9db, 0x3e8837a1, 0x3e2a7345, 0x3fcb0d00, 0x3f72409c, 0xbf57fb33, 0x3f6e8c30, 0x3fa12737, 0x4000519a, 0x3d5c1b3a, 0x3f1e38f6]))] },
    Case { cat: "randn", name: "randn(1000)", seed: 0, steps: &[(Op::Randn(1000), Expect::Summary { len: 1000, fnv: 0x31ae67821ca5077e, first: 0xbf901b85, last: 0xbf160f60 })] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x7", seed: 0, steps: &[(Op::Normal(7, 0.3, 2.7), Expect::F32(&[0x408ebdf8, 0xbefc093f, 0xc0b2a5bc, 0x3fead990, 0xc0283499, 0xc05e7a2f, 0x3fb1cbf3]))] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x40", seed: 0, steps: &[(Op::Normal(40, 0.3, 2.7), Expect::F32(&[0xc02f585a, 0xc033ed87, 0xbec0ccc2, 0xbf5f18d7, 0x4025db6e, 0x400ac779, 0xbf0da0c6, 0xc0ad27ab, 0x3f95c739, 0xc0471ab0, 0x3f9f5aac, 0x3f90e41e, 0x3f1fa26c, 0x4069113a, 0x40542dda, 0xbebc3cc1, 0xc05689e0, 0xc088edaf, 0x3fea3c06, 0x401c5179, 0x3ff55be2, 0xc079853b, 0xbf1f25f7, 0x40a9b322, 0xbe90cf33, 0xbfda3983, 0x3fe8e063, 0x3f802092, 0xbe2dc472, 0xbfc42cb9, 0x403554da, 0x3fcf5a79, 0x40631df8, 0x3f073afb, 0xc03c2f21, 0x3e92fbf5, 0xbf8ca58b, 0xbf0731a6, 0xc07dfee9, 0x409d0dd2]))] },
    Case { cat: "randn", name: "normal_(-1.5,0.02) x300", seed: 0, steps: &[(Op::Normal(300, -1.5, 0.02), Expect::Summary { len: 300, fnv: 0x99383323854bcb4a, first: 0xbfc2e1d5, last: 0xbfc381de })] },
    Case { cat: "interleave", name: "randn/rand interleaved", seed: 0, steps: &[(Op::Randn(5), Expect::F32(&[0x3fc53f5c, 0xbe963c50, 0xc00b7149, 0x3f1184b6, 0xbf8ad1a1])), (Op::Rand(3), Expect::F32(&[0x3cb6e480, 0x3e2ce95c, 0x3e96788c])), (Op::Randn(16), Expect::F32(&[0x3f59b255, 0xbfad23c2, 0xbfd91446, 0x3f111004, 0x3f4b235d, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6ca, 0xbf5c04a1, 0x3f400c6b, 0xbf15e32b, 0xbe318eeb, 0x3e3be1a4, 0x3fb1d6c0, 0x3fcb0d00, 0x3f72409c])), (Op::Randn(2), Expect::F32(&[0xbfb3052d, 0xbf10c52c])), (Op::Rand(2), Expect::F32(&[0x3d01ec50, 0x3e551ff8])), (Op::Randn(1), Expect::F32(&[0x3e24499a])), (Op::Randn(1), Expect::F32(&[0xc00c0a7d])), (Op::Randn(20), Expect::F32(&[0xbf3e17a3, 0x3f100e82, 0x3e84ede2, 0xbe3222d5, 0x3fc55e60, 0x3f01e0ab, 0xbf174df3, 0xbf11ba3e, 0x3f6b833f, 0x3f8e2f39, 0x3fa51a98, 0xbfbd34ce, 0xbe467d3d, 0x3ee41a2c, 0x3fa9a29b, 0xbfd08dc1, 0xbf0cbc00, 0xbef5acd6, 0xbeffd642, 0xbf8892d0])), (Op::Randn(3), Expect::F32(&[0x3f645aff, 0xbf94cae1, 0xbe23145b])), (Op::Randint(4, 0, 100), Expect::I64(&[19, 44, 33, 69])), (Op::Randn(1), Expect::F32(&[0xbe8f71bd])), (Op::Seed(0), Expect::Nothing), (Op::Randn(1), Expect::F32(&[0x3fc53f5c])), (Op::Randn(1), Expect::F32(&[0xbe963c50]))] },
    Case { cat: "interleave", name: "mixed ops", seed: 0, steps: &[(Op::Rand(700), Expect::Summary { len: 700, fnv: 0x4a4d8a01f2e26b76, first: 0x3efe1558, last: 0x3f1299c6 }), (Op::Randn(3), Expect::F32(&[0x3f3a30c2, 0x3f40fdb1, 0xbf96002b])), (Op::Randperm(7), Expect::I64(&[2, 4, 0, 1, 3, 5, 6])), (Op::Randn(3), Expect::F32(&[0x3e894cfb, 0x3f0e3b3d, 0xbebd92ed])), (Op::Bernoulli(5, 0.5), Expect::F32(&[0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3f4d7757, 0x3e768b88]))] },
    Case { cat: "linear", name: "Linear(3,2)", seed: 0, steps: &[(Op::Linear(3, 2, true), Expect::F32(&[0xbb8da3e8, 0x3e9e9313, 0xbef34b7e, 0xbed98bc9, 0xbe63b4b1, 0x3e1e8953, 0xbc3b6b40, 0x3eea617a]))] },
    Case { cat: "linear", name: "Linear(8,8)", seed: 0, steps: &[(Op::Linear(8, 8, true), Expect::F32(&[0xbb2d7922, 0x3e42369c, 0xbe94fcb1, 0xbe85381d, 0xbe0b70d6, 0x3dc22aab, 0xbbe58a57, 0x3e8f8740, 0xbd0083de, 0x3dbf9997, 0xbddad35d, 0xbd8e541b, 0xbeacefc2, 0xbe6fc590, 0xbe153d9f, 0x3c56944c, 0x3e0f206b, 0x3e593b40, 0xbe7570de, 0xbe1da786, 0x3e037fa7, 0x3e9650f7, 0xbd9503e7, 0x3e87757a, 0xbd696b1e, 0x3d193c35, 0x3ea3e8a1, 0xbea7ed20, 0xbe63eac5, 0xbdb74fac, 0xbe0d1f66, 0x3e9c669e, 0xbe6aaa85, 0xbe26a886, 0xbe7cef53, 0xbea98920, 0xbe53562d, 0x3e9b9a97, 0x3e218c5e, 0x3e2f785f, 0x3c985249, 0xbe399c7b, 0x3d75016e, 0xbea9044d, 0xbe82cc68, 0xbe3aa44c, 0x3e646c87, 0x3e54455d, 0xbe208ff6, 0xbc5102f2, 0x3e678bb3, 0x3eb3f512, 0x3e0fafcb, 0x3d43a2a6, 0x3e72bdf2, 0xbe552b52, 0x3d86ed70, 0xbe8c5865, 0xbe7aec8a, 0xbe3b05f2, 0x3e23d010, 0x3e1198fd, 0xbe56745b, 0x3ddabfb8, 0x3e46bfc5, 0xbd36c843, 0x3c5d2bcf, 0x3da7c5aa, 0x3e6099ae, 0x3eadd04e, 0xbe8b7f6d, 0xbe04ad1c]))] },
    Case { cat: "linear", name: "Linear(5,3,bias=False)", seed: 0, steps: &[(Op::Linear(5, 3, false), Expect::F32(&[0xbb5b6d9b, 0x3e75a99f, 0xbebc7496, 0xbea882ac, 0xbe306153, 0x3df59a83, 0xbc112c91, 0x3eb58cf2, 0xbd228f68, 0x3df25b5e, 0xbe0a65c2, 0xbdb4086f, 0xbedabfd6, 0xbe97a51c, 0xbe3cc6b6]))] },
    Case { cat: "linear", name: "Linear(1,4)", seed: 0, steps: &[(Op::Linear(1, 4, true), Expect::F32(&[0xbbf55400, 0x3f09545e, 0xbf52b316, 0xbf3c6680, 0xbec532f4, 0x3e894bec, 0xbca24f40, 0x3f4aface]))] },
    Case { cat: "linear", name: "Linear(512,2048)", seed: 0, steps: &[(Op::Linear(512, 2048, true), Expect::Summary { len: 1050624, fnv: 0x979f560996396fe6, first: 0xb9ad7922, last: 0xbce651e6 })] },
    Case { cat: "linear", name: "two Linears", seed: 0, steps: &[(Op::Linear(4, 3, true), Expect::F32(&[0xbb755400, 0x3e89545e, 0xbed2b316, 0xbebc6680, 0xbe4532f4, 0x3e094bec, 0xbc224f40, 0x3ecaface, 0xbd35bf70, 0x3e077b4c, 0xbe1abbac, 0xbdc94870, 0xbef491b8, 0xbea98b52, 0xbe530ee8])), (Op::Linear(3, 1, true), Expect::F32(&[0x3caf3408, 0x3e69b98d, 0x3eb15e66, 0xbec866d2]))] },
    Case { cat: "embedding", name: "Embedding(10,8)", seed: 0, steps: &[(Op::Embedding(10, 8), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255d, 0x3f594515, 0x3f312783, 0xbea1cc6d, 0xc0075fc1, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3bb, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d367c, 0xbfad23c2, 0xbfd91446, 0x3f111004, 0x3f4b235d, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6ca, 0x3fed2f4e, 0x3f400c6b, 0xbf15e32b, 0xbe318eeb, 0x3e3be1a4, 0x3fb1d6c0, 0x3fcb0d00, 0x3f72409c, 0xbf57fb33, 0xbf1d13c8, 0x3d016764, 0xbefc4028, 0x3e7e6070, 0x3ee11fd0, 0x3de637d6, 0x3f240af8, 0x3ee1df3c, 0xbdd187b9, 0x3f4add9c, 0xbe944f53, 0x3d571217, 0x3f05da2f, 0x40135755, 0xbfbc04b7, 0xbfcb189e, 0xbf2c4f9f, 0x3f5f71de, 0x3f8715f4, 0x3e361caa, 0xbe6bdd10, 0xbec89408, 0x3f0b155d, 0xbeca5217, 0xbee47694, 0x3f3e7824, 0x3fc2af75, 0x405a45ad, 0xbfc3fdd9, 0xbf9df823, 0x3fe8ecc2, 0xbf0d30fc, 0xbf11ba3e, 0x3f6b833f, 0x3f8e2f39, 0x3fa51a98, 0xbfbd34ce, 0x40244d8b, 0xbef23cc2, 0x3eabcd4f, 0xbfd08dc1, 0xbf0cbc00, 0xbef5acd6, 0xbeffd642, 0xbf8892d0, 0x3f8eb657, 0xbe100c2c, 0x3f4e45de]))] },
    Case { cat: "embedding", name: "Embedding(3,4)", seed: 0, steps: &[(Op::Embedding(3, 4), Expect::F32(&[0x3fc53f5c, 0xbe963c50, 0xc00b7149, 0x3f1184b6, 0xbf8ad1a1, 0xbfb3052d, 0x3ece837a, 0x3f5688e5, 0xbf382144, 0xbece830b, 0xbf18bd18, 0x3e3a67c6]))] },
    Case { cat: "embedding", name: "Embedding(100,32)", seed: 0, steps: &[(Op::Embedding(100, 32), Expect::Summary { len: 3200, fnv: 0xc3260a8ef7affb1b, first: 0xbf901b85, last: 0x3e1fe69b })] },
    Case { cat: "randint", name: "randint(0,10,(20,))", seed: 0, steps: &[(Op::Randint(20, 0, 10), Expect::I64(&[4, 9, 3, 0, 3, 9, 7, 3, 7, 3, 1, 6, 6, 9, 8, 6, 6, 8, 4, 3]))] },
    Case { cat: "randint", name: "randint(-5,5,(10,))", seed: 0, steps: &[(Op::Randint(10, -5, 5), Expect::I64(&[-1, 4, -2, -5, -2, 4, 2, -2, 2, -2]))] },
    Case { cat: "randint", name: "randint(3,4,(3,))", seed: 0, steps: &[(Op::Randint(3, 3, 4), Expect::I64(&[3, 3, 3]))] },
    Case { cat: "randint", name: "randint(-2**40,2**40,(6,))", seed: 0, steps: &[(Op::Randint(6, -1099511627776, 1099511627776), Expect::I64(&[-358231004625, -593374360384, 291447657211, -258354086553, -1058178736429, 91845220082]))] },
    Case { cat: "randint", name: "randint(0,2**32,(4,))", seed: 0, steps: &[(Op::Randint(4, 0, 4294967296), Expect::I64(&[2546248239, 3626093760, 3684848379, 3638918503]))] },
    Case { cat: "randint", name: "random_() int64", seed: 0, steps: &[(Op::RandomI64(8), Expect::I64(&[900450186894289455, 3969543146641149120, 1895649597198586619, 827948490035658087, 7815051614634499795, 2691271404617651954, 8072059273656089175, 7226936298635050456]))] },
    Case { cat: "randperm", name: "randperm(0)", seed: 0, steps: &[(Op::Randperm(0), Expect::I64(&[]))] },
    Case { cat: "randperm", name: "randperm(1)", seed: 0, steps: &[(Op::Randperm(1), Expect::I64(&[0]))] },
    Case { cat: "randperm", name: "randperm(2)", seed: 0, steps: &[(Op::Randperm(2), Expect::I64(&[0, 1]))] },
    Case { cat: "randperm", name: "randperm(10)", seed: 0, steps: &[(Op::Randperm(10), Expect::I64(&[4, 1, 7, 5, 3, 9, 0, 8, 6, 2]))] },
    Case { cat: "randperm", name: "randperm(100)", seed: 0, steps: &[(Op::Randperm(100), Expect::I64(&[44, 19, 93, 90, 71, 69, 37, 95, 53, 91, 81, 42, 80, 85, 74, 56, 76, 63, 82, 40, 26, 92, 57, 10, 16, 66, 89, 41, 97, 8, 31, 24, 35, 30, 65, 7, 98, 23, 20, 29, 78, 61, 94, 15, 4, 52, 59, 5, 54, 46, 3, 28, 2, 70, 6, 60, 49, 68, 55, 72, 79, 77, 45, 1, 32, 34, 11, 0, 22, 12, 87, 50, 25, 47, 36, 96, 9, 83, 62, 84, 18, 17, 75, 67, 13, 48, 39, 21, 64, 88, 38, 27, 14, 73, 33, 58, 86, 43, 99, 51]))] },
    Case { cat: "bernoulli", name: "bernoulli_(0.3) x64", seed: 0, steps: &[(Op::Bernoulli(64, 0.3), Expect::F32(&[0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000]))] },
    Case { cat: "bernoulli", name: "bernoulli_(0) x5", seed: 0, steps: &[(Op::Bernoulli(5, 0.0), Expect::F32(&[0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3eb2a22a, 0x3ecdade4]))] },
    Case { cat: "bernoulli", name: "bernoulli_(1) x5", seed: 0, steps: &[(Op::Bernoulli(5, 1.0), Expect::F32(&[0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000])), (Op::Rand(2), Expect::F32(&[0x3eb2a22a, 0x3ecdade4]))] },
    Case { cat: "dropout", name: "dropout(p=0.1) x64", seed: 0, steps: &[(Op::Dropout(64, 0.1), Expect::F32(&[0x80000000, 0xc14be940, 0xc1455556, 0x80000000, 0xc1382d84, 0xc131999a, 0xc12b05b1, 0xc12471c8, 0xc11dddde, 0xc11749f5, 0xc110b60c, 0xc10a2223, 0xc1038e39, 0xc0f9f4a1, 0xc0eccccd, 0xc0dfa4fb, 0xc0d27d29, 0xc0c55556, 0xc0b82d84, 0xc0ab05b1, 0xc09dddde, 0xc090b60c, 0xc0838e39, 0xc06ccccd, 0xc0527d29, 0xc0382d84, 0xc01dddde, 0xc0038e39, 0xbfd27d29, 0xbf9dddde, 0xbf527d29, 0xbed27d29, 0x00000000, 0x3ed27d29, 0x3f527d29, 0x00000000, 0x3fd27d29, 0x40038e39, 0x401dddde, 0x40382d84, 0x40527d29, 0x406ccccd, 0x40838e39, 0x4090b60c, 0x409dddde, 0x40ab05b1, 0x40b82d84, 0x40c55556, 0x00000000, 0x40dfa4fb, 0x40eccccd, 0x40f9f4a1, 0x41038e39, 0x00000000, 0x4110b60c, 0x411749f5, 0x411dddde, 0x412471c8, 0x412b05b1, 0x4131999a, 0x41382d84, 0x413ec16d, 0x41455556, 0x00000000]))] },
    Case { cat: "dropout", name: "dropout(p=0.5) x20", seed: 0, steps: &[(Op::Dropout(20, 0.5), Expect::F32(&[0x80000000, 0x80000000, 0xc0bd70a4, 0x80000000, 0x80000000, 0x80000000, 0xc03d70a4, 0xc00e147b, 0x80000000, 0xbf3d70a4, 0x00000000, 0x3f3d70a4, 0x3fbd70a4, 0x00000000, 0x403d70a4, 0x406ccccd, 0x408e147b, 0x40a5c290, 0x00000000, 0x00000000]))] },
    Case { cat: "dropout", name: "dropout(p=0.9) x33", seed: 0, steps: &[(Op::Dropout(33, 0.9), Expect::F32(&[0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000]))] },
    Case { cat: "dropout", name: "dropout(p=0) x5", seed: 0, steps: &[(Op::Dropout(5, 0.0), Expect::F32(&[0xbf3d70a4, 0xbebd70a4, 0x00000000, 0x3ebd70a4, 0x3f3d70a4])), (Op::Rand(2), Expect::F32(&[0x3efe1558, 0x3f44aa2f]))] },
    Case { cat: "dropout", name: "dropout(p=1) x5", seed: 0, steps: &[(Op::Dropout(5, 1.0), Expect::F32(&[0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3efe1558, 0x3f44aa2f]))] },
    Case { cat: "rand", name: "rand(5)", seed: 42, steps: &[(Op::Rand(5), Expect::F32(&[0x3f61dc66, 0x3f6a3db3, 0x3ec406b8, 0x3f75950e, 0x3ec7e8d4]))] },
    Case { cat: "rand", name: "rand(3,4)", seed: 42, steps: &[(Op::Rand(12), Expect::F32(&[0x3f61dc66, 0x3f6a3db3, 0x3ec406b8, 0x3f75950e, 0x3ec7e8d4, 0x3f19d447, 0x3e835d78, 0x3f4b2c14, 0x3f70d666, 0x3e0861e4, 0x3f6f41d2, 0x3f17f4d6]))] },
    Case { cat: "rand", name: "rand(1000)", seed: 42, steps: &[(Op::Rand(1000), Expect::Summary { len: 1000, fnv: 0x9a09202fcef2a2b8, first: 0x3f61dc66, last: 0x3cf2f340 })] },
    Case { cat: "rand", name: "uniform_(-0.3,0.7) x50", seed: 42, steps: &[(Op::Uniform(50, -0.3, 0.7), Expect::F32(&[0x3f150f99, 0x3f1d70e6, 0x3da9b478, 0x3f28c841, 0x3db93ce8, 0x3e9a0ef4, 0xbd31e110, 0x3efcbe8e, 0x3f240999, 0xbe2ad150, 0x3f227505, 0x3e965012, 0x3f11c47d, 0x3e8911fa, 0x3ee1d714, 0x3e04829c, 0x3f15df96, 0x3e8c3d34, 0xbd08e360, 0x3ea7a76a, 0xbcf8c700, 0x3e10c19c, 0xbb49cc00, 0x3f081c8a, 0xbe475b88, 0xbcf9e600, 0x3d70e580, 0xbdce1a60, 0x3e7d1fc8, 0xbe967224, 0x3f26cc47, 0xbe6620b4, 0x3f1604fe, 0x3e9100d8, 0x3d1a3480, 0x3f024c2f, 0x3e8e4c3c, 0x3f1a9e8b, 0x3e8262c6, 0x3d2d50d0, 0x3eab2eda, 0x3d83e988, 0x3ed223b8, 0x3f257b32, 0x3efa621c, 0xbc984240, 0x3efa2e04, 0x3e943482, 0x3ee867e0, 0xbdd68880]))] },
    Case { cat: "rand", name: "uniform_(2.5,2.5000002) x20", seed: 42, steps: &[(Op::Uniform(20, 2.5, 2.5000002), Expect::F32(&[0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000]))] },
    Case { cat: "rand", name: "uniform_(1,1.0000005) x300", seed: 42, steps: &[(Op::Uniform(300, 1.0, 1.0000005), Expect::Summary { len: 300, fnv: 0x8fa373bafc3f38d1, first: 0x3f800000, last: 0x3f800001 })] },
    Case { cat: "rand", name: "uniform_(-2,-2) x3", seed: 42, steps: &[(Op::Uniform(3, -2.0, -2.0), Expect::F32(&[0xc0000000, 0xc0000000, 0xc0000000]))] },
    Case { cat: "rand", name: "uniform_(-0.577,0.577) x200", seed: 42, steps: &[(Op::Uniform(200, -0.5773502691896258, 0.5773502691896258), Expect::Summary { len: 200, fnv: 0xb194895207053082, first: 0x3ee20009, last: 0x3e25ad0d })] },
    Case { cat: "randn", name: "randn(1)", seed: 42, steps: &[(Op::Randn(1), Expect::F32(&[0x3eac62ae]))] },
    Case { cat: "randn", name: "randn(2)", seed: 42, steps: &[(Op::Randn(2), Expect::F32(&[0x3eac62ae, 0x3e03e69d]))] },
    Case { cat: "randn", name: "randn(5)", seed: 42, steps: &[(Op::Randn(5), Expect::F32(&[0x3eac62ae, 0x3e03e69d, 0x3e7016e7, 0x3e6bdc6c, 0xbf8fb9c2]))] },
    Case { cat: "randn", name: "randn(15)", seed: 42, steps: &[(Op::Randn(15), Expect::F32(&[0x3eac62ae, 0x3e03e69d, 0x3e7016e7, 0x3e6bdc6c, 0xbf8fb9c2, 0xbe3eccd8, 0x400d532c, 0xbf2353c6, 0x3eec5e56, 0x3e88e237, 0x3f08ef83, 0x3f4f3209, 0x3f8e1dfe, 0xbfd84b55, 0xbf7d2c7a]))] },
    Case { cat: "randn", name: "randn(16)", seed: 42, steps: &[(Op::Randn(16), Expect::F32(&[0x3ff6a529, 0x3fbe5f53, 0x3f669567, 0xc006c0db, 0x3f2dacd5, 0xbf9e0591, 0xbd306786, 0xbfcd65ba, 0xbf408bf0, 0x3fd3095b, 0xbec8f2f6, 0xbfb3a966, 0xbf3a566e, 0xbf0f36d1, 0xbf44d2a0, 0x3f432f9f]))] },
    Case { cat: "randn", name: "randn(17)", seed: 42, steps: &[(Op::Randn(17), Expect::F32(&[0x3ff6a529, 0xbe236d85, 0xbefeaae4, 0x3ee111d8, 0xbf4214e2, 0x3f8a0650, 0x3f4d0144, 0x3fd71e93, 0x3eb63345, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0, 0xbe9e9482]))] },
    Case { cat: "randn", name: "randn(31)", seed: 42, steps: &[(Op::Randn(31), Expect::F32(&[0x3ff6a529, 0x3fbe5f53, 0x3f669567, 0xc006c0db, 0x3f2dacd5, 0xbf9e0591, 0xbd306786, 0xbfcd65ba, 0xbf408bf0, 0x3fd3095b, 0xbec8f2f6, 0xbfb3a966, 0xbf3a566e, 0xbf0f36d1, 0xbf44d2a0, 0xbe5e020f, 0xbfb13cfd, 0xbf5f0955, 0xbe64ba09, 0x3fdbd280, 0x3ea34448, 0xbed95a8d, 0x3e9c8774, 0x3ea96b85, 0xbfc75e89, 0x3f7ee202, 0xbf6139a5, 0xbf19e472, 0xbfa31763, 0x4007dbb6, 0xbf9e091d]))] },
    Case { cat: "randn", name: "randn(32)", seed: 42, steps: &[(Op::Randn(32), Expect::F32(&[0x3ff6a529, 0x3fbe5f53, 0x3f669567, 0xc006c0db, 0x3f2dacd5, 0xbf9e0591, 0xbd306786, 0xbfcd65ba, 0xbf408bf0, 0x3fd3095b, 0xbec8f2f6, 0xbfb3a966, 0xbf3a566e, 0xbf0f36d1, 0xbf44d2a0, 0x3f432f9f, 0x3fd23771, 0xbe236d85, 0xbefeaae4, 0x3ee111d8, 0xbf4214e2, 0x3f8a0650, 0x3f4d0144, 0x3fd71e93, 0x3fa3ba59, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0]))] },
    Case { cat: "randn", name: "randn(33)", seed: 42, steps: &[(Op::Randn(33), Expect::F32(&[0x3ff6a529, 0x3fbe5f53, 0x3f669567, 0xc006c0db, 0x3f2dacd5, 0xbf9e0591, 0xbd306786, 0xbfcd65ba, 0xbf408bf0, 0x3fd3095b, 0xbec8f2f6, 0xbfb3a966, 0xbf3a566e, 0xbf0f36d1, 0xbf44d2a0, 0x3f432f9f, 0x3fd23771, 0xbf5f0955, 0xbe64ba09, 0x3fdbd280, 0x3ea34448, 0xbed95a8d, 0x3e9c8774, 0xbf464bb2, 0x3d0f003f, 0x3f7ee202, 0xbf6139a5, 0xbf19e472, 0xbfa31763, 0x4007dbb6, 0xbf9e091d, 0xbef9cfd9, 0xbfb582fd]))] },
    Case { cat: "randn", name: "randn(100)", seed: 42, steps: &[(Op::Randn(100), Expect::F32(&[0x3ff6a529, 0x3fbe5f53, 0x3f669567, 0xc006c0db, 0x3f2dacd5, 0xbf9e0591, 0xbd306786, 0xbfcd65ba, 0xbf408bf0, 0x3fd3095b, 0xbec8f2f6, 0xbfb3a966, 0xbf3a566e, 0xbf0f36d1, 0xbf44d2a0, 0x3f432f9f, 0x3fd23771, 0xbe236d85, 0xbefeaae4, 0x3ee111d8, 0xbf4214e2, 0x3f8a0650, 0x3f4d0144, 0x3fd71e93, 0x3fa3ba59, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0, 0xbfb13cfd, 0xbf5f0955, 0xbe64ba09, 0x3fdbd280, 0x3ea34448, 0xbed95a8d, 0x3e9c8774, 0xbf464bb2, 0xbfc75e89, 0x3f7ee202, 0xbf6139a5, 0xbf19e472, 0xbfa31763, 0x4007dbb6, 0xbf9e091d, 0xbef9cfd9, 0xbf69f04e, 0xbf287baf, 0x3d9fcafb, 0x3f069b67, 0xbef9da0d, 0x3f987ec8, 0xbf5062ce, 0xbf3c6a06, 0xbfb39da0, 0x3d137895, 0xbd82005f, 0x3f2cf519, 0xbdc84efb, 0x3fec1ba8, 0xbf979eec, 0x3fb11825, 0x3fb8fa25, 0x3f5b3dda, 0x400df4f4, 0x3f05ee2d, 0x3eb17bac, 0xbe4a1141, 0xbf86fcc5, 0x3fa3955c, 0xbe30529c, 0x3f061700, 0x3d67ec48, 0x3eda437d, 0x3f133388, 0xbf244808, 0xc00d35a2, 0xbf4034a1, 0x3c32104d, 0xbead6fa3, 0xbfab9b63, 0xbf15dad8, 0x3f24088a, 0x3f154fb4, 0x3f88910e, 0xbee67a81, 0xbf2dc2c1, 0x3f130661, 0x3e40414d, 0xbeb71a5d, 0x3e87a238, 0x3fa2f72e, 0xbaabd149, 0xbe9b71f4, 0xbf7c873e, 0x3dfc8440, 0x3eb321de, 0x3f1e061c]))] },
    Case { cat: "randn", name: "randn(21)", seed: 42, steps: &[(Op::Randn(21), Expect::F32(&[0x3ff6a529, 0x3fbe5f53, 0x3f669567, 0xc006c0db, 0x3f2dacd5, 0x3f8a0650, 0x3f4d0144, 0x3fd71e93, 0x3eb63345, 0xbf2fc686, 0xbefc9934, 0x3e774893, 0xbf8e3219, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0, 0xbe9e9482, 0xbeca9a91, 0x3f4dac3c, 0xbf1f20e0, 0xbf178d59]))] },
    Case { cat: "randn", name: "randn(1000)", seed: 42, steps: &[(Op::Randn(1000), Expect::Summary { len: 1000, fnv: 0x790c9ebfd52592da, first: 0x3ff6a529, last: 0xbf5a7bfd })] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x7", seed: 42, steps: &[(Op::Normal(7, 0.3, 2.7), Expect::F32(&[0x3f9ac29c, 0x3f25d543, 0x3f6edc42, 0x3f6c0196, 0xc02ed45f, 0xbe4ff5e2, 0x40c8637b]))] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x40", seed: 42, steps: &[(Op::Normal(40, 0.3, 2.7), Expect::F32(&[0x40b015e2, 0x408a19f2, 0x402ed80c, 0xc0ac5128, 0x40086e43, 0xc042211e, 0x3e3c2086, 0xc0810b11, 0xbfdd89b7, 0x40980cb7, 0xbf427b33, 0xc05f57e4, 0xbfd527e1, 0xbf9af067, 0xbfe34f8b, 0x4016f358, 0x40977f06, 0xbe060e1a, 0xbf858027, 0x3fbe5272, 0xbfdf9c31, 0x404d8886, 0x401d940e, 0x409ace3d, 0x3ec9dce3, 0x3f955f8a, 0x40918f1e, 0xbffdcb26, 0x4075f77d, 0x4009f0f1, 0xc029026f, 0xbf28c62d, 0xc061d73c, 0x402e133e, 0x3ede96d7, 0x40cd71c6, 0x405eec37, 0xbf5f7eb1, 0xc05c5d2d, 0xc04b0edc]))] },
    Case { cat: "randn", name: "normal_(-1.5,0.02) x300", seed: 42, steps: &[(Op::Normal(300, -1.5, 0.02), Expect::Summary { len: 300, fnv: 0x1a84efce08d995a7, first: 0xbfbb112d, last: 0xbfc2aa14 })] },
    Case { cat: "interleave", name: "randn/rand interleaved", seed: 42, steps: &[(Op::Randn(5), Expect::F32(&[0x3eac62ae, 0x3e03e69d, 0x3e7016e7, 0x3e6bdc6c, 0xbf8fb9c2])), (Op::Rand(3), Expect::F32(&[0x3f5e914a, 0x3f1155ca, 0x3f3db857])), (Op::Randn(16), Expect::F32(&[0x3f052751, 0x3fd23771, 0xbe236d85, 0xbefeaae4, 0x3ee111d8, 0xbf4214e2, 0x3f8a0650, 0x3f4d0144, 0xbf6c3e83, 0x3fa3ba59, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a])), (Op::Randn(2), Expect::F32(&[0xbe3eccd8, 0xbf97ca0c])), (Op::Rand(2), Expect::F32(&[0x3f4f18fc, 0x3f13f2eb])), (Op::Randn(1), Expect::F32(&[0xbf62d2bf])), (Op::Randn(1), Expect::F32(&[0x3e3ed0da])), (Op::Randn(20), Expect::F32(&[0x3ea4679d, 0x3fc96bbb, 0xbf58708e, 0x3fa7f9b2, 0x3e339ee6, 0x3fb14cf1, 0xbee446b7, 0x3fb8fa25, 0x3f5b3dda, 0x400df4f4, 0x3f05ee2d, 0x3eb17bac, 0x3f0fa917, 0xbee7ce97, 0xbf45933c, 0xbe30529c, 0x3f061700, 0x3d67ec48, 0x3eda437d, 0x3f133388])), (Op::Randn(3), Expect::F32(&[0x3fd04a10, 0xbf24e4be, 0xbf1b28bc])), (Op::Randint(4, 0, 100), Expect::I64(&[91, 36, 3, 82])), (Op::Randn(1), Expect::F32(&[0x40003de5])), (Op::Seed(42), Expect::Nothing), (Op::Randn(1), Expect::F32(&[0x3eac62ae])), (Op::Randn(1), Expect::F32(&[0x3e03e69d]))] },
    Case { cat: "interleave", name: "mixed ops", seed: 42, steps: &[(Op::Rand(700), Expect::Summary { len: 700, fnv: 0xd10cdc3735b04ba1, first: 0x3f61dc66, last: 0x3f75ae92 }), (Op::Randn(3), Expect::F32(&[0xbec63de8, 0x3e502348, 0x3fc3bd79])), (Op::Randperm(7), Expect::I64(&[3, 6, 4, 2, 1, 0, 5])), (Op::Randn(3), Expect::F32(&[0x3d3317b4, 0xbf280d6b, 0xbf95426e])), (Op::Bernoulli(5, 0.5), Expect::F32(&[0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000])), (Op::Rand(2), Expect::F32(&[0x3c759900, 0x3e76542c]))] },
    Case { cat: "linear", name: "Linear(3,2)", seed: 42, steps: &[(Op::Linear(3, 2, true), Expect::F32(&[0x3ee20009, 0x3ef55a65, 0xbe0a80e2, 0x3f07c5b4, 0xbe018916, 0x3dee999a, 0xbe8fea7d, 0x3ead9a4b]))] },
    Case { cat: "linear", name: "Linear(8,8)", seed: 42, steps: &[(Op::Linear(8, 8, true), Expect::F32(&[0x3e8a6571, 0x3e963f5b, 0xbda9a1a3, 0x3ea64952, 0xbd9ea5df, 0x3d921cb0, 0xbe3042a6, 0x3e549e79, 0x3e9f9389, 0xbe84cd06, 0x3e9d5760, 0x3d87848f, 0x3e85bd1b, 0x3d441fda, 0x3e2e921c, 0xbd4c7767, 0x3e8b8b95, 0x3d560cd7, 0xbe29039c, 0x3db890eb, 0xbe26cdf2, 0xbd29d448, 0xbe130b86, 0x3e702a7b, 0xbe8ee42a, 0xbe26e750, 0xbdcc760e, 0xbe59af13, 0x3d08ae6d, 0xbeb2c9fd, 0x3ea37aef, 0xbe99c52a, 0x3e8bc07b, 0x3d71002c, 0xbdeb1c77, 0x3e5fb8c7, 0x3d61b22e, 0x3e9241ca, 0x3d1e4fd3, 0xbde45ac5, 0x3dc28c3a, 0xbdc45ada, 0x3e185de0, 0x3ea19e3a, 0x3e5147a8, 0xbe1e45fb, 0x3e50fdfc, 0x3d818e72, 0x3e37db1d, 0xbe5caa16, 0xbeb3314c, 0xbe0be0a1, 0xbe8ad891, 0x3e94888d, 0x3dd08e95, 0x3e15f619, 0x3de4ff5f, 0xbbc98957, 0x3e8daacf, 0xbe809de0, 0x3cb65cc8, 0xbe771b1f, 0x3ddf454c, 0xbdf95c02, 0x3dddde7c, 0xbd96daf8, 0x3e9622ce, 0xbe5694bd, 0xbe57eb4c, 0xbe57eea3, 0x3ea2d108, 0x3df14cb1]))] },
    Case { cat: "linear", name: "Linear(5,3,bias=False)", seed: 42, steps: &[(Op::Linear(5, 3, false), Expect::F32(&[0x3eaf0f18, 0x3ebe0cb9, 0xbdd69191, 0x3ed25667, 0xbdc8acef, 0x3db8d19b, 0xbe5ef423, 0x3e8678da, 0x3ec9d98f, 0xbea7fb37, 0x3ec705d4, 0x3dab6b00, 0x3ea92ae4, 0x3d781477, 0x3e5cd103]))] },
    Case { cat: "linear", name: "Linear(1,4)", seed: 42, steps: &[(Op::Linear(1, 4, true), Expect::F32(&[0x3f43b8cc, 0x3f547b66, 0xbe6fe520, 0x3f6b2a1c, 0xbe605cb0, 0x3e4ea238, 0xbef94510, 0x3f165828]))] },
    Case { cat: "linear", name: "Linear(512,2048)", seed: 42, steps: &[(Op::Linear(512, 2048, true), Expect::Summary { len: 1050624, fnv: 0x921043dac88d7ce5, first: 0x3d0a6571, last: 0x3c72eabf })] },
    Case { cat: "linear", name: "two Linears", seed: 42, steps: &[(Op::Linear(4, 3, true), Expect::F32(&[0x3ec3b8cc, 0x3ed47b66, 0xbdefe520, 0x3eeb2a1c, 0xbde05cb0, 0x3dcea238, 0xbe794510, 0x3e965828, 0x3ee1accc, 0xbebbcf0e, 0x3ede83a4, 0x3dbfa6b0, 0x3ebd2294, 0x3d8aae50, 0x3e76e15c])), (Op::Linear(3, 1, true), Expect::F32(&[0xbda6f235, 0x3ee3e05d, 0x3daec56f, 0xbe89ffdb]))] },
    Case { cat: "embedding", name: "Embedding(10,8)", seed: 42, steps: &[(Op::Embedding(10, 8), Expect::F32(&[0x3ff6a529, 0x3fbe5f53, 0x3f669567, 0xc006c0db, 0x3f2dacd5, 0xbf9e0591, 0xbd306786, 0xbfcd65ba, 0xbf408bf0, 0x3fd3095b, 0xbec8f2f6, 0xbfb3a966, 0xbf3a566e, 0xbf0f36d1, 0xbf44d2a0, 0x3f432f9f, 0x3fd23771, 0xbe236d85, 0xbefeaae4, 0x3ee111d8, 0xbf4214e2, 0x3f8a0650, 0x3f4d0144, 0x3fd71e93, 0x3fa3ba59, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0, 0xbfb13cfd, 0xbf5f0955, 0xbe64ba09, 0x3fdbd280, 0x3ea34448, 0xbed95a8d, 0x3e9c8774, 0xbf464bb2, 0xbfc75e89, 0x3f7ee202, 0xbf6139a5, 0xbf19e472, 0xbfa31763, 0x4007dbb6, 0xbf9e091d, 0xbef9cfd9, 0xbf69f04e, 0xbf287baf, 0x3d9fcafb, 0x3f069b67, 0xbef9da0d, 0x3f987ec8, 0xbf5062ce, 0xbf3c6a06, 0xbfb39da0, 0x3d137895, 0xbd82005f, 0x3f2cf519, 0xbdc84efb, 0x3fec1ba8, 0xbf979eec, 0x3fb11825, 0x3fb8fa25, 0x3f5b3dda, 0x400df4f4, 0x3f05ee2d, 0x3eb17bac, 0xbe4a1141, 0xbf86fcc5, 0x3fa3955c, 0xbe30529c, 0x3f061700, 0x3d67ec48, 0x3eda437d, 0x3f133388, 0xbf244808, 0xc00d35a2, 0xbf4034a1]))] },
    Case { cat: "embedding", name: "Embedding(3,4)", seed: 42, steps: &[(Op::Embedding(3, 4), Expect::F32(&[0x3eac62ae, 0x3e03e69d, 0x3e7016e7, 0x3e6bdc6c, 0xbf8fb9c2, 0xbe3eccd8, 0x400d532c, 0xbf2353c6, 0x3eec5e56, 0x3e88e237, 0x3f08ef83, 0x3f4f3209]))] },
    Case { cat: "embedding", name: "Embedding(100,32)", seed: 42, steps: &[(Op::Embedding(100, 32), Expect::Summary { len: 3200, fnv: 0xe5fc10fc0f978398, first: 0x3ff6a529, last: 0xbe0fbf04 })] },
    Case { cat: "randint", name: "randint(0,10,(20,))", seed: 42, steps: &[(Op::Randint(20, 0, 10), Expect::I64(&[2, 7, 6, 4, 6, 5, 0, 4, 0, 3, 8, 4, 0, 4, 1, 2, 5, 5, 7, 6]))] },
    Case { cat: "randint", name: "randint(-5,5,(10,))", seed: 42, steps: &[(Op::Randint(10, -5, 5), Expect::I64(&[-3, 2, 1, -1, 1, 0, -5, -1, -5, -2]))] },
    Case { cat: "randint", name: "randint(3,4,(3,))", seed: 42, steps: &[(Op::Randint(3, 3, 4), Expect::I64(&[3, 3, 3]))] },
    Case { cat: "randint", name: "randint(-2**40,2**40,(6,))", seed: 42, steps: &[(Op::Randint(6, -1099511627776, 1099511627776), Expect::I64(&[-658003837517, 395924837646, -640896347065, -289494324204, -659510126471, 902372521174]))] },
    Case { cat: "randint", name: "randint(0,2**32,(4,))", seed: 42, steps: &[(Op::Randint(4, 0, 4294967296), Expect::I64(&[3421126067, 787846414, 3348747335, 2563451924]))] },
    Case { cat: "randint", name: "random_() int64", seed: 42, steps: &[(Op::RandomI64(8), Expect::I64(&[6909045637428952499, 8314211556539077902, 4279532810384561223, 1819927849474927636, 2878035897379592313, 2877591057541362902, 1071453510346823114, 6754757701360545140]))] },
    Case { cat: "randperm", name: "randperm(0)", seed: 42, steps: &[(Op::Randperm(0), Expect::I64(&[]))] },
    Case { cat: "randperm", name: "randperm(1)", seed: 42, steps: &[(Op::Randperm(1), Expect::I64(&[0]))] },
    Case { cat: "randperm", name: "randperm(2)", seed: 42, steps: &[(Op::Randperm(2), Expect::I64(&[0, 1]))] },
    Case { cat: "randperm", name: "randperm(10)", seed: 42, steps: &[(Op::Randperm(10), Expect::I64(&[2, 6, 1, 8, 4, 5, 0, 9, 3, 7]))] },
    Case { cat: "randperm", name: "randperm(100)", seed: 42, steps: &[(Op::Randperm(100), Expect::I64(&[42, 96, 62, 98, 46, 95, 60, 24, 78, 16, 68, 70, 11, 13, 97, 52, 99, 19, 71, 10, 89, 86, 18, 40, 5, 38, 9, 82, 83, 43, 32, 94, 67, 93, 75, 59, 79, 1, 50, 73, 66, 45, 63, 58, 22, 3, 87, 4, 61, 51, 12, 74, 21, 20, 6, 35, 44, 48, 37, 33, 15, 88, 31, 69, 27, 81, 85, 56, 7, 65, 47, 41, 29, 80, 57, 84, 36, 17, 34, 72, 2, 91, 8, 53, 30, 90, 26, 23, 54, 76, 14, 55, 0, 64, 77, 39, 25, 92, 49, 28]))] },
    Case { cat: "bernoulli", name: "bernoulli_(0.3) x64", seed: 42, steps: &[(Op::Bernoulli(64, 0.3), Expect::F32(&[0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000]))] },
    Case { cat: "bernoulli", name: "bernoulli_(0) x5", seed: 42, steps: &[(Op::Bernoulli(5, 0.0), Expect::F32(&[0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3f6f41d2, 0x3f17f4d6]))] },
    Case { cat: "bernoulli", name: "bernoulli_(1) x5", seed: 42, steps: &[(Op::Bernoulli(5, 1.0), Expect::F32(&[0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000])), (Op::Rand(2), Expect::F32(&[0x3f6f41d2, 0x3f17f4d6]))] },
    Case { cat: "dropout", name: "dropout(p=0.1) x64", seed: 42, steps: &[(Op::Dropout(64, 0.1), Expect::F32(&[0xc1527d29, 0xc14be940, 0xc1455556, 0xc13ec16d, 0xc1382d84, 0xc131999a, 0x80000000, 0x80000000, 0xc11dddde, 0xc11749f5, 0xc110b60c, 0xc10a2223, 0xc1038e39, 0xc0f9f4a1, 0xc0eccccd, 0xc0dfa4fb, 0xc0d27d29, 0xc0c55556, 0xc0b82d84, 0xc0ab05b1, 0xc09dddde, 0xc090b60c, 0xc0838e39, 0xc06ccccd, 0xc0527d29, 0xc0382d84, 0x80000000, 0xc0038e39, 0xbfd27d29, 0xbf9dddde, 0xbf527d29, 0xbed27d29, 0x00000000, 0x3ed27d29, 0x3f527d29, 0x3f9dddde, 0x3fd27d29, 0x40038e39, 0x401dddde, 0x40382d84, 0x00000000, 0x406ccccd, 0x40838e39, 0x4090b60c, 0x00000000, 0x40ab05b1, 0x40b82d84, 0x40c55556, 0x40d27d29, 0x40dfa4fb, 0x40eccccd, 0x40f9f4a1, 0x41038e39, 0x410a2223, 0x4110b60c, 0x00000000, 0x411dddde, 0x412471c8, 0x412b05b1, 0x4131999a, 0x41382d84, 0x413ec16d, 0x41455556, 0x414be940]))] },
    Case { cat: "dropout", name: "dropout(p=0.5) x20", seed: 42, steps: &[(Op::Dropout(20, 0.5), Expect::F32(&[0xc0eccccd, 0xc0d51eb8, 0xc0bd70a4, 0xc0a5c290, 0x80000000, 0xc06ccccd, 0x80000000, 0x80000000, 0xbfbd70a4, 0xbf3d70a4, 0x00000000, 0x3f3d70a4, 0x00000000, 0x00000000, 0x403d70a4, 0x00000000, 0x408e147b, 0x00000000, 0x00000000, 0x40d51eb8]))] },
    Case { cat: "dropout", name: "dropout(p=0.9) x33", seed: 42, steps: &[(Op::Dropout(33, 0.9), Expect::F32(&[0xc26ccccd, 0xc25e0000, 0x80000000, 0xc2406666, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0xc1eccccd, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x416ccccd, 0x00000000, 0x00000000, 0x00000000, 0x41eccccd, 0x42053333, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000]))] },
    Case { cat: "dropout", name: "dropout(p=0) x5", seed: 42, steps: &[(Op::Dropout(5, 0.0), Expect::F32(&[0xbf3d70a4, 0xbebd70a4, 0x00000000, 0x3ebd70a4, 0x3f3d70a4])), (Op::Rand(2), Expect::F32(&[0x3f61dc66, 0x3f6a3db3]))] },
    Case { cat: "dropout", name: "dropout(p=1) x5", seed: 42, steps: &[(Op::Dropout(5, 1.0), Expect::F32(&[0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3f61dc66, 0x3f6a3db3]))] },
    Case { cat: "rand", name: "rand(5)", seed: 1234, steps: &[(Op::Rand(5), Expect::F32(&[0x3ced65e0, 0x3ecdc5a6, 0x3e850a4c, 0x3ebbb86a, 0x3d6eccc0]))] },
    Case { cat: "rand", name: "rand(3,4)", seed: 1234, steps: &[(Op::Rand(12), Expect::F32(&[0x3ced65e0, 0x3ecdc5a6, 0x3e850a4c, 0x3ebbb86a, 0x3d6eccc0, 0x3f335d74, 0x3d542980, 0x3eefaff2, 0x3f2c7e8f, 0x3ea9b562, 0x3f48a117, 0x3f1024e9]))] },
    Case { cat: "rand", name: "rand(1000)", seed: 1234, steps: &[(Op::Rand(1000), Expect::Summary { len: 1000, fnv: 0xc0d5a4fa3ee4bff3, first: 0x3ced65e0, last: 0x3db132d0 })] },
    Case { cat: "rand", name: "uniform_(-0.3,0.7) x50", seed: 1234, steps: &[(Op::Uniform(50, -0.3, 0.7), Expect::F32(&[0xbe8ac33c, 0x3dd0b030, 0xbd247a70, 0x3d887b40, 0xbe778004, 0x3ecd214e, 0xbe7e28d4, 0x3e2c2cb0, 0x3ebf6384, 0x3d00de40, 0x3ef7a894, 0x3e86b038, 0x3ef31f9a, 0x3f055351, 0xbca9c440, 0x3ec36fa2, 0xbc85bc20, 0x3eb6a55e, 0xbd7adb30, 0x3edcd152, 0x3e9a39da, 0x3b8dd580, 0xbd3955d0, 0x3ea8a21e, 0x3f2aa078, 0x3ee14106, 0x3e1b5bf0, 0x3e33f2c8, 0x3ef7e852, 0xbe170b3c, 0x3ebb81c4, 0x3d0c9650, 0x3efa8446, 0x3cb145c0, 0x3e661dfc, 0x3ebcd8b0, 0x3f0b2a55, 0x3e018b64, 0x3f27f92d, 0xbe646028, 0x3de2f0d0, 0xbe98e084, 0x3e7736cc, 0x3eaf0c38, 0xbb1d8200, 0x3ed0b906, 0x3df399b0, 0xbe701f2c, 0x3f157846, 0x3f021ebf]))] },
    Case { cat: "rand", name: "uniform_(2.5,2.5000002) x20", seed: 1234, steps: &[(Op::Uniform(20, 2.5, 2.5000002), Expect::F32(&[0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000]))] },
    Case { cat: "rand", name: "uniform_(1,1.0000005) x300", seed: 1234, steps: &[(Op::Uniform(300, 1.0, 1.0000005), Expect::Summary { len: 300, fnv: 0x983b3c99aad4ee24, first: 0x3f800000, last: 0x3f800000 })] },
    Case { cat: "rand", name: "uniform_(-2,-2) x3", seed: 1234, steps: &[(Op::Uniform(3, -2.0, -2.0), Expect::F32(&[0xc0000000, 0xc0000000, 0xc0000000]))] },
    Case { cat: "rand", name: "uniform_(-0.577,0.577) x200", seed: 1234, steps: &[(Op::Uniform(200, -0.5773502691896258, 0.5773502691896258), Expect::Summary { len: 200, fnv: 0xace6bfbc26762657, first: 0xbf0b3c3d, last: 0x3ee7c2fc })] },
    Case { cat: "randn", name: "randn(1)", seed: 1234, steps: &[(Op::Randn(1), Expect::F32(&[0x3d3cf34c]))] },
    Case { cat: "randn", name: "randn(2)", seed: 1234, steps: &[(Op::Randn(2), Expect::F32(&[0x3d3cf34c, 0x3ece07be]))] },
    Case { cat: "randn", name: "randn(5)", seed: 1234, steps: &[(Op::Randn(5), Expect::F32(&[0x3d3cf34c, 0x3ece07be, 0xbf8179c9, 0x3e5df0a1, 0xbf1cbdee]))] },
    Case { cat: "randn", name: "randn(15)", seed: 1234, steps: &[(Op::Randn(15), Expect::F32(&[0x3d3cf34c, 0x3ece07be, 0xbf8179c9, 0x3e5df0a1, 0xbf1cbdee, 0x3f00eca2, 0x3e6c8290, 0x3f316d84, 0xbe88a1f3, 0x400b6bfc, 0x3dd12d5c, 0xbe849ceb, 0xbe1e9e36, 0xbfaf6f75, 0xbe071626]))] },
    Case { cat: "randn", name: "randn(16)", seed: 1234, steps: &[(Op::Randn(16), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64a, 0x3d5cc673, 0x3f2b1a8a, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc41, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a]))] },
    Case { cat: "randn", name: "randn(17)", seed: 1234, steps: &[(Op::Randn(17), Expect::F32(&[0xbde4ccb4, 0xbdbd013f, 0xbf34759e, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542b7, 0xbf3647e6, 0x3f230cb5, 0xbfbacee3, 0x3e61f474, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde6, 0x3f9b9dec, 0xc021bfdc]))] },
    Case { cat: "randn", name: "randn(31)", seed: 1234, steps: &[(Op::Randn(31), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64a, 0x3d5cc673, 0x3f2b1a8a, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc41, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0x3f4c76a6, 0xbfbf5817, 0x3f6186ab, 0xbf96ddec, 0xbf6f1a4c, 0xbf114aa9, 0xbe8df0c9, 0xc00bbcca, 0x3ed6cc4b, 0x3f702290, 0x3c0010b7, 0xbea0b252, 0xbf940ee3, 0x3feba139, 0xbf823b38, 0x3f9c1013]))] },
    Case { cat: "randn", name: "randn(32)", seed: 1234, steps: &[(Op::Randn(32), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64a, 0x3d5cc673, 0x3f2b1a8a, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc41, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a, 0x3f4c804b, 0xbdbd013f, 0xbf34759e, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542b7, 0xbf3647e6, 0xbe2eb54e, 0xbfbacee3, 0x3e61f474, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde6, 0x3f9b9dec]))] },
    Case { cat: "randn", name: "randn(33)", seed: 1234, steps: &[(Op::Randn(33), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64a, 0x3d5cc673, 0x3f2b1a8a, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc41, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a, 0x3f4c804b, 0x3f6186ab, 0xbf96ddec, 0xbf6f1a4c, 0xbf114aa9, 0xbe8df0c9, 0xc00bbcca, 0x3ebbd0aa, 0x3f44466f, 0x3c0010b7, 0xbea0b252, 0xbf940ee3, 0x3feba139, 0xbf823b38, 0x3f9c1013, 0x3e23f845, 0xbf2f8a31]))] },
    Case { cat: "randn", name: "randn(100)", seed: 1234, steps: &[(Op::Randn(100), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64a, 0x3d5cc673, 0x3f2b1a8a, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc41, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a, 0x3f4c804b, 0xbdbd013f, 0xbf34759e, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542b7, 0xbf3647e6, 0xbe2eb54e, 0xbfbacee3, 0x3e61f474, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde6, 0x3f9b9dec, 0xbfbf5817, 0x3f6186ab, 0xbf96ddec, 0xbf6f1a4c, 0xbf114aa9, 0xbe8df0c9, 0xc00bbcca, 0x3ebbd0aa, 0x3f702290, 0x3c0010b7, 0xbea0b252, 0xbf940ee3, 0x3feba139, 0xbf823b38, 0x3f9c1013, 0x3e23f845, 0x3fcc9b92, 0xbd3ff0dc, 0xbfc3747c, 0xc000e98c, 0xbfc235c6, 0x3ec68635, 0xbf97a958, 0x3f308e78, 0x3fa95e55, 0x3fe89164, 0x3f2e469f, 0x3f39700d, 0x3d045839, 0xbfd4632f, 0xbff04c53, 0x3f3cbc27, 0x3f6cfd74, 0x3f6cb8e2, 0x3e3aeaa0, 0xbd96eeda, 0x3ea11d89, 0xbf84b92a, 0x3e57153e, 0x3f1d4b1e, 0x3d809b1e, 0xbea8cb1d, 0xbfe6030f, 0x3f5f70fc, 0x3f4457cb, 0xbde90621, 0xbf715c9a, 0x3f410798, 0x3e101b1f, 0xbf31957c, 0xbf1dab34, 0xbf3ac3bd, 0x3fa9046b, 0x3fccc2df, 0xbf8a24a1, 0xbeade154, 0xbfba166b, 0xc02b22ed, 0x3fcc975a, 0x3f4d58e8, 0x3f127a36, 0x3d85b61c, 0xbcc02d22, 0x3f633a20, 0x3fbc0506, 0x3fa1e1a3, 0xbe8cf0b5, 0xbe07b7ef]))] },
    Case { cat: "randn", name: "randn(21)", seed: 1234, steps: &[(Op::Randn(21), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64a, 0x3d5cc673, 0x3efad05a, 0xbec542b7, 0xbf3647e6, 0x3f230cb5, 0xbf36cdf4, 0xbf8aa3d2, 0xbf0e0268, 0x3f78c059, 0x3f326d51, 0xbf29bde6, 0x3f9b9dec, 0xc021bfdc, 0x3fbd2809, 0xbe2db1d1, 0xbf7dea5d, 0xbfba7bfa]))] },
    Case { cat: "randn", name: "randn(1000)", seed: 1234, steps: &[(Op::Randn(1000), Expect::Summary { len: 1000, fnv: 0xbd923c9ebe2f65cf, first: 0xbde4ccb4, last: 0x3fa47522 })] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x7", seed: 1234, steps: &[(Op::Normal(7, 0.3, 2.7), Expect::F32(&[0x3ed95eea, 0x3fb1786d, 0xc01b979c, 0x3f629c06, 0xbfad339b, 0x3fd472a8, 0x3f6c71bb]))] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x40", seed: 1234, steps: &[(Op::Normal(40, 0.3, 2.7), Expect::F32(&[0xbad6f947, 0xbf8538b7, 0x3f3d843d, 0xc00527d8, 0x3ee41c94, 0x4006b1ea, 0x3e0e4237, 0xbf7655a7, 0xbe8ff735, 0x402bf2d6, 0xbfdfb579, 0xbf322958, 0xbf1fdcca, 0xc05f0f8c, 0x3f953748, 0xc01d6082, 0x401d3d00, 0x3d502c7b, 0xbfcd3862, 0xc080d816, 0x3f8a4fdf, 0x3fcfb30a, 0xbf3d8077, 0xbfcfaddd, 0x4017af8b, 0x3eb3ea20, 0x3eb8025f, 0x405a7913, 0xbf1dbf21, 0x3f388bad, 0x402e23a5, 0xbf005790, 0xbfc69429, 0x3e29f6a8, 0xc0448a89, 0xbfffa820, 0xbfe35d14, 0xc07a778d, 0xbf9114a8, 0x3f634f2f]))] },
    Case { cat: "randn", name: "normal_(-1.5,0.02) x300", seed: 1234, steps: &[(Op::Normal(300, -1.5, 0.02), Expect::Summary { len: 300, fnv: 0x1ee37bda74e9a67b, first: 0xbfc04937, last: 0xbfc23818 })] },
    Case { cat: "interleave", name: "randn/rand interleaved", seed: 1234, steps: &[(Op::Randn(5), Expect::F32(&[0x3d3cf34c, 0x3ece07be, 0xbf8179c9, 0x3e5df0a1, 0xbf1cbdee])), (Op::Rand(3), Expect::F32(&[0x3f465c9a, 0x3f52201e, 0x3e8efd56])), (Op::Randn(16), Expect::F32(&[0xbf85263c, 0x3f4c804b, 0xbdbd013f, 0xbf34759e, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542b7, 0xbf8ca7c2, 0xbe2eb54e, 0xbfbacee3, 0x3e61f474, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde6])), (Op::Randn(2), Expect::F32(&[0x3f00eca2, 0xbf186bf7])), (Op::Rand(2), Expect::F32(&[0x3f2b3925, 0x3f57f722])), (Op::Randn(1), Expect::F32(&[0xbf949cb5])), (Op::Randn(1), Expect::F32(&[0xbf96b54f])), (Op::Randn(20), Expect::F32(&[0x3c9bf022, 0x3cb433f5, 0x3f939c0e, 0xbeadbcfc, 0xbfc4dc38, 0xbf832e47, 0xbec19149, 0x3f6cfd74, 0x3f6cb8e2, 0x3e3aeaa0, 0xbd96eeda, 0x3ea11d89, 0x3f59b55b, 0x3f86d57b, 0x3ebd04f7, 0x3d809b1e, 0xbea8cb1d, 0xbfe6030f, 0x3f5f70fc, 0x3f4457cb])), (Op::Randn(3), Expect::F32(&[0x3f39d6a4, 0x3eacee84, 0x3ececd8c])), (Op::Randint(4, 0, 100), Expect::I64(&[24, 85, 52, 68])), (Op::Randn(1), Expect::F32(&[0xbe57db39])), (Op::Seed(1234), Expect::Nothing), (Op::Randn(1), Expect::F32(&[0x3d3cf34c])), (Op::Randn(1), Expect::F32(&[0x3ece07be]))] },
    Case { cat: "interleave", name: "mixed ops", seed: 1234, steps: &[(Op::Rand(700), Expect::Summary { len: 700, fnv: 0xf943d18fa063b31d, first: 0x3ced65e0, last: 0x3dbaf8f0 }), (Op::Randn(3), Expect::F32(&[0xbe5fd8a2, 0x3f599dd7, 0xbf9a69d7])), (Op::Randperm(7), Expect::I64(&[1, 4, 6, 3, 5, 2, 0])), (Op::Randn(3), Expect::F32(&[0xc006250d, 0xbf8a2974, 0xbf8e50ef])), (Op::Bernoulli(5, 0.5), Expect::F32(&[0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3e7bf9a8, 0x3ed0260a]))] },
    Case { cat: "linear", name: "Linear(3,2)", seed: 1234, steps: &[(Op::Linear(3, 2, true), Expect::F32(&[0xbf0b3c3d, 0xbde7fe2e, 0xbe8dfb52, 0xbe1daf60, 0xbf02915a, 0x3e6d3eb9, 0xbf047d7d, 0xbd16b0bd]))] },
    Case { cat: "linear", name: "Linear(8,8)", seed: 1234, steps: &[(Op::Linear(8, 8, true), Expect::F32(&[0xbeaa8719, 0xbd8e10e9, 0xbe2de432, 0xbdc11fbc, 0xbe9fe987, 0x3e114845, 0xbea24445, 0xbcb88eaa, 0x3dfbb2bb, 0xbdf411b3, 0x3e4d6d33, 0x3d36a68a, 0x3e470354, 0x3e68492f, 0xbe1fd223, 0x3e0392a8, 0xbe1ca2d5, 0x3de2f84a, 0xbe3d2936, 0x3e2777c6, 0x3d929606, 0xbe0dae6c, 0xbe319412, 0x3dbb5604, 0x3ea8e522, 0x3e2dbde6, 0xbd0bd701, 0xbc8c94ff, 0x3e4dc758, 0xbe7b9e9f, 0x3df0b7fb, 0xbdefed04, 0x3e5177f9, 0xbe01258a, 0x3c8f3722, 0x3df481e9, 0x3e78cdba, 0xbd54dacc, 0x3ea52477, 0xbe992694, 0xbd8128dd, 0xbeb48213, 0x3cefee1f, 0x3dcd7a94, 0xbe128e42, 0x3e165cf3, 0xbd6ac249, 0xbe9d4db8, 0x3e8af97a, 0x3e5f3842, 0x3e370caf, 0x3e90646c, 0x3e0520fd, 0x3e407e0a, 0x3e963743, 0xbd91e397, 0xbe8d2d90, 0xbe320c3f, 0xbd4150ae, 0xbd1f2203, 0xbb1d09d9, 0x3e4f7963, 0x3de8470a, 0xbe85d81e, 0xbdd98448, 0xbdaa56c4, 0x3e5c5777, 0xbe03570f, 0xbe1778ad, 0xbd68d5be, 0xbdb82f2f, 0xbdb24791]))] },
    Case { cat: "linear", name: "Linear(5,3,bias=False)", seed: 1234, steps: &[(Op::Linear(5, 3, false), Expect::F32(&[0xbed7b3d1, 0xbdb3b370, 0xbe5bf507, 0xbdf448de, 0xbeca4655, 0x3e37c4ea, 0xbecd40bf, 0xbce972d4, 0x3e1f301a, 0xbe1a5ce6, 0x3e81ec54, 0x3d670965, 0x3e7bbbd7, 0x3e92e915, 0xbe4a28bf]))] },
    Case { cat: "linear", name: "Linear(1,4)", seed: 1234, steps: &[(Op::Linear(1, 4, true), Expect::F32(&[0xbf7129a2, 0xbe48e968, 0xbef5eb68, 0xbe888f2c, 0xbf622668, 0x3ecd75d0, 0xbf657ad0, 0xbd828070]))] },
    Case { cat: "linear", name: "Linear(512,2048)", seed: 1234, steps: &[(Op::Linear(512, 2048, true), Expect::Summary { len: 1050624, fnv: 0x3e97c81c079fbc8c, first: 0xbd2a8719, last: 0xbc6cfc5e })] },
    Case { cat: "linear", name: "two Linears", seed: 1234, steps: &[(Op::Linear(4, 3, true), Expect::F32(&[0xbef129a2, 0xbdc8e968, 0xbe75eb68, 0xbe088f2c, 0xbee22668, 0x3e4d75d0, 0xbee57ad0, 0xbd028070, 0x3e31fa3c, 0xbe2c953c, 0x3e91422e, 0x3d812748, 0x3e8cb934, 0x3ea4403c, 0xbe620554])), (Op::Linear(3, 1, true), Expect::F32(&[0x3e56db8c, 0xbe7fc91e, 0x3e3951f4, 0xbe9a7305]))] },
    Case { cat: "embedding", name: "Embedding(10,8)", seed: 1234, steps: &[(Op::Embedding(10, 8), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64a, 0x3d5cc673, 0x3f2b1a8a, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc41, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a, 0x3f4c804b, 0xbdbd013f, 0xbf34759e, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542b7, 0xbf3647e6, 0xbe2eb54e, 0xbfbacee3, 0x3e61f474, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde6, 0x3f9b9dec, 0xbfbf5817, 0x3f6186ab, 0xbf96ddec, 0xbf6f1a4c, 0xbf114aa9, 0xbe8df0c9, 0xc00bbcca, 0x3ebbd0aa, 0x3f702290, 0x3c0010b7, 0xbea0b252, 0xbf940ee3, 0x3feba139, 0xbf823b38, 0x3f9c1013, 0x3e23f845, 0x3fcc9b92, 0xbd3ff0dc, 0xbfc3747c, 0xc000e98c, 0xbfc235c6, 0x3ec68635, 0xbf97a958, 0x3f308e78, 0x3fa95e55, 0x3fe89164, 0x3f2e469f, 0x3f39700d, 0x3d045839, 0xbfd4632f, 0xbff04c53, 0x3f3cbc27, 0x3f6cfd74, 0x3f6cb8e2, 0x3e3aeaa0, 0xbd96eeda, 0x3ea11d89, 0xbf84b92a, 0x3e57153e, 0x3f1d4b1e, 0x3d809b1e, 0xbea8cb1d, 0xbfe6030f, 0x3f5f70fc, 0x3f4457cb, 0xbde90621, 0xbf715c9a, 0x3f410798]))] },
    Case { cat: "embedding", name: "Embedding(3,4)", seed: 1234, steps: &[(Op::Embedding(3, 4), Expect::F32(&[0x3d3cf34c, 0x3ece07be, 0xbf8179c9, 0x3e5df0a1, 0xbf1cbdee, 0x3f00eca2, 0x3e6c8290, 0x3f316d84, 0xbe88a1f3, 0x400b6bfc, 0x3dd12d5c, 0xbe849ceb]))] },
    Case { cat: "embedding", name: "Embedding(100,32)", seed: 1234, steps: &[(Op::Embedding(100, 32), Expect::Summary { len: 3200, fnv: 0x831d11013a633b4b, first: 0xbde4ccb4, last: 0xbcbb83f6 })] },
    Case { cat: "randint", name: "randint(0,10,(20,))", seed: 1234, steps: &[(Op::Randint(20, 0, 10), Expect::I64(&[5, 1, 6, 5, 6, 4, 2, 5, 5, 9, 3, 1, 4, 2, 3, 2, 6, 8, 2, 2]))] },
    Case { cat: "randint", name: "randint(-5,5,(10,))", seed: 1234, steps: &[(Op::Randint(10, -5, 5), Expect::I64(&[0, -4, 1, 0, 1, -1, -3, 0, 0, 4]))] },
    Case { cat: "randint", name: "randint(3,4,(3,))", seed: 1234, steps: &[(Op::Randint(3, 3, 4), Expect::I64(&[3, 3, 3]))] },
    Case { cat: "randint", name: "randint(-2**40,2**40,(6,))", seed: 1234, steps: &[(Op::Randint(6, -1099511627776, 1099511627776), Expect::I64(&[204000912083, 166721346613, -220709298828, -443363633159, -481634755919, 99431228649]))] },
    Case { cat: "randint", name: "randint(0,2**32,(4,))", seed: 1234, steps: &[(Op::Randint(4, 0, 4294967296), Expect::I64(&[2137449171, 3512589365, 2629000564, 3312965625]))] },
    Case { cat: "randint", name: "random_() int64", seed: 1234, steps: &[(Op::RandomI64(8), Expect::I64(&[3532910284440527571, 2252509165406510133, 8074651545468362100, 5263936763381405689, 5164642029029087921, 5028446104762459369, 5099865445391015966, 5568558740672513182]))] },
    Case { cat: "randperm", name: "randperm(0)", seed: 1234, steps: &[(Op::Randperm(0), Expect::I64(&[]))] },
    Case { cat: "randperm", name: "randperm(1)", seed: 1234, steps: &[(Op::Randperm(1), Expect::I64(&[0]))] },
    Case { cat: "randperm", name: "randperm(2)", seed: 1234, steps: &[(Op::Randperm(2), Expect::I64(&[1, 0]))] },
    Case { cat: "randperm", name: "randperm(10)", seed: 1234, steps: &[(Op::Randperm(10), Expect::I64(&[5, 4, 8, 2, 6, 9, 1, 7, 0, 3]))] },
    Case { cat: "randperm", name: "randperm(100)", seed: 1234, steps: &[(Op::Randperm(100), Expect::I64(&[75, 67, 30, 51, 48, 19, 18, 34, 1, 46, 13, 69, 22, 14, 39, 92, 76, 66, 7, 16, 78, 72, 94, 56, 11, 82, 77, 64, 6, 36, 24, 87, 21, 9, 5, 50, 70, 8, 62, 33, 91, 80, 74, 98, 79, 44, 59, 68, 83, 37, 10, 0, 55, 73, 90, 96, 20, 57, 40, 31, 86, 88, 42, 52, 93, 81, 3, 60, 47, 43, 99, 85, 97, 38, 27, 84, 71, 17, 45, 32, 23, 89, 35, 58, 15, 61, 28, 53, 2, 26, 65, 12, 29, 4, 49, 41, 25, 95, 54, 63]))] },
    Case { cat: "bernoulli", name: "bernoulli_(0.3) x64", seed: 1234, steps: &[(Op::Bernoulli(64, 0.3), Expect::F32(&[0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000]))] },
    Case { cat: "bernoulli", name: "bernoulli_(0) x5", seed: 1234, steps: &[(Op::Bernoulli(5, 0.0), Expect::F32(&[0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3f48a117, 0x3f1024e9]))] },
    Case { cat: "bernoulli", name: "bernoulli_(1) x5", seed: 1234, steps: &[(Op::Bernoulli(5, 1.0), Expect::F32(&[0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000])), (Op::Rand(2), Expect::F32(&[0x3f48a117, 0x3f1024e9]))] },
    Case { cat: "dropout", name: "dropout(p=0.1) x64", seed: 1234, steps: &[(Op::Dropout(64, 0.1), Expect::F32(&[0xc1527d29, 0xc14be940, 0xc1455556, 0xc13ec16d, 0xc1382d84, 0xc131999a, 0xc12b05b1, 0xc12471c8, 0xc11dddde, 0x80000000, 0xc110b60c, 0xc10a2223, 0xc1038e39, 0xc0f9f4a1, 0xc0eccccd, 0xc0dfa4fb, 0xc0d27d29, 0xc0c55556, 0xc0b82d84, 0xc0ab05b1, 0xc09dddde, 0xc090b60c, 0xc0838e39, 0xc06ccccd, 0xc0527d29, 0xc0382d84, 0xc01dddde, 0xc0038e39, 0xbfd27d29, 0xbf9dddde, 0x80000000, 0xbed27d29, 0x00000000, 0x3ed27d29, 0x3f527d29, 0x00000000, 0x3fd27d29, 0x40038e39, 0x401dddde, 0x40382d84, 0x40527d29, 0x406ccccd, 0x00000000, 0x4090b60c, 0x409dddde, 0x40ab05b1, 0x40b82d84, 0x40c55556, 0x40d27d29, 0x40dfa4fb, 0x40eccccd, 0x40f9f4a1, 0x41038e39, 0x410a2223, 0x4110b60c, 0x411749f5, 0x00000000, 0x412471c8, 0x412b05b1, 0x00000000, 0x41382d84, 0x413ec16d, 0x41455556, 0x414be940]))] },
    Case { cat: "dropout", name: "dropout(p=0.5) x20", seed: 1234, steps: &[(Op::Dropout(20, 0.5), Expect::F32(&[0xc0eccccd, 0xc0d51eb8, 0xc0bd70a4, 0xc0a5c290, 0xc08e147b, 0xc06ccccd, 0xc03d70a4, 0xc00e147b, 0xbfbd70a4, 0x80000000, 0x00000000, 0x3f3d70a4, 0x00000000, 0x00000000, 0x403d70a4, 0x406ccccd, 0x408e147b, 0x40a5c290, 0x00000000, 0x00000000]))] },
    Case { cat: "dropout", name: "dropout(p=0.9) x33", seed: 1234, steps: &[(Op::Dropout(33, 0.9), Expect::F32(&[0x80000000, 0xc25e0000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0xc1940000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x41eccccd, 0x42053333, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000]))] },
    Case { cat: "dropout", name: "dropout(p=0) x5", seed: 1234, steps: &[(Op::Dropout(5, 0.0), Expect::F32(&[0xbf3d70a4, 0xbebd70a4, 0x00000000, 0x3ebd70a4, 0x3f3d70a4])), (Op::Rand(2), Expect::F32(&[0x3ced65e0, 0x3ecdc5a6]))] },
    Case { cat: "dropout", name: "dropout(p=1) x5", seed: 1234, steps: &[(Op::Dropout(5, 1.0), Expect::F32(&[0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3ced65e0, 0x3ecdc5a6]))] },
    Case { cat: "rand", name: "rand(5)", seed: 67280421310721, steps: &[(Op::Rand(5), Expect::F32(&[0x3e88daec, 0x3f5f5e04, 0x3eabaafa, 0x3ece5818, 0x3f4980ad]))] },
    Case { cat: "rand", name: "rand(3,4)", seed: 67280421310721, steps: &[(Op::Rand(12), Expect::F32(&[0x3e88daec, 0x3f5f5e04, 0x3eabaafa, 0x3ece5818, 0x3f4980ad, 0x3eea4b26, 0x3d935390, 0x3f78b1ee, 0x3f36f3cb, 0x3edadb32, 0x3dad28b0, 0x3efb1a7a]))] },
    Case { cat: "rand", name: "rand(1000)", seed: 67280421310721, steps: &[(Op::Rand(1000), Expect::Summary { len: 1000, fnv: 0xd44c5075152fd147, first: 0x3e88daec, last: 0x3f777909 })] },
    Case { cat: "rand", name: "uniform_(-0.3,0.7) x50", seed: 67280421310721, steps: &[(Op::Uniform(50, -0.3, 0.7), Expect::F32(&[0xbd05f570, 0x3f129137, 0x3d108b00, 0x3dd2f9f8, 0x3ef967c0, 0x3e216318, 0xbe69896c, 0x3f2be521, 0x3ed44dfc, 0x3e028330, 0xbe5c9edc, 0x3e4301c0, 0xbe08f718, 0xbe15b64c, 0x3d82a478, 0x3e5ba208, 0x3ed30982, 0x3f14276a, 0x3f0b065d, 0x3f3019f9, 0x3e84de26, 0x3e0b3438, 0xbe3083e8, 0xbcbe0620, 0x3ee9426e, 0x3e1f4840, 0xbe49c9a0, 0x3ef444ca, 0x3f287a75, 0x3eaacf6c, 0xbd51dd20, 0x3f0ecbee, 0x3f16437c, 0xbe8121c2, 0xbe24d408, 0xbe48f2a4, 0x3dd6cce8, 0x3e1bbcbc, 0xbe2f0eb8, 0x3e30eff4, 0xbd44e3e0, 0x3f0e8ee0, 0x3e946362, 0x3e89f3bc, 0x3e88c994, 0x3df1e2f8, 0xbe3fe88c, 0x3eef6b64, 0xbe973ad8, 0x3df03538]))] },
    Case { cat: "rand", name: "uniform_(2.5,2.5000002) x20", seed: 67280421310721, steps: &[(Op::Uniform(20, 2.5, 2.5000002), Expect::F32(&[0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000]))] },
    Case { cat: "rand", name: "uniform_(1,1.0000005) x300", seed: 67280421310721, steps: &[(Op::Uniform(300, 1.0, 1.0000005), Expect::Summary { len: 300, fnv: 0x85353ad3223f812d, first: 0x3f800001, last: 0x3f800003 })] },
    Case { cat: "rand", name: "uniform_(-2,-2) x3", seed: 67280421310721, steps: &[(Op::Uniform(3, -2.0, -2.0), Expect::F32(&[0xc0000000, 0xc0000000, 0xc0000000]))] },
    Case { cat: "rand", name: "uniform_(-0.577,0.577) x200", seed: 67280421310721, steps: &[(Op::Uniform(200, -0.5773502691896258, 0.5773502691896258), Expect::Summary { len: 200, fnv: 0x118932d70de6f7bf, first: 0xbe89939c, last: 0xbefaaa92 })] },
    Case { cat: "randn", name: "randn(1)", seed: 67280421310721, steps: &[(Op::Randn(1), Expect::F32(&[0x3f7a2deb]))] },
    Case { cat: "randn", name: "randn(2)", seed: 67280421310721, steps: &[(Op::Randn(2), Expect::F32(&[0x3f7a2deb, 0x3f9413ef]))] },
    Case { cat: "randn", name: "randn(5)", seed: 67280421310721, steps: &[(Op::Randn(5), Expect::F32(&[0x3f7a2deb, 0x3f9413ef, 0xbec2e509, 0x3fa051fa, 0xbe9d1a00]))] },
    Case { cat: "randn", name: "randn(15)", seed: 67280421310721, steps: &[(Op::Randn(15), Expect::F32(&[0x3f7a2deb, 0x3f9413ef, 0xbec2e509, 0x3fa051fa, 0xbe9d1a00, 0xbfbc393a, 0xbf875cb6, 0x3ff65ec8, 0xbf091aad, 0xbfc80af0, 0xbe50769c, 0x3cfcc5c0, 0x3fe51437, 0x3f041bea, 0xbfc6166e]))] },
    Case { cat: "randn", name: "randn(16)", seed: 67280421310721, steps: &[(Op::Randn(16), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a73, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3de, 0xc029fc5e, 0xbf44f21e, 0x3f64bb22, 0x3eea6c55, 0x3d79da38, 0x3fc2affa, 0x3f68fe58, 0x3e956481, 0xbe783922]))] },
    Case { cat: "randn", name: "randn(17)", seed: 67280421310721, steps: &[(Op::Randn(17), Expect::F32(&[0xbe31df0d, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4388, 0xbf36f3eb, 0x3b850133, 0x3f012a23, 0x3fa2ea6c, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8adc, 0xbf4be93b, 0x3f05c52f, 0xbf209a9b, 0xbf8c16c3]))] },
    Case { cat: "randn", name: "randn(31)", seed: 67280421310721, steps: &[(Op::Randn(31), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a73, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3de, 0xc029fc5e, 0xbf44f21e, 0x3f64bb22, 0x3eea6c55, 0x3d79da38, 0x3fc2affa, 0x3f68fe58, 0x3e956481, 0xbff920a3, 0xbccf8ca4, 0x3e475eea, 0xbeecb618, 0xbed934fe, 0xbf6defe7, 0xbf7474e2, 0x3ecc8f77, 0x3eac0bc7, 0x4005a0e3, 0xbe7ae44e, 0xbe95d90d, 0xbe4a8c53, 0xbed5a740, 0x3f0a32fc, 0x3eaee8fc]))] },
    Case { cat: "randn", name: "randn(32)", seed: 67280421310721, steps: &[(Op::Randn(32), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a73, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3de, 0xc029fc5e, 0xbf44f21e, 0x3f64bb22, 0x3eea6c55, 0x3d79da38, 0x3fc2affa, 0x3f68fe58, 0x3e956481, 0xbe783922, 0x3d62cd28, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4388, 0xbf36f3eb, 0x3b850133, 0x3f012a23, 0xbfc9e40d, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8adc, 0xbf4be93b, 0x3f05c52f, 0xbf209a9b]))] },
    Case { cat: "randn", name: "randn(33)", seed: 67280421310721, steps: &[(Op::Randn(33), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a73, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3de, 0xc029fc5e, 0xbf44f21e, 0x3f64bb22, 0x3eea6c55, 0x3d79da38, 0x3fc2affa, 0x3f68fe58, 0x3e956481, 0xbe783922, 0x3d62cd28, 0x3e475eea, 0xbeecb618, 0xbed934fe, 0xbf6defe7, 0xbf7474e2, 0x3ecc8f77, 0x3dfff8ed, 0x3f42f7ff, 0xbe7ae44e, 0xbe95d90d, 0xbe4a8c53, 0xbed5a740, 0x3f0a32fc, 0x3eaee8fc, 0xbf8ff26a, 0x3cb584f0]))] },
    Case { cat: "randn", name: "randn(100)", seed: 67280421310721, steps: &[(Op::Randn(100), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a73, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3de, 0xc029fc5e, 0xbf44f21e, 0x3f64bb22, 0x3eea6c55, 0x3d79da38, 0x3fc2affa, 0x3f68fe58, 0x3e956481, 0xbe783922, 0x3d62cd28, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4388, 0xbf36f3eb, 0x3b850133, 0x3f012a23, 0xbfc9e40d, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8adc, 0xbf4be93b, 0x3f05c52f, 0xbf209a9b, 0xbccf8ca4, 0x3e475eea, 0xbeecb618, 0xbed934fe, 0xbf6defe7, 0xbf7474e2, 0x3ecc8f77, 0x3dfff8ed, 0x4005a0e3, 0xbe7ae44e, 0xbe95d90d, 0xbe4a8c53, 0xbed5a740, 0x3f0a32fc, 0x3eaee8fc, 0xbf8ff26a, 0x3d9c5b8d, 0x3e65b8cb, 0xbe8759a7, 0xbc667488, 0x3d8a538d, 0x3f20c33d, 0xbf07746c, 0x3fa31f03, 0xbd709fb3, 0x3f81e4ac, 0xbe0bb2f4, 0x3f8a44aa, 0x3f2eeff0, 0x3f3d71bc, 0xbf16e895, 0x3f5c24ef, 0xbf3c124e, 0xbf9cdbc8, 0x400c02e3, 0x3de076cd, 0x3f8e4780, 0xbfae09f9, 0x40000c8f, 0xbde5a135, 0x3f5cc7c9, 0x403bcda7, 0xbf49e79a, 0xbdd58cb9, 0xbfce5708, 0x3e3f3660, 0xbf808105, 0x3eaac1f0, 0x3fd3d115, 0x3f337e27, 0xbb6a614f, 0xbf7f3e2e, 0x3ee8205e, 0x3f5c56b0, 0xbef93f28, 0x3f044963, 0xbfd05893, 0x3f4867a6, 0x3e904b58, 0x3f934152, 0x3fc67fd1, 0xbe869f67, 0x3f91406d, 0xbccf4533, 0xbfadc556, 0xbf73609e, 0x3f128d5c, 0xbe9b1d81]))] },
    Case { cat: "randn", name: "randn(21)", seed: 67280421310721, steps: &[(Op::Randn(21), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a73, 0xbf81c7b9, 0x3f622ef9, 0xbf36f3eb, 0x3b850133, 0x3f012a23, 0x3fa2ea6c, 0x3f86d4ab, 0x3e993c6f, 0x3fb049d2, 0xc00546e0, 0xbf4be93b, 0x3f05c52f, 0xbf209a9b, 0xbf8c16c3, 0x3ea6fdc2, 0x3eb6f5da, 0x3f868f56, 0x3fb56fae]))] },
    Case { cat: "randn", name: "randn(1000)", seed: 67280421310721, steps: &[(Op::Randn(1000), Expect::Summary { len: 1000, fnv: 0xc03f116795aad1d6, first: 0xbe31df0d, last: 0xbecce399 })] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x7", seed: 67280421310721, steps: &[(Op::Normal(7, 0.3, 2.7), Expect::F32(&[0x403c1232, 0x405b1ae8, 0xbf3a4ecd, 0x406ba1de, 0xbf07497f, 0xc06ae6dc, 0xc02389f5]))] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x40", seed: 67280421310721, steps: &[(Op::Normal(40, 0.3, 2.7), Expect::F32(&[0xbe2d0d70, 0xc093dca1, 0x4019d90e, 0xc01c00d4, 0x402bdfb5, 0x3fffa7fe, 0xbec498d7, 0xc0dbe17f, 0xbfe37a0f, 0x402d97ea, 0x3fc4a2ba, 0x3eedecda, 0x408d0396, 0x4030787c, 0x3f8b3d71, 0xbeb58054, 0x3ee6253e, 0xc0a0ffbb, 0x408e4b50, 0x3fd4536d, 0x4068db2b, 0xbfd09617, 0x3e9f360d, 0x3fd4c5b0, 0x4016cdcc, 0xc08a4549, 0x40716a66, 0xc03e6fc8, 0x3f9589df, 0xbfd8e494, 0x3e0fdc0f, 0xbfa7a47c, 0x3eb83b3c, 0x403c6865, 0x3fa2562d, 0x3fc619b4, 0x406bcffc, 0x4011dc4e, 0x3fce1480, 0xc080ba93]))] },
    Case { cat: "randn", name: "normal_(-1.5,0.02) x300", seed: 67280421310721, steps: &[(Op::Normal(300, -1.5, 0.02), Expect::Summary { len: 300, fnv: 0x5ac9127c65f66ede, first: 0xbfc071d6, last: 0xbfc3d350 })] },
    Case { cat: "interleave", name: "randn/rand interleaved", seed: 67280421310721, steps: &[(Op::Randn(5), Expect::F32(&[0x3f7a2deb, 0x3f9413ef, 0xbec2e509, 0x3fa051fa, 0xbe9d1a00])), (Op::Rand(3), Expect::F32(&[0x3e2a3c1c, 0x3e1d7ce8, 0x3eba42b8])), (Op::Randn(16), Expect::F32(&[0xbe4e5529, 0x3d62cd28, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4388, 0xbf36f3eb, 0x3b850133, 0x3f97b1c1, 0xbfc9e40d, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8adc, 0xbf4be93b, 0x3f05c52f])), (Op::Randn(2), Expect::F32(&[0xbfbc393a, 0x3f2312c8])), (Op::Rand(2), Expect::F32(&[0x3dd48120, 0x3ecf4cd4])), (Op::Randn(1), Expect::F32(&[0xbf3f313e])), (Op::Randn(1), Expect::F32(&[0xbfa614d6])), (Op::Randn(20), Expect::F32(&[0xbfdb1150, 0x3fa49aaa, 0xbf9b4952, 0x3ea4a653, 0xbed6eabe, 0x3f9e0965, 0x3ed41246, 0xbf3c124e, 0xbf9cdbc8, 0x400c02e3, 0x3de076cd, 0x3f8e4780, 0xbeb1f693, 0xbf3204e6, 0x3e2800ce, 0x3f5cc7c9, 0x403bcda7, 0xbf49e79a, 0xbdd58cb9, 0xbfce5708])), (Op::Randn(3), Expect::F32(&[0xbf95993e, 0x3ef38823, 0xbf6a7d73])), (Op::Randint(4, 0, 100), Expect::I64(&[14, 0, 59, 58])), (Op::Randn(1), Expect::F32(&[0x3f8ff158])), (Op::Seed(67280421310721), Expect::Nothing), (Op::Randn(1), Expect::F32(&[0x3f7a2deb])), (Op::Randn(1), Expect::F32(&[0x3f9413ef]))] },
    Case { cat: "interleave", name: "mixed ops", seed: 67280421310721, steps: &[(Op::Rand(700), Expect::Summary { len: 700, fnv: 0x847147cb1c4b3df8, first: 0x3e88daec, last: 0x3ed09902 }), (Op::Randn(3), Expect::F32(&[0xbfecd0bc, 0xbe6fd7e9, 0x3e9c5294])), (Op::Randperm(7), Expect::I64(&[4, 0, 5, 2, 1, 6, 3])), (Op::Randn(3), Expect::F32(&[0x3f5ee8b7, 0x3e937fc4, 0xbf8761d0])), (Op::Bernoulli(5, 0.5), Expect::F32(&[0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000])), (Op::Rand(2), Expect::F32(&[0x3f4e413d, 0x3c535300]))] },
    Case { cat: "linear", name: "Linear(3,2)", seed: 67280421310721, steps: &[(Op::Linear(3, 2, true), Expect::F32(&[0xbe89939c, 0x3edc3dc1, 0xbe42c1b7, 0xbde559c7, 0x3ea9bf40, 0xbd4883ff, 0xbefd12e9, 0x3f0b5ddb]))] },
    Case { cat: "linear", name: "Linear(8,8)", seed: 67280421310721, steps: &[(Op::Linear(8, 8, true), Expect::F32(&[0xbe287f0a, 0x3e86dea2, 0xbdee86fa, 0xbd8c72b3, 0x3e4fe598, 0xbcf59499, 0xbe9af9b8, 0x3eaab045, 0x3e1b6dba, 0xbd521dec, 0xbe9668ac, 0xbbdd97fe, 0xbe71aa1c, 0xbe7aad8b, 0xbdc540b4, 0x3c27d0cd, 0x3e19a2d9, 0x3e891d15, 0x3e7867fd, 0x3eb0a328, 0x3d2c5a0c, 0xbd398895, 0xbe86d0b7, 0xbe219c82, 0x3e391033, 0xbd00be61, 0xbe8fc01b, 0x3e48a1f6, 0x3ea5db4c, 0x3dc17e4f, 0xbe35ea1b, 0x3e818983, 0x3e8c18dc, 0xbea3b7be, 0xbe82aeee, 0xbe8f7419, 0xbd89be7d, 0xbd0ac539, 0xbe864cc6, 0xbc9d9d75, 0xbe339efd, 0x3e81332b, 0x3d821307, 0x3d491cee, 0x3d42864e, 0xbd6d2eba, 0xbe8c41f1, 0x3e41c65b, 0xbeb357e8, 0xbd6f8e7c, 0xbea55961, 0xbd27c238, 0xbe51f573, 0xbdb42039, 0xbe270e4b, 0x3e0bf087, 0x3e8f3abd, 0xbe4e1791, 0x3d5b9c29, 0xbe3384d3, 0xbe405f72, 0xbe830e54, 0x3dc17200, 0xbe92d0d4, 0xbc98c465, 0x3eb2b6a7, 0x3e9cc8f4, 0xbeb0e679, 0x3e7f9365, 0x3d9f6777, 0x3e9776b9, 0xbe9f49d6]))] },
    Case { cat: "linear", name: "Linear(5,3,bias=False)", seed: 67280421310721, steps: &[(Op::Linear(5, 3, false), Expect::F32(&[0xbe5521fd, 0x3eaa991e, 0xbe16db9e, 0xbdb1a77f, 0x3e837c4b, 0xbd1b5198, 0xbec407b9, 0x3ed7e7e5, 0x3e449a77, 0xbd84e3bc, 0xbebe40fc, 0xbc0c25ef, 0xbe98d790, 0xbe9e8ae9, 0xbdf981d7]))] },
    Case { cat: "linear", name: "Linear(1,4)", seed: 67280421310721, steps: &[(Op::Linear(1, 4, true), Expect::F32(&[0xbeee4a28, 0x3f3ebc08, 0xbea8aa0c, 0xbe469fa0, 0x3f13015a, 0xbdada6d0, 0xbf5b2b1c, 0x3f7163dc]))] },
    Case { cat: "linear", name: "Linear(512,2048)", seed: 67280421310721, steps: &[(Op::Linear(512, 2048, true), Expect::Summary { len: 1050624, fnv: 0x3d790bdb62028886, first: 0xbca87f0a, last: 0x3d253d2a })] },
    Case { cat: "linear", name: "two Linears", seed: 67280421310721, steps: &[(Op::Linear(4, 3, true), Expect::F32(&[0xbe6e4a28, 0x3ebebc08, 0xbe28aa0c, 0xbdc69fa0, 0x3e93015a, 0xbd2da6d0, 0xbedb2b1c, 0x3ef163dc, 0x3e5bcf2c, 0xbd949338, 0xbed4b5d4, 0xbc1cb0c0, 0xbeaae1f2, 0xbeb1418c, 0xbe0b7a90])), (Op::Linear(3, 1, true), Expect::F32(&[0x3c890559, 0x3e7ae301, 0x3edfe7d4, 0x3ecad2a4]))] },
    Case { cat: "embedding", name: "Embedding(10,8)", seed: 67280421310721, steps: &[(Op::Embedding(10, 8), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a73, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3de, 0xc029fc5e, 0xbf44f21e, 0x3f64bb22, 0x3eea6c55, 0x3d79da38, 0x3fc2affa, 0x3f68fe58, 0x3e956481, 0xbe783922, 0x3d62cd28, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4388, 0xbf36f3eb, 0x3b850133, 0x3f012a23, 0xbfc9e40d, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8adc, 0xbf4be93b, 0x3f05c52f, 0xbf209a9b, 0xbccf8ca4, 0x3e475eea, 0xbeecb618, 0xbed934fe, 0xbf6defe7, 0xbf7474e2, 0x3ecc8f77, 0x3dfff8ed, 0x4005a0e3, 0xbe7ae44e, 0xbe95d90d, 0xbe4a8c53, 0xbed5a740, 0x3f0a32fc, 0x3eaee8fc, 0xbf8ff26a, 0x3d9c5b8d, 0x3e65b8cb, 0xbe8759a7, 0xbc667488, 0x3d8a538d, 0x3f20c33d, 0xbf07746c, 0x3fa31f03, 0xbd709fb3, 0x3f81e4ac, 0xbe0bb2f4, 0x3f8a44aa, 0x3f2eeff0, 0x3f3d71bc, 0xbf16e895, 0x3f5c24ef, 0xbf3c124e, 0xbf9cdbc8, 0x400c02e3, 0x3de076cd, 0x3f8e4780, 0xbfae09f9, 0x40000c8f, 0xbde5a135, 0x3f5cc7c9, 0x403bcda7, 0xbf49e79a, 0xbdd58cb9, 0xbfce5708, 0x3e3f3660, 0xbf808105, 0x3eaac1f0]))] },
    Case { cat: "embedding", name: "Embedding(3,4)", seed: 67280421310721, steps: &[(Op::Embedding(3, 4), Expect::F32(&[0x3f7a2deb, 0x3f9413ef, 0xbec2e509, 0x3fa051fa, 0xbe9d1a00, 0xbfbc393a, 0xbf875cb6, 0x3ff65ec8, 0xbf091aad, 0xbfc80af0, 0xbe50769c, 0x3cfcc5c0]))] },
    Case { cat: "embedding", name: "Embedding(100,32)", seed: 67280421310721, steps: &[(Op::Embedding(100, 32), Expect::Summary { len: 3200, fnv: 0x51aab8d9bb5ab4c7, first: 0xbe31df0d, last: 0x3ee6b4e2 })] },
    Case { cat: "randint", name: "randint(0,10,(20,))", seed: 67280421310721, steps: &[(Op::Randint(20, 0, 10), Expect::I64(&[0, 4, 7, 0, 9, 9, 4, 4, 9, 9, 6, 7, 7, 6, 2, 1, 8, 7, 6, 4]))] },
    Case { cat: "randint", name: "randint(-5,5,(10,))", seed: 67280421310721, steps: &[(Op::Randint(10, -5, 5), Expect::I64(&[-5, -1, 2, -5, 4, 4, -1, -1, 4, 4]))] },
    Case { cat: "randint", name: "randint(3,4,(3,))", seed: 67280421310721, steps: &[(Op::Randint(3, 3, 4), Expect::I64(&[3, 3, 3]))] },
    Case { cat: "randint", name: "randint(-2**40,2**40,(6,))", seed: 67280421310721, steps: &[(Op::Randint(6, -1099511627776, 1099511627776), Expect::I64(&[507961630212, 540166007820, -353991580269, -609181191698, 872439180697, 98691812669]))] },
    Case { cat: "randint", name: "randint(0,2**32,(4,))", seed: 67280421310721, steps: &[(Op::Randint(4, 0, 4294967296), Expect::I64(&[1155489284, 3295095820, 2490705299, 704164334]))] },
    Case { cat: "randint", name: "random_() int64", seed: 67280421310721, steps: &[(Op::RandomI64(8), Expect::I64(&[883951781600517636, 8022553047373130764, 2866964120806434195, 2743372161585033710, 2645569884891475353, 2023705125683301693, 6641277864331665210, 6799627694616327503]))] },
    Case { cat: "randperm", name: "randperm(0)", seed: 67280421310721, steps: &[(Op::Randperm(0), Expect::I64(&[]))] },
    Case { cat: "randperm", name: "randperm(1)", seed: 67280421310721, steps: &[(Op::Randperm(1), Expect::I64(&[0]))] },
    Case { cat: "randperm", name: "randperm(2)", seed: 67280421310721, steps: &[(Op::Randperm(2), Expect::I64(&[0, 1]))] },
    Case { cat: "randperm", name: "randperm(10)", seed: 67280421310721, steps: &[(Op::Randperm(10), Expect::I64(&[0, 3, 7, 5, 2, 9, 8, 1, 4, 6]))] },
    Case { cat: "randperm", name: "randperm(100)", seed: 67280421310721, steps: &[(Op::Randperm(100), Expect::I64(&[10, 93, 65, 3, 49, 54, 88, 5, 31, 86, 66, 50, 67, 95, 90, 9, 7, 62, 52, 12, 18, 60, 89, 34, 96, 43, 97, 79, 38, 21, 35, 82, 41, 19, 59, 47, 78, 68, 83, 99, 51, 39, 17, 85, 75, 33, 24, 98, 61, 91, 16, 94, 71, 80, 55, 6, 22, 64, 25, 81, 14, 45, 36, 77, 27, 57, 73, 74, 11, 0, 28, 4, 20, 58, 76, 69, 63, 87, 44, 13, 15, 32, 30, 29, 53, 2, 40, 1, 8, 70, 26, 56, 42, 92, 72, 48, 37, 84, 23, 46]))] },
    Case { cat: "bernoulli", name: "bernoulli_(0.3) x64", seed: 67280421310721, steps: &[(Op::Bernoulli(64, 0.3), Expect::F32(&[0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x3f800000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000]))] },
    Case { cat: "bernoulli", name: "bernoulli_(0) x5", seed: 67280421310721, steps: &[(Op::Bernoulli(5, 0.0), Expect::F32(&[0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3dad28b0, 0x3efb1a7a]))] },
    Case { cat: "bernoulli", name: "bernoulli_(1) x5", seed: 67280421310721, steps: &[(Op::Bernoulli(5, 1.0), Expect::F32(&[0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000])), (Op::Rand(2), Expect::F32(&[0x3dad28b0, 0x3efb1a7a]))] },
    Case { cat: "dropout", name: "dropout(p=0.1) x64", seed: 67280421310721, steps: &[(Op::Dropout(64, 0.1), Expect::F32(&[0xc1527d29, 0xc14be940, 0xc1455556, 0xc13ec16d, 0xc1382d84, 0xc131999a, 0xc12b05b1, 0x80000000, 0xc11dddde, 0xc11749f5, 0xc110b60c, 0xc10a2223, 0xc1038e39, 0xc0f9f4a1, 0xc0eccccd, 0x80000000, 0xc0d27d29, 0xc0c55556, 0xc0b82d84, 0xc0ab05b1, 0xc09dddde, 0xc090b60c, 0xc0838e39, 0x80000000, 0xc0527d29, 0xc0382d84, 0xc01dddde, 0xc0038e39, 0xbfd27d29, 0xbf9dddde, 0xbf527d29, 0xbed27d29, 0x00000000, 0x3ed27d29, 0x3f527d29, 0x3f9dddde, 0x3fd27d29, 0x40038e39, 0x401dddde, 0x40382d84, 0x00000000, 0x406ccccd, 0x40838e39, 0x4090b60c, 0x409dddde, 0x40ab05b1, 0x40b82d84, 0x40c55556, 0x40d27d29, 0x40dfa4fb, 0x40eccccd, 0x40f9f4a1, 0x41038e39, 0x410a2223, 0x4110b60c, 0x411749f5, 0x411dddde, 0x412471c8, 0x412b05b1, 0x4131999a, 0x00000000, 0x413ec16d, 0x41455556, 0x414be940]))] },
    Case { cat: "dropout", name: "dropout(p=0.5) x20", seed: 67280421310721, steps: &[(Op::Dropout(20, 0.5), Expect::F32(&[0xc0eccccd, 0x80000000, 0xc0bd70a4, 0x80000000, 0x80000000, 0x80000000, 0xc03d70a4, 0x80000000, 0x80000000, 0x80000000, 0x00000000, 0x3f3d70a4, 0x3fbd70a4, 0x00000000, 0x00000000, 0x00000000, 0x408e147b, 0x40a5c290, 0x40bd70a4, 0x40d51eb8]))] },
    Case { cat: "dropout", name: "dropout(p=0.9) x33", seed: 67280421310721, steps: &[(Op::Dropout(33, 0.9), Expect::F32(&[0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0x80000000, 0xc1940000, 0xc16ccccd, 0x80000000, 0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000, 0x4131999a, 0x416ccccd, 0x00000000, 0x00000000, 0x00000000, 0x41eccccd, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x425e0000, 0x00000000]))] },
    Case { cat: "dropout", name: "dropout(p=0) x5", seed: 67280421310721, steps: &[(Op::Dropout(5, 0.0), Expect::F32(&[0xbf3d70a4, 0xbebd70a4, 0x00000000, 0x3ebd70a4, 0x3f3d70a4])), (Op::Rand(2), Expect::F32(&[0x3e88daec, 0x3f5f5e04]))] },
    Case { cat: "dropout", name: "dropout(p=1) x5", seed: 67280421310721, steps: &[(Op::Dropout(5, 1.0), Expect::F32(&[0x80000000, 0x80000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3e88daec, 0x3f5f5e04]))] },
    Case { cat: "generator", name: "torch.Generator()", seed: 67280421310721, steps: &[(Op::Rand(5), Expect::F32(&[0x3e88daec, 0x3f5f5e04, 0x3eabaafa, 0x3ece5818, 0x3f4980ad])), (Op::Randn(20), Expect::F32(&[0x3f20ee37, 0xbe81b3de, 0xc029fc5e, 0xbebeddd1, 0x3f86d4ab, 0x3e993c6f, 0x3fb049d2, 0xc00546e0, 0xbfad3ac6, 0x3f0563fd, 0xbff920a3, 0xbccf8ca4, 0x3ea6fdc2, 0x3eb6f5da, 0x3f868f56, 0x3fb56fae, 0x3ed72372, 0x3f0c599f, 0x3eac0bc7, 0x4005a0e3])), (Op::Randn(3), Expect::F32(&[0x3f47b5e2, 0xbf80d4d3, 0xbe9e6f09]))] },
    Case { cat: "generator", name: "seed 2**32+5", seed: 4294967301, steps: &[(Op::Rand(4), Expect::F32(&[0x3f548b63, 0x3e012338, 0x3f684fef, 0x3f51e6bd]))] },
];
    // END GENERATED AVX2

    // BEGIN GENERATED BASELINE
    // Generated by gen/gen.py with torch 2.15.0+cu132, CPU capability DEFAULT. Do not edit by hand.
    const BASELINE_TORCH_VERSION: &str = "2.15.0+cu132";
    const BASELINE_TORCH_GENERATOR_DEFAULT_SEED: u64 = 67280421310721;
    #[rustfmt::skip]
const BASELINE_CASES: &[Case] = &[
    Case { cat: "rand", name: "rand(5)", seed: 0, steps: &[(Op::Rand(5), Expect::F32(&[0x3efe1558, 0x3f44aa2f, 0x3db533a8, 0x3e073300, 0x3e9d6686]))] },
    Case { cat: "rand", name: "rand(3,4)", seed: 0, steps: &[(Op::Rand(12), Expect::F32(&[0x3efe1558, 0x3f44aa2f, 0x3db533a8, 0x3e073300, 0x3e9d6686, 0x3f2252fb, 0x3efaed86, 0x3f657d67, 0x3ee94812, 0x3f21ded3, 0x3eb2a22a, 0x3ecdade4]))] },
    Case { cat: "rand", name: "rand(1000)", seed: 0, steps: &[(Op::Rand(1000), Expect::Summary { len: 1000, fnv: 0xfd45d9e8345f8403, first: 0x3efe1558, last: 0x3ecec730 })] },
    Case { cat: "rand", name: "uniform_(-0.3,0.7) x50", seed: 0, steps: &[(Op::Uniform(50, -0.3, 0.7), Expect::F32(&[0x3e48f77c, 0x3eefbac4, 0xbe589960, 0xbe2c0034, 0x3bf33b00, 0x3eab0c5c, 0x3e42a7d8, 0x3f18b09a, 0x3e1f5cf0, 0x3eaa240c, 0x3d484480, 0x3dd05128, 0xbe8e2b52, 0xbe0649d8, 0xbbc84380, 0x3e5fc42c, 0x3ecb9b16, 0x3f0000bf, 0xbe0e4e4c, 0xbc914180, 0x3ec36232, 0x3f1d7d5a, 0x3dc6dc50, 0x3f12fbe1, 0x3df48c58, 0x3e817d08, 0x3f2719d8, 0xbe871568, 0xbdeb0c00, 0x3d965bd8, 0x3ba71e00, 0x3f21cac7, 0xbdfe22d0, 0xbcf71fa0, 0xbe18e768, 0xbe895c10, 0xbdbc2678, 0x3f213a82, 0x3ed8a1c4, 0x3ee279e6, 0x3e67ba14, 0xbd66c6a0, 0x3e91b616, 0xbe88a038, 0xbe252768, 0xbd6c9b00, 0x3f03f5c6, 0x3efc7f8c, 0xbcb227e0, 0x3e3a5368]))] },
    Case { cat: "rand", name: "uniform_(2.5,2.5000002) x20", seed: 0, steps: &[(Op::Uniform(20, 2.5, 2.5000002), Expect::F32(&[0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000]))] },
    Case { cat: "rand", name: "uniform_(1,1.0000005) x300", seed: 0, steps: &[(Op::Uniform(300, 1.0, 1.0000005), Expect::Summary { len: 300, fnv: 0x88803dfdcb1fac33, first: 0x3f800002, last: 0x3f800001 })] },
    Case { cat: "rand", name: "uniform_(-2,-2) x3", seed: 0, steps: &[(Op::Uniform(3, -2.0, -2.0), Expect::F32(&[0xc0000000, 0xc0000000, 0xc0000000]))] },
    Case { cat: "rand", name: "uniform_(-0.577,0.577) x200", seed: 0, steps: &[(Op::Uniform(200, -0.5773502691896258, 0.5773502691896258), Expect::Summary { len: 200, fnv: 0x8333931ec9566bdd, first: 0xbb8da400, last: 0xbc4e6040 })] },
    Case { cat: "randn", name: "randn(1)", seed: 0, steps: &[(Op::Randn(1), Expect::F32(&[0x3fc53f5c]))] },
    Case { cat: "randn", name: "randn(2)", seed: 0, steps: &[(Op::Randn(2), Expect::F32(&[0x3fc53f5c, 0xbe963c50]))] },
    Case { cat: "randn", name: "randn(5)", seed: 0, steps: &[(Op::Randn(5), Expect::F32(&[0x3fc53f5c, 0xbe963c50, 0xc00b7149, 0x3f1184b6, 0xbf8ad1a1]))] },
    Case { cat: "randn", name: "randn(15)", seed: 0, steps: &[(Op::Randn(15), Expect::F32(&[0x3fc53f5c, 0xbe963c50, 0xc00b7149, 0x3f1184b6, 0xbf8ad1a1, 0xbfb3052d, 0x3ece837a, 0x3f5688e5, 0xbf382144, 0xbece830b, 0xbf18bd18, 0x3e3a67c6, 0xbf5b4f07, 0x3f8ce099, 0xbf891cab]))] },
    Case { cat: "randn", name: "randn(16)", seed: 0, steps: &[(Op::Randn(16), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255e, 0x3f594515, 0x3f312784, 0xbea1cc6d, 0xc0075fc2, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3ba, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d365a]))] },
    Case { cat: "randn", name: "randn(17)", seed: 0, steps: &[(Op::Randn(17), Expect::F32(&[0xbf901b85, 0xbfd91447, 0x3f111002, 0x3f4b235e, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6c7, 0x3fed2f4e, 0x3eefaa55, 0xbf15e324, 0xbe318efd, 0x3e3be1a3, 0x3fb1d6c0, 0x3fcb0d01, 0x3f72409c, 0xbf57fb34, 0x3f6e8c31]))] },
    Case { cat: "randn", name: "randn(31)", seed: 0, steps: &[(Op::Randn(31), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255e, 0x3f594515, 0x3f312784, 0xbea1cc6d, 0xc0075fc2, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3ba, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbde4936f, 0xbf1d13c8, 0x3d016764, 0xbefc402a, 0x3e7e6070, 0x3ee11fd1, 0x3de637d6, 0x3f240af8, 0xc0143a08, 0xbdd187b9, 0x3f4add9c, 0xbe944f4e, 0x3d571217, 0x3f05da2e, 0x40135755, 0xbfbc04b7]))] },
    Case { cat: "randn", name: "randn(32)", seed: 0, steps: &[(Op::Randn(32), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255e, 0x3f594515, 0x3f312784, 0xbea1cc6d, 0xc0075fc2, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3ba, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d365a, 0xbfad23c2, 0xbfd91447, 0x3f111002, 0x3f4b235e, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6c7, 0x3fed2f4e, 0x3f400c6a, 0xbf15e324, 0xbe318efd, 0x3e3be1a3, 0x3fb1d6c0, 0x3fcb0d01, 0x3f72409c, 0xbf57fb34]))] },
    Case { cat: "randn", name: "randn(33)", seed: 0, steps: &[(Op::Randn(33), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255e, 0x3f594515, 0x3f312784, 0xbea1cc6d, 0xc0075fc2, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3ba, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d365a, 0xbfad23c2, 0x3d016764, 0xbefc402a, 0x3e7e6070, 0x3ee11fd1, 0x3de637d6, 0x3f240af8, 0x3ee1df3c, 0xbe5d0b3a, 0x3f4add9c, 0xbe944f4e, 0x3d571217, 0x3f05da2e, 0x40135755, 0xbfbc04b7, 0xbfcb189e, 0x3f9a033d]))] },
    Case { cat: "randn", name: "randn(100)", seed: 0, steps: &[(Op::Randn(100), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255e, 0x3f594515, 0x3f312784, 0xbea1cc6d, 0xc0075fc2, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3ba, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d365a, 0xbfad23c2, 0xbfd91447, 0x3f111002, 0x3f4b235e, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6c7, 0x3fed2f4e, 0x3f400c6a, 0xbf15e324, 0xbe318efd, 0x3e3be1a3, 0x3fb1d6c0, 0x3fcb0d01, 0x3f72409c, 0xbf57fb34, 0xbf1d13c8, 0x3d016764, 0xbefc402a, 0x3e7e6070, 0x3ee11fd1, 0x3de637d6, 0x3f240af8, 0x3ee1df3c, 0xbdd187b9, 0x3f4add9c, 0xbe944f4e, 0x3d571217, 0x3f05da2e, 0x40135755, 0xbfbc04b7, 0xbfcb189e, 0xbf2c4f9f, 0x3f5f71de, 0x3f8715f5, 0x3e361cc5, 0xbe6bdd10, 0xbec89408, 0x3f0b155c, 0xbeca5216, 0xbee47695, 0x3f3e7824, 0x3fc2af75, 0x405a45ad, 0xbfc3fdd9, 0xbf9df823, 0x3fe8ecc2, 0xbf0d30fc, 0xbf11ba3d, 0x3f6b833d, 0x3f8e2f39, 0x3fa51a96, 0xbfbd34d1, 0x40244d8b, 0xbef23cc2, 0x3eabcd4e, 0xbfd08dc1, 0xbf0cbc00, 0xbef5acd6, 0xbeffd657, 0xbf8892cd, 0x3f8eb657, 0xbe100c2c, 0x3f4e45df, 0xbdbf2d5b, 0x3f2fe286, 0xbf569bd6, 0x3a69c925, 0xc02740ad, 0xbfd92615, 0xbe69b830, 0x3e8f5643, 0x3d960206, 0x3f8e8138, 0x3e908556, 0x3ede52d3, 0x3ee9f424, 0xbf5d88f4, 0x3f4803cc, 0xbf6d4212, 0x3e535ecc, 0xbeaab9ae, 0xbedb8f9b, 0x3e6e8221]))] },
    Case { cat: "randn", name: "randn(21)", seed: 0, steps: &[(Op::Randn(21), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255e, 0x3f594515, 0xbfc70d5b, 0xbeaec6c7, 0x3fed2f4e, 0x3eefaa55, 0xbe217f5f, 0x3fb8c9db, 0x3e8837a1, 0x3e2a7344, 0x3fcb0d01, 0x3f72409c, 0xbf57fb34, 0x3f6e8c31, 0x3fa12737, 0x4000519a, 0x3d5c1b39, 0x3f1e38f6]))] },
    Case { cat: "randn", name: "randn(1000)", seed: 0, steps: &[(Op::Randn(1000), Expect::Summary { len: 1000, fnv: 0xab34c687185e4d07, first: 0xbf901b85, last: 0xbf160f61 })] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x7", seed: 0, steps: &[(Op::Normal(7, 0.3, 2.7), Expect::F32(&[0x408ebdf8, 0xbefc093f, 0xc0b2a5bc, 0x3fead990, 0xc0283499, 0xc05e7a2f, 0x3fb1cbf3]))] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x40", seed: 0, steps: &[(Op::Normal(40, 0.3, 2.7), Expect::F32(&[0xc02f585a, 0xc033ed87, 0xbec0ccc2, 0xbf5f18d9, 0x4025db6e, 0x400ac779, 0xbf0da0c6, 0xc0ad27ac, 0x3f95c739, 0xc0471ab0, 0x3f9f5aac, 0x3f90e41e, 0x3f1fa26c, 0x4069113a, 0x40542dda, 0xbebc3c93, 0xc05689e0, 0xc088edb0, 0x3fea3c03, 0x401c5179, 0x3ff55be2, 0xc079853b, 0xbf1f25f3, 0x40a9b322, 0xbe90cf28, 0xbfda3983, 0x3fe8e057, 0x3f802092, 0xbe2dc472, 0xbfc42cbc, 0x403554dc, 0x3fcf5a7d, 0x40631df9, 0x3f073b03, 0xc03c2f22, 0x3e92fbe9, 0xbf8ca58b, 0xbf07319f, 0xc07dfee9, 0x409d0dd2]))] },
    Case { cat: "randn", name: "normal_(-1.5,0.02) x300", seed: 0, steps: &[(Op::Normal(300, -1.5, 0.02), Expect::Summary { len: 300, fnv: 0x517c8d9144577561, first: 0xbfc2e1d5, last: 0xbfc381de })] },
    Case { cat: "interleave", name: "randn/rand interleaved", seed: 0, steps: &[(Op::Randn(5), Expect::F32(&[0x3fc53f5c, 0xbe963c50, 0xc00b7149, 0x3f1184b6, 0xbf8ad1a1])), (Op::Rand(3), Expect::F32(&[0x3cb6e480, 0x3e2ce95c, 0x3e96788c])), (Op::Randn(16), Expect::F32(&[0x3f59b24f, 0xbfad23c2, 0xbfd91447, 0x3f111002, 0x3f4b235e, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6c7, 0xbf5c04a7, 0x3f400c6a, 0xbf15e324, 0xbe318efd, 0x3e3be1a3, 0x3fb1d6c0, 0x3fcb0d01, 0x3f72409c])), (Op::Randn(2), Expect::F32(&[0xbfb3052d, 0xbf10c52c])), (Op::Rand(2), Expect::F32(&[0x3d01ec50, 0x3e551ff8])), (Op::Randn(1), Expect::F32(&[0x3e24499a])), (Op::Randn(1), Expect::F32(&[0xc00c0a7d])), (Op::Randn(20), Expect::F32(&[0xbf3e17a3, 0x3f100e79, 0x3e84ede2, 0xbe3222d5, 0x3fc55e60, 0x3f01e0ab, 0xbf174df1, 0xbf11ba3d, 0x3f6b833d, 0x3f8e2f39, 0x3fa51a96, 0xbfbd34d1, 0xbe467d3e, 0x3ee41a2d, 0x3fa9a29b, 0xbfd08dc1, 0xbf0cbc00, 0xbef5acd6, 0xbeffd657, 0xbf8892cd])), (Op::Randn(3), Expect::F32(&[0x3f645aff, 0xbf94cae1, 0xbe23145b])), (Op::Randint(4, 0, 100), Expect::I64(&[19, 44, 33, 69])), (Op::Randn(1), Expect::F32(&[0xbe8f71bd])), (Op::Seed(0), Expect::Nothing), (Op::Randn(1), Expect::F32(&[0x3fc53f5c])), (Op::Randn(1), Expect::F32(&[0xbe963c50]))] },
    Case { cat: "interleave", name: "mixed ops", seed: 0, steps: &[(Op::Rand(700), Expect::Summary { len: 700, fnv: 0x4a4d8a01f2e26b76, first: 0x3efe1558, last: 0x3f1299c6 }), (Op::Randn(3), Expect::F32(&[0x3f3a30c2, 0x3f40fdb1, 0xbf96002b])), (Op::Randperm(7), Expect::I64(&[2, 4, 0, 1, 3, 5, 6])), (Op::Randn(3), Expect::F32(&[0x3e894cfb, 0x3f0e3b3d, 0xbebd92ed])), (Op::Bernoulli(5, 0.5), Expect::F32(&[0x00000000, 0x3f800000, 0x3f800000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3f4d7757, 0x3e768b88]))] },
    Case { cat: "linear", name: "Linear(3,2)", seed: 0, steps: &[(Op::Linear(3, 2, true), Expect::F32(&[0xbb8da400, 0x3e9e9314, 0xbef34b7e, 0xbed98bc8, 0xbe63b4b2, 0x3e1e8954, 0xbc3b6b40, 0x3eea617c]))] },
    Case { cat: "linear", name: "Linear(8,8)", seed: 0, steps: &[(Op::Linear(8, 8, true), Expect::F32(&[0xbb2d7900, 0x3e42369e, 0xbe94fcb1, 0xbe85381d, 0xbe0b70d6, 0x3dc22aac, 0xbbe58a40, 0x3e8f8741, 0xbd0083e0, 0x3dbf9998, 0xbddad35c, 0xbd8e541c, 0xbeacefc2, 0xbe6fc590, 0xbe153d9f, 0x3c569440, 0x3e0f206a, 0x3e593b42, 0xbe7570de, 0xbe1da786, 0x3e037fa6, 0x3e9650f7, 0xbd9503e8, 0x3e87757b, 0xbd696b20, 0x3d193c38, 0x3ea3e8a1, 0xbea7ed20, 0xbe63eac5, 0xbdb74fac, 0xbe0d1f66, 0x3e9c669d, 0xbe6aaa86, 0xbe26a886, 0xbe7cef53, 0xbea98920, 0xbe53562d, 0x3e9b9a97, 0x3e218c5e, 0x3e2f785e, 0x3c985250, 0xbe399c7b, 0x3d750170, 0xbea9044d, 0xbe82cc68, 0xbe3aa44c, 0x3e646c86, 0x3e54455e, 0xbe208ff6, 0xbc510300, 0x3e678bb2, 0x3eb3f513, 0x3e0fafcc, 0x3d43a2a8, 0x3e72bdf2, 0xbe552b52, 0x3d86ed70, 0xbe8c5865, 0xbe7aec8a, 0xbe3b05f2, 0x3e23d00e, 0x3e1198fe, 0xbe56745b, 0x3ddabfb8, 0x3e46bfc6, 0xbd36c840, 0x3c5d2bc0, 0x3da7c5ac, 0x3e6099ae, 0x3eadd04f, 0xbe8b7f6e, 0xbe04ad1c]))] },
    Case { cat: "linear", name: "Linear(5,3,bias=False)", seed: 0, steps: &[(Op::Linear(5, 3, false), Expect::F32(&[0xbb5b6d80, 0x3e75a9a0, 0xbebc7496, 0xbea882ac, 0xbe306154, 0x3df59a80, 0xbc112ca0, 0x3eb58cf2, 0xbd228f68, 0x3df25b60, 0xbe0a65c2, 0xbdb40870, 0xbedabfd6, 0xbe97a51c, 0xbe3cc6b6]))] },
    Case { cat: "linear", name: "Linear(1,4)", seed: 0, steps: &[(Op::Linear(1, 4, true), Expect::F32(&[0xbbf55400, 0x3f09545e, 0xbf52b316, 0xbf3c6680, 0xbec532f4, 0x3e894bec, 0xbca24f40, 0x3f4aface]))] },
    Case { cat: "linear", name: "Linear(512,2048)", seed: 0, steps: &[(Op::Linear(512, 2048, true), Expect::Summary { len: 1050624, fnv: 0x95cdc2ef1f781434, first: 0xb9ad7900, last: 0xbce651e6 })] },
    Case { cat: "linear", name: "two Linears", seed: 0, steps: &[(Op::Linear(4, 3, true), Expect::F32(&[0xbb755400, 0x3e89545e, 0xbed2b316, 0xbebc6680, 0xbe4532f4, 0x3e094bec, 0xbc224f40, 0x3ecaface, 0xbd35bf70, 0x3e077b4c, 0xbe1abbac, 0xbdc94870, 0xbef491b8, 0xbea98b52, 0xbe530ee8])), (Op::Linear(3, 1, true), Expect::F32(&[0x3caf3400, 0x3e69b98c, 0x3eb15e66, 0xbec866d2]))] },
    Case { cat: "embedding", name: "Embedding(10,8)", seed: 0, steps: &[(Op::Embedding(10, 8), Expect::F32(&[0xbf901b85, 0xbf93808a, 0xbe804bd6, 0xbede255e, 0x3f594515, 0x3f312784, 0xbea1cc6d, 0xc0075fc2, 0x3ea50138, 0xbfa1b4f4, 0x3eb330ff, 0x3e9dc3ba, 0x3df56f77, 0x3f9e6b93, 0x3f8ef28e, 0xbe7d365a, 0xbfad23c2, 0xbfd91447, 0x3f111002, 0x3f4b235e, 0x3f194d8b, 0xbfc70d5b, 0xbeaec6c7, 0x3fed2f4e, 0x3f400c6a, 0xbf15e324, 0xbe318efd, 0x3e3be1a3, 0x3fb1d6c0, 0x3fcb0d01, 0x3f72409c, 0xbf57fb34, 0xbf1d13c8, 0x3d016764, 0xbefc402a, 0x3e7e6070, 0x3ee11fd1, 0x3de637d6, 0x3f240af8, 0x3ee1df3c, 0xbdd187b9, 0x3f4add9c, 0xbe944f4e, 0x3d571217, 0x3f05da2e, 0x40135755, 0xbfbc04b7, 0xbfcb189e, 0xbf2c4f9f, 0x3f5f71de, 0x3f8715f5, 0x3e361cc5, 0xbe6bdd10, 0xbec89408, 0x3f0b155c, 0xbeca5216, 0xbee47695, 0x3f3e7824, 0x3fc2af75, 0x405a45ad, 0xbfc3fdd9, 0xbf9df823, 0x3fe8ecc2, 0xbf0d30fc, 0xbf11ba3d, 0x3f6b833d, 0x3f8e2f39, 0x3fa51a96, 0xbfbd34d1, 0x40244d8b, 0xbef23cc2, 0x3eabcd4e, 0xbfd08dc1, 0xbf0cbc00, 0xbef5acd6, 0xbeffd657, 0xbf8892cd, 0x3f8eb657, 0xbe100c2c, 0x3f4e45df]))] },
    Case { cat: "embedding", name: "Embedding(3,4)", seed: 0, steps: &[(Op::Embedding(3, 4), Expect::F32(&[0x3fc53f5c, 0xbe963c50, 0xc00b7149, 0x3f1184b6, 0xbf8ad1a1, 0xbfb3052d, 0x3ece837a, 0x3f5688e5, 0xbf382144, 0xbece830b, 0xbf18bd18, 0x3e3a67c6]))] },
    Case { cat: "embedding", name: "Embedding(100,32)", seed: 0, steps: &[(Op::Embedding(100, 32), Expect::Summary { len: 3200, fnv: 0xa1f943c9d2021fbf, first: 0xbf901b85, last: 0x3e1fe69b })] },
    Case { cat: "rand", name: "rand(5)", seed: 42, steps: &[(Op::Rand(5), Expect::F32(&[0x3f61dc66, 0x3f6a3db3, 0x3ec406b8, 0x3f75950e, 0x3ec7e8d4]))] },
    Case { cat: "rand", name: "rand(3,4)", seed: 42, steps: &[(Op::Rand(12), Expect::F32(&[0x3f61dc66, 0x3f6a3db3, 0x3ec406b8, 0x3f75950e, 0x3ec7e8d4, 0x3f19d447, 0x3e835d78, 0x3f4b2c14, 0x3f70d666, 0x3e0861e4, 0x3f6f41d2, 0x3f17f4d6]))] },
    Case { cat: "rand", name: "rand(1000)", seed: 42, steps: &[(Op::Rand(1000), Expect::Summary { len: 1000, fnv: 0x9a09202fcef2a2b8, first: 0x3f61dc66, last: 0x3cf2f340 })] },
    Case { cat: "rand", name: "uniform_(-0.3,0.7) x50", seed: 42, steps: &[(Op::Uniform(50, -0.3, 0.7), Expect::F32(&[0x3f150f99, 0x3f1d70e6, 0x3da9b478, 0x3f28c841, 0x3db93ce8, 0x3e9a0ef4, 0xbd31e110, 0x3efcbe8e, 0x3f240999, 0xbe2ad150, 0x3f227505, 0x3e965012, 0x3f11c47d, 0x3e8911fa, 0x3ee1d714, 0x3e04829c, 0x3f15df96, 0x3e8c3d34, 0xbd08e360, 0x3ea7a76a, 0xbcf8c700, 0x3e10c19c, 0xbb49cc00, 0x3f081c8a, 0xbe475b88, 0xbcf9e600, 0x3d70e580, 0xbdce1a60, 0x3e7d1fc8, 0xbe967224, 0x3f26cc47, 0xbe6620b4, 0x3f1604fe, 0x3e9100d8, 0x3d1a3480, 0x3f024c2f, 0x3e8e4c3c, 0x3f1a9e8b, 0x3e8262c6, 0x3d2d50d0, 0x3eab2eda, 0x3d83e988, 0x3ed223b8, 0x3f257b32, 0x3efa621c, 0xbc984240, 0x3efa2e04, 0x3e943482, 0x3ee867e0, 0xbdd68880]))] },
    Case { cat: "rand", name: "uniform_(2.5,2.5000002) x20", seed: 42, steps: &[(Op::Uniform(20, 2.5, 2.5000002), Expect::F32(&[0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000]))] },
    Case { cat: "rand", name: "uniform_(1,1.0000005) x300", seed: 42, steps: &[(Op::Uniform(300, 1.0, 1.0000005), Expect::Summary { len: 300, fnv: 0x8fa373bafc3f38d1, first: 0x3f800000, last: 0x3f800001 })] },
    Case { cat: "rand", name: "uniform_(-2,-2) x3", seed: 42, steps: &[(Op::Uniform(3, -2.0, -2.0), Expect::F32(&[0xc0000000, 0xc0000000, 0xc0000000]))] },
    Case { cat: "rand", name: "uniform_(-0.577,0.577) x200", seed: 42, steps: &[(Op::Uniform(200, -0.5773502691896258, 0.5773502691896258), Expect::Summary { len: 200, fnv: 0xa80400c10123262f, first: 0x3ee20008, last: 0x3e25ad0c })] },
    Case { cat: "randn", name: "randn(1)", seed: 42, steps: &[(Op::Randn(1), Expect::F32(&[0x3eac62ae]))] },
    Case { cat: "randn", name: "randn(2)", seed: 42, steps: &[(Op::Randn(2), Expect::F32(&[0x3eac62ae, 0x3e03e69d]))] },
    Case { cat: "randn", name: "randn(5)", seed: 42, steps: &[(Op::Randn(5), Expect::F32(&[0x3eac62ae, 0x3e03e69d, 0x3e7016e7, 0x3e6bdc6c, 0xbf8fb9c2]))] },
    Case { cat: "randn", name: "randn(15)", seed: 42, steps: &[(Op::Randn(15), Expect::F32(&[0x3eac62ae, 0x3e03e69d, 0x3e7016e7, 0x3e6bdc6c, 0xbf8fb9c2, 0xbe3eccd8, 0x400d532c, 0xbf2353c6, 0x3eec5e56, 0x3e88e237, 0x3f08ef83, 0x3f4f3209, 0x3f8e1dfe, 0xbfd84b55, 0xbf7d2c7a]))] },
    Case { cat: "randn", name: "randn(16)", seed: 42, steps: &[(Op::Randn(16), Expect::F32(&[0x3ff6a527, 0x3fbe5f54, 0x3f669567, 0xc006c0dd, 0x3f2dacd5, 0xbf9e0592, 0xbd306787, 0xbfcd65ba, 0xbf408bff, 0x3fd3095a, 0xbec8f2f6, 0xbfb3a962, 0xbf3a566d, 0xbf0f36cc, 0xbf44d2a1, 0x3f432f9f]))] },
    Case { cat: "randn", name: "randn(17)", seed: 42, steps: &[(Op::Randn(17), Expect::F32(&[0x3ff6a527, 0xbe236d7b, 0xbefeaae2, 0x3ee111d7, 0xbf4214e2, 0x3f8a0650, 0x3f4d0143, 0x3fd71e93, 0x3eb63341, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0, 0xbe9e9487]))] },
    Case { cat: "randn", name: "randn(31)", seed: 42, steps: &[(Op::Randn(31), Expect::F32(&[0x3ff6a527, 0x3fbe5f54, 0x3f669567, 0xc006c0dd, 0x3f2dacd5, 0xbf9e0592, 0xbd306787, 0xbfcd65ba, 0xbf408bff, 0x3fd3095a, 0xbec8f2f6, 0xbfb3a962, 0xbf3a566d, 0xbf0f36cc, 0xbf44d2a1, 0xbe5e020f, 0xbfb13d01, 0xbf5f0955, 0xbe64ba0a, 0x3fdbd27d, 0x3ea34434, 0xbed95a8d, 0x3e9c8760, 0x3ea96b85, 0xbfc75e87, 0x3f7ee202, 0xbf6139a5, 0xbf19e481, 0xbfa31765, 0x4007dbb6, 0xbf9e091f]))] },
    Case { cat: "randn", name: "randn(32)", seed: 42, steps: &[(Op::Randn(32), Expect::F32(&[0x3ff6a527, 0x3fbe5f54, 0x3f669567, 0xc006c0dd, 0x3f2dacd5, 0xbf9e0592, 0xbd306787, 0xbfcd65ba, 0xbf408bff, 0x3fd3095a, 0xbec8f2f6, 0xbfb3a962, 0xbf3a566d, 0xbf0f36cc, 0xbf44d2a1, 0x3f432f9f, 0x3fd23771, 0xbe236d7b, 0xbefeaae2, 0x3ee111d7, 0xbf4214e2, 0x3f8a0650, 0x3f4d0143, 0x3fd71e93, 0x3fa3ba59, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0]))] },
    Case { cat: "randn", name: "randn(33)", seed: 42, steps: &[(Op::Randn(33), Expect::F32(&[0x3ff6a527, 0x3fbe5f54, 0x3f669567, 0xc006c0dd, 0x3f2dacd5, 0xbf9e0592, 0xbd306787, 0xbfcd65ba, 0xbf408bff, 0x3fd3095a, 0xbec8f2f6, 0xbfb3a962, 0xbf3a566d, 0xbf0f36cc, 0xbf44d2a1, 0x3f432f9f, 0x3fd23771, 0xbf5f0955, 0xbe64ba0a, 0x3fdbd27d, 0x3ea34434, 0xbed95a8d, 0x3e9c8760, 0xbf464bb2, 0x3d0eff89, 0x3f7ee202, 0xbf6139a5, 0xbf19e481, 0xbfa31765, 0x4007dbb6, 0xbf9e091f, 0xbef9cfd9, 0xbfb582fd]))] },
    Case { cat: "randn", name: "randn(100)", seed: 42, steps: &[(Op::Randn(100), Expect::F32(&[0x3ff6a527, 0x3fbe5f54, 0x3f669567, 0xc006c0dd, 0x3f2dacd5, 0xbf9e0592, 0xbd306787, 0xbfcd65ba, 0xbf408bff, 0x3fd3095a, 0xbec8f2f6, 0xbfb3a962, 0xbf3a566d, 0xbf0f36cc, 0xbf44d2a1, 0x3f432f9f, 0x3fd23771, 0xbe236d7b, 0xbefeaae2, 0x3ee111d7, 0xbf4214e2, 0x3f8a0650, 0x3f4d0143, 0x3fd71e93, 0x3fa3ba59, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0, 0xbfb13d01, 0xbf5f0955, 0xbe64ba0a, 0x3fdbd27d, 0x3ea34434, 0xbed95a8d, 0x3e9c8760, 0xbf464bb2, 0xbfc75e87, 0x3f7ee202, 0xbf6139a5, 0xbf19e481, 0xbfa31765, 0x4007dbb6, 0xbf9e091f, 0xbef9cfd9, 0xbf69f04e, 0xbf287baf, 0x3d9fcafb, 0x3f069b67, 0xbef9da0d, 0x3f987ec9, 0xbf5062ce, 0xbf3c6a07, 0xbfb39da0, 0x3d1378bf, 0xbd82005f, 0x3f2cf519, 0xbdc84efb, 0x3fec1ba8, 0xbf979eec, 0x3fb11825, 0x3fb8fa24, 0x3f5b3ddb, 0x400df4f4, 0x3f05ee2e, 0x3eb17bac, 0xbe4a1141, 0xbf86fccd, 0x3fa39558, 0xbe3052ca, 0x3f061700, 0x3d67ec47, 0x3eda437e, 0x3f133388, 0xbf244809, 0xc00d35a0, 0xbf4034ab, 0x3c32104d, 0xbead6fac, 0xbfab9b66, 0xbf15dad8, 0x3f24088a, 0x3f154fb4, 0x3f88910e, 0xbee67a83, 0xbf2dc2c1, 0x3f130661, 0x3e40414d, 0xbeb71a5b, 0x3e87a238, 0x3fa2f72e, 0xbaabd149, 0xbe9b71f0, 0xbf7c873e, 0x3dfc8440, 0x3eb321de, 0x3f1e061c]))] },
    Case { cat: "randn", name: "randn(21)", seed: 42, steps: &[(Op::Randn(21), Expect::F32(&[0x3ff6a527, 0x3fbe5f54, 0x3f669567, 0xc006c0dd, 0x3f2dacd5, 0x3f8a0650, 0x3f4d0143, 0x3fd71e93, 0x3eb63341, 0xbf2fc686, 0xbefc9934, 0x3e774894, 0xbf8e321b, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0, 0xbe9e9487, 0xbeca9a91, 0x3f4dac3c, 0xbf1f20e0, 0xbf178d55]))] },
    Case { cat: "randn", name: "randn(1000)", seed: 42, steps: &[(Op::Randn(1000), Expect::Summary { len: 1000, fnv: 0x0c9f48d585c1f246, first: 0x3ff6a527, last: 0xbf5a7bfd })] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x7", seed: 42, steps: &[(Op::Normal(7, 0.3, 2.7), Expect::F32(&[0x3f9ac29c, 0x3f25d543, 0x3f6edc42, 0x3f6c0196, 0xc02ed45f, 0xbe4ff5e2, 0x40c8637b]))] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x40", seed: 42, steps: &[(Op::Normal(40, 0.3, 2.7), Expect::F32(&[0x40b015e1, 0x408a19f2, 0x402ed80c, 0xc0ac512b, 0x40086e43, 0xc042211f, 0x3e3c2086, 0xc0810b11, 0xbfdd89cc, 0x40980cb7, 0xbf427b33, 0xc05f57de, 0xbfd527e0, 0xbf9af060, 0xbfe34f8d, 0x4016f358, 0x40977f06, 0xbe060dff, 0xbf858025, 0x3fbe5271, 0xbfdf9c31, 0x404d8886, 0x401d940d, 0x409ace3d, 0x3ec9dca5, 0x3f955f8c, 0x40918f1e, 0xbffdcb28, 0x4075f77d, 0x4009f0ef, 0xc029026f, 0xbf28c62b, 0xc061d73c, 0x402e133d, 0x3ede96d6, 0x40cd71c6, 0x405eec36, 0xbf5f7ec1, 0xc05c5d2d, 0xc04b0edc]))] },
    Case { cat: "randn", name: "normal_(-1.5,0.02) x300", seed: 42, steps: &[(Op::Normal(300, -1.5, 0.02), Expect::Summary { len: 300, fnv: 0xa01cb54199a6c7a7, first: 0xbfbb112d, last: 0xbfc2aa14 })] },
    Case { cat: "interleave", name: "randn/rand interleaved", seed: 42, steps: &[(Op::Randn(5), Expect::F32(&[0x3eac62ae, 0x3e03e69d, 0x3e7016e7, 0x3e6bdc6c, 0xbf8fb9c2])), (Op::Rand(3), Expect::F32(&[0x3f5e914a, 0x3f1155ca, 0x3f3db857])), (Op::Randn(16), Expect::F32(&[0x3f052751, 0x3fd23771, 0xbe236d7b, 0xbefeaae2, 0x3ee111d7, 0xbf4214e2, 0x3f8a0650, 0x3f4d0143, 0xbf6c3e83, 0x3fa3ba59, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a])), (Op::Randn(2), Expect::F32(&[0xbe3eccd8, 0xbf97ca0c])), (Op::Rand(2), Expect::F32(&[0x3f4f18fc, 0x3f13f2eb])), (Op::Randn(1), Expect::F32(&[0xbf62d2bf])), (Op::Randn(1), Expect::F32(&[0x3e3ed0da])), (Op::Randn(20), Expect::F32(&[0x3ea467a0, 0x3fc96bbb, 0xbf58708f, 0x3fa7f9b2, 0x3e339ee6, 0x3fb14cf1, 0xbee446b7, 0x3fb8fa24, 0x3f5b3ddb, 0x400df4f4, 0x3f05ee2e, 0x3eb17bac, 0x3f0fa917, 0xbee7ce99, 0xbf45933c, 0xbe3052ca, 0x3f061700, 0x3d67ec47, 0x3eda437e, 0x3f133388])), (Op::Randn(3), Expect::F32(&[0x3fd04a10, 0xbf24e4be, 0xbf1b28bc])), (Op::Randint(4, 0, 100), Expect::I64(&[91, 36, 3, 82])), (Op::Randn(1), Expect::F32(&[0x40003de5])), (Op::Seed(42), Expect::Nothing), (Op::Randn(1), Expect::F32(&[0x3eac62ae])), (Op::Randn(1), Expect::F32(&[0x3e03e69d]))] },
    Case { cat: "interleave", name: "mixed ops", seed: 42, steps: &[(Op::Rand(700), Expect::Summary { len: 700, fnv: 0xd10cdc3735b04ba1, first: 0x3f61dc66, last: 0x3f75ae92 }), (Op::Randn(3), Expect::F32(&[0xbec63de8, 0x3e502348, 0x3fc3bd79])), (Op::Randperm(7), Expect::I64(&[3, 6, 4, 2, 1, 0, 5])), (Op::Randn(3), Expect::F32(&[0x3d3317b4, 0xbf280d6b, 0xbf95426e])), (Op::Bernoulli(5, 0.5), Expect::F32(&[0x00000000, 0x00000000, 0x3f800000, 0x00000000, 0x3f800000])), (Op::Rand(2), Expect::F32(&[0x3c759900, 0x3e76542c]))] },
    Case { cat: "linear", name: "Linear(3,2)", seed: 42, steps: &[(Op::Linear(3, 2, true), Expect::F32(&[0x3ee20008, 0x3ef55a64, 0xbe0a80e2, 0x3f07c5b4, 0xbe018916, 0x3dee9998, 0xbe8fea7d, 0x3ead9a4c]))] },
    Case { cat: "linear", name: "Linear(8,8)", seed: 42, steps: &[(Op::Linear(8, 8, true), Expect::F32(&[0x3e8a6571, 0x3e963f5b, 0xbda9a1a4, 0x3ea64951, 0xbd9ea5e0, 0x3d921cb0, 0xbe3042a6, 0x3e549e7a, 0x3e9f9389, 0xbe84cd06, 0x3e9d5761, 0x3d878490, 0x3e85bd1b, 0x3d441fd8, 0x3e2e921a, 0xbd4c7768, 0x3e8b8b95, 0x3d560cd8, 0xbe29039c, 0x3db890ec, 0xbe26cdf2, 0xbd29d448, 0xbe130b86, 0x3e702a7a, 0xbe8ee42a, 0xbe26e750, 0xbdcc760c, 0xbe59af13, 0x3d08ae70, 0xbeb2c9fd, 0x3ea37aef, 0xbe99c52a, 0x3e8bc07b, 0x3d710028, 0xbdeb1c76, 0x3e5fb8c6, 0x3d61b230, 0x3e9241cb, 0x3d1e4fd0, 0xbde45ac6, 0x3dc28c38, 0xbdc45ad8, 0x3e185de2, 0x3ea19e39, 0x3e5147aa, 0xbe1e45fb, 0x3e50fdfe, 0x3d818e70, 0x3e37db1e, 0xbe5caa16, 0xbeb3314c, 0xbe0be0a1, 0xbe8ad891, 0x3e94888d, 0x3dd08e94, 0x3e15f618, 0x3de4ff60, 0xbbc98940, 0x3e8daacf, 0xbe809de0, 0x3cb65cc0, 0xbe771b1e, 0x3ddf454c, 0xbdf95c02, 0x3dddde7c, 0xbd96daf8, 0x3e9622cf, 0xbe5694bd, 0xbe57eb4c, 0xbe57eea3, 0x3ea2d109, 0x3df14cb0]))] },
    Case { cat: "linear", name: "Linear(5,3,bias=False)", seed: 42, steps: &[(Op::Linear(5, 3, false), Expect::F32(&[0x3eaf0f18, 0x3ebe0cba, 0xbdd69190, 0x3ed25668, 0xbdc8acf0, 0x3db8d198, 0xbe5ef423, 0x3e8678da, 0x3ec9d990, 0xbea7fb36, 0x3ec705d4, 0x3dab6b00, 0x3ea92ae4, 0x3d781470, 0x3e5cd104]))] },
    Case { cat: "linear", name: "Linear(1,4)", seed: 42, steps: &[(Op::Linear(1, 4, true), Expect::F32(&[0x3f43b8cc, 0x3f547b66, 0xbe6fe520, 0x3f6b2a1c, 0xbe605cb0, 0x3e4ea238, 0xbef94510, 0x3f165828]))] },
    Case { cat: "linear", name: "Linear(512,2048)", seed: 42, steps: &[(Op::Linear(512, 2048, true), Expect::Summary { len: 1050624, fnv: 0xc9ffc3952267abc5, first: 0x3d0a6571, last: 0x3c72eac0 })] },
    Case { cat: "linear", name: "two Linears", seed: 42, steps: &[(Op::Linear(4, 3, true), Expect::F32(&[0x3ec3b8cc, 0x3ed47b66, 0xbdefe520, 0x3eeb2a1c, 0xbde05cb0, 0x3dcea238, 0xbe794510, 0x3e965828, 0x3ee1accc, 0xbebbcf0e, 0x3ede83a4, 0x3dbfa6b0, 0x3ebd2294, 0x3d8aae50, 0x3e76e15c])), (Op::Linear(3, 1, true), Expect::F32(&[0xbda6f234, 0x3ee3e05c, 0x3daec570, 0xbe89ffdb]))] },
    Case { cat: "embedding", name: "Embedding(10,8)", seed: 42, steps: &[(Op::Embedding(10, 8), Expect::F32(&[0x3ff6a527, 0x3fbe5f54, 0x3f669567, 0xc006c0dd, 0x3f2dacd5, 0xbf9e0592, 0xbd306787, 0xbfcd65ba, 0xbf408bff, 0x3fd3095a, 0xbec8f2f6, 0xbfb3a962, 0xbf3a566d, 0xbf0f36cc, 0xbf44d2a1, 0x3f432f9f, 0x3fd23771, 0xbe236d7b, 0xbefeaae2, 0x3ee111d7, 0xbf4214e2, 0x3f8a0650, 0x3f4d0143, 0x3fd71e93, 0x3fa3ba59, 0x3fa5f12f, 0x3f1c4788, 0x3faad8b0, 0xbe6d2eed, 0x3d2b0c00, 0xbe80ce7a, 0x3f5c1fb0, 0xbfb13d01, 0xbf5f0955, 0xbe64ba0a, 0x3fdbd27d, 0x3ea34434, 0xbed95a8d, 0x3e9c8760, 0xbf464bb2, 0xbfc75e87, 0x3f7ee202, 0xbf6139a5, 0xbf19e481, 0xbfa31765, 0x4007dbb6, 0xbf9e091f, 0xbef9cfd9, 0xbf69f04e, 0xbf287baf, 0x3d9fcafb, 0x3f069b67, 0xbef9da0d, 0x3f987ec9, 0xbf5062ce, 0xbf3c6a07, 0xbfb39da0, 0x3d1378bf, 0xbd82005f, 0x3f2cf519, 0xbdc84efb, 0x3fec1ba8, 0xbf979eec, 0x3fb11825, 0x3fb8fa24, 0x3f5b3ddb, 0x400df4f4, 0x3f05ee2e, 0x3eb17bac, 0xbe4a1141, 0xbf86fccd, 0x3fa39558, 0xbe3052ca, 0x3f061700, 0x3d67ec47, 0x3eda437e, 0x3f133388, 0xbf244809, 0xc00d35a0, 0xbf4034ab]))] },
    Case { cat: "embedding", name: "Embedding(3,4)", seed: 42, steps: &[(Op::Embedding(3, 4), Expect::F32(&[0x3eac62ae, 0x3e03e69d, 0x3e7016e7, 0x3e6bdc6c, 0xbf8fb9c2, 0xbe3eccd8, 0x400d532c, 0xbf2353c6, 0x3eec5e56, 0x3e88e237, 0x3f08ef83, 0x3f4f3209]))] },
    Case { cat: "embedding", name: "Embedding(100,32)", seed: 42, steps: &[(Op::Embedding(100, 32), Expect::Summary { len: 3200, fnv: 0x7d0202806750c4fd, first: 0x3ff6a527, last: 0xbe0fbf04 })] },
    Case { cat: "rand", name: "rand(5)", seed: 1234, steps: &[(Op::Rand(5), Expect::F32(&[0x3ced65e0, 0x3ecdc5a6, 0x3e850a4c, 0x3ebbb86a, 0x3d6eccc0]))] },
    Case { cat: "rand", name: "rand(3,4)", seed: 1234, steps: &[(Op::Rand(12), Expect::F32(&[0x3ced65e0, 0x3ecdc5a6, 0x3e850a4c, 0x3ebbb86a, 0x3d6eccc0, 0x3f335d74, 0x3d542980, 0x3eefaff2, 0x3f2c7e8f, 0x3ea9b562, 0x3f48a117, 0x3f1024e9]))] },
    Case { cat: "rand", name: "rand(1000)", seed: 1234, steps: &[(Op::Rand(1000), Expect::Summary { len: 1000, fnv: 0xc0d5a4fa3ee4bff3, first: 0x3ced65e0, last: 0x3db132d0 })] },
    Case { cat: "rand", name: "uniform_(-0.3,0.7) x50", seed: 1234, steps: &[(Op::Uniform(50, -0.3, 0.7), Expect::F32(&[0xbe8ac33c, 0x3dd0b030, 0xbd247a70, 0x3d887b40, 0xbe778004, 0x3ecd214e, 0xbe7e28d4, 0x3e2c2cb0, 0x3ebf6384, 0x3d00de40, 0x3ef7a894, 0x3e86b038, 0x3ef31f9a, 0x3f055351, 0xbca9c440, 0x3ec36fa2, 0xbc85bc20, 0x3eb6a55e, 0xbd7adb30, 0x3edcd152, 0x3e9a39da, 0x3b8dd580, 0xbd3955d0, 0x3ea8a21e, 0x3f2aa078, 0x3ee14106, 0x3e1b5bf0, 0x3e33f2c8, 0x3ef7e852, 0xbe170b3c, 0x3ebb81c4, 0x3d0c9650, 0x3efa8446, 0x3cb145c0, 0x3e661dfc, 0x3ebcd8b0, 0x3f0b2a55, 0x3e018b64, 0x3f27f92d, 0xbe646028, 0x3de2f0d0, 0xbe98e084, 0x3e7736cc, 0x3eaf0c38, 0xbb1d8200, 0x3ed0b906, 0x3df399b0, 0xbe701f2c, 0x3f157846, 0x3f021ebf]))] },
    Case { cat: "rand", name: "uniform_(2.5,2.5000002) x20", seed: 1234, steps: &[(Op::Uniform(20, 2.5, 2.5000002), Expect::F32(&[0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000]))] },
    Case { cat: "rand", name: "uniform_(1,1.0000005) x300", seed: 1234, steps: &[(Op::Uniform(300, 1.0, 1.0000005), Expect::Summary { len: 300, fnv: 0x983b3c99aad4ee24, first: 0x3f800000, last: 0x3f800000 })] },
    Case { cat: "rand", name: "uniform_(-2,-2) x3", seed: 1234, steps: &[(Op::Uniform(3, -2.0, -2.0), Expect::F32(&[0xc0000000, 0xc0000000, 0xc0000000]))] },
    Case { cat: "rand", name: "uniform_(-0.577,0.577) x200", seed: 1234, steps: &[(Op::Uniform(200, -0.5773502691896258, 0.5773502691896258), Expect::Summary { len: 200, fnv: 0x12adbb5b04125026, first: 0xbf0b3c3d, last: 0x3ee7c2fc })] },
    Case { cat: "randn", name: "randn(1)", seed: 1234, steps: &[(Op::Randn(1), Expect::F32(&[0x3d3cf34c]))] },
    Case { cat: "randn", name: "randn(2)", seed: 1234, steps: &[(Op::Randn(2), Expect::F32(&[0x3d3cf34c, 0x3ece07be]))] },
    Case { cat: "randn", name: "randn(5)", seed: 1234, steps: &[(Op::Randn(5), Expect::F32(&[0x3d3cf34c, 0x3ece07be, 0xbf8179c9, 0x3e5df0a1, 0xbf1cbdee]))] },
    Case { cat: "randn", name: "randn(15)", seed: 1234, steps: &[(Op::Randn(15), Expect::F32(&[0x3d3cf34c, 0x3ece07be, 0xbf8179c9, 0x3e5df0a1, 0xbf1cbdee, 0x3f00eca2, 0x3e6c8290, 0x3f316d84, 0xbe88a1f3, 0x400b6bfc, 0x3dd12d5c, 0xbe849ceb, 0xbe1e9e36, 0xbfaf6f75, 0xbe071626]))] },
    Case { cat: "randn", name: "randn(16)", seed: 1234, steps: &[(Op::Randn(16), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64b, 0x3d5cc673, 0x3f2b1a8b, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc3b, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a]))] },
    Case { cat: "randn", name: "randn(17)", seed: 1234, steps: &[(Op::Randn(17), Expect::F32(&[0xbde4ccb4, 0xbdbd0140, 0xbf34759d, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542c0, 0xbf3647e2, 0x3f230cb4, 0xbfbacee3, 0x3e61f47f, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde3, 0x3f9b9ded, 0xc021bfdc]))] },
    Case { cat: "randn", name: "randn(31)", seed: 1234, steps: &[(Op::Randn(31), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64b, 0x3d5cc673, 0x3f2b1a8b, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc3b, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0x3f4c76a6, 0xbfbf5816, 0x3f6186ab, 0xbf96ddec, 0xbf6f1a4e, 0xbf114aa9, 0xbe8df0ca, 0xc00bbcc9, 0x3ed6cc4a, 0x3f702295, 0x3c0010b6, 0xbea0b252, 0xbf940ee3, 0x3feba139, 0xbf823b39, 0x3f9c1018]))] },
    Case { cat: "randn", name: "randn(32)", seed: 1234, steps: &[(Op::Randn(32), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64b, 0x3d5cc673, 0x3f2b1a8b, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc3b, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a, 0x3f4c804b, 0xbdbd0140, 0xbf34759d, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542c0, 0xbf3647e2, 0xbe2eb54e, 0xbfbacee3, 0x3e61f47f, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde3, 0x3f9b9ded]))] },
    Case { cat: "randn", name: "randn(33)", seed: 1234, steps: &[(Op::Randn(33), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64b, 0x3d5cc673, 0x3f2b1a8b, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc3b, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a, 0x3f4c804b, 0x3f6186ab, 0xbf96ddec, 0xbf6f1a4e, 0xbf114aa9, 0xbe8df0ca, 0xc00bbcc9, 0x3ebbd0aa, 0x3f44466a, 0x3c0010b6, 0xbea0b252, 0xbf940ee3, 0x3feba139, 0xbf823b39, 0x3f9c1018, 0x3e23f845, 0xbf2f8a37]))] },
    Case { cat: "randn", name: "randn(100)", seed: 1234, steps: &[(Op::Randn(100), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64b, 0x3d5cc673, 0x3f2b1a8b, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc3b, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a, 0x3f4c804b, 0xbdbd0140, 0xbf34759d, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542c0, 0xbf3647e2, 0xbe2eb54e, 0xbfbacee3, 0x3e61f47f, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde3, 0x3f9b9ded, 0xbfbf5816, 0x3f6186ab, 0xbf96ddec, 0xbf6f1a4e, 0xbf114aa9, 0xbe8df0ca, 0xc00bbcc9, 0x3ebbd0aa, 0x3f702295, 0x3c0010b6, 0xbea0b252, 0xbf940ee3, 0x3feba139, 0xbf823b39, 0x3f9c1018, 0x3e23f845, 0x3fcc9b92, 0xbd3ff0a3, 0xbfc3747a, 0xc000e98c, 0xbfc235c6, 0x3ec6861a, 0xbf97a958, 0x3f308e78, 0x3fa95e55, 0x3fe89164, 0x3f2e46a6, 0x3f39700d, 0x3d045839, 0xbfd46331, 0xbff04c53, 0x3f3cbc27, 0x3f6cfd74, 0x3f6cb8e2, 0x3e3aeaa0, 0xbd96eeda, 0x3ea11d88, 0xbf84b92a, 0x3e57151f, 0x3f1d4b1f, 0x3d809b1e, 0xbea8cb1d, 0xbfe6030f, 0x3f5f70fb, 0x3f4457cb, 0xbde9061f, 0xbf715c9c, 0x3f410798, 0x3e101b1f, 0xbf31957c, 0xbf1dab35, 0xbf3ac3bd, 0x3fa9046b, 0x3fccc2df, 0xbf8a24a1, 0xbeade154, 0xbfba166b, 0xc02b22ed, 0x3fcc9759, 0x3f4d58e8, 0x3f127a36, 0x3d85b61c, 0xbcc02d21, 0x3f633a20, 0x3fbc0506, 0x3fa1e1a3, 0xbe8cf0cf, 0xbe07b7ef]))] },
    Case { cat: "randn", name: "randn(21)", seed: 1234, steps: &[(Op::Randn(21), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64b, 0x3d5cc673, 0x3efad05a, 0xbec542c0, 0xbf3647e2, 0x3f230cb4, 0xbf36cdf5, 0xbf8aa3d2, 0xbf0e0268, 0x3f78c059, 0x3f326d51, 0xbf29bde3, 0x3f9b9ded, 0xc021bfdc, 0x3fbd2809, 0xbe2db1d1, 0xbf7dea5d, 0xbfba7bfa]))] },
    Case { cat: "randn", name: "randn(1000)", seed: 1234, steps: &[(Op::Randn(1000), Expect::Summary { len: 1000, fnv: 0x6255ecb4ffe87823, first: 0xbde4ccb4, last: 0x3fa47522 })] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x7", seed: 1234, steps: &[(Op::Normal(7, 0.3, 2.7), Expect::F32(&[0x3ed95eea, 0x3fb1786d, 0xc01b979c, 0x3f629c06, 0xbfad339b, 0x3fd472a8, 0x3f6c71bb]))] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x40", seed: 1234, steps: &[(Op::Normal(40, 0.3, 2.7), Expect::F32(&[0xbad6f947, 0xbf8538b7, 0x3f3d843d, 0xc00527d9, 0x3ee41c94, 0x4006b1eb, 0x3e0e4237, 0xbf7655a7, 0xbe8ff735, 0x402bf2d6, 0xbfdfb579, 0xbf322950, 0xbf1fdcca, 0xc05f0f8c, 0x3f953748, 0xc01d6082, 0x401d3d00, 0x3d502c75, 0xbfcd3861, 0xc080d816, 0x3f8a4fdf, 0x3fcfb30a, 0xbf3d8083, 0xbfcfadd8, 0x4017af88, 0x3eb3ea1e, 0x3eb8025f, 0x405a790f, 0xbf1dbf20, 0x3f388b8c, 0x402e23a5, 0xbf005790, 0xbfc69431, 0x3e29f6a7, 0xc0448a89, 0xbfffa831, 0xbfe35d14, 0xc07a778d, 0xbf9114a8, 0x3f634f2f]))] },
    Case { cat: "randn", name: "normal_(-1.5,0.02) x300", seed: 1234, steps: &[(Op::Normal(300, -1.5, 0.02), Expect::Summary { len: 300, fnv: 0x13c0a0ca0709edb7, first: 0xbfc04937, last: 0xbfc23818 })] },
    Case { cat: "interleave", name: "randn/rand interleaved", seed: 1234, steps: &[(Op::Randn(5), Expect::F32(&[0x3d3cf34c, 0x3ece07be, 0xbf8179c9, 0x3e5df0a1, 0xbf1cbdee])), (Op::Rand(3), Expect::F32(&[0x3f465c9a, 0x3f52201e, 0x3e8efd56])), (Op::Randn(16), Expect::F32(&[0xbf85263f, 0x3f4c804b, 0xbdbd0140, 0xbf34759d, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542c0, 0xbf8ca7c0, 0xbe2eb54e, 0xbfbacee3, 0x3e61f47f, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde3])), (Op::Randn(2), Expect::F32(&[0x3f00eca2, 0xbf186bf7])), (Op::Rand(2), Expect::F32(&[0x3f2b3925, 0x3f57f722])), (Op::Randn(1), Expect::F32(&[0xbf949cb5])), (Op::Randn(1), Expect::F32(&[0xbf96b54f])), (Op::Randn(20), Expect::F32(&[0x3c9bf016, 0x3cb433f5, 0x3f939c0b, 0xbeadbcfb, 0xbfc4dc38, 0xbf832e47, 0xbec19149, 0x3f6cfd74, 0x3f6cb8e2, 0x3e3aeaa0, 0xbd96eeda, 0x3ea11d88, 0x3f59b55a, 0x3f86d57b, 0x3ebd04f7, 0x3d809b1e, 0xbea8cb1d, 0xbfe6030f, 0x3f5f70fb, 0x3f4457cb])), (Op::Randn(3), Expect::F32(&[0x3f39d6a4, 0x3eacee84, 0x3ececd8c])), (Op::Randint(4, 0, 100), Expect::I64(&[24, 85, 52, 68])), (Op::Randn(1), Expect::F32(&[0xbe57db39])), (Op::Seed(1234), Expect::Nothing), (Op::Randn(1), Expect::F32(&[0x3d3cf34c])), (Op::Randn(1), Expect::F32(&[0x3ece07be]))] },
    Case { cat: "interleave", name: "mixed ops", seed: 1234, steps: &[(Op::Rand(700), Expect::Summary { len: 700, fnv: 0xf943d18fa063b31d, first: 0x3ced65e0, last: 0x3dbaf8f0 }), (Op::Randn(3), Expect::F32(&[0xbe5fd8a2, 0x3f599dd7, 0xbf9a69d7])), (Op::Randperm(7), Expect::I64(&[1, 4, 6, 3, 5, 2, 0])), (Op::Randn(3), Expect::F32(&[0xc006250d, 0xbf8a2974, 0xbf8e50ef])), (Op::Bernoulli(5, 0.5), Expect::F32(&[0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x00000000])), (Op::Rand(2), Expect::F32(&[0x3e7bf9a8, 0x3ed0260a]))] },
    Case { cat: "linear", name: "Linear(3,2)", seed: 1234, steps: &[(Op::Linear(3, 2, true), Expect::F32(&[0xbf0b3c3d, 0xbde7fe30, 0xbe8dfb52, 0xbe1daf60, 0xbf02915a, 0x3e6d3eb8, 0xbf047d7d, 0xbd16b0c0]))] },
    Case { cat: "linear", name: "Linear(8,8)", seed: 1234, steps: &[(Op::Linear(8, 8, true), Expect::F32(&[0xbeaa8719, 0xbd8e10e8, 0xbe2de432, 0xbdc11fbc, 0xbe9fe987, 0x3e114844, 0xbea24445, 0xbcb88eb0, 0x3dfbb2bc, 0xbdf411b4, 0x3e4d6d32, 0x3d36a688, 0x3e470356, 0x3e68492e, 0xbe1fd223, 0x3e0392a8, 0xbe1ca2d5, 0x3de2f848, 0xbe3d2936, 0x3e2777c6, 0x3d929608, 0xbe0dae6c, 0xbe319412, 0x3dbb5604, 0x3ea8e521, 0x3e2dbde6, 0xbd0bd700, 0xbc8c9500, 0x3e4dc75a, 0xbe7b9e9f, 0x3df0b7fc, 0xbdefed04, 0x3e5177fa, 0xbe01258a, 0x3c8f3720, 0x3df481e8, 0x3e78cdba, 0xbd54dac8, 0x3ea52477, 0xbe992694, 0xbd8128dc, 0xbeb48213, 0x3cefee20, 0x3dcd7a94, 0xbe128e42, 0x3e165cf2, 0xbd6ac248, 0xbe9d4db8, 0x3e8af979, 0x3e5f3842, 0x3e370cae, 0x3e90646b, 0x3e0520fe, 0x3e407e0a, 0x3e963743, 0xbd91e398, 0xbe8d2d90, 0xbe320c3f, 0xbd4150b0, 0xbd1f2200, 0xbb1d0a00, 0x3e4f7962, 0x3de84708, 0xbe85d81e, 0xbdd98448, 0xbdaa56c4, 0x3e5c5776, 0xbe03570f, 0xbe1778ad, 0xbd68d5c0, 0xbdb82f30, 0xbdb24790]))] },
    Case { cat: "linear", name: "Linear(5,3,bias=False)", seed: 1234, steps: &[(Op::Linear(5, 3, false), Expect::F32(&[0xbed7b3d1, 0xbdb3b370, 0xbe5bf507, 0xbdf448dc, 0xbeca4655, 0x3e37c4e8, 0xbecd40bf, 0xbce972d0, 0x3e1f3018, 0xbe1a5ce6, 0x3e81ec54, 0x3d670960, 0x3e7bbbd8, 0x3e92e916, 0xbe4a28bf]))] },
    Case { cat: "linear", name: "Linear(1,4)", seed: 1234, steps: &[(Op::Linear(1, 4, true), Expect::F32(&[0xbf7129a2, 0xbe48e968, 0xbef5eb68, 0xbe888f2c, 0xbf622668, 0x3ecd75d0, 0xbf657ad0, 0xbd828070]))] },
    Case { cat: "linear", name: "Linear(512,2048)", seed: 1234, steps: &[(Op::Linear(512, 2048, true), Expect::Summary { len: 1050624, fnv: 0x763962ae56a74646, first: 0xbd2a8719, last: 0xbc6cfc5e })] },
    Case { cat: "linear", name: "two Linears", seed: 1234, steps: &[(Op::Linear(4, 3, true), Expect::F32(&[0xbef129a2, 0xbdc8e968, 0xbe75eb68, 0xbe088f2c, 0xbee22668, 0x3e4d75d0, 0xbee57ad0, 0xbd028070, 0x3e31fa3c, 0xbe2c953c, 0x3e91422e, 0x3d812748, 0x3e8cb934, 0x3ea4403c, 0xbe620554])), (Op::Linear(3, 1, true), Expect::F32(&[0x3e56db8c, 0xbe7fc91e, 0x3e3951f4, 0xbe9a7305]))] },
    Case { cat: "embedding", name: "Embedding(10,8)", seed: 1234, steps: &[(Op::Embedding(10, 8), Expect::F32(&[0xbde4ccb4, 0xbefe410f, 0x3e26fccb, 0xbf61b64b, 0x3d5cc673, 0x3f2b1a8b, 0xbd745b89, 0xbeef5be4, 0xbe5c6b44, 0x3f624b4f, 0xbf42279c, 0xbebcdc3b, 0xbeaf4e37, 0xbfb373d0, 0x3ea42bf9, 0xbf82cc3a, 0x3f4c804b, 0xbdbd0140, 0xbf34759d, 0xbfcd1a34, 0x3e94048c, 0x3efad05a, 0xbec542c0, 0xbf3647e2, 0xbe2eb54e, 0xbfbacee3, 0x3e61f47f, 0x3e7c2981, 0xbfa99370, 0x3f326d51, 0xbf29bde3, 0x3f9b9ded, 0xbfbf5816, 0x3f6186ab, 0xbf96ddec, 0xbf6f1a4e, 0xbf114aa9, 0xbe8df0ca, 0xc00bbcc9, 0x3ebbd0aa, 0x3f702295, 0x3c0010b6, 0xbea0b252, 0xbf940ee3, 0x3feba139, 0xbf823b39, 0x3f9c1018, 0x3e23f845, 0x3fcc9b92, 0xbd3ff0a3, 0xbfc3747a, 0xc000e98c, 0xbfc235c6, 0x3ec6861a, 0xbf97a958, 0x3f308e78, 0x3fa95e55, 0x3fe89164, 0x3f2e46a6, 0x3f39700d, 0x3d045839, 0xbfd46331, 0xbff04c53, 0x3f3cbc27, 0x3f6cfd74, 0x3f6cb8e2, 0x3e3aeaa0, 0xbd96eeda, 0x3ea11d88, 0xbf84b92a, 0x3e57151f, 0x3f1d4b1f, 0x3d809b1e, 0xbea8cb1d, 0xbfe6030f, 0x3f5f70fb, 0x3f4457cb, 0xbde9061f, 0xbf715c9c, 0x3f410798]))] },
    Case { cat: "embedding", name: "Embedding(3,4)", seed: 1234, steps: &[(Op::Embedding(3, 4), Expect::F32(&[0x3d3cf34c, 0x3ece07be, 0xbf8179c9, 0x3e5df0a1, 0xbf1cbdee, 0x3f00eca2, 0x3e6c8290, 0x3f316d84, 0xbe88a1f3, 0x400b6bfc, 0x3dd12d5c, 0xbe849ceb]))] },
    Case { cat: "embedding", name: "Embedding(100,32)", seed: 1234, steps: &[(Op::Embedding(100, 32), Expect::Summary { len: 3200, fnv: 0x15b1d721ee7f83b3, first: 0xbde4ccb4, last: 0xbcbb86a5 })] },
    Case { cat: "rand", name: "rand(5)", seed: 67280421310721, steps: &[(Op::Rand(5), Expect::F32(&[0x3e88daec, 0x3f5f5e04, 0x3eabaafa, 0x3ece5818, 0x3f4980ad]))] },
    Case { cat: "rand", name: "rand(3,4)", seed: 67280421310721, steps: &[(Op::Rand(12), Expect::F32(&[0x3e88daec, 0x3f5f5e04, 0x3eabaafa, 0x3ece5818, 0x3f4980ad, 0x3eea4b26, 0x3d935390, 0x3f78b1ee, 0x3f36f3cb, 0x3edadb32, 0x3dad28b0, 0x3efb1a7a]))] },
    Case { cat: "rand", name: "rand(1000)", seed: 67280421310721, steps: &[(Op::Rand(1000), Expect::Summary { len: 1000, fnv: 0xd44c5075152fd147, first: 0x3e88daec, last: 0x3f777909 })] },
    Case { cat: "rand", name: "uniform_(-0.3,0.7) x50", seed: 67280421310721, steps: &[(Op::Uniform(50, -0.3, 0.7), Expect::F32(&[0xbd05f570, 0x3f129137, 0x3d108b00, 0x3dd2f9f8, 0x3ef967c0, 0x3e216318, 0xbe69896c, 0x3f2be521, 0x3ed44dfc, 0x3e028330, 0xbe5c9edc, 0x3e4301c0, 0xbe08f718, 0xbe15b64c, 0x3d82a478, 0x3e5ba208, 0x3ed30982, 0x3f14276a, 0x3f0b065d, 0x3f3019f9, 0x3e84de26, 0x3e0b3438, 0xbe3083e8, 0xbcbe0620, 0x3ee9426e, 0x3e1f4840, 0xbe49c9a0, 0x3ef444ca, 0x3f287a75, 0x3eaacf6c, 0xbd51dd20, 0x3f0ecbee, 0x3f16437c, 0xbe8121c2, 0xbe24d408, 0xbe48f2a4, 0x3dd6cce8, 0x3e1bbcbc, 0xbe2f0eb8, 0x3e30eff4, 0xbd44e3e0, 0x3f0e8ee0, 0x3e946362, 0x3e89f3bc, 0x3e88c994, 0x3df1e2f8, 0xbe3fe88c, 0x3eef6b64, 0xbe973ad8, 0x3df03538]))] },
    Case { cat: "rand", name: "uniform_(2.5,2.5000002) x20", seed: 67280421310721, steps: &[(Op::Uniform(20, 2.5, 2.5000002), Expect::F32(&[0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000, 0x40200000]))] },
    Case { cat: "rand", name: "uniform_(1,1.0000005) x300", seed: 67280421310721, steps: &[(Op::Uniform(300, 1.0, 1.0000005), Expect::Summary { len: 300, fnv: 0x85353ad3223f812d, first: 0x3f800001, last: 0x3f800003 })] },
    Case { cat: "rand", name: "uniform_(-2,-2) x3", seed: 67280421310721, steps: &[(Op::Uniform(3, -2.0, -2.0), Expect::F32(&[0xc0000000, 0xc0000000, 0xc0000000]))] },
    Case { cat: "rand", name: "uniform_(-0.577,0.577) x200", seed: 67280421310721, steps: &[(Op::Uniform(200, -0.5773502691896258, 0.5773502691896258), Expect::Summary { len: 200, fnv: 0x345311182f4b4c80, first: 0xbe89939c, last: 0xbefaaa92 })] },
    Case { cat: "randn", name: "randn(1)", seed: 67280421310721, steps: &[(Op::Randn(1), Expect::F32(&[0x3f7a2deb]))] },
    Case { cat: "randn", name: "randn(2)", seed: 67280421310721, steps: &[(Op::Randn(2), Expect::F32(&[0x3f7a2deb, 0x3f9413ef]))] },
    Case { cat: "randn", name: "randn(5)", seed: 67280421310721, steps: &[(Op::Randn(5), Expect::F32(&[0x3f7a2deb, 0x3f9413ef, 0xbec2e509, 0x3fa051fa, 0xbe9d1a00]))] },
    Case { cat: "randn", name: "randn(15)", seed: 67280421310721, steps: &[(Op::Randn(15), Expect::F32(&[0x3f7a2deb, 0x3f9413ef, 0xbec2e509, 0x3fa051fa, 0xbe9d1a00, 0xbfbc393a, 0xbf875cb6, 0x3ff65ec8, 0xbf091aad, 0xbfc80af0, 0xbe50769c, 0x3cfcc5c0, 0x3fe51437, 0x3f041bea, 0xbfc6166e]))] },
    Case { cat: "randn", name: "randn(16)", seed: 67280421310721, steps: &[(Op::Randn(16), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a74, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3dc, 0xc029fc5f, 0xbf44f21e, 0x3f64bb23, 0x3eea6c53, 0x3d79da37, 0x3fc2affa, 0x3f68fe58, 0x3e956483, 0xbe7838f9]))] },
    Case { cat: "randn", name: "randn(17)", seed: 67280421310721, steps: &[(Op::Randn(17), Expect::F32(&[0xbe31df0d, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4387, 0xbf36f3eb, 0x3b850133, 0x3f012a1e, 0x3fa2ea67, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8aef, 0xbf4be93c, 0x3f05c52f, 0xbf209a9f, 0xbf8c16c8]))] },
    Case { cat: "randn", name: "randn(31)", seed: 67280421310721, steps: &[(Op::Randn(31), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a74, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3dc, 0xc029fc5f, 0xbf44f21e, 0x3f64bb23, 0x3eea6c53, 0x3d79da37, 0x3fc2affa, 0x3f68fe58, 0x3e956483, 0xbff920a3, 0xbccf8ca4, 0x3e475eeb, 0xbeecb617, 0xbed934fe, 0xbf6defe7, 0xbf7474e4, 0x3ecc8f78, 0x3eac0bc7, 0x4005a0e3, 0xbe7ae44e, 0xbe95d90e, 0xbe4a8c53, 0xbed5a740, 0x3f0a32fc, 0x3eaee8fc]))] },
    Case { cat: "randn", name: "randn(32)", seed: 67280421310721, steps: &[(Op::Randn(32), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a74, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3dc, 0xc029fc5f, 0xbf44f21e, 0x3f64bb23, 0x3eea6c53, 0x3d79da37, 0x3fc2affa, 0x3f68fe58, 0x3e956483, 0xbe7838f9, 0x3d62cd28, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4387, 0xbf36f3eb, 0x3b850133, 0x3f012a1e, 0xbfc9e40d, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8aef, 0xbf4be93c, 0x3f05c52f, 0xbf209a9f]))] },
    Case { cat: "randn", name: "randn(33)", seed: 67280421310721, steps: &[(Op::Randn(33), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a74, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3dc, 0xc029fc5f, 0xbf44f21e, 0x3f64bb23, 0x3eea6c53, 0x3d79da37, 0x3fc2affa, 0x3f68fe58, 0x3e956483, 0xbe7838f9, 0x3d62cd28, 0x3e475eeb, 0xbeecb617, 0xbed934fe, 0xbf6defe7, 0xbf7474e4, 0x3ecc8f78, 0x3dfff8ed, 0x3f42f7ff, 0xbe7ae44e, 0xbe95d90e, 0xbe4a8c53, 0xbed5a740, 0x3f0a32fc, 0x3eaee8fc, 0xbf8ff26a, 0x3cb584f0]))] },
    Case { cat: "randn", name: "randn(100)", seed: 67280421310721, steps: &[(Op::Randn(100), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a74, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3dc, 0xc029fc5f, 0xbf44f21e, 0x3f64bb23, 0x3eea6c53, 0x3d79da37, 0x3fc2affa, 0x3f68fe58, 0x3e956483, 0xbe7838f9, 0x3d62cd28, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4387, 0xbf36f3eb, 0x3b850133, 0x3f012a1e, 0xbfc9e40d, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8aef, 0xbf4be93c, 0x3f05c52f, 0xbf209a9f, 0xbccf8ca4, 0x3e475eeb, 0xbeecb617, 0xbed934fe, 0xbf6defe7, 0xbf7474e4, 0x3ecc8f78, 0x3dfff8ed, 0x4005a0e3, 0xbe7ae44e, 0xbe95d90e, 0xbe4a8c53, 0xbed5a740, 0x3f0a32fc, 0x3eaee8fc, 0xbf8ff26a, 0x3d9c5b89, 0x3e65b8cb, 0xbe8759a8, 0xbc6673fe, 0x3d8a5398, 0x3f20c33e, 0xbf07746b, 0x3fa31f04, 0xbd709fbd, 0x3f81e4ac, 0xbe0bb2f0, 0x3f8a44aa, 0x3f2eeff0, 0x3f3d71bc, 0xbf16e895, 0x3f5c24ee, 0xbf3c124e, 0xbf9cdbc5, 0x400c02e3, 0x3de076cd, 0x3f8e477a, 0xbfae09f9, 0x40000c8f, 0xbde5a130, 0x3f5cc7c9, 0x403bcda8, 0xbf49e79a, 0xbdd58cb9, 0xbfce570d, 0x3e3f3676, 0xbf808105, 0x3eaac1f1, 0x3fd3d115, 0x3f337e27, 0xbb6a614f, 0xbf7f3e2c, 0x3ee8205c, 0x3f5c56b0, 0xbef93f24, 0x3f044963, 0xbfd05893, 0x3f48679f, 0x3e904b58, 0x3f934152, 0x3fc67fd1, 0xbe869f67, 0x3f91406e, 0xbccf4534, 0xbfadc557, 0xbf7360a5, 0x3f128d5c, 0xbe9b1d81]))] },
    Case { cat: "randn", name: "randn(21)", seed: 67280421310721, steps: &[(Op::Randn(21), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a74, 0xbf81c7b9, 0x3f622ef9, 0xbf36f3eb, 0x3b850133, 0x3f012a1e, 0x3fa2ea67, 0x3f86d4ab, 0x3e993c71, 0x3fb049d2, 0xc00546e0, 0xbf4be93c, 0x3f05c52f, 0xbf209a9f, 0xbf8c16c8, 0x3ea6fdc2, 0x3eb6f5d9, 0x3f868f56, 0x3fb56fae]))] },
    Case { cat: "randn", name: "randn(1000)", seed: 67280421310721, steps: &[(Op::Randn(1000), Expect::Summary { len: 1000, fnv: 0x04070bf91fa3c6ea, first: 0xbe31df0d, last: 0xbecce3a6 })] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x7", seed: 67280421310721, steps: &[(Op::Normal(7, 0.3, 2.7), Expect::F32(&[0x403c1232, 0x405b1ae8, 0xbf3a4ecd, 0x406ba1de, 0xbf07497f, 0xc06ae6dc, 0xc02389f5]))] },
    Case { cat: "randn", name: "normal_(0.3,2.7) x40", seed: 67280421310721, steps: &[(Op::Normal(40, 0.3, 2.7), Expect::F32(&[0xbe2d0d70, 0xc093dca1, 0x4019d90f, 0xc01c00d4, 0x402bdfb5, 0x3fffa7fe, 0xbec498d2, 0xc0dbe180, 0xbfe37a0f, 0x402d97eb, 0x3fc4a2b8, 0x3eedecd9, 0x408d0396, 0x4030787c, 0x3f8b3d72, 0xbeb5801d, 0x3ee6253e, 0xc0a0ffbb, 0x408e4b50, 0x3fd4536d, 0x4068db2a, 0xbfd09617, 0x3e9f360d, 0x3fd4c5a9, 0x4016cdcc, 0xc08a4548, 0x40716a67, 0xc03e6fc6, 0x3f9589de, 0xbfd8e490, 0x3e0fdc0f, 0xbfa7a47b, 0x3eb83b3c, 0x403c6869, 0x3fa2562d, 0x3fc619bc, 0x406bcffc, 0x4011dc50, 0x3fce1480, 0xc080ba93]))] },
    Case { cat: "randn", name: "normal_(-1.5,0.02) x300", seed: 67280421310721, steps: &[(Op::Normal(300, -1.5, 0.02), Expect::Summary { len: 300, fnv: 0x0f8ff229776f6df4, first: 0xbfc071d6, last: 0xbfc3d350 })] },
    Case { cat: "interleave", name: "randn/rand interleaved", seed: 67280421310721, steps: &[(Op::Randn(5), Expect::F32(&[0x3f7a2deb, 0x3f9413ef, 0xbec2e509, 0x3fa051fa, 0xbe9d1a00])), (Op::Rand(3), Expect::F32(&[0x3e2a3c1c, 0x3e1d7ce8, 0x3eba42b8])), (Op::Randn(16), Expect::F32(&[0xbe4e5527, 0x3d62cd28, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4387, 0xbf36f3eb, 0x3b850133, 0x3f97b1c1, 0xbfc9e40d, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8aef, 0xbf4be93c, 0x3f05c52f])), (Op::Randn(2), Expect::F32(&[0xbfbc393a, 0x3f2312c8])), (Op::Rand(2), Expect::F32(&[0x3dd48120, 0x3ecf4cd4])), (Op::Randn(1), Expect::F32(&[0xbf3f313e])), (Op::Randn(1), Expect::F32(&[0xbfa614d6])), (Op::Randn(20), Expect::F32(&[0xbfdb114e, 0x3fa49aab, 0xbf9b4950, 0x3ea4a652, 0xbed6eac1, 0x3f9e0962, 0x3ed41246, 0xbf3c124e, 0xbf9cdbc5, 0x400c02e3, 0x3de076cd, 0x3f8e477a, 0xbeb1f68f, 0xbf3204f0, 0x3e2800ce, 0x3f5cc7c9, 0x403bcda8, 0xbf49e79a, 0xbdd58cb9, 0xbfce570d])), (Op::Randn(3), Expect::F32(&[0xbf95993e, 0x3ef38823, 0xbf6a7d73])), (Op::Randint(4, 0, 100), Expect::I64(&[14, 0, 59, 58])), (Op::Randn(1), Expect::F32(&[0x3f8ff158])), (Op::Seed(67280421310721), Expect::Nothing), (Op::Randn(1), Expect::F32(&[0x3f7a2deb])), (Op::Randn(1), Expect::F32(&[0x3f9413ef]))] },
    Case { cat: "interleave", name: "mixed ops", seed: 67280421310721, steps: &[(Op::Rand(700), Expect::Summary { len: 700, fnv: 0x847147cb1c4b3df8, first: 0x3e88daec, last: 0x3ed09902 }), (Op::Randn(3), Expect::F32(&[0xbfecd0bc, 0xbe6fd7e9, 0x3e9c5294])), (Op::Randperm(7), Expect::I64(&[4, 0, 5, 2, 1, 6, 3])), (Op::Randn(3), Expect::F32(&[0x3f5ee8b7, 0x3e937fc4, 0xbf8761d0])), (Op::Bernoulli(5, 0.5), Expect::F32(&[0x3f800000, 0x00000000, 0x00000000, 0x00000000, 0x3f800000])), (Op::Rand(2), Expect::F32(&[0x3f4e413d, 0x3c535300]))] },
    Case { cat: "linear", name: "Linear(3,2)", seed: 67280421310721, steps: &[(Op::Linear(3, 2, true), Expect::F32(&[0xbe89939c, 0x3edc3dc0, 0xbe42c1b6, 0xbde559c8, 0x3ea9bf40, 0xbd488400, 0xbefd12e8, 0x3f0b5dda]))] },
    Case { cat: "linear", name: "Linear(8,8)", seed: 67280421310721, steps: &[(Op::Linear(8, 8, true), Expect::F32(&[0xbe287f0a, 0x3e86dea1, 0xbdee86fa, 0xbd8c72b4, 0x3e4fe59a, 0xbcf594a0, 0xbe9af9b8, 0x3eaab045, 0x3e1b6dba, 0xbd521de8, 0xbe9668ac, 0xbbdd9800, 0xbe71aa1c, 0xbe7aad8a, 0xbdc540b4, 0x3c27d0c0, 0x3e19a2da, 0x3e891d15, 0x3e7867fe, 0x3eb0a329, 0x3d2c5a10, 0xbd398898, 0xbe86d0b7, 0xbe219c82, 0x3e391032, 0xbd00be60, 0xbe8fc01b, 0x3e48a1f6, 0x3ea5db4d, 0x3dc17e50, 0xbe35ea1b, 0x3e818983, 0x3e8c18db, 0xbea3b7be, 0xbe82aeee, 0xbe8f7419, 0xbd89be7c, 0xbd0ac538, 0xbe864cc6, 0xbc9d9d70, 0xbe339efd, 0x3e81332b, 0x3d821308, 0x3d491cf0, 0x3d428650, 0xbd6d2eb8, 0xbe8c41f1, 0x3e41c65a, 0xbeb357e8, 0xbd6f8e80, 0xbea55961, 0xbd27c238, 0xbe51f573, 0xbdb42038, 0xbe270e4b, 0x3e0bf086, 0x3e8f3abd, 0xbe4e1791, 0x3d5b9c28, 0xbe3384d3, 0xbe405f72, 0xbe830e54, 0x3dc17200, 0xbe92d0d4, 0xbc98c460, 0x3eb2b6a7, 0x3e9cc8f5, 0xbeb0e678, 0x3e7f9366, 0x3d9f6778, 0x3e9776b9, 0xbe9f49d6]))] },
    Case { cat: "linear", name: "Linear(5,3,bias=False)", seed: 67280421310721, steps: &[(Op::Linear(5, 3, false), Expect::F32(&[0xbe5521fd, 0x3eaa991e, 0xbe16db9e, 0xbdb1a780, 0x3e837c4a, 0xbd1b5198, 0xbec407b9, 0x3ed7e7e6, 0x3e449a78, 0xbd84e3bc, 0xbebe40fc, 0xbc0c25e0, 0xbe98d790, 0xbe9e8aea, 0xbdf981d8]))] },
    Case { cat: "linear", name: "Linear(1,4)", seed: 67280421310721, steps: &[(Op::Linear(1, 4, true), Expect::F32(&[0xbeee4a28, 0x3f3ebc08, 0xbea8aa0c, 0xbe469fa0, 0x3f13015a, 0xbdada6d0, 0xbf5b2b1c, 0x3f7163dc]))] },
    Case { cat: "linear", name: "Linear(512,2048)", seed: 67280421310721, steps: &[(Op::Linear(512, 2048, true), Expect::Summary { len: 1050624, fnv: 0x5066eec51ce500bd, first: 0xbca87f0a, last: 0x3d253d2b })] },
    Case { cat: "linear", name: "two Linears", seed: 67280421310721, steps: &[(Op::Linear(4, 3, true), Expect::F32(&[0xbe6e4a28, 0x3ebebc08, 0xbe28aa0c, 0xbdc69fa0, 0x3e93015a, 0xbd2da6d0, 0xbedb2b1c, 0x3ef163dc, 0x3e5bcf2c, 0xbd949338, 0xbed4b5d4, 0xbc1cb0c0, 0xbeaae1f2, 0xbeb1418c, 0xbe0b7a90])), (Op::Linear(3, 1, true), Expect::F32(&[0x3c890560, 0x3e7ae300, 0x3edfe7d4, 0x3ecad2a4]))] },
    Case { cat: "embedding", name: "Embedding(10,8)", seed: 67280421310721, steps: &[(Op::Embedding(10, 8), Expect::F32(&[0xbe31df0d, 0xbfe946db, 0x3f477a74, 0xbf81c7b9, 0x3f622ef9, 0x3f20ee37, 0xbe81b3dc, 0xc029fc5f, 0xbf44f21e, 0x3f64bb23, 0x3eea6c53, 0x3d79da37, 0x3fc2affa, 0x3f68fe58, 0x3e956483, 0xbe7838f9, 0x3d62cd28, 0xbffcbd3b, 0x3fc4957f, 0x3f00d580, 0x3f9e4387, 0xbf36f3eb, 0x3b850133, 0x3f012a1e, 0xbfc9e40d, 0x3f10f744, 0x3f94745e, 0xc03b6a10, 0xbeaa8aef, 0xbf4be93c, 0x3f05c52f, 0xbf209a9f, 0xbccf8ca4, 0x3e475eeb, 0xbeecb617, 0xbed934fe, 0xbf6defe7, 0xbf7474e4, 0x3ecc8f78, 0x3dfff8ed, 0x4005a0e3, 0xbe7ae44e, 0xbe95d90e, 0xbe4a8c53, 0xbed5a740, 0x3f0a32fc, 0x3eaee8fc, 0xbf8ff26a, 0x3d9c5b89, 0x3e65b8cb, 0xbe8759a8, 0xbc6673fe, 0x3d8a5398, 0x3f20c33e, 0xbf07746b, 0x3fa31f04, 0xbd709fbd, 0x3f81e4ac, 0xbe0bb2f0, 0x3f8a44aa, 0x3f2eeff0, 0x3f3d71bc, 0xbf16e895, 0x3f5c24ee, 0xbf3c124e, 0xbf9cdbc5, 0x400c02e3, 0x3de076cd, 0x3f8e477a, 0xbfae09f9, 0x40000c8f, 0xbde5a130, 0x3f5cc7c9, 0x403bcda8, 0xbf49e79a, 0xbdd58cb9, 0xbfce570d, 0x3e3f3676, 0xbf808105, 0x3eaac1f1]))] },
    Case { cat: "embedding", name: "Embedding(3,4)", seed: 67280421310721, steps: &[(Op::Embedding(3, 4), Expect::F32(&[0x3f7a2deb, 0x3f9413ef, 0xbec2e509, 0x3fa051fa, 0xbe9d1a00, 0xbfbc393a, 0xbf875cb6, 0x3ff65ec8, 0xbf091aad, 0xbfc80af0, 0xbe50769c, 0x3cfcc5c0]))] },
    Case { cat: "embedding", name: "Embedding(100,32)", seed: 67280421310721, steps: &[(Op::Embedding(100, 32), Expect::Summary { len: 3200, fnv: 0x891e703e42ea2314, first: 0xbe31df0d, last: 0x3ee6b4e1 })] },
    Case { cat: "generator", name: "torch.Generator()", seed: 67280421310721, steps: &[(Op::Rand(5), Expect::F32(&[0x3e88daec, 0x3f5f5e04, 0x3eabaafa, 0x3ece5818, 0x3f4980ad])), (Op::Randn(20), Expect::F32(&[0x3f20ee37, 0xbe81b3dc, 0xc029fc5f, 0xbebeddd1, 0x3f86d4ab, 0x3e993c71, 0x3fb049d2, 0xc00546e0, 0xbfad3ac5, 0x3f0563fd, 0xbff920a3, 0xbccf8ca4, 0x3ea6fdc2, 0x3eb6f5d9, 0x3f868f56, 0x3fb56fae, 0x3ed7237e, 0x3f0c599f, 0x3eac0bc7, 0x4005a0e3])), (Op::Randn(3), Expect::F32(&[0x3f47b5e2, 0xbf80d4d3, 0xbe9e6f09]))] },
    Case { cat: "generator", name: "seed 2**32+5", seed: 4294967301, steps: &[(Op::Rand(4), Expect::F32(&[0x3f548b63, 0x3e012338, 0x3f684fef, 0x3f51e6bd]))] },
];
    // END GENERATED BASELINE
}
