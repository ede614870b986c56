//! `nn.TransformerEncoderLayer` and `nn.TransformerDecoderLayer` (`torch/nn/modules/transformer.py`).

use super::*;

/// The layer's `activation`: a string names F.relu / F.gelu; anything else is kept as given.
fn activation(interp: &mut Interpreter, given_value: Option<Value>) -> PyResult<(Value, i64)> {
    let relu = f_function(interp, "relu").unwrap_or(Value::None);
    let gelu = f_function(interp, "gelu").unwrap_or(Value::None);
    let act = match given_value {
        None => relu.clone(),
        Some(Value::Str(s)) => match &*s {
            "relu" => relu.clone(),
            "gelu" => gelu.clone(),
            other => {
                return Err(runtime(format!(
                    "activation should be relu/gelu, not {other}"
                )));
            }
        },
        Some(v) => v,
    };
    let kind = match &act {
        a if is_same(a, &relu) => 1,
        a if is_same(a, &gelu) => 2,
        Value::Instance(i) if i.class().native_tag() == Some("ReLU") => 1,
        Value::Instance(i) if i.class().native_tag() == Some("GELU") => 2,
        _ => 0,
    };
    Ok((act, kind))
}

static ENCODER_LAYER_INIT: Sig = def(
    "TransformerEncoderLayer.__init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=relu, layer_norm_eps=1e-05, batch_first=False, norm_first=False, bias=True, device=None, dtype=None)",
);
static DECODER_LAYER_INIT: Sig = def(
    "TransformerDecoderLayer.__init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation=relu, layer_norm_eps=1e-05, batch_first=False, norm_first=False, bias=True, device=None, dtype=None)",
);

/// `TransformerEncoderLayer.__init__` and `TransformerDecoderLayer.__init__` (the decoder adds a
/// cross-attention, a third norm and a third dropout).
pub(crate) fn layer_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let decoder = inst.class().has_native("TransformerDecoderLayer");
    let b = if decoder {
        DECODER_LAYER_INIT.bind(args)?
    } else {
        ENCODER_LAYER_INIT.bind(args)?
    };
    let arg = |i: usize| b.value(i).unwrap_or(Value::None);
    let d_model = arg(1);
    let nhead = arg(2);
    let dim_ff = b.value(3).unwrap_or(Value::int(2048));
    let dropout = b.value(4).unwrap_or(Value::Float(0.1));
    let eps = b.value(6).unwrap_or(Value::Float(1e-5));
    let batch_first = b.value(7).unwrap_or(Value::Bool(false));
    let norm_first = flag(interp, &b, 8, false)?;
    let bias = b.value(9).unwrap_or(Value::Bool(true));
    inst.set("training", Value::Bool(true));
    let attention = |interp: &mut Interpreter| {
        construct(
            interp,
            "MultiheadAttention",
            vec![d_model.clone(), nhead.clone()],
            vec![
                ("dropout", dropout.clone()),
                ("bias", bias.clone()),
                ("batch_first", batch_first.clone()),
            ],
        )
    };
    let self_attn = attention(interp)?;
    inst.set("self_attn", self_attn);
    if decoder {
        let cross = attention(interp)?;
        inst.set("multihead_attn", cross);
    }
    let linear1 = construct(
        interp,
        "Linear",
        vec![d_model.clone(), dim_ff.clone()],
        vec![("bias", bias.clone())],
    )?;
    inst.set("linear1", linear1);
    let drop = construct(interp, "Dropout", vec![dropout.clone()], vec![])?;
    inst.set("dropout", drop);
    let linear2 = construct(
        interp,
        "Linear",
        vec![dim_ff, d_model.clone()],
        vec![("bias", bias.clone())],
    )?;
    inst.set("linear2", linear2);
    inst.set("norm_first", Value::Bool(norm_first));
    let norms: &[&str] = if decoder {
        &["norm1", "norm2", "norm3"]
    } else {
        &["norm1", "norm2"]
    };
    for name in norms {
        let norm = construct(
            interp,
            "LayerNorm",
            vec![d_model.clone()],
            vec![("eps", eps.clone()), ("bias", bias.clone())],
        )?;
        inst.set(name, norm);
    }
    let drops: &[&str] = if decoder {
        &["dropout1", "dropout2", "dropout3"]
    } else {
        &["dropout1", "dropout2"]
    };
    for name in drops {
        let d = construct(interp, "Dropout", vec![dropout.clone()], vec![])?;
        inst.set(name, d);
    }
    let (act, kind) = activation(interp, given(&b, 5))?;
    if !decoder {
        inst.set("activation_relu_or_gelu", Value::int(kind));
    }
    inst.set("activation", act);
    Ok(Value::None)
}

static ENCODER_LAYER_FORWARD: Sig = def(
    "TransformerEncoderLayer.forward(self, src, src_mask=None, src_key_padding_mask=None, is_causal=False)",
);

/// `_sa_block` / `_mha_block`: an attention's output (no weights), through a dropout.
#[allow(clippy::too_many_arguments)]
fn attention_block(
    interp: &mut Interpreter,
    inst: &Instance,
    attention: &str,
    dropout: &str,
    x: Value,
    memory: Option<Value>,
    attn_mask: Value,
    key_padding_mask: Value,
    is_causal: Value,
) -> PyResult<Value> {
    let (k, v) = match memory {
        Some(m) => (m.clone(), m),
        None => (x.clone(), x.clone()),
    };
    let r = call_child(
        interp,
        inst,
        attention,
        vec![x, k, v],
        vec![
            ("attn_mask", attn_mask),
            ("key_padding_mask", key_padding_mask),
            ("need_weights", Value::Bool(false)),
            ("is_causal", is_causal),
        ],
    )?;
    let out = first(interp, r)?;
    call_child(interp, inst, dropout, vec![out], vec![])
}

/// `_ff_block`: `dropout_last(linear2(dropout(activation(linear1(x)))))`.
fn feed_forward(
    interp: &mut Interpreter,
    inst: &Instance,
    last: &str,
    x: Value,
) -> PyResult<Value> {
    let h = call_child(interp, inst, "linear1", vec![x], vec![])?;
    let act = inst.get("activation").unwrap_or(Value::None);
    let h = call(interp, act, vec![h], vec![])?;
    let h = call_child(interp, inst, "dropout", vec![h], vec![])?;
    let h = call_child(interp, inst, "linear2", vec![h], vec![])?;
    call_child(interp, inst, last, vec![h], vec![])
}

pub(crate) fn encoder_layer_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = ENCODER_LAYER_FORWARD.bind(args)?;
    let src_v = b.value(1).unwrap_or(Value::None);
    let src_mask = none_or_dtype_arg(b.value(2))?;
    input_dtype_arg(&src_v)?;
    let kpm = dtype_arg(b.value(3))?;
    let is_causal = b.value(4).unwrap_or(Value::Bool(false));
    let kpm = canonical_mask(
        interp,
        kpm,
        "src_key_padding_mask",
        src_mask.as_ref().map(Tensor::dtype),
        "src_mask",
        true,
    )?;
    let src_mask = canonical_mask(interp, src_mask, "src_mask", None, "", false)?;
    let (mask, kpm) = (opt_value(src_mask), opt_value(kpm));
    let norm_first = matches!(inst.get("norm_first"), Some(Value::Bool(true)));
    let x = src_v;
    if norm_first {
        let n = call_child(interp, &inst, "norm1", vec![x.clone()], vec![])?;
        let sa = attention_block(
            interp,
            &inst,
            "self_attn",
            "dropout1",
            n,
            None,
            mask,
            kpm,
            is_causal,
        )?;
        let x = add(interp, x, sa)?;
        let n = call_child(interp, &inst, "norm2", vec![x.clone()], vec![])?;
        let ff = feed_forward(interp, &inst, "dropout2", n)?;
        add(interp, x, ff)
    } else {
        let sa = attention_block(
            interp,
            &inst,
            "self_attn",
            "dropout1",
            x.clone(),
            None,
            mask,
            kpm,
            is_causal,
        )?;
        let s = add(interp, x, sa)?;
        let x = call_child(interp, &inst, "norm1", vec![s], vec![])?;
        let ff = feed_forward(interp, &inst, "dropout2", x.clone())?;
        let s = add(interp, x, ff)?;
        call_child(interp, &inst, "norm2", vec![s], vec![])
    }
}

static DECODER_LAYER_FORWARD: Sig = def(
    "TransformerDecoderLayer.forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None, tgt_is_causal=False, memory_is_causal=False)",
);

pub(crate) fn decoder_layer_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = DECODER_LAYER_FORWARD.bind(args)?;
    let arg = |i: usize| b.value(i).unwrap_or(Value::None);
    let (x, memory) = (arg(1), arg(2));
    let (tgt_mask, memory_mask, tgt_kpm, memory_kpm) = (arg(3), arg(4), arg(5), arg(6));
    let tgt_is_causal = b.value(7).unwrap_or(Value::Bool(false));
    let memory_is_causal = b.value(8).unwrap_or(Value::Bool(false));
    let norm_first = matches!(inst.get("norm_first"), Some(Value::Bool(true)));
    if norm_first {
        let n = call_child(interp, &inst, "norm1", vec![x.clone()], vec![])?;
        let sa = attention_block(
            interp,
            &inst,
            "self_attn",
            "dropout1",
            n,
            None,
            tgt_mask,
            tgt_kpm,
            tgt_is_causal,
        )?;
        let x = add(interp, x, sa)?;
        let n = call_child(interp, &inst, "norm2", vec![x.clone()], vec![])?;
        let ca = attention_block(
            interp,
            &inst,
            "multihead_attn",
            "dropout2",
            n,
            Some(memory),
            memory_mask,
            memory_kpm,
            memory_is_causal,
        )?;
        let x = add(interp, x, ca)?;
        let n = call_child(interp, &inst, "norm3", vec![x.clone()], vec![])?;
        let ff = feed_forward(interp, &inst, "dropout3", n)?;
        add(interp, x, ff)
    } else {
        let sa = attention_block(
            interp,
            &inst,
            "self_attn",
            "dropout1",
            x.clone(),
            None,
            tgt_mask,
            tgt_kpm,
            tgt_is_causal,
        )?;
        let s = add(interp, x, sa)?;
        let x = call_child(interp, &inst, "norm1", vec![s], vec![])?;
        let ca = attention_block(
            interp,
            &inst,
            "multihead_attn",
            "dropout2",
            x.clone(),
            Some(memory),
            memory_mask,
            memory_kpm,
            memory_is_causal,
        )?;
        let s = add(interp, x, ca)?;
        let x = call_child(interp, &inst, "norm2", vec![s], vec![])?;
        let ff = feed_forward(interp, &inst, "dropout3", x.clone())?;
        let s = add(interp, x, ff)?;
        call_child(interp, &inst, "norm3", vec![s], vec![])
    }
}
