//! `F.scaled_dot_product_attention` on PyTorch's two CPU paths: the flash kernel (`cpu_flash_attention`,
//! whose row arithmetic is in `kernels::flash`) for the inputs `sdp::select_sdp_backend_cpp` gives it, and
//! `_scaled_dot_product_attention_math` (also every call with dropout) for the rest.

use crate::tensor::error::{Result, TensorError};
use crate::tensor::kernels;
use crate::tensor::ops::elementwise::{BinaryOp, Operand, UnaryOp, binary, masked_fill, unary};
use crate::tensor::parallel;
use crate::tensor::random::Generator;
use crate::tensor::{DType, Scalar, Tensor};

/// The optional arguments of [`scaled_dot_product_attention`].
#[derive(Debug, Clone, Default)]
pub struct AttentionOptions<'a> {
    /// A bool mask (`True` = may attend) or an additive float mask, broadcast against the scores.
    pub attn_mask: Option<&'a Tensor>,
    /// Mask out keys after each query (a lower-triangular mask over the last two dims).
    pub is_causal: bool,
    /// The factor applied to `q @ kᵀ`; `1 / sqrt(head_dim)` when absent.
    pub scale: Option<f64>,
    /// Grouped-query attention: key and value heads are repeated to the query's head count.
    pub enable_gqa: bool,
}

/// `F.scaled_dot_product_attention(q, k, v)` without dropout: `softmax(q @ kᵀ · scale + mask) @ v`,
/// computed by the CPU kernel PyTorch picks for these inputs (`sdp::select_sdp_backend_cpp`): the flash
/// kernel ([`flash_attention`]) when [`flash_eligible`], the math path ([`attention_math`]) otherwise.
pub fn scaled_dot_product_attention(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
) -> Result<Tensor> {
    validate_attention(query, key, value, options)?;
    check_flash_mask(query, key, value, options.attn_mask)?;
    if flash_eligible(query, key, value, options) {
        return flash_attention(query, key, value, options);
    }
    math_path(query, key, value, options, None)
}

/// Whether `scaled_dot_product_attention` (no dropout) runs the CPU flash kernel for these inputs
/// (`use_flash_attention_cpp`'s checks, 3-D inputs taken as one batch): query, key and value all 4-D
/// or all 3-D, of one batch size, of a float dtype, with the same head dim, a unit-stride last dim and
/// nonzero sequence lengths; key and value heads equal to the query's, or both 1, or dividing it under
/// `enable_gqa`; a mask, if any, 2-D or 4-D (with 3-D inputs any rank up to 3), each of its dims equal to the scores' or 1, not requiring
/// grad. Otherwise the math path runs.
pub fn flash_eligible(q: &Tensor, k: &Tensor, v: &Tensor, options: &AttentionOptions) -> bool {
    let nd = q.ndim();
    if !matches!(nd, 3 | 4) || k.ndim() != nd || v.ndim() != nd {
        return false;
    }
    if !q.dtype().is_floating_point() {
        return false;
    }
    let dims = |t: &Tensor| -> [usize; 4] {
        let s = t.shape();
        if nd == 3 {
            [1, s[0], s[1], s[2]]
        } else {
            [s[0], s[1], s[2], s[3]]
        }
    };
    let ([b, hq, l, d], [kb, hk, s, kd], [vb, hv, vs, vd]) = (dims(q), dims(k), dims(v));
    if kb != b || vb != b || kd != d || vd != d || l == 0 || s == 0 || vs == 0 {
        return false;
    }
    let heads = if options.enable_gqa {
        hk == hv && hk > 0 && hq % hk == 0
    } else {
        (hk == hq && hv == hq) || (hq > 0 && hk == 1 && hv == 1)
    };
    if !heads || [q, k, v].iter().any(|t| t.strides().last() != Some(&1)) {
        return false;
    }
    match options.attn_mask {
        None => true,
        Some(m) if m.requires_grad() => false,
        Some(m) => {
            // With 3-D inputs a 1-D or 3-D mask gains a leading dim along with them (a 0-D one two).
            let mut ms = m.shape().to_vec();
            if nd == 3 && matches!(ms.len(), 0 | 1 | 3) {
                ms.insert(0, 1);
                if ms.len() == 1 {
                    ms.insert(0, 1);
                }
            }
            if !matches!(ms.len(), 2 | 4) {
                return false;
            }
            let fits = |size: usize, target: usize| size == target || size == 1;
            let r = ms.len();
            fits(ms[r - 2], l)
                && fits(ms[r - 1], s)
                && (r == 2 || (fits(ms[0], b) && fits(ms[1], hq)))
        }
    }
}

/// The flash kernel's `weights @ v` for one key block, added to the running output `dst` (`beta = 1`
/// after the first block, whose `dst` is zeros): each output starts from its running value and adds the
/// products over the keys in order, each rounded before it is added. `e` is `[heads, l, kb]` (heads =
/// batch × heads), `v` is `[heads, kb, d]`; only the query rows `plain` selects are computed.
fn weights_times_values<T>(
    e: &[T],
    v: &[T],
    (kb, d, l): (usize, usize, usize),
    plain: impl Fn(usize) -> bool,
    dst: &mut [T],
) where
    T: Copy + std::ops::Add<Output = T> + std::ops::Mul<Output = T>,
{
    for (r, (erow, orow)) in e
        .chunks_exact(kb.max(1))
        .zip(dst.chunks_exact_mut(d.max(1)))
        .enumerate()
    {
        if !plain(r % l.max(1)) {
            continue;
        }
        let head = r / l.max(1);
        let vh = &v[head * kb * d..(head + 1) * kb * d];
        for (c, &w) in erow.iter().enumerate() {
            for (o, &x) in orow.iter_mut().zip(&vh[c * d..(c + 1) * d]) {
                *o = *o + w * x;
            }
        }
    }
}

/// The flash kernel's float32 `weights @ v` for one key block, added to the running output `dst`, as
/// MKL's `sgemm` computes it on the machine the sweep was recorded on (measured,
/// `tools/sweep/attention.py`): for a block of at least 4 query rows and a head dim of at least 12, a
/// chain of fused multiply-adds over the keys in order (the GEMM's own order), then added to `dst`; for
/// fewer rows or a narrower head dim, [`weights_times_values`].
fn weights_times_values_f32(
    e: Vec<f32>,
    vblk: &Tensor,
    g: FlashGeometry,
    kb: usize,
    q_split: usize,
    dst: &mut [f32],
) -> Result<()> {
    let FlashGeometry { b, h, l, d, .. } = g;
    let block_rows = |i: usize| {
        let m0 = i / q_split * q_split;
        q_split.min(l - m0)
    };
    let plain = |i: usize| d < 12 || block_rows(i) < 4;
    if (0..l).any(plain) {
        let v = vblk.contiguous().to_vec::<f32>();
        weights_times_values(&e, &v, (kb, d, l), plain, dst);
    }
    if (0..l).any(|i| !plain(i)) {
        let fused =
            super::matmul::gemm(&Tensor::from_vec(e, &[b, h, l, kb])?, vblk)?.to_vec::<f32>();
        for (r, (o, f)) in dst
            .chunks_exact_mut(d.max(1))
            .zip(fused.chunks_exact(d.max(1)))
            .enumerate()
        {
            if !plain(r % l) {
                for (o, &f) in o.iter_mut().zip(f) {
                    *o += f;
                }
            }
        }
    }
    Ok(())
}

/// `dst <- dst * exp_tmp` for each query row whose running maximum moved (`vec::map` over the row).
fn rescale<T: Copy + std::ops::Mul<Output = T>>(dst: &mut [T], factors: &[Option<T>], d: usize) {
    for (row, f) in dst.chunks_exact_mut(d.max(1)).zip(factors) {
        if let Some(f) = *f {
            for o in row {
                *o = *o * f;
            }
        }
    }
}

/// The sizes of a flash attention call: batch, heads, queries, keys, head dim.
#[derive(Debug, Clone, Copy)]
struct FlashGeometry {
    b: usize,
    h: usize,
    l: usize,
    s: usize,
    d: usize,
}

/// The type the flash kernel accumulates in (`accum_t`): float for float, half and bfloat16, double for
/// double; each has its row arithmetic and its `weights @ v`.
trait Accum:
    crate::tensor::Element
    + std::ops::Add<Output = Self>
    + std::ops::Mul<Output = Self>
    + std::ops::Div<Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    fn scale(s: f64) -> Self;
    const NEG_INFINITY: Self;
    fn block(
        qk: &mut [Self],
        limit: usize,
        mask: kernels::flash::MaskRow<'_, Self>,
        scale: Self,
        state: &mut kernels::flash::RowState<Self>,
    ) -> Option<Self>;
    fn add_weights_times_values(
        e: Vec<Self>,
        vblk: &Tensor,
        g: FlashGeometry,
        kb: usize,
        q_split: usize,
        dst: &mut [Self],
    ) -> Result<()>;
}

impl Accum for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
    fn scale(s: f64) -> f32 {
        s as f32
    }
    const NEG_INFINITY: f32 = f32::NEG_INFINITY;
    fn block(
        qk: &mut [f32],
        limit: usize,
        mask: kernels::flash::MaskRow<'_, f32>,
        scale: f32,
        state: &mut kernels::flash::RowState<f32>,
    ) -> Option<f32> {
        kernels::flash::block_f32(qk, limit, mask, scale, state)
    }
    fn add_weights_times_values(
        e: Vec<f32>,
        vblk: &Tensor,
        g: FlashGeometry,
        kb: usize,
        q_split: usize,
        dst: &mut [f32],
    ) -> Result<()> {
        weights_times_values_f32(e, vblk, g, kb, q_split, dst)
    }
}

impl Accum for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
    fn scale(s: f64) -> f64 {
        s
    }
    const NEG_INFINITY: f64 = f64::NEG_INFINITY;
    fn block(
        qk: &mut [f64],
        limit: usize,
        mask: kernels::flash::MaskRow<'_, f64>,
        scale: f64,
        state: &mut kernels::flash::RowState<f64>,
    ) -> Option<f64> {
        kernels::flash::block_f64(qk, limit, mask, scale, state)
    }
    /// Double products in key order, each rounded before it is added (the tutor's float64 GEMM order).
    fn add_weights_times_values(
        e: Vec<f64>,
        vblk: &Tensor,
        g: FlashGeometry,
        kb: usize,
        _: usize,
        dst: &mut [f64],
    ) -> Result<()> {
        let v = vblk.contiguous().to_vec::<f64>();
        weights_times_values(&e, &v, (kb, g.d, g.l), |_| true, dst);
        Ok(())
    }
}

/// The body of [`flash_attention`] in the accumulation type `T`: `q`, `k`, `v` are `[b, h, *, d]` in `T`'s
/// dtype (key and value heads already matched to the query's), `mask` the additive mask expanded to
/// `[b, h, l, s]`; `origin` is the inputs' dtype (the weights are rounded to it before they multiply v).
#[allow(clippy::too_many_arguments)]
fn flash_rows<T: Accum>(
    q: &Tensor,
    k: &Tensor,
    v: &Tensor,
    mask: Option<&Tensor>,
    g: FlashGeometry,
    causal: bool,
    scale: f64,
    origin: DType,
) -> Result<Tensor> {
    let FlashGeometry { b, h, l, s, d } = g;
    let rows = b * h * l;
    let q_split = match l {
        768.. => 256,
        192.. => 64,
        _ => 32,
    };
    // The last key (exclusive) a row's causal q block reaches: blocks from there on are skipped.
    let reach = |i: usize| {
        let m0 = i / q_split * q_split;
        (m0 + q_split.min(l - m0)).min(s)
    };
    let mask = mask.map(|m| m.to_vec::<T>());
    let scale = T::scale(scale);
    let fresh = kernels::flash::RowState {
        max: T::NEG_INFINITY,
        sum: T::ZERO,
    };
    let mut states = vec![fresh; rows];
    let mut dst = vec![T::ZERO; rows * d];
    for n in (0..s).step_by(FLASH_KV_BLOCK) {
        let kb = FLASH_KV_BLOCK.min(s - n);
        let (kblk, vblk) = (
            k.narrow(2, n as i64, kb as i64)?,
            v.narrow(2, n as i64, kb as i64)?,
        );
        let mut qk = super::matmul::gemm(q, &kblk.transpose(-2, -1)?)?.to_vec::<T>();
        // One job per query row (independent of each other), split between threads.
        let mut jobs: Vec<(&mut [T], &mut kernels::flash::RowState<T>, Option<T>)> = qk
            .chunks_exact_mut(kb.max(1))
            .zip(states.iter_mut())
            .map(|(row, state)| (row, state, None))
            .collect();
        let grain = (1usize << 14) / kb.max(1);
        parallel::for_chunks(&mut jobs, 1, grain.max(1), |start, chunk| {
            for (j, (row, state, factor)) in chunk.iter_mut().enumerate() {
                let r = start + j;
                let i = r % l;
                if causal && n >= reach(i) {
                    row.fill(T::ZERO);
                    continue;
                }
                let limit = if causal { (i + 1 - n).min(kb) } else { kb };
                let m = match &mask {
                    Some(m) => kernels::flash::MaskRow::Each(&m[r * s + n..r * s + n + kb]),
                    None => kernels::flash::MaskRow::None,
                };
                *factor = T::block(row, limit, m, scale, state);
            }
        });
        let factors: Vec<Option<T>> = jobs.into_iter().map(|(_, _, f)| f).collect();
        if origin != T::DTYPE {
            qk = Tensor::from_vec(qk, &[rows, kb])?
                .to_dtype(origin)
                .to_dtype(T::DTYPE)
                .to_vec::<T>();
        }
        rescale(&mut dst, &factors, d);
        T::add_weights_times_values(qk, &vblk, g, kb, q_split, &mut dst)?;
    }
    for (out, state) in dst.chunks_exact_mut(d.max(1)).zip(&states) {
        let sum = if state.sum == T::ZERO {
            T::ONE
        } else {
            state.sum
        };
        let reciprocal = T::ONE / sum;
        for o in out {
            *o = *o * reciprocal;
        }
    }
    Tensor::from_vec(dst, &[b, h, l, d])
}

/// A bool mask (`True` = may attend) as the additive mask both kernels add: 0 where true, `-inf` where
/// false, in `dtype` (`convert_boolean_attn_mask`).
fn additive_mask(bool_mask: &Tensor, dtype: DType) -> Result<Tensor> {
    let hidden = unary(UnaryOp::Not, bool_mask)?;
    masked_fill(
        &Tensor::zeros(bool_mask.shape(), dtype)?,
        &hidden,
        Scalar::Float(f64::NEG_INFINITY),
    )
}

/// Keys per block of the CPU flash kernel (`kv_split_size`).
const FLASH_KV_BLOCK: usize = 512;

/// ATen's CPU flash attention (`cpu_flash_attention`) for inputs [`flash_eligible`] says it takes: per
/// block of 512 keys, `q @ kᵀ` by GEMM, the row arithmetic of [`kernels::flash`] (scale, mask, running
/// max, `exp_u20`, running sum), the unnormalised weights times v by GEMM added to the rescaled running
/// output; at the end each output row times `1 / sum`. Half and bfloat16 compute in float (their
/// products are exact there), with the weights rounded to the type before they multiply v.
///
/// [`kernels::flash`]: crate::tensor::kernels::flash
pub fn flash_attention(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
) -> Result<Tensor> {
    let three = query.ndim() == 3;
    let lift = |t: &Tensor| if three { t.unsqueeze(0) } else { Ok(t.clone()) };
    let origin = query.dtype();
    let wide = if origin == DType::Float64 {
        DType::Float64
    } else {
        DType::Float32
    };
    let (q, k, v) = (
        lift(query)?.to_dtype(wide),
        lift(key)?.to_dtype(wide),
        lift(value)?.to_dtype(wide),
    );
    let [b, h, l, d] = [q.shape()[0], q.shape()[1], q.shape()[2], q.shape()[3]];
    let s = k.shape()[2];
    let full_heads = |t: &Tensor| -> Result<Tensor> {
        match t.shape()[1] {
            th if th == h => Ok(t.clone()),
            1 => t.expand(&[b as i64, h as i64, s as i64, d as i64]),
            th => super::reorder::repeat_interleave(t, h / th.max(1), Some(1)),
        }
    };
    let (k, v) = (full_heads(&k)?, full_heads(&v)?);
    let scale = options.scale.unwrap_or(1.0 / (d as f64).sqrt());
    let mask = match options.attn_mask {
        None => None,
        Some(m) => {
            let additive = if m.dtype() == DType::Bool {
                additive_mask(m, wide)?
            } else {
                m.to_dtype(wide)
            };
            // Leading 1s up to 4-D (a 1-D or 3-D mask only comes with 3-D inputs).
            let four: Vec<i64> = std::iter::repeat_n(1, 4 - additive.ndim().min(4))
                .chain(additive.shape().iter().map(|&x| x as i64))
                .collect();
            Some(
                additive
                    .reshape(&four)?
                    .expand(&[b as i64, h as i64, l as i64, s as i64])?
                    .contiguous(),
            )
        }
    };
    let geometry = FlashGeometry { b, h, l, s, d };
    let out = if wide == DType::Float64 {
        flash_rows::<f64>(
            &q,
            &k,
            &v,
            mask.as_ref(),
            geometry,
            options.is_causal,
            scale,
            origin,
        )?
    } else {
        flash_rows::<f32>(
            &q,
            &k,
            &v,
            mask.as_ref(),
            geometry,
            options.is_causal,
            scale,
            origin,
        )?
    };
    let out = out.to_dtype(origin);
    let out = if three { out.squeeze(Some(&[0]))? } else { out };
    // The kernel writes into `empty_like(query)`: its output is laid out as the query is.
    match query.preserved_strides() {
        Some(strides) if strides != out.strides() => {
            let storage = Tensor::zeros(&[out.numel()], origin)?.storage_clone();
            let laid = Tensor::from_storage(
                storage,
                crate::tensor::layout::Layout {
                    shape: out.shape().to_vec(),
                    strides,
                    offset: 0,
                },
            );
            laid.copy_from(&out)?;
            Ok(laid)
        }
        _ => Ok(out),
    }
}

/// `validate_sdpa_input`'s checks (rank, the mask's dtype) and the explicit-mask-with-causal refusal.
fn validate_attention(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
) -> Result<()> {
    if [query, key, value].iter().any(|t| t.ndim() < 2) {
        return Err(TensorError::AttentionRank {
            query: query.shape().to_vec(),
            key: key.shape().to_vec(),
            value: value.shape().to_vec(),
        });
    }
    if let Some(mask) = options.attn_mask {
        let dt = mask.dtype();
        if !(dt == DType::Bool || dt == DType::Float32 || dt == query.dtype()) {
            return Err(TensorError::runtime(format!(
                "Expected attn_mask dtype to be bool or float or to match query dtype, but got attn_mask.dtype: {} and  query.dtype: {} instead.",
                dt.cpp_name(),
                query.dtype().cpp_name()
            )));
        }
    }
    if options.is_causal && options.attn_mask.is_some() {
        return Err(TensorError::runtime(
            "_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True",
        ));
    }
    Ok(())
}

/// ATen's `_scaled_dot_product_attention_math`, the CPU path `scaled_dot_product_attention` takes when
/// `dropout_p > 0`: float16 and bfloat16 inputs widened to float; q and kᵀ each scaled by the square
/// root of the scale (q by its negative when the scale is negative); their product; the mask (a bool
/// one turned into 0 / -inf, or the causal lower triangle) added in place; `_safe_softmax`; dropout of
/// the weights (`at::dropout`, `p == 1` zeroing them without a draw); the product with v, rounded back
/// to the input's dtype.
pub fn attention_math(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
    dropout_p: f64,
    rng: &mut Generator,
) -> Result<Tensor> {
    validate_attention(query, key, value, options)?;
    math_path(query, key, value, options, Some((dropout_p, rng)))
}

/// The body of [`attention_math`]; `drop` is the probability and generator when the weights are
/// dropped.
fn math_path(
    query: &Tensor,
    key: &Tensor,
    value: &Tensor,
    options: &AttentionOptions,
    drop: Option<(f64, &mut Generator)>,
) -> Result<Tensor> {
    let origin = query.dtype();
    let widen = |t: &Tensor| {
        if matches!(origin, DType::Float16 | DType::BFloat16) {
            t.to_dtype(DType::Float32)
        } else {
            t.clone()
        }
    };
    let (q, k, v) = (widen(query), widen(key), widen(value));
    let head_dim = *q.shape().last().unwrap_or(&1) as f64;
    let negative = options.scale.is_some_and(|s| s < 0.0);
    let factor = options.scale.map_or(1.0 / head_dim.sqrt(), f64::abs).sqrt();
    let times = |t: &Tensor, f: f64| {
        binary(
            BinaryOp::Mul,
            Operand::Tensor(t),
            Operand::Scalar(Scalar::Float(f)),
        )
    };
    let q = times(&q, if negative { 0.0 - factor } else { factor })?;
    let additive = |bool_mask: &Tensor| additive_mask(bool_mask, origin);
    let mask = if options.is_causal {
        let (l, s) = (q.shape()[q.ndim() - 2], k.shape()[k.ndim() - 2]);
        Some(additive(
            &Tensor::full(&[l, s], Scalar::Bool(true), DType::Bool)?.tri(0, true)?,
        )?)
    } else {
        match options.attn_mask {
            Some(m) if m.dtype() == DType::Bool => Some(additive(m)?),
            Some(m) => Some(m.clone()),
            None => None,
        }
    };
    let (k, v) = &grouped_heads(&q, &k, &v, options.enable_gqa)?;
    let scores = q.matmul(&times(&k.transpose(-2, -1)?, factor)?)?;
    if let Some(m) = &mask {
        super::elementwise::binary_inplace(BinaryOp::Add, &scores, Operand::Tensor(m))?;
    }
    let mut weights = zero_masked_rows(&scores, scores.softmax(-1, false)?)?;
    if let Some((dropout_p, rng)) = drop
        && dropout_p > 0.0
    {
        if dropout_p > 1.0 {
            return Err(TensorError::runtime(format!(
                "dropout probability has to be between 0 and 1, but got {}",
                super::activation::cpp_double(dropout_p)
            )));
        }
        weights = super::nn::dropout(&weights, dropout_p, true, rng)?;
    }
    Ok(weights.matmul(v)?.to_dtype(origin))
}

/// The CPU flash kernel's eligibility checks read `attn_mask.size(-2)` when query, key and value are
/// 4-D, of one batch size, with a nonzero head dim and sequence lengths, and the mask does not require
/// grad: a mask of fewer than two dims then fails there with an `IndexError` (a 1-D padding mask
/// for 4-D inputs), before any broadcasting.
fn check_flash_mask(q: &Tensor, k: &Tensor, v: &Tensor, mask: Option<&Tensor>) -> Result<()> {
    let Some(mask) = mask else { return Ok(()) };
    if mask.ndim() >= 2 || mask.requires_grad() || [q, k, v].iter().any(|t| t.ndim() != 4) {
        return Ok(());
    }
    let (qs, ks, vs) = (q.shape(), k.shape(), v.shape());
    let same_batch = qs[0] == ks[0] && qs[0] == vs[0];
    let nonempty = qs[3] > 0 && qs[2] > 0 && ks[2] > 0 && vs[2] > 0;
    if !same_batch || !nonempty {
        return Ok(());
    }
    Err(TensorError::Index(if mask.ndim() == 0 {
        "Dimension specified as -2 but tensor has no dimensions".into()
    } else {
        "Dimension out of range (expected to be in range of [-1, 0], but got -2)".into()
    }))
}

/// ATen's `pre_process_group_query_attention_input`: with `enable_gqa`, key and value heads (dim -3)
/// must divide the query's and are repeated (`repeat_interleave`) up to it.
fn grouped_heads(q: &Tensor, k: &Tensor, v: &Tensor, gqa: bool) -> Result<(Tensor, Tensor)> {
    let heads = |t: &Tensor| t.shape()[t.ndim() - 3];
    if !gqa {
        return Ok((k.clone(), v.clone()));
    }
    if let Some(t) = [q, k, v].into_iter().find(|t| t.ndim() < 3) {
        let n = t.ndim();
        return Err(TensorError::Index(format!(
            "Dimension out of range (expected to be in range of [-{n}, {}], but got -3)",
            n - 1
        )));
    }
    let (hq, hk, hv) = (heads(q), heads(k), heads(v));
    if hk == 0 || hv == 0 || hq % hk != 0 || hq % hv != 0 {
        return Err(TensorError::runtime(
            "Number of heads in key and value must divide the number of heads in query",
        ));
    }
    if hq == hk && hk == hv {
        return Ok((k.clone(), v.clone()));
    }
    Ok((
        super::reorder::repeat_interleave(k, hq / hk, Some(-3))?,
        super::reorder::repeat_interleave(v, hq / hv, Some(-3))?,
    ))
}

/// ATen's `_safe_softmax`, which the attention kernels use: a query whose every score is `-inf` (all its
/// keys masked) attends to nothing, so its row is zeros rather than softmax's NaN. Only a row with a NaN
/// can be one, so rows are looked at only then.
fn zero_masked_rows(scores: &Tensor, probs: Tensor) -> Result<Tensor> {
    if !has_nan(&probs)? {
        return Ok(probs);
    }
    let neg_inf = binary(
        BinaryOp::Eq,
        Operand::Tensor(scores),
        Operand::Scalar(Scalar::Float(f64::NEG_INFINITY)),
    )?;
    let open = unary(UnaryOp::Not, &neg_inf)?.sum(Some(&[-1]), true)?;
    let masked = binary(
        BinaryOp::Eq,
        Operand::Tensor(&open),
        Operand::Scalar(Scalar::Int(0)),
    )?;
    super::masked::where_(
        &masked,
        Operand::Scalar(Scalar::Float(0.0)),
        Operand::Tensor(&probs),
    )
}

/// Whether any element is NaN. Float32 (every forward at the paper's sizes) is scanned in place;
/// other dtypes go through `isnan`.
fn has_nan(t: &Tensor) -> Result<bool> {
    if t.dtype() == DType::Float32 {
        return t.with_raw::<f32, _>(|data, layout| {
            let start = layout.offset;
            match data.get(start..start + layout.numel()) {
                Some(run) if layout.is_contiguous() => run.iter().any(|v| v.is_nan()),
                _ => t.to_vec::<f32>().iter().any(|v| v.is_nan()),
            }
        });
    }
    Ok(unary(UnaryOp::IsNan, t)?.to_vec::<bool>().contains(&true))
}
