//! `nn.MultiheadAttention` (`torch/nn/modules/activation.py`) and its maths, `F.multi_head_attention_forward`
//! (`torch/nn/functional.py`), op for op.

use super::*;

static MHA_INIT: Sig = def(
    "MultiheadAttention.__init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False, device=None, dtype=None)",
);

fn empty_param(shape: &[usize]) -> PyResult<Value> {
    crate::tensor::settings::check_numel(shape)?;
    Ok(param(Tensor::zeros(shape, DType::Float32)?))
}

pub(crate) fn mha_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = MHA_INIT.bind(args)?;
    let embed_dim = b.int(1)?;
    let num_heads = b.int(2)?;
    if embed_dim <= 0 || num_heads <= 0 {
        return Err(exc(
            ExcKind::ValueError,
            format!(
                "embed_dim and num_heads must be greater than 0, got embed_dim={embed_dim} and num_heads={num_heads} instead"
            ),
        ));
    }
    let dropout = b.value(3).unwrap_or(Value::Float(0.0));
    let bias = flag(interp, &b, 4, true)?;
    let add_bias_kv = flag(interp, &b, 5, false)?;
    let add_zero_attn = flag(interp, &b, 6, false)?;
    let kdim = given(&b, 7)
        .map(|_| b.int(7))
        .transpose()?
        .unwrap_or(embed_dim);
    let vdim = given(&b, 8)
        .map(|_| b.int(8))
        .transpose()?
        .unwrap_or(embed_dim);
    let batch_first = flag(interp, &b, 9, false)?;
    let same = kdim == embed_dim && vdim == embed_dim;
    inst.set("training", Value::Bool(true));
    inst.set("embed_dim", Value::int(embed_dim));
    inst.set("kdim", Value::int(kdim));
    inst.set("vdim", Value::int(vdim));
    inst.set("_qkv_same_embed_dim", Value::Bool(same));
    inst.set("num_heads", Value::int(num_heads));
    inst.set("dropout", dropout);
    inst.set("batch_first", Value::Bool(batch_first));
    let head_dim = embed_dim.div_euclid(num_heads);
    inst.set("head_dim", Value::int(head_dim));
    if head_dim * num_heads != embed_dim {
        return Err(assertion("embed_dim must be divisible by num_heads"));
    }
    let e = embed_dim as usize;
    if same {
        inst.set("in_proj_weight", empty_param(&[3 * e, e])?);
        for name in ["q_proj_weight", "k_proj_weight", "v_proj_weight"] {
            inst.set(name, Value::None);
        }
    } else {
        inst.set("q_proj_weight", empty_param(&[e, e])?);
        inst.set("k_proj_weight", empty_param(&[e, kdim.max(0) as usize])?);
        inst.set("v_proj_weight", empty_param(&[e, vdim.max(0) as usize])?);
        inst.set("in_proj_weight", Value::None);
    }
    if bias {
        inst.set("in_proj_bias", empty_param(&[3 * e])?);
    } else {
        inst.set("in_proj_bias", Value::None);
    }
    // `NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias)`: its own Linear init draws first.
    let out_proj = construct(
        interp,
        NDQ_LINEAR,
        vec![Value::int(embed_dim), Value::int(embed_dim)],
        vec![("bias", Value::Bool(bias))],
    )?;
    inst.set("out_proj", out_proj.clone());
    if add_bias_kv {
        inst.set("bias_k", empty_param(&[1, 1, e])?);
        inst.set("bias_v", empty_param(&[1, 1, e])?);
    } else {
        inst.set("bias_k", Value::None);
        inst.set("bias_v", Value::None);
    }
    inst.set("add_zero_attn", Value::Bool(add_zero_attn));
    // `_reset_parameters`.
    let rng = &mut state(interp).rng;
    if let Some(w) = tensor_attr(&inst, "in_proj_weight") {
        init_(&w, Init::XavierUniform { gain: 1.0 }, rng)?;
    } else {
        for name in ["q_proj_weight", "k_proj_weight", "v_proj_weight"] {
            if let Some(w) = tensor_attr(&inst, name) {
                init_(&w, Init::XavierUniform { gain: 1.0 }, rng)?;
            }
        }
    }
    if let Some(b) = tensor_attr(&inst, "in_proj_bias") {
        init_(&b, Init::Zeros, rng)?;
        if let Value::Instance(o) = &out_proj
            && let Some(ob) = tensor_attr(o, "bias")
        {
            init_(&ob, Init::Zeros, rng)?;
        }
    }
    for name in ["bias_k", "bias_v"] {
        if let Some(t) = tensor_attr(&inst, name) {
            init_(&t, Init::XavierNormal { gain: 1.0 }, rng)?;
        }
    }
    Ok(Value::None)
}

/// The tag under which `NonDynamicallyQuantizableLinear` (a `Linear` that prints its own name) is kept.
pub(crate) const NDQ_LINEAR: &str = "NonDynamicallyQuantizableLinear";

static MHA_FORWARD: Sig = def(
    "MultiheadAttention.forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None, average_attn_weights=True, is_causal=False)",
);

/// The weights and settings `F.multi_head_attention_forward` takes.
pub(super) struct MhaWeights {
    pub(super) embed_dim: i64,
    pub(super) num_heads: i64,
    pub(super) in_proj_weight: Option<Tensor>,
    pub(super) in_proj_bias: Option<Tensor>,
    pub(super) bias_k: Option<Tensor>,
    pub(super) bias_v: Option<Tensor>,
    pub(super) add_zero_attn: bool,
    pub(super) dropout_p: f64,
    pub(super) out_proj_weight: Tensor,
    pub(super) out_proj_bias: Option<Tensor>,
    pub(super) training: bool,
    /// `(q_proj_weight, k_proj_weight, v_proj_weight)` when `use_separate_proj_weight`.
    pub(super) separate: Option<(Tensor, Tensor, Tensor)>,
}

/// The inputs, with which of them are the same object (`_in_projection_packed` asks `k is v`, `q is k`).
pub(super) struct MhaInputs {
    pub(super) query: Tensor,
    pub(super) key: Tensor,
    pub(super) value: Tensor,
    pub(super) q_is_k: bool,
    pub(super) k_is_v: bool,
    pub(super) key_padding_mask: Option<Tensor>,
    pub(super) attn_mask: Option<Tensor>,
    pub(super) need_weights: bool,
    pub(super) average_attn_weights: bool,
    pub(super) is_causal: bool,
    /// `static_k` / `static_v` of `F.multi_head_attention_forward`: keys and values already split by head.
    pub(super) static_k: Option<Tensor>,
    pub(super) static_v: Option<Tensor>,
}

pub(crate) fn mha_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = MHA_FORWARD.bind(args)?;
    let (qv, kv, vv) = (
        b.value(1).unwrap_or(Value::None),
        b.value(2).unwrap_or(Value::None),
        b.value(3).unwrap_or(Value::None),
    );
    // `torch.is_floating_point(attn_mask)`, then (unless that mask is a float one) of the padding mask:
    // PyTorch's first look at the masks, and its words for one that is not a tensor.
    static IS_FLOATING_POINT: Sig = Sig::torch("is_floating_point(Tensor input)");
    let float_mask = |v: Option<Value>| -> PyResult<bool> {
        match v {
            None | Some(Value::None) => Ok(false),
            Some(v) => Ok(IS_FLOATING_POINT
                .bind(Args::new(vec![v]))?
                .tensor(0)?
                .dtype()
                .is_floating_point()),
        }
    };
    if !float_mask(b.value(6))? {
        float_mask(b.value(4))?;
    }
    let key_padding_mask = opt_tensor_arg(b.value(4))?;
    let need_weights = flag(interp, &b, 5, true)?;
    let attn_mask = opt_tensor_arg(b.value(6))?;
    let average_attn_weights = flag(interp, &b, 7, true)?;
    let is_causal = flag(interp, &b, 8, false)?;
    let query = tensor_arg(Some(qv.clone()))?;
    let is_batched = query.ndim() == 3;
    let key_padding_mask = canonical_mask(
        interp,
        key_padding_mask,
        "key_padding_mask",
        attn_mask.as_ref().map(Tensor::dtype),
        "attn_mask",
        true,
    )?;
    let attn_mask = canonical_mask(interp, attn_mask, "attn_mask", None, "", false)?;
    let key = tensor_arg(Some(kv.clone()))?;
    let value = tensor_arg(Some(vv.clone()))?;
    let (q_is_k, k_is_v) = (is_same(&qv, &kv), is_same(&kv, &vv));
    let batch_first = matches!(inst.get("batch_first"), Some(Value::Bool(true)));
    let out_proj = module_attr_of(&inst, "out_proj")?;
    let weights = MhaWeights {
        embed_dim: int_attr(&inst, "embed_dim"),
        num_heads: int_attr(&inst, "num_heads"),
        in_proj_weight: tensor_attr(&inst, "in_proj_weight"),
        in_proj_bias: tensor_attr(&inst, "in_proj_bias"),
        bias_k: tensor_attr(&inst, "bias_k"),
        bias_v: tensor_attr(&inst, "bias_v"),
        add_zero_attn: matches!(inst.get("add_zero_attn"), Some(Value::Bool(true))),
        dropout_p: float_attr(&inst, "dropout"),
        out_proj_weight: tensor_attr(&out_proj, "weight").ok_or_else(|| {
            exc(
                ExcKind::AttributeError,
                "'NonDynamicallyQuantizableLinear' object has no attribute 'weight'",
            )
        })?,
        out_proj_bias: tensor_attr(&out_proj, "bias"),
        training: training(&inst),
        separate: if matches!(inst.get("_qkv_same_embed_dim"), Some(Value::Bool(false))) {
            match (
                tensor_attr(&inst, "q_proj_weight"),
                tensor_attr(&inst, "k_proj_weight"),
                tensor_attr(&inst, "v_proj_weight"),
            ) {
                (Some(q), Some(k), Some(v)) => Some((q, k, v)),
                _ => {
                    return Err(assertion(
                        "use_separate_proj_weight is True but q_proj_weight is None",
                    ));
                }
            }
        } else {
            None
        },
    };
    let mut params: Vec<Tensor> = vec![query.clone(), key.clone(), value.clone()];
    params.extend(
        [
            &weights.in_proj_weight,
            &weights.in_proj_bias,
            &weights.bias_k,
            &weights.bias_v,
            &weights.out_proj_bias,
        ]
        .into_iter()
        .flatten()
        .cloned(),
    );
    params.push(weights.out_proj_weight.clone());
    if let Some((q, k, v)) = &weights.separate {
        params.extend([q.clone(), k.clone(), v.clone()]);
    }
    let record = autograd::recording_tensors(interp, &params.iter().collect::<Vec<_>>());
    let (query, key, value) = if batch_first && is_batched {
        (
            query.transpose(1, 0)?,
            key.transpose(1, 0)?,
            value.transpose(1, 0)?,
        )
    } else {
        (query, key, value)
    };
    let inputs = MhaInputs {
        query,
        key,
        value,
        q_is_k,
        k_is_v,
        key_padding_mask,
        attn_mask,
        need_weights,
        average_attn_weights,
        is_causal,
        static_k: None,
        static_v: None,
    };
    let (out, attn) = mha_core(interp, &weights, inputs)?;
    let (out, out_node) = if batch_first && is_batched {
        (out.transpose(1, 0)?, "TransposeBackward0")
    } else if is_batched {
        (out, "ViewBackward0")
    } else {
        (out, "SqueezeBackward1")
    };
    let attn_node = if !is_batched {
        "SqueezeBackward1"
    } else if average_attn_weights {
        "MeanBackward1"
    } else {
        "ViewBackward0"
    };
    let mark = |t: Tensor, node: &'static str| {
        let v = Value::Tensor(t);
        if record { autograd::mark(v, node) } else { v }
    };
    Ok(Value::tuple(vec![
        mark(out, out_node),
        attn.map_or(Value::None, |a| mark(a, attn_node)),
    ]))
}

/// `_mha_shape_check`: whether the query is batched, or PyTorch's AssertionError.
fn mha_shape_check(inputs: &MhaInputs, num_heads: i64) -> PyResult<bool> {
    let (q, k, v) = (&inputs.query, &inputs.key, &inputs.value);
    let kpm = inputs.key_padding_mask.as_ref();
    let mask = inputs.attn_mask.as_ref();
    match q.ndim() {
        3 => {
            if k.ndim() != 3 || v.ndim() != 3 {
                return Err(assertion(format!(
                    "For batched (3-D) `query`, expected `key` and `value` to be 3-D but found {}-D and {}-D tensors respectively",
                    k.ndim(),
                    v.ndim()
                )));
            }
            if let Some(m) = kpm
                && m.ndim() != 2
            {
                return Err(assertion(format!(
                    "For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D but found {}-D tensor instead",
                    m.ndim()
                )));
            }
            if let Some(m) = mask
                && !matches!(m.ndim(), 2 | 3)
            {
                return Err(assertion(format!(
                    "For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found {}-D tensor instead",
                    m.ndim()
                )));
            }
            Ok(true)
        }
        2 => {
            if k.ndim() != 2 || v.ndim() != 2 {
                return Err(assertion(format!(
                    "For unbatched (2-D) `query`, expected `key` and `value` to be 2-D but found {}-D and {}-D tensors respectively",
                    k.ndim(),
                    v.ndim()
                )));
            }
            if let Some(m) = kpm
                && m.ndim() != 1
            {
                return Err(assertion(format!(
                    "For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D but found {}-D tensor instead",
                    m.ndim()
                )));
            }
            if let Some(m) = mask {
                if !matches!(m.ndim(), 2 | 3) {
                    return Err(assertion(format!(
                        "For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found {}-D tensor instead",
                        m.ndim()
                    )));
                }
                if m.ndim() == 3 {
                    let expected = [num_heads.max(0) as usize, q.shape()[0], k.shape()[0]];
                    if m.shape() != expected {
                        return Err(assertion(format!(
                            "Expected `attn_mask` shape to be {} but got {}",
                            tuple_repr(&expected),
                            size_repr(m.shape())
                        )));
                    }
                }
            }
            Ok(false)
        }
        n => Err(assertion(format!(
            "query should be unbatched 2D or batched 3D tensor but received {n}-D query tensor"
        ))),
    }
}

fn linear(x: &Tensor, w: &Tensor, b: Option<&Tensor>) -> PyResult<Tensor> {
    Ok(tnn::linear(x, w, b)?)
}

/// `proj.unflatten(-1, (n, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()`, then its items.
fn unpack(proj: &Tensor, n: usize, e: usize) -> PyResult<Vec<Tensor>> {
    let mut shape: Vec<i64> = proj.shape()[..proj.ndim() - 1]
        .iter()
        .map(|&d| d as i64)
        .collect();
    shape.extend([n as i64, e as i64]);
    let packed = proj
        .reshape(&shape)?
        .unsqueeze(0)?
        .transpose(0, -2)?
        .squeeze(Some(&[-2]))?
        .contiguous();
    (0..n as i64)
        .map(|i| packed.select(0, i).map_err(Into::into))
        .collect()
}

/// `_in_projection_packed` / `_in_projection`: q, k and v projected by the packed or separate weights.
fn in_projection(w: &MhaWeights, inputs: &MhaInputs) -> PyResult<(Tensor, Tensor, Tensor)> {
    let (q, k, v) = (&inputs.query, &inputs.key, &inputs.value);
    let e = q.shape()[q.ndim() - 1];
    let bias_chunks = |b: &Option<Tensor>| -> PyResult<Option<Vec<Tensor>>> {
        b.as_ref()
            .map(|b| b.chunk(3, 0).map_err(Into::into))
            .transpose()
    };
    if let Some((wq, wk, wv)) = &w.separate {
        let b = bias_chunks(&w.in_proj_bias)?;
        let bi = |i: usize| b.as_ref().map(|b| &b[i]);
        return Ok((
            linear(q, wq, bi(0))?,
            linear(k, wk, bi(1))?,
            linear(v, wv, bi(2))?,
        ));
    }
    let weight = w
        .in_proj_weight
        .as_ref()
        .ok_or_else(|| assertion("use_separate_proj_weight is False but in_proj_weight is None"))?;
    if inputs.k_is_v {
        if inputs.q_is_k {
            let proj = linear(q, weight, w.in_proj_bias.as_ref())?;
            let parts = unpack(&proj, 3, e)?;
            return Ok((parts[0].clone(), parts[1].clone(), parts[2].clone()));
        }
        let ws = weight.split(
            crate::tensor::ops::shape::SplitSizes::List(vec![e, 2 * e]),
            0,
        )?;
        let bs = w
            .in_proj_bias
            .as_ref()
            .map(|b| {
                b.split(
                    crate::tensor::ops::shape::SplitSizes::List(vec![e, 2 * e]),
                    0,
                )
            })
            .transpose()?;
        let q_proj = linear(q, &ws[0], bs.as_ref().map(|b| &b[0]))?;
        let kv_proj = linear(k, &ws[1], bs.as_ref().map(|b| &b[1]))?;
        let parts = unpack(&kv_proj, 2, e)?;
        return Ok((q_proj, parts[0].clone(), parts[1].clone()));
    }
    let ws = weight.chunk(3, 0)?;
    let b = bias_chunks(&w.in_proj_bias)?;
    let bi = |i: usize| b.as_ref().map(|b| &b[i]);
    Ok((
        linear(q, &ws[0], bi(0))?,
        linear(k, &ws[1], bi(1))?,
        linear(v, &ws[2], bi(2))?,
    ))
}

/// `F.pad(mask, (0, 1))`: one zero column at the end of the last dim.
fn pad_last(mask: &Tensor) -> PyResult<Tensor> {
    let mut shape = mask.shape().to_vec();
    if let Some(last) = shape.last_mut() {
        *last = 1;
    }
    let zeros = Tensor::zeros(&shape, mask.dtype())?;
    Ok(Tensor::cat(&[mask.clone(), zeros], -1)?)
}

/// `F.multi_head_attention_forward` after the module's own preparation: `(attn_output, attn_weights)`.
pub(super) fn mha_core(
    interp: &mut Interpreter,
    w: &MhaWeights,
    inputs: MhaInputs,
) -> PyResult<(Tensor, Option<Tensor>)> {
    let num_heads = w.num_heads;
    let is_batched = mha_shape_check(&inputs, num_heads)?;
    let mut inputs = inputs;
    if !is_batched {
        inputs.query = inputs.query.unsqueeze(1)?;
        inputs.key = inputs.key.unsqueeze(1)?;
        inputs.value = inputs.value.unsqueeze(1)?;
        if let Some(m) = &inputs.key_padding_mask {
            inputs.key_padding_mask = Some(m.unsqueeze(0)?);
        }
    }
    let (tgt_len, bsz, embed_dim) = (
        inputs.query.shape()[0],
        inputs.query.shape()[1],
        inputs.query.shape()[2],
    );
    let key_padding_mask = canonical_mask(
        interp,
        inputs.key_padding_mask.take(),
        "key_padding_mask",
        inputs.attn_mask.as_ref().map(Tensor::dtype),
        "attn_mask",
        true,
    )?;
    let mut is_causal = inputs.is_causal;
    if is_causal && inputs.attn_mask.is_none() {
        return Err(runtime(
            "Need attn_mask if specifying the is_causal hint. You may use the Transformer module method `generate_square_subsequent_mask` to create this mask.",
        ));
    }
    let mut attn_mask = if is_causal && key_padding_mask.is_none() && !inputs.need_weights {
        None
    } else {
        let m = canonical_mask(
            interp,
            inputs.attn_mask.take(),
            "attn_mask",
            None,
            "",
            false,
        )?;
        if key_padding_mask.is_some() {
            is_causal = false;
        }
        m
    };
    if embed_dim as i64 != w.embed_dim {
        return Err(assertion(format!(
            "was expecting embedding dimension of {}, but got {embed_dim}",
            w.embed_dim
        )));
    }
    let head_dim = embed_dim / num_heads.max(1) as usize;
    if head_dim as i64 * num_heads != embed_dim as i64 {
        return Err(assertion(format!(
            "embed_dim {embed_dim} not divisible by num_heads {num_heads}"
        )));
    }
    let (kshape, vshape) = (inputs.key.shape(), inputs.value.shape());
    if w.separate.is_some() {
        if kshape[..2] != vshape[..2] {
            return Err(assertion(format!(
                "key's sequence and batch dims {} do not match value's {}",
                size_repr(&kshape[..2]),
                size_repr(&vshape[..2])
            )));
        }
    } else if kshape != vshape {
        return Err(assertion(format!(
            "key shape {} does not match value shape {}",
            size_repr(kshape),
            size_repr(vshape)
        )));
    }
    let (q, mut k, mut v) = in_projection(w, &inputs)?;
    let src_len = inputs.key.shape()[0];
    let heads = num_heads as usize;
    if let Some(m) = attn_mask.take() {
        attn_mask = Some(match m.ndim() {
            2 => {
                let correct = [tgt_len, src_len];
                if m.shape() != correct {
                    return Err(runtime(format!(
                        "The shape of the 2D attn_mask is {}, but should be {}.",
                        size_repr(m.shape()),
                        tuple_repr(&correct)
                    )));
                }
                m.unsqueeze(0)?
            }
            3 => {
                let correct = [bsz * heads, tgt_len, src_len];
                if m.shape() != correct {
                    return Err(runtime(format!(
                        "The shape of the 3D attn_mask is {}, but should be {}.",
                        size_repr(m.shape()),
                        tuple_repr(&correct)
                    )));
                }
                m
            }
            n => {
                return Err(runtime(format!(
                    "attn_mask's dimension {n} is not supported"
                )));
            }
        });
    }
    let mut key_padding_mask = key_padding_mask;
    match (&w.bias_k, &w.bias_v) {
        (Some(bk), Some(bv)) => {
            if inputs.static_k.is_some() {
                return Err(assertion("bias cannot be added to static key."));
            }
            if inputs.static_v.is_some() {
                return Err(assertion("bias cannot be added to static value."));
            }
            k = Tensor::cat(
                &[
                    k,
                    crate::tensor::ops::reorder::repeat(bk, &[1, bsz as i64, 1])?,
                ],
                0,
            )?;
            v = Tensor::cat(
                &[
                    v,
                    crate::tensor::ops::reorder::repeat(bv, &[1, bsz as i64, 1])?,
                ],
                0,
            )?;
            attn_mask = attn_mask.as_ref().map(pad_last).transpose()?;
            key_padding_mask = key_padding_mask.as_ref().map(pad_last).transpose()?;
        }
        (Some(_), None) => return Err(assertion("bias_k is set but bias_v is None")),
        (None, Some(_)) => return Err(assertion("bias_v is set but bias_k is None")),
        (None, None) => {}
    }
    let bh = (bsz * heads) as i64;
    let q = q
        .view(&[tgt_len as i64, bh, head_dim as i64])?
        .transpose(0, 1)?;
    let mut k = match inputs.static_k.take() {
        None => k
            .view(&[k.shape()[0] as i64, bh, head_dim as i64])?
            .transpose(0, 1)?,
        Some(s) => static_heads(s, "static_k", bsz * heads, head_dim)?,
    };
    let mut v = match inputs.static_v.take() {
        None => v
            .view(&[v.shape()[0] as i64, bh, head_dim as i64])?
            .transpose(0, 1)?,
        Some(s) => static_heads(s, "static_v", bsz * heads, head_dim)?,
    };
    if w.add_zero_attn {
        let zeros = Tensor::zeros(&[bsz * heads, 1, head_dim], k.dtype())?;
        k = Tensor::cat(&[k, zeros.clone()], 1)?;
        v = Tensor::cat(&[v, zeros], 1)?;
        attn_mask = attn_mask.as_ref().map(pad_last).transpose()?;
        key_padding_mask = key_padding_mask.as_ref().map(pad_last).transpose()?;
    }
    let src_len = k.shape()[1];
    if let Some(kpm) = key_padding_mask {
        if kpm.shape()[0] != bsz {
            return Err(assertion(format!(
                "Expected key_padded_mask.shape[0] to be {bsz}, but got {}",
                kpm.shape()[0]
            )));
        }
        if kpm.shape().get(1) != Some(&src_len) {
            return Err(assertion(format!(
                "Expected key_padded_mask.shape[1] to be {src_len}, but got {}",
                kpm.shape().get(1).copied().unwrap_or(0)
            )));
        }
        let kpm = kpm
            .view(&[bsz as i64, 1, 1, src_len as i64])?
            .expand(&[-1, num_heads, -1, -1])?
            .reshape(&[bh, 1, src_len as i64])?;
        attn_mask = Some(match attn_mask {
            None => kpm,
            Some(m) => binary(BinaryOp::Add, Operand::Tensor(&m), Operand::Tensor(&kpm))?,
        });
    }
    let dropout_p = if w.training { w.dropout_p } else { 0.0 };
    let out_proj = |x: &Tensor| linear(x, &w.out_proj_weight, w.out_proj_bias.as_ref());
    if inputs.need_weights {
        let scale = (1.0 / head_dim as f64).sqrt();
        let q_scaled = binary(
            BinaryOp::Mul,
            Operand::Tensor(&q),
            Operand::Scalar(Scalar::Float(scale)),
        )?;
        let kt = k.transpose(-2, -1)?;
        let product = q_scaled.bmm(&kt)?;
        let mut weights = match &attn_mask {
            // `torch.baddbmm(attn_mask, q_scaled, kᵀ)`: the product rounded, then the mask added.
            Some(m) => binary(BinaryOp::Add, Operand::Tensor(m), Operand::Tensor(&product))?,
            None => product,
        };
        weights = weights.softmax(-1, false)?;
        if dropout_p > 0.0 {
            weights = tnn::dropout(&weights, dropout_p, true, &mut state(interp).rng)?;
        }
        let out = weights.bmm(&v)?;
        let out = out
            .transpose(0, 1)?
            .reshape(&[(tgt_len * bsz) as i64, embed_dim as i64])?;
        let out = out_proj(&out)?;
        let out = out.view(&[tgt_len as i64, bsz as i64, out.shape()[1] as i64])?;
        let mut weights = weights.view(&[bsz as i64, num_heads, tgt_len as i64, src_len as i64])?;
        if inputs.average_attn_weights {
            weights = weights.mean(Some(&[1]), false)?;
        }
        if !is_batched {
            return Ok((out.squeeze(Some(&[1]))?, Some(weights.squeeze(Some(&[0]))?)));
        }
        return Ok((out, Some(weights)));
    }
    let attn_mask = match attn_mask {
        Some(m) if m.shape()[0] == 1 && m.ndim() == 3 => Some(m.unsqueeze(0)?),
        Some(m) => Some(m.view(&[bsz as i64, num_heads, -1, src_len as i64])?),
        None => None,
    };
    let q = q.view(&[bsz as i64, num_heads, tgt_len as i64, head_dim as i64])?;
    let k = k.view(&[bsz as i64, num_heads, src_len as i64, head_dim as i64])?;
    let v = v.view(&[bsz as i64, num_heads, src_len as i64, head_dim as i64])?;
    let options = tnn::AttentionOptions {
        attn_mask: attn_mask.as_ref(),
        is_causal,
        scale: None,
        enable_gqa: false,
    };
    let out = if dropout_p > 0.0 {
        tnn::attention_math(&q, &k, &v, &options, dropout_p, &mut state(interp).rng)?
    } else {
        tnn::scaled_dot_product_attention(&q, &k, &v, &options)?
    };
    let out = out
        .permute(&[2, 0, 1, 3])?
        .reshape(&[(bsz * tgt_len) as i64, embed_dim as i64])?;
    let out = out_proj(&out)?;
    let out = out.view(&[tgt_len as i64, bsz as i64, out.shape()[1] as i64])?;
    if !is_batched {
        return Ok((out.squeeze(Some(&[1]))?, None));
    }
    Ok((out, None))
}

/// A `static_k` / `static_v`, checked as `(bsz * num_heads, S, head_dim)`.
fn static_heads(t: Tensor, name: &str, heads: usize, head_dim: usize) -> PyResult<Tensor> {
    let size = |d: usize| t.shape().get(d).copied().unwrap_or(0);
    if size(0) != heads {
        return Err(assertion(format!(
            "expecting {name}.size(0) of {heads}, but got {}",
            size(0)
        )));
    }
    if size(2) != head_dim {
        return Err(assertion(format!(
            "expecting {name}.size(2) of {head_dim}, but got {}",
            size(2)
        )));
    }
    Ok(t)
}
