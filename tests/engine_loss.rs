//! `nll_loss`, `cross_entropy`, `mse_loss`, `kl_div` and the `reduction=` argument against PyTorch
//! (`tests/data/engine/loss.json`, recorded by `tools/engine/gen_cases.py`).

mod engine_support;

use engine_support::{Case, Outcome, check_topic};
use transformer_tutor::tensor::ops::loss::{self, ClassLossOptions, KlDivReduction, Reduction};

fn class_options(c: &Case) -> Result<ClassLossOptions, transformer_tutor::tensor::TensorError> {
    Ok(ClassLossOptions {
        ignore_index: c.i("ignore_index"),
        // Parsed first, as `F.nll_loss` evaluates `_Reduction.get_enum(reduction)` before the kernel runs.
        reduction: Reduction::parse(&c.s("reduction"))?,
        label_smoothing: c.opt_f("label_smoothing").unwrap_or(0.0),
        weight: None,
    })
}

fn run(c: &Case) -> Outcome {
    let out = match c.op.as_str() {
        "nll_loss" => loss::nll_loss(&c.t("input"), &c.t("target"), class_options(c)?)?,
        "cross_entropy" => loss::cross_entropy(&c.t("input"), &c.t("target"), class_options(c)?)?,
        "mse_loss" => {
            let reduction = Reduction::parse(&c.s("reduction"))?;
            loss::mse_loss(&c.t("input"), &c.t("target"), reduction)?
        }
        "kl_div" => {
            let reduction = KlDivReduction::parse(&c.s("reduction"))?;
            loss::kl_div(&c.t("input"), &c.t("target"), reduction, c.b("log_target"))?
        }
        other => panic!("{}: no dispatcher for {other}", c.name),
    };
    Ok(out.into())
}

#[test]
fn nll_loss_matches_pytorch() {
    check_topic("loss", &["nll_loss"], run);
}

#[test]
fn cross_entropy_matches_pytorch() {
    check_topic("loss", &["cross_entropy"], run);
}

#[test]
fn mse_loss_matches_pytorch() {
    check_topic("loss", &["mse_loss"], run);
}

#[test]
fn kl_div_matches_pytorch() {
    check_topic("loss", &["kl_div"], run);
}

#[test]
fn reduction_names_follow_torch_nn_reduction() {
    assert_eq!(Reduction::parse("none"), Ok(Reduction::None));
    assert_eq!(Reduction::parse("mean"), Ok(Reduction::Mean));
    assert_eq!(Reduction::parse("elementwise_mean"), Ok(Reduction::Mean));
    assert_eq!(Reduction::parse("sum"), Ok(Reduction::Sum));
    let err = Reduction::parse("batchmean").unwrap_err();
    assert_eq!(err.python_type(), "ValueError");
    assert_eq!(
        err.to_string(),
        "batchmean is not a valid value for reduction"
    );
    assert_eq!(
        KlDivReduction::parse("batchmean"),
        Ok(KlDivReduction::BatchMean)
    );
}

/// Loss failures carry the op and the sizes behind PyTorch's message, with PyTorch's exception class.
#[test]
fn loss_errors_are_structured() {
    use transformer_tutor::tensor::{DType, Tensor, TensorError};
    let logp = Tensor::zeros(&[2, 3], DType::Float32).unwrap();
    let target = Tensor::from_vec(vec![0i64, 3], &[2]).unwrap();
    let err = loss::nll_loss(&logp, &target, ClassLossOptions::new()).unwrap_err();
    assert_eq!(
        err,
        TensorError::TargetOutOfBounds {
            op: "nll_loss",
            target: 3,
            classes: 3
        }
    );
    assert_eq!(err.python_type(), "IndexError");
    let short = Tensor::from_vec(vec![0i64], &[1]).unwrap();
    let err = loss::cross_entropy(&logp, &short, ClassLossOptions::default()).unwrap_err();
    assert_eq!(
        err,
        TensorError::LossBatchMismatch {
            op: "cross_entropy",
            input: 2,
            target: 1
        }
    );
    assert_eq!(err.python_type(), "ValueError");
}
