//! Broadcasting binary ops (shapes, dtype promotion, Python numbers, in-place rules and the error that
//! names the mismatching dim) and the pointwise ops built on them (where, masked_fill, isclose/allclose/
//! equal, lerp, round, trunc division, logical ops, outer/dot/mv/addmm, `in`) against PyTorch
//! (`tests/data/engine/broadcast.json`, recorded by `tools/engine/gen_cases.py`).

mod engine_support;

use engine_support::{Case, Outcome, Output, check_topic};
use transformer_tutor::tensor::ops::elementwise::{binary, binary_inplace, masked_fill, where_};
use transformer_tutor::tensor::ops::{matmul, pointwise};
use transformer_tutor::tensor::{BinaryOp, Operand, Tensor};

fn binary_op(name: &str) -> BinaryOp {
    match name {
        "add" => BinaryOp::Add,
        "sub" => BinaryOp::Sub,
        "mul" => BinaryOp::Mul,
        "div" => BinaryOp::Div,
        "floor_divide" => BinaryOp::FloorDiv,
        "remainder" => BinaryOp::Rem,
        "pow" => BinaryOp::Pow,
        "maximum" => BinaryOp::Maximum,
        "minimum" => BinaryOp::Minimum,
        "eq" => BinaryOp::Eq,
        "ne" => BinaryOp::Ne,
        "lt" => BinaryOp::Lt,
        "le" => BinaryOp::Le,
        "gt" => BinaryOp::Gt,
        "ge" => BinaryOp::Ge,
        "bitwise_and" | "and" => BinaryOp::And,
        "bitwise_or" | "or" => BinaryOp::Or,
        "bitwise_xor" | "xor" => BinaryOp::Xor,
        other => panic!("unknown binary op {other}"),
    }
}

/// Input `key` as a tensor, or argument `key` as a Python number.
fn operand<'a>(c: &Case, key: &str, holder: &'a mut Option<Tensor>) -> Operand<'a> {
    if c.has(key) {
        *holder = Some(c.t(key));
        Operand::Tensor(holder.as_ref().expect("just set"))
    } else {
        Operand::Scalar(c.scalar(key))
    }
}

fn run(c: &Case) -> Outcome {
    let (mut ha, mut hb) = (None, None);
    let out = match c.op.as_str() {
        "binary" => {
            let a = operand(c, "a", &mut ha);
            let b = operand(c, "b", &mut hb);
            binary(binary_op(&c.s("fn")), a, b)?
        }
        "binary_" => {
            let a = c.t("a");
            binary_inplace(binary_op(&c.s("fn")), &a, operand(c, "b", &mut hb))?;
            a
        }
        "binary_alpha" => pointwise::binary_alpha(
            binary_op(&c.s("fn")),
            &c.t("a"),
            operand(c, "b", &mut hb),
            Some(c.scalar("alpha")),
        )?,
        "where" => where_(
            &c.t("cond"),
            operand(c, "a", &mut ha),
            operand(c, "b", &mut hb),
        )?,
        "masked_fill" => masked_fill(&c.t("x"), &c.t("mask"), c.scalar("value"))?,
        "isclose" => {
            let tol = pointwise::Tolerance {
                rtol: c.f("rtol"),
                atol: c.f("atol"),
                equal_nan: c.b("equal_nan"),
            };
            pointwise::isclose(&c.t("a"), &c.t("b"), tol)?
        }
        "allclose" => {
            let tol = pointwise::Tolerance {
                rtol: c.f("rtol"),
                atol: c.f("atol"),
                equal_nan: false,
            };
            let same = pointwise::allclose(&c.t("a"), &c.t("b"), tol)?;
            return Ok(Output::Bool(same));
        }
        "equal" => return Ok(Output::Bool(pointwise::equal(&c.t("a"), &c.t("b"))?)),
        "lerp" => pointwise::lerp(&c.t("a"), &c.t("b"), c.scalar("weight"))?,
        "round" => pointwise::round_decimals(&c.t("x"), c.i("decimals"))?,
        "div_trunc" => pointwise::div_trunc(&c.t("a"), operand(c, "b", &mut hb))?,
        "logical" => pointwise::logical(binary_op(&c.s("fn")), &c.t("a"), &c.t("b"))?,
        "logical_not" => pointwise::logical_not(&c.t("x"))?,
        "outer" => pointwise::outer(&c.t("a"), &c.t("b"))?,
        "dot" => matmul::dot(&c.t("a"), &c.t("b"))?,
        "mv" => matmul::mv(&c.t("a"), &c.t("b"))?,
        "addmm" => matmul::addmm(&c.t("x"), &c.t("a"), &c.t("b"))?,
        "contains" => {
            let x = c.t("x");
            return Ok(Output::Bool(pointwise::contains(
                &x,
                operand(c, "item", &mut ha),
            )?));
        }
        other => panic!("{}: no dispatcher for {other}", c.name),
    };
    Ok(out.into())
}

#[test]
fn binary_ops_broadcast_and_promote_as_pytorch() {
    check_topic("broadcast", &["binary", "binary_alpha"], run);
}

#[test]
fn inplace_ops_keep_their_shape_and_dtype() {
    check_topic("broadcast", &["binary_"], run);
}

#[test]
fn where_and_masked_fill_match_pytorch() {
    check_topic("broadcast", &["where", "masked_fill"], run);
}

#[test]
fn tolerant_comparisons_match_pytorch() {
    check_topic(
        "broadcast",
        &["isclose", "allclose", "equal", "contains"],
        run,
    );
}

#[test]
fn composite_pointwise_ops_match_pytorch() {
    check_topic(
        "broadcast",
        &["lerp", "round", "div_trunc", "logical", "logical_not"],
        run,
    );
}

#[test]
fn products_match_pytorch() {
    check_topic("broadcast", &["outer", "dot", "mv", "addmm"], run);
}

/// The broadcast failure of a binary op names the op and both shapes, and still prints PyTorch's text.
#[test]
fn broadcast_error_carries_the_op_and_shapes() {
    let a = Tensor::zeros(&[2, 3, 4], transformer_tutor::tensor::DType::Float32).unwrap();
    let b = Tensor::zeros(&[5, 4], transformer_tutor::tensor::DType::Float32).unwrap();
    let err = binary(BinaryOp::Mul, Operand::Tensor(&a), Operand::Tensor(&b)).unwrap_err();
    assert_eq!(
        err,
        transformer_tutor::tensor::TensorError::BinaryBroadcast {
            op: BinaryOp::Mul,
            lhs: vec![2, 3, 4],
            rhs: vec![5, 4],
            a: 3,
            b: 5,
            dim: 1,
        }
    );
    assert_eq!(err.python_type(), "RuntimeError");
    let err = binary_inplace(BinaryOp::Add, &b, Operand::Tensor(&a)).unwrap_err();
    assert!(matches!(
        err,
        transformer_tutor::tensor::TensorError::BinaryBroadcast {
            op: BinaryOp::Add,
            ..
        }
    ));
}
