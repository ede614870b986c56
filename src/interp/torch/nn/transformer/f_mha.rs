//! `F.multi_head_attention_forward` (`torch/nn/functional.py`): the functional form the module calls,
//! with its own arguments (separate projection weights, `static_k` / `static_v`).

use super::attention::{MhaInputs, MhaWeights, mha_core};
use super::*;

static F_MHA: &str = "multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias, training=True, key_padding_mask=None, need_weights=True, attn_mask=None, use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None, v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True, is_causal=False)";

/// `F.multi_head_attention_forward`, the functional form the module calls.
pub(crate) static F_DEFS: &[FDef] = &[FDef {
    def: Def::python(
        "multi_head_attention_forward",
        F_MHA,
        Dialect::PyDef,
        f_multi_head_attention_forward,
    ),
    node: Node::Own,
}];

fn f_multi_head_attention_forward(interp: &mut Interpreter, c: &Call) -> PyResult<Value> {
    let value = |i: usize| c.value(i).unwrap_or(Value::None);
    let truthy = |interp: &mut Interpreter, i: usize| -> PyResult<bool> {
        let v = c.value_or_default(i)?;
        interp.truthy(&v)
    };
    let (qv, kv, vv) = (value(0), value(1), value(2));
    let query = tensor_arg(Some(qv.clone()))?;
    let key = tensor_arg(Some(kv.clone()))?;
    let val = tensor_arg(Some(vv.clone()))?;
    let opt = |i: usize| opt_tensor_arg(c.value(i));
    let separate = if truthy(interp, 17)? {
        let mut ws = Vec::new();
        for (i, name) in [
            (18, "q_proj_weight"),
            (19, "k_proj_weight"),
            (20, "v_proj_weight"),
        ] {
            ws.push(opt(i)?.ok_or_else(|| {
                assertion(format!(
                    "use_separate_proj_weight is True but {name} is None"
                ))
            })?);
        }
        Some((ws[0].clone(), ws[1].clone(), ws[2].clone()))
    } else {
        None
    };
    let out_proj_weight = tensor_arg(c.value(11))?;
    let weights = MhaWeights {
        embed_dim: c.int(3)?,
        num_heads: c.int(4)?,
        in_proj_weight: opt(5)?,
        in_proj_bias: opt(6)?,
        bias_k: opt(7)?,
        bias_v: opt(8)?,
        add_zero_attn: truthy(interp, 9)?,
        dropout_p: c.float(10)?,
        out_proj_weight,
        out_proj_bias: opt(12)?,
        training: truthy(interp, 13)?,
        separate,
    };
    let is_batched = query.ndim() == 3;
    let mut params: Vec<Tensor> = vec![query.clone(), key.clone(), val.clone()];
    for i in [5, 6, 7, 8, 11, 12, 18, 19, 20] {
        if let Some(t) = opt(i)? {
            params.push(t);
        }
    }
    let record = autograd::recording_tensors(interp, &params.iter().collect::<Vec<_>>());
    let average_attn_weights = truthy(interp, 23)?;
    let inputs = MhaInputs {
        query,
        key,
        value: val,
        q_is_k: is_same(&qv, &kv),
        k_is_v: is_same(&kv, &vv),
        key_padding_mask: opt(14)?,
        attn_mask: opt(16)?,
        need_weights: truthy(interp, 15)?,
        average_attn_weights,
        is_causal: truthy(interp, 24)?,
        static_k: opt(21)?,
        static_v: opt(22)?,
    };
    let (out, attn) = mha_core(interp, &weights, inputs)?;
    let out_node = if is_batched {
        "ViewBackward0"
    } else {
        "SqueezeBackward1"
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
