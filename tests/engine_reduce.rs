//! cumsum, cumprod, logsumexp, amax/amin, count_nonzero and norm against PyTorch
//! (`tests/data/engine/reduce.json`, recorded by `tools/engine/gen_cases.py`).

mod engine_support;

use engine_support::{Case, Outcome, check_topic};
use transformer_tutor::tensor::ops::reduce;

fn run(c: &Case) -> Outcome {
    let x = c.t("x");
    let out = match c.op.as_str() {
        "cumsum" => reduce::cumsum(&x, c.i("dim"))?,
        "cumprod" => reduce::cumprod(&x, c.i("dim"))?,
        "logsumexp" => reduce::logsumexp(&x, &c.ints("dims"), c.b("keepdim"))?,
        "amax" => reduce::amax(&x, &c.ints("dims"), c.b("keepdim"), true)?,
        "amin" => reduce::amax(&x, &c.ints("dims"), c.b("keepdim"), false)?,
        "count_nonzero" => reduce::count_nonzero(&x, c.opt_ints("dims").as_deref())?,
        "norm" => reduce::vector_norm(&x, 2.0, c.opt_ints("dims").as_deref(), c.b("keepdim"))?,
        other => panic!("{}: no dispatcher for {other}", c.name),
    };
    Ok(out.into())
}

#[test]
fn cumsum_and_cumprod_match_pytorch() {
    check_topic("reduce", &["cumsum", "cumprod"], run);
}

#[test]
fn logsumexp_matches_pytorch() {
    check_topic("reduce", &["logsumexp"], run);
}

#[test]
fn amax_and_amin_match_pytorch() {
    check_topic("reduce", &["amax", "amin"], run);
}

#[test]
fn count_nonzero_and_norm_match_pytorch() {
    check_topic("reduce", &["count_nonzero", "norm"], run);
}
