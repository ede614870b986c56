//! Attention, `linear`, the parametrised activations, dropout, embedding and one_hot against PyTorch
//! (`tests/data/engine/nn.json`, recorded by `tools/engine/gen_cases.py`).

mod engine_support;

use engine_support::{Case, Outcome, check_topic};
use transformer_tutor::tensor::ops::{create, nn};
use transformer_tutor::tensor::random::Generator;

fn run(c: &Case) -> Outcome {
    let out = match c.op.as_str() {
        "sdpa" => {
            let mask = c.opt_t("mask");
            let options = nn::AttentionOptions {
                attn_mask: mask.as_ref(),
                is_causal: c.has_arg("is_causal") && c.b("is_causal"),
                scale: c.opt_f("scale"),
                enable_gqa: false,
            };
            nn::scaled_dot_product_attention(&c.t("q"), &c.t("k"), &c.t("v"), &options)?
        }
        "linear" => nn::linear(&c.t("x"), &c.t("weight"), c.opt_t("bias").as_ref())?,
        "leaky_relu" => nn::leaky_relu(&c.t("x"), c.f("negative_slope"))?,
        "elu" => nn::elu(&c.t("x"), c.f("alpha"))?,
        "softplus" => nn::softplus(&c.t("x"), c.f("beta"), c.f("threshold"))?,
        "dropout" => {
            let mut rng = Generator::new(c.i("seed") as u64);
            nn::dropout(&c.t("x"), c.f("p"), c.b("training"), &mut rng)?
        }
        "embedding" => nn::embedding(&c.t("indices"), &c.t("weight"))?,
        "one_hot" => create::one_hot(&c.t("x"), c.i("num_classes"))?,
        other => panic!("{}: no dispatcher for {other}", c.name),
    };
    Ok(out.into())
}

#[test]
fn attention_matches_pytorch() {
    check_topic("nn", &["sdpa"], run);
}

#[test]
fn linear_matches_pytorch() {
    check_topic("nn", &["linear"], run);
}

#[test]
fn activations_match_pytorch() {
    check_topic("nn", &["leaky_relu", "elu", "softplus"], run);
}

#[test]
fn dropout_matches_pytorch() {
    check_topic("nn", &["dropout"], run);
}

#[test]
fn embedding_and_one_hot_match_pytorch() {
    check_topic("nn", &["embedding", "one_hot"], run);
}

/// Embedding and linear failures carry the offending index or dtypes, with PyTorch's exception class.
#[test]
fn nn_errors_are_structured() {
    use transformer_tutor::tensor::{DType, Tensor, TensorError};
    let weight = Tensor::zeros(&[5, 2], DType::Float32).unwrap();
    let idx = Tensor::from_vec(vec![1i64, 7], &[2]).unwrap();
    let err = nn::embedding(&idx, &weight).unwrap_err();
    assert_eq!(
        err,
        TensorError::EmbeddingIndexOutOfRange {
            index: 7,
            num_embeddings: 5
        }
    );
    assert_eq!(err.python_type(), "IndexError");
    let float_idx = Tensor::zeros(&[2], DType::Float32).unwrap();
    assert_eq!(
        nn::embedding(&float_idx, &weight).unwrap_err(),
        TensorError::EmbeddingIndexDtype {
            dtype: DType::Float32
        }
    );
    let negative = Tensor::from_vec(vec![0i64, -1], &[2]).unwrap();
    assert_eq!(
        create::one_hot(&negative, 3).unwrap_err(),
        TensorError::OneHot {
            problem: transformer_tutor::tensor::error::OneHotProblem::Negative
        }
    );
    let ints = Tensor::zeros(&[1, 2], DType::Int64).unwrap();
    assert_eq!(
        nn::linear(&ints, &weight, None).unwrap_err(),
        TensorError::DtypeMismatch {
            op: "linear",
            what: "mat1 and mat2",
            lhs: DType::Int64,
            rhs: DType::Float32
        }
    );
}
