//! `nn.TransformerEncoder`, `nn.TransformerDecoder` and `nn.Transformer` (`torch/nn/modules/transformer.py`).

use super::*;

/// `_get_clones(module, n)`: a ModuleList of `copy.deepcopy(module)`s.
fn clones(interp: &mut Interpreter, module: &Value, n: i64) -> PyResult<Value> {
    let deepcopy = match interp.modules.get("copy") {
        Some(Value::Module(m)) => m.attrs.get("deepcopy").cloned(),
        _ => None,
    }
    .ok_or_else(|| runtime("internal: copy.deepcopy is missing"))?;
    let mut copies = Vec::new();
    for _ in 0..n.max(0) {
        copies.push(call(
            interp,
            deepcopy.clone(),
            vec![module.clone()],
            vec![],
        )?);
    }
    construct(interp, "ModuleList", vec![Value::list(copies)], vec![])
}

static ENCODER_INIT: Sig = def(
    "TransformerEncoder.__init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True)",
);

pub(crate) fn encoder_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = ENCODER_INIT.bind(args)?;
    let layer = b.value(1).unwrap_or(Value::None);
    let num_layers = b.int(2)?;
    let enable_nested = flag(interp, &b, 4, true)?;
    inst.set("training", Value::Bool(true));
    let layers = clones(interp, &layer, num_layers)?;
    inst.set("layers", layers);
    inst.set("num_layers", Value::int(num_layers));
    inst.set("norm", b.value(3).unwrap_or(Value::None));
    inst.set("enable_nested_tensor", Value::Bool(enable_nested));
    inst.set("use_nested_tensor", Value::Bool(enable_nested));
    inst.set("mask_check", b.value(5).unwrap_or(Value::Bool(true)));
    let why = why_not_sparsity(&layer);
    if enable_nested && let Some(why) = why {
        interp.warnings.push(format!(
            "UserWarning: enable_nested_tensor is True, but self.use_nested_tensor is False because {why}"
        ));
        inst.set("use_nested_tensor", Value::Bool(false));
    }
    Ok(Value::None)
}

/// Why `TransformerEncoder` will not use nested tensors with this layer (PyTorch warns of it).
fn why_not_sparsity(layer: &Value) -> Option<String> {
    let enc = "encoder_layer";
    let layer = match layer {
        Value::Instance(i) if i.class().has_native("TransformerEncoderLayer") => i,
        _ => return Some(format!("{enc} was not TransformerEncoderLayer")),
    };
    if matches!(layer.get("norm_first"), Some(Value::Bool(true))) {
        return Some(format!("{enc}.norm_first was True"));
    }
    let Ok(attn) = module_attr_of(layer, "self_attn") else {
        return None;
    };
    if !matches!(attn.get("batch_first"), Some(Value::Bool(true))) {
        return Some(format!(
            "{enc}.self_attn.batch_first was not True(use batch_first for better inference performance)"
        ));
    }
    if matches!(attn.get("_qkv_same_embed_dim"), Some(Value::Bool(false))) {
        return Some(format!("{enc}.self_attn._qkv_same_embed_dim was not True"));
    }
    if tensor_attr(&attn, "in_proj_bias").is_none() {
        return Some(format!("{enc}.self_attn was passed bias=False"));
    }
    if int_attr(layer, "activation_relu_or_gelu") == 0 {
        return Some(format!("{enc}.activation_relu_or_gelu was not True"));
    }
    let eps = |n: &str| module_attr_of(layer, n).map(|m| float_attr(&m, "eps")).ok();
    if eps("norm1") != eps("norm2") {
        return Some(format!("{enc}.norm1.eps was not equal to {enc}.norm2.eps"));
    }
    if int_attr(&attn, "num_heads") % 2 == 1 {
        return Some(format!("{enc}.self_attn.num_heads is odd"));
    }
    None
}

/// `_generate_square_subsequent_mask(sz)`: `-inf` above the diagonal, 0 elsewhere.
fn square_subsequent_mask(sz: usize) -> PyResult<Tensor> {
    crate::tensor::settings::check_numel(&[sz, sz])?;
    let full = Tensor::full(&[sz, sz], Scalar::Float(f64::NEG_INFINITY), DType::Float32)?;
    Ok(full.tri(1, false)?)
}

/// `_detect_is_causal_mask(mask, is_causal, size)`.
fn detect_is_causal(mask: &Value, is_causal: &Value, size: Option<usize>) -> PyResult<bool> {
    let make_causal = matches!(is_causal, Value::Bool(true));
    if let (Value::None, Value::Tensor(m)) = (is_causal, mask) {
        let sz = size.unwrap_or_else(|| {
            m.shape()
                .get(m.ndim().wrapping_sub(2))
                .copied()
                .unwrap_or(0)
        });
        let causal = square_subsequent_mask(sz)?;
        if m.shape() != causal.shape() {
            return Ok(false);
        }
        let eq = binary(BinaryOp::Eq, Operand::Tensor(m), Operand::Tensor(&causal))?;
        return Ok(eq.to_vec::<bool>().iter().all(|&x| x));
    }
    Ok(make_causal)
}

fn seq_len(src: &Value, batch_first: bool) -> Option<usize> {
    match src {
        Value::Tensor(t) if t.ndim() == 2 => Some(t.shape()[0]),
        Value::Tensor(t) => t.shape().get(usize::from(batch_first)).copied(),
        _ => None,
    }
}

/// `self.layers[0].self_attn.batch_first`.
fn first_layer_batch_first(inst: &Instance) -> bool {
    let Ok(layers) = module_attr_of(inst, "layers") else {
        return false;
    };
    let Some((_, layer)) = children(&layers).into_iter().next() else {
        return false;
    };
    module_attr_of(&layer, "self_attn")
        .is_ok_and(|a| matches!(a.get("batch_first"), Some(Value::Bool(true))))
}

fn layer_list(inst: &Instance) -> PyResult<Vec<Value>> {
    let layers = module_attr_of(inst, "layers")?;
    Ok(list_children(&layers))
}

static ENCODER_FORWARD: Sig = def(
    "TransformerEncoder.forward(self, src, mask=None, src_key_padding_mask=None, is_causal=None)",
);

pub(crate) fn encoder_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = ENCODER_FORWARD.bind(args)?;
    let src = b.value(1).unwrap_or(Value::None);
    let mask = none_or_dtype_arg(b.value(2))?;
    input_dtype_arg(&src)?;
    let kpm = dtype_arg(b.value(3))?;
    let is_causal = b.value(4).unwrap_or(Value::None);
    let kpm = canonical_mask(
        interp,
        kpm,
        "src_key_padding_mask",
        mask.as_ref().map(Tensor::dtype),
        "mask",
        true,
    )?;
    let mask = canonical_mask(interp, mask, "mask", None, "", false)?;
    let layers = layer_list(&inst)?;
    if layers.is_empty() {
        return Err(exc(ExcKind::IndexError, "index 0 is out of range"));
    }
    let nested_padding =
        nested_padding(interp, &inst, &layers[0], &src, mask.as_ref(), kpm.as_ref());
    if nested_padding.is_some() && !interp.warnings.iter().any(|w| w.contains("nested tensors")) {
        interp.warnings.push(
            "UserWarning: The PyTorch API of nested tensors is in prototype stage and will change in the near future. We recommend specifying layout=torch.jagged when constructing a nested tensor, as this layout receives active development, has better operator coverage, and works with torch.compile.".into(),
        );
    }
    let (mask, kpm) = (opt_value(mask), opt_value(kpm));
    let len = seq_len(&src, first_layer_batch_first(&inst));
    let is_causal = detect_is_causal(&mask, &is_causal, len)?;
    let mut output = src;
    for layer in layers {
        output = call(
            interp,
            layer,
            vec![output],
            vec![
                ("src_mask", mask.clone()),
                ("is_causal", Value::Bool(is_causal)),
                ("src_key_padding_mask", kpm.clone()),
            ],
        )?;
    }
    // `output.to_padded_tensor(0.0, src.size())`: the padded positions come back as zeros.
    if let (Some(padded), Value::Tensor(out)) = (nested_padding, &output) {
        let rows = padded.unsqueeze(-1)?;
        output = Value::Tensor(masked_fill(out, &rows, Scalar::Float(0.0))?);
    }
    match inst.get("norm") {
        Some(norm @ Value::Instance(_)) => call(interp, norm, vec![output], vec![]),
        _ => Ok(output),
    }
}

/// Where `TransformerEncoder.forward` takes its sparsity fast path (eval mode, no gradients recorded, a
/// left-aligned padding mask and no attention mask, with a layer that allows it), PyTorch runs the layers
/// on a nested tensor of the unpadded tokens and pads the result with zeros. The layers here run on the
/// padded batch with the padding mask, which gives the same values at the real tokens; this returns the
/// bool mask of the padded positions to zero afterwards, or `None` when PyTorch takes the ordinary path.
fn nested_padding(
    interp: &Interpreter,
    inst: &Instance,
    first_layer: &Value,
    src: &Value,
    mask: Option<&Tensor>,
    kpm: Option<&Tensor>,
) -> Option<Tensor> {
    let Value::Instance(layer) = first_layer else {
        return None;
    };
    let Value::Tensor(src) = src else {
        return None;
    };
    let kpm = kpm?;
    if !matches!(inst.get("use_nested_tensor"), Some(Value::Bool(true)))
        || training(layer)
        || src.ndim() != 3
        || mask.is_some()
        || kpm.ndim() != 2
    {
        return None;
    }
    // `mask_check`: each row's real tokens (where `kpm.logical_not()`) must come first.
    let padded: Vec<bool> = kpm.to_vec::<f32>().iter().map(|&v| v != 0.0).collect();
    let width = kpm.shape()[1];
    let mask_check = !matches!(inst.get("mask_check"), Some(Value::Bool(false)));
    if mask_check
        && padded
            .chunks(width.max(1))
            .any(|row| row.windows(2).any(|w| w[0] && !w[1]))
    {
        return None;
    }
    let mut params = Vec::new();
    all_parameters(layer, "", &mut params);
    let recording = crate::interp::torch::state::no_grad_depth(interp) == 0
        && (src.requires_grad() || params.iter().any(|(_, p)| p.requires_grad()));
    if recording {
        return None;
    }
    Tensor::from_vec(padded, kpm.shape()).ok()
}

static DECODER_INIT: Sig =
    def("TransformerDecoder.__init__(self, decoder_layer, num_layers, norm=None)");

pub(crate) fn decoder_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = DECODER_INIT.bind(args)?;
    let layer = b.value(1).unwrap_or(Value::None);
    let num_layers = b.int(2)?;
    inst.set("training", Value::Bool(true));
    let layers = clones(interp, &layer, num_layers)?;
    inst.set("layers", layers);
    inst.set("num_layers", Value::int(num_layers));
    inst.set("norm", b.value(3).unwrap_or(Value::None));
    Ok(Value::None)
}

static DECODER_FORWARD: Sig = def(
    "TransformerDecoder.forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None, tgt_is_causal=None, memory_is_causal=False)",
);

pub(crate) fn decoder_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = DECODER_FORWARD.bind(args)?;
    let arg = |i: usize| b.value(i).unwrap_or(Value::None);
    let (tgt, memory) = (arg(1), arg(2));
    let (tgt_mask, memory_mask, tgt_kpm, memory_kpm) = (arg(3), arg(4), arg(5), arg(6));
    let tgt_is_causal = arg(7);
    let memory_is_causal = b.value(8).unwrap_or(Value::Bool(false));
    let layers = layer_list(&inst)?;
    if layers.is_empty() {
        return Err(exc(ExcKind::IndexError, "index 0 is out of range"));
    }
    let len = seq_len(&tgt, first_layer_batch_first(&inst));
    let tgt_is_causal = detect_is_causal(&tgt_mask, &tgt_is_causal, len)?;
    let mut output = tgt;
    for layer in layers {
        output = call(
            interp,
            layer,
            vec![output, memory.clone()],
            vec![
                ("tgt_mask", tgt_mask.clone()),
                ("memory_mask", memory_mask.clone()),
                ("tgt_key_padding_mask", tgt_kpm.clone()),
                ("memory_key_padding_mask", memory_kpm.clone()),
                ("tgt_is_causal", Value::Bool(tgt_is_causal)),
                ("memory_is_causal", memory_is_causal.clone()),
            ],
        )?;
    }
    match inst.get("norm") {
        Some(norm @ Value::Instance(_)) => call(interp, norm, vec![output], vec![]),
        _ => Ok(output),
    }
}

static TRANSFORMER_INIT: Sig = def(
    "Transformer.__init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048, dropout=0.1, activation=relu, custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-05, batch_first=False, norm_first=False, bias=True, device=None, dtype=None)",
);

pub(crate) fn transformer_init(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = TRANSFORMER_INIT.bind(args)?;
    let or = |i: usize, d: Value| b.value(i).unwrap_or(d);
    let d_model = or(1, Value::int(512));
    let nhead = or(2, Value::int(8));
    let n_enc = or(3, Value::int(6));
    let n_dec = or(4, Value::int(6));
    let layer_args = vec![
        d_model.clone(),
        nhead.clone(),
        or(5, Value::int(2048)),
        or(6, Value::Float(0.1)),
        match b.value(7) {
            Some(v) => v,
            None => f_function(interp, "relu").unwrap_or(Value::None),
        },
        or(10, Value::Float(1e-5)),
        or(11, Value::Bool(false)),
        or(12, Value::Bool(false)),
        or(13, Value::Bool(true)),
    ];
    let eps = or(10, Value::Float(1e-5));
    let bias = or(13, Value::Bool(true));
    inst.set("training", Value::Bool(true));
    let encoder = match given(&b, 8) {
        Some(custom) => custom,
        None => {
            let layer = construct(
                interp,
                "TransformerEncoderLayer",
                layer_args.clone(),
                vec![],
            )?;
            let norm = construct(
                interp,
                "LayerNorm",
                vec![d_model.clone()],
                vec![("eps", eps.clone()), ("bias", bias.clone())],
            )?;
            construct(
                interp,
                "TransformerEncoder",
                vec![layer, n_enc, norm],
                vec![],
            )?
        }
    };
    inst.set("encoder", encoder);
    let decoder = match given(&b, 9) {
        Some(custom) => custom,
        None => {
            let layer = construct(interp, "TransformerDecoderLayer", layer_args, vec![])?;
            let norm = construct(
                interp,
                "LayerNorm",
                vec![d_model.clone()],
                vec![("eps", eps), ("bias", bias)],
            )?;
            construct(
                interp,
                "TransformerDecoder",
                vec![layer, n_dec, norm],
                vec![],
            )?
        }
    };
    inst.set("decoder", decoder);
    // `_reset_parameters`: xavier_uniform_ on every parameter with more than one dim, in order.
    let mut params = Vec::new();
    all_parameters(&inst, "", &mut params);
    let rng = &mut state(interp).rng;
    for (_, p) in params {
        if p.ndim() > 1 {
            init_(&p, Init::XavierUniform { gain: 1.0 }, rng)?;
        }
    }
    inst.set("d_model", d_model);
    inst.set("nhead", nhead);
    inst.set("batch_first", or(11, Value::Bool(false)));
    Ok(Value::None)
}

static TRANSFORMER_FORWARD: Sig = def(
    "Transformer.forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None, tgt_key_padding_mask=None, memory_key_padding_mask=None, src_is_causal=None, tgt_is_causal=None, memory_is_causal=False)",
);

pub(crate) fn transformer_forward(interp: &mut Interpreter, args: Args) -> PyResult<Value> {
    let inst = this(&args)?;
    let b = TRANSFORMER_FORWARD.bind(args)?;
    let arg = |i: usize| b.value(i).unwrap_or(Value::None);
    let (src_v, tgt_v) = (arg(1), arg(2));
    let src = tensor_arg(Some(src_v.clone()))?;
    let tgt = tensor_arg(Some(tgt_v.clone()))?;
    let batch_first = matches!(inst.get("batch_first"), Some(Value::Bool(true)));
    let is_batched = src.ndim() == 3;
    let size = |t: &Tensor, d: i64| -> PyResult<usize> {
        let n = t.ndim() as i64;
        let i = if d < 0 { d + n } else { d };
        t.shape().get(i as usize).copied().ok_or_else(|| {
            exc(
                ExcKind::IndexError,
                format!(
                    "Dimension out of range (expected to be in range of [{}, {}], but got {d})",
                    -n,
                    n - 1
                ),
            )
        })
    };
    let batch_dim = if batch_first { 0 } else { 1 };
    if size(&src, batch_dim)? != size(&tgt, batch_dim)? && is_batched {
        return Err(runtime("the batch number of src and tgt must be equal"));
    }
    let d_model = int_attr(&inst, "d_model");
    if size(&src, -1)? as i64 != d_model || size(&tgt, -1)? as i64 != d_model {
        return Err(runtime(
            "the feature number of src and tgt must be equal to d_model",
        ));
    }
    let memory = call_child(
        interp,
        &inst,
        "encoder",
        vec![src_v],
        vec![
            ("mask", arg(3)),
            ("src_key_padding_mask", arg(6)),
            ("is_causal", arg(9)),
        ],
    )?;
    call_child(
        interp,
        &inst,
        "decoder",
        vec![tgt_v, memory],
        vec![
            ("tgt_mask", arg(4)),
            ("memory_mask", arg(5)),
            ("tgt_key_padding_mask", arg(7)),
            ("memory_key_padding_mask", arg(8)),
            ("tgt_is_causal", arg(10)),
            (
                "memory_is_causal",
                b.value(11).unwrap_or(Value::Bool(false)),
            ),
        ],
    )
}

static SQUARE_MASK: Sig =
    def("Transformer.generate_square_subsequent_mask(sz, device=None, dtype=None)");
/// `torch.full((sz, sz), float("-inf"), dtype=dtype)`: its words for a size that is not an int.
static FULL: Sig = Sig::torch("full(SymInt[] size)");

/// `Transformer.generate_square_subsequent_mask(sz, device=None, dtype=None)`, a static method: called
/// on an instance, the instance is not an argument.
pub(crate) fn generate_square_subsequent_mask(_: &mut Interpreter, args: Args) -> PyResult<Value> {
    let mut args = args;
    if matches!(args.pos.first(), Some(Value::Instance(i)) if is_module(i)) {
        args.pos.remove(0);
    }
    let b = SQUARE_MASK.bind(args)?;
    let sz = b.value(0).unwrap_or(Value::None);
    let sz = FULL
        .bind(Args::new(vec![Value::tuple(vec![sz.clone(), sz])]))?
        .int_list(0)?[0];
    if sz < 0 {
        return Err(runtime(format!(
            "Trying to create tensor with negative dimension {sz}: [{sz}, {sz}]"
        )));
    }
    let dtype = match given(&b, 2) {
        Some(_) => b.dtype(2)?.unwrap_or(DType::Float32),
        None => DType::Float32,
    };
    let fill = Scalar::Float(f64::NEG_INFINITY);
    fill.check_fits(dtype)?;
    let sz = sz as usize;
    crate::tensor::settings::check_numel(&[sz, sz])?;
    let full = Tensor::full(&[sz, sz], fill, dtype)?;
    Ok(Value::Tensor(full.tri(1, false)?))
}
