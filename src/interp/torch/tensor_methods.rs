//! `Tensor` attributes and methods. `torch.f(t, ...)` forwards here when `t.f(...)` means the same.

use crate::interp::torch::state::state;
use std::rc::Rc;

use crate::tensor::ops::elementwise::{
    self, binary, binary_inplace, clamp, masked_fill, masked_fill_inplace, unary,
};
use crate::tensor::ops::{gather, init, matmul, pointwise, reduce, reorder, sort};
use crate::tensor::{BinaryOp, DType, Operand, Scalar, SplitSizes, Tensor, UnaryOp};

use super::args::{Params, value_to_scalar};
use super::scalar_to_value;
use crate::interp::Interpreter;
use crate::interp::error::{PyResult, exc, type_error};
use crate::interp::value::{Args, Value};

const PROPERTIES: &[&str] = &[
    "shape",
    "dtype",
    "T",
    "mT",
    "data",
    "ndim",
    "requires_grad",
    "device",
    "grad",
    "is_leaf",
    "itemsize",
    "grad_fn",
];

pub(crate) const METHODS: &[&str] = &[
    "size",
    "dim",
    "ndimension",
    "numel",
    "nelement",
    "element_size",
    "stride",
    "storage_offset",
    "is_contiguous",
    "contiguous",
    "clone",
    "detach",
    "item",
    "tolist",
    "view",
    "view_as",
    "reshape",
    "reshape_as",
    "expand",
    "expand_as",
    "flatten",
    "squeeze",
    "unsqueeze",
    "transpose",
    "permute",
    "t",
    "float",
    "long",
    "int",
    "bool",
    "double",
    "half",
    "to",
    "type",
    "add",
    "sub",
    "mul",
    "div",
    "true_divide",
    "floor_divide",
    "remainder",
    "pow",
    "matmul",
    "mm",
    "bmm",
    "neg",
    "abs",
    "exp",
    "log",
    "log2",
    "sqrt",
    "rsqrt",
    "sin",
    "cos",
    "tanh",
    "sigmoid",
    "relu",
    "gelu",
    "clamp",
    "clip",
    "floor",
    "ceil",
    "round",
    "trunc",
    "sign",
    "square",
    "reciprocal",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "logical_and",
    "logical_or",
    "logical_not",
    "logical_xor",
    "bitwise_and",
    "bitwise_or",
    "bitwise_not",
    "masked_fill",
    "masked_fill_",
    "tril",
    "triu",
    "add_",
    "sub_",
    "mul_",
    "div_",
    "pow_",
    "fill_",
    "zero_",
    "copy_",
    "uniform_",
    "normal_",
    "clamp_",
    "relu_",
    "exp_",
    "neg_",
    "sum",
    "mean",
    "std",
    "var",
    "max",
    "min",
    "argmax",
    "argmin",
    "all",
    "any",
    "prod",
    "softmax",
    "log_softmax",
    "split",
    "chunk",
    "repeat",
    "equal",
    "allclose",
    "isnan",
    "isinf",
    "isfinite",
    "maximum",
    "minimum",
    "where",
    "nonzero",
    "masked_select",
    "index_select",
    "gather",
    "unbind",
    "narrow",
    "numpy",
    "cpu",
    "cuda",
    "requires_grad_",
    "new_zeros",
    "new_ones",
    "new_full",
    "new_tensor",
    "fmod",
    "data_ptr",
    "untyped_storage",
    "tile",
    "cumsum",
    "topk",
    "sort",
    "argsort",
    "norm",
    "unflatten",
    "movedim",
    "swapaxes",
    "sqrt_",
    "abs_",
    "squeeze_",
    "unsqueeze_",
    "addmm",
    "exp2",
    "silu",
    "mT",
    "outer",
    "dot",
    "is_floating_point",
    "clamp_min",
    "clamp_max",
    "lerp",
    "diag",
];

pub(crate) fn tensor_attr(
    interp: &mut Interpreter,
    t: &Tensor,
    name: &str,
    obj: &Value,
) -> PyResult<Value> {
    if PROPERTIES.contains(&name) {
        return Ok(match name {
            "shape" => Value::Size(Rc::new(t.shape().to_vec())),
            "dtype" => Value::DType(t.dtype()),
            "T" => {
                let n = t.ndim() as i64;
                let dims: Vec<i64> = (0..n).rev().collect();
                if n > 2 {
                    interp.warnings.push(
                        "UserWarning: The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated".into(),
                    );
                }
                Value::Tensor(t.permute(&dims)?.detach())
            }
            "mT" => Value::Tensor(t.mt()?.detach()),
            "data" => Value::Tensor(t.detach()),
            "ndim" => Value::Int(t.ndim() as i64),
            "requires_grad" => Value::Bool(t.requires_grad()),
            "is_leaf" => Value::Bool(t.grad_fn().is_none()),
            "device" => Value::str("cpu"),
            "grad" => Value::None,
            "grad_fn" => match t.grad_fn() {
                Some(name) => super::nn::named_tuple(interp, name, vec![]),
                None => Value::None,
            },
            "itemsize" => Value::Int(t.dtype().size_in_bytes() as i64),
            _ => Value::None,
        });
    }
    if METHODS.contains(&name) || super::tensor_extra::EXTRA_METHODS.contains(&name) {
        return Ok(Value::NativeMethod(Rc::new((obj.clone(), Rc::from(name)))));
    }
    Err(exc(
        "AttributeError",
        format!("'Tensor' object has no attribute '{name}'"),
    ))
}

pub(crate) fn tensor_setattr(
    _interp: &mut Interpreter,
    t: &Tensor,
    name: &str,
    value: Value,
) -> PyResult<()> {
    match (name, &value) {
        ("data", Value::Tensor(src)) => {
            if src.shape() == t.shape() {
                t.copy_from(src)?;
                Ok(())
            } else {
                Err(exc(
                    "RuntimeError",
                    "the tutor can only replace .data with a tensor of the same shape",
                ))
            }
        }
        ("requires_grad", Value::Bool(_)) => Ok(()),
        _ => Err(exc(
            "AttributeError",
            format!("attribute '{name}' of 'torch._C.TensorBase' objects is not writable"),
        )),
    }
}

fn t(v: Tensor) -> PyResult<Value> {
    Ok(Value::Tensor(v))
}

fn other_operand<'a>(
    p: &'a Params,
    i: usize,
    name: &str,
    holder: &'a mut Option<Tensor>,
) -> PyResult<Operand<'a>> {
    match p.get(i, name) {
        Some(Value::Tensor(x)) => {
            *holder = Some(x);
            Ok(Operand::Tensor(
                holder.as_ref().ok_or_else(|| type_error("internal"))?,
            ))
        }
        Some(v) => value_to_scalar(&v).map(Operand::Scalar).ok_or_else(|| {
            type_error(format!(
                "{}(): argument 'other' must be Tensor or Number, not {}",
                p.func,
                v.type_name()
            ))
        }),
        None => Err(type_error(format!(
            "{}() missing required argument 'other'",
            p.func
        ))),
    }
}

fn binary_method(p: &Params, this: &Tensor, kind: BinaryOp) -> PyResult<Value> {
    let mut holder = None;
    let b = other_operand(p, 0, "other", &mut holder)?;
    // add/sub with alpha: other * alpha
    let alpha = p.scalar_opt(usize::MAX, "alpha")?;
    t(pointwise::binary_alpha(kind, this, b, alpha)?)
}

fn inplace_method(p: &Params, this: &Tensor, kind: BinaryOp) -> PyResult<Value> {
    let mut holder = None;
    let b = other_operand(p, 0, "other", &mut holder)?;
    binary_inplace(kind, this, b)?;
    Ok(Value::Tensor(this.clone()))
}

pub(crate) fn dtype_of_method(name: &str) -> Option<DType> {
    Some(match name {
        "float" => DType::Float32,
        "long" => DType::Int64,
        "int" => DType::Int32,
        "bool" => DType::Bool,
        _ => return None,
    })
}

fn reduce_args(p: &Params) -> PyResult<(Option<Vec<i64>>, bool)> {
    Ok((p.dims(0, "dim")?, p.bool_or(1, "keepdim", false)?))
}

fn return_types(interp: &mut Interpreter, name: &str, values: Tensor, indices: Tensor) -> Value {
    super::nn::named_tuple(
        interp,
        name,
        vec![
            ("values", Value::Tensor(values)),
            ("indices", Value::Tensor(indices)),
        ],
    )
}

pub(crate) fn tensor_method(
    interp: &mut Interpreter,
    this: Tensor,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let mut inputs: Vec<&Value> = args.pos.iter().collect();
    inputs.extend(args.kw.iter().map(|(_, v)| v));
    let this_value = Value::Tensor(this.clone());
    inputs.push(&this_value);
    let record = super::autograd::recording(interp, &inputs);
    let has_dim = args
        .pos
        .iter()
        .any(|v| !matches!(v, Value::Tensor(_) | Value::Bool(_)))
        || args.kw.iter().any(|(k, _)| &**k == "dim");
    let result = tensor_method_inner(interp, this.clone(), name, args)?;
    if name == "detach" {
        return Ok(result);
    }
    if !record {
        return Ok(super::autograd::mark_no_grad_view(interp, &this, result));
    }
    if let Some(node) = super::autograd::method_node(name, &this, &result, has_dim) {
        return Ok(super::autograd::mark(result, node));
    }
    Ok(result)
}

fn tensor_method_inner(
    interp: &mut Interpreter,
    this: Tensor,
    name: &str,
    args: Args,
) -> PyResult<Value> {
    let p = Params::new(name, args);
    let x = &this;
    match name {
        "size" => match p.int_opt(0, "dim")? {
            Some(d) => {
                let d = crate::tensor::layout::wrap_dim(d, x.ndim())?;
                Ok(Value::Int(x.shape().get(d).copied().unwrap_or(1) as i64))
            }
            None => Ok(Value::Size(Rc::new(x.shape().to_vec()))),
        },
        "dim" | "ndimension" => Ok(Value::Int(x.ndim() as i64)),
        "numel" | "nelement" => Ok(Value::Int(x.numel() as i64)),
        "element_size" => Ok(Value::Int(x.dtype().size_in_bytes() as i64)),
        "is_floating_point" => Ok(Value::Bool(x.dtype().is_floating_point())),
        "stride" => match p.int_opt(0, "dim")? {
            Some(d) => {
                let d = crate::tensor::layout::wrap_dim(d, x.ndim())?;
                Ok(Value::Int(x.strides().get(d).copied().unwrap_or(1) as i64))
            }
            None => Ok(Value::tuple(
                x.strides().iter().map(|&s| Value::Int(s as i64)).collect(),
            )),
        },
        "storage_offset" => Ok(Value::Int(x.storage_offset() as i64)),
        "data_ptr" => Ok(Value::Int(
            (x.storage_id() + x.storage_offset() * x.dtype().size_in_bytes()) as i64,
        )),
        "is_contiguous" => Ok(Value::Bool(x.is_contiguous())),
        "contiguous" => t(x.contiguous()),
        "clone" => t(x.deep_copy()),
        "detach" => t(x.detach()),
        "cpu" | "cuda" => Ok(Value::Tensor(x.clone())),
        "requires_grad_" => {
            x.set_requires_grad(p.bool_or(0, "requires_grad", true)?);
            Ok(Value::Tensor(x.clone()))
        }
        "numpy" => Err(exc(
            "RuntimeError",
            "the tutor has no NumPy: use .tolist() to see the values as Python lists",
        )),
        "item" => Ok(scalar_to_value(x.item()?)),
        "tolist" => Ok(tolist(x)),
        "view" => {
            if let Some(Value::DType(_)) = p.get(0, "dtype") {
                return Err(exc(
                    "RuntimeError",
                    "view(dtype) is not supported by the tutor",
                ));
            }
            t(x.view(&p.int_list(0, "size")?)?)
        }
        "reshape" => t(x.reshape(&p.int_list(0, "shape")?)?),
        "view_as" | "reshape_as" | "expand_as" => {
            let other = p.tensor(0, "other")?;
            let shape: Vec<i64> = other.shape().iter().map(|&d| d as i64).collect();
            t(match name {
                "view_as" => x.view(&shape)?,
                "reshape_as" => x.reshape(&shape)?,
                _ => x.expand(&shape)?,
            })
        }
        "expand" => t(x.expand(&p.int_list(0, "size")?)?),
        "flatten" => t(x.flatten(
            p.int_opt(0, "start_dim")?.unwrap_or(0),
            p.int_opt(1, "end_dim")?.unwrap_or(-1),
        )?),
        "unflatten" => {
            let d = p.int(0, "dim")?;
            let sizes = p.int_list(1, "sizes")?;
            t(reorder::unflatten(x, d, &sizes)?)
        }
        "squeeze" | "squeeze_" => t(x.squeeze(p.dims(0, "dim")?.as_deref())?),
        "unsqueeze" | "unsqueeze_" => t(x.unsqueeze(p.int(0, "dim")?)?),
        "transpose" | "swapaxes" => t(x.transpose(p.int(0, "dim0")?, p.int(1, "dim1")?)?),
        "movedim" => t(reorder::movedim(
            x,
            p.int(0, "source")?,
            p.int(1, "destination")?,
        )?),
        "permute" => t(x.permute(&p.int_list(0, "dims")?)?),
        "t" => t(x.t()?),
        "float" | "long" | "int" | "bool" => {
            t(x.to_dtype(dtype_of_method(name).unwrap_or(DType::Float32)))
        }
        "double" | "half" => Err(exc(
            "RuntimeError",
            "the tutor's engine supports float32, int64, int32 and bool tensors",
        )),
        "to" | "type" => {
            let target = p.get(0, "dtype").or_else(|| p.kw("dtype"));
            match target {
                Some(Value::DType(d)) => t(x.to_dtype(d)),
                Some(Value::Tensor(o)) => t(x.to_dtype(o.dtype())),
                Some(Value::Str(_)) | None => Ok(Value::Tensor(x.clone())),
                Some(other) => Err(type_error(format!(
                    "to() received an invalid combination of arguments - got ({})",
                    other.type_name()
                ))),
            }
        }
        "add" => binary_method(&p, x, BinaryOp::Add),
        "sub" => binary_method(&p, x, BinaryOp::Sub),
        "mul" => binary_method(&p, x, BinaryOp::Mul),
        "div" | "true_divide" => match p.kw("rounding_mode") {
            Some(Value::Str(m)) if &*m == "floor" => binary_method(&p, x, BinaryOp::FloorDiv),
            Some(Value::Str(m)) if &*m == "trunc" => {
                let mut holder = None;
                let b = other_operand(&p, 0, "other", &mut holder)?;
                t(pointwise::div_trunc(x, b)?)
            }
            _ => binary_method(&p, x, BinaryOp::Div),
        },
        "floor_divide" => binary_method(&p, x, BinaryOp::FloorDiv),
        "remainder" | "fmod" => binary_method(&p, x, BinaryOp::Rem),
        "pow" => binary_method(&p, x, BinaryOp::Pow),
        "maximum" => binary_method(&p, x, BinaryOp::Maximum),
        "minimum" => binary_method(&p, x, BinaryOp::Minimum),
        "eq" => binary_method(&p, x, BinaryOp::Eq),
        "ne" => binary_method(&p, x, BinaryOp::Ne),
        "lt" => binary_method(&p, x, BinaryOp::Lt),
        "le" => binary_method(&p, x, BinaryOp::Le),
        "gt" => binary_method(&p, x, BinaryOp::Gt),
        "ge" => binary_method(&p, x, BinaryOp::Ge),
        "bitwise_and" => binary_method(&p, x, BinaryOp::And),
        "bitwise_or" => binary_method(&p, x, BinaryOp::Or),
        "bitwise_not" => t(unary(UnaryOp::Not, x)?),
        "logical_and" | "logical_or" | "logical_xor" => {
            let o = p.tensor(0, "other")?;
            let kind = match name {
                "logical_and" => BinaryOp::And,
                "logical_or" => BinaryOp::Or,
                _ => BinaryOp::Xor,
            };
            t(pointwise::logical(kind, x, &o)?)
        }
        "logical_not" => t(pointwise::logical_not(x)?),
        "matmul" => t(x.matmul(&p.tensor(0, "other")?)?),
        "mm" => t(x.mm(&p.tensor(0, "mat2")?)?),
        "bmm" => t(x.bmm(&p.tensor(0, "mat2")?)?),
        "dot" => t(matmul::dot(x, &p.tensor(0, "other")?)?),
        "outer" => t(pointwise::outer(x, &p.tensor(0, "vec2")?)?),
        "addmm" => {
            let m1 = p.tensor(0, "mat1")?;
            let m2 = p.tensor(1, "mat2")?;
            t(matmul::addmm(x, &m1, &m2)?)
        }
        "neg" => t(unary(UnaryOp::Neg, x)?),
        "abs" => t(unary(UnaryOp::Abs, x)?),
        "exp" => t(unary(UnaryOp::Exp, x)?),
        "exp2" => t(unary(UnaryOp::Exp2, x)?),
        "log" => t(unary(UnaryOp::Log, x)?),
        "log2" => t(unary(UnaryOp::Log2, x)?),
        "sqrt" => t(unary(UnaryOp::Sqrt, x)?),
        "rsqrt" => t(unary(UnaryOp::Rsqrt, x)?),
        "sin" => t(unary(UnaryOp::Sin, x)?),
        "cos" => t(unary(UnaryOp::Cos, x)?),
        "tanh" => t(unary(UnaryOp::Tanh, x)?),
        "sigmoid" => t(unary(UnaryOp::Sigmoid, x)?),
        "silu" => t(unary(UnaryOp::Silu, x)?),
        "relu" => t(unary(UnaryOp::Relu, x)?),
        "gelu" => match p.kw("approximate") {
            Some(Value::Str(s)) if &*s == "tanh" => t(unary(UnaryOp::GeluTanh, x)?),
            _ => t(unary(UnaryOp::Gelu, x)?),
        },
        "floor" => t(unary(UnaryOp::Floor, x)?),
        "ceil" => t(unary(UnaryOp::Ceil, x)?),
        "round" => {
            let decimals = p.int_opt(usize::MAX, "decimals")?.unwrap_or(0);
            t(pointwise::round_decimals(x, decimals)?)
        }
        "trunc" => t(unary(UnaryOp::Trunc, x)?),
        "sign" => t(unary(UnaryOp::Sign, x)?),
        "square" => t(unary(UnaryOp::Square, x)?),
        "reciprocal" => t(unary(UnaryOp::Reciprocal, x)?),
        "isnan" => t(unary(UnaryOp::IsNan, x)?),
        "isinf" => t(unary(UnaryOp::IsInf, x)?),
        "isfinite" => t(unary(UnaryOp::IsFinite, x)?),
        "clamp" | "clip" => t(clamp(x, p.scalar_opt(0, "min")?, p.scalar_opt(1, "max")?)?),
        "clamp_min" => t(clamp(x, p.scalar_opt(0, "min")?, None)?),
        "clamp_max" => t(clamp(x, None, p.scalar_opt(0, "max")?)?),
        "clamp_" => {
            pointwise::clamp_inplace(x, p.scalar_opt(0, "min")?, p.scalar_opt(1, "max")?)?;
            Ok(Value::Tensor(x.clone()))
        }
        "relu_" | "exp_" | "neg_" | "sqrt_" | "abs_" => {
            let op = match name {
                "relu_" => UnaryOp::Relu,
                "exp_" => UnaryOp::Exp,
                "neg_" => UnaryOp::Neg,
                "sqrt_" => UnaryOp::Sqrt,
                _ => UnaryOp::Abs,
            };
            pointwise::unary_inplace(op, x)?;
            Ok(Value::Tensor(x.clone()))
        }
        "masked_fill" | "masked_fill_" => {
            let mask = p.tensor(0, "mask")?;
            let value = match p.get(1, "value") {
                Some(Value::Tensor(v)) if v.ndim() == 0 => v.item()?,
                Some(v) => value_to_scalar(&v).ok_or_else(|| {
                    type_error(format!("masked_fill() received an invalid combination of arguments - got (Tensor, {})", v.type_name()))
                })?,
                None => return Err(type_error("masked_fill() missing required argument 'value'")),
            };
            if name == "masked_fill_" {
                masked_fill_inplace(x, &mask, value)?;
                Ok(Value::Tensor(x.clone()))
            } else {
                t(masked_fill(x, &mask, value)?)
            }
        }
        "where" => {
            let cond = p.tensor(0, "condition")?;
            let mut holder = None;
            let other = other_operand(&p, 1, "other", &mut holder)?;
            t(elementwise::where_(&cond, Operand::Tensor(x), other)?)
        }
        "tril" => t(x.tri(p.int_opt(0, "diagonal")?.unwrap_or(0), true)?),
        "triu" => t(x.tri(p.int_opt(0, "diagonal")?.unwrap_or(0), false)?),
        "add_" => {
            if let Some(alpha) = p.scalar_opt(usize::MAX, "alpha")? {
                let mut holder = None;
                let b = other_operand(&p, 0, "other", &mut holder)?;
                pointwise::binary_alpha_inplace(BinaryOp::Add, x, b, Some(alpha))?;
                return Ok(Value::Tensor(x.clone()));
            }
            inplace_method(&p, x, BinaryOp::Add)
        }
        "sub_" => inplace_method(&p, x, BinaryOp::Sub),
        "mul_" => inplace_method(&p, x, BinaryOp::Mul),
        "div_" => inplace_method(&p, x, BinaryOp::Div),
        "pow_" => inplace_method(&p, x, BinaryOp::Pow),
        "fill_" => {
            let v = p
                .scalar_opt(0, "value")?
                .ok_or_else(|| type_error("fill_() missing required argument 'value'"))?;
            x.fill(v);
            Ok(Value::Tensor(x.clone()))
        }
        "zero_" => {
            x.fill(Scalar::Int(0));
            Ok(Value::Tensor(x.clone()))
        }
        "copy_" => {
            x.copy_from(&p.tensor(0, "src")?)?;
            Ok(Value::Tensor(x.clone()))
        }
        "uniform_" => {
            let from = p.float_opt(0, "from")?.unwrap_or(0.0);
            let to = p.float_opt(1, "to")?.unwrap_or(1.0);
            init::uniform_(x, from, to, &mut state(interp).rng)?;
            Ok(Value::Tensor(x.clone()))
        }
        "normal_" => {
            let mean = p.float_opt(0, "mean")?.unwrap_or(0.0);
            let std = p.float_opt(1, "std")?.unwrap_or(1.0);
            init::normal_(x, mean, std, &mut state(interp).rng)?;
            Ok(Value::Tensor(x.clone()))
        }
        "sum" => {
            let (dims, keep) = reduce_args(&p)?;
            t(x.sum(dims.as_deref(), keep)?)
        }
        "prod" => {
            let (dims, keep) = reduce_args(&p)?;
            t(x.prod(dims.as_deref(), keep)?)
        }
        "mean" => {
            let (dims, keep) = reduce_args(&p)?;
            t(x.mean(dims.as_deref(), keep)?)
        }
        "std" | "var" => {
            let dims = p.dims(0, "dim")?;
            // `unbiased` may be given positionally as a bool (x.std(False)) or by keyword; `correction` too.
            let mut correction = 1.0;
            if let Some(Value::Bool(b)) = p.pos.first() {
                correction = if *b { 1.0 } else { 0.0 };
            }
            let dims = if matches!(p.pos.first(), Some(Value::Bool(_))) {
                None
            } else {
                dims
            };
            if let Some(u) = p.kw("unbiased") {
                correction = if interp.truthy(&u)? { 1.0 } else { 0.0 };
            }
            if let Some(c) = p.float_opt(usize::MAX, "correction")? {
                correction = c;
            }
            let keep = match p.pos.get(2) {
                Some(Value::Bool(b)) => *b,
                _ => p.bool_or(usize::MAX, "keepdim", false)?,
            };
            if name == "std" {
                t(x.std(dims.as_deref(), correction, keep)?)
            } else {
                t(x.var(dims.as_deref(), correction, keep)?)
            }
        }
        "max" | "min" => {
            let largest = name == "max";
            match p.get(0, "dim") {
                None => t(x.max_all(largest)?),
                Some(Value::Tensor(o)) => {
                    let kind = if largest {
                        BinaryOp::Maximum
                    } else {
                        BinaryOp::Minimum
                    };
                    t(binary(kind, Operand::Tensor(x), Operand::Tensor(&o))?)
                }
                Some(_) => {
                    let d = p.int(0, "dim")?;
                    let keep = p.bool_or(1, "keepdim", false)?;
                    let (v, i) = x.max_dim(d, keep, largest)?;
                    Ok(return_types(interp, name, v, i))
                }
            }
        }
        "argmax" | "argmin" => {
            let d = p.int_opt(0, "dim")?;
            let keep = p.bool_or(1, "keepdim", false)?;
            t(x.argmax(d, keep, name == "argmax")?)
        }
        "all" | "any" => {
            let (dims, keep) = reduce_args(&p)?;
            t(x.to_dtype(DType::Bool)
                .all_any(dims.as_deref(), keep, name == "all")?)
        }
        "softmax" | "log_softmax" => {
            let d = p.int(0, "dim")?;
            t(x.softmax(d, name == "log_softmax")?)
        }
        "split" => {
            let dim = p.int_opt(1, "dim")?.unwrap_or(0);
            let sizes = match p.get(0, "split_size") {
                Some(Value::List(_) | Value::Tuple(_)) => {
                    let l = p.int_list(0, "split_size")?;
                    SplitSizes::List(l.iter().map(|&v| v.max(0) as usize).collect())
                }
                _ => SplitSizes::Each(p.int(0, "split_size")?.max(0) as usize),
            };
            Ok(Value::tuple(
                x.split(sizes, dim)?
                    .into_iter()
                    .map(Value::Tensor)
                    .collect(),
            ))
        }
        "chunk" => {
            let dim = p.int_opt(1, "dim")?.unwrap_or(0);
            Ok(Value::tuple(
                x.chunk(p.int(0, "chunks")?, dim)?
                    .into_iter()
                    .map(Value::Tensor)
                    .collect(),
            ))
        }
        "unbind" => {
            let dim = p.int_opt(0, "dim")?.unwrap_or(0);
            let parts = reorder::unbind(x, dim)?;
            Ok(Value::tuple(parts.into_iter().map(Value::Tensor).collect()))
        }
        "narrow" => t(x.narrow(p.int(0, "dim")?, p.int(1, "start")?, p.int(2, "length")?)?),
        "repeat" | "tile" => {
            let reps = p.int_list(0, "repeats")?;
            t(reorder::repeat(x, &reps)?)
        }
        "equal" => {
            let o = p.tensor(0, "other")?;
            Ok(Value::Bool(pointwise::equal(x, &o)?))
        }
        "allclose" => {
            let o = p.tensor(0, "other")?;
            let rtol = p.float_opt(1, "rtol")?.unwrap_or(1e-5);
            let atol = p.float_opt(2, "atol")?.unwrap_or(1e-8);
            Ok(Value::Bool(pointwise::allclose(x, &o, rtol, atol)?))
        }
        "nonzero" => t(gather::nonzero(x)?),
        "masked_select" => {
            let mask = p.tensor(0, "mask")?;
            t(gather::masked_select(x, &mask)?)
        }
        "index_select" => {
            let d = p.int(0, "dim")?;
            let idx = p.tensor(1, "index")?;
            t(gather::index_select(x, d, &idx)?)
        }
        "cumsum" => t(reduce::cumsum(x, p.int(0, "dim")?)?),
        "new_zeros" | "new_ones" => {
            let shape = p.shape(0, "size")?;
            let v = if name == "new_ones" {
                Scalar::Int(1)
            } else {
                Scalar::Int(0)
            };
            t(Tensor::full(
                &shape,
                v,
                p.dtype_opt("dtype")?.unwrap_or(x.dtype()),
            )?)
        }
        "new_full" => {
            let shape: Vec<usize> = match p.get(0, "size") {
                Some(v) => crate::interp::torch::functions::shape_of_value(&v)?,
                None => return Err(type_error("new_full() missing required argument 'size'")),
            };
            let v = p.scalar_opt(1, "fill_value")?.unwrap_or(Scalar::Int(0));
            t(Tensor::full(
                &shape,
                v,
                p.dtype_opt("dtype")?.unwrap_or(x.dtype()),
            )?)
        }
        "new_tensor" => {
            let v = p.get(0, "data").unwrap_or(Value::None);
            t(super::functions::tensor_from_value(
                &v,
                Some(p.dtype_opt("dtype")?.unwrap_or(x.dtype())),
            )?)
        }
        "diag" => t(reorder::diag(x)?),
        "norm" => {
            let (dims, keep) = (p.dims(1, "dim")?, p.bool_or(2, "keepdim", false)?);
            t(reduce::norm(x, dims.as_deref(), keep)?)
        }
        "topk" | "sort" | "argsort" => sort_like(interp, x, name, &p),
        "lerp" => {
            let end = p.tensor(0, "end")?;
            let w = p.scalar_opt(1, "weight")?.unwrap_or(Scalar::Float(0.5));
            t(pointwise::lerp(x, &end, w)?)
        }
        "untyped_storage" => Ok(Value::list(
            x.storage_to_vec::<f32>()
                .into_iter()
                .map(|v| Value::Float(v as f64))
                .collect(),
        )),
        "gather" => {
            let d = p.int(0, "dim")?;
            let idx = p.tensor(1, "index")?;
            t(gather::gather(x, d, &idx)?)
        }
        _ => super::tensor_extra::extra_method(interp, x, name, &p),
    }
}

pub(crate) fn tolist(x: &Tensor) -> Value {
    fn build(shape: &[usize], flat: &mut std::slice::Iter<'_, Value>) -> Value {
        match shape.split_first() {
            None => flat.next().cloned().unwrap_or(Value::None),
            Some((&n, rest)) => Value::list((0..n).map(|_| build(rest, flat)).collect()),
        }
    }
    let flat: Vec<Value> = match x.dtype() {
        DType::Float32 => x
            .to_vec::<f32>()
            .into_iter()
            .map(|v| Value::Float(v as f64))
            .collect(),
        DType::Int64 | DType::Int32 => x.to_vec::<i64>().into_iter().map(Value::Int).collect(),
        DType::Bool => x.to_vec::<bool>().into_iter().map(Value::Bool).collect(),
    };
    build(x.shape(), &mut flat.iter())
}

fn sort_like(interp: &mut Interpreter, x: &Tensor, name: &str, p: &Params) -> PyResult<Value> {
    let (k, dim, descending) = match name {
        "topk" => (
            Some(p.int(0, "k")?),
            p.int_opt(1, "dim")?.unwrap_or(-1),
            p.bool_or(2, "largest", true)?,
        ),
        _ => (
            None,
            p.int_opt(0, "dim")?.unwrap_or(-1),
            p.bool_or(1, "descending", false)?,
        ),
    };
    if name == "argsort" {
        return Ok(Value::Tensor(sort::argsort(x, dim, descending)?));
    }
    let sorted = match k {
        Some(k) => sort::topk(x, k, dim, descending)?,
        None => sort::sort(x, dim, descending)?,
    };
    Ok(super::nn::named_tuple(
        interp,
        name,
        vec![
            ("values", Value::Tensor(sorted.values)),
            ("indices", Value::Tensor(sorted.indices)),
        ],
    ))
}
