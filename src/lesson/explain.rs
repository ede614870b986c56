//! Shape errors explained in the lesson's words: PyTorch's message stays as it is, and below it the
//! operands' named shapes, the named dims that clash, and a hint for the classic mistakes (`q @ k` without
//! `.transpose(-2, -1)`, `view` after `transpose`, a mask of the wrong shape, a Linear fed the wrong size).
//! Only the notebook and traces say this; `exec` prints PyTorch's output and nothing else.

use crate::interp::record::{FailedOperand, Failure};
use crate::tensor::sym::Axes;

/// How the kernel names sizes (see `Kernel::named_sizes`).
pub trait Namer {
    fn named_sizes(&self, shape: &[usize], axes: &Axes) -> String;
    fn axis_name(&self, axes: &Axes, i: usize) -> Option<String>;
}

/// The operands that were tensors, as (source text, shape, axes).
fn tensors(f: &Failure) -> Vec<(&str, &[usize], &Axes)> {
    f.operands
        .iter()
        .filter_map(|FailedOperand { text, shape }| {
            shape
                .as_ref()
                .map(|(s, a)| (text.as_str(), s.as_slice(), a))
        })
        .collect()
}

/// A dim's name, or its size where no name is proven (`head_dim`, `7`).
fn dim(namer: &dyn Namer, shape: &[usize], axes: &Axes, i: usize) -> String {
    namer
        .axis_name(axes, i)
        .unwrap_or_else(|| shape.get(i).map_or("?".into(), |s| s.to_string()))
}

/// Lines explaining `message` (PyTorch's) raised by `failure`, or `None` when it is not a shape error the
/// tutor knows or the operands' shapes are unknown.
pub fn explain(namer: &dyn Namer, message: &str, failure: &Failure) -> Option<Vec<String>> {
    let ts = tensors(failure);
    let shapes: Vec<String> = ts
        .iter()
        .map(|(text, shape, axes)| format!("`{text}` is {}", namer.named_sizes(shape, axes)))
        .collect();
    if shapes.is_empty() {
        return None;
    }
    let mut lines = vec![format!("In `{}`: {}.", failure.text, shapes.join(", "))];
    let matmul = message.contains("mat1 and mat2 shapes cannot be multiplied")
        || message.contains("Expected size for first two dimensions of batch2 tensor")
        || message.contains("size mismatch, got input");
    if matmul {
        lines.extend(explain_matmul(namer, failure, &ts));
        // `(7x4 and 8x8)`: a layer's weight is mat2, its first size the in_features the input needs.
        if let [(_, sx, _)] = ts.as_slice()
            && let Some(inner) = message
                .rsplit('(')
                .next()
                .and_then(|m| m.split(" and ").nth(1))
            && let Some(want) = inner.split('x').next()
            && !failure.method
        {
            lines.push(format!(
                "It was made for inputs whose last dim is {want}; this one's is {}.",
                sx.last().copied().unwrap_or(0)
            ));
        }
    } else if message.starts_with("view size is not compatible") {
        lines.push(
            "`view` never copies, so it needs dims that can be merged in memory; after `transpose` or \
             `permute` they are not. Call `.contiguous()` first (or use `.reshape()`, which copies when it must)."
                .into(),
        );
    } else if let Some(rest) = message.strip_prefix("The size of tensor a (") {
        lines.extend(explain_broadcast(namer, failure, &ts, rest));
    } else if message.starts_with("shape '[") && message.contains("is invalid for input of size") {
        if let Some((_, shape, axes)) = ts.first() {
            lines.push(format!(
                "The sizes you asked for must multiply to the tensor's {} elements ({}); exactly one of them may be -1.",
                shape.iter().product::<usize>(),
                named_product(namer, shape, axes)
            ));
        }
    } else if message.starts_with("Sizes of tensors must match except in dimension") {
        lines.push(
            "`cat` joins along one dim; every other dim must be the same in all the tensors."
                .into(),
        );
    } else {
        return None;
    }
    Some(lines)
}

/// `bs × sl × hid_dim` for the message about a view's element count.
fn named_product(namer: &dyn Namer, shape: &[usize], axes: &Axes) -> String {
    (0..shape.len())
        .map(|i| dim(namer, shape, axes, i))
        .collect::<Vec<_>>()
        .join(" × ")
}

fn explain_matmul(
    namer: &dyn Namer,
    failure: &Failure,
    ts: &[(&str, &[usize], &Axes)],
) -> Vec<String> {
    let mut out = Vec::new();
    match ts {
        [(ta, sa, aa), (tb, sb, ab), ..] if sa.len() >= 2 && sb.len() >= 2 => {
            let (ka, kb) = (sa.len() - 1, sb.len() - 2);
            let (na, nb) = (dim(namer, sa, aa, ka), dim(namer, sb, ab, kb));
            out.push(format!(
                "A matrix product multiplies the last dim of `{ta}` ({na}) with the second-to-last of `{tb}` ({nb}): they must be equal."
            ));
            let last_b = dim(namer, sb, ab, sb.len() - 1);
            if na == last_b {
                out.push(format!(
                    "Hint: to compare every row of `{ta}` with every row of `{tb}`, turn `{tb}` around first: `{ta} @ {tb}.transpose(-2, -1)`."
                ));
            }
        }
        [(tx, sx, ax)] if !failure.method && !sx.is_empty() => {
            // A layer called on its input (`fc(x)`): a Linear transforms the last dim.
            let last = dim(namer, sx, ax, sx.len() - 1);
            out.push(format!(
                "`{}` transforms the last dim of its input, and the last dim of `{tx}` ({last}) is not the size the layer was made for (its in_features).",
                failure.op
            ));
        }
        _ => {}
    }
    out
}

fn explain_broadcast(
    namer: &dyn Namer,
    failure: &Failure,
    ts: &[(&str, &[usize], &Axes)],
    rest: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    // `7) must match the size of tensor b (2) at non-singleton dimension 1`
    let dim_at: Option<usize> = rest
        .rsplit("dimension ")
        .next()
        .and_then(|d| d.trim().parse().ok());
    // masked_fill broadcasts (mask, self): tensor a is the mask.
    let ordered: Vec<&(&str, &[usize], &Axes)> = if failure.op.starts_with("masked_fill") {
        ts.iter().rev().collect()
    } else {
        ts.iter().collect()
    };
    if let (Some(k), [a, b, ..]) = (dim_at, ordered.as_slice()) {
        let n = a.1.len().max(b.1.len());
        let name_at = |t: &(&str, &[usize], &Axes)| -> Option<String> {
            let i = (k + t.1.len()).checked_sub(n)?;
            Some(dim(namer, t.1, t.2, i))
        };
        if let (Some(da), Some(db)) = (name_at(a), name_at(b)) {
            out.push(format!(
                "Broadcasting lines the shapes up from the right; at dim {k} `{}` has {da} and `{}` has {db}, and neither is 1.",
                a.0, b.0
            ));
        }
    }
    if failure.op.starts_with("masked_fill") {
        out.push(
            "Hint: a mask needs a 1 wherever it is the same for every row of that dim: a pad mask for scores \
             [bs, n_heads, sl, sl] is [bs, 1, 1, sl] (`.unsqueeze(1).unsqueeze(2)`)."
                .into(),
        );
    }
    out
}
