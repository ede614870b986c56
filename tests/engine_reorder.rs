//! flip, repeat, repeat_interleave, diagonal, diag, pad, movedim, unflatten, unbind, vstack/hstack,
//! broadcast_tensors, tril_indices and sort/argsort/topk against PyTorch
//! (`tests/data/engine/reorder.json`, recorded by `tools/engine/gen_cases.py`).

mod engine_support;

use engine_support::{Case, Outcome, Output, check_topic};
use transformer_tutor::tensor::ops::{create, reorder, sort};

fn run(c: &Case) -> Outcome {
    let out = match c.op.as_str() {
        "flip" => reorder::flip(&c.t("x"), &c.ints("dims"))?,
        "repeat" => reorder::repeat(&c.t("x"), &c.ints("repeats"))?,
        "repeat_interleave" => {
            reorder::repeat_interleave(&c.t("x"), c.i("repeats").max(0) as usize, c.opt_i("dim"))?
        }
        "diagonal" => reorder::diagonal(&c.t("x"), c.i("offset"), c.i("dim1"), c.i("dim2"))?,
        "diag" => reorder::diag(&c.t("x"))?,
        "pad" => reorder::pad(&c.t("x"), &c.ints("pad"), c.scalar("value"))?,
        "movedim" => reorder::movedim(&c.t("x"), c.i("source"), c.i("destination"))?,
        "unflatten" => reorder::unflatten(&c.t("x"), c.i("dim"), &c.ints("sizes"))?,
        "unbind" => return Ok(Output::Tensors(reorder::unbind(&c.t("x"), c.i("dim"))?)),
        "vstack" => reorder::vstack(&c.ts("tensors"))?,
        "hstack" => reorder::hstack(&c.ts("tensors"))?,
        "broadcast_tensors" => {
            return Ok(Output::Tensors(reorder::broadcast_tensors(
                &c.ts("tensors"),
            )?));
        }
        "tril_indices" => create::tril_indices(c.i("row"), c.i("col"), c.i("offset"))?,
        "sort" => {
            let s = sort::sort(&c.t("x"), c.i("dim"), c.b("descending"))?;
            return Ok(Output::Tensors(vec![s.values, s.indices]));
        }
        "argsort" => sort::argsort(&c.t("x"), c.i("dim"), c.b("descending"))?,
        "topk" => {
            let s = sort::topk(&c.t("x"), c.i("k"), c.i("dim"), c.b("largest"), true)?;
            return Ok(Output::Tensors(vec![s.values, s.indices]));
        }
        other => panic!("{}: no dispatcher for {other}", c.name),
    };
    Ok(out.into())
}

#[test]
fn flip_matches_pytorch() {
    check_topic("reorder", &["flip"], run);
}

#[test]
fn repeat_and_repeat_interleave_match_pytorch() {
    check_topic("reorder", &["repeat", "repeat_interleave"], run);
}

#[test]
fn diagonal_and_diag_match_pytorch() {
    check_topic("reorder", &["diagonal", "diag"], run);
}

#[test]
fn pad_matches_pytorch() {
    check_topic("reorder", &["pad"], run);
}

#[test]
fn views_of_several_steps_match_pytorch() {
    check_topic(
        "reorder",
        &["movedim", "unflatten", "unbind", "broadcast_tensors"],
        run,
    );
}

#[test]
fn stacking_matches_pytorch() {
    check_topic("reorder", &["vstack", "hstack"], run);
}

#[test]
fn tril_indices_matches_pytorch() {
    check_topic("reorder", &["tril_indices"], run);
}

#[test]
fn sort_and_topk_match_pytorch() {
    check_topic("reorder", &["sort", "argsort", "topk"], run);
}

/// Shape failures of the reorder ops carry what PyTorch's message is about.
#[test]
fn reorder_errors_are_structured() {
    use transformer_tutor::tensor::{DType, Scalar, Tensor, TensorError};
    let x = Tensor::zeros(&[2, 3], DType::Int64).unwrap();
    assert_eq!(
        reorder::repeat(&x, &[2]).unwrap_err(),
        TensorError::RepeatTooFewDims {
            repeats: vec![2],
            shape: vec![2, 3]
        }
    );
    assert_eq!(
        reorder::flip(&x, &[1, -1]).unwrap_err(),
        TensorError::DuplicateDim { op: "flip", dim: 1 }
    );
    assert_eq!(
        reorder::pad(&x, &[1], Scalar::Int(0)).unwrap_err(),
        TensorError::PadLength {
            pads: 1,
            shape: vec![2, 3]
        }
    );
    assert_eq!(
        reorder::diagonal(&x, 0, 0, -2).unwrap_err(),
        TensorError::DiagonalSameDims { dim1: 0, dim2: 0 }
    );
}
