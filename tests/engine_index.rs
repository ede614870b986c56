//! gather, scatter, index_fill, index_select, masked_select, nonzero and Python-style indexing (reads
//! and writes) against PyTorch (`tests/data/engine/index.json`, recorded by `tools/engine/gen_cases.py`).

mod engine_support;

use engine_support::{Case, Outcome, Output, check_topic};
use transformer_tutor::tensor::Operand;
use transformer_tutor::tensor::ops::gather;

fn scatter_src(
    c: &Case,
) -> (
    Option<transformer_tutor::tensor::Tensor>,
    Option<transformer_tutor::tensor::Scalar>,
) {
    if c.has("src") {
        (Some(c.t("src")), None)
    } else {
        (None, Some(c.scalar("value")))
    }
}

fn run(c: &Case) -> Outcome {
    let out = match c.op.as_str() {
        "gather" => gather::gather(&c.t("x"), c.i("dim"), &c.t("index"))?,
        "scatter" | "scatter_" => {
            let x = c.t("x");
            let (src_t, src_s) = scatter_src(c);
            let src = match (&src_t, src_s) {
                (Some(t), _) => Operand::Tensor(t),
                (None, Some(s)) => Operand::Scalar(s),
                (None, None) => unreachable!(),
            };
            if c.op == "scatter" {
                gather::scatter(&x, c.i("dim"), &c.t("index"), src)?
            } else {
                gather::scatter_(&x, c.i("dim"), &c.t("index"), src)?;
                x
            }
        }
        "index_fill" => {
            gather::index_fill(&c.t("x"), c.i("dim"), &c.t("index"), c.scalar("value"))?
        }
        "index_fill_" => {
            let x = c.t("x");
            gather::index_fill_(&x, c.i("dim"), &c.t("index"), c.scalar("value"))?;
            x
        }
        "index_select" => gather::index_select(&c.t("x"), c.i("dim"), &c.t("index"))?,
        "masked_select" => gather::masked_select(&c.t("x"), &c.t("mask"))?,
        "nonzero" => gather::nonzero(&c.t("x"))?,
        "nonzero_tuple" => return Ok(Output::Tensors(gather::nonzero_tuple(&c.t("x"))?)),
        "index" => c.t("x").index(&c.indices())?,
        "index_put" => {
            let x = c.t("x");
            x.index_put(&c.indices(), &c.t("value"))?;
            x
        }
        other => panic!("{}: no dispatcher for {other}", c.name),
    };
    Ok(out.into())
}

#[test]
fn gather_matches_pytorch() {
    check_topic("index", &["gather"], run);
}

#[test]
fn scatter_matches_pytorch() {
    check_topic("index", &["scatter", "scatter_"], run);
}

#[test]
fn index_fill_matches_pytorch() {
    check_topic("index", &["index_fill", "index_fill_"], run);
}

#[test]
fn index_select_and_masked_select_match_pytorch() {
    check_topic("index", &["index_select", "masked_select"], run);
}

#[test]
fn nonzero_matches_pytorch() {
    check_topic("index", &["nonzero", "nonzero_tuple"], run);
}

#[test]
fn python_indexing_matches_pytorch() {
    check_topic("index", &["index", "index_put"], run);
}

/// gather/scatter failures carry the op, the index entry and the shapes behind PyTorch's message.
#[test]
fn index_errors_are_structured() {
    use transformer_tutor::tensor::{DType, Tensor, TensorError};
    let x = Tensor::zeros(&[3, 4], DType::Float32).unwrap();
    let idx = Tensor::from_vec(vec![0i64, 4, 1], &[3, 1]).unwrap();
    assert_eq!(
        gather::gather(&x, 1, &idx).unwrap_err(),
        TensorError::IndexOutOfBounds {
            op: "gather",
            index: 4,
            dim: 1,
            size: 4
        }
    );
    let flat = Tensor::from_vec(vec![0i64, 1], &[2]).unwrap();
    assert_eq!(
        gather::gather(&x, 0, &flat).unwrap_err(),
        TensorError::IndexRankMismatch {
            op: "gather",
            index: vec![2],
            input: vec![3, 4]
        }
    );
    let err = gather::scatter(
        &x,
        0,
        &idx,
        Operand::Scalar(transformer_tutor::tensor::Scalar::Int(1)),
    )
    .unwrap_err();
    assert!(matches!(
        err,
        TensorError::IndexOutOfBounds {
            op: "scatter",
            index: 4,
            ..
        }
    ));
}
