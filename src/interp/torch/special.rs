//! `torch.special`: the names that are aliases of `torch` functions in PyTorch (`expit` is `sigmoid`,
//! `gammaln` is `lgamma`, `psi` is `digamma`, ...) are the same built-ins here, and `entr` and `ndtr`
//! are computed as ATen computes them (`entr`'s kernel with the C library's `log`; `ndtr` composed of
//! `x * M_SQRT1_2`, `erf`, `1 + ...` and `* 0.5`, as `special_ndtr` composes it).

use std::collections::HashMap;
use std::rc::Rc;

use super::autograd;
use crate::interp::Interpreter;
use crate::interp::builtins::builtin_with;
use crate::interp::error::{ExcKind, PyResult, exc};
use crate::interp::value::{Args, Module, Value};
use crate::tensor::ops::elementwise::{
    BinaryOp, Operand, UnaryOp, binary, follow_inputs, map, unary,
};
use crate::tensor::{DType, Scalar, Tensor};

/// `torch.special` names that PyTorch binds to the `torch` function of the other name.
const ALIASES: &[(&str, &str)] = &[
    ("expit", "sigmoid"),
    ("logit", "logit"),
    ("erf", "erf"),
    ("erfc", "erfc"),
    ("erfinv", "erfinv"),
    ("exp2", "exp2"),
    ("expm1", "expm1"),
    ("log1p", "log1p"),
    ("gammaln", "lgamma"),
    ("digamma", "digamma"),
    ("psi", "digamma"),
    ("polygamma", "polygamma"),
    ("multigammaln", "mvlgamma"),
    ("i0", "i0"),
    ("sinc", "sinc"),
    ("softmax", "softmax"),
    ("log_softmax", "log_softmax"),
    ("logsumexp", "logsumexp"),
    ("xlogy", "xlogy"),
    ("gammainc", "igamma"),
    ("gammaincc", "igammac"),
];

pub(super) fn install(interp: &mut Interpreter, torch: &HashMap<&'static str, Value>) -> Value {
    let mut attrs: HashMap<&'static str, Value> = ALIASES
        .iter()
        .filter_map(|(name, target)| torch.get(target).map(|v| (*name, v.clone())))
        .collect();
    // `special_round` always passes `decimals` (0 by default), so integers meet round's float kernel.
    if let Some(round) = torch.get("round").cloned() {
        attrs.insert(
            "round",
            builtin_with("round", move |i, mut a| {
                if !a.kw.iter().any(|(k, _)| &**k == "decimals") {
                    a.kw.push((Rc::from("decimals"), Value::int(0)));
                }
                i.call_value(round.clone(), a)
            }),
        );
    }
    attrs.insert(
        "entr",
        builtin_with("entr", |i, a| unary_call(i, a, "entr")),
    );
    attrs.insert(
        "ndtr",
        builtin_with("ndtr", |i, a| unary_call(i, a, "ndtr")),
    );
    let module = Value::Module(Rc::new(Module {
        name: "torch.special",
        attrs,
    }));
    interp.modules.insert("torch.special", module.clone());
    module
}

/// `special_entr(input)` / `special_ndtr(input)`: one tensor argument (positional or `input=`).
fn unary_call(interp: &mut Interpreter, args: Args, name: &'static str) -> PyResult<Value> {
    let arg = match (args.pos.as_slice(), args.kw.as_slice()) {
        ([x], []) => x.clone(),
        ([], [(k, x)]) if &**k == "input" => x.clone(),
        _ => {
            return Err(exc(
                ExcKind::TypeError,
                format!(
                    "special_{name}() takes 1 positional argument but {} were given",
                    args.pos.len() + args.kw.len()
                ),
            ));
        }
    };
    let Value::Tensor(x) = arg else {
        return Err(exc(
            ExcKind::TypeError,
            format!(
                "special_{name}(): argument 'input' (position 1) must be Tensor, not {}",
                arg.type_name()
            ),
        ));
    };
    let (result, node) = match name {
        "entr" => (entr(&x)?, "SpecialEntrBackward0"),
        _ => (ndtr(&x)?, "MulBackward1"),
    };
    let v = Value::Tensor(result);
    Ok(if autograd::recording_tensors(interp, &[&x]) {
        autograd::mark(v, node)
    } else {
        v
    })
}

/// ATen's `entr` kernel: NaN stays, `-x * log(x)` above 0, 0 at 0, `-inf` below (integers and bools
/// promoted to the default float; half types round `log` to their type before the product).
fn entr(x: &Tensor) -> crate::tensor::Result<Tensor> {
    let x = if x.dtype().is_floating_point() {
        x.clone()
    } else {
        x.to_dtype(DType::default_for(crate::tensor::dtype::Category::Float))
    };
    let out = match x.dtype() {
        DType::Float64 => map::<f64, f64>(&x, |v| entr_value(v, |l| l)),
        DType::Float32 => map::<f32, f32>(&x, |v| entr_value(v, |l| l)),
        DType::Float16 => map::<half::f16, half::f16>(&x, |v| {
            half::f16::from_f32(entr_value(v.to_f32(), |l| half::f16::from_f32(l).to_f32()))
        }),
        _ => map::<half::bf16, half::bf16>(&x, |v| {
            half::bf16::from_f32(entr_value(v.to_f32(), |l| half::bf16::from_f32(l).to_f32()))
        }),
    }?;
    // TensorIterator lays the result out as the input (a transposed input gives a transposed result).
    Ok(follow_inputs(out, &[&Operand::Tensor(&x)]))
}

/// One element of `entr`; `round_log` rounds `log(v)` to the tensor's type (half types compute in
/// float and round the log before the product, the caller rounds the result).
fn entr_value<F: num_traits::Float>(v: F, round_log: impl Fn(F) -> F) -> F {
    if v.is_nan() {
        v
    } else if v > F::zero() {
        -v * round_log(v.ln())
    } else if v == F::zero() {
        F::zero()
    } else {
        F::neg_infinity()
    }
}

/// `special_ndtr`: `(1 + erf(x * M_SQRT1_2)) * 0.5`, op by op.
fn ndtr(x: &Tensor) -> crate::tensor::Result<Tensor> {
    let scaled = binary(
        BinaryOp::Mul,
        Operand::Tensor(x),
        Operand::Scalar(Scalar::Float(std::f64::consts::FRAC_1_SQRT_2)),
    )?;
    let e = unary(UnaryOp::Erf, &scaled)?;
    let sum = binary(
        BinaryOp::Add,
        Operand::Tensor(&e),
        Operand::Scalar(Scalar::Int(1)),
    )?;
    binary(
        BinaryOp::Mul,
        Operand::Tensor(&sum),
        Operand::Scalar(Scalar::Float(0.5)),
    )
}
